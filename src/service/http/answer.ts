// What an answer may be: an API answer's limits, an error answer's message, what a download's answer may not be
// (docs/promises.md, promises 6, 13, 22).
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { BadResponseError } from './errors.ts';
import { firstHeader } from '../../common/format.ts';
import { serverMessage } from './message.ts';
import type { HeaderValues } from './sunset.ts';

/** Largest API answer read: many times a page of builds with full records, far below the runner's memory. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** Deepest JSON nesting accepted in an API answer, far beyond what real ones nest. */
export const MAX_ANSWER_DEPTH = 64;

/** Bytes of an error body read for its message; the rest is not worth a connection's time. */
const ERROR_BODY_LIMIT = 64 * 1024;

export function tooLarge(method: string, display: string): BadResponseError {
  const most = `${MAX_ANSWER_BYTES / 1024 / 1024} MiB, the most an API answer may be`;
  return new BadResponseError(method, display, `the answer is larger than ${most}; reading stopped there`);
}

/** A success answer's body as JSON, its size bounded before and while it is read and its nesting before it is
 *  parsed, so that an endless answer costs neither memory nor a stack overflow. */
export async function readJson(
  response: Dispatcher.ResponseData,
  method: string,
  display: string,
  secrets: readonly string[],
): Promise<unknown> {
  if (Number(firstHeader(response.headers['content-length'])) > MAX_ANSWER_BYTES) {
    discard(response.body);
    throw tooLarge(method, display);
  }
  const text = await response.body.text();
  if (tooDeep(text)) {
    const deep = `JSON nested more than ${MAX_ANSWER_DEPTH} levels deep, more than any API answer`;
    throw new BadResponseError(method, display, `${deep}; reading stopped there`);
  }
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    const type = firstHeader(response.headers['content-type']);
    const what = serverMessage(text, type, secrets);
    const detail = `HTTP ${response.statusCode} with a body that is not JSON${type ? ` (${type})` : ''}`;
    throw new BadResponseError(method, display, what ? `${detail}: ${what}` : detail);
  }
}

/** Brackets in strings aside, in one pass with no copy of the text (a long list is its size again in every copy);
 *  a body that is no JSON array or object (an HTML page) is left to the JSON parser, which says what it is. */
function tooDeep(text: string): boolean {
  if (!/^\s*[[{]/u.test(text)) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      if (++depth > MAX_ANSWER_DEPTH) return true;
    } else if (c === ']' || c === '}') depth--;
  }
  return false;
}

/** The server's message from an error answer, its body read up to ERROR_BODY_LIMIT; a body lost on the way only
 *  costs its message, unless the caller aborted. */
export async function errorMessage(
  response: Dispatcher.ResponseData,
  secrets: readonly string[],
  signal: AbortSignal,
): Promise<string> {
  let bytes = Buffer.alloc(0);
  try {
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      bytes = Buffer.concat([bytes, chunk]);
      if (bytes.length >= ERROR_BODY_LIMIT) break; // leaving the loop destroys the rest of the body
    }
  } catch (error) {
    if (signal.aborted) throw error;
  }
  const text = new TextDecoder().decode(bytes.subarray(0, ERROR_BODY_LIMIT));
  return serverMessage(text, firstHeader(response.headers['content-type']), secrets);
}

/** What a success answer to a download may not be: one without content, or one in a transfer coding other than a
 *  single `chunked`, which undici passes through as it is (the file would be saved still coded). */
export function unusableDownload(status: number, headers: HeaderValues): string | undefined {
  if (status === 204 || status === 205)
    return `HTTP ${status}, an answer without content, where a file was expected`;
  const coding = headers['transfer-encoding'];
  const value = coding === undefined ? 'chunked' : [coding].flat().join(', ');
  if (value.trim().toLowerCase() === 'chunked') return undefined;
  return `the body was sent with Transfer-Encoding ${JSON.stringify(value)}; only chunked is accepted`;
}

/** Drops a body nobody will read; undici fails a body destroyed unread, and that failure concerns no one. */
export function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}
