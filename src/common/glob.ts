// Glob patterns over `/`-separated text, as actions/fetch-artifacts/README.md describes `pattern`. Matching is
// linear in the text for each token, since the text comes from the server and a regex backtracks polynomially on
// `*-*-*-*.xml` and exponentially on `a/**/a/**/…`; picomatch compiles only the bracket classes.
import picomatch from 'picomatch';
import { ValidationError } from './errors.ts';

export interface Glob {
  /** The pattern as written, `!` included. */
  source: string;
  negated: boolean;
  /** Whether the whole text matches the pattern (`!` aside). */
  test(text: string): boolean;
}

/** Matches one character of a segment (or one segment of a path), or `*`: any run of them. */
type Token = '*' | ((item: string) => boolean);

/** A whole-text matcher for a pattern over `/`-separated text: `**` is to segments what `*` is to characters. */
export function compilePattern(body: string): (text: string) => boolean {
  const parts = body.split('/');
  const tokens = parts.flatMap((part, i): Token[] => {
    if (part !== '**') {
      const chars = segmentTokens(part);
      return [(segment) => matchTokens(chars, segment)];
    }
    // At the end, `**` needs something below the folder: `reports/**` is not the file `reports`.
    return i === parts.length - 1 ? [() => true, '*'] : ['*'];
  });
  return (text) => matchTokens(tokens, text.split('/'));
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
      // A class means the same on every runner (a backslash escapes, on Windows too), POSIX classes included.
      const re = picomatch.makeRe(part.slice(i, end), { dot: true, posix: true, windows: false });
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

/** Whether the tokens match all the items: one pass, going back only to just after the last `*`. */
function matchTokens(tokens: readonly Token[], items: ArrayLike<string>): boolean {
  // A segment of wildcards alone never matches an empty one.
  if (items.length === 0) return tokens.length === 0;
  let t = 0;
  let s = 0;
  let star = -1;
  let starAt = 0;
  while (s < items.length) {
    const token = tokens[t];
    if (token === '*') {
      star = t++;
      starAt = s;
    } else if (token?.(items[s] ?? '')) {
      t++;
      s++;
    } else if (star < 0) return false;
    else {
      t = star + 1;
      s = ++starAt;
    }
  }
  while (tokens[t] === '*') t++;
  return t === tokens.length;
}

/** Compiles one pattern; `name` is the input it came from, for the error. */
export function compileGlob(name: string, pattern: string): Glob {
  const negated = pattern.startsWith('!');
  const body = negated ? pattern.slice(1) : pattern;
  const refuse = (detail: string): never => {
    const allowed =
      "glob patterns over the artifact's relative path (e.g. 'rspec/*.xml', '**/*.html', '!**/*.log')";
    throw new ValidationError(name, `allowed: ${allowed}`, pattern, detail);
  };
  if (body === '') refuse(`${JSON.stringify(pattern)} is empty`);
  if (body.startsWith('/')) {
    refuse(`${JSON.stringify(pattern)} is absolute, but patterns match the path below the destination`);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(body)) refuse('a pattern holds a control character');
  return { source: pattern, negated, test: compilePattern(body) };
}

/** The last pattern that matches decides; a text none matches is selected only when every pattern excludes. */
export function selects(globs: readonly Omit<Glob, 'source'>[], text: string): boolean {
  let selected = globs.every((g) => g.negated);
  for (const g of globs) if (g.test(text)) selected = !g.negated;
  return selected;
}
