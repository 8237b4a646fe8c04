// The gate of trigger-build (`wait`) and wait-for-build: waits for builds (one followed by number, a commit's, or
// a pipeline's) through the one wait (wait.ts), judges them under the outcome policy, shows why they
// failed and their tests, and sets the outputs and the summary.
import { abortReason } from '../common/clock.ts';
import { projectName, type ProjectAddress } from '../service/v1.ts';
import { CommitBuilds, jobOf, type CommitQuery } from '../service/commit-builds.ts';
import { AbortedError, ApiError, ValidationError } from '../common/errors.ts';
import { formatDuration } from '../common/format.ts';
import { choosesName, describePatterns, type NamePattern } from '../common/name-patterns.ts';
import {
  commitWorkflows,
  jobReader,
  PipelineBuilds,
  slugCommitBuilds,
  type UnbuiltJob,
  type WorkflowEnd,
} from '../service/pipeline-builds.ts';
import type { PipelineLook } from '../service/pipeline-builds.ts';
import {
  FINAL_WORKFLOW_STATUSES,
  Pipelines,
  ProjectsV2,
  sameProject,
  slugAddress,
  type Pipeline,
} from '../service/v2.ts';
import { definedOnly, isFinished, unusable, type Build } from '../service/records.ts';
import { isV2Id } from '../service/v2-records.ts';
import {
  AnnotationBudget,
  MAX_FAILURE_REPORTS,
  readTests,
  showFailedSteps,
  testsSection,
  type FailureShown,
  type TestsRead,
} from './build-report.ts';
import { inGroup } from './io.ts';
import {
  describePolicy,
  ifNothing,
  outcomeOf,
  outputWord,
  passes,
  showOutcome,
  workflowOutcome,
  worstOutcome,
  type IfNothing,
  type OutcomePolicy,
} from './outcomes.ts';
import { wait, waitFailed, WaitError, type Look, type WaitOptions } from './wait.ts';
import type { ActionContext, Connection } from './run.ts';
import { appendSummary, buildDurationMs, buildLink, mdLink } from './summary.ts';
import { logSafe, mdSafe, shellSafeUrl } from './text.ts';

/** What the gate waits for and how it judges it: wait-for-build's inputs, or what trigger-build makes of its own. */
export interface GateInputs {
  buildNum?: number;
  /** `revision` is '' when it is to be read from the newest build of `branch` (an issue_comment event). */
  query: CommitQuery;
  workflows: NamePattern[];
  jobs: NamePattern[];
  /** Lines of `job` the step waits for until a job they match has appeared. */
  named: NamePattern[];
  ifNoBuilds: IfNothing;
  appearMs: number;
  settleMs: number;
  timeoutMs: number;
  intervalMs: number;
  policy: OutcomePolicy;
  failureLogLines: number;
  /** Where the builds come from instead of the commit's (a pipeline's, for trigger-build), and its name. */
  source?: BuildSource;
  label?: string;
}

// What one look found: the builds that count, oldest first; a source that knows when it is complete (a pipeline)
// needs neither the appear time nor the settle time, and names the workflows that ended and why nothing ran.
export interface BuildSource {
  look(): Promise<
    Partial<Omit<PipelineLook, 'truncated'>> & {
      builds: Build[];
      truncated: boolean;
      /** The workflows of a commit's pipelines that have not ended. */
      open?: { name: string; status: string }[];
      /** Why each of a commit's pipelines that errored runs nothing. */
      errored?: string[];
    }
  >;
}

/** How the wait ended; `stopped` is a time-out, a give-up or builds not found (`none`: nothing appeared). */
export type Ending =
  | {
      kind: 'finished';
      /** Every ended workflow known of the pipeline or the commit. */
      workflows?: WorkflowEnd[];
      /** Why nothing ran, as the source knows it. */
      nothing?: string | undefined;
      /** Every build of the chosen workflows, counted or not. */
      others?: Build[];
      /** Why a named job or workflow, or any build chosen, did not appear. */
      missing?: string;
      /** Why each of the commit's pipelines that errored runs nothing. */
      errored?: string[];
    }
  | { kind: 'cancelled'; what?: string }
  | { kind: 'stopped'; why: string; none?: boolean }
  | { kind: 'none'; why: string };

type Finished = Extract<Ending, { kind: 'finished' }>;

interface GateOptions {
  started: number;
  deadline: number;
  /** Cancels what is still running once the step was cancelled; says what became of it (trigger-build). */
  onAbort?: (builds: readonly Build[]) => Promise<string>;
  /** The `build-num` output: the newest build (wait-for-build), or the first that did not pass (trigger-build). */
  buildNum?: 'newest' | 'deciding';
  /** Every list of builds a look counted. */
  seen?: (builds: readonly Build[]) => void;
}

interface Reports {
  tests: Map<number, TestsRead>;
  failures: Map<number, FailureShown>;
  /** One budget of error annotations for the failed steps and the failed tests of every build. */
  budget: AnnotationBudget;
}

/** Waits for builds, then fails the step unless each ended with an allowed outcome, and reports on them. */
export async function gateBuilds(
  ctx: ActionContext,
  connection: Connection<ProjectAddress>,
  input: GateInputs,
  options: GateOptions,
): Promise<Build[]> {
  const { deadline } = options;
  let builds: Build[] = [];
  let ending: Ending = { kind: 'cancelled' };
  let workflows: readonly WorkflowEnd[] = [];
  const reports: Reports = { tests: new Map(), failures: new Map(), budget: new AnnotationBudget() };
  /** Nothing ran (no build appeared, or a pipeline made no job): `if-no-builds` decides, never a success. */
  const ranNothing = (why: string): Build[] => {
    ending = { kind: 'stopped', why, none: true };
    // Nothing to wait for (a commit the service skipped or filtered out): the workflow says whether that is fine.
    const going = `${why}; going on with outcome 'none' (if-no-builds: ${input.ifNoBuilds})`;
    ifNothing(ctx, input.ifNoBuilds, going, () => waitFailed(logSafe(upper(why))));
    ending = { kind: 'none', why };
    return builds;
  };
  try {
    let waited: Finished;
    try {
      const seen = (b: Build[]): void => {
        builds = b;
        options.seen?.(b);
      };
      /** A wait that ended without a result: the summary says why (the step's error says it too). */
      const stopped = (why: string): void => void (ending = { kind: 'stopped', why });
      // The wait is a log group of its own, ended before the failure reports print theirs (GitHub nests none).
      const follow = async (): Promise<Finished> =>
        waitForCommit(ctx, connection, await oneBuild(connection, input), { deadline, seen, stopped });
      ending = waited = await inGroup(ctx.io, logSafe(`Waiting for the builds of ${scopeOf(input)}`), follow);
    } catch (error) {
      if (ctx.signal.aborted && options.onAbort !== undefined) {
        const what = await options.onAbort(builds);
        ending = { kind: 'cancelled', what };
        throw new AbortedError(`${abortReason(ctx.signal).message}; ${what}`);
      }
      if (ctx.signal.aborted || error instanceof AbortedError) throw error;
      if (!(error instanceof WaitError)) ending = { kind: 'stopped', why: (error as Error).message };
      throw error;
    }
    const verdict = judge(input, {
      builds,
      others: waited.others ?? builds,
      workflows: waited.workflows ?? [],
      unbuilt: unbuiltOf(input),
      ...definedOnly({ missing: waited.missing, nothing: waited.nothing, errored: waited.errored }),
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
      const failure = await failureOf(ctx, connection, build, input.failureLogLines, reports.budget);
      reports.failures.set(build.build_num, failure);
    }
    for (const build of unsuccessful) {
      if (late()) break;
      reports.tests.set(build.build_num, await readTests(ctx, connection, build));
    }
    if (reports.tests.size < unsuccessful.length)
      ctx.info(`The step's time-out came: the remaining failure logs and tests are not read`);

    if (verdict.fail !== undefined) throw waitFailed(logSafe(verdict.fail));
    if (verdict.none !== undefined) return ranNothing(verdict.none);
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

/** The connection for a call only v1.1 has: a project named by its slug takes the v2 paths before it gets here. */
export function v11Connection(connection: Connection<ProjectAddress>): Connection {
  const { project } = connection;
  const why = 'this call has no API v2 form, so such a project cannot be reached';
  if ('slug' in project) throw new ValidationError('project-slug', why);
  return { ...connection, project };
}

/**
 * The connection in a pipeline's own project, its `project_slug` (docs/promises.md, promise 35): the step's own
 * when they name one project, or when the answer names none. When they differ, a project the step named itself
 * makes `asked` (the input that named the pipeline) an input error; else the pipeline's project is used, and said.
 * Without `asked` (a pipeline the step started) another project is another's answer, and unusable.
 */
export function pipelineConnection(
  ctx: ActionContext,
  connection: Connection<ProjectAddress>,
  pipeline: Pipeline,
  asked?: string,
): Connection<ProjectAddress> {
  const named = pipeline['project_slug'];
  if (named === undefined) return connection;
  const own = slugAddress(named);
  const call = { method: 'GET', path: `v2 /pipeline/${pipeline.id}` };
  if (own === undefined)
    throw unusable(call, 'the pipeline has a project_slug that is no provider/organization/project');
  if (sameProject(own, connection.project)) return connection;
  const theirs = `pipeline #${pipeline.number} is of project ${String(named)}, not ${projectName(connection.project)}`;
  if (asked === undefined) throw unusable(call, `${theirs} that the step started it in`);
  const given = PROJECT_INPUTS.filter((name) => ctx.inputs.optional(name) !== undefined);
  if (given.length > 0)
    throw new ValidationError(
      asked,
      `allowed: a pipeline of the project that ${given.join(', ')} ${given.length > 1 ? 'name' : 'names'}, or ` +
        `leave ${given.length > 1 ? 'them' : 'it'} out to gate the pipeline in its own project`,
      undefined,
      theirs,
    );
  ctx.info(`${upper(theirs)}, which the step's inputs do not name: its jobs are read in ${String(named)}`);
  return { ...connection, project: own };
}

/** The inputs that name the step's project; without them it is the workflow's repository. */
const PROJECT_INPUTS = ['project-slug', 'vcs-type', 'username', 'project'] as const;

/** One pipeline as the gate's source, its jobs read as the project allows (jobReader), in its own project. */
export function pipelineSource(
  ctx: ActionContext,
  connection: Connection<ProjectAddress>,
  pipeline: Pipeline,
  times: { settleMs: number; emptyMs: number },
): PipelineBuilds {
  const { client, transport, project } = pipelineConnection(ctx, connection, pipeline);
  const read = jobReader(client, new ProjectsV2(transport), project);
  return new PipelineBuilds(read, new Pipelines(transport), pipeline, {
    now: () => ctx.clock.now(),
    ...times,
  });
}

/** What the gate found once the wait ended: what the one rule judges. */
export interface Found {
  /** The builds counted: of the chosen workflows and jobs, all ended. */
  builds: readonly Build[];
  /** Every build of the chosen workflows, counted or not. */
  others: readonly Build[];
  /** Every ended workflow known of the pipeline or the commit (through v2, where it answers). */
  workflows: readonly WorkflowEnd[];
  /** The chosen jobs of a pipeline that ended without a build. */
  unbuilt: readonly UnbuiltJob[];
  /** Why a named job or workflow, or any build chosen, did not appear within the appear time. */
  missing?: string;
  /** Why nothing ran, as the source knows it (a pipeline that listed no workflow, or ran only approvals). */
  nothing?: string;
  /** Why each of the commit's pipelines that errored runs nothing: when nothing ran, it broke. */
  errored?: readonly string[];
}

/** The verdict: the workflows judged, and why the step fails, or why nothing ran (`if-no-builds` decides). */
export interface Verdict {
  judged: WorkflowEnd[];
  fail?: string;
  none?: string;
}

/**
 * The one rule of what a gate may pass, on every path: by commit, by `pipeline-id` and by the trigger, by triple and
 * by slug (docs/promises.md, promise 31). It passes only when every named workflow and job was found and ended
 * with an outcome the policy allows, at least one build ran (an approval is not one), and no workflow judged ended
 * with an outcome outside the policy. `if-no-builds` decides only when nothing failed and no build ran.
 */
export function judge(input: GateInputs, found: Found): Verdict {
  const { policy } = input;
  const inWorkflow = (b: Build, w: WorkflowEnd): boolean =>
    b.workflows?.['workflow_id'] === w.id || jobOf(b).workflow === w.name;
  // The workflows judged: every one of the pipeline or commit, or those `workflow` names.
  const chosen = found.workflows.filter((w) => choosesName(input.workflows, w.name));
  const ranNone = found.builds.length === 0 || found.missing !== undefined;
  // With `job`, the workflows that hold a chosen job: one that failed through a build of a job left out is not
  // judged, as the jobs chosen decide. When a job named did not appear, any workflow that failed fails the step.
  const holdsChosen = (w: WorkflowEnd): boolean =>
    found.others.some((b) => inWorkflow(b, w) && choosesName(input.jobs, jobOf(b).job)) ||
    (w.jobs ?? []).some((job) => choosesName(input.jobs, job));
  const failedThroughBuild = (w: WorkflowEnd): boolean =>
    w.status === 'failed' && found.others.some((b) => inWorkflow(b, w) && !passes(policy, outcomeOf(b)));
  const judged =
    input.jobs.length === 0 || ranNone
      ? chosen
      : chosen.filter((w) => holdsChosen(w) && !failedThroughBuild(w));
  const failing = found.builds.filter((b) => !passes(policy, outcomeOf(b)));
  // One whose failing build already says why is not said again.
  const failingWorkflows = judged.filter(
    (w) => !passes(policy, workflowOutcome(w.status)) && !failing.some((b) => inWorkflow(b, w)),
  );
  if (ranNone) {
    // Nothing counted ran: a build left out that failed (where v2 cannot be read) or a workflow that failed fails.
    const others = found.others.filter((b) => !passes(policy, outcomeOf(b)));
    // A pipeline of the commit whose configuration failed is a failure, not nothing to gate.
    const errored = passes(policy, 'failed') ? [] : (found.errored ?? []);
    if (others.length + failingWorkflows.length + errored.length > 0) {
      const why = found.missing ?? upper(found.nothing ?? `no build of ${scopeOf(input)} ran`);
      const failed = others.length + failingWorkflows.length > 0;
      const list = [...(failed ? [failureList(input, failingWorkflows, others)] : []), ...errored];
      return { judged, fail: `${why}; ${list.join('; ')}` };
    }
  } else if (failing.length > 0 || failingWorkflows.length > 0) {
    return { judged, fail: failureMessage(input, found.builds, failing, failingWorkflows) };
  }
  // A pipeline's job that ended without a build fails it unless the policy allows its status: a deploy that never
  // ran is no deploy.
  const stopped = found.unbuilt.filter((j) => !passes(policy, j.status));
  if (stopped.length > 0) {
    const list = stopped.map((j) => `job ${j.job} of workflow ${j.workflow} ended ${j.status}`).join(', ');
    return { judged, fail: `${upper(scopeOf(input))}: ${list}, without running` };
  }
  if (found.missing !== undefined)
    return found.builds.length > 0 ? { judged, fail: found.missing } : { judged, none: found.missing };
  if (found.builds.length === 0)
    return { judged, none: found.nothing ?? `no build of ${scopeOf(input)} ran` };
  return { judged };
}

/** A pipeline's jobs of the chosen workflows and jobs that ended without a build. */
function unbuiltOf({ source, workflows, jobs }: GateInputs): UnbuiltJob[] {
  if (!(source instanceof PipelineBuilds)) return [];
  return source.unbuilt.filter((j) => choosesName(workflows, j.workflow) && choosesName(jobs, j.job));
}

/** `#12 (job test)`, for the log and errors. */
export function label(build: Build): string {
  const { job } = jobOf(build);
  return `#${build.build_num}${job === undefined ? '' : ` (job ${job})`}`;
}

/** `commit 1a2b3c4 on branch main, workflow ci, jobs build, test` */
export function scopeOf(input: GateInputs): string {
  if (input.label !== undefined) return input.label;
  if (input.buildNum !== undefined) return `build #${input.buildNum}`;
  const { revision, branch } = input.query;
  const commit = revision === '' ? 'the newest commit' : `commit ${revision.slice(0, 12)}`;
  const parts = [branch === undefined ? commit : `${commit} on branch ${branch}`];
  for (const [name, list] of Object.entries({ workflow: input.workflows, job: input.jobs }))
    if (list.length > 0) parts.push(`${name}${list.length > 1 ? 's' : ''} ${describePatterns(list)}`);
  return parts.join(', ');
}

/**
 * Looks at the build until it finishes, through the one wait, and returns it; `seen` receives every record read,
 * and `words` are the step's errors when it does not finish.
 */
export async function followBuild(
  ctx: ActionContext,
  { client, project }: Connection,
  first: Build,
  { intervalMs, deadline }: { intervalMs: number; deadline: number },
  seen: (build: Build) => void,
  words: Pick<WaitOptions<Build>, 'unfinished' | 'gaveUp'>,
): Promise<Build> {
  const num = first.build_num;
  let previous = first;
  if (isFinished(first)) return first;
  return wait({
    intervalMs,
    deadline,
    clock: ctx.clock,
    signal: ctx.signal,
    log: ctx.info,
    still: ({ looks, elapsedMs }) =>
      `Build #${num} is still ${describeState(previous)} after ${formatDuration(elapsedMs)} (${looks} looks)`,
    failed: `look at build #${num}`,
    ...words,
    look: async () => {
      const build = await client.build(project, num);
      seen(build);
      const changed = build.status !== previous.status || build.lifecycle !== previous.lifecycle;
      previous = build;
      if (isFinished(build)) return { done: true, value: build };
      if (changed) ctx.info(`Build #${num} is ${describeState(build)}`);
      return { done: false, logged: changed };
    },
  });
}

/** `running (status running)`, or just `queued` when both say the same. */
export function describeState(build: Build): string {
  const lifecycle = build.lifecycle ?? 'in an unknown state';
  return build.status && build.status !== build.lifecycle
    ? `${lifecycle} (status ${build.status})`
    : lifecycle;
}

/** build-num mode: that one build, as a source that is complete once it has ended. */
async function oneBuild(connection: Connection<ProjectAddress>, input: GateInputs): Promise<GateInputs> {
  const num = input.buildNum;
  if (num === undefined) return input;
  const { client, project } = v11Connection(connection);
  // The first read is not a look: a build that cannot be read at all fails the step with the reason at once.
  let first: Build | undefined = await client.build(project, num);
  const look = async (): ReturnType<BuildSource['look']> => {
    const build = first ?? (await client.build(project, num));
    first = undefined;
    return { builds: [build], truncated: false, complete: isFinished(build) };
  };
  return { ...input, workflows: [], jobs: [], named: [], source: { look } };
}

/** The list mode: finds the commit's builds look after look until every one has ended and none is to come. */
async function waitForCommit(
  ctx: ActionContext,
  { client, project, transport }: Connection<ProjectAddress>,
  input: GateInputs,
  {
    deadline,
    seen,
    stopped,
  }: { deadline: number; seen: (builds: Build[]) => void; stopped: (why: string) => void },
): Promise<Finished> {
  const { clock } = ctx;
  const started = clock.now();
  let scope = scopeOf(input);
  const v2 = new ProjectsV2(transport);
  // A project named by its slug has no v1.1 build list: its commit's pipelines are followed through v2.
  const scan = (): BuildSource =>
    'slug' in project
      ? slugCommitBuilds(v2, project, input.query, jobReader(client, v2, project), {
          now: () => clock.now(),
          settleMs: input.settleMs,
          emptyMs: input.appearMs,
        })
      : new CommitBuilds(client, project, { ...input.query }, { now: started });
  let source = input.source ?? (input.query.revision === '' && !('slug' in project) ? undefined : scan());
  const appear =
    input.source === undefined ? `; a build must appear within ${formatDuration(input.appearMs)}` : '';
  const every = `a look every ${formatDuration(input.intervalMs)}, for at most ${formatDuration(input.timeoutMs)}`;
  ctx.info(`Waiting for the builds of ${scope}: ${every}${appear}`);
  let current: Build[] = [];
  /** Every build of the commit the last look saw, counted or not. */
  let everything = new Map<number, Build>();
  /** The last time a build appeared or ended: the appear and settle times count from it. */
  let lastChange = started;
  let warnedTruncated = false;
  /** Set once API v2 refused a workflow read (none here, or the token): the builds alone decide. */
  let noV2 = false;
  /** The workflow the last look waited for, once every build had ended. */
  let waitingFor: string | undefined;
  /** Why each of the commit's pipelines that errored (read with its workflows) runs nothing. */
  let erroredPipelines: string[] = [];

  /** Says once that API v2 refused (none here, or a project token): the builds alone decide from then on. */
  const refused = (error: unknown, what: string): boolean => {
    if (!(error instanceof ApiError) || ![401, 403, 404].includes(error.status)) return false;
    noV2 = true;
    ctx.info(
      `The service answered ${error.status} for ${what} through API v2 (${error.message}): workflows that made ` +
        `no build could not be read, so the builds alone decide`,
    );
    return true;
  };

  // Every ended workflow of the pipeline or the commit, with its own status (API v2): one cancelled or failed before
  // or after its jobs shows only builds that passed, or none. Undefined while one of them still runs or waits.
  // Only a workflow the verdict may judge is waited for: one `workflow` chooses; with `job`, only while a job named
  // is missing or no build counted, since a workflow that holds the jobs chosen may wait on a hold released later.
  const readWorkflows = async (
    all: readonly Build[],
    scanned: Awaited<ReturnType<BuildSource['look']>>,
    ranNone: boolean,
  ): Promise<WorkflowEnd[] | undefined> => {
    // A pipeline knows its workflows, all ended once it is complete.
    if (scanned.complete !== undefined) return [...(scanned.workflows ?? [])];
    const waits = (name: string): boolean =>
      choosesName(input.workflows, name) && (input.jobs.length === 0 || ranNone);
    // A workflow that has not ended, a failing one too (docs/promises.md, promise 31); 'skip': not waited for.
    const isOpen = (name: string, status: string): boolean | 'skip' => {
      if (FINAL_WORKFLOW_STATUSES.has(status)) return false;
      if (!waits(name)) return 'skip';
      waitingFor = `workflow ${name} is ${status}`;
      ctx.info(`Workflow ${name} is ${status}: waiting for it to end`);
      return true;
    };
    for (const { name, status } of scanned.open ?? []) if (isOpen(name, status) === true) return undefined;
    erroredPipelines = [...(scanned.errored ?? [])];
    const found = new Map((scanned.workflows ?? []).map((w) => [w.id, w]));
    if (noV2) return [...found.values()];
    for (const id of new Set(all.map((b) => b.workflows?.['workflow_id']).filter(isV2Id))) {
      if (found.has(id)) continue;
      try {
        const { name, status } = await v2.workflow(id);
        const open = isOpen(name, status);
        if (open === true) return undefined;
        if (open === false) found.set(id, { id, name, status });
      } catch (error) {
        if (refused(error, 'a workflow')) return [...found.values()];
        throw error;
      }
    }
    // A project v1.1 lists builds of: its commit's workflows that made no build are read through v2 too.
    if (!('slug' in project)) {
      try {
        const commit = await commitWorkflows(v2, project, input.query);
        erroredPipelines.push(...commit.errored);
        for (const { id, name, status } of commit.workflows) {
          if (found.has(id)) continue;
          const open = isOpen(name, status);
          if (open === true) return undefined;
          if (open === false) found.set(id, { id, name, status });
        }
      } catch (error) {
        if (!refused(error, "the commit's pipelines")) throw error;
      }
    }
    return [...found.values()];
  };

  /** The commit is the one of the branch's newest build (`branch` alone on an issue_comment event). */
  const resolve = async (): Promise<BuildSource | undefined> => {
    if ('slug' in project) return undefined;
    const [newest] = await client.builds(project, { branch: input.query.branch ?? '', limit: 1 });
    const revision = typeof newest?.vcs_revision === 'string' ? newest.vcs_revision.toLowerCase() : '';
    if (newest === undefined || !/^[0-9a-f]{7,64}$/u.test(revision)) return undefined;
    input.query.revision = revision;
    scope = scopeOf(input);
    const branch = input.query.branch ?? '';
    ctx.info(`The newest build of branch ${branch} is #${newest.build_num}: waiting for ${scope}`);
    return scan();
  };

  const look = async (): Promise<Look<Finished>> => {
    source ??= await resolve();
    const scanned = source === undefined ? { builds: [], truncated: false } : await source.look();
    // Builds of other workflows are not followed at all.
    const all = scanned.builds.filter((b) => choosesName(input.workflows, jobOf(b).workflow));
    const now = clock.now();
    const long = `The project's build list is long: the look read its newest pages only, as far as a look may`;
    if (scanned.truncated && !warnedTruncated) ctx.io.warning(long);
    warnedTruncated ||= scanned.truncated;
    // With `job`, every build of the commit is still followed: while any runs, a matching job may yet appear.
    const builds = all.filter((b) => choosesName(input.jobs, jobOf(b).job));
    const lines = [...(scanned.notes ?? [])];
    for (const build of all) {
      const old = everything.get(build.build_num);
      if (old === undefined) {
        const { job, workflow } = jobOf(build);
        const what =
          job === undefined ? '' : `: job ${job}${workflow === undefined ? '' : ` of workflow ${workflow}`}`;
        const retry = typeof build.retry_of === 'number' ? `, a retry of #${build.retry_of}` : '';
        const aside = builds.includes(build) ? '' : ' (not counted: job does not match)';
        lines.push(`Build #${build.build_num} appeared${what}${retry}, ${describeState(build)}${aside}`);
      } else if (isFinished(build) && !isFinished(old)) {
        lines.push(`Build ${label(build)} ended: ${showOutcome(outcomeOf(build)) || describeState(build)}`);
      } else {
        if (build.lifecycle !== old.lifecycle) lines.push(`Build ${label(build)} is ${describeState(build)}`);
        continue;
      }
      lastChange = now;
    }
    for (const line of lines) ctx.info(line);
    const logged = lines.length > 0;
    everything = new Map(all.map((b) => [b.build_num, b]));
    current = builds;
    seen(builds);
    // A source that knows when it is complete (a pipeline) needs no settle time.
    const complete = scanned.complete;
    if (complete === false || !builds.every(isFinished)) return { done: false, logged };
    const finished = (workflows: WorkflowEnd[], more: Partial<Finished> = {}) => ({
      done: true as const,
      value: { kind: 'finished' as const, workflows, others: all, ...more },
    });
    // What a pipeline listed: a named job or workflow is found among its jobs and workflows, built or not.
    const listed = (scanned.workflows ?? []).filter((w) => choosesName(input.workflows, w.name));
    const jobNames = [...all.map((b) => jobOf(b).job ?? ''), ...listed.flatMap((w) => w.jobs ?? [])];
    const workflowNames = [...all.map((b) => jobOf(b).workflow ?? ''), ...listed.map((w) => w.name)];
    const missingJobs = input.named.filter((p) => !jobNames.some((name) => p.test(name)));
    const missingWorkflows =
      complete === true
        ? input.workflows.filter((p) => p.named && !workflowNames.some((n) => p.test(n)))
        : [];
    const patterns = input.jobs.length + input.workflows.length > 0;
    const nothingRan = builds.length === 0 && (complete !== true || patterns);
    if (nothingRan || missingJobs.length + missingWorkflows.length > 0) {
      // While other builds of the commit run, a matching job may yet come.
      if (!all.every(isFinished)) return { done: false, logged };
      // A named job or workflow that does not appear is waited for as long on every path.
      const appearLeft = lastChange + input.appearMs - now;
      if (appearLeft > 0) return { done: false, logged, nextInMs: Math.min(input.intervalMs, appearLeft) };
      const workflows = await readWorkflows(all, scanned, true);
      if (workflows === undefined) return { done: false, logged: true };
      const within = `within ${formatDuration(input.appearMs)}`;
      const states = all.map((b) => `${label(b)} ${outcomeOf(b) || describeState(b)}`).join(', ');
      const after = all.length === 0 ? '' : ` after the other builds ended (seen: ${states})`;
      const names = (list: NamePattern[]): string => list.map((m) => `'${m.body}'`).join(', ');
      const why = [
        ...(missingWorkflows.length === 0
          ? []
          : [`${missingWorkflows.length > 1 ? 'Workflows' : 'Workflow'} ${names(missingWorkflows)}`]),
        ...(missingJobs.length === 0
          ? []
          : [`${missingJobs.length > 1 ? 'Jobs' : 'Job'} ${names(missingJobs)}`]),
      ].join(' and ');
      const missing =
        why === ''
          ? `No build of ${scope} appeared ${within}${after}`
          : `${why} of ${scope} did not appear ${within}${after}`;
      return finished(workflows, { missing, errored: erroredPipelines });
    }
    if (complete === true)
      return finished([...(scanned.workflows ?? [])], definedOnly({ nothing: scanned.nothing }));
    // Jobs all named by name have appeared and ended; with patterns, a downstream job may still come: settle.
    const settleLeft = lastChange + input.settleMs - now;
    if ((input.jobs.length > 0 && input.named.length === input.jobs.length) || settleLeft <= 0) {
      const workflows = await readWorkflows(all, scanned, false);
      return workflows ? finished(workflows) : { done: false, logged: true };
    }
    if (logged) ctx.info(`Every build has ended; waiting ${formatDuration(settleLeft)} for a downstream job`);
    return { done: false, logged, nextInMs: Math.min(input.intervalMs, settleLeft) };
  };

  return wait({
    clock,
    signal: ctx.signal,
    intervalMs: input.intervalMs,
    deadline,
    look,
    log: ctx.info,
    still: ({ looks, elapsedMs }) =>
      `Still waiting after ${formatDuration(elapsedMs)} (${looks} looks): ${tally(current)}`,
    failed: 'look at the builds',
    unfinished: (error) => {
      const why = error ? ` (${error.message})` : '';
      const open = current.filter((b) => !isFinished(b));
      const left =
        current.length === 0
          ? 'no build of it had appeared'
          : open.length > 0
            ? `left running: ${open.map((b) => `${label(b)} ${describeState(b)}`).join(', ')}`
            : waitingFor !== undefined
              ? `every build had ended, but ${waitingFor}`
              : 'every build had ended, but a named job had not appeared';
      const within = `did not end within ${formatDuration(input.timeoutMs)}`;
      const text = `The builds of ${scope} ${within}${why}; ${left}`;
      stopped(text);
      return logSafe(text);
    },
    gaveUp: (error) => {
      stopped(error.message);
      return `Gave up waiting for the builds of ${scopeOf(input)}: ${error.message}; they may still be running`;
    },
  });
}

/** `2 running, 1 queued, 3 ended`, or that none has appeared yet. */
function tally(builds: readonly Build[]): string {
  if (builds.length === 0) return 'no build has appeared yet';
  const states = Map.groupBy(builds, (b) => (isFinished(b) ? 'ended' : (b.lifecycle ?? 'unknown')));
  return [...states].map(([state, list]) => `${list.length} ${state}`).join(', ');
}

/** Why a build did not pass: its failed steps, or a link to its page where API v2 has no step output. */
async function failureOf(
  ctx: ActionContext,
  connection: Connection<ProjectAddress>,
  build: Build,
  lines: number,
  budget: AnnotationBudget,
): Promise<FailureShown> {
  if (!('slug' in connection.project))
    return showFailedSteps(ctx, v11Connection(connection), build, lines, budget);
  const url = build.build_url ?? '';
  if (lines > 0 && url !== '') {
    const state = build.status ?? 'unknown';
    ctx.info(`Job ${label(build)} ended ${state}: API v2 has no step output; its log is at ${url}`);
  }
  return { failedStep: undefined, summary: url === '' ? '' : mdLink("The job's page shows its log", url) };
}

const upper = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The `outcome` output: the worst outcome of the builds and workflows, once all ended; 'none' when none ran. */
function endOutcome(ending: Ending, builds: readonly Build[], workflows: readonly WorkflowEnd[]): string {
  if (ending.kind === 'none') return 'none';
  if (ending.kind === 'stopped' && ending.none) return '';
  if (builds.length + workflows.length === 0 || !builds.every(isFinished)) return '';
  return worstOutcome([...builds.map(outcomeOf), ...workflows.map((w) => workflowOutcome(w.status))]);
}

/** The build that decided a verdict: the first that did not pass, else the newest. */
export function decidingBuild(builds: readonly Build[], policy: OutcomePolicy): Build | undefined {
  return builds.find((b) => !passes(policy, outcomeOf(b))) ?? newest(builds);
}

function newest(builds: readonly Build[]): Build | undefined {
  return builds.toSorted((a, b) => b.build_num - a.build_num)[0];
}

function failureMessage(
  input: GateInputs,
  builds: readonly Build[],
  failing: readonly Build[],
  workflows: readonly WorkflowEnd[],
): string {
  const how = buildHow;
  const allowed = input.policy.allowed.size > 1 ? `; allowed: ${describePolicy(input.policy)}` : '';
  const [only] = failing;
  if (workflows.length === 0 && failing.length === 1 && only !== undefined) {
    const where = only.build_url ? `: ${only.build_url}` : '';
    const of = builds.length > 1 ? ` of ${builds.length} builds of ${scopeOf(input)}` : '';
    return `Build ${label(only)}${of} ended with ${how(only)}${allowed}${where}`;
  }
  if (workflows.length === 0) {
    const list = failing.map((b) => `${label(b)} ${how(b)}`).join(', ');
    return `${failing.length} of ${builds.length} builds of ${scopeOf(input)} did not pass: ${list}${allowed}`;
  }
  return `${upper(scopeOf(input))} did not pass: ${failureList(input, workflows, failing)}`;
}

/** `workflow ship ended with status 'failed' (outcome 'failed'), build #3 (job test) ended with outcome 'failed' (…)` */
function failureList(
  input: GateInputs,
  workflows: readonly WorkflowEnd[],
  failing: readonly Build[],
): string {
  const allowed = input.policy.allowed.size > 1 ? `; allowed: ${describePolicy(input.policy)}` : '';
  const list = workflows.map((w) => {
    const outcome = workflowOutcome(w.status);
    const as = outcome && outcome !== w.status ? ` (outcome '${outcome}')` : '';
    const made = w.jobs?.length === 0 ? ' without a job' : '';
    return `workflow ${w.name} ended with status '${w.status}'${as}${made}${w.stopped ? ` (${w.stopped.join(', ')})` : ''}`;
  });
  list.push(...failing.map((b) => `build ${label(b)} ended with ${buildHow(b)}`));
  return `${list.join(', ')}${allowed}`;
}

function buildHow(b: Build): string {
  const outcome = outcomeOf(b);
  const status = b.status ?? 'unknown';
  if (outcome === 'not_run') return `outcome 'not_run': the service skipped it`;
  return outcome
    ? `outcome '${outcome}' (status ${status})`
    : `no outcome (status ${status}, lifecycle ${b.lifecycle ?? 'unknown'})`;
}

function setOutputs(
  ctx: ActionContext,
  input: GateInputs,
  builds: readonly Build[],
  outcome: string,
  failures: ReadonlyMap<number, FailureShown>,
  options: GateOptions,
): void {
  const only = input.jobs.length === 1 ? input.jobs[0] : undefined;
  const ofJob = only && !only.negated ? builds.filter((b) => only.test(jobOf(b).job ?? '')) : builds;
  const deciding = options.buildNum === 'deciding' && builds.every(isFinished);
  const main = deciding ? decidingBuild(ofJob, input.policy) : newest(ofJob);
  ctx.setOutput('build-num', main?.build_num ?? '');
  ctx.setOutput('build-url', shellSafeUrl(main?.build_url ?? ''));
  ctx.setOutput('outcome', outputWord(ctx.info, 'outcome', outcome));
  const rows: Record<string, unknown>[] = builds.map((b) => ({
    build_num: b.build_num,
    build_url: b.build_url ? shellSafeUrl(b.build_url) : null,
    job: jobOf(b).job ?? null,
    workflow: jobOf(b).workflow ?? null,
    status: b.status ?? null,
    outcome: outcomeOf(b) || null,
  }));
  for (const { job, workflow, status } of unbuiltOf(input))
    rows.push({ build_num: null, build_url: null, job, workflow, status, outcome: null });
  ctx.setOutput('builds', rows);
  const failedStep = builds.map((b) => failures.get(b.build_num)?.failedStep).find((s) => s !== undefined);
  ctx.setOutput('failed-step', failedStep ?? '');
}

async function writeSummary(
  ctx: ActionContext,
  input: GateInputs,
  { builds, workflows }: { builds: readonly Build[]; workflows: readonly WorkflowEnd[] },
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
  const ended = workflows.filter((w) => w.status !== 'success');
  const list = ended.map(
    (w) => `- Workflow ${mdSafe(w.name, 100)} ended with status ${mdSafe(w.status, 50)}`,
  );
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

function buildsTable(builds: readonly Build[]): string {
  const rows = builds.map((b) => {
    const { job, workflow } = jobOf(b);
    const duration = buildDurationMs(b);
    const cells = [mdSafe(job ?? '', 100), mdSafe(workflow ?? '', 100), mdSafe(b.status ?? '', 50)];
    const took = duration === undefined ? '' : formatDuration(duration);
    return `| ${buildLink(b)} | ${cells.join(' | ')} | ${mdSafe(showOutcome(outcomeOf(b)), 50)} | ${took} |`;
  });
  const head = ['| Build | Job | Workflow | Status | Outcome | Duration |', '|---|---|---|---|---|---|'];
  return [...head, ...rows].join('\n');
}
