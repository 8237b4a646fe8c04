// What each of API v2's job statuses means to the product: whether the job has ended, and its `allowed-outcomes`
// word (docs/v2.md); test/api/job-status.test.ts keeps the README's table equal to this one.

interface JobStatusMeaning {
  /** The job will not change any more (a `blocked` job ends only with its workflow). */
  ended: boolean;
  /** The `allowed-outcomes` word of an ended job; '' while it has not ended, or when it ended without one. */
  outcome: string;
}

/** The service's job statuses, all of them. */
export const V2_JOB_STATUSES: Readonly<Record<string, JobStatusMeaning>> = {
  success: { ended: true, outcome: 'success' },
  failed: { ended: true, outcome: 'failed' },
  canceled: { ended: true, outcome: 'canceled' },
  infrastructure_fail: { ended: true, outcome: 'infrastructure_fail' },
  timedout: { ended: true, outcome: 'timedout' },
  not_run: { ended: true, outcome: 'not_run' },
  // Ended by the service for a reason it does not know: the machine, not the code.
  'terminated-unknown': { ended: true, outcome: 'infrastructure_fail' },
  // A job the user may not run (a restricted context): it did not pass.
  unauthorized: { ended: true, outcome: 'failed' },
  // Replaced by a rerun, whose own job carries the outcome.
  retried: { ended: true, outcome: '' },
  running: { ended: false, outcome: '' },
  queued: { ended: false, outcome: '' },
  not_running: { ended: false, outcome: '' },
  on_hold: { ended: false, outcome: '' },
  blocked: { ended: false, outcome: '' },
};

/** A job status's meaning; a status the table does not know is a job that has not ended. */
export const jobStatusMeaning = (status: string): JobStatusMeaning =>
  (Object.hasOwn(V2_JOB_STATUSES, status) && V2_JOB_STATUSES[status]) || { ended: false, outcome: '' };

/** Where a v2 job is, in the log's words for a v1.1 build: running until it ends, then finished, or not_run. */
export function v2JobState(status: string): string {
  return !jobStatusMeaning(status).ended ? 'running' : status === 'not_run' ? 'not_run' : 'finished';
}
