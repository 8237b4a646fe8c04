// Starting contents of an emulator: the example project the CLI shows by default, and seed files.

import { CHECKOUT_KEY_TYPES, VCS_TYPES, type VcsType } from './service.ts';
import type { FailureSpec, ProjectConfig, WorkflowSpec } from './model.ts';
import type { BuildSeed, EmulatorState } from './state.ts';

/** One project of a seed file. */
export interface SeedProject {
  /** A project reachable only through API v2, `provider/org/project`, instead of the three names below. */
  slug?: string;
  /** Default `primary-host`. */
  vcsType?: VcsType;
  username: string;
  reponame: string;
  config?: ProjectConfig;
  /** Builds inserted in order (see BuildSeed); `queued_at` etc. may be ISO text or epoch ms. */
  builds?: BuildSeed[];
  envvars?: Record<string, string>;
  /** Checkout keys to generate, by type. */
  checkoutKeys?: string[];
  /** Pushes made after the builds, in order: the service starts their builds by itself (state.push). */
  pushes?: SeedPush[];
}

/** A push of a seed file; `at` (ISO text or epoch ms, default now) in the past gives builds that ran already. */
interface SeedPush {
  branch: string;
  revision?: string;
  subject?: string;
  delayMs?: number;
  at?: string | number;
}

/** A seed file: `{ "projects": [...], "platformKey"?: "..." }`, or just the array of projects. */
export interface SeedFile {
  projects: SeedProject[];
  platformKey?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the shape of a parsed seed file; throws an Error that says what is wrong. */
export function parseSeed(value: unknown): SeedFile {
  const file = Array.isArray(value) ? { projects: value } : value;
  if (!isRecord(file) || !Array.isArray(file['projects'])) {
    throw new Error('a seed file is {"projects": [...]} or an array of projects');
  }
  const projects = file['projects'].map((project: unknown, index) => {
    const where = `projects[${index}]`;
    if (!isRecord(project)) throw new Error(`${where} is not an object`);
    const {
      vcsType = 'primary-host',
      username,
      reponame,
      config,
      builds,
      envvars,
      checkoutKeys,
      pushes,
    } = project;
    const slug = project['slug'];
    if (slug !== undefined) {
      if (typeof slug !== 'string' || !/^[^/]+\/[^/]+\/[^/]+$/u.test(slug))
        throw new Error(`${where}.slug must be provider/organization/project`);
      if (project['vcsType'] !== undefined || username !== undefined || reponame !== undefined)
        throw new Error(`${where}: give slug, or vcsType, username and reponame, not both`);
    } else {
      if (typeof vcsType !== 'string' || !(VCS_TYPES as readonly string[]).includes(vcsType)) {
        throw new Error(`${where}.vcsType must be one of ${VCS_TYPES.join(', ')}`);
      }
      if (typeof username !== 'string' || username === '') throw new Error(`${where}.username is required`);
      if (typeof reponame !== 'string' || reponame === '') throw new Error(`${where}.reponame is required`);
    }
    if (config !== undefined && !isRecord(config)) throw new Error(`${where}.config must be an object`);
    if (builds !== undefined && (!Array.isArray(builds) || !builds.every(isRecord))) {
      throw new Error(`${where}.builds must be an array of objects`);
    }
    if (
      envvars !== undefined &&
      (!isRecord(envvars) || !Object.values(envvars).every((v) => typeof v === 'string'))
    ) {
      throw new Error(`${where}.envvars must map names to strings`);
    }
    if (
      checkoutKeys !== undefined &&
      (!Array.isArray(checkoutKeys) ||
        !checkoutKeys.every((type) => (CHECKOUT_KEY_TYPES as readonly unknown[]).includes(type)))
    ) {
      throw new Error(`${where}.checkoutKeys must be a list of ${CHECKOUT_KEY_TYPES.join(' / ')}`);
    }
    if (pushes !== undefined) {
      if (!Array.isArray(pushes)) throw new Error(`${where}.pushes must be an array of objects`);
      for (const [i, push] of (pushes as unknown[]).entries()) {
        const at = `${where}.pushes[${i}]`;
        if (!isRecord(push)) throw new Error(`${at} is not an object`);
        if (typeof push['branch'] !== 'string' || push['branch'] === '')
          throw new Error(`${at}.branch is required`);
        for (const name of ['revision', 'subject'])
          if (push[name] !== undefined && typeof push[name] !== 'string')
            throw new Error(`${at}.${name} must be a string`);
        const delay = push['delayMs'];
        if (delay !== undefined && !(typeof delay === 'number' && delay >= 0))
          throw new Error(`${at}.delayMs must be a number, 0 or more`);
        const time = push['at'];
        if (time !== undefined && typeof time !== 'number' && !Number.isFinite(Date.parse(String(time))))
          throw new Error(`${at}.at must be ISO text or epoch milliseconds`);
      }
    }
    return project as unknown as SeedProject;
  });
  const platformKey = file['platformKey'];
  if (platformKey !== undefined && typeof platformKey !== 'string')
    throw new Error('platformKey must be a string');
  return { projects, ...(platformKey !== undefined && { platformKey }) };
}

/** Puts a seed's contents into the state. */
export async function applySeed(state: EmulatorState, seed: SeedFile): Promise<void> {
  if (seed.platformKey !== undefined) state.setPlatformKey(seed.platformKey);
  for (const entry of seed.projects) {
    const project =
      entry.slug === undefined
        ? state.project(entry.vcsType ?? 'primary-host', entry.username, entry.reponame, entry.config)
        : state.slugProject(entry.slug, entry.config);
    for (const build of entry.builds ?? []) state.addBuild(project, build);
    for (const [name, value] of Object.entries(entry.envvars ?? {})) state.setEnvvar(project, name, value);
    for (const type of entry.checkoutKeys ?? []) await state.createCheckoutKey(project, type);
    for (const push of entry.pushes ?? []) {
      const { at, ...rest } = push;
      state.push(project, {
        ...rest,
        ...(at !== undefined && { at: typeof at === 'number' ? at : Date.parse(at) }),
      });
    }
  }
}

const HOUR = 3_600_000;

/** How the example's `test` job fails on `feature/broken`: a type error, as a real compiler prints it. */
export const EXAMPLE_TEST_FAILURE: FailureSpec = {
  step: 'Run tests',
  command: 'npm test',
  output: [
    '> octo-repo@1.0.0 test',
    '> tsc --noEmit && vitest run',
    '',
    "src/login.ts(42,7): error TS2322: Type 'string' is not assignable to type 'number'.",
    '',
    'Found 1 error in src/login.ts:42',
  ],
  exitCode: 2,
};

/**
 * The example project's workflow: `build` makes the artifacts, `test` and `deploy` follow. On the branch
 * `feature/broken` the `test` job fails on a type error, so its `deploy` never runs.
 */
function exampleWorkflows(broken: boolean): WorkflowSpec[] {
  return [
    {
      name: 'build-test-deploy',
      jobs: [
        {
          name: 'build',
          runMs: 3000,
          artifacts: [
            { path: 'dist/app.tar.gz', size: 256 * 1024 },
            { path: 'reports/junit.xml', size: 2048 },
          ],
        },
        {
          name: 'test',
          requires: ['build'],
          runMs: 3000,
          artifacts: [{ path: 'reports/junit.xml', size: 2048 }],
          ...(broken && {
            outcome: 'failed' as const,
            failure: EXAMPLE_TEST_FAILURE,
          }),
        },
        { name: 'deploy', requires: ['test'], runMs: 2000, artifacts: [] },
      ],
    },
  ];
}

/**
 * The example the CLI starts with: `primary-host/octo-org/octo-repo` with finished builds (a success with
 * artifacts, a failure with a failing test, a fix, a newer success), a variable and a deploy key. A push to it
 * runs the workflow `build → test → deploy` (failing in `test` on `feature/broken`).
 */
export async function seedExample(state: EmulatorState): Promise<void> {
  const now = state.clock.now();
  const at = (hoursAgo: number, minutes: number): number => now - hoursAgo * HOUR + minutes * 60_000;
  const finished = (hoursAgo: number): Pick<BuildSeed, 'queued_at' | 'start_time' | 'stop_time'> => ({
    queued_at: at(hoursAgo, 0),
    start_time: at(hoursAgo, 0.2),
    stop_time: at(hoursAgo, 3.5),
  });
  await applySeed(state, {
    projects: [
      {
        username: 'octo-org',
        reponame: 'octo-repo',
        config: {
          queuedMs: 1000,
          runMs: 5000,
          workflows: exampleWorkflows(false),
          branches: { 'feature/broken': { workflows: exampleWorkflows(true) } },
        },
        builds: [
          { branch: 'master', outcome: 'success', why: 'primary-host', ...finished(5) },
          {
            branch: 'feature/login',
            outcome: 'failed',
            why: 'primary-host',
            subject: 'Log in with a token',
            artifacts: [],
            ...finished(4),
          },
          { branch: 'feature/login', outcome: 'success', why: 'primary-host', ...finished(3) },
          {
            branch: 'master',
            outcome: 'success',
            why: 'api',
            artifacts: [
              { path: 'dist/app.tar.gz', size: 256 * 1024 },
              { path: 'reports/junit.xml', size: 2048 },
              { path: 'coverage/lcov.info', size: 12_000 },
            ],
            ...finished(1),
          },
        ],
        envvars: { DEPLOY_ENV: 'staging', API_SECRET: 's3cr3t-value-1234' },
        checkoutKeys: ['deploy-key'],
      },
    ],
  });
}
