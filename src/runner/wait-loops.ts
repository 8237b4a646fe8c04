// The waits: one build followed by number, or a commit's builds looked at until every one has ended, through the
// polite waiting loop (poll.ts), with a line when a build's state changes and a heartbeat otherwise.
import { outcomeOf, showOutcome, type OutcomePolicy } from './outcomes.ts';
import { poll, type Look } from './poll.ts';
import type { ActionContext, Connection } from './run.ts';
import { formatDuration } from '../api/format.ts';
import { CommitBuilds, jobOf, type CommitQuery } from '../api/commit-builds.ts';
import { choosesName, describePatterns, type NamePattern } from '../api/name-patterns.ts';
import type { ProjectAddress } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { jobReader, SlugCommitBuilds, type WorkflowEnd } from '../api/pipeline-builds.ts';
import { ProjectsV2 } from '../api/projects-v2.ts';
import { isFinished, type Build } from '../api/records.ts';
import { isV2Id } from '../api/v2-records.ts';

export type IfNoBuilds = 'fail' | 'warn' | 'pass';

/** What the gate waits for and how it judges it: wait-for-build's inputs, or what trigger-build makes of its own. */
export interface GateInputs {
  buildNum?: number;
  /** `revision` is '' when it is to be read from the newest build of `branch` (an issue_comment event). */
  query: CommitQuery;
  workflows: NamePattern[];
  jobs: NamePattern[];
  /** Lines of `job` the step waits for until a job they match has appeared. */
  named: NamePattern[];
  ifNoBuilds: IfNoBuilds;
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

/**
 * What one look found: the builds that count, oldest first. A source that knows when it is complete (a pipeline)
 * says so, and then neither the appear time nor the settle time applies; it names the workflows that ended, and
 * why it ran nothing.
 */
export interface BuildSource {
  look(): Promise<{
    builds: Build[];
    truncated: boolean;
    complete?: boolean;
    notes?: string[];
    workflows?: WorkflowEnd[];
    nothing?: string;
  }>;
}

/** How the wait ended; `stopped` is a time-out, a give-up or builds not found (`none`: nothing appeared). */
export type Ending =
  | { kind: 'finished'; workflows?: WorkflowEnd[]; nothing?: string | undefined }
  | { kind: 'cancelled'; what?: string }
  | { kind: 'stopped'; why: string; none?: boolean }
  | { kind: 'none'; why: string };

/** `#12 (job test)`, for the log and errors. */
export function label(build: Build): string {
  const { job } = jobOf(build);
  return `#${build.build_num}${job === undefined ? '' : ` (job ${job})`}`;
}

/** `commit 1a2b3c4 on branch main, workflow ci, jobs build, test` */
export function scopeOf(input: GateInputs): string {
  if (input.label !== undefined) return input.label;
  const { revision, branch } = input.query;
  const parts = [revision === '' ? 'the newest commit' : `commit ${revision.slice(0, 12)}`];
  if (branch !== undefined) parts[0] += ` on branch ${branch}`;
  const { workflows, jobs } = input;
  if (workflows.length > 0)
    parts.push(`${workflows.length > 1 ? 'workflows' : 'workflow'} ${describePatterns(workflows)}`);
  if (jobs.length > 0) parts.push(`${jobs.length > 1 ? 'jobs' : 'job'} ${describePatterns(jobs)}`);
  return parts.join(', ');
}

/**
 * Looks at the build until it finishes, the deadline passes or the step is cancelled (then it rejects with the
 * abort reason). `seen` receives every record read, so the caller always knows the last state.
 */
export async function followBuild(
  ctx: ActionContext,
  { client, project }: Connection,
  first: Build,
  options: { intervalMs: number; deadline: number },
  seen: (build: Build) => void,
): Promise<{ done: boolean; error?: Error }> {
  const num = first.build_num;
  let previous = first;
  if (isFinished(first)) return { done: true };
  return poll(
    {
      ...options,
      clock: ctx.clock,
      signal: ctx.signal,
      onHeartbeat: ({ looks, elapsedMs }) =>
        ctx.info(
          `Build #${num} is still ${describeState(previous)} after ${formatDuration(elapsedMs)} (${looks} looks)`,
        ),
      onFailure: (error, { failures, nextInMs }) =>
        ctx.info(
          `Could not look at build #${num} (${error.message}); looking again in ${formatDuration(nextInMs)} ` +
            `(failure ${failures} in a row)`,
        ),
    },
    async () => {
      const build = await client.build(project, num);
      seen(build);
      const changed = build.status !== previous.status || build.lifecycle !== previous.lifecycle;
      previous = build;
      if (isFinished(build)) return { done: true, value: build };
      if (changed) ctx.info(`Build #${num} is ${describeState(build)}`);
      return { done: false, logged: changed };
    },
  );
}

/** `running (status running)`, or just `queued` when both say the same. */
export function describeState(build: Build): string {
  const lifecycle = build.lifecycle ?? 'in an unknown state';
  return build.status && build.status !== build.lifecycle
    ? `${lifecycle} (status ${build.status})`
    : lifecycle;
}

const every = (input: GateInputs): string =>
  `a look every ${formatDuration(input.intervalMs)}, for at most ${formatDuration(input.timeoutMs)}`;

/** build-num mode: follows that one build, as trigger-build follows the build it triggered. */
export async function waitForOne(
  ctx: ActionContext,
  connection: Connection,
  num: number,
  input: GateInputs,
  deadline: number,
  seen: (build: Build) => void,
): Promise<Ending> {
  let last = await connection.client.build(connection.project, num);
  seen(last);
  const where = last.build_url ? `: ${last.build_url}` : '';
  ctx.info(`Waiting for build #${num} (now ${describeState(last)}) to end: ${every(input)}${where}`);
  const options = { intervalMs: input.intervalMs, deadline };
  const result = await followBuild(ctx, connection, last, options, (b) => seen((last = b)));
  if (result.done) return { kind: 'finished' };
  const why = result.error ? ` (${result.error.message})` : '';
  const left = `it was left ${describeState(last)}${where}`;
  return {
    kind: 'stopped',
    why: `Build #${num} did not end within ${formatDuration(input.timeoutMs)}${why}; ${left}`,
  };
}

/** The list mode: finds the commit's builds look after look until every one has ended and none is to come. */
export async function waitForCommit(
  ctx: ActionContext,
  { client, project, transport }: Connection<ProjectAddress>,
  input: GateInputs,
  deadline: number,
  seen: (builds: Build[]) => void,
): Promise<Ending> {
  const { clock } = ctx;
  const started = clock.now();
  let scope = scopeOf(input);
  const v2 = new ProjectsV2(transport);
  // A project named by its slug has no v1.1 build list: its commit's pipelines are followed through v2.
  const scan = (): BuildSource =>
    'slug' in project
      ? new SlugCommitBuilds(v2, project, input.query, jobReader(client, v2, project), {
          now: () => clock.now(),
          settleMs: input.settleMs,
          emptyMs: input.appearMs,
        })
      : new CommitBuilds(client, project, { ...input.query }, { now: started });
  let source = input.source ?? (input.query.revision === '' && !('slug' in project) ? undefined : scan());
  const appear =
    input.source === undefined ? `; a build must appear within ${formatDuration(input.appearMs)}` : '';
  ctx.info(`Waiting for the builds of ${scope}: ${every(input)}${appear}`);
  let current: Build[] = [];
  /** Every build of the commit the last look saw, counted or not. */
  let everything = new Map<number, Build>();
  /** The last time a build appeared or ended: the appear and settle times count from it. */
  let lastChange = started;
  let warnedTruncated = false;
  let failure: Ending | undefined;
  let ended: { workflows: WorkflowEnd[]; nothing?: string | undefined } = { workflows: [] };
  /** Set once API v2 refused a workflow read (none here, or the token): the builds alone decide. */
  let noV2 = false;

  /**
   * Reads once each workflow the builds name (API v2), for its own status: a workflow cancelled or failed before
   * its other jobs were made shows only builds that passed. Answers whether one of them still runs or waits.
   */
  const readWorkflows = async (builds: readonly Build[]): Promise<boolean> => {
    // With `job`, the jobs chosen decide: their workflow's status speaks for the other jobs too.
    if (input.jobs.length > 0) return false;
    const ids = new Set(builds.map((b) => b.workflows?.['workflow_id']).filter(isV2Id));
    const found: WorkflowEnd[] = [];
    for (const id of ids) {
      if (noV2) break;
      try {
        const { name, status } = await v2.workflow(id);
        if (status === 'on_hold' || status === 'running') {
          ctx.info(`Workflow ${name} is ${status}: waiting for it to end`);
          return true;
        }
        found.push({ id, name, status });
      } catch (error) {
        if (!(error instanceof ApiError) || ![401, 403, 404].includes(error.status)) throw error;
        noV2 = true;
        ctx.info(
          `The service answered ${error.status} for a workflow through API v2 (${error.message}): the builds ` +
            `alone decide`,
        );
      }
    }
    ended = { workflows: noV2 ? [] : found };
    return false;
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

  const look = async (): Promise<Look<Build[]>> => {
    source ??= await resolve();
    const scanned = source === undefined ? { builds: [], truncated: false } : await source.look();
    // Workflows left out by `workflow` do not count; with `job`, the jobs chosen decide, as for a commit.
    const workflows = input.jobs.length > 0 ? [] : (scanned.workflows ?? []);
    ended = {
      workflows: workflows.filter((w) => choosesName(input.workflows, w.name)),
      nothing: scanned.nothing,
    };
    // Builds of other workflows are not followed at all.
    const all = scanned.builds.filter((b) => choosesName(input.workflows, jobOf(b).workflow));
    const now = clock.now();
    if (scanned.truncated && !warnedTruncated) {
      warnedTruncated = true;
      ctx.io.warning(
        `The project's build list is long: the look read its newest pages only, as far as a look may`,
      );
    }
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
    // A source that knows when it is complete needs neither the appear time nor the settle time.
    if (scanned.complete !== undefined)
      return scanned.complete && builds.every(isFinished)
        ? { done: true, value: builds }
        : { done: false, logged };
    if (!builds.every(isFinished)) return { done: false, logged };
    const missing = input.named.filter((p) => !builds.some((b) => p.test(jobOf(b).job ?? '')));
    if ((builds.length === 0 && input.named.length === 0) || missing.length > 0) {
      // While other builds of the commit run, a matching job may yet come.
      if (!all.every(isFinished)) return { done: false, logged };
      const appearLeft = lastChange + input.appearMs - now;
      if (appearLeft > 0) return { done: false, logged, nextInMs: Math.min(input.intervalMs, appearLeft) };
      const within = `within ${formatDuration(input.appearMs)}`;
      const states = all.map((b) => `${label(b)} ${outcomeOf(b) || describeState(b)}`).join(', ');
      const after = all.length === 0 ? '' : ` after the other builds ended (seen: ${states})`;
      const names = missing.map((m) => `'${m.body}'`).join(', ');
      const why =
        missing.length === 0
          ? `No build of ${scope} appeared ${within}`
          : `${missing.length > 1 ? 'Jobs' : 'Job'} ${names} of ${scope} did not appear ${within}${after}`;
      failure = { kind: 'stopped', why, none: builds.length === 0 };
      return { done: true, value: builds };
    }
    // Jobs all named by name have appeared and ended; with patterns, a downstream job may still come: settle.
    const settleLeft = lastChange + input.settleMs - now;
    if ((input.jobs.length > 0 && input.named.length === input.jobs.length) || settleLeft <= 0) {
      return (await readWorkflows(builds)) ? { done: false, logged: true } : { done: true, value: builds };
    }
    if (logged) ctx.info(`Every build has ended; waiting ${formatDuration(settleLeft)} for a downstream job`);
    return { done: false, logged, nextInMs: Math.min(input.intervalMs, settleLeft) };
  };

  const result = await poll(
    {
      clock,
      signal: ctx.signal,
      intervalMs: input.intervalMs,
      deadline,
      onHeartbeat: ({ looks, elapsedMs }) =>
        ctx.info(`Still waiting after ${formatDuration(elapsedMs)} (${looks} looks): ${tally(current)}`),
      onFailure: (error, { failures, nextInMs }) =>
        ctx.info(
          `Could not look at the builds (${error.message}); looking again in ${formatDuration(nextInMs)} ` +
            `(failure ${failures} in a row)`,
        ),
    },
    look,
  );
  if (failure !== undefined) return failure;
  if (result.done) return { kind: 'finished', ...ended };
  const why = result.error ? ` (${result.error.message})` : '';
  const open = current.filter((b) => !isFinished(b));
  const left =
    current.length === 0
      ? 'no build of it had appeared'
      : open.length > 0
        ? `left running: ${open.map((b) => `${label(b)} ${describeState(b)}`).join(', ')}`
        : 'every build had ended, but a named job had not appeared';
  const within = `did not end within ${formatDuration(input.timeoutMs)}`;
  return { kind: 'stopped', why: `The builds of ${scope} ${within}${why}; ${left}` };
}

/** `2 running, 1 queued, 3 ended`, or that none has appeared yet. */
function tally(builds: readonly Build[]): string {
  if (builds.length === 0) return 'no build has appeared yet';
  const states = Map.groupBy(builds, (b) => (isFinished(b) ? 'ended' : (b.lifecycle ?? 'unknown')));
  return [...states].map(([state, list]) => `${list.length} ${state}`).join(', ');
}
