// The calls of API v2: those that replace the v1.1 trigger and retry (docs/sunset.md), with the same host and
// credential, and the project-scoped ones, the only ones a project named by its slug reaches (docs/v2.md); answers
// are checked by shape before use (docs/promises.md, promise 30).
import { AbortedTrigger, projectPath, type ProjectAddress } from './v1.ts';
import type { VcsType } from './records.ts';
import { ofRevision } from './commit-builds.ts';
import {
  AbortedError,
  ApiError,
  isUnknownProject,
  UserFacingError,
  ValidationError,
} from '../common/errors.ts';
import { matchesBuildQuery, type BuildQuery } from './find-builds.ts';
import { jobStatusMeaning } from './job-status.ts';
import {
  definedOnly,
  isRecord,
  objectAnswer,
  unusable,
  type AnswerOf,
  type Artifact,
  type Build,
  type EnvVar,
  type HttpVerb,
  type TestCase,
} from './records.ts';
import { isAmbiguous } from './http/retry.ts';
import type { ApiRequest, Transport } from './http/transport.ts';
import {
  checkBuildNum,
  checkEnvName,
  checkParams,
  checkPipelineParams,
  checkSegment,
  type BuildParams,
} from './validate.ts';
import {
  isPositiveWhole,
  isUuid,
  isV2Id,
  jobAnswer,
  pageAnswer,
  pipelineAnswer,
  triggerAnswer,
  workflowAnswer,
  type Job,
  type Pipeline,
  type TriggerAnswer,
  type Workflow,
} from './v2-records.ts';

export type { Job, Pipeline, Workflow } from './v2-records.ts';

/** Exactly one of branch and tag; a definition other than the project's default only `pipeline/run` takes. */
export interface PipelineTrigger {
  branch?: string;
  tag?: string;
  parameters?: BuildParams;
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

const seg = encodeURIComponent;

// A GitLab project is named by an opaque slug, as an app-integration project is, and `pipeline/run` does not reach
// it (the API v2 reference): a refusal for such a slug may mean that, which the product cannot tell before asking.
function refusedBySlug(error: unknown): unknown {
  const refusal =
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 429].includes(error.status);
  if (refusal)
    error.message +=
      '; in case this is a GitLab project, whose slugs look like this one: ' +
      "the service's API trigger does not reach GitLab projects";
  return error;
}

/** The v2 slug of a project, `primary-host/acme/widget` or `app/<org>/<project>`, each part percent-encoded. */
export function projectSlug(p: ProjectAddress): string {
  if ('slug' in p) return p.slug.split('/').map(seg).join('/');
  return projectPath(p).slice('/project/'.length);
}

// The service's provider words and ours name the same hosts (docs/v2.md, "Addressing"): `gh` and `github` are
// `primary-host`, `bb` and `bitbucket` are `secondary-host`. Any other word is opaque (an app-integration project).
const PROVIDER_WORDS: Readonly<Record<string, VcsType>> = {
  gh: 'primary-host',
  github: 'primary-host',
  'primary-host': 'primary-host',
  bb: 'secondary-host',
  bitbucket: 'secondary-host',
  'secondary-host': 'secondary-host',
};

/**
 * The project a slug of the service names (a pipeline's `project_slug`), in our words: the v1.1 triple for a
 * provider word we know, else the slug itself; undefined for a text that is no slug.
 */
export function slugAddress(slug: unknown): ProjectAddress | undefined {
  if (typeof slug !== 'string') return undefined;
  const parts = slug.split('/');
  if (parts.length !== 3 || parts.some((part) => part === '' || /[\p{Cc}\s?#%\\]/u.test(part)))
    return undefined;
  const [provider = '', username = '', project = ''] = parts;
  const vcsType = PROVIDER_WORDS[provider.toLowerCase()];
  return vcsType === undefined ? { slug } : { vcsType, username, project };
}

/**
 * Whether two addresses name one project, by what they name, not by spelling: the same host (whatever word names
 * it) and the same organization and project, compared without case as the hosts do; two opaque slugs name one
 * project when their organization and project ids are the same, whatever their provider word.
 */
export function sameProject(a: ProjectAddress, b: ProjectAddress): boolean {
  const named = (p: ProjectAddress): [string, string, string] => {
    if (!('slug' in p)) return [p.vcsType, p.username, p.project];
    const known = slugAddress(p.slug);
    const [provider = '', org = '', project = ''] = p.slug.split('/');
    if (known !== undefined && !('slug' in known)) return [known.vcsType, known.username, known.project];
    return [PROVIDER_WORDS[provider.toLowerCase()] ?? '(opaque)', org, project];
  };
  const [x, y] = [named(a), named(b)];
  return x.every((part, i) => part.toLowerCase() === y[i]?.toLowerCase());
}

export class Pipelines {
  readonly transport: Transport;

  constructor(transport: Transport) {
    this.transport = transport;
  }

  /** Triggers a pipeline, never two (docs/promises.md, promise 2): `pipeline/run`, else the older `pipeline`. */
  async trigger(p: ProjectAddress, options: PipelineTrigger): Promise<Triggered> {
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
          `${error.message}; a pipeline may have started on ${where} but none newer than ` +
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
        ...parameters,
      });
    } catch (error) {
      // The older form is not available to a project named by its slug: its 404 is the answer.
      if ('slug' in p) throw refusedBySlug(error);
      if (!isNoRoute(error) || options.definitionId !== undefined) throw error;
      first = error;
    }
    // An installation of an older version has only the older form; a 404 or 405 started nothing.
    this.transport.log('debug', `${first.message}; trying the older pipeline trigger`);
    try {
      return await send(`/project/${slug}/pipeline`, { ...ref, ...parameters });
    } catch (error) {
      if (isNoRoute(error)) throw new NoPipelineTriggerError([first, error]);
      if (error instanceof Error && !(error instanceof AbortedError))
        error.message = `${first.message}; then ${error.message}`;
      throw error;
    }
  }

  async newestNumber(p: ProjectAddress): Promise<number> {
    try {
      return (await this.recent(p)).reduce((max, item) => Math.max(max, item.number), 0);
    } catch (error) {
      // A project the list does not know: the trigger itself will say why.
      if (error instanceof ApiError && error.status === 404) return 0;
      throw error;
    }
  }

  /** The pipeline a trigger made: the oldest newer than `before` on its ref (a later one is someone else's). */
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

  private async recent(p: ProjectAddress): Promise<Pipeline[]> {
    return this.list(`/project/${projectSlug(p)}/pipeline`, pipelineAnswer, {}, Infinity, () => true);
  }

  /** The pipeline `id`: an answer that carries another id is another pipeline's, and unusable. */
  async pipeline(id: string): Promise<Pipeline> {
    return this.call('GET', `/pipeline/${seg(checkSegment('pipeline id', id))}`, (call, value) =>
      theOne(call, pipelineAnswer(call, value), id, 'pipeline'),
    );
  }

  /** Every workflow of a pipeline, oldest first: one that names another pipeline is another's, and unusable. */
  async workflows(pipelineId: string): Promise<Workflow[]> {
    const ofPipeline = (call: AnswerOf, value: unknown, at: number): Workflow => {
      const workflow = workflowAnswer(call, value, at);
      const named = workflow['pipeline_id'];
      if (named != null && (typeof named !== 'string' || named.toLowerCase() !== pipelineId.toLowerCase()))
        throw unusable(
          call,
          `the workflow ${workflow.id} is of pipeline ${isV2Id(named) ? named : '(not an id)'}, not ` +
            `${pipelineId} that was asked for`,
        );
      return workflow;
    };
    return this.list(`/pipeline/${seg(checkSegment('pipeline id', pipelineId))}/workflow`, ofPipeline);
  }

  /** The workflow `workflowId`: an answer that carries another id is another workflow's, and unusable. */
  async workflow(workflowId: string): Promise<Workflow> {
    return this.call('GET', workflowPath(workflowId), (call, value) =>
      theOne(call, workflowAnswer(call, value), workflowId, 'workflow'),
    );
  }

  async jobs(workflowId: string): Promise<Job[]> {
    return this.list(`${workflowPath(workflowId)}/job`, jobAnswer);
  }

  async rerun(
    workflowId: string,
    options: { jobs: string[]; enableSsh?: boolean },
  ): Promise<{ workflow_id: string }> {
    const body = { jobs: options.jobs, enable_ssh: options.enableSsh || undefined };
    return this.call('POST', `${workflowPath(workflowId)}/rerun`, rerunAnswer, { body, retry: 'once' });
  }

  /** Cancels a workflow: its running jobs, the jobs not started yet and its approvals. */
  async cancelWorkflow(workflowId: string): Promise<unknown> {
    return this.call('POST', `${workflowPath(workflowId)}/cancel`, asIs);
  }

  /** The project's pipelines, newest first, on `branch` when given, at most `max`; `enough` may end it sooner. */
  async projectPipelines(
    p: ProjectAddress,
    options: { branch?: string; max?: number } = {},
    enough?: (items: readonly Pipeline[]) => boolean,
  ): Promise<Pipeline[]> {
    const query = options.branch === undefined ? {} : { branch: checkSegment('branch', options.branch) };
    const check = item<Pipeline>((v) => isUuid(v['id']) && isPositiveWhole(v['number']));
    const path = `/project/${projectSlug(p)}/pipeline`;
    return this.list(path, check, query, options.max ?? MAX_PROJECT_PIPELINES, enough);
  }

  /** Sent once: an approval that may have arrived is found by reading the workflow's jobs again. */
  async approve(workflowId: string, approvalRequestId: string): Promise<unknown> {
    const path = `${workflowPath(workflowId)}/approve/${seg(checkSegment('approval request id', approvalRequestId))}`;
    return this.call('POST', path, asIs, { retry: 'once' });
  }

  /** A v2 list, page after page, each item checked; bounded in pages and items, a token seen twice ends it. */
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
    for (let pages = 0; pages < MAX_LIST_PAGES; pages++) {
      const page = await this.call('GET', path, (call, value) => ({ call, ...pageAnswer(call, value) }), {
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

  protected async call<T>(
    method: HttpVerb,
    path: string,
    check: (call: AnswerOf, value: unknown, at: number) => T,
    more: Partial<Pick<ApiRequest, 'query' | 'body' | 'retry'>> = {},
  ): Promise<T> {
    const answer = await this.transport.request({ method, path, retry: 'idempotent', ...more, api: 'v2' });
    return check({ method, path: `v2 ${path}` }, answer.data, -1);
  }
}

const asIs = (_call: AnswerOf, value: unknown): unknown => value;

/** A record read by id must carry that id (docs/promises.md, promise 35): a wrong one is another record's. */
function theOne<T extends { id: string }>(call: AnswerOf, record: T, id: string, what: string): T {
  if (record.id.toLowerCase() !== id.toLowerCase())
    throw unusable(call, `the answer is ${what} ${record.id}, not ${id} that was asked for`);
  return record;
}
const workflowPath = (id: string): string => `/workflow/${seg(checkSegment('workflow id', id))}`;

/** A 404 or 405 of a trigger form: the installation has no such route (or no such project), nothing started. */
function isNoRoute(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 404 || error.status === 405);
}

function rerunAnswer(call: AnswerOf, value: unknown): { workflow_id: string } {
  if (!isRecord(value) || typeof value['workflow_id'] !== 'string') throw unusable(call, 'no workflow_id');
  return value as { workflow_id: string };
}

/** A job's details: `number`, `name` and `status` always; the rest as the service gives it. */
interface JobDetails {
  number: number;
  name: string;
  status: string;
  web_url?: string;
  pipeline?: { id?: string };
  latest_workflow?: { id?: string; name?: string };
  [key: string]: unknown;
}

/** Jobs of the project's pipelines a search for the newest matching one looks at, at most. */
export const MAX_JOBS_READ = 100;

const item =
  <T>(valid: (item: Record<string, unknown>) => boolean = () => true) =>
  (call: AnswerOf, value: unknown): T => {
    if (!isRecord(value) || !valid(value)) throw unusable(call, 'the list holds an item of the wrong shape');
    return value as T;
  };

const messageAnswer = (call: AnswerOf, value: unknown): { message?: string } => objectAnswer(call, value);

export class ProjectsV2 extends Pipelines {
  async job(p: ProjectAddress, number: number): Promise<JobDetails> {
    return this.call('GET', numberPath(p, number, 'job/'), (call, answer) => {
      if (!isRecord(answer) || answer['number'] !== number)
        throw unusable(call, `the details of job #${number} were expected`);
      if (typeof answer['name'] !== 'string' || typeof answer['status'] !== 'string')
        throw unusable(call, 'the job has no name and status');
      const pipelineId = isRecord(answer['pipeline']) ? answer['pipeline']['id'] : undefined;
      if (pipelineId !== undefined && !isUuid(pipelineId))
        throw unusable(call, 'the pipeline id is not a UUID');
      return answer as JobDetails;
    });
  }

  /** `POST {v2}/project/{slug}/job/{number}/cancel`: a job that has ended stays as it is. */
  async cancelJob(p: ProjectAddress, number: number): Promise<{ message?: string }> {
    return this.call('POST', `${numberPath(p, number, 'job/')}/cancel`, messageAnswer);
  }

  async tests(p: ProjectAddress, number: number): Promise<TestCase[]> {
    return this.list(`${numberPath(p, number)}/tests`, item<TestCase>());
  }

  async artifacts(p: ProjectAddress, number: number): Promise<Artifact[]> {
    const valid = (a: Record<string, unknown>): boolean =>
      typeof a['path'] === 'string' &&
      typeof a['url'] === 'string' &&
      Number.isSafeInteger(a['node_index']) &&
      (a['node_index'] as number) >= 0;
    const items = await this.list(`${numberPath(p, number)}/artifacts`, item<Artifact>(valid));
    // The artifact URLs the API itself listed may receive the credential (docs/promises.md, promise 14).
    for (const artifact of items) this.transport.trust(artifact.url);
    return items;
  }

  async envVars(p: ProjectAddress): Promise<EnvVar[]> {
    const named = item<EnvVar>((v) => typeof v['name'] === 'string');
    return this.list(`/project/${projectSlug(p)}/envvar`, named);
  }

  /** `POST {v2}/project/{slug}/envvar` with `{name, value}`; a variable of that name is replaced. */
  async addEnvVar(p: ProjectAddress, name: string, value: string): Promise<EnvVar> {
    const body = { name: checkEnvName('name', name), value };
    const check = (call: AnswerOf, answer: unknown): EnvVar => {
      if (!isRecord(answer) || answer['name'] !== name)
        throw unusable(call, `the variable ${name} was expected`);
      return answer as EnvVar;
    };
    return this.call('POST', `/project/${projectSlug(p)}/envvar`, check, { body });
  }

  async deleteEnvVar(p: ProjectAddress, name: string): Promise<{ message?: string }> {
    const path = `/project/${projectSlug(p)}/envvar/${seg(checkEnvName('name', name))}`;
    return this.call('DELETE', path, messageAnswer);
  }

  /** A job by number as a build record (jobBuild); `pipelines` keeps the pipelines already read. */
  async jobAsBuild(
    p: ProjectAddress,
    number: number,
    pipelines = new Map<string, Promise<Pipeline>>(),
  ): Promise<JobBuild> {
    const job = await this.job(p, number);
    const id = job.pipeline?.id;
    if (id === undefined)
      throw unusable(
        { method: 'GET', path: `v2 ${numberPath(p, number, 'job/')}` },
        'the job names no pipeline',
      );
    const pipeline = pipelines.get(id) ?? this.pipeline(id);
    pipelines.set(id, pipeline);
    const workflow = job.latest_workflow;
    const build = jobBuild(await pipeline, { ...job, job_number: number }, workflow?.name);
    return {
      ...build,
      status: job.status,
      build_url: typeof job.web_url === 'string' ? job.web_url : null,
      workflows: {
        ...build.workflows,
        ...definedOnly({ workflow_id: isUuid(workflow?.id) ? workflow.id : undefined }),
      },
    };
  }
}

const numberPath = (p: ProjectAddress, number: number, job = ''): string =>
  `/project/${projectSlug(p)}/${job}${checkBuildNum('build-num', number)}`;

/** A job as a build record; `fork` says its pipeline came from another repository than the project's. */
type JobBuild = Build & { fork: boolean };

/** A v2 job as the v1.1 build record the rest of the product reads (src/service/job-status.ts). */
export function jobBuild(
  pipeline: Pipeline,
  job: { job_number: number; name: string; status: string },
  workflow?: string,
): JobBuild {
  const vcs: Record<string, unknown> = isRecord(pipeline.vcs) ? pipeline.vcs : {};
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  const meaning = jobStatusMeaning(job.status);
  const origin = text(vcs['origin_repository_url']);
  const target = text(vcs['target_repository_url']);
  return {
    build_num: job.job_number,
    branch: text(vcs['branch']),
    vcs_revision: text(vcs['revision']),
    vcs_tag: text(vcs['tag']),
    // A job that never ran is no finished build, as v1.1's lifecycle says of its builds.
    lifecycle: !meaning.ended ? 'running' : job.status === 'not_run' ? 'not_run' : 'finished',
    outcome: meaning.outcome === '' ? null : (meaning.outcome as Build['outcome']),
    workflows: { job_name: job.name, ...definedOnly({ workflow_name: workflow }) },
    fork: origin !== null && target !== null && origin !== target,
  };
}

/** The matching jobs of a slug-named project as build records, newest first; `bounded` when it stopped early. */
export class JobScan {
  readonly #api: ProjectsV2;
  readonly #project: ProjectAddress;
  readonly #query: BuildQuery;
  #pipelines: Pipeline[] | undefined;
  #ready: JobBuild[] = [];
  read = 0;
  bounded = false;

  constructor(api: ProjectsV2, project: ProjectAddress, query: BuildQuery) {
    this.#api = api;
    this.#project = project;
    this.#query = { ...query, revision: query.revision?.toLowerCase() };
  }

  async next(): Promise<JobBuild | undefined> {
    const query = this.#query;
    this.#pipelines ??= await this.#api.projectPipelines(
      this.#project,
      definedOnly({ branch: query.branch }),
    );
    while (this.#ready.length === 0) {
      const room = MAX_JOBS_READ - this.read;
      if (room <= 0) {
        this.bounded = this.#pipelines.length > 0;
        return undefined;
      }
      const pipeline = this.#pipelines.shift();
      if (pipeline === undefined) return undefined;
      // Pipelines of other commits and branches are passed without reading their workflows.
      const head = jobBuild(pipeline, { job_number: 0, name: '', status: '' });
      if (query.revision !== undefined && !ofRevision(head, query.revision)) continue;
      if (query.branch !== undefined && head.branch !== query.branch) continue;
      const found: JobBuild[] = [];
      for (const workflow of await this.#api.workflows(pipeline.id)) {
        for (const { job_number, ...job } of await this.#api.jobs(workflow.id))
          if (job_number !== null) found.push(jobBuild(pipeline, { ...job, job_number }, workflow.name));
      }
      found.sort((a, b) => b.build_num - a.build_num);
      if (found.length > room) this.bounded = true;
      const taken = found.slice(0, room);
      this.read += taken.length;
      this.#ready.push(...taken.filter((build) => matchesBuildQuery(build, query)));
    }
    return this.#ready.shift();
  }
}
