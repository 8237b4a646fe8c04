// Unpacks one downloaded archive into a folder beside it. The member list is checked first (archive.ts); the
// extractor then runs in a private folder beside the archive, on a hard link to it under a fixed name (the command
// line the extractor's runner prints then holds no server text), and only regular files and folders are moved from
// there into place, through the same checks as downloaded files: nothing lands outside the destination, under a
// `.git` folder, through a symbolic link, or over a file the step did not make unless `overwrite` allows it.
import { randomUUID } from 'node:crypto';
import { copyFile, link, lstat, mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { extractTar, extractZip } from '@actions/tool-cache';
import type { Destination } from '../../api/paths.ts';
import { renameFile } from '../../api/rename.ts';
import { checkArchive, UnsafeArchiveError, type ArchiveKind } from './archive.ts';

export interface Extracted {
  /** Absolute paths of the files placed. */
  files: { file: string; bytes: number }[];
  /** Members left out, with the reason. */
  refused: { what: string; reason: string }[];
  /** File members the archive lists: what `files` and `refused` together must number. */
  members?: number;
}

export interface ExtractRequest {
  archive: string;
  kind: ArchiveKind;
  /** Segments below the destination of the folder to unpack into. */
  target: readonly string[];
  destination: Destination;
  /** Files that existed at a final path before the step may be replaced. */
  overwrite: boolean;
  /** Files this step placed: never replaced by an extracted member. */
  placed: ReadonlySet<string>;
  /** Registers a folder to remove whatever ends the run. */
  onCleanup: (fn: () => unknown) => void;
}

export { UnsafeArchiveError };

export async function extractArchive(request: ExtractRequest): Promise<Extracted> {
  const members = await checkArchive(request.archive, request.kind);
  const work = join(dirname(request.archive), `.extract-${randomUUID().slice(0, 12)}`);
  const remove = (): Promise<void> => rm(work, { recursive: true, force: true });
  request.onCleanup(remove);
  try {
    await mkdir(work);
    const ending = request.kind === 'zip' ? 'zip' : request.kind === 'tar' ? 'tar' : 'tar.gz';
    const copy = join(work, `archive.${ending}`);
    // A hard link costs nothing; a file system without them gets a copy.
    await link(request.archive, copy).catch(() => copyFile(request.archive, copy));
    const out = join(work, 'out');
    await mkdir(out);
    if (request.kind === 'zip') await extractZip(copy, out);
    else await extractTar(copy, out, request.kind === 'tar' ? 'x' : 'xz');
    return { ...(await place(out, request)), members };
  } finally {
    await remove();
  }
}

/** Moves the regular files below `out` into the target folder, each through the destination's checks. */
async function place(out: string, request: ExtractRequest): Promise<Extracted> {
  const result: Extracted = { files: [], refused: [] };
  const walk = async (folder: string): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const full = join(folder, entry.name);
      const member = relative(out, full).split(sep);
      const shown = member.join('/');
      const stat = await lstat(full);
      if (stat.isDirectory()) {
        await walk(full);
        continue;
      }
      if (!stat.isFile()) {
        result.refused.push({ what: shown, reason: 'it is not a regular file' });
        continue;
      }
      const segments = [...request.target, ...member];
      const found = await request.destination.inspect(segments);
      if (found.kind === 'refused') {
        result.refused.push({ what: shown, reason: found.reason });
        continue;
      }
      if (found.kind === 'exists') {
        const dest = join(request.destination.root, ...segments);
        if (found.what !== 'file' || !request.overwrite || request.placed.has(dest)) {
          result.refused.push({
            what: shown,
            reason: `a ${found.what === 'symlink' ? 'symbolic link' : found.what} is already at its path`,
          });
          continue;
        }
      }
      const dest = await request.destination.prepare(segments);
      await renameFile(full, dest);
      result.files.push({ file: dest, bytes: stat.size });
    }
  };
  await walk(out);
  return result;
}
