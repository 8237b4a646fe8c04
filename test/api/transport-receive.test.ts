// Transport.open(): a download's answer and its body, against real servers on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { AbortedError } from '../../src/common/errors.ts';
import { ApiError } from '../../src/service/http/errors.ts';
import { Transport } from '../../src/service/http/transport.ts';
import {
  content,
  receive,
  scratch,
  send,
  sha256,
  type Answer,
  type BodyReceiver,
} from './download-server.ts';

const TOKEN = 'receive-test-token';
const BASIC = `Basic ${Buffer.from(`${TOKEN}:`).toString('base64')}`;
const { server, later } = scratch('transport-receive-');

function transport(origin: string): Transport {
  const t = new Transport({
    baseUrl: `${origin}/api/v1.1`,
    token: TOKEN,
    timeouts: { connectMs: 2_000, headersMs: 2_000, bodyIdleMs: 2_000 },
  });
  later(() => t.close());
  return t;
}

/** A receiver that gathers the body, with what happened to it. */
function collector(): BodyReceiver & { answer?: Answer; body(): Promise<Buffer> } {
  const chunks: Buffer[] = [];
  let settle: { resolve: (b: Buffer) => void; reject: (e: Error) => void } | undefined;
  const done = new Promise<Buffer>((resolve, reject) => (settle = { resolve, reject }));
  done.catch(() => {});
  const receiver: BodyReceiver & { answer?: Answer; body(): Promise<Buffer> } = {
    start(answer) {
      receiver.answer = answer;
    },
    data(chunk) {
      // Kept as handed over, no copy: the checks of the body below also check that no later read writes over an
      // earlier chunk.
      chunks.push(chunk);
      return true;
    },
    end: () => settle?.resolve(Buffer.concat(chunks)),
    error: (e) => settle?.reject(e),
    body: () => done,
  };
  return receiver;
}

describe('Transport.open, a download', () => {
  it('hands over the body of a 200, with its headers and URL, the credential sent to the API origin', async () => {
    const data = content(200_000, 5);
    const s = await server((req, res) => send(req, res, data));
    const r = collector();
    await receive(transport(s.origin), `${s.origin}/f.bin`, { headers: { range: 'bytes=0-' } }, r);
    expect(sha256(await r.body())).toBe(sha256(data));
    expect(r.answer?.status).toBe(206);
    expect(r.answer?.url).toBe(`${s.origin}/f.bin`);
    expect(s.seen[0]?.headers.authorization).toBe(BASIC);
    expect(s.seen[0]?.headers.range).toBe('bytes=0-');
  });

  it('an error answer is an ApiError with the server message; a long error body is not read to its end', async () => {
    const s = await server((req, res) => {
      if (req.url === '/404') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"gone away"}');
        return;
      }
      res.writeHead(500, { 'content-type': 'text/plain' });
      const more = (): void => {
        while (!res.destroyed && res.write(Buffer.alloc(16 * 1024, 0x41)));
      };
      res.on('drain', more);
      more();
    });
    const t = transport(s.origin);
    const r = collector();
    const missing = await receive(t, `${s.origin}/404`, {}, r).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ApiError);
    expect((missing as ApiError).status).toBe(404);
    expect((missing as ApiError).message).toContain('gone away');
    expect(r.answer).toBeUndefined();
    const endless = await receive(t, `${s.origin}/500`, {}, collector()).catch((e: unknown) => e);
    expect(endless).toBeInstanceOf(ApiError);
    expect((endless as ApiError).status).toBe(500);
  });

  it('follows a redirect to another origin without the credential, and names the final URL', async () => {
    const data = content(50_000, 9);
    const elsewhere = await server((req, res) => send(req, res, data));
    const s = await server((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.origin}/blob?sig=1` }).end();
    });
    const r = collector();
    await receive(transport(s.origin), `${s.origin}/a`, {}, r);
    expect(sha256(await r.body())).toBe(sha256(data));
    expect(r.answer?.url).toBe(`${elsewhere.origin}/blob?sig=1`);
    expect(elsewhere.seen.map((q) => q.headers.authorization)).toEqual([undefined]);
  });

  it('an abort while waiting for the headers ends with AbortedError', async () => {
    const s = await server(() => {
      // Never answers.
    });
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 50);
    const error = await receive(
      transport(s.origin),
      `${s.origin}/x`,
      { signal: stop.signal },
      collector(),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
  });

  it('one signal over several downloads: a download that ended is left alone, an abort ends every one waiting', async () => {
    const data = content(1000, 7);
    const s = await server((req, res) => {
      if (req.url === '/done') send(req, res, data);
      // Any other path never answers.
    });
    // Timeouts far away: only the abort can end the waits.
    const t = new Transport({
      baseUrl: `${s.origin}/api/v1.1`,
      token: TOKEN,
      timeouts: { connectMs: 60_000, headersMs: 60_000, bodyIdleMs: 60_000 },
    });
    later(() => t.close());
    const stop = new AbortController();
    const first = collector();
    await receive(t, `${s.origin}/done`, { signal: stop.signal }, first);
    expect(sha256(await first.body())).toBe(sha256(data));
    const waiting = [1, 2, 3].map((n) =>
      receive(t, `${s.origin}/wait-${n}`, { signal: stop.signal }, collector()).catch((e: unknown) => e),
    );
    setTimeout(() => stop.abort(), 50);
    for (const error of await Promise.all(waiting)) expect(error).toBeInstanceOf(AbortedError);
    // What ended before the abort stays as it was.
    expect(sha256(await first.body())).toBe(sha256(data));
  });
});
