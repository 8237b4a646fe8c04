import { checkSegment } from '../../service/validate.ts';
import { checkSshKey } from '../../service/ssh.ts';
import { runAction, type ActionContext, type ActionSpec } from '../../runner/run.ts';
import { appendSummary } from '../../runner/summary.ts';
import { mdSafe } from '../../runner/text.ts';

export const spec = {
  name: 'add-ssh-key',
  inputs: ['ssh-key', 'hostname'],
  outputs: ['fingerprint', 'hostname'],
} as const satisfies ActionSpec;

export async function addSshKey(ctx: ActionContext): Promise<void> {
  const raw = ctx.inputs.secret('ssh-key', {
    required: true,
    hint: 'an unencrypted RSA private key, e.g. ssh-key: ${{ secrets.DEPLOY_KEY }}',
  });
  const key = checkSshKey('ssh-key', raw);
  const host = ctx.inputs.optional('hostname');
  if (host !== undefined) checkSegment('hostname', host, 'a host name');

  const { service } = ctx.connect();
  await service.addSshKey(key.privateKey, host);
  ctx.info(`Added the SSH key ${key.fingerprint}${host ? ` for ${host}` : ' for all hosts'}`);
  ctx.setOutput('fingerprint', key.fingerprint);
  ctx.setOutput('hostname', host ?? '');
  await appendSummary(
    ctx.io,
    `Added the SSH key \`${key.fingerprint}\` to **${mdSafe(service.name)}**` +
      (host ? ` for \`${mdSafe(host)}\`` : ' for all hosts'),
  );
}

export function run(): Promise<void> {
  return runAction(spec, addSshKey);
}
