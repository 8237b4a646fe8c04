import {
  AnnotationBudget,
  readTests,
  showFailedSteps,
  testsSection,
  type TestsRead,
} from '../../runner/build-report.ts';
import { followBuild } from '../../runner/gate-looks.ts';
import { describeState, type GateInputs } from '../../runner/gate-scope.ts';
import { decidingBuild } from '../../runner/verdict.ts';
import {
  describePolicy,
  ifNothing,
  outcomeOf,
  passes,
  readIfNothing,
  readOutcomePolicy,
  outputWord,
} from '../../runner/outcomes.ts';
import { gateBuilds, pipelineSource } from '../../runner/gate.ts';
import { waitFailed } from '../../runner/wait.ts';
import { runAction, type ActionContext, type ActionSpec, type Connection } from '../../runner/run.ts';
import { appendSummary, buildFacts, buildHeading } from '../../runner/summary.ts';
import { logSafe, mdSafe, shellSafeUrl } from '../../runner/text.ts';
import { connectUntil, pollIntervalMs, v11Connection, waitMs } from '../../runner/wait-inputs.ts';
import { formatDuration, plural } from '../../common/format.ts';
import {
  checkTriggerInputs,
  confirmPipeline,
  pipelineUrl,
  readTriggerApi,
  startBuild,
  workflowRows,
  type Started,
  type TriggerRequest,
} from '../../runner/trigger-api.ts';
import { inGroup } from '../../runner/io.ts';
import { triggerRefOf } from '../../runner/workflow.ts';
import { abortReason } from '../../common/clock.ts';
import { projectName, TriggerAbortedError, type ProjectAddress } from '../../service/v1.ts';
import { jobOf } from '../../service/commit-builds.ts';
import { AbortedError } from '../../common/errors.ts';
import { PipelineErroredError, type PipelineBuilds } from '../../service/pipeline-builds.ts';
import {
  FINAL_WORKFLOW_STATUSES,
  PipelineTriggerAbortedError,
  Pipelines,
  ProjectsV2,
  type Pipeline,
} from '../../service/v2.ts';
import { definedOnly, isFinished, type Build } from '../../service/records.ts';
import { MAX_OUTPUT_LINES } from '../../service/step-output.ts';
import { checkRevisionOrTag, checkSegment, type BuildParams } from '../../service/validate.ts';

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
    'github-context-params',
    'github-meta',
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

/** The real time a cancel after the step's own gets, so that the step exits before the runner kills it. */
const CANCEL_BUDGET_MS = 4000;
const CANCEL_TIMEOUTS = { connectMs: 2000, headersMs: 3000, bodyIdleMs: 3000 };
const CANCEL_RETRY = { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 800 };

/** Reads and checks every input of the action's own before anything is sent. */
function readInputs(ctx: ActionContext) {
  const { inputs } = ctx;
  const { branch, tag, revision } = triggerRefOf(
    { branch: inputs.optional('branch'), tag: inputs.optional('tag'), revision: inputs.optional('revision') },
    ctx.env,
  );
  checkSegment('branch', branch);
  checkRevisionOrTag('revision', revision, 'tag', tag);
  if (tag !== undefined) checkSegment('tag', tag, 'a tag name');
  if (revision !== undefined) checkSegment('revision', revision, 'a commit');
  const parallel = inputs.integer('parallel', 1, 1000);
  const params = withContextParams(ctx, inputs.params('params'));
  const wait = inputs.boolean('wait', false);
  const timeoutMs = waitMs(inputs, 'wait-timeout-minutes', 60);
  const intervalMs = pollIntervalMs(inputs);
  const cancelOnAbort = inputs.boolean('cancel-on-abort', true);
  const policy = readOutcomePolicy(inputs);
  const failureLogLines = inputs.integer('failure-log-lines', 0, MAX_OUTPUT_LINES, 50);
  const api = readTriggerApi(inputs);
  const ifNoBuilds = readIfNothing(inputs, 'if-no-builds', 'fail');
  const definitionId = inputs.optional('definition-id');
  if (definitionId !== undefined) checkSegment('definition-id', definitionId, 'a pipeline definition id');
  const request: TriggerRequest = {
    branch,
    ...definedOnly({ definitionId, revision, tag, parallel, params }),
  };
  // With project-slug, startBuild checks again, before anything is sent, what a slug project cannot take.
  checkTriggerInputs(api, request);
  return { api, ifNoBuilds, request, wait, timeoutMs, intervalMs, cancelOnAbort, policy, failureLogLines };
}

type TriggerInputs = ReturnType<typeof readInputs>;

/** The runner variable each parameter of the service's own trigger action comes from. */
const CONTEXT_PARAMS = {
  GHA_Actor: 'GITHUB_ACTOR',
  GHA_Action: 'GITHUB_ACTION',
  GHA_Event: 'GITHUB_EVENT_NAME',
};

/**
 * With `github-context-params`, the parameters the service's own trigger action sends, with its values, so that a
 * configuration written for it runs unchanged: GHA_Actor, GHA_Action, GHA_Event, and GHA_Meta when `github-meta`
 * is given. A parameter `params` sets too keeps the value of `params`, with a warning.
 */
function withContextParams(ctx: ActionContext, given: BuildParams | undefined): BuildParams | undefined {
  const meta = ctx.inputs.optional('github-meta');
  if (!ctx.inputs.boolean('github-context-params', false)) {
    if (meta !== undefined)
      ctx.io.warning('github-meta is given but not sent: it is sent only with github-context-params: true');
    return given;
  }
  // Only the variables that are set, as that action sends them (a variable not set leaves its parameter out).
  const added: BuildParams = Object.create(null) as BuildParams;
  for (const [name, variable] of Object.entries(CONTEXT_PARAMS)) {
    const value = ctx.env[variable];
    if (value !== undefined) added[name] = value;
  }
  if (meta !== undefined) added['GHA_Meta'] = meta;
  const clash = Object.keys(added).filter((name) => given !== undefined && Object.hasOwn(given, name));
  if (clash.length > 0)
    ctx.io.warning(
      `params sets ${clash.join(', ')}, which github-context-params sets too: ` +
        `${clash.length > 1 ? 'the values given in params are' : 'the value given in params is'} sent`,
    );
  return Object.assign(Object.create(null) as BuildParams, added, given);
}

/** Triggers a build (never two), and with `wait` follows it to its end and fails the step unless it succeeds. */
export async function triggerBuild(ctx: ActionContext): Promise<void> {
  const input = readInputs(ctx);
  const startedAt = ctx.clock.now();
  const deadline = startedAt + input.timeoutMs;
  const connection = input.wait ? connectUntil(ctx, deadline) : ctx.connect({ acceptSlug: true });

  const { branch, tag } = input.request;
  const title = `Triggering ${projectName(connection.project)} on ${tag === undefined ? `branch ${branch}` : `tag ${tag}`}`;
  // The trigger is a log group; the pipeline's link, a notice after it, shows on the run's page (none for a build of
  // v1.1, whose link is in the log and the build-url output).
  let link: string | undefined;
  ctx.io.startGroup(logSafe(title));
  let started: Started;
  let confirmed: Pipeline | undefined;
  try {
    started = await startBuild(connection, input.api, input.request).catch(async (error: unknown) => {
      if (!(error instanceof TriggerAbortedError || error instanceof PipelineTriggerAbortedError))
        throw error;
      // Cancelled while the trigger was on its way: the build it may have started must not run on unseen.
      const what = await cancelLost(ctx, input, error);
      throw new AbortedError(`${abortReason(ctx.signal).message}; ${what}`);
    });
    if (started.api === 'v2') {
      link = `Pipeline #${started.pipeline.number}: ${pipelineUrl(connection, started.pipeline)}`;
      confirmed = await confirmTriggered(ctx, connection, input, started, deadline);
    }
  } finally {
    ctx.io.endGroup();
    if (link !== undefined) ctx.io.notice(link);
  }
  if (started.api === 'none') return notTriggered(ctx, input, started.message);
  if (started.api === 'v2') {
    // Confirmed in the group above, or the step failed there.
    const pipeline = confirmed ?? started.pipeline;
    if (input.wait) await followPipeline(ctx, connection, input, pipeline, { started: startedAt, deadline });
    else {
      // Without `wait`: the pipeline's workflows listed at this moment (maybe none yet), and nothing followed.
      const url = pipelineUrl(connection, pipeline);
      const workflows = workflowRows(url, await new Pipelines(connection.transport).workflows(pipeline.id));
      setPipelineOutputs(ctx, workflows);
      const text = 'Triggered; the step did not wait for the pipeline to finish.';
      await pipelineSummary(ctx, pipeline, url, workflows, text);
    }
    return;
  }
  // Only a project v1.1 reaches gets a build of v1.1 (startBuild).
  const v1 = v11Connection(connection);
  const { build: triggered, recoveredAfter } = started.result;
  const num = triggered.build_num;
  const url = triggered.build_url ?? '';
  const where = url ? `: ${url}` : '';
  warnRecovered(ctx, recoveredAfter, `build #${num}`, where);
  ctx.info(`Triggered build #${num} of ${projectName(v1.project)} on branch ${input.request.branch}${where}`);

  let last: Build = triggered;
  /** The summary's closing: none while the step did not wait, a line, or why the finished build failed. */
  let ending: string[] | undefined;
  let tests: TestsRead | undefined;
  let failedStep = '';
  // One budget of error annotations for the failed steps and the failed tests.
  const budget = new AnnotationBudget();
  try {
    if (!input.wait) return;
    ctx.info(
      `Waiting for build #${num} to finish: a look every ${formatDuration(input.intervalMs)}, ` +
        `for at most ${formatDuration(input.timeoutMs)}`,
    );
    const words = {
      unfinished: (error: Error | undefined) => {
        ending = ['The build did not finish within the wait; the step stopped waiting and left it running.'];
        // With an error the time-out did not come: the next look could not have been made within it (a long
        // Retry-After), so the step says it stopped early, and why.
        const waited = formatDuration(ctx.clock.now() - startedAt);
        return error === undefined
          ? `Build #${num} did not finish within ${formatDuration(input.timeoutMs)}; it was left ` +
              `${describeState(last)}${where}`
          : `Stopped waiting for build #${num} after ${waited}, before the ${formatDuration(input.timeoutMs)} ` +
              `timeout: ${error.message}; it was left ${describeState(last)}${where}`;
      },
      gaveUp: (error: Error) => {
        ending = [`The step gave up waiting: ${mdSafe(error.message)}`];
        return `Gave up waiting for build #${num}: ${error.message}; it may still be running${where}`;
      },
    };
    try {
      // The wait is a log group, ended before the failure report prints its own (GitHub nests none).
      const follow = () => followBuild(ctx, v1, last, { ...input, deadline }, (b) => (last = b), words);
      await inGroup(ctx.io, `Waiting for build #${num}`, follow);
    } catch (error) {
      if (ctx.signal.aborted) {
        const what = await cancelOnAbort(ctx, input, last);
        ending = [`The step was cancelled: ${mdSafe(what)}.`];
        throw new AbortedError(`${abortReason(ctx.signal).message}; ${what}`);
      }
      throw error;
    }

    const failure =
      last.outcome === 'success'
        ? { failedStep: undefined, summary: '' }
        : await showFailedSteps(ctx, v1, last, input.failureLogLines, budget);
    failedStep = failure.failedStep ?? '';
    ending = failure.summary ? ['#### Why it failed', failure.summary] : [];
    tests = await readTests(ctx, v1, last);
    const outcome = outcomeOf(last);
    const how = outcome
      ? `finished with outcome '${outcome}' (status ${last.status ?? 'unknown'})`
      : `ended without an outcome (status ${last.status ?? 'unknown'}, lifecycle ${last.lifecycle ?? 'unknown'})`;
    if (!passes(input.policy, outcome)) {
      const allowed = input.policy.allowed.size > 1 ? `; allowed: ${describePolicy(input.policy)}` : '';
      throw waitFailed(logSafe(`Build #${num} ${how}${allowed}${where}`));
    }
    if (last.outcome === 'success') ctx.info(`Build #${num} succeeded${where}`);
    else ctx.info(`Build #${num} ${how}, which allowed-outcomes lets pass${where}`);
  } finally {
    const judged = input.wait && isFinished(last);
    const { job, workflow } = jobOf(last);
    ctx.setOutput('build-num', num);
    ctx.setOutput('build-url', shellSafeUrl(url));
    ctx.setOutput('status', outputWord(ctx.info, 'status', last.status));
    ctx.setOutput('lifecycle', outputWord(ctx.info, 'lifecycle', last.lifecycle));
    ctx.setOutput('outcome', judged ? outputWord(ctx.info, 'outcome', outcomeOf(last)) : '');
    ctx.setOutput('failed-step', failedStep);
    ctx.setOutput('pipeline-id', '');
    ctx.setOutput('pipeline-number', '');
    ctx.setOutput('builds', [
      {
        build_num: num,
        build_url: last.build_url ? shellSafeUrl(last.build_url) : null,
        job: job ?? null,
        workflow: workflow ?? null,
        status: last.status ?? null,
        outcome: judged ? outcomeOf(last) || null : null,
      },
    ]);
    const waited = ending === undefined ? {} : { Waited: formatDuration(ctx.clock.now() - startedAt) };
    const parts = [buildHeading(last), buildFacts(last, waited)];
    parts.push(...(ending ?? ['Triggered; the step did not wait for the build to finish.']));
    if (tests !== undefined) parts.push(...testsSection(ctx, tests, budget));
    await appendSummary(ctx.io, parts.join('\n\n'));
  }
}

/** Says that the trigger's answer was lost, and what the step found it had started. */
function warnRecovered(ctx: ActionContext, after: string | undefined, what: string, where: string): void {
  if (after !== undefined)
    ctx.io.warning(
      logSafe(`The trigger's answer was lost (${after}); found ${what}, which it started${where}`),
    );
}

/** Sets the outputs of a pipeline that is not followed: empty where only a build has a value. */
function setPipelineOutputs(
  ctx: ActionContext,
  workflows: unknown[],
  outcome = '',
  more: string[] = [],
): void {
  for (const name of ['build-num', 'build-url', 'status', 'lifecycle', 'failed-step', ...more])
    ctx.setOutput(name, '');
  ctx.setOutput('outcome', outcome);
  ctx.setOutput('workflows', workflows);
  ctx.setOutput('builds', []);
}

/**
 * A pipeline the trigger created: said, its id, number and address set, and read until its configuration was
 * compiled (docs/sunset.md), with `wait` within the step's deadline: an errored one fails the step either way.
 */
async function confirmTriggered(
  ctx: ActionContext,
  connection: Connection<ProjectAddress>,
  input: TriggerInputs,
  { pipeline, recoveredAfter }: { pipeline: Pipeline; recoveredAfter?: string },
  deadline: number,
): Promise<Pipeline> {
  const url = pipelineUrl(connection, pipeline);
  const { branch, tag } = input.request;
  warnRecovered(ctx, recoveredAfter, `pipeline #${pipeline.number}`, `: ${url}`);
  ctx.info(
    `Triggered pipeline #${pipeline.number} (id ${pipeline.id}) of ${projectName(connection.project)} on ` +
      `${tag === undefined ? `branch ${branch}` : `tag ${tag}`} through API v2: ${url}`,
  );
  ctx.setOutput('pipeline-id', pipeline.id);
  ctx.setOutput('pipeline-number', pipeline.number);
  ctx.setOutput('pipeline-url', url);
  try {
    const until = input.wait ? deadline : undefined;
    return await confirmPipeline(ctx, new Pipelines(connection.transport), pipeline, until);
  } catch (error) {
    if (!(error instanceof PipelineErroredError)) throw error;
    setPipelineOutputs(ctx, []);
    await pipelineSummary(ctx, pipeline, url, [], `The pipeline failed: ${mdSafe(error.message, 1000)}`);
    throw error;
  }
}

/** The service triggered nothing (a skip marker in the commit message): `if-no-builds` decides. */
async function notTriggered(ctx: ActionContext, input: TriggerInputs, message: string): Promise<void> {
  setPipelineOutputs(ctx, [], 'none', ['pipeline-id', 'pipeline-number', 'pipeline-url']);
  const text = `The service triggered no pipeline: ${message}`;
  await appendSummary(
    ctx.io,
    `### No pipeline\n\n${mdSafe(text, 1000)} (if-no-builds: ${input.ifNoBuilds}).`,
  );
  const going = `${text}; going on with outcome 'none' (if-no-builds: ${input.ifNoBuilds})`;
  ifNothing(ctx, input.ifNoBuilds, going, () => waitFailed(logSafe(`${text} (if-no-builds: fail)`)));
}

async function pipelineSummary(
  ctx: ActionContext,
  pipeline: Pipeline,
  url: string,
  workflows: readonly { name: string; status: string; url: string }[],
  text: string,
): Promise<void> {
  const list = workflows.map((w) => `- [${mdSafe(w.name, 100)}](${w.url}): ${mdSafe(w.status, 40)}`);
  const listed =
    list.length > 0 ? `\n\n**Workflows:**\n\n${list.join('\n')}` : '\n\n**Workflows:** none listed yet';
  await appendSummary(
    ctx.io,
    `### [Pipeline #${pipeline.number}](${url})\n\n**Id:** ${mdSafe(pipeline.id, 80)}${listed}\n\n${text}`,
  );
}

/**
 * A pipeline started through API v2 and waited for: every job of every workflow followed to its end through
 * wait-for-build's gate, and each of its workflows cancelled if the step is.
 */
async function followPipeline(
  ctx: ActionContext,
  connection: Connection<ProjectAddress>,
  input: TriggerInputs,
  pipeline: Pipeline,
  times: { started: number; deadline: number },
): Promise<void> {
  // How long a setup workflow is given to continue (wait-for-build's default settle time), and how long a pipeline
  // past its set-up may list no workflow before the step takes it to run none.
  const source = pipelineSource(ctx, connection, pipeline, { settleMs: 30_000, emptyMs: 60_000 });
  const gate: GateInputs & { source: PipelineBuilds } = {
    ...input,
    query: { revision: '', jobs: [] },
    workflows: [],
    jobs: [],
    named: [],
    appearMs: input.timeoutMs,
    settleMs: 0,
    source,
    label: `pipeline #${pipeline.number}`,
  };
  let builds: readonly Build[] = [];
  try {
    await gateBuilds(ctx, connection, gate, {
      ...times,
      buildNum: 'deciding',
      seen: (b) => (builds = b),
      onAbort: (running) => cancelPipeline(ctx, input, pipeline, source, running),
    });
  } finally {
    const deciding = decidingBuild(builds, input.policy);
    ctx.setOutput('status', outputWord(ctx.info, 'status', deciding?.status));
    // v2 has no lifecycle: a job of a project named by its slug has its status alone (src/service/job-status.ts).
    const lifecycle = 'slug' in connection.project ? undefined : deciding?.lifecycle;
    ctx.setOutput('lifecycle', outputWord(ctx.info, 'lifecycle', lifecycle));
    const url = pipelineUrl(connection, pipeline, builds.find((b) => b.build_url)?.build_url);
    ctx.setOutput('pipeline-url', url);
    ctx.setOutput('workflows', workflowRows(url, source.workflows));
  }
}

/** What the step says of the work after a cancel: when, what it left or does, and what a failure of it means. */
type AfterAbortSays = ReturnType<typeof cancelling>;

/** The words of a cancel of a build or pipeline the step followed. */
function cancelling(name: string, doing: string, where = '') {
  return {
    when: 'The step was cancelled',
    left: `${name} was left running`,
    doing,
    where,
    warn: (why: string) => `Could not cancel ${name} (${why}); cancel it by hand${where}`,
    failed: (why: string) => `${name} could not be cancelled (${why}) and may still be running`,
  };
}

/**
 * Work that must still be done after the step was cancelled, unless cancel-on-abort says no: on a connection of
 * its own (the step's is aborted), with a short real-time budget, so the step ends before the runner kills it.
 * Returns what became of the build or pipeline, for the error and the summary.
 */
async function afterAbort(
  ctx: ActionContext,
  input: TriggerInputs,
  says: AfterAbortSays,
  work: (connection: Connection<ProjectAddress>) => Promise<string>,
): Promise<string> {
  if (!input.cancelOnAbort) {
    ctx.info(`${says.when}; ${says.left} (cancel-on-abort: false)${says.where}`);
    return `${says.left} (cancel-on-abort: false)`;
  }
  ctx.info(`${says.when}; ${says.doing}`);
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
    const why = budget.aborted
      ? `no answer within ${formatDuration(CANCEL_BUDGET_MS)}`
      : (error as Error).message;
    ctx.io.warning(logSafe(says.warn(why)));
    return says.failed(why);
  }
}

/** The step was cancelled while following a pipeline: cancels each of its workflows (v2), so nothing more runs. */
function cancelPipeline(
  ctx: ActionContext,
  input: TriggerInputs,
  pipeline: Pipeline,
  source: PipelineBuilds,
  builds: readonly Build[],
): Promise<string> {
  const name = `pipeline #${pipeline.number}`;
  return afterAbort(
    ctx,
    input,
    cancelling(name, `cancelling the workflows of ${name}`),
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
        const nums = running.map((b) => `#${b.build_num}`).join(', ') || 'none';
        ctx.io.warning(
          logSafe(
            `Could not cancel the workflows of ${name} (${(error as Error).message}); cancelled its running ` +
              `builds instead (${nums}): jobs still to come may run, cancel them by hand`,
          ),
        );
        return `the running builds of ${name} were cancelled (${nums}), not its workflows`;
      }
      const names = open.map((w) => w.name).join(', ');
      ctx.info(`Cancelled ${plural(open.length, 'workflow')} of ${name}${names ? `: ${names}` : ''}`);
      return open.length > 0 ? `${name} was cancelled (workflows ${names})` : `${name} had already ended`;
    },
  );
}

/** The step was cancelled while following the triggered build: cancels it, once. */
async function cancelOnAbort(ctx: ActionContext, input: TriggerInputs, last: Build): Promise<string> {
  const num = last.build_num;
  const where = last.build_url ? `: ${last.build_url}` : '';
  if (isFinished(last)) return `build #${num} had already finished`;
  return afterAbort(
    ctx,
    input,
    cancelling(`build #${num}`, `cancelling build #${num}`, where),
    async (connection) => {
      const { client, project } = v11Connection(connection);
      const cancelled = await client.cancel(project, num);
      ctx.info(`Cancelled build #${num} (now ${describeState(cancelled)})${where}`);
      return `build #${num} was cancelled`;
    },
  );
}

/**
 * The step was cancelled during the trigger: finds the build or pipeline it may have started (newer than
 * `before`, on its branch or tag), and cancels it, or each of its workflows (docs/promises.md, promise 2).
 */
function cancelLost(
  ctx: ActionContext,
  input: TriggerInputs,
  error: TriggerAbortedError | PipelineTriggerAbortedError,
): Promise<string> {
  const { before } = error;
  const kind = error instanceof TriggerAbortedError ? 'build' : 'pipeline';
  const { branch, tag } = input.request;
  const where = kind === 'pipeline' && tag !== undefined ? `tag '${tag}'` : `branch '${branch}'`;
  const says = {
    when: 'The step was cancelled during the trigger',
    left: `a ${kind} may have started on ${where}`,
    doing: `looking for the ${kind} it may have started`,
    where: '',
    warn: (why: string) => `Could not check for a ${kind} started on ${where} (${why}); look for it by hand`,
    failed: (why: string) => `a ${kind} may have started on ${where} and could not be cancelled (${why})`,
  };
  return afterAbort(ctx, input, says, async (connection) => {
    if (kind === 'build') {
      const { client, project } = v11Connection(connection);
      const found = await client.findTriggeredBuild(project, input.request, before);
      if (found === undefined) return `no build had started on ${where}`;
      const num = found.build_num;
      const cancelled = isFinished(found) ? found : await client.cancel(project, num);
      ctx.info(
        `Cancelled build #${num}, started as the step was cancelled (now ${describeState(cancelled)})`,
      );
      return `build #${num}, started as the step was cancelled, was cancelled`;
    }
    const pipelines = new Pipelines(connection.transport);
    const ref = tag === undefined ? { branch } : { tag };
    const found = await pipelines.findTriggered(connection.project, ref, before);
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
  });
}

/** Runs the action: src/actions/bundle.js calls it on the runner, and GitHub's local-action on a workstation. */
export function run(): Promise<void> {
  return runAction(spec, triggerBuild);
}
