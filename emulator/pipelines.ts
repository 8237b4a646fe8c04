// API v2 of the emulator (docs/sunset.md): pipelines, their workflows and jobs. A pipeline is a push (pushes.ts):
// its workflows are the push's workflow runs and its jobs are the builds the push makes, so a job's `job_number`
// is the build number v1.1 shows. Approval jobs wait for `POST /_emulator/approve`.

import { isFinished } from './service.ts';
import type { Builds } from './builds.ts';
import { HttpError } from './http.ts';
import {
  fakeUuid,
  PIPELINE_SETUP_MS,
  type EmulatedProject,
  type JobSpec,
  type StoredPipeline,
  type WorkflowRun,
} from './model.ts';
import { phaseAt } from './phase.ts';
import { push } from './pushes.ts';
import { approvalNumber, forcedEnd } from './workflow-ends.ts';
import { tagOf } from './continuations.ts';

export interface JobRecord {
  id: string;
  name: string;
  /** Left out, never null, while a job has none (a job not started yet, an approval not reached). */
  job_number?: number;
  status: string;
  type: 'build' | 'approval';
  started_at: string | null;
  stopped_at: string | null;
  dependencies: string[];
  project_slug: string;
  /** Approval jobs only: what `POST /workflow/{id}/approve/{approval_request_id}` names. */
  approval_request_id?: string;
}

export interface WorkflowRecord {
  id: string;
  name: string;
  status: string;
  pipeline_id: string;
  pipeline_number: number;
  project_slug: string;
  /** The id of the user who started it. */
  started_by: string;
  created_at: string;
  stopped_at: string | null;
  /** `"setup"` on a setup workflow of a dynamic configuration. */
  tag?: string;
}

/** What a v2 trigger asks for. */
export interface PipelineRequest {
  branch?: string;
  tag?: string;
  parameters?: Record<string, unknown>;
}

const iso = (ms: number | null | undefined): string | null =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();

/** A v1.1 outcome as a v2 job status. */
function jobStatusOf(lifecycle: string, outcome: string | null): string {
  // A build the service skipped ran nothing: its job is not_run, and so is a workflow of only such jobs.
  if (lifecycle === 'not_run') return 'not_run';
  if (lifecycle === 'queued' || lifecycle === 'scheduled' || lifecycle === 'not_running') return 'queued';
  if (lifecycle !== 'finished') return 'running';
  switch (outcome) {
    case 'success':
    case 'no_tests':
      return 'success';
    case 'canceled':
      return 'canceled';
    case 'infrastructure_fail':
    case 'timedout':
      return outcome;
    default:
      return 'failed';
  }
}

/** The approval request of an approval job of a run: stable, so that a test can name it. */
function approvalRequestId(run: WorkflowRun, jobName: string): string {
  return fakeUuid(`${run.id}/${jobName}/approval`);
}

const ACTIVE = new Set(['running', 'queued', 'on_hold']);

/** The jobs of a run as v2 lists them, now. */
export function jobRecords(project: EmulatedProject, run: WorkflowRun, now: number): JobRecord[] {
  const statuses = new Map<string, string>();
  /** Whether a job can still run: false once an upstream job failed, was cancelled or can never run. */
  const alive = new Map<string, boolean>();
  const jobByName = new Map(run.jobs.map((job) => [job.name, job]));
  const records: JobRecord[] = [];
  const visit = (job: JobSpec): void => {
    if (statuses.has(job.name)) return;
    const upstream = (job.requires ?? []).flatMap((name) => jobByName.get(name) ?? []);
    for (const up of upstream) visit(up);
    const upstreamOk = upstream.every((up) => statuses.get(up.name) === 'success');
    const upstreamAlive = upstream.every((up) => alive.get(up.name) !== false);
    const num = run.builds.get(job.name);
    const build = num === undefined ? undefined : project.findBuild(num);
    let status: string;
    let start: number | null = null;
    let stop: number | null = null;
    if (build !== undefined) {
      const phase = phaseAt(build, now);
      status = jobStatusOf(phase.lifecycle, phase.outcome);
      start = phase.start;
      stop = phase.stop;
      if (
        build.pin !== undefined &&
        phase.lifecycle !== 'not_run' &&
        isFinished({ lifecycle: phase.lifecycle, outcome: phase.outcome })
      )
        status = jobStatusOf('finished', phase.outcome);
    } else if (run.canceledAt !== undefined) {
      status = 'canceled';
    } else if (job.type === 'approval') {
      const approved = run.approvals.get(job.name);
      status = approved !== undefined ? 'success' : upstreamOk ? 'on_hold' : 'blocked';
      if (approved !== undefined) stop = approved;
    } else {
      status = 'blocked';
    }
    // A workflow made to end before this job was made never lists it.
    if (build === undefined && forcedEnd(run) !== undefined) return;
    statuses.set(job.name, status);
    alive.set(
      job.name,
      upstreamAlive && !['failed', 'canceled', 'infrastructure_fail', 'timedout'].includes(status),
    );
    const number =
      build !== undefined
        ? build.num
        : job.type === 'approval' && (status === 'on_hold' || status === 'success')
          ? approvalNumber(project, run, job.name)
          : undefined;
    records.push({
      id: run.jobIds.get(job.name) ?? fakeUuid(`${run.id}/${job.name}`),
      name: job.name,
      ...(number !== undefined && { job_number: number }),
      status,
      type: job.type === 'approval' ? 'approval' : 'build',
      started_at: iso(start),
      stopped_at: iso(stop),
      dependencies: upstream.map((up) => run.jobIds.get(up.name) ?? ''),
      project_slug: project.slug,
      ...(job.type === 'approval' && { approval_request_id: approvalRequestId(run, job.name) }),
    });
  };
  for (const job of run.jobs) visit(job);
  // In the order the configuration lists them.
  return run.jobs.flatMap((job) => records.find((r) => r.name === job.name) ?? []);
}

/** A run's status from its jobs, now. */
export function workflowRecord(
  project: EmulatedProject,
  pipeline: StoredPipeline,
  run: WorkflowRun,
  now: number,
): WorkflowRecord {
  const jobs = jobRecords(project, run, now);
  const failed = jobs.some((j) => ['failed', 'infrastructure_fail', 'timedout'].includes(j.status));
  const running = jobs.some((j) => j.status === 'running' || j.status === 'queued');
  const onHold = jobs.some((j) => j.status === 'on_hold');
  // A blocked job still to come: its upstream jobs are running, or its push's delay has not passed yet.
  const pending = jobs.some((j) => j.status === 'blocked' && !failed);
  let status: string;
  if (run.canceledAt !== undefined) status = 'canceled';
  else if (running) status = failed ? 'failing' : 'running';
  else if (onHold) status = failed ? 'failing' : 'on_hold';
  else if (failed) status = 'failed';
  else if (pending) status = 'running';
  else if (jobs.every((j) => j.status === 'success')) status = 'success';
  else if (jobs.length > 0 && jobs.every((j) => j.status === 'not_run')) status = 'not_run';
  else status = 'failed';
  const tag = tagOf(run);
  const end = forcedEnd(run);
  if (end !== undefined) status = end.status;
  const ended = !ACTIVE.has(status) && status !== 'failing' && status !== 'running';
  const stops = jobs.map((j) => (j.stopped_at === null ? 0 : Date.parse(j.stopped_at)));
  return {
    id: run.id,
    name: run.name,
    status,
    pipeline_id: pipeline.id,
    pipeline_number: pipeline.number,
    project_slug: project.slug,
    started_by: startedBy(project),
    created_at: iso(run.createdAt) ?? '',
    ...(tag === undefined ? {} : { tag }),
    stopped_at: ended
      ? iso(end?.at ?? run.canceledAt ?? stops.reduce((a, b) => Math.max(a, b), run.createdAt))
      : null,
  };
}

/** A pipeline's state now: pending while its configuration is compiled, then errored or created. */
function pipelineState(pipeline: StoredPipeline, now: number): string {
  const setUpAt = pipeline.setUpAt ?? 0;
  if (now < setUpAt) return now < (pipeline.createdAt + setUpAt) / 2 ? 'setup-pending' : 'pending';
  return pipeline.errors.length > 0 ? 'errored' : 'created';
}

/** The user who starts a project's workflows, by id (the reference's `started_by`). */
const startedBy = (project: EmulatedProject): string => fakeUuid(`${project.slug}/user`);

/** A pipeline as the service's reference gives it; `actor` is the login of the user who pushed or triggered. */
export function pipelineRecord(
  project: EmulatedProject,
  pipeline: StoredPipeline,
  actor: string,
  now = Number.POSITIVE_INFINITY,
): Record<string, unknown> {
  const state = pipelineState(pipeline, now);
  const repository = pipeline.repository ?? { origin: project.vcsUrl, target: project.vcsUrl };
  return {
    id: pipeline.id,
    number: pipeline.number,
    project_slug: project.slug,
    state,
    // The errors are known once the configuration is compiled.
    errors: state === 'errored' ? pipeline.errors : [],
    trigger: {
      type: pipeline.trigger ?? 'webhook',
      received_at: iso(pipeline.createdAt),
      actor: { login: actor, avatar_url: null },
    },
    vcs: {
      // The code host by name; a project named by its slug alone is named by its provider word.
      provider_name: project.slug.split('/')[0] ?? project.vcsType,
      origin_repository_url: repository.origin,
      target_repository_url: repository.target,
      revision: pipeline.revision,
      ...(pipeline.branch !== null && { branch: pipeline.branch }),
      ...(pipeline.tag !== null && { tag: pipeline.tag }),
    },
    parameters: pipeline.parameters,
    created_at: iso(pipeline.createdAt),
  };
}

/** What the service answers when it triggers nothing for a skip marker in the head commit's message. */
const NOT_TRIGGERED_MESSAGE = 'Ignoring pipeline due to CI skip in the commit';

/** The subject of the newest push to a branch, which a v2 trigger of it builds (undefined without one). */
function headSubject(project: EmulatedProject, branch: string): string | undefined {
  return project.pipelines.findLast((p) => p.branch === branch && p.subject !== undefined)?.subject;
}

/**
 * A v2 trigger, as the service answers it: a head commit with a skip marker triggers nothing (a 200 message);
 * otherwise a pipeline is created (201), pending for a moment, then `errored` when a parameter is not declared
 * or the configuration fails, or built as a push is.
 */
export function triggerPipeline(
  builds: Builds,
  project: EmulatedProject,
  request: PipelineRequest,
  now: number,
): StoredPipeline | { message: string } {
  const parameters = request.parameters ?? {};
  const declared = project.config.parameters ?? {};
  const branch = request.branch ?? project.config.defaultBranch ?? 'master';
  if (request.tag === undefined && /\[(ci skip|skip ci)\]/iu.test(headSubject(project, branch) ?? ''))
    return { message: NOT_TRIGGERED_MESSAGE };
  const setUpAt = now + (project.config.pipelineSetupMs ?? PIPELINE_SETUP_MS);
  const undeclared = Object.keys(parameters).filter((name) => !Object.hasOwn(declared, name));
  if (undeclared.length > 0)
    return erroredPipeline(
      project,
      request,
      parameters,
      now,
      setUpAt,
      `Unexpected argument(s): ${undeclared.join(', ')}`,
    );
  for (const [name, value] of Object.entries(parameters)) {
    const type = declared[name]?.type;
    const ok =
      (type === 'string' && typeof value === 'string') ||
      (type === 'integer' && Number.isInteger(value)) ||
      (type === 'boolean' && typeof value === 'boolean');
    if (!ok)
      throw new HttpError(
        400,
        `Parameter ${name}: expected a ${type ?? 'value'}, got ${JSON.stringify(value)}`,
      );
  }
  const configError = builds.behaviour(project, branch).configError;
  if (configError !== undefined)
    return erroredPipeline(project, request, parameters, now, setUpAt, configError);
  push(
    builds,
    project,
    {
      branch,
      ...(request.tag !== undefined && { tag: request.tag }),
      parameters,
    },
    now,
  );
  const made = project.pipelines.at(-1);
  if (made === undefined) throw new Error('no pipeline made');
  made.setUpAt = setUpAt;
  made.trigger = 'api';
  return made;
}

/** A pipeline whose configuration fails to compile: created, then `errored` with one config error. */
function erroredPipeline(
  project: EmulatedProject,
  request: PipelineRequest,
  parameters: Record<string, unknown>,
  now: number,
  setUpAt: number,
  message: string,
): StoredPipeline {
  const pipeline: StoredPipeline = {
    id: fakeUuid(`${project.slug}/pipeline/${project.pipelines.length + 1}/errored`),
    number: project.pipelines.length + 1,
    createdAt: now,
    branch: request.tag === undefined ? (request.branch ?? project.config.defaultBranch ?? 'master') : null,
    tag: request.tag ?? null,
    revision: '',
    errors: [{ type: 'config', message }],
    parameters,
    runs: [],
    setUpAt,
    trigger: 'api',
  };
  project.pipelines.push(pipeline);
  return pipeline;
}

/** Cancels a run: its builds still running, its jobs not started yet and its approvals. */
export function cancelRun(builds: Builds, project: EmulatedProject, run: WorkflowRun, now: number): void {
  if (run.canceledAt !== undefined) return;
  for (const num of run.builds.values()) {
    const build = project.findBuild(num);
    if (build !== undefined) builds.cancel(project, build);
  }
  for (let i = project.pendingJobs.length - 1; i >= 0; i--) {
    if (project.pendingJobs[i]?.run === run) project.pendingJobs.splice(i, 1);
  }
  run.canceledAt = now;
}

/**
 * Reruns jobs of a run (by job id) as a new run of the same pipeline, each a retry of its build; `enableSsh`
 * gives the retries SSH. Answers the new run.
 */
export function rerunJobs(
  builds: Builds,
  project: EmulatedProject,
  pipeline: StoredPipeline,
  run: WorkflowRun,
  options: { jobIds: string[]; enableSsh: boolean },
  now: number,
): WorkflowRun {
  const names = options.jobIds.map((id) => {
    const name = [...run.jobIds].find(([, jobId]) => jobId === id)?.[0];
    if (name === undefined) throw new HttpError(400, `Job ${id} is not a job of workflow ${run.id}`);
    if (run.builds.get(name) === undefined)
      throw new HttpError(400, `Job ${name} has not run: nothing to rerun`);
    return name;
  });
  const fresh: WorkflowRun = {
    name: run.name,
    id: fakeUuid(`${run.id}/rerun/${pipeline.runs.length}`),
    builds: new Map(),
    jobIds: new Map(),
    jobs: run.jobs.filter((job) => names.includes(job.name)).map((job) => ({ ...job, requires: [] })),
    pipelineId: pipeline.id,
    createdAt: now,
    approvals: new Map(),
  };
  for (const name of names) {
    const oldNum = run.builds.get(name) ?? 0;
    const oldId = run.jobIds.get(name) ?? '';
    const original = project.findBuild(oldNum);
    if (original === undefined) continue;
    const retry = builds.retry(project, original, { ssh: options.enableSsh });
    // The retry belongs to the new run; the old run keeps its own build.
    run.builds.set(name, oldNum);
    run.jobIds.set(name, oldId);
    const jobId = fakeUuid(`${fresh.id}/${name}`);
    fresh.builds.set(name, retry.num);
    fresh.jobIds.set(name, jobId);
    retry.why = 'api';
    if (retry.workflows !== undefined)
      retry.workflows = { ...retry.workflows, job_id: jobId, workflow_id: fresh.id, upstream_job_ids: [] };
    if (retry.workflowJob !== undefined) retry.workflowJob = { run: fresh, job: retry.workflowJob.job };
  }
  pipeline.runs.push(fresh);
  return fresh;
}
