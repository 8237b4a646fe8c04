/** Calls `fn` for every item, at most `concurrency` at once, with no promise made up front (it would be running
 *  already); after a failure nothing starts, `abort` stops the rest, and it is thrown once all have settled. */
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
