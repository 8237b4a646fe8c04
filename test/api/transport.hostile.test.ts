// The transport against servers that misbehave on purpose: what a broken proxy or a compromised installation can
// send. Each server is plain node:http, behaving exactly as the broken world does.
import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo, LookupFunction as LookupFn } from 'node:net';
import { MockAgent } from 'undici';
import { describe, expect, it } from 'vitest';
import { abortReason, type Clock } from '../../src/common/clock.ts';
import { DeadlineError } from '../../src/common/errors.ts';
import {
  ApiError,
  BadResponseError,
  NetworkError,
  TimeoutError,
  UnsafeAddressError,
} from '../../src/service/http/errors.ts';
import { isLinkLocal } from '../../src/service/http/address-guard.ts';
import { MAX_ANSWER_BYTES } from '../../src/service/http/answer.ts';
import { Transport, type LogFn, type TransportOptions } from '../../src/service/http/transport.ts';
import { cleanupScope, reply } from '../helpers/scope.ts';
import { receive, type BodyReceiver } from './download-server.ts';
import { failure } from '../helpers/failure.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, index: number) => void;

interface TestServer {
  origin: string;
  base: string;
  seen: { method: string; url: string; headers: http.IncomingHttpHeaders }[];
}

const { cleanups } = cleanupScope();

async function serve(handler: Handler): Promise<TestServer> {
  const seen: TestServer['seen'] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    handler(req, res, seen.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const origin = `http://127.0.0.1:${port}`;
  return { origin, base: `${origin}/api/v1.1`, seen };
}

function transport(options: TransportOptions): Transport {
  const t = new Transport(options);
  cleanups.push(() => t.close());
  return t;
}

interface FakeClock extends Clock {
  sleeps: number[];
  time: number;
}

function fakeClock(): FakeClock {
  const clock: FakeClock = {
    sleeps: [],
    time: 1_700_000_000_000,
    now: () => clock.time,
    random: () => 0.5,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw abortReason(signal);
      clock.sleeps.push(ms);
      clock.time += ms;
    },
  };
  return clock;
}

/** A resolver that maps the given names to addresses, and leaves other names to the system's. */
function namesLookup(names: Record<string, string>): LookupFn {
  return (hostname, options, callback) => {
    const address = names[hostname];
    if (address === undefined) dns.lookup(hostname, options, callback);
    else if (options.all) callback(null, [{ address, family: 4 }]);
    else callback(null, address, 4);
  };
}

async function drain(body: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

const TOKEN = 'tok-SECRET-0123456789abcdef-0123456789';

describe('Retry-After without a deadline (docs/promises.md, promise 3)', () => {
  it('a Retry-After of 31 years fails at once with an error naming what the server asked', async () => {
    const server = await serve((_req, res) =>
      reply(res, 429, { message: 'Rate limited' }, { 'retry-after': '999999999' }),
    );
    const clock = fakeClock();
    const t = transport({ baseUrl: server.base, clock });
    const err = await failure(
      t.request({ method: 'DELETE', path: '/project/gh/o/r/build-cache', retry: 'idempotent' }),
    );
    expect(err).toBeInstanceOf(DeadlineError);
    expect(err.message).toBe(
      'DELETE /project/gh/o/r/build-cache failed with HTTP 429: Rate limited; giving up: the server asked to ' +
        'wait 999999999 s (about 31.7 years) before retrying (Retry-After: 999999999), but that is past the 10 ' +
        'min an API call may take in all',
    );
    expect(clock.sleeps).toEqual([]);
    expect(server.seen).toHaveLength(1);
  });

  it('a wait within the budget is honoured; one longer than a few seconds is said at info level', async () => {
    const server = await serve((_req, res, i) =>
      i === 0
        ? reply(res, 503, {}, { 'retry-after': '90' })
        : i === 1
          ? reply(res, 502, {})
          : reply(res, 200, {}),
    );
    const lines: string[] = [];
    const log: LogFn = (level, message) => lines.push(`${level}: ${message}`);
    const clock = fakeClock();
    const t = transport({ baseUrl: server.base, clock, log });
    await t.request({ method: 'GET', path: '/me', retry: 'idempotent' });
    expect(clock.sleeps).toEqual([90_000, 1500]);
    expect(lines).toEqual([
      'info: GET /me failed with HTTP 503; retrying in 90 s as the server asked (Retry-After) (attempt 2 of 5)',
      'debug: GET /me failed with HTTP 502 (after 2 attempts); retrying in 1.5 s (attempt 3 of 5)',
    ]);
  });
});

describe('an overall limit per API call (docs/promises.md, promise 5)', () => {
  it('a server dripping a byte at a time within the idle timeout fails at the overall limit', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(timer));
    });
    // The overall limit follows the headers and idle timeouts: 300 ms + 2 s here (4 × 30 s by default).
    const t = transport({
      baseUrl: server.base,
      timeouts: { headersMs: 300, bodyIdleMs: 300 },
      retry: { maxAttempts: 2, baseDelayMs: 1 },
    });
    const started = performance.now();
    const err = await failure(t.request({ method: 'GET', path: '/me', retry: 'idempotent' }));
    const elapsed = performance.now() - started;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ phase: 'total', timeoutMs: 2300, attempts: 2 });
    expect(err.message).toBe(
      'GET /me timed out: the whole answer did not arrive within 2.3 s (after 2 attempts)',
    );
    expect(server.seen).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(2 * 2250);
    expect(elapsed).toBeLessThan(15_000);
  });

  it('a slow answer inside the limit is read whole', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const parts = ['[', '1,', '2', ']'];
      const timer = setInterval(() => {
        const part = parts.shift();
        if (part === undefined) {
          clearInterval(timer);
          res.end();
        } else res.write(part);
      }, 50);
    });
    const t = transport({ baseUrl: server.base, timeouts: { totalMs: 5000 } });
    expect((await t.request({ method: 'GET', path: '/x', retry: 'idempotent' })).data).toEqual([1, 2]);
  });
});

describe('limits of an API answer (docs/promises.md, promise 22)', () => {
  it('an endless JSON list stops at the size limit: a bad answer, read no further', async () => {
    let written = 0;
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      const record = `${JSON.stringify({ build_num: 1, subject: 'x'.repeat(400) })},`;
      const chunk = Buffer.from(record.repeat(Math.ceil(65_536 / record.length)));
      // 500 MB, written only as fast as the client reads.
      const more = (): void => {
        while (written < 500 * 1024 * 1024 && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', more);
            return;
          }
        }
        res.end('0]');
      };
      more();
    });
    const t = transport({ baseUrl: server.base });
    const err = await failure(t.request({ method: 'GET', path: '/project/gh/o/r', retry: 'idempotent' }));
    expect(err).toBeInstanceOf(BadResponseError);
    expect(err.message).toBe(
      'GET /project/gh/o/r returned an unusable answer: the answer is larger than 32 MiB, the most an API ' +
        'answer may be; reading stopped there',
    );
    expect(server.seen).toHaveLength(1);
    expect(written).toBeLessThan(MAX_ANSWER_BYTES + 16 * 1024 * 1024);
  });

  it('an answer announcing more than the limit is refused before its body is read', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(600 * 1024 * 1024) });
      res.write('[');
    });
    const t = transport({ baseUrl: server.base });
    const err = await failure(t.request({ method: 'GET', path: '/x', retry: 'idempotent' }));
    expect(err).toBeInstanceOf(BadResponseError);
    expect(err.message).toContain('larger than 32 MiB');
  });

  it('JSON nested 10,000 deep is a bad answer, not a stack overflow later', async () => {
    const server = await serve((_req, res) => reply(res, 200, `${'['.repeat(10_000)}${']'.repeat(10_000)}`));
    const t = transport({ baseUrl: server.base });
    const err = await failure(t.request({ method: 'GET', path: '/x', retry: 'idempotent' }));
    expect(err).toBeInstanceOf(BadResponseError);
    expect(err.message).toBe(
      'GET /x returned an unusable answer: JSON nested more than 64 levels deep, more than any API answer; ' +
        'reading stopped there',
    );
    expect(server.seen).toHaveLength(1);
  });

  it('a page that is not JSON is told as such, however many brackets its scripts have', async () => {
    const page = `<html><head><title>Sign in</title><script>${'{'.repeat(100)}</script></head></html>`;
    const server = await serve((_req, res) => reply(res, 200, page, { 'content-type': 'text/html' }));
    const t = transport({ baseUrl: server.base });
    const err = await failure(t.request({ method: 'GET', path: '/x', retry: 'idempotent' }));
    expect(err.message).toBe(
      'GET /x returned an unusable answer: HTTP 200 with a body that is not JSON (text/html): Sign in',
    );
  });

  it('brackets inside strings do not count; real nesting within the limit is read', async () => {
    const deep = JSON.parse(`${'{"a":'.repeat(60)}"${'[{'.repeat(500)}\\"["${'}'.repeat(60)}`) as unknown;
    const server = await serve((_req, res) => reply(res, 200, deep));
    const t = transport({ baseUrl: server.base });
    expect((await t.request({ method: 'GET', path: '/x', retry: 'idempotent' })).data).toEqual(deep);
  });
});

describe('redirects never reach a link-local address (docs/promises.md, promise 14)', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/iam?token=s3cr3t',
    'http://2852039166/latest/meta-data/iam?token=s3cr3t',
    'http://[fe80::1]/latest/meta-data/iam?token=s3cr3t',
    'http://[::ffff:169.254.169.254]/latest/meta-data/iam?token=s3cr3t',
  ])('a download redirected to %s is refused, naming the address without its query', async (target) => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    const reached: string[] = [];
    agent
      .get('https://storage.example')
      .intercept({ path: '/a.txt', method: 'GET' })
      .reply(302, '', { headers: { location: target } });
    const where = new URL(target);
    agent
      .get(where.origin)
      .intercept({ path: () => true, method: 'GET' })
      .reply((options) => {
        reached.push(options.path);
        return { statusCode: 200, data: 'credentials' };
      })
      .persist();
    cleanups.push(() => agent.close());
    const t = transport({ baseUrl: 'https://ci.example/api/v1.1', dispatcher: agent });
    const err = await failure(t.open('https://storage.example/a.txt'));
    expect(err).toBeInstanceOf(UnsafeAddressError);
    expect(err.message).toBe(
      `GET https://storage.example/a.txt was redirected to ${where.origin}/latest/meta-data/iam: a link-local ` +
        'address (where cloud metadata services answer), never contacted',
    );
    expect(reached).toEqual([]);
  });

  it('a host name that resolves to a link-local address is never connected to; others are', async () => {
    const store = await serve((_req, res) => res.end('data'));
    const port = new URL(store.origin).port;
    const api = await serve((req, res) => {
      res.writeHead(302, {
        location: `http://${req.url === '/a' ? 'metadata.test' : 'storage.test'}:${port}/x?sig=1`,
      });
      res.end();
    });
    const lookup = namesLookup({ 'metadata.test': '169.254.169.254', 'storage.test': '127.0.0.1' });
    const t = transport({ baseUrl: api.base, lookup });
    const err = await failure(t.open(`${api.origin}/a`));
    expect(err).toBeInstanceOf(UnsafeAddressError);
    expect(err.message).toBe(
      `GET ${api.origin}/a: the host name metadata.test resolves to 169.254.169.254, a link-local address ` +
        '(where cloud metadata services answer), never contacted',
    );
    expect(await drain((await t.open(`${api.origin}/b`)).body)).toBe('data');
    expect(store.seen).toHaveLength(1);
  });

  it('a download (its own HTTP client) never connects to a link-local address, by literal or by name', async () => {
    const store = await serve((_req, res) => res.end('data'));
    const port = new URL(store.origin).port;
    const lookup = namesLookup({ 'metadata.test': '169.254.169.254', 'storage.test': '127.0.0.1' });
    const t = transport({ baseUrl: store.base, lookup });
    const chunks: Buffer[] = [];
    const receiver = (): BodyReceiver => ({
      start() {},
      data: (chunk) => chunks.push(Buffer.from(chunk)) > 0,
      end() {},
      error() {},
    });
    for (const url of [`http://metadata.test:${port}/x?sig=1`, `http://169.254.169.254:${port}/x?sig=1`]) {
      const err = await failure(receive(t, url, {}, receiver()));
      expect(err, url).toBeInstanceOf(UnsafeAddressError);
      expect(err.message, url).toContain('169.254.169.254');
    }
    expect(store.seen).toHaveLength(0);
    await receive(t, `http://storage.test:${port}/x?sig=1`, {}, receiver());
    expect(store.seen).toHaveLength(1);
  });

  it.each([
    ['169.254.0.1', true],
    ['169.254.255.255', true],
    ['169.253.1.1', false],
    ['[fe80::1]', true],
    ['febf::1', true],
    ['fec0::1', false],
    ['fe80::1%eth0', true],
    ['::ffff:169.254.169.254', true],
    ['::ffff:a9fe:a9fe', true],
    ['64:ff9b::169.254.169.254', true],
    ['::169.254.169.254', true],
    ['::ffff:127.0.0.1', false],
    ['127.0.0.1', false],
    ['metadata.google.internal', false],
  ])('isLinkLocal(%s) is %s', (host, expected) => {
    expect(isLinkLocal(host)).toBe(expected);
  });
});

describe('what errors and logs print (docs/promises.md, promises 13, 15)', () => {
  it('a 401 body ending in the token prints no part of it, however long the message before it', async () => {
    const server = await serve((_req, res) =>
      reply(res, 401, { message: `${'You must log in first. '.repeat(12)}token=${TOKEN}` }),
    );
    const t = transport({ baseUrl: server.base, token: TOKEN });
    const err = await failure(t.request({ method: 'GET', path: '/me', retry: 'idempotent' }));
    expect(err).toBeInstanceOf(ApiError);
    // Cut before redaction, the message's 300 characters would end in the token's first 17.
    expect(err.message).not.toContain(TOKEN.slice(0, 4));
    expect((err as ApiError).serverMessage).toBe(`${'You must log in first. '.repeat(12)}token=***`);
  });

  it('a secret with double spaces echoed by the server is removed before white space is collapsed', async () => {
    const value = 'correct  horse\tbattery  staple';
    const server = await serve((_req, res) =>
      reply(res, 400, { message: `invalid value:\n${value}\nfor ENV_VAR` }),
    );
    const t = transport({ baseUrl: server.base, token: TOKEN, secrets: [value] });
    const err = await failure(t.request({ method: 'POST', path: '/envvar', body: {}, retry: 'once' }));
    expect((err as ApiError).serverMessage).toBe('invalid value: *** for ENV_VAR');
  });

  it('a secret read after the transport was made is removed too, once a message was already redacted', async () => {
    // The action's list of secrets grows as inputs holding secrets are read; the transport keeps a reference.
    const later = 'added-later-secret-42';
    const server = await serve((_req, res) =>
      reply(res, 403, { message: `denied for ${later} and ${TOKEN}` }),
    );
    const secrets: string[] = [];
    const t = transport({ baseUrl: server.base, token: TOKEN, secrets });
    const receiver = { start: () => {}, data: () => true, end: () => {}, error: () => {} };
    const first = await failure(receive(t, `${server.origin}/file`, {}, receiver));
    expect((first as ApiError).serverMessage).toBe(`denied for ${later} and ***`);
    secrets.push(later);
    const second = await failure(receive(t, `${server.origin}/file`, {}, receiver));
    expect((second as ApiError).serverMessage).toBe('denied for *** and ***');
  });

  it('a user and password in a URL are never printed, in errors or at debug level', async () => {
    const store = await serve((req, res) => {
      if (req.url === '/moved') {
        res.writeHead(302, { location: `http://u2:pw2-secret@127.0.0.1:${new URL(store.origin).port}/gone` });
        res.end();
      } else reply(res, 404, { message: 'not here' });
    });
    const lines: string[] = [];
    const base = `http://apiuser:api-pass-secret@${new URL(store.origin).host}/api/v1.1`;
    const t = transport({ baseUrl: base, log: (_level, line) => lines.push(line), clock: fakeClock() });
    const errors = [
      await failure(t.open(`http://dl:dl-pass-secret@${new URL(store.origin).host}/moved?sig=1`)),
      await failure(t.request({ method: 'GET', path: '/me', retry: 'idempotent' })),
    ];
    const printed = [...errors.map((e) => `${e.message} ${String(e.stack)}`), ...lines].join('\n');
    expect(errors.map((e) => e.name)).toEqual(['ApiError', 'ApiError']);
    for (const secret of ['pw2-secret', 'dl-pass-secret', 'api-pass-secret', 'sig=1']) {
      expect(printed).not.toContain(secret);
    }
  });

  it('a DNS failure names the host it could not resolve, also after a redirect', async () => {
    const api = await serve((_req, res) => {
      res.writeHead(302, { location: 'http://artifacts.nonexistent.invalid/a.txt' });
      res.end();
    });
    const dnsFail = transport({
      baseUrl: 'http://ci.nonexistent.invalid/api/v1.1',
      retry: { maxAttempts: 1 },
    });
    const err = await failure(dnsFail.request({ method: 'GET', path: '/me', retry: 'idempotent' }));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toMatch(
      /^GET \/me failed: network error (ENOTFOUND|EAI_AGAIN): could not resolve the host name ci\.nonexistent\.invalid$/,
    );
    const t = transport({ baseUrl: api.base });
    const redirected = await failure(t.open(`${api.origin}/a.txt`));
    expect(redirected.message).toContain('could not resolve the host name artifacts.nonexistent.invalid');
  });
});
