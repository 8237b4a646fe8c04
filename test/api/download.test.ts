import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sleep, type Clock } from '../../src/common/clock.ts';
import { AbortedError } from '../../src/common/errors.ts';
import { DownloadError, Downloader, parseContentRange } from '../../src/files/download.ts';
import { forEachLimited } from '../../src/common/limiter.ts';
import { Transport } from '../../src/service/http/transport.ts';
import { content, scratch, send, sha256, type TestServer } from './download-server.ts';
import { needs } from '../helpers/platform.ts';

const TOKEN = 'download-test-token';
const BASIC = `Basic ${Buffer.from(`${TOKEN}:`).toString('base64')}`;

/** Real waits, shortened: retries happen at once but still go through clock.sleep and its abort. */
const fastClock: Clock = {
  now: () => Date.now(),
  random: () => 0.5,
  sleep: (ms, signal) => sleep(Math.min(ms, 5), signal),
};

const { server, tempDir, later } = scratch('download-');

function transport(api: TestServer | string, bodyIdleMs = 5_000): Transport {
  const origin = typeof api === 'string' ? api : api.origin;
  const t = new Transport({
    baseUrl: `${origin}/api/v1.1`,
    token: TOKEN,
    clock: fastClock,
    timeouts: { connectMs: 2_000, headersMs: 2_000, bodyIdleMs },
  });
  later(() => t.close());
  return t;
}

function downloaderOf(
  t: Transport,
  extra: Partial<ConstructorParameters<typeof Downloader>[0]> = {},
): Downloader {
  return new Downloader({ opener: t, clock: fastClock, ...extra });
}

const DATA = content(300_000, 7);

// A file of at most one write batch (1 MiB) is written once, at its end; a larger one in batches, each written
// while the next fills. Both ways must keep every promise about the body.
describe.each([
  ['one batch or less', DATA],
  ['several batches', content(3 * 1024 * 1024 + 4321, 7)],
])('Downloader, a file of %s', (_size, DATA) => {
  const downloader = (t: Transport, extra: Parameters<typeof downloaderOf>[1] = {}): Downloader =>
    downloaderOf(t, extra);

  it('streams a file to its place through a part file, counting every byte', async () => {
    const s = await server((req, res) => send(req, res, DATA));
    const dir = await tempDir();
    const dest = join(dir, 'a.bin');
    let counted = 0;
    const d = downloader(transport(s));
    const result = await d.download({
      url: `${s.origin}/a.bin`,
      dest,
      name: 'a.bin',
      onBytes: (n) => (counted += n),
    });
    expect(result).toEqual({ bytes: DATA.length, attempts: 1, resumed: 0 });
    expect(sha256(await readFile(dest))).toBe(sha256(DATA));
    expect(counted).toBe(DATA.length);
    expect(await readdir(dir)).toEqual(['a.bin']);
    expect(d.parts.size).toBe(0);
    // Bytes as stored: no decoding asked for, so Content-Length always describes what is written.
    expect(s.seen[0]?.headers['accept-encoding']).toBe('identity');
  });

  it('resumes a connection dropped mid-body with a Range request for the rest (If-Range on the ETag)', async () => {
    const s = await server((req, res, i) =>
      send(req, res, DATA, i === 0 ? { cutAfter: 100_000, cut: 'reset' } : {}),
    );
    const dir = await tempDir();
    const dest = join(dir, 'a.bin');
    const logs: string[] = [];
    const d = downloader(transport(s), { log: (_l, m) => logs.push(m) });
    const result = await d.download({ url: `${s.origin}/a.bin`, dest, name: 'a.bin' });
    expect(result.attempts).toBe(2);
    expect(result.resumed).toBe(1);
    expect(s.seen[1]?.headers.range).toMatch(/^bytes=\d+-$/u);
    expect(Number(/\d+/u.exec(s.seen[1]?.headers.range ?? '')?.[0])).toBeGreaterThan(0);
    expect(s.seen[1]?.headers['if-range']).toBe(s.seen[0] && `"${sha256(DATA).slice(0, 16)}"`);
    expect(sha256(await readFile(dest))).toBe(sha256(DATA));
    expect(await readdir(dir)).toEqual(['a.bin']);
    expect(logs.join('\n')).toMatch(/a\.bin: .*resuming at \d+ bytes/u);
  });

  it('a body shorter than Content-Length, closed cleanly every time, is an error naming the artifact, not a file', async () => {
    const s = await server((req, res) =>
      send(req, res, DATA, { cutAfter: 1000, cut: 'clean', ranges: false }),
    );
    const dir = await tempDir();
    const d = downloader(transport(s), { retry: { maxAttempts: 3 } });
    const error = await d
      .download({ url: `${s.origin}/a.bin`, dest: join(dir, 'a.bin'), name: 'out/a.bin' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as Error).message).toMatch(/^artifact out\/a\.bin: /u);
    expect(s.seen).toHaveLength(3);
    expect(await readdir(dir)).toEqual([]);
  });

  it('a short body is resumed where the server allows it, and the file is whole', async () => {
    const s = await server((req, res, i) =>
      send(req, res, DATA, i < 2 ? { cutAfter: 50_000, cut: 'clean' } : {}),
    );
    const dir = await tempDir();
    const result = await downloader(transport(s)).download({
      url: `${s.origin}/a`,
      dest: join(dir, 'a'),
      name: 'a',
    });
    expect(result).toMatchObject({ bytes: DATA.length, attempts: 3, resumed: 2 });
    expect(sha256(await readFile(join(dir, 'a')))).toBe(sha256(DATA));
  });

  it('a stalled body times out and is resumed; a body that always stalls fails and leaves nothing', async () => {
    const s = await server((req, res, i) =>
      send(req, res, DATA, i === 0 ? { cutAfter: 20_000, cut: 'stall' } : {}),
    );
    const dir = await tempDir();
    const result = await downloader(transport(s, 300)).download({
      url: `${s.origin}/a`,
      dest: join(dir, 'a'),
      name: 'a',
    });
    expect(result.resumed).toBe(1);
    expect(sha256(await readFile(join(dir, 'a')))).toBe(sha256(DATA));

    const stuck = await server((req, res) =>
      send(req, res, DATA, { cutAfter: 20_000, cut: 'stall', ranges: false }),
    );
    const d = downloader(transport(stuck, 200), { retry: { maxAttempts: 2 } });
    await expect(d.download({ url: `${stuck.origin}/b`, dest: join(dir, 'b'), name: 'b' })).rejects.toThrow(
      /artifact b: .*timed out: the response body stalled/u,
    );
    expect(await readdir(dir)).toEqual(['a']);
  });

  it('an HTML 404 page is never written as the artifact, and a 404 is not retried', async () => {
    const s = await server((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body><h1>Not Found</h1></body></html>');
    });
    const dir = await tempDir();
    const error = await downloader(transport(s))
      .download({ url: `${s.origin}/gone.xml`, dest: join(dir, 'gone.xml'), name: 'gone.xml' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as Error).message).toMatch(
      /^artifact gone\.xml: GET .*gone\.xml failed with HTTP 404: Not Found/u,
    );
    expect(s.seen).toHaveLength(1);
    expect(await readdir(dir)).toEqual([]);
  });

  it('a 500 is retried, and its error page is not what gets saved', async () => {
    const s = await server((req, res, i) => {
      if (i < 2) res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error page');
      else send(req, res, DATA);
    });
    const dir = await tempDir();
    const result = await downloader(transport(s)).download({
      url: `${s.origin}/a`,
      dest: join(dir, 'a'),
      name: 'a',
    });
    expect(result.attempts).toBe(3);
    expect(sha256(await readFile(join(dir, 'a')))).toBe(sha256(DATA));
  });

  it('a server that answers a Range request with 200 is downloaded again from the start', async () => {
    const s = await server((req, res, i) =>
      send(req, res, DATA, i === 0 ? { cutAfter: 100_000, cut: 'reset', ranges: false } : { ranges: false }),
    );
    const dir = await tempDir();
    let counted = 0;
    const result = await downloader(transport(s)).download({
      url: `${s.origin}/a`,
      dest: join(dir, 'a'),
      name: 'a',
      onBytes: (n) => (counted += n),
    });
    expect(s.seen[1]?.headers.range).toBeDefined();
    expect(result).toMatchObject({ bytes: DATA.length, resumed: 0 });
    expect(sha256(await readFile(join(dir, 'a')))).toBe(sha256(DATA));
    expect(counted).toBe(DATA.length);
  });

  it('a 206 whose Content-Range does not start where asked is not appended: the file is fetched whole', async () => {
    const s = await server((req, res, i) => {
      if (i === 0) send(req, res, DATA, { cutAfter: 100_000, cut: 'reset' });
      else if (i === 1) {
        res.writeHead(206, { 'content-range': `bytes 0-9/${DATA.length}`, 'content-length': '10' });
        res.end(DATA.subarray(0, 10));
      } else send(req, res, DATA);
    });
    const dir = await tempDir();
    await downloader(transport(s)).download({ url: `${s.origin}/a`, dest: join(dir, 'a'), name: 'a' });
    expect(s.seen[2]?.headers.range).toBeUndefined();
    expect(sha256(await readFile(join(dir, 'a')))).toBe(sha256(DATA));
  });

  it('a file fetched whole after an unusable range, and now shorter, keeps nothing of the bytes written before', async () => {
    const changed = content(50_000, 9);
    const s = await server((req, res, i) => {
      if (i === 0) send(req, res, DATA, { cutAfter: 100_000, cut: 'reset' });
      else if (i === 1) {
        res.writeHead(206, { 'content-range': `bytes 0-9/${DATA.length}`, 'content-length': '10' });
        res.end(DATA.subarray(0, 10));
      } else send(req, res, changed);
    });
    const dir = await tempDir();
    const result = await downloader(transport(s)).download({
      url: `${s.origin}/a`,
      dest: join(dir, 'a'),
      name: 'a',
    });
    expect(s.seen[2]?.headers.range).toBeUndefined();
    expect(result.bytes).toBe(changed.length);
    expect(sha256(await readFile(join(dir, 'a')))).toBe(sha256(changed));
  });

  it('replaces an existing file only by rename, and a symlink at the final path is replaced, not written through', async (t) => {
    needs('symlinks')(t);
    const s = await server((req, res) => send(req, res, DATA));
    const dir = await tempDir();
    const outside = join(dir, 'outside.txt');
    await writeFile(outside, 'untouched');
    await mkdir(join(dir, 'dest'));
    await writeFile(join(dir, 'dest', 'old.bin'), 'old');
    await symlink(outside, join(dir, 'dest', 'link.bin'));
    const d = downloader(transport(s));
    await d.download({ url: `${s.origin}/a`, dest: join(dir, 'dest', 'old.bin'), name: 'old.bin' });
    await d.download({ url: `${s.origin}/a`, dest: join(dir, 'dest', 'link.bin'), name: 'link.bin' });
    expect(sha256(await readFile(join(dir, 'dest', 'old.bin')))).toBe(sha256(DATA));
    expect(sha256(await readFile(join(dir, 'dest', 'link.bin')))).toBe(sha256(DATA));
    expect(await readFile(outside, 'utf8')).toBe('untouched');
  });

  it('a file that changed between attempts and got shorter is the new file, with nothing of the old one after it', async () => {
    const changed = content(DATA.length - 5000, 9);
    const s = await server((req, res, i) =>
      i === 0
        ? send(req, res, DATA, { cutAfter: DATA.length - 1000, cut: 'reset' })
        : send(req, res, changed),
    );
    const dir = await tempDir();
    const result = await downloader(transport(s)).download({
      url: `${s.origin}/a`,
      dest: join(dir, 'a'),
      name: 'a',
    });
    // The If-Range no longer matches, so the server sent the whole new file.
    expect(s.seen[1]?.headers['if-range']).toBeDefined();
    expect(result).toMatchObject({ bytes: changed.length, attempts: 2, resumed: 0 });
    expect(sha256(await readFile(join(dir, 'a')))).toBe(sha256(changed));
  });
});

describe('Downloader', () => {
  const downloader = downloaderOf;

  it('an abort mid-body ends at once with AbortedError and removes the part file', async () => {
    const s = await server((req, res) => send(req, res, DATA, { cutAfter: 50_000, cut: 'stall' }));
    const dir = await tempDir();
    const controller = new AbortController();
    const d = downloader(transport(s));
    let received = 0;
    const pending = d.download({
      url: `${s.origin}/a`,
      dest: join(dir, 'a'),
      name: 'a',
      signal: controller.signal,
      onBytes: (n) => {
        received += n;
        if (received >= 50_000) controller.abort(new AbortedError('stop'));
      },
    });
    const started = Date.now();
    await expect(pending).rejects.toThrow(AbortedError);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await readdir(dir)).toEqual([]);
    expect(d.parts.size).toBe(0);
  });

  it('removeParts() removes the part files of downloads still running', async () => {
    const s = await server((req, res) => send(req, res, DATA, { cutAfter: 10_000, cut: 'stall' }));
    const dir = await tempDir();
    const d = downloader(transport(s, 60_000));
    const controller = new AbortController();
    const pending = d.download({
      url: `${s.origin}/a`,
      dest: join(dir, 'a'),
      name: 'a',
      signal: controller.signal,
    });
    while (d.parts.size === 0 || s.seen.length === 0) await sleep(5);
    expect((await readdir(dir)).some((f) => /^a\.[0-9a-f]{12}\.part$/u.test(f))).toBe(true);
    d.removeParts();
    expect(await readdir(dir)).toEqual([]);
    controller.abort();
    await expect(pending).rejects.toThrow();
  });

  it('sends the credential to the API origin and listed artifact origins only, never across a redirect', async () => {
    const elsewhere = await server((req, res) => send(req, res, DATA));
    const storage = await server((req, res) => {
      if (req.url === '/signed') {
        res.writeHead(302, { location: `${elsewhere.origin}/blob?sig=abc` }).end();
      } else send(req, res, DATA);
    });
    const api = await server((_req, res) => res.writeHead(404).end());
    const t = transport(api);
    t.trust(`${storage.origin}/listed`);
    const dir = await tempDir();
    const d = downloader(t);
    await d.download({ url: `${storage.origin}/listed`, dest: join(dir, 'a'), name: 'a' });
    await d.download({ url: `${storage.origin}/signed`, dest: join(dir, 'b'), name: 'b' });
    const unlisted = await server((req, res) => send(req, res, DATA));
    await d.download({ url: `${unlisted.origin}/x`, dest: join(dir, 'c'), name: 'c' });

    // The redirected URL is asked once: one path follows the transport's redirect policy.
    expect(storage.seen.map((r) => r.url)).toEqual(['/listed', '/signed']);
    expect(storage.seen.map((r) => r.headers.authorization)).toEqual([BASIC, BASIC]);
    expect(elsewhere.seen).toHaveLength(1);
    expect(elsewhere.seen[0]?.headers.authorization).toBeUndefined();
    expect(elsewhere.seen[0]?.url).toBe('/blob?sig=abc');
    expect(unlisted.seen[0]?.headers.authorization).toBeUndefined();
    for (const r of [...storage.seen, ...elsewhere.seen, ...unlisted.seen])
      expect(r.url).not.toContain(TOKEN);
    expect(sha256(await readFile(join(dir, 'b')))).toBe(sha256(DATA));
  });

  it('with a limit of N, the server never sees more than N requests at once, and does see N', async () => {
    const s = await server((req, res) =>
      send(req, res, content(64 * 1024), { delayMs: 5, chunkSize: 8 * 1024 }),
    );
    const dir = await tempDir();
    const d = downloader(transport(s));
    const names = Array.from({ length: 24 }, (_, i) => `f${i}`);
    await forEachLimited(names, 6, async (name) => {
      await d.download({ url: `${s.origin}/${name}`, dest: join(dir, name), name });
    });
    expect(s.seen).toHaveLength(24);
    expect(s.maxInFlight).toBe(6);
    expect((await readdir(dir)).sort()).toEqual([...names].sort());
  });
});

describe('parseContentRange', () => {
  it.each([
    ['bytes 0-9/10', { start: 0, end: 9, total: 10 }],
    ['bytes 5-9/*', { start: 5, end: 9, total: undefined }],
    ['bytes 9-5/10', undefined],
    ['bytes 0-10/10', undefined],
    ['bytes */10', undefined],
    [undefined, undefined],
  ])('%s', (value, expected) => {
    expect(parseContentRange(value)).toEqual(expected);
  });
});
