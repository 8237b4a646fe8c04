// trigger-build's logic in-process against the emulator, on a fake clock both share: waits, faults, the trigger
// recovery and the summary. The bundle as the runner runs it: trigger-build.bundle.slow.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spec, triggerBuild } from '../../src/actions/trigger-build/trigger-build.ts';
import type { TestCase } from '../../src/service/records.ts';
import { startEmulator, type Emulator, type ProjectConfig } from '../../emulator/index.ts';
import { COMMON_INPUTS } from '../../src/runner/run.ts';
import { readMetadata } from '../harness/runner.ts';
import { fakeClock, PROJECT, requestsTo, runLogic, SLUG, type FakeClock } from './gating-helpers.ts';

let emulator: Emulator;
let clock: FakeClock;

beforeEach(async () => {
  clock = fakeClock();
  emulator = await startEmulator({ clock });
});
afterEach(async () => {
  await emulator.close();
});

function project(config: ProjectConfig = {}): void {
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, config);
}

function run(inputs: Record<string, string>, transport?: Parameters<typeof runLogic>[2]['transport']) {
  return runLogic(spec, triggerBuild, {
    emulator,
    clock,
    // These follow the v1.1 trigger; the default pipeline path: trigger-pipeline.bundle.slow.test.ts.
    inputs: { 'trigger-api': 'v1.1', ...inputs },
    ...(transport === undefined ? {} : { transport }),
  });
}

const lookPath = /^\/project\/primary-host\/octo-org\/octo-repo\/\d+$/;
const looks = (): number => requestsTo(emulator, 'GET', lookPath).length;

describe('trigger-build without wait', () => {
  it('triggers one build on the workflow branch and reports it', async () => {
    project();
    const io = await run({});
    expect(io.failed).toBeUndefined();
    const [build] = emulator.state.builds(SLUG);
    expect(build?.branch).toBe('main');
    expect(io.outputs).toEqual({
      'build-num': String(build?.build_num),
      'build-url': build?.build_url,
      status: 'queued',
      lifecycle: 'queued',
      outcome: '',
      'failed-step': '',
      'pipeline-id': '',
      'pipeline-number': '',
      builds: JSON.stringify([
        {
          build_num: build?.build_num,
          build_url: build?.build_url,
          job: 'build',
          workflow: 'build',
          status: 'queued',
          outcome: null,
        },
      ]),
    });
    expect(requestsTo(emulator, 'POST', /\/tree\//)).toHaveLength(1);
    expect(looks()).toBe(0);
  });

  it('sends revision, parallel and params as the wire says', async () => {
    project({ platform: '1.0' });
    const io = await run({
      branch: 'feature/x',
      revision: 'abc1234',
      parallel: '3',
      params: 'A=1\nB=two words',
    });
    expect(io.failed).toBeUndefined();
    const [post] = requestsTo(emulator, 'POST', /\/tree\//);
    expect(post?.path).toBe('/project/primary-host/octo-org/octo-repo/tree/feature%2Fx');
    expect(post?.body).toEqual({
      revision: 'abc1234',
      parallel: 3,
      build_parameters: { A: '1', B: 'two words' },
    });
  });
});

describe('trigger-build with wait', () => {
  it('follows a 10-minute build at 15 s looks with about 40 requests', async () => {
    project({ queuedMs: 0, runMs: 10 * 60_000, outcome: 'success' });
    const io = await run({ wait: 'true' });
    expect(io.failed).toBeUndefined();
    expect(io.outputs).toMatchObject({ status: 'success', lifecycle: 'finished', outcome: 'success' });
    expect(looks()).toBeGreaterThanOrEqual(39);
    expect(looks()).toBeLessThanOrEqual(42);
    // Quiet: one line per status change and a heartbeat about once a minute, not a line per look.
    const heartbeats = io.lines.filter((l) => /still running/.test(l));
    expect(heartbeats.length).toBeGreaterThanOrEqual(8);
    expect(heartbeats.length).toBeLessThanOrEqual(11);
    expect(io.lines.length).toBeLessThan(25);
  });

  it('jitters each wait by at most a tenth of the interval', async () => {
    let n = 0;
    clock = fakeClock(undefined, () => [0, 0.999, 0.3][n++ % 3] ?? 0);
    await emulator.close();
    emulator = await startEmulator({ clock });
    project({ queuedMs: 0, runMs: 5 * 60_000 });
    const io = await run({ wait: 'true', 'poll-interval-seconds': '20' });
    expect(io.failed).toBeUndefined();
    const waits = clock.sleeps;
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(18_000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(22_000);
    expect(new Set(waits).size).toBeGreaterThan(1);
  });

  it('fails unless the outcome is success, naming the build and its address', async () => {
    project({ queuedMs: 1000, runMs: 60_000, outcome: 'failed' });
    const io = await run({ wait: 'true' });
    const [build] = emulator.state.builds(SLUG);
    expect(io.failed).toContain(`Build #${build?.build_num} finished with outcome 'failed'`);
    expect(io.failed).toContain(build?.build_url ?? 'no url');
    expect(io.outputs).toMatchObject({ status: 'failed', lifecycle: 'finished', outcome: 'failed' });
  });

  it('times out clearly at wait-timeout-minutes, leaving the build running', async () => {
    project({ queuedMs: 0, runMs: 1000, hold: true });
    const io = await run({ wait: 'true', 'wait-timeout-minutes': '2', 'poll-interval-seconds': '15' });
    const [build] = emulator.state.builds(SLUG);
    expect(io.failed).toMatch(/^Build #1 did not finish within 2 min; it was left running/);
    expect(io.failed).toContain(build?.build_url ?? 'no url');
    expect(build?.lifecycle).toBe('running');
    expect(requestsTo(emulator, 'POST', /\/cancel$/)).toHaveLength(0);
    expect(io.outputs).toMatchObject({ status: 'running', lifecycle: 'running', outcome: '' });
    // The last look is at the deadline itself, none after it.
    const last = requestsTo(emulator, 'GET', lookPath).at(-1);
    const first = emulator.requests[0];
    expect((last?.time ?? 0) - (first?.time ?? 0)).toBe(120_000);
    expect(await io.summaryText()).toContain('left it running');
  });

  it('waits no sooner than Retry-After after a 429 on a look, with no extra request', async () => {
    project({ queuedMs: 0, runMs: 60_000 });
    emulator.faults.add({
      kind: 'status',
      status: 429,
      method: 'GET',
      path: lookPath,
      headers: { 'Retry-After': '4' },
    });
    const io = await run({ wait: 'true', 'poll-interval-seconds': '1' });
    expect(io.failed).toBeUndefined();
    const gets = requestsTo(emulator, 'GET', lookPath);
    expect(gets[0]?.fault).toBe('status');
    expect((gets[1]?.time ?? 0) - (gets[0]?.time ?? 0)).toBeGreaterThanOrEqual(4000);
    // One request per look, and the retry was the look's own: about 60 looks of 1 s, plus the one 429.
    expect(gets.length).toBeLessThanOrEqual(62);
  });

  it('honours a Retry-After given as an HTTP date', async () => {
    project({ queuedMs: 0, runMs: 30_000 });
    const when = new Date(clock.now() + 20_000).toUTCString();
    emulator.faults.add({
      kind: 'status',
      status: 429,
      method: 'GET',
      path: lookPath,
      headers: { 'Retry-After': when },
    });
    const io = await run({ wait: 'true', 'poll-interval-seconds': '5' });
    expect(io.failed).toBeUndefined();
    const gets = requestsTo(emulator, 'GET', lookPath);
    expect((gets[1]?.time ?? 0) - (gets[0]?.time ?? 0)).toBeGreaterThanOrEqual(19_000);
  });

  it('fails at the deadline rather than sleep through a Retry-After that runs past it', async () => {
    project({ queuedMs: 0, runMs: 1000, hold: true });
    emulator.faults.add({
      kind: 'status',
      status: 429,
      method: 'GET',
      path: lookPath,
      headers: { 'Retry-After': '7200' },
    });
    const io = await run({ wait: 'true', 'wait-timeout-minutes': '5' });
    // It says what happened: it stopped before the time-out, because of the server's Retry-After.
    expect(io.failed).toMatch(
      /^Stopped waiting for build #1 after \d+ s, before the 5 min timeout: .*Retry-After/,
    );
    expect(clock.now() - Date.parse('2026-03-02T09:00:00Z')).toBeLessThan(5 * 60_000 + 1000);
  });

  it('retries 503, 503 on one look and goes on (three requests for that look)', async () => {
    project({ queuedMs: 0, runMs: 10_000 });
    emulator.faults.add({ kind: 'status', status: 503, method: 'GET', path: lookPath, times: 2 });
    const io = await run({ wait: 'true' });
    expect(io.failed).toBeUndefined();
    const gets = requestsTo(emulator, 'GET', lookPath);
    expect(gets.slice(0, 3).map((r) => r.fault ?? 'ok')).toEqual(['status', 'status', 'ok']);
    expect(gets).toHaveLength(3 + 1); // the first look took three requests; the second one saw it finished
  });

  it('fails at once on a 404 with the server message, after one request', async () => {
    project({ queuedMs: 0, runMs: 20_000 });
    emulator.faults.add({
      kind: 'status',
      status: 404,
      method: 'GET',
      path: lookPath,
      body: '{"message":"Build not found"}',
    });
    const io = await run({ wait: 'true' });
    expect(io.failed).toMatch(/HTTP 404: Build not found/);
    expect(requestsTo(emulator, 'GET', lookPath)).toHaveLength(1);
  });

  it('tolerates a few failed looks in a row, then gives up clearly', async () => {
    project({ queuedMs: 0, runMs: 5 * 60_000 });
    // Every attempt of three looks fails (5 attempts each), then the server recovers.
    emulator.faults.add({ kind: 'status', status: 502, method: 'GET', path: lookPath, times: 15 });
    let io = await run({ wait: 'true', 'wait-timeout-minutes': '30' });
    expect(io.failed).toBeUndefined();
    expect(io.lines.filter((l) => /^Could not look at build #1/.test(l))).toHaveLength(3);
    expect(io.outputs['outcome']).toBe('success');

    emulator.faults.add({ kind: 'status', status: 502, method: 'GET', path: lookPath, times: Infinity });
    emulator.resetRequests();
    io = await run({ wait: 'true', 'wait-timeout-minutes': '600' });
    expect(io.failed).toMatch(
      /^Gave up waiting for build #2: 6 looks in a row failed; the last: GET .* HTTP 502/,
    );
    expect(io.failed).toContain('/octo-repo/2');
    expect(requestsTo(emulator, 'GET', lookPath)).toHaveLength(6 * 5);
  });

  it('does not hang on a server that never sends headers, or stalls mid-body', async () => {
    project({ queuedMs: 0, runMs: 30_000 });
    // undici checks these timeouts on a coarse timer (about half a second), so each stall costs up to 1 s.
    const transport = { timeouts: { headersMs: 150, bodyIdleMs: 150 }, retry: { maxAttempts: 2 } };
    emulator.faults.add({ kind: 'stall-headers', method: 'GET', path: lookPath });
    emulator.faults.add({ kind: 'stall-body', method: 'GET', path: lookPath, afterBytes: 10 });
    let started = performance.now();
    let io = await run({ wait: 'true' }, transport);
    expect(io.failed).toBeUndefined();
    expect(io.outputs['outcome']).toBe('success');
    expect(requestsTo(emulator, 'GET', lookPath).map((r) => r.fault ?? 'ok')).toEqual([
      'stall-headers',
      'stall-body', // the look's second and last attempt: the look failed and the next one went on
      'ok',
      'ok',
    ]);
    expect(performance.now() - started).toBeLessThan(5000);

    emulator.faults.add({ kind: 'stall-headers', method: 'GET', path: lookPath, times: Infinity });
    started = performance.now();
    io = await run({ wait: 'true' }, { ...transport, retry: { maxAttempts: 1 } });
    expect(io.failed).toMatch(
      /6 looks in a row failed; the last: GET .* timed out: no response headers within 0.15 s/,
    );
    expect(performance.now() - started).toBeLessThan(12_000);
  });
});

describe('trigger-build outcome policy', () => {
  it("lets a failed build pass with allowed-outcomes '*', so a later step can branch on outcome", async () => {
    project({ queuedMs: 0, runMs: 30_000, outcome: 'failed' });
    const io = await run({ wait: 'true', 'allowed-outcomes': '*' });
    expect(io.failed).toBeUndefined();
    expect(io.outputs).toMatchObject({ status: 'failed', outcome: 'failed' });
    expect(io.lines.join('\n')).toMatch(
      /Build #1 finished with outcome 'failed' .*allowed-outcomes lets pass/,
    );
  });

  it('passes the outcomes listed, one a line or comma-separated, and fails the others naming them', async () => {
    project({ queuedMs: 0, runMs: 30_000, outcome: 'no_tests' });
    let io = await run({ wait: 'true', 'allowed-outcomes': 'success,\nno_tests' });
    expect(io.failed).toBeUndefined();
    expect(io.outputs['outcome']).toBe('no_tests');
    io = await run({ wait: 'true', 'allowed-outcomes': 'success, infrastructure_fail' });
    expect(io.failed).toMatch(
      /^Build #2 finished with outcome 'no_tests' \(status no_tests\); allowed: success, infrastructure_fail: http/,
    );
  });

  it('refuses an unknown outcome before triggering anything', async () => {
    project();
    const io = await run({ wait: 'true', 'allowed-outcomes': 'success, passed' });
    expect(io.failed).toMatch(/^allowed-outcomes: unknown outcome "passed"; allowed: '\*' or outcomes among/);
    expect(emulator.requests).toHaveLength(0);
  });
});

describe('trigger-build says why a build failed', () => {
  const output = [
    ...Array.from({ length: 60 }, (_, i) => `compiling module ${i}`),
    'src/a.ts(3,9): error TS2322: nope',
  ];
  // What the service prints after the step's own output.
  const tail = [...output.slice(-2), '', 'Exited with code exit status 2'];
  const failing = {
    queuedMs: 0,
    runMs: 30_000,
    outcome: 'failed' as const,
    failure: { step: 'Compile', command: 'tsc -p .', output, exitCode: 2 },
  };

  it('shows the failed step, its command and the last failure-log-lines lines of its output', async () => {
    project(failing);
    const io = await run({ wait: 'true', 'failure-log-lines': '4' });
    expect(io.failed).toMatch(/^Build #1 finished with outcome 'failed'/);
    expect(io.outputs['failed-step']).toBe('Compile');
    const fence = io.lines.findIndex((l) => l.startsWith('::stop-commands::'));
    expect(fence).toBeGreaterThan(0);
    const token = io.lines[fence]?.slice('::stop-commands::'.length);
    const end = io.lines.indexOf(`::${token}::`);
    expect(io.lines.slice(fence + 1, end)).toEqual(['$ tsc -p .', '', ...tail]);
    expect(io.errors[0]?.message).toBe('src/a.ts(3,9): error TS2322: nope');
    const summary = await io.summaryText();
    expect(summary).toContain('#### Why it failed');
    expect(summary).toContain('**Failed step:** Compile');
    expect(summary).toContain(['$ tsc -p .', '', ...tail].join('\n'));
    // The output came from the storage origin, without the credential.
    const reads = emulator.requests.filter((r) => r.origin === 'second');
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  it('with failure-log-lines 0 names the failed step and reads no output', async () => {
    project(failing);
    const io = await run({ wait: 'true', 'failure-log-lines': '0' });
    expect(io.outputs['failed-step']).toBe('Compile');
    expect(emulator.requests.filter((r) => r.origin === 'second')).toHaveLength(0);
    expect(io.lines.some((l) => l.startsWith('::stop-commands::'))).toBe(false);
  });

  it('keeps the verdict when the output cannot be read, with a warning', async () => {
    project(failing);
    emulator.faults.add({ kind: 'status', status: 500, origin: 'second', times: Infinity });
    const io = await run({ wait: 'true' });
    expect(io.failed).toMatch(/^Build #1 finished with outcome 'failed'/);
    expect(io.outputs['failed-step']).toBe('Compile');
    expect(io.warnings.join('\n')).toMatch(/Could not show the output of step 'Compile' of build #1/);
  });
});

describe('trigger-build triggers exactly once', () => {
  it('finds and reports the build after a 500 that came after the build was made', async () => {
    project({ queuedMs: 0, runMs: 10_000 });
    emulator.faults.add({ kind: 'status', status: 500, method: 'POST', path: /\/tree\//, afterEffect: true });
    const io = await run({ wait: 'true' });
    expect(requestsTo(emulator, 'POST', /\/tree\//)).toHaveLength(1);
    expect(emulator.state.builds(SLUG)).toHaveLength(1);
    expect(io.failed).toBeUndefined();
    expect(io.outputs['build-num']).toBe('1');
    expect(io.outputs['outcome']).toBe('success');
    expect(io.warnings.join('\n')).toMatch(/answer was lost .*HTTP 500.*found build #1/);
  });

  it('finds the build after a reset once the request was sent', async () => {
    project({ queuedMs: 0, runMs: 10_000 });
    emulator.state.addBuild(SLUG, { branch: 'main', outcome: 'success' });
    emulator.faults.add({ kind: 'reset', method: 'POST', path: /\/tree\//, afterEffect: true });
    const io = await run({});
    expect(requestsTo(emulator, 'POST', /\/tree\//)).toHaveLength(1);
    expect(emulator.state.builds(SLUG)).toHaveLength(2);
    expect(io.outputs['build-num']).toBe('2');
  });

  it('says a build may have started when none can be found, and triggers no other', async () => {
    project();
    emulator.faults.add({ kind: 'status', status: 502, method: 'POST', path: /\/tree\// });
    const io = await run({ wait: 'true' });
    expect(requestsTo(emulator, 'POST', /\/tree\//)).toHaveLength(1);
    expect(io.failed).toMatch(/HTTP 502.*a build may have started on branch 'main'/);
    expect(io.outputs).toEqual({});
  });

  it('repeats the POST after a 429 (the service did not act on it), and makes one build', async () => {
    project();
    emulator.faults.add({
      kind: 'status',
      status: 429,
      method: 'POST',
      path: /\/tree\//,
      headers: { 'Retry-After': '3' },
    });
    const io = await run({});
    expect(io.failed).toBeUndefined();
    const posts = requestsTo(emulator, 'POST', /\/tree\//);
    expect(posts).toHaveLength(2);
    expect((posts[1]?.time ?? 0) - (posts[0]?.time ?? 0)).toBeGreaterThanOrEqual(3000);
    expect(emulator.state.builds(SLUG)).toHaveLength(1);
  });
});

describe('trigger-build triggers exactly once, after a timeout', () => {
  it('finds the build when the answer to the POST never came', async () => {
    project({ queuedMs: 0, runMs: 10_000 });
    emulator.faults.add({ kind: 'stall-headers', method: 'POST', path: /\/tree\//, afterEffect: true });
    const io = await run({}, { timeouts: { headersMs: 200 } });
    expect(requestsTo(emulator, 'POST', /\/tree\//)).toHaveLength(1);
    expect(emulator.state.builds(SLUG)).toHaveLength(1);
    expect(io.failed).toBeUndefined();
    expect(io.outputs['build-num']).toBe('1');
    expect(io.warnings.join('\n')).toMatch(/timed out: no response headers.*found build #1/);
  });
});

describe('trigger-build metadata', () => {
  it('reads exactly the inputs action.yml declares and sets the outputs it declares', () => {
    const meta = readMetadata('trigger-build');
    expect([...COMMON_INPUTS, ...spec.inputs].sort()).toEqual(Object.keys(meta.inputs ?? {}).sort());
    expect([...spec.outputs].sort()).toEqual(Object.keys(meta.outputs ?? {}).sort());
  });
});

describe('trigger-build summary and annotations', () => {
  const failing = (n: number, file: string | null, message: string): TestCase => ({
    classname: 'test.unit.widget',
    name: `widget case ${n}`,
    file,
    result: 'failure',
    run_time: 0.5,
    message,
  });

  it('shows the build, its tests by result and the failed tests, and annotates them (10 at most)', async () => {
    const tests: TestCase[] = [
      {
        classname: 'test.unit.ok',
        name: 'passes',
        file: 'test/ok.test.ts',
        result: 'success',
        run_time: 1.25,
      },
      {
        classname: 'test.unit.ok',
        name: 'skipped one',
        file: 'test/ok.test.ts',
        result: 'skipped',
        run_time: 0,
      },
      {
        classname: 'test.unit.err',
        name: 'blew up',
        file: null,
        result: 'error',
        run_time: 0.1,
        message: 'boom',
      },
      ...Array.from({ length: 12 }, (_, i) =>
        failing(
          i,
          `test/widget${i}.test.ts`,
          `expected 1 | 2 <b>bold</b>\nat test/widget${i}.test.ts:${i + 10}:3`,
        ),
      ),
    ];
    project({ queuedMs: 0, runMs: 90_000, outcome: 'failed', tests });
    const io = await run({ wait: 'true' });
    const summary = await io.summaryText();
    const [build] = emulator.state.builds(SLUG);
    expect(summary).toContain(
      `### [Build #1 · main · ${build?.vcs_revision?.slice(0, 7)}](${build?.build_url})`,
    );
    expect(summary).toContain('**Status:** failed · **Outcome:** failed · **Duration:** 1 min 30 s');
    expect(summary).toContain('| Passed | Failed | Skipped | Errors | Total | Time |');
    expect(summary).toContain('| 1 | 12 | 1 | 1 | 15 | 7.35 s |');
    expect(summary).toContain('| test.unit.err | blew up |  | boom |');
    expect(summary).toContain(
      '| test.unit.widget | widget case 0 | test/widget0.test.ts | expected 1 \\| 2 &lt;b&gt;bold&lt;/b&gt; at',
    );
    // One annotation says why the build failed (its failed step); the other nine are failed tests.
    expect(summary).toMatch(/9 failed tests are annotated on their files; 3 more with a file/);
    expect(io.errors).toHaveLength(10);
    expect(io.errors[0]?.properties?.title).toBe("Build #1 failed at step 'Run tests' (exit code 1)");
    expect(io.errors[1]).toEqual({
      message: 'test.unit.widget: expected 1 | 2 <b>bold</b>\nat test/widget0.test.ts:10:3',
      properties: { file: 'test/widget0.test.ts', startLine: 10, title: 'widget case 0' },
    });
  });

  it('caps the list of failed tests at 50 and counts the rest', async () => {
    const tests = Array.from({ length: 73 }, (_, i) => failing(i, null, 'no'));
    project({ queuedMs: 0, runMs: 1000, outcome: 'failed', tests });
    const io = await run({ wait: 'true' });
    const summary = await io.summaryText();
    expect(summary.match(/\| widget case \d+ \|/g)).toHaveLength(50);
    expect(summary).toContain('…and 23 more failed tests, not listed.');
    // The failed step's annotation only: the tests have no file to annotate.
    expect(io.errors.map((e) => e.properties?.title)).toEqual([
      "Build #1 failed at step 'Run tests' (exit code 1)",
    ]);
  });

  it('keeps a build that cannot report its tests a failed build, not a crash', async () => {
    project({ queuedMs: 0, runMs: 1000, outcome: 'failed' });
    emulator.faults.add({ kind: 'status', status: 403, method: 'GET', path: /\/tests$/ });
    const io = await run({ wait: 'true' });
    expect(io.failed).toMatch(/finished with outcome 'failed'/);
    expect(await io.summaryText()).toContain('Test results could not be read');
  });
});

describe('trigger-build with wait on a build the service skips', () => {
  /** The service skips the triggered build once it has seen it (as it does for `[ci skip]`): lifecycle not_run. */
  function skipOnFirstLook(): void {
    clock.onSleep = () => {
      const num = emulator.state.builds(SLUG)[0]?.build_num;
      const stored =
        num === undefined
          ? undefined
          : emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo).findBuild(num);
      if (stored !== undefined && stored.pin === undefined)
        stored.pin = { lifecycle: 'not_run', status: 'not_run' };
    };
  }

  it("passes with allowed-outcomes 'not_run', with the outcome not_run, and the summary says skipped", async () => {
    project({ queuedMs: 60_000, runMs: 60_000 });
    skipOnFirstLook();
    const io = await run({ wait: 'true', 'allowed-outcomes': 'success, not_run' });
    expect(io.failed).toBeUndefined();
    expect(io.outputs['outcome']).toBe('not_run');
    expect(io.outputs['lifecycle']).toBe('not_run');
    expect(await io.summaryText()).toContain('**Outcome:** skipped (not\\_run)');
  });

  it('fails by default, naming the outcome not_run', async () => {
    project({ queuedMs: 60_000, runMs: 60_000 });
    skipOnFirstLook();
    const io = await run({ wait: 'true' });
    expect(io.failed).toMatch(/^Build #1 finished with outcome 'not_run' \(status not_run\)/);
    expect(io.outputs['outcome']).toBe('not_run');
  });
});
