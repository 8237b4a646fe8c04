// The member list of a tar (plain or gzip) or zip archive, read here before any extractor runs. tar and unzip are
// the extractors (through @actions/tool-cache); whether they keep a hostile member inside their folder depends on
// their version and flags (a symbolic link member followed by a file written through it, absolute names, `..`), so
// an archive is extracted only when every member is a plain file or folder with a contained name. Streamed: an
// archive of gigabytes is read once, in small pieces.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { foldedName, pathProblem } from '../../api/paths.ts';
import { zlib } from '../../api/zlib.ts';

export type ArchiveKind = 'tar' | 'tar.gz' | 'zip';

/** The archive kind of a file name, and the name without its extension (the folder it unpacks into). */
export function archiveOf(name: string): { kind: ArchiveKind; stem: string } | undefined {
  const lower = name.toLowerCase();
  for (const [ending, kind] of [
    ['.tar.gz', 'tar.gz'],
    ['.tgz', 'tar.gz'],
    ['.tar', 'tar'],
    ['.zip', 'zip'],
  ] as const) {
    if (lower.endsWith(ending) && name.length > ending.length)
      return { kind, stem: name.slice(0, -ending.length) };
  }
  return undefined;
}

export interface Member {
  name: string;
  type: 'file' | 'folder' | 'symlink' | 'hardlink' | 'other';
}

/** The archive cannot be read or holds a member that may not be extracted. */
export class UnsafeArchiveError extends Error {
  override name = 'UnsafeArchiveError';
}

/**
 * Reads every member and throws UnsafeArchiveError at the first that is not a contained plain file or folder;
 * returns how many are files, which the unpacked files on disk must then number.
 */
export async function checkArchive(file: string, kind: ArchiveKind): Promise<number> {
  const members = kind === 'zip' ? await zipMembers(file) : await tarMembers(file, kind === 'tar.gz');
  for (const member of members) {
    const problem = memberProblem(member);
    if (problem !== undefined) throw new UnsafeArchiveError(`member ${quoted(member.name)} ${problem}`);
  }
  foldedClash(members);
  return members.filter((m) => m.type === 'file').length;
}

/**
 * Two file members that one disk stores as one (`A.txt` and `a.txt`, `café` in NFC and NFD), or a file where another
 * member needs a folder: a case-insensitive disk would merge them while the extractor writes, so the archive stays
 * packed rather than lose a file without a word.
 */
function foldedClash(members: readonly Member[]): void {
  const files = new Map<string, string>();
  const folders = new Map<string, string>();
  for (const member of members) {
    const segments = member.name.split(/[/\\]/u).filter((s) => s !== '' && s !== '.');
    for (let n = 1; n < segments.length; n++) {
      const folder = segments.slice(0, n).join('/');
      folders.set(foldedName(folder), folder);
    }
    const path = segments.join('/');
    if (member.type !== 'file') continue;
    const other = files.get(foldedName(path));
    if (other !== undefined && other !== path)
      throw new UnsafeArchiveError(
        `members ${quoted(other)} and ${quoted(path)} differ only in case or Unicode normalisation, one file on NTFS, APFS or exFAT`,
      );
    files.set(foldedName(path), path);
  }
  for (const [key, path] of files) {
    const folder = folders.get(key);
    if (folder !== undefined)
      throw new UnsafeArchiveError(
        `member ${quoted(path)} is a file where other members need a folder ${quoted(folder)}`,
      );
  }
}

function memberProblem(member: Member): string | undefined {
  if (member.type !== 'file' && member.type !== 'folder')
    return `is a ${member.type}, not a plain file or folder`;
  const name = member.name;
  if (name === '') return 'has no name';
  // Extractors print member names at debug level; the runner would obey these anywhere in a line.
  if (name.includes('::') || name.includes('##[')) return 'looks like a workflow command';
  if (/^[/\\]/u.test(name) || /^[A-Za-z]:/u.test(name)) return 'is an absolute path';
  // The same rules as an artifact's path (`.git` in every form a disk reads as it, `..`, control characters);
  // empty and `.` segments are what extractors skip.
  return pathProblem(name.split(/[/\\]/u).filter((s) => s !== '' && s !== '.'));
}

function quoted(text: string): string {
  const q = JSON.stringify(text);
  return q.length > 120 ? `${q.slice(0, 118)}…"` : q;
}

// --- tar ---------------------------------------------------------------------------------------------------------

/** Reads exact byte counts from a stream. */
class Reader {
  readonly #chunks: AsyncIterator<Buffer>;
  #buffer: Buffer = Buffer.alloc(0);
  constructor(stream: Readable) {
    this.#chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }
  /** `n` bytes, or fewer at the end of the stream. */
  async read(n: number): Promise<Buffer> {
    while (this.#buffer.length < n) {
      const next = await this.#chunks.next();
      if (next.done === true) break;
      this.#buffer = this.#buffer.length === 0 ? next.value : Buffer.concat([this.#buffer, next.value]);
    }
    const out = this.#buffer.subarray(0, n);
    this.#buffer = this.#buffer.subarray(out.length);
    return out;
  }
  async skip(n: number): Promise<void> {
    let left = n;
    while (left > 0) {
      const got = await this.read(Math.min(left, 1024 * 1024));
      if (got.length === 0) throw new UnsafeArchiveError('the archive ends inside a member');
      left -= got.length;
    }
  }
  async close(): Promise<void> {
    await this.#chunks.return?.();
  }
}

/** Long names and pax records are metadata; a larger one is not a real archive's. */
const MAX_META_BYTES = 1024 * 1024;

async function tarMembers(file: string, gzip: boolean): Promise<Member[]> {
  const raw = createReadStream(file);
  const stream = gzip ? raw.pipe(zlib().createGunzip()) : raw;
  raw.on('error', (error) => stream.destroy(error));
  const reader = new Reader(stream);
  const members: Member[] = [];
  let longName: string | undefined;
  let paxPath: string | undefined;
  let paxSize: string | undefined;
  try {
    for (;;) {
      const header = await reader.read(512);
      if (header.length === 0) break;
      if (header.length < 512) throw new UnsafeArchiveError('the archive ends inside a header');
      if (header.every((b) => b === 0)) break;
      if (!checksumOk(header))
        throw new UnsafeArchiveError('a header has a wrong checksum (not a tar archive?)');
      const size = octal(header.subarray(124, 136));
      const padded = Math.ceil(size / 512) * 512;
      const type = String.fromCharCode(header[156] ?? 0);
      if (type === 'L' || type === 'x' || type === 'g') {
        if (size > MAX_META_BYTES) throw new UnsafeArchiveError('a long name or pax header is too large');
        const data = (await reader.read(padded)).subarray(0, size);
        if (type === 'L') longName = cString(data);
        else if (type === 'g') refuseGlobal(data);
        else {
          // GNU tar names a sparse file by `GNU.sparse.name` over `path`.
          paxPath = paxValue(data, 'GNU.sparse.name') ?? paxValue(data, 'path') ?? paxPath;
          paxSize = paxValue(data, 'size') ?? paxSize;
        }
        continue;
      }
      // GNU tar reads a member's data by the pax size: where it differs, the blocks this check skips as data are
      // headers to tar, of members nobody checked.
      if (paxSize !== undefined && paxSize !== String(size)) {
        throw new UnsafeArchiveError(
          `a pax header gives a member the size ${quoted(paxSize)} where its own header says ${size}: tar readers disagree on what follows`,
        );
      }
      const ustar = header.subarray(257, 262).toString('latin1') === 'ustar';
      const prefix = ustar ? cString(header.subarray(345, 500)) : '';
      const own = cString(header.subarray(0, 100));
      const name = paxPath ?? longName ?? (prefix === '' ? own : `${prefix}/${own}`);
      longName = undefined;
      paxPath = undefined;
      paxSize = undefined;
      members.push({ name: name.replace(/\/+$/u, ''), type: tarType(type) });
      await reader.skip(padded);
    }
  } catch (error) {
    if (error instanceof UnsafeArchiveError) throw error;
    throw new UnsafeArchiveError(`it cannot be read: ${(error as Error).message}`);
  } finally {
    await reader.close().catch(() => {});
    stream.destroy();
    raw.destroy();
  }
  return members;
}

function tarType(flag: string): Member['type'] {
  if (flag === '0' || flag === '\u0000' || flag === '7') return 'file';
  if (flag === '5') return 'folder';
  if (flag === '2') return 'symlink';
  if (flag === '1') return 'hardlink';
  return 'other';
}

function cString(bytes: Buffer): string {
  const end = bytes.indexOf(0);
  return bytes.subarray(0, end < 0 ? bytes.length : end).toString('utf8');
}

/** A numeric field: octal text, or base-256 when its first byte has the high bit set. */
function octal(field: Buffer): number {
  if (((field[0] ?? 0) & 0x80) !== 0) {
    let n = 0;
    for (let i = 1; i < field.length; i++) n = n * 256 + (field[i] ?? 0);
    return n;
  }
  const text = cString(field).trim();
  if (!/^[0-7]*$/u.test(text)) throw new UnsafeArchiveError('a header has a bad number');
  return text === '' ? 0 : Number.parseInt(text, 8);
}

function checksumOk(header: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] ?? 0);
  return octal(header.subarray(148, 156)) === sum;
}

/**
 * A pax global header applies to every member after it. GNU tar and Python's tarfile take its names and sizes,
 * npm's tar ignores them: an archive whose members' names or sizes depend on the reader is refused. Other global
 * records (`git archive` writes a `comment` with the commit) are harmless.
 */
function refuseGlobal(data: Buffer): void {
  for (const key of paxKeys(data)) {
    if (key === 'path' || key === 'linkpath' || key === 'size' || key.startsWith('GNU.sparse.')) {
      throw new UnsafeArchiveError(
        `a pax global header sets ${quoted(key)} for the members after it: tar readers disagree on their names`,
      );
    }
  }
}

/** Each pax record (`<length> <key>=<value>\n`) as key and value. */
function* paxRecords(data: Buffer): Generator<[string, string]> {
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space < 0) break;
    const length = Number.parseInt(data.subarray(at, space).toString('latin1'), 10);
    if (!Number.isSafeInteger(length) || length <= 0) break;
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0) yield [record.slice(0, eq), record.slice(eq + 1)];
    at += length;
  }
}

function paxKeys(data: Buffer): string[] {
  return [...paxRecords(data)].map(([key]) => key);
}

/** A pax record's value; the last one counts, as in tar. */
function paxValue(data: Buffer, key: string): string | undefined {
  let value: string | undefined;
  for (const [k, v] of paxRecords(data)) if (k === key) value = v;
  return value;
}

// --- zip ---------------------------------------------------------------------------------------------------------

/** The central directory, which is what unzip reads names and attributes from. */
async function zipMembers(file: string): Promise<Member[]> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const tailSize = Math.min(size, 22 + 0xffff + 20);
    const tail = Buffer.alloc(tailSize);
    await handle.read(tail, 0, tailSize, size - tailSize);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0) throw new UnsafeArchiveError('it has no end of central directory (not a zip archive?)');
    let count = tail.readUInt16LE(eocd + 10);
    let cdSize = tail.readUInt32LE(eocd + 12);
    let cdOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
      const locator = eocd - 20;
      if (locator < 0 || tail.readUInt32LE(locator) !== 0x07064b50)
        throw new UnsafeArchiveError('its zip64 directory cannot be found');
      const record = Buffer.alloc(56);
      await handle.read(record, 0, 56, Number(tail.readBigUInt64LE(locator + 8)));
      if (record.readUInt32LE(0) !== 0x06064b50)
        throw new UnsafeArchiveError('its zip64 directory is broken');
      count = Number(record.readBigUInt64LE(32));
      cdSize = Number(record.readBigUInt64LE(40));
      cdOffset = Number(record.readBigUInt64LE(48));
    }
    if (cdOffset + cdSize > size || cdSize > 256 * 1024 * 1024)
      throw new UnsafeArchiveError('its central directory does not fit the file');
    const cd = Buffer.alloc(cdSize);
    await handle.read(cd, 0, cdSize, cdOffset);
    const members: Member[] = [];
    let at = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > cd.length || cd.readUInt32LE(at) !== 0x02014b50)
        throw new UnsafeArchiveError('its central directory is broken');
      const madeBy = cd.readUInt16LE(at + 4) >> 8;
      const nameLength = cd.readUInt16LE(at + 28);
      const extraLength = cd.readUInt16LE(at + 30);
      const commentLength = cd.readUInt16LE(at + 32);
      const external = cd.readUInt32LE(at + 38);
      const rawName = cd.subarray(at + 46, at + 46 + nameLength).toString('utf8');
      // Unix (3) and macOS (19) keep the file type in the high half of the external attributes.
      const mode = madeBy === 3 || madeBy === 19 ? (external >>> 16) & 0o170000 : 0;
      const folder = rawName.endsWith('/') || rawName.endsWith('\\') || mode === 0o040000;
      const type: Member['type'] =
        mode === 0o120000
          ? 'symlink'
          : folder
            ? 'folder'
            : mode === 0 || mode === 0o100000
              ? 'file'
              : 'other';
      members.push({ name: rawName.replace(/[/\\]+$/u, ''), type });
      at += 46 + nameLength + extraLength + commentLength;
    }
    return members;
  } finally {
    await handle.close();
  }
}
