// The emulator's API v2 answers against the real service's shapes (field names, types, enums), written here in
// neutral names after answers the real service gave: the workflow and job lists, a workflow, an approval job with
// and without a number, and workflows ended before their jobs. The product's own checks (src/service/v2-records.ts)
// take every item.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVICE_JOB_STATUSES } from '../helpers/service-enums.ts';
import { jobAnswer, pageAnswer, workflowAnswer } from '../../src/service/v2-records.ts';
import { startEmulator, type EmulatedProject, type Emulator } from '../../emulator/index.ts';
import { FakeClock } from './helpers.ts';

/** A workflow as the real service lists it (its fields, with `tag` only on a setup workflow). */
const REAL_WORKFLOW = {
  pipeline_id: '00000000-0000-4000-a000-000000000001',
  id: '00000000-0000-4000-a000-000000000002',
  name: 'ship',
  project_slug: 'primary-host/octo-org/octo-repo',
  status: 'success',
  started_by: '00000000-0000-4000-a000-000000000003',
  pipeline_number: 154,
  created_at: '2026-01-02T12:59:23Z',
  stopped_at: '2026-01-02T13:00:08Z',
};

/** An approval job as the real service lists it today: with a job_number. */
const REAL_APPROVAL = {
  dependencies: [],
  job_number: 11257,
  id: '00000000-0000-4000-a000-000000000004',
  started_at: '2026-01-02T14:56:43Z',
  name: 'hold',
  approved_by: '00000000-0000-4000-a000-000000000005',
  project_slug: 'primary-host/octo-org/octo-repo',
  status: 'success',
  type: 'approval',
  stopped_at: '2026-01-02T14:57:08Z',
  approval_request_id: '00000000-0000-4000-a000-000000000004',
};

const WORKFLOW_STATUSES = [
  'success',
  'running',
  'not_run',
  'failed',
  'error',
  'failing',
  'on_hold',
  'canceled',
  'unauthorized',
];

let emulator: Emulator;
let clock: FakeClock;
let project: EmulatedProject;
let counter = 0;

beforeAll(async () => {
  clock = new FakeClock();
  emulator = await startEmulator({ clock, defaults: { queuedMs: 1000, runMs: 5000 } });
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => {
  counter++;
  project = emulator.state.project('primary-host', 'octo-org', `contract-${counter}`, {
    workflows: [
      {
        name: 'ship',
        jobs: [
          { name: 'build', runMs: 3000 },
          { name: 'hold', type: 'approval', requires: ['build'] },
          { name: 'deploy', requires: ['hold'], runMs: 2000, artifacts: [] },
        ],
      },
    ],
  });
});

async function request(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${emulator.origin}${path}`, {
    method,
    headers: {
      Authorization: emulator.authorization,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return response.json();
}

const call = (path: string): { method: string; path: string } => ({ method: 'GET', path });

async function workflowsOf(pipelineId: string): Promise<Record<string, unknown>[]> {
  const path = `/api/v2/pipeline/${pipelineId}/workflow`;
  const page = pageAnswer(call(path), await request('GET', path));
  return page.items.map((item, i) => workflowAnswer(call(path), item, i) as Record<string, unknown>);
}

async function jobsOf(workflowId: string): Promise<Record<string, unknown>[]> {
  const path = `/api/v2/workflow/${workflowId}/job`;
  const page = pageAnswer(call(path), await request('GET', path));
  return page.items.map((item, i) => jobAnswer(call(path), item, i) as Record<string, unknown>);
}

async function pipeline(): Promise<string> {
  const made = (await request('POST', `/api/v2/project/${project.slug}/pipeline/run`, {
    config: { branch: 'main' },
    checkout: { branch: 'main' },
  })) as { id: string };
  return made.id;
}

function sameFields(
  answer: Record<string, unknown>,
  real: Record<string, unknown>,
  optional: string[],
): void {
  const keys = Object.keys(answer).filter((k) => !optional.includes(k));
  const realKeys = Object.keys(real).filter((k) => !optional.includes(k));
  // The emulator may leave out fields the product does not read, never add others or change their types.
  for (const key of keys) expect(realKeys, `field ${key}`).toContain(key);
  for (const key of keys) {
    const a = answer[key];
    const r = real[key];
    if (a === null || r === null) continue;
    expect(typeof a, `type of ${key}`).toBe(typeof r);
  }
}

describe('the emulator answers in the real shapes', () => {
  it('lists workflows as the real service does, with statuses of its enum', async () => {
    const [workflow] = await workflowsOf(await pipeline());
    expect(workflow).toBeDefined();
    sameFields(workflow ?? {}, REAL_WORKFLOW, ['tag', 'started_by']);
    expect(WORKFLOW_STATUSES).toContain(workflow?.['status']);
    const one = workflowAnswer(
      call('workflow'),
      await request('GET', `/api/v2/workflow/${String(workflow?.['id'])}`),
    );
    expect(one.id).toBe(workflow?.['id']);
  });

  it('gives an approval a job_number once reached, as the real service does since 2024', async () => {
    const [workflow] = await workflowsOf(await pipeline());
    const id = String(workflow?.['id']);
    expect((await jobsOf(id)).find((j) => j['name'] === 'hold')).toMatchObject({ job_number: null });
    clock.advance(5000);
    const hold = (await jobsOf(id)).find((j) => j['name'] === 'hold') ?? {};
    expect(hold).toMatchObject({ type: 'approval', status: 'on_hold', job_number: expect.any(Number) });
    sameFields(hold, REAL_APPROVAL, ['approved_by', 'approval_request_id']);
    for (const job of await jobsOf(id)) expect(SERVICE_JOB_STATUSES).toContain(job['status']);
  });

  it.each(['failed', 'error', 'canceled', 'unauthorized'])(
    'ends a workflow %s with a status of the real enum, its unmade jobs unlisted',
    async (status) => {
      const [workflow] = await workflowsOf(await pipeline());
      const id = String(workflow?.['id']);
      await request('POST', '/_emulator/end-workflow', { workflow_id: id, status });
      const [ended] = await workflowsOf(workflow?.['pipeline_id'] as string);
      expect(ended?.['status']).toBe(status);
      expect(WORKFLOW_STATUSES).toContain(ended?.['status']);
      for (const job of await jobsOf(id)) expect(job['job_number']).not.toBeNull();
    },
  );
});
