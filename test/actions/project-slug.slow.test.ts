// Projects named by their API v2 slug (docs/v2.md): the general action's v2 commands and the input errors, run
// from the committed bundles against the emulator and against a server of our own that answers as the real
// service's v2 does (its shapes, with made-up values), recording every request.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type WorkflowSpec } from '../../emulator/index.ts';
import { runAction, type RunResult } from '../harness/runner.ts';

const ORG = '7c1e2b90-3d4f-4a5b-8c6d-0e1f2a3b4c5d';
const PROJECT = '2d9e8f70-6a5b-4c3d-9e2f-1a0b9c8d7e6f';
const SLUG = `app/${ORG}/${PROJECT}`;
const WORKFLOWS: WorkflowSpec[] = [{ name: 'ship', jobs: [{ name: 'build', runMs: 1, queuedMs: 1 }] }];

let emu: Emulator;
const emuInputs = (slug = SLUG): Record<string, string> => ({
  token: emu.token,
  'base-url': emu.baseUrl,
  'project-slug': slug,
});
const emuPaths = (): string[] => emu.requests.map((q) => `${q.method} ${q.path}`);
const result = (r: RunResult): unknown => JSON.parse(r.outputs['result'] ?? 'null');

beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(() => emu.close());
beforeEach(() => {
  emu.state.slugProject(SLUG, { workflows: WORKFLOWS });
  emu.resetRequests();
});

/** A finished job of a new pipeline of the slug project: its number. */
async function finishedJob(slug = SLUG): Promise<number> {
  emu.state.slugProject(slug, { workflows: WORKFLOWS });
  const pipeline = emu.state.triggerPipeline(slug, { branch: 'main' });
  const workflow = emu.state.pipelineWorkflows(String(pipeline['id']))?.[0];
  const number = emu.state.workflowJobs(workflow?.id ?? '')?.[0]?.job_number ?? 0;
  emu.state.finishBuild(slug, number, 'success');
  emu.resetRequests();
  return number;
}

describe('the general action with project-slug, against the emulator', () => {
  it('reads tests and artifacts below /api/v2, in v2 shapes', async () => {
    const number = await finishedJob();
    const tests = await runAction('general', {
      inputs: { ...emuInputs(), command: 'tests', 'build-num': String(number) },
    });
    expect(tests.errors).toEqual([]);
    expect(result(tests)).toContainEqual(expect.objectContaining({ name: 'parser reads an empty document' }));
    const artifacts = await runAction('general', {
      inputs: { ...emuInputs(), command: 'artifacts', 'build-num': String(number) },
    });
    expect(artifacts.errors).toEqual([]);
    expect(result(artifacts)).toContainEqual({
      path: 'dist/app.tar.gz',
      node_index: 0,
      url: expect.stringContaining('/artifacts/'),
    });
    expect(emuPaths()).toEqual([
      `GET /api/v2/project/${SLUG}/${number}/tests`,
      `GET /api/v2/project/${SLUG}/${number}/artifacts`,
    ]);
  });

  it('cancels a job and reruns it through its workflow', async () => {
    emu.state.slugProject(SLUG, { workflows: [{ name: 'ship', jobs: [{ name: 'build', runMs: 600_000 }] }] });
    const pipeline = emu.state.triggerPipeline(SLUG, { branch: 'main' });
    const workflow = emu.state.pipelineWorkflows(String(pipeline['id']))?.[0];
    const number = emu.state.workflowJobs(workflow?.id ?? '')?.[0]?.job_number ?? 0;
    emu.resetRequests();
    const cancel = await runAction('general', {
      inputs: { ...emuInputs(), command: 'cancel', 'build-num': String(number) },
    });
    expect(cancel.errors).toEqual([]);
    expect(result(cancel)).toEqual({ message: expect.any(String) });
    expect(emu.state.getBuild(SLUG, number)?.outcome).toBe('canceled');
    const retry = await runAction('general', {
      inputs: { ...emuInputs(), command: 'retry', 'build-num': String(number) },
    });
    expect(retry.errors).toEqual([]);
    expect(result(retry)).toEqual({ workflow_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(emuPaths()).toEqual([
      `POST /api/v2/project/${SLUG}/job/${number}/cancel`,
      `GET /api/v2/project/${SLUG}/job/${number}`,
      `GET /api/v2/workflow/${workflow?.id}/job`,
      `POST /api/v2/workflow/${workflow?.id}/rerun`,
    ]);
    expect(emu.requests[3]?.body).toEqual({ jobs: [emu.state.workflowJobs(workflow?.id ?? '')?.[0]?.id] });
  });

  it('adds, reads, lists and deletes env vars', async () => {
    const run = (command: string, extra: Record<string, string> = {}): Promise<RunResult> =>
      runAction('general', { inputs: { ...emuInputs(), command, ...extra } });
    expect((await run('add-envvar', { name: 'REGION', value: 'eu-west-1' })).errors).toEqual([]);
    expect(result(await run('get-envvar', { name: 'REGION' }))).toMatchObject({
      name: 'REGION',
      value: 'xxxxst-1',
    });
    expect(result(await run('list-envvars'))).toEqual([
      { name: 'REGION', value: 'xxxxst-1', created_at: expect.any(String) },
    ]);
    expect((await run('delete-envvar', { name: 'REGION' })).errors).toEqual([]);
    expect(emu.state.envvars(SLUG)).toEqual({});
    expect(emuPaths()).toEqual([
      `POST /api/v2/project/${SLUG}/envvar`,
      `GET /api/v2/project/${SLUG}/envvar`,
      `GET /api/v2/project/${SLUG}/envvar`,
      `DELETE /api/v2/project/${SLUG}/envvar/REGION`,
    ]);
  });

  it('triggers a pipeline with pipeline/run alone', async () => {
    const r = await runAction('general', {
      inputs: { ...emuInputs(), command: 'trigger', branch: 'release', params: '' },
    });
    expect(r.errors).toEqual([]);
    expect(result(r)).toMatchObject({ number: expect.any(Number), state: 'created' });
    // The newest pipeline before the trigger (to find it again if the answer is lost), the trigger, then the
    // pipeline read until its configuration is compiled: all through API v2.
    const [newest, run, ...reads] = emuPaths();
    expect([newest, run]).toEqual([
      `GET /api/v2/project/${SLUG}/pipeline`,
      `POST /api/v2/project/${SLUG}/pipeline/run`,
    ]);
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read).toMatch(/^GET \/api\/v2\/pipeline\/[0-9a-f-]{36}$/u);
    expect(emu.requests[1]?.body).toEqual({ config: { branch: 'release' }, checkout: { branch: 'release' } });
  });

  it('works the same with a provider word the product has never seen', async () => {
    const other = `brand-new-host/${ORG}/${PROJECT}`;
    const number = await finishedJob(other);
    const r = await runAction('general', {
      inputs: { ...emuInputs(other), command: 'build', 'build-num': String(number) },
    });
    expect(r.errors).toEqual([]);
    expect(result(r)).toMatchObject({ number, status: 'success', project: { slug: other } });
    expect(emuPaths()).toEqual([`GET /api/v2/project/${other}/job/${number}`]);
  });

  it('leaves the commands about no project as they were', async () => {
    const r = await runAction('general', { inputs: { ...emuInputs(), command: 'me' } });
    expect(r.errors).toEqual([]);
    expect(emuPaths()).toEqual(['GET /me']);
  });

  it.each([
    ['builds', {}, "command 'builds' has no API v2 form"],
    ['follow', {}, "command 'follow' has no API v2 form"],
    ['clear-cache', {}, "command 'clear-cache' has no API v2 form"],
    ['list-checkout-keys', {}, "command 'list-checkout-keys' has no API v2 form"],
  ])('refuses %s, which has no v2 form, sending nothing', async (command, extra, message) => {
    const r = await runAction('general', { inputs: { ...emuInputs(), command, ...extra } });
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toContain(`::error::project-slug: ${message}`);
    expect(emu.requests).toEqual([]);
  });
});

describe('input errors with project-slug', () => {
  it.each([
    [
      'set-envvar',
      { username: 'octo-org', name: 'A', value: 'b' },
      /^::error::project-slug: not allowed together with username; /,
    ],
    [
      'general',
      { command: 'me', project: 'octo-repo' },
      /^::error::project-slug: not allowed together with project; /,
    ],
    [
      'general',
      { command: 'trigger', 'trigger-api': 'v1.1' },
      /^::error::trigger-api: invalid value "v1\.1"; allowed with project-slug/,
    ],
    [
      'general',
      { command: 'retry', 'build-num': '3', 'trigger-api': 'v1.1' },
      /^::error::trigger-api: invalid value "v1\.1"; allowed with project-slug/,
    ],
    [
      'general',
      { command: 'trigger', revision: 'a'.repeat(40) },
      /^::error::revision: not used; leave it out with project-slug/,
    ],
    [
      'set-envvar',
      { 'project-slug': 'app/only-two', name: 'A', value: 'b' },
      /^::error::project-slug: invalid value "app\/only-two"; allowed: three segments/,
    ],
    [
      'trigger-build',
      { revision: 'a'.repeat(40) },
      /^::error::revision: not used; leave it out with project-slug/,
    ],
  ])('%s %j: one error, nothing sent', async (action, extra, error) => {
    const r = await runAction(action, { inputs: { ...emuInputs(), ...extra } });
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(error);
    expect(emu.requests).toEqual([]);
  });
});

// ---- a server answering as the real service's API v2 does

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

const JOB_ID = '49edd5ca-f340-46fa-9457-7b3621f3bb3a';
const WORKFLOW_ID = '9552b8fe-f5b7-4f7b-92a3-8bedc0ee35ca';
const PIPELINE_ID = '98b1071e-c364-4b39-91b9-820b8588e2ae';
const BASE = `/api/v2/project/${SLUG}`;
/** The project the workflow's job list says its jobs are of. */
let jobListProject = SLUG;

/** The real answers' shapes, field for field, with neutral values. */
function realAnswer(method: string, path: string): [number, unknown] {
  const routes: Record<string, [number, unknown]> = {
    [`GET ${BASE}/job/155`]: [
      200,
      {
        web_url: 'https://ci.example.com/app/octo/155',
        project: { external_url: 'https://primary-host.example.com/octo/widget', slug: SLUG, name: 'widget' },
        parallel_runs: [{ index: 0, status: 'success' }],
        started_at: '2020-12-24T12:59:27.236Z',
        latest_workflow: { name: 'workflow', id: WORKFLOW_ID },
        name: 'build',
        executor: { resource_class: 'medium', type: 'docker' },
        parallelism: 1,
        status: 'success',
        number: 155,
        pipeline: { id: PIPELINE_ID },
        duration: 41658,
        created_at: '2020-12-24T12:59:24.233Z',
        messages: [],
        contexts: [],
        organization: { name: 'octo' },
        queued_at: '2020-12-24T12:59:24.256Z',
        stopped_at: '2020-12-24T13:00:08.894Z',
      },
    ],
    [`GET /api/v2/workflow/${WORKFLOW_ID}/job`]: [
      200,
      {
        next_page_token: null,
        items: [
          {
            dependencies: [],
            job_number: 155,
            id: JOB_ID,
            started_at: '2020-12-24T12:59:27Z',
            name: 'build',
            project_slug: jobListProject,
            status: 'success',
            type: 'build',
            stopped_at: '2020-12-24T13:00:08Z',
          },
        ],
      },
    ],
    [`POST /api/v2/workflow/${WORKFLOW_ID}/rerun`]: [
      202,
      { workflow_id: '0c2bc5ea-a4d4-4c3e-9e8a-1d2b3c4d5e6f' },
    ],
    [`POST ${BASE}/job/155/cancel`]: [202, { message: 'Accepted.' }],
    [`GET ${BASE}/155/artifacts`]: [
      200,
      {
        items: [
          {
            path: 'site/assets/img/one.png',
            node_index: 0,
            url: 'https://155-1-app.artifacts.example.com/0/site/assets/img/one.png',
          },
        ],
        next_page_token: null,
      },
    ],
    [`GET ${BASE}/155/tests`]: [
      200,
      {
        items: [
          {
            message: '',
            source: 'unknown',
            run_time: 0.012,
            file: 'test/a.test.ts',
            result: 'success',
            name: 'reads',
            classname: 'a',
          },
        ],
        next_page_token: null,
      },
    ],
    [`GET ${BASE}/envvar`]: [
      200,
      {
        items: [{ name: 'REGION', value: 'xxxxst-1', created_at: '2024-03-11T14:56:45Z' }],
        next_page_token: null,
      },
    ],
    [`POST ${BASE}/envvar`]: [201, { name: 'REGION', value: 'xxxxst-1', created_at: '2024-03-11T14:56:45Z' }],
    [`DELETE ${BASE}/envvar/REGION`]: [200, { message: 'Environment variable deleted.' }],
  };
  return routes[`${method} ${path}`] ?? [404, { message: 'Not found.' }];
}

let server: Server;
let realBase = '';
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const path = (request.url ?? '').split('?')[0] ?? '';
      seen.push({ method: request.method ?? '', path, body: text === '' ? undefined : JSON.parse(text) });
      const [status, body] = realAnswer(request.method ?? '', path);
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  realBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1.1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('against answers shaped as the real service gives them', () => {
  const run = (command: string, extra: Record<string, string> = {}): Promise<RunResult> =>
    runAction('general', {
      inputs: { token: 'real-shaped-token', 'base-url': realBase, 'project-slug': SLUG, command, ...extra },
    });

  it('sends every command to its v2 path, with the real bodies, and outputs the answers', async () => {
    seen.length = 0;
    const answers: Record<string, unknown> = {};
    for (const [command, extra] of [
      ['build', { 'build-num': '155' }],
      ['artifacts', { 'build-num': '155' }],
      ['tests', { 'build-num': '155' }],
      ['cancel', { 'build-num': '155' }],
      ['retry', { 'build-num': '155' }],
      ['list-envvars', {}],
      ['add-envvar', { name: 'REGION', value: 'eu-west-1' }],
      ['delete-envvar', { name: 'REGION' }],
    ] as const) {
      const r = await run(command, extra);
      expect([command, r.errors]).toEqual([command, []]);
      answers[command] = result(r);
    }
    expect(seen.every((q) => q.path.startsWith('/api/v2/'))).toBe(true);
    expect(seen.map((q) => `${q.method} ${q.path}`)).toEqual([
      `GET ${BASE}/job/155`,
      `GET ${BASE}/155/artifacts`,
      `GET ${BASE}/155/tests`,
      `POST ${BASE}/job/155/cancel`,
      `GET ${BASE}/job/155`,
      `GET /api/v2/workflow/${WORKFLOW_ID}/job`,
      `POST /api/v2/workflow/${WORKFLOW_ID}/rerun`,
      `GET ${BASE}/envvar`,
      `POST ${BASE}/envvar`,
      `DELETE ${BASE}/envvar/REGION`,
    ]);
    expect(seen.find((q) => q.path.endsWith('/rerun'))?.body).toEqual({ jobs: [JOB_ID] });
    expect(seen.find((q) => q.method === 'POST' && q.path.endsWith('/envvar'))?.body).toEqual({
      name: 'REGION',
      value: 'eu-west-1',
    });
    expect(answers['build']).toMatchObject({ number: 155, status: 'success', pipeline: { id: PIPELINE_ID } });
    expect(answers['artifacts']).toEqual([
      {
        path: 'site/assets/img/one.png',
        node_index: 0,
        url: expect.stringContaining('/0/site/assets/img/one.png'),
      },
    ]);
    expect(answers['retry']).toEqual({ workflow_id: '0c2bc5ea-a4d4-4c3e-9e8a-1d2b3c4d5e6f' });
  });

  it("retry refuses a workflow's job list that holds another project's job, and reruns nothing", async () => {
    seen.length = 0;
    jobListProject = `app/${ORG}/0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b`;
    try {
      const r = await run('retry', { 'build-num': '155' });
      expect(r.code).toBe(1);
      expect(r.errors).toEqual([
        expect.stringMatching(
          new RegExp(
            `^::error::GET v2 /workflow/${WORKFLOW_ID}/job returned an unusable answer: the list holds job build ` +
              `of project ${jobListProject}, not ${SLUG} of its workflow`,
            'u',
          ),
        ),
      ]);
      expect(seen.filter((q) => q.method === 'POST')).toEqual([]);
    } finally {
      jobListProject = SLUG;
    }
  });

  it('set-envvar sends the same calls', async () => {
    seen.length = 0;
    const r = await runAction('set-envvar', {
      inputs: {
        token: 'real-shaped-token',
        'base-url': realBase,
        'project-slug': SLUG,
        name: 'REGION',
        value: 'eu-west-1',
      },
    });
    expect(r.errors).toEqual([]);
    expect(r.outputs).toEqual({ set: '["REGION"]', deleted: '[]' });
    expect(seen.map((q) => `${q.method} ${q.path}`)).toEqual([`POST ${BASE}/envvar`]);
  });
});
