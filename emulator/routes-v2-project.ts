// The project-scoped endpoints of API v2 (docs/v2.md) and the approve route: job details and cancel, tests,
// artifacts and environment variables of a project, by its slug; every project has them, and those reachable
// only through v2 have nothing else. Answers the reference gives and no recording holds are marked there.

import { HttpError, jsonReply, type Reply } from './http.ts';
import type { EmulatedProject } from './model.ts';
import { artifactItems, testItems } from './projects-v2.ts';
import { masked, type ApiRequest } from './routes.ts';
import { objectBody, paged } from './v2-pages.ts';
import type { EmulatorState } from './state.ts';

type Params = Record<string, string>;
type Handler = (state: EmulatorState, request: ApiRequest, params: Params) => Reply | Promise<Reply>;

const PROJECT = ['project', ':vcs', ':user', ':repo'];

function projectOf(state: EmulatorState, params: Params): EmulatedProject {
  const project = state.findProject(params['vcs'] ?? '', params['user'] ?? '', params['repo'] ?? '');
  if (project === undefined) throw new HttpError(404, 'Project not found');
  return project;
}

/** The project and the number of one of its jobs; 404 `Job not found.` as the service says it. */
function jobOf(state: EmulatorState, params: Params): { project: EmulatedProject; num: number } {
  const project = projectOf(state, params);
  const text = params['num'] ?? '';
  const num = /^\d{1,15}$/u.test(text) ? Number(text) : 0;
  if (project.findBuild(num) === undefined) throw new HttpError(404, 'Job not found.');
  return { project, num };
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/u;

export const PROJECT_V2_ROUTES: { method: string; pattern: string[]; handler: Handler }[] = [
  {
    method: 'GET',
    pattern: [...PROJECT, 'job', ':num'],
    handler: (state, _request, params) => {
      const { project, num } = jobOf(state, params);
      const details = state.jobDetails(project, num);
      if (details === undefined) throw new HttpError(404, 'Job not found.');
      return jsonReply(200, details);
    },
  },
  {
    method: 'POST',
    pattern: [...PROJECT, 'job', ':num', 'cancel'],
    handler: (state, _request, params) => {
      const { project, num } = jobOf(state, params);
      state.cancelBuild(project, num);
      // 200, as the service's reference says (docs/v2.md).
      return jsonReply(200, { message: 'Accepted.' });
    },
  },
  {
    method: 'GET',
    pattern: [...PROJECT, ':num', 'tests'],
    handler: (state, request, params) => {
      const { project, num } = jobOf(state, params);
      return paged(testItems(state.tests(project, num)), request.query);
    },
  },
  {
    method: 'GET',
    pattern: [...PROJECT, ':num', 'artifacts'],
    handler: (state, request, params) => {
      const { project, num } = jobOf(state, params);
      return paged(artifactItems(state.artifacts(project, num)), request.query);
    },
  },
  {
    method: 'GET',
    pattern: [...PROJECT, 'envvar'],
    handler: (state, request, params) => {
      const project = projectOf(state, params);
      const items = [...project.envvars].map(([name, value]) => ({
        name,
        value: masked(value),
        created_at: new Date(project.envvarCreatedAt.get(name) ?? project.createdAt).toISOString(),
      }));
      return paged(items, request.query);
    },
  },
  {
    method: 'POST',
    pattern: [...PROJECT, 'envvar'],
    handler: (state, request, params) => {
      const body = objectBody(request);
      const { name, value } = body;
      if (typeof name !== 'string' || !ENV_NAME.test(name))
        throw new HttpError(400, 'name must be a valid environment variable name');
      if (typeof value !== 'string') throw new HttpError(400, 'value must be a string');
      const project = projectOf(state, params);
      state.setEnvvar(project, name, value);
      const createdAt = project.envvarCreatedAt.get(name) ?? state.clock.now();
      return jsonReply(201, { name, value: masked(value), created_at: new Date(createdAt).toISOString() });
    },
  },
  {
    method: 'DELETE',
    pattern: [...PROJECT, 'envvar', ':name'],
    handler: (state, _request, params) => {
      const project = projectOf(state, params);
      if (!state.deleteEnvvar(project, params['name'] ?? ''))
        throw new HttpError(404, 'Environment variable not found.');
      return jsonReply(200, { message: 'Environment variable deleted.' });
    },
  },
  {
    method: 'POST',
    pattern: ['workflow', ':id', 'approve', ':request'],
    handler: (state, _request, params) => {
      try {
        state.approve(params['id'] ?? '', { approvalRequestId: params['request'] ?? '' });
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        throw new HttpError(error.message === 'Workflow not found' ? 404 : 400, error.message);
      }
      return jsonReply(202, { message: 'Accepted.' });
    },
  },
];
