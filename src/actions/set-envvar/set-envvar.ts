import { ValidationError } from '../../common/errors.ts';
import { checkEnvName } from '../../service/validate.ts';
import { runAction, type ActionContext, type ActionSpec } from '../../runner/run.ts';
import { appendSummary, headerRow } from '../../runner/summary.ts';
import { htmlSafe } from '../../runner/text.ts';

export const spec = {
  name: 'set-envvar',
  inputs: ['name', 'value', 'variables', 'delete'],
  outputs: ['set', 'deleted'],
} as const satisfies ActionSpec;

export async function setEnvvar(ctx: ActionContext): Promise<void> {
  const { inputs } = ctx;
  // Values are masked first, before any check below can print a line that holds one.
  const value = inputs.secret('value');
  const variables = inputs.assignments('variables', { secret: true });
  const name = inputs.optional('name');
  const toDelete = inputs.lines('delete');

  const refuse = (input: string, allowed: string, problem: string): ValidationError =>
    new ValidationError(input, allowed, undefined, problem);
  if (name === undefined && value !== undefined)
    throw refuse(
      'name',
      "give the variable's name with value (or use variables: NAME=value lines)",
      'missing',
    );
  const toSet = new Map<string, string>();
  if (name !== undefined) {
    checkEnvName('name', name);
    if (value === undefined) throw refuse('value', `a value is required with name '${name}'`, 'missing');
    toSet.set(name, value);
  }
  for (const [key, v] of variables) {
    if (toSet.has(key)) throw refuse('variables', 'each name once', `'${key}' is also given as name`);
    toSet.set(key, v);
  }
  for (const key of toDelete) {
    checkEnvName('delete', key);
    if (toSet.has(key))
      throw refuse('delete', 'a name is either set or deleted', `'${key}' is both set and deleted`);
  }
  if (toSet.size === 0 && toDelete.length === 0)
    throw refuse('name', 'give at least one of name (with value), variables or delete', 'nothing to do');

  const { service } = ctx.connect();
  const done: [name: string, change: string][] = [];
  try {
    for (const [key, v] of toSet) {
      await service.setEnvVar(key, v);
      done.push([key, 'set']);
      ctx.info(`Set ${key}`);
    }
    for (const key of toDelete) {
      const found = await service.deleteEnvVar(key);
      done.push([key, found ? 'deleted' : 'not found, nothing deleted']);
      if (found) ctx.info(`Deleted ${key}`);
      else ctx.io.warning(`${key} was not deleted: the project has no such variable`);
    }
  } finally {
    // What was done is reported even when a later call fails.
    const names = (change: string): string[] => done.flatMap(([k, c]) => (c === change ? [k] : []));
    ctx.setOutput('set', names('set'));
    ctx.setOutput('deleted', names('deleted'));
    if (done.length > 0) {
      ctx.io.summary
        .addRaw(`Environment variables of **${htmlSafe(service.name)}**`, true)
        .addTable([headerRow('Name', 'Change'), ...done.map(([k, c]) => [`<code>${htmlSafe(k)}</code>`, c])]);
      await appendSummary(ctx.io, '');
    }
  }
}

export function run(): Promise<void> {
  return runAction(spec, setEnvvar);
}
