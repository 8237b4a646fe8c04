// A long serial wait under faults: thousands of looks on a fake clock shared with the emulator, about one answer
// in five spoilt; it must neither give a false "clear" nor hang, and leave nothing running.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { spec, waitForSerial } from '../../src/actions/wait-for-serial/wait-for-serial.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import {
  fakeClock,
  handles,
  injectFaults,
  PROJECT,
  PROJECT_PATH,
  runLogic,
  seededRandom,
  SLUG,
  type FakeClock,
  type SoakFault,
} from './gating-helpers.ts';

let emulator: Emulator;
let clock: FakeClock;

beforeEach(async () => {
  clock = fakeClock(undefined, seededRandom(11));
  emulator = await startEmulator({ clock });
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo);
});
afterEach(async () => {
  await emulator.close();
});

const ROTATION: SoakFault[] = [
  ...Array.from({ length: 10 }, (): SoakFault[] => ['502', '429', 'reset', '429', '502']).flat(),
  'stall-headers',
  'stall-body',
];

it('waits out a 6-hour build through a fault in every five answers', { timeout: 120_000 }, async () => {
  const start = clock.now();
  const older = emulator.state.addBuild(SLUG, {
    branch: 'main',
    queuedMs: 0,
    runMs: 6 * 3_600_000,
    queued_at: start,
  });
  const own = emulator.state.addBuild(SLUG, { branch: 'main', lifecycle: 'running' });
  const list = new RegExp(`^${PROJECT_PATH}$`);
  const { armed } = injectFaults(emulator, clock, list, ROTATION);
  const before = handles();
  const realStart = performance.now();

  const io = await runLogic(spec, waitForSerial, {
    emulator,
    clock,
    inputs: { 'build-num': String(own.build_num), 'wait-timeout-minutes': String(8 * 60) },
    transport: { timeouts: { headersMs: 100, bodyIdleMs: 100 } },
  });

  const realMs = performance.now() - realStart;
  const requests = emulator.requests.filter((r) => list.test(r.path));
  const faults = requests.filter((r) => r.fault !== undefined).length;
  console.info(
    `soak wait-for-serial: ${requests.length} list requests (${faults} spoilt: ${JSON.stringify(armed)}), ` +
      `${io.outputs['polls']} looks, waited ${io.outputs['waited-seconds']} s, ${Math.round(realMs)} ms real`,
  );
  expect(io.failed).toBeUndefined();
  expect(io.outputs['waited-for']).toBe(`[${older.build_num}]`);
  // Not one second early: the older build ended at 6 h, and "clear" came after it.
  expect(Number(io.outputs['waited-seconds'])).toBeGreaterThanOrEqual(6 * 3600);
  expect(Number(io.outputs['waited-seconds'])).toBeLessThan(6 * 3600 + 120);
  const looks = Number(io.outputs['polls']);
  expect(looks).toBeGreaterThan(1300);
  expect(looks).toBeLessThan(1500);
  expect(requests.length).toBeLessThan(looks * 1.4);
  expect(emulator.state.getBuild(SLUG, own.build_num)?.lifecycle).toBe('running');
  await new Promise((resolve) => setTimeout(resolve, 50));
  const after = handles();
  expect(after.sockets).toBeLessThanOrEqual(before.sockets);
  expect(after.timers).toBeLessThanOrEqual(before.timers);
});
