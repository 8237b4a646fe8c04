// Retry policy of the API core (docs/promises.md, promises 1–4): what may be repeated, and how long to wait first.
import { DeadlineError } from '../../common/errors.ts';
import { ApiError, NetworkError, ProxyRefusedError, TimeoutError } from './errors.ts';
import { roughly } from '../../common/format.ts';

export interface RetryOptions {
  /** Attempts in total, the first one included. */
  maxAttempts: number;
  /** Cap of the first backoff wait; each further wait doubles it. */
  baseDelayMs: number;
  /** Cap of any backoff wait (a server's Retry-After is never capped). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 30_000 };

/** `idempotent`: safe to repeat. `once`: repeated only when the server provably did not act on it (the trigger). */
export type RetryMode = 'idempotent' | 'once';

/** Codes of a connection that was never made: the request cannot have reached the server. */
const NOT_SENT_CODES =
  /^(ECONNREFUSED|ENOTFOUND|EAI_(AGAIN|NONAME|NODATA|FAIL)|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL)$/u;

/** True when a network error happened before the request could be written (DNS lookup or TCP connect). */
export function provablyNotSent(code: string, syscall: string | undefined): boolean {
  return syscall === 'getaddrinfo' || syscall === 'connect' || NOT_SENT_CODES.test(code);
}

/** The one test of whether a failure may pass by itself; a certificate or TLS setup does not, the server presents
 *  it again. Callers add what is transient for them alone. */
export function isTransient(error: unknown): boolean {
  if (error instanceof NetworkError) return !/CERT|TLS|SSL/u.test(error.code);
  if (error instanceof ApiError) return error.status === 408 || error.status === 429 || error.status >= 500;
  if (error instanceof ProxyRefusedError) return error.status === 502 || error.status === 503;
  return error instanceof TimeoutError;
}

/** Whether a failed attempt may be repeated: a trigger (`once`) only when it provably did not arrive or the server
 *  asked for it, since after anything else the server may have acted on it. */
export function shouldRetry(mode: RetryMode, error: Error, retryAfterMs: number | undefined): boolean {
  const transient = isTransient(error);
  if (!transient || mode === 'idempotent') return transient;
  if (error instanceof NetworkError) return error.notSent;
  if (error instanceof TimeoutError) return error.phase === 'connect';
  if (error instanceof ApiError)
    return error.status === 429 || (error.status === 503 && retryAfterMs !== undefined);
  return error instanceof ProxyRefusedError;
}

/** Failures after which a write may or may not have reached the service. */
export function isAmbiguous(error: unknown): error is Error {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 408;
  if (error instanceof NetworkError) return !error.notSent;
  return error instanceof TimeoutError;
}

/** "Equal jitter": half of the exponential step fixed and half random, so that clients that failed together do not
 *  retry together. */
export function backoffDelay(attempt: number, options: RetryOptions, random: () => number): number {
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + (step / 2) * random());
}

/** Retry-After (delta seconds or an HTTP date) in ms from now. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  const text = value?.trim() ?? '';
  if (/^\d+(\.\d+)?$/u.test(text)) return Math.ceil(Number(text) * 1000);
  // Only the HTTP-date form is a date: a bare number with a sign or a unit is malformed, not a year.
  const when = /[a-z]/iu.test(text) ? Date.parse(text) : NaN;
  return Number.isNaN(when) ? undefined : Math.max(0, when - now);
}

/** Seconds, and a long span also in a unit a person reads at a glance. */
export const seconds = (ms: number): string =>
  `${Math.round(ms / 100) / 10} s${ms < 120_000 ? '' : ` (about ${roughly(ms)})`}`;

/** The failure of a call whose next retry would run past its deadline, after the server's `Retry-After` (`asked`,
 *  redacted) or a backoff wait; `budget` is the call's own limit when the step set no deadline. */
export function pastDeadline(error: Error, wait: number, leftMs: number, asked?: string, budget?: number) {
  const left = seconds(Math.max(0, leftMs));
  const until =
    budget === undefined
      ? `only ${left} remain before the deadline`
      : `that is past the ${roughly(budget)} an API call may take in all`;
  const why =
    asked === undefined
      ? `the next retry in ${seconds(wait)} would run past the deadline (${left} left)`
      : `the server asked to wait ${seconds(wait)} before retrying (Retry-After: ${asked}), but ${until}`;
  return new DeadlineError(`${error.message}; giving up: ${why}`, { cause: error });
}
