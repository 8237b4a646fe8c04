// Part files a killed run left behind, removed before anything is written so they neither pile up nor travel into
// a later upload: only regular files named as download.ts names them, in folders the destination's checks passed.
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { plural } from '../common/format.ts';
import { PART_SUFFIX_BYTES } from './names.ts';
import { sample } from './paths.ts';

const PART_SUFFIX = new RegExp(`\\.[0-9a-f]{${PART_SUFFIX_BYTES - '..part'.length}}\\.part$`, 'u');

/** Removes the part files of the planned paths (segments below `root`), and says so. */
export async function removeStaleParts(
  root: string,
  planned: readonly (readonly string[])[],
  info: (line: string) => void,
): Promise<void> {
  const removed: string[] = [];
  for (const [folder, paths] of Map.groupBy(planned, (segments) => segments.slice(0, -1).join('/'))) {
    const names = new Set(paths.map((segments) => segments.at(-1)));
    const absolute = join(root, ...folder.split('/'));
    for (const entry of await readdir(absolute).catch(() => [])) {
      const suffix = PART_SUFFIX.exec(entry);
      // A planned file may itself have a name of this form: it is not a part file of another.
      if (suffix === null || names.has(entry) || !names.has(entry.slice(0, suffix.index))) continue;
      const path = join(absolute, entry);
      if ((await lstat(path).catch(() => undefined))?.isFile() !== true) continue;
      await rm(path, { force: true });
      removed.push(folder === '' ? entry : `${folder}/${entry}`);
    }
  }
  if (removed.length > 0)
    info(`Removed ${plural(removed.length, 'part file')} left by an earlier run: ${sample(removed)}`);
}
