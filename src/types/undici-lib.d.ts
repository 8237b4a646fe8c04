// Types of the undici files that src/api/undici.ts takes one by one: the classes undici's index exports for them.
declare module 'undici/lib/dispatcher/agent.js' {
  const Agent: typeof import('undici/index.js').Agent;
  export default Agent;
}
declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  const EnvHttpProxyAgent: typeof import('undici/index.js').EnvHttpProxyAgent;
  export default EnvHttpProxyAgent;
}
declare module 'undici/lib/dispatcher/proxy-agent.js' {
  const ProxyAgent: typeof import('undici/index.js').ProxyAgent;
  export default ProxyAgent;
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  const Dispatcher: typeof import('undici/index.js').Dispatcher;
  export default Dispatcher;
}
declare module 'undici/lib/api/index.js' {
  const api: Record<'request' | 'stream' | 'pipeline' | 'upgrade' | 'connect', unknown>;
  export default api;
}
declare module 'undici/lib/dispatcher/pool.js' {
  const Pool: typeof import('undici/index.js').Pool;
  export default Pool;
}
