// A proxy that says no to CONNECT, or nothing at all: raw-socket proxies on 127.0.0.1 that answer the tunnel
// request with a refusal, or accept the connection and never answer.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { ProxyRefusedError, TimeoutError } from '../../src/service/http/errors.ts';
import { Transport } from '../../src/service/http/transport.ts';
import { runAction } from '../harness/runner.ts';
import { failure } from '../helpers/failure.ts';
import { cleanupScope } from '../helpers/scope.ts';

const { cleanups, listen } = cleanupScope();

/** A proxy that answers every CONNECT with `status`, or never answers when `status` is undefined. */
async function refusingProxy(status: number | undefined): Promise<{ url: string; connects: string[] }> {
  const connects: string[] = [];
  const url = await listen(
    net.createServer((socket) => {
      socket.on('error', () => {});
      let head = '';
      socket.on('data', (chunk) => {
        head += chunk.toString('latin1');
        if (!head.includes('\r\n\r\n')) return;
        connects.push(head.split('\r\n')[0] ?? '');
        head = '';
        if (status !== undefined)
          socket.write(`HTTP/1.1 ${status} No\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      });
    }),
  );
  return { url, connects };
}

function transport(proxy: string, timeouts = {}): Transport {
  const t = new Transport({
    // Never reached: the tunnel to it is refused.
    baseUrl: 'http://api.invalid:8080/api/v1.1',
    token: 'tok-PROXY-REFUSAL-0123456789',
    env: { HTTP_PROXY: proxy.replace('http://', 'http://user:proxy-secret@') },
    retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
    timeouts,
  });
  cleanups.push(() => t.close());
  return t;
}

describe('a proxy that refuses the tunnel', () => {
  it.each([
    [403, /NO_PROXY.*rules for port 8080/u],
    [407, /credentials/u],
    [501, /NO_PROXY.*rules for port 8080/u],
    [502, /NO_PROXY.*rules for port 8080/u],
    [503, /NO_PROXY.*rules for port 8080/u],
  ])(
    'CONNECT answered %i: an error naming the proxy without credentials, its status and what to check',
    async (status, hint) => {
      const proxy = await refusingProxy(status);
      const err = await failure(
        transport(proxy.url).request({ method: 'GET', path: '/me', retry: 'idempotent' }),
      );
      expect(err).toBeInstanceOf(ProxyRefusedError);
      expect(err.message).toContain(
        `the proxy at ${proxy.url} refused the tunnel to api.invalid:8080 (HTTP ${status})`,
      );
      expect(err.message).toMatch(hint);
      expect(err.message).not.toContain('proxy-secret');
      expect(err.message).not.toContain('user:');
      // 502 and 503 may pass; the others are the proxy's rules and are not asked again.
      expect(proxy.connects).toHaveLength(status === 502 || status === 503 ? 2 : 1);
      expect(proxy.connects[0]).toBe('CONNECT api.invalid:8080 HTTP/1.1');
    },
  );
});

describe('a proxy that never answers CONNECT', () => {
  it('fails each attempt within the configured headers timeout, naming the proxy', async () => {
    const proxy = await refusingProxy(undefined);
    const started = performance.now();
    const err = await failure(
      transport(proxy.url, { connectMs: 500, headersMs: 1000, bodyIdleMs: 1000 }).request({
        method: 'GET',
        path: '/me',
        retry: 'idempotent',
      }),
    );
    const elapsed = performance.now() - started;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.message).toContain(`the proxy at ${proxy.url} did not answer`);
    expect(proxy.connects).toHaveLength(2);
    // Two attempts of about a second each (undici checks its timers on a coarse clock), never its 300 s default.
    expect(elapsed).toBeLessThan(10_000);
  });

  it('the bundle: CI_ACTIONS_TIMEOUT_SECONDS holds through a silent proxy, and the error says which proxy', async () => {
    const proxy = await refusingProxy(undefined);
    const started = performance.now();
    const result = await runAction('clear-cache', {
      inputs: { token: 'tok-PROXY-REFUSAL-0123456789', 'base-url': 'http://api.invalid:8080/api/v1.1' },
      env: { HTTP_PROXY: proxy.url, CI_ACTIONS_TIMEOUT_SECONDS: '1', CI_ACTIONS_MAX_ATTEMPTS: '2' },
      timeoutMs: 60_000,
    });
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toContain(
      `the proxy at ${proxy.url} did not answer the tunnel request (CONNECT) within 1 s`,
    );
    expect(proxy.connects).toHaveLength(2);
  });
});
