// trigger-build's bundle, run as the runner runs it, through the v1.1 trigger against a service of ours that
// answers as the service's recorded answers do: the newest-build read (`limit=1`) gets a whole page of 30 builds.
// The client takes the first build of it, sends the trigger once, and reports the build it started
// (docs/promises.md, promise 34).
import { describe, expect, it } from 'vitest';
import { runAction } from '../harness/runner.ts';
import { scratch } from '../api/download-server.ts';
import { PROJECT_PATH } from './gating-helpers.ts';

const TOKEN = 'long-Page-Token-6203';
const { server } = scratch('trigger-long-page-');

function build(num: number, lifecycle: string, status: string): Record<string, unknown> {
  return {
    build_num: num,
    build_url: `https://ci.example/gh/octo-org/octo-repo/${num}`,
    vcs_type: 'primary-host',
    username: 'octo-org',
    reponame: 'octo-repo',
    branch: 'main',
    vcs_revision: 'c0ffee1234567890c0ffee1234567890c0ffee12',
    lifecycle,
    status,
    outcome: lifecycle === 'finished' ? status : null,
    why: 'api',
    subject: `build ${num}`,
  };
}

describe('trigger-build, v1.1, when the build list answers more than the limit asked for', () => {
  it('reads 30 builds to limit=1 as the newest one, sends the trigger once, and reports the new build', async () => {
    const listed: string[] = [];
    const triggers: string[] = [];
    const api = await server((req, res) => {
      const url = new URL(req.url ?? '', 'http://x');
      const json = (status: number, body: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      if (req.method === 'GET' && url.pathname === `/api/v1.1${PROJECT_PATH}`) {
        listed.push(url.search);
        // Newest first, whatever `limit` said: builds 30 to 1.
        return json(
          200,
          Array.from({ length: 30 }, (_, i) => build(30 - i, 'finished', 'success')),
        );
      }
      if (req.method === 'POST' && url.pathname === `/api/v1.1${PROJECT_PATH}/tree/main`) {
        triggers.push(url.pathname);
        return json(201, build(31, 'queued', 'queued'));
      }
      json(404, { message: 'Not found' });
    });
    const r = await runAction('trigger-build', {
      inputs: { token: TOKEN, 'base-url': `${api.origin}/api/v1.1`, 'trigger-api': 'v1.1' },
    });
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(listed).toEqual([expect.stringMatching(/(^\?|&)limit=1(&|$)/u)]);
    expect(triggers).toHaveLength(1);
    expect(r.outputs['build-num']).toBe('31');
    expect(r.outputs['status']).toBe('queued');
  }, 60_000);
});
