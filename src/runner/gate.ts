// The gate of trigger-build (`wait`) and wait-for-build: waits for builds (one by number, a commit's, or a
// pipeline's), judges them under the outcome policy, shows why they failed and their tests, and sets the outputs
// and the summary.
import { abortReason } from '../api/clock.ts';
import { jobOf } from '../api/commit-builds.ts';
import { AbortedError, ValidationError } from '../api/errors.ts';
import { formatDuration } from '../api/format.ts';
import type { ProjectAddress } from '../api/client.ts';
import { choosesName } from '../api/name-patterns.ts';
import { jobReader, PipelineBuilds, type UnbuiltJob, type WorkflowEnd } from '../api/pipeline-builds.ts';
import { Pipelines, ProjectsV2 } from '../api/pipelines.ts';
import { isFinished, type Build } from '../api/records.ts';
import {
  AnnotationBudget,
  MAX_FAILURE_REPORTS,
  readTests,
  showFailedSteps,
  testsSection,
  type FailureShown,
  type TestsRead,
} from './build-report.ts';
import { describeState } from './follow.ts';
import type { Inputs } from './inputs.ts';
import {
  describePolicy,
  outcomeOf,
  passes,
  showOutcome,
  workflowOutcome,
  worstOutcome,
  type OutcomePolicy,
  outputWord,
} from './outcomes.ts';
import { PollFailedError, WaitError } from './poll.ts';
import type { ActionContext, Connection } from './run.ts';
import { appendSummary, buildDurationMs, buildLink, mdLink } from './summary.ts';
import { logSafe, mdSafe, shellSafeUrl } from './text.ts';
import {
  IF_NO_BUILDS,
  label,
  scopeOf,
  waitForCommit,
  waitForOne,
  type Ending,
  type GateInputs,
  type IfNoBuilds,
} from './wait-loops.ts';

export type { BuildSource, GateInputs, IfNoBuilds } from './wait-loops.ts';

/** Reads `if-no-builds`: what to do when nothing ran (wait-for-build's and trigger-build's input alike). */
export function readIfNoBuilds(inputs: Inputs): IfNoBuilds {
  return inputs.oneOf('if-no-builds', IF_NO_BUILDS, 'fail');
}

export interface GateOptions {
  started: number;
  deadline: number;
  /** Cancels what is still running once the step was cancelled; says what became of it (trigger-build). */
  onAbort?: (builds: readonly Build[]) => Promise<string>;
  /** The `build-num` output: the newest build (wait-for-build), or the first that did not pass (trigger-build). */
  buildNum?: 'newest' | 'deciding';
  /** Rows of the `builds` output for jobs that ended without a build (a pipeline's). */
  moreRows?: () => Record<string, unknown>[];
  /** Every list of builds a look counted. */
  seen?: (builds: readonly Build[]) => void;
}

/**
 * Waits for builds (one by number, a commit's, or a source's), then fails the step unless each ended with an
 * allowed outcome; shows why builds failed, their tests, the outputs and the summary. Shared with trigger-build,
 * which follows a pipeline's builds through it.
 */
export async function gateBuilds(
  ctx: ActionContext,
  connection: Connection<ProjectAddress>,
  input: GateInputs,
  options: GateOptions,
): Promise<Build[]> {
  const { started, deadline } = options;
  let builds: Build[] = [];
  let ending: Ending = { kind: 'cancelled' };
  const tests = new Map<number, TestsRead>();
  const failures = new Map<number, FailureShown>();
  // One budget of error annotations for the failed steps and the failed tests of every build.
  const budget = new AnnotationBudget();
  /** The ended workflows' own statuses, part of the verdict. */
  let workflows: readonly WorkflowEnd[] = [];
  try {
    try {
      ending =
        input.buildNum === undefined
          ? await waitForCommit(ctx, connection, input, deadline, (b) => {
              builds = b;
              options.seen?.(b);
            })
          : await waitForOne(
              ctx,
              v11Connection(connection),
              input.buildNum,
              input,
              deadline,
              (b) => (builds = [b]),
            );
    } catch (error) {
      if (ctx.signal.aborted || error instanceof AbortedError) {
        ending = { kind: 'cancelled' };
        if (options.onAbort !== undefined && ctx.signal.aborted) {
          const what = await options.onAbort(builds);
          ending = { kind: 'cancelled', what };
          throw new AbortedError(`${abortReason(ctx.signal).message}; ${what}`);
        }
        throw error;
      }
      ending = { kind: 'gave-up', why: (error as Error).message };
      if (error instanceof PollFailedError) {
        throw new WaitError(
          `Gave up waiting for the builds of ${describeTarget(input)}: ${error.message}; they may still be running`,
          { cause: error },
        );
      }
      throw error;
    }
    const waited: Ending = ending;
    if (waited.kind === 'not-found' && waited.none) {
      ending = ranNothing(ctx, input, waited.why);
      return builds;
    }
    if (waited.kind !== 'finished' && waited.kind !== 'cancelled') throw new WaitError(logSafe(waited.why));
    if (waited.kind === 'finished') workflows = waited.workflows ?? [];
    for (const w of workflows) {
      if (w.status !== 'success') ctx.info(`Workflow ${w.name} ended with status ${w.status}`);
    }

    // A skipped build ran no step and no test: there is nothing to show of it.
    const unsuccessful = builds.filter((b) => !['success', 'not_run'].includes(outcomeOf(b)));
    // Reads after the verdict stop at the step's deadline: the verdict stands without them.
    let saidLate = false;
    const late = (): boolean => {
      if (ctx.clock.now() < deadline) return false;
      if (!saidLate) ctx.info(`The step's time-out came: the remaining failure logs and tests are not read`);
      saidLate = true;
      return true;
    };
    for (const build of unsuccessful.slice(0, MAX_FAILURE_REPORTS)) {
      if (late()) break;
      failures.set(build.build_num, await failureOf(ctx, connection, build, input.failureLogLines, budget));
    }
    for (const build of unsuccessful) {
      if (late()) break;
      tests.set(build.build_num, await readTests(ctx, connection, build));
    }
    const failing = builds.filter((b) => !passes(input.policy, outcomeOf(b)));
    // A workflow's own status counts as a build's outcome would: it may have failed before making a job.
    // One whose failing build already says why is not said again.
    const failingWorkflows = workflows.filter(
      (w) =>
        !passes(input.policy, workflowOutcome(w.status)) &&
        !failing.some((b) => b.workflows?.['workflow_id'] === w.id || jobOf(b).workflow === w.name),
    );
    if (failing.length > 0 || failingWorkflows.length > 0)
      throw new WaitError(logSafe(failureMessage(input, builds, failing, failingWorkflows)));
    if (waited.kind === 'finished' && waited.nothing !== undefined) {
      ending = { kind: 'not-found', why: waited.nothing, none: true };
      ending = ranNothing(ctx, input, waited.nothing);
      return builds;
    }
    const worst = worstOf(builds, workflows);
    if (worst === 'success') {
      ctx.info(
        `${builds.length === 1 ? 'The build' : `All ${builds.length} builds`} of ${describeTarget(input)} succeeded`,
      );
    } else {
      ctx.info(
        `The builds of ${describeTarget(input)} ended with outcome '${worst}', which allowed-outcomes ` +
          `(${describePolicy(input.policy)}) lets pass`,
      );
    }
  } finally {
    setOutputs(ctx, input, { builds, workflows }, failures, ending, options);
    await writeSummary(
      ctx,
      input,
      { builds, workflows },
      ending,
      { tests, failures, budget },
      ctx.clock.now() - started,
    );
  }
  return builds;
}

/** The connection for a call only v1.1 has: a project named by its slug takes the v2 paths before it gets here. */
export function v11Connection(connection: Connection<ProjectAddress>): Connection {
  const { project } = connection;
  if ('slug' in project)
    throw new ValidationError(
      'project-slug',
      'this call has no API v2 form, so such a project cannot be reached',
    );
  return { ...connection, project };
}

/** One pipeline as the gate's source, its jobs read as the project allows (jobReader). */
export function pipelineSource(
  ctx: ActionContext,
  connection: Connection<ProjectAddress>,
  pipeline: { id: string; number: number },
  times: { settleMs: number; emptyMs: number },
): PipelineBuilds {
  const { client, transport, project } = connection;
  return new PipelineBuilds(
    jobReader(client, new ProjectsV2(transport), project),
    new Pipelines(transport),
    pipeline,
    {
      now: () => ctx.clock.now(),
      ...times,
    },
  );
}

/**
 * Gates one pipeline (trigger-build's, or wait-for-build's `pipeline-id`): its builds, then its jobs that ended
 * without a build, which fail it unless the policy allows their status, as a deploy that never ran is no deploy.
 */
export async function gatePipeline(
  ctx: ActionContext,
  connection: Connection<ProjectAddress>,
  input: GateInputs & { source: PipelineBuilds },
  options: GateOptions,
): Promise<Build[]> {
  const { source } = input;
  const chosen = (): UnbuiltJob[] =>
    source.unbuilt.filter((j) => choosesName(input.workflows, j.workflow) && choosesName(input.jobs, j.job));
  const builds = await gateBuilds(ctx, connection, input, {
    ...options,
    moreRows: () =>
      chosen().map((j) => ({
        build_num: null,
        build_url: null,
        job: j.job,
        workflow: j.workflow,
        status: j.status,
        outcome: null,
      })),
  });
  const stopped = chosen().filter((j) => !passes(input.policy, j.status));
  if (stopped.length > 0) {
    const list = stopped.map((j) => `job ${j.job} of workflow ${j.workflow} ended ${j.status}`).join(', ');
    throw new WaitError(
      logSafe(`${scopeOf(input).replace(/^./u, (c) => c.toUpperCase())}: ${list}, without running`),
    );
  }
  return builds;
}

/**
 * Why a build did not pass: its failed steps (v1.1); a job of a project named by its slug has no step output
 * through v2, so one line points to its page instead.
 */
function failureOf(
  ctx: ActionContext,
  connection: Connection<ProjectAddress>,
  build: Build,
  lines: number,
  budget: AnnotationBudget,
): Promise<FailureShown> {
  const { project } = connection;
  if (!('slug' in project)) return showFailedSteps(ctx, v11Connection(connection), build, lines, budget);
  const url = build.build_url ?? '';
  if (lines > 0 && url !== '')
    ctx.info(
      `Job ${label(build)} ended ${build.status ?? 'unknown'}: API v2 has no step output; its log is at ${url}`,
    );
  return Promise.resolve({
    failedStep: undefined,
    summary: url === '' ? '' : mdLink("The job's page shows its log", url),
  });
}

/**
 * Nothing ran (no build appeared, or a pipeline made no job): `if-no-builds` decides, and it is never a success.
 */
function ranNothing(ctx: ActionContext, input: GateInputs, why: string): Ending {
  if (input.ifNoBuilds === 'fail') throw new WaitError(logSafe(why.charAt(0).toUpperCase() + why.slice(1)));
  // Nothing to wait for (a commit the service skipped or filtered out), and the workflow says that is fine.
  const text = `${why}; going on with outcome 'none' (if-no-builds: ${input.ifNoBuilds})`;
  if (input.ifNoBuilds === 'warn') ctx.io.warning(logSafe(text));
  else ctx.info(logSafe(text));
  return { kind: 'none', why };
}

/** The worst outcome of the builds and of the workflows' own statuses. */
function worstOf(builds: readonly Build[], workflows: readonly WorkflowEnd[]): string {
  return worstOutcome([...builds.map(outcomeOf), ...workflows.map((w) => workflowOutcome(w.status))]);
}

/** The build that decided a verdict: the first that did not pass, else the newest. */
export function decidingBuild(builds: readonly Build[], policy: OutcomePolicy): Build | undefined {
  return builds.find((b) => !passes(policy, outcomeOf(b))) ?? newest(builds);
}

function newest(builds: readonly Build[]): Build | undefined {
  return builds.reduce<Build | undefined>(
    (found, b) => (found === undefined || b.build_num > found.build_num ? b : found),
    undefined,
  );
}

function describeTarget(input: GateInputs): string {
  return input.buildNum === undefined ? scopeOf(input) : `build #${input.buildNum}`;
}

function failureMessage(
  input: GateInputs,
  builds: readonly Build[],
  failing: readonly Build[],
  workflows: readonly WorkflowEnd[],
): string {
  const how = (b: Build): string => {
    const outcome = outcomeOf(b);
    if (outcome === 'not_run') return `outcome 'not_run': the service skipped it`;
    return outcome
      ? `outcome '${outcome}' (status ${b.status ?? 'unknown'})`
      : `no outcome (status ${b.status ?? 'unknown'}, lifecycle ${b.lifecycle ?? 'unknown'})`;
  };
  const allowed = input.policy.allowed.size > 1 ? `; allowed: ${describePolicy(input.policy)}` : '';
  const ofWorkflow = (w: WorkflowEnd): string => {
    const outcome = workflowOutcome(w.status);
    const as = outcome && outcome !== w.status ? ` (outcome '${outcome}')` : '';
    return `workflow ${w.name} ended with status '${w.status}'${as}${w.stopped ? ` (${w.stopped.join(', ')})` : ''}`;
  };
  if (workflows.length > 0) {
    const list = [
      ...workflows.map(ofWorkflow),
      ...failing.map((b) => `build ${label(b)} ended with ${how(b)}`),
    ];
    const text = `${list.join(', ')}${allowed}`;
    return `${describeTarget(input).replace(/^./u, (c) => c.toUpperCase())} did not pass: ${text}`;
  }
  const [only] = failing;
  if (failing.length === 1 && only !== undefined) {
    const where = only.build_url ? `: ${only.build_url}` : '';
    const of = builds.length > 1 ? ` of ${builds.length} builds of ${scopeOf(input)}` : '';
    return `Build ${label(only)}${of} ended with ${how(only)}${allowed}${where}`;
  }
  const list = failing.map((b) => `${label(b)} ${how(b)}`).join(', ');
  return `${failing.length} of ${builds.length} builds of ${describeTarget(input)} did not pass: ${list}${allowed}`;
}

function setOutputs(
  ctx: ActionContext,
  input: GateInputs,
  { builds, workflows }: { builds: readonly Build[]; workflows: readonly WorkflowEnd[] },
  failures: ReadonlyMap<number, FailureShown>,
  ending: Ending,
  options: GateOptions,
): void {
  const [onlyJob] = input.jobs;
  const ofJob =
    input.jobs.length === 1 && onlyJob !== undefined && !onlyJob.negated
      ? builds.filter((b) => onlyJob.test(jobOf(b).job ?? ''))
      : [...builds];
  const main =
    options.buildNum === 'deciding' && builds.every(isFinished)
      ? decidingBuild(ofJob, input.policy)
      : newest(ofJob);
  ctx.setOutput('build-num', main?.build_num ?? '');
  ctx.setOutput('build-url', shellSafeUrl(main?.build_url ?? ''));
  ctx.setOutput(
    'outcome',
    ending.kind === 'none'
      ? 'none'
      : !(ending.kind === 'not-found' && ending.none) &&
          builds.length + workflows.length > 0 &&
          builds.every(isFinished)
        ? outputWord(ctx.info, 'outcome', worstOf(builds, workflows))
        : '',
  );
  const rows: Record<string, unknown>[] = builds.map((b) => {
    const { job, workflow } = jobOf(b);
    return {
      build_num: b.build_num,
      build_url: b.build_url ? shellSafeUrl(b.build_url) : null,
      job: job ?? null,
      workflow: workflow ?? null,
      status: b.status ?? null,
      outcome: outcomeOf(b) || null,
    };
  });
  ctx.setOutput('builds', rows.concat(options.moreRows?.() ?? []));
  const firstFailed = builds.find((b) => failures.get(b.build_num)?.failedStep !== undefined);
  ctx.setOutput('failed-step', (firstFailed && failures.get(firstFailed.build_num)?.failedStep) ?? '');
}

async function writeSummary(
  ctx: ActionContext,
  input: GateInputs,
  { builds, workflows }: { builds: readonly Build[]; workflows: readonly WorkflowEnd[] },
  ending: Ending,
  reports: {
    tests: ReadonlyMap<number, TestsRead>;
    failures: ReadonlyMap<number, FailureShown>;
    budget: AnnotationBudget;
  },
  elapsedMs: number,
): Promise<void> {
  const title =
    input.buildNum === undefined ? `Builds of ${mdSafe(scopeOf(input), 200)}` : `Build #${input.buildNum}`;
  const parts = [`### ${title}`];
  const worst =
    ending.kind === 'none'
      ? 'none'
      : !(ending.kind === 'not-found' && ending.none) &&
          builds.length + workflows.length > 0 &&
          builds.every(isFinished)
        ? showOutcome(worstOf(builds, workflows))
        : '';
  const facts = [
    `**Waited:** ${formatDuration(elapsedMs)}`,
    `**Allowed:** ${mdSafe(describePolicy(input.policy))}`,
  ];
  if (worst) facts.unshift(`**Outcome:** ${mdSafe(worst, 50)}`);
  parts.push(facts.join(' · '));
  if (builds.length > 0) parts.push(buildsTable(builds));
  const unsuccessful = workflows.filter((w) => w.status !== 'success');
  if (unsuccessful.length > 0)
    parts.push(
      unsuccessful
        .map((w) => `- Workflow ${mdSafe(w.name, 100)} ended with status ${mdSafe(w.status, 50)}`)
        .join('\n'),
    );
  switch (ending.kind) {
    case 'finished':
      break;
    case 'cancelled':
      parts.push(
        ending.what === undefined
          ? 'The step was cancelled; the builds were left as they were (this action cancels nothing).'
          : `The step was cancelled: ${mdSafe(ending.what, 1000)}.`,
      );
      break;
    case 'timed-out':
    case 'gave-up':
    case 'not-found':
      parts.push(mdSafe(ending.why, 1000));
      break;
    case 'none':
      parts.push(`${mdSafe(ending.why, 1000)}; nothing to wait for (if-no-builds: ${input.ifNoBuilds}).`);
      break;
  }
  for (const build of builds) {
    const read = reports.tests.get(build.build_num);
    if (read === undefined) continue;
    const { job } = jobOf(build);
    const name = `Build #${build.build_num}${job === undefined ? '' : ` · ${mdSafe(job, 100)}`}`;
    // Built, not replaced: a replacement string would read `$'` and the like in a job's name.
    const heading = mdLink(name, build.build_url);
    parts.push(`#### ${heading}: ${mdSafe(showOutcome(outcomeOf(build)) || describeState(build), 50)}`);
    const failure = reports.failures.get(build.build_num)?.summary;
    if (failure) parts.push(failure);
    parts.push(...testsSection(ctx, read, reports.budget, 5));
  }
  await appendSummary(ctx.io, parts.join('\n\n'));
}

/** One row per build: the build (linked), job, workflow, status, outcome, duration. */
function buildsTable(builds: readonly Build[]): string {
  const lines = ['| Build | Job | Workflow | Status | Outcome | Duration |', '|---|---|---|---|---|---|'];
  for (const b of builds) {
    const { job, workflow } = jobOf(b);
    const duration = buildDurationMs(b);
    const cells = [
      buildLink(b),
      mdSafe(job ?? '', 100),
      mdSafe(workflow ?? '', 100),
      mdSafe(b.status ?? '', 50),
      mdSafe(showOutcome(outcomeOf(b)), 50),
      duration === undefined ? '' : formatDuration(duration),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
