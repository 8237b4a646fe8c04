// Routes that only the emulator has (outside /api/v1.1): they make happen what happens elsewhere on the real
// service, such as a push to the code host. They take the same credential as the API.

import { FORCED_WORKFLOW_STATUSES, type ForcedWorkflowStatus } from './workflow-ends.ts';
import { VCS_TYPES } from './service.ts';
import { HttpError, jsonReply, messageReply, type Reply } from './http.ts';
import type { EmulatorState } from './state.ts';

export const CONTROL_PREFIX = '/_emulator';

function field(body: Record<string, unknown>, name: string, required: boolean): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) {
    if (required) throw new HttpError(400, `${name} is required`);
    return undefined;
  }
  if (typeof value !== 'string' || value === '')
    throw new HttpError(400, `${name} must be a non-empty string`);
  return value;
}

/**
 * `POST /_emulator/push` with `{"vcs_type"?, "username", "reponame"` (or `"project_slug"`), `"branch", "revision"?, "subject"?,
 * "delay_ms"?, "tag"?, "pull_request"?: {"number", "from_fork"?}, "skip"?}`: pushes a commit; answers 201
 * `{"revision", "branch", "tag"?}`. With `tag` or a pull request from a fork, `branch` may be left out.
 */
function push(state: EmulatorState, body: unknown): Reply {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'the request body must be a JSON object');
  const fields = body as Record<string, unknown>;
  // A project reachable only through v2 is named by its slug instead.
  const slug = field(fields, 'project_slug', false);
  const vcsType = field(fields, 'vcs_type', false) ?? 'primary-host';
  if (slug === undefined && !(VCS_TYPES as readonly string[]).includes(vcsType))
    throw new HttpError(400, `vcs_type must be one of ${VCS_TYPES.join(', ')}`);
  const [slugVcs, slugUser, slugRepo] = slug?.split('/') ?? [];
  const username = slug === undefined ? (field(fields, 'username', true) ?? '') : (slugUser ?? '');
  const reponame = slug === undefined ? (field(fields, 'reponame', true) ?? '') : (slugRepo ?? '');
  const tag = field(fields, 'tag', false);
  const pullRequest = pullRequestField(fields['pull_request']);
  const branch = field(fields, 'branch', tag === undefined && pullRequest?.fromFork !== true);
  const skip = fields['skip'];
  if (skip !== undefined && skip !== null && typeof skip !== 'boolean')
    throw new HttpError(400, 'skip must be true or false');
  const revision = field(fields, 'revision', false);
  if (revision !== undefined && !/^[0-9a-f]{40}$/.test(revision))
    throw new HttpError(400, 'revision must be 40 lowercase hexadecimal digits');
  const subject = field(fields, 'subject', false);
  const delay = fields['delay_ms'];
  if (
    delay !== undefined &&
    delay !== null &&
    !(typeof delay === 'number' && Number.isFinite(delay) && delay >= 0)
  )
    throw new HttpError(400, 'delay_ms must be a number of milliseconds, 0 or more');
  const project = state.findProject(slugVcs ?? vcsType, username, reponame);
  if (project === undefined) throw new HttpError(404, 'Project not found');
  try {
    const result = state.push(project, {
      ...(branch !== undefined && { branch }),
      ...(tag !== undefined && { tag }),
      ...(pullRequest !== undefined && { pullRequest }),
      ...(skip === true && { skip }),
      ...(revision !== undefined && { revision }),
      ...(subject !== undefined && { subject }),
      ...(typeof delay === 'number' && { delayMs: delay }),
    });
    return jsonReply(201, result);
  } catch (error) {
    // A project whose workflows cannot run (a cycle, an unknown job) is a mistake of its configuration.
    if (error instanceof TypeError) throw new HttpError(409, error.message);
    throw error;
  }
}

function pullRequestField(value: unknown): { number: number; fromFork: boolean } | undefined {
  if (value === undefined || value === null) return undefined;
  const pr = value as Record<string, unknown>;
  if (typeof value !== 'object' || !(Number.isSafeInteger(pr['number']) && (pr['number'] as number) > 0))
    throw new HttpError(
      400,
      'pull_request must be {"number": <a whole number ≥ 1>, "from_fork"?: true|false}',
    );
  return { number: pr['number'] as number, fromFork: pr['from_fork'] === true };
}

/**
 * `POST /_emulator/sunset` with `{"post_sunset": true}` (or false): the v1.1 trigger and retry answer 410 Gone
 * from now on (or answer again, with Deprecation and Sunset headers). Answers 200 `{"post_sunset": ...}`.
 */
function sunset(state: EmulatorState, body: unknown): Reply {
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['post_sunset'] : undefined;
  if (typeof value !== 'boolean') throw new HttpError(400, 'post_sunset must be true or false');
  state.postSunset = value;
  return jsonReply(200, { post_sunset: value });
}

/**
 * `POST /_emulator/approve` with `{"workflow_id", "job_name"}` (or `"job_id"`): a person approves an approval job
 * that is on hold; the jobs after it run. Answers 202; 404 for an unknown workflow, 409 when no such job waits.
 */
function approve(state: EmulatorState, body: unknown): Reply {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'the request body must be a JSON object');
  const fields = body as Record<string, unknown>;
  const workflowId = field(fields, 'workflow_id', true) ?? '';
  const name = field(fields, 'job_name', false);
  const id = field(fields, 'job_id', false);
  if (name === undefined && id === undefined) throw new HttpError(400, 'job_name or job_id is required');
  try {
    state.approve(workflowId, { ...(name !== undefined && { name }), ...(id !== undefined && { id }) });
  } catch (error) {
    if (error instanceof TypeError)
      throw new HttpError(error.message === 'Workflow not found' ? 404 : 409, error.message);
    throw error;
  }
  return jsonReply(202, { message: 'Accepted.' });
}

/**
 * `POST /_emulator/end-workflow` with `{"workflow_id", "status"}`: the workflow ends with that status (failed,
 * error, canceled or unauthorized) before its remaining jobs are made. Answers 202; 404 for an unknown workflow.
 */
function endWorkflowRoute(state: EmulatorState, body: unknown): Reply {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new HttpError(400, 'the request body must be a JSON object');
  const fields = body as Record<string, unknown>;
  const workflowId = field(fields, 'workflow_id', true) ?? '';
  const status = field(fields, 'status', true) ?? '';
  if (!(FORCED_WORKFLOW_STATUSES as readonly string[]).includes(status))
    throw new HttpError(400, `status must be one of ${FORCED_WORKFLOW_STATUSES.join(', ')}`);
  if (!state.endWorkflow(workflowId, status as ForcedWorkflowStatus))
    throw new HttpError(404, 'Workflow not found');
  return jsonReply(202, { message: 'Accepted.' });
}

const CONTROL_ROUTES: Record<string, (state: EmulatorState, body: unknown) => Reply> = {
  push,
  sunset,
  approve,
  'end-workflow': endWorkflowRoute,
};

/** The handler of a control route, or undefined when there is no such route (the caller answers 404). */
export function findControlRoute(
  method: string,
  path: string,
): ((state: EmulatorState, request: { body: unknown; bodyNotJson: boolean }) => Reply) | undefined {
  const name = path.startsWith(`${CONTROL_PREFIX}/`) ? path.slice(CONTROL_PREFIX.length + 1) : '';
  const route = Object.hasOwn(CONTROL_ROUTES, name) ? CONTROL_ROUTES[name] : undefined;
  if (route === undefined || method !== 'POST') return undefined;
  return (state, request) => {
    try {
      if (request.bodyNotJson) throw new HttpError(400, 'the request body is not valid JSON');
      return route(state, request.body ?? {});
    } catch (error) {
      if (error instanceof HttpError) return messageReply(error.status, error.message);
      throw error;
    }
  };
}
