// One temporary folder for a whole test run, removed at its end: every test, and every action a test runs, makes
// its folders in it (TMPDIR, which os.tmpdir() reads, is set before the test processes start). Without it a run
// left over a thousand job folders in the system's temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'ci-actions-tests-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(root, { recursive: true, force: true });
  };
}
