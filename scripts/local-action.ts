// Runs one action from its sources with GitHub's local runner, @github/local-action, which imports the action's
// module, calls its exported run() with @actions/core replaced by its own stand-in, and prints the outputs:
//
//   npm run local-action -- <action> <env-file> [input=value ...]
//
// <action> is a folder of src/actions (`general` is the root action.yml). <env-file> holds the runner's variables
// and the inputs as INPUT_<NAME> lines (.env.example points at the emulator); `input=value` arguments add or
// replace inputs. On top of that file the runner's files are provided as the runner provides them: the job
// summary, RUNNER_TEMP and a workspace, under .tmp/local-action/ unless the file names others. The summary is
// printed at the end. The stand-in does not set an exit code, so this script exits 1 when the action failed
// (it printed an `::error::` line).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { actionYmlPath, inputVariable, ROOT } from './runner-env.ts';

const USAGE = 'usage: npm run local-action -- <action> <env-file> [input=value ...]';

const [action, envFile, ...given] = process.argv.slice(2);
if (action === undefined || envFile === undefined || action.startsWith('-')) fail(USAGE);
const source = join(ROOT, 'src/actions', action, `${action}.ts`);
if (!existsSync(source) || !existsSync(actionYmlPath(action))) fail(`no action '${action}'\n${USAGE}`);
if (!existsSync(envFile)) fail(`no env file '${envFile}'\n${USAGE}`);

const work = join(ROOT, '.tmp/local-action');
await rm(work, { recursive: true, force: true });
await mkdir(join(work, 'runner-temp'), { recursive: true });
await mkdir(join(work, 'workspace'), { recursive: true });
const summary = join(work, 'summary.md');
await writeFile(summary, '');

// One env file for local-action: the runner's files first, then the user's file, then the inputs given here;
// dotenv keeps the last value of a name.
const lines = [
  `GITHUB_STEP_SUMMARY=${summary}`,
  `RUNNER_TEMP=${join(work, 'runner-temp')}`,
  `GITHUB_WORKSPACE=${join(work, 'workspace')}`,
  await readFile(envFile, 'utf8'),
];
for (const argument of given) {
  const at = argument.indexOf('=');
  if (at <= 0) fail(`'${argument}' is not input=value\n${USAGE}`);
  lines.push(`${inputVariable(argument.slice(0, at))}=${quoted(argument.slice(at + 1))}`);
}
const combined = join(work, 'local-action.env');
await writeFile(combined, `${lines.join('\n')}\n`);

// local-action takes the folder holding action.yml and the entry relative to it.
const actionDir = resolve(actionYmlPath(action), '..');
const entry = relative(actionDir, source);
const child = spawn(
  process.execPath,
  [join(ROOT, 'node_modules/@github/local-action/bin/local-action.js'), actionDir, entry, combined],
  { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
);
let failed = false;
let partial = '';
child.stdout.setEncoding('utf8');
child.stdout.on('data', (chunk: string) => {
  process.stdout.write(chunk);
  const parts = (partial + chunk).split('\n');
  partial = parts.pop() ?? '';
  if (parts.some((line) => stripVTControlCharacters(line).startsWith('::error'))) failed = true;
});
const code = await new Promise<number | null>((done) => child.on('close', done));
if (stripVTControlCharacters(partial).startsWith('::error')) failed = true;

const written = await readFile(summary, 'utf8');
if (written !== '') console.log(`\nJob summary (${relative(ROOT, summary)}):\n\n${written}`);
process.exitCode = code !== 0 || failed ? 1 : 0;

/** A value as dotenv reads it back unchanged: quotes that do not occur in it, which keep it literal. */
function quoted(value: string): string {
  for (const quote of ["'", '`']) if (!value.includes(quote)) return `${quote}${value}${quote}`;
  return fail(`a value holding both ' and \` cannot be given here: put it in the env file`);
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
