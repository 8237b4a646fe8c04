// Holds each action.yml and its code together: every input the code reads is declared, every declared input
// is read, every output set is declared and every declared output is set, and runs.main is the bundle.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMON_INPUTS, type ActionSpec } from '../../src/runner/run.ts';
import { actionYmlPath, readMetadata, ROOT } from '../harness/runner.ts';

const names = readdirSync(join(ROOT, 'src/actions'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** The action's own modules, and the gate where it imports it: the gate sets the outputs it shares. */
function sourceOf(name: string): string {
  const dir = join(ROOT, 'src/actions', name);
  const own = readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
  const gate = own.includes(`from '../../runner/gate.ts'`)
    ? readFileSync(join(ROOT, 'src/runner/gate.ts'), 'utf8')
    : '';
  return `${own}\n${gate}`;
}

describe.each(names)('%s', (name) => {
  const meta = readMetadata(name);

  it('is a node24 action whose runs.main is its committed bundle', () => {
    expect(meta.runs.using).toBe('node24');
    const main = resolve(dirname(actionYmlPath(name)), meta.runs.main);
    expect(main).toBe(join(ROOT, 'dist', name, 'index.js'));
    expect(existsSync(main)).toBe(true);
    expect(meta.name).toBeTruthy();
    expect(meta.description).toBeTruthy();
    expect(meta.branding?.icon).toBeTruthy();
    expect(meta.branding?.color).toBeTruthy();
  });

  it('declares exactly the inputs and outputs its code knows, each with a description', async () => {
    const { spec } = (await import(`../../src/actions/${name}/${name}.ts`)) as { spec: ActionSpec };
    expect(spec.name).toBe(name);
    expect(Object.keys(meta.inputs ?? {}).sort()).toEqual([...COMMON_INPUTS, ...spec.inputs].sort());
    expect(Object.keys(meta.outputs ?? {}).sort()).toEqual([...spec.outputs].sort());
    for (const [input, def] of Object.entries(meta.inputs ?? {})) {
      expect(def.description, `input ${input}`).toBeTruthy();
      expect(def.required === true, `input ${input}: only token is required`).toBe(
        input === 'token' ||
          (name === 'general' && input === 'command') ||
          (name === 'add-ssh-key' && input === 'ssh-key'),
      );
    }
    for (const [output, def] of Object.entries(meta.outputs ?? {}))
      expect(def.description, `output ${output}`).toBeTruthy();
  });

  it('reads every input it declares and sets every output it declares, and no other', async () => {
    const { spec } = (await import(`../../src/actions/${name}/${name}.ts`)) as { spec: ActionSpec };
    const source = sourceOf(name);
    const read = new Set(
      [
        ...source.matchAll(
          /\.(?:raw|optional|required|secret|boolean|integer|oneOf|lines|assignments|params)(?:<[^>]*>)?\(\s*'([a-z-]+)'/g,
        ),
      ].map((m) => m[1]),
    );
    const set = new Set([...source.matchAll(/setOutput\(\s*'([a-z-]+)'/g)].map((m) => m[1]));
    for (const input of read) expect(spec.inputs, `input '${input}' is read`).toContain(input);
    // Inputs read through a list (the general action's parameters) still appear as literals in the source.
    for (const input of spec.inputs) expect(source, `input '${input}' is never read`).toContain(`'${input}'`);
    for (const output of set) expect(spec.outputs, `output '${output}' is set`).toContain(output);
    for (const output of spec.outputs) expect(set, `output '${output}' is never set`).toContain(output);
  });
});
