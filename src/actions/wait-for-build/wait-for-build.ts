import {
  AnnotationBudget,
  MAX_FAILURE_REPORTS,
  readTests,
  showFailedSteps,
  testsSection,
  type FailureShown,
  type TestsRead,
} from '../../runner/build-report.ts';
import { describeState } from '../../runner/follow.ts';
import {
  describePolicy,
  outcomeOf,
  passes,
  readOutcomePolicy,
  showOutcome,
  worstOutcome,
  type OutcomePolicy,
  outputWord,
} from '../../runner/outcomes.ts';
import { PollFailedError, WaitError } from '../../runner/poll.ts';
import { runAction, type ActionContext, type ActionSpec, type Connection } from '../../runner/run.ts';
import { appendSummary, buildDurationMs, buildLink } from '../../runner/summary.ts';
import { logSafe, mdSafe, shellSafeUrl } from '../../runner/text.ts';
import { formatDuration } from '../../api/format.ts';
import { commentsOnPullRequest, workflowRevision } from '../../runner/workflow.ts';
import { abortReason } from '../../api/clock.ts';
import { jobOf, type CommitQuery } from '../../api/commit-builds.ts';
import { AbortedError, ValidationError } from '../../api/errors.ts';
import { compileNamePatterns, type NamePattern } from '../../api/name-patterns.ts';
import { isFinished, type Build } from '../../api/records.ts';
import { MAX_OUTPUT_LINES } from '../../api/step-output.ts';
import { checkInteger, checkSegment } from '../../api/validate.ts';
import { label, scopeOf, waitForCommit, waitForOne, type Ending } from './wait-loops.ts';

export const spec = {
  name: 'wait-for-build',
  inputs: [
    'build-num',
    'revision',
    'branch',
    'workflow',
    'job',
    'appear-timeout-minutes',
    'settle-seconds',
    'timeout-minutes',
    'poll-interval-seconds',
    'allowed-outcomes',
    'failure-log-lines',
    'if-no-builds',
  ],
  outputs: ['build-num', 'build-url', 'outcome', 'builds', 'failed-step'],
} as const satisfies ActionSpec;

/** Input ranges: as trigger-build's, a poll interval of up to an hour and a wait of up to 35 days. */
export const LIMITS = {
  pollSeconds: { min: 1, max: 3600 },
  timeoutMinutes: { min: 1, max: 35 * 24 * 60 },
  settleSeconds: { min: 0, max: 3600 },
} as const;

export const IF_NO_BUILDS = ['fail', 'warn', 'pass'] as const;
export type IfNoBuilds = (typeof IF_NO_BUILDS)[number];

export interface WaitInputs {
  buildNum?: number;
  /** `revision` is '' when it is to be read from the newest build of `branch` (an issue_comment event). */
  query: CommitQuery;
  workflows: NamePattern[];
  jobs: NamePattern[];
  /** Lines of `job` the step waits for until a job they match has appeared. */
  named: NamePattern[];
  ifNoBuilds: IfNoBuilds;
  appearMs: number;
  settleMs: number;
  timeoutMs: number;
  intervalMs: number;
  policy: OutcomePolicy;
  failureLogLines: number;
  /** Where the builds come from instead of the commit's (a pipeline's, for trigger-build), and its name. */
  source?: BuildSource;
  label?: string;
}

/**
 * What one look found: the builds that count, oldest first. A source that knows when it is complete (a pipeline)
 * says so: then neither the appear time nor the settle time applies. `notes` are lines for the log.
 */
export interface BuildSource {
  look(): Promise<{ builds: Build[]; truncated: boolean; complete?: boolean; notes?: string[] }>;
}

/** Reads and checks every input of the action's own before anything is sent. */
export function readInputs(ctx: ActionContext): WaitInputs {
  const { inputs } = ctx;
  const buildNumText = inputs.optional('build-num');
  const buildNum =
    buildNumText === undefined
      ? undefined
      : checkInteger('build-num', buildNumText, 1, Number.MAX_SAFE_INTEGER);
  const givenRevision = inputs.optional('revision');
  const branch = inputs.optional('branch');
  if (branch !== undefined) checkSegment('branch', branch);
  const workflows = compileNamePatterns('workflow', inputs.lines('workflow'));
  const jobs = compileNamePatterns('job', inputs.lines('job'));
  const appearMinutes = inputs.integer(
    'appear-timeout-minutes',
    LIMITS.timeoutMinutes.min,
    LIMITS.timeoutMinutes.max,
    10,
  );
  const settleSeconds = inputs.integer(
    'settle-seconds',
    LIMITS.settleSeconds.min,
    LIMITS.settleSeconds.max,
    30,
  );
  const timeoutMinutes = inputs.integer(
    'timeout-minutes',
    LIMITS.timeoutMinutes.min,
    LIMITS.timeoutMinutes.max,
    60,
  );
  const pollSeconds = inputs.integer(
    'poll-interval-seconds',
    LIMITS.pollSeconds.min,
    LIMITS.pollSeconds.max,
    15,
  );
  const policy = readOutcomePolicy(inputs);
  const failureLogLines = inputs.integer('failure-log-lines', 0, MAX_OUTPUT_LINES, 50);
  const ifNoBuilds = inputs.oneOf('if-no-builds', IF_NO_BUILDS, 'fail');

  let revision = '';
  // On a comment, a branch given alone names the commit through its newest build.
  const fromBranch =
    buildNum === undefined &&
    givenRevision === undefined &&
    branch !== undefined &&
    commentsOnPullRequest(ctx.env);
  if (buildNum === undefined && !fromBranch) {
    const raw = givenRevision ?? workflowRevision(ctx.env);
    if (raw === undefined) {
      throw new ValidationError(
        'revision',
        'a value is required when GITHUB_SHA is not set (or give build-num)',
        undefined,
        'missing',
      );
    }
    if (!/^[0-9a-f]{7,40}$/i.test(raw)) {
      throw new ValidationError(
        'revision',
        'allowed: a commit SHA, or a prefix of at least 7 hex digits',
        raw,
      );
    }
    revision = raw.toLowerCase();
  } else {
    const unused = (['revision', 'workflow', 'job'] as const).filter(
      (name) => inputs.optional(name) !== undefined,
    );
    if (unused.length > 0) {
      ctx.io.warning(
        `build-num is given, so ${unused.join(', ')} ${unused.length > 1 ? 'are' : 'is'} not used`,
      );
    }
  }
  return {
    ...(buildNum === undefined ? {} : { buildNum }),
    query: { revision, ...(branch === undefined ? {} : { branch }) },
    workflows,
    jobs,
    named: jobs.filter((p) => p.named),
    ifNoBuilds,
    appearMs: appearMinutes * 60_000,
    settleMs: settleSeconds * 1000,
    timeoutMs: timeoutMinutes * 60_000,
    intervalMs: pollSeconds * 1000,
    policy,
    failureLogLines,
  };
}

/**
 * Waits until the builds of a commit (or one build by number) have ended, and fails the step unless each ended
 * with an allowed outcome. It never cancels a build: they are not the step's own.
 */
export async function waitForBuild(ctx: ActionContext): Promise<void> {
  const input = readInputs(ctx);
  const started = ctx.clock.now();
  const deadline = started + input.timeoutMs;
  const connection = ctx.connect({ deadline });
  await gateBuilds(ctx, connection, input, { started, deadline });
}

export interface GateOptions {
  started: number;
  deadline: number;
  /** Cancels what is still running once the step was cancelled; says what became of it (trigger-build). */
  onAbort?: (builds: readonly Build[]) => Promise<string>;
  /** The `build-num` output: the newest build (wait-for-build), or the first that did not pass (trigger-build). */
  buildNum?: 'newest' | 'deciding';
  /** Rows of the `builds` output for jobs that ended without a build (a pipeline's). */
  moreRows?: () => Record<string, unknown>[];
  /** Every list of builds a look counted. */
  seen?: (builds: readonly Build[]) => void;
}

/**
 * Waits for builds (one by number, a commit's, or a source's), then fails the step unless each ended with an
 * allowed outcome; shows why builds failed, their tests, the outputs and the summary. Shared with trigger-build,
 * which follows a pipeline's builds through it.
 */
export async function gateBuilds(
  ctx: ActionContext,
  connection: Connection,
  input: WaitInputs,
  options: GateOptions,
): Promise<Build[]> {
  const { started, deadline } = options;
  let builds: Build[] = [];
  let ending: Ending = { kind: 'cancelled' };
  const tests = new Map<number, TestsRead>();
  const failures = new Map<number, FailureShown>();
  // One budget of error annotations for the failed steps and the failed tests of every build.
  const budget = new AnnotationBudget();
  try {
    try {
      ending =
        input.buildNum === undefined
          ? await waitForCommit(ctx, connection, input, deadline, (b) => {
              builds = b;
              options.seen?.(b);
            })
          : await waitForOne(ctx, connection, input.buildNum, input, deadline, (b) => (builds = [b]));
    } catch (error) {
      if (ctx.signal.aborted || error instanceof AbortedError) {
        ending = { kind: 'cancelled' };
        if (options.onAbort !== undefined && ctx.signal.aborted) {
          const what = await options.onAbort(builds);
          ending = { kind: 'cancelled', what };
          throw new AbortedError(`${abortReason(ctx.signal).message}; ${what}`);
        }
        throw error;
      }
      ending = { kind: 'gave-up', why: (error as Error).message };
      if (error instanceof PollFailedError) {
        throw new WaitError(
          `Gave up waiting for the builds of ${describeTarget(input)}: ${error.message}; they may still be running`,
          { cause: error },
        );
      }
      throw error;
    }
    const waited: Ending = ending;
    if (waited.kind === 'not-found' && waited.none && input.ifNoBuilds !== 'fail') {
      // Nothing to wait for (a commit the service skipped or filtered out), and the workflow says that is fine.
      ending = { kind: 'none', why: waited.why };
      const text = `${waited.why}; going on with outcome 'none' (if-no-builds: ${input.ifNoBuilds})`;
      if (input.ifNoBuilds === 'warn') ctx.io.warning(logSafe(text));
      else ctx.info(text);
      return builds;
    }
    if (waited.kind !== 'finished' && waited.kind !== 'cancelled') throw new WaitError(logSafe(waited.why));

    // A skipped build ran no step and no test: there is nothing to show of it.
    const unsuccessful = builds.filter((b) => !['success', 'not_run'].includes(outcomeOf(b)));
    for (const build of unsuccessful.slice(0, MAX_FAILURE_REPORTS)) {
      failures.set(
        build.build_num,
        await showFailedSteps(ctx, connection, build, input.failureLogLines, budget),
      );
    }
    for (const build of unsuccessful) tests.set(build.build_num, await readTests(ctx, connection, build));
    const failing = builds.filter((b) => !passes(input.policy, outcomeOf(b)));
    if (failing.length > 0) throw new WaitError(logSafe(failureMessage(input, builds, failing)));
    const worst = worstOutcome(builds.map(outcomeOf));
    if (worst === 'success') {
      ctx.info(
        `${builds.length === 1 ? 'The build' : `All ${builds.length} builds`} of ${describeTarget(input)} succeeded`,
      );
    } else {
      ctx.info(
        `The builds of ${describeTarget(input)} ended with outcome '${worst}', which allowed-outcomes ` +
          `(${describePolicy(input.policy)}) lets pass`,
      );
    }
  } finally {
    setOutputs(ctx, input, builds, failures, ending, options);
    await writeSummary(ctx, input, builds, ending, { tests, failures, budget }, ctx.clock.now() - started);
  }
  return builds;
}

/** The build that decided a verdict: the first that did not pass, else the newest. */
export function decidingBuild(builds: readonly Build[], policy: OutcomePolicy): Build | undefined {
  return builds.find((b) => !passes(policy, outcomeOf(b))) ?? newest(builds);
}

function newest(builds: readonly Build[]): Build | undefined {
  return builds.reduce<Build | undefined>(
    (found, b) => (found === undefined || b.build_num > found.build_num ? b : found),
    undefined,
  );
}

function describeTarget(input: WaitInputs): string {
  return input.buildNum === undefined ? scopeOf(input) : `build #${input.buildNum}`;
}

function failureMessage(input: WaitInputs, builds: readonly Build[], failing: readonly Build[]): string {
  const how = (b: Build): string => {
    const outcome = outcomeOf(b);
    if (outcome === 'not_run') return `outcome 'not_run': the service skipped it`;
    return outcome
      ? `outcome '${outcome}' (status ${b.status ?? 'unknown'})`
      : `no outcome (status ${b.status ?? 'unknown'}, lifecycle ${b.lifecycle ?? 'unknown'})`;
  };
  const allowed = input.policy.allowed.size > 1 ? `; allowed: ${describePolicy(input.policy)}` : '';
  const [only] = failing;
  if (failing.length === 1 && only !== undefined) {
    const where = only.build_url ? `: ${only.build_url}` : '';
    const of = builds.length > 1 ? ` of ${builds.length} builds of ${scopeOf(input)}` : '';
    return `Build ${label(only)}${of} ended with ${how(only)}${allowed}${where}`;
  }
  const list = failing.map((b) => `${label(b)} ${how(b)}`).join(', ');
  return `${failing.length} of ${builds.length} builds of ${describeTarget(input)} did not pass: ${list}${allowed}`;
}

function setOutputs(
  ctx: ActionContext,
  input: WaitInputs,
  builds: readonly Build[],
  failures: ReadonlyMap<number, FailureShown>,
  ending: Ending,
  options: GateOptions,
): void {
  const [onlyJob] = input.jobs;
  const ofJob =
    input.jobs.length === 1 && onlyJob !== undefined && !onlyJob.negated
      ? builds.filter((b) => onlyJob.test(jobOf(b).job ?? ''))
      : [...builds];
  const main =
    options.buildNum === 'deciding' && builds.every(isFinished)
      ? decidingBuild(ofJob, input.policy)
      : newest(ofJob);
  ctx.setOutput('build-num', main?.build_num ?? '');
  ctx.setOutput('build-url', shellSafeUrl(main?.build_url ?? ''));
  ctx.setOutput(
    'outcome',
    ending.kind === 'none'
      ? 'none'
      : builds.length > 0 && builds.every(isFinished)
        ? outputWord(ctx.info, 'outcome', worstOutcome(builds.map(outcomeOf)))
        : '',
  );
  const rows: Record<string, unknown>[] = builds.map((b) => {
    const { job, workflow } = jobOf(b);
    return {
      build_num: b.build_num,
      build_url: b.build_url ? shellSafeUrl(b.build_url) : null,
      job: job ?? null,
      workflow: workflow ?? null,
      status: b.status ?? null,
      outcome: outcomeOf(b) || null,
    };
  });
  ctx.setOutput('builds', rows.concat(options.moreRows?.() ?? []));
  const firstFailed = builds.find((b) => failures.get(b.build_num)?.failedStep !== undefined);
  ctx.setOutput('failed-step', (firstFailed && failures.get(firstFailed.build_num)?.failedStep) ?? '');
}

async function writeSummary(
  ctx: ActionContext,
  input: WaitInputs,
  builds: readonly Build[],
  ending: Ending,
  reports: {
    tests: ReadonlyMap<number, TestsRead>;
    failures: ReadonlyMap<number, FailureShown>;
    budget: AnnotationBudget;
  },
  elapsedMs: number,
): Promise<void> {
  const title =
    input.buildNum === undefined ? `Builds of ${mdSafe(scopeOf(input), 200)}` : `Build #${input.buildNum}`;
  const parts = [`### ${title}`];
  const worst =
    ending.kind === 'none'
      ? 'none'
      : builds.length > 0 && builds.every(isFinished)
        ? showOutcome(worstOutcome(builds.map(outcomeOf)))
        : '';
  const facts = [
    `**Waited:** ${formatDuration(elapsedMs)}`,
    `**Allowed:** ${mdSafe(describePolicy(input.policy))}`,
  ];
  if (worst) facts.unshift(`**Outcome:** ${mdSafe(worst, 50)}`);
  parts.push(facts.join(' · '));
  if (builds.length > 0) parts.push(buildsTable(builds));
  switch (ending.kind) {
    case 'finished':
      break;
    case 'cancelled':
      parts.push(
        ending.what === undefined
          ? 'The step was cancelled; the builds were left as they were (this action cancels nothing).'
          : `The step was cancelled: ${mdSafe(ending.what, 1000)}.`,
      );
      break;
    case 'timed-out':
    case 'gave-up':
    case 'not-found':
      parts.push(mdSafe(ending.why, 1000));
      break;
    case 'none':
      parts.push(`${mdSafe(ending.why, 1000)}; nothing to wait for (if-no-builds: ${input.ifNoBuilds}).`);
      break;
  }
  for (const build of builds) {
    const read = reports.tests.get(build.build_num);
    if (read === undefined) continue;
    const { job } = jobOf(build);
    const name = `Build #${build.build_num}${job === undefined ? '' : ` · ${mdSafe(job, 100)}`}`;
    const heading = buildLink({ build_num: build.build_num, build_url: build.build_url }).replace(
      `#${build.build_num}`,
      name,
    );
    parts.push(`#### ${heading}: ${mdSafe(showOutcome(outcomeOf(build)) || describeState(build), 50)}`);
    const failure = reports.failures.get(build.build_num)?.summary;
    if (failure) parts.push(failure);
    parts.push(...testsSection(ctx, read, reports.budget, 5));
  }
  await appendSummary(ctx.io, parts.join('\n\n'));
}

/** One row per build: the build (linked), job, workflow, status, outcome, duration. */
function buildsTable(builds: readonly Build[]): string {
  const lines = ['| Build | Job | Workflow | Status | Outcome | Duration |', '|---|---|---|---|---|---|'];
  for (const b of builds) {
    const { job, workflow } = jobOf(b);
    const duration = buildDurationMs(b);
    const cells = [
      buildLink(b),
      mdSafe(job ?? '', 100),
      mdSafe(workflow ?? '', 100),
      mdSafe(b.status ?? '', 50),
      mdSafe(showOutcome(outcomeOf(b)), 50),
      duration === undefined ? '' : formatDuration(duration),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
export function run(): Promise<void> {
  return runAction(spec, waitForBuild);
}
