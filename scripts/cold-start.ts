// Cold start of one action, measured as the runner sees it: the whole process of `node dist/<name>/index.js`,
// from spawn to exit, clearing the cache of the emulator's example project on 127.0.0.1 (or, with --action
// fetch-artifacts, fetching its latest build's artifacts; any action whose token and base-url are enough).
//
//   node scripts/cold-start.ts [--runs 10] [--action clear-cache] [--root DIR]... [--minimal]
//
// Each --root is a checkout whose committed bundles run (default: this one). With several, their runs take turns,
// so that a machine's changing load falls on all of them alike. It prints the median of each. --minimal adds a
// yardstick to clear-cache: scripts/minimal-action.ts, bundled the same way, which imports the same libraries
// plainly and makes the same one call.
import { execFile } from 'node:child_process';
import { cp, mkdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { seedExample, startEmulator } from '../emulator/index.ts';
import { ROOT, runStep } from './runner-env.ts';

const { values } = parseArgs({
  strict: true,
  options: {
    runs: { type: 'string', default: '10' },
    action: { type: 'string', default: 'clear-cache' },
    root: { type: 'string', multiple: true },
    minimal: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number ≥ 1, not '${values.runs}'`);
const roots = (values.root ?? [ROOT]).map((root) => resolve(root));
if (values.minimal) {
  if (values.action !== 'clear-cache') throw new Error('--minimal measures against clear-cache only');
  roots.push(await minimalRoot());
}

/** A checkout-shaped folder whose clear-cache is the minimal action, bundled by ncc as the build bundles ours. */
async function minimalRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'minimal-action-'));
  await mkdir(join(root, 'actions/clear-cache'), { recursive: true });
  await cp(join(ROOT, 'actions/clear-cache/action.yml'), join(root, 'actions/clear-cache/action.yml'));
  const ncc = join(ROOT, 'node_modules/@vercel/ncc/dist/ncc/cli.js');
  const out = join(root, 'dist/clear-cache');
  await promisify(execFile)(process.execPath, [
    ncc,
    'build',
    join(ROOT, 'scripts/minimal-action.ts'),
    '-o',
    out,
    '--quiet',
  ]);
  return root;
}

const emulator = await startEmulator();
await seedExample(emulator.state);
const stepDir = await mkdtemp(join(tmpdir(), 'cold-start-'));
const times = new Map<string, number[]>(roots.map((root) => [root, []]));
try {
  for (let i = 0; i < runs; i++) {
    for (const [r, root] of roots.entries()) {
      // A workspace of its own for every run: fetch-artifacts refuses to replace what an earlier run saved.
      const run = join(stepDir, `${i}-${r}`);
      const result = await runStep({
        action: values.action,
        inputs: { token: emulator.token, 'base-url': emulator.baseUrl },
        workspace: join(run, 'workspace'),
        stepDir: run,
        env: { GITHUB_REPOSITORY: 'octo-org/octo-repo' },
        root,
      });
      if (result.code !== 0) throw new Error(`${values.action} failed:\n${result.stdout}${result.stderr}`);
      times.get(root)?.push(result.durationMs);
    }
  }
} finally {
  await emulator.close();
  await rm(stepDir, { recursive: true, force: true });
}
for (const [root, list] of times) {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  console.log(
    `${values.action} (${root}): median ${median} ms of ${runs} runs ` +
      `(min ${sorted[0]}, max ${sorted.at(-1)}; all: ${list.join(' ')})`,
  );
}
