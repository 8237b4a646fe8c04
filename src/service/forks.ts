// Which builds and pipelines are a pull request's, perhaps a fork's: fetch-artifacts and approve pass over them by
// default with this one rule (docs/promises.md, promises 32, 36).
import { pipelineVcs, type Pipeline } from './v2-records.ts';
import type { Build } from './records.ts';

/** A pull request's ref (`pull/9/head`), which the service gives a fork's builds and a comment's alike. */
export function isForkBranch(branch: unknown): boolean {
  return typeof branch === 'string' && /^pull\/\d+(?:\/head)?$/u.test(branch);
}

/** Whether a build is a pull request's (its branch), or from another repository than the project's (v2's `fork`). */
export function isFork(build: Build): boolean {
  return isForkBranch(build.branch) || build['fork'] === true;
}

/** Whether a pipeline is a pull request's or another repository's, by the rule its builds are judged by. */
export function isForkPipeline(pipeline: Pipeline): boolean {
  const { branch, otherRepository } = pipelineVcs(pipeline);
  return isForkBranch(branch) || otherRepository;
}
