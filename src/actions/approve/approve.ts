import { formatDuration } from '../../api/format.ts';
import { UnusableAnswerError, ValidationError } from '../../api/errors.ts';
import {
  choosesName,
  compileNamePatterns,
  describePatterns,
  type NamePattern,
} from '../../api/name-patterns.ts';
import { isAmbiguous } from '../../api/retry.ts';
import { Pipelines, type Pipeline } from '../../api/pipelines.ts';
import { definedOnly } from '../../api/records.ts';
import { checkPipelineId, checkSegment } from '../../api/validate.ts';
import { poll, WaitError } from '../../runner/poll.ts';
import { runAction, type ActionContext, type ActionSpec } from '../../runner/run.ts';
import { appendSummary, headerRow } from '../../runner/summary.ts';
import { htmlSafe } from '../../runner/text.ts';
import { pollIntervalMs, readRevision, waitMs } from '../../runner/wait-inputs.ts';
import { commentsOnPullRequest } from '../../runner/workflow.ts';

export const spec = {
  name: 'approve',
  inputs: ['pipeline-id', 'revision', 'branch', 'job', 'wait-for-hold-minutes', 'poll-interval-seconds'],
  outputs: ['approved', 'count'],
} as const satisfies ActionSpec;

/** Pipelines of the project read at most to find a commit's newest one. */
const MAX_PIPELINES = 100;

/** Times one approval is sent at most, each after the job list showed it still on hold. */
const MAX_APPROVE_ATTEMPTS = 3;

/** An approval job of the pipeline as one look saw it. */
type Approval = Awaited<ReturnType<typeof approvalsOf>>[number];

/**
 * Reads and checks every input of the action's own before anything is sent; `revision` is a lower-case commit or
 * prefix, or '' for the newest pipeline of `branch` (a comment on a pull request).
 */
function readInputs(ctx: ActionContext) {
  const { inputs } = ctx;
  const pipelineIdText = inputs.optional('pipeline-id');
  const givenRevision = inputs.optional('revision');
  const branch = inputs.optional('branch');
  const input = {
    jobs: compileNamePatterns('job', inputs.lines('job')),
    waitMs: waitMs(inputs, 'wait-for-hold-minutes', 10, 0),
    intervalMs: pollIntervalMs(inputs),
    branch,
    revision: '',
    pipelineId: undefined as string | undefined,
  };
  if (pipelineIdText !== undefined) {
    const also = [givenRevision && 'revision', branch && 'branch'].filter(Boolean).join(' and ');
    if (also !== '') {
      throw new ValidationError(
        'pipeline-id',
        'give pipeline-id, or else revision and branch, not both',
        undefined,
        `${also} ${also.includes(' and ') ? 'are' : 'is'} given too`,
      );
    }
    return { ...input, pipelineId: checkPipelineId('pipeline-id', pipelineIdText) };
  }
  if (branch !== undefined) checkSegment('branch', branch);
  // On a comment, a branch given alone names the commit through its newest pipeline, as in wait-for-build.
  if (givenRevision === undefined && branch !== undefined && commentsOnPullRequest(ctx.env)) return input;
  return { ...input, revision: readRevision(givenRevision, ctx.env, 'pipeline-id') };
}

/** Approves the chosen jobs on hold in one pipeline, once a matching one comes on hold. */
export async function approve(ctx: ActionContext): Promise<void> {
  const input = readInputs(ctx);
  // A pipeline's and a workflow's calls name no project: with pipeline-id none is needed.
  const { project, transport } = ctx.connect({
    needsProject: input.pipelineId === undefined,
    acceptSlug: true,
  });
  const pipelines = new Pipelines(transport);
  const started = ctx.clock.now();
  const commit =
    (input.revision === '' ? 'the branch' : `commit ${input.revision}`) +
    (input.branch === undefined ? '' : ` on branch ${input.branch}`);
  const chosen =
    input.jobs.length === 0 ? 'approval job' : `approval job matching ${describePatterns(input.jobs)}`;
  let pipeline: Pipeline | undefined;
  let seen: Approval[] = [];
  const approved: { workflow: string; job: string; approval_request_id: string }[] = [];

  try {
    const result = await poll(
      {
        clock: ctx.clock,
        signal: ctx.signal,
        intervalMs: input.intervalMs,
        deadline: started + input.waitMs,
        onHeartbeat: (state) =>
          ctx.info(`Still waiting for an ${chosen} on hold (${formatDuration(state.elapsedMs)})`),
        onFailure: (error, state) =>
          ctx.io.warning(`${error.message}; looking again in ${formatDuration(state.nextInMs)}`),
      },
      async () => {
        // A pipeline named by id is read once; a commit's newest may change from one look to the next.
        const found =
          input.pipelineId === undefined
            ? await pipelines.newestPipeline(
                project,
                { ...definedOnly({ branch: input.branch }), max: MAX_PIPELINES },
                (p) => (p.vcs?.revision ?? '').toLowerCase().startsWith(input.revision),
              )
            : (pipeline ?? (await pipelines.pipeline(input.pipelineId)));
        if (found === undefined) return { done: false };
        if (found.id !== pipeline?.id) {
          pipeline = found;
          ctx.info(
            `Pipeline #${found.number} (${found.id})${input.pipelineId === undefined ? ` of ${commit}` : ''}`,
          );
        }
        seen = await approvalsOf(pipelines, found.id, input.jobs);
        const chosenJobs = seen.filter((a) => a.chosen);
        const onHold = chosenJobs.filter((a) => a.status === 'on_hold');
        if (onHold.length > 0) return { done: true, value: onHold };
        if (chosenJobs.length > 0 && chosenJobs.every((a) => a.status === 'success'))
          return { done: true, value: [] };
        return { done: false };
      },
    );
    if (!result.done) {
      const why = result.error === undefined ? '' : ` (${result.error.message})`;
      throw new WaitError(
        pipeline === undefined
          ? `No pipeline of ${commit} was found within ${formatDuration(input.waitMs)} among the project's ` +
              `${MAX_PIPELINES} newest pipelines${why}`
          : `No ${chosen} came on hold in pipeline #${pipeline.number} within ` +
              `${formatDuration(input.waitMs)}${why}; ` +
              (seen.length === 0
                ? 'the pipeline has no approval job'
                : `its approval jobs: ${seen.map((a) => `${a.name}: ${a.status}`).join('; ')}`),
      );
    }
    if (result.value.length === 0) {
      ctx.info(
        `Nothing to approve: every ${chosen} of pipeline #${pipeline?.number ?? ''} was already approved ` +
          `(${seen.flatMap((a) => (a.chosen ? [a.name] : [])).join(', ')})`,
      );
    }
    for (const hold of result.value) {
      await approveOnce(ctx, pipelines, hold);
      approved.push({ workflow: hold.workflow, job: hold.job, approval_request_id: hold.requestId });
      ctx.info(`Approved ${hold.name}`);
    }
  } finally {
    // What was approved is reported even when a later approval fails.
    ctx.setOutput('approved', approved);
    ctx.setOutput('count', approved.length);
    if (approved.length > 0) {
      ctx.io.summary
        .addHeading(`Approved in pipeline #${pipeline?.number ?? ''} of the service`, 3)
        .addRaw(
          "The service records the token's user as the approver; a GitHub environment's reviewer is recorded by GitHub.",
          true,
        )
        .addTable([
          headerRow('Workflow', 'Approval job'),
          ...approved.map((a) => [htmlSafe(a.workflow), htmlSafe(a.job)]),
        ]);
      // appendSummary writes what the summary holds, and a failed write is a warning.
      await appendSummary(ctx.io, '');
    }
  }
}

/** Every approval job of the pipeline's workflows, marked when the patterns choose it. */
async function approvalsOf(pipelines: Pipelines, pipelineId: string, patterns: readonly NamePattern[]) {
  const approvals = [];
  for (const workflow of await pipelines.workflows(pipelineId)) {
    for (const job of await pipelines.jobs(workflow.id)) {
      if (job.type !== 'approval') continue;
      // Approving names the request: a hold without one could never be released by this step.
      if (job.status === 'on_hold' && typeof job.approval_request_id !== 'string')
        throw new UnusableAnswerError(
          'GET',
          `v2 /workflow/${workflow.id}/job`,
          `${job.name} names no approval_request_id`,
        );
      approvals.push({
        name: `${job.name} of workflow ${workflow.name}`,
        workflow: workflow.name,
        workflowId: workflow.id,
        job: job.name,
        status: job.status,
        requestId: job.approval_request_id ?? '',
        chosen: choosesName(patterns, job.name),
      });
    }
  }
  return approvals;
}

/**
 * Sends one approval. After a failure that leaves open whether it arrived, the workflow's jobs are read again:
 * it is sent again only while the job is still on hold (docs/promises.md, promise 1).
 */
async function approveOnce(ctx: ActionContext, pipelines: Pipelines, hold: Approval): Promise<void> {
  const { workflowId, requestId, name: what } = hold;
  for (let attempt = 1; ; attempt++) {
    try {
      await pipelines.approve(workflowId, requestId);
      return;
    } catch (error) {
      if (!isAmbiguous(error) || attempt >= MAX_APPROVE_ATTEMPTS) throw error;
      const job = (await pipelines.jobs(workflowId)).find((j) => j.approval_request_id === requestId);
      if (job?.status === 'success') return;
      if (job?.status !== 'on_hold') {
        throw new WaitError(`${error.message}; ${what} is now ${job?.status ?? 'gone'}, not approved`, {
          cause: error,
        });
      }
      ctx.io.warning(`${error.message}; ${what} is still on hold, so its approval is sent again`);
    }
  }
}

/** Runs the action: src/actions/bundle.js calls it on the runner, and GitHub's local-action on a workstation. */
export function run(): Promise<void> {
  return runAction(spec, approve);
}
