// The wait-for-build bundle on a commit the service never builds ([ci skip] on a project that makes no build for
// it, or paths filtered out): by default the step fails once appear-timeout-minutes has passed; `if-no-builds:
// pass` and `warn` let it go on, with the outcome `none`. The shortest appear time is one real minute, so the
// three runs share one minute, started together (a file of its own, so other files run meanwhile).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runAction, type RunResult } from '../harness/runner.ts';
import { PROJECT, SLUG, workflowJob } from './gating-helpers.ts';

const SHA = '0ff1ce0ff1ce0ff1ce0ff1ce0ff1ce0ff1ce0ff1';

let emulator: Emulator;
let runs: Record<'fail' | 'warn' | 'pass', RunResult>;

beforeAll(async () => {
  emulator = await startEmulator();
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, { defaultBranch: 'main' });
  // Another commit's build: the list is not empty, only the commit has none.
  emulator.state.addBuild(SLUG, workflowJob('1'.repeat(40), 'build', { outcome: 'success' }));
  const run = (ifNoBuilds: string): Promise<RunResult> =>
    runAction('wait-for-build', {
      inputs: {
        token: emulator.token,
        'base-url': emulator.baseUrl,
        'poll-interval-seconds': '10',
        'appear-timeout-minutes': '1',
        'if-no-builds': ifNoBuilds,
      },
      env: { GITHUB_SHA: SHA },
      timeoutMs: 100_000,
    });
  const [fail, warn, pass] = await Promise.all([run('fail'), run('warn'), run('pass')]);
  runs = { fail: fail!, warn: warn!, pass: pass! };
}, 120_000);
afterAll(async () => {
  await emulator.close();
});

describe('wait-for-build bundle when no build of the commit appears', () => {
  it('fails by default once the appear time has passed, naming the commit', () => {
    expect(runs.fail.code).toBe(1);
    expect(runs.fail.errors).toEqual([
      `::error::No build of commit ${SHA.slice(0, 12)} appeared within 1 min`,
    ]);
    expect(runs.fail.outputs['outcome']).toBe('');
  });

  it("passes with if-no-builds: pass, outcome 'none', and says so in the log and the summary", () => {
    expect(runs.pass.errors).toEqual([]);
    expect(runs.pass.code).toBe(0);
    expect(runs.pass.outputs['outcome']).toBe('none');
    expect(runs.pass.outputs['builds']).toBe('[]');
    expect(runs.pass.outputs['build-num']).toBe('');
    expect(runs.pass.stdout).toMatch(
      /No build of commit 0ff1ce0ff1ce appeared within 1 min; going on with outcome 'none' \(if-no-builds: pass\)/,
    );
    expect(runs.pass.stdout).not.toMatch(/^::warning/m);
    expect(runs.pass.summary).toContain('**Outcome:** none');
  });

  it('passes with if-no-builds: warn, with a warning', () => {
    expect(runs.warn.code).toBe(0);
    expect(runs.warn.outputs['outcome']).toBe('none');
    expect(runs.warn.stdout).toMatch(
      /^::warning::No build of commit 0ff1ce0ff1ce appeared within 1 min; going on/m,
    );
  });
});
