// One object per project, and the only place that knows the service has two APIs (docs/v2.md): by its v1.1 triple
// through v1.1, which says more (a build's steps) and takes a project token, with its pipelines through v2; by its
// slug through v2 alone. A call with no form for the project is one error, before anything is sent.
import { ApiError } from './http/errors.ts';
import { BuildScan, JobScan, MAX_BUILDS_READ, MAX_JOBS_READ, type BuildQuery } from './find-builds.ts';
import type { Transport } from './http/transport.ts';
import { jobOfBuild, type Job } from './model.ts';
import { sourcesOf, v1Only } from './sources.ts';
import { triggersOf } from './start-build.ts';
import type { Artifact, MessageResult, TestCase } from './records.ts';
import { Client, projectName, type ProjectAddress, type ProjectRef, type SlugProject } from './v1.ts';
import { V2Client, type Pipeline } from './v2.ts';
import { headOf, pipelineCalls, type PipelineHead } from './pipeline-calls.ts';
import { runningBuilds, runningPipelineJobs, type RunningJobs, type RunningQuery } from './running-jobs.ts';

export interface ServiceConnection {
  transport: Transport;
  project: ProjectAddress;
}

/** The newest matching jobs, one at a time; `bounded` once the search stopped at `readBound` jobs read. */
export interface JobSearch {
  next(): Promise<Job | undefined>;
  readonly bounded: boolean;
  readonly readBound: number;
}

/** A call's form for each API: v1.1's for a project named by its triple, v2's (when it has one) by its slug. */
export interface Forms<T> {
  v1: (client: Client, project: ProjectRef) => T;
  v2?: ((api: V2Client, project: SlugProject) => T) | undefined;
}

export type Service = ReturnType<typeof openService>;

export function openService({ transport, project }: ServiceConnection) {
  const client = new Client(transport);
  const v2 = new V2Client(transport);
  /** The form the project allows; `what` names the call in the error when it has none. */
  const either = <T>(what: string, forms: Forms<T>): T =>
    'slug' in project && forms.v2 !== undefined
      ? forms.v2(v2, project)
      : forms.v1(client, v1Only(project, what));
  // v2 deletes a variable that does not exist without a word: one list says which exist.
  let envVarNames: Promise<Set<string>> | undefined;
  return {
    name: projectName(project),
    /** Downloads go through the service's transport (src/files/download.ts). */
    transport,
    either,

    jobs: (query: BuildQuery): JobSearch =>
      'slug' in project
        ? Object.assign(new JobScan(v2, project, query), { readBound: MAX_JOBS_READ })
        : Object.assign(new BuildScan(client, project, query), { readBound: MAX_BUILDS_READ }),
    ...sourcesOf(client, v2, project, transport),
    ...triggersOf(client, v2, project, transport),
    job: (num: number): Promise<Job> =>
      either(`reading job #${num}`, {
        v1: async (c, p) => jobOfBuild(await c.build(p, num)),
        v2: (api, p) => api.readJob(p, num),
      }),
    artifacts: (num: number): Promise<Artifact[]> =>
      either(`reading the artifacts of job #${num}`, {
        v1: (c, p) => c.artifacts(p, num),
        v2: (api, p) => api.artifacts(p, num),
      }),
    /** A job's tests, in v1.1's fields, which v2 shares. */
    tests: (num: number): Promise<TestCase[]> =>
      either(`reading the tests of job #${num}`, {
        v1: async (c, p) => {
          const metadata = await c.tests(p, num);
          return Array.isArray(metadata?.tests) ? metadata.tests : [];
        },
        v2: (api, p) => api.tests(p, num),
      }),
    pipeline: (id: string): Promise<Pipeline> => v2.pipeline(id),

    setEnvVar: async (name: string, value: string): Promise<void> => {
      await either('setting a variable', {
        v1: (c, p) => c.addEnvVar(p, name, value),
        v2: (api, p) => api.addEnvVar(p, name, value),
      });
    },
    /** False when the project has no such variable. */
    deleteEnvVar: (name: string): Promise<boolean> =>
      either('deleting a variable', {
        v1: async (c, p) => {
          try {
            await c.deleteEnvVar(p, name);
            return true;
          } catch (error) {
            if (error instanceof ApiError && error.status === 404 && /env var/i.test(error.serverMessage))
              return false;
            throw error;
          }
        },
        v2: async (api, p) => {
          envVarNames ??= api.envVars(p).then((list) => new Set(list.map((variable) => variable.name)));
          if (!(await envVarNames).has(name)) return false;
          await api.deleteEnvVar(p, name);
          return true;
        },
      }),
    addSshKey: (privateKey: string, hostname?: string): Promise<unknown> =>
      either('adding an SSH key', { v1: (c, p) => c.addSshKey(p, privateKey, hostname) }),
    clearCache: (): Promise<MessageResult> =>
      either('clearing the build cache', { v1: (c, p) => c.clearCache(p) }),

    runningJobs: (query: RunningQuery): RunningJobs =>
      either('listing the running jobs', {
        v1: (c, p) => runningBuilds(c, p, query),
        v2: (api, p) => runningPipelineJobs(api, p, query),
      }),
    /** The project's newest pipelines, newest first, at most `max`; `enough` may end the reading sooner. */
    pipelineHeads: async (
      options: { branch?: string; max?: number },
      enough?: (heads: readonly PipelineHead[]) => boolean,
    ): Promise<PipelineHead[]> => {
      const listed = await v2.projectPipelines(
        project,
        options,
        enough && ((list) => enough(list.map(headOf))),
      );
      return listed.map(headOf);
    },
    ...pipelineCalls(v2),
  };
}
