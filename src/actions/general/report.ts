// What the general action says came back, in one line for the log and the summary: a count for lists, a build's
// number and status, a key's fingerprint. Never a value: variables come back masked by the service, and every
// secret is redacted again on the way out.
import { plural } from '../../common/format.ts';
import { isRecord as isRow } from '../../common/values.ts';

type Row = Record<string, unknown>;

const rows = (value: unknown): Row[] => (Array.isArray(value) ? value.map((v) => (isRow(v) ? v : {})) : []);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

/** `2 success, 1 failed`: how many rows have each value of `field`. */
function counts(items: Row[], field: string): string {
  const groups = Map.groupBy(items, (item) => text(item[field]) || 'unknown');
  return [...groups].map(([value, group]) => `${group.length} ${value}`).join(', ');
}

/** `build #12 (main, 1a2b3c4): running`, `build #12: success (finished)`. */
function describeBuild(build: unknown): string {
  if (!isRow(build)) return 'no build';
  const where = [text(build['branch']), text(build['vcs_revision'])?.slice(0, 7)].filter(Boolean).join(', ');
  const status = text(build['status']) ?? 'unknown status';
  const outcome = text(build['outcome']);
  const more = outcome !== undefined && outcome !== status ? ` (outcome ${outcome})` : '';
  const url = text(build['build_url']);
  return `build #${text(build['build_num']) ?? '?'}${where ? ` (${where})` : ''}: ${status}${more}${url ? `, ${url}` : ''}`;
}

function describeBuilds(builds: Row[]): string {
  const nums = builds.flatMap((b) => (typeof b['build_num'] === 'number' ? [b['build_num']] : []));
  if (nums.length === 0) return plural(builds.length, 'build');
  // A fold, not a spread: a spread of a huge page overflows the stack.
  const newest = nums.reduce((a, b) => Math.max(a, b));
  const oldest = nums.reduce((a, b) => Math.min(a, b));
  return `${plural(builds.length, 'build')}, #${newest} to #${oldest} (${counts(builds, 'status')})`;
}

/** `2 projects: a, b`: the count, and the first names. */
function describeList(items: Row[], noun: string, field: string): string {
  const names = items.flatMap((i) => text(i[field]) ?? []);
  const more = names.length > 10 ? `, and ${names.length - 10} more` : '';
  const shown = names.length > 0 ? `: ${names.slice(0, 10).join(', ')}${more}` : '';
  return `${plural(items.length, noun)}${shown}`;
}

/** The noun and the naming field of each command that answers a list. */
const LISTS: Record<string, [string, string]> = {
  projects: ['project', 'reponame'],
  artifacts: ['artifact', 'path'],
  'latest-artifacts': ['artifact', 'path'],
  'list-envvars': ['variable', 'name'],
  'list-checkout-keys': ['checkout key', 'fingerprint'],
};

const BUILD_COMMANDS = new Set(['build', 'trigger', 'retry', 'retry-no-cache', 'cancel', 'add-ssh-user']);

export function describeResult(command: string, result: unknown): string {
  const row = isRow(result) ? result : undefined;
  const list = LISTS[command];
  if (BUILD_COMMANDS.has(command)) return describeBuild(result);
  if (list !== undefined) return Array.isArray(result) ? describeList(rows(result), ...list) : 'no list';
  switch (command) {
    case 'me':
      return row ? `signed in as ${text(row['login']) ?? '(no login)'}` : 'no user';
    case 'builds':
    case 'recent-builds':
      return Array.isArray(result) ? describeBuilds(rows(result)) : 'no list';
    case 'tests': {
      // v1.1 answers `{tests}`; v2 the list itself.
      const tests = rows(Array.isArray(result) ? result : row?.['tests']);
      return `${plural(tests.length, 'test')}${tests.length > 0 ? ` (${counts(tests, 'result')})` : ''}`;
    }
    case 'get-envvar':
    case 'add-envvar':
      return row ? `variable ${text(row['name']) ?? '?'} (value hidden)` : 'no variable';
    case 'get-checkout-key':
    case 'create-checkout-key':
      return row
        ? `${text(row['type']) ?? 'key'} ${text(row['fingerprint']) ?? '(no fingerprint)'}`
        : 'no key';
    case 'follow':
      return row?.['following'] === true ? 'following the project' : 'not following';
    case 'clear-cache':
      return (row && (text(row['message']) ?? text(row['status']))) || 'cache cleared';
    case 'delete-envvar':
    case 'delete-checkout-key':
      return (row && (text(row['message']) ?? text(row['status']))) || 'deleted';
    case 'add-ssh-key':
      return 'SSH key added';
    case 'add-platform-key':
      return 'platform key added';
    default:
      return Array.isArray(result) ? plural(result.length, 'item') : 'done';
  }
}
