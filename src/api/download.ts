// One file from a URL to disk: streamed (flat memory), atomic (a part file beside the destination, renamed only
// once complete and checked), resumable (a Range request after a transient failure) and never an error page
// (non-2xx answers are errors of the transport, never written). Promises 7–9.
import { randomBytes } from 'node:crypto';
import { close, fstat, ftruncate, open, rename, unlinkSync, writev } from 'node:fs';
import { basename } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { abortReason, systemClock, type Clock } from './clock.ts';
import { AbortedError, ApiError, NetworkError, TimeoutError, UserFacingError } from './errors.ts';
import { backoffDelay, retriableStatus, type RetryOptions } from './retry.ts';
import type { OpenedBody, OpenOptions, ResponseHeaders } from './transport.ts';

const openFile = promisify(open);
const closeFile = promisify(close);
const statFile = promisify(fstat);
const truncateFile = promisify(ftruncate);
const renameFile = promisify(rename);
const writevFile = promisify(writev);

/** Bytes gathered for one write: fewer, larger writes, and little memory (one batch per download). */
const WRITE_BATCH_BYTES = 1024 * 1024;

/** What the downloader needs of the transport: `Transport.open`, which handles credentials and redirects. */
export interface Opener {
  open(url: string, options?: OpenOptions): Promise<OpenedBody>;
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

/** The answer cannot be appended to the part file (a range that does not fit, a body longer than announced): the
 *  next attempt asks for the whole file. */
class StartOverError extends UserFacingError {
  override name = 'StartOverError';
}

export class Downloader {
  readonly #opener: Opener;
  readonly #clock: Clock;
  readonly #retry: RetryOptions;
  readonly #signal: AbortSignal | undefined;
  readonly #log: (level: 'debug' | 'info', message: string) => void;
  /** Part files being written: removed on failure, and by removeParts() when the process is stopped. */
  readonly #parts = new Set<string>();

  constructor(options: DownloaderOptions) {
    this.#opener = options.opener;
    this.#clock = options.clock ?? systemClock;
    this.#retry = {
      ...DOWNLOAD_RETRY,
      ...Object.fromEntries(Object.entries(options.retry ?? {}).filter(([, v]) => v !== undefined)),
    };
    this.#signal = options.signal;
    this.#log = options.log ?? (() => {});
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
    const signals = [request.signal, this.#signal].filter((s): s is AbortSignal => s !== undefined);
    const signal = signals.length === 0 ? new AbortController().signal : AbortSignal.any(signals);
    if (signal.aborted) throw abortReason(signal);
    // Beside the destination, so the final rename stays on one file system; `wx` never follows or reuses a file.
    const part = `${request.dest}.${randomBytes(6).toString('hex')}.part`;
    const fd = await openFile(part, 'wx', 0o666);
    this.#parts.add(part);
    let closed = false;
    try {
      const result = await this.#fetchInto(fd, request, signal);
      closed = true;
      await closeFile(fd);
      if (signal.aborted) throw abortReason(signal);
      await renameFile(part, request.dest);
      this.#parts.delete(part);
      return result;
    } catch (error) {
      if (!closed) await closeFile(fd).catch(() => {});
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
      try {
        const headers: Record<string, string> = { 'accept-encoding': 'identity' };
        const resuming = offset > 0 && useRange;
        if (resuming) {
          headers.range = `bytes=${offset}-`;
          if (validator !== undefined) headers['if-range'] = validator;
        }
        const response = await this.#opener.open(url, { headers, signal });
        // pipeline reports the body's errors; one arriving after it settled (a late reset) must not crash.
        response.body.on('error', () => {});
        let start = 0;
        if (response.status === 206) {
          const range = parseContentRange(header(response.headers, 'content-range'));
          const fits =
            resuming &&
            range !== undefined &&
            range.start === offset &&
            (total === undefined || range.total === undefined || range.total === total);
          if (!fits) {
            response.body.destroy();
            throw new StartOverError(
              resuming
                ? `the server answered the request for bytes ${offset}- with Content-Range ${JSON.stringify(header(response.headers, 'content-range') ?? '')}`
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
            await truncateFile(fd, 0);
          }
          total = contentLength(response.headers);
          validator ??= strongValidator(response.headers);
        }
        const out = new FileWriter(fd, start);
        const piped = pipeline(response.body, out, { signal });
        // Attached once the pipe is set up: a counter, not a second consumer.
        if (request.onBytes) response.body.on('data', (chunk: Buffer) => report(chunk.length));
        try {
          await piped;
        } finally {
          // A failed pipeline may call back before the writer has written what it gathered: wait for it.
          if (!out.closed) await new Promise((resolve) => out.once('close', resolve));
          offset = start + out.bytesWritten;
          response.body.destroy();
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
        const error = caught instanceof Error ? caught : new Error(String(caught));
        // What is on disk is what counts, whatever the stream received before it failed.
        offset = (await statFile(fd)).size;
        if (error instanceof StartOverError) {
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
        failures = offset > furthest ? 1 : failures + 1;
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
}

/** Failures worth another attempt: the wire, a timeout, a server-side error, a cut body, an unusable range. */
function transient(error: Error): boolean {
  if (error instanceof NetworkError) return !/^ERR_TLS_|CERT|SSL/u.test(error.code);
  if (error instanceof TimeoutError || error instanceof IncompleteBodyError) return true;
  if (error instanceof StartOverError) return true;
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

/** A URL for messages: no user info, no query (signed URLs carry credentials there). */
function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return basename(url);
  }
}

/**
 * Writes a stream at a position of a file it does not own: unlike fs.WriteStream, destroying it (as pipeline does
 * on any failure) leaves the descriptor open, so a failed attempt can be resumed in the same part file. Chunks are
 * gathered up to WRITE_BATCH_BYTES and written with one writev, since every write is a trip to the thread pool: a
 * small file takes one write, a large one a write per MiB. Writes happen one after the other, and what was gathered
 * when the stream is destroyed is still written, so the file's size is always what was received.
 */
class FileWriter extends Writable {
  readonly #fd: number;
  #position: number;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #writing: Promise<void> = Promise.resolve();
  bytesWritten = 0;

  constructor(fd: number, position: number) {
    super({ highWaterMark: WRITE_BATCH_BYTES });
    this.#fd = fd;
    this.#position = position;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#gather(chunk);
    if (this.#pendingBytes >= WRITE_BATCH_BYTES) this.#flush(callback);
    else callback();
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    for (const { chunk } of chunks) this.#gather(chunk);
    if (this.#pendingBytes >= WRITE_BATCH_BYTES) this.#flush(callback);
    else callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#flush(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#flush((flushError) => callback(error ?? flushError ?? null));
  }

  #gather(chunk: Buffer): void {
    this.#pending.push(chunk);
    this.#pendingBytes += chunk.length;
  }

  /** Writes what was gathered after any write still on its way; calls back once both are done. */
  #flush(callback: (error?: Error | null) => void): void {
    if (this.#pendingBytes > 0) {
      const buffers = this.#pending;
      const size = this.#pendingBytes;
      this.#pending = [];
      this.#pendingBytes = 0;
      this.#writing = this.#writing.then(() => this.#writeAll(buffers, size));
    }
    this.#writing.then(
      () => callback(),
      (error: unknown) => callback(error as Error),
    );
  }

  /** A short write is rare on regular files but possible: the rest is written before anything else. */
  async #writeAll(buffers: Buffer[], size: number): Promise<void> {
    let rest = buffers;
    let left = size;
    while (left > 0) {
      const { bytesWritten: written } = await writevFile(this.#fd, rest, this.#position);
      this.#position += written;
      this.bytesWritten += written;
      left -= written;
      if (left > 0) rest = [Buffer.concat(rest).subarray(written)];
    }
  }
}
