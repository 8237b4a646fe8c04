// Runs one action the way every action runs: inputs checked first, secrets masked before anything is logged, the
// runner's stop signals turned into an abort, and every failure turned into one `::error::` line with exit code 1.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkProjectSlug, type ProjectAddress, type SlugProject } from '../service/v1.ts';
import { unusable } from '../service/records.ts';
import { sameProject, slugAddress } from '../service/slug.ts';
import { openService, type Service } from '../service/service.ts';
import { abortReason, systemClock, type Clock } from '../common/clock.ts';
import { AbortedError, asError, UserFacingError, ValidationError } from '../common/errors.ts';
import { redactor } from '../service/http/message.ts';
import { definedOnly } from '../common/values.ts';
import { SunsetNotices, type Replacement } from '../service/http/sunset.ts';
import { Transport, type TransportOptions } from '../service/http/transport.ts';
import { checkBaseUrl, checkInteger, checkName, checkVcsType } from '../service/validate.ts';
import { Inputs } from './inputs.ts';
import { coreIo, type Io, type Summary } from './io.ts';
import { cleaner, logSafe } from './text.ts';
import { emptyTokenHint } from './workflow.ts';
import { formatBytes } from '../common/format.ts';

/** The hosted service's root; self-hosted installations pass their own `base-url` (checkBaseUrl's forms). */
const HOSTED_BASE_URL = 'https://ci.example.com';

export const COMMON_INPUTS = [
  'token',
  'base-url',
  'vcs-type',
  'username',
  'project',
  'project-slug',
] as const;

/** The most an output holds before its value goes to a file instead (docs/promises.md, promise 23). */
export const MAX_OUTPUT_BYTES = 512 * 1024;

export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGBREAK'] as const;

/** A new file's path under RUNNER_TEMP (outside a runner, the system's temporary folder): `<stem>-<uuid>.<ext>`. */
export function runnerTempFile(env: NodeJS.ProcessEnv, stem: string, extension: string): string {
  return join(env['RUNNER_TEMP'] || tmpdir(), `${stem}-${randomUUID()}.${extension}`);
}

export interface ActionSpec {
  name: string;
  /** Inputs beyond the common ones. */
  inputs: readonly string[];
  outputs: readonly string[];
  /** What the log says replaces a call the service removes, where the action's inputs choose it. */
  replacement?: Replacement;
}

/** `project` is the v1.1 triple, or the project named by its v2 slug. */
export interface Connection<P extends ProjectAddress = ProjectAddress> {
  service: Service;
  transport: Transport;
  project: P;
  baseUrl: string;
}

/** A `signal` replaces the step's, for work that must still be done once the step was cancelled. */
interface ConnectOptions extends Pick<
  TransportOptions,
  'signal' | 'deadline' | 'timeouts' | 'retry' | 'downloadConnections'
> {
  needsProject?: boolean;
}

export interface ActionContext {
  io: Io;
  inputs: Inputs;
  env: NodeJS.ProcessEnv;
  clock: Clock;
  /** Every secret known so far: removed from whatever is shown. */
  secrets: readonly string[];
  signal: AbortSignal;
  /** Reads and checks the common inputs, after the action's own. */
  connect(options?: ConnectOptions): Connection;
  setOutput(name: string, value: string | number | boolean | unknown[]): void;
  /** Work to run when the action ends, in reverse order of registration, whatever happened. */
  onCleanup(fn: () => unknown): void;
  /** Prints server text so that it cannot issue workflow commands. */
  info(message: string): void;
}

export interface RunOptions {
  io?: Io;
  env?: NodeJS.ProcessEnv;
  clock?: Clock;
  /** Tests shrink the transport's timeouts and retries; a connection's own options still win. */
  transport?: Pick<TransportOptions, 'timeouts' | 'retry'>;
}

export async function runAction(
  spec: ActionSpec,
  main: (ctx: ActionContext) => Promise<void>,
  options: RunOptions = {},
): Promise<void> {
  const env = options.env ?? process.env;
  const clock = options.clock ?? systemClock;
  const secrets: string[] = [];
  // Every line, output and summary of the action passes through the guard, so no path can forget it.
  const io = guardedIo(options.io ?? coreIo, secrets);
  const controller = new AbortController();
  const cleanups: (() => unknown)[] = [];
  const onSignal = (signal: NodeJS.Signals): void => {
    if (!controller.signal.aborted) controller.abort(new AbortedError(`the step was cancelled (${signal})`));
  };
  // Windows has no SIGTERM: its runner sends Ctrl-C (SIGINT), then Ctrl-Break, which Node gives as SIGBREAK.
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);

  const inputs = new Inputs(io, [...COMMON_INPUTS, ...spec.inputs], secrets);
  // Shared by the step's connections, so that the service's Deprecation and Sunset are said once.
  const sunset = new SunsetNotices(definedOnly({ replacement: spec.replacement }));

  const connect = ({ needsProject = true, timeouts, retry, ...rest }: ConnectOptions = {}): Connection => {
    const token = inputs.secret('token', { required: true, hint: emptyTokenHint(env) });
    // The Basic credential is masked as well, in case a debug trace ever shows a header.
    inputs.mask(Buffer.from(`${token}:`).toString('base64'));
    const baseUrl = checkBaseUrl('base-url', inputs.optional('base-url') ?? HOSTED_BASE_URL);
    const slugProject = readProjectSlug(inputs);
    const vcsType = checkVcsType('vcs-type', inputs.optional('vcs-type') ?? 'primary-host');
    const [repoOwner, repoName] = (env['GITHUB_REPOSITORY'] ?? '').split('/');
    const username = inputs.optional('username') ?? repoOwner ?? '';
    const project = inputs.optional('project') ?? repoName ?? '';
    const required = 'a value is required when GITHUB_REPOSITORY is not set';
    if (needsProject && slugProject === undefined)
      for (const [name, value] of Object.entries({ username, project })) {
        if (!value) throw new ValidationError(name, required, undefined, 'missing');
        checkName(name, value);
      }
    // Layered: the environment's tuning, then the test's, then what this connection asks for.
    const tuned = transportTuning(env);
    const transport = new Transport({
      baseUrl,
      token,
      // Every value masked in this step, also those masked later: server text is cleaned of them before it is cut.
      secrets,
      env,
      clock,
      sunset,
      signal: controller.signal,
      ...rest,
      timeouts: { ...tuned.timeouts, ...options.transport?.timeouts, ...timeouts },
      retry: { ...tuned.retry, ...options.transport?.retry, ...retry },
      log: (level, message) => io[level === 'debug' || level === 'warning' ? level : 'info'](message),
    });
    cleanups.push(() => transport.close());
    // A call about no project gets the triple's placeholder.
    const named = slugProject !== undefined && needsProject ? slugProject : { vcsType, username, project };
    return { service: openService({ transport, project: named }), transport, project: named, baseUrl };
  };

  const ctx: ActionContext = {
    io,
    inputs,
    env,
    clock,
    secrets,
    signal: controller.signal,
    connect,
    setOutput: (name, value) => {
      if (!spec.outputs.includes(name))
        throw new Error(`bug: output '${name}' is set but not declared in action.yml`);
      const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
      const bytes = Buffer.byteLength(text);
      if (bytes <= MAX_OUTPUT_BYTES) return io.setOutput(name, text);
      // Written at once, as an output is set synchronously, and less every secret, as the output would be.
      const file = runnerTempFile(env, `${spec.name}-${name}`, /^[[{]/u.test(text) ? 'json' : 'txt');
      writeFileSync(file, redactOutput(text, secrets), { mode: 0o600 });
      io.setOutput(name, file);
      io.warning(
        `The ${name} output holds the path of a file, ${file}, not its value: the value takes ` +
          `${formatBytes(bytes)}, past the ${formatBytes(MAX_OUTPUT_BYTES)} an output may hold (GitHub takes 1 MB ` +
          `of outputs per job). Read it from the file.`,
      );
    },
    onCleanup: (fn) => cleanups.push(fn),
    info: (message) => io.info(message),
  };

  try {
    // The token is masked before anything else can be printed.
    inputs.secret('token');
    await main(ctx);
    if (controller.signal.aborted) throw abortReason(controller.signal);
  } catch (error) {
    // One `::error::` line; a stack trace only for bugs, only at debug level.
    if (error instanceof UserFacingError) io.setFailed(error.message);
    else {
      if (error instanceof Error) io.debug(error.stack ?? error.message);
      io.setFailed(`unexpected error: ${asError(error).message}`);
    }
  } finally {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (error) {
        io.debug(`cleanup failed: ${String(error)}`);
      }
    }
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
  }
}

/** The inputs that name the step's project; without them it is the workflow's repository. */
const PROJECT_INPUTS = ['project-slug', 'vcs-type', 'username', 'project'] as const;

/** Those of PROJECT_INPUTS the step was given. */
export const projectInputs = (ctx: Pick<ActionContext, 'inputs'>): string[] =>
  PROJECT_INPUTS.filter((name) => ctx.inputs.optional(name) !== undefined);

/**
 * The project of a pipeline read by its id (docs/promises.md, promise 35). When that is not the step's, a project
 * the step named makes `asked` (the input that named the pipeline) an input error, else the pipeline's is used,
 * and the log says so; without `asked` (a pipeline the step started) the answer is unusable. `then` completes
 * "leave the inputs out to …" in the error, and the log line.
 */
export function pipelineProject(
  ctx: Pick<ActionContext, 'inputs' | 'info'>,
  connection: Connection,
  pipeline: { id: string; number: number; project_slug?: unknown },
  asked: string | undefined,
  then: { leaveOut: string; said: string },
): ProjectAddress {
  const named = pipeline.project_slug;
  const own = named === undefined ? connection.project : slugAddress(named);
  const call = { method: 'GET', path: `v2 /pipeline/${pipeline.id}` };
  if (own === undefined)
    throw unusable(call, 'the pipeline has a project_slug that is no provider/organization/project');
  if (sameProject(own, connection.project)) return connection.project;
  const which = `#${pipeline.number} is of project ${String(named)}, not ${connection.service.name}`;
  const theirs = `pipeline ${which}`;
  if (asked === undefined) throw unusable(call, `${theirs} that the step started it in`);
  const given = projectInputs(ctx);
  if (given.length > 0)
    throw new ValidationError(
      asked,
      `allowed: a pipeline of the project that ${given.join(', ')} ${given.length > 1 ? 'name' : 'names'}, or ` +
        `leave ${given.length > 1 ? 'them' : 'it'} out to ${then.leaveOut}`,
      undefined,
      theirs,
    );
  ctx.info(`Pipeline ${which}, which the step's inputs do not name: ${then.said}`);
  return own;
}

/** `project-slug`, checked: never with the v1.1 triple's inputs. */
function readProjectSlug(inputs: Inputs): SlugProject | undefined {
  const value = inputs.optional('project-slug');
  if (value === undefined) return undefined;
  const others = ['vcs-type', 'username', 'project'].filter((name) => inputs.optional(name));
  if (others.length > 0)
    throw new ValidationError(
      'project-slug',
      'name the project either by project-slug or by vcs-type, username and project',
      undefined,
      `not allowed together with ${others.join(', ')}`,
    );
  return checkProjectSlug('project-slug', value);
}

/** Timing of the HTTP layer from the environment: a slow installation needs longer, tests need shorter. */
function transportTuning(env: NodeJS.ProcessEnv) {
  const read = (name: string, max: number): number | undefined =>
    env[name] ? checkInteger(name, env[name], 1, max) : undefined;
  const seconds = read('CI_ACTIONS_TIMEOUT_SECONDS', 3600);
  const timeoutMs = seconds === undefined ? undefined : seconds * 1000;
  return {
    timeouts: definedOnly({
      connectMs: timeoutMs && Math.min(timeoutMs, 10_000),
      headersMs: timeoutMs,
      bodyIdleMs: timeoutMs,
    }),
    retry: definedOnly({
      maxAttempts: read('CI_ACTIONS_MAX_ATTEMPTS', 20),
      baseDelayMs: read('CI_ACTIONS_RETRY_BASE_MS', 60_000),
    }),
  };
}

/** An output less every secret, since the runner masks only what it prints (docs/promises.md, promise 13). */
function redactOutput(value: string, secrets: readonly string[]): string {
  const redact = redactor(secrets);
  const whole = redact(value);
  if (whole === value) return value;
  // JSON stays JSON: each key and string is cleaned on its own.
  const walk = (v: unknown): unknown =>
    typeof v === 'string'
      ? redact(v)
      : typeof v !== 'object' || v === null
        ? v
        : Array.isArray(v)
          ? v.map(walk)
          : Object.fromEntries(Object.entries(v).map(([k, x]) => [redact(k), walk(x)]));
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null ? JSON.stringify(walk(parsed)) : whole;
  } catch {
    return whole;
  }
}

/** The Io an action sees: no secret and no workflow command gets through, since the runner masks only whole values. */
function guardedIo(io: Io, secrets: readonly string[]): Io {
  // Built again each time: secrets masked later count too.
  const clean = (text: string): string => cleaner(secrets)(text);
  // The summary's builders all append through addRaw, and keep their text on `this`: one override covers them.
  const summary = Object.create(io.summary) as Summary;
  summary.addRaw = function (this: Summary, text: string, addEOL?: boolean) {
    return io.summary.addRaw.call(this, clean(text), addEOL);
  };
  return {
    ...io,
    setOutput: (name, value) => io.setOutput(name, redactOutput(value, secrets)),
    debug: (message) => io.debug(logSafe(clean(message))),
    info: (message) => io.info(logSafe(clean(message))),
    warning: (message, properties) => io.warning(clean(message), properties),
    error: (message, properties) => io.error(clean(message), properties),
    notice: (message, properties) => io.notice(clean(message), properties),
    setFailed: (message) => io.setFailed(clean(message)),
    // Inside the fence the runner obeys nothing: the text is shown as it came, less secrets and escapes.
    untrusted: (lines) => io.untrusted(lines.map(clean)),
    startGroup: (name) => io.startGroup(clean(name)),
    summary,
  };
}
