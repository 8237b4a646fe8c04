// What the transport is given and gives back: its options, limits and defaults, and the shapes of requests,
// answers and bodies. The transport itself is transport.ts.
import type { SunsetNotices } from './sunset.ts';
import type { Readable } from 'node:stream';
import packageJson from '../../package.json' with { type: 'json' };
import type { LookupFn } from './address-guard.ts';
import type { Clock } from './clock.ts';
import type { HttpVerb } from './records.ts';
import type { RetryMode, RetryOptions } from './retry.ts';
import type { Dispatcher } from 'undici';

export interface Timeouts {
  /** TCP (and TLS) connection setup. */
  connectMs: number;
  /** From sending the request to the complete response headers. */
  headersMs: number;
  /** Idle time between two chunks of the response body. */
  bodyIdleMs: number;
  /**
   * One attempt of an API call, from sending to the last byte of the answer: a server dripping a byte a second
   * never trips the idle timeout, this does. Not for downloads (open()), which may rightly take long.
   * By default TOTAL_PER_TIMEOUT times the longer of the headers and idle timeouts (at least TOTAL_MARGIN_MS
   * more than it), so it follows their tuning.
   */
  totalMs: number;
}

/** The overall limit of an attempt, as a multiple of the headers and idle timeouts (2 min by default)... */
export const TOTAL_PER_TIMEOUT = 4;
/** ...and at least this much longer than either. */
export const TOTAL_MARGIN_MS = 2_000;

/** Seconds, not undici's 300 s: a stuck server fails the step quickly enough to retry or report. */
export const DEFAULT_TIMEOUTS: Timeouts = {
  connectMs: 10_000,
  headersMs: 30_000,
  bodyIdleMs: 30_000,
  totalMs: TOTAL_PER_TIMEOUT * 30_000,
};

/**
 * An API call without a deadline of its own (the step has none) gets this one: its attempts and retry waits
 * together, so a `Retry-After` of years fails at once instead of sleeping (docs/promises.md, promise 3).
 */
export const DEFAULT_CALL_BUDGET_MS = 10 * 60_000;

/** A retry wait longer than this is said at info level: the log must not look stuck. */
export const LONG_WAIT_MS = 5_000;

/**
 * Largest API answer read: many times a page of 100 builds with full records (a few MiB), yet far below what
 * would take the runner's memory. Reading stops when it is passed.
 */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** Deepest JSON nesting accepted in an API answer (real ones nest about five deep). */
export const MAX_ANSWER_DEPTH = 64;

export const DEFAULT_USER_AGENT = `ci-actions/${packageJson.version}`;

/** Redirects followed per request, as browsers and the toolkit's http-client do. */
export const MAX_REDIRECTS = 5;

/** Statuses that redirect, when a Location comes with them. */
export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Bytes of an error body read for its message; the rest is not worth a connection's time. */
export const ERROR_BODY_LIMIT = 64 * 1024;

export type LogFn = (level: 'debug' | 'info' | 'warning', message: string) => void;

export interface TransportOptions {
  /** Already validated: http(s), ends in /api/v1.1 (a trailing / tolerated). */
  baseUrl: string;
  /** Sent as HTTP Basic `base64(token + ':')`; no token, no Authorization header at all. */
  token?: string;
  userAgent?: string;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryOptions>;
  /** All waiting goes through clock.sleep and all jitter through clock.random. */
  clock?: Clock;
  /** Tests may pass a MockAgent; by default the transport owns an Agent and closes it in close(). */
  dispatcher?: Dispatcher;
  /** Aborts everything at once: AbortedError, never retried. */
  signal?: AbortSignal;
  /** Absolute time on clock.now()'s scale; no retry wait may run past it. */
  deadline?: number;
  /** The deadline of a call when neither the transport nor the request has one; DEFAULT_CALL_BUDGET_MS. */
  callBudgetMs?: number;
  /** Lines about retries, waits and redirects (never a credential). */
  log?: LogFn;
  /**
   * Every other secret of the step (the token is known already), read at each use so later ones count too: they
   * are removed from server text before it is cut or reflowed.
   */
  secrets?: readonly string[];
  /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY (either case) are read; process.env by default. */
  env?: Record<string, string | undefined>;
  /** The system's resolver by default; tests map names to addresses with their own. */
  lookup?: LookupFn;
  /** What the service says of a call's future (sunset.ts): share one per step so that it warns once. */
  sunset?: SunsetNotices;
  /**
   * At most this many connections per origin for downloads (a step's concurrency); unlimited by default. undici
   * opens another connection whenever all of an origin's are busy, even for the moment it checks an idle one
   * before reuse, and each costs a TLS handshake.
   */
  downloadConnections?: number;
}

export interface ApiRequest {
  method: HttpVerb;
  /** Relative to baseUrl, starts with '/', segments already URL-encoded by the caller. */
  path: string;
  /** Undefined values are left out entirely. */
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON-encoded; only with POST. Undefined: no body. */
  body?: unknown;
  retry: RetryMode;
  signal?: AbortSignal;
  /** A deadline for this request's retry waits, on top of the transport's own (the earlier one applies). */
  deadline?: number;
  /** API v2 (docs/sunset.md): the base address with its last segment `v1.1` replaced by `v2`. */
  api?: 'v2';
}

export type ResponseHeaders = Record<string, string | string[] | undefined>;

export interface ApiResponse<T> {
  status: number;
  headers: ResponseHeaders;
  data: T;
  attempts: number;
}

export interface OpenedBody {
  status: number;
  headers: ResponseHeaders;
  /** Final URL after redirects. */
  url: string;
  /** Errors while reading it are mapped like the request's: TimeoutError('body'), NetworkError, AbortedError. */
  body: Readable;
}

export interface OpenOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}
