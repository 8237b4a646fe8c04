// Text that came from the server (build subjects, test names and messages, error bodies) must not be able to
// issue workflow commands (docs/promises.md, promise 15) nor break the job summary's Markdown.
import { cut } from '../common/format.ts';
import { collapse, redactor } from '../service/http/message.ts';
import { stripTerminalEscapes } from '../common/terminal-tail.ts';

/** Server text less escapes, then secrets, since an escape inside a secret would hide it from the redaction. */
export function cleaner(secrets: readonly string[]): (text: string) => string {
  const redact = redactor(secrets);
  return (text) => redact(stripTerminalEscapes(text));
}

// What the runner takes for a command: `::` after .NET's white space (wider than JavaScript's `\s`) at the start of
// a line, which `\r` ends too, and the older `##[cmd]` anywhere.
const COMMAND_START = /^([\s\u0085\u180e]*)::/gm;
const OLD_COMMAND = /##\[/g;
/** Text safe to print in the log (docs/promises.md, promise 15): a zero-width space breaks every command. */
export function logSafe(text: string): string {
  return stripTerminalEscapes(text)
    .replace(COMMAND_START, (_m, space: string) => `${space}:\u200b:`)
    .replace(OLD_COMMAND, '#\u200b#[');
}

/** Makes text safe inside a Markdown table cell or line: no HTML, no table breaks, one line. */
export function mdSafe(text: string, max = 300): string {
  return oneLine(text, max).replace(/[\\`*_[\]<>|&#]/g, (c) => HTML_ENTITIES[c] ?? `\\${c}`);
}

// Safe inside HTML (`summary.addTable`'s cells), where GitHub shows Markdown as written: a Markdown escape would
// show its backslash, so only HTML's own characters are escaped.
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

/** One line of at most `max` characters, without terminal escapes, control characters or runs of white space. */
export function oneLine(text: string, max: number): string {
  return cut(collapse(stripTerminalEscapes(text)), max);
}

/** An address a workflow may paste into a script: shell syntax percent-encoded (docs/promises.md, promise 33). */
export function shellSafeUrl(url: string): string {
  // What is left is all a URL may hold that no shell gives a meaning to.
  return url.replace(/[^A-Za-z0-9\-._~/:?#@%=+,]/gu, (c) =>
    Array.from(Buffer.from(c), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}
