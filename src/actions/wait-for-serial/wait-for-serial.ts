import { wait, type Look } from '../../runner/wait.ts';
import { runAction, type ActionContext, type ActionSpec } from '../../runner/run.ts';
import { appendSummary, mdLink } from '../../runner/summary.ts';
import { logSafe, mdSafe } from '../../runner/text.ts';
import { connectUntil, pollIntervalMs, waitMs } from '../../runner/wait-inputs.ts';
import { formatDuration, shortDuration } from '../../common/format.ts';
import { ValidationError } from '../../common/errors.ts';
import { choosesName, compileNamePatterns, describePatterns } from '../../common/name-patterns.ts';
import type { Job } from '../../service/model.ts';
import { definedOnly } from '../../common/values.ts';
import { checkSegment } from '../../service/validate.ts';

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

/** The pause before a second empty look confirms the first: a build between two states is in no running list. */
const CONFIRM_PAUSE_MS = 5000;

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

/** Waits while other builds run; with `build-num` only older ones, so that two builds never wait for each other. */
export async function waitForSerial(ctx: ActionContext): Promise<void> {
  const input = readInputs(ctx);
  const started = ctx.clock.now();
  const deadline = started + input.timeoutMs;
  const { service } = connectUntil(ctx, deadline);
  const running = service.runningJobs({
    ...input,
    chooseWorkflow: (name) => choosesName(input.workflows, name),
    chooseJob: (name) => choosesName(input.jobs, name),
  });
  const narrowed = [
    input.branch && `branch ${input.branch}`,
    input.workflows.length > 0 && `workflow ${describePatterns(input.workflows)}`,
    input.jobs.length > 0 && `job ${describePatterns(input.jobs)}`,
  ].filter(Boolean);
  const scope = `${service.name}${narrowed.length === 0 ? '' : ` (${narrowed.join(', ')})`}`;
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

  const waitedFor = new Map<number, Job>();
  /** Builds this step tried to cancel (cancel-older), each once, and those it did cancel. */
  const tried = new Set<number>();
  const cancelled = new Map<number, Job>();
  let pending = new Map<number, Job>();
  let looks = 0;
  /** `stopped`: before the time-out, because the next look could not have come within it. */
  let ending = 'failed' as 'clear' | 'timed-out' | 'stopped' | 'failed';
  // The wait is a log group, ended before the step's error line.
  ctx.io.startGroup(logSafe(`Waiting for other builds of ${scope}`));
  try {
    let emptyLooks = 0;
    const still = (): string[] =>
      [...pending.values()].map((j) => `#${j.number}${j.url ? ` (${j.url})` : ''}`);
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
        // `error`: the time-out did not come, as the next look could not have been made within it.
        ending = error === undefined ? 'timed-out' : 'stopped';
        return error === undefined
          ? `Timed out after ${formatDuration(input.timeoutMs)} waiting for builds of ${scope}; still running: ` +
              `${running.length > 0 ? running.join(', ') : 'none at the last look, which could not be confirmed'}`
          : `Stopped waiting for builds of ${scope} after ${shortDuration(ctx.clock.now() - started)}, before ` +
              `the ${formatDuration(input.timeoutMs)} timeout: ${error.message}; ` +
              (running.length > 0
                ? `still running at the last look: ${running.join(', ')}`
                : 'none was seen running');
      },
      gaveUp: (error) => `Gave up waiting: ${error.message}`,
      look: async (n): Promise<Look<true>> => {
        looks = n;
        const now = await running(pending);
        // cancel-older: each build to wait for (all older than this job's own) is cancelled once, and the next
        // looks see it end; one whose cancel fails is said, and waited for instead.
        for (const job of input.cancelOlder ? now.values() : []) {
          if (tried.has(job.number)) continue;
          tried.add(job.number);
          const named = job.name === null ? '' : ` (${jobAndWorkflow(job)})`;
          try {
            await service.cancelJob(job.number);
            cancelled.set(job.number, job);
            ctx.info(
              `Cancelled older build #${job.number}${named}, ${state(job)} until now${job.url ? `: ${job.url}` : ''}`,
            );
          } catch (error) {
            if (ctx.signal.aborted) throw error;
            ctx.io.warning(
              logSafe(
                `Could not cancel build #${job.number}${named} (${(error as Error).message}); waiting for it`,
              ),
            );
          }
        }
        const appeared = [...now.values()].filter((j) => !pending.has(j.number));
        const ended = [...pending.values()].filter((j) => !now.has(j.number));
        for (const j of now.values()) waitedFor.set(j.number, j);
        for (const j of appeared) ctx.info(`Waiting for build #${j.number} (${what(j)})`);
        for (const j of ended) ctx.info(`Build #${j.number} is no longer running`);
        pending = now;
        emptyLooks = now.size > 0 ? 0 : emptyLooks + 1;
        if (emptyLooks >= 2) return { done: true, value: true };
        if (emptyLooks === 1) return { done: false, nextInMs: Math.min(CONFIRM_PAUSE_MS, input.intervalMs) };
        return { done: false, logged: appeared.length + ended.length > 0 };
      },
    });
    ending = 'clear';
    ctx.info(
      waitedFor.size === 0
        ? `No other build of ${scope} is running: going on`
        : `Waited ${formatDuration(ctx.clock.now() - started)} for ${numbers(waitedFor)}; none is running now: going on`,
    );
  } finally {
    ctx.io.endGroup();
    const elapsed = ctx.clock.now() - started;
    ctx.setOutput('waited-seconds', Math.round(elapsed / 1000));
    ctx.setOutput('polls', looks);
    ctx.setOutput('waited-for', [...waitedFor.keys()].sort(byNumber));
    const links = (jobs: Iterable<Job>, labelled = true): string =>
      [...jobs]
        .sort((a, b) => a.number - b.number)
        .map((j) => {
          const label = labelled ? pipelineJobLabel(j) : undefined;
          return mdLink(`#${j.number}`, j.url) + (label === undefined ? '' : ` (${mdSafe(label)})`);
        })
        .join(', ');
    const lines = [`### Wait for serial: ${mdSafe(scope)}`];
    if (cancelled.size > 0)
      lines.push(
        `Cancelled the older ${cancelled.size === 1 ? 'build' : 'builds'} ${links(cancelled.values(), false)}.`,
      );
    if (waitedFor.size === 0 && ending === 'clear')
      lines.push('No other build was running: the step went on at once.');
    else if (waitedFor.size > 0)
      lines.push(`Waited ${formatDuration(elapsed)} for ${links(waitedFor.values())}.`);
    const still = links(pending.values()) || 'unconfirmed';
    if (ending === 'timed-out')
      lines.push(`**Timed out** after ${formatDuration(elapsed)}; still running: ${still}.`);
    else if (ending === 'stopped')
      lines.push(
        `**Stopped** after ${shortDuration(elapsed)}, before the ${formatDuration(input.timeoutMs)} timeout: the ` +
          `next look could not have been made within it (see the error); still running at the last look: ${still}.`,
      );
    else if (ending === 'failed')
      lines.push(
        `${ctx.signal.aborted ? 'The step was cancelled' : 'The wait failed'} after ${formatDuration(elapsed)}.`,
      );
    await appendSummary(ctx.io, lines.join('\n\n'));
  }
}

const byNumber = (a: number, b: number): number => a - b;

const state = (job: Job): string => job.lifecycle ?? job.status ?? 'unknown state';

function what(job: Job): string {
  const parts = [state(job), job.branch && `branch ${job.branch}`, pipelineJobLabel(job), job.url];
  return parts.filter(Boolean).join(', ');
}

const jobAndWorkflow = ({ name, workflow }: Job): string =>
  `job ${String(name)}${workflow.name === null ? '' : ` of workflow ${workflow.name}`}`;

/** A job of a pipeline named with its workflow and its pipeline's number; undefined for a v1.1 build. */
const pipelineJobLabel = (job: Job): string | undefined =>
  job.pipeline.number === null ? undefined : `${jobAndWorkflow(job)}, pipeline #${job.pipeline.number}`;

function numbers(builds: ReadonlyMap<number, Job>): string {
  const list = [...builds.keys()].sort(byNumber).map((n) => `#${n}`);
  return list.length === 0 ? 'no build' : `build${list.length === 1 ? '' : 's'} ${list.join(', ')}`;
}

export function run(): Promise<void> {
  return runAction(spec, waitForSerial);
}
