// `npm run local-action`: an action run from its sources by GitHub's local runner (@github/local-action, which
// imports the module, calls its run() and replaces @actions/core with its own), against the emulator.
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedExample, startEmulator, type Emulator } from '../emulator/index.ts';
import { ROOT } from './harness/runner.ts';

const execFileAsync = promisify(execFile);
// Each run compiles the sources afresh and asks npm where @actions/core lives: seconds, more on a busy machine.
const TIMEOUT_MS = 180_000;

let emu: Emulator;
let envFile: string;

beforeAll(async () => {
  emu = await startEmulator({ token: 'local-action-Secret-9f1c' });
  await seedExample(emu.state);
  envFile = join(await mkdtemp(join(tmpdir(), 'local-action-')), 'test.env');
  await writeFile(
    envFile,
    [
      `INPUT_TOKEN=${emu.token}`,
      `INPUT_BASE-URL=${emu.baseUrl}`,
      'GITHUB_REPOSITORY=octo-org/octo-repo',
    ].join('\n'),
  );
});
afterAll(() => emu.close());
beforeEach(() => emu.resetRequests());

async function localAction(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, ['scripts/local-action.ts', ...args], {
      cwd: ROOT,
      timeout: TIMEOUT_MS,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('npm run local-action', () => {
  it(
    'runs an action through its run(), which reports its outputs and writes the job summary',
    async () => {
      const r = await localAction('clear-cache', envFile);
      expect(r.stdout).toMatch(/'message'\s*│\s*'build dependency caches deleted'/);
      expect(r.stdout).toContain('Cleared the build cache of **octo-org/octo-repo**');
      expect(r.stdout).not.toContain('does not export a run() function');
      expect(emu.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
        'DELETE /project/primary-host/octo-org/octo-repo/build-cache',
      ]);
      expect(`${r.stdout}${r.stderr}`).not.toContain(emu.token);
      expect(r.code).toBe(0);
    },
    TIMEOUT_MS,
  );

  it(
    'takes inputs after the env file, and exits 1 with the action’s error line when the action fails',
    async () => {
      const r = await localAction('set-envvar', envFile, 'name=1-not-a-name', 'value=x');
      expect(r.stdout).toMatch(/^::error::.*name.*1-not-a-name/m);
      expect(emu.requests).toEqual([]);
      expect(r.code).toBe(1);
    },
    TIMEOUT_MS,
  );
});
