// The v2 calls against servers that answer as older installations and broken networks do: the older trigger form
// after a 404 or 405, a trigger never sent twice after an answer that may have been lost, and lists that page.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProjectRef } from '../../src/api/client.ts';
import { Pipelines, PipelineTriggerLostError } from '../../src/api/pipelines.ts';
import { Transport } from '../../src/api/transport.ts';
import { failure } from '../helpers/failure.ts';
import { startRecorder, type Recorded, type Recorder } from '../helpers/recorder.ts';

const PROJECT: ProjectRef = { vcsType: 'primary-host', username: 'acme', project: 'widget' };
const ANSWER = { id: 'pipeline-6b1e', number: 4, state: 'created', created_at: '2027-02-02T10:00:00Z' };

const open: Recorder[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()?.close();
});

async function service(handler: (req: Recorded, res: ServerResponse) => void): Promise<Pipelines> {
  const server = await startRecorder(handler);
  open.push(server);
  return new Pipelines(
    new Transport({ baseUrl: server.baseUrl, token: 'pipeline-test-token', retry: { baseDelayMs: 1 } }),
  );
}
const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};
const paths = (): string[] => open[0]?.requests.map((r) => `${r.method} ${r.path}`) ?? [];

describe('pipeline trigger', () => {
  it.each([404, 405])(
    'takes the older form after a %i, with the same branch and parameters',
    async (status) => {
      const pipelines = await service((req, res) =>
        req.path.endsWith('/pipeline/run')
          ? json(res, status, { message: 'Not found' })
          : json(res, 201, ANSWER),
      );
      const made = await pipelines.trigger(PROJECT, {
        branch: 'main',
        parameters: { deploy: true, replicas: 2 },
      });
      expect(made).toEqual(ANSWER);
      expect(paths()).toEqual([
        'POST /api/v2/project/primary-host/acme/widget/pipeline/run',
        'POST /api/v2/project/primary-host/acme/widget/pipeline',
      ]);
      expect(JSON.parse(open[0]?.requests[0]?.body ?? '')).toEqual({
        config: { branch: 'main' },
        checkout: { branch: 'main' },
        parameters: { deploy: true, replicas: 2 },
      });
      expect(JSON.parse(open[0]?.requests[1]?.body ?? '')).toEqual({
        branch: 'main',
        parameters: { deploy: true, replicas: 2 },
      });
    },
  );

  it('sends a tag in both places, and no branch', async () => {
    const pipelines = await service((_req, res) => json(res, 201, ANSWER));
    await pipelines.trigger(PROJECT, { tag: 'v1.2.0' });
    expect(JSON.parse(open[0]?.requests[0]?.body ?? '')).toEqual({
      config: { tag: 'v1.2.0' },
      checkout: { tag: 'v1.2.0' },
    });
  });

  it.each([500, 502])(
    'after a %i says a pipeline may have started, and never sends it again',
    async (status) => {
      const pipelines = await service((_req, res) => json(res, status, { message: 'oops' }));
      const error = await failure(pipelines.trigger(PROJECT, { branch: 'main' }));
      expect(error).toBeInstanceOf(PipelineTriggerLostError);
      expect(error.message).toMatch(/a pipeline may have started on branch 'main'/);
      expect(paths()).toHaveLength(1);
    },
  );

  it('after a reset once the request was sent, the same', async () => {
    const server = createServer((_req, res) => {
      received++;
      res.socket?.destroy();
    });
    let received = 0;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const pipelines = new Pipelines(
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
});

describe('v2 lists', () => {
  it('follow next_page_token, and stop when a token comes back', async () => {
    const pipelines = await service((req, res) => {
      const token = req.query['page-token'];
      if (token === undefined) return json(res, 200, { items: [{ id: 'a' }], next_page_token: 't1' });
      if (token === 't1') return json(res, 200, { items: [{ id: 'b' }], next_page_token: 't2' });
      return json(res, 200, { items: [{ id: 'c' }], next_page_token: 't1' });
    });
    const jobs = await pipelines.jobs('wf-1');
    expect(jobs.map((j) => j.id)).toEqual(['a', 'b', 'c']);
    expect(paths()).toEqual([
      'GET /api/v2/workflow/wf-1/job',
      'GET /api/v2/workflow/wf-1/job',
      'GET /api/v2/workflow/wf-1/job',
    ]);
  });

  it('a page of 200,000 items does not overflow the stack', async () => {
    const items = Array.from({ length: 200_000 }, (_, i) => ({ id: `j${i}` }));
    const pipelines = await service((_req, res) => json(res, 200, { items, next_page_token: null }));
    // Whether a page this long is usable is for the list's own rules; it never ends in a RangeError.
    const outcome = await pipelines.jobs('wf-1').then(
      (jobs) => jobs.length,
      (error: unknown) => error,
    );
    expect(outcome).not.toBeInstanceOf(RangeError);
    if (typeof outcome === 'number') expect(outcome).toBe(200_000);
  });
});
