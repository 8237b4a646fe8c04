// fetch-artifacts never takes a pull request's build by default (docs/promises.md, promise 32), the bundle run as
// the runner runs it against the emulator: a fork's pull request is built on `pull/<n>/head`, its configuration
// chooses the artifacts, and they would land in the workspace where a later step runs them.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runAction, type RunResult } from '../harness/runner.ts';
import { PROJECT, SLUG } from './gating-helpers.ts';

let emulator: Emulator;

const REPORT = [{ path: 'reports/junit.xml', size: 300 }];
const NPMRC = [{ path: '.npmrc', size: 40 }];
const TRUSTED = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const FORK = 'f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0';

beforeEach(async () => {
  emulator = await startEmulator();
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo);
  // Oldest first: #1 of main, #2 a pull request without its head, #3 of main without the report, #4 and #5 of a
  // fork's pull request (the newest).
  emulator.state.addBuild(SLUG, {
    branch: 'main',
    vcs_revision: TRUSTED,
    outcome: 'success',
    artifacts: REPORT,
  });
  emulator.state.addBuild(SLUG, {
    branch: 'pull/3',
    vcs_revision: FORK,
    outcome: 'success',
    artifacts: REPORT,
  });
  emulator.state.addBuild(SLUG, { branch: 'main', vcs_revision: TRUSTED, outcome: 'success', artifacts: [] });
  emulator.state.addBuild(SLUG, {
    branch: 'pull/9/head',
    vcs_revision: FORK,
    outcome: 'success',
    artifacts: REPORT,
  });
  emulator.state.addBuild(SLUG, {
    branch: 'pull/9/head',
    vcs_revision: FORK,
    outcome: 'success',
    artifacts: NPMRC,
  });
});
afterEach(async () => {
  await emulator.close();
});

const fetch = (inputs: Record<string, string>): Promise<RunResult> =>
  runAction('fetch-artifacts', {
    inputs: { token: emulator.token, 'base-url': emulator.baseUrl, ...inputs },
  });

const listedArtifacts = (): string[] =>
  emulator.requests.filter((r) => /\/\d+\/artifacts$/u.test(r.path)).map((r) => r.path);

describe('fetch-artifacts bundle and builds of pull requests', () => {
  it('by default takes the newest build that is no pull request, and names it with branch and commit', async () => {
    const result = await fetch({});
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['build-num']).toBe('3');
    expect(result.stdout).toContain('Build #5 is of a pull request (branch pull/9/head), perhaps a fork');
    expect(result.stdout).toContain('Build #4 is of a pull request (branch pull/9/head), perhaps a fork');
    expect(result.stdout).toContain('is build #3 (passing over the newer builds #5, #4)');
    expect(result.stdout).toContain(`Fetching the artifacts of build #3 (branch main, commit ${TRUSTED})`);
    // Only the chosen build's artifacts were listed: nothing of the fork's was read, let alone written.
    expect(listedArtifacts()).toEqual([`/project/${SLUG}/3/artifacts`]);
    expect(await readdir(result.workspace)).toEqual([]);
  });

  it('names the chosen build in the job summary', async () => {
    const result = await fetch({});
    expect(result.code).toBe(0);
    // Build #3 has no artifacts: take #1 by number to see the summary of a fetch.
    const one = await fetch({ 'build-num': '1' });
    expect(one.code).toBe(0);
    expect(one.summary).toContain(`of build #1 of octo-org/octo-repo (branch main, commit ${TRUSTED})`);
  });

  it('with allow-forks: true takes the newest build, a fork pull request', async () => {
    const result = await fetch({ 'allow-forks': 'true' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['build-num']).toBe('5');
    expect(result.stdout).toContain(
      `Fetching the artifacts of build #5 (branch pull/9/head, commit ${FORK}); it is of a pull request`,
    );
    expect(await readdir(result.workspace)).toEqual(['.npmrc']);
  });

  it('with search-artifacts passes over pull requests the same way, without reading their artifacts', async () => {
    const result = await fetch({ 'search-artifacts': 'true', pattern: 'reports/**' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['build-num']).toBe('1');
    expect(result.stdout).toContain('is build #1 (passing over the newer builds #5, #4, #3, #2)');
    expect(listedArtifacts()).toEqual([3, 1].map((n) => `/project/${SLUG}/${n}/artifacts`));
    expect(await readdir(join(result.workspace, 'reports'))).toEqual(['junit.xml']);
  });

  it('with search-artifacts and allow-forks: true takes the fork pull request that has the report', async () => {
    const result = await fetch({ 'search-artifacts': 'true', pattern: 'reports/**', 'allow-forks': 'true' });
    expect(result.code).toBe(0);
    expect(result.outputs['build-num']).toBe('4');
    expect(result.stdout).toContain('is build #4 (passing over the newer build #5)');
    expect(result.stdout).toContain(
      `Fetching the artifacts of build #4 (branch pull/9/head, commit ${FORK})`,
    );
  });

  it('a branch that names a pull request counts its builds: the user chose it', async () => {
    const result = await fetch({ branch: 'pull/9/head' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['build-num']).toBe('5');
    expect(result.stdout).toContain(
      `Fetching the artifacts of build #5 (branch pull/9/head, commit ${FORK})`,
    );
  });

  it('a build number is fetched whatever its branch, and the log says it is a pull request', async () => {
    const result = await fetch({ 'build-num': '5' });
    expect(result.code).toBe(0);
    expect(result.outputs['build-num']).toBe('5');
    expect(result.stdout).toContain(
      `Fetching the artifacts of build #5 (branch pull/9/head, commit ${FORK}); it is of a pull request`,
    );
    expect(await readFile(join(result.workspace, '.npmrc'))).toHaveLength(40);
    // The build was read once, for its branch and commit.
    expect(emulator.requests.filter((r) => r.path === `/project/${SLUG}/5`)).toHaveLength(1);
  });

  it('when only pull requests match, says so and fetches nothing', async () => {
    const result = await fetch({ 'if-no-artifacts': 'fail', revision: FORK });
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      `::error::No artifacts fetched: no latest completed build of commit ${FORK} of octo-org/octo-repo was found ` +
        'among the 3 builds that match (3 were of a pull request, passed over as allow-forks is false) ' +
        '(if-no-artifacts: fail)',
    ]);
    expect(await readdir(result.workspace)).toEqual([]);
  });
});
