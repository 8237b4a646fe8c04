// The file system's errors: one artifact's own, a full disk, and a destination that cannot be made.
import { lstat, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { formatBytes } from '../../api/format.ts';
import { DownloadError } from '../../api/download.ts';
import { certificateCode, UntrustedCertificateError, UserFacingError } from '../../api/errors.ts';
import { quoted } from '../../api/format.ts';
import type { Checked } from './types.ts';

/** The destination's disk is full: the step stops, naming the file that filled it, not whichever came next. */
export class DiskFullError extends UserFacingError {
  override name = 'DiskFullError';
}

export function diskFull(
  error: unknown,
  index: number,
  checked: readonly Checked[],
  received: readonly number[],
): DiskFullError | undefined {
  let code: string | undefined;
  for (
    let e = error, depth = 0;
    e instanceof Error && depth < 5 && code === undefined;
    e = e.cause, depth++
  ) {
    const c = (e as NodeJS.ErrnoException).code;
    if (c === 'ENOSPC' || c === 'EDQUOT') code = c;
  }
  if (code === undefined) return undefined;
  const total = received.reduce((sum, n) => sum + n, 0);
  let largest = index;
  for (const [i, n] of received.entries()) if (n > (received[largest] ?? 0)) largest = i;
  const name = (i: number): string => quoted(checked[i]?.file.source ?? '');
  const what = code === 'EDQUOT' ? 'the disk quota is used up' : 'no space is left on the device';
  const filled =
    largest === index
      ? `${formatBytes(received[index] ?? 0)} of it`
      : `while ${name(largest)} had taken ${formatBytes(received[largest] ?? 0)} of the ` +
        `${formatBytes(total)} this step downloaded`;
  return new DiskFullError(
    `the destination's disk is full (${what}): artifact ${name(index)} could not be written, ${filled}; ` +
      'free space there or choose another path. No part file is left',
  );
}

/**
 * Creates the destination, saying what stands in the way: a file at its path or at a folder above it, a parent on
 * a read-only disk or without permission (a recursive mkdir reports those as ENOENT: a plain mkdir of the first
 * missing folder gives the real reason).
 */
export async function makeDestination(path: string): Promise<void> {
  try {
    await mkdir(path, { recursive: true });
    return;
  } catch (error) {
    if (typeof (error as NodeJS.ErrnoException).code !== 'string') throw error;
  }
  let missing = path;
  for (let parent = dirname(missing); parent !== missing; parent = dirname(missing)) {
    const stat = await lstat(parent).catch(() => undefined);
    if (stat !== undefined) {
      if (!stat.isDirectory() && !stat.isSymbolicLink())
        throw destinationError(path, `${JSON.stringify(parent)} is a file, not a folder`);
      break;
    }
    missing = parent;
  }
  const here = await lstat(missing).catch(() => undefined);
  if (here !== undefined && !here.isDirectory())
    throw destinationError(path, `${JSON.stringify(missing)} is a file, not a folder`);
  const code = await mkdir(missing).then(
    () => undefined,
    (error: NodeJS.ErrnoException) => error.code,
  );
  const parent = JSON.stringify(dirname(missing));
  const reason =
    code === 'EROFS'
      ? `its parent folder ${parent} is on a read-only file system`
      : code === 'EACCES' || code === 'EPERM'
        ? `there is no permission to create a folder in ${parent}`
        : code === 'ENOSPC' || code === 'EDQUOT'
          ? `the disk of ${parent} is full`
          : `the folder ${JSON.stringify(missing)} cannot be created (${code ?? 'unknown error'})`;
  throw destinationError(path, reason);
}

/** The destination (the `path` input) cannot be made. */
export class DestinationError extends UserFacingError {
  override name = 'DestinationError';
}

function destinationError(path: string, reason: string): DestinationError {
  return new DestinationError(
    `path: the destination ${JSON.stringify(path)} cannot be used: ${reason}; nothing was downloaded`,
  );
}

/**
 * Errors of the file system that belong to one file (docs/promises.md, promise 27): the name or the file in the way, not the disk.
 * The artifact is refused with the reason; the others are still fetched.
 */
const FILE_ERRORS: Record<string, string> = {
  EINVAL: 'the file system does not allow its name',
  EPERM: 'the file system does not permit writing it (a read-only or open file in the way?)',
  EACCES: 'permission to write it was denied',
  EEXIST: 'a file appeared at its path while it was being saved',
  ENOTDIR: 'a folder on its path is a file',
  EISDIR: 'a folder is at its path',
  ENAMETOOLONG: 'its path is too long for the file system',
  // exfat-fuse answers a name it cannot hold (`a<b`, `report-10:32:01.xml`) with ENOENT, in a folder that exists.
  ENOENT: 'the file system does not allow its name',
};

/** The reason one artifact cannot be saved, or undefined when the error is not that artifact's alone. */
export function fileProblem(error: unknown): string | undefined {
  const code = errnoCode(error);
  const reason = code === undefined ? undefined : FILE_ERRORS[code];
  return reason === undefined ? undefined : `${reason} (${code})`;
}

/** Calls of the file system, as Node names them in an error's `syscall` (a socket's EACCES is no file's). */
const FILE_CALLS = new Set([
  'open',
  'mkdir',
  'rename',
  'write',
  'close',
  'link',
  'copyfile',
  'lstat',
  'stat',
]);

/** The file system's error code, also under a DownloadError that wraps a failed write. */
function errnoCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const { code, syscall } = e as NodeJS.ErrnoException;
    if (typeof code === 'string' && FILE_CALLS.has(syscall ?? '')) return code;
  }
  return undefined;
}

/** A file-system failure (no space, no permission) names the artifact it hit, without a stack trace. */
export function asUserFacing(artifact: string, error: unknown, url?: string): unknown {
  const certificate = certificateCode(error);
  if (certificate !== undefined && url !== undefined && !(error instanceof UntrustedCertificateError))
    return new UntrustedCertificateError(
      `artifact ${quoted(artifact)}`,
      URL.canParse(url) ? new URL(url).host : 'its storage',
      certificate,
    );
  const code = errnoCode(error);
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return new DiskFullError(
      `the destination's disk is full (${code === 'ENOSPC' ? 'no space is left on the device' : 'the disk quota is used up'}): ` +
        `artifact ${artifact} could not be saved; free space there or choose another path. No part file is left`,
      { cause: error },
    );
  if (error instanceof UserFacingError || !(error instanceof Error)) return error;
  if (typeof (error as NodeJS.ErrnoException).code !== 'string') return error;
  return new DownloadError(artifact, error, 1);
}
