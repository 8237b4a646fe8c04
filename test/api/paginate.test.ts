// Walking a paged list against servers whose pages never end (docs/promises.md, promise 22).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '../../src/service/v1.ts';
import { MAX_PAGINATED_ITEMS, paginate } from '../../src/service/paginate.ts';
import { Transport } from '../../src/service/http/transport.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** A server answering every list request with `page(offset, limit)`; it counts the requests. */
async function listServer(page: (offset: number, limit: number) => unknown[]): Promise<{
  client: Client;
  warnings: string[];
  requests: URL[];
}> {
  const requests: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url);
    const body = page(
      Number(url.searchParams.get('offset') ?? 0),
      Number(url.searchParams.get('limit') ?? 30),
    );
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const warnings: string[] = [];
  const transport = new Transport({
    baseUrl: `http://127.0.0.1:${port}/api/v1.1`,
    log: (level, message) => {
      if (level === 'warning') warnings.push(message);
    },
  });
  cleanups.push(async () => {
    await transport.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { client: new Client(transport), warnings, requests };
}

const build = (n: number): Record<string, unknown> => ({
  build_num: n,
  username: 'o',
  reponame: 'r',
  vcs_type: 'primary-host',
  status: 'success',
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const PROJECT = { vcsType: 'primary-host', username: 'o', project: 'r' } as const;

describe('paginate', () => {
  it('a server that always answers the same 100 builds: two requests, a warning, no endless loop', async () => {
    const same = Array.from({ length: 100 }, (_, i) => build(500 - i));
    const { client, warnings, requests } = await listServer(() => same);
    const builds = await collect(client.allBuilds(PROJECT));
    expect(builds.map((b) => b.build_num)).toEqual(same.map((b) => b['build_num']));
    expect(requests.map((u) => u.searchParams.get('offset'))).toEqual(['0', '100']);
    expect(warnings).toEqual([
      'builds: Stopped at offset 100: the server answered page 2 with items already seen, so the list would ' +
        'never end (does it ignore offset?)',
    ]);
  });

  it('recent builds of several projects are told apart by project, not by number alone', async () => {
    const { client, warnings } = await listServer((offset, limit) =>
      offset >= 150
        ? []
        : Array.from({ length: Math.min(limit, 150 - offset) }, (_, i) => ({
            ...build(1 + ((offset + i) % 2)),
            reponame: `r${offset + i}`,
          })),
    );
    expect(await collect(client.allRecentBuilds())).toHaveLength(150);
    expect(warnings).toEqual([]);
  });

  it('a list that never ends stops at the bound, with a warning, memory bounded', async () => {
    const { client, warnings, requests } = await listServer((offset, limit) =>
      Array.from({ length: limit }, (_, i) => build(1_000_000_000 - offset - i)),
    );
    const builds = await collect(client.allBuilds(PROJECT));
    expect(builds).toHaveLength(MAX_PAGINATED_ITEMS);
    expect(requests).toHaveLength(MAX_PAGINATED_ITEMS / 100 + 1);
    expect(warnings).toEqual([
      'builds: Stopped after 10000 items (101 pages): the most one listing reads. Narrow it (a branch, a ' +
        'status filter) or page through it with limit and offset.',
    ]);
  });

  it('a build that arrives between two pages shifts the list by one: nothing is lost, nothing doubled', async () => {
    // 250 builds; after the first page, a new one (#251) arrives on top.
    let newest = 250;
    const { client, warnings } = await listServer((offset, limit) => {
      const page = Array.from({ length: newest }, (_, i) => build(newest - i)).slice(offset, offset + limit);
      newest = 251;
      return page;
    });
    const numbers = (await collect(client.allBuilds(PROJECT))).map((b) => b.build_num);
    expect(numbers).toEqual(Array.from({ length: 250 }, (_, i) => 250 - i));
    expect(warnings).toEqual([]);
  });

  it('an ordinary list ends at the first short page without a warning', async () => {
    const warnings: string[] = [];
    const pages = [[1, 2], [3, 4], [5]];
    const offsets: number[] = [];
    const items = await collect(
      paginate(
        async (_limit, offset) => {
          offsets.push(offset);
          return pages.shift() ?? [];
        },
        { limit: 2, warn: (m) => warnings.push(m) },
      ),
    );
    expect(items).toEqual([1, 2, 3, 4, 5]);
    expect(offsets).toEqual([0, 2, 4]);
    expect(warnings).toEqual([]);
  });
});
