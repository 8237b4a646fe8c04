// GitHub's own parser is the judge of whether our files load on a runner: every action.yml through its action
// template (what the runner loads an action with), and every workflow we publish (examples/, .github/workflows/,
// the YAML blocks of the READMEs and of docs/) through its workflow template and conversion. A plain YAML parse
// is not enough: the runner evaluates `${{ }}` in every string of action.yml, descriptions included, and refuses unknown
// branding icons, so a file can be valid YAML and still fail to load.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { convertActionTemplate, parseAction } from '@actions/workflow-parser/actions/index';
import { describe, expect, it } from 'vitest';
import { parseDocument, stringify } from 'yaml';
import { yamlBlocks } from './harness/markdown.ts';
import { ROOT } from './harness/runner.ts';

const rel = (file: string): string => relative(ROOT, file);
const ymlIn = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /\.ya?ml$/.test(f))
        .map((f) => join(dir, f))
    : [];

const actionFiles = [
  join(ROOT, 'action.yml'),
  ...readdirSync(join(ROOT, 'actions'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(ROOT, 'actions', d.name, 'action.yml'))
    .filter((file) => existsSync(file)),
];
const workflowFiles = [...ymlIn(join(ROOT, 'examples')), ...ymlIn(join(ROOT, '.github/workflows'))];
const readmes = [
  join(ROOT, 'README.md'),
  join(ROOT, 'CONTRIBUTING.md'),
  ...readdirSync(join(ROOT, 'actions')).map((name) => join(ROOT, 'actions', name, 'README.md')),
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(ROOT, 'docs', f)),
].filter((file) => existsSync(file));

/** The errors GitHub's action parser reports for an action.yml, as `file (line:col): message`. */
export function actionErrors(name: string, content: string): string[] {
  const result = parseAction({ name, content }, new NoOperationTraceWriter());
  if (result.value !== undefined) convertActionTemplate(result.context, result.value);
  return result.context.errors.getErrors().map((e) => e.message);
}

/** The errors of a workflow: parsing, then converting it as the runner does before it runs a job. */
export async function workflowErrors(name: string, content: string): Promise<string[]> {
  const result = parseWorkflow({ name, content }, new NoOperationTraceWriter());
  const errors = result.context.errors.getErrors().map((e) => e.message);
  if (result.value === undefined || errors.length > 0) return errors;
  const template = await convertWorkflowTemplate(result.context, result.value);
  return [...errors, ...(template.errors ?? []).map((e) => e.Message)];
}

/**
 * A README block as a whole workflow: a workflow stays as it is; a job or a list of steps is put into one, so that
 * the steps users copy are checked by the same parser.
 */
function asWorkflow(block: string): string | undefined {
  const doc: unknown = parseDocument(block).toJS();
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(doc) && 'jobs' in doc) return block;
  const job = Array.isArray(doc)
    ? { 'runs-on': 'ubuntu-latest', steps: doc }
    : isObject(doc) && Array.isArray(doc['steps'])
      ? { 'runs-on': 'ubuntu-latest', ...doc }
      : isObject(doc) && typeof doc['uses'] === 'string'
        ? { 'runs-on': 'ubuntu-latest', steps: [doc] }
        : undefined;
  return job === undefined ? undefined : stringify({ on: 'push', jobs: { example: job } });
}

describe('the parser itself', () => {
  it('refuses what the runner refuses: secrets in a description, an unknown icon, a bad workflow', async () => {
    const bad = [
      'name: x',
      'description: y',
      'inputs:',
      '  token:',
      '    description: pass ${{ secrets.CI_TOKEN }}',
      'branding:',
      '  icon: key',
      '  color: blue',
      'runs:',
      '  using: node24',
      '  main: index.js',
    ].join('\n');
    const errors = actionErrors('action.yml', bad);
    expect(errors.some((e) => /Unrecognized named-value: 'secrets'/.test(e))).toBe(true);
    expect(errors.some((e) => /Unexpected value 'key'/.test(e))).toBe(true);
    expect(await workflowErrors('w.yml', 'on: push\njobs:\n  j:\n    steps: 3\n')).not.toEqual([]);
  });
});

describe('every action.yml loads with GitHub’s action parser', () => {
  it.each(actionFiles.map(rel))('%s', (file) => {
    const content = readFileSync(join(ROOT, file), 'utf8');
    expect(actionErrors(file, content)).toEqual([]);
    // The Marketplace cuts a description at 125 characters.
    const description: unknown = parseDocument(content).get('description');
    expect(String(description).length).toBeLessThan(125);
  });
});

describe('every workflow loads with GitHub’s workflow parser', () => {
  it.each(workflowFiles.map(rel))('%s', async (file) => {
    expect(await workflowErrors(file, readFileSync(join(ROOT, file), 'utf8'))).toEqual([]);
  });

  it.each(readmes.map(rel))('the YAML blocks of %s', async (file) => {
    const problems: string[] = [];
    for (const { line, text } of yamlBlocks(readFileSync(join(ROOT, file), 'utf8'))) {
      const workflow = asWorkflow(text);
      if (workflow === undefined) {
        problems.push(`${file}:${line}: not a workflow, a job or a list of steps`);
        continue;
      }
      for (const error of await workflowErrors(`${file}:${line}`, workflow)) problems.push(error);
    }
    expect(problems).toEqual([]);
  });
});
