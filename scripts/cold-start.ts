// Cold start of an action, measured as the runner sees it: `node dist/<name>/index.js` from spawn to its first
// request on the emulator (127.0.0.1), and to its exit. clear-cache clears the cache of the emulator's example
// project; fetch-artifacts fetches its latest build's artifacts, and also gives the time to its first download;
// any action whose token and base-url are enough will do.
//
//   node scripts/cold-start.ts [--runs 10] [--action clear-cache]... [--root DIR]... [--minimal]
//
// Each --root is a checkout whose committed bundles run (default: this one); each --action is measured in turn.
// Runs take turns across roots and actions, in the opposite order every other round, so that a machine's changing
// load falls on all of them alike. It prints, per action and root, the median and range of each time, and the
// median of the paired differences to the first root (the same round's runs). --minimal adds a yardstick to
// clear-cache: scripts/minimal-action.ts, bundled the same way, which imports the same libraries plainly and makes
// the same one call. The first download is the first request for an artifact (below /artifacts/, or on the
// storage server).
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
    action: { type: 'string', multiple: true },
    root: { type: 'string', multiple: true },
    minimal: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number ≥ 1, not '${values.runs}'`);
const roots = (values.root ?? [ROOT]).map((root) => resolve(root));
const actions = values.action ?? ['clear-cache'];
if (values.minimal) {
  if (actions.join() !== 'clear-cache') throw new Error('--minimal measures against clear-cache only');
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

/** The times of one run, in ms from the spawn: first request, first download (fetch-artifacts), exit. */
interface Times {
  first: number;
  download?: number;
  exit: number;
}

const emulator = await startEmulator();
await seedExample(emulator.state);
const stepDir = await mkdtemp(join(tmpdir(), 'cold-start-'));
const key = (action: string, root: string) => `${action} (${root})`;
const times = new Map<string, Times[]>();
try {
  for (let i = 0; i < runs; i++) {
    for (const action of actions) {
      // Every other round in the opposite order, so that going first or last in a round falls on each root alike.
      const order = i % 2 === 0 ? [...roots.entries()] : [...roots.entries()].reverse();
      for (const [r, root] of order) {
        // A workspace of its own for every run: fetch-artifacts refuses to replace what an earlier run saved.
        const run = join(stepDir, `${i}-${action}-${r}`);
        emulator.resetRequests();
        const result = await runStep({
          action,
          inputs: { token: emulator.token, 'base-url': emulator.baseUrl },
          workspace: join(run, 'workspace'),
          stepDir: run,
          env: { GITHUB_REPOSITORY: 'octo-org/octo-repo' },
          root,
        });
        if (result.code !== 0) throw new Error(`${action} failed:\n${result.stdout}${result.stderr}`);
        const first = emulator.requests[0];
        if (first === undefined) throw new Error(`${action} sent no request`);
        // The emulator serves artifacts below /artifacts/ of its API server (and signed ones from the second).
        const download = emulator.requests.find(
          (request) => request.origin === 'second' || request.path.startsWith('/artifacts/'),
        );
        const list = times.get(key(action, root)) ?? [];
        list.push({
          first: first.time - result.startedAt,
          ...(download && { download: download.time - result.startedAt }),
          exit: result.durationMs,
        });
        times.set(key(action, root), list);
      }
    }
  }
} finally {
  await emulator.close();
  await rm(stepDir, { recursive: true, force: true });
}

function median(list: number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The value below which a share `q` of the list falls (nearest rank). */
function quantile(list: number[], q: number): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** `median (min-max)`; against the first root's runs of the same rounds, the paired differences: their median, the
 *  middle half of them (a busy machine's outliers fall outside it), and how many rounds this root was faster. */
function describe(list: number[], baseline: number[] | undefined): string {
  const text = `${median(list)} ms (${Math.min(...list)}-${Math.max(...list)})`;
  if (baseline === undefined) return text;
  const differences = list.map((value, i) => value - baseline[i]!);
  const faster = differences.filter((difference) => difference < 0).length;
  return (
    `${text}, paired difference ${median(differences)} ms (middle half ${quantile(differences, 0.25)} to ` +
    `${quantile(differences, 0.75)}, all ${Math.min(...differences)} to ${Math.max(...differences)}), ` +
    `faster in ${faster} of ${differences.length}`
  );
}

for (const action of actions) {
  const first = times.get(key(action, roots[0]!)) ?? [];
  for (const root of roots) {
    const list = times.get(key(action, root)) ?? [];
    // The first root is the baseline of the paired differences.
    const baseline = root === roots[0] ? undefined : first;
    console.log(`${action} (${root}), ${list.length} runs:`);
    console.log(
      `  first request  ${describe(
        list.map((t) => t.first),
        baseline?.map((t) => t.first),
      )}`,
    );
    if (list.every((t) => t.download !== undefined))
      console.log(
        `  first download ${describe(
          list.map((t) => t.download!),
          baseline?.map((t) => t.download!),
        )}`,
      );
    console.log(
      `  exit           ${describe(
        list.map((t) => t.exit),
        baseline?.map((t) => t.exit),
      )}`,
    );
  }
}
