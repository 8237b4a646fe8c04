// fetch-artifacts' bundle, run as the runner runs it, against artifact servers that misbehave on the wire.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAction } from '../harness/runner.ts';
import { fileTree, scratch } from '../api/download-server.ts';

const TOKEN = 'hostile-Fetch-Token-4417';
const PROJECT = '/api/v1.1/project/primary-host/octo-org/octo-repo';

const { server, rawServer } = scratch('fetch-hostile-');

describe('fetch-artifacts against hostile artifact servers', () => {
  it('a server that ignores Range and cuts every 200 short: one ::error:: line, no stack trace, no part file', async () => {
    // Issue 10 item 1, exactly: 200 with Content-Length 6000, 5000 bytes, a clean close, Range ignored.
    const files = await rawServer((socket) => {
      socket.write(
        'HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 6000\r\n\r\n',
      );
      socket.end(Buffer.alloc(5000, 0x61));
    });
    const api = await server((req, res) => {
      if ((req.url ?? '').startsWith(`${PROJECT}/140/artifacts`)) {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(
            JSON.stringify([{ path: '/home/build/out/a.bin', node_index: 0, url: `${files.origin}/a.bin` }]),
          );
      } else res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
    });
    const r = await runAction('fetch-artifacts', {
      inputs: { token: TOKEN, 'base-url': `${api.origin}/api/v1.1`, 'build-num': '140', path: 'out' },
    });
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/a\.bin/u);
    // undici calls a clean close before Content-Length a socket error: the connection was cut.
    expect(r.errors[0]).toMatch(/ECONNRESET|5000 of 6000 bytes/u);
    expect(r.stderr).not.toMatch(/Unhandled|\n\s+at /u);
    // It resumed, got the whole file again, and tried again from the start: more than one request, all refused.
    expect(files.heads.length).toBeGreaterThan(1);
    expect((await fileTree(join(r.workspace, 'out'))).filter((f) => f.endsWith('.part'))).toEqual([]);
    expect(await fileTree(join(r.workspace, 'out'))).toEqual([]);
    expect(r.outputs['count']).toBe('0');
  }, 60_000);
});
