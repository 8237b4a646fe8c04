// Every design document the code and tests cite is in the repository, and every promise they cite by number is
// one that docs/promises.md lists. (Modules are cut along seams, and `npm run lint` keeps them free of rings.)
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './harness/runner.ts';

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

const files = ['src', 'emulator', 'test', 'scripts'].flatMap(sources);
const promises = new Set(
  [...readFileSync(join(ROOT, 'docs/promises.md'), 'utf8').matchAll(/^(\d+)\. \*\*/gmu)].map((m) =>
    Number(m[1]),
  ),
);

describe('references into the design', () => {
  it('docs/promises.md numbers each of its promises in order', () => {
    expect([...promises]).toEqual(Array.from({ length: 37 }, (_, i) => i + 1));
  });

  it.each(files)('%s cites only documents and promises the repository holds', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const [doc] of text.matchAll(/\bdocs\/[\w-]+\.md/gu))
      expect(existsSync(join(ROOT, doc)), doc).toBe(true);
    // A design document named without its place in the repository cannot be followed from a clone.
    expect(text).not.toMatch(/(?<![\w/])(wire|actions|sunset|promises)\.md/u);
    expect(text).not.toMatch(/\bdesign\/\w/u);
    for (const [, list] of text.matchAll(/docs\/promises\.md, promises? ([\d–, -]+)/gu)) {
      for (const [, from, to] of (list ?? '').matchAll(/(\d+)(?:–(\d+))?/gu)) {
        for (let n = Number(from); n <= Number(to ?? from); n++)
          expect(promises.has(n), `promise ${n}`).toBe(true);
      }
    }
    // "promise N" always says where the promise is.
    expect(text).not.toMatch(/(?<!docs\/promises\.md, )\bpromises? \d/u);
  });
});
