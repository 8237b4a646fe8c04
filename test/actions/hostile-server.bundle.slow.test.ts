// The bundles run as the runner runs them against servers that misbehave on purpose (plain node:http), and
// through HTTP proxies on 127.0.0.1: the `proxy` package, and a CONNECT tunnel of our own.
import http from 'node:http';
import net from 'node:net';
import { createProxy } from 'proxy';
import { describe, expect, it } from 'vitest';
import { runAction } from '../harness/runner.ts';
import { cleanupScope, reply } from '../helpers/scope.ts';

const TOKEN = 'tok-BUNDLE-SECRET-0123456789abcdef';

interface Server {
  origin: string;
  base: string;
  seen: { method: string; url: string; headers: http.IncomingHttpHeaders }[];
}

const { listen } = cleanupScope();

async function serve(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<Server> {
  const seen: Server['seen'] = [];
  const origin = await listen(
    http.createServer((req, res) => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      req.resume();
      req.on('end', () => handler(req, res));
    }),
  );
  return { origin, base: `${origin}/api/v1.1`, seen };
}

const inputs = (server: Server, more: Record<string, string> = {}) => ({
  token: TOKEN,
  'base-url': server.base,
  ...more,
});

describe('a hostile server', () => {
  it('clear-cache against a 429 asking for 31 years fails within seconds with one clear error', async () => {
    const server = await serve((_req, res) =>
      reply(res, 429, { message: 'Rate limited' }, { 'retry-after': '999999999' }),
    );
    const started = performance.now();
    const result = await runAction('clear-cache', { inputs: inputs(server), timeoutMs: 30_000 });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      '::error::DELETE /project/primary-host/octo-org/octo-repo/build-cache failed with HTTP 429: Rate limited; ' +
        'giving up: the server asked to wait 999999999 s (about 31.7 years) before retrying (Retry-After: ' +
        '999999999), but that is past the 10 min an API call may take in all',
    ]);
    expect(server.seen).toHaveLength(1);
  });

  it('clear-cache against a server dripping a byte at a time fails at the overall limit, which follows CI_ACTIONS_TIMEOUT_SECONDS', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
      const timer = setInterval(() => res.write(' '), 200);
      res.on('close', () => clearInterval(timer));
    });
    const started = performance.now();
    const result = await runAction('clear-cache', {
      inputs: inputs(server),
      env: { CI_ACTIONS_TIMEOUT_SECONDS: '1', CI_ACTIONS_MAX_ATTEMPTS: '1' },
      timeoutMs: 30_000,
    });
    const elapsed = performance.now() - started;
    expect(result.errors).toEqual([
      '::error::DELETE /project/primary-host/octo-org/octo-repo/build-cache timed out: the whole answer did not ' +
        'arrive within 4 s',
    ]);
    expect(elapsed).toBeGreaterThanOrEqual(3900);
    expect(elapsed).toBeLessThan(15_000);
  });

  it('wait-for-serial stopped by a Retry-After of 31 years says what happened, not "timed out after 1 min"', async () => {
    const server = await serve((_req, res) =>
      reply(res, 429, { message: 'Rate limited' }, { 'retry-after': '999999999' }),
    );
    const result = await runAction('wait-for-serial', {
      inputs: inputs(server, { 'wait-timeout-minutes': '1' }),
      timeoutMs: 30_000,
    });
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(
      /^::error::Stopped waiting for builds of octo-org\/octo-repo after \d+(\.\d)? s, before the 1 min timeout: GET \/project\/primary-host\/octo-org\/octo-repo\?limit=100&offset=0&filter=running failed with HTTP 429: Rate limited; giving up: the server asked to wait 999999999 s \(about 31\.7 years\) before retrying \(Retry-After: 999999999\), but only \d+(\.\d)? s remain before the deadline; none was seen running$/,
    );
    expect(result.errors[0]).not.toContain('Timed out');
    expect(result.summary).toContain('**Stopped** after');
  });

  it('clear-cache redirected by a 307 to another origin reports an error, not "Cleared" from elsewhere', async () => {
    const other = await serve((_req, res) => reply(res, 200, { status: 'build dependency caches deleted' }));
    const server = await serve((_req, res) => {
      res.writeHead(307, { location: `${other.origin}/api/v1.1/project/x/y/z/build-cache?k=v` });
      res.end();
    });
    const result = await runAction('clear-cache', { inputs: inputs(server), timeoutMs: 30_000 });
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      '::error::DELETE /project/primary-host/octo-org/octo-repo/build-cache returned an unusable answer: a ' +
        `redirect to another origin (${other.origin}/api/v1.1/project/x/y/z/build-cache); API answers are taken ` +
        `only from ${server.origin}, the origin of base-url: if the service has moved, set base-url to its new address`,
    ]);
    expect(result.stdout).not.toContain('Cleared');
    expect(result.outputs['message']).toBeUndefined();
    expect(other.seen).toHaveLength(0);
  });

  it('set-envvar: a value with double spaces that the server echoes is never printed, whole or collapsed', async () => {
    const value = 'pa  ss  word-42';
    const server = await serve((_req, res) =>
      reply(res, 400, { message: `invalid value\n${value}\nfor the variable` }),
    );
    const result = await runAction('set-envvar', {
      inputs: inputs(server, { name: 'DEPLOY_KEY', value }),
      timeoutMs: 30_000,
    });
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain('invalid value *** for the variable');
    // The runner's own ::add-mask:: lines carry it to the runner, which never prints them.
    const printed = result.stdout
      .split('\n')
      .filter((line) => !line.startsWith('::add-mask::'))
      .join('\n');
    for (const text of [printed, result.stderr, result.summary]) {
      expect(text).not.toContain(value);
      expect(text).not.toContain('pa ss word-42');
    }
  });
});

describe('endless pages', () => {
  it('general builds with all-pages against a server that always answers the same 100 builds stops, and says so', async () => {
    const same = Array.from({ length: 100 }, (_, i) => ({ build_num: 900 - i, status: 'success' }));
    const server = await serve((_req, res) => reply(res, 200, same));
    const result = await runAction('general', {
      inputs: inputs(server, { command: 'builds', 'all-pages': 'true' }),
      timeoutMs: 30_000,
    });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(server.seen.map((s) => new URL(s.url, 'http://x').searchParams.get('offset'))).toEqual([
      '0',
      '100',
    ]);
    expect(JSON.parse(result.outputs['result'] ?? '')).toEqual(same);
    expect(result.stdout).toContain(
      '::warning::builds: Stopped at offset 100: the server answered page 2 with items already seen, so the ' +
        'list would never end (does it ignore offset?)',
    );
  });
});

describe('through a proxy (HTTP_PROXY)', () => {
  async function proxy(): Promise<{ url: string; connects: http.IncomingMessage[]; requests: string[] }> {
    const server = createProxy(http.createServer());
    const connects: http.IncomingMessage[] = [];
    const requests: string[] = [];
    server.prependListener('connect', (req: http.IncomingMessage) => connects.push(req));
    server.prependListener('request', (req: http.IncomingMessage) => requests.push(req.url ?? ''));
    return { url: await listen(server), connects, requests };
  }

  /** A CONNECT proxy that ends the tunnel's client side only once the target's bytes are written: the `proxy`
   *  package destroys it when the target closes, which can drop the last write, the end of a close-delimited body. */
  async function tunnel(): Promise<{ url: string; connects: string[] }> {
    const connects: string[] = [];
    const server = http.createServer((_req, res) => res.writeHead(405).end());
    server.on('connect', (req: http.IncomingMessage, client: net.Socket) => {
      connects.push(req.url ?? '');
      const { hostname, port } = new URL(`http://${req.url ?? ''}`);
      const target = net.connect(Number(port), hostname, () => {
        client.write('HTTP/1.1 200 Connection established\r\n\r\n');
        target.pipe(client);
        client.pipe(target);
      });
      target.on('error', () => client.destroy());
      client.on('error', () => target.destroy());
    });
    return { url: await listen(server), connects };
  }

  /** The service, listing one artifact of build 140, at `url`. */
  function listingOne(path: string, url: string): Promise<Server> {
    return serve((req, res) => {
      if (req.url?.startsWith('/api/v1.1/project/primary-host/octo-org/octo-repo/140/artifacts')) {
        reply(res, 200, [{ path, pretty_path: path, node_index: 0, url }]);
      } else reply(res, 404, { message: 'not found' });
    });
  }

  it('clear-cache goes through the proxy, which sees where but never the credential', async () => {
    const server = await serve((_req, res) => reply(res, 200, { status: 'build dependency caches deleted' }));
    const through = await proxy();
    const result = await runAction('clear-cache', {
      inputs: inputs(server),
      env: { HTTP_PROXY: through.url },
      timeoutMs: 30_000,
    });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['message']).toBe('build dependency caches deleted');
    expect(through.connects.map((req) => req.url)).toEqual([new URL(server.origin).host]);
    expect(through.requests).toEqual([]);
    for (const req of through.connects) {
      expect(JSON.stringify(req.headers)).not.toMatch(/authorization/i);
    }
    expect(server.seen[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${TOKEN}:`).toString('base64')}`,
    );
  });

  it('fetch-artifacts lists and downloads through the proxy, the storage reached through it too', async () => {
    const storage = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '6' });
      res.end('report');
    });
    const server = await listingOne('out/report.txt', `${storage.origin}/signed/report.txt?sig=1`);
    const through = await proxy();
    const result = await runAction('fetch-artifacts', {
      inputs: inputs(server, { 'build-num': '140' }),
      env: { HTTPS_PROXY: through.url, HTTP_PROXY: through.url },
      timeoutMs: 30_000,
    });
    expect(result.errors).toEqual([]);
    expect(result.outputs['count']).toBe('1');
    expect(new Set(through.connects.map((req) => req.url))).toEqual(
      new Set([new URL(server.origin).host, new URL(storage.origin).host]),
    );
    expect(storage.seen).toHaveLength(1);
    for (const req of through.connects) expect(JSON.stringify(req.headers)).not.toMatch(/authorization/i);
  });

  it('fetch-artifacts through the proxy saves a close-delimited file whole, its end the end of the connection', async () => {
    // No Content-Length: the file ends when the connection does, the whole of it sent at once.
    // test/api/one-stack.hostile.slow.test.ts holds such a body back on purpose, where undici 7 ended the process.
    const size = 48 * 1024 * 1024;
    const storage = await listen(
      net.createServer((socket) => {
        socket.on('error', () => {});
        socket.once('data', () => {
          socket.write(
            'HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nConnection: close\r\n\r\n',
          );
          socket.end(Buffer.alloc(size, 0x61));
        });
      }),
    );
    const server = await listingOne('out/big.bin', `${storage}/big.bin`);
    const through = await tunnel();
    const result = await runAction('fetch-artifacts', {
      inputs: inputs(server, { 'build-num': '140' }),
      env: { HTTPS_PROXY: through.url, HTTP_PROXY: through.url },
      timeoutMs: 60_000,
    });
    expect(result.stderr).not.toMatch(/AssertionError/u);
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['bytes']).toBe(String(size));
    expect(through.connects).toContain(new URL(storage).host);
  });

  it('clear-cache with NO_PROXY naming the host goes straight to it', async () => {
    const server = await serve((_req, res) => reply(res, 200, { status: 'build dependency caches deleted' }));
    const through = await proxy();
    const result = await runAction('clear-cache', {
      inputs: inputs(server),
      env: { http_proxy: through.url, NO_PROXY: 'localhost,127.0.0.1' },
      timeoutMs: 30_000,
    });
    expect(result.code).toBe(0);
    expect(server.seen).toHaveLength(1);
    expect(through.connects).toEqual([]);
    expect(through.requests).toEqual([]);
  });
});
