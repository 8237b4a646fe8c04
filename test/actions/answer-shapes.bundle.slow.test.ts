// Answers of the wrong shape with a 200 (docs/promises.md, promise 22): the bundles run as the runner runs them against a server that
// answers each call with JSON that parses but is not what the call returns. Every one is a clear "unusable answer"
// error naming the call: never a success, never `undefined` in an output, never a TypeError.
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { runAction, type RunResult } from '../harness/runner.ts';
import { cleanupScope, reply } from '../helpers/scope.ts';

const TOKEN = 'tok-SHAPES-SECRET-0123456789abcdef';
const P = '/api/v1.1/project/primary-host/octo-org/octo-repo';
const pem = generateKeyPairSync('rsa', { modulusLength: 1024 })
  .privateKey.export({ type: 'pkcs1', format: 'pem' })
  .toString();

const { listen } = cleanupScope();

/** A server answering `METHOD path` (query left out) from the table with a 200 and the raw JSON text given. */
async function answering(table: Record<string, string>): Promise<string> {
  const origin = await listen(
    http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const key = `${req.method ?? ''} ${(req.url ?? '').split('?')[0] ?? ''}`;
        const body = table[key];
        if (body === undefined) reply(res, 404, { message: `not here: ${key}` });
        else reply(res, 200, body);
      });
    }),
  );
  return `${origin}/api/v1.1`;
}

async function run(
  action: string,
  table: Record<string, string>,
  more: Record<string, string> = {},
): Promise<RunResult> {
  const base = await answering(table);
  return runAction(action, { inputs: { token: TOKEN, 'base-url': base, ...more }, timeoutMs: 30_000 });
}

function unusable(result: RunResult, call: string): void {
  expect(result.code).toBe(1);
  expect(result.errors).toEqual([expect.stringContaining(`::error::${call} returned an unusable answer: `)]);
  expect(result.stdout).not.toMatch(/unexpected error|TypeError|Cannot read|is not iterable/u);
  for (const value of Object.values(result.outputs)) expect(value).not.toBe('undefined');
  expect(result.stdout).not.toContain('#undefined');
}

const build = (num: number, more: Record<string, unknown> = {}): string =>
  JSON.stringify({
    build_num: num,
    status: 'success',
    lifecycle: 'finished',
    outcome: 'success',
    branch: 'main',
    why: 'api',
    ...more,
  });

describe('answers of the wrong shape', () => {
  it.each(['{}', '[]', '"ok"', 'null', '{"build_num": -3}', '{"build_num": 2.5}', '{"build_num": "7"}'])(
    'trigger-build: a trigger answered with %s is an unusable answer, and build-num is not set',
    async (body) => {
      const result = await run('trigger-build', {
        [`GET ${P}/tree/main`]: '[]',
        [`GET ${P}`]: '[]',
        [`POST ${P}/tree/main`]: body,
      });
      unusable(result, `POST /project/primary-host/octo-org/octo-repo/tree/main`);
      expect(result.outputs['build-num']).toBeUndefined();
    },
  );

  it('wait-for-build: a GET of build #5 answered with build #77 is not "Build #5 succeeded"', async () => {
    const result = await run('wait-for-build', { [`GET ${P}/5`]: build(77) }, { 'build-num': '5' });
    unusable(result, 'GET /project/primary-host/octo-org/octo-repo/5');
    expect(result.stdout).not.toContain('succeeded');
  });

  it.each(['null', '{}', '"builds"', '[1, 2]'])(
    'wait-for-serial: a build list answered with %s is an unusable answer',
    async (body) => {
      const result = await run('wait-for-serial', { [`GET ${P}`]: body });
      unusable(result, 'GET /project/primary-host/octo-org/octo-repo');
    },
  );

  it.each(['[]', 'true', 'null', '"done"'])(
    'clear-cache: a DELETE answered with %s is not success',
    async (body) => {
      const result = await run('clear-cache', { [`DELETE ${P}/build-cache`]: body });
      unusable(result, 'DELETE /project/primary-host/octo-org/octo-repo/build-cache');
      expect(result.outputs['message']).toBeUndefined();
    },
  );

  it.each(['null', '[]', 'true'])('set-envvar: a POST answered with %s is not success', async (body) => {
    const result = await run(
      'set-envvar',
      { [`POST ${P}/envvar`]: body },
      { name: 'A', value: 'value-0123456789' },
    );
    unusable(result, 'POST /project/primary-host/octo-org/octo-repo/envvar');
    // What was done is reported even when a call fails: nothing was set.
    expect(result.outputs['set']).toBe('[]');
  });

  it.each(['null', '[]', 'true', '0'])(
    'add-ssh-key: a POST answered with %s is not success',
    async (body) => {
      const result = await run('add-ssh-key', { [`POST ${P}/ssh-key`]: body }, { 'ssh-key': pem });
      unusable(result, 'POST /project/primary-host/octo-org/octo-repo/ssh-key');
      expect(result.outputs['fingerprint']).toBeUndefined();
    },
  );

  it('add-ssh-key: the service\'s own "" answer is success', async () => {
    const result = await run('add-ssh-key', { [`POST ${P}/ssh-key`]: '""' }, { 'ssh-key': pem });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['fingerprint']).toMatch(/^[0-9a-f]{2}(:[0-9a-f]{2}){15}$/u);
  });

  it('the general action: build, cancel and retry check the build they answer with', async () => {
    const got = await run('general', { [`GET ${P}/5`]: build(77) }, { command: 'build', 'build-num': '5' });
    unusable(got, 'GET /project/primary-host/octo-org/octo-repo/5');
    expect(got.outputs['result']).toBeUndefined();

    const cancelled = await run(
      'general',
      { [`POST ${P}/5/cancel`]: build(6) },
      { command: 'cancel', 'build-num': '5' },
    );
    unusable(cancelled, 'POST /project/primary-host/octo-org/octo-repo/5/cancel');

    const retried = await run(
      'general',
      { [`POST ${P}/5/retry`]: build(5) },
      { command: 'retry', 'build-num': '5' },
    );
    unusable(retried, 'POST /project/primary-host/octo-org/octo-repo/5/retry');

    const listed = await run(
      'general',
      { [`GET ${P}/5/artifacts`]: '{}' },
      { command: 'artifacts', 'build-num': '5' },
    );
    unusable(listed, 'GET /project/primary-host/octo-org/octo-repo/5/artifacts');

    const good = await run(
      'general',
      { [`POST ${P}/5/retry`]: build(9) },
      { command: 'retry', 'build-num': '5' },
    );
    expect(good.errors).toEqual([]);
    expect(JSON.parse(good.outputs['result'] ?? '{}')).toMatchObject({ build_num: 9 });
  });
});
