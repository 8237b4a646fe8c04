import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Artifact, Build, TestMetadata } from '../../src/service/records.ts';
import { startEmulator, type EmulatedProject, type Emulator } from '../../emulator/index.ts';
import { call, FakeClock } from './helpers.ts';

let emulator: Emulator;
let clock: FakeClock;
let project: EmulatedProject;
let repoCounter = 0;
let path: string;

beforeAll(async () => {
  clock = new FakeClock();
  emulator = await startEmulator({ clock, defaults: { queuedMs: 1000, runMs: 5000 } });
});

afterAll(async () => {
  await emulator.close();
});

// A fresh project per test, so build numbers and lists start empty.
beforeEach(() => {
  repoCounter++;
  project = emulator.state.project('primary-host', 'octo-org', `repo-${repoCounter}`);
  path = `/project/${project.slug}`;
});

async function trigger(branch = 'master', body: unknown = {}): Promise<Build> {
  const answer = await call(emulator, 'POST', `${path}/tree/${encodeURIComponent(branch)}`, { body });
  expect(answer.status).toBe(201);
  return answer.json as Build;
}

async function getBuild(num: number): Promise<Build> {
  const answer = await call(emulator, 'GET', `${path}/${num}`);
  expect(answer.status).toBe(200);
  return answer.json as Build;
}

const WIRE_BUILD_FIELDS = [
  'build_num',
  'build_url',
  'branch',
  'vcs_revision',
  'vcs_tag',
  'status',
  'lifecycle',
  'outcome',
  'why',
  'subject',
  'committer_name',
  'queued_at',
  'start_time',
  'stop_time',
  'build_time_millis',
  'parallel',
  'build_parameters',
  'retry_of',
  'previous',
  'username',
  'reponame',
  'vcs_type',
  'platform',
  'has_artifacts',
  'ssh_users',
  'no_dependency_cache',
  'canceled',
  'failed',
  'timedout',
  'infrastructure_fail',
  'vcs_url',
  'user',
];

describe('trigger', () => {
  it('answers 201 with a queued build shaped like the real answer', async () => {
    const build = await trigger('master', { build_parameters: { DEPLOY: 'yes', COUNT: 2 } });
    for (const field of WIRE_BUILD_FIELDS) expect(build).toHaveProperty(field);
    expect(build).toMatchObject({
      build_num: 1,
      build_url: `${emulator.origin}/${project.slug}/1`,
      branch: 'master',
      vcs_tag: null,
      status: 'queued',
      lifecycle: 'queued',
      outcome: null,
      why: 'api',
      subject: null,
      committer_name: null,
      queued_at: new Date(clock.now()).toISOString(),
      start_time: null,
      stop_time: null,
      build_time_millis: null,
      parallel: 1,
      platform: '2.0',
      build_parameters: { DEPLOY: 'yes', COUNT: 2 },
      retry_of: null,
      previous: null,
      has_artifacts: null,
      ssh_users: [],
      no_dependency_cache: false,
      canceled: false,
      username: 'octo-org',
      reponame: project.reponame,
      vcs_type: 'primary-host',
    });
    expect(build.vcs_revision).toMatch(/^[0-9a-f]{40}$/);
    expect(build).not.toHaveProperty('steps');
    expect((await trigger()).build_num).toBe(2);
  });

  it('builds a given revision or tag; tag with revision is a 400', async () => {
    const revision = 'a'.repeat(40);
    expect((await trigger('master', { revision })).vcs_revision).toBe(revision);
    const tagged = await trigger('master', { tag: 'v1.2.0' });
    expect(tagged.vcs_tag).toBe('v1.2.0');
    const both = await call(emulator, 'POST', `${path}/tree/master`, { body: { tag: 'v1', revision } });
    expect(both.status).toBe(400);
    expect(both.json).toEqual({ message: expect.any(String) });
  });

  it.each([
    { parallel: 0 },
    { parallel: 1.5 },
    { parallel: '2' },
    { build_parameters: ['x'] },
    { revision: 12 },
  ])('rejects %j with 400', async (body) => {
    expect((await call(emulator, 'POST', `${path}/tree/master`, { body })).status).toBe(400);
  });

  it('honours parallel on platform 1.0 and ignores it on 2.0', async () => {
    emulator.state.project('primary-host', 'octo-org', project.reponame, { platform: '1.0' });
    expect((await trigger('master', { parallel: 3 })).parallel).toBe(3);
    emulator.state.project('primary-host', 'octo-org', project.reponame, { platform: '2.0', parallel: 2 });
    expect((await trigger('master', { parallel: 3 })).parallel).toBe(2);
  });

  it('makes an unknown project known; a bad vcs type is a 400', async () => {
    const answer = await call(emulator, 'POST', '/project/secondary-host/someone/brand-new/tree/main', {
      body: {},
    });
    expect(answer.status).toBe(201);
    expect(emulator.state.builds('secondary-host/someone/brand-new')).toHaveLength(1);
    expect((await call(emulator, 'POST', '/project/svn/a/b/tree/main', { body: {} })).status).toBe(400);
  });
});

describe('lifecycle', () => {
  it('goes queued → running → finished on the clock', async () => {
    await trigger();
    clock.advance(999);
    expect(await getBuild(1)).toMatchObject({ status: 'queued', lifecycle: 'queued', steps: [] });
    clock.advance(1);
    const running = await getBuild(1);
    expect(running).toMatchObject({
      status: 'running',
      lifecycle: 'running',
      outcome: null,
      start_time: new Date(clock.now()).toISOString(),
      stop_time: null,
      has_artifacts: true,
    });
    expect(running.subject).toEqual(expect.any(String));
    expect((await call(emulator, 'GET', `${path}/1/artifacts`)).json).toEqual([]);
    expect((await call(emulator, 'GET', `${path}/1/tests`)).json).toEqual({ tests: [], exceptions: [] });
    clock.advance(2500);
    const steps = (await getBuild(1)).steps as { actions: { status: string }[] }[];
    expect(steps.at(-1)?.actions[0]?.status).toBe('running');
    clock.advance(2500);
    const finished = await getBuild(1);
    expect(finished).toMatchObject({
      status: 'success',
      lifecycle: 'finished',
      outcome: 'success',
      build_time_millis: 5000,
      stop_time: new Date(clock.now()).toISOString(),
      failed: null,
    });
    const finishedSteps = finished.steps as { actions: { status: string }[] }[];
    expect(finishedSteps.length).toBeGreaterThan(2);
    expect(finishedSteps.every((step) => step.actions[0]?.status === 'success')).toBe(true);
    const tests = (await call(emulator, 'GET', `${path}/1/tests`)).json as TestMetadata;
    expect(tests.exceptions).toEqual([]);
    expect(tests.tests.length).toBeGreaterThan(0);
    expect(tests.tests.every((test) => test.result === 'success' && test.message === null)).toBe(true);
  });

  it('runs on the real clock within a fraction of a second', async () => {
    const real = await startEmulator({ defaults: { queuedMs: 50, runMs: 150 } });
    try {
      const slug = 'primary-host/octo-org/real-clock';
      real.state.project('primary-host', 'octo-org', 'real-clock');
      const created = await call(real, 'POST', `/project/${slug}/tree/master`, { body: {} });
      expect((created.json as Build).lifecycle).toBe('queued');
      const seen = new Set<string>();
      const deadline = Date.now() + 3000;
      let last: Build | undefined;
      while (Date.now() < deadline) {
        last = (await call(real, 'GET', `/project/${slug}/1`)).json as Build;
        seen.add(String(last.lifecycle));
        if (last.lifecycle === 'finished') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(last?.status).toBe('success');
      expect([...seen]).toEqual(expect.arrayContaining(['running', 'finished']));
    } finally {
      await real.close();
    }
  });

  it.each([
    ['failed', 'failed', { failed: true }],
    ['timedout', 'timedout', { timedout: true }],
    ['infrastructure_fail', 'infrastructure_fail', { infrastructure_fail: true }],
    ['no_tests', 'no_tests', {}],
  ] as const)('ends with outcome %s as configured', async (outcome, status, flags) => {
    emulator.state.project('primary-host', 'octo-org', project.reponame, { outcome });
    await trigger();
    clock.advance(6000);
    expect(await getBuild(1)).toMatchObject({ outcome, status, lifecycle: 'finished', ...flags });
  });

  it('reports a failing test with file and message for a failed build, none for no_tests', async () => {
    emulator.state.project('primary-host', 'octo-org', project.reponame, {
      branches: { broken: { outcome: 'failed' }, empty: { outcome: 'no_tests' } },
    });
    await trigger('broken');
    await trigger('empty');
    clock.advance(6000);
    const failed = (await call(emulator, 'GET', `${path}/1/tests`)).json as TestMetadata;
    const failing = failed.tests.filter((test) => test.result === 'failure');
    expect(failing).toHaveLength(1);
    expect(failing[0]).toMatchObject({
      file: expect.stringMatching(/\.ts$/),
      message: expect.stringMatching(/\S/),
    });
    expect(((await call(emulator, 'GET', `${path}/2/tests`)).json as TestMetadata).tests).toEqual([]);
  });

  it('serves configured tests and says fixed after a failure on the same branch', async () => {
    emulator.state.project('primary-host', 'octo-org', project.reponame, {
      outcome: 'failed',
      tests: [{ name: 'only', result: 'skipped', run_time: 1.5 }],
    });
    await trigger('main');
    clock.advance(6000);
    emulator.state.project('primary-host', 'octo-org', project.reponame, { outcome: 'success' });
    await trigger('other');
    await trigger('main');
    clock.advance(6000);
    expect((await getBuild(2)).status).toBe('success');
    expect(await getBuild(3)).toMatchObject({
      status: 'fixed',
      outcome: 'success',
      previous: { build_num: 1 },
    });
    expect(((await call(emulator, 'GET', `${path}/1/tests`)).json as TestMetadata).tests).toEqual([
      {
        classname: null,
        file: null,
        name: 'only',
        result: 'skipped',
        run_time: 1.5,
        message: null,
        source: 'junit',
        source_type: 'junit',
      },
    ]);
  });

  it('keeps a held build running until finishBuild', async () => {
    emulator.state.project('primary-host', 'octo-org', project.reponame, { hold: true });
    await trigger();
    clock.advance(60_000);
    expect((await getBuild(1)).lifecycle).toBe('running');
    const finished = emulator.state.finishBuild(project, 1, 'failed');
    expect(finished).toMatchObject({ lifecycle: 'finished', outcome: 'failed', status: 'failed' });
    expect((await getBuild(1)).build_time_millis).toBe(59_000);
  });

  it('addBuild inserts builds in any state, with any branch and why', async () => {
    const running = emulator.state.addBuild(project, {
      branch: 'release/1',
      status: 'running',
      why: 'github',
    });
    const failed = emulator.state.addBuild(project, { outcome: 'failed' });
    const onClock = emulator.state.addBuild(project, { queuedMs: 0, runMs: 100, finalOutcome: 'timedout' });
    expect(running).toMatchObject({ build_num: 1, lifecycle: 'running', status: 'running', why: 'github' });
    expect(failed).toMatchObject({ build_num: 2, lifecycle: 'finished', status: 'failed', branch: 'master' });
    expect(onClock).toMatchObject({ build_num: 3, lifecycle: 'running' });
    clock.advance(3_600_000);
    expect(emulator.state.getBuild(project, 1)?.lifecycle).toBe('running');
    expect(emulator.state.getBuild(project, 3)?.outcome).toBe('timedout');
    const numbered = emulator.state.addBuild(project, { build_num: 10, status: 'not_run' });
    expect(numbered).toMatchObject({ build_num: 10, lifecycle: 'not_run' });
    expect((await trigger()).build_num).toBe(11);
  });
});

describe('build lists', () => {
  async function seedMix(): Promise<void> {
    emulator.state.addBuild(project, { branch: 'master', outcome: 'success' });
    emulator.state.addBuild(project, { branch: 'feature/x', outcome: 'failed' });
    emulator.state.addBuild(project, { branch: 'feature/x', outcome: 'infrastructure_fail' });
    emulator.state.addBuild(project, { branch: 'master', status: 'running' });
    emulator.state.addBuild(project, { branch: 'master', outcome: 'canceled' });
    emulator.state.addBuild(project, { branch: 'feature/x', status: 'queued' });
  }

  async function nums(query: string, base = path): Promise<number[]> {
    const answer = await call(emulator, 'GET', `${base}${query}`);
    expect(answer.status).toBe(200);
    return (answer.json as Build[]).map((build) => build.build_num);
  }

  it('lists newest first and filters by status', async () => {
    await seedMix();
    expect(await nums('')).toEqual([6, 5, 4, 3, 2, 1]);
    expect(await nums('?filter=running')).toEqual([4]);
    expect(await nums('?filter=completed')).toEqual([5, 3, 2, 1]);
    expect(await nums('?filter=successful')).toEqual([1]);
    expect(await nums('?filter=failed')).toEqual([3, 2]);
  });

  it('narrows to an encoded branch', async () => {
    await seedMix();
    expect(await nums('', `${path}/tree/feature%2Fx`)).toEqual([6, 3, 2]);
    expect(await nums('?filter=failed&limit=1', `${path}/tree/feature%2Fx`)).toEqual([3]);
    expect(await nums('', `${path}/tree/none`)).toEqual([]);
  });

  it('pages with limit and offset (default 30, max 100)', async () => {
    for (let i = 0; i < 35; i++) emulator.state.addBuild(project, { outcome: 'success' });
    expect(await nums('')).toHaveLength(30);
    expect(await nums('?limit=3')).toEqual([35, 34, 33]);
    expect(await nums('?limit=2&offset=5')).toEqual([30, 29]);
    expect(await nums('?limit=100&offset=34')).toEqual([1]);
    expect(await nums('?offset=40')).toEqual([]);
  });

  it.each([
    'limit=0',
    'limit=101',
    'limit=-1',
    'limit=abc',
    'limit=1.5',
    'limit=',
    'offset=-1',
    'offset=x',
    'filter=bogus',
    'filter=',
  ])('answers 400 to ?%s', async (query) => {
    const answer = await call(emulator, 'GET', `${path}?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ message: expect.any(String) });
    expect((await call(emulator, 'GET', `/recent-builds?${query}`)).status).toBe(
      query.startsWith('filter') ? 200 : 400,
    );
  });

  it('recent-builds spans projects, newest first by queued time then build number', async () => {
    const fresh = await startEmulator({ clock });
    try {
      const mine = fresh.state.project('primary-host', 'octo-org', 'mine');
      const other = fresh.state.project('secondary-host', 'team', 'other');
      const base = clock.now();
      fresh.state.addBuild(mine, { outcome: 'success', queued_at: base - 3000 });
      fresh.state.addBuild(other, { outcome: 'success', queued_at: base - 1000 });
      fresh.state.addBuild(mine, { outcome: 'success', queued_at: base - 1000 });
      fresh.state.addBuild(other, { status: 'running', queued_at: base - 500 });
      const recent = (await call(fresh, 'GET', '/recent-builds')).json as Build[];
      expect(recent.map((build) => [build.reponame, build.build_num])).toEqual([
        ['other', 2],
        ['mine', 2],
        ['other', 1],
        ['mine', 1],
      ]);
      expect((await call(fresh, 'GET', '/recent-builds?limit=2&offset=1')).json).toEqual(recent.slice(1, 3));
    } finally {
      await fresh.close();
    }
  });
});

describe('one build', () => {
  it('answers the full build with steps; 404 and 400 for missing and malformed numbers', async () => {
    emulator.state.addBuild(project, { outcome: 'failed' });
    const build = await getBuild(1);
    expect(build.steps).toEqual(expect.any(Array));
    const steps = build.steps as { name: string; actions: { status: string }[] }[];
    expect(steps.find((step) => step.actions[0]?.status === 'failed')?.name).toBe('Run tests');

    const missing = await call(emulator, 'GET', `${path}/99`);
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: 'Build not found' });
    for (const bad of ['abc', '1.5', '-1']) {
      const answer = await call(emulator, 'GET', `${path}/${bad}`);
      expect(answer.status).toBe(400);
      expect((await call(emulator, 'POST', `${path}/${bad}/cancel`)).status).toBe(400);
    }
    expect((await call(emulator, 'GET', '/project/primary-host/octo-org/missing/1')).json).toEqual({
      message: 'Project not found',
    });
  });

  it('retry answers the new build: why retry, retry_of, ssh users, no cache', async () => {
    emulator.state.addBuild(project, {
      branch: 'feature/x',
      outcome: 'failed',
      build_parameters: { A: '1' },
    });
    const plain = await call(emulator, 'POST', `${path}/1/retry`, { body: {} });
    expect(plain.status).toBe(200);
    const original = emulator.state.getBuild(project, 1);
    expect(plain.json).toMatchObject({
      build_num: 2,
      why: 'retry',
      retry_of: 1,
      branch: 'feature/x',
      vcs_revision: original?.vcs_revision,
      build_parameters: { A: '1' },
      lifecycle: 'queued',
      ssh_users: [],
      no_dependency_cache: false,
    });
    expect(original?.retries).toEqual([2]);
    const ssh = (await call(emulator, 'POST', `${path}/1/retry`, { body: { ssh: true } })).json as Build;
    expect(ssh.ssh_users).toEqual([expect.objectContaining({ login: 'octo-user' })]);
    const noCache = (await call(emulator, 'POST', `${path}/1/retry`, { body: { 'no-cache': true } }))
      .json as Build;
    expect(noCache).toMatchObject({ build_num: 4, no_dependency_cache: true });
    expect((await call(emulator, 'POST', `${path}/9/retry`, { body: {} })).status).toBe(404);
    expect((await call(emulator, 'POST', `${path}/1/retry`, { body: { ssh: 'yes' } })).status).toBe(400);
  });

  it('cancel ends a queued or running build; a finished one stays as it is', async () => {
    await trigger();
    clock.advance(1500);
    const canceled = await call(emulator, 'POST', `${path}/1/cancel`);
    expect(canceled.status).toBe(200);
    expect(canceled.json).toMatchObject({
      build_num: 1,
      status: 'canceled',
      lifecycle: 'finished',
      outcome: 'canceled',
      canceled: true,
      stop_time: new Date(clock.now()).toISOString(),
      build_time_millis: 500,
    });
    clock.advance(10_000);
    expect((await getBuild(1)).status).toBe('canceled');
    expect((await call(emulator, 'GET', `${path}/1/artifacts`)).json).toEqual([]);

    await trigger();
    const queuedCancel = (await call(emulator, 'POST', `${path}/2/cancel`)).json as Build;
    expect(queuedCancel).toMatchObject({ status: 'canceled', start_time: null });

    emulator.state.addBuild(project, { outcome: 'success' });
    const unchanged = (await call(emulator, 'POST', `${path}/3/cancel`)).json as Build;
    expect(unchanged).toMatchObject({ status: 'success', outcome: 'success', canceled: false });
    expect((await call(emulator, 'POST', `${path}/4/cancel`)).status).toBe(404);
  });

  it('ssh-users adds the user to the build', async () => {
    emulator.state.addBuild(project, { status: 'running' });
    const answer = await call(emulator, 'POST', `${path}/1/ssh-users`);
    expect(answer.status).toBe(200);
    expect((answer.json as Build).ssh_users).toEqual([expect.objectContaining({ login: 'octo-user' })]);
    expect(emulator.state.getBuild(project, 1)?.ssh_users).toHaveLength(1);
  });
});

describe('artifact lists', () => {
  it('lists artifacts like the real ones: absolute path, pretty path, node index, URL', async () => {
    emulator.state.addBuild(project, {
      outcome: 'success',
      artifacts: [
        { path: 'dist/app.tar.gz', size: 10 },
        { path: '/tmp/report.xml', size: 5, prettyPath: '$CI_TEST_REPORTS/report.xml' },
      ],
    });
    const artifacts = (await call(emulator, 'GET', `${path}/1/artifacts`)).json as Artifact[];
    expect(artifacts).toEqual([
      {
        path: '/home/build/project/dist/app.tar.gz',
        pretty_path: '$CI_ARTIFACTS/dist/app.tar.gz',
        node_index: 0,
        url: `${emulator.origin}/artifacts/${project.slug}/1/0/home/build/project/dist/app.tar.gz`,
      },
      {
        path: '/tmp/report.xml',
        pretty_path: '$CI_TEST_REPORTS/report.xml',
        node_index: 0,
        url: `${emulator.origin}/artifacts/${project.slug}/1/0/tmp/report.xml`,
      },
    ]);
  });

  it('gives each container of a parallel build its own set unless a node index is given', async () => {
    emulator.state.project('primary-host', 'octo-org', project.reponame, {
      platform: '1.0',
      artifacts: [
        { path: 'out.log', size: 3 },
        { path: 'summary.txt', size: 3, nodeIndex: 0 },
      ],
    });
    await trigger('master', { parallel: 3 });
    clock.advance(6000);
    const artifacts = (await call(emulator, 'GET', `${path}/1/artifacts`)).json as Artifact[];
    expect(artifacts.map((a) => [a.node_index, a.pretty_path])).toEqual([
      [0, '$CI_ARTIFACTS/out.log'],
      [1, '$CI_ARTIFACTS/out.log'],
      [2, '$CI_ARTIFACTS/out.log'],
      [0, '$CI_ARTIFACTS/summary.txt'],
    ]);
  });

  it('latest/artifacts picks the newest matching build; 404 when it has none or none matches', async () => {
    const latest = `${path}/latest/artifacts`;
    const one = [{ path: 'a.txt', size: 1 }];
    const notFound = async (query: string): Promise<void> => {
      const answer = await call(emulator, 'GET', `${latest}${query}`);
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ message: expect.any(String) });
    };
    await notFound('');
    emulator.state.addBuild(project, { branch: 'master', outcome: 'success', artifacts: one });
    emulator.state.addBuild(project, {
      branch: 'dev',
      outcome: 'failed',
      artifacts: [{ path: 'b.txt', size: 1 }],
    });
    emulator.state.addBuild(project, { branch: 'dev', outcome: 'success', artifacts: [] });
    emulator.state.addBuild(project, { branch: 'master', status: 'running', artifacts: one });

    await notFound('');
    await notFound('?branch=dev');
    const paths = async (query: string): Promise<string[]> => {
      const answer = await call(emulator, 'GET', `${latest}${query}`);
      expect(answer.status).toBe(200);
      return (answer.json as Artifact[]).map((artifact) => artifact.pretty_path ?? '');
    };
    expect(await paths('?filter=failed')).toEqual(['$CI_ARTIFACTS/b.txt']);
    expect(await paths('?branch=master')).toEqual(['$CI_ARTIFACTS/a.txt']);
    expect(await paths('?branch=master&filter=successful')).toEqual(['$CI_ARTIFACTS/a.txt']);
    await notFound('?branch=nowhere');
    expect((await call(emulator, 'GET', `${latest}?filter=running`)).status).toBe(400);
    expect(
      (await call(emulator, 'GET', '/project/primary-host/octo-org/missing/latest/artifacts')).json,
    ).toEqual({
      message: 'Project not found',
    });
  });
});
