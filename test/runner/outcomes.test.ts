// The outcome policy shared by trigger-build and wait-for-build: reading `allowed-outcomes` and the worst of
// several outcomes. The actions' use of it runs against the emulator in test/actions.
import { describe, expect, it } from 'vitest';
import { Inputs } from '../../src/runner/inputs.ts';
import type { Io } from '../../src/runner/io.ts';
import { outcomeOf, outputWord, passes, readOutcomePolicy, worstOutcome } from '../../src/runner/outcomes.ts';
import { ValidationError } from '../../src/common/errors.ts';

function policyOf(text: string) {
  const io = { getInput: () => text } as unknown as Io;
  return readOutcomePolicy(new Inputs(io, ['allowed-outcomes'], []));
}

describe('allowed-outcomes', () => {
  it.each([
    ['', ['success']],
    ['success', ['success']],
    ['success, no_tests', ['success', 'no_tests']],
    ['success\nno_tests\n# a comment\n', ['success', 'no_tests']],
    ['failed,canceled,,', ['failed', 'canceled']],
  ])('%j allows %j', (text, allowed) => {
    const policy = policyOf(text);
    expect(policy.any).toBe(false);
    expect([...policy.allowed]).toEqual(allowed);
  });

  it("lets any outcome the service uses pass with '*', a build that ended without one included", () => {
    const policy = policyOf('*');
    expect(passes(policy, 'failed')).toBe(true);
    expect(passes(policy, null)).toBe(true);
    // A job that ended without a build is judged by its status, one of the service's words.
    expect(passes(policy, 'blocked')).toBe(true);
    // A word the outcome output could not hold is no outcome the user allowed.
    expect(passes(policy, 'something-new')).toBe(false);
    expect(passes(policy, 'success$(id)')).toBe(false);
  });

  it('passes only what it lists; no outcome passes nothing but *', () => {
    const policy = policyOf('success, no_tests');
    expect(passes(policy, 'no_tests')).toBe(true);
    expect(passes(policy, 'failed')).toBe(false);
    expect(passes(policy, '')).toBe(false);
    expect(passes(policy, undefined)).toBe(false);
  });

  it.each([
    ['passed', /unknown outcome "passed"; allowed: '\*' or outcomes among 'success', 'failed'/],
    ['Success', /unknown outcome "Success"/],
    ['*, failed', /'\*' allows every outcome: give it alone/],
  ])('refuses %j, naming the input', (text, message) => {
    expect(() => policyOf(text)).toThrow(ValidationError);
    expect(() => policyOf(text)).toThrow(/^allowed-outcomes: /);
    expect(() => policyOf(text)).toThrow(message);
  });
});

describe('the worst outcome', () => {
  it('ranks a failure worst, then a timeout, an infrastructure failure, a cancel, no tests, success', () => {
    expect(worstOutcome(['success', 'success'])).toBe('success');
    expect(worstOutcome(['success', 'no_tests'])).toBe('no_tests');
    expect(worstOutcome(['canceled', 'no_tests', 'success'])).toBe('canceled');
    expect(worstOutcome(['infrastructure_fail', 'canceled'])).toBe('infrastructure_fail');
    expect(worstOutcome(['timedout', 'infrastructure_fail'])).toBe('timedout');
    expect(worstOutcome(['failed', 'timedout', 'success'])).toBe('failed');
    expect(worstOutcome(['success', 'brand_new', 'timedout'])).toBe('brand_new');
    expect(worstOutcome(['success', null])).toBe('');
    expect(worstOutcome([])).toBe('');
  });
});

describe('a build the service skipped', () => {
  it("has the outcome 'not_run', which allowed-outcomes accepts and only it (or *) lets pass", () => {
    const skipped = outcomeOf({ lifecycle: 'not_run', status: 'not_run', outcome: null });
    expect(skipped).toBe('not_run');
    expect(outcomeOf({ lifecycle: 'running', status: 'running', outcome: null })).toBe('');
    expect(outcomeOf({ lifecycle: 'finished', outcome: 'failed' })).toBe('failed');
    expect(passes(policyOf('success'), skipped)).toBe(false);
    expect(passes(policyOf('success, not_run'), skipped)).toBe(true);
    expect(passes(policyOf('*'), skipped)).toBe(true);
  });

  it('ranks just above success and no_tests, below a cancel', () => {
    expect(worstOutcome(['success', 'not_run'])).toBe('not_run');
    expect(worstOutcome(['not_run', 'no_tests', 'success'])).toBe('not_run');
    expect(worstOutcome(['not_run', 'canceled'])).toBe('canceled');
    expect(worstOutcome(['failed', 'not_run'])).toBe('failed');
  });
});

describe('outputWord', () => {
  it('keeps a word the README documents for the output, and none', () => {
    const log: string[] = [];
    expect(outputWord((m) => log.push(m), 'outcome', 'not_run')).toBe('not_run');
    expect(outputWord((m) => log.push(m), 'outcome', 'none')).toBe('none');
    expect(outputWord((m) => log.push(m), 'status', 'fixed')).toBe('fixed');
    expect(outputWord((m) => log.push(m), 'lifecycle', 'not_running')).toBe('not_running');
    expect(outputWord((m) => log.push(m), 'status', undefined)).toBe('');
    expect(log).toEqual([]);
  });

  it('leaves any other word empty and says so: a status is no lifecycle', () => {
    const log: string[] = [];
    expect(outputWord((m) => log.push(m), 'lifecycle', 'success')).toBe('');
    expect(outputWord((m) => log.push(m), 'status', 'queued;reboot')).toBe('');
    expect(log).toEqual([
      'The lifecycle output is left empty: "success" is no word it may hold',
      'The status output is left empty: "queued;reboot" is no word it may hold',
    ]);
  });
});
