// The READMEs' input and output tables are generated from action.yml (scripts/docs.ts): the committed READMEs
// must equal what the generator makes of them, and an input or output without a description is refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  DocsError,
  generateDocs,
  renderReadme,
  renderTable,
  ROOT,
  type DocMetadata,
} from '../scripts/docs.ts';
import { yamlBlocks } from './harness/markdown.ts';

describe('the committed READMEs', () => {
  const files = generateDocs();

  it('cover the general action and every sub-action', () => {
    expect(files.map((f) => f.path)).toEqual(
      expect.arrayContaining([
        'docs/general-action.md',
        'actions/trigger-build/README.md',
        'actions/fetch-artifacts/README.md',
      ]),
    );
    expect(files.length).toBeGreaterThanOrEqual(7);
  });

  it.each(files.map((f) => [f.path, f] as const))('%s equals what npm run docs generates', (_path, file) => {
    expect(file.actual).toBe(file.expected);
  });
});

describe('the generator', () => {
  const meta: DocMetadata = {
    inputs: {
      token: { description: 'The token.', required: true },
      mode: { description: 'How:\n`a` | `b`.', required: false, default: 'a' },
    },
    outputs: { result: { description: 'The answer.' } },
  };

  it('renders name, required, default and description, one row each', () => {
    expect(renderTable(meta, 'inputs')).toBe(
      [
        '| Name | Required | Default | Description |',
        '| --- | --- | --- | --- |',
        '| `token` | yes |  | The token. |',
        '| `mode` | no | `a` | How: `a` \\| `b`. |',
      ].join('\n'),
    );
    expect(renderTable(meta, 'outputs')).toBe(
      '| Name | Description |\n| --- | --- |\n| `result` | The answer. |',
    );
  });

  it('replaces only what is between the markers, and is stable', () => {
    const readme = [
      '# Title',
      '<!-- inputs:start -->',
      'old',
      '<!-- inputs:end -->',
      'middle',
      '<!-- outputs:start --><!-- outputs:end -->',
      'end',
    ].join('\n');
    const once = renderReadme(readme, meta);
    expect(once).toContain('# Title\n<!-- inputs:start -->\n\n| Name |');
    expect(once).toContain('<!-- inputs:end -->\nmiddle\n');
    expect(once).not.toContain('old');
    expect(once.endsWith('<!-- outputs:end -->\nend')).toBe(true);
    expect(renderReadme(once, meta)).toBe(once);
  });

  it('refuses an input without a description, naming it', () => {
    const bad: DocMetadata = { inputs: { token: { required: true }, name: { description: '  ' } } };
    expect(() => renderTable(bad, 'inputs', 'actions/x/action.yml')).toThrow(DocsError);
    expect(() => renderTable(bad, 'inputs', 'actions/x/action.yml')).toThrow(
      "actions/x/action.yml: input 'token' has no description\nactions/x/action.yml: input 'name' has no description",
    );
  });

  it('refuses an output without a description', () => {
    expect(() => renderTable({ outputs: { result: null } }, 'outputs')).toThrow(
      "action.yml: output 'result' has no description",
    );
  });

  it('refuses a README without its markers', () => {
    expect(() => renderReadme('# no markers\n', meta, 'action.yml', 'README.md')).toThrow(
      "README.md needs exactly one '<!-- inputs:start -->' followed by one '<!-- inputs:end -->'",
    );
  });
});

// What a new user reads first stays short and starts with the right recipe: reference goes to docs/.
describe('the front page', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  it('is at most 2,000 words, as wc -w counts them', () => {
    expect(readme.split(/\s+/u).filter((word) => word !== '').length).toBeLessThanOrEqual(2000);
  });

  it('names no API version in its first 20 lines, nor does package.json describe one', () => {
    expect(readme.split('\n').slice(0, 20).join('\n')).not.toMatch(/v1\.1/iu);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { description: string };
    expect(pkg.description).not.toMatch(/v1\.1/iu);
  });

  it('does not start with trigger-build on push, which builds every push twice', () => {
    const first = yamlBlocks(readme)[0];
    expect(first).toBeDefined();
    const workflow = parse(first?.text ?? '') as { on?: unknown };
    const onPush =
      workflow.on === 'push' ||
      (Array.isArray(workflow.on) && workflow.on.includes('push')) ||
      (typeof workflow.on === 'object' && workflow.on !== null && 'push' in workflow.on);
    expect(onPush && (first?.text ?? '').includes('/actions/trigger-build@')).toBe(false);
  });

  it('gives every complete workflow a permissions: block', () => {
    const workflows = yamlBlocks(readme)
      .map(({ line, text }) => ({ line, doc: parse(text) as Record<string, unknown> | null }))
      .filter(({ doc }) => doc !== null && typeof doc === 'object' && 'jobs' in doc);
    expect(workflows.length).toBeGreaterThanOrEqual(3);
    for (const { line, doc } of workflows) expect(doc, `README.md:${line}`).toHaveProperty('permissions');
  });
});
