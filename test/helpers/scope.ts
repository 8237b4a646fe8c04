// What a test file's servers share: each test's cleanups run after it, a server listens on 127.0.0.1 and is
// closed (its connections cut) afterwards, an http or a plain net server alike, and a JSON answer is one call.
import type * as http from 'node:http';
import type { AddressInfo, Server, Socket } from 'node:net';
import { afterEach } from 'vitest';

/** Cleanups of the running test, run (all at once) after it. Call once per test file, at its top level. */
export function cleanupScope(): {
  cleanups: (() => Promise<unknown>)[];
  listen(server: Server): Promise<string>;
} {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });
  const listen = async (server: Server): Promise<string> => {
    // Every connection it accepted is cut afterwards, as closeAllConnections() does for an http.Server.
    const sockets = new Set<Socket>();
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
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
