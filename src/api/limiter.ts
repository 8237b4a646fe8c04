// Bounded concurrency without a promise per item: promises created up front would all be running already,
// whatever a "limit" then awaits in batches.

/**
 * Calls `fn` for every item, at most `concurrency` at once: each worker takes the next item when its last one
 * ends. On the first failure no further item is started, `abort` is called so the running ones can stop, and once
 * every started call has settled that first failure is thrown: nothing is left running behind the caller's back.
 */
export async function forEachLimited<T>(
  items: readonly T[],
  concurrency: number,
  fn: (item: T, index: number) => Promise<void>,
  abort: (reason: unknown) => void = () => {},
): Promise<void> {
  let failure: { error: unknown } | undefined;
  let next = 0;
  const work = async (): Promise<void> => {
    while (failure === undefined && next < items.length) {
      const index = next++;
      try {
        await fn(items[index] as T, index);
      } catch (error) {
        if (failure !== undefined) continue;
        failure = { error };
        abort(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, work));
  if (failure !== undefined) throw failure.error;
}
