// The endpoints of API v1.1 (below /api/v1.1), answering as docs/wire.md says: statuses, shapes, errors.

import {
  ARTIFACT_STATUS_FILTERS,
  BUILD_STATUS_FILTERS,
  CHECKOUT_KEY_TYPES,
  VCS_TYPES,
  type BuildStatusFilter,
  type VcsType,
} from './service.ts';
import { HttpError, jsonReply, messageReply, type Reply } from './http.ts';
import type { EmulatedProject } from './model.ts';
import type { EmulatorState } from './state.ts';

/** A request as the endpoints see it. */
export interface ApiRequest {
  method: string;
  /** Path segments below /api/v1.1, URL-decoded. */
  segments: string[];
  query: Record<string, string>;
  /** Parsed JSON, or the raw text when it is not JSON, or undefined when empty. */
  body: unknown;
  /** The body was present but not JSON. */
  bodyNotJson: boolean;
}

type Params = Record<string, string>;
type Handler = (state: EmulatorState, request: ApiRequest, params: Params) => Reply | Promise<Reply>;

interface Route {
  method: string;
  pattern: string[];
  handler: Handler;
}

// Words that are endpoints of their own under a project: never taken for a build number.
const PROJECT_WORDS = new Set([
  'follow',
  'tree',
  'latest',
  'build-cache',
  'envvar',
  'checkout-key',
  'ssh-key',
]);

const MAX_LIMIT = 100;
const DEFAULT_LIMIT = 30;

function integerParam(query: Params, name: string, fallback: number, min: number, max: number): number {
  const text = query[name];
  if (text === undefined) return fallback;
  if (!/^-?\d+$/.test(text)) throw new HttpError(400, `${name} must be an integer`);
  const value = Number(text);
  if (value < min || value > max) {
    throw new HttpError(
      400,
      max === Infinity ? `${name} must be at least ${min}` : `${name} must be between ${min} and ${max}`,
    );
  }
  return value;
}

function page<T>(items: T[], query: Params): T[] {
  const limit = integerParam(query, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT);
  const offset = integerParam(query, 'offset', 0, 0, Infinity);
  return items.slice(offset, offset + limit);
}

function statusFilter<T extends string>(
  query: Params,
  allowed: readonly T[],
  fallback: T | undefined,
): T | undefined {
  const value = query['filter'];
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new HttpError(400, `filter must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function isVcsType(value: string): value is VcsType {
  return (VCS_TYPES as readonly string[]).includes(value);
}

function checkVcs(params: Params): VcsType {
  const vcs = params['vcs'] ?? '';
  if (!isVcsType(vcs)) {
    throw new HttpError(400, `unknown vcs type ${JSON.stringify(vcs)}: use one of ${VCS_TYPES.join(', ')}`);
  }
  return vcs;
}

function existingProject(state: EmulatorState, params: Params): EmulatedProject {
  const vcs = checkVcs(params);
  const project = state.findProject(vcs, params['user'] ?? '', params['repo'] ?? '');
  if (project === undefined) throw new HttpError(404, 'Project not found');
  return project;
}

function buildNum(params: Params): number {
  const text = params['num'] ?? '';
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new HttpError(400, `build number must be an integer, not ${JSON.stringify(text)}`);
  }
  return Number(text);
}

function existingBuild(state: EmulatorState, params: Params): { project: EmulatedProject; num: number } {
  const num = buildNum(params);
  const project = existingProject(state, params);
  if (project.findBuild(num) === undefined) throw new HttpError(404, 'Build not found');
  return { project, num };
}

/** The JSON object of a POST; an empty body counts as `{}`. */
function bodyObject(request: ApiRequest): Record<string, unknown> {
  if (request.bodyNotJson) throw new HttpError(400, 'the request body is not valid JSON');
  if (request.body === undefined) return {};
  if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) {
    throw new HttpError(400, 'the request body must be a JSON object');
  }
  return request.body as Record<string, unknown>;
}

function optionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `${name} must be a string`);
  return value;
}

function requiredString(body: Record<string, unknown>, name: string): string {
  const value = optionalString(body, name);
  if (value === undefined || value === '') throw new HttpError(400, `${name} is required`);
  return value;
}

function optionalBoolean(body: Record<string, unknown>, name: string): boolean {
  const value = body[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw new HttpError(400, `${name} must be true or false`);
  return value;
}

/** The value a list shows of a variable: masked but for its last four characters. */
export function masked(value: string): string {
  return `xxxx${value.slice(-4)}`;
}

const OK = { message: 'ok' };

function listBuilds(state: EmulatorState, request: ApiRequest, params: Params): Reply {
  const filter = statusFilter<BuildStatusFilter>(request.query, BUILD_STATUS_FILTERS, undefined);
  const project = existingProject(state, params);
  const branch = params['branch'];
  const options = { ...(filter !== undefined && { filter }), ...(branch !== undefined && { branch }) };
  const builds = state.builds(project, options);
  return jsonReply(200, page(builds, request.query));
}

function trigger(state: EmulatorState, request: ApiRequest, params: Params): Reply {
  const vcs = checkVcs(params);
  const body = bodyObject(request);
  const revision = optionalString(body, 'revision');
  const tag = optionalString(body, 'tag');
  if (revision !== undefined && tag !== undefined)
    throw new HttpError(400, 'tag and revision are mutually exclusive');
  const parallel = body['parallel'];
  if (
    parallel !== undefined &&
    parallel !== null &&
    !(Number.isInteger(parallel) && (parallel as number) >= 1)
  ) {
    throw new HttpError(400, 'parallel must be a positive integer');
  }
  const parameters = body['build_parameters'];
  if (
    parameters !== undefined &&
    parameters !== null &&
    (typeof parameters !== 'object' || Array.isArray(parameters))
  ) {
    throw new HttpError(400, 'build_parameters must be an object');
  }
  // Triggering a project makes it known (and followed), as on the service.
  const project = state.project(vcs, params['user'] ?? '', params['repo'] ?? '');
  const build = state.trigger(project, {
    branch: params['branch'] ?? 'master',
    ...(revision !== undefined && { revision }),
    ...(tag !== undefined && { tag }),
    ...(typeof parallel === 'number' && { parallel }),
    ...(parameters !== undefined &&
      parameters !== null && { buildParameters: parameters as Record<string, unknown> }),
  });
  return jsonReply(201, build);
}

/** The service's announcement (docs/sunset.md): deprecated since 2026-11-16, removed on 2027-02-01. */
const V1_TRIGGER_DEPRECATED_AT = Date.UTC(2026, 10, 16);
export const V1_TRIGGER_SUNSET_AT = Date.UTC(2027, 1, 1);
export const V1_TRIGGER_SUNSET_PAGE = 'https://ci.example.com/docs/api/v1-trigger-sunset';

/**
 * The v1.1 calls the service removes: before the sunset they answer as ever with Deprecation (RFC 9745), Sunset
 * (RFC 8594) and a Link to the notice; after it (`state.postSunset`) 410 Gone, having done nothing.
 */
function sunsetting(handler: Handler): Handler {
  const headers = {
    Sunset: new Date(V1_TRIGGER_SUNSET_AT).toUTCString(),
    Link: `<${V1_TRIGGER_SUNSET_PAGE}>; rel="sunset"; type="text/html"`,
  };
  return async (state, request, params) => {
    if (state.postSunset) {
      const gone = messageReply(
        410,
        'This endpoint was removed on 2027-02-01. Trigger pipelines and rerun workflows with API v2.',
      );
      return { ...gone, headers: { ...gone.headers, ...headers } };
    }
    const reply = await handler(state, request, params);
    return {
      ...reply,
      headers: { ...reply.headers, Deprecation: `@${V1_TRIGGER_DEPRECATED_AT / 1000}`, ...headers },
    };
  };
}

const PROJECT = ['project', ':vcs', ':user', ':repo'];
const BUILD = [...PROJECT, ':num'];

const ROUTES: Route[] = [
  { method: 'GET', pattern: ['me'], handler: (state) => jsonReply(200, state.me()) },
  { method: 'GET', pattern: ['projects'], handler: (state) => jsonReply(200, state.projectRecords()) },
  {
    method: 'GET',
    pattern: ['recent-builds'],
    handler: (state, request) => jsonReply(200, page(state.recentBuilds(), request.query)),
  },
  {
    method: 'POST',
    pattern: ['user', 'platform-key'],
    handler: (state, request) => {
      state.setPlatformKey(requiredString(bodyObject(request), 'apikey'));
      return jsonReply(200, '');
    },
  },
  { method: 'GET', pattern: PROJECT, handler: listBuilds },
  {
    method: 'POST',
    pattern: [...PROJECT, 'follow'],
    handler: (state, _request, params) => {
      const vcs = checkVcs(params);
      state.project(vcs, params['user'] ?? '', params['repo'] ?? '');
      return jsonReply(200, { following: true, workflow: false, first_build: null });
    },
  },
  { method: 'GET', pattern: [...PROJECT, 'tree', ':branch'], handler: listBuilds },
  { method: 'POST', pattern: [...PROJECT, 'tree', ':branch'], handler: sunsetting(trigger) },
  {
    method: 'GET',
    pattern: [...PROJECT, 'latest', 'artifacts'],
    handler: (state, request, params) => {
      const filter = statusFilter(request.query, ARTIFACT_STATUS_FILTERS, 'completed') ?? 'completed';
      const project = existingProject(state, params);
      const latest = state.latestBuild(project, request.query['branch'], filter);
      if (latest === undefined) throw new HttpError(404, 'No build found matching the branch and filter');
      const artifacts = state.artifacts(project, latest.build_num);
      // As the service does: no artifacts is a 404, not an empty list.
      if (artifacts.length === 0) throw new HttpError(404, `Build ${latest.build_num} has no artifacts`);
      return jsonReply(200, artifacts);
    },
  },
  {
    method: 'DELETE',
    pattern: [...PROJECT, 'build-cache'],
    handler: (state, _request, params) => {
      state.clearCache(existingProject(state, params));
      return jsonReply(200, { status: 'build dependency caches deleted' });
    },
  },
  {
    method: 'GET',
    pattern: [...PROJECT, 'envvar'],
    handler: (state, _request, params) => {
      const vars = state.envvars(existingProject(state, params));
      return jsonReply(
        200,
        Object.entries(vars).map(([name, value]) => ({ name, value: masked(value) })),
      );
    },
  },
  {
    method: 'POST',
    pattern: [...PROJECT, 'envvar'],
    handler: (state, request, params) => {
      const body = bodyObject(request);
      const name = requiredString(body, 'name');
      const value = optionalString(body, 'value');
      if (value === undefined) throw new HttpError(400, 'value is required');
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
        throw new HttpError(400, `invalid environment variable name ${name}`);
      const project = existingProject(state, params);
      state.setEnvvar(project, name, value);
      return jsonReply(201, { name, value: masked(value) });
    },
  },
  {
    method: 'GET',
    pattern: [...PROJECT, 'envvar', ':name'],
    handler: (state, _request, params) => {
      const value = state.envvars(existingProject(state, params))[params['name'] ?? ''];
      if (value === undefined) throw new HttpError(404, 'env var not found');
      return jsonReply(200, { name: params['name'], value: masked(value) });
    },
  },
  {
    method: 'DELETE',
    pattern: [...PROJECT, 'envvar', ':name'],
    handler: (state, _request, params) => {
      if (!state.deleteEnvvar(existingProject(state, params), params['name'] ?? '')) {
        throw new HttpError(404, 'env var not found');
      }
      return jsonReply(200, OK);
    },
  },
  {
    method: 'GET',
    pattern: [...PROJECT, 'checkout-key'],
    handler: (state, _request, params) =>
      jsonReply(200, state.checkoutKeyRecords(existingProject(state, params))),
  },
  {
    method: 'POST',
    pattern: [...PROJECT, 'checkout-key'],
    handler: async (state, request, params) => {
      const type = optionalString(bodyObject(request), 'type');
      if (type === undefined || !(CHECKOUT_KEY_TYPES as readonly string[]).includes(type)) {
        throw new HttpError(400, `type must be one of ${CHECKOUT_KEY_TYPES.join(', ')}`);
      }
      const project = existingProject(state, params);
      return jsonReply(201, await state.createCheckoutKey(project, type));
    },
  },
  {
    method: 'GET',
    pattern: [...PROJECT, 'checkout-key', ':fingerprint'],
    handler: (state, _request, params) => {
      const key = state
        .checkoutKeyRecords(existingProject(state, params))
        .find((candidate) => candidate.fingerprint === params['fingerprint']);
      if (key === undefined) throw new HttpError(404, 'checkout key not found');
      return jsonReply(200, key);
    },
  },
  {
    method: 'DELETE',
    pattern: [...PROJECT, 'checkout-key', ':fingerprint'],
    handler: (state, _request, params) => {
      if (!state.deleteCheckoutKey(existingProject(state, params), params['fingerprint'] ?? '')) {
        throw new HttpError(404, 'checkout key not found');
      }
      return jsonReply(200, OK);
    },
  },
  {
    method: 'POST',
    pattern: [...PROJECT, 'ssh-key'],
    handler: (state, request, params) => {
      const invalid = new HttpError(400, 'it looks like private key is invalid key.  Double check');
      const body = bodyObject(request);
      const privateKey = body['private_key'];
      const hostname = optionalString(body, 'hostname');
      const project = existingProject(state, params);
      if (typeof privateKey !== 'string') throw invalid;
      if (!state.addSshKey(project, privateKey, hostname)) throw invalid;
      return jsonReply(200, '');
    },
  },
  {
    method: 'GET',
    pattern: BUILD,
    handler: (state, _request, params) => {
      const { project, num } = existingBuild(state, params);
      return jsonReply(200, state.getBuild(project, num));
    },
  },
  {
    method: 'POST',
    pattern: [...BUILD, 'retry'],
    handler: sunsetting((state, request, params) => {
      const body = bodyObject(request);
      const ssh = optionalBoolean(body, 'ssh');
      const noCache = optionalBoolean(body, 'no-cache');
      const { project, num } = existingBuild(state, params);
      return jsonReply(200, state.retryBuild(project, num, { ssh, noCache }));
    }),
  },
  {
    method: 'POST',
    pattern: [...BUILD, 'cancel'],
    handler: (state, _request, params) => {
      const { project, num } = existingBuild(state, params);
      return jsonReply(200, state.cancelBuild(project, num));
    },
  },
  {
    method: 'POST',
    pattern: [...BUILD, 'ssh-users'],
    handler: (state, _request, params) => {
      const { project, num } = existingBuild(state, params);
      return jsonReply(200, state.addSshUser(project, num));
    },
  },
  {
    method: 'GET',
    pattern: [...BUILD, 'artifacts'],
    handler: (state, _request, params) => {
      const { project, num } = existingBuild(state, params);
      return jsonReply(200, state.artifacts(project, num));
    },
  },
  {
    method: 'GET',
    pattern: [...BUILD, 'tests'],
    handler: (state, _request, params) => {
      const { project, num } = existingBuild(state, params);
      return jsonReply(200, state.tests(project, num));
    },
  },
];

function matchPattern(pattern: string[], segments: string[]): Params | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Params = {};
  for (const [i, part] of pattern.entries()) {
    const segment = segments[i] ?? '';
    if (part.startsWith(':')) {
      if (part === ':num' && PROJECT_WORDS.has(segment)) return undefined;
      params[part.slice(1)] = segment;
    } else if (part !== segment) {
      return undefined;
    }
  }
  return params;
}

/** The endpoint for a method and path, or undefined when there is none (an HTML 404 on the service). */
export function findApiRoute(
  method: string,
  segments: string[],
): ((state: EmulatorState, request: ApiRequest) => Promise<Reply>) | undefined {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const params = matchPattern(route.pattern, segments);
    if (params === undefined) continue;
    return async (state, request) => {
      try {
        // A project reachable only through v2 is unknown to every v1.1 route (docs/v2.md).
        if (state.findProject(params['vcs'] ?? '', params['user'] ?? '', params['repo'] ?? '')?.v2Only)
          throw new HttpError(404, 'Project not found');
        return await route.handler(state, request, params);
      } catch (error) {
        if (error instanceof HttpError) return messageReply(error.status, error.message);
        throw error;
      }
    };
  }
  return undefined;
}
