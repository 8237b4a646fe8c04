// fetch-artifacts' bundle, run as the runner runs it, against a storage server whose file changes while a download
// is cut: the resume is answered 206, with a correct Content-Range, from the new version, whatever If-Range said.
// The saved file is wholly one version (docs/promises.md, promise 37).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAction } from '../harness/runner.ts';
import { content, fileTree, scratch, sha256 } from '../api/download-server.ts';

const TOKEN = 'resume-Fetch-Token-3817';
const PROJECT = '/api/v1.1/project/primary-host/octo-org/octo-repo';

const { server, rawServer } = scratch('fetch-resume-');

const V1 = content(512 * 1024, 31);
const V2 = content(512 * 1024, 32);
const HALF = V1.length / 2;

describe('fetch-artifacts, a download resumed from another version of the file', () => {
  it('starts the file over: the saved file is wholly the new version, and the log says why', async () => {
    const files = await rawServer((socket, request, index) => {
      if (index === 0) {
        socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${V1.length}\r\nETag: "v1"\r\n\r\n`);
        // A moment first, so that the client has read the half before the connection is cut.
        socket.write(V1.subarray(0, HALF), () => setTimeout(() => socket.destroy(), 50));
        return;
      }
      // The file is now v2; the server ignores If-Range and answers a Range from v2.
      const from = /\r\nrange: bytes=(\d+)-/iu.exec(request.head)?.[1];
      const start = from === undefined ? 0 : Number(from);
      socket.write(
        (from === undefined
          ? 'HTTP/1.1 200 OK\r\n'
          : `HTTP/1.1 206 Partial Content\r\nContent-Range: bytes ${start}-${V2.length - 1}/${V2.length}\r\n`) +
          `Content-Length: ${V2.length - start}\r\nETag: "v2"\r\n\r\n`,
      );
      socket.write(V2.subarray(start));
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
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    const saved = await readFile(join(r.workspace, 'out', 'home/build/out/a.bin'));
    // Not half v1 and half v2: all of v2.
    expect(sha256(saved)).toBe(sha256(V2));
    expect(r.outputs['count']).toBe('1');
    // The resume was asked for with the first answer's ETag, refused for the other one it came with, and the
    // file fetched again whole.
    expect(files.heads).toHaveLength(3);
    expect(files.heads[1]).toMatch(new RegExp(`\\r\\nrange: bytes=${HALF}-\\r\\n`, 'iu'));
    expect(files.heads[1]).toMatch(/\r\nif-range: "v1"\r\n/iu);
    expect(files.heads[2]).not.toMatch(/\r\nrange:/iu);
    expect(r.stdout).toMatch(
      /a\.bin: the server resumed another version of the file \(ETag "v2" where the first answer had ETag "v1"\); starting over/u,
    );
    expect(await fileTree(join(r.workspace, 'out'))).toEqual(['home/build/out/a.bin']);
  }, 60_000);
});
