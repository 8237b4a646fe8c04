// The approve action's committed bundle against a server of our own that answers as the service's API v2 does
// (pipelines newest first and paged, approval jobs with `approval_request_id`, 202 `{"message"}` for an approval),
// and against the emulator from a pipeline's id. Some tests wait for a later look in real time.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runAction, type RunResult } from '../harness/runner.ts';
import { startRecorder, type Recorded, type Recorder } from '../helpers/recorder.ts';
import { PROJECT, SLUG } from './gating-helpers.ts';

const TOKEN = 'tok-APPROVE-SECRET-0123456789';
const REVISION = '5f0c2b7e9a1d3c4b6e8f0a2c4e6b8d0f1a3c5e7b';
const OTHER = '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567';
const V2 = '/api/v2';
const PROJECT_V2 = `${V2}/project/primary-host/octo-org/octo-repo`;

interface FakeJob {
  id: string;
  name: string;
  type: 'build' | 'approval';
  /** Its status at each look at the job list, the last one repeating. */
  statuses: string[];
  job_number?: number;
  /** An answer of the wrong shape: an approval job without its request id. */
  noRequestId?: boolean;
}

interface FakeWorkflow {
  id: string;
  name: string;
  jobs: FakeJob[];
}

interface FakePipeline {
  id: string;
  number: number;
  revision: string;
  branch: string;
  workflows: FakeWorkflow[];
}

interface Fake {
  pipelines: FakePipeline[];
  /** Answers to POSTs of approvals, in turn (after the approval took effect); 202 when none is left. */
  approveAnswers?: number[];
  /** Pipelines per page of the project's list. */
  pageSize?: number;
}

const uuid = (n: number): string => `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`;

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A v2 service holding `fake`; a job's status moves to its next one at each look at its workflow's jobs. */
async function service(fake: Fake): Promise<Recorder> {
  const looks = new Map<string, number>();
  const approved = new Set<string>();
  const statusOf = (job: FakeJob, look: number): string =>
    approved.has(job.id) ? 'success' : (job.statuses[Math.min(look, job.statuses.length - 1)] ?? '');
  const workflows = fake.pipelines.flatMap((p) => p.workflows.map((w) => ({ pipeline: p, workflow: w })));
  const answers = [...(fake.approveAnswers ?? [])];
  return startRecorder((req: Recorded, res) => {
    const path = req.path;
    if (req.method === 'GET' && path === `${PROJECT_V2}/pipeline`) {
      const list = fake.pipelines
        .filter((p) => req.query['branch'] === undefined || p.branch === req.query['branch'])
        .sort((a, b) => b.number - a.number);
      const size = fake.pageSize ?? 20;
      const offset = Number(req.query['page-token'] ?? '0');
      reply(res, 200, {
        next_page_token: offset + size < list.length ? String(offset + size) : null,
        items: list.slice(offset, offset + size).map((p) => ({
          id: p.id,
          errors: [],
          project_slug: 'gh/octo-org/octo-repo',
          updated_at: '2026-03-02T09:00:00.000Z',
          number: p.number,
          state: 'created',
          created_at: '2026-03-02T09:00:00.000Z',
          trigger: { received_at: '2026-03-02T09:00:00.000Z', type: 'webhook', actor: { login: 'octocat' } },
          vcs: {
            origin_repository_url: 'https://code.example.com/octo-org/octo-repo',
            target_repository_url: 'https://code.example.com/octo-org/octo-repo',
            revision: p.revision,
            provider_name: 'PrimaryHost',
            commit: { body: '', subject: 'Ship it' },
            branch: p.branch,
          },
        })),
      });
      return;
    }
    const pipelineMatch = /^\/api\/v2\/pipeline\/([^/]+)(\/workflow)?$/u.exec(path);
    if (req.method === 'GET' && pipelineMatch !== null) {
      const pipeline = fake.pipelines.find((p) => p.id === pipelineMatch[1]);
      if (pipeline === undefined) return reply(res, 404, { message: 'Pipeline not found' });
      if (pipelineMatch[2] === undefined)
        return reply(res, 200, { id: pipeline.id, number: pipeline.number, state: 'created', errors: [] });
      return reply(res, 200, {
        next_page_token: null,
        items: pipeline.workflows.map((w) => ({
          pipeline_id: pipeline.id,
          id: w.id,
          name: w.name,
          project_slug: 'gh/octo-org/octo-repo',
          status: 'on_hold',
          started_by: uuid(999),
          pipeline_number: pipeline.number,
          created_at: '2026-03-02T09:00:00Z',
          stopped_at: null,
        })),
      });
    }
    const jobsMatch = /^\/api\/v2\/workflow\/([^/]+)\/job$/u.exec(path);
    if (req.method === 'GET' && jobsMatch !== null) {
      const found = workflows.find(({ workflow }) => workflow.id === jobsMatch[1]);
      if (found === undefined) return reply(res, 404, { message: 'Workflow not found' });
      const look = looks.get(found.workflow.id) ?? 0;
      looks.set(found.workflow.id, look + 1);
      return reply(res, 200, {
        next_page_token: null,
        items: found.workflow.jobs.map((job) => {
          const status = statusOf(job, look);
          return {
            dependencies: [],
            ...(job.job_number === undefined ? {} : { job_number: job.job_number }),
            id: job.id,
            started_at: '2026-03-02T09:00:05Z',
            name: job.name,
            project_slug: 'gh/octo-org/octo-repo',
            status,
            type: job.type,
            ...(job.type === 'approval' && !job.noRequestId && { approval_request_id: job.id }),
            ...(job.type === 'approval' && status === 'success' && { approved_by: uuid(777) }),
          };
        }),
      });
    }
    const approveMatch = /^\/api\/v2\/workflow\/([^/]+)\/approve\/([^/]+)$/u.exec(path);
    if (req.method === 'POST' && approveMatch !== null) {
      const found = workflows.find(({ workflow }) => workflow.id === approveMatch[1]);
      const job = found?.workflow.jobs.find((j) => j.id === approveMatch[2]);
      if (found === undefined || job === undefined) return reply(res, 404, { message: 'Not found.' });
      const look = Math.max(0, (looks.get(found.workflow.id) ?? 1) - 1);
      if (statusOf(job, look) !== 'on_hold') return reply(res, 400, { message: 'Job is not on hold.' });
      approved.add(job.id);
      const status = answers.shift() ?? 202;
      return reply(res, status, { message: status === 202 ? 'Accepted.' : 'Internal Server Error' });
    }
    reply(res, 404, { message: `not here: ${req.method} ${path}` });
  });
}

let server: Recorder | undefined;
let emulator: Emulator | undefined;
afterEach(async () => {
  await server?.close();
  await emulator?.close();
  server = undefined;
  emulator = undefined;
});

async function approve(
  fake: Fake,
  inputs: Record<string, string>,
  env: Record<string, string | undefined> = {},
): Promise<RunResult> {
  server = await service(fake);
  return runAction('approve', {
    inputs: { token: TOKEN, 'base-url': server.baseUrl, 'poll-interval-seconds': '1', ...inputs },
    env: { GITHUB_SHA: REVISION, ...env },
  });
}

const posts = (): string[] =>
  (server?.requests ?? []).filter((r) => r.method === 'POST').map((r) => `POST ${r.path}`);

/** The pipeline of REVISION on main: workflow `deploy` with build, two approvals and the deploy after them. */
function releasePipeline(more: Partial<FakePipeline> = {}, holds = ['on_hold']): FakePipeline {
  return {
    id: uuid(1),
    number: 7,
    revision: REVISION,
    branch: 'main',
    workflows: [
      {
        id: uuid(11),
        name: 'deploy',
        jobs: [
          { id: uuid(111), name: 'build', type: 'build', statuses: ['success'], job_number: 41 },
          // Since 2024 an approval job may carry a job number too.
          { id: uuid(112), name: 'hold-production', type: 'approval', statuses: holds, job_number: 42 },
          { id: uuid(113), name: 'hold-docs', type: 'approval', statuses: holds },
          { id: uuid(114), name: 'ship', type: 'build', statuses: ['blocked'] },
        ],
      },
      {
        id: uuid(12),
        name: 'audit',
        jobs: [{ id: uuid(121), name: 'hold-audit', type: 'approval', statuses: ['success'] }],
      },
    ],
    ...more,
  };
}

describe('approve against a server answering as the service does', () => {
  it('approves exactly the chosen jobs on hold, each once, and reports them', async () => {
    const result = await approve(
      { pipelines: [releasePipeline()] },
      { 'pipeline-id': uuid(1), job: 'hold-*\n!hold-docs' },
    );
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(posts()).toEqual([`POST ${V2}/workflow/${uuid(11)}/approve/${uuid(112)}`]);
    expect(server?.requests.find((r) => r.method === 'POST')?.body).toBe('');
    expect(JSON.parse(result.outputs['approved'] ?? '')).toEqual([
      { workflow: 'deploy', job: 'hold-production', approval_request_id: uuid(112) },
    ]);
    expect(result.outputs['count']).toBe('1');
    expect(result.summary).toContain('<td>hold-production</td>');
    // Every request went to API v2.
    expect(server?.requests.every((r) => r.path.startsWith(`${V2}/`))).toBe(true);
  });

  it('waits inside a log group and approves after it, so the approvals show outside the fold', async () => {
    const result = await approve({ pipelines: [releasePipeline()] }, { 'pipeline-id': uuid(1) });
    expect(result.code).toBe(0);
    const lines = result.stdout.split(/\r?\n/u);
    const open = lines.findIndex((l) => l.startsWith('::group::Waiting for'));
    const close = lines.indexOf('::endgroup::');
    const first = lines.findIndex((l) => l.startsWith('Approved '));
    expect(open).toBeGreaterThanOrEqual(0);
    expect(lines.filter((l) => l.startsWith('::group::'))).toHaveLength(1);
    expect(close).toBeGreaterThan(open);
    expect(first).toBeGreaterThan(close);
  });

  it('approves every job on hold by default, and needs no project with pipeline-id', async () => {
    const result = await approve(
      { pipelines: [releasePipeline()] },
      { 'pipeline-id': uuid(1) },
      { GITHUB_REPOSITORY: undefined },
    );
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(posts()).toEqual([
      `POST ${V2}/workflow/${uuid(11)}/approve/${uuid(112)}`,
      `POST ${V2}/workflow/${uuid(11)}/approve/${uuid(113)}`,
    ]);
    expect(result.outputs['count']).toBe('2');
  });

  it('waits for a hold that comes on the third look', async () => {
    const result = await approve(
      { pipelines: [releasePipeline({}, ['blocked', 'blocked', 'on_hold'])] },
      { 'pipeline-id': uuid(1), job: 'hold-production' },
    );
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    const calls = (server?.requests ?? []).map((r) => `${r.method} ${r.path}`);
    const jobLooks = calls.filter((c) => c === `GET ${V2}/workflow/${uuid(11)}/job`);
    expect(jobLooks).toHaveLength(3);
    expect(calls.at(-1)).toBe(`POST ${V2}/workflow/${uuid(11)}/approve/${uuid(112)}`);
    expect(result.outputs['count']).toBe('1');
  });

  it('fails naming the approval jobs that exist and their statuses when none matching comes on hold', async () => {
    const result = await approve(
      { pipelines: [releasePipeline({}, ['blocked'])] },
      { 'pipeline-id': uuid(1), job: 'hold-production', 'wait-for-hold-minutes': '0' },
    );
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      '::error::No approval job matching hold-production came on hold in pipeline #7 within 0 s; its approval ' +
        'jobs: hold-production of workflow deploy: blocked; hold-docs of workflow deploy: blocked; hold-audit ' +
        'of workflow audit: success',
    ]);
    expect(posts()).toEqual([]);
    expect(result.outputs['count']).toBe('0');
    expect(result.outputs['approved']).toBe('[]');
  });

  it('passes with count 0, and says so, when every matching approval was already given', async () => {
    const result = await approve(
      { pipelines: [releasePipeline({}, ['success'])] },
      { 'pipeline-id': uuid(1), job: 'hold-*' },
    );
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(posts()).toEqual([]);
    expect(result.outputs['count']).toBe('0');
    expect(result.outputs['approved']).toBe('[]');
    expect(result.stdout).toContain(
      'Nothing to approve: every approval job matching hold-* of pipeline #7 was already approved',
    );
  });

  it('from a commit, acts on its newest pipeline on the branch, never on an older run', async () => {
    const older = releasePipeline({ id: uuid(2), number: 5 });
    older.workflows = older.workflows.map((w) => ({ ...w, id: `${w.id.slice(0, -3)}900`, jobs: w.jobs }));
    const newest = releasePipeline({ id: uuid(3), number: 9 });
    newest.workflows = [
      {
        id: uuid(31),
        name: 'deploy',
        jobs: [{ id: uuid(312), name: 'hold-production', type: 'approval', statuses: ['on_hold'] }],
      },
    ];
    const otherCommit = releasePipeline({ id: uuid(4), number: 10, revision: OTHER });
    const otherBranch = releasePipeline({ id: uuid(5), number: 11, branch: 'feature' });
    const result = await approve(
      { pipelines: [older, newest, otherCommit, otherBranch], pageSize: 1 },
      { revision: REVISION.slice(0, 7), branch: 'main', job: 'hold-production' },
    );
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(posts()).toEqual([`POST ${V2}/workflow/${uuid(31)}/approve/${uuid(312)}`]);
    const lists = (server?.requests ?? []).filter((r) => r.path === `${PROJECT_V2}/pipeline`);
    expect(lists.map((r) => r.query)).toEqual([{ branch: 'main' }, { branch: 'main', 'page-token': '1' }]);
  });

  it('on a comment on a pull request, a branch given alone names its newest pipeline', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'approve-event-'));
    const event = join(dir, 'event.json');
    await writeFile(event, JSON.stringify({ issue: { number: 5, pull_request: {} } }));
    const pull = (id: number, number: number, revision: string): FakePipeline => ({
      ...releasePipeline({ id: uuid(id), number, revision, branch: 'pull/5/head' }),
      workflows: [
        {
          id: uuid(id * 10),
          name: 'deploy',
          jobs: [{ id: uuid(id * 100), name: 'hold', type: 'approval', statuses: ['on_hold'] }],
        },
      ],
    });
    const result = await approve(
      { pipelines: [pull(6, 3, OTHER), pull(7, 4, REVISION), releasePipeline({ number: 8 })] },
      { branch: 'pull/5/head' },
      { GITHUB_EVENT_NAME: 'issue_comment', GITHUB_EVENT_PATH: event },
    );
    await rm(dir, { recursive: true });
    expect(result.errors).toEqual([]);
    expect(posts()).toEqual([`POST ${V2}/workflow/${uuid(70)}/approve/${uuid(700)}`]);
  });

  it('from the workflow’s commit by default, reading at most 100 pipelines to find it', async () => {
    const others = Array.from({ length: 130 }, (_, i) =>
      releasePipeline({ id: uuid(1000 + i), number: 1000 - i, revision: OTHER }),
    );
    const result = await approve(
      { pipelines: [...others, releasePipeline({ number: 1 })] },
      { 'wait-for-hold-minutes': '0' },
    );
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      `::error::No pipeline of commit ${REVISION} was found within 0 s among the project's 100 newest ` +
        'pipelines',
    ]);
    expect((server?.requests ?? []).map((r) => r.query['page-token'] ?? '0')).toEqual([
      '0',
      '20',
      '40',
      '60',
      '80',
    ]);
    expect(posts()).toEqual([]);
  });

  it('does not send an approval twice when its answer is lost: the job list shows it arrived', async () => {
    const result = await approve(
      { pipelines: [releasePipeline()], approveAnswers: [500] },
      { 'pipeline-id': uuid(1), job: 'hold-production' },
      {},
    );
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(posts()).toEqual([`POST ${V2}/workflow/${uuid(11)}/approve/${uuid(112)}`]);
    expect(result.outputs['count']).toBe('1');
  });

  it('fails clearly, and approves nothing, when a job on hold names no approval request', async () => {
    const pipeline = releasePipeline();
    const [deploy] = pipeline.workflows;
    deploy?.jobs.forEach((job) => (job.noRequestId = true));
    const result = await approve({ pipelines: [pipeline] }, { 'pipeline-id': uuid(1) });
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      `::error::GET v2 /workflow/${uuid(11)}/job returned an unusable answer: hold-production names no ` +
        'approval_request_id',
    ]);
    expect(posts()).toEqual([]);
  });
});

describe('approve against the emulator', () => {
  it('approves the hold of the pipeline named by pipeline-id, after which its downstream job runs', async () => {
    emulator = await startEmulator();
    emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, {
      workflows: [
        {
          name: 'release',
          jobs: [
            { name: 'build', runMs: 100, artifacts: [] },
            { name: 'hold', type: 'approval', requires: ['build'] },
            { name: 'deploy', requires: ['hold'], runMs: 100, artifacts: [] },
          ],
        },
      ],
    });
    emulator.state.push(SLUG, { branch: 'main', revision: OTHER });
    const pipelineId = String(emulator.state.pipelines(SLUG)[0]?.['id']);
    // The build runs first: the hold comes at a later look.
    const result = await runAction('approve', {
      inputs: {
        token: emulator.token,
        'base-url': emulator.baseUrl,
        'pipeline-id': pipelineId,
        'poll-interval-seconds': '1',
      },
    });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    const [workflow] = emulator.state.pipelineWorkflows(pipelineId) ?? [];
    const jobs = emulator.state.workflowJobs(workflow?.id ?? '') ?? [];
    const hold = jobs.find((job) => job.name === 'hold');
    expect(emulator.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/api/v2/workflow/${workflow?.id}/approve/${hold?.approval_request_id}`,
    ]);
    expect(hold?.status).toBe('success');
    expect(jobs.find((job) => job.name === 'deploy')?.status).not.toBe('blocked');
    expect(JSON.parse(result.outputs['approved'] ?? '')).toEqual([
      { workflow: 'release', job: 'hold', approval_request_id: hold?.approval_request_id },
    ]);
  });
});

describe('approve: bad input is one error, and nothing is sent', () => {
  it.each([
    [{ 'pipeline-id': uuid(1), revision: REVISION }, 'pipeline-id'],
    [{ 'pipeline-id': uuid(1), branch: 'main' }, 'pipeline-id'],
    [{ 'pipeline-id': '42' }, 'pipeline-id'],
    [{ 'pipeline-id': `${uuid(1)}/../x` }, 'pipeline-id'],
    [{ 'wait-for-hold-minutes': '-1' }, 'wait-for-hold-minutes'],
    [{ 'wait-for-hold-minutes': '50401' }, 'wait-for-hold-minutes'],
    [{ 'wait-for-hold-minutes': 'soon' }, 'wait-for-hold-minutes'],
    [{ 'poll-interval-seconds': '0' }, 'poll-interval-seconds'],
    [{ revision: 'abc12' }, 'revision'],
    [{ job: '!' }, 'job'],
  ] as const)('%o names %s', async (inputs, input) => {
    const result = await approve({ pipelines: [releasePipeline()] }, inputs);
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([expect.stringMatching(new RegExp(`^::error::${input}: `, 'u'))]);
    expect(server?.requests).toEqual([]);
    // `::add-mask::` lines are how a value is masked: the runner consumes them and shows nothing.
    expect(result.stdout.replace(/^::add-mask::.*$/gmu, '')).not.toContain(TOKEN);
  });
});
