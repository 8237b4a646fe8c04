// Every rename into the destination goes through here. On Windows a rename fails for a moment with EPERM, EBUSY or
// EACCES while an antivirus scanner or the search indexer holds the file open; npm's graceful-fs retries those
// with a growing pause, and so do we, for a few seconds (a file held for longer, or read-only, then fails as
// itself). Elsewhere such an error is final at once.
import { renameSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long a rename is retried on Windows before its error is given up on. */
export const RENAME_RETRY_MS = 5000;
/** The pause grows by this much after each failed try, up to RENAME_MAX_PAUSE_MS (as graceful-fs does). */
const PAUSE_STEP_MS = 10;
const RENAME_MAX_PAUSE_MS = 100;
const TRANSIENT_ON_WINDOWS = new Set(['EPERM', 'EBUSY', 'EACCES']);

export interface RenameOptions {
  platform?: NodeJS.Platform;
  /** For tests: the file system's rename, the pause and the time. */
  rename?: (from: string, to: string) => void;
  sleep?: (ms: number) => Promise<unknown>;
  now?: () => number;
  retryMs?: number;
}

/**
 * Renames `from` to `to`, on the calling thread first (a rename takes microseconds, less than a trip to the thread
 * pool); on Windows, errors a scanner causes are retried with a growing pause until RENAME_RETRY_MS have passed.
 */
export async function renameFile(from: string, to: string, options: RenameOptions = {}): Promise<void> {
  const rename = options.rename ?? renameSync;
  const platform = options.platform ?? process.platform;
  const now = options.now ?? Date.now;
  const pause = options.sleep ?? sleep;
  const until = now() + (options.retryMs ?? RENAME_RETRY_MS);
  for (let tries = 1; ; tries++) {
    try {
      rename(from, to);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (platform !== 'win32' || !TRANSIENT_ON_WINDOWS.has(code) || now() >= until) throw error;
    }
    await pause(Math.min(tries * PAUSE_STEP_MS, RENAME_MAX_PAUSE_MS));
  }
}
