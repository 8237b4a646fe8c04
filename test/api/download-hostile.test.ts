// Downloads from servers that misbehave on purpose, written as the broken world writes them: raw bytes on a socket
// (node:net) or node:http answers that lie about their framing, their ranges or their encoding.
import { readdir, readFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sleep, type Clock } from '../../src/common/clock.ts';
import { DownloadError, Downloader } from '../../src/files/download.ts';
import { Transport } from '../../src/service/http/transport.ts';
import { content, scratch, sha256 } from './download-server.ts';

const fastClock: Clock = {
  now: () => Date.now(),
  random: () => 0.5,
  sleep: (ms, signal) => sleep(Math.min(ms, 5), signal),
};

const { server, rawServer, tempDir, later } = scratch('download-hostile-');

function transport(origin: string): Transport {
  const t = new Transport({
    baseUrl: `${origin}/api/v1.1`,
    token: 'hostile-token',
    clock: fastClock,
    timeouts: { connectMs: 2_000, headersMs: 2_000, bodyIdleMs: 5_000 },
  });
  later(() => t.close());
  return t;
}

/** A server that ignores `Range`: 200 with Content-Length 6000, 5000 bytes, then a clean close. */
export function shortAndRangeBlind(data: Buffer): (socket: Socket) => void {
  return (socket) => {
    socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 6000\r\n\r\n`);
    socket.end(data.subarray(0, 5000));
  };
}

async function listing(dir: string): Promise<string[]> {
  return (await readdir(dir)).sort();
}

describe('Downloader against hostile servers', () => {
  it('a server that ignores Range and cuts a 200 short every time: a clear error, no crash, no part file', async () => {
    const data = content(6000, 3);
    const raw = await rawServer(shortAndRangeBlind(data));
    const dir = await tempDir();
    const d = new Downloader({ opener: transport(raw.origin), clock: fastClock, retry: { maxAttempts: 3 } });
    const error = await d
      .download({ url: `${raw.origin}/a.bin`, dest: join(dir, 'a.bin'), name: 'a.bin' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as Error).message).toMatch(/^artifact a\.bin: /u);
    // It did try to resume, and got the whole file again each time.
    expect(raw.heads.length).toBe(3);
    expect(raw.heads[1]).toMatch(/\r\nrange: bytes=5000-/iu);
    expect(await listing(dir)).toEqual([]);
    expect(d.parts.size).toBe(0);
  });

  it('a body cut while its bytes wait to be written: they are written, and the next attempt resumes after them', async () => {
    const data = content(600 * 1024, 11);
    const cut = 300 * 1024;
    const raw = await rawServer((socket, request, index) => {
      if (index === 0) {
        socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${data.length}\r\nETag: "v1"\r\n\r\n`);
        // Less than a write batch, in several reads, then the connection is cut.
        socket.write(data.subarray(0, cut / 2));
        socket.write(data.subarray(cut / 2, cut), () => setTimeout(() => socket.destroy(), 50));
        return;
      }
      const from = Number(/\r\nrange: bytes=(\d+)-/iu.exec(request.head)?.[1] ?? 0);
      socket.write(
        `HTTP/1.1 206 Partial Content\r\nContent-Length: ${data.length - from}\r\n` +
          `Content-Range: bytes ${from}-${data.length - 1}/${data.length}\r\nETag: "v1"\r\n\r\n`,
      );
      socket.end(data.subarray(from));
    });
    const dir = await tempDir();
    const d = new Downloader({ opener: transport(raw.origin), clock: fastClock });
    const result = await d.download({ url: `${raw.origin}/a.bin`, dest: join(dir, 'a.bin'), name: 'a.bin' });
    expect(raw.heads).toHaveLength(2);
    expect(raw.heads[1]).toMatch(new RegExp(`\\r\\nrange: bytes=${cut}-`, 'iu'));
    expect(result).toEqual({ bytes: data.length, attempts: 2, resumed: 1 });
    expect(sha256(await readFile(join(dir, 'a.bin')))).toBe(sha256(data));
  });

  it('one byte a second fails below the minimum rate with a clear error, though it never trips the idle timeout', async () => {
    const raw = await rawServer((socket) => {
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n`);
      const timer = setInterval(() => socket.write('x'), 100);
      socket.on('close', () => clearInterval(timer));
    });
    const dir = await tempDir();
    const d = new Downloader({
      opener: transport(raw.origin),
      clock: fastClock,
      retry: { maxAttempts: 2 },
      minRate: { bytes: 1024, windowMs: 1_000 },
    });
    const started = Date.now();
    const error = await d
      .download({ url: `${raw.origin}/slow.bin`, dest: join(dir, 'slow.bin'), name: 'slow.bin' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as Error).message).toMatch(/slower than 1 KiB in 1 s/u);
    // Retried (a slow path may recover), then given up; within a few windows, not the 100 s the drip would take.
    expect(raw.heads.length).toBe(2);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(await listing(dir)).toEqual([]);
  }, 15_000);

  it('an endless chunked body stops at the size bound, once, without a retry and without a part file', async () => {
    const chunk = Buffer.alloc(64 * 1024, 1);
    const raw = await rawServer((socket) => {
      socket.write(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n`);
      const more = (): void => {
        while (!socket.destroyed && socket.write(`${chunk.length.toString(16)}\r\n`) && socket.write(chunk)) {
          socket.write('\r\n');
        }
        if (!socket.destroyed) socket.write('\r\n');
      };
      socket.on('drain', more);
      more();
    });
    const dir = await tempDir();
    const d = new Downloader({
      opener: transport(raw.origin),
      clock: fastClock,
      maxBytes: 1024 * 1024,
    });
    const error = await d
      .download({ url: `${raw.origin}/endless`, dest: join(dir, 'endless'), name: 'endless' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as Error).message).toMatch(/larger than 1 MiB/u);
    expect(raw.heads.length).toBe(1);
    expect(await listing(dir)).toEqual([]);
  }, 15_000);

  const DATA = content(300_000, 11);
  const encodings: [string, (b: Buffer) => Buffer][] = [
    ['gzip', gzipSync],
    ['x-gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ];
  it.each(encodings)(
    'a body sent with Content-Encoding %s is decoded before it is written, and its decoded size counted',
    async (encoding, encode) => {
      // Compressible, so the encoded body is much smaller than the file (as in the issue: 132 bytes for 100,000).
      const data = Buffer.concat([DATA.subarray(0, 1000), Buffer.alloc(200_000, 7)]);
      const encoded = encode(data);
      const s = await server((_req, res) => {
        res.writeHead(200, { 'content-encoding': encoding, 'content-length': String(encoded.length) });
        res.end(encoded);
      });
      const dir = await tempDir();
      const dest = join(dir, 'a.bin');
      let counted = 0;
      const d = new Downloader({ opener: transport(s.origin), clock: fastClock });
      const result = await d.download({
        url: `${s.origin}/a.bin`,
        dest,
        name: 'a.bin',
        onBytes: (n) => (counted += n),
      });
      expect(sha256(await readFile(dest))).toBe(sha256(data));
      expect(result.bytes).toBe(data.length);
      expect(counted).toBe(data.length);
      expect(await listing(dir)).toEqual(['a.bin']);
    },
  );

  it('raw deflate (no zlib header), as some servers send it, is decoded too', async () => {
    const { deflateRawSync } = await import('node:zlib');
    const encoded = deflateRawSync(DATA);
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'deflate' }).end(encoded);
    });
    const dir = await tempDir();
    const d = new Downloader({ opener: transport(s.origin), clock: fastClock });
    await d.download({ url: `${s.origin}/a.bin`, dest: join(dir, 'a.bin'), name: 'a.bin' });
    expect(sha256(await readFile(join(dir, 'a.bin')))).toBe(sha256(DATA));
  });

  it('an encoded body cut short is fetched again from the start (no Range on encoded bytes), and is whole', async () => {
    const encoded = gzipSync(DATA);
    const s = await server((_req, res, i) => {
      res.writeHead(200, {
        'content-encoding': 'gzip',
        'content-length': String(encoded.length),
        'accept-ranges': 'bytes',
        etag: '"gz1"',
      });
      if (i === 0) {
        res.write(encoded.subarray(0, encoded.length >> 1));
        setTimeout(() => res.socket?.destroy(), 30);
      } else res.end(encoded);
    });
    const dir = await tempDir();
    const d = new Downloader({ opener: transport(s.origin), clock: fastClock });
    const result = await d.download({ url: `${s.origin}/a.bin`, dest: join(dir, 'a.bin'), name: 'a.bin' });
    expect(result.attempts).toBe(2);
    expect(s.seen[1]?.headers.range).toBeUndefined();
    expect(sha256(await readFile(join(dir, 'a.bin')))).toBe(sha256(DATA));
    expect(await listing(dir)).toEqual(['a.bin']);
  });

  it('a gzip body that decodes past the size bound is refused, not written on', async () => {
    const encoded = gzipSync(Buffer.alloc(8 * 1024 * 1024));
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(encoded.length) });
      res.end(encoded);
    });
    const dir = await tempDir();
    const d = new Downloader({ opener: transport(s.origin), clock: fastClock, maxBytes: 1024 * 1024 });
    const error = await d
      .download({ url: `${s.origin}/bomb`, dest: join(dir, 'bomb'), name: 'bomb' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as Error).message).toMatch(/larger than 1 MiB/u);
    expect(s.seen.length).toBe(1);
    expect(await listing(dir)).toEqual([]);
  });

  it('an unknown Content-Encoding is a clear error, not a file of undecoded bytes', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'compress' }).end('xyz');
    });
    const dir = await tempDir();
    const d = new Downloader({ opener: transport(s.origin), clock: fastClock });
    const error = await d
      .download({ url: `${s.origin}/z`, dest: join(dir, 'z'), name: 'z' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as Error).message).toMatch(/Content-Encoding "compress"/u);
    expect(s.seen.length).toBe(1);
    expect(await listing(dir)).toEqual([]);
  });
});
