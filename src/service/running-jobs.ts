// The jobs wait-for-serial waits for, look after look: by the v1.1 triple the project's running builds, and older
// ones still queued; by the slug (docs/v2.md) the running and queued jobs of its older pipelines. Older means a lower
// build number than this job's own (`buildNum`) by v1.1, a lower pipeline number than its pipeline's by v2.
import { UnusableAnswerError } from './http/errors.ts';
import { jobOf } from './commit-builds.ts';
import { jobOfBuild, jobOfV2, type Job } from './model.ts';
import { isFinished, type Build } from './records.ts';
import { definedOnly } from '../common/values.ts';
import type { Client, ProjectRef, SlugProject } from './v1.ts';
import { FINAL_WORKFLOW_STATUSES, type Pipeline, type V2Client } from './v2.ts';
import { MAX_PAGE_SIZE } from './validate.ts';

export interface RunningQuery {
  branch?: string;
  buildNum?: number;
  /** Whether a workflow's and a job's names are chosen (the action's patterns: the service compiles none). */
  chooseWorkflow: (name: string | undefined) => boolean;
  chooseJob: (name: string | undefined) => boolean;
}

/** The jobs to wait for now, by number, given those of the last look. */
export type RunningJobs = (previous: ReadonlyMap<number, Job>) => Promise<Map<number, Job>>;

/** Pages of running builds read per look: a guard against a server that always answers a full page. */
const MAX_PAGES = 10;

/** Job statuses waited for: a job that runs or will run; an approval on hold is not, as on API v1.1. */
const WAITED: ReadonlySet<string> = new Set(['running', 'queued', 'not_running']);

/** Pipeline states after which no workflow is added to it. */
const SETTLED_PIPELINE_STATES: ReadonlySet<string> = new Set(['created', 'errored']);

/** The running builds, those that left the list unfinished, and older queued ones, which would run after ours. */
export function runningBuilds(client: Client, project: ProjectRef, query: RunningQuery): RunningJobs {
  const own = query.buildNum;
  const counts = (b: Build): boolean =>
    (own === undefined || b.build_num < own) &&
    query.chooseWorkflow(jobOf(b).workflow) &&
    query.chooseJob(jobOf(b).job);
  return async (previous) => {
    const pending = new Map<number, Job>();
    const read = async (filter: { statusFilter?: 'running' }, more: (page: Build[]) => boolean) => {
      for (let page = 0; page < MAX_PAGES; page++) {
        const builds = await client.builds(project, {
          ...definedOnly({ branch: query.branch }),
          ...filter,
          limit: MAX_PAGE_SIZE,
          offset: page * MAX_PAGE_SIZE,
        });
        for (const b of builds) if (counts(b) && !isFinished(b)) pending.set(b.build_num, jobOfBuild(b));
        if (builds.length < MAX_PAGE_SIZE || !more(builds)) break;
      }
    };
    await read({ statusFilter: 'running' }, () => true);
    for (const num of previous.keys()) {
      if (pending.has(num)) continue;
      const now = await client.build(project, num);
      if (!isFinished(now)) pending.set(num, jobOfBuild(now));
    }
    // Newest first: once a page reaches below our own number, the builds ahead of ours have been seen.
    if (own !== undefined && pending.size === 0)
      await read({}, (builds) => (builds.at(-1)?.build_num ?? 0) >= own);
    return pending;
  };
}

/** The running and queued jobs of the project's older pipelines, read through their workflows. */
export function runningPipelineJobs(api: V2Client, project: SlugProject, query: RunningQuery): RunningJobs {
  const { branch, buildNum } = query;
  let own: { id: string; number: number } | undefined;
  /** Pipelines whose matching workflows have all ended: not read again. */
  const ended = new Set<string>();
  /** Pipelines with a job waited for at the last look, still read if they leave the newest pipelines. */
  let open = new Map<string, Pipeline>();

  return async () => {
    let ownId = own?.id;
    if (buildNum !== undefined && ownId === undefined) {
      ownId = (await api.job(project, buildNum)).pipeline?.id;
      const where = `v2 /project/${project.slug}/job/${buildNum}`;
      if (ownId === undefined) throw new UnusableAnswerError('GET', where, 'the job names no pipeline');
    }
    const listed = await api.projectPipelines(project, definedOnly({ branch }));
    if (ownId !== undefined && own === undefined) {
      const number = listed.find((p) => p.id === ownId)?.number ?? (await api.pipeline(ownId)).number;
      if (!Number.isSafeInteger(number))
        throw new UnusableAnswerError('GET', `v2 /pipeline/${ownId}`, 'the pipeline has no number');
      own = { id: ownId, number };
    }
    const candidates = new Map(listed.map((p) => [p.id, p]));
    for (const [id, p] of open) if (!candidates.has(id)) candidates.set(id, p);
    const found = new Map<number, Job>();
    const next = new Map<string, Pipeline>();
    for (const pipeline of candidates.values()) {
      if (ended.has(pipeline.id) || pipeline.id === own?.id) continue;
      if (own !== undefined && pipeline.number >= own.number) continue;
      let done = SETTLED_PIPELINE_STATES.has(pipeline.state ?? '');
      for (const workflow of await api.workflows(pipeline)) {
        if (FINAL_WORKFLOW_STATUSES.has(workflow.status) || !query.chooseWorkflow(workflow.name)) continue;
        done = false;
        for (const { job_number: number, name, status } of await api.jobs(workflow)) {
          if (number === null || !WAITED.has(status) || !query.chooseJob(name)) continue;
          const job = jobOfV2(pipeline, { job_number: number, name, status }, { name: workflow.name });
          found.set(number, { ...job, pipeline: { id: pipeline.id, number: pipeline.number } });
          next.set(pipeline.id, pipeline);
        }
      }
      if (done) ended.add(pipeline.id);
    }
    open = next;
    return found;
  };
}
