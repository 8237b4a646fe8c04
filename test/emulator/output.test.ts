import { execFile } from 'node:child_process';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type EmulatedProject, type Emulator } from '../../emulator/index.ts';
import { call, FakeClock, rawRequest } from './helpers.ts';

const MiB = 1024 * 1024;

interface Action {
  index: number;
  step: number;
  name: string;
  status: string;
  failed: boolean | null;
  exit_code: number | null;
  bash_command: string | null;
  has_output: boolean;
  output_url?: string;
}

interface Chunk {
  message: string;
  time: string;
  type: string;
}

let emulator: Emulator;
let clock: FakeClock;
let project: EmulatedProject;
let repoCounter = 0;

beforeAll(async () => {
  clock = new FakeClock();
  emulator = await startEmulator({ clock, defaults: { queuedMs: 1000, runMs: 5000 } });
});

afterAll(async () => {
  await emulator.close();
});

beforeEach(() => {
  repoCounter++;
  project = emulator.state.project('primary-host', 'octo-org', `output-${repoCounter}`);
  emulator.faults.clear();
});

async function actions(num: number): Promise<Action[]> {
  const answer = await call(emulator, 'GET', `/project/${project.slug}/${num}`);
  expect(answer.status).toBe(200);
  const steps = (answer.json as { steps: { actions: Action[] }[] }).steps;
  return steps.flatMap((step) => step.actions);
}

async function failedAction(num: number): Promise<Action> {
  const failed = (await actions(num)).filter((action) => action.failed === true);
  expect(failed).toHaveLength(1);
  return failed[0] as Action;
}

async function output(url: string, headers: Record<string, string> = {}): Promise<Chunk[]> {
  const result = await rawRequest(url, { headers, keep: true });
  expect(result.status).toBe(200);
  const body = result.headers?.['content-encoding'] === 'gzip' ? gunzipSync(result.body) : result.body;
  return JSON.parse(body.toString('utf8')) as Chunk[];
}

function lines(chunks: Chunk[]): string[] {
  return chunks
    .map((chunk) => chunk.message)
    .join('')
    .split('\r\n')
    .filter((line) => line !== '');
}

describe('step output', () => {
  it('is listed for every action, signed on the storage origin, and a failing step ends in its failure', async () => {
    emulator.state.addBuild(project, { outcome: 'failed' });
    const all = await actions(1);
    expect(all.length).toBeGreaterThan(3);
    for (const action of all) {
      expect(action.has_output).toBe(true);
      expect(action.output_url?.startsWith(`${emulator.secondOrigin}/output/`)).toBe(true);
      expect(action.output_url).toMatch(/[?&]Expires=\d+&Signature=[0-9a-f]{64}$/);
    }
    const failed = await failedAction(1);
    expect(failed).toMatchObject({
      name: 'Run tests',
      status: 'failed',
      exit_code: 1,
      bash_command: 'npm test',
    });
    const chunks = await output(failed.output_url ?? '');
    const text = lines(chunks);
    expect(text.slice(0, 2)).toEqual(['#!/bin/bash -eo pipefail', 'npm test']);
    expect(text.at(-1)).toBe('Exited with code exit status 1');
    // Raw terminal text: colour escapes included.
    expect(text).toContain('\u001b[31mAssertionError\u001b[39m: expected 3 to equal 2');
    expect(chunks.at(-1)?.type).toBe('err');
    for (const chunk of chunks) expect(Object.keys(chunk)).toEqual(['message', 'time', 'type']);
    // Other steps print what they did: the checkout names the commit.
    const checkout = all.find((action) => action.name === 'Checkout code');
    const checkoutText = lines(await output(checkout?.output_url ?? ''));
    expect(checkoutText.at(-1)).toMatch(/^HEAD is now at [0-9a-f]{7} /);
  });

  it('fails as the project, branch or job says: the step, its command, its last lines and exit code', async () => {
    const failure = {
      step: 'Compile',
      command: 'npm run build',
      output: ['> tsc -p .', '', "src/app.ts(3,5): error TS2304: Cannot find name 'lgo'."],
      exitCode: 2,
    };
    emulator.state.project('primary-host', 'octo-org', project.reponame, {
      branches: { broken: { outcome: 'failed', failure } },
      workflows: [
        {
          name: 'ci',
          jobs: [{ name: 'deploy', outcome: 'failed', failure: { step: 'Deploy', command: './deploy.sh' } }],
        },
      ],
    });
    emulator.state.addBuild(project, { branch: 'broken', finalOutcome: 'failed' });
    clock.advance(60_000);
    const failed = await failedAction(1);
    expect(failed).toMatchObject({
      name: 'Compile',
      exit_code: 2,
      bash_command: 'npm run build',
      status: 'failed',
    });
    const text = lines(await output(failed.output_url ?? ''));
    expect(text).toEqual([
      '#!/bin/bash -eo pipefail',
      'npm run build',
      '> tsc -p .',
      "src/app.ts(3,5): error TS2304: Cannot find name 'lgo'.",
      'Exited with code exit status 2',
    ]);
    // After the failing step only the uploads run.
    expect((await actions(1)).map((action) => action.name)).toEqual([
      'Spin up environment',
      'Checkout code',
      'Restore cache',
      'Run tests',
      'Compile',
      'Uploading artifacts',
    ]);

    emulator.state.push(project, { branch: 'master' });
    clock.advance(60_000);
    const job = await failedAction(2);
    expect(job).toMatchObject({ name: 'Deploy', bash_command: './deploy.sh', exit_code: 1 });
    expect(lines(await output(job.output_url ?? '')).at(-1)).toBe('Exited with code exit status 1');
  });

  it('has one action per container, each with its own output', async () => {
    emulator.state.addBuild(project, { outcome: 'success', parallel: 3 });
    const spinUp = (await actions(1)).filter((action) => action.name === 'Spin up environment');
    expect(spinUp.map((action) => action.index)).toEqual([0, 1, 2]);
    const third = lines(await output(spinUp[2]?.output_url ?? ''));
    expect(third).toContain('  CI_NODE_INDEX=2');
  });

  it('shows only the first lines of a step still running, and nothing of a step not started', async () => {
    emulator.state.addBuild(project, { finalOutcome: 'failed', queuedMs: 0, runMs: 5000 });
    clock.advance(3500);
    const running = (await actions(1)).find((action) => action.status === 'running');
    expect(running?.name).toBe('Run tests');
    const text = lines(await output(running?.output_url ?? ''));
    expect(text.slice(0, 2)).toEqual(['#!/bin/bash -eo pipefail', 'npm test']);
    expect(text.some((line) => line.startsWith('Exited'))).toBe(false);
    // The uploads have not started: a signed URL of their output finds nothing.
    const path = new URL(running?.output_url ?? '').pathname.replace(/\/3\/0$/, '/4/0');
    const missing = await rawRequest(emulator.state.signer.sign(path), { keep: true });
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('NoSuchKey');
  });

  it('is refused when stale (403), tampered with (403), or sent with an Authorization header (400)', async () => {
    emulator.state.addBuild(project, { outcome: 'failed' });
    const url = (await failedAction(1)).output_url ?? '';
    const withAuth = await rawRequest(url, {
      headers: { Authorization: emulator.authorization },
      keep: true,
    });
    expect(withAuth.status).toBe(400);
    expect(withAuth.body.toString()).toContain('InvalidArgument');
    // Its first character changed (to 0, or to 1 when it is 0 already: the same URL would not be tampered with).
    const tamperedUrl = url.replace(/Signature=(.)/, (_m, c: string) => `Signature=${c === '0' ? '1' : '0'}`);
    expect(tamperedUrl).not.toBe(url);
    const tampered = await rawRequest(tamperedUrl, { keep: true });
    expect(tampered.status).toBe(403);
    expect(tampered.body.toString()).toContain('SignatureDoesNotMatch');
    expect((await rawRequest(url)).status).toBe(200);
    clock.advance(601_000);
    const stale = await rawRequest(url, { keep: true });
    expect(stale.status).toBe(403);
    expect(stale.body.toString()).toContain('Request has expired');
    // Reading the build again gives a fresh URL.
    expect((await rawRequest((await failedAction(1)).output_url ?? '')).status).toBe(200);
  });

  it('is sent gzip-encoded exactly when the client accepts gzip', async () => {
    emulator.state.addBuild(project, { outcome: 'failed' });
    const url = (await failedAction(1)).output_url ?? '';
    const plain = await rawRequest(url, { keep: true });
    expect(plain.headers?.['content-encoding']).toBeUndefined();
    expect(plain.headers?.['content-type']).toBe('application/json');
    const zipped = await rawRequest(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br' }, keep: true });
    expect(zipped.headers?.['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    const refused = await rawRequest(url, { headers: { 'Accept-Encoding': 'br, gzip;q=0' }, keep: true });
    expect(refused.headers?.['content-encoding']).toBeUndefined();
  });
});

describe('a huge step output', () => {
  const SIZE = 64 * MiB;

  // The client runs in another process, so that only the server's memory is measured here.
  async function fetchMeasured(
    url: string,
    acceptEncoding: string,
  ): Promise<{ result: Record<string, unknown>; peakRss: number; peakExternal: number }> {
    const client = `
      const zlib = require('node:zlib');
      require('node:http').get(process.argv[1], { headers: { 'Accept-Encoding': process.argv[2] } }, (res) => {
        const encoding = res.headers['content-encoding'] ?? null;
        const body = encoding === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
        let size = 0;
        let tail = '';
        body.on('data', (chunk) => { size += chunk.length; tail = (tail + chunk.toString('latin1')).slice(-400); });
        body.on('end', () => console.log(JSON.stringify({
          status: res.statusCode, encoding, chunked: res.headers['transfer-encoding'] ?? null, size, tail,
        })));
      });`;
    const before = process.memoryUsage();
    let peakExternal = 0;
    let peakRss = 0;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakExternal = Math.max(peakExternal, now.arrayBuffers - before.arrayBuffers);
      peakRss = Math.max(peakRss, now.rss - before.rss);
    }, 2);
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['-e', client, url, acceptEncoding], (error, out) =>
        error ? reject(error) : resolve(out),
      );
    }).finally(() => clearInterval(sampler));
    return { result: JSON.parse(stdout) as Record<string, unknown>, peakRss, peakExternal };
  }

  it('is generated while it is sent, plain or gzip, with flat memory, and ends in the failure', async () => {
    emulator.state.project('primary-host', 'octo-org', project.reponame, { outputBytes: SIZE });
    emulator.state.addBuild(project, { outcome: 'failed' });
    const url = (await failedAction(1)).output_url ?? '';
    for (const encoding of ['identity', 'gzip']) {
      const { result, peakRss, peakExternal } = await fetchMeasured(url, encoding);
      expect(result).toMatchObject({ status: 200, chunked: 'chunked' });
      expect(result['encoding']).toBe(encoding === 'gzip' ? 'gzip' : null);
      expect(result['size']).toBeGreaterThan(SIZE);
      expect(String(result['tail'])).toMatch(
        /Exited with code exit status 1\\r\\n","time":"[^"]+","type":"err"}]$/,
      );
      // Holding the output would take more than its 64 MiB; streaming keeps the server's growth far below it.
      expect(peakExternal).toBeLessThan(8 * MiB);
      expect(peakRss).toBeLessThan(32 * MiB);
    }
  });
});

describe('faults on the storage origin', () => {
  it('apply to step output as to artifacts: an error status, then a body cut short', async () => {
    emulator.state.addBuild(project, { outcome: 'failed' });
    const url = (await failedAction(1)).output_url ?? '';
    const rule = emulator.faults.add({ origin: 'second', path: /^\/output\//, kind: 'status', status: 503 });
    expect((await rawRequest(url)).status).toBe(503);
    expect(rule.fired).toBe(1);
    emulator.faults.add({ origin: 'second', path: /^\/output\//, kind: 'reset-mid-body', afterBytes: 10 });
    const cut = await rawRequest(url, { keep: true });
    expect(cut.status).toBe(200);
    expect(cut.complete).toBe(false);
    expect(cut.received).toBe(10);
    expect((await rawRequest(url)).complete).toBe(true);
  });

  it('cut a huge streamed output short (no final chunk) or send it slowly', async () => {
    emulator.state.project('primary-host', 'octo-org', project.reponame, { outputBytes: 8 * MiB });
    emulator.state.addBuild(project, { outcome: 'failed' });
    const url = (await failedAction(1)).output_url ?? '';
    emulator.faults.add({ origin: 'second', path: /^\/output\//, kind: 'short-body', afterBytes: 100_000 });
    const short = await rawRequest(url, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(short.status).toBe(200);
    expect(short.complete).toBe(false);
    expect(short.received).toBe(100_000);
    emulator.faults.add({ origin: 'second', path: /^\/output\//, kind: 'slow-body', bytesPerSecond: 20_000 });
    const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
    const reader = response.body?.getReader();
    let received = 0;
    const started = Date.now();
    while (Date.now() - started < 500) {
      const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
      if (done) break;
      received += value.length;
    }
    await reader?.cancel();
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(100_000);
  });
});
