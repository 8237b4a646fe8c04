// The ref every GitHub event builds: one row per event, each with the payload the runner writes to
// GITHUB_EVENT_PATH and the variables it sets. trigger-build must send the branch or tag the service builds for
// that event, and wait-for-build must wait for the commit the service builds (not a merge commit, not the
// default branch's head). An explicit input wins over the event.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { general, spec as generalSpec } from '../../src/actions/general/general.ts';
import { spec as triggerSpec, triggerBuild } from '../../src/actions/trigger-build/trigger-build.ts';
import { spec as waitSpec, waitForBuild } from '../../src/actions/wait-for-build/wait-for-build.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { fakeClock, PROJECT, requestsTo, runLogic, SLUG, type FakeClock } from './gating-helpers.ts';

const REPO = `${PROJECT.user}/${PROJECT.repo}`;
const FORK = `someone/${PROJECT.repo}`;
const sha = (c: string): string => c.repeat(40);
/** GITHUB_SHA of each row, and the pull requests' head commits. */
const PUSHED = sha('a');
const TAGGED = sha('b');
const MERGE = sha('c');
const HEAD = sha('d');
const BASE = sha('e');
const DEFAULT_HEAD = sha('f');
const RELEASED = sha('1');
const DISPATCHED = sha('2');
const SCHEDULED = sha('3');

function pullRequest(number: number, fromRepo: string, sender = 'octocat'): Record<string, unknown> {
  return {
    action: 'synchronize',
    number,
    pull_request: {
      number,
      head: { ref: 'feature/x', sha: HEAD, repo: { full_name: fromRepo, fork: fromRepo !== REPO } },
      base: { ref: 'main', sha: BASE, repo: { full_name: REPO, fork: false } },
    },
    repository: { full_name: REPO },
    sender: { login: sender },
  };
}

interface Row {
  name: string;
  event: string;
  payload: Record<string, unknown>;
  env: Record<string, string | undefined>;
  inputs?: Record<string, string>;
  /** What trigger-build sends: the branch of the path and the body's tag. */
  branch: string;
  tag?: string | undefined;
  revision?: string | undefined;
  /** The commit wait-for-build waits for, or the text of its error. */
  waitsFor: string | { error: RegExp };
}

const branchRef = (name: string) => ({
  GITHUB_REF: `refs/heads/${name}`,
  GITHUB_REF_NAME: name,
  GITHUB_REF_TYPE: 'branch',
});
const tagRef = (name: string) => ({
  GITHUB_REF: `refs/tags/${name}`,
  GITHUB_REF_NAME: name,
  GITHUB_REF_TYPE: 'tag',
});
const pullRef = (n: number) => ({
  GITHUB_REF: `refs/pull/${n}/merge`,
  GITHUB_REF_NAME: `${n}/merge`,
  GITHUB_REF_TYPE: 'branch',
  GITHUB_HEAD_REF: 'feature/x',
  GITHUB_BASE_REF: 'main',
});

const ROWS: Row[] = [
  {
    name: 'push to a branch',
    event: 'push',
    payload: { ref: 'refs/heads/main', after: PUSHED },
    env: { ...branchRef('main'), GITHUB_SHA: PUSHED },
    branch: 'main',
    waitsFor: PUSHED,
  },
  {
    name: 'push of a tag',
    event: 'push',
    payload: { ref: 'refs/tags/v1.2.3', after: TAGGED },
    env: { ...tagRef('v1.2.3'), GITHUB_SHA: TAGGED },
    branch: 'master',
    tag: 'v1.2.3',
    waitsFor: TAGGED,
  },
  {
    name: 'pull_request from the same repository',
    event: 'pull_request',
    payload: pullRequest(7, REPO),
    env: { ...pullRef(7), GITHUB_SHA: MERGE },
    branch: 'feature/x',
    waitsFor: HEAD,
  },
  {
    name: 'pull_request from a fork',
    event: 'pull_request',
    payload: pullRequest(8, FORK),
    env: { ...pullRef(8), GITHUB_SHA: MERGE },
    branch: 'pull/8/head',
    waitsFor: HEAD,
  },
  {
    name: 'pull_request_target from a fork',
    event: 'pull_request_target',
    payload: pullRequest(9, FORK),
    env: {
      ...branchRef('main'),
      GITHUB_HEAD_REF: 'feature/x',
      GITHUB_BASE_REF: 'main',
      GITHUB_SHA: BASE,
    },
    branch: 'pull/9/head',
    waitsFor: HEAD,
  },
  {
    name: 'issue_comment on a pull request',
    event: 'issue_comment',
    payload: {
      action: 'created',
      issue: { number: 11, pull_request: { url: `https://api.example.com/repos/${REPO}/pulls/11` } },
      comment: { body: '/ci' },
    },
    env: { ...branchRef('main'), GITHUB_SHA: DEFAULT_HEAD },
    branch: 'pull/11/head',
    waitsFor: { error: /^revision: .*issue_comment.*give revision or branch/ },
  },
  {
    name: 'release',
    event: 'release',
    payload: { action: 'published', release: { tag_name: 'v2.0.0', target_commitish: 'main' } },
    env: { ...tagRef('v2.0.0'), GITHUB_SHA: RELEASED },
    branch: 'master',
    tag: 'v2.0.0',
    waitsFor: RELEASED,
  },
  {
    name: 'workflow_dispatch',
    event: 'workflow_dispatch',
    payload: { ref: 'refs/heads/release/1.x', inputs: {} },
    env: { ...branchRef('release/1.x'), GITHUB_SHA: DISPATCHED },
    branch: 'release/1.x',
    waitsFor: DISPATCHED,
  },
  {
    name: 'schedule',
    event: 'schedule',
    payload: { schedule: '0 3 * * *' },
    env: { ...branchRef('main'), GITHUB_SHA: SCHEDULED },
    branch: 'main',
    waitsFor: SCHEDULED,
  },
];

/** Explicit inputs win over every event's default. */
const EXPLICIT: Row[] = [
  {
    ...ROWS[1]!,
    name: 'push of a tag, with branch given',
    inputs: { branch: 'main' },
    branch: 'main',
    tag: undefined,
  },
  {
    ...ROWS[1]!,
    name: 'push of a tag, with revision given',
    inputs: { revision: PUSHED },
    branch: 'master',
    tag: undefined,
    revision: PUSHED,
    waitsFor: PUSHED,
  },
  {
    ...ROWS[3]!,
    name: 'pull_request from a fork, with branch given',
    inputs: { branch: 'feature/x' },
    branch: 'feature/x',
  },
  {
    ...ROWS[5]!,
    name: 'issue_comment on a pull request, with revision given',
    inputs: { revision: HEAD },
    branch: 'pull/11/head',
    revision: HEAD,
    waitsFor: HEAD,
  },
  {
    ...ROWS[6]!,
    name: 'release, with tag given',
    inputs: { tag: 'v1.9.9' },
    tag: 'v1.9.9',
  },
];

let emulator: Emulator;
let clock: FakeClock;
let dir: string;

beforeEach(async () => {
  clock = fakeClock();
  emulator = await startEmulator({ clock });
  emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, { queuedMs: 0, runMs: 1000 });
  dir = await mkdtemp(join(tmpdir(), 'event-refs-'));
});
afterEach(async () => {
  await emulator.close();
});

async function environment(row: Row): Promise<Record<string, string | undefined>> {
  const path = join(dir, `${row.event}.json`);
  await writeFile(path, JSON.stringify(row.payload));
  return {
    GITHUB_REPOSITORY: REPO,
    GITHUB_EVENT_NAME: row.event,
    GITHUB_EVENT_PATH: path,
    // runLogic's defaults name a push to main: each row says its own.
    GITHUB_REF_NAME: undefined,
    GITHUB_REF_TYPE: undefined,
    ...row.env,
  };
}

describe.each([...ROWS, ...EXPLICIT])('$name', (row) => {
  /** Runs one action's logic on the row's event and checks the trigger it sent. */
  async function expectTrigger(
    spec: Parameters<typeof runLogic>[0],
    main: Parameters<typeof runLogic>[1],
    inputs: Record<string, string>,
  ): Promise<void> {
    // The v1.1 trigger's body shows the branch, tag and revision as sent.
    const io = await runLogic(spec, main, {
      emulator,
      clock,
      inputs: { 'trigger-api': 'v1.1', ...inputs },
      env: await environment(row),
    });
    expect(io.failed).toBeUndefined();
    const [post] = requestsTo(emulator, 'POST', /\/tree\//);
    expect(post?.path).toBe(`/project/${SLUG}/tree/${encodeURIComponent(row.branch)}`);
    const body = (post?.body ?? {}) as Record<string, unknown>;
    expect(body['tag']).toBe(row.tag);
    expect(body['revision']).toBe(row.revision);
  }

  it('trigger-build sends the branch or tag the service builds', async () => {
    await expectTrigger(triggerSpec, triggerBuild, { ...row.inputs });
  });

  it("the general action's trigger sends the same", async () => {
    await expectTrigger(generalSpec, general, { command: 'trigger', ...row.inputs });
  });

  it('wait-for-build waits for the commit the service builds', async () => {
    // A finished build of every commit a row names: the one the step reports shows which commit it looked for.
    const byCommit = new Map<string, number>();
    for (const commit of [PUSHED, TAGGED, MERGE, HEAD, BASE, DEFAULT_HEAD, RELEASED, DISPATCHED, SCHEDULED]) {
      byCommit.set(
        commit,
        emulator.state.addBuild(SLUG, { vcs_revision: commit, outcome: 'success', branch: 'main' }).build_num,
      );
    }
    const { branch: _branch, tag: _tag, ...waitInputs } = row.inputs ?? {};
    const io = await runLogic(waitSpec, waitForBuild, {
      emulator,
      clock,
      inputs: { ...waitInputs, 'settle-seconds': '0', 'appear-timeout-minutes': '1' },
      env: await environment(row),
    });
    if (typeof row.waitsFor === 'string') {
      expect(io.failed).toBeUndefined();
      expect(io.outputs['build-num']).toBe(String(byCommit.get(row.waitsFor)));
    } else {
      expect(io.failed).toMatch(row.waitsFor.error);
      expect(emulator.requests).toEqual([]);
    }
  });
});

describe('the pipeline trigger of a project named by its slug', () => {
  // A slug's project has only pipelines: trigger-build and the general action's trigger must send the same ref.
  it.each([ROWS[1]!, ROWS[0]!])('$name: both actions send the ref the service builds', async (row) => {
    const slug = 'circleci/org-id/project-id';
    emulator.state.slugProject(slug, { queuedMs: 0, runMs: 1000 });
    const sent = [];
    for (const [spec, main, inputs] of [
      [triggerSpec, triggerBuild, {}],
      [generalSpec, general, { command: 'trigger' }],
    ] as const) {
      const io = await runLogic(spec, main, {
        emulator,
        clock,
        inputs: { ...inputs, 'project-slug': slug },
        env: await environment(row),
      });
      expect(io.failed).toBeUndefined();
      const posts = emulator.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/pipeline/run'));
      sent.push((posts.at(-1)?.body as Record<string, unknown> | undefined)?.['checkout']);
    }
    expect(sent).toEqual([
      row.tag === undefined ? { branch: row.branch } : { tag: row.tag },
      row.tag === undefined ? { branch: row.branch } : { tag: row.tag },
    ]);
  });
});

describe('an empty token', () => {
  const emptyToken = async (row: Row, env: Record<string, string> = {}) => {
    const io = await runLogic(triggerSpec, triggerBuild, {
      emulator,
      clock,
      inputs: { token: '' },
      env: { ...(await environment(row)), ...env },
    });
    expect(emulator.requests).toEqual([]);
    return io.failed ?? '';
  };

  it('on a pull request from a fork, says GitHub gives such runs no secrets, and what to do', async () => {
    const failed = await emptyToken(ROWS[3]!);
    expect(failed).toMatch(/^token: missing; a value is required: the run is for a pull request from a fork/);
    expect(failed).toContain('skip this step for forks');
    expect(failed).toContain('pull_request_target');
  });

  it("on Dependabot's run, says where Dependabot's secrets are", async () => {
    const failed = await emptyToken(ROWS[2]!, { GITHUB_ACTOR: 'dependabot[bot]' });
    expect(failed).toMatch(/^token: missing; a value is required: the run is Dependabot's/);
  });

  it('elsewhere, says to pass it from a secret, and that a missing secret is empty', async () => {
    for (const row of [ROWS[0]!, ROWS[2]!, ROWS[4]!]) {
      const failed = await emptyToken(row);
      expect(failed).toMatch(
        /^token: missing; a value is required: pass the personal API token from a secret/,
      );
      expect(failed).toContain('a secret that does not exist');
    }
  });
});

describe('wait-for-build on an issue_comment with branch alone', () => {
  it("waits for the commit of the branch's newest build", async () => {
    emulator.state.addBuild(SLUG, { vcs_revision: HEAD, outcome: 'success', branch: 'pull/11/head' });
    const newest = emulator.state.addBuild(SLUG, {
      vcs_revision: MERGE,
      outcome: 'success',
      branch: 'pull/11/head',
    }).build_num;
    emulator.state.addBuild(SLUG, { vcs_revision: DEFAULT_HEAD, outcome: 'failed', branch: 'main' });
    const io = await runLogic(waitSpec, waitForBuild, {
      emulator,
      clock,
      inputs: { branch: 'pull/11/head', 'settle-seconds': '0' },
      env: await environment(ROWS[5]!),
    });
    expect(io.failed).toBeUndefined();
    expect(io.outputs['build-num']).toBe(String(newest));
    expect(io.lines).toContainEqual(
      `The newest build of branch pull/11/head is #${newest}: waiting for commit ${MERGE.slice(0, 12)} on branch pull/11/head`,
    );
  });
});

describe('an unreadable event payload', () => {
  it('is an error naming branch when the event is needed, and unread when branch is given', async () => {
    const env = { ...(await environment(ROWS[3]!)), GITHUB_EVENT_PATH: join(dir, 'missing.json') };
    const needed = await runLogic(triggerSpec, triggerBuild, { emulator, clock, env });
    expect(needed.failed).toMatch(/^branch: the event's payload could not be read from GITHUB_EVENT_PATH/);
    expect(emulator.requests).toEqual([]);
    const given = await runLogic(triggerSpec, triggerBuild, {
      emulator,
      clock,
      inputs: { branch: 'feature/x' },
      env,
    });
    expect(given.failed).toBeUndefined();
  });
});
