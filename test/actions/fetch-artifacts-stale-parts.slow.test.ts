// Part files of a killed run: SIGKILL leaves no chance to clean up, so the next run removes the part
// files of the paths it plans before it downloads or unpacks anything, and only those of our own form.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { content, fileTree, scratch, send } from '../api/download-server.ts';
import { startAction } from '../harness/runner.ts';
import { archiveService, PROJECT, runExtract, TOKEN, zip } from './archive-builders.ts';

const { server, tempDir } = scratch('fetch-stale-');

const FILES = Array.from({ length: 8 }, (_, i) => `f${i}.bin`);
const DATA = content(256 * 1024);

/** Build 140's eight artifacts; `stall`: every body stops after 1 KB and hangs. */
async function service(mode: { stall: boolean }): Promise<string> {
  let origin = '';
  const s = await server((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path === `${PROJECT}/140/artifacts`) {
      const list = FILES.map((name) => ({ path: `out/${name}`, url: `${origin}/${name}` }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
    } else if (path.startsWith('/api/')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Build not found"}');
    } else if (mode.stall) send(req, res, DATA, { cutAfter: 1024, cut: 'stall', ranges: false });
    else send(req, res, DATA);
  });
  origin = s.origin;
  return `${s.origin}/api/v1.1`;
}

const parts = async (dir: string): Promise<string[]> =>
  (await fileTree(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.part'));

describe('part files left by a killed run', () => {
  it('are removed by the next run before it downloads, only those of our own form, and the log says so', async () => {
    const ws = await tempDir();
    const dest = join(ws, 'dest');
    const mode = { stall: true };
    const base = await service(mode);
    const inputs = { token: TOKEN, 'base-url': base, 'build-num': '140', path: 'dest', concurrency: '8' };
    const killed = await startAction('fetch-artifacts', { workspace: ws, inputs });
    for (let i = 0; i < 1000 && (await parts(dest)).length < FILES.length; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    killed.child.kill('SIGKILL');
    await killed.done;
    const left = await parts(dest);
    expect(left).toHaveLength(FILES.length);
    // Not ours to remove: another name, another form.
    const others = [
      'out/notes.txt.0123456789ab.part',
      'out/f0.bin.0123456789AB.part',
      'out/f0.bin.zzzzzzzzzzzz.part',
      'out/f0.bin.0123456789.part',
    ];
    for (const other of others) await writeFile(join(dest, other), 'keep');

    mode.stall = false;
    const again = await startAction('fetch-artifacts', {
      workspace: ws,
      inputs: { ...inputs, overwrite: 'true' },
    });
    const r = await again.done;
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect((await parts(dest)).sort()).toEqual([...others].sort());
    expect(r.stdout).toContain('Removed 8 part files left by an earlier run: ');
    for (const name of FILES) expect(await readFile(join(dest, 'out', name))).toEqual(DATA);
  }, 60_000);

  it("an archive unpacked again into its folder removes its members' part files first", async () => {
    const ws = await tempDir();
    const target = join(ws, 'dest/out/app');
    await mkdir(target, { recursive: true });
    await writeFile(join(target, 'a.txt.00000000abcd.part'), 'left by a killed run');
    await writeFile(join(target, 'b.txt.00000000abcd.part'), 'not a member');
    const s = await archiveService(server, { 'app.zip': zip([{ name: 'a.txt', data: 'a' }]) });
    const r = await runExtract(s, ws, { overwrite: 'true' });
    expect(r.errors).toEqual([]);
    expect(await fileTree(target)).toEqual(['a.txt', 'b.txt.00000000abcd.part']);
    expect(r.stdout).toContain(
      'Removed 1 part file left by an earlier run: "out/app/a.txt.00000000abcd.part"',
    );
  });
});
