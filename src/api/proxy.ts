// Proxy settings from the environment: HTTPS_PROXY, HTTP_PROXY and NO_PROXY, read as curl and undici read them,
// and the user info of a URL, which is never printed.

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
