// HTTP transport of the API core: headers and Basic auth, explicit timeouts, safe redirects, retries with backoff
// and Retry-After, error bodies turned into ApiErrors, proxies from the environment (docs/wire.md;
// docs/promises.md, promises 1–6, 13–14, 20, 22). Every request goes through undici, with or without a proxy.
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import type { Agent, Dispatcher } from 'undici';
import packageJson from '../../../package.json' with { type: 'json' };
import { guardedLookup } from './address-guard.ts';
import { discard, errorMessage, MAX_ANSWER_BYTES, readJson, unusableDownload } from './answer.ts';
import { abortReason, systemClock, type Clock } from '../../common/clock.ts';
import { AbortedError, ValidationError } from '../../common/errors.ts';
import { apiError, BadResponseError } from './errors.ts';
import { displayUrl, firstHeader, urlSecrets } from '../../common/format.ts';
import { redactor, serverMessage } from './message.ts';
import { agentFor, proxyFromEnv, userInfo } from './proxy.ts';
import { type HttpVerb } from '../records.ts';
import { definedOnly } from '../../common/values.ts';
import {
  backoffDelay,
  DEFAULT_RETRY,
  parseRetryAfter,
  pastDeadline,
  seconds,
  shouldRetry,
  type RetryMode,
  type RetryOptions,
} from './retry.ts';
import { SunsetNotices, type HeaderValues as ResponseHeaders } from './sunset.ts';
import { mapError, send, type Exchange, type Timeouts, type Wire } from './exchange.ts';

export type LogFn = (level: 'debug' | 'info' | 'warning', message: string) => void;

export interface TransportOptions {
  /** Already validated: http(s), ends in /api/v1.1 (a trailing / tolerated). */
  baseUrl: string;
  /** Sent as HTTP Basic `base64(token + ':')`; no token, no Authorization header at all. */
  token?: string;
  userAgent?: string;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryOptions>;
  clock?: Clock;
  /** Tests may pass a MockAgent, which serves API calls and downloads alike. */
  dispatcher?: Dispatcher;
  signal?: AbortSignal;
  /** Absolute time on clock.now()'s scale; no retry wait may run past it. */
  deadline?: number;
  log?: LogFn;
  /** Every other secret of the step, read at each use so that later ones count too. */
  secrets?: readonly string[];
  /** Where HTTPS_PROXY, HTTP_PROXY and NO_PROXY (either case) are read; process.env by default. */
  env?: Record<string, string | undefined>;
  lookup?: LookupFunction;
  /** Share one per step so that it warns once. */
  sunset?: SunsetNotices;
  /** A step's concurrency: undici opens another connection whenever all of an origin's are busy, each a handshake. */
  downloadConnections?: number;
}

export interface ApiRequest {
  method: HttpVerb;
  /** Relative to baseUrl, starts with '/', segments already URL-encoded by the caller. */
  path: string;
  /** Undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON-encoded; only with POST. */
  body?: unknown;
  retry: RetryMode;
  signal?: AbortSignal;
  /** A deadline for this request's retry waits, on top of the transport's own (the earlier one applies). */
  deadline?: number;
  /** API v2 (docs/sunset.md): the base address with its last segment `v1.1` replaced by `v2`. */
  api?: 'v2';
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

/** Seconds, not undici's minutes: a stuck server fails the step quickly enough to retry or report. */
const DEFAULT_TIMEOUTS = { connectMs: 10_000, headersMs: 30_000, bodyIdleMs: 30_000 };

/** A call without a deadline of its own gets this one, so that a Retry-After of years fails at once. */
const CALL_BUDGET_MS = 10 * 60_000;

/** A retry wait longer than this is said at info level: a silent minute reads as a hang. */
const LONG_WAIT_MS = 5_000;

/** Headers the transport alone decides; a caller's extra headers never override them. */
const RESERVED_HEADERS = /^(authorization|host|content-length|transfer-encoding|connection)$/iu;

export class Transport {
  readonly origin: string;
  readonly clock: Clock;
  readonly #options: TransportOptions;
  readonly #basePath: string;
  readonly #secrets: string[] = [];
  readonly #userAgent: string;
  readonly #retry: RetryOptions;
  readonly #log: LogFn;
  readonly #sunset: SunsetNotices;
  readonly #closing = new AbortController();
  readonly #wire: Wire;
  #closed: Promise<void> | undefined;

  constructor(options: TransportOptions) {
    const base = new URL(options.baseUrl);
    this.#options = options;
    this.origin = base.origin;
    this.#basePath = base.pathname.replace(/\/+$/u, '');
    this.clock = options.clock ?? systemClock;
    this.#log = options.log ?? (() => {});
    this.#sunset = options.sunset ?? new SunsetNotices();
    this.#userAgent = options.userAgent ?? `ci-actions/${packageJson.version}`;
    let authorization: string | undefined;
    if (options.token) {
      const credential = Buffer.from(`${options.token}:`).toString('base64');
      authorization = `Basic ${credential}`;
      this.#secrets.push(options.token, credential);
    }
    // A user and password in the base address are never sent, but never printed either.
    this.#secrets.push(...userInfo(base));
    const given = { ...DEFAULT_TIMEOUTS, ...definedOnly(options.timeouts) };
    const longer = Math.max(given.headersMs, given.bodyIdleMs);
    // undici checks its own timeouts on a coarse clock: the overall limit leaves them room to fire first, so that a
    // server that never answers is told as such.
    const timeouts = { totalMs: Math.max(4 * longer, longer + 2_000), ...given };
    this.#retry = { ...DEFAULT_RETRY, ...definedOnly(options.retry) };
    const { dispatcher } = options;
    const proxy = dispatcher ? undefined : proxyFromEnv(options.env ?? process.env, this.#log);
    this.#secrets.push(...[proxy?.http, proxy?.https].flatMap((url) => (url ? userInfo(url) : [])));
    const lookup = guardedLookup(base.hostname, options.lookup ?? (dns.lookup as LookupFunction));
    const agent = {
      connect: { timeout: timeouts.connectMs, lookup },
      headersTimeout: timeouts.headersMs,
      bodyTimeout: timeouts.bodyIdleMs,
    };
    const make = (extra: Agent.Options): Dispatcher => dispatcher ?? agentFor(proxy, { ...extra, ...agent });
    this.#wire = {
      origin: this.origin,
      // API calls' own dispatcher: maxResponseSize caps their answers, and it is per dispatcher.
      api: make({ maxResponseSize: MAX_ANSWER_BYTES }),
      // HTTP/1.1 only: undici takes HTTP/2 when a server offers it, and its HTTP/2 downloads were several times
      // slower at a network's latency (`npm run bench -- --tls --latency 20`).
      downloads: make({ allowH2: false, connections: options.downloadConnections ?? null }),
      // The API's origin, and the artifact origins it listed.
      trusted: new Set([base.origin]),
      authorization,
      timeouts,
      proxy,
      closing: this.#closing.signal,
      log: this.#log,
      displayUrl: (url, secrets) => this.#displayUrl(url, secrets),
    };
  }

  log(level: Parameters<LogFn>[0], message: string): void {
    this.#log(level, this.#redact(message));
  }

  /** Artifact URLs the API listed: the credential may go to their origins too. */
  trust(url: string): void {
    const parsed = URL.parse(url);
    // An API reached over TLS never has its credential sent in clear text, whatever it lists.
    if (parsed?.protocol === 'https:' || (parsed?.protocol === 'http:' && this.origin.startsWith('http:')))
      this.#wire.trusted.add(parsed.origin);
  }

  async request<T = unknown>(
    req: ApiRequest,
  ): Promise<{ status: number; headers: ResponseHeaders; data: T; attempts: number }> {
    // URLSearchParams writes each value as String() would.
    const query = new URLSearchParams(definedOnly(req.query) as Record<string, string>).toString();
    const path = req.path + (query === '' ? '' : `?${query}`);
    const display = (req.api === 'v2' ? 'v2 ' : '') + this.#redact(path);
    if (req.body !== undefined && req.method !== 'POST')
      throw new TypeError(`${req.method} ${display}: only a POST carries a body`);
    const basePath = req.api === 'v2' ? this.#basePath.replace(/\/v1\.1$/u, '/v2') : this.#basePath;
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.#userAgent };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const signal = this.#signalFor(req.signal);
    const call: Exchange = {
      method: req.method,
      url: new URL(this.origin + basePath + path),
      headers,
      body,
      signal,
      display,
      urlSecrets: [],
      download: false,
    };
    const given = Math.min(this.#options.deadline ?? Infinity, req.deadline ?? Infinity);
    // Every call has a deadline, even when its step has none (docs/promises.md, promise 3).
    const deadline = given === Infinity ? this.clock.now() + CALL_BUDGET_MS : given;

    // Not undici's retry interceptor: a trigger is never sent twice, and Retry-After is waited up to the deadline.
    for (let attempt = 1; ; attempt++) {
      if (signal.aborted) throw abortReason(signal);
      // The whole attempt, its answer read to the end, is bounded by the overall limit (docs/promises.md, promise 5).
      const exchange = { ...call, limit: AbortSignal.timeout(this.#wire.timeouts.totalMs) };
      let error: Error;
      let retryAfter: string | undefined;
      try {
        const { response } = await send(exchange, this.#wire);
        const { statusCode: status, headers } = response;
        const gone = this.#sunset.heard(req.method, display, status, headers, this.log.bind(this));
        if (status >= 200 && status < 300) {
          const data = (await readJson(response, req.method, display, this.#allSecrets())) as T;
          return { status, headers, data, attempts: attempt };
        }
        const message = await errorMessage(response, this.#allSecrets(), signal);
        error = gone?.(message, attempt) ?? apiError(status, req.method, display, message, attempt);
        retryAfter = firstHeader(headers['retry-after']);
      } catch (err) {
        error = mapError(err, exchange, this.#wire, attempt);
      }
      const retryAfterMs = parseRetryAfter(retryAfter, this.clock.now());
      if (attempt >= this.#retry.maxAttempts || !shouldRetry(req.retry, error, retryAfterMs)) throw error;
      // The server's Retry-After is honoured in full, even above maxDelayMs (docs/promises.md, promise 3).
      const wait = retryAfterMs ?? backoffDelay(attempt, this.#retry, () => this.clock.random());
      const now = this.clock.now();
      const asked = retryAfterMs === undefined ? undefined : retryAfter;
      if (now + wait > deadline) {
        const said = asked && serverMessage(asked, 'text/plain', this.#allSecrets());
        const budget = given === Infinity ? CALL_BUDGET_MS : undefined;
        throw pastDeadline(error, wait, deadline - now, said, budget);
      }
      const how = asked === undefined ? '' : ' as the server asked (Retry-After)';
      this.#log(
        wait > LONG_WAIT_MS ? 'info' : 'debug',
        `${error.message}; retrying in ${seconds(wait)}${how} (attempt ${attempt + 1} of ${this.#retry.maxAttempts})`,
      );
      await this.clock.sleep(wait, signal);
    }
  }

  /** GET an absolute URL for a download, redirects followed under the same rules as API calls; no retries (the
   *  caller resumes). The caller must start reading `body`, or destroy it, before it awaits anything else. */
  async open(url: string, options: OpenOptions = {}): Promise<OpenedBody> {
    const target = URL.parse(url);
    if (target?.protocol !== 'https:' && target?.protocol !== 'http:') {
      const scheme = target === null ? undefined : `unsupported scheme ${target.protocol}`;
      throw new ValidationError('url', 'an absolute http(s) URL', undefined, scheme);
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(options.headers ?? {}))
      if (!RESERVED_HEADERS.test(name)) headers[name.toLowerCase()] = value;
    headers['user-agent'] = this.#userAgent;
    const secrets = urlSecrets(target);
    const exchange: Exchange = {
      method: 'GET',
      url: target,
      headers,
      body: undefined,
      signal: this.#signalFor(options.signal),
      display: this.#displayUrl(target, secrets),
      urlSecrets: secrets,
      download: true,
    };
    try {
      const { response, url: final } = await send(exchange, this.#wire);
      const { statusCode: status, body } = response;
      if (status < 200 || status >= 300) {
        const message = await errorMessage(response, [...this.#allSecrets(), ...secrets], exchange.signal);
        throw apiError(status, 'GET', exchange.display, message);
      }
      const unusable = unusableDownload(status, response.headers);
      if (unusable !== undefined) {
        discard(body);
        throw new BadResponseError('GET', exchange.display, unusable);
      }
      // undici fails a body through destroy(): its errors become the API core's there, with no stream in between.
      const destroy = body.destroy.bind(body);
      body.destroy = (err?: Error) => destroy(err ? mapError(err, exchange, this.#wire, 1) : undefined);
      final.username = '';
      final.password = '';
      return { status, headers: response.headers, url: final.href, body };
    } catch (err) {
      throw mapError(err, exchange, this.#wire, 1);
    }
  }

  /** Closes the owned dispatchers; no socket or timer outlives it. In-flight requests and waits end with AbortedError. */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      this.#closing.abort(new AbortedError('the HTTP client was closed'));
      if (this.#options.dispatcher === undefined)
        await Promise.all([this.#wire.api.destroy(), this.#wire.downloads.destroy()]);
    })();
    return this.#closed;
  }

  #signalFor(signal: AbortSignal | undefined): AbortSignal {
    return AbortSignal.any(
      [this.#closing.signal, this.#options.signal, signal].filter((s) => s !== undefined),
    );
  }

  #displayUrl(url: URL, urlSecrets: string[]): string {
    return redactor(urlSecrets)(this.#redact(displayUrl(url)));
  }

  #allSecrets(): string[] {
    return [...this.#secrets, ...(this.#options.secrets ?? [])];
  }

  #redact(text: string): string {
    return redactor(this.#allSecrets())(text);
  }
}
