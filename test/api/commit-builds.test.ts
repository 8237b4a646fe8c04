// The builds of one commit in a build list: which builds match, which attempt of a job counts, and how far each
// look reads. The list here is an in-memory project history answering `builds()` as the API pages it (newest
// first, limit and offset); what the actions make of it against the emulator is in test/actions/wait-for-build*.
import { describe, expect, it } from 'vitest';
import type { BuildListQuery, ProjectRef } from '../../src/service/v1.ts';
import { CommitBuilds, jobOf, latestAttempts, matchesQuery } from '../../src/service/commit-builds.ts';
import { BadResponseError } from '../../src/service/http/errors.ts';
import type { Build } from '../../src/service/records.ts';

const SHA = 'abcdef0123456789abcdef0123456789abcdef01';
const OTHER = '1111111111111111111111111111111111111111';
const PROJECT: ProjectRef = { vcsType: 'primary-host', username: 'o', project: 'r' };
const NOW = Date.parse('2026-03-02T12:00:00Z');
const MIN = 60_000;

function build(num: number, fields: Partial<Build> & { job?: string; workflow?: string } = {}): Build {
  const { job, workflow = 'ci', ...rest } = fields;
  return {
    build_num: num,
    vcs_revision: OTHER,
    branch: 'main',
    lifecycle: 'finished',
    outcome: 'success',
    queued_at: new Date(NOW - (1000 - num) * MIN).toISOString(),
    ...(job === undefined ? {} : { workflows: { job_name: job, workflow_name: workflow } }),
    ...rest,
  };
}

/** A project's history answering like the API: newest first, paged by limit and offset. */
function history(builds: Build[]) {
  const asked: BuildListQuery[] = [];
  return {
    asked,
    builds,
    client: {
      builds: async (_p: ProjectRef, query: BuildListQuery = {}): Promise<Build[]> => {
        asked.push(query);
        const newestFirst = [...builds].sort((a, b) => b.build_num - a.build_num);
        const offset = query.offset ?? 0;
        return newestFirst.slice(offset, offset + (query.limit ?? 30)).map((b) => ({ ...b }));
      },
    },
  };
}

describe('matching a commit', () => {
  it('takes a prefix in any case, and narrows by branch, workflow and job', () => {
    const b = build(1, { vcs_revision: SHA, job: 'test', workflow: 'ci' });
    expect(matchesQuery(b, { revision: 'abcdef0' })).toBe(true);
    expect(matchesQuery({ ...b, vcs_revision: SHA.toUpperCase() }, { revision: 'abcdef0' })).toBe(true);
    expect(matchesQuery(b, { revision: 'abcdef1' })).toBe(false);
    expect(matchesQuery(b, { revision: 'abcdef0', branch: 'release' })).toBe(false);
    expect(matchesQuery(b, { revision: 'abcdef0', workflow: 'nightly' })).toBe(false);
    expect(matchesQuery(b, { revision: 'abcdef0', jobs: ['build', 'test'] })).toBe(true);
    expect(matchesQuery(b, { revision: 'abcdef0', jobs: ['build'] })).toBe(false);
    expect(matchesQuery({ ...b, vcs_revision: null }, { revision: 'abcdef0' })).toBe(false);
  });

  it("reads a first-generation build's job name from the record itself", () => {
    expect(jobOf({ build_num: 1, job_name: 'deploy' })).toEqual({ job: 'deploy' });
    expect(jobOf({ build_num: 1, workflows: { job_name: 'a', workflow_name: 'w' } })).toEqual({
      job: 'a',
      workflow: 'w',
    });
    expect(jobOf({ build_num: 1 })).toEqual({});
  });
});

describe('the newest attempt of each job counts', () => {
  it('drops the original of a retry and an older run of the same job of the same workflow', () => {
    const kept = latestAttempts([
      build(1, { job: 'build' }),
      build(2, { job: 'test', outcome: 'failed' }),
      build(3, { job: 'test', retry_of: 2 }),
      build(4, { job: 'lint', workflow: 'ci' }),
      build(5, { job: 'lint', workflow: 'other' }),
      build(6, { job: 'build', workflow: 'ci' }), // the workflow run again from the service's page
      build(7), // a first-generation build, no job
      build(8, { retry_of: 7 }),
    ]);
    expect(kept.map((b) => b.build_num)).toEqual([3, 4, 5, 6, 8]);
  });
});

describe('how far a look reads', () => {
  it('reads back a margin past the oldest build of the commit, then only what can still change', async () => {
    // 300 old builds two days back, the commit's two jobs, then 150 newer builds of other commits.
    const builds: Build[] = [];
    for (let n = 1; n <= 300; n++)
      builds.push(build(n, { queued_at: new Date(NOW - 2 * 24 * 60 * MIN).toISOString() }));
    builds.push(build(301, { vcs_revision: SHA, job: 'build', lifecycle: 'running', outcome: null }));
    builds.push(build(302, { vcs_revision: SHA, job: 'lint' }));
    for (let n = 303; n <= 452; n++) builds.push(build(n));
    const list = history(builds);
    const commit = new CommitBuilds(list.client, PROJECT, { revision: 'abcdef0' }, { now: NOW });

    let look = await commit.look();
    expect(look.builds.map((b) => b.build_num)).toEqual([301, 302]);
    // Pages at 0 and 100 hold 452..253: past the commit by two days of builds, so the third page is not read.
    expect(list.asked.map((q) => [q.limit, q.offset])).toEqual([
      [100, 0],
      [100, 100],
    ]);

    // Later looks read down to the build still running (#301): 151 builds above it, so two pages.
    list.asked.length = 0;
    await commit.look();
    expect(list.asked.map((q) => q.offset)).toEqual([0, 100]);

    // Once it ended, a look reads only what is newer than what the last look saw: one small page.
    const running = builds.find((b) => b.build_num === 301);
    if (running) Object.assign(running, { lifecycle: 'finished', outcome: 'failed' });
    await commit.look();
    list.asked.length = 0;
    builds.push(build(453, { vcs_revision: SHA, job: 'deploy' }));
    look = await commit.look();
    expect(list.asked).toEqual([{ limit: 20, offset: 0 }]);
    expect(look.builds.map((b) => [b.build_num, b.outcome])).toEqual([
      [301, 'failed'],
      [302, 'success'],
      [453, 'success'],
    ]);
  });

  it('without a match, reads back a day at most, and ten pages at most', async () => {
    const recent = history(
      Array.from({ length: 1500 }, (_, i) =>
        build(i + 1, { queued_at: new Date(NOW - (1500 - i) * MIN).toISOString() }),
      ),
    );
    let look = await new CommitBuilds(recent.client, PROJECT, { revision: 'abcdef0' }, { now: NOW }).look();
    // A build a minute: the 15th page would pass a day (1440 builds), but ten pages is the bound.
    expect(recent.asked).toHaveLength(10);
    expect(look.truncated).toBe(true);

    const old = history(
      Array.from({ length: 1500 }, (_, i) =>
        build(i + 1, { queued_at: new Date(NOW - (1500 - i) * 10 * MIN).toISOString() }),
      ),
    );
    look = await new CommitBuilds(old.client, PROJECT, { revision: 'abcdef0' }, { now: NOW }).look();
    // A build every ten minutes: the second page already reaches past a day back.
    expect(old.asked).toHaveLength(2);
    expect(look.truncated).toBe(false);
    expect(look.builds).toEqual([]);
  });

  it('stops at a list that repeats, and refuses an answer that is no list', async () => {
    const page = Array.from({ length: 100 }, (_, i) => build(500 - i));
    const asked: number[] = [];
    const repeating = {
      builds: async (_p: ProjectRef, q: BuildListQuery = {}) => (asked.push(q.offset ?? 0), page),
    };
    await new CommitBuilds(repeating, PROJECT, { revision: 'abcdef0' }, { now: NOW }).look();
    expect(asked).toEqual([0, 100]);

    const broken = { builds: async () => ({ message: 'not a list' }) as unknown as Build[] };
    await expect(
      new CommitBuilds(broken, PROJECT, { revision: 'abcdef0' }, { now: NOW }).look(),
    ).rejects.toThrow(BadResponseError);
  });
});
