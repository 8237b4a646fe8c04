// The general action: every command of the spec, run from the committed bundle against the emulator.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runAction } from '../harness/runner.ts';

let emu: Emulator;
const SLUG = 'primary-host/octo-org/octo-repo';
const P = '/project/primary-host/octo-org/octo-repo';
const pem = generateKeyPairSync('rsa', { modulusLength: 1024 })
  .privateKey.export({ type: 'pkcs1', format: 'pem' })
  .toString();

beforeAll(async () => {
  emu = await startEmulator({ defaults: { queuedMs: 50, runMs: 100 } });
});
afterAll(() => emu.close());
beforeEach(() => emu.resetRequests());

async function call(inputs: Record<string, string>, env: Record<string, string> = {}) {
  emu.resetRequests();
  const r = await runAction('general', {
    inputs: { token: emu.token, 'base-url': emu.baseUrl, ...inputs },
    env,
  });
  const result: unknown = r.outputs['result'] === undefined ? undefined : JSON.parse(r.outputs['result']);
  return { ...r, result, sent: emu.requests.map((q) => `${q.method} ${q.path}`) };
}

describe('general action', () => {
  it('walks a project through every command', async () => {
    expect((await call({ command: 'follow' })).result).toMatchObject({ following: true });
    const me = await call({ command: 'me' });
    expect(me.code).toBe(0);
    expect(me.result).toHaveProperty('login');

    const triggered = await call({
      command: 'trigger',
      branch: 'feature/x',
      params: 'DEPLOY=yes\nREGION=eu',
      'trigger-api': 'v1.1',
    });
    expect(triggered.code).toBe(0);
    const build = triggered.result as {
      build_num: number;
      branch: string;
      build_parameters: unknown;
      why: string;
    };
    expect(build).toMatchObject({
      branch: 'feature/x',
      why: 'api',
      build_parameters: { DEPLOY: 'yes', REGION: 'eu' },
    });
    expect(triggered.sent).toContain(`POST ${P}/tree/feature%2Fx`);
    const num = String(build.build_num);

    expect((await call({ command: 'build', 'build-num': num })).result).toMatchObject({
      build_num: build.build_num,
    });
    const listed = await call({ command: 'builds', branch: 'feature/x', limit: '5' });
    expect((listed.result as { build_num: number }[]).map((b) => b.build_num)).toContain(build.build_num);
    expect(listed.sent).toEqual([`GET ${P}/tree/feature%2Fx`]);

    const retried = await call({ command: 'retry', 'build-num': num, ssh: 'true' });
    expect(retried.result).toMatchObject({ why: 'retry', retry_of: build.build_num });
    expect(emu.requests.at(-1)?.body).toEqual({ ssh: true });

    const noCache = await call({ command: 'retry-no-cache', 'build-num': num });
    expect(noCache.code).toBe(0);
    expect(noCache.stdout).toMatch(/::warning::retry-no-cache uses an undocumented, unsupported/);
    expect(emu.requests.at(-1)?.body).toEqual({ 'no-cache': true });

    // A build held running, so the cancel cannot race the build's own end.
    const running = emu.state.addBuild(SLUG, { branch: 'main', hold: true });
    const canceled = await call({ command: 'cancel', 'build-num': String(running.build_num) });
    expect(canceled.result).toMatchObject({
      build_num: running.build_num,
      outcome: 'canceled',
      lifecycle: 'finished',
    });
    expect((await call({ command: 'add-ssh-user', 'build-num': num })).code).toBe(0);

    // The build finishes on the emulator's clock; wait for it rather than for a fixed time.
    for (let i = 0; i < 200 && emu.state.getBuild(SLUG, build.build_num)?.lifecycle !== 'finished'; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const artifacts = await call({ command: 'artifacts', 'build-num': num });
    expect((artifacts.result as unknown[]).length).toBeGreaterThan(0);
    const latest = await call({
      command: 'latest-artifacts',
      branch: 'feature/x',
      'status-filter': 'successful',
    });
    expect(latest.sent).toEqual([`GET ${P}/latest/artifacts`]);
    expect(emu.requests.at(-1)?.query).toEqual({ branch: 'feature/x', filter: 'successful' });
    expect((await call({ command: 'tests', 'build-num': num })).result).toHaveProperty('tests');

    expect(
      (await call({ command: 'add-envvar', name: 'API_KEY', value: 'secret-Value-1234' })).result,
    ).toEqual({
      name: 'API_KEY',
      value: 'xxxx1234',
    });
    expect((await call({ command: 'get-envvar', name: 'API_KEY' })).result).toEqual({
      name: 'API_KEY',
      value: 'xxxx1234',
    });
    expect((await call({ command: 'list-envvars' })).result).toEqual([
      { name: 'API_KEY', value: 'xxxx1234' },
    ]);
    expect((await call({ command: 'delete-envvar', name: 'API_KEY' })).result).toEqual({ message: 'ok' });
    expect(emu.state.envvars(SLUG)).toEqual({});

    const key = (await call({ command: 'create-checkout-key', 'key-type': 'deploy-key' })).result as {
      fingerprint: string;
    };
    expect(key.fingerprint).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    expect((await call({ command: 'get-checkout-key', fingerprint: key.fingerprint })).result).toMatchObject({
      type: 'deploy-key',
    });
    expect((await call({ command: 'list-checkout-keys' })).result).toHaveLength(1);
    const deleted = await call({ command: 'delete-checkout-key', fingerprint: key.fingerprint });
    expect(deleted.result).toEqual({ message: 'ok' });
    expect(deleted.sent).toEqual([`DELETE ${P}/checkout-key/${encodeURIComponent(key.fingerprint)}`]);

    expect((await call({ command: 'add-ssh-key', 'ssh-key': pem, hostname: 'h.example' })).result).toBe('');
    expect(emu.state.sshKeys(SLUG).at(-1)?.hostname).toBe('h.example');
    expect((await call({ command: 'add-platform-key', apikey: 'platform-Key-9876' })).result).toBe('');
    expect(emu.state.platformKey).toBe('platform-Key-9876');
    expect((await call({ command: 'clear-cache' })).result).toEqual({
      status: 'build dependency caches deleted',
    });
    expect((await call({ command: 'projects' })).result).toEqual(
      expect.arrayContaining([expect.objectContaining({ reponame: 'octo-repo' })]),
    );
    expect(((await call({ command: 'recent-builds', limit: '2' })).result as unknown[]).length).toBe(2);
  });

  it('answers the 404 of latest artifacts with an empty list', async () => {
    emu.state.project('primary-host', 'octo-org', 'empty-repo');
    const r = await call({ command: 'latest-artifacts', project: 'empty-repo' });
    expect(r.code).toBe(0);
    expect(r.result).toEqual([]);
  });

  it('follows offset to the end with all-pages', async () => {
    const project = emu.state.project('primary-host', 'octo-org', 'many-builds');
    for (let i = 0; i < 130; i++) emu.state.addBuild(project, { branch: 'main' });
    const r = await call({ command: 'builds', project: 'many-builds', 'all-pages': 'true' });
    expect(r.code).toBe(0);
    expect((r.result as { build_num: number }[]).map((b) => b.build_num)).toEqual(
      Array.from({ length: 130 }, (_, i) => 130 - i),
    );
    expect(emu.requests.map((q) => q.query)).toEqual([
      { limit: '100', offset: '0' },
      { limit: '100', offset: '100' },
    ]);
  });
});

describe('failing answers: one clear error naming the call and status, the token never visible', () => {
  const visible = (r: {
    stdout: string;
    stderr: string;
    summary: string;
    outputs: Record<string, string>;
  }): string =>
    [r.stdout.replace(/^::add-mask::.*$/gm, ''), r.stderr, r.summary, JSON.stringify(r.outputs)].join('\n');

  it('401 for a bad token', async () => {
    const r = await call({ command: 'me', token: 'wrong-Token-5555' });
    expect(r.code).toBe(1);
    expect(r.errors).toEqual(['::error::GET /me failed with HTTP 401: You must log in first.']);
    expect(visible(r)).not.toContain('wrong-Token-5555');
    expect(visible(r)).not.toContain(Buffer.from('wrong-Token-5555:').toString('base64'));
  });

  it('404 with the server’s message, after exactly one request', async () => {
    const r = await call({ command: 'build', 'build-num': '99999' });
    expect(r.errors).toEqual([`::error::GET ${P}/99999 failed with HTTP 404: Build not found`]);
    expect(r.sent).toHaveLength(1);
  });

  it('an HTML 502 from a proxy, after the retries', async () => {
    emu.faults.add({
      path: '/me',
      kind: 'status',
      status: 502,
      contentType: 'text/html',
      body: '<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>',
      times: Infinity,
    });
    const r = await call({ command: 'me' }, { CI_ACTIONS_MAX_ATTEMPTS: '3', CI_ACTIONS_RETRY_BASE_MS: '20' });
    emu.faults.clear();
    expect(r.code).toBe(1);
    expect(r.errors).toEqual(['::error::GET /me failed with HTTP 502: 502 Bad Gateway (after 3 attempts)']);
    expect(r.sent).toHaveLength(3);
    expect(visible(r)).not.toContain(emu.token);
  });

  it('a server that never answers: a timeout, not a hang', async () => {
    emu.faults.add({ path: '/me', kind: 'stall-headers', times: Infinity });
    const r = await call(
      { command: 'me' },
      { CI_ACTIONS_TIMEOUT_SECONDS: '1', CI_ACTIONS_MAX_ATTEMPTS: '2', CI_ACTIONS_RETRY_BASE_MS: '20' },
    );
    emu.faults.clear();
    expect(r.code).toBe(1);
    expect(r.errors).toEqual([
      '::error::GET /me timed out: no response headers within 1 s (after 2 attempts)',
    ]);
    expect(r.durationMs).toBeLessThan(15_000);
    expect(visible(r)).not.toContain(emu.token);
  });

  it('nothing listening: a network error naming the call', async () => {
    const r = await call(
      { command: 'me', 'base-url': 'http://127.0.0.1:9/api/v1.1' },
      { CI_ACTIONS_MAX_ATTEMPTS: '2', CI_ACTIONS_RETRY_BASE_MS: '20' },
    );
    expect(r.code).toBe(1);
    expect(r.errors).toEqual(['::error::GET /me failed: network error ECONNREFUSED (after 2 attempts)']);
    expect(visible(r)).not.toContain(emu.token);
  });

  it('a bad timing variable is a clear error and nothing is sent', async () => {
    const r = await call({ command: 'me' }, { CI_ACTIONS_TIMEOUT_SECONDS: 'soon' });
    expect(r.code).toBe(1);
    expect(r.errors).toEqual([
      '::error::CI_ACTIONS_TIMEOUT_SECONDS: invalid value "soon"; allowed: a whole number from 1 to 3600',
    ]);
    expect(r.sent).toEqual([]);
  });

  it('server text cannot issue workflow commands', async () => {
    emu.faults.add({
      path: '/me',
      kind: 'status',
      status: 400,
      body: '{"message":"bad\\n::error::pwned\\n::add-mask::x"}',
    });
    const r = await call({ command: 'me' });
    expect(r.errors).toHaveLength(1);
    expect(r.stdout).not.toMatch(/^::error::pwned/m);
    expect(r.stdout).not.toMatch(/^::add-mask::x$/m);
  });
});
