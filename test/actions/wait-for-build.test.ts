// wait-for-build's logic in-process against the emulator, on a fake clock both share: finding a commit's builds
// across pages, builds that appear late, settle, named jobs, retries, the outcome policy, polite polling. The
// bundle as the runner runs it: wait-for-build.bundle.slow.test.ts.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spec, waitForBuild } from '../../src/actions/wait-for-build/wait-for-build.ts';
import { startEmulator, type BuildSeed, type Emulator, type ProjectConfig } from '../../emulator/index.ts';
import {
  atTimes,
  fakeClock,
  PROJECT,
  PROJECT_PATH,
  requestsTo,
  runLogic,
  SLUG,
  workflowJob,
  type FakeClock,
} from './gating-helpers.ts';

const SHA = 'c0ffee1234567890abcdef1234567890abcdef12';
const OTHER = 'deadbeef00000000000000000000000000000000';
const MIN = 60_000;

let emulator: Emulator;
let clock: FakeClock;
let t0: number;

beforeEach(async () => {
  clock = fakeClock();
  t0 = clock.now();
  emulator = await startEmulator({ clock });
  project();
});
afterEach(async () => {
  await emulator.close();
});

function project(config: ProjectConfig = {}): void {
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, { defaultBranch: 'main', ...config });
}

function add(seed: BuildSeed): number {
  return emulator.state.addBuild(SLUG, seed).build_num;
}

/** A job that starts now and runs on the clock. */
function job(name: string, runMs: number, outcome: 'success' | 'failed' = 'success', more: BuildSeed = {}) {
  return add(workflowJob(SHA, name, { queuedMs: 0, runMs, finalOutcome: outcome, ...more }));
}

function run(inputs: Record<string, string>, env: NodeJS.ProcessEnv = {}) {
  return runLogic(spec, waitForBuild, { emulator, clock, inputs, env: { GITHUB_SHA: SHA, ...env } });
}

const lists = () => requestsTo(emulator, 'GET', '');
const lookups = () => requestsTo(emulator, 'GET', /\/octo-repo\/\d+$/);

interface BuildOut {
  build_num: number;
  build_url: string;
  job: string | null;
  workflow: string | null;
  status: string;
  outcome: string;
}
const buildsOut = (io: { outputs: Record<string, string> }): BuildOut[] =>
  JSON.parse(io.outputs['builds'] ?? '[]') as BuildOut[];

describe('wait-for-build finds the builds of a commit', () => {
  it("waits for every job of the commit's workflow, found behind many newer builds, across pages", async () => {
    const nums = [job('build', 2 * MIN), job('lint', 1 * MIN)];
    for (let i = 0; i < 150; i++) add({ branch: 'main', vcs_revision: OTHER, outcome: 'success' });
    const io = await run({});
    expect(io.failed).toBeUndefined();
    expect(buildsOut(io).map((b) => [b.build_num, b.job, b.outcome])).toEqual([
      [nums[0], 'build', 'success'],
      [nums[1], 'lint', 'success'],
    ]);
    expect(io.outputs['outcome']).toBe('success');
    expect(io.outputs['build-num']).toBe(String(nums[1]));
    // Two pages while the commit's builds lie under 150 newer ones, never one request per build.
    expect(lists().map((r) => r.query['offset'])).toContain('100');
    expect(lookups()).toHaveLength(0);
    expect(lists().every((r) => Number(r.query['offset']) <= 100)).toBe(true);
  });

  it('reads back only a margin past the commit, never the whole history', async () => {
    // 500 builds of other commits from two days before, then the commit's builds.
    for (let i = 0; i < 500; i++)
      add({ branch: 'main', vcs_revision: OTHER, outcome: 'success', queued_at: t0 - 48 * 60 * MIN + i });
    job('build', 0);
    const io = await run({ 'settle-seconds': '0' });
    expect(io.failed).toBeUndefined();
    expect(lists()).toHaveLength(1);
    expect(lists()[0]?.query).toMatchObject({ limit: '100', offset: '0' });
  });

  it('matches a revision prefix of 7 digits, narrowed by branch and workflow', async () => {
    const wanted = job('build', MIN);
    add(workflowJob(SHA, 'nightly', { workflow: 'nightly', outcome: 'failed' }));
    add(workflowJob(SHA, 'build', { branch: 'release', outcome: 'failed' }));
    const io = await run({
      revision: SHA.slice(0, 7).toUpperCase(),
      branch: 'main',
      workflow: 'build-test-deploy',
    });
    expect(io.failed).toBeUndefined();
    expect(buildsOut(io).map((b) => b.build_num)).toEqual([wanted]);
    expect(lists().every((r) => r.path === `${PROJECT_PATH}/tree/main`)).toBe(true);
  });

  it("takes a pull request's head commit from the event, not GITHUB_SHA's merge commit", async () => {
    const head = job('build', MIN);
    const dir = await mkdtemp(join(tmpdir(), 'wait-for-build-event-'));
    const eventPath = join(dir, 'event.json');
    await writeFile(eventPath, JSON.stringify({ pull_request: { head: { sha: SHA } } }));
    const io = await run(
      {},
      { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: eventPath, GITHUB_SHA: OTHER },
    );
    expect(io.failed).toBeUndefined();
    expect(buildsOut(io).map((b) => b.build_num)).toEqual([head]);
  });

  it('waits for builds that the service starts a while after the step began', async () => {
    atTimes(clock, [
      { at: t0 + 2 * MIN, run: () => job('build', MIN) },
      { at: t0 + 2 * MIN + 5000, run: () => job('lint', MIN) },
    ]);
    const io = await run({});
    expect(io.failed).toBeUndefined();
    expect(buildsOut(io).map((b) => b.job)).toEqual(['build', 'lint']);
    expect(
      io.lines.some((l) => /^Build #\d+ appeared: job build of workflow build-test-deploy/.test(l)),
    ).toBe(true);
    // Each look was one list request: nothing to page through.
    expect(lists().every((r) => r.query['offset'] === '0')).toBe(true);
  });

  it('fails clearly when no build of the commit appears within appear-timeout-minutes', async () => {
    add({ branch: 'main', vcs_revision: OTHER, outcome: 'success' });
    const io = await run({ 'appear-timeout-minutes': '3' });
    expect(io.failed).toBe(`No build of commit ${SHA.slice(0, 12)} appeared within 3 min`);
    expect(clock.now() - t0).toBe(3 * MIN);
    expect(io.outputs['builds']).toBe('[]');
    expect(await io.summaryText()).toContain('No build of commit');
  });
});

describe('wait-for-build waits for jobs still to come', () => {
  /** build runs a minute; test is scheduled 10 s after it ended, and fails. */
  function downstream(): void {
    const build = job('build', MIN);
    atTimes(clock, [
      {
        at: t0 + MIN + 10_000,
        run: () =>
          job('test', MIN, 'failed', {
            workflows: { ...workflowJob(SHA, 'test').workflows, upstream_job_ids: [`b${build}`] },
          }),
      },
    ]);
  }

  it('sees a downstream job that appears after its upstream ended (settle)', async () => {
    downstream();
    const io = await run({ 'settle-seconds': '30' });
    expect(buildsOut(io).map((b) => [b.job, b.outcome])).toEqual([
      ['build', 'success'],
      ['test', 'failed'],
    ]);
    expect(io.failed).toMatch(
      /^Build #2 \(job test\) of 2 builds of commit c0ffee123456 ended with outcome 'failed'/,
    );
    expect(io.outputs['outcome']).toBe('failed');
  });

  it('without settle the result counts as soon as the seen builds ended (the reason settle exists)', async () => {
    downstream();
    const io = await run({ 'settle-seconds': '0' });
    expect(io.failed).toBeUndefined();
    expect(buildsOut(io).map((b) => b.job)).toEqual(['build']);
  });

  it('waits until each named job appeared, then counts only those', async () => {
    downstream();
    add(workflowJob(SHA, 'docs', { outcome: 'failed' }));
    const io = await run({ job: 'build\ntest', 'settle-seconds': '0' });
    expect(buildsOut(io).map((b) => b.job)).toEqual(['build', 'test']);
    expect(io.failed).toMatch(/\(job test\)/);
  });

  it('fails naming a job that never appears, appear-timeout-minutes after the others ended', async () => {
    job('build', MIN);
    const io = await run({ job: 'build\ndeploy', 'appear-timeout-minutes': '2' });
    expect(io.failed).toMatch(
      /^Job 'deploy' of commit c0ffee123456, jobs build, deploy did not appear within 2 min after the other builds ended \(seen: #1 \(job build\) success\)$/,
    );
    // The build ended at 1 min, seen by the look at 1 min; 2 min later the step fails.
    expect(clock.now() - t0).toBe(3 * MIN);
    expect(io.outputs['outcome']).toBe('success');
  });

  it('counts the retry of a failed job instead of the original', async () => {
    const original = add(workflowJob(SHA, 'build', { outcome: 'failed' }));
    job('lint', MIN);
    atTimes(clock, [
      {
        at: t0 + 20_000,
        run: () => job('build', MIN, 'success', { retry_of: original, why: 'retry' }),
      },
    ]);
    const io = await run({});
    expect(io.failed).toBeUndefined();
    const out = buildsOut(io);
    expect(out.map((b) => b.job).sort()).toEqual(['build', 'lint']);
    expect(out.map((b) => b.build_num)).not.toContain(original);
    expect(io.lines.some((l) => l.includes(`a retry of #${original}`))).toBe(true);
  });
});

describe('wait-for-build outcome policy', () => {
  it('fails when a job fails, naming the build, its job and its address, with its tests annotated', async () => {
    job('build', MIN);
    const failing = job('test', 2 * MIN, 'failed');
    const io = await run({ 'settle-seconds': '0' });
    const url = emulator.state.getBuild(SLUG, failing)?.build_url ?? 'no url';
    expect(io.failed).toBe(
      `Build #${failing} (job test) of 2 builds of commit c0ffee123456 ended with outcome 'failed' (status failed): ${url}`,
    );
    expect(io.outputs['outcome']).toBe('failed');
    expect(io.outputs['failed-step']).toBe('Run tests');
    const summary = await io.summaryText();
    expect(summary).toContain('| Build | Job | Workflow | Status | Outcome | Duration |');
    expect(summary).toMatch(
      new RegExp(
        `\\| \\[#${failing}\\]\\(${url}\\) \\| test \\| build-test-deploy \\| failed \\| failed \\| 2 min \\|`,
      ),
    );
    expect(summary).toContain(`#### [Build #${failing} · test](${url}): failed`);
    expect(summary).toContain('##### Failed tests');
    expect(io.errors.length).toBeGreaterThan(0);
    // Only the build that did not succeed had its tests read.
    expect(requestsTo(emulator, 'GET', /\/tests$/).map((r) => r.path)).toEqual([
      `${PROJECT_PATH}/${failing}/tests`,
    ]);
  });

  it("lets any outcome pass with '*', reporting the worst one", async () => {
    job('build', MIN);
    job('test', MIN, 'failed');
    const io = await run({ 'allowed-outcomes': '*', 'settle-seconds': '0' });
    expect(io.failed).toBeUndefined();
    expect(io.outputs['outcome']).toBe('failed');
    expect(io.lines.join('\n')).toMatch(
      /ended with outcome 'failed', which allowed-outcomes \(any outcome\) lets pass/,
    );
  });

  it('passes outcomes listed one a line or comma-separated', async () => {
    job('build', MIN);
    add(workflowJob(SHA, 'docs', { outcome: 'no_tests' }));
    const io = await run({ 'allowed-outcomes': 'success, no_tests', 'settle-seconds': '0' });
    expect(io.failed).toBeUndefined();
    expect(io.outputs['outcome']).toBe('no_tests');
  });

  it('follows one build by number with build-num', async () => {
    const num = job('build', 3 * MIN, 'failed');
    add(workflowJob(SHA, 'other', { outcome: 'success' }));
    const io = await run({ 'build-num': String(num) });
    expect(io.failed).toMatch(new RegExp(`^Build #${num} \\(job build\\) ended with outcome 'failed'`));
    expect(buildsOut(io).map((b) => b.build_num)).toEqual([num]);
    expect(lists()).toHaveLength(0);
  });
});

describe('wait-for-build polls politely', () => {
  it('follows a 10-minute workflow at 15 s looks with about 40 requests, one per look', async () => {
    job('build', 4 * MIN);
    job('lint', 2 * MIN);
    job('test', 10 * MIN);
    const io = await run({});
    expect(io.failed).toBeUndefined();
    // 10 minutes of looks every 15 s, then 30 s of settle: 41 + 2 looks.
    expect(lists().length).toBeGreaterThanOrEqual(40);
    expect(lists().length).toBeLessThanOrEqual(44);
    expect(lookups()).toHaveLength(0);
    expect(io.lines.length).toBeLessThan(30);
  });

  it('waits no sooner than Retry-After after a 429, with no extra request', async () => {
    job('build', 2 * MIN);
    emulator.faults.add({
      kind: 'status',
      status: 429,
      method: 'GET',
      path: new RegExp(`^${PROJECT_PATH}$`),
      headers: { 'Retry-After': '40' },
    });
    const io = await run({ 'settle-seconds': '0' });
    expect(io.failed).toBeUndefined();
    const gets = lists();
    expect(gets[0]?.fault).toBe('status');
    expect((gets[1]?.time ?? 0) - (gets[0]?.time ?? 0)).toBeGreaterThanOrEqual(40_000);
    // The look stretched by the 429 made the next one wait its own 15 s after it: about 2 min / 15 s + 1.
    expect(gets.length).toBeLessThanOrEqual(9);
  });

  it('gives up at wait-timeout-minutes naming the builds still running, which keep running', async () => {
    const num = job('build', 30 * MIN);
    const io = await run({ 'wait-timeout-minutes': '5' });
    expect(io.failed).toMatch(
      new RegExp(`did not end within 5 min; left running: #${num} \\(job build\\) running$`),
    );
    expect(requestsTo(emulator, 'POST', /cancel/)).toHaveLength(0);
    expect(emulator.state.getBuild(SLUG, num)?.lifecycle).toBe('running');
  });
});

describe('wait-for-build on pushes the service builds by itself', () => {
  /** build → test → deploy, a minute each; test fails on the branch `broken`. */
  function workflow(): void {
    const jobs = (failing: boolean) => [
      { name: 'build', runMs: MIN },
      { name: 'test', requires: ['build'], runMs: MIN, ...(failing && { outcome: 'failed' as const }) },
      { name: 'deploy', requires: ['test'], runMs: MIN },
    ];
    project({
      queuedMs: 1000,
      workflows: [{ name: 'build-test-deploy', jobs: jobs(false) }],
      branches: { broken: { workflows: [{ name: 'build-test-deploy', jobs: jobs(true) }] } },
    });
  }

  it('waits for each job of the workflow as it appears, and passes when all three pass', async () => {
    workflow();
    emulator.state.push(SLUG, { branch: 'main', revision: SHA, delayMs: 20_000 });
    const io = await run({ branch: 'main' });
    expect(io.failed).toBeUndefined();
    expect(buildsOut(io).map((b) => [b.job, b.outcome])).toEqual([
      ['build', 'success'],
      ['test', 'success'],
      ['deploy', 'success'],
    ]);
    expect(io.outputs['build-num']).toBe(String(buildsOut(io)[2]?.build_num));
  });

  it('fails on the failing job of a push, and a job named after it never appears', async () => {
    workflow();
    emulator.state.push(SLUG, { branch: 'broken', revision: SHA });
    let io = await run({});
    expect(io.failed).toMatch(
      /^Build #2 \(job test\) of 2 builds of commit c0ffee123456 ended with outcome 'failed'/,
    );
    io = await run({ job: 'deploy', 'appear-timeout-minutes': '1' });
    expect(io.failed).toMatch(/^Job 'deploy' of commit c0ffee123456, job deploy did not appear within 1 min/);
  });

  it('waits for a named downstream job while its upstream jobs run, longer than appear-timeout-minutes', async () => {
    workflow();
    emulator.state.push(SLUG, { branch: 'main', revision: SHA });
    const io = await run({ job: 'deploy', 'appear-timeout-minutes': '1' });
    expect(io.failed).toBeUndefined();
    expect(buildsOut(io).map((b) => b.job)).toEqual(['deploy']);
    expect(io.outputs['build-num']).toBe('3');
    expect(clock.now() - t0).toBeGreaterThan(3 * MIN);
  });

  it("shows why the push's failing job failed: its failed step and the end of its output", async () => {
    workflow();
    emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, {
      failure: {
        step: 'Type check',
        command: 'tsc --noEmit',
        output: ['checking 120 files', "src/login.ts(42,7): error TS2322: Type 'string' is not assignable."],
        exitCode: 2,
      },
    });
    emulator.state.push(SLUG, { branch: 'broken', revision: SHA });
    const io = await run({ 'failure-log-lines': '10' });
    expect(io.failed).toMatch(/\(job test\)/);
    expect(io.outputs['failed-step']).toBe('Type check');
    const fence = io.lines.findIndex((l) => l.startsWith('::stop-commands::'));
    const token = io.lines[fence]?.slice('::stop-commands::'.length);
    const shown = io.lines.slice(fence + 1, io.lines.indexOf(`::${token}::`));
    expect(shown[0]).toBe('$ tsc --noEmit');
    expect(shown.slice(-4)).toEqual([
      'checking 120 files',
      "src/login.ts(42,7): error TS2322: Type 'string' is not assignable.",
      '',
      'Exited with code exit status 2',
    ]);
    expect(io.errors[0]).toMatchObject({
      message: "src/login.ts(42,7): error TS2322: Type 'string' is not assignable.",
      properties: { title: "Build #2 failed at step 'Type check' (exit code 2)" },
    });
    const summary = await io.summaryText();
    expect(summary).toContain('**Failed step:** Type check');
    // One read of the failed build's full record for its steps: the look itself never reads builds one by one.
    expect(lookups().map((r) => r.path)).toEqual([`${PROJECT_PATH}/2`]);
  });

  it('counts the retry of the failed job, and the downstream job it lets appear', async () => {
    workflow();
    emulator.state.push(SLUG, { branch: 'broken', revision: SHA });
    emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, {
      branches: {
        broken: {
          workflows: [
            {
              name: 'build-test-deploy',
              jobs: [
                { name: 'build', runMs: MIN },
                { name: 'test', requires: ['build'], runMs: MIN },
                { name: 'deploy', requires: ['test'], runMs: MIN },
              ],
            },
          ],
        },
      },
    });
    // The failed test job is retried once it has failed (at about 2 min), and passes this time.
    atTimes(clock, [{ at: t0 + 2 * MIN + 5000, run: () => emulator.state.retryBuild(SLUG, 2) }]);
    const io = await run({ 'settle-seconds': '30' });
    expect(io.failed).toBeUndefined();
    expect(buildsOut(io).map((b) => [b.build_num, b.job, b.outcome])).toEqual([
      [1, 'build', 'success'],
      [3, 'test', 'success'],
      [4, 'deploy', 'success'],
    ]);
  });
});
