// How the actions are packaged: each action module exports run() and does nothing on import, its index.ts only
// calls it, and the committed dist/ is one shared bundle with a few-line entry per action that runs it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './harness/runner.ts';

const names = readdirSync(join(ROOT, 'src/actions'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

// Work done on import is paid at every action's start, before its first request: a date formatter made on import
// took 10 ms or more of it (docs/performance.md, "Start-up"). Counted from before the first action module loads.
const dateFormat = Object.getOwnPropertyDescriptor(Intl, 'DateTimeFormat');
let formatters = 0;
beforeAll(() => {
  const counted = new Proxy(Intl.DateTimeFormat, {
    construct: (target, args: []) => (formatters++, new target(...args)),
    apply: (target, self, args: []) => (formatters++, target(...args)),
  });
  Object.defineProperty(Intl, 'DateTimeFormat', { ...dateFormat, value: counted });
});
afterAll(() => {
  if (dateFormat) Object.defineProperty(Intl, 'DateTimeFormat', dateFormat);
});

describe.each(names)('%s', (name) => {
  it('exports run() from its module, which does nothing on import', async () => {
    // Running on import would read inputs, find no token and fail the step: one ::error:: line, exit code 1.
    const before = process.exitCode;
    const module = (await import(`../src/actions/${name}/${name}.ts`)) as { run?: unknown };
    expect(typeof module.run).toBe('function');
    expect(process.exitCode).toBe(before);
    expect(formatters, 'date formatters made on import').toBe(0);
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
});

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

  it("loads in clear-cache none of the code only other actions use: globs, the gate's step output", () => {
    // Every action loads the service object (src/service/service.ts): what it reaches statically, each one compiles.
    const code = piecesOf('clear-cache')
      .map((piece) => readFileSync(join(ROOT, 'dist', `${piece}.index.js`), 'utf8'))
      .join('\n');
    expect(code).not.toContain('picomatch');
    expect(code).not.toContain('function collectFailedSteps(');
    const gate = piecesOf('wait-for-build')
      .map((piece) => readFileSync(join(ROOT, 'dist', `${piece}.index.js`), 'utf8'))
      .join('\n');
    expect(gate).toContain('picomatch');
  });

  it('holds one copy of undici, which @actions/http-client shares (package.json overrides)', () => {
    const code = readdirSync(join(ROOT, 'dist'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(ROOT, 'dist', file), 'utf8'))
      .join('\n');
    expect(code.split('class EnvHttpProxyAgent ').length - 1).toBe(1);
    expect(code.split('class Client extends DispatcherBase').length - 1).toBe(1);
  });
});
