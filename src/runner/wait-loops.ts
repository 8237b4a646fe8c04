// The waits: one build followed by number, or a commit's builds looked at until every one has ended.
import { describeState, followBuild } from './follow.ts';
import { outcomeOf, showOutcome, type OutcomePolicy } from './outcomes.ts';
import { poll, type Look } from './poll.ts';
import type { ActionContext, Connection } from './run.ts';
import { logSafe } from './text.ts';
import { formatDuration } from '../api/format.ts';
import { CommitBuilds, jobOf, type CommitQuery } from '../api/commit-builds.ts';
import { choosesName, describePatterns, type NamePattern } from '../api/name-patterns.ts';
import type { ProjectAddress } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { jobReader, slugCommitBuilds, type WorkflowEnd } from '../api/pipeline-builds.ts';
import { ProjectsV2 } from '../api/pipelines.ts';
import { isFinished, type Build } from '../api/records.ts';
import { isV2Id } from '../api/v2-records.ts';

export const IF_NO_BUILDS = ['fail', 'warn', 'pass'] as const;
export type IfNoBuilds = (typeof IF_NO_BUILDS)[number];

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
 * says so: then neither the appear time nor the settle time applies. `notes` are lines for the log.
 */
export interface BuildSource {
  look(): Promise<{
    builds: Build[];
    truncated: boolean;
    complete?: boolean;
    notes?: string[];
    /** The workflows that ended, with their own statuses (a pipeline's). */
    workflows?: WorkflowEnd[];
    /** Once complete: the source ran nothing, and why that is known. */
    nothing?: string;
  }>;
}

/** How the wait ended, for the summary. */
export type Ending = WaitEnding | { kind: 'cancelled'; what?: string };
export type WaitEnding =
  | {
      kind: 'finished';
      /** The ended workflows of the builds, with their own statuses: part of the verdict. */
      workflows?: WorkflowEnd[];
      /** Nothing ran: why that is known (a pipeline without a job). */
      nothing?: string;
    }
  | { kind: 'timed-out'; why: string }
  | { kind: 'cancelled'; what?: string }
  | { kind: 'gave-up'; why: string }
  | { kind: 'not-found'; why: string; none: boolean }
  | { kind: 'none'; why: string };

/** `#12 (job test)`, for the log and errors. */
export function label(build: Build): string {
  const { job } = jobOf(build);
  return `#${build.build_num}${job === undefined ? '' : ` (job ${job})`}`;
}

/** `commit 1a2b3c4 on branch main, workflow ci, jobs build, test` */
export function scopeOf(input: GateInputs): string {
  if (input.label !== undefined) return input.label;
  const parts = [
    input.query.revision === '' ? 'the newest commit' : `commit ${input.query.revision.slice(0, 12)}`,
  ];
  if (input.query.branch !== undefined) parts[0] += ` on branch ${input.query.branch}`;
  if (input.workflows.length > 0)
    parts.push(
      `${input.workflows.length > 1 ? 'workflows' : 'workflow'} ${describePatterns(input.workflows)}`,
    );
  if (input.jobs.length > 0)
    parts.push(`${input.jobs.length > 1 ? 'jobs' : 'job'} ${describePatterns(input.jobs)}`);
  return parts.join(', ');
}

/** build-num mode: follows that one build, as trigger-build follows the build it triggered. */
export async function waitForOne(
  ctx: ActionContext,
  connection: Connection,
  num: number,
  input: GateInputs,
  deadline: number,
  seen: (build: Build) => void,
): Promise<WaitEnding> {
  const first = await connection.client.build(connection.project, num);
  seen(first);
  let last = first;
  const where = first.build_url ? `: ${first.build_url}` : '';
  ctx.info(
    `Waiting for build #${num} (now ${describeState(first)}) to end: a look every ` +
      `${formatDuration(input.intervalMs)}, for at most ${formatDuration(input.timeoutMs)}${where}`,
  );
  const result = await followBuild(
    ctx,
    connection,
    first,
    { intervalMs: input.intervalMs, deadline },
    (b) => {
      last = b;
      seen(b);
    },
  );
  if (result.done) return { kind: 'finished' };
  const why = result.error ? ` (${result.error.message})` : '';
  return {
    kind: 'timed-out',
    why: `Build #${num} did not end within ${formatDuration(input.timeoutMs)}${why}; it was left ${describeState(last)}${where}`,
  };
}

/** The list mode: finds the commit's builds look after look until every one has ended and none is to come. */
export async function waitForCommit(
  ctx: ActionContext,
  { client, project, transport }: Connection<ProjectAddress>,
  input: GateInputs,
  deadline: number,
  seen: (builds: Build[]) => void,
): Promise<WaitEnding> {
  const { clock } = ctx;
  const started = clock.now();
  let scope = scopeOf(input);
  const pipelines = new ProjectsV2(transport);
  // A project named by its slug has no v1.1 build list: its commit's pipelines are followed through v2.
  const scan = (): BuildSource =>
    'slug' in project
      ? slugCommitBuilds(pipelines, project, input.query, jobReader(client, pipelines, project), {
          now: () => clock.now(),
          settleMs: input.settleMs,
          emptyMs: input.appearMs,
        })
      : new CommitBuilds(client, project, { ...input.query }, { now: started });
  let commit: BuildSource | undefined =
    input.source ?? (input.query.revision === '' && !('slug' in project) ? undefined : scan());
  ctx.info(
    `Waiting for the builds of ${scope}: a look every ${formatDuration(input.intervalMs)}, for at most ` +
      `${formatDuration(input.timeoutMs)}` +
      (input.source === undefined ? `; a build must appear within ${formatDuration(input.appearMs)}` : ''),
  );
  let current: Build[] = [];
  /** Every build of the commit the last look saw, counted or not. */
  let everything = new Map<number, Build>();
  /** The last time a build appeared or ended: the appear and settle times count from it. */
  let lastChange = started;
  let warnedTruncated = false;
  let failure: WaitEnding | undefined;
  let ended: { workflows: WorkflowEnd[]; nothing?: string } = { workflows: [] };
  /** Set once API v2 refused a workflow read (none here, or the token): the builds alone decide. */
  let noV2 = false;

  /**
   * Reads once each workflow the builds name (API v2), for its own status: a workflow cancelled or failed before
   * its other jobs were made shows only builds that passed. Answers whether one of them still runs or waits.
   */
  const readWorkflows = async (builds: readonly Build[]): Promise<boolean> => {
    // With `job`, the jobs chosen decide: their workflow's status speaks for the other jobs too.
    if (input.jobs.length > 0) return false;
    const ids = new Set<string>();
    for (const build of builds) {
      const id = build.workflows?.['workflow_id'];
      if (isV2Id(id)) ids.add(id);
    }
    const found: WorkflowEnd[] = [];
    for (const id of ids) {
      if (noV2) break;
      try {
        const workflow = await pipelines.workflow(id);
        if (workflow.status === 'on_hold' || workflow.status === 'running') {
          ctx.info(`Workflow ${workflow.name} is ${workflow.status}: waiting for it to end`);
          return true;
        }
        found.push({ id, name: workflow.name, status: workflow.status });
      } catch (error) {
        // No API v2 here, or a token it does not take: the builds alone decide.
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
    ctx.info(
      `The newest build of branch ${input.query.branch ?? ''} is #${newest.build_num}: waiting for ${scope}`,
    );
    return scan();
  };

  const look = async (): Promise<Look<Build[]>> => {
    commit ??= await resolve();
    const scanned = commit === undefined ? { builds: [], truncated: false } : await commit.look();
    const { truncated, complete, notes } = scanned;
    // Workflows left out by `workflow` do not count; with `job`, the jobs chosen decide, as for a commit.
    ended = {
      workflows:
        input.jobs.length > 0
          ? []
          : (scanned.workflows ?? []).filter((w) => choosesName(input.workflows, w.name)),
      ...(scanned.nothing === undefined ? {} : { nothing: scanned.nothing }),
    };
    // Builds of other workflows are not followed at all.
    const all = scanned.builds.filter((b) => choosesName(input.workflows, jobOf(b).workflow));
    const now = clock.now();
    if (truncated && !warnedTruncated) {
      warnedTruncated = true;
      ctx.io.warning(
        logSafe(
          `The project's build list is long: the look read its newest pages only, as far as a look may`,
        ),
      );
    }
    // With `job`, every build of the commit is still followed: while any runs, a matching job may yet appear.
    const counted = all.filter((b) => choosesName(input.jobs, jobOf(b).job));
    let logged = false;
    for (const note of notes ?? []) {
      ctx.info(note);
      logged = true;
    }
    for (const build of all) {
      const old = everything.get(build.build_num);
      const { job, workflow } = jobOf(build);
      const aside = counted.includes(build) ? '' : ' (not counted: job does not match)';
      if (old === undefined) {
        const what =
          job === undefined ? '' : `: job ${job}${workflow === undefined ? '' : ` of workflow ${workflow}`}`;
        const retry = typeof build.retry_of === 'number' ? `, a retry of #${build.retry_of}` : '';
        ctx.info(`Build #${build.build_num} appeared${what}${retry}, ${describeState(build)}${aside}`);
        lastChange = now;
        logged = true;
      } else if (isFinished(build) && !isFinished(old)) {
        ctx.info(`Build ${label(build)} ended: ${showOutcome(outcomeOf(build)) || describeState(build)}`);
        lastChange = now;
        logged = true;
      } else if (build.lifecycle !== old.lifecycle) {
        ctx.info(`Build ${label(build)} is ${describeState(build)}`);
        logged = true;
      }
    }
    everything = new Map(all.map((b) => [b.build_num, b]));
    current = counted;
    seen(counted);
    const builds = counted;
    // A source that knows when it is complete needs neither the appear time nor the settle time.
    if (complete !== undefined) {
      return complete && builds.every(isFinished) ? { done: true, value: builds } : { done: false, logged };
    }

    if (builds.length === 0 && input.named.length === 0) {
      // Nothing that counts has appeared; while other builds of the commit run, a matching job may yet come.
      if (!all.every(isFinished)) return { done: false, logged };
      const appearLeft = lastChange + input.appearMs - now;
      if (appearLeft <= 0) {
        failure = {
          kind: 'not-found',
          why: `No build of ${scope} appeared within ${formatDuration(input.appearMs)}`,
          none: true,
        };
        return { done: true, value: builds };
      }
      return { done: false, logged, nextInMs: Math.min(input.intervalMs, appearLeft) };
    }
    if (!builds.every(isFinished)) return { done: false, logged };
    const missing = input.named.filter((p) => !builds.some((b) => p.test(jobOf(b).job ?? '')));
    if (missing.length > 0) {
      if (!all.every(isFinished)) return { done: false, logged };
      const appearLeft = lastChange + input.appearMs - now;
      if (appearLeft <= 0) {
        const names = missing.map((m) => `'${m.body}'`).join(', ');
        const seenText =
          all.length === 0
            ? ''
            : ` after the other builds ended (seen: ${all.map((b) => `${label(b)} ${outcomeOf(b) || describeState(b)}`).join(', ')})`;
        failure = {
          kind: 'not-found',
          why:
            `${missing.length > 1 ? 'Jobs' : 'Job'} ${names} of ${scope} did not appear within ` +
            `${formatDuration(input.appearMs)}${seenText}`,
          none: builds.length === 0,
        };
        return { done: true, value: builds };
      }
      return { done: false, logged, nextInMs: Math.min(input.intervalMs, appearLeft) };
    }
    // Jobs all named by name have appeared and ended; with patterns, a downstream job may still come: settle.
    const settleLeft = lastChange + input.settleMs - now;
    if ((input.jobs.length > 0 && input.named.length === input.jobs.length) || settleLeft <= 0) {
      if (await readWorkflows(builds)) return { done: false, logged: true };
      return { done: true, value: builds };
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
  return {
    kind: 'timed-out',
    why: `The builds of ${scope} did not end within ${formatDuration(input.timeoutMs)}${why}; ${left}`,
  };
}

/** `2 running, 1 queued, 3 ended`, or that none has appeared yet. */
function tally(builds: readonly Build[]): string {
  if (builds.length === 0) return 'no build has appeared yet';
  const counts = new Map<string, number>();
  for (const b of builds) {
    const state = isFinished(b) ? 'ended' : (b.lifecycle ?? 'unknown');
    counts.set(state, (counts.get(state) ?? 0) + 1);
  }
  return [...counts].map(([state, n]) => `${n} ${state}`).join(', ');
}
