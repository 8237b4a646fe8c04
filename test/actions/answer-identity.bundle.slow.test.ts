// Every answer is the one asked for (docs/promises.md, promise 35), as the runner runs the committed bundles
// against a service of ours that answers with another record: a pipeline of another project (hole 4 of issue 38),
// another pipeline than the one read or started (hole 5), a workflow list of another pipeline, a job read as a
// build that is another job, in v1.1 and in v2, and a job or a pipeline list of another project.
import { describe, expect, it } from 'vitest';
import { runAction, type RunResult } from '../harness/runner.ts';
import {
  finishedBuild,
  PIPELINE_ID,
  REVISION,
  SLUG,
  startPipelineServer,
  uuid,
  v2Job,
  v2Workflow,
  type PipelineServer,
  type Script,
  type ScriptWorkflow,
} from '../helpers/pipeline-server.ts';
import { cleanupScope } from '../helpers/scope.ts';
import { obeyedCommands } from './gating-helpers.ts';

const { listen } = cleanupScope();
const TOKEN = 'tok-IDENTITY-0123456789abcdef';
const V1 = '/api/v1.1/project';

const errors = (result: RunResult): string[] =>
  obeyedCommands(result.stdout).filter((line) => line.startsWith('::error'));

const wait = (server: PipelineServer, more: Record<string, string> = {}): Promise<RunResult> =>
  runAction('wait-for-build', {
    inputs: {
      token: TOKEN,
      'base-url': server.base,
      'pipeline-id': PIPELINE_ID,
      'settle-seconds': '0',
      'poll-interval-seconds': '1',
      ...more,
    },
  });

const ship = (status: string, jobs: ScriptWorkflow['jobs']): ScriptWorkflow => ({
  id: uuid(1),
  name: 'ship',
  status,
  jobs,
});
const deployJob = (status: string): ScriptWorkflow['jobs'][number] => ({
  id: uuid(11),
  name: 'deploy',
  status,
  type: 'build',
  job_number: 11,
});
/** v2 details of job #11 `deploy` of pipeline PIPELINE_ID, passed; `more` adds or replaces fields. */
const deploy11 = (more: Record<string, unknown>): Record<string, unknown> => ({
  number: 11,
  name: 'deploy',
  status: 'success',
  web_url: 'https://ci.example/job/11',
  pipeline: { id: PIPELINE_ID },
  ...more,
});
/** Another workflow, of an older pipeline: its build #11 passed long ago. */
const old: ScriptWorkflow = { id: uuid(9), name: 'nightly', status: 'success', jobs: [] };

/** Pipeline #7 is project B's, whose job #11 `deploy` failed; the step's own project A has a green build #11. */
function otherProjects(projectSlug: string): Script {
  const workflow = ship('failed', [deployJob('failed')]);
  return {
    pipeline: { id: PIPELINE_ID, number: 7, state: 'created', project_slug: projectSlug },
    workflows: [workflow],
    builds: new Map([[11, finishedBuild(11, 'deploy', old, 'success')]]),
    other: {
      slug: 'primary-host/octo-org/other-repo',
      builds: new Map([[11, finishedBuild(11, 'deploy', workflow, 'failed')]]),
    },
  };
}

describe("hole 4: a pipeline's jobs are read in the pipeline's own project", () => {
  it("uses the pipeline's project when the step does not name one, and says so", async () => {
    // The service's provider word `gh` names the host our `primary-host` names.
    const server = await startPipelineServer(listen, otherProjects('gh/octo-org/other-repo'));
    const result = await wait(server, { job: 'deploy' });
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([expect.stringMatching(/#11 \(job deploy\).*'failed'/u)]);
    expect(result.stdout).toMatch(
      /pipeline #7 is of project gh\/octo-org\/other-repo, not octo-org\/octo-repo.*its jobs are read in gh\/octo-org\/other-repo/iu,
    );
    expect(server.seen).toContain(`GET ${V1}/primary-host/octo-org/other-repo/11`);
    expect(server.seen).not.toContain(`GET ${V1}/primary-host/octo-org/octo-repo/11`);
  });

  it('is an input error naming pipeline-id when the step names another project', async () => {
    const server = await startPipelineServer(listen, otherProjects('gh/octo-org/other-repo'));
    const result = await wait(server, { job: 'deploy', username: 'octo-org', project: 'octo-repo' });
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(
        /^::error::pipeline-id: pipeline #7 is of project gh\/octo-org\/other-repo, not octo-org\/octo-repo; allowed: a pipeline of the project that username, project name/u,
      ),
    ]);
    expect(server.seen.filter((r) => r.endsWith('/11'))).toEqual([]);
    expect(server.seen.filter((r) => r.endsWith('/workflow'))).toEqual([]);
  });

  it('takes a slug in the service words for the same project as the same project', async () => {
    const workflow = ship('success', [deployJob('success')]);
    const server = await startPipelineServer(listen, {
      pipeline: { id: PIPELINE_ID, number: 7, state: 'created', project_slug: 'GH/Octo-Org/octo-repo' },
      workflows: [workflow],
      builds: new Map([[11, finishedBuild(11, 'deploy', workflow, 'success')]]),
    });
    const result = await wait(server, { username: 'octo-org', project: 'octo-repo' });
    expect(errors(result)).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/is of project/u);
  });
});

/** Pipeline #7, the one asked for, failed; another pipeline of the project, #8, passed. */
function failedAndGreen(): Script {
  const failed = ship('failed', [deployJob('failed')]);
  return {
    pipeline: { id: PIPELINE_ID, number: 7, state: 'created' },
    workflows: [failed],
    builds: new Map([[11, finishedBuild(11, 'deploy', failed, 'failed')]]),
  };
}
const GREEN = {
  id: uuid(99),
  number: 8,
  state: 'created',
  project_slug: SLUG,
  errors: [],
  vcs: { revision: 'c0ffee1234567890c0ffee1234567890c0ffee12', branch: 'main' },
};

describe('hole 5: an answer that is another pipeline is unusable', () => {
  it('wait-for-build: a pipeline read answered with another pipeline fails, judging nothing', async () => {
    const given = failedAndGreen();
    given.pipelineAnswer = GREEN;
    const server = await startPipelineServer(listen, given);
    const result = await wait(server);
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(
        new RegExp(
          `pipeline/${PIPELINE_ID} returned an unusable answer: the answer is pipeline ${uuid(99)}, not ${PIPELINE_ID}`,
          'iu',
        ),
      ),
    ]);
    expect(server.seen.filter((r) => r.includes('/workflow'))).toEqual([]);
  });

  it('trigger-build with wait: never reports success for another pipeline than the one it started', async () => {
    // The trigger started pipeline #9 (it failed); reading it answers pipeline #7, green.
    const workflow = ship('success', [deployJob('success')]);
    const server = await startPipelineServer(listen, {
      pipeline: { id: PIPELINE_ID, number: 7, state: 'created' },
      workflows: [workflow],
      builds: new Map([[11, finishedBuild(11, 'deploy', workflow, 'success')]]),
      triggered: { id: uuid(50), number: 9 },
    });
    const result = await runAction('trigger-build', {
      inputs: {
        token: TOKEN,
        'base-url': server.base,
        'trigger-api': 'v2',
        wait: 'true',
        'poll-interval-seconds': '1',
      },
    });
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(new RegExp(`unusable answer.*pipeline ${PIPELINE_ID}, not ${uuid(50)}`, 'iu')),
    ]);
    expect(result.outputs['outcome']).not.toBe('success');
    expect(server.seen.filter((r) => r.includes('/workflow'))).toEqual([]);
  });

  it("a pipeline's workflow list that names another pipeline is unusable", async () => {
    const given = failedAndGreen();
    const green = ship('success', [deployJob('success')]);
    given.workflows = [green];
    given.builds = new Map([[11, finishedBuild(11, 'deploy', green, 'success')]]);
    given.rawWorkflows = [
      {
        id: green.id,
        name: green.name,
        status: 'success',
        pipeline_id: uuid(99),
        pipeline_number: 8,
        project_slug: SLUG,
        created_at: '2026-11-27T05:00:00Z',
        stopped_at: null,
      },
    ];
    const server = await startPipelineServer(listen, given);
    const result = await wait(server);
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(
        new RegExp(`unusable answer.*is of pipeline ${uuid(99)}, not ${PIPELINE_ID}`, 'iu'),
      ),
    ]);
    expect(result.outputs['outcome']).not.toBe('success');
  });
});

describe('a job read as a build carries the name and the workflow it was listed with', () => {
  it('v1.1: a build of another job or workflow is unusable', async () => {
    const workflow = ship('success', [deployJob('success')]);
    const server = await startPipelineServer(listen, {
      pipeline: { id: PIPELINE_ID, number: 7, state: 'created' },
      workflows: [workflow],
      // Build #11 is `deploy` of another workflow.
      builds: new Map([[11, finishedBuild(11, 'deploy', old, 'success')]]),
    });
    const result = await wait(server);
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(
        new RegExp(
          `unusable answer.*job #11 was listed as job deploy of workflow ${uuid(1)}, and the answer is job deploy of workflow ${uuid(9)}`,
          'iu',
        ),
      ),
    ]);
    expect(result.outputs['outcome']).not.toBe('success');
  });

  it('v1.1: a build without a job name or workflow is unusable', async () => {
    const workflow = ship('success', [deployJob('success')]);
    const bare = { ...finishedBuild(11, 'deploy', workflow, 'success'), workflows: null };
    const server = await startPipelineServer(listen, {
      pipeline: { id: PIPELINE_ID, number: 7, state: 'created' },
      workflows: [workflow],
      builds: new Map([[11, bare]]),
    });
    const result = await wait(server);
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(/unusable answer.*the answer is a job without a name of no workflow/iu),
    ]);
  });

  it.each([
    ['of another workflow', { latest_workflow: { id: uuid(9), name: 'nightly' } }, `of workflow ${uuid(9)}`],
    ['without latest_workflow', {}, 'of no workflow'],
    ['of another name', { name: 'build', latest_workflow: { id: uuid(1), name: 'ship' } }, 'job build of'],
  ])('v2 job details %s are unusable', async (_what, details, says) => {
    const workflow = ship('success', [deployJob('success')]);
    const server = await startPipelineServer(listen, {
      pipeline: { id: PIPELINE_ID, number: 7, state: 'created' },
      workflows: [workflow],
      builds: new Map(),
      jobDetails: new Map([[11, deploy11(details)]]),
    });
    const result = await wait(server, { 'project-slug': SLUG });
    expect(result.code).toBe(1);
    const [line, ...more] = errors(result);
    expect(more).toEqual([]);
    expect(line).toMatch(/unusable answer.*job #11 was listed as job deploy of workflow/iu);
    expect(line).toContain(says);
    expect(result.outputs['outcome']).not.toBe('success');
  });
});

describe("a workflow's job list holds its project's jobs", () => {
  it("a job list holding another project's job is unusable, and nothing is judged", async () => {
    const OTHER = 'primary-host/octo-org/other-repo';
    const workflow = ship('success', []);
    workflow.rawJobs = [
      {
        id: uuid(11),
        name: 'deploy',
        status: 'success',
        type: 'build',
        job_number: 11,
        project_slug: OTHER,
        dependencies: [],
        started_at: null,
        stopped_at: null,
      },
    ];
    const server = await startPipelineServer(listen, {
      pipeline: { id: PIPELINE_ID, number: 7, state: 'created' },
      workflows: [workflow],
      builds: new Map(),
      jobDetails: new Map([[11, deploy11({ latest_workflow: { id: workflow.id, name: workflow.name } })]]),
    });
    const result = await wait(server, { 'project-slug': SLUG, job: 'deploy' });
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(
        new RegExp(
          `/workflow/${workflow.id}/job returned an unusable answer: the list holds job deploy of project ` +
            `${OTHER}, not ${SLUG} of its workflow`,
          'u',
        ),
      ),
    ]);
    expect(result.outputs['outcome']).not.toBe('success');
  });

  it("a workflow of the pipeline that names another project is unusable, with that project's jobs", async () => {
    // The workflow and its jobs agree with each other, and name another project than their pipeline's.
    const OTHER = 'primary-host/octo-org/other-repo';
    const workflow = ship('success', [deployJob('success')]);
    workflow.rawJobs = [{ ...v2Job(deployJob('success')), project_slug: OTHER }];
    const script: Script = {
      pipeline: { id: PIPELINE_ID, number: 7, state: 'created' },
      workflows: [workflow],
      builds: new Map(),
      jobDetails: new Map([[11, deploy11({ latest_workflow: { id: workflow.id, name: workflow.name } })]]),
    };
    script.rawWorkflows = [{ ...v2Workflow(workflow, script), project_slug: OTHER }];
    const server = await startPipelineServer(listen, script);
    const result = await wait(server, { 'project-slug': SLUG, job: 'deploy' });
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(
        new RegExp(
          `/pipeline/${PIPELINE_ID}/workflow returned an unusable answer: the workflow ${workflow.id} is of ` +
            `project ${OTHER}, not ${SLUG} of its pipeline`,
          'u',
        ),
      ),
    ]);
    expect(result.outputs['outcome']).not.toBe('success');
    expect(server.seen.filter((r) => r.endsWith('/job'))).toEqual([]);
  });
});

describe("a job read by its number is the project's asked for", () => {
  const OTHER = 'primary-host/octo-org/other-repo';
  /** wait-for-build on build #11 of a project named by its slug: #11 passed, by what the answers say. */
  async function waitOnJob(details: Record<string, unknown>, pipelineSlug = SLUG): Promise<RunResult> {
    const workflow = ship('success', [deployJob('success')]);
    const server = await startPipelineServer(listen, {
      pipeline: { id: PIPELINE_ID, number: 7, state: 'created', project_slug: pipelineSlug },
      workflows: [workflow],
      builds: new Map(),
      jobDetails: new Map([
        [
          11,
          deploy11({
            latest_workflow: { id: workflow.id, name: workflow.name },
            project: { slug: SLUG, name: 'octo-repo' },
            ...details,
          }),
        ],
      ]),
    });
    return runAction('wait-for-build', {
      inputs: {
        token: TOKEN,
        'base-url': server.base,
        'project-slug': SLUG,
        'build-num': '11',
        'poll-interval-seconds': '1',
      },
    });
  }

  it('passes a job of the project, in its words for the same project (gh/…)', async () => {
    const result = await waitOnJob({ project: { slug: 'gh/octo-org/octo-repo' } }, 'gh/Octo-Org/octo-repo');
    expect(errors(result)).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.outputs['outcome']).toBe('success');
  });

  it("job details of another project's job are unusable, and nothing is judged", async () => {
    const result = await waitOnJob({ project: { slug: OTHER, name: 'other-repo' } });
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(
        new RegExp(`job/11 returned an unusable answer: .*job #11 of project ${OTHER}, not ${SLUG}`, 'iu'),
      ),
    ]);
    expect(result.outputs['outcome']).not.toBe('success');
  });

  it("a commit's pipeline that the project's list holds is the project's, or the list is unusable", async () => {
    const workflow = ship('success', [deployJob('success')]);
    const server = await startPipelineServer(listen, {
      pipeline: { id: PIPELINE_ID, number: 7, state: 'created', project_slug: OTHER },
      workflows: [workflow],
      builds: new Map(),
      jobDetails: new Map([[11, deploy11({ latest_workflow: { id: workflow.id, name: workflow.name } })]]),
    });
    const result = await runAction('wait-for-build', {
      inputs: {
        token: TOKEN,
        'base-url': server.base,
        'project-slug': SLUG,
        revision: REVISION,
        'settle-seconds': '0',
        'poll-interval-seconds': '1',
      },
    });
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(
        new RegExp(
          `unusable answer: the list holds pipeline #7 of project ${OTHER}, not ${SLUG} that was asked for`,
          'iu',
        ),
      ),
    ]);
    expect(result.outputs['outcome']).not.toBe('success');
  });

  it("a job whose pipeline is another project's is unusable, and nothing is judged", async () => {
    const result = await waitOnJob({}, OTHER);
    expect(result.code).toBe(1);
    expect(errors(result)).toEqual([
      expect.stringMatching(
        new RegExp(
          `unusable answer: .*pipeline ${PIPELINE_ID} of job #11 is of project ${OTHER}, not ${SLUG}`,
          'iu',
        ),
      ),
    ]);
    expect(result.outputs['outcome']).not.toBe('success');
  });
});
