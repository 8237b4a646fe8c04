// fetch-artifacts against a hostile or careless server, the bundle run as the runner runs it: nothing written under
// `.git`, through or over a link, or over a file that was there before (unless `overwrite`); one bad artifact refused
// alone with a short warning and no empty folder left; outputs within GitHub's bounds; no URL credential printed.
import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runAction, type RunOptions, type RunResult } from '../harness/runner.ts';
import { scratch, send, type Handler, type TestServer } from '../api/download-server.ts';
import { needs } from '../helpers/platform.ts';

const TOKEN = 'safety-Secret-Token-5521';
const PROJECT = '/api/v1.1/project/primary-host/octo-org/octo-repo';

const { server, tempDir } = scratch('fetch-safety-');

interface Listed {
  path: string;
  url: string;
  node_index?: number;
}

/** Lists `artifacts(origin)` for build 140 and serves every other path as `bytes:<path>`. */
async function service(artifacts: (origin: string) => Listed[], files?: Handler): Promise<TestServer> {
  let origin = '';
  const s = await server((req, res, i) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path === `${PROJECT}/140/artifacts`) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(artifacts(origin)));
    } else if (path.startsWith('/api/')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
    } else if (files) files(req, res, i);
    else send(req, res, Buffer.from(`bytes:${path}`));
  });
  origin = s.origin;
  return s;
}

async function run(
  s: TestServer,
  inputs: Record<string, string>,
  extra: RunOptions = {},
): Promise<RunResult> {
  return runAction('fetch-artifacts', {
    ...extra,
    inputs: { token: TOKEN, 'base-url': `${s.origin}/api/v1.1`, 'build-num': '140', ...inputs },
  });
}

/** Every entry below `dir`: files and links as themselves, folders with a trailing `/` when empty. */
async function tree(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    const entries = await readdir(d, { withFileTypes: true });
    if (entries.length === 0 && d !== dir) out.push(`${relative(dir, d)}/`);
    for (const entry of entries) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(relative(dir, full));
    }
  };
  if (existsSync(dir)) await walk(dir);
  return out.sort();
}

const downloads = (s: TestServer): string[] => s.seen.map((q) => q.url).filter((u) => !u.startsWith('/api/'));
const warnings = (r: RunResult): string[] => r.stdout.split('\n').filter((l) => l.startsWith('::warning::'));

describe('fetch-artifacts never overwrites in the workspace', () => {
  beforeEach(needs('symlinks'));
  /** A checked-out workspace: a git folder with a hook, a file of the job's own, a link to a file outside. */
  async function workspace(): Promise<{ top: string; ws: string; outside: string }> {
    const top = await tempDir();
    const ws = join(top, 'ws');
    const outside = join(top, 'outside.txt');
    await mkdir(join(ws, '.git', 'hooks'), { recursive: true });
    await writeFile(join(ws, '.git', 'config'), '[core]\n');
    await writeFile(join(ws, 'keep.txt'), 'mine');
    await writeFile(outside, 'outside');
    await symlink(outside, join(ws, 'link.txt'));
    return { top, ws, outside };
  }

  const hostile = (o: string): Listed[] => [
    { path: '/build/.git/config', url: `${o}/git-config` },
    { path: '/build/.git/hooks/post-checkout', url: `${o}/hook` },
    { path: '/build/sub/.GIT/config', url: `${o}/sub-git` },
    { path: '/build/keep.txt', url: `${o}/keep` },
    { path: '/build/link.txt', url: `${o}/link` },
    { path: '/build/new.txt', url: `${o}/new` },
  ];

  it('refuses .git paths, and fails naming files and links already there before downloading anything', async () => {
    const { top, ws, outside } = await workspace();
    const before = await tree(top);
    const s = await service((o) => hostile(o).map((a) => ({ ...a, path: a.path.replace('/build/', '') })));
    const r = await run(s, {}, { workspace: ws });
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toContain(
      '2 paths where artifacts would be saved are already taken in the destination: "keep.txt", "link.txt" (a symbolic link); nothing was downloaded',
    );
    expect(r.errors[0]).toContain('overwrite: true');
    expect(downloads(s)).toEqual([]);
    expect(await tree(top)).toEqual(before);
    expect(await readFile(join(ws, '.git', 'config'), 'utf8')).toBe('[core]\n');
    expect(await readFile(join(ws, 'keep.txt'), 'utf8')).toBe('mine');
    expect(await readlink(join(ws, 'link.txt'))).toBe(outside);
    expect(await readFile(outside, 'utf8')).toBe('outside');
    const refused = warnings(r).join('\n');
    expect(refused).toContain('Refused artifact ".git/config"');
    expect(refused).toContain('Refused artifact ".git/hooks/post-checkout"');
    expect(refused).toContain('Refused artifact "sub/.GIT/config"');
  });

  it('with overwrite, replaces files only: never a link, never under .git', async () => {
    const { top, ws, outside } = await workspace();
    const s = await service((o) => hostile(o).map((a) => ({ ...a, path: a.path.replace('/build/', '') })));
    const r = await run(s, { overwrite: 'true' }, { workspace: ws });
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(await readFile(join(ws, 'keep.txt'), 'utf8')).toBe('bytes:/keep');
    expect(await readFile(join(ws, 'new.txt'), 'utf8')).toBe('bytes:/new');
    expect((await lstat(join(ws, 'link.txt'))).isSymbolicLink()).toBe(true);
    expect(await readFile(outside, 'utf8')).toBe('outside');
    expect(await readFile(join(ws, '.git', 'config'), 'utf8')).toBe('[core]\n');
    expect(await tree(join(ws, '.git'))).toEqual(['config', 'hooks/']);
    expect(existsSync(join(ws, 'sub'))).toBe(false);
    expect(downloads(s).sort()).toEqual(['/keep', '/new']);
    expect(warnings(r).join('\n')).toContain(
      'Refused artifact "link.txt": a symbolic link is at its path, and is never replaced',
    );
    expect(JSON.parse(r.outputs['files'] ?? '')).toEqual([join(ws, 'keep.txt'), join(ws, 'new.txt')]);
    expect(await tree(top)).toContain('ws/new.txt');
  });
});

describe('fetch-artifacts refuses one bad artifact alone', () => {
  it('a path too long, a file:// or ftp:// URL: each refused with a short warning, the rest fetched, no empty folder', async () => {
    const ws = await tempDir();
    const long = `${Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(240, 'x')).join('/')}/too-long.txt`;
    // Short enough alone, too long once joined to the destination.
    const almost = `${Array.from({ length: 16 }, (_, i) => `${i}`.padEnd(253, 'y')).join('/')}/near.txt`;
    const s = await service((o) => [
      { path: '/a/first.txt', url: `${o}/first` },
      { path: long, url: `${o}/long` },
      { path: almost, url: `${o}/almost` },
      { path: '/b/passwd.txt', url: 'file:///etc/passwd' },
      { path: '/c/ftp.txt', url: 'ftp://127.0.0.1/x' },
      { path: '/d/last.txt', url: `${o}/last` },
    ]);
    const r = await run(s, { concurrency: '1' }, { workspace: ws });
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(await tree(ws)).toEqual(['a/first.txt', 'd/last.txt']);
    expect(downloads(s).sort()).toEqual(['/first', '/last']);
    const refused = warnings(r).filter((l) => l.startsWith('::warning::Refused artifact'));
    expect(refused).toHaveLength(4);
    for (const line of refused) expect(line.length).toBeLessThan(400);
    expect(refused.join('\n')).toContain('"b/passwd.txt": its URL is a "file:" address, not http(s)');
    expect(refused.join('\n')).toContain('"c/ftp.txt": its URL is a "ftp:" address, not http(s)');
    expect(refused.join('\n')).toContain('longer than 4095 bytes');
    expect(r.stdout).toContain('4 artifacts were refused and not fetched');
    expect(r.outputs['count']).toBe('2');
  });

  it('keeps the files output within bounds and always writes the list to file-list', async () => {
    const ws = await tempDir();
    // 200 paths of about 3 KB each: 600 KB of JSON, past the 512 KB bound of the output.
    const folders = Array.from({ length: 12 }, (_, i) => `${i}`.padEnd(240, 'f')).join('/');
    const s = await service((o) =>
      Array.from({ length: 200 }, (_, i) => ({ path: `${folders}/f${i}.txt`, url: `${o}/f${i}` })),
    );
    const r = await run(s, {}, { workspace: ws });
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.outputs['count']).toBe('200');
    expect(r.outputs['files']).toBe('[]');
    const listFile = r.outputs['file-list'] ?? '';
    expect(listFile).toMatch(/runner-temp/u);
    const list = JSON.parse(await readFile(listFile, 'utf8')) as string[];
    expect(list).toHaveLength(200);
    expect(list[7]).toBe(join(ws, folders, 'f7.txt'));
    expect(r.stdout).toContain(`the list is in ${listFile} (the file-list output)`);
    const outputBytes = Object.values(r.outputs).reduce((n, v) => n + Buffer.byteLength(v), 0);
    expect(outputBytes).toBeLessThan(1024 * 1024);

    // A short list goes in both.
    const few = await run(await service((o) => [{ path: 'x.txt', url: `${o}/x` }]), {});
    const fewList = await readFile(few.outputs['file-list'] ?? '', 'utf8');
    expect(JSON.parse(few.outputs['files'] ?? '')).toEqual(JSON.parse(fewList));
    expect(JSON.parse(fewList)).toEqual([join(few.workspace, 'x.txt')]);
  });
});

describe('fetch-artifacts at debug level', () => {
  it("never prints an artifact URL's user, password or query", async () => {
    const s = await service((o) => [
      {
        path: 'signed.txt',
        url: `${o.replace('http://', 'http://robot:Pa55-word-77@')}/signed?X-Signature=Sig-secret-4411`,
      },
      { path: 'plain.txt', url: `${o}/plain?token=query-secret-0993` },
    ]);
    const r = await run(s, {}, { env: { RUNNER_DEBUG: '1' } });
    const printed = `${r.stdout}${r.stderr}${r.summary}${JSON.stringify(r.outputs)}`;
    // The per-file debug lines are printed (the test looks where the URL would appear).
    expect(r.stdout).toMatch(/^::debug::plain\.txt: .* from http:\/\/127\.0\.0\.1:\d+\/plain saved as /mu);
    for (const secret of ['Pa55-word-77', 'robot:', 'Sig-secret-4411', 'query-secret-0993'])
      expect(printed).not.toContain(secret);
  });
});
