// The READMEs' input and output tables are generated from action.yml (scripts/docs.ts): the committed READMEs
// must equal what the generator makes of them, and an input or output without a description is refused.
import { describe, expect, it } from 'vitest';
import { DocsError, generateDocs, renderReadme, renderTable, type DocMetadata } from '../scripts/docs.ts';

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
