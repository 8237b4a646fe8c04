// The destination folder and the folders below it, made one level at a time and never through a symbolic link
// (docs/promises.md, promise 11), and what already stands at each final path before anything is written.
import { lstatSync, type Stats } from 'node:fs';
import { lstat, mkdir, rmdir } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { quoted } from '../common/format.ts';
import { UserFacingError } from '../common/errors.ts';
import { FetchError } from './file-errors.ts';
import { foldedName, lengthProblem, pathProblem, PROFILES, type FileSystemProfile } from './names.ts';

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

export class Destination {
  /** Absolute, symbolic links resolved (the destination itself is the user's choice and may be one). */
  readonly root: string;
  readonly #folders = new Map<string, Promise<void>>();
  readonly #created: string[] = [];
  readonly #profile: FileSystemProfile;
  /** The first file path inspected under each folded key (foldedName); kept only where archives are unpacked. */
  readonly #claimed: Map<string, string> | undefined;

  /** Without `unpacks` no path is kept: only an archive's files could merge with the plan's (planDownloads). */
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

  /** What is at `segments` now, creating nothing: a folder on the way that is a link or a file refuses the path. */
  async inspect(segments: readonly string[], cache?: InspectCache): Promise<Found> {
    const tooLong = lengthProblem(join(this.root, ...segments), segments);
    if (tooLong !== undefined) return { kind: 'refused', reason: tooLong };
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
      if (n === segments.length) return { kind: 'exists', what: kindOf(stat) };
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

function kindOf(stat: Stats): Extract<Found, { kind: 'exists' }>['what'] {
  return stat.isSymbolicLink() ? 'symlink' : stat.isDirectory() ? 'folder' : stat.isFile() ? 'file' : 'other';
}

function folderProblem(stat: Stats, relative: string): string | undefined {
  if (stat.isSymbolicLink()) return `the folder ${quoted(relative)} in the destination is a symbolic link`;
  return stat.isDirectory() ? undefined : `${quoted(relative)} in the destination is a file, not a folder`;
}

/** Creates the destination; a recursive mkdir says ENOENT for most failures, so the first missing folder tells why. */
export async function makeDestination(path: string): Promise<void> {
  if ((await mkdir(path, { recursive: true }).catch(() => null)) !== null) return;
  const fail = (reason: string): FetchError =>
    new FetchError(
      `path: the destination ${JSON.stringify(path)} cannot be used: ${reason}; nothing was downloaded`,
    );
  // The first existing path upward, and the folder below it that is missing.
  let [at, missing] = [path, path];
  let stat = await lstat(at).catch(() => undefined);
  while (stat === undefined && dirname(at) !== at) {
    [missing, at] = [at, dirname(at)];
    stat = await lstat(at).catch(() => undefined);
  }
  if (stat !== undefined && !stat.isDirectory() && (at === path || !stat.isSymbolicLink()))
    throw fail(`${JSON.stringify(at)} is a file, not a folder`);
  const code = await mkdir(missing).catch((error: NodeJS.ErrnoException) => error.code);
  const parent = JSON.stringify(dirname(missing));
  throw fail(
    code === 'EROFS'
      ? `its parent folder ${parent} is on a read-only file system`
      : code === 'EACCES' || code === 'EPERM'
        ? `there is no permission to create a folder in ${parent}`
        : code === 'ENOSPC' || code === 'EDQUOT'
          ? `the disk of ${parent} is full`
          : `the folder ${JSON.stringify(missing)} cannot be created (${code ?? 'unknown error'})`,
  );
}

export function aThing(what: string): string {
  return `a ${what === 'symlink' ? 'symbolic link' : what}`;
}
