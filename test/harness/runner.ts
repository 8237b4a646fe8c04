// Runs a committed bundle the way the GitHub runner does: reads the action's action.yml, applies its input
// defaults, passes inputs as INPUT_<NAME> variables, gives it GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_ENV,
// GITHUB_WORKSPACE and RUNNER_TEMP files and folders, and runs `node` on runs.main as a child process.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'yaml';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface ActionMetadata {
  name: string;
  description: string;
  inputs?: Record<string, { description?: string; required?: boolean; default?: string }>;
  outputs?: Record<string, { description?: string }>;
  runs: { using: string; main: string };
  branding?: { icon?: string; color?: string };
}

/** 'clear-cache' → actions/clear-cache/action.yml; 'general' → the root action.yml. */
export function actionYmlPath(action: string): string {
  return action === 'general' ? join(ROOT, 'action.yml') : join(ROOT, 'actions', action, 'action.yml');
}

export function readMetadata(action: string): ActionMetadata {
  return parse(readFileSync(actionYmlPath(action), 'utf8')) as ActionMetadata;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  outputs: Record<string, string>;
  summary: string;
  stdout: string;
  stderr: string;
  /** Lines of stdout that are `::error::` commands. */
  errors: string[];
  workspace: string;
  durationMs: number;
}

export interface RunOptions {
  inputs?: Record<string, string>;
  /** Runner variables to set or override (GITHUB_REPOSITORY, GITHUB_REF_NAME, ...). */
  env?: Record<string, string | undefined>;
  workspace?: string;
  timeoutMs?: number;
}

export interface Started {
  child: ChildProcess;
  done: Promise<RunResult>;
  /** Resolves once stdout has printed a line matching `pattern`. */
  waitFor(pattern: RegExp): Promise<void>;
}

/** Starts the action's bundle; `done` resolves when it exits. */
export async function startAction(action: string, options: RunOptions = {}): Promise<Started> {
  const meta = readMetadata(action);
  const main = resolve(dirname(actionYmlPath(action)), meta.runs.main);
  if (!existsSync(main)) throw new Error(`${main} does not exist: run npm run build`);
  const temp = await mkdtemp(join(tmpdir(), `runner-${action}-`));
  const workspace = options.workspace ?? join(temp, 'workspace');
  await mkdir(workspace, { recursive: true });
  await mkdir(join(temp, 'runner-temp'), { recursive: true });
  const files = { output: join(temp, 'output'), summary: join(temp, 'summary'), env: join(temp, 'env') };
  await Promise.all(Object.values(files).map((f) => writeFile(f, '')));

  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: temp,
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_REPOSITORY: 'octo-org/octo-repo',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_REF_NAME: 'main',
    GITHUB_REF_TYPE: 'branch',
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: join(temp, 'runner-temp'),
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_ENV: files.env,
  };
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  // As the runner does: every declared input gets its given value or its default.
  for (const [name, input] of Object.entries(meta.inputs ?? {})) {
    const value = options.inputs?.[name] ?? input.default ?? '';
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  }
  for (const name of Object.keys(options.inputs ?? {})) {
    if (!(name in (meta.inputs ?? {}))) throw new Error(`input '${name}' is not declared by ${action}`);
  }

  const started = Date.now();
  const child = spawn(process.execPath, [main], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (const w of waiters.splice(0)) {
      if (w.pattern.test(stdout)) w.resolve();
      else waiters.push(w);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timeout = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);

  const done = new Promise<RunResult>((resolveDone, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timeout);
      void (async () => {
        resolveDone({
          code,
          signal,
          outputs: parseOutputFile(await readFile(files.output, 'utf8')),
          summary: await readFile(files.summary, 'utf8'),
          stdout,
          stderr,
          errors: stdout.split(/\r?\n/).filter((line) => line.startsWith('::error')),
          workspace,
          durationMs: Date.now() - started,
        });
      })().catch(reject);
    });
  });
  const waitFor = (pattern: RegExp): Promise<void> =>
    pattern.test(stdout) ? Promise.resolve() : new Promise((r) => waiters.push({ pattern, resolve: r }));
  return { child, done, waitFor };
}

export async function runAction(action: string, options: RunOptions = {}): Promise<RunResult> {
  return (await startAction(action, options)).done;
}

/** Parses the runner's GITHUB_OUTPUT file: `name<<DELIMITER` blocks (and plain `name=value` lines). */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
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
