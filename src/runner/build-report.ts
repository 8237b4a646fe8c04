// What the gating actions report of a finished build: each failed step's command and output tail in a log group and
// the summary, with one annotation, and its failed tests, listed and annotated. Step output is untrusted
// (docs/promises.md, promise 15): fenced from the runner in the log, in a code block nothing can close in the
// summary, and cleaned of secrets before any cut (docs/promises.md, promise 13).
import { AbortedError } from '../common/errors.ts';
import type { Job } from '../service/model.ts';
import type { TestCase } from '../service/records.ts';
import type { Service } from '../service/service.ts';
import { lastMeaningfulLine, MAX_STEPS_READ } from '../service/step-lines.ts';
import type { FailedStep } from '../service/step-output.ts';
import { plainLine } from '../common/terminal-tail.ts';
import type { Io } from './io.ts';
import type { ActionContext } from './run.ts';
import { failedTests, failedTestsTable, MAX_LISTED_FAILURES, mdLink, testsTable } from './summary.ts';
import { cleaner, logSafe, mdSafe, oneLine } from './text.ts';
import { label } from './gate-scope.ts';
import { cut, formatBytes, formatDuration } from '../common/format.ts';

/** GitHub shows this many error annotations per step and drops the rest without a word. */
const MAX_ANNOTATIONS = 10;

export interface TestsRead {
  tests: TestCase[] | undefined;
  error?: string;
}

/** Reads the finished build's tests; a failure to do so costs the table, never the step's verdict. */
export async function readTests({ io }: ActionContext, service: Service, job: Job): Promise<TestsRead> {
  try {
    return { tests: await service.tests(job.number) };
  } catch (error) {
    if (error instanceof AbortedError) throw error;
    const why = (error as Error).message;
    io.warning(logSafe(`Could not read the test results of build #${job.number}: ${why}`));
    return { tests: undefined, error: why };
  }
}

/** One budget serves every build a step reports on, as GitHub's bound is per step. */
export class AnnotationBudget {
  remaining = MAX_ANNOTATIONS;
}

/** The test with its location for an annotation, if it names a file: the line too when its message points there. */
function located(test: TestCase): { test: TestCase; where: { file: string; startLine?: number } }[] {
  const file = test.file?.trim().replace(/^\.\//, '');
  if (!file) return [];
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const line = new RegExp(`${escaped}:(\\d+)`).exec(test.message ?? '')?.[1];
  return [{ test, where: line === undefined ? { file } : { file, startLine: Number(line) } }];
}

/** The summary's part on a build's tests; failed ones are logged, and annotated while the budget lasts. */
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
  const withFile = failed.flatMap(located);
  const annotated = withFile.slice(0, Math.max(0, budget.remaining));
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
  if (withFile.length > annotated.length)
    parts.push(
      `${annotated.length} failed tests are annotated on their files; ${withFile.length - annotated.length} more ` +
        `with a file are listed here only (at most ${MAX_ANNOTATIONS} annotations per step).`,
    );
  return parts;
}

/** Builds whose failed steps' output one step reads at most; the others' failures are named by their outcome. */
export const MAX_FAILURE_REPORTS = 5;

const NOTHING_SHOWN: FailureReport = { failedStep: undefined, summary: '' };

/** Shows why a build did not pass, or its page where the API has no step output; a failed read is only a warning. */
export async function showFailedSteps(
  ctx: ActionContext,
  service: Service,
  job: Job,
  lines: number,
  budget: AnnotationBudget,
): Promise<FailureReport> {
  try {
    const steps = await service.failedSteps(job, lines, ctx.signal);
    if (steps === undefined) {
      const url = job.url ?? '';
      if (lines > 0 && url !== '')
        ctx.info(
          `Job ${label(job)} ended ${job.status ?? 'unknown'}: API v2 has no step output; its log is at ${url}`,
        );
      return {
        failedStep: undefined,
        summary: url === '' ? '' : mdLink("The job's page shows its log", url),
      };
    }
    if (ctx.signal.aborted) return NOTHING_SHOWN;
    const annotate = budget.remaining > 0;
    const shown = reportFailedSteps(ctx.io, job, steps, { secrets: ctx.secrets, annotate });
    if (shown.failedStep !== undefined && annotate) budget.remaining--;
    return shown;
  } catch (error) {
    if (!(error instanceof AbortedError || ctx.signal.aborted))
      ctx.io.warning(
        logSafe(`Could not read the steps of build #${job.number}: ${(error as Error).message}`),
      );
    return NOTHING_SHOWN;
  }
}

/** Characters of one output line shown; lines are kept longer, so a secret is removed whole before the cut. */
const SHOWN_LINE_LENGTH = 500;
/** Characters of one step's code block in the job summary, which GitHub bounds per step. */
const SUMMARY_BLOCK_LIMIT = 16 * 1024;
/** Characters of all code blocks of one build in the job summary, so that several builds fit GitHub's bound. */
export const SUMMARY_BUILD_LIMIT = 64 * 1024;
const COMMAND_LINES = 20;

/** The `failed-step` output, and Markdown for the job summary ('' when no step failed). */
export type FailureReport = { failedStep: string | undefined; summary: string };

/** Prints the failed steps of one build and annotates the first; the caller writes the summary it returns. */
export function reportFailedSteps(
  io: Io,
  job: Pick<Job, 'number'>,
  steps: readonly FailedStep[],
  options: { secrets?: readonly string[]; annotate?: boolean } = {},
): FailureReport {
  const first = steps[0];
  if (first === undefined) return NOTHING_SHOWN;
  const clean = cleaner(options.secrets ?? []);
  const num = job.number;
  const sections: string[] = [];
  let summaryLeft = SUMMARY_BUILD_LIMIT;
  const unavailable: { name: string; why: string }[] = [];

  for (const step of steps.slice(0, MAX_STEPS_READ)) {
    const name = oneLine(clean(step.name), 200);
    const heading = logSafe(`✗ Build #${num}: step '${name}' failed${facts(step)}`);
    const parts = [`**Failed step:** ${mdSafe(name, 200)}${facts(step, true)}`];
    // Not read (failure-log-lines: 0): the step is named, nothing more.
    if (step.output === undefined && step.outputError === undefined) {
      io.info(heading);
      sections.push(parts[0] as string);
      continue;
    }
    io.startGroup(heading);
    io.info(logSafe(`Step: ${name}`));
    const command = step.command === undefined ? [] : commandLines(clean(step.command));
    const output = (step.output?.lines ?? []).map((line) => cut(clean(line), SHOWN_LINE_LENGTH));
    const fenced = [
      ...command.map((line) => `$ ${line}`),
      ...(command.length && output.length ? [''] : []),
      ...output,
    ];
    const why = step.outputError === undefined ? undefined : oneLine(clean(step.outputError), 400);
    if (why !== undefined) unavailable.push({ name, why });
    const note = tailNote(step, output.length) ?? `Its output could not be shown: ${why}`;
    io.info(logSafe(note));
    io.untrusted(fenced);
    io.endGroup();
    parts.push(`_${mdSafe(note, 440)}_`);
    // Past the build's share of the summary, the output is in the log only.
    const limit = Math.min(SUMMARY_BLOCK_LIMIT, summaryLeft);
    if (fenced.length > 0)
      parts.push(limit >= 1024 ? codeBlock(fenced, limit) : '_Its output is in the log._');
    sections.push(parts.join('\n\n'));
    summaryLeft -= (sections.at(-1) as string).length;
  }

  const rest = steps.slice(MAX_STEPS_READ);
  if (rest.length > 0) {
    const names = [...new Set(rest.map((s) => oneLine(clean(s.name), 100)))];
    const list = names.slice(0, 10).join("', '") + (names.length > 10 ? "', …" : "'");
    io.info(logSafe(`…and ${rest.length} more failed steps of build #${num}: '${list}`));
    sections.push(`…and ${rest.length} more failed steps, not shown.`);
  }

  // One warning for the build, however many of its outputs could not be read.
  const [only] = unavailable;
  if (only !== undefined) {
    const list = unavailable.map((u) => `'${u.name}' (${u.why})`).join('; ');
    io.warning(
      logSafe(
        unavailable.length === 1
          ? `Could not show the output of step '${only.name}' of build #${num}: ${only.why}`
          : cut(`Could not show the output of ${unavailable.length} steps of build #${num}: ${list}`, 2000),
      ),
    );
  }
  if (options.annotate ?? true) {
    const name = oneLine(clean(first.name), 120);
    const exit = first.exitCode === undefined ? '' : ` (exit code ${first.exitCode})`;
    const reason = first.output === undefined ? undefined : lastMeaningfulLine(first.output.lines);
    const message =
      reason === undefined ? `Step '${name}' failed${exit}` : oneLine(clean(reason), SHOWN_LINE_LENGTH);
    io.error(message, { title: `Build #${num} failed at step '${name}'${exit}` });
  }
  return { failedStep: clean(first.name), summary: sections.join('\n\n') };
}

/** The step's container, exit code or status and duration, in parentheses for the log or dotted for Markdown. */
function facts(step: FailedStep, markdown = false): string {
  const parts: string[] = [];
  if (step.parallel) parts.push(`container ${step.index}`);
  if (step.exitCode !== undefined) parts.push(`exit code ${step.exitCode}`);
  else if (step.status !== undefined && step.status !== 'failed')
    parts.push((markdown ? mdSafe : oneLine)(step.status, 40));
  if (step.durationMs !== undefined) parts.push(formatDuration(step.durationMs));
  if (parts.length === 0) return '';
  return markdown ? ` · ${parts.join(' · ')}` : ` (${parts.join(', ')})`;
}

/** What part of the output is shown, or undefined when there is none to show. */
function tailNote(step: FailedStep, shown: number): string | undefined {
  const output = step.output;
  if (output === undefined) return undefined;
  const size = formatBytes(output.bytes);
  const cutByService = step.truncated ? '; the service cut this output short' : '';
  if (shown === 0) return `Its output has no lines to show (${size})${cutByService}`;
  const which =
    shown < output.totalLines ? `The last ${shown} of its ${output.totalLines} lines` : `All ${shown} lines`;
  return `${which} of output (${size})${cutByService}:`;
}

/** A code block nothing inside can end, cut from the start past `limit`, since the end says why a step failed. */
export function codeBlock(lines: readonly string[], limit = SUMMARY_BLOCK_LIMIT): string {
  let size = 0;
  let start = lines.length;
  while (start > 0 && size + (lines[start - 1] as string).length + 1 <= limit)
    size += (lines[--start] as string).length + 1;
  const kept = lines.slice(start);
  if (start > 0) kept.unshift(`… ${start} lines before this are not shown`);
  const body = kept.join('\n');
  const longest = (body.match(/`+/g) ?? []).reduce((most, run) => Math.max(most, run.length), 0);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}text\n${body}\n${fence}`;
}

function commandLines(command: string): string[] {
  const lines = command.trimEnd().split('\n');
  const shown = lines.slice(0, COMMAND_LINES).map((line) => plainLine(line, SHOWN_LINE_LENGTH));
  const rest = lines.length - shown.length;
  return rest > 0 ? [...shown, `… ${rest} more lines`] : shown;
}
