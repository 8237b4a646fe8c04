// Error types: each says what a person can act on, and none carries a credential.

/** An error whose message is the whole story: no stack trace is shown; anything else reaching the top is a bug. */
export abstract class UserFacingError extends Error {
  override name = 'UserFacingError';
}

/** A bad argument caught before anything was sent. `value` is left out for secrets. */
export class ValidationError extends UserFacingError {
  override name = 'ValidationError';
  declare readonly argument: string;
  declare readonly value: string | undefined;
  constructor(argument: string, allowed: string, value?: string, detail?: string) {
    const what = detail ?? `invalid value${value === undefined ? '' : ` ${JSON.stringify(value)}`}`;
    super(`${argument}: ${what}; ${allowed}`);
    Object.assign(this, { argument, value });
  }
}

/** The next retry (or the server's Retry-After) would run past the operation's deadline. */
export class DeadlineError extends UserFacingError {
  override name = 'DeadlineError';
}

/** The operation was aborted (the runner cancelled the step). */
export class AbortedError extends UserFacingError {
  override name = 'AbortedError';
  constructor(message = 'the operation was cancelled') {
    super(message);
  }
}

/** The code of an error or of one of its causes (the file system and undici nest them) that `test` takes. */
export function causeCode(error: unknown, test: (e: NodeJS.ErrnoException) => boolean): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (typeof (e as NodeJS.ErrnoException).code === 'string' && test(e))
      return (e as NodeJS.ErrnoException).code;
  return undefined;
}

export function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}
