import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Artifact } from '../../src/service/records.ts';
import { startEmulator, type EmulatedProject, type Emulator } from '../../emulator/index.ts';
import { call, rawRequest } from './helpers.ts';

let emulator: Emulator;
let project: EmulatedProject;
let artifactUrl: string;
let artifactBytes: Buffer;

beforeAll(async () => {
  emulator = await startEmulator();
  project = emulator.state.project('primary-host', 'octo-org', 'octo-repo');
  emulator.state.addBuild(project, { outcome: 'success', artifacts: [{ path: 'data.bin', size: 200_000 }] });
  artifactUrl =
    ((await call(emulator, 'GET', `/project/${project.slug}/1/artifacts`)).json as Artifact[])[0]?.url ?? '';
  artifactBytes = emulator.state.artifactBytes(project, 1, 'data.bin');
});

afterAll(async () => {
  await emulator.close();
});

beforeEach(() => {
  emulator.faults.clear();
  emulator.resetRequests();
});

const auth = (): Record<string, string> => ({ Authorization: emulator.authorization });
const buildCount = (): number => emulator.state.builds(project).length;

describe('status faults', () => {
  it('answer with the given status, body, type and headers, as often as asked', async () => {
    const fault = emulator.faults.add({
      path: '/me',
      kind: 'status',
      status: 429,
      body: 'Rate limited.',
      headers: { 'Retry-After': '4' },
      times: 2,
    });
    for (let i = 0; i < 2; i++) {
      const answer = await call(emulator, 'GET', '/me');
      expect(answer.status).toBe(429);
      expect(answer.text).toBe('Rate limited.');
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(answer.headers.get('retry-after')).toBe('4');
    }
    expect((await call(emulator, 'GET', '/me')).status).toBe(200);
    expect(fault.fired).toBe(2);
    expect(fault.remaining).toBe(0);
    expect(emulator.faults.fired).toBe(2);
    expect(emulator.requests.map((request) => request.fault)).toEqual(['status', 'status', undefined]);
  });

  it('default to a JSON message; an HTML body is sent as HTML', async () => {
    emulator.faults.add({ kind: 'status', status: 500 });
    const json = await call(emulator, 'GET', '/me');
    expect(json.status).toBe(500);
    expect(json.json).toEqual({ message: 'Internal Server Error' });
    emulator.faults.add({ kind: 'status', status: 502, body: '<html><body>Bad Gateway</body></html>' });
    const html = await call(emulator, 'GET', '/me');
    expect(html.status).toBe(502);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('come before authentication and the real effect, unless afterEffect', async () => {
    emulator.faults.add({ method: 'POST', path: /\/tree\//, kind: 'status', status: 500 });
    const before = buildCount();
    expect(
      (await call(emulator, 'POST', `/project/${project.slug}/tree/master`, { body: {}, auth: false }))
        .status,
    ).toBe(500);
    expect(buildCount()).toBe(before);

    emulator.faults.add({ method: 'post', path: /\/tree\//, kind: 'status', status: 500, afterEffect: true });
    expect((await call(emulator, 'POST', `/project/${project.slug}/tree/master`, { body: {} })).status).toBe(
      500,
    );
    expect(buildCount()).toBe(before + 1);
  });

  it('match method, exact path, pattern and origin; Infinity never runs out; remove and clear disarm', async () => {
    const always = emulator.faults.add({
      method: 'GET',
      path: '/projects',
      kind: 'status',
      status: 503,
      times: Infinity,
    });
    expect((await call(emulator, 'POST', '/projects')).status).toBe(404);
    expect((await call(emulator, 'GET', '/me')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await call(emulator, 'GET', '/projects')).status).toBe(503);
    expect(always.fired).toBe(3);
    emulator.faults.remove(always);
    expect((await call(emulator, 'GET', '/projects')).status).toBe(200);

    emulator.faults.add({ origin: 'second', kind: 'status', status: 500 });
    expect((await call(emulator, 'GET', '/me')).status).toBe(200);
    emulator.faults.add({ path: /^\/artifacts\//, kind: 'status', status: 503, times: 5 });
    expect((await fetch(artifactUrl, { headers: auth() })).status).toBe(503);
    emulator.faults.clear();
    expect(emulator.faults.rules).toEqual([]);
    expect((await fetch(artifactUrl, { headers: auth() })).status).toBe(200);
  });
});

describe('connection faults', () => {
  it('reset drops the connection before answering (ECONNRESET); with afterEffect the build exists', async () => {
    emulator.faults.add({ path: '/me', kind: 'reset' });
    const reset = await rawRequest(`${emulator.baseUrl}/me`, { headers: auth() });
    expect(reset.status).toBeUndefined();
    expect(reset.error?.code).toBe('ECONNRESET');
    await expect(fetch(`${emulator.baseUrl}/me`, { headers: auth() })).resolves.toHaveProperty('status', 200);

    emulator.faults.add({ method: 'POST', kind: 'reset', afterEffect: true });
    const before = buildCount();
    const failed = await rawRequest(`${emulator.baseUrl}/project/${project.slug}/tree/master`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(failed.error?.code).toBe('ECONNRESET');
    expect(buildCount()).toBe(before + 1);
    expect(emulator.requests.map((request) => request.fault)).toEqual(['reset', undefined, 'reset']);
  });

  it('stall-headers never answers', async () => {
    emulator.faults.add({ path: '/me', kind: 'stall-headers' });
    const stalled = await rawRequest(`${emulator.baseUrl}/me`, { headers: auth(), timeoutMs: 200 });
    expect(stalled.timedOut).toBe(true);
    expect(stalled.status).toBeUndefined();

    emulator.faults.add({ method: 'POST', kind: 'stall-headers', afterEffect: true });
    const before = buildCount();
    const trigger = await rawRequest(`${emulator.baseUrl}/project/${project.slug}/tree/master`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json', 'Content-Length': '2' },
      body: '{}',
      timeoutMs: 200,
    });
    expect(trigger.timedOut).toBe(true);
    expect(buildCount()).toBe(before + 1);
  });
});

describe('body faults', () => {
  it('reset-mid-body sends the headers and part of the body, then resets', async () => {
    emulator.faults.add({ path: /^\/artifacts\//, kind: 'reset-mid-body', afterBytes: 70_000 });
    const result = await rawRequest(artifactUrl, { headers: auth(), keep: true });
    expect(result.status).toBe(200);
    expect(result.headers?.['content-length']).toBe('200000');
    expect(result.received).toBe(70_000);
    expect(result.body.equals(artifactBytes.subarray(0, 70_000))).toBe(true);
    expect(result.complete).toBe(false);
    expect(result.error?.code).toBe('ECONNRESET');
    expect(result.error?.syscall).toBe('read');
  });

  it('reset-mid-body defaults to half of a JSON body', async () => {
    emulator.faults.add({ path: '/me', kind: 'reset-mid-body' });
    const result = await rawRequest(`${emulator.baseUrl}/me`, { headers: auth() });
    const length = Number(result.headers?.['content-length']);
    expect(result.received).toBe(Math.floor(length / 2));
    expect(result.complete).toBe(false);
  });

  it('stall-body sends part of the body and then nothing', async () => {
    emulator.faults.add({ path: /^\/artifacts\//, kind: 'stall-body', afterBytes: 1000 });
    const result = await rawRequest(artifactUrl, { headers: auth(), timeoutMs: 250 });
    expect(result.status).toBe(200);
    expect(result.received).toBe(1000);
    expect(result.timedOut).toBe(true);
  });

  it('short-body promises more than it sends and ends cleanly', async () => {
    emulator.faults.add({ path: /^\/artifacts\//, kind: 'short-body', afterBytes: 5000 });
    const result = await rawRequest(artifactUrl, { headers: auth(), keep: true });
    expect(result.headers?.['content-length']).toBe('200000');
    expect(result.received).toBe(5000);
    expect(result.complete).toBe(false);
    expect(result.timedOut).toBe(false);
    // An orderly close: Node reports the missing bytes as "aborted", not as a reset read.
    expect(result.error?.message).toBe('aborted');
    expect(result.error?.syscall).toBeUndefined();

    emulator.faults.add({ path: '/projects', kind: 'short-body' });
    const response = await fetch(`${emulator.baseUrl}/projects`, { headers: auth() });
    await expect(response.text()).rejects.toThrow();
  });

  it('slow-body sends the whole body at the given pace', async () => {
    emulator.faults.add({ path: /^\/artifacts\//, kind: 'slow-body', bytesPerSecond: 400_000 });
    const started = Date.now();
    const result = await rawRequest(artifactUrl, { headers: auth(), keep: true });
    const elapsed = Date.now() - started;
    expect(result.complete).toBe(true);
    expect(result.body.equals(artifactBytes)).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(400);
    expect(elapsed).toBeLessThan(3000);
  });
});

describe('concurrency record', () => {
  it('counts the most requests in flight at once per path prefix', async () => {
    emulator.faults.add({
      path: /^\/artifacts\//,
      kind: 'slow-body',
      bytesPerSecond: 1_000_000,
      times: Infinity,
    });
    const download = () => fetch(artifactUrl, { headers: auth() }).then((response) => response.arrayBuffer());
    await Promise.all([download(), download(), download()]);
    expect(emulator.maxInFlight('/artifacts/')).toBe(3);
    expect(emulator.maxInFlight('/me')).toBe(0);
    emulator.resetRequests();
    await download();
    await download();
    expect(emulator.maxInFlight('/artifacts/')).toBe(1);
    expect(emulator.maxInFlight((request) => request.method === 'GET')).toBe(1);

    const pending = download();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(emulator.inFlight(/^\/artifacts\//)).toBe(1);
    await pending;
    expect(emulator.inFlight()).toBe(0);
  });
});
