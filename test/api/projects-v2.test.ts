// The project-scoped v2 calls against a server of our own: the slug's segments percent-encoded, answers checked
// by shape (a wrong one is an unusable answer naming the call), lists paged and bounded.
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { checkProjectSlug } from '../../src/service/v1.ts';
import { ValidationError } from '../../src/common/errors.ts';
import { UnusableAnswerError } from '../../src/service/http/errors.ts';
import { V2Client } from '../../src/service/v2.ts';
import { JobScan, MAX_JOBS_READ } from '../../src/service/find-builds.ts';
import { projectSlug } from '../../src/service/slug.ts';
import { Transport } from '../../src/service/http/transport.ts';
import { startRecorder, type Recorded, type Recorder } from '../helpers/recorder.ts';

const SLUG = checkProjectSlug('project-slug', 'app/org 1/proj%2');
const PIPELINE = (n: number): Record<string, unknown> => ({
  id: `0b6a1f9e-2c3d-4e5f-8a9b-${String(n).padStart(12, '0')}`,
  number: n,
  state: 'created',
});

const open: Recorder[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()?.close();
});

async function service(handler: (req: Recorded, res: ServerResponse) => void): Promise<V2Client> {
  const server = await startRecorder(handler);
  open.push(server);
  return new V2Client(
    new Transport({ baseUrl: server.baseUrl, token: 'projects-v2-token', retry: { baseDelayMs: 1 } }),
  );
}
const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};
const urls = (): string[] =>
  open[0]?.requests.map((r) => `${r.method} ${r.path} ${new URLSearchParams(r.query).toString()}`.trim()) ??
  [];

describe('project-scoped v2 calls', () => {
  it('send each segment of the slug percent-encoded', async () => {
    expect(projectSlug(SLUG)).toBe('app/org%201/proj%252');
    const api = await service((_req, res) => json(res, 200, { number: 7, name: 'build', status: 'success' }));
    await api.job(SLUG, 7);
    expect(urls()).toEqual(['GET /api/v2/project/app/org%201/proj%252/job/7']);
  });

  it('refuse a slug that is not three segments', () => {
    expect(() => checkProjectSlug('project-slug', 'app/org')).toThrow(ValidationError);
    expect(() => checkProjectSlug('project-slug', 'app//proj')).toThrow(ValidationError);
    expect(() => checkProjectSlug('project-slug', 'a/b/c/d')).toThrow(ValidationError);
  });

  it.each([
    ['another job', { number: 8, name: 'build', status: 'success' }],
    ['no status', { number: 7, name: 'build' }],
    ['a pipeline id that is no UUID', { number: 7, name: 'build', status: 'success', pipeline: { id: 'x' } }],
    ['a list', [{ number: 7 }]],
  ])('take job details with %s for an unusable answer', async (_what, body) => {
    const api = await service((_req, res) => json(res, 200, body));
    await expect(api.job(SLUG, 7)).rejects.toThrow(UnusableAnswerError);
  });

  it('take an artifact without a url for an unusable answer', async () => {
    const api = await service((_req, res) =>
      json(res, 200, { items: [{ path: 'a.txt', node_index: 0 }], next_page_token: null }),
    );
    await expect(api.artifacts(SLUG, 7)).rejects.toThrow(
      /v2 \/project\/app\/org%201\/proj%252\/7\/artifacts/,
    );
  });

  it('read the newest pipelines of a branch, page by page, at most the bound', async () => {
    const api = await service((req, res) => {
      const page = req.query['page-token'] === undefined ? 1 : 2;
      json(res, 200, {
        items: [PIPELINE(page * 2), PIPELINE(page * 2 + 1)],
        next_page_token: `page-${page + 1}`,
      });
    });
    const pipelines = await api.projectPipelines(SLUG, { branch: 'feature/x', max: 3 });
    expect(pipelines.map((p) => p.number)).toEqual([2, 3, 4]);
    expect(urls()).toEqual([
      'GET /api/v2/project/app/org%201/proj%252/pipeline branch=feature%2Fx',
      'GET /api/v2/project/app/org%201/proj%252/pipeline branch=feature%2Fx&page-token=page-2',
    ]);
  });
});

describe('the jobs of a slug project as builds (JobScan)', () => {
  const WORKFLOW = (n: number): string => `7d0c2e1f-3a4b-4c5d-8e6f-${String(n).padStart(12, '0')}`;

  it('stops after reading MAX_JOBS_READ jobs, without reading older pipelines', async () => {
    // Three pipelines of 60 running jobs each: nothing matches `completed`.
    const api = await service((req, res) => {
      const path = req.path.replace('/api/v2', '');
      const pipeline = /^\/pipeline\/.*-0*(\d+)\/workflow$/u.exec(path);
      const workflow = /^\/workflow\/.*-0*(\d+)\/job$/u.exec(path);
      if (path.endsWith('/pipeline'))
        json(res, 200, { items: [PIPELINE(3), PIPELINE(2), PIPELINE(1)], next_page_token: null });
      else if (pipeline !== null)
        json(res, 200, {
          items: [{ id: WORKFLOW(Number(pipeline[1])), name: 'ship', status: 'running' }],
          next_page_token: null,
        });
      else if (workflow !== null)
        json(res, 200, {
          items: Array.from({ length: 60 }, (_, i) => ({
            id: `job-${i}`,
            name: 'build',
            job_number: Number(workflow[1]) * 100 + i,
            status: 'running',
          })),
          next_page_token: null,
        });
      else json(res, 404, { message: 'Not found.' });
    });
    const scan = new JobScan(api, SLUG, { statusFilter: 'completed' });
    expect(await scan.next()).toBeUndefined();
    expect(scan.read).toBe(MAX_JOBS_READ);
    expect(scan.bounded).toBe(true);
    expect(urls().filter((u) => u.includes('/workflow'))).toEqual([
      `GET /api/v2/pipeline/${String(PIPELINE(3)['id'])}/workflow`,
      `GET /api/v2/workflow/${WORKFLOW(3)}/job`,
      `GET /api/v2/pipeline/${String(PIPELINE(2)['id'])}/workflow`,
      `GET /api/v2/workflow/${WORKFLOW(2)}/job`,
    ]);
  });
});
