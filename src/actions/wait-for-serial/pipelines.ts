// wait-for-serial for a project named by its v2 slug (docs/v2.md): the jobs of the project's other pipelines that
// run or will run, read through its newest pipelines, their workflows and jobs; older means a pipeline of a lower
// number than the one of this job's own (`build-num`, a job number, read through its details).
import type { SlugProject } from '../../service/v1.ts';
import { jobOf } from '../../service/commit-builds.ts';
import { UnusableAnswerError } from '../../common/errors.ts';
import { choosesName, type NamePattern } from '../../common/name-patterns.ts';
import { FINAL_WORKFLOW_STATUSES, V2Client, type Pipeline } from '../../service/v2.ts';
import { jobBuild } from '../../service/v2-records.ts';
import type { Build } from '../../service/records.ts';
import type { Transport } from '../../service/http/transport.ts';

/** Job statuses waited for: a job that runs or will run; an approval on hold is not, as on API v1.1. */
const WAITED: ReadonlySet<string> = new Set(['running', 'queued', 'not_running']);

/** Pipeline states after which no workflow is added to it. */
const SETTLED_PIPELINE_STATES: ReadonlySet<string> = new Set(['created', 'errored']);

/** The jobs to wait for, read look after look, and the cancel of one of them (the job alone, not its workflow). */
export function pipelineJobs(
  transport: Transport,
  project: SlugProject,
  query: { branch?: string; buildNum?: number; workflows: NamePattern[]; jobs: NamePattern[] },
) {
  const api = new V2Client(transport);
  const { branch, buildNum } = query;
  /** This job's own pipeline, once read. */
  let own: { id: string; number: number } | undefined;
  /** Pipelines whose matching workflows have all ended: not read again. */
  const ended = new Set<string>();
  /** Pipelines with a job waited for at the last look, still read if they leave the newest pipelines. */
  let open = new Map<string, Pipeline>();

  /** The jobs to wait for now, by job number, each with the number of its pipeline for the log. */
  async function pending(): Promise<Map<number, Build>> {
    let ownId = own?.id;
    if (buildNum !== undefined && ownId === undefined) {
      ownId = (await api.job(project, buildNum)).pipeline?.id;
      const where = `v2 /project/${project.slug}/job/${buildNum}`;
      if (ownId === undefined) throw new UnusableAnswerError('GET', where, 'the job names no pipeline');
    }
    const listed = await api.projectPipelines(project, branch === undefined ? {} : { branch });
    if (ownId !== undefined && own === undefined) {
      const number = listed.find((p) => p.id === ownId)?.number ?? (await api.pipeline(ownId)).number;
      if (!Number.isSafeInteger(number))
        throw new UnusableAnswerError('GET', `v2 /pipeline/${ownId}`, 'the pipeline has no number');
      own = { id: ownId, number };
    }
    const candidates = new Map(listed.map((p) => [p.id, p]));
    for (const [id, p] of open) if (!candidates.has(id)) candidates.set(id, p);
    const found = new Map<number, Build>();
    const next = new Map<string, Pipeline>();
    for (const pipeline of candidates.values()) {
      if (ended.has(pipeline.id) || pipeline.id === own?.id) continue;
      if (own !== undefined && pipeline.number >= own.number) continue;
      let done = SETTLED_PIPELINE_STATES.has(pipeline.state ?? '');
      for (const workflow of await api.workflows(pipeline.id)) {
        if (FINAL_WORKFLOW_STATUSES.has(workflow.status) || !choosesName(query.workflows, workflow.name))
          continue;
        done = false;
        for (const job of await api.jobs(workflow.id)) {
          const number = job.job_number;
          if (typeof number !== 'number' || !WAITED.has(job.status) || !choosesName(query.jobs, job.name))
            continue;
          found.set(number, {
            ...jobBuild(pipeline, { job_number: number, name: job.name, status: job.status }, workflow.name),
            // The log says the job's own status rather than the lifecycle v1.1 would give it.
            lifecycle: null,
            status: job.status as Build['status'],
            pipeline_number: pipeline.number,
          });
          next.set(pipeline.id, pipeline);
        }
      }
      if (done) ended.add(pipeline.id);
    }
    open = next;
    return found;
  }

  return {
    pending,
    cancel: (number: number) => api.cancelJob(project, number),
  };
}

/** A job of a pipeline named with its workflow and its pipeline's number; undefined for a v1.1 build. */
export function pipelineJobLabel(build: Build): string | undefined {
  const number = build['pipeline_number'];
  if (typeof number !== 'number') return undefined;
  const { job, workflow } = jobOf(build);
  return `job ${String(job)}${workflow === undefined ? '' : ` of workflow ${workflow}`}, pipeline #${number}`;
}
