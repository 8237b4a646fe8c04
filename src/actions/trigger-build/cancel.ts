// What trigger-build does when the step is cancelled: it cancels what it started, on a connection of its own.
import { describeState } from '../../runner/gate-scope.ts';
import type { ActionContext } from '../../runner/run.ts';
import { logSafe } from '../../runner/text.ts';
import { formatDuration, plural } from '../../common/format.ts';
import type { Job } from '../../service/model.ts';
import type { Service } from '../../service/service.ts';
import type { JobSource } from '../../service/sources.ts';
import { TriggerAbortedError } from '../../service/v1.ts';
import { FINAL_WORKFLOW_STATUSES, type Pipeline } from '../../service/v2.ts';
import { PipelineTriggerAbortedError } from '../../service/v2-trigger.ts';
import type { TriggerInputs } from './inputs.ts';

/** The real time a cancel after the step's own gets, so that the step exits before the runner kills it. */
const CANCEL_BUDGET_MS = 4000;

/** Timeouts and retries that fit in that time. */
const CANCEL_CONNECTION = {
  timeouts: { connectMs: 2000, headersMs: 3000, bodyIdleMs: 3000 },
  retry: { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 800 },
};

/** What the step says of the work after a cancel: when, what it left or does, and what a failure of it means. */
function cancelling(name: string, doing: string, where = '') {
  return {
    when: 'The step was cancelled',
    left: `${name} was left running`,
    doing,
    where,
    warn: (why: string) => `Could not cancel ${name} (${why}); cancel it by hand${where}`,
    failed: (why: string) => `${name} could not be cancelled (${why}) and may still be running`,
  };
}

/** Work after the step was cancelled, unless cancel-on-abort says no; returns what became of it. */
async function afterAbort(
  ctx: ActionContext,
  input: TriggerInputs,
  says: ReturnType<typeof cancelling>,
  work: (service: Service) => Promise<string>,
): Promise<string> {
  if (!input.cancelOnAbort) {
    ctx.info(`${says.when}; ${says.left} (cancel-on-abort: false)${says.where}`);
    return `${says.left} (cancel-on-abort: false)`;
  }
  ctx.info(`${says.when}; ${says.doing}`);
  const budget = AbortSignal.timeout(CANCEL_BUDGET_MS);
  const { service } = ctx.connect({ signal: budget, ...CANCEL_CONNECTION });
  try {
    return await work(service);
  } catch (error) {
    const why = budget.aborted
      ? `no answer within ${formatDuration(CANCEL_BUDGET_MS)}`
      : (error as Error).message;
    ctx.io.warning(logSafe(says.warn(why)));
    return says.failed(why);
  }
}

/** The step was cancelled while following a pipeline: cancels each of its workflows (v2), so nothing more runs. */
export function cancelPipeline(
  ctx: ActionContext,
  input: TriggerInputs,
  pipeline: Pipeline,
  source: JobSource,
  builds: readonly Job[],
): Promise<string> {
  const name = `pipeline #${pipeline.number}`;
  return afterAbort(ctx, input, cancelling(name, `cancelling the workflows of ${name}`), async (service) => {
    // Workflows a look has not seen yet are listed now: an approval or a job still to come must not run.
    const known = source.workflows ?? [];
    const workflows =
      known.length > 0 ? known : (await service.workflows(pipeline)).map((w) => ({ ...w, done: false }));
    const open = workflows.filter((w) => !w.done);
    try {
      for (const workflow of open) await service.cancelWorkflow(workflow.id);
    } catch (error) {
      // Without the workflow cancel, a job's cancel still stops the builds that run (not what is to come).
      const running = builds.filter((b) => !b.ended);
      for (const build of running) await service.cancelJob(build.number);
      const nums = running.map((b) => `#${b.number}`).join(', ') || 'none';
      ctx.io.warning(
        logSafe(
          `Could not cancel the workflows of ${name} (${(error as Error).message}); cancelled its running ` +
            `builds instead (${nums}): jobs still to come may run, cancel them by hand`,
        ),
      );
      return `the running builds of ${name} were cancelled (${nums}), not its workflows`;
    }
    const names = open.map((w) => w.name).join(', ');
    ctx.info(`Cancelled ${plural(open.length, 'workflow')} of ${name}${names ? `: ${names}` : ''}`);
    return open.length > 0 ? `${name} was cancelled (workflows ${names})` : `${name} had already ended`;
  });
}

/** The step was cancelled while following the triggered build: cancels it, once. */
export async function cancelOnAbort(ctx: ActionContext, input: TriggerInputs, last: Job): Promise<string> {
  const name = `build #${last.number}`;
  const where = last.url ? `: ${last.url}` : '';
  if (last.ended) return `${name} had already finished`;
  return afterAbort(ctx, input, cancelling(name, `cancelling ${name}`, where), async (service) => {
    const cancelled = await service.cancelJob(last.number);
    ctx.info(`Cancelled ${name}${now(cancelled)}${where}`);
    return `${name} was cancelled`;
  });
}

// The step was cancelled during the trigger: finds the build or pipeline it may have started (newer than
// `before`, on its branch or tag), and cancels it, or each of its workflows (docs/promises.md, promise 2).
export function cancelLost(
  ctx: ActionContext,
  input: TriggerInputs,
  error: TriggerAbortedError | PipelineTriggerAbortedError,
): Promise<string> {
  const kind = error instanceof TriggerAbortedError ? 'build' : 'pipeline';
  const { branch, tag } = input.request;
  const where = kind === 'pipeline' && tag !== undefined ? `tag '${tag}'` : `branch '${branch}'`;
  const says = {
    when: 'The step was cancelled during the trigger',
    left: `a ${kind} may have started on ${where}`,
    doing: `looking for the ${kind} it may have started`,
    where: '',
    warn: (why: string) => `Could not check for a ${kind} started on ${where} (${why}); look for it by hand`,
    failed: (why: string) => `a ${kind} may have started on ${where} and could not be cancelled (${why})`,
  };
  return afterAbort(ctx, input, says, async (service) => {
    if (kind === 'build') {
      const found = await service.findTriggeredJob(input.request, error.before);
      if (found === undefined) return `no build had started on ${where}`;
      const cancelled = found.ended ? found : await service.cancelJob(found.number);
      ctx.info(`Cancelled build #${found.number}, started as the step was cancelled${now(cancelled)}`);
      return `build #${found.number}, started as the step was cancelled, was cancelled`;
    }
    const ref = tag === undefined ? { branch } : { tag };
    const found = await service.findTriggeredPipeline(ref, error.before);
    if (found === undefined) return `no pipeline had started on ${where}`;
    const name = `pipeline #${found.number} (id ${found.id})`;
    const late = `${name}, started as the step was cancelled`;
    const workflows = await service.workflows(found);
    if (workflows.length === 0) {
      ctx.io.warning(
        `${name} started as the step was cancelled and has no workflow yet: its workflows may still start, ` +
          'cancel it by hand',
      );
      return `${name} started and has no workflow yet; its workflows may still start`;
    }
    const open = workflows.filter((w) => !FINAL_WORKFLOW_STATUSES.has(w.status));
    for (const workflow of open) await service.cancelWorkflow(workflow.id);
    const names = logSafe(open.map((w) => w.name).join(', '));
    ctx.info(`Cancelled ${late}${names ? `: workflows ${names}` : ''}`);
    return `${late}, ${open.length > 0 ? `was cancelled (workflows ${names})` : 'had already ended'}`;
  });
}

/** ` (now finished)`: a job's state after its cancel, where the service answered it. */
const now = (job: Job | undefined): string => (job === undefined ? '' : ` (now ${describeState(job)})`);
