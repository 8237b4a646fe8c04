// wait-for-build with `pipeline-id` (actions/wait-for-build/README.md): the bundle gates exactly one pipeline, its
// workflows and jobs, on a project v1.1 reaches and on one named by its slug (whose jobs are read through v2 only),
// against the emulator on the real clock; and `pipeline-id` with another way of naming the builds leaves it unused.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type WorkflowSpec } from '../../emulator/index.ts';
import { runAction, type RunResult } from '../harness/runner.ts';
import { obeyedCommands, PROJECT, SLUG } from './gating-helpers.ts';

const SHA = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00';
const OPAQUE = 'vendor/5b0c7e1a-2f3d-4e5a-9b6c-7d8e9f0a1b2c/8e7d6c5b-4a3f-4e2d-9c1b-0a9f8e7d6c5b';

const passing: WorkflowSpec[] = [
  { name: 'ship', jobs: [{ name: 'build', runMs: 300, queuedMs: 50, artifacts: [] }] },
];
const failing: WorkflowSpec[] = [
  {
    name: 'ship',
    jobs: [{ name: 'build', runMs: 300, queuedMs: 50, outcome: 'failed', artifacts: [] }],
  },
];

let emulator: Emulator;
beforeEach(async () => {
  emulator = await startEmulator();
});
afterEach(async () => {
  await emulator.close();
});

const kinds = [
  {
    kind: 'classic',
    slug: SLUG,
    setUp: (workflows: WorkflowSpec[]) =>
      emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, { pipelineSetupMs: 0, workflows }),
    inputs: (): Record<string, string> => ({ username: PROJECT.user, project: PROJECT.repo }),
  },
  {
    kind: 'slug',
    slug: OPAQUE,
    setUp: (workflows: WorkflowSpec[]) =>
      emulator.state.slugProject(OPAQUE, { pipelineSetupMs: 0, workflows }),
    inputs: (): Record<string, string> => ({ 'project-slug': OPAQUE }),
  },
] as const;

const wait = (inputs: Record<string, string>): Promise<RunResult> =>
  runAction('wait-for-build', {
    inputs: {
      token: emulator.token,
      'base-url': emulator.baseUrl,
      'poll-interval-seconds': '1',
      'settle-seconds': '1',
      ...inputs,
    },
  });

const errorLines = (result: RunResult): string[] =>
  obeyedCommands(result.stdout).filter((l) => l.startsWith('::error::'));

describe.each(kinds)('wait-for-build with pipeline-id, on a $kind project', ({ slug, setUp, inputs }) => {
  /** Two pipelines of the same commit: the first one's job passes, the second one's fails. */
  function twoPipelines(): { good: string; bad: string } {
    setUp(passing);
    emulator.state.push(slug, { branch: 'main', revision: SHA });
    setUp(failing);
    emulator.state.push(slug, { branch: 'main', revision: SHA });
    const [good, bad] = emulator.state.pipelines(slug).map((p) => String(p['id']));
    expect(emulator.state.pipelines(slug)).toHaveLength(2);
    emulator.resetRequests();
    return { good: good ?? '', bad: bad ?? '' };
  }

  it('passes on its pipeline while another pipeline of the same commit fails', async () => {
    const { good } = twoPipelines();
    const result = await wait({ ...inputs(), 'pipeline-id': good });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['outcome']).toBe('success');
    const builds = JSON.parse(result.outputs['builds'] ?? '') as {
      build_num: number;
      job: string;
      outcome: string;
    }[];
    expect(builds).toEqual([expect.objectContaining({ job: 'build', workflow: 'ship', outcome: 'success' })]);
    if (slug === OPAQUE) {
      const paths = emulator.requests.filter((r) => r.origin === 'api').map((r) => r.path);
      expect(paths.filter((p) => !p.startsWith('/api/v2/'))).toEqual([]);
      expect(paths).toContain(`/api/v2/project/${OPAQUE}/job/${builds[0]?.build_num}`);
    }
  });

  it("fails on its pipeline's failing job, naming it", async () => {
    const { bad } = twoPipelines();
    const result = await wait({ ...inputs(), 'pipeline-id': bad });
    expect(result.code).toBe(1);
    const [line, ...more] = errorLines(result);
    expect(more).toEqual([]);
    expect(line).toContain('job build');
    expect(line).toContain('failed');
    expect(result.outputs['outcome']).toBe('failed');
    const builds = JSON.parse(result.outputs['builds'] ?? '') as { build_url: string }[];
    // The error line carries the failed job's address, v2's `web_url` for a project named by its slug.
    expect(builds[0]?.build_url).toMatch(/^https?:\/\//u);
    expect(line).toContain(builds[0]?.build_url);
    if (slug === OPAQUE) {
      const paths = emulator.requests.filter((r) => r.origin === 'api').map((r) => r.path);
      expect(paths.filter((p) => !p.startsWith('/api/v2/'))).toEqual([]);
      expect(paths.some((p) => p.endsWith('/tests'))).toBe(true);
    }
  });
});

describe('wait-for-build with pipeline-id and patterns', () => {
  it('counts only the workflows and jobs the patterns choose', async () => {
    emulator.state.slugProject(OPAQUE, {
      pipelineSetupMs: 0,
      workflows: [
        ...passing,
        { name: 'lint', jobs: [{ name: 'style', runMs: 300, queuedMs: 50, outcome: 'failed' }] },
      ],
    });
    emulator.state.push(OPAQUE, { branch: 'main', revision: SHA });
    const [pipeline] = emulator.state.pipelines(OPAQUE);
    const id = String(pipeline?.['id']);
    const chosen = await wait({ 'project-slug': OPAQUE, 'pipeline-id': id, workflow: 'ship' });
    expect(chosen.errors).toEqual([]);
    expect(chosen.outputs['outcome']).toBe('success');
    const all = await wait({ 'project-slug': OPAQUE, 'pipeline-id': id });
    expect(all.code).toBe(1);
    expect(errorLines(all)).toEqual([expect.stringContaining('job style')]);
  });
});

describe('wait-for-build pipeline-id with another way of naming builds', () => {
  it.each([
    ['build-num', { 'build-num': '12' }],
    ['revision', { revision: 'abcdef1234' }],
    ['branch', { branch: 'other' }],
  ])(
    'pipeline-id with %s: a warning that it is not used, and the pipeline alone is gated',
    async (name, extra) => {
      emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, {
        pipelineSetupMs: 0,
        workflows: failing,
      });
      emulator.state.push(SLUG, { branch: 'main', revision: SHA });
      const [bad] = emulator.state.pipelines(SLUG).map((p) => String(p['id']));
      emulator.resetRequests();
      const result = await wait({
        username: PROJECT.user,
        project: PROJECT.repo,
        'pipeline-id': bad ?? '',
        ...extra,
      });
      // The failing pipeline decides, whatever the other input names.
      expect(result.code).toBe(1);
      expect(result.outputs['outcome']).toBe('failed');
      expect(obeyedCommands(result.stdout)).toContain(
        `::warning::pipeline-id is given, so ${name} is not used`,
      );
      expect(emulator.requests.some((r) => r.path.startsWith(`/api/v2/pipeline/${bad}`))).toBe(true);
    },
  );
});

describe('wait-for-build with project-slug and a commit, or a job number', () => {
  const OTHER = 'badc0ffebadc0ffebadc0ffebadc0ffebadc0ffe';
  /** The commit SHA passes; OTHER, a newer commit of the same branch, fails. */
  function twoCommits(): void {
    emulator.state.slugProject(OPAQUE, { pipelineSetupMs: 0, workflows: passing });
    emulator.state.push(OPAQUE, { branch: 'main', revision: SHA });
    emulator.state.slugProject(OPAQUE, { workflows: failing });
    emulator.state.push(OPAQUE, { branch: 'main', revision: OTHER });
    emulator.resetRequests();
  }
  const apiPaths = (): string[] =>
    emulator.requests.filter((r) => r.origin === 'api').map((r) => `${r.method} ${r.path}`);

  it("gates the commit's pipelines, read from the project's pipelines through v2", async () => {
    twoCommits();
    const result = await wait({ 'project-slug': OPAQUE, revision: SHA.slice(0, 10), branch: 'main' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['outcome']).toBe('success');
    const builds = JSON.parse(result.outputs['builds'] ?? '') as { build_num: number }[];
    expect(builds).toEqual([expect.objectContaining({ job: 'build', workflow: 'ship', outcome: 'success' })]);
    expect(apiPaths().filter((p) => !p.includes(' /api/v2/'))).toEqual([]);
    expect(apiPaths()).toContain(`GET /api/v2/project/${OPAQUE}/pipeline`);
    expect(apiPaths()).toContain(`GET /api/v2/project/${OPAQUE}/job/${builds[0]?.build_num}`);
    const list = emulator.requests.find((r) => r.path === `/api/v2/project/${OPAQUE}/pipeline`);
    expect(list?.query).toMatchObject({ branch: 'main' });
  });

  it('fails on the commit whose job failed, naming it and its page', async () => {
    twoCommits();
    const result = await wait({ 'project-slug': OPAQUE, revision: OTHER });
    expect(result.code).toBe(1);
    const [line, ...more] = errorLines(result);
    expect(more).toEqual([]);
    const builds = JSON.parse(result.outputs['builds'] ?? '') as { build_url: string }[];
    expect(line).toContain('job build');
    expect(line).toContain(builds[0]?.build_url);
    expect(apiPaths().filter((p) => !p.includes(' /api/v2/'))).toEqual([]);
  });

  it('reads build-num as a job number, through job details', async () => {
    twoCommits();
    const [pipeline] = emulator.state.pipelines(OPAQUE);
    const workflow = emulator.state.pipelineWorkflows(String(pipeline?.['id']))?.[0];
    const num = emulator.state.workflowJobs(workflow?.id ?? '')?.[0]?.job_number ?? 0;
    emulator.resetRequests();
    const result = await wait({ 'project-slug': OPAQUE, 'build-num': String(num) });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['build-num']).toBe(String(num));
    expect(apiPaths().filter((p) => !p.includes(' /api/v2/'))).toEqual([]);
    expect(apiPaths()).toContain(`GET /api/v2/project/${OPAQUE}/job/${num}`);
  });
});
