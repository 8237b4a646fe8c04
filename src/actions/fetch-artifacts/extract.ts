// Unpacks one downloaded archive into a folder beside it, in the process (archive.ts reads it). The order: read
// every member, check them all, look at each final path, check the declared total against the limit and the free
// space, then read the archive again and stream each approved member to a part file beside its final path, counting
// the bytes as they are written. Only once every member is written are the part files renamed into place, so an
// archive that passes a limit, fails or is cancelled leaves nothing behind. Nothing lands outside the destination,
// under a `.git` folder, through a symbolic link, or over a file the step did not make unless `overwrite` allows it;
// no link is made, no owner kept, and a file's mode is 0755 or 0644 (less the umask): never setuid, setgid, sticky
// or world-writable.
import { randomBytes } from 'node:crypto';
import { open, rm, statfs } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { formatBytes, quoted } from '../../api/format.ts';
import { PART_SUFFIX_BYTES } from '../../api/paths.ts';
import { UserFacingError } from '../../api/errors.ts';
import { MAX_FILE_NAME_BYTES, MAX_PATH_BYTES, type Destination, type InspectCache } from '../../api/paths.ts';
import { checkMembers, memberSegments, UnsafeArchiveError, type ArchiveKind } from './archive.ts';
import { listMembers, readArchive } from './reader.ts';
import { removeStaleParts } from './stale-parts.ts';
import { renameFile } from '../../api/rename.ts';

export interface Extracted {
  /** Absolute paths of the files placed. */
  files: { file: string; bytes: number }[];
  /** Members left out, with the reason. */
  refused: { what: string; reason: string }[];
  /** Part files an earlier run left at the members' paths, removed before writing. */
  staleParts: string[];
}

export interface ExtractRequest {
  archive: string;
  kind: ArchiveKind;
  /** The artifact's path, naming the archive in messages. */
  name: string;
  /** Segments below the destination of the folder to unpack into. */
  target: readonly string[];
  destination: Destination;
  /** Files that existed at a final path before the step may be replaced. */
  overwrite: boolean;
  /** Files this step placed: never replaced by an extracted member. */
  placed: ReadonlySet<string>;
  /** The most the archive may unpack to, counted as written. */
  maxBytes: number;
  /** The step's cancellation: reaches the reading, the decompression and the writing. */
  signal: AbortSignal;
  /** Registers work to run whatever ends the run. */
  onCleanup: (fn: () => unknown) => void;
}

/** The archive would pass `extract-max-mib` or the free space of the file system: it is left packed. */
export class ExtractLimitError extends UserFacingError {
  override name = 'ExtractLimitError';
}

export { UnsafeArchiveError };

export async function extractArchive(request: ExtractRequest): Promise<Extracted> {
  const { destination, signal } = request;
  const members = await listMembers(request.archive, request.kind, signal);
  checkMembers(members);

  const result: Extracted = { files: [], refused: [], staleParts: [] };
  const finals: (string[] | undefined)[] = [];
  const cache: InspectCache = new Map();
  let declared = 0;
  for (const [index, member] of members.entries()) {
    if (member.type !== 'file') continue;
    signal.throwIfAborted();
    const shown = memberSegments(member).join('/');
    const segments = [...request.target, ...memberSegments(member)];
    const reason = await finalPathProblem(request, segments, cache);
    if (reason !== undefined) {
      result.refused.push({ what: shown, reason });
      continue;
    }
    finals[index] = segments;
    declared += member.size;
  }
  const free = await freeBytes(dirname(request.archive));
  if (free !== undefined && declared > free) {
    throw new ExtractLimitError(
      `archive ${quoted(request.name)} declares ${formatBytes(declared)} of files, more than the ` +
        `${formatBytes(free)} free on the destination's file system; it is kept packed and nothing of it was unpacked`,
    );
  }

  const limit = `extract-max-mib (${formatBytes(request.maxBytes)})`;
  if (declared > request.maxBytes) {
    throw new ExtractLimitError(
      `archive ${quoted(request.name)} declares ${formatBytes(declared)} of files, more than ${limit}; ` +
        'it is kept packed and nothing of it was unpacked. Raise extract-max-mib if that is expected',
    );
  }
  result.staleParts = await removeStaleParts(
    destination.root,
    finals.filter((f): f is string[] => f !== undefined),
  );
  const parts = new Map<number, { part: string; dest: string; bytes: number }>();
  const removeParts = async (): Promise<void> => {
    const left = [...parts.values()];
    parts.clear();
    await Promise.all(left.map(({ part }) => rm(part, { force: true })));
  };
  request.onCleanup(removeParts);
  let written = 0;
  try {
    await readArchive(request.archive, request.kind, signal, {
      wanted: (member, index) => member.type === 'file' && finals[index] !== undefined,
      write: async (member, index, data) => {
        const dest = await destination.prepare(finals[index] ?? []);
        const part = `${dest}.${randomBytes(6).toString('hex')}.part`;
        const entry = { part, dest, bytes: 0 };
        parts.set(index, entry);
        // 'wx': a part file is always new, never a file (or link) someone put there.
        const handle = await open(part, 'wx', member.executable ? 0o755 : 0o644);
        try {
          for await (const chunk of data) {
            signal.throwIfAborted();
            written += chunk.length;
            entry.bytes += chunk.length;
            if (written > request.maxBytes) {
              throw new ExtractLimitError(
                `archive ${quoted(request.name)} unpacks to more than ${limit} (passed at member ` +
                  `${quoted(memberSegments(member).join('/'))}); it is kept packed and nothing of it was ` +
                  'kept. Raise extract-max-mib if that is expected',
              );
            }
            await handle.write(chunk);
          }
        } catch (error) {
          throw diskFull(error, request.name, member.name, written);
        } finally {
          await handle.close();
        }
      },
    });
    const placed = [...parts.entries()].sort(([a], [b]) => a - b);
    for (const [index, { part, dest, bytes }] of placed) {
      signal.throwIfAborted();
      await renameFile(part, dest);
      parts.delete(index);
      result.files.push({ file: dest, bytes });
    }
    return result;
  } catch (error) {
    // Nothing of a failed archive stays: its part files, the files already renamed, the folders made for them.
    await removeParts();
    await Promise.all(result.files.map(({ file }) => rm(file, { force: true })));
    result.files = [];
    await destination.removeEmptyFolders();
    throw error;
  }
}

/** Why a member's final path cannot be written, or undefined when it may be. */
async function finalPathProblem(
  request: ExtractRequest,
  segments: readonly string[],
  cache: InspectCache,
): Promise<string | undefined> {
  const name = segments.at(-1) ?? '';
  if (Buffer.byteLength(name) > MAX_FILE_NAME_BYTES)
    return `its file name is longer than ${MAX_FILE_NAME_BYTES} bytes`;
  if (segments.some((s) => Buffer.byteLength(s) > 255)) return 'a segment is longer than 255 bytes';
  if (Buffer.byteLength(join(request.destination.root, ...segments)) + PART_SUFFIX_BYTES > MAX_PATH_BYTES)
    return `its path in the destination would be longer than ${MAX_PATH_BYTES - PART_SUFFIX_BYTES} bytes`;
  const found = await request.destination.inspect(segments, cache);
  if (found.kind === 'refused') return found.reason;
  if (found.kind === 'exists') {
    const dest = join(request.destination.root, ...segments);
    if (found.what !== 'file' || !request.overwrite || request.placed.has(dest))
      return `a ${found.what === 'symlink' ? 'symbolic link' : found.what} is already at its path`;
  }
  return undefined;
}

/** The free space of the file system holding `folder`, for an unprivileged user; undefined where unknown. */
async function freeBytes(folder: string): Promise<number | undefined> {
  try {
    const stats = await statfs(folder);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

/** A full disk while unpacking names the archive that filled it, not whichever file came next. */
function diskFull(error: unknown, archive: string, member: string, written: number): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return error;
  return new ExtractLimitError(
    `the disk filled up while unpacking archive ${quoted(archive)} (at member ${quoted(member)}, ` +
      `after ${formatBytes(written)}): ${code === 'EDQUOT' ? 'the disk quota is used up' : 'no space left on the device'}; nothing of it was kept`,
  );
}
