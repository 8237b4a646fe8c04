// The runner's cancel, on every platform: SIGINT then SIGTERM on Linux and macOS; on Windows Ctrl-C (SIGINT) then
// Ctrl-Break, which Node gives as SIGBREAK. Each aborts the step's signal and fails it with one line. The signals
// are emitted on this process (Linux cannot send SIGBREAK); the bundle tests send real SIGINT and SIGTERM.
import { describe, expect, it } from 'vitest';
import { runAction, STOP_SIGNALS, type ActionContext } from '../../src/runner/run.ts';
import { recordingIo } from '../actions/gating-helpers.ts';

describe('a cancelled step', () => {
  it.each(['SIGINT', 'SIGTERM', 'SIGBREAK'] as const)(
    '%s aborts the step and runs its cleanups',
    async (signal) => {
      const io = await recordingIo('clear-cache', { token: 'signal-Token-3310' });
      const events: string[] = [];
      const main = async (ctx: ActionContext): Promise<void> => {
        ctx.onCleanup(() => events.push('cleanup'));
        setImmediate(() => process.emit(signal, signal));
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`${signal} did not abort the step`)), 2000);
          ctx.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            events.push('aborted');
            resolve();
          });
        });
      };
      await runAction({ name: 'clear-cache', inputs: [], outputs: [] }, main, { io, env: {} });
      expect(events).toEqual(['aborted', 'cleanup']);
      expect(io.failed).toBe(`the step was cancelled (${signal})`);
      // No handler is left behind for the next step of this process.
      for (const s of STOP_SIGNALS) expect(process.listeners(s)).toEqual([]);
    },
  );
});
