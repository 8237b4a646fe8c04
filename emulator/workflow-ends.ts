// What the real service does with workflows that the rest of the emulator's API v2 leaves out: an approval job
// gets a `job_number` once it is reached (a number that names no build, so a build read of it answers 404), and a
// workflow can end failed, error, canceled or unauthorized before making its jobs (a set-up error, a cancel right
// after the trigger, a context the actor may not use), through `POST /_emulator/end-workflow`.
import type { Builds } from './builds.ts';
import type { EmulatedProject, WorkflowRun } from './model.ts';

/** The statuses a workflow can be made to end with. */
export const FORCED_WORKFLOW_STATUSES = ['failed', 'error', 'canceled', 'unauthorized'] as const;
export type ForcedWorkflowStatus = (typeof FORCED_WORKFLOW_STATUSES)[number];

const approvalNumbers = new WeakMap<WorkflowRun, Map<string, number>>();
const forced = new WeakMap<WorkflowRun, { status: ForcedWorkflowStatus; at: number }>();

/** An approval's number: taken from the project's build numbers the first time the approval is reached. */
export function approvalNumber(project: EmulatedProject, run: WorkflowRun, jobName: string): number {
  let numbers = approvalNumbers.get(run);
  if (numbers === undefined) {
    numbers = new Map();
    approvalNumbers.set(run, numbers);
  }
  let num = numbers.get(jobName);
  if (num === undefined) {
    num = project.nextBuildNum++;
    numbers.set(jobName, num);
  }
  return num;
}

/** Ends a workflow with `status`: its running builds are cancelled, and its jobs not made yet never are. */
export function endWorkflow(
  builds: Builds,
  project: EmulatedProject,
  run: WorkflowRun,
  status: ForcedWorkflowStatus,
  now: number,
): void {
  if (forced.has(run) || run.canceledAt !== undefined) return;
  for (const num of run.builds.values()) {
    const build = project.findBuild(num);
    if (build !== undefined) builds.cancel(project, build);
  }
  for (let i = project.pendingJobs.length - 1; i >= 0; i--) {
    if (project.pendingJobs[i]?.run === run) project.pendingJobs.splice(i, 1);
  }
  forced.set(run, { status, at: now });
}

/** The status a workflow was made to end with, and when; undefined for one left to its jobs. */
export function forcedEnd(run: WorkflowRun): { status: ForcedWorkflowStatus; at: number } | undefined {
  return forced.get(run);
}
