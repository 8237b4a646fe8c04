// clear-cache, set-envvar and add-ssh-key, run from their committed bundles as the runner runs them, against
// the emulator on 127.0.0.1.
import { createHash, generateKeyPairSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runAction, type RunResult } from '../harness/runner.ts';

let emu: Emulator;
const SLUG = 'primary-host/octo-org/octo-repo';
const common = (): Record<string, string> => ({ token: emu.token, 'base-url': emu.baseUrl });

beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(() => emu.close());
beforeEach(() => {
  emu.state.project('primary-host', 'octo-org', 'octo-repo');
  emu.resetRequests();
});

/** Everything a person could see of a run, less the mask registrations the runner consumes. */
function visible(r: RunResult): string {
  const log = r.stdout
    .split('\n')
    .filter((l) => !l.startsWith('::add-mask::'))
    .join('\n');
  return `${log}\n${r.stderr}\n${JSON.stringify(r.outputs)}\n${r.summary}`;
}

describe('clear-cache', () => {
  it('clears the cache of the workflow’s repository and reports the answer', async () => {
    const r = await runAction('clear-cache', { inputs: common() });
    expect(r.code).toBe(0);
    expect(r.outputs).toEqual({ message: 'build dependency caches deleted' });
    expect(emu.state.cacheClears(SLUG)).toBeGreaterThan(0);
    expect(emu.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
      'DELETE /project/primary-host/octo-org/octo-repo/build-cache',
    ]);
    expect(r.summary).toContain('Cleared the build cache of **octo-org/octo-repo**');
  });

  it('ends with one clear error naming the call and status when the project is unknown', async () => {
    const r = await runAction('clear-cache', { inputs: { ...common(), project: 'nope' } });
    expect(r.code).toBe(1);
    expect(r.errors).toEqual([
      '::error::DELETE /project/primary-host/octo-org/nope/build-cache failed with HTTP 404: Project not found',
    ]);
  });
});

describe('set-envvar', () => {
  it('sets one, sets many and deletes in one step, masking every value', async () => {
    emu.state.setEnvvar(SLUG, 'OLD_ONE', 'x');
    const r = await runAction('set-envvar', {
      inputs: {
        ...common(),
        name: 'API_TOKEN',
        value: 'one-Secret-Value',
        variables: 'DB_URL=postgres://u:p@h/db?x=1\n# a comment\nEMPTY_IS_FINE=\nWITH_EQUALS=a=b=c',
        delete: 'OLD_ONE\nNEVER_THERE',
      },
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.outputs['set'] ?? '')).toEqual([
      'API_TOKEN',
      'DB_URL',
      'EMPTY_IS_FINE',
      'WITH_EQUALS',
    ]);
    expect(JSON.parse(r.outputs['deleted'] ?? '')).toEqual(['OLD_ONE']);
    expect(emu.state.envvars(SLUG)).toEqual({
      API_TOKEN: 'one-Secret-Value',
      DB_URL: 'postgres://u:p@h/db?x=1',
      EMPTY_IS_FINE: '',
      WITH_EQUALS: 'a=b=c',
    });
    expect(r.stdout).toContain('::add-mask::one-Secret-Value');
    expect(r.stdout).toContain('::add-mask::postgres://u:p@h/db?x=1');
    expect(r.stdout).toMatch(/::warning::NEVER_THERE was not deleted/);
    const seen = visible(r);
    expect(seen).not.toContain('one-Secret-Value');
    expect(seen).not.toContain('postgres://');
    expect(r.summary).toContain('<code>API_TOKEN</code>');
    expect(r.summary).toContain('not found, nothing deleted');
  });

  it('reports what it set before a later call failed', async () => {
    emu.state.setEnvvar(SLUG, 'B', 'x');
    emu.faults.add({ method: 'DELETE', path: /envvar\/B$/, kind: 'status', status: 500, times: Infinity });
    const r = await runAction('set-envvar', {
      inputs: { ...common(), variables: 'A=1', delete: 'B' },
      env: { CI_ACTIONS_MAX_ATTEMPTS: '2', CI_ACTIONS_RETRY_BASE_MS: '10' },
    });
    emu.faults.clear();
    expect(r.code).toBe(1);
    expect(JSON.parse(r.outputs['set'] ?? '')).toEqual(['A']);
    expect(JSON.parse(r.outputs['deleted'] ?? '')).toEqual([]);
    expect(r.errors).toEqual([
      '::error::DELETE /project/primary-host/octo-org/octo-repo/envvar/B failed with HTTP 500: Internal Server Error (after 2 attempts)',
    ]);
  });
});

describe('add-ssh-key', () => {
  const key = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const pem = key.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();

  it('adds the key for one host and outputs the fingerprint the service computes', async () => {
    const r = await runAction('add-ssh-key', {
      inputs: { ...common(), 'ssh-key': pem, hostname: 'deploy.example.com' },
    });
    expect(r.code).toBe(0);
    const [stored] = emu.state.sshKeys(SLUG);
    expect(stored?.hostname).toBe('deploy.example.com');
    expect(r.outputs).toEqual({ fingerprint: stored?.fingerprint, hostname: 'deploy.example.com' });
    // Independently: MD5 of the public key blob the emulator derived from what it received.
    const blob = Buffer.from(stored?.publicKey.split(' ')[1] ?? '', 'base64');
    expect(r.outputs['fingerprint']).toBe(
      (createHash('md5').update(blob).digest('hex').match(/../g) ?? []).join(':'),
    );
    const seen = visible(r);
    for (const line of pem.split('\n').filter((l) => l.length > 20)) expect(seen).not.toContain(line);
  });

  it('adds the key for all hosts when no hostname is given', async () => {
    const r = await runAction('add-ssh-key', { inputs: { ...common(), 'ssh-key': pem } });
    expect(r.code).toBe(0);
    expect(r.outputs['hostname']).toBe('');
    expect(emu.state.sshKeys(SLUG).at(-1)?.hostname).toBeNull();
  });
});

describe('a job summary that cannot be written', () => {
  const pem = generateKeyPairSync('rsa', { modulusLength: 1024 })
    .privateKey.export({ type: 'pkcs1', format: 'pem' })
    .toString();
  it.each([
    ['clear-cache', {}],
    ['set-envvar', { name: 'ONE', value: 'x' }],
    ['add-ssh-key', { 'ssh-key': pem }],
    ['general', { command: 'follow' }],
  ])('%s still passes, with a warning', async (action, inputs) => {
    const r = await runAction(action, {
      inputs: { ...common(), ...inputs },
      env: { GITHUB_STEP_SUMMARY: join(tmpdir(), 'no-such-folder-of-a-summary', 'summary.md') },
    });
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/::warning::Could not write the job summary: /);
  });
});
