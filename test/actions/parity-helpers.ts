// The parity table's machinery (test/actions/parity.bundle.slow.test.ts): one emulator per run, a project that
// answers both by its triple and by its slug, each row's committed bundle run as the runner runs it, once per way
// of naming the project, and what the two runs have to agree on.
import { expect } from 'vitest';
import {
  startEmulator,
  type Emulator,
  type FaultRule,
  type ProjectConfig,
  type WorkflowSpec,
} from '../../emulator/index.ts';
import { startAction, type RunResult, type Started } from '../harness/runner.ts';
import { PROJECT, SLUG } from './gating-helpers.ts';

export type Kind = 'triple' | 'slug';
export const KINDS: readonly Kind[] = ['triple', 'slug'];

/** The same project, named both ways: v1.1 and v2 reach it by triple, v2 alone by slug. */
export const NAMED: Record<Kind, Record<string, string>> = {
  triple: { username: PROJECT.user, project: PROJECT.repo },
  slug: { 'project-slug': SLUG },
};
export { SLUG };

export type Want = string | RegExp;
/** A value the two kinds must share, or one each (a documented difference). */
export type Per<T> = T | { triple: T; slug: T };

/** What a row's seeding left for its inputs and its checks. */
export interface Seeded {
  /** Job numbers by `workflow/job`, of each pipeline, oldest first. */
  jobs: Record<string, number>[];
  /** Pipeline ids, oldest first. */
  pipelines: string[];
}

export interface Row {
  action: string;
  scenario: string;
  config: ProjectConfig;
  /** Pushes and other changes before the step starts. */
  seed?: (emu: Emulator) => void;
  /** Faults armed before the step starts. */
  faults?: FaultRule[];
  inputs: (seeded: Seeded) => Record<string, string>;
  /** Acts while the step runs (a signal, a cancel on the service). */
  drive?: (emu: Emulator, started: Started) => Promise<void>;
  code: Per<number>;
  /** Outputs whose values are checked (the same for both kinds unless given per kind). */
  outputs?: Record<string, Per<Want | ((seeded: Seeded) => string)>>;
  /** Each build of the `builds` output as `job:outcome` (buildOutcomes). */
  builds?: Per<string>;
  /** A line of the log each kind prints. */
  log?: Per<RegExp | undefined>;
  /** What the service holds once the step ended, the same for both kinds (read before the emulator closes). */
  service?: { read: (emu: Emulator) => unknown; want: unknown };
  /** Why the service itself makes the two kinds differ here (required whenever a value is given per kind). */
  differs?: string;
  /** One kind stops at an input error, which sets no output: the output names are not compared. */
  inputError?: Kind;
  /** The hole of issue 38 the row guards: it failed before that hole was closed. */
  hole?: string;
  /** The row waits a minute (appear time or deadline): it runs in a pool of its own, all at once. */
  minute?: boolean;
}

export interface KindRun {
  result: RunResult;
  /** The project once the step ended: what the outputs are checked against. */
  seeded: Seeded;
  /** `METHOD path` of every API request, oldest first. */
  api: string[];
  ms: number;
  /** `row.service.read` once the step ended. */
  service: unknown;
}

/** Job numbers by `workflow/job` of each pipeline of the project, and the pipelines' ids, oldest first. */
export function seededOf(emu: Emulator): Seeded {
  const records = emu.state.pipelines(SLUG);
  const pipelines = records.map((p) => String(p['id']));
  const jobs = pipelines.map((id) => {
    const byName: Record<string, number> = {};
    for (const workflow of emu.state.pipelineWorkflows(id) ?? [])
      for (const job of emu.state.workflowJobs(workflow.id) ?? [])
        if (typeof job.job_number === 'number') byName[`${workflow.name}/${job.name}`] = job.job_number;
    return byName;
  });
  return { jobs, pipelines };
}

/** The number of `name` (`workflow/job`) in pipeline `index` (oldest first; negative from the newest). */
export function jobNum(seeded: Seeded, index: number, name: string): number {
  const pipeline = seeded.jobs.at(index);
  const found = pipeline?.[name];
  if (found === undefined)
    throw new Error(`no job ${name} in pipeline ${index}: ${JSON.stringify(seeded.jobs)}`);
  return found;
}

/** Runs one row for one kind, in an emulator of its own, seeded as the row says. */
export async function runKind(row: Row, kind: Kind): Promise<KindRun> {
  const emu = await startEmulator();
  try {
    emu.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, { pipelineSetupMs: 0, ...row.config });
    row.seed?.(emu);
    const before = seededOf(emu);
    for (const fault of row.faults ?? []) emu.faults.add(fault);
    emu.resetRequests();
    const began = performance.now();
    const started = await startAction(row.action, {
      inputs: { token: emu.token, 'base-url': emu.baseUrl, ...NAMED[kind], ...row.inputs(before) },
      timeoutMs: 150_000,
    });
    // A drive that waits for a line the step never prints ends with the step.
    if (row.drive !== undefined) await Promise.race([row.drive(emu, started), started.done]);
    const result = await started.done;
    const ms = performance.now() - began;
    const api = emu.requests.filter((r) => r.origin === 'api').map((r) => `${r.method} ${r.path}`);
    return { result, seeded: seededOf(emu), api, ms, service: row.service?.read(emu) };
  } finally {
    await emu.close();
  }
}

/** Runs `work` over `items`, at most `limit` at once, keeping the order of the answers. */
export async function limited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const answers: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return answers;
}

/** Outputs that must be equal by triple and by slug wherever a row does not say why not. */
const AGREE = [
  'outcome',
  'status',
  'build-num',
  'pipeline-number',
  'failed-step',
  'count',
  'waited-for',
  'set',
  'deleted',
  'approved',
];

/** A request to API v1.1 (recorded below `/api/v1.1`), not to v2, storage or the emulator's own routes. */
const V1_1 = /^[A-Z]+ \/(project|projects|me|recent-builds)(\/|$)/u;

function perKind<T>(value: Per<T>, kind: Kind): T {
  return typeof value === 'object' && value !== null && 'triple' in value && 'slug' in value
    ? (value as { triple: T; slug: T })[kind]
    : (value as T);
}

const isPer = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && 'triple' in value && 'slug' in value;

/** The row's verdict, outputs and log line checked for both kinds, and what the two must share. */
export function checkRow(row: Row, runs: Record<Kind, KindRun>): void {
  const per = [row.code, ...Object.values(row.outputs ?? {}), row.log, row.builds].some(isPer);
  // A difference between the two kinds is only ever one the table names, with its reason.
  if (per) expect(row.differs, `${row.scenario}: a per-kind value needs its reason`).toBeTruthy();
  const say = (kind: Kind): string => {
    const { result, api, ms } = runs[kind];
    return [
      `${row.action} by ${kind}: ${row.scenario} (exit ${result.code} after ${Math.round(ms)} ms)`,
      ...result.stdout.split('\n').slice(-25),
      ...result.stderr.split('\n').slice(-5),
      `outputs ${JSON.stringify(result.outputs)}`,
      `requests ${api.length}: ${api.slice(0, 12).join(', ')}`,
    ].join('\n');
  };
  for (const kind of KINDS) {
    const { result, seeded, api } = runs[kind];
    expect(result.code, `exit code by ${kind}\n${say(kind)}`).toBe(perKind(row.code, kind));
    for (const [name, wanted] of Object.entries(row.outputs ?? {})) {
      const want = perKind(wanted, kind);
      const got = result.outputs[name];
      const what = `output ${name} by ${kind}\n${say(kind)}`;
      if (want instanceof RegExp) expect(got, what).toMatch(want);
      else expect(got, what).toBe(typeof want === 'function' ? want(seeded) : want);
    }
    if (row.service !== undefined)
      expect(runs[kind].service, `the service after the step by ${kind}\n${say(kind)}`).toEqual(
        row.service.want,
      );
    if (row.builds !== undefined)
      expect(buildOutcomes(result), `builds by ${kind}\n${say(kind)}`).toBe(perKind(row.builds, kind));
    const log = row.log === undefined ? undefined : perKind(row.log, kind);
    if (log !== undefined) expect(result.stdout, `log by ${kind}\n${say(kind)}`).toMatch(log);
    // By slug, no request goes to API v1.1: the row really took the slug path.
    if (kind === 'slug')
      expect(
        api.filter((p) => V1_1.test(p)),
        say(kind),
      ).toEqual([]);
  }
  // Values a workflow reads the same either way, unless the row gives them per kind.
  for (const name of AGREE)
    if (row.inputError === undefined && !isPer(row.outputs?.[name]))
      expect(runs.slug.result.outputs[name], `output ${name}, by slug as by triple\n${say('slug')}`).toBe(
        runs.triple.result.outputs[name],
      );
  if (row.inputError !== undefined) {
    expect(runs[row.inputError].result.outputs, say(row.inputError)).toEqual({});
    expect(runs[row.inputError].api, say(row.inputError)).toEqual([]);
    return;
  }
  // The same output names, whatever their values: a workflow reads the same step either way.
  expect(Object.keys(runs.slug.result.outputs).sort(), say('slug')).toEqual(
    Object.keys(runs.triple.result.outputs).sort(),
  );
}

// ---- workflows the rows share

/** One job `build` that ends as `outcome` (left to run for `runMs`). */
export const oneJob = (job: Partial<WorkflowSpec['jobs'][number]> = {}): WorkflowSpec[] => [
  { name: 'ship', jobs: [{ name: 'build', runMs: 300, queuedMs: 50, artifacts: [], ...job }] },
];

/** Each job's outcome in the `builds` output, as `job:outcome`. */
export function buildOutcomes(result: RunResult): string {
  const text = result.outputs['builds'] ?? '';
  if (!text.startsWith('[')) return text;
  return (JSON.parse(text) as { job: string; outcome: string | null }[])
    .map((b) => `${b.job}:${b.outcome}`)
    .join(',');
}
