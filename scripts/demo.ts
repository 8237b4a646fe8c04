// `npm start`: a release-gating pipeline on the embedded emulator of the service, run with the committed bundles
// exactly as the GitHub runner runs them (INPUT_* variables, output and summary files, one workspace for the
// job). It sets up the project, sees a build fail, then pass after a fix, waits for an older build, fetches the
// good build's reports and reads its tests. Then the service builds pushes by itself: the gate waits for every
// job of a good push and fetches what its build job made, and the gate of a broken push fails naming its failing
// job. A project only API v2 reaches is named by its slug, and every call of its steps goes to API v2. A release
// held at an approval job on the service is released by the approve action, as a GitHub environment's reviewer
// would, and wait-for-build with its pipeline-id gates the deploy on that pipeline. trigger-build's default
// starts a pipeline through API v2, so the service's sunset of its v1.1 trigger (410 Gone) changes nothing for
// it: last, the same step still gates the deploy. It exits 0 when every step behaved as expected, 1 otherwise.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import {
  API_V2_PREFIX,
  EXAMPLE_TEST_FAILURE,
  startEmulator,
  type EmulatedProject,
  type Emulator,
  type RecordedRequest,
  type V2Exchange,
  type WorkflowSpec,
} from '../emulator/index.ts';
import { contractCheck } from '../test/contract/check.ts';
import { bundlePath, ROOT, runStep, type StepResult } from './runner-env.ts';

const ACTIONS = [
  'set-envvar',
  'add-ssh-key',
  'clear-cache',
  'trigger-build',
  'wait-for-build',
  'wait-for-serial',
  'fetch-artifacts',
  'approve',
  'general',
];
const TOKEN = 'demo-token';
const OWNER = 'octo-org';
const REPO = 'octo-repo';
const BRANCH = 'main';
/** A secret the demo shows never reaches the log unmasked. */
const RELEASE_TOKEN = 'rel-7f3a9c2e-demo-secret';
/** The other build of main: long enough to still run when wait-for-serial starts. */
const OLDER_BUILD_RUN_MS = 8000;
/** A project the service's own app integration connected: only API v2 reaches it, by this opaque slug. */
const SLUG = 'app/4b8e1f60-2c7d-4e9a-b1f3-6d5c0a9e8b72/9a3f5c1e-7b2d-4c6e-8f0a-1e2d3c4b5a69';
/** The approval job of the release workflow, which a GitHub environment's reviewer releases. */
const HOLD_JOB = 'hold-production';

interface Step {
  title: string;
  action: string;
  inputs: Record<string, string>;
  /** Inputs shown as `***` in the demo's own printout. */
  secret?: string[];
  expectedCode: 0 | 1;
  /** Why a failure is the expected behaviour. */
  expectedBecause?: string;
  /** Problems with the result; empty when the step did what it should. */
  check?: (result: StepResult) => string[] | Promise<string[]>;
  /** The step must call API v2 alone: its requests are shown, and one elsewhere is a problem. */
  onlyV2?: true;
}

interface Ran {
  number: number;
  title: string;
  action: string;
  code: number | null;
  ok: boolean;
  result: StepResult;
}

const INDENT = '    ';
const print = (line = ''): void => console.log(line);

/** Turns the runner's workflow commands into what the runner's log shows; masks and debug lines vanish. */
function logLine(line: string): string | undefined {
  const unescape = (text: string): string =>
    text.replace(/%0D/g, '').replace(/%0A/g, `\n${INDENT}  `).replace(/%25/g, '%');
  if (line.startsWith('::add-mask::') || line.startsWith('::debug::') || line === '::endgroup::')
    return undefined;
  const command = /^::(error|warning|notice)(?: ([^:]*))?::(.*)$/.exec(line);
  if (command) {
    const [, kind = '', properties = '', message = ''] = command;
    const property = (name: string): string | undefined =>
      new RegExp(`(?:^|,)${name}=([^,]*)`).exec(properties)?.[1];
    const file = property('file');
    const at = property('line');
    const where = file === undefined ? '' : ` (${unescape(file)}${at === undefined ? '' : `:${at}`})`;
    return `${kind.charAt(0).toUpperCase()}${kind.slice(1)}: ${unescape(message)}${where}`;
  }
  const group = /^::group::(.*)$/.exec(line);
  if (group) return `▸ ${unescape(group[1] ?? '')}`;
  return line;
}

function cut(text: string, max = 160): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function shownInputs(step: Step): string {
  return Object.entries(step.inputs)
    .filter(([name]) => name !== 'token' && name !== 'base-url')
    .map(([name, value]) => {
      if (step.secret?.includes(name)) return `${name}: ***`;
      if (name === 'variables')
        return `${name}: ${value
          .split('\n')
          .map((l) => l.replace(/=.*/, '=***'))
          .join(' ')}`;
      return `${name}: ${value.includes('\n') ? value.split('\n').join(' ') : value}`;
    })
    .join(', ');
}

async function main(): Promise<number> {
  const missing = ACTIONS.filter((action) => !existsSync(bundlePath(action)));
  if (missing.length > 0) {
    console.error(`The bundles of ${missing.join(', ')} are not built: run 'npm run build' first.`);
    return 1;
  }

  const dir = await mkdtemp(join(tmpdir(), 'ci-actions-demo-'));
  const workspace = join(dir, 'workspace');
  const summaries = join(dir, 'summaries');
  await mkdir(summaries, { recursive: true });

  // Every API v2 exchange, held to the service's reference at the end (docs/v2.md, "The service's reference").
  const exchanges: V2Exchange[] = [];
  const emulator = await startEmulator({ token: TOKEN, exchanges: (exchange) => exchanges.push(exchange) });
  const stopOnSignal = (): void => {
    void emulator.close().finally(() => process.exit(130));
  };
  process.once('SIGINT', stopOnSignal);
  try {
    return await pipeline(emulator, workspace, summaries, dir, exchanges);
  } finally {
    process.off('SIGINT', stopOnSignal);
    await emulator.close();
  }
}

async function pipeline(
  emulator: Emulator,
  workspace: string,
  summaries: string,
  dir: string,
  exchanges: readonly V2Exchange[],
): Promise<number> {
  const { state } = emulator;
  // Short builds and reports to fetch; the first build fails on a test until the fix is pushed.
  const project: EmulatedProject = state.project('primary-host', OWNER, REPO, {
    defaultBranch: BRANCH,
    queuedMs: 1000,
    runMs: 1000,
    outcome: 'failed',
    // A pipeline configuration, as every project has today: trigger-build's default starts it through API v2.
    workflows: [{ name: 'build-and-test', jobs: [{ name: 'build' }] }],
    artifacts: [
      { path: 'dist/app.tar.gz', size: 64 * 1024 },
      { path: 'reports/junit.xml', size: 3 * 1024 },
      { path: 'reports/coverage/index.html', size: 20 * 1024 },
      { path: 'reports/coverage/lcov.info', size: 8 * 1024 },
    ],
  });
  state.setEnvvar(project, 'LEGACY_API_KEY', 'old-key');

  const common = { token: TOKEN, 'base-url': emulator.baseUrl };
  const env = {
    GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
    GITHUB_REPOSITORY_OWNER: OWNER,
    GITHUB_REF: `refs/heads/${BRANCH}`,
    GITHUB_REF_NAME: BRANCH,
    GITHUB_REF_TYPE: 'branch',
    GITHUB_EVENT_NAME: 'push',
    GITHUB_WORKFLOW: 'Release',
    GITHUB_JOB: 'release',
  };

  print('Demo: a release-gating pipeline, run with the committed actions against the emulated CI service');
  print(`  service:   ${emulator.baseUrl} (emulated; token "${TOKEN}")`);
  print(`  project:   ${project.slug}, branch ${BRANCH}; builds queue for ~1 s and run for ~1 s`);
  print(`  workspace: ${workspace}`);

  const ran: Ran[] = [];
  const run = async (step: Step): Promise<Ran> => {
    const number = ran.length + 1;
    const id = `${String(number).padStart(2, '0')}-${step.action}`;
    print();
    print(`[${number}] ${step.title}`);
    print(`  uses: ${step.action === 'general' ? './' : `./actions/${step.action}`}`);
    const shown = shownInputs(step);
    if (shown) print(`  with: ${shown}`);
    print('  log:');
    let stopToken: string | undefined;
    if (step.onlyV2) emulator.resetRequests();
    const result = await runStep({
      action: step.action,
      inputs: { ...common, ...step.inputs },
      workspace,
      stepDir: join(dir, 'steps', id),
      env,
      timeoutMs: 90_000,
      onLine: (line) => {
        // Between `::stop-commands::<token>` and `::<token>::` the runner shows every line as it is.
        if (stopToken !== undefined) {
          if (line === `::${stopToken}::`) stopToken = undefined;
          else print(`${INDENT}  ${line}`);
          return;
        }
        const stop = /^::stop-commands::(.+)$/.exec(line);
        if (stop) {
          stopToken = stop[1];
          return;
        }
        const shownLine = logLine(line);
        if (shownLine !== undefined) print(`${INDENT}${shownLine}`);
      },
    });
    const expected =
      result.code === 1 && step.expectedCode === 1
        ? ` (expected: ${step.expectedBecause ?? 'the step fails'})`
        : '';
    print(`  exit code: ${String(result.code ?? result.signal)}${expected}`);
    print('  outputs:');
    const outputs = Object.entries(result.outputs);
    if (outputs.length === 0) print(`${INDENT}(none)`);
    for (const [name, value] of outputs) print(`${INDENT}${name}: ${cut(value.replace(/\n/g, ' '))}`);
    const problems: string[] = [];
    if (result.code !== step.expectedCode) {
      problems.push(`exit code ${String(result.code ?? result.signal)}, expected ${step.expectedCode}`);
    }
    problems.push(...((await step.check?.(result)) ?? []));
    if (step.onlyV2) problems.push(...showRequests(emulator));
    const ok = problems.length === 0;
    const summaryFile = join(summaries, `${id}.md`);
    await writeFile(summaryFile, result.summary === '' ? '_This step wrote no summary._\n' : result.summary);
    print(`  summary: ${summaryFile}`);
    print(ok ? '  ✓ as expected' : `  ✗ NOT as expected: ${problems.join('; ')}`);
    const entry = { number, title: step.title, action: step.action, code: result.code, ok, result };
    ran.push(entry);
    return entry;
  };

  // 1. The project's variables: one from a secret, two plain, and an old one removed.
  await run({
    title: "Set the project's environment variables",
    action: 'set-envvar',
    inputs: {
      name: 'RELEASE_TOKEN',
      value: RELEASE_TOKEN,
      variables: 'DEPLOY_ENV=production\nAPI_URL=https://api.example.com',
      delete: 'LEGACY_API_KEY',
    },
    secret: ['value'],
    expectedCode: 0,
    check: (r) => {
      const problems: string[] = [];
      const vars = state.envvars(project);
      if (vars['RELEASE_TOKEN'] !== RELEASE_TOKEN || vars['DEPLOY_ENV'] !== 'production')
        problems.push('the variables were not set on the service');
      if ('LEGACY_API_KEY' in vars) problems.push('LEGACY_API_KEY was not deleted');
      if (r.outputs['deleted'] !== '["LEGACY_API_KEY"]') problems.push('output deleted is wrong');
      const leaked = `${r.stdout}\n${r.stderr}`
        .split('\n')
        .some((line) => line.includes(RELEASE_TOKEN) && !line.startsWith('::add-mask::'));
      if (leaked) problems.push('the secret value was printed unmasked');
      return problems;
    },
  });

  // 2. An SSH key for the deploy host, made here as a secret would hold it.
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  await run({
    title: 'Add the deploy host’s SSH key',
    action: 'add-ssh-key',
    inputs: { 'ssh-key': privateKey, hostname: 'deploy.example.com' },
    secret: ['ssh-key'],
    expectedCode: 0,
    check: (r) => {
      const stored = state.sshKeys(project).at(-1);
      if (stored === undefined) return ['the service has no SSH key'];
      if (r.outputs['fingerprint'] !== stored.fingerprint)
        return [`fingerprint ${r.outputs['fingerprint'] ?? ''} is not the service's ${stored.fingerprint}`];
      return r.outputs['hostname'] === 'deploy.example.com' ? [] : ['output hostname is wrong'];
    },
  });

  // 3. A release build starts from a clean cache.
  const clearsBefore = state.cacheClears(project);
  await run({
    title: 'Clear the build cache',
    action: 'clear-cache',
    inputs: {},
    expectedCode: 0,
    check: (r) =>
      state.cacheClears(project) === clearsBefore + 1 && r.outputs['message']
        ? []
        : ['the cache was not cleared'],
  });

  // 4. The gated build of the first push: a test fails, so the step fails and nothing is deployed.
  const gate = {
    branch: BRANCH,
    wait: 'true',
    'poll-interval-seconds': '1',
    'wait-timeout-minutes': '2',
  };
  const red = await run({
    title: 'Build the push and wait (a test fails)',
    action: 'trigger-build',
    inputs: gate,
    expectedCode: 1,
    expectedBecause: 'the build failed, so the step fails and the deploy after it would not run',
    check: (r) => {
      const problems: string[] = [];
      if (r.outputs['outcome'] !== 'failed')
        problems.push(`outcome '${r.outputs['outcome'] ?? ''}', expected 'failed'`);
      if (!/^\d+$/.test(r.outputs['build-num'] ?? '')) problems.push('no build-num output');
      if (!r.stdout.split('\n').some((line) => line.startsWith('::error'))) problems.push('no error line');
      return problems;
    },
  });

  // The fix lands; meanwhile a teammate's push to main started a longer build on the service itself.
  state.project('primary-host', OWNER, REPO, { outcome: 'success' });
  const older = state.addBuild(project, {
    branch: BRANCH,
    why: 'primary-host',
    subject: 'Update dependencies',
    queuedMs: 0,
    runMs: OLDER_BUILD_RUN_MS,
    finalOutcome: 'success',
  });
  print();
  print(
    `— A fix for the failing test is pushed. Meanwhile build #${older.build_num} of ${BRANCH} (another push,`,
  );
  print(`  started on the service itself) is running and takes ~${OLDER_BUILD_RUN_MS / 1000} s.`);

  // 5. The gated build of the fix passes.
  const green = await run({
    title: 'Build the fix and wait (it passes)',
    action: 'trigger-build',
    inputs: gate,
    expectedCode: 0,
    check: (r) =>
      r.outputs['outcome'] === 'success'
        ? []
        : [`outcome '${r.outputs['outcome'] ?? ''}', expected 'success'`],
  });
  const greenNum = green.result.outputs['build-num'] ?? '';

  // 6. Deploys go in build order: wait for the older build of main still running.
  const olderRunning = state.getBuild(project, older.build_num)?.lifecycle !== 'finished';
  await run({
    title: `Wait until older builds of ${BRANCH} have finished`,
    action: 'wait-for-serial',
    inputs: {
      branch: BRANCH,
      'build-num': greenNum,
      'poll-interval-seconds': '1',
      'wait-timeout-minutes': '2',
    },
    expectedCode: 0,
    check: (r) => {
      let waitedFor: unknown;
      try {
        waitedFor = JSON.parse(r.outputs['waited-for'] ?? '');
      } catch {
        return ['output waited-for is not JSON'];
      }
      if (!Array.isArray(waitedFor)) return ['output waited-for is not an array'];
      if (olderRunning && !waitedFor.includes(older.build_num))
        return [`it did not wait for build #${older.build_num}`];
      return waitedFor.includes(Number(greenNum)) ? ['it waited for its own build'] : [];
    },
  });
  print();
  print(`— (The deploy step of the workflow runs here, with build #${greenNum}.)`);

  // 7. The good build's reports, without the package.
  await run({
    title: `Fetch the reports of build #${greenNum}`,
    action: 'fetch-artifacts',
    inputs: { 'build-num': greenNum, pattern: 'reports/**', path: 'ci-reports', 'if-no-artifacts': 'fail' },
    expectedCode: 0,
    check: async (r) => {
      const problems: string[] = [];
      let files: string[];
      try {
        files = JSON.parse(r.outputs['files'] ?? '[]') as string[];
      } catch {
        return ['output files is not JSON'];
      }
      if (r.outputs['count'] !== '3' || files.length !== 3)
        problems.push(`count ${r.outputs['count'] ?? ''}, expected 3`);
      for (const file of files) {
        const path = relative(join(workspace, 'ci-reports'), file).split('\\').join('/');
        const expected = state.artifactBytes(project, Number(greenNum), path);
        if (!(await readFile(file)).equals(expected)) problems.push(`${path} differs from the artifact`);
      }
      return problems;
    },
  });

  // 8. Any other call through the general action: the good build's test results.
  await run({
    title: `Read the test results of build #${greenNum} (the general action)`,
    action: 'general',
    inputs: { command: 'tests', 'build-num': greenNum },
    expectedCode: 0,
    check: (r) => {
      try {
        const tests =
          (JSON.parse(r.outputs['result'] ?? '') as { tests?: { result?: string }[] }).tests ?? [];
        const counts = new Map<string, number>();
        for (const t of tests) counts.set(t.result ?? '?', (counts.get(t.result ?? '?') ?? 0) + 1);
        print(`  tests: ${tests.length}, ${[...counts].map(([k, n]) => `${n} ${k}`).join(', ')}`);
        return tests.length > 0 && tests.every((t) => t.result === 'success')
          ? []
          : ['the tests did not all pass'];
      } catch {
        return ['output result is not JSON'];
      }
    },
  });

  // The service builds every push by itself (build → test → deploy); the gate waits for the commit's jobs.
  const workflow = (broken: boolean): WorkflowSpec[] => [
    {
      name: 'build-test-deploy',
      jobs: [
        {
          name: 'build',
          queuedMs: 200,
          runMs: 800,
          artifacts: [
            { path: 'dist/app.tar.gz', size: 64 * 1024 },
            { path: 'dist/checksums.txt', size: 256 },
          ],
        },
        {
          name: 'test',
          requires: ['build'],
          queuedMs: 200,
          runMs: 800,
          ...(broken && {
            outcome: 'failed' as const,
            failure: EXAMPLE_TEST_FAILURE,
          }),
        },
        { name: 'deploy', requires: ['test'], queuedMs: 200, runMs: 400, artifacts: [] },
      ],
    },
  ];
  state.project('primary-host', OWNER, REPO, {
    branches: {
      [BRANCH]: { workflows: workflow(false) },
      'feature/broken': { workflows: workflow(true) },
    },
  });
  const good = state.push(project, { branch: BRANCH, subject: 'Add the login page' });
  const broken = state.push(project, { branch: 'feature/broken', subject: 'Count logins' });
  print();
  print(`— Two pushes the service builds by itself, each with the workflow build → test → deploy:`);
  print(
    `  ${good.revision.slice(0, 12)} to ${BRANCH}, and ${broken.revision.slice(0, 12)} to feature/broken.`,
  );
  const gateInputs = { 'poll-interval-seconds': '1', 'settle-seconds': '1', 'wait-timeout-minutes': '2' };

  // 9. Gate the release on every job of the good push.
  const passed = await run({
    title: `Wait for the builds of ${good.revision.slice(0, 7)} (every job passes)`,
    action: 'wait-for-build',
    inputs: { ...gateInputs, revision: good.revision, branch: BRANCH },
    expectedCode: 0,
    check: (r) => {
      const jobs = parseBuilds(r.outputs['builds']).map((b) => `${b.job}:${b.outcome}`);
      const want = ['build:success', 'test:success', 'deploy:success'];
      return jobs.join() === want.join() ? [] : [`builds ${jobs.join(', ')}, expected ${want.join(', ')}`];
    },
  });
  const buildJob = parseBuilds(passed.result.outputs['builds']).find((b) => b.job === 'build');
  const buildJobNum = String(buildJob?.build_num ?? '');

  // 10. What exactly that commit's build job made, for the deploy: found by commit and job name.
  await run({
    title: `Fetch what the build job of ${good.revision.slice(0, 7)} made`,
    action: 'fetch-artifacts',
    inputs: {
      revision: good.revision,
      job: 'build',
      'status-filter': 'successful',
      pattern: 'dist/**',
      path: 'release',
      'if-no-artifacts': 'fail',
    },
    expectedCode: 0,
    check: async (r) => {
      if (r.outputs['build-num'] !== buildJobNum)
        return [`build-num ${r.outputs['build-num'] ?? ''}, expected the build job's #${buildJobNum}`];
      let files: string[];
      try {
        files = JSON.parse(r.outputs['files'] ?? '[]') as string[];
      } catch {
        return ['output files is not JSON'];
      }
      if (files.length !== 2) return [`${files.length} files, expected 2`];
      const problems: string[] = [];
      for (const file of files) {
        const path = relative(join(workspace, 'release'), file).split('\\').join('/');
        const expected = state.artifactBytes(project, Number(buildJobNum), path);
        if (!(await readFile(file)).equals(expected)) problems.push(`${path} differs from the artifact`);
      }
      return problems;
    },
  });

  // 11. The broken push: its test job fails, so the gate fails and says which job and why.
  await run({
    title: `Wait for the builds of ${broken.revision.slice(0, 7)} (the test job fails, and the log says why)`,
    action: 'wait-for-build',
    inputs: { ...gateInputs, revision: broken.revision },
    expectedCode: 1,
    expectedBecause: 'a job of the commit failed, so the gate fails and nothing would be deployed',
    check: (r) => {
      const problems: string[] = [];
      if (r.outputs['outcome'] !== 'failed')
        problems.push(`outcome '${r.outputs['outcome'] ?? ''}', expected 'failed'`);
      const error = r.stdout.split('\n').find((line) => line.startsWith('::error::')) ?? '';
      if (!error.includes('(job test)')) problems.push('the error does not name the failing job');
      if (r.outputs['failed-step'] !== 'Run tests')
        problems.push(`failed-step '${r.outputs['failed-step'] ?? ''}', expected 'Run tests'`);
      if (!r.stdout.includes('src/login.ts(42,7): error TS2322'))
        problems.push("the log does not show the failed step's output");
      return problems;
    },
  });

  // 12–13. A project the service's own app integration connected: API v1.1 has no route for it, so the steps
  // name it by its slug, and every call they make goes to API v2.
  const slugProject = state.slugProject(SLUG, {
    defaultBranch: BRANCH,
    workflows: [
      {
        name: 'build',
        jobs: [
          {
            name: 'build',
            artifacts: [
              { path: 'dist/site.tar.gz', size: 32 * 1024 },
              { path: 'dist/checksums.txt', size: 256 },
            ],
          },
        ],
      },
    ],
  });
  // A push the service built a minute ago, so its build has long finished.
  const built = state.push(slugProject, {
    branch: BRANCH,
    subject: 'Publish the docs',
    at: Date.now() - 60_000,
  });
  print();
  print(
    '— A second project, connected through the service’s own app integration: API v1.1 has no route for it,',
  );
  print('  and the steps name it by the slug its page on the service shows:');
  print(`  ${SLUG}`);
  print(`  Its push ${built.revision.slice(0, 12)} to ${BRANCH} was built a minute ago.`);
  const bySlug = { 'project-slug': SLUG };

  const slugEnvvar = await run({
    title: 'Set a variable of the project named by its slug',
    action: 'set-envvar',
    inputs: { ...bySlug, variables: 'DOCS_ENV=production' },
    onlyV2: true,
    expectedCode: 0,
    check: (r) => {
      const problems: string[] = [];
      if (state.envvars(slugProject)['DOCS_ENV'] !== 'production')
        problems.push('the variable was not set on the service');
      if (r.outputs['set'] !== '["DOCS_ENV"]') problems.push('output set is wrong');
      return problems;
    },
  });

  const slugFetch = await run({
    title: `Fetch what the build job of ${built.revision.slice(0, 7)} made, in the project named by its slug`,
    action: 'fetch-artifacts',
    inputs: {
      ...bySlug,
      revision: built.revision,
      job: 'build',
      'status-filter': 'successful',
      path: 'site',
      'if-no-artifacts': 'fail',
    },
    onlyV2: true,
    expectedCode: 0,
    check: async (r) => {
      let files: string[];
      try {
        files = JSON.parse(r.outputs['files'] ?? '[]') as string[];
      } catch {
        return ['output files is not JSON'];
      }
      if (files.length !== 2) return [`${files.length} files, expected 2`];
      const jobNumber = Number(r.outputs['build-num']);
      const problems: string[] = [];
      for (const file of files) {
        const path = relative(join(workspace, 'site'), file).split('\\').join('/');
        const expected = state.artifactBytes(slugProject, jobNumber, path);
        if (!(await readFile(file)).equals(expected)) problems.push(`${path} differs from the artifact`);
      }
      return problems;
    },
  });

  // 14–15. A release held at an approval job on the service, released by the reviewer of a GitHub environment
  // (actions/approve/README.md): trigger without waiting, then approve in the job of the environment.
  state.project('primary-host', OWNER, REPO, {
    branches: {
      ...project.config.branches,
      release: {
        workflows: [
          {
            name: 'release',
            jobs: [
              { name: 'build', queuedMs: 200, runMs: 500 },
              { name: HOLD_JOB, type: 'approval', requires: ['build'] },
              { name: 'deploy', requires: [HOLD_JOB], queuedMs: 200, runMs: 400 },
            ],
          },
        ],
      },
    },
  });
  print();
  print(`— The release workflow of branch release holds at the approval job ${HOLD_JOB} before deploy.`);
  const triggered = await run({
    title: 'Start the release pipeline, without waiting for it',
    action: 'trigger-build',
    inputs: { branch: 'release', wait: 'false' },
    expectedCode: 0,
    check: (r) => (/^[0-9a-f-]{36}$/.test(r.outputs['pipeline-id'] ?? '') ? [] : ['no pipeline-id output']),
  });
  const pipelineId = triggered.result.outputs['pipeline-id'] ?? '';
  print();
  print(
    '— The next GitHub job runs in the environment production, whose required reviewer approves it on GitHub;',
  );
  print('  then its steps run: approve releases the hold on the service.');
  await run({
    title: `Approve ${HOLD_JOB} of the pipeline`,
    action: 'approve',
    inputs: {
      'pipeline-id': pipelineId,
      job: HOLD_JOB,
      'wait-for-hold-minutes': '1',
      'poll-interval-seconds': '1',
    },
    expectedCode: 0,
    check: (r) => {
      const problems: string[] = [];
      if (r.outputs['count'] !== '1') problems.push(`count '${r.outputs['count'] ?? ''}', expected 1`);
      let approved: unknown;
      try {
        approved = JSON.parse(r.outputs['approved'] ?? '');
      } catch {
        return [...problems, 'output approved is not JSON'];
      }
      const jobs = Array.isArray(approved) ? approved.map((a: { job?: unknown }) => a.job) : [];
      if (jobs.join() !== HOLD_JOB) problems.push(`approved ${jobs.join(', ')}, expected ${HOLD_JOB}`);
      return problems;
    },
  });
  // 16. The same GitHub job then gates the deploy on exactly that pipeline: the held job goes on, and it ends.
  const released = await run({
    title: 'Wait for the approved pipeline to end (the held job goes on)',
    action: 'wait-for-build',
    inputs: {
      'pipeline-id': pipelineId,
      'poll-interval-seconds': '1',
      'settle-seconds': '1',
      'wait-timeout-minutes': '2',
    },
    expectedCode: 0,
    check: (r) => {
      const problems: string[] = [];
      if (r.outputs['outcome'] !== 'success')
        problems.push(`outcome '${r.outputs['outcome'] ?? ''}', expected 'success'`);
      const jobs = parseBuilds(r.outputs['builds']).map((b) => `${b.job}:${b.outcome}`);
      if (!jobs.includes('deploy:success'))
        problems.push(`builds ${jobs.join(', ')}, without deploy:success`);
      const statuses = (state.pipelineWorkflows(pipelineId) ?? []).flatMap((w) =>
        (state.workflowJobs(w.id) ?? []).map((job) => `${job.name} ${job.status}`),
      );
      print(`  the pipeline on the service: ${statuses.join(', ')}`);
      if (statuses.join() !== `build success,${HOLD_JOB} success,deploy success`)
        problems.push('the pipeline did not end with every job passed');
      return problems;
    },
  });

  // 17. After 2027-02-01 the service answers its v1.1 trigger with 410 Gone; the same step, defaults untouched,
  // never asked v1.1: it starts a pipeline through API v2 as before, and still gates the deploy on every job.
  state.postSunset = true;
  print();
  print('— 2027-02-01: the service removes its v1.1 trigger and retry (410 Gone); API v2 pipelines remain.');
  const sunset = await run({
    title: 'After the sunset: build main and wait, with the same inputs (a pipeline, through API v2)',
    action: 'trigger-build',
    inputs: { wait: 'true', 'poll-interval-seconds': '1', 'wait-timeout-minutes': '2' },
    expectedCode: 0,
    check: (r) => {
      const problems: string[] = [];
      if (r.outputs['outcome'] !== 'success')
        problems.push(`outcome '${r.outputs['outcome'] ?? ''}', expected 'success'`);
      if (!/^\d+$/.test(r.outputs['pipeline-number'] ?? '')) problems.push('no pipeline-number output');
      const jobs = parseBuilds(r.outputs['builds']).map((b) => b.job);
      if (jobs.join(',') !== 'build,test,deploy') problems.push(`builds of jobs ${jobs.join(',')}`);
      if (!/Triggered pipeline #\d+ .* through API v2/.test(r.stdout))
        problems.push('the log does not say a pipeline was triggered');
      return problems;
    },
  });
  print(
    `  The deploy after it would run now: pipeline #${sunset.result.outputs['pipeline-number'] ?? '?'} passed.`,
  );

  print();
  print('Recap');
  for (const step of ran) {
    print(
      `  ${step.ok ? '✓' : '✗'} [${step.number}] ${step.action.padEnd(16)} exit ${String(step.code)}  ${step.title}`,
    );
  }
  print(`  builds: #${red.result.outputs['build-num'] ?? '?'} failed, #${greenNum} passed`);
  print(`  pushes: ${good.revision.slice(0, 7)} passed its gate, ${broken.revision.slice(0, 7)} failed it`);
  const slugSteps = [slugEnvvar, slugFetch];
  print(
    `  the project named by its slug: ${slugSteps.length} steps, ` +
      `${slugSteps.every((step) => step.ok) ? 'every call to API v2' : 'NOT through API v2 alone'}`,
  );
  print(
    `  approval: pipeline #${triggered.result.outputs['pipeline-number'] ?? '?'} held at ${HOLD_JOB}, ` +
      `approved, then ended '${released.result.outputs['outcome'] ?? ''}'`,
  );
  print(
    `  after the sunset: pipeline #${sunset.result.outputs['pipeline-number'] ?? '?'} ended ` +
      `'${sunset.result.outputs['outcome'] ?? ''}' through API v2`,
  );
  print(`  job summaries of every step: ${summaries}`);
  print(`  files the steps left in the workspace: ${workspace}`);
  const offReference = contractCheck().check(exchanges);
  if (offReference.length === 0)
    print(`  API v2: ${exchanges.length} exchanges, each as the service's reference says (test/contract)`);
  else
    for (const problem of offReference) print(`  ✗ API v2 NOT as the service's reference says: ${problem}`);
  const failed = ran.filter((step) => !step.ok);
  if (failed.length > 0 || offReference.length > 0) {
    print(
      `The demo FAILED: ${failed.length} step(s) did not behave as expected, ` +
        `${offReference.length} API v2 exchange(s) broke the service's reference.`,
    );
    return 1;
  }
  print('Every step behaved as expected.');
  return 0;
}

/**
 * Prints the step's calls of the API, the slug shortened, and names each that did not go to API v2; fetching an
 * artifact from the address the service gave for it is a download, not a call.
 */
function showRequests(emulator: Emulator): string[] {
  const isDownload = (request: RecordedRequest): boolean =>
    request.origin === 'second' || emulator.state.findArtifact(request.path) !== undefined;
  const calls = emulator.requests.filter((request) => !isDownload(request));
  const downloads = emulator.requests.length - calls.length;
  print(`  calls of the API: ${calls.length}${downloads > 0 ? `, and ${downloads} artifact downloads` : ''}`);
  for (const request of calls)
    print(`${INDENT}${request.method} ${request.path.replace(SLUG, '{project-slug}')}`);
  if (calls.length === 0) return ['no call reached the API'];
  const elsewhere = calls.filter((request) => !request.path.startsWith(`${API_V2_PREFIX}/`));
  if (elsewhere.length === 0) print(`  every call went to API v2 (${API_V2_PREFIX})`);
  return elsewhere.map((request) => `${request.method} ${request.path} is no API v2 call`);
}

/** The `builds` output of wait-for-build and trigger-build. */
function parseBuilds(
  text: string | undefined,
): { build_num: number; job: string | null; outcome: string | null }[] {
  try {
    const parsed: unknown = JSON.parse(text ?? '');
    return Array.isArray(parsed) ? (parsed as ReturnType<typeof parseBuilds>) : [];
  } catch {
    return [];
  }
}

// Run from the repository root or anywhere else alike.
process.chdir(ROOT);
main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
