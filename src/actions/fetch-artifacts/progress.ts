// Progress of many downloads as one line, for the log at a steady cadence: never a line per chunk.
import { formatBytes, plural, shortDuration } from '../../common/format.ts';

export class Progress {
  readonly #total: number;
  readonly #now: () => number;
  readonly #started: number;
  #files = 0;
  #bytes = 0;
  #last: { at: number; bytes: number };

  constructor(total: number, now: () => number) {
    this.#total = total;
    this.#now = now;
    this.#started = now();
    this.#last = { at: this.#started, bytes: 0 };
  }

  /** Bytes received (negative when a download starts over). */
  received(bytes: number): void {
    this.#bytes += bytes;
  }

  fileDone(): void {
    this.#files++;
  }

  /** Files and bytes so far, with the rate since the last line. */
  line(): string {
    const last = this.#last;
    this.#last = { at: this.#now(), bytes: this.#bytes };
    const rate = rateOf(this.#bytes - last.bytes, this.#last.at - last.at);
    return `${this.#files} of ${this.#total} files done, ${formatBytes(Math.max(0, this.#bytes))} received (${rate})`;
  }

  summary(savedBytes: number, destination: string): string {
    const elapsed = this.#now() - this.#started;
    return `Fetched ${plural(this.#files, 'file')} (${formatBytes(savedBytes)}) into ${destination} in ${shortDuration(elapsed)} (${rateOf(savedBytes, elapsed)})`;
  }
}

function rateOf(bytes: number, ms: number): string {
  return ms <= 0 ? '-' : `${formatBytes(Math.max(0, Math.round((bytes * 1000) / ms)))}/s`;
}
