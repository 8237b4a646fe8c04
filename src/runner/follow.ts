// Following one build to its end (trigger-build with `wait`, wait-for-build with `build-num`): one GET per look
// through the polite waiting loop (poll.ts), a line when the build's state changes and a heartbeat otherwise.
import { isFinished, type Build } from '../api/records.ts';
import { poll } from './poll.ts';
import type { ActionContext, Connection } from './run.ts';
import { formatDuration } from '../api/format.ts';

/**
 * Looks at the build until it finishes, the deadline passes or the step is cancelled (then it rejects with the
 * abort reason). `seen` receives every record read, so the caller always knows the last state.
 */
export async function followBuild(
  ctx: ActionContext,
  { client, project }: Connection,
  first: Build,
  options: { intervalMs: number; deadline: number },
  seen: (build: Build) => void,
): Promise<{ done: boolean; error?: Error }> {
  const num = first.build_num;
  let previous = first;
  if (isFinished(first)) return { done: true };
  return poll(
    {
      ...options,
      clock: ctx.clock,
      signal: ctx.signal,
      onHeartbeat: ({ looks, elapsedMs }) =>
        ctx.info(
          `Build #${num} is still ${describeState(previous)} after ${formatDuration(elapsedMs)} (${looks} looks)`,
        ),
      onFailure: (error, { failures, nextInMs }) =>
        ctx.info(
          `Could not look at build #${num} (${error.message}); looking again in ${formatDuration(nextInMs)} ` +
            `(failure ${failures} in a row)`,
        ),
    },
    async () => {
      const build = await client.build(project, num);
      seen(build);
      const changed = build.status !== previous.status || build.lifecycle !== previous.lifecycle;
      previous = build;
      if (isFinished(build)) return { done: true, value: build };
      if (changed) ctx.info(`Build #${num} is ${describeState(build)}`);
      return { done: false, logged: changed };
    },
  );
}

/** `running (status running)`, or just `queued` when both say the same. */
export function describeState(build: Build): string {
  const lifecycle = build.lifecycle ?? 'in an unknown state';
  return build.status && build.status !== build.lifecycle
    ? `${lifecycle} (status ${build.status})`
    : lifecycle;
}
