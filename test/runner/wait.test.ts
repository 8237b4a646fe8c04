// The one wait on a fake clock: what each waiting action gives it (a look, its lines, the words of its error) and
// how it turns an ending without a result into the step's error. The loop's timing is poll.test.ts's.
import { describe, expect, it } from 'vitest';
import { PollFailedError, wait, WaitError, type Look, type WaitOptions } from '../../src/runner/wait.ts';
import { ApiError } from '../../src/service/http/errors.ts';
import { fakeClock } from '../actions/gating-helpers.ts';

const T0 = Date.parse('2026-03-02T09:00:00Z');

function options<T>(
  clock: ReturnType<typeof fakeClock>,
  look: (n: number) => Promise<Look<T>>,
  overrides: Partial<WaitOptions<T>> = {},
): WaitOptions<T> & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    clock,
    signal: new AbortController().signal,
    intervalMs: 15_000,
    deadline: T0 + 3_600_000,
    look,
    log: (line) => lines.push(line),
    still: ({ looks }) => `still waiting (${looks} looks)`,
    failed: 'look at the thing',
    unfinished: (error) => `timed out${error ? ` (${error.message})` : ''}`,
    gaveUp: (error) => `gave up: ${error.message}`,
    ...overrides,
  };
}

const failing = async (): Promise<Look<never>> => {
  throw new ApiError(502, 'GET', '/x', 'Bad Gateway', 5);
};

describe('wait', () => {
  it('returns what the look found, and says it is still waiting once a minute goes by without a line', async () => {
    const clock = fakeClock(T0);
    const o = options(clock, async (n) => (n === 6 ? { done: true, value: 'found' } : { done: false }));
    await expect(wait(o)).resolves.toBe('found');
    expect(o.lines).toEqual(['still waiting (5 looks)']);
  });

  it('fails the step with the words for a deadline that came first', async () => {
    const clock = fakeClock(T0);
    const o = options(clock, async () => ({ done: false }), { deadline: T0 + 40_000 });
    const error = await wait(o).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitError);
    expect((error as Error).message).toBe('timed out');
  });

  it('says each failed look, then fails the step with the words for giving up, the failures as the cause', async () => {
    const clock = fakeClock(T0);
    const o = options(clock, failing, { maxFailures: 2 });
    const error = await wait(o).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitError);
    expect((error as Error).message).toMatch(/^gave up: 3 looks in a row failed; the last: GET \/x/u);
    expect((error as Error).cause).toBeInstanceOf(PollFailedError);
    expect(o.lines.filter((l) => l.startsWith('Could not look at the thing'))).toHaveLength(2);
  });

  it('without words for giving up, the failed looks are the step’s error as they are', async () => {
    const clock = fakeClock(T0);
    const { gaveUp: _, ...o } = options(clock, failing, { maxFailures: 1 });
    await expect(wait(o)).rejects.toThrow(PollFailedError);
  });

  it('leaves a look’s error that cannot pass as it is', async () => {
    const clock = fakeClock(T0);
    const o = options(clock, async () => {
      throw new ApiError(404, 'GET', '/x', 'Not Found', 5);
    });
    await expect(wait(o)).rejects.toThrow(ApiError);
  });
});
