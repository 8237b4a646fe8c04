// Archives built byte by byte, as a compromised build would make them: tar (ustar, pax and GNU long-name headers)
// and zip (stored, made on Unix so links carry their file type).
import { crc32 } from 'node:zlib';

export interface Entry {
  name: string;
  data?: string | Buffer;
  /** `pax` and `pax-global` are pax extended and global headers (`x`, `g`), `long-name` a GNU long name (`L`). */
  type?: 'file' | 'folder' | 'symlink' | 'hardlink' | 'pax' | 'pax-global' | 'long-name';
  /** For links. */
  target?: string;
  /** The size its header declares, where it is not the data's. */
  size?: number;
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

/** Tar's headers and data blocks, without the closing blocks. */
export function tarBlocks(entries: Entry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const data = Buffer.from(entry.data ?? '');
    const header = Buffer.alloc(512);
    const field = (offset: number, length: number, text: string): void => {
      header.write(text, offset, length, 'utf8');
    };
    const octal = (offset: number, length: number, n: number): void =>
      field(offset, length, `${n.toString(8).padStart(length - 1, '0')}\0`);
    field(0, 100, entry.name);
    octal(100, 8, entry.type === 'folder' ? 0o755 : 0o644);
    octal(108, 8, 0);
    octal(116, 8, 0);
    const flag = {
      file: '0',
      folder: '5',
      symlink: '2',
      hardlink: '1',
      pax: 'x',
      'pax-global': 'g',
      'long-name': 'L',
    }[entry.type ?? 'file'];
    const withData = !['5', '2', '1'].includes(flag);
    octal(124, 12, entry.size ?? (withData ? data.length : 0));
    octal(136, 12, 1_700_000_000);
    field(156, 1, flag);
    field(157, 100, entry.target ?? '');
    field(257, 6, 'ustar\0');
    field(263, 2, '00');
    header.fill(0x20, 148, 156);
    let sum = 0;
    for (const b of header) sum += b;
    field(148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
    blocks.push(header);
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

/** A zip archive, stored (no compression), made on Unix so links carry their file type. */
export function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = Buffer.from(entry.type === 'symlink' ? (entry.target ?? '') : (entry.data ?? ''));
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const mode = entry.type === 'symlink' ? 0o120777 : entry.type === 'folder' ? 0o040755 : 0o100644;
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(mode * 0x10000, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
