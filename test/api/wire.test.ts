// The download GET's own HTTP/1.1 client (src/api/wire.ts), against servers that write exact bytes with node:net
// (and node:tls) on 127.0.0.1: framing, strict parsing, keep-alive, retries of stale connections, pause and resume,
// timeouts, abort, and the one reused read buffer it exists for.
import { createHash } from 'node:crypto';
import dns from 'node:dns';
import type net from 'node:net';
import type { Dispatcher } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LookupFn } from '../../src/api/transport.ts';
import { Wire, type WireOptions, type WireRequest } from '../../src/api/wire.ts';
import { cleanupScope } from '../helpers/scope.ts';
import {
  content,
  selfSignedCertificate,
  startRawServer,
  type RawAnswer,
  type RawServer,
} from './download-server.ts';

const { cleanups } = cleanupScope();

/** A self-signed certificate for 127.0.0.1, made for this run. */
let key: Buffer = Buffer.alloc(0);
let cert: Buffer = Buffer.alloc(0);
beforeAll(async () => {
  ({ key, cert } = await selfSignedCertificate());
});

type Headers = Record<string, string | string[]>;
type WireError = Error & { code?: string };

function wire(options: Partial<WireOptions> = {}): Wire {
  const w = new Wire({
    connectMs: 2_000,
    headersMs: 2_000,
    bodyIdleMs: 2_000,
    lookup: dns.lookup as LookupFn,
    ...options,
  });
  cleanups.push(() => w.destroy());
  return w;
}

const gap = (ms = 0): Promise<void> =>
  new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));

/** Writes `pieces` one by one with a pause between them, so that the client reads them apart. */
async function writePieces(socket: net.Socket, pieces: (string | Buffer)[], gapMs = 0): Promise<void> {
  for (const piece of pieces) {
    if (socket.destroyed) return;
    socket.write(typeof piece === 'string' ? Buffer.from(piece, 'latin1') : piece);
    await gap(gapMs);
  }
}

/** Every byte of `text` as its own piece. */
const bytewise = (text: string): string[] => [...text];

/** A raw server whose connections the test's cleanup closes. */
async function rawServer(answer: RawAnswer, secure?: { key: Buffer; cert: Buffer }): Promise<RawServer> {
  const server = await startRawServer(answer, secure);
  cleanups.push(() => server.close());
  return server;
}

interface Outcome {
  status: number | undefined;
  statusText: string | undefined;
  headers: Headers | undefined;
  body: Buffer;
  /** onResponseData calls. */
  chunks: number;
  /** Which callback ended the exchange. */
  ended: 'end' | 'error';
  error: WireError | undefined;
  /** Every callback, in order, including any after the end. */
  calls: string[];
}

interface Hooks {
  onRequest?(controller: Dispatcher.DispatchController): void;
  onStart?(controller: Dispatcher.DispatchController): void;
  onData?(controller: Dispatcher.DispatchController, chunk: Buffer): void;
  /** Keep no copy of the body (the handler counts what it needs). */
  discard?: boolean;
}

/** Dispatches `request` and gathers what the handler is given (each chunk copied: it is valid during the call). */
function get(
  w: Wire,
  request: Partial<WireRequest> & { origin: string },
  hooks: Hooks = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    const pieces: Buffer[] = [];
    const outcome: Outcome = {
      status: undefined,
      statusText: undefined,
      headers: undefined,
      body: Buffer.alloc(0),
      chunks: 0,
      ended: 'end',
      error: undefined,
      calls: [],
    };
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart: (controller) => {
        outcome.calls.push('request');
        hooks.onRequest?.(controller);
      },
      onResponseStart: (controller, status, headers, statusText) => {
        outcome.calls.push('response');
        outcome.status = status;
        outcome.statusText = statusText;
        outcome.headers = headers as Headers;
        hooks.onStart?.(controller);
      },
      onResponseData: (controller, chunk) => {
        outcome.calls.push('data');
        outcome.chunks++;
        if (hooks.discard !== true) pieces.push(Buffer.from(chunk));
        hooks.onData?.(controller, chunk);
      },
      onResponseEnd: () => {
        outcome.calls.push('end');
        outcome.body = Buffer.concat(pieces);
        resolve(outcome);
      },
      onResponseError: (_controller, error) => {
        outcome.calls.push('error');
        outcome.body = Buffer.concat(pieces);
        outcome.ended = 'error';
        outcome.error = error as WireError;
        resolve(outcome);
      },
    };
    w.dispatch({ path: '/f', method: 'GET', headers: {}, ...request }, handler);
  });
}

const ok = (body: string, extra = ''): string =>
  `HTTP/1.1 200 OK\r\nContent-Length: ${Buffer.byteLength(body, 'latin1')}\r\n${extra}\r\n${body}`;

describe('Wire: framing', () => {
  it('reads a head split byte by byte (the blank line too) and a Content-Length body split across reads', async () => {
    const body = content(3000, 7);
    const head =
      'HTTP/1.1 200 OK\r\nContent-Length: 3000\r\nX-One: a\r\nSet-Thing: 1\r\nset-thing: 2\r\n\r\n';
    const s = await rawServer((socket) => {
      const pieces: (string | Buffer)[] = bytewise(head);
      for (let at = 0; at < body.length; at += 250) pieces.push(body.subarray(at, at + 250));
      void writePieces(socket, pieces, 1);
    });
    const r = await get(wire(), { origin: s.origin });
    expect(r.ended).toBe('end');
    expect(r.status).toBe(200);
    expect(r.statusText).toBe('OK');
    expect(r.headers).toEqual({ 'content-length': '3000', 'x-one': 'a', 'set-thing': ['1', '2'] });
    expect(r.body.equals(body)).toBe(true);
    // The body did come in several reads.
    expect(r.chunks).toBeGreaterThan(1);
  });

  it('finds the end of the head when CR LF | CR LF and CR | LF CR LF are split between reads', async () => {
    for (const split of [2, 1, 3]) {
      const head = 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n';
      const cut = head.length - 4 + split;
      const s = await rawServer((socket) => {
        void writePieces(socket, [head.slice(0, cut), head.slice(cut), 'hel', 'lo'], 5);
      });
      const r = await get(wire(), { origin: s.origin });
      expect(r.ended, `split after ${split} bytes of the blank line`).toBe('end');
      expect(r.body.toString()).toBe('hello');
    }
  });

  it('decodes a chunked body: chunks split across reads, chunk extensions, trailers', async () => {
    const wireBytes =
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n' +
      '5;x=y\r\nhello\r\n' +
      'B\r\n, chunked w\r\n' +
      '5 ; name="v"\r\norld!\r\n' +
      '0\r\nX-Checksum: abc\r\nX-More: 1\r\n\r\n';
    const s = await rawServer((socket) => {
      // Split every 3 bytes: sizes, CRLFs, data and trailers all straddle reads.
      const pieces: string[] = [];
      for (let at = 0; at < wireBytes.length; at += 3) pieces.push(wireBytes.slice(at, at + 3));
      void writePieces(socket, pieces, 1);
    });
    const w = wire();
    const r = await get(w, { origin: s.origin });
    expect(r.ended).toBe('end');
    expect(r.headers).toEqual({ 'transfer-encoding': 'chunked' });
    expect(r.body.toString('latin1')).toBe('hello, chunked world!');
    // The trailers were consumed: the connection is whole and carries the next request.
    const again = await get(w, { origin: s.origin });
    expect(again.ended).toBe('end');
    expect(s.connections).toBe(1);
  });

  it.each([
    ['an invalid chunk size', 'zz\r\nhello\r\n0\r\n\r\n', ''],
    ['a chunk longer than its size', '5\r\nhelloXX\r\n0\r\n\r\n', 'hello'],
    ['a chunk size line without CR', '5\nhello\r\n0\r\n\r\n', ''],
  ])('fails on %s with an HPE_ code', async (_what, chunks, delivered) => {
    const s = await rawServer((socket) => {
      socket.write(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${chunks}`);
    });
    const r = await get(wire(), { origin: s.origin });
    expect(r.ended).toBe('error');
    expect(r.error?.code).toMatch(/^HPE_/u);
    expect(r.body.toString()).toBe(delivered);
  });

  it('fails on a chunk-size line over 1 KiB, and on trailers over 16 KiB', async () => {
    const answers = [
      `5;${'x'.repeat(2000)}\r\nhello\r\n0\r\n\r\n`,
      `5\r\nhello\r\n0\r\n${`X-Trailer: ${'t'.repeat(1000)}\r\n`.repeat(20)}\r\n`,
    ];
    const s = await rawServer((socket, _request, index) =>
      socket.write(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${answers[index] ?? ''}`),
    );
    const w = wire();
    const codes = [];
    for (let i = 0; i < answers.length; i++) codes.push((await get(w, { origin: s.origin })).error?.code);
    expect(codes).toEqual(['HPE_CHUNK_EXTENSIONS_OVERFLOW', 'UND_ERR_HEADERS_OVERFLOW']);
  });

  it('refuses Transfer-Encoding with Content-Length, and two different Content-Length values', async () => {
    const answers = [
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n5\r\nhello\r\n0\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!',
      'HTTP/1.1 200 OK\r\nContent-Length: 5, 6\r\n\r\nhello!',
      'HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\nhello',
    ];
    const s = await rawServer((socket, _request, index) => socket.write(answers[index] ?? ''));
    const w = wire();
    const codes = [];
    for (let i = 0; i < answers.length; i++) {
      const r = await get(w, { origin: s.origin });
      expect(r.ended).toBe('error');
      expect(r.calls).not.toContain('response');
      codes.push(r.error?.code);
    }
    expect(codes).toEqual([
      'HPE_UNEXPECTED_CONTENT_LENGTH',
      'HPE_INVALID_CONTENT_LENGTH',
      'HPE_INVALID_CONTENT_LENGTH',
      'HPE_INVALID_CONTENT_LENGTH',
    ]);
  });

  it('accepts the same Content-Length twice', async () => {
    const s = await rawServer((socket) =>
      socket.write('HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\nhello'),
    );
    const r = await get(wire(), { origin: s.origin });
    expect(r.ended).toBe('end');
    expect(r.headers?.['content-length']).toEqual(['5', '5']);
    expect(r.body.toString()).toBe('hello');
  });

  it('skips 100 Continue and 103 Early Hints before the answer', async () => {
    const s = await rawServer((socket) => {
      void writePieces(
        socket,
        [
          'HTTP/1.1 100 Continue\r\n\r\n',
          'HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n',
          ok('hello', 'X-Final: yes\r\n'),
        ],
        2,
      );
    });
    const r = await get(wire(), { origin: s.origin });
    expect(r.ended).toBe('end');
    expect(r.status).toBe(200);
    expect(r.headers).toEqual({ 'content-length': '5', 'x-final': 'yes' });
    expect(r.body.toString()).toBe('hello');
    expect(r.calls).toEqual(['request', 'response', 'data', 'end']);
  });

  it('204 and 304 have no body, whatever they claim: the next answer on the connection is read as one', async () => {
    const answers = [
      'HTTP/1.1 204 No Content\r\n\r\n',
      'HTTP/1.1 304 Not Modified\r\nContent-Length: 100\r\nETag: "x"\r\n\r\n',
      ok('after'),
    ];
    const s = await rawServer((socket, _request, index) => socket.write(answers[index] ?? ''));
    const w = wire();
    const results = [];
    for (let i = 0; i < answers.length; i++) results.push(await get(w, { origin: s.origin }));
    expect(results.map((r) => [r.status, r.ended, r.chunks])).toEqual([
      [204, 'end', 0],
      [304, 'end', 0],
      [200, 'end', 1],
    ]);
    expect(results[2]?.body.toString()).toBe('after');
    expect(s.connections).toBe(1);
  });

  it('reads a body without length or chunking until the server closes; that connection is not reused', async () => {
    const body = content(5000, 3);
    const s = await rawServer((socket) => {
      const pieces: (string | Buffer)[] = ['HTTP/1.1 200 OK\r\nContent-Type: x/y\r\n\r\n'];
      for (let at = 0; at < body.length; at += 1000) pieces.push(body.subarray(at, at + 1000));
      void writePieces(socket, pieces, 1).then(() => socket.end());
    });
    const w = wire();
    const first = await get(w, { origin: s.origin });
    expect(first.ended).toBe('end');
    expect(first.body.equals(body)).toBe(true);
    const second = await get(w, { origin: s.origin });
    expect(second.ended).toBe('end');
    expect(second.body.equals(body)).toBe(true);
    expect(s.connections).toBe(2);
    expect(s.requests.map((r) => r.connection)).toEqual([0, 1]);
  });
});

describe('Wire: strict parsing', () => {
  it('fails on headers over 16 KiB with UND_ERR_HEADERS_OVERFLOW', async () => {
    const s = await rawServer((socket) => {
      const pieces = ['HTTP/1.1 200 OK\r\n'];
      for (let i = 0; i < 20; i++) pieces.push(`X-Filler-${i}: ${'a'.repeat(1000)}\r\n`);
      pieces.push('Content-Length: 0\r\n\r\n');
      void writePieces(socket, pieces);
    });
    const r = await get(wire(), { origin: s.origin });
    expect(r.ended).toBe('error');
    expect(r.error?.code).toBe('UND_ERR_HEADERS_OVERFLOW');
    expect(r.calls).not.toContain('response');
  });

  it.each([
    ['a folded header line', 'X-A: one\r\n two\r\n'],
    ['a bare CR in a value', 'X-A: one\rtwo\r\n'],
    ['a NUL in a value', 'X-A: one\u0000two\r\n'],
    ['a bare LF in a value', 'X-A: one\ntwo\r\n'],
    ['a DEL in a value', 'X-A: one\u007ftwo\r\n'],
    ['a space before the colon', 'X-A : one\r\n'],
    ['a line without a name', ': one\r\n'],
  ])('fails on %s with HPE_INVALID_HEADER_TOKEN', async (_what, line) => {
    const s = await rawServer((socket) =>
      socket.write(`HTTP/1.1 200 OK\r\n${line}Content-Length: 2\r\n\r\nhi`),
    );
    const r = await get(wire(), { origin: s.origin });
    expect(r.ended).toBe('error');
    expect(r.error?.code).toBe('HPE_INVALID_HEADER_TOKEN');
    expect(r.calls).toEqual(['request', 'error']);
  });

  it('takes spaces and tabs around a value off, and keeps obs-text and inner white space', async () => {
    const s = await rawServer((socket) =>
      socket.end(
        Buffer.from(
          'HTTP/1.1 200 OK\r\nX-A:\t  caf\xe9 au lait \t\r\nX-B:\r\nContent-Length: 0\r\n\r\n',
          'latin1',
        ),
      ),
    );
    const r = await get(wire(), { origin: s.origin });
    expect(r.ended).toBe('end');
    expect(r.headers).toEqual({ 'x-a': 'caf\xe9 au lait', 'x-b': '', 'content-length': '0' });
  });

  it('fails on an answer that is not HTTP with HPE_INVALID_CONSTANT', async () => {
    const s = await rawServer((socket) => socket.write('hello\r\n\r\n'));
    const r = await get(wire(), { origin: s.origin });
    expect(r.ended).toBe('error');
    expect(r.error?.code).toBe('HPE_INVALID_CONSTANT');
    expect(r.calls).toEqual(['request', 'error']);
  });
});

describe('Wire: connections', () => {
  it('three requests to one origin, one after another, share one connection', async () => {
    const s = await rawServer((socket, request) => socket.write(ok(`answer ${request.onConnection}`)));
    const w = wire();
    const bodies = [];
    for (let i = 0; i < 3; i++) bodies.push((await get(w, { origin: s.origin })).body.toString());
    expect(bodies).toEqual(['answer 0', 'answer 1', 'answer 2']);
    expect(s.connections).toBe(1);
  });

  it('two requests at once go on two connections (no pipelining); both are kept for later ones', async () => {
    const s = await rawServer((socket, request) => {
      setTimeout(() => socket.write(ok(`answer ${request.connection}.${request.onConnection}`)), 50);
    });
    const w = wire();
    const both = await Promise.all([get(w, { origin: s.origin }), get(w, { origin: s.origin })]);
    expect(both.map((r) => r.body.toString()).sort()).toEqual(['answer 0.0', 'answer 1.0']);
    const later = await Promise.all([get(w, { origin: s.origin }), get(w, { origin: s.origin })]);
    expect(later.map((r) => r.body.toString()).sort()).toEqual(['answer 0.1', 'answer 1.1']);
    expect(s.connections).toBe(2);
  });

  it('Keep-Alive: timeout=1 from the server: the idle connection is not kept', async () => {
    const s = await rawServer((socket, request) =>
      socket.write(ok(`answer ${request.connection}`, 'Keep-Alive: timeout=1\r\n')),
    );
    const w = wire();
    expect((await get(w, { origin: s.origin })).body.toString()).toBe('answer 0');
    await s.closedAt(0);
    expect((await get(w, { origin: s.origin })).body.toString()).toBe('answer 1');
  });

  it('with Connection: close each request has its own connection', async () => {
    const s = await rawServer((socket, request) => {
      socket.write(ok(`answer ${request.connection}`, 'Connection: close\r\n'));
    });
    const w = wire();
    const bodies = [];
    for (let i = 0; i < 3; i++) bodies.push((await get(w, { origin: s.origin })).body.toString());
    expect(bodies).toEqual(['answer 0', 'answer 1', 'answer 2']);
    expect(s.connections).toBe(3);
    await s.closedAt(0);
  });

  it('an HTTP/1.0 answer closes its connection', async () => {
    const s = await rawServer((socket) => socket.write('HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nhi'));
    const w = wire();
    expect((await get(w, { origin: s.origin })).body.toString()).toBe('hi');
    expect((await get(w, { origin: s.origin })).body.toString()).toBe('hi');
    expect(s.connections).toBe(2);
  });

  it('bytes after a Content-Length body are not taken as the next answer: the next request uses a new connection', async () => {
    const s = await rawServer((socket, request) => {
      // One write: the answer, and the start of an answer nobody asked for.
      socket.write(`${ok(`answer ${request.connection}`)}HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nforged`);
    });
    const w = wire();
    const first = await get(w, { origin: s.origin });
    const second = await get(w, { origin: s.origin });
    expect([first.body.toString(), second.body.toString()]).toEqual(['answer 0', 'answer 1']);
    expect(s.connections).toBe(2);
    await s.closedAt(0);
  });

  it.each([
    ['a 204', 'HTTP/1.1 204 No Content\r\n\r\n'],
    ['a Content-Length: 0 answer', 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n'],
    ['a Content-Length body', ok('first')],
  ])(
    'bytes after %s are not the answer to a request dispatched from its onResponseEnd',
    async (_what, answer) => {
      const s = await rawServer((socket, request) => {
        if (request.connection === 0 && request.onConnection === 0) {
          socket.write(`${answer}HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nforged`);
        } else socket.write(ok('real'));
      });
      const w = wire();
      // undici lets a handler dispatch the next request from onResponseEnd; a queue of downloads may do so.
      const next = new Promise<Outcome>((resolve) => {
        w.dispatch(
          { origin: s.origin, path: '/first', method: 'GET', headers: {} },
          {
            onResponseEnd: () => resolve(get(w, { origin: s.origin })),
            onResponseError: (_controller, error) => resolve(Promise.reject(error)),
          },
        );
      });
      const second = await next;
      expect(second.ended).toBe('end');
      expect(second.body.toString()).toBe('real');
    },
  );

  it('a server that closes an idle connection: the next request still succeeds', async () => {
    const s = await rawServer((socket, request) => {
      socket.write(ok(`answer ${request.connection}`));
      socket.end();
    });
    const w = wire();
    expect((await get(w, { origin: s.origin })).body.toString()).toBe('answer 0');
    await s.closedAt(0);
    const second = await get(w, { origin: s.origin });
    expect(second.ended).toBe('end');
    expect(second.body.toString()).toBe('answer 1');
  });

  it.each([
    ['closes', (socket: net.Socket) => socket.end()],
    ['resets', (socket: net.Socket) => socket.resetAndDestroy()],
  ])(
    'a server that %s a kept-alive connection as the next request arrives: retried once on a new connection',
    async (_what, drop) => {
      const s = await rawServer((socket, request) => {
        if (request.connection === 0 && request.onConnection === 1) drop(socket);
        else socket.write(ok(`answer ${request.connection}.${request.onConnection}`));
      });
      const w = wire();
      expect((await get(w, { origin: s.origin })).body.toString()).toBe('answer 0.0');
      const second = await get(w, { origin: s.origin });
      expect(second.ended).toBe('end');
      expect(second.body.toString()).toBe('answer 1.0');
      expect(second.calls).toEqual(['request', 'response', 'data', 'end']);
      expect(s.requests.map((r) => [r.connection, r.onConnection])).toEqual([
        [0, 0],
        [0, 1],
        [1, 0],
      ]);
    },
  );

  it('a reused connection that fails twice in a row is not retried again', async () => {
    // The second request's retry goes on a fresh connection; when that one fails too, the error reaches the caller.
    const s = await rawServer((socket, request) => {
      if (request.connection === 0 && request.onConnection === 0) socket.write(ok('first'));
      else socket.resetAndDestroy();
    });
    const w = wire();
    expect((await get(w, { origin: s.origin })).body.toString()).toBe('first');
    const second = await get(w, { origin: s.origin });
    expect(second.ended).toBe('error');
    expect(second.error?.code).toMatch(/^(ECONNRESET|UND_ERR_SOCKET)$/u);
    expect(s.connections).toBe(2);
    expect(s.requests).toHaveLength(3);
  });

  it.each([
    ['reset', (socket: net.Socket) => socket.resetAndDestroy(), 'ECONNRESET'],
    ['closed', (socket: net.Socket) => socket.end(), 'UND_ERR_SOCKET'],
  ])(
    'a fresh connection %s before any byte of the answer fails with a socket error, not retried',
    async (_what, drop, code) => {
      const s = await rawServer((socket) => drop(socket));
      const r = await get(wire(), { origin: s.origin });
      expect(r.ended).toBe('error');
      expect(r.error?.code).toBe(code);
      expect(r.calls).toEqual(['request', 'error']);
      expect(s.connections).toBe(1);
      expect(s.requests).toHaveLength(1);
    },
  );

  it('a body cut short fails with UND_ERR_SOCKET after exactly the bytes that came', async () => {
    const body = content(400, 9);
    const s = await rawServer((socket) => {
      void writePieces(socket, ['HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n', body], 2).then(() =>
        socket.end(),
      );
    });
    const r = await get(wire(), { origin: s.origin });
    expect(r.ended).toBe('error');
    expect(r.error?.code).toBe('UND_ERR_SOCKET');
    expect(r.body.equals(body)).toBe(true);
    expect(r.calls.at(-1)).toBe('error');
  });
});

describe('Wire: pause and resume', () => {
  /** A handler that pauses on every chunk and resumes 50 ms later. */
  const pausing: Hooks = {
    onData(controller) {
      controller.pause();
      setTimeout(() => controller.resume(), 50);
    },
  };

  it('a paused handler gets every byte once and in order, the server writing while it waits', async () => {
    const body = content(200_000, 11);
    const s = await rawServer((socket) => {
      const pieces: (string | Buffer)[] = ['HTTP/1.1 200 OK\r\nContent-Length: 200000\r\n\r\n'];
      for (let at = 0; at < body.length; at += 20_000) pieces.push(body.subarray(at, at + 20_000));
      void writePieces(socket, pieces, 5);
    });
    const r = await get(wire(), { origin: s.origin }, pausing);
    expect(r.ended).toBe('end');
    expect(r.body.equals(body)).toBe(true);
  });

  // Over TLS a pause stops the socket's reads, but the records already decrypted from the last read still arrive,
  // one call each, while the handler is paused: each must be held after the ones before it.
  it.each(
    (['http', 'https'] as const).flatMap((scheme) => [
      [scheme, 'Content-Length', 'Content-Length: 100000\r\n'],
      [scheme, 'close-delimited', ''],
      [scheme, 'chunked', 'Transfer-Encoding: chunked\r\n'],
    ]),
  )(
    '%s: a %s body written whole and the connection closed while the handler is paused: nothing lost, no error',
    async (scheme, kind, framing) => {
      const body = content(100_000, 13);
      const payload =
        kind === 'chunked'
          ? Buffer.concat([Buffer.from('186a0\r\n'), body, Buffer.from('\r\n0\r\n\r\n')])
          : body;
      let paused!: () => void;
      const pausedOnce = new Promise<void>((resolve) => (paused = resolve));
      const s = await rawServer(
        (socket) => {
          void (async () => {
            socket.write(`HTTP/1.1 200 OK\r\n${framing}\r\n`);
            socket.write(payload.subarray(0, 100));
            await pausedOnce;
            // The rest, and the end, while the handler holds the exchange paused.
            socket.end(payload.subarray(100));
          })();
        },
        scheme === 'https' ? { key, cert } : undefined,
      );
      let first = true;
      const r = await get(
        wire({ ca: cert }),
        { origin: s.origin },
        {
          onData(controller) {
            controller.pause();
            if (first) paused();
            first = false;
            setTimeout(() => controller.resume(), 50);
          },
        },
      );
      expect(r.error).toBeUndefined();
      expect(r.ended).toBe('end');
      expect(r.body.equals(body)).toBe(true);
      await s.closedAt(0);
    },
  );

  it('a pause in onResponseStart holds the body until resumed', async () => {
    const s = await rawServer((socket) => socket.end(ok('hello')));
    const r = await get(
      wire(),
      { origin: s.origin },
      {
        onStart(controller) {
          controller.pause();
          setTimeout(() => controller.resume(), 50);
        },
      },
    );
    expect(r.ended).toBe('end');
    expect(r.body.toString()).toBe('hello');
  });
});

describe('Wire: timeouts', () => {
  it('a server that accepts and never answers: UND_ERR_HEADERS_TIMEOUT', async () => {
    const s = await rawServer(() => {});
    const r = await get(wire({ headersMs: 300 }), { origin: s.origin });
    expect(r.ended).toBe('error');
    expect(r.error?.code).toBe('UND_ERR_HEADERS_TIMEOUT');
    await s.closedAt(0);
  });

  it('a head that never ends: UND_ERR_HEADERS_TIMEOUT even while bytes trickle in', async () => {
    const s = await rawServer((socket) => {
      const timer = setInterval(
        () => (socket.destroyed ? clearInterval(timer) : socket.write('X-A: b\r\n')),
        50,
      );
      socket.write('HTTP/1.1 200 OK\r\n');
    });
    const r = await get(wire({ headersMs: 300 }), { origin: s.origin });
    expect(r.error?.code).toBe('UND_ERR_HEADERS_TIMEOUT');
  });

  it('a kept-alive connection whose server goes silent: UND_ERR_HEADERS_TIMEOUT, not retried', async () => {
    const s = await rawServer((socket, request) => {
      if (request.onConnection === 0) socket.write(ok('first'));
    });
    // The other limits far away: only the headers limit can end the wait early.
    const w = wire({ connectMs: 20_000, headersMs: 300, bodyIdleMs: 20_000 });
    expect((await get(w, { origin: s.origin })).body.toString()).toBe('first');
    const started = performance.now();
    const r = await get(w, { origin: s.origin });
    expect(r.error?.code).toBe('UND_ERR_HEADERS_TIMEOUT');
    // The idle connection's keep-alive limit (4 s) was running: the shorter one replaced it.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(s.requests).toHaveLength(2);
  });

  it('each read starts the body idle limit again: a body slower in all than the limit, steady, arrives whole', async () => {
    const s = await rawServer((socket) => {
      void writePieces(
        socket,
        ['HTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\n', ...bytewise('abcdefgh')],
        100,
      );
    });
    // 800 ms in all, each read within 100 ms of the last (a loaded machine has 400 ms of slack).
    const r = await get(wire({ bodyIdleMs: 500 }), { origin: s.origin });
    expect(r.error).toBeUndefined();
    expect(r.body.toString()).toBe('abcdefgh');
  });

  it('the body limit starts when the head arrives, even with the headers limit still due before it', async () => {
    // The head comes at 300 ms (headers limit 600 ms); body bytes at 750 and 1200 ms are each within 700 ms of the
    // last read, so nothing times out, though the timer set for the headers fires at 600 ms, before the first.
    const s = await rawServer((socket) => {
      void (async () => {
        await gap(300);
        await writePieces(socket, ['HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n', 'hello', 'world'], 450);
      })();
    });
    const r = await get(wire({ headersMs: 600, bodyIdleMs: 700 }), { origin: s.origin });
    expect(r.error).toBeUndefined();
    expect(r.body.toString()).toBe('helloworld');
  });

  it('limits longer than a timer can hold do not fire early (Node fires a setTimeout over 2^31-1 ms at once)', async () => {
    const s = await rawServer((socket) => {
      void (async () => {
        await gap(100);
        await writePieces(socket, ['HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhello', 'world'], 100);
      })();
    });
    const long = 2 ** 31 + 1_000;
    const r = await get(wire({ connectMs: long, headersMs: long, bodyIdleMs: long }), { origin: s.origin });
    expect(r.error).toBeUndefined();
    expect(r.body.toString()).toBe('helloworld');
  });

  it('a TLS handshake that never completes: UND_ERR_CONNECT_TIMEOUT, nothing sent', async () => {
    // A plain TCP server behind an https origin: the connection opens, the handshake never answers.
    const s = await rawServer(() => {});
    const r = await get(wire({ connectMs: 300, ca: cert }), { origin: s.origin.replace('http:', 'https:') });
    expect(r.error?.code).toBe('UND_ERR_CONNECT_TIMEOUT');
    expect(s.requests).toHaveLength(0);
    await s.closedAt(0);
  });

  it('a server that stops mid-body: UND_ERR_BODY_TIMEOUT after the bytes that came', async () => {
    const s = await rawServer((socket) => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nhalf'));
    const r = await get(wire({ bodyIdleMs: 300 }), { origin: s.origin });
    expect(r.ended).toBe('error');
    expect(r.error?.code).toBe('UND_ERR_BODY_TIMEOUT');
    expect(r.body.toString()).toBe('half');
    await s.closedAt(0);
  });

  it('no body timeout while the handler is paused longer than it', async () => {
    const s = await rawServer((socket) => {
      void writePieces(socket, ['HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhello', 'world'], 20);
    });
    const r = await get(
      wire({ bodyIdleMs: 200 }),
      { origin: s.origin },
      {
        onData(controller) {
          controller.pause();
          setTimeout(() => controller.resume(), 600);
        },
      },
    );
    expect(r.error).toBeUndefined();
    expect(r.body.toString()).toBe('helloworld');
  });
});

describe('Wire: abort and destroy', () => {
  it('controller.abort(err) mid-body: onResponseError(err) once, the connection closed, nothing after', async () => {
    const s = await rawServer((socket) => {
      void writePieces(
        socket,
        ['HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n', 'a'.repeat(10), 'b'.repeat(10)],
        20,
      );
    });
    const reason = new Error('enough');
    // Timeouts far away: the close must come from the abort, not from a timer.
    const w = wire({ headersMs: 20_000, bodyIdleMs: 20_000 });
    const r = await get(w, { origin: s.origin }, { onData: (controller) => controller.abort(reason) });
    expect(r.ended).toBe('error');
    expect(r.error).toBe(reason);
    expect(r.body.toString()).toBe('a'.repeat(10));
    await s.closedAt(0);
    await gap(100);
    expect(r.calls).toEqual(['request', 'response', 'data', 'error']);
  });

  it('a handler that throws in onResponseStart or onResponseData: onResponseError with its error, connection closed', async () => {
    const s = await rawServer((socket) => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nsome'));
    const w = wire({ headersMs: 20_000, bodyIdleMs: 20_000 });
    const inStart = new Error('refused in start');
    const atStart = await get(
      w,
      { origin: s.origin },
      {
        onStart: () => {
          throw inStart;
        },
      },
    );
    expect(atStart.error).toBe(inStart);
    expect(atStart.calls).toEqual(['request', 'response', 'error']);
    const inData = new Error('refused in data');
    const atData = await get(
      w,
      { origin: s.origin },
      {
        onData: () => {
          throw inData;
        },
      },
    );
    expect(atData.error).toBe(inData);
    expect(atData.calls).toEqual(['request', 'response', 'data', 'error']);
    await Promise.all([s.closedAt(0), s.closedAt(1)]);
  });

  it('controller.abort(err) in onRequestStart: onResponseError(err), nothing sent', async () => {
    const s = await rawServer((socket) => socket.write(ok('hi')));
    const reason = new Error('not now');
    const r = await get(
      wire(),
      { origin: s.origin },
      { onRequest: (controller) => controller.abort(reason) },
    );
    expect(r.error).toBe(reason);
    expect(r.calls).toEqual(['request', 'error']);
    await gap(50);
    expect(s.connections).toBe(0);
  });

  it('wire.destroy() mid-exchange fails it with UND_ERR_DESTROYED; a dispatch after it fails the same way', async () => {
    const s = await rawServer((socket) => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nsome'));
    const w = wire();
    const r = await get(w, { origin: s.origin }, { onData: () => void w.destroy() });
    expect(r.ended).toBe('error');
    expect(r.error?.code).toBe('UND_ERR_DESTROYED');
    await s.closedAt(0);
    const after = await get(w, { origin: s.origin });
    expect(after.ended).toBe('error');
    expect(after.error?.code).toBe('UND_ERR_DESTROYED');
    expect(s.connections).toBe(1);
  });

  it('wire.destroy() while waiting for the head fails the exchange with UND_ERR_DESTROYED', async () => {
    const s = await rawServer((_socket, _request) => void w.destroy());
    const w = wire();
    const r = await get(w, { origin: s.origin });
    expect(r.error?.code).toBe('UND_ERR_DESTROYED');
    expect(r.calls).toEqual(['request', 'error']);
  });
});

describe('Wire: the request', () => {
  it('sends GET <path> HTTP/1.1, host with the port, and the given headers', async () => {
    const s = await rawServer((socket) => socket.write(ok('hi')));
    const r = await get(wire(), {
      origin: s.origin,
      path: '/files/a%20b.bin?x=1',
      headers: { range: 'bytes=10-', 'x-token': 'value with spaces' },
    });
    expect(r.ended).toBe('end');
    const lines = s.requests[0]?.head.split('\r\n') ?? [];
    expect(lines[0]).toBe('GET /files/a%20b.bin?x=1 HTTP/1.1');
    const fields = lines
      .slice(1)
      .map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]);
    expect(fields).toContainEqual(['host', new URL(s.origin).host]);
    expect(fields).toContainEqual(['range', 'bytes=10-']);
    expect(fields).toContainEqual(['x-token', 'value with spaces']);
    expect(fields.filter(([name]) => name === 'host')).toHaveLength(1);
  });

  it.each([
    ['a CR LF in a header value', { path: '/f', headers: { 'x-a': 'one\r\nx-injected: two' } }],
    ['a LF in a header value', { path: '/f', headers: { 'x-a': 'one\nx-injected: two' } }],
    ['a space in a header name', { path: '/f', headers: { 'x a': 'one' } }],
    ['a CR LF in the path', { path: '/f\r\nx-injected: two', headers: {} }],
  ])('refuses %s before anything is sent: UND_ERR_INVALID_ARG', async (_what, request) => {
    const s = await rawServer((socket) => socket.write(ok('hi')));
    const r = await get(wire(), { origin: s.origin, ...request });
    expect(r.ended).toBe('error');
    expect(r.error?.code).toBe('UND_ERR_INVALID_ARG');
    await gap(50);
    expect(s.connections).toBe(0);
  });
});

describe('Wire: TLS', () => {
  it('reads a Content-Length body and a chunked body over TLS, on one kept-alive connection', async () => {
    const body = content(150_000, 17);
    const s = await rawServer(
      (socket, request) => {
        if (request.onConnection === 0) {
          socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n`);
          socket.write(body);
        } else {
          void writePieces(
            socket,
            ['HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n', '6\r\nsecure', '\r\n0\r\n', '\r\n'],
            2,
          );
        }
      },
      { key, cert },
    );
    const w = wire({ ca: cert });
    const first = await get(w, { origin: s.origin });
    expect(first.ended).toBe('end');
    expect(first.body.equals(body)).toBe(true);
    const second = await get(w, { origin: s.origin });
    expect(second.ended).toBe('end');
    expect(second.body.toString()).toBe('secure');
    expect(s.connections).toBe(1);
  });

  it('over TLS too, the body is handed on as views of one buffer per connection', async () => {
    const body = content(4 * 1024 * 1024, 21);
    const s = await rawServer(
      (socket) => {
        socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n`);
        socket.write(body);
      },
      { key, cert },
    );
    const buffers = new Set<ArrayBufferLike>();
    const r = await get(
      wire({ ca: cert }),
      { origin: s.origin },
      { onData: (_controller, chunk) => void buffers.add(chunk.buffer) },
    );
    expect(r.ended).toBe('end');
    expect(r.body.equals(body)).toBe(true);
    expect(r.chunks).toBeGreaterThan(10);
    expect(buffers.size).toBe(1);
  });

  it('a certificate that is not trusted fails with a certificate error', async () => {
    const s = await rawServer((socket) => socket.write(ok('hi')), { key, cert });
    const r = await get(wire(), { origin: s.origin });
    expect(r.ended).toBe('error');
    expect(r.error?.code).toMatch(/CERT/u);
    expect(r.calls).toEqual(['request', 'error']);
    expect(s.requests).toHaveLength(0);
  });
});

describe('Wire: memory', () => {
  it('a 64 MiB body is handed on as views of one buffer per connection', async () => {
    const block = content(1024 * 1024, 19);
    const blocks = 64;
    const s = await rawServer((socket) => {
      void (async () => {
        socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${block.length * blocks}\r\n\r\n`);
        for (let i = 0; i < blocks; i++) {
          if (!socket.write(block)) await new Promise((resolve) => socket.once('drain', resolve));
        }
      })();
    });
    const hash = createHash('sha256');
    const expected = createHash('sha256');
    for (let i = 0; i < blocks; i++) expected.update(block);
    const buffers = new Set<ArrayBufferLike>();
    let bytes = 0;
    const r = await get(
      wire(),
      { origin: s.origin },
      {
        discard: true,
        onData(_controller, chunk) {
          buffers.add(chunk.buffer);
          bytes += chunk.length;
          hash.update(chunk);
        },
      },
    );
    expect(r.ended).toBe('end');
    expect(bytes).toBe(block.length * blocks);
    expect(hash.digest('hex')).toBe(expected.digest('hex'));
    // Many reads (at most 256 KiB each), one buffer.
    expect(r.chunks).toBeGreaterThanOrEqual(256);
    expect(buffers.size).toBe(1);
  });
});
