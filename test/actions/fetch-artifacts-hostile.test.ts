// fetch-artifacts' bundle, run as the runner runs it, against artifact servers that misbehave on the wire.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import net, { type AddressInfo, type Socket } from 'node:net';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAction } from '../harness/runner.ts';
import { scratch } from '../api/download-server.ts';

const TOKEN = 'hostile-Fetch-Token-4417';
const PROJECT = '/api/v1.1/project/primary-host/octo-org/octo-repo';

const { server, later } = scratch('fetch-hostile-');

/** Raw HTTP on a socket: one answer per connection, whatever `answer` writes. */
async function rawServer(
  answer: (socket: Socket, head: string) => void,
): Promise<{ origin: string; heads: string[] }> {
  const heads: string[] = [];
  const sockets = new Set<Socket>();
  const srv = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffered = '';
    const onData = (chunk: Buffer): void => {
      buffered += chunk.toString('latin1');
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      heads.push(buffered.slice(0, end));
      answer(socket, buffered.slice(0, end));
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  later(
    () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        srv.close(() => resolve());
      }),
  );
  return { origin: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`, heads };
}

async function tree(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(relative(dir, full));
    }
  };
  if (existsSync(dir)) await walk(dir);
  return out.sort();
}

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
    expect((await tree(join(r.workspace, 'out'))).filter((f) => f.endsWith('.part'))).toEqual([]);
    expect(await tree(join(r.workspace, 'out'))).toEqual([]);
    expect(r.outputs['count']).toBe('0');
  }, 60_000);
});
