// The pipelines of a commit among a project's newest (API v2), found read after read, and the builds of a commit of
// a project named by its slug, which v1.1 cannot list: each of its pipelines followed by a PipelineBuilds.
import type { ProjectAddress, SlugProject } from './v1.ts';
import type { CommitQuery } from './commit-builds.ts';
import { MAX_PROJECT_PIPELINES, type V2Client } from './v2.ts';
import { definedOnly, isOfCommit } from '../common/values.ts';
import type { Job } from './model.ts';
import { erroredPipeline, pipelineVcs, type Pipeline, type Workflow } from './v2-records.ts';
import {
  PipelineBuilds,
  PipelineErroredError,
  type JobReader,
  type PipelineTimes,
  type WorkflowEnd,
} from './pipeline-builds.ts';

/** A later read stops at the first page that holds a pipeline an earlier read saw: the list is newest first and a
 *  pipeline's commit never changes, so only a newer pipeline (a new push of the commit) can be new. */
export class CommitPipelines {
  readonly #api: V2Client;
  readonly #project: ProjectAddress;
  readonly #query: CommitQuery;
  #newest: number | undefined;
  readonly #found = new Map<string, Pipeline>();

  constructor(api: V2Client, project: ProjectAddress, query: CommitQuery) {
    this.#api = api;
    this.#project = project;
    this.#query = query;
  }

  /** Newest first. */
  get found(): Pipeline[] {
    return [...this.#found.values()].sort((a, b) => b.number - a.number);
  }

  /** The commit's pipelines new to this read, newest first; without `revision`, the newest pipeline of the first
   *  read that finds one names the commit (`chose`). */
  async read(): Promise<{ fresh: Pipeline[]; truncated: boolean; chose?: Pipeline }> {
    const before = this.#newest;
    const seen = (items: readonly Pipeline[]): boolean => items.some((p) => p.number <= (before ?? 0));
    const listed = await this.#api.projectPipelines(
      this.#project,
      definedOnly({ branch: this.#query.branch }),
      before === undefined ? undefined : seen,
    );
    const items = listed.filter((p) => before === undefined || p.number > before);
    for (const { number } of items) this.#newest = Math.max(this.#newest ?? 0, number);
    const truncated = items.length >= MAX_PROJECT_PIPELINES;
    let chose: Pipeline | undefined;
    if (this.#query.revision === '') {
      chose = items.find((p) => typeof p.vcs?.revision === 'string');
      if (chose === undefined) return { fresh: [], truncated };
      this.#query.revision = String(chose.vcs?.revision).toLowerCase();
    }
    const fresh = items.filter((p) => ofCommit(p, this.#query) && !this.#found.has(p.id));
    for (const pipeline of fresh) this.#found.set(pipeline.id, pipeline);
    return { fresh, truncated, ...definedOnly({ chose }) };
  }

  /** A workflow that ended before it made a job shows only here (docs/promises.md, promise 31). */
  async workflows(): Promise<{ workflows: Workflow[]; errored: string[] }> {
    // No commit is named yet (a branch that has no build): none of its workflows can be told.
    if (this.#query.revision === '') return { workflows: [], errored: [] };
    await this.read();
    const errored = this.found.map(erroredPipeline).filter((text) => text !== undefined);
    const workflows: Workflow[] = [];
    for (const pipeline of this.found)
      if (erroredPipeline(pipeline) === undefined) workflows.push(...(await this.#api.workflows(pipeline)));
    return { workflows, errored };
  }
}

/** The project's pipeline list is read again only while no pipeline is followed, and once every one followed has
 *  ended, for a newer pipeline of the commit. */
export function slugCommitBuilds(
  api: V2Client,
  project: SlugProject,
  query: CommitQuery,
  read: JobReader,
  times: PipelineTimes,
) {
  const pipelines = new CommitPipelines(api, project, query);
  const followed = new Map<
    string,
    { source: PipelineBuilds; last: Job[]; ended: WorkflowEnd[]; done: boolean; errored?: string }
  >();
  const notes: string[] = [];
  let truncated = false;
  const findNew = async (): Promise<boolean> => {
    const found = await pipelines.read();
    truncated ||= found.truncated;
    const chose = found.chose?.number;
    if (chose !== undefined)
      notes.push(`The newest pipeline of branch ${query.branch ?? ''} is #${chose}: its commit counts`);
    for (const pipeline of found.fresh) {
      read.know(pipeline);
      const source = new PipelineBuilds(read, api, pipeline, times);
      followed.set(pipeline.id, { source, last: [], ended: [], done: false });
    }
    return found.fresh.length > 0;
  };
  const follow = async (): Promise<void> => {
    for (const entry of followed.values()) {
      if (entry.done) continue;
      try {
        const look = await entry.source.look();
        entry.last = look.jobs;
        entry.ended = look.workflows;
        entry.done = look.complete && look.jobs.every((job) => job.ended);
        notes.push(...look.notes);
      } catch (error) {
        // A pipeline whose configuration failed runs nothing: the commit's other pipelines still count, and when
        // nothing ran the gate fails on it (docs/promises.md, promise 31).
        if (!(error instanceof PipelineErroredError)) throw error;
        notes.push(error.message);
        entry.errored = error.message;
        entry.done = true;
      }
    }
  };
  const look = async () => {
    notes.length = 0;
    truncated = false;
    const listed = followed.size === 0;
    if (listed) await findNew();
    await follow();
    // Once every pipeline followed has ended, a newer one of the commit is looked for before the gate decides.
    if (!listed && [...followed.values()].every((entry) => entry.done) && (await findNew())) await follow();
    const entries = [...followed.values()];
    // The workflows that have not ended, a failing one too: the gate waits for them (docs/promises.md, promise 31).
    const open = entries
      .filter((entry) => !entry.done)
      .flatMap((entry) => entry.source.workflows.filter((w) => !w.done))
      .map(({ name, status }) => ({ name, status }));
    return {
      jobs: entries.flatMap((entry) => entry.last).sort((a, b) => a.number - b.number),
      truncated,
      notes: [...notes],
      workflows: entries.flatMap((entry) => entry.ended),
      open,
      errored: entries.flatMap((entry) => entry.errored ?? []),
    };
  };
  return { look };
}

function ofCommit(pipeline: Pipeline, query: CommitQuery): boolean {
  const { branch, revision } = pipelineVcs(pipeline);
  return (
    query.revision !== '' &&
    isOfCommit(revision, query.revision) &&
    (query.branch === undefined || branch === query.branch)
  );
}
