import { createHash, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Build, CheckoutKey, Project, User } from '../../src/service/records.ts';
import { encodeOpenSshPrivateKey, startEmulator, type Emulator } from '../../emulator/index.ts';
import { call, FakeClock, rawRequest } from './helpers.ts';

const SLUG = 'primary-host/octo-org/octo-repo';
const PROJECT = `/project/${SLUG}`;

let emulator: Emulator;
const clock = new FakeClock();

beforeAll(async () => {
  emulator = await startEmulator({ clock, token: 'secret-token' });
});

afterAll(async () => {
  await emulator.close();
});

beforeEach(() => {
  emulator.state.project('primary-host', 'octo-org', 'octo-repo');
  emulator.resetRequests();
});

describe('authentication', () => {
  it('accepts HTTP Basic with the token as user name and an empty password', async () => {
    const answer = await call(emulator, 'GET', '/me', { auth: 'secret-token:' });
    expect(answer.status).toBe(200);
  });

  it.each([
    ['no header', false],
    ['a wrong token', 'other:'],
    ['a password', 'secret-token:x'],
    ['the token as password', ':secret-token'],
  ] as const)('answers 401 with the real message for %s, and records the request', async (_what, auth) => {
    const answer = await call(emulator, 'GET', '/me', { auth });
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ message: 'You must log in first.' });
    expect(emulator.requests).toHaveLength(1);
  });

  it('refuses a token in the query string', async () => {
    const answer = await call(emulator, 'GET', '/me?circle-token=secret-token', { auth: false });
    expect(answer.status).toBe(401);
  });

  it('answers 403 (HTML, like a front end) to a GET or DELETE with a body, and records it', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await rawRequest(`${emulator.baseUrl}/me`, {
        method,
        headers: {
          Authorization: emulator.authorization,
          'Content-Type': 'application/json',
          'Content-Length': '7',
        },
        body: '{"x":1}',
        keep: true,
      });
      expect(answer.status).toBe(403);
      expect(answer.headers?.['content-type']).toMatch(/text\/html/);
    }
    expect(emulator.requests.map((r) => [r.method, r.body])).toEqual([
      ['GET', { x: 1 }],
      ['DELETE', { x: 1 }],
    ]);
  });
});

describe('unknown paths', () => {
  it.each(['/nope', '/project/primary-host/octo-org', '/me/', '//me', '/project/primary-host/a/b/1/nope'])(
    'answer %s with an HTML 404 page',
    async (path) => {
      const answer = await call(emulator, 'GET', path);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/text\/html/);
      expect(answer.text).toContain('<html');
    },
  );

  it('answers a known path with a method it does not take with an HTML 404', async () => {
    const answer = await call(emulator, 'GET', `${PROJECT}/follow`);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('answers outside /api/v1.1 with an HTML 404', async () => {
    const answer = await fetch(`${emulator.origin}/api/v1/me`, {
      headers: { Authorization: emulator.authorization },
    });
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain('<html');
  });
});

describe('user', () => {
  it('GET /me describes the user and counts followed projects', async () => {
    const me = (await call(emulator, 'GET', '/me')).json as User;
    expect(me).toMatchObject({
      login: 'octo-user',
      name: expect.any(String),
      selected_email: 'person@example.com',
      admin: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      num_projects_followed: emulator.state.projects().length,
      platform_api_key: null,
    });
  });

  it('POST /user/platform-key stores the key; /me shows it masked', async () => {
    const answer = await call(emulator, 'POST', '/user/platform-key', {
      body: { apikey: '9b2f-e41c-key-f7c5' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toBe('');
    expect(emulator.state.platformKey).toBe('9b2f-e41c-key-f7c5');
    const me = (await call(emulator, 'GET', '/me')).json as User;
    expect(me.platform_api_key).toBe('xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxf7c5');
  });

  it('POST /user/platform-key without apikey is a 400', async () => {
    const answer = await call(emulator, 'POST', '/user/platform-key', { body: {} });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ message: expect.any(String) });
  });
});

describe('projects', () => {
  it('follow creates the project and answers like the service', async () => {
    const answer = await call(emulator, 'POST', '/project/secondary-host/team/new-repo/follow');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ following: true, workflow: false, first_build: null });
    expect(emulator.state.findProject('secondary-host', 'team', 'new-repo')).toBeDefined();
  });

  it('GET /projects lists followed projects with branches keyed by encoded name', async () => {
    emulator.state.addBuild(SLUG, { branch: 'feature/x', outcome: 'success' });
    const projects = (await call(emulator, 'GET', '/projects')).json as Project[];
    const project = projects.find((p) => p.reponame === 'octo-repo');
    expect(project).toMatchObject({
      vcs_type: 'primary-host',
      username: 'octo-org',
      reponame: 'octo-repo',
      following: true,
      default_branch: 'master',
      vcs_url: 'https://primary-host.example.com/octo-org/octo-repo',
    });
    expect(Object.keys(project?.branches ?? {})).toContain('feature%2Fx');
  });

  it('rejects an unknown vcs type with 400 and an unknown project with 404', async () => {
    expect((await call(emulator, 'GET', '/project/gitlab/octo-org/octo-repo')).status).toBe(400);
    const missing = await call(emulator, 'GET', '/project/primary-host/octo-org/missing');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: 'Project not found' });
  });

  it('DELETE build-cache answers the real status and counts', async () => {
    const before = emulator.state.cacheClears(SLUG);
    const answer = await call(emulator, 'DELETE', `${PROJECT}/build-cache`);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ status: 'build dependency caches deleted' });
    expect(emulator.state.cacheClears(SLUG)).toBe(before + 1);
    expect(
      (await call(emulator, 'DELETE', '/project/primary-host/octo-org/missing/build-cache')).status,
    ).toBe(404);
  });
});

describe('environment variables', () => {
  it('are created (201, masked), listed masked, read masked and deleted', async () => {
    const created = await call(emulator, 'POST', `${PROJECT}/envvar`, {
      body: { name: 'TESTENV', value: 'value' },
    });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ name: 'TESTENV', value: 'xxxxalue' });
    await call(emulator, 'POST', `${PROJECT}/envvar`, { body: { name: 'SHORT', value: 'ab' } });
    expect(emulator.state.envvars(SLUG)).toMatchObject({ TESTENV: 'value', SHORT: 'ab' });

    const list = await call(emulator, 'GET', `${PROJECT}/envvar`);
    expect(list.json).toEqual(
      expect.arrayContaining([
        { name: 'TESTENV', value: 'xxxxalue' },
        { name: 'SHORT', value: 'xxxxab' },
      ]),
    );
    expect((await call(emulator, 'GET', `${PROJECT}/envvar/TESTENV`)).json).toEqual({
      name: 'TESTENV',
      value: 'xxxxalue',
    });

    const deleted = await call(emulator, 'DELETE', `${PROJECT}/envvar/TESTENV`);
    expect(deleted.json).toEqual({ message: 'ok' });
    expect(emulator.state.envvars(SLUG)['TESTENV']).toBeUndefined();
  });

  it('answer 404 "env var not found" and 400 for bad bodies', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await call(emulator, method, `${PROJECT}/envvar/NOPE`);
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ message: 'env var not found' });
    }
    for (const body of [
      { value: 'v' },
      { name: 'N' },
      { name: 'bad name', value: 'v' },
      { name: 1, value: 'v' },
    ]) {
      expect((await call(emulator, 'POST', `${PROJECT}/envvar`, { body })).status).toBe(400);
    }
    expect((await call(emulator, 'POST', `${PROJECT}/envvar`, { body: 'not json' })).status).toBe(400);
  });
});

function md5FingerprintOf(publicKey: string): string {
  const blob = Buffer.from(publicKey.split(' ')[1] ?? '', 'base64');
  const hex = createHash('md5').update(blob).digest('hex');
  return hex.replace(/(..)(?!$)/g, '$1:');
}

describe('checkout keys', () => {
  it('creates real RSA keys whose fingerprint is the MD5 of the public key blob', async () => {
    const created = await call(emulator, 'POST', `${PROJECT}/checkout-key`, { body: { type: 'deploy-key' } });
    expect(created.status).toBe(201);
    const key = created.json as CheckoutKey;
    expect(key).toMatchObject({ type: 'deploy-key', login: null, preferred: true });
    expect(key.public_key).toMatch(/^ssh-rsa AAAAB3NzaC1yc2E[A-Za-z0-9+/=]+ \n$/);
    expect(key.fingerprint).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    expect(key.fingerprint).toBe(md5FingerprintOf(key.public_key ?? ''));
    expect(Date.parse(key.time ?? '')).toBe(clock.now());

    const user = (
      await call(emulator, 'POST', `${PROJECT}/checkout-key`, { body: { type: 'primary-host-user-key' } })
    ).json as CheckoutKey;
    expect(user.login).toBe('octo-user');
    expect(user.fingerprint).not.toBe(key.fingerprint);

    const list = (await call(emulator, 'GET', `${PROJECT}/checkout-key`)).json as CheckoutKey[];
    expect(list.map((k) => [k.fingerprint, k.preferred])).toEqual([
      [key.fingerprint, false],
      [user.fingerprint, true],
    ]);
    const one = await call(emulator, 'GET', `${PROJECT}/checkout-key/${encodeURIComponent(key.fingerprint)}`);
    expect(one.json).toMatchObject({ fingerprint: key.fingerprint, type: 'deploy-key' });
    expect(emulator.state.checkoutKeys(SLUG)[0]?.privateKeyPem).toMatch(/BEGIN RSA PRIVATE KEY/);

    const deleted = await call(
      emulator,
      'DELETE',
      `${PROJECT}/checkout-key/${encodeURIComponent(key.fingerprint)}`,
    );
    expect(deleted.json).toEqual({ message: 'ok' });
    expect(emulator.state.checkoutKeys(SLUG).map((k) => k.fingerprint)).toEqual([user.fingerprint]);
  });

  it('answers 400 for a bad key type and 404 "checkout key not found"', async () => {
    for (const body of [{ type: 'github-user-key' }, {}, { key_type: 'deploy-key' }]) {
      expect((await call(emulator, 'POST', `${PROJECT}/checkout-key`, { body })).status).toBe(400);
    }
    const missing = await call(emulator, 'GET', `${PROJECT}/checkout-key/${encodeURIComponent('00:11')}`);
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: 'checkout key not found' });
    expect((await call(emulator, 'DELETE', `${PROJECT}/checkout-key/00%3A11`)).status).toBe(404);
  });
});

describe('SSH keys', () => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const invalid = { message: 'it looks like private key is invalid key.  Double check' };

  it.each([
    ['PKCS#1 PEM', rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()],
    ['PKCS#8 PEM', rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()],
    ['OpenSSH', encodeOpenSshPrivateKey(rsa.privateKey, 'me@host')],
  ])('accepts an unencrypted RSA key in %s form', async (_form, pem) => {
    const before = emulator.state.sshKeys(SLUG).length;
    const answer = await call(emulator, 'POST', `${PROJECT}/ssh-key`, {
      body: { private_key: pem, hostname: 'deploy.example.com' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toBe('');
    const stored = emulator.state.sshKeys(SLUG);
    expect(stored).toHaveLength(before + 1);
    const blob = rsa.publicKey.export({ format: 'jwk' });
    expect(blob.n).toBeDefined();
    expect(stored.at(-1)).toMatchObject({ hostname: 'deploy.example.com', privateKey: pem });
    expect(stored.at(-1)?.fingerprint).toBe(md5FingerprintOf(stored.at(-1)?.publicKey ?? ''));
  });

  it('accepts a key without hostname', async () => {
    const pem = rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    expect((await call(emulator, 'POST', `${PROJECT}/ssh-key`, { body: { private_key: pem } })).status).toBe(
      200,
    );
    expect(emulator.state.sshKeys(SLUG).at(-1)?.hostname).toBeNull();
  });

  it.each([
    [
      'an encrypted PEM key',
      rsa.privateKey
        .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secret' })
        .toString(),
    ],
    [
      'an encrypted PKCS#1 key',
      rsa.privateKey
        .export({ type: 'pkcs1', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secret' })
        .toString(),
    ],
    [
      'an EC key',
      generateKeyPairSync('ec', { namedCurve: 'P-256' })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    ],
    ['a public key', rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString()],
    ['garbage', '-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n'],
    ['an empty string', ''],
    [
      'an OpenSSH key with a cipher',
      encodeOpenSshPrivateKey(rsa.privateKey).replace(/(?<=-----\n)[\s\S]+(?=\n-----END)/, (body) => {
        const data = Buffer.from(body.replace(/\s/g, ''), 'base64');
        const none = data.indexOf('none');
        const changed = Buffer.concat([
          data.subarray(0, none - 4),
          Buffer.from([0, 0, 0, 10]),
          Buffer.from('aes256-ctr'),
          data.subarray(none + 4),
        ]);
        return changed.toString('base64');
      }),
    ],
  ])('rejects %s with the real 400', async (_what, pem) => {
    const before = emulator.state.sshKeys(SLUG).length;
    const answer = await call(emulator, 'POST', `${PROJECT}/ssh-key`, { body: { private_key: pem } });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(invalid);
    expect(emulator.state.sshKeys(SLUG)).toHaveLength(before);
  });

  it('answers 404 for an unknown project', async () => {
    const pem = rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const answer = await call(emulator, 'POST', '/project/primary-host/octo-org/missing/ssh-key', {
      body: { private_key: pem },
    });
    expect(answer.status).toBe(404);
  });
});

describe('request record', () => {
  it('keeps method, encoded path, query, lowercased headers, parsed body, origin and clock time', async () => {
    await call(emulator, 'POST', `${PROJECT}/tree/feature%2Fx?x=1`, { body: { revision: 'abc' } });
    const [recorded] = emulator.requests;
    expect(recorded).toMatchObject({
      method: 'POST',
      path: `${PROJECT}/tree/feature%2Fx`,
      url: `/api/v1.1${PROJECT}/tree/feature%2Fx?x=1`,
      query: { x: '1' },
      body: { revision: 'abc' },
      origin: 'api',
      time: clock.now(),
    });
    expect(recorded?.headers['content-type']).toBe('application/json');
    expect(recorded?.headers['authorization']).toBe(emulator.authorization);
    expect((emulator.state.builds(SLUG)[0] as Build).branch).toBe('feature/x');
  });

  it('keeps a body that is not JSON as text', async () => {
    await call(emulator, 'POST', `${PROJECT}/envvar`, { body: 'name=x' });
    expect(emulator.requests[0]?.body).toBe('name=x');
  });
});
