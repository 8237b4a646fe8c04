// In the bundle, '@actions/http-client' is this module (src/actions/tsconfig.json, `paths`). @actions/core imports
// its HttpClient when it loads (for OIDC tokens), and @actions/tool-cache does (for downloadTool); loading it means
// http, https and tunnel at every action's start, for calls no action of ours makes. Here the real module is loaded
// the first time an HttpClient is made. A constructor cannot wait, so it is the bundle's own synchronous require:
// the module's code stays in the bundle and runs only then. The path goes around the package's name, which is
// this module in the bundle.
import type * as HttpClientModule from '../../node_modules/@actions/http-client/lib/index.js';

let real: typeof HttpClientModule | undefined;

function load(): typeof HttpClientModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous load deferred to first use
  real ??= require('../../node_modules/@actions/http-client/lib/index.js') as typeof HttpClientModule;
  return real;
}

/** Makes the real HttpClient: `new HttpClient(...)` gives exactly what the package's own constructor gives. */
export class HttpClient {
  constructor(...args: ConstructorParameters<typeof HttpClientModule.HttpClient>) {
    return new (load().HttpClient)(...args);
  }
}
