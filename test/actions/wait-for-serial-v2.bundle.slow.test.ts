// wait-for-serial for a project named by its v2 slug (docs/v2.md), the bundle run as the runner runs it: the
// running and queued jobs of older pipelines, read through the project's pipelines, their workflows and jobs,
// against the emulator on the real clock and against a server of our own answering in the real service's v2
// shapes (made-up values).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type WorkflowSpec } from '../../emulator/index.ts';
import { runAction, type RunResult } from '../harness/runner.ts';

// A provider word the product has never seen: the slug is opaque.
const SLUG = 'loom/3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a/7a6b5c4d-3e2f-4109-8a7b-6c5d4e3f2a1b';
const LONG = 600_000;

const ship = (...jobs: WorkflowSpec['jobs']): WorkflowSpec => ({ name: 'ship', jobs });
const BRANCHES: Record<string, WorkflowSpec[]> = {
  // An approval on hold, with a job behind it: nothing runs.
  held: [
    ship({ name: 'hold', type: 'approval' }, { name: 'deploy', requires: ['hold'], runMs: 1, queuedMs: 1 }),
  ],
  old: [ship({ name: 'build', runMs: 2500, queuedMs: 0 })],
  main: [ship({ name: 'build', runMs: LONG, queuedMs: 0 })],
  wide: [
    ship({ name: 'build', runMs: LONG, queuedMs: 0 }, { name: 'lint', runMs: 2500, queuedMs: 0 }),
    { name: 'nightly', jobs: [{ name: 'lint', runMs: LONG, queuedMs: 0 }] },
  ],
};

let emu: Emulator;

beforeEach(async () => {
  emu = await startEmulator();
  emu.state.slugProject(SLUG, {
    branches: Object.fromEntries(Object.entries(BRANCHES).map(([name, workflows]) => [name, { workflows }])),
  });
});
afterEach(() => emu.close());

/** Pushes to each branch in turn (oldest first) and gives each pipeline's job numbers by workflow/job. */
function pushAll(...branches: string[]): Record<string, number>[] {
  for (const branch of branches) emu.state.push(SLUG, { branch });
  return emu.state.pipelines(SLUG).map((pipeline) => {
    const byName: Record<string, number> = {};
    for (const workflow of emu.state.pipelineWorkflows(String(pipeline['id'])) ?? [])
      for (const job of emu.state.workflowJobs(workflow.id) ?? [])
        if (job.job_number !== undefined) byName[`${workflow.name}/${job.name}`] = job.job_number;
    return byName;
  });
}
const num = (jobs: Record<string, number>[], pipeline: number, name: string): number => {
  const found = jobs[pipeline]?.[name];
  if (found === undefined) throw new Error(`no job ${name} in pipeline ${pipeline}`);
  return found;
};
const serialEmu = (inputs: Record<string, string>): Promise<RunResult> =>
  runAction('wait-for-serial', {
    inputs: {
      token: emu.token,
      'base-url': emu.baseUrl,
      'project-slug': SLUG,
      'poll-interval-seconds': '1',
      'wait-timeout-minutes': '1',
      ...inputs,
    },
  });
const apiRequests = (): { method: string; path: string }[] =>
  emu.requests.filter((q) => q.origin === 'api' && q.path.startsWith('/api/'));

describe('wait-for-serial with project-slug, against the emulator', () => {
  it("waits for an older pipeline's running job, not for its own, newer ones or a hold", async () => {
    const jobs = pushAll('held', 'old', 'main', 'main');
    const older = num(jobs, 1, 'ship/build');
    const own = num(jobs, 2, 'ship/build');
    const result = await serialEmu({ 'build-num': String(own) });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['waited-for']).toBe(`[${older}]`);
    expect(Number(result.outputs['polls'])).toBeGreaterThanOrEqual(3);
    expect(result.stdout).toContain(
      `Waiting for build #${older} (running, branch old, job build of workflow ship, pipeline #2)`,
    );
    expect(result.stdout).toContain(`Build #${older} is no longer running`);
    expect(result.summary).toContain(`Wait for serial: ${SLUG}`);
    expect(result.summary).toContain(`for #${older} (job build of workflow ship, pipeline \\#2).`);
    const paths = apiRequests().map((q) => q.path);
    expect(paths.every((path) => path.startsWith('/api/v2/'))).toBe(true);
    expect(paths.filter((path) => path === `/api/v2/project/${SLUG}/job/${own}`)).toHaveLength(1);
  });

  it('without build-num waits for every other pipeline', async () => {
    const jobs = pushAll('held', 'old');
    const result = await serialEmu({});
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['waited-for']).toBe(`[${num(jobs, 1, 'ship/build')}]`);
  });

  it('workflow and job patterns choose the jobs waited for', async () => {
    const jobs = pushAll('wide', 'main');
    const result = await serialEmu({
      'build-num': String(num(jobs, 1, 'ship/build')),
      workflow: 'ship',
      job: 'lint',
    });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['waited-for']).toBe(`[${num(jobs, 0, 'ship/lint')}]`);
  });

  it('cancel-older cancels exactly the matching older jobs, one by one', async () => {
    const jobs = pushAll('wide', 'wide', 'main', 'main');
    const result = await serialEmu({
      'build-num': String(num(jobs, 2, 'ship/build')),
      'cancel-older': 'true',
      job: 'build',
    });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    const cancelled = [num(jobs, 0, 'ship/build'), num(jobs, 1, 'ship/build')];
    expect(result.outputs['waited-for']).toBe(JSON.stringify(cancelled));
    const posts = apiRequests().filter((q) => q.method === 'POST');
    expect(posts.map((q) => q.path).sort()).toEqual(
      cancelled.map((n) => `/api/v2/project/${SLUG}/job/${n}/cancel`).sort(),
    );
    expect(result.stdout).toContain(`Cancelled older build #${cancelled[0]} (job build of workflow ship)`);
    // The other jobs of those pipelines run on.
    const lint = emu.state.workflowJobs(
      emu.state.pipelineWorkflows(String(emu.state.pipelines(SLUG)[0]?.['id']))?.[1]?.id ?? '',
    );
    expect(lint?.[0]?.status).toBe('running');
    expect(apiRequests().every((q) => q.path.startsWith('/api/v2/'))).toBe(true);
  });
});

// --- a server answering as the real service's API v2 does -------------------------------------------------

const BASE = `/api/v2/project/${SLUG}`;
const P = ['p0', 'p1', 'p2', 'p3'].map((_, i) => `6f1e2d3c-4b5a-4697-8a8b-9c0d1e2f3a4${i}`);
const W = ['w0', 'w1', 'w2', 'w3'].map((_, i) => `9552b8fe-f5b7-4f7b-92a3-8bedc0ee35c${i}`);
const REPO = 'https://primary-host.example.com/octo/widget';
/** Pipeline numbers, oldest first: p0 holds an approval, p1 runs, p2 is this job's own, p3 is newer. */
const NUMBERS = [300, 301, 302, 303];

function pipeline(i: number): unknown {
  return {
    id: P[i],
    errors: [],
    project_slug: SLUG,
    updated_at: '2020-12-24T12:59:23.906Z',
    number: NUMBERS[i],
    state: 'created',
    created_at: '2020-12-24T12:59:23.906Z',
    trigger: { received_at: '2020-12-24T12:59:23.721Z', type: 'webhook', actor: { login: 'someone' } },
    vcs: {
      origin_repository_url: REPO,
      target_repository_url: REPO,
      revision: `${i}`.repeat(40),
      provider_name: 'GitHub',
      commit: { body: '', subject: 'a change' },
      branch: 'main',
    },
  };
}

const workflowList = (i: number, status: string): unknown => ({
  next_page_token: null,
  items: [
    {
      pipeline_id: P[i],
      id: W[i],
      name: 'deploy',
      project_slug: SLUG,
      status,
      started_by: 'fb72a952-6ec3-49ae-97df-b3f7e12f6093',
      pipeline_number: NUMBERS[i],
      created_at: '2020-12-24T12:59:23Z',
      stopped_at: null,
    },
  ],
});

const jobList = (...items: [number | null, string, string, string?][]): unknown => ({
  next_page_token: null,
  items: items.map(([number, name, status, type = 'build']) => ({
    dependencies: [],
    ...(number === null ? {} : { job_number: number }),
    id: `8aa5022e-ad9c-49c4-a45d-9ce04def8b${String(number ?? 0).padStart(2, '0')}`,
    started_at: '2020-12-24T12:59:27Z',
    name,
    project_slug: SLUG,
    status,
    type,
    stopped_at: null,
    ...(type === 'approval' ? { approval_request_id: '1d2c3b4a-5f6e-4d7c-8b9a-0f1e2d3c4b5a' } : {}),
  })),
});

let server: Server;
let realBase = '';
const seen: { method: string; path: string }[] = [];
/** Looks at p1's jobs so far, and the jobs cancelled. */
let p1Reads = 0;
let otherReads: Record<number, number> = {};
const cancelledJobs = new Set<number>();

function realAnswer(method: string, path: string, query: URLSearchParams): [number, unknown] {
  if (method === 'POST') {
    const match = new RegExp(`^${BASE}/job/(\\d+)/cancel$`, 'u').exec(path);
    if (match === null) return [404, { message: 'Not found.' }];
    cancelledJobs.add(Number(match[1]));
    return [202, { message: 'Accepted.' }];
  }
  // p1's build runs for two looks and its lint is queued for three, unless cancelled.
  const p1 = (n: number, name: string, looks: number): [number, string, string] => [
    n,
    name,
    cancelledJobs.has(n)
      ? 'canceled'
      : p1Reads <= looks
        ? name === 'lint'
          ? 'queued'
          : 'running'
        : 'success',
  ];
  // The jobs of p2 and p3 run for two looks at them.
  for (const [i, n] of [
    [2, 22],
    [3, 33],
  ] as const)
    if (path === `/api/v2/workflow/${W[i]}/job`) {
      otherReads[i] = (otherReads[i] ?? 0) + 1;
      return [200, jobList([n, 'build', (otherReads[i] ?? 0) <= 2 ? 'running' : 'success'])];
    }
  if (path === `/api/v2/workflow/${W[1]}/job`) {
    p1Reads++;
    return [200, jobList(p1(11, 'build', 2), p1(12, 'lint', 3), [null, 'hold', 'blocked', 'approval'])];
  }
  const routes: Record<string, [number, unknown]> = {
    [`${BASE}/pipeline`]:
      query.get('page-token') === 'page-2'
        ? [200, { next_page_token: null, items: [pipeline(1), pipeline(0)] }]
        : [200, { next_page_token: 'page-2', items: [pipeline(3), pipeline(2)] }],
    [`/api/v2/pipeline/${P[0]}/workflow`]: [200, workflowList(0, 'on_hold')],
    [`/api/v2/pipeline/${P[1]}/workflow`]: [200, workflowList(1, 'running')],
    [`/api/v2/pipeline/${P[2]}/workflow`]: [200, workflowList(2, 'running')],
    [`/api/v2/pipeline/${P[3]}/workflow`]: [200, workflowList(3, 'running')],
    [`/api/v2/workflow/${W[0]}/job`]: [
      200,
      jobList([5, 'hold', 'on_hold', 'approval'], [null, 'build', 'blocked']),
    ],
    [`${BASE}/job/22`]: [
      200,
      {
        web_url: 'https://ci.example.com/app/octo/22',
        project: { external_url: REPO, slug: SLUG, name: 'widget' },
        parallel_runs: [{ index: 0, status: 'running' }],
        started_at: '2020-12-24T12:59:27.236Z',
        latest_workflow: { name: 'deploy', id: W[2] },
        name: 'build',
        executor: { resource_class: 'medium', type: 'docker' },
        parallelism: 1,
        status: 'running',
        number: 22,
        pipeline: { id: P[2] },
        created_at: '2020-12-24T12:59:24.233Z',
        messages: [],
        contexts: [],
        organization: { name: 'octo' },
        queued_at: '2020-12-24T12:59:24.256Z',
      },
    ],
  };
  return routes[path] ?? [404, { message: path.startsWith(`${BASE}/`) ? 'Job not found.' : 'Not found.' }];
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    seen.push({ method: request.method ?? '', path: `${url.pathname}${url.search}` });
    const [status, body] = realAnswer(request.method ?? '', url.pathname, url.searchParams);
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  realBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1.1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  p1Reads = 0;
  otherReads = {};
  cancelledJobs.clear();
});

const serialReal = (inputs: Record<string, string>): Promise<RunResult> =>
  runAction('wait-for-serial', {
    inputs: {
      token: 'real-shaped-token',
      'base-url': realBase,
      'project-slug': SLUG,
      'poll-interval-seconds': '1',
      'wait-timeout-minutes': '1',
      ...inputs,
    },
  });

describe('wait-for-serial with project-slug, against answers shaped as the real service gives them', () => {
  it('waits for the older running and queued jobs, reading only older pipelines not yet ended', async () => {
    const result = await serialReal({ 'build-num': '22' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['waited-for']).toBe('[11,12]');
    expect(result.stdout).toContain(
      'Waiting for build #12 (queued, branch main, job lint of workflow deploy, pipeline #301)',
    );
    expect(seen.every((q) => q.path.startsWith('/api/v2/'))).toBe(true);
    expect(seen.filter((q) => q.method !== 'GET')).toEqual([]);
    // Its own pipeline and the newer one are never read; the one on hold is read at each look, as it may go on.
    const paths = seen.map((q) => q.path);
    expect(paths.slice(0, 3)).toEqual([
      `${BASE}/job/22`,
      `${BASE}/pipeline`,
      `${BASE}/pipeline?page-token=page-2`,
    ]);
    expect(paths.some((p) => p.includes(P[2] as string) || p.includes(P[3] as string))).toBe(false);
    expect(paths.filter((p) => p === `/api/v2/workflow/${W[0]}/job`).length).toBe(p1Reads);
  });

  it('cancel-older posts a cancel for exactly the matching older job', async () => {
    const result = await serialReal({ 'build-num': '22', 'cancel-older': 'true', job: 'build' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['waited-for']).toBe('[11]');
    expect(seen.filter((q) => q.method === 'POST').map((q) => q.path)).toEqual([`${BASE}/job/11/cancel`]);
    expect(result.stdout).toContain(
      'Cancelled older build #11 (job build of workflow deploy), running until now',
    );
  });

  it('without build-num every other pipeline counts, and a job pattern chooses', async () => {
    const result = await serialReal({ job: '!lint' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['waited-for']).toBe('[11,22,33]');
    expect(seen.some((q) => q.path.startsWith(`${BASE}/job/`))).toBe(false);
  });
});
