// What the API core takes for a finished build, whatever the service put in its outcome.
import { describe, expect, it } from 'vitest';
import { isFinished } from '../../src/service/records.ts';

describe('isFinished', () => {
  it('takes a build with any outcome but none or an empty one for finished', () => {
    expect(isFinished({ lifecycle: 'running', outcome: 'success' })).toBe(true);
    expect(isFinished({ lifecycle: 'not_run' })).toBe(true);
    expect(isFinished({ lifecycle: 'running', outcome: '' })).toBe(false);
    expect(isFinished({ lifecycle: 'running', outcome: null })).toBe(false);
    // An outcome of a type the service never sent is still an outcome: the build will not change any more.
    expect(isFinished({ lifecycle: 'running', outcome: 0 as never })).toBe(true);
    expect(isFinished({ lifecycle: 'running', outcome: false as never })).toBe(true);
  });
});
