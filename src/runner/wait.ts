// The one wait of the waiting actions (docs/promises.md, promises 17–20). The interval runs from the end of
// one look, so that a Retry-After the transport waited out pushes the next one back.
import { abortReason, type Clock } from '../common/clock.ts';
import { DeadlineError, UserFacingError } from '../common/errors.ts';
import { BadResponseError, UnusableAnswerError } from '../service/http/errors.ts';
import { formatDuration } from '../common/format.ts';
import { isTransient } from '../service/http/retry.ts';

/** `logged`: the look printed a line, so the heartbeat starts over; `nextInMs`: look again sooner or later. */
export type Look<T> = { done: true; value: T } | { done: false; logged?: boolean; nextInMs?: number };

export interface PollOptions {
  clock: Clock;
  signal: AbortSignal;
  intervalMs: number;
  /** On clock.now()'s scale: the last look happens at it. */
  deadline: number;
  /** Failed looks in a row (each after the transport's own retries) tolerated before the wait fails. */
  maxFailures?: number;
  maxFailureWaitMs?: number;
  onHeartbeat?: (state: PollState) => void;
  onFailure?: (error: Error, state: PollState & { failures: number; nextInMs: number }) => void;
}

type PollState = { looks: number; elapsedMs: number };

/** `error`: the deadline came during the transport's wait (a Retry-After longer than the time left). */
type PollResult<T> = PollState & ({ done: true; value: T } | { done: false; error?: Error });

export class PollFailedError extends UserFacingError {
  override name = 'PollFailedError';
}

/** A wait that ended without the result the step waits for: timed out, or what it waited for did not pass. */
export class WaitError extends UserFacingError {
  override name = 'WaitError';
}

export function waitFailed(why: string, cause?: Error): WaitError {
  return new WaitError(why, cause === undefined ? undefined : { cause });
}

export interface WaitOptions<T> extends Omit<PollOptions, 'onHeartbeat' | 'onFailure'> {
  look: (n: number) => Promise<Look<T>>;
  log: (line: string) => void;
  /** The heartbeat: a line said when a minute went by without another. */
  still: (state: PollState) => string;
  /** What a failed look could not do (`look at the builds`), or the action's own line for it. */
  failed: string | NonNullable<PollOptions['onFailure']>;
  /** The step's error when the deadline came first, or `error` stopped the wait before it (a long Retry-After). */
  unfinished: (error: Error | undefined, state: PollState) => string;
  /** Without it, the error of too many failed looks in a row is the step's. */
  gaveUp?: (error: PollFailedError) => string;
}

/** Waits until a look has the result, and returns it; any other ending is the step's error. */
export async function wait<T>(options: WaitOptions<T>): Promise<T> {
  const { look, log, still, failed, unfinished, gaveUp, ...rest } = options;
  const onFailure: PollOptions['onFailure'] =
    typeof failed !== 'string'
      ? failed
      : (error, { failures, nextInMs }) =>
          log(
            `Could not ${failed} (${error.message}); looking again in ${formatDuration(nextInMs)} ` +
              `(failure ${failures} in a row)`,
          );
  const result = await poll({ ...rest, onHeartbeat: (state) => log(still(state)), onFailure }, look).catch(
    (error: unknown) => {
      throw error instanceof PollFailedError && gaveUp !== undefined
        ? waitFailed(gaveUp(error), error)
        : error;
    },
  );
  if (result.done) return result.value;
  throw waitFailed(unfinished(result.error, result));
}

// Looks until `look` says done or the deadline passes. Rejects with the abort reason as soon as `signal` aborts,
// with a look's error when it cannot pass (a 404, a 401, a bug), and after `maxFailures` failed looks in a row.
export async function poll<T>(
  options: PollOptions,
  look: (n: number) => Promise<Look<T>>,
): Promise<PollResult<T>> {
  const { clock, signal, intervalMs, deadline, maxFailures = 5 } = options;
  const maxFailureWaitMs = Math.max(intervalMs, options.maxFailureWaitMs ?? 5 * 60_000);
  const start = clock.now();
  let lastLine = start;
  let looks = 0;
  let failures = 0;
  const state = (): PollState => ({ looks, elapsedMs: clock.now() - start });

  for (;;) {
    if (signal.aborted) throw abortReason(signal);
    looks++;
    let waitMs: number;
    try {
      const found = await look(looks);
      failures = 0;
      if (found.done) return { done: true, value: found.value, ...state() };
      if (found.logged) lastLine = clock.now();
      waitMs = found.nextInMs ?? intervalMs;
    } catch (error) {
      if (signal.aborted) throw abortReason(signal);
      // A request the step's time-out stopped is the time-out itself, not an early stop.
      if (error instanceof StepDeadlineError) return { done: false, ...state() };
      if (error instanceof DeadlineError) return { done: false, error, ...state() };
      if (!transient(error)) throw error;
      if (++failures > maxFailures)
        throw new PollFailedError(`${failures} looks in a row failed; the last: ${error.message}`, {
          cause: error,
        });
      waitMs = Math.min(maxFailureWaitMs, intervalMs * 2 ** (failures - 1));
      options.onFailure?.(error, { ...state(), failures, nextInMs: waitMs });
      lastLine = clock.now();
    }

    const now = clock.now();
    if (now >= deadline) return { done: false, ...state() };
    if (now - lastLine >= 60_000) {
      options.onHeartbeat?.(state());
      lastLine = now;
    }
    // Part of each wait is added or taken at random, so that many waiting jobs do not look in step.
    const jittered = Math.round(waitMs * (1 + 0.1 * (2 * clock.random() - 1)));
    // The last look happens at the deadline itself, not one interval after it.
    await clock.sleep(Math.max(0, Math.min(jittered, deadline - now)), signal);
  }
}

/** The step's time-out came while a request was on its way. */
class StepDeadlineError extends DeadlineError {
  override name = 'StepDeadlineError';
}

// The step's signal, aborted also when the step's deadline comes, so that every request of a look stops at the
// deadline however many the look makes (docs/promises.md, promise 34); the timer does not hold the process open.
export function untilDeadline(signal: AbortSignal, clock: Clock, deadline: number): AbortSignal {
  const controller = new AbortController();
  let left = Math.max(0, deadline - clock.now());
  let timer: NodeJS.Timeout | undefined;
  // Node fires a timer longer than its longest at once (docs/promises.md, promise 20), so long ones are chained.
  const arm = (): void => {
    const chunk = Math.min(left, 2 ** 31 - 1);
    left -= chunk;
    timer = setTimeout(() => {
      if (left > 0) arm();
      else controller.abort(new StepDeadlineError(`the step's time-out came during a look`));
    }, chunk).unref();
  };
  arm();
  signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  return AbortSignal.any([signal, controller.signal]);
}

/** A failure that may pass by the next look; an answer of the wrong shape comes back the same. */
export function transient(error: unknown): error is Error {
  return !(error instanceof UnusableAnswerError) && (isTransient(error) || error instanceof BadResponseError);
}
