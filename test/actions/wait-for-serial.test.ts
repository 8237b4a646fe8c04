// wait-for-serial's logic in-process against the emulator, on a fake clock both share.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spec, waitForSerial } from '../../src/actions/wait-for-serial/wait-for-serial.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { COMMON_INPUTS } from '../../src/runner/run.ts';
import { readMetadata } from '../harness/runner.ts';
import {
  fakeClock,
  PROJECT,
  PROJECT_PATH,
  requestsTo,
  runLogic,
  SLUG,
  type FakeClock,
} from './gating-helpers.ts';

let emulator: Emulator;
let clock: FakeClock;
let start: number;

beforeEach(async () => {
  clock = fakeClock();
  start = clock.now();
  emulator = await startEmulator({ clock });
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo);
});
afterEach(async () => {
  await emulator.close();
});

function run(inputs: Record<string, string> = {}) {
  return runLogic(spec, waitForSerial, { emulator, clock, inputs });
}

/** A running build of `branch` that ends `runMs` from now. */
function running(branch: string, runMs: number, num?: number): number {
  const build = emulator.state.addBuild(SLUG, {
    branch,
    queuedMs: 0,
    runMs,
    queued_at: clock.now(),
    ...(num === undefined ? {} : { build_num: num }),
  });
  return build.build_num;
}

function held(branch: string, num?: number): number {
  return emulator.state.addBuild(SLUG, {
    branch,
    lifecycle: 'running',
    ...(num === undefined ? {} : { build_num: num }),
  }).build_num;
}

const runningLists = () =>
  emulator.requests.filter((r) => r.method === 'GET' && r.query['filter'] === 'running');

describe('wait-for-serial metadata', () => {
  it('reads exactly the inputs action.yml declares and sets the outputs it declares', () => {
    const meta = readMetadata('wait-for-serial');
    expect([...COMMON_INPUTS, ...spec.inputs].sort()).toEqual(Object.keys(meta.inputs ?? {}).sort());
    expect([...spec.outputs].sort()).toEqual(Object.keys(meta.outputs ?? {}).sort());
  });
});

describe('wait-for-serial', () => {
  it('goes on when nothing is running, after a second look confirms it', async () => {
    const io = await run();
    expect(io.failed).toBeUndefined();
    expect(io.outputs).toEqual({ 'waited-seconds': '5', polls: '2', 'waited-for': '[]' });
    const lists = runningLists();
    expect(lists).toHaveLength(2);
    expect(lists[0]?.path).toBe(PROJECT_PATH);
    expect(lists[0]?.query).toEqual({ filter: 'running', limit: '100', offset: '0' });
    expect((lists[1]?.time ?? 0) - (lists[0]?.time ?? 0)).toBe(5000);
    expect(io.lines.join('\n')).toMatch(
      /No build-num given: waiting until no build of octo-org\/octo-repo is running/,
    );
    expect(await io.summaryText()).toContain('No other build was running');
  });

  it('waits for a running build to finish, polling at the interval', async () => {
    const other = running('main', 100_000);
    const io = await run({ 'poll-interval-seconds': '15' });
    expect(io.failed).toBeUndefined();
    expect(io.outputs['waited-for']).toBe(`[${other}]`);
    // Looks at 0, 15, ..., 105 s (8), the build's check by number, then the confirming look 5 s later.
    expect(Number(io.outputs['waited-seconds'])).toBe(110);
    expect(io.outputs['polls']).toBe('9');
    expect(io.lines).toContain(`Build #${other} is no longer running`);
    const summary = await io.summaryText();
    const url = emulator.state.getBuild(SLUG, other)?.build_url;
    expect(summary).toContain(`Waited 1 min 50 s for [#${other}](${url}).`);
  });

  it('leaves out its own build, and with build-num waits only for older ones', async () => {
    const older = running('main', 60_000);
    const own = held('main');
    const newer = held('main');
    const io = await run({ 'build-num': String(own) });
    expect(io.failed).toBeUndefined();
    expect(io.outputs['waited-for']).toBe(`[${older}]`);
    expect(io.outputs['waited-for']).not.toContain(String(newer));
    expect(emulator.state.getBuild(SLUG, newer)?.lifecycle).toBe('running');
    expect(io.lines.join('\n')).toContain(`older than #${own} (this job's own)`);
  });

  it('two builds waiting with each other’s numbers do not deadlock', async () => {
    const a = held('main');
    const b = held('main');
    const first = await run({ 'build-num': String(a), 'wait-timeout-minutes': '1' });
    expect(first.failed).toBeUndefined();
    const second = await run({ 'build-num': String(b), 'wait-timeout-minutes': '1' });
    expect(second.failed).toMatch(new RegExp(`still running: #${a} `));
  });

  it('narrows to one branch, encoded in the path', async () => {
    held('other');
    const io = await run({ branch: 'release/1.x' });
    expect(io.failed).toBeUndefined();
    expect(runningLists()[0]?.path).toBe(`${PROJECT_PATH}/tree/release%2F1.x`);
  });

  it('does not take a build that vanished from one look for finished (a hand-over)', async () => {
    const other = held('main');
    let finishedAt = 0;
    clock.onSleep = () => {
      // After the first look saw it, the running list leaves it out twice while it still runs.
      if (emulator.faults.rules.length === 0) {
        emulator.faults.add({
          kind: 'status',
          status: 200,
          body: '[]',
          method: 'GET',
          path: PROJECT_PATH,
          times: 2,
        });
      }
      if (finishedAt === 0 && clock.now() - start >= 60_000) {
        emulator.state.finishBuild(SLUG, other, 'success');
        finishedAt = clock.now();
      }
    };
    const io = await run();
    expect(io.failed).toBeUndefined();
    expect(finishedAt).toBeGreaterThan(0);
    expect(clock.now()).toBeGreaterThanOrEqual(finishedAt);
    expect(io.outputs['waited-for']).toBe(`[${other}]`);
    expect(emulator.faults.fired).toBe(2);
    // The build was checked by number when it vanished, and found still running.
    expect(requestsTo(emulator, 'GET', `/${other}`).length).toBeGreaterThanOrEqual(2);
  });

  it('does not go on after one empty look when the build is between states', async () => {
    // An empty first look, then the build shows as running (it went queued → running in between).
    emulator.faults.add({ kind: 'status', status: 200, body: '[]', method: 'GET', path: PROJECT_PATH });
    const other = running('main', 40_000);
    const io = await run();
    expect(io.failed).toBeUndefined();
    expect(io.outputs['waited-for']).toBe(`[${other}]`);
    expect(Number(io.outputs['waited-seconds'])).toBeGreaterThanOrEqual(40);
  });

  it('with build-num, waits for an older build still queued (it would run after this one)', async () => {
    const queued = emulator.state.addBuild(SLUG, { branch: 'main', lifecycle: 'queued' }).build_num;
    const own = held('main');
    let released = false;
    clock.onSleep = () => {
      if (!released && clock.now() - start >= 30_000) {
        released = true;
        emulator.state.finishBuild(SLUG, queued, 'success');
      }
    };
    const io = await run({ 'build-num': String(own) });
    expect(io.failed).toBeUndefined();
    expect(released).toBe(true);
    expect(io.outputs['waited-for']).toBe(`[${queued}]`);
    expect(io.lines.join('\n')).toContain(`Waiting for build #${queued} (queued`);
  });

  it('fails at wait-timeout-minutes naming the builds still running, with their addresses', async () => {
    const a = held('main');
    const b = held('main');
    const io = await run({ 'wait-timeout-minutes': '3' });
    const url = (n: number) => emulator.state.getBuild(SLUG, n)?.build_url ?? '';
    expect(io.failed).toBe(
      `Timed out after 3 min waiting for builds of octo-org/octo-repo; still running: #${b} (${url(b)}), #${a} (${url(a)})`,
    );
    expect(io.outputs['waited-seconds']).toBe('180');
    expect(io.outputs['waited-for']).toBe(`[${a},${b}]`);
    expect(await io.summaryText()).toContain('**Timed out** after 3 min');
  });

  it('stretches the interval by a 429 Retry-After', async () => {
    const other = running('main', 50_000);
    emulator.faults.add({
      kind: 'status',
      status: 429,
      method: 'GET',
      path: PROJECT_PATH,
      headers: { 'Retry-After': '40' },
    });
    const io = await run({ 'poll-interval-seconds': '10' });
    expect(io.failed).toBeUndefined();
    const lists = runningLists();
    expect(lists[0]?.fault).toBe('status');
    expect((lists[1]?.time ?? 0) - (lists[0]?.time ?? 0)).toBeGreaterThanOrEqual(40_000);
    expect(io.outputs['waited-for']).toBe(`[${other}]`);
  });

  it('reads every page of a long running list (limit 100, then offset)', async () => {
    for (let i = 0; i < 130; i++) held('main');
    const io = await run({ 'wait-timeout-minutes': '1' });
    expect(io.failed).toMatch(/still running: #130 .*#1 \(/);
    expect(JSON.parse(io.outputs['waited-for'] ?? '[]')).toHaveLength(130);
    const [first, second] = runningLists();
    expect(first?.query).toEqual({ filter: 'running', limit: '100', offset: '0' });
    expect(second?.query).toEqual({ filter: 'running', limit: '100', offset: '100' });
  });
});

describe('wait-for-serial with cancel-older', () => {
  it('waits for a build the service refuses to cancel, says so, and does not claim it cancelled it', async () => {
    const older = running('main', 120_000);
    const own = held('main');
    emulator.faults.add({
      kind: 'status',
      status: 403,
      path: /\/cancel$/,
      body: '{"message":"Permission denied"}',
    });
    const io = await run({ 'build-num': String(own), 'cancel-older': 'true' });
    expect(io.failed).toBeUndefined();
    expect(io.warnings).toEqual([
      expect.stringMatching(new RegExp(`^Could not cancel build #${older} \\(.*403.*\\); waiting for it$`)),
    ]);
    expect(requestsTo(emulator, 'POST', `/${older}/cancel`)).toHaveLength(1);
    expect(clock.now() - start).toBeGreaterThanOrEqual(120_000);
    expect(io.outputs['waited-for']).toBe(`[${older}]`);
    expect(await io.summaryText()).not.toContain('Cancelled');
  });
});
