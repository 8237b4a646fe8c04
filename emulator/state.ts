// Everything the emulated service knows: projects, builds, keys, variables, the user. The HTTP layer reads and
// changes it through these methods, and so do tests, to arrange a situation or check an effect. The work is
// done by the parts: builds.ts (builds and their clock), pushes.ts (builds the service starts by itself),
// storage.ts (artifacts, step output), render.ts (wire records); this class keeps the projects and hands out
// records.

import { endWorkflow, type ForcedWorkflowStatus } from './workflow-ends.ts';
import { hasSetup } from './continuations.ts';
import type { Clock } from './service.ts';
import {
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
} from './service.ts';
import { Builds, type BuildSeed, type TriggerRequest } from './builds.ts';
import { contentBytes, contentSha256 } from './content.ts';
import { acceptPrivateKey, generateCheckoutKey } from './keys.ts';
import {
  EmulatedProject,
  fakeUuid,
  type EmulatedUser,
  type FinalOutcome,
  type ProjectConfig,
  type StoredBuild,
  type StoredPipeline,
  type WorkflowRun,
  type StoredCheckoutKey,
  type StoredSshKey,
} from './model.ts';
import type { OutputPlan } from './output.ts';
import {
  cancelRun,
  jobRecords,
  pipelineRecord,
  rerunJobs,
  triggerPipeline,
  workflowRecord,
  type JobRecord,
  type PipelineRequest,
  type WorkflowRecord,
} from './pipelines.ts';
import { jobDetails } from './projects-v2.ts';
import { push, settlePushes, type PushRequest, type PushResult } from './pushes.ts';
import {
  buildArtifacts,
  buildDetails,
  buildSummary,
  buildTests,
  projectRecord,
  type RenderContext,
} from './render.ts';
import { UrlSigner } from './signing.ts';
import {
  artifactFile,
  findArtifact,
  findStepOutput,
  type ArtifactFile,
  type ProjectLookup,
} from './storage.ts';

export type { BuildSeed, TriggerRequest } from './builds.ts';
export type { ArtifactFile } from './storage.ts';

/** A project handle, or its slug `vcs/user/repo`. */
export type ProjectRef = EmulatedProject | string;

/** Options of `builds()`. */
export interface BuildListOptions {
  branch?: string;
  filter?: BuildStatusFilter;
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

/** The state of an emulated service. */
export class EmulatorState {
  readonly clock: Clock;
  /** Origin of the API server: build and artifact URLs point there. */
  readonly origin: string;
  /** The signed-in user (every valid token is theirs). */
  readonly user: EmulatedUser;
  /** Signs and checks storage URLs. */
  readonly signer: UrlSigner;
  private readonly buildMaker: Builds;
  /** Finds a project (for storage paths). */
  private readonly lookup: ProjectLookup = (vcs, user, repo) => this.findProject(vcs, user, repo);
  private readonly projectsBySlug = new Map<string, EmulatedProject>();
  private platformKeyValue: string | undefined;
  /**
   * After the service's sunset of its v1.1 trigger and retry (docs/sunset.md): they answer 410 Gone. Before it
   * (false) they answer as ever, with Deprecation and Sunset headers.
   */
  postSunset = false;

  constructor(options: StateOptions) {
    this.clock = options.clock;
    this.origin = options.origin;
    this.signer = new UrlSigner(options.storageOrigin ?? options.origin, options.clock);
    this.user = options.user ?? { login: 'octo-user', name: 'Octo User', id: 1001 };
    this.buildMaker = new Builds({
      clock: this.clock,
      user: this.user,
      defaults: options.defaults ?? {},
      artifactRedirectAll: options.artifactRedirect ?? false,
    });
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

  /**
   * Creates a project reachable only through API v2, by an opaque slug `provider/org/project` whose provider
   * word is any word (docs/v2.md), or updates its config as `project()` does. Returns its handle.
   */
  slugProject(slug: string, config?: ProjectConfig): EmulatedProject {
    const parts = slug.split('/');
    const [provider = '', org = '', name = ''] = parts;
    if (parts.length !== 3 || parts.some((part) => part === ''))
      throw new TypeError(`a slug is provider/organization/project, not ${slug}`);
    const existing = this.projectsBySlug.get(slug);
    if (existing !== undefined) {
      if (config !== undefined) existing.config = { ...existing.config, ...config };
      return existing;
    }
    // The provider word is opaque: no v1.1 record, the only place a vcs type is read, is made for it.
    const created = new EmulatedProject(
      provider as VcsType,
      org,
      name,
      { ...config },
      this.clock.now(),
      true,
    );
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

  /** The projects API v1.1 shows: not those reachable only through v2. */
  private v1Projects(): EmulatedProject[] {
    return this.projects().filter((project) => !project.v2Only);
  }

  private resolve(ref: ProjectRef): EmulatedProject {
    const found = typeof ref === 'string' ? this.projectsBySlug.get(ref) : ref;
    if (found === undefined) throw new Error(`no project ${String(ref)} in the emulator`);
    this.settle(found);
    return found;
  }

  /** Schedules the builds of pushes that are due by now (every read and change of a project comes here first). */
  private settle(project: EmulatedProject): void {
    if (project.pendingJobs.length === 0 && !project.pipelines.some(hasSetup)) return;
    settlePushes(this.buildMaker, project, this.clock.now());
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
    return this.v1Projects().map((project) =>
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

  /** Triggers a build as POST .../tree/{branch} does (the project must exist). Returns its summary. */
  trigger(ref: ProjectRef, request: TriggerRequest): Build {
    const project = this.resolve(ref);
    return buildSummary(project, this.buildMaker.trigger(project, request), this.context());
  }

  /**
   * Pushes a commit to a branch: the service starts builds by itself (`why` the code host's name), one per job
   * of each workflow configured for the branch, or one build when none is. Jobs without upstream jobs are
   * scheduled `delayMs` after the push, the others once their upstream jobs succeeded (see pushes.ts).
   */
  push(ref: ProjectRef, request: PushRequest): PushResult {
    const project = this.resolve(ref);
    const result = push(this.buildMaker, project, request, this.clock.now());
    this.settle(project);
    return result;
  }

  /** Inserts a build in any state (see BuildSeed). Returns its full record. */
  addBuild(ref: ProjectRef, seed: BuildSeed = {}): Build {
    const project = this.resolve(ref);
    return buildDetails(project, this.buildMaker.add(project, seed), this.context());
  }

  /**
   * Ends a build now with `outcome` (for `hold` builds, or to change the course of any build). A build that
   * had not started is given a start time of now (none when canceled).
   */
  finishBuild(ref: ProjectRef, buildNum: number, outcome: FinalOutcome | 'canceled'): Build {
    const { project, build } = this.stored(ref, buildNum);
    this.buildMaker.finish(build, outcome);
    return buildDetails(project, build, this.context());
  }

  /** Cancels a build as POST .../cancel does: a build that has finished stays as it is. Returns its summary. */
  cancelBuild(ref: ProjectRef, buildNum: number): Build {
    const { project, build } = this.stored(ref, buildNum);
    this.buildMaker.cancel(project, build);
    return buildSummary(project, build, this.context());
  }

  /**
   * Retries a build as POST .../retry does: a new build of the same branch, revision, tag, parameters and
   * parallelism, behaving as the project's config now says. Returns the new build's summary.
   */
  retryBuild(ref: ProjectRef, buildNum: number, options: { ssh?: boolean; noCache?: boolean } = {}): Build {
    const { project, build } = this.stored(ref, buildNum);
    return buildSummary(project, this.buildMaker.retry(project, build, options), this.context());
  }

  /** Adds the user to a build's SSH users as POST .../ssh-users does. Returns the build's summary. */
  addSshUser(ref: ProjectRef, buildNum: number): Build {
    const { project, build } = this.stored(ref, buildNum);
    this.buildMaker.addSshUser(build);
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
    const all = this.v1Projects().flatMap((project) =>
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
    return findArtifact(this.lookup, this.context(), urlPath);
  }

  /** What the action a step output path (`/output/...`, still encoded) points at has printed so far. */
  findStepOutput(urlPath: string): OutputPlan | undefined {
    return findStepOutput(this.lookup, this.clock.now(), urlPath);
  }

  private artifactFile(ref: ProjectRef, buildNum: number, path: string, nodeIndex: number): ArtifactFile {
    const { project, build } = this.stored(ref, buildNum);
    return artifactFile(this.lookup, this.context(), project, build, path, nodeIndex);
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

  // ---- pipelines (API v2)

  /** Triggers a pipeline as the v2 trigger does (see pipelines.ts). Returns its record, or the service's message. */
  triggerPipeline(ref: ProjectRef, request: PipelineRequest): Record<string, unknown> {
    const project = this.resolve(ref);
    const pipeline = triggerPipeline(this.buildMaker, project, request, this.clock.now());
    this.settle(project);
    return 'message' in pipeline
      ? pipeline
      : pipelineRecord(project, pipeline, this.user.login, this.clock.now());
  }

  private findPipeline(id: string): { project: EmulatedProject; pipeline: StoredPipeline } | undefined {
    for (const project of this.projects()) {
      const pipeline = project.pipelines.find((candidate) => candidate.id === id);
      if (pipeline !== undefined) return { project, pipeline };
    }
    return undefined;
  }

  private findRun(
    id: string,
  ): { project: EmulatedProject; pipeline: StoredPipeline; run: WorkflowRun } | undefined {
    for (const project of this.projects()) {
      for (const pipeline of project.pipelines) {
        const run = pipeline.runs.find((candidate) => candidate.id === id);
        if (run !== undefined) return { project, pipeline, run };
      }
    }
    return undefined;
  }

  /** A pipeline's record, or undefined. */
  pipeline(id: string): Record<string, unknown> | undefined {
    const found = this.findPipeline(id);
    return found === undefined
      ? undefined
      : pipelineRecord(found.project, found.pipeline, this.user.login, this.clock.now());
  }

  /** The pipelines of a project, oldest first (records). */
  pipelines(ref: ProjectRef): Record<string, unknown>[] {
    const now = this.clock.now();
    const project = this.resolve(ref);
    return project.pipelines.map((pipeline) => pipelineRecord(project, pipeline, this.user.login, now));
  }

  /** A pipeline's workflows now, oldest first, or undefined for an unknown pipeline. */
  pipelineWorkflows(id: string): WorkflowRecord[] | undefined {
    const found = this.findPipeline(id);
    if (found === undefined) return undefined;
    const now = this.clock.now();
    return found.pipeline.runs.map((run) => workflowRecord(found.project, found.pipeline, run, now));
  }

  /** A workflow's record now, or undefined. */
  workflow(id: string): WorkflowRecord | undefined {
    const found = this.findRun(id);
    return found === undefined
      ? undefined
      : workflowRecord(found.project, found.pipeline, found.run, this.clock.now());
  }

  /** A workflow's jobs now, or undefined for an unknown workflow. */
  workflowJobs(id: string): JobRecord[] | undefined {
    const found = this.findRun(id);
    return found === undefined ? undefined : jobRecords(found.project, found.run, this.clock.now());
  }

  /** A job's details (API v2) by its number, or undefined when it is no job of a workflow. */
  jobDetails(ref: ProjectRef, jobNumber: number): Record<string, unknown> | undefined {
    return jobDetails(this.resolve(ref), jobNumber, this.origin, this.clock.now());
  }

  /** Cancels a workflow (its builds, the jobs not started, its approvals); false for an unknown one. */
  cancelWorkflow(id: string): boolean {
    const found = this.findRun(id);
    if (found === undefined) return false;
    cancelRun(this.buildMaker, found.project, found.run, this.clock.now());
    return true;
  }

  /** Ends a workflow with a status before its remaining jobs are made; false for an unknown one. */
  endWorkflow(id: string, status: ForcedWorkflowStatus): boolean {
    const found = this.findRun(id);
    if (found === undefined) return false;
    endWorkflow(this.buildMaker, found.project, found.run, status, this.clock.now());
    return true;
  }

  /** Reruns jobs of a workflow as a new workflow; returns its id, or undefined for an unknown workflow. */
  rerunWorkflow(id: string, options: { jobIds: string[]; enableSsh: boolean }): string | undefined {
    const found = this.findRun(id);
    if (found === undefined) return undefined;
    const fresh = rerunJobs(
      this.buildMaker,
      found.project,
      found.pipeline,
      found.run,
      options,
      this.clock.now(),
    );
    return fresh.id;
  }

  /** The failed jobs of a workflow (ids), for a rerun from failed. */
  failedJobIds(id: string): string[] {
    return (this.workflowJobs(id) ?? [])
      .filter((job) => job.job_number !== undefined && !['success', 'running', 'queued'].includes(job.status))
      .map((job) => job.id);
  }

  /**
   * Approves an approval job (by name or id) of a workflow: the jobs after it become due. Throws a TypeError
   * that says why when there is no such job waiting.
   */
  approve(workflowId: string, job: { name?: string; id?: string; approvalRequestId?: string }): void {
    const found = this.findRun(workflowId);
    if (found === undefined) throw new TypeError('Workflow not found');
    const record = jobRecords(found.project, found.run, this.clock.now()).find(
      (candidate) =>
        (job.name !== undefined && candidate.name === job.name) ||
        (job.id !== undefined && candidate.id === job.id) ||
        (job.approvalRequestId !== undefined && candidate.approval_request_id === job.approvalRequestId),
    );
    if (record === undefined || record.type !== 'approval') throw new TypeError('No such approval job');
    if (record.status !== 'on_hold') throw new TypeError(`The approval job is ${record.status}, not on_hold`);
    found.run.approvals.set(record.name, this.clock.now());
    this.settle(found.project);
  }

  // ---- project settings

  /** The project's environment variables, unmasked. */
  envvars(ref: ProjectRef): Record<string, string> {
    return Object.fromEntries(this.resolve(ref).envvars);
  }

  setEnvvar(ref: ProjectRef, name: string, value: string): void {
    const project = this.resolve(ref);
    project.envvars.set(name, value);
    project.envvarCreatedAt.set(name, this.clock.now());
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
    const projects = this.v1Projects();
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
