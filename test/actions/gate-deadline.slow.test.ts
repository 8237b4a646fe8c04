// The step's time-out holds within a look (docs/promises.md, promise 34), and a pipeline that lists no workflow
// ends the wait long before it (docs/promises.md, promise 31): the committed bundles against servers of our own
// that answer slowly or not at all, in real time, so in the slow lane.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { runAction } from '../harness/runner.ts';
import {
  PIPELINE_ID,
  SLUG,
  startPipelineServer,
  uuid,
  type ScriptWorkflow,
} from '../helpers/pipeline-server.ts';
import { cleanupScope, reply } from '../helpers/scope.ts';
import type { Build } from '../../src/service/records.ts';

const { listen } = cleanupScope();
const TOKEN = 'tok-DEADLINE-SECRET-0123456789abcdef';
/** The step's time-out and what it may run over it. */
const TIMEOUT_MS = 60_000;
const SLACK_MS = 5000;

const running = (num: number, workflow?: ScriptWorkflow): Build => ({
  build_num: num,
  build_url: `https://ci.example/gh/octo-org/octo-repo/${num}`,
  lifecycle: 'running',
  status: 'running',
  outcome: null,
  branch: 'main',
  ...(workflow === undefined
    ? {}
    : { workflows: { job_name: `job${num}`, workflow_name: workflow.name, workflow_id: workflow.id } }),
});

describe('the step time-out holds within one look', () => {
  it('wait-for-serial re-reading 300 builds that left the running list, at 0.35 s each', async () => {
    const builds = Array.from({ length: 300 }, (_, i) => running(300 - i));
    const started = performance.now();
    let reads = 0;
    // The running list holds the builds for the first look only; then each is read by number, slowly.
    const listed = { done: false };
    const origin = await listen(
      http.createServer((req, res) => {
        req.resume();
        const url = new URL(req.url ?? '', 'http://x');
        const path = url.pathname;
        if (path === `/api/v1.1/project/${SLUG}`) {
          const offset = Number(url.searchParams.get('offset') ?? 0);
          const limit = Number(url.searchParams.get('limit') ?? 30);
          if (listed.done) return reply(res, 200, []);
          const page = builds.slice(offset, offset + limit);
          if (page.length < limit) listed.done = true;
          return reply(res, 200, page);
        }
        const one = /\/(\d+)$/u.exec(path);
        if (one === null) return reply(res, 404, { message: 'Not found' });
        reads++;
        setTimeout(() => reply(res, 200, running(Number(one[1]))), 350);
      }),
    );
    const result = await runAction('wait-for-serial', {
      inputs: {
        token: TOKEN,
        'base-url': `${origin}/api/v1.1`,
        'build-num': '1000',
        'wait-timeout-minutes': '1',
        'poll-interval-seconds': '1',
      },
      timeoutMs: 150_000,
    });
    const elapsed = performance.now() - started;
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      expect.stringMatching(/^::error::Timed out after 1 min waiting for builds of octo-org\/octo-repo/),
    ]);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    // The look was stopped part-way: far fewer reads than it would have made.
    expect(reads).toBeLessThan(200);
  });

  it('trigger-build following a pipeline of 200 running jobs whose builds answer in 0.45 s each', async () => {
    const ship: ScriptWorkflow = {
      id: uuid(1),
      name: 'ship',
      status: 'running',
      jobs: Array.from({ length: 200 }, (_, i) => ({
        id: uuid(100 + i),
        name: `job${i + 1}`,
        status: 'running',
        type: 'build' as const,
        job_number: i + 1,
      })),
    };
    const server = await startPipelineServer(listen, {
      pipeline: { id: PIPELINE_ID, number: 7, state: 'created' },
      workflows: [ship],
      builds: new Map(ship.jobs.map((_, i) => [i + 1, running(i + 1, ship)])),
      delayMs: (method, path) => (method === 'GET' && /\/api\/v1\.1\/.*\/\d+$/u.test(path) ? 450 : 0),
    });
    const started = performance.now();
    const result = await runAction('trigger-build', {
      inputs: {
        token: TOKEN,
        'base-url': server.base,
        'trigger-api': 'v2',
        wait: 'true',
        'wait-timeout-minutes': '1',
        'poll-interval-seconds': '1',
      },
      timeoutMs: 150_000,
    });
    const elapsed = performance.now() - started;
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      expect.stringMatching(/^::error::The builds of pipeline #7 did not end within 1 min/),
    ]);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    expect(server.seen.filter((line) => /\/api\/v1\.1\/.*\/\d+$/u.test(line)).length).toBeLessThan(150);
  });
});

describe('a pipeline that lists no workflow', () => {
  it('ends a 10-minute wait in under 90 s, saying that nothing ran is inferred', async () => {
    const server = await startPipelineServer(listen, {
      pipeline: { id: PIPELINE_ID, number: 7, state: 'created' },
      workflows: [],
      builds: new Map(),
    });
    const started = performance.now();
    const result = await runAction('trigger-build', {
      inputs: {
        token: TOKEN,
        'base-url': server.base,
        'trigger-api': 'v2',
        wait: 'true',
        'wait-timeout-minutes': '10',
        'poll-interval-seconds': '5',
      },
      timeoutMs: 150_000,
    });
    const elapsed = performance.now() - started;
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      expect.stringMatching(
        /^::error::Pipeline #7 listed no workflow within 60 s of its set-up: .*inferred: the service gives no signal/,
      ),
    ]);
    expect(result.outputs['outcome']).toBe('');
    expect(elapsed).toBeLessThan(90_000);
  });
});
