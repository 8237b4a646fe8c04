// What a run reports: its outputs, its job summary, and its notes (a few shown one by one, the rest counted).
import { writeFile } from 'node:fs/promises';
import { MAX_OUTPUT_BYTES, runnerTempFile, type ActionContext } from '../../runner/run.ts';
import { htmlSafe, mdSafe } from '../../runner/text.ts';
import { formatBytes, plural } from '../../common/format.ts';
import { appendSummary, SUMMARY_ROWS } from '../../runner/summary.ts';
import { sample } from '../../files/paths.ts';
import { removeStaleParts } from '../../files/stale-parts.ts';

export const MAX_NOTES = 20;

export interface Saved {
  file: string;
  /** Below the destination, `/`-separated. */
  shown: string;
  bytes: number;
}

/** Says the first few items, each as `line` words it, and then how many more there were. */
export function sayFirst<T>(
  say: (line: string) => void,
  items: readonly T[],
  line: (item: T) => string,
  more: (n: number) => string,
): void {
  for (const item of items.slice(0, MAX_NOTES)) say(line(item));
  if (items.length > MAX_NOTES) say(more(items.length - MAX_NOTES));
}

/** Removes the part files an earlier run left at the planned paths (segments below `root`), and says so. */
export async function removeStale(
  ctx: ActionContext,
  root: string,
  planned: readonly (readonly string[])[],
): Promise<void> {
  const stale = await removeStaleParts(root, planned);
  if (stale.length > 0)
    ctx.info(`Removed ${plural(stale.length, 'part file')} left by an earlier run: ${sample(stale)}`);
}

export async function setOutputs(ctx: ActionContext, saved: readonly Saved[]): Promise<void> {
  const list = JSON.stringify(saved.map((s) => s.file));
  const listFile = runnerTempFile(ctx.env, 'fetch-artifacts-files', 'json');
  await writeFile(listFile, list);
  ctx.setOutput('file-list', listFile);
  ctx.setOutput('count', saved.length);
  // Past the size any output may hold, `files` is left empty: the list is in `file-list` anyway.
  const size = Buffer.byteLength(list);
  const fits = size <= MAX_OUTPUT_BYTES;
  ctx.setOutput('files', fits ? saved.map((s) => s.file) : []);
  if (!fits)
    ctx.info(
      `The files output is left empty: the list of ${saved.length} paths takes ${formatBytes(size)}, past the ` +
        `${formatBytes(MAX_OUTPUT_BYTES)} an output may hold here; the list is in ${listFile} (the file-list output)`,
    );
  ctx.setOutput('bytes', totalBytes(saved));
}

export function totalBytes(saved: readonly Saved[]): number {
  return saved.reduce((sum, s) => sum + s.bytes, 0);
}

export async function writeSummary(
  ctx: ActionContext,
  saved: readonly Saved[],
  root: string,
  from: string,
): Promise<void> {
  const bytes = totalBytes(saved);
  const rest = saved.slice(SUMMARY_ROWS);
  const row = (tag: string, ...cells: string[]): string =>
    `<tr>${cells.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
  // The table is HTML, where a Markdown escape would show its backslash.
  const rows = saved
    .slice(0, SUMMARY_ROWS)
    .map((s) => row('td', htmlSafe(s.shown, 500), formatBytes(s.bytes)));
  const total = row('td', `<b>${plural(saved.length, 'file')}</b>`, `<b>${formatBytes(bytes)}</b>`);
  const lines = [
    `Fetched ${plural(saved.length, 'file')} (${formatBytes(bytes)}) of ${from} into ${mdSafe(root)}`,
    `<table>${row('th', 'File', 'Size')}${rows.join('')}${total}</table>`,
  ];
  if (rest.length > 0)
    lines.push(`…and ${plural(rest.length, 'more file')} (${formatBytes(totalBytes(rest))}) not shown.`);
  await appendSummary(ctx.io, lines.join('\n'));
}
