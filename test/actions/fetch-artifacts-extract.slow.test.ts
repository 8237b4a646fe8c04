// fetch-artifacts with `extract: true`, the bundle run as the runner runs it: archives unpacked beside themselves,
// and hostile archives (built here byte by byte, as a compromised build would make them) never writing outside the
// destination.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileTree, scratch } from '../api/download-server.ts';
import { archiveService, pax, runExtract, tar, tarBlocks, zip } from './archive-builders.ts';

const { server, tempDir } = scratch('fetch-extract-');
const service = (archives: Record<string, Buffer>) => archiveService(server, archives);
const run = runExtract;

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
      '::warning::Did not unpack archive "out/cover.tar.gz": a pax header gives member "harmless/cover.txt" the size "0" over its own header',
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
