// fetch-artifacts' search-artifacts, the bundle run as the runner runs it against the emulator: with `latest`, the
// newest matching build may have no artifact that `pattern` selects (a job that skipped its report); the search
// goes back to the newest build that has one, names it, and if-no-artifacts applies when none has.
import { readdir } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runAction, type RunResult } from '../harness/runner.ts';
import { PROJECT, SLUG } from './gating-helpers.ts';

let emulator: Emulator;

const COVERAGE = [{ path: 'coverage/index.html', size: 2048 }];
const REPORTS = [{ path: 'reports/junit.xml', size: 1536 }];

beforeEach(async () => {
  emulator = await startEmulator();
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo);
  // Newest first: #6 still running, #5 and #4 without coverage, #3 (the third-newest completed) and #2 with it,
  // #1 on another branch.
  emulator.state.addBuild(SLUG, { branch: 'develop', outcome: 'success', artifacts: COVERAGE });
  emulator.state.addBuild(SLUG, { branch: 'main', outcome: 'success', artifacts: COVERAGE });
  emulator.state.addBuild(SLUG, { branch: 'main', outcome: 'failed', artifacts: [...COVERAGE, ...REPORTS] });
  emulator.state.addBuild(SLUG, { branch: 'main', outcome: 'success', artifacts: REPORTS });
  emulator.state.addBuild(SLUG, { branch: 'main', outcome: 'success', artifacts: [] });
  emulator.state.addBuild(SLUG, { branch: 'main', lifecycle: 'running', artifacts: COVERAGE });
});
afterEach(async () => {
  await emulator.close();
});

const fetch = (inputs: Record<string, string>): Promise<RunResult> =>
  runAction('fetch-artifacts', {
    inputs: {
      token: emulator.token,
      'base-url': emulator.baseUrl,
      branch: 'main',
      pattern: 'coverage/**',
      ...inputs,
    },
  });

describe('fetch-artifacts bundle with search-artifacts', () => {
  it('finds the third-newest completed build, the newest with a matching artifact, and names it', async () => {
    const result = await fetch({ 'search-artifacts': 'true' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['build-num']).toBe('3');
    expect(result.outputs['count']).toBe('1');
    expect(await readdir(result.workspace, { recursive: true })).toEqual(['coverage', 'coverage/index.html']);
    expect(result.stdout).toContain('Build #5 has no artifact matching pattern; looking at an older one');
    expect(result.stdout).toContain('Build #4 has no artifact matching pattern; looking at an older one');
    expect(result.stdout).toContain(
      'The latest completed build with an artifact matching pattern on branch main of octo-org/octo-repo is ' +
        'build #3 (passing over the newer builds #5, #4)',
    );
    expect(result.summary).toContain(
      'of build #3 (the latest completed build with an artifact matching pattern on branch main) of octo-org/octo-repo',
    );
    // The builds it passed over and the one it took, each listed once; nothing older.
    const listed = emulator.requests.filter((r) => /\/\d+\/artifacts$/.test(r.path)).map((r) => r.path);
    expect(listed).toEqual([5, 4, 3].map((n) => `/project/${SLUG}/${n}/artifacts`));
  });

  it('without it, takes the newest matching build even when it has no matching artifact', async () => {
    const result = await fetch({});
    expect(result.code).toBe(0);
    expect(result.outputs['build-num']).toBe('5');
    expect(result.outputs['count']).toBe('0');
    expect(result.stdout).toMatch(/^::warning::No artifacts fetched: build #5 .* has no artifacts/m);
  });

  it('applies if-no-artifacts when no build has a matching artifact', async () => {
    const result = await fetch({
      'search-artifacts': 'true',
      pattern: 'site/**',
      'if-no-artifacts': 'fail',
    });
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      '::error::No artifacts fetched: no latest completed build with an artifact matching pattern on branch main ' +
        'of octo-org/octo-repo was found among the 4 builds that match (if-no-artifacts: fail)',
    ]);
    expect(result.outputs['count']).toBe('0');
  });

  it('refuses search-artifacts with a build number, before anything is sent', async () => {
    const result = await fetch({ 'search-artifacts': 'true', 'build-num': '3', branch: '' });
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([
      expect.stringMatching(
        /^::error::search-artifacts: search-artifacts is given with build-num 3; allowed only with build-num: 'latest'/,
      ),
    ]);
    expect(emulator.requests).toEqual([]);
  });
});
