// The one job model the actions pass around, whichever API read it: a v1.1 build and a v2 job meet here, so that no
// action reads a record of either API (docs/v2.md). Every field a documented output or the summary uses is here.
import { elapsedMs } from '../common/format.ts';
import { isFork, isForkPipeline } from './forks.ts';
import { jobOf } from './commit-builds.ts';
import { jobStatusMeaning, v2JobState } from './job-status.ts';
import { isFinished, type Build } from './records.ts';
import { text } from '../common/values.ts';
import { pipelineVcs, stringOrNull, type Pipeline } from './v2-records.ts';

export interface Job {
  /** The job's number, the v1.1 build number. */
  number: number;
  name: string | null;
  workflow: { id: string | null; name: string | null };
  pipeline: { id: string | null; number: number | null };
  status: string | null;
  /** v1.1's lifecycle; a v2 job has none. */
  lifecycle: string | null;
  /** Where it is, as the log says it: v1.1's lifecycle, or what a v2 job's status means. */
  state: string | null;
  ended: boolean;
  outcome: string | null;
  url: string | null;
  branch: string | null;
  revision: string | null;
  tag: string | null;
  subject: string | null;
  durationMs: number | null;
  /** The number of the job this one reran (`retry_of`). */
  retryOf: number | null;
  /** A pull request's, perhaps a fork's (docs/promises.md, promise 32). */
  fork: boolean;
  /** An approval job, which a person or the approve action releases. */
  approval: boolean;
}

const whole = (value: unknown): number | null => (Number.isSafeInteger(value) ? (value as number) : null);

export function jobOfBuild(build: Build): Job {
  const workflows = build.workflows ?? {};
  const { job, workflow } = jobOf(build);
  return {
    number: build.build_num,
    name: job ?? null,
    workflow: { id: text(workflows['workflow_id']) ?? null, name: workflow ?? null },
    pipeline: {
      id: text(workflows['pipeline_id']) ?? null,
      number: whole(workflows['pipeline_number']),
    },
    status: stringOrNull(build.status),
    lifecycle: stringOrNull(build.lifecycle),
    state: stringOrNull(build.lifecycle),
    ended: isFinished(build),
    outcome: stringOrNull(build.outcome),
    url: stringOrNull(build.build_url),
    branch: stringOrNull(build.branch),
    revision: stringOrNull(build.vcs_revision),
    tag: stringOrNull(build.vcs_tag),
    subject: stringOrNull(build.subject),
    durationMs: elapsedMs(build.build_time_millis, build.start_time, build.stop_time) ?? null,
    retryOf: whole(build.retry_of),
    fork: isFork(build),
    approval: build['type'] === 'approval' || workflows['job_type'] === 'approval',
  };
}

/** A v2 job of `pipeline` as a job: what its status says (job-status.ts), never a v1.1 lifecycle. */
export function jobOfV2(
  pipeline: Pipeline,
  job: { job_number: number; name: string; status: string },
  workflow: { id?: string | null; name?: string | null } = {},
  url: string | null = null,
): Job {
  const { branch, revision, tag } = pipelineVcs(pipeline);
  const { ended, outcome } = jobStatusMeaning(job.status);
  return {
    number: job.job_number,
    name: job.name,
    workflow: { id: workflow.id ?? null, name: workflow.name ?? null },
    pipeline: { id: null, number: null },
    status: job.status,
    lifecycle: null,
    state: v2JobState(job.status),
    ended,
    outcome: outcome === '' ? null : outcome,
    url,
    branch,
    revision,
    tag,
    subject: null,
    durationMs: null,
    retryOf: null,
    fork: isForkPipeline(pipeline),
    approval: false,
  };
}
