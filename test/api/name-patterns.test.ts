// Job and workflow names chosen by patterns (the waiting actions' `job` and `workflow`).
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/common/errors.ts';
import { choosesName, compileNamePatterns } from '../../src/common/name-patterns.ts';

const chosen = (lines: string[], names: (string | undefined)[]) => {
  const patterns = compileNamePatterns('job', lines);
  return names.filter((name) => choosesName(patterns, name));
};

const NAMES = ['build', 'test [linux]', 'test [macos]', 'test l', 'deploy-web', 'deploy-docs', 'lint (fast)'];

describe('name patterns', () => {
  it.each([
    [[], NAMES],
    [['build'], ['build']],
    [['deploy-*'], ['deploy-web', 'deploy-docs']],
    [['deploy-*', '!deploy-docs'], ['deploy-web']],
    [
      ['!deploy-*', '!lint*'],
      ['build', 'test [linux]', 'test [macos]', 'test l'],
    ],
    [['test [linux]'], ['test [linux]', 'test l']],
    [
      ['test ?*', '!test [macos]'],
      ['test [linux]', 'test l'],
    ],
    [['lint (fast)'], ['lint (fast)']],
    [['!deploy-docs', 'deploy-docs'], ['deploy-docs']],
  ])('%j chooses %j', (lines, expected) => {
    expect(chosen(lines, NAMES)).toEqual(expected);
  });

  it('an exact name wins before a glob: brackets that match nothing as a class still match themselves', () => {
    expect(chosen(['test [x]'], ['test [x]', 'test x'])).toEqual(['test [x]', 'test x']);
    expect(chosen(['a[b'], ['a[b'])).toEqual(['a[b']);
  });

  it('a build without a job name is chosen by no pattern, but by a list of exclusions', () => {
    expect(chosen(['build'], [undefined])).toEqual([]);
    expect(chosen(['!lint'], [undefined])).toEqual([undefined]);
  });

  it('marks the lines the step waits for: no * or ?, not excluded', () => {
    const named = compileNamePatterns('job', ['build', 'test [linux]', 'deploy-*', 'x?', '!lint']).filter(
      (p) => p.named,
    );
    expect(named.map((p) => p.body)).toEqual(['build', 'test [linux]']);
  });

  it('answers at once for a line with several * against a long name from the server', () => {
    const long = '-'.repeat(20_000);
    const started = performance.now();
    expect(chosen(['*-*-*-*-*.xml'], [long, `${long}.xml`])).toEqual([`${long}.xml`]);
    expect(chosen(['*a*a*a*a*b'], ['a'.repeat(20_000)])).toEqual([]);
    // Generous: a regex with a `.*` for each `*` ran for minutes on these.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it.each([['!'], ['! '], ['a\u0007b']])('refuses %j, naming the input', (line) => {
    expect(() => compileNamePatterns('workflow', [line])).toThrow(ValidationError);
    expect(() => compileNamePatterns('workflow', [line])).toThrow(/^workflow: /);
  });
});
