// Builds and their clock: how a new build behaves (the layered config), how it is made, numbered and stored, and
// what triggers, seeds, retries, cancels and hand-made ends do to it. Where a build is at a moment follows from
// its stored times (phase.ts); nothing here runs on timers.

import type { Clock } from './service.ts';
import { isFinished } from './service.ts';
import {
  fakeCommit,
  fakeRevision,
  fakeUuid,
  pickBehaviour,
  resolveBehaviour,
  type BuildBehaviour,
  type EmulatedProject,
  type EmulatedUser,
  type FinalOutcome,
  type JobSpec,
  type ProjectConfig,
  type ResolvedBehaviour,
  type StoredBuild,
} from './model.ts';
import { phaseAt } from './phase.ts';

/** What a trigger asks for (POST .../tree/{branch}). */
export interface TriggerRequest {
  branch: string;
  revision?: string;
  tag?: string;
  parallel?: number;
  buildParameters?: Record<string, unknown>;
}

/**
 * A build to insert with `addBuild`, in wire field names. Give `status`, `lifecycle` or `outcome` to put it in
 * that state: a finished one (e.g. `{ outcome: 'failed' }`) stays so; a queued or running one stays so until
 * `finishBuild` or a cancel. Give none of them for a build that runs on the clock like a triggered one.
 * A given `status` is reported as given; without it a finished build's status follows its outcome (`fixed`
 * after a failure on the branch). Behaviour fields (`queuedMs`, `runMs`, `artifacts`, `tests`, `hold`, ...)
 * override the project's config.
 */
export interface BuildSeed extends Omit<BuildBehaviour, 'outcome' | 'workflows'> {
  build_num?: number;
  branch?: string | null;
  vcs_revision?: string;
  vcs_tag?: string | null;
  /** Default `api`. */
  why?: string;
  subject?: string;
  body?: string;
  committer_name?: string;
  committer_email?: string;
  author_name?: string;
  author_email?: string;
  status?: string;
  lifecycle?: string;
  outcome?: string | null;
  /** For a build on the clock: its planned outcome. */
  finalOutcome?: FinalOutcome;
  /** ISO text or epoch milliseconds. */
  queued_at?: string | number;
  start_time?: string | number;
  stop_time?: string | number;
  build_parameters?: Record<string, unknown> | null;
  retry_of?: number | null;
  ssh_users?: Record<string, unknown>[];
  no_dependency_cache?: boolean;
  workflows?: Record<string, unknown>;
  user?: Record<string, unknown>;
  /** More fields merged into the build's records as they are. */
  extra?: Record<string, unknown>;
}

const LIFECYCLE_OF_STATUS: Record<string, string> = {
  queued: 'queued',
  scheduled: 'scheduled',
  not_running: 'not_running',
  running: 'running',
  not_run: 'not_run',
};

const OUTCOME_OF_STATUS: Record<string, string> = {
  success: 'success',
  fixed: 'success',
  failed: 'failed',
  canceled: 'canceled',
  infrastructure_fail: 'infrastructure_fail',
  timedout: 'timedout',
  no_tests: 'no_tests',
  retried: 'failed',
};

function toMillis(value: string | number): number {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw new TypeError(`not a time: ${String(value)}`);
  return ms;
}

export interface BuildsOptions {
  clock: Clock;
  user: EmulatedUser;
  /** Configuration every project starts from. */
  defaults: ProjectConfig;
  /** Every build's artifacts answer with a redirect. */
  artifactRedirectAll: boolean;
}

/** Makes and changes the stored builds of projects. */
export class Builds {
  private readonly clock: Clock;
  private readonly user: EmulatedUser;
  private readonly defaults: ProjectConfig;
  private readonly artifactRedirectAll: boolean;

  constructor(options: BuildsOptions) {
    this.clock = options.clock;
    this.user = options.user;
    this.defaults = options.defaults;
    this.artifactRedirectAll = options.artifactRedirectAll;
  }

  /** The behaviour of a new build of a project's branch. */
  behaviour(project: EmulatedProject, branch: string | null): ResolvedBehaviour {
    const resolved = resolveBehaviour(this.defaults, project.config, branch);
    if (this.artifactRedirectAll) resolved.artifactRedirect = true;
    return resolved;
  }

  /** The signed-in user as a build's `user` or `canceler`. */
  userEntry(project: EmulatedProject): Record<string, unknown> {
    return {
      is_user: true,
      login: this.user.login,
      avatar_url: null,
      name: this.user.name,
      vcs_type: project.vcsType,
      id: this.user.id,
    };
  }

  private sshUserEntry(): Record<string, unknown> {
    return { login: this.user.login, id: this.user.id };
  }

  /** Stores the build `make` makes, numbered `num` or next. */
  insert(project: EmulatedProject, num: number | undefined, make: (num: number) => StoredBuild): StoredBuild {
    const buildNum = num ?? project.nextBuildNum;
    if (!Number.isInteger(buildNum) || buildNum < 1) throw new RangeError(`bad build number ${buildNum}`);
    if (project.findBuild(buildNum) !== undefined)
      throw new Error(`build ${buildNum} exists in ${project.slug}`);
    const build = make(buildNum);
    project.storedBuilds.push(build);
    project.storedBuilds.sort((a, b) => a.num - b.num);
    project.nextBuildNum = Math.max(project.nextBuildNum, buildNum + 1);
    return build;
  }

  /** A new build, queued at `queuedAt`, behaving as `behaviour` says. */
  newBuild(
    project: EmulatedProject,
    num: number,
    branch: string | null,
    behaviour: ResolvedBehaviour,
    parallel: number,
    queuedAt: number,
  ): StoredBuild {
    return {
      num,
      branch,
      revision: fakeRevision(`${project.slug}#${branch ?? ''}`),
      tag: null,
      why: 'api',
      commit: fakeCommit(`${project.slug}#${num}`, num, queuedAt),
      commitKnownWhileQueued: true,
      user: this.userEntry(project),
      buildParameters: null,
      parallel,
      platform: behaviour.platform,
      queuedAt,
      queuedMs: behaviour.queuedMs,
      runMs: behaviour.runMs,
      plannedOutcome: behaviour.outcome,
      hold: behaviour.hold,
      pin: undefined,
      statusOverride: undefined,
      startAt: undefined,
      end: undefined,
      canceler: null,
      retryOf: null,
      retries: [],
      sshUsers: [],
      noDependencyCache: false,
      artifacts: behaviour.artifacts.flatMap((spec) =>
        spec.nodeIndex !== undefined
          ? [{ ...spec, nodeIndex: spec.nodeIndex }]
          : Array.from({ length: parallel }, (_, nodeIndex) => ({ ...spec, nodeIndex })),
      ),
      tests: behaviour.tests,
      artifactRedirect: behaviour.artifactRedirect,
      workflowJob: undefined,
      failure: behaviour.failure,
      outputBytes: behaviour.outputBytes,
      workflows:
        behaviour.platform === '2.0'
          ? {
              job_name: 'build',
              job_id: fakeUuid(`${project.slug}#${num}/job`),
              workflow_id: fakeUuid(`${project.slug}#${num}/workflow`),
              workspace_id: fakeUuid(`${project.slug}#${num}/workflow`),
              upstream_job_ids: [],
              upstream_concurrency_map: {},
              workflow_name: 'build',
            }
          : undefined,
      extra: {},
    };
  }

  /** Triggers a build as POST .../tree/{branch} does. */
  trigger(project: EmulatedProject, request: TriggerRequest): StoredBuild {
    const behaviour = this.behaviour(project, request.branch);
    // As on the service, a requested parallelism counts only on the first generation of the build system.
    const parallel =
      behaviour.platform === '1.0' && request.parallel !== undefined ? request.parallel : behaviour.parallel;
    return this.insert(project, undefined, (num) => {
      const made = this.newBuild(project, num, request.branch, behaviour, parallel, this.clock.now());
      if (request.tag !== undefined) {
        made.tag = request.tag;
        made.revision = fakeRevision(`${project.slug}@${request.tag}`);
      }
      if (request.revision !== undefined) made.revision = request.revision;
      made.commitKnownWhileQueued = false;
      made.buildParameters = { ...request.buildParameters };
      return made;
    });
  }

  /** The behaviour of a workflow job's build: the branch's, with the job's own fields over it. */
  jobBehaviour(project: EmulatedProject, branch: string | null, job: JobSpec): ResolvedBehaviour {
    const behaviour = this.behaviour(project, branch);
    behaviour.platform = '2.0';
    if (job.outcome !== undefined) behaviour.outcome = job.outcome;
    if (job.runMs !== undefined) behaviour.runMs = job.runMs;
    if (job.queuedMs !== undefined) behaviour.queuedMs = job.queuedMs;
    if (job.artifacts !== undefined) behaviour.artifacts = job.artifacts;
    if (job.failure !== undefined) behaviour.failure = job.failure;
    return behaviour;
  }

  /** Inserts a build in any state (see BuildSeed). */
  add(project: EmulatedProject, seed: BuildSeed): StoredBuild {
    const branch = seed.branch !== undefined ? seed.branch : (project.config.defaultBranch ?? 'master');
    const { outcome: _stateOutcome, workflows: _wireWorkflows, ...seedBehaviour } = seed;
    const behaviour: ResolvedBehaviour = {
      ...this.behaviour(project, branch),
      ...pickBehaviour(seedBehaviour),
    };
    if (seed.finalOutcome !== undefined) behaviour.outcome = seed.finalOutcome;
    const now = this.clock.now();
    let lifecycle = seed.lifecycle;
    if (lifecycle === undefined && seed.status !== undefined)
      lifecycle = LIFECYCLE_OF_STATUS[seed.status] ?? 'finished';
    if (lifecycle === undefined && seed.outcome !== undefined && seed.outcome !== null)
      lifecycle = 'finished';
    return this.insert(project, seed.build_num, (num) => {
      let queuedAt = now;
      if (seed.queued_at !== undefined) queuedAt = toMillis(seed.queued_at);
      else if (lifecycle === 'finished') queuedAt = now - behaviour.queuedMs - behaviour.runMs;
      else if (lifecycle === 'running') queuedAt = now - behaviour.queuedMs;
      const made = this.newBuild(
        project,
        num,
        branch,
        behaviour,
        seed.parallel ?? behaviour.parallel,
        queuedAt,
      );
      if (lifecycle === 'finished') {
        const start =
          seed.start_time !== undefined ? toMillis(seed.start_time) : queuedAt + behaviour.queuedMs;
        const stop = seed.stop_time !== undefined ? toMillis(seed.stop_time) : start + behaviour.runMs;
        const outcome =
          seed.outcome ?? (seed.status === undefined ? undefined : OUTCOME_OF_STATUS[seed.status]);
        made.startAt = start;
        made.end = { at: stop, outcome: outcome ?? 'success' };
        made.statusOverride = seed.status;
      } else if (lifecycle !== undefined) {
        made.pin = { lifecycle, status: seed.status ?? lifecycle };
        if (lifecycle === 'running') {
          made.startAt =
            seed.start_time !== undefined ? toMillis(seed.start_time) : queuedAt + behaviour.queuedMs;
        }
      }
      if (seed.vcs_revision !== undefined) made.revision = seed.vcs_revision;
      else if (seed.vcs_tag) made.revision = fakeRevision(`${project.slug}@${seed.vcs_tag}`);
      else made.revision = fakeRevision(`${project.slug}#${num}`);
      if (seed.vcs_tag !== undefined) made.tag = seed.vcs_tag;
      made.why = seed.why ?? 'api';
      made.commit = {
        ...made.commit,
        ...(seed.subject !== undefined && { subject: seed.subject }),
        ...(seed.body !== undefined && { body: seed.body }),
        ...(seed.committer_name !== undefined && { committerName: seed.committer_name }),
        ...(seed.committer_email !== undefined && { committerEmail: seed.committer_email }),
        ...(seed.author_name !== undefined && { authorName: seed.author_name }),
        ...(seed.author_email !== undefined && { authorEmail: seed.author_email }),
      };
      if (seed.build_parameters !== undefined) made.buildParameters = seed.build_parameters;
      if (seed.retry_of !== undefined) made.retryOf = seed.retry_of;
      if (seed.ssh_users !== undefined) made.sshUsers = seed.ssh_users.map((user) => ({ ...user }));
      if (seed.no_dependency_cache !== undefined) made.noDependencyCache = seed.no_dependency_cache;
      if (seed.workflows !== undefined) made.workflows = seed.workflows;
      if (seed.user !== undefined) made.user = seed.user;
      if (seed.extra !== undefined) made.extra = { ...seed.extra };
      return made;
    });
  }

  /**
   * Ends a build now with `outcome` (for `hold` builds, or to change the course of any build). A build that
   * had not started is given a start time of now (none when canceled).
   */
  finish(build: StoredBuild, outcome: FinalOutcome | 'canceled'): void {
    const now = this.clock.now();
    const phase = phaseAt(build, now);
    build.startAt = phase.start ?? (outcome === 'canceled' ? null : now);
    build.end = { at: now, outcome };
  }

  /** Cancels a build as POST .../cancel does: a build that has finished stays as it is. */
  cancel(project: EmulatedProject, build: StoredBuild): void {
    const now = this.clock.now();
    const phase = phaseAt(build, now);
    if (!isFinished({ lifecycle: phase.lifecycle, outcome: phase.outcome })) {
      build.startAt = phase.start;
      build.end = { at: now, outcome: 'canceled' };
      build.canceler = { ...this.userEntry(project) };
    }
  }

  /**
   * Retries a build as POST .../retry does: a new build of the same branch, revision, tag, parameters and
   * parallelism, behaving as the project's config now says; a workflow job's retry takes its job's place.
   */
  retry(
    project: EmulatedProject,
    original: StoredBuild,
    options: { ssh?: boolean; noCache?: boolean },
  ): StoredBuild {
    const workflowJob = original.workflowJob;
    // A job's retry behaves as its job says now (the config may have changed since), else as it said then.
    const job =
      workflowJob === undefined
        ? undefined
        : (this.behaviour(project, original.branch)
            .workflows.find((workflow) => workflow.name === workflowJob.run.name)
            ?.jobs.find((candidate) => candidate.name === workflowJob.job.name) ?? workflowJob.job);
    const behaviour =
      job === undefined
        ? this.behaviour(project, original.branch)
        : this.jobBehaviour(project, original.branch, job);
    const retry = this.insert(project, undefined, (num) => {
      const made = this.newBuild(
        project,
        num,
        original.branch,
        behaviour,
        original.parallel,
        this.clock.now(),
      );
      made.revision = original.revision;
      made.tag = original.tag;
      made.commit = { ...original.commit };
      made.buildParameters = original.buildParameters === null ? null : { ...original.buildParameters };
      made.platform = original.platform;
      made.why = 'retry';
      made.retryOf = original.num;
      made.noDependencyCache = options.noCache === true;
      if (options.ssh === true) made.sshUsers = [this.sshUserEntry()];
      // The same job of the same workflow, as a new job (the recording shows no retry; a new job id is our guess).
      if (original.workflows !== undefined) {
        made.workflows = { ...original.workflows, job_id: fakeUuid(`${project.slug}#${num}/job`) };
      }
      if (workflowJob !== undefined && job !== undefined) {
        made.workflowJob = { run: workflowJob.run, job };
        workflowJob.run.builds.set(job.name, num);
        workflowJob.run.jobIds.set(job.name, String(made.workflows?.['job_id']));
      }
      return made;
    });
    original.retries.push(retry.num);
    return retry;
  }

  /** Adds the user to a build's SSH users as POST .../ssh-users does. */
  addSshUser(build: StoredBuild): void {
    if (!build.sshUsers.some((user) => user['login'] === this.user.login))
      build.sshUsers.push(this.sshUserEntry());
  }
}
