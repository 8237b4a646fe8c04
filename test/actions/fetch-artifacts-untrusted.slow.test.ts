// Archives as an attacker who controls a build's artifacts makes them, unpacked by the committed fetch-artifacts
// bundle with `extract: true` as the runner runs it. Each test is one way an archive abused the extractors that
// ran as child processes (tar, unzip, gzip): a disk filled, a sparse file of 100 GiB, server text in the log,
// members the check never saw, setuid files, a cancellation that did not reach them, the token in their
// environment. The archive is now read and written in the process, by one reader.
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileTree, scratch } from '../api/download-server.ts';
import {
  archiveService,
  pax,
  runExtract,
  startExtract,
  tar,
  tarBlocks,
  tarHeader,
  zip,
} from './archive-builders.ts';

const { server, tempDir } = scratch('fetch-untrusted-');
const service = (archives: Record<string, Buffer>) => archiveService(server, archives);

const GIB = 1024 ** 3;

/** A .tar.gz of one member of `size` zero bytes, compressed as it is made (a few MB for gigabytes). */
async function zerosTarGz(name: string, size: number): Promise<Buffer> {
  const gzip = createGzip({ level: 1 });
  const out: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => gzip.on('end', resolve));
  const write = (chunk: Buffer): Promise<void> =>
    new Promise((resolve) => (gzip.write(chunk) ? resolve() : gzip.once('drain', resolve)));
  await write(tarHeader({ name }, size));
  const zeros = Buffer.alloc(4 * 1024 * 1024);
  for (let left = size; left > 0; left -= zeros.length)
    await write(zeros.subarray(0, Math.min(left, zeros.length)));
  await write(Buffer.alloc(1024 + ((512 - (size % 512)) % 512)));
  gzip.end();
  await ended;
  return Buffer.concat(out);
}

/** One large archive for the cancellation tests, made once. */
let large: Promise<Buffer> | undefined;
const largeArchive = (): Promise<Buffer> => (large ??= zerosTarGz('large.bin', 3 * GIB));

/** Resolves once `test` holds, looking every 10 ms for at most 60 s. */
async function until(test: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 6000 && !(await test()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function partFiles(dir: string): Promise<string[]> {
  return (await fileTree(dir).catch(() => [])).filter((f) => f.endsWith('.part'));
}

describe('fetch-artifacts extract: archives from an attacker', () => {
  it('1. an archive that declares more than the disk has free fails naming it, at once, leaving nothing', async () => {
    const ws = await tempDir();
    // 300 MB of zeros deflate to 300 KB; the directory declares a petabyte, more than any disk here has free.
    const s = await service({
      'fill.zip': zip([
        { name: 'zeros.bin', data: Buffer.alloc(300 * 1024 * 1024), deflate: true, declaredSize: 2 ** 50 },
      ]),
    });
    const started = Date.now();
    const r = await runExtract(s, ws);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(r.code).toBe(1);
    expect(r.errors).toEqual([
      expect.stringMatching(
        /^::error::archive "out\/fill\.zip" declares 1024\.0 TiB of files, more than the .* free on the destination's file system/u,
      ),
    ]);
    expect(await fileTree(join(ws, 'dest'))).toEqual(['out/fill.zip']);
  });

  it('1. extract-max-mib: an archive past it fails naming it, and nothing of it is left behind', async () => {
    const ws = await tempDir();
    const s = await service({
      'bomb.tar.gz': gzipSync(
        tar([
          { name: 'a.bin', data: Buffer.alloc(3 * 1024 * 1024) },
          { name: 'b.bin', data: Buffer.alloc(3 * 1024 * 1024) },
        ]),
      ),
      'small.tgz': gzipSync(tar([{ name: 'ok.txt', data: 'ok' }])),
    });
    const r = await runExtract(s, ws, { 'extract-max-mib': '5' });
    expect(r.code).toBe(1);
    expect(r.errors).toEqual([
      expect.stringContaining(
        'archive "out/bomb.tar.gz" declares 6.00 MiB of files, more than extract-max-mib (5.00 MiB)',
      ),
    ]);
    const tree = await fileTree(join(ws, 'dest'));
    expect(tree.filter((f) => f.startsWith('out/bomb/') || f.endsWith('.part'))).toEqual([]);

    const bad = await runExtract(s, await tempDir(), { 'extract-max-mib': '0' });
    expect(bad.code).toBe(1);
    expect(bad.errors).toEqual([expect.stringContaining('extract-max-mib')]);
  });

  it('2. a 100 GiB sparse file in a tiny .tgz is not unpacked', async () => {
    const ws = await tempDir();
    // GNU tar's pax sparse format 1.0: the map (one byte at the end of 100 GiB) leads the member's data.
    const map = Buffer.alloc(512);
    map.write(`1\n${100 * GIB - 1}\n1\n`);
    const archive = gzipSync(
      tar([
        {
          name: 'PaxHeaders/big.img',
          type: 'pax',
          data: pax({
            'GNU.sparse.major': '1',
            'GNU.sparse.minor': '0',
            'GNU.sparse.name': 'big.img',
            'GNU.sparse.realsize': String(100 * GIB),
          }),
        },
        { name: 'GNUSparseFile.0/big.img', data: Buffer.concat([map, Buffer.from('x')]) },
      ]),
    );
    expect(archive.length).toBeLessThan(400);
    const s = await service({ 'disk.tgz': archive });
    const r = await runExtract(s, ws);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      '::warning::Did not unpack archive "out/disk.tgz": it holds a sparse file (GNU sparse pax records), which is not unpacked',
    );
    expect(await fileTree(join(ws, 'dest'))).toEqual(['out/disk.tgz']);
    expect(r.outputs['bytes']).toBe(String(archive.length));
  });

  it('3. nothing of an archive reaches the log unfenced: local names, comments, names of links', async () => {
    const ws = await tempDir();
    const s = await service({
      'names.zip': zip(
        [{ name: 'ok.txt', localName: '##[error]LOCAL-NAME', data: 'ok' }],
        '\n::error::ZIP-COMMENT\n::add-mask::ok\n',
      ),
      'links.tar': tar([{ name: '::error::LINK-NAME', type: 'symlink', target: '/nowhere' }]),
    });
    const r = await runExtract(s, ws, {}, { RUNNER_DEBUG: '1' });
    expect(r.code).toBe(0);
    expect(await readFile(join(ws, 'dest/out/names/ok.txt'), 'utf8')).toBe('ok');
    for (const line of r.stdout.split('\n')) {
      expect(line).not.toMatch(/LOCAL-NAME|ZIP-COMMENT/u);
      if (!line.startsWith('::debug::') && !line.startsWith('::warning::'))
        expect(line).not.toContain('::error::');
      expect(line).not.toMatch(/^::(error|add-mask::ok)/u);
    }
    expect(r.errors).toEqual([]);
  });

  it('4. a zip link made on any host system is a link: the archive stays packed', async () => {
    const ws = await tempDir();
    const outside = await tempDir();
    const archives: Record<string, Buffer> = {};
    for (const host of [2, 5, 16, 30])
      archives[`host${host}.zip`] = zip([
        { name: 'ln', type: 'symlink', target: outside, madeBy: host },
        { name: 'file.txt', data: 'text' },
      ]);
    const s = await service(archives);
    const r = await runExtract(s, ws);
    expect(r.code).toBe(0);
    expect(await fileTree(join(ws, 'dest'))).toEqual(
      Object.keys(archives)
        .map((n) => `out/${n}`)
        .sort(),
    );
    for (const host of [2, 5, 16, 30])
      expect(r.stdout).toContain(
        `::warning::Did not unpack archive "out/host${host}.zip": member "ln" is a symlink, not a plain file or folder`,
      );
  });

  it('4. members hidden behind a pax size are refused with the archive, whoever reads it', async () => {
    const ws = await tempDir();
    const hidden = tarBlocks([
      { name: 'hidden-link', type: 'symlink', target: '/etc/passwd' },
      { name: 'hidden-hard', type: 'hardlink', target: '/etc/passwd' },
      { name: '::error::TAR-HIDDEN-MEMBER', data: 'hidden' },
    ]);
    const s = await service({
      'cover.tar': tar([
        { name: 'PaxHeaders/cover', type: 'pax', data: pax({ size: '0' }) },
        { name: 'cover.txt', data: hidden, size: hidden.length },
      ]),
    });
    const r = await runExtract(s, ws);
    expect(r.code).toBe(0);
    expect(await fileTree(join(ws, 'dest'))).toEqual(['out/cover.tar']);
    expect(r.stdout).not.toMatch(/^::error::TAR-HIDDEN/mu);
  });

  it('5. no setuid, setgid, sticky or world-writable mode, and no owner from the archive, even as root', async () => {
    const ws = await tempDir();
    const s = await service({
      'modes.tar': tar([
        { name: 'suid-root.sh', data: '#!/bin/sh\n', mode: 0o4777, uid: 0, gid: 0 },
        { name: 'sgid.sh', data: '#!/bin/sh\n', mode: 0o2775, uid: 4242, gid: 4242 },
        { name: 'sticky.txt', data: 'text', mode: 0o1666, uid: 4242, gid: 4242 },
      ]),
      'modes.zip': zip([{ name: 'zip-suid', data: 'x', mode: 0o104777 }]),
    });
    const r = await runExtract(s, ws);
    expect(r.errors).toEqual([]);
    const uid = process.getuid?.() ?? 0;
    for (const file of ['modes/suid-root.sh', 'modes/sgid.sh', 'modes/sticky.txt', 'modes/zip-suid']) {
      const st = await stat(join(ws, 'dest/out', file));
      expect((st.mode & 0o7002).toString(8), file).toBe('0');
      expect(st.uid, file).toBe(uid);
    }
    expect((await stat(join(ws, 'dest/out/modes/suid-root.sh'))).mode & 0o100).toBe(0o100);
    expect((await stat(join(ws, 'dest/out/modes/sticky.txt'))).mode & 0o111).toBe(0);
  });

  it('6. SIGINT during the extraction of a large archive: no process and no folder left within 2 s', async () => {
    const ws = await tempDir();
    const s = await service({ 'large.tar.gz': await largeArchive() });
    const step = await startExtract(s, ws);
    const out = join(ws, 'dest', 'out');
    // Past the check, in the writing: something beside the archive (a part file, an extractor's folder).
    await until(async () => (await readdir(out).catch(() => [] as string[])).length > 1);
    expect((await partFiles(out)).length).toBeLessThanOrEqual(1);
    const sent = Date.now();
    step.child.kill('SIGINT');
    const r = await step.done;
    expect(Date.now() - sent).toBeLessThan(2000);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain('Unpacked');
    expect(() => process.kill(step.child.pid ?? 0, 0)).toThrow();
    expect(await readdir(out)).toEqual(['large.tar.gz']);
    expect(await fileTree(join(ws, 'dest'))).toEqual(['out/large.tar.gz']);
  }, 120_000);

  it('6. SIGINT while a zip of many members is unpacked: the step ends within 2 s, no part file left', async () => {
    const ws = await tempDir();
    // Empty members give the writer no chunk between which to look at the signal: only the reader can hear it.
    const members = Array.from({ length: 60_000 }, (_, i) => ({ name: `many/${i % 50}/m${i}.txt` }));
    const s = await service({ 'many.zip': zip(members) });
    const step = await startExtract(s, ws);
    const out = join(ws, 'dest', 'out');
    await until(async () => (await partFiles(join(out, 'many'))).length > 0);
    const sent = Date.now();
    step.child.kill('SIGINT');
    const r = await step.done;
    expect(Date.now() - sent).toBeLessThan(2000);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain('Unpacked');
    expect(await fileTree(join(ws, 'dest'))).toEqual(['out/many.zip']);
  }, 120_000);

  it('6. SIGTERM while the check itself decompresses: the step ends within 2 s, nothing unpacked', async () => {
    const ws = await tempDir();
    const s = await service({ 'large.tar.gz': await largeArchive() });
    const step = await startExtract(s, ws);
    const out = join(ws, 'dest', 'out');
    // The archive is in place: its 3 GiB are now decompressed for the check, before anything is written.
    await until(async () => (await readdir(out).catch(() => [] as string[])).includes('large.tar.gz'));
    const sent = Date.now();
    step.child.kill('SIGTERM');
    const r = await step.done;
    expect(Date.now() - sent).toBeLessThan(2000);
    expect(r.code).toBe(1);
    expect(await readdir(out)).toEqual(['large.tar.gz']);
  }, 120_000);

  it('7. no extractor runs: a tar, unzip or gzip on PATH never sees the token', async () => {
    const ws = await tempDir();
    const bin = join(ws, 'bin');
    const seen = join(ws, 'environments');
    await mkdir(bin);
    for (const tool of ['tar', 'unzip', 'gzip', 'pwsh', 'powershell']) {
      await writeFile(join(bin, tool), `#!/bin/sh\nenv >> '${seen}'\nexit 1\n`);
      await chmod(join(bin, tool), 0o755);
    }
    const s = await service({
      'a.zip': zip([{ name: 'a.txt', data: 'a' }]),
      'b.tar.gz': gzipSync(tar([{ name: 'b.txt', data: 'b' }])),
    });
    const r = await runExtract(s, ws, {}, { PATH: `${bin}:${process.env['PATH'] ?? ''}` });
    expect(r.errors).toEqual([]);
    expect(await readFile(join(ws, 'dest/out/a/a.txt'), 'utf8')).toBe('a');
    expect(await readFile(join(ws, 'dest/out/b/b.txt'), 'utf8')).toBe('b');
    await expect(readFile(seen, 'utf8')).rejects.toThrow(/ENOENT/u);
  });

  it('0. members that one disk would store as one are refused, never merged', async () => {
    const ws = await tempDir();
    const s = await service({
      'case.tar': tar([
        { name: 'Readme.txt', data: 'one' },
        { name: 'README.TXT', data: 'two' },
      ]),
      'nfc.zip': zip([
        { name: 'caf\u00e9.txt', data: 'one' },
        { name: 'cafe\u0301.txt', data: 'two' },
      ]),
      'twice.tar': tar([
        { name: 'a.txt', data: 'one' },
        { name: 'a.txt', data: 'two' },
      ]),
      'file-folder.tar': tar([
        { name: 'x', data: 'file' },
        { name: 'X/y', data: 'in a folder' },
      ]),
    });
    const r = await runExtract(s, ws);
    expect(r.code).toBe(0);
    expect(await fileTree(join(ws, 'dest'))).toEqual([
      'out/case.tar',
      'out/file-folder.tar',
      'out/nfc.zip',
      'out/twice.tar',
    ]);
    expect(r.stdout).toContain('"out/case.tar": members "Readme.txt" and "README.TXT" would be one file');
    expect(r.stdout).toContain('"out/twice.tar": member "a.txt" is in it twice');
    expect(r.stdout).toContain('"out/file-folder.tar": members "x" and "X/y" would be one file or folder');
    expect(r.stdout).toContain('"out/nfc.zip": members');
  });
});
