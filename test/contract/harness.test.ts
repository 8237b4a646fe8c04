// The contract check as every bundle test gets it (test/contract/setup.ts): a committed bundle runs against the
// emulator, and an answer of the emulator that lacks a field the reference requires fails the check. Here the
// break is planted on purpose, and the test takes the exchanges itself to see the check's verdict.
import { afterEach, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runAction } from '../harness/runner.ts';
import { contractError } from './check.ts';
import { takeExchanges } from './exchanges.ts';

const SLUG = 'app/5f1c0a2e-0000-4000-a000-000000000001/9b7d3e41-1111-4111-a111-111111111111';

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

/** trigger-build on a slug project, without waiting: it reads the project's pipelines, then triggers. */
async function trigger(plantBreak: boolean): Promise<Error | undefined> {
  emulator = await startEmulator();
  emulator.state.slugProject(SLUG, { pipelineSetupMs: 0 });
  emulator.state.push(SLUG, { branch: 'main' });
  if (plantBreak) {
    // The break: the pipeline list's records lose project_slug, as the emulator's did before issue 40.
    const state = emulator.state;
    const pipelines = state.pipelines.bind(state);
    state.pipelines = (ref) =>
      pipelines(ref).map((record) => {
        const { project_slug: _, ...rest } = record;
        return rest;
      });
  }
  const result = await runAction('trigger-build', {
    inputs: {
      token: emulator.token,
      'base-url': emulator.baseUrl,
      'project-slug': SLUG,
      branch: 'main',
      wait: 'false',
    },
  });
  expect(result.errors).toEqual([]);
  expect(result.code).toBe(0);
  const { exchanges, bundleRan } = takeExchanges();
  expect(bundleRan).toBe(true);
  expect(exchanges.map((e) => `${e.method} ${e.status}`).slice(0, 2)).toEqual(['GET 200', 'POST 201']);
  return contractError(exchanges);
}

it('passes a bundle run whose exchanges keep the reference', async () => {
  expect(await trigger(false)).toBeUndefined();
});

it('fails a bundle run when an answer of the emulator lacks a field the reference requires', async () => {
  const error = await trigger(true);
  expect(error?.message).toMatch(
    /^1 API v2 exchange\(s\) break the service's reference \(test\/contract\/v2-reference\.json\):\n {2}- GET \/project\/app\/.+\/pipeline \(listPipelinesForProject\): the 200 answer breaks its schema: \/items\/0 must have required property 'project_slug'$/u,
  );
});
