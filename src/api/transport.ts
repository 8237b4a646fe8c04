// HTTP transport of the API core: headers and Basic auth, explicit timeouts, safe redirects, retries with backoff
// and Retry-After, limits on what an answer may be, error bodies turned into ApiErrors, proxies from the environment
// (docs/wire.md; docs/promises.md, promises 1–6, 13–14, 20, 22). Every request goes through undici, with or without a
// proxy.

import dns from 'node:dns';
import { guardedLookup, isLinkLocal, LinkLocalLookupError, type LookupFn } from './address-guard.ts';
import {
  errorMessage,
  readApiAnswer,
  discard,
  tooLarge,
  unusableDownload,
  type Answered,
  type Outcome,
} from './answer.ts';
import { systemClock, type Clock } from './clock.ts';
import {
  systemErrorCode,
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
import { displayUrl, firstHeader, roughly, shortDuration, urlSecrets } from './format.ts';
import { redactor } from './message.ts';
import { SunsetNotices } from './sunset.ts';
import { proxyClient, proxyError, proxyFromEnv, userInfo, type ProxySettings } from './proxy.ts';
import { backoffDelay, DEFAULT_RETRY, provablyNotSent, shouldRetry, type RetryOptions } from './retry.ts';
import {
  DEFAULT_CALL_BUDGET_MS,
  DEFAULT_TIMEOUTS,
  DEFAULT_USER_AGENT,
  LONG_WAIT_MS,
  MAX_ANSWER_BYTES,
  MAX_REDIRECTS,
  REDIRECT_STATUSES,
  TOTAL_MARGIN_MS,
  TOTAL_PER_TIMEOUT,
  type ApiRequest,
  type ApiResponse,
  type LogFn,
  type OpenedBody,
  type OpenOptions,
  type Timeouts,
  type TransportOptions,
} from './transport-options.ts';
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';

export * from './transport-options.ts';
export { guardedLookup, isLinkLocal, type LookupFn } from './address-guard.ts';
export { serverMessage } from './message.ts';
export { DEFAULT_RETRY, parseRetryAfter } from './retry.ts';
export type { RetryMode, RetryOptions } from './retry.ts';

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
  /** The proxies from the environment, when there are any. */
  #proxy: ProxySettings | undefined;
  readonly #signal: AbortSignal | undefined;
  readonly #deadline: number | undefined;
  readonly #callBudgetMs: number;
  readonly #log: LogFn;
  readonly #sunset: SunsetNotices;
  readonly #moreSecrets: readonly string[];
  readonly #trusted = new Set<string>();
  readonly #closing = new AbortController();
  #closed: Promise<void> | undefined;
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
    this.#sunset = options.sunset ?? new SunsetNotices();
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
      let make: (extra: { maxResponseSize?: number; allowH2?: boolean; connections?: number }) => Dispatcher;
      if (proxy === undefined || !('describe' in proxy)) {
        make = (extra) => new Agent({ ...agentOptions, ...extra });
      } else {
        // undici's own reading of the variables, given explicitly so that what the log says is what is used.
        // Requests to http and https origins alike go through a CONNECT tunnel (proxyTunnel: undici 8 forwards
        // http requests by default), so the proxy sees host names only: never a header, never the credential.
        const proxyOptions = {
          ...agentOptions,
          proxyTunnel: true,
          // The proxy's own client: undici gives it no timeouts, so a proxy that never answers CONNECT held each
          // attempt 300 s. Its failures are marked, so that errors name the proxy (#mapError).
          clientFactory: (origin: URL, options: object) => proxyClient(origin, options, this.#timeouts),
          proxyTls: { timeout: this.#timeouts.connectMs },
          ...(proxy.http === undefined ? {} : { httpProxy: proxy.http.href }),
          ...(proxy.https === undefined ? {} : { httpsProxy: proxy.https.href }),
          noProxy: proxy.noProxy,
        };
        make = (extra) => new EnvHttpProxyAgent({ ...proxyOptions, ...extra });
        for (const url of [proxy.http, proxy.https]) if (url !== undefined) secrets.push(...userInfo(url));
        this.#proxy = proxy;
        this.#log('debug', proxy.describe);
      }
      this.#api = make({ maxResponseSize: MAX_ANSWER_BYTES });
      // HTTP/1.1 only: undici 8 takes HTTP/2 when a server offers it, and its HTTP/2 downloads were several times
      // slower at a network's latency, with larger flow-control windows too (CHANGELOG).
      this.#downloads = make({
        allowH2: false,
        ...(options.downloadConnections === undefined ? {} : { connections: options.downloadConnections }),
      });
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
    const v2 = req.api === 'v2';
    const display = (v2 ? 'v2 ' : '') + this.#redact(pathWithQuery);
    if (req.body !== undefined && req.method !== 'POST') {
      throw new TypeError(`${req.method} ${display}: only a POST carries a body`);
    }
    const basePath = v2 ? this.#basePath.replace(/\/v1\.1$/u, '/v2') : this.#basePath;
    const url = new URL(this.origin + basePath + pathWithQuery);
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': this.#userAgent };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const signal = this.#signalFor(req.signal);
    const given = earliest(this.#deadline, req.deadline);
    // Every call has a deadline, even when its step has none (docs/promises.md, promise 3).
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

    // Not undici's retry interceptor: a trigger is never sent twice, and Retry-After is waited up to the deadline.
    for (let attempt = 1; ; attempt++) {
      if (signal.aborted) throw this.#abortError(signal);
      const outcome = await this.#attempt<T>(exchange, attempt);
      if (outcome.ok) return outcome.response;
      const { error, retryAfterMs, retryAfter } = outcome;
      if (attempt >= this.#retry.maxAttempts || !shouldRetry(req.retry, error, retryAfterMs)) throw error;

      // The server's Retry-After is honoured in full, even above maxDelayMs (docs/promises.md, promise 3).
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
        `${error.message}; retrying in ${wait > LONG_WAIT_MS ? duration(wait) : shortDuration(wait)}${asked}` +
          ` (attempt ${attempt + 1} of ${this.#retry.maxAttempts})`,
      );
      await this.#sleep(wait, signal);
    }
  }

  /** GET an absolute URL for a download: auth only to trusted origins; redirects followed (max 5), the credential
   *  dropped as soon as the origin changes away from a trusted one; extra headers (e.g. Range) passed through; no
   *  retries (the caller resumes); timeouts as configured; the caller must consume or destroy `body`, and start
   *  reading it before it awaits anything else. Non-2xx → ApiError (body drained). */
  async open(url: string, options: OpenOptions = {}): Promise<OpenedBody> {
    const exchange = this.#downloadExchange(url, options);
    const { response, url: finalUrl } = await this.#successChain(exchange);
    const body = response.body;
    // undici fails a body through destroy(): its errors become the API core's there, with no stream in between.
    const destroy = body.destroy.bind(body);
    body.destroy = (err?: Error) => destroy(err ? this.#mapError(err, exchange, 1) : undefined);
    return { status: response.statusCode, headers: response.headers, url: finalUrl, body };
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
      const message = await errorMessage(response, this.#secretsOf(exchange), () =>
        exchange.signal.aborted ? this.#abortError(exchange.signal) : undefined,
      );
      throw new ApiError(status, 'GET', exchange.display, message);
    }
    const refused = unusableDownload(status, response.headers, () => exchange.display);
    if (refused !== undefined) {
      discard(response.body);
      throw refused;
    }
    finalUrl.username = '';
    finalUrl.password = '';
    return { response, url: finalUrl.href };
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
    return exchange;
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
   *  The whole attempt, answer read to its end, is bounded by the overall limit (docs/promises.md, promise 5). */
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
    let response: Answered;
    try {
      ({ response } = await this.#exchange(exchange));
    } catch (err) {
      return { ok: false, error: this.#mapError(err, exchange, attempt) };
    }
    return readApiAnswer<T>(response, {
      method: exchange.method,
      display: exchange.display,
      attempt,
      now: () => this.clock.now(),
      secrets: this.#allSecrets(),
      aborted: () => (exchange.signal.aborted ? this.#abortError(exchange.signal) : undefined),
      mapError: (err) => this.#mapError(err, exchange, attempt),
      sunset: this.#sunset,
      log: (level, text) => this.log(level, text),
    });
  }

  /** Sends the request and follows redirects; the credential goes only to trusted origins and, once dropped on
   *  the way, is never sent again in this chain (docs/promises.md, promise 14). An API call takes no answer from
   *  another origin, and nothing is ever sent to a link-local address. Redirect bodies are drained. Errors are
   *  undici's (the wire's have the same codes), or ours for a redirect refused. Not undici's redirect interceptor:
   *  it keeps no credential for the artifact origins the API listed and checks no hop against these rules. */
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
    const proxied = proxyError(err, this.#proxy, exchange, this.#timeouts.headersMs, attempt);
    if (proxied !== undefined) return proxied;
    const { code, syscall, hostname } = systemErrorCode(err);
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
        return tooLarge(method, display);
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

  /** The caller's signal, the transport's own and close()'s, as one. */
  #signalFor(signal: AbortSignal | undefined): AbortSignal {
    const signals = [this.#closing.signal];
    if (this.#signal !== undefined) signals.push(this.#signal);
    if (signal !== undefined) signals.push(signal);
    return AbortSignal.any(signals);
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

function queryString(query: ApiRequest['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(name, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Seconds, and for long spans also in a unit a person reads at a glance: "999999999 s (about 31.7 years)". */
function duration(ms: number): string {
  return ms < 120_000
    ? `${Math.round(ms / 100) / 10} s`
    : `${Math.round(ms / 1000)} s (about ${roughly(ms)})`;
}

function definedOnly<T extends object>(values: Partial<T> | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function earliest(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}
