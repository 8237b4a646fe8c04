// Markdown pieces of the job summaries about builds; server text goes through mdSafe (docs/promises.md, promise 15).
import type { Job } from '../service/model.ts';
import type { TestCase } from '../service/records.ts';
import type { Io } from './io.ts';
import { outcomeOf, showOutcome } from './outcomes.ts';
import { mdSafe } from './text.ts';
import { formatDuration, plural } from '../common/format.ts';

/** Appends a section to the job summary; one that cannot be written is a warning, never another verdict. */
export async function appendSummary(io: Io, markdown: string): Promise<void> {
  try {
    await io.summary.addRaw(markdown, true).write();
  } catch (error) {
    io.warning(`Could not write the job summary: ${(error as Error).message}`);
  }
}

export function headerRow(...names: string[]): { data: string; header: true }[] {
  return names.map((data) => ({ data, header: true }));
}

/** Failed tests listed in the summary; the rest are counted. */
export const MAX_LISTED_FAILURES = 50;

/** Rows of a job summary's table of files or holds: GitHub drops a summary over 1 MiB; the rest are counted. */
export const SUMMARY_ROWS = 50;

/** A build page's address is short; a longer one is not worth a summary's room. */
const MAX_LINK_LENGTH = 2048;

/** The address as a Markdown link target, or undefined when it is not an http(s) URL. */
export function linkTarget(url: string | null | undefined): string | undefined {
  const parsed = typeof url === 'string' ? URL.parse(url) : null;
  if (parsed === null || !/^https?:$/.test(parsed.protocol) || parsed.href.length > MAX_LINK_LENGTH)
    return undefined;
  // Parentheses and spaces would end the link early; URL.href already encoded spaces, quotes and angle brackets.
  return parsed.href.replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'));
}

/** `[text](url)`, or the text alone without a usable address. `text` must be Markdown-safe already. */
export function mdLink(text: string, url: string | null | undefined): string {
  const target = linkTarget(url);
  return target === undefined ? text : `[${text}](${target})`;
}

export function buildLink(job: Pick<Job, 'number' | 'url'>): string {
  return mdLink(`#${job.number}`, job.url);
}

/** `### [Build #12 · main · 1a2b3c4](url)`. */
export function buildHeading(job: Job, level = 3): string {
  const parts = [`Build #${job.number}`];
  if (job.branch) parts.push(mdSafe(job.branch, 100));
  if (job.tag) parts.push(`tag ${mdSafe(job.tag, 100)}`);
  if (job.revision) parts.push(mdSafe(job.revision.slice(0, 7)));
  return `${'#'.repeat(level)} ${mdLink(parts.join(' · '), job.url)}`;
}

/** One line of facts: status, outcome, duration, and what the caller adds (e.g. how long the step waited). */
export function buildFacts(job: Job, extra: Record<string, string> = {}): string {
  const facts: [string, string][] = [['Status', job.status ? mdSafe(job.status, 50) : 'unknown']];
  const outcome = outcomeOf(job);
  if (outcome) facts.push(['Outcome', mdSafe(showOutcome(outcome), 50)]);
  if (job.durationMs !== null) facts.push(['Duration', formatDuration(job.durationMs)]);
  if (job.subject) facts.push(['Subject', mdSafe(job.subject, 120)]);
  for (const [name, value] of Object.entries(extra)) facts.push([name, value]);
  return facts.map(([name, value]) => `**${name}:** ${value}`).join(' · ');
}

const RESULT_KINDS = {
  passed: ['success', 'passed', 'pass'],
  failed: ['failure', 'failed', 'fail'],
  skipped: ['skipped', 'skip'],
  errors: ['error'],
};
type ResultKind = keyof typeof RESULT_KINDS | 'other';

/** Results are an open set (docs/wire.md): what is neither passed, failed, skipped nor an error counts as other. */
export function resultKind(result: string | null | undefined): ResultKind {
  const word = (result ?? '').toLowerCase();
  return (Object.entries(RESULT_KINDS).find(([, words]) => words.includes(word))?.[0] ??
    'other') as ResultKind;
}

/** Tests that did not pass and were not skipped, in the order the server listed them. */
export function failedTests(tests: readonly TestCase[]): TestCase[] {
  return tests.filter((t) => ['failed', 'errors'].includes(resultKind(t.result)));
}

const row = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;

export function testsTable(tests: readonly TestCase[]): string {
  const kinds = Object.groupBy(tests, (t) => resultKind(t.result));
  const times = tests.map((t) => t.run_time ?? 0).filter((time) => time > 0 && time < Infinity);
  const seconds = times.reduce((sum, time) => sum + time, 0);
  const shown = ['Passed', 'Failed', 'Skipped', 'Errors', ...(kinds.other ? ['Other'] : [])];
  const counts = shown.map((kind) => String(kinds[kind.toLowerCase() as ResultKind]?.length ?? 0));
  const heads = [...shown, 'Total', 'Time'];
  const cells = [...counts, String(tests.length), formatTestTime(seconds)];
  return [row(heads), `|${heads.map(() => '---:').join('|')}|`, row(cells)].join('\n');
}

/** The failed tests as a table (class, name, file, message), `max` at most, the rest counted. */
export function failedTestsTable(failed: readonly TestCase[], max = MAX_LISTED_FAILURES): string {
  if (failed.length === 0) return '';
  const rows = failed
    .slice(0, max)
    .map((t) =>
      row([
        mdSafe(t.classname ?? '', 120),
        mdSafe(t.name ?? '(unnamed)', 200),
        mdSafe(t.file ?? '', 120),
        mdSafe(t.message ?? '', 300),
      ]),
    );
  const rest = failed.length - max;
  if (rest > 0) rows.push('', `…and ${plural(rest, 'more failed test')}, not listed.`);
  return [row(['Class', 'Name', 'File', 'Message']), '|---|---|---|---|', ...rows].join('\n');
}

/** Test time in the unit that reads best: `0.42 s`, `12.3 s`, `2 min 5 s`. */
function formatTestTime(seconds: number): string {
  if (seconds < 10) return `${Math.round(seconds * 100) / 100} s`;
  return seconds < 60 ? `${Math.round(seconds * 10) / 10} s` : formatDuration(seconds * 1000);
}
