// Proxies from the environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), through a real HTTP proxy on 127.0.0.1 that
// records what passed through it.
import http from 'node:http';
import { createProxy } from 'proxy';
import { describe, expect, it, vi } from 'vitest';
import { TimeoutError } from '../../src/service/http/errors.ts';
import { Transport, type TransportOptions } from '../../src/service/http/transport.ts';
import { cleanupScope } from '../helpers/scope.ts';

const TOKEN = 'tok-PROXY-SECRET-0123456789';
const CREDENTIAL = `Basic ${Buffer.from(`${TOKEN}:`).toString('base64')}`;

const { cleanups, listen } = cleanupScope();

interface Target {
  origin: string;
  host: string;
  seen: { url: string; headers: http.IncomingHttpHeaders }[];
}

async function serve(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<Target> {
  const seen: Target['seen'] = [];
  const origin = await listen(
    http.createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      handler(req, res);
    }),
  );
  return { origin, host: new URL(origin).host, seen };
}

/** A forwarding and tunnelling proxy; `connects` are the CONNECT requests it received, with their headers. */
async function startProxy(): Promise<{ url: string; connects: http.IncomingMessage[]; forwarded: string[] }> {
  const server = createProxy(http.createServer());
  const connects: http.IncomingMessage[] = [];
  const forwarded: string[] = [];
  server.prependListener('connect', (req: http.IncomingMessage) => connects.push(req));
  server.prependListener('request', (req: http.IncomingMessage) => forwarded.push(req.url ?? ''));
  return { url: await listen(server), connects, forwarded };
}

function transport(options: TransportOptions): Transport {
  const t = new Transport(options);
  cleanups.push(() => t.close());
  return t;
}

async function drain(body: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

const json = (res: http.ServerResponse, body: unknown): void => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe('proxies from the environment', () => {
  it('API calls, downloads and their redirects go through HTTP_PROXY; the proxy never sees the credential', async () => {
    const store = await serve((_req, res) => res.end('artifact'));
    const api = await serve((req, res) => {
      if (req.url === '/files/a.txt') {
        res.writeHead(302, { location: `${store.origin}/signed/a.txt?sig=1` });
        res.end();
      } else json(res, { login: 'me' });
    });
    const proxy = await startProxy();
    const lines: string[] = [];
    const t = transport({
      baseUrl: `${api.origin}/api/v1.1`,
      token: TOKEN,
      env: { HTTP_PROXY: `http://user:proxy-pass@${new URL(proxy.url).host}` },
      log: (_level, line) => lines.push(line),
    });
    expect((await t.request({ method: 'GET', path: '/me', retry: 'idempotent' })).data).toEqual({
      login: 'me',
    });
    expect(await drain((await t.open(`${api.origin}/files/a.txt`)).body)).toBe('artifact');

    // Tunnels to the API, and to the storage the download was redirected to.
    expect(new Set(proxy.connects.map((req) => req.url))).toEqual(new Set([api.host, store.host]));
    expect(proxy.connects.at(-1)!.url).toBe(store.host);
    expect(proxy.forwarded).toEqual([]);
    for (const req of proxy.connects) {
      // The proxy's own user and password, from HTTP_PROXY, are the proxy's; the token never goes to it.
      expect(req.headers['proxy-authorization']).toBe(
        `Basic ${Buffer.from('user:proxy-pass').toString('base64')}`,
      );
      expect(JSON.stringify(req.headers)).not.toContain(Buffer.from(`${TOKEN}:`).toString('base64'));
      expect(req.headers).not.toHaveProperty('authorization');
    }
    expect(api.seen.map((s) => s.headers.authorization)).toEqual([CREDENTIAL, CREDENTIAL]);
    expect(store.seen[0]!.headers).not.toHaveProperty('authorization');
    expect(lines).toContain(`Proxy from the environment: ${proxy.url} for https, ${proxy.url} for http`);
    expect(lines.join('\n')).not.toContain('proxy-pass');
  });

  it.each([
    ['NO_PROXY', { no_proxy: undefined, NO_PROXY: '127.0.0.1' }],
    ['no_proxy with a port and others', { no_proxy: 'example.org, 127.0.0.1:PORT' }],
    ['NO_PROXY=*', { NO_PROXY: '*' }],
  ])('%s naming the host: nothing goes through the proxy', async (_what, noProxy) => {
    const api = await serve((_req, res) => json(res, {}));
    const proxy = await startProxy();
    const port = new URL(api.origin).port;
    const env: Record<string, string | undefined> = { https_proxy: proxy.url, HTTP_PROXY: proxy.url };
    for (const [name, value] of Object.entries(noProxy)) env[name] = value?.replace('PORT', port);
    const t = transport({ baseUrl: `${api.origin}/api/v1.1`, env });
    await t.request({ method: 'GET', path: '/me', retry: 'idempotent' });
    await drain((await t.open(`${api.origin}/file`)).body);
    expect(api.seen).toHaveLength(2);
    expect(proxy.connects).toEqual([]);
    expect(proxy.forwarded).toEqual([]);
  });

  it('NO_PROXY naming another host leaves this one proxied; lower case wins as curl has it', async () => {
    const api = await serve((_req, res) => json(res, {}));
    const proxy = await startProxy();
    const unused = await startProxy();
    const t = transport({
      baseUrl: `${api.origin}/api/v1.1`,
      env: { http_proxy: proxy.url, HTTP_PROXY: unused.url, NO_PROXY: 'internal.example,localhost' },
    });
    await t.request({ method: 'GET', path: '/me', retry: 'idempotent' });
    expect(proxy.connects.map((req) => req.url)).toEqual([api.host]);
    expect(unused.connects).toEqual([]);
  });

  it('a proxy variable that is no address is not used, with a warning', async () => {
    const api = await serve((_req, res) => json(res, {}));
    const warnings: string[] = [];
    const t = transport({
      baseUrl: `${api.origin}/api/v1.1`,
      env: { HTTPS_PROXY: 'socks5://127.0.0.1:1080' },
      log: (level, line) => {
        if (level === 'warning') warnings.push(line);
      },
    });
    await t.request({ method: 'GET', path: '/me', retry: 'idempotent' });
    expect(api.seen).toHaveLength(1);
    expect(warnings).toEqual(['HTTPS_PROXY is set but is no http(s) address of a proxy: it is not used']);
  });

  it("a proxy for https only leaves http direct, whatever the process's own environment says", async () => {
    const api = await serve((_req, res) => json(res, {}));
    const proxy = await startProxy();
    const unused = await startProxy();
    vi.stubEnv('http_proxy', unused.url);
    vi.stubEnv('HTTP_PROXY', unused.url);
    cleanups.push(async () => vi.unstubAllEnvs());
    const lines: string[] = [];
    const t = transport({
      baseUrl: `${api.origin}/api/v1.1`,
      env: { https_proxy: proxy.url },
      log: (_level, line) => lines.push(line),
    });
    await t.request({ method: 'GET', path: '/me', retry: 'idempotent' });
    expect(lines).toContain(`Proxy from the environment: ${proxy.url} for https, none for http`);
    expect(unused.connects).toEqual([]);
    expect(unused.forwarded).toEqual([]);
    expect(api.seen).toHaveLength(1);
  });

  it('without proxy variables nothing changes', async () => {
    const api = await serve((_req, res) => json(res, {}));
    const proxy = await startProxy();
    const t = transport({ baseUrl: `${api.origin}/api/v1.1`, env: { NO_PROXY: '127.0.0.1' } });
    await t.request({ method: 'GET', path: '/me', retry: 'idempotent' });
    expect(proxy.connects).toEqual([]);
  });

  it('our timeouts hold through the proxy: a server that never answers fails in about the headers timeout', async () => {
    const api = await serve(() => {});
    const proxy = await startProxy();
    const t = transport({
      baseUrl: `${api.origin}/api/v1.1`,
      env: { HTTP_PROXY: proxy.url },
      timeouts: { headersMs: 300 },
      retry: { maxAttempts: 1 },
    });
    const started = performance.now();
    const err = await t.request({ method: 'GET', path: '/me', retry: 'idempotent' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ phase: 'headers' });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(proxy.connects).toHaveLength(1);
  });
});
