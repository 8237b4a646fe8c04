// Runs a committed bundle the way the GitHub runner does (scripts/runner-env.ts: action.yml's defaults as
// INPUT_<NAME> variables, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_ENV, GITHUB_WORKSPACE, RUNNER_TEMP, and
// `node` on runs.main as a child process), in a fresh temporary job folder, with what tests need on top: the
// `::error::` lines, and waiting for a line of the log before sending the runner's signals.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStep, type Launcher, type StepResult } from '../../scripts/runner-env.ts';
import { noteBundleRun } from '../contract/exchanges.ts';

export {
  actionYmlPath,
  parseOutputFile,
  readMetadata,
  ROOT,
  type ActionMetadata,
} from '../../scripts/runner-env.ts';

export interface RunResult extends StepResult {
  /** Lines of stdout that are `::error::` commands. */
  errors: string[];
  workspace: string;
}

export interface RunOptions {
  inputs?: Record<string, string>;
  /** Runner variables to set, override, or (undefined) remove: GITHUB_REPOSITORY, GITHUB_REF_NAME, ... */
  env?: Record<string, string | undefined>;
  workspace?: string;
  timeoutMs?: number;
  /** Starts the bundle another way than with this Node (the Windows lane). */
  launch?: Launcher;
}

export interface Started {
  child: ChildProcess;
  done: Promise<RunResult>;
  /** Resolves once stdout has printed a line matching `pattern`. */
  waitFor(pattern: RegExp): Promise<void>;
}

/** The variables of a push to `main` of octo-org/octo-repo. */
const PUSH_TO_MAIN = {
  GITHUB_REPOSITORY: 'octo-org/octo-repo',
  GITHUB_REF: 'refs/heads/main',
  GITHUB_REF_NAME: 'main',
  GITHUB_REF_TYPE: 'branch',
};

/** Starts the action's bundle; `done` resolves when it exits. */
export async function startAction(action: string, options: RunOptions = {}): Promise<Started> {
  noteBundleRun();
  const stepDir = await mkdtemp(join(tmpdir(), `runner-${action}-`));
  const workspace = options.workspace ?? join(stepDir, 'workspace');
  let stdout = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  const started = await startStep({
    action,
    inputs: options.inputs ?? {},
    workspace,
    stepDir,
    env: { ...PUSH_TO_MAIN, ...options.env },
    timeoutMs: options.timeoutMs ?? 60_000,
    ...(options.launch === undefined ? {} : { launch: options.launch }),
    onLine: (line, stream) => {
      if (stream !== 'stdout') return;
      stdout += `${line}\n`;
      for (const waiter of waiters.splice(0)) {
        if (waiter.pattern.test(stdout)) waiter.resolve();
        else waiters.push(waiter);
      }
    },
  });
  const done = started.done.then((result) => ({
    ...result,
    errors: result.stdout.split(/\r?\n/).filter((line) => line.startsWith('::error')),
    workspace,
  }));
  const waitFor = (pattern: RegExp): Promise<void> =>
    pattern.test(stdout) ? Promise.resolve() : new Promise((resolve) => waiters.push({ pattern, resolve }));
  return { child: started.child, done, waitFor };
}

export async function runAction(action: string, options: RunOptions = {}): Promise<RunResult> {
  return (await startAction(action, options)).done;
}
