// Proxy settings from the environment: HTTPS_PROXY, HTTP_PROXY and NO_PROXY, read as curl and undici read them,
// and the user info of a URL, which is never printed; the proxy's own client, and its errors named as the proxy's.
import { Pool, type Dispatcher } from 'undici';
import { ProxyRefusedError, TimeoutError } from './errors.ts';
import type { Timeouts } from './transport-options.ts';

export interface ProxySettings {
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
export function proxyFromEnv(
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

export function userInfo(url: URL): string[] {
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

/** Marks an error of a proxy's own client (its CONNECT), for proxyError(). */
const PROXY_CLIENT = Symbol('proxy client');

/**
 * The client of a proxy, with the transport's timeouts for its answer to CONNECT: undici gives it none, so a proxy
 * that never answers held each attempt 300 s. Its failures are marked, so that errors name the proxy.
 */
export function proxyClient(
  origin: URL,
  options: object,
  timeouts: Pick<Timeouts, 'headersMs' | 'bodyIdleMs'>,
): Dispatcher {
  const pool = new Pool(origin, {
    ...options,
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyIdleMs,
  });
  const connect = pool.connect.bind(pool) as (
    options: Dispatcher.ConnectOptions,
  ) => Promise<Dispatcher.ConnectData>;
  // Only the promise form is called (by ProxyAgent).
  Object.assign(pool, {
    connect: (options: Dispatcher.ConnectOptions) =>
      connect(options).catch((error: unknown) => {
        if (error instanceof Error) Object.assign(error, { [PROXY_CLIENT]: true });
        throw error;
      }),
  });
  return pool;
}

/** A refusal or a timeout of the proxy's tunnel, named as the proxy's; undefined for any other error. */
export function proxyError(
  err: unknown,
  proxy: ProxySettings | undefined,
  request: { url: URL; method: string; display: string },
  headersMs: number,
  attempt: number,
): Error | undefined {
  if (proxy === undefined || !(err instanceof Error)) return undefined;
  const { url, method, display } = request;
  // EnvHttpProxyAgent's choice: HTTPS_PROXY (else HTTP_PROXY) for https, HTTP_PROXY for http.
  const used = url.protocol === 'https:' ? (proxy.https ?? proxy.http) : proxy.http;
  if (used === undefined) return undefined;
  const refused = /^Proxy response \((\d+)\) !== 200 when HTTP Tunneling$/u.exec(err.message);
  if (refused !== null) {
    const port = url.port === '' ? (url.protocol === 'https:' ? '443' : '80') : url.port;
    return new ProxyRefusedError(method, display, used.origin, `${url.hostname}:${port}`, Number(refused[1]));
  }
  if (PROXY_CLIENT in err && (err as { code?: unknown }).code === 'UND_ERR_HEADERS_TIMEOUT')
    return new TimeoutError(method, display, 'connect', headersMs, attempt, used.origin);
  return undefined;
}
