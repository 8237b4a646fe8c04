// The newest builds of a project (or branch) that match a status filter and, optionally, a commit and a job name,
// read from the newest-first build list page by page as they are asked for. A push's builds are listed together,
// so a page without any of the commit's after pages with some ends the search.
import type { Client, ProjectRef } from './v1.ts';
import { jobOf, ofRevision } from './commit-builds.ts';
import { definedOnly, matchesStatusFilter, type ArtifactStatusFilter, type Build } from './records.ts';
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

/** Whether a build passes the query (its revision in lower case); the server's filter is checked again. */
export const matchesBuildQuery = (build: Build, query: BuildQuery): boolean =>
  (query.revision === undefined || ofRevision(build, query.revision)) &&
  (query.job === undefined || jobOf(build).job === query.job) &&
  matchesStatusFilter(build, query.statusFilter);

/** `read` counts the builds read; `bounded` says the reading stopped at its bound. */
export class BuildScan {
  readonly #client: Pick<Client, 'builds'>;
  readonly #project: ProjectRef;
  readonly #query: BuildQuery;
  readonly #seen = new Set<number>();
  /** Matches read but not handed out yet. */
  #ready: Build[] = [];
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
  async next(): Promise<Build | undefined> {
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
    this.#ready.push(...fresh.filter((build) => matchesBuildQuery(build, query)));
    const revisionHere = revision !== undefined && fresh.some((build) => ofRevision(build, revision));
    this.read += fresh.length;
    // The end of the list, a page that repeats, or the commit's builds left behind.
    if (page.length < limit || fresh.length === 0 || (this.#sawRevision && !revisionHere)) this.#ended = true;
    this.#sawRevision ||= revisionHere;
    this.#offset += page.length;
  }
}
