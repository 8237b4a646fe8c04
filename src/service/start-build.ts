// Which API starts and reruns builds (input `trigger-api`, docs/sunset.md): a pipeline of API v2 first (the only
// trigger that runs today's configurations), v1.1 when the inputs need it or v2 has none; reruns through v1.1 while it
// works, then a workflow rerun. A project named by its slug has v2 alone.
import { UserFacingError, ValidationError } from '../common/errors.ts';
import { GoneError } from './http/sunset.ts';
import type { Transport } from './http/transport.ts';
import { jobOfBuild, type Job } from './model.ts';
import { type Build } from './records.ts';
import { definedOnly } from '../common/values.ts';
import type { Client, ProjectAddress, ProjectRef, TriggerOptions, TriggerResult } from './v1.ts';
import type { Pipeline, V2Client } from './v2.ts';
import { NoPipelineTriggerError } from './v2-trigger.ts';
import { v1Only } from './sources.ts';
import { checkPipelineParams } from './validate.ts';

export type TriggerApi = 'auto' | 'v1.1' | 'v2';

/** A trigger's request: the v1.1 fields, and the pipeline definition only `pipeline/run` takes. */
export type TriggerRequest = TriggerOptions & { definitionId?: string };

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

const NO_CACHE_RERUN =
  'API v2 has no rerun without cache: use command: retry (a workflow rerun), and clear the cache first with ' +
  'command: clear-cache if needed';

const notUsed = (input: string, other: string): ValidationError =>
  new ValidationError(input, `leave it out with ${other}`, undefined, 'not used');

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
  if (request.definitionId !== undefined && (input !== undefined || api === 'v1.1'))
    throw notUsed(
      'definition-id',
      `${input ?? 'trigger-api: v1.1'}: only a pipeline (API v2) runs a definition`,
    );
  // The v2 trigger's limits, before anything is sent; a build of v1.1 has none.
  const toV2 = slug || api === 'v2' || (api === 'auto' && input === undefined);
  if (toV2 && request.params !== undefined) checkPipelineParams('params', request.params);
  if ((api === 'v2' || slug) && input !== undefined)
    throw notUsed(input, `${slug ? 'project-slug' : 'trigger-api: v2'}. ${NO_V2_FORM}`);
}

/** What a trigger started: a build (its answer, as a job too), a pipeline, or nothing. */
export type Started =
  | { api: 'v1.1'; result: TriggerResult; job: Job }
  | { api: 'v2'; pipeline: Pipeline; recoveredAfter?: string }
  | { api: 'none'; message: string };

type Rerun = { api: 'v1.1'; build: Build } | { api: 'v2'; rerun: { workflow_id: string }; of: Build };

/** No form of the trigger or the rerun could do what was asked (every one failed, or v2 has no such form). */
class TriggerFailedError extends UserFacingError {
  override name = 'TriggerFailedError';
}

export function triggersOf(client: Client, v2: V2Client, project: ProjectAddress, transport: Transport) {
  const triple: ProjectRef | undefined = 'slug' in project ? undefined : project;
  const log = transport.log.bind(transport);
  const startV1 = async (v1: ProjectRef, api: TriggerApi, request: TriggerOptions): Promise<Started> => {
    try {
      const result = await client.trigger(v1, request);
      return { api: 'v1.1', result, job: jobOfBuild(result.build) };
    } catch (error) {
      if (api === 'v1.1' || !(error instanceof GoneError)) throw error;
      const unsent = withoutV2Form(request);
      const given = `${unsent.join(' and ')} ${unsent.length > 1 ? 'are' : 'is'} given`;
      throw new TriggerFailedError(
        `${error.message}. A pipeline (API v2) cannot be started instead, because ${given}: ${NO_V2_FORM}`,
      );
    }
  };
  return {
    /** Starts a pipeline through v2, or a build through v1.1 when `api` or the inputs say so or v2 has no trigger. */
    async trigger(api: TriggerApi, request: TriggerRequest): Promise<Started> {
      checkTriggerInputs(api, request, triple === undefined);
      const unsent = withoutV2Form(request).join(' and ');
      if (triple !== undefined && api === 'v1.1') return startV1(triple, api, request);
      if (triple !== undefined && api === 'auto' && unsent !== '') {
        // The runner already warns of the input through its deprecationMessage (action.yml): said once, not twice.
        log('info', `${unsent} given, so the build is triggered through v1.1: ${V1_SINGLE_JOB}`);
        return startV1(triple, api, request);
      }
      try {
        const { tag, params: parameters, definitionId } = request;
        const answer = await v2.trigger(project, {
          ...(tag === undefined ? { branch: request.branch } : { tag }),
          ...definedOnly({ parameters, definitionId }),
        });
        return answer.triggered ? { api: 'v2', ...answer } : { api: 'none', message: answer.message };
      } catch (error) {
        if (api === 'v2' || triple === undefined || !(error instanceof NoPipelineTriggerError)) throw error;
        const why = error.projectNotFound
          ? 'API v2 does not know the project: a project token works only on v1.1, and pipelines need a personal ' +
            'token (or the project slug is wrong)'
          : 'this installation has no pipeline trigger of API v2';
        const started = await startV1(triple, 'v1.1', request).catch((then: Error) => {
          throw new TriggerFailedError(`No trigger worked: ${error.message}; then ${then.message}`, {
            cause: then,
          });
        });
        log('warning', `${why} (${error.message}); triggered through v1.1 instead: ${V1_SINGLE_JOB}`);
        return started;
      }
    },

    // Reruns a build: v1.1 retry, or (with `v2`, or `auto` after a 410) its job through its workflow's v2 rerun,
    // which needs the build's workflow and job ids from its v1.1 record.
    async rerun(
      api: TriggerApi,
      buildNum: number,
      options: { ssh: boolean; noCache?: boolean },
    ): Promise<Rerun> {
      const v1 = v1Only(project, 'rerunning a build');
      if (api !== 'v2') {
        try {
          return { api: 'v1.1', build: await client.retry(v1, buildNum, options) };
        } catch (error) {
          if (api === 'v1.1' || !(error instanceof GoneError)) throw error;
          if (options.noCache) throw new TriggerFailedError(`${error.message}. ${NO_CACHE_RERUN}`);
          log('info', `${error.message}; rerunning the job through its workflow (API v2)`);
        }
      } else if (options.noCache) {
        throw new ValidationError(
          'command',
          `retry-no-cache with trigger-api: v2 is not possible. ${NO_CACHE_RERUN}`,
        );
      }
      const build = await client.build(v1, buildNum);
      const { workflow_id: workflowId, job_id: jobId } = build.workflows ?? {};
      if (typeof workflowId !== 'string' || typeof jobId !== 'string') {
        throw new TriggerFailedError(
          `Build #${buildNum} belongs to no workflow (it ran on the old build system): API v2 reruns only jobs of ` +
            `workflows, and the v1.1 retry ${api === 'v2' ? 'was not asked for (trigger-api: v2)' : 'is gone'}`,
        );
      }
      const rerun = await v2.rerun(workflowId, { jobs: [jobId], enableSsh: options.ssh });
      return { api: 'v2', rerun, of: build };
    },
  };
}
