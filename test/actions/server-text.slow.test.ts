// Text from a hostile server, through the committed bundles run as the runner runs them: it cannot issue workflow
// commands in any form the runner obeys (docs/promises.md, promise 15), and no secret reaches the log, an output or the
// summary in any shape, cut or whole (docs/promises.md, promise 13).
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runnerCommands } from '../harness/commands.ts';
import { runAction, type RunResult } from '../harness/runner.ts';
import { startRecorder, type Recorder } from '../helpers/recorder.ts';
import { PROJECT, SLUG } from './gating-helpers.ts';

const TOKEN = 'tok-Hostile-Server-1234';

/** Every way the runner would take a line for a command, and colour escapes. */
const HOSTILE = [
  'done ##[error]pwned-v1',
  '\r::error::pwned-after-cr',
  '\u0085::error::pwned-after-nel',
  '\u00a0::warning::pwned-after-nbsp',
  '\u001b[31mred\u001b[0m ##[add-mask]secret-shown',
].join(' ');

let servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function recorder(handler: Parameters<typeof startRecorder>[0]): Promise<Recorder> {
  const server = await startRecorder(handler);
  servers.push(server);
  return server;
}

const json = (body: unknown) => (_req: unknown, res: import('node:http').ServerResponse) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** The commands of a run other than the masks our own code issues. */
function commandsOf(result: RunResult): string[] {
  return runnerCommands(result.stdout)
    .filter((c) => c.name !== 'add-mask' && c.name !== 'debug')
    .map((c) => `${c.form} ${c.name}: ${c.message}`);
}

describe('server text issues no workflow command', () => {
  it('clear-cache prints a hostile status without obeying any of it, colour escapes removed', async () => {
    const server = await recorder(json({ status: HOSTILE }));
    const result = await runAction('clear-cache', { inputs: { token: TOKEN, 'base-url': server.baseUrl } });
    expect(result.code).toBe(0);
    expect(commandsOf(result)).toEqual([]);
    expect(result.stdout).toContain('pwned-v1');
    expect(result.stdout).not.toContain('\u001b[');
    // The output is the service's answer as it came: outputs are not log lines.
    expect(result.outputs['message']).toBe(HOSTILE);
  });

  it('trigger-build shows a failed build whose test names, files and messages are hostile', async () => {
    const emulator: Emulator = await startEmulator();
    servers.push(emulator);
    emulator.state.project(PROJECT.vcs, PROJECT.user, PROJECT.repo, {
      queuedMs: 0,
      runMs: 300,
      outcome: 'failed',
      tests: [
        {
          classname: 'suite ##[error]class',
          name: `name ${HOSTILE}`,
          file: 'src/##[warning]file.ts',
          message: '\u0085::error::message\n::set-output name=x::y',
          result: 'failure',
          run_time: 0.1,
          source: 'unknown',
          source_type: 'unknown',
        },
      ],
    });
    const result = await runAction('trigger-build', {
      inputs: {
        token: emulator.token,
        'base-url': emulator.baseUrl,
        wait: 'true',
        'poll-interval-seconds': '1',
      },
    });
    expect(result.code).toBe(1);
    expect(emulator.state.getBuild(SLUG, 1)?.outcome).toBe('failed');
    // Annotations our code issues are allowed; nothing the server wrote may add one.
    const commands = commandsOf(result);
    expect(commands.filter((c) => !/^v2 (error|warning|group|endgroup|notice)\b/.test(c))).toEqual([]);
    expect(commands.filter((c) => c.startsWith('v1 '))).toEqual([]);
    const annotations = commands.filter((c) => /^v2 (error|warning)/.test(c));
    for (const a of annotations) expect(a).not.toMatch(/^v2 (error|warning): (message|pwned)/);
  });
});

describe('no secret in any shape', () => {
  it('masks short set-envvar values too, and keeps them out of everything it writes', async () => {
    const server = await recorder((req, res) =>
      res
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ name: 'X', value: 'xxxxab' })),
    );
    const result = await runAction('set-envvar', {
      inputs: { token: TOKEN, 'base-url': server.baseUrl, variables: 'SHORT=ab\nONE=q' },
    });
    expect(result.code).toBe(0);
    const masks = runnerCommands(result.stdout)
      .filter((c) => c.name === 'add-mask')
      .map((c) => c.message);
    expect(masks).toEqual(expect.arrayContaining([TOKEN, 'ab', 'q']));
    expect(server.requests.map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { name: 'SHORT', value: 'ab' },
      { name: 'ONE', value: 'q' },
    ]);
  });

  it('clear-cache: a status echoing the token is redacted from the output, the log and the summary', async () => {
    const server = await recorder(json({ status: `cleared for ${TOKEN} (${TOKEN.replaceAll('-', ' ')})` }));
    const result = await runAction('clear-cache', { inputs: { token: TOKEN, 'base-url': server.baseUrl } });
    expect(result.code).toBe(0);
    const seen = [result.stdout.replaceAll(`::add-mask::${TOKEN}`, ''), result.stderr, result.summary];
    for (const text of [...seen, JSON.stringify(result.outputs)]) expect(text).not.toContain(TOKEN);
    expect(result.outputs['message']).toContain('cleared for ***');
  });

  it('the general action: an answer echoing the token stays valid JSON without it', async () => {
    const server = await recorder(json({ login: 'octo', note: `token=${TOKEN}`, [TOKEN]: 1 }));
    const result = await runAction('general', {
      inputs: { token: TOKEN, 'base-url': server.baseUrl, command: 'me' },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.outputs['result'] ?? '')).toEqual({
      login: 'octo',
      note: 'token=***',
      '***': 1,
    });
    expect(result.stdout).toContain('me: signed in as octo');
    expect(result.summary).not.toContain(TOKEN);
  });

  it('an error echoing a value set in the same step is redacted before it is cut', async () => {
    const value = `v-${'x'.repeat(40)}-secret-end`;
    const server = await recorder((req, res) =>
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ message: `${'pad '.repeat(70)}value=${JSON.parse(req.body).value as string}` }),
        ),
    );
    const result = await runAction('set-envvar', {
      inputs: { token: TOKEN, 'base-url': server.baseUrl, name: 'LONG', value },
    });
    expect(result.code).toBe(1);
    expect(result.errors).toHaveLength(1);
    // Not the value, and no prefix of it long enough to matter.
    expect(result.errors[0]).not.toContain(value.slice(0, 12));
  });
});
