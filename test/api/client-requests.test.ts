// What the core puts on the wire for every endpoint: method, path, query and body (docs/wire.md), and that a
// check that fails sends nothing. Against a real HTTP server on 127.0.0.1 that records what it receives.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, type ProjectRef } from '../../src/service/v1.ts';
import { ValidationError } from '../../src/common/errors.ts';
import { Transport } from '../../src/service/http/transport.ts';

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  body: string;
  headers: IncomingMessage['headers'];
}

let server: Server;
let seen: Seen[] = [];
let client: Client;
/** What the server answers next: status and JSON body. */
let answer: { status: number; body: unknown } = { status: 200, body: {} };

const p: ProjectRef = { vcsType: 'primary-host', username: 'octo-org', project: 'octo-repo' };
const P = '/api/v1.1/project/primary-host/octo-org/octo-repo';
const sshKey = generateKeyPairSync('rsa', { modulusLength: 1024 })
  .privateKey.export({ type: 'pkcs1', format: 'pem' })
  .toString();

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (c: string) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        headers: req.headers,
      });
      // The newest-build look of a trigger gets a list, as the service answers it.
      const list = req.method === 'GET' && url.pathname === P;
      res
        .writeHead(list ? 200 : answer.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(list ? [] : answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  client = new Client(
    new Transport({
      baseUrl: `http://127.0.0.1:${port}/api/v1.1/`,
      token: 'tok-123',
      retry: { maxAttempts: 1 },
    }),
  );
});
afterAll(async () => {
  await client.transport.close();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  seen = [];
  answer = { status: 200, body: {} };
});

type Row = [string, (c: Client) => Promise<unknown>, string, string, Record<string, string>, unknown];

const rows: Row[] = [
  ['me', (c) => c.me(), 'GET', '/api/v1.1/me', {}, undefined],
  ['projects', (c) => c.projects(), 'GET', '/api/v1.1/projects', {}, undefined],
  [
    'recent builds',
    (c) => c.recentBuilds({ limit: 5, offset: 10 }),
    'GET',
    '/api/v1.1/recent-builds',
    { limit: '5', offset: '10' },
    undefined,
  ],
  [
    'platform key',
    (c) => c.addPlatformKey('pk-1'),
    'POST',
    '/api/v1.1/user/platform-key',
    {},
    { apikey: 'pk-1' },
  ],
  ['follow', (c) => c.follow(p), 'POST', `${P}/follow`, {}, undefined],
  ['builds', (c) => c.builds(p), 'GET', P, {}, undefined],
  [
    'builds, filtered and paged',
    (c) => c.builds(p, { limit: 100, offset: 0, statusFilter: 'running' }),
    'GET',
    P,
    { limit: '100', offset: '0', filter: 'running' },
    undefined,
  ],
  [
    'builds of a branch with a slash',
    (c) => c.builds(p, { branch: 'feature/x' }),
    'GET',
    `${P}/tree/feature%2Fx`,
    {},
    undefined,
  ],
  ['trigger', (c) => c.trigger(p, { branch: 'main' }), 'POST', `${P}/tree/main`, {}, {}],
  [
    'trigger with everything',
    (c) =>
      c.trigger(p, {
        branch: 'release/1',
        revision: 'abc123',
        parallel: 2,
        params: { DEPLOY: 'yes', N: 3, DRY: false },
      }),
    'POST',
    `${P}/tree/release%2F1`,
    {},
    { revision: 'abc123', parallel: 2, build_parameters: { DEPLOY: 'yes', N: 3, DRY: false } },
  ],
  [
    'trigger a tag',
    (c) => c.trigger(p, { branch: 'main', tag: 'v1.2.3' }),
    'POST',
    `${P}/tree/main`,
    {},
    { tag: 'v1.2.3' },
  ],
  ['build', (c) => c.build(p, 140), 'GET', `${P}/140`, {}, undefined],
  ['retry', (c) => c.retry(p, 140), 'POST', `${P}/140/retry`, {}, {}],
  ['retry with ssh', (c) => c.retry(p, 140, { ssh: true }), 'POST', `${P}/140/retry`, {}, { ssh: true }],
  [
    'retry without cache (unsupported)',
    (c) => c.retry(p, 140, { noCache: true }),
    'POST',
    `${P}/140/retry`,
    {},
    { 'no-cache': true },
  ],
  ['cancel', (c) => c.cancel(p, 140), 'POST', `${P}/140/cancel`, {}, undefined],
  ['ssh users', (c) => c.addSshUser(p, 140), 'POST', `${P}/140/ssh-users`, {}, undefined],
  ['artifacts', (c) => c.artifacts(p, 140), 'GET', `${P}/140/artifacts`, {}, undefined],
  [
    'latest artifacts',
    (c) => c.latestArtifacts(p),
    'GET',
    `${P}/latest/artifacts`,
    { filter: 'completed' },
    undefined,
  ],
  [
    'latest artifacts of a branch',
    (c) => c.latestArtifacts(p, { branch: 'main', statusFilter: 'successful' }),
    'GET',
    `${P}/latest/artifacts`,
    { branch: 'main', filter: 'successful' },
    undefined,
  ],
  ['tests', (c) => c.tests(p, 140), 'GET', `${P}/140/tests`, {}, undefined],
  ['clear cache', (c) => c.clearCache(p), 'DELETE', `${P}/build-cache`, {}, undefined],
  ['list env vars', (c) => c.listEnvVars(p), 'GET', `${P}/envvar`, {}, undefined],
  [
    'add env var',
    (c) => c.addEnvVar(p, 'API_KEY', 's3cret'),
    'POST',
    `${P}/envvar`,
    {},
    { name: 'API_KEY', value: 's3cret' },
  ],
  ['get env var', (c) => c.getEnvVar(p, 'API_KEY'), 'GET', `${P}/envvar/API_KEY`, {}, undefined],
  ['delete env var', (c) => c.deleteEnvVar(p, 'API_KEY'), 'DELETE', `${P}/envvar/API_KEY`, {}, undefined],
  ['list checkout keys', (c) => c.listCheckoutKeys(p), 'GET', `${P}/checkout-key`, {}, undefined],
  [
    'create checkout key',
    (c) => c.createCheckoutKey(p, 'deploy-key'),
    'POST',
    `${P}/checkout-key`,
    {},
    { type: 'deploy-key' },
  ],
  [
    'get checkout key',
    (c) => c.getCheckoutKey(p, '5d:7b:86'),
    'GET',
    `${P}/checkout-key/5d%3A7b%3A86`,
    {},
    undefined,
  ],
  [
    'delete checkout key',
    (c) => c.deleteCheckoutKey(p, '5d:7b:86'),
    'DELETE',
    `${P}/checkout-key/5d%3A7b%3A86`,
    {},
    undefined,
  ],
  [
    'ssh key for all hosts',
    (c) => c.addSshKey(p, sshKey),
    'POST',
    `${P}/ssh-key`,
    {},
    { private_key: sshKey },
  ],
  [
    'ssh key for one host',
    (c) => c.addSshKey(p, sshKey, 'deploy.example.com'),
    'POST',
    `${P}/ssh-key`,
    {},
    { private_key: sshKey, hostname: 'deploy.example.com' },
  ],
];

/** An answer of the shape the call returns: the core checks it (docs/promises.md, promise 22). */
function answerFor(method: string, path: string): unknown {
  const list = /\/(projects|recent-builds|artifacts|envvar|checkout-key)$|\/tree\/[^/]+$/u;
  if (method === 'GET' && (list.test(path) || path === P)) return [];
  // A GET or cancel of build 140 answers with build 140; a retry with a new build.
  if (/\/140(\/cancel)?$/u.test(path)) return { build_num: 140 };
  return { build_num: 141 };
}

describe('requests the core sends', () => {
  it.each(rows)('%s', async (_name, call, method, path, query, body) => {
    answer = {
      status: method === 'POST' && path.includes('/tree/') ? 201 : 200,
      body: answerFor(method, path),
    };
    await call(client);
    const last = seen.at(-1);
    expect(last).toMatchObject({ method, path, query });
    if (body === undefined) {
      expect(last?.body).toBe('');
      expect(last?.headers['content-type']).toBeUndefined();
    } else {
      expect(JSON.parse(last?.body ?? '')).toEqual(body);
      expect(last?.headers['content-type']).toBe('application/json');
    }
    expect(last?.headers.authorization).toBe(`Basic ${Buffer.from('tok-123:').toString('base64')}`);
    expect(last?.headers.accept).toBe('application/json');
    expect(last?.headers['user-agent']).toMatch(/^ci-actions\/\d/);
  });

  it('a trigger first asks for the newest build, so a lost answer can be recovered (docs/promises.md, promise 2)', async () => {
    answer = { status: 201, body: { build_num: 7 } };
    await client.trigger(p, { branch: 'main' });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([`GET ${P}`, `POST ${P}/tree/main`]);
    expect(seen[0]?.query).toEqual({ limit: '1' });
  });

  it('the 404 of latest artifacts is "none", not an error', async () => {
    answer = { status: 404, body: { message: 'no artifacts found' } };
    await expect(client.latestArtifacts(p)).resolves.toEqual({ found: false, message: 'no artifacts found' });
    answer = { status: 404, body: { message: 'Project not found' } };
    await expect(client.latestArtifacts(p)).rejects.toThrow(/404: Project not found/);
  });

  it.each([
    ['limit over 100', (c: Client) => c.builds(p, { limit: 101 })],
    ['offset below 0', (c: Client) => c.recentBuilds({ offset: -1 })],
    ['an unknown status filter', (c: Client) => c.builds(p, { statusFilter: 'queued' as never })],
    [
      'running for latest artifacts',
      (c: Client) => c.latestArtifacts(p, { statusFilter: 'running' as never }),
    ],
    ['tag with revision', (c: Client) => c.trigger(p, { branch: 'main', tag: 'v1', revision: 'abc' })],
    ['parallel 0', (c: Client) => c.trigger(p, { branch: 'main', parallel: 0 })],
    ['build number 0', (c: Client) => c.build(p, 0)],
    ['a bad key type', (c: Client) => c.createCheckoutKey(p, 'github-user-key' as never)],
    ['a bad vcs type', (c: Client) => c.follow({ ...p, vcsType: 'github' as never })],
    ['an encrypted ssh key', (c: Client) => c.addSshKey(p, 'ssh-rsa AAAA')],
    ['an env var name with a dash', (c: Client) => c.addEnvVar(p, 'A-B', 'x')],
    ['an empty platform key', (c: Client) => c.addPlatformKey('')],
  ])('%s is refused before anything is sent', async (_name, call) => {
    await expect(call(client)).rejects.toBeInstanceOf(ValidationError);
    expect(seen).toEqual([]);
  });

  it('pages through a list to its end', async () => {
    const all = Array.from({ length: 250 }, (_, i) => ({ build_num: 250 - i }));
    const pager = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset'));
      seen.push({
        method: 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: '',
        headers: req.headers,
      });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(all.slice(offset, offset + limit)));
    });
    await new Promise<void>((r) => pager.listen(0, '127.0.0.1', r));
    const c = new Client(
      new Transport({ baseUrl: `http://127.0.0.1:${(pager.address() as AddressInfo).port}/api/v1.1` }),
    );
    const got: number[] = [];
    for await (const b of c.allBuilds(p, { statusFilter: 'completed' })) got.push(b.build_num);
    await c.transport.close();
    await new Promise((r) => pager.close(r));
    expect(got).toEqual(all.map((b) => b.build_num));
    expect(seen.map((s) => s.query)).toEqual([
      { limit: '100', offset: '0', filter: 'completed' },
      { limit: '100', offset: '100', filter: 'completed' },
      { limit: '100', offset: '200', filter: 'completed' },
    ]);
  });
});
