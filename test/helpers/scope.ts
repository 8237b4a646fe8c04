// What a test file's servers share: each test's cleanups run after it, a server listens on 127.0.0.1 and is
// closed (its connections cut) afterwards, and a JSON answer is one call.
import type * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** Cleanups of the running test, run (all at once) after it. Call once per test file, at its top level. */
export function cleanupScope(): {
  cleanups: (() => Promise<unknown>)[];
  listen(server: http.Server): Promise<string>;
} {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });
  const listen = async (server: http.Server): Promise<string> => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  return { cleanups, listen };
}

/** A JSON answer; a string body is sent as it is. */
export function reply(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: http.OutgoingHttpHeaders = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}
