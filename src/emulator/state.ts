// Everything the emulated service knows: projects, builds, keys, variables, the user. The HTTP layer reads and
// changes it through these methods, and so do tests, to arrange a situation or check an effect.

import type { Clock } from '../api/clock.ts';
import {
  isFinished,
  matchesStatusFilter,
  VCS_TYPES,
  type Artifact,
  type Build,
  type BuildStatusFilter,
  type CheckoutKey,
  type Project,
  type TestMetadata,
  type User,
  type VcsType,
} from '../api/records.ts';
import { contentBytes, contentSha256 } from './content.ts';
import { acceptPrivateKey, generateCheckoutKey } from './keys.ts';
import {
  artifactAbsolutePath,
  EmulatedProject,
  fakeCommit,
  fakeRevision,
  fakeUuid,
  pickBehaviour,
  resolveBehaviour,
  type BuildBehaviour,
  type EmulatedUser,
  type FinalOutcome,
  type JobSpec,
  type PendingJob,
  type ProjectConfig,
  type ResolvedBehaviour,
  type StoredBuild,
  type StoredCheckoutKey,
  type StoredSshKey,
} from './model.ts';
import {
  artifactContentSeed,
  artifactUrlPath,
  buildArtifacts,
  buildDetails,
  buildSummary,
  buildTests,
  projectRecord,
  type RenderContext,
} from './render.ts';
import type { OutputPlan } from './output.ts';
import { phaseAt } from './phase.ts';
import { UrlSigner } from './signing.ts';
import { outputPlan, stepRuns } from './steps.ts';
import { checkWorkflows, settlePushes, type PushRequest, type PushResult } from './pushes.ts';

/** A project handle, or its slug `vcs/user/repo`. */
export type ProjectRef = EmulatedProject | string;

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

/** Options of `builds()`. */
export interface BuildListOptions {
  branch?: string;
  filter?: BuildStatusFilter;
}

/** An artifact located for download. */
export interface ArtifactFile {
  project: EmulatedProject;
  buildNum: number;
  nodeIndex: number;
  /** Absolute path in the build container. */
  path: string;
  size: number;
  /** Seed of the generated content (content.ts). */
  seed: number;
  /** Answer with a redirect to the second origin. */
  redirect: boolean;
}

export interface StateOptions {
  clock: Clock;
  origin: string;
  /** Origin of the storage server that signed URLs (redirected artifacts, step output) point at. */
  storageOrigin?: string;
  defaults?: ProjectConfig;
  user?: EmulatedUser;
  /** Answer artifact downloads with a redirect for every project. */
  artifactRedirect?: boolean;
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

/** The state of an emulated service. */
export class EmulatorState {
  readonly clock: Clock;
  /** Origin of the API server: build and artifact URLs point there. */
  readonly origin: string;
  /** The signed-in user (every valid token is theirs). */
  readonly user: EmulatedUser;
  /** Signs and checks storage URLs. */
  readonly signer: UrlSigner;
  private readonly defaults: ProjectConfig;
  private readonly artifactRedirectAll: boolean;
  private readonly projectsBySlug = new Map<string, EmulatedProject>();
  private platformKeyValue: string | undefined;

  constructor(options: StateOptions) {
    this.clock = options.clock;
    this.origin = options.origin;
    this.defaults = options.defaults ?? {};
    this.signer = new UrlSigner(options.storageOrigin ?? options.origin, options.clock);
    this.user = options.user ?? { login: 'octo-user', name: 'Octo User', id: 1001 };
    this.artifactRedirectAll = options.artifactRedirect ?? false;
  }

  private context(): RenderContext {
    return {
      origin: this.origin,
      user: this.user,
      now: this.clock.now(),
      sign: (path) => this.signer.sign(path),
    };
  }

  // ---- projects

  /**
   * Creates a followed project, or updates one: `config` is merged over its config (top-level keys; a given
   * `branches` replaces the old one). Returns its handle.
   */
  project(vcsType: VcsType, username: string, reponame: string, config?: ProjectConfig): EmulatedProject {
    if (!(VCS_TYPES as readonly string[]).includes(vcsType))
      throw new TypeError(`unknown vcs type ${vcsType}`);
    const slug = `${vcsType}/${username}/${reponame}`;
    const existing = this.projectsBySlug.get(slug);
    if (existing !== undefined) {
      if (config !== undefined) existing.config = { ...existing.config, ...config };
      return existing;
    }
    const created = new EmulatedProject(vcsType, username, reponame, { ...config }, this.clock.now());
    this.projectsBySlug.set(slug, created);
    return created;
  }

  /** The project, or undefined when nobody followed, triggered or seeded it. */
  findProject(vcsType: string, username: string, reponame: string): EmulatedProject | undefined {
    const found = this.projectsBySlug.get(`${vcsType}/${username}/${reponame}`);
    if (found !== undefined) this.settle(found);
    return found;
  }

  /** All projects (all followed), in creation order. */
  projects(): EmulatedProject[] {
    const all = [...this.projectsBySlug.values()];
    for (const project of all) this.settle(project);
    return all;
  }

  private resolve(ref: ProjectRef): EmulatedProject {
    const found = typeof ref === 'string' ? this.projectsBySlug.get(ref) : ref;
    if (found === undefined) throw new Error(`no project ${String(ref)} in the emulator`);
    this.settle(found);
    return found;
  }

  /** Schedules the builds of pushes that are due by now (every read and change of a project comes here first). */
  private settle(project: EmulatedProject): void {
    if (project.pendingJobs.length === 0) return;
    settlePushes(project, this.clock.now(), (pending, at) => this.schedulePushed(project, pending, at));
  }

  private stored(ref: ProjectRef, num: number): { project: EmulatedProject; build: StoredBuild } {
    const project = this.resolve(ref);
    const build = project.findBuild(num);
    if (build === undefined) throw new Error(`no build ${num} in ${project.slug}`);
    return { project, build };
  }

  /** Records of GET /projects. */
  projectRecords(): Project[] {
    const ctx = this.context();
    return this.projects().map((project) =>
      projectRecord(
        project,
        ctx,
        project.sshKeys.map((key) => ({
          hostname: key.hostname,
          fingerprint: key.fingerprint,
          public_key: key.publicKey,
        })),
      ),
    );
  }

  // ---- builds

  private behaviour(project: EmulatedProject, branch: string | null): ResolvedBehaviour {
    const resolved = resolveBehaviour(this.defaults, project.config, branch);
    if (this.artifactRedirectAll) resolved.artifactRedirect = true;
    return resolved;
  }

  private userEntry(project: EmulatedProject): Record<string, unknown> {
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

  private insert(
    project: EmulatedProject,
    num: number | undefined,
    make: (num: number) => StoredBuild,
  ): StoredBuild {
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

  private newBuild(
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

  /** Triggers a build as POST .../tree/{branch} does (the project must exist). Returns its summary. */
  trigger(ref: ProjectRef, request: TriggerRequest): Build {
    const project = this.resolve(ref);
    const behaviour = this.behaviour(project, request.branch);
    // Spec rule 2: a requested parallelism counts only on the first generation of the build system.
    const parallel =
      behaviour.platform === '1.0' && request.parallel !== undefined ? request.parallel : behaviour.parallel;
    const build = this.insert(project, undefined, (num) => {
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
    return buildSummary(project, build, this.context());
  }

  // ---- pushes

  /**
   * Pushes a commit to a branch: the service starts builds by itself (`why` the code host's name), one per job
   * of each workflow configured for the branch, or one build when none is. Jobs without upstream jobs are
   * scheduled `delayMs` after the push, the others once their upstream jobs succeeded (see pushes.ts).
   */
  push(ref: ProjectRef, request: PushRequest): PushResult {
    const project = this.resolve(ref);
    const delayMs = request.delayMs ?? 0;
    if (!(Number.isFinite(delayMs) && delayMs >= 0)) throw new RangeError(`bad push delay ${delayMs}`);
    const at = request.at ?? this.clock.now();
    const behaviour = this.behaviour(project, request.branch);
    checkWorkflows(behaviour.workflows);
    const count = ++project.pushCount;
    const key = `${project.slug}/push/${count}`;
    const revision = request.revision ?? fakeRevision(`${key}/${request.branch}`);
    const commit = fakeCommit(key, count, at);
    if (request.subject !== undefined) commit.subject = request.subject;
    const push = { branch: request.branch, revision, commit, at, delayMs };
    if (behaviour.workflows.length === 0) {
      project.pendingJobs.push({ push, run: undefined, job: undefined });
    }
    for (const workflow of behaviour.workflows) {
      const run = {
        name: workflow.name,
        id: fakeUuid(`${key}/${workflow.name}`),
        builds: new Map<string, number>(),
        jobIds: new Map<string, string>(),
      };
      for (const job of workflow.jobs) project.pendingJobs.push({ push, run, job: { ...job } });
    }
    this.settle(project);
    return { revision, branch: request.branch };
  }

  private jobBehaviour(project: EmulatedProject, branch: string | null, job: JobSpec): ResolvedBehaviour {
    const behaviour = this.behaviour(project, branch);
    behaviour.platform = '2.0';
    if (job.outcome !== undefined) behaviour.outcome = job.outcome;
    if (job.runMs !== undefined) behaviour.runMs = job.runMs;
    if (job.queuedMs !== undefined) behaviour.queuedMs = job.queuedMs;
    if (job.artifacts !== undefined) behaviour.artifacts = job.artifacts;
    if (job.failure !== undefined) behaviour.failure = job.failure;
    return behaviour;
  }

  private schedulePushed(project: EmulatedProject, pending: PendingJob, at: number): void {
    const { push, run, job } = pending;
    const behaviour =
      job === undefined ? this.behaviour(project, push.branch) : this.jobBehaviour(project, push.branch, job);
    this.insert(project, undefined, (num) => {
      const made = this.newBuild(project, num, push.branch, behaviour, behaviour.parallel, at);
      made.revision = push.revision;
      made.commit = { ...push.commit };
      made.why = project.vcsType;
      if (run !== undefined && job !== undefined) {
        const jobId = fakeUuid(`${project.slug}#${num}/job`);
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

  /** Inserts a build in any state (see BuildSeed). Returns its full record. */
  addBuild(ref: ProjectRef, seed: BuildSeed = {}): Build {
    const project = this.resolve(ref);
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
    const build = this.insert(project, seed.build_num, (num) => {
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
    return buildDetails(project, build, this.context());
  }

  /**
   * Ends a build now with `outcome` (for `hold` builds, or to change the course of any build). A build that
   * had not started is given a start time of now (none when canceled).
   */
  finishBuild(ref: ProjectRef, buildNum: number, outcome: FinalOutcome | 'canceled'): Build {
    const { project, build } = this.stored(ref, buildNum);
    const now = this.clock.now();
    const phase = phaseAt(build, now);
    build.startAt = phase.start ?? (outcome === 'canceled' ? null : now);
    build.end = { at: now, outcome };
    return buildDetails(project, build, this.context());
  }

  /** Cancels a build as POST .../cancel does: a build that has finished stays as it is. Returns its summary. */
  cancelBuild(ref: ProjectRef, buildNum: number): Build {
    const { project, build } = this.stored(ref, buildNum);
    const now = this.clock.now();
    const phase = phaseAt(build, now);
    if (!isFinished({ lifecycle: phase.lifecycle, outcome: phase.outcome })) {
      build.startAt = phase.start;
      build.end = { at: now, outcome: 'canceled' };
      build.canceler = { ...this.userEntry(project) };
    }
    return buildSummary(project, build, this.context());
  }

  /**
   * Retries a build as POST .../retry does: a new build of the same branch, revision, tag, parameters and
   * parallelism, behaving as the project's config now says. Returns the new build's summary.
   */
  retryBuild(ref: ProjectRef, buildNum: number, options: { ssh?: boolean; noCache?: boolean } = {}): Build {
    const { project, build: original } = this.stored(ref, buildNum);
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
    return buildSummary(project, retry, this.context());
  }

  /** Adds the user to a build's SSH users as POST .../ssh-users does. Returns the build's summary. */
  addSshUser(ref: ProjectRef, buildNum: number): Build {
    const { project, build } = this.stored(ref, buildNum);
    if (!build.sshUsers.some((user) => user['login'] === this.user.login))
      build.sshUsers.push(this.sshUserEntry());
    return buildSummary(project, build, this.context());
  }

  /** The full record of a build now (with steps), or undefined. */
  getBuild(ref: ProjectRef, buildNum: number): Build | undefined {
    const project = this.resolve(ref);
    const build = project.findBuild(buildNum);
    return build === undefined ? undefined : buildDetails(project, build, this.context());
  }

  /** Build summaries now, newest first, optionally narrowed to a branch and a status filter. */
  builds(ref: ProjectRef, options: BuildListOptions = {}): Build[] {
    const project = this.resolve(ref);
    const ctx = this.context();
    return [...project.storedBuilds]
      .reverse()
      .filter((build) => options.branch === undefined || build.branch === options.branch)
      .map((build) => buildSummary(project, build, ctx))
      .filter((record) => matchesStatusFilter(record, options.filter));
  }

  /** Builds of all projects now, newest first by queued time, then build number. */
  recentBuilds(): Build[] {
    const ctx = this.context();
    const all = this.projects().flatMap((project) =>
      project.storedBuilds.map((build) => ({ project, build })),
    );
    all.sort((a, b) => b.build.queuedAt - a.build.queuedAt || b.build.num - a.build.num);
    return all.map(({ project, build }) => buildSummary(project, build, ctx));
  }

  /** Artifacts a build lists now (none until it has finished, none when canceled). */
  artifacts(ref: ProjectRef, buildNum: number): Artifact[] {
    const { project, build } = this.stored(ref, buildNum);
    return buildArtifacts(project, build, this.context());
  }

  /** The newest build matching a branch (if given) and a status filter, or undefined. */
  latestBuild(ref: ProjectRef, branch: string | undefined, filter: BuildStatusFilter): Build | undefined {
    return this.builds(ref, branch === undefined ? { filter } : { branch, filter })[0];
  }

  /** Finds the artifact an artifact URL path (`/artifacts/...`, still encoded) points at. */
  findArtifact(urlPath: string): ArtifactFile | undefined {
    const match = /^\/artifacts\/([^/]+)\/([^/]+)\/([^/]+)\/(\d+)\/(\d+)\/(.+)$/.exec(urlPath);
    if (match === null) return undefined;
    const [, vcs = '', user = '', repo = '', num = '', node = ''] = match;
    let project: EmulatedProject | undefined;
    try {
      project = this.findProject(decodeURIComponent(vcs), decodeURIComponent(user), decodeURIComponent(repo));
    } catch {
      return undefined;
    }
    const build = project?.findBuild(Number(num));
    if (project === undefined || build === undefined) return undefined;
    if (buildArtifacts(project, build, this.context()).length === 0) return undefined;
    const nodeIndex = Number(node);
    const spec = build.artifacts.find(
      (candidate) =>
        candidate.nodeIndex === nodeIndex &&
        artifactUrlPath(project, build.num, nodeIndex, candidate) === urlPath,
    );
    if (spec === undefined) return undefined;
    return {
      project,
      buildNum: build.num,
      nodeIndex,
      path: artifactAbsolutePath(spec),
      size: spec.size,
      seed: artifactContentSeed(project, build.num, nodeIndex, spec),
      redirect: build.artifactRedirect,
    };
  }

  /** What the action a step output path (`/output/...`, still encoded) points at has printed so far. */
  findStepOutput(urlPath: string): OutputPlan | undefined {
    const match = /^\/output\/([^/]+)\/([^/]+)\/([^/]+)\/(\d+)\/(\d+)\/(\d+)$/.exec(urlPath);
    if (match === null) return undefined;
    const [, vcs = '', user = '', repo = '', num = '', step = '', index = ''] = match;
    let project: EmulatedProject | undefined;
    try {
      project = this.findProject(decodeURIComponent(vcs), decodeURIComponent(user), decodeURIComponent(repo));
    } catch {
      return undefined;
    }
    const build = project?.findBuild(Number(num));
    if (project === undefined || build === undefined || Number(index) >= build.parallel) return undefined;
    const now = this.clock.now();
    const phase = phaseAt(build, now);
    const run = stepRuns(build, phase, now).find((candidate) => candidate.step === Number(step));
    return run === undefined ? undefined : outputPlan(project, build, phase, run, Number(index), now);
  }

  private artifactFile(ref: ProjectRef, buildNum: number, path: string, nodeIndex: number): ArtifactFile {
    const { project, build } = this.stored(ref, buildNum);
    const spec = build.artifacts.find(
      (candidate) =>
        candidate.nodeIndex === nodeIndex &&
        (candidate.path === path || artifactAbsolutePath(candidate) === path),
    );
    if (spec === undefined) throw new Error(`no artifact ${path} on node ${nodeIndex} of build ${buildNum}`);
    const file = this.findArtifact(artifactUrlPath(project, buildNum, nodeIndex, spec));
    if (file === undefined) throw new Error(`artifact ${path} of build ${buildNum} is not available yet`);
    return file;
  }

  /** The bytes of an artifact (path as configured or absolute), for checking small downloads. */
  artifactBytes(ref: ProjectRef, buildNum: number, path: string, nodeIndex = 0): Buffer {
    const file = this.artifactFile(ref, buildNum, path, nodeIndex);
    return contentBytes(file.seed, 0, file.size);
  }

  /** SHA-256 (hex) of an artifact's content, computed without holding it, for checking large downloads. */
  artifactSha256(ref: ProjectRef, buildNum: number, path: string, nodeIndex = 0): string {
    const file = this.artifactFile(ref, buildNum, path, nodeIndex);
    return contentSha256(file.seed, file.size);
  }

  /** Test metadata of a build now (empty until it has finished). */
  tests(ref: ProjectRef, buildNum: number): TestMetadata {
    const { build } = this.stored(ref, buildNum);
    return buildTests(build, this.clock.now());
  }

  // ---- project settings

  /** The project's environment variables, unmasked. */
  envvars(ref: ProjectRef): Record<string, string> {
    return Object.fromEntries(this.resolve(ref).envvars);
  }

  setEnvvar(ref: ProjectRef, name: string, value: string): void {
    this.resolve(ref).envvars.set(name, value);
  }

  /** False when there was no such variable. */
  deleteEnvvar(ref: ProjectRef, name: string): boolean {
    return this.resolve(ref).envvars.delete(name);
  }

  /** The project's checkout keys, private halves included, oldest first. */
  checkoutKeys(ref: ProjectRef): StoredCheckoutKey[] {
    return this.resolve(ref).checkoutKeys.map((key) => ({ ...key }));
  }

  /** Checkout keys in wire form; the newest is the preferred one. */
  checkoutKeyRecords(ref: ProjectRef): CheckoutKey[] {
    const keys = this.resolve(ref).checkoutKeys;
    return keys.map((key, index) => ({
      public_key: key.publicKey,
      type: key.type,
      fingerprint: key.fingerprint,
      login: key.login,
      preferred: index === keys.length - 1,
      time: new Date(key.time).toISOString(),
    }));
  }

  /** Makes a new RSA checkout key; a user key belongs to the signed-in user. Returns its record. */
  async createCheckoutKey(ref: ProjectRef, type: string): Promise<CheckoutKey> {
    const project = this.resolve(ref);
    const generated = await generateCheckoutKey();
    project.checkoutKeys.push({
      type,
      fingerprint: generated.fingerprint,
      publicKey: generated.publicKey,
      privateKeyPem: generated.privateKeyPem,
      login: type === 'deploy-key' ? null : this.user.login,
      time: this.clock.now(),
    });
    const records = this.checkoutKeyRecords(project);
    const created = records[records.length - 1];
    if (created === undefined) throw new Error('checkout key vanished');
    return created;
  }

  /** False when there was no key with that fingerprint. */
  deleteCheckoutKey(ref: ProjectRef, fingerprint: string): boolean {
    const keys = this.resolve(ref).checkoutKeys;
    const index = keys.findIndex((key) => key.fingerprint === fingerprint);
    if (index < 0) return false;
    keys.splice(index, 1);
    return true;
  }

  /** SSH keys added to the project, oldest first. */
  sshKeys(ref: ProjectRef): StoredSshKey[] {
    return this.resolve(ref).sshKeys.map((key) => ({ ...key }));
  }

  /** Adds an SSH key if it is an unencrypted RSA private key; false (nothing stored) otherwise. */
  addSshKey(ref: ProjectRef, privateKey: string, hostname?: string): boolean {
    const accepted = acceptPrivateKey(privateKey);
    if (accepted === undefined) return false;
    this.resolve(ref).sshKeys.push({
      hostname: hostname ?? null,
      fingerprint: accepted.fingerprint,
      publicKey: accepted.publicKey,
      privateKey,
    });
    return true;
  }

  /** Clears the project's dependency caches (counted). */
  clearCache(ref: ProjectRef): void {
    this.resolve(ref).cacheClears++;
  }

  /** How many times the project's caches were cleared. */
  cacheClears(ref: ProjectRef): number {
    return this.resolve(ref).cacheClears;
  }

  // ---- user

  /** The deployment-platform key last registered, unmasked. */
  get platformKey(): string | undefined {
    return this.platformKeyValue;
  }

  setPlatformKey(apikey: string): void {
    this.platformKeyValue = apikey;
  }

  /** The record of GET /me. */
  me(): User {
    const key = this.platformKeyValue;
    const projects = this.projects();
    return {
      enrolled_betas: [],
      in_beta_program: false,
      selected_email: 'person@example.com',
      avatar_url: null,
      trial_end: '2016-05-01T00:00:00.000Z',
      admin: false,
      basic_email_prefs: 'smart',
      sign_in_count: 42,
      analytics_id: fakeUuid(`user/${this.user.login}`),
      name: this.user.name,
      gravatar_id: null,
      days_left_in_trial: -1000,
      parallelism: 1,
      student: false,
      dev_admin: false,
      all_emails: ['person@example.com'],
      created_at: '2016-04-17T12:00:00.000Z',
      plan: null,
      platform_api_key: key === undefined ? null : `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxx${key.slice(-4)}`,
      projects: Object.fromEntries(
        projects.map((project) => [project.vcsUrl, { on_dashboard: true, emails: 'default' }]),
      ),
      login: this.user.login,
      organization_prefs: {},
      containers: 1,
      num_projects_followed: projects.length,
    };
  }
}
