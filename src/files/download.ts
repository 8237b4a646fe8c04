// One file from a URL to disk: streamed (flat memory), atomic (a part file beside the destination, renamed only
// once complete and checked), resumable (a Range request after a transient failure) and never an error page
// (non-2xx answers are errors of the transport, never written). docs/promises.md, promises 7–9.
import { closeSync, createWriteStream, ftruncateSync, openSync, unlinkSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { abortReason, systemClock, type Clock } from '../common/clock.ts';
import { asError, UserFacingError } from '../common/errors.ts';
import { displayUrl, firstHeader, formatLimit, quoted, shortDuration } from '../common/format.ts';
import { definedOnly } from '../common/values.ts';
import { discard } from '../service/http/answer.ts';
import { contentCoding, decoder, type Coding } from '../service/http/decode.ts';
import { ApiError } from '../service/http/errors.ts';
import { backoffDelay, isTransient, type RetryOptions } from '../service/http/retry.ts';
import type { OpenedBody, Transport } from '../service/http/transport.ts';
import { partFileName } from './names.ts';
import { renameFile } from './rename.ts';

/** The transport's `open`, which handles credentials and redirects. */
export type Opener = Pick<Transport, 'open'>;

interface DownloaderOptions {
  opener: Opener;
  clock?: Clock;
  retry?: Partial<RetryOptions>;
  log?: (level: 'debug' | 'info', message: string) => void;
  /** The most a body of unstated (or encoded) size may hold: an endless body or a decompression bomb fails there. */
  maxBytes?: number;
  /** Fewer than `bytes` in any window of `windowMs` fails the attempt: a drip never trips the idle timeout. */
  minRate?: { bytes: number; windowMs: number };
}

interface DownloadRequest {
  url: string;
  /** Absolute path of the final file; its folder exists. */
  dest: string;
  name: string;
  signal?: AbortSignal;
  /** Bytes received, as they arrive (negative when bytes are thrown away to start over). */
  onBytes?: (bytes: number) => void;
}

export class DownloadError extends UserFacingError {
  override name = 'DownloadError';
  constructor(artifact: string, cause: Error, attempts: number) {
    const tries =
      attempts > 1 && !/after \d+ attempts/u.test(cause.message) ? ` (after ${attempts} attempts)` : '';
    super(`artifact ${artifact}: ${cause.message}${tries}`, { cause });
  }
}

/** `slow` resumes but counts as a failure, since a drip takes the file a little further every time. */
class AttemptError extends UserFacingError {
  override name = 'AttemptError';
  readonly next: 'resume' | 'restart' | 'slow' | 'none';
  constructor(message: string, next: AttemptError['next']) {
    super(message);
    this.next = next;
  }
}

const restart = (message: string): AttemptError => new AttemptError(message, 'restart');

export class Downloader {
  readonly #options: Required<Omit<DownloaderOptions, 'retry'>> & { retry: RetryOptions };
  /** Part files being written: removed on failure, and by removeParts() when the process is stopped. */
  readonly #parts = new Set<string>();

  constructor(options: DownloaderOptions) {
    this.#options = {
      opener: options.opener,
      clock: systemClock,
      log: () => {},
      // Above what a hosted runner's free disk can take beside a checkout.
      maxBytes: 10 * 1024 ** 3,
      // Far below any real storage, far above a drip.
      minRate: { bytes: 64 * 1024, windowMs: 60_000 },
      ...definedOnly(options),
      // Failures in a row, since resuming is cheap; four times as many attempts in all is the outer bound.
      retry: { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 15_000, ...definedOnly(options.retry) },
    };
  }

  get parts(): ReadonlySet<string> {
    return this.#parts;
  }

  /** Synchronous, so it also works as the last thing before the process exits. */
  removeParts(): void {
    for (const part of this.#parts) remove(part);
    this.#parts.clear();
  }

  async download(request: DownloadRequest): Promise<{ bytes: number; attempts: number; resumed: number }> {
    const signal = request.signal ?? new AbortController().signal;
    if (signal.aborted) throw abortReason(signal);
    // Beside the destination, so the rename stays on one file system; `wx` never follows or reuses a file.
    const part = partFileName(request.dest);
    const fd = openSync(part, 'wx', 0o666);
    this.#parts.add(part);
    try {
      const result = await this.#attempts(fd, request, signal).finally(() => closeSync(fd));
      if (signal.aborted) throw abortReason(signal);
      await renameFile(part, request.dest);
      return result;
    } catch (error) {
      remove(part);
      throw signal.aborted ? abortReason(signal) : error;
    } finally {
      this.#parts.delete(part);
    }
  }

  // Not undici's retry interceptor: a resumed part must pass the size and rate checks below.
  async #attempts(fd: number, { url, name, onBytes }: DownloadRequest, signal: AbortSignal) {
    const { opener, clock, retry, log, maxBytes, minRate } = this.#options;
    let size = 0;
    const empty = (): void => {
      if (size === 0) return;
      onBytes?.(-size);
      size = 0;
      ftruncateSync(fd, 0);
    };
    let total: number | undefined;
    // The version the part file began with: a resumed part must be of it.
    let version: Version = { etag: undefined, modified: undefined };
    let useRange = true;
    let resumed = 0;
    let failures = 0;
    // Only going beyond the furthest the part file ever got counts as progress.
    let furthest = 0;

    // Read by `data` events, cheaper than a pipeline; written by the thread pool in batches (docs/performance.md).
    const receive = async (body: Readable, coding: Coding | undefined, limit: number): Promise<void> => {
      const decode = coding === undefined ? undefined : decoder(coding);
      const source = decode ?? body;
      let got = 0;
      let raw = 0;
      // A failure of ours, told apart from the decoder's own.
      let failure: Error | undefined;
      const { bytes, windowMs } = minRate;
      let since = clock.now();
      let before = 0;
      const watch = (): void => {
        const now = clock.now();
        const wire = decode === undefined ? got : raw;
        if (now - since < windowMs) return;
        if (wire - before >= bytes) [since, before] = [now, wire];
        else {
          const message = `GET ${displayUrl(url)}: the body arrived slower than ${formatLimit(bytes)} in ${windowMs / 1000} s (${wire - before} bytes in the last ${((now - since) / 1000).toFixed(1)} s)`;
          body.destroy(new AttemptError(message, 'slow'));
        }
      };
      const watchdog = setInterval(watch, Math.max(10, Math.min(1000, windowMs / 4))).unref();
      const start = size;
      const file = createWriteStream('', { fd, start, highWaterMark: WRITE_BATCH_BYTES, autoClose: false });
      file.cork();
      file.on('error', (error) => source.destroy((failure = error)));
      try {
        await new Promise((resolve, reject) => {
          source.on('error', reject).once('end', resolve);
          source.on('data', (chunk: Buffer) => {
            try {
              if ((got += chunk.length) > limit) {
                throw new AttemptError(
                  `the body is larger than ${formatLimit(limit)}, the limit for a file whose size the server does not state (or sends encoded)`,
                  'none',
                );
              }
              file.write(chunk);
              if (file.writableLength >= WRITE_BATCH_BYTES) {
                file.uncork();
                file.cork();
              }
              // A disk slower than the network holds the body back, not the memory.
              if (file.writableNeedDrain) {
                source.pause();
                file.once('drain', () => source.resume());
              }
              onBytes?.(chunk.length);
            } catch (error) {
              source.destroy((failure = asError(error)));
            }
          });
          if (decode === undefined) return;
          body
            .on('data', (chunk: Buffer) => (raw += chunk.length))
            .on('error', (error) => decode.destroy(error));
          body.pipe(decode);
        });
      } catch (error) {
        discard(body);
        if (decode === undefined || error === failure || error instanceof UserFacingError) throw error;
        throw restart(`the ${coding} body could not be decoded: ${asError(error).message}`);
      } finally {
        clearInterval(watchdog);
        // What is on disk is what counts, whatever failed: every write queued lands first.
        file.uncork();
        await new Promise((resolve) => file.end(resolve));
        size = start + file.bytesWritten;
      }
    };

    for (let attempt = 1; ; attempt++) {
      // A range of encoded bytes cannot be appended to decoded ones: an encoded attempt that fails starts over.
      let encoded = false;
      try {
        const headers: Record<string, string> = { 'accept-encoding': 'identity' };
        const resuming = size > 0 && useRange;
        if (resuming) {
          headers.range = `bytes=${size}-`;
          // What If-Range accepts: a strong ETag, else Last-Modified.
          const validator = version.etag?.startsWith('W/') === false ? version.etag : version.modified;
          if (validator !== undefined) headers['if-range'] = validator;
        }
        // Nothing is awaited until the body is piped: a body failing while no one listens would end the process.
        const answer = await opener.open(url, { headers, signal });
        let coding;
        try {
          coding = contentCoding(answer.headers['content-encoding']);
          encoded = coding !== undefined;
          if (answer.status === 206) {
            const sent = firstHeader(answer.headers['content-range']);
            const range = parseContentRange(sent);
            const fits = resuming && !encoded && range?.start === size;
            if (!fits || (range.total ?? total) !== (total ?? range.total)) {
              const asked = resuming ? `bytes ${size}-` : 'the whole file';
              const also = encoded ? ` and Content-Encoding ${coding}` : '';
              const message = `the server answered a request for ${asked} with 206, Content-Range ${JSON.stringify(sent ?? '')}${also}`;
              throw restart(message);
            }
            // A server that ignores If-Range may resume another version: its bytes would end the file.
            const changed = otherVersion(version, versionOf(answer.headers));
            if (changed !== undefined) {
              throw restart(`the server resumed another version of the file (${changed})`);
            }
            total ??= range.total;
            resumed++;
            log('debug', `${name}: resuming at byte ${size}`);
          } else {
            empty();
            const length = firstHeader(answer.headers['content-length'])?.trim() ?? '';
            total = !encoded && /^\d{1,15}$/u.test(length) ? Number(length) : undefined;
            version = versionOf(answer.headers);
          }
        } catch (error) {
          discard(answer.body);
          throw error;
        }
        // undici holds the wire to Content-Length; these hold a 206 to the file its Content-Range announced.
        await receive(answer.body, coding, total === undefined ? maxBytes : Infinity);
        if (total !== undefined && size !== total) {
          throw size < total
            ? new AttemptError(`the body ended after ${size} of ${total} bytes`, 'resume')
            : restart(`GET ${displayUrl(url)}: the body is longer than its Content-Length of ${total} bytes`);
        }
        return { bytes: size, attempts: attempt, resumed };
      } catch (caught) {
        if (signal.aborted) throw abortReason(signal);
        const error = asError(caught);
        const next = error instanceof AttemptError ? error.next : undefined;
        const beyond = error instanceof ApiError && error.status === 416;
        if (encoded || next === 'restart') empty();
        // A range beyond the file means it changed: the next attempts ask for all of it.
        if (encoded || next === 'restart' || beyond) useRange = false;
        failures = size > furthest && next !== 'slow' ? 1 : failures + 1;
        furthest = Math.max(furthest, size);
        const retriable = isTransient(error) || beyond || (next !== undefined && next !== 'none');
        if (!retriable || failures >= retry.maxAttempts || attempt >= retry.maxAttempts * 4) {
          throw new DownloadError(name, error, attempt);
        }
        const wait = backoffDelay(failures, retry, () => clock.random());
        const where = size > 0 && useRange ? `resuming at ${size} bytes` : 'starting over';
        log('info', `${name}: ${error.message}; ${where} in ${shortDuration(wait)} (attempt ${attempt + 1})`);
        await clock.sleep(wait, signal);
      }
    }
  }
}

/** Bytes gathered for one write of the part file: one trip to the thread pool per batch, not per read. */
const WRITE_BATCH_BYTES = 1024 * 1024;

type Version = ReturnType<typeof versionOf>;

function versionOf(headers: OpenedBody['headers']) {
  return { etag: firstHeader(headers.etag), modified: firstHeader(headers['last-modified']) };
}

/** How a resumed answer's version differs from the first's, or undefined; with no validator nothing can tell, and
 *  the resume goes on (docs/promises.md, promise 37). */
function otherVersion(first: Version, resumed: Version): string | undefined {
  const sameEtag = first.etag === resumed.etag;
  // A matching ETag is enough where one of the answers has no date.
  const undated =
    first.etag !== undefined && (first.modified === undefined || resumed.modified === undefined);
  if (sameEtag && (undated || first.modified === resumed.modified)) return undefined;
  const text = (value: string): string => (/^[\x20-\x7e]{1,80}$/u.test(value) ? value : quoted(value, 80));
  const shown = (v: Version): string =>
    !sameEtag && v.etag !== undefined
      ? `ETag ${text(v.etag)}`
      : v.modified !== undefined
        ? `Last-Modified ${text(v.modified)}`
        : 'no ETag or Last-Modified';
  return `${shown(resumed)} where the first answer had ${shown(first)}`;
}

function remove(part: string): void {
  try {
    unlinkSync(part);
  } catch {
    // Already gone.
  }
}

/** `bytes 100-199/1000` (or `/*`). */
export function parseContentRange(
  value: string | undefined,
): { start: number; end: number; total: number | undefined } | undefined {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/u.exec(value?.trim() ?? '');
  if (!match) return undefined;
  const [start, end] = [Number(match[1]), Number(match[2])];
  const total = match[3] === '*' ? undefined : Number(match[3]);
  return end < start || (total !== undefined && end >= total) ? undefined : { start, end, total };
}
