// In the bundle, '@actions/exec' is this module (src/actions/tsconfig.json, `paths`). @actions/core imports
// @actions/exec when it loads (for core.platform), so every action loaded it, with child_process and @actions/io,
// at its start; no action of ours runs a program. Both of its functions are asynchronous: here
// each loads the real module when first called, from a piece of the bundle of its own. The path goes around the
// package's name, which is this module in the bundle.
import type * as Exec from '../../node_modules/@actions/exec/lib/exec.js';

export type { ExecListeners, ExecOptions, ExecOutput } from '../../node_modules/@actions/exec/lib/exec.js';

function real(): Promise<typeof Exec> {
  return import('../../node_modules/@actions/exec/lib/exec.js');
}

export async function exec(...args: Parameters<typeof Exec.exec>): ReturnType<typeof Exec.exec> {
  return (await real()).exec(...args);
}

export async function getExecOutput(
  ...args: Parameters<typeof Exec.getExecOutput>
): ReturnType<typeof Exec.getExecOutput> {
  return (await real()).getExecOutput(...args);
}
