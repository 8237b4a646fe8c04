// The writing end of a download's attempt: the body's chunks, decoded when they come encoded, gathered into
// batches and written at their place in the part file, with the body held back while the disk is behind.
import { ftruncate, writev } from 'node:fs';
import type { Transform } from 'node:stream';
import { decoder as decoderFor, type Coding } from './decode.ts';
import { UserFacingError } from './errors.ts';
import { formatLimit } from './format.ts';
import type { BodyControl } from './transport-options.ts';

/** Bytes gathered for one write: fewer, larger writes, and little memory (two batches per download at most). */
const WRITE_BATCH_BYTES = 1024 * 1024;
/** Chunks gathered for one write, at most: a body in tiny chunks (a drip) must not pile up a million of them. */
const WRITE_BATCH_CHUNKS = 256;

/** A body of unstated size passed the bound: never retried (the next attempt would only do it again). */
export class TooLargeError extends UserFacingError {
  override name = 'TooLargeError';
}

/** An encoded body that does not decode (cut short, or corrupt). */
export class CorruptBodyError extends UserFacingError {
  override name = 'CorruptBodyError';
}

/**
 * The writing end of one attempt: takes the body's chunks as they arrive (decoding them first when the answer is
 * encoded), gathers them into batches of WRITE_BATCH_BYTES and writes each full batch at its position in the part
 * file with one `writev`, the next batch being gathered while the last is written; when two batches are waiting it
 * asks the source to pause. The batches are written in the thread pool. The chunks are kept, not copied: undici
 * hands out views of the socket's reads, each read a buffer of its own and of its own size that nothing writes to
 * again; copying them into batches of our own doubled the memory allocated per byte, and with it the garbage
 * collector's work (CHANGELOG).
 *
 * `done` settles once nothing is left to write: with the bytes written, or with the attempt's first error (after
 * what was received is written, when the body itself failed, so the file's size is what arrived and a retry
 * resumes there). Callbacks rather than streams: the body comes from undici's dispatch handler, which pauses and
 * resumes by its controller.
 */
export class PartWriter {
  readonly done: Promise<number>;
  /** Bytes off the wire (encoded, when the answer is), for the minimum-rate rule. */
  raw = 0;
  windowStart: number;
  windowRaw = 0;
  readonly #fd: number;
  #position: number;
  #truncate: boolean;
  readonly #maxBytes: number | undefined;
  readonly #onBytes: (bytes: number) => void;
  readonly #encoding: Coding | undefined;
  #decoder: Transform | undefined;
  #source: BodyControl | undefined;
  /** The batch being gathered, and its bytes. */
  #batch: Buffer[] = [];
  #fill = 0;
  /** Full batches waiting for their write. */
  #full: { chunks: Buffer[]; bytes: number }[] = [];
  #received = 0;
  #written = 0;
  #writing = false;
  #ending = false;
  #sourcePaused = false;
  #error: Error | undefined;
  /** Whether what was received is still written after an error (a body cut short), or dropped. */
  #flushOnError = false;
  #settled = false;
  #resolve!: (written: number) => void;
  #reject!: (error: Error) => void;

  constructor(options: {
    fd: number;
    position: number;
    /** The part file holds bytes of an earlier answer: cut it to `position` first. */
    truncate: boolean;
    /** Decoded bytes beyond this fail the attempt for good; undefined for none. */
    maxBytes: number | undefined;
    encoding: Coding | undefined;
    onBytes: (bytes: number) => void;
    now: number;
  }) {
    this.#fd = options.fd;
    this.#position = options.position;
    this.#truncate = options.truncate;
    this.#maxBytes = options.maxBytes;
    this.#encoding = options.encoding;
    this.#onBytes = options.onBytes;
    this.windowStart = options.now;
    this.done = new Promise<number>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    // Its failure is seen where it is awaited.
    this.done.catch(() => {});
  }

  attach(source: BodyControl): void {
    this.#source = source;
    if (this.#error !== undefined) source.abort(this.#error);
  }

  /** A chunk off the wire; false asks the source to pause until the writer resumes it. */
  data(chunk: Buffer): boolean {
    if (this.#error !== undefined || this.#ending) return true;
    this.raw += chunk.length;
    if (this.#encoding === undefined) {
      this.#accept(chunk);
      return this.#keepGoing();
    }
    const decoder = (this.#decoder ??= this.#makeDecoder(this.#encoding));
    const more = decoder.write(chunk) && this.#keepGoing();
    if (!more) this.#sourcePaused = true;
    return more;
  }

  /** The body arrived whole. */
  end(): void {
    if (this.#error !== undefined || this.#ending) return;
    if (this.#encoding !== undefined) {
      // An empty encoded body decodes to nothing, but a decoder would call it truncated.
      (this.#decoder ??= this.#makeDecoder(this.#encoding)).end();
      return;
    }
    this.#finish();
  }

  /** The body failed (the wire, a timeout, an abort): what arrived is still written. */
  error(error: Error): void {
    this.#fail(error, true);
  }

  /** Fails the attempt from outside (the minimum-rate rule); the source is stopped. */
  fail(error: Error, keepReceived: boolean): void {
    this.#fail(error, keepReceived);
  }

  #makeDecoder(coding: Coding): Transform {
    const decoder = decoderFor(coding);
    decoder.on('data', (chunk: Buffer) => {
      if (this.#error !== undefined) return;
      this.#accept(chunk);
      if (!this.#keepGoing()) decoder.pause();
    });
    decoder.on('end', () => this.#finish());
    decoder.on('drain', () => this.#maybeResume());
    decoder.on('error', (error) => {
      this.#fail(
        new CorruptBodyError(`the ${this.#encoding} body could not be decoded: ${error.message}`),
        true,
      );
    });
    return decoder;
  }

  #accept(chunk: Buffer): void {
    this.#received += chunk.length;
    if (this.#maxBytes !== undefined && this.#received > this.#maxBytes) {
      this.#fail(
        new TooLargeError(
          `the body is larger than ${formatLimit(this.#maxBytes)}, the limit for a file whose size the server does not state (or sends encoded)`,
        ),
        false,
      );
      return;
    }
    if (chunk.length > 0) {
      this.#batch.push(chunk);
      this.#fill += chunk.length;
      if (this.#fill >= WRITE_BATCH_BYTES || this.#batch.length >= WRITE_BATCH_CHUNKS) {
        this.#full.push({ chunks: this.#batch, bytes: this.#fill });
        this.#batch = [];
        this.#fill = 0;
      }
    }
    this.#onBytes(chunk.length);
    if (this.#full.length > 0 && !this.#writing) this.#flush();
  }

  /** A batch is being written and the next one is full: hold the body back. */
  #keepGoing(): boolean {
    const more = !(this.#writing && this.#full.length > 0);
    if (!more) this.#sourcePaused = true;
    return more;
  }

  #maybeResume(): void {
    if (this.#error !== undefined || (this.#writing && this.#full.length > 0)) return;
    if (this.#decoder?.isPaused()) this.#decoder.resume();
    if (this.#sourcePaused && !(this.#decoder?.writableNeedDrain ?? false)) {
      this.#sourcePaused = false;
      this.#source?.resume();
    }
  }

  #finish(): void {
    if (this.#error !== undefined || this.#ending) return;
    this.#ending = true;
    if (!this.#writing) this.#next();
  }

  #fail(error: Error, keepReceived: boolean): void {
    if (this.#error !== undefined || this.#settled) return;
    this.#error = error;
    this.#flushOnError = keepReceived;
    this.#source?.abort(error);
    this.#decoder?.destroy();
    if (!this.#writing) this.#next();
  }

  /** After a write (or instead of one): the next batch, or the end. */
  #next(): void {
    const draining = this.#error === undefined ? this.#ending : this.#flushOnError;
    if (this.#full.length > 0 || (draining && this.#fill > 0)) {
      if (this.#error === undefined || this.#flushOnError) {
        this.#flush();
        // The batch just taken made room: the body goes on while it is written.
        this.#maybeResume();
        return;
      }
    }
    if (this.#error !== undefined || this.#ending) {
      if (this.#truncate) {
        // Nothing was written over the earlier answer's bytes: the file must not keep them.
        this.#truncate = false;
        this.#writing = true;
        ftruncate(this.#fd, this.#position, (error) => {
          this.#writing = false;
          if (error && this.#error === undefined) this.#error = error;
          this.#next();
        });
        return;
      }
      this.#settle();
      return;
    }
    this.#maybeResume();
  }

  /** The next batch to write, whole or (at the end) as far as it is filled. */
  #takeNext(): { chunks: Buffer[]; bytes: number } | undefined {
    const full = this.#full.shift();
    if (full !== undefined) return full;
    if (this.#fill === 0) return undefined;
    const next = { chunks: this.#batch, bytes: this.#fill };
    this.#batch = [];
    this.#fill = 0;
    return next;
  }

  #settle(): void {
    if (this.#settled) return;
    this.#settled = true;
    // Nothing is being written: what was not written is dropped.
    this.#full = [];
    this.#batch = [];
    this.#fill = 0;
    if (this.#error !== undefined) this.#reject(this.#error);
    else this.#resolve(this.#written);
  }

  #flush(): void {
    const next = this.#takeNext();
    if (next === undefined) return;
    this.#writing = true;
    const at = this.#position;
    const write = (): void => this.#writeAll(next.chunks, at);
    this.#position += next.bytes;
    if (this.#truncate) {
      this.#truncate = false;
      ftruncate(this.#fd, at, (error) => {
        if (error) this.#afterWrite(error);
        else write();
      });
    } else write();
  }

  /** A short write is rare on regular files but possible: the rest is written before anything else. */
  #writeAll(chunks: Buffer[], at: number): void {
    writev(this.#fd, chunks, at, (error, bytesWritten) => {
      if (error) {
        this.#afterWrite(error);
        return;
      }
      this.#written += bytesWritten;
      const rest = unwritten(chunks, bytesWritten);
      if (rest.length > 0) {
        this.#writeAll(rest, at + bytesWritten);
        return;
      }
      this.#afterWrite(null);
    });
  }

  #afterWrite(error: Error | null): void {
    this.#writing = false;
    if (error) {
      if (this.#error === undefined) {
        this.#error = error;
        this.#flushOnError = false;
        this.#source?.abort(error);
        this.#decoder?.destroy();
      } else this.#flushOnError = false;
    }
    this.#next();
  }
}

/** What a write of `bytes` left of `chunks`. */
export function unwritten(chunks: Buffer[], bytes: number): Buffer[] {
  let skip = bytes;
  let i = 0;
  while (i < chunks.length && skip >= (chunks[i]?.length ?? 0)) skip -= chunks[i++]?.length ?? 0;
  const rest = chunks.slice(i);
  const first = rest[0];
  if (first !== undefined && skip > 0) rest[0] = first.subarray(skip);
  return rest;
}
