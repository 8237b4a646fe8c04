// Proxies from the step's environment, read here (lower case first, as curl and undici do) so that the log says
// which is used and an unusable value is refused with a warning.
import { unescape } from 'node:querystring';
import { Agent, EnvHttpProxyAgent, Pool, type Dispatcher } from 'undici';
import { asError } from '../../common/errors.ts';
import { ProxyRefusedError, TimeoutError } from './errors.ts';

export interface ProxySettings {
  http: URL | undefined;
  https: URL | undefined;
  noProxy: string;
}

/** The proxies of `env`, undefined when none is usable; a value that is no http(s) address is not used, and the
 *  log says which are, never with their user and password. */
export function proxyFromEnv(
  env: Record<string, string | undefined>,
  log: (level: 'debug' | 'warning', text: string) => void,
): ProxySettings | undefined {
  const read = (name: string): string => (env[name] ?? env[name.toUpperCase()] ?? '').trim();
  const proxy = (name: string): URL | undefined => {
    const value = read(name);
    if (value === '') return undefined;
    // Like curl, a proxy given as host:port is an http proxy.
    const url = URL.parse(/^[a-z][a-z0-9+.-]*:\/\//iu.test(value) ? value : `http://${value}`);
    if (url?.protocol === 'http:' || url?.protocol === 'https:') return url;
    log('warning', `${name.toUpperCase()} is set but is no http(s) address of a proxy: it is not used`);
    return undefined;
  };
  const [http, https, noProxy] = [proxy('http_proxy'), proxy('https_proxy'), read('no_proxy')];
  if (http === undefined && https === undefined) return undefined;
  const origin = (url: URL | undefined): string => url?.origin ?? 'none';
  const except = noProxy === '' ? '' : `; not for NO_PROXY (${noProxy})`;
  log(
    'debug',
    `Proxy from the environment: ${origin(https ?? http)} for https, ${origin(http)} for http${except}`,
  );
  return { http, https, noProxy };
}

/** A URL's user and password, as written and decoded: never printed. */
export function userInfo(url: URL): string[] {
  const parts = [url.username, url.password].filter((p) => p !== '');
  return [...parts, ...parts.map(unescape)];
}

/** Marks an error of a proxy's own client (its CONNECT). */
const PROXY_CLIENT = Symbol('proxy client');

type AgentOptions = Agent.Options & {
  connect: { timeout: number };
  headersTimeout: number;
  bodyTimeout: number;
};

/** undici's Agent, or for a `proxy` its EnvHttpProxyAgent, with a CONNECT tunnel for http origins too (undici would
 *  forward their requests), so that the proxy sees host names only: never a header, never the credential. */
export function agentFor(proxy: ProxySettings | undefined, options: AgentOptions): Dispatcher {
  if (proxy === undefined) return new Agent(options);
  const { headersTimeout, bodyTimeout } = options;
  return new EnvHttpProxyAgent({
    ...options,
    proxyTunnel: true,
    proxyTls: { timeout: options.connect.timeout },
    // Empty for none: undici would read process.env instead, and the log would not say what is used.
    httpProxy: proxy.http?.href ?? '',
    httpsProxy: proxy.https?.href ?? '',
    noProxy: proxy.noProxy,
    // The proxy's own client gets our timeouts for its answer to CONNECT (undici gives it none), and its failures
    // are marked, so that errors name the proxy.
    clientFactory: (origin: URL, o: object) => {
      const pool = new Pool(origin, { ...o, headersTimeout, bodyTimeout });
      const connect = pool.connect.bind(pool) as (
        o: Dispatcher.ConnectOptions,
      ) => Promise<Dispatcher.ConnectData>;
      // Only the promise form is called (by ProxyAgent).
      return Object.assign(pool, {
        connect: (o: Dispatcher.ConnectOptions) =>
          connect(o).catch((error: unknown) => {
            throw Object.assign(asError(error), { [PROXY_CLIENT]: true });
          }),
      });
    },
  });
}

/** A refusal or a timeout of the proxy's tunnel, named as the proxy's; undefined for any other error. */
export function proxyError(
  err: unknown,
  proxy: ProxySettings | undefined,
  { url, method, display }: { url: URL; method: string; display: string },
  headersMs: number,
  attempt: number,
): Error | undefined {
  // EnvHttpProxyAgent's choice: HTTPS_PROXY (else HTTP_PROXY) for https, HTTP_PROXY for http.
  const used = url.protocol === 'https:' ? (proxy?.https ?? proxy?.http) : proxy?.http;
  if (used === undefined || !(err instanceof Error)) return undefined;
  const refused = /^Proxy response \((\d+)\) !== 200 when HTTP Tunneling$/u.exec(err.message);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (refused)
    return new ProxyRefusedError(method, display, used.origin, url.hostname, port, Number(refused[1]));
  if (PROXY_CLIENT in err && (err as { code?: unknown }).code === 'UND_ERR_HEADERS_TIMEOUT')
    return new TimeoutError(method, display, 'connect', headersMs, attempt, used.origin);
  return undefined;
}
