// Progress of many downloads as one line, for the log at a steady cadence: never a line per chunk.
import { formatBytes, shortDuration } from '../../api/format.ts';

export class Progress {
  readonly total: number;
  readonly #now: () => number;
  readonly #started: number;
  #files = 0;
  #bytes = 0;
  #lastAt: number;
  #lastBytes = 0;

  constructor(total: number, now: () => number) {
    this.total = total;
    this.#now = now;
    this.#started = now();
    this.#lastAt = this.#started;
  }

  get files(): number {
    return this.#files;
  }

  get bytes(): number {
    return this.#bytes;
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
    const now = this.#now();
    const rate = rateOf(this.#bytes - this.#lastBytes, now - this.#lastAt);
    this.#lastAt = now;
    this.#lastBytes = this.#bytes;
    return `${this.#files} of ${this.total} files done, ${formatBytes(Math.max(0, this.#bytes))} received (${rate})`;
  }

  /** The closing line: everything, over the whole run. */
  summary(savedBytes: number, destination: string): string {
    const elapsed = this.#now() - this.#started;
    const files = `${this.#files} file${this.#files === 1 ? '' : 's'}`;
    return `Fetched ${files} (${formatBytes(savedBytes)}) into ${destination} in ${shortDuration(elapsed)} (${rateOf(savedBytes, elapsed)})`;
  }
}

function rateOf(bytes: number, ms: number): string {
  if (ms <= 0) return '-';
  return `${formatBytes(Math.max(0, Math.round((bytes * 1000) / ms)))}/s`;
}
