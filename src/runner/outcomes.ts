// The outcome policy of the gating actions (trigger-build with `wait`, wait-for-build): which outcomes let the
// step pass, and which of several outcomes is the worst.
import { ValidationError } from '../api/errors.ts';
import { V2_JOB_STATUSES } from '../api/job-status.ts';
import { UNBUILT_JOB_STATUSES } from '../api/pipelines.ts';
import { BUILD_LIFECYCLES, BUILD_STATUSES, type Build } from '../api/records.ts';
import { cut } from '../api/format.ts';
import type { Inputs } from './inputs.ts';

/**
 * The outcomes a finished build can have (docs/wire.md), and `not_run`: a build the service skipped (`[ci skip]`)
 * ends with lifecycle and status `not_run` and no outcome, and that is what allowed-outcomes calls it.
 */
export const KNOWN_OUTCOMES = [
  'success',
  'failed',
  'canceled',
  'infrastructure_fail',
  'timedout',
  'no_tests',
  'not_run',
] as const;

/** A build's outcome for the policy and the outputs: its `outcome`, else `not_run` for a skipped build, else ''. */
export function outcomeOf(build: Pick<Build, 'outcome' | 'lifecycle' | 'status'>): string {
  if (typeof build.outcome === 'string' && build.outcome !== '') return build.outcome;
  if (build.lifecycle === 'not_run' || build.status === 'not_run') return 'not_run';
  return '';
}

/**
 * A workflow's final status as the outcome a build would have: its failures as `failed`, a cancel as `canceled`,
 * a skip as `not_run`; '' for a status that is not final (or not known), which no policy but `*` lets pass.
 */
export function workflowOutcome(status: string): string {
  switch (status) {
    case 'success':
    case 'canceled':
    case 'not_run':
      return status;
    case 'failed':
    case 'error':
    case 'unauthorized':
      return 'failed';
    default:
      return '';
  }
}

/** An outcome as a person reads it: a skipped build says so. */
export function showOutcome(outcome: string): string {
  return outcome === 'not_run' ? 'skipped (not_run)' : outcome;
}

export interface OutcomePolicy {
  /** `*`: every outcome passes, so a later step can branch on the `outcome` output. */
  any: boolean;
  allowed: ReadonlySet<string>;
}

export const DEFAULT_POLICY: OutcomePolicy = { any: false, allowed: new Set(['success']) };

/** Reads `allowed-outcomes`: one a line or comma-separated, `*` for any; an unknown name is an input error. */
export function readOutcomePolicy(inputs: Inputs, name = 'allowed-outcomes'): OutcomePolicy {
  const words = inputs
    .lines(name)
    .flatMap((line) => line.split(','))
    .map((word) => word.trim())
    .filter((word) => word !== '');
  if (words.length === 0) return DEFAULT_POLICY;
  const allowedText = `allowed: '*' or outcomes among ${KNOWN_OUTCOMES.map((o) => `'${o}'`).join(', ')}, one a line or comma-separated`;
  if (words.includes('*')) {
    if (words.length > 1)
      throw new ValidationError(name, allowedText, undefined, `'*' allows every outcome: give it alone`);
    return { any: true, allowed: new Set(KNOWN_OUTCOMES) };
  }
  for (const word of words) {
    if (!(KNOWN_OUTCOMES as readonly string[]).includes(word)) {
      throw new ValidationError(name, allowedText, undefined, `unknown outcome ${JSON.stringify(word)}`);
    }
  }
  return { any: false, allowed: new Set(words) };
}

/** Whether a build that ended with `outcome` (null or '' when it ended without one) lets the step pass. */
export function passes(policy: OutcomePolicy, outcome: string | null | undefined): boolean {
  if (policy.any) return !unknownWord(outcome);
  return typeof outcome === 'string' && outcome !== '' && policy.allowed.has(outcome);
}

/** `success`, or `success, no_tests`, for messages. */
export function describePolicy(policy: OutcomePolicy): string {
  return policy.any ? 'any outcome' : [...policy.allowed].join(', ');
}

/**
 * From least to most severe: a real failure of the code is the worst, an outcome we do not know counts just
 * below it, and a build that ended without any outcome just below that. A skipped build ran nothing that failed:
 * just above success and no tests, below a cancel.
 */
const SEVERITY: Record<string, number> = {
  success: 0,
  no_tests: 1,
  not_run: 2,
  canceled: 3,
  infrastructure_fail: 4,
  timedout: 5,
  failed: 8,
};
const UNKNOWN_SEVERITY = 7;
const NO_OUTCOME_SEVERITY = 6;

function severity(outcome: string | null | undefined): number {
  if (outcome === null || outcome === undefined || outcome === '') return NO_OUTCOME_SEVERITY;
  return SEVERITY[outcome] ?? UNKNOWN_SEVERITY;
}

/** The worst of several outcomes ('' for none given, or when the worst build ended without an outcome). */
export function worstOutcome(outcomes: readonly (string | null | undefined)[]): string {
  let worst: string | null | undefined;
  let worstSeverity = -1;
  for (const outcome of outcomes) {
    const s = severity(outcome);
    if (s > worstSeverity) {
      worst = outcome;
      worstSeverity = s;
    }
  }
  return worst ?? '';
}

/** The words the README documents for each output that holds one: the service's, `not_run` and `none`. */
const OUTPUT_WORDS: Record<'outcome' | 'status' | 'lifecycle', ReadonlySet<string>> = {
  outcome: new Set([...KNOWN_OUTCOMES, 'none']),
  // A job of a project named by its slug has its v2 status there (src/api/job-status.ts).
  status: new Set([...BUILD_STATUSES, ...Object.keys(V2_JOB_STATUSES), 'none']),
  lifecycle: new Set([...BUILD_LIFECYCLES, 'none']),
};

/** An outcome, or the status of a job that ended without a build, that the service does not use: `*` refuses it. */
function unknownWord(word: string | null | undefined): boolean {
  return (
    typeof word === 'string' &&
    word !== '' &&
    !(KNOWN_OUTCOMES as readonly string[]).includes(word) &&
    !UNBUILT_JOB_STATUSES.has(word)
  );
}

/**
 * The value of the `outcome`, `status` or `lifecycle` output (docs/promises.md, promise 33): a workflow may paste it
 * into a script, so a word the README does not document leaves it empty, and the log says so.
 */
export function outputWord(
  log: (message: string) => void,
  output: keyof typeof OUTPUT_WORDS,
  word: string | null | undefined,
): string {
  if (typeof word !== 'string' || word === '' || OUTPUT_WORDS[output].has(word)) return word ?? '';
  log(`The ${output} output is left empty: ${JSON.stringify(cut(word, 100))} is no word it may hold`);
  return '';
}
