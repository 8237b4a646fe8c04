import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/common/errors.ts';
import { ApiError, NetworkError, TimeoutError } from '../../src/service/http/errors.ts';
import { backoffDelay, DEFAULT_RETRY, parseRetryAfter, shouldRetry } from '../../src/service/http/retry.ts';

describe('parseRetryAfter', () => {
  const now = Date.UTC(2024, 0, 1, 12, 0, 0);
  it.each<[string | undefined, number | undefined]>([
    ['2', 2000],
    [' 120 ', 120_000],
    ['0', 0],
    ['1.5', 1500],
    ['Mon, 01 Jan 2024 12:00:30 GMT', 30_000],
    ['Monday, 01-Jan-24 12:01:00 GMT', 60_000],
    ['Mon, 01 Jan 2024 11:00:00 GMT', 0], // a date in the past: retry now
    [undefined, undefined],
    ['', undefined],
    ['-5', undefined],
    ['soon', undefined],
    ['+5', undefined],
    ['5s', undefined],
  ])('%j → %j', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe('backoffDelay', () => {
  it('doubles each attempt, jittered between half and all of the step, capped', () => {
    const options = { ...DEFAULT_RETRY, baseDelayMs: 1000, maxDelayMs: 30_000 };
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n, options, () => 0))).toEqual([
      500, 1000, 2000, 4000, 8000, 15_000, 15_000,
    ]);
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffDelay(n, options, () => 0.999999))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('shouldRetry', () => {
  const api = (status: number) => new ApiError(status, 'POST', '/x', '');
  it('idempotent: connection errors, timeouts, 408, 429, 5xx; no other 4xx', () => {
    for (const status of [408, 429, 500, 502, 503, 504])
      expect(shouldRetry('idempotent', api(status), undefined)).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 422])
      expect(shouldRetry('idempotent', api(status), undefined)).toBe(false);
    expect(shouldRetry('idempotent', new NetworkError('GET', '/x', 'ECONNRESET', false), undefined)).toBe(
      true,
    );
    expect(shouldRetry('idempotent', new TimeoutError('GET', '/x', 'body', 1), undefined)).toBe(true);
    expect(shouldRetry('idempotent', new ValidationError('a', 'b'), undefined)).toBe(false);
  });

  it('idempotent: certificate problems are not retried', () => {
    expect(
      shouldRetry('idempotent', new NetworkError('GET', '/x', 'CERT_HAS_EXPIRED', false), undefined),
    ).toBe(false);
    expect(
      shouldRetry(
        'idempotent',
        new NetworkError('GET', '/x', 'ERR_TLS_CERT_ALTNAME_INVALID', false),
        undefined,
      ),
    ).toBe(false);
  });

  it('once: only when provably not sent, or the server asked', () => {
    expect(shouldRetry('once', new NetworkError('POST', '/x', 'ECONNREFUSED', true), undefined)).toBe(true);
    expect(shouldRetry('once', new NetworkError('POST', '/x', 'ECONNRESET', false), undefined)).toBe(false);
    expect(shouldRetry('once', new TimeoutError('POST', '/x', 'connect', 1), undefined)).toBe(true);
    expect(shouldRetry('once', new TimeoutError('POST', '/x', 'headers', 1), undefined)).toBe(false);
    expect(shouldRetry('once', new TimeoutError('POST', '/x', 'body', 1), undefined)).toBe(false);
    expect(shouldRetry('once', api(429), undefined)).toBe(true);
    expect(shouldRetry('once', api(503), 1000)).toBe(true);
    expect(shouldRetry('once', api(503), undefined)).toBe(false);
    expect(shouldRetry('once', api(500), 1000)).toBe(false);
    expect(shouldRetry('once', api(502), undefined)).toBe(false);
    expect(shouldRetry('once', api(408), undefined)).toBe(false);
  });
});
