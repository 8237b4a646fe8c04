// The gate (docs/promises.md, promise 31) as the runner runs it: the committed bundles of trigger-build (a
// pipeline, with `wait`) and wait-for-build against a service of our own that answers as the real one does, where
// a workflow ends failed, errored, cancelled or unauthorized with no job, an approval carries a job number, and a
// setup workflow continues into another.
import { describe, expect, it } from 'vitest';
import { runAction, type RunResult } from '../harness/runner.ts';
import {
  finishedBuild,
  PIPELINE_ID,
  startPipelineServer,
  uuid,
  type PipelineServer,
  type Script,
  type ScriptWorkflow,
} from '../helpers/pipeline-server.ts';
import { cleanupScope } from '../helpers/scope.ts';
import { startEmulator } from '../../emulator/index.ts';
import { obeyedCommands, PROJECT, SLUG } from './gating-helpers.ts';

const { listen } = cleanupScope();
const TOKEN = 'tok-GATE-SECRET-0123456789abcdef';

function script(workflows: ScriptWorkflow[], builds: Script['builds'] = new Map()): Script {
  return { pipeline: { id: PIPELINE_ID, number: 7, state: 'created' }, workflows, builds };
}

const trigger = (server: PipelineServer, more: Record<string, string> = {}): Promise<RunResult> =>
  runAction('trigger-build', {
    inputs: {
      token: TOKEN,
      'base-url': server.base,
      'trigger-api': 'v2',
      wait: 'true',
      'poll-interval-seconds': '1',
      ...more,
    },
  });

const errors = (result: RunResult): string[] =>
  obeyedCommands(result.stdout).filter((line) => line.startsWith('::error'));

describe('trigger-build gates a pipeline by its workflows too', () => {
  it.each(['failed', 'error', 'canceled', 'unauthorized'])(
    "fails the step when the pipeline's only workflow ends %s without a job",
    async (status) => {
      const server = await startPipelineServer(
        listen,
        script([{ id: uuid(1), name: 'release', status, jobs: [] }]),
      );
      const result = await trigger(server);
      expect(result.code).toBe(1);
      const found = errors(result);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(new RegExp(`workflow release ended with status '${status}'`));
      expect(result.outputs['outcome']).toBe(status === 'canceled' ? 'canceled' : 'failed');
    },
  );

  it('fails the step when a workflow fails after its job succeeded', async () => {
    const release: ScriptWorkflow = {
      id: uuid(1),
      name: 'release',
      status: 'failed',
      jobs: [{ id: uuid(11), name: 'build', status: 'success', type: 'build', job_number: 1 }],
    };
    const server = await startPipelineServer(
      listen,
      script([release], new Map([[1, finishedBuild(1, 'build', release, 'success')]])),
    );
    const result = await trigger(server);
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([expect.stringMatching(/workflow release ended with status 'failed'/)]);
  });

  it("lets a failed workflow pass with allowed-outcomes '*', as the user asked", async () => {
    const server = await startPipelineServer(
      listen,
      script([{ id: uuid(1), name: 'release', status: 'error', jobs: [] }]),
    );
    const result = await trigger(server, { 'allowed-outcomes': '*' });
    // No job ran: if-no-builds decides, and that is never a success.
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([expect.stringMatching(/No workflow of pipeline #7 made a job/)]);
    const warned = await trigger(server, { 'allowed-outcomes': '*', 'if-no-builds': 'warn' });
    expect(warned.code).toBe(0);
    expect(warned.outputs['outcome']).toBe('none');
  });

  it('fails a pipeline whose successful workflow made no job, as if-no-builds says', async () => {
    const server = await startPipelineServer(
      listen,
      script([{ id: uuid(1), name: 'release', status: 'success', jobs: [] }]),
    );
    const result = await trigger(server);
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([expect.stringMatching(/No workflow of pipeline #7 made a job/)]);
    expect(result.outputs['outcome']).toBe('');
    const passed = await trigger(server, { 'if-no-builds': 'pass' });
    expect(passed.code).toBe(0);
    expect(passed.outputs['outcome']).toBe('none');
  });

  it('passes an approval that carries a job number without reading it as a build', async () => {
    const ship: ScriptWorkflow = {
      id: uuid(1),
      name: 'ship',
      status: 'success',
      jobs: [
        { id: uuid(11), name: 'build', status: 'success', type: 'build', job_number: 11256 },
        {
          id: uuid(12),
          name: 'hold',
          status: 'success',
          type: 'approval',
          job_number: 11257,
          approval_request_id: uuid(12),
        },
        { id: uuid(13), name: 'deploy', status: 'success', type: 'build', job_number: 11258 },
      ],
    };
    const builds = new Map([
      [11256, finishedBuild(11256, 'build', ship, 'success')],
      [11258, finishedBuild(11258, 'deploy', ship, 'success')],
    ]);
    const server = await startPipelineServer(listen, script([ship], builds));
    const result = await trigger(server);
    expect(errors(result)).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['outcome']).toBe('success');
    expect(server.seen.filter((line) => line.endsWith('/11257'))).toEqual([]);
  });

  it('says an approval on hold once, with what approves it', async () => {
    const ship: ScriptWorkflow = {
      id: uuid(1),
      name: 'ship',
      status: 'on_hold',
      jobs: [
        {
          id: uuid(12),
          name: 'hold',
          status: 'on_hold',
          type: 'approval',
          job_number: 11257,
          approval_request_id: uuid(12),
        },
      ],
    };
    const server = await startPipelineServer(listen, script([ship]));
    let looks = 0;
    server.script.onRequest = (_method, path) => {
      if (!path.endsWith('/job')) return;
      if (++looks === 3) {
        ship.status = 'success';
        const [hold] = ship.jobs;
        if (hold !== undefined) hold.status = 'success';
      }
    };
    const result = await trigger(server, { 'if-no-builds': 'pass' });
    const said = result.stdout
      .split('\n')
      .filter((line) => /Job hold of workflow ship is on hold/.test(line));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(`POST /api/v2/workflow/${uuid(1)}/approve/${uuid(12)}`);
    expect(server.seen.filter((line) => line.endsWith('/11257'))).toEqual([]);
  });

  it('follows a setup workflow into its continuation, and fails on the continuation', async () => {
    const setup: ScriptWorkflow = {
      id: uuid(1),
      name: 'setup',
      status: 'success',
      tag: 'setup',
      jobs: [{ id: uuid(11), name: 'generate', status: 'success', type: 'build', job_number: 1 }],
    };
    const deploy: ScriptWorkflow = {
      id: uuid(2),
      name: 'deploy',
      status: 'failed',
      jobs: [{ id: uuid(21), name: 'deploy', status: 'failed', type: 'build', job_number: 2 }],
    };
    const builds = new Map([
      [1, finishedBuild(1, 'generate', setup, 'success')],
      [2, finishedBuild(2, 'deploy', deploy, 'failed')],
    ]);
    const server = await startPipelineServer(listen, script([setup], builds));
    let lists = 0;
    server.script.onRequest = (_method, path) => {
      if (path.endsWith('/workflow') && ++lists === 3) server.script.workflows.push(deploy);
    };
    const result = await trigger(server);
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(/Build #2 \(job deploy\).* ended with outcome 'failed'/),
    ]);
    expect(result.stdout).toMatch(
      /The setup workflow of pipeline #7 ended; waiting for the workflows it continues/,
    );
  });
});

describe('trigger-build refuses v2 list items of the wrong shape, at once', () => {
  const job = { id: uuid(11), name: 'build', status: 'success', type: 'build', dependencies: [] };
  it.each([
    ['a null job', { rawJobs: [null] }, /item 1 of the job list is not an object/],
    ['job_number "5"', { rawJobs: [{ ...job, job_number: '5' }] }, /job_number that is not a whole number/],
    ['a numeric workflow id', { rawWorkflows: [{ id: 42, name: 'ship', status: 'success' }] }, /has no id/],
  ])('%s', async (_what, raw, message) => {
    const ship: ScriptWorkflow = { id: uuid(1), name: 'ship', status: 'success', jobs: [] };
    const given = script([{ ...ship, ...('rawJobs' in raw ? { rawJobs: raw.rawJobs } : {}) }]);
    if ('rawWorkflows' in raw) given.rawWorkflows = raw.rawWorkflows;
    const server = await startPipelineServer(listen, given);
    const result = await trigger(server);
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([expect.stringMatching(message)]);
    expect(result.stdout).not.toMatch(/unexpected error|TypeError/);
    // Not looked at again: the same answer would come back.
    const lists = server.seen.filter((line) => /\/(job|workflow)$/u.test(line));
    expect(lists).toHaveLength('rawWorkflows' in raw ? 1 : 2);
  });
});

describe('wait-for-build reads the workflows of the builds before it passes', () => {
  const SHA = 'c0ffee1234567890c0ffee1234567890c0ffee12';
  const wait = (server: PipelineServer, more: Record<string, string> = {}): Promise<RunResult> =>
    runAction('wait-for-build', {
      inputs: {
        token: TOKEN,
        'base-url': server.base,
        revision: SHA,
        'settle-seconds': '0',
        'poll-interval-seconds': '1',
        ...more,
      },
    });

  it('fails on a cancelled workflow whose remaining jobs never appeared', async () => {
    const ship: ScriptWorkflow = {
      id: uuid(1),
      name: 'ship',
      status: 'canceled',
      jobs: [{ id: uuid(11), name: 'build', status: 'success', type: 'build', job_number: 1 }],
    };
    const server = await startPipelineServer(
      listen,
      script([ship], new Map([[1, finishedBuild(1, 'build', ship, 'success')]])),
    );
    const result = await wait(server);
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([expect.stringMatching(/workflow ship ended with status 'canceled'/)]);
    expect(result.outputs['outcome']).toBe('canceled');
    expect(server.seen).toContain(`GET /api/v2/workflow/${uuid(1)}`);
  });

  it('keeps waiting while the workflow is on hold, then passes once it succeeded', async () => {
    const ship: ScriptWorkflow = { id: uuid(1), name: 'ship', status: 'on_hold', jobs: [] };
    const server = await startPipelineServer(
      listen,
      script([ship], new Map([[1, finishedBuild(1, 'build', ship, 'success')]])),
    );
    let reads = 0;
    server.script.onRequest = (_method, path) => {
      if (path === `/api/v2/workflow/${uuid(1)}` && ++reads === 2) ship.status = 'success';
    };
    const result = await wait(server);
    expect(errors(result)).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Workflow ship is on_hold: waiting for it to end/);
    expect(reads).toBe(2);
  });

  it('lets the builds alone decide when API v2 refuses the token, and says so once', async () => {
    const ship: ScriptWorkflow = { id: uuid(1), name: 'ship', status: 'canceled', jobs: [] };
    const given = script([ship], new Map([[1, finishedBuild(1, 'build', ship, 'success')]]));
    given.workflowReadStatus = 403;
    const server = await startPipelineServer(listen, given);
    const result = await wait(server);
    expect(errors(result)).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.stdout.match(/answered 403 for a workflow .* the builds alone decide/g)).toHaveLength(1);
  });

  it('lets the builds alone decide on a service without API v2, and says so once', async () => {
    const ship: ScriptWorkflow = { id: uuid(1), name: 'ship', status: 'canceled', jobs: [] };
    const server = await startPipelineServer(
      listen,
      script([], new Map([[1, finishedBuild(1, 'build', ship, 'success')]])),
    );
    const result = await wait(server);
    expect(errors(result)).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.stdout.match(/the builds alone decide/g)).toHaveLength(1);
  });

  it("writes a job name holding `$'` into the summary heading as it is, not the link's text", async () => {
    const ship: ScriptWorkflow = { id: uuid(1), name: 'ship', status: 'failed', jobs: [] };
    const failed = finishedBuild(1, "x$'y", ship, 'failed');
    const server = await startPipelineServer(listen, script([ship], new Map([[1, failed]])));
    const result = await wait(server);
    expect(result.code).toBe(1);
    const heading = result.summary.split('\n').find((line) => line.startsWith('#### '));
    expect(heading).toBe(`#### [Build #1 · x$'y](${failed.build_url ?? ''}): failed`);
  });

  it('reads the first `limit` builds of a page longer than asked, and pages on to judge every build', async () => {
    const ship: ScriptWorkflow = { id: uuid(1), name: 'ship', status: 'failed', jobs: [] };
    // The server answers every build from `offset` on, whatever `limit` says; the oldest, on the third page, failed.
    const builds = new Map(
      Array.from(
        { length: 250 },
        (_, i) => [i + 1, finishedBuild(i + 1, `job${i}`, ship, i === 0 ? 'failed' : 'success')] as const,
      ),
    );
    const server = await startPipelineServer(listen, script([ship], builds));
    const result = await wait(server);
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(
        /^::error::Build #1 \(job job0\) of 250 builds of commit \w+ ended with outcome 'failed'/,
      ),
    ]);
    // Three pages of 100, 100 and 50: a longer answer is cut to the limit, so the offsets still walk the list.
    const lists = server.seen.filter((r) => r === `GET /api/v1.1/project/${SLUG}`);
    expect(lists).toHaveLength(3);
  });
});

describe('against the emulator', () => {
  it('fails the gate on a setup workflow followed by a failing continuation', async () => {
    const emulator = await startEmulator();
    try {
      emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, {
        queuedMs: 100,
        workflows: [
          {
            name: 'setup',
            jobs: [{ name: 'generate', runMs: 300, artifacts: [] }],
            continuesInto: [
              { name: 'release', jobs: [{ name: 'deploy', runMs: 300, outcome: 'failed', artifacts: [] }] },
            ],
          },
        ],
      });
      const result = await runAction('trigger-build', {
        inputs: {
          token: emulator.token,
          'base-url': emulator.baseUrl,
          'trigger-api': 'v2',
          wait: 'true',
          'poll-interval-seconds': '1',
        },
      });
      expect(result.code).toBe(1);
      // The failed step and test annotations are errors too; the verdict is the one without a title.
      expect(errors(result).filter((line) => line.startsWith('::error::'))).toEqual([
        expect.stringMatching(/Build #2 \(job deploy\).* ended with outcome 'failed'/),
      ]);
      const builds = JSON.parse(result.outputs['builds'] ?? '') as { job: string; workflow: string }[];
      expect(builds.map((b) => [b.workflow, b.job])).toEqual([
        ['setup', 'generate'],
        ['release', 'deploy'],
      ]);
    } finally {
      await emulator.close();
    }
  });
});
