// The approve action's committed bundle, run as the runner runs it, against a service of our own that misbehaves
// as issue 38's holes 5-10 say: another pipeline's answer, a list that ignores `?branch=`, a fork's pipeline first,
// a hold listed twice, pages that take 100 s, thousands of holds. Only the deadline's tests wait in real time
// (docs/promises.md, promise 34); the others end in a second or two. docs/promises.md, promise 36.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { runAction, type RunResult } from '../harness/runner.ts';
import { cleanupScope, reply } from '../helpers/scope.ts';

const { listen } = cleanupScope();
const TOKEN = 'tok-APPROVE-HOSTILE-0123456789';
const REVISION = '5f0c2b7e9a1d3c4b6e8f0a2c4e6b8d0f1a3c5e7b';
const V2 = '/api/v2';
const SLUG = 'primary-host/octo-org/octo-repo';
const REPO_URL = 'https://code.example.com/octo-org/octo-repo';
const FORK_URL = 'https://code.example.com/mallory/octo-repo';

const uuid = (n: number): string => `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`;

interface Hold {
  id: string;
  name: string;
}

interface FakePipeline {
  id: string;
  number: number;
  branch: string;
  revision?: string;
  /** Built from another repository than the project's (v2's origin and target differ). */
  fork?: boolean;
  /** Another project's, by its `project_slug`, though the project's list holds it. */
  projectSlug?: string;
  /** One workflow `deploy` holding these approval jobs, on hold until approved. */
  holds: Hold[];
}

interface Fake {
  pipelines: FakePipeline[];
  /** The project's list honours `?branch=` (the service's does; a broken one does not). */
  honoursBranch?: boolean;
  /** GET /pipeline/{key} is answered with the pipeline {value}. */
  pipelineAs?: Record<string, string>;
  /** The `project_slug` of every job of the workflows' job lists (their pipeline's by default). */
  jobsProject?: string;
  /** The `project_slug` of every workflow of the pipelines' workflow lists (their pipeline's by default). */
  workflowsProject?: string;
  /** GET /pipeline/{key}/workflow is answered with the workflows of the pipeline {value}. */
  workflowsAs?: Record<string, string>;
  /** Items per page of a workflow's job list. */
  jobPage?: number;
  /** The job list's second page repeats its first. */
  repeatJobs?: boolean;
  /** An approval of a hold already approved: refused as the service does (400), or accepted again. */
  twice?: 'refuse' | 'accept';
  /** Pages of each pipeline's workflow list, and how long each takes, sent a byte at a time. */
  workflowPages?: { pages: number; ms: number };
}

const workflowId = (p: FakePipeline): string => `${p.id.slice(0, -4)}9${p.id.slice(-3)}`;

function pipelineRecord(p: FakePipeline): Record<string, unknown> {
  return {
    id: p.id,
    errors: [],
    project_slug: p.projectSlug ?? SLUG,
    number: p.number,
    state: 'created',
    created_at: '2026-11-28T09:00:00.000Z',
    trigger: { type: 'webhook', actor: { login: 'octocat' } },
    vcs: {
      origin_repository_url: p.fork ? FORK_URL : REPO_URL,
      target_repository_url: REPO_URL,
      revision: p.revision ?? REVISION,
      provider_name: 'PrimaryHost',
      branch: p.branch,
    },
  };
}

/** A JSON answer whose body comes one space every 5 s for `ms`, then the JSON: a page that takes its time. */
function drip(res: http.ServerResponse, ms: number, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const started = Date.now();
  const timer = setInterval(() => {
    if (Date.now() - started < ms) return void res.write(' ');
    clearInterval(timer);
    res.end(JSON.stringify(body));
  }, 5000);
  res.on('close', () => clearInterval(timer));
}

interface Served {
  base: string;
  /** Every request as `METHOD path?query`. */
  seen: string[];
  posts: () => string[];
}

async function serve(fake: Fake): Promise<Served> {
  const seen: string[] = [];
  const approved = new Set<string>();
  const byId = (id: string | undefined): FakePipeline | undefined => fake.pipelines.find((p) => p.id === id);
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url ?? '', 'http://x');
      const path = url.pathname;
      const token = url.searchParams.get('page-token');
      seen.push(`${req.method} ${path}${url.search}`);
      if (req.method === 'GET' && path === `${V2}/project/${SLUG}/pipeline`) {
        const branch = url.searchParams.get('branch');
        const items = fake.pipelines
          .filter((p) => !fake.honoursBranch || branch === null || p.branch === branch)
          .sort((a, b) => b.number - a.number)
          .map(pipelineRecord);
        return reply(res, 200, { items, next_page_token: null });
      }
      const one = /^\/api\/v2\/pipeline\/([^/]+)(\/workflow)?$/u.exec(path);
      if (req.method === 'GET' && one !== null) {
        const [, id = '', workflows] = one;
        if (workflows === undefined) {
          const pipeline = byId(fake.pipelineAs?.[id] ?? id);
          return pipeline === undefined
            ? reply(res, 404, { message: 'Pipeline not found' })
            : reply(res, 200, pipelineRecord(pipeline));
        }
        const pipeline = byId(fake.workflowsAs?.[id] ?? id);
        if (pipeline === undefined) return reply(res, 404, { message: 'Pipeline not found' });
        const item = {
          pipeline_id: pipeline.id,
          id: workflowId(pipeline),
          name: 'deploy',
          project_slug: fake.workflowsProject ?? pipeline.projectSlug ?? SLUG,
          status: 'on_hold',
          pipeline_number: pipeline.number,
          created_at: '2026-11-28T09:00:00Z',
          stopped_at: null,
        };
        const pages = fake.workflowPages;
        if (pages === undefined) return reply(res, 200, { items: [item], next_page_token: null });
        const at = Number(token ?? '0');
        const next = at + 1 < pages.pages ? String(at + 1) : null;
        return drip(res, pages.ms, { items: at === 0 ? [item] : [], next_page_token: next });
      }
      const jobs = /^\/api\/v2\/workflow\/([^/]+)\/job$/u.exec(path);
      const owner = fake.pipelines.find((p) => workflowId(p) === jobs?.[1]);
      if (req.method === 'GET' && owner !== undefined) {
        const all = owner.holds.map((h) => ({
          id: h.id,
          name: h.name,
          type: 'approval',
          status: approved.has(h.id) ? 'success' : 'on_hold',
          approval_request_id: h.id,
          dependencies: [],
          project_slug: fake.jobsProject ?? owner.projectSlug ?? SLUG,
        }));
        const size = fake.jobPage ?? 100;
        const at = Number(token ?? '0');
        const page = fake.repeatJobs && at >= size ? all.slice(0, size) : all.slice(at, at + size);
        const more = fake.repeatJobs ? at < size : at + size < all.length;
        return reply(res, 200, { items: page, next_page_token: more ? String(at + size) : null });
      }
      const approve = /^\/api\/v2\/workflow\/([^/]+)\/approve\/([^/]+)$/u.exec(path);
      const hold = fake.pipelines
        .filter((p) => workflowId(p) === approve?.[1])
        .flatMap((p) => p.holds)
        .find((h) => h.id === approve?.[2]);
      if (req.method === 'POST' && hold !== undefined) {
        if (approved.has(hold.id) && fake.twice !== 'accept')
          return reply(res, 400, { message: 'Job is not on hold.' });
        approved.add(hold.id);
        return reply(res, 202, { message: 'Accepted.' });
      }
      reply(res, 404, { message: `not here: ${req.method} ${path}` });
    });
  });
  const origin = await listen(server);
  return {
    base: `${origin}/api/v1.1`,
    seen,
    posts: () => seen.filter((line) => line.startsWith('POST ')),
  };
}

const approvalOf = (p: FakePipeline, hold: Hold): string =>
  `POST ${V2}/workflow/${workflowId(p)}/approve/${hold.id}`;

async function approve(
  served: Served,
  inputs: Record<string, string>,
  timeoutMs = 60_000,
): Promise<RunResult> {
  return runAction('approve', {
    inputs: { token: TOKEN, 'base-url': served.base, 'poll-interval-seconds': '1', ...inputs },
    env: { GITHUB_SHA: REVISION },
    timeoutMs,
  });
}

/** main's pipeline of the commit, and a newer one of the same commit built for a fork's pull request. */
function mainAndFork(): { main: FakePipeline; fork: FakePipeline } {
  return {
    main: { id: uuid(1), number: 5, branch: 'main', holds: [{ id: uuid(11), name: 'hold-production' }] },
    fork: {
      id: uuid(2),
      number: 6,
      branch: 'pull/7',
      fork: true,
      holds: [{ id: uuid(21), name: 'hold-production' }],
    },
  };
}

describe('hole 5: an answer for another pipeline is refused, and nothing of it is approved', () => {
  const asked: FakePipeline = { id: uuid(1), number: 5, branch: 'main', holds: [] };
  const other: FakePipeline = {
    id: uuid(2),
    number: 6,
    branch: 'main',
    holds: [{ id: uuid(21), name: 'hold-production' }],
  };

  it('GET /pipeline/{id} answered with another pipeline', async () => {
    const served = await serve({ pipelines: [asked, other], pipelineAs: { [asked.id]: other.id } });
    const result = await approve(served, { 'pipeline-id': asked.id });
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      `::error::GET v2 /pipeline/${asked.id} returned an unusable answer: the answer is pipeline ${other.id}, ` +
        `not ${asked.id} that was asked for`,
    ]);
    expect(served.posts()).toEqual([]);
    expect(result.outputs['count']).toBe('0');
  });

  it('the workflow list of the pipeline asked for answered with another pipeline’s workflows', async () => {
    const served = await serve({ pipelines: [asked, other], workflowsAs: { [asked.id]: other.id } });
    const result = await approve(served, { 'pipeline-id': asked.id });
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(
      new RegExp(
        `^::error::GET v2 /pipeline/${asked.id}/workflow returned an unusable answer: the workflow \\S+ ` +
          `is of pipeline ${other.id}, not ${asked.id} that was asked for$`,
        'u',
      ),
    );
    expect(served.posts()).toEqual([]);
  });
});

describe("a workflow's job list holds the workflow's project's jobs (docs/promises.md, promise 35)", () => {
  it("fails, approving nothing, when the job list holds another project's hold", async () => {
    const { main } = mainAndFork();
    const served = await serve({ pipelines: [main], jobsProject: 'primary-host/mallory/octo-repo' });
    const result = await approve(served, { 'pipeline-id': main.id });
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      expect.stringMatching(
        /job\/?[^ ]* returned an unusable answer: the list holds job hold-production of project primary-host\/mallory\/octo-repo, not primary-host\/octo-org\/octo-repo of its workflow$/u,
      ),
    ]);
    expect(served.posts()).toEqual([]);
  });

  it('takes the same project in the service’s other words', async () => {
    const { main } = mainAndFork();
    const served = await serve({ pipelines: [main], jobsProject: 'gh/octo-org/Octo-Repo' });
    const result = await approve(served, { 'pipeline-id': main.id });
    expect(result.errors).toEqual([]);
    expect(served.posts()).toEqual([approvalOf(main, main.holds[0] as Hold)]);
  });

  it("fails, approving nothing, when the pipeline's workflow and its jobs name another project", async () => {
    const { main } = mainAndFork();
    const other = 'primary-host/mallory/octo-repo';
    const served = await serve({ pipelines: [main], workflowsProject: other, jobsProject: other });
    const result = await approve(served, { 'pipeline-id': main.id });
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      expect.stringMatching(
        /workflow returned an unusable answer: the workflow [0-9a-f-]+ is of project primary-host\/mallory\/octo-repo, not primary-host\/octo-org\/octo-repo of its pipeline$/u,
      ),
    ]);
    expect(served.posts()).toEqual([]);
  });
});

describe("a pipeline of the project's list is the project's", () => {
  it("fails, approving nothing, when the list's pipeline of the commit is another project's", async () => {
    const { main } = mainAndFork();
    const served = await serve({ pipelines: [{ ...main, projectSlug: 'primary-host/mallory/octo-repo' }] });
    const result = await approve(served, { branch: 'main' });
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      expect.stringMatching(
        /unusable answer: the list holds pipeline #5 of project primary-host\/mallory\/octo-repo, not octo-org\/octo-repo that was asked for$/u,
      ),
    ]);
    expect(served.posts()).toEqual([]);
  });
});

describe('with pipeline-id, the pipeline is of the project the step names (docs/promises.md, promise 35)', () => {
  const OTHER = 'primary-host/mallory/other-repo';
  const theirs = (): FakePipeline => ({
    id: uuid(3),
    number: 7,
    branch: 'main',
    projectSlug: OTHER,
    holds: [{ id: uuid(31), name: 'hold-production' }],
  });

  it.each([
    ['project-slug', { 'project-slug': SLUG }, SLUG, 'project-slug names'],
    [
      'username and project',
      { username: 'octo-org', project: 'octo-repo' },
      'octo-org/octo-repo',
      'username, project name',
    ],
  ])('fails, approving nothing, when %s name another project', async (_, named, shown, says) => {
    const pipeline = theirs();
    const served = await serve({ pipelines: [pipeline] });
    const result = await approve(served, { 'pipeline-id': pipeline.id, ...named });
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::error::pipeline-id: pipeline #7 is of project ${OTHER}, not ${shown}; allowed: a ` +
            `pipeline of the project that ${says}`,
          'u',
        ),
      ),
    ]);
    expect(served.posts()).toEqual([]);
    expect(result.outputs['count']).toBe('0');
  });

  it('without inputs naming the project, the pipeline named is acted on, and the log says whose it is', async () => {
    const pipeline = theirs();
    const served = await serve({ pipelines: [pipeline] });
    const result = await approve(served, { 'pipeline-id': pipeline.id });
    expect(result.errors).toEqual([]);
    expect(served.posts()).toEqual([approvalOf(pipeline, pipeline.holds[0] as Hold)]);
    expect(result.stdout).toContain(
      `Pipeline #7 is of project ${OTHER}, not octo-org/octo-repo, which the step's inputs do not name: ` +
        'it is acted on as pipeline-id names it',
    );
  });

  it('the same project in the service’s other words and another case is the project named', async () => {
    const pipeline = { ...theirs(), projectSlug: 'gh/Octo-Org/octo-repo' };
    const served = await serve({ pipelines: [pipeline] });
    const result = await approve(served, { 'pipeline-id': pipeline.id, 'project-slug': SLUG });
    expect(result.errors).toEqual([]);
    expect(served.posts()).toEqual([approvalOf(pipeline, pipeline.holds[0] as Hold)]);
    expect(result.stdout).not.toMatch(/is of project/u);
  });
});

describe('hole 7: the branch is checked on each pipeline, never left to the list’s filter', () => {
  it('with branch main, a list that ignores ?branch= and puts a fork’s pipeline first', async () => {
    const { main, fork } = mainAndFork();
    const served = await serve({ pipelines: [main, fork] });
    const result = await approve(served, { branch: 'main' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(served.seen[0]).toBe(`GET ${V2}/project/${SLUG}/pipeline?branch=main`);
    expect(served.posts()).toEqual([approvalOf(main, main.holds[0] as Hold)]);
    // The log names the pipeline acted on: number, id, its own branch and commit.
    expect(result.stdout).toContain(`Acting on pipeline #5 (${main.id}): branch main, commit ${REVISION}`);
    expect(result.stdout).not.toContain('#6');
  });

  it('fails, approving nothing, when no pipeline of the commit is on that branch', async () => {
    const { fork } = mainAndFork();
    const served = await serve({ pipelines: [{ ...fork, fork: false, branch: 'feature' }] });
    const result = await approve(served, { branch: 'main', 'wait-for-hold-minutes': '0' });
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      `::error::No pipeline of commit ${REVISION} on branch main was found within 0 s among the project's 100 ` +
        'newest pipelines',
    ]);
    expect(served.posts()).toEqual([]);
  });
});

describe('hole 8: a fork’s pipeline is passed over unless allowed', () => {
  it('without branch, the commit’s newest pipeline is a fork’s pull request: main’s hold is approved', async () => {
    const { main, fork } = mainAndFork();
    const served = await serve({ pipelines: [main, fork], honoursBranch: true });
    const result = await approve(served, {});
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(served.posts()).toEqual([approvalOf(main, main.holds[0] as Hold)]);
    expect(result.stdout).toContain(
      "Pipeline #6 is of a pull request (branch pull/7), perhaps a fork's; passed over, as allow-forks is " +
        'false; looking at an older one',
    );
    expect(result.stdout).toContain(`Acting on pipeline #5 (${main.id}): branch main, commit ${REVISION}`);
    expect(result.outputs['count']).toBe('1');
  });

  it('a pipeline from another repository is a fork’s whatever its branch is called', async () => {
    const { main, fork } = mainAndFork();
    const served = await serve({ pipelines: [main, { ...fork, branch: 'main' }], honoursBranch: true });
    const result = await approve(served, { branch: 'main' });
    expect(result.errors).toEqual([]);
    expect(served.posts()).toEqual([approvalOf(main, main.holds[0] as Hold)]);
  });

  it('fails when only a fork’s pipeline holds the commit, saying it was passed over', async () => {
    const { fork } = mainAndFork();
    const served = await serve({ pipelines: [fork], honoursBranch: true });
    const result = await approve(served, { 'wait-for-hold-minutes': '0' });
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      `::error::No pipeline of commit ${REVISION} was found within 0 s among the project's 100 newest ` +
        'pipelines (one was of a pull request, passed over as allow-forks is false)',
    ]);
    expect(served.posts()).toEqual([]);
  });

  it.each([
    ['allow-forks: true', { 'allow-forks': 'true' }],
    ['a branch naming the pull request', { branch: 'pull/7' }],
  ])('%s lets the fork’s pipeline through', async (_, inputs) => {
    const { main, fork } = mainAndFork();
    const served = await serve({ pipelines: [main, fork], honoursBranch: true });
    const result = await approve(served, inputs);
    expect(result.errors).toEqual([]);
    expect(served.posts()).toEqual([approvalOf(fork, fork.holds[0] as Hold)]);
    expect(result.stdout).toContain(
      `Acting on pipeline #6 (${fork.id}): branch pull/7, commit ${REVISION}; it is of a pull request, ` +
        "perhaps a fork's",
    );
  });

  it('with pipeline-id, the fork’s pipeline named is acted on, and the log says whose it is', async () => {
    const { main, fork } = mainAndFork();
    const served = await serve({ pipelines: [main, fork] });
    const result = await approve(served, { 'pipeline-id': fork.id });
    expect(result.errors).toEqual([]);
    expect(served.posts()).toEqual([approvalOf(fork, fork.holds[0] as Hold)]);
    expect(result.stdout).toContain(
      `Acting on pipeline #6 (${fork.id}): branch pull/7, commit ${REVISION}; it is of a pull request, ` +
        "perhaps a fork's",
    );
  });

  it('a bad allow-forks is one error, and nothing is sent', async () => {
    const served = await serve({ pipelines: [] });
    const result = await approve(served, { 'allow-forks': 'maybe' });
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([expect.stringMatching(/^::error::allow-forks: /u)]);
    expect(served.seen).toEqual([]);
  });
});

describe('hole 9: one hold listed twice is approved once, and counted once', () => {
  it.each(['refuse', 'accept'] as const)(
    'the job list’s second page repeats the hold (a second approval the service would %s)',
    async (twice) => {
      const { main } = mainAndFork();
      const served = await serve({ pipelines: [main], jobPage: 1, repeatJobs: true, twice });
      const result = await approve(served, { 'pipeline-id': main.id });
      expect(result.errors).toEqual([]);
      expect(result.code).toBe(0);
      expect(served.posts()).toEqual([approvalOf(main, main.holds[0] as Hold)]);
      expect(result.outputs['count']).toBe('1');
      expect(JSON.parse(result.outputs['approved'] ?? '')).toEqual([
        { workflow: 'deploy', job: 'hold-production', approval_request_id: uuid(11) },
      ]);
    },
  );
});

describe('hole 10: the job summary’s table is capped, the rest counted', () => {
  it('120 holds with long names: 50 rows, and a line saying how many more', async () => {
    const holds = Array.from({ length: 120 }, (_, i) => ({
      id: uuid(1000 + i),
      name: `hold-${'x'.repeat(240)}-${i}`,
    }));
    const served = await serve({ pipelines: [{ id: uuid(1), number: 5, branch: 'main', holds }] });
    const result = await approve(served, { 'pipeline-id': uuid(1) });
    expect(result.errors).toEqual([]);
    expect(result.outputs['count']).toBe('120');
    expect(served.posts()).toHaveLength(120);
    expect(result.summary.match(/<tr>/gu)).toHaveLength(51);
    expect(result.summary).toContain('…and 70 more approval jobs not shown.');
    expect(result.summary).not.toContain('-50</td>');
  });
});

describe('hole 6: the deadline holds within a look (docs/promises.md, promise 34)', () => {
  // Three pages of the pipeline's workflow list, each taking 100 s: one look would take 300 s.
  const slow = { pages: 3, ms: 100_000 };
  const SLACK_MS = 5000;

  it('with wait-for-hold-minutes 1, the step ends within 65 s', { timeout: 150_000 }, async () => {
    const { main } = mainAndFork();
    const served = await serve({ pipelines: [main], workflowPages: slow });
    const started = performance.now();
    const result = await approve(served, { 'pipeline-id': main.id, 'wait-for-hold-minutes': '1' }, 90_000);
    expect(performance.now() - started).toBeLessThan(60_000 + SLACK_MS);
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      '::error::No approval job came on hold in pipeline #5 within 1 min; its approval jobs could not be read in ' +
        'time: the last look was stopped at the time-out',
    ]);
    expect(served.posts()).toEqual([]);
  });

  it('with wait-for-hold-minutes 0, the single look ends within 60 s', { timeout: 150_000 }, async () => {
    const { main } = mainAndFork();
    const served = await serve({ pipelines: [main], workflowPages: slow });
    const started = performance.now();
    const result = await approve(served, { 'pipeline-id': main.id, 'wait-for-hold-minutes': '0' }, 90_000);
    expect(performance.now() - started).toBeLessThan(60_000 + SLACK_MS);
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      '::error::No approval job came on hold in pipeline #5 within 0 s; its approval jobs could not be read in ' +
        'time: the one look was stopped after 1 min, the most it may take',
    ]);
    expect(served.posts()).toEqual([]);
  });
});
