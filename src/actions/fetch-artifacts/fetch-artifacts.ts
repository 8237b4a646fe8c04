import { realpath } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { runAction, type ActionContext, type ActionSpec } from '../../runner/run.ts';
import { logSafe, mdSafe } from '../../runner/text.ts';
import { formatBytes } from '../../api/format.ts';
import { workspace } from '../../runner/workflow.ts';
import { Downloader, type Opener } from '../../api/download.ts';
import { BadResponseError, UserFacingError, ValidationError } from '../../api/errors.ts';
import { displayUrl, quoted } from '../../api/format.ts';
import { compileGlob } from '../../api/glob.ts';
import { forEachLimited } from '../../api/limiter.ts';
import {
  ClashError,
  Destination,
  foldedName,
  MAX_FILE_NAME_BYTES,
  MAX_PATH_BYTES,
  PART_SUFFIX_BYTES,
  planDownloads,
  profileOf,
  RefusedPathError,
  sample,
  windowsNameProblem,
  type FileSystemProfile,
  type InspectCache,
  type Plan,
  type PlannedFile,
} from '../../api/paths.ts';
import { projectName } from '../../api/client.ts';
import { ARTIFACT_STATUS_FILTERS, type Build } from '../../api/records.ts';
import { checkBuildNum, checkSegment } from '../../api/validate.ts';
import { archiveOf, UnsafeArchiveError } from './archive.ts';
import {
  branchAndCommit,
  buildsOf,
  describeLatest,
  logChosenBuild,
  readChosenBuild,
  selectLatest,
} from './build-selection.ts';
import { asUserFacing, diskFull, fileProblem, makeDestination } from './file-errors.ts';
import { Progress } from './progress.ts';
import { removeStaleParts } from './stale-parts.ts';
import { plural, setOutputs, writeSummary, type Saved } from './summary.ts';
import { IF_NO_ARTIFACTS, type Checked, type FetchInputs, type IfNoArtifacts } from './types.ts';

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
    'revision',
    'job',
    'overwrite',
    'extract',
    'search-artifacts',
    'extract-max-mib',
    'allow-forks',
  ],
  outputs: ['count', 'files', 'file-list', 'path', 'bytes', 'build-num'],
} as const satisfies ActionSpec;

/** How often a long download prints a progress line. */
export const PROGRESS_EVERY_MS = 10_000;
/** Warnings printed one by one before the rest are only counted. */
const MAX_NOTES = 20;
/** Paths looked at between two turns of the event loop, where a SIGINT is heard. */
const YIELD_EVERY = 1000;
/** The largest `extract-max-mib`: 1 PiB, well inside what a number counts exactly. */
const MAX_EXTRACT_MIB = 1024 * 1024 * 1024;

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
  if (fileName !== undefined) checkFileName(fileName, profileOf(process.platform));
  const revision = inputs.optional('revision');
  if (revision !== undefined) {
    if (!/^[0-9a-f]{7,64}$/iu.test(revision))
      throw new ValidationError(
        'revision',
        'allowed: a commit hash, or a prefix of at least 7 hex digits',
        revision,
      );
    if (buildNum !== undefined) throw onlyWithLatest('revision', revision, buildNum);
  }
  const job = inputs.optional('job');
  if (job !== undefined) {
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/u.test(job) || job.length > 200)
      throw new ValidationError('job', 'allowed: a job name, one line, at most 200 characters', job);
    if (buildNum !== undefined) throw onlyWithLatest('job', job, buildNum);
  }
  const searchArtifacts = inputs.boolean('search-artifacts', false);
  if (searchArtifacts && buildNum !== undefined) throw onlyWithLatest('search-artifacts', 'true', buildNum);
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
    revision: revision?.toLowerCase(),
    job,
    overwrite: inputs.boolean('overwrite', false),
    extract: inputs.boolean('extract', false),
    searchArtifacts,
    extractMaxBytes: inputs.integer('extract-max-mib', 1, MAX_EXTRACT_MIB, 10_240) * 1024 * 1024,
    allowForks: inputs.boolean('allow-forks', false),
  };
}

function onlyWithLatest(name: string, value: string, buildNum: number): ValidationError {
  return new ValidationError(
    name,
    "allowed only with build-num: 'latest'",
    value,
    `${name} is given with build-num ${buildNum}`,
  );
}

function checkFileName(name: string, profile: FileSystemProfile): void {
  const allowed = 'allowed: a plain file name, without folders';
  const windows = profile.windowsNames ? windowsNameProblem(name) : undefined;
  if (windows !== undefined)
    throw new ValidationError('file-name', `${allowed}, that Windows can hold (this one ${windows})`, name);
  // eslint-disable-next-line no-control-regex
  if (/[/\\]/u.test(name) || name === '.' || name === '..' || /[\u0000-\u001f\u007f]/u.test(name))
    throw new ValidationError('file-name', allowed, name);
  if (Buffer.byteLength(name) > MAX_FILE_NAME_BYTES)
    throw new ValidationError('file-name', `${allowed}, at most ${MAX_FILE_NAME_BYTES} bytes`, name);
}

/** Artifacts refused one by one: the first few said each in a warning, all counted. */
class Refusals {
  total = 0;
  readonly #ctx: ActionContext;
  constructor(ctx: ActionContext) {
    this.#ctx = ctx;
  }
  /** `what` is already quoted and short. */
  add(what: string, reason: string): void {
    if (++this.total <= MAX_NOTES)
      this.#ctx.io.warning(logSafe(`Refused artifact ${what}: ${reason}; it is not fetched`));
  }
  /** The closing count, once everything was tried. */
  report(): void {
    const n = this.total;
    if (n > MAX_NOTES) this.#ctx.io.warning(`Refused ${n - MAX_NOTES} more artifacts, not each shown`);
    if (n > 0) this.#ctx.io.warning(`${n} artifact${n === 1 ? ' was' : 's were'} refused and not fetched`);
  }
}

/** Downloads the artifacts of a build (or of the latest matching build) into the destination. */
export async function fetchArtifacts(ctx: ActionContext): Promise<void> {
  const options = readInputs(ctx);
  const connection = ctx.connect({ acceptSlug: true, downloadConnections: options.concurrency });
  const { transport, project } = connection;
  const builds = buildsOf(connection);
  const slug = projectName(project);

  let buildNum = options.buildNum;
  let none: string | undefined;
  let listed: unknown = [];
  let searched: unknown[] | undefined;
  let chosen: Build | undefined;
  if (buildNum === undefined) {
    const found = await selectLatest(ctx, builds, options);
    if (found.build === undefined) none = found.none;
    else {
      chosen = found.build;
      buildNum = chosen.build_num;
      searched = found.artifacts;
    }
  } else chosen = await readChosenBuild(ctx, builds, buildNum);
  if (chosen !== undefined) logChosenBuild(ctx, chosen);
  if (buildNum !== undefined) {
    ctx.setOutput('build-num', buildNum);
    listed = searched ?? (await builds.artifacts(buildNum));
  }
  if (!Array.isArray(listed)) {
    throw new BadResponseError('GET', 'artifacts', 'the artifact list is not a JSON array');
  }
  const artifacts = listed as unknown[];
  const which =
    buildNum === undefined
      ? describeLatest(options, (text) => text)
      : options.buildNum === undefined
        ? `build #${buildNum} (the ${describeLatest(options, (text) => text)})`
        : `build #${buildNum}`;
  const whichMd =
    buildNum === undefined
      ? describeLatest(options, (text) => mdSafe(text))
      : options.buildNum === undefined
        ? `build #${buildNum} (the ${describeLatest(options, (text) => mdSafe(text))})`
        : `build #${buildNum}`;

  await makeDestination(options.destination);
  // Folders below are checked against this real path; the destination itself may be a link the user chose.
  const root = await realpath(options.destination);
  ctx.setOutput('path', root);

  const profile = profileOf(process.platform);
  const plan = planDownloads(artifacts as Parameters<typeof planDownloads>[0], {
    globs: options.globs,
    flatten: options.flatten,
    fileName: options.fileName,
    profile,
  });
  const refusals = new Refusals(ctx);
  reportPlan(ctx, plan, refusals);

  const destination = new Destination(root, profile);
  const checked = await checkFinalPaths(options, plan, destination, refusals, ctx.signal);
  if (checked.length > 0) {
    const stale = await removeStaleParts(
      root,
      checked.map((c) => c.file.segments),
    );
    if (stale.length > 0) ctx.info(staleLine(stale));
  }

  if (checked.length === 0) {
    refusals.report();
    none ??= nothingToFetch(which, slug, artifacts.length, plan, options.globs.length > 0);
    await setOutputs(ctx, []);
    await noArtifacts(ctx, options.ifNoArtifacts, none);
    return;
  }

  const saved = await downloadAll(ctx, transport, options, checked, destination, refusals);
  const named = chosen === undefined ? '' : ` (${branchAndCommit(chosen, (text) => mdSafe(text))})`;
  await writeSummary(ctx, saved, root, `${whichMd} of ${mdSafe(slug)}${named}`);
}

/** The log line for part files an earlier run left. */
function staleLine(stale: readonly string[]): string {
  return `Removed ${plural(stale.length, 'part file')} left by an earlier run: ${sample(stale)}`;
}

function reportPlan(ctx: ActionContext, plan: Plan, refusals: Refusals): void {
  for (const { what, reason } of plan.refused) refusals.add(what, reason);
  for (const { source, changes } of plan.contained.slice(0, MAX_NOTES)) {
    ctx.info(`Contained artifact ${quoted(source)} inside the destination: ${changes.join(', ')}`);
  }
  if (plan.contained.length > MAX_NOTES)
    ctx.info(`Contained ${plan.contained.length - MAX_NOTES} more artifact paths inside the destination`);
  if (plan.duplicates > 0) ctx.info(`${plan.duplicates} artifacts listed twice are fetched once`);
  if (plan.excluded > 0) ctx.io.debug(`${plan.excluded} artifacts left out by pattern`);
}

/**
 * Looks at every final path before anything is downloaded (docs/promises.md, promise 12): a path too long for the file
 * system or through a linked folder is refused with a warning; a file, link or folder already standing at a final path
 * (or at the folder an archive unpacks into) fails the step naming it, unless `overwrite` allows replacing files. A
 * link is never replaced, whatever `overwrite` says.
 */
async function checkFinalPaths(
  options: FetchInputs,
  plan: Plan,
  destination: Destination,
  refusals: Refusals,
  signal: AbortSignal,
): Promise<Checked[]> {
  const out: Checked[] = [];
  const existing: string[] = [];
  const refuse = (file: PlannedFile, reason: string): void => refusals.add(quoted(file.source), reason);
  // With extract, each file (folded) and each folder a file is saved in, with its first file: the folder an
  // archive unpacks into is looked up, not searched for.
  const taken = new Map<string, PlannedFile>();
  if (options.extract) {
    for (const f of plan.files) {
      for (let n = 1; n <= f.segments.length; n++) {
        const key = foldedName(f.segments.slice(0, n).join('/'));
        if (!taken.has(key)) taken.set(key, f);
      }
    }
  }
  // Nothing is created below the destination until every path was looked at.
  const cache: InspectCache = new Map();
  for (const [index, file] of plan.files.entries()) {
    // Lets a SIGINT be heard between looks, which otherwise all run as one chain of microtasks.
    if (index % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    signal.throwIfAborted();
    const absolute = join(destination.root, ...file.segments);
    if (Buffer.byteLength(absolute) + PART_SUFFIX_BYTES > MAX_PATH_BYTES) {
      refuse(
        file,
        `its path in the destination would be longer than ${MAX_PATH_BYTES - PART_SUFFIX_BYTES} bytes`,
      );
      continue;
    }
    const found = await destination.inspect(file.segments, cache);
    if (found.kind === 'refused') {
      refuse(file, found.reason);
      continue;
    }
    if (found.kind === 'exists') {
      if (found.what !== 'file') {
        if (!options.overwrite)
          existing.push(
            `${quoted(shown(file.segments))} (a ${found.what === 'symlink' ? 'symbolic link' : found.what})`,
          );
        else
          refuse(
            file,
            `a ${found.what === 'symlink' ? 'symbolic link' : found.what} is at its path, and is never replaced`,
          );
        continue;
      }
      if (!options.overwrite) {
        existing.push(quoted(shown(file.segments)));
        continue;
      }
    }
    let extractInto: Checked['extractInto'];
    const archive = options.extract ? archiveOf(file.segments.at(-1) ?? '') : undefined;
    if (archive !== undefined) {
      const target = [...file.segments.slice(0, -1), archive.stem];
      const key = target.join('/');
      const folded = foldedName(key);
      const clash = taken.get(folded);
      if (clash !== undefined) {
        throw new ClashError(
          `artifact ${quoted(file.source)} would be unpacked into ${quoted(key)}, where artifact ` +
            `${quoted(clash.source)} is saved; leave one out with pattern, or leave extract out`,
        );
      }
      const there = await destination.inspect(target, cache);
      if (there.kind === 'refused') {
        refuse(file, there.reason);
        continue;
      }
      if (there.kind === 'exists' && (there.what !== 'folder' || !options.overwrite)) {
        existing.push(
          `${quoted(shown(target))} (a ${there.what === 'symlink' ? 'symbolic link' : there.what}, where ${quoted(file.source)} unpacks)`,
        );
        continue;
      }
      extractInto = { kind: archive.kind, target };
    }
    out.push({ file, extractInto });
  }
  if (existing.length > 0) {
    throw new ExistingFilesError(
      `${existing.length === 1 ? 'a path' : `${existing.length} paths`} where artifacts would be saved ` +
        `${existing.length === 1 ? 'is' : 'are'} already taken in the destination: ${listed(existing)}; nothing ` +
        'was downloaded. Set overwrite: true to replace files (never links or folders), or choose another path',
    );
  }
  return out;
}

/** Something stood at a final path before the step, and `overwrite` does not allow replacing it. */
export class ExistingFilesError extends UserFacingError {
  override name = 'ExistingFilesError';
}

function listed(items: readonly string[], max = 5): string {
  const more = items.length > max ? ` and ${items.length - max} more` : '';
  return `${items.slice(0, max).join(', ')}${more}`;
}

function shown(segments: readonly string[]): string {
  return segments.join('/');
}

function nothingToFetch(which: string, slug: string, listed: number, plan: Plan, patterns: boolean): string {
  if (listed === 0) return `${which} of ${slug} has no artifacts`;
  // Only when the patterns left nothing: artifacts they selected but that were refused were warned about one by one.
  if (patterns && plan.files.length === 0 && plan.excluded > 0 && plan.available.length > 0)
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
  checked: readonly Checked[],
  destination: Destination,
  refusals: Refusals,
): Promise<Saved[]> {
  const root = destination.root;
  const downloader = new Downloader({
    opener: transport,
    clock: ctx.clock,
    log: (level, message) => (level === 'debug' ? ctx.io.debug(logSafe(message)) : ctx.info(message)),
  });
  // Whatever ends the run, no part file is left behind, nor a folder made for nothing.
  ctx.onCleanup(() => destination.removeEmptyFolders());
  ctx.onCleanup(() => downloader.removeParts());
  // The first failure stops the other downloads; so does the run's own signal, passed on to `stop`. One plain
  // signal for every download: a composite one (AbortSignal.any) checks its sources again each time it is asked
  // whether it was aborted, several times per download, and the transport combines it with its own once more.
  const stop = new AbortController();
  const stopped = stop.signal;
  const passOn = (): void => stop.abort(ctx.signal.reason);
  if (ctx.signal.aborted) passOn();
  else ctx.signal.addEventListener('abort', passOn, { once: true });
  const progress = new Progress(checked.length, () => ctx.clock.now());
  const debug = ctx.io.isDebug();
  const results: (Saved | undefined)[] = new Array<Saved | undefined>(checked.length);
  /** Bytes each download received, to blame a full disk on the file that filled it. */
  const received: number[] = new Array<number>(checked.length).fill(0);
  const unpacked: Saved[][] = [];
  const refuse = (what: string, reason: string): void => refusals.add(quoted(what), reason);
  const files = checked.length;
  ctx.info(
    `Fetching ${files} artifact${files === 1 ? '' : 's'} into ${root}, ${Math.min(options.concurrency, files)} at a time`,
  );
  const timer = setInterval(() => ctx.info(progress.line()), PROGRESS_EVERY_MS);
  timer.unref();
  let completed = false;
  try {
    await forEachLimited(
      checked,
      options.concurrency,
      async ({ file }: Checked, index: number) => {
        let dest: string;
        try {
          dest = await destination.prepare(file.segments);
        } catch (error) {
          const reason = error instanceof RefusedPathError ? error.message : fileProblem(error);
          if (reason === undefined) throw asUserFacing(file.source, error);
          refuse(file.source, reason);
          return;
        }
        let result;
        try {
          result = await downloader.download({
            url: file.url,
            dest,
            name: file.source,
            signal: stopped,
            onBytes: (n) => {
              progress.received(n);
              received[index] = (received[index] ?? 0) + n;
            },
          });
        } catch (error) {
          // A full disk stops the step, naming the file that filled it, not whichever came next.
          const full = diskFull(error, index, checked, received);
          if (full !== undefined) throw full;
          // One name or file the file system will not take is that artifact's problem alone.
          const reason = fileProblem(error);
          if (reason === undefined) throw asUserFacing(file.source, error, file.url);
          refuse(file.source, reason);
          return;
        }
        progress.fileDone();
        results[index] = {
          file: dest,
          // What relative(root, dest) would give, without resolving both paths for each file.
          shown: shown(file.segments),
          bytes: result.bytes,
        };
        // One line per file, only when the runner shows debug lines (each is a write to stdout, and there may be
        // thousands); the URL without its user, password and query, where signed URLs carry credentials.
        if (!debug) return;
        const retried = result.attempts > 1 ? `, ${result.attempts} attempts` : '';
        ctx.io.debug(
          logSafe(
            `${file.source}: ${formatBytes(result.bytes)} from ${displayUrl(file.url)} saved as ${dest}${retried}`,
          ),
        );
      },
      (reason) => stop.abort(reason),
    );
    if (options.extract) {
      const placed = new Set(results.flatMap((r) => (r === undefined ? [] : [r.file])));
      for (const [index, { file, extractInto }] of checked.entries()) {
        const archive = results[index];
        if (extractInto === undefined || archive === undefined) continue;
        ctx.signal.throwIfAborted();
        const got = await unpack(ctx, archive, extractInto, destination, options, placed, file.source);
        for (const s of got) placed.add(s.file);
        unpacked.push(got);
      }
    }
    completed = true;
  } finally {
    clearInterval(timer);
    ctx.signal.removeEventListener('abort', passOn);
    // What was saved is reported even when a later download fails.
    const saved = [...results.filter((r): r is Saved => r !== undefined), ...unpacked.flat()];
    if (!completed) await setOutputs(ctx, saved);
  }
  const saved = [...results.filter((r): r is Saved => r !== undefined), ...unpacked.flat()];
  await setOutputs(ctx, saved);
  const bytes = saved.reduce((sum, s) => sum + s.bytes, 0);
  ctx.info(progress.summary(bytes, root));
  refusals.report();
  return saved;
}

/** Unpacks one archive beside itself; an archive that cannot be unpacked safely stays as it is, with a warning. */
async function unpack(
  ctx: ActionContext,
  archive: Saved,
  into: NonNullable<Checked['extractInto']>,
  destination: Destination,
  options: FetchInputs,
  placed: ReadonlySet<string>,
  source: string,
): Promise<Saved[]> {
  try {
    // Loaded when an archive is unpacked: the extractor and its libraries are most of what a start would compile.
    const { extractArchive } = await import('./extract.ts');
    ctx.info(`Unpacking ${quoted(source)} into ${shown(into.target)}`);
    const result = await extractArchive({
      archive: archive.file,
      kind: into.kind,
      name: source,
      target: into.target,
      destination,
      overwrite: options.overwrite,
      placed,
      maxBytes: options.extractMaxBytes,
      signal: ctx.signal,
      onCleanup: (fn) => ctx.onCleanup(fn),
    });
    if (result.staleParts.length > 0) ctx.info(staleLine(result.staleParts));
    for (const { what, reason } of result.refused.slice(0, MAX_NOTES))
      ctx.io.warning(logSafe(`Left out ${quoted(what)} of archive ${quoted(source)}: ${reason}`));
    if (result.refused.length > MAX_NOTES)
      ctx.io.warning(
        `Left out ${result.refused.length - MAX_NOTES} more members of archive ${quoted(source)}`,
      );
    const n = result.files.length;
    ctx.info(`Unpacked ${n} file${n === 1 ? '' : 's'} of ${quoted(source)} into ${shown(into.target)}`);
    return result.files.map(({ file, bytes }) => ({
      file,
      bytes,
      shown: relative(destination.root, file).split(sep).join('/'),
    }));
  } catch (error) {
    if (error instanceof UnsafeArchiveError || error instanceof RefusedPathError) {
      ctx.io.warning(
        logSafe(`Did not unpack archive ${quoted(source)}: ${(error as Error).message}; it is kept as it is`),
      );
      await destination.removeEmptyFolders();
      return [];
    }
    throw asUserFacing(source, error);
  }
}

/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
export function run(): Promise<void> {
  return runAction(spec, fetchArtifacts);
}
