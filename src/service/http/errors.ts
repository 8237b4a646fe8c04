// The HTTP layer's and the answers' errors: each says what a person can act on, none carries a credential.
import { causeCode, UserFacingError } from '../../common/errors.ts';

const afterAttempts = (attempts: number): string => (attempts > 1 ? ` (after ${attempts} attempts)` : '');

/** The server answered with a status that is not success (after any retries). */
export class ApiError extends UserFacingError {
  override name = 'ApiError';
  declare readonly status: number;
  declare readonly method: string;
  /** Relative to the base address, query included, never a credential. */
  declare readonly path: string;
  /** '' for an empty body. */
  declare readonly serverMessage: string;
  declare readonly attempts: number;
  constructor(status: number, method: string, path: string, serverMessage: string, attempts = 1) {
    const said = serverMessage ? `: ${serverMessage}` : '';
    super(`${method} ${path} failed with HTTP ${status}${said}${afterAttempts(attempts)}`);
    Object.assign(this, { status, method, path, serverMessage, attempts });
  }
}

/** The service's 401 on its newer endpoints for a token made before 2023-06-23 (the API v2 reference's words). */
const OLD_TOKEN_FORMAT = /new format tokens are needed/iu;

/** Says which token to make and where it goes, not only the service's words. */
class OldTokenFormatError extends ApiError {
  override name = 'OldTokenFormatError';
  constructor(...args: ConstructorParameters<typeof ApiError>) {
    super(...args);
    this.message =
      this.message.replace(/\.?$/u, '.') +
      " Tokens made before 2023-06-23 do not reach the service's newer endpoints: create a new personal API " +
      "token and store it in the secret that the step's token input reads";
  }
}

/** The error for an answer that is not success. */
export function apiError(...args: ConstructorParameters<typeof ApiError>): ApiError {
  const [status, , , serverMessage] = args;
  const old = status === 401 && OLD_TOKEN_FORMAT.test(serverMessage);
  return old ? new OldTokenFormatError(...args) : new ApiError(...args);
}

/** The service's 404 for a project it does not know: v1.1's words, and API v2's reference's. */
const UNKNOWN_PROJECT = /^project (not found|does not exist)/iu;

/** A 404 for the project (a wrong name, or a token that cannot see it), not for a missing item. */
export function isUnknownProject(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && UNKNOWN_PROJECT.test(error.serverMessage);
}

/** The request could not be completed at the network level (refused, reset, DNS, TLS). */
export class NetworkError extends UserFacingError {
  override name = 'NetworkError';
  declare readonly code: string;
  /** The request provably never reached the server (connection refused, DNS failure). */
  declare readonly notSent: boolean;
  declare readonly attempts: number;
  /** `host`: the host name a failed DNS lookup was for. */
  constructor(method: string, path: string, code: string, notSent: boolean, attempts = 1, host?: string) {
    const what = host === undefined ? '' : `: could not resolve the host name ${host}`;
    super(`${method} ${path} failed: network error ${code}${what}${afterAttempts(attempts)}`);
    Object.assign(this, { code, notSent, attempts });
  }
}

const PHASE_TEXT = {
  connect: 'no connection',
  headers: 'no response headers',
  body: 'the response body stalled',
  total: 'the whole answer did not arrive',
};
type Phase = keyof typeof PHASE_TEXT;

/** A request timed out in one of its phases. */
export class TimeoutError extends UserFacingError {
  override name = 'TimeoutError';
  declare readonly phase: Phase;
  declare readonly timeoutMs: number;
  declare readonly attempts: number;
  /** `proxy`: the proxy (its address without credentials) that never answered the tunnel request. */
  constructor(method: string, path: string, phase: Phase, timeoutMs: number, attempts = 1, proxy?: string) {
    const what =
      proxy === undefined
        ? PHASE_TEXT[phase]
        : `the proxy at ${proxy} did not answer the tunnel request (CONNECT)`;
    super(`${method} ${path} timed out: ${what} within ${timeoutMs / 1000} s${afterAttempts(attempts)}`);
    Object.assign(this, { phase, timeoutMs, attempts });
  }
}

/** A proxy refused the tunnel (its answer to CONNECT was not 200): the request never reached the server. */
export class ProxyRefusedError extends UserFacingError {
  override name = 'ProxyRefusedError';
  declare readonly status: number;
  constructor(method: string, path: string, proxy: string, host: string, port: string, status: number) {
    const check =
      status === 407
        ? `the proxy's credentials (the user and password in HTTPS_PROXY or HTTP_PROXY)`
        : `NO_PROXY (whether ${host} should be reached without the proxy) and the proxy's rules for port ${port}`;
    super(
      `${method} ${path} failed: the proxy at ${proxy} refused the tunnel to ${host}:${port} (HTTP ${status}); check ${check}`,
    );
    Object.assign(this, { status });
  }
}

/** A link-local address, where cloud metadata services answer: never connected to. */
export class UnsafeAddressError extends UserFacingError {
  override name = 'UnsafeAddressError';
}

/** The answer had a success status but a body we cannot use (not JSON, wrong shape). */
export class BadResponseError extends UserFacingError {
  override name = 'BadResponseError';
  constructor(method: string, path: string, detail: string) {
    super(`${method} ${path} returned an unusable answer: ${detail}`);
  }
}

/** A whole answer of the wrong shape: the server's considered answer, so a poll does not look again. */
export class UnusableAnswerError extends BadResponseError {
  override name = 'UnusableAnswerError';
}

/** OpenSSL's and Node's codes for a certificate that does not verify. */
const CERTIFICATE_CODE =
  /CERT|^UNABLE_TO_(VERIFY|GET_ISSUER)|^INVALID_(CA|PURPOSE)$|^HOSTNAME_MISMATCH$|^PATH_LENGTH_EXCEEDED$/u;

/** The code of an error (or of one of its causes) that says a server's certificate is not trusted. */
export function certificateCode(error: unknown): string | undefined {
  return causeCode(error, (e) => CERTIFICATE_CODE.test(e.code ?? ''));
}

/** A server's certificate does not verify, so nothing was sent to it. */
export class UntrustedCertificateError extends UserFacingError {
  override name = 'UntrustedCertificateError';
  constructor(what: string, host: string, code: string) {
    super(
      `${what} failed: the certificate of ${host} is not trusted (${code}), so nothing was sent to it. If the ` +
        "installation's certificate comes from its own authority, give that authority's PEM file to the step in " +
        'NODE_EXTRA_CA_CERTS (or set NODE_USE_SYSTEM_CA=1 where it is installed on the runner)',
    );
  }
}
