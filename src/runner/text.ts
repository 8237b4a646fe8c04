// Text that came from the server (build subjects, test names and messages, error bodies) must not be able to
// issue workflow commands (docs/promises.md, promise 15) nor break the job summary's Markdown.
import { cut } from '../api/format.ts';
import { stripTerminalEscapes } from '../api/terminal-tail.ts';

export { stripTerminalEscapes };

/**
 * What the runner takes for a workflow command. It reads its output line by line (a line ends at `\n` or `\r`),
 * trims white space in .NET's sense from the start (U+0085 and the Unicode spaces included, which JavaScript's
 * `\s` partly misses) and obeys a line that then starts with `::`; the older form `##[cmd]` it obeys anywhere in a
 * line. Lines are split here the way the runner splits them (`m` makes `^` match after `\r` too).
 */
const COMMAND_START = /^([\s\u0085\u180e]*)::/gm;
const OLD_COMMAND = /##\[/g;
/**
 * Makes text safe to print in the log (docs/promises.md, promise 15): no line of it can start a workflow command, the
 * older `##[cmd]` form is broken wherever it stands, and terminal escapes are removed. A zero-width space keeps the
 * text readable while the runner no longer sees a command.
 */
export function logSafe(text: string): string {
  return stripTerminalEscapes(text)
    .replace(COMMAND_START, (_m, space: string) => `${space}:\u200b:`)
    .replace(OLD_COMMAND, '#\u200b#[');
}

/** Makes text safe inside a Markdown table cell or line: no HTML, no table breaks, one line. */
export function mdSafe(text: string, max = 300): string {
  return oneLine(text, max).replace(/[\\`*_[\]<>|&#]/g, (c) =>
    c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : `\\${c}`,
  );
}

/**
 * Makes text safe inside HTML (the cells of `summary.addTable`): GitHub shows Markdown there as written, so a
 * Markdown escape would show its backslash; only HTML's own characters are escaped.
 */
export function htmlSafe(text: string, max = 300): string {
  return oneLine(text, max).replace(/[<>&"']/g, (c) => HTML_ENTITIES[c] ?? c);
}

const HTML_ENTITIES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
};

// eslint-disable-next-line no-control-regex
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]+/g;

/** One line of at most `max` characters, without terminal escapes, control characters or runs of white space. */
export function oneLine(text: string, max: number): string {
  return cut(stripTerminalEscapes(text).replace(SPACE_OR_CONTROL, ' ').trim(), max);
}

/** Everything a URL may hold that no shell gives a meaning to. */
const URL_SAFE = /[^A-Za-z0-9\-._~/:?#@%=+,]/gu;

/**
 * An address as an output may hold it (docs/promises.md, promise 33): a workflow may paste an output into a
 * script, so every character a shell reads as syntax is percent-encoded, as a browser would send it.
 */
export function shellSafeUrl(url: string): string {
  return url.replace(URL_SAFE, (c) =>
    Array.from(Buffer.from(c), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}
