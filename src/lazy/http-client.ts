// In the bundle, '@actions/http-client' is this module (src/actions/tsconfig.json, `paths`). @actions/core imports
// its HttpClient when it loads (for OIDC tokens); loading it means
// http, https, tunnel and undici at every action's start, for calls no action of ours makes. Here the real module is
// loaded when a client is made, from a piece of the bundle of its own. Since no action of ours makes one, and this
// module does nothing when it loads, the bundler leaves it out, and the package with it: the pieces an action loads
// at its start hold neither it nor undici (about 600 KB less to compile: fetch-artifacts starts about 17 ms sooner).
//
// A constructor cannot wait for a module, so the client made here forwards to the real one, made as soon as the
// module is loaded. Every request method of the real client returns a promise, and so does its forwarded form: the
// uses in @actions/core (getJson) behave as with the real client. Only getAgent() and
// getAgentDispatcher() answer synchronously; they cannot be forwarded, and say so. The path goes around the
// package's name, which is this module in the bundle.
import type * as HttpClientModule from '../../node_modules/@actions/http-client/lib/index.js';
import type { TypedResponse } from '../../node_modules/@actions/http-client/lib/interfaces.js';

type Real = HttpClientModule.HttpClient;
type Response = Promise<HttpClientModule.HttpClientResponse>;

export class HttpClient {
  readonly userAgent: string | undefined;
  readonly #real: Promise<Real>;

  constructor(...args: ConstructorParameters<typeof HttpClientModule.HttpClient>) {
    this.userAgent = args[0];
    this.#real = import('../../node_modules/@actions/http-client/lib/index.js').then(
      (module) => new module.HttpClient(...args),
    );
    // Nobody may be waiting when a load fails: the request that waits gets the error.
    this.#real.catch(() => {});
  }

  async options(...args: Parameters<Real['options']>): Response {
    return (await this.#real).options(...args);
  }
  async get(...args: Parameters<Real['get']>): Response {
    return (await this.#real).get(...args);
  }
  async del(...args: Parameters<Real['del']>): Response {
    return (await this.#real).del(...args);
  }
  async post(...args: Parameters<Real['post']>): Response {
    return (await this.#real).post(...args);
  }
  async patch(...args: Parameters<Real['patch']>): Response {
    return (await this.#real).patch(...args);
  }
  async put(...args: Parameters<Real['put']>): Response {
    return (await this.#real).put(...args);
  }
  async head(...args: Parameters<Real['head']>): Response {
    return (await this.#real).head(...args);
  }
  async sendStream(...args: Parameters<Real['sendStream']>): Response {
    return (await this.#real).sendStream(...args);
  }
  async request(...args: Parameters<Real['request']>): Response {
    return (await this.#real).request(...args);
  }
  async requestRaw(...args: Parameters<Real['requestRaw']>): Response {
    return (await this.#real).requestRaw(...args);
  }
  async getJson<T>(...args: Parameters<Real['getJson']>): Promise<TypedResponse<T>> {
    return (await this.#real).getJson<T>(...args);
  }
  async postJson<T>(...args: Parameters<Real['postJson']>): Promise<TypedResponse<T>> {
    return (await this.#real).postJson<T>(...args);
  }
  async putJson<T>(...args: Parameters<Real['putJson']>): Promise<TypedResponse<T>> {
    return (await this.#real).putJson<T>(...args);
  }
  async patchJson<T>(...args: Parameters<Real['patchJson']>): Promise<TypedResponse<T>> {
    return (await this.#real).patchJson<T>(...args);
  }

  requestRawWithCallback(...args: Parameters<Real['requestRawWithCallback']>): void {
    this.#real.then(
      (real) => real.requestRawWithCallback(...args),
      (error: unknown) => args[2](error instanceof Error ? error : new Error(String(error))),
    );
  }

  dispose(): void {
    this.#real.then(
      (real) => real.dispose(),
      () => {},
    );
  }

  getAgent(): never {
    throw new Error(notForwarded('getAgent'));
  }

  getAgentDispatcher(): never {
    throw new Error(notForwarded('getAgentDispatcher'));
  }
}

function notForwarded(method: string): string {
  return `HttpClient.${method}() is not available in this bundle: @actions/http-client is loaded on first use`;
}
