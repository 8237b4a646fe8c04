// fetch-artifacts, the committed bundle run as the runner runs it, against names that one disk or another merges or
// refuses (promises 26 and 27): no file is lost to a case-insensitive disk, one file's error stays with that file,
// and extract: true says what it could not unpack. The same lists run on real NTFS and exFAT in `npm run test:fs`.
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAction, type RunResult } from '../harness/runner.ts';
import { fileTree, scratch, send, type TestServer } from '../api/download-server.ts';
import { zip } from '../helpers/archives.ts';

const TOKEN = 'names-Secret-Token-5521';
const PROJECT = '/api/v1.1/project/primary-host/octo-org/octo-repo';

const { server, tempDir } = scratch('fetch-names-');

interface Listed {
  path: string;
  node?: number;
  data: string | Buffer;
}

/** Build 77's artifacts, each served with its own content from `/<index>`. */
async function service(artifacts: Listed[]): Promise<TestServer> {
  let origin = '';
  const s = await server((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path === `${PROJECT}/77/artifacts`) {
      const list = artifacts.map((a, i) => ({
        path: `/home/ci/out/${a.path}`,
        pretty_path: `$OUT/${a.path}`,
        node_index: a.node ?? 0,
        url: `${origin}/${i}`,
      }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
      return;
    }
    const artifact = artifacts[Number(path.slice(1))];
    if (artifact === undefined) res.writeHead(404).end();
    else send(req, res, Buffer.from(artifact.data));
  });
  origin = s.origin;
  return s;
}

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
      expect(s.seen.filter((q) => !q.url.includes('/artifacts'))).toEqual([]);
    }
  });

  it('keeps downloading names Linux and macOS allow: a timestamped report, a device name, a trailing dot', async () => {
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
  const archive = zip([
    { name: 'A.txt', data: 'upper' },
    { name: 'a.txt', data: 'lower' },
    { name: 'Dir/x.txt', data: 'x' },
    { name: 'dir/y.txt', data: 'y' },
  ]);

  it('refuses by name the member that would land on another, and counts only what is on disk', async () => {
    const ws = await tempDir();
    const s = await service([{ path: 'bundle.zip', data: archive }]);
    const r = await fetch(s, ws, { extract: 'true' });
    expect(r.errors).toEqual([]);
    expect(r.stdout).toMatch(
      /Left out "a.txt" of archive "bundle.zip": its path differs from "bundle\/A.txt"/u,
    );
    const tree = await fileTree(join(ws, 'dest'));
    expect(tree).toEqual(['bundle.zip', 'bundle/A.txt', 'bundle/Dir/x.txt', 'bundle/dir/y.txt']);
    expect(r.outputs['count']).toBe(String(tree.length));
    expect(await readFile(join(ws, 'dest', 'bundle/A.txt'), 'utf8')).toBe('upper');
  });

  it('names the extractor that is missing, instead of an unexpected error', async () => {
    const ws = await tempDir();
    const empty = join(ws, 'empty-path');
    await mkdir(empty);
    const s = await service([{ path: 'bundle.zip', data: archive }]);
    const r = await fetch(s, ws, { extract: 'true' }, { PATH: empty });
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/"unzip", which extract: true runs, is not installed on this runner/u);
    expect(r.errors[0]).not.toMatch(/unexpected/u);
  });

  it('says how many members are missing when the extractor exits 0 having written nothing', async () => {
    const ws = await tempDir();
    const bin = join(ws, 'bin');
    await mkdir(bin);
    await writeFile(join(bin, 'unzip'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const s = await service([{ path: 'bundle.zip', data: archive }]);
    const r = await fetch(s, ws, { extract: 'true' }, { PATH: bin });
    expect(r.stdout).toContain('Unpacked 0 files of "bundle.zip"');
    expect(r.stdout).toMatch(/::warning::4 file members of archive "bundle.zip" are not on disk/u);
    expect(r.outputs['count']).toBe('1');
  });
});
