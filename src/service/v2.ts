// The API v2 client: the trigger and rerun that replace v1.1's (docs/sunset.md), the pipeline calls, and the
// project-scoped calls, the only ones a project named by its slug reaches (docs/v2.md). Answers are checked by
// shape before use (docs/promises.md, promise 30).
import { projectName, type ProjectAddress } from './v1.ts';
import { ApiError } from './http/errors.ts';
import {
  objectAnswer,
  unusable,
  type AnswerOf,
  type Artifact,
  type EnvVar,
  type HttpVerb,
  type TestCase,
} from './records.ts';
import { isRecord } from '../common/values.ts';
import { cut } from '../common/format.ts';
import type { ApiRequest, Transport } from './http/transport.ts';
import { otherProject, projectSlug, slugAddress } from './slug.ts';
import { checkBuildNum, checkEnvName, checkSegment } from './validate.ts';
import { jobOfV2, type Job as ServiceJob } from './model.ts';
import { triggerPipeline, type PipelineTrigger, type Ref, type Triggered } from './v2-trigger.ts';
import {
  isPositiveWhole,
  isUuid,
  isV2Id,
  jobAnswer,
  pageAnswer,
  pipelineAnswer,
  workflowAnswer,
  type Job,
  type Pipeline,
  type Workflow,
} from './v2-records.ts';

export type { Job, Pipeline, Workflow } from './v2-records.ts';

/** Workflow statuses after which nothing more happens in it. */
export const FINAL_WORKFLOW_STATUSES: ReadonlySet<string> = new Set([
  'success',
  'failed',
  'error',
  'canceled',
  'not_run',
  'unauthorized',
]);

/** Statuses of a job without a build that stops there once its workflow has ended (till then `blocked` may pass). */
export const UNBUILT_JOB_STATUSES: ReadonlySet<string> = new Set([
  'blocked',
  'not_run',
  'canceled',
  'unauthorized',
]);

/** Pages one list reads at most: far past any pipeline's workflows or jobs. */
const MAX_LIST_PAGES = 20;
/** Pipelines of a project read at most, newest first: a commit's are among its newest. */
export const MAX_PROJECT_PIPELINES = 100;

interface JobDetails {
  number: number;
  name: string;
  status: string;
  web_url?: string;
  pipeline?: { id?: string };
  latest_workflow?: { id?: string; name?: string };
  [key: string]: unknown;
}

/** A pipeline as a list of its workflows needs it: its id, and the project it says it is of. */
export type PipelineRef = { id: string; project_slug?: unknown };

type Check<T> = (call: AnswerOf, value: unknown, at: number) => T;

const seg = encodeURIComponent;
const asIs = (_call: AnswerOf, value: unknown): unknown => value;
const messageAnswer = (call: AnswerOf, value: unknown): { message?: string } => objectAnswer(call, value);
const workflowPath = (id: string): string => `/workflow/${seg(checkSegment('workflow id', id))}`;
const numberPath = (p: ProjectAddress, number: number, job = ''): string =>
  `/project/${projectSlug(p)}/${job}${checkBuildNum('build-num', number)}`;

/** An object that passes `valid`; `why` says what was expected. */
const shaped =
  <T>(why: string, valid: (value: Record<string, unknown>) => boolean = () => true): Check<T> =>
  (call, value) => {
    if (!isRecord(value) || !valid(value)) throw unusable(call, why);
    return value as T;
  };
const item = <T>(valid?: (value: Record<string, unknown>) => boolean): Check<T> =>
  shaped('the list holds an item of the wrong shape', valid);

/** A record read by id must carry that id (docs/promises.md, promise 35): a wrong one is another record's. */
function theOne<T extends { id: string }>(call: AnswerOf, record: T, id: string, what: string): T {
  if (record.id.toLowerCase() !== id.toLowerCase())
    throw unusable(call, `the answer is ${what} ${record.id}, not ${id} that was asked for`);
  return record;
}

/** The project's pipelines are the project's (docs/promises.md, promise 35): one of another makes the list unusable. */
function ofProject(p: ProjectAddress, check: Check<Pipeline>): Check<Pipeline> {
  return (call, value, at) => {
    const pipeline = check(call, value, at);
    const other = otherProject(pipeline['project_slug'], p);
    if (other === undefined) return pipeline;
    const what = `the list holds pipeline #${pipeline.number} of ${other}, not ${projectName(p)} that was asked for`;
    throw unusable(call, what);
  };
}

export class V2Client {
  readonly transport: Transport;

  constructor(transport: Transport) {
    this.transport = transport;
  }

  trigger(p: ProjectAddress, options: PipelineTrigger): Promise<Triggered> {
    return triggerPipeline(this, p, options);
  }

  async newestNumber(p: ProjectAddress): Promise<number> {
    try {
      return (await this.#recent(p)).reduce((max, item) => Math.max(max, item.number), 0);
    } catch (error) {
      // A project the list does not know: the trigger itself will say why.
      if (error instanceof ApiError && error.status === 404) return 0;
      throw error;
    }
  }

  /** The pipeline a trigger made: the oldest newer than `before` on its ref (a later one is someone else's). */
  async findTriggered(p: ProjectAddress, ref: Ref, before: number): Promise<Pipeline | undefined> {
    const matches = (await this.#recent(p)).filter(
      (item) =>
        item.number > before &&
        (ref.tag === undefined ? item.vcs?.branch === ref.branch : item.vcs?.tag === ref.tag),
    );
    return matches.sort((a, b) => a.number - b.number)[0];
  }

  #recent(p: ProjectAddress): Promise<Pipeline[]> {
    const check = ofProject(p, pipelineAnswer);
    return this.#list(`/project/${projectSlug(p)}/pipeline`, check, {}, Infinity, () => true);
  }

  /** The project's pipelines, newest first, on `branch` when given, at most `max`; `enough` may end it sooner. */
  async projectPipelines(
    p: ProjectAddress,
    options: { branch?: string; max?: number } = {},
    enough?: (items: readonly Pipeline[]) => boolean,
  ): Promise<Pipeline[]> {
    const query = options.branch === undefined ? {} : { branch: checkSegment('branch', options.branch) };
    const check = ofProject(
      p,
      item<Pipeline>((v) => isUuid(v['id']) && isPositiveWhole(v['number'])),
    );
    const path = `/project/${projectSlug(p)}/pipeline`;
    return this.#list(path, check, query, options.max ?? MAX_PROJECT_PIPELINES, enough);
  }

  async pipeline(id: string): Promise<Pipeline> {
    return this.#call('GET', `/pipeline/${seg(checkSegment('pipeline id', id))}`, (call, value) =>
      theOne(call, pipelineAnswer(call, value), id, 'pipeline'),
    );
  }

  /** Every workflow of a pipeline, oldest first: one that names another pipeline, or another project than the
   *  pipeline's `project_slug`, is another's, and unusable (docs/promises.md, promise 35). */
  async workflows(pipeline: PipelineRef): Promise<Workflow[]> {
    const { id } = pipeline;
    const own = slugAddress(pipeline.project_slug);
    const ofPipeline = (call: AnswerOf, value: unknown, at: number): Workflow => {
      const workflow = workflowAnswer(call, value, at);
      const named = workflow['pipeline_id'];
      if (named != null && (typeof named !== 'string' || named.toLowerCase() !== id.toLowerCase()))
        throw unusable(
          call,
          `the workflow ${workflow.id} is of pipeline ${isV2Id(named) ? named : '(not an id)'}, not ${id} that ` +
            'was asked for',
        );
      const other = own === undefined ? undefined : otherProject(workflow['project_slug'], own);
      if (other === undefined) return workflow;
      const ours = `not ${String(pipeline.project_slug)} of its pipeline`;
      throw unusable(call, `the workflow ${workflow.id} is of ${other}, ${ours}`);
    };
    return this.#list(`/pipeline/${seg(checkSegment('pipeline id', id))}/workflow`, ofPipeline);
  }

  async workflow(workflowId: string): Promise<Workflow> {
    return this.#call('GET', workflowPath(workflowId), (call, value) =>
      theOne(call, workflowAnswer(call, value), workflowId, 'workflow'),
    );
  }

  /** A workflow's jobs: with the workflow's `project_slug`, each must be of that project, as the list's items
   *  carry no workflow id (docs/promises.md, promise 35). */
  async jobs(workflow: { id: string; project_slug?: unknown }): Promise<Job[]> {
    const own = slugAddress(workflow.project_slug);
    const ofWorkflow = (call: AnswerOf, value: unknown, at: number): Job => {
      const job = jobAnswer(call, value, at);
      const other = own === undefined ? undefined : otherProject(job['project_slug'], own);
      if (other === undefined) return job;
      const theirs = `job ${cut(job.name, 100)} of ${other}, not ${String(workflow.project_slug)} of its workflow`;
      throw unusable(call, `the list holds ${theirs}`);
    };
    return this.#list(`${workflowPath(workflow.id)}/job`, ofWorkflow);
  }

  async rerun(
    workflowId: string,
    options: { jobs: string[]; enableSsh?: boolean },
  ): Promise<{ workflow_id: string }> {
    const body = { jobs: options.jobs, enable_ssh: options.enableSsh || undefined };
    const check = shaped<{ workflow_id: string }>(
      'no workflow_id',
      (v) => typeof v['workflow_id'] === 'string',
    );
    return this.#call('POST', `${workflowPath(workflowId)}/rerun`, check, { body, retry: 'once' });
  }

  /** Cancels a workflow: its running jobs, the jobs not started yet and its approvals. */
  async cancelWorkflow(workflowId: string): Promise<unknown> {
    return this.#call('POST', `${workflowPath(workflowId)}/cancel`, asIs);
  }

  /** Sent once: an approval that may have arrived is found by reading the workflow's jobs again. */
  async approve(workflowId: string, approvalRequestId: string): Promise<unknown> {
    const path = `${workflowPath(workflowId)}/approve/${seg(checkSegment('approval request id', approvalRequestId))}`;
    return this.#call('POST', path, asIs, { retry: 'once' });
  }

  async job(p: ProjectAddress, number: number): Promise<JobDetails> {
    return this.#call('GET', numberPath(p, number, 'job/'), (call, answer) => {
      if (!isRecord(answer) || answer['number'] !== number)
        throw unusable(call, `the details of job #${number} were expected`);
      if (typeof answer['name'] !== 'string' || typeof answer['status'] !== 'string')
        throw unusable(call, 'the job has no name and status');
      const pipelineId = isRecord(answer['pipeline']) ? answer['pipeline']['id'] : undefined;
      if (pipelineId !== undefined && !isUuid(pipelineId))
        throw unusable(call, 'the pipeline id is not a UUID');
      // Another project's job of that number is another record (docs/promises.md, promise 35).
      const other = otherProject(isRecord(answer['project']) ? answer['project']['slug'] : undefined, p);
      if (other !== undefined)
        throw unusable(
          call,
          `the answer is job #${number} of ${other}, not ${projectName(p)} that was asked for`,
        );
      return answer as JobDetails;
    });
  }

  /** A job by number, in its pipeline; `pipelines` keeps the pipelines already read. */
  async readJob(
    p: ProjectAddress,
    number: number,
    pipelines = new Map<string, Promise<Pipeline>>(),
  ): Promise<ServiceJob> {
    const job = await this.job(p, number);
    const id = job.pipeline?.id;
    const call = { method: 'GET', path: `v2 ${numberPath(p, number, 'job/')}` };
    if (id === undefined) throw unusable(call, 'the job names no pipeline');
    const pipeline = pipelines.get(id) ?? this.pipeline(id);
    pipelines.set(id, pipeline);
    const { id: workflowId, name } = job.latest_workflow ?? {};
    const workflow = { id: isUuid(workflowId) ? workflowId : null, name: name ?? null };
    const url = typeof job.web_url === 'string' ? job.web_url : null;
    const read = await pipeline;
    const other = otherProject(read['project_slug'], p);
    if (other !== undefined) {
      const what = `the pipeline ${id} of job #${number} is of ${other}, not ${projectName(p)} that was asked for`;
      throw unusable({ method: 'GET', path: `v2 /pipeline/${id}` }, what);
    }
    return jobOfV2(read, { ...job, job_number: number }, workflow, url);
  }

  /** A job that has ended stays as it is. */
  async cancelJob(p: ProjectAddress, number: number): Promise<{ message?: string }> {
    return this.#call('POST', `${numberPath(p, number, 'job/')}/cancel`, messageAnswer);
  }

  async tests(p: ProjectAddress, number: number): Promise<TestCase[]> {
    return this.#list(`${numberPath(p, number)}/tests`, item<TestCase>());
  }

  async artifacts(p: ProjectAddress, number: number): Promise<Artifact[]> {
    const valid = (a: Record<string, unknown>): boolean =>
      typeof a['path'] === 'string' &&
      typeof a['url'] === 'string' &&
      Number.isSafeInteger(a['node_index']) &&
      (a['node_index'] as number) >= 0;
    const items = await this.#list(`${numberPath(p, number)}/artifacts`, item<Artifact>(valid));
    // The artifact URLs the API itself listed may receive the credential (docs/promises.md, promise 14).
    for (const artifact of items) this.transport.trust(artifact.url);
    return items;
  }

  async envVars(p: ProjectAddress): Promise<EnvVar[]> {
    const named = item<EnvVar>((v) => typeof v['name'] === 'string');
    return this.#list(`/project/${projectSlug(p)}/envvar`, named);
  }

  /** A variable of that name is replaced. */
  async addEnvVar(p: ProjectAddress, name: string, value: string): Promise<EnvVar> {
    const body = { name: checkEnvName('name', name), value };
    const check = shaped<EnvVar>(`the variable ${name} was expected`, (v) => v['name'] === name);
    return this.#call('POST', `/project/${projectSlug(p)}/envvar`, check, { body });
  }

  async deleteEnvVar(p: ProjectAddress, name: string): Promise<{ message?: string }> {
    const path = `/project/${projectSlug(p)}/envvar/${seg(checkEnvName('name', name))}`;
    return this.#call('DELETE', path, messageAnswer);
  }

  /** A v2 list, page after page, each item checked; bounded in pages and items, a token seen twice ends it. */
  async #list<T>(
    path: string,
    check: Check<T>,
    query: Record<string, string> = {},
    maxItems = Infinity,
    enough?: (items: readonly T[]) => boolean,
  ): Promise<T[]> {
    const items: T[] = [];
    const tokens = new Set<string>();
    let token: string | undefined;
    for (let pages = 0; pages < MAX_LIST_PAGES; pages++) {
      const page = await this.#call('GET', path, (call, value) => ({ call, ...pageAnswer(call, value) }), {
        query: token === undefined ? query : { ...query, 'page-token': token },
      });
      // One at a time: a spread of a huge page would overflow the stack.
      for (const item of page.items) items.push(check(page.call, item, items.length));
      if (items.length >= maxItems) return items.slice(0, maxItems);
      if (enough?.(items) || page.next === undefined || tokens.has(page.next)) return items;
      tokens.add((token = page.next));
    }
    this.transport.log('warning', `v2 ${path}: stopped after ${MAX_LIST_PAGES} pages`);
    return items;
  }

  async #call<T>(
    method: HttpVerb,
    path: string,
    check: Check<T>,
    more: Partial<Pick<ApiRequest, 'query' | 'body' | 'retry'>> = {},
  ): Promise<T> {
    const answer = await this.transport.request({ method, path, retry: 'idempotent', ...more, api: 'v2' });
    return check({ method, path: `v2 ${path}` }, answer.data, -1);
  }
}
