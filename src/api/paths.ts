// Where each artifact is saved. Artifact records come from the server and are untrusted: every path is turned into
// plain relative segments (or refused) before it is joined to the destination, and the directories below the
// destination are created one by one, refusing any that is a symbolic link, so nothing lands outside it.
//
// The rule: an artifact's relative path is its `pretty_path` with a leading `$VAR/` (or `~/`) removed when the
// record has one, else its `path`; either way the root (`/`, a drive letter, `\\host`) is dropped, `\` counts as
// a separator, and empty and `.` segments are left out. `x:name` is a drive only where drives exist (Windows
// names): elsewhere it is a name like any other. A `pretty_path` whose file name differs from the `path`'s
// is not used: the file keeps its own name, the last segment of its `path`.
import { randomBytes } from 'node:crypto';
import { lstatSync, type Stats } from 'node:fs';
import { lstat, mkdir, rmdir } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { quoted } from './format.ts';
import { selects, type Glob } from './glob.ts';
import { UserFacingError } from './errors.ts';

/** A segment the file system would reject as too long (most allow 255 bytes). */
const MAX_SEGMENT_BYTES = 255;
/** The longest file name that still leaves room for its part file's suffix. */
/** The last part file number of this process; the first is drawn at random (48 bits) at the first download. */
let partSerial: number | undefined;

/**
 * The part file of a destination: `<dest>.<12 hex digits>.part`. The digits count up from a random start: no two
 * part files of a run share a name, one left by an earlier run is as unlikely to be met as with a random name per
 * file, and a file costs a counter, not a random UUID.
 */
export function partFileName(dest: string): string {
  partSerial = ((partSerial ?? randomBytes(6).readUIntBE(0, 6)) + 1) % 2 ** 48;
  return `${dest}.${partSerial.toString(16).padStart(12, '0')}.part`;
}

/** What a part file adds to its destination's name, in bytes: the file system must take that name too. */
export const PART_SUFFIX_BYTES = '.0123456789ab.part'.length;

export const MAX_FILE_NAME_BYTES = MAX_SEGMENT_BYTES - PART_SUFFIX_BYTES;
/** Linux's PATH_MAX less the closing NUL: no longer path can be opened. */
export const MAX_PATH_BYTES = 4095;

export type RelativePath =
  { ok: true; segments: string[]; contained: string[] } | { ok: false; reason: string };

/** The relative path of an artifact (see the rule above); `contained` says what was changed to keep it inside. */
export function artifactRelativePath(
  path: string,
  prettyPath?: string | null,
  profile: FileSystemProfile = PROFILES.ext4,
): RelativePath {
  const own = relativeSegments(path, profile);
  if (!own.ok) return own;
  if (typeof prettyPath === 'string' && prettyPath !== '') {
    const pretty = relativeSegments(
      prettyPath.replace(/^(\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|~)(?=[/\\]|$)/u, ''),
      profile,
    );
    if (pretty.ok && pretty.segments.at(-1) === own.segments.at(-1)) {
      return { ok: true, segments: pretty.segments, contained: pretty.contained };
    }
    // A pretty path that cannot be used safely is not a reason to refuse: the path itself is fine.
  }
  return own;
}

function relativeSegments(text: string, profile: FileSystemProfile): RelativePath {
  const contained: string[] = [];
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/u.test(text)) {
    return {
      ok: false,
      reason: text.includes('\u0000') ? 'it holds a NUL byte' : 'it holds a control character',
    };
  }
  if (text.includes('\\')) contained.push('backslashes read as separators');
  const parts = text.split(/[/\\]+/u);
  if (/^[A-Za-z]:$/u.test(parts[0] ?? '')) {
    contained.push(`drive letter ${parts[0] ?? ''} dropped`);
    parts.shift();
  } else if (profile.windowsNames && /^[A-Za-z]:./u.test(parts[0] ?? '')) {
    // `C:name` is relative to drive C's current folder on Windows: still a drive, still dropped.
    contained.push(`drive letter ${parts[0]?.slice(0, 2) ?? ''} dropped`);
    parts[0] = parts[0]?.slice(2) ?? '';
  }
  // Checked first: every later step (patterns included) then works on a path of bounded length.
  if (Buffer.byteLength(text) > MAX_PATH_BYTES) {
    return { ok: false, reason: `it is longer than ${MAX_PATH_BYTES} bytes` };
  }
  const segments: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    const problem = segmentProblem(part);
    if (problem !== undefined) return { ok: false, reason: `it ${problem}` };
    const decoded = percentDecoded(part);
    if (decoded !== part) {
      if (decoded.split(/[/\\]/u).some((p) => p === '..' || p === '.') || decoded.includes('\u0000')) {
        return {
          ok: false,
          reason: `its segment ${JSON.stringify(part)} is a percent-encoded '..', '.' or NUL`,
        };
      }
    }
    if (Buffer.byteLength(part) > MAX_SEGMENT_BYTES) {
      return { ok: false, reason: `a segment is longer than ${MAX_SEGMENT_BYTES} bytes` };
    }
    segments.push(part);
  }
  if (segments.length === 0) return { ok: false, reason: 'it has no file name' };
  if (Buffer.byteLength(segments.at(-1) ?? '') > MAX_FILE_NAME_BYTES) {
    return { ok: false, reason: `its file name is longer than ${MAX_FILE_NAME_BYTES} bytes` };
  }
  return { ok: true, segments, contained };
}

/**
 * The rules every path that reaches the destination goes through, one segment at a time: an artifact's path and an
 * archive member's alike (Destination.inspect applies them again to whatever is placed). Says what is wrong, as
 * the end of a sentence that starts with "it", or undefined for a segment that may be written.
 */
export function segmentProblem(segment: string): string | undefined {
  if (segment === '') return 'has an empty segment';
  if (segment === '.' || segment === '..') return `climbs out of its folder with '${segment}'`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/u.test(segment)) {
    return segment.includes('\u0000') ? 'holds a NUL byte' : 'holds a control character';
  }
  if (segment.includes('/') || segment.includes('\\')) return 'holds a path separator inside a name';
  if (isGitFolderName(segment)) {
    return "goes into a '.git' folder, where a file could run commands at git's next call";
  }
  return undefined;
}

/** The first segment's problem (see segmentProblem), or undefined when every segment may be written. */
export function pathProblem(segments: readonly string[]): string | undefined {
  // `x:name` is a name where drives do not exist; Destination.inspect refuses its colon where they do.
  if (/^[A-Za-z]:$/u.test(segments[0] ?? '')) return 'starts with a drive letter (an absolute path)';
  for (const segment of segments) {
    const problem = segmentProblem(segment);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/**
 * `.git` in any case (case-insensitive file systems), and the names NTFS and HFS+ read as `.git` too, as git
 * itself checks them (its fixes for CVE-2014-9390 and CVE-2019-1352): anything after a `:` is a stream of the
 * same file, trailing dots and spaces are dropped, `GIT~1` is its short name, and HFS+ ignores some invisible
 * code points.
 */
export function isGitFolderName(segment: string): boolean {
  const name = (segment.split(':')[0] ?? '')
    .replace(/[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/gu, '')
    .replace(/[. ]+$/u, '')
    .toLowerCase();
  return name === '.git' || name === 'git~1';
}

/**
 * The key under which a case-insensitive, normalisation-insensitive disk stores a name (NTFS, APFS, exFAT, ext4
 * with casefold, SMB shares): two names with one key are one file there. Linux runners write to such disks too,
 * so the key does not depend on the platform. Lower then upper case folds more than any one disk does (`ß` and
 * `ss`), which can only tell apart two names that a disk would have kept, never merge them.
 */
export function foldedName(name: string): string {
  return name.normalize('NFC').toLowerCase().toUpperCase();
}

/**
 * What a disk does with names, as far as saving files is concerned. The planning code takes one as a parameter
 * (the action passes the runner's, `profileOf(process.platform)`), so every profile is tested on any machine.
 */
export interface FileSystemProfile {
  /** Printed in messages and test names. */
  name: string;
  /** `A.txt` and `a.txt` are one file (NTFS, APFS, exFAT, ext4 with casefold, SMB shares). */
  caseInsensitive: boolean;
  /** `café` in NFC and in NFD are one file (APFS, HFS+). */
  normalisationInsensitive: boolean;
  /** Windows' naming rules: `<>:"|?*`, reserved device names and trailing dots or spaces cannot be created. */
  windowsNames: boolean;
}

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
} as const satisfies Record<string, FileSystemProfile>;

/**
 * The profile a runner's own disk most likely has. Only the Windows naming rules depend on it: names are folded
 * (foldedName) on every platform, since a Linux runner may write to a case-insensitive disk too.
 */
export function profileOf(platform: NodeJS.Platform): FileSystemProfile {
  return platform === 'win32' ? PROFILES.ntfs : platform === 'darwin' ? PROFILES.apfs : PROFILES.ext4;
}

/** Device names Windows reserves in every folder, with any extension (`aux.txt` is the device too). */
const RESERVED_WINDOWS_NAME =
  /^(con|prn|aux|nul|conin\$|conout\$|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])$/iu;

/**
 * Why Windows cannot hold this segment as a name, as the end of a sentence that starts with "it", or undefined.
 * Through `\\?\` paths some of these can still be created, as files that Explorer, git and the runner's clean-up
 * cannot remove; so they are refused, not tried.
 */
export function windowsNameProblem(segment: string): string | undefined {
  const bad = /[<>:"|?*]/u.exec(segment);
  if (bad) return `holds ${JSON.stringify(bad[0])}, which Windows does not allow in a name`;
  if (/[. ]$/u.test(segment)) return 'ends in a dot or a space, which Windows drops from a name';
  // Windows reads `CON .txt` and `con.tar.gz` as CON as well: the name up to its first dot, less trailing spaces.
  if (RESERVED_WINDOWS_NAME.test((segment.split('.')[0] ?? '').trimEnd()))
    return `is ${JSON.stringify(segment)}, a device name Windows reserves`;
  return undefined;
}

/** Decodes `%XX` escapes, repeatedly (a double-encoded `%252e` too), as a web server or a later tool might. */
function percentDecoded(text: string): string {
  let out = text;
  for (let i = 0; i < 4 && /%[0-9A-Fa-f]{2}/u.test(out); i++) {
    out = out.replace(/%([0-9A-Fa-f]{2})/gu, (_m, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------

export interface ArtifactLike {
  path?: unknown;
  pretty_path?: unknown;
  node_index?: unknown;
  url?: unknown;
}

export interface PlannedFile {
  url: string;
  /** The artifact's relative path as patterns see it, `/`-separated. */
  source: string;
  /** Segments below the destination where it is saved. */
  segments: string[];
  nodeIndex: number | undefined;
}

export interface PlanOptions {
  globs: readonly Glob[];
  flatten: boolean;
  /** Save the single artifact under this name. */
  fileName?: string | undefined;
  /** The disk's rules; only its Windows naming rules change the plan. Default: ext4. */
  profile?: FileSystemProfile;
}

export interface Plan {
  files: PlannedFile[];
  /** Artifacts not fetched because their record or path is unsafe or unusable, with the reason. */
  refused: { what: string; reason: string }[];
  /** Artifacts whose path was changed to keep it inside the destination. */
  contained: { source: string; changes: string[] }[];
  /** Artifacts the patterns left out. */
  excluded: number;
  /** Artifacts listed twice (same URL, same path): fetched once. */
  duplicates: number;
  /** Paths of all usable artifacts, for a hint when the patterns matched none. */
  available: string[];
}

/** Two artifacts would be saved at one path, or a path is both a file and a folder: nothing is fetched. */
export class ClashError extends UserFacingError {
  override name = 'ClashError';
}

/** Decides where every artifact goes, before anything is downloaded; throws ClashError rather than overwrite. */
export function planDownloads(artifacts: readonly ArtifactLike[], options: PlanOptions): Plan {
  const plan: Plan = { files: [], refused: [], contained: [], excluded: 0, duplicates: 0, available: [] };
  const seen = new Set<string>();
  for (const artifact of artifacts) {
    const { path, url } = artifact ?? {};
    if (typeof path !== 'string' || path === '' || typeof url !== 'string' || url === '') {
      plan.refused.push({ what: describe(artifact), reason: 'the record has no path or no URL' });
      continue;
    }
    const pretty = typeof artifact.pretty_path === 'string' ? artifact.pretty_path : undefined;
    const relative = artifactRelativePath(path, pretty, options.profile);
    if (!relative.ok) {
      plan.refused.push({ what: quoted(path), reason: relative.reason });
      continue;
    }
    const scheme = urlScheme(url);
    if (scheme !== 'http:' && scheme !== 'https:') {
      plan.refused.push({
        what: quoted(relative.segments.join('/')),
        reason:
          scheme === undefined
            ? 'its URL is not an absolute address'
            : `its URL is a ${quoted(scheme, 20)} address, not http(s)`,
      });
      continue;
    }
    const source = relative.segments.join('/');
    if (options.profile?.windowsNames === true) {
      const problem = relative.segments.map(windowsNameProblem).find((p) => p !== undefined);
      if (problem !== undefined) {
        plan.refused.push({ what: quoted(source), reason: `a segment of its path ${problem}` });
        continue;
      }
    }
    plan.available.push(source);
    if (!selects(options.globs, source)) {
      plan.excluded++;
      continue;
    }
    const key = `${url}\n${source}`;
    if (seen.has(key)) {
      plan.duplicates++;
      continue;
    }
    seen.add(key);
    if (relative.contained.length > 0) plan.contained.push({ source, changes: relative.contained });
    const nodeIndex =
      typeof artifact.node_index === 'number' &&
      Number.isSafeInteger(artifact.node_index) &&
      artifact.node_index >= 0
        ? artifact.node_index
        : undefined;
    plan.files.push({ url, source, segments: relative.segments, nodeIndex });
  }

  if (options.fileName !== undefined) {
    if (plan.files.length > 1) {
      throw new ClashError(
        `file-name is given, but ${plan.files.length} artifacts match (${sample(plan.files.map((f) => f.source))}); ` +
          'narrow them to one with pattern, or leave file-name out',
      );
    }
    for (const file of plan.files) file.segments = [options.fileName];
    return plan;
  }
  if (options.flatten) {
    for (const file of plan.files) file.segments = [file.segments.at(-1) ?? ''];
  }

  // Every disk's key, whatever this runner's own disk is: Linux runners write to case-insensitive disks too, and
  // two artifacts one of them would merge are told apart (node folders) or refused, never one over the other.
  // Each path's files are kept only where there are several: one entry per file would double the plan's memory.
  const fold = foldedName;
  const files = new Map<string, PlannedFile>();
  const shared = new Map<string, PlannedFile[]>();
  for (const file of plan.files) {
    const key = fold(file.segments.join('/'));
    const other = files.get(key);
    if (other === undefined) files.set(key, file);
    else shared.set(key, [...(shared.get(key) ?? [other]), file]);
  }
  for (const [key, group] of shared) {
    const indexes = new Set(group.map((f) => f.nodeIndex));
    const apart = !options.flatten && !indexes.has(undefined) && indexes.size === group.length;
    if (!apart) throw clash(group, options.flatten);
    files.delete(key);
  }
  // Only the artifacts that share a path move under their container's folder; the rest stay where they are. After
  // that: no two files at one path, and no path that is a file for one artifact and a folder for another.
  for (const group of shared.values()) {
    for (const file of group) {
      file.segments = [`node-${file.nodeIndex ?? ''}`, ...file.segments];
      const key = fold(file.segments.join('/'));
      const other = files.get(key);
      if (other) throw clash([other, file], options.flatten);
      files.set(key, file);
    }
  }
  for (const file of plan.files) {
    for (let n = 1; n < file.segments.length; n++) {
      const other = files.get(fold(file.segments.slice(0, n).join('/')));
      if (other) {
        throw new ClashError(
          `artifact ${quoted(other.source)} would be saved as a file where artifact ` +
            `${quoted(file.source)} needs a folder; leave one out with pattern`,
        );
      }
    }
  }
  return plan;
}

function clash(group: readonly PlannedFile[], flatten: boolean): ClashError {
  const where = group[0]?.segments.join('/') ?? '';
  const what = group.map((f) => quoted(f.source)).join(', ');
  const hint = flatten
    ? 'flatten keeps only file names: leave it out, or narrow the artifacts with pattern'
    : 'their containers do not tell them apart; narrow the artifacts with pattern';
  const folded = new Set(group.map((f) => f.segments.join('/'))).size > 1;
  const disk = folded
    ? ' (their names differ only in case or Unicode normalisation: one file on NTFS, APFS or exFAT)'
    : '';
  return new ClashError(`artifacts ${what} would all be saved at ${quoted(where)}${disk}; ${hint}`);
}

/** A record for a warning: its path only (a URL may carry credentials), cut short. */
function describe(value: unknown): string {
  if (value === null || typeof value !== 'object') return quoted(String(value));
  const { path, pretty_path: pretty } = value as ArtifactLike;
  if (typeof path === 'string' && path !== '') return quoted(path);
  if (typeof pretty === 'string' && pretty !== '') return quoted(pretty);
  return 'a record without a path';
}

/** The URL's scheme as `new URL` would give it, read without parsing the whole URL (there may be thousands). */
function urlScheme(url: string): string | undefined {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):/u.exec(url);
  return match?.[1] === undefined ? undefined : `${match[1].toLowerCase()}:`;
}

export function sample(items: readonly string[], max = 5): string {
  const shown = items.slice(0, max).map((s) => quoted(s));
  return items.length > max ? `${shown.join(', ')} and ${items.length - max} more` : shown.join(', ');
}

// ---------------------------------------------------------------------------------------------------------------

/** A path below the destination cannot be used: a folder on the way is a symbolic link or not a folder. */
export class RefusedPathError extends UserFacingError {
  override name = 'RefusedPathError';
}

/**
 * The destination folder and the folders below it. Each folder is created once, one level at a time with lstat,
 * so a symbolic link planted inside the destination (to a folder outside it) is found and refused, never followed.
 */
export class Destination {
  /** Absolute, symbolic links resolved (the destination itself is the user's choice and may be one). */
  readonly root: string;
  /** Each folder below the root (its segments joined), once made ready: its absolute path. */
  readonly #folders = new Map<string, Promise<string>>();
  /** Folders this object created, in the order made. */
  readonly #created: string[] = [];
  readonly #profile: FileSystemProfile;
  /** Each file path inspected, by its folded key (foldedName): the first name that took the key. */
  readonly #claimed = new Map<string, string>();

  constructor(root: string, profile: FileSystemProfile = PROFILES.ext4) {
    this.root = root;
    this.#profile = profile;
  }

  /** Creates the folders of `segments` (all but the last) and returns the file's absolute path. */
  async prepare(segments: readonly string[]): Promise<string> {
    let folder = this.root;
    for (let n = 1; n < segments.length; n++) {
      const relative = segments.slice(0, n).join(sep);
      let ready = this.#folders.get(relative);
      if (!ready) {
        const absolute = join(this.root, relative);
        ready = ensureFolder(absolute, relative, this.#created).then(() => absolute);
        this.#folders.set(relative, ready);
      }
      folder = await ready;
    }
    // The name is one checked segment (no separator, never . or ..): what join() would make, without normalising
    // the whole path again for each of thousands of files.
    const name = segments.at(-1) ?? '';
    return folder.endsWith(sep) ? folder + name : folder + sep + name;
  }

  /**
   * What is at `segments` now, creating nothing: a folder on the way that is a link or a file refuses the path;
   * otherwise whatever already stands at the final path.
   */
  async inspect(segments: readonly string[], cache?: InspectCache): Promise<Found> {
    // Whatever reaches the destination passes the segment rules here too, an archive's unpacked files included.
    const problem =
      pathProblem(segments) ??
      (this.#profile.windowsNames
        ? segments.map(windowsNameProblem).find((p) => p !== undefined)
        : undefined);
    if (problem !== undefined) return { kind: 'refused', reason: `its path ${problem}` };
    // Two files one disk would merge (an archive's `A.txt` and `a.txt`, or a member and an artifact): the second is
    // refused by name, whatever this disk is, rather than lost without a word where the disk is case-insensitive.
    const exact = segments.join('/');
    const key = foldedName(exact);
    const first = this.#claimed.get(key);
    if (first !== undefined && first !== exact) {
      return {
        kind: 'refused',
        reason: `its path differs from ${quoted(first)} only in case or Unicode normalisation, one file on NTFS, APFS or exFAT`,
      };
    }
    this.#claimed.set(key, exact);
    for (let n = 1; n <= segments.length; n++) {
      const relative = segments.slice(0, n).join(sep);
      // On the main thread: a look takes microseconds, where a trip to the thread pool and back, one file after
      // the other, held the first download back (800 files into a folder that exists: 790 -> 683 ms in all, on
      // tmpfs); and a missing file is the usual answer, which here is no error to make.
      const look = async (): Promise<Stats | undefined> =>
        lstatSync(join(this.root, relative), { throwIfNoEntry: false });
      let pending = cache?.get(relative);
      if (pending === undefined) {
        pending = look();
        // Folders only: thousands of artifacts below a few folders cost a few looks, not one each.
        if (n < segments.length) cache?.set(relative, pending);
      }
      const stat = await pending;
      if (stat === undefined) return { kind: 'free' };
      if (n === segments.length) {
        const what = stat.isSymbolicLink()
          ? 'symlink'
          : stat.isDirectory()
            ? 'folder'
            : stat.isFile()
              ? 'file'
              : 'other';
        return { kind: 'exists', what };
      }
      if (stat.isSymbolicLink())
        return {
          kind: 'refused',
          reason: `the folder ${quoted(relative)} in the destination is a symbolic link`,
        };
      if (!stat.isDirectory())
        return {
          kind: 'refused',
          reason: `${quoted(relative)} in the destination is a file, not a folder`,
        };
    }
    return { kind: 'free' };
  }

  /** Removes the folders this object created that stayed empty (a refused or failed artifact's), deepest first. */
  async removeEmptyFolders(): Promise<void> {
    for (const folder of [...this.#created].reverse()) {
      await rmdir(folder).catch(() => {
        // Not empty (or gone): kept.
      });
    }
  }
}

/** Looks at folders shared between calls of `inspect` while nothing below the destination changes. */
export type InspectCache = Map<string, Promise<Stats | undefined>>;

export type Found =
  | { kind: 'free' }
  | { kind: 'refused'; reason: string }
  | { kind: 'exists'; what: 'file' | 'symlink' | 'folder' | 'other' };

async function ensureFolder(absolute: string, relative: string, created: string[]): Promise<void> {
  try {
    await mkdir(absolute);
    created.push(absolute);
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stat = await lstat(absolute);
  if (stat.isSymbolicLink()) {
    throw new RefusedPathError(`the folder ${quoted(relative)} in the destination is a symbolic link`);
  }
  if (!stat.isDirectory()) {
    throw new RefusedPathError(`${quoted(relative)} in the destination is a file, not a folder`);
  }
}
