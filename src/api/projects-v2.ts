// The project-scoped calls of API v2 (docs/v2.md), the only ones a project named by its slug reaches; answers are
// checked by shape before use (docs/promises.md, promise 30).
import type { ProjectAddress } from './client.ts';
import { jobOf, ofRevision } from './commit-builds.ts';
import type { BuildQuery } from './find-builds.ts';
import { jobStatusMeaning } from './job-status.ts';
import { Pipelines, projectSlug, type Pipeline } from './pipelines.ts';
import {
  definedOnly,
  isRecord,
  matchesStatusFilter,
  objectAnswer,
  unusable,
  type AnswerOf,
  type Build,
  type EnvVar,
  type TestCase,
} from './records.ts';
import { checkBuildNum, checkEnvName } from './validate.ts';
import { isUuid } from './v2-records.ts';

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

interface V2Artifact {
  path: string;
  node_index: number;
  url: string;
  [key: string]: unknown;
}

/** Jobs of the project's pipelines a search for the newest matching one looks at, at most. */
export const MAX_JOBS_READ = 100;

const seg = encodeURIComponent;

/** A list item check: an object that `valid` takes. */
const item =
  <T>(valid: (item: Record<string, unknown>) => boolean = () => true) =>
  (call: AnswerOf, value: unknown): T => {
    if (!isRecord(value) || !valid(value)) throw unusable(call, 'the list holds an item of the wrong shape');
    return value as T;
  };

/** The answer of a v2 write that says only `{message}`: an object. */
const messageAnswer = (call: AnswerOf, value: unknown): { message?: string } => objectAnswer(call, value);

export class ProjectsV2 extends Pipelines {
  /** `GET {v2}/project/{slug}/job/{number}`: the job asked for, by number. */
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

  /** `GET {v2}/project/{slug}/{number}/tests`, every page. */
  async tests(p: ProjectAddress, number: number): Promise<TestCase[]> {
    return this.list(`${numberPath(p, number)}/tests`, item<TestCase>());
  }

  /** `GET {v2}/project/{slug}/{number}/artifacts`, every page. */
  async artifacts(p: ProjectAddress, number: number): Promise<V2Artifact[]> {
    const valid = (a: Record<string, unknown>): boolean =>
      typeof a['path'] === 'string' &&
      typeof a['url'] === 'string' &&
      Number.isSafeInteger(a['node_index']) &&
      (a['node_index'] as number) >= 0;
    const items = await this.list(`${numberPath(p, number)}/artifacts`, item<V2Artifact>(valid));
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

/** A v2 job as the v1.1 build record the rest of the product reads (src/api/job-status.ts). */
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
      for (const build of found.slice(0, room)) {
        this.read++;
        if (
          matchesStatusFilter(build, query.statusFilter) &&
          (query.job === undefined || jobOf(build).job === query.job)
        )
          this.#ready.push(build);
      }
    }
    return this.#ready.shift();
  }
}
