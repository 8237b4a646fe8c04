// The general action: any endpoint of the spec, named by `command`. Each command is data: the inputs it
// takes, which of them it needs, and the call it makes.
import type { Client, ProjectAddress, ProjectRef, SlugProject } from '../../service/v1.ts';
import { ValidationError } from '../../common/errors.ts';
import { UnusableAnswerError } from '../../service/http/errors.ts';
import { PipelineErroredError } from '../../service/pipeline-builds.ts';
import type { V2Client } from '../../service/v2.ts';
import {
  ARTIFACT_STATUS_FILTERS,
  BUILD_STATUS_FILTERS,
  CHECKOUT_KEY_TYPES,
  type ArtifactStatusFilter,
  type BuildStatusFilter,
} from '../../service/records.ts';
import { definedOnly } from '../../common/values.ts';
import { checkSshKey } from '../../service/ssh.ts';
import { checkEnvName, checkRevisionOrTag, checkSegment } from '../../service/validate.ts';
import type { Inputs } from '../../runner/inputs.ts';
import { runAction, type ActionContext, type ActionSpec, type Connection } from '../../runner/run.ts';
import {
  checkTriggerInputs,
  confirmPipeline,
  readTriggerApi,
  triggerApiReplacement,
  type TriggerRequest,
} from '../../runner/trigger-api.ts';
import { appendSummary } from '../../runner/summary.ts';
import { logSafe, mdSafe } from '../../runner/text.ts';
import { triggerRefOf } from '../../runner/workflow.ts';
import { describeResult } from './report.ts';

/** A parameter given that may be empty, checked as a path segment when it is not. */
function segment(inputs: Inputs, name: string, what?: string): string | undefined {
  const value = inputs.optional(name);
  return value === undefined ? undefined : checkSegment(name, value, what);
}

/** How each parameter is read and checked; the secrets come first, so that they are masked before the rest. */
const READ = {
  value: (i) => i.secret('value', { required: true }),
  apikey: (i) => i.secret('apikey', { required: true }),
  'ssh-key': (i) => checkSshKey('ssh-key', i.secret('ssh-key', { required: true })).privateKey,
  'build-num': (i, command) => {
    const num = i.integer('build-num', 1, Number.MAX_SAFE_INTEGER);
    if (num !== undefined) return num;
    const allowed = `a value is required by command '${command}': a build number, 1 or more`;
    throw new ValidationError('build-num', allowed, undefined, 'missing');
  },
  limit: (i) => i.integer('limit', 1, 100),
  offset: (i) => i.integer('offset', 0, Number.MAX_SAFE_INTEGER),
  revision: (i) => i.optional('revision'),
  tag: (i) => i.optional('tag'),
  parallel: (i) => i.integer('parallel', 1, Number.MAX_SAFE_INTEGER),
  params: (i) => i.params('params'),
  ssh: (i) => i.boolean('ssh', false),
  name: (i) => checkEnvName('name', i.required('name')),
  fingerprint: (i) => checkSegment('fingerprint', i.required('fingerprint')),
  'all-pages': (i) => i.boolean('all-pages', false),
  'trigger-api': (i) => readTriggerApi(i),
  // Checked against the command's own list (builds and latest artifacts differ).
  'status-filter': (i, command) =>
    i.oneOf<string>(
      'status-filter',
      command === 'latest-artifacts' ? ARTIFACT_STATUS_FILTERS : BUILD_STATUS_FILTERS,
      '',
    ) || undefined,
  'key-type': (i) => i.oneOf('key-type', CHECKOUT_KEY_TYPES, 'deploy-key'),
  branch: (i) => segment(i, 'branch'),
  hostname: (i) => segment(i, 'hostname', 'a host name'),
  'definition-id': (i) => segment(i, 'definition-id', 'a pipeline definition id'),
} satisfies Record<string, (inputs: Inputs, command: string) => unknown>;
type Parameter = keyof typeof READ;
const PARAMETERS = Object.keys(READ) as Parameter[];

export const spec = {
  name: 'general',
  inputs: ['command', ...PARAMETERS],
  outputs: ['result'],
  replacement: triggerApiReplacement,
} as const satisfies ActionSpec;

type Args = { [P in Parameter]: ReturnType<(typeof READ)[P]> } & {
  ctx: ActionContext;
  connection: Connection<ProjectAddress>;
};

interface Command {
  takes: readonly Parameter[];
  /** False for the user-level calls that address no project. */
  project?: false;
  warning?: string;
  call(client: Client, p: ProjectRef, a: Args): Promise<unknown>;
  /** The call through API v2, for a project named by its slug; without it, the command has no v2 form. */
  v2?(api: V2Client, p: SlugProject, a: Args): Promise<unknown>;
}

/** The job a build number names, in its workflow (API v2), for a rerun of that job alone. */
async function rerunJob(api: V2Client, p: SlugProject, a: Args): Promise<unknown> {
  // Nothing was sent yet: a project named by its slug has no v1.1 retry.
  checkTriggerInputs(a['trigger-api'], { branch: '' }, true);
  const num = a['build-num'];
  const workflowId = (await api.job(p, num)).latest_workflow?.id;
  if (typeof workflowId !== 'string')
    throw new UnusableAnswerError('GET', `v2 job #${num}`, 'the job names no workflow to rerun');
  const found = (await api.jobs({ id: workflowId, project_slug: p.slug })).find(
    (job) => job.job_number === num,
  );
  if (found === undefined) {
    const path = `v2 /workflow/${workflowId}/job`;
    throw new UnusableAnswerError('GET', path, `job #${num} is not among the jobs of its workflow`);
  }
  return api.rerun(workflowId, { jobs: [found.id], ...definedOnly({ enableSsh: a.ssh || undefined }) });
}

/** The new build of a v1.1 retry, or the rerun of the build's job through its workflow (API v2). */
async function rerun(a: Args, options: { ssh: boolean; noCache?: boolean }): Promise<unknown> {
  const done = await a.connection.service.rerun(a['trigger-api'], a['build-num'], options);
  if (done.api === 'v1.1') return done.build;
  a.connection.transport.log(
    'info',
    `Reran build #${a['build-num']}'s job through its workflow (API v2): new workflow ${done.rerun.workflow_id}`,
  );
  return done.rerun;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const page = (a: Args) => definedOnly({ limit: a.limit, offset: a.offset });

/** The names of an API's calls about one build, named by its number. */
type OfBuild<Api, P> = {
  [K in keyof Api]: Api[K] extends (p: P, num: number) => Promise<unknown> ? K : never;
}[keyof Api];

function ofBuild(call: OfBuild<Client, ProjectRef>, v2?: OfBuild<V2Client, SlugProject>): Command {
  return {
    takes: ['build-num'],
    call: (c, p, a) => c[call](p, a['build-num']),
    ...(v2 && { v2: (api, p, a) => api[v2](p, a['build-num']) }),
  };
}

export const COMMANDS: Record<string, Command> = {
  me: { takes: [], project: false, call: (c) => c.me() },
  projects: { takes: [], project: false, call: (c) => c.projects() },
  'recent-builds': {
    takes: ['limit', 'offset', 'all-pages'],
    project: false,
    call: (c, _p, a) => (a['all-pages'] ? collect(c.allRecentBuilds(page(a))) : c.recentBuilds(page(a))),
  },
  'add-platform-key': { takes: ['apikey'], project: false, call: (c, _p, a) => c.addPlatformKey(a.apikey) },
  follow: { takes: [], call: (c, p) => c.follow(p) },
  builds: {
    takes: ['limit', 'offset', 'status-filter', 'branch', 'all-pages'],
    call: (c, p, a) => {
      const filter = a['status-filter'] as BuildStatusFilter | undefined;
      const query = { ...page(a), ...definedOnly({ branch: a.branch, statusFilter: filter }) };
      return a['all-pages'] ? collect(c.allBuilds(p, query)) : c.builds(p, query);
    },
  },
  // The service's trigger takes either kind of project: a slug's only through its pipeline trigger.
  trigger: {
    takes: ['branch', 'revision', 'tag', 'parallel', 'params', 'trigger-api', 'definition-id'],
    call: (_c, _p, a) => trigger(a),
    v2: (_api, _p, a) => trigger(a),
  },
  build: ofBuild('build', 'job'),
  retry: {
    takes: ['build-num', 'ssh', 'trigger-api'],
    call: (_c, _p, a) => rerun(a, { ssh: a.ssh }),
    v2: rerunJob,
  },
  'retry-no-cache': {
    takes: ['build-num', 'trigger-api'],
    warning:
      'retry-no-cache uses an undocumented, unsupported use of the retry endpoint; the service may change or remove it at any moment',
    call: (_c, _p, a) => rerun(a, { ssh: false, noCache: true }),
  },
  cancel: ofBuild('cancel', 'cancelJob'),
  'add-ssh-user': ofBuild('addSshUser'),
  artifacts: ofBuild('artifacts', 'artifacts'),
  'latest-artifacts': {
    takes: ['branch', 'status-filter'],
    call: async (c, p, a) => {
      const latest = await c.latestArtifacts(p, {
        statusFilter: (a['status-filter'] ?? 'completed') as ArtifactStatusFilter,
        ...definedOnly({ branch: a.branch }),
      });
      // The service answers 404 for a build without artifacts: an empty list here.
      return latest.found ? latest.artifacts : [];
    },
  },
  tests: ofBuild('tests', 'tests'),
  'clear-cache': { takes: [], call: (c, p) => c.clearCache(p) },
  'list-envvars': { takes: [], call: (c, p) => c.listEnvVars(p), v2: (api, p) => api.envVars(p) },
  'get-envvar': {
    takes: ['name'],
    call: (c, p, a) => c.getEnvVar(p, a.name),
    // v2 has no call for one variable: the list holds it.
    v2: async (api, p, a) => {
      const found = (await api.envVars(p)).find((variable) => variable.name === a.name);
      if (found === undefined)
        throw new ValidationError(
          'name',
          'the name of a variable of the project',
          a.name,
          'no such variable',
        );
      return found;
    },
  },
  'add-envvar': {
    takes: ['name', 'value'],
    call: (c, p, a) => c.addEnvVar(p, a.name, a.value),
    v2: (api, p, a) => api.addEnvVar(p, a.name, a.value),
  },
  'delete-envvar': {
    takes: ['name'],
    call: (c, p, a) => c.deleteEnvVar(p, a.name),
    v2: (api, p, a) => api.deleteEnvVar(p, a.name),
  },
  'list-checkout-keys': { takes: [], call: (c, p) => c.listCheckoutKeys(p) },
  'get-checkout-key': { takes: ['fingerprint'], call: (c, p, a) => c.getCheckoutKey(p, a.fingerprint) },
  'create-checkout-key': {
    takes: ['key-type'],
    call: (c, p, a) => c.createCheckoutKey(p, a['key-type']),
  },
  'delete-checkout-key': { takes: ['fingerprint'], call: (c, p, a) => c.deleteCheckoutKey(p, a.fingerprint) },
  'add-ssh-key': {
    takes: ['ssh-key', 'hostname'],
    call: (c, p, a) => c.addSshKey(p, a['ssh-key'], a.hostname),
  },
};

/** Reads the inputs a command takes, checking each; inputs it does not take must be empty. */
function readArgs(ctx: ActionContext, command: string, takes: readonly Parameter[]) {
  const { inputs } = ctx;
  const args: Partial<Record<Parameter, unknown>> = {};
  for (const p of PARAMETERS) {
    // all-pages is read for every command, to say where it has no effect.
    if (takes.includes(p) || p === 'all-pages') args[p] = READ[p](inputs, command);
    // trigger-api has a default, which the runner passes to every command.
    else if (p !== 'trigger-api' && inputs.raw(p) !== '') {
      const allowed = takes.length
        ? `it takes ${takes.map((t) => `'${t}'`).join(', ')}`
        : 'it takes no parameters';
      throw new ValidationError(
        p,
        `leave it out for command '${command}': ${allowed}`,
        undefined,
        `not used by '${command}'`,
      );
    }
  }
  const checked = { ...args, ctx } as Omit<Args, 'connection'>;
  checkRevisionOrTag('revision', checked.revision, 'tag', checked.tag);
  if (command === 'trigger') checkTriggerInputs(checked['trigger-api'], triggerRequest(checked));
  return checked;
}

function triggerRequest(a: Omit<Args, 'connection'>): TriggerRequest {
  // What the service builds for the workflow's event, as trigger-build does: the tag of a tag push or a release,
  // `pull/<number>/head` for a fork's pull request or a comment on one; given inputs win.
  const { branch, tag, revision } = triggerRefOf(a, a.ctx.env);
  const { parallel, params, 'definition-id': definitionId } = a;
  return { branch, ...definedOnly({ revision, tag, parallel, params, definitionId }) };
}

/** A build, or a pipeline read until set up (docs/sunset.md), whose record an errored one still sets as result. */
async function trigger(a: Args): Promise<unknown> {
  const started = await a.connection.service.trigger(a['trigger-api'], triggerRequest(a));
  if (started.api === 'v1.1') return started.result.build;
  if (started.api === 'none') {
    a.ctx.io.warning(logSafe(`The service triggered no pipeline: ${started.message}`));
    return { message: started.message };
  }
  try {
    return await confirmPipeline(a.ctx, a.connection.service, started.pipeline);
  } catch (error) {
    if (error instanceof PipelineErroredError) a.ctx.setOutput('result', JSON.stringify(error.cause));
    throw error;
  }
}

export async function general(ctx: ActionContext): Promise<void> {
  const name = ctx.inputs.required('command', `one of ${Object.keys(COMMANDS).join(', ')}`);
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) throw new ValidationError('command', `allowed: ${Object.keys(COMMANDS).join(', ')}`, name);
  const read = readArgs(ctx, name, command.takes);
  if (read['all-pages'] && !command.takes.includes('all-pages'))
    ctx.io.warning(`all-pages has no effect on '${name}': it answers in one piece`);
  if (command.warning) ctx.io.warning(command.warning);
  const { v2 } = command;
  // Commands about no project take no project either way; the others need a v2 form for a slug.
  const connection = ctx.connect({ needsProject: command.project !== false });
  const args = { ...read, connection };
  const result = await connection.service.either(`command '${name}'`, {
    v1: (client, project) => command.call(client, project, args),
    v2: v2 && ((api, project) => v2(api, project, args)),
  });
  ctx.setOutput('result', JSON.stringify(result ?? null));
  const what = describeResult(name, result);
  ctx.info(`${name}: ${what}`);
  await appendSummary(ctx.io, `\`${name}\`: ${mdSafe(what, 1000)}`);
}

export function run(): Promise<void> {
  return runAction(spec, general);
}
