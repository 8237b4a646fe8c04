// The gate's looks, given to the one wait (wait.ts): one build followed by number, and a commit's or a pipeline's
// builds found look after look until every one has ended and none is to come.
import type { ProjectAddress } from '../service/v1.ts';
import { CommitBuilds, jobOf } from '../service/commit-builds.ts';
import { ApiError } from '../common/errors.ts';
import { formatDuration } from '../common/format.ts';
import { choosesName, type NamePattern } from '../common/name-patterns.ts';
import { jobReader, type WorkflowEnd } from '../service/pipeline-builds.ts';
import { CommitPipelines, slugCommitBuilds } from '../service/commit-pipelines.ts';
import { FINAL_WORKFLOW_STATUSES, V2Client } from '../service/v2.ts';
import { definedOnly, isFinished, type Build } from '../service/records.ts';
import { isV2Id } from '../service/v2-records.ts';
import { outcomeOf, showOutcome } from './outcomes.ts';
import { wait, type Look, type WaitOptions } from './wait.ts';
import type { ActionContext, Connection } from './run.ts';
import { logSafe } from './text.ts';
import {
  scopeOf,
  label,
  describeState,
  type GateInputs,
  type BuildSource,
  type Finished,
} from './gate-scope.ts';
import { v11Connection } from './wait-inputs.ts';

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

/** build-num mode: that one build, as a source that is complete once it has ended. */
export async function oneBuild(
  connection: Connection<ProjectAddress>,
  input: GateInputs,
): Promise<GateInputs> {
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
export async function waitForCommit(
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
  const v2 = new V2Client(transport);
  const commitPipelines = new CommitPipelines(v2, project, input.query);
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
        const commit = await commitPipelines.workflows();
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
