// What some tests need of the machine, and why they skip where it is missing: CI runs the tests on Linux, Windows
// and macOS runners (.github/workflows/ci.yml). A skipped test prints the reason beside its name.
import { execFileSync } from 'node:child_process';
import type { TestContext } from 'vitest';

type Capability = 'posix-signals' | 'symlinks' | 'gnu-tar' | 'permission-bits' | 'posix-names';

const windows = process.platform === 'win32';

function gnuTarAndUnzip(): string | undefined {
  try {
    if (!execFileSync('tar', ['--version'], { encoding: 'utf8' }).includes('GNU tar'))
      return 'tar here is not GNU tar';
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'tar or unzip is missing';
  }
}

const missing: Record<Capability, () => string | undefined> = {
  // Node on Windows ends a child at once on kill('SIGINT'), without running its handler; the Windows runner sends
  // Ctrl-C and Ctrl-Break instead (test/runner/signals.test.ts covers both handlers on every platform).
  'posix-signals': () => (windows ? 'Windows has no POSIX signals to send a child process' : undefined),
  symlinks: () =>
    windows ? 'creating a symbolic link on Windows needs a privilege runners do not grant' : undefined,
  'permission-bits': () =>
    windows ? 'Windows has no permission bits: a read-only folder there still takes new files' : undefined,
  'posix-names': () =>
    windows ? 'Windows cannot hold these names (test/windows checks they are refused)' : undefined,
  // The extract tests hold archives whose handling differs between tar implementations (pax global headers);
  // until unpacking runs in the process, they need the GNU tar and unzip of Linux runners.
  'gnu-tar': () =>
    windows || process.platform === 'darwin' ? 'only Linux runners have GNU tar' : gnuTarAndUnzip(),
};

const known = new Map<Capability, string | undefined>();

/** Skips the test, saying why, where the machine lacks `what`; as a hook (beforeEach) or called in the test. */
export function needs(what: Capability): (ctx: TestContext) => void {
  return (ctx) => {
    if (!known.has(what)) known.set(what, missing[what]());
    const why = known.get(what);
    if (why !== undefined) ctx.skip(`needs ${what}: ${why}`);
  };
}
