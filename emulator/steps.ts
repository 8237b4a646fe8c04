// The steps of a full build record, one action per container, and what each printed: the output a signed
// storage URL serves. A failing build fails in one step (`Run tests`, or the step its FailureSpec names), whose
// output ends in the reason and the exit; after it only the uploads run.

import type { EmulatedProject, StoredBuild } from './model.ts';
import type { OutputPlan } from './output.ts';
import type { Phase } from './phase.ts';
import { artifactAbsolutePath } from './model.ts';

interface StepPlan {
  name: string;
  type: string;
  command: string | null;
  parallel: boolean;
}

const MAIN_STEP = 'Run tests';

const STEPS: readonly StepPlan[] = [
  { name: 'Spin up environment', type: 'infrastructure', command: null, parallel: true },
  { name: 'Checkout code', type: 'checkout', command: null, parallel: true },
  { name: 'Restore cache', type: 'dependencies', command: null, parallel: true },
  { name: MAIN_STEP, type: 'test', command: 'npm test', parallel: true },
  { name: 'Uploading artifacts', type: 'upload', command: null, parallel: true },
];

/** A step as it ran (or runs) in a build, the same for every container. */
export interface StepRun {
  plan: StepPlan;
  /** The `step` number of its actions. */
  step: number;
  status: string;
  start: number;
  end: number | null;
  /** The step that failed the build. */
  failing: boolean;
}

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/** The name of the step a build fails in, when it is to fail in one. */
function failingStepName(build: StoredBuild, outcome: string | null): string | undefined {
  const planned = outcome ?? build.plannedOutcome;
  if (planned !== 'failed' && planned !== 'timedout') return undefined;
  return build.failure?.step ?? MAIN_STEP;
}

// The steps a build goes through: a failing step not in the usual plan comes before the uploads, and after the
// failing step only the uploads run.
function plannedSteps(build: StoredBuild, outcome: string | null): StepPlan[] {
  let plan = STEPS.filter((step) => !(step.name === 'Restore cache' && build.noDependencyCache));
  const failing = failingStepName(build, outcome);
  if (failing === undefined) return plan;
  if (!plan.some((step) => step.name === failing)) {
    const failingStep = {
      name: failing,
      type: 'test',
      command: build.failure?.command ?? null,
      parallel: true,
    };
    plan = [...plan.slice(0, -1), failingStep, ...plan.slice(-1)];
  }
  const at = plan.findIndex((step) => step.name === failing);
  return [...plan.slice(0, at + 1), ...plan.slice(at + 1).filter((step) => step.type === 'upload')];
}

/**
 * The steps a build has gone through by `now`, its time split evenly between them. A failing build fails in
 * its failing step (uploads still run), an infrastructure failure in the first step.
 */
export function stepRuns(build: StoredBuild, phase: Phase, now: number): StepRun[] {
  if (phase.start === null) return [];
  const start = phase.start;
  const plan = plannedSteps(build, phase.outcome);
  const ongoing = phase.stop === null;
  const interrupted = ongoing || phase.outcome === 'canceled';
  const end = phase.stop ?? now;
  const total = phase.stop === null ? build.runMs : phase.stop - start;
  const slice = total / plan.length;
  const failing =
    phase.outcome === 'failed' || phase.outcome === 'timedout'
      ? failingStepName(build, phase.outcome)
      : undefined;
  const runs: StepRun[] = [];
  for (const [i, step] of plan.entries()) {
    const stepStart = start + Math.round(i * slice);
    let stepEnd: number | null = start + Math.round((i + 1) * slice);
    let status = 'success';
    if (interrupted) {
      if (i > 0 && stepStart >= end) break;
      if (stepEnd >= end || i === plan.length - 1) {
        status = ongoing ? 'running' : 'canceled';
        stepEnd = ongoing ? null : end;
      }
    } else if (phase.outcome === 'infrastructure_fail' && i === 0) {
      status = 'failed';
    } else if (step.name === failing) {
      status = phase.outcome === 'timedout' ? 'timedout' : 'failed';
    }
    runs.push({
      plan: step,
      step: i,
      status,
      start: stepStart,
      end: stepEnd,
      failing: status === 'failed' || status === 'timedout',
    });
    if (status === 'running' || status === 'canceled') break;
    if (phase.outcome === 'infrastructure_fail') break;
  }
  return runs;
}

/** Path (below the storage origin) of the output of one action of a build. */
function outputPath(project: EmulatedProject, num: number, step: number, index: number): string {
  return `/output/${project.vcsType}/${encodeURIComponent(project.username)}/${encodeURIComponent(project.reponame)}/${num}/${step}/${index}`;
}

/** The `steps` of a full build record; output URLs are signed with `sign` (no output without it). */
export function stepRecords(
  project: EmulatedProject,
  build: StoredBuild,
  phase: Phase,
  now: number,
  sign: ((path: string) => string) | undefined,
): unknown[] {
  return stepRuns(build, phase, now).map((run) => {
    const { plan, status, start, end } = run;
    const exitCode = run.failing && status === 'failed' ? (build.failure?.exitCode ?? 1) : 1;
    const actions = Array.from({ length: build.parallel }, (_, index) => ({
      truncated: false,
      index,
      parallel: plan.parallel,
      failed: status === 'failed' ? true : null,
      infrastructure_fail: status === 'failed' && phase.outcome === 'infrastructure_fail' ? true : null,
      name: plan.name,
      bash_command: run.failing ? (build.failure?.command ?? plan.command) : plan.command,
      status,
      timedout: status === 'timedout' ? true : null,
      continue: null,
      end_time: iso(end),
      type: plan.type,
      ...(sign !== undefined && { output_url: sign(outputPath(project, build.num, run.step, index)) }),
      start_time: iso(start),
      background: false,
      exit_code: end === null ? null : status === 'success' ? 0 : exitCode,
      insignificant: false,
      canceled: status === 'canceled' ? true : null,
      step: run.step,
      run_time_millis: end === null ? null : end - start,
      has_output: sign !== undefined,
    }));
    return { name: plan.name, actions };
  });
}

const red = (text: string): string => `\u001b[31m${text}\u001b[39m`;
const bold = (text: string): string => `\u001b[1m${text}\u001b[22m`;

// What the default failure prints: the test the default test results report as failed.
const DEFAULT_TEST_FAILURE = [
  '',
  `${red(bold(' FAIL '))} test/unit/client.test.ts > client gives up after the deadline`,
  `${red('AssertionError')}: expected 3 to equal 2`,
  ' ❯ test/unit/client.test.ts:42:17',
  '',
  ` Test Files  ${red('1 failed')} | 2 passed (3)`,
  `      Tests  ${red('1 failed')} | 3 passed (4)`,
];

const TIMEOUT_OUTPUT = [' RUN  test/integration/download.test.ts > download resumes after a reset'];

function headOf(project: EmulatedProject, build: StoredBuild, run: StepRun, index: number): string[] {
  switch (run.plan.type) {
    case 'infrastructure':
      return [
        'Build-agent version 1.0.41',
        'Creating a dedicated container for this job',
        'Using build environment variables:',
        '  CI=true',
        `  CI_BUILD_NUM=${build.num}`,
        `  CI_NODE_INDEX=${index}`,
        `  CI_NODE_TOTAL=${build.parallel}`,
      ];
    case 'checkout':
      return [
        'Cloning git repository',
        "Cloning into '.'...",
        `HEAD is now at ${build.revision.slice(0, 7)} ${build.commit.subject}`,
      ];
    case 'dependencies':
      return [
        `Found a cache from build ${Math.max(1, build.num - 1)} at v1-deps-${build.revision.slice(0, 12)}`,
        'Unarchiving cache...',
      ];
    case 'upload': {
      const mine = build.artifacts.filter((artifact) => artifact.nodeIndex === index);
      if (mine.length === 0) return ['No artifact files found at /home/build/project/artifacts'];
      return [
        ...mine.map((artifact) => `Uploading ${artifactAbsolutePath(artifact)} (${artifact.size} B)`),
        'Uploaded',
      ];
    }
    default: {
      const command = run.failing ? (build.failure?.command ?? run.plan.command) : run.plan.command;
      const head = ['#!/bin/bash -eo pipefail', command ?? run.plan.name];
      if (run.plan.name === MAIN_STEP && !(run.failing && build.failure?.command !== undefined))
        head.push('', `> ${project.reponame}@1.0.0 test`, '> vitest run', '');
      return head;
    }
  }
}

/**
 * What one action printed: the failing step its reason and exit; the failing step, or else the main step,
 * `outputBytes` of generated lines before its last lines. A step still running has printed its first lines only.
 */
export function outputPlan(
  project: EmulatedProject,
  build: StoredBuild,
  phase: Phase,
  run: StepRun,
  index: number,
  now: number,
): OutputPlan {
  const plan: OutputPlan = {
    head: headOf(project, build, run, index),
    fillerBytes: 0,
    tail: [],
    exit: undefined,
    start: run.start,
    end: run.end ?? now,
  };
  if (run.end === null || run.status === 'canceled') return plan;
  if (run.plan.name === (failingStepName(build, phase.outcome) ?? MAIN_STEP))
    plan.fillerBytes = build.outputBytes ?? 0;
  if (run.status === 'failed' && phase.outcome === 'infrastructure_fail') {
    plan.tail = ['Error response from daemon: toomanyrequests: You have reached your pull rate limit.'];
  } else if (run.status === 'failed') {
    plan.tail = build.failure?.output ?? DEFAULT_TEST_FAILURE;
    plan.exit = `\r\nExited with code exit status ${build.failure?.exitCode ?? 1}\r\n`;
  } else if (run.status === 'timedout') {
    plan.tail = build.failure?.output ?? TIMEOUT_OUTPUT;
    plan.exit = 'Too long with no output (exceeded 10m0s): context deadline exceeded\r\n';
  } else if (run.plan.name === MAIN_STEP) {
    plan.tail = ['', ' Test Files  3 passed (3)', '      Tests  3 passed (3)'];
  }
  return plan;
}
