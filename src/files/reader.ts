// Reads tar (plain or gzip) and zip archives with npm's `tar` and `yauzl`, in the process: the same reader lists the
// members for the check and hands the approved ones to the writer, so what is checked is what is written.
import { on } from 'node:events';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { Parser, type ReadEntry } from 'tar';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { asError, UserFacingError } from '../common/errors.ts';
import { quoted } from '../common/format.ts';
import type { ArchiveKind } from './archive.ts';

/** Called for each member in archive order; what it returns, if anything, consumes the member's bytes. */
type Visit = (member: Member, index: number) => ((data: AsyncIterable<Buffer>) => Promise<void>) | undefined;

export interface Member {
  name: string;
  type: 'file' | 'folder' | 'symlink' | 'hardlink' | 'device' | 'other';
  /** The size the archive declares: trusted for nothing but refusing early. */
  size: number;
  /** Any execute bit in the member's mode: the file is written 0755, else 0644 (less the umask). */
  executable: boolean;
}

export class UnsafeArchiveError extends Error {
  override name = 'UnsafeArchiveError';
}

/** Reads the whole archive once, in order; a member comes once the last one is consumed. */
export function readArchive(
  file: string,
  kind: ArchiveKind,
  signal: AbortSignal,
  visit: Visit,
): Promise<void> {
  return kind === 'zip' ? readZip(file, signal, visit) : readTar(file, signal, visit);
}

const YAUZL_PROBLEMS: Record<string, string> = {
  'absolute path': 'is an absolute path',
  'invalid relative path': "climbs out of its folder with '..'",
  'invalid characters in fileName': 'has characters a zip name may not hold',
};
const YAUZL_REFUSALS = new RegExp(`^(${Object.keys(YAUZL_PROBLEMS).join('|')}): (.*)$`, 'su');

/** A reader's failure as the reason an archive is left packed. */
function unreadable(error: unknown, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason as unknown;
  if (error instanceof UnsafeArchiveError || error instanceof UserFacingError || !(error instanceof Error))
    return error;
  // A write error of the visit (no space, no permission) is not the archive's fault.
  if (typeof (error as NodeJS.ErrnoException).syscall === 'string') return error;
  // yauzl's own refusals of a name, said as the other members' are.
  const name = YAUZL_REFUSALS.exec(error.message);
  const problem = YAUZL_PROBLEMS[name?.[1] ?? ''];
  if (problem !== undefined) return new UnsafeArchiveError(`member ${quoted(name?.[2] ?? '')} ${problem}`);
  return new UnsafeArchiveError(`it cannot be read: ${error.message}`);
}

/** A pax record that gives a member its name or its size, which tar readers apply differently. */
const DISPUTED_PAX = /(?:^|\n)\d+ (?:GNU\.sparse\.[^=]*|SCHILY\.realsize)=/u;

/** npm's tar's entry types as members: anything else is refused as some other kind. */
const TAR_TYPES: Record<string, Member['type']> = {
  File: 'file',
  OldFile: 'file',
  ContiguousFile: 'file',
  Directory: 'folder',
  SymbolicLink: 'symlink',
  Link: 'hardlink',
  CharacterDevice: 'device',
  BlockDevice: 'device',
  FIFO: 'device',
};

function tarMember(entry: ReadEntry): Member {
  // GNU tar applies a pax global path, npm's tar does not, and a pax size moves the next header: an archive whose
  // members depend on the reader is refused, whoever reads it later.
  const global = entry.globalExtended;
  for (const key of ['path', 'linkpath', 'size'] as const) {
    if (global?.[key] !== undefined && global[key] !== null)
      throw new UnsafeArchiveError(
        `a pax global header sets ${quoted(key)} for the members after it: tar readers disagree on their names`,
      );
  }
  if (entry.extended?.size !== undefined && entry.extended.size !== null)
    throw new UnsafeArchiveError(
      `a pax header gives member ${quoted(entry.path)} the size ${quoted(String(entry.extended.size))} over its ` +
        'own header: tar readers disagree on what follows',
    );
  return {
    name: entry.path.replace(/\/+$/u, ''),
    type: TAR_TYPES[entry.type] ?? 'other',
    size: entry.size,
    executable: ((entry.mode ?? 0) & 0o111) !== 0,
  };
}

async function readTar(file: string, signal: AbortSignal, visit: Visit): Promise<void> {
  const raw = createReadStream(file, { signal });
  // strict: a bad checksum or a truncated member is an error. No ratio of unpacked to packed size (zeros compress
  // 1000 times): extract-max-mib bounds what is written instead.
  const parser = new Parser({ strict: true, maxDecompressionRatio: Number.POSITIVE_INFINITY });
  let failure: unknown;
  let index = 0;
  const pending: Promise<void>[] = [];
  const stop = (error: unknown): void => {
    failure ??= error;
    raw.destroy();
    parser.abort(asError(error));
  };
  const done = new Promise<void>((resolve) => {
    const fail = (error: unknown): void => {
      stop(error);
      resolve();
    };
    parser.on('close', resolve).on('error', fail);
    raw.on('error', fail);
  });
  parser.on('meta', (text: string) => {
    if (DISPUTED_PAX.test(text))
      stop(new UnsafeArchiveError('it holds a sparse file (GNU sparse pax records), which is not unpacked'));
  });
  parser.on('ignoredEntry', (entry: ReadEntry) => {
    stop(
      new UnsafeArchiveError(
        entry.type === 'SparseFile'
          ? `member ${quoted(entry.path)} is a sparse file, which is not unpacked`
          : `member ${quoted(entry.path)} is a tar entry of type ${quoted(entry.type)}, not a plain file or folder`,
      ),
    );
  });
  parser.on('entry', (entry: ReadEntry) => {
    const fail = (error: unknown): void => {
      entry.resume();
      stop(error);
    };
    try {
      const member = failure === undefined ? tarMember(entry) : undefined;
      const write = member === undefined ? undefined : visit(member, index++);
      if (write === undefined) entry.resume();
      else pending.push(write(entry as unknown as AsyncIterable<Buffer>).catch(fail));
    } catch (error) {
      fail(error);
    }
  });
  raw.pipe(parser);
  // Neither wait throws: every failure is kept in `failure`.
  await done;
  await Promise.all(pending);
  raw.destroy();
  if (failure !== undefined) throw unreadable(failure, signal);
}

/** The file types of a Unix mode (S_IFMT) as members; none at all is a file, as DOS hosts write it. */
const ZIP_TYPES: Record<number, Member['type']> = {
  0: 'file',
  0o100000: 'file',
  0o040000: 'folder',
  0o120000: 'symlink',
  0o020000: 'device',
  0o060000: 'device',
  0o010000: 'device',
};

function zipMember(entry: Entry): Member {
  const name = entry.fileName;
  // The mode in the attributes' high half, read whatever the host, as unzip does for most: a link is a link.
  const mode = (entry.externalFileAttributes >>> 16) & 0xffff;
  const format = ZIP_TYPES[mode & 0o170000] ?? 'other';
  const type = format !== 'symlink' && name.endsWith('/') ? 'folder' : format;
  if (type === 'file' && entry.isEncrypted())
    throw new UnsafeArchiveError(`member ${quoted(name)} is encrypted`);
  if (type === 'file' && entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
    throw new UnsafeArchiveError(
      `member ${quoted(name)} uses compression method ${entry.compressionMethod} (only stored and deflate are read)`,
    );
  return {
    name: name.replace(/\/+$/u, ''),
    type,
    size: entry.uncompressedSize,
    executable: (mode & 0o111) !== 0,
  };
}

const openZip = promisify<string, yauzl.Options, ZipFile>(yauzl.open);

async function readZip(file: string, signal: AbortSignal, visit: Visit): Promise<void> {
  let zip: ZipFile | undefined;
  let current: Readable | undefined;
  try {
    // decodeStrings: yauzl decodes and checks names (no absolute path, no `..`), Info-ZIP Unicode paths included.
    zip = await openZip(file, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: true,
      validateEntrySizes: true,
    });
    const openEntry = promisify<Entry, Readable>(zip.openReadStream.bind(zip));
    const entries = on(zip, 'entry', { close: ['end'], signal }) as AsyncIterableIterator<[Entry]>;
    let index = 0;
    zip.readEntry();
    for await (const [entry] of entries) {
      const member = zipMember(entry);
      const write = visit(member, index++);
      if (write !== undefined && member.type === 'file') {
        current = await openEntry(entry);
        await write(current);
      }
      zip.readEntry();
    }
  } catch (error) {
    throw unreadable(error, signal);
  } finally {
    current?.destroy();
    // A read for the next entry may still fail after a cancel: no news then.
    zip?.on('error', () => undefined).close();
  }
}
