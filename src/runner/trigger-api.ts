// Which API starts and reruns builds (input `trigger-api`, docs/sunset.md), for trigger-build and the general
// action: a pipeline of API v2 first (the only trigger that runs today's configurations), v1.1 when the inputs need
// it or v2 has none; reruns through v1.1 while it works, then a workflow rerun.
import type { ProjectAddress, TriggerOptions, TriggerResult } from '../service/v1.ts';
import { UserFacingError, ValidationError } from '../common/errors.ts';
import { checkPipelineParams } from '../service/validate.ts';
import {
  NoPipelineTriggerError,
  projectSlug,
  type Pipeline,
  type Pipelines,
  type Triggered,
} from '../service/v2.ts';
import { jobOfBuild, type Job } from '../service/model.ts';
import { openService } from '../service/service.ts';
import { definedOnly, type Build } from '../service/records.ts';
import { PipelineErroredError } from '../service/pipeline-builds.ts';
import { GoneError } from '../service/http/sunset.ts';
import type { Inputs } from './inputs.ts';
import type { ActionContext, Connection } from './run.ts';
import { logSafe, shellSafeUrl } from './text.ts';
import { formatDuration } from '../common/format.ts';
import { PENDING_PIPELINE_STATES, pipelineErrors } from '../service/v2-records.ts';

export type TriggerApi = 'auto' | 'v1.1' | 'v2';

export function readTriggerApi(inputs: Inputs): TriggerApi {
  return inputs.oneOf('trigger-api', ['auto', 'v1.1', 'v2'] as const, 'auto');
}

/** What v2 cannot take: `revision` and `parallel` (a pipeline builds the head of a branch, or a tag). */
function withoutV2Form(request: TriggerOptions): string[] {
  return (['revision', 'parallel'] as const).filter((input) => request[input] !== undefined);
}

const NO_V2_FORM =
  'API v2 has no such input: a pipeline builds the head of a branch (or a tag) and its configuration sets the ' +
  'parallelism; to gate on a commit, use wait-for-build';

const V1_SINGLE_JOB =
  'the v1.1 trigger runs a single job of a pipeline configuration (version 2.1), not its workflows, and stops ' +
  'on 2027-02-01';

/** A trigger's request: the v1.1 fields, and the pipeline definition only `pipeline/run` takes. */
export type TriggerRequest = TriggerOptions & { definitionId?: string };

// Inputs that do not go together are a mistake found before anything is sent: with `trigger-api: v2` or a
// project named by its slug (which only API v2 reaches), one v2 cannot take; with `definition-id`, v1.1's.
export function checkTriggerInputs(api: TriggerApi, request: TriggerRequest, slug = false): void {
  if (slug && api === 'v1.1')
    throw new ValidationError(
      'trigger-api',
      "allowed with project-slug: 'v2' or 'auto' (a project named by its slug has only API v2)",
      api,
    );
  const [input] = withoutV2Form(request);
  if (request.definitionId !== undefined && (input !== undefined || api === 'v1.1')) {
    throw new ValidationError(
      'definition-id',
      `leave it out with ${input ?? 'trigger-api: v1.1'}: only a pipeline (API v2) runs a definition`,
      undefined,
      'not used',
    );
  }
  // The v2 trigger's limits, before anything is sent; a build of v1.1 has none.
  const toV2 = slug || api === 'v2' || (api === 'auto' && input === undefined);
  if (toV2 && request.params !== undefined) checkPipelineParams('params', request.params);
  if ((api === 'v2' || slug) && input !== undefined) {
    throw new ValidationError(
      input,
      `leave it out with ${slug ? 'project-slug' : 'trigger-api: v2'}. ${NO_V2_FORM}`,
      undefined,
      'not used',
    );
  }
}

export type Started =
  | { api: 'v1.1'; result: TriggerResult; job: Job }
  | { api: 'v2'; pipeline: Pipeline; recoveredAfter?: string }
  | { api: 'none'; message: string };

/** Starts a pipeline through v2, or a build through v1.1 when `api` or the inputs say so or v2 has no trigger. */
export async function startBuild(
  connection: Connection<ProjectAddress>,
  api: TriggerApi,
  request: TriggerRequest,
): Promise<Started> {
  const service = openService(connection);
  const v1 = service.triple && { ...connection, project: service.triple };
  checkTriggerInputs(api, request, v1 === undefined);
  const log = connection.transport.log.bind(connection.transport);
  const unsent = withoutV2Form(request).join(' and ');
  if (v1 !== undefined && api === 'v1.1') return startV1(v1, api, request);
  if (v1 !== undefined && api === 'auto' && unsent !== '') {
    // The runner already warns of the input through its deprecationMessage (action.yml): said once, not twice.
    log('info', `${unsent} given, so the build is triggered through v1.1: ${V1_SINGLE_JOB}`);
    return startV1(v1, api, request);
  }
  let answer: Triggered;
  try {
    const { tag, params: parameters, definitionId } = request;
    answer = await service.triggerPipeline({
      ...(tag === undefined ? { branch: request.branch } : { tag }),
      ...definedOnly({ parameters, definitionId }),
    });
  } catch (error) {
    if (api === 'v2' || v1 === undefined || !(error instanceof NoPipelineTriggerError)) throw error;
    const why = error.projectNotFound
      ? 'API v2 does not know the project: a project token works only on v1.1, and pipelines need a personal ' +
        'token (or the project slug is wrong)'
      : 'this installation has no pipeline trigger of API v2';
    const started = await startV1(v1, 'v1.1', request).catch((then: Error) => {
      throw new TriggerFailedError(`No trigger worked: ${error.message}; then ${then.message}`, {
        cause: then,
      });
    });
    log('warning', `${why} (${error.message}); triggered through v1.1 instead: ${V1_SINGLE_JOB}`);
    return started;
  }
  return answer.triggered ? { api: 'v2', ...answer } : { api: 'none', message: answer.message };
}

/** How long a triggered pipeline may stay in its pending states before the step goes on without knowing. */
const SETUP_WAIT_MS = 60_000;

// Reads a triggered pipeline until it leaves the pending states, as a 201 may say `created` before its configuration
// was compiled: an errored pipeline fails; one still pending at the end is said, and the step goes on.
export async function confirmPipeline(
  ctx: Pick<ActionContext, 'clock' | 'signal' | 'io'>,
  pipelines: Pick<Pipelines, 'pipeline'>,
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

// The web app's address of a pipeline (docs/sunset.md): `{web}/pipelines/{slug}/{number}`, `{web}` being the
// origin of a job's address once one is known, else the root of `base-url` with its path prefix; built from
// checked parts only.
export function pipelineUrl(
  connection: Connection<ProjectAddress>,
  pipeline: Pipeline,
  jobUrl?: string | null,
): string {
  const job = jobUrl === undefined || jobUrl === null ? null : URL.parse(jobUrl);
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

async function startV1(connection: Connection, api: TriggerApi, request: TriggerOptions): Promise<Started> {
  try {
    const result = await connection.client.trigger(connection.project, request);
    return { api: 'v1.1', result, job: jobOfBuild(result.build) };
  } catch (error) {
    if (api === 'v1.1' || !(error instanceof GoneError)) throw error;
    const unsent = withoutV2Form(request);
    const given = `${unsent.join(' and ')} ${unsent.length > 1 ? 'are' : 'is'} given`;
    throw new TriggerFailedError(
      `${error.message}. A pipeline (API v2) cannot be started instead, because ${given}: ${NO_V2_FORM}`,
    );
  }
}

/** No form of the trigger or the rerun could do what was asked (every one failed, or v2 has no such form). */
class TriggerFailedError extends UserFacingError {
  override name = 'TriggerFailedError';
}

type Rerun = { api: 'v1.1'; build: Build } | { api: 'v2'; rerun: { workflow_id: string }; of: Build };

// Reruns a build: v1.1 retry, or (with `v2`, or `auto` after a 410) its job through its workflow's v2 rerun,
// which needs the build's workflow and job ids from its v1.1 record.
export async function rerunBuild(
  connection: Connection,
  api: TriggerApi,
  buildNum: number,
  options: { ssh: boolean; noCache?: boolean },
): Promise<Rerun> {
  const { client, project } = connection;
  if (api !== 'v2') {
    try {
      const build = await client.retry(project, buildNum, options);
      return { api: 'v1.1', build };
    } catch (error) {
      if (api === 'v1.1' || !(error instanceof GoneError)) throw error;
      if (options.noCache) throw new TriggerFailedError(`${error.message}. ${NO_CACHE_RERUN}`);
      connection.transport.log('info', `${error.message}; rerunning the job through its workflow (API v2)`);
    }
  } else if (options.noCache) {
    throw new ValidationError(
      'command',
      `retry-no-cache with trigger-api: v2 is not possible. ${NO_CACHE_RERUN}`,
    );
  }
  const build = await client.build(project, buildNum);
  const { workflow_id: workflowId, job_id: jobId } = build.workflows ?? {};
  if (typeof workflowId !== 'string' || typeof jobId !== 'string') {
    throw new TriggerFailedError(
      `Build #${buildNum} belongs to no workflow (it ran on the old build system): API v2 reruns only jobs of ` +
        `workflows, and the v1.1 retry ${api === 'v2' ? 'was not asked for (trigger-api: v2)' : 'is gone'}`,
    );
  }
  const rerun = await openService(connection).rerunWorkflow(workflowId, {
    jobs: [jobId],
    enableSsh: options.ssh,
  });
  return { api: 'v2', rerun, of: build };
}

const NO_CACHE_RERUN =
  'API v2 has no rerun without cache: use command: retry (a workflow rerun), and clear the cache first with ' +
  'command: clear-cache if needed';

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
