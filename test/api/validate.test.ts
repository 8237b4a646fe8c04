import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/common/errors.ts';
import {
  checkArtifactStatusFilter,
  checkBaseUrl,
  checkBuildNum,
  checkBuildStatusFilter,
  checkEnvName,
  checkKeyType,
  checkLimit,
  checkName,
  checkOffset,
  checkParallel,
  checkParams,
  checkRevisionOrTag,
  checkSegment,
  checkVcsType,
  jsonObjectKeys,
} from '../../src/service/validate.ts';

function errorOf(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('no ValidationError was thrown');
}

describe('checks from the spec’s Errors table and the API limits', () => {
  it.each([
    ['key type', () => checkKeyType('key-type', 'github-user-key'), "'deploy-key', 'primary-host-user-key'"],
    [
      'build status filter',
      () => checkBuildStatusFilter('status-filter', 'queued'),
      "'completed', 'successful', 'failed', 'running'",
    ],
    [
      'artifact status filter refuses running',
      () => checkArtifactStatusFilter('status-filter', 'running'),
      "'completed', 'successful', 'failed'",
    ],
    ['vcs type', () => checkVcsType('vcs-type', 'github'), "'primary-host', 'secondary-host'"],
    ['limit over 100', () => checkLimit('limit', 101), 'from 1 to 100'],
    ['limit 0', () => checkLimit('limit', '0'), 'from 1 to 100'],
    ['limit not whole', () => checkLimit('limit', '2.5'), 'from 1 to 100'],
    ['offset negative', () => checkOffset('offset', -1), '≥ 0'],
    ['build number 0', () => checkBuildNum('build-num', '0'), '≥ 1'],
    ['build number text', () => checkBuildNum('build-num', 'latest'), '≥ 1'],
    ['parallel 0', () => checkParallel('parallel', 0), '≥ 1'],
    ['env name with dash', () => checkEnvName('name', 'MY-VAR'), '[A-Za-z_][A-Za-z0-9_]*'],
    ['env name starting with digit', () => checkEnvName('name', '1VAR'), '[A-Za-z_][A-Za-z0-9_]*'],
    ['user name with slash', () => checkName('username', 'a/b'), 'without "/"'],
    ['project name dot-dot', () => checkName('project', '..'), "other than '.' or '..'"],
    ['branch dot-dot', () => checkSegment('branch', '..'), "other than '.' or '..'"],
    ['fingerprint dot', () => checkSegment('fingerprint', '.'), "other than '.' or '..'"],
  ])('%s: names the argument, shows the value, says what is allowed', (_what, fn, allowed) => {
    const error = errorOf(fn);
    expect(error.message).toContain(error.argument);
    expect(error.message).toContain(allowed);
    expect(error.value).toBeDefined();
    expect(error.message).toContain(JSON.stringify(error.value));
  });

  it('accepts every allowed value and returns it typed', () => {
    expect(checkKeyType('k', 'primary-host-user-key')).toBe('primary-host-user-key');
    expect(checkBuildStatusFilter('f', 'running')).toBe('running');
    expect(checkArtifactStatusFilter('f', 'successful')).toBe('successful');
    expect(checkLimit('limit', '100')).toBe(100);
    expect(checkLimit('limit', 1)).toBe(1);
    expect(checkOffset('offset', '0')).toBe(0);
    expect(checkBuildNum('b', ' 42 ')).toBe(42);
    expect(checkEnvName('n', '_A1')).toBe('_A1');
  });

  it('refuses tag together with revision, naming both', () => {
    const error = errorOf(() => checkRevisionOrTag('revision', 'abc', 'tag', 'v1'));
    expect(error.message).toMatch(/revision.*tag/);
    expect(() => checkRevisionOrTag('revision', 'abc', 'tag', undefined)).not.toThrow();
  });

  it('takes build parameters as names to strings, numbers or booleans', () => {
    expect(checkParams('params', { A: 'x', B: 2, C: true })).toEqual({ A: 'x', B: 2, C: true });
    expect(errorOf(() => checkParams('params', { A: { nested: 1 } })).message).toContain('"A" is object');
    expect(errorOf(() => checkParams('params', { A: null })).message).toContain('"A" is null');
    expect(errorOf(() => checkParams('params', ['x'])).argument).toBe('params');
    expect(errorOf(() => checkParams('params', { 'bad-name': 1 })).argument).toBe('params name');
  });

  describe('base address', () => {
    // Every form gives the v1.1 base, below whose root the transport also finds v2 (docs/v2.md).
    it.each([
      ['https://ci.example.com/api/v1.1', 'https://ci.example.com/api/v1.1'],
      ['https://ci.example.com/api/v1.1/', 'https://ci.example.com/api/v1.1'],
      ['http://127.0.0.1:8111/api/v1.1', 'http://127.0.0.1:8111/api/v1.1'],
      ['https://ci.corp.internal/ci/api/v1.1', 'https://ci.corp.internal/ci/api/v1.1'],
      ['https://ci.example.com', 'https://ci.example.com/api/v1.1'],
      ['https://ci.example.com/', 'https://ci.example.com/api/v1.1'],
      ['https://ci.example.com/api/v2', 'https://ci.example.com/api/v1.1'],
      ['https://ci.example.com/api/v2/', 'https://ci.example.com/api/v1.1'],
      ['https://ci.corp.internal/ci', 'https://ci.corp.internal/ci/api/v1.1'],
      ['https://ci.corp.internal/ci/', 'https://ci.corp.internal/ci/api/v1.1'],
      ['https://ci.corp.internal/ci/api/v2', 'https://ci.corp.internal/ci/api/v1.1'],
    ])('accepts %s', (input, expected) => expect(checkBaseUrl('base-url', input)).toBe(expected));

    it.each([
      'https://ci.example.com/api/v3',
      'https://ci.example.com/api/',
      'https://ci.example.com/api',
      'https://ci.example.com/ci/api/v1',
      'ftp://ci.example.com/api/v1.1',
      'ci.example.com/api/v1.1',
      'https://ci.example.com/api/v1.1?x=1',
      'https://ci.example.com/api/v1.1#x',
    ])('refuses %s, naming the forms', (input) => {
      const error = errorOf(() => checkBaseUrl('base-url', input));
      expect(error.argument).toBe('base-url');
      expect(error.message).toContain("the service's root");
      expect(error.message).toContain('/api/v1.1 or /api/v2');
    });

    it('never echoes an address that carries credentials', () => {
      const error = errorOf(() => checkBaseUrl('base-url', 'https://user:s3cret@ci.example.com/api/v1.1'));
      expect(error.message).not.toContain('s3cret');
      expect(error.value).toBeUndefined();
    });
  });
});

describe('build parameters', () => {
  it('reads every member name of a JSON object in order, duplicates and escapes included', () => {
    expect(jsonObjectKeys('{"A": 1, "b\\"c": {"x": [1, "y"]}, "A": "s: {", "d":true}')).toEqual([
      'A',
      'b"c',
      'A',
      'd',
    ]);
  });

  it('refuses __proto__, which an object would take for its prototype, and keeps other names', () => {
    expect(() => checkParams('params', JSON.parse('{"__proto__": "x"}'))).toThrow(/__proto__/);
    expect(JSON.stringify(checkParams('params', { A: 1, B: 'two', C: false }))).toBe(
      '{"A":1,"B":"two","C":false}',
    );
  });
});
