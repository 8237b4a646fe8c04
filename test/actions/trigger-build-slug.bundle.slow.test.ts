// trigger-build with `project-slug` (docs/v2.md): `pipeline/run` alone, the pipeline followed through API v2 alone
// (its workflows, their jobs, each job's details and tests), a failed job named with its status and its page. The
// committed bundle runs against the emulator, and against a server of our own that answers in the real v2 shapes
// (made-up values), recording every request.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type WorkflowSpec } from '../../emulator/index.ts';
import { runAction, type RunResult } from '../harness/runner.ts';
import { obeyedCommands } from './gating-helpers.ts';

const ORG = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
const PROJECT = '6e5d4c3b-2a19-4f08-9e7d-6c5b4a392817';
const SLUG = `forge/${ORG}/${PROJECT}`;

const errorLines = (result: RunResult): string[] =>
  obeyedCommands(result.stdout).filter((l) => l.startsWith('::error::'));

let emulator: Emulator | undefined;
let server: Server | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
});

const trigger = (baseUrl: string, token: string, inputs: Record<string, string> = {}): Promise<RunResult> =>
  runAction('trigger-build', {
    inputs: {
      token,
      'base-url': baseUrl,
      'project-slug': SLUG,
      branch: 'main',
      wait: 'true',
      'poll-interval-seconds': '1',
      ...inputs,
    },
  });

describe('trigger-build with project-slug, against the emulator', () => {
  const run = async (workflows: WorkflowSpec[], inputs: Record<string, string> = {}): Promise<RunResult> => {
    emulator = await startEmulator();
    emulator.state.slugProject(SLUG, { pipelineSetupMs: 0, workflows });
    return trigger(emulator.baseUrl, emulator.token, inputs);
  };
  const paths = (): string[] =>
    (emulator?.requests ?? []).filter((r) => r.origin === 'api').map((r) => `${r.method} ${r.path}`);

  it('follows the pipeline through v2 alone to its success', async () => {
    const result = await run([{ name: 'ship', jobs: [{ name: 'build', runMs: 300, queuedMs: 50 }] }]);
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(paths().filter((p) => !p.includes(' /api/v2/'))).toEqual([]);
    expect(paths()).toContain(`POST /api/v2/project/${SLUG}/pipeline/run`);
    const [pipeline] = emulator?.state.pipelines(SLUG) ?? [];
    expect(result.outputs).toMatchObject({
      'pipeline-id': String(pipeline?.['id']),
      'pipeline-number': '1',
      outcome: 'success',
      status: 'success',
      lifecycle: '',
    });
    const num = result.outputs['build-num'];
    expect(paths()).toContain(`GET /api/v2/project/${SLUG}/job/${num}`);
  });

  it('fails naming the failed job, its status and its page', async () => {
    const result = await run([
      { name: 'ship', jobs: [{ name: 'build', runMs: 300, queuedMs: 50, outcome: 'failed' }] },
    ]);
    expect(result.code).toBe(1);
    const [line, ...more] = errorLines(result);
    expect(more).toEqual([]);
    const url = result.outputs['build-url'] ?? '';
    expect(url).toMatch(/^https?:\/\//u);
    expect(line).toContain('job build');
    expect(line).toContain('status failed');
    expect(line).toContain(url);
    expect(result.outputs).toMatchObject({ outcome: 'failed', status: 'failed', lifecycle: '' });
    expect(paths().filter((p) => !p.includes(' /api/v2/'))).toEqual([]);
    expect(paths()).toContain(`GET /api/v2/project/${SLUG}/${result.outputs['build-num']}/tests`);
  });
});

/** The ids and numbers of the one pipeline our server makes. */
const PIPELINE = { id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', number: 7 };
const WORKFLOW = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const JOB = { id: '4b3a2918-0f1e-4d2c-8b3a-291807f6e5d4', number: 42 };
const REVISION = '0123456789abcdef0123456789abcdef01234567';

/** A v2 service as the real one answers (shapes of the recorded answers), whose one job fails. */
async function realShapes(override: Record<string, (body: unknown) => [number, unknown]> = {}): Promise<{
  baseUrl: string;
  sent: { method: string; path: string; body: unknown }[];
}> {
  const sent: { method: string; path: string; body: unknown }[] = [];
  let triggered = false;
  const web = 'https://ci.example.com';
  const pipeline = (): Record<string, unknown> => ({
    id: PIPELINE.id,
    errors: [],
    project_slug: SLUG,
    updated_at: '2026-01-05T10:00:00.000Z',
    number: PIPELINE.number,
    state: 'created',
    created_at: '2026-01-05T10:00:00.000Z',
    trigger: {
      received_at: '2026-01-05T10:00:00.000Z',
      type: 'api',
      actor: { login: 'someone', avatar_url: null },
    },
    vcs: {
      origin_repository_url: 'https://code.example.com/team/widget',
      target_repository_url: 'https://code.example.com/team/widget',
      revision: REVISION,
      provider_name: 'GitHub',
      commit: { body: '', subject: 'Change a thing' },
      branch: 'main',
    },
  });
  const routes: Record<string, (body: unknown) => [number, unknown]> = {
    [`GET /api/v2/project/${SLUG}/pipeline`]: () => [
      200,
      { next_page_token: null, items: triggered ? [pipeline()] : [] },
    ],
    [`POST /api/v2/project/${SLUG}/pipeline/run`]: () => {
      triggered = true;
      return [
        201,
        {
          state: 'created',
          created_at: '2026-01-05T10:00:00.000Z',
          number: PIPELINE.number,
          id: PIPELINE.id,
        },
      ];
    },
    [`GET /api/v2/pipeline/${PIPELINE.id}`]: () => [200, pipeline()],
    [`GET /api/v2/pipeline/${PIPELINE.id}/workflow`]: () => [
      200,
      {
        next_page_token: null,
        items: [
          {
            pipeline_id: PIPELINE.id,
            id: WORKFLOW,
            name: 'ship',
            project_slug: SLUG,
            status: 'failed',
            started_by: '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c',
            pipeline_number: PIPELINE.number,
            created_at: '2026-01-05T10:00:01Z',
            stopped_at: '2026-01-05T10:01:00Z',
          },
        ],
      },
    ],
    [`GET /api/v2/workflow/${WORKFLOW}/job`]: () => [
      200,
      {
        next_page_token: null,
        items: [
          {
            dependencies: [],
            job_number: JOB.number,
            id: JOB.id,
            started_at: '2026-01-05T10:00:02Z',
            name: 'build',
            project_slug: SLUG,
            status: 'failed',
            type: 'build',
            stopped_at: '2026-01-05T10:01:00Z',
          },
        ],
      },
    ],
    [`GET /api/v2/project/${SLUG}/job/${JOB.number}`]: () => [
      200,
      {
        web_url: `${web}/jobs/${JOB.number}`,
        project: { external_url: 'https://code.example.com/team/widget', slug: SLUG, name: 'widget' },
        parallel_runs: [{ index: 0, status: 'failed' }],
        started_at: '2026-01-05T10:00:02.000Z',
        latest_workflow: { name: 'ship', id: WORKFLOW },
        name: 'build',
        executor: { resource_class: 'medium', type: 'docker' },
        parallelism: 1,
        status: 'failed',
        number: JOB.number,
        pipeline: { id: PIPELINE.id },
        duration: 58000,
        created_at: '2026-01-05T10:00:01.000Z',
        messages: [],
        contexts: [],
        organization: { name: 'team' },
        queued_at: '2026-01-05T10:00:01.500Z',
        stopped_at: '2026-01-05T10:01:00.000Z',
      },
    ],
    [`GET /api/v2/project/${SLUG}/${JOB.number}/tests`]: () => [
      200,
      {
        items: [
          {
            message: 'expected 2 to be 3 at src/sum.test.ts:14',
            source: 'unknown',
            run_time: 0.01,
            file: 'src/sum.test.ts',
            result: 'failure',
            name: 'adds two numbers',
            classname: 'sum',
          },
        ],
        next_page_token: null,
      },
    ],
  };
  server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const key = `${req.method} ${decodeURIComponent(path)}`;
      sent.push({
        method: req.method ?? '',
        path: decodeURIComponent(path),
        body: raw === '' ? undefined : JSON.parse(raw),
      });
      const [status, body] = (override[key] ?? routes[key])?.(raw) ?? [404, { message: 'Not found' }];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/api/v1.1`, sent };
}

describe('trigger-build with project-slug, against the real v2 shapes', () => {
  it('sends only the real v2 calls and names the failed job, its status and its page', async () => {
    const { baseUrl, sent } = await realShapes();
    const result = await trigger(baseUrl, 'a-made-up-token');
    expect(result.code).toBe(1);
    const lines = sent.map((r) => `${r.method} ${r.path}`);
    expect(lines.filter((l) => !l.includes(' /api/v2/'))).toEqual([]);
    expect(lines.filter((l) => l.startsWith('POST'))).toEqual([`POST /api/v2/project/${SLUG}/pipeline/run`]);
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      config: { branch: 'main' },
      checkout: { branch: 'main' },
    });
    expect(lines).toContain(`GET /api/v2/project/${SLUG}/job/${JOB.number}`);
    expect(lines).toContain(`GET /api/v2/project/${SLUG}/${JOB.number}/tests`);
    expect(result.outputs).toMatchObject({
      'pipeline-id': PIPELINE.id,
      'pipeline-number': String(PIPELINE.number),
      'build-num': String(JOB.number),
      'build-url': `https://ci.example.com/jobs/${JOB.number}`,
      status: 'failed',
      lifecycle: '',
      outcome: 'failed',
    });
    const [line, ...more] = errorLines(result);
    expect(more).toEqual([]);
    expect(line).toContain('job build');
    expect(line).toContain('status failed');
    expect(line).toContain(`https://ci.example.com/jobs/${JOB.number}`);
    // The failed test is annotated on its file, as for a build of v1.1.
    expect(result.errors.filter((l) => /^::error [^:]*file=src\/sum\.test\.ts[,:]/u.test(l))).toHaveLength(1);
    // v2 has no step output: one line points to the job's page.
    expect(result.stdout).toContain(`its log is at https://ci.example.com/jobs/${JOB.number}`);
  });
});

describe('trigger-build with project-slug: what else it sends', () => {
  it('sends pipeline/run alone when it answers 404, and no older trigger', async () => {
    const { baseUrl, sent } = await realShapes({
      [`POST /api/v2/project/${SLUG}/pipeline/run`]: () => [404, { message: 'Project not found' }],
    });
    const result = await trigger(baseUrl, 'a-made-up-token');
    expect(result.code).toBe(1);
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/api/v2/project/${SLUG}/pipeline/run`,
    ]);
    expect(errorLines(result)).toEqual([expect.stringContaining('Project not found')]);
  });

  it('without wait, sets the pipeline outputs from v2 alone', async () => {
    const { baseUrl, sent } = await realShapes();
    const result = await trigger(baseUrl, 'a-made-up-token', { wait: 'false' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({
      'pipeline-id': PIPELINE.id,
      'pipeline-number': String(PIPELINE.number),
      'build-num': '',
      builds: '[]',
    });
    expect(JSON.parse(result.outputs['workflows'] ?? '')).toEqual([
      expect.objectContaining({ id: WORKFLOW, name: 'ship', status: 'failed' }),
    ]);
    expect(sent.map((r) => r.path).filter((p) => !p.startsWith('/api/v2/'))).toEqual([]);
  });
});

describe('trigger-build with project-slug: a v2 status', () => {
  it('sets status to a job status v1.1 has no word for', async () => {
    const { baseUrl } = await realShapes({
      [`GET /api/v2/workflow/${WORKFLOW}/job`]: () => [
        200,
        {
          next_page_token: null,
          items: [
            {
              dependencies: [],
              job_number: JOB.number,
              id: JOB.id,
              name: 'build',
              project_slug: SLUG,
              status: 'terminated-unknown',
              type: 'build',
            },
          ],
        },
      ],
      [`GET /api/v2/project/${SLUG}/job/${JOB.number}`]: () => [
        200,
        {
          web_url: `https://ci.example.com/jobs/${JOB.number}`,
          name: 'build',
          status: 'terminated-unknown',
          number: JOB.number,
          pipeline: { id: PIPELINE.id },
          latest_workflow: { name: 'ship', id: WORKFLOW },
        },
      ],
    });
    const result = await trigger(baseUrl, 'a-made-up-token');
    expect(result.code).toBe(1);
    expect(result.outputs).toMatchObject({ status: 'terminated-unknown', lifecycle: '' });
  });
});

describe('trigger-build with project-slug: input errors', () => {
  it.each([
    ['revision', { revision: '0123456789abcdef' }],
    ['trigger-api', { 'trigger-api': 'v1.1' }],
    ['parallel', { parallel: '2' }],
  ])('%s: one error naming it, nothing sent', async (name, extra) => {
    const { baseUrl, sent } = await realShapes();
    const result = await trigger(baseUrl, 'a-made-up-token', extra);
    expect(result.code).toBe(1);
    const lines = errorLines(result);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(name);
    expect(sent).toEqual([]);
  });
});
