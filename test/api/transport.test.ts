import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { errors as undiciErrors, MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { abortReason, type Clock } from '../../src/common/clock.ts';
import { AbortedError, DeadlineError } from '../../src/common/errors.ts';
import { ApiError, BadResponseError, NetworkError, TimeoutError } from '../../src/service/http/errors.ts';
import { Transport, type LogFn, type TransportOptions } from '../../src/service/http/transport.ts';
import { failure } from '../helpers/failure.ts';

// ---------------------------------------------------------------------------------------------------------------
// A purpose-built server per test, recording what it received.

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}
type Handler = (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen, index: number) => void;

interface TestServer {
  origin: string;
  base: string;
  seen: Seen[];
  open: Set<Socket>;
  readonly connections: number;
  close(): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function serve(handler: Handler): Promise<TestServer> {
  const seen: Seen[] = [];
  const open = new Set<Socket>();
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        at: performance.now(),
      };
      seen.push(entry);
      handler(req, res, entry, seen.length - 1);
    });
  });
  server.on('connection', (socket) => {
    connections++;
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const close = (): Promise<void> =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  cleanups.push(close);
  return {
    origin,
    base: `${origin}/api/v1.1`,
    seen,
    open,
    get connections() {
      return connections;
    },
    close,
  };
}

function reply(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: http.OutgoingHttpHeaders = {},
) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

/** A port nothing listens on: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Time stands still unless a sleep moves it; every sleep is recorded and returns at once. */
interface FakeClock extends Clock {
  sleeps: number[];
  time: number;
}

function fakeClock(randoms: number[] = []): FakeClock {
  const clock: FakeClock = {
    sleeps: [],
    time: 1_700_000_000_000, // a whole second, so HTTP dates map to exact waits
    now: () => clock.time,
    random: () => randoms.shift() ?? 0.5,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw abortReason(signal);
      clock.sleeps.push(ms);
      clock.time += ms;
    },
  };
  return clock;
}

function transport(options: TransportOptions): Transport {
  const t = new Transport(options);
  cleanups.push(() => t.close());
  return t;
}

const TOKEN = 'tok-SECRET-0123456789abcdef';
const CREDENTIAL = Buffer.from(`${TOKEN}:`).toString('base64');

// ---------------------------------------------------------------------------------------------------------------

describe('retries (docs/promises.md, promise 1)', () => {
  it('502, 502, 200 succeeds with exactly three requests', async () => {
    const server = await serve((_req, res, _seen, i) =>
      i < 2 ? reply(res, 502, { message: 'Bad gateway' }) : reply(res, 200, { ok: true }),
    );
    const clock = fakeClock();
    const t = transport({ baseUrl: server.base, clock });
    const response = await t.request({ method: 'GET', path: '/me', retry: 'idempotent' });
    expect(response).toMatchObject({ status: 200, data: { ok: true }, attempts: 3 });
    expect(server.seen).toHaveLength(3);
    expect(clock.sleeps).toHaveLength(2);
  });

  it('502 every time fails after maxAttempts with an ApiError carrying the attempts', async () => {
    const server = await serve((_req, res) => reply(res, 502, { message: 'Bad gateway' }));
    const t = transport({ baseUrl: server.base, clock: fakeClock(), retry: { maxAttempts: 4 } });
    const err = await failure(t.request({ method: 'GET', path: '/me', retry: 'idempotent' }));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 502,
      attempts: 4,
      path: '/me',
      method: 'GET',
      serverMessage: 'Bad gateway',
    });
    expect(err.message).toBe('GET /me failed with HTTP 502: Bad gateway (after 4 attempts)');
    expect(server.seen).toHaveLength(4);
  });

  it.each([404, 400, 401, 403])('%i makes exactly one request', async (status) => {
    const server = await serve((_req, res) => reply(res, status, { message: 'nope' }));
    const t = transport({ baseUrl: server.base, clock: fakeClock() });
    const err = await failure(t.request({ method: 'GET', path: '/project/x', retry: 'idempotent' }));
    expect(err).toMatchObject({ name: 'ApiError', status, attempts: 1 });
    expect(server.seen).toHaveLength(1);
  });

  it.each([408, 429, 500, 503, 504])('an idempotent request is retried on %i', async (status) => {
    const server = await serve((_req, res, _seen, i) =>
      i === 0 ? reply(res, status, {}) : reply(res, 200, []),
    );
    const t = transport({ baseUrl: server.base, clock: fakeClock() });
    const response = await t.request({ method: 'DELETE', path: '/x', retry: 'idempotent' });
    expect(response.attempts).toBe(2);
    expect(server.seen.map((s) => s.method)).toEqual(['DELETE', 'DELETE']);
  });

  it('an idempotent request is retried after a reset and after a headers timeout', async () => {
    const server = await serve((req, res, _seen, i) => {
      if (i === 0) req.socket.destroy();
      else if (i === 1)
        return; // never answers
      else reply(res, 200, { ok: 1 });
    });
    const t = transport({ baseUrl: server.base, clock: fakeClock(), timeouts: { headersMs: 200 } });
    const response = await t.request({ method: 'GET', path: '/x', retry: 'idempotent' });
    expect(response.attempts).toBe(3);
  });

  it('connection refused is retried up to the limit: NetworkError notSent', async () => {
    const port = await closedPort();
    const clock = fakeClock();
    const t = transport({ baseUrl: `http://127.0.0.1:${port}/api/v1.1`, clock, retry: { maxAttempts: 3 } });
    const err = await failure(t.request({ method: 'GET', path: '/me', retry: 'idempotent' }));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ code: 'ECONNREFUSED', notSent: true, attempts: 3 });
    expect(clock.sleeps).toHaveLength(2);
  });
});

describe('a `once` request (docs/promises.md, promise 2: a trigger never starts two builds)', () => {
  const post = {
    method: 'POST',
    path: '/project/gh/o/r/tree/main',
    body: { revision: 'abc' },
    retry: 'once',
  } as const;

  it('500: one request, ApiError', async () => {
    const server = await serve((_req, res) => reply(res, 500, { message: 'oops' }));
    const t = transport({ baseUrl: server.base, clock: fakeClock() });
    const err = await failure(t.request(post));
    expect(err).toMatchObject({ name: 'ApiError', status: 500, attempts: 1 });
    expect(server.seen).toHaveLength(1);
  });

  it('503 without Retry-After: one request', async () => {
    const server = await serve((_req, res) => reply(res, 503, { message: 'down' }));
    const t = transport({ baseUrl: server.base, clock: fakeClock() });
    expect(await failure(t.request(post))).toMatchObject({ status: 503, attempts: 1 });
    expect(server.seen).toHaveLength(1);
  });

  it('connection refused (never sent) is retried', async () => {
    const port = await closedPort();
    const t = transport({
      baseUrl: `http://127.0.0.1:${port}/api/v1.1`,
      clock: fakeClock(),
      retry: { maxAttempts: 3 },
    });
    const err = await failure(t.request(post));
    expect(err).toMatchObject({ name: 'NetworkError', code: 'ECONNREFUSED', notSent: true, attempts: 3 });
  });

  it('429 is retried', async () => {
    const server = await serve((_req, res, _seen, i) =>
      i === 0
        ? reply(res, 429, 'Rate limited.', { 'content-type': 'text/plain' })
        : reply(res, 201, { build_num: 7 }),
    );
    const clock = fakeClock();
    const t = transport({ baseUrl: server.base, clock });
    const response = await t.request(post);
    expect(response).toMatchObject({ status: 201, data: { build_num: 7 }, attempts: 2 });
    expect(server.seen).toHaveLength(2);
  });

  it('503 with Retry-After is retried after the wait the server asked for', async () => {
    const server = await serve((_req, res, _seen, i) =>
      i === 0 ? reply(res, 503, { message: 'maintenance' }, { 'retry-after': '45' }) : reply(res, 201, {}),
    );
    const clock = fakeClock();
    const t = transport({ baseUrl: server.base, clock });
    expect((await t.request(post)).attempts).toBe(2);
    expect(clock.sleeps).toEqual([45_000]);
  });

  it('a reset after the request was received: one request, NetworkError notSent=false', async () => {
    const server = await serve((req) => req.socket.destroy());
    const t = transport({ baseUrl: server.base, clock: fakeClock() });
    const err = await failure(t.request(post));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ notSent: false, attempts: 1 });
    expect(server.seen).toHaveLength(1);
  });

  it('a headers timeout: one request, TimeoutError', async () => {
    const server = await serve(() => {});
    const t = transport({ baseUrl: server.base, clock: fakeClock(), timeouts: { headersMs: 200 } });
    const err = await failure(t.request(post));
    expect(err).toMatchObject({ name: 'TimeoutError', phase: 'headers', attempts: 1 });
    expect(server.seen).toHaveLength(1);
  });
});

describe('Retry-After (docs/promises.md, promise 3)', () => {
  it('429 with Retry-After: 2: the next request comes no sooner than 2 s later (real clock)', async () => {
    const server = await serve((_req, res, _seen, i) =>
      i === 0 ? reply(res, 429, { message: 'slow down' }, { 'retry-after': '2' }) : reply(res, 200, {}),
    );
    const t = transport({ baseUrl: server.base, retry: { maxDelayMs: 100 } });
    const response = await t.request({ method: 'GET', path: '/recent-builds', retry: 'idempotent' });
    expect(response.attempts).toBe(2);
    const [first, second] = server.seen;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(2000);
  });

  it('an HTTP date is honoured, in full even above maxDelayMs', async () => {
    const clock = fakeClock();
    const server = await serve((_req, res, _seen, i) =>
      i === 0
        ? reply(res, 429, {}, { 'retry-after': new Date(clock.time + 95_000).toUTCString() })
        : reply(res, 200, {}),
    );
    const t = transport({ baseUrl: server.base, clock, retry: { maxDelayMs: 1000 } });
    await t.request({ method: 'GET', path: '/x', retry: 'idempotent' });
    expect(clock.sleeps).toEqual([95_000]);
  });

  it('a Retry-After beyond the deadline fails at once with a DeadlineError', async () => {
    const server = await serve((_req, res) =>
      reply(res, 429, { message: 'Rate limited' }, { 'retry-after': '120' }),
    );
    const clock = fakeClock();
    const t = transport({ baseUrl: server.base, clock, deadline: clock.time + 60_000 });
    const err = await failure(t.request({ method: 'GET', path: '/x', retry: 'idempotent' }));
    expect(err).toBeInstanceOf(DeadlineError);
    expect(err.message).toContain('120 s');
    expect(err.message).toContain('60 s');
    expect(err.message).toContain('HTTP 429');
    expect(err.cause).toBeInstanceOf(ApiError);
    expect(clock.sleeps).toEqual([]);
    expect(server.seen).toHaveLength(1);
  });

  it('a backoff wait past the deadline fails with a DeadlineError too', async () => {
    const server = await serve((_req, res) => reply(res, 502, {}));
    const clock = fakeClock([0, 0, 0, 0]);
    const deadline = clock.time + 2000;
    const t = transport({ baseUrl: server.base, clock, retry: { baseDelayMs: 1000 } });
    const err = await failure(t.request({ method: 'GET', path: '/x', retry: 'idempotent', deadline }));
    expect(err).toBeInstanceOf(DeadlineError);
    expect(clock.sleeps).toEqual([500, 1000]); // the third wait (2000) would end past the deadline
    expect(clock.time).toBeLessThanOrEqual(deadline);
  });
});

describe('backoff (docs/promises.md, promise 4)', () => {
  it('grows exponentially with jitter from clock.random, capped by maxDelayMs', async () => {
    const server = await serve((_req, res) => reply(res, 503, {}));
    const clock = fakeClock([0, 0.999, 0.5, 0, 0.999, 0.25]);
    const t = transport({
      baseUrl: server.base,
      clock,
      retry: { maxAttempts: 7, baseDelayMs: 1000, maxDelayMs: 8000 },
    });
    const err = await failure(t.request({ method: 'GET', path: '/x', retry: 'idempotent' }));
    expect(err).toMatchObject({ attempts: 7 });
    const steps = [1000, 2000, 4000, 8000, 8000, 8000];
    expect(clock.sleeps).toEqual([500, 1999, 3000, 4000, 7996, 5000]);
    clock.sleeps.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(steps[i]! / 2);
      expect(ms).toBeLessThanOrEqual(steps[i]!);
    });
  });

  it('logs each retry at debug level', async () => {
    const server = await serve((_req, res, _seen, i) =>
      i === 0 ? reply(res, 502, {}) : reply(res, 200, {}),
    );
    const lines: string[] = [];
    const log: LogFn = (level, message) => lines.push(`${level}: ${message}`);
    const t = transport({ baseUrl: server.base, clock: fakeClock([0]), log });
    await t.request({ method: 'GET', path: '/x', retry: 'idempotent' });
    expect(lines).toEqual(['debug: GET /x failed with HTTP 502; retrying in 0.5 s (attempt 2 of 5)']);
  });
});

describe('timeouts (docs/promises.md, promise 5)', () => {
  it('a server that never sends headers fails in about the headers timeout', async () => {
    const server = await serve(() => {});
    const t = transport({ baseUrl: server.base, timeouts: { headersMs: 300 }, retry: { maxAttempts: 1 } });
    const started = performance.now();
    const err = await failure(t.request({ method: 'GET', path: '/me', retry: 'idempotent' }));
    const elapsed = performance.now() - started;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ phase: 'headers', timeoutMs: 300 });
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2000);
  });

  it('a server that stalls mid-body fails in about the body idle timeout', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"build_num": ');
    });
    const t = transport({ baseUrl: server.base, timeouts: { bodyIdleMs: 300 }, retry: { maxAttempts: 1 } });
    const started = performance.now();
    const err = await failure(t.request({ method: 'GET', path: '/me', retry: 'idempotent' }));
    const elapsed = performance.now() - started;
    expect(err).toMatchObject({ name: 'TimeoutError', phase: 'body', timeoutMs: 300 });
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2000);
  });

  it('a body that keeps trickling within the idle timeout is not cut off', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const parts = ['[', '1,', '2,', '3', ']'];
      const timer = setInterval(() => {
        const part = parts.shift();
        if (part === undefined) {
          clearInterval(timer);
          res.end();
        } else res.write(part);
      }, 100);
    });
    const t = transport({ baseUrl: server.base, timeouts: { bodyIdleMs: 300 }, retry: { maxAttempts: 1 } });
    const response = await t.request({ method: 'GET', path: '/x', retry: 'idempotent' });
    expect(response.data).toEqual([1, 2, 3]);
  });

  it('a download that stalls mid-body errors with TimeoutError("body") on the stream', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('partial');
    });
    const t = transport({ baseUrl: server.base, timeouts: { bodyIdleMs: 300 } });
    const opened = await t.open(`${server.origin}/artifact.bin`);
    const err = await failure(
      (async () => {
        for await (const _chunk of opened.body) {
          // reading until it fails
        }
      })(),
    );
    expect(err).toMatchObject({ name: 'TimeoutError', phase: 'body' });
  });

  it('maps undici connect timeouts to TimeoutError("connect"), retried even for `once`', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    const pool = agent.get('https://ci.example');
    pool
      .intercept({ path: '/api/v1.1/project/gh/o/r/tree/main', method: 'POST' })
      .replyWithError(new undiciErrors.ConnectTimeoutError());
    pool
      .intercept({ path: '/api/v1.1/project/gh/o/r/tree/main', method: 'POST' })
      .reply(201, { build_num: 1 });
    cleanups.push(() => agent.close());
    const t = transport({ baseUrl: 'https://ci.example/api/v1.1', dispatcher: agent, clock: fakeClock() });
    const response = await t.request({
      method: 'POST',
      path: '/project/gh/o/r/tree/main',
      body: {},
      retry: 'once',
    });
    expect(response).toMatchObject({ status: 201, attempts: 2 });
  });

  it('close() leaves no socket open', async () => {
    const server = await serve((_req, res) => reply(res, 200, {}));
    const t = new Transport({ baseUrl: server.base });
    await t.request({ method: 'GET', path: '/x', retry: 'idempotent' });
    expect(server.open.size).toBe(1); // kept alive for reuse
    await t.close();
    await waitUntil(() => server.open.size === 0);
    const err = await failure(t.request({ method: 'GET', path: '/x', retry: 'idempotent' }));
    expect(err).toBeInstanceOf(AbortedError);
  });
});

async function waitUntil(condition: () => boolean, ms = 2000): Promise<void> {
  const until = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('bodies (docs/promises.md, promises 6, 22)', () => {
  const cases: [string, string, string | undefined, string][] = [
    ['a JSON message', '{"message":"Project not found"}', 'application/json', 'Project not found'],
    [
      'a message that is itself JSON',
      '{"message":"{\\"message\\":\\"Build not found\\"}"}',
      'application/json',
      'Build not found',
    ],
    [
      'an HTML page',
      '<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>',
      'text/html',
      '404 Not Found',
    ],
    ['plain text', 'Rate limited.', 'text/plain', 'Rate limited.'],
    ['an empty body', '', undefined, ''],
  ];
  it.each(cases)('an error with %s carries the server message', async (_what, body, type, message) => {
    const server = await serve((_req, res) => {
      res.writeHead(404, type === undefined ? {} : { 'content-type': type });
      res.end(body);
    });
    const t = transport({ baseUrl: server.base, clock: fakeClock() });
    const err = await failure(t.request({ method: 'GET', path: '/project/gh/o/r', retry: 'idempotent' }));
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).serverMessage).toBe(message);
  });

  it('a 200 with a body that is not JSON is a BadResponseError', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><title>Sign in</title></html>');
    });
    const t = transport({ baseUrl: server.base, clock: fakeClock() });
    const err = await failure(t.request({ method: 'GET', path: '/me', retry: 'idempotent' }));
    expect(err).toBeInstanceOf(BadResponseError);
    expect(err.message).toContain('not JSON');
    expect(err.message).toContain('Sign in');
    expect(server.seen).toHaveLength(1);
  });

  it('an empty 200 body is null; a JSON empty string is ""', async () => {
    const server = await serve((_req, res, _seen, i) => reply(res, 200, i === 0 ? '' : '""'));
    const t = transport({ baseUrl: server.base });
    expect((await t.request({ method: 'POST', path: '/a', retry: 'idempotent' })).data).toBeNull();
    expect((await t.request({ method: 'POST', path: '/b', retry: 'idempotent' })).data).toBe('');
  });

  it('a huge error body is cut, not read whole', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('x'.repeat(4 * 1024 * 1024));
    });
    const t = transport({ baseUrl: server.base, retry: { maxAttempts: 1 } });
    const err = await failure(t.request({ method: 'GET', path: '/x', retry: 'idempotent' }));
    expect((err as ApiError).serverMessage.length).toBeLessThanOrEqual(300);
  });

  it('200 polls, error answers among them, keep at most a few sockets open', async () => {
    const server = await serve((_req, res, _seen, i) =>
      i % 10 === 9 ? reply(res, 404, { message: 'Build not found' }) : reply(res, 200, { build_num: i }),
    );
    const t = transport({ baseUrl: server.base, clock: fakeClock() });
    for (let i = 0; i < 200; i++) {
      await t
        .request({ method: 'GET', path: `/project/gh/o/r/${i}`, retry: 'idempotent' })
        .catch((err: unknown) => {
          if (!(err instanceof ApiError)) throw err;
        });
    }
    expect(server.seen).toHaveLength(200);
    expect(server.connections).toBeLessThanOrEqual(3);
  });
});

describe('request headers and shape (docs/wire.md)', () => {
  it('sends Basic auth, Accept, User-Agent; Content-Type and a body only on a POST with a body', async () => {
    const server = await serve((_req, res) => reply(res, 200, {}));
    const t = transport({ baseUrl: `${server.base}/`, token: TOKEN });
    await t.request({
      method: 'POST',
      path: '/project/gh/o/r/envvar',
      body: { name: 'A', value: 'b' },
      retry: 'once',
    });
    await t.request({ method: 'POST', path: '/project/gh/o/r/follow', retry: 'idempotent' });
    await t.request({ method: 'GET', path: '/me', retry: 'idempotent' });
    await t.request({ method: 'DELETE', path: '/project/gh/o/r/envvar/A', retry: 'idempotent' });

    for (const seen of server.seen) {
      expect(seen.headers.authorization).toBe(`Basic ${CREDENTIAL}`);
      expect(seen.headers.accept).toBe('application/json');
      expect(seen.headers['user-agent']).toBe(`ci-actions/${packageJson.version}`);
    }
    const [post, emptyPost, get, del] = server.seen;
    expect(post).toMatchObject({
      method: 'POST',
      url: '/api/v1.1/project/gh/o/r/envvar',
      body: '{"name":"A","value":"b"}',
    });
    expect(post!.headers['content-type']).toBe('application/json');
    expect(emptyPost!.headers['content-type']).toBeUndefined();
    expect(emptyPost!.body).toBe('');
    for (const seen of [get!, del!]) {
      expect(seen.headers['content-type']).toBeUndefined();
      expect(seen.headers['transfer-encoding']).toBeUndefined();
      expect(seen.headers['content-length'] ?? '0').toBe('0');
      expect(seen.body).toBe('');
    }
  });

  it('the exact Basic value is base64 of "<token>:"', async () => {
    const server = await serve((_req, res) => reply(res, 200, {}));
    const t = transport({ baseUrl: server.base, token: 'abc' });
    await t.request({ method: 'GET', path: '/me', retry: 'idempotent' });
    expect(server.seen[0]!.headers.authorization).toBe('Basic YWJjOg==');
  });

  it('sends no Authorization at all without a token, and a custom User-Agent when given', async () => {
    const server = await serve((_req, res) => reply(res, 200, {}));
    const t = transport({ baseUrl: server.base, userAgent: 'custom/9' });
    await t.request({ method: 'GET', path: '/me', retry: 'idempotent' });
    expect(server.seen[0]!.headers).not.toHaveProperty('authorization');
    expect(server.seen[0]!.headers['user-agent']).toBe('custom/9');
  });

  it('leaves undefined query values out and keeps encoded path segments', async () => {
    const server = await serve((_req, res) => reply(res, 200, []));
    const t = transport({ baseUrl: server.base });
    await t.request({
      method: 'GET',
      path: '/project/gh/o/r/tree/feature%2Fx',
      query: { limit: 5, offset: 0, filter: undefined, shallow: true },
      retry: 'idempotent',
    });
    expect(server.seen[0]!.url).toBe(
      '/api/v1.1/project/gh/o/r/tree/feature%2Fx?limit=5&offset=0&shallow=true',
    );
  });

  it('errors name the path relative to the base address, query included', async () => {
    const server = await serve((_req, res) => reply(res, 404, { message: 'Project not found' }));
    const t = transport({ baseUrl: server.base });
    const err = await failure(
      t.request({ method: 'GET', path: '/project/gh/o/r', query: { limit: 1 }, retry: 'idempotent' }),
    );
    expect(err.message).toBe('GET /project/gh/o/r?limit=1 failed with HTTP 404: Project not found');
  });

  it('refuses a body on a GET', async () => {
    const t = transport({ baseUrl: 'http://127.0.0.1:9/api/v1.1' });
    await expect(t.request({ method: 'GET', path: '/me', body: {}, retry: 'idempotent' })).rejects.toThrow(
      TypeError,
    );
  });
});

describe('redirects and where the credential goes (docs/promises.md, promise 14)', () => {
  it('an API call redirected to another origin is refused: that answer is not from the service', async () => {
    const other = await serve((_req, res) => reply(res, 200, { status: 'build dependency caches deleted' }));
    const api = await serve((_req, res) => {
      res.writeHead(307, { location: `${other.origin}/elsewhere?x=1` });
      res.end();
    });
    const t = transport({ baseUrl: api.base, token: TOKEN });
    const err = await failure(
      t.request({ method: 'DELETE', path: '/project/gh/o/r/build-cache', retry: 'idempotent' }),
    );
    expect(err).toBeInstanceOf(BadResponseError);
    expect(err.message).toBe(
      `DELETE /project/gh/o/r/build-cache returned an unusable answer: a redirect to another origin ` +
        `(${other.origin}/elsewhere); API answers are taken only from ${api.origin}, the origin of base-url: ` +
        `if the service has moved, set base-url to its new address`,
    );
    expect(api.seen).toHaveLength(1); // a bad answer is not retried
    expect(other.seen).toHaveLength(0);
  });

  it('a same-origin redirect keeps Authorization', async () => {
    const api = await serve((req, res) => {
      if (req.url === '/api/v1.1/old') {
        res.writeHead(301, { location: '/api/v1.1/new' });
        res.end('moved');
      } else reply(res, 200, { ok: true });
    });
    const t = transport({ baseUrl: api.base, token: TOKEN });
    await t.request({ method: 'GET', path: '/old', retry: 'idempotent' });
    expect(api.seen.map((s) => [s.url, s.headers.authorization])).toEqual([
      ['/api/v1.1/old', `Basic ${CREDENTIAL}`],
      ['/api/v1.1/new', `Basic ${CREDENTIAL}`],
    ]);
  });

  it('open(): a redirect to an untrusted origin drops Authorization, and it is not restored on the way back', async () => {
    const api = await serve((req, res) => {
      if (req.url === '/artifacts/a.txt') {
        res.writeHead(302, { location: `${other.origin}/bounce` });
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('content');
      }
    });
    const other = await serve((_req, res) => {
      res.writeHead(307, { location: `${api.origin}/final.txt` });
      res.end();
    });
    const t = transport({ baseUrl: api.base, token: TOKEN });
    const opened = await t.open(`${api.origin}/artifacts/a.txt`);
    expect(opened.status).toBe(200);
    expect(opened.url).toBe(`${api.origin}/final.txt`);
    expect(await streamText(opened.body)).toBe('content');
    expect(api.seen[0]!.headers.authorization).toBe(`Basic ${CREDENTIAL}`);
    expect(other.seen[0]!.headers).not.toHaveProperty('authorization');
    expect(api.seen[1]!.headers).not.toHaveProperty('authorization');
  });

  it('open(): an untrusted URL gets no credential; a trusted origin does, also through a redirect', async () => {
    const store = await serve((_req, res) => {
      res.writeHead(200);
      res.end('data');
    });
    const api = await serve((_req, res) => {
      res.writeHead(302, { location: `${store.origin}/file` });
      res.end();
    });
    const t = transport({ baseUrl: api.base, token: TOKEN });
    await streamText((await t.open(`${store.origin}/file`)).body);
    expect(store.seen[0]!.headers).not.toHaveProperty('authorization');

    t.trust(`${store.origin}/some/artifact.txt`);
    await streamText((await t.open(`${store.origin}/file`)).body);
    await streamText((await t.open(`${api.origin}/redirecting`)).body);
    expect(store.seen[1]!.headers.authorization).toBe(`Basic ${CREDENTIAL}`);
    expect(store.seen[2]!.headers.authorization).toBe(`Basic ${CREDENTIAL}`);
  });

  it('trust() never sends the credential of an https API over plain http', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    const seen: Record<string, unknown>[] = [];
    for (const origin of ['http://files.example', 'https://files.example']) {
      agent
        .get(origin)
        .intercept({ path: '/a.zip', method: 'GET' })
        .reply((options) => {
          seen.push({ ...(options.headers as Record<string, string>) });
          return { statusCode: 200, data: 'zip' };
        })
        .persist();
    }
    cleanups.push(() => agent.close());
    const t = transport({ baseUrl: 'https://ci.example/api/v1.1', token: TOKEN, dispatcher: agent });
    t.trust('http://files.example/a.zip');
    t.trust('https://files.example/a.zip');
    await streamText((await t.open('http://files.example/a.zip')).body);
    await streamText((await t.open('https://files.example/a.zip')).body);
    expect(seen[0]).not.toHaveProperty('authorization');
    expect(seen[1]).toHaveProperty('authorization', `Basic ${CREDENTIAL}`);
  });

  it('open(): passes extra headers through, never lets them set Authorization', async () => {
    const store = await serve((_req, res) => {
      res.writeHead(206, { 'content-range': 'bytes 2-3/4' });
      res.end('ta');
    });
    const t = transport({ baseUrl: 'http://127.0.0.1:9/api/v1.1' });
    const opened = await t.open(`${store.origin}/file`, {
      headers: { Range: 'bytes=2-', Authorization: 'Bearer x' },
    });
    expect(opened.status).toBe(206);
    expect(await streamText(opened.body)).toBe('ta');
    expect(store.seen[0]!.headers.range).toBe('bytes=2-');
    expect(store.seen[0]!.headers).not.toHaveProperty('authorization');
  });

  it('open(): a non-2xx is an ApiError naming the URL without its query', async () => {
    const store = await serve((_req, res) => reply(res, 403, '<html><title>AccessDenied</title></html>'));
    const t = transport({ baseUrl: 'http://127.0.0.1:9/api/v1.1' });
    const err = await failure(t.open(`${store.origin}/a/b.txt?X-Signature=s3cr3t`));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe(`GET ${store.origin}/a/b.txt failed with HTTP 403: AccessDenied`);
  });

  it('more than 5 redirects is an error', async () => {
    const api = await serve((_req, res, _seen, i) => {
      res.writeHead(302, { location: `/api/v1.1/loop${i}` });
      res.end();
    });
    const t = transport({ baseUrl: api.base });
    const err = await failure(t.request({ method: 'GET', path: '/loop', retry: 'idempotent' }));
    expect(err).toBeInstanceOf(BadResponseError);
    expect(api.seen).toHaveLength(6);
  });

  it('a POST redirected with 303 continues as a GET without the body', async () => {
    const api = await serve((req, res) => {
      if (req.method === 'POST') {
        res.writeHead(303, { location: '/api/v1.1/result' });
        res.end();
      } else reply(res, 200, { done: true });
    });
    const t = transport({ baseUrl: api.base });
    await t.request({ method: 'POST', path: '/do', body: { a: 1 }, retry: 'once' });
    expect(api.seen.map((s) => [s.method, s.body, s.headers['content-type']])).toEqual([
      ['POST', '{"a":1}', 'application/json'],
      ['GET', '', undefined],
    ]);
  });
});

async function streamText(body: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

describe('abort', () => {
  it('aborting mid-backoff ends at once with AbortedError, no further request', async () => {
    const server = await serve((_req, res) => reply(res, 502, {}));
    const controller = new AbortController();
    // A clock whose sleeps never end by themselves: only the abort can end this wait.
    const clock: Clock = {
      now: () => 0,
      random: () => 0.5,
      sleep: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(abortReason(signal)), { once: true });
          setTimeout(() => controller.abort(), 10);
        }),
    };
    const t = transport({ baseUrl: server.base, clock, signal: controller.signal });
    const err = await failure(t.request({ method: 'GET', path: '/x', retry: 'idempotent' }));
    expect(err).toBeInstanceOf(AbortedError);
    expect(server.seen).toHaveLength(1);
  });

  it('a per-request signal aborts the request in flight', async () => {
    const server = await serve(() => {});
    const controller = new AbortController();
    const t = transport({ baseUrl: server.base });
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    const err = await failure(
      t.request({ method: 'GET', path: '/x', retry: 'idempotent', signal: controller.signal }),
    );
    expect(err).toBeInstanceOf(AbortedError);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('close() during a backoff wait ends it with AbortedError', async () => {
    const server = await serve((_req, res) => reply(res, 503, {}));
    const t = new Transport({ baseUrl: server.base, retry: { baseDelayMs: 60_000 } });
    const pending = failure(t.request({ method: 'GET', path: '/x', retry: 'idempotent' }));
    await waitUntil(() => server.seen.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await t.close();
    expect(await pending).toBeInstanceOf(AbortedError);
  });
});

describe('the token never appears in an error (docs/promises.md, promise 13)', () => {
  function expectClean(err: Error): void {
    for (const text of [err.message, String(err), JSON.stringify(err), String(err.stack)]) {
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(CREDENTIAL);
    }
  }

  it('for 401 (even when the server echoes the token), reset, timeout, refused, DNS failure, bad JSON', async () => {
    const server = await serve((req, res) => {
      if (req.url?.endsWith('/401')) reply(res, 401, { message: `invalid token ${TOKEN}` });
      else if (req.url?.endsWith('/reset')) req.socket.destroy();
      else if (req.url?.endsWith('/html')) reply(res, 200, `<html><title>${TOKEN}</title></html>`);
      // '/hang' never answers
    });
    const lines: string[] = [];
    const options = {
      token: TOKEN,
      clock: fakeClock(),
      timeouts: { headersMs: 200 },
      retry: { maxAttempts: 2 },
      log: (_level: string, message: string) => lines.push(message),
    };
    const t = transport({ baseUrl: server.base, ...options });
    const errors = [
      await failure(t.request({ method: 'GET', path: '/401', retry: 'idempotent' })),
      await failure(t.request({ method: 'GET', path: '/reset', retry: 'idempotent' })),
      await failure(t.request({ method: 'GET', path: '/hang', retry: 'idempotent' })),
      await failure(t.request({ method: 'GET', path: '/html', retry: 'idempotent' })),
      await failure(t.open(`${server.origin}/401`)),
    ];
    const refused = transport({ baseUrl: `http://127.0.0.1:${await closedPort()}/api/v1.1`, ...options });
    errors.push(await failure(refused.request({ method: 'GET', path: '/me', retry: 'idempotent' })));
    const dns = transport({ baseUrl: 'http://ci.nonexistent.invalid/api/v1.1', ...options });
    errors.push(await failure(dns.request({ method: 'GET', path: '/me', retry: 'idempotent' })));

    expect(errors.map((e) => e.name)).toEqual([
      'ApiError',
      'NetworkError',
      'TimeoutError',
      'BadResponseError',
      'ApiError',
      'NetworkError',
      'NetworkError',
    ]);
    expect((errors[0] as ApiError).serverMessage).toBe('invalid token ***');
    expect(errors[6]).toMatchObject({ notSent: true });
    errors.forEach(expectClean);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain(CREDENTIAL);
    }
  });
});
