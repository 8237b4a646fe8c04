// openService: one object per project that reads a project named by its triple through v1.1 and one named by its
// slug through v2, and gives the same jobs either way; a call with no v2 form is refused before anything is sent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type WorkflowSpec } from '../../emulator/index.ts';
import { ValidationError } from '../../src/common/errors.ts';
import { Transport } from '../../src/service/http/transport.ts';
import { openService, type Service } from '../../src/service/service.ts';
import { checkProjectSlug, type ProjectAddress } from '../../src/service/v1.ts';

const WORKFLOWS: WorkflowSpec[] = [
  {
    name: 'ship',
    jobs: [
      { name: 'build', runMs: 1, queuedMs: 1, artifacts: [{ path: 'dist/app.txt', size: 12 }] },
      { name: 'test', runMs: 1, queuedMs: 1, requires: ['build'], outcome: 'failed' },
    ],
  },
];
const REVISION = 'abcdef0123456789abcdef0123456789abcdef01';
const TRIPLE: ProjectAddress = { vcsType: 'primary-host', username: 'acme', project: 'widget' };
// The same project, named by its slug: the service reads it through v2 alone.
const SLUG = checkProjectSlug('project-slug', 'primary-host/acme/widget');

let emu: Emulator;
const transports: Transport[] = [];
beforeAll(async () => {
  emu = await startEmulator();
  emu.state.project('primary-host', 'acme', 'widget', { workflows: WORKFLOWS });
  emu.state.push('primary-host/acme/widget', {
    branch: 'main',
    revision: REVISION,
    subject: 'Ship it',
    at: emu.state.clock.now() - 3_600_000,
  });
});
afterAll(async () => {
  await Promise.all(transports.map((transport) => transport.close()));
  await emu.close();
});
beforeEach(() => emu.resetRequests());

function open(project: ProjectAddress): Service {
  const transport = new Transport({ baseUrl: emu.baseUrl, token: emu.token, retry: { baseDelayMs: 1 } });
  transports.push(transport);
  return openService({ transport, project });
}

/** What a job says of itself that both APIs know. */
const seen = (job: Awaited<ReturnType<Service['job']>>) => ({
  number: job.number,
  name: job.name,
  workflow: job.workflow.name,
  branch: job.branch,
  revision: job.revision,
  ended: job.ended,
  outcome: job.outcome,
  fork: job.fork,
});

describe('openService', () => {
  it('reads one job alike by triple (v1.1) and by slug (v2)', async () => {
    const byTriple = open(TRIPLE);
    const newest = await byTriple.jobs({ statusFilter: 'completed' }).next();
    expect(newest?.name).toBe('test');
    const number = newest?.number ?? 0;
    const [v1, v2] = [await byTriple.job(number), await open(SLUG).job(number)];
    expect(seen(v2)).toEqual(seen(v1));
    expect(seen(v1)).toMatchObject({ branch: 'main', revision: REVISION, outcome: 'failed', ended: true });
    const paths = emu.requests.map((r) => r.path);
    expect(paths).toContain(`/project/primary-host/acme/widget/${number}`);
    expect(paths).toContain(`/api/v2/project/primary-host/acme/widget/job/${number}`);
  });

  it('finds the newest matching job and its artifacts either way', async () => {
    for (const service of [open(TRIPLE), open(SLUG)]) {
      const found = await service.jobs({ statusFilter: 'successful', revision: REVISION.slice(0, 7) }).next();
      expect(found?.name).toBe('build');
      const artifacts = await service.artifacts(found?.number ?? 0);
      expect(artifacts.map((artifact) => artifact.path.replace(/^.*\/project\//u, ''))).toEqual([
        'dist/app.txt',
      ]);
    }
  });

  it('refuses a call with no v2 form for a slug, before anything is sent', async () => {
    const service = open(SLUG);
    expect(() => service.clearCache()).toThrow(ValidationError);
    expect(() => service.addSshKey('key')).toThrow(/adding an SSH key has no API v2 form/);
    expect(emu.requests).toEqual([]);
  });

  it("opens for no project, as approve's pipeline-id does, and reaches a pipeline by its id", async () => {
    // The placeholder triple of a step that names no project: no call about a project is made, none is checked.
    const service = open({ vcsType: 'primary-host', username: '', project: '' });
    const listed = await fetch(`${emu.origin}/api/v2/project/primary-host/acme/widget/pipeline`, {
      headers: { Authorization: emu.authorization },
    });
    const [pipeline] = ((await listed.json()) as { items: { id: string; number: number }[] }).items;
    expect(pipeline).toBeDefined();
    const head = await service.pipelineHead(pipeline?.id ?? '');
    expect(head).toMatchObject({
      id: pipeline?.id,
      number: pipeline?.number,
      branch: 'main',
      revision: REVISION,
    });
  });

  it('says whether a variable was there to delete, either way', async () => {
    for (const service of [open(TRIPLE), open(SLUG)]) {
      await service.setEnvVar('PRESENT', 'value');
      expect(await service.deleteEnvVar('PRESENT')).toBe(true);
      expect(await service.deleteEnvVar('ABSENT')).toBe(false);
    }
  });
});
