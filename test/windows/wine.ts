// Starts a step's bundle with Windows' node.exe under Wine, in the Debian folder scripts/test-windows.sh prepared
// (TEST_WINDOWS_ROOT, with node.exe at /opt/node/node.exe, this repository and /tmp bound at their own paths).
// The step's variables go through a file that scripts/windows-launch.ts reads inside node.exe: Wine drops names
// with a `-`. Under Wine a pipe as stdout makes node.exe fail (EBADF), so its output goes to files, printed when
// it ends.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../harness/runner.ts';
import type { Launcher } from '../../scripts/runner-env.ts';

export function wineRoot(): string {
  const root = process.env['TEST_WINDOWS_ROOT'];
  if (root === undefined || root === '')
    throw new Error('TEST_WINDOWS_ROOT is not set: run these tests with npm run test:windows');
  return root;
}

const RUN =
  'wine /opt/node/node.exe "$1" "$2" "$3" >"$4" 2>"$5"; code=$?; cat "$4"; cat "$5" >&2; exit $code';

export const wineLaunch: Launcher = async (main, env) => {
  const dir = await mkdtemp(join(tmpdir(), 'wine-step-'));
  const variables = join(dir, 'variables.json');
  await writeFile(variables, JSON.stringify(env), { mode: 0o600 });
  const launcher = `Z:${join(ROOT, 'scripts', 'windows-launch.ts').replaceAll('/', '\\')}`;
  return {
    command: 'chroot',
    args: [
      wineRoot(),
      '/usr/bin/env',
      '-i',
      'HOME=/root',
      'PATH=/usr/bin:/bin',
      'WINEPREFIX=/root/.wine',
      'WINEDEBUG=-all',
      'XDG_RUNTIME_DIR=/tmp',
      '/bin/sh',
      '-c',
      RUN,
      'sh',
      launcher,
      variables,
      main,
      join(dir, 'stdout'),
      join(dir, 'stderr'),
    ],
    env: { PATH: process.env['PATH'] ?? '' },
  };
};
