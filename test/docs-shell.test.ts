// No document shows a `run:` script with server text pasted into it (docs/promises.md, promise 33): the runner pastes
// an expression's value into the script before the shell reads it, so outputs and event fields pass through `env:`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { yamlBlocks } from './harness/markdown.ts';
import { ROOT } from './harness/runner.ts';

/** What an expression in a script must not read: a step's or job's outputs, the event, the pull request's branch. */
const UNTRUSTED = /\b(?:steps\.[\w-]+\.outputs|needs\.[\w-]+\.outputs|github\.event|github\.head_ref)\b/u;
const EXPRESSION = /\$\{\{(.*?)\}\}/gsu;

/** The pasted expressions of every `run:` script anywhere in a parsed YAML value. */
function pastes(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(pastes);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'run' && typeof inner === 'string'
      ? [...inner.matchAll(EXPRESSION)]
          .filter(([, body = '']) => UNTRUSTED.test(body))
          .map(([whole]) => whole)
      : pastes(inner),
  );
}

function pastesIn(text: string): string[] {
  return parseAllDocuments(text).flatMap((doc) => ('toJS' in doc ? pastes(doc.toJS()) : []));
}

const markdown = [
  join(ROOT, 'README.md'),
  join(ROOT, 'CONTRIBUTING.md'),
  ...readdirSync(join(ROOT, 'actions')).map((name) => join(ROOT, 'actions', name, 'README.md')),
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(ROOT, 'docs', f)),
].filter((file) => existsSync(file));
const examples = readdirSync(join(ROOT, 'examples'))
  .filter((f) => /\.ya?ml$/u.test(f))
  .map((f) => join(ROOT, 'examples', f));

describe('the check', () => {
  it('finds outputs, event fields and the head branch pasted into a script, and only there', () => {
    const text = [
      'steps:',
      '  - id: ci',
      '    run: echo "${{ steps.ci.outputs.build-url }}"',
      '  - run: |',
      '      git checkout ${{github.head_ref}}',
      "      echo ${{ format('{0}', github.event.pull_request.title) }}",
      '  - run: echo "${{ needs.build.outputs.url }} ${{ github.sha }} ${{ secrets.X }}"',
      '  - env:',
      '      URL: ${{ steps.ci.outputs.build-url }}',
      '    run: echo "$URL"',
    ].join('\n');
    expect(pastesIn(text)).toEqual([
      '${{ steps.ci.outputs.build-url }}',
      '${{github.head_ref}}',
      "${{ format('{0}', github.event.pull_request.title) }}",
      '${{ needs.build.outputs.url }}',
    ]);
  });
});

describe('every document passes outputs to scripts through env:', () => {
  it.each(markdown.map((file) => [relative(ROOT, file), file]))('%s', (_name, file) => {
    const found = yamlBlocks(readFileSync(file, 'utf8')).flatMap(({ line, text }) =>
      pastesIn(text).map((paste) => `line ${line}: ${paste}`),
    );
    expect(found).toEqual([]);
  });

  it.each(examples.map((file) => [relative(ROOT, file), file]))('%s', (_name, file) => {
    expect(pastesIn(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
