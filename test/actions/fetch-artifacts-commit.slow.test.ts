// fetch-artifacts with `revision` and `job`: the newest finished build of one commit's job, found in the emulator's
// build list across pages, the bundle run as the runner runs it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runAction } from '../harness/runner.ts';

const TOKEN = 'commit-Secret-Token-3390';
const COMMIT = 'c0ffee5a1b2c3d4e5f60718293a4b5c6d7e8f901';
const OTHER = 'deadbeef00112233445566778899aabbccddeeff';

/**
 * `older` builds of other commits, then the commit's push (jobs build, test, deploy; build retried: the retry is
 * the newest finished build of that job), one more run of its build job still running, then `newer` builds of
 * other commits.
 */
function seed(emu: Emulator, older: number, newer: number): { retry: number; test: number } {
  const project = emu.state.project('primary-host', 'octo-org', 'octo-repo');
  const other = (n: number): void => {
    for (let i = 0; i < n; i++)
      emu.state.addBuild(project, {
        vcs_revision: OTHER,
        outcome: 'success',
        workflows: { job_name: 'build', workflow_name: 'ci' },
        artifacts: [{ path: 'dist/other.txt', size: 10 }],
      });
  };
  other(older);
  const job = (name: string, outcome: string, file: string) =>
    emu.state.addBuild(project, {
      vcs_revision: COMMIT,
      why: 'primary-host',
      outcome,
      workflows: { job_name: name, workflow_name: 'ci' },
      artifacts: [{ path: file, size: 100 + name.length }],
    }).build_num;
  job('build', 'failed', 'dist/first-try.txt');
  const test = job('test', 'success', 'reports/junit.xml');
  job('deploy', 'success', 'deploy.log');
  const retry = job('build', 'success', 'dist/app.txt');
  emu.state.addBuild(project, {
    vcs_revision: COMMIT,
    status: 'running',
    workflows: { job_name: 'build', workflow_name: 'ci' },
    artifacts: [{ path: 'dist/unfinished.txt', size: 5 }],
  });
  other(newer);
  return { retry, test };
}

async function emulator(): Promise<Emulator> {
  const emu = await startEmulator({ token: TOKEN });
  return emu;
}

const listRequests = (emu: Emulator): string[] =>
  emu.requests.filter((q) => q.path === '/project/primary-host/octo-org/octo-repo').map((q) => q.url);

describe('fetch-artifacts of a commit', () => {
  it("finds the newest finished build of the commit's job across pages, and says which", async () => {
    const emu = await emulator();
    try {
      const { retry } = seed(emu, 30, 230);
      const r = await runAction('fetch-artifacts', {
        inputs: {
          token: TOKEN,
          'base-url': emu.baseUrl,
          revision: COMMIT.slice(0, 7).toUpperCase(),
          job: 'build',
          path: 'out',
        },
      });
      expect(r.errors).toEqual([]);
      expect(r.code).toBe(0);
      expect(r.outputs['build-num']).toBe(String(retry));
      expect(r.outputs['count']).toBe('1');
      const project = emu.state.project('primary-host', 'octo-org', 'octo-repo');
      expect(
        (await readFile(join(r.workspace, 'out/dist/app.txt'))).equals(
          emu.state.artifactBytes(project, retry, 'dist/app.txt'),
        ),
      ).toBe(true);
      expect(r.stdout).toContain(
        `The latest completed build of job build of commit c0ffee5 of octo-org/octo-repo is build #${retry}`,
      );
      expect(r.summary).toContain(
        `build #${retry} (the latest completed build of job build of commit c0ffee5)`,
      );
      // 230 newer builds: the third page holds it.
      expect(listRequests(emu)).toHaveLength(3);
      for (const target of listRequests(emu)) expect(target).toContain('filter=completed');
    } finally {
      await emu.close();
    }
  });

  it('stops reading once the commit is behind it, and says nothing matched', async () => {
    const emu = await emulator();
    try {
      seed(emu, 700, 150);
      const r = await runAction('fetch-artifacts', {
        inputs: {
          token: TOKEN,
          'base-url': emu.baseUrl,
          revision: COMMIT,
          job: 'lint',
          'if-no-artifacts': 'fail',
        },
      });
      expect(r.code).toBe(1);
      expect(r.errors).toEqual([
        expect.stringContaining(
          `No artifacts fetched: no latest completed build of job lint of commit ${COMMIT} of octo-org/octo-repo was found`,
        ),
      ]);
      expect(r.outputs['build-num']).toBeUndefined();
      // Page 2 holds the commit, page 3 has none of it: 856 builds, three requests.
      expect(listRequests(emu)).toHaveLength(3);
    } finally {
      await emu.close();
    }
  });

  it('with status-filter successful, skips the failed first try', async () => {
    const emu = await emulator();
    try {
      const { test } = seed(emu, 0, 0);
      const r = await runAction('fetch-artifacts', {
        inputs: {
          token: TOKEN,
          'base-url': emu.baseUrl,
          revision: COMMIT,
          'status-filter': 'successful',
          job: 'test',
        },
      });
      expect(r.code).toBe(0);
      expect(r.outputs['build-num']).toBe(String(test));
      expect(JSON.parse(r.outputs['files'] ?? '')).toEqual([join(r.workspace, 'reports/junit.xml')]);
    } finally {
      await emu.close();
    }
  });

  it.each([
    [{ revision: 'c0ffee' }, 'revision'],
    [{ revision: 'not-a-hash' }, 'revision'],
    [{ revision: COMMIT, 'build-num': '12' }, 'revision'],
    [{ job: 'build', 'build-num': '12' }, 'job'],
    [{ overwrite: 'maybe' }, 'overwrite'],
    [{ extract: 'yes please' }, 'extract'],
  ])('refuses %j before sending anything', async (inputs, name) => {
    const emu = await emulator();
    try {
      const r = await runAction('fetch-artifacts', {
        inputs: { token: TOKEN, 'base-url': emu.baseUrl, ...inputs },
      });
      expect(r.code).toBe(1);
      expect(r.errors).toEqual([expect.stringMatching(new RegExp(`^::error::${name}: `, 'u'))]);
      expect(emu.requests).toEqual([]);
    } finally {
      await emu.close();
    }
  });
});
