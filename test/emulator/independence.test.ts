// The emulator reads the service on its own: no module of emulator/ imports from src/, not even a type, so that
// a misreading of the API in the client is not shared by the fake service, where no test could catch it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../harness/runner.ts';

const EMULATOR = join(ROOT, 'emulator');

it('imports nothing from outside emulator/, types included', () => {
  const outside: string[] = [];
  for (const file of readdirSync(EMULATOR).filter((name) => name.endsWith('.ts'))) {
    const code = readFileSync(join(EMULATOR, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//gu, '')
      .replace(/^\s*\/\/.*$/gmu, '');
    const specifiers = [
      ...code.matchAll(/\b(?:import|export)\s+(?:type\s+)?(?:[\w*\s{},$]*?\s+from\s+)?['"]([^'"]+)['"]/gu),
      ...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/gu),
    ].map((m) => m[1] ?? '');
    for (const specifier of specifiers.filter((s) => s.startsWith('.'))) {
      const target = relative(EMULATOR, resolve(EMULATOR, specifier));
      if (target.startsWith('..')) outside.push(`${file} imports ${specifier}`);
    }
  }
  expect(outside).toEqual([]);
});
