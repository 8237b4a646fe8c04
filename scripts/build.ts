// Builds the actions' bundles: src/actions/<name>/index.ts → dist/<name>/index.js (ncc, ESM, Node 24).
// `npm run build` builds all of them afresh; `npm run build -- <name>...` only those named.
// The output is committed; CI checks that a fresh build equals it. Types are checked by `npm run typecheck`.
import { execFile } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..');
const all = (await readdir(join(root, 'src/actions'), { withFileTypes: true }))
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const asked = process.argv.slice(2);
for (const name of asked) {
  if (!all.includes(name))
    throw new Error(`no action '${name}' in src/actions (there are: ${all.join(', ')})`);
}
const names = asked.length > 0 ? asked : all;
if (asked.length === 0) await rm(join(root, 'dist'), { recursive: true, force: true });

const ncc = join(root, 'node_modules/@vercel/ncc/dist/ncc/cli.js');
// Two at a time: the machines that build this have two cores.
for (let i = 0; i < names.length; i += 2) {
  await Promise.all(
    names.slice(i, i + 2).map(async (name) => {
      const out = join(root, 'dist', name);
      await rm(out, { recursive: true, force: true });
      const entry = join(root, 'src/actions', name, 'index.ts');
      const args = [ncc, 'build', entry, '-o', out, '--license', 'licenses.txt', '--quiet'];
      await run(process.execPath, args, { cwd: root });
      console.log(`built dist/${name}/index.js`);
    }),
  );
}
