// Glob patterns over `/`-separated relative paths: `*` and `?` stay within one segment and match dot files too,
// `**` as a whole segment spans any number of segments (at the end: at least one), `[...]` is a class (`[!...]` or
// `[^...]` negates it), `\` escapes the next character. Matching is case-sensitive and whole-path; braces and
// extglobs are not special, so artifact names holding `{`, `(` or `+` match themselves.
//
// picomatch compiles each segment. The segments are matched here, one against one, with a table of the positions
// already tried: picomatch's own whole-path regex backtracks exponentially on patterns such as `a/**/a/**/…`
// against a deep path, and artifact paths come from the server.
import picomatch from 'picomatch';
import { ValidationError } from './errors.ts';

export interface Glob {
  /** The pattern as written, `!` included. */
  source: string;
  negated: boolean;
  /** Whether the whole path matches the pattern (`!` aside). */
  test(path: string): boolean;
}

/** The same on every runner (a backslash escapes, on Windows too); braces, extglobs and `!` are not special. */
export const PLAIN_GLOB: picomatch.PicomatchOptions = {
  dot: true,
  posix: true,
  windows: false,
  nobrace: true,
  noextglob: true,
  nonegate: true,
};

const SEGMENT_OPTIONS: picomatch.PicomatchOptions = { ...PLAIN_GLOB, strictSlashes: true };

type Segment = '**' | RegExp;

/** Compiles one pattern; `name` is the input it came from, for the error. */
export function compileGlob(name: string, pattern: string): Glob {
  const negated = pattern.startsWith('!');
  const body = negated ? pattern.slice(1) : pattern;
  const allowed =
    "allowed: glob patterns over the artifact's relative path (e.g. 'rspec/*.xml', '**/*.html', '!**/*.log')";
  if (body === '') throw new ValidationError(name, allowed, pattern, `${JSON.stringify(pattern)} is empty`);
  if (body.startsWith('/')) {
    throw new ValidationError(
      name,
      allowed,
      pattern,
      `${JSON.stringify(pattern)} is absolute, but patterns match the path below the destination`,
    );
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(body))
    throw new ValidationError(name, allowed, pattern, 'a pattern holds a control character');
  const segments: Segment[] = [];
  for (const part of body.split('/')) {
    if (part === '**') {
      // `**/**` is one `**`.
      if (segments.at(-1) !== '**') segments.push('**');
      continue;
    }
    if (part === '') {
      segments.push(/^$/u);
      continue;
    }
    try {
      // picomatch passes parentheses and `|` through as regular-expression syntax even without extglobs.
      const literal = part.replace(/\\.|[()|+{}]/gu, (m) => (m.length === 2 ? m : `\\${m}`));
      segments.push(picomatch.makeRe(literal, SEGMENT_OPTIONS));
    } catch {
      throw new ValidationError(name, allowed, pattern, `${JSON.stringify(pattern)} cannot be compiled`);
    }
  }
  return { source: pattern, negated, test: (path) => matchSegments(segments, path.split('/')) };
}

/** Whether the pattern's segments match the path's; each (pattern, path) position is tried once. */
function matchSegments(pattern: readonly Segment[], path: readonly string[]): boolean {
  const tried = new Set<number>();
  const width = path.length + 1;
  const match = (i: number, j: number): boolean => {
    if (i === pattern.length) return j === path.length;
    const key = i * width + j;
    if (tried.has(key)) return false;
    tried.add(key);
    const segment = pattern[i];
    if (segment === '**') {
      // At the end, `**` needs something below the folder: `reports/**` is not the file `reports`.
      if (i === pattern.length - 1) return j < path.length;
      return match(i + 1, j) || (j < path.length && match(i, j + 1));
    }
    return j < path.length && segment !== undefined && segment.test(path[j] ?? '') && match(i + 1, j + 1);
  };
  return match(0, 0);
}

/**
 * Whether a path is selected: with no patterns, everything; otherwise the last pattern that matches decides, and a
 * path no pattern matches is selected only when every pattern excludes (a list of `!` lines means "all but").
 */
export function selects(globs: readonly Glob[], path: string): boolean {
  if (globs.length === 0) return true;
  let selected = globs.every((g) => g.negated);
  for (const g of globs) if (g.test(path)) selected = !g.negated;
  return selected;
}
