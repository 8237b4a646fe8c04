// Defaults that come from the workflow run (the runner's GITHUB_* variables).

/**
 * The branch the workflow runs on: the pull request's head branch, else the ref's name when the ref is a branch;
 * `fallback` when it runs on no branch (a tag, a schedule on a detached ref).
 */
export function workflowBranch(env: NodeJS.ProcessEnv, fallback = 'master'): string {
  const head = env['GITHUB_HEAD_REF'];
  if (head) return head;
  const ref = env['GITHUB_REF'] ?? '';
  const isBranch = env['GITHUB_REF_TYPE'] === 'branch' || ref.startsWith('refs/heads/');
  if (isBranch) return env['GITHUB_REF_NAME'] || ref.replace(/^refs\/heads\//, '') || fallback;
  return fallback;
}

/** The workspace the runner checked out into, else the current directory. */
export function workspace(env: NodeJS.ProcessEnv): string {
  return env['GITHUB_WORKSPACE'] || process.cwd();
}
