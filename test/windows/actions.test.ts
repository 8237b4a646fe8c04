// Every action's committed bundle under Node 24 for Windows (node.exe under Wine 10), against the emulator and a
// scripted artifact server on 127.0.0.1: process.platform is win32 there, paths are Windows paths, and
// fetch-artifacts applies Windows' naming rules. Run by npm run test:windows (scripts/test-windows.sh).
import { generateKeyPairSync } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runAction, type RunResult } from '../harness/runner.ts';
import { content, fileTree, scratch, sha256 } from '../api/download-server.ts';
import { gzipSync } from 'node:zlib';
import { tar, zip } from '../helpers/archives.ts';
import { artifactService } from '../helpers/hostile-names.ts';
import { PROJECT, SLUG, workflowJob } from '../actions/gating-helpers.ts';
import { RENAME_RETRY_MS } from '../../src/files/rename.ts';
import { wineLaunch } from './wine.ts';

const SHA = '0dd5a1e50dd5a1e50dd5a1e50dd5a1e50dd5a1e5';
const { server, tempDir } = scratch('windows-lane-');

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, { defaultBranch: 'main' });
});
afterAll(async () => {
  await emulator.close();
});

/** Runs the action under Wine with the emulator's address and token; prints what it cost. */
async function step(
  action: string,
  inputs: Record<string, string>,
  options: { env?: Record<string, string>; workspace?: string } = {},
): Promise<RunResult> {
  const r = await runAction(action, {
    inputs: { token: emulator.token, 'base-url': emulator.baseUrl, ...inputs },
    launch: wineLaunch,
    timeoutMs: 110_000,
    ...options,
  });
  console.info(`${action} (${Object.keys(inputs).join(', ')}): exit ${r.code} in ${r.durationMs} ms`);
  return r;
}

function expectPassed(r: RunResult): void {
  expect(r.errors, r.stdout + r.stderr).toEqual([]);
  expect(r.code, r.stderr).toBe(0);
}

describe('every action under Windows', () => {
  it('runs on win32: the general action reads who the token belongs to', async () => {
    const r = await step('general', { command: 'me' });
    expectPassed(r);
    expect(JSON.parse(r.outputs['result'] ?? '{}')).toHaveProperty('login');
  });

  it('clear-cache', async () => {
    const r = await step('clear-cache', {});
    expectPassed(r);
    expect(r.outputs['message']).toBeTruthy();
  });

  it('set-envvar, its variables with names the Windows environment would drop', async () => {
    const r = await step('set-envvar', { variables: 'DEPLOY_ENV=ci\nRELEASE_CHANNEL=beta' });
    expectPassed(r);
    expect(r.outputs['set']).toBe('["DEPLOY_ENV","RELEASE_CHANNEL"]');
    expect(emulator.state.envvars(SLUG)).toMatchObject({ DEPLOY_ENV: 'ci', RELEASE_CHANNEL: 'beta' });
  });

  it('add-ssh-key, a multi-line secret', async () => {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const r = await step('add-ssh-key', { 'ssh-key': privateKey, hostname: 'deploy.example.com' });
    expectPassed(r);
    expect(emulator.state.sshKeys(SLUG).at(-1)?.hostname).toBe('deploy.example.com');
    // Masked line by line, and never printed otherwise.
    const shown = r.stdout.split(/\r?\n/u).filter((l) => !l.startsWith('::add-mask::'));
    expect(shown.join('\n')).not.toContain('PRIVATE KEY');
  });

  it('trigger-build, then wait-for-serial and fetch-artifacts on the build it made', async () => {
    // Through v1.1, as test/actions/bundles.test.ts does: this project has no workflows for a pipeline to run.
    const triggered = await step('trigger-build', {
      branch: 'main',
      'trigger-api': 'v1.1',
      wait: 'true',
      'poll-interval-seconds': '1',
    });
    expectPassed(triggered);
    expect(triggered.outputs['outcome']).toBe('success');
    const build = triggered.outputs['build-num'] ?? '';

    const serial = await step('wait-for-serial', {
      'build-num': build,
      'poll-interval-seconds': '1',
      'wait-timeout-minutes': '2',
    });
    expectPassed(serial);

    const ws = await tempDir();
    const fetched = await step('fetch-artifacts', { 'build-num': build, path: 'out' }, { workspace: ws });
    expectPassed(fetched);
    const files = JSON.parse(fetched.outputs['files'] ?? '[]') as string[];
    expect(files.length).toBeGreaterThan(0);
    // Windows paths, on Wine's Z: drive (the Linux tree); the same files on disk.
    for (const file of files) expect(file).toMatch(/^Z:\\/u);
    expect(await fileTree(join(ws, 'out'))).toHaveLength(files.length);
  });

  it('wait-for-build, the jobs of a commit', async () => {
    const job = emulator.state.addBuild(SLUG, workflowJob(SHA, 'build', { queuedMs: 200, runMs: 800 }));
    const r = await step(
      'wait-for-build',
      { 'poll-interval-seconds': '1', 'settle-seconds': '1' },
      { env: { GITHUB_SHA: SHA } },
    );
    expectPassed(r);
    expect(r.outputs['build-num']).toBe(String(job.build_num));
  });
});

describe('fetch-artifacts under Windows', () => {
  it('a file of several write batches arrives whole: each batch written with writev at its place', async () => {
    const ws = await tempDir();
    // Six batches of up to 1 MiB, each from many chunks, the last one short.
    const data = content(5 * 1024 * 1024 + 4321, 11);
    const s = await artifactService(server, 6, [{ path: 'big.txt', data }]);
    const r = await step(
      'fetch-artifacts',
      { 'base-url': `${s.origin}/api/v1.1`, 'build-num': '6', path: 'out' },
      { workspace: ws },
    );
    expectPassed(r);
    expect(sha256(await readFile(join(ws, 'out', 'big.txt')))).toBe(sha256(data));
  });

  it('refuses one by one the names Windows cannot hold, and tells apart names that differ only in case', async () => {
    const ws = await tempDir();
    const s = await artifactService(server, 5, [
      { path: 'report-10:32:01.xml', data: 'timestamped' },
      { path: 'aux.txt', data: 'device' },
      { path: 'trail.', data: 'dot' },
      { path: 'Report.txt', node: 0, data: 'upper' },
      { path: 'report.txt', node: 1, data: 'lower' },
      { path: 'ok.txt', data: 'ok' },
    ]);
    const r = await step(
      'fetch-artifacts',
      { 'base-url': `${s.origin}/api/v1.1`, 'build-num': '5', path: 'out' },
      {
        workspace: ws,
      },
    );
    expectPassed(r);
    const refused = r.stdout.split('\n').filter((l) => l.startsWith('::warning::Refused artifact'));
    expect(refused).toHaveLength(3);
    expect(refused.join('\n')).toMatch(/"report-10:32:01.xml".*Windows does not allow/u);
    expect(refused.join('\n')).toMatch(/"aux.txt".*device name/u);
    expect(await fileTree(join(ws, 'out'))).toEqual(['node-0/Report.txt', 'node-1/report.txt', 'ok.txt']);
    expect(r.outputs['count']).toBe('3');
    expect(await readFile(join(ws, 'out', 'node-1', 'report.txt'), 'utf8')).toBe('lower');
  });

  it('overwrite: true over a read-only file: the rename is retried, then that artifact alone is refused', async () => {
    const ws = await tempDir();
    await mkdir(join(ws, 'out'), { recursive: true });
    await writeFile(join(ws, 'out', 'locked.txt'), 'old');
    await chmod(join(ws, 'out', 'locked.txt'), 0o444);
    const s = await artifactService(server, 8, [
      { path: 'locked.txt', data: 'new' },
      { path: 'free.txt', data: 'free' },
    ]);
    const r = await step(
      'fetch-artifacts',
      { 'base-url': `${s.origin}/api/v1.1`, 'build-num': '8', path: 'out', overwrite: 'true' },
      { workspace: ws },
    );
    console.info(
      r.stdout
        .split(/\r?\n/u)
        .filter((l) => /^::(warning|error)::/u.test(l))
        .join('\n'),
    );
    expectPassed(r);
    expect(r.stdout).toMatch(/Refused artifact "locked.txt": .*\((EPERM|EACCES)\)/u);
    // Retried for a few seconds before giving up, as a scanner's hold would have passed.
    expect(r.durationMs).toBeGreaterThan(RENAME_RETRY_MS);
    expect(await readFile(join(ws, 'out', 'locked.txt'), 'utf8')).toBe('old');
    expect(await readFile(join(ws, 'out', 'free.txt'), 'utf8')).toBe('free');
    expect(r.outputs['count']).toBe('1');
  });

  it('refuses a file-name Windows cannot hold before sending anything', async () => {
    const s = await artifactService(server, 7, [{ path: 'report.xml', data: 'r' }]);
    const r = await step('fetch-artifacts', {
      'base-url': `${s.origin}/api/v1.1`,
      'build-num': '7',
      'file-name': 'CON.xml',
    });
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/file-name.*"CON.xml", a device name Windows reserves/u);
    expect(s.seen).toEqual([]);
  });

  it('extract: true, as far as this runner can: unpacked, or a clear word on what it could not do', async () => {
    const ws = await tempDir();
    const s = await artifactService(server, 6, [
      { path: 'app.zip', data: zip([{ name: 'bin/app.txt', data: 'app' }]) },
      { path: 'site.tar.gz', data: gzipSync(tar([{ name: 'index.html', data: '<html>' }])) },
    ]);
    const r = await step(
      'fetch-artifacts',
      { 'base-url': `${s.origin}/api/v1.1`, 'build-num': '6', path: 'out', extract: 'true' },
      { workspace: ws },
    );
    const onDisk = await fileTree(join(ws, 'out'));
    console.info(`extract: true under Wine: exit ${r.code}, on disk ${JSON.stringify(onDisk)}`);
    console.info(
      r.stdout
        .split('\n')
        .filter((l) => /^::(warning|error)::|Unpacked/u.test(l))
        .join('\n'),
    );
    // Extraction runs in the process, with no tar, unzip or PowerShell: it works where Wine has none of them.
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(onDisk).toEqual(['app.zip', 'app/bin/app.txt', 'site.tar.gz', 'site/index.html']);
    expect(Number(r.outputs['count'])).toBe(onDisk.length);
  });
});
