// The calls of API v2 that replace the v1.1 trigger and retry (docs/sunset.md): trigger a pipeline, list its
// workflows and their jobs, rerun and cancel a workflow. Same host and credential as v1.1; the transport sends
// them below the v2 base (ApiRequest.api).
import { projectPath, type ProjectAddress } from './client.ts';
import { isAmbiguous } from './retry.ts';
import { AbortedError, ApiError, BadResponseError, UserFacingError, ValidationError } from './errors.ts';
import type { AnswerOf } from './records.ts';
import type { Transport } from './transport.ts';
import {
  jobAnswer,
  pageAnswer,
  pipelineAnswer,
  pipelineListAnswer,
  triggerAnswer,
  workflowAnswer,
  type Job,
  type Pipeline,
  type TriggerAnswer,
  type Workflow,
} from './v2-records.ts';

export type { Pipeline } from './v2-records.ts';
import { checkParams, checkSegment, type BuildParams } from './validate.ts';

export type { Job, Workflow } from './v2-records.ts';

export interface PipelineTrigger {
  /** Exactly one of branch and tag. */
  branch?: string;
  tag?: string;
  /** Declared pipeline parameters: strings, whole numbers, booleans. */
  parameters?: BuildParams;
  /** A pipeline definition other than the project's default: only `pipeline/run` takes it. */
  definitionId?: string;
}

/** A trigger's answer, and the failure after which its pipeline was found instead (never sent again). */
export type Triggered = TriggerAnswer & { recoveredAfter?: string };

/** Workflow statuses after which nothing more happens in it. */
export const FINAL_WORKFLOW_STATUSES: ReadonlySet<string> = new Set([
  'success',
  'failed',
  'error',
  'canceled',
  'not_run',
  'unauthorized',
]);

/**
 * Job statuses of a job that never gets a build (no `job_number`) once its workflow has ended: it stops there.
 * While the workflow still runs, `blocked` only means its upstream jobs have not finished.
 */
export const UNBUILT_JOB_STATUSES: ReadonlySet<string> = new Set([
  'blocked',
  'not_run',
  'canceled',
  'unauthorized',
]);

/** Pages one list reads at most (100 items each on the service): far past any pipeline's workflows or jobs. */
export const MAX_LIST_PAGES = 20;

/** A pipeline trigger failed in a way that does not tell whether a pipeline started, and none was found. */
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
    return this.answers.some((a) => a.status === 404 && /^project not found/iu.test(a.serverMessage));
  }
}

/** The step was cancelled while the trigger was on its way: `before` is the newest pipeline number before it. */
export class PipelineTriggerAbortedError extends AbortedError {
  override name = 'PipelineTriggerAbortedError';
  readonly before: number;
  constructor(message: string, before: number) {
    super(message);
    this.before = before;
  }
}

const seg = encodeURIComponent;

/** The v2 slug of a project, `primary-host/acme/widget` or `app/<org>/<project>`, each part percent-encoded. */
export function projectSlug(p: ProjectAddress): string {
  if ('slug' in p) return p.slug.split('/').map(seg).join('/');
  return projectPath(p).slice('/project/'.length);
}

export class Pipelines {
  readonly transport: Transport;

  constructor(transport: Transport) {
    this.transport = transport;
  }

  /**
   * Triggers a pipeline, never two (docs/promises.md, promise 2): `pipeline/run` first, the older `pipeline` form
   * when that answers 404 or 405 (nothing was started then; never with a definition, which only `pipeline/run`
   * takes). After a failure that may have started one, the pipeline is looked for, and never sent again.
   */
  async trigger(p: ProjectAddress, options: PipelineTrigger): Promise<Triggered> {
    const slug = projectSlug(p);
    if ((options.branch === undefined) === (options.tag === undefined))
      throw new ValidationError('branch', 'give a branch or a tag (not both)', undefined, 'missing');
    const ref = triggerRef(options);
    const parameters =
      options.parameters === undefined ? undefined : checkParams('params', options.parameters);
    const withParameters = parameters === undefined ? {} : { parameters };
    const definition =
      options.definitionId === undefined
        ? {}
        : { definition_id: checkSegment('definition-id', options.definitionId) };
    const before = await this.newestNumber(p);
    const send = async (path: string, body: unknown): Promise<Triggered> => {
      try {
        const answer = await this.transport.request({ method: 'POST', path, body, retry: 'once', api: 'v2' });
        return triggerAnswer({ method: 'POST', path: `v2 ${path}` }, answer.status, answer.data);
      } catch (error) {
        if (error instanceof AbortedError) throw new PipelineTriggerAbortedError(error.message, before);
        if (!isAmbiguous(error)) throw error;
        const found = await this.findTriggered(p, ref, before).catch(() => undefined);
        if (found !== undefined) return { triggered: true, pipeline: found, recoveredAfter: error.message };
        throw new PipelineTriggerLostError(
          `${error.message}; a pipeline may have started on ${describeRef(ref)} but none newer than ` +
            `#${before} could be found: look at the project's pipelines before triggering again`,
        );
      }
    };
    let first: ApiError;
    try {
      return await send(`/project/${slug}/pipeline/run`, {
        ...definition,
        config: ref,
        checkout: ref,
        ...withParameters,
      });
    } catch (error) {
      // The older form is not available to a project named by its slug: its 404 is the answer.
      if (!isNoRoute(error) || options.definitionId !== undefined || 'slug' in p) throw error;
      first = error;
    }
    // An installation of an older version has only the older form; a 404 or 405 started nothing.
    this.transport.log('debug', `${first.message}; trying the older pipeline trigger`);
    try {
      return await send(`/project/${slug}/pipeline`, { ...ref, ...withParameters });
    } catch (error) {
      if (isNoRoute(error)) throw new NoPipelineTriggerError([first, error]);
      if (error instanceof Error && !(error instanceof AbortedError))
        error.message = `${first.message}; then ${error.message}`;
      throw error;
    }
  }

  /** The newest pipeline number of the project (0 when it has none, or the list is not there). */
  async newestNumber(p: ProjectAddress): Promise<number> {
    try {
      return (await this.recent(p)).reduce((max, item) => Math.max(max, item.number), 0);
    } catch (error) {
      // A project the list does not know: the trigger itself will say why.
      if (error instanceof ApiError && error.status === 404) return 0;
      throw error;
    }
  }

  /**
   * The pipeline a trigger made, if any: newer than `before` (the newest number before the call), on its branch
   * or tag. The oldest match is ours: a later one was triggered by someone else after our call.
   */
  async findTriggered(
    p: ProjectAddress,
    ref: { branch?: string; tag?: string },
    before: number,
  ): Promise<Pipeline | undefined> {
    const matches = (await this.recent(p)).filter(
      (item) =>
        item.number > before &&
        (ref.tag === undefined ? item.vcs?.branch === ref.branch : item.vcs?.tag === ref.tag),
    );
    return matches.sort((a, b) => a.number - b.number)[0];
  }

  /** The first page of the project's pipelines, newest first. */
  private async recent(p: ProjectAddress): Promise<Pipeline[]> {
    const path = `/project/${projectSlug(p)}/pipeline`;
    return pipelineListAnswer({ method: 'GET', path: `v2 ${path}` }, await this.get(path));
  }

  async pipeline(id: string): Promise<Pipeline> {
    const path = `/pipeline/${seg(checkSegment('pipeline id', id))}`;
    return pipelineAnswer({ method: 'GET', path: `v2 ${path}` }, await this.get(path));
  }

  /** Every workflow of a pipeline, oldest first. */
  async workflows(pipelineId: string): Promise<Workflow[]> {
    return this.list(`/pipeline/${seg(checkSegment('pipeline id', pipelineId))}/workflow`, workflowAnswer);
  }

  /** One workflow, with its own status. */
  async workflow(workflowId: string): Promise<Workflow> {
    const path = `/workflow/${seg(checkSegment('workflow id', workflowId))}`;
    return workflowAnswer({ method: 'GET', path: `v2 ${path}` }, await this.get(path));
  }

  /** Every job of a workflow. */
  async jobs(workflowId: string): Promise<Job[]> {
    return this.list(`/workflow/${seg(checkSegment('workflow id', workflowId))}/job`, jobAnswer);
  }

  /** Reruns jobs of a workflow as a new workflow; answers its id. */
  async rerun(
    workflowId: string,
    options: { jobs: string[]; enableSsh?: boolean },
  ): Promise<{ workflow_id: string }> {
    const body = { jobs: options.jobs, ...(options.enableSsh ? { enable_ssh: true } : {}) };
    const answer = await this.post<{ workflow_id: string }>(
      `/workflow/${seg(checkSegment('workflow id', workflowId))}/rerun`,
      body,
      'once',
    );
    if (typeof answer?.workflow_id !== 'string')
      throw new BadResponseError('POST', `v2 /workflow/${workflowId}/rerun`, 'no workflow_id');
    return answer;
  }

  /** Cancels a workflow: its running jobs, the jobs not started yet and its approvals. */
  async cancelWorkflow(workflowId: string): Promise<unknown> {
    return this.post(
      `/workflow/${seg(checkSegment('workflow id', workflowId))}/cancel`,
      undefined,
      'idempotent',
    );
  }

  /**
   * The newest pipeline of the project (on `branch` when given) that `accept` takes, reading the list newest first
   * and at most `max` pipelines.
   */
  async newestPipeline(
    p: ProjectAddress,
    options: { branch?: string; max: number },
    accept: (pipeline: Pipeline) => boolean,
  ): Promise<Pipeline | undefined> {
    const query = options.branch === undefined ? {} : { branch: checkSegment('branch', options.branch) };
    const path = `/project/${projectSlug(p)}/pipeline`;
    const pipelines = await this.list<Pipeline>(path, asItem, query, options.max, (items) =>
      items.some(accept),
    );
    return pipelines.find(accept);
  }

  /**
   * Approves an approval job on hold; sent once, as an approval that may have arrived is found by reading the
   * workflow's jobs again, not by sending it twice.
   */
  async approve(workflowId: string, approvalRequestId: string): Promise<unknown> {
    return this.post(
      `/workflow/${seg(checkSegment('workflow id', workflowId))}/approve/${seg(
        checkSegment('approval request id', approvalRequestId),
      )}`,
      undefined,
      'once',
    );
  }

  /**
   * A v2 list, page after page (`next_page_token`), bounded by MAX_LIST_PAGES and by `maxItems`; a token seen
   * twice ends it, and so does `enough` once it says the items so far suffice. Each page and each item is checked
   * by shape before it is kept.
   */
  protected async list<T>(
    path: string,
    check: (call: AnswerOf, value: unknown, at: number) => T,
    query: Record<string, string> = {},
    maxItems = Infinity,
    enough?: (items: readonly T[]) => boolean,
  ): Promise<T[]> {
    const items: T[] = [];
    const tokens = new Set<string>();
    let token: string | undefined;
    const call = { method: 'GET', path: `v2 ${path}` };
    for (let pages = 0; pages < MAX_LIST_PAGES; pages++) {
      const page = pageAnswer(
        call,
        await this.get<unknown>(path, token === undefined ? query : { ...query, 'page-token': token }),
      );
      // One at a time: a spread of a huge page would overflow the stack.
      for (const item of page.items) items.push(check(call, item, items.length));
      if (items.length >= maxItems) return items.slice(0, maxItems);
      if (enough?.(items)) return items;
      const { next } = page;
      if (next === undefined || tokens.has(next)) return items;
      tokens.add(next);
      token = next;
    }
    this.transport.log('warning', `v2 ${path}: stopped after ${MAX_LIST_PAGES} pages`);
    return items;
  }

  protected async get<T>(path: string, query?: Record<string, string>): Promise<T> {
    return (
      await this.transport.request<T>({
        method: 'GET',
        path,
        ...(query === undefined ? {} : { query }),
        retry: 'idempotent',
        api: 'v2',
      })
    ).data;
  }

  protected async post<T>(path: string, body: unknown, retry: 'once' | 'idempotent'): Promise<T> {
    return (
      await this.transport.request<T>({
        method: 'POST',
        path,
        ...(body === undefined ? {} : { body }),
        retry,
        api: 'v2',
      })
    ).data;
  }
}

function describeRef(ref: { branch?: string; tag?: string }): string {
  return ref.tag === undefined ? `branch '${ref.branch ?? ''}'` : `tag '${ref.tag}'`;
}

/** The branch or tag a trigger names, checked. */
function triggerRef(options: PipelineTrigger): { branch: string } | { tag: string } {
  return options.tag === undefined
    ? { branch: checkSegment('branch', options.branch ?? '') }
    : { tag: checkSegment('tag', options.tag, 'a tag name') };
}

/** A 404 or 405 of a trigger form: the installation has no such route (or no such project), nothing started. */
function isNoRoute(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 404 || error.status === 405);
}

/** An item taken as it is, for lists whose items the caller checks itself. */
function asItem<T>(_call: AnswerOf, value: unknown): T {
  return value as T;
}
