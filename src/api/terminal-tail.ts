// The last lines of raw terminal output as plain text (docs/promises.md, promise 15: colour escapes and control
// characters never reach the log as they came). Only the kept lines are cleaned, once the output has ended.
import { cut } from './format.ts';

/** Characters kept of one line; the rest of a longer line is dropped (memory is lines × this). */
export const MAX_LINE_LENGTH = 1024;

/** Terminal escapes: CSI (colours, cursor moves), OSC (titles, links, unterminated up to the line's end) and any
 *  other ESC sequence. */
const TERMINAL_ESCAPE =
  // eslint-disable-next-line no-control-regex
  /\u001b\[[0-?]*[ -/]*[@-~]?|(?:\u001b\]|\u009d)[^\u0007\u001b\n]*(?:\u0007|\u001b\\)?|\u009b[0-?]*[ -/]*[@-~]?|\u001b[ -/]*[0-~]?/g;
/** Control characters but the tab, C1 ones (U+0085 included) too. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

/** Removes terminal colour and cursor escapes, which the log would show as noise or interpret. */
export function stripTerminalEscapes(text: string): string {
  return text.replace(TERMINAL_ESCAPE, '');
}

/** One raw line as a terminal leaves it, near enough: after a `\r`, the last part with text stays. */
export function plainLine(raw: string, max = MAX_LINE_LENGTH): string {
  const parts = stripTerminalEscapes(raw).split('\r');
  const last = parts.findLast((part) => part.trim() !== '') ?? '';
  const line = last.replace(CONTROL, '').trimEnd();
  // Sliced first: a line of megabytes is cut without being split into code points.
  return cut(line.slice(0, 2 * max + 3), max + 1);
}

/** The last `maxLines` lines of raw output, each bounded, so memory stays flat whatever the output. */
export class TerminalTail {
  readonly #maxLines: number;
  readonly #maxLineLength: number;
  /** A ring of raw lines: the oldest is at #first. */
  readonly #lines: string[] = [];
  #first = 0;
  /** Blank lines not yet kept: at the end of the output they are dropped, so they never push real lines out. */
  #blank = 0;
  #partial = '';
  totalLines = 0;

  constructor(maxLines: number, maxLineLength = MAX_LINE_LENGTH) {
    this.#maxLines = Math.max(0, Math.floor(maxLines));
    this.#maxLineLength = Math.max(1, Math.floor(maxLineLength));
  }

  write(text: string): void {
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      this.#line(this.#partial + text.slice(start, end));
      this.#partial = '';
      start = end + 1;
    }
    this.#partial = this.#bounded(this.#partial + text.slice(start));
  }

  /** The output ended: a last line without a newline counts, blank lines at the end do not. */
  end(): void {
    if (this.#partial.trim() !== '') this.#line(this.#partial);
    this.#partial = '';
    this.#blank = 0;
  }

  lines(): string[] {
    const raw = [...this.#lines.slice(this.#first), ...this.#lines.slice(0, this.#first)];
    return raw.map((line) => plainLine(line, this.#maxLineLength));
  }

  #line(raw: string): void {
    this.totalLines++;
    if (this.#maxLines === 0) return;
    if (!/\S/.test(raw)) {
      this.#blank++;
      return;
    }
    for (let i = Math.min(this.#blank, this.#maxLines); i > 0; i--) this.#keep('');
    this.#blank = 0;
    // A copy, made flat by the concatenation: a line sliced from a chunk would keep the whole chunk alive.
    this.#keep(` ${this.#bounded(raw)}`.slice(1));
  }

  /** A line too long to hold raw is cleaned early: a `\r` or a cut later gives what it would have given. */
  #bounded(raw: string): string {
    return raw.length > 4 * this.#maxLineLength ? plainLine(raw, this.#maxLineLength) : raw;
  }

  #keep(line: string): void {
    if (this.#lines.length < this.#maxLines) {
      this.#lines.push(line);
    } else {
      this.#lines[this.#first] = line;
      this.#first = (this.#first + 1) % this.#maxLines;
    }
  }
}
