// The committed wait-for-serial bundle run as the runner runs it, against the emulator on the real clock.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runAction, startAction, type RunResult } from '../harness/runner.ts';
import { PROJECT, SLUG, workflowJob } from './gating-helpers.ts';
import { needs } from '../helpers/platform.ts';

let emulator: Emulator;

beforeEach(async () => {
  emulator = await startEmulator();
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo);
});
afterEach(async () => {
  await emulator.close();
});

const common = (): Record<string, string> => ({ token: emulator.token, 'base-url': emulator.baseUrl });
const serial = (inputs: Record<string, string> = {}): Promise<RunResult> =>
  runAction('wait-for-serial', { inputs: { ...common(), ...inputs } });

describe('wait-for-serial bundle', () => {
  it('waits for an older running build, not for its own or newer ones', async () => {
    const older = emulator.state.addBuild(SLUG, { branch: 'main', queuedMs: 0, runMs: 1500 }).build_num;
    const own = emulator.state.addBuild(SLUG, { branch: 'main', lifecycle: 'running' }).build_num;
    emulator.state.addBuild(SLUG, { branch: 'main', lifecycle: 'running' });
    const result = await serial({ 'build-num': String(own), 'poll-interval-seconds': '1' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['waited-for']).toBe(`[${older}]`);
    expect(Number(result.outputs['waited-seconds'])).toBeGreaterThanOrEqual(1);
    expect(Number(result.outputs['polls'])).toBeGreaterThanOrEqual(3);
    const url = emulator.state.getBuild(SLUG, older)?.build_url;
    expect(result.summary).toContain(`for [#${older}](${url}).`);
  });

  it('stops at once when cancelled, reporting what it waited for and changing nothing', async (t) => {
    needs('posix-signals')(t);
    const held = emulator.state.addBuild(SLUG, { branch: 'main', lifecycle: 'running' });
    const started = await startAction('wait-for-serial', {
      inputs: { ...common(), 'wait-timeout-minutes': '1', 'poll-interval-seconds': '1' },
    });
    await started.waitFor(/Waiting for build #1/);
    const sentAt = performance.now();
    started.child.kill('SIGTERM');
    const result = await started.done;
    expect(performance.now() - sentAt).toBeLessThan(5000);
    expect(result.code).toBe(1);
    expect(result.errors).toEqual(['::error::the step was cancelled (SIGTERM)']);
    expect(result.outputs['waited-for']).toBe(`[${held.build_num}]`);
    expect(emulator.state.getBuild(SLUG, 1)?.lifecycle).toBe('running');
    expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it.each([
    [{ 'build-num': 'latest' }, 'build-num: invalid value "latest"; allowed: a whole number ≥ 1'],
    [{ 'build-num': '0' }, 'build-num: invalid value "0"'],
    [
      { 'poll-interval-seconds': '3601' },
      'poll-interval-seconds: invalid value "3601"; allowed: a whole number from 1 to 3600',
    ],
    [
      { 'wait-timeout-minutes': '0' },
      'wait-timeout-minutes: invalid value "0"; allowed: a whole number from 1 to 50400',
    ],
    [{ 'wait-timeout-minutes': 'soon' }, 'wait-timeout-minutes: invalid value "soon"'],
    [{ branch: 'a\tb' }, 'branch: invalid value "a\\tb"'],
    [{ token: '' }, 'token: missing; a value is required'],
  ])('refuses %j before sending anything', async (inputs, message) => {
    const result = await serial(inputs);
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain(message);
    expect(emulator.requests).toHaveLength(0);
  });
});

describe('wait-for-serial bundle: what counts, and cancelling older builds', () => {
  const SHA = 'dep10ed0'.repeat(5);
  const build = (job: string, workflow: string, seed: Parameters<typeof workflowJob>[2] = {}): number =>
    emulator.state.addBuild(SLUG, workflowJob(SHA, job, { workflow, ...seed })).build_num;
  const lifecycle = (num: number): unknown => emulator.state.getBuild(SLUG, num)?.lifecycle;

  it('with workflow and job patterns, waits only for the matching builds', async () => {
    const deploy = build('deploy-web', 'deploy', { queuedMs: 0, runMs: 1500 });
    const docs = build('deploy-docs', 'deploy', { lifecycle: 'running' });
    const ci = build('deploy-web', 'ci', { lifecycle: 'running' });
    const test = build('test', 'deploy', { lifecycle: 'running' });
    const own = build('deploy-web', 'deploy', { lifecycle: 'running' });
    const result = await serial({
      'build-num': String(own),
      workflow: 'deploy',
      job: 'deploy-*\n!deploy-docs',
      'poll-interval-seconds': '1',
      'wait-timeout-minutes': '1',
    });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['waited-for']).toBe(`[${deploy}]`);
    expect(result.stdout).toContain(`Waiting for build #${deploy}`);
    for (const other of [docs, ci, test]) expect(result.stdout).not.toContain(`Waiting for build #${other} `);
    expect(result.stdout).toContain('(workflow deploy, job deploy-*, !deploy-docs)');
    expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('with cancel-older, cancels the older matching builds, running and queued, never its own or a newer one', async () => {
    const running = build('deploy', 'deploy', { lifecycle: 'running' });
    const other = build('test', 'deploy', { lifecycle: 'running' });
    const queued = build('deploy', 'deploy', { lifecycle: 'queued' });
    const own = build('deploy', 'deploy', { lifecycle: 'running' });
    const newer = build('deploy', 'deploy', { lifecycle: 'running' });
    const result = await serial({
      'build-num': String(own),
      job: 'deploy',
      'cancel-older': 'true',
      'poll-interval-seconds': '1',
      'wait-timeout-minutes': '1',
    });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    const cancels = emulator.requests.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(cancels.sort()).toEqual([running, queued].map((n) => `/project/${SLUG}/${n}/cancel`).sort());
    expect(result.stdout).toMatch(
      new RegExp(`Cancelled older build #${running} \\(job deploy of workflow deploy\\), running until now`),
    );
    expect(result.stdout).toMatch(
      new RegExp(`Cancelled older build #${queued} \\(job deploy of workflow deploy\\), queued until now`),
    );
    expect(emulator.state.getBuild(SLUG, running)?.outcome).toBe('canceled');
    expect(emulator.state.getBuild(SLUG, queued)?.outcome).toBe('canceled');
    for (const kept of [other, own, newer]) expect(lifecycle(kept)).toBe('running');
    expect(result.outputs['waited-for']).toBe(`[${running},${queued}]`);
    expect(result.summary).toMatch(/Cancelled the older builds \[#1\]\([^)]*\), \[#3\]\([^)]*\)\./);
  });

  it('refuses cancel-older without build-num, sending nothing', async () => {
    build('deploy', 'deploy', { lifecycle: 'running' });
    const result = await serial({ 'cancel-older': 'true' });
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      expect.stringMatching(
        /^::error::cancel-older: without build-num no build is older than this job's own, so "older" has no meaning; give build-num too/,
      ),
    ]);
    expect(emulator.requests).toHaveLength(0);
  });
});
