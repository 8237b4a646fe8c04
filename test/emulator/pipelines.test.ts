// The emulator's API v2 and its sunset of the v1.1 trigger and retry: pipelines whose workflows and jobs are the
// builds its pushes make, declared parameters, errored pipelines, approvals, rerun and cancel.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Build } from '../../src/service/records.ts';
import {
  startEmulator,
  type EmulatedProject,
  type Emulator,
  type WorkflowSpec,
} from '../../emulator/index.ts';
import { call, FakeClock } from './helpers.ts';

let emulator: Emulator;
let clock: FakeClock;
let project: EmulatedProject;
let counter = 0;

const WORKFLOWS: WorkflowSpec[] = [
  {
    name: 'ship',
    jobs: [
      { name: 'build', runMs: 3000 },
      { name: 'hold', type: 'approval', requires: ['build'] },
      { name: 'deploy', requires: ['hold'], runMs: 2000, artifacts: [] },
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
  emulator.state.postSunset = false;
  project = emulator.state.project('primary-host', 'octo-org', `v2-${counter}`, {
    workflows: WORKFLOWS,
    parameters: { deploy: { type: 'boolean' }, target: { type: 'string' } },
    branches: {
      broken: { configError: 'Config does not conform to schema: jobs.build.steps missing' },
      'docs-only': { noWorkflows: true },
      dynamic: {
        workflows: [
          {
            name: 'setup',
            jobs: [{ name: 'generate', runMs: 2000 }],
            continuesInto: [{ name: 'deploy', jobs: [{ name: 'deploy', runMs: 2000, outcome: 'failed' }] }],
          },
        ],
      },
    },
  });
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

async function control(path: string, body: unknown): Promise<number> {
  const response = await fetch(`${emulator.origin}/_emulator/${path}`, {
    method: 'POST',
    headers: { Authorization: emulator.authorization, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.text();
  return response.status;
}

describe('v1.1 trigger and retry around the sunset', () => {
  it('answer with Deprecation, Sunset and a Link before it', async () => {
    const answer = await call(emulator, 'POST', `/project/${project.slug}/tree/master`);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('deprecation')).toBe(`@${Date.UTC(2026, 10, 16) / 1000}`);
    expect(answer.headers.get('sunset')).toBe('Mon, 01 Feb 2027 00:00:00 GMT');
    expect(answer.headers.get('link')).toMatch(/rel="sunset"/);
    const retry = await call(
      emulator,
      'POST',
      `/project/${project.slug}/${(answer.json as Build).build_num}/retry`,
    );
    expect(retry.status).toBe(200);
    expect(retry.headers.get('sunset')).toBe('Mon, 01 Feb 2027 00:00:00 GMT');
    // Every other call stays as it was.
    expect((await call(emulator, 'GET', `/project/${project.slug}`)).headers.get('deprecation')).toBeNull();
  });

  it('answer 410 Gone after it (control route), having started nothing', async () => {
    expect(await control('sunset', { post_sunset: true })).toBe(200);
    const answer = await call(emulator, 'POST', `/project/${project.slug}/tree/master`);
    expect(answer.status).toBe(410);
    expect(answer.text).toMatch(/API v2/);
    expect(emulator.state.builds(project)).toEqual([]);
    expect(await control('sunset', { post_sunset: false })).toBe(200);
    expect((await call(emulator, 'POST', `/project/${project.slug}/tree/master`)).status).toBe(201);
  });
});

describe('pipelines', () => {
  it('are the builds a push makes: job numbers are v1.1 build numbers', async () => {
    const made = await v2('POST', `/project/${project.slug}/pipeline/run`, {
      config: { branch: 'main' },
      checkout: { branch: 'main' },
      parameters: { deploy: true, target: 'eu' },
    });
    expect(made.status).toBe(201);
    expect(Object.keys(made.json).sort()).toEqual(['created_at', 'id', 'number', 'state']);
    const workflows = await v2('GET', `/pipeline/${made.json.id}/workflow`);
    expect(workflows.json.items.map((w: { name: string }) => w.name)).toEqual(['ship']);
    const workflow = workflows.json.items[0];
    let jobs = (await v2('GET', `/workflow/${workflow.id}/job`)).json.items;
    expect(jobs.map((j: { status: string }) => j.status)).toEqual(['queued', 'blocked', 'blocked']);
    const build = emulator.state.getBuild(project, jobs[0].job_number);
    expect(build?.branch).toBe('main');
    expect(build?.workflows?.['job_id']).toBe(jobs[0].id);
    expect(build?.workflows?.['workflow_id']).toBe(workflow.id);

    clock.advance(5000);
    jobs = (await v2('GET', `/workflow/${workflow.id}/job`)).json.items;
    expect(jobs.map((j: { status: string }) => j.status)).toEqual(['success', 'on_hold', 'blocked']);
    // Reached, an approval has a number as on the real service, and that number names no build.
    expect(jobs[1]).toMatchObject({ type: 'approval', job_number: expect.any(Number) });
    const approvalNum = jobs[1].job_number as number;
    expect(approvalNum).toBeGreaterThan(jobs[0].job_number);
    expect((await call(emulator, 'GET', `/project/${project.slug}/${approvalNum}`)).status).toBe(404);
    expect((await v2('GET', `/pipeline/${made.json.id}/workflow`)).json.items[0].status).toBe('on_hold');

    expect(await control('approve', { workflow_id: workflow.id, job_name: 'hold' })).toBe(202);
    jobs = (await v2('GET', `/workflow/${workflow.id}/job`)).json.items;
    expect(jobs[1].status).toBe('success');
    expect(jobs[1].job_number).toBe(approvalNum);
    expect(jobs[2].job_number).toBeGreaterThan(approvalNum);
    clock.advance(10_000);
    expect((await v2('GET', `/pipeline/${made.json.id}/workflow`)).json.items[0].status).toBe('success');
  });

  it.each(['failed', 'error', 'canceled', 'unauthorized'])(
    'end a workflow %s before its jobs are made, through the control route',
    async (status) => {
      const made = await v2('POST', `/project/${project.slug}/pipeline/run`, {
        config: { branch: 'main' },
        checkout: { branch: 'main' },
      });
      const [workflow] = (await v2('GET', `/pipeline/${made.json.id}/workflow`)).json.items;
      expect(await control('end-workflow', { workflow_id: workflow.id, status })).toBe(202);
      clock.advance(60_000);
      const ended = (await v2('GET', `/workflow/${workflow.id}`)).json;
      expect(ended).toMatchObject({ status, stopped_at: expect.any(String) });
      // Only the job made before the end is listed (cancelled, as its build was).
      const jobs = (await v2('GET', `/workflow/${workflow.id}/job`)).json.items;
      expect(jobs.map((j: { name: string; status: string }) => [j.name, j.status])).toEqual([
        [jobs[0].name, 'canceled'],
      ]);
      expect(await control('end-workflow', { workflow_id: workflow.id, status: 'success' })).toBe(400);
      expect(await control('end-workflow', { workflow_id: 'nope', status })).toBe(404);
    },
  );

  it('on a branch no workflow runs on, are created and never get a workflow', async () => {
    const made = await v2('POST', `/project/${project.slug}/pipeline/run`, {
      config: { branch: 'docs-only' },
      checkout: { branch: 'docs-only' },
    });
    expect(made.status).toBe(201);
    clock.advance(120_000);
    expect((await v2('GET', `/pipeline/${made.json.id}`)).json).toMatchObject({
      state: 'created',
      errors: [],
    });
    expect((await v2('GET', `/pipeline/${made.json.id}/workflow`)).json.items).toEqual([]);
    expect(emulator.state.builds(project)).toEqual([]);
  });

  it('run a setup workflow first, then the workflows it continues into', async () => {
    const made = await v2('POST', `/project/${project.slug}/pipeline/run`, {
      config: { branch: 'dynamic' },
      checkout: { branch: 'dynamic' },
    });
    const listed = async (): Promise<[string, string, string | undefined][]> =>
      (await v2('GET', `/pipeline/${made.json.id}/workflow`)).json.items.map(
        (w: { name: string; status: string; tag?: string }) => [w.name, w.status, w.tag],
      );
    expect(await listed()).toEqual([['setup', 'running', 'setup']]);
    clock.advance(4000);
    expect(await listed()).toEqual([
      ['setup', 'success', 'setup'],
      ['deploy', 'running', undefined],
    ]);
    clock.advance(4000);
    expect(await listed()).toEqual([
      ['setup', 'success', 'setup'],
      ['deploy', 'failed', undefined],
    ]);
  });

  it('take the older form and tags', async () => {
    const made = await v2('POST', `/project/${project.slug}/pipeline`, { tag: 'v1.2.0' });
    expect(made.status).toBe(201);
    const [workflow] = (await v2('GET', `/pipeline/${made.json.id}/workflow`)).json.items;
    const [job] = (await v2('GET', `/workflow/${workflow.id}/job`)).json.items;
    const build = emulator.state.getBuild(project, job.job_number);
    expect(build?.vcs_tag).toBe('v1.2.0');
    expect(build?.branch).toBeNull();
  });

  it('create a pipeline for an undeclared parameter (201), which is errored once set up; refuse a wrong type', async () => {
    const undeclared = await v2('POST', `/project/${project.slug}/pipeline/run`, {
      config: { branch: 'main' },
      checkout: { branch: 'main' },
      parameters: { deploy: true, DEPLOY_ENV: 'prod' },
    });
    expect(undeclared.status).toBe(201);
    expect(undeclared.json.state).toBe('created');
    expect((await v2('GET', `/pipeline/${undeclared.json.id}`)).json).toMatchObject({
      state: 'setup-pending',
      errors: [],
    });
    clock.advance(60_000);
    expect((await v2('GET', `/pipeline/${undeclared.json.id}`)).json).toMatchObject({
      state: 'errored',
      errors: [{ type: 'config', message: 'Unexpected argument(s): DEPLOY_ENV' }],
    });
    project.pipelines.length = 0;
    const typed = await v2('POST', `/project/${project.slug}/pipeline/run`, {
      config: { branch: 'main' },
      checkout: { branch: 'main' },
      parameters: { deploy: 'yes' },
    });
    expect(typed.status).toBe(400);
    expect(project.pipelines).toEqual([]);
  });

  it('are errored when the configuration fails, with no workflow', async () => {
    const made = await v2('POST', `/project/${project.slug}/pipeline/run`, {
      config: { branch: 'broken' },
      checkout: { branch: 'broken' },
    });
    expect(made.status).toBe(201);
    clock.advance(60_000);
    const pipeline = await v2('GET', `/pipeline/${made.json.id}`);
    expect(pipeline.json.state).toBe('errored');
    expect(pipeline.json.errors).toEqual([
      { type: 'config', message: 'Config does not conform to schema: jobs.build.steps missing' },
    ]);
    expect((await v2('GET', `/pipeline/${made.json.id}/workflow`)).json.items).toEqual([]);
  });

  it('trigger nothing (200 with a message) when the head commit carries a skip marker', async () => {
    emulator.state.push(project, { branch: 'main', subject: 'Update the docs [skip ci]' });
    const before = project.pipelines.length;
    const answer = await v2('POST', `/project/${project.slug}/pipeline/run`, {
      config: { branch: 'main' },
      checkout: { branch: 'main' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ message: 'Ignoring pipeline due to CI skip in the commit' });
    expect(project.pipelines).toHaveLength(before);
  });

  it('take definition_id on pipeline/run only', async () => {
    const definition = '2338d0ae-5541-4bbf-88a2-55e9f7281f80';
    const run = await v2('POST', `/project/${project.slug}/pipeline/run`, {
      definition_id: definition,
      config: { branch: 'main' },
      checkout: { branch: 'main' },
    });
    expect(run.status).toBe(201);
    const older = await v2('POST', `/project/${project.slug}/pipeline`, {
      branch: 'main',
      definition_id: definition,
    });
    expect(older.status).toBe(400);
  });

  it('cancel a workflow: its builds, its approvals and its jobs to come', async () => {
    const made = await v2('POST', `/project/${project.slug}/pipeline/run`, {
      config: { branch: 'main' },
      checkout: { branch: 'main' },
    });
    const [workflow] = (await v2('GET', `/pipeline/${made.json.id}/workflow`)).json.items;
    expect((await v2('POST', `/workflow/${workflow.id}/cancel`)).status).toBe(202);
    clock.advance(60_000);
    const jobs = (await v2('GET', `/workflow/${workflow.id}/job`)).json.items;
    expect(jobs.map((j: { status: string }) => j.status)).toEqual(['canceled', 'canceled', 'canceled']);
    expect(emulator.state.getBuild(project, jobs[0].job_number)?.outcome).toBe('canceled');
    expect((await v2('GET', `/pipeline/${made.json.id}/workflow`)).json.items[0].status).toBe('canceled');
  });

  it('rerun a job as a new workflow of the same pipeline, with SSH when asked', async () => {
    const made = await v2('POST', `/project/${project.slug}/pipeline/run`, {
      config: { branch: 'main' },
      checkout: { branch: 'main' },
    });
    clock.advance(5000);
    const [workflow] = (await v2('GET', `/pipeline/${made.json.id}/workflow`)).json.items;
    const [build] = (await v2('GET', `/workflow/${workflow.id}/job`)).json.items;
    const rerun = await v2('POST', `/workflow/${workflow.id}/rerun`, { jobs: [build.id], enable_ssh: true });
    expect(rerun.status).toBe(202);
    expect(rerun.json.workflow_id).not.toBe(workflow.id);
    const [again] = (await v2('GET', `/workflow/${rerun.json.workflow_id}/job`)).json.items;
    expect(again.name).toBe('build');
    const record = emulator.state.getBuild(project, again.job_number);
    expect(record?.retry_of).toBe(build.job_number);
    expect(record?.ssh_users?.length).toBe(1);
    expect(record?.workflows?.['workflow_id']).toBe(rerun.json.workflow_id);
    // The first workflow keeps its own build.
    const [kept] = (await v2('GET', `/workflow/${workflow.id}/job`)).json.items;
    expect(kept.job_number).toBe(build.job_number);
  });
});
