// The pipeline parameters trigger-build sends: with `github-context-params`, those the service's own trigger action
// sends (GHA_Actor, GHA_Action, GHA_Event, GHA_Meta), so a configuration written for it runs unchanged; and the v2
// trigger's limits (100 parameters, names of 128 characters, values of 512), refused before anything is sent,
// those the step adds counted too, while a build of v1.1 has no such limits. The committed bundles run as the
// runner runs them, against the emulator; none waits for a build.
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import type { ParameterSpec } from '../../emulator/model.ts';
import { runAction, type RunResult } from '../harness/runner.ts';
import { obeyedCommands, PROJECT } from './gating-helpers.ts';

let emulator: Emulator;
afterEach(async () => {
  await emulator.close();
});

const GHA = ['GHA_Actor', 'GHA_Action', 'GHA_Event', 'GHA_Meta'] as const;
/** The runner's variables of a manual run of a workflow, by a person, of a step with the id `trigger`. */
const RUNNER = { GITHUB_ACTOR: 'octocat', GITHUB_ACTION: 'trigger', GITHUB_EVENT_NAME: 'workflow_dispatch' };

/** A project whose configuration declares `names` (strings), as it must for a pipeline to take them. */
async function service(names: readonly string[] = []): Promise<void> {
  emulator = await startEmulator();
  const parameters: Record<string, ParameterSpec> = { deploy: { type: 'boolean' } };
  for (const name of [...GHA, ...names]) parameters[name] = { type: 'string' };
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, {
    pipelineSetupMs: 0,
    workflows: [{ name: 'ship', jobs: [{ name: 'build', runMs: 300, artifacts: [] }] }],
    parameters,
  });
}

const run = (action: string, inputs: Record<string, string>): Promise<RunResult> =>
  runAction(action, {
    inputs: { token: emulator.token, 'base-url': emulator.baseUrl, ...inputs },
    env: RUNNER,
  });
const trigger = (inputs: Record<string, string> = {}): Promise<RunResult> => run('trigger-build', inputs);

/** The parameters of the one pipeline trigger sent (undefined when it sent none). */
function sentParameters(): unknown {
  const posts = emulator.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/pipeline/run'));
  expect(posts).toHaveLength(1);
  return (posts[0]?.body as { parameters?: unknown }).parameters;
}

const commands = (result: RunResult, kind: string): string[] =>
  obeyedCommands(result.stdout).filter((l) => l.startsWith(`::${kind}::`));

describe('trigger-build with github-context-params', () => {
  it('sends GHA_Actor, GHA_Action, GHA_Event and GHA_Meta with the values the official action sends', async () => {
    await service();
    const result = await trigger({ 'github-context-params': 'true', 'github-meta': 'release 1.2.3' });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(sentParameters()).toEqual({
      GHA_Actor: 'octocat',
      GHA_Action: 'trigger',
      GHA_Event: 'workflow_dispatch',
      GHA_Meta: 'release 1.2.3',
    });
    expect(commands(result, 'warning')).toEqual([]);
  });

  it('sends no GHA_Meta without github-meta, and keeps the parameters of params beside the others', async () => {
    await service();
    const result = await trigger({ 'github-context-params': 'true', params: '{"deploy": true}' });
    expect(result.code).toBe(0);
    expect(sentParameters()).toEqual({
      GHA_Actor: 'octocat',
      GHA_Action: 'trigger',
      GHA_Event: 'workflow_dispatch',
      deploy: true,
    });
  });

  it('sends no GHA_ parameter without the input, github-meta included (with a warning that it is unused)', async () => {
    await service();
    const plain = await trigger({ params: '{"deploy": true}' });
    expect(plain.code).toBe(0);
    expect(sentParameters()).toEqual({ deploy: true });
    emulator.resetRequests();
    const meta = await trigger({ 'github-meta': 'x' });
    expect(meta.code).toBe(0);
    expect(sentParameters()).toBeUndefined();
    expect(commands(meta, 'warning')).toEqual([
      '::warning::github-meta is given but not sent: it is sent only with github-context-params: true',
    ]);
  });

  it("lets the user's own params win on a clash, with a warning naming the parameter", async () => {
    await service();
    const result = await trigger({ 'github-context-params': 'true', params: 'GHA_Event=nightly' });
    expect(result.code).toBe(0);
    expect(sentParameters()).toMatchObject({ GHA_Actor: 'octocat', GHA_Event: 'nightly' });
    const warnings = commands(result, 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('GHA_Event');
  });
});

/** `count` parameters `p1`…, as a JSON object. */
const many = (count: number, value = 'x'): Record<string, string> =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i + 1}`, value]));
const names = (count: number): string[] => Object.keys(many(count));

describe("the v2 trigger's limits on pipeline parameters", () => {
  const LONG_NAME = `k${'e'.repeat(127)}`;

  it('sends 100 parameters, a name of 128 characters and a value of 512', async () => {
    await service([...names(98), LONG_NAME]);
    const params = { ...many(98), [LONG_NAME]: 'v'.repeat(512) };
    expect(Object.keys(params)).toHaveLength(99);
    const result = await trigger({ params: JSON.stringify({ ...params, deploy: true }) });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    expect(Object.keys(sentParameters() as object)).toHaveLength(100);
  });

  it.each([
    ['101 parameters', { ...many(100), deploy: true }, 'at most 100 parameters', '101 parameters are given'],
    [
      'a name of 129 characters',
      { [`k${'e'.repeat(128)}`]: 'x' },
      'names of at most 128 characters',
      'has 129',
    ],
    [
      'a value of 513 characters',
      { p1: 'v'.repeat(513) },
      'values of at most 512 characters',
      '513 characters',
    ],
  ])('refuses %s naming params and the limit, with nothing sent', async (_, params, limit, detail) => {
    await service(names(100));
    const result = await trigger({ params: JSON.stringify(params) });
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(/^::error::params: /u);
    expect(result.errors[0]).toContain(limit);
    expect(result.errors[0]).toContain(detail);
    expect(emulator.requests).toEqual([]);
  });

  it('counts the parameters github-context-params adds', async () => {
    await service(names(97));
    const given = { params: JSON.stringify(many(97)) };
    const alone = await trigger(given);
    expect(alone.code).toBe(0);
    emulator.resetRequests();
    // 97 of params, then GHA_Actor, GHA_Action, GHA_Event and GHA_Meta: 101.
    const added = await trigger({ ...given, 'github-context-params': 'true', 'github-meta': 'm' });
    expect(added.code).toBe(1);
    expect(added.errors).toEqual([
      expect.stringMatching(/^::error::params: 101 parameters are given; .*at most 100/u),
    ]);
    expect(emulator.requests).toEqual([]);
  });

  it('holds the general action to them too', async () => {
    await service();
    const result = await run('general', {
      command: 'trigger',
      params: JSON.stringify({ p1: 'v'.repeat(600) }),
    });
    expect(result.code).toBe(1);
    expect(result.errors).toEqual([expect.stringContaining('values of at most 512 characters')]);
    expect(emulator.requests).toEqual([]);
  });

  it('leaves the build parameters of v1.1 alone: a value of 600 characters is sent', async () => {
    await service();
    const value = 'v'.repeat(600);
    const result = await trigger({ 'trigger-api': 'v1.1', params: JSON.stringify({ NOTE: value }) });
    expect(result.errors).toEqual([]);
    expect(result.code).toBe(0);
    const [post] = emulator.requests.filter((r) => r.method === 'POST');
    expect(post?.body).toMatchObject({ build_parameters: { NOTE: value } });
  });
});
