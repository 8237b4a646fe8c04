// The gate's verdict: the one rule of what a gate may pass, and the words of a failure.
import { choosesName } from '../common/name-patterns.ts';
import type { Job } from '../service/model.ts';
import type { UnbuiltJob, WorkflowEnd } from '../service/pipeline-builds.ts';
import { describePolicy, outcomeOf, passes, workflowOutcome, type OutcomePolicy } from './outcomes.ts';
import { scopeOf, label, upper, type Found, type GateInputs } from './gate-scope.ts';

/** The workflows judged, and why the step fails, or why nothing ran (`if-no-builds` decides). */
export interface Verdict {
  judged: WorkflowEnd[];
  fail?: string;
  none?: string;
}

// The one rule of what a gate may pass, on every path, by triple and by slug (docs/promises.md, promise 31):
// every named workflow and job found and ended as the policy allows, at least one build (not an approval) ran,
// and no workflow judged ended outside the policy. `if-no-builds` decides only when nothing failed and none ran.
export function judge(input: GateInputs, found: Found): Verdict {
  const { policy } = input;
  const inWorkflow = (b: Job, w: WorkflowEnd): boolean =>
    b.workflow.id === w.id || b.workflow.name === w.name;
  const chosen = found.workflows.filter((w) => choosesName(input.workflows, w.name));
  const ranNone = found.builds.length === 0 || found.missing !== undefined;
  // With `job`, the workflows that hold a chosen job: one that failed through a build of a job left out is not
  // judged, as the jobs chosen decide. When a job named did not appear, any workflow that failed fails the step.
  const holdsChosen = (w: WorkflowEnd): boolean =>
    found.others.some((b) => inWorkflow(b, w) && choosesName(input.jobs, b.name ?? undefined)) ||
    (w.jobs ?? []).some((job) => choosesName(input.jobs, job));
  const failedThroughBuild = (w: WorkflowEnd): boolean =>
    w.status === 'failed' && found.others.some((b) => inWorkflow(b, w) && !passes(policy, outcomeOf(b)));
  const judged =
    input.jobs.length === 0 || ranNone
      ? chosen
      : chosen.filter((w) => holdsChosen(w) && !failedThroughBuild(w));
  const failing = found.builds.filter((b) => !passes(policy, outcomeOf(b)));
  // One whose failing build already says why is not said again.
  const failingWorkflows = judged.filter(
    (w) => !passes(policy, workflowOutcome(w.status)) && !failing.some((b) => inWorkflow(b, w)),
  );
  if (ranNone) {
    // Nothing counted ran: a build left out that failed (where v2 cannot be read) or a workflow that failed fails.
    const others = found.others.filter((b) => !passes(policy, outcomeOf(b)));
    // A pipeline of the commit whose configuration failed is a failure, not nothing to gate.
    const errored = passes(policy, 'failed') ? [] : (found.errored ?? []);
    if (others.length + failingWorkflows.length + errored.length > 0) {
      const why = found.missing ?? upper(found.nothing ?? `no build of ${scopeOf(input)} ran`);
      const failed = others.length + failingWorkflows.length > 0;
      const list = [...(failed ? [failureList(input, failingWorkflows, others)] : []), ...errored];
      return { judged, fail: `${why}; ${list.join('; ')}` };
    }
  } else if (failing.length > 0 || failingWorkflows.length > 0) {
    return { judged, fail: failureMessage(input, found.builds, failing, failingWorkflows) };
  }
  // A pipeline's job that ended without a build fails it unless the policy allows its status: no deploy ran.
  const stopped = found.unbuilt.filter((j) => !passes(policy, j.status));
  if (stopped.length > 0) {
    const list = stopped.map((j) => `job ${j.job} of workflow ${j.workflow} ended ${j.status}`).join(', ');
    return { judged, fail: `${upper(scopeOf(input))}: ${list}, without running` };
  }
  if (found.missing !== undefined)
    return found.builds.length > 0 ? { judged, fail: found.missing } : { judged, none: found.missing };
  if (found.builds.length === 0)
    return { judged, none: found.nothing ?? `no build of ${scopeOf(input)} ran` };
  return { judged };
}

/** A pipeline's jobs of the chosen workflows and jobs that ended without a build. */
export function unbuiltOf({ source, workflows, jobs }: GateInputs): UnbuiltJob[] {
  return (source?.unbuilt ?? []).filter(
    (j) => choosesName(workflows, j.workflow) && choosesName(jobs, j.job),
  );
}

/** The first build that did not pass, else the newest. */
export function decidingBuild(builds: readonly Job[], policy: OutcomePolicy): Job | undefined {
  return builds.find((b) => !passes(policy, outcomeOf(b))) ?? newest(builds);
}

export function newest(builds: readonly Job[]): Job | undefined {
  return builds.toSorted((a, b) => b.number - a.number)[0];
}

function failureMessage(
  input: GateInputs,
  builds: readonly Job[],
  failing: readonly Job[],
  workflows: readonly WorkflowEnd[],
): string {
  const [only] = failing;
  if (workflows.length === 0 && failing.length === 1 && only !== undefined) {
    const where = only.url ? `: ${only.url}` : '';
    const of = builds.length > 1 ? ` of ${builds.length} builds of ${scopeOf(input)}` : '';
    return `Build ${label(only)}${of} ended with ${buildHow(only)}${allowedOf(input)}${where}`;
  }
  if (workflows.length === 0) {
    const list = failing.map((b) => `${label(b)} ${buildHow(b)}`).join(', ');
    return `${failing.length} of ${builds.length} builds of ${scopeOf(input)} did not pass: ${list}${allowedOf(input)}`;
  }
  return `${upper(scopeOf(input))} did not pass: ${failureList(input, workflows, failing)}`;
}

/** `; allowed: success, no_tests` when more than one outcome passes. */
export const allowedOf = ({ policy }: { policy: OutcomePolicy }): string =>
  policy.allowed.size > 1 ? `; allowed: ${describePolicy(policy)}` : '';

/** `workflow ship ended with status 'failed' (outcome 'failed'), build #3 (job test) ended with outcome 'failed' (…)` */
function failureList(input: GateInputs, workflows: readonly WorkflowEnd[], failing: readonly Job[]): string {
  const list = workflows.map((w) => {
    const outcome = workflowOutcome(w.status);
    const as = outcome && outcome !== w.status ? ` (outcome '${outcome}')` : '';
    const made = w.jobs?.length === 0 ? ' without a job' : '';
    return `workflow ${w.name} ended with status '${w.status}'${as}${made}${w.stopped ? ` (${w.stopped.join(', ')})` : ''}`;
  });
  list.push(...failing.map((b) => `build ${label(b)} ended with ${buildHow(b)}`));
  return `${list.join(', ')}${allowedOf(input)}`;
}

function buildHow(b: Job): string {
  const outcome = outcomeOf(b);
  const status = b.status ?? 'unknown';
  if (outcome === 'not_run') return `outcome 'not_run': the service skipped it`;
  return outcome
    ? `outcome '${outcome}' (status ${status})`
    : `no outcome (status ${status}, lifecycle ${b.state ?? 'unknown'})`;
}
