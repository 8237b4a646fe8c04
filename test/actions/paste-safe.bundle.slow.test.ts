// Outputs a workflow may paste into a script (docs/promises.md, promise 33), the bundles run as the runner runs them:
// an address output holds no character a shell reads as syntax, and a word output holds only a documented word.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runAction } from '../harness/runner.ts';
import { startRecorder, type Recorder } from '../helpers/recorder.ts';
import { PROJECT, SLUG } from './gating-helpers.ts';

const TOKEN = 'tok-Paste-Safe-5150';
const SHA = '5a5e5a5e5a5e5a5e5a5e5a5e5a5e5a5e5a5e5a5e';
const HOSTILE_URL = 'https://ci.example/gh/acme/widget/12$(touch${IFS}PWNED)';
const ENCODED_URL = 'https://ci.example/gh/acme/widget/12%24%28touch%24%7BIFS%7DPWNED%29';

let servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function emulatorWith(seed: Parameters<Emulator['state']['addBuild']>[1]): Promise<Emulator> {
  const emulator = await startEmulator();
  servers.push(emulator);
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo);
  emulator.state.addBuild(SLUG, { branch: 'main', vcs_revision: SHA, ...seed });
  return emulator;
}

const waitFor = (emulator: Emulator, inputs: Record<string, string> = {}) =>
  runAction('wait-for-build', {
    inputs: {
      token: emulator.token,
      'base-url': emulator.baseUrl,
      'poll-interval-seconds': '1',
      'settle-seconds': '1',
      ...inputs,
    },
    env: { GITHUB_SHA: SHA },
  });

/** Pastes a value into a bash script, as the runner does with an expression in `run:`, in `dir`. */
function pasteIntoShell(value: string, dir: string): void {
  execFileSync('bash', ['-c', `echo ${value} > /dev/null`], { cwd: dir, stdio: 'ignore' });
}

describe('outputs safe to paste into a script', () => {
  it('wait-for-build percent-encodes what a shell would run in build-url and builds[].build_url', async () => {
    const emulator = await emulatorWith({ outcome: 'success', extra: { build_url: HOSTILE_URL } });
    const result = await waitFor(emulator);
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['build-url']).toBe(ENCODED_URL);
    const builds = JSON.parse(result.outputs['builds'] ?? '[]') as { build_url: string }[];
    expect(builds.map((b) => b.build_url)).toEqual([ENCODED_URL]);
    pasteIntoShell(result.outputs['build-url'] ?? '', result.workspace);
    expect(existsSync(join(result.workspace, 'PWNED'))).toBe(false);
  });

  it('wait-for-build leaves an outcome no README documents empty, says so, and * does not let it pass', async () => {
    const emulator = await emulatorWith({
      lifecycle: 'finished',
      status: 'success',
      outcome: 'success$(id)',
    });
    const result = await waitFor(emulator, { 'allowed-outcomes': '*' });
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain("outcome 'success$(id)'");
    expect(result.outputs['outcome']).toBe('');
    expect(result.stdout).toContain(
      'The outcome output is left empty: "success$(id)" is no word it may hold',
    );
  });

  it('trigger-build percent-encodes build-url and leaves a status or lifecycle no README documents empty', async () => {
    const server: Recorder = await startRecorder((req, res) => {
      const answer =
        req.method === 'POST'
          ? {
              build_num: 12,
              build_url: HOSTILE_URL,
              branch: 'main',
              status: 'queued;touch PWNED',
              lifecycle: 'queued`touch PWNED`',
            }
          : [];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
    servers.push(server);
    const result = await runAction('trigger-build', {
      inputs: { token: TOKEN, 'base-url': server.baseUrl, branch: 'main', 'trigger-api': 'v1.1' },
    });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['build-url']).toBe(ENCODED_URL);
    expect(JSON.parse(result.outputs['builds'] ?? '[]')).toEqual([
      expect.objectContaining({ build_num: 12, build_url: ENCODED_URL }),
    ]);
    expect(result.outputs['status']).toBe('');
    expect(result.outputs['lifecycle']).toBe('');
    expect(result.stdout).toContain(
      'The status output is left empty: "queued;touch PWNED" is no word it may hold',
    );
    expect(result.stdout).toContain(
      'The lifecycle output is left empty: "queued`touch PWNED`" is no word it may hold',
    );
  });
});
