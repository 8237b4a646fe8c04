// The calls about one pipeline and its approval jobs, which API v2 alone has: they name a pipeline or a workflow,
// never a project, so that a pipeline named by its id is reached without one.
import { UnusableAnswerError } from './http/errors.ts';
import { isForkPipeline } from './forks.ts';
import { unseen } from './paginate.ts';
import type { Pipeline, PipelineRef, V2Client } from './v2.ts';
import { pipelineVcs } from './v2-records.ts';

/** A pipeline, and the branch and commit it was built from as the service gave them. */
export interface PipelineHead {
  id: string;
  number: number;
  branch: string | null;
  revision: string | null;
  /** A pull request's, perhaps a fork's (docs/promises.md, promise 36). */
  fork: boolean;
  /** The project the service says it is of. */
  project_slug: unknown;
}

/** An approval job of a pipeline as one read saw it. */
export interface Approval {
  /** `<job> of workflow <workflow>`. */
  name: string;
  job: string;
  workflow: string;
  workflowId: string;
  status: string;
  /** What approving it names; '' for a job not on hold that has none. */
  requestId: string;
  /** The project its workflow says it is of, which its job list is checked against. */
  project_slug: unknown;
}

export function headOf(pipeline: Pipeline): PipelineHead {
  const { branch, revision } = pipelineVcs(pipeline);
  const { id, number, project_slug } = pipeline;
  return { id, number, branch, revision, fork: isForkPipeline(pipeline), project_slug };
}

export function pipelineCalls(api: V2Client) {
  return {
    /** The pipeline `id`: an answer about another one is unusable (docs/promises.md, promise 35). */
    pipelineHead: async (id: string): Promise<PipelineHead> => headOf(await api.pipeline(id)),
    /** Every approval job of the pipeline, each once however often listed (docs/promises.md, promise 36). */
    approvals: async (pipeline: PipelineRef): Promise<Approval[]> => {
      const approvals = new Map<string, Approval>();
      for (const workflow of unseen(await api.workflows(pipeline), new Set(), (w) => w.id)) {
        for (const job of await api.jobs(workflow)) {
          if (job.type !== 'approval') continue;
          // Approving names the request: a hold without one could never be released.
          if (job.status === 'on_hold' && typeof job.approval_request_id !== 'string')
            throw new UnusableAnswerError(
              'GET',
              `v2 /workflow/${workflow.id}/job`,
              `${job.name} names no approval_request_id`,
            );
          const key = job.approval_request_id ?? `job ${job.id}`;
          if (approvals.has(key)) continue;
          approvals.set(key, {
            name: `${job.name} of workflow ${workflow.name}`,
            job: job.name,
            workflow: workflow.name,
            workflowId: workflow.id,
            project_slug: workflow.project_slug,
            status: job.status,
            requestId: job.approval_request_id ?? '',
          });
        }
      }
      return [...approvals.values()];
    },
    /** Sent once: whether an approval that failed arrived is read with `approvalStatus`. */
    approve: (approval: Approval): Promise<unknown> => api.approve(approval.workflowId, approval.requestId),
    /** The approval job's status now; undefined once its workflow lists it no more. */
    approvalStatus: async (approval: Approval): Promise<string | undefined> =>
      (await api.jobs({ id: approval.workflowId, project_slug: approval.project_slug })).find(
        (j) => j.approval_request_id === approval.requestId,
      )?.status,
  };
}
