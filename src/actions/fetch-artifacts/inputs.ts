// The inputs of fetch-artifacts, read and checked in one place: nothing is sent before readInputs returns.
import { resolve } from 'node:path';
import type { ActionContext } from '../../runner/run.ts';
import { workspace } from '../../runner/workflow.ts';
import { readIfNothing } from '../../runner/outcomes.ts';
import { ValidationError } from '../../common/errors.ts';
import { compileGlob } from '../../common/glob.ts';
import { MAX_FILE_NAME_BYTES, profileOf, windowsNameProblem } from '../../files/names.ts';
import { ARTIFACT_STATUS_FILTERS } from '../../service/records.ts';
import { checkBuildNum, checkSegment } from '../../service/validate.ts';

export type FetchInputs = ReturnType<typeof readInputs>;

// The largest extract-max-mib stays well inside what a number counts exactly.
const MAX_EXTRACT_MIB = 1024 * 1024 * 1024;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/u;

function refuse(name: string, allowed: string, value: string): never {
  throw new ValidationError(name, `allowed: ${allowed}`, value);
}

export function readInputs(ctx: ActionContext) {
  const { inputs } = ctx;
  const buildText = inputs.optional('build-num') ?? 'latest';
  if (buildText !== 'latest' && !/^\+?\d+$/u.test(buildText))
    refuse('build-num', "a build number (a whole number ≥ 1) or 'latest'", buildText);
  const buildNum = buildText === 'latest' ? undefined : checkBuildNum('build-num', buildText);
  const branch = inputs.optional('branch');
  if (branch !== undefined) checkSegment('branch', branch, 'a branch name');
  const statusFilter = inputs.oneOf('status-filter', ARTIFACT_STATUS_FILTERS, 'completed');
  const revision = inputs.optional('revision');
  if (revision !== undefined && !/^[0-9a-f]{7,64}$/iu.test(revision))
    refuse('revision', 'a commit hash, or a prefix of at least 7 hex digits', revision);
  const job = inputs.optional('job');
  if (job !== undefined && (CONTROL.test(job) || job.length > 200))
    refuse('job', 'a job name, one line, at most 200 characters', job);
  const searchArtifacts = inputs.boolean('search-artifacts', false);
  // These choose among builds: a build named by number leaves them nothing to choose.
  const choosers = [
    ['branch', branch],
    ['status-filter', statusFilter === 'completed' ? undefined : statusFilter],
    ['revision', revision],
    ['job', job],
    ['search-artifacts', searchArtifacts ? 'true' : undefined],
  ] as const;
  for (const [name, value] of choosers)
    if (buildNum !== undefined && value !== undefined)
      throw new ValidationError(
        name,
        "allowed only with build-num: 'latest'",
        value,
        `${name} is given with build-num ${buildNum}`,
      );
  const pathText = inputs.optional('path');
  // eslint-disable-next-line no-control-regex
  if (pathText !== undefined && /[\u0000-\u001f]/u.test(pathText))
    refuse('path', 'a folder path without control characters', pathText);
  const fileName = inputs.optional('file-name');
  if (fileName !== undefined) {
    const allowed = 'a plain file name, without folders';
    const windows = profileOf(process.platform).windowsNames ? windowsNameProblem(fileName) : undefined;
    if (windows !== undefined)
      refuse('file-name', `${allowed}, that Windows can hold (this one ${windows})`, fileName);
    if (/[/\\]/u.test(fileName) || fileName === '.' || fileName === '..' || CONTROL.test(fileName))
      refuse('file-name', allowed, fileName);
    if (Buffer.byteLength(fileName) > MAX_FILE_NAME_BYTES)
      refuse('file-name', `${allowed}, at most ${MAX_FILE_NAME_BYTES} bytes`, fileName);
  }
  return {
    buildNum,
    branch,
    statusFilter,
    destination: resolve(workspace(ctx.env), pathText ?? '.'),
    globs: inputs.lines('pattern').map((line) => compileGlob('pattern', line)),
    fileName,
    flatten: inputs.boolean('flatten', false),
    ifNoArtifacts: readIfNothing(inputs, 'if-no-artifacts', 'warn'),
    concurrency: inputs.integer('concurrency', 1, 32, 8),
    /** Lower-case, as the service gives commits. */
    revision: revision?.toLowerCase(),
    job,
    overwrite: inputs.boolean('overwrite', false),
    extract: inputs.boolean('extract', false),
    searchArtifacts,
    extractMaxBytes: inputs.integer('extract-max-mib', 1, MAX_EXTRACT_MIB, 10_240) * 1024 * 1024,
    allowForks: inputs.boolean('allow-forks', false),
  };
}
