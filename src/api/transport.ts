// HTTP transport of the API core: headers and Basic auth, explicit timeouts, safe redirects, retries with backoff
// and Retry-After, limits on what an answer may be, error bodies turned into ApiErrors, proxies from the environment
// (wire.md; promises 1–6, 13–14, 20, 22). Every request goes through undici, with or without a proxy.

import dns from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Readable } from 'node:stream';
import { Agent, EnvHttpProxyAgent, type Dispatcher } from './undici.ts';

type Answered = Dispatcher.ResponseData;
import packageJson from '../../package.json' with { type: 'json' };
import { systemClock, type Clock } from './clock.ts';
import {
  AbortedError,
  asError,
  ApiError,
  BadResponseError,
  DeadlineError,
  NetworkError,
  TimeoutError,
  UnsafeAddressError,
  UserFacingError,
  ValidationError,
} from './errors.ts';
import { displayUrl, urlSecrets } from './format.ts';
import { redactor, serverMessage } from './message.ts';
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
  /**
   * One attempt of an API call, from sending to the last byte of the answer: a server dripping a byte a second
   * never trips the idle timeout, this does. Not for downloads (open()), which may rightly take long.
   * By default TOTAL_PER_TIMEOUT times the longer of the headers and idle timeouts (at least TOTAL_MARGIN_MS
   * more than it), so it follows their tuning.
   */
  totalMs: number;
}

/** The overall limit of an attempt, as a multiple of the headers and idle timeouts (2 min by default)... */
export const TOTAL_PER_TIMEOUT = 4;
/** ...and at least this much longer than either. */
export const TOTAL_MARGIN_MS = 2_000;

/** Seconds, not undici's 300 s: a stuck server fails the step quickly enough to retry or report. */
export const DEFAULT_TIMEOUTS: Timeouts = {
  connectMs: 10_000,
  headersMs: 30_000,
  bodyIdleMs: 30_000,
  totalMs: TOTAL_PER_TIMEOUT * 30_000,
};

/**
 * An API call without a deadline of its own (the step has none) gets this one: its attempts and retry waits
 * together, so a `Retry-After` of years fails at once instead of sleeping (promise 3).
 */
export const DEFAULT_CALL_BUDGET_MS = 10 * 60_000;

/** A retry wait longer than this is said at info level: the log must not look stuck. */
export const LONG_WAIT_MS = 5_000;

/**
 * Largest API answer read: many times a page of 100 builds with full records (a few MiB), yet far below what
 * would take the runner's memory. Reading stops when it is passed.
 */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

/** Deepest JSON nesting accepted in an API answer (real ones nest about five deep). */
export const MAX_ANSWER_DEPTH = 64;

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
  /** The deadline of a call when neither the transport nor the request has one; DEFAULT_CALL_BUDGET_MS. */
  callBudgetMs?: number;
  /** Lines about retries, waits and redirects (never a credential). */
  log?: LogFn;
  /**
   * Every other secret of the step (the token is known already), read at each use so later ones count too: they
   * are removed from server text before it is cut or reflowed.
   */
  secrets?: readonly string[];
  /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY (either case) are read; process.env by default. */
  env?: Record<string, string | undefined>;
  /** The system's resolver by default; tests map names to addresses with their own. */
  lookup?: LookupFn;
}

/** node:dns lookup's shape, as net.connect calls it. */
export type LookupFn = (
  hostname: string,
  options: dns.LookupOptions,
  callback: (
    err: NodeJS.ErrnoException | null,
    address: string | dns.LookupAddress[],
    family?: number,
  ) => void,
) => void;

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
  /** A chunk of the body, valid during the call only (its memory is reused for the next read: copy what is kept);
   *  false pauses the body until control.resume(). */
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
  | { ok: true; response: ApiResponse<T> }
  | { ok: false; error: Error; retryAfterMs?: number | undefined; retryAfter?: string | undefined };

interface Exchange {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
  /** The caller's cancellation (the step, the request, close()). */
  signal: AbortSignal;
  /** What the request is sent with: `signal`, plus the attempt's overall limit for API calls. */
  sendSignal: AbortSignal;
  /** How the request is named in errors and logs. */
  display: string;
  /** A download's URL values (query, path parameters) and those of its redirects: never printed. */
  urlSecrets: string[];
  /** API calls take an answer only from the API's origin; downloads follow storage redirects. */
  crossOrigin: 'refuse' | 'follow';
}

export class Transport {
  /** Origin of the API. */
  readonly origin: string;
  /** Host name of the API, as URL gives it. */
  readonly #hostname: string;
  readonly clock: Clock;
  readonly #basePath: string;
  readonly #authorization: string | undefined;
  readonly #secrets: string[];
  readonly #userAgent: string;
  readonly #timeouts: Timeouts;
  readonly #retry: RetryOptions;
  /** API calls' own dispatcher: maxResponseSize caps their answers, and it is per dispatcher. */
  readonly #api: Dispatcher;
  /** Downloads', without that cap. A caller's dispatcher (tests) serves as both. */
  readonly #downloads: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #signal: AbortSignal | undefined;
  readonly #deadline: number | undefined;
  readonly #callBudgetMs: number;
  readonly #log: LogFn;
  readonly #moreSecrets: readonly string[];
  readonly #trusted = new Set<string>();
  /** Origins whose downloads answered with a redirect (see receive()). */
  readonly #redirecting = new Set<string>();
  readonly #closing = new AbortController();
  #closed: Promise<void> | undefined;
  /** #signalFor's signals: the transport's own, and one per caller's signal. */
  #own: AbortSignal | undefined;
  readonly #combined = new WeakMap<AbortSignal, AbortSignal>();
  /** #whenAborted's callbacks, by signal: one listener on each signal, however many downloads wait on it. */
  readonly #onAbort = new WeakMap<AbortSignal, { callbacks: Set<() => void>; listener: () => void }>();
  /** #redact's, and how many of the caller's secrets it was made for (the transport's own are fixed). */
  #redactor: ((text: string) => string) | undefined;
  #redactorCount = 0;

  constructor(options: TransportOptions) {
    const base = new URL(options.baseUrl);
    this.origin = base.origin;
    this.#hostname = base.hostname;
    this.#basePath = base.pathname.replace(/\/+$/, '');
    this.clock = options.clock ?? systemClock;
    const token = options.token;
    const secrets: string[] = [];
    if (token !== undefined && token !== '') {
      const credential = Buffer.from(`${token}:`).toString('base64');
      this.#authorization = `Basic ${credential}`;
      secrets.push(token, credential);
    } else {
      this.#authorization = undefined;
    }
    // A user and password in the base address are never sent, but never printed either.
    secrets.push(...userInfo(base));
    this.#userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    const timeouts = definedOnly(options.timeouts);
    const headersMs = timeouts.headersMs ?? DEFAULT_TIMEOUTS.headersMs;
    const bodyIdleMs = timeouts.bodyIdleMs ?? DEFAULT_TIMEOUTS.bodyIdleMs;
    const longer = Math.max(headersMs, bodyIdleMs);
    this.#timeouts = {
      ...DEFAULT_TIMEOUTS,
      // undici checks its own timeouts on a coarse clock (about a second): the overall limit leaves them room to
      // fire first, so that a server that never answers is told as such.
      totalMs: Math.max(TOTAL_PER_TIMEOUT * longer, longer + TOTAL_MARGIN_MS),
      ...timeouts,
    };
    this.#retry = { ...DEFAULT_RETRY, ...definedOnly(options.retry) };
    this.#retry.maxAttempts = Math.max(1, Math.floor(this.#retry.maxAttempts));
    this.#log = options.log ?? (() => {});
    this.#ownsDispatcher = options.dispatcher === undefined;
    if (options.dispatcher !== undefined) {
      this.#api = this.#downloads = options.dispatcher;
    } else {
      const agentOptions = {
        connect: {
          timeout: this.#timeouts.connectMs,
          lookup: guardedLookup(base.hostname, options.lookup ?? (dns.lookup as LookupFn)),
        },
        headersTimeout: this.#timeouts.headersMs,
        bodyTimeout: this.#timeouts.bodyIdleMs,
      };
      const proxy = proxyFromEnv(options.env ?? process.env);
      for (const name of proxy?.ignored ?? []) {
        this.#log('warning', `${name} is set but is no http(s) address of a proxy: it is not used`);
      }
      let make: (extra: { maxResponseSize?: number }) => Dispatcher;
      if (proxy === undefined || !('describe' in proxy)) {
        make = (extra) => new Agent({ ...agentOptions, ...extra });
      } else {
        // undici's own reading of the variables, given explicitly so that what the log says is what is used.
        // Requests to http and https origins alike go through a CONNECT tunnel (proxyTunnel: undici 8 forwards
        // http requests by default), so the proxy sees host names only: never a header, never the credential.
        const proxyOptions = {
          ...agentOptions,
          proxyTunnel: true,
          proxyTls: { timeout: this.#timeouts.connectMs },
          ...(proxy.http === undefined ? {} : { httpProxy: proxy.http.href }),
          ...(proxy.https === undefined ? {} : { httpsProxy: proxy.https.href }),
          noProxy: proxy.noProxy,
        };
        make = (extra) => new EnvHttpProxyAgent({ ...proxyOptions, ...extra });
        for (const url of [proxy.http, proxy.https]) if (url !== undefined) secrets.push(...userInfo(url));
        this.#log('debug', proxy.describe);
      }
      this.#api = make({ maxResponseSize: MAX_ANSWER_BYTES });
      this.#downloads = make({});
    }
    this.#secrets = [...new Set(secrets)];
    this.#moreSecrets = options.secrets ?? [];
    this.#signal = options.signal;
    this.#deadline = options.deadline;
    this.#callBudgetMs = options.callBudgetMs ?? DEFAULT_CALL_BUDGET_MS;
  }

  /** A line for the step's log through the transport's own logger (what callers above it have to say). */
  log(level: Parameters<LogFn>[0], message: string): void {
    this.#log(level, this.#redact(message));
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
    const given = earliest(this.#deadline, req.deadline);
    // Every call has a deadline, even when its step has none (promise 3).
    const deadline = given ?? this.clock.now() + this.#callBudgetMs;
    const exchange: Exchange = {
      method: req.method,
      url,
      headers,
      body,
      signal,
      sendSignal: signal,
      display,
      urlSecrets: [],
      crossOrigin: 'refuse',
    };

    for (let attempt = 1; ; attempt++) {
      if (signal.aborted) throw this.#abortError(signal);
      const outcome = await this.#attempt<T>(exchange, attempt);
      if (outcome.ok) return outcome.response;
      const { error, retryAfterMs, retryAfter } = outcome;
      if (attempt >= this.#retry.maxAttempts || !shouldRetry(req.retry, error, retryAfterMs)) throw error;

      // The server's Retry-After is honoured in full, even above maxDelayMs (promise 3).
      const wait = retryAfterMs ?? backoffDelay(attempt, this.#retry, () => this.clock.random());
      const now = this.clock.now();
      if (now + wait > deadline) {
        const left = duration(Math.max(0, deadline - now));
        const until =
          given === undefined
            ? `that is past the ${roughly(this.#callBudgetMs)} an API call may take in all`
            : `only ${left} remain before the deadline`;
        const why =
          retryAfterMs === undefined
            ? `the next retry in ${duration(wait)} would run past the deadline (${left} left)`
            : `the server asked to wait ${duration(wait)} before retrying (Retry-After: ${retryAfter}), but ${until}`;
        throw new DeadlineError(`${error.message}; giving up: ${why}`, { cause: error });
      }
      const asked = retryAfterMs === undefined ? '' : ' as the server asked (Retry-After)';
      // A long wait is said where people look: a silent minute reads as a hang.
      this.#log(
        wait > LONG_WAIT_MS ? 'info' : 'debug',
        `${error.message}; retrying in ${wait > LONG_WAIT_MS ? duration(wait) : seconds(wait)}${asked}` +
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
    const exchange = this.#downloadExchange(url, options);
    const { response, url: finalUrl } = await this.#successChain(exchange);
    return {
      status: response.statusCode,
      headers: response.headers,
      url: finalUrl,
      body: guardBody(response.body, (err) => this.#mapError(err, exchange, 1)),
    };
  }

  /** A download's chain of redirects through #exchange, to a success answer; anything else is an ApiError. */
  async #successChain(exchange: Exchange): Promise<{ response: Answered; url: string }> {
    let response: Answered;
    let finalUrl: URL;
    try {
      ({ response, url: finalUrl } = await this.#exchange(exchange));
    } catch (err) {
      throw this.#mapError(err, exchange, 1);
    }
    const status = response.statusCode;
    if (status < 200 || status >= 300) {
      const message = await this.#errorMessage(response, exchange);
      throw new ApiError(status, 'GET', exchange.display, message);
    }
    const refused = unusableDownload(status, response.headers, exchange);
    if (refused !== undefined) {
      response.body.destroy();
      throw refused;
    }
    finalUrl.username = '';
    finalUrl.password = '';
    return { response, url: finalUrl.href };
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
    const { response, url: finalUrl } = await this.#successChain(exchange);
    const { statusCode: status, headers, body } = response;
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
        { status, headers, url: finalUrl },
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
    // Worked out (and redacted) only for an error or a log line: most downloads never need it.
    let display: string | undefined;
    const shown = (): string => (display ??= this.#displayUrl(target, exchange));
    const exchange: Exchange = {
      method: 'GET',
      url: target,
      headers,
      body: undefined,
      signal,
      sendSignal: signal,
      get display() {
        return shown();
      },
      urlSecrets: urlSecrets(target),
      crossOrigin: 'follow',
    };
    // The first request may go out by dispatch(), not #exchange: the same refusal of a link-local target.
    this.#checkAddress(target, exchange, false);
    return exchange;
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
        return new ApiError(
          status,
          'GET',
          exchange.display,
          serverMessage(text, contentType, this.#secretsOf(exchange)),
        );
      };
      const onAbort = (): void => controller?.abort(this.#abortError(signal));
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
            const refused = unusableDownload(statusCode, headers, exchange);
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
            // A copy: the chunk's memory is the connection's, reused by the next read.
            errorChunks.push(Buffer.from(chunk));
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
      done = this.#whenAborted(signal, onAbort);
      this.#downloads.dispatch(
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
      if (this.#ownsDispatcher) await Promise.all([this.#api.destroy(), this.#downloads.destroy()]);
    })();
    return this.#closed;
  }

  /** One attempt of an API request, redirects included; failures are returned so the caller can decide to retry.
   *  The whole attempt, answer read to its end, is bounded by the overall limit (promise 5). */
  async #attempt<T>(call: Exchange, attempt: number): Promise<Outcome<T>> {
    const limit = new AbortController();
    const timer = setTimeout(() => limit.abort(), this.#timeouts.totalMs);
    const exchange: Exchange = { ...call, sendSignal: AbortSignal.any([call.signal, limit.signal]) };
    try {
      return await this.#attemptWithin<T>(exchange, attempt);
    } finally {
      clearTimeout(timer);
    }
  }

  async #attemptWithin<T>(exchange: Exchange, attempt: number): Promise<Outcome<T>> {
    const { method, display } = exchange;
    let response: Answered;
    try {
      ({ response } = await this.#exchange(exchange));
    } catch (err) {
      return { ok: false, error: this.#mapError(err, exchange, attempt) };
    }
    const { statusCode: status, headers } = response;
    if (status < 200 || status >= 300) {
      const message = await this.#errorMessage(response, exchange);
      const retryAfter = firstHeader(headers['retry-after']);
      const retryAfterMs = parseRetryAfter(retryAfter, this.clock.now());
      return {
        ok: false,
        error: new ApiError(status, method, display, message, attempt),
        retryAfterMs,
        retryAfter:
          retryAfter === undefined ? undefined : this.#redact(serverMessage(retryAfter, 'text/plain')),
      };
    }
    let text: string;
    try {
      text = await this.#readAnswer(response, exchange);
    } catch (err) {
      return { ok: false, error: this.#mapError(err, exchange, attempt) };
    }
    let data: unknown = null;
    if (text.trim() !== '') {
      try {
        data = JSON.parse(text);
      } catch {
        const contentType = firstHeader(headers['content-type']);
        const what = serverMessage(text, contentType, this.#allSecrets());
        const detail = `HTTP ${status} with a body that is not JSON${contentType ? ` (${contentType})` : ''}`;
        return {
          ok: false,
          error: new BadResponseError(method, display, what ? `${detail}: ${what}` : detail),
        };
      }
    }
    return { ok: true, response: { status, headers, data: data as T, attempts: attempt } };
  }

  /**
   * The body of a success answer as text, within MAX_ANSWER_DEPTH (promise 22); the API dispatcher's
   * maxResponseSize keeps it within MAX_ANSWER_BYTES. Reading stops as soon as either is passed, so an endless
   * answer costs neither memory nor a stack overflow later.
   */
  async #readAnswer(response: Answered, exchange: Exchange): Promise<string> {
    const { method, display } = exchange;
    // maxResponseSize counts bytes as they come: an answer that announces too many is refused before any.
    const announced = Number(firstHeader(response.headers['content-length']));
    if (Number.isFinite(announced) && announced > MAX_ANSWER_BYTES) {
      response.body.destroy();
      throw Object.assign(new Error('too large'), { code: 'UND_ERR_RES_EXCEEDED_MAX_SIZE' });
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

  /** Sends the request and follows redirects; the credential goes only to trusted origins and, once dropped on
   *  the way, is never sent again in this chain (promise 14). An API call takes no answer from another origin,
   *  and nothing is ever sent to a link-local address. Redirect bodies are drained. Errors are undici's (the
   *  wire's have the same codes), or ours for a redirect refused. */
  async #exchange(exchange: Exchange): Promise<{ response: Answered; url: URL }> {
    let { method, url, body } = exchange;
    const headers = { ...exchange.headers };
    let authorize = this.#mayAuthorize(url);
    this.#checkAddress(url, exchange, false);
    for (let redirects = 0; ; redirects++) {
      const sent: Record<string, string> = { ...headers };
      if (authorize && this.#authorization !== undefined) sent.authorization = this.#authorization;
      const request = {
        origin: url.origin,
        path: url.pathname + url.search,
        headers: sent,
        headersTimeout: this.#timeouts.headersMs,
        bodyTimeout: this.#timeouts.bodyIdleMs,
      };
      const dispatcher = exchange.crossOrigin === 'refuse' ? this.#api : this.#downloads;
      const response: Answered = await dispatcher.request({
        ...request,
        method: method as Dispatcher.HttpMethod,
        body: body ?? null,
        signal: exchange.sendSignal,
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
      if (exchange.crossOrigin === 'follow') exchange.urlSecrets.push(...urlSecrets(next));
      this.#checkAddress(next, exchange, true);
      if (exchange.crossOrigin === 'refuse' && next.origin !== this.origin) {
        // An answer from elsewhere is not the service's answer: a DELETE "done" by another server is no deletion.
        throw new BadResponseError(
          exchange.method,
          exchange.display,
          `a redirect to another origin (${this.#displayUrl(next, exchange)}); API answers are taken only from ` +
            `${this.origin}, the origin of base-url: if the service has moved, set base-url to its new address`,
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

  /** Refuses a link-local address given as such (a host name resolving to one is caught by guardedLookup).
   *  The API's own host is the user's choice, never refused. */
  #checkAddress(url: URL, exchange: Exchange, redirected: boolean): void {
    if (url.hostname === this.#hostname || !isLinkLocal(url.hostname)) return;
    const how = redirected ? 'was redirected to' : 'would go to';
    throw new UnsafeAddressError(
      `${exchange.method} ${exchange.display} ${how} ${this.#displayUrl(url, exchange)}: a link-local address ` +
        `(where cloud metadata services answer), never contacted`,
      url.hostname,
    );
  }

  #mayAuthorize(url: URL): boolean {
    return url.origin === this.origin || this.#trusted.has(url.origin);
  }

  /** The server's message from an error answer: the body is read up to ERROR_BODY_LIMIT, then destroyed. */
  async #errorMessage(response: Answered, exchange: Exchange): Promise<string> {
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
      if (exchange.signal.aborted) throw this.#abortError(exchange.signal);
    } finally {
      if (!response.body.destroyed && size >= ERROR_BODY_LIMIT) response.body.destroy();
    }
    const text = new TextDecoder().decode(Buffer.concat(chunks).subarray(0, ERROR_BODY_LIMIT));
    // Secrets go before the message is cut or reflowed, or a cut-off start of one would pass (promise 13).
    return serverMessage(text, firstHeader(response.headers['content-type']), this.#secretsOf(exchange));
  }

  /** Maps undici's and the system's errors to the API core's; errors of a wrong call (bugs) pass through. */
  #mapError(err: unknown, exchange: Exchange, attempt: number): Error {
    const { method, display, signal } = exchange;
    if (signal.aborted) return this.#abortError(signal);
    // Only the attempt's overall limit aborts the sending signal without aborting the caller's.
    if (exchange.sendSignal.aborted)
      return new TimeoutError(method, display, 'total', this.#timeouts.totalMs, attempt);
    if (err instanceof UserFacingError) return err;
    if (err instanceof LinkLocalLookupError) {
      return new UnsafeAddressError(
        `${method} ${display}: the host name ${err.hostname} resolves to ${err.address}, a link-local address ` +
          `(where cloud metadata services answer), never contacted`,
        err.address,
      );
    }
    const { code, syscall, hostname } = errorCode(err);
    if (code === undefined && err instanceof Error && err.name === 'HTTPParserError') {
      // undici 8 leaves a parser error's code unset: its reason, "(Invalid character in chunk size)", names it.
      const reason = /\(([^)]*)\)\s*$/u.exec(err.message)?.[1] ?? 'invalid response';
      const named = `HPE_${reason.toUpperCase().replace(/[^A-Z0-9]+/gu, '_')}`;
      return new NetworkError(method, display, named, false, attempt);
    }
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
      case 'UND_ERR_RES_EXCEEDED_MAX_SIZE':
        return new BadResponseError(
          method,
          display,
          `the answer is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB, the most an API answer may be; reading stopped there`,
        );
      case 'UND_ERR_SOCKET':
        // undici's "other side closed": the server dropped the connection, possibly after acting on the request.
        return new NetworkError(method, display, 'ECONNRESET', false, attempt);
    }
    if (code !== undefined && WIRE_ERROR_CODE.test(code)) {
      // A failed DNS lookup names its host: after a redirect it is not base-url's (item: which name failed).
      const host =
        syscall === 'getaddrinfo' || code.startsWith('EAI_') || code === 'ENOTFOUND' ? hostname : undefined;
      return new NetworkError(method, display, code, provablyNotSent(code, syscall), attempt, host);
    }
    return asError(err);
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

  /**
   * Calls `callback` when `signal` aborts; the function returned stops that. The downloads of a run wait on the same
   * signal (#signalFor's). An EventTarget listener added and removed per download cost about 10 µs each on a
   * composite signal, and V8 compiled that machinery hot on top (800 small files: 5-9 ms of the main thread, about
   * 14 ms of compiling); a set of callbacks behind one listener costs neither. The listener goes when no one waits
   * on the signal any more, so that a composite signal can still be collected.
   */
  #whenAborted(signal: AbortSignal, callback: () => void): () => void {
    let entry = this.#onAbort.get(signal);
    if (entry === undefined) {
      const callbacks = new Set<() => void>();
      const listener = (): void => {
        this.#onAbort.delete(signal);
        // A callback may end other exchanges, and with them their registrations: a copy is walked.
        const all = [...callbacks];
        callbacks.clear();
        for (const each of all) each();
      };
      signal.addEventListener('abort', listener, { once: true });
      entry = { callbacks, listener };
      this.#onAbort.set(signal, entry);
    }
    const current = entry;
    current.callbacks.add(callback);
    return () => {
      if (!current.callbacks.delete(callback) || current.callbacks.size > 0) return;
      signal.removeEventListener('abort', current.listener);
      if (this.#onAbort.get(signal) === current) this.#onAbort.delete(signal);
    };
  }

  #signalFor(signal: AbortSignal | undefined): AbortSignal {
    if (signal === undefined) return (this.#own ??= this.#combine(undefined));
    // Made once per caller's signal: a thousand downloads under one signal share one composite signal, where one
    // each cost its bookkeeping (and the collector's) a thousand times.
    let combined = this.#combined.get(signal);
    if (combined === undefined) {
      combined = this.#combine(signal);
      this.#combined.set(signal, combined);
    }
    return combined;
  }

  #combine(signal: AbortSignal | undefined): AbortSignal {
    const signals = [this.#closing.signal];
    if (this.#signal !== undefined) signals.push(this.#signal);
    if (signal !== undefined) signals.push(signal);
    return signals.length === 1 ? this.#closing.signal : AbortSignal.any(signals);
  }

  /** A URL as errors name it (displayUrl()), with every secret of the step and of the exchange removed. */
  #displayUrl(url: URL, exchange: Exchange): string {
    return redactor(exchange.urlSecrets)(this.#redact(displayUrl(url)));
  }

  #secretsOf(exchange: Exchange): string[] {
    return [...this.#allSecrets(), ...exchange.urlSecrets];
  }

  #allSecrets(): string[] {
    return [...this.#secrets, ...this.#moreSecrets];
  }

  #redact(text: string): string {
    // Their forms are worked out again only when a secret was added (the caller's list only grows, as inputs
    // holding secrets are read), not for every message and download.
    if (this.#redactor === undefined || this.#redactorCount !== this.#moreSecrets.length) {
      this.#redactor = redactor(this.#allSecrets());
      this.#redactorCount = this.#moreSecrets.length;
    }
    return this.#redactor(text);
  }
}

/** Reads a body on behalf of a caller, mapping its errors to the API core's. Destroying it destroys the source. */
function guardBody(source: Answered['body'], mapError: (err: unknown) => Error): Readable {
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
function unusableDownload(
  status: number,
  headers: ResponseHeaders,
  exchange: Exchange,
): BadResponseError | undefined {
  if (status === 204 || status === 205) {
    return new BadResponseError(
      'GET',
      exchange.display,
      `HTTP ${status}, an answer without content, where a file was expected`,
    );
  }
  const lines = headers['transfer-encoding'];
  if (lines === undefined) return undefined;
  const value = Array.isArray(lines) ? lines.join(', ') : lines;
  if (value.trim().toLowerCase() === 'chunked') return undefined;
  return new BadResponseError(
    'GET',
    exchange.display,
    `the body was sent with Transfer-Encoding ${JSON.stringify(value)}; only chunked is accepted`,
  );
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

function errorCode(err: unknown): {
  code: string | undefined;
  syscall: string | undefined;
  hostname: string | undefined;
} {
  if (typeof err !== 'object' || err === null)
    return { code: undefined, syscall: undefined, hostname: undefined };
  const { code, syscall, errors, hostname } = err as {
    code?: unknown;
    syscall?: unknown;
    errors?: unknown;
    hostname?: unknown;
  };
  // Happy eyeballs fails with an AggregateError of one error per address tried.
  if (typeof code !== 'string' && Array.isArray(errors) && errors.length > 0) return errorCode(errors[0]);
  return {
    code: typeof code === 'string' ? code : undefined,
    syscall: typeof syscall === 'string' ? syscall : undefined,
    hostname: typeof hostname === 'string' ? hostname : undefined,
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

/** Seconds, and for long spans also in a unit a person reads at a glance: "999999999 s (about 31.7 years)". */
function duration(ms: number): string {
  return ms < 120_000 ? seconds(ms) : `${Math.round(ms / 1000)} s (about ${roughly(ms)})`;
}

/** A span in the largest unit it holds twice: "10 min", "31.7 years". */
function roughly(ms: number): string {
  const s = ms / 1000;
  const units: [number, string][] = [
    [365.25 * 86_400, 'years'],
    [86_400, 'days'],
    [3_600, 'h'],
    [60, 'min'],
  ];
  const [size, unit] = units.find(([size]) => s >= 2 * size) ?? [1, 's'];
  return `${Math.round((s / size) * 10) / 10} ${unit}`;
}

/** Thrown by guardedLookup: the name resolved to a link-local address. */
class LinkLocalLookupError extends Error {
  readonly hostname: string;
  readonly address: string;
  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to the link-local address ${address}`);
    this.hostname = hostname;
    this.address = address;
  }
}

/**
 * A resolver that refuses link-local answers for every name but the API's own (a user's choice): a redirect or an
 * artifact URL naming a host that resolves to a cloud metadata address is never connected to (promise 14).
 */
export function guardedLookup(apiHostname: string, lookup: LookupFn): LookupFn {
  return (hostname, options, callback) => {
    lookup(hostname, options, (err, address, family) => {
      if (err !== null || hostname.toLowerCase() === apiHostname.toLowerCase()) {
        callback(err, address, family);
        return;
      }
      const addresses = typeof address === 'string' ? [address] : address.map((a) => a.address);
      const refused = addresses.find((a) => isLinkLocal(a));
      if (refused !== undefined) callback(new LinkLocalLookupError(hostname, refused), address, family);
      else callback(null, address, family);
    });
  };
}

/** Link-local networks, also written in IPv6 forms that carry an IPv4 address (node's BlockList matches the
 *  IPv4-mapped form `::ffff:a.b.c.d` by itself; the NAT64 prefix and the old IPv4-compatible form are added). */
const LINK_LOCAL = new BlockList();
LINK_LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LINK_LOCAL.addSubnet('fe80::', 10, 'ipv6');
LINK_LOCAL.addSubnet('64:ff9b::a9fe:0', 112, 'ipv6');
LINK_LOCAL.addSubnet('::a9fe:0', 112, 'ipv6');

/**
 * True for a link-local address (169.254.0.0/16, fe80::/10), with or without the brackets of a URL or a zone.
 * Other spellings of IPv4 (decimal, octal, hex) are normalised by the URL parser before they get here.
 */
export function isLinkLocal(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const kind = isIP(address);
  return kind !== 0 && LINK_LOCAL.check(address, kind === 4 ? 'ipv4' : 'ipv6');
}

interface ProxySettings {
  http: URL | undefined;
  https: URL | undefined;
  noProxy: string;
  /** What the log says: the proxies without their user and password. */
  describe: string;
  /** Variables set to something that is no http(s) address. */
  ignored: string[];
}

/** HTTPS_PROXY, HTTP_PROXY and NO_PROXY, lower case first as curl and undici read them; undefined when no proxy
 *  is set. An address that is not a URL is ignored rather than sending everything who knows where. */
function proxyFromEnv(
  env: Record<string, string | undefined>,
): ProxySettings | { ignored: string[] } | undefined {
  const read = (name: string): string | undefined => {
    const value = env[name.toLowerCase()] ?? env[name.toUpperCase()];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  const parse = (value: string | undefined): URL | undefined => {
    if (value === undefined) return undefined;
    try {
      // Like curl, a proxy given as host:port is an http proxy.
      const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
    } catch {
      return undefined;
    }
  };
  const httpValue = read('http_proxy');
  const httpsValue = read('https_proxy');
  const http = parse(httpValue);
  const https = parse(httpsValue);
  const ignored = [
    ...(httpValue !== undefined && http === undefined ? ['HTTP_PROXY'] : []),
    ...(httpsValue !== undefined && https === undefined ? ['HTTPS_PROXY'] : []),
  ];
  if (http === undefined && https === undefined) return ignored.length === 0 ? undefined : { ignored };
  const noProxy = read('no_proxy') ?? '';
  const name = (url: URL | undefined): string => (url === undefined ? 'none' : url.origin);
  return {
    http,
    https,
    noProxy,
    ignored,
    describe:
      `Proxy from the environment: ${name(https ?? http)} for https, ${name(http)} for http` +
      (noProxy === '' ? '' : `; not for NO_PROXY (${noProxy})`),
  };
}

function userInfo(url: URL): string[] {
  const parts = [url.username, url.password].filter((p) => p !== '');
  const decoded = parts.map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  return [...parts, ...decoded];
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
