// The gate's looks for the one wait (wait.ts): a source's jobs until all ended and none is to come.
import { ApiError } from '../service/http/errors.ts';
import { formatDuration } from '../common/format.ts';
import { choosesName, type NamePattern } from '../common/name-patterns.ts';
import type { Job } from '../service/model.ts';
import type { WorkflowEnd } from '../service/pipeline-builds.ts';
import { definedOnly } from '../common/values.ts';
import type { Service } from '../service/service.ts';
import type { JobLook, JobSource } from '../service/sources.ts';
import { FINAL_WORKFLOW_STATUSES } from '../service/v2.ts';
import { isV2Id } from '../service/v2-records.ts';
import { outcomeOf, showOutcome } from './outcomes.ts';
import { wait, type Look } from './wait.ts';
import type { ActionContext } from './run.ts';
import { logSafe } from './text.ts';
import { scopeOf, label, describeState, type GateInputs, type Finished } from './gate-scope.ts';

export async function waitForJobs(
  ctx: ActionContext,
  service: Service,
  input: GateInputs,
  on: { deadline: number; seen: (jobs: Job[]) => void; stopped: (why: string) => void },
): Promise<Finished> {
  const { clock } = ctx;
  const started = clock.now();
  let scope = scopeOf(input);
  const times = { now: () => clock.now(), settleMs: input.settleMs, emptyMs: input.appearMs, since: started };
  const source: JobSource = input.source ?? service.commitSource(input.query, times);
  const appear =
    input.source === undefined ? `; a build must appear within ${formatDuration(input.appearMs)}` : '';
  const every = `a look every ${formatDuration(input.intervalMs)}, for at most ${formatDuration(input.timeoutMs)}`;
  ctx.info(`Waiting for the builds of ${scope}: ${every}${appear}`);
  let current: Job[] = [];
  /** Every build of the commit the last look saw, counted or not. */
  let everything = new Map<number, Job>();
  /** The last time a build appeared or ended: the appear and settle times count from it. */
  let lastChange = started;
  let warnedTruncated = false;
  let noV2 = false;
  /** The workflow the last look waited for, once every build had ended. */
  let waitingFor: string | undefined;
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
    all: readonly Job[],
    scanned: JobLook,
    ranNone: boolean,
  ): Promise<WorkflowEnd[] | undefined> => {
    // A pipeline knows its workflows, all ended once it is complete.
    if (scanned.complete !== undefined) return [...(scanned.workflows ?? [])];
    // A workflow that has not ended, a failing one too (docs/promises.md, promise 31); 'skip': not waited for.
    const isOpen = (name: string, status: string): boolean | 'skip' => {
      if (FINAL_WORKFLOW_STATUSES.has(status)) return false;
      if (!choosesName(input.workflows, name) || (input.jobs.length > 0 && !ranNone)) return 'skip';
      waitingFor = `workflow ${name} is ${status}`;
      ctx.info(`Workflow ${name} is ${status}: waiting for it to end`);
      return true;
    };
    for (const { name, status } of scanned.open ?? []) if (isOpen(name, status) === true) return undefined;
    erroredPipelines = [...(scanned.errored ?? [])];
    const found = new Map((scanned.workflows ?? []).map((w) => [w.id, w]));
    /** False while a workflow the verdict may judge is open. */
    const take = ({ id, name, status }: WorkflowEnd): boolean => {
      if (found.has(id)) return true;
      const open = isOpen(name, status);
      if (open === false) found.set(id, { id, name, status });
      return open !== true;
    };
    if (noV2) return [...found.values()];
    try {
      for (const id of new Set(all.map((b) => b.workflow.id).filter(isV2Id)))
        if (!found.has(id) && !take({ ...(await service.workflow(id)), id })) return undefined;
    } catch (error) {
      if (refused(error, 'a workflow')) return [...found.values()];
      throw error;
    }
    // The commit's workflows that made no build, where the source does not hold them.
    try {
      const commit = await source.commitWorkflows?.();
      erroredPipelines.push(...(commit?.errored ?? []));
      for (const workflow of commit?.workflows ?? []) if (!take(workflow)) return undefined;
    } catch (error) {
      if (!refused(error, "the commit's pipelines")) throw error;
    }
    return [...found.values()];
  };

  const look = async (): Promise<Look<Finished>> => {
    const scanned = await source.look();
    if (scanned.chose !== undefined) {
      scope = scopeOf(input);
      const branch = input.query.branch ?? '';
      ctx.info(`The newest build of branch ${branch} is #${scanned.chose}: waiting for ${scope}`);
    }
    // Builds of other workflows are not followed at all.
    const all = scanned.jobs.filter((b) => choosesName(input.workflows, b.workflow.name ?? undefined));
    const now = clock.now();
    const long = `The project's build list is long: the look read its newest pages only, as far as a look may`;
    if (scanned.truncated && !warnedTruncated) ctx.io.warning(long);
    warnedTruncated ||= scanned.truncated;
    // With `job`, every build of the commit is still followed: while any runs, a matching job may yet appear.
    const builds = all.filter((b) => choosesName(input.jobs, b.name ?? undefined));
    const lines = [...(scanned.notes ?? [])];
    for (const build of all) {
      const old = everything.get(build.number);
      if (old === undefined) {
        const { name, workflow } = build;
        const of = workflow.name === null ? '' : ` of workflow ${workflow.name}`;
        const what = name === null ? '' : `: job ${name}${of}`;
        const retry = build.retryOf === null ? '' : `, a retry of #${build.retryOf}`;
        const aside = builds.includes(build) ? '' : ' (not counted: job does not match)';
        lines.push(`Build #${build.number} appeared${what}${retry}, ${describeState(build)}${aside}`);
      } else if (build.ended && !old.ended) {
        lines.push(`Build ${label(build)} ended: ${showOutcome(outcomeOf(build)) || describeState(build)}`);
      } else {
        if (build.state !== old.state) lines.push(`Build ${label(build)} is ${describeState(build)}`);
        continue;
      }
      lastChange = now;
    }
    for (const line of lines) ctx.info(line);
    const logged = lines.length > 0;
    everything = new Map(all.map((b) => [b.number, b]));
    current = builds;
    on.seen(builds);
    // A source that knows when it is complete (a pipeline) needs no settle time.
    const complete = scanned.complete;
    if (complete === false || !builds.every((b) => b.ended)) return { done: false, logged };
    const finished = (workflows: WorkflowEnd[], more: Partial<Finished> = {}) => ({
      done: true as const,
      value: { kind: 'finished' as const, workflows, others: all, ...more },
    });
    // What a pipeline listed: a named job or workflow is found among its jobs and workflows, built or not.
    const listed = (scanned.workflows ?? []).filter((w) => choosesName(input.workflows, w.name));
    const jobNames = [...all.map((b) => b.name ?? ''), ...listed.flatMap((w) => w.jobs ?? [])];
    const workflowNames = [...all.map((b) => b.workflow.name ?? ''), ...listed.map((w) => w.name)];
    const missingJobs = input.named.filter((p) => !jobNames.some((name) => p.test(name)));
    const missingWorkflows =
      complete === true
        ? input.workflows.filter((p) => p.named && !workflowNames.some((n) => p.test(n)))
        : [];
    const patterns = input.jobs.length + input.workflows.length > 0;
    const nothingRan = builds.length === 0 && (complete !== true || patterns);
    if (nothingRan || missingJobs.length + missingWorkflows.length > 0) {
      // While other builds of the commit run, a matching job may yet come.
      if (!all.every((b) => b.ended)) return { done: false, logged };
      // A named job or workflow that does not appear is waited for as long on every path.
      const appearLeft = lastChange + input.appearMs - now;
      if (appearLeft > 0) return { done: false, logged, nextInMs: Math.min(input.intervalMs, appearLeft) };
      const workflows = await readWorkflows(all, scanned, true);
      if (workflows === undefined) return { done: false, logged: true };
      const within = `within ${formatDuration(input.appearMs)}`;
      const states = all.map((b) => `${label(b)} ${outcomeOf(b) || describeState(b)}`).join(', ');
      const after = all.length === 0 ? '' : ` after the other builds ended (seen: ${states})`;
      const names = (list: NamePattern[], what: string): string[] =>
        list.length === 0
          ? []
          : [`${what}${list.length > 1 ? 's' : ''} ${list.map((m) => `'${m.body}'`).join(', ')}`];
      const why = [...names(missingWorkflows, 'Workflow'), ...names(missingJobs, 'Job')].join(' and ');
      const what = why === '' ? `No build of ${scope} appeared` : `${why} of ${scope} did not appear`;
      return finished(workflows, { missing: `${what} ${within}${after}`, errored: erroredPipelines });
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
    deadline: on.deadline,
    look,
    log: ctx.info,
    still: ({ looks, elapsedMs }) =>
      `Still waiting after ${formatDuration(elapsedMs)} (${looks} looks): ${tally(current)}`,
    failed: 'look at the builds',
    unfinished: (error) => {
      const why = error ? ` (${error.message})` : '';
      const open = current.filter((b) => !b.ended);
      const left =
        current.length === 0
          ? 'no build of it had appeared'
          : open.length > 0
            ? `left running: ${open.map((b) => `${label(b)} ${describeState(b)}`).join(', ')}`
            : `every build had ended, but ${waitingFor ?? 'a named job had not appeared'}`;
      const within = `did not end within ${formatDuration(input.timeoutMs)}`;
      const text = `The builds of ${scope} ${within}${why}; ${left}`;
      on.stopped(text);
      return logSafe(text);
    },
    gaveUp: (error) => {
      on.stopped(error.message);
      return `Gave up waiting for the builds of ${scopeOf(input)}: ${error.message}; they may still be running`;
    },
  });
}

/** `2 running, 1 queued, 3 ended`, or that none has appeared yet. */
function tally(builds: readonly Job[]): string {
  if (builds.length === 0) return 'no build has appeared yet';
  const states = Map.groupBy(builds, (b) => (b.ended ? 'ended' : (b.state ?? 'unknown')));
  return [...states].map(([state, list]) => `${list.length} ${state}`).join(', ');
}
