// A build of v1.1 trigger-build started: followed through the one wait, judged, and reported.
import {
  AnnotationBudget,
  readTests,
  showFailedSteps,
  testsSection,
  type TestsRead,
} from '../../runner/build-report.ts';
import { followBuild } from '../../runner/gate-looks.ts';
import { describeState } from '../../runner/gate-scope.ts';
import { describePolicy, outcomeOf, passes, outputWord } from '../../runner/outcomes.ts';
import { waitFailed } from '../../runner/wait.ts';
import type { ActionContext, Connection } from '../../runner/run.ts';
import { appendSummary, buildFacts, buildHeading } from '../../runner/summary.ts';
import { logSafe, mdSafe, shellSafeUrl } from '../../runner/text.ts';
import { formatDuration } from '../../common/format.ts';
import { inGroup } from '../../runner/io.ts';
import { abortReason } from '../../common/clock.ts';
import { projectName, type TriggerResult } from '../../service/v1.ts';
import { jobOf } from '../../service/commit-builds.ts';
import { AbortedError } from '../../common/errors.ts';
import { isFinished, type Build } from '../../service/records.ts';
import type { TriggerInputs } from './inputs.ts';
import { cancelOnAbort } from './cancel.ts';
import { warnRecovered } from '../../runner/trigger-api.ts';

/**
 * A build of v1.1 the step triggered: said, and with `wait` followed to its end through the one wait (wait.ts) and
 * judged under the outcome policy; its outputs and summary set however it ends.
 */
export async function followTriggeredBuild(
  ctx: ActionContext,
  v1: Connection,
  input: TriggerInputs,
  result: TriggerResult,
  { startedAt, deadline }: { startedAt: number; deadline: number },
): Promise<void> {
  const { build: triggered, recoveredAfter } = result;
  const num = triggered.build_num;
  const url = triggered.build_url ?? '';
  const where = url ? `: ${url}` : '';
  warnRecovered(ctx, recoveredAfter, `build #${num}`, where);
  ctx.info(`Triggered build #${num} of ${projectName(v1.project)} on branch ${input.request.branch}${where}`);

  let last: Build = triggered;
  /** The summary's closing: none while the step did not wait, a line, or why the finished build failed. */
  let ending: string[] | undefined;
  let tests: TestsRead | undefined;
  let failedStep = '';
  // One budget of error annotations for the failed steps and the failed tests.
  const budget = new AnnotationBudget();
  try {
    if (!input.wait) return;
    ctx.info(
      `Waiting for build #${num} to finish: a look every ${formatDuration(input.intervalMs)}, ` +
        `for at most ${formatDuration(input.timeoutMs)}`,
    );
    const words = {
      unfinished: (error: Error | undefined) => {
        ending = ['The build did not finish within the wait; the step stopped waiting and left it running.'];
        // With an error the time-out did not come: the next look could not have been made within it (a long
        // Retry-After), so the step says it stopped early, and why.
        const waited = formatDuration(ctx.clock.now() - startedAt);
        return error === undefined
          ? `Build #${num} did not finish within ${formatDuration(input.timeoutMs)}; it was left ` +
              `${describeState(last)}${where}`
          : `Stopped waiting for build #${num} after ${waited}, before the ${formatDuration(input.timeoutMs)} ` +
              `timeout: ${error.message}; it was left ${describeState(last)}${where}`;
      },
      gaveUp: (error: Error) => {
        ending = [`The step gave up waiting: ${mdSafe(error.message)}`];
        return `Gave up waiting for build #${num}: ${error.message}; it may still be running${where}`;
      },
    };
    try {
      // The wait is a log group, ended before the failure report prints its own (GitHub nests none).
      const follow = () => followBuild(ctx, v1, last, { ...input, deadline }, (b) => (last = b), words);
      await inGroup(ctx.io, `Waiting for build #${num}`, follow);
    } catch (error) {
      if (ctx.signal.aborted) {
        const what = await cancelOnAbort(ctx, input, last);
        ending = [`The step was cancelled: ${mdSafe(what)}.`];
        throw new AbortedError(`${abortReason(ctx.signal).message}; ${what}`);
      }
      throw error;
    }

    const failure =
      last.outcome === 'success'
        ? { failedStep: undefined, summary: '' }
        : await showFailedSteps(ctx, v1, last, input.failureLogLines, budget);
    failedStep = failure.failedStep ?? '';
    ending = failure.summary ? ['#### Why it failed', failure.summary] : [];
    tests = await readTests(ctx, v1, last);
    const outcome = outcomeOf(last);
    const how = outcome
      ? `finished with outcome '${outcome}' (status ${last.status ?? 'unknown'})`
      : `ended without an outcome (status ${last.status ?? 'unknown'}, lifecycle ${last.lifecycle ?? 'unknown'})`;
    if (!passes(input.policy, outcome)) {
      const allowed = input.policy.allowed.size > 1 ? `; allowed: ${describePolicy(input.policy)}` : '';
      throw waitFailed(logSafe(`Build #${num} ${how}${allowed}${where}`));
    }
    if (last.outcome === 'success') ctx.info(`Build #${num} succeeded${where}`);
    else ctx.info(`Build #${num} ${how}, which allowed-outcomes lets pass${where}`);
  } finally {
    const judged = input.wait && isFinished(last);
    const { job, workflow } = jobOf(last);
    ctx.setOutput('build-num', num);
    ctx.setOutput('build-url', shellSafeUrl(url));
    ctx.setOutput('status', outputWord(ctx.info, 'status', last.status));
    ctx.setOutput('lifecycle', outputWord(ctx.info, 'lifecycle', last.lifecycle));
    ctx.setOutput('outcome', judged ? outputWord(ctx.info, 'outcome', outcomeOf(last)) : '');
    ctx.setOutput('failed-step', failedStep);
    ctx.setOutput('pipeline-id', '');
    ctx.setOutput('pipeline-number', '');
    ctx.setOutput('builds', [
      {
        build_num: num,
        build_url: last.build_url ? shellSafeUrl(last.build_url) : null,
        job: job ?? null,
        workflow: workflow ?? null,
        status: last.status ?? null,
        outcome: judged ? outcomeOf(last) || null : null,
      },
    ]);
    const waited = ending === undefined ? {} : { Waited: formatDuration(ctx.clock.now() - startedAt) };
    const parts = [buildHeading(last), buildFacts(last, waited)];
    parts.push(...(ending ?? ['Triggered; the step did not wait for the build to finish.']));
    if (tests !== undefined) parts.push(...testsSection(ctx, tests, budget));
    await appendSummary(ctx.io, parts.join('\n\n'));
  }
}
