// Renames into the destination: retried on Windows while a scanner holds the file (EPERM, EBUSY, EACCES), for a
// few seconds at most, as graceful-fs does; final at once elsewhere and for other errors.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RENAME_RETRY_MS, renameFile } from '../../src/files/rename.ts';

/** A rename that fails with `codes` in turn, then succeeds; a clock that the pauses move. */
function flaky(codes: string[]): {
  calls: number;
  pauses: number[];
  options: Parameters<typeof renameFile>[2];
} {
  let time = 0;
  const state = {
    calls: 0,
    pauses: [] as number[],
    options: {
      rename: () => {
        const code = codes[state.calls++];
        if (code !== undefined) throw Object.assign(new Error(`${code}: busy`), { code });
      },
      sleep: async (ms: number) => {
        state.pauses.push(ms);
        time += ms;
      },
      now: () => time,
    },
  };
  return state;
}

describe('renameFile', () => {
  it.each(['EPERM', 'EBUSY', 'EACCES'])(
    'retries %s on Windows with a growing pause until it works',
    async (code) => {
      const f = flaky([code, code, code]);
      await renameFile('a', 'b', { ...f.options, platform: 'win32' });
      expect(f.calls).toBe(4);
      expect(f.pauses).toEqual([10, 20, 30]);
    },
  );

  it('gives up on Windows after a few seconds, with the error itself', async () => {
    const f = flaky(new Array<string>(10_000).fill('EPERM'));
    await expect(renameFile('a', 'b', { ...f.options, platform: 'win32' })).rejects.toMatchObject({
      code: 'EPERM',
    });
    const waited = f.pauses.reduce((a, b) => a + b, 0);
    expect(waited).toBeGreaterThanOrEqual(RENAME_RETRY_MS);
    expect(waited).toBeLessThan(RENAME_RETRY_MS + 200);
  });

  it.each([
    ['linux', 'EPERM'],
    ['darwin', 'EBUSY'],
    ['win32', 'ENOENT'],
    ['win32', 'EXDEV'],
  ] as const)('on %s, %s is final at once', async (platform, code) => {
    const f = flaky([code]);
    await expect(renameFile('a', 'b', { ...f.options, platform })).rejects.toMatchObject({ code });
    expect(f.calls).toBe(1);
  });

  it('renames a real file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rename-'));
    try {
      await writeFile(join(dir, 'a.part'), 'data');
      await renameFile(join(dir, 'a.part'), join(dir, 'a'));
      expect(await readFile(join(dir, 'a'), 'utf8')).toBe('data');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
