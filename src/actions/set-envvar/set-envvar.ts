import { projectName, type Client, type ProjectRef, type SlugProject } from '../../api/client.ts';
import { ApiError, ValidationError } from '../../api/errors.ts';
import { ProjectsV2 } from '../../api/pipelines.ts';
import { checkEnvName } from '../../api/validate.ts';
import { runAction, type ActionContext, type ActionSpec } from '../../runner/run.ts';
import { headerRow } from '../../runner/summary.ts';
import { htmlSafe } from '../../runner/text.ts';

export const spec = {
  name: 'set-envvar',
  inputs: ['name', 'value', 'variables', 'delete'],
  outputs: ['set', 'deleted'],
} as const satisfies ActionSpec;

/** Sets one or many environment variables of the project, and deletes others, in one step. */
export async function setEnvvar(ctx: ActionContext): Promise<void> {
  const { inputs } = ctx;
  // Values are masked first, before any check below can print a line that holds one.
  const value = inputs.secret('value');
  const variables = inputs.assignments('variables', { secret: true });
  const name = inputs.optional('name');
  const toDelete = inputs.lines('delete');

  if (name === undefined && value !== undefined) {
    throw new ValidationError(
      'name',
      "give the variable's name with value (or use variables: NAME=value lines)",
      undefined,
      'missing',
    );
  }
  const toSet = new Map<string, string>();
  if (name !== undefined) {
    checkEnvName('name', name);
    if (value === undefined)
      throw new ValidationError('value', `a value is required with name '${name}'`, undefined, 'missing');
    toSet.set(name, value);
  }
  for (const [key, v] of variables) {
    if (toSet.has(key))
      throw new ValidationError('variables', 'each name once', undefined, `'${key}' is also given as name`);
    toSet.set(key, v);
  }
  for (const key of toDelete) {
    checkEnvName('delete', key);
    if (toSet.has(key))
      throw new ValidationError(
        'delete',
        'a name is either set or deleted',
        undefined,
        `'${key}' is both set and deleted`,
      );
  }
  if (toSet.size === 0 && toDelete.length === 0) {
    throw new ValidationError(
      'name',
      'give at least one of name (with value), variables or delete',
      undefined,
      'nothing to do',
    );
  }

  const { client, transport, project } = ctx.connect({ acceptSlug: true });
  const store =
    'slug' in project ? v2Variables(new ProjectsV2(transport), project) : v1Variables(client, project);
  const set: string[] = [];
  const deleted: string[] = [];
  const absent: string[] = [];
  try {
    for (const [key, v] of toSet) {
      await store.add(key, v);
      set.push(key);
      ctx.info(`Set ${key}`);
    }
    for (const key of toDelete) {
      if (await store.remove(key)) {
        deleted.push(key);
        ctx.info(`Deleted ${key}`);
      } else {
        absent.push(key);
        ctx.io.warning(`${key} was not deleted: the project has no such variable`);
      }
    }
  } finally {
    // What was done is reported even when a later call fails.
    ctx.setOutput('set', set);
    ctx.setOutput('deleted', deleted);
    const rows = [
      ...set.map((k) => [k, 'set']),
      ...deleted.map((k) => [k, 'deleted']),
      ...absent.map((k) => [k, 'not found, nothing deleted']),
    ];
    if (rows.length > 0) {
      await ctx.io.summary
        .addRaw(`Environment variables of **${htmlSafe(projectName(project))}**`, true)
        .addTable([
          headerRow('Name', 'Change'),
          ...rows.map(([k, c]) => [`<code>${htmlSafe(k ?? '')}</code>`, c ?? '']),
        ])
        .write();
    }
  }
}

/** A project's variables: `remove` answers false when the project has no such variable. */
interface Variables {
  add(name: string, value: string): Promise<unknown>;
  remove(name: string): Promise<boolean>;
}

function v1Variables(client: Client, project: ProjectRef): Variables {
  return {
    add: (name, value) => client.addEnvVar(project, name, value),
    remove: async (name) => {
      try {
        await client.deleteEnvVar(project, name);
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404 && /env var/i.test(error.serverMessage))
          return false;
        throw error;
      }
    },
  };
}

/** A project named by its slug, through API v2 alone (docs/v2.md): one list says which variables exist. */
function v2Variables(api: ProjectsV2, project: SlugProject): Variables {
  let existing: Promise<Set<string>> | undefined;
  return {
    add: (name, value) => api.addEnvVar(project, name, value),
    remove: async (name) => {
      existing ??= api.envVars(project).then((list) => new Set(list.map((variable) => variable.name)));
      if (!(await existing).has(name)) return false;
      await api.deleteEnvVar(project, name);
      return true;
    },
  };
}

/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
export function run(): Promise<void> {
  return runAction(spec, setEnvvar);
}
