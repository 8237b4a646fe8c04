// The service's sunset of its v1.1 trigger and retry (docs/sunset.md), as users meet it: the committed bundles
// run as the runner runs them, against the emulator before the sunset (Deprecation and Sunset headers) and in its
// post-sunset mode (410 Gone), where trigger-build with its default inputs moves to an API v2 pipeline.
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type ProjectConfig, type WorkflowSpec } from '../../emulator/index.ts';
import { runAction, startAction, type RunResult } from '../harness/runner.ts';
import { obeyedCommands, PROJECT, SLUG } from './gating-helpers.ts';

let emulator: Emulator;
afterEach(async () => {
  await emulator.close();
});

const FAILURE = {
  step: 'Run tests',
  command: 'npm test',
  output: ["src/login.ts(42,7): error TS2322: Type 'string' is not assignable to type 'number'."],
  exitCode: 2,
};

function workflows(failing: boolean): WorkflowSpec[] {
  return [
    {
      name: 'ship',
      jobs: [
        { name: 'build', runMs: 300, artifacts: [] },
        {
          name: 'test',
          requires: ['build'],
          runMs: 300,
          artifacts: [],
          ...(failing && { outcome: 'failed' as const, failure: FAILURE }),
        },
        { name: 'deploy', requires: ['test'], runMs: 300, artifacts: [] },
      ],
    },
  ];
}

async function service(postSunset: boolean, config: ProjectConfig = {}): Promise<void> {
  emulator = await startEmulator({ postSunset });
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, {
    queuedMs: 100,
    workflows: workflows(false),
    branches: { broken: { workflows: workflows(true) } },
    parameters: { deploy: { type: 'boolean' }, replicas: { type: 'integer' }, target: { type: 'string' } },
    ...config,
  });
}

const common = (): Record<string, string> => ({ token: emulator.token, 'base-url': emulator.baseUrl });
const trigger = (inputs: Record<string, string> = {}): Promise<RunResult> =>
  runAction('trigger-build', { inputs: { ...common(), ...inputs } });
const general = (inputs: Record<string, string>): Promise<RunResult> =>
  runAction('general', { inputs: { ...common(), ...inputs } });

/** What the step sent, as `METHOD path` (v1.1 below its base, v2 whole). */
const sent = (): string[] =>
  emulator.requests.filter((r) => r.origin === 'api').map((r) => `${r.method} ${r.path}`);
const posts = (): string[] => sent().filter((line) => line.startsWith('POST'));

describe('after the sunset: trigger-build with its defaults', () => {
  it('triggers one pipeline, follows every job and passes', async () => {
    await service(true);
    const result = await trigger({ wait: 'true', 'poll-interval-seconds': '1' });
    console.info(`post-sunset auto, wait (3 jobs): ${sent().length} requests\n  ${sent().join('\n  ')}`);
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    // A pipeline first: v1.1 is never asked.
    expect(posts()).toEqual([`POST /api/v2/project/${SLUG}/pipeline/run`]);
    const [pipeline] = emulator.state.pipelines(SLUG);
    const builds = JSON.parse(result.outputs['builds'] ?? '') as { job: string; outcome: string }[];
    expect(builds.map((b) => [b.job, b.outcome])).toEqual([
      ['build', 'success'],
      ['test', 'success'],
      ['deploy', 'success'],
    ]);
    expect(result.outputs).toMatchObject({
      'pipeline-id': pipeline?.['id'],
      'pipeline-number': String(pipeline?.['number']),
      outcome: 'success',
      'build-num': '3',
      status: 'success',
      lifecycle: 'finished',
      'failed-step': '',
    });
    expect(result.stdout).toMatch(/Triggered pipeline #1 .* through API v2/);
    expect(result.summary).toContain('Builds of pipeline \\#1');
  });

  it('fails by the outcome policy and shows why the job failed', async () => {
    await service(true);
    const result = await trigger({ branch: 'broken', wait: 'true', 'poll-interval-seconds': '1' });
    expect(result.code).toBe(1);
    const failures = obeyedCommands(result.stdout).filter((l) => l.startsWith('::error::'));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/Build #2 \(job test\) .* ended with outcome 'failed'/);
    expect(result.stdout).toMatch(/error TS2322/);
    expect(result.outputs).toMatchObject({ outcome: 'failed', 'build-num': '2', 'failed-step': 'Run tests' });
    const builds = JSON.parse(result.outputs['builds'] ?? '') as { job: string; status: string }[];
    expect(builds.map((b) => [b.job, b.status])).toEqual([
      ['build', 'success'],
      ['test', 'failed'],
      ['deploy', 'blocked'],
    ]);
    expect(result.summary).toContain('error TS2322');
  });

  it('says an approval on hold, and cancels each workflow when the step is cancelled', async () => {
    await service(true, {
      workflows: [
        {
          name: 'ship',
          jobs: [
            { name: 'build', runMs: 200, artifacts: [] },
            { name: 'hold', type: 'approval', requires: ['build'] },
            { name: 'deploy', requires: ['hold'], runMs: 200, artifacts: [] },
          ],
        },
      ],
    });
    const started = await startAction('trigger-build', {
      inputs: { ...common(), wait: 'true', 'poll-interval-seconds': '1' },
    });
    await started.waitFor(/Job hold of workflow ship is on hold/);
    started.child.kill('SIGINT');
    const result = await started.done;
    expect(result.code).toBe(1);
    const [workflow] =
      emulator.state.pipelineWorkflows(String(emulator.state.pipelines(SLUG)[0]?.['id'])) ?? [];
    expect(posts()).toContain(`POST /api/v2/workflow/${workflow?.id}/cancel`);
    expect(workflow?.status).toBe('canceled');
    expect(result.errors).toEqual([
      '::error::the step was cancelled (SIGINT); pipeline #1 was cancelled (workflows ship)',
    ]);
  });

  it('when the workflow cancel fails, cancels the running builds through v1.1', async () => {
    await service(true, {
      workflows: [{ name: 'ship', jobs: [{ name: 'build', runMs: 60_000, artifacts: [] }] }],
    });
    emulator.faults.add({
      kind: 'status',
      status: 500,
      method: 'POST',
      path: /^\/api\/v2\/workflow\/.*\/cancel$/,
      times: Infinity,
    });
    const started = await startAction('trigger-build', {
      inputs: { ...common(), wait: 'true', 'poll-interval-seconds': '1' },
    });
    await started.waitFor(/Build #1 appeared/);
    started.child.kill('SIGTERM');
    const result = await started.done;
    expect(result.code).toBe(1);
    expect(posts()).toContain(`POST /project/${SLUG}/1/cancel`);
    expect(emulator.state.getBuild(SLUG, 1)?.outcome).toBe('canceled');
    expect(result.stdout).toMatch(/::warning::Could not cancel the workflows of pipeline #1/);
  });

  it('shows the service message of an undeclared parameter (an errored pipeline), and keeps JSON types', async () => {
    await service(true);
    const refused = await trigger({ params: 'DEPLOY_ENV=prod' });
    expect(refused.code).toBe(1);
    expect(refused.errors[0]).toMatch(
      /Pipeline #1 is errored: nothing of it runs: config: Unexpected argument\(s\): DEPLOY_ENV/,
    );
    const typed = await trigger({ params: '{"deploy": true, "replicas": 3, "target": "eu"}' });
    expect(typed.errors).toEqual([]);
    expect(emulator.state.pipelines(SLUG)[1]?.['parameters']).toEqual({
      deploy: true,
      replicas: 3,
      target: 'eu',
    });
    expect(typed.outputs).toMatchObject({
      'pipeline-number': '2',
      'build-num': '',
      outcome: '',
      builds: '[]',
    });
  });

  it('shows the errors of an errored pipeline', async () => {
    await service(true, { branches: { bad: { configError: 'Unknown key "jbos" in .ci/config.yml' } } });
    const result = await trigger({ branch: 'bad', wait: 'true', 'poll-interval-seconds': '1' });
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      '::error::Pipeline #1 is errored: nothing of it runs: config: Unknown key "jbos" in .ci/config.yml',
    ]);
  });

  it('after a 410, revision is a clear error: nothing else is sent', async () => {
    await service(true);
    const result = await trigger({ revision: 'a'.repeat(40) });
    expect(result.code).toBe(1);
    expect(result.errors[0]).toMatch(
      /removed this call .*cannot be started instead, because revision is given/,
    );
    expect(posts()).toEqual([`POST /project/${SLUG}/tree/main`]);
  });

  it('never sends a pipeline trigger twice when its answer is lost', async () => {
    await service(true);
    emulator.faults.add({
      kind: 'reset',
      method: 'POST',
      path: `/api/v2/project/${SLUG}/pipeline/run`,
      afterEffect: true,
    });
    const result = await trigger({ 'trigger-api': 'v2' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /The trigger's answer was lost \(.*\); found pipeline #1, which it started/,
    );
    expect(posts()).toEqual([`POST /api/v2/project/${SLUG}/pipeline/run`]);
  });
});

describe('before the sunset', () => {
  it('the same step prints exactly one warning with the date, however many requests', async () => {
    await service(false);
    const result = await trigger({ 'trigger-api': 'v1.1', wait: 'true', 'poll-interval-seconds': '1' });
    expect(result.code).toBe(0);
    const warnings = obeyedCommands(result.stdout).filter((l) => l.startsWith('::warning'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /deprecated POST \/project\/primary-host\/octo-org\/octo-repo\/tree\/main since 16 November 2026/,
    );
    expect(warnings[0]).toMatch(/removes the call on 1 February 2027/);
    expect(warnings[0]).toMatch(/pipeline trigger of API v2/);
    expect(warnings[0]).toMatch(/https:\/\/ci\.example\.com\/docs\/api\/v1-trigger-sunset/);
    expect(posts()).toEqual([`POST /project/${SLUG}/tree/main`]);
  });

  it('trigger-api: v2 with revision is an input error before anything is sent', async () => {
    await service(false);
    const result = await trigger({ 'trigger-api': 'v2', revision: 'a'.repeat(40) });
    expect(result.code).toBe(1);
    expect(result.errors[0]).toMatch(/^::error::revision: not used; leave it out with trigger-api: v2/);
    expect(sent()).toEqual([]);
  });

  it('trigger-api: v1.1 keeps the old call only', async () => {
    await service(true);
    const result = await trigger({ 'trigger-api': 'v1.1' });
    expect(result.code).toBe(1);
    expect(result.errors[0]).toMatch(/removed this call on 1 February 2027/);
    expect(posts()).toEqual([`POST /project/${SLUG}/tree/main`]);
  });
});

describe('the general action after the sunset', () => {
  it('trigger answers the pipeline; retry reruns the job through its workflow; retry-no-cache says v2 has none', async () => {
    await service(true);
    const triggered = await general({ command: 'trigger', branch: 'main' });
    expect(triggered.errors).toEqual([]);
    // The pipeline as the service answers it once set up.
    expect(JSON.parse(triggered.outputs['result'] ?? '{}')).toMatchObject({
      number: 1,
      state: 'created',
      errors: [],
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    emulator.resetRequests();
    const retried = await general({ command: 'retry', 'build-num': '1', ssh: 'true' });
    expect(retried.errors).toEqual([]);
    const { workflow_id: workflowId } = JSON.parse(retried.outputs['result'] ?? '{}') as {
      workflow_id: string;
    };
    const original = emulator.state.getBuild(SLUG, 1);
    expect(posts()).toEqual([
      `POST /project/${SLUG}/1/retry`,
      `POST /api/v2/workflow/${String(original?.workflows?.['workflow_id'])}/rerun`,
    ]);
    const rerun = emulator.requests.find((r) => r.path.endsWith('/rerun'));
    expect(rerun?.body).toEqual({ jobs: [original?.workflows?.['job_id']], enable_ssh: true });
    const [job] = emulator.state.workflowJobs(workflowId) ?? [];
    expect(emulator.state.getBuild(SLUG, job?.job_number ?? 0)?.ssh_users).toHaveLength(1);

    const noCache = await general({ command: 'retry-no-cache', 'build-num': '1' });
    expect(noCache.code).toBe(1);
    expect(noCache.errors[0]).toMatch(/API v2 has no rerun without cache/);
  });

  it('retry of a build outside any workflow is a clear error', async () => {
    await service(true);
    emulator.state.addBuild(SLUG, { branch: 'main', outcome: 'failed', platform: '1.0' });
    const result = await general({ command: 'retry', 'build-num': '1' });
    expect(result.code).toBe(1);
    expect(result.errors[0]).toMatch(/Build #1 belongs to no workflow \(it ran on the old build system\)/);
  });
});
