// The waiting loop on a fake clock: its timing is the point, so the looks are plain functions here; the
// actions' tests drive it through real HTTP.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  poll,
  PollFailedError,
  transient,
  untilDeadline,
  type Look,
  type PollOptions,
} from '../../src/runner/wait.ts';
import { sleep, systemClock, type Clock } from '../../src/common/clock.ts';
import { AbortedError, DeadlineError } from '../../src/common/errors.ts';
import { ApiError, BadResponseError, NetworkError, TimeoutError } from '../../src/service/http/errors.ts';
import { fakeClock } from '../actions/gating-helpers.ts';

const T0 = Date.parse('2026-03-02T09:00:00Z');

function options(clock: Clock, overrides: Partial<PollOptions> = {}): PollOptions {
  return {
    clock,
    signal: new AbortController().signal,
    intervalMs: 15_000,
    deadline: T0 + 3_600_000,
    ...overrides,
  };
}

/** Looks that are not done until `doneAt`, recording when each happened. */
function until(clock: Clock, doneAt: number, times: number[] = []) {
  return async (): Promise<Look<string>> => {
    times.push(clock.now() - T0);
    return clock.now() >= doneAt ? { done: true, value: 'done' } : { done: false };
  };
}

describe('poll', () => {
  it('looks once per interval, measured from the end of each look', async () => {
    const clock = fakeClock(T0);
    const times: number[] = [];
    const result = await poll(options(clock), async () => {
      times.push(clock.now() - T0);
      await clock.sleep(2000); // a slow look (a retry inside the transport)
      return clock.now() - T0 >= 60_000 ? { done: true, value: 1 } : { done: false };
    });
    expect(result).toMatchObject({ done: true, value: 1, looks: 5 });
    expect(times).toEqual([0, 17_000, 34_000, 51_000, 68_000]);
  });

  it('jitters each wait within ±10 %', async () => {
    const randoms = [0, 0.999_999, 0.25];
    let i = 0;
    const clock = fakeClock(T0, () => randoms[i++ % 3] ?? 0);
    await poll(options(clock), until(clock, T0 + 120_000));
    expect(clock.sleeps.slice(0, 3)).toEqual([13_500, 16_500, 14_250]);
  });

  it('makes its last look at the deadline itself, then reports the timeout', async () => {
    const clock = fakeClock(T0);
    const times: number[] = [];
    const result = await poll(options(clock, { deadline: T0 + 40_000 }), until(clock, Infinity, times));
    expect(result).toEqual({ done: false, looks: 4, elapsedMs: 40_000 });
    expect(times).toEqual([0, 15_000, 30_000, 40_000]);
  });

  it('looks again sooner when a look asks for it', async () => {
    const clock = fakeClock(T0);
    const times: number[] = [];
    await poll(options(clock), async (n) => {
      times.push(clock.now() - T0);
      return n === 3 ? { done: true, value: 0 } : { done: false, nextInMs: 5000 };
    });
    expect(times).toEqual([0, 5000, 10_000]);
  });

  it('beats about once a minute while the looks print nothing, and not after a line', async () => {
    const clock = fakeClock(T0);
    const beats: number[] = [];
    await poll(
      options(clock, { onHeartbeat: ({ elapsedMs }) => beats.push(elapsedMs) }),
      async (n): Promise<Look<number>> => {
        if (clock.now() - T0 >= 300_000) return { done: true, value: n };
        return { done: false, logged: n === 6 }; // a status line at 75 s
      },
    );
    expect(beats).toEqual([60_000, 135_000, 195_000, 255_000]);
  });

  it('stops at once when aborted during a wait, with the abort reason', async () => {
    const clock = fakeClock(T0);
    const controller = new AbortController();
    clock.onSleep = () => controller.abort(new AbortedError('the step was cancelled (SIGINT)'));
    let looks = 0;
    const promise = poll(options(clock, { signal: controller.signal }), async () => {
      looks++;
      return { done: false };
    });
    await expect(promise).rejects.toThrow('the step was cancelled (SIGINT)');
    expect(looks).toBe(1);
  });

  it('stops when aborted during a look, even if the look failed otherwise', async () => {
    const clock = fakeClock(T0);
    const controller = new AbortController();
    const promise = poll(options(clock, { signal: controller.signal }), async () => {
      controller.abort(new AbortedError('cancelled'));
      throw new NetworkError('GET', '/x', 'ECONNRESET', false);
    });
    await expect(promise).rejects.toThrow(AbortedError);
  });

  it('tolerates failed looks in a row with growing waits, then gives up', async () => {
    const clock = fakeClock(T0);
    const failures: [number, number][] = [];
    const promise = poll(
      options(clock, {
        deadline: T0 + 86_400_000,
        maxFailureWaitMs: 100_000,
        onFailure: (_e, { failures: n, nextInMs }) => failures.push([n, nextInMs]),
      }),
      async () => {
        throw new ApiError(502, 'GET', '/x', 'Bad Gateway', 5);
      },
    );
    await expect(promise).rejects.toThrow(PollFailedError);
    await expect(promise).rejects.toThrow('6 looks in a row failed; the last: GET /x failed with HTTP 502');
    expect(failures).toEqual([
      [1, 15_000],
      [2, 30_000],
      [3, 60_000],
      [4, 100_000],
      [5, 100_000],
    ]);
  });

  it('starts counting failures over after a good look', async () => {
    const clock = fakeClock(T0);
    let n = 0;
    const result = await poll(options(clock, { maxFailures: 2 }), async (): Promise<Look<number>> => {
      n++;
      if (n === 12) return { done: true, value: n };
      if (n % 3 !== 0) throw new TimeoutError('GET', '/x', 'headers', 30_000);
      return { done: false };
    });
    expect(result).toMatchObject({ done: true, value: 12 });
  });

  it('fails at once on what another look cannot fix', async () => {
    const clock = fakeClock(T0);
    let looks = 0;
    const promise = poll(options(clock), async () => {
      looks++;
      throw new ApiError(404, 'GET', '/x', 'Build not found');
    });
    await expect(promise).rejects.toThrow('HTTP 404: Build not found');
    expect(looks).toBe(1);
    await expect(poll(options(clock), () => Promise.reject(new TypeError('bug')))).rejects.toThrow(TypeError);
  });

  it('ends the wait as timed out when the transport would wait past the deadline', async () => {
    const clock = fakeClock(T0);
    const error = new DeadlineError('the server asked to wait 7200 s');
    const result = await poll(options(clock), () => Promise.reject(error));
    expect(result).toEqual({ done: false, error, looks: 1, elapsedMs: 0 });
  });

  it('knows which failures may pass', () => {
    expect(transient(new NetworkError('GET', '/', 'ECONNRESET', false))).toBe(true);
    expect(transient(new NetworkError('GET', '/', 'ERR_TLS_CERT_ALTNAME_INVALID', false))).toBe(false);
    expect(transient(new TimeoutError('GET', '/', 'body', 1000))).toBe(true);
    expect(transient(new BadResponseError('GET', '/', 'HTML'))).toBe(true);
    expect([408, 429, 500, 503].every((s) => transient(new ApiError(s, 'GET', '/', '')))).toBe(true);
    expect([400, 401, 403, 404].some((s) => transient(new ApiError(s, 'GET', '/', '')))).toBe(false);
    expect(transient(new AbortedError())).toBe(false);
  });
});

describe('poll on the real timers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits out a deadline longer than Node’s longest timer (2^31-1 ms) without ending early', async () => {
    vi.useFakeTimers({ now: T0 });
    const thirtyDays = 30 * 86_400_000;
    let settled = false;
    const result = poll(
      {
        clock: { ...systemClock, random: () => 0.5 },
        signal: new AbortController().signal,
        intervalMs: 3_600_000,
        deadline: T0 + thirtyDays,
      },
      async () => ({ done: false }),
    ).then((r) => {
      settled = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(2 ** 31);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(thirtyDays - 2 ** 31);
    expect(settled).toBe(true);
    expect(await result).toMatchObject({ done: false, looks: 721, elapsedMs: thirtyDays });
  });

  it('stops the requests at a step deadline further than 2^31-1 ms away, not at once', async () => {
    vi.useFakeTimers({ now: T0 });
    const thirtyDays = 30 * 86_400_000;
    const signal = untilDeadline(new AbortController().signal, systemClock, T0 + thirtyDays);
    await vi.advanceTimersByTimeAsync(2 ** 31);
    expect(signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(thirtyDays - 2 ** 31);
    expect(signal.reason).toBeInstanceOf(DeadlineError);
  });

  it('chains one sleep longer than 2^31-1 ms instead of firing at once', async () => {
    vi.useFakeTimers({ now: T0 });
    let woke = false;
    void sleep(3_000_000_000).then(() => (woke = true));
    await vi.advanceTimersByTimeAsync(2 ** 31);
    expect(woke).toBe(false);
    await vi.advanceTimersByTimeAsync(3_000_000_000 - 2 ** 31);
    expect(woke).toBe(true);
  });
});
