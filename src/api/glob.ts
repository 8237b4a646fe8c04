// Glob patterns over `/`-separated relative paths, written here rather than taken from a dependency so that the
// rules are few and stated: `*` and `?` stay within one segment, `**` spans segments, `[...]` is a class
// (`[!...]` or `[^...]` negates it), `\` escapes the next character. Matching is case-sensitive and whole-path.
import { ValidationError } from './errors.ts';

export interface Glob {
  /** The pattern as written, `!` included. */
  source: string;
  negated: boolean;
  regex: RegExp;
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
  return { source: pattern, negated, regex: new RegExp(`^${translate(name, pattern, body)}$`, 'u') };
}

function translate(name: string, pattern: string, body: string): string {
  let out = '';
  let i = 0;
  while (i < body.length) {
    const c = body[i] ?? '';
    if (c === '*') {
      if (body[i + 1] === '*') {
        const atStart = i === 0 || body[i - 1] === '/';
        let j = i;
        while (body[j] === '*') j++;
        const atEnd = j === body.length || body[j] === '/';
        if (atStart && atEnd) {
          // `**` as a whole segment: any number of segments.
          if (j === body.length) {
            out += '.*';
          } else {
            out += '(?:[^/]*/)*';
            j++; // the `/` after `**` belongs to the repeated group
          }
          i = j;
          continue;
        }
        // `**` inside a segment (`a**b`) is two `*`.
        out += '[^/]*';
        i = j;
        continue;
      }
      out += '[^/]*';
      i++;
    } else if (c === '?') {
      out += '[^/]';
      i++;
    } else if (c === '[') {
      const end = classEnd(body, i);
      if (end < 0) {
        out += '\\[';
        i++;
        continue;
      }
      let inner = body.slice(i + 1, end);
      let negate = false;
      if (inner.startsWith('!') || inner.startsWith('^')) {
        negate = true;
        inner = inner.slice(1);
      }
      const escaped = inner.replace(/\\(.)/gu, '$1').replace(/[\\\]^[]/gu, '\\$&');
      try {
        new RegExp(`[${escaped}]`, 'u');
      } catch {
        throw new ValidationError(
          name,
          'allowed: character classes like [a-z] or [!0-9]',
          pattern,
          `${JSON.stringify(pattern)} has an invalid character class`,
        );
      }
      // A negated class never matches the separator either.
      out += negate ? `(?!/)[^${escaped}]` : `(?!/)[${escaped}]`;
      i = end + 1;
    } else if (c === '\\' && i + 1 < body.length) {
      out += escapeRegex(body[i + 1] ?? '');
      i += 2;
    } else {
      out += escapeRegex(c);
      i++;
    }
  }
  return out;
}

/** Index of the `]` closing the class opened at `start`, or -1; a `]` right after `[`, `[!` or `[^` is literal. */
function classEnd(body: string, start: number): number {
  let i = start + 1;
  if (body[i] === '!' || body[i] === '^') i++;
  if (body[i] === ']') i++;
  for (; i < body.length; i++) {
    if (body[i] === '\\') i++;
    else if (body[i] === ']') return i;
  }
  return -1;
}

function escapeRegex(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/**
 * Whether a path is selected: with no patterns, everything; otherwise the last pattern that matches decides, and a
 * path no pattern matches is selected only when every pattern excludes (a list of `!` lines means "all but").
 */
export function selects(globs: readonly Glob[], path: string): boolean {
  if (globs.length === 0) return true;
  let selected = globs.every((g) => g.negated);
  for (const g of globs) if (g.regex.test(path)) selected = !g.negated;
  return selected;
}
