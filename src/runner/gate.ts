// The gate of trigger-build (`wait`) and wait-for-build: waits for builds with its looks (gate-looks.ts), judges
// them by the one rule (verdict.ts), shows why they failed and their tests, and sets the outputs and summary.
import { abortReason } from '../common/clock.ts';
import { AbortedError } from '../common/errors.ts';
import { formatDuration } from '../common/format.ts';
import type { Job } from '../service/model.ts';
import type { WorkflowEnd } from '../service/pipeline-builds.ts';
import type { Pipeline } from '../service/v2.ts';
import { openService, type Service } from '../service/service.ts';
import type { JobSource } from '../service/sources.ts';
import {
  AnnotationBudget,
  MAX_FAILURE_REPORTS,
  readTests,
  showFailedSteps,
  testsSection,
  type FailureReport,
  type TestsRead,
} from './build-report.ts';
import { inGroup } from './io.ts';
import {
  describePolicy,
  ifNothing,
  outcomeOf,
  outputWord,
  showOutcome,
  workflowOutcome,
  worstOutcome,
} from './outcomes.ts';
import { waitFailed, WaitError } from './wait.ts';
import { pipelineProject, type ActionContext, type Connection } from './run.ts';
import { appendSummary, buildLink, mdLink } from './summary.ts';
import { logSafe, mdSafe, shellSafeUrl } from './text.ts';
import { scopeOf, describeState, upper, type GateInputs, type Ending, type Finished } from './gate-scope.ts';
import { judge, unbuiltOf, decidingBuild, newest } from './verdict.ts';
import { waitForJobs } from './gate-looks.ts';

interface GateOptions {
  started: number;
  deadline: number;
  /** Cancels what still runs once the step was cancelled, and says what became of it (trigger-build). */
  onAbort?: (builds: readonly Job[]) => Promise<string>;
  /** The `build-num` output: the newest build, or the first that did not pass (trigger-build). */
  buildNum?: 'newest' | 'deciding';
  seen?: (builds: readonly Job[]) => void;
}

interface Reports {
  tests: Map<number, TestsRead>;
  failures: Map<number, FailureReport>;
  budget: AnnotationBudget;
}

/** Waits for builds, then fails the step unless each ended with an allowed outcome, and reports on them. */
export async function gateBuilds(
  ctx: ActionContext,
  service: Service,
  input: GateInputs,
  options: GateOptions,
): Promise<Job[]> {
  const { deadline } = options;
  let builds: Job[] = [];
  let ending: Ending = { kind: 'cancelled' };
  let workflows: readonly WorkflowEnd[] = [];
  const reports: Reports = { tests: new Map(), failures: new Map(), budget: new AnnotationBudget() };
  try {
    let waited: Finished;
    try {
      const seen = (b: Job[]): void => {
        builds = b;
        options.seen?.(b);
      };
      const stopped = (why: string): void => void (ending = { kind: 'stopped', why });
      // The wait is a log group of its own, ended before the failure reports print theirs (GitHub nests none).
      const follow = async (): Promise<Finished> =>
        waitForJobs(ctx, service, await oneJob(service, input), { deadline, seen, stopped });
      ending = waited = await inGroup(ctx.io, logSafe(`Waiting for the builds of ${scopeOf(input)}`), follow);
    } catch (error) {
      if (ctx.signal.aborted && options.onAbort !== undefined) {
        const what = await options.onAbort(builds);
        ending = { kind: 'cancelled', what };
        throw new AbortedError(`${abortReason(ctx.signal).message}; ${what}`);
      }
      if (!ctx.signal.aborted && !(error instanceof AbortedError || error instanceof WaitError))
        ending = { kind: 'stopped', why: (error as Error).message };
      throw error;
    }
    const verdict = judge(input, {
      ...waited,
      builds,
      others: waited.others ?? builds,
      workflows: waited.workflows ?? [],
      unbuilt: unbuiltOf(input),
    });
    workflows = verdict.judged;
    for (const w of workflows)
      if (w.status !== 'success') ctx.info(`Workflow ${w.name} ended with status ${w.status}`);

    // A skipped build ran no step and no test: there is nothing to show of it.
    const unsuccessful = builds.filter((b) => !['success', 'not_run'].includes(outcomeOf(b)));
    // Reads after the verdict stop at the step's deadline: the verdict stands without them.
    const late = (): boolean => ctx.clock.now() >= deadline;
    for (const build of unsuccessful.slice(0, MAX_FAILURE_REPORTS)) {
      if (late()) break;
      const failure = await showFailedSteps(ctx, service, build, input.failureLogLines, reports.budget);
      reports.failures.set(build.number, failure);
    }
    for (const build of unsuccessful) {
      if (late()) break;
      reports.tests.set(build.number, await readTests(ctx, service, build));
    }
    if (reports.tests.size < unsuccessful.length)
      ctx.info(`The step's time-out came: the remaining failure logs and tests are not read`);

    if (verdict.fail !== undefined) throw waitFailed(logSafe(verdict.fail));
    if (verdict.none !== undefined) {
      // Nothing ran (a commit the service skipped or filtered out): `if-no-builds` decides, never a success.
      const why = verdict.none;
      ending = { kind: 'stopped', why };
      const going = `${why}; going on with outcome 'none' (if-no-builds: ${input.ifNoBuilds})`;
      ifNothing(ctx, input.ifNoBuilds, going, () => waitFailed(logSafe(upper(why))));
      ending = { kind: 'none', why };
      return builds;
    }
    const worst = endOutcome(ending, builds, workflows);
    const target = scopeOf(input);
    ctx.info(
      worst === 'success'
        ? `${builds.length === 1 ? 'The build' : `All ${builds.length} builds`} of ${target} succeeded`
        : `The builds of ${target} ended with outcome '${worst}', which allowed-outcomes ` +
            `(${describePolicy(input.policy)}) lets pass`,
    );
  } finally {
    setOutputs(ctx, input, builds, endOutcome(ending, builds, workflows), reports.failures, options);
    await writeSummary(ctx, input, { builds, workflows }, ending, reports, ctx.clock.now() - options.started);
  }
  return builds;
}

// One pipeline as the gate's source, its jobs read in its own project (docs/promises.md, promise 35).
export function pipelineSource(
  ctx: ActionContext,
  connection: Connection,
  pipeline: Pipeline,
  times: { settleMs: number; emptyMs: number },
  asked?: string,
): { service: Service; source: JobSource } {
  const own = pipelineProject(ctx, connection, pipeline, asked, {
    leaveOut: 'gate the pipeline in its own project',
    said: `its jobs are read in ${String(pipeline['project_slug'])}`,
  });
  const service =
    own === connection.project
      ? connection.service
      : openService({ transport: connection.transport, project: own });
  return { service, source: service.pipelineSource(pipeline, { now: () => ctx.clock.now(), ...times }) };
}

async function oneJob(service: Service, input: GateInputs): Promise<GateInputs> {
  if (input.buildNum === undefined) return input;
  const source = await service.oneJob(input.buildNum);
  return { ...input, workflows: [], jobs: [], named: [], source };
}

/** The `outcome` output: the worst of the builds and workflows once all ended; 'none' when none ran. */
function endOutcome(ending: Ending, builds: readonly Job[], workflows: readonly WorkflowEnd[]): string {
  if (ending.kind === 'none') return 'none';
  // A wait that did not end (the deadline, a give-up, a named job that never came, a cancel) judged nothing: a
  // later `if: always()` step must never read `success` from a step that failed so.
  if (ending.kind !== 'finished') return '';
  if (builds.length + workflows.length === 0 || !builds.every((b) => b.ended)) return '';
  return worstOutcome([...builds.map(outcomeOf), ...workflows.map((w) => workflowOutcome(w.status))]);
}

function setOutputs(
  ctx: ActionContext,
  input: GateInputs,
  builds: readonly Job[],
  outcome: string,
  failures: ReadonlyMap<number, FailureReport>,
  options: GateOptions,
): void {
  const only = input.jobs.length === 1 ? input.jobs[0] : undefined;
  const ofJob = only && !only.negated ? builds.filter((b) => only.test(b.name ?? '')) : builds;
  const deciding = options.buildNum === 'deciding' && builds.every((b) => b.ended);
  const main = deciding ? decidingBuild(ofJob, input.policy) : newest(ofJob);
  ctx.setOutput('build-num', main?.number ?? '');
  ctx.setOutput('build-url', shellSafeUrl(main?.url ?? ''));
  ctx.setOutput('outcome', outputWord(ctx.info, 'outcome', outcome));
  const rows = builds.map((b) => buildRow(b));
  for (const { job, workflow, status } of unbuiltOf(input))
    rows.push({ build_num: null, build_url: null, job, workflow, status, outcome: null });
  ctx.setOutput('builds', rows);
  const failedStep = builds.map((b) => failures.get(b.number)?.failedStep).find((s) => s !== undefined);
  ctx.setOutput('failed-step', failedStep ?? '');
}

/** A row of the `builds` output. */
export function buildRow(b: Job, outcome = outcomeOf(b) || null): Record<string, unknown> {
  return {
    build_num: b.number,
    build_url: b.url ? shellSafeUrl(b.url) : null,
    job: b.name,
    workflow: b.workflow.name,
    status: b.status,
    outcome,
  };
}

async function writeSummary(
  ctx: ActionContext,
  input: GateInputs,
  { builds, workflows }: { builds: readonly Job[]; workflows: readonly WorkflowEnd[] },
  ending: Ending,
  reports: Reports,
  elapsedMs: number,
): Promise<void> {
  const title =
    input.buildNum === undefined ? `Builds of ${mdSafe(scopeOf(input), 200)}` : `Build #${input.buildNum}`;
  const worst = showOutcome(endOutcome(ending, builds, workflows));
  const facts = [
    ...(worst ? [`**Outcome:** ${mdSafe(worst, 50)}`] : []),
    `**Waited:** ${formatDuration(elapsedMs)}`,
    `**Allowed:** ${mdSafe(describePolicy(input.policy))}`,
  ];
  const parts = [`### ${title}`, facts.join(' · ')];
  if (builds.length > 0) parts.push(buildsTable(builds));
  const list = workflows
    .filter((w) => w.status !== 'success')
    .map((w) => `- Workflow ${mdSafe(w.name, 100)} ended with status ${mdSafe(w.status, 50)}`);
  if (list.length > 0) parts.push(list.join('\n'));
  if (ending.kind === 'cancelled')
    parts.push(
      ending.what === undefined
        ? 'The step was cancelled; the builds were left as they were (this action cancels nothing).'
        : `The step was cancelled: ${mdSafe(ending.what, 1000)}.`,
    );
  else if (ending.kind === 'stopped') parts.push(mdSafe(ending.why, 1000));
  else if (ending.kind === 'none')
    parts.push(`${mdSafe(ending.why, 1000)}; nothing to wait for (if-no-builds: ${input.ifNoBuilds}).`);
  for (const build of builds) {
    const read = reports.tests.get(build.number);
    if (read === undefined) continue;
    const name = `Build #${build.number}${build.name === null ? '' : ` · ${mdSafe(build.name, 100)}`}`;
    // Built, not replaced: a replacement string would read `$'` and the like in a job's name.
    const heading = mdLink(name, build.url);
    parts.push(`#### ${heading}: ${mdSafe(showOutcome(outcomeOf(build)) || describeState(build), 50)}`);
    const failure = reports.failures.get(build.number)?.summary;
    if (failure) parts.push(failure);
    parts.push(...testsSection(ctx, read, reports.budget, 5));
  }
  await appendSummary(ctx.io, parts.join('\n\n'));
}

function buildsTable(builds: readonly Job[]): string {
  const rows = builds.map((b) => {
    const cells = [b.name ?? '', b.workflow.name ?? ''].map((text) => mdSafe(text, 100));
    cells.push(mdSafe(b.status ?? '', 50));
    const took = b.durationMs === null ? '' : formatDuration(b.durationMs);
    return `| ${buildLink(b)} | ${cells.join(' | ')} | ${mdSafe(showOutcome(outcomeOf(b)), 50)} | ${took} |`;
  });
  const head = ['| Build | Job | Workflow | Status | Outcome | Duration |', '|---|---|---|---|---|---|'];
  return [...head, ...rows].join('\n');
}
