// API calls without a proxy: GETs go through the wire (src/api/wire.ts), every other method through undici. Each
// server here is a plain node:net socket server writing exactly the bytes a misbehaving server writes, so what is
// tested is what reaches the socket, whichever client carries it.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { BadResponseError, NetworkError } from '../../src/api/errors.ts';
import { Transport, type TransportOptions } from '../../src/api/transport.ts';
import { cleanupScope } from '../helpers/scope.ts';
import { failure } from '../helpers/failure.ts';

const { cleanups, listen } = cleanupScope();

interface Seen {
  method: string;
  path: string;
  /** Which connection carried it, counted from 0, and its place on that connection. */
  connection: number;
  onConnection: number;
}

/** Answers each request with what `answer` does with the socket; requests are read whole (head and body). */
async function rawServer(
  answer: (socket: net.Socket, request: Seen) => void,
): Promise<{ base: string; seen: Seen[]; sockets: net.Socket[] }> {
  const seen: Seen[] = [];
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => {
    const connection = sockets.push(socket) - 1;
    let onConnection = 0;
    let pending = Buffer.alloc(0);
    socket.on('error', () => {});
    socket.on('data', (data) => {
      pending = Buffer.concat([pending, data]);
      for (;;) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = pending.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/iu.exec(head)?.[1] ?? 0);
        if (pending.length < end + 4 + length) return;
        pending = pending.subarray(end + 4 + length);
        const [method = '', path = ''] = head.split(' ');
        const request = { method, path, connection, onConnection: onConnection++ };
        seen.push(request);
        answer(socket, request);
      }
    });
  });
  const origin = await listen(server);
  return { base: `${origin}/api/v1.1`, seen, sockets };
}

function transport(options: TransportOptions): Transport {
  const t = new Transport(options);
  cleanups.push(() => t.close());
  return t;
}

function json(socket: net.Socket, body: string): void {
  socket.write(
    `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `connection: keep-alive\r\n\r\n${body}`,
  );
}

describe('API calls without a proxy', () => {
  // The server reads the second request on a kept-alive connection and closes it without an answer: what a server
  // restarting, or a load balancer dropping idle connections, does. A GET may go again; a POST may have been acted on.
  const closesSecond = (socket: net.Socket, request: Seen): void => {
    if (request.connection === 0 && request.onConnection === 1) socket.destroy();
    else json(socket, `{"path":"${request.path}"}`);
  };

  it('a POST whose kept-alive connection closes after the server read it is sent once, and fails', async () => {
    const server = await rawServer(closesSecond);
    const t = transport({ baseUrl: server.base });
    // The first call leaves the connection the POST goes out on.
    await t.request({ method: 'POST', path: '/first', retry: 'once' });
    // undici takes the connection back on the turn of the event loop after the answer: an order, not a time.
    await new Promise((resolve) => setImmediate(resolve));
    const err = await failure(t.request({ method: 'POST', path: '/trigger', retry: 'once' }));
    expect(err).toBeInstanceOf(NetworkError);
    expect(server.seen.map((r) => [r.path, r.connection])).toEqual([
      ['/api/v1.1/first', 0],
      ['/api/v1.1/trigger', 0],
    ]);
  });

  it('a GET in the same case goes again once, on a new connection, and is answered', async () => {
    const server = await rawServer(closesSecond);
    // No retries of the transport's own: the request is sent again by the client, below them.
    const t = transport({ baseUrl: server.base, retry: { maxAttempts: 1 } });
    await t.request({ method: 'GET', path: '/first', retry: 'idempotent' });
    const answer = await t.request({ method: 'GET', path: '/list', retry: 'idempotent' });
    expect(answer.data).toEqual({ path: '/api/v1.1/list' });
    expect(server.seen.map((r) => [r.path, r.connection])).toEqual([
      ['/api/v1.1/first', 0],
      ['/api/v1.1/list', 0],
      ['/api/v1.1/list', 1],
    ]);
  });

  it('a redirect with an endless body is followed after at most 128 KiB of it, its connection dropped', async () => {
    let written = 0;
    const server = await rawServer((socket, request) => {
      if (request.path !== '/api/v1.1/old') {
        json(socket, '{"moved":true}');
        return;
      }
      socket.write('HTTP/1.1 302 Found\r\nlocation: /api/v1.1/new\r\ntransfer-encoding: chunked\r\n\r\n');
      const chunk = `4000\r\n${'x'.repeat(0x4000)}\r\n`;
      const more = (): void => {
        while (!socket.destroyed) {
          written += 0x4000;
          if (!socket.write(chunk)) {
            socket.once('drain', more);
            return;
          }
        }
      };
      more();
    });
    // Without a limit, dropping the body would read until the attempt's overall limit (4 s here).
    const t = transport({ baseUrl: server.base, timeouts: { headersMs: 1000, bodyIdleMs: 1000 } });
    const answer = await t.request({ method: 'GET', path: '/old', retry: 'idempotent' });
    expect(answer.data).toEqual({ moved: true });
    expect(server.seen.map((r) => [r.path, r.connection])).toEqual([
      ['/api/v1.1/old', 0],
      ['/api/v1.1/new', 1],
    ]);
    // What the socket buffers hold besides the 128 KiB read.
    expect(written).toBeLessThan(16 * 1024 * 1024);
  });

  it('an answer refused for its announced size has its connection closed at once, not read on', async () => {
    const server = await rawServer((socket) => {
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 629145600\r\n\r\n[');
    });
    // A body timeout far away: only the client's dropping the answer closes the connection within the test.
    const t = transport({ baseUrl: server.base, timeouts: { bodyIdleMs: 60_000 } });
    const err = await failure(t.request({ method: 'GET', path: '/x', retry: 'idempotent' }));
    expect(err).toBeInstanceOf(BadResponseError);
    const [socket] = server.sockets;
    if (socket === undefined) throw new Error('no connection');
    if (!socket.closed) await new Promise((resolve) => socket.once('close', resolve));
    expect(socket.closed).toBe(true);
  });
});
