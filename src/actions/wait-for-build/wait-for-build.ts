import {
  gateBuilds,
  gatePipeline,
  pipelineSource,
  readIfNoBuilds,
  type BuildSource,
  type GateInputs,
} from '../../runner/gate.ts';
import { jobReader } from '../../api/pipeline-builds.ts';
import { isFinished } from '../../api/records.ts';
import { scopeOf } from '../../runner/wait-loops.ts';
import { Pipelines, ProjectsV2 } from '../../api/pipelines.ts';
import { readOutcomePolicy } from '../../runner/outcomes.ts';
import { untilDeadline, WAIT_LIMITS } from '../../runner/poll.ts';
import { runAction, type ActionContext, type ActionSpec } from '../../runner/run.ts';
import { commentsOnPullRequest, workflowRevision } from '../../runner/workflow.ts';
import { ValidationError } from '../../api/errors.ts';
import { compileNamePatterns } from '../../api/name-patterns.ts';
import { MAX_OUTPUT_LINES } from '../../api/step-output.ts';
import { checkInteger, checkPipelineId, checkSegment } from '../../api/validate.ts';

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
    'timeout-minutes',
    'poll-interval-seconds',
    'allowed-outcomes',
    'failure-log-lines',
    'if-no-builds',
  ],
  outputs: ['build-num', 'build-url', 'outcome', 'builds', 'failed-step'],
} as const satisfies ActionSpec;

/** Input ranges: the waiting actions' own, and how long a commit's builds may take to settle. */
export const LIMITS = {
  ...WAIT_LIMITS,
  settleSeconds: { min: 0, max: 3600 },
} as const;

/** The action's own inputs, read and checked: what the gate needs, and nothing of another action's. */
export type WaitInputs = Omit<GateInputs, 'source' | 'label'> & { pipelineId?: string };

/** Reads and checks every input of the action's own before anything is sent. */
export function readInputs(ctx: ActionContext): WaitInputs {
  const { inputs } = ctx;
  const pipelineIdText = inputs.optional('pipeline-id');
  let buildNumText = inputs.optional('build-num');
  let givenRevision = inputs.optional('revision');
  let branch = inputs.optional('branch');
  const pipelineId =
    pipelineIdText === undefined ? undefined : checkPipelineId('pipeline-id', pipelineIdText);
  const also = [buildNumText && 'build-num', givenRevision && 'revision', branch && 'branch'].filter(Boolean);
  if (pipelineId !== undefined && also.length > 0) {
    // As with build-num: the one pipeline named decides, and the other ways of naming builds are said unused.
    ctx.io.warning(`pipeline-id is given, so ${also.join(', ')} ${also.length > 1 ? 'are' : 'is'} not used`);
    buildNumText = givenRevision = branch = undefined;
  }
  const buildNum =
    buildNumText === undefined
      ? undefined
      : checkInteger('build-num', buildNumText, 1, Number.MAX_SAFE_INTEGER);
  if (branch !== undefined) checkSegment('branch', branch);
  const workflows = compileNamePatterns('workflow', inputs.lines('workflow'));
  const jobs = compileNamePatterns('job', inputs.lines('job'));
  const appearMinutes = inputs.integer(
    'appear-timeout-minutes',
    LIMITS.timeoutMinutes.min,
    LIMITS.timeoutMinutes.max,
    10,
  );
  const settleSeconds = inputs.integer(
    'settle-seconds',
    LIMITS.settleSeconds.min,
    LIMITS.settleSeconds.max,
    30,
  );
  const timeoutMinutes = inputs.integer(
    'timeout-minutes',
    LIMITS.timeoutMinutes.min,
    LIMITS.timeoutMinutes.max,
    60,
  );
  const pollSeconds = inputs.integer(
    'poll-interval-seconds',
    LIMITS.pollSeconds.min,
    LIMITS.pollSeconds.max,
    15,
  );
  const policy = readOutcomePolicy(inputs);
  const failureLogLines = inputs.integer('failure-log-lines', 0, MAX_OUTPUT_LINES, 50);
  const ifNoBuilds = readIfNoBuilds(inputs);

  let revision = '';
  // On a comment, a branch given alone names the commit through its newest build.
  const fromBranch =
    buildNum === undefined &&
    givenRevision === undefined &&
    branch !== undefined &&
    commentsOnPullRequest(ctx.env);
  if (pipelineId === undefined && buildNum === undefined && !fromBranch) {
    const raw = givenRevision ?? workflowRevision(ctx.env);
    if (raw === undefined) {
      throw new ValidationError(
        'revision',
        'a value is required when GITHUB_SHA is not set (or give build-num)',
        undefined,
        'missing',
      );
    }
    if (!/^[0-9a-f]{7,40}$/i.test(raw)) {
      throw new ValidationError(
        'revision',
        'allowed: a commit SHA, or a prefix of at least 7 hex digits',
        raw,
      );
    }
    revision = raw.toLowerCase();
  } else if (buildNum !== undefined) {
    const unused = (['revision', 'workflow', 'job'] as const).filter(
      (name) => inputs.optional(name) !== undefined,
    );
    if (unused.length > 0) {
      ctx.io.warning(
        `build-num is given, so ${unused.join(', ')} ${unused.length > 1 ? 'are' : 'is'} not used`,
      );
    }
  }
  return {
    ...(pipelineId === undefined ? {} : { pipelineId }),
    ...(buildNum === undefined ? {} : { buildNum }),
    query: { revision, ...(branch === undefined ? {} : { branch }) },
    workflows,
    jobs,
    named: jobs.filter((p) => p.named),
    ifNoBuilds,
    appearMs: appearMinutes * 60_000,
    settleMs: settleSeconds * 1000,
    timeoutMs: timeoutMinutes * 60_000,
    intervalMs: pollSeconds * 1000,
    policy,
    failureLogLines,
  };
}

/**
 * Waits until the builds of a commit, of one pipeline, or one build by number have ended, and fails the step unless
 * each ended with an allowed outcome. It never cancels a build: they are not the step's own.
 */
export async function waitForBuild(ctx: ActionContext): Promise<void> {
  const { pipelineId, ...input } = readInputs(ctx);
  const started = ctx.clock.now();
  const deadline = started + input.timeoutMs;
  // A project named by its slug is reached through v2 in every mode (docs/v2.md).
  const connection = ctx.connect({
    deadline,
    signal: untilDeadline(ctx.signal, ctx.clock, deadline),
    acceptSlug: true,
  });
  const { project } = connection;
  if (pipelineId === undefined && 'slug' in project && input.buildNum !== undefined) {
    // Its job, by number, is read through v2 job details look after look, as a source of one build.
    const { buildNum: num, ...rest } = input;
    const read = jobReader(connection.client, new ProjectsV2(connection.transport), project);
    const source: BuildSource = {
      look: async () => {
        const build = await read(num);
        return { builds: [build], truncated: false, complete: isFinished(build) };
      },
    };
    const label = `job #${num}`;
    const one = { ...rest, workflows: [], jobs: [], named: [], source, label };
    await gateBuilds(ctx, connection, one, { started, deadline });
    return;
  }
  if (pipelineId === undefined) {
    await gateBuilds(ctx, connection, input, { started, deadline });
    return;
  }
  const pipeline = await new Pipelines(connection.transport).pipeline(pipelineId);
  const source = pipelineSource(ctx, connection, pipeline, {
    settleMs: input.settleMs,
    emptyMs: input.appearMs,
  });
  const scope = scopeOf(input).replace(/^the newest commit/u, '');
  await gatePipeline(
    ctx,
    connection,
    { ...input, source, label: `pipeline #${pipeline.number}${scope}` },
    { started, deadline },
  );
}

/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
export function run(): Promise<void> {
  return runAction(spec, waitForBuild);
}
