// Outputs stay within GitHub's limits (docs/promises.md, promise 23): an output longer than MAX_OUTPUT_BYTES is written
// to a file under RUNNER_TEMP, the output holds its path, and a warning says so. The general action's `result` of a
// long artifact list, from the committed bundle run as the runner runs it.
import { readFile, stat } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { MAX_OUTPUT_BYTES } from '../../src/runner/run.ts';
import { runAction } from '../harness/runner.ts';
import { scratch } from '../api/download-server.ts';

const TOKEN = 'outputs-Secret-Token-7731';
const ARTIFACTS = '/api/v1.1/project/primary-host/octo-org/octo-repo/140/artifacts';

const { server } = scratch('large-outputs-');

/** A server whose build 140 lists `count` artifacts with paths of about 3 KB, the first echoing the token. */
async function listing(count: number) {
  const folders = Array.from({ length: 12 }, (_, i) => `${i}`.padEnd(240, 'f')).join('/');
  const artifacts = Array.from({ length: count }, (_, i) => ({
    path: `/home/build/${folders}/${i === 0 ? `${TOKEN}-` : ''}f${i}.txt`,
    pretty_path: `${folders}/f${i}.txt`,
    node_index: 0,
    url: `https://storage.example/f${i}.txt`,
  }));
  return server((req, res) => {
    if ((req.url ?? '').split('?')[0] === ARTIFACTS) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(artifacts));
    } else res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
  });
}

async function general(origin: string) {
  return runAction('general', {
    inputs: { token: TOKEN, 'base-url': `${origin}/api/v1.1`, command: 'artifacts', 'build-num': '140' },
  });
}

describe('an output too long for GitHub', () => {
  it('is written to a file under RUNNER_TEMP, less its secrets; the output holds the path and a warning says so', async () => {
    // 200 artifacts of about 3 KB each: some 640 KB of JSON, past the bound.
    const r = await general((await listing(200)).origin);
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    const file = r.outputs['result'] ?? '';
    expect(file).toMatch(/runner-temp\/general-result-[0-9a-f-]+\.json$/u);
    const text = await readFile(file, 'utf8');
    expect(Buffer.byteLength(text)).toBeGreaterThan(MAX_OUTPUT_BYTES);
    const list = JSON.parse(text) as { path: string; url: string }[];
    expect(list).toHaveLength(200);
    expect(list[7]?.url).toBe('https://storage.example/f7.txt');
    // The server echoed the token: the file is an output's value, and holds it no more than the output would.
    expect(text).not.toContain(TOKEN);
    expect(list[0]?.path).toContain('***-f0.txt');
    expect((await stat(file)).mode & 0o077).toBe(0);
    const warning = r.stdout.split('\n').find((l) => l.startsWith('::warning::The result output'));
    expect(warning).toContain(`holds the path of a file, ${file}, not its value`);
    const outputBytes = Object.values(r.outputs).reduce((n, v) => n + Buffer.byteLength(v), 0);
    expect(outputBytes).toBeLessThan(1024 * 1024);
  });

  it('is not needed for a list within the bound: the output holds the JSON itself, with no warning', async () => {
    const r = await general((await listing(3)).origin);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.outputs['result'] ?? '')).toHaveLength(3);
    expect(r.stdout).not.toContain('::warning::');
  });
});
