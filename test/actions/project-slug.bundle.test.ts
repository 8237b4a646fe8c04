// Projects named by their API v2 slug (docs/v2.md), run from the committed bundles against the emulator: every
// call goes below /api/v2 with the slug's segments as given, and calls without a v2 form are refused before
// anything is sent. The rest of the commands, and a server answering as the real service does, are in
// project-slug.slow.test.ts.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type WorkflowSpec } from '../../emulator/index.ts';
import { runAction } from '../harness/runner.ts';

let emu: Emulator;
const SLUG = 'app/7c1e2b90-3d4f-4a5b-8c6d-0e1f2a3b4c5d/2d9e8f70-6a5b-4c3d-9e2f-1a0b9c8d7e6f';
const WORKFLOWS: WorkflowSpec[] = [{ name: 'ship', jobs: [{ name: 'build', runMs: 1, queuedMs: 1 }] }];
const common = (): Record<string, string> => ({
  token: emu.token,
  'base-url': emu.baseUrl,
  'project-slug': SLUG,
});
const paths = (): string[] => emu.requests.map((q) => `${q.method} ${q.path}`);

beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(() => emu.close());
beforeEach(() => {
  emu.state.slugProject(SLUG, { workflows: WORKFLOWS });
  emu.resetRequests();
});

describe('a project named by its slug', () => {
  it('set-envvar sets and deletes through v2 alone', async () => {
    emu.state.setEnvvar(SLUG, 'OLD_ONE', 'x');
    const r = await runAction('set-envvar', {
      inputs: { ...common(), name: 'API_TOKEN', value: 'one-Secret-Value', delete: 'OLD_ONE\nNEVER_THERE' },
    });
    expect(r.errors).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.outputs).toEqual({ set: '["API_TOKEN"]', deleted: '["OLD_ONE"]' });
    expect(emu.state.envvars(SLUG)).toEqual({ API_TOKEN: 'one-Secret-Value' });
    expect(r.stdout).toMatch(/::warning::NEVER_THERE was not deleted/);
    expect(paths()).toEqual([
      `POST /api/v2/project/${SLUG}/envvar`,
      `GET /api/v2/project/${SLUG}/envvar`,
      `DELETE /api/v2/project/${SLUG}/envvar/OLD_ONE`,
    ]);
    expect(emu.requests[0]?.body).toEqual({ name: 'API_TOKEN', value: 'one-Secret-Value' });
    expect(r.summary).toContain(`Environment variables of **${SLUG}**`);
  });

  it("the general action's build reads the job's details", async () => {
    const pipeline = emu.state.triggerPipeline(SLUG, { branch: 'main' });
    const job = emu.state.pipelineWorkflows(String(pipeline['id']))?.[0];
    const number = emu.state.workflowJobs(job?.id ?? '')?.[0]?.job_number ?? 0;
    emu.resetRequests();
    const r = await runAction('general', {
      inputs: { ...common(), command: 'build', 'build-num': String(number) },
    });
    expect(r.errors).toEqual([]);
    expect(JSON.parse(r.outputs['result'] ?? '')).toMatchObject({
      number,
      name: 'build',
      project: { slug: SLUG },
    });
    expect(paths()).toEqual([`GET /api/v2/project/${SLUG}/job/${number}`]);
  });

  it('add-ssh-key says it has no v2 form, sending nothing', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const r = await runAction('add-ssh-key', { inputs: { ...common(), 'ssh-key': key } });
    expect(r.code).toBe(1);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/^::error::project-slug: .*adding an SSH key has no API v2 form/);
    expect(emu.requests).toEqual([]);
  });

  it('clear-cache says it has no v2 form, sending nothing', async () => {
    const r = await runAction('clear-cache', { inputs: common() });
    expect(r.code).toBe(1);
    expect(r.errors).toEqual([
      '::error::project-slug: clearing the build cache has no API v2 form, so a project named by its slug cannot be reached; name the project by vcs-type, username and project',
    ]);
    expect(emu.requests).toEqual([]);
  });
});
