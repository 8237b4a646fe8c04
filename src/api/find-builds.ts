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

export interface FoundBuild {
  build: Build | undefined;
  /** Builds read (for the message when none matched). */
  read: number;
  /** Whether the search stopped at its bound rather than at the list's end or the commit's last build. */
  bounded: boolean;
}

export async function findNewestBuild(
  client: Pick<Client, 'builds'>,
  project: ProjectRef,
  query: BuildQuery,
): Promise<FoundBuild> {
  const revision = query.revision?.toLowerCase();
  const plain = revision === undefined && query.job === undefined;
  const seen = new Set<number>();
  let read = 0;
  let sawRevision = false;
  for (let offset = 0; read < MAX_BUILDS_READ;) {
    // With only a status filter the first build is the answer: one build is asked for.
    const limit = plain && offset === 0 ? 1 : Math.min(MAX_PAGE_SIZE, MAX_BUILDS_READ - read);
    const page: unknown = await client.builds(project, {
      statusFilter: query.statusFilter,
      limit,
      offset,
      ...(query.branch === undefined ? {} : { branch: query.branch }),
    });
    if (!Array.isArray(page))
      throw new BadResponseError('GET', 'builds', 'the build list is not a JSON array');
    let fresh = 0;
    let revisionHere = false;
    for (const item of page as unknown[]) {
      if (item === null || typeof item !== 'object') continue;
      const build = item as Build;
      if (typeof build.build_num !== 'number' || seen.has(build.build_num)) continue;
      seen.add(build.build_num);
      fresh++;
      const ofCommit = revision === undefined || ofRevision(build, revision);
      if (revision !== undefined && ofCommit) revisionHere = true;
      // The server's filter is checked again: a server that ignores `filter` must not hand over a running build.
      if (
        ofCommit &&
        matchesStatusFilter(build, query.statusFilter) &&
        (query.job === undefined || jobOf(build).job === query.job)
      ) {
        return { build, read: read + fresh, bounded: false };
      }
    }
    read += fresh;
    // The end of the list, a page that repeats, or the commit's builds left behind.
    if (page.length < limit || fresh === 0) return { build: undefined, read, bounded: false };
    if (sawRevision && !revisionHere) return { build: undefined, read, bounded: false };
    sawRevision ||= revisionHere;
    offset += page.length;
  }
  return { build: undefined, read, bounded: true };
}
