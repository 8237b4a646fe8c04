// What the general action says came back, per command: what a reader of the log needs, never a value.
import { describe, expect, it } from 'vitest';
import { describeResult } from '../../src/actions/general/report.ts';

const build = (n: number, status: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  build_num: n,
  status,
  branch: 'main',
  vcs_revision: '1a2b3c4d5e6f',
  build_url: `https://ci.example.com/gh/o/r/${n}`,
  ...extra,
});

describe('describeResult', () => {
  it.each([
    [
      'build',
      build(12, 'success', { outcome: 'success' }),
      'build #12 (main, 1a2b3c4): success, https://ci.example.com/gh/o/r/12',
    ],
    [
      'cancel',
      build(12, 'canceled', { outcome: 'canceled' }),
      'build #12 (main, 1a2b3c4): canceled, https://ci.example.com/gh/o/r/12',
    ],
    ['trigger', build(13, 'queued'), 'build #13 (main, 1a2b3c4): queued, https://ci.example.com/gh/o/r/13'],
    [
      'retry',
      build(14, 'failed', { outcome: 'infrastructure_fail' }),
      'build #14 (main, 1a2b3c4): failed (outcome infrastructure_fail), https://ci.example.com/gh/o/r/14',
    ],
    [
      'builds',
      [build(3, 'success'), build(2, 'failed'), build(1, 'success')],
      '3 builds, #3 to #1 (2 success, 1 failed)',
    ],
    ['recent-builds', [], '0 builds'],
    ['me', { login: 'octo', platform_api_key: 'xxxx1234' }, 'signed in as octo'],
    ['projects', [{ reponame: 'a' }, { reponame: 'b' }], '2 projects: a, b'],
    ['artifacts', [{ path: 'dist/app.tgz' }], '1 artifact: dist/app.tgz'],
    ['latest-artifacts', [], '0 artifacts'],
    [
      'tests',
      { tests: [{ result: 'success' }, { result: 'failure' }, { result: 'success' }] },
      '3 tests (2 success, 1 failure)',
    ],
    // API v2 answers the list itself, for a project named by its slug.
    ['tests', [{ result: 'success' }, { result: 'failure' }], '2 tests (1 success, 1 failure)'],
    [
      'list-envvars',
      [
        { name: 'A', value: 'xxxx1234' },
        { name: 'B', value: 'xxxx5678' },
      ],
      '2 variables: A, B',
    ],
    ['get-envvar', { name: 'A', value: 'xxxx1234' }, 'variable A (value hidden)'],
    ['add-envvar', { name: 'A', value: 'xxxx1234' }, 'variable A (value hidden)'],
    ['list-checkout-keys', [{ fingerprint: 'aa:bb' }], '1 checkout key: aa:bb'],
    ['create-checkout-key', { type: 'deploy-key', fingerprint: 'aa:bb' }, 'deploy-key aa:bb'],
    ['follow', { following: true, first_build: null }, 'following the project'],
    ['clear-cache', { status: 'build dependency caches deleted' }, 'build dependency caches deleted'],
    ['delete-envvar', { message: 'ok' }, 'ok'],
    ['add-ssh-key', '', 'SSH key added'],
    ['add-platform-key', '', 'platform key added'],
  ])('%s', (command, result, said) => {
    expect(describeResult(command, result)).toBe(said);
  });

  it('lists at most ten names, counting the rest', () => {
    const vars = Array.from({ length: 12 }, (_, i) => ({ name: `V${i}` }));
    expect(describeResult('list-envvars', vars)).toBe(
      '12 variables: V0, V1, V2, V3, V4, V5, V6, V7, V8, V9, and 2 more',
    );
  });

  it('describes a page of 200,000 builds without overflowing the stack', () => {
    const builds = Array.from({ length: 200_000 }, (_, i) => ({ build_num: i + 1, status: 'success' }));
    expect(describeResult('builds', builds)).toBe('200000 builds, #200000 to #1 (200000 success)');
  });
});
