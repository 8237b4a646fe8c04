// The calls of API v2 that replace the v1.1 trigger and retry (docs/sunset.md): trigger a pipeline, list its
// workflows and their jobs, rerun and cancel a workflow. Same host and credential as v1.1; the transport sends
// them below the v2 base (ApiRequest.api).
import { projectPath, type ProjectAddress } from './client.ts';
import {
  AbortedError,
  ApiError,
  BadResponseError,
  NetworkError,
  TimeoutError,
  UserFacingError,
  ValidationError,
} from './errors.ts';
import type { AnswerOf } from './records.ts';
import type { Transport } from './transport.ts';
import { checkParams, checkSegment, type BuildParams } from './validate.ts';
import { jobAnswer, pageAnswer, workflowAnswer, type Job, type Workflow } from './v2-records.ts';

export interface Pipeline {
  id: string;
  number: number;
  state: string;
  created_at?: string;
  errors?: { type?: string; message?: string }[];
  vcs?: { revision?: string; branch?: string; tag?: string };
  [key: string]: unknown;
}

export type { Job, Workflow } from './v2-records.ts';

export interface PipelineTrigger {
  /** Exactly one of branch and tag. */
  branch?: string;
  tag?: string;
  /** Declared pipeline parameters: strings, whole numbers, booleans. */
  parameters?: BuildParams;
}

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

/** A pipeline trigger failed in a way that does not tell whether a pipeline started: it is never sent again. */
export class PipelineTriggerLostError extends UserFacingError {
  override name = 'PipelineTriggerLostError';
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
   * Triggers a pipeline, never two: `pipeline/run` first, the older `pipeline` form when that answers 404 or 405
   * (nothing was started then). A failure after which a pipeline may have started is never sent again.
   */
  async trigger(p: ProjectAddress, options: PipelineTrigger): Promise<Pipeline> {
    const slug = projectSlug(p);
    if ((options.branch === undefined) === (options.tag === undefined))
      throw new ValidationError('branch', 'give a branch or a tag (not both)', undefined, 'missing');
    const ref =
      options.tag === undefined
        ? { branch: checkSegment('branch', options.branch ?? '') }
        : { tag: checkSegment('tag', options.tag, 'a tag name') };
    const parameters =
      options.parameters === undefined ? undefined : checkParams('params', options.parameters);
    const withParameters = parameters === undefined ? {} : { parameters };
    const send = async (path: string, body: unknown): Promise<Pipeline> => {
      try {
        return checkPipeline(
          await this.post<Pipeline>(path, body, 'once'),
          `POST v2 /project/${slug}/pipeline`,
        );
      } catch (error) {
        if (isAmbiguous(error)) {
          throw new PipelineTriggerLostError(
            `${error.message}; a pipeline may have started on ${describeRef(ref)}: look at the project's ` +
              `pipelines on the service (or GET /api/v2/project/${slug}/pipeline) before triggering again`,
          );
        }
        if (error instanceof AbortedError) {
          throw new AbortedError(
            `${error.message}; a pipeline may have started on ${describeRef(ref)}: look at the project's pipelines`,
          );
        }
        throw error;
      }
    };
    try {
      return await send(`/project/${slug}/pipeline/run`, {
        config: ref,
        checkout: ref,
        ...withParameters,
      });
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 405)) throw error;
      // An installation of an older version has only the older form; a 404 started nothing.
      this.transport.log('debug', `${error.message}; trying the older pipeline trigger`);
      return send(`/project/${slug}/pipeline`, { ...ref, ...withParameters });
    }
  }

  async pipeline(id: string): Promise<Pipeline> {
    return this.get(`/pipeline/${seg(checkSegment('pipeline id', id))}`);
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

function checkPipeline(answer: Pipeline, call: string): Pipeline {
  if (typeof answer?.id !== 'string' || typeof answer.number !== 'number')
    throw new BadResponseError('POST', call, 'the answer names no pipeline id and number');
  return answer;
}

/** Failures after which a request sent once (a trigger, an approval) may or may not have reached the service. */
export function isAmbiguous(error: unknown): error is Error {
  if (error instanceof ApiError) return error.status >= 500 || error.status === 408;
  if (error instanceof NetworkError) return !error.notSent;
  return error instanceof TimeoutError;
}

/** An item taken as it is, for lists whose items the caller checks itself. */
function asItem<T>(_call: AnswerOf, value: unknown): T {
  return value as T;
}
