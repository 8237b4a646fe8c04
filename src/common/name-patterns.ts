// Job and workflow names chosen by glob patterns, one a line, `!` to leave names out. A line matches a name it
// equals before it is read as a glob, so `test [linux]` matches itself whatever its brackets mean to a glob.
import { ValidationError } from './errors.ts';
import { compilePattern, selects, type Glob } from './glob.ts';

export interface NamePattern extends Glob {
  /** The line without its `!`. */
  body: string;
  /** No `*` or `?`: a name the step waits for until a job it matches has appeared. */
  named: boolean;
}

/** Compiles the lines of `input`; an empty or control-character line is an error naming the input. */
export function compileNamePatterns(input: string, lines: readonly string[]): NamePattern[] {
  const allowed = `allowed: names or glob patterns, one a line ('deploy-*', 'test [linux]'), '!' to leave names out`;
  return [...new Set(lines)].map((source) => {
    const negated = source.startsWith('!');
    const body = negated ? source.slice(1).trim() : source;
    if (body === '')
      throw new ValidationError(input, allowed, source, `${JSON.stringify(source)} names nothing`);
    if (/\p{Cc}/u.test(body))
      throw new ValidationError(input, allowed, source, 'a line holds a control character');
    const glob = compilePattern(body);
    const named = !negated && !/[*?]/u.test(body);
    return { source, negated, body, named, test: (name: string) => name === body || glob(name) };
  });
}

/** Whether the patterns choose a name (`undefined`: a build that names none). No patterns choose every build. */
export function choosesName(patterns: readonly NamePattern[], name: string | undefined): boolean {
  return name === undefined ? patterns.every((p) => p.negated) : selects(patterns, name);
}

/** `deploy-*, !deploy-docs`, for messages. */
export function describePatterns(patterns: readonly NamePattern[]): string {
  return patterns.map((p) => p.source).join(', ');
}
