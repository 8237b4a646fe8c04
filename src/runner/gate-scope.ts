// What the gate waits for, how it names it, and how a wait of it ends, for its looks, verdict and report.
import type { CommitQuery } from '../service/commit-builds.ts';
import { describePatterns, type NamePattern } from '../common/name-patterns.ts';
import type { Job } from '../service/model.ts';
import type { UnbuiltJob, WorkflowEnd } from '../service/pipeline-builds.ts';
import type { JobSource } from '../service/sources.ts';
import type { IfNothing, OutcomePolicy } from './outcomes.ts';

/** wait-for-build's inputs, or what trigger-build makes of its own. */
export interface GateInputs {
  buildNum?: number;
  /** `revision` is '' when it is to be read from the newest build of `branch` (an issue_comment event). */
  query: CommitQuery;
  workflows: NamePattern[];
  jobs: NamePattern[];
  /** Lines of `job` the step waits for until a job they match has appeared. */
  named: NamePattern[];
  ifNoBuilds: IfNothing;
  appearMs: number;
  settleMs: number;
  timeoutMs: number;
  intervalMs: number;
  policy: OutcomePolicy;
  failureLogLines: number;
  /** Where the builds come from instead of the commit's (a pipeline's), and its name. */
  source?: JobSource;
  label?: string;
}

/** What the gate found once the wait ended, for the one rule to judge. */
export interface Found {
  /** The builds counted, all ended; `others`: every build of the chosen workflows, counted or not. */
  builds: readonly Job[];
  others: readonly Job[];
  /** Every ended workflow known of the pipeline or the commit (through v2, where it answers). */
  workflows: readonly WorkflowEnd[];
  /** The chosen jobs of a pipeline that ended without a build. */
  unbuilt: readonly UnbuiltJob[];
  /** Why a named job or workflow, or any build chosen, did not appear within the appear time. */
  missing?: string;
  /** Why nothing ran, as the source knows it (a pipeline that listed no workflow, or ran only approvals). */
  nothing?: string;
  /** Why each of the commit's pipelines that errored runs nothing. */
  errored?: readonly string[];
}

/** How the wait ended; `stopped` is a time-out, a give-up or builds not found (`none`: nothing appeared). */
export type Ending =
  | ({ kind: 'finished' } & Partial<Omit<Found, 'builds' | 'unbuilt'>>)
  | { kind: 'cancelled'; what?: string }
  | { kind: 'stopped'; why: string }
  | { kind: 'none'; why: string };

export type Finished = Extract<Ending, { kind: 'finished' }>;

/** `#12 (job test)` */
export function label(job: Job): string {
  return `#${job.number}${job.name === null ? '' : ` (job ${job.name})`}`;
}

/** `commit 1a2b3c4 on branch main, workflow ci, jobs build, test` */
export function scopeOf(input: GateInputs): string {
  if (input.label !== undefined) return input.label;
  if (input.buildNum !== undefined) return `build #${input.buildNum}`;
  const { revision, branch } = input.query;
  const commit = revision === '' ? 'the newest commit' : `commit ${revision.slice(0, 12)}`;
  const parts = [branch === undefined ? commit : `${commit} on branch ${branch}`];
  for (const [name, list] of Object.entries({ workflow: input.workflows, job: input.jobs }))
    if (list.length > 0) parts.push(`${name}${list.length > 1 ? 's' : ''} ${describePatterns(list)}`);
  return parts.join(', ');
}

/** `running (status running)`, or just `queued` when both say the same. */
export function describeState({ state, status }: Job): string {
  const where = state ?? 'in an unknown state';
  return status && status !== state ? `${where} (status ${status})` : where;
}

export const upper = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
