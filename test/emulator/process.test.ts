import { createHook } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Build, User } from '../../src/service/records.ts';
import { startEmulator } from '../../emulator/index.ts';
import { call, rawRequest } from './helpers.ts';
import { needs } from '../helpers/platform.ts';

const INDEX = fileURLToPath(new URL('../../emulator/index.ts', import.meta.url));
const CLI = fileURLToPath(new URL('../../emulator/cli.ts', import.meta.url));

const HANDLE_TYPES = new Set(['TCPSERVERWRAP', 'TCPWRAP', 'Timeout', 'Immediate']);

/**
 * Watches the handles and timers the emulator opens: its listening servers, and everything that descends from
 * them (accepted connections, and the timers and handles made while answering them). Handles of the test itself
 * (its client sockets) and of anything else in the process are left out, so that one closing in between does
 * not count. Unreferenced timers (Node's own cache of the Date header) keep nothing alive and are left out.
 */
function watchEmulatorHandles(): { open: () => string[]; stop: () => void } {
  const triggers = new Map<number, number>();
  const kinds = new Map<number, string>();
  const servers = new Set<number>();
  const alive = new Map<number, unknown>();
  const hook = createHook({
    init(asyncId, type, triggerAsyncId, resource) {
      triggers.set(asyncId, triggerAsyncId);
      kinds.set(asyncId, type);
      if (type === 'TCPSERVERWRAP') servers.add(asyncId);
      if (HANDLE_TYPES.has(type)) alive.set(asyncId, resource);
    },
    destroy(asyncId) {
      alive.delete(asyncId);
    },
  }).enable();
  const owned = (asyncId: number): boolean => {
    for (let id: number | undefined = asyncId; id !== undefined && id > 1; id = triggers.get(id)) {
      if (servers.has(id)) return true;
    }
    return false;
  };
  return {
    open: () =>
      [...alive]
        .filter(
          ([id, resource]) => owned(id) && (resource as { hasRef?: () => boolean }).hasRef?.() !== false,
        )
        .map(([id]) => kinds.get(id) ?? '?'),
    stop: () => hook.disable(),
  };
}

/** Runs a child process; resolves with its exit and output, or with `timedOut` (and kills it). */
function run(
  args: string[],
  options: { timeoutMs: number; onLine?: (line: string, child: ReturnType<typeof spawn>) => void },
): Promise<{
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      const before = stdout;
      stdout += chunk.toString();
      for (const line of stdout
        .slice(before.lastIndexOf('\n') + 1)
        .split('\n')
        .slice(0, -1)) {
        options.onLine?.(line, child);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}

describe('close()', () => {
  it('cuts stalled and slow connections, stops listening and leaves no handles or timers', async () => {
    const handles = watchEmulatorHandles();
    const emulator = await startEmulator();
    const project = emulator.state.project('primary-host', 'octo-org', 'octo-repo');
    emulator.state.addBuild(project, {
      outcome: 'success',
      artifacts: [{ path: 'a.bin', size: 1024 * 1024 }],
    });
    const artifact = `${emulator.origin}/artifacts/${project.slug}/1/0/home/build/project/a.bin`;
    const headers = { Authorization: emulator.authorization };
    emulator.faults.add({ path: '/me', kind: 'stall-headers' });
    emulator.faults.add({ path: /^\/artifacts\//, kind: 'slow-body', bytesPerSecond: 1000 });
    emulator.faults.add({ path: /^\/artifacts\//, kind: 'stall-body' });
    await call(emulator, 'GET', '/projects');
    const pending = [
      rawRequest(`${emulator.baseUrl}/me`, { headers, timeoutMs: 20_000 }),
      rawRequest(artifact, { headers, timeoutMs: 20_000 }),
      rawRequest(artifact, { headers, timeoutMs: 20_000 }),
    ];
    while (emulator.inFlight() < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    // The watch sees what the emulator holds open: servers, connections, and the timer pacing the slow body.
    const holding = Date.now() + 2000;
    while (!handles.open().includes('Timeout') && Date.now() < holding)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(new Set(handles.open())).toEqual(new Set(['TCPSERVERWRAP', 'TCPWRAP', 'Timeout']));

    const started = Date.now();
    await emulator.close();
    expect(Date.now() - started).toBeLessThan(1000);
    const ended = await Promise.all(pending);
    expect(ended.every((result) => !result.complete && !result.timedOut)).toBe(true);
    const refused = await rawRequest(`${emulator.baseUrl}/me`, { headers });
    expect(refused.error?.code).toBe('ECONNREFUSED');

    // Closed connections are reported gone a moment later: wait for that, within a generous bound. Timers are
    // not waited for: a timer left running would still be there (the slow body's next tick is 100 ms away).
    const deadline = Date.now() + 2000;
    const connected = (): boolean => handles.open().some((kind) => kind.startsWith('TCP'));
    while (connected() && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
    handles.stop();
    expect(handles.open()).toEqual([]);
    await emulator.close();
  });

  it('lets a process that used it end on its own', async () => {
    const script = `
      import { startEmulator } from ${JSON.stringify(INDEX)};
      const emulator = await startEmulator({ defaults: { hold: true } });
      emulator.state.project('primary-host', 'o', 'r');
      emulator.faults.add({ path: '/me', kind: 'stall-headers' });
      emulator.faults.add({ path: '/projects', kind: 'slow-body', bytesPerSecond: 0.1 });
      const headers = { Authorization: emulator.authorization };
      const stalled = fetch(emulator.baseUrl + '/me', { headers }).catch(() => 'cut');
      const slow = fetch(emulator.baseUrl + '/projects', { headers }).then((r) => r.text()).catch(() => 'cut');
      await fetch(emulator.baseUrl + '/project/primary-host/o/r/tree/main', { method: 'POST', headers });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await emulator.close();
      console.log(await stalled, await slow);
    `;
    const result = await run(['--input-type=module', '-e', script], { timeoutMs: 8000 });
    expect(result.stderr).toBe('');
    expect(result.timedOut).toBe(false);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe('cut cut');
  });
});

type Target = Parameters<typeof call>[0];

/** Runs the CLI; once it is ready, runs `check` against it and stops it with `signal`. */
async function runCli(
  args: string[],
  token: string,
  check: (target: Target) => Promise<void>,
  signal: NodeJS.Signals,
): Promise<Awaited<ReturnType<typeof run>>> {
  let baseUrl = '';
  let checked: Promise<void> = Promise.resolve();
  const result = await run([CLI, ...args], {
    timeoutMs: 10_000,
    onLine: (line, child) => {
      const match = /(http:\/\/127\.0\.0\.1:\d+\/api\/v1\.1)/.exec(line);
      if (match?.[1] !== undefined && baseUrl === '') baseUrl = match[1];
      if (!line.includes('Ctrl-C')) return;
      const target = { baseUrl, authorization: `Basic ${Buffer.from(`${token}:`).toString('base64')}` };
      checked = check(target as unknown as Target).finally(() => child.kill(signal));
    },
  });
  await checked;
  return result;
}

describe('cli', () => {
  it('serves the example project, prints the address and a curl example, and stops on SIGINT', async (t) => {
    needs('posix-signals')(t);
    const slug = 'primary-host/octo-org/octo-repo';
    const result = await runCli(
      ['--port', '0', '--token', 't'],
      't',
      async (target) => {
        expect(((await call(target, 'GET', '/me')).json as User).login).toBe('octo-user');
        const builds = (await call(target, 'GET', `/project/${slug}`)).json as Build[];
        expect(builds.map((build) => build.status)).toEqual(
          expect.arrayContaining(['failed', 'success', 'fixed']),
        );
        const failed = builds.find((build) => build.status === 'failed');
        const tests = (await call(target, 'GET', `/project/${slug}/${failed?.build_num}/tests`)).json as {
          tests: { result: string }[];
        };
        expect(tests.tests.some((test) => test.result === 'failure')).toBe(true);
        expect((await call(target, 'GET', `/project/${slug}/latest/artifacts`)).status).toBe(200);
        expect((await call(target, 'GET', `/project/${slug}/envvar`)).json).not.toEqual([]);
        expect((await call(target, 'GET', `/project/${slug}/checkout-key`)).json).not.toEqual([]);
        expect((await call(target, 'GET', '/recent-builds')).json).not.toEqual([]);
        expect((await call(target, 'GET', '/me', { auth: false })).status).toBe(401);
        // A push makes the service start the example's workflow by itself.
        const pushed = await fetch(`${new URL(target.baseUrl).origin}/_emulator/push`, {
          method: 'POST',
          headers: { Authorization: target.authorization, 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: 'octo-org', reponame: 'octo-repo', branch: 'master' }),
        });
        expect(pushed.status).toBe(201);
        const { revision } = (await pushed.json()) as { revision: string };
        const newest = ((await call(target, 'GET', `/project/${slug}?limit=1`)).json as Build[])[0];
        expect(newest).toMatchObject({ vcs_revision: revision, why: 'primary-host' });
        expect(newest?.workflows).toMatchObject({ job_name: 'build', workflow_name: 'build-test-deploy' });
      },
      'SIGINT',
    );
    expect(result.timedOut).toBe(false);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('curl -u t: ');
    expect(result.stdout).toContain('/_emulator/push');
    expect(result.stdout).toContain('emulator stopped');
  });

  it('--post-sunset: the v1.1 trigger answers 410 Gone, and API v2 starts a pipeline instead', async (t) => {
    needs('posix-signals')(t);
    const slug = 'primary-host/octo-org/octo-repo';
    const result = await runCli(
      ['--port', '0', '--token', 't', '--post-sunset'],
      't',
      async (target) => {
        const gone = await call(target, 'POST', `/project/${slug}/tree/master`);
        expect(gone.status).toBe(410);
        expect(gone.headers.get('sunset')).toBe('Mon, 01 Feb 2027 00:00:00 GMT');
        const made = await fetch(`${new URL(target.baseUrl).origin}/api/v2/project/${slug}/pipeline/run`, {
          method: 'POST',
          headers: { Authorization: target.authorization, 'Content-Type': 'application/json' },
          body: JSON.stringify({ config: { branch: 'master' }, checkout: { branch: 'master' } }),
        });
        expect(made.status).toBe(201);
        expect(((await made.json()) as { number: number }).number).toBe(1);
      },
      'SIGINT',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('post-sunset: the v1.1 trigger and retry answer 410 Gone');
  });

  it('starts from a seed file instead of the example, and stops on SIGTERM', async (t) => {
    needs('posix-signals')(t);
    const dir = await mkdtemp(join(tmpdir(), 'emulator-seed-'));
    try {
      const seedFile = join(dir, 'seed.json');
      await writeFile(
        seedFile,
        JSON.stringify({
          platformKey: 'abcd-1234',
          projects: [
            {
              vcsType: 'secondary-host',
              username: 'team',
              reponame: 'seeded',
              config: { platform: '1.0' },
              builds: [
                { branch: 'main', outcome: 'success' },
                { branch: 'main', status: 'running' },
              ],
              envvars: { TOKEN: 'value-9876' },
            },
          ],
        }),
      );
      const result = await runCli(
        ['--seed', seedFile, '--token', 'seeded'],
        'seeded',
        async (target) => {
          const projects = (await call(target, 'GET', '/projects')).json as { reponame: string }[];
          expect(projects.map((project) => project.reponame)).toEqual(['seeded']);
          const builds = (await call(target, 'GET', '/project/secondary-host/team/seeded')).json as Build[];
          expect(builds.map((build) => [build.status, build.platform])).toEqual([
            ['running', '1.0'],
            ['success', '1.0'],
          ]);
          expect((await call(target, 'GET', '/project/secondary-host/team/seeded/envvar')).json).toEqual([
            { name: 'TOKEN', value: 'xxxx9876' },
          ]);
          expect(((await call(target, 'GET', '/me')).json as User).platform_api_key).toBe(
            'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxx1234',
          );
        },
        'SIGTERM',
      );
      expect(result.code).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a malformed seed file with a message', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emulator-seed-'));
    try {
      const seedFile = join(dir, 'seed.json');
      await writeFile(seedFile, JSON.stringify({ projects: [{ username: 'x' }] }));
      const result = await run([CLI, '--seed', seedFile], { timeoutMs: 10_000 });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('projects[0].reponame is required');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
