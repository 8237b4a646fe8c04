// What a run reports: its outputs and its job summary.
import { writeFile } from 'node:fs/promises';
import { MAX_OUTPUT_BYTES, runnerTempFile, type ActionContext } from '../../runner/run.ts';
import { htmlSafe, mdSafe } from '../../runner/text.ts';
import { formatBytes, plural } from '../../common/format.ts';
import { appendSummary, SUMMARY_ROWS } from '../../runner/summary.ts';
import type { Placed } from '../../files/extract.ts';

export async function setOutputs(ctx: ActionContext, saved: readonly Placed[]): Promise<void> {
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

export function totalBytes(saved: readonly Placed[]): number {
  return saved.reduce((sum, s) => sum + s.bytes, 0);
}

export async function writeSummary(
  ctx: ActionContext,
  saved: readonly Placed[],
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
