// Answers as values, and the code that writes them to the wire: streamed in fixed-size chunks (a generated
// body is never held whole), with the body faults applied on the way.

import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ContentScratch } from './content.ts';
import type { FaultRule, TruncationFault } from './faults.ts';

/** A body made on the fly: bytes [start, start + length) of the content with `seed`. */
interface GeneratedBody {
  seed: number;
  start: number;
  length: number;
}

/**
 * A body of unknown length, made while it is sent (e.g. compressed on the fly); sent chunked. A piece it yields
 * may be reused once the source has been resumed twice more; the writer waits for the write of each piece
 * before asking for the one after next.
 */
interface StreamedBody {
  open: () => AsyncIterable<Buffer> | Iterable<Buffer>;
}

/** An answer, before it is sent (so that a fault can replace or spoil it). */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Buffer | GeneratedBody | StreamedBody;
}

function isStreamed(body: Reply['body']): body is StreamedBody {
  return !Buffer.isBuffer(body) && 'open' in body;
}

/** An error answer of the API: `{"message": ...}`. */
export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    body: Buffer.from(JSON.stringify(value)),
  };
}

export function messageReply(status: number, message: string): Reply {
  return jsonReply(status, { message });
}

export function textReply(
  status: number,
  text: string,
  contentType: string,
  headers: Record<string, string> = {},
): Reply {
  return { status, headers: { 'Content-Type': contentType, ...headers }, body: Buffer.from(text) };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An HTML error page, like the ones web front ends send for paths they do not know. */
export function htmlPage(status: number, title: string, detail: string): Reply {
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${status} ${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;margin:4em auto;max-width:40em;color:#333}h1{font-weight:normal}</style>
</head>
<body>
<h1>${status} ${escapeHtml(title)}</h1>
<p>${escapeHtml(detail)}</p>
<hr>
<p><small>CI service emulator</small></p>
</body>
</html>
`;
  return textReply(status, html, 'text/html; charset=utf-8');
}

export function notFoundPage(): Reply {
  return htmlPage(404, 'Not Found', 'The page you were looking for does not exist.');
}

function guessContentType(body: string): string {
  const start = body.trimStart();
  if (start.startsWith('{') || start.startsWith('[') || start.startsWith('"')) return 'application/json';
  if (start.startsWith('<')) return 'text/html; charset=utf-8';
  return 'text/plain; charset=utf-8';
}

/** The answer of a `status` fault. */
export function faultReply(rule: FaultRule & { kind: 'status' }): Reply {
  const body = rule.body ?? JSON.stringify({ message: STATUS_CODES[rule.status] ?? 'Error' });
  return textReply(rule.status, body, rule.contentType ?? guessContentType(body), rule.headers ?? {});
}

/** Timers of slow and truncated answers, all cleared when the emulator closes. */
export class Timers {
  private readonly pending = new Set<NodeJS.Timeout>();
  private stopped = false;

  /** Resolves after `ms`, or never when the emulator closes first (its sockets are gone by then). */
  delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.stopped) return;
      const timer = setTimeout(() => {
        this.pending.delete(timer);
        resolve();
      }, ms);
      this.pending.add(timer);
    });
  }

  clearAll(): void {
    this.stopped = true;
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
}

/** Ends a connection with a TCP reset, so the client sees ECONNRESET rather than an orderly close. */
export function resetConnection(socket: Socket): void {
  if (socket.destroyed) return;
  socket.resetAndDestroy();
}

const CHUNK_SIZE = 64 * 1024;
/** Pace of a slow body: this many writes per second. */
const SLOW_TICKS_PER_SECOND = 10;

/** Writes up to `count` bytes of a streamed body, waiting for the socket to drain, so memory stays bounded. */
async function writeStreamed(
  res: ServerResponse,
  body: StreamedBody,
  count: number,
  timers: Timers,
  bytesPerSecond: number | undefined,
): Promise<boolean> {
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  const chunkLimit =
    bytesPerSecond === undefined
      ? CHUNK_SIZE
      : Math.max(1, Math.min(CHUNK_SIZE, Math.floor(bytesPerSecond / SLOW_TICKS_PER_SECOND)));
  let sent = 0;
  // One write in flight at most: when the next piece is asked for, only the last write of this one may be pending.
  let previous: Promise<void> = Promise.resolve();
  // Leaving the loop early ends the source (a generator returns).
  for await (const piece of body.open()) {
    for (let offset = 0; offset < piece.length && sent < count;) {
      if (res.destroyed) return false;
      const n = Math.min(chunkLimit, piece.length - offset, count - sent);
      const written = new Promise<void>((resolve) =>
        res.write(piece.subarray(offset, offset + n), () => resolve()),
      );
      offset += n;
      sent += n;
      await Promise.race([previous, closed]);
      previous = written;
      if (bytesPerSecond !== undefined) await timers.delay((n / bytesPerSecond) * 1000);
    }
    if (sent >= count || res.destroyed) break;
  }
  await Promise.race([previous, closed]);
  return !res.destroyed;
}

/** Writes a part of a body, two chunks in flight at most, so memory stays fixed whatever the size. */
async function writeBody(
  res: ServerResponse,
  body: Buffer | GeneratedBody | StreamedBody,
  count: number,
  timers: Timers,
  bytesPerSecond: number | undefined,
): Promise<boolean> {
  if (isStreamed(body)) return writeStreamed(res, body, count, timers, bytesPerSecond);
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  const scratches = [new ContentScratch(CHUNK_SIZE), new ContentScratch(CHUNK_SIZE)] as const;
  const inFlight: Promise<void>[] = [Promise.resolve(), Promise.resolve()];
  const chunkLimit =
    bytesPerSecond === undefined
      ? CHUNK_SIZE
      : Math.max(1, Math.min(CHUNK_SIZE, Math.floor(bytesPerSecond / SLOW_TICKS_PER_SECOND)));
  let slot: 0 | 1 = 0;
  for (let offset = 0; offset < count;) {
    // A scratch is reused only once the write that used it has been handed to the kernel.
    await Promise.race([inFlight[slot], closed]);
    if (res.destroyed) return false;
    const n = Math.min(chunkLimit, count - offset);
    const chunk = Buffer.isBuffer(body)
      ? body.subarray(offset, offset + n)
      : scratches[slot].contentAt(body.seed, body.start + offset, n);
    inFlight[slot] = new Promise<void>((resolve) => res.write(chunk, () => resolve()));
    slot = slot === 0 ? 1 : 0;
    offset += n;
    if (bytesPerSecond !== undefined && offset < count) await timers.delay((n / bytesPerSecond) * 1000);
  }
  await Promise.race([Promise.all(inFlight), closed]);
  return !res.destroyed;
}

function isTruncation(fault: FaultRule): fault is TruncationFault {
  return fault.kind === 'reset-mid-body' || fault.kind === 'stall-body' || fault.kind === 'short-body';
}

/** Where a truncation fault cuts a streamed body (its length is not known in advance) by default. */
const STREAMED_CUT_DEFAULT = 64 * 1024;

/** Time given to bytes already written to reach the client before a reset discards the connection. */
const FLUSH_BEFORE_RESET_MS = 50;

/**
 * Sends a reply, spoiled by a body fault if one is given (`reset-mid-body`, `stall-body`, `short-body`,
 * `slow-body`). For HEAD only the headers go out.
 */
export async function sendReply(
  res: ServerResponse,
  reply: Reply,
  options: { head: boolean; timers: Timers; fault?: FaultRule | undefined },
): Promise<void> {
  const streamed = isStreamed(reply.body);
  const length = isStreamed(reply.body) ? Infinity : reply.body.length;
  const headers: Record<string, string> = { ...reply.headers };
  if (!streamed) headers['Content-Length'] = String(length);
  const fault = options.fault;
  if (options.head) {
    res.writeHead(reply.status, headers);
    res.end();
    return;
  }
  if (fault?.kind === 'slow-body') {
    res.writeHead(reply.status, headers);
    if (await writeBody(res, reply.body, length, options.timers, fault.bytesPerSecond)) res.end();
    return;
  }
  if (fault === undefined || !isTruncation(fault)) {
    res.writeHead(reply.status, headers);
    if (await writeBody(res, reply.body, length, options.timers, undefined)) res.end();
    return;
  }
  const cut = fault.afterBytes ?? (streamed ? STREAMED_CUT_DEFAULT : Math.floor(length / 2));
  const partial = Math.min(length, Math.max(0, cut));
  // A short body ends the connection after the response, so the client sees the missing bytes as an early close.
  if (fault.kind === 'short-body') headers['Connection'] = 'close';
  res.writeHead(reply.status, headers);
  if (partial === 0) res.flushHeaders();
  const completed = await writeBody(res, reply.body, partial, options.timers, undefined);
  if (!completed) return;
  switch (fault.kind) {
    case 'short-body':
      // A chunked body ends early only when the connection closes before its last chunk.
      if (streamed) res.socket?.end();
      else res.end();
      return;
    case 'reset-mid-body':
      await options.timers.delay(FLUSH_BEFORE_RESET_MS);
      if (res.socket !== null) resetConnection(res.socket);
      return;
    case 'stall-body':
      return;
  }
}
