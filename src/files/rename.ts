// Every rename into the destination: on Windows one fails for a moment while a scanner or the indexer holds the
// file open, so EPERM, EBUSY and EACCES are retried there for a few seconds, as npm's graceful-fs does.
import { renameSync } from 'node:fs';
import { setTimeout } from 'node:timers/promises';

export const RENAME_RETRY_MS = 5000;
const TRANSIENT_ON_WINDOWS = new Set(['EPERM', 'EBUSY', 'EACCES']);

/** On the calling thread, since a rename takes less than a trip to the thread pool; the options are for tests. */
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
    await sleep(Math.min(tries * 10, 100));
  }
}
