// The answer reader: the one place every API answer passes, with its status and headers, on its way to being data
// or an error (docs/promises.md, promises 3, 13, 22). What a success body may be (size, nesting, JSON) and what an
// error answer says are decided here; sending, redirects and retries are the transport's.
import type { Readable } from 'node:stream';
import { ApiError, BadResponseError } from './errors.ts';
import { firstHeader } from './format.ts';
import { serverMessage } from './message.ts';
import type { NoticeLog, SunsetNotices } from './sunset.ts';
import { parseRetryAfter } from './retry.ts';
import {
  ERROR_BODY_LIMIT,
  MAX_ANSWER_BYTES,
  MAX_ANSWER_DEPTH,
  type ApiResponse,
  type ResponseHeaders,
} from './transport-options.ts';
import type { Dispatcher } from 'undici';

export type Answered = Dispatcher.ResponseData;

export type Outcome<T> =
  | { ok: true; response: ApiResponse<T> }
  | { ok: false; error: Error; retryAfterMs?: number | undefined; retryAfter?: string | undefined };

/** What the reader needs to know of the call an answer belongs to. */
export interface AnswerContext {
  method: string;
  /** How the call is named in errors (already redacted). */
  display: string;
  attempt: number;
  now(): number;
  /** Every secret of the step, removed from server text before it is cut or reflowed. */
  secrets: readonly string[];
  /** The caller's abort, as its error, once it happened. */
  aborted(): Error | undefined;
  /** The transport's mapping of undici's and the system's errors. */
  mapError(err: unknown): Error;
  /** What the service says of a call's future: one warning per step, and a 410's own error (sunset.ts). */
  sunset?: SunsetNotices;
  log?: NoticeLog;
}

/** An API answer as data, or as the error it is (an ApiError with the server's message and Retry-After). */
export async function readApiAnswer<T>(response: Answered, call: AnswerContext): Promise<Outcome<T>> {
  const { method, display, attempt } = call;
  const { statusCode: status, headers } = response;
  // Deprecation and Sunset become one warning per step, and a 410 Gone its own error.
  const gone = call.sunset?.heard(method, display, status, headers, call.log ?? (() => {}));
  if (status < 200 || status >= 300) {
    const message = await errorMessage(response, call.secrets, call.aborted);
    const retryAfter = firstHeader(headers['retry-after']);
    return {
      ok: false,
      error: gone?.(message, attempt) ?? new ApiError(status, method, display, message, attempt),
      retryAfterMs: parseRetryAfter(retryAfter, call.now()),
      retryAfter:
        retryAfter === undefined ? undefined : serverMessage(retryAfter, 'text/plain', call.secrets),
    };
  }
  let text: string;
  try {
    text = await readBody(response, method, display);
  } catch (err) {
    return { ok: false, error: call.mapError(err) };
  }
  let data: unknown = null;
  if (text.trim() !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      const contentType = firstHeader(headers['content-type']);
      const what = serverMessage(text, contentType, call.secrets);
      const detail = `HTTP ${status} with a body that is not JSON${contentType ? ` (${contentType})` : ''}`;
      return {
        ok: false,
        error: new BadResponseError(method, display, what ? `${detail}: ${what}` : detail),
      };
    }
  }
  return { ok: true, response: { status, headers, data: data as T, attempts: attempt } };
}

/** The error of an API answer larger than MAX_ANSWER_BYTES. */
export function tooLarge(method: string, display: string): BadResponseError {
  return new BadResponseError(
    method,
    display,
    `the answer is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB, the most an API answer may be; reading stopped there`,
  );
}

/**
 * The body of a success answer as text, within MAX_ANSWER_DEPTH; the API dispatcher's maxResponseSize keeps it
 * within MAX_ANSWER_BYTES. Reading stops as soon as either is passed, so an endless answer costs neither memory
 * nor a stack overflow later.
 */
async function readBody(response: Answered, method: string, display: string): Promise<string> {
  // maxResponseSize counts bytes as they come: an answer that announces too many is refused before any.
  const announced = Number(firstHeader(response.headers['content-length']));
  if (Number.isFinite(announced) && announced > MAX_ANSWER_BYTES) {
    response.body.destroy();
    throw tooLarge(method, display);
  }
  const chunks: Buffer[] = [];
  const depth = new DepthGauge();
  try {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      if (depth.exceeds(chunk, MAX_ANSWER_DEPTH)) {
        throw new BadResponseError(
          method,
          display,
          `JSON nested more than ${MAX_ANSWER_DEPTH} levels deep, more than any API answer; reading stopped there`,
        );
      }
      chunks.push(chunk);
    }
  } finally {
    // Leaving the loop early destroys the rest of the body; this covers a throw before the loop began.
    if (!response.body.readableEnded) response.body.destroy();
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** The server's message from an error answer: the body is read up to ERROR_BODY_LIMIT, then destroyed. */
export async function errorMessage(
  response: Answered,
  secrets: readonly string[],
  aborted: () => Error | undefined,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= ERROR_BODY_LIMIT) break; // leaving the loop destroys the rest of the body
    }
  } catch {
    // The status says what happened; a body lost on the way (or cut by the overall limit) only costs its message.
    const abort = aborted();
    if (abort !== undefined) throw abort;
  } finally {
    if (!response.body.destroyed && size >= ERROR_BODY_LIMIT) response.body.destroy();
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks).subarray(0, ERROR_BODY_LIMIT));
  // Secrets go before the message is cut or reflowed, or a cut-off start of one would pass (docs/promises.md, promise
  // 13).
  return serverMessage(text, firstHeader(response.headers['content-type']), secrets);
}

/** Tracks JSON nesting over chunks of bytes (the bytes of `"`, `\\`, brackets never occur inside a UTF-8
 *  sequence), so depth is checked while reading, before anything is parsed. */
class DepthGauge {
  #depth = 0;
  #inString = false;
  #escaped = false;
  /** Decided by the first byte that is not white space: a body that is no JSON array or object (an HTML page) is
   *  left to the JSON parser, which says what it is. */
  #json: boolean | undefined;

  exceeds(chunk: Uint8Array, limit: number): boolean {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (this.#json === undefined) {
        if (
          byte === 0x20 ||
          byte === 0x09 ||
          byte === 0x0a ||
          byte === 0x0d ||
          byte === 0xef ||
          byte === 0xbb ||
          byte === 0xbf
        )
          continue; // white space, or a byte order mark
        this.#json = byte === 0x5b || byte === 0x7b;
      }
      if (!this.#json) return false;
      if (this.#inString) {
        if (this.#escaped) this.#escaped = false;
        else if (byte === 0x5c) this.#escaped = true;
        else if (byte === 0x22) this.#inString = false;
      } else if (byte === 0x22) this.#inString = true;
      else if (byte === 0x5b || byte === 0x7b) {
        if (++this.#depth > limit) return true;
      } else if (byte === 0x5d || byte === 0x7d) this.#depth--;
    }
    return false;
  }
}

/**
 * What a success answer to a download may not be: one without content (204, 205), or one whose body travels in a
 * transfer coding other than a single `chunked` (undici passes others through as they are: the file would be
 * saved still coded, or with the chunks' framing in it). `display` is called only for an error: naming the URL
 * costs its redaction.
 */
export function unusableDownload(
  status: number,
  headers: ResponseHeaders,
  display: () => string,
): BadResponseError | undefined {
  if (status === 204 || status === 205) {
    return new BadResponseError(
      'GET',
      display(),
      `HTTP ${status}, an answer without content, where a file was expected`,
    );
  }
  const lines = headers['transfer-encoding'];
  if (lines === undefined) return undefined;
  const value = Array.isArray(lines) ? lines.join(', ') : lines;
  if (value.trim().toLowerCase() === 'chunked') return undefined;
  return new BadResponseError(
    'GET',
    display(),
    `the body was sent with Transfer-Encoding ${JSON.stringify(value)}; only chunked is accepted`,
  );
}

/** Drops a body nobody will read; undici fails a body destroyed unread, and that failure concerns no one. */
export function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}
