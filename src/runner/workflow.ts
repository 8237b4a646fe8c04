// Defaults that come from the workflow run: the runner's GITHUB_* variables and the event's payload (the JSON file
// GITHUB_EVENT_PATH names). Each event says what the service builds for it in its own way.
import { readFileSync } from 'node:fs';
import { ValidationError } from '../common/errors.ts';
import { definedOnly, text } from '../common/values.ts';

/** Events whose GITHUB_SHA is not the pull request's head (a merge commit, or the base branch's head). */
const PULL_REQUEST_EVENT = /^pull_request(_target|_review|_review_comment)?$/u;

interface EventPayload {
  pull_request?: {
    number?: unknown;
    head?: { sha?: unknown; repo?: { full_name?: unknown } | null };
    base?: { repo?: { full_name?: unknown } | null };
  };
  issue?: { number?: unknown; pull_request?: unknown };
  release?: { tag_name?: unknown };
  workflow_run?: { head_sha?: unknown };
}

/** The event's payload; `{}` when the runner gave none, an error naming `input` when it cannot be read. */
function readPayload(env: NodeJS.ProcessEnv, input?: string): EventPayload {
  const path = env['GITHUB_EVENT_PATH'];
  if (!path) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return parsed !== null && typeof parsed === 'object' ? (parsed as EventPayload) : {};
  } catch (error) {
    // Without an input to name, an unreadable payload says nothing either way.
    if (input === undefined) return {};
    throw new ValidationError(
      input,
      `give ${input}, or run on an event whose payload GITHUB_EVENT_PATH holds`,
      undefined,
      `the event's payload could not be read from GITHUB_EVENT_PATH (${(error as Error).message})`,
    );
  }
}

const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;

/** A fork's pull request is built from `pull/<number>/head`, as its branch is not in the base repository. */
function forkPullRef(pr: EventPayload['pull_request']): string | undefined {
  const number = positive(pr?.number);
  if (pr === undefined || number === undefined) return undefined;
  const head = text(pr.head?.repo?.full_name);
  const base = text(pr.base?.repo?.full_name);
  return head === undefined || (base !== undefined && head !== base) ? `pull/${number}/head` : undefined;
}

/** The branch or tag (a tag push, a release) the service builds for the workflow's event, if it names one. */
function eventRef(env: NodeJS.ProcessEnv): { branch?: string; tag?: string } {
  const event = env['GITHUB_EVENT_NAME'] ?? '';
  const ref = env['GITHUB_REF'] ?? '';
  const refType = env['GITHUB_REF_TYPE'];
  if (PULL_REQUEST_EVENT.test(event)) {
    const fork = forkPullRef(readPayload(env, 'branch').pull_request);
    if (fork !== undefined) return { branch: fork };
  }
  if (event === 'issue_comment') {
    const issue = readPayload(env, 'branch').issue;
    const number = positive(issue?.number);
    // An issue's comment carries no `pull_request`; only a pull request's does.
    if (number !== undefined && issue?.pull_request) return { branch: `pull/${number}/head` };
  }
  if (event === 'release') {
    const tag = text(readPayload(env, 'tag').release?.tag_name);
    if (tag !== undefined) return { tag };
  }
  const head = env['GITHUB_HEAD_REF'];
  if (head) return { branch: head };
  const name = env['GITHUB_REF_NAME'] || ref.replace(/^refs\/(tags|heads)\//u, '');
  if (refType === 'tag' || ref.startsWith('refs/tags/')) return { tag: name };
  return (refType === 'branch' || ref.startsWith('refs/heads/')) && name ? { branch: name } : {};
}

/** A trigger's branch, tag and revision: the inputs win, and the event's tag counts only when none is given. */
export function triggerRefOf(
  { branch, tag, revision }: Record<'branch' | 'tag' | 'revision', string | undefined>,
  env: NodeJS.ProcessEnv,
): { branch: string; tag?: string; revision?: string } {
  // A branch given makes the event's ref unused: its payload is not even read.
  const event = branch === undefined ? eventRef(env) : {};
  const eventTag = tag === undefined && revision === undefined ? event.tag : undefined;
  return { branch: branch ?? event.branch ?? 'master', ...definedOnly({ tag: tag ?? eventTag, revision }) };
}

/** The commit the service builds for the event, since GITHUB_SHA of a pull request is not its head commit. */
export function workflowRevision(env: NodeJS.ProcessEnv): string | undefined {
  const event = env['GITHUB_EVENT_NAME'] ?? '';
  if (PULL_REQUEST_EVENT.test(event)) {
    if (!env['GITHUB_EVENT_PATH'])
      throw new ValidationError('revision', 'give it', undefined, `GITHUB_EVENT_PATH is not set on ${event}`);
    const head = text(readPayload(env, 'revision').pull_request?.head?.sha);
    if (head !== undefined) return head;
    throw new ValidationError(
      'revision',
      'give it explicitly',
      undefined,
      "the event's payload names no pull request head commit",
    );
  }
  const issue = event === 'issue_comment' ? readPayload(env, 'revision').issue : undefined;
  if (issue?.pull_request)
    throw new ValidationError(
      'revision',
      `give revision or branch (e.g. branch: pull/${positive(issue.number) ?? '<number>'}/head, whose newest ` +
        'build names the commit)',
      undefined,
      "an issue_comment event on a pull request does not carry the pull request's head commit, and " +
        "GITHUB_SHA is the default branch's",
    );
  const head = event === 'workflow_run' ? readPayload(env, 'revision').workflow_run?.head_sha : undefined;
  return text(head) ?? (env['GITHUB_SHA'] || undefined);
}

/** Whether a branch given alone names the commit, through its newest build: on a comment on a pull request. */
export function branchNamesCommit(env: NodeJS.ProcessEnv, revision?: string, branch?: string): boolean {
  if (revision !== undefined || branch === undefined || env['GITHUB_EVENT_NAME'] !== 'issue_comment')
    return false;
  return Boolean(readPayload(env, 'revision').issue?.pull_request);
}

/** Why the `token` input may be empty, for its error: forks' and Dependabot's runs get no ordinary secrets. */
export function emptyTokenHint(env: NodeJS.ProcessEnv): string {
  const event = env['GITHUB_EVENT_NAME'] ?? '';
  const actor = env['GITHUB_ACTOR'] ?? '';
  if (actor === 'dependabot[bot]') {
    return (
      "the run is Dependabot's, and GitHub gives it only the secrets stored for Dependabot (Settings → Secrets " +
      "and variables → Dependabot): add the token there, or skip this step when github.actor is 'dependabot[bot]'"
    );
  }
  const pullRequest = PULL_REQUEST_EVENT.test(event) && event !== 'pull_request_target';
  if (pullRequest && forkPullRef(readPayload(env).pull_request) !== undefined) {
    return (
      'the run is for a pull request from a fork, and GitHub gives such runs no secrets: skip this step for ' +
      'forks (if: github.event.pull_request.head.repo.full_name == github.repository), or run it on ' +
      "pull_request_target, which has secrets, with care: never check out and run the fork's code in that job"
    );
  }
  return (
    'pass the personal API token from a secret, e.g. token: ${{ secrets.CI_TOKEN }}; a secret that does not ' +
    'exist (a misspelled name, or one of an environment the job does not use) is empty'
  );
}

export function workspace(env: NodeJS.ProcessEnv): string {
  return env['GITHUB_WORKSPACE'] || process.cwd();
}
