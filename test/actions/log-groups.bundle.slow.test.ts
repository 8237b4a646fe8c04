// Where people look (actions/trigger-build/README.md, "Where to look"): the trigger and each wait are log groups, the
// failure report's own groups come after them and never inside, and the pipeline's link is a notice annotation,
// percent-encoded as the address outputs are (docs/promises.md, promise 33); a build of v1.1 gets none. The committed
// bundles run as the runner runs them, against the emulator, on the real clock.
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type WorkflowSpec } from '../../emulator/index.ts';
import { runAction, type RunResult } from '../harness/runner.ts';
import { obeyedCommands, PROJECT, SLUG } from './gating-helpers.ts';

/** A slug whose project name holds characters encodeURIComponent keeps and a shell reads: `'`, `(` and `)`. */
const ODD = "app/acme/it's(1)";
const ODD_IN_URL = 'app/acme/it%27s%281%29';

let emulator: Emulator;
afterEach(async () => {
  await emulator.close();
});

const job = (outcome?: 'failed'): WorkflowSpec[] => [
  {
    name: 'ship',
    jobs: [{ name: 'build', queuedMs: 50, runMs: 200, artifacts: [], ...(outcome && { outcome }) }],
  },
];

async function service(outcome?: 'failed'): Promise<void> {
  emulator = await startEmulator();
  const config = { queuedMs: 50, runMs: 200, pipelineSetupMs: 0, workflows: job(outcome) };
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, { ...config, ...(outcome && { outcome }) });
  emulator.state.slugProject(ODD, config);
}

const run = (action: string, inputs: Record<string, string>): Promise<RunResult> =>
  runAction(action, {
    inputs: { token: emulator.token, 'base-url': emulator.baseUrl, 'poll-interval-seconds': '1', ...inputs },
  });

/** A workflow command's message as the runner reads it back (`%25`, `%0D`, `%0A` escaped by @actions/core). */
const unescape = (data: string): string =>
  data.replace(/%0D/gu, '\r').replace(/%0A/gu, '\n').replace(/%25/gu, '%');

/** The notices the runner shows. */
const notices = (result: RunResult): string[] =>
  obeyedCommands(result.stdout)
    .filter((l) => l.startsWith('::notice::'))
    .map((l) => unescape(l.slice('::notice::'.length)));

/**
 * The step's log as the runner folds it: each `::group::` title, with `::notice::`, `::error::` and `::warning::`
 * lines in their place, after checking that no group opens inside another and every group ends.
 */
function outline(result: RunResult): string[] {
  const shown: string[] = [];
  let open: string | undefined;
  for (const line of obeyedCommands(result.stdout)) {
    const group = /^::group::(.*)$/u.exec(line);
    if (group !== null) {
      expect(open, `group '${group[1]}' opened inside '${open}'`).toBeUndefined();
      open = group[1];
      shown.push(`group ${open}`);
    } else if (line === '::endgroup::') {
      expect(open, 'an end of a group that was not open').toBeDefined();
      open = undefined;
      shown.push('end');
    } else if (/^::(notice|error|warning)::/u.test(line)) shown.push(line.split('::')[1] ?? '');
  }
  expect(open, 'a group left open').toBeUndefined();
  return shown;
}

describe('trigger-build', () => {
  it("groups the trigger, then gives the pipeline's link as a notice, encoded as pipeline-url", async () => {
    await service();
    const result = await run('trigger-build', { 'project-slug': ODD });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    const url = result.outputs['pipeline-url'];
    expect(url).toBe(`${emulator.origin}/pipelines/${ODD_IN_URL}/1`);
    expect(notices(result)).toEqual([`Pipeline #1: ${url}`]);
    expect(outline(result)).toEqual([`group Triggering ${ODD} on branch main`, 'end', 'notice']);
  });

  it('gives no notice for a build of v1.1', async () => {
    await service();
    const result = await run('trigger-build', { 'trigger-api': 'v1.1' });
    expect(result.code).toBe(0);
    expect(result.outputs['build-num']).toMatch(/^\d+$/u);
    expect(notices(result)).toEqual([]);
    // The warning inside is the service's: its v1.1 trigger answers with Deprecation and Sunset (docs/sunset.md).
    expect(outline(result)).toEqual([
      `group Triggering ${PROJECT.user}/${PROJECT.repo} on branch main`,
      'warning',
      'end',
    ]);
  });

  it("ends the wait's group before the failure report's groups, and those before the error (a pipeline)", async () => {
    await service('failed');
    const result = await run('trigger-build', { wait: 'true' });
    expect(result.code).toBe(1);
    const shown = outline(result);
    expect(shown.slice(0, 4)).toEqual([
      `group Triggering ${PROJECT.user}/${PROJECT.repo} on branch main`,
      'end',
      'notice',
      'group Waiting for the builds of pipeline #1',
    ]);
    expect(shown[4]).toBe('end');
    // The failed step's output, a group of its own after the wait's, then the one error line.
    expect(shown.slice(5).filter((s) => s.startsWith('group '))).toEqual([
      expect.stringMatching(/^group ✗ Build #\d+: step 'Run tests' failed/u),
    ]);
    expect(shown.at(-1)).toBe('error');
  });

  it("ends the wait's group before the failure report's groups (a build of v1.1)", async () => {
    await service('failed');
    const result = await run('trigger-build', { wait: 'true', 'trigger-api': 'v1.1' });
    expect(result.code).toBe(1);
    const num = result.outputs['build-num'];
    const shown = outline(result);
    expect(shown.slice(0, 5)).toEqual([
      `group Triggering ${PROJECT.user}/${PROJECT.repo} on branch main`,
      'warning',
      'end',
      `group Waiting for build #${num}`,
      'end',
    ]);
    expect(shown.slice(5).filter((s) => s.startsWith('group '))).toEqual([
      expect.stringMatching(new RegExp(`^group ✗ Build #${num}: step 'Run tests' failed`, 'u')),
    ]);
    expect(shown.at(-1)).toBe('error');
    expect(notices(result)).toEqual([]);
  });
});

describe('wait-for-build', () => {
  it("with pipeline-id, gives the pipeline's link as a notice and its wait as a group, the report after it", async () => {
    await service('failed');
    emulator.state.push(SLUG, { branch: 'main' });
    const [pipeline] = emulator.state.pipelines(SLUG);
    const result = await run('wait-for-build', {
      'pipeline-id': String(pipeline?.['id']),
      'settle-seconds': '1',
    });
    expect(result.code).toBe(1);
    expect(notices(result)).toEqual([`Pipeline #1: ${emulator.origin}/pipelines/${SLUG}/1`]);
    const shown = outline(result);
    expect(shown.slice(0, 3)).toEqual(['notice', 'group Waiting for the builds of pipeline #1', 'end']);
    expect(shown.slice(3).filter((s) => s.startsWith('group '))).toEqual([
      expect.stringMatching(/^group ✗ Build #\d+: step 'Run tests' failed/u),
    ]);
    expect(shown.at(-1)).toBe('error');
  });

  it('gives no notice for the builds of a commit', async () => {
    await service();
    const { revision } = emulator.state.push(SLUG, { branch: 'main' });
    const result = await run('wait-for-build', { revision, 'settle-seconds': '1' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(notices(result)).toEqual([]);
    expect(outline(result)).toEqual([
      `group Waiting for the builds of commit ${revision.slice(0, 12)}`,
      'end',
    ]);
  });
});

describe('wait-for-serial', () => {
  it('groups its wait', async () => {
    await service();
    const clear = await run('wait-for-serial', {});
    expect(clear.code).toBe(0);
    expect(outline(clear)).toEqual([
      `group Waiting for other builds of ${PROJECT.user}/${PROJECT.repo}`,
      'end',
    ]);
  });
});
