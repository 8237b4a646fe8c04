// A small HTTP server on 127.0.0.1 for download tests: records every request with its headers, counts requests in
// flight, and serves bytes with Content-Length and Range the way a storage server does, or misbehaves on purpose.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach } from 'vitest';
import { createHash } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import tls from 'node:tls';

export { selfSignedCertificate } from '../../scripts/certificate.ts';

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, index: number) => void;

export interface TestServer {
  origin: string;
  seen: Seen[];
  /** The most requests this server had in flight at once. */
  readonly maxInFlight: number;
  /** Connections accepted so far. */
  readonly connections: number;
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const seen: Seen[] = [];
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let maxInFlight = 0;
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let done = false;
    const end = (): void => {
      if (!done) inFlight--;
      done = true;
    };
    res.on('close', end);
    req.resume();
    handler(req, res, seen.length - 1);
  });
  let connections = 0;
  server.on('connection', (socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    get maxInFlight() {
      return maxInFlight;
    },
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Deterministic bytes: a test can tell a right file from a wrong one, and a resumed one from a restarted one. */
export function content(size: number, seed = 1): Buffer {
  const out = Buffer.alloc(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export interface SendOptions {
  /** Answer `Range` with 206 (default true). */
  ranges?: boolean;
  etag?: string;
  /** Send this many bytes of the answer, then misbehave. */
  cutAfter?: number;
  /** What to do after `cutAfter` bytes: drop the connection, close it cleanly, or go silent. */
  cut?: 'reset' | 'clean' | 'stall';
  /** Pause between chunks of the body. */
  delayMs?: number;
  chunkSize?: number;
}

/** Serves `data` as a storage server would (Content-Length, ETag, Range), optionally cutting the body short. */
export function send(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  data: Buffer,
  options: SendOptions = {},
): void {
  const etag = options.etag ?? `"${sha256(data).slice(0, 16)}"`;
  let body = data;
  let status = 200;
  const headers: http.OutgoingHttpHeaders = {
    'content-type': 'application/octet-stream',
    etag,
    'accept-ranges': options.ranges === false ? 'none' : 'bytes',
  };
  const range = /^bytes=(\d+)-$/u.exec(req.headers.range ?? '');
  const ifRange = req.headers['if-range'];
  if (options.ranges !== false && range && (ifRange === undefined || ifRange === etag)) {
    const start = Number(range[1]);
    if (start >= data.length) {
      res.writeHead(416, { 'content-range': `bytes */${data.length}` }).end();
      return;
    }
    body = data.subarray(start);
    status = 206;
    headers['content-range'] = `bytes ${start}-${data.length - 1}/${data.length}`;
  }
  headers['content-length'] = String(body.length);
  res.writeHead(status, headers);
  const cutAfter = options.cutAfter ?? body.length;
  const chunk = options.chunkSize ?? 16 * 1024;
  let sent = 0;
  const next = (): void => {
    if (res.destroyed) return;
    if (sent >= cutAfter) {
      if (sent >= body.length) res.end();
      else if (options.cut === 'stall') return;
      // A moment first, so the client has read what was sent (a reset makes the peer drop unread data).
      else setTimeout(() => (options.cut === 'clean' ? res.socket?.end() : res.socket?.destroy()), 30);
      return;
    }
    const piece = body.subarray(sent, Math.min(cutAfter, sent + chunk));
    sent += piece.length;
    if (sent >= body.length) {
      // The last piece ends the answer at once: a client that has every byte may already ask for the next file.
      res.end(piece);
      return;
    }
    const more = res.write(piece);
    const go = (): void => {
      if (options.delayMs) setTimeout(next, options.delayMs);
      else setImmediate(next);
    };
    if (more) go();
    else res.once('drain', go);
  };
  next();
}

/**
 * Servers and temporary folders for the tests of one file, closed and removed after each test; `later` adds any
 * other clean-up. Call it at the top level of a test file.
 */
export function scratch(prefix: string): {
  server(handler: Handler): Promise<TestServer>;
  rawServer(answer: RawAnswer): Promise<RawServer>;
  tempDir(): Promise<string>;
  later(cleanup: () => Promise<void>): void;
} {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((c) => c()));
  });
  return {
    async server(handler) {
      const s = await startServer(handler);
      cleanups.push(() => s.close());
      return s;
    },
    async rawServer(answer) {
      const s = await startRawServer(answer);
      cleanups.push(() => s.close());
      return s;
    },
    async tempDir() {
      const dir = await mkdtemp(join(tmpdir(), prefix));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      return dir;
    },
    later(cleanup) {
      cleanups.push(cleanup);
    },
  };
}

/** A request a raw server read: its head, which connection it came on (from 0), and the how-many-th on it. */
export interface RawRequest {
  head: string;
  connection: number;
  onConnection: number;
}

/** Writes whatever it likes on the socket of a request (`index`: the how-many-th request in all, from 0). */
export type RawAnswer = (socket: Socket, request: RawRequest, index: number) => void;

export interface RawServer {
  origin: string;
  requests: RawRequest[];
  /** The requests' heads, in order. */
  readonly heads: string[];
  /** Connections accepted so far. */
  readonly connections: number;
  /** Resolves once connection `n` has closed; rejects when it is still open 2 s later. */
  closedAt(n: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Raw HTTP/1.1 (node:net, or node:tls with `secure`): reads the request heads of each connection, several per
 * connection for keep-alive, and lets `answer` write whatever bytes it likes.
 */
export async function startRawServer(
  answer: RawAnswer,
  secure?: { key: Buffer; cert: Buffer },
): Promise<RawServer> {
  const requests: RawRequest[] = [];
  const sockets: Socket[] = [];
  const closedWaits: Promise<void>[] = [];
  const onSocket = (socket: Socket): void => {
    const connection = sockets.length;
    sockets.push(socket);
    closedWaits.push(new Promise<void>((resolve) => socket.on('close', () => resolve())));
    socket.setNoDelay(true);
    socket.on('error', () => {});
    let buffered = '';
    let onConnection = 0;
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      for (let end = buffered.indexOf('\r\n\r\n'); end >= 0; end = buffered.indexOf('\r\n\r\n')) {
        const request = { head: buffered.slice(0, end), connection, onConnection: onConnection++ };
        buffered = buffered.slice(end + 4);
        requests.push(request);
        answer(socket, request, requests.length - 1);
      }
    });
  };
  const server = secure
    ? tls.createServer({ key: secure.key, cert: secure.cert }, onSocket)
    : net.createServer(onSocket);
  if (secure) server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `${secure ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    get heads() {
      return requests.map((r) => r.head);
    },
    get connections() {
      return sockets.length;
    },
    // A close the client makes comes at once; 2 s is only there so that a connection left open fails the test.
    closedAt: (n) =>
      Promise.race([
        closedWaits[n] ?? Promise.reject(new Error(`no connection ${n}`)),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`connection ${n} still open after 2 s`)), 2_000).unref(),
        ),
      ]),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Every file below `dir`, relative to it, sorted; none when it does not exist. */
export async function fileTree(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(relative(dir, full));
    }
  };
  if (existsSync(dir)) await walk(dir);
  return out.sort();
}

/** How a receiver holds a body back, lets it go on, or stops it. */
export interface BodyControl {
  pause(): void;
  resume(): void;
  abort(error: Error): void;
}

/** The success answer a receiver is handed. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  url: string;
}

/** Takes a download's body chunk by chunk; after `start`, `end` or `error`. */
export interface BodyReceiver {
  start(answer: Answer, control: BodyControl): void;
  /** False pauses the body until control.resume(). */
  data(chunk: Buffer): boolean;
  end(): void;
  error(error: Error): void;
}

/** Transport.open(), its body handed to `receiver` as it arrives. */
export async function receive(
  opener: {
    open(
      url: string,
      options: object,
    ): Promise<{
      status: number;
      headers: Answer['headers'];
      url: string;
      body: import('node:stream').Readable;
    }>;
  },
  url: string,
  options: object,
  receiver: BodyReceiver,
): Promise<void> {
  const { status, headers, url: final, body } = await opener.open(url, options);
  body.on('error', (error) => receiver.error(error));
  body.on('end', () => receiver.end());
  receiver.start(
    { status, headers, url: final },
    { pause: () => body.pause(), resume: () => body.resume(), abort: (error) => body.destroy(error) },
  );
  body.on('data', (chunk: Buffer) => {
    if (!receiver.data(chunk)) body.pause();
  });
}
