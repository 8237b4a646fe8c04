// A download's answer as it comes off undici: one GET by dispatch() whose handler hands a success body to the
// receiver chunk by chunk (download.ts writes it to the part file), drains a redirect for the transport's chain and
// reads an error answer's message; what a download's answer may not be; and a body read through a stream.
import { Readable } from 'node:stream';
import type { Answered } from './answer.ts';
import { AbortedError, ApiError, asError, BadResponseError } from './errors.ts';
import { firstHeader } from './format.ts';
import { serverMessage } from './message.ts';
import {
  ERROR_BODY_LIMIT,
  REDIRECT_STATUSES,
  type BodyReceiver,
  type ResponseHeaders,
  type Timeouts,
} from './transport-options.ts';
import type { Dispatcher } from 'undici';

/** What one GET of a download is sent with, and how its errors are named. */
export interface DownloadGet {
  dispatcher: Dispatcher;
  url: URL;
  /** The credential included, when it may go to this origin. */
  headers: Record<string, string>;
  signal: AbortSignal;
  timeouts: Pick<Timeouts, 'headersMs' | 'bodyIdleMs'>;
  /** How the request is named in errors (redacted). */
  display(): string;
  /** Every secret of the step and of this URL, removed from an error body before it is printed. */
  secrets(): readonly string[];
  /** The error of the caller's abort. */
  abortError(): Error;
  /** The transport's mapping of undici's and the system's errors. */
  mapError(err: unknown): Error;
}

/**
 * One GET by dispatch(). A success answer goes to the receiver ('taken'); a redirect is drained and left to the
 * transport's redirect chain ('redirect'); any other answer is an ApiError with the server's message.
 */
export function dispatchDownload(get: DownloadGet, receiver: BodyReceiver): Promise<'taken' | 'redirect'> {
  const { url, signal } = get;
  return new Promise((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    /** What the answer turned out to be; undefined until its headers arrived. */
    let role: 'body' | 'redirect' | 'error' | undefined;
    let status = 0;
    let contentType: string | undefined;
    const errorChunks: Buffer[] = [];
    let errorBytes = 0;
    let redirectBytes = 0;
    let settled = false;
    const errorAnswer = (): ApiError => {
      const text = new TextDecoder().decode(Buffer.concat(errorChunks).subarray(0, ERROR_BODY_LIMIT));
      return new ApiError(status, 'GET', get.display(), serverMessage(text, contentType, get.secrets()));
    };
    const onAbort = (): void => controller?.abort(get.abortError());
    let done = (): void => {};
    const fail = (error: Error): void => {
      done();
      if (!settled) {
        settled = true;
        reject(error);
      } else if (role === 'body') receiver.error(error);
    };
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart: (c) => {
        controller = c;
        if (signal.aborted) onAbort();
      },
      onResponseStart: (c, statusCode, headers) => {
        status = statusCode;
        if (REDIRECT_STATUSES.has(statusCode) && firstHeader(headers.location) !== undefined) {
          role = 'redirect';
          return;
        }
        if (statusCode < 200 || statusCode >= 300) {
          role = 'error';
          contentType = firstHeader(headers['content-type']);
          return;
        }
        // URL's setters parse the whole address again: only paid when there is user info to drop.
        let answerUrl = url.href;
        if (url.username !== '' || url.password !== '') {
          const bare = new URL(url.href);
          bare.username = '';
          bare.password = '';
          answerUrl = bare.href;
        }
        try {
          const refused = unusableDownload(statusCode, headers, get.display());
          if (refused !== undefined) throw refused;
          receiver.start(
            { status: statusCode, headers, url: answerUrl },
            { pause: () => c.pause(), resume: () => c.resume(), abort: (error) => c.abort(error) },
          );
        } catch (error) {
          role = 'error';
          settled = true;
          done();
          reject(asError(error));
          c.abort(new AbortedError('the answer was refused'));
          return;
        }
        role = 'body';
        settled = true;
        resolve('taken');
      },
      onResponseData: (c, chunk) => {
        if (role === 'body') {
          if (!receiver.data(chunk)) c.pause();
        } else if (role === 'error') {
          errorChunks.push(chunk);
          errorBytes += chunk.length;
          // The rest is not worth the connection's time.
          if (errorBytes >= ERROR_BODY_LIMIT) handler.onResponseEnd?.(c, {});
        } else if ((redirectBytes += chunk.length) > ERROR_BODY_LIMIT) {
          handler.onResponseEnd?.(c, {});
        }
      },
      onResponseEnd: (c) => {
        done();
        if (role === 'body') {
          receiver.end();
          return;
        }
        if (settled) return;
        settled = true;
        if (role === 'redirect') resolve('redirect');
        else reject(errorAnswer());
        // Called early for a long error or redirect body: the rest is dropped with its connection.
        if (!c.aborted && errorBytes + redirectBytes >= ERROR_BODY_LIMIT) c.abort(new AbortedError());
      },
      onResponseError: (_c, err) => {
        // An error answer whose body was lost on the way still fails with its status.
        if (role === 'error' && !settled && !signal.aborted) {
          settled = true;
          done();
          reject(errorAnswer());
          return;
        }
        fail(get.mapError(err));
      },
    };
    if (signal.aborted) {
      reject(get.abortError());
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    done = () => signal.removeEventListener('abort', onAbort);
    get.dispatcher.dispatch(
      {
        origin: url.origin,
        path: url.pathname + url.search,
        method: 'GET',
        headers: get.headers,
        headersTimeout: get.timeouts.headersMs,
        bodyTimeout: get.timeouts.bodyIdleMs,
      },
      handler,
    );
  });
}

/** Reads a body on behalf of a caller, mapping its errors to the API core's. Destroying it destroys the source. */
export function guardBody(source: Answered['body'], mapError: (err: unknown) => Error): Readable {
  const guarded = new Readable({
    highWaterMark: 64 * 1024,
    read() {
      source.resume();
    },
    destroy(err, callback) {
      source.destroy();
      callback(err);
    },
  });
  // Never an 'error' event without a listener: a body that fails while its reader is busy elsewhere (awaiting a
  // file operation) would otherwise end the process. Readers still get the error: reading a destroyed stream throws
  // it, and listeners of their own see it too.
  guarded.on('error', () => {});
  let ended = false;
  source.on('data', (chunk: Buffer) => {
    if (!guarded.push(chunk)) source.pause();
  });
  source.once('end', () => {
    ended = true;
    guarded.push(null);
  });
  // An error after the whole body arrived (a late reset), or after the reader let go, concerns no one: passing it
  // on would be an 'error' event nobody listens for, and that ends the process.
  source.on('error', (err) => {
    if (!ended && !guarded.destroyed) guarded.destroy(mapError(err));
  });
  return guarded;
}

/**
 * What a success answer to a download may not be: one without content (204, 205), or one whose body travels in a
 * transfer coding other than a single `chunked` (undici passes others through as they are: the file would be
 * saved still coded, or with the chunks' framing in it).
 */
export function unusableDownload(
  status: number,
  headers: ResponseHeaders,
  display: string,
): BadResponseError | undefined {
  if (status === 204 || status === 205) {
    return new BadResponseError(
      'GET',
      display,
      `HTTP ${status}, an answer without content, where a file was expected`,
    );
  }
  const lines = headers['transfer-encoding'];
  if (lines === undefined) return undefined;
  const value = Array.isArray(lines) ? lines.join(', ') : lines;
  if (value.trim().toLowerCase() === 'chunked') return undefined;
  return new BadResponseError(
    'GET',
    display,
    `the body was sent with Transfer-Encoding ${JSON.stringify(value)}; only chunked is accepted`,
  );
}
