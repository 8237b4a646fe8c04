// A small service of our own that answers a pipeline's calls (API v2) and its builds' (v1.1) as the real service
// does, from a script the test writes and may change between looks: the pipeline, its workflows (with `tag` and
// final statuses the emulator does not reach), their jobs (approvals with a `job_number` whose build read answers
// 404), and the builds behind the jobs. It records every request.
import http from 'node:http';
import type { Build } from '../../src/service/records.ts';
import { reply } from './scope.ts';

export const SLUG = 'primary-host/octo-org/octo-repo';
export const PIPELINE_ID = '5034460f-c7c4-4c43-9457-de07e2029e7b';

export interface ScriptJob {
  id: string;
  name: string;
  status: string;
  type: 'build' | 'approval';
  job_number?: number | null;
  approval_request_id?: string;
}

export interface ScriptWorkflow {
  id: string;
  name: string;
  status: string;
  tag?: string;
  jobs: ScriptJob[];
  /** Items its job list answers instead of `jobs`, of any shape. */
  rawJobs?: unknown[];
}

/** The commit of the script's pipeline and of its builds (finishedBuild). */
export const REVISION = 'c0ffee1234567890c0ffee1234567890c0ffee12';

export interface Script {
  /** `project_slug` is SLUG unless given (the service's words may name the same project: `gh/…`). */
  pipeline: {
    id: string;
    number: number;
    state: string;
    project_slug?: string;
    errors?: { type: string; message: string }[];
  };
  workflows: ScriptWorkflow[];
  /** v1.1 build records by number; a number without one answers 404 `Build not found`. */
  builds: Map<number, Build>;
  /** What a workflow read answers instead of the workflow (a status, as a service without API v2 or the token). */
  workflowReadStatus?: number;
  /** Items the pipeline's workflow list answers instead of `workflows`, of any shape. */
  rawWorkflows?: unknown[];
  /** Called before each answer: the test moves the service on (by request count, or by time). */
  onRequest?: (method: string, path: string) => void;
  /** How long the answer to a request takes, in milliseconds (none by default). */
  delayMs?: (method: string, path: string) => number;
  /** What `GET /pipeline/{id}` answers instead of the pipeline (another pipeline's record). */
  pipelineAnswer?: Record<string, unknown>;
  /** The pipeline a trigger answers instead of the script's, whose read answers the script's pipeline. */
  triggered?: { id: string; number: number };
  /** The status every API v2 request is answered with (401: a project token, which v2 does not take). */
  v2Status?: number;
  /** v2 job details by number (`GET /project/{SLUG}/job/{number}`), for a project named by its slug. */
  jobDetails?: Map<number, Record<string, unknown>>;
  /** Another project's v1.1 builds: its slug in our words, and its builds by number. */
  other?: { slug: string; builds: Map<number, Build> };
}

export interface PipelineServer {
  base: string;
  script: Script;
  /** Every request as `METHOD path` (without the query). */
  seen: string[];
}

/** A UUID-like id from a small number, as the service's ids look. */
export const uuid = (n: number): string => `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`;

/** A build record of a job, as v1.1 answers it once finished. */
export function finishedBuild(num: number, job: string, workflow: ScriptWorkflow, outcome: string): Build {
  return {
    build_num: num,
    build_url: `https://ci.example/gh/octo-org/octo-repo/${num}`,
    lifecycle: 'finished',
    status: outcome,
    outcome,
    vcs_revision: REVISION,
    branch: 'main',
    workflows: { job_name: job, workflow_name: workflow.name, workflow_id: workflow.id },
  };
}

/** A workflow as the service lists it. */
export const v2Workflow = (w: ScriptWorkflow, script: Script): Record<string, unknown> => ({
  id: w.id,
  name: w.name,
  status: w.status,
  pipeline_id: script.pipeline.id,
  pipeline_number: script.pipeline.number,
  project_slug: script.pipeline.project_slug ?? SLUG,
  created_at: '2026-11-27T05:00:00Z',
  stopped_at: null,
  ...(w.tag === undefined ? {} : { tag: w.tag }),
});

/** A job as a workflow's job list holds it. */
export const v2Job = (j: ScriptJob, slug = SLUG): Record<string, unknown> => ({
  dependencies: [],
  id: j.id,
  name: j.name,
  status: j.status,
  type: j.type,
  project_slug: slug,
  started_at: null,
  stopped_at: null,
  ...(j.job_number === undefined ? {} : { job_number: j.job_number }),
  ...(j.approval_request_id === undefined ? {} : { approval_request_id: j.approval_request_id }),
});

/** Starts the service; `listen` is the test file's (helpers/scope.ts), which closes it after the test. */
export async function startPipelineServer(
  listen: (server: http.Server) => Promise<string>,
  script: Script,
): Promise<PipelineServer> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const method = req.method ?? '';
      seen.push(`${method} ${path}`);
      script.onRequest?.(method, path);
      const query = new URL(req.url ?? '', 'http://x').searchParams;
      const delay = script.delayMs?.(method, path) ?? 0;
      const send = (): void => answer(script, method, path, query, res);
      if (delay > 0) setTimeout(send, delay);
      else send();
    });
  });
  const origin = await listen(server);
  return { base: `${origin}/api/v1.1`, script, seen };
}

/** Items a page of a v2 list holds, as the service pages them. */
const PAGE_ITEMS = 100;

function answer(
  script: Script,
  method: string,
  path: string,
  query: URLSearchParams,
  res: http.ServerResponse,
): void {
  const token = query.get('page-token');
  const v2 = '/api/v2';
  const v1 = `/api/v1.1/project/${SLUG}`;
  const page = (items: unknown[]): void => {
    const from = token === null ? 0 : Number(token);
    const to = from + PAGE_ITEMS;
    reply(res, 200, { items: items.slice(from, to), next_page_token: to < items.length ? String(to) : null });
  };
  const { pipeline } = script;
  if (script.v2Status !== undefined && path.startsWith(`${v2}/`))
    return reply(res, script.v2Status, { message: 'Permission denied' });
  const record = {
    project_slug: SLUG,
    errors: [],
    ...pipeline,
    vcs: { revision: REVISION, branch: 'main' },
    created_at: '2026-11-27T05:00:00Z',
  };
  if (
    method === 'POST' &&
    (path === `${v2}/project/${SLUG}/pipeline/run` || path === `${v2}/project/${SLUG}/pipeline`)
  )
    return reply(res, 201, { ...pipeline, ...script.triggered, created_at: '2026-11-27T05:00:00Z' });
  if (method !== 'GET') return reply(res, 404, { message: 'Not found' });
  if (path === `${v2}/pipeline/${pipeline.id}` || path === `${v2}/pipeline/${script.triggered?.id}`)
    return reply(res, 200, script.pipelineAnswer ?? record);
  if (path === `${v2}/project/${SLUG}/pipeline`) return page([record]);
  const details = new RegExp(`^${v2}/project/${SLUG}/job/(\\d+)$`, 'u').exec(path);
  if (details !== null) {
    const job = script.jobDetails?.get(Number(details[1]));
    return job === undefined ? reply(res, 404, { message: 'Job not found' }) : reply(res, 200, job);
  }
  if (path === `${v2}/pipeline/${pipeline.id}/workflow`)
    return page(script.rawWorkflows ?? script.workflows.map((w) => v2Workflow(w, script)));
  for (const w of script.workflows) {
    if (path === `${v2}/workflow/${w.id}`) {
      const status = script.workflowReadStatus;
      if (status !== undefined) return reply(res, status, { message: 'Permission denied' });
      return reply(res, 200, v2Workflow(w, script));
    }
    if (path === `${v2}/workflow/${w.id}/job`)
      return page(w.rawJobs ?? w.jobs.map((j) => v2Job(j, script.pipeline.project_slug)));
  }
  if (path.startsWith(`${v2}/`)) return reply(res, 404, { message: 'Not found' });
  // v1.1: the project's build list (from `offset`, whatever `limit` says), a build, its tests, its steps' output.
  if (path === v1) {
    return reply(res, 200, [...script.builds.values()].reverse().slice(Number(query.get('offset') ?? 0)));
  }
  const other = script.other;
  const theirs = other && new RegExp(`^/api/v1.1/project/${other.slug}/(\\d+)(/tests)?$`, 'u').exec(path);
  const one = theirs ?? new RegExp(`^${v1}/(\\d+)(/tests)?$`, 'u').exec(path);
  const builds = theirs ? (other?.builds ?? new Map<number, Build>()) : script.builds;
  const build = one === null ? undefined : builds.get(Number(one[1]));
  if (build === undefined) return reply(res, 404, { message: 'Build not found' });
  if (one?.[2] === '/tests') return reply(res, 200, { tests: [], exceptions: null });
  return reply(res, 200, build);
}
