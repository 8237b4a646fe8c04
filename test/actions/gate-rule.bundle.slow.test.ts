// The one rule of what a gate may pass (docs/promises.md, promise 31), on the paths that had learned it last, as
// the runner runs the committed bundle: wait-for-build by `pipeline-id` with a `job` or `workflow` that names
// nothing in the pipeline (hole 1 of issue 38), a commit whose only workflow ended without a job, by triple and by
// slug (hole 2), a pipeline that ran only an approval (hole 3), and a `failing` workflow, which has not ended
// (issue 40). The shortest appear time is one real minute: the runs that wait it start together, in beforeAll, so
// the file takes about a minute and a half.
import { beforeAll, describe, expect, it } from 'vitest';
import { runAction, type RunResult } from '../harness/runner.ts';
import {
  finishedBuild,
  PIPELINE_ID,
  REVISION,
  SLUG,
  startPipelineServer,
  uuid,
  type PipelineServer,
  type Script,
  type ScriptWorkflow,
} from '../helpers/pipeline-server.ts';
import { cleanupScope } from '../helpers/scope.ts';
import { obeyedCommands } from './gating-helpers.ts';

const { listen } = cleanupScope();
const TOKEN = 'tok-GATE-RULE-0123456789abcdef';
const MINUTE = 60_000;

function script(workflows: ScriptWorkflow[], builds: Script['builds'] = new Map()): Script {
  return { pipeline: { id: PIPELINE_ID, number: 7, state: 'created' }, workflows, builds };
}

/** A pipeline that ended green with only `build` and `test`. */
function green(): Script {
  const ci: ScriptWorkflow = {
    id: uuid(1),
    name: 'ci',
    status: 'success',
    jobs: [
      { id: uuid(11), name: 'build', status: 'success', type: 'build', job_number: 1 },
      { id: uuid(12), name: 'test', status: 'success', type: 'build', job_number: 2 },
    ],
  };
  const builds = new Map([
    [1, finishedBuild(1, 'build', ci, 'success')],
    [2, finishedBuild(2, 'test', ci, 'success')],
  ]);
  return script([ci], builds);
}

const wait = (server: PipelineServer, more: Record<string, string>): Promise<RunResult> =>
  runAction('wait-for-build', {
    inputs: {
      token: TOKEN,
      'base-url': server.base,
      'settle-seconds': '0',
      'poll-interval-seconds': '5',
      'appear-timeout-minutes': '1',
      ...more,
    },
    timeoutMs: 150_000,
  });

const errors = (result: RunResult): string[] =>
  obeyedCommands(result.stdout).filter((line) => line.startsWith('::error'));

const NAMED = [
  {
    inputs: { job: 'deploy' },
    names: "::error::Job 'deploy' of pipeline #7, job deploy did not appear within 1 min",
  },
  {
    inputs: { job: 'deploy-*' },
    names: '::error::No build of pipeline #7, job deploy-* appeared within 1 min',
  },
  {
    inputs: { workflow: 'deploy' },
    names: "::error::Workflow 'deploy' of pipeline #7, workflow deploy did not appear within 1 min",
  },
] as const;
const ENDS = ['failed', 'error', 'canceled', 'unauthorized'] as const;
const WAYS = {
  triple: { revision: REVISION },
  slug: { 'project-slug': SLUG, revision: REVISION },
} as const;

let named: { fail: RunResult; pass: RunResult; reads: string[] }[];
let noJob: Record<keyof typeof WAYS, Record<(typeof ENDS)[number], RunResult>>;
let projectToken: RunResult;
let errored: Record<keyof typeof WAYS, RunResult>;
let failing: { ended: RunResult; reads: number; stays: RunResult };

beforeAll(async () => {
  const namedRuns = NAMED.map(async ({ inputs }) => {
    const [a, b] = [await startPipelineServer(listen, green()), await startPipelineServer(listen, green())];
    const [fail, pass] = await Promise.all([
      wait(a, { 'pipeline-id': PIPELINE_ID, ...inputs }),
      wait(b, { 'pipeline-id': PIPELINE_ID, ...inputs, 'if-no-builds': 'pass' }),
    ]);
    return { fail, pass, reads: a.seen };
  });

  // A commit whose only workflow ended before it made a job: v1.1 lists no build of it.
  const noJobRun = async (way: keyof typeof WAYS, status: string): Promise<RunResult> => {
    const server = await startPipelineServer(
      listen,
      script([{ id: uuid(1), name: 'release', status, jobs: [] }]),
    );
    return wait(server, { ...WAYS[way], 'if-no-builds': 'pass' });
  };
  const noJobRuns = Object.keys(WAYS).map(async (way) => {
    const runs = await Promise.all(ENDS.map((status) => noJobRun(way as keyof typeof WAYS, status)));
    return [way, Object.fromEntries(ENDS.map((status, i) => [status, runs[i]]))] as const;
  });

  // A commit whose only pipeline errored (its configuration failed): no workflow, no build.
  const erroredRuns = Object.keys(WAYS).map(async (way) => {
    const given = script([]);
    given.pipeline.state = 'errored';
    given.pipeline.errors = [{ type: 'config', message: 'Unknown key "jbos" in .ci/config.yml' }];
    const server = await startPipelineServer(listen, given);
    return [way, await wait(server, { ...WAYS[way as keyof typeof WAYS], 'if-no-builds': 'pass' })] as const;
  });

  // A project token: API v2 answers 401 to every call, and v1.1 lists no build of the commit.
  const tokenRun = (async () => {
    const given = script([{ id: uuid(1), name: 'release', status: 'failed', jobs: [] }]);
    given.v2Status = 401;
    return wait(await startPipelineServer(listen, given), { revision: REVISION, 'if-no-builds': 'pass' });
  })();

  // A workflow whose job failed while another still runs is `failing`: it has not ended.
  const failingScript = (): { given: Script; ship: ScriptWorkflow } => {
    const ship: ScriptWorkflow = {
      id: uuid(1),
      name: 'ship',
      status: 'failing',
      jobs: [
        { id: uuid(11), name: 'build', status: 'success', type: 'build', job_number: 1 },
        { id: uuid(12), name: 'test', status: 'failed', type: 'build', job_number: 2 },
      ],
    };
    const builds = new Map([
      [1, finishedBuild(1, 'build', ship, 'success')],
      [2, finishedBuild(2, 'test', ship, 'failed')],
    ]);
    return { given: script([ship], builds), ship };
  };
  const failingRuns = (async () => {
    const ending = failingScript();
    let reads = 0;
    ending.given.onRequest = (_method, path) => {
      if (path === `/api/v2/workflow/${uuid(1)}` && ++reads === 3) ending.ship.status = 'failed';
    };
    const inputs = { revision: REVISION, 'allowed-outcomes': '*', 'poll-interval-seconds': '1' };
    const staying = failingScript();
    const [ended, stays] = await Promise.all([
      wait(await startPipelineServer(listen, ending.given), inputs),
      wait(await startPipelineServer(listen, staying.given), {
        ...inputs,
        'allowed-outcomes': 'success',
        'wait-timeout-minutes': '1',
      }),
    ]);
    return { ended, reads, stays };
  })();

  [named, noJob, projectToken, failing, errored] = await Promise.all([
    Promise.all(namedRuns),
    Promise.all(noJobRuns).then((entries) => Object.fromEntries(entries) as typeof noJob),
    tokenRun,
    failingRuns,
    Promise.all(erroredRuns).then((entries) => Object.fromEntries(entries) as typeof errored),
  ]);
}, 200_000);

describe('hole 1: pipeline-id with a job or workflow that names nothing in a green pipeline', () => {
  it.each(NAMED.map((n, i) => ({ ...n, i, what: Object.entries(n.inputs)[0]?.join(': ') })))(
    '$what: fails after the appear time by default, naming what did not appear',
    ({ i, names }) => {
      const { fail, reads } = named[i] ?? {};
      expect(fail?.code).toBe(1);
      const found = errors(fail as RunResult);
      expect(found).toHaveLength(1);
      expect(found[0]).toContain(names);
      expect(fail?.outputs['outcome']).toBe('');
      expect(fail?.durationMs).toBeGreaterThanOrEqual(MINUTE - 5_000);
      // The pipeline was read, never a build of it that the step was not asked for.
      expect(reads).toContain(`GET /api/v2/pipeline/${PIPELINE_ID}/workflow`);
    },
  );

  it.each(NAMED.map((n, i) => ({ ...n, i, what: Object.entries(n.inputs)[0]?.join(': ') })))(
    "$what: passes with if-no-builds: pass, outcome 'none', and says so",
    ({ i, names }) => {
      const { pass } = named[i] ?? {};
      expect(errors(pass as RunResult)).toEqual([]);
      expect(pass?.code).toBe(0);
      expect(pass?.outputs['outcome']).toBe('none');
      expect(pass?.outputs['builds']).toBe('[]');
      expect(pass?.stdout).toContain(names.replace('::error::', ''));
      expect(pass?.stdout).toMatch(/going on with outcome 'none' \(if-no-builds: pass\)/u);
      expect(pass?.stdout).not.toMatch(/lets pass|succeeded/u);
    },
  );
});

describe('hole 2: a commit whose only workflow ended without a job, with if-no-builds: pass', () => {
  it.each(Object.keys(WAYS).flatMap((way) => ENDS.map((status) => ({ way, status }))))(
    'by $way: fails when it ended $status, naming the workflow',
    ({ way, status }) => {
      const result = noJob[way as keyof typeof WAYS][status];
      expect(result.code).toBe(1);
      const found = errors(result);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(new RegExp(`workflow release ended with status '${status}'`, 'u'));
      expect(result.stdout).not.toMatch(/going on with outcome 'none'/u);
    },
  );

  it.each(Object.keys(WAYS))('by %s: fails when its only pipeline errored, naming the error', (way) => {
    const result = errored[way as keyof typeof WAYS];
    expect(result.code).toBe(1);
    const found = errors(result);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /Pipeline #7 is errored and runs no workflow: config: Unknown key "jbos" in .ci\/config.yml/u,
    );
    expect(result.stdout).not.toMatch(/going on with outcome 'none'/u);
  });

  it('with a project token (v2 answers 401), says once that workflows without builds could not be read', () => {
    expect(errors(projectToken)).toEqual([]);
    expect(projectToken.code).toBe(0);
    expect(projectToken.outputs['outcome']).toBe('none');
    const said = projectToken.stdout.match(
      /answered 401 .* workflows that made no build could not be read/gu,
    );
    expect(said).toHaveLength(1);
  });
});

describe('the commit path waits only for workflows the verdict may judge', () => {
  // Guards: a hold released after this step (the gate, then approve) must not hold the gate till its time-out.
  it.each([
    { by: 'job: build', inputs: { job: 'build' }, held: 'ci' },
    { by: 'workflow: ci', inputs: { workflow: 'ci' }, held: 'deploy' },
  ])('with $by, passes while workflow $held is on hold', async ({ inputs, held }) => {
    const given = green();
    given.workflows.push({ id: uuid(2), name: 'deploy', status: 'success', jobs: [] });
    const holding = given.workflows.find((w) => w.name === held);
    if (holding !== undefined) holding.status = 'on_hold';
    const server = await startPipelineServer(listen, given);
    const result = await wait(server, { revision: REVISION, 'poll-interval-seconds': '1', ...inputs });
    expect(errors(result)).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['outcome']).toBe('success');
    expect(result.stdout).not.toMatch(/is on_hold: waiting/u);
  });
});

describe('hole 3: a pipeline that ran only an approval', () => {
  const approvalOnly = (): Script => {
    const ship: ScriptWorkflow = {
      id: uuid(1),
      name: 'ship',
      status: 'success',
      jobs: [{ id: uuid(11), name: 'hold', status: 'success', type: 'approval', job_number: 3 }],
    };
    return script([ship]);
  };

  it('is no success for wait-for-build by pipeline-id: if-no-builds decides', async () => {
    const server = await startPipelineServer(listen, approvalOnly());
    const result = await wait(server, { 'pipeline-id': PIPELINE_ID, 'poll-interval-seconds': '1' });
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(/no job of pipeline #7 ran a build \(an approval is not one\)/iu),
    ]);
    expect(result.outputs['outcome']).not.toBe('success');
    // The approval's number names no build: it is never read as one.
    expect(server.seen).not.toContain('GET /api/v1.1/project/primary-host/octo-org/octo-repo/3');
  });

  it('is no success for trigger-build with wait', async () => {
    const server = await startPipelineServer(listen, approvalOnly());
    const result = await runAction('trigger-build', {
      inputs: {
        token: TOKEN,
        'base-url': server.base,
        'trigger-api': 'v2',
        wait: 'true',
        'poll-interval-seconds': '1',
      },
    });
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([expect.stringMatching(/an approval is not one/u)]);
    expect(result.outputs['outcome']).not.toBe('success');
  });
});

describe("issue 40: a 'failing' workflow has not ended", () => {
  it('is waited for until it ends, then judged', () => {
    const { ended, reads } = failing;
    expect(ended.stdout).toMatch(/Workflow ship is failing: waiting for it to end/u);
    expect(reads).toBeGreaterThanOrEqual(3);
    expect(ended.stdout).not.toMatch(/status '?failing'? .*lets pass|ended with status failing/u);
    expect(ended.code).toBe(0);
    expect(ended.outputs['outcome']).toBe('failed');
  });

  it('is never waited for past the deadline', () => {
    const { stays } = failing;
    expect(stays.code).toBe(1);
    expect(errors(stays)).toEqual([expect.stringMatching(/did not end within 1 min/u)]);
    expect(stays.durationMs).toBeLessThan(MINUTE + 20_000);
  });
});
