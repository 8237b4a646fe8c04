// Starting contents of an emulator: the example project the CLI shows by default, and seed files.

import { CHECKOUT_KEY_TYPES, VCS_TYPES, type VcsType } from '../api/records.ts';
import type { ProjectConfig } from './model.ts';
import type { BuildSeed, EmulatorState } from './state.ts';

/** One project of a seed file. */
export interface SeedProject {
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
    const { vcsType = 'primary-host', username, reponame, config, builds, envvars, checkoutKeys } = project;
    if (typeof vcsType !== 'string' || !(VCS_TYPES as readonly string[]).includes(vcsType)) {
      throw new Error(`${where}.vcsType must be one of ${VCS_TYPES.join(', ')}`);
    }
    if (typeof username !== 'string' || username === '') throw new Error(`${where}.username is required`);
    if (typeof reponame !== 'string' || reponame === '') throw new Error(`${where}.reponame is required`);
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
    const project = state.project(
      entry.vcsType ?? 'primary-host',
      entry.username,
      entry.reponame,
      entry.config,
    );
    for (const build of entry.builds ?? []) state.addBuild(project, build);
    for (const [name, value] of Object.entries(entry.envvars ?? {})) state.setEnvvar(project, name, value);
    for (const type of entry.checkoutKeys ?? []) await state.createCheckoutKey(project, type);
  }
}

const HOUR = 3_600_000;

/**
 * The example the CLI starts with: `primary-host/octo-org/octo-repo` with finished builds (a success with
 * artifacts, a failure with a failing test, a fix, a newer success), a variable and a deploy key.
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
        config: { queuedMs: 1000, runMs: 5000 },
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
