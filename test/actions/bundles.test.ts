// The fast lane's end-to-end check: each action's committed bundle, run as the runner runs it, against the
// emulator on 127.0.0.1, once. The slow lane (`npm run test:slow`) holds every other bundle test;
// clear-cache, set-envvar and add-ssh-key have theirs in project-setup.test.ts.
import { readdir } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runAction, type RunResult } from '../harness/runner.ts';
import { PROJECT, SLUG } from './gating-helpers.ts';

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator({ defaults: { queuedMs: 50, runMs: 300 } });
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo);
});

const run = (action: string, inputs: Record<string, string> = {}): Promise<RunResult> =>
  runAction(action, { inputs: { token: emulator.token, 'base-url': emulator.baseUrl, ...inputs } });

describe('each bundle, once', () => {
  it('trigger-build triggers through v1.1 and waits for the build to pass', async () => {
    const r = await run('trigger-build', {
      'trigger-api': 'v1.1',
      wait: 'true',
      'poll-interval-seconds': '1',
    });
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    const num = Number(r.outputs['build-num']);
    expect(emulator.state.getBuild(SLUG, num)?.outcome).toBe('success');
    expect(r.outputs['outcome']).toBe('success');
  });

  it('wait-for-build fails the step on a failed build, naming it', async () => {
    const failed = emulator.state.addBuild(SLUG, { branch: 'main', outcome: 'failed', runMs: 200 }).build_num;
    const r = await run('wait-for-build', { 'build-num': String(failed), 'poll-interval-seconds': '1' });
    expect(r.code).toBe(1);
    // One step failure; the rest are annotations of its failed step and tests, which carry properties.
    const failures = r.errors.filter((line) => line.startsWith('::error::'));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain(`#${failed}`);
    expect(r.outputs['outcome']).toBe('failed');
  });

  it('wait-for-serial waits for an older running build', async () => {
    const older = emulator.state.addBuild(SLUG, { branch: 'main', queuedMs: 0, runMs: 1200 }).build_num;
    const own = emulator.state.addBuild(SLUG, { branch: 'main', lifecycle: 'running' }).build_num;
    const r = await run('wait-for-serial', { 'build-num': String(own), 'poll-interval-seconds': '1' });
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.outputs['waited-for']).toBe(`[${older}]`);
  });

  it('fetch-artifacts saves a build’s artifacts at their paths', async () => {
    const num = emulator.state.addBuild(SLUG, {
      branch: 'main',
      outcome: 'success',
      queuedMs: 0,
      runMs: 0,
    }).build_num;
    const expected = emulator.state
      .artifacts(SLUG, num)
      .map((a) => (a.pretty_path ?? a.path).replace(/^(\$\w+|~)\//u, ''));
    expect(expected.length).toBeGreaterThan(0);
    const r = await run('fetch-artifacts', { 'build-num': String(num), path: 'out' });
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    const saved = await readdir(join(r.workspace, 'out'), { recursive: true });
    for (const path of expected) expect(saved).toContain(path.split('/').join(sep));
    expect(r.outputs['count']).toBe(String(expected.length));
  });

  it('the general action answers `me` with the service’s record', async () => {
    const r = await run('general', { command: 'me' });
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.outputs['result'] ?? '')).toMatchObject({ login: emulator.state.me().login });
  });
});
