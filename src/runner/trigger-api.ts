// What trigger-build and the general action make of a trigger (src/service/start-build.ts): the `trigger-api` input,
// the confirmation of a pipeline's set-up, and the addresses and rows of its outputs.
import type { Pipeline } from '../service/v2.ts';
import { projectSlug } from '../service/slug.ts';
import { v2Replacement } from '../service/http/sunset.ts';
import { PipelineErroredError } from '../service/pipeline-builds.ts';
import type { TriggerApi } from '../service/start-build.ts';
import type { Inputs } from './inputs.ts';
import type { ActionContext, Connection } from './run.ts';
import { logSafe, shellSafeUrl } from './text.ts';
import { formatDuration } from '../common/format.ts';
import { PENDING_PIPELINE_STATES, pipelineErrors } from '../service/v2-records.ts';

export {
  checkTriggerInputs,
  type Started,
  type TriggerApi,
  type TriggerRequest,
} from '../service/start-build.ts';

/** The replacement of a removed trigger or rerun, and the input that chooses it. */
export function triggerApiReplacement(method: string, path: string): string | undefined {
  const replacement = v2Replacement(method, path);
  if (replacement === undefined) return undefined;
  // The trigger of `auto` is a pipeline already unless an input only v1.1 takes is given (docs/sunset.md).
  return path.includes('/tree/')
    ? `${replacement}: keep the default, trigger-api: auto, without revision and parallel, or set trigger-api: v2`
    : `${replacement}: set trigger-api: v2, or keep the default, auto, which moves to it by itself once the ` +
        'service answers 410';
}

export function readTriggerApi(inputs: Inputs): TriggerApi {
  return inputs.oneOf('trigger-api', ['auto', 'v1.1', 'v2'] as const, 'auto');
}

/** How long a triggered pipeline may stay in its pending states before the step goes on without knowing. */
const SETUP_WAIT_MS = 60_000;

// Reads a triggered pipeline until it leaves the pending states, as a 201 may say `created` before its configuration
// was compiled: an errored pipeline fails; one still pending at the end is said, and the step goes on.
export async function confirmPipeline(
  ctx: Pick<ActionContext, 'clock' | 'signal' | 'io'>,
  pipelines: { pipeline(id: string): Promise<Pipeline> },
  triggered: Pipeline,
  deadline = Number.POSITIVE_INFINITY,
): Promise<Pipeline> {
  const until = Math.min(ctx.clock.now() + SETUP_WAIT_MS, deadline);
  let pause = 250;
  let pipeline = await pipelines.pipeline(triggered.id);
  while (PENDING_PIPELINE_STATES.has(pipeline.state ?? '') && pipelineErrors(pipeline) === undefined) {
    const wait = Math.min(pause, until - ctx.clock.now());
    if (wait <= 0) {
      const after = `after ${formatDuration(SETUP_WAIT_MS)}: its configuration may still fail; going on`;
      ctx.io.warning(
        logSafe(`Pipeline #${pipeline.number} is still ${pipeline.state ?? 'pending'} ${after}`),
      );
      return pipeline;
    }
    await ctx.clock.sleep(wait, ctx.signal);
    pause = Math.min(pause * 2, 5000);
    pipeline = await pipelines.pipeline(triggered.id);
  }
  const errors = pipelineErrors(pipeline);
  if (errors === undefined) return pipeline;
  const why = errors.length > 0 ? `: ${errors.join('; ')}` : '';
  const text = logSafe(`Pipeline #${pipeline.number} is errored: nothing of it runs${why}`);
  // The pipeline rides along as the cause: the general action's `result` output is that record.
  throw new PipelineErroredError(text, { cause: pipeline });
}

// The web app's address of a pipeline (docs/sunset.md), from checked parts only: `{web}/pipelines/{slug}/{number}`,
// `{web}` being the origin of a job's address once one is known, else `base-url`'s root with its path prefix.
export function pipelineUrl(connection: Connection, pipeline: Pipeline, jobUrl?: string | null): string {
  const job = jobUrl ? URL.parse(jobUrl) : null;
  const web = job?.origin ?? connection.baseUrl.replace(/\/api\/v1\.1$/u, '');
  return shellSafeUrl(`${web}/pipelines/${projectSlug(connection.project)}/${pipeline.number}`);
}

/** The `workflows` output: each workflow's id, name, status and web address below its pipeline's. */
export function workflowRows(
  url: string,
  workflows: readonly { id: string; name: string; status: string }[],
) {
  return workflows.map(({ id, name, status }) => {
    const link = shellSafeUrl(`${url}/workflows/${encodeURIComponent(id)}`);
    return { id, name, status, url: link };
  });
}

/** Says that the trigger's answer was lost, and what the step found it had started. */
export function warnRecovered(
  ctx: ActionContext,
  after: string | undefined,
  what: string,
  where: string,
): void {
  if (after !== undefined)
    ctx.io.warning(
      logSafe(`The trigger's answer was lost (${after}); found ${what}, which it started${where}`),
    );
}
