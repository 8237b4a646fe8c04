import {
  AnnotationBudget,
  readTests,
  showFailedSteps,
  testsSection,
  type FailureShown,
  type TestsRead,
} from '../../runner/build-report.ts';
import { describeState, followBuild } from '../../runner/follow.ts';
import {
  describePolicy,
  outcomeOf,
  passes,
  readOutcomePolicy,
  type OutcomePolicy,
  outputWord,
} from '../../runner/outcomes.ts';
import {
  decidingBuild,
  gatePipeline,
  pipelineSource,
  readIfNoBuilds,
  type GateInputs,
  type IfNoBuilds,
  v11Connection,
} from '../../runner/gate.ts';
import { PollFailedError, untilDeadline, WAIT_LIMITS, WaitError } from '../../runner/poll.ts';
import { runAction, type ActionContext, type ActionSpec, type Connection } from '../../runner/run.ts';
import { appendSummary, buildFacts, buildHeading } from '../../runner/summary.ts';
import { logSafe, mdSafe, shellSafeUrl } from '../../runner/text.ts';
import { formatDuration } from '../../api/format.ts';
import {
  checkTriggerInputs,
  pipelineUrl,
  readTriggerApi,
  startBuild,
  workflowRows,
  type Started,
  type TriggerApi,
  type TriggerRequest,
} from '../../runner/trigger-api.ts';
import { triggerRef } from '../../runner/workflow.ts';
import { confirmTriggered, notTriggered, notWaitedPipeline } from './pipeline-start.ts';
import { abortReason } from '../../api/clock.ts';
import {
  TriggerAbortedError,
  type ProjectAddress,
  type TriggerOptions,
  type TriggerResult,
} from '../../api/client.ts';
import { jobOf } from '../../api/commit-builds.ts';
import { AbortedError } from '../../api/errors.ts';
import { PipelineBuilds } from '../../api/pipeline-builds.ts';
import {
  FINAL_WORKFLOW_STATUSES,
  PipelineTriggerAbortedError,
  Pipelines,
  ProjectsV2,
  type Pipeline,
} from '../../api/pipelines.ts';
import { definedOnly, isFinished, type Build } from '../../api/records.ts';
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
    'trigger-api',
    'if-no-builds',
    'definition-id',
  ],
  outputs: [
    'build-num',
    'build-url',
    'status',
    'lifecycle',
    'outcome',
    'failed-step',
    'pipeline-id',
    'pipeline-number',
    'pipeline-url',
    'workflows',
    'builds',
  ],
} as const satisfies ActionSpec;

/** Input ranges: a poll interval of up to an hour; a wait of up to 35 days, the longest a workflow run lives. */
export const LIMITS = {
  ...WAIT_LIMITS,
  parallel: { min: 1, max: 1000 },
} as const;

/**
 * The runner sends SIGTERM 7.5 s after SIGINT and then kills the step; on Windows it sends Ctrl-C (SIGINT), then
 * Ctrl-Break (SIGBREAK) 7.5 s later. The cancel of the triggered build gets this much (real) time, so the step
 * still exits within 5 s.
 */
export const CANCEL_BUDGET_MS = 4000;
/** How long a setup workflow is given to continue, as wait-for-build's `settle-seconds` by default. */
const SETTLE_MS = 30_000;
/** How long a pipeline past its set-up may list no workflow before the step takes it to run none. */
const EMPTY_PIPELINE_MS = 60_000;
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
  api: TriggerApi;
  ifNoBuilds: IfNoBuilds;
  definitionId?: string;
}

/** Reads and checks every input of the action's own before anything is sent. */
export function readInputs(ctx: ActionContext): TriggerInputs {
  const { inputs } = ctx;
  const { branch, tag, revision } = triggerRef(inputs, ctx.env);
  checkSegment('branch', branch);
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
  const api = readTriggerApi(inputs);
  const ifNoBuilds = readIfNoBuilds(inputs);
  const definitionId = inputs.optional('definition-id');
  if (definitionId !== undefined) checkSegment('definition-id', definitionId, 'a pipeline definition id');
  // With project-slug, startBuild checks again, before anything is sent, what a slug project cannot take.
  checkTriggerInputs(api, {
    branch,
    ...definedOnly({ revision, parallel, definitionId }),
  });
  return {
    api,
    ifNoBuilds,
    branch,
    ...definedOnly({ definitionId, revision, tag, parallel, params }),
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
  const startedAt = ctx.clock.now();
  const deadline = startedAt + input.timeoutMs;
  // With `wait`, no retry wait of the transport (a long Retry-After) may run past the step's own deadline.
  const connection = ctx.connect({
    ...(input.wait ? { deadline, signal: untilDeadline(ctx.signal, ctx.clock, deadline) } : {}),
    acceptSlug: true,
  });

  const request: TriggerRequest = {
    branch: input.branch,
    ...definedOnly({
      definitionId: input.definitionId,
      revision: input.revision,
      tag: input.tag,
      parallel: input.parallel,
      params: input.params,
    }),
  };
  let started: Started;
  try {
    started = await startBuild(connection, input.api, request);
  } catch (error) {
    // Cancelled while the trigger was on its way: the build it may have started must not run on unseen.
    if (error instanceof TriggerAbortedError) {
      const what = await cancelLostBuild(ctx, input, request, error.before);
      throw new AbortedError(`${abortReason(ctx.signal).message}; ${what}`);
    }
    if (error instanceof PipelineTriggerAbortedError) {
      const what = await cancelLostPipeline(ctx, input, error.before);
      throw new AbortedError(`${abortReason(ctx.signal).message}; ${what}`);
    }
    throw error;
  }
  if (started.api === 'none') {
    await notTriggered(ctx, input, started.message);
    return;
  }
  if (started.api === 'v2') {
    const pipeline = await confirmTriggered(
      ctx,
      connection,
      input,
      started,
      input.wait ? deadline : undefined,
    );
    if (!input.wait) {
      await notWaitedPipeline(ctx, connection, pipeline);
      return;
    }
    await followPipeline(ctx, connection, input, pipeline, { started: startedAt, deadline });
    return;
  }
  // Only a project v1.1 reaches gets a build of v1.1 (startBuild).
  const v1 = v11Connection(connection);
  const { project } = v1;
  const result: TriggerResult = started.result;
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
        v1,
        last,
        { intervalMs: input.intervalMs, deadline },
        (b) => (last = b),
      );
      if (!result.done) {
        ending = { kind: 'timed-out' };
        // With an error the time-out did not come: the next look could not have been made within it (a long
        // Retry-After), so the step says it stopped early, and why.
        const waited = formatDuration(ctx.clock.now() - startedAt);
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
        : await showFailedSteps(ctx, v1, last, input.failureLogLines, budget);
    failedStep = failure.failedStep ?? '';
    ending = { kind: 'finished', tests: await readTests(ctx, v1, last), failure };
    const outcome = outcomeOf(last);
    const how = outcome
      ? `finished with outcome '${outcome}' (status ${last.status ?? 'unknown'})`
      : `ended without an outcome (status ${last.status ?? 'unknown'}, lifecycle ${last.lifecycle ?? 'unknown'})`;
    if (!passes(input.policy, outcome)) {
      const allowed = input.policy.allowed.size > 1 ? `; allowed: ${describePolicy(input.policy)}` : '';
      throw new WaitError(logSafe(`Build #${num} ${how}${allowed}${where}`));
    }
    if (last.outcome === 'success') ctx.info(`Build #${num} succeeded${where}`);
    else ctx.info(`Build #${num} ${how}, which allowed-outcomes lets pass${where}`);
  } finally {
    ctx.setOutput('build-num', num);
    ctx.setOutput('build-url', shellSafeUrl(url));
    ctx.setOutput('status', outputWord(ctx.info, 'status', last.status));
    ctx.setOutput('lifecycle', outputWord(ctx.info, 'lifecycle', last.lifecycle));
    ctx.setOutput(
      'outcome',
      input.wait && isFinished(last) ? outputWord(ctx.info, 'outcome', outcomeOf(last)) : '',
    );
    ctx.setOutput('failed-step', failedStep);
    ctx.setOutput('pipeline-id', '');
    ctx.setOutput('pipeline-number', '');
    const { job, workflow } = jobOf(last);
    ctx.setOutput('builds', [
      {
        build_num: num,
        build_url: last.build_url ? shellSafeUrl(last.build_url) : null,
        job: job ?? null,
        workflow: workflow ?? null,
        status: last.status ?? null,
        outcome: input.wait && isFinished(last) ? outcomeOf(last) || null : null,
      },
    ]);
    await writeSummary(ctx, last, ending, ctx.clock.now() - startedAt, budget);
  }
}

/**
 * A pipeline started through API v2: without `wait`, its id and number; with `wait`, every job of every workflow
 * followed to its end through wait-for-build's machinery (the outcome policy, why a build failed, the tests, the
 * summary), and each of its workflows cancelled if the step is.
 */
async function followPipeline(
  ctx: ActionContext,
  connection: Connection<ProjectAddress>,
  input: TriggerInputs,
  pipeline: Pipeline,
  times: { started: number; deadline: number },
): Promise<void> {
  const source = pipelineSource(ctx, connection, pipeline, {
    settleMs: SETTLE_MS,
    emptyMs: EMPTY_PIPELINE_MS,
  });
  const gate: GateInputs & { source: PipelineBuilds } = {
    query: { revision: '', jobs: [] },
    workflows: [],
    jobs: [],
    named: [],
    ifNoBuilds: input.ifNoBuilds,
    appearMs: input.timeoutMs,
    settleMs: 0,
    timeoutMs: input.timeoutMs,
    intervalMs: input.intervalMs,
    policy: input.policy,
    failureLogLines: input.failureLogLines,
    source,
    label: `pipeline #${pipeline.number}`,
  };
  let builds: readonly Build[] = [];
  try {
    await gatePipeline(ctx, connection, gate, {
      ...times,
      buildNum: 'deciding',
      seen: (b) => (builds = b),
      onAbort: (running) => cancelPipeline(ctx, input, pipeline, source, running),
    });
  } finally {
    const deciding = decidingBuild(builds, input.policy);
    ctx.setOutput('status', outputWord(ctx.info, 'status', deciding?.status));
    // v2 has no lifecycle: a job of a project named by its slug has its status alone (src/api/job-status.ts).
    const lifecycle = 'slug' in connection.project ? undefined : deciding?.lifecycle;
    ctx.setOutput('lifecycle', outputWord(ctx.info, 'lifecycle', lifecycle));
    const url = pipelineUrl(connection, pipeline, builds.find((b) => b.build_url)?.build_url);
    ctx.setOutput('pipeline-url', url);
    ctx.setOutput('workflows', workflowRows(url, source.workflows));
  }
}

/** The step was cancelled while following a pipeline: cancels each of its workflows (v2), so nothing more runs. */
async function cancelPipeline(
  ctx: ActionContext,
  input: TriggerInputs,
  pipeline: Pipeline,
  source: PipelineBuilds,
  builds: readonly Build[],
): Promise<string> {
  const name = `pipeline #${pipeline.number}`;
  if (!input.cancelOnAbort) {
    ctx.info(`The step was cancelled; ${name} was left running (cancel-on-abort: false)`);
    return `${name} was left running (cancel-on-abort: false)`;
  }
  ctx.info(`The step was cancelled; cancelling the workflows of ${name}`);
  return afterAbort(
    ctx,
    async ({ transport, client, project }) => {
      const pipelines = new Pipelines(transport);
      // Workflows a look has not seen yet are listed now: an approval or a job still to come must not run.
      const known = source.workflows;
      const workflows =
        known.length > 0
          ? known
          : (await pipelines.workflows(pipeline.id)).map((w) => ({ ...w, done: false }));
      const open = workflows.filter((w) => !w.done);
      try {
        for (const workflow of open) await pipelines.cancelWorkflow(workflow.id);
      } catch (error) {
        // Without the workflow cancel, the v1.1 cancel still stops the builds that run (not what is to come).
        const running = builds.filter((b) => !isFinished(b));
        for (const build of running) {
          if ('slug' in project) await new ProjectsV2(transport).cancelJob(project, build.build_num);
          else await client.cancel(project, build.build_num);
        }
        const nums = running.map((b) => `#${b.build_num}`).join(', ');
        ctx.io.warning(
          logSafe(
            `Could not cancel the workflows of ${name} (${(error as Error).message}); cancelled its running ` +
              `builds instead (${nums || 'none'}): jobs still to come may run, cancel them by hand`,
          ),
        );
        return `the running builds of ${name} were cancelled (${nums || 'none'}), not its workflows`;
      }
      const names = open.map((w) => w.name).join(', ');
      ctx.info(
        `Cancelled ${open.length} workflow${open.length === 1 ? '' : 's'} of ${name}${names ? `: ${names}` : ''}`,
      );
      return open.length > 0 ? `${name} was cancelled (workflows ${names})` : `${name} had already ended`;
    },
    (why) => {
      ctx.io.warning(logSafe(`Could not cancel ${name} (${why}); cancel it by hand`));
      return `${name} could not be cancelled (${why}) and may still be running`;
    },
  );
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
    async (connection) => {
      const { client, project } = v11Connection(connection);
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
    async (connection) => {
      const { client, project } = v11Connection(connection);
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
 * The step was cancelled during a pipeline trigger: finds the pipeline it may have started (newer than `before`,
 * on its branch or tag), and cancels each of its workflows (docs/promises.md, promise 2).
 */
async function cancelLostPipeline(ctx: ActionContext, input: TriggerInputs, before: number): Promise<string> {
  const ref = input.tag === undefined ? { branch: input.branch } : { tag: input.tag };
  const where = input.tag === undefined ? `branch '${input.branch}'` : `tag '${input.tag}'`;
  if (!input.cancelOnAbort) {
    ctx.info(
      `The step was cancelled during the trigger; a pipeline may have started on ${where} (cancel-on-abort: false)`,
    );
    return `a pipeline may have started on ${where} (cancel-on-abort: false)`;
  }
  ctx.info('The step was cancelled during the trigger; looking for the pipeline it may have started');
  return afterAbort(
    ctx,
    async ({ transport, project }) => {
      const pipelines = new Pipelines(transport);
      const found = await pipelines.findTriggered(project, ref, before);
      if (found === undefined) return `no pipeline had started on ${where}`;
      const name = `pipeline #${found.number} (id ${found.id})`;
      const workflows = await pipelines.workflows(found.id);
      if (workflows.length === 0) {
        ctx.io.warning(
          `${name} started as the step was cancelled and has no workflow yet: its workflows may still start, ` +
            'cancel it by hand',
        );
        return `${name} started and has no workflow yet; its workflows may still start`;
      }
      const open = workflows.filter((w) => !FINAL_WORKFLOW_STATUSES.has(w.status));
      for (const workflow of open) await pipelines.cancelWorkflow(workflow.id);
      const names = logSafe(open.map((w) => w.name).join(', '));
      ctx.info(`Cancelled ${name}, started as the step was cancelled${names ? `: workflows ${names}` : ''}`);
      return open.length > 0
        ? `${name}, started as the step was cancelled, was cancelled (workflows ${names})`
        : `${name}, started as the step was cancelled, had already ended`;
    },
    (why) => {
      ctx.io.warning(
        logSafe(`Could not check for a pipeline started on ${where} (${why}); look for it by hand`),
      );
      return `a pipeline may have started on ${where} and could not be cancelled (${why})`;
    },
  );
}

/**
 * Work that must still be done after the step was cancelled: on a connection of its own, with a short real-time
 * budget, so the step still ends well before the runner kills it.
 */
async function afterAbort(
  ctx: ActionContext,
  work: (connection: Connection<ProjectAddress>) => Promise<string>,
  failed: (why: string) => string,
): Promise<string> {
  const budget = AbortSignal.timeout(CANCEL_BUDGET_MS);
  const connection = ctx.connect({
    signal: budget,
    timeouts: CANCEL_TIMEOUTS,
    retry: CANCEL_RETRY,
    acceptSlug: true,
  });
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
  await appendSummary(ctx.io, parts.join('\n\n'));
}

/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
export function run(): Promise<void> {
  return runAction(spec, triggerBuild);
}
