// What a terminal would show of raw step output, last lines only (the failed step's log, docs/promises.md, promise 15:
// colour escapes and control characters never reach the log as they came).

/** Characters kept of one line; the rest of a longer line is dropped (memory is lines × this). */
export const MAX_LINE_LENGTH = 1024;

/**
 * Raw terminal output in, the last lines a terminal would show out: `\r` returns to the start of the line and
 * what follows overwrites it, backspace steps back, `ESC[K` erases, other escape sequences (colours, cursor
 * movement, titles) and control characters are dropped. Memory stays within `maxLines` × `maxLineLength`.
 */
export class TerminalTail {
  readonly #maxLines: number;
  readonly #maxLineLength: number;
  /** A ring: the oldest kept line is at #first. */
  readonly #lines: string[] = [];
  #first = 0;
  /** Blank lines not yet kept: at the end of the output they are dropped, so they never push real lines out. */
  #pendingBlank = 0;
  #line = '';
  #cursor = 0;
  #cut = false;
  #escape: EscapeState = 'none';
  #csi = '';
  totalLines = 0;

  constructor(maxLines: number, maxLineLength = MAX_LINE_LENGTH) {
    this.#maxLines = Math.max(0, Math.floor(maxLines));
    this.#maxLineLength = Math.max(1, Math.floor(maxLineLength));
  }

  write(text: string): void {
    const n = text.length;
    let i = 0;
    while (i < n) {
      if (this.#escape !== 'none') {
        i = this.#inEscape(text, i);
        continue;
      }
      // A run of printable characters is written at once.
      let j = i;
      while (j < n && isPrintable(text.charCodeAt(j))) j++;
      if (j > i) this.#put(text.slice(i, j));
      if (j === n) break;
      this.#control(text.charCodeAt(j));
      i = j + 1;
    }
  }

  /** The output ended: a last line without a newline counts, blank lines at the end do not. */
  end(): void {
    this.#escape = 'none';
    if (this.#line.trim() !== '') this.#newline();
    this.#line = '';
    this.#cursor = 0;
    this.#pendingBlank = 0;
  }

  lines(): string[] {
    return [...this.#lines.slice(this.#first), ...this.#lines.slice(0, this.#first)];
  }

  #put(run: string): void {
    const room = this.#maxLineLength - this.#cursor;
    if (room <= 0) {
      this.#cut = true;
      this.#cursor += run.length;
      return;
    }
    const piece = run.length > room ? run.slice(0, room) : run;
    if (piece.length < run.length) this.#cut = true;
    if (this.#cursor >= this.#line.length) {
      this.#line = this.#line.padEnd(this.#cursor) + piece;
    } else {
      this.#line = this.#line.slice(0, this.#cursor) + piece + this.#line.slice(this.#cursor + piece.length);
    }
    this.#cursor += run.length;
  }

  #control(code: number): void {
    switch (code) {
      case 0x0a: // \n
        this.#newline();
        return;
      case 0x0d: // \r
        this.#cursor = 0;
        return;
      case 0x08: // backspace
        this.#cursor = Math.max(0, Math.min(this.#cursor, this.#maxLineLength) - 1);
        return;
      case 0x09: // tab: kept as it is
        this.#put('\t');
        return;
      case 0x1b:
        this.#escape = 'esc';
        return;
      case 0x9b: // a one-character CSI
        this.#escape = 'csi';
        this.#csi = '';
        return;
      case 0x90: // DCS
      case 0x9d: // OSC
      case 0x98: // SOS
      case 0x9e: // PM
      case 0x9f: // APC
        this.#escape = 'string';
        return;
      default:
      // Any other control character is dropped.
    }
  }

  /** Consumes escape sequence characters from `text` at `i`; returns where normal text resumes. */
  #inEscape(text: string, i: number): number {
    const code = text.charCodeAt(i);
    switch (this.#escape) {
      case 'esc':
        if (code < 0x20) {
          this.#escape = 'none'; // a control character cancels the sequence and still acts
          return i;
        }
        if (code === 0x5b) {
          this.#escape = 'csi';
          this.#csi = '';
        } else if (code === 0x5d || code === 0x50 || code === 0x58 || code === 0x5e || code === 0x5f) {
          this.#escape = 'string'; // OSC, DCS, SOS, PM, APC: up to BEL or ESC \
        } else if (code >= 0x20 && code <= 0x2f) {
          this.#escape = 'esc-intermediate'; // e.g. ESC ( B
        } else {
          this.#escape = 'none'; // a two-character sequence
        }
        return i + 1;
      case 'esc-intermediate':
        if (code < 0x20) {
          this.#escape = 'none';
          return i;
        }
        if (code > 0x2f) this.#escape = 'none';
        return i + 1;
      case 'csi': {
        // Parameters and intermediates up to the final character, read in one go.
        let j = i;
        while (j < text.length) {
          const c = text.charCodeAt(j);
          if (c >= 0x40 && c <= 0x7e) {
            this.#escape = 'none';
            this.#csi = (this.#csi + text.slice(i, j)).slice(0, 16);
            if (c === 0x4b) this.#eraseInLine(this.#csi); // K
            return j + 1;
          }
          if (c < 0x20 || c > 0x3f) {
            this.#escape = 'none'; // a broken sequence: the character is read as text again
            return j;
          }
          j++;
        }
        this.#csi = (this.#csi + text.slice(i, j)).slice(0, 16);
        return j;
      }
      case 'string': {
        // The terminator is BEL or ESC \ (the backslash is then taken by the 'esc' state as a 2-char sequence).
        let j = i;
        while (j < text.length) {
          const c = text.charCodeAt(j);
          if (c === 0x07 || c === 0x9c) {
            this.#escape = 'none';
            return j + 1;
          }
          if (c === 0x0a) {
            // An unterminated title or hyperlink must not hide the rest of the output: a line ends it.
            this.#escape = 'none';
            return j;
          }
          if (c === 0x1b) {
            this.#escape = 'esc';
            return j + 1;
          }
          j++;
        }
        return j;
      }
      default:
        return i;
    }
  }

  #eraseInLine(params: string): void {
    const mode = params === '' ? 0 : Number(params);
    const cursor = Math.min(this.#cursor, this.#maxLineLength);
    if (mode === 0) this.#line = this.#line.slice(0, cursor);
    else if (mode === 1) this.#line = ' '.repeat(cursor) + this.#line.slice(cursor);
    else if (mode === 2) this.#line = '';
  }

  #newline(): void {
    this.totalLines++;
    // A copy: a line sliced from a chunk would keep the whole chunk alive (V8 strings share their parent's
    // characters), and the tail must hold only its own lines.
    const line = `${this.#line.trimEnd()}${this.#cut ? '…' : ' '}`.trimEnd();
    this.#line = '';
    this.#cursor = 0;
    this.#cut = false;
    if (this.#maxLines === 0) return;
    if (line === '') {
      this.#pendingBlank++;
      return;
    }
    for (const blank of Array(Math.min(this.#pendingBlank, this.#maxLines)).fill('')) this.#keep(blank);
    this.#pendingBlank = 0;
    this.#keep(line);
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

type EscapeState = 'none' | 'esc' | 'esc-intermediate' | 'csi' | 'string';

/** Printable: not a C0 control, not DEL, not a C1 control (U+0085 included). */
function isPrintable(code: number): boolean {
  return code >= 0x20 && code !== 0x7f && (code < 0x80 || code > 0x9f);
}
