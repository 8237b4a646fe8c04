// Builds the service starts by itself: a push plans one build per job of each configured workflow. A job is
// scheduled (gets a build number and shows in the lists) when it is due: jobs without upstream jobs a little after
// the push, the others once all their upstream jobs finished successfully. An upstream job that failed keeps its
// downstream jobs from ever appearing, unless a retry of it succeeds. Nothing runs on timers: pending jobs are
// scheduled when the state is next read, at the time they were due.

import { continueSetups, markSetup } from './continuations.ts';
import type { Builds } from './builds.ts';
import {
  fakeCommit,
  fakeRevision,
  fakeUuid,
  type EmulatedProject,
  type PendingJob,
  type StoredPipeline,
  type WorkflowRun,
  type WorkflowSpec,
} from './model.ts';
import { phaseAt } from './phase.ts';

/** What a push asks for (`state.push`, `POST /_emulator/push`). */
export interface PushRequest {
  /** The branch pushed to; with `tag` it only picks the configuration: the builds of a tag carry no branch. */
  branch?: string;
  /** A tag pushed: the builds carry it as `vcs_tag`. */
  tag?: string;
  /**
   * A pull request's head: from a fork, the service builds it as `pull/<number>/head` (the fork's branch does
   * not exist in the project); from the project itself, on `branch`.
   */
  pullRequest?: { number: number; fromFork?: boolean };
  /** The service skips the commit (as for `[ci skip]` or `[skip ci]` in the subject): its builds are `not_run`. */
  skip?: boolean;
  /** Default: a made-up 40-hex commit id, new for each push. */
  revision?: string;
  /** Subject of the pushed commit. */
  subject?: string;
  /** Time from the push to the scheduling of the first jobs (default 0). */
  delayMs?: number;
  /** Time of the push (epoch ms; default now): a push in the past has builds that ran already. */
  at?: number;
  /** Pipeline parameters (a v2 trigger). */
  parameters?: Record<string, unknown>;
}

/** What a push answers. */
export interface PushResult {
  revision: string;
  branch: string | null;
  /** Present for a push of a tag. */
  tag?: string;
}

/** The branch a push's builds run on: a fork's pull request on `pull/<number>/head`. */
function pushedBranch(request: PushRequest): string | null {
  const pr = request.pullRequest;
  if (pr !== undefined) {
    if (!(Number.isSafeInteger(pr.number) && pr.number > 0))
      throw new RangeError(`bad pull request ${pr.number}`);
    if (pr.fromFork === true) return `pull/${pr.number}/head`;
  }
  // A tag's builds carry the tag and no branch; a branch given beside it only picks the configuration.
  if (request.tag !== undefined) return null;
  if (request.branch !== undefined) return request.branch;
  throw new RangeError('a push needs a branch, a tag or a pull request from a fork');
}

/** Throws a TypeError when workflows name unknown or duplicate jobs, or when their requirements form a cycle. */
function checkWorkflows(workflows: readonly WorkflowSpec[]): void {
  for (const workflow of workflows) {
    const names = new Set<string>();
    for (const job of workflow.jobs) {
      if (names.has(job.name))
        throw new TypeError(`workflow ${workflow.name}: job ${job.name} appears twice`);
      names.add(job.name);
    }
    for (const job of workflow.jobs) {
      for (const upstream of job.requires ?? []) {
        if (!names.has(upstream))
          throw new TypeError(`workflow ${workflow.name}: job ${job.name} requires unknown job ${upstream}`);
      }
    }
    const done = new Set<string>();
    let progress = true;
    while (progress) {
      progress = false;
      for (const job of workflow.jobs) {
        if (!done.has(job.name) && (job.requires ?? []).every((name) => done.has(name))) {
          done.add(job.name);
          progress = true;
        }
      }
    }
    if (done.size < names.size)
      throw new TypeError(`workflow ${workflow.name}: its jobs require each other in a cycle`);
  }
}

/** When a pending job is (or was) due at `now`, or undefined when it is not due yet (or never will be). */
function dueAt(project: EmulatedProject, pending: PendingJob, now: number): number | undefined {
  const first = pending.push.at + pending.push.delayMs;
  // An approval job is never a build: it is approved (or not) by a person.
  if (pending.job?.type === 'approval' || pending.run?.canceledAt !== undefined) return undefined;
  const requires = pending.job?.requires ?? [];
  if (requires.length === 0) return first <= now ? first : undefined;
  let due = first;
  for (const name of requires) {
    const approvedAt = pending.run?.approvals.get(name);
    if (approvedAt !== undefined) {
      due = Math.max(due, approvedAt);
      continue;
    }
    const num = pending.run?.builds.get(name);
    const build = num === undefined ? undefined : project.findBuild(num);
    if (build === undefined) return undefined;
    const phase = phaseAt(build, now);
    if (phase.lifecycle !== 'finished' || phase.outcome !== 'success' || phase.stop === null)
      return undefined;
    due = Math.max(due, phase.stop);
  }
  return due;
}

/**
 * Pushes a commit to a branch: the service will start builds by itself (`why` the code host's name), one per
 * job of each workflow configured for the branch, or one build when none is. Nothing is scheduled yet: see
 * `settlePushes`.
 */
export function push(
  builds: Builds,
  project: EmulatedProject,
  request: PushRequest,
  now: number,
): PushResult {
  const delayMs = request.delayMs ?? 0;
  if (!(Number.isFinite(delayMs) && delayMs >= 0)) throw new RangeError(`bad push delay ${delayMs}`);
  const at = request.at ?? now;
  const branch = pushedBranch(request);
  const behaviour = builds.behaviour(project, branch ?? request.branch ?? null);
  checkWorkflows(behaviour.workflows);
  const count = ++project.pushCount;
  const key = `${project.slug}/push/${count}`;
  const revision = request.revision ?? fakeRevision(`${key}/${branch ?? request.tag ?? ''}`);
  const commit = fakeCommit(key, count, at);
  if (request.subject !== undefined) commit.subject = request.subject;
  const skipped = request.skip === true || /\[(ci skip|skip ci)\]/iu.test(commit.subject);
  const push = { branch, tag: request.tag ?? null, skipped, revision, commit, at, delayMs };
  // Every push makes a pipeline (API v2), whose workflows are the runs below.
  const pipeline: StoredPipeline = {
    id: fakeUuid(`${key}/pipeline`),
    number: project.pipelines.length + 1,
    createdAt: at,
    branch,
    tag: request.tag ?? null,
    revision,
    errors: [],
    parameters: { ...request.parameters },
    runs: [],
    subject: commit.subject,
    repository: {
      origin:
        request.pullRequest?.fromFork === true
          ? project.vcsUrl.replace(
              /[^/]+\/[^/]+$/u,
              `contributor-${request.pullRequest.number}/${project.reponame}`,
            )
          : project.vcsUrl,
      target: project.vcsUrl,
    },
  };
  project.pipelines.push(pipeline);
  // Every workflow filtered out: the pipeline is created, and nothing runs.
  if (behaviour.noWorkflows)
    return { revision, branch, ...(request.tag === undefined ? {} : { tag: request.tag }) };
  if (behaviour.workflows.length === 0) {
    project.pendingJobs.push({ push, run: undefined, job: undefined });
  }
  for (const workflow of behaviour.workflows) {
    const run: WorkflowRun = {
      name: workflow.name,
      id: fakeUuid(`${key}/${workflow.name}`),
      builds: new Map<string, number>(),
      jobIds: new Map(
        workflow.jobs.map((job) => [job.name, fakeUuid(`${key}/${workflow.name}/${job.name}`)]),
      ),
      jobs: workflow.jobs.map((job) => ({ ...job })),
      pipelineId: pipeline.id,
      createdAt: at,
      approvals: new Map(),
    };
    pipeline.runs.push(run);
    if (workflow.continuesInto !== undefined)
      markSetup(run, push, workflow.continuesInto, `${key}/${workflow.name}/continued`);
    for (const job of run.jobs) project.pendingJobs.push({ push, run, job });
  }
  return { revision, branch, ...(request.tag === undefined ? {} : { tag: request.tag }) };
}

function schedulePushed(builds: Builds, project: EmulatedProject, pending: PendingJob, at: number): void {
  const { push, run, job } = pending;
  const behaviour =
    job === undefined
      ? builds.behaviour(project, push.branch)
      : builds.jobBehaviour(project, push.branch, job);
  builds.insert(project, undefined, (num) => {
    const made = builds.newBuild(project, num, push.branch, behaviour, behaviour.parallel, at);
    made.revision = push.revision;
    made.tag = push.tag;
    made.commit = { ...push.commit };
    made.why = project.vcsType;
    // A skipped build never runs; jobs downstream of it never appear (their upstream jobs did not succeed).
    if (push.skipped) made.pin = { lifecycle: 'not_run', status: 'not_run' };
    if (run !== undefined && job !== undefined) {
      const jobId = run.jobIds.get(job.name) ?? fakeUuid(`${project.slug}#${num}/job`);
      made.workflows = {
        job_name: job.name,
        job_id: jobId,
        workflow_id: run.id,
        workspace_id: run.id,
        upstream_job_ids: (job.requires ?? []).flatMap((name) => run.jobIds.get(name) ?? []),
        upstream_concurrency_map: {},
        workflow_name: run.name,
      };
      made.buildParameters = { CI_JOB: job.name };
      made.workflowJob = { run, job };
      run.builds.set(job.name, num);
      run.jobIds.set(job.name, jobId);
    }
    return made;
  });
}

/**
 * Schedules every pending job of a project that is due by `now`, earliest first (ties in planned order), each
 * at the time it was due; scheduling one may make its downstream jobs due.
 */
export function settlePushes(builds: Builds, project: EmulatedProject, now: number): void {
  schedulePending(builds, project, now);
  // A setup workflow that has succeeded continues: its continuations' jobs are scheduled in turn.
  while (continueSetups(project, now)) schedulePending(builds, project, now);
}

function schedulePending(builds: Builds, project: EmulatedProject, now: number): void {
  for (;;) {
    let next: { index: number; at: number } | undefined;
    for (const [index, pending] of project.pendingJobs.entries()) {
      const at = dueAt(project, pending, now);
      if (at !== undefined && (next === undefined || at < next.at)) next = { index, at };
    }
    if (next === undefined) return;
    const [pending] = project.pendingJobs.splice(next.index, 1);
    if (pending !== undefined) schedulePushed(builds, project, pending, next.at);
  }
}
