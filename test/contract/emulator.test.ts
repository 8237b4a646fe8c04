// The emulator answers as the service's reference says (docs/v2.md, "The service's reference"): every call of
// docs/v2.md, each operation of test/contract/v2-reference.json, is made against it for a project named by the
// triple and one named by its slug alone, with its errors, and every exchange must pass the contract check.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type V2Exchange, type WorkflowSpec } from '../../emulator/index.ts';
import { FakeClock } from '../emulator/helpers.ts';
import { ContractCheck, contractCheck } from './check.ts';

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
const TRIPLE = 'primary-host/octo-org/octo-repo';
const SLUG = 'app/5f1c0a2e-0000-4000-a000-000000000001/9b7d3e41-1111-4111-a111-111111111111';
const TESTS = [
  {
    classname: null,
    file: null,
    name: 'works',
    result: 'success',
    run_time: 0.5,
    message: null,
    source: 'jest',
  },
  { classname: 'a.b', file: 'a/b.test.ts', name: 'fails', result: 'failure', run_time: 1, message: 'no' },
];

let emulator: Emulator;
let clock: FakeClock;
let exchanges: V2Exchange[];

beforeEach(async () => {
  clock = new FakeClock();
  exchanges = [];
  emulator = await startEmulator({
    clock,
    defaults: { queuedMs: 1000, runMs: 5000, tests: TESTS },
    exchanges: (exchange) => exchanges.push(exchange),
  });
  emulator.state.project('primary-host', 'octo-org', 'octo-repo', {
    workflows: WORKFLOWS,
    parameters: { deploy: { type: 'boolean' } },
  });
  emulator.state.slugProject(SLUG, { workflows: WORKFLOWS });
});
afterEach(() => emulator.close());

// Shapes are what the check reads, not this test: read loosely.
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

/** Every call of docs/v2.md for one project, through a pipeline's whole life; the statuses seen by operation. */
async function everyCall(slug: string, older: boolean): Promise<void> {
  const made = await v2('POST', `/project/${slug}/pipeline/run`, {
    config: { branch: 'main' },
    checkout: { branch: 'main' },
  });
  expect(made.status).toBe(201);
  if (older) expect((await v2('POST', `/project/${slug}/pipeline`, { branch: 'main' })).status).toBe(201);
  else expect((await v2('POST', `/project/${slug}/pipeline`, { branch: 'main' })).status).toBe(400);
  for (let i = 0; i < 21; i++) emulator.state.push(slug, { branch: i % 2 === 0 ? 'main' : 'other' });
  const first = await v2('GET', `/project/${slug}/pipeline`);
  expect(first.json.next_page_token).toEqual(expect.any(String));
  await v2('GET', `/project/${slug}/pipeline?page-token=${first.json.next_page_token as string}`);
  await v2('GET', `/project/${slug}/pipeline?branch=other`);
  clock.advance(10_000);
  const pipeline = await v2('GET', `/pipeline/${made.json.id as string}`);
  expect(pipeline.status).toBe(200);
  const workflow = (await v2('GET', `/pipeline/${made.json.id as string}/workflow`)).json.items[0];
  await v2('GET', `/workflow/${workflow.id as string}`);
  const jobs = (await v2('GET', `/workflow/${workflow.id as string}/job`)).json.items;
  const [build, hold] = jobs;
  expect(hold).toMatchObject({ type: 'approval', status: 'on_hold' });
  // Jobs not started yet are listed too, without a number.
  expect(jobs[2]).toMatchObject({ name: 'deploy', status: 'blocked' });
  expect(jobs[2]).not.toHaveProperty('job_number');
  const number = build.job_number as number;
  await v2('GET', `/project/${slug}/job/${number}`);
  await v2('GET', `/project/${slug}/${number}/tests`);
  await v2('GET', `/project/${slug}/${number}/artifacts`);
  expect(
    (await v2('POST', `/workflow/${workflow.id as string}/approve/${hold.approval_request_id as string}`))
      .status,
  ).toBe(202);
  await v2('GET', `/workflow/${workflow.id as string}/job`);
  const deploy = (await v2('GET', `/workflow/${workflow.id as string}/job`)).json.items[2];
  expect((await v2('POST', `/project/${slug}/job/${deploy.job_number as number}/cancel`)).status).toBe(200);
  expect((await v2('POST', `/workflow/${workflow.id as string}/rerun`, { jobs: [build.id] })).status).toBe(
    202,
  );
  const other = (
    await v2('POST', `/project/${slug}/pipeline/run`, { config: { branch: 'x' }, checkout: { branch: 'x' } })
  ).json;
  const running = (await v2('GET', `/pipeline/${other.id as string}/workflow`)).json.items[0];
  expect((await v2('POST', `/workflow/${running.id as string}/cancel`)).status).toBe(202);
  expect(
    (await v2('POST', `/project/${slug}/envvar`, { name: 'DEPLOY_ENV', value: 'production' })).status,
  ).toBe(201);
  await v2('GET', `/project/${slug}/envvar`);
  expect((await v2('DELETE', `/project/${slug}/envvar/DEPLOY_ENV`)).status).toBe(200);
  // And what goes wrong, in the service's words.
  expect((await v2('GET', `/project/${slug}/999/artifacts`)).status).toBe(404);
  expect((await v2('GET', `/project/${slug}/job/999`)).status).toBe(404);
  expect((await v2('DELETE', `/project/${slug}/envvar/NOPE`)).status).toBe(404);
}

describe('the emulator answers API v2 as the reference says', () => {
  it('for every call of docs/v2.md, of a project named by the triple', async () => {
    await everyCall(TRIPLE, true);
    // A pipeline whose configuration failed, and triggers that start nothing.
    const errored = await v2('POST', `/project/${TRIPLE}/pipeline/run`, {
      config: { branch: 'main' },
      checkout: { branch: 'main' },
      parameters: { unknown: 'x' },
    });
    clock.advance(10_000);
    expect((await v2('GET', `/pipeline/${errored.json.id as string}`)).json.state).toBe('errored');
    emulator.state.push(TRIPLE, { branch: 'skipped', subject: 'docs [ci skip]' });
    const skipped = await v2('POST', `/project/${TRIPLE}/pipeline/run`, {
      config: { branch: 'skipped' },
      checkout: { branch: 'skipped' },
    });
    expect(skipped.status).toBe(200);
    const wrongType = await v2('POST', `/project/${TRIPLE}/pipeline/run`, {
      config: { branch: 'main' },
      parameters: { deploy: 'yes' },
    });
    expect(wrongType.status).toBe(400);
    const unknown = await v2('POST', '/project/primary-host/octo-org/nowhere/pipeline/run', {
      config: { branch: 'main' },
    });
    expect(unknown).toEqual({ status: 404, json: { message: 'Project does not exist.' } });
    expect(contractCheck().check(exchanges)).toEqual([]);
    // Every operation of the reference copy was made, and answered with success at least once.
    const succeeded = new Set(
      exchanges
        .filter((e) => e.status < 300)
        .map((e) => contractCheck().find(e.method, e.path)?.compiled.operation.operationId),
    );
    expect([...succeeded].sort()).toEqual(Object.keys(contractCheck().reference.operations).sort());
  });

  it('for every call of docs/v2.md, of a project named by its slug alone', async () => {
    await everyCall(SLUG, false);
    expect(contractCheck().check(exchanges)).toEqual([]);
  });
});

describe('the contract check', () => {
  it('fails when an answer of the emulator lacks a field the reference requires (a planted break)', async () => {
    await everyCall(TRIPLE, true);
    expect(contractCheck().check(exchanges)).toEqual([]);
    // The break: the emulator's pipeline answers lose their project_slug, as they did before issue 40.
    const pipeline = emulator.state.pipeline.bind(emulator.state);
    emulator.state.pipeline = (id: string) => {
      const record = pipeline(id);
      if (record !== undefined) delete record['project_slug'];
      return record;
    };
    exchanges = [];
    const made = (await v2('POST', `/project/${TRIPLE}/pipeline/run`, { config: { branch: 'main' } })).json;
    await v2('GET', `/pipeline/${made.id as string}`);
    expect(contractCheck().check(exchanges)).toEqual([
      expect.stringMatching(
        /^GET \/pipeline\/[-0-9a-f]+ \(getPipelineById\): the 200 answer breaks its schema: \(top\) must have required property 'project_slug'$/u,
      ),
    ]);
  });

  it('fails on a request that is no operation of the reference, or whose body breaks its schema', () => {
    const check = new ContractCheck();
    const exchange = (method: string, path: string, body: unknown): V2Exchange => ({
      method,
      path,
      query: {},
      body,
      status: 201,
      contentType: 'application/json',
      answer: {
        id: '5034460f-c7c4-4c43-9457-de07e2029e7b',
        number: 1,
        state: 'created',
        created_at: '2026-01-01T00:00:00Z',
      },
    });
    expect(check.check([exchange('POST', '/project/primary-host/o/r/pipeline/go', {})])).toEqual([
      'POST /project/primary-host/o/r/pipeline/go: no operation of the reference',
    ]);
    expect(
      check.check([
        exchange('POST', '/project/primary-host/o/r/pipeline/run', {
          config: { branch: 'main' },
          revision: 'abc',
        }),
      ]),
    ).toEqual([
      'POST /project/primary-host/o/r/pipeline/run (triggerPipelineRun): the request body breaks its schema: (top) must NOT have additional properties (revision)',
    ]);
    expect(
      check.check([
        exchange('POST', '/project/primary-host/o/r/pipeline/run', { parameters: { long: 'x'.repeat(513) } }),
      ]),
    ).toEqual([
      'POST /project/primary-host/o/r/pipeline/run (triggerPipelineRun): the request body breaks its schema: /parameters/long must NOT have more than 512 characters',
    ]);
    // A fault's answer is no longer the service's.
    expect(
      check.check([{ ...exchange('GET', '/pipeline/x', undefined), status: 500, fault: 'status' }]),
    ).toEqual([]);
  });
});
