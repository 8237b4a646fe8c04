// The v2 calls against servers that answer as older installations and broken networks do: the older trigger form
// after a 404 or 405, a trigger never sent twice after an answer that may have been lost, and lists that page.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProjectRef } from '../../src/service/v1.ts';
import { V2Client } from '../../src/service/v2.ts';
import { PipelineTriggerLostError } from '../../src/service/v2-trigger.ts';
import { UnusableAnswerError } from '../../src/service/http/errors.ts';
import { Transport } from '../../src/service/http/transport.ts';
import { failure } from '../helpers/failure.ts';
import { startRecorder, type Recorded, type Recorder } from '../helpers/recorder.ts';

const PROJECT: ProjectRef = { vcsType: 'primary-host', username: 'acme', project: 'widget' };
const ANSWER = {
  id: '6b1e0c7a-2f4d-4e8a-9c3b-5d7e1f2a3b4c',
  number: 4,
  state: 'created',
  created_at: '2027-02-02T10:00:00Z',
};
/** The project's pipelines, read before each trigger: none yet. */
const NONE = { items: [], next_page_token: null };
const LIST = 'GET /api/v2/project/primary-host/acme/widget/pipeline';

const open: Recorder[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()?.close();
});

async function service(handler: (req: Recorded, res: ServerResponse) => void): Promise<V2Client> {
  const server = await startRecorder(handler);
  open.push(server);
  return new V2Client(
    new Transport({ baseUrl: server.baseUrl, token: 'pipeline-test-token', retry: { baseDelayMs: 1 } }),
  );
}
const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};
const paths = (): string[] => open[0]?.requests.map((r) => `${r.method} ${r.path}`) ?? [];
const posts = (): Recorded[] => open[0]?.requests.filter((r) => r.method === 'POST') ?? [];

describe('pipeline trigger', () => {
  it.each([404, 405])(
    'takes the older form after a %i, with the same branch and parameters',
    async (status) => {
      const pipelines = await service((req, res) =>
        req.method === 'GET'
          ? json(res, 200, NONE)
          : req.path.endsWith('/pipeline/run')
            ? json(res, status, { message: 'Not found' })
            : json(res, 201, ANSWER),
      );
      const made = await pipelines.trigger(PROJECT, {
        branch: 'main',
        parameters: { deploy: true, replicas: 2 },
      });
      expect(made).toEqual({ triggered: true, pipeline: ANSWER });
      expect(paths()).toEqual([
        LIST,
        'POST /api/v2/project/primary-host/acme/widget/pipeline/run',
        'POST /api/v2/project/primary-host/acme/widget/pipeline',
      ]);
      expect(JSON.parse(posts()[0]?.body ?? '')).toEqual({
        config: { branch: 'main' },
        checkout: { branch: 'main' },
        parameters: { deploy: true, replicas: 2 },
      });
      expect(JSON.parse(posts()[1]?.body ?? '')).toEqual({
        branch: 'main',
        parameters: { deploy: true, replicas: 2 },
      });
    },
  );

  it('sends a tag in both places, and no branch', async () => {
    const pipelines = await service((req, res) =>
      json(res, req.method === 'GET' ? 200 : 201, req.method === 'GET' ? NONE : ANSWER),
    );
    await pipelines.trigger(PROJECT, { tag: 'v1.2.0' });
    expect(JSON.parse(posts()[0]?.body ?? '')).toEqual({
      config: { tag: 'v1.2.0' },
      checkout: { tag: 'v1.2.0' },
    });
  });

  it.each([500, 502])(
    'after a %i says a pipeline may have started, and never sends it again',
    async (status) => {
      const pipelines = await service((req, res) =>
        req.method === 'GET' ? json(res, 200, NONE) : json(res, status, { message: 'oops' }),
      );
      const error = await failure(pipelines.trigger(PROJECT, { branch: 'main' }));
      expect(error).toBeInstanceOf(PipelineTriggerLostError);
      expect(error.message).toMatch(/a pipeline may have started on branch 'main' but none newer than #0/);
      expect(posts()).toHaveLength(1);
      // Read before the trigger, and again to look for what it may have started.
      expect(paths().filter((p) => p === LIST)).toHaveLength(2);
    },
  );

  it('after a reset once the request was sent, the same', async () => {
    const server = createServer((req, res) => {
      if (req.method === 'GET') return json(res, 200, NONE);
      received++;
      res.socket?.destroy();
    });
    let received = 0;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const pipelines = new V2Client(
        new Transport({ baseUrl: `http://127.0.0.1:${port}/api/v1.1`, token: 'pipeline-test-token' }),
      );
      const error = await failure(pipelines.trigger(PROJECT, { branch: 'main' }));
      expect(error).toBeInstanceOf(PipelineTriggerLostError);
      expect(received).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('after a 500 once the pipeline was made, finds it on its branch and answers it, sent once', async () => {
    let made = false;
    const older = {
      ...ANSWER,
      id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      number: 3,
      vcs: { branch: 'main' },
    };
    const mine = { ...ANSWER, vcs: { branch: 'main' } };
    const other = {
      ...ANSWER,
      id: '1a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      number: 5,
      vcs: { branch: 'dev' },
    };
    const pipelines = await service((req, res) => {
      if (req.method === 'GET')
        return json(res, 200, { items: made ? [other, mine, older] : [older], next_page_token: null });
      made = true;
      json(res, 500, { message: 'oops' });
    });
    const found = await pipelines.trigger(PROJECT, { branch: 'main' });
    expect(found).toEqual({
      triggered: true,
      pipeline: mine,
      recoveredAfter: expect.stringMatching(/HTTP 500/),
    });
    expect(posts()).toHaveLength(1);
  });

  it('a project with no pipeline list (404) counts from none', async () => {
    const server = createServer((req, res) => {
      if (req.method === 'GET') return json(res, 404, { message: 'Project not found' });
      json(res, 201, ANSWER);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const pipelines = new V2Client(
        new Transport({ baseUrl: `http://127.0.0.1:${port}/api/v1.1`, token: 'pipeline-test-token' }),
      );
      expect(await pipelines.trigger(PROJECT, { branch: 'main' })).toEqual({
        triggered: true,
        pipeline: ANSWER,
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/** A job as the service lists it. */
const job = (id: string, more: Record<string, unknown> = {}): Record<string, unknown> => ({
  id,
  name: `job-${id}`,
  status: 'success',
  type: 'build',
  job_number: 7,
  dependencies: [],
  ...more,
});

describe('v2 lists', () => {
  it('follow next_page_token, and stop when a token comes back', async () => {
    const pipelines = await service((req, res) => {
      const token = req.query['page-token'];
      if (token === undefined) return json(res, 200, { items: [job('a')], next_page_token: 't1' });
      if (token === 't1') return json(res, 200, { items: [job('b')], next_page_token: 't2' });
      return json(res, 200, { items: [job('c')], next_page_token: 't1' });
    });
    const jobs = await pipelines.jobs({ id: 'wf-1' });
    expect(jobs.map((j) => j.id)).toEqual(['a', 'b', 'c']);
    expect(paths()).toEqual([
      'GET /api/v2/workflow/wf-1/job',
      'GET /api/v2/workflow/wf-1/job',
      'GET /api/v2/workflow/wf-1/job',
    ]);
  });

  it.each([
    ['a null job', [null], /item 1 of the job list is not an object/],
    ['a numeric id', [job('a'), { ...job('b'), id: 42 }], /item 2 of the job list has no id/],
    ['an id holding a newline', [{ ...job('a'), id: 'a\n$(id)' }], /item 1 of the job list has no id/],
    ['job_number "5"', [job('a', { job_number: '5' })], /job_number that is not a whole number/],
    ['job_number 0', [job('a', { job_number: 0 })], /job_number that is not a whole number/],
    ['no status', [job('a', { status: null })], /no status/],
  ])('refuse a job list holding %s, as an unusable answer', async (_what, items, message) => {
    const pipelines = await service((_req, res) => json(res, 200, { items, next_page_token: null }));
    const error = await pipelines.jobs({ id: 'wf-1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnusableAnswerError);
    expect((error as Error).message).toMatch(message);
  });

  it.each([
    ['a null workflow', [null], /item 1 of the workflow list is not an object/],
    ['a numeric workflow id', [{ id: 12, name: 'ship', status: 'success' }], /has no id/],
    ['a numeric tag', [{ id: 'w1', name: 'ship', status: 'success', tag: 3 }], /tag that is not a string/],
  ])('refuse a workflow list holding %s, as an unusable answer', async (_what, items, message) => {
    const pipelines = await service((_req, res) => json(res, 200, { items, next_page_token: null }));
    const error = await pipelines.workflows({ id: 'p-1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnusableAnswerError);
    expect((error as Error).message).toMatch(message);
  });

  it('read the first 100 items of a page of more (v2 lists take no limit; a page holds 100)', async () => {
    let size = 101;
    const pipelines = await service((_req, res) =>
      json(res, 200, {
        items: Array.from({ length: size }, (_, i) => job(`j${i}`, { job_number: i + 1 })),
        next_page_token: null,
      }),
    );
    const read = await pipelines.jobs({ id: 'wf-1' });
    expect(read.map((j) => j.job_number)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    size = 100;
    expect(await pipelines.jobs({ id: 'wf-1' })).toHaveLength(100);
  });

  it('read a job without a job_number as null', async () => {
    const pipelines = await service((_req, res) =>
      json(res, 200, {
        items: [job('a', { job_number: undefined, type: 'approval' })],
        next_page_token: null,
      }),
    );
    expect((await pipelines.jobs({ id: 'wf-1' }))[0]?.job_number).toBeNull();
  });
});
