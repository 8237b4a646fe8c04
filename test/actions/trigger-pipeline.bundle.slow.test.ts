// trigger-build's default trigger as the service is today (docs/sunset.md): a pipeline through API v2 first,
// v1.1 only when the inputs need it or v2 has no trigger for the project, and a step that knows whether anything
// ran. The committed bundle runs as the runner runs it, against the emulator, whose answers follow the real
// service's (a spoiled answer stands for a service that answers so).
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type ProjectConfig } from '../../emulator/index.ts';
import { runAction, startAction, type RunResult } from '../harness/runner.ts';
import { obeyedCommands, PROJECT, SLUG } from './gating-helpers.ts';

let emulator: Emulator;
afterEach(async () => {
  await emulator.close();
});

async function service(config: ProjectConfig = {}, options: { postSunset?: boolean } = {}): Promise<void> {
  emulator = await startEmulator(options);
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, {
    queuedMs: 100,
    pipelineSetupMs: 0,
    workflows: [{ name: 'ship', jobs: [{ name: 'build', runMs: 300, artifacts: [] }] }],
    parameters: { deploy: { type: 'boolean' } },
    ...config,
  });
}

const trigger = (inputs: Record<string, string> = {}): Promise<RunResult> =>
  runAction('trigger-build', { inputs: { token: emulator.token, 'base-url': emulator.baseUrl, ...inputs } });

/** What the step sent, as `METHOD path`. */
const sent = (): string[] =>
  emulator.requests.filter((r) => r.origin === 'api').map((r) => `${r.method} ${r.path}`);
const posts = (): string[] => sent().filter((line) => line.startsWith('POST'));
const V2 = `/api/v2/project/${SLUG}`;
const errorLines = (result: RunResult): string[] =>
  obeyedCommands(result.stdout).filter((l) => l.startsWith('::error::'));
const warnings = (result: RunResult): string[] =>
  obeyedCommands(result.stdout).filter((l) => l.startsWith('::warning::'));

describe('trigger-build with trigger-api: auto (the default)', () => {
  it('triggers a pipeline first: the newest number, pipeline/run, the pipeline, its workflows, in order', async () => {
    await service();
    const result = await trigger();
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    const [pipeline] = emulator.state.pipelines(SLUG);
    const id = String(pipeline?.['id']);
    expect(sent()).toEqual([
      `GET ${V2}/pipeline`,
      `POST ${V2}/pipeline/run`,
      `GET /api/v2/pipeline/${id}`,
      `GET /api/v2/pipeline/${id}/workflow`,
    ]);
    const web = new URL(emulator.baseUrl).origin;
    const url = `${web}/pipelines/${SLUG}/1`;
    const [workflow] = emulator.state.pipelineWorkflows(id) ?? [];
    expect(result.outputs).toMatchObject({
      'pipeline-id': id,
      'pipeline-number': '1',
      'pipeline-url': url,
      'build-num': '',
      outcome: '',
      builds: '[]',
    });
    expect(JSON.parse(result.outputs['workflows'] ?? '')).toEqual([
      {
        id: workflow?.['id'],
        name: 'ship',
        status: workflow?.['status'],
        url: `${url}/workflows/${workflow?.['id']}`,
      },
    ]);
    expect(result.summary).toContain(`### [Pipeline #1](${url})`);
    expect(result.summary).toContain(`[ship](${url}/workflows/${workflow?.['id']})`);
    expect(warnings(result)).toEqual([]);
  });

  it('reads the pipeline until it leaves its pending states', async () => {
    await service({ pipelineSetupMs: 600 });
    const result = await trigger();
    expect(result.code).toBe(0);
    const reads = sent().filter((line) => /^GET \/api\/v2\/pipeline\/[^/]+$/.test(line));
    expect(reads.length).toBeGreaterThan(1);
  });

  it('with revision, triggers through v1.1, saying in the log that it runs a single job, with no warning of its own', async () => {
    await service();
    const result = await trigger({ revision: 'a'.repeat(40) });
    expect(result.code).toBe(0);
    expect(posts()).toEqual([`POST /project/${SLUG}/tree/main`]);
    // The runner warns of the input from its deprecationMessage (action.yml); the step adds none, only the
    // service's own Deprecation and Sunset of the v1.1 trigger remain.
    expect(warnings(result).filter((l) => !l.includes('has deprecated'))).toEqual([]);
    expect(result.stdout).toMatch(
      /^revision given, so the build is triggered through v1\.1: the v1\.1 trigger runs a single job/mu,
    );
    expect(result.outputs['build-num']).toBe('1');
  });

  it("falls back to v1.1 after a project token's 404 on both v2 forms, with a warning naming it", async () => {
    await service();
    const notFound = { kind: 'status', status: 404, body: '{"message" : "Project not found"}' } as const;
    emulator.faults.add({ ...notFound, method: 'POST', path: `${V2}/pipeline/run` });
    emulator.faults.add({ ...notFound, method: 'POST', path: `${V2}/pipeline` });
    const result = await trigger();
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(posts()).toEqual([
      `POST ${V2}/pipeline/run`,
      `POST ${V2}/pipeline`,
      `POST /project/${SLUG}/tree/main`,
    ]);
    const [warning] = warnings(result).filter((l) => !l.includes('has deprecated'));
    expect(warning).toMatch(
      /API v2 does not know the project: a project token works only on v1\.1, and pipelines need a personal token/,
    );
    expect(warning).toMatch(/triggered through v1\.1 instead/);
    expect(result.outputs['build-num']).toBe('1');
  });

  it("when every form fails, one error names each answer, pipeline/run's first", async () => {
    await service({}, { postSunset: true });
    emulator.faults.add({ kind: 'status', status: 404, method: 'POST', path: `${V2}/pipeline/run` });
    emulator.faults.add({ kind: 'status', status: 405, method: 'POST', path: `${V2}/pipeline` });
    const result = await trigger();
    expect(result.code).toBe(1);
    const errors = errorLines(result);
    expect(errors).toHaveLength(1);
    const error = errors[0] ?? '';
    const run = error.indexOf('pipeline/run failed with HTTP 404');
    const older = error.indexOf('/pipeline failed with HTTP 405');
    const v1 = error.indexOf(
      'tree/main: the service has removed this call on 1 February 2027 (HTTP 410 Gone)',
    );
    expect(run).toBeGreaterThan(0);
    expect(older).toBeGreaterThan(run);
    expect(v1, error).toBeGreaterThan(older);
  });

  it('sends definition-id as definition_id to pipeline/run, with no fallback', async () => {
    await service();
    const definition = '2338d0ae-5541-4bbf-88a2-55e9f7281f80';
    const ok = await trigger({ 'definition-id': definition });
    expect(ok.code).toBe(0);
    const body = emulator.requests.find((r) => r.path === `${V2}/pipeline/run`)?.body;
    expect(body).toEqual({
      definition_id: definition,
      config: { branch: 'main' },
      checkout: { branch: 'main' },
    });
    emulator.resetRequests();
    emulator.faults.add({ kind: 'status', status: 404, method: 'POST', path: `${V2}/pipeline/run` });
    const failed = await trigger({ 'definition-id': definition });
    expect(failed.code).toBe(1);
    expect(posts()).toEqual([`POST ${V2}/pipeline/run`]);
    expect(errorLines(failed)).toEqual([expect.stringMatching(/pipeline\/run failed with HTTP 404/)]);
  });

  it('definition-id with revision, parallel or trigger-api v1.1 is an input error; nothing is sent', async () => {
    await service();
    for (const extra of [{ revision: 'a'.repeat(40) }, { parallel: '2' }, { 'trigger-api': 'v1.1' }]) {
      const result = await trigger({ 'definition-id': '2338d0ae-5541-4bbf-88a2-55e9f7281f80', ...extra });
      expect(result.code).toBe(1);
      expect(result.errors).toEqual([
        expect.stringMatching(/^::error::definition-id: not used; leave it out with /),
      ]);
    }
    expect(sent()).toEqual([]);
  });
});

describe('trigger-build: did the pipeline run', () => {
  it('an undeclared parameter: a 201 saying created, then errored; the step fails without wait', async () => {
    await service();
    const result = await trigger({ params: '{"nope": 1}' });
    expect(posts()).toEqual([`POST ${V2}/pipeline/run`]);
    expect(result.code).toBe(1);
    expect(errorLines(result)).toEqual([
      '::error::Pipeline #1 is errored: nothing of it runs: config: Unexpected argument(s): nope',
    ]);
    expect(result.outputs).toMatchObject({ 'pipeline-number': '1', workflows: '[]', builds: '[]' });
    expect(result.summary).toContain('Unexpected argument(s): nope');
  });

  it('an errored pipeline fails with wait too, before anything is followed', async () => {
    await service({ configError: 'Error calling workflow: deploy' });
    const result = await trigger({ wait: 'true', 'poll-interval-seconds': '1' });
    expect(result.code).toBe(1);
    expect(errorLines(result)).toEqual([
      '::error::Pipeline #1 is errored: nothing of it runs: config: Error calling workflow: deploy',
    ]);
    expect(sent().filter((l) => l.endsWith('/workflow'))).toEqual([]);
  });

  for (const [policy, code, level] of [
    ['fail', 1, 'error'],
    ['warn', 0, 'warning'],
    ['pass', 0, undefined],
  ] as const) {
    it(`a commit with a skip marker triggers nothing: if-no-builds ${policy}`, async () => {
      await service();
      emulator.state.push(SLUG, { branch: 'main', subject: 'Docs [ci skip]' });
      const result = await trigger({ 'if-no-builds': policy });
      expect(result.code).toBe(code);
      expect(result.outputs).toMatchObject({
        outcome: 'none',
        'pipeline-id': '',
        workflows: '[]',
        builds: '[]',
      });
      const said = result.stdout
        .split('\n')
        .filter((l) => /Ignoring pipeline due to CI skip/.test(l) && /going on|if-no-builds: fail/.test(l));
      expect(said).toHaveLength(1);
      if (level === undefined) expect(said[0]).not.toMatch(/^::/);
      else expect(said[0]).toMatch(new RegExp(`^::${level}::`));
      expect(result.summary).toContain('Ignoring pipeline due to CI skip in the commit');
    });
  }
});

describe('trigger-build never starts two pipelines', () => {
  it('after a 500 that came once the pipeline was made, reports the pipeline found and sends nothing again', async () => {
    await service();
    emulator.faults.add({
      kind: 'status',
      status: 500,
      method: 'POST',
      path: `${V2}/pipeline/run`,
      afterEffect: true,
    });
    const result = await trigger();
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(posts()).toEqual([`POST ${V2}/pipeline/run`]);
    expect(emulator.state.pipelines(SLUG)).toHaveLength(1);
    expect(warnings(result)).toEqual([
      expect.stringMatching(
        /The trigger's answer was lost \(.*HTTP 500.*\); found pipeline #1, which it started/,
      ),
    ]);
    expect(result.outputs['pipeline-number']).toBe('1');
  });

  it('after a reset once sent, with no pipeline made, says so and sends nothing again', async () => {
    await service();
    emulator.faults.add({ kind: 'reset', method: 'POST', path: `${V2}/pipeline/run` });
    const result = await trigger();
    expect(result.code).toBe(1);
    expect(posts()).toEqual([`POST ${V2}/pipeline/run`]);
    expect(errorLines(result)).toEqual([
      expect.stringMatching(
        /a pipeline may have started on branch 'main' but none newer than #0 could be found/,
      ),
    ]);
  });
});

describe('trigger-build cancelled while pipeline/run is on its way', () => {
  async function cancelDuringTrigger(
    inputs: Record<string, string> = {},
  ): Promise<{ result: RunResult; exitMs: number }> {
    emulator.faults.add({
      kind: 'stall-headers',
      method: 'POST',
      path: `${V2}/pipeline/run`,
      afterEffect: true,
    });
    const started = await startAction('trigger-build', {
      inputs: { token: emulator.token, 'base-url': emulator.baseUrl, wait: 'true', ...inputs },
    });
    while (!posts().includes(`POST ${V2}/pipeline/run`)) await new Promise((r) => setTimeout(r, 20));
    const sentAt = performance.now();
    started.child.kill('SIGINT');
    const result = await started.done;
    return { result, exitMs: performance.now() - sentAt };
  }

  it('finds the pipeline it started and cancels each of its workflows', async () => {
    await service({
      workflows: [
        { name: 'ship', jobs: [{ name: 'build', runMs: 60_000, artifacts: [] }] },
        { name: 'lint', jobs: [{ name: 'lint', runMs: 60_000, artifacts: [] }] },
      ],
    });
    const { result, exitMs } = await cancelDuringTrigger();
    const [pipeline] = emulator.state.pipelines(SLUG);
    const workflows = emulator.state.pipelineWorkflows(String(pipeline?.['id'])) ?? [];
    expect(posts().filter((p) => p.includes('/pipeline'))).toEqual([`POST ${V2}/pipeline/run`]);
    expect(posts().filter((p) => p.endsWith('/cancel'))).toEqual(
      workflows.map((w) => `POST /api/v2/workflow/${w.id}/cancel`),
    );
    expect(workflows.map((w) => w.status)).toEqual(['canceled', 'canceled']);
    expect(result.code).toBe(1);
    expect(exitMs).toBeLessThan(5000);
    expect(result.errors).toEqual([
      `::error::the step was cancelled (SIGINT); pipeline #1 (id ${String(pipeline?.['id'])}), started as the ` +
        'step was cancelled, was cancelled (workflows ship, lint)',
    ]);
  });

  it('says so with its id when the pipeline has no workflow yet', async () => {
    await service({ workflows: [] });
    const { result, exitMs } = await cancelDuringTrigger();
    const [pipeline] = emulator.state.pipelines(SLUG);
    expect(posts().filter((p) => p.endsWith('/cancel'))).toEqual([]);
    expect(result.code).toBe(1);
    expect(exitMs).toBeLessThan(5000);
    expect(result.errors).toEqual([
      `::error::the step was cancelled (SIGINT); pipeline #1 (id ${String(pipeline?.['id'])}) started and has no ` +
        'workflow yet; its workflows may still start',
    ]);
  });
});

describe("the general action's trigger", () => {
  const general = (inputs: Record<string, string>): Promise<RunResult> =>
    runAction('general', {
      inputs: { token: emulator.token, 'base-url': emulator.baseUrl, command: 'trigger', ...inputs },
    });

  it('sets result to the pipeline as the service answers it once set up', async () => {
    await service();
    const result = await general({ 'definition-id': '2338d0ae-5541-4bbf-88a2-55e9f7281f80' });
    expect(result.errors).toEqual([]);
    expect(posts()).toEqual([`POST ${V2}/pipeline/run`]);
    expect(JSON.parse(result.outputs['result'] ?? '')).toMatchObject({
      number: 1,
      state: 'created',
      errors: [],
    });
  });

  it('fails on an errored pipeline, with result set to it', async () => {
    await service();
    const result = await general({ params: '{"nope": 1}' });
    expect(result.code).toBe(1);
    expect(errorLines(result)).toEqual([
      '::error::Pipeline #1 is errored: nothing of it runs: config: Unexpected argument(s): nope',
    ]);
    expect(JSON.parse(result.outputs['result'] ?? '')).toMatchObject({ number: 1, state: 'errored' });
  });

  it('warns when nothing was triggered, with result set to the service answer', async () => {
    await service();
    emulator.state.push(SLUG, { branch: 'main', subject: 'Docs [skip ci]' });
    const result = await general({});
    expect(result.code).toBe(0);
    expect(warnings(result)).toEqual([
      '::warning::The service triggered no pipeline: Ignoring pipeline due to CI skip in the commit',
    ]);
    expect(JSON.parse(result.outputs['result'] ?? '')).toEqual({
      message: 'Ignoring pipeline due to CI skip in the commit',
    });
  });
});
