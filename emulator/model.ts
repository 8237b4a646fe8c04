// The emulator's data: project configuration, stored builds and the stores of a project. Records in wire
// form are made from these by render.ts at read time.

import { createHash } from 'node:crypto';
import type { TestCase, VcsType } from './service.ts';

/** The absolute path of an artifact in the build container, as real records give it. */
export function artifactAbsolutePath(spec: ArtifactSpec): string {
  return spec.path.startsWith('/') ? spec.path : `/home/build/project/${spec.path}`;
}

/** How a build ends when nobody cancels or finishes it by hand. */
export type FinalOutcome = 'success' | 'failed' | 'infrastructure_fail' | 'timedout' | 'no_tests';
export const FINAL_OUTCOMES: readonly FinalOutcome[] = [
  'success',
  'failed',
  'infrastructure_fail',
  'timedout',
  'no_tests',
];

/** An artifact a build produces. */
export interface ArtifactSpec {
  /** Relative to the build's working directory (`/home/build/project/`), or absolute. */
  path: string;
  /** Size in bytes; the content is generated, so any size costs no memory. */
  size: number;
  /** The container that made it; without it, every container of a parallel build makes its own copy. */
  nodeIndex?: number;
  /** Defaults to `$CI_ARTIFACTS/<path>`. */
  prettyPath?: string;
}

/**
 * How a failing build fails: the step that fails, its command, the last lines it prints and its exit code.
 * Every field is optional; the defaults are a compiler error in the test step.
 */
export interface FailureSpec {
  /** Name of the failing step (default `Run tests`); a name not in the plan is added before the uploads. */
  step?: string;
  command?: string;
  /** Lines the step prints before it exits (the last meaningful one is the reason). */
  output?: string[];
  exitCode?: number;
}

/** A job of a workflow: one build per push. Fields left out come from the project's (or branch's) config. */
export interface JobSpec {
  name: string;
  /** `approval`: no build; it waits (on_hold) until approved (`POST /_emulator/approve`), then succeeds. */
  type?: 'build' | 'approval';
  /** Jobs that must have finished successfully before this one is scheduled (appears in the lists). */
  requires?: string[];
  outcome?: FinalOutcome;
  runMs?: number;
  queuedMs?: number;
  artifacts?: ArtifactSpec[];
  failure?: FailureSpec;
}

/** A workflow the service runs on every push: each job is its own build (second generation). */
export interface WorkflowSpec {
  name: string;
  jobs: JobSpec[];
  /** A setup workflow (`tag: "setup"`): once it has succeeded, these workflows appear and run. */
  continuesInto?: WorkflowSpec[];
}

/** How builds of a project (or of one branch) behave. Every field is optional; see BUILT_IN_BEHAVIOUR. */
export interface BuildBehaviour {
  /** Time a new build stays queued. */
  queuedMs?: number;
  /** Time a build runs once started. */
  runMs?: number;
  outcome?: FinalOutcome;
  /** Generation of the build system; a trigger's `parallel` counts only on `1.0`, as on the service. */
  platform?: '1.0' | '2.0';
  /** Containers per build. */
  parallel?: number;
  artifacts?: ArtifactSpec[];
  /** Test results reported once the build finishes; the default depends on the outcome. */
  tests?: TestCase[];
  /** The build stays running until `state.finishBuild` (or a cancel). */
  hold?: boolean;
  /** Artifact URLs answer with a redirect to the second origin (a signed storage URL). */
  artifactRedirect?: boolean;
  /** The workflows a push starts; without any, a push starts one build. Triggers are not affected. */
  workflows?: WorkflowSpec[];
  /** How a failing build fails (its failing step and output). */
  failure?: FailureSpec;
  /**
   * Bytes of generated test lines (at least this many) in the output of the failing step, or else of `Run
   * tests`: tens of megabytes cost no memory, they are made while they are sent.
   */
  outputBytes?: number;
  /** The configuration fails to compile: a pipeline of API v2 is `errored` with this message. */
  configError?: string;
  /** No workflow runs here (branch filters, `when`): a push or trigger makes a pipeline without workflows. */
  noWorkflows?: boolean;
}

/** A pipeline parameter the configuration declares (API v2): its type and default. */
export interface ParameterSpec {
  type: 'string' | 'integer' | 'boolean';
  default?: string | number | boolean;
}

/** Configuration of a project: build behaviour, overridable per branch. */
export interface ProjectConfig extends BuildBehaviour {
  /** Default `master`, as in the service. */
  defaultBranch?: string;
  branches?: Record<string, BuildBehaviour>;
  /** Pipeline parameters the configuration declares: any other makes a v2 trigger's pipeline `errored`. */
  parameters?: Record<string, ParameterSpec>;
  /** Time a triggered pipeline stays in its pending states (default PIPELINE_SETUP_MS). */
  pipelineSetupMs?: number;
}

/** How long a triggered pipeline is pending by default: a moment, as on the service. */
export const PIPELINE_SETUP_MS = 1000;

export interface ResolvedBehaviour {
  queuedMs: number;
  runMs: number;
  outcome: FinalOutcome;
  platform: '1.0' | '2.0';
  parallel: number;
  artifacts: ArtifactSpec[];
  tests: TestCase[] | undefined;
  hold: boolean;
  artifactRedirect: boolean;
  workflows: WorkflowSpec[];
  failure: FailureSpec | undefined;
  outputBytes: number | undefined;
  configError: string | undefined;
  noWorkflows: boolean;
}

export const DEFAULT_ARTIFACTS: readonly ArtifactSpec[] = [
  { path: 'dist/app.tar.gz', size: 4096 },
  { path: 'reports/junit.xml', size: 1536 },
];

const BUILT_IN_BEHAVIOUR: ResolvedBehaviour = {
  queuedMs: 500,
  runMs: 2000,
  outcome: 'success',
  platform: '2.0',
  parallel: 1,
  artifacts: [...DEFAULT_ARTIFACTS],
  tests: undefined,
  hold: false,
  artifactRedirect: false,
  workflows: [],
  failure: undefined,
  outputBytes: undefined,
  configError: undefined,
  noWorkflows: false,
};

/** The behaviour fields of anything that has them (a config, a branch part, a build seed). */
export function pickBehaviour(from: BuildBehaviour | undefined): BuildBehaviour {
  if (from === undefined) return {};
  const picked: BuildBehaviour = {};
  for (const key of Object.keys(from) as (keyof BuildBehaviour)[]) {
    if (key in BUILT_IN_BEHAVIOUR && from[key] !== undefined) Object.assign(picked, { [key]: from[key] });
  }
  return picked;
}

/** Layers the built-in behaviour, the emulator's defaults and the project's config, each with its branch part. */
export function resolveBehaviour(
  defaults: ProjectConfig,
  config: ProjectConfig,
  branch: string | null,
): ResolvedBehaviour {
  const layers = [defaults, config].flatMap((layer) => [
    pickBehaviour(layer),
    pickBehaviour(branch === null ? undefined : layer.branches?.[branch]),
  ]);
  return Object.assign({ ...BUILT_IN_BEHAVIOUR }, ...layers) as ResolvedBehaviour;
}

function testCase(classname: string, name: string, runTime: number): TestCase {
  const file = `test/${classname.split('.').slice(1).join('/')}.test.ts`;
  return {
    classname,
    file,
    name,
    result: 'success',
    run_time: runTime,
    message: null,
    source: 'junit',
    source_type: 'junit',
  };
}

const PASSING_TESTS: readonly TestCase[] = [
  testCase('test.unit.parser', 'parser reads an empty document', 0.012),
  testCase('test.unit.parser', 'parser keeps unknown fields', 0.004),
  testCase('test.unit.client', 'client retries on 503', 0.231),
];

/** The test results a build reports by default, after its outcome. */
export function defaultTests(outcome: string): TestCase[] {
  switch (outcome) {
    case 'success':
      return [...PASSING_TESTS];
    case 'failed':
      return [
        ...PASSING_TESTS,
        {
          ...testCase('test.unit.client', 'client gives up after the deadline', 0.104),
          result: 'failure',
          message: 'AssertionError: expected 3 to equal 2\n    at test/unit/client.test.ts:42:17',
        },
      ];
    case 'timedout':
      return [
        ...PASSING_TESTS.slice(0, 2),
        {
          ...testCase('test.integration.download', 'download resumes after a reset', 600),
          result: 'error',
          message: 'Error: test timed out after 600000 ms',
        },
      ];
    default:
      return [];
  }
}

/** The signed-in user, the one every valid token belongs to. */
export interface EmulatedUser {
  login: string;
  name: string;
  id: number;
}

export interface CommitInfo {
  subject: string;
  body: string;
  committerName: string;
  committerEmail: string;
  authorName: string;
  authorEmail: string;
  date: number;
}

/** A build as stored; its state at any moment is computed by render.ts from these and the clock. */
export interface StoredBuild {
  num: number;
  branch: string | null;
  revision: string;
  tag: string | null;
  why: string;
  commit: CommitInfo;
  /** Builds triggered by API learn their commit when they check out: until they start, commit fields are null. */
  commitKnownWhileQueued: boolean;
  user: Record<string, unknown>;
  buildParameters: Record<string, unknown> | null;
  parallel: number;
  platform: '1.0' | '2.0';
  queuedAt: number;
  queuedMs: number;
  runMs: number;
  plannedOutcome: FinalOutcome;
  hold: boolean;
  /** A state given by hand (addBuild) that the clock does not move: queued, running, not_run, ... */
  pin: { lifecycle: string; status: string } | undefined;
  /** A status given by hand for a finished build (e.g. `retried`). */
  statusOverride: string | undefined;
  /** Start time given by hand or set by finishBuild on a build that had not started. */
  startAt: number | null | undefined;
  /** How and when the build ended, when ended by hand (cancel, finishBuild) or seeded finished. */
  end: { at: number; outcome: string } | undefined;
  canceler: Record<string, unknown> | null;
  retryOf: number | null;
  retries: number[];
  sshUsers: Record<string, unknown>[];
  noDependencyCache: boolean;
  /** Expanded: one entry per container that made it. */
  artifacts: (ArtifactSpec & { nodeIndex: number })[];
  tests: TestCase[] | undefined;
  artifactRedirect: boolean;
  workflows: Record<string, unknown> | undefined;
  /** The workflow job this build runs, when a push started it (or retried such a build). */
  workflowJob: { run: WorkflowRun; job: JobSpec } | undefined;
  /** How it fails, when it fails. */
  failure: FailureSpec | undefined;
  outputBytes: number | undefined;
  /** Any further fields given by hand, merged into the records. */
  extra: Record<string, unknown>;
}

/** A commit pushed to a branch: the service starts its builds by itself. */
export interface PushRecord {
  /** Null for a push of a tag alone. */
  branch: string | null;
  tag: string | null;
  /** The service skips the commit: its builds are `not_run`. */
  skipped: boolean;
  revision: string;
  commit: CommitInfo;
  at: number;
  /** Time from the push to the scheduling of jobs without upstream jobs. */
  delayMs: number;
}

/** A workflow started by a push, and the newest build of each of its jobs so far (a retry replaces its original). */
export interface WorkflowRun {
  name: string;
  id: string;
  /** Job name → build number. */
  builds: Map<string, number>;
  /** Job name → job id of its newest build (planned at the push, so a job has its id before it runs). */
  jobIds: Map<string, string>;
  /** The jobs of this run (a rerun's: the jobs rerun). */
  jobs: JobSpec[];
  /** The pipeline it belongs to. */
  pipelineId: string;
  createdAt: number;
  /** Approval job name → when it was approved. */
  approvals: Map<string, number>;
  /** Set when the workflow was cancelled (API v2). */
  canceledAt?: number;
}

/** A pipeline (API v2): every push makes one, and so does a v2 trigger. */
export interface StoredPipeline {
  id: string;
  number: number;
  createdAt: number;
  branch: string | null;
  tag: string | null;
  revision: string;
  /** Errors of a configuration that failed: then there are no workflows. */
  errors: { type: string; message: string }[];
  parameters: Record<string, unknown>;
  runs: WorkflowRun[];
  /** Subject of the pushed commit (a push's pipeline): the head a v2 trigger of its branch builds. */
  subject?: string;
  /** Until then (epoch ms) a triggered pipeline is in its pending states: its configuration is being compiled. */
  setUpAt?: number;
  /** The repository the commit came from and the project's own: they differ for a fork's pull request. */
  repository?: { origin: string; target: string };
  /** What started it, in the reference's words: a push (`webhook`, the default) or a v2 trigger (`api`). */
  trigger?: 'webhook' | 'api';
}

/** A build a push will start, not scheduled yet; without `run`, the one build of a project without workflows. */
export interface PendingJob {
  push: PushRecord;
  run: WorkflowRun | undefined;
  job: JobSpec | undefined;
}

export interface StoredCheckoutKey {
  type: string;
  fingerprint: string;
  publicKey: string;
  privateKeyPem: string;
  login: string | null;
  time: number;
}

export interface StoredSshKey {
  hostname: string | null;
  fingerprint: string;
  publicKey: string;
  privateKey: string;
}

/** A project of the emulator. Create one with `state.project(...)`; read it through the state's methods. */
export class EmulatedProject {
  readonly vcsType: VcsType;
  readonly username: string;
  readonly reponame: string;
  /** `vcs/user/repo`, also accepted wherever a project is expected. */
  readonly slug: string;
  config: ProjectConfig;
  readonly createdAt: number;
  /** Newest last. */
  readonly storedBuilds: StoredBuild[] = [];
  nextBuildNum = 1;
  readonly envvars = new Map<string, string>();
  /** When each environment variable was last set (API v2 lists it). */
  readonly envvarCreatedAt = new Map<string, number>();
  readonly checkoutKeys: StoredCheckoutKey[] = [];
  readonly sshKeys: StoredSshKey[] = [];
  cacheClears = 0;
  /** Pushes made so far (numbers made-up revisions). */
  pushCount = 0;
  /** Builds of pushes still waiting to be scheduled, in the order they were planned. */
  readonly pendingJobs: PendingJob[] = [];
  /** Pipelines (API v2), oldest first. */
  readonly pipelines: StoredPipeline[] = [];
  /** Reachable only through API v2, by an opaque slug (docs/v2.md): every v1.1 route answers 404 for it. */
  readonly v2Only: boolean;

  constructor(
    vcsType: VcsType,
    username: string,
    reponame: string,
    config: ProjectConfig,
    createdAt: number,
    v2Only = false,
  ) {
    this.v2Only = v2Only;
    this.vcsType = vcsType;
    this.username = username;
    this.reponame = reponame;
    this.slug = `${vcsType}/${username}/${reponame}`;
    this.config = config;
    this.createdAt = createdAt;
  }

  /** Web address of the repository on its code host. */
  get vcsUrl(): string {
    return `https://${this.vcsType}.example.com/${this.username}/${this.reponame}`;
  }

  findBuild(num: number): StoredBuild | undefined {
    return this.storedBuilds.find((build) => build.num === num);
  }
}

/** Stable 40-hex commit id for anything (a branch head, a seeded build). */
export function fakeRevision(key: string): string {
  return createHash('sha1').update(key).digest('hex');
}

/** Stable UUID-shaped id for anything. */
export function fakeUuid(key: string): string {
  const hex = createHash('md5').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const SUBJECTS = [
  'Fix the retry budget of the download step',
  'Update dependencies',
  'Add a test for resumed downloads',
  'Describe the outputs in the README',
  'Handle an empty test report',
];

/** Made-up but stable commit details of a build. */
export function fakeCommit(key: string, index: number, date: number): CommitInfo {
  const subject = SUBJECTS[index % SUBJECTS.length] ?? 'Update';
  return {
    subject,
    body: '',
    committerName: 'Octo Committer',
    committerEmail: 'person@example.com',
    authorName: 'Octo Author',
    authorEmail: 'person@example.com',
    date: date - 60_000 - (contentIndex(key) % 3_600_000),
  };
}

function contentIndex(key: string): number {
  return createHash('md5').update(key).digest().readUInt32LE(0);
}
