// The last lines of raw terminal output as plain text (docs/promises.md, promise 15), cleaned once it has ended.
import { cut } from './format.ts';

/** Characters kept of one line; the rest of a longer line is dropped (memory is lines × this). */
const MAX_LINE_LENGTH = 1024;

/** CSI (colours, cursor moves), OSC (titles, links; unterminated up to the line's end) and other ESC sequences. */
const TERMINAL_ESCAPE =
  // eslint-disable-next-line no-control-regex
  /\u001b\[[0-?]*[ -/]*[@-~]?|(?:\u001b\]|\u009d)[^\u0007\u001b\n]*(?:\u0007|\u001b\\)?|\u009b[0-?]*[ -/]*[@-~]?|\u001b[ -/]*[0-~]?/g;
/** Control characters but the tab, C1 ones (U+0085 included) too. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;

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
  readonly #max: number;
  readonly #maxLineLength: number;
  /** Raw lines, more than are kept, so that the oldest are dropped in batches. */
  #lines: string[] = [];
  /** Blank lines not yet kept: dropped at the end, so they never push real lines out. */
  #blank = 0;
  #partial = '';
  totalLines = 0;

  constructor(maxLines: number, maxLineLength = MAX_LINE_LENGTH) {
    this.#max = maxLines;
    this.#maxLineLength = maxLineLength;
  }

  write(text: string): void {
    const lines = (this.#partial + text).split('\n');
    this.#partial = this.#bounded(lines.pop() ?? '');
    for (const line of lines) this.#line(line);
  }

  /** The output ended: a last line without a newline counts, blank lines at the end do not. */
  end(): void {
    if (this.#partial.trim() !== '') this.#line(this.#partial);
    this.#partial = '';
    this.#blank = 0;
  }

  lines(): string[] {
    return this.#lines.slice(-this.#max).map((line) => plainLine(line, this.#maxLineLength));
  }

  #line(raw: string): void {
    this.totalLines++;
    if (this.#max === 0) return;
    if (!/\S/.test(raw)) {
      this.#blank++;
      return;
    }
    // A copy, made flat by the concatenation: a line sliced from a chunk would keep the whole chunk alive.
    this.#lines.push(
      ...Array<string>(Math.min(this.#blank, this.#max)).fill(''),
      ` ${this.#bounded(raw)}`.slice(1),
    );
    this.#blank = 0;
    if (this.#lines.length > 2 * this.#max) this.#lines.splice(0, this.#lines.length - this.#max);
  }

  /** A line too long to hold raw is cleaned early: a `\r` or a cut later gives what it would have given. */
  #bounded(raw: string): string {
    return raw.length > 4 * this.#maxLineLength ? plainLine(raw, this.#maxLineLength) : raw;
  }
}
