// Bounded concurrency without a promise per item: promises created up front would all be running already,
// whatever a "limit" then awaits in batches.

/** Calls `fn` for every item, at most `concurrency` at once; after the first failure no item is started, `abort`
 *  lets the running ones stop, and the failure is thrown once all have settled: nothing runs behind the caller. */
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
