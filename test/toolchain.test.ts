import { describe, expect, it } from 'vitest';

describe('toolchain', () => {
  it('runs the tests on Node 24, the runtime of the runner (node24)', () => {
    expect(Number(process.versions.node.split('.')[0])).toBe(24);
  });
});
