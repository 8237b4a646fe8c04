// The outcome policy of the gating actions (trigger-build with `wait`, wait-for-build): which outcomes let the
// step pass, and which of several outcomes is the worst.
import { ValidationError } from '../common/errors.ts';
import { V2_JOB_STATUSES } from '../service/job-status.ts';
import { UNBUILT_JOB_STATUSES } from '../service/v2.ts';
import type { Job } from '../service/model.ts';
import { BUILD_LIFECYCLES, BUILD_STATUSES } from '../service/records.ts';
import { cut } from '../common/format.ts';
import type { Inputs } from './inputs.ts';
import { logSafe } from './text.ts';

// The outcomes of a finished build (docs/wire.md), and `not_run`: a build the service skipped (`[ci skip]`) has
// lifecycle and status `not_run` and no outcome.
const OUTCOMES = ['success', 'failed', 'canceled', 'infrastructure_fail', 'timedout', 'no_tests', 'not_run'];
// Least severe first: a skipped build ran nothing that failed, so it ranks below a cancel; a build that ended
// without an outcome ranks last here, below an outcome we do not know, and a failure of the code is the worst.
const SEVERITY = ['success', 'no_tests', 'not_run', 'canceled', 'infrastructure_fail', 'timedout', ''];

/** A job's outcome for the policy and the outputs: its `outcome`, else `not_run` for a skipped one, else ''. */
export function outcomeOf(job: Partial<Pick<Job, 'outcome' | 'lifecycle' | 'status'>>): string {
  if (typeof job.outcome === 'string' && job.outcome !== '') return job.outcome;
  return job.lifecycle === 'not_run' || job.status === 'not_run' ? 'not_run' : '';
}

// A workflow's final status as a build's outcome; '' when not final or not known, which only `*` lets pass.
export function workflowOutcome(status: string): string {
  if (['success', 'canceled', 'not_run'].includes(status)) return status;
  return ['failed', 'error', 'unauthorized'].includes(status) ? 'failed' : '';
}

export function showOutcome(outcome: string): string {
  return outcome === 'not_run' ? 'skipped (not_run)' : outcome;
}

/** `any` (`*`): every outcome passes, so a later step can branch on the `outcome` output. */
export interface OutcomePolicy {
  any: boolean;
  allowed: ReadonlySet<string>;
}

/** Reads `allowed-outcomes`: one a line or comma-separated, `*` for any; an unknown name is an input error. */
export function readOutcomePolicy(inputs: Inputs, name = 'allowed-outcomes'): OutcomePolicy {
  const words = inputs.lines(name).flatMap((line) => line.split(/\s*,\s*/u).filter(Boolean));
  if (words.length === 0) return { any: false, allowed: new Set(['success']) };
  const allowedText = `allowed: '*' or outcomes among ${OUTCOMES.map((o) => `'${o}'`).join(', ')}, one a line or comma-separated`;
  if (words.includes('*')) {
    if (words.length > 1)
      throw new ValidationError(name, allowedText, undefined, `'*' allows every outcome: give it alone`);
    return { any: true, allowed: new Set(OUTCOMES) };
  }
  const unknown = words.find((word) => !OUTCOMES.includes(word));
  if (unknown !== undefined)
    throw new ValidationError(name, allowedText, undefined, `unknown outcome ${JSON.stringify(unknown)}`);
  return { any: false, allowed: new Set(words) };
}

/** Whether a build that ended with `outcome` (null or '' when it ended without one) lets the step pass. */
export function passes(policy: OutcomePolicy, outcome: string | null | undefined): boolean {
  // A word the service does not use (an outcome, or the status of a job that ended without a build): `*` refuses it.
  if (policy.any) return !outcome || OUTCOMES.includes(outcome) || UNBUILT_JOB_STATUSES.has(outcome);
  return typeof outcome === 'string' && policy.allowed.has(outcome);
}

export function describePolicy(policy: OutcomePolicy): string {
  return policy.any ? 'any outcome' : [...policy.allowed].join(', ');
}

/** What an `if-no-*` input chooses when nothing ran or nothing was found: fail the step, warn, or go on. */
export type IfNothing = 'fail' | 'warn' | 'pass';

export function readIfNothing(
  inputs: Inputs,
  name: 'if-no-builds' | 'if-no-artifacts',
  fallback: IfNothing,
): IfNothing {
  return inputs.oneOf(name, ['fail', 'warn', 'pass'] as const, fallback);
}

/** Nothing ran or was found: `fail` throws `failure`, `warn` warns, `pass` says it and goes on. */
export function ifNothing(
  say: { info(line: string): void; io: { warning(line: string): void } },
  choice: IfNothing,
  line: string,
  failure: () => Error,
): void {
  if (choice === 'fail') throw failure();
  if (choice === 'warn') say.io.warning(logSafe(line));
  else say.info(line);
}

/** The worst of several outcomes ('' for none given, or when the worst build ended without an outcome). */
export function worstOutcome(outcomes: readonly (string | null | undefined)[]): string {
  const severity = (o: string): number =>
    o === 'failed' ? SEVERITY.length + 1 : SEVERITY.includes(o) ? SEVERITY.indexOf(o) : SEVERITY.length;
  return outcomes.map((o) => o ?? '').sort((a, b) => severity(b) - severity(a))[0] ?? '';
}

/** The words the README documents for each output that holds one. */
const OUTPUT_WORDS: Record<'outcome' | 'status' | 'lifecycle', ReadonlySet<string>> = {
  outcome: new Set([...OUTCOMES, 'none']),
  // A job of a project named by its slug has its v2 status there (src/service/job-status.ts).
  status: new Set([...BUILD_STATUSES, ...Object.keys(V2_JOB_STATUSES), 'none']),
  lifecycle: new Set([...BUILD_LIFECYCLES, 'none']),
};

// The value of the `outcome`, `status` or `lifecycle` output (docs/promises.md, promise 33): a workflow may paste it
// into a script, so a word the README does not document leaves it empty, and the log says so.
export function outputWord(
  log: (message: string) => void,
  output: keyof typeof OUTPUT_WORDS,
  word: string | null | undefined,
): string {
  if (!word || OUTPUT_WORDS[output].has(word)) return word ?? '';
  log(`The ${output} output is left empty: ${JSON.stringify(cut(word, 100))} is no word it may hold`);
  return '';
}
