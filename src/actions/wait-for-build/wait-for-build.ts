import { readFileSync } from 'node:fs';
import {
  AnnotationBudget,
  MAX_FAILURE_REPORTS,
  readTests,
  showFailedSteps,
  testsSection,
  type FailureShown,
  type TestsRead,
} from '../../action/build-report.ts';
import { describeState, followBuild } from '../../action/follow.ts';
import {
  describePolicy,
  passes,
  readOutcomePolicy,
  worstOutcome,
  type OutcomePolicy,
} from '../../action/outcomes.ts';
import { poll, PollFailedError, WaitError, type Look } from '../../action/poll.ts';
import { runAction, type ActionContext, type ActionSpec, type Connection } from '../../action/run.ts';
import { buildDurationMs, buildLink } from '../../action/summary.ts';
import { logSafe, mdSafe } from '../../action/text.ts';
import { formatDuration } from '../../api/format.ts';
import { CommitBuilds, jobOf, type CommitQuery } from '../../api/commit-builds.ts';
import { AbortedError, ValidationError } from '../../api/errors.ts';
import { isFinished, type Build } from '../../api/records.ts';
import { MAX_OUTPUT_LINES } from '../../api/step-output.ts';
import { checkInteger, checkSegment } from '../../api/validate.ts';

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
  ],
  outputs: ['build-num', 'build-url', 'outcome', 'builds', 'failed-step'],
} as const satisfies ActionSpec;

/** Input ranges: as trigger-build's, a poll interval of up to an hour and a wait of up to 35 days. */
export const LIMITS = {
  pollSeconds: { min: 1, max: 3600 },
  timeoutMinutes: { min: 1, max: 35 * 24 * 60 },
  settleSeconds: { min: 0, max: 3600 },
} as const;

/** Events whose GITHUB_SHA is a merge commit the service never built: the head commit is in the payload. */
const PULL_REQUEST_EVENTS = new Set([
  'pull_request',
  'pull_request_target',
  'pull_request_review',
  'pull_request_review_comment',
]);

export interface WaitInputs {
  buildNum?: number;
  query: CommitQuery;
  jobs: string[];
  appearMs: number;
  settleMs: number;
  timeoutMs: number;
  intervalMs: number;
  policy: OutcomePolicy;
  failureLogLines: number;
}

/** The workflow's commit: the pull request's head commit on pull request events, else GITHUB_SHA. */
export function workflowRevision(env: NodeJS.ProcessEnv): string | undefined {
  if (PULL_REQUEST_EVENTS.has(env['GITHUB_EVENT_NAME'] ?? '')) {
    const path = env['GITHUB_EVENT_PATH'];
    let head: unknown;
    try {
      const event = JSON.parse(readFileSync(path ?? '', 'utf8')) as {
        pull_request?: { head?: { sha?: unknown } };
      };
      head = event.pull_request?.head?.sha;
    } catch (error) {
      throw new ValidationError(
        'revision',
        'give it, or run on an event whose payload GITHUB_EVENT_PATH holds',
        undefined,
        `the pull request's head commit could not be read from GITHUB_EVENT_PATH (${(error as Error).message})`,
      );
    }
    if (typeof head !== 'string' || head === '') {
      throw new ValidationError(
        'revision',
        'give it explicitly',
        undefined,
        "the event's payload names no pull request head commit",
      );
    }
    return head;
  }
  return env['GITHUB_SHA'] || undefined;
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
  const workflow = inputs.optional('workflow');
  if (workflow !== undefined) checkSegment('workflow', workflow, 'a workflow name');
  const jobs = [...new Set(inputs.lines('job'))];
  for (const job of jobs) checkSegment('job', job, 'job names, one a line');
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

  let revision = '';
  if (buildNum === undefined) {
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
    query: {
      revision,
      ...(branch === undefined ? {} : { branch }),
      ...(workflow === undefined ? {} : { workflow }),
      jobs,
    },
    jobs,
    appearMs: appearMinutes * 60_000,
    settleMs: settleSeconds * 1000,
    timeoutMs: timeoutMinutes * 60_000,
    intervalMs: pollSeconds * 1000,
    policy,
    failureLogLines,
  };
}

/** How the wait ended, for the summary. */
type Ending = WaitEnding | { kind: 'cancelled' };
type WaitEnding =
  | { kind: 'finished' }
  | { kind: 'timed-out'; why: string }
  | { kind: 'cancelled' }
  | { kind: 'gave-up'; why: string }
  | { kind: 'not-found'; why: string };

/** `#12 (job test)`, for the log and errors. */
function label(build: Build): string {
  const { job } = jobOf(build);
  return `#${build.build_num}${job === undefined ? '' : ` (job ${job})`}`;
}

/** `commit 1a2b3c4 on branch main, workflow ci, jobs build, test` */
function scopeOf(input: WaitInputs): string {
  const parts = [`commit ${input.query.revision.slice(0, 12)}`];
  if (input.query.branch !== undefined) parts[0] += ` on branch ${input.query.branch}`;
  if (input.query.workflow !== undefined) parts.push(`workflow ${input.query.workflow}`);
  if (input.jobs.length > 0) parts.push(`${input.jobs.length > 1 ? 'jobs' : 'job'} ${input.jobs.join(', ')}`);
  return parts.join(', ');
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
          ? await waitForCommit(ctx, connection, input, deadline, (b) => (builds = b))
          : await waitForOne(ctx, connection, input.buildNum, input, deadline, (b) => (builds = [b]));
    } catch (error) {
      if (ctx.signal.aborted || error instanceof AbortedError) {
        ending = { kind: 'cancelled' };
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
    if (waited.kind !== 'finished' && waited.kind !== 'cancelled') throw new WaitError(logSafe(waited.why));

    const unsuccessful = builds.filter((b) => b.outcome !== 'success');
    for (const build of unsuccessful.slice(0, MAX_FAILURE_REPORTS)) {
      failures.set(
        build.build_num,
        await showFailedSteps(ctx, connection, build, input.failureLogLines, budget),
      );
    }
    for (const build of unsuccessful) tests.set(build.build_num, await readTests(ctx, connection, build));
    const failing = builds.filter((b) => !passes(input.policy, b.outcome));
    if (failing.length > 0) throw new WaitError(logSafe(failureMessage(input, builds, failing)));
    const worst = worstOutcome(builds.map((b) => b.outcome));
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
    setOutputs(ctx, input, builds, failures);
    await writeSummary(ctx, input, builds, ending, { tests, failures, budget }, ctx.clock.now() - started);
  }
}

function describeTarget(input: WaitInputs): string {
  return input.buildNum === undefined ? scopeOf(input) : `build #${input.buildNum}`;
}

function failureMessage(input: WaitInputs, builds: readonly Build[], failing: readonly Build[]): string {
  const how = (b: Build): string =>
    b.outcome
      ? `outcome '${b.outcome}' (status ${b.status ?? 'unknown'})`
      : `no outcome (status ${b.status ?? 'unknown'}, lifecycle ${b.lifecycle ?? 'unknown'})`;
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
): void {
  const [onlyJob] = input.jobs;
  const ofJob = input.jobs.length === 1 ? builds.filter((b) => jobOf(b).job === onlyJob) : [...builds];
  const main = ofJob.reduce<Build | undefined>(
    (newest, b) => (newest === undefined || b.build_num > newest.build_num ? b : newest),
    undefined,
  );
  ctx.setOutput('build-num', main?.build_num ?? '');
  ctx.setOutput('build-url', main?.build_url ?? '');
  ctx.setOutput(
    'outcome',
    builds.length > 0 && builds.every(isFinished) ? worstOutcome(builds.map((b) => b.outcome)) : '',
  );
  ctx.setOutput(
    'builds',
    builds.map((b) => {
      const { job, workflow } = jobOf(b);
      return {
        build_num: b.build_num,
        build_url: b.build_url ?? null,
        job: job ?? null,
        workflow: workflow ?? null,
        status: b.status ?? null,
        outcome: b.outcome ?? null,
      };
    }),
  );
  const firstFailed = builds.find((b) => failures.get(b.build_num)?.failedStep !== undefined);
  ctx.setOutput('failed-step', (firstFailed && failures.get(firstFailed.build_num)?.failedStep) ?? '');
}

/** build-num mode: follows that one build, as trigger-build follows the build it triggered. */
async function waitForOne(
  ctx: ActionContext,
  connection: Connection,
  num: number,
  input: WaitInputs,
  deadline: number,
  seen: (build: Build) => void,
): Promise<WaitEnding> {
  const first = await connection.client.build(connection.project, num);
  seen(first);
  let last = first;
  const where = first.build_url ? `: ${first.build_url}` : '';
  ctx.info(
    `Waiting for build #${num} (now ${describeState(first)}) to end: a look every ` +
      `${formatDuration(input.intervalMs)}, for at most ${formatDuration(input.timeoutMs)}${where}`,
  );
  const result = await followBuild(
    ctx,
    connection,
    first,
    { intervalMs: input.intervalMs, deadline },
    (b) => {
      last = b;
      seen(b);
    },
  );
  if (result.done) return { kind: 'finished' };
  const why = result.error ? ` (${result.error.message})` : '';
  return {
    kind: 'timed-out',
    why: `Build #${num} did not end within ${formatDuration(input.timeoutMs)}${why}; it was left ${describeState(last)}${where}`,
  };
}

/** The list mode: finds the commit's builds look after look until every one has ended and none is to come. */
async function waitForCommit(
  ctx: ActionContext,
  { client, project }: Connection,
  input: WaitInputs,
  deadline: number,
  seen: (builds: Build[]) => void,
): Promise<WaitEnding> {
  const { clock } = ctx;
  const started = clock.now();
  const scope = scopeOf(input);
  const commit = new CommitBuilds(client, project, { ...input.query, jobs: [] }, { now: started });
  ctx.info(
    `Waiting for the builds of ${scope}: a look every ${formatDuration(input.intervalMs)}, for at most ` +
      `${formatDuration(input.timeoutMs)}; a build must appear within ${formatDuration(input.appearMs)}`,
  );
  let current: Build[] = [];
  /** Every build of the commit the last look saw, counted or not. */
  let everything = new Map<number, Build>();
  /** The last time a build appeared or ended: the appear and settle times count from it. */
  let lastChange = started;
  let warnedTruncated = false;
  let failure: WaitEnding | undefined;

  const look = async (): Promise<Look<Build[]>> => {
    const { builds: all, truncated } = await commit.look();
    const now = clock.now();
    if (truncated && !warnedTruncated) {
      warnedTruncated = true;
      ctx.io.warning(
        logSafe(
          `The project's build list is long: the look read its newest pages only, as far as a look may`,
        ),
      );
    }
    // With `job`, every build of the commit is still followed: while any runs, a named job may yet appear.
    const counted =
      input.jobs.length === 0 ? all : all.filter((b) => input.jobs.includes(jobOf(b).job ?? ''));
    let logged = false;
    for (const build of all) {
      const old = everything.get(build.build_num);
      const { job, workflow } = jobOf(build);
      const aside = counted.includes(build) ? '' : ' (not counted: only the named jobs count)';
      if (old === undefined) {
        const what =
          job === undefined ? '' : `: job ${job}${workflow === undefined ? '' : ` of workflow ${workflow}`}`;
        const retry = typeof build.retry_of === 'number' ? `, a retry of #${build.retry_of}` : '';
        ctx.info(`Build #${build.build_num} appeared${what}${retry}, ${describeState(build)}${aside}`);
        lastChange = now;
        logged = true;
      } else if (isFinished(build) && !isFinished(old)) {
        ctx.info(`Build ${label(build)} ended: ${build.outcome || describeState(build)}`);
        lastChange = now;
        logged = true;
      } else if (build.lifecycle !== old.lifecycle) {
        ctx.info(`Build ${label(build)} is ${describeState(build)}`);
        logged = true;
      }
    }
    everything = new Map(all.map((b) => [b.build_num, b]));
    current = counted;
    seen(counted);
    const builds = counted;

    if (all.length === 0 && input.jobs.length === 0) {
      if (now - started >= input.appearMs) {
        failure = {
          kind: 'not-found',
          why: `No build of ${scope} appeared within ${formatDuration(input.appearMs)}`,
        };
        return { done: true, value: builds };
      }
      return { done: false, logged, nextInMs: Math.min(input.intervalMs, started + input.appearMs - now) };
    }
    if (!builds.every(isFinished)) return { done: false, logged };
    const missing = input.jobs.filter((name) => !builds.some((b) => jobOf(b).job === name));
    if (missing.length > 0) {
      if (!all.every(isFinished)) return { done: false, logged };
      const appearLeft = lastChange + input.appearMs - now;
      if (appearLeft <= 0) {
        const names = missing.map((m) => `'${m}'`).join(', ');
        const seenText =
          all.length === 0
            ? ''
            : ` after the other builds ended (seen: ${all.map((b) => `${label(b)} ${b.outcome || describeState(b)}`).join(', ')})`;
        failure = {
          kind: 'not-found',
          why:
            `${missing.length > 1 ? 'Jobs' : 'Job'} ${names} of ${scope} did not appear within ` +
            `${formatDuration(input.appearMs)}${seenText}`,
        };
        return { done: true, value: builds };
      }
      return { done: false, logged, nextInMs: Math.min(input.intervalMs, appearLeft) };
    }
    // Named jobs have all appeared and ended; otherwise a downstream job may still come: settle first.
    if (input.jobs.length > 0) return { done: true, value: builds };
    const settleLeft = lastChange + input.settleMs - now;
    if (settleLeft <= 0) return { done: true, value: builds };
    if (logged) ctx.info(`Every build has ended; waiting ${formatDuration(settleLeft)} for a downstream job`);
    return { done: false, logged, nextInMs: Math.min(input.intervalMs, settleLeft) };
  };

  const result = await poll(
    {
      clock,
      signal: ctx.signal,
      intervalMs: input.intervalMs,
      deadline,
      onHeartbeat: ({ looks, elapsedMs }) =>
        ctx.info(`Still waiting after ${formatDuration(elapsedMs)} (${looks} looks): ${tally(current)}`),
      onFailure: (error, { failures, nextInMs }) =>
        ctx.info(
          `Could not look at the builds (${error.message}); looking again in ${formatDuration(nextInMs)} ` +
            `(failure ${failures} in a row)`,
        ),
    },
    look,
  );
  if (failure !== undefined) return failure;
  if (result.done) return { kind: 'finished' };
  const why = result.error ? ` (${result.error.message})` : '';
  const open = current.filter((b) => !isFinished(b));
  const left =
    current.length === 0
      ? 'no build of it had appeared'
      : open.length > 0
        ? `left running: ${open.map((b) => `${label(b)} ${describeState(b)}`).join(', ')}`
        : 'every build had ended, but a named job had not appeared';
  return {
    kind: 'timed-out',
    why: `The builds of ${scope} did not end within ${formatDuration(input.timeoutMs)}${why}; ${left}`,
  };
}

/** `2 running, 1 queued, 3 ended`, or that none has appeared yet. */
function tally(builds: readonly Build[]): string {
  if (builds.length === 0) return 'no build has appeared yet';
  const counts = new Map<string, number>();
  for (const b of builds) {
    const state = isFinished(b) ? 'ended' : (b.lifecycle ?? 'unknown');
    counts.set(state, (counts.get(state) ?? 0) + 1);
  }
  return [...counts].map(([state, n]) => `${n} ${state}`).join(', ');
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
    builds.length > 0 && builds.every(isFinished) ? worstOutcome(builds.map((b) => b.outcome)) : '';
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
      parts.push('The step was cancelled; the builds were left as they were (this action cancels nothing).');
      break;
    case 'timed-out':
    case 'gave-up':
    case 'not-found':
      parts.push(mdSafe(ending.why, 1000));
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
    parts.push(`#### ${heading}: ${mdSafe(build.outcome || describeState(build), 50)}`);
    const failure = reports.failures.get(build.build_num)?.summary;
    if (failure) parts.push(failure);
    parts.push(...testsSection(ctx, read, reports.budget, 5));
  }
  try {
    await ctx.io.summary.addRaw(parts.join('\n\n'), true).write();
  } catch (error) {
    // A summary that cannot be written must not turn a verdict into another one.
    ctx.io.warning(`Could not write the job summary: ${(error as Error).message}`);
  }
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
      mdSafe(b.outcome ?? '', 50),
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
