import { AbortedError, UserFacingError } from './errors.ts';

/** Time and chance, injected so that tests of waiting, backoff and jitter run instantly and repeatably. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`; rejects with AbortedError as soon as `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  random(): number;
}

/** Node fires a longer setTimeout at once (docs/promises.md, promise 20), so longer sleeps are chained. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const step = (left: number): void => {
      if (left > 0) timer = setTimeout(step, Math.min(left, MAX_TIMER_MS), left - MAX_TIMER_MS);
      else {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    step(ms);
  });
}

/** The error an abort rejects with: the signal's reason when it is one of ours, else an AbortedError. */
export function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof UserFacingError ? reason : new AbortedError();
}

export const systemClock: Clock = { now: () => Date.now(), sleep, random: () => Math.random() };
