import { realpath } from 'node:fs/promises';
import { setImmediate } from 'node:timers/promises';
import { runAction, type ActionContext, type ActionSpec } from '../../runner/run.ts';
import { appendSummary } from '../../runner/summary.ts';
import { ifNothing } from '../../runner/outcomes.ts';
import { logSafe, mdSafe } from '../../runner/text.ts';
import { Downloader, type Opener } from '../../files/download.ts';
import { displayUrl, formatBytes, MAX_NOTES, plural, quoted, sayFirst } from '../../common/format.ts';
import { forEachLimited } from '../../common/limiter.ts';
import { ClashError, planDownloads, sample, type Plan, type PlannedFile } from '../../files/paths.ts';
import { foldedName, profileOf } from '../../files/names.ts';
import {
  aThing,
  Destination,
  makeDestination,
  RefusedPathError,
  type InspectCache,
} from '../../files/destination.ts';
import { archiveOf } from '../../files/archive.ts';
import { branchAndCommit, chooseBuild, describeBuild } from './build-selection.ts';
import type { Placed, Unpacking } from '../../files/extract.ts';
import { removeStaleParts } from '../../files/stale-parts.ts';
import { asUserFacing, diskFull, FetchError, fileProblem } from '../../files/file-errors.ts';
import { readInputs, type FetchInputs } from './inputs.ts';
import { Progress } from './progress.ts';
import { setOutputs, totalBytes, writeSummary } from './summary.ts';

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

const PROGRESS_EVERY_MS = 10_000;
const YIELD_EVERY = 1000;

interface Checked {
  file: PlannedFile;
  into: Omit<Unpacking, 'file'> | undefined;
}

async function fetchArtifacts(ctx: ActionContext): Promise<void> {
  const options = readInputs(ctx);
  const { service } = ctx.connect({ downloadConnections: options.concurrency });
  const chosen = await chooseBuild(ctx, service, options);

  await makeDestination(options.destination);
  // Folders below are checked against this real path; the destination itself may be a link the user chose.
  const root = await realpath(options.destination);
  ctx.setOutput('path', root);

  const profile = profileOf(process.platform);
  const plan = planDownloads(chosen.artifacts, { ...options, profile });
  let refused = 0;
  const refuse = (what: string, reason: string): void => {
    if (++refused <= MAX_NOTES)
      ctx.io.warning(logSafe(`Refused artifact ${what}: ${reason}; it is not fetched`));
  };
  for (const { what, reason } of plan.refused) refuse(what, reason);
  sayFirst(
    ctx.info,
    plan.contained,
    ({ source, changes }) =>
      `Contained artifact ${quoted(source)} inside the destination: ${changes.join(', ')}`,
    (n) => `Contained ${n} more artifact paths inside the destination`,
  );
  if (plan.duplicates > 0) ctx.info(`${plan.duplicates} artifacts listed twice are fetched once`);
  if (plan.excluded > 0) ctx.io.debug(`${plan.excluded} artifacts left out by pattern`);

  const destination = new Destination(root, profile, options.extract);
  const checked = await checkFinalPaths(options, plan, destination, refuse, ctx.signal);
  const planned = checked.map((c) => c.file.segments);
  await removeStaleParts(root, planned, ctx.info);
  const saved =
    checked.length === 0
      ? []
      : await downloadAll(ctx, service.transport, options, checked, destination, refuse);
  if (refused > MAX_NOTES) ctx.io.warning(`Refused ${refused - MAX_NOTES} more artifacts, not each shown`);
  if (refused > 0)
    ctx.io.warning(`${plural(refused, 'artifact was', 'artifacts were')} refused and not fetched`);
  if (checked.length > 0) {
    const named = chosen.build === undefined ? '' : ` (${branchAndCommit(chosen.build, mdSafe)})`;
    const from = `${describeBuild(options, chosen.num, mdSafe)} of ${mdSafe(service.name)}${named}`;
    return writeSummary(ctx, saved, root, from);
  }
  const which = `${describeBuild(options, chosen.num)} of ${service.name}`;
  const listed = chosen.artifacts.length;
  // Only when the patterns left nothing: artifacts they selected but that were refused were warned about one by one.
  const text = `No artifacts fetched: ${
    chosen.none ??
    (listed === 0
      ? `${which} has no artifacts`
      : options.globs.length > 0 && plan.files.length === 0 && plan.excluded > 0 && plan.available.length > 0
        ? `none of the ${listed} artifacts of ${which} matches pattern; their paths: ${sample(plan.available)}`
        : `none of the ${listed} artifacts of ${which} can be fetched`)
  }`;
  await setOutputs(ctx, []);
  ifNothing(ctx, options.ifNoArtifacts, text, () => new FetchError(`${text} (if-no-artifacts: fail)`));
  await appendSummary(ctx.io, mdSafe(text, 1000));
}

/** Every final path is looked at before anything is downloaded (docs/promises.md, promise 12). */
async function checkFinalPaths(
  options: FetchInputs,
  plan: Plan,
  destination: Destination,
  refuse: (what: string, reason: string) => void,
  signal: AbortSignal,
): Promise<Checked[]> {
  const out: Checked[] = [];
  const existing: string[] = [];
  // With extract, the first file at each folded path and folder, where an archive's folder is looked up.
  const taken = new Map<string, PlannedFile>();
  for (const f of options.extract ? plan.files : []) {
    for (let n = 1; n <= f.segments.length; n++) {
      const key = foldedName(f.segments.slice(0, n).join('/'));
      if (!taken.has(key)) taken.set(key, f);
    }
  }
  // Nothing is created below the destination until every path was looked at.
  const cache: InspectCache = new Map();
  for (const [index, file] of plan.files.entries()) {
    // Lets a SIGINT be heard between looks, which otherwise all run as one chain of microtasks.
    if (index % YIELD_EVERY === 0) await setImmediate();
    signal.throwIfAborted();
    const found = await destination.inspect(file.segments, cache);
    const archive = options.extract ? archiveOf(file.segments.at(-1) ?? '') : undefined;
    if (found.kind === 'refused') refuse(quoted(file.source), found.reason);
    else if (found.kind === 'exists' && !options.overwrite)
      existing.push(
        quoted(file.segments.join('/')) + (found.what === 'file' ? '' : ` (${aThing(found.what)})`),
      );
    else if (found.kind === 'exists' && found.what !== 'file')
      refuse(quoted(file.source), `${aThing(found.what)} is at its path, and is never replaced`);
    else if (archive === undefined) out.push({ file, into: undefined });
    else {
      const target = [...file.segments.slice(0, -1), archive.stem];
      const key = target.join('/');
      const clash = taken.get(foldedName(key));
      if (clash !== undefined) {
        throw new ClashError(
          `artifact ${quoted(file.source)} would be unpacked into ${quoted(key)}, where artifact ` +
            `${quoted(clash.source)} is saved; leave one out with pattern, or leave extract out`,
        );
      }
      const there = await destination.inspect(target, cache);
      if (there.kind === 'refused') refuse(quoted(file.source), there.reason);
      else if (there.kind === 'exists' && (there.what !== 'folder' || !options.overwrite))
        existing.push(`${quoted(key)} (${aThing(there.what)}, where ${quoted(file.source)} unpacks)`);
      else out.push({ file, into: { kind: archive.kind, target, source: file.source } });
    }
  }
  if (existing.length > 0) {
    const more = existing.length > 5 ? ` and ${existing.length - 5} more` : '';
    throw new FetchError(
      `${existing.length === 1 ? 'a path' : `${existing.length} paths`} where artifacts would be saved ` +
        `${existing.length === 1 ? 'is' : 'are'} already taken in the destination: ` +
        `${existing.slice(0, 5).join(', ')}${more}; nothing was downloaded. Set overwrite: true to replace ` +
        'files (never links or folders), or choose another path',
    );
  }
  return out;
}

async function downloadAll(
  ctx: ActionContext,
  transport: Opener,
  options: FetchInputs,
  checked: readonly Checked[],
  destination: Destination,
  refuse: (what: string, reason: string) => void,
): Promise<Placed[]> {
  const root = destination.root;
  const downloader = new Downloader({
    opener: transport,
    clock: ctx.clock,
    log: (level, message) => (level === 'debug' ? ctx.io.debug(message) : ctx.info(message)),
  });
  ctx.onCleanup(() => destination.removeEmptyFolders());
  ctx.onCleanup(() => downloader.removeParts());
  // One plain signal, since a composite one (AbortSignal.any) checks its sources at each ask.
  const stop = new AbortController();
  const passOn = (): void => stop.abort(ctx.signal.reason);
  if (ctx.signal.aborted) passOn();
  else ctx.signal.addEventListener('abort', passOn, { once: true });
  const progress = new Progress(checked.length, () => ctx.clock.now());
  const debug = ctx.io.isDebug();
  const results: (Placed | undefined)[] = [];
  const received: number[] = new Array<number>(checked.length).fill(0);
  const unpacked: Placed[] = [];
  const saved = (): Placed[] => [...results.filter((r) => r !== undefined), ...unpacked];
  ctx.info(
    `Fetching ${plural(checked.length, 'artifact')} into ${root}, ${Math.min(options.concurrency, checked.length)} at a time`,
  );
  const timer = setInterval(() => ctx.info(progress.line()), PROGRESS_EVERY_MS).unref();
  try {
    await forEachLimited(
      checked,
      options.concurrency,
      async ({ file }: Checked, index: number) => {
        try {
          const dest = await destination.prepare(file.segments);
          const result = await downloader.download({
            url: file.url,
            dest,
            name: file.source,
            signal: stop.signal,
            onBytes: (n) => {
              progress.received(n);
              received[index] = (received[index] ?? 0) + n;
            },
          });
          progress.fileDone();
          results[index] = { file: dest, shown: file.segments.join('/'), bytes: result.bytes };
          // Each line is a write to stdout, worth it only when the runner shows debug lines.
          if (!debug) return;
          const retried = result.attempts > 1 ? `, ${result.attempts} attempts` : '';
          ctx.io.debug(
            `${file.source}: ${formatBytes(result.bytes)} from ${displayUrl(file.url)} saved as ${dest}${retried}`,
          );
        } catch (error) {
          const full = diskFull(error, index, received, (i) => checked[i]?.file.source ?? '');
          if (full !== undefined) throw full;
          // One name or file the file system will not take is that artifact's problem alone.
          const reason = error instanceof RefusedPathError ? error.message : fileProblem(error);
          if (reason === undefined) throw asUserFacing(file.source, error, file.url);
          refuse(quoted(file.source), reason);
        }
      },
      (reason) => stop.abort(reason),
    );
    if (options.extract) {
      const placed = new Set(saved().map((s) => s.file));
      const step = { ...ctx, warning: (line: string) => ctx.io.warning(logSafe(line)) };
      for (const [index, { into }] of checked.entries()) {
        const archive = results[index];
        if (into === undefined || archive === undefined) continue;
        ctx.signal.throwIfAborted();
        // Loaded when needed: the archive libraries are most of what a start would compile.
        const { unpack } = await import('../../files/extract.ts');
        const got = await unpack(step, { ...into, file: archive.file }, destination, options, placed);
        for (const s of got) placed.add(s.file);
        unpacked.push(...got);
      }
    }
  } finally {
    clearInterval(timer);
    ctx.signal.removeEventListener('abort', passOn);
    // What was saved is reported even when a later download fails.
    await setOutputs(ctx, saved());
  }
  ctx.info(progress.summary(totalBytes(saved()), root));
  return saved();
}

export function run(): Promise<void> {
  return runAction(spec, fetchArtifacts);
}
