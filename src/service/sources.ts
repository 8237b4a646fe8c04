// What the gate and trigger-build read, as jobs, whichever API reaches the project (docs/v2.md): a commit's jobs
// (v1.1's build list by triple, its pipelines through v2 by slug), a pipeline's, one job by number, a job's failed
// steps, and the cancels. The records each API answers stay here.
import { ValidationError } from '../common/errors.ts';
import type { Transport } from './http/transport.ts';
import { CommitBuilds, type CommitQuery } from './commit-builds.ts';
import { jobOfBuild, type Job } from './model.ts';
import { CommitPipelines, slugCommitBuilds } from './commit-pipelines.ts';
import {
  jobReader,
  PipelineBuilds,
  type PipelineTimes,
  type UnbuiltJob,
  type WorkflowEnd,
} from './pipeline-builds.ts';
import { type Build } from './records.ts';
import { definedOnly } from '../common/values.ts';
import type { FailedStep } from './step-output.ts';
import type { Client, ProjectAddress, ProjectRef, TriggerOptions } from './v1.ts';
import type { PipelineRef, V2Client, Workflow } from './v2.ts';

/** What one look found: the jobs that count, oldest first, and what a source knows besides (a pipeline's). */
export interface JobLook {
  jobs: Job[];
  truncated: boolean;
  /** Known to a source that knows when it is complete (a pipeline): it needs neither appear nor settle time. */
  complete?: boolean;
  notes?: string[];
  workflows?: WorkflowEnd[];
  /** Why nothing ran, once complete. */
  nothing?: string;
  /** The workflows of a commit's pipelines that have not ended. */
  open?: { name: string; status: string }[];
  /** Why each of a commit's pipelines that errored runs nothing. */
  errored?: string[];
  /** The number of the newest build of the branch, once it named the commit (`revision` was ''). */
  chose?: number;
}

export interface JobSource {
  look(): Promise<JobLook>;
  /** A pipeline's jobs that ended without a build. */
  readonly unbuilt?: UnbuiltJob[];
  /** A pipeline's workflows seen so far, with whether each has ended. */
  readonly workflows?: (Workflow & { done: boolean })[];
  /** The workflows of the commit that made no build, where the source does not hold them already. */
  commitWorkflows?(): Promise<{ workflows: Workflow[]; errored: string[] }>;
}

/** The project's triple, for a call only v1.1 has: a project named by its slug gets one error, before anything is sent. */
export function v1Only(project: ProjectAddress, what: string): ProjectRef {
  if (!('slug' in project)) return project;
  const why = `${what} has no API v2 form, so a project named by its slug cannot be reached`;
  throw new ValidationError(
    'project-slug',
    'name the project by vcs-type, username and project',
    undefined,
    why,
  );
}

export function sourcesOf(client: Client, v2: V2Client, project: ProjectAddress, transport: Transport) {
  const triple: ProjectRef | undefined = 'slug' in project ? undefined : project;
  /** The record each job was read from, for its steps. */
  const records = new WeakMap<Job, Build>();
  const asJob = (build: Build): Job => {
    const job = jobOfBuild(build);
    records.set(job, build);
    return job;
  };
  const read = jobReader(client, v2, project, asJob);
  return {
    /** The jobs of a commit, look after look; a `revision` of '' is the commit of the branch's newest build. */
    commitSource(query: CommitQuery, times: PipelineTimes & { since: number }): JobSource {
      if ('slug' in project) return slugCommitBuilds(v2, project, query, read, times);
      let builds: CommitBuilds | undefined;
      const pipelines = new CommitPipelines(v2, project, query);
      return {
        look: async () => {
          let chose: number | undefined;
          if (query.revision === '') {
            const [newest] = await client.builds(project, { branch: query.branch ?? '', limit: 1 });
            const revision =
              typeof newest?.vcs_revision === 'string' ? newest.vcs_revision.toLowerCase() : '';
            if (newest === undefined || !/^[0-9a-f]{7,64}$/u.test(revision))
              return { jobs: [], truncated: false };
            query.revision = revision;
            chose = newest.build_num;
          }
          builds ??= new CommitBuilds(client, project, { ...query }, { now: times.since });
          const { builds: found, truncated } = await builds.look();
          return { jobs: found.map(asJob), truncated, ...definedOnly({ chose }) };
        },
        // A workflow that ended before it made a job shows only in the commit's pipelines (v2).
        commitWorkflows: () => pipelines.workflows(),
      };
    },
    pipelineSource(pipeline: PipelineRef & { number: number }, times: PipelineTimes): JobSource {
      return new PipelineBuilds(read, v2, pipeline, times);
    },
    /** One job by number; read now, so that one that cannot be read fails at once, unless the caller `holds` it. */
    async oneJob(num: number, holds = false): Promise<JobSource> {
      let first: Job | undefined = holds ? undefined : await read(num);
      return {
        look: async () => {
          const job = first ?? (await read(num));
          first = undefined;
          return { jobs: [job], truncated: false, complete: job.ended };
        },
      };
    },
    /** The job's failed steps with their output's tail; undefined where the API has no step output. */
    async failedSteps(job: Job, lines: number, signal: AbortSignal): Promise<FailedStep[] | undefined> {
      if (triple === undefined) return undefined;
      const record = records.get(job);
      const reread = () => client.build(triple, job.number);
      const build = record !== undefined && Array.isArray(record.steps) ? record : await reread();
      // Loaded here: only the gate's actions read step output, and every action loads this module.
      const { collectFailedSteps } = await import('./step-output.ts');
      return collectFailedSteps({ transport, build, lines, refresh: reread, signal });
    },
    /** Cancels a job; its state after, where the API answers it. */
    async cancelJob(num: number): Promise<Job | undefined> {
      if (triple !== undefined) return asJob(await client.cancel(triple, num));
      await v2.cancelJob(project, num);
      return undefined;
    },
    /** The build a v1.1 trigger cut short started: newer than `before`, on its branch. */
    findTriggeredJob: async (request: TriggerOptions, before: number): Promise<Job | undefined> => {
      const found = await client.findTriggeredBuild(v1Only(project, 'finding a build'), request, before);
      return found === undefined ? undefined : asJob(found);
    },
    findTriggeredPipeline: (ref: { branch?: string; tag?: string }, before: number) =>
      v2.findTriggered(project, ref, before),
    workflows: (pipeline: PipelineRef): Promise<Workflow[]> => v2.workflows(pipeline),
    workflow: (id: string): Promise<Workflow> => v2.workflow(id),
    cancelWorkflow: (id: string): Promise<unknown> => v2.cancelWorkflow(id),
  };
}
