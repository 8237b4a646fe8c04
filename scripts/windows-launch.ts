// Runs inside Windows' node.exe under Wine (npm run test:windows): sets the step's variables, then runs the bundle.
// Wine drops environment variables whose names hold a `-` (INPUT_BASE-URL, INPUT_IF-NO-ARTIFACTS, ...), so the
// lane passes them in a JSON file instead, and Linux paths become Windows paths on Wine's Z: drive (the whole
// Linux tree). PATH stays Windows' own.
//
// Usage: node.exe windows-launch.ts <variables.json> <bundle.js>
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Variables that hold a path of the runner's. */
const PATHS = new Set([
  'GITHUB_WORKSPACE',
  'RUNNER_TEMP',
  'GITHUB_OUTPUT',
  'GITHUB_STEP_SUMMARY',
  'GITHUB_ENV',
  'GITHUB_PATH',
  'HOME',
]);

const windowsPath = (path: string): string =>
  path.startsWith('/') ? `Z:${path.replaceAll('/', '\\')}` : path;

const [variablesFile, main] = process.argv.slice(2);
if (variablesFile === undefined || main === undefined) {
  console.error('usage: windows-launch.ts <variables.json> <bundle.js>');
  process.exit(2);
}
const variables = JSON.parse(readFileSync(windowsPath(variablesFile), 'utf8')) as Record<string, string>;
for (const [name, value] of Object.entries(variables)) {
  if (name === 'PATH') continue;
  process.env[name] = PATHS.has(name) ? windowsPath(value) : value;
}
if (variables['GITHUB_WORKSPACE'] !== undefined) process.chdir(windowsPath(variables['GITHUB_WORKSPACE']));
await import(pathToFileURL(windowsPath(main)).href);
