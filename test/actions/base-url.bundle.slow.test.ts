// The forms `base-url` takes (actions/trigger-build/README.md): the service's root, a self-hosted installation's root
// with a path prefix, or either ending in /api/v1.1 or /api/v2. Whichever is given, v1.1 calls go below
// `<root>/api/v1.1` and v2 calls below `<root>/api/v2`. The committed trigger-build bundle triggers a pipeline
// (API v2) and follows its job, whose build it reads through v1.1, against the emulator; a path prefix is played by a
// small proxy of ours that strips it, as a self-hosted installation's front end would.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runAction } from '../harness/runner.ts';
import { PROJECT, SLUG } from './gating-helpers.ts';

let emulator: Emulator;
let proxy: { origin: string; paths: string[]; close(): Promise<void> } | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  await emulator.close();
});

const PREFIX = '/ci';

/** Forwards what comes below PREFIX to the emulator without it, and answers 404 to anything else. */
async function prefixProxy(target: string): Promise<NonNullable<typeof proxy>> {
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    paths.push(url.split('?')[0] ?? '');
    if (!url.startsWith(`${PREFIX}/`)) return void res.writeHead(404).end('{"message": "Not Found"}');
    const onward = request(`${target}${url.slice(PREFIX.length)}`, {
      method: req.method,
      headers: req.headers,
    });
    onward.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    onward.on('error', () => res.destroy());
    req.pipe(onward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = (): Promise<void> =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { origin, paths, close };
}

async function service(): Promise<void> {
  emulator = await startEmulator();
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, {
    queuedMs: 50,
    pipelineSetupMs: 0,
    workflows: [{ name: 'ship', jobs: [{ name: 'build', runMs: 200, artifacts: [] }] }],
  });
}

const trigger = (baseUrl: string) =>
  runAction('trigger-build', {
    inputs: { token: emulator.token, 'base-url': baseUrl, wait: 'true', 'poll-interval-seconds': '1' },
  });

/** The paths the emulator was asked for, as received. */
const received = (): string[] =>
  emulator.requests.filter((r) => r.origin === 'api').map((r) => r.url.split('?')[0] ?? '');

describe.each([
  ['the root', (origin: string) => origin, ''],
  ['the root, with a trailing slash', (origin: string) => `${origin}/`, ''],
  ['an address ending in /api/v1.1', (origin: string) => `${origin}/api/v1.1`, ''],
  ['an address ending in /api/v2', (origin: string) => `${origin}/api/v2`, ''],
  ['a root with a path prefix', (origin: string) => `${origin}${PREFIX}`, PREFIX],
  ['a path prefix and /api/v2', (origin: string) => `${origin}${PREFIX}/api/v2/`, PREFIX],
])('base-url given as %s', (_, form, prefix) => {
  it('sends the v1.1 calls below <root>/api/v1.1 and the v2 calls below <root>/api/v2', async () => {
    await service();
    if (prefix !== '') proxy = await prefixProxy(emulator.origin);
    const result = await trigger(form(proxy?.origin ?? emulator.origin));
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['outcome']).toBe('success');
    const [pipeline] = emulator.state.pipelines(SLUG);
    const id = String(pipeline?.['id']);
    const num = JSON.parse(result.outputs['builds'] ?? '[]')[0]?.build_num as number;
    const paths = received();
    // Both versions were used: the trigger through v2, the job's build through v1.1.
    expect(paths).toContain(`/api/v2/project/${SLUG}/pipeline/run`);
    expect(paths).toContain(`/api/v2/pipeline/${id}/workflow`);
    expect(paths).toContain(`/api/v1.1/project/${SLUG}/${num}`);
    expect(paths.filter((p) => !/^\/api\/(v1\.1|v2)\/(project|pipeline|workflow)\//u.test(p))).toEqual([]);
    // Below the prefix, every call the step made.
    if (proxy !== undefined) expect(proxy.paths).toEqual(paths.map((p) => `${prefix}${p}`));
  });

  it("builds the pipeline's web address below the root, its path prefix kept, until a job's is known", async () => {
    await service();
    if (prefix !== '') proxy = await prefixProxy(emulator.origin);
    const origin = proxy?.origin ?? emulator.origin;
    const result = await runAction('trigger-build', {
      inputs: { token: emulator.token, 'base-url': form(origin), wait: 'false' },
    });
    expect(result.code).toBe(0);
    const number = result.outputs['pipeline-number'];
    expect(result.outputs['pipeline-url']).toBe(`${origin}${prefix}/pipelines/${SLUG}/${number}`);
  });
});
