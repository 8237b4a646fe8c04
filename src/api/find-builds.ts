// The newest build of a project (or branch) that matches a status filter and, optionally, a commit and a job name,
// read from the build list page by page. Lists are newest first, so the first match is the answer; without one the
// reading stops at a bound, at the list's end, at a page that repeats, or once the commit's builds are behind us
// (a push's builds are listed together, so a page without any after pages with some ends the search).
import type { Client, ProjectRef } from './client.ts';
import { jobOf, ofRevision } from './commit-builds.ts';
import { BadResponseError } from './errors.ts';
import { matchesStatusFilter, type ArtifactStatusFilter, type Build } from './records.ts';
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

/**
 * The matching builds one after another, newest first, read page by page as they are asked for: the first page
 * of a plain query asks for one build, the next pages for full ones. `read` counts the builds read, and `bounded`
 * says whether the reading stopped at its bound rather than at the list's end or the commit's last build.
 */
export class BuildScan {
  readonly #client: Pick<Client, 'builds'>;
  readonly #project: ProjectRef;
  readonly #query: BuildQuery;
  readonly #revision: string | undefined;
  readonly #plain: boolean;
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
    this.#query = query;
    this.#revision = query.revision?.toLowerCase();
    this.#plain = this.#revision === undefined && query.job === undefined;
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
    const revision = this.#revision;
    // With only a status filter the first build is the answer: one build is asked for.
    const limit =
      this.#plain && this.#offset === 0 ? 1 : Math.min(MAX_PAGE_SIZE, MAX_BUILDS_READ - this.read);
    const page: unknown = await this.#client.builds(this.#project, {
      statusFilter: query.statusFilter,
      limit,
      offset: this.#offset,
      ...(query.branch === undefined ? {} : { branch: query.branch }),
    });
    if (!Array.isArray(page))
      throw new BadResponseError('GET', 'builds', 'the build list is not a JSON array');
    let fresh = 0;
    let revisionHere = false;
    for (const item of page as unknown[]) {
      if (item === null || typeof item !== 'object') continue;
      const build = item as Build;
      if (typeof build.build_num !== 'number' || this.#seen.has(build.build_num)) continue;
      this.#seen.add(build.build_num);
      fresh++;
      const ofCommit = revision === undefined || ofRevision(build, revision);
      if (revision !== undefined && ofCommit) revisionHere = true;
      // The server's filter is checked again: a server that ignores `filter` must not hand over a running build.
      if (
        ofCommit &&
        matchesStatusFilter(build, query.statusFilter) &&
        (query.job === undefined || jobOf(build).job === query.job)
      ) {
        this.#ready.push(build);
      }
    }
    this.read += fresh;
    // The end of the list, a page that repeats, or the commit's builds left behind.
    if (page.length < limit || fresh === 0) this.#ended = true;
    if (this.#sawRevision && !revisionHere) this.#ended = true;
    this.#sawRevision ||= revisionHere;
    this.#offset += page.length;
  }
}
