// What the emulator knows of the service: names, statuses, record shapes and a clock, written after the service's
// own references (API v1.1's reference and docs/wire.md; API v2's trimmed copy, test/contract/v2-reference.json),
// never taken from the client's code in src/. A misreading shared by the fake service and the client would be
// one that no test could catch.

/** Time, injected so that tests move it; the emulator only reads it. A client's clock fits as it is. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** The code hosts in our neutral words (the service's `gh`/`github` and `bb`/`bitbucket`). */
export const VCS_TYPES = ['primary-host', 'secondary-host'] as const;
export type VcsType = (typeof VCS_TYPES)[number];

/** The `filter` of v1.1's build lists. */
export const BUILD_STATUS_FILTERS = ['completed', 'successful', 'failed', 'running'] as const;
export type BuildStatusFilter = (typeof BUILD_STATUS_FILTERS)[number];

/** The `filter` of v1.1's latest-artifacts call, which has no `running`. */
export const ARTIFACT_STATUS_FILTERS = ['completed', 'successful', 'failed'] as const;

/** The kinds of checkout key v1.1 creates. */
export const CHECKOUT_KEY_TYPES = ['deploy-key', 'primary-host-user-key'] as const;

type Maybe<T> = T | null | undefined;

/** A v1.1 build record as the service sends it: a summary in lists, more fields in a build's details. */
export interface Build {
  build_num: number;
  build_url?: Maybe<string>;
  branch?: Maybe<string>;
  vcs_revision?: Maybe<string>;
  vcs_tag?: Maybe<string>;
  vcs_type?: Maybe<string>;
  username?: Maybe<string>;
  reponame?: Maybe<string>;
  status?: Maybe<string>;
  lifecycle?: Maybe<string>;
  outcome?: Maybe<string>;
  why?: Maybe<string>;
  subject?: Maybe<string>;
  body?: Maybe<string>;
  queued_at?: Maybe<string>;
  start_time?: Maybe<string>;
  stop_time?: Maybe<string>;
  build_time_millis?: Maybe<number>;
  parallel?: Maybe<number>;
  build_parameters?: Maybe<Record<string, unknown>>;
  retry_of?: Maybe<number>;
  platform?: Maybe<string>;
  workflows?: Maybe<Record<string, unknown>>;
  ssh_users?: Maybe<unknown[]>;
  failed?: Maybe<boolean>;
  steps?: Maybe<unknown[]>;
  [key: string]: unknown;
}

/** An artifact of a build: v1.1 gives `pretty_path` too, v2 only `path`, `node_index` and `url`. */
export interface Artifact {
  path: string;
  pretty_path?: Maybe<string>;
  node_index?: Maybe<number>;
  url: string;
  [key: string]: unknown;
}

/** A test result as v1.1 gives it (fields may be null); v2 gives strings (emulator/projects-v2.ts). */
export interface TestCase {
  classname?: Maybe<string>;
  file?: Maybe<string>;
  name?: Maybe<string>;
  result?: Maybe<string>;
  run_time?: Maybe<number>;
  message?: Maybe<string>;
  source?: Maybe<string>;
  [key: string]: unknown;
}

export interface TestMetadata {
  tests: TestCase[];
  [key: string]: unknown;
}

export interface CheckoutKey {
  public_key?: Maybe<string>;
  type?: Maybe<string>;
  fingerprint: string;
  time?: Maybe<string>;
  [key: string]: unknown;
}

export interface User {
  name?: Maybe<string>;
  [key: string]: unknown;
}

export interface Project {
  vcs_type?: Maybe<string>;
  username?: Maybe<string>;
  reponame?: Maybe<string>;
  [key: string]: unknown;
}

/** A build has ended once its lifecycle says so, or once it has an outcome. */
export const isFinished = ({
  lifecycle,
  outcome,
}: {
  lifecycle?: Maybe<string>;
  outcome?: Maybe<string>;
}): boolean => lifecycle === 'finished' || lifecycle === 'not_run' || (outcome != null && outcome !== '');

/** What each build-list status filter selects (docs/wire.md). */
const STATUS_FILTERS: Record<BuildStatusFilter, (build: Build) => boolean> = {
  running: (b) => b.lifecycle === 'running',
  completed: (b) => b.lifecycle === 'finished',
  successful: (b) => b.outcome === 'success',
  failed: (b) => b.outcome === 'failed' || b.outcome === 'infrastructure_fail' || b.outcome === 'timedout',
};

export function matchesStatusFilter(build: Build, filter: BuildStatusFilter | undefined): boolean {
  return filter === undefined || STATUS_FILTERS[filter](build);
}
