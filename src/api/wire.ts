// The download GET's own HTTP/1.1 client: what undici's dispatch() does for the first request of a download, with
// one difference that matters for artifacts. undici (like node:http) hands every socket read to JavaScript in a
// buffer allocated for that read: a 1 GiB download makes 16,384 buffers of 64 KiB that the collector frees only when
// it gets round to them, so the process's memory grew with the file (promise 9: 163 MiB for 1 GiB), and with the
// work around each read, 800 small files took 2-3 times curl's time. Here each connection reads into one buffer of
// its own, reused for every read (net's `onread`), and the body is handed on as views of it: nothing is allocated
// per read (peak memory the same for 1 GiB as for 64 MiB; small files about 1.7-2 times curl).
//
// Deliberately small: GET only, HTTP/1.1 only, no pipelining, no proxy (a proxied transport uses undici throughout).
// It also carries the API's GETs (requestOn() below), so that an action that only reads never loads undici. Every
// other method, and downloads' redirect chains, keep undici: the wire sends a GET again when a kept-alive
// connection turns out closed, and a POST must never be sent twice. What it implements of RFC 9112 it implements
// strictly: a malformed status line, header, chunk size or Content-Length fails the exchange rather than guessing.
import net, { isIP } from 'node:net';
import { Readable } from 'node:stream';
import type tls from 'node:tls';
import type { Dispatcher } from './undici.ts';
import { asError } from './errors.ts';
import type { LookupFn } from './transport.ts';

/**
 * What a read is taken in. Larger than the 64 KiB node reads at most: a fast sender fills the socket faster than
 * one read a callback, and fewer, larger reads mean fewer calls into JavaScript per byte (a 1 GiB body: 4,096 instead
 * of 16,384), which also keeps the hot path below the point where the optimising compiler and its memory join in.
 */
const READ_BUFFER_BYTES = 256 * 1024;
/** Status line and headers, as undici and node:http bound them (16 KiB). */
const MAX_HEAD_BYTES = 16 * 1024;
/** A chunk-size line with its extensions, and the trailers after the last chunk. */
const MAX_CHUNK_LINE_BYTES = 1024;
/** How long an idle connection is kept for the next download of its origin (undici's default). */
const KEEP_ALIVE_MS = 4000;
/**
 * The longest a connection's timer is set for. When it fires before the limit runs out, it is set again for what is
 * left, so moving a limit later (the next phase's, or the body's after each read) only changes a number. A timer
 * made and cleared three times per exchange, and moved after every read, cost about 20 ms of CPU for 800 small
 * files, compiling included.
 */
const TIMER_STEP_MS = KEEP_ALIVE_MS;
/** Origins whose parsed form is kept, at most (a listing may name thousands). */
const MAX_ORIGINS_KEPT = 64;

export interface WireOptions {
  connectMs: number;
  headersMs: number;
  bodyIdleMs: number;
  lookup: LookupFn;
  /** Certificates to trust besides the system's (tests); NODE_EXTRA_CA_CERTS works as everywhere in Node. */
  ca?: string | Buffer;
}

export interface WireRequest {
  origin: string;
  path: string;
  method: 'GET';
  headers: Record<string, string>;
  headersTimeout?: number;
  bodyTimeout?: number;
}

/** The part of undici's Dispatcher the transport uses for a GET. */
export interface Dispatching {
  dispatch(request: WireRequest, handler: Dispatcher.DispatchHandler): void;
}

/** An error of the exchange, with the code undici gives the same failure (the transport maps those codes). */
function wireError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

const EMPTY = Buffer.alloc(0);
/** A header's name (RFC 9110 token). ASCII only, so without the u flag, which makes every test slower. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Field values: visible characters, spaces and tabs (obs-text allowed), never CR, LF or NUL. */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/u;
/** What FIELD_VALUE refuses, for an answer's head, which is latin1 text (every character at most \xff): a bad
 *  character searched for rather than every character matched. */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const FIELD_CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;

type Headers = Record<string, string | string[]>;

/** How the body of an answer is delimited (RFC 9112, section 6.3). */
type Framing = { kind: 'none' } | { kind: 'length'; left: number } | { kind: 'chunked' } | { kind: 'close' };

export class Wire implements Dispatching {
  readonly #options: WireOptions;
  /** Idle connections by origin, the most recently used last. */
  readonly #idle = new Map<string, Connection[]>();
  readonly #all = new Set<Connection>();
  /** Each origin parsed once, not once per request (a few are kept: a run downloads from one or two). */
  readonly #origins = new Map<string, URL>();
  #destroyed = false;

  constructor(options: WireOptions) {
    this.#options = options;
  }

  dispatch(request: WireRequest, handler: Dispatcher.DispatchHandler): void {
    const exchange = new Exchange(request, handler, this.#options);
    try {
      handler.onRequestStart?.(exchange.controller, {});
    } catch (error) {
      exchange.fail(asError(error));
      return;
    }
    if (exchange.over) return;
    if (this.#destroyed) {
      exchange.fail(wireError('UND_ERR_DESTROYED', 'the client was closed'));
      return;
    }
    let head: string;
    let url: URL;
    try {
      url = this.#origins.get(request.origin) ?? new URL(request.origin);
      head = requestHead(request, url);
      if (!this.#origins.has(request.origin)) {
        if (this.#origins.size >= MAX_ORIGINS_KEPT) this.#origins.clear();
        this.#origins.set(request.origin, url);
      }
    } catch (error) {
      exchange.fail(asError(error));
      return;
    }
    exchange.head = head;
    this.#send(exchange, url, true);
  }

  /** Ends every connection; exchanges under way fail with UND_ERR_DESTROYED. */
  async destroy(): Promise<void> {
    this.#destroyed = true;
    for (const connection of this.#all)
      connection.close(wireError('UND_ERR_DESTROYED', 'the client was closed'));
    this.#all.clear();
    this.#idle.clear();
  }

  #send(exchange: Exchange, url: URL, mayReuse: boolean): void {
    const idle = mayReuse ? this.#idle.get(url.origin) : undefined;
    let connection = idle?.pop();
    while (connection !== undefined && !connection.usable) connection = idle?.pop();
    if (connection === undefined) {
      connection = new Connection(url, this.#options, {
        idle: (c) => this.#park(c),
        gone: (c) => this.#forget(c),
        retry: (e) => this.#send(e, url, false),
      });
      this.#all.add(connection);
    }
    connection.start(exchange);
  }

  #park(connection: Connection): void {
    if (this.#destroyed) {
      connection.close();
      return;
    }
    const list = this.#idle.get(connection.origin) ?? [];
    list.push(connection);
    this.#idle.set(connection.origin, list);
  }

  #forget(connection: Connection): void {
    this.#all.delete(connection);
    const list = this.#idle.get(connection.origin);
    if (list === undefined) return;
    const at = list.indexOf(connection);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) this.#idle.delete(connection.origin);
  }
}

/** The request's head, checked: a path or header that would change the request's meaning is an error. */
function requestHead(request: WireRequest, url: URL): string {
  if (request.method !== 'GET')
    throw wireError('UND_ERR_INVALID_ARG', `method ${request.method} is not supported`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw wireError('UND_ERR_INVALID_ARG', `unsupported scheme ${url.protocol}`);
  }
  if (!/^\/[\x21-\x7e]*$/u.test(request.path)) {
    throw wireError('UND_ERR_INVALID_ARG', 'the request path holds characters a request line cannot carry');
  }
  let head = `GET ${request.path} HTTP/1.1\r\nhost: ${url.host}\r\nconnection: keep-alive\r\n`;
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    if (lower === 'host' || lower === 'connection') continue;
    if (!TOKEN.test(name) || !FIELD_VALUE.test(value)) {
      throw wireError('UND_ERR_INVALID_ARG', `invalid request header ${JSON.stringify(name)}`);
    }
    head += `${name}: ${value}\r\n`;
  }
  return `${head}\r\n`;
}

/** One request and its answer; also the controller its handler is given (pause, resume, abort). */
class Exchange implements Dispatcher.DispatchController {
  readonly request: WireRequest;
  readonly handler: Dispatcher.DispatchHandler;
  readonly headersMs: number;
  readonly bodyIdleMs: number;
  head = '';
  /** Once the answer ended, failed or was aborted: nothing more reaches the handler. */
  over = false;
  paused = false;
  reason: Error | null = null;
  /** Called when the handler pauses, resumes or aborts (set by the connection carrying the exchange). */
  onPause: () => void = () => {};
  onResume: () => void = () => {};
  onAbort: (reason: Error) => void = () => {};

  constructor(request: WireRequest, handler: Dispatcher.DispatchHandler, options: WireOptions) {
    this.request = request;
    this.handler = handler;
    this.headersMs = request.headersTimeout ?? options.headersMs;
    this.bodyIdleMs = request.bodyTimeout ?? options.bodyIdleMs;
  }

  get controller(): Dispatcher.DispatchController {
    return this;
  }

  get aborted(): boolean {
    return this.reason !== null;
  }

  abort(reason: Error): void {
    if (this.over) return;
    this.reason = reason;
    this.onAbort(reason);
    this.fail(reason);
  }

  pause(): void {
    if (this.over || this.paused) return;
    this.paused = true;
    this.onPause();
  }

  resume(): void {
    if (this.over || !this.paused) return;
    this.paused = false;
    this.onResume();
  }

  /** The exchange's one failure; later ones are dropped. */
  fail(error: Error): void {
    if (this.over) return;
    this.over = true;
    this.handler.onResponseError?.(this, error);
  }
}

interface Pool {
  /** The connection finished an exchange and may carry another. */
  idle(connection: Connection): void;
  /** The connection is closed. */
  gone(connection: Connection): void;
  /** A reused connection failed before any byte of the answer: the request goes again on a new one. */
  retry(exchange: Exchange): void;
}

/** One socket and the exchanges it carries, one after another. */
class Connection {
  readonly origin: string;
  readonly #socket: net.Socket;
  readonly #pool: Pool;
  #exchange: Exchange | undefined;
  /** Whether the socket carried an exchange before this one (it may have been closed by the server meanwhile). */
  #reused = false;
  #connected = false;
  #closed = false;
  #timer: NodeJS.Timeout | undefined;
  /** When #timer fires (performance.now() time). */
  #due = 0;
  /** When the running limit runs out; undefined when none runs (a paused handler). */
  #deadline: number | undefined;
  #timerCode = '';
  /** Bytes of the answer so far (head included), for telling a stale connection from a failed answer. */
  #received = 0;
  #phase: 'head' | 'body' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailers' = 'head';
  #head: Buffer[] = [];
  #headBytes = 0;
  #framing: Framing = { kind: 'none' };
  #keepAlive = false;
  #keepAliveMs = KEEP_ALIVE_MS;
  /** Bytes left in the current chunk, or of the CRLF after it. */
  #chunkLeft = 0;
  #line = '';
  #trailerBytes = 0;
  /** Bytes of a read not yet handled when the handler paused, copied out of the read buffer. */
  #held: Buffer | undefined;
  /** The server ended its side, or the socket closed. */
  #eof = false;

  constructor(url: URL, options: WireOptions, pool: Pool) {
    this.origin = url.origin;
    this.#pool = pool;
    const host = url.hostname.replace(/^\[|\]$/gu, '');
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    const onread = {
      buffer: Buffer.allocUnsafe(READ_BUFFER_BYTES),
      callback: (bytes: number, buffer: Uint8Array): boolean => this.#onRead(buffer as Buffer, bytes),
    };
    const lookup = options.lookup as net.LookupFunction;
    if (url.protocol === 'https:') {
      // tls.connect takes `onread` as net.connect does (documented; missing from its types).
      const secure: tls.ConnectionOptions & { onread: net.OnReadOpts } = {
        host,
        port,
        lookup,
        onread,
        ALPNProtocols: ['http/1.1'],
        ...(isIP(host) === 0 ? { servername: host } : {}),
        ...(options.ca === undefined ? {} : { ca: options.ca }),
      };
      // node:tls is loaded on the first https download only: loading it costs every action's start about 10 ms.
      this.#socket = process.getBuiltinModule('node:tls').connect(secure);
    } else {
      this.#socket = net.connect({ host, port, lookup, onread, noDelay: true });
    }
    this.#arm('UND_ERR_CONNECT_TIMEOUT', options.connectMs);
    this.#socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
      this.#connected = true;
      const exchange = this.#exchange;
      if (exchange !== undefined) this.#arm('UND_ERR_HEADERS_TIMEOUT', exchange.headersMs);
      else this.#disarm();
    });
    this.#socket.on('error', (error) => this.#lost(error));
    // The end of the server's side (or the socket's close without an error) is acted on once the bytes held back
    // for a paused handler are handled: they may complete the answer.
    const eof = (): void => {
      this.#eof = true;
      if (this.#held === undefined) this.#ended();
    };
    this.#socket.on('end', eof);
    this.#socket.on('close', eof);
  }

  /** Open and not carrying an exchange. */
  get usable(): boolean {
    return !this.#closed && this.#exchange === undefined;
  }

  start(exchange: Exchange): void {
    this.#exchange = exchange;
    this.#received = 0;
    this.#phase = 'head';
    this.#head = [];
    this.#headBytes = 0;
    this.#framing = { kind: 'none' };
    this.#held = undefined;
    exchange.onPause = () => this.#disarm();
    exchange.onResume = () => this.#resume();
    exchange.onAbort = () => this.close();
    if (this.#reused) this.#socket.ref();
    // A new connection keeps its connect timer; the headers timer starts once it is connected.
    if (this.#connected) this.#arm('UND_ERR_HEADERS_TIMEOUT', exchange.headersMs);
    this.#socket.write(exchange.head, 'latin1');
  }

  /** Ends the connection; an exchange under way fails with `error`. */
  close(error?: Error): void {
    const exchange = this.#exchange;
    this.#exchange = undefined;
    this.#shut();
    if (exchange !== undefined && error !== undefined) exchange.fail(error);
  }

  #shut(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#disarm();
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#socket.destroy();
    this.#pool.gone(this);
  }

  /** One limit at a time: connect, headers, body idle or keep-alive. */
  #arm(code: string, ms: number): void {
    this.#timerCode = code;
    const deadline = performance.now() + ms;
    this.#deadline = deadline;
    // A timer due no later than the new limit stays (see TIMER_STEP_MS).
    if (this.#timer === undefined || this.#due > deadline) this.#setTimer(deadline);
  }

  #disarm(): void {
    this.#deadline = undefined;
  }

  #setTimer(deadline: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    const now = performance.now();
    const ms = Math.min(Math.max(0, deadline - now), TIMER_STEP_MS);
    this.#due = now + ms;
    this.#timer = setTimeout(() => this.#tick(), ms);
    this.#timer.unref();
  }

  #tick(): void {
    this.#timer = undefined;
    const deadline = this.#deadline;
    if (deadline === undefined || this.#closed) return;
    if (performance.now() < deadline) {
      this.#setTimer(deadline);
      return;
    }
    this.#deadline = undefined;
    this.#timedOut();
  }

  #timedOut(): void {
    const exchange = this.#exchange;
    if (exchange === undefined) {
      // The keep-alive time of an idle connection ran out.
      this.#shut();
      return;
    }
    const what = { UND_ERR_CONNECT_TIMEOUT: 'connect', UND_ERR_HEADERS_TIMEOUT: 'headers' }[this.#timerCode];
    this.close(wireError(this.#timerCode, `${what ?? 'body'} timeout`));
  }

  /** The socket failed or closed. A reused connection that fails before any byte of the answer is retried. */
  #lost(error: Error): void {
    const exchange = this.#exchange;
    if (this.#closed && exchange === undefined) return;
    this.#exchange = undefined;
    this.#shut();
    if (exchange === undefined || exchange.over) return;
    if (this.#reused && this.#received === 0 && !exchange.paused) {
      this.#pool.retry(exchange);
      return;
    }
    exchange.fail(error);
  }

  /** The server ended its side: the end of a body read to the close, or an answer cut short. */
  #ended(): void {
    const exchange = this.#exchange;
    if (
      exchange !== undefined &&
      this.#phase === 'body' &&
      this.#framing.kind === 'close' &&
      !exchange.over
    ) {
      this.#exchange = undefined;
      this.#shut();
      this.#complete(exchange);
      return;
    }
    this.#lost(wireError('UND_ERR_SOCKET', 'other side closed'));
  }

  #resume(): void {
    const exchange = this.#exchange;
    if (exchange === undefined) return;
    if (this.#phase !== 'head') this.#arm('UND_ERR_BODY_TIMEOUT', exchange.bodyIdleMs);
    const held = this.#held;
    if (held !== undefined) {
      this.#held = undefined;
      const more = this.#take(held, 0, held.length);
      if (this.#held === undefined && this.#eof) {
        this.#ended();
        return;
      }
      if (!more) return;
    }
    this.#socket.resume();
  }

  /** One read: false pauses the socket (the handler asked to pause). */
  #onRead(buffer: Buffer, bytes: number): boolean {
    const exchange = this.#exchange;
    if (exchange === undefined || exchange.over) {
      // Bytes on an idle connection: the server is not speaking HTTP/1.1 as asked.
      if (exchange === undefined) this.#shut();
      return false;
    }
    this.#received += bytes;
    if (this.#held !== undefined) {
      // A pause stops the socket's reads, but TLS still hands on the records it already decrypted: they join what is
      // held, in order.
      this.#held = Buffer.concat([this.#held, buffer.subarray(0, bytes)]);
      return false;
    }
    // The body's idle limit starts again with every read.
    if (this.#phase !== 'head' && this.#deadline !== undefined) {
      this.#deadline = performance.now() + exchange.bodyIdleMs;
    }
    return this.#take(buffer, 0, bytes);
  }

  /** Handles bytes [from, to) of `buffer`; false when the handler paused or the exchange ended. */
  #take(buffer: Buffer, from: number, to: number): boolean {
    let at = from;
    while (at < to) {
      const exchange = this.#exchange;
      if (exchange === undefined || exchange.over) {
        // Bytes after the end of an answer: never trusted as the start of another.
        this.#shut();
        return false;
      }
      if (exchange.paused) {
        this.#held = Buffer.from(buffer.subarray(at, to));
        return false;
      }
      try {
        at = this.#step(exchange, buffer, at, to);
      } catch (error) {
        this.close(asError(error));
        return false;
      }
    }
    // Reading goes on between exchanges too: a server closing an idle connection is seen at once.
    return !this.#closed && !(this.#exchange?.paused ?? false);
  }

  /** Takes what it can of [at, to) in the current phase; returns where it stopped. */
  #step(exchange: Exchange, buffer: Buffer, at: number, to: number): number {
    switch (this.#phase) {
      case 'head':
        return this.#readHead(exchange, buffer, at, to);
      case 'body': {
        const framing = this.#framing;
        const n = framing.kind === 'length' ? Math.min(framing.left, to - at) : to - at;
        if (framing.kind === 'length') framing.left -= n;
        this.#deliver(exchange, buffer.subarray(at, at + n));
        if (framing.kind === 'length' && framing.left === 0 && !exchange.over)
          this.#finish(exchange, at + n, to);
        return at + n;
      }
      case 'chunk-data': {
        const n = Math.min(this.#chunkLeft, to - at);
        this.#chunkLeft -= n;
        if (this.#chunkLeft === 0) {
          this.#phase = 'chunk-end';
          this.#line = '';
        }
        this.#deliver(exchange, buffer.subarray(at, at + n));
        return at + n;
      }
      case 'chunk-size':
      case 'chunk-end':
      case 'trailers':
        return this.#readChunkLine(exchange, buffer, at, to);
    }
  }

  #readHead(exchange: Exchange, buffer: Buffer, at: number, to: number): number {
    // The head may span reads: its bytes are copied out of the reused buffer until it is whole (it is small). The
    // blank line ending it may itself be split, so the search starts in the last bytes of the earlier reads.
    const carried = this.#head.length === 0 ? EMPTY : Buffer.concat(this.#head).subarray(-3);
    const here = buffer.subarray(at, to);
    const found = (carried.length === 0 ? here : Buffer.concat([carried, here])).indexOf('\r\n\r\n');
    const upto = found < 0 ? to : at + found + 4 - carried.length;
    this.#headBytes += upto - at;
    if (this.#headBytes > MAX_HEAD_BYTES) {
      throw wireError('UND_ERR_HEADERS_OVERFLOW', 'the answer headers are larger than 16 KiB');
    }
    if (found >= 0 && this.#head.length === 0) {
      // The usual case, a head whole in one read: read where it is, no copy.
      this.#headBytes = 0;
      return this.#headDone(exchange, buffer.toString('latin1', at, upto), upto, to);
    }
    this.#head.push(Buffer.from(buffer.subarray(at, upto)));
    if (found < 0) return to;
    const text = Buffer.concat(this.#head).toString('latin1');
    this.#head = [];
    this.#headBytes = 0;
    return this.#headDone(exchange, text, upto, to);
  }

  /** A whole head was read, `text`; `next` is where what follows it starts, `to` where the read ends. */
  #headDone(exchange: Exchange, text: string, next: number, to: number): number {
    const lines = text.slice(0, -4).split('\r\n');
    const status = /^HTTP\/1\.([01]) ([1-9]\d\d)(?: ([\t\x20-\x7e\x80-\xff]*))?$/u.exec(lines[0] ?? '');
    if (status === null) throw wireError('HPE_INVALID_CONSTANT', 'the answer is not HTTP/1.x');
    const code = Number(status[2]);
    const headers = parseFields(lines.slice(1));
    if (code < 200) {
      // 1xx answers are informational: the real one follows. 101 would switch protocols, never asked for.
      if (code === 101) throw wireError('HPE_INVALID_CONSTANT', 'the server switched protocols');
      return next;
    }
    this.#framing = framing(code, headers);
    const connection = tokens(headers['connection']);
    this.#keepAlive = status[1] === '1' && !connection.includes('close') && this.#framing.kind !== 'close';
    this.#keepAliveMs = keepAliveHint(headers['keep-alive']);
    this.#phase = this.#framing.kind === 'chunked' ? 'chunk-size' : 'body';
    this.#line = '';
    this.#trailerBytes = 0;
    this.#arm('UND_ERR_BODY_TIMEOUT', exchange.bodyIdleMs);
    try {
      exchange.handler.onResponseStart?.(exchange.controller, code, headers, status[3] ?? '');
    } catch (error) {
      exchange.controller.abort(asError(error));
      return next;
    }
    // A bodiless answer ends here; bytes after it in the same read are never the next request's answer.
    const bodiless =
      this.#framing.kind === 'none' || (this.#framing.kind === 'length' && this.#framing.left === 0);
    if (bodiless && !exchange.over) this.#finish(exchange, next, to);
    return next;
  }

  /** A chunk-size line, the CRLF after a chunk's data, or a trailer line. */
  #readChunkLine(exchange: Exchange, buffer: Buffer, at: number, to: number): number {
    const newline = buffer.indexOf(0x0a, at);
    const upto = newline < 0 || newline >= to ? to : newline + 1;
    this.#line += buffer.toString('latin1', at, upto);
    if (this.#line.length > MAX_CHUNK_LINE_BYTES) {
      throw wireError('HPE_CHUNK_EXTENSIONS_OVERFLOW', 'a chunk-size line is too long');
    }
    if (upto === to && !this.#line.endsWith('\n')) return to;
    const line = this.#line;
    this.#line = '';
    if (!line.endsWith('\r\n'))
      throw wireError('HPE_INVALID_CHUNK_SIZE', 'a chunked line does not end in CRLF');
    const content = line.slice(0, -2);
    if (this.#phase === 'chunk-end') {
      if (content !== '') throw wireError('HPE_INVALID_CHUNK_SIZE', 'a chunk is longer than its size');
      this.#phase = 'chunk-size';
      return upto;
    }
    if (this.#phase === 'trailers') {
      this.#trailerBytes += line.length;
      if (this.#trailerBytes > MAX_HEAD_BYTES) {
        throw wireError('UND_ERR_HEADERS_OVERFLOW', 'the trailers are larger than 16 KiB');
      }
      if (content === '') this.#finish(exchange, upto, to);
      return upto;
    }
    const size = /^([0-9a-fA-F]{1,13})[\t ]*(?:;.*)?$/u.exec(content);
    if (size === null) throw wireError('HPE_INVALID_CHUNK_SIZE', 'an invalid chunk size');
    const bytes = Number.parseInt(size[1] ?? '', 16);
    if (bytes === 0) {
      this.#phase = 'trailers';
      this.#trailerBytes = 0;
    } else {
      this.#phase = 'chunk-data';
      this.#chunkLeft = bytes;
    }
    return upto;
  }

  #deliver(exchange: Exchange, chunk: Buffer): void {
    if (chunk.length === 0) return;
    try {
      exchange.handler.onResponseData?.(exchange.controller, chunk);
    } catch (error) {
      exchange.controller.abort(asError(error));
    }
  }

  /** The answer is complete at `next`; bytes up to `to` follow it in the same read. */
  #finish(exchange: Exchange, next: number, to: number): void {
    this.#exchange = undefined;
    this.#disarm();
    if (this.#keepAlive && next === to && !this.#closed) {
      this.#reused = true;
      this.#socket.unref();
      this.#arm('', this.#keepAliveMs);
      this.#pool.idle(this);
    } else {
      this.#shut();
    }
    this.#complete(exchange);
  }

  #complete(exchange: Exchange): void {
    if (exchange.over) return;
    exchange.over = true;
    try {
      exchange.handler.onResponseEnd?.(exchange.controller, {});
    } catch {
      // The handler's own failure; the answer itself was whole.
    }
  }
}

/** Header fields, names in lower case; a repeated field is an array. Folded or malformed lines are errors. */
function parseFields(lines: string[]): Headers {
  const headers: Headers = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon) : '';
    // Optional white space around the value, as RFC 9110 has it: spaces and tabs only (a regular expression or
    // trim() cost a tenth of the time of a small download's whole answer head).
    let start = colon + 1;
    let end = line.length;
    while (start < end && isBlank(line.charCodeAt(start))) start++;
    while (end > start && isBlank(line.charCodeAt(end - 1))) end--;
    const value = line.slice(start, end);
    if (!TOKEN.test(name) || FIELD_CONTROL.test(value)) {
      throw wireError('HPE_INVALID_HEADER_TOKEN', 'an invalid header line in the answer');
    }
    const key = name.toLowerCase();
    const seen = headers[key];
    if (seen === undefined) headers[key] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else headers[key] = [seen, value];
  }
  return headers;
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

function values(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  if (typeof value === 'string') return value.includes(',') ? value.split(',') : [value];
  return value.flatMap((v) => v.split(','));
}

function tokens(value: string | string[] | undefined): string[] {
  return values(value).map((v) => v.trim().toLowerCase());
}

function framing(status: number, headers: Headers): Framing {
  if (status === 204 || status === 304) return { kind: 'none' };
  const encodings = tokens(headers['transfer-encoding']);
  const lengths = values(headers['content-length']).map((v) => v.trim());
  if (encodings.length > 0) {
    // Both framings at once is how requests are smuggled: refused, as llhttp does.
    if (lengths.length > 0) {
      throw wireError(
        'HPE_UNEXPECTED_CONTENT_LENGTH',
        'the answer has both Transfer-Encoding and Content-Length',
      );
    }
    return encodings.at(-1) === 'chunked' ? { kind: 'chunked' } : { kind: 'close' };
  }
  if (lengths.length === 0) return { kind: 'close' };
  const [first] = lengths;
  if (first === undefined || !/^\d{1,15}$/u.test(first) || lengths.some((l) => l !== first)) {
    throw wireError('HPE_INVALID_CONTENT_LENGTH', 'an invalid Content-Length in the answer');
  }
  return { kind: 'length', left: Number(first) };
}

/** `Keep-Alive: timeout=N`: the connection is kept a second less than the server says, at most KEEP_ALIVE_MS. */
function keepAliveHint(value: string | string[] | undefined): number {
  const match = /(?:^|[\s,;])timeout=(\d+)/iu.exec(values(value).join(','));
  if (match === null) return KEEP_ALIVE_MS;
  return Math.max(0, Math.min(KEEP_ALIVE_MS, Number(match[1]) * 1000 - 1000));
}

/** What undici's request() answers, as far as the transport reads it; undici's own answer has this shape too. */
export interface Answered {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: AnswerBody;
}

/** An answer's body as a stream, and undici's dump(): read to its end and dropped. */
export type AnswerBody = Readable & { dump(): Promise<void> };

/** What dump() reads of a body before it gives up on it and drops the connection (undici's limit). */
const DUMP_LIMIT_BYTES = 128 * 1024;

/** The body of an answer taken through request(): copies of the wire's reads, with back-pressure. */
class WireBody extends Readable implements AnswerBody {
  readonly #controller: Dispatcher.DispatchController;
  /** The exchange is over (ended or failed): nothing is left to abort. */
  over = false;

  constructor(controller: Dispatcher.DispatchController) {
    super({ highWaterMark: 64 * 1024 });
    this.#controller = controller;
  }

  override _read(): void {
    this.#controller.resume();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (!this.over) {
      this.over = true;
      // The rest of the answer is not wanted: its connection cannot carry another request.
      this.#controller.abort(error ?? wireError('UND_ERR_ABORTED', 'the body was dropped unread'));
    }
    callback(error);
  }

  dump(): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) {
        resolve();
        return;
      }
      let bytes = 0;
      this.once('close', () => resolve());
      // A body that fails while being dropped concerns no one.
      this.on('error', () => {});
      this.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > DUMP_LIMIT_BYTES) this.destroy();
      });
    });
  }
}

/**
 * undici's request() for a GET, on a dispatcher of this file's kind: resolves with the answer's status and headers
 * once they arrive, its body then following as a stream. The wire's reads are copied, as undici allocates each of
 * its own: an API answer is small and read whole. Aborting `signal` fails the exchange (before the answer) or its
 * body (after); the caller tells why from the signal.
 */
export function requestOn(
  dispatcher: Dispatching,
  request: WireRequest,
  signal: AbortSignal,
): Promise<Answered> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(wireError('UND_ERR_ABORTED', 'the request was aborted'));
      return;
    }
    let controller: Dispatcher.DispatchController | undefined;
    let body: WireBody | undefined;
    const onAbort = (): void => controller?.abort(wireError('UND_ERR_ABORTED', 'the request was aborted'));
    const done = (): void => signal.removeEventListener('abort', onAbort);
    signal.addEventListener('abort', onAbort, { once: true });
    dispatcher.dispatch(request, {
      onRequestStart: (c) => {
        controller = c;
      },
      onResponseStart: (c, statusCode, headers) => {
        body = new WireBody(c);
        resolve({ statusCode, headers, body });
      },
      onResponseData: (c, chunk) => {
        // A copy: the chunk's memory is the connection's, reused by its next read.
        if (body !== undefined && !body.destroyed && !body.push(Buffer.from(chunk))) c.pause();
      },
      onResponseEnd: () => {
        done();
        if (body === undefined || body.destroyed) return;
        body.over = true;
        body.push(null);
      },
      onResponseError: (_c, error) => {
        done();
        if (body === undefined) reject(error);
        else if (!body.destroyed) {
          body.over = true;
          body.destroy(error);
        }
      },
    });
  });
}
