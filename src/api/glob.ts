// Glob patterns over `/`-separated relative paths: `*` and `?` stay within one segment and match dot files too,
// `**` as a whole segment spans any number of segments (at the end: at least one), `[...]` is a class (`[!...]` or
// `[^...]` negates it), `\` escapes the next character. Matching is case-sensitive and whole-path; braces and
// extglobs are not special, so artifact names holding `{`, `(` or `+` match themselves.
//
// Paths and segments are matched here, in time linear in the text for each token of the pattern: a regex with
// several `.*` in a row backtracks polynomially on a long name (`*-*-*-*.xml`), a whole-path one exponentially on
// `a/**/a/**/…` against a deep path, and artifact paths and job names come from the server. picomatch compiles
// only the bracket classes, each matching one character.
import picomatch from 'picomatch';
import { ValidationError } from './errors.ts';

export interface Glob {
  /** The pattern as written, `!` included. */
  source: string;
  negated: boolean;
  /** Whether the whole path matches the pattern (`!` aside). */
  test(path: string): boolean;
}

/** A class means the same on every runner (a backslash escapes, on Windows too), POSIX classes included. */
const CLASS_OPTIONS: picomatch.PicomatchOptions = { dot: true, posix: true, windows: false };

/** One character of a segment, or `*`: any run of them. */
type Token = '*' | ((char: string) => boolean);
type Segment = '**' | Token[];

/** A whole-text matcher for a pattern over `/`-separated text; name-patterns.ts matches job names so too. */
export function compilePattern(body: string): (text: string) => boolean {
  const segments: Segment[] = [];
  for (const part of body.split('/')) {
    // `**/**` is one `**`.
    if (part !== '**') segments.push(segmentTokens(part));
    else if (segments.at(-1) !== '**') segments.push('**');
  }
  return (text) => matchSegments(segments, text.split('/'));
}

/** The tokens of one segment: `\` escapes, `?` is any character, a class is one, `*` a run; the rest is itself. */
function segmentTokens(part: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < part.length; i++) {
    const char = part[i] ?? '';
    const end = char === '[' ? classEnd(part, i) : -1;
    if (char === '*') {
      if (tokens.at(-1) !== '*') tokens.push('*');
    } else if (char === '?') tokens.push(() => true);
    else if (end > 0) {
      const re = picomatch.makeRe(part.slice(i, end), CLASS_OPTIONS);
      tokens.push((c) => re.test(c));
      i = end - 1;
    } else {
      const literal = char === '\\' && i + 1 < part.length ? (part[++i] ?? '') : char;
      tokens.push((c) => c === literal);
    }
  }
  return tokens;
}

/** Where the class opening at `start` ends (past its `]`), or -1 when the `[` is a plain character. */
function classEnd(part: string, start: number): number {
  let i = start + 1;
  if (part[i] === '!' || part[i] === '^') i++;
  // A `]` first is a member, not the end.
  if (part[i] === ']') i++;
  for (; i < part.length; i++) {
    if (part[i] === '\\') i++;
    else if (part.startsWith('[:', i) && part.indexOf(':]', i + 2) > 0) i = part.indexOf(':]', i + 2) + 1;
    else if (part[i] === ']') return i + 1;
  }
  return -1;
}

/** Whether a segment's tokens match the whole text: one pass, going back only to just after the last `*`. */
function matchTokens(tokens: readonly Token[], text: string): boolean {
  // A segment of wildcards alone never matches an empty one.
  if (text === '') return tokens.length === 0;
  let t = 0;
  let s = 0;
  let star = -1;
  let starAt = 0;
  while (s < text.length) {
    const token = tokens[t];
    if (token === '*') {
      star = t++;
      starAt = s;
    } else if (token !== undefined && token(text[s] ?? '')) {
      t++;
      s++;
    } else if (star >= 0) {
      t = star + 1;
      s = ++starAt;
    } else return false;
  }
  while (tokens[t] === '*') t++;
  return t === tokens.length;
}

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
  return { source: pattern, negated, test: compilePattern(body) };
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
    return (
      j < path.length && segment !== undefined && matchTokens(segment, path[j] ?? '') && match(i + 1, j + 1)
    );
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
