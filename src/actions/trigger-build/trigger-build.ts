import {
  AnnotationBudget,
  readTests,
  showFailedSteps,
  testsSection,
  type FailureShown,
  type TestsRead,
} from '../../action/build-report.ts';
import { describeState, followBuild } from '../../action/follow.ts';
import { describePolicy, passes, readOutcomePolicy, type OutcomePolicy } from '../../action/outcomes.ts';
import { PollFailedError, WaitError } from '../../action/poll.ts';
import { runAction, type ActionContext, type ActionSpec, type Connection } from '../../action/run.ts';
import { buildFacts, buildHeading } from '../../action/summary.ts';
import { logSafe, mdSafe } from '../../action/text.ts';
import { formatDuration } from '../../api/format.ts';
import { workflowBranch } from '../../action/workflow.ts';
import { abortReason } from '../../api/clock.ts';
import { TriggerAbortedError, type TriggerOptions, type TriggerResult } from '../../api/client.ts';
import { AbortedError } from '../../api/errors.ts';
import { isFinished, type Build } from '../../api/records.ts';
import { MAX_OUTPUT_LINES } from '../../api/step-output.ts';
import { checkRevisionOrTag, checkSegment, type BuildParams } from '../../api/validate.ts';

export const spec = {
  name: 'trigger-build',
  inputs: [
    'branch',
    'revision',
    'tag',
    'parallel',
    'params',
    'wait',
    'wait-timeout-minutes',
    'poll-interval-seconds',
    'cancel-on-abort',
    'allowed-outcomes',
    'failure-log-lines',
  ],
  outputs: ['build-num', 'build-url', 'status', 'lifecycle', 'outcome', 'failed-step'],
} as const satisfies ActionSpec;

/** Input ranges: a poll interval of up to an hour; a wait of up to 35 days, the longest a workflow run lives. */
export const LIMITS = {
  pollSeconds: { min: 1, max: 3600 },
  timeoutMinutes: { min: 1, max: 35 * 24 * 60 },
  parallel: { min: 1, max: 1000 },
} as const;

/**
 * The runner sends SIGTERM 7.5 s after SIGINT and then kills the step: the cancel of the triggered build gets
 * this much (real) time, so the step still exits within 5 s.
 */
export const CANCEL_BUDGET_MS = 4000;
const CANCEL_TIMEOUTS = { connectMs: 2000, headersMs: 3000, bodyIdleMs: 3000 };
const CANCEL_RETRY = { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 800 };

export interface TriggerInputs {
  branch: string;
  revision?: string;
  tag?: string;
  parallel?: number;
  params?: BuildParams;
  wait: boolean;
  timeoutMs: number;
  intervalMs: number;
  cancelOnAbort: boolean;
  policy: OutcomePolicy;
  failureLogLines: number;
}

/** Reads and checks every input of the action's own before anything is sent. */
export function readInputs(ctx: ActionContext): TriggerInputs {
  const { inputs } = ctx;
  const branch = checkSegment('branch', inputs.optional('branch') ?? workflowBranch(ctx.env));
  const revision = inputs.optional('revision');
  const tag = inputs.optional('tag');
  checkRevisionOrTag('revision', revision, 'tag', tag);
  if (tag !== undefined) checkSegment('tag', tag, 'a tag name');
  if (revision !== undefined) checkSegment('revision', revision, 'a commit');
  const parallel = inputs.integer('parallel', LIMITS.parallel.min, LIMITS.parallel.max);
  const params = inputs.params('params');
  const wait = inputs.boolean('wait', false);
  const timeoutMinutes = inputs.integer(
    'wait-timeout-minutes',
    LIMITS.timeoutMinutes.min,
    LIMITS.timeoutMinutes.max,
    60,
  );
  const pollSeconds = inputs.integer(
    'poll-interval-seconds',
    LIMITS.pollSeconds.min,
    LIMITS.pollSeconds.max,
    15,
  );
  const cancelOnAbort = inputs.boolean('cancel-on-abort', true);
  const policy = readOutcomePolicy(inputs);
  const failureLogLines = inputs.integer('failure-log-lines', 0, MAX_OUTPUT_LINES, 50);
  return {
    branch,
    ...(revision === undefined ? {} : { revision }),
    ...(tag === undefined ? {} : { tag }),
    ...(parallel === undefined ? {} : { parallel }),
    ...(params === undefined ? {} : { params }),
    wait,
    timeoutMs: timeoutMinutes * 60_000,
    intervalMs: pollSeconds * 1000,
    cancelOnAbort,
    policy,
    failureLogLines,
  };
}

/** How the step ended, for the summary. */
type Ending =
  | { kind: 'not-waited' }
  | { kind: 'finished'; tests: TestsRead; failure: FailureShown }
  | { kind: 'timed-out' }
  | { kind: 'cancelled'; what: string }
  | { kind: 'gave-up'; why: string };

/** Triggers a build (never two), and with `wait` follows it to its end and fails the step unless it succeeds. */
export async function triggerBuild(ctx: ActionContext): Promise<void> {
  const input = readInputs(ctx);
  const started = ctx.clock.now();
  const deadline = started + input.timeoutMs;
  // With `wait`, no retry wait of the transport (a long Retry-After) may run past the step's own deadline.
  const connection = ctx.connect(input.wait ? { deadline } : {});
  const { client, project } = connection;

  const request: TriggerOptions = {
    branch: input.branch,
    ...(input.revision === undefined ? {} : { revision: input.revision }),
    ...(input.tag === undefined ? {} : { tag: input.tag }),
    ...(input.parallel === undefined ? {} : { parallel: input.parallel }),
    ...(input.params === undefined ? {} : { params: input.params }),
  };
  let result: TriggerResult;
  try {
    result = await client.trigger(project, request);
  } catch (error) {
    // Cancelled while the trigger was on its way: the build it may have started must not run on unseen.
    if (error instanceof TriggerAbortedError) {
      const what = await cancelLostBuild(ctx, input, request, error.before);
      throw new AbortedError(`${abortReason(ctx.signal).message}; ${what}`);
    }
    throw error;
  }
  const { build: triggered, recoveredAfter } = result;
  const num = triggered.build_num;
  const url = triggered.build_url ?? '';
  const where = url ? `: ${url}` : '';
  if (recoveredAfter !== undefined) {
    ctx.io.warning(
      logSafe(
        `The trigger's answer was lost (${recoveredAfter}); found build #${num}, which it started${where}`,
      ),
    );
  }
  ctx.info(
    `Triggered build #${num} of ${project.username}/${project.project} on branch ${input.branch}${where}`,
  );

  let last: Build = triggered;
  let ending: Ending = { kind: 'not-waited' };
  let failedStep = '';
  // One budget of error annotations for the failed steps and the failed tests.
  const budget = new AnnotationBudget();
  try {
    if (!input.wait) return;
    ctx.info(
      `Waiting for build #${num} to finish: a look every ${formatDuration(input.intervalMs)}, ` +
        `for at most ${formatDuration(input.timeoutMs)}`,
    );
    try {
      const result = await followBuild(
        ctx,
        connection,
        last,
        { intervalMs: input.intervalMs, deadline },
        (b) => (last = b),
      );
      if (!result.done) {
        ending = { kind: 'timed-out' };
        // With an error the time-out did not come: the next look could not have been made within it (a long
        // Retry-After), so the step says it stopped early, and why.
        const waited = formatDuration(ctx.clock.now() - started);
        throw new WaitError(
          result.error === undefined
            ? `Build #${num} did not finish within ${formatDuration(input.timeoutMs)}; it was left ` +
                `${describeState(last)}${where}`
            : `Stopped waiting for build #${num} after ${waited}, before the ${formatDuration(input.timeoutMs)} ` +
                `timeout: ${result.error.message}; it was left ${describeState(last)}${where}`,
        );
      }
    } catch (error) {
      if (ctx.signal.aborted) {
        const what = await cancelOnAbort(ctx, input, last);
        ending = { kind: 'cancelled', what };
        throw new AbortedError(`${abortReason(ctx.signal).message}; ${what}`);
      }
      if (error instanceof PollFailedError) {
        ending = { kind: 'gave-up', why: error.message };
        throw new WaitError(
          `Gave up waiting for build #${num}: ${error.message}; it may still be running${where}`,
          {
            cause: error,
          },
        );
      }
      throw error;
    }

    const failure =
      last.outcome === 'success'
        ? { failedStep: undefined, summary: '' }
        : await showFailedSteps(ctx, connection, last, input.failureLogLines, budget);
    failedStep = failure.failedStep ?? '';
    ending = { kind: 'finished', tests: await readTests(ctx, connection, last), failure };
    const how = last.outcome
      ? `finished with outcome '${last.outcome}' (status ${last.status ?? 'unknown'})`
      : `ended without an outcome (status ${last.status ?? 'unknown'}, lifecycle ${last.lifecycle ?? 'unknown'})`;
    if (!passes(input.policy, last.outcome)) {
      const allowed = input.policy.allowed.size > 1 ? `; allowed: ${describePolicy(input.policy)}` : '';
      throw new WaitError(logSafe(`Build #${num} ${how}${allowed}${where}`));
    }
    if (last.outcome === 'success') ctx.info(`Build #${num} succeeded${where}`);
    else ctx.info(`Build #${num} ${how}, which allowed-outcomes lets pass${where}`);
  } finally {
    ctx.setOutput('build-num', num);
    ctx.setOutput('build-url', url);
    ctx.setOutput('status', last.status ?? '');
    ctx.setOutput('lifecycle', last.lifecycle ?? '');
    ctx.setOutput('outcome', input.wait && isFinished(last) ? (last.outcome ?? '') : '');
    ctx.setOutput('failed-step', failedStep);
    await writeSummary(ctx, last, ending, ctx.clock.now() - started, budget);
  }
}

/**
 * Cancels the triggered build after the step was cancelled, once, on a connection of its own (the step's is
 * aborted) with a short budget. Returns what became of the build, for the error and the summary.
 */
async function cancelOnAbort(ctx: ActionContext, input: TriggerInputs, last: Build): Promise<string> {
  const num = last.build_num;
  const where = last.build_url ? `: ${last.build_url}` : '';
  if (isFinished(last)) return `build #${num} had already finished`;
  if (!input.cancelOnAbort) {
    ctx.info(`The step was cancelled; build #${num} was left running (cancel-on-abort: false)${where}`);
    return `build #${num} was left running (cancel-on-abort: false)`;
  }
  ctx.info(`The step was cancelled; cancelling build #${num}`);
  return afterAbort(
    ctx,
    async ({ client, project }) => {
      const cancelled = await client.cancel(project, num);
      ctx.info(`Cancelled build #${num} (now ${describeState(cancelled)})${where}`);
      return `build #${num} was cancelled`;
    },
    (why) => {
      ctx.io.warning(logSafe(`Could not cancel build #${num} (${why}); cancel it by hand${where}`));
      return `build #${num} could not be cancelled (${why}) and may still be running`;
    },
  );
}

/** The step was cancelled during the trigger: finds the build it may have started, and cancels it. */
async function cancelLostBuild(
  ctx: ActionContext,
  input: TriggerInputs,
  request: TriggerOptions,
  before: number,
): Promise<string> {
  const branch = `branch '${input.branch}'`;
  if (!input.cancelOnAbort) {
    ctx.info(
      `The step was cancelled during the trigger; a build may have started on ${branch} (cancel-on-abort: false)`,
    );
    return `a build may have started on ${branch} (cancel-on-abort: false)`;
  }
  ctx.info(`The step was cancelled during the trigger; looking for the build it may have started`);
  return afterAbort(
    ctx,
    async ({ client, project }) => {
      const found = await client.findTriggeredBuild(project, request, before);
      if (found === undefined) return `no build had started on ${branch}`;
      const num = found.build_num;
      const cancelled = isFinished(found) ? found : await client.cancel(project, num);
      ctx.info(
        `Cancelled build #${num}, started as the step was cancelled (now ${describeState(cancelled)})`,
      );
      return `build #${num}, started as the step was cancelled, was cancelled`;
    },
    (why) => {
      ctx.io.warning(
        logSafe(`Could not check for a build started on ${branch} (${why}); look for it by hand`),
      );
      return `a build may have started on ${branch} and could not be cancelled (${why})`;
    },
  );
}

/**
 * Work that must still be done after the step was cancelled: on a connection of its own, with a short real-time
 * budget, so the step still ends well before the runner kills it.
 */
async function afterAbort(
  ctx: ActionContext,
  work: (connection: Connection) => Promise<string>,
  failed: (why: string) => string,
): Promise<string> {
  const budget = AbortSignal.timeout(CANCEL_BUDGET_MS);
  const connection = ctx.connect({ signal: budget, timeouts: CANCEL_TIMEOUTS, retry: CANCEL_RETRY });
  try {
    return await work(connection);
  } catch (error) {
    return failed(
      budget.aborted ? `no answer within ${formatDuration(CANCEL_BUDGET_MS)}` : (error as Error).message,
    );
  }
}

async function writeSummary(
  ctx: ActionContext,
  build: Build,
  ending: Ending,
  elapsedMs: number,
  budget: AnnotationBudget,
): Promise<void> {
  const parts = [buildHeading(build)];
  const extra: Record<string, string> = {};
  if (ending.kind !== 'not-waited') extra['Waited'] = formatDuration(elapsedMs);
  parts.push(buildFacts(build, extra));
  switch (ending.kind) {
    case 'not-waited':
      parts.push('Triggered; the step did not wait for the build to finish.');
      break;
    case 'timed-out':
      parts.push(`The build did not finish within the wait; the step stopped waiting and left it running.`);
      break;
    case 'cancelled':
      parts.push(`The step was cancelled: ${mdSafe(ending.what)}.`);
      break;
    case 'gave-up':
      parts.push(`The step gave up waiting: ${mdSafe(ending.why)}`);
      break;
    case 'finished':
      if (ending.failure.summary) parts.push('#### Why it failed', ending.failure.summary);
      parts.push(...testsSection(ctx, ending.tests, budget));
      break;
  }
  try {
    await ctx.io.summary.addRaw(parts.join('\n\n'), true).write();
  } catch (error) {
    // A summary that cannot be written must not turn a build's verdict into another one.
    ctx.io.warning(`Could not write the job summary: ${(error as Error).message}`);
  }
}

/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
export function run(): Promise<void> {
  return runAction(spec, triggerBuild);
}
