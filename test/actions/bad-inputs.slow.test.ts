// Bad input, per action, through the committed bundle run as the runner runs it: exit 1, exactly one
// `::error::` line naming the input, no stack trace, nothing sent to the server, and no secret visible.
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAction } from '../harness/runner.ts';
import { startRecorder, type Recorder } from '../helpers/recorder.ts';

const TOKEN = 'tok-Very-Secret-4711';
const VALUE = 'value-Very-Secret-0815';
const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
const encryptedKey = rsa.privateKey
  .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'pw' })
  .toString();
const ed25519Key = generateKeyPairSync('ed25519')
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

let server: Recorder;
beforeAll(async () => (server = await startRecorder()));
afterAll(() => server.close());

type Row = [action: string, inputs: Record<string, string>, input: string];

const rows: Row[] = [
  // common inputs, on every kind of action
  ['clear-cache', { token: '' }, 'token'],
  ['clear-cache', { 'base-url': 'https://ci.example.com/api/v3' }, 'base-url'],
  ['clear-cache', { 'base-url': 'not a url' }, 'base-url'],
  ['clear-cache', { 'vcs-type': 'github' }, 'vcs-type'],
  ['clear-cache', { username: 'a/b' }, 'username'],
  ['set-envvar', {}, 'name'],
  ['set-envvar', { name: 'BAD-NAME', value: VALUE }, 'name'],
  ['set-envvar', { name: 'GOOD' }, 'value'],
  ['set-envvar', { value: VALUE }, 'name'],
  ['set-envvar', { variables: `A=${VALUE}\nnot an assignment` }, 'variables'],
  ['set-envvar', { variables: `A=${VALUE}\nA=${VALUE}` }, 'variables'],
  ['set-envvar', { name: 'A', value: VALUE, delete: 'A' }, 'delete'],
  ['set-envvar', { delete: 'has space' }, 'delete'],
  ['add-ssh-key', {}, 'ssh-key'],
  ['add-ssh-key', { 'ssh-key': encryptedKey }, 'ssh-key'],
  ['add-ssh-key', { 'ssh-key': ed25519Key }, 'ssh-key'],
  ['add-ssh-key', { 'ssh-key': 'ssh-rsa AAAAB3Nza public-key' }, 'ssh-key'],
  ['general', {}, 'command'],
  ['general', { command: 'delete-everything' }, 'command'],
  ['general', { command: 'build' }, 'build-num'],
  ['general', { command: 'build', 'build-num': '0' }, 'build-num'],
  ['general', { command: 'build', 'build-num': 'latest' }, 'build-num'],
  ['general', { command: 'me', 'build-num': '3' }, 'build-num'],
  ['general', { command: 'builds', limit: '101' }, 'limit'],
  ['general', { command: 'builds', offset: '-1' }, 'offset'],
  ['general', { command: 'builds', 'status-filter': 'queued' }, 'status-filter'],
  ['general', { command: 'latest-artifacts', 'status-filter': 'running' }, 'status-filter'],
  ['general', { command: 'trigger', tag: 'v1', revision: 'abc' }, 'revision/tag'],
  ['general', { command: 'trigger', parallel: '0' }, 'parallel'],
  ['general', { command: 'trigger', params: '{"A": ' }, 'params'],
  ['general', { command: 'trigger', params: '{"A": {"nested": true}}' }, 'params'],
  ['general', { command: 'retry', 'build-num': '5', ssh: 'yes' }, 'ssh'],
  ['general', { command: 'create-checkout-key', 'key-type': 'github-user-key' }, 'key-type'],
  ['general', { command: 'add-envvar', name: 'X' }, 'value'],
  ['general', { command: 'add-platform-key' }, 'apikey'],
  ['general', { command: 'add-ssh-key', 'ssh-key': encryptedKey }, 'ssh-key'],
  ['general', { command: 'builds', 'all-pages': 'maybe' }, 'all-pages'],
  ['trigger-build', { wait: 'yes' }, 'wait'],
  ['trigger-build', { parallel: '0' }, 'parallel'],
  ['trigger-build', { parallel: '1.5' }, 'parallel'],
  ['trigger-build', { tag: 'v1', revision: 'abc' }, 'revision/tag'],
  ['trigger-build', { params: '{"A": [1]}' }, 'params'],
  ['trigger-build', { 'wait-timeout-minutes': 'soon' }, 'wait-timeout-minutes'],
  ['trigger-build', { 'poll-interval-seconds': '0' }, 'poll-interval-seconds'],
  ['trigger-build', { 'cancel-on-abort': 'sure' }, 'cancel-on-abort'],
  ['trigger-build', { wait: 'true', 'allowed-outcomes': 'green' }, 'allowed-outcomes'],
  ['wait-for-build', {}, 'revision'],
  ['wait-for-build', { revision: 'abc12' }, 'revision'],
  ['wait-for-build', { revision: 'not-a-commit' }, 'revision'],
  ['wait-for-build', { 'build-num': 'latest' }, 'build-num'],
  ['wait-for-build', { revision: 'abcdef1', 'allowed-outcomes': 'success\npassed' }, 'allowed-outcomes'],
  ['wait-for-build', { revision: 'abcdef1', 'allowed-outcomes': '*, failed' }, 'allowed-outcomes'],
  ['wait-for-build', { revision: 'abcdef1', 'settle-seconds': '-1' }, 'settle-seconds'],
  ['wait-for-build', { revision: 'abcdef1', 'appear-timeout-minutes': '0' }, 'appear-timeout-minutes'],
  ['wait-for-build', { revision: 'abcdef1', 'wait-timeout-minutes': 'soon' }, 'wait-timeout-minutes'],
  ['wait-for-build', { revision: 'abcdef1', 'poll-interval-seconds': '0' }, 'poll-interval-seconds'],
  ['wait-for-build', { revision: 'abcdef1', branch: 'ma\tin' }, 'branch'],
  ['wait-for-serial', { 'build-num': 'mine' }, 'build-num'],
  ['wait-for-serial', { 'wait-timeout-minutes': '-5' }, 'wait-timeout-minutes'],
  ['wait-for-serial', { 'poll-interval-seconds': 'often' }, 'poll-interval-seconds'],
  ['fetch-artifacts', { 'build-num': 'newest' }, 'build-num'],
  ['fetch-artifacts', { 'status-filter': 'running' }, 'status-filter'],
  ['fetch-artifacts', { concurrency: '33' }, 'concurrency'],
  ['fetch-artifacts', { concurrency: '0' }, 'concurrency'],
  ['fetch-artifacts', { 'if-no-artifacts': 'panic' }, 'if-no-artifacts'],
  ['fetch-artifacts', { flatten: 'yes' }, 'flatten'],
  // `.` and `..` would be resolved away in the URL and reach another endpoint
  ['trigger-build', { branch: '..' }, 'branch'],
  ['trigger-build', { branch: '.' }, 'branch'],
  ['trigger-build', { tag: '..' }, 'tag'],
  ['wait-for-serial', { branch: '..' }, 'branch'],
  ['fetch-artifacts', { branch: '..' }, 'branch'],
  ['general', { command: 'delete-checkout-key', fingerprint: '..' }, 'fingerprint'],
  ['general', { command: 'get-checkout-key', fingerprint: '.' }, 'fingerprint'],
  ['general', { command: 'builds', branch: '..' }, 'branch'],
  // build parameters: no name twice, and no __proto__, in either form
  ['trigger-build', { params: '{"A": 1, "A": 2}' }, 'params'],
  ['trigger-build', { params: '{"__proto__": "x"}' }, 'params'],
  ['trigger-build', { params: '__proto__=2' }, 'params'],
  ['trigger-build', { params: 'A=1\nA=2' }, 'params'],
  ['general', { command: 'trigger', params: '{"B": "x", "B": "y"}' }, 'params'],
];

describe('bad input: one clear error, exit 1, nothing sent, no secret visible', () => {
  it.each(
    rows.map(
      ([action, inputs, input]) =>
        [action, Object.keys(inputs).join(', ') || 'nothing', input, inputs] as const,
    ),
  )('%s given %s names %s', async (action, _given, input, inputs) => {
    const before = server.requests.length;
    const result = await runAction(action, {
      inputs: { token: TOKEN, 'base-url': server.baseUrl, ...inputs },
    });
    // `::add-mask::` lines are how a value is masked: the runner consumes them and shows nothing.
    const shown = result.stdout
      .split('\n')
      .filter((line) => !line.startsWith('::add-mask::'))
      .join('\n');
    const seen = `${shown}\n${result.stderr}\n${JSON.stringify(result.outputs)}\n${result.summary}`;
    if (inputs.token !== '') expect(result.stdout).toContain(`::add-mask::${TOKEN}`);
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(new RegExp(`^::error::${input.replace(/[/]/g, '\\/')}: `));
    expect(result.errors[0]).toMatch(
      /allowed|required|give|leave it out|each name once|either set or deleted/,
    );
    expect(seen).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
    expect(server.requests.length - before).toBe(0);
    expect(seen).not.toContain(TOKEN);
    expect(seen).not.toContain(VALUE);
    for (const line of encryptedKey.split('\n').filter((l) => l.length > 20))
      expect(seen).not.toContain(line);
  });
});
