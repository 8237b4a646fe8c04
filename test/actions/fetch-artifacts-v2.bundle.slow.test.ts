// fetch-artifacts for a project named by its v2 slug (docs/v2.md), the bundle run as the runner runs it: a job
// by number, or the newest matching job read through the project's pipelines, their workflows and jobs, against
// the emulator and against a server of our own answering in the real service's v2 shapes (made-up values).
import { readFile, readdir } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type WorkflowSpec } from '../../emulator/index.ts';
import { runAction, type RunResult } from '../harness/runner.ts';

// A provider word the product has never seen: the slug is opaque.
const SLUG = 'quarry/5b0e6c1a-2f3d-4e5a-9b8c-7d6e5f4a3b2c/e1d2c3b4-a5f6-4708-9a1b-2c3d4e5f6a7b';
const WORKFLOWS: WorkflowSpec[] = [
  {
    name: 'ship',
    jobs: [
      { name: 'build', runMs: 1, queuedMs: 1, artifacts: [{ path: 'dist/app.txt', size: 12 }] },
      { name: 'lint', runMs: 1, queuedMs: 1, requires: ['build'], artifacts: [] },
    ],
  },
];
const MAIN_OLD = 'aaaa1111bbbb2222cccc3333dddd4444eeee5555';
const FEATURE = 'bbbb2222cccc3333dddd4444eeee5555ffff6666';
const MAIN_NEW = 'cccc3333dddd4444eeee5555ffff6666aaaa7777';
const FORK = 'f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0';

let emu: Emulator;
/** Job numbers by pipeline (oldest first) and job name. */
let jobs: Record<string, number>[];

beforeAll(async () => {
  emu = await startEmulator();
  emu.state.slugProject(SLUG, { workflows: WORKFLOWS });
  const start = emu.state.clock.now() - 3_600_000;
  emu.state.push(SLUG, { branch: 'main', revision: MAIN_OLD, at: start });
  emu.state.push(SLUG, { branch: 'feature', revision: FEATURE, at: start + 60_000 });
  emu.state.push(SLUG, { branch: 'main', revision: MAIN_NEW, at: start + 120_000 });
  emu.state.push(SLUG, { pullRequest: { number: 7, fromFork: true }, revision: FORK, at: start + 180_000 });
  jobs = emu.state.pipelines(SLUG).map((pipeline) => {
    const workflow = emu.state.pipelineWorkflows(String(pipeline['id']))?.[0];
    const byName: Record<string, number> = {};
    for (const job of emu.state.workflowJobs(workflow?.id ?? '') ?? [])
      byName[job.name] = job.job_number ?? 0;
    return byName;
  });
});
afterAll(() => emu.close());
beforeEach(() => emu.resetRequests());

const fetchEmu = (inputs: Record<string, string>): Promise<RunResult> =>
  runAction('fetch-artifacts', {
    inputs: { token: emu.token, 'base-url': emu.baseUrl, 'project-slug': SLUG, ...inputs },
  });
const job = (pipeline: number, name: string): number => jobs[pipeline]?.[name] ?? 0;
/** The `files` output, as paths below the workspace. */
const files = (result: RunResult): string[] =>
  (JSON.parse(result.outputs['files'] ?? '[]') as string[]).map((file) =>
    relative(result.workspace, file).split(sep).join('/'),
  );
const apiPaths = (): string[] =>
  emu.requests.filter((q) => q.origin === 'api' && q.path.startsWith('/api/')).map((q) => q.path);
const listed = (): string[] => apiPaths().filter((path) => path.endsWith('/artifacts'));

describe('fetch-artifacts with project-slug, against the emulator', () => {
  it('fetches a job by number through API v2 and names its branch and commit', async () => {
    const number = job(0, 'build');
    const result = await fetchEmu({ 'build-num': String(number) });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['build-num']).toBe(String(number));
    expect(result.outputs['count']).toBe('1');
    expect(files(result)).toEqual(['dist/app.txt']);
    expect(await readFile(join(result.workspace, 'dist', 'app.txt'))).toHaveLength(12);
    expect(result.stdout).toContain(
      `Fetching the artifacts of build #${number} (branch main, commit ${MAIN_OLD})`,
    );
    expect(result.summary).toContain(`of build #${number} of ${SLUG} (branch main, commit ${MAIN_OLD})`);
    const paths = apiPaths();
    expect(paths.every((path) => path.startsWith('/api/v2/'))).toBe(true);
    expect(paths).toContain(`/api/v2/project/${SLUG}/job/${number}`);
    expect(paths).toContain(`/api/v2/project/${SLUG}/${number}/artifacts`);
  });

  it('latest is the newest finished job that is no fork, read through the pipelines', async () => {
    const result = await fetchEmu({});
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    // The fork's two jobs are passed over; the newest job of the newest other pipeline is lint, without artifacts.
    expect(result.outputs['build-num']).toBe(String(job(2, 'lint')));
    expect(result.stdout).toContain(
      `Build #${job(3, 'lint')} is of a pull request (branch pull/7/head), perhaps a fork's`,
    );
    expect(result.stdout).toContain(`is build #${job(2, 'lint')} (passing over the newer builds`);
    expect(result.stdout).toContain(`has no artifacts`);
    expect(apiPaths()[0]).toBe(`/api/v2/project/${SLUG}/pipeline`);
    expect(apiPaths().every((path) => path.startsWith('/api/v2/'))).toBe(true);
    expect(listed()).toEqual([`/api/v2/project/${SLUG}/${job(2, 'lint')}/artifacts`]);
  });

  it('latest with branch, revision and job', async () => {
    const onFeature = await fetchEmu({ branch: 'feature', job: 'build' });
    expect(onFeature.errors).toEqual([]);
    expect(onFeature.outputs['build-num']).toBe(String(job(1, 'build')));
    expect(emu.requests.find((q) => q.path === `/api/v2/project/${SLUG}/pipeline`)?.query).toEqual({
      branch: 'feature',
    });
    expect(onFeature.stdout).toContain(`(branch feature, commit ${FEATURE})`);
    const ofCommit = await fetchEmu({ revision: MAIN_OLD.slice(0, 9), job: 'build' });
    expect(ofCommit.errors).toEqual([]);
    expect(ofCommit.outputs['build-num']).toBe(String(job(0, 'build')));
    expect(await readdir(join(ofCommit.workspace, 'dist'))).toEqual(['app.txt']);
  });

  it('search-artifacts passes over jobs without artifacts', async () => {
    const result = await fetchEmu({ 'search-artifacts': 'true' });
    expect(result.errors).toEqual([]);
    expect(result.outputs['build-num']).toBe(String(job(2, 'build')));
    expect(listed()).toEqual(
      [job(2, 'lint'), job(2, 'build')].map((n) => `/api/v2/project/${SLUG}/${n}/artifacts`),
    );
    expect(files(result)).toEqual(['dist/app.txt']);
  });

  it('with allow-forks: true takes the fork pull request', async () => {
    const result = await fetchEmu({ 'allow-forks': 'true', job: 'build' });
    expect(result.errors).toEqual([]);
    expect(result.outputs['build-num']).toBe(String(job(3, 'build')));
    expect(result.stdout).toContain(
      `Fetching the artifacts of build #${job(3, 'build')} (branch pull/7/head, commit ${FORK}); it is of a pull request`,
    );
  });

  it('an unknown job number fails with the service message, after no v1.1 request', async () => {
    const result = await fetchEmu({ 'build-num': '9999' });
    expect(result.code).toBe(1);
    expect(result.errors.join('\n')).toContain('Job not found.');
    expect(apiPaths().every((path) => path.startsWith('/api/v2/'))).toBe(true);
  });
});

// --- a server answering as the real service's API v2 does -------------------------------------------------

const BASE = `/api/v2/project/${SLUG}`;
const P_OLD = '98b1071e-c364-4b39-91b9-820b8588e2ae';
const P_NEW = '5034460f-c7c4-4c43-9457-de07e2029e7b';
const P_FORK = '0f1e2d3c-4b5a-4697-8a8b-9c0d1e2f3a4b';
const W_OLD = '9552b8fe-f5b7-4f7b-92a3-8bedc0ee35ca';
const W_NEW = '716a0d67-1b2c-4d3e-8f4a-5b6c7d8e9f0a';
const W_FORK = 'e3beb02d-2c3d-4e5f-8a9b-0c1d2e3f4a5b';
const REPO = 'https://primary-host.example.com/octo/widget';

function pipeline(id: string, number: number, branch: string, revision: string, origin = REPO): unknown {
  return {
    id,
    errors: [],
    project_slug: SLUG,
    updated_at: '2020-12-24T12:59:23.906Z',
    number,
    state: 'created',
    created_at: '2020-12-24T12:59:23.906Z',
    trigger: { received_at: '2020-12-24T12:59:23.721Z', type: 'webhook', actor: { login: 'someone' } },
    vcs: {
      origin_repository_url: origin,
      target_repository_url: REPO,
      revision,
      provider_name: 'GitHub',
      commit: { body: '', subject: 'a change' },
      branch,
    },
  };
}

const workflow = (id: string, pipelineId: string, number: number): unknown => ({
  next_page_token: null,
  items: [
    {
      pipeline_id: pipelineId,
      id,
      name: 'workflow',
      project_slug: SLUG,
      status: 'success',
      started_by: 'fb72a952-6ec3-49ae-97df-b3f7e12f6093',
      pipeline_number: number,
      created_at: '2020-12-24T12:59:23Z',
      stopped_at: '2020-12-24T13:00:08Z',
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
    stopped_at: '2020-12-24T13:00:08Z',
  })),
});

let server: Server;
let realBase = '';
let origin = '';
const seen: { path: string; query: string; headers: IncomingHttpHeaders }[] = [];

function realAnswer(path: string, query: URLSearchParams): [number, unknown] {
  const artifact = (name: string, job: number): unknown => ({
    path: name,
    node_index: 0,
    url: `${origin}/${job}-1234-gh/0/${name}`,
  });
  const routes: Record<string, [number, unknown]> = {
    // The newest pipeline comes from another repository than the project's, on a branch of ordinary name.
    [`${BASE}/pipeline`]:
      query.get('page-token') === 'page-2'
        ? [200, { next_page_token: null, items: [pipeline(P_OLD, 154, 'main', MAIN_OLD)] }]
        : [
            200,
            {
              next_page_token: 'page-2',
              items: [
                pipeline(P_FORK, 156, 'patch-1', FORK, 'https://primary-host.example.com/someone/widget'),
                pipeline(P_NEW, 155, 'main', MAIN_NEW),
              ],
            },
          ],
    [`/api/v2/pipeline/${P_FORK}/workflow`]: [200, workflow(W_FORK, P_FORK, 156)],
    [`/api/v2/pipeline/${P_NEW}/workflow`]: [200, workflow(W_NEW, P_NEW, 155)],
    [`/api/v2/pipeline/${P_OLD}/workflow`]: [200, workflow(W_OLD, P_OLD, 154)],
    [`/api/v2/pipeline/${P_OLD}`]: [200, pipeline(P_OLD, 154, 'main', MAIN_OLD)],
    [`/api/v2/workflow/${W_FORK}/job`]: [200, jobList([170, 'build', 'success'])],
    // An approval without a number, a job that never ran, a running job and a failed one.
    [`/api/v2/workflow/${W_NEW}/job`]: [
      200,
      jobList(
        [null, 'hold', 'on_hold', 'approval'],
        [169, 'notify', 'not_run'],
        [168, 'deploy', 'running'],
        [167, 'build', 'failed'],
      ),
    ],
    [`/api/v2/workflow/${W_OLD}/job`]: [200, jobList([155, 'build', 'success'], [156, 'lint', 'success'])],
    [`${BASE}/job/155`]: [
      200,
      {
        web_url: 'https://ci.example.com/app/octo/155',
        project: { external_url: REPO, slug: SLUG, name: 'widget' },
        parallel_runs: [{ index: 0, status: 'success' }],
        started_at: '2020-12-24T12:59:27.236Z',
        latest_workflow: { name: 'workflow', id: W_OLD },
        name: 'build',
        executor: { resource_class: 'medium', type: 'docker' },
        parallelism: 1,
        status: 'success',
        number: 155,
        pipeline: { id: P_OLD },
        duration: 41658,
        created_at: '2020-12-24T12:59:24.233Z',
        messages: [],
        contexts: [],
        organization: { name: 'octo' },
        queued_at: '2020-12-24T12:59:24.256Z',
        stopped_at: '2020-12-24T13:00:08.894Z',
      },
    ],
    [`${BASE}/155/artifacts`]:
      query.get('page-token') === 'more'
        ? [200, { next_page_token: null, items: [artifact('site/two.txt', 155)] }]
        : [200, { next_page_token: 'more', items: [artifact('site/one.txt', 155)] }],
    [`${BASE}/156/artifacts`]: [200, { next_page_token: null, items: [] }],
    [`${BASE}/167/artifacts`]: [200, { next_page_token: null, items: [artifact('site/broken.txt', 167)] }],
    [`${BASE}/170/artifacts`]: [200, { next_page_token: null, items: [artifact('site/fork.txt', 170)] }],
  };
  return routes[path] ?? [404, { message: path.startsWith(`${BASE}/`) ? 'Job not found.' : 'Not found.' }];
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    seen.push({ path: url.pathname, query: url.search, headers: request.headers });
    if (/^\/\d+-1234-gh\//u.test(url.pathname)) {
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end(`bytes of ${url.pathname}`);
      return;
    }
    const [status, body] = realAnswer(url.pathname, url.searchParams);
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  realBase = `${origin}/api/v1.1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});

const fetchReal = (inputs: Record<string, string>): Promise<RunResult> =>
  runAction('fetch-artifacts', {
    inputs: { token: 'real-shaped-token', 'base-url': realBase, 'project-slug': SLUG, ...inputs },
  });
const realPaths = (): string[] => seen.map((q) => `${q.path}${q.query}`);

describe('fetch-artifacts with project-slug, against answers shaped as the real service gives them', () => {
  it('fetches a job by number: both artifact pages, with the token, and no v1.1 request', async () => {
    const result = await fetchReal({ 'build-num': '155' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['build-num']).toBe('155');
    expect(files(result)).toEqual(['site/one.txt', 'site/two.txt']);
    expect(await readFile(join(result.workspace, 'site', 'two.txt'), 'utf8')).toBe(
      'bytes of /155-1234-gh/0/site/two.txt',
    );
    expect(result.stdout).toContain(`Fetching the artifacts of build #155 (branch main, commit ${MAIN_OLD})`);
    expect(realPaths().filter((p) => p.startsWith('/api/'))).toEqual([
      `${BASE}/job/155`,
      `/api/v2/pipeline/${P_OLD}`,
      `${BASE}/155/artifacts`,
      `${BASE}/155/artifacts?page-token=more`,
    ]);
    const downloads = seen.filter((q) => !q.path.startsWith('/api/'));
    expect(downloads).toHaveLength(2);
    for (const download of downloads) expect(download.headers.authorization).toMatch(/^Basic /u);
  });

  it('latest reads the pipelines page by page and passes over the fork, the unfinished and the approval', async () => {
    const result = await fetchReal({});
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    // 170 is the fork's (another origin); 169 never ran; 168 runs; 167 failed, which `completed` takes.
    expect(result.outputs['build-num']).toBe('167');
    expect(result.stdout).toContain('Build #170 is of a pull request (branch patch-1), perhaps a fork');
    expect(realPaths().filter((p) => p.startsWith('/api/'))).toEqual([
      `${BASE}/pipeline`,
      `${BASE}/pipeline?page-token=page-2`,
      `/api/v2/pipeline/${P_FORK}/workflow`,
      `/api/v2/workflow/${W_FORK}/job`,
      `/api/v2/pipeline/${P_NEW}/workflow`,
      `/api/v2/workflow/${W_NEW}/job`,
      `${BASE}/167/artifacts`,
    ]);
  });

  it('latest with status-filter successful, search-artifacts and a revision', async () => {
    const result = await fetchReal({
      'status-filter': 'successful',
      'search-artifacts': 'true',
      revision: MAIN_OLD.slice(0, 7),
    });
    expect(result.errors).toEqual([]);
    expect(result.outputs['build-num']).toBe('155');
    expect(result.stdout).toContain('Build #156 has no artifact; looking at an older one');
    // Pipelines of other commits are passed without reading their workflows.
    expect(realPaths().filter((p) => p.includes('/workflow'))).toEqual([
      `/api/v2/pipeline/${P_OLD}/workflow`,
      `/api/v2/workflow/${W_OLD}/job`,
    ]);
    expect(files(result)).toEqual(['site/one.txt', 'site/two.txt']);
  });

  it('with allow-forks: true takes the fork pipeline', async () => {
    const result = await fetchReal({ 'allow-forks': 'true' });
    expect(result.errors).toEqual([]);
    expect(result.outputs['build-num']).toBe('170');
    expect(files(result)).toEqual(['site/fork.txt']);
  });

  it("an unknown job fails with the service's 404 message", async () => {
    const result = await fetchReal({ 'build-num': '999' });
    expect(result.code).toBe(1);
    expect(result.errors.join('\n')).toContain('Job not found.');
    expect(seen.every((q) => q.path.startsWith('/api/v2/'))).toBe(true);
  });
});
