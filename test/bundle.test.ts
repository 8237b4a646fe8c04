// How the actions are packaged: each action module exports run() and does nothing on import, its index.ts only
// calls it, and the committed dist/ is one shared bundle with a few-line entry per action that runs it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runAction, type RunOptions, type RunResult } from './harness/runner.ts';

const names = readdirSync(join(ROOT, 'src/actions'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe.each(names)('%s', (name) => {
  it('exports run() from its module, which does nothing on import', async () => {
    // Running on import would read inputs, find no token and fail the step: one ::error:: line, exit code 1.
    const before = process.exitCode;
    const module = (await import(`../src/actions/${name}/${name}.ts`)) as { run?: unknown };
    expect(typeof module.run).toBe('function');
    expect(process.exitCode).toBe(before);
  });

  it('has an index.ts that only calls run()', () => {
    expect(readFileSync(join(ROOT, 'src/actions', name, 'index.ts'), 'utf8')).toBe(
      `import { run } from './${name}.ts';\n\nawait run();\n`,
    );
  });

  it('has a committed entry of a few lines that runs it from the shared bundle', () => {
    const entry = readFileSync(join(ROOT, 'dist', name, 'index.js'), 'utf8');
    expect(entry.split('\n').length).toBeLessThanOrEqual(6);
    expect(entry).toContain(`import { run } from '../index.js';`);
    expect(entry).toContain(`await run('${name}');`);
  });

  it('starts without loading @actions/exec or @actions/http-client: child_process and https wait for their use', async () => {
    // @actions/core and @actions/tool-cache import both when they load; in the bundle they are src/lazy/, which loads
    // the real module at its first use (running tar or unzip; an OIDC token or downloadTool, which no action asks).
    // No inputs: the action loads its pieces of the bundle, finds no token and fails the step.
    const { result, loaded } = await builtinsOf(name, {});
    expect(result.code).toBe(1);
    expect(loaded).toContain('NativeModule fs');
    for (const builtin of ['child_process', 'https']) expect(loaded).not.toContain(`NativeModule ${builtin}`);
  });
});

/** Runs an action's bundle as the runner does, with a preload that records the built-in modules it loaded. */
async function builtinsOf(
  name: string,
  options: RunOptions,
): Promise<{ result: RunResult; loaded: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'builtins-'));
  const list = join(dir, 'builtins.json');
  const preload = join(dir, 'preload.cjs');
  await writeFile(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify(process.moduleLoadList)));\n`,
  );
  const result = await runAction(name, {
    ...options,
    env: { ...options.env, NODE_OPTIONS: `--require ${preload}` },
  });
  return { result, loaded: JSON.parse(await readFile(list, 'utf8')) as string[] };
}

/** The pieces (dist/<id>.index.js) an action loads before it runs, from the bundler's map in dist/index.js. */
function piecesOf(name: string): string[] {
  const bundle = readFileSync(join(ROOT, 'dist/index.js'), 'utf8');
  // The map: an action's module id, then the pieces it needs.
  const entry = new RegExp(`"\\./${name}/${name}\\.ts": \\[([\\d,\\s]+)\\]`, 'u').exec(bundle);
  if (entry === null) throw new Error(`dist/index.js does not map ${name}`);
  const [, ...pieces] = (entry[1] ?? '').split(',').map((id) => id.trim());
  return pieces;
}

describe('dist', () => {
  it('is one shared bundle (its entry and the pieces it loads), its licenses, and an entry per action, nothing else', () => {
    const files = readdirSync(join(ROOT, 'dist'), { recursive: true, encoding: 'utf8' })
      .filter((file) => statSync(join(ROOT, 'dist', file)).isFile())
      .sort();
    const pieces = files.filter((file) => /^\d+\.index\.js$/u.test(file));
    expect(files).toEqual(
      [
        'index.js',
        ...pieces,
        'licenses.txt',
        'package.json',
        ...names.map((name) => join(name, 'index.js')),
      ].sort(),
    );
    expect(JSON.parse(readFileSync(join(ROOT, 'dist/package.json'), 'utf8'))).toEqual({ type: 'module' });
    expect(readFileSync(join(ROOT, 'dist/licenses.txt'), 'utf8')).toContain('undici');
  });

  it('holds every action under its own path, and every piece an action loads is there', () => {
    for (const name of names) {
      const pieces = piecesOf(name);
      expect(pieces.length, name).toBeGreaterThan(0);
      for (const piece of pieces)
        expect(existsSync(join(ROOT, 'dist', `${piece}.index.js`)), piece).toBe(true);
    }
    expect(existsSync(join(ROOT, 'src/actions/bundle.js'))).toBe(true);
  });

  it('holds one copy of undici, which @actions/http-client shares (package.json overrides)', () => {
    const code = readdirSync(join(ROOT, 'dist'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(ROOT, 'dist', file), 'utf8'))
      .join('\n');
    expect(code.split('class EnvHttpProxyAgent ').length - 1).toBe(1);
    expect(code.split('class Client extends DispatcherBase').length - 1).toBe(1);
  });

  it("holds the parts of undici the actions use, not its index's fetch, WebSocket, caches and mocks", () => {
    // Every import of 'undici' in the bundle is src/api/undici.ts (src/actions/tsconfig.json): the index would add
    // about 700 KB to compile at every start, and load Node's own undici through `globalThis.Headers`.
    const code = readdirSync(join(ROOT, 'dist'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(ROOT, 'dist', file), 'utf8'))
      .join('\n');
    for (const used of ['class Agent ', 'class EnvHttpProxyAgent ', 'class ProxyAgent '])
      expect(code, used).toContain(used);
    for (const unused of [
      'class WebSocket ',
      'class EventSource ',
      'class MockAgent ',
      'class Cache ',
      'globalThis.Headers',
    ])
      expect(code, unused).not.toContain(unused);
  });
});
