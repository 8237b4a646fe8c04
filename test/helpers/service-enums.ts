// The service's own words, written once for the tests that hold the code and the emulator to them: the job
// statuses its v2 reference lists (docs/v2.md).
export const SERVICE_JOB_STATUSES = [
  'success',
  'running',
  'not_run',
  'failed',
  'retried',
  'queued',
  'not_running',
  'infrastructure_fail',
  'timedout',
  'on_hold',
  'terminated-unknown',
  'blocked',
  'canceled',
  'unauthorized',
] as const;
