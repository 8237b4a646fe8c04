// What the gating actions report about a finished build: its failed steps, and its tests with the failed ones
// listed and annotated; GitHub shows few annotations per step, so one budget serves every build a step reports on.
import type { ProjectAddress } from '../api/client.ts';
import { AbortedError } from '../api/errors.ts';
import { ProjectsV2 } from '../api/pipelines.ts';
import type { Build, TestCase, TestMetadata } from '../api/records.ts';
import { collectFailedSteps } from '../api/step-output.ts';
import { reportFailedSteps, type FailureReport } from './failure-log.ts';
import type { ActionContext, Connection } from './run.ts';
import { failedTests, failedTestsTable, MAX_LISTED_FAILURES, testsTable } from './summary.ts';
import { cleaner, logSafe, mdSafe, oneLine } from './text.ts';
import { cut } from '../api/format.ts';

/** GitHub shows this many error annotations per step and drops the rest without a word. */
const MAX_ANNOTATIONS = 10;

/** The tests of a finished build, or why they could not be read. */
export interface TestsRead {
  tests: TestCase[] | undefined;
  error?: string;
}

/** Reads the finished build's tests; a failure to do so costs the table, never the step's verdict. */
export async function readTests(
  { io }: ActionContext,
  { client, project, transport }: Connection<ProjectAddress>,
  build: Build,
): Promise<TestsRead> {
  try {
    // A project named by its slug has its jobs' tests through v2 only, in the same fields.
    if ('slug' in project)
      return { tests: (await new ProjectsV2(transport).tests(project, build.build_num)) as TestCase[] };
    const metadata: TestMetadata = await client.tests(project, build.build_num);
    return { tests: Array.isArray(metadata?.tests) ? metadata.tests : [] };
  } catch (error) {
    if (error instanceof AbortedError) throw error;
    const why = (error as Error).message;
    io.warning(logSafe(`Could not read the test results of build #${build.build_num}: ${why}`));
    return { tests: undefined, error: why };
  }
}

/** The error annotations a step may still make. */
export class AnnotationBudget {
  remaining = MAX_ANNOTATIONS;
}

/** The test's location for an annotation: its file, and the line when its message points into that file. */
function annotationOf(test: TestCase): { file: string; startLine?: number } | undefined {
  const file = test.file?.trim().replace(/^\.\//, '');
  if (!file) return undefined;
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const line = new RegExp(`${escaped}:(\\d+)`).exec(test.message ?? '')?.[1];
  return line === undefined ? { file } : { file, startLine: Number(line) };
}

/** The summary's part about a finished build's tests; the failed ones are logged, and annotated on their files
 *  while the budget lasts. */
export function testsSection(
  ctx: ActionContext,
  read: TestsRead,
  budget: AnnotationBudget,
  heading = 4,
): string[] {
  const h = '#'.repeat(heading);
  if (read.tests === undefined) return [`Test results could not be read: ${mdSafe(read.error ?? '')}`];
  if (read.tests.length === 0) return ['No test results were reported.'];
  const parts = [`${h} Tests`, testsTable(read.tests)];
  const failed = failedTests(read.tests);
  if (failed.length === 0) return parts;
  // Secrets and escapes go before any cut: a cut through a secret leaves a start the runner cannot mask.
  const clean = cleaner(ctx.secrets);
  for (const test of failed.slice(0, MAX_LISTED_FAILURES)) {
    const name = [test.classname, test.name].filter(Boolean).join(' › ') || '(unnamed test)';
    ctx.info(`✗ ${cut(clean(name), 300)}${test.file ? ` (${oneLine(clean(test.file), 300)})` : ''}`);
  }
  const located = failed.flatMap((test) => {
    const where = annotationOf(test);
    return where === undefined ? [] : [{ test, where }];
  });
  const annotated = located.slice(0, Math.max(0, budget.remaining));
  for (const { test, where } of annotated) {
    const message = [test.classname, test.message || test.result || 'failed'].filter(Boolean).join(': ');
    // @actions/core escapes the message and properties of the command, so server text stays on its one line.
    ctx.io.error(cut(clean(message), 2000), {
      ...where,
      file: oneLine(clean(where.file), 1000),
      title: oneLine(clean(test.name || 'failed test'), 200),
    });
  }
  budget.remaining -= annotated.length;
  parts.push(`${h} Failed tests`, failedTestsTable(failed));
  if (located.length > annotated.length)
    parts.push(
      `${annotated.length} failed tests are annotated on their files; ${located.length - annotated.length} more ` +
        `with a file are listed here only (at most ${MAX_ANNOTATIONS} annotations per step).`,
    );
  return parts;
}

/** Builds whose failed steps' output one step reads at most; the others' failures are named by their outcome. */
export const MAX_FAILURE_REPORTS = 5;

export type { FailureReport as FailureShown };

const NOTHING_SHOWN: FailureReport = { failedStep: undefined, summary: '' };

/** Shows why a build did not pass (reportFailedSteps); a failure to read it is a warning, never the verdict. */
export async function showFailedSteps(
  ctx: ActionContext,
  { client, project, transport }: Connection,
  build: Build,
  lines: number,
  budget: AnnotationBudget,
): Promise<FailureReport> {
  const num = build.build_num;
  try {
    const full = Array.isArray(build.steps) ? build : await client.build(project, num);
    const steps = await collectFailedSteps({
      transport,
      build: full,
      lines,
      refresh: () => client.build(project, num),
      signal: ctx.signal,
    });
    if (ctx.signal.aborted) return NOTHING_SHOWN;
    // The runner masks secrets only where they appear whole; a line cut through one must not show a part.
    const annotate = budget.remaining > 0;
    const shown = reportFailedSteps(ctx.io, full, steps, { secrets: ctx.secrets, annotate });
    if (shown.failedStep !== undefined && annotate) budget.remaining--;
    return shown;
  } catch (error) {
    if (!(error instanceof AbortedError || ctx.signal.aborted))
      ctx.io.warning(logSafe(`Could not read the steps of build #${num}: ${(error as Error).message}`));
    return NOTHING_SHOWN;
  }
}
