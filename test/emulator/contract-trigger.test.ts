// The emulator's API v2 answers against the service's real shapes: field names, JSON types and enums, written
// here after the service's recorded answers and reference (in neutral names). A field the service sends must be
// there with its type; an enum holds one of the service's words.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type EmulatedProject, type Emulator } from '../../emulator/index.ts';
import { FakeClock } from './helpers.ts';

/** A field's expected shape: a JSON type (`?` when it may be null), a list of enum words, or a nested shape. */
type Shape = string | readonly string[] | { [field: string]: Shape };

const PIPELINE_STATES = ['created', 'errored', 'setup-pending', 'setup', 'pending'];
const PIPELINE_ERROR_TYPES = ['config', 'config-fetch', 'timeout', 'permission', 'plan'];

/** `POST {v2}/project/{slug}/pipeline/run` (and the older form): 201. */
const TRIGGERED: Shape = { id: 'uuid', number: 'number', state: PIPELINE_STATES, created_at: 'date' };
/** `GET {v2}/pipeline/{id}`, and each item of the project's pipeline list. */
const PIPELINE: Shape = {
  id: 'uuid',
  number: 'number',
  state: PIPELINE_STATES,
  created_at: 'date',
  errors: 'array',
  vcs: { revision: 'string' },
};
const PIPELINE_ERROR: Shape = { type: PIPELINE_ERROR_TYPES, message: 'string' };
const LIST: Shape = { items: 'array', next_page_token: 'string?' };
const MESSAGE: Shape = { message: 'string' };

/** Every way `value` differs from `shape`, as `path: what`. */
function mismatches(value: unknown, shape: Shape, path = '$'): string[] {
  if (Array.isArray(shape))
    return shape.includes(value as string)
      ? []
      : [`${path}: ${JSON.stringify(value)} is not one of ${shape.join('|')}`];
  if (typeof shape === 'string') {
    const nullable = shape.endsWith('?');
    const type = shape.replace(/\?$/u, '');
    if (value === null) return nullable ? [] : [`${path}: null`];
    const ok =
      type === 'uuid'
        ? typeof value === 'string' &&
          /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u.test(value)
        : type === 'date'
          ? typeof value === 'string' && !Number.isNaN(Date.parse(value)) && value.endsWith('Z')
          : type === 'array'
            ? Array.isArray(value)
            : typeof value === type;
    return ok ? [] : [`${path}: ${JSON.stringify(value)} is not ${shape}`];
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path}: not an object`];
  const record = value as Record<string, unknown>;
  return Object.entries(shape).flatMap(([field, inner]) =>
    field in record ? mismatches(record[field], inner, `${path}.${field}`) : [`${path}.${field}: missing`],
  );
}

let emulator: Emulator;
let clock: FakeClock;
let project: EmulatedProject;
let counter = 0;

beforeAll(async () => {
  clock = new FakeClock();
  emulator = await startEmulator({ clock });
});
afterAll(async () => {
  await emulator.close();
});
beforeEach(() => {
  counter++;
  project = emulator.state.project('primary-host', 'octo-org', `contract-${counter}`, {
    workflows: [{ name: 'ship', jobs: [{ name: 'build', runMs: 1000 }] }],
    parameters: { deploy: { type: 'boolean' } },
  });
});

async function v2(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
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

const run = (extra: Record<string, unknown> = {}) =>
  v2('POST', `/project/${project.slug}/pipeline/run`, {
    config: { branch: 'main' },
    checkout: { branch: 'main' },
    ...extra,
  });

describe('the emulator answers API v2 in the real shapes', () => {
  it('pipeline/run: 201 {id, number, state, created_at}; the pipeline read back, pending then created', async () => {
    const made = await run();
    expect(made.status).toBe(201);
    expect(mismatches(made.json, TRIGGERED)).toEqual([]);
    const id = (made.json as { id: string }).id;
    const pending = await v2('GET', `/pipeline/${id}`);
    expect(mismatches(pending.json, PIPELINE)).toEqual([]);
    expect(['setup-pending', 'setup', 'pending']).toContain((pending.json as { state: string }).state);
    clock.advance(60_000);
    const created = await v2('GET', `/pipeline/${id}`);
    expect(mismatches(created.json, PIPELINE)).toEqual([]);
    expect(created.json).toMatchObject({ state: 'created', errors: [], vcs: { branch: 'main' } });
  });

  it('the older trigger: 201 in the same shape', async () => {
    const made = await v2('POST', `/project/${project.slug}/pipeline`, { branch: 'main' });
    expect(made.status).toBe(201);
    expect(mismatches(made.json, TRIGGERED)).toEqual([]);
  });

  it('an undeclared parameter: 201, then errored with config errors of the real shape', async () => {
    const made = await run({ parameters: { nope: 1 } });
    expect(made.status).toBe(201);
    clock.advance(60_000);
    const pipeline = await v2('GET', `/pipeline/${(made.json as { id: string }).id}`);
    expect(mismatches(pipeline.json, PIPELINE)).toEqual([]);
    const { state, errors } = pipeline.json as { state: string; errors: unknown[] };
    expect(state).toBe('errored');
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(mismatches(error, PIPELINE_ERROR)).toEqual([]);
  });

  it('nothing triggered: 200 {message}', async () => {
    emulator.state.push(project, { branch: 'main', subject: 'Docs [ci skip]' });
    const answer = await run();
    expect(answer.status).toBe(200);
    expect(mismatches(answer.json, MESSAGE)).toEqual([]);
    expect(Object.keys(answer.json as object)).toEqual(['message']);
  });

  it("the project's pipelines: {items, next_page_token}, each item a pipeline", async () => {
    await run();
    const list = await v2('GET', `/project/${project.slug}/pipeline`);
    expect(mismatches(list.json, LIST)).toEqual([]);
    const { items } = list.json as { items: unknown[] };
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(mismatches(item, PIPELINE)).toEqual([]);
  });

  it('an unknown project: 404 {"message": "Project does not exist."}, the reference\'s words', async () => {
    const answer = await v2('POST', '/project/primary-host/octo-org/nowhere/pipeline/run', {
      config: { branch: 'main' },
    });
    expect(answer).toEqual({ status: 404, json: { message: 'Project does not exist.' } });
  });

  it('an unknown project of the older trigger: 404 {"message": "Project not found"}, as recorded', async () => {
    const answer = await v2('POST', '/project/primary-host/octo-org/nowhere/pipeline', { branch: 'main' });
    expect(answer).toEqual({ status: 404, json: { message: 'Project not found' } });
  });
});
