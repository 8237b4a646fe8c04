// Shared by the emulator's tests: a fake clock and two ways of calling the emulator (fetch for the common
// case, node:http for what fetch cannot do: a GET with a body, raw paths, watching a body arrive).

import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { Clock } from '../../src/common/clock.ts';
import type { Emulator } from '../../emulator/index.ts';

/** A clock that moves only when told to. */
export class FakeClock implements Clock {
  private time: number;
  constructor(start = Date.parse('2024-05-01T10:00:00.000Z')) {
    this.time = start;
  }
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
  sleep(ms: number): Promise<void> {
    this.time += ms;
    return Promise.resolve();
  }
  random(): number {
    return 0.5;
  }
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  json: unknown;
}

/** Calls an API path (below /api/v1.1) with fetch, authenticated unless `auth: false`. */
export async function call(
  emulator: Emulator,
  method: string,
  path: string,
  options: { body?: unknown; auth?: boolean | string; headers?: Record<string, string> } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.auth !== false) {
    headers['Authorization'] =
      typeof options.auth === 'string'
        ? `Basic ${Buffer.from(options.auth).toString('base64')}`
        : emulator.authorization;
  }
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(`${emulator.baseUrl}${path}`, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export interface RawResult {
  status: number | undefined;
  headers: IncomingHttpHeaders | undefined;
  /** Body bytes received (counted; kept only when `keep` is set). */
  received: number;
  body: Buffer;
  /** The body arrived whole (the response ended normally with all bytes). */
  complete: boolean;
  error: NodeJS.ErrnoException | undefined;
  /** The request timed out (no progress for `timeoutMs`). */
  timedOut: boolean;
}

/**
 * A request with node:http on its own connection. Resolves when the response ends, fails, or makes no progress
 * for `timeoutMs`; never rejects. `onData` sees each chunk (e.g. to sample memory).
 */
export function rawRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    timeoutMs?: number;
    keep?: boolean;
    onData?: (chunk: Buffer) => void;
  } = {},
): Promise<RawResult> {
  return new Promise((resolve) => {
    const result: RawResult = {
      status: undefined,
      headers: undefined,
      received: 0,
      body: Buffer.alloc(0),
      complete: false,
      error: undefined,
      timedOut: false,
    };
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (): void => {
      if (settled) return;
      settled = true;
      if (options.keep) result.body = Buffer.concat(chunks);
      resolve(result);
    };
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers, agent: false });
    req.setTimeout(options.timeoutMs ?? 5000, () => {
      result.timedOut = true;
      req.destroy();
      finish();
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      result.error ??= error;
      finish();
    });
    req.on('response', (res) => {
      result.status = res.statusCode;
      result.headers = res.headers;
      res.on('data', (chunk: Buffer) => {
        result.received += chunk.length;
        if (options.keep) chunks.push(chunk);
        options.onData?.(chunk);
      });
      res.on('end', () => {
        result.complete = res.complete;
        finish();
      });
      res.on('error', (error: NodeJS.ErrnoException) => {
        result.error ??= error;
        finish();
      });
      res.on('close', () => finish());
    });
    req.end(options.body);
  });
}
