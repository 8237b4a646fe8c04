// Parity of the two ways of naming a project (issue 39, "Parity, as a table"): each row is a scenario on the
// service, run twice from the committed bundle against the emulator, once with `vcs-type`/`username`/`project` and
// once with `project-slug` naming the same project. Both must give the same verdict, the same output names and the
// same values where the two must agree. A row where the service itself makes them differ says why in `differs`
// and checks that difference. A row's `hole` names the hole of issue 38 it guards: those rows failed before the
// gate's one rule and approve's fork rule were merged.
// Every run has an emulator of its own, seeded the same way for both kinds. The runs that wait a minute (the
// shortest appear time and deadline the inputs allow) start together, the others beside them, so the file lasts
// about as long as its longest row.
import { beforeAll, describe, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import type { Started } from '../harness/runner.ts';
import {
  checkRow,
  jobNum,
  buildOutcomes,
  KINDS,
  limited,
  oneJob,
  runKind,
  SLUG,
  type Kind,
  type KindRun,
  type Row,
  type Seeded,
} from './parity-helpers.ts';

const SHA = 'feedc0defeedc0defeedc0defeedc0defeedc0de';
const UNBUILT = 'dead0000dead0000dead0000dead0000dead0000';
const LONG = 600_000;

const NO_STEP_OUTPUT = 'v2 has no step output: by slug failed-step is empty';
const PROJECT_TOKEN =
  'with a project token only v1.1 answers (v2 401): by triple the builds alone decide, by slug nothing can be read';
const V1_TRIGGER =
  'v2 has no revision or parallel trigger: by triple it goes to v1.1, by slug it is an input error';
const NO_TESTS =
  "v2 has no no_tests job status (the reference's job status enum): by slug a job without tests reads success";

// ---- seeding

const push = (emu: Emulator, extra: Parameters<Emulator['state']['push']>[1] = {}): void => {
  emu.state.push(SLUG, { branch: 'main', revision: SHA, ...extra });
};
const lastPipeline = (emu: Emulator): string => String(emu.state.pipelines(SLUG).at(-1)?.['id']);
const workflowStatuses = (emu: Emulator): string[] =>
  (emu.state.pipelineWorkflows(lastPipeline(emu)) ?? []).map((w) => w.status);
const firstWorkflow = (emu: Emulator): string =>
  emu.state.pipelineWorkflows(lastPipeline(emu))?.[0]?.id ?? '';
/** A push whose only workflow ends `status` before any of its jobs was made. */
const endedBeforeJobs =
  (status: 'failed' | 'error' | 'canceled' | 'unauthorized') =>
  (emu: Emulator): void => {
    push(emu, { delayMs: LONG });
    emu.state.endWorkflow(firstWorkflow(emu), status);
  };
/** A push whose one job is cancelled on the service as soon as it is made. */
const cancelled = (emu: Emulator): void => {
  push(emu);
  const num = emu.state.workflowJobs(firstWorkflow(emu))?.[0]?.job_number;
  if (typeof num !== 'number') throw new Error('no job to cancel');
  emu.state.cancelBuild(SLUG, num);
};
/** A pipeline whose only workflow ran one approval job, approved by a person: no build ran. */
const approvedOnly = (emu: Emulator): void => {
  push(emu);
  emu.state.approve(firstWorkflow(emu), { name: 'hold' });
};
const APPROVAL_ONLY = [{ name: 'ship', jobs: [{ name: 'hold', type: 'approval' as const }] }];
/** build, then a hold, then deploy: the pipeline stays on hold once build has passed. */
const HELD = [
  {
    name: 'ship',
    jobs: [
      { name: 'build', runMs: 300, queuedMs: 50, artifacts: [] },
      { name: 'hold', type: 'approval' as const, requires: ['build'] },
      { name: 'deploy', runMs: 300, queuedMs: 50, requires: ['hold'], artifacts: [] },
    ],
  },
];
/** A hold before deploy, with no build before it. */
const HOLD_FIRST = [
  {
    name: 'ship',
    jobs: [
      { name: 'hold', type: 'approval' as const },
      { name: 'deploy', runMs: 300, queuedMs: 50, requires: ['hold'], artifacts: [] },
    ],
  },
];
/** One job fails at once while the other still runs a few seconds: the workflow is `failing` meanwhile. */
const FAILING = [
  {
    name: 'ship',
    jobs: [
      { name: 'build', runMs: 300, queuedMs: 50, outcome: 'failed' as const, artifacts: [] },
      { name: 'slow', runMs: 5000, queuedMs: 50, artifacts: [] },
    ],
  },
];
/** A pipeline of a fork's pull request (branch pull/7/head) for the commit. */
const forkPush = (emu: Emulator): void => {
  emu.state.push(SLUG, { pullRequest: { number: 7, fromFork: true }, revision: SHA });
};
const build =
  (index = -1) =>
  (s: Seeded): string =>
    String(jobNum(s, index, 'ship/build'));

// ---- inputs

const DEADLINE = 'wait-timeout-minutes';
const wfb =
  (extra: Record<string, string> = {}) =>
  (): Record<string, string> => ({
    revision: SHA,
    'poll-interval-seconds': '1',
    'settle-seconds': '1',
    'appear-timeout-minutes': '1',
    [DEADLINE]: '2',
    ...extra,
  });
const byPipeline =
  (extra: Record<string, string> = {}) =>
  (s: Seeded): Record<string, string> => ({
    'pipeline-id': s.pipelines.at(-1) ?? '',
    'poll-interval-seconds': '1',
    'settle-seconds': '1',
    'appear-timeout-minutes': '1',
    [DEADLINE]: '2',
    ...extra,
  });
const trigger =
  (extra: Record<string, string> = {}) =>
  (): Record<string, string> => ({
    branch: 'main',
    wait: 'true',
    'poll-interval-seconds': '1',
    [DEADLINE]: '1',
    ...extra,
  });

const ENDINGS = ['failed', 'infrastructure_fail', 'timedout', 'no_tests'] as const;

/**
 * What a job's ending gives: the build keeps its own outcome in `builds`, while `outcome` is `failed` for every
 * failure, its workflow's status (`failed`) counting as a build's would (docs/promises.md, promise 31).
 */
function ending(
  outcome: (typeof ENDINGS)[number],
  action: string,
): Pick<Row, 'code' | 'outputs' | 'builds' | 'differs'> {
  if (outcome === 'no_tests')
    return {
      code: { triple: 1, slug: 0 },
      outputs: {
        outcome: { triple: 'no_tests', slug: 'success' },
        ...(action === 'trigger-build' && { status: { triple: 'no_tests', slug: 'success' } }),
        'build-num': build(),
        'failed-step': '',
      },
      builds: { triple: 'build:no_tests', slug: 'build:success' },
      differs: NO_TESTS,
    };
  return {
    code: 1,
    outputs: {
      outcome: 'failed',
      'build-num': build(),
      'failed-step': { triple: FAILED_STEP[outcome], slug: '' },
    },
    builds: `build:${outcome}`,
    differs: NO_STEP_OUTPUT,
  };
}
/** The step each ending fails in, as the emulator's v1.1 build record gives it. */
const FAILED_STEP = {
  failed: 'Run tests',
  infrastructure_fail: 'Spin up environment',
  timedout: 'Run tests',
};

const waitForBuild: Row[] = [
  {
    action: 'wait-for-build',
    scenario: 'commit: its job ends success',
    config: { workflows: oneJob() },
    seed: push,
    inputs: wfb(),
    code: 0,
    outputs: { outcome: 'success', 'build-num': build(), 'failed-step': '' },
  },
  ...ENDINGS.map((outcome): Row => ({
    action: 'wait-for-build',
    scenario: `commit: its job ends ${outcome}`,
    config: { workflows: oneJob({ outcome }) },
    seed: push,
    inputs: wfb(),
    ...ending(outcome, 'wait-for-build'),
  })),
  {
    action: 'wait-for-build',
    scenario: 'commit: its job is canceled',
    config: { workflows: oneJob({ runMs: LONG }) },
    seed: cancelled,
    inputs: wfb(),
    code: 1,
    outputs: { outcome: 'failed', 'build-num': build() },
    builds: 'build:canceled',
  },
  {
    action: 'wait-for-build',
    scenario: 'commit: the service skips it ([ci skip]), its job not_run',
    config: { workflows: oneJob() },
    seed: (emu) => push(emu, { skip: true }),
    inputs: wfb(),
    code: 1,
    outputs: { outcome: 'not_run', 'build-num': build() },
  },
  {
    action: 'wait-for-build',
    scenario: 'commit: its workflow failed before any job',
    config: { workflows: oneJob() },
    seed: endedBeforeJobs('failed'),
    inputs: wfb(),
    code: 1,
    log: /::error::.*ship/u,
    hole: 'issue 38 hole 2: the commit path read no workflow that made no job ("No build ... appeared")',
    minute: true,
  },
  ...(['error', 'unauthorized'] as const).map((status): Row => ({
    action: 'wait-for-build',
    scenario: `commit: its workflow ended ${status} before any job, if-no-builds: pass`,
    config: { workflows: oneJob() },
    seed: endedBeforeJobs(status),
    inputs: wfb({ 'if-no-builds': 'pass' }),
    code: 1,
    log: /::error::.*ship/u,
    hole: 'issue 38 hole 2: the commit path dropped workflows that made no job',
    minute: true,
  })),
  {
    action: 'wait-for-build',
    scenario: 'commit: its workflow failed before any job, project token, if-no-builds: pass',
    config: { workflows: oneJob() },
    seed: endedBeforeJobs('failed'),
    faults: [{ kind: 'status', status: 401, path: /^\/api\/v2\//u, times: Infinity }],
    inputs: wfb({ 'if-no-builds': 'pass' }),
    code: { triple: 0, slug: 1 },
    outputs: { outcome: { triple: 'none', slug: '' } },
    log: { triple: /could not be read, so the builds alone decide/u, slug: /::error::.*401/u },
    differs: PROJECT_TOKEN,
    hole: 'issue 38 hole 2: by triple the log did not say that workflows without builds could not be read',
    minute: true,
  },
  {
    action: 'wait-for-build',
    scenario: 'commit: one job failed while another still runs (failing)',
    config: { workflows: FAILING },
    seed: push,
    inputs: wfb(),
    code: 1,
    // The newest build is the one that ran on: the step waited for it.
    outputs: {
      outcome: 'failed',
      'build-num': (s) => String(jobNum(s, -1, 'ship/slow')),
      'failed-step': { triple: 'Run tests', slug: '' },
    },
    builds: 'build:failed,slow:success',
    differs: NO_STEP_OUTPUT,
  },
  {
    action: 'wait-for-build',
    scenario: 'commit: an approval on hold after a green build waits to the deadline',
    config: { workflows: HELD },
    seed: push,
    inputs: wfb({ [DEADLINE]: '1', 'settle-seconds': '0' }),
    code: 1,
    // Every build ended, but the wait did not: `outcome` stays empty, never `success` on a failed step.
    outputs: { outcome: '' },
    builds: 'build:success',
    minute: true,
  },
  {
    action: 'wait-for-build',
    scenario: "commit: a fork's pipeline of the commit",
    config: { workflows: oneJob() },
    seed: forkPush,
    inputs: wfb(),
    code: 0,
    outputs: { outcome: 'success', 'build-num': build() },
  },
  {
    action: 'wait-for-build',
    scenario: 'commit: no build for the commit',
    config: { workflows: oneJob() },
    seed: push,
    inputs: wfb({ revision: UNBUILT }),
    code: 1,
    outputs: { outcome: '', builds: '[]' },
    log: /::error::No build of commit dead0000dead appeared within 1 min/u,
    minute: true,
  },
  {
    action: 'wait-for-build',
    scenario: 'commit: a named job (deploy) that never ran',
    config: { workflows: oneJob() },
    seed: push,
    inputs: wfb({ job: 'deploy' }),
    code: 1,
    log: /::error::.*deploy.*did not appear/u,
    minute: true,
  },
  {
    action: 'wait-for-build',
    scenario: 'commit: the deadline passes while its job runs',
    config: { workflows: oneJob({ runMs: LONG }) },
    seed: push,
    inputs: wfb({ [DEADLINE]: '1' }),
    code: 1,
    outputs: { outcome: '' },
    minute: true,
  },
  {
    action: 'wait-for-build',
    scenario: 'commit: a pipeline that ran only an approval, approved',
    config: { workflows: APPROVAL_ONLY },
    seed: approvedOnly,
    inputs: wfb(),
    code: 1,
    minute: true,
  },
  {
    action: 'wait-for-build',
    scenario: 'build-num: its job ends failed',
    config: { workflows: oneJob({ outcome: 'failed' }) },
    seed: push,
    inputs: (s) => ({ 'build-num': build()(s), 'poll-interval-seconds': '1' }),
    code: 1,
    outputs: { outcome: 'failed', 'build-num': build(), 'failed-step': { triple: 'Run tests', slug: '' } },
    builds: 'build:failed',
    differs: NO_STEP_OUTPUT,
  },
  {
    action: 'wait-for-build',
    scenario: 'pipeline-id: its job ends success',
    config: { workflows: oneJob() },
    seed: push,
    inputs: byPipeline(),
    code: 0,
    outputs: { outcome: 'success', 'build-num': build() },
  },
  {
    action: 'wait-for-build',
    scenario: 'pipeline-id: its job ends failed',
    config: { workflows: oneJob({ outcome: 'failed' }) },
    seed: push,
    inputs: byPipeline(),
    code: 1,
    outputs: { outcome: 'failed', 'build-num': build(), 'failed-step': { triple: 'Run tests', slug: '' } },
    differs: NO_STEP_OUTPUT,
  },
  {
    action: 'wait-for-build',
    scenario: 'pipeline-id: its workflow failed before any job',
    config: { workflows: oneJob() },
    seed: endedBeforeJobs('failed'),
    inputs: byPipeline(),
    code: 1,
    log: /::error::.*ship/u,
  },
  {
    action: 'wait-for-build',
    scenario: 'pipeline-id: its workflow errored before any job',
    config: { workflows: oneJob() },
    seed: endedBeforeJobs('error'),
    inputs: byPipeline({ 'if-no-builds': 'pass' }),
    code: 1,
    log: /::error::.*ship/u,
  },
  {
    action: 'wait-for-build',
    scenario: 'pipeline-id: the deadline passes while its job runs',
    config: { workflows: oneJob({ runMs: LONG }) },
    seed: push,
    inputs: byPipeline({ [DEADLINE]: '1' }),
    code: 1,
    outputs: { outcome: '' },
    minute: true,
  },
  {
    action: 'wait-for-build',
    scenario: 'pipeline-id: one job failed while another still runs (failing)',
    config: { workflows: FAILING },
    seed: push,
    inputs: byPipeline(),
    code: 1,
    outputs: { outcome: 'failed', 'failed-step': { triple: 'Run tests', slug: '' } },
    differs: NO_STEP_OUTPUT,
  },
  {
    action: 'wait-for-build',
    scenario: 'pipeline-id: a named job (deploy) that never ran',
    config: { workflows: oneJob() },
    seed: push,
    inputs: byPipeline({ job: 'deploy' }),
    code: 1,
    log: /::error::.*deploy/u,
    hole: 'issue 38 hole 1: a named job missing from the pipeline passed by pipeline-id',
    minute: true,
  },
  {
    action: 'wait-for-build',
    scenario: 'pipeline-id: a pipeline that ran only an approval, approved',
    config: { workflows: APPROVAL_ONLY },
    seed: approvedOnly,
    inputs: byPipeline(),
    code: 1,
    hole: 'issue 38 hole 3: an approval-only pipeline passed as success',
    minute: true,
  },
  {
    action: 'wait-for-build',
    scenario: "pipeline-id: a fork's pipeline",
    config: { workflows: oneJob() },
    seed: forkPush,
    inputs: byPipeline(),
    code: 0,
    outputs: { outcome: 'success', 'build-num': build() },
  },
];

/** Cancels the triggered pipeline's job on the service once it is made. */
async function cancelOnceMade(emu: Emulator): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const id = emu.state.pipelines(SLUG).at(-1)?.['id'];
    const workflow = id === undefined ? undefined : emu.state.pipelineWorkflows(String(id))?.[0];
    const num = workflow === undefined ? undefined : emu.state.workflowJobs(workflow.id)?.[0]?.job_number;
    if (typeof num === 'number') {
      emu.state.cancelBuild(SLUG, num);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no job was made to cancel');
}

const triggerBuild: Row[] = [
  {
    action: 'trigger-build',
    scenario: 'its job ends success',
    config: { workflows: oneJob() },
    inputs: trigger(),
    code: 0,
    outputs: { outcome: 'success', status: 'success', 'pipeline-number': '1', 'build-num': build() },
  },
  ...ENDINGS.map((outcome): Row => ({
    action: 'trigger-build',
    scenario: `its job ends ${outcome}`,
    config: { workflows: oneJob({ outcome }) },
    inputs: trigger(),
    ...ending(outcome, 'trigger-build'),
  })),
  {
    action: 'trigger-build',
    scenario: 'its job is canceled on the service',
    config: { workflows: oneJob({ runMs: LONG }) },
    inputs: trigger(),
    drive: cancelOnceMade,
    code: 1,
    outputs: { outcome: 'failed' },
    builds: 'build:canceled',
  },
  {
    action: 'trigger-build',
    scenario: 'its configuration errors: no workflow, no job',
    config: { workflows: oneJob(), configError: 'Unable to parse YAML' },
    inputs: trigger(),
    code: 1,
    log: /::error::.*Unable to parse YAML/u,
  },
  {
    action: 'trigger-build',
    scenario: 'its workflow fails before any build (behind a hold)',
    config: { workflows: HOLD_FIRST },
    inputs: trigger(),
    drive: async (emu) => {
      for (let tries = 0; tries < 200 && firstWorkflow(emu) === ''; tries++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      emu.state.endWorkflow(firstWorkflow(emu), 'failed');
    },
    code: 1,
    log: /::error::.*ship/u,
  },
  ...(['fail', 'pass'] as const).map((ifNoBuilds): Row => ({
    action: 'trigger-build',
    scenario: `its pipeline lists no workflow (all filtered out), if-no-builds: ${ifNoBuilds}`,
    config: { workflows: oneJob(), noWorkflows: true },
    // The deadline past the minute after which a pipeline without workflows counts as one that ran nothing.
    inputs: trigger({ 'if-no-builds': ifNoBuilds, [DEADLINE]: '2' }),
    code: ifNoBuilds === 'fail' ? 1 : 0,
    outputs: { outcome: ifNoBuilds === 'fail' ? '' : 'none' },
    log: /listed no workflow within 60 s/u,
    minute: true,
  })),
  {
    action: 'trigger-build',
    scenario: 'one job failed while another still runs (failing)',
    config: { workflows: FAILING },
    inputs: trigger(),
    code: 1,
    outputs: { outcome: 'failed', 'failed-step': { triple: 'Run tests', slug: '' } },
    differs: NO_STEP_OUTPUT,
  },
  {
    action: 'trigger-build',
    scenario: 'an approval on hold after a green build waits to the deadline',
    config: { workflows: HELD },
    inputs: trigger(),
    code: 1,
    // Every build ended, but the wait did not: `outcome` stays empty, never `success` on a failed step.
    outputs: { outcome: '' },
    builds: 'build:success',
    minute: true,
  },
  {
    action: 'trigger-build',
    scenario: 'the deadline passes while its job runs',
    config: { workflows: oneJob({ runMs: LONG }) },
    inputs: trigger(),
    code: 1,
    outputs: { outcome: '' },
    minute: true,
  },
  {
    action: 'trigger-build',
    scenario: 'the runner cancels the step while pipeline/run is on its way',
    config: { workflows: oneJob({ runMs: LONG }) },
    faults: [
      {
        kind: 'stall-headers',
        method: 'POST',
        path: `/api/v2/project/${SLUG}/pipeline/run`,
        afterEffect: true,
      },
    ],
    inputs: trigger(),
    drive: async (emu, started) => {
      while (!emu.requests.some((r) => r.method === 'POST' && r.path.endsWith('/pipeline/run')))
        await new Promise((resolve) => setTimeout(resolve, 20));
      started.child.kill('SIGINT');
    },
    code: 1,
    service: { read: workflowStatuses, want: ['canceled'] },
    log: /::error::the step was cancelled \(SIGINT\); pipeline #1 \(id [0-9a-f-]{36}\), started as the step was cancelled, was cancelled \(workflows ship\)/u,
  },
  {
    action: 'trigger-build',
    scenario: 'the runner cancels the step while it waits',
    config: { workflows: oneJob({ runMs: LONG }) },
    inputs: trigger(),
    drive: async (emu, started) => {
      await started.waitFor(/Waiting for/u);
      started.child.kill('SIGINT');
    },
    code: 1,
    log: /::error::the step was cancelled \(SIGINT\); pipeline #1 .*was cancelled/u,
    service: { read: workflowStatuses, want: ['canceled'] },
  },
  {
    action: 'trigger-build',
    scenario: 'a revision is given',
    config: { workflows: oneJob() },
    inputs: trigger({ revision: SHA }),
    code: { triple: 0, slug: 1 },
    log: { triple: undefined, slug: /::error::revision: not used; leave it out with project-slug/u },
    differs: V1_TRIGGER,
    inputError: 'slug',
  },
  {
    action: 'trigger-build',
    scenario: 'parallel is given',
    config: { workflows: oneJob(), platform: '1.0' },
    inputs: trigger({ parallel: '2' }),
    code: { triple: 0, slug: 1 },
    log: { triple: undefined, slug: /::error::parallel: /u },
    differs: V1_TRIGGER,
    inputError: 'slug',
  },
];

/** Branches whose pushes make the pipelines wait-for-serial sees. */
const SERIAL = {
  branches: {
    old: { workflows: oneJob({ runMs: LONG, queuedMs: 0 }) },
    held: { workflows: APPROVAL_ONLY },
    failing: {
      workflows: [
        {
          name: 'ship',
          jobs: [
            { name: 'build', runMs: 1, queuedMs: 0, outcome: 'failed' as const, artifacts: [] },
            { name: 'slow', runMs: LONG, queuedMs: 0, artifacts: [] },
          ],
        },
      ],
    },
    main: { workflows: oneJob({ runMs: LONG, queuedMs: 0 }) },
  },
};
const serial =
  (extra: Record<string, string> = {}) =>
  (s: Seeded): Record<string, string> => ({
    'build-num': build()(s),
    'poll-interval-seconds': '1',
    [DEADLINE]: '1',
    ...extra,
  });
/** Ends the older build `num` once the step says it waits for it. */
const finishOlder =
  (num = 1) =>
  async (emu: Emulator, started: Started): Promise<void> => {
    await started.waitFor(new RegExp(`Waiting for build #${num}\\b`, 'u'));
    emu.state.finishBuild(SLUG, num, 'success');
  };
const pushes =
  (...branches: string[]) =>
  (emu: Emulator): void => {
    for (const branch of branches) emu.state.push(SLUG, { branch });
  };

const waitForSerial: Row[] = [
  {
    action: 'wait-for-serial',
    scenario: "an older pipeline's running job",
    config: SERIAL,
    seed: pushes('old', 'main'),
    inputs: serial(),
    drive: finishOlder(),
    code: 0,
    outputs: { 'waited-for': (s) => `[${jobNum(s, 0, 'ship/build')}]` },
  },
  {
    action: 'wait-for-serial',
    scenario: 'nothing older runs',
    config: SERIAL,
    seed: pushes('main'),
    inputs: serial(),
    code: 0,
    outputs: { 'waited-for': '[]' },
  },
  {
    action: 'wait-for-serial',
    scenario: 'an older pipeline on hold (approval) is not waited for',
    config: SERIAL,
    seed: pushes('held', 'main'),
    inputs: serial(),
    code: 0,
    outputs: { 'waited-for': '[]' },
  },
  {
    action: 'wait-for-serial',
    scenario: "an older fork's pipeline that runs",
    config: { ...SERIAL, workflows: oneJob({ runMs: LONG, queuedMs: 0 }) },
    seed: (emu) => {
      emu.state.push(SLUG, { pullRequest: { number: 7, fromFork: true } });
      emu.state.push(SLUG, { branch: 'main' });
    },
    inputs: serial(),
    drive: finishOlder(),
    code: 0,
    outputs: { 'waited-for': (s) => `[${jobNum(s, 0, 'ship/build')}]` },
  },
  {
    action: 'wait-for-serial',
    scenario: 'an older pipeline failing while its other job runs',
    config: SERIAL,
    seed: pushes('failing', 'main'),
    inputs: serial(),
    drive: finishOlder(2),
    code: 0,
    outputs: { 'waited-for': (s) => `[${jobNum(s, 0, 'ship/slow')}]` },
  },
  {
    action: 'wait-for-serial',
    scenario: 'a named job (deploy) that never ran: nothing to wait for',
    config: SERIAL,
    seed: pushes('old', 'main'),
    inputs: serial({ job: 'deploy' }),
    code: 0,
    outputs: { 'waited-for': '[]' },
  },
  {
    action: 'wait-for-serial',
    scenario: 'the deadline passes while an older job runs',
    config: SERIAL,
    seed: pushes('old', 'main'),
    inputs: serial(),
    code: 1,
    minute: true,
  },
];

const approveInputs =
  (extra: Record<string, string> = {}) =>
  (): Record<string, string> => ({
    revision: SHA,
    'poll-interval-seconds': '1',
    'wait-for-hold-minutes': '1',
    ...extra,
  });
/** Whether the approval job `hold` of each pipeline (oldest first) is still on hold. */
const holds = (emu: Emulator): boolean[] =>
  emu.state
    .pipelines(SLUG)
    .map((p) =>
      (emu.state.pipelineWorkflows(String(p['id'])) ?? []).some((w) =>
        (emu.state.workflowJobs(w.id) ?? []).some((j) => j.name === 'hold' && j.status === 'on_hold'),
      ),
    );

const approve: Row[] = [
  {
    action: 'approve',
    scenario: 'an approval on hold after a green build',
    config: { workflows: HELD },
    seed: push,
    inputs: approveInputs(),
    code: 0,
    outputs: { count: '1' },
    service: { read: holds, want: [false] },
  },
  {
    action: 'approve',
    scenario: 'pipeline-id: an approval on hold',
    config: { workflows: APPROVAL_ONLY },
    seed: push,
    inputs: (s) => ({ 'pipeline-id': s.pipelines.at(-1) ?? '', 'wait-for-hold-minutes': '0' }),
    code: 0,
    outputs: { count: '1' },
    service: { read: holds, want: [false] },
  },
  {
    action: 'approve',
    scenario: 'no pipeline for the commit',
    config: { workflows: APPROVAL_ONLY },
    seed: push,
    inputs: approveInputs({ revision: UNBUILT, 'wait-for-hold-minutes': '0' }),
    code: 1,
    service: { read: holds, want: [true] },
  },
  {
    action: 'approve',
    scenario: 'the hold never comes before wait-for-hold-minutes (its build runs on)',
    config: {
      workflows: HELD.map((w) => ({
        ...w,
        jobs: w.jobs.map((j) => (j.name === 'build' ? { ...j, runMs: LONG } : j)),
      })),
    },
    seed: push,
    inputs: approveInputs(),
    code: 1,
    minute: true,
  },
  {
    action: 'approve',
    scenario: "a fork's newer pipeline of the commit, allow-forks: true",
    config: { workflows: APPROVAL_ONLY },
    seed: (emu) => {
      push(emu);
      forkPush(emu);
    },
    inputs: approveInputs({ 'wait-for-hold-minutes': '0', 'allow-forks': 'true' }),
    code: 0,
    outputs: { count: '1' },
    service: { read: holds, want: [true, false] },
  },
  {
    action: 'approve',
    scenario: 'a named approval job (deploy-ok) that never ran',
    config: { workflows: APPROVAL_ONLY },
    seed: push,
    inputs: approveInputs({ job: 'deploy-ok', 'wait-for-hold-minutes': '0' }),
    code: 1,
    service: { read: holds, want: [true] },
  },
  {
    action: 'approve',
    scenario: "a fork's newer pipeline of the commit holds too",
    hole: "issue 38 hole 8: approve released a fork's pipeline by default",
    config: { workflows: APPROVAL_ONLY },
    seed: (emu) => {
      push(emu);
      forkPush(emu);
    },
    inputs: approveInputs({ 'wait-for-hold-minutes': '0' }),
    code: 0,
    outputs: { count: '1' },
    service: { read: holds, want: [false, true] },
  },
];

const fetchInputs =
  (extra: Record<string, string> = {}) =>
  (): Record<string, string> => ({ 'if-no-artifacts': 'fail', ...extra });
const ARTIFACTS = oneJob({ runMs: 1, queuedMs: 1, artifacts: [{ path: 'dist/app.txt', size: 12 }] });
/** Two pipelines of main in the past, then a fork's, all ended. */
const history =
  (fork: boolean) =>
  (emu: Emulator): void => {
    const start = emu.state.clock.now() - 3_600_000;
    emu.state.push(SLUG, { branch: 'main', revision: '1'.repeat(40), at: start });
    emu.state.push(SLUG, { branch: 'main', revision: SHA, at: start + 60_000 });
    if (fork)
      emu.state.push(SLUG, {
        pullRequest: { number: 7, fromFork: true },
        revision: '7'.repeat(40),
        at: start + 120_000,
      });
  };

const fetchArtifacts: Row[] = [
  {
    action: 'fetch-artifacts',
    scenario: 'a build number',
    config: { workflows: ARTIFACTS },
    seed: history(false),
    inputs: (s) => fetchInputs({ 'build-num': build(0)(s) })(),
    code: 0,
    outputs: { count: '1', 'build-num': build(0) },
  },
  {
    action: 'fetch-artifacts',
    scenario: 'latest',
    config: { workflows: ARTIFACTS },
    seed: history(false),
    inputs: fetchInputs(),
    code: 0,
    outputs: { count: '1', 'build-num': build(1) },
  },
  {
    action: 'fetch-artifacts',
    scenario: "latest passes over a fork's newer pipeline",
    config: { workflows: ARTIFACTS },
    seed: history(true),
    inputs: fetchInputs(),
    code: 0,
    outputs: { count: '1', 'build-num': build(1) },
  },
  {
    action: 'fetch-artifacts',
    scenario: "latest with allow-forks takes the fork's",
    config: { workflows: ARTIFACTS },
    seed: history(true),
    inputs: fetchInputs({ 'allow-forks': 'true' }),
    code: 0,
    outputs: { count: '1', 'build-num': build(2) },
  },
  {
    action: 'fetch-artifacts',
    scenario: "a fork's build by number: fetched, and the log says whose",
    config: { workflows: ARTIFACTS },
    seed: history(true),
    inputs: (s) => fetchInputs({ 'build-num': build(2)(s) })(),
    code: 0,
    outputs: { count: '1', 'build-num': build(2) },
    log: /of a pull request/u,
  },
  {
    action: 'fetch-artifacts',
    scenario: 'latest of a named job (deploy) that never ran',
    config: { workflows: ARTIFACTS },
    seed: history(false),
    inputs: fetchInputs({ job: 'deploy' }),
    code: 1,
  },
  {
    action: 'fetch-artifacts',
    scenario: 'latest of a commit with no build',
    config: { workflows: ARTIFACTS },
    seed: history(false),
    inputs: fetchInputs({ revision: UNBUILT }),
    code: 1,
  },
];

const vars = (emu: Emulator): Record<string, string> => emu.state.envvars(SLUG);
const setEnvvar: Row[] = [
  {
    action: 'set-envvar',
    scenario: 'an invalid name: one input error, nothing sent',
    config: {},
    inputs: () => ({ name: '1-BAD', value: 'x' }),
    code: 1,
    log: /^::error::name: /mu,
    service: { read: vars, want: {} },
  },
  {
    action: 'set-envvar',
    scenario: 'set',
    config: {},
    inputs: () => ({ name: 'REGION', value: 'eu-west-1' }),
    code: 0,
    outputs: { set: '["REGION"]', deleted: '[]' },
    service: { read: vars, want: { REGION: 'eu-west-1' } },
  },
  {
    action: 'set-envvar',
    scenario: 'several variables at once, one of them replaced',
    config: {},
    seed: (emu) => emu.state.setEnvvar(SLUG, 'REGION', 'us-east-1'),
    inputs: () => ({ variables: 'REGION=eu-west-1\nTIER=gold' }),
    code: 0,
    outputs: { set: '["REGION","TIER"]', deleted: '[]' },
    service: { read: vars, want: { REGION: 'eu-west-1', TIER: 'gold' } },
  },
  {
    action: 'set-envvar',
    scenario: 'delete a variable the project does not have',
    config: {},
    inputs: () => ({ delete: 'NEVER' }),
    code: 0,
    outputs: { set: '[]', deleted: '[]' },
    service: { read: vars, want: {} },
  },
  {
    action: 'set-envvar',
    scenario: 'delete',
    config: {},
    seed: (emu) => emu.state.setEnvvar(SLUG, 'OLD', 'x'),
    inputs: () => ({ delete: 'OLD' }),
    code: 0,
    outputs: { set: '[]', deleted: '["OLD"]' },
    service: { read: vars, want: {} },
  },
];

const TABLE: Row[] = [
  ...triggerBuild,
  ...waitForBuild,
  ...waitForSerial,
  ...approve,
  ...fetchArtifacts,
  ...setEnvvar,
];

const ran = new Map<Row, Record<Kind, KindRun>>();

beforeAll(async () => {
  const both = (rows: Row[]) => rows.flatMap((row) => KINDS.map((kind) => ({ row, kind })));
  const one = async ({ row, kind }: { row: Row; kind: Kind }) => ({
    row,
    kind,
    run: await runKind(row, kind),
  });
  // Those that wait a minute all at once, mostly asleep; the others a few at a time beside them, so that a
  // step's own timings (a cancel answered within 4 s) are not those of a machine running a hundred steps.
  const minute = both(TABLE.filter((r) => r.minute === true));
  const [long, short] = await Promise.all([
    limited(minute, minute.length, one),
    limited(both(TABLE.filter((r) => r.minute !== true)), 8, one),
  ]);
  const runs = [...long, ...short];
  // The table as it ran: each row's exit code, outcome and builds by triple and by slug, and how long it took.
  const show = (r: KindRun | undefined): string =>
    r === undefined
      ? '-'
      : `${r.result.code} ${r.result.outputs['outcome'] ?? '-'} ${buildOutcomes(r.result)} ${Math.round(r.ms / 1000)}s`;
  console.info(
    TABLE.map((row) => {
      const of = (kind: Kind) => runs.find((r) => r.row === row && r.kind === kind)?.run;
      return `${row.action} | ${row.scenario} | ${show(of('triple'))} | ${show(of('slug'))}`;
    }).join('\n'),
  );
  for (const { row, kind, run } of runs)
    ran.set(row, { ...(ran.get(row) ?? ({} as Record<Kind, KindRun>)), [kind]: run });
}, 170_000);

describe.each([
  ['trigger-build', triggerBuild],
  ['wait-for-build', waitForBuild],
  ['wait-for-serial', waitForSerial],
  ['approve', approve],
  ['fetch-artifacts', fetchArtifacts],
  ['set-envvar', setEnvvar],
] as const)('%s by triple and by slug', (_action, rows) => {
  it.each(
    rows.map(
      (row) => [row.hole === undefined ? row.scenario : `${row.scenario} [guards ${row.hole}]`, row] as const,
    ),
  )('%s', (_name, row) => {
    const runs = ran.get(row);
    if (runs === undefined) throw new Error('the row did not run');
    checkRow(row, runs);
  });
});
