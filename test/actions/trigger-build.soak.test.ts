// A long wait under faults: thousands of looks on a fake clock (shared with the emulator), about one answer in
// five spoilt (429, 502, reset, and now and then a stall, each of which costs a real second in undici).
import { afterEach, beforeEach, expect, it } from 'vitest';
import { spec, triggerBuild } from '../../src/actions/trigger-build/trigger-build.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import {
  fakeClock,
  handles,
  injectFaults,
  PROJECT,
  runLogic,
  seededRandom,
  type FakeClock,
  type SoakFault,
} from './gating-helpers.ts';

let emulator: Emulator;
let clock: FakeClock;

beforeEach(async () => {
  clock = fakeClock(undefined, seededRandom(7));
  emulator = await startEmulator({ clock });
});
afterEach(async () => {
  await emulator.close();
});

const ROTATION: SoakFault[] = [
  ...Array.from({ length: 8 }, (): SoakFault[] => ['429', '502', 'reset', '502', '429']).flat(),
  'stall-headers',
  'reset',
  '502',
  'stall-body',
];

it('follows an 8-hour build through a fault in every five answers', { timeout: 120_000 }, async () => {
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, { queuedMs: 0, runMs: 8 * 3_600_000 });
  const look = /^\/project\/primary-host\/octo-org\/octo-repo\/1$/;
  const { armed } = injectFaults(emulator, clock, look, ROTATION);
  const before = handles();
  const realStart = performance.now();

  const io = await runLogic(spec, triggerBuild, {
    emulator,
    clock,
    inputs: {
      'trigger-api': 'v1.1',
      wait: 'true',
      'wait-timeout-minutes': String(10 * 60),
      'poll-interval-seconds': '15',
    },
    transport: { timeouts: { headersMs: 100, bodyIdleMs: 100 } },
  });

  const realMs = performance.now() - realStart;
  const requests = emulator.requests.filter((r) => look.test(r.path));
  const faults = requests.filter((r) => r.fault !== undefined).length;
  const polls = requests.length - faults;
  console.info(
    `soak trigger-build: ${requests.length} looks' requests (${faults} spoilt: ${JSON.stringify(armed)}), ` +
      `${polls} answered, ${Math.round(realMs)} ms real, ${io.lines.length} log lines`,
  );
  expect(io.failed).toBeUndefined();
  expect(io.outputs).toMatchObject({
    'build-num': '1',
    status: 'success',
    lifecycle: 'finished',
    outcome: 'success',
  });
  // 8 h at 15 s (jittered ±10 %) is about 1920 looks; each spoilt answer costs one more request, no more.
  expect(polls).toBeGreaterThan(1800);
  expect(polls).toBeLessThan(2050);
  expect(faults).toBeGreaterThan(polls / 5);
  expect(requests.length).toBeLessThan(polls * 1.3);
  // A quiet log: a heartbeat a minute, not a line per look or per fault.
  expect(io.lines.length).toBeLessThan(600);

  // Nothing outlives the run: the transport was closed by the cleanup, its sockets and timers with it.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const after = handles();
  expect(after.sockets).toBeLessThanOrEqual(before.sockets);
  expect(after.timers).toBeLessThanOrEqual(before.timers);
});
