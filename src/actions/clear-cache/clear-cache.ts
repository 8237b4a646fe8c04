import { runAction, type ActionContext, type ActionSpec } from '../../runner/run.ts';
import { appendSummary } from '../../runner/summary.ts';
import { mdSafe } from '../../runner/text.ts';

export const spec = {
  name: 'clear-cache',
  inputs: [],
  outputs: ['message'],
} as const satisfies ActionSpec;

export async function clearCache(ctx: ActionContext): Promise<void> {
  const { service } = ctx.connect();
  const answer = await service.clearCache();
  const message = answer.status ?? answer.message ?? JSON.stringify(answer);
  ctx.info(`Cleared the build cache of ${service.name}: ${message}`);
  ctx.setOutput('message', message);
  await appendSummary(ctx.io, `Cleared the build cache of **${mdSafe(service.name)}**: ${mdSafe(message)}`);
}

export function run(): Promise<void> {
  return runAction(spec, clearCache);
}
