// Where each artifact is saved: its relative path as actions/fetch-artifacts/README.md describes `path`, and
// nothing outside the destination (docs/promises.md, promise 11). Artifact records come from the server and are
// untrusted: every path becomes plain relative segments (or is refused) before it is joined to the destination.
import { unescape } from 'node:querystring';
import { quoted } from '../common/format.ts';
import { selects, type Glob } from '../common/glob.ts';
import { UserFacingError } from '../common/errors.ts';
import {
  foldedName,
  MAX_FILE_NAME_BYTES,
  MAX_PATH_BYTES,
  MAX_SEGMENT_BYTES,
  PROFILES,
  segmentProblem,
  windowsNameProblem,
  type FileSystemProfile,
} from './names.ts';

type RelativePath = { ok: true; segments: string[]; contained: string[] } | { ok: false; reason: string };

/** Its `pretty_path` where that names the same file, else its `path`, without its root; `contained` says what
 *  was changed to keep it inside. */
export function artifactRelativePath(
  path: string,
  prettyPath?: string | null,
  profile: FileSystemProfile = PROFILES.ext4,
): RelativePath {
  const own = relativeSegments(path, profile);
  if (!own.ok || typeof prettyPath !== 'string' || prettyPath === '') return own;
  const pretty = relativeSegments(prettyPath.replace(/^(\$\{?[A-Za-z_]\w*\}?|~)(?=[/\\]|$)/u, ''), profile);
  return pretty.ok && pretty.segments.at(-1) === own.segments.at(-1) ? pretty : own;
}

function relativeSegments(text: string, profile: FileSystemProfile): RelativePath {
  const refuse = (reason: string): RelativePath => ({ ok: false, reason });
  const contained = text.includes('\\') ? ['backslashes read as separators'] : [];
  const parts = text.split(/[/\\]+/u);
  // `C:name` is relative to drive C's current folder on Windows: still a drive, still dropped.
  const drive = (profile.windowsNames ? /^[A-Za-z]:/u : /^[A-Za-z]:$/u).exec(parts[0] ?? '')?.[0];
  if (drive !== undefined) {
    contained.push(`drive letter ${drive} dropped`);
    parts[0] = parts[0]?.slice(2) ?? '';
  }
  // First, so that every later step (patterns included) works on a path of bounded length.
  if (Buffer.byteLength(text) > MAX_PATH_BYTES) return refuse(`it is longer than ${MAX_PATH_BYTES} bytes`);
  // A copy of its own size: filter's array leaves room for many more, and the plan keeps one per artifact.
  const segments = parts.filter((part) => part !== '' && part !== '.').slice();
  for (const part of segments) {
    const problem = segmentProblem(part);
    if (problem !== undefined) return refuse(`it ${problem}`);
    // A web server or a later tool may decode `%XX` escapes, even twice (`%252e`).
    let decoded = part;
    for (let i = 0; i < 4; i++) decoded = unescape(decoded);
    if (/(?:^|[/\\])\.\.?(?:[/\\]|$)|\0/u.test(decoded))
      return refuse(`its segment ${JSON.stringify(part)} is a percent-encoded '..', '.' or NUL`);
    if (Buffer.byteLength(part) > MAX_SEGMENT_BYTES)
      return refuse(`a segment is longer than ${MAX_SEGMENT_BYTES} bytes`);
  }
  if (segments.length === 0) return refuse('it has no file name');
  if (Buffer.byteLength(segments.at(-1) ?? '') > MAX_FILE_NAME_BYTES)
    return refuse(`its file name is longer than ${MAX_FILE_NAME_BYTES} bytes`);
  return { ok: true, segments, contained };
}

/** An artifact record as the server sent it: nothing in it is trusted. */
export type ArtifactLike = Partial<Record<'path' | 'pretty_path' | 'node_index' | 'url', unknown>>;

export interface PlannedFile {
  url: string;
  /** The artifact's relative path as patterns see it. */
  source: string;
  /** Where it is saved below the destination. */
  segments: string[];
  nodeIndex: number | undefined;
}

interface PlanOptions {
  globs: readonly Glob[];
  flatten: boolean;
  fileName?: string | undefined;
  profile?: FileSystemProfile;
}

export interface Plan {
  files: PlannedFile[];
  refused: { what: string; reason: string }[];
  contained: { source: string; changes: string[] }[];
  /** Left out by the patterns, and listed twice (same URL, same path). */
  excluded: number;
  duplicates: number;
  /** For a hint when the patterns matched none. */
  available: string[];
}

/** Two artifacts would be saved at one path, or a path is both a file and a folder: nothing is fetched. */
export class ClashError extends UserFacingError {
  override name = 'ClashError';
}

/** Decides where every artifact goes, before anything is downloaded; throws ClashError rather than overwrite. */
export function planDownloads(artifacts: readonly ArtifactLike[], options: PlanOptions): Plan {
  const { flatten, fileName, profile = PROFILES.ext4 } = options;
  const plan: Plan = { files: [], refused: [], contained: [], excluded: 0, duplicates: 0, available: [] };
  const seen = new Set<string>();
  for (const artifact of artifacts) {
    const { path, url, pretty_path: pretty, node_index: nodeIndex } = artifact ?? {};
    if (typeof path !== 'string' || path === '' || typeof url !== 'string' || url === '') {
      plan.refused.push({ what: describe(artifact), reason: 'the record has no path or no URL' });
      continue;
    }
    const relative = artifactRelativePath(path, typeof pretty === 'string' ? pretty : undefined, profile);
    if (!relative.ok) {
      plan.refused.push({ what: quoted(path), reason: relative.reason });
      continue;
    }
    const source = relative.segments.join('/');
    // The scheme as `new URL` gives it, read without parsing thousands of whole URLs.
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/u.exec(url)?.[1]?.toLowerCase();
    const windows = profile.windowsNames
      ? relative.segments.map(windowsNameProblem).find(Boolean)
      : undefined;
    const reason =
      scheme === undefined
        ? 'its URL is not an absolute address'
        : !/^https?$/u.test(scheme)
          ? `its URL is a ${quoted(`${scheme}:`, 20)} address, not http(s)`
          : windows && `a segment of its path ${windows}`;
    if (reason) {
      plan.refused.push({ what: quoted(source), reason });
      continue;
    }
    plan.available.push(source);
    if (!selects(options.globs, source)) {
      plan.excluded++;
      continue;
    }
    const key = `${url}\n${source}`;
    if (seen.has(key)) {
      plan.duplicates++;
      continue;
    }
    seen.add(key);
    if (relative.contained.length > 0) plan.contained.push({ source, changes: relative.contained });
    const index =
      Number.isSafeInteger(nodeIndex) && (nodeIndex as number) >= 0 ? (nodeIndex as number) : undefined;
    plan.files.push({ url, source, segments: relative.segments, nodeIndex: index });
  }

  if (fileName !== undefined) {
    if (plan.files.length > 1)
      throw new ClashError(
        `file-name is given, but ${plan.files.length} artifacts match (${sample(plan.files.map((f) => f.source))}); ` +
          'narrow them to one with pattern, or leave file-name out',
      );
    for (const file of plan.files) file.segments = [fileName];
    return plan;
  }
  if (flatten) for (const file of plan.files) file.segments = file.segments.slice(-1);

  // Every disk's key, whatever this runner's disk is: artifacts one would merge are told apart (node folders) or
  // refused. Only paths shared by several files keep a list, to spare memory.
  const fold = (segments: readonly string[]): string => foldedName(segments.join('/'));
  const files = new Map<string, PlannedFile>();
  const shared = new Map<string, PlannedFile[]>();
  for (const file of plan.files) {
    const key = fold(file.segments);
    const other = files.get(key);
    if (other === undefined) files.set(key, file);
    else shared.set(key, [...(shared.get(key) ?? [other]), file]);
  }
  for (const [key, group] of shared) {
    const indexes = new Set(group.map((f) => f.nodeIndex));
    if (flatten || indexes.has(undefined) || indexes.size < group.length) throw clash(group, flatten);
    files.delete(key);
  }
  // Only artifacts that share a path move under their container's folder; then no path may be a file for one
  // artifact and a folder for another.
  for (const file of [...shared.values()].flat()) {
    file.segments = [`node-${file.nodeIndex ?? ''}`, ...file.segments];
    const other = files.get(fold(file.segments));
    if (other) throw clash([other, file], flatten);
    files.set(fold(file.segments), file);
  }
  for (const file of plan.files) {
    for (let n = 1; n < file.segments.length; n++) {
      const other = files.get(fold(file.segments.slice(0, n)));
      if (other)
        throw new ClashError(
          `artifact ${quoted(other.source)} would be saved as a file where artifact ` +
            `${quoted(file.source)} needs a folder; leave one out with pattern`,
        );
    }
  }
  return plan;
}

function clash(group: readonly PlannedFile[], flatten: boolean): ClashError {
  const where = group[0]?.segments.join('/') ?? '';
  const disk =
    new Set(group.map((f) => f.segments.join('/'))).size > 1
      ? ' (their names differ only in case or Unicode normalisation: one file on NTFS, APFS or exFAT)'
      : '';
  const hint = flatten
    ? 'flatten keeps only file names: leave it out, or narrow the artifacts with pattern'
    : 'their containers do not tell them apart; narrow the artifacts with pattern';
  const what = group.map((f) => quoted(f.source)).join(', ');
  return new ClashError(`artifacts ${what} would all be saved at ${quoted(where)}${disk}; ${hint}`);
}

/** A record for a warning: its path only (a URL may carry credentials). */
function describe(value: unknown): string {
  if (value === null || typeof value !== 'object') return quoted(String(value));
  const { path, pretty_path: pretty } = value as ArtifactLike;
  const shown = [path, pretty].find((p) => typeof p === 'string' && p !== '');
  return shown === undefined ? 'a record without a path' : quoted(shown as string);
}

export function sample(items: readonly string[], max = 5): string {
  const shown = items.slice(0, max).map((s) => quoted(s));
  return items.length > max ? `${shown.join(', ')} and ${items.length - max} more` : shown.join(', ');
}
