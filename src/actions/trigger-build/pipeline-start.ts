// trigger-build's start of a pipeline (docs/sunset.md): the pipeline said and read until it was set up, its
// workflows listed when the step does not wait, and the service's answer that it triggered nothing.
import { projectName, type ProjectAddress } from '../../api/client.ts';
import { Pipelines, type Pipeline } from '../../api/pipelines.ts';
import { WaitError } from '../../runner/poll.ts';
import type { ActionContext, Connection } from '../../runner/run.ts';
import { appendSummary } from '../../runner/summary.ts';
import { logSafe, mdSafe } from '../../runner/text.ts';
import {
  confirmPipeline,
  PipelineErroredError,
  pipelineUrl,
  workflowRows,
} from '../../runner/trigger-api.ts';
import type { IfNoBuilds } from '../../runner/gate.ts';

/** Outputs that only a build (not a pipeline before it is followed) has: empty. */
const BUILD_OUTPUTS = ['build-num', 'build-url', 'status', 'lifecycle', 'failed-step'] as const;

/** What of trigger-build's inputs the start of a pipeline reads. */
export interface PipelineStartInputs {
  branch: string;
  tag?: string;
  ifNoBuilds: IfNoBuilds;
}

/**
 * A pipeline the trigger created: said, its id, number and address set, and read until its configuration was
 * compiled (docs/sunset.md): an errored one fails the step, with or without `wait`.
 */
export async function confirmTriggered(
  ctx: ActionContext,
  connection: Connection<ProjectAddress>,
  input: PipelineStartInputs,
  started: { pipeline: Pipeline; recoveredAfter?: string },
  deadline: number | undefined,
): Promise<Pipeline> {
  const { project } = connection;
  const { pipeline } = started;
  const url = pipelineUrl(connection, pipeline);
  const ref = input.tag === undefined ? `branch ${input.branch}` : `tag ${input.tag}`;
  if (started.recoveredAfter !== undefined) {
    ctx.io.warning(
      logSafe(
        `The trigger's answer was lost (${started.recoveredAfter}); found pipeline #${pipeline.number}, which it ` +
          `started: ${url}`,
      ),
    );
  }
  ctx.info(
    `Triggered pipeline #${pipeline.number} (id ${pipeline.id}) of ${projectName(project)} on ` +
      `${ref} through API v2: ${url}`,
  );
  ctx.setOutput('pipeline-id', pipeline.id);
  ctx.setOutput('pipeline-number', pipeline.number);
  ctx.setOutput('pipeline-url', url);
  try {
    return await confirmPipeline(ctx, new Pipelines(connection.transport), pipeline, deadline);
  } catch (error) {
    if (!(error instanceof PipelineErroredError)) throw error;
    for (const name of BUILD_OUTPUTS) ctx.setOutput(name, '');
    ctx.setOutput('outcome', '');
    ctx.setOutput('workflows', []);
    ctx.setOutput('builds', []);
    await writePipelineSummary(ctx, pipeline, url, [], `The pipeline failed: ${mdSafe(error.message, 1000)}`);
    throw error;
  }
}

/** Without `wait`: the pipeline's workflows listed at this moment (maybe none yet), and nothing followed. */
export async function notWaitedPipeline(
  ctx: ActionContext,
  connection: Connection<ProjectAddress>,
  pipeline: Pipeline,
): Promise<void> {
  const url = pipelineUrl(connection, pipeline);
  const workflows = workflowRows(url, await new Pipelines(connection.transport).workflows(pipeline.id));
  for (const name of BUILD_OUTPUTS) ctx.setOutput(name, '');
  ctx.setOutput('outcome', '');
  ctx.setOutput('workflows', workflows);
  ctx.setOutput('builds', []);
  await writePipelineSummary(
    ctx,
    pipeline,
    url,
    workflows,
    'Triggered; the step did not wait for the pipeline to finish.',
  );
}

/** The service triggered nothing (a skip marker in the commit message): `if-no-builds` decides. */
export async function notTriggered(
  ctx: ActionContext,
  input: PipelineStartInputs,
  message: string,
): Promise<void> {
  for (const name of [...BUILD_OUTPUTS, 'pipeline-id', 'pipeline-number', 'pipeline-url'])
    ctx.setOutput(name, '');
  ctx.setOutput('outcome', 'none');
  ctx.setOutput('workflows', []);
  ctx.setOutput('builds', []);
  const text = `The service triggered no pipeline: ${message}`;
  await appendSummary(
    ctx.io,
    `### No pipeline\n\n${mdSafe(text, 1000)} (if-no-builds: ${input.ifNoBuilds}).`,
  );
  if (input.ifNoBuilds === 'fail') throw new WaitError(logSafe(`${text} (if-no-builds: fail)`));
  const going = logSafe(`${text}; going on with outcome 'none' (if-no-builds: ${input.ifNoBuilds})`);
  if (input.ifNoBuilds === 'warn') ctx.io.warning(going);
  else ctx.info(going);
}

async function writePipelineSummary(
  ctx: ActionContext,
  pipeline: Pipeline,
  url: string,
  workflows: readonly { name: string; status: string; url: string }[],
  text: string,
): Promise<void> {
  const list = workflows.map((w) => `- [${mdSafe(w.name, 100)}](${w.url}): ${mdSafe(w.status, 40)}`);
  const listed =
    list.length > 0 ? `\n\n**Workflows:**\n\n${list.join('\n')}` : '\n\n**Workflows:** none listed yet';
  await appendSummary(
    ctx.io,
    `### [Pipeline #${pipeline.number}](${url})\n\n**Id:** ${mdSafe(pipeline.id, 80)}${listed}\n\n${text}`,
  );
}
