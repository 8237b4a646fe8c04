// The failed step's output as the wait-for-build bundle reads it, from storage that sends a hostile body: a small
// gzip that opens more JSON arrays than an array of them can count. The API is the emulator's, seen through a
// relay of ours that points the output addresses at that storage. Slow lane: the body is made and sent in full.
import http from 'node:http';
import { createGzip } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runAction } from '../harness/runner.ts';
import { cleanupScope } from '../helpers/scope.ts';
import { PROJECT, SLUG, workflowJob } from './gating-helpers.ts';

const SHA = 'deeeeeee5eed5eed5eed5eed5eed5eed5eed5eed';
/** Opening brackets in the body: past what an array of them may hold in memory. */
const BRACKETS = 268 * 1024 * 1024;

const { listen } = cleanupScope();
let emulator: Emulator;

beforeEach(async () => {
  emulator = await startEmulator();
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, { defaultBranch: 'main' });
});
afterEach(async () => {
  await emulator.close();
});

/** Relays API requests to the emulator, output addresses made ours; every output read gets `[` × BRACKETS. */
async function relay(): Promise<{ origin: string; outputReads: () => number }> {
  let reads = 0;
  let origin = '';
  const server = http.createServer(async (req, res) => {
    if (req.url?.startsWith('/output/')) {
      reads++;
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      const gzip = createGzip();
      gzip.pipe(res);
      const block = Buffer.alloc(1024 * 1024, '[');
      let sent = 0;
      const pump = (): void => {
        while (sent < BRACKETS) {
          sent += block.length;
          if (!gzip.write(block)) return void gzip.once('drain', pump);
        }
        gzip.end();
      };
      res.on('close', () => gzip.destroy());
      pump();
      return;
    }
    const body = await new Promise<Buffer>((resolve) => {
      const parts: Buffer[] = [];
      req.on('data', (part: Buffer) => parts.push(part)).on('end', () => resolve(Buffer.concat(parts)));
    });
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        ([name]) =>
          !['host', 'accept-encoding', 'connection', 'content-length', 'transfer-encoding'].includes(name),
      ),
    ) as Record<string, string>;
    const answer = await fetch(`${emulator.baseUrl.replace(/\/api\/v1\.1$/, '')}${req.url ?? ''}`, {
      method: req.method ?? 'GET',
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
    const text = (await answer.text()).replaceAll(emulator.secondOrigin, origin);
    res.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
    });
    res.end(text);
  });
  origin = await listen(server);
  return { origin, outputReads: () => reads };
}

describe('a failed step whose output nests without end', () => {
  it('is named, its output refused as too deep, in bounded memory and with no unexpected error', async () => {
    emulator.state.addBuild(
      SLUG,
      workflowJob(SHA, 'test', {
        queuedMs: 100,
        runMs: 300,
        finalOutcome: 'failed',
        failure: { step: 'Run tests', command: 'npm test', output: ['error: x'], exitCode: 1 },
      }),
    );
    const storage = await relay();
    const result = await runAction('wait-for-build', {
      inputs: {
        token: emulator.token,
        'base-url': `${storage.origin}/api/v1.1`,
        'poll-interval-seconds': '1',
        'settle-seconds': '1',
      },
      // A heap past this bound ends the step with a crash: what reading the body holds must stay below it.
      env: { GITHUB_SHA: SHA, NODE_OPTIONS: '--max-old-space-size=448' },
      timeoutMs: 120_000,
    });
    expect(storage.outputReads()).toBe(1);
    expect(result.stdout).not.toContain('unexpected error');
    expect(result.outputs['failed-step']).toBe('Run tests');
    expect(result.stdout).toMatch(
      /^::warning::Could not show the output of step 'Run tests' of build #1: its body is JSON nested more than 64 levels deep/m,
    );
    expect(result.code).toBe(1);
  }, 180_000);
});
