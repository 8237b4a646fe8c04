// wait-for-build's requests for one commit (one pipeline, three jobs) on a project with 100 other pipelines, which
// API v2 lists in pages of 20, in-process against the emulator on a fake clock both share: the 10-minute wait at
// 15-s looks of issue 39's target (at most 60 requests), by triple and by slug, and a new push of the same commit
// during the wait, which a slug project's wait still finds. The bundle as the runner runs it, on the real clock:
// commit-requests.bundle.slow.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spec, waitForBuild } from '../../src/actions/wait-for-build/wait-for-build.ts';
import { startEmulator, type Emulator, type WorkflowSpec } from '../../emulator/index.ts';
import { atTimes, fakeClock, PROJECT, runLogic, SLUG, type FakeClock } from './gating-helpers.ts';

const REVISION = 'feedface00feedface00feedface00feedface00';
const OPAQUE = 'vendor/5b0c7e1a-2f3d-4e5a-9b6c-7d8e9f0a1b2c/8e7d6c5b-4a3f-4e2d-9c1b-0a9f8e7d6c5b';
const MIN = 60_000;
const OTHERS: WorkflowSpec[] = [{ name: 'ci', jobs: [{ name: 'build', runMs: 1, queuedMs: 1 }] }];
const commit = (runMs: number): WorkflowSpec[] => [
  {
    name: 'ci',
    jobs: ['build', 'test', 'lint'].map((name) => ({ name, runMs, queuedMs: 1000, artifacts: [] })),
  },
];

let emulator: Emulator;
let clock: FakeClock;
beforeEach(async () => {
  clock = fakeClock();
  emulator = await startEmulator({ clock });
});
afterEach(async () => {
  await emulator.close();
});

const kinds = {
  triple: {
    slug: SLUG,
    setUp: (workflows: WorkflowSpec[]) =>
      emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, { pipelineSetupMs: 0, workflows }),
    inputs: {} as Record<string, string>,
  },
  slug: {
    slug: OPAQUE,
    setUp: (workflows: WorkflowSpec[]) =>
      emulator.state.slugProject(OPAQUE, { pipelineSetupMs: 0, workflows }),
    inputs: { 'project-slug': OPAQUE } as Record<string, string>,
  },
} as const;

/** 100 pipelines of other commits, a day old, then the commit's, whose jobs run `runMs`. */
function pushes(kind: keyof typeof kinds, runMs: number, more: WorkflowSpec[] = []): void {
  const { slug, setUp } = kinds[kind];
  setUp(OTHERS);
  const dayAgo = clock.now() - 24 * 60 * MIN;
  for (let i = 0; i < 100; i++) {
    const revision = `${String(i).padStart(8, '0')}${'ab'.repeat(16)}`;
    emulator.state.push(slug, { branch: 'main', revision, at: dayAgo + i * MIN });
  }
  setUp([...commit(runMs), ...more]);
  emulator.state.push(slug, { branch: 'main', revision: REVISION });
  emulator.resetRequests();
}

const run = (kind: keyof typeof kinds) =>
  runLogic(spec, waitForBuild, {
    emulator,
    clock,
    inputs: { revision: REVISION, ...kinds[kind].inputs },
    env: { GITHUB_SHA: REVISION },
  });

const builds = (io: { outputs: Record<string, string> }): { build_num: number; outcome: string }[] =>
  JSON.parse(io.outputs['builds'] ?? '[]') as { build_num: number; outcome: string }[];

describe.each(Object.keys(kinds) as (keyof typeof kinds)[])('wait-for-build on a commit, %s', (kind) => {
  it('sends at most 60 requests in a 10-minute wait at 15-s looks, with 100 other pipelines', async () => {
    pushes(kind, 10 * MIN);
    const io = await run(kind);
    expect(io.failed).toBeUndefined();
    expect(builds(io).map((b) => b.outcome)).toEqual(['success', 'success', 'success']);
    const api = emulator.requests.filter((r) => r.origin === 'api');
    const list = api.filter((r) => r.path === `/api/v2/project/${kinds[kind].slug}/pipeline`);
    // The newest 100 pipelines once (5 pages of 20); later, one page for the pipelines newer than the last read.
    expect(list.length).toBeLessThanOrEqual(kind === 'slug' ? 9 : 5);
    expect(api.length).toBeLessThanOrEqual(60);
  });
});

describe('wait-for-build on a commit of a project named by its slug', () => {
  it('follows a new push of the same commit made during the wait', async () => {
    pushes('slug', 4 * MIN);
    atTimes(clock, [
      {
        at: clock.now() + 2 * MIN,
        run: () => void emulator.state.push(OPAQUE, { branch: 'main', revision: REVISION }),
      },
    ]);
    const io = await run('slug');
    expect(io.failed).toBeUndefined();
    expect(builds(io)).toHaveLength(6);
  });
});

describe('wait-for-build on a commit of a project named by its triple', () => {
  it("reads one page of the project's pipelines a decision while a workflow of the commit is on hold", async () => {
    pushes('triple', 2 * MIN, [{ name: 'release', jobs: [{ name: 'hold', type: 'approval' }] }]);
    const pipeline = emulator.state.pipelines(SLUG).at(-1);
    const release = emulator.state
      .pipelineWorkflows(String(pipeline?.['id']))
      ?.find((w) => w.name === 'release');
    atTimes(clock, [
      { at: clock.now() + 6 * MIN, run: () => emulator.state.approve(release?.id ?? '', { name: 'hold' }) },
    ]);
    const io = await run('triple');
    expect(io.failed).toBeUndefined();
    expect(builds(io)).toHaveLength(3);
    const api = emulator.requests.filter((r) => r.origin === 'api');
    const decisions = api.filter((r) => r.path === `/api/v2/pipeline/${String(pipeline?.['id'])}/workflow`);
    const list = api.filter((r) => r.path === `/api/v2/project/${SLUG}/pipeline`);
    // A decision every look while the hold lasts (about 3.5 minutes at 15 s).
    expect(decisions.length).toBeGreaterThanOrEqual(10);
    // The newest 100 pipelines at the first decision (5 pages of 20), then one page a decision.
    expect(list.length).toBeLessThanOrEqual(5 + decisions.length);
  });
});
