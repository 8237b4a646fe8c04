// fetch-artifacts' bundle, run as the runner runs it, against an artifact list of hostile size or shape: each
// case must hear the runner's SIGINT within the time docs/promises.md, promise 18 allows, and stay within a
// bounded amount of memory while it works.
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startAction, type RunResult } from '../harness/runner.ts';
import { scratch } from '../api/download-server.ts';

const TOKEN = 'sizes-Fetch-Token-5521';
const LIST = '/api/v1.1/project/primary-host/octo-org/octo-repo/31/artifacts';
/** What docs/promises.md, promise 18 allows between the runner's SIGINT and the step's exit. */
const CANCEL_MS = 5_000;
/** Generous: a step that holds its whole list a few times over stays far below it. */
const PEAK_BYTES = 512 * 1024 * 1024;

const { server } = scratch('fetch-sizes-');

/** The child's peak resident memory so far (Linux's VmHWM), or 0 where /proc cannot tell. */
function peakBytes(pid: number | undefined): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/mu.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return Number(match?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

interface Cancelled {
  result: RunResult;
  /** From the SIGINT to the exit; 0 when the step had ended before it. */
  exitMs: number;
  peak: number;
  downloads: number;
}

/**
 * Serves `artifacts` for build 31, holds every download open, sends SIGINT `afterMs` after the list was served
 * (or, with `downloading`, once the first download has come), and measures how long the step then takes to exit
 * and its peak memory.
 */
async function cancelDuring(
  artifacts: (origin: string) => unknown[],
  inputs: Record<string, string>,
  afterMs: number,
  downloading = false,
): Promise<Cancelled> {
  const held: ServerResponse[] = [];
  let listed: (() => void) | undefined;
  const served = new Promise<void>((resolve) => (listed = resolve));
  let firstDownload: (() => void) | undefined;
  const downloaded = new Promise<void>((resolve) => (firstDownload = resolve));
  let origin = '';
  const api = await server((req, res) => {
    if ((req.url ?? '').startsWith(LIST)) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(artifacts(origin)), () => listed?.());
    } else if ((req.url ?? '').startsWith('/files/')) {
      held.push(res);
      firstDownload?.();
    } else res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
  });
  origin = api.origin;
  const started = await startAction('fetch-artifacts', {
    inputs: { token: TOKEN, 'base-url': `${api.origin}/api/v1.1`, 'build-num': '31', path: 'out', ...inputs },
    timeoutMs: 180_000,
  });
  const pid = started.child.pid;
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, peakBytes(pid))), 100);
  let exited = false;
  const done = started.done.finally(() => {
    exited = true;
    clearInterval(sampler);
  });
  await Promise.race([downloading ? downloaded : served, done]);
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  let exitMs = 0;
  if (!exited) {
    const sent = Date.now();
    started.child.kill('SIGINT');
    await done;
    exitMs = Date.now() - sent;
  }
  const result = await done;
  for (const res of held) res.destroy();
  return { result, exitMs, peak, downloads: held.length };
}

/** What every case must show: heard in time, within memory, and no crash. */
function expectBounded({ result, exitMs, peak }: Cancelled): void {
  expect(exitMs).toBeLessThan(CANCEL_MS);
  expect(peak).toBeLessThan(PEAK_BYTES);
  expect(result.stdout).not.toMatch(/unexpected error/iu);
  expect(result.stderr).not.toMatch(/\n\s+at /u);
}

describe('fetch-artifacts on lists of hostile size', () => {
  it('16,000 archives with extract: true are planned at once, and a SIGINT is heard', async () => {
    const run = await cancelDuring(
      (origin) =>
        Array.from({ length: 16_000 }, (_, i) => ({
          path: `/home/build/out/${i}.zip`,
          url: `${origin}/files/${i}.zip`,
        })),
      { extract: 'true' },
      3_000,
    );
    expectBounded(run);
    // Planning ended within the wait: the downloads had begun when the SIGINT came.
    expect(run.downloads).toBeGreaterThan(0);
    expect(run.result.code).toBe(1);
  }, 180_000);

  it('300,000 artifacts: a SIGINT during the downloads ends the step without draining the queue', async () => {
    const run = await cancelDuring(
      (origin) =>
        Array.from({ length: 300_000 }, (_, i) => ({ path: `o/${i}`, url: `${origin}/files/${i}` })),
      {},
      500,
      true,
    );
    expectBounded(run);
    expect(run.downloads).toBeGreaterThan(0);
    expect(run.result.code).toBe(1);
  }, 180_000);

  it('a pattern with several * in one segment against long names answers at once', async () => {
    const run = await cancelDuring(
      (origin) =>
        Array.from({ length: 200 }, (_, i) => ({
          path: `reports/${'-'.repeat(225)}${i}.txt`,
          url: `${origin}/files/${i}`,
        })),
      { pattern: '**/*-*-*-*-*.xml' },
      3_000,
    );
    expectBounded(run);
    // Nothing matched, and the step said so well before the SIGINT would have come.
    expect(run.exitMs).toBe(0);
    expect(run.result.stdout).toMatch(/pattern/u);
  }, 180_000);
});
