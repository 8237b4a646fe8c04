// What each trigger-api mode sends, and what following a pipeline costs: trigger-build's logic in-process against
// the emulator, on a fake clock both share (the bundle as the runner runs it: sunset.bundle.slow.test.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { spec, triggerBuild } from '../../src/actions/trigger-build/trigger-build.ts';
import { startEmulator, type Emulator, type WorkflowSpec } from '../../emulator/index.ts';
import { fakeClock, PROJECT, runLogic, SLUG, type FakeClock } from './gating-helpers.ts';

let emulator: Emulator;
let clock: FakeClock;
afterEach(async () => {
  await emulator.close();
});

async function service(postSunset: boolean, workflows: WorkflowSpec[]): Promise<void> {
  clock = fakeClock();
  emulator = await startEmulator({ clock, postSunset });
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, { queuedMs: 0, workflows });
}

const chain = (names: string[], runMs: number): WorkflowSpec[] => [
  {
    name: 'ship',
    jobs: names.map((name, i) => ({
      name,
      runMs,
      artifacts: [],
      ...(i === 0 ? {} : { requires: [names[i - 1] ?? ''] }),
    })),
  },
];

/** `METHOD path` of every API request, with ids and numbers as placeholders. */
function sent(): string[] {
  return emulator.requests
    .filter((r) => r.origin === 'api')
    .map((r) =>
      `${r.method} ${r.path}`.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}').replace(/\/\d+$/, '/{num}'),
    );
}

const PIPELINE_REQUESTS = [
  `GET /api/v2/project/${SLUG}/pipeline`,
  `POST /api/v2/project/${SLUG}/pipeline/run`,
  ...Array<string>(4).fill('GET /api/v2/pipeline/{id}'),
  'GET /api/v2/pipeline/{id}/workflow',
];

describe('what each mode sends', () => {
  it.each<[string, boolean, string, string[]]>([
    ['v1.1', false, 'v1.1', [`GET /project/${SLUG}`, `POST /project/${SLUG}/tree/main`]],
    // A pipeline first, before the sunset as after it: the newest number, the trigger, the pipeline read until
    // it is set up (pending for the emulator's moment), its workflows listed.
    ...[false, true].map((postSunset): [string, boolean, string, string[]] => [
      `auto ${postSunset ? 'after' : 'before'} the sunset`,
      postSunset,
      'auto',
      PIPELINE_REQUESTS,
    ]),
    ['v2', true, 'v2', PIPELINE_REQUESTS],
  ])('%s, without wait', async (_what, postSunset, api, expected) => {
    await service(postSunset, chain(['build'], 1000));
    const io = await runLogic(spec, triggerBuild, { emulator, clock, inputs: { 'trigger-api': api } });
    expect(io.failed).toBeUndefined();
    expect(sent()).toEqual(expected);
  });
});

/** Requests of a pipeline trigger: the newest number, the POST, and four reads over the emulator's pending moment. */
const TRIGGER = 6;

describe('following a pipeline at the default poll interval (15 s)', () => {
  it.each<[string, string[], number]>([
    ['one job of 10 minutes', ['build'], 10 * 60_000],
    // Three jobs of 200 s in a row.
    ['three jobs of 200 s in a row', ['build', 'test', 'deploy'], 200_000],
  ])('%s', async (what, jobs, runMs) => {
    await service(true, chain(jobs, runMs));
    const io = await runLogic(spec, triggerBuild, { emulator, clock, inputs: { wait: 'true' } });
    expect(io.failed).toBeUndefined();
    expect(io.outputs['outcome']).toBe('success');
    const all = sent();
    const count = (pattern: RegExp): number => all.filter((line) => pattern.test(line)).length;
    const workflowLists = count(/^GET \/api\/v2\/pipeline\/\{id\}\/workflow$/);
    const jobLists = count(/^GET \/api\/v2\/workflow\/\{id\}\/job$/);
    const buildGets = count(/^GET \/project\/.*\/\{num\}$/);
    const reports = all.length - workflowLists - jobLists - buildGets - TRIGGER;
    console.info(
      `${what}: ${all.length} requests in all: ${TRIGGER} to trigger (v2 list, v2 POST, the pipeline read ` +
        'until set up), ' +
        `${workflowLists} workflow lists, ${jobLists} job lists, ${buildGets} build GETs, ${reports} after the end ` +
        `(step output, tests)`,
    );
    // About 40 looks in 10 minutes, each one list of the workflow's jobs; the workflows are listed at the first
    // look and once the jobs have ended; a build is read when its job appears and when it ends.
    expect(jobLists).toBeGreaterThanOrEqual(39);
    expect(jobLists).toBeLessThanOrEqual(42);
    expect(workflowLists).toBe(2);
    expect(buildGets).toBe(2 * jobs.length);
    expect(all.length).toBeLessThanOrEqual(TRIGGER + 42 + 2 + 2 * jobs.length);
  });
});

describe('jobs that wait for a person', () => {
  const approvalFirst: WorkflowSpec[] = [
    {
      name: 'ship',
      jobs: [
        { name: 'hold', type: 'approval' },
        { name: 'deploy', requires: ['hold'], runMs: 60_000, artifacts: [] },
      ],
    },
  ];
  const workflowId = (): string => {
    const [pipeline] = emulator.state.pipelines(SLUG);
    return emulator.state.pipelineWorkflows(String(pipeline?.['id']))?.[0]?.id ?? '';
  };

  it('an approval on hold is said once; once approved, the pipeline is followed to its end', async () => {
    await service(true, approvalFirst);
    let sleeps = 0;
    clock.onSleep = () => {
      if (++sleeps === 4) emulator.state.approve(workflowId(), { name: 'hold' });
    };
    const io = await runLogic(spec, triggerBuild, { emulator, clock, inputs: { wait: 'true' } });
    expect(io.failed).toBeUndefined();
    expect(io.lines.filter((l) => /Job hold of workflow ship is on hold/.test(l))).toHaveLength(1);
    expect(JSON.parse(io.outputs['builds'] ?? '')).toEqual([
      expect.objectContaining({ job: 'deploy', outcome: 'success' }),
    ]);
  });

  it('a workflow cancelled before it started a job ends the wait with its status, not at the timeout', async () => {
    await service(true, approvalFirst);
    let sleeps = 0;
    clock.onSleep = () => {
      if (++sleeps === 2) emulator.state.cancelWorkflow(workflowId());
    };
    const started = clock.now();
    const io = await runLogic(spec, triggerBuild, { emulator, clock, inputs: { wait: 'true' } });
    expect(clock.now() - started).toBeLessThan(5 * 60_000);
    expect(
      io.lines.some((l) => /Workflow ship ended with status canceled without starting a job/.test(l)),
    ).toBe(true);
    expect(io.failed).toMatch(
      /workflow ship ended with status 'canceled' \(job hold ended canceled, job deploy ended canceled\)/,
    );
    expect(JSON.parse(io.outputs['builds'] ?? '')).toEqual([
      expect.objectContaining({ build_num: null, job: 'hold', status: 'canceled' }),
      expect.objectContaining({ build_num: null, job: 'deploy', status: 'canceled' }),
    ]);
  });
});

describe('a pipeline that stays pending', () => {
  it('is read for about a minute, then a warning says so and the step goes on', async () => {
    clock = fakeClock();
    emulator = await startEmulator({ clock });
    emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, {
      workflows: chain(['build'], 1000),
      pipelineSetupMs: 10 * 60_000,
    });
    const started = clock.now();
    const io = await runLogic(spec, triggerBuild, { emulator, clock, inputs: {} });
    expect(io.failed).toBeUndefined();
    expect(io.warnings).toEqual([
      expect.stringMatching(
        /^Pipeline #1 is still setup-pending after 1 min: its configuration may still fail; going on$/,
      ),
    ]);
    expect(clock.now() - started).toBeGreaterThanOrEqual(60_000);
    expect(clock.now() - started).toBeLessThan(70_000);
    const reads = sent().filter((line) => line === 'GET /api/v2/pipeline/{id}');
    expect(reads.length).toBeGreaterThan(10);
    expect(reads.length).toBeLessThan(25);
  });
});

describe('the notice of a deprecated trigger', () => {
  it('names the trigger-api input that moves it to a pipeline', async () => {
    await service(false, chain(['build'], 1000));
    const io = await runLogic(spec, triggerBuild, { emulator, clock, inputs: { 'trigger-api': 'v1.1' } });
    expect(io.failed).toBeUndefined();
    expect(io.warnings).toEqual([
      expect.stringContaining(
        'Instead: a pipeline trigger of API v2 (POST /api/v2/project/{slug}/pipeline/run): keep the default, ' +
          'trigger-api: auto, without revision and parallel, or set trigger-api: v2',
      ),
    ]);
  });
});
