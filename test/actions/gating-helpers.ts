// Shared by the tests of trigger-build, wait-for-build and wait-for-serial: a fake clock that a real HTTP server (the emulator)
// shares, a recording Io, and a way to run an action's logic in-process as runAction runs it.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  coreIo,
  printFenced,
  type AnnotationProperties,
  type Io,
  type Summary,
} from '../../src/runner/io.ts';
import { runAction, type ActionContext, type ActionSpec, type RunOptions } from '../../src/runner/run.ts';
import { abortReason, type Clock } from '../../src/common/clock.ts';
import type { BuildSeed, Emulator } from '../../emulator/index.ts';
import { readMetadata } from '../harness/runner.ts';

export const PROJECT = { vcs: 'primary-host', user: 'octo-org', repo: 'octo-repo' } as const;
export const SLUG = `${PROJECT.vcs}/${PROJECT.user}/${PROJECT.repo}`;
export const PROJECT_PATH = `/project/${SLUG}`;

export interface FakeClock extends Clock {
  /** Every sleep asked for, in ms. */
  readonly sleeps: number[];
  /** Called on every sleep, after the time moved. */
  onSleep: ((ms: number) => void) | undefined;
}

/**
 * Time that moves only when slept: `sleep` resolves at once (after letting I/O run) and advances `now()`.
 * `random` is 0.5 by default, so jitter is zero and waits are exact.
 */
/** A repeatable random source (Park–Miller), so jitter varies as it would for real and every run is the same. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 16807) % 2147483647) - 1) / 2147483646;
}

export function fakeClock(
  start = Date.parse('2026-03-02T09:00:00Z'),
  random: () => number = () => 0.5,
): FakeClock {
  let now = start;
  const clock: FakeClock = {
    sleeps: [],
    onSleep: undefined,
    now: () => now,
    random,
    async sleep(ms, signal) {
      if (signal?.aborted) throw abortReason(signal);
      clock.sleeps.push(ms);
      now += Math.max(0, ms);
      clock.onSleep?.(ms);
      await new Promise((resolve) => setImmediate(resolve));
      if (signal?.aborted) throw abortReason(signal);
    },
  };
  return clock;
}

export interface Annotation {
  message: string;
  properties: AnnotationProperties | undefined;
}

export interface RecordingIo extends Io {
  inputs: Record<string, string>;
  lines: string[];
  warnings: string[];
  errors: Annotation[];
  outputs: Record<string, string>;
  failed: string | undefined;
  summaryText(): Promise<string>;
}

/** An Io that records everything; inputs get action.yml's defaults as the runner gives them. */
export async function recordingIo(action: string, given: Record<string, string>): Promise<RecordingIo> {
  const meta = readMetadata(action);
  const inputs: Record<string, string> = {};
  for (const [name, input] of Object.entries(meta.inputs ?? {}))
    inputs[name] = given[name] ?? input.default ?? '';
  for (const name of Object.keys(given))
    if (!(name in inputs)) throw new Error(`input ${name} is not declared`);
  const file = join(await mkdtemp(join(tmpdir(), `${action}-summary-`)), 'summary.md');
  await writeFile(file, '');
  // A summary of its own, writing to this test's file (the instance reads the variable once, at its first write).
  process.env['GITHUB_STEP_SUMMARY'] = file;
  const summary = new (coreIo.summary.constructor as new () => Summary)();
  const io: RecordingIo = {
    inputs,
    lines: [],
    warnings: [],
    errors: [],
    outputs: {},
    failed: undefined,
    summary,
    summaryText: () => readFile(file, 'utf8'),
    getInput: (name) => (inputs[name] ?? '').trim(),
    setOutput: (name, value) => {
      io.outputs[name] = value;
    },
    setSecret: () => {},
    debug: () => {},
    info: (message) => {
      io.lines.push(message);
    },
    untrusted: (lines) => printFenced(io.info, lines),
    warning: (message) => {
      io.warnings.push(message);
      io.lines.push(`warning: ${message}`);
    },
    error: (message, properties) => {
      io.errors.push({ message, properties });
    },
    notice: (message) => {
      io.lines.push(`notice: ${message}`);
    },
    setFailed: (message) => {
      io.failed = message;
    },
    startGroup: () => {},
    endGroup: () => {},
    isDebug: () => false,
  };
  return io;
}

/** Runs an action's logic in this process, against the emulator, on the given clock. */
export async function runLogic(
  spec: ActionSpec,
  main: (ctx: ActionContext) => Promise<void>,
  options: {
    emulator: Emulator;
    clock: Clock;
    inputs?: Record<string, string>;
    env?: NodeJS.ProcessEnv;
    transport?: RunOptions['transport'];
  },
): Promise<RecordingIo> {
  const io = await recordingIo(spec.name, {
    token: options.emulator.token,
    'base-url': options.emulator.baseUrl,
    ...options.inputs,
  });
  await runAction(spec, main, {
    io,
    clock: options.clock,
    env: {
      GITHUB_REPOSITORY: `${PROJECT.user}/${PROJECT.repo}`,
      GITHUB_REF_NAME: 'main',
      GITHUB_REF_TYPE: 'branch',
      ...options.env,
    },
    ...(options.transport === undefined ? {} : { transport: options.transport }),
  });
  return io;
}

/** The emulator's requests for one build or one list, by method and path below the project. */
export function requestsTo(emulator: Emulator, method: string, below: string | RegExp) {
  return emulator.requests.filter(
    (r) =>
      r.method === method &&
      (typeof below === 'string' ? r.path === `${PROJECT_PATH}${below}` : below.test(r.path)),
  );
}

export type SoakFault = '429' | '502' | 'reset' | 'stall-headers' | 'stall-body';

/**
 * Spoils about one answer in `every` on `path`: after every `every - 1` clean answers the next one gets the
 * next fault of `rotation`. Faults are armed between requests (on the clock's sleeps, which follow every answer).
 */
export function injectFaults(
  emulator: Emulator,
  clock: FakeClock,
  path: RegExp,
  rotation: readonly SoakFault[],
  every = 5,
): { armed: Record<SoakFault, number> } {
  const armed: Record<SoakFault, number> = {
    '429': 0,
    '502': 0,
    reset: 0,
    'stall-headers': 0,
    'stall-body': 0,
  };
  let seen = 0;
  let index = 0;
  clock.onSleep = () => {
    const matching = emulator.requests.filter((r) => path.test(r.path)).length;
    if (matching - seen < every - 1 || emulator.faults.rules.some((f) => f.remaining > 0)) return;
    seen = matching + 1;
    const kind = rotation[index++ % rotation.length] ?? '502';
    armed[kind]++;
    if (kind === '429') {
      emulator.faults.add({ kind: 'status', status: 429, path, headers: { 'Retry-After': '2' } });
    } else if (kind === '502') {
      emulator.faults.add({ kind: 'status', status: 502, path, body: '<html>Bad Gateway</html>' });
    } else if (kind === 'stall-body') {
      emulator.faults.add({ kind: 'stall-body', path, afterBytes: 20 });
    } else {
      emulator.faults.add({ kind, path });
    }
  };
  return { armed };
}

/** Sockets and timers of this process, to compare before and after a run. */
export function handles(): { sockets: number; timers: number } {
  const info = process.getActiveResourcesInfo();
  return {
    sockets: info.filter((r) => r === 'TCPSocketWrap').length,
    timers: info.filter((r) => r === 'Timeout').length,
  };
}

/** A job of a second-generation workflow for one commit, as the service starts it after a push (docs/wire.md). */
/** A UUID made from `key`, as the service's ids are (the product asks v2 for a build's workflow by it). */
function uuidOf(key: string): string {
  const hex = createHash('sha1').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function workflowJob(
  revision: string,
  job: string,
  seed: BuildSeed & { workflow?: string } = {},
): BuildSeed {
  const { workflow = 'build-test-deploy', ...rest } = seed;
  return {
    branch: 'main',
    why: 'primary-host',
    vcs_revision: revision,
    platform: '2.0',
    workflows: {
      job_name: job,
      job_id: uuidOf(`job-${job}-${revision}`),
      workflow_name: workflow,
      workflow_id: uuidOf(`wf-${workflow}-${revision}`),
      workspace_id: uuidOf(`wf-${workflow}-${revision}`),
      upstream_job_ids: [],
      upstream_concurrency_map: {},
    },
    ...rest,
  };
}

/**
 * Runs each piece of work once the fake clock has reached its time (checked on every sleep, so the work lands
 * between two looks), the way the service starts builds while a step waits.
 */
export function atTimes(clock: FakeClock, plan: { at: number; run: () => void }[]): void {
  const pending = [...plan].sort((a, b) => a.at - b.at);
  const previous = clock.onSleep;
  clock.onSleep = (ms) => {
    previous?.(ms);
    while (pending.length > 0 && (pending[0]?.at ?? Infinity) <= clock.now()) pending.shift()?.run();
  };
}

/**
 * The lines of a step's stdout that the runner obeys as workflow commands (`::cmd::` or `##[cmd]` after any white
 * space), as it applies them: between `::stop-commands::<token>` and `::<token>::` it obeys none.
 */
export function obeyedCommands(stdout: string): string[] {
  const obeyed: string[] = [];
  let stopToken: string | undefined;
  for (const line of stdout.split(/\r?\n/)) {
    const trimmed = line.replace(/^[\s\u0085]+/u, '');
    if (stopToken !== undefined) {
      if (trimmed === `::${stopToken}::`) stopToken = undefined;
      continue;
    }
    const stop = /^::stop-commands::(.+)$/.exec(trimmed);
    if (stop) {
      stopToken = stop[1];
      continue;
    }
    if (/^(::[a-z-]+( [^:]*)?::|##\[)/i.test(trimmed) || /##\[/.test(trimmed)) obeyed.push(line);
  }
  return obeyed;
}
