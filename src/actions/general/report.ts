// What the general action says came back, in one line for the log and the summary: a count for lists, a build's
// number and status, a key's fingerprint. Never a value: variables come back masked by the service, and every
// secret is redacted again on the way out.

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** `build #12 (main, 1a2b3c4): running`, `build #12: success (finished)`. */
export function describeBuild(build: unknown): string {
  if (!isRow(build)) return 'no build';
  const where = [text(build['branch']), text(build['vcs_revision'])?.slice(0, 7)].filter(Boolean).join(', ');
  const status = text(build['status']) ?? 'unknown status';
  const outcome = text(build['outcome']);
  const more = outcome !== undefined && outcome !== status ? ` (outcome ${outcome})` : '';
  const url = text(build['build_url']);
  return `build #${text(build['build_num']) ?? '?'}${where ? ` (${where})` : ''}: ${status}${more}${url ? `, ${url}` : ''}`;
}

/** The newest and oldest build numbers of a list, and how many of each status. */
function describeBuilds(builds: unknown[]): string {
  const nums = builds.flatMap((b) =>
    isRow(b) && typeof b['build_num'] === 'number' ? [b['build_num']] : [],
  );
  if (nums.length === 0) return plural(builds.length, 'build');
  const statuses = new Map<string, number>();
  for (const b of builds) {
    const status = (isRow(b) && text(b['status'])) || 'unknown';
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  const counts = [...statuses].map(([status, n]) => `${n} ${status}`).join(', ');
  // A fold, not a spread: a spread of a huge page overflows the stack.
  const newest = nums.reduce((a, b) => Math.max(a, b));
  const oldest = nums.reduce((a, b) => Math.min(a, b));
  return `${plural(builds.length, 'build')}, #${newest} to #${oldest} (${counts})`;
}

function describeList(items: unknown[], noun: string, field?: string): string {
  const names =
    field === undefined ? [] : items.flatMap((i) => (isRow(i) && text(i[field]) ? [text(i[field])] : []));
  const shown = names.slice(0, 10).join(', ');
  const more = names.length > 10 ? `, and ${names.length - 10} more` : '';
  return names.length > 0 ? `${plural(items.length, noun)}: ${shown}${more}` : plural(items.length, noun);
}

function describeTests(result: unknown): string {
  const tests = isRow(result) && Array.isArray(result['tests']) ? result['tests'] : [];
  const byResult = new Map<string, number>();
  for (const t of tests) {
    const r = (isRow(t) && text(t['result'])) || 'unknown';
    byResult.set(r, (byResult.get(r) ?? 0) + 1);
  }
  const counts = [...byResult].map(([r, n]) => `${n} ${r}`).join(', ');
  return `${plural(tests.length, 'test')}${counts ? ` (${counts})` : ''}`;
}

function describeKey(key: unknown): string {
  if (!isRow(key)) return 'no key';
  return `${text(key['type']) ?? 'key'} ${text(key['fingerprint']) ?? '(no fingerprint)'}`;
}

function describeMessage(result: unknown, fallback: string): string {
  return (isRow(result) && (text(result['message']) ?? text(result['status']))) || fallback;
}

const BUILD_COMMANDS = new Set(['build', 'trigger', 'retry', 'retry-no-cache', 'cancel', 'add-ssh-user']);

/** One line saying what the call answered. */
export function describeResult(command: string, result: unknown): string {
  if (BUILD_COMMANDS.has(command)) return describeBuild(result);
  switch (command) {
    case 'me':
      return isRow(result) ? `signed in as ${text(result['login']) ?? '(no login)'}` : 'no user';
    case 'projects':
      return Array.isArray(result) ? describeList(result, 'project', 'reponame') : 'no list';
    case 'builds':
    case 'recent-builds':
      return Array.isArray(result) ? describeBuilds(result) : 'no list';
    case 'artifacts':
    case 'latest-artifacts':
      return Array.isArray(result) ? describeList(result, 'artifact', 'path') : 'no list';
    case 'tests':
      return describeTests(result);
    case 'list-envvars':
      return Array.isArray(result) ? describeList(result, 'variable', 'name') : 'no list';
    case 'get-envvar':
    case 'add-envvar':
      return isRow(result) ? `variable ${text(result['name']) ?? '?'} (value hidden)` : 'no variable';
    case 'list-checkout-keys':
      return Array.isArray(result) ? describeList(result, 'checkout key', 'fingerprint') : 'no list';
    case 'get-checkout-key':
    case 'create-checkout-key':
      return describeKey(result);
    case 'follow':
      return isRow(result) && result['following'] === true ? 'following the project' : 'not following';
    case 'clear-cache':
      return describeMessage(result, 'cache cleared');
    case 'delete-envvar':
    case 'delete-checkout-key':
      return describeMessage(result, 'deleted');
    case 'add-ssh-key':
      return 'SSH key added';
    case 'add-platform-key':
      return 'platform key added';
    default:
      return Array.isArray(result) ? plural(result.length, 'item') : 'done';
  }
}
