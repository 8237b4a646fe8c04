// Input errors of the names 1.0.0 settles, as the committed bundles give them against the emulator: one `::error::`
// line naming the input and what is allowed, exit code 1, and nothing sent.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runAction } from '../harness/runner.ts';

let emulator: Emulator;
beforeEach(async () => {
  emulator = await startEmulator();
});
afterEach(async () => {
  await emulator.close();
});

const run = (action: string, inputs: Record<string, string>) =>
  runAction(action, { inputs: { token: emulator.token, ...inputs } });

describe('base-url', () => {
  it.each([
    ['trigger-build', '/api/v3'],
    ['trigger-build', '/api/'],
    ['wait-for-build', '/api/v1'],
    ['clear-cache', '/ci/api/v3/'],
  ])(
    '%s refuses an address ending in %s, naming base-url and the forms, with nothing sent',
    async (action, path) => {
      // wait-for-build reads its own inputs first: it is given what it needs.
      const own = action === 'wait-for-build' ? { 'build-num': '1' } : {};
      const result = await run(action, { 'base-url': `${emulator.origin}${path}`, ...own });
      expect(result.code).toBe(1);
      expect(result.errors).toHaveLength(1);
      const [line] = result.errors;
      expect(line).toMatch(/^::error::base-url: /u);
      expect(line).toContain('names no API version the service has');
      expect(line).toContain("the service's root");
      expect(line).toContain('with its path prefix');
      expect(line).toContain('ending in /api/v1.1 or /api/v2');
      expect(emulator.requests).toEqual([]);
    },
  );
});

describe('if-no-artifacts', () => {
  it('refuses error, naming the allowed words, those of if-no-builds, with nothing sent', async () => {
    const result = await run('fetch-artifacts', {
      'base-url': emulator.baseUrl,
      'build-num': '1',
      'if-no-artifacts': 'error',
    });
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      `::error::if-no-artifacts: invalid value "error"; allowed: 'fail', 'warn', 'pass'`,
    ]);
    expect(emulator.requests).toEqual([]);
  });
});
