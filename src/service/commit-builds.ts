// The builds of one commit, found in the project's newest-first build list look after look. The list is never
// read to its end: the first look reads back a margin past the oldest build of the commit (or a bounded look-back),
// and later looks only down to the oldest build that can still change.
import type { Client, ProjectRef } from './v1.ts';
import { BadResponseError } from './http/errors.ts';
import { isFinished, type Build } from './records.ts';
import { definedOnly, isOfCommit, text } from '../common/values.ts';
import { unseen } from './paginate.ts';
import { MAX_PAGE_SIZE } from './validate.ts';

export interface CommitQuery {
  /** A commit, or a prefix of one (lower-case hex). */
  revision: string;
  branch?: string;
  workflow?: string;
  /** Job names; empty for any. */
  jobs?: readonly string[];
}

/** Downstream jobs are queued only once their upstream jobs ended: two jobs of one push lie about a job's run apart. */
const MARGIN_MS = 2 * 3_600_000;
/** The same margin in builds, for records without a queue time. */
const MARGIN_BUILDS = 200;
const LOOK_BACK_MS = 24 * 3_600_000;
const MAX_PAGES = 10;
/** A later look's page holds the builds that can change, plus room for new ones. */
const MIN_LATER_PAGE = 20;
const NEW_BUILDS_ROOM = 10;

/** The job and workflow a build belongs to (second-generation builds), when it says. */
export function jobOf(build: Build): { job?: string; workflow?: string } {
  const workflows = build.workflows;
  const job = typeof workflows?.['job_name'] === 'string' ? workflows['job_name'] : build['job_name'];
  return definedOnly({ job: text(job), workflow: text(workflows?.['workflow_name']) });
}

export function matchesQuery(build: Build, query: CommitQuery): boolean {
  const { job, workflow } = jobOf(build);
  return (
    isOfCommit(build.vcs_revision, query.revision) &&
    (query.branch === undefined || build.branch == null || build.branch === query.branch) &&
    (query.workflow === undefined || workflow === query.workflow) &&
    (!query.jobs?.length || (job !== undefined && query.jobs.includes(job)))
  );
}

/** Leaves out builds that were run again: the original of a retry, and an older build of the same job of the same
 *  workflow (a workflow run again from the service's page does not always say `retry_of`). */
export function latestAttempts(builds: readonly Build[]): Build[] {
  const retried = new Set(builds.map((build) => build.retry_of));
  const newestOfJob = new Map<string | undefined, number>();
  for (const build of builds)
    newestOfJob.set(jobKey(build), Math.max(newestOfJob.get(jobKey(build)) ?? 0, build.build_num));
  return builds
    .filter(
      (b) =>
        !retried.has(b.build_num) && (jobKey(b) === undefined || newestOfJob.get(jobKey(b)) === b.build_num),
    )
    .sort((a, b) => a.build_num - b.build_num);
}

function jobKey(build: Build): string | undefined {
  const { job, workflow } = jobOf(build);
  return job === undefined ? undefined : `${workflow ?? ''}\u0000${job}`;
}

export class CommitBuilds {
  readonly #client: Pick<Client, 'builds'>;
  readonly #project: ProjectRef;
  readonly #query: CommitQuery;
  /** clock.now() when the scan starts: the look-back of a first look that finds nothing is measured from it. */
  readonly #now: number;
  readonly #known = new Map<number, Build>();
  /** The newest build number a look has seen: every newer build is new to the next look. */
  #newestSeen: number | undefined;
  #looks = 0;

  constructor(client: Pick<Client, 'builds'>, project: ProjectRef, query: CommitQuery, at: { now: number }) {
    this.#client = client;
    this.#project = project;
    this.#query = query;
    this.#now = at.now;
  }

  /** Reads the list as far as this look needs; `builds` count now (a retried build replaced by its retry). */
  async look(): Promise<{ builds: Build[]; truncated: boolean }> {
    const floor = this.#looks++ === 0 ? undefined : this.#floor();
    const span = floor === undefined ? Infinity : (this.#newestSeen ?? floor) - floor;
    const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(MIN_LATER_PAGE, span + NEW_BUILDS_ROOM));
    const seenThisLook = new Set<number>();
    let newest = this.#newestSeen;
    let truncated = false;
    let offset = 0;
    // Builds read past the oldest match, for records without queue times.
    let pastOldest = 0;
    for (let requests = 1; ; requests++) {
      const page = await this.#client.builds(this.#project, {
        ...definedOnly({ branch: this.#query.branch }),
        limit: pageSize,
        offset,
      });
      if (!Array.isArray(page))
        throw new BadResponseError('GET', 'builds', 'the build list is not a JSON array');
      const fresh = unseen(page, seenThisLook, (b) => b.build_num);
      for (const build of fresh) {
        newest = Math.max(newest ?? 0, build.build_num);
        if (matchesQuery(build, this.#query)) {
          this.#known.set(build.build_num, build);
          pastOldest = 0;
        } else {
          pastOldest++;
        }
      }
      // A page shorter than asked is the end of the list; a page of builds already read is a list that repeats.
      if (page.length < pageSize || fresh.length === 0) break;
      const last = page.at(-1);
      if (
        last === undefined ||
        (floor !== undefined ? last.build_num <= floor : this.#firstLookDone(last, pastOldest))
      )
        break;
      truncated = requests >= MAX_PAGES;
      if (truncated) break;
      // Builds made meanwhile shift the list: a build may come twice (skipped above), none is missed.
      offset += page.length;
    }
    if (newest !== undefined) this.#newestSeen = newest;
    return { builds: latestAttempts([...this.#known.values()]), truncated };
  }

  /** Every build above this number must be read again: an unfinished build of the commit, or one not seen yet. */
  #floor(): number {
    let floor = this.#newestSeen ?? 0;
    for (const build of this.#known.values())
      if (!isFinished(build)) floor = Math.min(floor, build.build_num);
    return floor;
  }

  /** The first look has read far enough once it is a margin past the oldest match, or the look-back. */
  #firstLookDone(last: Build, pastOldest: number): boolean {
    const lastQueued = queuedAt(last);
    if (this.#known.size === 0) return lastQueued !== undefined && lastQueued < this.#now - LOOK_BACK_MS;
    const times = [...this.#known.values()].map(queuedAt).filter((at) => at !== undefined);
    if (times.length > 0 && lastQueued !== undefined)
      return lastQueued < times.reduce((a, b) => Math.min(a, b)) - MARGIN_MS;
    return pastOldest >= MARGIN_BUILDS;
  }
}

function queuedAt(build: Build): number | undefined {
  const text = build.queued_at ?? build.usage_queued_at ?? build.start_time;
  const ms = typeof text === 'string' ? Date.parse(text) : NaN;
  return Number.isFinite(ms) ? ms : undefined;
}
