// Conditions a user can fix get an error that says what is wrong and where, from the committed
// bundle as the runner runs it: a destination that is a file, a parent that cannot take a folder, a certificate
// from an unknown authority, an artifact refused because a folder stands at its path, and a full disk blamed on
// the file that filled it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { content, fileTree, scratch, send } from '../api/download-server.ts';
import { runAction, type RunResult } from '../harness/runner.ts';
import { PROJECT, TOKEN } from './archive-builders.ts';

const { server, tempDir, later } = scratch('fetch-messages-');

const isRoot = process.getuid?.() === 0;

/** Mounts a tmpfs at `dir` (root only, where the kernel allows it); unmounted after the test. */
function tmpfs(dir: string, options: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return false;
  }
  later(async () => {
    execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
  });
  return true;
}

const canMount = await (async () => {
  if (!isRoot) return false;
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const dir = await mkdtemp(join(tmpdir(), 'fetch-messages-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'ignore' });
    execFileSync('umount', [dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
})();

/** Build 140 lists `files` (path → bytes), each served from `/<path>`. */
async function service(files: Record<string, Buffer>): Promise<string> {
  let origin = '';
  const s = await server((req, res) => {
    const path = decodeURIComponent((req.url ?? '').split('?')[0] ?? '');
    if (path === `${PROJECT}/140/artifacts`) {
      const list = Object.keys(files).map((name) => ({ path: name, url: `${origin}/${name}` }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
    } else {
      const data = files[path.slice(1)];
      if (data === undefined) res.writeHead(404).end();
      // The large file comes slowly, so the small ones run into the full disk it made.
      else send(req, res, data, data.length > 1024 * 1024 ? { chunkSize: 256 * 1024, delayMs: 5 } : {});
    }
  });
  origin = s.origin;
  return `${s.origin}/api/v1.1`;
}

function fetch(base: string, ws: string, inputs: Record<string, string> = {}): Promise<RunResult> {
  return runAction('fetch-artifacts', {
    workspace: ws,
    env: { CI_ACTIONS_MAX_ATTEMPTS: '1' },
    inputs: { token: TOKEN, 'base-url': base, 'build-num': '140', path: 'dest', ...inputs },
  });
}

function noUnexpected(r: RunResult): void {
  expect(r.code).toBe(1);
  expect(r.stdout).not.toContain('unexpected error');
  expect(r.errors).toHaveLength(1);
}

describe('fetch-artifacts says what is wrong, and where', () => {
  it('a destination that is a file, or below a file (EEXIST, ENOTDIR)', async () => {
    const ws = await tempDir();
    await mkdir(ws, { recursive: true });
    await writeFile(join(ws, 'dest'), 'a file');
    const base = await service({ 'a.txt': Buffer.from('a') });
    const r = await fetch(base, ws);
    noUnexpected(r);
    expect(r.errors[0]).toBe(
      `::error::path: the destination ${JSON.stringify(join(ws, 'dest'))} cannot be used: ` +
        `${JSON.stringify(join(ws, 'dest'))} is a file, not a folder; nothing was downloaded`,
    );
    const below = await fetch(base, ws, { path: 'dest/sub/deeper' });
    noUnexpected(below);
    expect(below.errors[0]).toContain(`${JSON.stringify(join(ws, 'dest'))} is a file, not a folder`);
  });

  it.runIf(canMount || !isRoot)(
    'a destination whose parent is read-only (ENOENT from a recursive mkdir)',
    async () => {
      const ws = await tempDir();
      const locked = join(ws, 'locked');
      await mkdir(locked, { recursive: true });
      const readOnly = isRoot ? tmpfs(locked, 'size=1m,ro') : (await chmod(locked, 0o555), true);
      expect(readOnly).toBe(true);
      const base = await service({ 'a.txt': Buffer.from('a') });
      const r = await fetch(base, ws, { path: 'locked/dest/inner' });
      noUnexpected(r);
      expect(r.errors[0]).toContain(
        `the destination ${JSON.stringify(join(locked, 'dest/inner'))} cannot be used: `,
      );
      expect(r.errors[0]).toMatch(
        isRoot
          ? new RegExp(
              `its parent folder ${JSON.stringify(locked).replace(/[/\\]/gu, '\\$&')} is on a read-only file system`,
              'u',
            )
          : /there is no permission to create a folder in/u,
      );
    },
  );

  it('a certificate from an unknown authority names the host, for the API and for an artifact download', async () => {
    const ca = join(await tempDir(), 'ca');
    await mkdir(ca);
    const openssl = (...args: string[]): void => {
      execFileSync('openssl', args, { cwd: ca, stdio: 'ignore' });
    };
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      '2',
      '-subj',
      '/CN=Unknown CA',
    );
    openssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'leaf.key',
      '-out',
      'leaf.csr',
      '-subj',
      '/CN=127.0.0.1',
    );
    await writeFile(join(ca, 'ext'), 'subjectAltName=IP:127.0.0.1\n');
    openssl(
      'x509',
      '-req',
      '-in',
      'leaf.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'leaf.crt',
      '-days',
      '2',
      '-extfile',
      'ext',
    );
    const tls = https.createServer(
      { key: readFileSync(join(ca, 'leaf.key')), cert: readFileSync(join(ca, 'leaf.crt')) },
      (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'),
    );
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    later(() => new Promise((resolve) => tls.close(() => resolve())));
    const host = `127.0.0.1:${(tls.address() as AddressInfo).port}`;

    const api = await fetch(`https://${host}/api/v1.1`, await tempDir());
    noUnexpected(api);
    expect(api.errors[0]).toBe(
      `::error::GET /project/primary-host/octo-org/octo-repo/140 failed: the certificate of ${host} is not ` +
        "trusted (UNABLE_TO_VERIFY_LEAF_SIGNATURE), so nothing was sent to it. If the installation's certificate " +
        "comes from its own authority, give that authority's PEM file to the step in NODE_EXTRA_CA_CERTS (or set " +
        'NODE_USE_SYSTEM_CA=1 where it is installed on the runner)',
    );
    const cache = await runAction('clear-cache', {
      env: { CI_ACTIONS_MAX_ATTEMPTS: '1' },
      inputs: { token: TOKEN, 'base-url': `https://${host}/api/v1.1` },
    });
    noUnexpected(cache);
    expect(cache.errors[0]).toContain(`failed: the certificate of ${host} is not trusted`);

    // The API is trusted; the storage it lists is not.
    const s = await server((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify([{ path: 'a.txt', url: `https://${host}/a.txt` }]));
    });
    const download = await fetch(`${s.origin}/api/v1.1`, await tempDir());
    noUnexpected(download);
    expect(download.errors[0]).toContain(
      `artifact "a.txt" failed: the certificate of ${host} is not trusted`,
    );
  });

  it('an artifact refused because a folder stands at its path is not "nothing matches pattern"', async () => {
    const ws = await tempDir();
    await mkdir(join(ws, 'dest/reports/junit.xml'), { recursive: true });
    const base = await service({ 'reports/junit.xml': Buffer.from('<x/>'), 'logs/a.log': Buffer.from('a') });
    const r = await fetch(base, ws, { pattern: 'reports/**', overwrite: 'true', 'if-no-artifacts': 'fail' });
    noUnexpected(r);
    expect(r.stdout).toContain(
      '::warning::Refused artifact "reports/junit.xml": a folder is at its path, and is never replaced',
    );
    expect(r.errors[0]).not.toContain('matches pattern');
    expect(r.errors[0]).toContain(
      'none of the 2 artifacts of build #140 of octo-org/octo-repo can be fetched',
    );
  });

  it.runIf(canMount)(
    'a full disk is blamed on the file that filled it, and no part file is left',
    async () => {
      const ws = await tempDir();
      const dest = join(ws, 'dest');
      await mkdir(dest, { recursive: true });
      expect(tmpfs(dest, 'size=4m')).toBe(true);
      const files: Record<string, Buffer> = { 'big/filler.bin': content(16 * 1024 * 1024) };
      for (let i = 0; i < 6; i++) files[`small/s${i}.txt`] = content(64 * 1024, i + 2);
      const base = await service(files);
      const r = await fetch(base, ws, { concurrency: '8' });
      noUnexpected(r);
      expect(r.errors[0]).toMatch(
        /^::error::the destination's disk is full \(no space is left on the device\): artifact "/u,
      );
      expect(r.errors[0]).toMatch(/"big\/filler\.bin"/u);
      expect((await fileTree(dest)).filter((f) => f.endsWith('.part'))).toEqual([]);
    },
  );
});
