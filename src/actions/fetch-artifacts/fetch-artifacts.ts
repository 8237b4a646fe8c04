import { mkdir, realpath } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import type { ActionContext, ActionSpec } from '../../action/run.ts';
import { formatBytes, logSafe, mdSafe } from '../../action/text.ts';
import { workspace } from '../../action/workflow.ts';
import { DownloadError, Downloader, type Opener } from '../../api/download.ts';
import { BadResponseError, UserFacingError, ValidationError } from '../../api/errors.ts';
import { compileGlob, type Glob } from '../../api/glob.ts';
import { forEachLimited } from '../../api/limiter.ts';
import {
  Destination,
  planDownloads,
  RefusedPathError,
  sample,
  type Plan,
  type PlannedFile,
} from '../../api/paths.ts';
import { ARTIFACT_STATUS_FILTERS, type ArtifactStatusFilter } from '../../api/records.ts';
import { checkBuildNum, checkSegment } from '../../api/validate.ts';
import { bufferReclaimer } from './memory.ts';
import { Progress } from './progress.ts';

export const spec = {
  name: 'fetch-artifacts',
  inputs: [
    'build-num',
    'branch',
    'status-filter',
    'path',
    'pattern',
    'file-name',
    'flatten',
    'if-no-artifacts',
    'concurrency',
  ],
  outputs: ['count', 'files', 'path', 'bytes'],
} as const satisfies ActionSpec;

const IF_NO_ARTIFACTS = ['warn', 'error', 'ignore'] as const;
type IfNoArtifacts = (typeof IF_NO_ARTIFACTS)[number];

/** How often a long download prints a progress line. */
export const PROGRESS_EVERY_MS = 10_000;
/** Rows of the job summary's table; the rest are counted. */
export const SUMMARY_ROWS = 50;
/** Warnings printed one by one before the rest are only counted. */
const MAX_NOTES = 20;

export interface FetchInputs {
  /** A build number, or undefined for the latest matching build. */
  buildNum: number | undefined;
  branch: string | undefined;
  statusFilter: ArtifactStatusFilter;
  /** Absolute; created if missing. */
  destination: string;
  globs: Glob[];
  fileName: string | undefined;
  flatten: boolean;
  ifNoArtifacts: IfNoArtifacts;
  concurrency: number;
}

/** Nothing to fetch and `if-no-artifacts: error`. */
export class NoArtifactsError extends UserFacingError {
  override name = 'NoArtifactsError';
}

/** Reads and checks every input of the action; nothing is sent before this returns. */
export function readInputs(ctx: ActionContext): FetchInputs {
  const { inputs } = ctx;
  const buildText = inputs.optional('build-num') ?? 'latest';
  let buildNum: number | undefined;
  if (buildText !== 'latest') {
    if (!/^\+?\d+$/u.test(buildText))
      throw new ValidationError(
        'build-num',
        "allowed: a build number (a whole number ≥ 1) or 'latest'",
        buildText,
      );
    buildNum = checkBuildNum('build-num', buildText);
  }
  const branch = inputs.optional('branch');
  if (branch !== undefined) {
    checkSegment('branch', branch, 'a branch name');
    if (buildNum !== undefined)
      throw new ValidationError(
        'branch',
        "allowed only with build-num: 'latest'",
        branch,
        `branch is given with build-num ${buildNum}`,
      );
  }
  const statusFilter = inputs.oneOf('status-filter', ARTIFACT_STATUS_FILTERS, 'completed');
  if (buildNum !== undefined && statusFilter !== 'completed') {
    throw new ValidationError(
      'status-filter',
      "allowed only with build-num: 'latest'",
      statusFilter,
      `status-filter is given with build-num ${buildNum}`,
    );
  }
  const pathText = inputs.optional('path');
  // eslint-disable-next-line no-control-regex
  if (pathText !== undefined && /[\u0000-\u001f]/u.test(pathText))
    throw new ValidationError('path', 'allowed: a folder path without control characters', pathText);
  const destination = resolve(workspace(ctx.env), pathText ?? '.');
  const globs = inputs.lines('pattern').map((line) => compileGlob('pattern', line));
  const fileName = inputs.optional('file-name');
  if (fileName !== undefined) checkFileName(fileName);
  return {
    buildNum,
    branch,
    statusFilter,
    destination,
    globs,
    fileName,
    flatten: inputs.boolean('flatten', false),
    ifNoArtifacts: inputs.oneOf('if-no-artifacts', IF_NO_ARTIFACTS, 'warn'),
    concurrency: inputs.integer('concurrency', 1, 32, 8),
  };
}

function checkFileName(name: string): void {
  const allowed = 'allowed: a plain file name, without folders';
  // eslint-disable-next-line no-control-regex
  if (/[/\\]/u.test(name) || name === '.' || name === '..' || /[\u0000-\u001f\u007f]/u.test(name))
    throw new ValidationError('file-name', allowed, name);
  if (Buffer.byteLength(name) > 255)
    throw new ValidationError('file-name', `${allowed}, at most 255 bytes`, name);
}

interface Saved {
  file: string;
  /** Below the destination, `/`-separated. */
  shown: string;
  bytes: number;
}

/** Downloads the artifacts of a build (or of the latest matching build) into the destination. */
export async function fetchArtifacts(ctx: ActionContext): Promise<void> {
  const options = readInputs(ctx);
  const { client, transport, project } = ctx.connect();
  const slug = `${project.username}/${project.project}`;
  const describeBuild = (safe: (text: string) => string): string =>
    options.buildNum !== undefined
      ? `build #${options.buildNum}`
      : `the latest ${options.statusFilter} build${options.branch === undefined ? '' : ` of branch ${safe(options.branch)}`}`;
  const which = describeBuild((text) => text);

  let listed: unknown;
  let none: string | undefined;
  if (options.buildNum !== undefined) {
    listed = await client.artifacts(project, options.buildNum);
  } else {
    const latest = await client.latestArtifacts(project, {
      statusFilter: options.statusFilter,
      ...(options.branch === undefined ? {} : { branch: options.branch }),
    });
    if (latest.found) listed = latest.artifacts;
    else none = `${which} of ${slug} has no artifacts (the server says: ${latest.message})`;
  }
  if (listed !== undefined && !Array.isArray(listed)) {
    throw new BadResponseError('GET', 'artifacts', 'the artifact list is not a JSON array');
  }
  const artifacts = (listed ?? []) as unknown[];

  await mkdir(options.destination, { recursive: true });
  // Folders below are checked against this real path; the destination itself may be a link the user chose.
  const root = await realpath(options.destination);
  ctx.setOutput('path', root);

  const plan = planDownloads(artifacts as Parameters<typeof planDownloads>[0], {
    globs: options.globs,
    flatten: options.flatten,
    fileName: options.fileName,
    caseInsensitive: process.platform === 'darwin' || process.platform === 'win32',
  });
  reportPlan(ctx, plan);

  if (plan.files.length === 0) {
    none ??= nothingToFetch(which, slug, artifacts.length, plan, options.globs.length > 0);
    setOutputs(ctx, []);
    await noArtifacts(ctx, options.ifNoArtifacts, none);
    return;
  }

  const saved = await downloadAll(ctx, transport, options, plan, root);
  await writeSummary(ctx, saved, root, `${describeBuild((text) => mdSafe(text))} of ${mdSafe(slug)}`);
}

function reportPlan(ctx: ActionContext, plan: Plan): void {
  plan.refused.slice(0, MAX_NOTES).forEach(({ what, reason }) => {
    ctx.io.warning(logSafe(`Refused artifact ${what}: ${reason}; it is not fetched`));
  });
  if (plan.refused.length > MAX_NOTES)
    ctx.io.warning(`Refused ${plan.refused.length - MAX_NOTES} more artifacts with unsafe or unusable paths`);
  for (const { source, changes } of plan.contained.slice(0, MAX_NOTES)) {
    ctx.info(`Contained artifact ${source} inside the destination: ${changes.join(', ')}`);
  }
  if (plan.contained.length > MAX_NOTES)
    ctx.info(`Contained ${plan.contained.length - MAX_NOTES} more artifact paths inside the destination`);
  if (plan.duplicates > 0) ctx.info(`${plan.duplicates} artifacts listed twice are fetched once`);
  if (plan.excluded > 0) ctx.io.debug(`${plan.excluded} artifacts left out by pattern`);
}

function nothingToFetch(which: string, slug: string, listed: number, plan: Plan, patterns: boolean): string {
  if (listed === 0) return `${which} of ${slug} has no artifacts`;
  if (patterns && plan.excluded > 0 && plan.available.length > 0)
    return `none of the ${listed} artifacts of ${which} of ${slug} matches pattern; their paths: ${sample(plan.available)}`;
  return `none of the ${listed} artifacts of ${which} of ${slug} can be fetched`;
}

async function noArtifacts(ctx: ActionContext, mode: IfNoArtifacts, message: string): Promise<void> {
  const text = `No artifacts fetched: ${message}`;
  if (mode === 'error') throw new NoArtifactsError(`${text} (if-no-artifacts: error)`);
  if (mode === 'warn') ctx.io.warning(logSafe(text));
  else ctx.info(text);
  await ctx.io.summary.addRaw(mdSafe(text, 1000), true).write();
}

async function downloadAll(
  ctx: ActionContext,
  transport: Opener,
  options: FetchInputs,
  plan: Plan,
  root: string,
): Promise<Saved[]> {
  const destination = new Destination(root);
  const downloader = new Downloader({
    opener: transport,
    clock: ctx.clock,
    log: (level, message) => (level === 'debug' ? ctx.io.debug(logSafe(message)) : ctx.info(message)),
  });
  // Whatever ends the run, no part file is left behind.
  ctx.onCleanup(() => downloader.removeParts());
  // The first failure stops the other downloads; so does the run's own signal. One signal made once for every
  // download, rather than each download combining the two (a composite signal costs bookkeeping per download).
  const stop = new AbortController();
  const stopped = AbortSignal.any([ctx.signal, stop.signal]);
  const progress = new Progress(plan.files.length, () => ctx.clock.now());
  const reclaim = bufferReclaimer();
  const debug = ctx.io.isDebug();
  const results: (Saved | undefined)[] = new Array<Saved | undefined>(plan.files.length);
  const refused: string[] = [];
  const files = plan.files.length;
  ctx.info(
    `Fetching ${files} artifact${files === 1 ? '' : 's'} into ${root}, ${Math.min(options.concurrency, files)} at a time`,
  );
  const timer = setInterval(() => ctx.info(progress.line()), PROGRESS_EVERY_MS);
  timer.unref();
  try {
    await forEachLimited(
      plan.files,
      options.concurrency,
      async (file: PlannedFile, index: number) => {
        let dest: string;
        try {
          dest = await destination.prepare(file.segments);
        } catch (error) {
          if (!(error instanceof RefusedPathError)) throw asUserFacing(file.source, error);
          refused.push(file.source);
          ctx.io.warning(logSafe(`Refused artifact ${file.source}: ${error.message}; it is not fetched`));
          return;
        }
        const result = await downloader
          .download({
            url: file.url,
            dest,
            name: file.source,
            signal: stopped,
            onBytes: (n) => {
              progress.received(n);
              reclaim(n);
            },
          })
          .catch((error: unknown) => {
            throw asUserFacing(file.source, error);
          });
        progress.fileDone();
        results[index] = {
          file: dest,
          shown: relative(root, dest).split(sep).join('/'),
          bytes: result.bytes,
        };
        // One line per file, only when the runner shows debug lines (each is a write to stdout, and there may be
        // thousands); the URL without its query, where signed URLs carry credentials.
        if (!debug) return;
        const retried = result.attempts > 1 ? `, ${result.attempts} attempts` : '';
        const from = file.url.replace(/[?#].*$/su, '');
        ctx.io.debug(
          logSafe(`${file.source}: ${formatBytes(result.bytes)} from ${from} saved as ${dest}${retried}`),
        );
      },
      (reason) => stop.abort(reason),
    );
  } finally {
    clearInterval(timer);
    // What was saved is reported even when a later download fails.
    setOutputs(
      ctx,
      results.filter((r): r is Saved => r !== undefined),
    );
  }
  const saved = results.filter((r): r is Saved => r !== undefined);
  const bytes = saved.reduce((sum, s) => sum + s.bytes, 0);
  ctx.info(progress.summary(bytes, root));
  if (refused.length > 0) ctx.io.warning(`${refused.length} artifacts were refused and not fetched`);
  return saved;
}

/** A file-system failure (no space, no permission) names the artifact it hit, without a stack trace. */
function asUserFacing(artifact: string, error: unknown): unknown {
  if (error instanceof UserFacingError || !(error instanceof Error)) return error;
  if (typeof (error as NodeJS.ErrnoException).code !== 'string') return error;
  return new DownloadError(artifact, error, 1);
}

function setOutputs(ctx: ActionContext, saved: readonly Saved[]): void {
  ctx.setOutput('count', saved.length);
  ctx.setOutput(
    'files',
    saved.map((s) => s.file),
  );
  ctx.setOutput(
    'bytes',
    saved.reduce((sum, s) => sum + s.bytes, 0),
  );
}

async function writeSummary(
  ctx: ActionContext,
  saved: readonly Saved[],
  root: string,
  from: string,
): Promise<void> {
  const bytes = saved.reduce((sum, s) => sum + s.bytes, 0);
  const summary = ctx.io.summary.addRaw(
    `Fetched ${saved.length} artifact${saved.length === 1 ? '' : 's'} (${formatBytes(bytes)}) of ${from} into ${mdSafe(root)}`,
    true,
  );
  const rows = saved.slice(0, SUMMARY_ROWS).map((s) => [mdSafe(s.shown, 500), formatBytes(s.bytes)]);
  summary.addTable([
    [
      { data: 'File', header: true },
      { data: 'Size', header: true },
    ],
    ...rows,
    [{ data: `<b>${saved.length} files</b>` }, { data: `<b>${formatBytes(bytes)}</b>` }],
  ]);
  const rest = saved.slice(SUMMARY_ROWS);
  if (rest.length > 0) {
    const restBytes = rest.reduce((sum, s) => sum + s.bytes, 0);
    summary.addRaw(`…and ${rest.length} more files (${formatBytes(restBytes)}) not shown.`, true);
  }
  await summary.write();
}

import { runAction } from '../../action/run.ts';

/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
export function run(): Promise<void> {
  return runAction(spec, fetchArtifacts);
}
