// fetch-artifacts, the committed bundle run as the runner runs it, against names that one disk or another merges or
// refuses (docs/promises.md, promises 26 and 27): no file is lost to a case-insensitive disk, one file's error stays with that file,
// and extract: true says what it could not unpack. The same lists run on real NTFS and exFAT in `npm run test:fs`.
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { fileProblem } from '../../src/files/file-errors.ts';
import { DownloadError } from '../../src/files/download.ts';
import { runAction, type RunResult } from '../harness/runner.ts';
import { fileTree, scratch, type TestServer } from '../api/download-server.ts';
import { zip } from '../helpers/archives.ts';
import { needs } from '../helpers/platform.ts';
import { artifactService, type Listed } from '../helpers/hostile-names.ts';

const TOKEN = 'names-Secret-Token-5521';
const { server, tempDir } = scratch('fetch-names-');

const service = (artifacts: Listed[]): Promise<TestServer> => artifactService(server, 77, artifacts);

async function fetch(
  s: TestServer,
  ws: string,
  inputs: Record<string, string> = {},
  env: Record<string, string> = {},
): Promise<RunResult> {
  return runAction('fetch-artifacts', {
    workspace: ws,
    inputs: { token: TOKEN, 'base-url': `${s.origin}/api/v1.1`, 'build-num': '77', path: 'dest', ...inputs },
    env,
  });
}

function files(r: RunResult): string[] {
  return JSON.parse(r.outputs['files'] ?? '[]') as string[];
}

describe('fetch-artifacts: names one disk would merge', () => {
  it('tells apart, by container, artifacts whose names differ only in case or normalisation', async () => {
    const ws = await tempDir();
    const s = await service([
      { path: 'Report.txt', node: 0, data: 'upper' },
      { path: 'report.txt', node: 1, data: 'lower' },
      { path: 'caf\u00e9.txt', node: 0, data: 'nfc' },
      { path: 'cafe\u0301.txt', node: 1, data: 'nfd' },
      { path: 'ok.txt', node: 0, data: 'ok' },
    ]);
    const r = await fetch(s, ws);
    expect(r.errors).toEqual([]);
    const dest = join(ws, 'dest');
    // Each in its own container's folder: one file each on any disk.
    expect(await fileTree(dest)).toEqual(
      [
        'node-0/Report.txt',
        'node-0/caf\u00e9.txt',
        'node-1/cafe\u0301.txt',
        'node-1/report.txt',
        'ok.txt',
      ].sort(),
    );
    expect(await readFile(join(dest, 'node-0/Report.txt'), 'utf8')).toBe('upper');
    expect(await readFile(join(dest, 'node-1/report.txt'), 'utf8')).toBe('lower');
    expect(await readFile(join(dest, 'node-1/cafe\u0301.txt'), 'utf8')).toBe('nfd');
    expect(r.outputs['count']).toBe('5');
    expect(files(r)).toHaveLength(5);
  });

  it('refuses, before fetching anything, two such artifacts of one container', async () => {
    for (const [a, b] of [
      ['Report.txt', 'report.txt'],
      ['dir/A.txt', 'DIR/a.txt'],
      ['caf\u00e9.txt', 'cafe\u0301.txt'],
    ] as const) {
      const ws = await tempDir();
      const s = await service([
        { path: a, data: 'a' },
        { path: b, data: 'b' },
      ]);
      const r = await fetch(s, ws);
      expect(r.code).toBe(1);
      expect(r.errors.join('\n')).toMatch(/differ only in case or Unicode normalisation/u);
      expect(s.seen.filter((q) => !q.url.startsWith('/api/'))).toEqual([]);
    }
  });

  it('keeps downloading names Linux and macOS allow: a timestamped report, a device name, a trailing dot', async (t) => {
    needs('posix-names')(t);
    const ws = await tempDir();
    const s = await service([
      { path: 'report-10:32:01.xml', data: '<xml/>' },
      { path: 'aux.txt', data: 'aux' },
      { path: 'trail.', data: 'dot' },
    ]);
    const r = await fetch(s, ws);
    expect(r.errors).toEqual([]);
    expect(await fileTree(join(ws, 'dest'))).toEqual(['aux.txt', 'report-10:32:01.xml', 'trail.']);
    expect(r.outputs['count']).toBe('3');
  });
});

describe('fetch-artifacts: one file error stays with that file', () => {
  // Permission bits do not stop root; the immutable attribute does (EPERM), where the file system has it.
  const immutable = (path: string): boolean => {
    try {
      execFileSync('chattr', ['+i', path], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };

  it('a folder the runner may not write into fails that artifact by name; the others are saved', async (t) => {
    needs('permission-bits')(t);
    const ws = await tempDir();
    const locked = join(ws, 'dest', 'locked');
    await mkdir(locked, { recursive: true });
    const root = process.getuid?.() === 0;
    if (root) {
      if (!immutable(locked)) t.skip('chattr +i is not available here, and root ignores permission bits');
    } else await chmod(locked, 0o555);
    try {
      const s = await service([
        { path: 'locked/a.txt', data: 'a' },
        { path: 'free/b.txt', data: 'b' },
      ]);
      const r = await fetch(s, ws);
      expect(r.errors).toEqual([]);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Refused artifact "locked\/a.txt": .*\((EPERM|EACCES)\)/u);
      expect(files(r)).toEqual([join(ws, 'dest', 'free', 'b.txt')]);
      expect(await fileTree(join(ws, 'dest'))).toEqual(['free/b.txt']);
    } finally {
      if (root) execFileSync('chattr', ['-i', locked], { stdio: 'ignore' });
      else await chmod(locked, 0o755);
    }
  });
});

describe('fetch-artifacts extract: members one disk would merge, and extractors that fail quietly', () => {
  beforeEach(needs('gnu-tar'));
  const archive = zip([
    { name: 'A.txt', data: 'upper' },
    { name: 'b.txt', data: 'lower' },
    { name: 'Dir/x.txt', data: 'x' },
    { name: 'dir/y.txt', data: 'y' },
  ]);

  it('keeps packed, with a warning naming them, an archive whose members one disk would merge', async () => {
    for (const members of [
      [
        { name: 'A.txt', data: 'upper' },
        { name: 'a.txt', data: 'lower' },
      ],
      [
        { name: 'Dir/x.txt', data: 'x' },
        { name: 'dir/x.txt', data: 'y' },
      ],
      [
        { name: 'caf\u00e9', data: 'nfc' },
        { name: 'cafe\u0301', data: 'nfd' },
      ],
      [
        { name: 'Logs', data: 'file' },
        { name: 'logs/x.txt', data: 'member' },
      ],
    ]) {
      const ws = await tempDir();
      const s = await service([
        { path: 'bundle.zip', data: zip(members) },
        { path: 'ok.txt', data: 'ok' },
      ]);
      const r = await fetch(s, ws, { extract: 'true' });
      expect(r.errors).toEqual([]);
      expect(r.stdout).toMatch(
        /::warning::Did not unpack archive "bundle.zip": members ".+" and ".+" would be one file or folder on a disk that ignores case or Unicode form .*; it is kept as it is/u,
      );
      expect(await fileTree(join(ws, 'dest'))).toEqual(['bundle.zip', 'ok.txt']);
      expect(r.outputs['count']).toBe('2');
    }
  });

  it('unpacks with no extractor on the PATH: nothing but the step itself reads the archive', async () => {
    const ws = await tempDir();
    const empty = join(ws, 'empty-path');
    await mkdir(empty);
    const s = await service([{ path: 'bundle.zip', data: archive }]);
    const r = await fetch(s, ws, { extract: 'true' }, { PATH: empty });
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Unpacked 4 files of "bundle.zip"');
    expect(r.outputs['count']).toBe('5');
    expect((await fileTree(join(ws, 'dest'))).length).toBe(5);
  });
});

describe('which file-system errors belong to one file', () => {
  const errno = (code: string, syscall = 'open'): Error =>
    Object.assign(new Error(`${code}: x`), { code, syscall });

  it.each(['EINVAL', 'EPERM', 'EACCES', 'EEXIST', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG', 'ENOENT'])(
    '%s refuses that artifact, also under the error that wraps a failed write',
    (code) => {
      expect(fileProblem(errno(code))).toMatch(new RegExp(`\\(${code}\\)$`, 'u'));
      expect(fileProblem(new DownloadError('a.txt', errno(code), 1))).toMatch(
        new RegExp(`\\(${code}\\)$`, 'u'),
      );
    },
  );

  it.each(['ENOSPC', 'EDQUOT', 'EIO'])('%s is not one file’s problem', (code) => {
    expect(fileProblem(errno(code, 'write'))).toBeUndefined();
  });

  it.each(['EACCES', 'EPERM', 'ECONNRESET'])('%s of a socket is not a file’s', (code) => {
    expect(fileProblem(errno(code, 'connect'))).toBeUndefined();
  });
});
