// Storage: artifacts and step output as files of builds, found by their URL paths, and the storage origin that
// serves them on pre-signed URLs (signing.ts), the way object storage does: XML errors, 400 for a second way of
// authenticating, 403 for a stale or wrong signature, gzip for step output when the client accepts it.

import type { IncomingHttpHeaders } from 'node:http';
import { gzipSync } from 'node:zlib';
import { textReply, type Reply } from './http.ts';
import { artifactAbsolutePath, type EmulatedProject, type StoredBuild } from './model.ts';
import { gzipOutputJson, isLargeOutput, outputJson, outputText, type OutputPlan } from './output.ts';
import { phaseAt } from './phase.ts';
import { artifactContentSeed, artifactUrlPath, buildArtifacts, type RenderContext } from './render.ts';
import type { UrlSigner } from './signing.ts';
import { outputPlan, stepRuns } from './steps.ts';

/** Finds a project by the URL-decoded parts of its slug. */
export type ProjectLookup = (
  vcsType: string,
  username: string,
  reponame: string,
) => EmulatedProject | undefined;

/** An artifact located for download. */
export interface ArtifactFile {
  project: EmulatedProject;
  buildNum: number;
  nodeIndex: number;
  /** Absolute path in the build container. */
  path: string;
  size: number;
  /** Seed of the generated content (content.ts). */
  seed: number;
  /** Answer with a redirect to the second origin. */
  redirect: boolean;
}

/** Finds the artifact an artifact URL path (`/artifacts/...`, still encoded) points at. */
export function findArtifact(
  lookup: ProjectLookup,
  ctx: RenderContext,
  urlPath: string,
): ArtifactFile | undefined {
  const match = /^\/artifacts\/([^/]+)\/([^/]+)\/([^/]+)\/(\d+)\/(\d+)\/(.+)$/.exec(urlPath);
  if (match === null) return undefined;
  const [, vcs = '', user = '', repo = '', num = '', node = ''] = match;
  const project = projectOf(lookup, vcs, user, repo);
  const build = project?.findBuild(Number(num));
  if (project === undefined || build === undefined) return undefined;
  if (buildArtifacts(project, build, ctx).length === 0) return undefined;
  const nodeIndex = Number(node);
  const spec = build.artifacts.find(
    (candidate) =>
      candidate.nodeIndex === nodeIndex &&
      artifactUrlPath(project, build.num, nodeIndex, candidate) === urlPath,
  );
  if (spec === undefined) return undefined;
  return {
    project,
    buildNum: build.num,
    nodeIndex,
    path: artifactAbsolutePath(spec),
    size: spec.size,
    seed: artifactContentSeed(project, build.num, nodeIndex, spec),
    redirect: build.artifactRedirect,
  };
}

/** An artifact of a build by its path (as configured or absolute), once the build lists it. */
export function artifactFile(
  lookup: ProjectLookup,
  ctx: RenderContext,
  project: EmulatedProject,
  build: StoredBuild,
  path: string,
  nodeIndex: number,
): ArtifactFile {
  const buildNum = build.num;
  const spec = build.artifacts.find(
    (candidate) =>
      candidate.nodeIndex === nodeIndex &&
      (candidate.path === path || artifactAbsolutePath(candidate) === path),
  );
  if (spec === undefined) throw new Error(`no artifact ${path} on node ${nodeIndex} of build ${buildNum}`);
  const file = findArtifact(lookup, ctx, artifactUrlPath(project, buildNum, nodeIndex, spec));
  if (file === undefined) throw new Error(`artifact ${path} of build ${buildNum} is not available yet`);
  return file;
}

/** What the action a step output path (`/output/...`, still encoded) points at has printed so far. */
export function findStepOutput(lookup: ProjectLookup, now: number, urlPath: string): OutputPlan | undefined {
  const match = /^\/output\/([^/]+)\/([^/]+)\/([^/]+)\/(\d+)\/(\d+)\/(\d+)$/.exec(urlPath);
  if (match === null) return undefined;
  const [, vcs = '', user = '', repo = '', num = '', step = '', index = ''] = match;
  const project = projectOf(lookup, vcs, user, repo);
  const build = project?.findBuild(Number(num));
  if (project === undefined || build === undefined || Number(index) >= build.parallel) return undefined;
  const phase = phaseAt(build, now);
  const run = stepRuns(build, phase, now).find((candidate) => candidate.step === Number(step));
  return run === undefined ? undefined : outputPlan(project, build, phase, run, Number(index), now);
}

function storageError(status: number, code: string, message: string): Reply {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  return textReply(status, xml, 'application/xml');
}

/** 200 with the whole artifact, or 206 with one range (`bytes=N-`, `bytes=N-M`, `bytes=-N`), or 416. */
export function artifactReply(file: ArtifactFile, headers: IncomingHttpHeaders): Reply {
  const etag = `"${file.seed.toString(16)}-${file.size.toString(16)}"`;
  const base = { 'Content-Type': 'application/octet-stream', 'Accept-Ranges': 'bytes', ETag: etag };
  const range = headers.range;
  const ifRange = headers['if-range'];
  const match = range === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  // A range for another version of the file (If-Range) or one we do not serve (several) gets the whole file.
  if (match !== null && (ifRange === undefined || ifRange === etag) && (match[1] !== '' || match[2] !== '')) {
    const [, first = '', last = ''] = match;
    let start: number;
    let end: number;
    if (first === '') {
      start = Math.max(0, file.size - Number(last));
      end = file.size - 1;
    } else {
      start = Number(first);
      end = last === '' ? file.size - 1 : Math.min(Number(last), file.size - 1);
    }
    if (start >= file.size || (first === '' && Number(last) === 0)) {
      return {
        status: 416,
        headers: { ...base, 'Content-Range': `bytes */${file.size}` },
        body: Buffer.alloc(0),
      };
    }
    if (end >= start) {
      return {
        status: 206,
        headers: { ...base, 'Content-Range': `bytes ${start}-${end}/${file.size}` },
        body: { seed: file.seed, start, length: end - start + 1 },
      };
    }
  }
  return { status: 200, headers: base, body: { seed: file.seed, start: 0, length: file.size } };
}

/** Whether an `Accept-Encoding` header lets the answer be gzip (`gzip;q=0` refuses it). */
function acceptsGzip(header: string | undefined): boolean {
  for (const part of (header ?? '').split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') continue;
    const q = params
      .map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1])
      .find((value) => value !== undefined);
    return q === undefined || Number(q) > 0;
  }
  return false;
}

/** A step's output: the JSON array of chunks, gzip when the client accepts it, generated while sent when large. */
function outputReply(plan: OutputPlan, headers: IncomingHttpHeaders): Reply {
  const gzip = acceptsGzip(headers['accept-encoding']);
  const base = {
    'Content-Type': 'application/json',
    Vary: 'Accept-Encoding',
    ...(gzip && { 'Content-Encoding': 'gzip' }),
  };
  if (!isLargeOutput(plan)) {
    const json = outputText(plan);
    return { status: 200, headers: base, body: gzip ? gzipSync(json) : json };
  }
  return {
    status: 200,
    headers: base,
    body: { open: () => (gzip ? gzipOutputJson(plan) : outputJson(plan)) },
  };
}

/** What the storage origin reads of the emulator's state: its signer and the files behind signed paths. */
export interface StoredFiles {
  readonly signer: Pick<UrlSigner, 'check'>;
  findStepOutput(urlPath: string): OutputPlan | undefined;
  findArtifact(urlPath: string): ArtifactFile | undefined;
}

/** The answer of the storage origin: signed artifact URLs and step output. */
export function serveStorage(
  state: StoredFiles,
  request: { method: string; path: string; query: Record<string, string>; headers: IncomingHttpHeaders },
): Reply {
  const { method, path, query, headers } = request;
  if (!path.startsWith('/artifacts/') && !path.startsWith('/output/'))
    return storageError(404, 'NoSuchKey', 'The specified key does not exist.');
  if (method !== 'GET' && method !== 'HEAD') {
    return storageError(
      405,
      'MethodNotAllowed',
      'The specified method is not allowed against this resource.',
    );
  }
  // Like signed storage URLs: a second way of authenticating is refused, so a leaked token shows up.
  if (headers.authorization !== undefined) {
    return storageError(400, 'InvalidArgument', 'Only one auth mechanism allowed.');
  }
  const signature = state.signer.check(path, query);
  if (signature === 'mismatch')
    return storageError(403, 'SignatureDoesNotMatch', 'The request signature does not match.');
  if (signature === 'expired') return storageError(403, 'AccessDenied', 'Request has expired');
  if (path.startsWith('/output/')) {
    const output = state.findStepOutput(path);
    if (output === undefined) return storageError(404, 'NoSuchKey', 'The specified key does not exist.');
    return outputReply(output, headers);
  }
  const file = state.findArtifact(path);
  if (file === undefined) return storageError(404, 'NoSuchKey', 'The specified key does not exist.');
  return artifactReply(file, headers);
}

/** The project named by a storage path's (still encoded) segments; undefined for a bad encoding or no project. */
function projectOf(
  lookup: ProjectLookup,
  vcs: string,
  user: string,
  repo: string,
): EmulatedProject | undefined {
  try {
    return lookup(decodeURIComponent(vcs), decodeURIComponent(user), decodeURIComponent(repo));
  } catch {
    return undefined;
  }
}
