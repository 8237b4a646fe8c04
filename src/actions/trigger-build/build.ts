// A build of v1.1 trigger-build started: followed as a one-job source through the one wait, judged, and reported.
import {
  AnnotationBudget,
  readTests,
  showFailedSteps,
  testsSection,
  type TestsRead,
} from '../../runner/build-report.ts';
import { buildRow } from '../../runner/gate.ts';
import { describeState } from '../../runner/gate-scope.ts';
import { outcomeOf, passes, outputWord } from '../../runner/outcomes.ts';
import { allowedOf } from '../../runner/verdict.ts';
import { wait, waitFailed } from '../../runner/wait.ts';
import type { ActionContext } from '../../runner/run.ts';
import { appendSummary, buildFacts, buildHeading } from '../../runner/summary.ts';
import { logSafe, mdSafe, shellSafeUrl } from '../../runner/text.ts';
import { formatDuration } from '../../common/format.ts';
import { inGroup } from '../../runner/io.ts';
import { abortReason } from '../../common/clock.ts';
import { AbortedError } from '../../common/errors.ts';
import type { Service } from '../../service/service.ts';
import type { TriggerInputs } from './inputs.ts';
import { cancelOnAbort } from './cancel.ts';
import { warnRecovered, type Started } from '../../runner/trigger-api.ts';

export async function followTriggeredBuild(
  ctx: ActionContext,
  service: Service,
  input: TriggerInputs,
  { job: triggered, result: { recoveredAfter } }: Extract<Started, { api: 'v1.1' }>,
  { startedAt, deadline }: { startedAt: number; deadline: number },
): Promise<void> {
  const num = triggered.number;
  const url = triggered.url ?? '';
  const where = url ? `: ${url}` : '';
  warnRecovered(ctx, recoveredAfter, `build #${num}`, where);
  ctx.info(`Triggered build #${num} of ${service.name} on branch ${input.request.branch}${where}`);

  let last = triggered;
  /** The summary's closing: none while the step did not wait, a line, or why the finished build failed. */
  let ending: string[] | undefined;
  let tests: TestsRead | undefined;
  let failedStep = '';
  const budget = new AnnotationBudget();
  try {
    if (!input.wait) return;
    ctx.info(
      `Waiting for build #${num} to finish: a look every ${formatDuration(input.intervalMs)}, ` +
        `for at most ${formatDuration(input.timeoutMs)}`,
    );
    try {
      // The wait is a log group, ended before the failure report prints its own (GitHub nests none).
      await inGroup(ctx.io, `Waiting for build #${num}`, async () => {
        if (triggered.ended) return;
        const source = await service.oneJob(num, true);
        await wait({
          intervalMs: input.intervalMs,
          deadline,
          clock: ctx.clock,
          signal: ctx.signal,
          log: ctx.info,
          still: ({ looks, elapsedMs }) =>
            `Build #${num} is still ${describeState(last)} after ${formatDuration(elapsedMs)} (${looks} looks)`,
          failed: `look at build #${num}`,
          look: async () => {
            const [job = last] = (await source.look()).jobs;
            const changed = job.status !== last.status || job.state !== last.state;
            last = job;
            if (job.ended) return { done: true, value: job };
            if (changed) ctx.info(`Build #${num} is ${describeState(job)}`);
            return { done: false, logged: changed };
          },
          unfinished: (error) => {
            ending = [
              'The build did not finish within the wait; the step stopped waiting and left it running.',
            ];
            // With an error the time-out did not come (a long Retry-After): the step says why it stopped early.
            const waited = formatDuration(ctx.clock.now() - startedAt);
            return error === undefined
              ? `Build #${num} did not finish within ${formatDuration(input.timeoutMs)}; it was left ` +
                  `${describeState(last)}${where}`
              : `Stopped waiting for build #${num} after ${waited}, before the ${formatDuration(input.timeoutMs)} ` +
                  `timeout: ${error.message}; it was left ${describeState(last)}${where}`;
          },
          gaveUp: (error) => {
            ending = [`The step gave up waiting: ${mdSafe(error.message)}`];
            return `Gave up waiting for build #${num}: ${error.message}; it may still be running${where}`;
          },
        });
      });
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
        : await showFailedSteps(ctx, service, last, input.failureLogLines, budget);
    failedStep = failure.failedStep ?? '';
    ending = failure.summary ? ['#### Why it failed', failure.summary] : [];
    tests = await readTests(ctx, service, last);
    const outcome = outcomeOf(last);
    const how = outcome
      ? `finished with outcome '${outcome}' (status ${last.status ?? 'unknown'})`
      : `ended without an outcome (status ${last.status ?? 'unknown'}, lifecycle ${last.state ?? 'unknown'})`;
    if (!passes(input.policy, outcome))
      throw waitFailed(logSafe(`Build #${num} ${how}${allowedOf(input)}${where}`));
    if (last.outcome === 'success') ctx.info(`Build #${num} succeeded${where}`);
    else ctx.info(`Build #${num} ${how}, which allowed-outcomes lets pass${where}`);
  } finally {
    const judged = input.wait && last.ended;
    ctx.setOutput('build-num', num);
    ctx.setOutput('build-url', shellSafeUrl(url));
    ctx.setOutput('status', outputWord(ctx.info, 'status', last.status));
    ctx.setOutput('lifecycle', outputWord(ctx.info, 'lifecycle', last.lifecycle));
    ctx.setOutput('outcome', judged ? outputWord(ctx.info, 'outcome', outcomeOf(last)) : '');
    ctx.setOutput('failed-step', failedStep);
    ctx.setOutput('pipeline-id', '');
    ctx.setOutput('pipeline-number', '');
    ctx.setOutput('builds', [buildRow(last, judged ? outcomeOf(last) || null : null)]);
    const waited = ending === undefined ? {} : { Waited: formatDuration(ctx.clock.now() - startedAt) };
    const parts = [buildHeading(last), buildFacts(last, waited)];
    parts.push(...(ending ?? ['Triggered; the step did not wait for the build to finish.']));
    if (tests !== undefined) parts.push(...testsSection(ctx, tests, budget));
    await appendSummary(ctx.io, parts.join('\n\n'));
  }
}
