// fetch-artifacts with `extract: true`, the bundle run as the runner runs it: archives unpacked beside themselves,
// and hostile archives (built here byte by byte, as a compromised build would make them) never writing outside the
// destination.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runAction, type RunResult } from '../harness/runner.ts';
import { fileTree, scratch, send, type TestServer } from '../api/download-server.ts';

const TOKEN = 'extract-Secret-Token-7702';
const PROJECT = '/api/v1.1/project/primary-host/octo-org/octo-repo';

const { server, tempDir } = scratch('fetch-extract-');

interface Entry {
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
function pax(records: Record<string, string>): Buffer {
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
function tarBlocks(entries: Entry[]): Buffer {
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
function tar(entries: Entry[]): Buffer {
  return Buffer.concat([tarBlocks(entries), Buffer.alloc(1024)]);
}

/** A zip archive, stored (no compression), made on Unix so links carry their file type. */
function zip(entries: Entry[]): Buffer {
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

/** Lists build 140's artifacts: each archive at `out/<name>`, served from `/<name>`. */
async function service(archives: Record<string, Buffer>): Promise<TestServer> {
  let origin = '';
  const s = await server((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path === `${PROJECT}/140/artifacts`) {
      const list = Object.keys(archives).map((name) => ({ path: `out/${name}`, url: `${origin}/${name}` }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
    } else {
      const data = archives[decodeURIComponent(path.slice(1))];
      if (data) send(req, res, data);
      else res.writeHead(404).end();
    }
  });
  origin = s.origin;
  return s;
}

async function run(s: TestServer, ws: string): Promise<RunResult> {
  return runAction('fetch-artifacts', {
    workspace: ws,
    inputs: {
      token: TOKEN,
      'base-url': `${s.origin}/api/v1.1`,
      'build-num': '140',
      path: 'dest',
      extract: 'true',
    },
  });
}

describe('fetch-artifacts extract', () => {
  it('unpacks zip, tar and tar.gz beside the archive, counting the unpacked files', async () => {
    const ws = await tempDir();
    const s = await service({
      'app.zip': zip([
        { name: 'bin/', type: 'folder' },
        { name: 'bin/app', data: 'app' },
        { name: 'README.md', data: 'read me' },
      ]),
      'site.tar.gz': gzipSync(tar([{ name: 'site/index.html', data: '<html>' }])),
      'logs.tgz': gzipSync(tar([{ name: 'a.log', data: 'a' }])),
      'plain.tar': tar([{ name: 'p.txt', data: 'p' }]),
      'notes.txt': Buffer.from('not an archive'),
    });
    const r = await run(s, ws);
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    const dest = join(ws, 'dest');
    expect(await fileTree(dest)).toEqual([
      'out/app.zip',
      'out/app/README.md',
      'out/app/bin/app',
      'out/logs.tgz',
      'out/logs/a.log',
      'out/notes.txt',
      'out/plain.tar',
      'out/plain/p.txt',
      'out/site.tar.gz',
      'out/site/site/index.html',
    ]);
    expect(await readFile(join(dest, 'out/app/bin/app'), 'utf8')).toBe('app');
    expect(await readFile(join(dest, 'out/site/site/index.html'), 'utf8')).toBe('<html>');
    expect(r.outputs['count']).toBe('10');
    const files = JSON.parse(r.outputs['files'] ?? '') as string[];
    expect(files).toContain(join(dest, 'out/app/bin/app'));
    expect(files).toContain(join(dest, 'out/plain/p.txt'));
    expect(files).toHaveLength(10);
    expect(r.stdout).toContain('Unpacked 2 files of "out/app.zip" into out/app');
  });

  it('unpacks nothing of a hostile archive: ../ entries, absolute paths, .. members, a file written through a link', async () => {
    const top = await tempDir();
    const ws = join(top, 'ws');
    const outside = join(top, 'outside');
    await mkdir(outside, { recursive: true });
    await writeFile(join(outside, 'keep.txt'), 'mine');
    const before = await fileTree(top);
    const s = await service({
      'climb.zip': zip([
        { name: 'ok.txt', data: 'ok' },
        { name: '../../climbed.txt', data: 'evil' },
      ]),
      'abs.tar': tar([{ name: `${outside}/abs.txt`, data: 'evil' }]),
      'dots.tar.gz': gzipSync(tar([{ name: 'x/../../../dots.txt', data: 'evil' }])),
      'link.tar': tar([
        { name: 'ln', type: 'symlink', target: outside },
        { name: 'ln/through.txt', data: 'evil' },
      ]),
      'link.zip': zip([
        { name: 'zl', type: 'symlink', target: outside },
        { name: 'zl/through.txt', data: 'evil' },
      ]),
      'hard.tar': tar([{ name: 'h', type: 'hardlink', target: join(outside, 'keep.txt') }]),
      'git.tgz': gzipSync(tar([{ name: '.git/config', data: '[core]\n\tfsmonitor = evil' }])),
      'good.zip': zip([{ name: 'good.txt', data: 'good' }]),
    });
    const r = await run(s, ws);
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    // Every archive is saved; only the good one is unpacked.
    expect(await fileTree(join(ws, 'dest'))).toEqual([
      'out/abs.tar',
      'out/climb.zip',
      'out/dots.tar.gz',
      'out/git.tgz',
      'out/good.zip',
      'out/good/good.txt',
      'out/hard.tar',
      'out/link.tar',
      'out/link.zip',
    ]);
    // Nothing changed outside the destination.
    expect((await fileTree(top)).filter((f) => !f.startsWith('ws/dest/'))).toEqual(before);
    expect(await readFile(join(outside, 'keep.txt'), 'utf8')).toBe('mine');
    const warnings = r.stdout.split('\n').filter((l) => l.startsWith('::warning::Did not unpack'));
    expect(warnings).toHaveLength(7);
    const text = warnings.join('\n');
    expect(text).toContain(`"out/climb.zip": member "../../climbed.txt" climbs out of its folder with '..'`);
    expect(text).toContain('"out/abs.tar": member');
    expect(text).toContain('is an absolute path');
    expect(text).toContain(`"out/dots.tar.gz": member "x/../../../dots.txt" climbs out`);
    expect(text).toContain('"out/link.tar": member "ln" is a symlink');
    expect(text).toContain('"out/link.zip": member "zl" is a symlink');
    expect(text).toContain('"out/hard.tar": member "h" is a hardlink');
    expect(text).toContain(`"out/git.tgz": member ".git/config" goes into a '.git' folder`);
    expect(r.outputs['count']).toBe('9');
  });

  it('a damaged archive is kept as it is, with a warning; a folder already where it unpacks is an error', async () => {
    const ws = await tempDir();
    const s = await service({ 'broken.tar.gz': Buffer.from('not gzip at all') });
    const r = await run(s, ws);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('::warning::Did not unpack archive "out/broken.tar.gz"');
    expect(await fileTree(join(ws, 'dest'))).toEqual(['out/broken.tar.gz']);

    const ws2 = await tempDir();
    await mkdir(join(ws2, 'dest', 'out', 'broken'), { recursive: true });
    const again = await run(s, ws2);
    expect(again.code).toBe(1);
    expect(again.errors).toEqual([
      expect.stringContaining('"out/broken" (a folder, where "out/broken.tar.gz" unpacks)'),
    ]);
  });
  // A build of a fork's pull request can upload an artifact that a trusted workflow later fetches with
  // `extract: true`: a `.git/config` planted in the destination runs its `core.fsmonitor` at git's next call there.
  const PLANTED_CONFIG = '[core]\n\tfsmonitor = "echo planted > /tmp/planted"\n';

  async function gitFree(ws: string): Promise<string[]> {
    return (await fileTree(join(ws, 'dest'))).filter((f) => /(^|\/)\.git/iu.test(f));
  }

  it('refuses a tar whose pax global headers rename harmless members into .git: kept packed, with a warning', async () => {
    const ws = await tempDir();
    const s = await service({
      'release.tar': tar([
        { name: 'g0', type: 'pax-global', data: pax({ path: '.git/config' }) },
        { name: 'harmless/0', data: PLANTED_CONFIG },
        { name: 'g1', type: 'pax-global', data: pax({ path: '.git/HEAD' }) },
        { name: 'harmless/1', data: 'ref: refs/heads/main\n' },
        { name: 'g2', type: 'pax-global', data: pax({ path: '.git/objects/keep' }) },
        { name: 'harmless/2', data: '' },
        { name: 'g3', type: 'pax-global', data: pax({ path: '.git/refs/heads/keep' }) },
        { name: 'harmless/3', data: '' },
        { name: 'harmless/4', data: 'four' },
      ]),
      'good.zip': zip([{ name: 'good.txt', data: 'good' }]),
      'notes.txt': Buffer.from('notes'),
    });
    const r = await run(s, ws);
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(await gitFree(ws)).toEqual([]);
    expect(await fileTree(join(ws, 'dest'))).toEqual([
      'out/good.zip',
      'out/good/good.txt',
      'out/notes.txt',
      'out/release.tar',
    ]);
    expect(r.stdout).toContain(
      '::warning::Did not unpack archive "out/release.tar": a pax global header sets "path" for the members after it',
    );
    expect(r.outputs['count']).toBe('4');
  });

  it('a pax global header that sets only harmless records (as git archive writes) still unpacks', async () => {
    const ws = await tempDir();
    const s = await service({
      'src.tar': tar([
        { name: 'pax_global_header', type: 'pax-global', data: pax({ comment: 'a'.repeat(40) }) },
        { name: 'src/main.c', data: 'int main;' },
      ]),
    });
    const r = await run(s, ws);
    expect(r.code).toBe(0);
    expect(await readFile(join(ws, 'dest/out/src/src/main.c'), 'utf8')).toBe('int main;');
  });

  it('refuses a tar whose pax size record hides a .git/config member inside a harmless one', async () => {
    const ws = await tempDir();
    // tar reads the cover member as empty (pax size=0) and the next block as a header: `.git/config`. A check
    // that skips the cover's declared 1024 bytes as data never sees it.
    const hidden = tarBlocks([{ name: '.git/config', data: PLANTED_CONFIG }]);
    const s = await service({
      'cover.tar.gz': gzipSync(
        tar([
          { name: 'PaxHeaders/cover', type: 'pax', data: pax({ size: '0' }) },
          { name: 'harmless/cover.txt', data: hidden, size: hidden.length },
          { name: 'harmless/after.txt', data: 'after' },
        ]),
      ),
      'good.zip': zip([{ name: 'good.txt', data: 'good' }]),
    });
    const r = await run(s, ws);
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(await gitFree(ws)).toEqual([]);
    expect(await fileTree(join(ws, 'dest'))).toEqual([
      'out/cover.tar.gz',
      'out/good.zip',
      'out/good/good.txt',
    ]);
    expect(r.stdout).toContain(
      `::warning::Did not unpack archive "out/cover.tar.gz": a pax header gives a member the size "0" where its own header says ${hidden.length}`,
    );
  });

  it('refuses members renamed into .git by a pax header or a GNU long name, and .git in the forms NTFS reads', async () => {
    const ws = await tempDir();
    const s = await service({
      'pax.tar': tar([
        { name: 'PaxHeaders/x', type: 'pax', data: pax({ path: 'deep/.git/config' }) },
        { name: 'harmless/x', data: PLANTED_CONFIG },
      ]),
      'long.tar': tar([
        { name: '././@LongLink', type: 'long-name', data: `${'d/'.repeat(60)}.git/config\0` },
        { name: 'harmless/l', data: PLANTED_CONFIG },
      ]),
      'dots.tar': tar([{ name: '.GIT./config', data: PLANTED_CONFIG }]),
      'stream.tar': tar([{ name: '.git:$I30:$INDEX_ALLOCATION/config', data: PLANTED_CONFIG }]),
      'stream.zip': zip([{ name: 'a/.Git::$INDEX_ALLOCATION/config', data: PLANTED_CONFIG }]),
      'short.zip': zip([{ name: 'GIT~1/config', data: PLANTED_CONFIG }]),
      'good.tar': tar([{ name: 'good.txt', data: 'good' }]),
    });
    const r = await run(s, ws);
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(await gitFree(ws)).toEqual([]);
    expect(
      (await fileTree(join(ws, 'dest'))).filter((f) => !f.endsWith('.tar') && !f.endsWith('.zip')),
    ).toEqual(['out/good/good.txt']);
    const warnings = r.stdout.split('\n').filter((l) => l.startsWith('::warning::Did not unpack'));
    expect(warnings).toHaveLength(6);
    for (const archive of ['pax.tar', 'long.tar', 'dots.tar', 'stream.tar', 'short.zip'])
      expect(warnings.join('\n')).toContain(`"out/${archive}": member`);
    expect(warnings.join('\n')).toContain(`"out/stream.zip": member "a/.Git::$INDEX_ALLOCATION/config"`);
  });
});
