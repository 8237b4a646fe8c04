// One exchange on the wire: sent, its redirects followed under the credential rules, and its failure told in the
// API core's errors: a timeout names its phase, a wire failure its code and whether the request can have been
// sent; errors of a wrong call (bugs) pass through (docs/promises.md, promises 1, 5, 14).
import type { Dispatcher } from 'undici';
import { abortReason } from '../../common/clock.ts';
import { asError, UserFacingError } from '../../common/errors.ts';
import { BadResponseError, NetworkError, TimeoutError, UnsafeAddressError } from './errors.ts';
import { firstHeader, urlSecrets } from '../../common/format.ts';
import { isLinkLocal, LinkLocalLookupError } from './address-guard.ts';
import { tooLarge } from './answer.ts';
import { proxyError, type ProxySettings } from './proxy.ts';
import { provablyNotSent } from './retry.ts';

export interface Timeouts {
  /** TCP and TLS setup; sending to the last header; silence between two chunks of the body. */
  connectMs: number;
  headersMs: number;
  bodyIdleMs: number;
  /** One attempt of an API call, answer read to its end, so that a server dripping its answer fails too. */
  totalMs: number;
}

export interface Exchange {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
  /** The caller's cancellation: the step's, the request's, close()'s. */
  signal: AbortSignal;
  /** An API call's overall limit of one attempt. */
  limit?: AbortSignal;
  display: string;
  /** A download's URL values (query, path parameters) and those of its redirects: never printed. */
  urlSecrets: string[];
  /** Downloads follow storage redirects; API calls take an answer only from the API's origin. */
  download: boolean;
}

/** What an exchange needs of its transport. */
export interface Wire {
  origin: string;
  api: Dispatcher;
  downloads: Dispatcher;
  /** Origins the credential may go to. */
  trusted: Set<string>;
  authorization: string | undefined;
  timeouts: Timeouts;
  proxy: ProxySettings | undefined;
  /** Aborted when the transport closes. */
  closing: AbortSignal;
  log: (level: 'debug', message: string) => void;
  displayUrl: (url: URL, secrets: string[]) => string;
}

const LINK_LOCAL = 'a link-local address (where cloud metadata services answer), never contacted';

/** A storage redirect takes a hop or two: more is a loop. */
const MAX_REDIRECTS = 5;

/** Network-level codes that mean the exchange failed on the wire (not a bug in how it was called). */
const WIRE_ERROR_CODE =
  /^(E(?!RR_)[A-Z0-9_]+|HPE_[A-Z0-9_]+|ERR_(TLS|SSL)_[A-Z0-9_]+|[A-Z_]*CERT[A-Z_]*|UND_ERR_(SOCKET|RES_CONTENT_LENGTH_MISMATCH|HEADERS_OVERFLOW|INFO))$/;

/** Sends the request and follows redirects: the credential only to trusted origins, never again once dropped; no
 *  answer to an API call from another origin; nothing to a link-local address. Not undici's redirect interceptor:
 *  it drops the credential at the artifact origins too, and checks no hop. */
export async function send(
  exchange: Exchange,
  wire: Wire,
): Promise<{ response: Dispatcher.ResponseData; url: URL }> {
  let { method, url, body } = exchange;
  const headers = { ...exchange.headers };
  let authorize = wire.trusted.has(url.origin);
  checkAddress(url, exchange, wire, 'would go to');
  const signal = exchange.limit ? AbortSignal.any([exchange.signal, exchange.limit]) : exchange.signal;
  const fail = (why: string): Error => new BadResponseError(exchange.method, exchange.display, why);
  for (let redirects = 0; ; redirects++) {
    const response = await (exchange.download ? wire.downloads : wire.api).request({
      origin: url.origin,
      path: url.pathname + url.search,
      method: method as Dispatcher.HttpMethod,
      headers: authorize && wire.authorization ? { ...headers, authorization: wire.authorization } : headers,
      body: body ?? null,
      signal,
    });
    const { statusCode: status } = response;
    const location = firstHeader(response.headers.location);
    if (![301, 302, 303, 307, 308].includes(status) || location === undefined) return { response, url };
    await response.body.dump();
    if (redirects >= MAX_REDIRECTS) throw fail(`more than ${MAX_REDIRECTS} redirects`);
    const next = URL.parse(location, url.href);
    if (next?.protocol !== 'https:' && next?.protocol !== 'http:')
      throw fail(next ? `a redirect to a ${next.protocol} address` : 'a redirect to an invalid address');
    if (exchange.download) exchange.urlSecrets.push(...urlSecrets(next));
    checkAddress(next, exchange, wire, 'was redirected to');
    if (!exchange.download && next.origin !== wire.origin) {
      // An answer from elsewhere is not the service's answer: a DELETE "done" by another server is no deletion.
      throw fail(
        `a redirect to another origin (${wire.displayUrl(next, exchange.urlSecrets)}); API answers are taken only from ` +
          `${wire.origin}, the origin of base-url: if the service has moved, set base-url to its new address`,
      );
    }
    authorize &&= wire.trusted.has(next.origin);
    // As fetch does: 303, and 301/302 after a POST, continue as a GET without the body.
    if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
      delete headers['content-type'];
    }
    if (next.origin !== url.origin) {
      const how = authorize ? '' : ' (without credentials)';
      wire.log('debug', `${exchange.method} ${exchange.display}: redirected to ${next.origin}${how}`);
    }
    url = next;
  }
}

/** Refuses a link-local address given as such (guardedLookup catches a host name resolving to one); the API's own
 *  host is the user's choice, never refused. */
function checkAddress(url: URL, exchange: Exchange, wire: Wire, how: string): void {
  if (url.hostname === new URL(wire.origin).hostname || !isLinkLocal(url.hostname)) return;
  const where = wire.displayUrl(url, exchange.urlSecrets);
  throw new UnsafeAddressError(`${exchange.method} ${exchange.display} ${how} ${where}: ${LINK_LOCAL}`);
}

export function mapError(err: unknown, exchange: Exchange, wire: Wire, attempt: number): Error {
  const { method, display, signal } = exchange;
  const { timeouts } = wire;
  if (signal.aborted) return abortReason(signal);
  if (exchange.limit?.aborted) return new TimeoutError(method, display, 'total', timeouts.totalMs, attempt);
  if (err instanceof UserFacingError) return err;
  if (err instanceof LinkLocalLookupError)
    return new UnsafeAddressError(`${method} ${display}: ${err.message}, ${LINK_LOCAL}`);
  const proxied = proxyError(err, wire.proxy, exchange, timeouts.headersMs, attempt);
  if (proxied !== undefined) return proxied;
  let e = err as (NodeJS.ErrnoException & { hostname?: string; errors?: unknown[] }) | null;
  // Happy eyeballs fails with an AggregateError of one error per address tried.
  if (typeof e?.code !== 'string' && e?.errors?.[0] !== undefined) e = e.errors[0] as typeof e;
  const { syscall, hostname } = e ?? {};
  let code = e?.code;
  if (code === undefined && err instanceof Error && err.name === 'HTTPParserError') {
    // undici leaves a parser error's code unset: the reason in parentheses at the end of its message names it.
    const reason = /\(([^)]*)\)\s*$/u.exec(err.message)?.[1] ?? 'invalid response';
    code = `HPE_${reason.toUpperCase().replace(/[^A-Z0-9]+/gu, '_')}`;
  }
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new TimeoutError(method, display, 'connect', timeouts.connectMs, attempt);
    case 'UND_ERR_HEADERS_TIMEOUT':
      return new TimeoutError(method, display, 'headers', timeouts.headersMs, attempt);
    case 'UND_ERR_BODY_TIMEOUT':
      return new TimeoutError(method, display, 'body', timeouts.bodyIdleMs, attempt);
    case 'UND_ERR_ABORTED':
    case 'UND_ERR_DESTROYED':
    case 'UND_ERR_CLOSED':
      return abortReason(wire.closing);
    case 'UND_ERR_RES_EXCEEDED_MAX_SIZE':
      return tooLarge(method, display);
    case 'UND_ERR_SOCKET':
      // undici's "other side closed": the server dropped the connection, possibly after acting on the request.
      return new NetworkError(method, display, 'ECONNRESET', false, attempt);
  }
  if (code === undefined || !WIRE_ERROR_CODE.test(code)) return asError(err);
  // A failed DNS lookup names its host: after a redirect it is not base-url's.
  const dns = syscall === 'getaddrinfo' || code.startsWith('EAI_') || code === 'ENOTFOUND';
  const host = dns ? hostname : undefined;
  return new NetworkError(method, display, code, provablyNotSent(code, syscall), attempt, host);
}
