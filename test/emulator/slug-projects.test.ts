// The emulator's projects reachable only through API v2, by an opaque slug: their pipelines, jobs, job details,
// tests, artifacts, env vars and approvals answer in v2's shapes, and every v1.1 route answers 404 for them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  applySeed,
  parseSeed,
  startEmulator,
  type Emulator,
  type WorkflowSpec,
} from '../../emulator/index.ts';
import { call, FakeClock } from './helpers.ts';

let emulator: Emulator;
let clock: FakeClock;
let slug: string;
let counter = 0;

const WORKFLOWS: WorkflowSpec[] = [
  {
    name: 'ship',
    jobs: [
      { name: 'build', runMs: 3000 },
      { name: 'hold', type: 'approval', requires: ['build'] },
      { name: 'deploy', requires: ['hold'], runMs: 2000 },
    ],
  },
];

beforeAll(async () => {
  clock = new FakeClock();
  emulator = await startEmulator({ clock, defaults: { queuedMs: 1000, runMs: 5000 } });
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => {
  counter++;
  slug = `app/5f1c0a2e-0000-4000-a000-00000000000${counter}/9b7d3e41-1111-4111-a111-11111111111${counter}`;
  emulator.state.slugProject(slug, { workflows: WORKFLOWS });
});

// The answers' shapes are what these tests check: read loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

async function v2(method: string, path: string, body?: unknown): Promise<{ status: number; json: Loose }> {
  const response = await fetch(`${emulator.origin}/api/v2${path}`, {
    method,
    headers: {
      Authorization: emulator.authorization,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: await response.json() };
}

async function runPipeline(branch = 'main'): Promise<{ pipeline: Loose; workflow: Loose }> {
  const made = await v2('POST', `/project/${slug}/pipeline/run`, {
    config: { branch },
    checkout: { branch },
  });
  expect(made.status).toBe(201);
  const workflow = (await v2('GET', `/pipeline/${made.json.id}/workflow`)).json.items[0];
  return { pipeline: made.json, workflow };
}

describe('a project reachable only through v2', () => {
  it('runs pipelines whose approval is released by the approve route, once', async () => {
    const { workflow } = await runPipeline();
    expect(workflow.project_slug).toBe(slug);
    clock.advance(5000);
    let jobs = (await v2('GET', `/workflow/${workflow.id}/job`)).json.items;
    const hold = jobs[1];
    expect(hold).toMatchObject({ type: 'approval', status: 'on_hold' });
    expect(hold.approval_request_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    const approved = await v2('POST', `/workflow/${workflow.id}/approve/${hold.approval_request_id}`);
    expect(approved).toEqual({ status: 202, json: { message: expect.any(String) } });
    jobs = (await v2('GET', `/workflow/${workflow.id}/job`)).json.items;
    expect(jobs.map((j: Loose) => j.status)).toEqual(['success', 'success', 'queued']);
    const again = await v2('POST', `/workflow/${workflow.id}/approve/${hold.approval_request_id}`);
    expect(again.status).toBe(400);
    expect(again.json.message).toMatch(/not on_hold/);
    expect((await v2('POST', `/workflow/${workflow.id}/approve/nope`)).status).toBe(400);
  });

  it('answers job details, tests and artifacts in v2 shapes, and cancels a job', async () => {
    const { pipeline, workflow } = await runPipeline();
    const number = (await v2('GET', `/workflow/${workflow.id}/job`)).json.items[0].job_number;
    clock.advance(5000);
    const details = await v2('GET', `/project/${slug}/job/${number}`);
    expect(details.status).toBe(200);
    expect(details.json).toMatchObject({
      number,
      name: 'build',
      status: 'success',
      pipeline: { id: pipeline.id },
      latest_workflow: { id: workflow.id, name: 'ship' },
      project: { slug },
    });
    const tests = await v2('GET', `/project/${slug}/${number}/tests`);
    expect(Object.keys(tests.json.items[0]).sort()).toEqual(
      ['classname', 'file', 'message', 'name', 'result', 'run_time', 'source'].sort(),
    );
    expect(tests.json.next_page_token).toBeNull();
    const artifacts = await v2('GET', `/project/${slug}/${number}/artifacts`);
    expect(artifacts.json.items[0]).toEqual({
      path: 'dist/app.tar.gz',
      node_index: 0,
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/artifacts\//),
    });
    const download = await fetch(artifacts.json.items[0].url, {
      headers: { Authorization: emulator.authorization },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(
      emulator.state.artifactBytes(slug, number, 'dist/app.tar.gz'),
    );
    expect((await v2('GET', `/project/${slug}/999/artifacts`)).json).toEqual({ message: 'Job not found.' });

    const second = await runPipeline();
    const running = (await v2('GET', `/workflow/${second.workflow.id}/job`)).json.items[0].job_number;
    // 200, as the service's reference says.
    expect(await v2('POST', `/project/${slug}/job/${running}/cancel`)).toEqual({
      status: 200,
      json: { message: expect.any(String) },
    });
    expect((await v2('GET', `/project/${slug}/job/${running}`)).json.status).toBe('canceled');
  });

  it('lists its pipelines newest first, by branch when asked', async () => {
    await runPipeline('main');
    await runPipeline('feature/x');
    const all = (await v2('GET', `/project/${slug}/pipeline`)).json.items;
    expect(all.map((p: Loose) => p.vcs.branch)).toEqual(['feature/x', 'main']);
    const main = (await v2('GET', `/project/${slug}/pipeline?branch=main`)).json.items;
    expect(main.map((p: Loose) => p.vcs.branch)).toEqual(['main']);
    // The older trigger is not available to it, as the service says.
    expect((await v2('POST', `/project/${slug}/pipeline`, { branch: 'main' })).status).toBe(400);
  });

  it('keeps env vars: list masked, create 201, delete', async () => {
    const created = await v2('POST', `/project/${slug}/envvar`, { name: 'DEPLOY_KEY', value: 'secret-1234' });
    expect(created).toEqual({
      status: 201,
      json: { name: 'DEPLOY_KEY', value: 'xxxx1234', created_at: new Date(clock.now()).toISOString() },
    });
    const list = await v2('GET', `/project/${slug}/envvar`);
    expect(list.json).toEqual({
      items: [{ name: 'DEPLOY_KEY', value: 'xxxx1234', created_at: expect.any(String) }],
      next_page_token: null,
    });
    expect(await v2('DELETE', `/project/${slug}/envvar/DEPLOY_KEY`)).toEqual({
      status: 200,
      json: { message: expect.any(String) },
    });
    expect((await v2('DELETE', `/project/${slug}/envvar/DEPLOY_KEY`)).status).toBe(404);
  });

  it('is unknown to every v1.1 route, and left out of v1.1 lists', async () => {
    await runPipeline();
    for (const [method, path] of [
      ['GET', `/project/${slug}`],
      ['GET', `/project/${slug}/1`],
      ['GET', `/project/${slug}/envvar`],
      ['POST', `/project/${slug}/tree/main`],
      ['DELETE', `/project/${slug}/build-cache`],
    ] as const) {
      const answer = await call(emulator, method, path);
      expect([path, answer.status]).toEqual([path, 404]);
    }
    const projects = (await call(emulator, 'GET', '/projects')).json as Loose[];
    expect(projects.some((p) => String(p.vcs_url).includes(slug.split('/')[1] ?? '?'))).toBe(false);
    const me = (await call(emulator, 'GET', '/me')).json as Loose;
    expect(Object.keys(me.projects).some((url) => url.includes(slug.split('/')[1] ?? '?'))).toBe(false);
  });

  it('is pushed to by its slug, and seeded by its slug', async () => {
    const pushed = await fetch(`${emulator.origin}/_emulator/push`, {
      method: 'POST',
      headers: { Authorization: emulator.authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify({ project_slug: slug, branch: 'main' }),
    });
    expect(pushed.status).toBe(201);
    expect((await v2('GET', `/project/${slug}/pipeline`)).json.items).toHaveLength(1);

    const seeded = 'app/seeded-org/seeded-project';
    await applySeed(emulator.state, parseSeed([{ slug: seeded, envvars: { REGION: 'eu-west-1' } }]));
    expect((await v2('GET', `/project/${seeded}/envvar`)).json.items[0].name).toBe('REGION');
    expect((await call(emulator, 'GET', `/project/${seeded}/envvar`)).status).toBe(404);
    expect(() => parseSeed([{ slug: seeded, username: 'a' }])).toThrow(/not both/);
    expect(() => parseSeed([{ slug: 'app/two' }])).toThrow(/provider\/organization\/project/);
  });
});
