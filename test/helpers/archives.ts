// Archives built byte by byte, as a compromised build would make them: tar (ustar, pax and GNU long-name headers,
// any mode and owner) and zip (stored or deflated, any host system, local names apart from the directory's, zip64
// sizes, a comment).
import { crc32, deflateRawSync } from 'node:zlib';

export interface Entry {
  name: string;
  data?: string | Buffer;
  /** `pax` and `pax-global` are pax extended and global headers (`x`, `g`), `long-name` a GNU long name (`L`). */
  type?: 'file' | 'folder' | 'symlink' | 'hardlink' | 'pax' | 'pax-global' | 'long-name';
  /** For links. */
  target?: string;
  /** The size its header declares, where it is not the data's. */
  size?: number;
  /** The mode its header gives (0644 for files, 0755 for folders otherwise). */
  mode?: number;
  /** The owner its header gives (0 otherwise). */
  uid?: number;
  gid?: number;
}

/** The data of a pax header: `<length> <key>=<value>\n` records, the length counting itself. */
export function pax(records: Record<string, string>): Buffer {
  return Buffer.concat(
    Object.entries(records).map(([key, value]) => {
      const body = ` ${key}=${value}\n`;
      let length = Buffer.byteLength(body) + 1;
      while (String(length).length + Buffer.byteLength(body) !== length) length++;
      return Buffer.from(`${length}${body}`);
    }),
  );
}

/** One tar header block (ustar); `size` is what it declares. */
export function tarHeader(entry: Entry, size: number): Buffer {
  const header = Buffer.alloc(512);
  const field = (offset: number, length: number, text: string): void => {
    header.write(text, offset, length, 'utf8');
  };
  const octal = (offset: number, length: number, n: number): void =>
    field(offset, length, `${n.toString(8).padStart(length - 1, '0')}\0`);
  field(0, 100, entry.name);
  octal(100, 8, entry.mode ?? (entry.type === 'folder' ? 0o755 : 0o644));
  octal(108, 8, entry.uid ?? 0);
  octal(116, 8, entry.gid ?? 0);
  const flag = {
    file: '0',
    folder: '5',
    symlink: '2',
    hardlink: '1',
    pax: 'x',
    'pax-global': 'g',
    'long-name': 'L',
  }[entry.type ?? 'file'];
  octal(124, 12, size);
  octal(136, 12, 1_700_000_000);
  field(156, 1, flag);
  field(157, 100, entry.target ?? '');
  field(257, 6, 'ustar\0');
  field(263, 2, '00');
  header.fill(0x20, 148, 156);
  let sum = 0;
  for (const b of header) sum += b;
  field(148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return header;
}

/** Tar's headers and data blocks, without the closing blocks. */
export function tarBlocks(entries: Entry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const data = Buffer.from(entry.data ?? '');
    const withData = !['folder', 'symlink', 'hardlink'].includes(entry.type ?? 'file');
    blocks.push(tarHeader(entry, entry.size ?? (withData ? data.length : 0)));
    if (withData) {
      blocks.push(data, Buffer.alloc((512 - (data.length % 512)) % 512));
    }
  }
  return Buffer.concat(blocks);
}

/** A ustar archive; names up to 100 bytes (longer ones through pax or GNU long-name headers). */
export function tar(entries: Entry[]): Buffer {
  return Buffer.concat([tarBlocks(entries), Buffer.alloc(1024)]);
}

export interface ZipEntry extends Entry {
  /** The host system of the "version made by" field (3, Unix, otherwise). */
  madeBy?: number;
  /** The name in the local header, where it differs from the central directory's. */
  localName?: string;
  /** Deflate the data (stored otherwise). */
  deflate?: boolean;
  /** The uncompressed size the central directory declares, written as zip64 when it needs 8 bytes. */
  declaredSize?: number;
}

/** A zip archive, stored or deflated, with the file type in the external attributes; `comment` ends it. */
export function zip(entries: ZipEntry[], comment = ''): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const localName = Buffer.from(entry.localName ?? entry.name);
    const raw = Buffer.from(entry.type === 'symlink' ? (entry.target ?? '') : (entry.data ?? ''));
    const data = entry.deflate === true ? deflateRawSync(raw) : raw;
    const method = entry.deflate === true ? 8 : 0;
    const crc = crc32(raw);
    const declared = entry.declaredSize ?? raw.length;
    const zip64 = declared > 0xfffffffe;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(zip64 ? 45 : 20, 4);
    // Bit 11: the names are UTF-8.
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(Math.min(raw.length, 0xffffffff), 22);
    local.writeUInt16LE(localName.length, 26);
    const mode =
      entry.mode ?? (entry.type === 'symlink' ? 0o120777 : entry.type === 'folder' ? 0o040755 : 0o100644);
    const extra = zip64 ? Buffer.alloc(20) : Buffer.alloc(0);
    if (zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(16, 2);
      extra.writeBigUInt64LE(BigInt(declared), 4);
      extra.writeBigUInt64LE(BigInt(data.length), 12);
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(((entry.madeBy ?? 3) << 8) | 45, 4);
    central.writeUInt16LE(zip64 ? 45 : 20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(zip64 ? 0xffffffff : data.length, 20);
    central.writeUInt32LE(zip64 ? 0xffffffff : declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(mode * 0x10000, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, localName, data);
    centrals.push(central, name, extra);
    offset += local.length + localName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const text = Buffer.from(comment);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(text.length, 20);
  return Buffer.concat([...locals, directory, end, text]);
}
