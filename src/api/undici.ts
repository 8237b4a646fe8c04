// The parts of undici this project uses, and nothing else: the Agent and EnvHttpProxyAgent of the transport, the
// ProxyAgent of @actions/http-client (which @actions/core imports for OIDC tokens), and the request API on them.
//
// Why not `import ... from 'undici'`: undici's index loads everything it has (fetch, WebSocket, EventSource, caches,
// cookies, mocks, two WebAssembly parsers) and, through its cookies module touching `globalThis.Headers`, Node's
// own copy of undici as well. In a bundle that is about 700 KB of code to compile and 40 ms of every action's start
// (measured: clear-cache and fetch-artifacts, whole process, 15 alternating runs). The build points every import of
// 'undici' in the bundle, @actions/http-client's included, at this module (src/actions/tsconfig.json, `paths`);
// the tests import it as the transport does.
//
// These are undici's own files (it has no `exports` map that would forbid them), taken at the version the lock file
// pins. Should a new undici move them, the build fails to resolve them: it cannot pass silently.
// 'undici/index.js', not 'undici': in the build, 'undici' is this module.
import type * as Undici from 'undici/index.js';
import AgentClass from 'undici/lib/dispatcher/agent.js';
import DispatcherClass from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgentClass from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import PoolClass from 'undici/lib/dispatcher/pool.js';
import ProxyAgentClass from 'undici/lib/dispatcher/proxy-agent.js';
import api from 'undici/lib/api/index.js';

// What undici's index does: request(), stream() and the rest are methods of every dispatcher.
Object.assign(DispatcherClass.prototype, api);

export const Agent = AgentClass;
export const EnvHttpProxyAgent = EnvHttpProxyAgentClass;
export const Pool = PoolClass;
export const ProxyAgent = ProxyAgentClass;
export type Agent = Undici.Agent;
export type EnvHttpProxyAgent = Undici.EnvHttpProxyAgent;
export type Pool = Undici.Pool;
export type ProxyAgent = Undici.ProxyAgent;
export type { Dispatcher } from 'undici/index.js';
