// Unpacks one downloaded archive beside itself, in the process: every member is checked before any is written to a
// part file, and the part files are renamed into place only once all are written, so that an archive that fails or
// is cancelled leaves nothing behind; no link is made, no owner kept, and no mode but 0755 or 0644.
import { open, rm, statfs } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { formatBytes, plural, quoted, sayFirst } from '../common/format.ts';
import { foldedName, partFileName, pathProblem } from './names.ts';
import { renameFile } from './rename.ts';
import { asUserFacing, diskFullReason, FetchError } from './file-errors.ts';
import { aThing, RefusedPathError, type Destination, type InspectCache } from './destination.ts';
import type { ArchiveKind } from './archive.ts';
import { readArchive, UnsafeArchiveError, type Member } from './reader.ts';
import { removeStaleParts } from './stale-parts.ts';

/** What unpacking needs of the step; `warning` makes the line safe for the log. */
export interface UnpackStep {
  signal: AbortSignal;
  info(line: string): void;
  warning(line: string): void;
  onCleanup(fn: () => unknown): void;
}

/** A file placed below the destination: `shown` is its path there, `/`-separated. */
export interface Placed {
  file: string;
  shown: string;
  bytes: number;
}

/** A downloaded archive, and the folder it unpacks into (segments below the destination). */
export interface Unpacking {
  file: string;
  /** The artifact's path, naming the archive in messages. */
  source: string;
  kind: ArchiveKind;
  target: readonly string[];
}

/** Returns the files placed; an unsafe archive stays packed, with a warning. No member replaces one of `placed`. */
export async function unpack(
  step: UnpackStep,
  { file: archive, source, kind, target }: Unpacking,
  destination: Destination,
  options: { overwrite: boolean; extractMaxBytes: number },
  placed: ReadonlySet<string>,
): Promise<Placed[]> {
  const { signal } = step;
  const name = quoted(source);
  step.info(`Unpacking ${name} into ${target.join('/')}`);
  const parts = new Map<number, { part: string; dest: string; bytes: number }>();
  const files: Placed[] = [];
  const removeParts = async (): Promise<void> => {
    const left = [...parts.values()];
    parts.clear();
    await Promise.all(left.map(({ part }) => rm(part, { force: true })));
  };
  step.onCleanup(removeParts);
  try {
    const members: Member[] = [];
    await readArchive(archive, kind, signal, (member) => void members.push(member));
    checkMembers(members);
    const refused: { what: string; reason: string }[] = [];
    const finals: (string[] | undefined)[] = [];
    const cache: InspectCache = new Map();
    let declared = 0;
    for (const [index, member] of members.entries()) {
      if (member.type !== 'file') continue;
      signal.throwIfAborted();
      const own = memberSegments(member);
      const segments = [...target, ...own];
      const found = await destination.inspect(segments, cache);
      const what = own.join('/');
      if (found.kind === 'refused') refused.push({ what, reason: found.reason });
      else if (
        found.kind === 'exists' &&
        (found.what !== 'file' || !options.overwrite || placed.has(join(destination.root, ...segments)))
      )
        refused.push({ what, reason: `${aThing(found.what)} is already at its path` });
      else {
        finals[index] = segments;
        declared += member.size;
      }
    }
    const disk = await statfs(dirname(archive)).catch(() => undefined);
    const free = disk && disk.bavail * disk.bsize;
    const limit = `extract-max-mib (${formatBytes(options.extractMaxBytes)})`;
    const tooMuch = (than: string, hint = ''): FetchError =>
      new FetchError(
        `archive ${name} declares ${formatBytes(declared)} of files, more than ${than}; it is kept packed and ` +
          `nothing of it was unpacked${hint}`,
      );
    if (free !== undefined && declared > free)
      throw tooMuch(`the ${formatBytes(free)} free on the destination's file system`);
    if (declared > options.extractMaxBytes)
      throw tooMuch(limit, '. Raise extract-max-mib if that is expected');
    await removeStaleParts(
      destination.root,
      finals.filter((f) => f !== undefined),
      step.info,
    );
    let written = 0;
    await readArchive(archive, kind, signal, (member, index) => {
      const segments = finals[index];
      if (member.type !== 'file' || segments === undefined) return undefined;
      return async (data) => {
        const dest = await destination.prepare(segments);
        const entry = { part: partFileName(dest), dest, bytes: 0 };
        parts.set(index, entry);
        // 'wx': a part file is always new, never a file (or link) someone put there.
        const handle = await open(entry.part, 'wx', member.executable ? 0o755 : 0o644);
        try {
          for await (const chunk of data) {
            signal.throwIfAborted();
            written += chunk.length;
            entry.bytes += chunk.length;
            if (written > options.extractMaxBytes)
              throw new FetchError(
                `archive ${name} unpacks to more than ${limit} (passed at member ` +
                  `${quoted(memberSegments(member).join('/'))}); it is kept packed and nothing of it was ` +
                  'kept. Raise extract-max-mib if that is expected',
              );
            await handle.write(chunk);
          }
        } catch (error) {
          // A full disk names the archive that filled it, not whichever file came next.
          const full = diskFullReason(error);
          if (full === undefined) throw error;
          throw new FetchError(
            `the disk filled up while unpacking archive ${name} (at member ${quoted(member.name)}, ` +
              `after ${formatBytes(written)}): ${full}; nothing of it was kept`,
          );
        } finally {
          await handle.close();
        }
      };
    });
    for (const [index, { part, dest, bytes }] of [...parts.entries()].sort(([a], [b]) => a - b)) {
      signal.throwIfAborted();
      await renameFile(part, dest);
      parts.delete(index);
      files.push({ file: dest, bytes, shown: (finals[index] ?? []).join('/') });
    }
    sayFirst(
      step.warning,
      refused,
      ({ what, reason }) => `Left out ${quoted(what)} of archive ${name}: ${reason}`,
      (n) => `Left out ${n} more members of archive ${name}`,
    );
    step.info(`Unpacked ${plural(files.length, 'file')} of ${name} into ${target.join('/')}`);
    return files;
  } catch (error) {
    // Nothing of a failed archive stays: its part files, the files already renamed, the folders made for them.
    await removeParts();
    await Promise.all(files.map(({ file }) => rm(file, { force: true })));
    await destination.removeEmptyFolders();
    if (!(error instanceof UnsafeArchiveError || error instanceof RefusedPathError))
      throw asUserFacing(source, error);
    step.warning(`Did not unpack archive ${name}: ${error.message}; it is kept as it is`);
    return [];
  }
}

function memberSegments(member: Member): string[] {
  return member.name.split(/[/\\]/u).filter((s) => s !== '' && s !== '.');
}

/** Refuses the archive at a member that is not a plain file or folder, breaks the path rules, or merges with another. */
export function checkMembers(members: readonly Member[]): void {
  const files = new Map<string, string>();
  const folders = new Map<string, string>();
  for (const member of members) {
    const problem = memberProblem(member);
    if (problem !== undefined) throw new UnsafeArchiveError(`member ${quoted(member.name)} ${problem}`);
    const segments = memberSegments(member);
    const keys = segments.map((_, n) => foldedName(segments.slice(0, n + 1).join('/')));
    const own = keys.at(-1) ?? '';
    for (const key of member.type === 'folder' ? keys : keys.slice(0, -1)) {
      const file = files.get(key);
      if (file !== undefined) throw clash(file, member.name);
      if (!folders.has(key)) folders.set(key, member.name);
    }
    if (member.type !== 'file') continue;
    const other = files.get(own) ?? folders.get(own);
    if (other !== undefined) throw clash(other, member.name);
    files.set(own, member.name);
  }
}

function clash(first: string, second: string): UnsafeArchiveError {
  return new UnsafeArchiveError(
    first === second
      ? `member ${quoted(first)} is in it twice, and one would replace the other`
      : `members ${quoted(first)} and ${quoted(second)} would be one file or folder on a disk that ignores ` +
          'case or Unicode form (Windows, macOS), and one would replace the other',
  );
}

function memberProblem(member: Member): string | undefined {
  if (member.type !== 'file' && member.type !== 'folder')
    return `is a ${member.type}, not a plain file or folder`;
  const name = member.name;
  // Names are printed in warnings; the runner would obey these anywhere in a line.
  if (name.includes('::') || name.includes('##[')) return 'looks like a workflow command';
  if (/^[/\\]|^[A-Za-z]:(?:[/\\]|$)/u.test(name)) return 'is an absolute path';
  const segments = memberSegments(member);
  if (segments.length === 0) return 'has no name';
  return pathProblem(segments);
}
