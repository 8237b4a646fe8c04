// The newest jobs of a project (or branch) that match a status filter and, optionally, a commit and a job name,
// read as they are asked for: by triple from v1.1's newest-first build list, where a push's builds are listed
// together (BuildScan); by slug from the project's newest pipelines through v2 (JobScan).
import type { Client, ProjectAddress, ProjectRef } from './v1.ts';
import { type ArtifactStatusFilter, type BuildStatusFilter } from './records.ts';
import { definedOnly, isOfCommit } from '../common/values.ts';
import type { V2Client } from './v2.ts';
import { pipelineVcs, type Pipeline } from './v2-records.ts';
import { jobOfBuild, jobOfV2, type Job } from './model.ts';
import { unseen } from './paginate.ts';
import { MAX_PAGE_SIZE } from './validate.ts';

/** Builds read at most before giving up: ten full pages. */
export const MAX_BUILDS_READ = 10 * MAX_PAGE_SIZE;

export interface BuildQuery {
  statusFilter: ArtifactStatusFilter;
  branch?: string | undefined;
  /** A commit hash or a prefix of one (at least 7 hex digits), any case. */
  revision?: string | undefined;
  /** A second-generation job name (`workflows.job_name`). */
  job?: string | undefined;
}

/** What each status filter selects, of v1.1 builds and v2 jobs alike (docs/wire.md). */
const STATUS_FILTERS: Record<BuildStatusFilter, (job: Job) => boolean> = {
  running: (j) => j.state === 'running',
  completed: (j) => j.state === 'finished',
  successful: (j) => j.outcome === 'success',
  failed: (j) => j.outcome === 'failed' || j.outcome === 'infrastructure_fail' || j.outcome === 'timedout',
};

/** Whether a job passes the query (its revision in lower case); the server's filter is checked again. */
const matchesQuery = (job: Job, query: BuildQuery): boolean =>
  (query.revision === undefined || isOfCommit(job.revision, query.revision)) &&
  (query.job === undefined || job.name === query.job) &&
  STATUS_FILTERS[query.statusFilter](job);

/** `read` counts the builds read; `bounded` says the reading stopped at its bound. */
export class BuildScan {
  readonly #client: Pick<Client, 'builds'>;
  readonly #project: ProjectRef;
  readonly #query: BuildQuery;
  readonly #seen = new Set<number>();
  #ready: Job[] = [];
  #offset = 0;
  #sawRevision = false;
  #ended = false;
  read = 0;
  bounded = false;

  constructor(client: Pick<Client, 'builds'>, project: ProjectRef, query: BuildQuery) {
    this.#client = client;
    this.#project = project;
    this.#query = { ...query, revision: query.revision?.toLowerCase() };
  }

  /** The next matching build, or undefined once the list, the commit's builds or the bound has ended. */
  async next(): Promise<Job | undefined> {
    while (this.#ready.length === 0 && !this.#ended) await this.#page();
    return this.#ready.shift();
  }

  async #page(): Promise<void> {
    if (this.read >= MAX_BUILDS_READ) {
      this.bounded = true;
      this.#ended = true;
      return;
    }
    const query = this.#query;
    const { revision } = query;
    // With only a status filter the first build is the answer: one build is asked for.
    const plain = revision === undefined && query.job === undefined && this.#offset === 0;
    const limit = plain ? 1 : Math.min(MAX_PAGE_SIZE, MAX_BUILDS_READ - this.read);
    const page = await this.#client.builds(this.#project, {
      statusFilter: query.statusFilter,
      limit,
      offset: this.#offset,
      ...definedOnly({ branch: query.branch }),
    });
    const fresh = unseen(page, this.#seen, (b) => b.build_num);
    // A server that ignores `filter` must not hand over a running build.
    this.#ready.push(...fresh.map(jobOfBuild).filter((job) => matchesQuery(job, query)));
    const revisionHere =
      revision !== undefined && fresh.some((build) => isOfCommit(build.vcs_revision, revision));
    this.read += fresh.length;
    // The end of the list, a page that repeats, or the commit's builds left behind.
    if (page.length < limit || fresh.length === 0 || (this.#sawRevision && !revisionHere)) this.#ended = true;
    this.#sawRevision ||= revisionHere;
    this.#offset += page.length;
  }
}

/** Jobs of the project's pipelines a search for the newest matching one looks at, at most. */
export const MAX_JOBS_READ = 100;

/** The matching jobs of a slug-named project, newest first; `bounded` when it stopped early. */
export class JobScan {
  readonly #api: V2Client;
  readonly #project: ProjectAddress;
  readonly #query: BuildQuery;
  #pipelines: Pipeline[] | undefined;
  #ready: Job[] = [];
  read = 0;
  bounded = false;

  constructor(api: V2Client, project: ProjectAddress, query: BuildQuery) {
    this.#api = api;
    this.#project = project;
    this.#query = { ...query, revision: query.revision?.toLowerCase() };
  }

  async next(): Promise<Job | undefined> {
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
      const { branch, revision } = pipelineVcs(pipeline);
      if (query.revision !== undefined && !isOfCommit(revision, query.revision)) continue;
      if (query.branch !== undefined && branch !== query.branch) continue;
      const found: Job[] = [];
      for (const workflow of await this.#api.workflows(pipeline)) {
        for (const { job_number, ...job } of await this.#api.jobs(workflow))
          if (job_number !== null)
            found.push(jobOfV2(pipeline, { ...job, job_number }, { name: workflow.name }));
      }
      found.sort((a, b) => b.number - a.number);
      if (found.length > room) this.bounded = true;
      const taken = found.slice(0, room);
      this.read += taken.length;
      this.#ready.push(...taken.filter((job) => matchesQuery(job, query)));
    }
    return this.#ready.shift();
  }
}
