// Dynamic configuration as the real service runs it: a setup workflow (`tag: "setup"`) runs first, and once it
// has succeeded the workflows it continues into appear in the same pipeline and run. A setup workflow that
// continues into nothing ends the pipeline's work there.
import {
  fakeUuid,
  type EmulatedProject,
  type PushRecord,
  type StoredPipeline,
  type WorkflowRun,
  type WorkflowSpec,
} from './model.ts';
import { phaseAt } from './phase.ts';

interface Waiting {
  push: PushRecord;
  specs: WorkflowSpec[];
  key: string;
}

const setups = new WeakMap<WorkflowRun, Waiting>();

/** Marks a run as a setup workflow that continues into `specs` once it has succeeded. */
export function markSetup(run: WorkflowRun, push: PushRecord, specs: WorkflowSpec[], key: string): void {
  setups.set(run, { push, specs, key });
}

/** Whether a pipeline has a setup workflow whose continuations have not appeared yet. */
export function hasSetup(pipeline: StoredPipeline): boolean {
  return pipeline.runs.some((run) => (setups.get(run)?.specs.length ?? 0) > 0);
}

/** `"setup"` for a setup workflow, as the real service tags it. */
export function tagOf(run: WorkflowRun): string | undefined {
  return setups.has(run) ? 'setup' : undefined;
}

/**
 * Adds the continuation workflows of every setup workflow that has succeeded by `now`, each job pending from the
 * moment the setup ended. Answers whether any was added.
 */
export function continueSetups(project: EmulatedProject, now: number): boolean {
  let added = false;
  for (const pipeline of project.pipelines) {
    for (const run of [...pipeline.runs]) {
      const waiting = setups.get(run);
      if (waiting === undefined || waiting.specs.length === 0) continue;
      let end = run.createdAt;
      let succeeded = run.canceledAt === undefined;
      for (const job of run.jobs) {
        const num = run.builds.get(job.name);
        const build = num === undefined ? undefined : project.findBuild(num);
        const phase = build === undefined ? undefined : phaseAt(build, now);
        if (phase?.lifecycle !== 'finished' || phase.outcome !== 'success' || phase.stop === null) {
          succeeded = false;
          break;
        }
        end = Math.max(end, phase.stop);
      }
      if (!succeeded) continue;
      const push = { ...waiting.push, at: end, delayMs: 0 };
      for (const spec of waiting.specs) {
        const fresh: WorkflowRun = {
          name: spec.name,
          id: fakeUuid(`${waiting.key}/${spec.name}`),
          builds: new Map(),
          jobIds: new Map(
            spec.jobs.map((job) => [job.name, fakeUuid(`${waiting.key}/${spec.name}/${job.name}`)]),
          ),
          jobs: spec.jobs.map((job) => ({ ...job })),
          pipelineId: pipeline.id,
          createdAt: end,
          approvals: new Map(),
        };
        pipeline.runs.push(fresh);
        for (const job of fresh.jobs) project.pendingJobs.push({ push, run: fresh, job });
      }
      waiting.specs = [];
      added = true;
    }
  }
  return added;
}
