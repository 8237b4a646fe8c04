// The import graph of src/: the API core knows nothing of the runner or the actions, the runner layer nothing of
// the actions, no action imports another's module, and no modules import each other in a ring (type-only
// imports included, since they tie the modules' seams just as much).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './harness/runner.ts';

const SRC = join(ROOT, 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every relative specifier a module imports or re-exports from, type-only and dynamic imports included. */
export function specifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?(?:[\w*\s{},$]*?\s+from\s+)?['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of code.matchAll(pattern)) found.push(m[1] ?? '');
  return found.filter((s) => s.startsWith('.'));
}

function graph(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of sources(SRC)) {
    const from = relative(SRC, file).split('\\').join('/');
    const to = specifiers(readFileSync(file, 'utf8')).map((s) =>
      relative(SRC, resolve(dirname(file), s))
        .split('\\')
        .join('/'),
    );
    edges.set(from, to);
  }
  return edges;
}

/** The module's layer and, for an action, which one. */
function layerOf(path: string): { layer: 'api' | 'runner' | 'actions' | 'other'; action?: string } {
  const [top, second] = path.split('/');
  if (top === 'api' || top === 'runner') return { layer: top };
  if (top === 'actions' && second !== undefined && path.split('/').length > 2)
    return { layer: 'actions', action: second };
  return { layer: top === 'actions' ? 'actions' : 'other' };
}

/** The rule an import breaks, or undefined. */
export function broken(from: string, to: string): string | undefined {
  const a = layerOf(from);
  const b = layerOf(to);
  if (a.layer === 'api' && (b.layer === 'runner' || b.layer === 'actions'))
    return `${from} (API core) imports ${to}`;
  if (a.layer === 'runner' && b.layer === 'actions') return `${from} (runner layer) imports ${to}`;
  if (a.action !== undefined && b.action !== undefined && a.action !== b.action)
    return `${from} (action ${a.action}) imports ${to} (action ${b.action})`;
  return undefined;
}

/** The rings of a graph, each once, as its modules from the smallest name on. */
export function cycles(edges: ReadonlyMap<string, readonly string[]>): string[] {
  const found = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!edges.has(next)) continue;
      if (state.get(next) === 'open') found.add(cycleKey(stack.slice(stack.indexOf(next))));
      else if (state.get(next) === undefined) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...edges.keys()].sort()) if (state.get(node) === undefined) visit(node);
  return [...found].sort();
}

function cycleKey(ring: readonly string[]): string {
  const start = ring.indexOf([...ring].sort()[0] ?? '');
  return [...ring.slice(start), ...ring.slice(0, start)].join(' -> ');
}

describe('the import graph of src/', () => {
  const edges = graph();

  it('reads every kind of import, type-only and re-exports included', () => {
    const text = [
      `import { a } from './a.ts';`,
      `import type { B } from '../b.ts';`,
      `export { c } from './c.ts';`,
      `export type { D } from './d.ts';`,
      `import './e.ts';`,
      `const f = await import('./f.ts');`,
      `import {\n  g,\n  type H,\n} from './g.ts';`,
      `import { readFile } from 'node:fs';`,
      `// import { x } from './commented.ts';`,
    ].join('\n');
    expect(specifiers(text)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.ts', './e.ts', './g.ts', './f.ts']);
    expect(edges.size).toBeGreaterThan(50);
  });

  it('finds what the rules forbid, and rings', () => {
    expect(
      broken('actions/trigger-build/trigger-build.ts', 'actions/wait-for-build/wait-for-build.ts'),
    ).toMatch(/action trigger-build\) imports .* \(action wait-for-build\)/);
    expect(broken('api/client.ts', 'runner/run.ts')).toBeDefined();
    expect(broken('runner/gate.ts', 'actions/wait-for-build/wait-for-build.ts')).toBeDefined();
    expect(
      broken('actions/wait-for-build/index.ts', 'actions/wait-for-build/wait-for-build.ts'),
    ).toBeUndefined();
    expect(broken('actions/general/general.ts', 'runner/run.ts')).toBeUndefined();
    const ring = new Map([
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['a.ts', ['b.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(ring)).toEqual(['a.ts -> b.ts -> c.ts']);
  });

  it('has no import across layers upwards, and no action imports another action', () => {
    const problems = [...edges].flatMap(([from, tos]) =>
      tos.map((to) => broken(from, to)).filter((p) => p !== undefined),
    );
    expect(problems).toEqual([]);
  });

  it('has no ring of imports', () => {
    expect(cycles(edges)).toEqual([]);
  });
});
