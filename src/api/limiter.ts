// Bounded concurrency: a queue of functions, each called only when a slot is free. Promises created up front
// would all be running already, whatever a "limit" then awaits in batches.

export class Limiter {
  readonly concurrency: number;
  #active = 0;
  /** Waiting calls from `#head` on: taking one is O(1), where `shift()` moves every other one each time. */
  #queue: (() => void)[] = [];
  #head = 0;

  constructor(concurrency: number) {
    if (!Number.isSafeInteger(concurrency) || concurrency < 1) {
      throw new RangeError(`concurrency must be a whole number ≥ 1, not ${concurrency}`);
    }
    this.concurrency = concurrency;
  }

  /** Functions running now. */
  get active(): number {
    return this.#active;
  }

  /** Functions waiting for a slot. */
  get pending(): number {
    return this.#queue.length - this.#head;
  }

  /** Calls `fn` as soon as fewer than `concurrency` calls are running; settles as its promise does. */
  run<T>(fn: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = (): void => {
        this.#active++;
        let promise: Promise<T>;
        try {
          promise = fn();
        } catch (error) {
          promise = Promise.reject(error as Error);
        }
        promise.then(resolve, reject).finally(() => {
          this.#active--;
          const next = this.#queue[this.#head++];
          if (this.#head >= this.#queue.length) [this.#queue, this.#head] = [[], 0];
          next?.();
        });
      };
      if (this.#active < this.concurrency) start();
      else this.#queue.push(start);
    });
  }
}

/**
 * Calls `fn` for every item, at most `concurrency` at once. On the first failure no further item is started, the
 * `abort` callback is called so the running ones can stop, and once every started call has settled that first
 * failure is thrown: nothing is left running behind the caller's back. Each of `concurrency` workers takes the
 * next item when its last one ends, so after a failure nothing queued is left to go through.
 */
export async function forEachLimited<T>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, index: number) => Promise<void>,
  abort: (reason: unknown) => void = () => {},
): Promise<void> {
  const limiter = new Limiter(concurrency);
  let failed = false;
  let firstError: unknown;
  let next = 0;
  const work = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        await fn(items[index] as T, index);
      } catch (error) {
        if (!failed) {
          failed = true;
          firstError = error;
          abort(error);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, () => limiter.run(work)));
  if (failed) throw firstError;
}
