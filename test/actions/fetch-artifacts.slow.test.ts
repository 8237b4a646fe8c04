// fetch-artifacts end to end: the committed bundle run as the runner runs it, against a service of the test's own
// (an API listing and artifact URLs, hostile where the case calls for it) and against the emulator.
import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Progress } from '../../src/actions/fetch-artifacts/progress.ts';
import { startEmulator } from '../../emulator/index.ts';
import { runAction, startAction, type RunOptions, type RunResult } from '../harness/runner.ts';
import { content, scratch, send, sha256, type Handler, type TestServer } from '../api/download-server.ts';
import { needs } from '../helpers/platform.ts';

const TOKEN = 'fetch-Secret-Token-9931';
const BASIC = `Basic ${Buffer.from(`${TOKEN}:`).toString('base64')}`;
const PROJECT = '/api/v1.1/project/primary-host/octo-org/octo-repo';

interface Listed {
  path: unknown;
  pretty_path?: unknown;
  node_index?: unknown;
  url: unknown;
}

const { server, tempDir, later } = scratch('fetch-e2e-');

/** The build `latest` finds in the service's build list by default. */
const LATEST = 141;

/**
 * The service: lists `artifacts(origin)` for build 140, and `latest(origin)` (else the same) for the build its
 * build list names (`builds`, by default build 141, finished; an empty list when `latest` is null), and serves
 * every other path through `files` (by default, deterministic bytes named by the path).
 */
async function service(options: {
  artifacts: (origin: string) => Listed[];
  latest?: ((origin: string) => Listed[]) | null;
  builds?: Record<string, unknown>[];
  files?: Handler;
}): Promise<TestServer> {
  const files: Handler = options.files ?? ((req, res) => send(req, res, bytesOf(req.url ?? '')));
  const builds = options.builds ?? [
    { build_num: LATEST, lifecycle: 'finished', status: 'success', outcome: 'success' },
  ];
  let origin = '';
  const json = (res: Parameters<Handler>[1], body: unknown): void => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const s = await server((req, res, i) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const artifactsOf = new RegExp(`^${PROJECT}/(\\d+)/artifacts$`, 'u').exec(path);
    if (artifactsOf) {
      const num = Number(artifactsOf[1]);
      if (num === 140) json(res, options.artifacts(origin));
      else if (builds.some((b) => b.build_num === num))
        json(res, (options.latest ?? options.artifacts)(origin));
      else res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Build not found"}');
    } else if (path === PROJECT || path.startsWith(`${PROJECT}/tree/`)) {
      const query = new URL(req.url ?? '', 'http://x').searchParams;
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 30);
      json(res, options.latest === null ? [] : builds.slice(offset, offset + limit));
    } else if (path.startsWith('/api/')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Project not found"}');
    } else files(req, res, i);
  });
  origin = s.origin;
  return s;
}

function bytesOf(urlPath: string, size = 5000): Buffer {
  return content(
    size + (urlPath.length % 97),
    urlPath.length * 7919 + urlPath.charCodeAt(urlPath.length - 1),
  );
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

/** Every file below `dir`, relative, `/`-separated; part files included. */
async function tree(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(relative(dir, full).split('\\').join('/'));
    }
  };
  if (existsSync(dir)) await walk(dir);
  return out.sort();
}

const noParts = (files: string[]): boolean => files.every((f) => !f.endsWith('.part'));

describe('fetch-artifacts', () => {
  it('saves each artifact at its relative path, with outputs, a summary, and the credential only where it belongs', async () => {
    const s = await service({
      artifacts: (o) => [
        {
          path: '/tmp/circle-junit.vCFLHp7/rspec/junit.xml',
          pretty_path: '$CIRCLE_TEST_REPORTS/rspec/junit.xml',
          node_index: 0,
          url: `${o}/0/tmp/circle-junit.vCFLHp7/rspec/junit.xml`,
        },
        {
          path: '/home/build/project/out/app.tar.gz',
          pretty_path: '$CI_ARTIFACTS/out/app.tar.gz',
          node_index: 0,
          url: `${o}/0/home/build/project/out/app.tar.gz`,
        },
        { path: '/home/build/project/coverage/index.html', node_index: 0, url: `${o}/0/coverage/index.html` },
      ],
    });
    const r = await run(s, { path: 'artifacts' });
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    const dest = join(r.workspace, 'artifacts');
    expect(await tree(dest)).toEqual([
      'home/build/project/coverage/index.html',
      'out/app.tar.gz',
      'rspec/junit.xml',
    ]);
    expect(sha256(await readFile(join(dest, 'rspec/junit.xml')))).toBe(
      sha256(bytesOf('/0/tmp/circle-junit.vCFLHp7/rspec/junit.xml')),
    );
    const files = JSON.parse(r.outputs['files'] ?? '[]') as string[];
    expect(files).toEqual([
      join(dest, 'rspec/junit.xml'),
      join(dest, 'out/app.tar.gz'),
      join(dest, 'home/build/project/coverage/index.html'),
    ]);
    expect(r.outputs['count']).toBe('3');
    expect(r.outputs['path']).toBe(dest);
    const sizes = await Promise.all(files.map(async (f) => (await readFile(f)).length));
    expect(r.outputs['bytes']).toBe(String(sizes.reduce((a, b) => a + b, 0)));
    expect(r.summary).toContain('Fetched 3 files');
    expect(r.summary).toContain('rspec/junit.xml');
    expect(r.summary).toContain('build #140 of octo-org/octo-repo');
    expect(r.stdout).toMatch(/Fetched 3 files \(.*\) into .*artifacts in [\d.]+ s/u);
    // Same origin as the API: every request carries the credential, none has it in its URL.
    expect(s.seen.map((q) => q.headers.authorization)).toEqual(s.seen.map(() => BASIC));
    for (const q of s.seen) expect(q.url).not.toContain(TOKEN);
    const shown = r.stdout.split('\n').filter((l) => !l.startsWith('::add-mask::'));
    expect(`${shown.join('\n')}${r.stderr}${r.summary}`).not.toContain(TOKEN);
  });

  it('asks for the latest build of a branch with its status filter', async () => {
    const s = await service({ artifacts: (o) => [{ path: '/a/r.txt', url: `${o}/r.txt` }] });
    const r = await run(s, { 'build-num': 'latest', branch: 'release/1.x', 'status-filter': 'successful' });
    expect(r.code).toBe(0);
    expect(s.seen.slice(0, 2).map((q) => q.url)).toEqual([
      `${PROJECT}/tree/release%2F1.x?limit=1&offset=0&filter=successful`,
      `${PROJECT}/${LATEST}/artifacts`,
    ]);
    expect(await tree(r.workspace)).toEqual(['a/r.txt']);
    // The build it resolved to: named in the log and the summary, and the build-num output.
    expect(r.stdout).toContain(
      `The latest successful build on branch release/1.x of octo-org/octo-repo is build #${LATEST}`,
    );
    expect(r.summary).toContain(`build #${LATEST} (the latest successful build on branch release/1.x)`);
    expect(r.outputs['build-num']).toBe(String(LATEST));
    // One file is one file.
    expect(r.summary).toContain('Fetched 1 file (');
    expect(r.summary).toContain('<b>1 file</b>');
  });

  it('never writes outside the destination, whatever the paths, and says what it refused or contained', async (t) => {
    needs('symlinks')(t);
    const top = await tempDir();
    const ws = join(top, 'ws');
    const dest = join(ws, 'dest');
    const outside = join(top, 'outside');
    await mkdir(dest, { recursive: true });
    await mkdir(outside);
    await symlink(outside, join(dest, 'linked'));
    await writeFile(join(ws, 'keep.txt'), 'mine');
    const before = await tree(top);
    const s = await service({
      artifacts: (o) => [
        { path: '../../escape.txt', url: `${o}/1` },
        { path: '/tmp/x/../../../etc/evil.txt', url: `${o}/2` },
        { path: 'C:\\Users\\ci\\report.txt', url: `${o}/3` },
        { path: '/tmp/%2e%2e/%2e%2e/evil2.txt', url: `${o}/4` },
        { path: '/tmp/nul\u0000.txt', url: `${o}/5` },
        { path: '/abs/ok.txt', pretty_path: '$V/../../../ok.txt', url: `${o}/6` },
        { path: '/linked/through-link.txt', url: `${o}/7` },
        { path: '..\\..\\win-escape.txt', url: `${o}/8` },
        { path: '/', url: `${o}/9` },
      ],
    });
    const r = await run(s, { path: 'dest' }, { workspace: ws });
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    // The planted link is still there, untouched and not followed.
    expect(await tree(dest)).toEqual(['Users/ci/report.txt', 'abs/ok.txt', 'linked']);
    expect(await readdir(outside)).toEqual([]);
    // The destination's parent is as it was, apart from what is below the destination.
    const after = (await tree(top)).filter((f) => !f.startsWith('ws/dest/'));
    expect(after).toEqual(before.filter((f) => !f.startsWith('ws/dest/')));
    expect((await lstat(join(dest, 'linked'))).isSymbolicLink()).toBe(true);
    const warnings = r.stdout.split('\n').filter((l) => l.startsWith('::warning::'));
    expect(warnings.join('\n')).toContain(
      'Refused artifact "../../escape.txt": it climbs out of its folder with \'..\'',
    );
    expect(warnings.join('\n')).toContain('is a percent-encoded');
    expect(warnings.join('\n')).toContain('NUL byte');
    expect(warnings.join('\n')).toContain(
      'Refused artifact "linked/through-link.txt": the folder "linked" in the destination is a symbolic link',
    );
    expect(warnings.join('\n')).toContain('has no file name');
    expect(r.stdout).toContain(
      'Contained artifact "Users/ci/report.txt" inside the destination: backslashes read as separators, drive letter C: dropped',
    );
    // Refused artifacts are never requested.
    expect(
      s.seen
        .map((q) => q.url)
        .filter((u) => !u.startsWith('/api/'))
        .sort(),
    ).toEqual(['/3', '/6']);
  });

  it('tells apart two containers with one path by node_index, and refuses what they cannot tell apart', async () => {
    const s = await service({
      artifacts: (o) => [
        { path: '/out/report.xml', node_index: 0, url: `${o}/0/out/report.xml` },
        { path: '/out/report.xml', node_index: 1, url: `${o}/1/out/report.xml` },
        { path: '/out/only-one.txt', node_index: 1, url: `${o}/1/out/only-one.txt` },
      ],
      latest: (o) => [
        { path: '/out/report.xml', node_index: 0, url: `${o}/0/out/report.xml` },
        { path: '/out/report.xml', node_index: 0, url: `${o}/0/again/out/report.xml` },
      ],
    });
    const r = await run(s, {});
    expect(r.code).toBe(0);
    expect(await tree(r.workspace)).toEqual([
      'node-0/out/report.xml',
      'node-1/out/report.xml',
      'out/only-one.txt',
    ]);
    expect(sha256(await readFile(join(r.workspace, 'node-1/out/report.xml')))).toBe(
      sha256(bytesOf('/1/out/report.xml')),
    );

    s.seen.length = 0;
    const clash = await run(s, { 'build-num': 'latest' });
    expect(clash.code).toBe(1);
    expect(clash.errors).toHaveLength(1);
    expect(clash.errors[0]).toContain('would all be saved at');
    expect(s.seen.map((q) => q.url.split('?')[0])).toEqual([PROJECT, `${PROJECT}/${LATEST}/artifacts`]);
    expect(await tree(clash.workspace)).toEqual([]);
  });

  it('pattern, file-name and flatten choose and name the files', async () => {
    const s = await service({
      artifacts: (o) => [
        { path: '/r/rspec/junit.xml', pretty_path: '$R/rspec/junit.xml', url: `${o}/a` },
        { path: '/r/jest/junit.xml', pretty_path: '$R/jest/junit.xml', url: `${o}/b` },
        { path: '/r/jest/skip/other.xml', pretty_path: '$R/jest/skip/other.xml', url: `${o}/c` },
        { path: '/r/coverage/index.html', pretty_path: '$R/coverage/index.html', url: `${o}/d` },
        { path: '/r/logs/app.log', pretty_path: '$R/logs/app.log', url: `${o}/e` },
      ],
    });
    const some = await run(s, { pattern: '**/*.xml\n!**/skip/**\n# a comment\ncoverage/*' });
    expect(some.code).toBe(0);
    expect(await tree(some.workspace)).toEqual(['coverage/index.html', 'jest/junit.xml', 'rspec/junit.xml']);

    const excluded = await run(s, { pattern: '!logs/**\n!**/*.xml' });
    expect(await tree(excluded.workspace)).toEqual(['coverage/index.html']);

    const one = await run(s, { pattern: 'rspec/*.xml', 'file-name': 'report.xml', path: 'out' });
    expect(one.code).toBe(0);
    expect(await tree(one.workspace)).toEqual(['out/report.xml']);
    expect(sha256(await readFile(join(one.workspace, 'out/report.xml')))).toBe(sha256(bytesOf('/a')));
    expect(JSON.parse(one.outputs['files'] ?? '')).toEqual([join(one.workspace, 'out/report.xml')]);

    s.seen.length = 0;
    const many = await run(s, { pattern: '**/*.xml', 'file-name': 'report.xml' });
    expect(many.code).toBe(1);
    expect(many.errors).toEqual([expect.stringContaining('file-name is given, but 3 artifacts match')]);
    expect(s.seen.filter((q) => !q.url.startsWith('/api/'))).toEqual([]);

    const flat = await run(s, { pattern: 'coverage/**\nlogs/**\nrspec/**', flatten: 'true' });
    expect(flat.code).toBe(0);
    expect(await tree(flat.workspace)).toEqual(['app.log', 'index.html', 'junit.xml']);

    s.seen.length = 0;
    const clash = await run(s, { pattern: '**/junit.xml', flatten: 'true' });
    expect(clash.code).toBe(1);
    expect(clash.errors).toEqual([expect.stringContaining('flatten keeps only file names')]);
    expect(s.seen.filter((q) => !q.url.startsWith('/api/'))).toEqual([]);
    expect(await tree(clash.workspace)).toEqual([]);
  });

  it('if-no-artifacts decides what nothing to fetch means, the 404 of "latest has none" included', async () => {
    const s = await service({ artifacts: () => [], latest: null });
    const warn = await run(s, { 'build-num': 'latest' });
    expect(warn.code).toBe(0);
    expect(warn.stdout).toMatch(
      /^::warning::No artifacts fetched: no latest completed build of octo-org\/octo-repo was found$/mu,
    );
    expect(warn.outputs).toMatchObject({ count: '0', files: '[]', bytes: '0', path: warn.workspace });
    expect(warn.outputs['build-num']).toBeUndefined();

    const empty = await run(await service({ artifacts: () => [] }), { 'build-num': 'latest' });
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain(
      `::warning::No artifacts fetched: build #${LATEST} (the latest completed build) of octo-org/octo-repo has no artifacts`,
    );
    expect(empty.outputs['build-num']).toBe(String(LATEST));

    const fail = await run(s, { 'build-num': 'latest', 'if-no-artifacts': 'fail' });
    expect(fail.code).toBe(1);
    expect(fail.errors).toEqual([expect.stringContaining('No artifacts fetched')]);

    const pass = await run(s, { 'if-no-artifacts': 'pass' });
    expect(pass.code).toBe(0);
    expect(pass.stdout).not.toContain('::warning::');
    expect(pass.stdout).toContain('build #140 of octo-org/octo-repo has no artifacts');

    const some = await service({ artifacts: (o) => [{ path: '/x/a.txt', url: `${o}/a` }] });
    const unmatched = await run(some, { pattern: '*.xml' });
    expect(unmatched.code).toBe(0);
    expect(unmatched.stdout).toContain(
      '::warning::No artifacts fetched: none of the 1 artifacts of build #140',
    );
    expect(unmatched.stdout).toContain('their paths: "x/a.txt"');
  });

  it('an error page is never saved as the artifact: the step fails naming it, and leaves no part file', async () => {
    const s = await service({
      artifacts: (o) => [
        { path: '/r/good.txt', url: `${o}/good` },
        { path: '/r/missing.xml', url: `${o}/missing` },
      ],
      files: (req, res) => {
        if (req.url === '/missing') {
          res.writeHead(404, { 'content-type': 'text/html' }).end('<html><h1>404 Not Found</h1></html>');
        } else send(req, res, content(2_000_000), { delayMs: 2 });
      },
    });
    const r = await run(s, {});
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(
      /artifact r\/missing\.xml: GET .*\/missing failed with HTTP 404: 404 Not Found/u,
    );
    const files = await tree(r.workspace);
    expect(files).not.toContain('r/missing.xml');
    expect(noParts(files)).toBe(true);
  });

  it('a folder already at a final path fails the step naming it, before anything is downloaded', async () => {
    const ws = await tempDir();
    await mkdir(join(ws, 'r', 'a.txt'), { recursive: true });
    await writeFile(join(ws, 'r', 'a.txt', 'keep'), 'mine');
    const s = await service({ artifacts: (o) => [{ path: '/r/a.txt', url: `${o}/a` }] });
    const r = await run(s, {}, { workspace: ws });
    expect(r.code).toBe(1);
    expect(r.errors).toEqual([expect.stringContaining('"r/a.txt" (a folder)')]);
    expect(r.stdout).not.toContain('unexpected error');
    expect(s.seen.filter((q) => !q.url.startsWith('/api/'))).toEqual([]);
    expect(await tree(ws)).toEqual(['r/a.txt/keep']);
    // overwrite replaces files, never a folder: that artifact alone is refused.
    const again = await run(s, { overwrite: 'true' }, { workspace: ws });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('::warning::Refused artifact "r/a.txt": a folder is at its path');
    expect(await tree(ws)).toEqual(['r/a.txt/keep']);
  });

  it('resumes a dropped download with a Range request and saves the whole file', async () => {
    const data = content(3_000_000, 3);
    let downloads = 0;
    const s = await service({
      artifacts: (o) => [{ path: '/big.bin', url: `${o}/big.bin` }],
      files: (req, res) =>
        send(req, res, data, ++downloads === 1 ? { cutAfter: 1_000_000, cut: 'reset' } : {}),
    });
    const r = await run(s, {});
    expect(r.code).toBe(0);
    expect(sha256(await readFile(join(r.workspace, 'big.bin')))).toBe(sha256(data));
    expect(s.seen.filter((q) => q.url === '/big.bin')[1]?.headers.range).toMatch(/^bytes=[1-9]\d*-$/u);
    expect(r.stdout).toMatch(/big\.bin: GET .* failed: network error ECONNRESET; resuming at \d+ bytes/u);
  });

  it('sends the credential to the listed artifact origin, and not to the origin it redirects to', async () => {
    const elsewhere = await server((req, res) => send(req, res, bytesOf('/blob')));
    const storage = await server((req, res) => {
      if (req.url === '/redirect') res.writeHead(302, { location: `${elsewhere.origin}/blob?sig=1` }).end();
      else send(req, res, bytesOf(req.url ?? ''));
    });
    const s = await service({
      artifacts: () => [
        { path: '/a.txt', url: `${storage.origin}/direct` },
        { path: '/b.txt', url: `${storage.origin}/redirect` },
      ],
    });
    const r = await run(s, {});
    expect(r.code).toBe(0);
    // The redirecting URL is asked twice: directly, then along the transport's one redirect policy.
    expect(storage.seen.map((q) => q.headers.authorization)).toEqual(storage.seen.map(() => BASIC));
    expect(storage.seen.length).toBeLessThanOrEqual(3);
    expect(elsewhere.seen.map((q) => q.headers.authorization)).toEqual([undefined]);
    expect(sha256(await readFile(join(r.workspace, 'b.txt')))).toBe(sha256(bytesOf('/blob')));
  });

  it('keeps to `concurrency` downloads at once, and uses them all', async () => {
    const s = await service({
      artifacts: (o) => Array.from({ length: 30 }, (_, i) => ({ path: `/f/${i}.bin`, url: `${o}/f/${i}` })),
      files: (req, res) => send(req, res, content(100_000), { delayMs: 3, chunkSize: 8192 }),
    });
    const three = await run(s, { concurrency: '3' });
    expect(three.code).toBe(0);
    expect(s.maxInFlight).toBe(3);
    expect(await tree(three.workspace)).toHaveLength(30);

    const s8 = await service({
      artifacts: (o) => Array.from({ length: 30 }, (_, i) => ({ path: `/f/${i}.bin`, url: `${o}/f/${i}` })),
      files: (req, res) => send(req, res, content(100_000), { delayMs: 3, chunkSize: 8192 }),
    });
    const eight = await run(s8, {});
    expect(eight.code).toBe(0);
    expect(s8.maxInFlight).toBe(8);
  });

  it('opens no more connections to an artifact origin than `concurrency`', async () => {
    // Answers come in threes, all at once: the next three downloads start while the connections just used are
    // still being checked before reuse, when undici would open new ones.
    let held: (() => void)[] = [];
    const storage = await server((req, res) => {
      held.push(() => send(req, res, bytesOf(req.url ?? '')));
      if (held.length === 3) {
        for (const answer of held) answer();
        held = [];
      }
    });
    const s = await service({
      artifacts: () =>
        Array.from({ length: 150 }, (_, i) => ({ path: `/f/${i}.bin`, url: `${storage.origin}/f/${i}` })),
    });
    const r = await run(s, { concurrency: '3' });
    expect(r.code).toBe(0);
    expect(await tree(r.workspace)).toHaveLength(150);
    expect(storage.seen).toHaveLength(150);
    expect(storage.connections).toBe(3);
  });

  it('lists at most 50 files in the summary, counting the rest', async () => {
    const s = await service({
      artifacts: (o) =>
        Array.from({ length: 60 }, (_, i) => ({ path: `/r/${i}|<b>.txt`, url: `${o}/r/${i}` })),
    });
    const r = await run(s, { concurrency: '16' });
    expect(r.code).toBe(0);
    expect(r.outputs['count']).toBe('60');
    expect(r.summary.match(/<tr>/gu)).toHaveLength(52); // header, 50 files, total
    expect(r.summary).toContain('…and 10 more files');
    expect(r.summary).not.toContain('<b>.txt');
    // An HTML cell: HTML escapes only, no Markdown backslash that GitHub would show.
    expect(r.summary).toContain('<td>r/0|&lt;b&gt;.txt</td>');
  });

  it('a job summary that cannot be written is a warning: the files are fetched, with and without artifacts', async () => {
    const env = { GITHUB_STEP_SUMMARY: join(await tempDir(), 'no-such-folder', 'summary.md') };
    const s = await service({ artifacts: (o) => [{ path: '/a/one.txt', url: `${o}/a/one.txt` }] });
    const r = await run(s, {}, { env });
    expect(r.code).toBe(0);
    expect(r.outputs['count']).toBe('1');
    expect(r.stdout).toMatch(/^::warning::Could not write the job summary: /mu);
    const none = await run(await service({ artifacts: () => [] }), { 'if-no-artifacts': 'pass' }, { env });
    expect(none.code).toBe(0);
    expect(none.stdout).toMatch(/^::warning::Could not write the job summary: /mu);
  });

  it.each([
    [{ 'build-num': '0' }, 'build-num'],
    [{ 'build-num': 'newest' }, 'build-num'],
    [{ 'build-num': '12', branch: 'main' }, 'branch'],
    [{ 'build-num': '12', 'status-filter': 'failed' }, 'status-filter'],
    [{ 'status-filter': 'running' }, 'status-filter'],
    [{ 'file-name': 'a/b.txt' }, 'file-name'],
    [{ 'file-name': '..' }, 'file-name'],
    [{ pattern: '/tmp/**' }, 'pattern'],
    [{ pattern: 'ok/*\n!' }, 'pattern'],
    [{ flatten: 'yes' }, 'flatten'],
    [{ 'if-no-artifacts': 'error' }, 'if-no-artifacts'],
    [{ concurrency: '0' }, 'concurrency'],
    [{ concurrency: '33' }, 'concurrency'],
    [{ concurrency: 'many' }, 'concurrency'],
  ])('refuses %j before sending anything', async (inputs, input) => {
    const s = await service({ artifacts: () => [] });
    const r = await run(s, inputs);
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(new RegExp(`^::error::${input}: .*allowed`, 'u'));
    expect(r.stderr).not.toMatch(/\n\s+at /u);
    expect(s.seen).toHaveLength(0);
  });

  it.for(['SIGINT', 'SIGTERM'] as const)(
    '%s mid-download exits non-zero within 5 s and leaves no part file',
    async (signal, t) => {
      needs('posix-signals')(t);
      const s = await service({
        artifacts: (o) =>
          Array.from({ length: 4 }, (_, i) => ({ path: `/big/${i}.bin`, url: `${o}/big/${i}` })),
        files: (req, res) => send(req, res, content(4_000_000), { cutAfter: 1_000_000, cut: 'stall' }),
      });
      const ws = await tempDir();
      const started = await startAction('fetch-artifacts', {
        inputs: { token: TOKEN, 'base-url': `${s.origin}/api/v1.1`, 'build-num': '140' },
        workspace: ws,
      });
      await started.waitFor(/Fetching 4 artifacts/u);
      await waitForParts(ws, 4, s);
      // The bytes sent so far have arrived.
      await new Promise((r) => setTimeout(r, 200));
      const sentAt = Date.now();
      started.child.kill(signal);
      const r = await started.done;
      expect(Date.now() - sentAt).toBeLessThan(5_000);
      expect(r.code).not.toBe(0);
      expect(r.errors).toEqual([expect.stringContaining(`the step was cancelled (${signal})`)]);
      expect(await tree(ws)).toEqual([]);
    },
  );

  it('fetches from the emulator, through its redirect to signed storage URLs, across containers', async () => {
    const emu = await startEmulator({ token: TOKEN, artifactRedirect: true });
    later(() => emu.close());
    const project = emu.state.project('primary-host', 'octo-org', 'octo-repo');
    emu.state.addBuild(project, {
      outcome: 'success',
      parallel: 2,
      artifacts: [
        { path: 'dist/app.tar.gz', size: 300_001, nodeIndex: 0 },
        { path: 'reports/junit.xml', size: 1536 },
      ],
    });
    const r = await runAction('fetch-artifacts', {
      inputs: { token: TOKEN, 'base-url': emu.baseUrl, 'build-num': '1' },
    });
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    const files = await tree(r.workspace);
    expect(files).toEqual(['dist/app.tar.gz', 'node-0/reports/junit.xml', 'node-1/reports/junit.xml']);
    expect(
      (await readFile(join(r.workspace, 'dist/app.tar.gz'))).equals(
        emu.state.artifactBytes(project, 1, 'dist/app.tar.gz'),
      ),
    ).toBe(true);
    expect(
      (await readFile(join(r.workspace, 'node-1/reports/junit.xml'))).equals(
        emu.state.artifactBytes(project, 1, 'reports/junit.xml', 1),
      ),
    ).toBe(true);
    const second = emu.requests.filter((q) => q.origin === 'second');
    expect(second).toHaveLength(3);
    for (const q of second) expect(q.headers.authorization).toBeUndefined();
  });
});

/** Polls until `count` part files are in `dir` and the server is answering as many downloads. */
async function waitForParts(dir: string, count: number, s: TestServer): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    const parts = (await tree(dir)).filter((f) => f.endsWith('.part'));
    const answering = s.seen.filter((q) => !q.url.startsWith('/api/')).length;
    if (parts.length >= count && answering >= count) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${count} part files never appeared in ${dir} (${s.seen.length} requests)`);
}

describe('Progress', () => {
  it('says files and bytes done with the rate since the last line, and the whole run at the end', () => {
    let now = 0;
    const progress = new Progress(800, () => now);
    progress.received(300 * 1024 * 1024);
    for (let i = 0; i < 120; i++) progress.fileDone();
    now = 10_000;
    expect(progress.line()).toBe('120 of 800 files done, 300.0 MiB received (30.0 MiB/s)');
    progress.received(100 * 1024 * 1024);
    now = 15_000;
    expect(progress.line()).toBe('120 of 800 files done, 400.0 MiB received (20.0 MiB/s)');
    now = 20_000;
    expect(progress.summary(400 * 1024 * 1024, '/dest')).toBe(
      'Fetched 120 files (400.0 MiB) into /dest in 20 s (20.0 MiB/s)',
    );
  });
});
