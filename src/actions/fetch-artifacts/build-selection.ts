// Which build the artifacts come from: the newest matching build, or with search-artifacts the newest that has a
// matching artifact, never a pull request's unless allowed (docs/promises.md, promise 32).
import type { ActionContext } from '../../runner/run.ts';
import { cut, plural } from '../../common/format.ts';
import { ApiError, BadResponseError } from '../../service/http/errors.ts';
import { isForkBranch } from '../../service/forks.ts';
import { ClashError, planDownloads, type ArtifactLike } from '../../files/paths.ts';
import type { Job } from '../../service/model.ts';
import type { Service } from '../../service/service.ts';
import type { FetchInputs } from './inputs.ts';

/** Matching builds `latest` and `search-artifacts` look at, newest first, before they give up. */
const SEARCH_ARTIFACTS_BUILDS = 100;

/** The build whose artifacts are fetched, with its list; one named by number may stay unread. */
export async function chooseBuild(ctx: ActionContext, service: Service, options: FetchInputs) {
  let num = options.buildNum;
  let build: Job | undefined;
  let artifacts: ArtifactLike[] | undefined;
  if (num === undefined) {
    const found = await selectLatest(ctx, service, options);
    if (found.build === undefined) return { num, none: found.none, artifacts: [] };
    ({ build, artifacts } = found);
    num = build.number;
  } else {
    build = await service.job(num).catch((error: unknown) => {
      if (!(error instanceof ApiError || error instanceof BadResponseError)) throw error;
      ctx.info(`The branch and commit of build #${num} could not be read: ${error.message}`);
      return undefined;
    });
  }
  if (build !== undefined) {
    const fork = build.fork
      ? '; it is of a pull request, perhaps a fork, whose configuration chose these artifacts'
      : '';
    ctx.info(`Fetching the artifacts of build #${build.number} (${branchAndCommit(build)})${fork}`);
  }
  ctx.setOutput('build-num', num);
  return { num, build, artifacts: artifacts ?? (await service.artifacts(num)), none: undefined };
}

async function selectLatest(ctx: ActionContext, service: Service, options: FetchInputs) {
  const slug = service.name;
  const wanted = describeBuild(options);
  // Builds of pull requests count with allow-forks, or with a branch that names one, which the user chose.
  const forks = options.allowForks || isForkBranch(options.branch);
  const scan = service.jobs(options);
  const passed: number[] = [];
  let pulls = 0;
  for (let looked = 0; looked < SEARCH_ARTIFACTS_BUILDS; looked++) {
    const build = await scan.next();
    if (build === undefined) break;
    if (!forks && build.fork) {
      passed.push(build.number);
      pulls++;
      ctx.info(
        `Build #${build.number} is of a pull request (branch ${String(build.branch)}), perhaps a fork's; ` +
          'passed over, as allow-forks is false; looking at an older one',
      );
      continue;
    }
    const artifacts = options.searchArtifacts ? await service.artifacts(build.number) : undefined;
    if (artifacts !== undefined && !hasMatch(artifacts, options)) {
      passed.push(build.number);
      const matching = options.globs.length === 0 ? 'artifact' : 'artifact matching pattern';
      ctx.info(`Build #${build.number} has no ${matching}; looking at an older one`);
      continue;
    }
    const over =
      passed.length > 0
        ? ` (passing over the newer ${passed.length === 1 ? 'build' : 'builds'} ${passed.map((n) => `#${n}`).join(', ')})`
        : options.searchArtifacts
          ? ' (the newest of them)'
          : '';
    ctx.info(`The ${wanted} of ${slug} is build #${build.number}${over}`);
    return { build, artifacts };
  }
  const among =
    passed.length >= SEARCH_ARTIFACTS_BUILDS
      ? ` among the newest ${SEARCH_ARTIFACTS_BUILDS} builds that match`
      : scan.bounded
        ? ` among the builds that match within the newest ${scan.readBound} builds`
        : passed.length === 0
          ? ''
          : ` among the ${passed.length === 1 ? 'one build' : plural(passed.length, 'build')} that match`;
  const skipped =
    pulls === 0
      ? ''
      : ` (${pulls === 1 ? 'one was' : `${pulls} were`} of a pull request, passed over as allow-forks is false)`;
  return { build: undefined, none: `no ${wanted} of ${slug} was found${among}${skipped}` };
}

/** `branch main, commit 0123abc…`, each part through `safe`; a part the answer lacks is said so. */
export function branchAndCommit(build: Job, safe = (text: string) => text): string {
  const part = (value: unknown, max: number): string =>
    typeof value === 'string' && value !== '' ? safe(cut(value, max)) : '(none)';
  return `branch ${part(build.branch, 200)}, commit ${part(build.revision, 64)}`;
}

/** Whether a build's artifact list has one that `pattern` selects (whatever its path's later fate). */
function hasMatch(artifacts: ArtifactLike[], options: FetchInputs): boolean {
  try {
    return planDownloads(artifacts, { globs: options.globs, flatten: false }).files.length > 0;
  } catch (error) {
    // Two artifacts that would clash are still artifacts: the fetch itself reports the clash.
    if (error instanceof ClashError) return true;
    throw error;
  }
}

/** The build as the messages name it: `build #12`, the latest that matches, or both. */
export function describeBuild(options: FetchInputs, num?: number, safe = (text: string) => text): string {
  const parts = [`latest ${options.statusFilter} build`];
  if (options.searchArtifacts && options.buildNum === undefined)
    parts.push(options.globs.length === 0 ? 'with artifacts' : 'with an artifact matching pattern');
  if (options.job !== undefined) parts.push(`of job ${safe(options.job)}`);
  if (options.revision !== undefined) parts.push(`of commit ${options.revision}`);
  if (options.branch !== undefined) parts.push(`on branch ${safe(options.branch)}`);
  const latest = parts.join(' ');
  if (num === undefined) return latest;
  return options.buildNum === undefined ? `build #${num} (the ${latest})` : `build #${num}`;
}
