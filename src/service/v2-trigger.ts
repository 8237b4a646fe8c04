// The v2 trigger and its recovery: a pipeline started once at most, `pipeline/run` else the older `pipeline`, and
// after a failure that may have started one, that pipeline found instead (docs/promises.md, promise 2).
import { AbortedTrigger, type ProjectAddress } from './v1.ts';
import { AbortedError, UserFacingError, ValidationError } from '../common/errors.ts';
import { ApiError, isUnknownProject } from './http/errors.ts';
import { isAmbiguous } from './http/retry.ts';
import type { Transport } from './http/transport.ts';
import { projectSlug } from './slug.ts';
import { checkParams, checkPipelineParams, checkSegment, type BuildParams } from './validate.ts';
import { triggerAnswer, type Pipeline, type TriggerAnswer } from './v2-records.ts';

/** Exactly one of branch and tag; a definition other than the project's default only `pipeline/run` takes. */
export interface PipelineTrigger {
  branch?: string;
  tag?: string;
  parameters?: BuildParams;
  definitionId?: string;
}

/** A trigger's answer, and the failure after which its pipeline was found instead (never sent again). */
export type Triggered = TriggerAnswer & { recoveredAfter?: string };

export type Ref = { branch?: string; tag?: string };

/** What the trigger needs of the v2 client. */
interface Finder {
  transport: Transport;
  newestNumber(p: ProjectAddress): Promise<number>;
  findTriggered(p: ProjectAddress, ref: Ref, before: number): Promise<Pipeline | undefined>;
}

/** A trigger failed without telling whether a pipeline started, and none was found. */
export class PipelineTriggerLostError extends UserFacingError {
  override name = 'PipelineTriggerLostError';
}

/** Both trigger forms answered 404 or 405: nothing was started; `answers` holds each, `pipeline/run`'s first. */
export class NoPipelineTriggerError extends UserFacingError {
  override name = 'NoPipelineTriggerError';
  readonly answers: readonly ApiError[];
  constructor(answers: readonly ApiError[]) {
    super(answers.map((a) => a.message).join('; then '));
    this.answers = answers;
  }

  /** The service knows no such project: a wrong slug, or a project token, which v2 does not take. */
  get projectNotFound(): boolean {
    return this.answers.some(isUnknownProject);
  }
}

export class PipelineTriggerAbortedError extends AbortedTrigger {
  override name = 'PipelineTriggerAbortedError';
}

// `pipeline/run` does not reach a GitLab project, whose opaque slug looks like an app-integration project's (the
// API v2 reference): a refusal for such a slug may mean that, which the product cannot tell before asking.
function refusedBySlug(error: unknown): unknown {
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 429].includes(error.status)
  )
    error.message +=
      '; in case this is a GitLab project, whose slugs look like this one: ' +
      "the service's API trigger does not reach GitLab projects";
  return error;
}

/** A 404 or 405 of a trigger form: the installation has no such route (or no such project), nothing started. */
function isNoRoute(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 404 || error.status === 405);
}

export async function triggerPipeline(
  api: Finder,
  p: ProjectAddress,
  options: PipelineTrigger,
): Promise<Triggered> {
  const slug = projectSlug(p);
  if ((options.branch === undefined) === (options.tag === undefined))
    throw new ValidationError('branch', 'give a branch or a tag (not both)', undefined, 'missing');
  const ref =
    options.tag === undefined
      ? { branch: checkSegment('branch', options.branch ?? '') }
      : { tag: checkSegment('tag', options.tag, 'a tag name') };
  const where = options.tag === undefined ? `branch '${options.branch}'` : `tag '${options.tag}'`;
  const parameters =
    options.parameters === undefined
      ? {}
      : { parameters: checkPipelineParams('params', checkParams('params', options.parameters)) };
  const definition =
    options.definitionId === undefined
      ? {}
      : { definition_id: checkSegment('definition-id', options.definitionId) };
  const before = await api.newestNumber(p);
  const send = async (path: string, body: unknown): Promise<Triggered> => {
    try {
      const answer = await api.transport.request({ method: 'POST', path, body, retry: 'once', api: 'v2' });
      return triggerAnswer({ method: 'POST', path: `v2 ${path}` }, answer.status, answer.data);
    } catch (error) {
      if (error instanceof AbortedError) throw new PipelineTriggerAbortedError(error.message, before);
      if (!isAmbiguous(error)) throw error;
      const found = await api.findTriggered(p, ref, before).catch(() => undefined);
      if (found !== undefined) return { triggered: true, pipeline: found, recoveredAfter: error.message };
      throw new PipelineTriggerLostError(
        `${error.message}; a pipeline may have started on ${where} but none newer than ` +
          `#${before} could be found: look at the project's pipelines before triggering again`,
      );
    }
  };
  let first: ApiError;
  try {
    const body = { ...definition, config: ref, checkout: ref, ...parameters };
    return await send(`/project/${slug}/pipeline/run`, body);
  } catch (error) {
    // The older form is not available to a project named by its slug: its 404 is the answer.
    if ('slug' in p) throw refusedBySlug(error);
    if (!isNoRoute(error) || options.definitionId !== undefined) throw error;
    first = error;
  }
  // An installation of an older version has only the older form; a 404 or 405 started nothing.
  api.transport.log('debug', `${first.message}; trying the older pipeline trigger`);
  try {
    return await send(`/project/${slug}/pipeline`, { ...ref, ...parameters });
  } catch (error) {
    if (isNoRoute(error)) throw new NoPipelineTriggerError([first, error]);
    if (error instanceof Error && !(error instanceof AbortedError))
      error.message = `${first.message}; then ${error.message}`;
    throw error;
  }
}
