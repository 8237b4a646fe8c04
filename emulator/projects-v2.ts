// The project-scoped records of API v2 (docs/v2.md): job details, tests, artifacts and environment variables of
// a project, made from the same builds and runs as the v1.1 records. Shapes no recording holds (tests, env vars)
// follow the service's v2 reference.

import type { Artifact, TestMetadata } from './service.ts';
import { buildUrl } from './render.ts';
import { jobRecords } from './pipelines.ts';
import { fakeUuid, type EmulatedProject, type StoredPipeline, type WorkflowRun } from './model.ts';

const iso = (ms: number | undefined): string | null => (ms === undefined ? null : new Date(ms).toISOString());

/** The run and pipeline a build of a workflow job belongs to (its newest run), or undefined. */
function runOfBuild(
  project: EmulatedProject,
  num: number,
): { pipeline: StoredPipeline; run: WorkflowRun; name: string } | undefined {
  for (const pipeline of [...project.pipelines].reverse()) {
    for (const run of [...pipeline.runs].reverse()) {
      for (const [name, built] of run.builds) if (built === num) return { pipeline, run, name };
    }
  }
  return undefined;
}

/** `GET {v2}/project/{slug}/job/{number}`: undefined when the number is no job of a workflow. */
export function jobDetails(
  project: EmulatedProject,
  num: number,
  origin: string,
  now: number,
): Record<string, unknown> | undefined {
  const found = runOfBuild(project, num);
  const build = project.findBuild(num);
  if (found === undefined || build === undefined) return undefined;
  const record = jobRecords(project, found.run, now).find((job) => job.name === found.name);
  if (record === undefined) return undefined;
  const started = record.started_at === null ? undefined : Date.parse(record.started_at);
  const stopped = record.stopped_at === null ? undefined : Date.parse(record.stopped_at);
  return {
    web_url: buildUrl(project, origin, num),
    project: {
      id: fakeUuid(`${project.slug}/project`),
      slug: project.slug,
      name: project.reponame,
      external_url: project.vcsUrl,
    },
    parallel_runs: Array.from({ length: build.parallel }, (_, index) => ({ index, status: record.status })),
    started_at: record.started_at,
    latest_workflow: { id: found.run.id, name: found.run.name },
    name: record.name,
    executor: { resource_class: 'medium', type: 'docker' },
    parallelism: build.parallel,
    status: record.status,
    number: num,
    pipeline: { id: found.pipeline.id },
    duration: started === undefined || stopped === undefined ? null : stopped - started,
    created_at: iso(build.queuedAt),
    messages: [],
    contexts: [],
    organization: { name: project.username },
    queued_at: iso(build.queuedAt),
    stopped_at: record.stopped_at,
  };
}

/**
 * The v2 items of a job's test metadata: v1.1 has `source_type` too, v2 does not, and where v1.1 gives null the
 * reference gives a string (a number for `run_time`); only `message` may be null.
 */
export function testItems(metadata: TestMetadata): Record<string, unknown>[] {
  return metadata.tests.map(({ message, source, run_time, file, result, name, classname }) => ({
    message: message ?? null,
    source: source ?? '',
    run_time: run_time ?? 0,
    file: file ?? '',
    result: result ?? '',
    name: name ?? '',
    classname: classname ?? '',
  }));
}

/** The v2 items of a job's artifacts: the path as uploaded (no `pretty_path`), its container, its address. */
export function artifactItems(artifacts: Artifact[]): Record<string, unknown>[] {
  return artifacts.map((artifact) => ({
    path: String(artifact.pretty_path ?? artifact.path)
      .replace(/^\$CI_ARTIFACTS\//u, '')
      .replace(/^\/+/u, ''),
    node_index: artifact.node_index,
    url: artifact.url,
  }));
}
