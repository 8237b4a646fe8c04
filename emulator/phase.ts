// Where a build is in its life at a moment: computed from its stored times and the clock, so that a fake clock
// moves builds without timers.

import type { StoredBuild } from './model.ts';

/** Where a build is in its life at one moment. */
export interface Phase {
  lifecycle: string;
  outcome: string | null;
  start: number | null;
  stop: number | null;
}

/** The phase of a build at `at`. */
export function phaseAt(build: StoredBuild, at: number): Phase {
  const naturalStart = build.queuedAt + build.queuedMs;
  if (build.end !== undefined && at >= build.end.at) {
    let start: number | null;
    if (build.startAt !== undefined) start = build.startAt;
    else if (build.pin !== undefined) start = null;
    else start = naturalStart <= build.end.at ? naturalStart : null;
    return { lifecycle: 'finished', outcome: build.end.outcome, start, stop: build.end.at };
  }
  if (build.pin !== undefined) {
    return { lifecycle: build.pin.lifecycle, outcome: null, start: build.startAt ?? null, stop: null };
  }
  if (at < naturalStart) return { lifecycle: 'queued', outcome: null, start: null, stop: null };
  const naturalStop = naturalStart + build.runMs;
  if (build.hold || at < naturalStop)
    return { lifecycle: 'running', outcome: null, start: naturalStart, stop: null };
  return { lifecycle: 'finished', outcome: build.plannedOutcome, start: naturalStart, stop: naturalStop };
}
