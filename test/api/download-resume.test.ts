// A resumed download is one version of the file or none (docs/promises.md, promise 37): a storage server that
// ignores If-Range, and whose file changed while the first answer was cut, answers the resume 206 with a correct
// Content-Range but another version's bytes. Its ETag or Last-Modified tells, and the file is fetched again whole.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sleep, type Clock } from '../../src/common/clock.ts';
import { Downloader } from '../../src/files/download.ts';
import { Transport } from '../../src/service/http/transport.ts';
import { content, scratch, sha256, type RawAnswer } from './download-server.ts';

const fastClock: Clock = {
  now: () => Date.now(),
  random: () => 0.5,
  sleep: (ms, signal) => sleep(Math.min(ms, 5), signal),
};

const { rawServer, tempDir, later } = scratch('download-resume-');

const V1 = content(400 * 1024, 1);
const V2 = content(400 * 1024, 2);
const HALF = V1.length / 2;

interface Validators {
  etag?: string;
  modified?: string;
}

function validatorLines({ etag, modified }: Validators): string {
  return (
    (etag === undefined ? '' : `ETag: ${etag}\r\n`) +
    (modified === undefined ? '' : `Last-Modified: ${modified}\r\n`)
  );
}

/**
 * The first answer is `first` with `firstValidators`, cut half-way; every later one is `next` with
 * `nextValidators`: 206 from the byte a Range asks for, whatever If-Range says, or 200 without a Range.
 */
function cutThenServe(
  first: Buffer,
  firstValidators: Validators,
  next: Buffer,
  nextValidators: Validators,
): RawAnswer {
  return (socket, request, index) => {
    if (index === 0) {
      socket.write(
        `HTTP/1.1 200 OK\r\nContent-Length: ${first.length}\r\n${validatorLines(firstValidators)}\r\n`,
      );
      // A moment first, so that the client has read the half before the connection is cut.
      socket.write(first.subarray(0, HALF), () => setTimeout(() => socket.destroy(), 50));
      return;
    }
    const from = /\r\nrange: bytes=(\d+)-/iu.exec(request.head)?.[1];
    if (from === undefined) {
      socket.write(
        `HTTP/1.1 200 OK\r\nContent-Length: ${next.length}\r\n${validatorLines(nextValidators)}\r\n`,
      );
      socket.write(next);
      return;
    }
    const start = Number(from);
    socket.write(
      `HTTP/1.1 206 Partial Content\r\nContent-Length: ${next.length - start}\r\n` +
        `Content-Range: bytes ${start}-${next.length - 1}/${next.length}\r\n${validatorLines(nextValidators)}\r\n`,
    );
    socket.write(next.subarray(start));
  };
}

async function download(answer: RawAnswer) {
  const raw = await rawServer(answer);
  const t = new Transport({
    baseUrl: `${raw.origin}/api/v1.1`,
    token: 'resume-token',
    clock: fastClock,
    timeouts: { connectMs: 2_000, headersMs: 2_000, bodyIdleMs: 5_000 },
  });
  later(() => t.close());
  const logs: string[] = [];
  const d = new Downloader({ opener: t, clock: fastClock, log: (_level, message) => logs.push(message) });
  const dir = await tempDir();
  const dest = join(dir, 'a.bin');
  const result = await d.download({ url: `${raw.origin}/a.bin`, dest, name: 'a.bin' });
  return { result, file: await readFile(dest), heads: raw.heads, logs };
}

const rangeOf = (head: string | undefined): string | undefined =>
  /\r\nrange: (bytes=\d+-)/iu.exec(head ?? '')?.[1];
const ifRangeOf = (head: string | undefined): string | undefined =>
  /\r\nif-range: ([^\r]*)/iu.exec(head ?? '')?.[1];

const DATE1 = 'Mon, 23 Nov 2026 10:00:00 GMT';
const DATE2 = 'Tue, 24 Nov 2026 11:30:00 GMT';

describe('a resume answered with another version of the file starts the file over', () => {
  it.each<[string, Validators, Validators, RegExp]>([
    ['another ETag', { etag: '"v1"' }, { etag: '"v2"' }, /ETag "v2" where the first answer had ETag "v1"/u],
    [
      'the same ETag, another Last-Modified',
      { etag: '"v1"', modified: DATE1 },
      { etag: '"v1"', modified: DATE2 },
      new RegExp(`Last-Modified ${DATE2} where the first answer had Last-Modified ${DATE1}`, 'u'),
    ],
    [
      'another Last-Modified, no ETag',
      { modified: DATE1 },
      { modified: DATE2 },
      new RegExp(`Last-Modified ${DATE2} where the first answer had Last-Modified ${DATE1}`, 'u'),
    ],
    [
      'no validator after an ETag',
      { etag: '"v1"' },
      {},
      /no ETag or Last-Modified where the first answer had ETag "v1"/u,
    ],
    [
      'no validator after a Last-Modified',
      { modified: DATE1 },
      {},
      new RegExp(`no ETag or Last-Modified where the first answer had Last-Modified ${DATE1}`, 'u'),
    ],
    [
      'an ETag after none, the same Last-Modified',
      { modified: DATE1 },
      { etag: '"v2"', modified: DATE1 },
      new RegExp(`ETag "v2" where the first answer had Last-Modified ${DATE1}`, 'u'),
    ],
  ])(
    '%s: the saved file is wholly the new version, and the log says why',
    async (_case, first, next, why) => {
      const { result, file, heads, logs } = await download(cutThenServe(V1, first, V2, next));
      expect(sha256(file)).toBe(sha256(V2));
      // The resume was asked for, refused, and the whole file fetched again without a Range.
      expect(heads).toHaveLength(3);
      expect(rangeOf(heads[1])).toBe(`bytes=${HALF}-`);
      expect(rangeOf(heads[2])).toBeUndefined();
      expect(result).toEqual({ bytes: V2.length, attempts: 3, resumed: 0 });
      const line = logs.find((l) => /another version/u.test(l));
      expect(line).toMatch(/^a\.bin: the server resumed another version of the file \(/u);
      expect(line).toMatch(why);
      expect(line).toMatch(/starting over/u);
    },
  );
});

describe('a resume of the same version goes on', () => {
  it('the same ETag: the resume is kept, sent with If-Range', async () => {
    const { result, file, heads } = await download(cutThenServe(V1, { etag: '"v1"' }, V1, { etag: '"v1"' }));
    expect(sha256(file)).toBe(sha256(V1));
    expect(heads).toHaveLength(2);
    expect(ifRangeOf(heads[1])).toBe('"v1"');
    expect(result).toEqual({ bytes: V1.length, attempts: 2, resumed: 1 });
  });

  it('neither answer carries a validator: nothing can tell, and the resume goes on as before', async () => {
    const { result, file, heads, logs } = await download(cutThenServe(V1, {}, V1, {}));
    expect(sha256(file)).toBe(sha256(V1));
    expect(heads).toHaveLength(2);
    expect(rangeOf(heads[1])).toBe(`bytes=${HALF}-`);
    expect(ifRangeOf(heads[1])).toBeUndefined();
    expect(result).toEqual({ bytes: V1.length, attempts: 2, resumed: 1 });
    expect(logs.join('\n')).not.toMatch(/another version/u);
  });
});
