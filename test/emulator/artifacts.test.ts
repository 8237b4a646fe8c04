import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artifact } from '../../src/service/records.ts';
import { startEmulator, type EmulatedProject, type Emulator } from '../../emulator/index.ts';
import { call, FakeClock } from './helpers.ts';

const MiB = 1024 * 1024;

let emulator: Emulator;
let project: EmulatedProject;
const clock = new FakeClock();

beforeAll(async () => {
  emulator = await startEmulator({ clock });
  project = emulator.state.project('primary-host', 'octo-org', 'octo-repo');
  emulator.state.addBuild(project, {
    outcome: 'success',
    artifacts: [
      { path: 'dist/app.tar.gz', size: 300_001 },
      { path: 'dir with space/notes.txt', size: 17 },
      { path: 'big.bin', size: 64 * MiB },
      { path: 'empty.txt', size: 0 },
    ],
  });
});

afterAll(async () => {
  await emulator.close();
});

async function artifactUrl(em: Emulator, slug: string, num: number, suffix: string): Promise<string> {
  const list = (await call(em, 'GET', `/project/${slug}/${num}/artifacts`)).json as Artifact[];
  const found = list.find((artifact) => artifact.path.endsWith(suffix));
  if (found === undefined) throw new Error(`no artifact ${suffix}`);
  return found.url;
}

describe('artifact downloads', () => {
  it('serve the bytes with length and type, given the API credential', async () => {
    const url = await artifactUrl(emulator, project.slug, 1, 'app.tar.gz');
    const response = await fetch(url, { headers: { Authorization: emulator.authorization } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-length')).toBe('300001');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(emulator.state.artifactBytes(project, 1, 'dist/app.tar.gz'))).toBe(true);
    expect(createHash('sha256').update(body).digest('hex')).toBe(
      emulator.state.artifactSha256(project, 1, '/home/build/project/dist/app.tar.gz'),
    );
    // Deterministic: the same artifact of another emulator has the same bytes.
    const again = await startEmulator({ clock });
    try {
      const copy = again.state.project('primary-host', 'octo-org', 'octo-repo');
      again.state.addBuild(copy, {
        outcome: 'success',
        artifacts: [{ path: 'dist/app.tar.gz', size: 300_001 }],
      });
      expect(again.state.artifactBytes(copy, 1, 'dist/app.tar.gz').equals(body)).toBe(true);
    } finally {
      await again.close();
    }
  });

  it('encode path segments in the URL and serve them', async () => {
    const url = await artifactUrl(emulator, project.slug, 1, 'notes.txt');
    expect(url).toContain('/dir%20with%20space/notes.txt');
    const response = await fetch(url, { headers: { Authorization: emulator.authorization } });
    expect(Buffer.from(await response.arrayBuffer())).toEqual(
      emulator.state.artifactBytes(project, 1, 'dir with space/notes.txt'),
    );
  });

  it('serve an empty artifact and answer HEAD without a body', async () => {
    const empty = await fetch(await artifactUrl(emulator, project.slug, 1, 'empty.txt'), {
      headers: { Authorization: emulator.authorization },
    });
    expect(empty.status).toBe(200);
    expect((await empty.arrayBuffer()).byteLength).toBe(0);
    const head = await fetch(await artifactUrl(emulator, project.slug, 1, 'big.bin'), {
      method: 'HEAD',
      headers: { Authorization: emulator.authorization },
    });
    expect(head.headers.get('content-length')).toBe(String(64 * MiB));
  });

  it('need the API credential (401) and answer 404 for unknown or not yet finished artifacts', async () => {
    const url = await artifactUrl(emulator, project.slug, 1, 'app.tar.gz');
    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'You must log in first.' });
    const wrong = await fetch(url, {
      headers: { Authorization: `Basic ${Buffer.from('x:').toString('base64')}` },
    });
    expect(wrong.status).toBe(401);

    const missing = await fetch(url.replace('app.tar.gz', 'nope.tar.gz'), {
      headers: { Authorization: emulator.authorization },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/text\/html/);

    const running = emulator.state.addBuild(project, {
      status: 'running',
      artifacts: [{ path: 'x.bin', size: 9 }],
    });
    const early = await fetch(
      `${emulator.origin}/artifacts/${project.slug}/${running.build_num}/0/home/build/project/x.bin`,
      { headers: { Authorization: emulator.authorization } },
    );
    expect(early.status).toBe(404);
  });

  it('answer ranges with 206 and Content-Range, so downloads can resume', async () => {
    const url = await artifactUrl(emulator, project.slug, 1, 'app.tar.gz');
    const whole = emulator.state.artifactBytes(project, 1, 'dist/app.tar.gz');
    const get = async (range: string, extra: Record<string, string> = {}) => {
      const response = await fetch(url, {
        headers: { Authorization: emulator.authorization, Range: range, ...extra },
      });
      return { response, body: Buffer.from(await response.arrayBuffer()) };
    };
    for (const start of [0, 1, 3, 65_537, 300_000]) {
      const { response, body } = await get(`bytes=${start}-`);
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-300000/300001`);
      expect(response.headers.get('content-length')).toBe(String(300_001 - start));
      expect(body.equals(whole.subarray(start))).toBe(true);
    }
    const middle = await get('bytes=10-19');
    expect(middle.response.headers.get('content-range')).toBe('bytes 10-19/300001');
    expect(middle.body.equals(whole.subarray(10, 20))).toBe(true);
    const suffix = await get('bytes=-5');
    expect(suffix.body.equals(whole.subarray(-5))).toBe(true);

    const beyond = await get('bytes=300001-');
    expect(beyond.response.status).toBe(416);
    expect(beyond.response.headers.get('content-range')).toBe('bytes */300001');

    const etag = middle.response.headers.get('etag') ?? '';
    expect((await get('bytes=10-', { 'If-Range': etag })).response.status).toBe(206);
    expect((await get('bytes=10-', { 'If-Range': '"other"' })).response.status).toBe(200);
    expect((await get('bytes=0-1,5-6')).response.status).toBe(200);
  });

  it('stream a 64 MiB artifact without holding it in memory', async () => {
    const url = await artifactUrl(emulator, project.slug, 1, 'big.bin');
    // The client runs in another process, so that only the server's memory is measured here.
    const client = `
      const { createHash } = require('node:crypto');
      const hash = createHash('sha256');
      let size = 0;
      require('node:http').get(process.argv[1], { headers: { Authorization: process.argv[2] } }, (res) => {
        res.on('data', (chunk) => { size += chunk.length; hash.update(chunk); });
        res.on('end', () => console.log(JSON.stringify({ status: res.statusCode, size, sha: hash.digest('hex') })));
      });`;
    const before = process.memoryUsage();
    let peakExternal = 0;
    let peakRss = 0;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakExternal = Math.max(peakExternal, now.arrayBuffers - before.arrayBuffers);
      peakRss = Math.max(peakRss, now.rss - before.rss);
    }, 2);
    const output = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['-e', client, url, emulator.authorization], (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      );
    }).finally(() => clearInterval(sampler));
    expect(JSON.parse(output)).toEqual({
      status: 200,
      size: 64 * MiB,
      sha: emulator.state.artifactSha256(project, 1, 'big.bin'),
    });
    expect(peakExternal).toBeLessThan(8 * MiB);
    expect(peakRss).toBeLessThan(32 * MiB);
  });
});

describe('artifact redirects', () => {
  let redirecting: Emulator;

  beforeAll(async () => {
    redirecting = await startEmulator({ clock, artifactRedirect: true });
    redirecting.state.project('primary-host', 'octo-org', 'octo-repo');
    redirecting.state.addBuild('primary-host/octo-org/octo-repo', {
      outcome: 'success',
      artifacts: [{ path: 'dist/app.tar.gz', size: 5000 }],
    });
  });

  afterAll(async () => {
    await redirecting.close();
  });

  it('answer 302 to a signed URL on the second origin, which serves without Authorization', async () => {
    const url = await artifactUrl(redirecting, 'primary-host/octo-org/octo-repo', 1, 'app.tar.gz');
    expect(url.startsWith(redirecting.origin)).toBe(true);
    const first = await fetch(url, {
      headers: { Authorization: redirecting.authorization },
      redirect: 'manual',
    });
    expect(first.status).toBe(302);
    const location = first.headers.get('location') ?? '';
    expect(location.startsWith(`${redirecting.secondOrigin}/artifacts/`)).toBe(true);
    expect(location).toMatch(/Signature=/);

    redirecting.resetRequests();
    const followed = await fetch(url, { headers: { Authorization: redirecting.authorization } });
    expect(followed.status).toBe(200);
    const body = Buffer.from(await followed.arrayBuffer());
    expect(
      body.equals(redirecting.state.artifactBytes('primary-host/octo-org/octo-repo', 1, 'dist/app.tar.gz')),
    ).toBe(true);
    const second = redirecting.requests.filter((request) => request.origin === 'second');
    expect(second).toHaveLength(1);
    expect(second[0]?.headers.authorization).toBeUndefined();
    expect(redirecting.requests.find((request) => request.origin === 'api')?.headers.authorization).toBe(
      redirecting.authorization,
    );
  });

  it('the second origin refuses a leaked Authorization header, a bad signature and an expired URL', async () => {
    const url = await artifactUrl(redirecting, 'primary-host/octo-org/octo-repo', 1, 'app.tar.gz');
    const location =
      (
        await fetch(url, { headers: { Authorization: redirecting.authorization }, redirect: 'manual' })
      ).headers.get('location') ?? '';
    const leaked = await fetch(location, { headers: { Authorization: redirecting.authorization } });
    expect(leaked.status).toBe(400);
    expect(await leaked.text()).toContain('<Error>');
    expect((await fetch(location.replace(/Signature=\w+/, 'Signature=00'))).status).toBe(403);
    const ranged = await fetch(location, { headers: { Range: 'bytes=4000-' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(1000);
    clock.advance(3_600_000);
    expect((await fetch(location)).status).toBe(403);
  });

  it('can be switched on per project', async () => {
    const project2 = emulator.state.project('primary-host', 'octo-org', 'redirected', {
      artifactRedirect: true,
    });
    emulator.state.addBuild(project2, { outcome: 'success' });
    const url = await artifactUrl(emulator, project2.slug, 1, 'junit.xml');
    const response = await fetch(url, {
      headers: { Authorization: emulator.authorization },
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
  });
});
