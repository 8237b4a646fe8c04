// The rules a name must pass before it reaches the destination, for an artifact's path and an archive member's
// alike, and the disks whose rules they are: NTFS and APFS fold case, APFS Unicode form, Windows refuses some names.
import { randomBytes } from 'node:crypto';

/** Most file systems allow no longer name. */
export const MAX_SEGMENT_BYTES = 255;
/** What a part file adds to its destination's name: the file system must take that name too. */
export const PART_SUFFIX_BYTES = '.0123456789ab.part'.length;
export const MAX_FILE_NAME_BYTES = MAX_SEGMENT_BYTES - PART_SUFFIX_BYTES;
/** Linux's PATH_MAX less the closing NUL: no longer path can be opened. */
export const MAX_PATH_BYTES = 4095;

/** Why a file system would refuse the lengths of a path (`segments` of the absolute `path`), or undefined. */
export function lengthProblem(path: string, segments: readonly string[]): string | undefined {
  const max = MAX_PATH_BYTES - PART_SUFFIX_BYTES;
  if (Buffer.byteLength(segments.at(-1) ?? '') > MAX_FILE_NAME_BYTES)
    return `its file name is longer than ${MAX_FILE_NAME_BYTES} bytes`;
  if (segments.some((s) => Buffer.byteLength(s) > MAX_SEGMENT_BYTES))
    return `a segment is longer than ${MAX_SEGMENT_BYTES} bytes`;
  if (Buffer.byteLength(path) > max) return `its path in the destination would be longer than ${max} bytes`;
  return undefined;
}

let partSerial: number | undefined;

/** `<dest>.<12 hex digits>.part`, counting up from a random start: a counter, not a random name per file. */
export function partFileName(dest: string): string {
  partSerial = ((partSerial ?? randomBytes(6).readUIntBE(0, 6)) + 1) % 2 ** 48;
  return `${dest}.${partSerial.toString(16).padStart(12, '0')}.part`;
}

/** What is wrong with one segment, as the end of a sentence that starts with "it", or undefined. */
export function segmentProblem(segment: string): string | undefined {
  if (segment === '') return 'has an empty segment';
  if (segment === '.' || segment === '..') return `climbs out of its folder with '${segment}'`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/u.test(segment))
    return segment.includes('\0') ? 'holds a NUL byte' : 'holds a control character';
  if (/[/\\]/u.test(segment)) return 'holds a path separator inside a name';
  if (isGitFolderName(segment))
    return "goes into a '.git' folder, where a file could run commands at git's next call";
  return undefined;
}

/** The first problem of a path (see segmentProblem), then by Windows' naming rules where the disk has them. */
export function pathProblem(segments: readonly string[], profile?: FileSystemProfile): string | undefined {
  // `x:name` is a name where drives do not exist; Windows' rules refuse its colon where they do.
  if (/^[A-Za-z]:$/u.test(segments[0] ?? '')) return 'starts with a drive letter (an absolute path)';
  const windows = profile?.windowsNames ? segments.map(windowsNameProblem) : [];
  return [...segments.map(segmentProblem), ...windows].find((p) => p !== undefined);
}

// `.git` in any case, and the names NTFS and HFS+ read as `.git`, as git checks them (CVE-2014-9390, CVE-2019-1352):
// a stream after `:`, trailing dots and spaces, the short name `GIT~1`, and code points HFS+ ignores.
export function isGitFolderName(segment: string): boolean {
  const name = (segment.split(':')[0] ?? '')
    .replace(/[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/gu, '')
    .replace(/[. ]+$/u, '')
    .toLowerCase();
  return name === '.git' || name === 'git~1';
}

// The key under which a case- and normalisation-insensitive disk stores a name, whatever the platform (Linux runners
// write to such disks too); lower then upper case folds more than any one disk does (`ß` and `ss`).
export function foldedName(name: string): string {
  return name.normalize('NFC').toLowerCase().toUpperCase();
}

/** What a disk does with names; the planning code takes one as a parameter, so every disk is tested anywhere. */
export type FileSystemProfile = typeof PROFILES.ext4;

export const PROFILES = {
  ext4: { name: 'ext4', caseInsensitive: false, normalisationInsensitive: false, windowsNames: false },
  casefold: {
    name: 'ext4 casefold',
    caseInsensitive: true,
    normalisationInsensitive: true,
    windowsNames: false,
  },
  apfs: { name: 'APFS', caseInsensitive: true, normalisationInsensitive: true, windowsNames: false },
  ntfs: { name: 'NTFS', caseInsensitive: true, normalisationInsensitive: false, windowsNames: true },
  exfat: { name: 'exFAT', caseInsensitive: true, normalisationInsensitive: false, windowsNames: true },
};

/** The profile a runner's own disk most likely has; only its Windows naming rules change what is planned. */
export function profileOf(platform: NodeJS.Platform): FileSystemProfile {
  return platform === 'win32' ? PROFILES.ntfs : platform === 'darwin' ? PROFILES.apfs : PROFILES.ext4;
}

/** Device names Windows reserves in every folder, with any extension (`aux.txt` is the device too). */
const RESERVED_WINDOWS_NAME = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/iu;

/** Why Windows cannot hold this name; some could be made through `\\?\` paths, but nothing could remove them. */
export function windowsNameProblem(segment: string): string | undefined {
  const bad = /[<>:"|?*]/u.exec(segment)?.[0];
  if (bad !== undefined) return `holds ${JSON.stringify(bad)}, which Windows does not allow in a name`;
  if (/[. ]$/u.test(segment)) return 'ends in a dot or a space, which Windows drops from a name';
  // Windows reads `CON .txt` and `con.tar.gz` as CON as well: the name up to its first dot, less trailing spaces.
  if (RESERVED_WINDOWS_NAME.test((segment.split('.')[0] ?? '').trimEnd())) {
    return `is ${JSON.stringify(segment)}, a device name Windows reserves`;
  }
  return undefined;
}
