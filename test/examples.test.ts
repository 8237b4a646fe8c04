// Holds what users copy together with what the actions accept: every example workflow, every CI workflow and
// every YAML block of every README parses, names only actions that exist, passes only inputs they declare
// (the required ones included), gives the general action a known command with only the parameters that command
// takes, and reads only outputs the step's action sets.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { COMMON_INPUTS } from '../src/runner/run.ts';
import { COMMANDS } from '../src/actions/general/general.ts';
import { yamlBlocks } from './harness/markdown.ts';
import { readMetadata, ROOT, type ActionMetadata } from './harness/runner.ts';

/** The placeholder owner/repo the docs use for this repository. */
const REPO = 'ci-actions/ci-actions';
/** Refs a published `uses:` may pin: the major tag, a full version, or a commit. */
const REF = /^(v\d+|v\d+\.\d+\.\d+|[0-9a-f]{40})$/;
const EXPRESSION = /\$\{\{/;

const actionNames = readdirSync(join(ROOT, 'actions'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(ROOT, 'actions', d.name, 'action.yml')))
  .map((d) => d.name);

const metadata = new Map<string, ActionMetadata>(
  ['general', ...actionNames].map((name) => [name, readMetadata(name)]),
);

type Step = Record<string, unknown>;

/** Which of our actions a `uses:` names: 'general' for the root, the sub-action's name, or null when not ours. */
function ourAction(uses: string): { action: string } | { error: string } | null {
  const local = /^\.\/?(?:actions\/([^/@]+)\/?)?$/.exec(uses);
  if (local) return known(local[1] ?? 'general', uses);
  if (!uses.toLowerCase().startsWith(REPO)) return null;
  const published = /^ci-actions\/ci-actions(?:\/actions\/([^/@]+))?@(.+)$/.exec(uses);
  if (!published) return { error: `'${uses}' is not <owner>/<repo>[/actions/<name>]@<ref>` };
  if (!REF.test(published[2] ?? ''))
    return { error: `'${uses}' pins '${published[2]}', not @v1, @vX.Y.Z or a SHA` };
  return known(published[1] ?? 'general', uses);
}

function known(action: string, uses: string): { action: string } | { error: string } {
  return metadata.has(action)
    ? { action }
    : { error: `'${uses}' names no action (actions/${action}/action.yml)` };
}

/** The jobs of a YAML block: a workflow's jobs, one job, or a bare list of steps. */
function jobsOf(doc: unknown): Record<string, Step[]> | string {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  const stepsOf = (job: unknown): Step[] => {
    if (!isObject(job)) return [];
    // A job that calls a reusable workflow has no steps.
    return Array.isArray(job['steps']) ? (job['steps'] as unknown[]).filter(isObject) : [];
  };
  if (Array.isArray(doc)) return { steps: doc.filter(isObject) };
  if (!isObject(doc)) return 'not a workflow, a job or a list of steps';
  if (isObject(doc['jobs'])) {
    return Object.fromEntries(Object.entries(doc['jobs']).map(([name, job]) => [name, stepsOf(job)]));
  }
  if (Array.isArray(doc['steps'])) return { job: stepsOf(doc) };
  if (typeof doc['uses'] === 'string') return { step: [doc] };
  return 'not a workflow, a job or a list of steps';
}

/** Every string anywhere in a value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

/** The problems of one YAML text; `uses` counts the steps that use our actions. */
function checkWorkflowText(text: string): { problems: string[]; uses: number } {
  const parsed = parseDocument(text, { prettyErrors: false });
  if (parsed.errors.length > 0) return { problems: parsed.errors.map((e) => `YAML: ${e.message}`), uses: 0 };
  const jobs = jobsOf(parsed.toJS());
  if (typeof jobs === 'string') return { problems: [jobs], uses: 0 };
  const problems: string[] = [];
  let uses = 0;
  for (const [job, steps] of Object.entries(jobs)) {
    const ours = new Map<string, string>();
    const ids = new Set<string>();
    steps.forEach((step, index) => {
      const where = `job '${job}', step ${typeof step['id'] === 'string' ? `'${step['id']}'` : index + 1}`;
      if (typeof step['id'] === 'string') ids.add(step['id']);
      if (typeof step['uses'] !== 'string') return;
      const found = ourAction(step['uses']);
      if (found === null) return;
      if ('error' in found) {
        problems.push(`${where}: ${found.error}`);
        return;
      }
      uses++;
      if (typeof step['id'] === 'string') ours.set(step['id'], found.action);
      problems.push(...checkWith(where, found.action, step['with']));
    });
    // Outputs are read through expressions anywhere in the job: `steps.<id>.outputs.<name>`.
    for (const text of strings(steps)) {
      for (const [, id = '', output = ''] of text.matchAll(/steps\.([A-Za-z_][\w-]*)\.outputs\.([\w-]+)/g)) {
        if (!ids.has(id)) problems.push(`job '${job}': steps.${id} names no step of the job`);
        const action = ours.get(id);
        if (action !== undefined && !(output in (metadata.get(action)?.outputs ?? {}))) {
          problems.push(`job '${job}': steps.${id}.outputs.${output}: ${action} has no output '${output}'`);
        }
      }
    }
  }
  return { problems, uses };
}

function checkWith(where: string, action: string, given: unknown): string[] {
  const inputs = metadata.get(action)?.inputs ?? {};
  if (given !== undefined && (typeof given !== 'object' || given === null || Array.isArray(given))) {
    return [`${where}: 'with' is not a mapping`];
  }
  const withs = (given ?? {}) as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(withs)) {
    if (!(key in inputs)) problems.push(`${where}: ${action} has no input '${key}'`);
  }
  for (const [name, input] of Object.entries(inputs)) {
    if (input.required === true && !(name in withs))
      problems.push(`${where}: ${action} needs input '${name}'`);
  }
  if (action === 'general') {
    const command = withs['command'];
    if (typeof command === 'string' && !EXPRESSION.test(command)) {
      const spec = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
      if (spec === undefined) {
        problems.push(`${where}: the general action has no command '${command}'`);
      } else {
        const allowed = new Set<string>([...COMMON_INPUTS, 'command', 'all-pages', ...spec.takes]);
        for (const key of Object.keys(withs)) {
          if (key in inputs && !allowed.has(key)) {
            problems.push(`${where}: command '${command}' does not take '${key}'`);
          }
        }
      }
    }
  }
  return problems;
}

const rel = (file: string): string => relative(ROOT, file);
const ymlIn = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /\.ya?ml$/.test(f))
        .map((f) => join(dir, f))
    : [];

const examples = ymlIn(join(ROOT, 'examples'));
const workflows = ymlIn(join(ROOT, '.github/workflows'));
const readmes = [
  join(ROOT, 'README.md'),
  ...actionNames.map((name) => join(ROOT, 'actions', name, 'README.md')),
  join(ROOT, 'CONTRIBUTING.md'),
  // The pages the README links to for reference (the general action, self-hosted installations, ...).
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(ROOT, 'docs', f)),
].filter((file) => existsSync(file));

/**
 * The first major of each of GitHub's own actions the docs use that runs on Node 24: older majors run on Node 20,
 * which GitHub is retiring, and a workflow copied from here would warn, then stop working.
 */
const NODE24_MAJORS: Record<string, number> = {
  'actions/checkout': 5,
  'actions/setup-node': 5,
  'actions/upload-artifact': 6,
};

/** Each `uses:` of those actions pinned to a major before its Node 24 one; a SHA counts by its `# vX` comment. */
export function olderRuntimes(text: string): string[] {
  const problems: string[] = [];
  const uses = /uses:\s*['"]?([\w.-]+\/[\w.-]+)@([^\s'"#]+)['"]?[^\S\n]*(?:#[^\S\n]*(\S+))?/gu;
  for (const [whole, action = '', ref = '', comment] of text.matchAll(uses)) {
    const first = NODE24_MAJORS[action];
    if (first === undefined) continue;
    const version = /^[0-9a-f]{40}$/u.test(ref) ? comment : ref;
    const major = /^v(\d+)(?:\.\d+){0,2}$/u.exec(version ?? '')?.[1];
    if (major === undefined)
      problems.push(`${whole.trim()}: no version to check (pin vN, or a SHA with '# vN')`);
    else if (Number(major) < first)
      problems.push(`${whole.trim()}: runs on Node 20; use ${action}@v${first} or newer`);
  }
  return problems;
}

describe('the checker', () => {
  it('tells our actions from others', () => {
    expect(ourAction('./')).toEqual({ action: 'general' });
    expect(ourAction('./actions/clear-cache')).toEqual({ action: 'clear-cache' });
    expect(ourAction('ci-actions/ci-actions@v1')).toEqual({ action: 'general' });
    expect(ourAction('ci-actions/ci-actions/actions/fetch-artifacts@v1.2.3')).toEqual({
      action: 'fetch-artifacts',
    });
    expect(ourAction('actions/checkout@v4')).toBeNull();
    expect(ourAction('ci-actions/ci-actions/actions/no-such@v1')).toHaveProperty('error');
    expect(ourAction('ci-actions/ci-actions/actions/clear-cache@main')).toHaveProperty('error');
  });

  it('finds unknown inputs, missing required ones, stray command parameters and unknown outputs', () => {
    const { problems } = checkWorkflowText(
      [
        'jobs:',
        '  j:',
        '    steps:',
        '      - id: a',
        '        uses: ci-actions/ci-actions/actions/clear-cache@v1',
        '        with: { token: t, bogus: x }',
        '      - uses: ./actions/add-ssh-key',
        '        with: { token: t }',
        '      - uses: ./',
        '        with: { token: t, command: me, branch: main }',
        '      - run: echo ${{ steps.a.outputs.nope }} ${{ steps.b.outputs.x }}',
      ].join('\n'),
    );
    expect(problems).toEqual([
      "job 'j', step 'a': clear-cache has no input 'bogus'",
      "job 'j', step 2: add-ssh-key needs input 'ssh-key'",
      "job 'j', step 3: command 'me' does not take 'branch'",
      "job 'j': steps.a.outputs.nope: clear-cache has no output 'nope'",
      "job 'j': steps.b names no step of the job",
    ]);
  });

  it('finds GitHub actions pinned to a major that runs on Node 20', () => {
    expect(
      olderRuntimes(
        [
          'steps:',
          '  - uses: actions/checkout@v4',
          '  - uses: actions/checkout@v5',
          "  - uses: 'actions/setup-node@v4.1.0'",
          '  - uses: actions/upload-artifact@v5',
          '  - uses: actions/upload-artifact@v6',
          `  - uses: actions/checkout@${'a'.repeat(40)} # v4.2.2`,
          `  - uses: actions/checkout@${'b'.repeat(40)} # v5.0.0`,
          `  - uses: actions/setup-node@${'c'.repeat(40)}`,
          '  - uses: actions/cache@v3',
        ].join('\n'),
      ),
    ).toEqual([
      'uses: actions/checkout@v4: runs on Node 20; use actions/checkout@v5 or newer',
      "uses: 'actions/setup-node@v4.1.0': runs on Node 20; use actions/setup-node@v5 or newer",
      'uses: actions/upload-artifact@v5: runs on Node 20; use actions/upload-artifact@v6 or newer',
      `uses: actions/checkout@${'a'.repeat(40)} # v4.2.2: runs on Node 20; use actions/checkout@v5 or newer`,
      `uses: actions/setup-node@${'c'.repeat(40)}: no version to check (pin vN, or a SHA with '# vN')`,
    ]);
  });

  it('reads yaml fences, indented ones included', () => {
    expect(yamlBlocks('a\n```yaml\nx: 1\n```\n\n  ```yml\n  y: 2\n  ```\n')).toEqual([
      { line: 2, text: 'x: 1' },
      { line: 6, text: 'y: 2' },
    ]);
  });
});

describe('examples/', () => {
  it('has the use cases the READMEs link to', () => {
    expect(examples.map((f) => rel(f)).sort()).toEqual(
      expect.arrayContaining([
        'examples/bootstrap-repository.yml',
        'examples/collect-reports.yml',
        'examples/release-gating.yml',
      ]),
    );
  });

  it.each(examples.map(rel))('%s uses our actions as they are declared', (file) => {
    const { problems, uses } = checkWorkflowText(readFileSync(join(ROOT, file), 'utf8'));
    expect(problems).toEqual([]);
    expect(uses).toBeGreaterThan(0);
  });
});

describe.runIf(workflows.length > 0)('.github/workflows/', () => {
  it.each(workflows.map(rel))('%s uses our actions as they are declared', (file) => {
    expect(checkWorkflowText(readFileSync(join(ROOT, file), 'utf8')).problems).toEqual([]);
  });
});

describe('GitHub’s own actions on Node 24', () => {
  it.each([...examples, ...workflows, ...readmes].map(rel))('%s', (file) => {
    expect(olderRuntimes(readFileSync(join(ROOT, file), 'utf8'))).toEqual([]);
  });
});

describe('README YAML blocks', () => {
  it.each(readmes.map(rel))('%s', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const problems = yamlBlocks(text).flatMap(({ line, text: block }) =>
      checkWorkflowText(block).problems.map((p) => `${file}:${line}: ${p}`),
    );
    // Inline mentions (tables, prose) must name real actions too.
    for (const [uses = ''] of text.matchAll(/ci-actions\/ci-actions(?:\/actions\/[\w-]+)?@[\w.]+/g)) {
      const found = ourAction(uses);
      if (found === null || 'error' in found) problems.push(`${file}: ${found?.error ?? uses}`);
    }
    expect(problems).toEqual([]);
  });

  it('every sub-action has a README with at least one example using it', () => {
    for (const name of actionNames) {
      const file = join(ROOT, 'actions', name, 'README.md');
      expect(existsSync(file), `${rel(file)} exists`).toBe(true);
      const blocks = yamlBlocks(readFileSync(file, 'utf8'));
      expect(blocks.some(({ text }) => text.includes(`/actions/${name}@`))).toBe(true);
    }
  });
});
