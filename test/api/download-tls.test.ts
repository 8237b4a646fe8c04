// A download over https, as artifacts are stored: the file holds exactly the server's bytes, including when the
// part file's writes hold the body back (pause and resume on a TLS connection).
import { readFile } from 'node:fs/promises';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Downloader } from '../../src/files/download.ts';
import { Transport } from '../../src/service/http/transport.ts';
import { content, scratch, selfSignedCertificate, send, sha256 } from './download-server.ts';

const { tempDir, later } = scratch('download-tls-');

let key: Buffer = Buffer.alloc(0);
let cert: Buffer = Buffer.alloc(0);
const defaultCAs = tls.getCACertificates('default');
beforeAll(async () => {
  ({ key, cert } = await selfSignedCertificate());
  // What NODE_EXTRA_CA_CERTS does for a runner with its own certificate authority, for this test process only.
  tls.setDefaultCACertificates([...defaultCAs, cert.toString()]);
});
afterAll(() => {
  tls.setDefaultCACertificates(defaultCAs);
});

/** A transport of the test's own, closed at the end. */
function transportTo(origin: string): Transport {
  const transport = new Transport({
    baseUrl: `${origin}/api/v1.1`,
    token: 'download-tls-token',
    timeouts: { connectMs: 2_000, headersMs: 2_000, bodyIdleMs: 1_000 },
  });
  later(() => transport.close());
  return transport;
}

describe('Downloader over https', () => {
  it('a 32 MiB file arrives byte for byte, in one attempt', async () => {
    const data = Buffer.concat(Array.from({ length: 32 }, (_, i) => content(1024 * 1024, i + 1)));
    const ranges: string[] = [];
    const server = https.createServer({ key, cert }, (req, res) => {
      ranges.push(req.headers.range ?? '');
      // Large writes: the server is faster than the part file, so the writer holds the body back.
      send(req, res, data, { chunkSize: 1024 * 1024 });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    later(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const transport = transportTo(origin);
    const dest = join(await tempDir(), 'a.bin');
    const result = await new Downloader({ opener: transport }).download({
      url: `${origin}/a.bin`,
      dest,
      name: 'a.bin',
    });
    expect(sha256(await readFile(dest))).toBe(sha256(data));
    expect(result).toEqual({ bytes: data.length, attempts: 1, resumed: 0 });
    expect(ranges).toEqual(['']);
  });

  it('a server that offers HTTP/2 is asked over HTTP/1.1', async () => {
    const data = content(256 * 1024, 7);
    const versions: string[] = [];
    // Answers both, as artifact storage behind a CDN does; the client's ALPN list decides.
    const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
      versions.push(req.httpVersion);
      res.writeHead(200, { 'content-length': String(data.length) });
      res.end(data);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    later(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const transport = transportTo(origin);
    const dest = join(await tempDir(), 'b.bin');
    await new Downloader({ opener: transport }).download({ url: `${origin}/b.bin`, dest, name: 'b.bin' });
    expect(sha256(await readFile(dest))).toBe(sha256(data));
    expect(versions).toEqual(['1.1']);
  });
});
