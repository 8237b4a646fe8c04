import { AbortedError, UserFacingError } from './errors.ts';

/** Time and chance, injected so that tests of waiting, backoff and jitter run instantly and repeatably. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects with AbortedError as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** A number in [0, 1). */
  random(): number;
}

/** Node fires a setTimeout longer than this at once (docs/promises.md, promise 20), so longer sleeps are chained. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    let remaining = Math.max(0, ms);
    let timer: NodeJS.Timeout | undefined;
    const onAbort = (): void => {
      if (timer) clearTimeout(timer);
      reject(abortReason(signal));
    };
    const step = (): void => {
      if (remaining <= 0) {
        signal?.removeEventListener('abort', onAbort);
        resolve();
        return;
      }
      const chunk = Math.min(remaining, MAX_TIMER_MS);
      remaining -= chunk;
      timer = setTimeout(step, chunk);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    step();
  });
}

/** The error an abort rejects with: the signal's reason when it is one of ours, else an AbortedError. */
export function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof UserFacingError ? reason : new AbortedError();
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep,
  random: () => Math.random(),
};
