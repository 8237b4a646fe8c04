// The committed fetch-artifacts bundle on real disks with other naming rules than ext4 (docs/promises.md, promises 26 and 27):
// NTFS as Windows sees it (lowntfs-3g, ignore_case and windows_names) and exFAT, mounted by scripts/test-fs.sh, which
// passes their folders in TEST_FS_NTFS and TEST_FS_EXFAT, and a 2 MB tmpfs in TEST_FS_SMALL. For each hostile list,
// the files on disk must equal `count`, each with its own content, the safe artifacts saved beside the refused ones,
// and every artifact not saved named in a warning.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAction, type RunResult } from '../harness/runner.ts';
import { content, fileTree, scratch, type TestServer } from '../api/download-server.ts';
import { zip } from '../helpers/archives.ts';
import { artifactService, HOSTILE_NAMES, SAFE_NAMES, type Listed } from '../helpers/hostile-names.ts';

const TOKEN = 'fs-lane-Secret-Token-4471';
const { server } = scratch('fs-lane-');

function mounted(name: string): string {
  const folder = process.env[name];
  if (folder === undefined || folder === '')
    throw new Error(
      `${name} is not set: run these tests with npm run test:fs, which mounts the file systems`,
    );
  return folder;
}

const DISKS = [
  { disk: 'NTFS (ignore_case, windows_names)', folder: () => mounted('TEST_FS_NTFS') },
  { disk: 'exFAT', folder: () => mounted('TEST_FS_EXFAT') },
];

async function fetch(s: TestServer, ws: string, inputs: Record<string, string> = {}): Promise<RunResult> {
  return runAction('fetch-artifacts', {
    workspace: ws,
    inputs: {
      token: TOKEN,
      'base-url': `${s.origin}/api/v1.1`,
      'build-num': '9',
      path: 'dest',
      concurrency: '4',
      ...inputs,
    },
    timeoutMs: 90_000,
  });
}

/** A workspace on the mounted disk, removed afterwards. */
async function workspaceOn(folder: string, run: (ws: string) => Promise<void>): Promise<void> {
  const ws = await mkdtemp(join(folder, 'ws-'));
  try {
    await run(ws);
  } finally {
    await rm(ws, { recursive: true, force: true });
  }
}

/** The step's saved files, below the destination, `/`-separated. */
function saved(r: RunResult, dest: string): string[] {
  return (JSON.parse(r.outputs['files'] ?? '[]') as string[]).map((f) =>
    relative(dest, f).split(sep).join('/'),
  );
}

describe.each(DISKS)('on $disk', ({ disk, folder }) => {
  it.each(Object.entries(HOSTILE_NAMES))(
    '%s: files on disk equal count, each with its content',
    async (list, names) => {
      await workspaceOn(folder(), async (ws) => {
        const artifacts: Listed[] = [...names, ...SAFE_NAMES].map((path, node) => ({
          path,
          node,
          data: `artifact ${node}: ${path}\n`,
        }));
        const s = await artifactService(server, 9, artifacts);
        const r = await fetch(s, ws);
        expect(r.errors).toEqual([]);
        expect(r.code).toBe(0);
        const dest = join(ws, 'dest');
        const files = saved(r, dest);
        const onDisk = await fileTree(dest);
        expect(Number(r.outputs['count'])).toBe(files.length);
        expect(onDisk).toHaveLength(files.length);
        // Each saved file holds its own artifact's bytes: nothing was written over another.
        for (const file of files) {
          const node = artifacts.findIndex((a, i) => file === a.path || file === `node-${i}/${a.path}`);
          expect(node, file).toBeGreaterThanOrEqual(0);
          expect(await readFile(join(dest, file), 'utf8')).toBe(artifacts[node]?.data);
        }
        for (const safe of SAFE_NAMES) expect(files).toContain(safe);
        // Every artifact not saved is named in a warning.
        const refused = r.stdout.split('\n').filter((l) => l.startsWith('::warning::Refused artifact "'));
        expect(refused).toHaveLength(artifacts.length - files.length);
        // No part file, no folder made for nothing.
        expect(onDisk.filter((f) => f.endsWith('.part'))).toEqual([]);
        console.info(`${disk}, ${list}: ${files.length} saved, ${refused.length} refused`);
      });
    },
  );

  it('clashing archive members: the archive stays packed, the rest is saved and unpacked', async () => {
    await workspaceOn(folder(), async (ws) => {
      const s = await artifactService(server, 9, [
        {
          path: 'clash.zip',
          data: zip([
            { name: 'A.txt', data: 'upper' },
            { name: 'a.txt', data: 'lower' },
            { name: 'Dir/x.txt', data: 'x' },
            { name: 'dir/y.txt', data: 'y' },
          ]),
        },
        {
          path: 'fine.zip',
          data: zip([
            { name: 'one.txt', data: 'one' },
            { name: 'sub/two.txt', data: 'two' },
          ]),
        },
        { path: 'safe/one.txt', data: 'safe' },
      ]);
      const r = await fetch(s, ws, { extract: 'true' });
      expect(r.errors).toEqual([]);
      const dest = join(ws, 'dest');
      expect(r.stdout).toMatch(
        /Did not unpack archive "clash.zip": members "A.txt" and "a.txt" would be one file or folder on a disk that ignores case/u,
      );
      const onDisk = await fileTree(dest);
      expect(onDisk).toEqual(['clash.zip', 'fine.zip', 'fine/one.txt', 'fine/sub/two.txt', 'safe/one.txt']);
      expect(Number(r.outputs['count'])).toBe(onDisk.length);
      expect(await readFile(join(dest, 'fine/sub/two.txt'), 'utf8')).toBe('two');
      expect(await readFile(join(dest, 'safe/one.txt'), 'utf8')).toBe('safe');
    });
  });
});

describe('a disk that fills up mid-download', () => {
  it('stops the step at once with a clear error, and leaves no part file', async () => {
    await workspaceOn(mounted('TEST_FS_SMALL'), async (ws) => {
      const s = await artifactService(server, 9, [
        { path: 'small.txt', data: 'small' },
        { path: 'big.bin', data: content(4 * 1024 * 1024) },
        { path: 'after.txt', data: 'after' },
      ]);
      const r = await fetch(s, ws, { concurrency: '1' });
      expect(r.code).toBe(1);
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toMatch(
        /the destination's disk is full \(no space is left on the device\): artifact "big.bin" could not be written.*No part file is left/u,
      );
      const dest = join(ws, 'dest');
      const left = await readdir(dest);
      expect(left.filter((f) => f.endsWith('.part'))).toEqual([]);
      expect(left).not.toContain('big.bin');
      expect(left).not.toContain('after.txt');
    });
  });
});
