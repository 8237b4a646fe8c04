// Records of the v1.1 API, typed after real answers: the service adds fields and leaves many null, so fields are
// optional and nullable, unknown ones are kept, and enums are open (a value we do not know is carried through).
import { isRecord } from '../common/values.ts';
import { UnusableAnswerError } from './http/errors.ts';

/** An open enum: the known values for editors, any other string still accepted. */
type Open<T extends string> = T | (string & {});

export const VCS_TYPES = ['primary-host', 'secondary-host'] as const;
export type VcsType = (typeof VCS_TYPES)[number];

export const BUILD_STATUS_FILTERS = ['completed', 'successful', 'failed', 'running'] as const;
export type BuildStatusFilter = (typeof BUILD_STATUS_FILTERS)[number];

/** Status filter of the latest-artifacts endpoint: no `running`. */
export const ARTIFACT_STATUS_FILTERS = ['completed', 'successful', 'failed'] as const;
export type ArtifactStatusFilter = (typeof ARTIFACT_STATUS_FILTERS)[number];

export const CHECKOUT_KEY_TYPES = ['deploy-key', 'primary-host-user-key'] as const;
export type CheckoutKeyType = (typeof CHECKOUT_KEY_TYPES)[number];

export type HttpVerb = 'GET' | 'POST' | 'DELETE';

/** The statuses and lifecycles the service gives a build. */
export const BUILD_STATUSES = [
  'queued',
  'scheduled',
  'not_running',
  'running',
  'success',
  'fixed',
  'failed',
  'canceled',
  'infrastructure_fail',
  'timedout',
  'not_run',
  'no_tests',
  'retried',
] as const;
export const BUILD_LIFECYCLES = [
  'queued',
  'scheduled',
  'not_run',
  'not_running',
  'running',
  'finished',
] as const;
type BuildStatus = Open<(typeof BUILD_STATUSES)[number]>;
type BuildLifecycle = Open<(typeof BUILD_LIFECYCLES)[number]>;
type BuildOutcome = Open<'success' | 'failed' | 'canceled' | 'infrastructure_fail' | 'timedout' | 'no_tests'>;

type Nullable<T> = T | null | undefined;

/** A build summary (lists) or full build (details). Only `build_num` is always present. */
export interface Build {
  build_num: number;
  build_url?: Nullable<string>;
  branch?: Nullable<string>;
  vcs_revision?: Nullable<string>;
  vcs_tag?: Nullable<string>;
  vcs_type?: Nullable<string>;
  username?: Nullable<string>;
  reponame?: Nullable<string>;
  status?: Nullable<BuildStatus>;
  lifecycle?: Nullable<BuildLifecycle>;
  outcome?: Nullable<BuildOutcome>;
  why?: Nullable<string>;
  subject?: Nullable<string>;
  queued_at?: Nullable<string>;
  start_time?: Nullable<string>;
  stop_time?: Nullable<string>;
  build_time_millis?: Nullable<number>;
  parallel?: Nullable<number>;
  retry_of?: Nullable<number>;
  workflows?: Nullable<Record<string, unknown>>;
  steps?: Nullable<unknown[]>;
  [key: string]: unknown;
}

export interface Artifact {
  path: string;
  pretty_path?: Nullable<string>;
  url: string;
  [key: string]: unknown;
}

type TestResult = Open<'success' | 'failure' | 'skipped' | 'error'>;

export interface TestCase {
  classname?: Nullable<string>;
  file?: Nullable<string>;
  name?: Nullable<string>;
  result?: Nullable<TestResult>;
  run_time?: Nullable<number>;
  message?: Nullable<string>;
  source?: Nullable<string>;
  [key: string]: unknown;
}

export interface TestMetadata {
  tests: TestCase[];
  [key: string]: unknown;
}

export interface EnvVar {
  name: string;
  [key: string]: unknown;
}

export interface CheckoutKey {
  public_key?: Nullable<string>;
  fingerprint: string;
  time?: Nullable<string>;
  [key: string]: unknown;
}

/** The answers of `/me` and `/projects`, passed on as they are. */
export type User = Record<string, unknown>;
export type Project = Record<string, unknown>;

/** `{"message": "ok"}` of the DELETEs, or `{"status": ...}` of the cache clear. */
export interface MessageResult {
  message?: Nullable<string>;
  status?: Nullable<string>;
  [key: string]: unknown;
}

export const isFinished = ({ lifecycle, outcome }: Pick<Build, 'lifecycle' | 'outcome'>): boolean =>
  lifecycle === 'finished' || lifecycle === 'not_run' || (outcome != null && outcome !== '');

// --- Answers by shape (docs/promises.md, promise 22) -------------------------------------------------------------
// Every answer is checked before use, so that a wrong one is an error naming the call, never a TypeError later.

export type AnswerOf = { method: string; path: string };

export function unusable(call: AnswerOf, detail: string): UnusableAnswerError {
  return new UnusableAnswerError(call.method, call.path, detail);
}

/** What a JSON value is, for an error: never the value itself, which may be long or carry secrets. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a JSON array';
  if (typeof value === 'object') return 'a JSON object';
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'a string';
  return `a ${typeof value}`;
}

const isBuild = (value: unknown): value is Build =>
  isRecord(value) && Number.isSafeInteger(value['build_num']) && (value['build_num'] as number) >= 1;

/** A build record: `asked` is the build a GET or a cancel named, `not` the one a retry started from. */
export function buildAnswer(
  call: AnswerOf,
  value: unknown,
  want: { asked?: number; not?: number } = {},
): Build {
  if (!isRecord(value)) throw unusable(call, `a build record was expected, not ${kindOf(value)}`);
  if (!isBuild(value)) throw unusable(call, 'the build record has no build_num that is a whole number ≥ 1');
  const num = value.build_num;
  if (want.asked !== undefined && num !== want.asked)
    throw unusable(call, `build #${want.asked} was asked for, and the answer is build #${num}`);
  if (want.not !== undefined && num === want.not)
    throw unusable(call, `a new build was expected, and the answer is build #${num} itself`);
  return value;
}

export function listAnswer<T>(call: AnswerOf, value: unknown, item = isRecord): T[] {
  if (!Array.isArray(value)) throw unusable(call, `a JSON array was expected, not ${kindOf(value)}`);
  if (!value.every(item))
    throw unusable(
      call,
      item === isRecord
        ? 'the list holds an element that is not an object'
        : 'the build list holds an element without a build_num that is a whole number ≥ 1',
    );
  return value as T[];
}

export const buildListAnswer = (call: AnswerOf, value: unknown): Build[] => listAnswer(call, value, isBuild);

/** The answer of a write or of a GET of one record: an object, or `""` where `emptyString` allows it. */
export function objectAnswer<T>(call: AnswerOf, value: unknown, emptyString = false): T {
  if (isRecord(value) || (emptyString && value === '')) return value as T;
  throw unusable(call, `a JSON object${emptyString ? ' (or "")' : ''} was expected, not ${kindOf(value)}`);
}
