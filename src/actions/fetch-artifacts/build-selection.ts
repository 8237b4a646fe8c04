// Which build the artifacts come from: the search of search-artifacts, and the words that name the latest build.
import type { ActionContext } from '../../runner/run.ts';
import { BadResponseError } from '../../api/errors.ts';
import { BuildScan, MAX_BUILDS_READ } from '../../api/find-builds.ts';
import { ClashError, planDownloads } from '../../api/paths.ts';
import type { FetchInputs } from './fetch-artifacts.ts';

/** Matching builds `search-artifacts` looks at, newest first, before it gives up. */
export const SEARCH_ARTIFACTS_BUILDS = 100;

type Found =
  | { build: number; artifacts: unknown[]; none?: undefined }
  | { build: undefined; artifacts?: undefined; none: string };

/**
 * search-artifacts: the newest of the matching builds (at most SEARCH_ARTIFACTS_BUILDS, newest first) that lists an
 * artifact `pattern` selects, named in the log with the newer ones it passed over.
 */
export async function searchArtifacts(
  ctx: ActionContext,
  client: ReturnType<ActionContext['connect']>['client'],
  project: ReturnType<ActionContext['connect']>['project'],
  options: FetchInputs,
): Promise<Found> {
  const slug = `${project.username}/${project.project}`;
  const wanted = describeLatest(options, (text) => text);
  const matching = options.globs.length === 0 ? 'any artifact' : 'an artifact matching pattern';
  const scan = new BuildScan(client, project, {
    statusFilter: options.statusFilter,
    branch: options.branch,
    revision: options.revision,
    job: options.job,
  });
  const passed: number[] = [];
  for (let looked = 0; looked < SEARCH_ARTIFACTS_BUILDS; looked++) {
    const build = await scan.next();
    if (build === undefined) break;
    const artifacts: unknown = await client.artifacts(project, build.build_num);
    if (!Array.isArray(artifacts))
      throw new BadResponseError('GET', 'artifacts', 'the artifact list is not a JSON array');
    if (hasMatch(artifacts, options)) {
      const over =
        passed.length === 0
          ? 'the newest of them'
          : `passing over the newer ${passed.length === 1 ? 'build' : 'builds'} ${passed.map((n) => `#${n}`).join(', ')}`;
      ctx.info(`The ${wanted} of ${slug} is build #${build.build_num} (${over})`);
      return { build: build.build_num, artifacts };
    }
    passed.push(build.build_num);
    ctx.info(`Build #${build.build_num} has no ${matching.replace(/^an? /u, '')}; looking at an older one`);
  }
  const among =
    passed.length >= SEARCH_ARTIFACTS_BUILDS
      ? ` among the newest ${SEARCH_ARTIFACTS_BUILDS} builds that match`
      : scan.bounded
        ? ` among the builds that match within the newest ${MAX_BUILDS_READ} builds`
        : passed.length === 0
          ? ''
          : ` among the ${passed.length === 1 ? 'one build' : `${passed.length} builds`} that match`;
  return { build: undefined, none: `no ${wanted} of ${slug} was found${among}` };
}

/** Whether a build's artifact list has one that `pattern` selects (whatever its path's later fate). */
function hasMatch(artifacts: unknown[], options: FetchInputs): boolean {
  try {
    return (
      planDownloads(artifacts as Parameters<typeof planDownloads>[0], {
        globs: options.globs,
        flatten: false,
      }).files.length > 0
    );
  } catch (error) {
    // Two artifacts that would clash are still artifacts: the fetch itself reports the clash.
    if (error instanceof ClashError) return true;
    throw error;
  }
}

export function describeLatest(options: FetchInputs, safe: (text: string) => string): string {
  const parts = [`latest ${options.statusFilter} build`];
  if (options.searchArtifacts && options.buildNum === undefined)
    parts.push(options.globs.length === 0 ? 'with artifacts' : 'with an artifact matching pattern');
  if (options.job !== undefined) parts.push(`of job ${safe(options.job)}`);
  if (options.revision !== undefined) parts.push(`of commit ${options.revision}`);
  if (options.branch !== undefined) parts.push(`on branch ${safe(options.branch)}`);
  return parts.join(' ');
}
