// The endpoints of API v2 the product uses (below /api/v2, docs/sunset.md): the pipeline trigger in both
// forms, a pipeline, its workflows, a workflow's jobs, rerun and cancel. Lists page 20 items at a time with
// `next_page_token`, so that a client that follows the tokens is tested.

import { HttpError, jsonReply, messageReply, type Reply } from './http.ts';
import type { PipelineRequest } from './pipelines.ts';
import { PROJECT_V2_ROUTES } from './routes-v2-project.ts';
import { objectBody, paged } from './v2-pages.ts';
import type { ApiRequest } from './routes.ts';
import type { EmulatorState } from './state.ts';

export const API_V2_PREFIX = '/api/v2';

type Params = Record<string, string>;
type Handler = (state: EmulatorState, request: ApiRequest, params: Params) => Reply;

function refOf(value: unknown, where: string): { branch?: string; tag?: string } {
  if (typeof value !== 'object' || value === null) return {};
  const { branch, tag } = value as Record<string, unknown>;
  if (branch !== undefined && typeof branch !== 'string')
    throw new HttpError(400, `${where}.branch must be a string`);
  if (tag !== undefined && typeof tag !== 'string') throw new HttpError(400, `${where}.tag must be a string`);
  if (branch !== undefined && tag !== undefined)
    throw new HttpError(400, `${where}: give a branch or a tag, not both`);
  return { ...(branch !== undefined && { branch }), ...(tag !== undefined && { tag }) };
}

function parametersOf(body: Record<string, unknown>): Record<string, unknown> | undefined {
  const parameters = body['parameters'];
  if (parameters === undefined || parameters === null) return undefined;
  if (typeof parameters !== 'object' || Array.isArray(parameters))
    throw new HttpError(400, 'parameters must be an object');
  return parameters as Record<string, unknown>;
}

function trigger(form: 'run' | 'older'): Handler {
  return (state, request, params) => {
    const project = state.findProject(params['vcs'] ?? '', params['user'] ?? '', params['repo'] ?? '');
    // `pipeline/run` says it in its reference's words; the older endpoints as recorded answers do.
    if (project === undefined)
      throw new HttpError(404, form === 'run' ? 'Project does not exist.' : 'Project not found');
    // The service says the older form is not available to projects reachable only through v2.
    if (form === 'older' && project.v2Only)
      throw new HttpError(
        400,
        'This endpoint is not available to projects connected through the app integration',
      );
    const body = objectBody(request);
    const ref = form === 'run' ? refOf(body['checkout'] ?? body['config'], 'checkout') : refOf(body, 'body');
    const parameters = parametersOf(body);
    const pipelineRequest: PipelineRequest = { ...ref, ...(parameters !== undefined && { parameters }) };
    const definition = body['definition_id'];
    if (definition !== undefined && (form === 'older' || typeof definition !== 'string'))
      throw new HttpError(400, 'Unexpected request body provided.');
    const made = state.triggerPipeline(project, pipelineRequest);
    if (typeof made['message'] === 'string') return jsonReply(200, { message: made['message'] });
    // As the service's examples show: `pipeline/run` answers `created` before the configuration is compiled.
    const { id, number, created_at } = made;
    return jsonReply(201, { id, number, state: form === 'run' ? 'created' : 'pending', created_at });
  };
}

const ROUTES: { method: string; pattern: string[]; handler: Handler }[] = [
  {
    method: 'POST',
    pattern: ['project', ':vcs', ':user', ':repo', 'pipeline', 'run'],
    handler: trigger('run'),
  },
  { method: 'POST', pattern: ['project', ':vcs', ':user', ':repo', 'pipeline'], handler: trigger('older') },
  {
    method: 'GET',
    pattern: ['project', ':vcs', ':user', ':repo', 'pipeline'],
    handler: (state, request, params) => {
      const project = state.findProject(params['vcs'] ?? '', params['user'] ?? '', params['repo'] ?? '');
      if (project === undefined) throw new HttpError(404, 'Project not found');
      const branch = request.query['branch'];
      const pipelines = state.pipelines(project).reverse();
      return paged(
        branch === undefined
          ? pipelines
          : pipelines.filter((p) => (p['vcs'] as { branch?: string }).branch === branch),
        request.query,
      );
    },
  },
  {
    method: 'GET',
    pattern: ['pipeline', ':id'],
    handler: (state, _request, params) => {
      const pipeline = state.pipeline(params['id'] ?? '');
      if (pipeline === undefined) throw new HttpError(404, 'Pipeline not found');
      return jsonReply(200, pipeline);
    },
  },
  {
    method: 'GET',
    pattern: ['pipeline', ':id', 'workflow'],
    handler: (state, request, params) => {
      const workflows = state.pipelineWorkflows(params['id'] ?? '');
      if (workflows === undefined) throw new HttpError(404, 'Pipeline not found');
      return paged(workflows, request.query);
    },
  },
  {
    method: 'GET',
    pattern: ['workflow', ':id'],
    handler: (state, _request, params) => {
      const workflow = state.workflow(params['id'] ?? '');
      if (workflow === undefined) throw new HttpError(404, 'Workflow not found');
      return jsonReply(200, workflow);
    },
  },
  {
    method: 'GET',
    pattern: ['workflow', ':id', 'job'],
    handler: (state, request, params) => {
      const jobs = state.workflowJobs(params['id'] ?? '');
      if (jobs === undefined) throw new HttpError(404, 'Workflow not found');
      return paged(jobs, request.query);
    },
  },
  {
    method: 'POST',
    pattern: ['workflow', ':id', 'rerun'],
    handler: (state, request, params) => {
      const id = params['id'] ?? '';
      const body = objectBody(request);
      const jobs = body['jobs'];
      const fromFailed = body['from_failed'] === true;
      if (jobs !== undefined && !(Array.isArray(jobs) && jobs.every((j) => typeof j === 'string')))
        throw new HttpError(400, 'jobs must be a list of job ids');
      if (state.workflow(id) === undefined) throw new HttpError(404, 'Workflow not found');
      const jobIds = fromFailed ? state.failedJobIds(id) : ((jobs as string[] | undefined) ?? []);
      if (jobIds.length === 0) throw new HttpError(400, 'give jobs to rerun, or from_failed: true');
      const workflowId = state.rerunWorkflow(id, { jobIds, enableSsh: body['enable_ssh'] === true });
      return jsonReply(202, { workflow_id: workflowId });
    },
  },
  {
    method: 'POST',
    pattern: ['workflow', ':id', 'cancel'],
    handler: (state, _request, params) => {
      if (!state.cancelWorkflow(params['id'] ?? '')) throw new HttpError(404, 'Workflow not found');
      return jsonReply(202, { message: 'Accepted.' });
    },
  },
];

/** The v2 endpoint for a method and path (segments below /api/v2), or undefined when there is none. */
export function findV2Route(
  method: string,
  segments: string[],
): ((state: EmulatorState, request: ApiRequest) => Promise<Reply>) | undefined {
  for (const route of [...ROUTES, ...PROJECT_V2_ROUTES]) {
    if (route.method !== method || route.pattern.length !== segments.length) continue;
    const params: Params = {};
    const matches = route.pattern.every((part, i) => {
      const segment = segments[i] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = segment;
        return true;
      }
      return part === segment;
    });
    if (!matches) continue;
    return async (state, request) => {
      try {
        return await route.handler(state, request, params);
      } catch (error) {
        if (error instanceof HttpError) return messageReply(error.status, error.message);
        throw error;
      }
    };
  }
  return undefined;
}
