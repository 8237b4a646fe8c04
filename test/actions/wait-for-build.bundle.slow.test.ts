// The wait-for-build bundle run as the runner runs it, against the emulator on the real clock: a commit's
// workflow that passes, a failing job named in the one error line with its tests annotated, server text that
// cannot issue workflow commands, and SIGINT/SIGTERM mid-wait, which stop the step within 5 s cancelling nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type BuildSeed, type Emulator } from '../../emulator/index.ts';
import { runAction, startAction, type RunResult } from '../harness/runner.ts';
import { obeyedCommands, PROJECT, requestsTo, SLUG, workflowJob } from './gating-helpers.ts';
import { needs } from '../helpers/platform.ts';

const SHA = '5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed';

let emulator: Emulator;

beforeEach(async () => {
  emulator = await startEmulator();
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, { defaultBranch: 'main' });
});
afterEach(async () => {
  await emulator.close();
});

function job(name: string, seed: BuildSeed & { workflow?: string } = {}): number {
  return emulator.state.addBuild(SLUG, workflowJob(SHA, name, { queuedMs: 200, runMs: 800, ...seed }))
    .build_num;
}

const wait = (inputs: Record<string, string> = {}): Promise<RunResult> =>
  runAction('wait-for-build', {
    inputs: {
      token: emulator.token,
      'base-url': emulator.baseUrl,
      'poll-interval-seconds': '1',
      'settle-seconds': '1',
      ...inputs,
    },
    env: { GITHUB_SHA: SHA },
  });

describe('wait-for-build bundle', () => {
  it("waits for the commit's jobs and reports every one", async () => {
    const build = job('build');
    const lint = job('lint', { runMs: 1500 });
    const result = await wait();
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['outcome']).toBe('success');
    expect(result.outputs['build-num']).toBe(String(lint));
    expect(JSON.parse(result.outputs['builds'] ?? '')).toEqual([
      {
        build_num: build,
        build_url: emulator.state.getBuild(SLUG, build)?.build_url,
        job: 'build',
        workflow: 'build-test-deploy',
        status: 'success',
        outcome: 'success',
      },
      {
        build_num: lint,
        build_url: emulator.state.getBuild(SLUG, lint)?.build_url,
        job: 'lint',
        workflow: 'build-test-deploy',
        status: 'success',
        outcome: 'success',
      },
    ]);
    expect(result.stdout).toMatch(/All 2 builds of commit 5eed5eed5eed succeeded/);
    expect(result.summary).toContain('### Builds of commit 5eed5eed5eed');
    expect(result.summary).toMatch(
      /\| \[#2\]\(http[^)]*\/2\) \| lint \| build-test-deploy \| success \| success \| \d+ s \|/,
    );
  });

  it('fails on a failing job with one error line naming it, and annotates its failed test', async () => {
    job('build');
    const failing = job('test', { finalOutcome: 'failed' });
    const result = await wait();
    const url = emulator.state.getBuild(SLUG, failing)?.build_url ?? '';
    expect(result.code).toBe(1);
    expect(obeyedCommands(result.stdout).filter((l) => l.startsWith('::error::'))).toEqual([
      `::error::Build #${failing} (job test) of 2 builds of commit 5eed5eed5eed ended with outcome 'failed' (status failed): ${url}`,
    ]);
    const annotations = result.errors.filter((l) => /^::error [^:]*file=/.test(l));
    expect(annotations).toHaveLength(1);
    expect(result.errors).toContainEqual(
      expect.stringMatching(new RegExp(`^::error title=Build #${failing} failed at step 'Run tests'`)),
    );
    expect(annotations[0]).toMatch(/^::error [^:]*file=test\/unit\/client\.test\.ts[,:]/);
    expect(result.outputs['outcome']).toBe('failed');
    expect(result.summary).toContain(`#### [Build #${failing} · test](${url}): failed`);
  });

  it("shows the failing job's failed step and the end of its output in the log, fenced from the runner", async () => {
    job('build');
    job('test', {
      finalOutcome: 'failed',
      failure: {
        step: 'Type check',
        command: 'tsc --noEmit',
        output: ['::error::pwned', "src/login.ts(42,7): error TS2322: Type 'string' is not assignable."],
        exitCode: 2,
      },
    });
    const result = await wait();
    expect(result.code).toBe(1);
    expect(result.outputs['failed-step']).toBe('Type check');
    const lines = result.stdout.split('\n');
    const group = lines.findIndex((l) =>
      l.startsWith("::group::✗ Build #2: step 'Type check' failed (exit code 2"),
    );
    expect(group).toBeGreaterThanOrEqual(0);
    const fence = lines.findIndex((l, i) => i > group && l.startsWith('::stop-commands::'));
    const token = lines[fence]?.slice('::stop-commands::'.length) ?? 'none';
    const end = lines.indexOf(`::${token}::`);
    const fenced = lines.slice(fence + 1, end);
    expect(fenced).toContain("src/login.ts(42,7): error TS2322: Type 'string' is not assignable.");
    expect(fenced).toContain('::error::pwned');
    expect(result.errors).toContain(
      "::error title=Build #2 failed at step 'Type check' (exit code 2)::src/login.ts(42,7): error TS2322: Type 'string' is not assignable.",
    );
    expect(obeyedCommands(result.stdout).filter((l) => l.startsWith('::error::'))).toEqual([
      expect.stringMatching(/^::error::Build #2 \(job test\) of 2 builds/),
    ]);
    expect(result.summary).toContain('**Failed step:** Type check');
  });

  it('keeps job and workflow names from the server from issuing workflow commands', async () => {
    job('::error::pwned', { finalOutcome: 'failed', workflow: '::add-mask::main' });
    const result = await wait({ 'allowed-outcomes': '*' });
    expect(result.code).toBe(0);
    expect(result.outputs['outcome']).toBe('failed');
    const commands = obeyedCommands(result.stdout)
      .filter((l) => !l.startsWith('::add-mask::') && !/^::(group|endgroup)::/.test(l))
      .filter((l) => !/^::error [^:]*file=test\/unit\/client\.test\.ts/.test(l))
      .filter((l) => !l.startsWith("::error title=Build #1 failed at step 'Run tests'"));
    expect(commands).toEqual([]);
    expect(result.stdout).not.toMatch(/^::add-mask::main/m);
    expect(result.summary).not.toMatch(/^::/m);
  });
});

describe('wait-for-build bundle: job patterns and skipped builds', () => {
  it("counts only the jobs the patterns choose: a glob, and '!' to leave one out", async () => {
    const linux = job('test [linux]');
    job('test [macos]', { finalOutcome: 'failed' });
    job('lint', { finalOutcome: 'failed' });
    const result = await wait({ job: 'test *\n!test [macos]' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['outcome']).toBe('success');
    expect(result.outputs['build-num']).toBe(String(linux));
    expect(JSON.parse(result.outputs['builds'] ?? '').map((b: { job: string }) => b.job)).toEqual([
      'test [linux]',
    ]);
    expect(result.stdout).toMatch(
      /Build #2 appeared: job test \[macos\].*\(not counted: job does not match\)/,
    );
  });

  it('an exact name with brackets matches itself and is waited for until it appears', async () => {
    job('build');
    setTimeout(() => job('test [linux]', { finalOutcome: 'failed' }), 1500);
    const result = await wait({ job: 'test [linux]', 'allowed-outcomes': '*' });
    expect(result.code).toBe(0);
    expect(result.outputs['outcome']).toBe('failed');
    expect(JSON.parse(result.outputs['builds'] ?? '').map((b: { job: string }) => b.job)).toEqual([
      'test [linux]',
    ]);
  });

  it("lets builds the service skipped pass with allowed-outcomes 'not_run', and fails them by default", async () => {
    emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, {
      queuedMs: 100,
      runMs: 300,
      workflows: [{ name: 'ci', jobs: [{ name: 'build' }, { name: 'lint' }] }],
    });
    const { revision } = emulator.state.push(SLUG, { branch: 'main', subject: 'Update the docs [ci skip]' });
    const run = (inputs: Record<string, string>) =>
      runAction('wait-for-build', {
        inputs: {
          token: emulator.token,
          'base-url': emulator.baseUrl,
          'poll-interval-seconds': '1',
          'settle-seconds': '1',
          ...inputs,
        },
        env: { GITHUB_SHA: revision },
      });
    const allowed = await run({ 'allowed-outcomes': 'success, not_run' });
    expect(allowed.errors).toEqual([]);
    expect(allowed.code).toBe(0);
    expect(allowed.outputs['outcome']).toBe('not_run');
    expect(JSON.parse(allowed.outputs['builds'] ?? '').map((b: { outcome: string }) => b.outcome)).toEqual([
      'not_run',
      'not_run',
    ]);
    expect(allowed.summary).toContain('**Outcome:** skipped (not\\_run)');
    expect(allowed.summary).toContain('| build | ci | not\\_run | skipped (not\\_run) |');

    const refused = await run({});
    expect(refused.code).toBe(1);
    expect(refused.errors).toEqual([
      expect.stringMatching(
        /^::error::2 of 2 builds of commit .* did not pass: #1 \(job build\) outcome 'not_run': the service skipped it/,
      ),
    ]);
  });
});

describe('wait-for-build bundle cancelled by the runner', () => {
  beforeEach(needs('posix-signals'));
  it.each([['SIGINT'], ['SIGTERM']] as const)(
    '%s mid-wait: exits within 5 s and cancels nothing',
    async (signal) => {
      const num = job('build', { queuedMs: 0, hold: true });
      const started = await startAction('wait-for-build', {
        inputs: { token: emulator.token, 'base-url': emulator.baseUrl, 'poll-interval-seconds': '1' },
        env: { GITHUB_SHA: SHA },
      });
      await started.waitFor(/Build #1 appeared/);
      const sentAt = performance.now();
      started.child.kill(signal);
      const result = await started.done;
      const exitMs = performance.now() - sentAt;
      console.info(`${signal}: exit ${result.code} after ${Math.round(exitMs)} ms`);
      expect(result.code).toBe(1);
      expect(exitMs).toBeLessThan(5000);
      expect(result.errors).toEqual([`::error::the step was cancelled (${signal})`]);
      expect(requestsTo(emulator, 'POST', /./)).toHaveLength(0);
      expect(emulator.state.getBuild(SLUG, num)?.lifecycle).toBe('running');
      expect(result.summary).toContain('this action cancels nothing');
    },
  );
});
