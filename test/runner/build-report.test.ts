// The failed tests of a finished build as trigger-build reports them, in-process against the emulator: server
// text in every field of an annotation is cleaned of secrets and escapes before it is cut.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spec, triggerBuild } from '../../src/actions/trigger-build/trigger-build.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { fakeClock, PROJECT, runLogic, type FakeClock } from '../actions/gating-helpers.ts';

const TOKEN = 'tok-ANNOTATE-0123456789abcdef';

let emulator: Emulator;
let clock: FakeClock;

beforeEach(async () => {
  clock = fakeClock();
  emulator = await startEmulator({ clock, token: TOKEN });
});
afterEach(async () => {
  await emulator.close();
});

describe('a failed test annotated on its file', () => {
  it('shows no part of a secret and no escape in its title, message or file, however long', async () => {
    emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, {
      queuedMs: 0,
      runMs: 1000,
      outcome: 'failed',
      tests: [
        {
          classname: 'test.unit.widget',
          // Each field long enough that its cut falls inside the token.
          name: `${'n'.repeat(190)}${TOKEN}`,
          file: `test/\u001b[31m${TOKEN}\u001b[0m/widget.test.ts`,
          result: 'failure',
          run_time: 0.5,
          message: `${'m'.repeat(1972)}${TOKEN}`,
        },
      ],
    });
    const io = await runLogic(spec, triggerBuild, {
      emulator,
      clock,
      inputs: { wait: 'true', 'trigger-api': 'v1.1' },
    });
    const annotation = io.errors.find((e) => e.properties?.file !== undefined);
    expect(annotation).toBeDefined();
    const fields = [annotation?.message, annotation?.properties?.title, annotation?.properties?.file];
    for (const field of fields) {
      expect(field).toBeTypeOf('string');
      expect(field).not.toContain(TOKEN.slice(0, 6));
      expect(field).not.toContain('\u001b');
    }
    expect(annotation?.properties?.file).toBe('test/***/widget.test.ts');
    expect(annotation?.properties?.title).toBe(`${'n'.repeat(190)}***`);
  });
});
