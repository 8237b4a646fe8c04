// A pipeline trigger-build started through API v2: confirmed, and with `wait` followed by the gate.
import type { GateInputs } from '../../runner/gate-scope.ts';
import { decidingBuild } from '../../runner/verdict.ts';
import { ifNothing, outputWord } from '../../runner/outcomes.ts';
import { gateBuilds, pipelineSource } from '../../runner/gate.ts';
import { waitFailed } from '../../runner/wait.ts';
import type { ActionContext, Connection } from '../../runner/run.ts';
import { appendSummary } from '../../runner/summary.ts';
import { logSafe, mdSafe } from '../../runner/text.ts';
import { confirmPipeline, pipelineUrl, warnRecovered, workflowRows } from '../../runner/trigger-api.ts';
import { projectName } from '../../service/v1.ts';
import type { Job } from '../../service/model.ts';
import { PipelineErroredError } from '../../service/pipeline-builds.ts';
import type { Pipeline } from '../../service/v2.ts';
import type { TriggerInputs } from './inputs.ts';
import { cancelPipeline } from './cancel.ts';

/** Sets the outputs of a pipeline that is not followed: empty where only a build has a value. */
function setPipelineOutputs(ctx: ActionContext, workflows: unknown[], outcome = '', ...more: string[]): void {
  for (const name of ['build-num', 'build-url', 'status', 'lifecycle', 'failed-step', ...more])
    ctx.setOutput(name, '');
  ctx.setOutput('outcome', outcome);
  ctx.setOutput('workflows', workflows);
  ctx.setOutput('builds', []);
}

/** Says the pipeline, read until its configuration was compiled (docs/sunset.md); an errored one fails. */
export async function confirmTriggered(
  ctx: ActionContext,
  connection: Connection,
  input: TriggerInputs,
  { pipeline, recoveredAfter }: { pipeline: Pipeline; recoveredAfter?: string },
  deadline: number,
): Promise<Pipeline> {
  const url = pipelineUrl(connection, pipeline);
  const { branch, tag } = input.request;
  warnRecovered(ctx, recoveredAfter, `pipeline #${pipeline.number}`, `: ${url}`);
  ctx.info(
    `Triggered pipeline #${pipeline.number} (id ${pipeline.id}) of ${projectName(connection.project)} on ` +
      `${tag === undefined ? `branch ${branch}` : `tag ${tag}`} through API v2: ${url}`,
  );
  ctx.setOutput('pipeline-id', pipeline.id);
  ctx.setOutput('pipeline-number', pipeline.number);
  ctx.setOutput('pipeline-url', url);
  try {
    const until = input.wait ? deadline : undefined;
    return await confirmPipeline(ctx, connection.service, pipeline, until);
  } catch (error) {
    if (!(error instanceof PipelineErroredError)) throw error;
    setPipelineOutputs(ctx, []);
    await pipelineSummary(ctx, pipeline, url, [], `The pipeline failed: ${mdSafe(error.message, 1000)}`);
    throw error;
  }
}

/** The service triggered nothing (a skip marker in the commit message): `if-no-builds` decides. */
export async function notTriggered(ctx: ActionContext, input: TriggerInputs, message: string): Promise<void> {
  setPipelineOutputs(ctx, [], 'none', 'pipeline-id', 'pipeline-number', 'pipeline-url');
  const text = `The service triggered no pipeline: ${message}`;
  await appendSummary(
    ctx.io,
    `### No pipeline\n\n${mdSafe(text, 1000)} (if-no-builds: ${input.ifNoBuilds}).`,
  );
  const going = `${text}; going on with outcome 'none' (if-no-builds: ${input.ifNoBuilds})`;
  ifNothing(ctx, input.ifNoBuilds, going, () => waitFailed(logSafe(`${text} (if-no-builds: fail)`)));
}

async function pipelineSummary(
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

// Without `wait`, lists the pipeline's workflows at this moment (maybe none yet); with it, follows every job
// through the gate, and cancels each of its workflows if the step is cancelled.
export async function followPipeline(
  ctx: ActionContext,
  connection: Connection,
  input: TriggerInputs,
  pipeline: Pipeline,
  { startedAt, deadline }: { startedAt: number; deadline: number },
): Promise<void> {
  if (!input.wait) {
    const url = pipelineUrl(connection, pipeline);
    const workflows = workflowRows(url, await connection.service.workflows(pipeline));
    setPipelineOutputs(ctx, workflows);
    const text = 'Triggered; the step did not wait for the pipeline to finish.';
    return pipelineSummary(ctx, pipeline, url, workflows, text);
  }
  // How long a setup workflow is given to continue (wait-for-build's default settle time), and how long a pipeline
  // past its set-up may list no workflow before the step takes it to run none.
  const { source } = pipelineSource(ctx, connection, pipeline, { settleMs: 30_000, emptyMs: 60_000 });
  const gate: GateInputs = {
    ...input,
    query: { revision: '', jobs: [] },
    workflows: [],
    jobs: [],
    named: [],
    appearMs: input.timeoutMs,
    settleMs: 0,
    source,
    label: `pipeline #${pipeline.number}`,
  };
  let builds: readonly Job[] = [];
  try {
    await gateBuilds(ctx, connection.service, gate, {
      started: startedAt,
      deadline,
      buildNum: 'deciding',
      seen: (b) => (builds = b),
      onAbort: (running) => cancelPipeline(ctx, input, pipeline, source, running),
    });
  } finally {
    const deciding = decidingBuild(builds, input.policy);
    ctx.setOutput('status', outputWord(ctx.info, 'status', deciding?.status));
    ctx.setOutput('lifecycle', outputWord(ctx.info, 'lifecycle', deciding?.lifecycle));
    const url = pipelineUrl(connection, pipeline, builds.find((b) => b.url)?.url);
    ctx.setOutput('pipeline-url', url);
    ctx.setOutput('workflows', workflowRows(url, source.workflows ?? []));
  }
}
