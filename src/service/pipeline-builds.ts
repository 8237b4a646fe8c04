// The jobs of one pipeline (API v2), look after look: its workflows, their jobs, and each job with a number, read when
// it first has one and when it ends; the workflows are listed again only when all their jobs look ended.
import { projectPath, type Client, type ProjectAddress } from './v1.ts';
import { UserFacingError } from '../common/errors.ts';
import { FINAL_WORKFLOW_STATUSES, UNBUILT_JOB_STATUSES, type PipelineRef, type V2Client } from './v2.ts';
import { projectSlug } from './slug.ts';
import { jobStatusMeaning } from './job-status.ts';
import { unusable, type AnswerOf, type Build } from './records.ts';
import { definedOnly } from '../common/values.ts';
import type { Job as ServiceJob } from './model.ts';
import {
  isV2Id,
  PENDING_PIPELINE_STATES,
  pipelineAnswer,
  erroredPipeline,
  type Job,
  type Pipeline,
  type Workflow,
} from './v2-records.ts';

/** The pipeline's configuration failed: no workflow will come. */
export class PipelineErroredError extends UserFacingError {
  override name = 'PipelineErroredError';
}

export interface UnbuiltJob {
  job: string;
  workflow: string;
  status: string;
  type: string;
}

export interface WorkflowEnd extends Pick<Workflow, 'id' | 'name' | 'status'> {
  /** Its jobs that ended without a build, as `job deploy ended canceled`. */
  stopped?: string[];
  /** The names of all its jobs, where they were listed (a pipeline's): a named job is found among them. */
  jobs?: string[];
}

export interface PipelineTimes {
  now: () => number;
  /** How long a setup workflow that ended is given to continue into other workflows. */
  settleMs: number;
  /** How long a pipeline past its set-up may list no workflow before it is taken to run none. */
  emptyMs: number;
}

/** `done`: the workflow and all its jobs have ended, so its jobs are not listed again. */
interface KnownWorkflow {
  workflow: Workflow;
  jobs: Job[];
  jobsEnded: boolean;
  done: boolean;
}

/** Reads a job by number; `call` names the request, for an answer that is another job's; `know` takes a pipeline
 *  already listed, so that its jobs need no read of it. */
export type JobReader = ((num: number) => Promise<ServiceJob>) & {
  call: (num: number) => AnswerOf;
  know: (pipeline: Pipeline) => void;
};

/** A project's jobs are read as its v1.1 builds (`asJob` makes each a job), or through v2 for a project named by
 *  its slug. */
export function jobReader(
  client: Client,
  api: V2Client,
  project: ProjectAddress,
  asJob: (build: Build) => ServiceJob,
): JobReader {
  // Made when a call is named, not before: a reader made for no project (approve's pipeline-id) checks no name.
  const path = (): string =>
    'slug' in project ? `v2 /project/${projectSlug(project)}/job` : projectPath(project);
  const call = (num: number): AnswerOf => ({ method: 'GET', path: `${path()}/${num}` });
  if (!('slug' in project))
    return Object.assign(async (num: number) => asJob(await client.build(project, num)), {
      call,
      know: () => {},
    });
  const pipelines = new Map<string, Promise<Pipeline>>();
  const listed = { method: 'GET', path: `v2 /project/${projectSlug(project)}/pipeline` };
  // A listed pipeline is taken only when it passes the checks of a pipeline read (docs/promises.md, promise 30).
  const know = (pipeline: Pipeline): void => {
    if (pipelines.has(pipeline.id)) return;
    try {
      pipelines.set(pipeline.id, Promise.resolve(pipelineAnswer(listed, pipeline)));
    } catch {
      // Read by itself instead, where its answer says what is wrong with it.
    }
  };
  return Object.assign((num: number) => api.readJob(project, num, pipelines), { call, know });
}

/** A job read must be the job listed (docs/promises.md, promise 35): its name, and the workflow it was listed in
 *  (`workflows.workflow_id` of a v1.1 build, `latest_workflow.id` of v2 job details). */
function checkListedJob(call: AnswerOf, read: ServiceJob, job: Job, workflow: Workflow): ServiceJob {
  const [name, listedIn] = [read.name, read.workflow.id];
  if (name === job.name && listedIn?.toLowerCase() === workflow.id.toLowerCase()) return read;
  const is = `${name === null ? 'a job without a name' : `job ${name}`} of ${listedIn !== null ? `workflow ${listedIn}` : 'no workflow'}`;
  throw unusable(
    call,
    `job #${read.number} was listed as job ${job.name} of workflow ${workflow.id}, and the answer is ${is}`,
  );
}

export class PipelineBuilds {
  readonly #read: JobReader;
  readonly #pipelines: V2Client;
  readonly #pipeline: PipelineRef;
  readonly #name: string;
  readonly #times: PipelineTimes;
  readonly #workflows = new Map<string, KnownWorkflow>();
  readonly #builds = new Map<number, ServiceJob>();
  readonly #said = new Set<string>();
  /** What this look says, each once a pipeline. */
  #notes: string[] = [];
  /** When the pipeline was first seen past its set-up with no workflow. */
  #emptySince: number | undefined;
  /** When every workflow was first seen ended with only setup workflows among them. */
  #setupEndedAt: number | undefined;

  constructor(
    read: JobReader,
    pipelines: V2Client,
    pipeline: PipelineRef & { number: number },
    times: PipelineTimes,
  ) {
    this.#read = read;
    this.#pipelines = pipelines;
    this.#pipeline = { id: pipeline.id, project_slug: pipeline.project_slug };
    this.#name = `pipeline #${pipeline.number}`;
    this.#times = times;
  }

  get workflows(): (Workflow & { done: boolean })[] {
    return [...this.#workflows.values()].map(({ workflow, done }) => ({ ...workflow, done }));
  }

  get unbuilt(): UnbuiltJob[] {
    return [...this.#workflows.values()].flatMap(({ workflow, jobs, done }) =>
      (done ? jobs.filter(stoppedUnbuilt) : []).map(({ name, status, type }) => ({
        job: name,
        workflow: workflow.name,
        status,
        type: type ?? '',
      })),
    );
  }

  /** The jobs oldest first, the workflows that have ended, what the log should say, and why nothing ran. */
  async look() {
    const notes: string[] = (this.#notes = []);
    if (this.#workflows.size === 0 && (await this.#listWorkflows()).length === 0) {
      const since = this.#emptySince;
      const complete = since !== undefined && this.#times.now() - since >= this.#times.emptyMs;
      const nothing =
        `${this.#name} listed no workflow within ${Math.round(this.#times.emptyMs / 1000)} s of its ` +
        `set-up: its workflows were all filtered out, it seems (inferred: the service gives no signal for this)`;
      return { jobs: [], truncated: false, complete, notes, workflows: [], ...(complete && { nothing }) };
    }
    for (const entry of this.#workflows.values()) if (!entry.done) await this.#readJobs(entry);
    // The workflows' own statuses are read again only when all their jobs look ended: that confirms the end
    // (and finds a workflow that came late) without a list of the workflows at every look.
    if ([...this.#workflows.values()].every((w) => w.jobsEnded)) {
      const before = new Set(this.#workflows.keys());
      await this.#listWorkflows();
      for (const entry of this.#workflows.values()) {
        if (!before.has(entry.workflow.id)) await this.#readJobs(entry);
        entry.done = FINAL_WORKFLOW_STATUSES.has(entry.workflow.status) && entry.jobsEnded;
        const { id, name, status } = entry.workflow;
        if (entry.done && !entry.jobs.some(hasBuild))
          this.#sayOnce(`${id}/empty`, `Workflow ${name} ended with status ${status} without starting a job`);
      }
    }
    const jobs = [...this.#builds.values()].sort((a, b) => a.number - b.number);
    const known = [...this.#workflows.values()];
    const ended = known
      .filter((w) => w.done)
      .map(({ workflow: { id, name, status }, jobs }) => {
        const stopped = jobs.filter(stoppedUnbuilt).map((job) => `job ${job.name} ended ${job.status}`);
        return { id, name, status, jobs: jobs.map((j) => j.name), ...(stopped.length > 0 && { stopped }) };
      });
    let complete = known.every((w) => w.done);
    let nothing: string | undefined;
    // A setup workflow that succeeded continues into workflows that appear later: they are given the settle time.
    if (complete && known.every((w) => w.workflow['tag'] === 'setup' && w.workflow.status === 'success')) {
      const now = this.#times.now();
      this.#setupEndedAt ??= now;
      complete = now - this.#setupEndedAt >= this.#times.settleMs;
      if (complete) {
        const names = known.map((w) => w.workflow.name).join(', ');
        nothing = `the setup workflow ${names} of ${this.#name} continued into no workflow within ${Math.round(this.#times.settleMs / 1000)} s`;
      } else {
        const text = `The setup workflow of ${this.#name} ended; waiting for the workflows it continues into`;
        this.#sayOnce('setup', text);
      }
    } else if (complete && !known.some((w) => w.jobs.length > 0)) {
      nothing = `no workflow of ${this.#name} made a job`;
    } else if (complete && jobs.length === 0) {
      // An approval is not a build: a pipeline that ran only approvals ran nothing (docs/promises.md, promise 31).
      nothing = `no job of ${this.#name} ran a build (an approval is not one)`;
    }
    return { jobs, truncated: false, complete, notes, workflows: ended, ...definedOnly({ nothing }) };
  }

  /** Lists the pipeline's workflows (new ones are added); an errored pipeline, which has none, throws. */
  async #listWorkflows(): Promise<Workflow[]> {
    const workflows = await this.#pipelines.workflows(this.#pipeline);
    for (const workflow of workflows) {
      const known = this.#workflows.get(workflow.id);
      if (known === undefined)
        this.#workflows.set(workflow.id, { workflow, jobs: [], done: false, jobsEnded: false });
      else known.workflow = workflow;
    }
    if (workflows.length === 0) {
      const pipeline = await this.#pipelines.pipeline(this.#pipeline.id);
      if (!PENDING_PIPELINE_STATES.has(pipeline.state ?? '')) this.#emptySince ??= this.#times.now();
      const errored = erroredPipeline(pipeline);
      if (errored !== undefined) throw new PipelineErroredError(errored);
    }
    return workflows;
  }

  /** Reads a job's build when it first has a number and when it ends, and in between takes the job's status. */
  async #readJobs(entry: KnownWorkflow): Promise<void> {
    const { workflow } = entry;
    entry.jobs = await this.#pipelines.jobs(workflow);
    for (const job of entry.jobs) {
      if (job.status === 'on_hold') this.#sayOnce(`${workflow.id}/${job.id}/hold`, onHold(workflow, job));
      // An approval's number names no build: reading it answers 404.
      if (!hasBuild(job)) continue;
      const num = job.job_number;
      const cached = this.#builds.get(num);
      if (cached?.ended === true) continue;
      if (cached === undefined || jobStatusMeaning(job.status).ended) {
        this.#builds.set(num, checkListedJob(this.#read.call(num), await this.#read(num), job, workflow));
      } else if (job.status === 'running' || job.status === 'queued') {
        // Between reads the listed status says where the job is; a v1.1 build's lifecycle has the same words.
        const lifecycle = cached.lifecycle === null ? null : job.status;
        this.#builds.set(num, { ...cached, lifecycle, state: job.status, status: job.status });
      }
    }
    entry.jobsEnded = entry.jobs.every((job) =>
      hasBuild(job)
        ? this.#builds.get(job.job_number)?.ended === true
        : UNBUILT_JOB_STATUSES.has(job.status) || passedApproval(job),
    );
  }

  #sayOnce(key: string, text: string): void {
    if (!this.#said.has(key)) this.#notes.push(text);
    this.#said.add(key);
  }
}

function hasBuild(job: Job): job is Job & { job_number: number } {
  return job.job_number !== null && job.type !== 'approval';
}

const passedApproval = (job: Job): boolean => job.type === 'approval' && job.status === 'success';

/** A job that ended without a build (an approval that passed is not one: it ended as it should). */
const stoppedUnbuilt = (job: Job): boolean => !hasBuild(job) && !passedApproval(job);

function onHold(workflow: Workflow, job: Job): string {
  const request = job['approval_request_id'];
  const route = isV2Id(request) ? ` (or POST /api/v2/workflow/${workflow.id}/approve/${request})` : '';
  return (
    `Job ${job.name} of workflow ${workflow.name} is on hold: it waits for a person to approve it on the ` +
    `service${route}; the pipeline goes on only once it is approved (the step waits until its timeout)`
  );
}
