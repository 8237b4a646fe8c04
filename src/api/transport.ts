// HTTP transport of the API core, on undici: headers and Basic auth, explicit timeouts, safe redirects, retries
// with backoff and Retry-After, error bodies turned into ApiErrors (wire.md; promises 1–6, 13–14, 20).

import { Readable } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';
import packageJson from '../../package.json' with { type: 'json' };
import { systemClock, type Clock } from './clock.ts';
import {
  AbortedError,
  ApiError,
  BadResponseError,
  DeadlineError,
  NetworkError,
  TimeoutError,
  UserFacingError,
  ValidationError,
} from './errors.ts';
import { serverMessage } from './message.ts';
import type { HttpVerb } from './records.ts';
import {
  backoffDelay,
  DEFAULT_RETRY,
  parseRetryAfter,
  provablyNotSent,
  shouldRetry,
  type RetryMode,
  type RetryOptions,
} from './retry.ts';

export { serverMessage } from './message.ts';
export { DEFAULT_RETRY, parseRetryAfter } from './retry.ts';
export type { RetryMode, RetryOptions } from './retry.ts';

export interface Timeouts {
  /** TCP (and TLS) connection setup. */
  connectMs: number;
  /** From sending the request to the complete response headers. */
  headersMs: number;
  /** Idle time between two chunks of the response body. */
  bodyIdleMs: number;
}

/** Seconds, not undici's 300 s: a stuck server fails the step quickly enough to retry or report. */
export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, headersMs: 30_000, bodyIdleMs: 30_000 };

export const DEFAULT_USER_AGENT = `ci-actions/${packageJson.version}`;

/** Redirects followed per request, as browsers and the toolkit's http-client do. */
export const MAX_REDIRECTS = 5;

/** Bytes of an error body read for its message; the rest is not worth a connection's time. */
export const ERROR_BODY_LIMIT = 64 * 1024;

export type LogFn = (level: 'debug' | 'info' | 'warning', message: string) => void;

export interface TransportOptions {
  /** Already validated: http(s), ends in /api/v1.1 (a trailing / tolerated). */
  baseUrl: string;
  /** Sent as HTTP Basic `base64(token + ':')`; no token, no Authorization header at all. */
  token?: string;
  userAgent?: string;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryOptions>;
  /** All waiting goes through clock.sleep and all jitter through clock.random. */
  clock?: Clock;
  /** Tests may pass a MockAgent; by default the transport owns an Agent and closes it in close(). */
  dispatcher?: Dispatcher;
  /** Aborts everything at once: AbortedError, never retried. */
  signal?: AbortSignal;
  /** Absolute time on clock.now()'s scale; no retry wait may run past it. */
  deadline?: number;
  /** Debug lines about retries and redirects (never a credential). */
  log?: LogFn;
}

export interface ApiRequest {
  method: HttpVerb;
  /** Relative to baseUrl, starts with '/', segments already URL-encoded by the caller. */
  path: string;
  /** Undefined values are left out entirely. */
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON-encoded; only with POST. Undefined: no body. */
  body?: unknown;
  retry: RetryMode;
  signal?: AbortSignal;
  /** A deadline for this request's retry waits, on top of the transport's own (the earlier one applies). */
  deadline?: number;
}

export type ResponseHeaders = Record<string, string | string[] | undefined>;

export interface ApiResponse<T> {
  status: number;
  headers: ResponseHeaders;
  data: T;
  attempts: number;
}

export interface OpenedBody {
  status: number;
  headers: ResponseHeaders;
  /** Final URL after redirects. */
  url: string;
  /** Errors while reading it are mapped like the request's: TimeoutError('body'), NetworkError, AbortedError. */
  body: Readable;
}

export interface OpenOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** How a receiver holds a body back, lets it go on, or stops it for good (its connection is then not reused). */
export interface BodyControl {
  pause(): void;
  resume(): void;
  abort(error: Error): void;
}

/** The success answer a receiver is handed. */
export interface Answer {
  status: number;
  headers: ResponseHeaders;
  /** Final URL after redirects, without user info. */
  url: string;
}

/**
 * Takes a download's body straight off the connection, chunk by chunk, with no stream in between (see receive()).
 * After `start`, exactly one of `end` and `error` is called, unless the receiver aborted the body itself.
 */
export interface BodyReceiver {
  /** A success answer (2xx) arrived. Throwing refuses it: the body is dropped and receive() fails with the error. */
  start(answer: Answer, control: BodyControl): void;
  /** A chunk of the body; false pauses the body until control.resume(). */
  data(chunk: Buffer): boolean;
  end(): void;
  /** The body failed; mapped like open()'s: TimeoutError('body'), NetworkError, AbortedError. */
  error(error: Error): void;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Headers the transport alone decides; a caller's extra headers never override them. */
const RESERVED_HEADERS = new Set([
  'authorization',
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
]);

/** Network-level codes that mean the exchange failed on the wire (not a bug in how it was called). */
const WIRE_ERROR_CODE =
  /^(E(?!RR_)[A-Z0-9_]+|HPE_[A-Z0-9_]+|ERR_(TLS|SSL)_[A-Z0-9_]+|[A-Z_]*CERT[A-Z_]*|UND_ERR_(SOCKET|RES_CONTENT_LENGTH_MISMATCH|HEADERS_OVERFLOW|INFO))$/;

type Outcome<T> =
  { ok: true; response: ApiResponse<T> } | { ok: false; error: Error; retryAfterMs?: number | undefined };

interface Exchange {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal;
  /** How the request is named in errors and logs. */
  display: string;
}

export class Transport {
  /** Origin of the API. */
  readonly origin: string;
  readonly clock: Clock;
  readonly #basePath: string;
  readonly #authorization: string | undefined;
  readonly #secrets: string[];
  readonly #userAgent: string;
  readonly #timeouts: Timeouts;
  readonly #retry: RetryOptions;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #signal: AbortSignal | undefined;
  readonly #deadline: number | undefined;
  readonly #log: LogFn;
  readonly #trusted = new Set<string>();
  /** Origins whose downloads answered with a redirect (see receive()). */
  readonly #redirecting = new Set<string>();
  readonly #closing = new AbortController();
  #closed: Promise<void> | undefined;

  constructor(options: TransportOptions) {
    const base = new URL(options.baseUrl);
    this.origin = base.origin;
    this.#basePath = base.pathname.replace(/\/+$/, '');
    this.clock = options.clock ?? systemClock;
    const token = options.token;
    if (token !== undefined && token !== '') {
      const credential = Buffer.from(`${token}:`).toString('base64');
      this.#authorization = `Basic ${credential}`;
      this.#secrets = [...new Set([token, encodeURIComponent(token), credential])];
    } else {
      this.#authorization = undefined;
      this.#secrets = [];
    }
    this.#userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    this.#timeouts = { ...DEFAULT_TIMEOUTS, ...definedOnly(options.timeouts) };
    this.#retry = { ...DEFAULT_RETRY, ...definedOnly(options.retry) };
    this.#retry.maxAttempts = Math.max(1, Math.floor(this.#retry.maxAttempts));
    this.#ownsDispatcher = options.dispatcher === undefined;
    this.#dispatcher =
      options.dispatcher ??
      new Agent({
        connect: { timeout: this.#timeouts.connectMs },
        headersTimeout: this.#timeouts.headersMs,
        bodyTimeout: this.#timeouts.bodyIdleMs,
      });
    this.#signal = options.signal;
    this.#deadline = options.deadline;
    this.#log = options.log ?? (() => {});
  }

  /** Artifact URLs the API listed: the credential may go to their origins too. */
  trust(url: string): void {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return;
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return;
    // An API reached over TLS never has its credential sent in clear text, whatever it lists.
    if (parsed.protocol === 'http:' && this.origin.startsWith('https:')) return;
    this.#trusted.add(parsed.origin);
  }

  async request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
    const pathWithQuery = req.path + queryString(req.query);
    const display = this.#redact(pathWithQuery);
    if (req.body !== undefined && req.method !== 'POST') {
      throw new TypeError(`${req.method} ${display}: only a POST carries a body`);
    }
    const url = new URL(this.origin + this.#basePath + pathWithQuery);
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.#userAgent };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const signal = this.#signalFor(req.signal);
    const deadline = earliest(this.#deadline, req.deadline);
    const exchange: Exchange = { method: req.method, url, headers, body, signal, display };

    for (let attempt = 1; ; attempt++) {
      if (signal.aborted) throw this.#abortError(signal);
      const outcome = await this.#attempt<T>(exchange, attempt);
      if (outcome.ok) return outcome.response;
      const { error, retryAfterMs } = outcome;
      if (attempt >= this.#retry.maxAttempts || !shouldRetry(req.retry, error, retryAfterMs)) throw error;

      // The server's Retry-After is honoured in full, even above maxDelayMs (promise 3).
      const wait = retryAfterMs ?? backoffDelay(attempt, this.#retry, () => this.clock.random());
      const now = this.clock.now();
      if (deadline !== undefined && now + wait > deadline) {
        const left = seconds(Math.max(0, deadline - now));
        const why =
          retryAfterMs === undefined
            ? `the next retry in ${seconds(wait)} would run past the deadline (${left} left)`
            : `the server asked to wait ${seconds(wait)} before retrying (Retry-After), but only ${left} remain before the deadline`;
        throw new DeadlineError(`${error.message}; giving up: ${why}`, { cause: error });
      }
      this.#log(
        'debug',
        `${error.message}; retrying in ${seconds(wait)}${retryAfterMs === undefined ? '' : ' as the server asked'}` +
          ` (attempt ${attempt + 1} of ${this.#retry.maxAttempts})`,
      );
      await this.#sleep(wait, signal);
    }
  }

  /** GET an absolute URL for a download: auth only to trusted origins; redirects followed (max 5), the credential
   *  dropped as soon as the origin changes away from a trusted one; extra headers (e.g. Range) passed through; no
   *  retries (the caller resumes); timeouts as configured; the caller must consume or destroy `body`. Non-2xx →
   *  ApiError (body drained). */
  async open(url: string, options: OpenOptions = {}): Promise<OpenedBody> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new ValidationError('url', 'an absolute http(s) URL');
    }
    if (target.protocol !== 'https:' && target.protocol !== 'http:') {
      throw new ValidationError(
        'url',
        'an absolute http(s) URL',
        undefined,
        `unsupported scheme ${target.protocol}`,
      );
    }
    const display = this.#displayUrl(target);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      const key = name.toLowerCase();
      if (!RESERVED_HEADERS.has(key)) headers[key] = value;
    }
    headers['user-agent'] = this.#userAgent;
    const signal = this.#signalFor(options.signal);
    const exchange: Exchange = { method: 'GET', url: target, headers, body: undefined, signal, display };

    let response: Dispatcher.ResponseData;
    let finalUrl: URL;
    try {
      ({ response, url: finalUrl } = await this.#exchange(exchange));
    } catch (err) {
      throw this.#mapError(err, exchange, 1);
    }
    const { statusCode: status, headers: responseHeaders } = response;
    if (status < 200 || status >= 300) {
      const message = await this.#errorMessage(response, exchange);
      throw new ApiError(status, 'GET', display, message);
    }
    finalUrl.username = '';
    finalUrl.password = '';
    return {
      status,
      headers: responseHeaders,
      url: finalUrl.href,
      body: guardBody(response.body, (err) => this.#mapError(err, exchange, 1)),
    };
  }

  /**
   * open(), with the body handed to `receiver` chunk by chunk straight from undici's dispatch(): no Readable, no
   * per-body AbortController, back-pressure through the dispatch controller. Resolves once `receiver.start` has
   * taken a success answer; fails as open() does before that. Why not open(): for files of a few hundred KiB, the
   * stream machinery of request() cost more of the main thread than the bytes themselves.
   *
   * The first request goes out directly. A redirect answer is dropped and the whole chain is sent again through
   * #exchange, so that its redirect and credential policy is the only one there is: one more short request for the
   * first redirected download of an origin (later ones of that origin go through #exchange at once), against a
   * second copy of that policy to keep in step.
   */
  async receive(url: string, options: OpenOptions, receiver: BodyReceiver): Promise<void> {
    const exchange = this.#downloadExchange(url, options);
    const origin = exchange.url.origin;
    if (!this.#redirecting.has(origin)) {
      if ((await this.#dispatchOnce(exchange, receiver)) === 'taken') return;
      // Storage that redirects one URL usually redirects them all: its next URLs go the long way at once.
      this.#redirecting.add(origin);
    }
    let response: Dispatcher.ResponseData;
    let finalUrl: URL;
    try {
      ({ response, url: finalUrl } = await this.#exchange(exchange));
    } catch (err) {
      throw this.#mapError(err, exchange, 1);
    }
    const { statusCode: status, headers } = response;
    if (status < 200 || status >= 300) {
      const message = await this.#errorMessage(response, exchange);
      throw new ApiError(status, 'GET', exchange.display, message);
    }
    finalUrl.username = '';
    finalUrl.password = '';
    const body = response.body;
    // Listeners before anything else: an error with no one listening would end the process.
    let started = false;
    const pending: Error[] = [];
    body.on('error', (err) => {
      const error = this.#mapError(err, exchange, 1);
      if (started) receiver.error(error);
      else pending.push(error);
    });
    try {
      receiver.start(
        { status, headers, url: finalUrl.href },
        { pause: () => body.pause(), resume: () => body.resume(), abort: (error) => body.destroy(error) },
      );
    } catch (error) {
      body.destroy();
      throw error;
    }
    started = true;
    body.on('data', (chunk: Buffer) => {
      if (!receiver.data(chunk)) body.pause();
    });
    body.once('end', () => receiver.end());
    const early = pending[0];
    if (early !== undefined) receiver.error(early);
  }

  /** The exchange of a download: open()'s checks of the URL, the caller's headers but never the reserved ones. */
  #downloadExchange(url: string, options: OpenOptions): Exchange {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new ValidationError('url', 'an absolute http(s) URL');
    }
    if (target.protocol !== 'https:' && target.protocol !== 'http:') {
      throw new ValidationError(
        'url',
        'an absolute http(s) URL',
        undefined,
        `unsupported scheme ${target.protocol}`,
      );
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      const key = name.toLowerCase();
      if (!RESERVED_HEADERS.has(key)) headers[key] = value;
    }
    headers['user-agent'] = this.#userAgent;
    const signal = this.#signalFor(options.signal);
    return {
      method: 'GET',
      url: target,
      headers,
      body: undefined,
      signal,
      display: this.#displayUrl(target),
    };
  }

  /**
   * One GET by dispatch(). A success answer goes to the receiver ('taken'); a redirect is drained and left to
   * #exchange ('redirect'); any other answer is an ApiError with the server's message.
   */
  #dispatchOnce(exchange: Exchange, receiver: BodyReceiver): Promise<'taken' | 'redirect'> {
    const { url, signal } = exchange;
    const sent: Record<string, string> = { ...exchange.headers };
    if (this.#mayAuthorize(url) && this.#authorization !== undefined)
      sent.authorization = this.#authorization;
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
        return new ApiError(status, 'GET', exchange.display, this.#redact(serverMessage(text, contentType)));
      };
      const onAbort = (): void => controller?.abort(this.#abortError(signal));
      const done = (): void => signal.removeEventListener('abort', onAbort);
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
          const answerUrl = new URL(url.href);
          answerUrl.username = '';
          answerUrl.password = '';
          try {
            receiver.start(
              { status: statusCode, headers, url: answerUrl.href },
              { pause: () => c.pause(), resume: () => c.resume(), abort: (error) => c.abort(error) },
            );
          } catch (error) {
            role = 'error';
            settled = true;
            done();
            reject(error instanceof Error ? error : new Error(String(error)));
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
          fail(this.#mapError(err, exchange, 1));
        },
      };
      if (signal.aborted) {
        reject(this.#abortError(signal));
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      this.#dispatcher.dispatch(
        {
          origin: url.origin,
          path: url.pathname + url.search,
          method: 'GET',
          headers: sent,
          headersTimeout: this.#timeouts.headersMs,
          bodyTimeout: this.#timeouts.bodyIdleMs,
        },
        handler,
      );
    });
  }

  /** Closes the owned dispatcher; no socket or timer outlives it. In-flight requests and waits end with AbortedError. */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      this.#closing.abort(new AbortedError('the HTTP client was closed'));
      if (this.#ownsDispatcher) await this.#dispatcher.destroy();
    })();
    return this.#closed;
  }

  /** One attempt of an API request, redirects included; failures are returned so the caller can decide to retry. */
  async #attempt<T>(exchange: Exchange, attempt: number): Promise<Outcome<T>> {
    const { method, display } = exchange;
    let response: Dispatcher.ResponseData;
    try {
      ({ response } = await this.#exchange(exchange));
    } catch (err) {
      return { ok: false, error: this.#mapError(err, exchange, attempt) };
    }
    const { statusCode: status, headers } = response;
    if (status < 200 || status >= 300) {
      const message = await this.#errorMessage(response, exchange);
      const retryAfterMs = parseRetryAfter(firstHeader(headers['retry-after']), this.clock.now());
      return { ok: false, error: new ApiError(status, method, display, message, attempt), retryAfterMs };
    }
    let text: string;
    try {
      text = await response.body.text();
    } catch (err) {
      return { ok: false, error: this.#mapError(err, exchange, attempt) };
    }
    let data: unknown = null;
    if (text.trim() !== '') {
      try {
        data = JSON.parse(text);
      } catch {
        const contentType = firstHeader(headers['content-type']);
        const what = this.#redact(serverMessage(text, contentType));
        const detail = `HTTP ${status} with a body that is not JSON${contentType ? ` (${contentType})` : ''}`;
        return {
          ok: false,
          error: new BadResponseError(method, display, what ? `${detail}: ${what}` : detail),
        };
      }
    }
    return { ok: true, response: { status, headers, data: data as T, attempts: attempt } };
  }

  /** Sends the request and follows redirects; the credential goes only to trusted origins and, once dropped on
   *  the way, is never sent again in this chain (promise 14). Redirect bodies are drained. Errors are undici's. */
  async #exchange(exchange: Exchange): Promise<{ response: Dispatcher.ResponseData; url: URL }> {
    let { method, url, body } = exchange;
    const headers = { ...exchange.headers };
    let authorize = this.#mayAuthorize(url);
    for (let redirects = 0; ; redirects++) {
      const sent: Record<string, string> = { ...headers };
      if (authorize && this.#authorization !== undefined) sent.authorization = this.#authorization;
      const response = await this.#dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: method as Dispatcher.HttpMethod,
        headers: sent,
        body: body ?? null,
        signal: exchange.signal,
        headersTimeout: this.#timeouts.headersMs,
        bodyTimeout: this.#timeouts.bodyIdleMs,
      });
      const location = firstHeader(response.headers.location);
      if (!REDIRECT_STATUSES.has(response.statusCode) || location === undefined) return { response, url };
      await response.body.dump();
      if (redirects >= MAX_REDIRECTS) {
        throw new BadResponseError(exchange.method, exchange.display, `more than ${MAX_REDIRECTS} redirects`);
      }
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new BadResponseError(exchange.method, exchange.display, 'a redirect to an invalid address');
      }
      if (next.protocol !== 'https:' && next.protocol !== 'http:') {
        throw new BadResponseError(
          exchange.method,
          exchange.display,
          `a redirect to a ${next.protocol} address`,
        );
      }
      authorize &&= this.#mayAuthorize(next);
      // As fetch does: 303, and 301/302 after a POST, continue as a GET without the body.
      const status = response.statusCode;
      if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        delete headers['content-type'];
      }
      if (next.origin !== url.origin) {
        this.#log(
          'debug',
          `${exchange.method} ${exchange.display}: redirected to ${next.origin}${authorize ? '' : ' (without credentials)'}`,
        );
      }
      url = next;
    }
  }

  #mayAuthorize(url: URL): boolean {
    return url.origin === this.origin || this.#trusted.has(url.origin);
  }

  /** The server's message from an error answer: the body is read up to ERROR_BODY_LIMIT, then destroyed. */
  async #errorMessage(response: Dispatcher.ResponseData, exchange: Exchange): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= ERROR_BODY_LIMIT) break; // leaving the loop destroys the rest of the body
      }
    } catch {
      // The status says what happened; a body lost on the way only costs its message.
      if (exchange.signal.aborted) throw this.#abortError(exchange.signal);
    } finally {
      if (!response.body.destroyed && size >= ERROR_BODY_LIMIT) response.body.destroy();
    }
    const text = new TextDecoder().decode(Buffer.concat(chunks).subarray(0, ERROR_BODY_LIMIT));
    return this.#redact(serverMessage(text, firstHeader(response.headers['content-type'])));
  }

  /** Maps undici's and the system's errors to the API core's; errors of a wrong call (bugs) pass through. */
  #mapError(err: unknown, exchange: Exchange, attempt: number): Error {
    const { method, display, signal } = exchange;
    if (signal.aborted) return this.#abortError(signal);
    if (err instanceof UserFacingError) return err;
    const { code, syscall } = errorCode(err);
    switch (code) {
      case 'UND_ERR_CONNECT_TIMEOUT':
        return new TimeoutError(method, display, 'connect', this.#timeouts.connectMs, attempt);
      case 'UND_ERR_HEADERS_TIMEOUT':
        return new TimeoutError(method, display, 'headers', this.#timeouts.headersMs, attempt);
      case 'UND_ERR_BODY_TIMEOUT':
        return new TimeoutError(method, display, 'body', this.#timeouts.bodyIdleMs, attempt);
      case 'UND_ERR_ABORTED':
      case 'UND_ERR_DESTROYED':
      case 'UND_ERR_CLOSED':
        return this.#closing.signal.aborted ? this.#abortError(this.#closing.signal) : new AbortedError();
      case 'UND_ERR_SOCKET':
        // undici's "other side closed": the server dropped the connection, possibly after acting on the request.
        return new NetworkError(method, display, 'ECONNRESET', false, attempt);
    }
    if (code !== undefined && WIRE_ERROR_CODE.test(code)) {
      return new NetworkError(method, display, code, provablyNotSent(code, syscall), attempt);
    }
    return err instanceof Error ? err : new Error(String(err));
  }

  /** A caller's own UserFacingError reason is kept; any other abort is an AbortedError. */
  #abortError(signal: AbortSignal): Error {
    const reason: unknown = signal.reason;
    return reason instanceof UserFacingError ? reason : new AbortedError();
  }

  async #sleep(ms: number, signal: AbortSignal): Promise<void> {
    try {
      await this.clock.sleep(ms, signal);
    } catch (err) {
      if (signal.aborted) throw this.#abortError(signal);
      throw err;
    }
  }

  #signalFor(signal: AbortSignal | undefined): AbortSignal {
    const signals = [this.#closing.signal];
    if (this.#signal !== undefined) signals.push(this.#signal);
    if (signal !== undefined) signals.push(signal);
    return signals.length === 1 ? this.#closing.signal : AbortSignal.any(signals);
  }

  /** A URL as errors name it: no user info, no query (signed URLs carry credentials there), no fragment. */
  #displayUrl(url: URL): string {
    return this.#redact(`${url.origin}${url.pathname}`);
  }

  #redact(text: string): string {
    let out = text;
    for (const secret of this.#secrets) out = out.replaceAll(secret, '***');
    return out;
  }
}

/** Reads a body on behalf of a caller, mapping its errors to the API core's. Destroying it destroys the source. */
function guardBody(source: Dispatcher.ResponseData['body'], mapError: (err: unknown) => Error): Readable {
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

function queryString(query: ApiRequest['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(name, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function errorCode(err: unknown): { code: string | undefined; syscall: string | undefined } {
  if (typeof err !== 'object' || err === null) return { code: undefined, syscall: undefined };
  const { code, syscall, errors } = err as { code?: unknown; syscall?: unknown; errors?: unknown };
  // Happy eyeballs fails with an AggregateError of one error per address tried.
  if (typeof code !== 'string' && Array.isArray(errors) && errors.length > 0) return errorCode(errors[0]);
  return {
    code: typeof code === 'string' ? code : undefined,
    syscall: typeof syscall === 'string' ? syscall : undefined,
  };
}

function definedOnly<T extends object>(values: Partial<T> | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function earliest(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
