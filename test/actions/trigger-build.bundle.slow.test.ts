// The committed trigger-build bundle run as the runner runs it, against the emulator on the real clock: happy
// paths, bad inputs, annotations from server text, and cancellation by SIGINT/SIGTERM.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type ProjectConfig } from '../../emulator/index.ts';
import { runAction, startAction, type RunResult } from '../harness/runner.ts';
import { obeyedCommands, PROJECT, requestsTo, SLUG } from './gating-helpers.ts';
import { needs } from '../helpers/platform.ts';

let emulator: Emulator;

beforeEach(async () => {
  emulator = await startEmulator();
});
afterEach(async () => {
  await emulator.close();
});

function project(config: ProjectConfig = {}): void {
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, config);
}

const common = (): Record<string, string> => ({ token: emulator.token, 'base-url': emulator.baseUrl });
const trigger = (inputs: Record<string, string> = {}): Promise<RunResult> =>
  runAction('trigger-build', { inputs: { ...common(), ...inputs } });

describe('trigger-build bundle', () => {
  it('triggers without waiting and sets the new build as outputs', async () => {
    project();
    const result = await trigger();
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    const build = emulator.state.getBuild(SLUG, 1);
    expect(build?.branch).toBe('main');
    expect(result.outputs).toEqual({
      'build-num': '1',
      'build-url': build?.build_url,
      status: 'queued',
      lifecycle: 'queued',
      outcome: '',
      'failed-step': '',
      'pipeline-id': '',
      'pipeline-number': '',
      builds: expect.stringMatching(/^\[\{"build_num":1,/),
    });
    expect(result.summary).toContain(`### [Build #1 · main`);
    expect(result.summary).toContain('did not wait');
  });

  it('waits for a build to succeed', async () => {
    project({ queuedMs: 300, runMs: 1200, outcome: 'success' });
    const result = await trigger({ wait: 'TRUE', 'poll-interval-seconds': '1' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({
      'build-num': '1',
      status: 'success',
      lifecycle: 'finished',
      outcome: 'success',
    });
    expect(result.stdout).toMatch(/Build #1 succeeded/);
    expect(result.summary).toContain('| 3 | 0 | 0 | 0 | 3 |');
  });

  it('fails on a failed build with its address, summary and an annotation on the failed test file', async () => {
    project({ queuedMs: 0, runMs: 800, outcome: 'failed' });
    const result = await trigger({ wait: 'true', 'poll-interval-seconds': '1' });
    const url = emulator.state.getBuild(SLUG, 1)?.build_url ?? '';
    expect(result.code).toBe(1);
    expect(result.outputs).toMatchObject({ status: 'failed', lifecycle: 'finished', outcome: 'failed' });
    const failure = obeyedCommands(result.stdout).filter((l) => l.startsWith('::error::'));
    expect(failure).toEqual([`::error::Build #1 finished with outcome 'failed' (status failed): ${url}`]);
    expect(result.summary).toContain(`### [Build #1 · main`);
    expect(result.summary).toContain(`](${url})`);
    expect(result.summary).toContain('| Passed | Failed | Skipped | Errors | Total | Time |');
    expect(result.summary).toContain('| 3 | 1 | 0 | 0 | 4 |');
    expect(result.summary).toContain('client gives up after the deadline');
    // One annotation says why the build failed (its failed step), one is on the failed test's file.
    const stepAnnotation = result.errors.filter((l) => l.startsWith('::error title=Build #1 failed at step'));
    expect(stepAnnotation).toEqual([
      expect.stringMatching(/^::error title=Build #1 failed at step 'Run tests'/),
    ]);
    const annotations = result.errors.filter((l) => /^::error [^:]*file=/.test(l));
    expect(annotations).toHaveLength(1);
    expect(annotations[0]).toMatch(/^::error [^:]*file=test\/unit\/client\.test\.ts[,:]/);
    expect(annotations[0]).toMatch(/^::error [^:]*line=42[,:]/);
    expect(annotations[0]).toMatch(/^::error [^:]*title=client gives up after the deadline[,:]/);
    expect(annotations[0]).toMatch(/::test\.unit\.client: AssertionError: expected 3 to equal 2%0A/);
  });

  it("shows the failed step's command and the end of its output in the log, fenced from the runner", async () => {
    project({
      queuedMs: 0,
      runMs: 600,
      outcome: 'failed',
      failure: {
        step: 'Compile',
        command: 'tsc -p .',
        output: ['::add-mask::main', "src/a.ts(3,9): error TS2322: Type 'string' is not assignable."],
        exitCode: 2,
      },
    });
    const result = await trigger({ wait: 'true', 'poll-interval-seconds': '1' });
    expect(result.code).toBe(1);
    expect(result.outputs['failed-step']).toBe('Compile');
    const lines = result.stdout.split('\n');
    const group = lines.findIndex((l) =>
      l.startsWith("::group::✗ Build #1: step 'Compile' failed (exit code 2"),
    );
    expect(group).toBeGreaterThanOrEqual(0);
    const fence = lines.findIndex((l, i) => i > group && l.startsWith('::stop-commands::'));
    const token = lines[fence]?.slice('::stop-commands::'.length) ?? 'none';
    const end = lines.indexOf(`::${token}::`);
    expect(lines.slice(fence + 1, end)).toContain(
      "src/a.ts(3,9): error TS2322: Type 'string' is not assignable.",
    );
    expect(lines.slice(fence + 1, end)).toContain('::add-mask::main');
    expect(lines.indexOf('::add-mask::main')).toBeGreaterThan(fence);
    expect(lines.indexOf('::add-mask::main')).toBeLessThan(end);
    expect(result.errors).toContain(
      "::error title=Build #1 failed at step 'Compile' (exit code 2)::src/a.ts(3,9): error TS2322: Type 'string' is not assignable.",
    );
    expect(result.summary).toContain('**Failed step:** Compile');
  });

  it('keeps server text from issuing workflow commands', async () => {
    project({
      queuedMs: 0,
      runMs: 500,
      outcome: 'failed',
      tests: [
        {
          classname: '::warning::cls',
          name: '::error::name',
          file: 'src/a.ts',
          result: 'failure',
          message: 'first line\n::error::pwned\n::add-mask::main\n##[error]old style',
        },
      ],
    });
    const result = await trigger({ wait: 'true', 'poll-interval-seconds': '1' });
    expect(result.code).toBe(1);
    // What the runner obeys (beside the step's own masks and the failed step's log group): the test's annotation,
    // the failed step's annotation and the step's failure. The failed step's output is fenced.
    const commands = obeyedCommands(result.stdout)
      .filter((l) => !l.startsWith(`::add-mask::${emulator.token}`))
      .filter((l) => !l.startsWith('::add-mask::ZW11bGF0b3ItdG9rZW46'))
      .filter((l) => !/^::(group|endgroup)::/.test(l))
      // The service's own notice of the v1.1 trigger's sunset (one warning, from its headers).
      .filter((l) => !/^::warning::The service has deprecated POST /.test(l));
    expect(commands).toHaveLength(3);
    expect(commands[0]).toMatch(/^::error title=Build #1 failed at step 'Run tests'/);
    expect(commands[1]).toMatch(/^::error [^:]*file=src\/a\.ts[,:]/);
    expect(commands[1]).toMatch(
      /::::warning::cls: first line%0A::error::pwned%0A::add-mask::main%0A##\[error\]old style$/,
    );
    expect(commands[2]).toMatch(/^::error::Build #1 finished/);
    expect(result.stdout).not.toMatch(/^::add-mask::main/m);
    expect(result.stdout.match(/^::warning::/gm)).toHaveLength(1);
    expect(result.summary).not.toMatch(/<b>|^::/m);
  });

  it.each([
    [{ wait: 'yes' }, "wait: invalid value \"yes\"; allowed: 'true' or 'false'"],
    [{ 'cancel-on-abort': '1' }, 'cancel-on-abort: invalid value "1"'],
    [
      { 'poll-interval-seconds': '0' },
      'poll-interval-seconds: invalid value "0"; allowed: a whole number from 1 to 3600',
    ],
    [{ 'poll-interval-seconds': '1.5' }, 'poll-interval-seconds: invalid value "1.5"'],
    [
      { 'wait-timeout-minutes': '100000' },
      'wait-timeout-minutes: invalid value "100000"; allowed: a whole number from 1 to 50400',
    ],
    [{ parallel: '0' }, 'parallel: invalid value "0"'],
    [{ revision: 'abc', tag: 'v1' }, 'revision/tag: both are set'],
    [{ params: '{"A": [1]}' }, 'params: the value of "A" is an array'],
    [{ params: 'not a line' }, 'params: invalid value "not a line"'],
    [{ branch: 'ma\tin' }, 'branch: invalid value "ma\\tin"'],
    [{ 'vcs-type': 'svn' }, 'vcs-type: invalid value "svn"'],
  ])('refuses %j before sending anything', async (inputs, message) => {
    project();
    const result = await trigger(inputs);
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain(message);
    expect(emulator.requests).toHaveLength(0);
  });
});

describe('trigger-build bundle cancelled by the runner', () => {
  beforeEach(needs('posix-signals'));
  /** Starts a waiting step on a build that never ends, sends the signals once it waits, and times the exit. */
  async function cancelMidWait(signals: NodeJS.Signals[], inputs: Record<string, string> = {}) {
    project({ queuedMs: 0, runMs: 500, hold: true });
    const started = await startAction('trigger-build', {
      inputs: { ...common(), wait: 'true', 'poll-interval-seconds': '1', ...inputs },
    });
    await started.waitFor(/Waiting for build #1 to finish/);
    const sentAt = performance.now();
    for (const signal of signals) started.child.kill(signal);
    const result = await started.done;
    const exitMs = performance.now() - sentAt;
    return { result, exitMs, cancels: requestsTo(emulator, 'POST', /\/cancel$/) };
  }

  it.each([['SIGINT'], ['SIGTERM']] as const)(
    '%s mid-wait: one cancel, a non-zero exit within 5 s',
    async (signal) => {
      const { result, exitMs, cancels } = await cancelMidWait([signal]);
      console.info(
        `${signal}: exit ${result.code} after ${Math.round(exitMs)} ms, ${cancels.length} cancel request(s)`,
      );
      expect(cancels).toHaveLength(1);
      expect(cancels[0]?.path).toBe('/project/primary-host/octo-org/octo-repo/1/cancel');
      expect(result.code).toBe(1);
      expect(exitMs).toBeLessThan(5000);
      expect(emulator.state.getBuild(SLUG, 1)?.outcome).toBe('canceled');
      expect(result.errors).toEqual([`::error::the step was cancelled (${signal}); build #1 was cancelled`]);
      expect(result.outputs['build-num']).toBe('1');
      expect(result.summary).toContain('The step was cancelled: build \\#1 was cancelled.');
    },
  );

  it('SIGINT then SIGTERM at once: still exactly one cancel', async () => {
    const { result, exitMs, cancels } = await cancelMidWait(['SIGINT', 'SIGTERM']);
    expect(cancels).toHaveLength(1);
    expect(result.code).toBe(1);
    expect(exitMs).toBeLessThan(5000);
  });

  it('with cancel-on-abort false: no cancel, the build keeps running', async () => {
    const { result, exitMs, cancels } = await cancelMidWait(['SIGINT'], { 'cancel-on-abort': 'false' });
    expect(cancels).toHaveLength(0);
    expect(result.code).toBe(1);
    expect(exitMs).toBeLessThan(5000);
    expect(emulator.state.getBuild(SLUG, 1)?.lifecycle).toBe('running');
    expect(result.errors[0]).toContain('build #1 was left running (cancel-on-abort: false)');
  });

  it('exits within 5 s even when the cancel call gets no answer', async () => {
    emulator.faults.add({ kind: 'stall-headers', method: 'POST', path: /\/cancel$/, times: Infinity });
    const { result, exitMs, cancels } = await cancelMidWait(['SIGINT']);
    console.info(
      `stalled cancel: exit ${result.code} after ${Math.round(exitMs)} ms, ${cancels.length} request(s)`,
    );
    expect(result.code).toBe(1);
    expect(exitMs).toBeLessThan(5000);
    expect(result.errors[0]).toMatch(/build #1 could not be cancelled \(no answer within 4 s\)/);
    expect(result.stdout).toMatch(/::warning::Could not cancel build #1 .*cancel it by hand: http/);
  });

  // The service made the build but its answer never came: the step is cancelled with the POST in flight.
  async function cancelDuringTrigger(
    inputs: Record<string, string> = {},
  ): Promise<{ result: RunResult; exitMs: number }> {
    project({ hold: true });
    emulator.faults.add({ kind: 'stall-headers', method: 'POST', path: /\/tree\//, afterEffect: true });
    const started = await startAction('trigger-build', { inputs: { ...common(), wait: 'true', ...inputs } });
    while (requestsTo(emulator, 'POST', /\/tree\//).length === 0) await new Promise((r) => setTimeout(r, 20));
    const sentAt = performance.now();
    started.child.kill('SIGINT');
    const result = await started.done;
    return { result, exitMs: performance.now() - sentAt };
  }

  it('SIGINT while the trigger is on its way: the build it started is found and cancelled', async () => {
    const { result, exitMs } = await cancelDuringTrigger();
    expect(requestsTo(emulator, 'POST', /\/tree\//)).toHaveLength(1);
    const cancels = requestsTo(emulator, 'POST', /\/cancel$/);
    expect(cancels.map((c) => c.path)).toEqual(['/project/primary-host/octo-org/octo-repo/1/cancel']);
    expect(emulator.state.getBuild(SLUG, 1)?.outcome).toBe('canceled');
    expect(result.code).toBe(1);
    expect(exitMs).toBeLessThan(5000);
    expect(result.errors).toEqual([
      '::error::the step was cancelled (SIGINT); build #1, started as the step was cancelled, was cancelled',
    ]);
  });

  it('SIGINT while the trigger is on its way, with cancel-on-abort false: nothing is cancelled', async () => {
    const { result, exitMs } = await cancelDuringTrigger({ 'cancel-on-abort': 'false' });
    expect(requestsTo(emulator, 'POST', /\/cancel$/)).toHaveLength(0);
    expect(emulator.state.getBuild(SLUG, 1)?.outcome).toBeNull();
    expect(result.code).toBe(1);
    expect(exitMs).toBeLessThan(5000);
    expect(result.errors[0]).toContain("a build may have started on branch 'main' (cancel-on-abort: false)");
  });
});
