// The file system's errors: one artifact's own, and a full disk.
import { formatBytes, quoted } from '../common/format.ts';
import { DownloadError } from './download.ts';
import { causeCode, UserFacingError } from '../common/errors.ts';
import { certificateCode, UntrustedCertificateError } from '../service/http/errors.ts';

/** What stops the step for a reason its message says whole: the disk, the destination, the artifacts. */
export class FetchError extends UserFacingError {
  override name = 'FetchError';
}

const DISK_FULL: Record<string, string> = {
  ENOSPC: 'no space is left on the device',
  EDQUOT: 'the disk quota is used up',
};

export function diskFullReason(error: unknown): string | undefined {
  const code = causeCode(error, (e) => Object.hasOwn(DISK_FULL, e.code ?? ''));
  return code === undefined ? undefined : DISK_FULL[code];
}

/** The disk filled while downloading: the step stops, naming the file that filled it, not whichever came next. */
export function diskFull(
  error: unknown,
  index: number,
  received: readonly number[],
  source: (index: number) => string,
): FetchError | undefined {
  const reason = diskFullReason(error);
  if (reason === undefined) return undefined;
  const largest = received.reduce((most, n, i) => (n > (received[most] ?? 0) ? i : most), index);
  const filled =
    largest === index
      ? `${formatBytes(received[index] ?? 0)} of it`
      : `while ${quoted(source(largest))} had taken ${formatBytes(received[largest] ?? 0)} of the ` +
        `${formatBytes(received.reduce((sum, n) => sum + n, 0))} this step downloaded`;
  return diskFullError(reason, `${quoted(source(index))} could not be written, ${filled}`);
}

function diskFullError(reason: string, what: string): FetchError {
  return new FetchError(
    `the destination's disk is full (${reason}): artifact ${what}; free space there or choose another path. ` +
      'No part file is left',
  );
}

/** Errors that refuse one artifact and let the others be fetched (docs/promises.md, promise 27). */
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

/** Calls of the file system, as Node names them in an error's `syscall` (a socket's EACCES is no file's). */
const FILE_CALLS = /^(?:open|mkdir|rename|write|close|link|copyfile|lstat|stat)$/u;

/** The reason one artifact cannot be saved, or undefined when the error is not that artifact's alone. */
export function fileProblem(error: unknown): string | undefined {
  const code = causeCode(error, (e) => FILE_CALLS.test(e.syscall ?? ''));
  const reason = code === undefined ? undefined : FILE_ERRORS[code];
  return reason === undefined ? undefined : `${reason} (${code})`;
}

/** A file-system failure (no space, no permission) names the artifact it hit, without a stack trace. */
export function asUserFacing(artifact: string, error: unknown, url?: string): unknown {
  const certificate = certificateCode(error);
  if (certificate !== undefined && url !== undefined && !(error instanceof UntrustedCertificateError))
    return new UntrustedCertificateError(
      `artifact ${quoted(artifact)}`,
      URL.parse(url)?.host ?? 'its storage',
      certificate,
    );
  const full = diskFullReason(error);
  if (full !== undefined) return diskFullError(full, `${quoted(artifact)} could not be saved`);
  if (error instanceof UserFacingError || !(error instanceof Error)) return error;
  return typeof (error as NodeJS.ErrnoException).code === 'string'
    ? new DownloadError(artifact, error, 1)
    : error;
}
