// trigger-build: triggers a build or a pipeline (never two), and with `wait` follows it to its end.
import { runAction, type ActionContext, type ActionSpec } from '../../runner/run.ts';
import { logSafe } from '../../runner/text.ts';
import { connectUntil } from '../../runner/wait-inputs.ts';
import { pipelineUrl, triggerApiReplacement, type Started } from '../../runner/trigger-api.ts';
import { abortReason } from '../../common/clock.ts';
import { projectName, TriggerAbortedError } from '../../service/v1.ts';
import { AbortedError } from '../../common/errors.ts';
import type { Pipeline } from '../../service/v2.ts';
import { PipelineTriggerAbortedError } from '../../service/v2-trigger.ts';
import { readInputs } from './inputs.ts';
import { cancelLost } from './cancel.ts';
import { confirmTriggered, followPipeline, notTriggered } from './pipeline.ts';
import { followTriggeredBuild } from './build.ts';

export const spec = {
  name: 'trigger-build',
  inputs: [
    'branch',
    'revision',
    'tag',
    'parallel',
    'params',
    'wait',
    'wait-timeout-minutes',
    'poll-interval-seconds',
    'cancel-on-abort',
    'allowed-outcomes',
    'failure-log-lines',
    'trigger-api',
    'if-no-builds',
    'definition-id',
    'github-context-params',
    'github-meta',
  ],
  outputs: [
    'build-num',
    'build-url',
    'status',
    'lifecycle',
    'outcome',
    'failed-step',
    'pipeline-id',
    'pipeline-number',
    'pipeline-url',
    'workflows',
    'builds',
  ],
  replacement: triggerApiReplacement,
} as const satisfies ActionSpec;

export async function triggerBuild(ctx: ActionContext): Promise<void> {
  const input = readInputs(ctx);
  const startedAt = ctx.clock.now();
  const deadline = startedAt + input.timeoutMs;
  const connection = input.wait ? connectUntil(ctx, deadline) : ctx.connect();

  const { branch, tag } = input.request;
  const title = `Triggering ${projectName(connection.project)} on ${tag === undefined ? `branch ${branch}` : `tag ${tag}`}`;
  // The trigger is a log group; the pipeline's link, a notice after it, shows on the run's page (none for a build of
  // v1.1, whose link is in the log and the build-url output).
  let link: string | undefined;
  ctx.io.startGroup(logSafe(title));
  let started: Started;
  let confirmed: Pipeline | undefined;
  try {
    started = await connection.service.trigger(input.api, input.request).catch(async (error: unknown) => {
      if (!(error instanceof TriggerAbortedError || error instanceof PipelineTriggerAbortedError))
        throw error;
      // Cancelled while the trigger was on its way: the build it may have started must not run on unseen.
      const what = await cancelLost(ctx, input, error);
      throw new AbortedError(`${abortReason(ctx.signal).message}; ${what}`);
    });
    if (started.api === 'v2') {
      link = `Pipeline #${started.pipeline.number}: ${pipelineUrl(connection, started.pipeline)}`;
      confirmed = await confirmTriggered(ctx, connection, input, started, deadline);
    }
  } finally {
    ctx.io.endGroup();
    if (link !== undefined) ctx.io.notice(link);
  }
  if (started.api === 'none') return notTriggered(ctx, input, started.message);
  const times = { startedAt, deadline };
  // A pipeline was confirmed in the group above, or the step failed there.
  if (started.api === 'v2')
    return followPipeline(ctx, connection, input, confirmed ?? started.pipeline, times);
  await followTriggeredBuild(ctx, connection.service, input, started, times);
}

/** src/actions/bundle.js calls it on the runner, and GitHub's local-action on a workstation. */
export function run(): Promise<void> {
  return runAction(spec, triggerBuild);
}
