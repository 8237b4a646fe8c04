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

describe('the names 1.0.0 settles', () => {
  const all = names.map((name) => [name, readMetadata(name)] as const);

  it('has no input named timeout-minutes: the waiting limit is wait-timeout-minutes wherever an action waits', () => {
    for (const [name, meta] of all)
      expect(Object.keys(meta.inputs ?? {}), name).not.toContain('timeout-minutes');
    const waiting = all.filter(([, meta]) => 'wait-timeout-minutes' in (meta.inputs ?? {})).map(([n]) => n);
    expect(waiting.sort()).toEqual(['trigger-build', 'wait-for-build', 'wait-for-serial']);
    // approve's limit on a hold is another limit, and keeps its name.
    expect(Object.keys(readMetadata('approve').inputs ?? {})).toContain('wait-for-hold-minutes');
  });

  it('deprecates revision and parallel of trigger-build and the general action, saying when and why', () => {
    for (const name of ['trigger-build', 'general'])
      for (const input of ['revision', 'parallel']) {
        const def = (readMetadata(name).inputs ?? {})[input] as { deprecationMessage?: string } | undefined;
        expect(def?.deprecationMessage, `${name} ${input}`).toMatch(
          /^`[a-z]+` stops working on 2027-02-01: /u,
        );
        expect(def?.deprecationMessage).toContain('removes its v1.1 trigger');
      }
    const others = all.flatMap(([name, meta]) =>
      Object.entries(meta.inputs ?? {})
        .filter(([, def]) => 'deprecationMessage' in def)
        .map(([input]) => `${name} ${input}`),
    );
    expect(others.sort()).toEqual([
      'general parallel',
      'general revision',
      'trigger-build parallel',
      'trigger-build revision',
    ]);
  });

  it('says no "v1.1" in the general action\'s description, nor in any base-url description', () => {
    expect(readMetadata('general').description).not.toMatch(/v1\.1/iu);
    for (const [name, meta] of all) {
      expect(meta.inputs?.['base-url']?.description, name).not.toMatch(/v1\.1/iu);
      expect(meta.inputs?.['base-url']?.default, name).toBe('https://ci.example.com');
    }
  });
});
