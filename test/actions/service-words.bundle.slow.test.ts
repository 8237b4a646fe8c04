// What the service's own reference of API v2 says in its answers, read by the committed bundles: a 401 for a token
// of the old format, `Project does not exist.` on the trigger, a refused trigger for a project named by an opaque
// slug (GitLab's among them), and an errored pipeline's error types. A server of ours answers each call as the
// reference (its examples and enums) says, and records every request.
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { runAction, type RunResult } from '../harness/runner.ts';
import { cleanupScope, reply } from '../helpers/scope.ts';
import { obeyedCommands } from './gating-helpers.ts';

const { listen } = cleanupScope();

const TRIPLE = 'primary-host/octo-org/octo-repo';
/** A project connected through the app integration, or GitLab's: the slug says which to no one. */
const OPAQUE = 'app/43G3lM5RtfFE7v5sa4nWAU/44n9wujWcTnVZ2b5S8Fnat';
const V2 = '/api/v2';
const V1 = '/api/v1.1';
const PIPELINE_ID = '5034460f-c7c4-4c43-9457-de07e2029e7b';

/** The reference's 401 for a token made before 2023-06-23, on the newer endpoints. */
const OLD_TOKEN =
  'New format tokens are needed to authenticate this API endpoint. Create a new API token for access.';
/** The reference's 404 for a project it does not know (`404_entity_not_found`, `project_not_found`). */
const NO_PROJECT = 'Project does not exist.';

type Route = (body: unknown) => [number, unknown];

/** The service: `routes` by `METHOD path` (path decoded, without the query), 404 `Not found` otherwise. */
async function service(routes: Record<string, Route>, fallback?: Route) {
  const sent: string[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const key = `${req.method} ${decodeURIComponent((req.url ?? '').split('?')[0] ?? '')}`;
      sent.push(key);
      const route = routes[key] ?? fallback ?? (() => [404, { message: 'Not found' }]);
      const [status, body] = route(raw === '' ? undefined : JSON.parse(raw));
      reply(res, status, body);
    });
  });
  const origin = await listen(server);
  return { baseUrl: `${origin}${V1}`, sent };
}

/** A pipeline record with every field the reference requires. */
function pipeline(slug: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: PIPELINE_ID,
    number: 7,
    project_slug: slug,
    created_at: '2026-11-29T05:00:00Z',
    updated_at: '2026-11-29T05:00:01Z',
    errors: [],
    state: 'created',
    trigger: {
      type: 'api',
      received_at: '2026-11-29T05:00:00Z',
      actor: { login: 'octo-user', avatar_url: null },
    },
    vcs: {
      provider_name: 'GitHub',
      origin_repository_url: 'https://code.example/octo-org/octo-repo',
      target_repository_url: 'https://code.example/octo-org/octo-repo',
      revision: 'c0ffee1234567890c0ffee1234567890c0ffee12',
      branch: 'main',
    },
    ...extra,
  };
}

const emptyPage: Route = () => [200, { items: [], next_page_token: null }];

const errorLines = (result: RunResult): string[] =>
  obeyedCommands(result.stdout).filter((l) => l.startsWith('::error::'));
const warnings = (result: RunResult): string[] =>
  obeyedCommands(result.stdout).filter((l) => l.startsWith('::warning::'));

const run = (action: string, baseUrl: string, inputs: Record<string, string>): Promise<RunResult> =>
  runAction(action, { inputs: { token: 'a-made-up-token', 'base-url': baseUrl, ...inputs } });

describe('a 401 for a token of the old format', () => {
  const expectOneTokenError = (result: RunResult): void => {
    expect(result.code).toBe(1);
    const [line, ...more] = errorLines(result);
    expect(more).toEqual([]);
    expect(line).toMatch(/create a new personal API token/iu);
    expect(line).toMatch(/store it in the secret (that )?(this|the) step's token input reads/u);
    expect(line).toContain('2023-06-23');
    // The service's own words stay, for a search.
    expect(line).toContain(OLD_TOKEN);
  };

  it('trigger-build names the personal token to create, where it goes, and why', async () => {
    const { baseUrl, sent } = await service({}, () => [401, { message: OLD_TOKEN }]);
    const result = await run('trigger-build', baseUrl, { branch: 'main' });
    expectOneTokenError(result);
    expect(sent.filter((s) => s.startsWith('POST'))).toEqual([]);
  });

  it('set-envvar by slug says the same', async () => {
    const { baseUrl } = await service({}, () => [401, { message: OLD_TOKEN }]);
    const result = await run('set-envvar', baseUrl, {
      'project-slug': OPAQUE,
      name: 'DEPLOY_ENV',
      value: 'production',
    });
    expectOneTokenError(result);
  });

  it('another 401 keeps the service message alone', async () => {
    const { baseUrl } = await service({}, () => [401, { message: 'Invalid token provided.' }]);
    const result = await run('trigger-build', baseUrl, { branch: 'main' });
    expect(result.code).toBe(1);
    const [line, ...more] = errorLines(result);
    expect(more).toEqual([]);
    expect(line).toContain('HTTP 401: Invalid token provided.');
    expect(line).not.toMatch(/personal API token|2023-06-23/u);
  });
});

describe("the trigger's 404 in the reference's words, Project does not exist.", () => {
  it('is taken for a project token: v1.1 triggers, with the hint about personal tokens', async () => {
    const build = {
      build_num: 1,
      build_url: `https://ci.example/${TRIPLE}/1`,
      lifecycle: 'not_running',
      status: 'not_running',
      outcome: null,
      branch: 'main',
      vcs_revision: 'c0ffee1234567890c0ffee1234567890c0ffee12',
      why: 'api',
    };
    const { baseUrl, sent } = await service({
      [`GET ${V2}/project/${TRIPLE}/pipeline`]: () => [404, { message: NO_PROJECT }],
      [`POST ${V2}/project/${TRIPLE}/pipeline/run`]: () => [404, { message: NO_PROJECT }],
      [`POST ${V2}/project/${TRIPLE}/pipeline`]: () => [404, { message: NO_PROJECT }],
      [`GET ${V1}/project/${TRIPLE}/tree/main`]: () => [200, []],
      [`GET ${V1}/project/${TRIPLE}`]: () => [200, []],
      [`POST ${V1}/project/${TRIPLE}/tree/main`]: () => [201, build],
    });
    const result = await run('trigger-build', baseUrl, { branch: 'main' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(sent.filter((s) => s.startsWith('POST'))).toEqual([
      `POST ${V2}/project/${TRIPLE}/pipeline/run`,
      `POST ${V2}/project/${TRIPLE}/pipeline`,
      `POST ${V1}/project/${TRIPLE}/tree/main`,
    ]);
    const [warning, ...more] = warnings(result).filter((l) => !l.includes('has deprecated'));
    expect(more).toEqual([]);
    expect(warning).toMatch(/a project token works only on v1\.1, and pipelines need a personal token/u);
    expect(warning).toMatch(/triggered through v1\.1 instead/u);
    expect(result.outputs['build-num']).toBe('1');
  });
});

describe('a refused trigger for a project named by an opaque slug', () => {
  const GITLAB = /API trigger does not reach GitLab projects/u;
  const refused = async (status: number, message: string) => {
    const { baseUrl, sent } = await service({
      [`GET ${V2}/project/${OPAQUE}/pipeline`]: emptyPage,
      [`POST ${V2}/project/${OPAQUE}/pipeline/run`]: () => [status, { message }],
    });
    const result = await run('trigger-build', baseUrl, { 'project-slug': OPAQUE, branch: 'main' });
    expect(sent.filter((s) => s.startsWith('POST'))).toEqual([`POST ${V2}/project/${OPAQUE}/pipeline/run`]);
    expect(result.code).toBe(1);
    const [line, ...more] = errorLines(result);
    expect(more).toEqual([]);
    expect(line).toContain(`HTTP ${status}: ${message}`);
    return line ?? '';
  };

  it.each([
    [404, NO_PROJECT],
    [400, 'Unexpected request body provided.'],
  ])('adds, on a %i, that the API trigger does not reach GitLab projects', async (status, message) => {
    const line = await refused(status, message);
    expect(line).toMatch(GITLAB);
    expect(line).toMatch(/in case this is a GitLab project/u);
  });

  it('does not add it to a 401, which is about the token', async () => {
    const line = await refused(401, 'Invalid token provided.');
    expect(line).not.toMatch(GITLAB);
  });

  it('does not add it for a project named by the triple', async () => {
    const { baseUrl } = await service({
      [`GET ${V2}/project/${TRIPLE}/pipeline`]: emptyPage,
      [`POST ${V2}/project/${TRIPLE}/pipeline/run`]: () => [
        400,
        { message: 'Unexpected request body provided.' },
      ],
    });
    const result = await run('trigger-build', baseUrl, { branch: 'main', 'trigger-api': 'v2' });
    expect(result.code).toBe(1);
    const [line, ...more] = errorLines(result);
    expect(more).toEqual([]);
    expect(line).toContain('HTTP 400: Unexpected request body provided.');
    expect(line).not.toMatch(GITLAB);
  });
});

describe("an errored pipeline's errors, each with its type in the service's words", () => {
  // Every type of the reference's enum, each with a message of its own.
  const ERRORS = [
    ['config', 'Config does not conform to schema: missing jobs'],
    ['invalid-trigger-setup', 'The trigger is set up wrongly'],
    ['config-fetch', 'Could not fetch the configuration file'],
    ['timeout', 'Compiling the configuration took too long'],
    ['permission', 'The actor may not run this pipeline'],
    ['other', 'Something else went wrong'],
    ['trigger-rule', 'No trigger rule matched'],
    ['plan', 'The plan has no credits left'],
  ].map(([type, message]) => ({ type, message }));
  const errored = (slug: string) => pipeline(slug, { state: 'errored', errors: ERRORS });
  const expectTyped = (result: RunResult): void => {
    expect(result.code).toBe(1);
    const [line, ...more] = errorLines(result);
    expect(more).toEqual([]);
    expect(line).toMatch(/Pipeline #7 is errored/u);
    for (const { type, message } of ERRORS) expect(line).toContain(`${type}: ${message}`);
  };

  it('trigger-build names them', async () => {
    const { baseUrl } = await service({
      [`GET ${V2}/project/${TRIPLE}/pipeline`]: emptyPage,
      [`POST ${V2}/project/${TRIPLE}/pipeline/run`]: () => [
        201,
        { id: PIPELINE_ID, number: 7, state: 'created', created_at: '2026-11-29T05:00:00Z' },
      ],
      [`GET ${V2}/pipeline/${PIPELINE_ID}`]: () => [200, errored(TRIPLE)],
    });
    expectTyped(await run('trigger-build', baseUrl, { branch: 'main' }));
  });

  it('wait-for-build by pipeline-id names them', async () => {
    const { baseUrl } = await service({
      [`GET ${V2}/pipeline/${PIPELINE_ID}`]: () => [200, errored(TRIPLE)],
      [`GET ${V2}/pipeline/${PIPELINE_ID}/workflow`]: emptyPage,
    });
    expectTyped(
      await run('wait-for-build', baseUrl, {
        'pipeline-id': PIPELINE_ID,
        'wait-timeout-minutes': '1',
        'poll-interval-seconds': '1',
      }),
    );
  });

  it('an error without a message is named by its type alone', async () => {
    const { baseUrl } = await service({
      [`GET ${V2}/project/${TRIPLE}/pipeline`]: emptyPage,
      [`POST ${V2}/project/${TRIPLE}/pipeline/run`]: () => [
        201,
        { id: PIPELINE_ID, number: 7, state: 'created', created_at: '2026-11-29T05:00:00Z' },
      ],
      [`GET ${V2}/pipeline/${PIPELINE_ID}`]: () => [
        200,
        pipeline(TRIPLE, { state: 'errored', errors: [{ type: 'plan' }] }),
      ],
    });
    const result = await run('trigger-build', baseUrl, { branch: 'main' });
    expect(result.code).toBe(1);
    expect(errorLines(result)).toEqual([expect.stringMatching(/Pipeline #7 is errored.*: plan$/u)]);
  });
});
