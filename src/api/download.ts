// One file from a URL to disk: streamed (flat memory), atomic (a part file beside the destination, renamed only
// once complete and checked), resumable (a Range request after a transient failure) and never an error page
// (non-2xx answers are errors of the transport, never written). docs/promises.md, promises 7–9.
import { closeSync, createWriteStream, ftruncateSync, openSync, statSync, unlinkSync } from 'node:fs';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { abortReason, systemClock, type Clock } from './clock.ts';
import { discard } from './answer.ts';
import { ApiError, asError, UserFacingError } from './errors.ts';
import { backoffDelay, isTransient, type RetryOptions } from './retry.ts';
import { partFileName } from './paths.ts';
import { renameFile } from './rename.ts';
import { contentCoding, decoder as decoderFor, UnsupportedCodingError, type Coding } from './decode.ts';
import { displayUrl, firstHeader, formatLimit } from './format.ts';
import type { OpenedBody, OpenOptions, ResponseHeaders } from './transport.ts';

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

/** What the downloader needs of the transport: `Transport.open`, which handles credentials and redirects. */
export interface Opener {
  open(url: string, options: OpenOptions): Promise<OpenedBody>;
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

/** A body of unstated size passed the bound: never retried (the next attempt would only do it again). */
export class TooLargeError extends UserFacingError {
  override name = 'TooLargeError';
}

/** An encoded body that does not decode (cut short, or corrupt). */
export class CorruptBodyError extends UserFacingError {
  override name = 'CorruptBodyError';
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

/** The body arrived below the minimum rate. */
export class TooSlowError extends UserFacingError {
  override name = 'TooSlowError';
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

/** Bytes gathered for one write of the part file: one trip to the thread pool per batch, not per read. */
const WRITE_BATCH_BYTES = 1024 * 1024;

/** The bytes of one attempt off the wire, for the minimum-rate rule, and how to stop it. */
interface Watched {
  raw: number;
  windowStart: number;
  windowRaw: number;
  url: string;
  stop(error: Error): void;
}

export class Downloader {
  readonly #opener: Opener;
  readonly #clock: Clock;
  readonly #retry: RetryOptions;
  readonly #signal: AbortSignal | undefined;
  readonly #log: (level: 'debug' | 'info', message: string) => void;
  readonly #maxBytes: number;
  readonly #minRate: MinimumRate;
  /** Part files being written: removed on failure, and by removeParts() when the process is stopped. */
  readonly #parts = new Set<string>();
  /** Bodies being received, checked against the minimum rate by one timer for all. */
  readonly #watched = new Set<Watched>();
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
    // Beside the destination, so the final rename stays on one file system; `wx` never follows or reuses a file,
    // and the request is sent only once the file exists.
    const part = partFileName(request.dest);
    const fd = openSync(part, 'wx', 0o666);
    this.#parts.add(part);
    try {
      const result = await this.#fetchInto(part, fd, request, signal);
      if (signal.aborted) throw abortReason(signal);
      await renameFile(part, request.dest);
      this.#parts.delete(part);
      return result;
    } catch (error) {
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

  /** The attempts of one download; each attempt's write stream owns (and closes) its descriptor of the part file. */
  async #fetchInto(
    part: string,
    firstFd: number,
    request: DownloadRequest,
    signal: AbortSignal,
  ): Promise<DownloadResult> {
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

    // Not undici's retry interceptor: a resumed part must pass the size and rate checks, and a changed file or an
    // encoded answer starts over.
    for (let attempt = 1; ; attempt++) {
      /** Whether this attempt's answer is encoded. */
      let encodedAttempt = false;
      let fd: number | undefined = attempt === 1 ? firstFd : openSync(part, 'r+');
      try {
        const headers: Record<string, string> = { 'accept-encoding': 'identity' };
        const resuming = offset > 0 && useRange;
        if (resuming) {
          headers.range = `bytes=${offset}-`;
          if (validator !== undefined) headers['if-range'] = validator;
        }
        const opened = await this.#opener.open(url, { headers, signal });
        // Nothing is awaited until the body is piped: a body failing while no one listens would end the process.
        const { body } = opened;
        let start = 0;
        /** Content-Length of an encoded answer: what the wire must bring, before decoding. */
        let rawLength: number | undefined;
        let encoding: Coding | undefined;
        try {
          encoding = encodingOf(opened.headers);
          // A range of encoded bytes cannot be appended to decoded ones: a failed attempt starts over.
          if (encoding !== undefined) encodedAttempt = true;
          if (opened.status === 206) {
            const range = parseContentRange(firstHeader(opened.headers['content-range']));
            const fits =
              resuming &&
              encoding === undefined &&
              range !== undefined &&
              range.start === offset &&
              (total === undefined || range.total === undefined || range.total === total);
            if (!fits) {
              throw new StartOverError(
                resuming
                  ? `the server answered the request for bytes ${offset}- with Content-Range ${JSON.stringify(firstHeader(opened.headers['content-range']) ?? '')}${encoding === undefined ? '' : ` and Content-Encoding ${encoding}`}`
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
              ftruncateSync(fd, 0);
            }
            total = encoding === undefined ? contentLength(opened.headers) : undefined;
            rawLength = encoding === undefined ? undefined : contentLength(opened.headers);
            validator ??= strongValidator(opened.headers);
          }
        } catch (error) {
          discard(body);
          throw error;
        }
        const owned = fd;
        fd = undefined;
        const { written, raw } = await this.#write(body, owned, part, start, encoding, total, url, report);
        offset = start + written;
        if (rawLength !== undefined && raw !== rawLength) {
          throw new IncompleteBodyError(`the encoded body ended after ${raw} of ${rawLength} bytes`);
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
        if (fd !== undefined) closeSync(fd);
        if (signal.aborted) throw abortReason(signal);
        const error = asError(caught);
        // What is on disk is what counts, whatever the stream received before it failed.
        offset = statSync(part).size;
        if (error instanceof StartOverError || encodedAttempt) {
          useRange = false;
          offset = 0;
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

  /**
   * One answer's body written into the part file from `start`, decoded when it comes encoded, and `fd` closed:
   * the bytes written, and those that came off the wire. The body is piped at once, with nothing awaited before.
   */
  async #write(
    body: Readable,
    fd: number,
    part: string,
    start: number,
    encoding: Coding | undefined,
    total: number | undefined,
    url: string,
    report: (bytes: number) => void,
  ): Promise<{ written: number; raw: number }> {
    // The stream closes the descriptor only when it fails; once the body is written, it is closed below.
    const file = createWriteStream(part, { fd, start, highWaterMark: WRITE_BATCH_BYTES, autoClose: false });
    // Held until a batch is full (below) or the body ends; a failed body's bytes are written first.
    file.cork();
    body.on('error', () => file.uncork());
    const watched: Watched = {
      raw: 0,
      windowStart: this.#clock.now(),
      windowRaw: 0,
      url,
      stop: (error) => body.destroy(error),
    };
    body.on('data', (chunk: Buffer) => (watched.raw += chunk.length));
    const decoder = encoding === undefined ? undefined : decoderFor(encoding);
    let decoderError: unknown;
    decoder?.once('error', (error) => (decoderError = error));
    const piped = decoder === undefined ? pipeline(body, file) : pipeline(body, decoder, file);
    const limit = total === undefined ? this.#maxBytes : undefined;
    let received = 0;
    const decoded = decoder ?? body;
    // After the pipe's own listener: the chunk is in the batch when its size is looked at.
    decoded.on('data', (chunk: Buffer) => {
      received += chunk.length;
      report(chunk.length);
      if (file.writableLength >= WRITE_BATCH_BYTES) {
        file.uncork();
        file.cork();
      }
      if (limit !== undefined && received > limit) {
        // The decoder's stream, not the body's: a small encoded body may have ended already.
        decoded.destroy(
          new TooLargeError(
            `the body is larger than ${formatLimit(limit)}, the limit for a file whose size the server does not state (or sends encoded)`,
          ),
        );
      }
    });
    const unwatch = this.#watch(watched);
    try {
      await piped;
    } catch (error) {
      // The failed stream closes its descriptor once its last write is done: the size is read after that.
      file.destroy();
      if (!file.closed) await once(file, 'close').catch(() => {});
      if (error === decoderError && !(error instanceof UserFacingError)) {
        throw new CorruptBodyError(`the ${encoding} body could not be decoded: ${asError(error).message}`);
      }
      throw error;
    } finally {
      unwatch();
    }
    // On this thread: a close takes less time than a trip to the thread pool and back.
    closeSync(fd);
    return { written: file.bytesWritten, raw: watched.raw };
  }

  #watch(watched: Watched): () => void {
    this.#watched.add(watched);
    if (this.#ticker === undefined) {
      const every = Math.max(10, Math.min(1000, this.#minRate.windowMs / 4));
      this.#ticker = setInterval(() => this.#checkRates(), every);
      this.#ticker.unref();
    }
    return () => {
      this.#watched.delete(watched);
      if (this.#watched.size === 0 && this.#ticker !== undefined) {
        clearInterval(this.#ticker);
        this.#ticker = undefined;
      }
    };
  }

  #checkRates(): void {
    const now = this.#clock.now();
    const { bytes, windowMs } = this.#minRate;
    for (const watched of this.#watched) {
      if (now - watched.windowStart < windowMs) continue;
      const got = watched.raw - watched.windowRaw;
      if (got < bytes) {
        watched.stop(
          new TooSlowError(
            `GET ${displayUrl(watched.url)}: the body arrived slower than ${formatLimit(bytes)} in ${windowMs / 1000} s (${got} bytes in the last ${((now - watched.windowStart) / 1000).toFixed(1)} s)`,
          ),
        );
      } else {
        watched.windowStart = now;
        watched.windowRaw = watched.raw;
      }
    }
  }
}

/** Failures worth another attempt: the wire, a timeout, a server-side error, a cut body, an unusable range. */
function transient(error: Error): boolean {
  if (isTransient(error)) return true;
  if (error instanceof IncompleteBodyError || error instanceof StartOverError) return true;
  if (error instanceof TooSlowError || error instanceof CorruptBodyError) return true;
  return error instanceof ApiError && error.status === 416;
}

function contentLength(headers: ResponseHeaders): number | undefined {
  const text = firstHeader(headers['content-length']);
  if (text === undefined || !/^\d+$/u.test(text.trim())) return undefined;
  const n = Number(text.trim());
  return Number.isSafeInteger(n) ? n : undefined;
}

/** A strong ETag, else Last-Modified: what If-Range accepts (a weak ETag may not be used there). */
function strongValidator(headers: ResponseHeaders): string | undefined {
  const etag = firstHeader(headers['etag']);
  if (etag !== undefined && !etag.startsWith('W/')) return etag;
  return firstHeader(headers['last-modified']);
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

/** The one content coding of an answer (src/api/decode.ts), undefined for none; a clear error otherwise. */
function encodingOf(headers: ResponseHeaders): Coding | undefined {
  try {
    return contentCoding(headers['content-encoding']);
  } catch (error) {
    if (error instanceof UnsupportedCodingError)
      throw new UnsupportedEncodingError(`the server sent the file with ${error.message}`);
    throw error;
  }
}
