// Why a build failed, shown in GitHub: the failed step's group in the log, its block in the summary and one
// annotation. What the runner would do with the log is checked with a parser of workflow commands that applies
// them as the runner does, `::stop-commands::` included; the outputs come from storage servers on 127.0.0.1
// through the real reader, and the log is what @actions/core really writes to stdout.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  codeBlock,
  reportFailedSteps,
  SUMMARY_BUILD_LIMIT,
  type FailureReport,
} from '../../src/runner/build-report.ts';
import { coreIo } from '../../src/runner/io.ts';
import { Client, type ProjectRef } from '../../src/service/v1.ts';
import type { Build } from '../../src/service/records.ts';
import { collectFailedSteps, type FailedStep } from '../../src/service/step-output.ts';
import { Transport } from '../../src/service/http/transport.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import type { ProjectConfig } from '../../emulator/model.ts';
import { FakeClock } from '../emulator/helpers.ts';

const TOKEN = 'failure-log-secret-token-0123456789';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function storage(
  answer: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<string> {
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    req.resume();
    answer(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function serving(body: string): Promise<string> {
  return storage((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
}

function chunks(...messages: string[]): string {
  return JSON.stringify(messages.map((message) => ({ message, time: '2026-01-01T00:00:00Z', type: 'out' })));
}

function build(url: string, action: Record<string, unknown> = {}, containers = [0]): Build {
  return {
    build_num: 7,
    parallel: containers.length,
    steps: [
      { name: 'checkout', actions: [{ index: 0, step: 0, name: 'checkout', status: 'success' }] },
      {
        name: 'compile',
        actions: containers.map((index) => ({
          index,
          step: 1,
          name: 'compile',
          status: 'failed',
          failed: true,
          exit_code: 2,
          bash_command: 'npm run build',
          run_time_millis: 12_000,
          has_output: true,
          output_url: `${url}/out/${index}?X-Amz-Signature=sig`,
          ...action,
        })),
      },
    ],
  };
}

async function collect(b: Build, lines = 50): Promise<FailedStep[]> {
  const transport = new Transport({
    baseUrl: 'http://127.0.0.1:9/api/v1.1',
    token: TOKEN,
    timeouts: { connectMs: 2_000, headersMs: 2_000, bodyIdleMs: 2_000 },
  });
  cleanups.push(() => transport.close());
  return collectFailedSteps({ transport, build: b, lines });
}

/** Runs the report with the real @actions/core, returning what it wrote to stdout. */
function report(b: Build, steps: FailedStep[], secrets: string[] = []): FailureReport & { stdout: string } {
  let stdout = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    return true;
  });
  try {
    return { ...reportFailedSteps(coreIo, { number: b.build_num }, steps, { secrets }), stdout };
  } finally {
    spy.mockRestore();
  }
}

interface Command {
  name: string;
  line: string;
}

/**
 * The workflow commands the runner would act on in `stdout`: `::name ...::data` after any white space (the
 * runner trims Unicode white space, U+0085 included), the older `##[name ...]` anywhere in a line, and nothing
 * between `::stop-commands::<token>` and the command named `<token>` but that resume.
 */
function runnerCommands(stdout: string): Command[] {
  const commands: Command[] = [];
  let stopToken: string | undefined;
  for (const line of stdout.split('\n').map((l) => l.replace(/\r$/, ''))) {
    const trimmed = line.replace(/^[\s\u0085]+/u, '');
    let name: string | undefined;
    let data = '';
    if (trimmed.startsWith('::') && trimmed.indexOf('::', 2) > 2) {
      const end = trimmed.indexOf('::', 2);
      name = trimmed.slice(2, end).split(' ')[0];
      data = trimmed.slice(end + 2);
    } else {
      const v1 = /##\[([^ \]]*)[^\]]*\](.*)$/.exec(line);
      if (v1) [, name = '', data = ''] = v1;
    }
    if (name === undefined || name === '') continue;
    if (stopToken !== undefined) {
      if (name.toLowerCase() === stopToken.toLowerCase()) stopToken = undefined;
      continue;
    }
    if (name === 'stop-commands') {
      stopToken = data;
      continue;
    }
    commands.push({ name, line });
  }
  expect(stopToken, 'every stop-commands fence is closed').toBeUndefined();
  return commands;
}

/** The lines between each `::stop-commands::<token>` and its `::<token>::`. */
function fencedBlocks(stdout: string): string[][] {
  const blocks: string[][] = [];
  let token: string | undefined;
  let block: string[] = [];
  for (const line of stdout.split('\n')) {
    if (token === undefined) {
      const start = /^::stop-commands::(.+)$/.exec(line);
      if (start) [, token] = start;
    } else if (line === `::${token}::`) {
      blocks.push(block);
      block = [];
      token = undefined;
    } else {
      block.push(line);
    }
  }
  return blocks;
}

/**
 * The fenced code blocks of Markdown, as CommonMark reads them: an opening run of 3+ backticks (or tildes) indented
 * at most 3 spaces closes only at a line of at least as many of the same character and nothing else.
 */
function markdownCodeBlocks(markdown: string): string[][] {
  const blocks: string[][] = [];
  let open: { char: string; length: number; lines: string[] } | undefined;
  for (const line of markdown.split('\n')) {
    const fence = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (open === undefined) {
      if (fence?.[1] !== undefined && !(fence[1][0] === '`' && fence[2]?.includes('`'))) {
        open = { char: fence[1][0] ?? '`', length: fence[1].length, lines: [] };
      }
    } else if (
      fence?.[1] !== undefined &&
      fence[1][0] === open.char &&
      fence[1].length >= open.length &&
      fence[2]?.trim() === ''
    ) {
      blocks.push(open.lines);
      open = undefined;
    } else {
      open.lines.push(line);
    }
  }
  if (open !== undefined) blocks.push(open.lines);
  return blocks;
}

describe('reportFailedSteps', () => {
  it('shows the failed step and exactly the last lines of its output, in the log group and the summary', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => `line ${i + 1}`);
    lines[197] = "src/index.ts(12,5): error TS2322: Type 'string' is not assignable to type 'number'.";
    lines[198] = 'npm ERR! code ELIFECYCLE';
    lines[199] = 'Exited with code 2';
    const url = await serving(
      chunks(`${lines.slice(0, 100).join('\n')}\n`, `${lines.slice(100).join('\r\n')}\r\n`),
    );
    const b = build(url);
    const out = report(b, await collect(b, 50));

    expect(out.failedStep).toBe('compile');
    expect(runnerCommands(out.stdout).map((c) => c.name)).toEqual(['group', 'endgroup', 'error']);
    expect(out.stdout).toContain("::group::✗ Build #7: step 'compile' failed (exit code 2, 12 s)\n");
    expect(out.stdout).toContain('The last 50 of its 200 lines of output');
    const expected = ['$ npm run build', '', ...lines.slice(150)];
    expect(fencedBlocks(out.stdout)).toEqual([expected]);
    // The annotation names the build and the step, and says what went wrong.
    expect(out.stdout).toContain(
      "::error title=Build #7 failed at step 'compile' (exit code 2)::src/index.ts(12,5): error TS2322",
    );

    expect(out.summary).toContain('**Failed step:** compile · exit code 2 · 12 s');
    expect(markdownCodeBlocks(out.summary)).toEqual([expected]);
    expect(out.summary).toContain('The last 50 of its 200 lines of output');
  });

  it('lets nothing in the output, the name or the command issue a workflow command or leave its code block', async () => {
    const hostile = [
      '::add-mask::x',
      '::error::pwned',
      '  ::set-env name=NODE_OPTIONS::--require /tmp/evil.js',
      '\u0085::warning::pwned',
      '::stop-commands::other',
      '::other::',
      'text ##[error]pwned in the middle',
      '##[set-output name=x;]pwned',
      '\u001b[31m::error::coloured\u001b[0m',
      'progress 10%\r::error::after a carriage return',
      '```',
      '`````',
      '~~~',
      '</code></pre><img src=x onerror=alert(1)>',
      'error: the real failure',
      'Exited with code 1',
    ];
    const url = await serving(chunks(hostile.join('\n') + '\n'));
    const evilName = 'compile ::error::name\n::add-mask::y ##[error]z';
    const b = build(url, {
      name: evilName,
      bash_command: 'echo hi\n::set-output name=a::b\n##[error]cmd',
    });
    const steps = await collect(b);
    const out = report(b, steps);

    const commands = runnerCommands(out.stdout);
    expect(commands.map((c) => c.name)).toEqual(['group', 'endgroup', 'error']);
    expect(commands[2]?.line).toMatch(
      /^::error title=Build #7 failed at step 'compile %3A%3Aerror%3A%3Aname /,
    );
    expect(commands[2]?.line).toMatch(/::error: the real failure$/);
    // The output is all there, raw but fenced, as a terminal shows it.
    const shown = fencedBlocks(out.stdout)[0] ?? [];
    expect(shown).toContain('::add-mask::x');
    expect(shown).toContain('::error::coloured');
    expect(shown).toContain('::error::after a carriage return');
    expect(shown.join('\n')).not.toContain('\u001b');
    expect(shown).toContain('$ ::set-output name=a::b');
    // A fresh token each time, never one the output could have known.
    const token = /::stop-commands::([0-9a-f]+)\n/.exec(out.stdout)?.[1];
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(report(b, steps).stdout).not.toContain(token);

    const blocks = markdownCodeBlocks(out.summary);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toEqual(shown);
    expect(out.summary.split('\n').at(-1)).toMatch(/^`{6,}$/);
    // Outside the block, the name is Markdown-escaped text on one line.
    expect(out.summary.split('\n')[0]).toBe(
      '**Failed step:** compile ::error::name ::add-mask::y \\#\\#\\[error\\]z · exit code 2 · 12 s',
    );
    expect(out.failedStep).toBe(evilName);
  });

  it('shows each failed container of a parallel step', async () => {
    const url = await storage((req, res) =>
      res.writeHead(200).end(chunks(`failed on ${req.url?.split('?')[0]}\n`)),
    );
    const b = build(url, {}, [0, 1]);
    const out = report(b, await collect(b, 5));
    expect(out.stdout).toContain(
      "::group::✗ Build #7: step 'compile' failed (container 0, exit code 2, 12 s)",
    );
    expect(out.stdout).toContain(
      "::group::✗ Build #7: step 'compile' failed (container 1, exit code 2, 12 s)",
    );
    expect(fencedBlocks(out.stdout).map((block) => block.at(-1))).toEqual([
      'failed on /out/0',
      'failed on /out/1',
    ]);
    expect(runnerCommands(out.stdout).filter((c) => c.name === 'error')).toHaveLength(1);
  });

  it('gives one warning when the output is unavailable, and still names the step', async () => {
    const url = await storage((_req, res) => res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>'));
    const b = build(url);
    const out = report(b, await collect(b));
    const commands = runnerCommands(out.stdout);
    expect(commands.map((c) => c.name)).toEqual(['group', 'endgroup', 'warning', 'error']);
    expect(commands[2]?.line).toMatch(
      /^::warning::Could not show the output of step 'compile' of build #7: .*HTTP 404/,
    );
    expect(commands[2]?.line).not.toContain('X-Amz-Signature');
    expect(commands[3]?.line).toBe(
      "::error title=Build #7 failed at step 'compile' (exit code 2)::Step 'compile' failed (exit code 2)",
    );
    expect(out.failedStep).toBe('compile');
    expect(out.summary).toContain('_Its output could not be shown: ');
  });

  it('gives one warning for the build when several outputs are unavailable', async () => {
    const url = await storage((_req, res) => res.writeHead(404).end());
    const b = build(url, {}, [0, 1, 2]);
    const out = report(b, await collect(b));
    const warnings = runnerCommands(out.stdout).filter((c) => c.name === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.line).toMatch(
      /^::warning::Could not show the output of 3 steps of build #7: 'compile' \(.*HTTP 404/,
    );
    expect(runnerCommands(out.stdout).filter((c) => c.name === 'group')).toHaveLength(3);
  });

  it('with failure-log-lines 0 names the step and prints no output', async () => {
    const url = await serving(chunks('never read\n'));
    const b = build(url);
    const out = report(b, await collect(b, 0));
    expect(out.stdout).not.toContain('never read');
    expect(out.stdout).not.toContain('::stop-commands::');
    expect(runnerCommands(out.stdout).map((c) => c.name)).toEqual(['error']);
    expect(out.stdout).toContain("✗ Build #7: step 'compile' failed (exit code 2, 12 s)\n");
    expect(out.failedStep).toBe('compile');
    expect(out.summary).toBe('**Failed step:** compile · exit code 2 · 12 s');
  });

  it('removes known secrets whole before any line is cut, in the log and the summary', async () => {
    const url = await serving(
      chunks(
        `token=${TOKEN}\n`,
        `${'x'.repeat(1010)}${TOKEN}\n`,
        `${'y'.repeat(490)}${TOKEN}\n`,
        'error: done\n',
      ),
    );
    const b = build(url, { bash_command: `deploy --token ${TOKEN}` });
    const out = report(b, await collect(b), [TOKEN]);
    for (const text of [out.stdout, out.summary]) {
      expect(text).not.toContain(TOKEN.slice(0, 8));
      expect(text).toContain('token=***');
      expect(text).toContain('deploy --token ***');
    }
  });

  it('removes a secret that an escape sequence splits, in the name, the command and the output', async () => {
    const split = `${TOKEN.slice(0, 10)}\u001b[1m\u001b[0m${TOKEN.slice(10)}`;
    const url = await serving(chunks(`login ${split}\n`, `error: refused ${split}\n`));
    const b = build(url, { name: `deploy ${split}`, bash_command: `deploy --token ${split}` });
    const out = report(b, await collect(b), [TOKEN]);
    for (const text of [out.stdout, out.summary, out.failedStep ?? '']) {
      expect(text).not.toContain(TOKEN.slice(0, 8));
      expect(text).not.toContain('\u001b');
    }
    expect(out.stdout).toContain("step 'deploy ***' failed");
    expect(out.stdout).toContain('$ deploy --token ***');
    expect(out.stdout).toMatch(/^::error title=[^\n]*::error: refused \*\*\*$/m);
  });

  it('keeps the summary of a build within its share, the rest of the output in the log only', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `${'x'.repeat(90)} ${i}`);
    const steps: FailedStep[] = Array.from({ length: 12 }, (_, index) => ({
      name: 'test',
      step: 3,
      index,
      parallel: true,
      command: 'make test',
      status: 'failed',
      exitCode: 1,
      durationMs: 1000,
      truncated: false,
      outputUrl: undefined,
      output: { lines, totalLines: 5000, bytes: 500_000 },
    }));
    const out = report({ build_num: 9 }, steps);
    expect(out.summary.length).toBeLessThan(SUMMARY_BUILD_LIMIT + 4096);
    expect(markdownCodeBlocks(out.summary).length).toBeGreaterThanOrEqual(4);
    expect(out.summary).toContain('_Its output is in the log._');
    expect(out.summary).toContain('…and 2 more failed steps, not shown.');
    // The log has every read step's tail in full.
    expect(fencedBlocks(out.stdout)).toHaveLength(10);
    expect(fencedBlocks(out.stdout).every((block) => block.length === 1002)).toBe(true);
    expect(out.stdout).toContain("…and 2 more failed steps of build #9: 'test'");
  });

  it('removes known secrets from why the output could not be shown', async () => {
    const other = 'an-env-var-value-kept-secret';
    const url = await storage((_req, res) =>
      res.writeHead(404, { 'content-type': 'application/json' }).end(`{"message":"no such key: ${other}"}`),
    );
    const b = build(url, { name: '\u001b[1mcompile\u001b[0m' });
    const out = report(b, await collect(b), [TOKEN, other]);
    expect(out.stdout).toMatch(
      /^::warning::Could not show the output of step 'compile' of build #7: .*no such key: \*\*\*/m,
    );
    expect(out.stdout).not.toContain(other);
    expect(out.summary).not.toContain(other);
    expect(out.stdout).not.toContain('\u001b');
  });

  it('leaves the annotation out when asked, and shows the rest', async () => {
    const url = await serving(chunks('error: x\n'));
    const b = build(url);
    const steps = await collect(b);
    let stdout = '';
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stdout += String(chunk);
      return true;
    });
    try {
      expect(reportFailedSteps(coreIo, { number: b.build_num }, steps, { annotate: false }).failedStep).toBe(
        'compile',
      );
    } finally {
      spy.mockRestore();
    }
    expect(runnerCommands(stdout).map((c) => c.name)).toEqual(['group', 'endgroup']);
  });

  it('reports nothing for a build without a failed step', () => {
    const out = report({ build_num: 3 }, []);
    expect(out).toEqual({ failedStep: undefined, summary: '', stdout: '' });
  });
});

describe('codeBlock', () => {
  it('keeps the end of a long output within the limit', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `line ${i}`);
    const block = codeBlock(lines, 1000);
    expect(block.length).toBeLessThan(1100);
    const [inside] = markdownCodeBlocks(block);
    expect(inside?.at(-1)).toBe('line 999');
    expect(inside?.[0]).toMatch(/^… \d+ lines before this are not shown$/);
  });
});

describe('against the emulator', () => {
  let emulator: Emulator;
  let clock: FakeClock;
  let repo = 0;

  beforeAll(async () => {
    clock = new FakeClock();
    emulator = await startEmulator({ clock, defaults: { queuedMs: 1000, runMs: 5000 } });
  });
  afterAll(() => emulator.close());

  /** A finished failed build of a fresh project, as the API gives it in full. */
  async function failed(config: ProjectConfig): Promise<{ client: Client; ref: ProjectRef; build: Build }> {
    const name = `faillog-${++repo}`;
    const project = emulator.state.project('primary-host', 'octo-org', name, config);
    emulator.state.addBuild(project, { outcome: 'failed' });
    const transport = new Transport({
      baseUrl: emulator.baseUrl,
      token: emulator.token,
      timeouts: { connectMs: 2_000, headersMs: 2_000, bodyIdleMs: 2_000 },
    });
    cleanups.push(() => transport.close());
    const client = new Client(transport);
    const ref: ProjectRef = { vcsType: 'primary-host', username: 'octo-org', project: name };
    return { client, ref, build: await client.build(ref, 1) };
  }

  function collectFrom(
    { client, ref, build }: { client: Client; ref: ProjectRef; build: Build },
    lines = 50,
    refresh?: () => Promise<Build>,
  ): Promise<FailedStep[]> {
    return collectFailedSteps({
      transport: client.transport,
      build,
      lines,
      refresh: refresh ?? (() => client.build(ref, build.build_num)),
    });
  }

  it('shows the compiler error of a failed build, fenced, and makes it the annotation', async () => {
    const failure = {
      step: 'Compile',
      command: 'npm run build',
      output: [
        '> tsc -p .',
        '::add-mask::x',
        '::error::pwned',
        "src/app.ts(3,5): error TS2304: Cannot find name 'lgo'.",
      ],
      exitCode: 2,
    };
    const run = await failed({ failure });
    emulator.resetRequests();
    const out = report(run.build, await collectFrom(run));

    expect(out.failedStep).toBe('Compile');
    expect(runnerCommands(out.stdout).map((c) => c.name)).toEqual(['group', 'endgroup', 'error']);
    expect(fencedBlocks(out.stdout)[0]?.slice(-5)).toEqual([
      '::add-mask::x',
      '::error::pwned',
      "src/app.ts(3,5): error TS2304: Cannot find name 'lgo'.",
      '',
      'Exited with code exit status 2',
    ]);
    expect(out.stdout).toContain(
      "::error title=Build #1 failed at step 'Compile' (exit code 2)::src/app.ts(3,5): error TS2304: Cannot find name 'lgo'.",
    );
    // Storage refuses a request that carries a credential (400): none was sent.
    const reads = emulator.requests.filter((r) => r.origin === 'second');
    expect(reads.map((r) => r.headers.authorization)).toEqual([undefined]);
  });

  it('reads the build again once when the output address has expired', async () => {
    const run = await failed({});
    clock.advance(601_000);
    let refreshes = 0;
    emulator.resetRequests();
    const steps = await collectFrom(run, 5, () => {
      refreshes++;
      return run.client.build(run.ref, run.build.build_num);
    });
    expect(refreshes).toBe(1);
    expect(steps[0]?.outputError).toBeUndefined();
    expect(steps[0]?.output?.lines.at(-1)).toBe('Exited with code exit status 1');
    expect(emulator.requests.filter((r) => r.origin === 'second').length).toBe(2);
  });

  it('gives one warning when storage fails, and the step is still named', async () => {
    const run = await failed({});
    emulator.faults.add({ origin: 'second', path: /^\/output\//, kind: 'status', status: 503 });
    const out = report(run.build, await collectFrom(run));
    emulator.faults.clear();
    expect(runnerCommands(out.stdout).map((c) => c.name)).toEqual(['group', 'endgroup', 'warning', 'error']);
    expect(out.failedStep).toBe('Run tests');
  });

  it('reads the tail of a 50 MiB output sent gzip', async () => {
    const run = await failed({ outputBytes: 50 * 1024 * 1024 });
    emulator.resetRequests();
    const [step] = await collectFrom(run, 10);
    expect(emulator.requests.find((r) => r.origin === 'second')?.headers['accept-encoding']).toBe('gzip');
    expect(step?.outputError).toBeUndefined();
    expect(step?.output?.bytes).toBeGreaterThan(50 * 1024 * 1024);
    expect(step?.output?.lines).toHaveLength(10);
    expect(step?.output?.lines.at(-1)).toBe('Exited with code exit status 1');
  }, 60_000);
});
