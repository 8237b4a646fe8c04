// What the GitHub runner gives a JavaScript action, for running a committed bundle outside GitHub: every declared
// input as an INPUT_<NAME> variable (its given value or its default), the GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and
// GITHUB_ENV files, GITHUB_WORKSPACE and RUNNER_TEMP, and `node` on runs.main. The demo runs the actions with it;
// the parsing of the output file follows the runner's format.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'yaml';

export const ROOT = resolve(import.meta.dirname, '..');

export interface ActionMetadata {
  name: string;
  description: string;
  inputs?: Record<string, { description?: string; required?: boolean; default?: string }>;
  outputs?: Record<string, { description?: string }>;
  runs: { using: string; main: string };
  branding?: { icon?: string; color?: string };
}

/** 'clear-cache' → actions/clear-cache/action.yml; 'general' → the root action.yml. */
export function actionYmlPath(action: string, root = ROOT): string {
  return action === 'general' ? join(root, 'action.yml') : join(root, 'actions', action, 'action.yml');
}

export function readMetadata(action: string, root = ROOT): ActionMetadata {
  return parse(readFileSync(actionYmlPath(action, root), 'utf8')) as ActionMetadata;
}

/** The bundle the runner would start: runs.main, relative to the action.yml. */
export function bundlePath(action: string, root = ROOT): string {
  return resolve(dirname(actionYmlPath(action, root)), readMetadata(action, root).runs.main);
}

/** The runner's name for an input's variable: spaces become `_`, hyphens stay, upper case. */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}

/** Every declared input with its given value or its default, as the runner passes them. */
export function inputVariables(meta: ActionMetadata, given: Record<string, string>): Record<string, string> {
  const declared = meta.inputs ?? {};
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(declared, name)) throw new Error(`input '${name}' is not declared by ${meta.name}`);
  }
  const env: Record<string, string> = {};
  for (const [name, input] of Object.entries(declared)) {
    env[inputVariable(name)] = given[name] ?? input.default ?? '';
  }
  return env;
}

/** Parses the runner's GITHUB_OUTPUT file: `name<<DELIMITER` blocks, and plain `name=value` lines. */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  // @actions/core ends lines with os.EOL: \r\n on Windows, as that runner reads them.
  const lines = text.split(/\r?\n/u);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name = '', delimiter] = heredoc;
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] ?? '');
      out[name] = value.join('\n');
    } else if (line.includes('=')) {
      out[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return out;
}

export interface StepOptions {
  action: string;
  inputs: Record<string, string>;
  /** The job's workspace, shared by its steps. */
  workspace: string;
  /** A folder of the step's own for the runner's files. */
  stepDir: string;
  /** Runner variables to add or override; `undefined` removes one. */
  env?: Record<string, string | undefined>;
  /** Each line the step prints to stdout or stderr, as it comes. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** The step is killed after this long. */
  timeoutMs?: number;
  root?: string;
  /** How the bundle is started, where not by this Node (the Windows lane runs Windows' node.exe under Wine). */
  launch?: Launcher;
}

/** The program that runs the step's bundle, with the step's variables. */
export type Launcher = (
  main: string,
  env: Record<string, string>,
) => Promise<{ command: string; args: string[]; env: Record<string, string> }>;

export interface StepResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  outputs: Record<string, string>;
  summary: string;
  stdout: string;
  stderr: string;
  durationMs: number;
  /** When the step's process was spawned (`Date.now()`), for timing what it sends against the server's clock. */
  startedAt: number;
}

export interface StartedStep {
  child: ChildProcess;
  done: Promise<StepResult>;
}

/** Runs one action's committed bundle as a step of a job, the way the runner does. */
export async function runStep(options: StepOptions): Promise<StepResult> {
  return (await startStep(options)).done;
}

/** Starts the step; `done` resolves when it exits. The child is there for sending the runner's signals. */
export async function startStep(options: StepOptions): Promise<StartedStep> {
  const root = options.root ?? ROOT;
  const meta = readMetadata(options.action, root);
  const main = bundlePath(options.action, root);
  if (!existsSync(main)) throw new Error(`${main} does not exist: run npm run build`);
  const runnerTemp = join(options.stepDir, 'runner-temp');
  await mkdir(runnerTemp, { recursive: true });
  await mkdir(options.workspace, { recursive: true });
  const files = {
    output: join(options.stepDir, 'output'),
    summary: join(options.stepDir, 'summary.md'),
    env: join(options.stepDir, 'env'),
  };
  await Promise.all(Object.values(files).map((file) => writeFile(file, '')));

  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: options.stepDir,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: options.workspace,
    RUNNER_TEMP: runnerTemp,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_ENV: files.env,
  };
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  Object.assign(env, inputVariables(meta, options.inputs));

  const started = Date.now();
  const launched = options.launch
    ? await options.launch(main, env)
    : { command: process.execPath, args: [main], env };
  const child = spawn(launched.command, launched.args, {
    cwd: options.workspace,
    env: launched.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collected = { stdout: '', stderr: '' };
  for (const stream of ['stdout', 'stderr'] as const) {
    let partial = '';
    child[stream].setEncoding('utf8');
    child[stream].on('data', (chunk: string) => {
      collected[stream] += chunk;
      const lines = (partial + chunk).split(/\r?\n/);
      partial = lines.pop() ?? '';
      for (const line of lines) options.onLine?.(line, stream);
    });
    child[stream].on('end', () => {
      if (partial !== '') options.onLine?.(partial, stream);
    });
  }
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
  const done = new Promise<[number | null, NodeJS.Signals | null]>((resolveExit, reject) => {
    child.on('error', reject);
    child.on('close', (exitCode, exitSignal) => resolveExit([exitCode, exitSignal]));
  })
    .finally(() => clearTimeout(timer))
    .then(async ([code, signal]) => ({
      code,
      signal,
      outputs: parseOutputFile(await readFile(files.output, 'utf8')),
      summary: await readFile(files.summary, 'utf8'),
      stdout: collected.stdout,
      stderr: collected.stderr,
      durationMs: Date.now() - started,
      startedAt: started,
    }));
  return { child, done };
}
