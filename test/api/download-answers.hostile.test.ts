// What a download's answer may be: raw-socket servers that send a transfer coding other than chunked, two
// Content-Encoding lines, no content, or an error body that echoes the signed URL it was asked for.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sleep, type Clock } from '../../src/common/clock.ts';
import { DownloadError, Downloader } from '../../src/files/download.ts';
import { Transport } from '../../src/service/http/transport.ts';
import { content, scratch } from './download-server.ts';

const fastClock: Clock = {
  now: () => Date.now(),
  random: () => 0.5,
  sleep: (ms, signal) => sleep(Math.min(ms, 5), signal),
};

const { rawServer, tempDir, later } = scratch('download-answers-');

function transport(origin: string, log?: (level: string, message: string) => void): Transport {
  const t = new Transport({
    baseUrl: `${origin}/api/v1.1`,
    token: 'answers-token',
    clock: fastClock,
    timeouts: { connectMs: 2_000, headersMs: 2_000, bodyIdleMs: 5_000 },
    ...(log === undefined ? {} : { log }),
  });
  later(() => t.close());
  return t;
}

/** Downloads `path` from a server answering every request with `answer`; the error, or undefined and the file. */
async function fetchFrom(
  answer: string | Buffer,
  path = '/a.bin',
): Promise<{ error: Error | undefined; file: Buffer | undefined; left: string[]; logged: string[] }> {
  const raw = await rawServer((socket) => socket.end(answer));
  const dir = await tempDir();
  const logged: string[] = [];
  const log = (level: string, message: string): void => void logged.push(`${level}: ${message}`);
  const d = new Downloader({
    opener: transport(raw.origin, log),
    clock: fastClock,
    retry: { maxAttempts: 2 },
    log,
  });
  const dest = join(dir, 'a.bin');
  const error = await d
    .download({ url: `${raw.origin}${path}`, dest, name: 'a.bin' })
    .then(() => undefined)
    .catch((e: unknown) => e as Error);
  const file = error === undefined ? await readFile(dest) : undefined;
  return { error, file, left: await readdir(dir), logged };
}

describe('what a download may be', () => {
  const data = content(3000, 7);
  const gzipped = gzipSync(data);

  it.each([
    ['gzip', gzipped],
    [
      'gzip, chunked',
      Buffer.concat([
        Buffer.from(`${gzipped.length.toString(16)}\r\n`),
        gzipped,
        Buffer.from('\r\n0\r\n\r\n'),
      ]),
    ],
    [
      'chunked, identity',
      Buffer.from(`${data.length.toString(16)}\r\n${data.toString('latin1')}\r\n0\r\n\r\n`, 'latin1'),
    ],
  ])('Transfer-Encoding: %s is refused, nothing saved', async (coding, body) => {
    const head = `HTTP/1.1 200 OK\r\nTransfer-Encoding: ${coding}\r\nConnection: close\r\n\r\n`;
    const { error, left } = await fetchFrom(Buffer.concat([Buffer.from(head), body]));
    expect(error).toBeInstanceOf(DownloadError);
    expect(error?.message).toContain(`Transfer-Encoding ${JSON.stringify(coding)}; only chunked is accepted`);
    expect(left).toEqual([]);
  });

  it('a single chunked transfer coding is taken', async () => {
    const head = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n';
    const body = `${data.length.toString(16)}\r\n${data.toString('latin1')}\r\n0\r\n\r\n`;
    const { error, file } = await fetchFrom(Buffer.from(head + body, 'latin1'));
    expect(error).toBeUndefined();
    expect(file?.equals(data)).toBe(true);
  });

  it('every Content-Encoding line is read: identity, then gzip on a second line, is decoded', async () => {
    const head =
      'HTTP/1.1 200 OK\r\nContent-Encoding: identity\r\nContent-Encoding: gzip\r\n' +
      `Content-Length: ${gzipped.length}\r\n\r\n`;
    const { error, file } = await fetchFrom(Buffer.concat([Buffer.from(head), gzipped]));
    expect(error).toBeUndefined();
    expect(file?.equals(data)).toBe(true);
  });

  it.each([204, 205])('HTTP %i to a download is an error, no empty file', async (status) => {
    const { error, left } = await fetchFrom(`HTTP/1.1 ${status} No Content\r\nContent-Length: 0\r\n\r\n`);
    expect(error).toBeInstanceOf(DownloadError);
    expect(error?.message).toContain(`HTTP ${status}, an answer without content, where a file was expected`);
    expect(left).toEqual([]);
  });

  it("a signed URL's query values and path parameters are never printed, at debug level included", async () => {
    const signature = 'SIGqueryvalue0123456789';
    const pathKey = 'PATHparam0123456789';
    const path = `/store;key=${pathKey}/a.bin?X-Signature=${signature}&X-Expires=1893456000`;
    // Storage that echoes the request, as S3-like services do in their XML errors.
    const echo = `<Error><Code>AccessDenied</Code><Message>GET ${path} denied</Message><Key>${pathKey}</Key></Error>`;
    const answer = `HTTP/1.1 403 Forbidden\r\nContent-Type: application/xml\r\nContent-Length: ${echo.length}\r\n\r\n${echo}`;
    const { error, logged } = await fetchFrom(answer, path);
    expect(error).toBeInstanceOf(DownloadError);
    expect(error?.message).toContain('HTTP 403');
    const printed = [error?.message ?? '', ...logged].join('\n');
    for (const secret of [signature, pathKey, '1893456000']) expect(printed).not.toContain(secret);
  });
});
