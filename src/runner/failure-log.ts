// Says in GitHub why a build failed: each failed step's command and output tail in a log group and the summary,
// and one annotation. The output is untrusted (docs/promises.md, promise 15): fenced from the runner in the log,
// in a code block nothing can close in the summary, and cleaned of secrets before any cut
// (docs/promises.md, promise 13).
import { redactor } from '../api/message.ts';
import type { Build } from '../api/records.ts';
import { lastMeaningfulLine, MAX_STEPS_READ, type FailedStep } from '../api/step-output.ts';
import { plainLine, stripTerminalEscapes } from '../api/terminal-tail.ts';
import type { Io } from './io.ts';
import { logSafe, mdSafe, oneLine } from './text.ts';
import { cut, formatBytes, formatDuration } from '../api/format.ts';

/** Characters of one output line shown; lines are kept longer, so a secret is removed whole before the cut. */
const SHOWN_LINE_LENGTH = 500;
/** Characters of one step's code block in the job summary, which GitHub bounds per step. */
const SUMMARY_BLOCK_LIMIT = 16 * 1024;
/** Characters of all code blocks of one build in the job summary, so that several builds fit GitHub's bound. */
export const SUMMARY_BUILD_LIMIT = 64 * 1024;
/** Lines of a step's command shown. */
const COMMAND_LINES = 20;

interface ReportOptions {
  /** Values to remove from everything shown, since the runner masks only whole values. */
  secrets?: readonly string[];
  /** Whether to add the build's error annotation, since GitHub shows few per step. */
  annotate?: boolean;
}

export interface FailureReport {
  /** For the `failed-step` output. */
  failedStep: string | undefined;
  /** Markdown for the job summary, '' when no step failed. */
  summary: string;
}

/** Prints the failed steps of one build and annotates the first; the caller writes the summary it returns. */
export function reportFailedSteps(
  io: Io,
  build: Pick<Build, 'build_num'>,
  steps: readonly FailedStep[],
  options: ReportOptions = {},
): FailureReport {
  const first = steps[0];
  if (first === undefined) return { failedStep: undefined, summary: '' };
  const redactText = redactor(options.secrets ?? []);
  // Escapes go first: one inside a secret would hide it from the redaction and show it once stripped.
  const redact = (text: string): string => redactText(stripTerminalEscapes(text));
  const num = build.build_num;
  const sections: string[] = [];
  let summaryLeft = SUMMARY_BUILD_LIMIT;
  const unavailable: { name: string; why: string }[] = [];

  for (const step of steps.slice(0, MAX_STEPS_READ)) {
    const name = oneLine(redact(step.name), 200);
    const why = step.outputError === undefined ? undefined : oneLine(redact(step.outputError), 400);
    if (step.output === undefined && step.outputError === undefined) {
      // Not read (failure-log-lines: 0): the step is named, nothing more.
      io.info(logSafe(`✗ Build #${num}: step '${name}' failed${facts(step)}`));
      sections.push(`**Failed step:** ${mdSafe(name, 200)}${facts(step, true)}`);
      continue;
    }
    io.startGroup(logSafe(`✗ Build #${num}: step '${name}' failed${facts(step)}`));
    io.info(logSafe(`Step: ${name}`));
    const command = step.command === undefined ? [] : commandLines(redact(step.command));
    const output = (step.output?.lines ?? []).map((line) => cut(redact(line), SHOWN_LINE_LENGTH));
    if (step.output !== undefined) io.info(logSafe(tailNote(step, output.length)));
    else io.info(logSafe(`Its output could not be shown: ${why}`));
    const fenced = [
      ...command.map((line) => `$ ${line}`),
      ...(command.length && output.length ? [''] : []),
      ...output,
    ];
    io.untrusted(fenced);
    io.endGroup();
    if (why !== undefined) unavailable.push({ name, why });
    const blockLimit = Math.min(SUMMARY_BLOCK_LIMIT, summaryLeft);
    const section = summarySection(step, name, why, fenced, blockLimit);
    summaryLeft -= section.length;
    sections.push(section);
  }

  const rest = steps.slice(MAX_STEPS_READ);
  if (rest.length > 0) {
    const names = [...new Set(rest.map((s) => oneLine(redact(s.name), 100)))];
    const list = names.slice(0, 10).join("', '") + (names.length > 10 ? "', …" : "'");
    io.info(logSafe(`…and ${rest.length} more failed steps of build #${num}: '${list}`));
    sections.push(`…and ${rest.length} more failed steps, not shown.`);
  }

  // One warning for the build, however many of its outputs could not be read.
  const [only] = unavailable;
  if (unavailable.length === 1 && only !== undefined) {
    io.warning(logSafe(`Could not show the output of step '${only.name}' of build #${num}: ${only.why}`));
  } else if (unavailable.length > 1) {
    const list = unavailable.map((u) => `'${u.name}' (${u.why})`).join('; ');
    io.warning(
      logSafe(
        cut(`Could not show the output of ${unavailable.length} steps of build #${num}: ${list}`, 2000),
      ),
    );
  }
  if (options.annotate ?? true) annotate(io, num, first, redact);
  return { failedStep: redact(first.name), summary: sections.join('\n\n') };
}

/** One error annotation per build: the build and the step in the title, what went wrong as the message. */
function annotate(io: Io, num: number, step: FailedStep, redact: (text: string) => string): void {
  const name = oneLine(redact(step.name), 120);
  const exit = step.exitCode === undefined ? '' : ` (exit code ${step.exitCode})`;
  const reason = step.output === undefined ? undefined : lastMeaningfulLine(step.output.lines);
  const message =
    reason === undefined ? `Step '${name}' failed${exit}` : oneLine(redact(reason), SHOWN_LINE_LENGTH);
  // @actions/core escapes the message and the title, so neither can leave its command line.
  io.error(message, { title: `Build #${num} failed at step '${name}'${exit}` });
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

function tailNote(step: FailedStep, shown: number): string {
  const output = step.output;
  if (output === undefined) return '';
  const size = formatBytes(output.bytes);
  const cutByService = step.truncated ? '; the service cut this output short' : '';
  if (shown === 0) return `Its output has no lines to show (${size})${cutByService}`;
  const which =
    shown < output.totalLines ? `The last ${shown} of its ${output.totalLines} lines` : `All ${shown} lines`;
  return `${which} of output (${size})${cutByService}:`;
}

function summarySection(
  step: FailedStep,
  name: string,
  why: string | undefined,
  fenced: readonly string[],
  limit: number,
): string {
  const parts = [`**Failed step:** ${mdSafe(name, 200)}${facts(step, true)}`];
  if (step.output !== undefined) parts.push(`_${mdSafe(tailNote(step, step.output.lines.length), 300)}_`);
  if (why !== undefined) parts.push(`_Its output could not be shown: ${mdSafe(why, 400)}_`);
  // Past the build's share of the summary, the output is in the log only.
  if (fenced.length > 0 && limit >= 1024) parts.push(codeBlock(fenced, limit));
  else if (fenced.length > 0) parts.push('_Its output is in the log._');
  return parts.join('\n\n');
}

/** A code block nothing inside can end, cut from the start past `limit`, since the end says why a step failed. */
export function codeBlock(lines: readonly string[], limit = SUMMARY_BLOCK_LIMIT): string {
  const kept: string[] = [];
  let size = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i] ?? '';
    if (size + line.length + 1 > limit) break;
    kept.unshift(line);
    size += line.length + 1;
  }
  if (kept.length < lines.length)
    kept.unshift(`… ${lines.length - kept.length} lines before this are not shown`);
  const body = kept.join('\n');
  const longest = (body.match(/`+/g) ?? []).reduce((most, run) => Math.max(most, run.length), 0);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}text\n${body}\n${fence}`;
}

/** The command as clean lines (no colour, no control characters), its first COMMAND_LINES at most. */
function commandLines(command: string): string[] {
  const lines = command.trimEnd().split('\n');
  const shown = lines.slice(0, COMMAND_LINES).map((line) => plainLine(line, SHOWN_LINE_LENGTH));
  const rest = lines.length - shown.length;
  return rest > 0 ? [...shown, `… ${rest} more lines`] : shown;
}
