// Builds every action's bundle: src/actions/<name>/index.ts → dist/<name>/index.js (ncc, ESM, Node 24).
// The output is committed; CI checks that a fresh build equals it.
import { execFile } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..');
const names = (await readdir(join(root, 'src/actions'), { withFileTypes: true }))
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

await rm(join(root, 'dist'), { recursive: true, force: true });
const ncc = join(root, 'node_modules/@vercel/ncc/dist/ncc/cli.js');
// Two at a time: the machines that build this have two cores.
for (let i = 0; i < names.length; i += 2) {
  await Promise.all(
    names.slice(i, i + 2).map(async (name) => {
      const out = join(root, 'dist', name);
      await run(
        process.execPath,
        [
          ncc,
          'build',
          join(root, 'src/actions', name, 'index.ts'),
          '-o',
          out,
          '--license',
          'licenses.txt',
          '--quiet',
        ],
        {
          cwd: root,
        },
      );
      console.log(`built dist/${name}/index.js`);
    }),
  );
}
