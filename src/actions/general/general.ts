// The general action: any endpoint of the spec, named by `command`. Each command is data: the inputs it
// takes, which of them it needs, and the call it makes.
import type { Client, ProjectRef, SlugProject } from '../../api/client.ts';
import { UnusableAnswerError, ValidationError } from '../../api/errors.ts';
import { Pipelines, ProjectsV2, type Pipeline } from '../../api/pipelines.ts';
import {
  ARTIFACT_STATUS_FILTERS,
  BUILD_STATUS_FILTERS,
  CHECKOUT_KEY_TYPES,
  definedOnly,
  type ArtifactStatusFilter,
  type BuildStatusFilter,
  type CheckoutKeyType,
} from '../../api/records.ts';
import { checkSshKey } from '../../api/ssh.ts';
import { checkEnvName, checkRevisionOrTag, checkSegment, type BuildParams } from '../../api/validate.ts';
import { runAction, type ActionContext, type ActionSpec, type Connection } from '../../runner/run.ts';
import {
  checkTriggerInputs,
  confirmPipeline,
  PipelineErroredError,
  readTriggerApi,
  rerunBuild,
  startBuild,
  type TriggerApi,
  type TriggerRequest,
} from '../../runner/trigger-api.ts';
import { logSafe, mdSafe } from '../../runner/text.ts';
import { triggerRefOf } from '../../runner/workflow.ts';
import { describeResult } from './report.ts';

const PARAMETERS = [
  'build-num',
  'branch',
  'limit',
  'offset',
  'status-filter',
  'revision',
  'tag',
  'parallel',
  'params',
  'ssh',
  'name',
  'value',
  'key-type',
  'fingerprint',
  'ssh-key',
  'hostname',
  'apikey',
  'all-pages',
  'trigger-api',
  'definition-id',
] as const;
type Parameter = (typeof PARAMETERS)[number];

export const spec = {
  name: 'general',
  inputs: ['command', ...PARAMETERS],
  outputs: ['result'],
} as const satisfies ActionSpec;

/** The checked values of a command's inputs. */
interface Args {
  buildNum: number;
  branch: string | undefined;
  limit: number | undefined;
  offset: number | undefined;
  revision: string | undefined;
  tag: string | undefined;
  parallel: number | undefined;
  params: BuildParams | undefined;
  ssh: boolean;
  name: string;
  value: string;
  fingerprint: string;
  sshKey: string;
  hostname: string | undefined;
  apikey: string;
  allPages: boolean;
  api: TriggerApi;
  /** Checked against the command's own list (builds and latest artifacts differ). */
  statusFilter: string | undefined;
  keyType: CheckoutKeyType;
  definitionId: string | undefined;
  env: NodeJS.ProcessEnv;
  ctx: ActionContext;
}

interface Command {
  /** The inputs it takes beyond the common ones; any other one given is pointed out. */
  takes: readonly Parameter[];
  /** False for the user-level calls that address no project. */
  project?: false;
  /** Pages with limit/offset, so `all-pages` applies. */
  paged?: true;
  warning?: string;
  call(client: Client, p: ProjectRef, a: Args, connection: Connection): Promise<unknown>;
  /** The call through API v2, for a project named by its slug; without it, the command has no v2 form. */
  v2?(api: ProjectsV2, p: SlugProject, a: Args): Promise<unknown>;
}

/** The job a build number names, in its workflow (API v2), for a rerun of that job alone. */
async function rerunJob(api: ProjectsV2, p: SlugProject, a: Args): Promise<unknown> {
  const job = await api.job(p, a.buildNum);
  const workflowId = job.latest_workflow?.id;
  if (typeof workflowId !== 'string')
    throw new UnusableAnswerError('GET', `v2 job #${a.buildNum}`, 'the job names no workflow to rerun');
  const found = (await api.jobs(workflowId)).find((candidate) => candidate.job_number === a.buildNum);
  if (found === undefined)
    throw new UnusableAnswerError(
      'GET',
      `v2 /workflow/${workflowId}/job`,
      `job #${a.buildNum} is not among the jobs of its workflow`,
    );
  return api.rerun(workflowId, { jobs: [found.id], ...(a.ssh ? { enableSsh: true } : {}) });
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const page = (a: Args): { limit?: number; offset?: number } => ({
  ...definedOnly({ limit: a.limit, offset: a.offset }),
});

export const COMMANDS: Record<string, Command> = {
  me: { takes: [], project: false, call: (c) => c.me() },
  projects: { takes: [], project: false, call: (c) => c.projects() },
  'recent-builds': {
    takes: ['limit', 'offset', 'all-pages'],
    project: false,
    paged: true,
    call: (c, _p, a) => (a.allPages ? collect(c.allRecentBuilds(page(a))) : c.recentBuilds(page(a))),
  },
  'add-platform-key': { takes: ['apikey'], project: false, call: (c, _p, a) => c.addPlatformKey(a.apikey) },
  follow: { takes: [], call: (c, p) => c.follow(p) },
  builds: {
    takes: ['limit', 'offset', 'status-filter', 'branch', 'all-pages'],
    paged: true,
    call: (c, p, a) => {
      const query = {
        ...page(a),
        ...(a.branch === undefined ? {} : { branch: a.branch }),
        ...(a.statusFilter === undefined ? {} : { statusFilter: a.statusFilter as BuildStatusFilter }),
      };
      return a.allPages ? collect(c.allBuilds(p, query)) : c.builds(p, query);
    },
  },
  trigger: {
    takes: ['branch', 'revision', 'tag', 'parallel', 'params', 'trigger-api', 'definition-id'],
    call: async (_c, _p, a, connection) => {
      const started = await startBuild(connection, a.api, triggerRequest(a));
      if (started.api === 'v1.1') return started.result.build;
      if (started.api === 'none') return notTriggered(a, started.message);
      return setUp(a, new Pipelines(connection.transport), started.pipeline);
    },
    // Only pipeline/run reaches such a project: revision and parallel were refused with the inputs.
    v2: async (api, p, a) => {
      const answer = await api.trigger(p, {
        ...(a.tag === undefined ? { branch: triggerRequest(a).branch } : { tag: a.tag }),
        ...definedOnly({ parameters: a.params, definitionId: a.definitionId }),
      });
      return answer.triggered ? setUp(a, api, answer.pipeline) : notTriggered(a, answer.message);
    },
  },
  build: {
    takes: ['build-num'],
    call: (c, p, a) => c.build(p, a.buildNum),
    v2: (api, p, a) => api.job(p, a.buildNum),
  },
  retry: {
    takes: ['build-num', 'ssh', 'trigger-api'],
    call: async (_c, _p, a, connection) => {
      const rerun = await rerunBuild(connection, a.api, a.buildNum, { ssh: a.ssh });
      if (rerun.api === 'v1.1') return rerun.build;
      connection.transport.log(
        'info',
        `Reran build #${a.buildNum}'s job through its workflow (API v2): new workflow ${rerun.rerun.workflow_id}`,
      );
      return rerun.rerun;
    },
    v2: rerunJob,
  },
  'retry-no-cache': {
    takes: ['build-num', 'trigger-api'],
    warning:
      'retry-no-cache uses an undocumented, unsupported use of the retry endpoint; the service may change or remove it at any moment',
    call: async (_c, _p, a, connection) => {
      const rerun = await rerunBuild(connection, a.api, a.buildNum, { ssh: false, noCache: true });
      return rerun.api === 'v1.1' ? rerun.build : rerun.rerun;
    },
  },
  cancel: {
    takes: ['build-num'],
    call: (c, p, a) => c.cancel(p, a.buildNum),
    v2: (api, p, a) => api.cancelJob(p, a.buildNum),
  },
  'add-ssh-user': { takes: ['build-num'], call: (c, p, a) => c.addSshUser(p, a.buildNum) },
  artifacts: {
    takes: ['build-num'],
    call: (c, p, a) => c.artifacts(p, a.buildNum),
    v2: (api, p, a) => api.artifacts(p, a.buildNum),
  },
  'latest-artifacts': {
    takes: ['branch', 'status-filter'],
    call: async (c, p, a) => {
      const latest = await c.latestArtifacts(p, {
        statusFilter: (a.statusFilter ?? 'completed') as ArtifactStatusFilter,
        ...(a.branch === undefined ? {} : { branch: a.branch }),
      });
      // The service answers 404 for a build without artifacts: an empty list here.
      return latest.found ? latest.artifacts : [];
    },
  },
  tests: {
    takes: ['build-num'],
    call: (c, p, a) => c.tests(p, a.buildNum),
    v2: (api, p, a) => api.tests(p, a.buildNum),
  },
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
    call: (c, p, a) => c.createCheckoutKey(p, a.keyType),
  },
  'delete-checkout-key': { takes: ['fingerprint'], call: (c, p, a) => c.deleteCheckoutKey(p, a.fingerprint) },
  'add-ssh-key': { takes: ['ssh-key', 'hostname'], call: (c, p, a) => c.addSshKey(p, a.sshKey, a.hostname) },
};

/** Reads the inputs a command takes, checking each; inputs it does not take must be empty. */
function readArgs(ctx: ActionContext, command: string, takes: readonly Parameter[]): Args {
  const { inputs } = ctx;
  const wants = (p: Parameter): boolean => takes.includes(p);
  // Secrets are masked before anything else is read.
  const value = wants('value') ? (inputs.secret('value', { required: true }) ?? '') : '';
  const apikey = wants('apikey') ? inputs.secret('apikey', { required: true }) : '';
  const sshKey = wants('ssh-key')
    ? checkSshKey('ssh-key', inputs.secret('ssh-key', { required: true })).privateKey
    : '';

  for (const p of PARAMETERS) {
    // all-pages and trigger-api have defaults, which the runner passes to every command.
    if (!wants(p) && p !== 'all-pages' && p !== 'trigger-api' && inputs.raw(p) !== '') {
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
  const optional = (p: Parameter): string | undefined => (wants(p) ? inputs.optional(p) : undefined);
  const args: Args = {
    buildNum: wants('build-num')
      ? (inputs.integer('build-num', 1, Number.MAX_SAFE_INTEGER) ?? missingBuildNum('build-num', command))
      : 0,
    branch: optional('branch'),
    limit: wants('limit') ? inputs.integer('limit', 1, 100) : undefined,
    offset: wants('offset') ? inputs.integer('offset', 0, Number.MAX_SAFE_INTEGER) : undefined,
    revision: optional('revision'),
    tag: optional('tag'),
    parallel: wants('parallel') ? inputs.integer('parallel', 1, Number.MAX_SAFE_INTEGER) : undefined,
    params: wants('params') ? inputs.params('params') : undefined,
    ssh: wants('ssh') ? inputs.boolean('ssh', false) : false,
    name: wants('name') ? checkEnvName('name', inputs.required('name')) : '',
    value,
    fingerprint: wants('fingerprint') ? checkSegment('fingerprint', inputs.required('fingerprint')) : '',
    sshKey,
    hostname: optional('hostname'),
    apikey: apikey ?? '',
    allPages: inputs.boolean('all-pages', false),
    api: wants('trigger-api') ? readTriggerApi(inputs) : 'auto',
    statusFilter: wants('status-filter')
      ? inputs.oneOf<string>(
          'status-filter',
          command === 'latest-artifacts' ? ARTIFACT_STATUS_FILTERS : BUILD_STATUS_FILTERS,
          '',
        )
      : undefined,
    keyType: wants('key-type') ? inputs.oneOf('key-type', CHECKOUT_KEY_TYPES, 'deploy-key') : 'deploy-key',
    definitionId: optional('definition-id'),
    env: ctx.env,
    ctx,
  };
  if (args.statusFilter === '') args.statusFilter = undefined;
  if (args.branch !== undefined) checkSegment('branch', args.branch);
  if (args.hostname !== undefined) checkSegment('hostname', args.hostname, 'a host name');
  if (args.definitionId !== undefined)
    checkSegment('definition-id', args.definitionId, 'a pipeline definition id');
  checkRevisionOrTag('revision', args.revision, 'tag', args.tag);
  if (command === 'trigger') checkTriggerInputs(args.api, triggerRequest(args));
  return args;
}

function triggerRequest(a: Args): TriggerRequest {
  // What the service builds for the workflow's event, as trigger-build does: the tag of a tag push or a release,
  // `pull/<number>/head` for a fork's pull request or a comment on one; given inputs win.
  const { branch, tag, revision } = triggerRefOf(a, a.env);
  return {
    branch,
    ...definedOnly({ revision, tag, parallel: a.parallel, params: a.params, definitionId: a.definitionId }),
  };
}

/** The service triggered nothing: said as a warning, and its answer is the result. */
function notTriggered(a: Args, message: string): { message: string } {
  a.ctx.io.warning(logSafe(`The service triggered no pipeline: ${message}`));
  return { message };
}

/** A triggered pipeline read until set up (docs/sunset.md): the result, which an errored one still sets. */
async function setUp(a: Args, pipelines: Pipelines, pipeline: Pipeline): Promise<Pipeline> {
  try {
    return await confirmPipeline(a.ctx, pipelines, pipeline);
  } catch (error) {
    if (error instanceof PipelineErroredError) a.ctx.setOutput('result', JSON.stringify(error.pipeline));
    throw error;
  }
}

function missingBuildNum(input: string, command: string): never {
  throw new ValidationError(
    input,
    `a value is required by command '${command}': a build number, 1 or more`,
    undefined,
    'missing',
  );
}

export async function general(ctx: ActionContext): Promise<void> {
  const name = ctx.inputs.required('command', `one of ${Object.keys(COMMANDS).join(', ')}`);
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    throw new ValidationError('command', `allowed: ${Object.keys(COMMANDS).join(', ')}`, name);
  }
  const args = readArgs(ctx, name, command.takes);
  if (args.allPages && !command.paged) {
    ctx.io.warning(`all-pages has no effect on '${name}': it answers in one piece`);
  }
  if (command.warning) ctx.io.warning(command.warning);
  const { v2 } = command;
  const needsProject = command.project !== false;
  // Commands about no project take no project either way; the others need a v2 form for a slug.
  const connection =
    v2 !== undefined || !needsProject
      ? ctx.connect({ needsProject, acceptSlug: true })
      : ctx.connect({ needsProject, acceptSlug: `command '${name}'` });
  const { project } = connection;
  // Nothing was sent yet: a slug project takes only the v2 forms of the trigger and the retry.
  if ('slug' in project && command.takes.includes('trigger-api'))
    checkTriggerInputs(args.api, name === 'trigger' ? triggerRequest(args) : { branch: '' }, true);
  // connect() gives a slug project only to a command about a project, which then has a v2 form.
  const result =
    'slug' in project
      ? await v2?.(new ProjectsV2(connection.transport), project, args)
      : await command.call(connection.client, project, args, connection as Connection);
  const text = JSON.stringify(result ?? null);
  ctx.setOutput('result', text);
  const what = describeResult(name, result);
  ctx.info(`${name}: ${what}`);
  await ctx.io.summary.addRaw(`\`${name}\`: ${mdSafe(what, 1000)}`, true).write();
}

/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
export function run(): Promise<void> {
  return runAction(spec, general);
}
