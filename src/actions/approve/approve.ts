import { cut, formatDuration, plural } from '../../common/format.ts';
import { ValidationError } from '../../common/errors.ts';
import { isForkBranch } from '../../service/forks.ts';
import { choosesName, compileNamePatterns, describePatterns } from '../../common/name-patterns.ts';
import { isAmbiguous } from '../../service/http/retry.ts';
import type { Approval, PipelineHead } from '../../service/pipeline-calls.ts';
import { definedOnly, isOfCommit } from '../../common/values.ts';
import type { Service } from '../../service/service.ts';
import { checkPipelineId, checkSegment } from '../../service/validate.ts';
import { untilDeadline, wait, waitFailed } from '../../runner/wait.ts';
import {
  pipelineProject,
  projectInputs,
  runAction,
  type ActionContext,
  type ActionSpec,
} from '../../runner/run.ts';
import { inGroup } from '../../runner/io.ts';
import { appendSummary, headerRow, SUMMARY_ROWS } from '../../runner/summary.ts';
import { htmlSafe } from '../../runner/text.ts';
import { pollIntervalMs, readRevision, waitMs } from '../../runner/wait-inputs.ts';
import { branchNamesCommit } from '../../runner/workflow.ts';

export const spec = {
  name: 'approve',
  inputs: [
    'pipeline-id',
    'revision',
    'branch',
    'allow-forks',
    'job',
    'wait-for-hold-minutes',
    'poll-interval-seconds',
  ],
  outputs: ['approved', 'count'],
} as const satisfies ActionSpec;

/** Pipelines of the project read at most to find a commit's newest one. */
const MAX_PIPELINES = 100;

/** Times one approval is sent at most, each after the job list showed it still on hold. */
const MAX_APPROVE_ATTEMPTS = 3;

/** The time the one look of `wait-for-hold-minutes: 0` may take, and so the least any look is given. */
const ONE_LOOK_MS = 60_000;

/** The action's own inputs; `revision` is '' for the newest pipeline of `branch` (a comment on a pull request). */
function readInputs(ctx: ActionContext) {
  const { inputs } = ctx;
  const pipelineIdText = inputs.optional('pipeline-id');
  const givenRevision = inputs.optional('revision');
  const branch = inputs.optional('branch');
  const input = {
    jobs: compileNamePatterns('job', inputs.lines('job')),
    waitMs: waitMs(inputs, 'wait-for-hold-minutes', 10, 0),
    intervalMs: pollIntervalMs(inputs),
    allowForks: inputs.boolean('allow-forks', false),
    branch,
    revision: '',
    pipelineId: undefined as string | undefined,
  };
  if (pipelineIdText !== undefined) {
    const also = [givenRevision && 'revision', branch && 'branch'].filter(Boolean);
    if (also.length > 0)
      throw new ValidationError(
        'pipeline-id',
        'give pipeline-id, or else revision and branch, not both',
        undefined,
        `${also.join(' and ')} ${also.length > 1 ? 'are' : 'is'} given too`,
      );
    return { ...input, pipelineId: checkPipelineId('pipeline-id', pipelineIdText) };
  }
  if (branch !== undefined) checkSegment('branch', branch);
  if (branchNamesCommit(ctx.env, givenRevision, branch)) return input;
  return { ...input, revision: readRevision(givenRevision, ctx.env, 'pipeline-id') };
}

/** `branch main, commit 0123abc…`; a part the answer lacks is said so. */
function branchAndCommit(head: PipelineHead): string {
  const part = (value: string | null, max: number): string => (value ? cut(value, max) : '(none)');
  return `branch ${part(head.branch, 200)}, commit ${part(head.revision, 64)}`;
}

/** The commit's newest pipeline, no pull request's unless allowed (docs/promises.md, promise 36), and the newer
 *  ones of the commit passed over as a pull request's. */
async function newestOfCommit(service: Service, input: ReturnType<typeof readInputs>) {
  // A pull request's pipelines count with allow-forks, or with a branch that names one, which the user chose.
  const forks = input.allowForks || isForkBranch(input.branch);
  const ofCommit = (p: PipelineHead): boolean =>
    isOfCommit(p.revision, input.revision) && (input.branch === undefined || p.branch === input.branch);
  const wanted = (p: PipelineHead): boolean => ofCommit(p) && (forks || !p.fork);
  const list = await service.pipelineHeads(
    { ...definedOnly({ branch: input.branch }), max: MAX_PIPELINES },
    (items) => items.some(wanted),
  );
  const at = list.findIndex(wanted);
  return { found: list[at], passed: list.slice(0, at < 0 ? undefined : at).filter(ofCommit) };
}

/** Approves the chosen jobs on hold in one pipeline, once a matching one comes on hold. */
export async function approve(ctx: ActionContext): Promise<void> {
  const input = readInputs(ctx);
  const started = ctx.clock.now();
  // Every request of a look runs under the step's remaining time (docs/promises.md, promise 34); the one look of
  // `wait-for-hold-minutes: 0` is given a minute.
  const lookDeadline = started + Math.max(input.waitMs, ONE_LOOK_MS);
  // A pipeline's and a workflow's calls name no project: with pipeline-id, one is needed only to check the
  // pipeline's, when the step names one or runs in a repository.
  const needsProject =
    input.pipelineId === undefined || projectInputs(ctx).length > 0 || Boolean(ctx.env['GITHUB_REPOSITORY']);
  const connection = ctx.connect({
    needsProject,
    deadline: lookDeadline,
    signal: untilDeadline(ctx.signal, ctx.clock, lookDeadline),
  });
  const { service } = connection;
  // Holds found in time are approved even when the wait's time runs out meanwhile: only the step's end stops them.
  const approver = ctx.connect({ needsProject }).service;
  const commit =
    (input.revision === '' ? 'the branch' : `commit ${input.revision}`) +
    (input.branch === undefined ? '' : ` on branch ${input.branch}`);
  const chosen =
    input.jobs.length === 0 ? 'approval job' : `approval job matching ${describePatterns(input.jobs)}`;
  let pipeline: PipelineHead | undefined;
  let listed = false;
  let pulls = 0;
  const passedOver = new Set<string>();
  let seen: Approval[] | undefined;
  const isChosen = (a: Approval): boolean => choosesName(input.jobs, a.job);
  const approved: Approval[] = [];

  try {
    // The wait is a log group, as the gates' are; what follows it (the approvals, an error) stays outside.
    const holds = await inGroup(ctx.io, `Waiting for an ${chosen} on hold`, () =>
      wait({
        clock: ctx.clock,
        signal: ctx.signal,
        intervalMs: input.intervalMs,
        deadline: started + input.waitMs,
        log: ctx.info,
        still: (state) => `Still waiting for an ${chosen} on hold (${formatDuration(state.elapsedMs)})`,
        failed: (error, state) =>
          ctx.io.warning(`${error.message}; looking again in ${formatDuration(state.nextInMs)}`),
        unfinished: (error) => {
          const span = formatDuration(input.waitMs);
          // A look the time-out stopped part-way said nothing of what it was reading.
          const stopped =
            ctx.clock.now() < lookDeadline
              ? ''
              : input.waitMs === 0
                ? `: the one look was stopped after ${formatDuration(ONE_LOOK_MS)}, the most it may take`
                : ': the last look was stopped at the time-out';
          const why = error === undefined ? '' : ` (${error.message})`;
          const skipped =
            pulls === 0
              ? ''
              : ` (${pulls === 1 ? 'one was' : `${pulls} were`} of a pull request, passed over as allow-forks is false)`;
          return pipeline === undefined
            ? input.pipelineId !== undefined
              ? `Pipeline ${input.pipelineId} could not be read within ${span}${why}${stopped}`
              : listed
                ? `No pipeline of ${commit} was found within ${span} among the project's ${MAX_PIPELINES} newest ` +
                  `pipelines${why}${skipped}`
                : `No pipeline of ${commit} was found within ${span}${why}; the project's pipelines could not be ` +
                  `read in time${stopped}`
            : `No ${chosen} came on hold in pipeline #${pipeline.number} within ${span}${why}; ` +
                (seen === undefined
                  ? `its approval jobs could not be read in time${stopped}`
                  : seen.length === 0
                    ? 'the pipeline has no approval job'
                    : `its approval jobs: ${seen.map((a) => `${a.name}: ${a.status}`).join('; ')}`);
        },
        look: async () => {
          let found: PipelineHead | undefined;
          if (input.pipelineId !== undefined) {
            // A pipeline named by id is read once, and must be that one, of the step's project
            // (docs/promises.md, promise 35).
            found = pipeline ?? (await service.pipelineHead(input.pipelineId));
            if (pipeline === undefined && needsProject)
              pipelineProject(ctx, connection, found, 'pipeline-id', {
                leaveOut: 'approve the holds of the pipeline it names',
                said: 'it is acted on as pipeline-id names it',
              });
          } else {
            // A commit's newest may change from one look to the next.
            const newest = await newestOfCommit(service, input);
            listed = true;
            pulls = newest.passed.length;
            for (const p of newest.passed.filter(({ id }) => !passedOver.has(id))) {
              passedOver.add(p.id);
              ctx.info(
                `Pipeline #${p.number} is of a pull request (branch ${cut(p.branch ?? '(none)', 200)}), perhaps ` +
                  "a fork's; passed over, as allow-forks is false; looking at an older one",
              );
            }
            found = newest.found;
          }
          if (found === undefined) return { done: false };
          if (found.id !== pipeline?.id) {
            pipeline = found;
            seen = undefined;
            const pull = found.fork ? "; it is of a pull request, perhaps a fork's" : '';
            ctx.info(`Acting on pipeline #${found.number} (${found.id}): ${branchAndCommit(found)}${pull}`);
          }
          seen = await service.approvals(found);
          const chosenJobs = seen.filter(isChosen);
          const onHold = chosenJobs.filter((a) => a.status === 'on_hold');
          if (onHold.length > 0) return { done: true, value: onHold };
          if (chosenJobs.length > 0 && chosenJobs.every((a) => a.status === 'success'))
            return { done: true, value: [] };
          return { done: false };
        },
      }),
    );
    if (holds.length === 0)
      ctx.info(
        `Nothing to approve: every ${chosen} of pipeline #${pipeline?.number ?? ''} was already approved ` +
          `(${(seen ?? []).flatMap((a) => (isChosen(a) ? [a.name] : [])).join(', ')})`,
      );
    for (const hold of holds) {
      await approveOnce(ctx, approver, hold);
      approved.push(hold);
      ctx.info(`Approved ${hold.name}`);
    }
  } finally {
    // What was approved is reported even when a later approval fails.
    ctx.setOutput(
      'approved',
      approved.map(({ workflow, job, requestId }) => ({ workflow, job, approval_request_id: requestId })),
    );
    ctx.setOutput('count', approved.length);
    if (approved.length > 0) await writeSummary(ctx, pipeline, approved);
  }
}

/** The job summary: the holds approved, SUMMARY_ROWS at most in the table and the rest counted below it. */
async function writeSummary(ctx: ActionContext, pipeline: PipelineHead | undefined, approved: Approval[]) {
  const where = pipeline === undefined ? '' : ` (${htmlSafe(branchAndCommit(pipeline))})`;
  const rest = approved.length - SUMMARY_ROWS;
  ctx.io.summary
    .addHeading(`Approved in pipeline #${pipeline?.number ?? ''} of the service${where}`, 3)
    .addRaw(
      "The service records the token's user as the approver; a GitHub environment's reviewer is recorded by GitHub.",
      true,
    )
    .addTable([
      headerRow('Workflow', 'Approval job'),
      ...approved.slice(0, SUMMARY_ROWS).map((a) => [htmlSafe(a.workflow), htmlSafe(a.job)]),
    ]);
  if (rest > 0) ctx.io.summary.addRaw(`…and ${plural(rest, 'more approval job')} not shown.`, true);
  await appendSummary(ctx.io, '');
}

/** Sends one approval, and again after an ambiguous failure only while still on hold (docs/promises.md, promise 1). */
async function approveOnce(ctx: ActionContext, service: Service, hold: Approval): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await service.approve(hold);
      return;
    } catch (error) {
      if (!isAmbiguous(error) || attempt >= MAX_APPROVE_ATTEMPTS) throw error;
      const status = await service.approvalStatus(hold);
      if (status === 'success') return;
      if (status !== 'on_hold')
        throw waitFailed(`${error.message}; ${hold.name} is now ${status ?? 'gone'}, not approved`, error);
      ctx.io.warning(`${error.message}; ${hold.name} is still on hold, so its approval is sent again`);
    }
  }
}

export function run(): Promise<void> {
  return runAction(spec, approve);
}
