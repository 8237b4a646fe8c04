// Archives built byte by byte, as a compromised build would make them, and a service that lists them as build
// 140's artifacts: for the tests that run the committed fetch-artifacts bundle with `extract: true`.
import { startAction, runAction, type RunResult, type Started } from '../harness/runner.ts';
import { send, type Handler, type TestServer } from '../api/download-server.ts';

export const TOKEN = 'extract-Secret-Token-7702';
export const PROJECT = '/api/v1.1/project/primary-host/octo-org/octo-repo';

export { pax, tar, tarBlocks, tarHeader, zip, type Entry, type ZipEntry } from '../helpers/archives.ts';

/** Lists build 140's artifacts: each archive at `out/<name>`, served from `/<name>`. */
export async function archiveService(
  server: (handler: Handler) => Promise<TestServer>,
  archives: Record<string, Buffer>,
): Promise<TestServer> {
  let origin = '';
  const s = await server((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path === `${PROJECT}/140/artifacts`) {
      const list = Object.keys(archives).map((name) => ({ path: `out/${name}`, url: `${origin}/${name}` }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
    } else {
      const data = archives[decodeURIComponent(path.slice(1))];
      if (data) send(req, res, data);
      else res.writeHead(404).end();
    }
  });
  origin = s.origin;
  return s;
}

function extractOptions(
  s: TestServer,
  ws: string,
  inputs: Record<string, string>,
  env: Record<string, string | undefined>,
): Parameters<typeof runAction>[1] {
  return {
    workspace: ws,
    env,
    inputs: {
      token: TOKEN,
      'base-url': `${s.origin}/api/v1.1`,
      'build-num': '140',
      path: 'dest',
      extract: 'true',
      ...inputs,
    },
  };
}

/** Runs the committed bundle with `extract: true` into `<ws>/dest`. */
export function runExtract(
  s: TestServer,
  ws: string,
  inputs: Record<string, string> = {},
  env: Record<string, string | undefined> = {},
): Promise<RunResult> {
  return runAction('fetch-artifacts', extractOptions(s, ws, inputs, env));
}

/** The same, started: for signals. */
export function startExtract(
  s: TestServer,
  ws: string,
  inputs: Record<string, string> = {},
): Promise<Started> {
  return startAction('fetch-artifacts', extractOptions(s, ws, inputs, {}));
}
