// Every rename into the destination goes through here: on Windows a rename fails for a moment with EPERM, EBUSY or
// EACCES while a scanner or the search indexer holds the file open, so those are retried with a growing pause for a
// few seconds, as npm's graceful-fs does; elsewhere such an error is final at once.
import { renameSync } from 'node:fs';
import { setTimeout } from 'node:timers/promises';

/** How long a rename is retried on Windows before its error is given up on. */
export const RENAME_RETRY_MS = 5000;
const TRANSIENT_ON_WINDOWS = new Set(['EPERM', 'EBUSY', 'EACCES']);

/** On the calling thread first, since a rename takes less time than a trip to the thread pool; the options are
 *  for tests. */
export async function renameFile(
  from: string,
  to: string,
  {
    platform = process.platform,
    rename = renameSync,
    sleep = setTimeout as (ms: number) => Promise<unknown>,
    now = Date.now,
    retryMs = RENAME_RETRY_MS,
  } = {},
): Promise<void> {
  const until = now() + retryMs;
  for (let tries = 1; ; tries++) {
    try {
      return rename(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (platform !== 'win32' || !TRANSIENT_ON_WINDOWS.has(code) || now() >= until) throw error;
    }
    // The pause grows after each failed try, up to a cap, as graceful-fs does.
    await sleep(Math.min(tries * 10, 100));
  }
}
