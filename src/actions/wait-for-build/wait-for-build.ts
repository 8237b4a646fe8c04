import { gateBuilds, pipelineSource } from '../../runner/gate.ts';
import { scopeOf } from '../../runner/gate-scope.ts';
import { definedOnly } from '../../common/values.ts';
import { readIfNothing, readOutcomePolicy } from '../../runner/outcomes.ts';
import { pipelineUrl } from '../../runner/trigger-api.ts';
import { runAction, type ActionContext, type ActionSpec } from '../../runner/run.ts';
import { connectUntil, pollIntervalMs, readRevision, waitMs } from '../../runner/wait-inputs.ts';
import { branchNamesCommit } from '../../runner/workflow.ts';
import { compileNamePatterns } from '../../common/name-patterns.ts';
import { MAX_OUTPUT_LINES } from '../../service/step-lines.ts';
import { checkPipelineId, checkSegment } from '../../service/validate.ts';

export const spec = {
  name: 'wait-for-build',
  inputs: [
    'pipeline-id',
    'build-num',
    'revision',
    'branch',
    'workflow',
    'job',
    'appear-timeout-minutes',
    'settle-seconds',
    'wait-timeout-minutes',
    'poll-interval-seconds',
    'allowed-outcomes',
    'failure-log-lines',
    'if-no-builds',
  ],
  outputs: ['build-num', 'build-url', 'outcome', 'builds', 'failed-step'],
} as const satisfies ActionSpec;

/** Reads and checks every input of the action's own before anything is sent: what the gate needs. */
function readInputs(ctx: ActionContext) {
  const { inputs } = ctx;
  const pipelineIdText = inputs.optional('pipeline-id');
  const pipelineId = pipelineIdText && checkPipelineId('pipeline-id', pipelineIdText);
  // As with build-num: the one pipeline named decides, and the other ways of naming builds are said unused.
  if (pipelineId !== undefined) warnUnused(ctx, 'pipeline-id', ['build-num', 'revision', 'branch']);
  const byCommit = pipelineId === undefined;
  const buildNum = byCommit ? inputs.integer('build-num', 1, Number.MAX_SAFE_INTEGER) : undefined;
  const givenRevision = byCommit ? inputs.optional('revision') : undefined;
  const branch = byCommit ? inputs.optional('branch') : undefined;
  if (branch !== undefined) checkSegment('branch', branch);
  const read = {
    workflows: compileNamePatterns('workflow', inputs.lines('workflow')),
    jobs: compileNamePatterns('job', inputs.lines('job')),
    appearMs: waitMs(inputs, 'appear-timeout-minutes', 10),
    settleMs: inputs.integer('settle-seconds', 0, 3600, 30) * 1000,
    timeoutMs: waitMs(inputs, 'wait-timeout-minutes', 60),
    intervalMs: pollIntervalMs(inputs),
    policy: readOutcomePolicy(inputs),
    failureLogLines: inputs.integer('failure-log-lines', 0, MAX_OUTPUT_LINES, 50),
    ifNoBuilds: readIfNothing(inputs, 'if-no-builds', 'fail'),
  };

  let revision = '';
  if (buildNum !== undefined) warnUnused(ctx, 'build-num', ['revision', 'workflow', 'job']);
  else if (byCommit && !branchNamesCommit(ctx.env, givenRevision, branch))
    revision = readRevision(givenRevision, ctx.env, 'build-num');
  return {
    ...definedOnly({ pipelineId, buildNum }),
    query: { revision, ...definedOnly({ branch }) },
    ...read,
    named: read.jobs.filter((p) => p.named),
  };
}

/** Warns that the inputs of `names` that are given are not used, because `because` is given. */
function warnUnused(ctx: Pick<ActionContext, 'inputs' | 'io'>, because: string, names: string[]): void {
  const given = names.filter((name) => ctx.inputs.optional(name) !== undefined);
  if (given.length > 0)
    ctx.io.warning(`${because} is given, so ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} not used`);
}

/** Fails the step unless the builds of a commit, of one pipeline, or one build by number end with an allowed
 *  outcome; it never cancels them, as they are not the step's own. */
export async function waitForBuild(ctx: ActionContext): Promise<void> {
  const { pipelineId, ...input } = readInputs(ctx);
  const started = ctx.clock.now();
  const deadline = started + input.timeoutMs;
  const connection = connectUntil(ctx, deadline);
  if (pipelineId === undefined) {
    await gateBuilds(ctx, connection.service, input, { started, deadline });
    return;
  }
  const pipeline = await connection.service.pipeline(pipelineId);
  // Its link, as a notice, shows on the run's page; builds found by commit or number have no one pipeline to link.
  ctx.io.notice(`Pipeline #${pipeline.number}: ${pipelineUrl(connection, pipeline)}`);
  const times = { settleMs: input.settleMs, emptyMs: input.appearMs };
  const { service, source } = pipelineSource(ctx, connection, pipeline, times, 'pipeline-id');
  const label = `pipeline #${pipeline.number}${scopeOf(input).replace(/^the newest commit/u, '')}`;
  await gateBuilds(ctx, service, { ...input, source, label }, { started, deadline });
}

/** Runs the action: src/actions/bundle.js calls it on the runner, and GitHub's local-action on a workstation. */
export function run(): Promise<void> {
  return runAction(spec, waitForBuild);
}
