// Following one build to its end (trigger-build with `wait`, wait-for-build with `build-num`): one GET per look
// through the polite waiting loop (poll.ts), a line when the build's state changes and a heartbeat otherwise.
import type { Build } from '../api/records.ts';
import { isFinished } from '../api/records.ts';
import { poll, type Look } from './poll.ts';
import type { ActionContext, Connection } from './run.ts';
import { formatDuration } from '../api/format.ts';

export interface FollowOptions {
  intervalMs: number;
  /** clock.now() scale: the last look happens at it. */
  deadline: number;
}

export interface FollowResult {
  /** The build finished. */
  done: boolean;
  /** Set when the deadline came during the transport's wait (a Retry-After longer than the time left). */
  error?: Error;
}

/**
 * Looks at the build until it finishes, the deadline passes or the step is cancelled (then it rejects with the
 * abort reason). `seen` receives every record read, so the caller always knows the last state.
 */
export async function followBuild(
  ctx: ActionContext,
  { client, project }: Connection,
  first: Build,
  options: FollowOptions,
  seen: (build: Build) => void,
): Promise<FollowResult> {
  const num = first.build_num;
  let previous = first;
  if (isFinished(first)) return { done: true };
  const look = async (): Promise<Look<Build>> => {
    const build = await client.build(project, num);
    seen(build);
    const changed = build.status !== previous.status || build.lifecycle !== previous.lifecycle;
    previous = build;
    if (isFinished(build)) return { done: true, value: build };
    if (!changed) return { done: false };
    ctx.info(`Build #${num} is ${describeState(build)}`);
    return { done: false, logged: true };
  };
  const result = await poll(
    {
      clock: ctx.clock,
      signal: ctx.signal,
      intervalMs: options.intervalMs,
      deadline: options.deadline,
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
    look,
  );
  if (result.done || result.error === undefined) return { done: result.done };
  return { done: false, error: result.error };
}

/** `running (status running)`, or just `queued` when both say the same. */
export function describeState(build: Build): string {
  const lifecycle = build.lifecycle ?? 'in an unknown state';
  return build.status && build.status !== build.lifecycle
    ? `${lifecycle} (status ${build.status})`
    : lifecycle;
}
