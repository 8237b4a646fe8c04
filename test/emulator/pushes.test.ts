import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Build } from '../../src/service/records.ts';
import {
  applySeed,
  parseSeed,
  seedExample,
  startEmulator,
  type EmulatedProject,
  type Emulator,
  type WorkflowSpec,
} from '../../emulator/index.ts';
import { call, FakeClock } from './helpers.ts';

let emulator: Emulator;
let clock: FakeClock;
let project: EmulatedProject;
let repoCounter = 0;
let path: string;

const PIPELINE: WorkflowSpec[] = [
  {
    name: 'pipeline',
    jobs: [
      { name: 'build', runMs: 3000 },
      { name: 'lint', runMs: 1000, artifacts: [] },
      { name: 'test', requires: ['build'], runMs: 4000, artifacts: [] },
      { name: 'deploy', requires: ['test', 'lint'], runMs: 2000, artifacts: [] },
    ],
  },
];

beforeAll(async () => {
  clock = new FakeClock();
  emulator = await startEmulator({ clock, defaults: { queuedMs: 1000, runMs: 5000 } });
});

afterAll(async () => {
  await emulator.close();
});

beforeEach(() => {
  repoCounter++;
  project = emulator.state.project('primary-host', 'octo-org', `push-${repoCounter}`, {
    workflows: PIPELINE,
  });
  path = `/project/${project.slug}`;
});

async function list(query = ''): Promise<Build[]> {
  const answer = await call(emulator, 'GET', `${path}${query}`);
  expect(answer.status).toBe(200);
  return answer.json as Build[];
}

function jobs(builds: Build[]): string[] {
  return builds.map(
    (build) => `${build.build_num}:${String(build.workflows?.['job_name'])}:${build.lifecycle}`,
  );
}

async function push(
  body: Record<string, unknown>,
  auth?: boolean | string,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${emulator.origin}/_emulator/push`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(auth !== false && {
        Authorization:
          typeof auth === 'string' ? `Basic ${Buffer.from(auth).toString('base64')}` : emulator.authorization,
      }),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json };
}

describe('POST /_emulator/push', () => {
  it('pushes a commit: 201 with its revision, and the service starts one build per job', async () => {
    const answer = await push({
      username: 'octo-org',
      reponame: project.reponame,
      branch: 'feature/x',
      subject: 'Add the login page',
    });
    expect(answer.status).toBe(201);
    const { revision, branch } = answer.json as { revision: string; branch: string };
    expect(revision).toMatch(/^[0-9a-f]{40}$/);
    expect(branch).toBe('feature/x');
    const builds = await list();
    expect(jobs(builds)).toEqual(['2:lint:queued', '1:build:queued']);
    for (const build of builds) {
      expect(build).toMatchObject({
        why: 'primary-host',
        platform: '2.0',
        branch: 'feature/x',
        vcs_revision: revision,
        subject: 'Add the login page',
        retry_of: null,
      });
    }
  });

  it('takes a given revision and a delay before the first jobs appear', async () => {
    const revision = 'a'.repeat(40);
    const answer = await push({
      vcs_type: 'primary-host',
      username: 'octo-org',
      reponame: project.reponame,
      branch: 'master',
      revision,
      delay_ms: 4000,
    });
    expect(answer).toEqual({ status: 201, json: { revision, branch: 'master' } });
    expect(await list()).toEqual([]);
    clock.advance(3999);
    expect(await list()).toEqual([]);
    clock.advance(1);
    const builds = await list();
    expect(builds.map((build) => build.vcs_revision)).toEqual([revision, revision]);
    expect(builds.map((build) => build.queued_at)).toEqual([
      new Date(clock.now()).toISOString(),
      new Date(clock.now()).toISOString(),
    ]);
  });

  it('is token-protected like the API: 401 without or with a wrong credential, nothing pushed', async () => {
    const body = { username: 'octo-org', reponame: project.reponame, branch: 'master' };
    expect((await push(body, false)).status).toBe(401);
    const wrong = await push(body, 'not-the-token:');
    expect(wrong).toEqual({ status: 401, json: { message: 'You must log in first.' } });
    expect(await list()).toEqual([]);
  });

  it('answers 404 like the API for an unknown project, and 400 for a bad body', async () => {
    expect(await push({ username: 'octo-org', reponame: 'nobody-knows', branch: 'master' })).toEqual({
      status: 404,
      json: { message: 'Project not found' },
    });
    expect((await push({ username: 'octo-org', reponame: project.reponame })).status).toBe(400);
    expect(
      (await push({ username: 'octo-org', reponame: project.reponame, branch: 'm', revision: 'HEAD' }))
        .status,
    ).toBe(400);
    expect(
      (await push({ username: 'octo-org', reponame: project.reponame, branch: 'm', delay_ms: -1 })).status,
    ).toBe(400);
    expect(await list()).toEqual([]);
  });

  it('is reached only with POST and is not below the API prefix', async () => {
    const get = await fetch(`${emulator.origin}/_emulator/push`, {
      headers: { Authorization: emulator.authorization },
    });
    expect(get.status).toBe(404);
    await get.text();
    const below = await call(emulator, 'POST', '/_emulator/push', {
      body: { username: 'octo-org', reponame: project.reponame, branch: 'master' },
    });
    expect(below.status).toBe(404);
  });
});

describe('workflows of a push', () => {
  it('schedules jobs in dependency order on the clock, each when its upstream jobs have finished', async () => {
    const start = clock.now();
    const { revision } = emulator.state.push(project, { branch: 'master' });
    expect(jobs(emulator.state.builds(project))).toEqual(['2:lint:queued', '1:build:queued']);
    // build: queued 1 s, runs 3 s, ends at +4 s; lint ends at +2 s.
    clock.advance(3999);
    expect(jobs(await list())).toEqual(['2:lint:finished', '1:build:running']);
    clock.advance(1);
    expect(jobs(await list())).toEqual(['3:test:queued', '2:lint:finished', '1:build:finished']);
    // test: scheduled at +4 s, queued 1 s, runs 4 s, ends at +9 s; deploy waits for test and lint.
    clock.advance(5000);
    const builds = await list();
    expect(jobs(builds)).toEqual([
      '4:deploy:queued',
      '3:test:finished',
      '2:lint:finished',
      '1:build:finished',
    ]);
    expect(builds[0]?.queued_at).toBe(new Date(start + 9000).toISOString());
    expect(new Set(builds.map((build) => build.vcs_revision))).toEqual(new Set([revision]));
    clock.advance(3000);
    expect((await list()).map((build) => build.status)).toEqual(['success', 'success', 'success', 'success']);
  });

  it('gives every job the recorded `workflows` shape, upstream job ids included', async () => {
    emulator.state.push(project, { branch: 'master' });
    clock.advance(60_000);
    const builds = await list();
    const byJob = new Map(builds.map((build) => [build.workflows?.['job_name'], build.workflows ?? {}]));
    const workflowId = byJob.get('build')?.['workflow_id'];
    expect(workflowId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const [name, workflows] of byJob) {
      expect(Object.keys(workflows)).toEqual([
        'job_name',
        'job_id',
        'workflow_id',
        'workspace_id',
        'upstream_job_ids',
        'upstream_concurrency_map',
        'workflow_name',
      ]);
      expect(workflows).toMatchObject({ job_name: name, workflow_id: workflowId, workspace_id: workflowId });
      expect(workflows['workflow_name']).toBe('pipeline');
      expect(workflows['upstream_concurrency_map']).toEqual({});
    }
    expect(byJob.get('build')?.['upstream_job_ids']).toEqual([]);
    expect(byJob.get('test')?.['upstream_job_ids']).toEqual([byJob.get('build')?.['job_id']]);
    expect(byJob.get('deploy')?.['upstream_job_ids']).toEqual([
      byJob.get('test')?.['job_id'],
      byJob.get('lint')?.['job_id'],
    ]);
    expect(new Set(builds.map((build) => build.workflows?.['job_id'])).size).toBe(4);
    expect(builds.find((build) => build.workflows?.['job_name'] === 'test')?.build_parameters).toEqual({
      CI_JOB: 'test',
    });
  });

  it('never schedules the downstream jobs of a job that failed', async () => {
    emulator.state.project('primary-host', 'octo-org', project.reponame, {
      workflows: [
        {
          name: 'pipeline',
          jobs: [
            { name: 'build', outcome: 'failed' },
            { name: 'test', requires: ['build'] },
            { name: 'deploy', requires: ['test'] },
          ],
        },
      ],
    });
    emulator.state.push(project, { branch: 'master' });
    clock.advance(3_600_000);
    const builds = await list();
    expect(jobs(builds)).toEqual(['1:build:finished']);
    expect(builds[0]?.outcome).toBe('failed');
  });

  it('schedules the downstream jobs once a retry of the failed job succeeds; the retry keeps the job name', async () => {
    const failing: WorkflowSpec[] = [
      {
        name: 'w',
        jobs: [
          { name: 'build', outcome: 'failed' },
          { name: 'test', requires: ['build'] },
        ],
      },
    ];
    emulator.state.project('primary-host', 'octo-org', project.reponame, { workflows: failing });
    emulator.state.push(project, { branch: 'master' });
    clock.advance(10_000);
    expect(jobs(await list())).toEqual(['1:build:finished']);
    emulator.state.project('primary-host', 'octo-org', project.reponame, {
      workflows: [{ name: 'w', jobs: [{ name: 'build' }, { name: 'test', requires: ['build'] }] }],
    });
    const answer = await call(emulator, 'POST', `${path}/1/retry`, { body: {} });
    expect(answer.status).toBe(200);
    const retry = answer.json as Build;
    const original = (await list())[1];
    expect(retry).toMatchObject({ build_num: 2, retry_of: 1, why: 'retry' });
    expect(retry.workflows).toMatchObject({
      job_name: 'build',
      workflow_name: 'w',
      workflow_id: original?.workflows?.['workflow_id'],
    });
    expect(retry.workflows?.['job_id']).not.toBe(original?.workflows?.['job_id']);
    clock.advance(6000);
    const builds = await list();
    expect(jobs(builds)).toEqual(['3:test:queued', '2:build:finished', '1:build:finished']);
    expect(builds[0]?.workflows?.['upstream_job_ids']).toEqual([retry.workflows?.['job_id']]);
  });

  it('gives a project without workflows one build per push, on its configured platform', async () => {
    const plain = emulator.state.project('secondary-host', 'octo-org', `plain-${repoCounter}`, {
      platform: '1.0',
    });
    const first = emulator.state.push(plain, { branch: 'main', delayMs: 500 });
    const second = emulator.state.push(plain, { branch: 'main' });
    expect(first.revision).not.toBe(second.revision);
    clock.advance(500);
    const builds = emulator.state.builds(plain);
    expect(builds.map((build) => [build.build_num, build.vcs_revision, build.platform, build.why])).toEqual([
      [2, first.revision, '1.0', 'secondary-host'],
      [1, second.revision, '1.0', 'secondary-host'],
    ]);
    expect(builds[0]?.workflows).toBeUndefined();
  });

  it('interleaves pushed jobs and triggered builds by the time each appeared', async () => {
    emulator.state.push(project, { branch: 'master', delayMs: 1000 });
    clock.advance(2000);
    // The trigger comes after the jobs were due, so it gets the next number although nothing read the list.
    emulator.state.trigger(project, { branch: 'master' });
    expect(emulator.state.builds(project).map((build) => [build.build_num, build.why])).toEqual([
      [3, 'api'],
      [2, 'primary-host'],
      [1, 'primary-host'],
    ]);
  });

  it('refuses workflows whose jobs require unknown jobs or each other', () => {
    emulator.state.project('primary-host', 'octo-org', project.reponame, {
      workflows: [
        {
          name: 'w',
          jobs: [
            { name: 'a', requires: ['b'] },
            { name: 'b', requires: ['a'] },
          ],
        },
      ],
    });
    expect(() => emulator.state.push(project, { branch: 'master' })).toThrow(/cycle/);
    emulator.state.project('primary-host', 'octo-org', project.reponame, {
      workflows: [{ name: 'w', jobs: [{ name: 'a', requires: ['zzz'] }] }],
    });
    expect(() => emulator.state.push(project, { branch: 'master' })).toThrow(/unknown job zzz/);
    expect(emulator.state.builds(project)).toEqual([]);
  });

  it('takes workflows per branch', async () => {
    emulator.state.project('primary-host', 'octo-org', project.reponame, {
      branches: { release: { workflows: [{ name: 'release', jobs: [{ name: 'publish' }] }] } },
    });
    emulator.state.push(project, { branch: 'release' });
    emulator.state.push(project, { branch: 'master' });
    expect(emulator.state.builds(project).map((build) => build.workflows?.['job_name'])).toEqual([
      'lint',
      'build',
      'publish',
    ]);
  });
});

describe('pushes in seeds', () => {
  it('seeds pushes, in the past too, and refuses a malformed one', async () => {
    const seed = parseSeed({
      projects: [
        {
          username: 'seeded',
          reponame: `pushes-${repoCounter}`,
          config: { workflows: PIPELINE },
          pushes: [
            { branch: 'master', at: clock.now() - 3_600_000, subject: 'Old' },
            { branch: 'master', revision: 'b'.repeat(40) },
          ],
        },
      ],
    });
    await applySeed(emulator.state, seed);
    const builds = emulator.state.builds(`primary-host/seeded/pushes-${repoCounter}`);
    expect(builds.map((build) => [build.workflows?.['job_name'], build.status, build.subject])).toEqual([
      ['lint', 'queued', expect.any(String)],
      ['build', 'queued', expect.any(String)],
      ['deploy', 'success', 'Old'],
      ['test', 'success', 'Old'],
      ['lint', 'success', 'Old'],
      ['build', 'success', 'Old'],
    ]);
    expect(builds[0]?.vcs_revision).toBe('b'.repeat(40));
    expect(() => parseSeed({ projects: [{ username: 'a', reponame: 'b', pushes: [{}] }] })).toThrow(
      'projects[0].pushes[0].branch is required',
    );
  });

  it('gives the example project a build → test → deploy workflow whose test fails on feature/broken', async () => {
    const local = await startEmulator({ clock });
    try {
      await seedExample(local.state);
      const example = local.state.projects()[0];
      if (example === undefined) throw new Error('no example project');
      const before = local.state.builds(example).length;
      local.state.push(example, { branch: 'master' });
      local.state.push(example, { branch: 'feature/broken' });
      clock.advance(60_000);
      const pushed = local.state.builds(example).slice(0, -before);
      const summary = pushed.map(
        (build) => `${build.branch} ${String(build.workflows?.['job_name'])} ${build.status}`,
      );
      expect(summary.sort()).toEqual([
        'feature/broken build success',
        'feature/broken test failed',
        'master build success',
        'master deploy success',
        'master test success',
      ]);
      const build = pushed.find((one) => one.branch === 'master' && one.workflows?.['job_name'] === 'build');
      const paths = local.state.artifacts(example, build?.build_num ?? 0).map((artifact) => artifact.path);
      expect(paths).toEqual(['/home/build/project/dist/app.tar.gz', '/home/build/project/reports/junit.xml']);
    } finally {
      await local.close();
    }
  });
});

describe('pushes of tags, pull requests from forks, and commits the service skips', () => {
  it('builds a pushed tag: vcs_tag set, no branch', async () => {
    const answer = await push({ username: 'octo-org', reponame: project.reponame, tag: 'v1.2.3' });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ branch: null, tag: 'v1.2.3' });
    const builds = await list();
    expect(builds.length).toBe(2);
    for (const build of builds) expect(build).toMatchObject({ branch: null, vcs_tag: 'v1.2.3' });
  });

  it('builds a pull request from a fork on pull/<number>/head, and one from the project on its branch', async () => {
    const fork = await push({
      username: 'octo-org',
      reponame: project.reponame,
      branch: 'feature/x',
      pull_request: { number: 12, from_fork: true },
    });
    expect(fork.json).toMatchObject({ branch: 'pull/12/head' });
    const own = await push({
      username: 'octo-org',
      reponame: project.reponame,
      branch: 'feature/y',
      pull_request: { number: 13 },
    });
    expect(own.json).toMatchObject({ branch: 'feature/y' });
    expect(new Set((await list()).map((b) => b.branch))).toEqual(new Set(['pull/12/head', 'feature/y']));
    expect((await list('/tree/pull%2F12%2Fhead')).map((b) => b.vcs_revision)).toEqual([
      (fork.json as { revision: string }).revision,
      (fork.json as { revision: string }).revision,
    ]);
  });

  it("gives a fork's pipeline another origin repository than its target, and the others the same", async () => {
    await push({
      username: 'octo-org',
      reponame: project.reponame,
      pull_request: { number: 12, from_fork: true },
    });
    await push({ username: 'octo-org', reponame: project.reponame, branch: 'main' });
    const [fork, own] = emulator.state.pipelines(project).map((p) => p['vcs'] as Record<string, unknown>);
    expect(fork).toMatchObject({ branch: 'pull/12/head', target_repository_url: project.vcsUrl });
    expect(fork?.['origin_repository_url']).toMatch(/^https:\/\//u);
    expect(fork?.['origin_repository_url']).not.toBe(project.vcsUrl);
    expect(own).toMatchObject({
      origin_repository_url: project.vcsUrl,
      target_repository_url: project.vcsUrl,
    });
  });

  it.each([{ skip: true }, { subject: 'Fix a typo [ci skip]' }, { subject: 'Docs [skip ci]' }])(
    'skips a commit (%j): its first jobs are not_run, without an outcome, and the rest never appear',
    async (how) => {
      expect(
        (await push({ username: 'octo-org', reponame: project.reponame, branch: 'main', ...how })).status,
      ).toBe(201);
      clock.advance(60_000);
      const builds = await list();
      expect(jobs(builds)).toEqual(['2:lint:not_run', '1:build:not_run']);
      for (const build of builds) expect(build).toMatchObject({ status: 'not_run', outcome: null });
      expect(await list('?filter=running')).toEqual([]);
    },
  );

  it('refuses a push without a branch, tag or fork, and a malformed pull request', async () => {
    const base = { username: 'octo-org', reponame: project.reponame };
    expect(await push(base)).toMatchObject({ status: 400, json: { message: 'branch is required' } });
    expect(await push({ ...base, branch: 'x', pull_request: { number: 0 } })).toMatchObject({ status: 400 });
    expect(await push({ ...base, branch: 'x', skip: 'yes' })).toMatchObject({ status: 400 });
  });
});
