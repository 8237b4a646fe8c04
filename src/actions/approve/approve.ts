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
import { poll, WAIT_LIMITS, WaitError } from '../../runner/poll.ts';
import { runAction, type ActionContext, type ActionSpec } from '../../runner/run.ts';
import { headerRow } from '../../runner/summary.ts';
import { htmlSafe } from '../../runner/text.ts';
import { commentsOnPullRequest, workflowRevision } from '../../runner/workflow.ts';

export const spec = {
  name: 'approve',
  inputs: ['pipeline-id', 'revision', 'branch', 'job', 'wait-for-hold-minutes', 'poll-interval-seconds'],
  outputs: ['approved', 'count'],
} as const satisfies ActionSpec;

/** Pipelines of the project read at most to find a commit's newest one. */
const MAX_PIPELINES = 100;

/** Times one approval is sent at most, each after the job list showed it still on hold. */
const MAX_APPROVE_ATTEMPTS = 3;

interface ApproveInputs {
  pipelineId?: string;
  /** A lower-case commit or prefix; '' for the newest pipeline of `branch` (a comment on a pull request). */
  revision: string;
  branch?: string;
  jobs: NamePattern[];
  waitMs: number;
  intervalMs: number;
}

/** An approval job of the pipeline as one look saw it. */
interface Approval {
  workflow: string;
  workflowId: string;
  job: string;
  status: string;
  requestId: string;
  chosen: boolean;
}

/** One row of the `approved` output. */
interface Approved {
  workflow: string;
  job: string;
  approval_request_id: string;
}

/** Reads and checks every input of the action's own before anything is sent. */
export function readInputs(ctx: ActionContext): ApproveInputs {
  const { inputs } = ctx;
  const pipelineIdText = inputs.optional('pipeline-id');
  const givenRevision = inputs.optional('revision');
  const branch = inputs.optional('branch');
  const jobs = compileNamePatterns('job', inputs.lines('job'));
  const waitMinutes = inputs.integer('wait-for-hold-minutes', 0, WAIT_LIMITS.timeoutMinutes.max, 10);
  const pollSeconds = inputs.integer(
    'poll-interval-seconds',
    WAIT_LIMITS.pollSeconds.min,
    WAIT_LIMITS.pollSeconds.max,
    15,
  );
  const timing = { jobs, waitMs: waitMinutes * 60_000, intervalMs: pollSeconds * 1000 };
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
    return { pipelineId: checkPipelineId('pipeline-id', pipelineIdText), revision: '', ...timing };
  }
  if (branch !== undefined) checkSegment('branch', branch);
  const withBranch = definedOnly({ branch });
  // On a comment, a branch given alone names the commit through its newest pipeline, as in wait-for-build.
  if (givenRevision === undefined && branch !== undefined && commentsOnPullRequest(ctx.env))
    return { revision: '', ...withBranch, ...timing };
  const raw = givenRevision ?? workflowRevision(ctx.env);
  if (raw === undefined) {
    throw new ValidationError(
      'revision',
      'a value is required when GITHUB_SHA is not set (or give pipeline-id)',
      undefined,
      'missing',
    );
  }
  if (!/^[0-9a-f]{7,40}$/i.test(raw))
    throw new ValidationError('revision', 'allowed: a commit SHA, or a prefix of at least 7 hex digits', raw);
  return { revision: raw.toLowerCase(), ...withBranch, ...timing };
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
  const approved: Approved[] = [];

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
          input.pipelineId !== undefined && pipeline !== undefined
            ? pipeline
            : await findPipeline(pipelines, project, input);
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
              `${formatDuration(input.waitMs)}${why}; ${describeApprovals(seen)}`,
      );
    }
    if (result.value.length === 0) {
      ctx.info(
        `Nothing to approve: every ${chosen} of pipeline #${pipeline?.number ?? ''} was already approved ` +
          `(${seen
            .filter((a) => a.chosen)
            .map((a) => `${a.job} of workflow ${a.workflow}`)
            .join(', ')})`,
      );
    }
    for (const hold of result.value) {
      await approveOnce(ctx, pipelines, hold);
      approved.push({ workflow: hold.workflow, job: hold.job, approval_request_id: hold.requestId });
      ctx.info(`Approved ${hold.job} of workflow ${hold.workflow}`);
    }
  } finally {
    // What was approved is reported even when a later approval fails.
    ctx.setOutput('approved', approved);
    ctx.setOutput('count', approved.length);
    if (approved.length > 0) {
      await ctx.io.summary
        .addHeading(`Approved in pipeline #${pipeline?.number ?? ''} of the service`, 3)
        .addRaw(
          "The service records the token's user as the approver; a GitHub environment's reviewer is recorded by GitHub.",
          true,
        )
        .addTable([
          headerRow('Workflow', 'Approval job'),
          ...approved.map((a) => [htmlSafe(a.workflow), htmlSafe(a.job)]),
        ])
        .write();
    }
  }
}

/** The pipeline named, or the newest of the commit (on the branch when given). */
async function findPipeline(
  pipelines: Pipelines,
  project: Parameters<Pipelines['newestPipeline']>[0],
  input: ApproveInputs,
): Promise<Pipeline | undefined> {
  if (input.pipelineId !== undefined) return pipelines.pipeline(input.pipelineId);
  return pipelines.newestPipeline(
    project,
    { ...definedOnly({ branch: input.branch }), max: MAX_PIPELINES },
    (p) => (p.vcs?.revision ?? '').toLowerCase().startsWith(input.revision),
  );
}

/** Every approval job of the pipeline's workflows, marked when the patterns choose it. */
async function approvalsOf(
  pipelines: Pipelines,
  pipelineId: string,
  patterns: readonly NamePattern[],
): Promise<Approval[]> {
  const approvals: Approval[] = [];
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
  const { workflowId, requestId } = hold;
  const what = `${hold.job} of workflow ${hold.workflow}`;
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

/** `hold of workflow deploy: blocked; ...`, or that there is none. */
function describeApprovals(approvals: readonly Approval[]): string {
  if (approvals.length === 0) return 'the pipeline has no approval job';
  return `its approval jobs: ${approvals
    .map((a) => `${a.job} of workflow ${a.workflow}: ${a.status}`)
    .join('; ')}`;
}

/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
export function run(): Promise<void> {
  return runAction(spec, approve);
}
