// What the service says of a call's future reaches the user: servers that send Deprecation and Sunset in each
// form give one warning per step, and a 410 is an error that says the call is gone and what replaces it.
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { Client, type ProjectRef } from '../../src/service/v1.ts';
import { ApiError } from '../../src/service/http/errors.ts';
import { describeNotice, readSunsetHeaders } from '../../src/service/http/sunset.ts';
import { Transport } from '../../src/service/http/transport.ts';
import { failure } from '../helpers/failure.ts';
import { startRecorder, type Recorded, type Recorder } from '../helpers/recorder.ts';

const PROJECT: ProjectRef = { vcsType: 'primary-host', username: 'acme', project: 'widget' };
const SUNSET = 'Sun, 01 Feb 2099 00:00:00 GMT';
const PAGE = 'https://ci.example.com/docs/v1-trigger-sunset';

const open: Recorder[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()?.close();
});

/** A service whose trigger answers with `headers` (and `status`), and whose build list is empty. */
async function service(headers: Record<string, string>, status = 201): Promise<Recorder> {
  const server = await startRecorder((req: Recorded, res: ServerResponse) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
      return;
    }
    const body = status === 410 ? { message: 'This endpoint has been removed.' } : { build_num: 7 };
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  });
  open.push(server);
  return server;
}

function connect(server: Recorder): { client: Client; lines: [string, string][] } {
  const lines: [string, string][] = [];
  const transport = new Transport({
    baseUrl: server.baseUrl,
    token: 'sunset-test-token',
    retry: { baseDelayMs: 1 },
    log: (level, message) => lines.push([level, message]),
  });
  return { client: new Client(transport), lines };
}

const warnings = (lines: [string, string][]): string[] =>
  lines.filter(([level]) => level === 'warning').map(([, m]) => m);

describe('Deprecation and Sunset headers', () => {
  it.each<[string, Record<string, string>, RegExp[]]>([
    [
      'RFC 9745 and RFC 8594, with a Link',
      {
        deprecation: '@1763251200',
        sunset: SUNSET,
        link: `<${PAGE}>; rel="sunset"; type="text/html"`,
      },
      [/deprecated/, /16 November 2025/, /1 February 2099/, /410/, new RegExp(PAGE)],
    ],
    [
      "the older draft's Deprecation: true",
      { deprecation: 'true', sunset: SUNSET },
      [/deprecated/, /1 February 2099/],
    ],
    [
      'a Deprecation HTTP-date and a Link rel="deprecation" among others',
      {
        deprecation: 'Mon, 16 Nov 2026 00:00:00 GMT',
        link: `<https://ci.example.com/next>; rel="next", <${PAGE}>; rel="deprecation"`,
      },
      [/deprecated/, /16 November 2026/, new RegExp(PAGE)],
    ],
    ['Sunset alone', { sunset: SUNSET }, [/removes/, /1 February 2099/]],
  ])('%s: one warning naming the call, the date and the replacement', async (_what, headers, expected) => {
    const server = await service(headers);
    const { client, lines } = connect(server);
    await client.trigger(PROJECT, { branch: 'main' });
    const [warning, ...more] = warnings(lines);
    expect(more).toEqual([]);
    expect(warning).toMatch(/POST \/project\/primary-host\/acme\/widget\/tree\/main/);
    expect(warning).toMatch(/pipeline/);
    for (const pattern of expected) expect(warning).toMatch(pattern);
    expect(warning).not.toMatch(/next/);
  });

  it.each(['@999999999999999', '@-999999999999999', 'Fri, 01 Jan 999999 00:00:00 GMT'])(
    'a date outside what Date holds (%s) is malformed, and ignored',
    (deprecation) => {
      expect(readSunsetHeaders({ deprecation })).toBeUndefined();
      const info = readSunsetHeaders({ deprecation, sunset: SUNSET });
      expect(info?.deprecation).toBeUndefined();
      expect(describeNotice('POST', '/x', info ?? { links: [] }, undefined)).not.toMatch(/NaN/u);
    },
  );

  it('a Sunset date gone by is said in the past tense: the removal is due', () => {
    const info = readSunsetHeaders({ deprecation: '@1000000000', sunset: 'Thu, 01 Feb 2001 00:00:00 GMT' });
    const text = describeNotice('POST', '/x', info ?? { links: [] }, undefined);
    expect(text).toMatch(/it was to remove the call on 1 February 2001, and may answer 410 Gone/u);
    expect(text).not.toMatch(/removes/u);
    const alone = describeNotice(
      'POST',
      '/x',
      { sunset: new Date(Date.UTC(2001, 1, 1)), links: [] },
      undefined,
    );
    expect(alone).toMatch(/^The service was to remove POST \/x on 1 February 2001/u);
  });

  it('warns once however many answers carry the headers', async () => {
    const server = await service({ deprecation: '@1763251200', sunset: SUNSET });
    const { client, lines } = connect(server);
    for (let i = 0; i < 5; i++) await client.trigger(PROJECT, { branch: 'main' });
    expect(warnings(lines)).toHaveLength(1);
  });

  it('says nothing for an answer without them', async () => {
    const server = await service({});
    const { client, lines } = connect(server);
    await client.trigger(PROJECT, { branch: 'main' });
    expect(warnings(lines)).toEqual([]);
  });
});

describe('410 Gone', () => {
  it('says the service removed the call, since when and what to use, and is not retried', async () => {
    const server = await service({ sunset: SUNSET }, 410);
    const { client } = connect(server);
    const error = await failure(client.trigger(PROJECT, { branch: 'main' }));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(410);
    expect(error.message).toMatch(/removed this call on 1 February 2099/);
    expect(error.message).toMatch(/pipeline trigger of API v2/);
    expect(error.message).toMatch(/This endpoint has been removed/);
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('a 410 without a Sunset header still names the replacement', async () => {
    const server = await service({}, 410);
    const { client } = connect(server);
    const error = await failure(client.retry(PROJECT, 12));
    expect(error.message).toMatch(/removed this call \(HTTP 410 Gone\)/);
    expect(error.message).toMatch(/workflow rerun of API v2/);
  });
});
