// The build a v1.1 trigger cut short started is found by its commit whatever the case the user wrote it in: the
// service names commits in lower case (docs/promises.md, promise 2).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client, type ProjectRef } from '../../src/service/v1.ts';
import { Transport } from '../../src/service/http/transport.ts';

const p: ProjectRef = { vcsType: 'primary-host', username: 'octo-org', project: 'octo-repo' };
const full = 'abcdef0123456789abcdef0123456789abcdef01';
let server: Server;
let client: Client;

beforeAll(async () => {
  // The branch's builds, newest first: ours (a trigger through the API) above an older push.
  const builds = [
    { build_num: 8, why: 'api', branch: 'main', vcs_revision: full },
    { build_num: 7, why: 'github', branch: 'main', vcs_revision: full },
  ];
  server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(builds)),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const transport = new Transport({ baseUrl: `http://127.0.0.1:${port}/api/v1.1/`, token: 't' });
  client = new Client(transport);
});

afterAll(async () => {
  await client.transport.close();
  await new Promise<void>((r) => server.close(() => r()));
});

it.each([
  ['the full hash in upper case', full.toUpperCase()],
  ['a prefix in upper case', full.slice(0, 7).toUpperCase()],
  ['a prefix in lower case', full.slice(0, 7)],
])('finds the triggered build by %s', async (_what, revision) => {
  const found = await client.findTriggeredBuild(p, { branch: 'main', revision }, 7);
  expect(found?.build_num).toBe(8);
});

it('finds no build of another commit', async () => {
  expect(await client.findTriggeredBuild(p, { branch: 'main', revision: 'FEDCBA9' }, 7)).toBeUndefined();
});
