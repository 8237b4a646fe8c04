// One file from a URL to disk: streamed (flat memory), atomic (a part file beside the destination, renamed only
// once complete and checked), resumable (a Range request after a transient failure) and never an error page
// (non-2xx answers are errors of the transport, never written). Promises 7–9.
import { randomUUID } from 'node:crypto';
import { close, fstat, ftruncate, open, rename, unlinkSync, writev } from 'node:fs';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
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
    const signal = eitherSignal(request.signal, this.#signal);
    if (signal.aborted) throw abortReason(signal);
    // Beside the destination, so the final rename stays on one file system; `wx` never follows or reuses a file.
    // 12 random hex digits: randomUUID draws from a pool of entropy, where randomBytes asks the system every time.
    const part = `${request.dest}.${randomUUID().replace('-', '').slice(0, 12)}.part`;
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
        // Whatever happens below, the body is consumed or destroyed, so its connection is freed.
        try {
          let start = 0;
          if (response.status === 206) {
            const range = parseContentRange(header(response.headers, 'content-range'));
            const fits =
              resuming &&
              range !== undefined &&
              range.start === offset &&
              (total === undefined || range.total === undefined || range.total === total);
            if (!fits) {
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
          offset = start + (await writeBody(response.body, fd, start, signal, report));
        } finally {
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

/** One signal for both, without a composite signal (and its bookkeeping) when only one is given. */
function eitherSignal(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal {
  if (a === undefined) return b ?? new AbortController().signal;
  return b === undefined ? a : AbortSignal.any([a, b]);
}

/**
 * Writes a body into a part file it does not own (the descriptor stays open, so a failed attempt can be resumed in
 * the same file) from `position` on; returns the bytes written. Chunks are gathered up to WRITE_BATCH_BYTES and
 * written with one writev, since every write is a trip to the thread pool: a small file takes one write, a large one
 * a write per MiB, the next batch being gathered while the last one is written (two batches in memory at most).
 * When the body fails, what was gathered is still written before the error is thrown, so the file's size is always
 * what was received. A plain loop rather than stream.pipeline into a Writable: with files of a few hundred KiB that
 * machinery (an AbortController aborted with a DOMException per pipeline, a listener per chunk) cost more of the main
 * thread than the writes themselves.
 */
async function writeBody(
  body: Readable,
  fd: number,
  position: number,
  signal: AbortSignal,
  onBytes: (bytes: number) => void,
): Promise<number> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let written = 0;
  /** The write on its way, if any: writes happen one after the other. */
  let writing: Promise<void> = Promise.resolve();
  const flush = (): void => {
    const buffers = pending;
    const at = position;
    position += pendingBytes;
    pending = [];
    pendingBytes = 0;
    writing = writing.then(() => writeAll(fd, buffers, at, (n) => (written += n)));
    // Its failure is seen where it is awaited: before the next write, or at the end.
    writing.catch(() => {});
  };
  const stop = (): void => {
    body.destroy(abortReason(signal));
  };
  if (signal.aborted) throw abortReason(signal);
  signal.addEventListener('abort', stop, { once: true });
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      onBytes(chunk.length);
      if (pendingBytes >= WRITE_BATCH_BYTES) {
        await writing;
        flush();
      }
    }
    if (pendingBytes > 0) flush();
    await writing;
    return written;
  } catch (error) {
    if (pendingBytes > 0) flush();
    // The body's failure is the one reported; a failed write has already left the file at what it holds.
    await writing.catch(() => {});
    throw error;
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

/** A short write is rare on regular files but possible: the rest is written before anything else. */
async function writeAll(
  fd: number,
  buffers: Buffer[],
  position: number,
  onWritten: (bytes: number) => void,
): Promise<void> {
  let rest = buffers;
  let left = rest.reduce((sum, b) => sum + b.length, 0);
  let at = position;
  while (left > 0) {
    const { bytesWritten } = await writevFile(fd, rest, at);
    onWritten(bytesWritten);
    at += bytesWritten;
    left -= bytesWritten;
    if (left > 0) rest = [Buffer.concat(rest).subarray(bytesWritten)];
  }
}
