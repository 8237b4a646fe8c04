// What the waiting actions share: how long to wait, how often to look, which commit to wait for, and a connection
// that ends with the wait.
import { ValidationError } from '../common/errors.ts';
import type { Inputs } from './inputs.ts';
import { untilDeadline } from './wait.ts';
import type { ActionContext, Connection } from './run.ts';
import { workflowRevision } from './workflow.ts';

/** A wait in minutes, up to the longest a workflow run lives (35 days), in milliseconds. */
export function waitMs(inputs: Inputs, name: string, fallback: number, min = 1): number {
  return inputs.integer(name, min, 35 * 24 * 60, fallback) * 60_000;
}

export function pollIntervalMs(inputs: Inputs): number {
  return inputs.integer('poll-interval-seconds', 1, 3600, 15) * 1000;
}

/** The commit to wait for, in lower case: `revision` as given, else the one the workflow's event names. */
export function readRevision(given: string | undefined, env: NodeJS.ProcessEnv, instead: string): string {
  const raw = given ?? workflowRevision(env);
  if (raw === undefined)
    throw new ValidationError(
      'revision',
      `a value is required when GITHUB_SHA is not set (or give ${instead})`,
      undefined,
      'missing',
    );
  if (!/^[0-9a-f]{7,40}$/i.test(raw))
    throw new ValidationError('revision', 'allowed: a commit SHA, or a prefix of at least 7 hex digits', raw);
  return raw.toLowerCase();
}

/** A connection whose retry waits (a long Retry-After) never run past the step's deadline. */
export function connectUntil(ctx: ActionContext, deadline: number): Connection {
  return ctx.connect({ deadline, signal: untilDeadline(ctx.signal, ctx.clock, deadline) });
}
