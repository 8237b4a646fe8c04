import { wait, type Look } from '../../runner/wait.ts';
import { runAction, type ActionContext, type ActionSpec, type Connection } from '../../runner/run.ts';
import { appendSummary, buildLink } from '../../runner/summary.ts';
import { logSafe, mdSafe } from '../../runner/text.ts';
import { connectUntil, pollIntervalMs, waitMs } from '../../runner/wait-inputs.ts';
import { formatDuration, shortDuration } from '../../common/format.ts';
import { projectName } from '../../service/v1.ts';
import { jobOf } from '../../service/commit-builds.ts';
import { ValidationError } from '../../common/errors.ts';
import { choosesName, compileNamePatterns, describePatterns } from '../../common/name-patterns.ts';
import { definedOnly, isFinished, type Build } from '../../service/records.ts';
import { checkSegment, MAX_PAGE_SIZE } from '../../service/validate.ts';
import { pipelineJobLabel, pipelineJobs } from './pipelines.ts';

export const spec = {
  name: 'wait-for-serial',
  inputs: [
    'branch',
    'build-num',
    'poll-interval-seconds',
    'wait-timeout-minutes',
    'workflow',
    'job',
    'cancel-older',
  ],
  outputs: ['waited-seconds', 'polls', 'waited-for'],
} as const satisfies ActionSpec;

/**
 * An empty look is confirmed by another one a short pause after it (or one interval, when shorter): a build between
 * two states (queued → running) is in no running list for a moment, and one empty answer is not "clear".
 */
const CONFIRM_PAUSE_MS = 5000;

/** Pages of running builds read per look: a guard against a server that always answers a full page. */
const MAX_PAGES = 10;

function readInputs(ctx: ActionContext) {
  const { inputs } = ctx;
  const branch = inputs.optional('branch');
  if (branch !== undefined) checkSegment('branch', branch);
  const buildNum = inputs.integer('build-num', 1, Number.MAX_SAFE_INTEGER);
  const intervalMs = pollIntervalMs(inputs);
  const timeoutMs = waitMs(inputs, 'wait-timeout-minutes', 60);
  const workflows = compileNamePatterns('workflow', inputs.lines('workflow'));
  const jobs = compileNamePatterns('job', inputs.lines('job'));
  const cancelOlder = inputs.boolean('cancel-older', false);
  if (cancelOlder && buildNum === undefined) {
    throw new ValidationError(
      'cancel-older',
      "give build-num too (e.g. trigger-build's build-num output): only builds older than that one are cancelled",
      'true',
      'without build-num no build is older than this job\'s own, so "older" has no meaning',
    );
  }
  return { ...definedOnly({ branch, buildNum }), intervalMs, timeoutMs, workflows, jobs, cancelOlder };
}

/**
 * Waits while other builds of the project (or branch) run: with `build-num`, only older builds than that one
 * count, so two builds never wait for each other. "Clear" takes two empty looks a short pause apart, and a build
 * that left the running list is checked by number before it counts as finished.
 */
export async function waitForSerial(ctx: ActionContext): Promise<void> {
  const input = readInputs(ctx);
  const started = ctx.clock.now();
  const deadline = started + input.timeoutMs;
  const connection = connectUntil(ctx, deadline);
  const { project } = connection;
  // A project named by its slug has pipelines of jobs, read through API v2 alone (docs/v2.md).
  const source =
    'slug' in project
      ? pipelineJobs(connection.transport, project, input)
      : {
          pending: (previous: ReadonlyMap<number, Build>) =>
            pendingBuilds({ ...connection, project }, input, previous),
          cancel: (num: number) => connection.client.cancel(project, num),
        };
  const narrowed = [
    ...(input.branch === undefined ? [] : [`branch ${input.branch}`]),
    ...(input.workflows.length === 0 ? [] : [`workflow ${describePatterns(input.workflows)}`]),
    ...(input.jobs.length === 0 ? [] : [`job ${describePatterns(input.jobs)}`]),
  ];
  const scope = `${projectName(project)}${narrowed.length === 0 ? '' : ` (${narrowed.join(', ')})`}`;
  const own = input.buildNum;
  // A GitHub workflow runs outside the service: no runner variable names a build of the service as its own.
  ctx.info(
    own === undefined
      ? `No build-num given: waiting until no build of ${scope} is running at all. To leave this job's own build ` +
          `out and wait only for older ones, pass its number as build-num (e.g. trigger-build's build-num output).`
      : input.cancelOlder
        ? `Cancelling the builds of ${scope} older than #${own} (this job's own) that are running or queued.`
        : `Waiting until no build of ${scope} older than #${own} (this job's own) is running or queued.`,
  );

  const waitedFor = new Map<number, Build>();
  /** Builds this step tried to cancel (cancel-older), each once, and those it did cancel. */
  const tried = new Set<number>();
  const cancelled = new Map<number, Build>();
  let pending = new Map<number, Build>();
  let looks = 0;
  /** `stopped`: before the time-out, because the next look could not have come within it. */
  let ending = 'failed' as 'clear' | 'timed-out' | 'stopped' | 'failed';
  // The wait is a log group, ended before the step's error line.
  ctx.io.startGroup(logSafe(`Waiting for other builds of ${scope}`));
  try {
    let emptyLooks = 0;
    const still = (): string[] =>
      [...pending.values()].map((b) => `#${b.build_num}${b.build_url ? ` (${b.build_url})` : ''}`);
    await wait({
      clock: ctx.clock,
      signal: ctx.signal,
      intervalMs: input.intervalMs,
      deadline,
      log: ctx.info,
      still: ({ elapsedMs }) => `Still waiting for ${numbers(pending)} after ${formatDuration(elapsedMs)}`,
      failed: 'list the running builds',
      unfinished: (error) => {
        const running = still();
        if (error !== undefined) {
          // The time-out did not come: the next look could not have been made within it (a long Retry-After).
          ending = 'stopped';
          return (
            `Stopped waiting for builds of ${scope} after ${shortDuration(ctx.clock.now() - started)}, before the ` +
            `${formatDuration(input.timeoutMs)} timeout: ${error.message}; ` +
            (running.length > 0
              ? `still running at the last look: ${running.join(', ')}`
              : 'none was seen running')
          );
        }
        ending = 'timed-out';
        return (
          `Timed out after ${formatDuration(input.timeoutMs)} waiting for builds of ${scope}; still running: ` +
          `${running.length > 0 ? running.join(', ') : 'none at the last look, which could not be confirmed'}`
        );
      },
      gaveUp: (error) => `Gave up waiting: ${error.message}`,
      look: async (n): Promise<Look<true>> => {
        looks = n;
        const now = await source.pending(pending);
        // cancel-older: each build to wait for (all older than this job's own) is cancelled once, and the next
        // looks see it end; one whose cancel fails is said, and waited for instead.
        for (const build of input.cancelOlder ? now.values() : []) {
          if (tried.has(build.build_num)) continue;
          tried.add(build.build_num);
          const { job, workflow } = jobOf(build);
          const what =
            job === undefined
              ? ''
              : ` (job ${job}${workflow === undefined ? '' : ` of workflow ${workflow}`})`;
          try {
            await source.cancel(build.build_num);
            cancelled.set(build.build_num, build);
            ctx.info(
              `Cancelled older build #${build.build_num}${what}, ${build.lifecycle ?? build.status ?? 'unknown state'} ` +
                `until now${build.build_url ? `: ${build.build_url}` : ''}`,
            );
          } catch (error) {
            if (ctx.signal.aborted) throw error;
            ctx.io.warning(
              logSafe(
                `Could not cancel build #${build.build_num}${what} (${(error as Error).message}); waiting for it`,
              ),
            );
          }
        }
        const appeared = [...now.values()].filter((b) => !pending.has(b.build_num));
        const ended = [...pending.values()].filter((b) => !now.has(b.build_num));
        for (const b of now.values()) waitedFor.set(b.build_num, b);
        for (const b of appeared) ctx.info(`Waiting for build #${b.build_num} (${what(b)})`);
        for (const b of ended) ctx.info(`Build #${b.build_num} is no longer running`);
        pending = now;
        if (now.size > 0) {
          emptyLooks = 0;
          return { done: false, logged: appeared.length + ended.length > 0 };
        }
        emptyLooks++;
        if (emptyLooks >= 2) return { done: true, value: true };
        return { done: false, nextInMs: Math.min(CONFIRM_PAUSE_MS, input.intervalMs) };
      },
    });
    ending = 'clear';
    const elapsed = ctx.clock.now() - started;
    ctx.info(
      waitedFor.size === 0
        ? `No other build of ${scope} is running: going on`
        : `Waited ${formatDuration(elapsed)} for ${numbers(waitedFor)}; none is running now: going on`,
    );
  } finally {
    ctx.io.endGroup();
    const elapsed = ctx.clock.now() - started;
    ctx.setOutput('waited-seconds', Math.round(elapsed / 1000));
    ctx.setOutput('polls', looks);
    ctx.setOutput(
      'waited-for',
      [...waitedFor.keys()].sort((a, b) => a - b),
    );
    const links = (builds: Iterable<Build>, labelled = true): string =>
      [...builds]
        .sort((a, b) => a.build_num - b.build_num)
        .map((b) => {
          const label = labelled ? pipelineJobLabel(b) : undefined;
          const link = buildLink({ number: b.build_num, url: b.build_url ?? null });
          return label === undefined ? link : `${link} (${mdSafe(label)})`;
        })
        .join(', ');
    const lines = [`### Wait for serial: ${mdSafe(scope)}`];
    if (cancelled.size > 0) {
      const list = links(cancelled.values(), false);
      lines.push(`Cancelled the older ${cancelled.size === 1 ? 'build' : 'builds'} ${list}.`);
    }
    if (waitedFor.size === 0 && ending === 'clear')
      lines.push('No other build was running: the step went on at once.');
    else if (waitedFor.size > 0)
      lines.push(`Waited ${formatDuration(elapsed)} for ${links(waitedFor.values())}.`);
    const still = links(pending.values()) || 'unconfirmed';
    if (ending === 'timed-out')
      lines.push(`**Timed out** after ${formatDuration(elapsed)}; still running: ${still}.`);
    else if (ending === 'stopped') {
      lines.push(
        `**Stopped** after ${shortDuration(elapsed)}, before the ${formatDuration(input.timeoutMs)} timeout: the ` +
          `next look could not have been made within it (see the error); still running at the last look: ${still}.`,
      );
    } else if (ending === 'failed') {
      const how = ctx.signal.aborted ? 'The step was cancelled' : 'The wait failed';
      lines.push(`${how} after ${formatDuration(elapsed)}.`);
    }
    await appendSummary(ctx.io, lines.join('\n\n'));
  }
}

/**
 * The builds to wait for now: the running ones that count (not our own, older than ours), those that left the
 * running list but have not finished (checked by number), and with our number, older builds still queued (they
 * are not "running" to the filter, yet would run, and deploy, after us).
 */
async function pendingBuilds(
  { client, project }: Connection,
  input: ReturnType<typeof readInputs>,
  previous: ReadonlyMap<number, Build>,
): Promise<Map<number, Build>> {
  const own = input.buildNum;
  const counts = (b: Build): boolean =>
    (own === undefined || b.build_num < own) &&
    choosesName(input.workflows, jobOf(b).workflow) &&
    choosesName(input.jobs, jobOf(b).job);
  const pending = new Map<number, Build>();
  const read = async (
    filter: { statusFilter?: 'running' },
    more: (page: Build[]) => boolean,
  ): Promise<void> => {
    for (let page = 0, offset = 0; page < MAX_PAGES; page++) {
      const query = { ...definedOnly({ branch: input.branch }), ...filter, limit: MAX_PAGE_SIZE, offset };
      const builds = await client.builds(project, query);
      for (const b of builds) if (counts(b) && !isFinished(b)) pending.set(b.build_num, b);
      if (builds.length < MAX_PAGE_SIZE || !more(builds)) break;
      offset += builds.length;
    }
  };
  await read({ statusFilter: 'running' }, () => true);
  for (const b of previous.values()) {
    if (pending.has(b.build_num)) continue;
    const now = await client.build(project, b.build_num);
    if (!isFinished(now)) pending.set(b.build_num, now);
  }
  // Newest first: once a page reaches below our own number, the builds ahead of ours have been seen.
  if (own !== undefined && pending.size === 0)
    await read({}, (builds) => (builds.at(-1)?.build_num ?? 0) >= own);
  return pending;
}

function what(build: Build): string {
  const { branch, build_url } = build;
  const parts = [build.lifecycle ?? build.status ?? 'unknown state', branch && `branch ${branch}`];
  return [...parts, pipelineJobLabel(build), build_url].filter(Boolean).join(', ');
}

function numbers(builds: ReadonlyMap<number, Build>): string {
  const list = [...builds.keys()].sort((a, b) => a - b).map((n) => `#${n}`);
  return list.length === 0 ? 'no build' : `build${list.length === 1 ? '' : 's'} ${list.join(', ')}`;
}

/** Runs the action: src/actions/bundle.js calls it on the runner, and GitHub's local-action on a workstation. */
export function run(): Promise<void> {
  return runAction(spec, waitForSerial);
}
