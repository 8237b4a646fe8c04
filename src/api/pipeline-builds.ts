// The builds of one pipeline (API v2), look after look, for the same waiting loop that follows a commit's builds:
// its workflows, each workflow's jobs until each has a `job_number` (its v1.1 build number), then each build
// through v1.1 as any other. A look costs one list of the workflows, one list of jobs per workflow not yet ended,
// and one GET per build not yet finished. Jobs that end without a build (blocked after a failure, not run,
// cancelled, unauthorized) end with their status; an approval on hold is said, once.
import type { Client, ProjectRef } from './client.ts';
import { UserFacingError } from './errors.ts';
import {
  FINAL_WORKFLOW_STATUSES,
  UNBUILT_JOB_STATUSES,
  type Job,
  type Pipelines,
  type Workflow,
} from './pipelines.ts';
import { isFinished, type Build } from './records.ts';

/** The pipeline's configuration failed: no workflow will come. */
export class PipelineErroredError extends UserFacingError {
  override name = 'PipelineErroredError';
}

/** A job that ended without a build. */
export interface UnbuiltJob {
  job: string;
  workflow: string;
  status: string;
  type: string;
}

export interface PipelineLook {
  /** The builds of the pipeline's jobs so far, oldest first. */
  builds: Build[];
  truncated: false;
  /** Every workflow has ended, and every one of its jobs. */
  complete: boolean;
  /** What the log should say: approvals on hold, workflows that ended without a build. */
  notes: string[];
}

interface KnownWorkflow {
  workflow: Workflow;
  jobs: Job[];
  /** The workflow and all its jobs have ended: it is not listed again. */
  done: boolean;
}

export class PipelineBuilds {
  readonly #client: Client;
  readonly #pipelines: Pipelines;
  readonly #project: ProjectRef;
  readonly #pipelineId: string;
  readonly #workflows = new Map<string, KnownWorkflow>();
  readonly #builds = new Map<number, Build>();
  readonly #said = new Set<string>();

  constructor(client: Client, pipelines: Pipelines, project: ProjectRef, pipelineId: string) {
    this.#client = client;
    this.#pipelines = pipelines;
    this.#project = project;
    this.#pipelineId = pipelineId;
  }

  /** The workflows seen so far, with whether each has ended. */
  get workflows(): { id: string; name: string; status: string; done: boolean }[] {
    return [...this.#workflows.values()].map(({ workflow, done }) => ({
      id: workflow.id,
      name: workflow.name,
      status: workflow.status,
      done,
    }));
  }

  /** Jobs that ended without a build (an approval that passed is not one: it ended as it should). */
  get unbuilt(): UnbuiltJob[] {
    return [...this.#workflows.values()].flatMap(({ workflow, jobs, done }) =>
      jobs
        .filter(
          (job) => job.job_number == null && done && !(job.type === 'approval' && job.status === 'success'),
        )
        .map((job) => ({ job: job.name, workflow: workflow.name, status: job.status, type: job.type ?? '' })),
    );
  }

  async look(): Promise<PipelineLook> {
    const notes: string[] = [];
    const workflows = await this.#pipelines.workflows(this.#pipelineId);
    if (workflows.length === 0) {
      const pipeline = await this.#pipelines.pipeline(this.#pipelineId);
      if (pipeline.state === 'errored' || (pipeline.errors?.length ?? 0) > 0) {
        const errors = (pipeline.errors ?? []).map((e) => e.message ?? e.type ?? '').filter(Boolean);
        throw new PipelineErroredError(
          `Pipeline #${pipeline.number} is errored and runs no workflow` +
            (errors.length > 0 ? `: ${errors.join('; ')}` : ''),
        );
      }
      return { builds: [], truncated: false, complete: false, notes };
    }
    for (const workflow of workflows) {
      const known = this.#workflows.get(workflow.id);
      if (known?.done) continue;
      const jobs = await this.#pipelines.jobs(workflow.id);
      const entry: KnownWorkflow = { workflow, jobs, done: false };
      this.#workflows.set(workflow.id, entry);
      for (const job of jobs) {
        if (job.status === 'on_hold')
          this.#sayOnce(notes, `${workflow.id}/${job.id}/hold`, onHold(workflow, job));
        const num = job.job_number;
        if (num == null) continue;
        const cached = this.#builds.get(num);
        if (cached !== undefined && isFinished(cached)) continue;
        this.#builds.set(num, await this.#client.build(this.#project, num));
      }
      const ended = FINAL_WORKFLOW_STATUSES.has(workflow.status);
      entry.done = ended && jobs.every((job) => this.#jobEnded(job));
      if (entry.done && !jobs.some((job) => job.job_number != null)) {
        this.#sayOnce(
          notes,
          `${workflow.id}/empty`,
          `Workflow ${workflow.name} ended with status ${workflow.status} without starting a job`,
        );
      }
    }
    const builds = [...this.#builds.values()].sort((a, b) => a.build_num - b.build_num);
    const complete = [...this.#workflows.values()].every((w) => w.done);
    return { builds, truncated: false, complete, notes };
  }

  #jobEnded(job: Job): boolean {
    if (job.job_number != null) {
      const build = this.#builds.get(job.job_number);
      return build !== undefined && isFinished(build);
    }
    return UNBUILT_JOB_STATUSES.has(job.status) || (job.type === 'approval' && job.status === 'success');
  }

  #sayOnce(notes: string[], key: string, text: string): void {
    if (this.#said.has(key)) return;
    this.#said.add(key);
    notes.push(text);
  }
}

function onHold(workflow: Workflow, job: Job): string {
  return (
    `Job ${job.name} of workflow ${workflow.name} is on hold: it waits for a person to approve it on the ` +
    `service; the pipeline goes on only once it is approved (the step waits until its timeout)`
  );
}
