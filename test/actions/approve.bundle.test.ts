// The approve action as users run it: the committed bundle, as the runner runs it, against the emulator, where a
// push made a pipeline whose approval jobs are on hold. It finds the commit's pipeline and approves exactly the
// approval jobs its `job` lines choose.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runAction } from '../harness/runner.ts';
import { PROJECT, SLUG } from './gating-helpers.ts';

let emulator: Emulator;
afterEach(async () => {
  await emulator.close();
});

const REVISION = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';

it('approves exactly the chosen approval jobs on hold of the commit’s pipeline, once each', async () => {
  emulator = await startEmulator();
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, {
    workflows: [
      {
        name: 'release',
        jobs: [
          { name: 'build', runMs: 1000, artifacts: [] },
          { name: 'hold-production', type: 'approval', requires: ['build'] },
          { name: 'hold-docs', type: 'approval', requires: ['build'] },
          { name: 'deploy', requires: ['hold-production'], runMs: 1000, artifacts: [] },
        ],
      },
    ],
  });
  // Pushed a minute ago: its build has run, and both approval jobs are on hold.
  emulator.state.push(SLUG, { branch: 'main', revision: REVISION, at: Date.now() - 60_000 });
  // The same commit on another branch, later: not the pipeline of `branch`.
  emulator.state.push(SLUG, { branch: 'feature', revision: REVISION, at: Date.now() - 30_000 });
  const pipelineId = String(emulator.state.pipelines(SLUG)[0]?.['id']);
  const [workflow] = emulator.state.pipelineWorkflows(pipelineId) ?? [];
  const jobs = emulator.state.workflowJobs(workflow?.id ?? '') ?? [];
  const hold = jobs.find((job) => job.name === 'hold-production');
  expect(jobs.filter((job) => job.status === 'on_hold').map((job) => job.name)).toEqual([
    'hold-production',
    'hold-docs',
  ]);

  const result = await runAction('approve', {
    inputs: {
      token: emulator.token,
      'base-url': emulator.baseUrl,
      branch: 'main',
      job: 'hold-*\n!hold-docs',
      'poll-interval-seconds': '1',
    },
    env: { GITHUB_SHA: REVISION },
  });

  expect(result.errors).toEqual([]);
  expect(result.code).toBe(0);
  expect(emulator.requests.filter((r) => r.method === 'POST').map((r) => `${r.method} ${r.path}`)).toEqual([
    `POST /api/v2/workflow/${workflow?.id}/approve/${hold?.approval_request_id}`,
  ]);
  expect(JSON.parse(result.outputs['approved'] ?? '')).toEqual([
    { workflow: 'release', job: 'hold-production', approval_request_id: hold?.approval_request_id },
  ]);
  expect(result.outputs['count']).toBe('1');
  const after = emulator.state.workflowJobs(workflow?.id ?? '') ?? [];
  expect(after.map((job) => [job.name, job.status])).toEqual([
    ['build', 'success'],
    ['hold-production', 'success'],
    ['hold-docs', 'on_hold'],
    ['deploy', expect.stringMatching(/^(queued|running|blocked)$/u)],
  ]);
  expect(result.summary).toContain('hold-production');
  expect(result.summary).not.toContain('hold-docs');
});

it('still passes, with a warning, when the job summary cannot be written', async () => {
  emulator = await startEmulator();
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, {
    workflows: [{ name: 'release', jobs: [{ name: 'hold', type: 'approval' }] }],
  });
  emulator.state.push(SLUG, { branch: 'main', revision: REVISION, at: Date.now() - 60_000 });
  const result = await runAction('approve', {
    inputs: { token: emulator.token, 'base-url': emulator.baseUrl, 'poll-interval-seconds': '1' },
    env: { GITHUB_SHA: REVISION, GITHUB_STEP_SUMMARY: join(tmpdir(), 'no-such-folder-of-a-summary', 's.md') },
  });
  expect(result.errors).toEqual([]);
  expect(result.code).toBe(0);
  expect(result.outputs['count']).toBe('1');
  expect(result.stdout).toMatch(/::warning::Could not write the job summary: /);
});
