// Where each artifact is saved: its relative path as actions/fetch-artifacts/README.md describes `path`, and
// nothing outside the destination (docs/promises.md, promise 11). Artifact records come from the server and are
// untrusted: every path becomes plain relative segments (or is refused) before it is joined to the destination,
// and the folders below it are made one level at a time, refusing any that is a symbolic link.
import { randomBytes } from 'node:crypto';
import { lstatSync, type Stats } from 'node:fs';
import { lstat, mkdir, rmdir } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { unescape } from 'node:querystring';
import { quoted } from '../common/format.ts';
import { selects, type Glob } from '../common/glob.ts';
import { UserFacingError } from '../common/errors.ts';

/** Most file systems allow no longer name. */
const MAX_SEGMENT_BYTES = 255;
/** What a part file adds to its destination's name, in bytes: the file system must take that name too. */
export const PART_SUFFIX_BYTES = '.0123456789ab.part'.length;
export const MAX_FILE_NAME_BYTES = MAX_SEGMENT_BYTES - PART_SUFFIX_BYTES;
/** Linux's PATH_MAX less the closing NUL: no longer path can be opened. */
export const MAX_PATH_BYTES = 4095;

let partSerial: number | undefined;

/** `<dest>.<12 hex digits>.part`, counting up from a random start: a counter, not a random name per file. */
export function partFileName(dest: string): string {
  partSerial = ((partSerial ?? randomBytes(6).readUIntBE(0, 6)) + 1) % 2 ** 48;
  return `${dest}.${partSerial.toString(16).padStart(12, '0')}.part`;
}

type RelativePath = { ok: true; segments: string[]; contained: string[] } | { ok: false; reason: string };

/**
 * The relative path of an artifact: its `pretty_path` where that names the same file, else its `path`, without its
 * root; `contained` says what was changed to keep it inside.
 */
export function artifactRelativePath(
  path: string,
  prettyPath?: string | null,
  profile: FileSystemProfile = PROFILES.ext4,
): RelativePath {
  const own = relativeSegments(path, profile);
  if (!own.ok || typeof prettyPath !== 'string' || prettyPath === '') return own;
  const pretty = relativeSegments(prettyPath.replace(/^(\$\{?[A-Za-z_]\w*\}?|~)(?=[/\\]|$)/u, ''), profile);
  // A pretty path that cannot be used safely is not a reason to refuse: the path itself is fine.
  return pretty.ok && pretty.segments.at(-1) === own.segments.at(-1) ? pretty : own;
}

function relativeSegments(text: string, profile: FileSystemProfile): RelativePath {
  const refuse = (reason: string): RelativePath => ({ ok: false, reason });
  const contained = text.includes('\\') ? ['backslashes read as separators'] : [];
  const parts = text.split(/[/\\]+/u);
  // `C:name` is relative to drive C's current folder on Windows: still a drive, still dropped.
  const drive = (profile.windowsNames ? /^[A-Za-z]:/u : /^[A-Za-z]:$/u).exec(parts[0] ?? '')?.[0];
  if (drive !== undefined) {
    contained.push(`drive letter ${drive} dropped`);
    parts[0] = parts[0]?.slice(2) ?? '';
  }
  // Checked first: every later step (patterns included) then works on a path of bounded length.
  if (Buffer.byteLength(text) > MAX_PATH_BYTES) return refuse(`it is longer than ${MAX_PATH_BYTES} bytes`);
  // A copy of its own size: filter's array leaves room for many more, and the plan keeps one per artifact.
  const segments = parts.filter((part) => part !== '' && part !== '.').slice();
  for (const part of segments) {
    const problem = segmentProblem(part);
    if (problem !== undefined) return refuse(`it ${problem}`);
    // A web server or a later tool may decode `%XX` escapes, even twice (`%252e`).
    let decoded = part;
    for (let i = 0; i < 4; i++) decoded = unescape(decoded);
    if (/(?:^|[/\\])\.\.?(?:[/\\]|$)|\0/u.test(decoded)) {
      return refuse(`its segment ${JSON.stringify(part)} is a percent-encoded '..', '.' or NUL`);
    }
    if (Buffer.byteLength(part) > MAX_SEGMENT_BYTES)
      return refuse(`a segment is longer than ${MAX_SEGMENT_BYTES} bytes`);
  }
  if (segments.length === 0) return refuse('it has no file name');
  if (Buffer.byteLength(segments.at(-1) ?? '') > MAX_FILE_NAME_BYTES) {
    return refuse(`its file name is longer than ${MAX_FILE_NAME_BYTES} bytes`);
  }
  return { ok: true, segments, contained };
}

/**
 * The rules every path that reaches the destination goes through, one segment at a time: an artifact's path and an
 * archive member's alike. Says what is wrong, as the end of a sentence that starts with "it", or undefined.
 */
function segmentProblem(segment: string): string | undefined {
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

/**
 * `.git` in any case, and the names NTFS and HFS+ read as `.git` too, as git itself checks them (its fixes for
 * CVE-2014-9390 and CVE-2019-1352): what follows a `:` is a stream of the same file, trailing dots and spaces are
 * dropped, `GIT~1` is its short name, and HFS+ ignores some invisible code points.
 */
export function isGitFolderName(segment: string): boolean {
  const name = (segment.split(':')[0] ?? '')
    .replace(/[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/gu, '')
    .replace(/[. ]+$/u, '')
    .toLowerCase();
  return name === '.git' || name === 'git~1';
}

/**
 * The key under which a case-insensitive, normalisation-insensitive disk stores a name: two names with one key are
 * one file there. Linux runners write to such disks too, so the key does not depend on the platform; lower then
 * upper case folds more than any one disk does (`ß` and `ss`), which can only keep apart names a disk would keep.
 */
export function foldedName(name: string): string {
  return name.normalize('NFC').toLowerCase().toUpperCase();
}

/**
 * What a disk does with names: whether `A.txt` and `a.txt` are one file, whether `café` in NFC and in NFD are, and
 * whether Windows' naming rules hold. The planning code takes one as a parameter, so every disk is tested anywhere.
 */
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

/**
 * Why Windows cannot hold this segment as a name, or undefined. Some can still be created through `\\?\` paths, as
 * files that Explorer, git and the runner's clean-up cannot remove: so they are refused, not tried.
 */
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

/** An artifact record as the server sent it: nothing in it is trusted. */
export type ArtifactLike = Partial<Record<'path' | 'pretty_path' | 'node_index' | 'url', unknown>>;

export interface PlannedFile {
  url: string;
  /** The artifact's relative path as patterns see it. */
  source: string;
  /** Where it is saved below the destination. */
  segments: string[];
  nodeIndex: number | undefined;
}

interface PlanOptions {
  globs: readonly Glob[];
  flatten: boolean;
  /** Save the single artifact under this name. */
  fileName?: string | undefined;
  profile?: FileSystemProfile;
}

export interface Plan {
  files: PlannedFile[];
  /** Artifacts not fetched because their record or path is unsafe or unusable. */
  refused: { what: string; reason: string }[];
  /** Artifacts whose path was changed to keep it inside the destination. */
  contained: { source: string; changes: string[] }[];
  /** Artifacts the patterns left out, and those listed twice (same URL, same path), fetched once. */
  excluded: number;
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
  const { flatten, fileName, profile = PROFILES.ext4 } = options;
  const plan: Plan = { files: [], refused: [], contained: [], excluded: 0, duplicates: 0, available: [] };
  const seen = new Set<string>();
  for (const artifact of artifacts) {
    const { path, url, pretty_path: pretty, node_index: nodeIndex } = artifact ?? {};
    if (typeof path !== 'string' || path === '' || typeof url !== 'string' || url === '') {
      plan.refused.push({ what: describe(artifact), reason: 'the record has no path or no URL' });
      continue;
    }
    const relative = artifactRelativePath(path, typeof pretty === 'string' ? pretty : undefined, profile);
    if (!relative.ok) {
      plan.refused.push({ what: quoted(path), reason: relative.reason });
      continue;
    }
    const source = relative.segments.join('/');
    // The scheme as `new URL` gives it, read without parsing thousands of whole URLs.
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/u.exec(url)?.[1]?.toLowerCase();
    const windows = profile.windowsNames
      ? relative.segments.map(windowsNameProblem).find(Boolean)
      : undefined;
    const reason =
      scheme === undefined
        ? 'its URL is not an absolute address'
        : !/^https?$/u.test(scheme)
          ? `its URL is a ${quoted(`${scheme}:`, 20)} address, not http(s)`
          : windows && `a segment of its path ${windows}`;
    if (reason) {
      plan.refused.push({ what: quoted(source), reason });
      continue;
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
    const index =
      Number.isSafeInteger(nodeIndex) && (nodeIndex as number) >= 0 ? (nodeIndex as number) : undefined;
    plan.files.push({ url, source, segments: relative.segments, nodeIndex: index });
  }

  if (fileName !== undefined) {
    if (plan.files.length > 1) {
      throw new ClashError(
        `file-name is given, but ${plan.files.length} artifacts match (${sample(plan.files.map((f) => f.source))}); ` +
          'narrow them to one with pattern, or leave file-name out',
      );
    }
    for (const file of plan.files) file.segments = [fileName];
    return plan;
  }
  if (flatten) for (const file of plan.files) file.segments = file.segments.slice(-1);

  // Every disk's key, whatever this runner's own disk is: two artifacts one of them would merge are told apart (node
  // folders) or refused, never one over the other. Only paths shared by several files keep a list, to spare memory.
  const fold = (segments: readonly string[]): string => foldedName(segments.join('/'));
  const files = new Map<string, PlannedFile>();
  const shared = new Map<string, PlannedFile[]>();
  for (const file of plan.files) {
    const key = fold(file.segments);
    const other = files.get(key);
    if (other === undefined) files.set(key, file);
    else shared.set(key, [...(shared.get(key) ?? [other]), file]);
  }
  for (const [key, group] of shared) {
    const indexes = new Set(group.map((f) => f.nodeIndex));
    if (flatten || indexes.has(undefined) || indexes.size < group.length) throw clash(group, flatten);
    files.delete(key);
  }
  // Only the artifacts that share a path move under their container's folder; the rest stay where they are. After
  // that: no two files at one path, and no path that is a file for one artifact and a folder for another.
  for (const file of [...shared.values()].flat()) {
    file.segments = [`node-${file.nodeIndex ?? ''}`, ...file.segments];
    const other = files.get(fold(file.segments));
    if (other) throw clash([other, file], flatten);
    files.set(fold(file.segments), file);
  }
  for (const file of plan.files) {
    for (let n = 1; n < file.segments.length; n++) {
      const other = files.get(fold(file.segments.slice(0, n)));
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
  const disk =
    new Set(group.map((f) => f.segments.join('/'))).size > 1
      ? ' (their names differ only in case or Unicode normalisation: one file on NTFS, APFS or exFAT)'
      : '';
  const hint = flatten
    ? 'flatten keeps only file names: leave it out, or narrow the artifacts with pattern'
    : 'their containers do not tell them apart; narrow the artifacts with pattern';
  const what = group.map((f) => quoted(f.source)).join(', ');
  return new ClashError(`artifacts ${what} would all be saved at ${quoted(where)}${disk}; ${hint}`);
}

/** A record for a warning: its path only (a URL may carry credentials). */
function describe(value: unknown): string {
  if (value === null || typeof value !== 'object') return quoted(String(value));
  const { path, pretty_path: pretty } = value as ArtifactLike;
  const shown = [path, pretty].find((p) => typeof p === 'string' && p !== '');
  return shown === undefined ? 'a record without a path' : quoted(shown as string);
}

export function sample(items: readonly string[], max = 5): string {
  const shown = items.slice(0, max).map((s) => quoted(s));
  return items.length > max ? `${shown.join(', ')} and ${items.length - max} more` : shown.join(', ');
}

/** A path below the destination cannot be used: a folder on the way is a symbolic link or not a folder. */
export class RefusedPathError extends UserFacingError {
  override name = 'RefusedPathError';
}

/** Looks at folders shared between calls of `inspect` while nothing below the destination changes. */
export type InspectCache = Map<string, Stats | null>;

export type Found =
  | { kind: 'free' }
  | { kind: 'refused'; reason: string }
  | { kind: 'exists'; what: 'file' | 'symlink' | 'folder' | 'other' };

/**
 * The destination folder and the folders below it. Each folder is created once, one level at a time with lstat,
 * so a symbolic link planted inside the destination (to a folder outside it) is found and refused, never followed.
 */
export class Destination {
  /** Absolute, symbolic links resolved (the destination itself is the user's choice and may be one). */
  readonly root: string;
  /** Each folder below the root (its segments joined), made ready once. */
  readonly #folders = new Map<string, Promise<void>>();
  readonly #created: string[] = [];
  readonly #profile: FileSystemProfile;
  /** The first file path inspected under each folded key (foldedName); kept only where archives are unpacked. */
  readonly #claimed: Map<string, string> | undefined;

  /** Without `unpacks`, no path is remembered: the plan's own paths never merge on any disk (planDownloads), and
   *  only an archive's files could merge with them. */
  constructor(root: string, profile: FileSystemProfile = PROFILES.ext4, unpacks = true) {
    this.root = root;
    this.#profile = profile;
    this.#claimed = unpacks ? new Map() : undefined;
  }

  /** Creates the folders of `segments` (all but the last) and returns the file's absolute path. */
  async prepare(segments: readonly string[]): Promise<string> {
    for (let n = 1; n < segments.length; n++) {
      const relative = segments.slice(0, n).join(sep);
      if (!this.#folders.has(relative)) this.#folders.set(relative, this.#ensureFolder(relative));
      await this.#folders.get(relative);
    }
    return join(this.root, ...segments);
  }

  async #ensureFolder(relative: string): Promise<void> {
    const absolute = join(this.root, relative);
    try {
      await mkdir(absolute);
      this.#created.push(absolute);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const problem = folderProblem(await lstat(absolute), relative);
    if (problem !== undefined) throw new RefusedPathError(problem);
  }

  /**
   * What is at `segments` now, creating nothing: a folder on the way that is a link or a file refuses the path;
   * otherwise whatever already stands at the final path.
   */
  async inspect(segments: readonly string[], cache?: InspectCache): Promise<Found> {
    // Whatever reaches the destination passes the segment rules here too, an archive's unpacked files included.
    const problem = pathProblem(segments, this.#profile);
    if (problem !== undefined) return { kind: 'refused', reason: `its path ${problem}` };
    // Two files one disk would merge are refused by name, whatever this disk is, rather than lost without a word.
    const exact = segments.join('/');
    const key = foldedName(exact);
    const first = this.#claimed?.get(key);
    if (first !== undefined && first !== exact) {
      return {
        kind: 'refused',
        reason: `its path differs from ${quoted(first)} only in case or Unicode normalisation, one file on NTFS, APFS or exFAT`,
      };
    }
    this.#claimed?.set(key, exact);
    for (let n = 1; n <= segments.length; n++) {
      const relative = segments.slice(0, n).join(sep);
      // On the main thread: a look takes less than a trip to the thread pool and back, and a missing file is no error.
      let stat = cache?.get(relative);
      if (stat === undefined) {
        stat = lstatSync(join(this.root, relative), { throwIfNoEntry: false }) ?? null;
        // Folders only: thousands of artifacts below a few folders cost a few looks, not one each.
        if (n < segments.length) cache?.set(relative, stat);
      }
      if (stat === null) return { kind: 'free' };
      if (n === segments.length) {
        return {
          kind: 'exists',
          what: stat.isSymbolicLink()
            ? 'symlink'
            : stat.isDirectory()
              ? 'folder'
              : stat.isFile()
                ? 'file'
                : 'other',
        };
      }
      const refused = folderProblem(stat, relative);
      if (refused !== undefined) return { kind: 'refused', reason: refused };
    }
    return { kind: 'free' };
  }

  /** Removes the folders this object created that stayed empty (a refused or failed artifact's), deepest first. */
  async removeEmptyFolders(): Promise<void> {
    for (const folder of this.#created.toReversed()) await rmdir(folder).catch(() => undefined);
  }
}

function folderProblem(stat: Stats, relative: string): string | undefined {
  if (stat.isSymbolicLink()) return `the folder ${quoted(relative)} in the destination is a symbolic link`;
  return stat.isDirectory() ? undefined : `${quoted(relative)} in the destination is a file, not a folder`;
}
