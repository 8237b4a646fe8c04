// Which API starts and reruns builds (input `trigger-api`, docs/sunset.md): v1.1 while it works, or API v2's
// pipelines and workflow reruns, which the service keeps after it removes the v1.1 calls on 2027-02-01. Shared by
// trigger-build and the general action's trigger, retry and retry-no-cache.
import type { TriggerOptions, TriggerResult } from '../api/client.ts';
import { UserFacingError, ValidationError } from '../api/errors.ts';
import { Pipelines, type Pipeline } from '../api/pipelines.ts';
import type { Build } from '../api/records.ts';
import { GoneError } from '../api/sunset.ts';
import type { Inputs } from './inputs.ts';
import type { Connection } from './run.ts';

export const TRIGGER_APIS = ['auto', 'v1.1', 'v2'] as const;
export type TriggerApi = (typeof TRIGGER_APIS)[number];

export function readTriggerApi(inputs: Inputs): TriggerApi {
  return inputs.oneOf('trigger-api', TRIGGER_APIS, 'auto');
}

/** What v2 cannot take: `revision` and `parallel` (a pipeline builds the head of a branch, or a tag). */
function withoutV2Form(request: TriggerOptions): string[] {
  return [
    ...(request.revision === undefined ? [] : ['revision']),
    ...(request.parallel === undefined ? [] : ['parallel']),
  ];
}

const NO_V2_FORM =
  'API v2 has no such input: a pipeline builds the head of a branch (or a tag) and its configuration sets the ' +
  'parallelism; to gate on a commit, use wait-for-build';

/**
 * With `trigger-api: v2`, or a project named by its slug (`slug`), which only API v2 reaches, an input v2 cannot
 * take is a mistake found before anything is sent.
 */
export function checkTriggerInputs(api: TriggerApi, request: TriggerOptions, slug = false): void {
  if (slug && api === 'v1.1')
    throw new ValidationError(
      'trigger-api',
      "allowed with project-slug: 'v2' or 'auto' (a project named by its slug has only API v2)",
      api,
    );
  const [input] = withoutV2Form(request);
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
  | { api: 'v1.1'; result: TriggerResult }
  | {
      api: 'v2';
      pipeline: Pipeline;
      /** Why it went through v2 when the user left it to `auto`. */ after?: string;
    };

/**
 * Starts a build through v1.1, or a pipeline through v2, as `api` says; with `auto`, a pipeline once the service
 * answered 410 (which started nothing, so the trigger is still sent once).
 */
export async function startBuild(
  connection: Connection,
  api: TriggerApi,
  request: TriggerOptions,
): Promise<Started> {
  checkTriggerInputs(api, request);
  let after: string | undefined;
  if (api !== 'v2') {
    try {
      return { api: 'v1.1', result: await connection.client.trigger(connection.project, request) };
    } catch (error) {
      if (api === 'v1.1' || !(error instanceof GoneError)) throw error;
      const unsent = withoutV2Form(request);
      if (unsent.length > 0) {
        throw new GoneUserError(
          `${error.message}. A pipeline (API v2) cannot be started instead, because ${unsent.join(' and ')} ` +
            `${unsent.length > 1 ? 'are' : 'is'} given: ${NO_V2_FORM}`,
        );
      }
      after = error.message;
      connection.transport.log('info', `${error.message}; triggering a pipeline through API v2 instead`);
    }
  }
  const pipeline = await new Pipelines(connection.transport).trigger(connection.project, {
    ...(request.tag === undefined ? { branch: request.branch } : { tag: request.tag }),
    ...(request.params === undefined ? {} : { parameters: request.params }),
  });
  return { api: 'v2', pipeline, ...(after === undefined ? {} : { after }) };
}

/** A 410 after which v2 cannot do what was asked. */
export class GoneUserError extends UserFacingError {
  override name = 'GoneUserError';
}

export type Rerun = { api: 'v1.1'; build: Build } | { api: 'v2'; rerun: { workflow_id: string }; of: Build };

/**
 * Reruns a build: v1.1 retry, or (with `v2`, or `auto` after a 410) its job through its workflow's v2 rerun,
 * which needs the build's workflow and job ids from its v1.1 record.
 */
export async function rerunBuild(
  connection: Connection,
  api: TriggerApi,
  buildNum: number,
  options: { ssh: boolean; noCache?: boolean },
): Promise<Rerun> {
  const { client, project } = connection;
  if (api !== 'v2') {
    try {
      const build = options.noCache
        ? await client.retryNoCache(project, buildNum)
        : await client.retry(project, buildNum, { ssh: options.ssh });
      return { api: 'v1.1', build };
    } catch (error) {
      if (api === 'v1.1' || !(error instanceof GoneError)) throw error;
      if (options.noCache) throw new GoneUserError(`${error.message}. ${NO_CACHE_RERUN}`);
      connection.transport.log('info', `${error.message}; rerunning the job through its workflow (API v2)`);
    }
  } else if (options.noCache) {
    throw new ValidationError(
      'command',
      `retry-no-cache with trigger-api: v2 is not possible. ${NO_CACHE_RERUN}`,
    );
  }
  const build = await client.build(project, buildNum);
  const workflows = build.workflows;
  const workflowId = workflows?.['workflow_id'];
  const jobId = workflows?.['job_id'];
  if (typeof workflowId !== 'string' || typeof jobId !== 'string') {
    throw new GoneUserError(
      `Build #${buildNum} belongs to no workflow (it ran on the old build system): API v2 reruns only jobs of ` +
        `workflows, and the v1.1 retry ${api === 'v2' ? 'was not asked for (trigger-api: v2)' : 'is gone'}`,
    );
  }
  const rerun = await new Pipelines(connection.transport).rerun(workflowId, {
    jobs: [jobId],
    ...(options.ssh ? { enableSsh: true } : {}),
  });
  return { api: 'v2', rerun, of: build };
}

const NO_CACHE_RERUN =
  'API v2 has no rerun without cache: use command: retry (a workflow rerun), and clear the cache first with ' +
  'command: clear-cache if needed';
