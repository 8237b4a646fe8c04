// One file from a URL to disk: streamed (flat memory), atomic (a part file beside the destination, renamed only
// once complete and checked), resumable (a Range request after a transient failure) and never an error page
// (non-2xx answers are errors of the transport, never written). Promises 7–9.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fstat,
  ftruncate,
  ftruncateSync,
  openSync,
  renameSync,
  unlinkSync,
  write,
  writeSync,
} from 'node:fs';
import type { Transform } from 'node:stream';
import { promisify } from 'node:util';
import { abortReason, systemClock, type Clock } from './clock.ts';
import { AbortedError, ApiError, asError, NetworkError, TimeoutError, UserFacingError } from './errors.ts';
import { backoffDelay, retriableStatus, type RetryOptions } from './retry.ts';
import type { BodyControl, BodyReceiver, OpenOptions, ResponseHeaders } from './transport.ts';
import { displayUrl } from './format.ts';
import { zlib } from './zlib.ts';

const statFile = promisify(fstat);
const truncateFile = promisify(ftruncate);

/** Bytes gathered for one write: fewer, larger writes, and little memory (two batches per download at most). */
const WRITE_BATCH_BYTES = 1024 * 1024;

/**
 * Up to this many downloads at once, a body known to fit in one batch is written as it arrives, on the main thread
 * (`direct`); beyond it, in the thread pool. With few downloads the main thread waits on the network, and a write's
 * trip to the pool and back only delays the file; with many, the main thread is what they all wait on, and its
 * writes to the page cache were a quarter of its samples (perf). 800 files of 256 KiB on tmpfs, alternating runs
 * of the two ways: one at a time 526 ms direct, 588 ms pooled; two 476 and 499 ms; four 439 and 402 ms.
 */
const DIRECT_WRITES_UP_TO = 2;

/**
 * Batches no longer in use, for the next writer: a body's chunks are copied into batches (the chunks' memory is the
 * connection's, reused by its next read), and the batches themselves are reused, so a download allocates nothing
 * per chunk and a thousand small files allocate a few batches in all. Kept up to MAX_FREE_BATCHES.
 */
const freeBatches: Buffer[] = [];
const MAX_FREE_BATCHES = 16;

function takeBatch(): Buffer {
  return freeBatches.pop() ?? Buffer.allocUnsafeSlow(WRITE_BATCH_BYTES);
}

function giveBatch(batch: Buffer): void {
  if (freeBatches.length < MAX_FREE_BATCHES) freeBatches.push(batch);
}

/**
 * The most a download may hold when the server does not state its size (no Content-Length) or sends it encoded
 * (Content-Length then counts the encoded bytes): an endless or a decompression-bomb body fails there, once, and is
 * not retried. Above what a hosted runner's free disk (about 14 GB) can take beside a checkout.
 */
export const MAX_UNDECLARED_BYTES = 10 * 1024 ** 3;

/**
 * The minimum rate of a download: fewer than `bytes` in any window of `windowMs` fails the attempt (retried like
 * a stall). A body dripping a byte a second never trips the idle timeout between chunks; this rule does.
 */
export interface MinimumRate {
  bytes: number;
  windowMs: number;
}

/** 64 KiB a minute, about 1 KiB/s: far below any real storage, far above a drip. */
export const DEFAULT_MIN_RATE: MinimumRate = { bytes: 64 * 1024, windowMs: 60_000 };

/** What the downloader needs of the transport: `Transport.receive`, which handles credentials and redirects. */
export interface Opener {
  receive(url: string, options: OpenOptions, receiver: BodyReceiver): Promise<void>;
}

/**
 * Failures in a row before a download is given up. An attempt that takes the file further than before starts the
 * count again, since resuming it is cheap; four times as many attempts in all is the outer bound.
 */
export const DOWNLOAD_RETRY: RetryOptions = { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 15_000 };

export interface DownloaderOptions {
  opener: Opener;
  clock?: Clock;
  retry?: Partial<RetryOptions>;
  /** Aborts every download; part files are removed. */
  signal?: AbortSignal;
  log?: (level: 'debug' | 'info', message: string) => void;
  /** Bound on a body of unstated (or encoded) size; MAX_UNDECLARED_BYTES by default. */
  maxBytes?: number;
  /** DEFAULT_MIN_RATE by default. */
  minRate?: MinimumRate;
  /** DIRECT_WRITES_UP_TO by default; 0 writes every body in the thread pool. */
  directWritesUpTo?: number;
}

export interface DownloadRequest {
  url: string;
  /** Absolute path of the final file; its folder exists. */
  dest: string;
  /** How errors and logs name the artifact. */
  name: string;
  signal?: AbortSignal;
  /** Bytes received, as they arrive (negative when bytes are thrown away to start over). */
  onBytes?: (bytes: number) => void;
}

export interface DownloadResult {
  bytes: number;
  attempts: number;
  /** How many times a failed attempt was resumed with a Range request. */
  resumed: number;
}

/** A download failed for good: names the artifact, keeps the cause. */
export class DownloadError extends UserFacingError {
  override name = 'DownloadError';
  readonly artifact: string;
  constructor(artifact: string, cause: Error, attempts: number) {
    const tries =
      attempts > 1 && !/after \d+ attempts/u.test(cause.message) ? ` (after ${attempts} attempts)` : '';
    super(`artifact ${artifact}: ${cause.message}${tries}`, { cause });
    this.artifact = artifact;
  }
}

/** The body ended before Content-Length (or the Content-Range's end) was reached. */
export class IncompleteBodyError extends UserFacingError {
  override name = 'IncompleteBodyError';
}

/** A body of unstated size passed the bound: never retried (the next attempt would only do it again). */
export class TooLargeError extends UserFacingError {
  override name = 'TooLargeError';
}

/** The body arrived below the minimum rate. */
export class TooSlowError extends UserFacingError {
  override name = 'TooSlowError';
}

/** An encoded body that does not decode (cut short, or corrupt). */
export class CorruptBodyError extends UserFacingError {
  override name = 'CorruptBodyError';
}

/** A Content-Encoding that cannot be decoded: what would be written is not the file. */
export class UnsupportedEncodingError extends UserFacingError {
  override name = 'UnsupportedEncodingError';
}

/** The answer cannot be appended to the part file (a range that does not fit, a body longer than announced): the
 *  next attempt asks for the whole file. */
class StartOverError extends UserFacingError {
  override name = 'StartOverError';
}

/** The last part file number of this process; the first is drawn at random (48 bits) at the first download. */
let partSerial: number | undefined;

/**
 * The part file of a destination: `<dest>.<12 hex digits>.part`. The digits count up from a random start: no two
 * part files of a run share a name, one left by an earlier run is as unlikely to be met as with a random name per
 * file, and a file costs a counter where a random UUID cost 4-5 µs (800 files: 4 ms).
 */
function partFileName(dest: string): string {
  partSerial = ((partSerial ?? randomBytes(6).readUIntBE(0, 6)) + 1) % 2 ** 48;
  return `${dest}.${partSerial.toString(16).padStart(12, '0')}.part`;
}

/** What a part file adds to its destination's name, in bytes: the file system must take that name too. */
export const PART_SUFFIX_BYTES = '.0123456789ab.part'.length;

export class Downloader {
  readonly #opener: Opener;
  readonly #clock: Clock;
  readonly #retry: RetryOptions;
  readonly #signal: AbortSignal | undefined;
  readonly #log: (level: 'debug' | 'info', message: string) => void;
  readonly #maxBytes: number;
  readonly #minRate: MinimumRate;
  readonly #directWritesUpTo: number;
  /** Part files being written: removed on failure, and by removeParts() when the process is stopped. */
  readonly #parts = new Set<string>();
  /** Bodies being received, checked against the minimum rate by one timer for all. */
  readonly #watched = new Set<PartWriter>();
  readonly #urls = new Map<PartWriter, string>();
  #ticker: ReturnType<typeof setInterval> | undefined;

  constructor(options: DownloaderOptions) {
    this.#opener = options.opener;
    this.#clock = options.clock ?? systemClock;
    this.#retry = {
      ...DOWNLOAD_RETRY,
      ...Object.fromEntries(Object.entries(options.retry ?? {}).filter(([, v]) => v !== undefined)),
    };
    this.#signal = options.signal;
    this.#log = options.log ?? (() => {});
    this.#maxBytes = options.maxBytes ?? MAX_UNDECLARED_BYTES;
    this.#minRate = options.minRate ?? DEFAULT_MIN_RATE;
    this.#directWritesUpTo = options.directWritesUpTo ?? DIRECT_WRITES_UP_TO;
  }

  /** Part files not yet renamed or removed. */
  get parts(): ReadonlySet<string> {
    return this.#parts;
  }

  /** Removes every part file left, synchronously, so it also works as the last thing before the process exits. */
  removeParts(): void {
    for (const part of this.#parts) {
      try {
        unlinkSync(part);
      } catch {
        // Already gone.
      }
      this.#parts.delete(part);
    }
  }

  async download(request: DownloadRequest): Promise<DownloadResult> {
    const signal = eitherSignal(request.signal, this.#signal);
    if (signal.aborted) throw abortReason(signal);
    // Beside the destination, so the final rename stays on one file system; `wx` never follows or reuses a file.
    const part = partFileName(request.dest);
    // Creating, closing and renaming are done on the main thread (for the writes, see PartWriter): each takes
    // microseconds, less than a trip to the thread pool and back, and the request is sent only once the file
    // exists. A create that waits on a busy file system holds the other downloads for that long; their bytes wait
    // in the connections meanwhile. (Measured, 800 files of 256 KiB at 8 at once, on tmpfs, 15 alternating runs:
    // 668 ms with the create in the thread pool, 605 ms without.)
    const fd = openSync(part, 'wx', 0o666);
    this.#parts.add(part);
    let closed = false;
    try {
      const result = await this.#fetchInto(fd, request, signal);
      closed = true;
      closeSync(fd);
      if (signal.aborted) throw abortReason(signal);
      renameSync(part, request.dest);
      this.#parts.delete(part);
      return result;
    } catch (error) {
      if (!closed) {
        try {
          closeSync(fd);
        } catch {
          // Closed or not, the part file is removed below.
        }
      }
      try {
        unlinkSync(part);
      } catch {
        // Already gone.
      }
      this.#parts.delete(part);
      if (signal.aborted) throw abortReason(signal);
      throw error;
    }
  }

  async #fetchInto(fd: number, request: DownloadRequest, signal: AbortSignal): Promise<DownloadResult> {
    const { url, name } = request;
    /** Bytes reported through onBytes, kept equal to what is on disk after each attempt. */
    let reported = 0;
    const report = (bytes: number): void => {
      reported += bytes;
      request.onBytes?.(bytes);
    };
    let offset = 0;
    /** Size of the whole file, once a response told it. */
    let total: number | undefined;
    /** ETag or Last-Modified of the first answer: a resumed part must come from the same file (If-Range). */
    let validator: string | undefined;
    let useRange = true;
    let resumed = 0;
    let failures = 0;
    /** The furthest the part file ever got: only going beyond it counts as progress. */
    let furthest = 0;

    for (let attempt = 1; ; attempt++) {
      /** Whether this attempt's answer is encoded. */
      let encodedAttempt = false;
      try {
        const headers: Record<string, string> = { 'accept-encoding': 'identity' };
        const resuming = offset > 0 && useRange;
        if (resuming) {
          headers.range = `bytes=${offset}-`;
          if (validator !== undefined) headers['if-range'] = validator;
        }
        let writer: PartWriter | undefined;
        let start = 0;
        /** Content-Length of an encoded answer: what the wire must bring, before decoding. */
        let rawLength: number | undefined;
        // The writer takes the body as it arrives, with nothing awaited in between: a body failing while no one
        // listens would end the process.
        await this.#opener.receive(
          url,
          { headers, signal },
          {
            start: (answer, control) => {
              const encoding = encodingOf(answer.headers);
              // A range of encoded bytes cannot be appended to decoded ones: a failed attempt starts over.
              if (encoding !== undefined) encodedAttempt = true;
              let truncate = false;
              if (answer.status === 206) {
                const range = parseContentRange(header(answer.headers, 'content-range'));
                const fits =
                  resuming &&
                  encoding === undefined &&
                  range !== undefined &&
                  range.start === offset &&
                  (total === undefined || range.total === undefined || range.total === total);
                if (!fits) {
                  throw new StartOverError(
                    resuming
                      ? `the server answered the request for bytes ${offset}- with Content-Range ${JSON.stringify(header(answer.headers, 'content-range') ?? '')}${encoding === undefined ? '' : ` and Content-Encoding ${encoding}`}`
                      : 'the server sent part of the file (206) when the whole file was asked for',
                  );
                }
                start = offset;
                total ??= range.total;
                resumed++;
                this.#log('debug', `${name}: resuming at byte ${offset}`);
              } else {
                if (offset > 0) {
                  // The server sent the whole file again (no Range support, or the file changed): start over.
                  report(-reported);
                  offset = 0;
                  truncate = true;
                }
                total = encoding === undefined ? contentLength(answer.headers) : undefined;
                rawLength = encoding === undefined ? undefined : contentLength(answer.headers);
                validator ??= strongValidator(answer.headers);
              }
              writer = new PartWriter({
                fd,
                position: start,
                truncate,
                maxBytes: total === undefined ? this.#maxBytes : undefined,
                encoding,
                direct:
                  encoding === undefined &&
                  total !== undefined &&
                  total - start <= WRITE_BATCH_BYTES &&
                  this.#parts.size <= this.#directWritesUpTo,
                onBytes: report,
                now: this.#clock.now(),
              });
              writer.attach(control);
            },
            data: (chunk) => writer?.data(chunk) ?? true,
            end: () => writer?.end(),
            error: (error) => writer?.error(error),
          },
        );
        if (writer === undefined) throw new Error('the transport took an answer without starting its body');
        const unwatch = this.#watch(writer, url);
        try {
          offset = start + (await writer.done);
        } finally {
          unwatch();
        }
        if (rawLength !== undefined && writer.raw !== rawLength) {
          throw new IncompleteBodyError(`the encoded body ended after ${writer.raw} of ${rawLength} bytes`);
        }
        if (total !== undefined && offset !== total) {
          if (offset < total)
            throw new IncompleteBodyError(`the body ended after ${offset} of ${total} bytes`);
          throw new StartOverError(
            `GET ${displayUrl(url)}: the body is longer than its Content-Length of ${total} bytes`,
          );
        }
        return { bytes: offset, attempts: attempt, resumed };
      } catch (caught) {
        if (signal.aborted) throw abortReason(signal);
        const error = asError(caught);
        // What is on disk is what counts, whatever the stream received before it failed.
        offset = (await statFile(fd)).size;
        if (error instanceof StartOverError || encodedAttempt) {
          useRange = false;
          if (offset > 0) {
            await truncateFile(fd, 0);
            offset = 0;
          }
        } else if (error instanceof ApiError && error.status === 416) {
          // The range asked for is beyond the file: it changed; ask for all of it.
          useRange = false;
        }
        if (reported !== offset) report(offset - reported);
        // An attempt that took the file further than ever resets the count of failures in a row.
        // A body below the minimum rate always counts: a drip makes a little progress every time.
        failures = offset > furthest && !(error instanceof TooSlowError) ? 1 : failures + 1;
        furthest = Math.max(furthest, offset);
        const retriable = transient(error);
        if (!retriable || failures >= this.#retry.maxAttempts || attempt >= this.#retry.maxAttempts * 4) {
          throw new DownloadError(name, error, attempt);
        }
        const wait = backoffDelay(failures, this.#retry, () => this.#clock.random());
        const where = offset > 0 && useRange ? `resuming at ${offset} bytes` : 'starting over';
        this.#log(
          'info',
          `${name}: ${error.message}; ${where} in ${(wait / 1000).toFixed(1)} s (attempt ${attempt + 1})`,
        );
        await this.#clock.sleep(wait, signal);
      }
    }
  }

  #watch(writer: PartWriter, url: string): () => void {
    this.#watched.add(writer);
    this.#urls.set(writer, url);
    if (this.#ticker === undefined) {
      const every = Math.max(10, Math.min(1000, this.#minRate.windowMs / 4));
      this.#ticker = setInterval(() => this.#checkRates(), every);
      this.#ticker.unref();
    }
    return () => {
      this.#watched.delete(writer);
      this.#urls.delete(writer);
      if (this.#watched.size === 0 && this.#ticker !== undefined) {
        clearInterval(this.#ticker);
        this.#ticker = undefined;
      }
    };
  }

  #checkRates(): void {
    const now = this.#clock.now();
    const { bytes, windowMs } = this.#minRate;
    for (const writer of this.#watched) {
      if (now - writer.windowStart < windowMs) continue;
      if (writer.raw - writer.windowRaw < bytes) {
        const url = this.#urls.get(writer) ?? '';
        writer.fail(
          new TooSlowError(
            `GET ${displayUrl(url)}: the body arrived slower than ${sizeText(bytes)} in ${windowMs / 1000} s (${writer.raw - writer.windowRaw} bytes in the last ${((now - writer.windowStart) / 1000).toFixed(1)} s)`,
          ),
          true,
        );
      } else {
        writer.windowStart = now;
        writer.windowRaw = writer.raw;
      }
    }
  }
}

/** Failures worth another attempt: the wire, a timeout, a server-side error, a cut body, an unusable range. */
function transient(error: Error): boolean {
  if (error instanceof NetworkError) return !/^ERR_TLS_|CERT|SSL/u.test(error.code);
  if (error instanceof TimeoutError || error instanceof IncompleteBodyError) return true;
  if (error instanceof StartOverError || error instanceof TooSlowError || error instanceof CorruptBodyError)
    return true;
  if (error instanceof TooLargeError || error instanceof UnsupportedEncodingError) return false;
  if (error instanceof ApiError) return retriableStatus(error.status) || error.status === 416;
  if (error instanceof AbortedError) return false;
  // undici's own errors of a body cut short (e.g. a Content-Length mismatch) before the transport maps them.
  const code = (error as { code?: unknown }).code;
  return (
    typeof code === 'string' &&
    /^(UND_ERR_(SOCKET|RES_CONTENT_LENGTH_MISMATCH)|ECONNRESET|EPIPE)$/u.test(code)
  );
}

function header(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function contentLength(headers: ResponseHeaders): number | undefined {
  const text = header(headers, 'content-length');
  if (text === undefined || !/^\d+$/u.test(text.trim())) return undefined;
  const n = Number(text.trim());
  return Number.isSafeInteger(n) ? n : undefined;
}

/** A strong ETag, else Last-Modified: what If-Range accepts (a weak ETag may not be used there). */
function strongValidator(headers: ResponseHeaders): string | undefined {
  const etag = header(headers, 'etag');
  if (etag !== undefined && !etag.startsWith('W/')) return etag;
  return header(headers, 'last-modified');
}

/** `bytes 100-199/1000` (or `/*`). */
export function parseContentRange(
  value: string | undefined,
): { start: number; end: number; total: number | undefined } | undefined {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/u.exec(value?.trim() ?? '');
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = Number(match[2]);
  const total = match[3] === '*' ? undefined : Number(match[3]);
  if (end < start || (total !== undefined && end >= total)) return undefined;
  return { start, end, total };
}

/** One signal for both, without a composite signal (and its bookkeeping) when only one is given. */
function eitherSignal(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal {
  if (a === undefined) return b ?? new AbortController().signal;
  return b === undefined ? a : AbortSignal.any([a, b]);
}

type Encoding = 'gzip' | 'deflate' | 'br';

/** The one Content-Encoding of an answer, undefined for none; a clear error for what cannot be decoded. */
function encodingOf(headers: ResponseHeaders): Encoding | undefined {
  // Every Content-Encoding line counts: `identity` then `gzip` on two lines is a gzip body.
  const lines = headers['content-encoding'];
  const value = Array.isArray(lines) ? lines.join(', ') : lines;
  if (value === undefined) return undefined;
  const codings = value
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.length === 0) return undefined;
  const [only] = codings;
  if (codings.length === 1 && only !== undefined) {
    if (only === 'gzip' || only === 'x-gzip') return 'gzip';
    if (only === 'deflate' || only === 'br') return only;
  }
  throw new UnsupportedEncodingError(
    `the server sent the file with Content-Encoding ${JSON.stringify(value)}, which cannot be decoded (gzip, deflate or br can)`,
  );
}

/**
 * The writing end of one attempt: takes the body's chunks as they arrive (decoding them first when the answer is
 * encoded), copies them into batches of WRITE_BATCH_BYTES and writes each full batch at its position in the part
 * file, the next batch being filled while the last is written; when two batches are waiting it asks the source to
 * pause. The batches are written in the thread pool. With few downloads at once, a body known to fit in one batch
 * is instead written chunk by chunk as it arrives, on the main thread (`direct`, see DIRECT_WRITES_UP_TO). `done`
 * settles once nothing is left to write: with the bytes written, or with the attempt's first error (after what was
 * received is written, when the body itself failed, so the file's size is what arrived and a retry resumes there).
 * Callbacks rather than promises and streams: for files of a few hundred KiB that machinery (a Readable, a pipeline
 * with its AbortController, a promise per chunk) cost more of the main thread than the writes.
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
  readonly #encoding: Encoding | undefined;
  readonly #direct: boolean;
  #decoder: Transform | undefined;
  #source: BodyControl | undefined;
  /** The batch being filled, and how far. */
  #batch: Buffer | undefined;
  #fill = 0;
  /** Full batches waiting for their write. */
  #full: Buffer[] = [];
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
    encoding: Encoding | undefined;
    /**
     * Each chunk is written at once, from the wire's own memory, on the main thread: for a body known to be at most
     * one batch, this saves copying it into a batch and the batch's trip to the thread pool.
     */
    direct: boolean;
    onBytes: (bytes: number) => void;
    now: number;
  }) {
    this.#fd = options.fd;
    this.#position = options.position;
    this.#truncate = options.truncate;
    this.#maxBytes = options.maxBytes;
    this.#encoding = options.encoding;
    this.#direct = options.direct;
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
    const decoder = (this.#decoder ??= this.#makeDecoder(chunk));
    // A copy: the decoder works on its input later, and the chunk's memory is reused by the next read.
    const more = decoder.write(Buffer.from(chunk)) && this.#keepGoing();
    if (!more) this.#sourcePaused = true;
    return more;
  }

  /** The body arrived whole. */
  end(): void {
    if (this.#error !== undefined || this.#ending) return;
    if (this.#encoding !== undefined) {
      // An empty encoded body decodes to nothing, but a decoder would call it truncated.
      (this.#decoder ??= this.#makeDecoder(Buffer.alloc(0))).end();
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

  #makeDecoder(first: Buffer): Transform {
    // Some servers send raw deflate for `deflate`: a zlib stream starts with a byte whose low nibble is 8.
    const decoder =
      this.#encoding === 'gzip'
        ? zlib().createGunzip()
        : this.#encoding === 'br'
          ? zlib().createBrotliDecompress()
          : first.length > 0 && ((first[0] ?? 0) & 0x0f) !== 0x08
            ? zlib().createInflateRaw()
            : zlib().createInflate();
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
          `the body is larger than ${sizeText(this.#maxBytes)}, the limit for a file whose size the server does not state (or sends encoded)`,
        ),
        false,
      );
      return;
    }
    if (this.#direct) {
      const failed = this.#writeSync(chunk);
      if (failed === undefined) this.#onBytes(chunk.length);
      else this.#fail(failed, false);
      return;
    }
    for (let from = 0; from < chunk.length;) {
      const batch = (this.#batch ??= takeBatch());
      const copied = chunk.copy(batch, this.#fill, from);
      from += copied;
      this.#fill += copied;
      if (this.#fill === batch.length) {
        this.#full.push(batch);
        this.#batch = undefined;
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
  #takeNext(): { batch: Buffer; bytes: number } | undefined {
    const full = this.#full.shift();
    if (full !== undefined) return { batch: full, bytes: full.length };
    const batch = this.#batch;
    if (batch === undefined || this.#fill === 0) return undefined;
    const bytes = this.#fill;
    this.#batch = undefined;
    this.#fill = 0;
    return { batch, bytes };
  }

  /** Writes `chunk` at the position, on the main thread; the error, if it fails. */
  #writeSync(chunk: Buffer): Error | undefined {
    try {
      if (this.#truncate) {
        this.#truncate = false;
        ftruncateSync(this.#fd, this.#position);
      }
      for (let done = 0; done < chunk.length;) {
        const written = writeSync(this.#fd, chunk, done, chunk.length - done, this.#position);
        done += written;
        this.#written += written;
        this.#position += written;
      }
    } catch (error) {
      return asError(error);
    }
    return undefined;
  }

  #settle(): void {
    if (this.#settled) return;
    this.#settled = true;
    // Nothing is being written: what was not written is dropped, its batches kept for the next writer.
    for (const batch of this.#full) giveBatch(batch);
    if (this.#batch !== undefined) giveBatch(this.#batch);
    this.#full = [];
    this.#batch = undefined;
    this.#fill = 0;
    if (this.#error !== undefined) this.#reject(this.#error);
    else this.#resolve(this.#written);
  }

  #flush(): void {
    const next = this.#takeNext();
    if (next === undefined) return;
    this.#writing = true;
    const at = this.#position;
    const write = (): void => this.#writeAll(next.batch, 0, next.bytes, at);
    this.#position += next.bytes;
    if (this.#truncate) {
      this.#truncate = false;
      ftruncate(this.#fd, at, (error) => {
        if (error) this.#afterWrite(error, next.batch);
        else write();
      });
    } else write();
  }

  /** A short write is rare on regular files but possible: the rest is written before anything else. */
  #writeAll(batch: Buffer, from: number, to: number, at: number): void {
    write(this.#fd, batch, from, to - from, at, (error, bytesWritten) => {
      if (error) {
        this.#afterWrite(error, batch);
        return;
      }
      this.#written += bytesWritten;
      if (from + bytesWritten < to) {
        this.#writeAll(batch, from + bytesWritten, to, at + bytesWritten);
        return;
      }
      this.#afterWrite(null, batch);
    });
  }

  #afterWrite(error: Error | null, batch: Buffer): void {
    this.#writing = false;
    giveBatch(batch);
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

/** `1 KiB`, `64 MiB`, `10 GiB`, or bytes. */
function sizeText(bytes: number): string {
  for (const [unit, size] of [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  return `${bytes} bytes`;
}
