// The end of a failed step's output, read from its pre-signed storage address: a streaming parse of the JSON
// chunks, a bounded tail as a terminal shows it, gzip, an expired signature refreshed once, no credential sent to
// storage, and every way the output can be unavailable. The storage servers are plain node:http on 127.0.0.1.
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { Build } from '../../src/service/records.ts';
import {
  ChunkParser,
  collectFailedSteps,
  findFailedSteps,
  readStepOutput,
} from '../../src/service/step-output.ts';
import { lastMeaningfulLine } from '../../src/service/step-lines.ts';
import { TerminalTail } from '../../src/common/terminal-tail.ts';
import { Transport } from '../../src/service/http/transport.ts';

const TOKEN = 'step-output-test-token';

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
}

interface Storage {
  origin: string;
  seen: Seen[];
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function storage(
  handler: (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen) => void,
): Promise<Storage> {
  const seen: Seen[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const entry = { url: req.url ?? '', headers: req.headers };
    seen.push(entry);
    req.resume();
    handler(req, res, entry);
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
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** A transport whose API is elsewhere (never reached here): the storage origin is not trusted. */
function transport(bodyIdleMs = 5_000): Transport {
  const t = new Transport({
    baseUrl: 'http://127.0.0.1:9/api/v1.1',
    token: TOKEN,
    timeouts: { connectMs: 2_000, headersMs: 2_000, bodyIdleMs },
  });
  cleanups.push(() => t.close());
  return t;
}

/** The body storage serves: the output as `{message, time, type}` chunks. */
function chunks(...messages: string[]): string {
  return JSON.stringify(messages.map((message) => ({ message, time: '2026-01-01T00:00:00Z', type: 'out' })));
}

function numbered(count: number, from = 1): string {
  let out = '';
  for (let i = from; i < from + count; i++) out += `line ${i}\r\n`;
  return out;
}

/** A build whose step `compile` failed on the given containers, each with its own output address. */
function failedBuild(outputUrl: (index: number) => string | undefined, containers = [0]): Build {
  return {
    build_num: 7,
    parallel: containers.length,
    steps: [
      {
        name: 'checkout',
        actions: containers.map((index) => ({
          index,
          step: 0,
          name: 'checkout',
          status: 'success',
          exit_code: 0,
        })),
      },
      {
        name: 'compile',
        actions: containers.map((index) => {
          const url = outputUrl(index);
          return {
            index,
            step: 1,
            name: 'compile',
            status: 'failed',
            failed: true,
            exit_code: 2,
            bash_command: 'npm run build',
            run_time_millis: 12_000,
            has_output: url !== undefined,
            ...(url === undefined ? {} : { output_url: url }),
          };
        }),
      },
    ],
  };
}

/** Three steps as a real v1.1 build record lists them (a start, a step without output, the tests), names and
 * addresses made neutral. */
const REAL_STEPS: unknown[] = [
  {
    name: 'Start container',
    actions: [
      {
        truncated: false,
        index: 0,
        parallel: true,
        failed: null,
        infrastructure_fail: null,
        name: 'Start container',
        bash_command: null,
        status: 'success',
        timedout: null,
        continue: null,
        end_time: '2016-07-25T17:05:08.003Z',
        source: 'config',
        type: 'infrastructure',
        output_url:
          'https://action-output.storage.example.com/f0e57358127a0e225a646975-octo-org-octo-repo-1-0?X-Amz-Signature=abc',
        start_time: '2016-07-25T17:04:37.077Z',
        background: false,
        exit_code: 0,
        insignificant: false,
        canceled: null,
        step: 1,
        run_time_millis: 30926,
        has_output: true,
      },
    ],
  },
  {
    name: 'Restore source cache',
    actions: [
      {
        truncated: false,
        index: 0,
        parallel: false,
        failed: null,
        infrastructure_fail: null,
        name: 'Restore source cache',
        bash_command: null,
        status: 'success',
        timedout: null,
        continue: null,
        end_time: '2016-07-25T17:05:15.214Z',
        source: 'cache',
        type: 'checkout',
        start_time: '2016-07-25T17:05:14.984Z',
        background: false,
        exit_code: null,
        insignificant: false,
        canceled: null,
        step: 3,
        run_time_millis: 230,
        has_output: false,
      },
    ],
  },
  {
    name: 'bundle exec rake rubocop && bundle exec rspec -r rspec_junit_formatter --format RspecJunitFormatter -o $CI_TEST_REPORTS/rspec/junit.xml',
    actions: [
      {
        truncated: false,
        index: 0,
        parallel: true,
        failed: null,
        infrastructure_fail: null,
        name: 'bundle exec rake rubocop && bundle exec rspec -r rspec_junit_formatter --format RspecJunitFormatter -o $CI_TEST_REPORTS/rspec/junit.xml',
        bash_command:
          'bundle exec rake rubocop && bundle exec rspec -r rspec_junit_formatter --format RspecJunitFormatter -o $CI_TEST_REPORTS/rspec/junit.xml',
        status: 'success',
        timedout: null,
        continue: null,
        end_time: '2016-07-25T17:06:53.152Z',
        source: 'db',
        type: 'test',
        output_url:
          'https://action-output.storage.example.com/35e57358127a0e2262746975-octo-org-octo-repo-12-0?X-Amz-Signature=abc',
        start_time: '2016-07-25T17:06:46.358Z',
        background: false,
        exit_code: 0,
        insignificant: false,
        canceled: null,
        step: 12,
        run_time_millis: 6794,
        has_output: true,
      },
    ],
  },
];

function tailOf(text: string, lines: number, maxLineLength?: number): string[] {
  const tail = new TerminalTail(lines, maxLineLength);
  tail.write(text);
  tail.end();
  return tail.lines();
}

describe('TerminalTail', () => {
  it('keeps exactly the last lines and counts them all', () => {
    const tail = new TerminalTail(3);
    tail.write(numbered(10));
    tail.end();
    expect(tail.lines()).toEqual(['line 8', 'line 9', 'line 10']);
    expect(tail.totalLines).toBe(10);
  });

  it('shows the last state of a line a \\r went back over, without colours or other escapes', () => {
    const progress = 'Downloading  10%\rDownloading  55%\rDownloading 100%\n';
    const coloured = '\u001b[31;1merror\u001b[0m: \u001b]0;title\u0007broken\u001b(B\n';
    const erased = 'Working...\r\u001b[2KDone\n';
    const spinner = '\u001b[32m⠋\u001b[0m installing\r\u001b[32m⠙\u001b[0m installed\r\r\n';
    expect(tailOf(progress + coloured + erased + spinner, 10)).toEqual([
      'Downloading 100%',
      'error: broken',
      'Done',
      '⠙ installed',
    ]);
  });

  it('drops control characters, the one-character CSI and U+0085, and cuts long lines', () => {
    expect(tailOf('a\u0000b\u0085c\u009b31md\u0007\n', 5)).toEqual(['abcd']);
    expect(tailOf('a\u001b\nb\u001b(\nc\u001b[1\nd\n', 5)).toEqual(['a', 'b', 'c', 'd']);
    expect(tailOf('a\u001b]0;title never ended\nb\u009d8;;x\nc\n', 5)).toEqual(['a', 'b', 'c']);
    expect(tailOf(`${'x'.repeat(50)}\nshort\n`, 5, 10)).toEqual([`${'x'.repeat(10)}…`, 'short']);
  });

  it('gives blank lines at the end no room, and keeps blank lines between others', () => {
    expect(tailOf('a\n\nb\n\n\n\n', 3)).toEqual(['a', '', 'b']);
  });

  it('is the same whatever the pieces the text arrives in', () => {
    const text = 'one\r\ntwo \u001b[1;32mgreen\u001b[0m\rTWO\nthree\u001b]8;;http://x\u001b\\link\n';
    const whole = tailOf(text, 10);
    for (let size = 1; size < 8; size++) {
      const tail = new TerminalTail(10);
      for (let i = 0; i < text.length; i += size) tail.write(text.slice(i, i + size));
      tail.end();
      expect(tail.lines()).toEqual(whole);
    }
    expect(whole).toEqual(['one', 'TWO', 'threelink']);
  });
});

describe('the tail in memory', () => {
  it('holds only its own lines, not the chunks they were cut from', () => {
    // Retained memory is what is left after a collection: measured in a process of its own, started with the gc
    // extension, since setting V8 flags after start-up is undefined behaviour.
    const module = (path: string): string => JSON.stringify(new URL(path, import.meta.url).href);
    const script = `
      import { ChunkParser } from ${module('../../src/service/step-output.ts')};
      import { TerminalTail } from ${module('../../src/common/terminal-tail.ts')};
      const chunk = JSON.stringify([{ message: \`a line that is kept\\n\${'y'.repeat(60_000)}\\n\` }]).slice(1, -1);
      gc();
      const before = process.memoryUsage().heapUsed;
      const tail = new TerminalTail(1000);
      const parser = new ChunkParser((text) => tail.write(text));
      parser.write('[');
      for (let i = 0; i < 1500; i++) parser.write(\`\${chunk},\`);
      gc();
      const retained = process.memoryUsage().heapUsed - before;
      process.stdout.write(JSON.stringify({ lines: tail.lines().length, retained }));
    `;
    const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    const { lines, retained } = JSON.parse(out) as { lines: number; retained: number };
    expect(lines).toBe(1000);
    // 1000 lines of at most 1025 characters: about 1 MiB. Lines that kept their 60 KB chunks would hold 60 MiB.
    expect(retained).toBeLessThan(8 * 1024 * 1024);
  });
});

describe('ChunkParser', () => {
  it('hands on only the messages, escapes decoded, however the body is split', () => {
    const body = JSON.stringify([
      { message: 'a "quoted"\\ \u001b[1m\t', time: 't', type: 'out' },
      { type: 'err', message: 'é 😀 \u2028', extra: { message: 'not this' }, list: ['nor this'] },
      { time: null, n: -1.5e3, ok: true, message: 'end\n' },
    ]);
    const expected = 'a "quoted"\\ \u001b[1m\té 😀 \u2028end\n';
    for (const size of [1, 2, 3, 7, body.length]) {
      let got = '';
      const parser = new ChunkParser((piece) => (got += piece));
      for (let i = 0; i < body.length; i += size) parser.write(body.slice(i, i + size));
      parser.end();
      expect(got).toBe(expected);
    }
  });

  it('hands on a message too long to hold in slices as it comes, every escape whole', () => {
    const message = Array.from({ length: 150_000 }, (_, i) => `ln ${i} é\\ "q" \u0001\n`).join('');
    const body = JSON.stringify([{ time: 't', message, type: 'out' }, { message: 'after\n' }]);
    for (const size of [65_537, 1_048_573]) {
      const pieces: string[] = [];
      const parser = new ChunkParser((piece) => pieces.push(piece));
      for (let i = 0; i < body.length; i += size) parser.write(body.slice(i, i + size));
      parser.end();
      expect(pieces.join('')).toBe(`${message}after\n`);
      expect(pieces.length).toBeGreaterThan(3);
    }
    // A long message followed by more than a slice of white space in the same chunk.
    const padded = `[{"message":"${'m'.repeat(1_500_000)}"${' '.repeat(1_200_000)}}]`;
    let got = '';
    const parser = new ChunkParser((piece) => (got += piece));
    for (let i = 0; i < padded.length; i += 65_536) parser.write(padded.slice(i, i + 65_536));
    parser.end();
    expect(got).toBe('m'.repeat(1_500_000));
  });

  it('refuses a chunk too long to hold outside its message', () => {
    const parser = new ChunkParser(() => {});
    parser.write('[{"message":"x","time":"');
    expect(() => {
      for (let i = 0; i < 40; i++) parser.write('t'.repeat(512 * 1024));
    }).toThrow(/^its body has a chunk longer than 16 MiB outside its message$/);
  });

  it('refuses what is not one JSON array of chunks', () => {
    const parse = (body: string): void => {
      const parser = new ChunkParser(() => {});
      parser.write(body);
      parser.end();
    };
    expect(() => parse('<html>Access Denied</html>')).toThrow(/not the expected JSON/);
    expect(() => parse('{"message":"x"}')).toThrow(/not the expected JSON/);
    expect(() => parse('[{"message":"x"}')).toThrow(/ended before the end/);
    expect(() => parse('[{"message":"x\\q"}]')).toThrow(/bad escape/);
    expect(() => parse('[] []')).toThrow(/not the expected JSON/);
    expect(() => parse(' [ ] ')).not.toThrow();
  });
});

describe('findFailedSteps', () => {
  it('finds none in a real passed build, and the one step a real record marks failed', () => {
    const real: Build = { build_num: 140, parallel: 1, steps: structuredClone(REAL_STEPS) };
    expect(findFailedSteps(real)).toEqual([]);
    const test = (real.steps?.[2] as { actions: Record<string, unknown>[] }).actions[0] ?? {};
    Object.assign(test, { status: 'failed', failed: true, exit_code: 1 });
    expect(findFailedSteps(real)).toEqual([
      {
        name: String(test['name']),
        step: 12,
        index: 0,
        parallel: false,
        command: String(test['bash_command']),
        status: 'failed',
        exitCode: 1,
        durationMs: test['run_time_millis'],
        truncated: false,
        outputUrl: String(test['output_url']),
      },
    ]);
  });

  it('lists each failed container of a parallel step in order, with its facts', () => {
    const build = failedBuild((i) => `https://storage.example/out-${i}?X-Sig=s`, [0, 1, 2]);
    const compile = (build.steps?.[1] as { actions: Record<string, unknown>[] }).actions;
    compile[1] = { ...compile[1], status: 'success', failed: null, exit_code: 0 };
    compile[2] = { ...compile[2], status: 'timedout', failed: null, timedout: true, exit_code: null };
    const found = findFailedSteps(build);
    expect(found.map((s) => [s.name, s.index, s.exitCode, s.status])).toEqual([
      ['compile', 0, 2, 'failed'],
      ['compile', 2, undefined, 'timedout'],
    ]);
    expect(found[0]).toMatchObject({
      step: 1,
      parallel: true,
      command: 'npm run build',
      durationMs: 12_000,
      outputUrl: 'https://storage.example/out-0?X-Sig=s',
    });
  });

  it('leaves out insignificant and cancelled steps', () => {
    const build: Build = {
      build_num: 1,
      steps: [
        { name: 'lint', actions: [{ index: 0, name: 'lint', status: 'failed', insignificant: true }] },
        { name: 'test', actions: [{ index: 0, name: 'test', status: 'canceled', canceled: true }] },
      ],
    };
    expect(findFailedSteps(build)).toEqual([]);
  });
});

describe('lastMeaningfulLine', () => {
  it('picks the compiler error, not the exit notices after it', () => {
    const lines = [
      '> tsc -p .',
      "src/index.ts(12,5): error TS2322: Type 'string' is not assignable to type 'number'.",
      'npm ERR! code ELIFECYCLE',
      'npm ERR! errno 2',
      '',
      'Exited with code 2',
    ];
    expect(lastMeaningfulLine(lines)).toBe(lines[1]);
    expect(lastMeaningfulLine(['make: *** [all] Error 1', 'Killed', 'exit status 137'])).toBe('Killed');
    expect(lastMeaningfulLine(['Exited with code 1'])).toBeUndefined();
    expect(
      lastMeaningfulLine([
        ' FAIL  test/unit/client.test.ts > client gives up after the deadline',
        'AssertionError: expected 3 to equal 2',
        ' ❯ test/unit/client.test.ts:42:17',
        '',
        ' Test Files  1 failed | 2 passed (3)',
        '      Tests  1 failed | 3 passed (4)',
        'Exited with code exit status 1',
      ]),
    ).toBe('AssertionError: expected 3 to equal 2');
    expect(
      lastMeaningfulLine([
        ' RUN  test/a.test.ts',
        'Too long with no output (exceeded 10m0s): context deadline exceeded',
      ]),
    ).toBe('Too long with no output (exceeded 10m0s): context deadline exceeded');
    expect(lastMeaningfulLine(['Compiling...', 'ld: cannot find -lfoo', 'Build finished'])).toBe(
      'ld: cannot find -lfoo',
    );
    expect(lastMeaningfulLine(['step one', 'step two'])).toBe('step two');
  });
});

describe('readStepOutput', () => {
  it('shows exactly the last lines of the output, read without the credential', async () => {
    const body = chunks(numbered(120), numbered(80, 121));
    const s = await storage((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(body),
    );
    const output = await readStepOutput(transport(), `${s.origin}/out?X-Amz-Signature=abc`, { lines: 50 });
    expect(output.lines).toEqual(Array.from({ length: 50 }, (_, i) => `line ${151 + i}`));
    expect(output.totalLines).toBe(200);
    expect(output.bytes).toBe(Buffer.byteLength(body));
    expect(s.seen).toHaveLength(1);
    expect(s.seen[0]?.url).toBe('/out?X-Amz-Signature=abc');
    expect(s.seen[0]?.headers.authorization).toBeUndefined();
    expect(JSON.stringify(s.seen[0]?.headers)).not.toContain(Buffer.from(`${TOKEN}:`).toString('base64'));
  });

  it('decodes gzip when the body is still encoded, and asks for it', async () => {
    const body = chunks(numbered(30), '\u001b[31mError: boom\u001b[0m\n');
    const s = await storage((_req, res) =>
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.from(body))),
    );
    const output = await readStepOutput(transport(), `${s.origin}/out.gz`, { lines: 2 });
    expect(output.lines).toEqual(['line 30', 'Error: boom']);
    expect(output.bytes).toBe(Buffer.byteLength(body));
    expect(s.seen[0]?.headers['accept-encoding']).toBe('gzip');
  });

  it.each([
    ['zlib-wrapped', deflateSync],
    ['raw', deflateRawSync],
  ])('decodes deflate sent %s, as downloads do (one decoder)', async (_form, deflate) => {
    const body = chunks(numbered(30));
    const s = await storage((_req, res) =>
      res.writeHead(200, { 'content-encoding': 'deflate' }).end(deflate(Buffer.from(body))),
    );
    const output = await readStepOutput(transport(), `${s.origin}/out`, { lines: 2 });
    expect(output.lines).toEqual(['line 29', 'line 30']);
  });

  it('calls a broken gzip body an error, not an output', async () => {
    const zipped = gzipSync(Buffer.from(chunks(numbered(5000))));
    const s = await storage((_req, res) =>
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(zipped.subarray(0, zipped.length >> 1)),
    );
    await expect(readStepOutput(transport(), `${s.origin}/x`, { lines: 5 })).rejects.toThrow(
      /could not be decoded|ended before/,
    );
  });

  it('stops at JSON nested deeper than any API answer, with a clear error', async () => {
    const s = await storage((_req, res) =>
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(1024 * 1024, '['))),
    );
    await expect(readStepOutput(transport(), `${s.origin}/deep`, { lines: 5 })).rejects.toThrow(
      /^its body is JSON nested more than 64 levels deep; reading stopped there$/,
    );
  });

  it('resolves a progress line to its last state and strips its colours, however the line is split', async () => {
    const progress = Array.from({ length: 5000 }, (_, i) => `\u001b[36m${i + 1} of 5000\u001b[0m\r`).join('');
    const pieces = progress.match(/[^]{1,7001}/g) ?? [];
    const s = await storage((_req, res) => res.writeHead(200).end(chunks(...pieces, '\n', 'done\n')));
    const output = await readStepOutput(transport(), `${s.origin}/progress`, { lines: 5 });
    expect(output.lines).toEqual(['5000 of 5000', 'done']);
    expect(output.totalLines).toBe(2);
  });

  it('stops at the byte budget of the build', async () => {
    const s = await storage((_req, res) => res.writeHead(200).end(chunks(numbered(100_000))));
    const budget = { limit: 64 * 1024, bytesLeft: 64 * 1024 };
    await expect(readStepOutput(transport(), `${s.origin}/x`, { lines: 5, budget })).rejects.toThrow(
      /passed the 64 KiB read per build/,
    );
  });
});

describe('collectFailedSteps', () => {
  it('reads nothing with lines: 0, and still names the failed step', async () => {
    const s = await storage((_req, res) => res.writeHead(200).end(chunks('x\n')));
    const steps = await collectFailedSteps({
      transport: transport(),
      build: failedBuild(() => `${s.origin}/out`),
      lines: 0,
    });
    expect(steps.map((x) => x.name)).toEqual(['compile']);
    expect(steps[0]?.output).toBeUndefined();
    expect(steps[0]?.outputError).toBeUndefined();
    expect(s.seen).toHaveLength(0);
  });

  it('reads the output of every failed container', async () => {
    const s = await storage((req, res) =>
      res.writeHead(200).end(chunks(`container ${req.url}\n`, 'error: x\n')),
    );
    const steps = await collectFailedSteps({
      transport: transport(),
      build: failedBuild((i) => `${s.origin}/${i}`, [0, 1]),
      lines: 5,
    });
    expect(steps.map((x) => x.output?.lines)).toEqual([
      ['container /0', 'error: x'],
      ['container /1', 'error: x'],
    ]);
  });

  it('shares one byte budget among the steps of a build', async () => {
    const body = chunks(numbered(10_000));
    const s = await storage((_req, res) => res.writeHead(200).end(body));
    const steps = await collectFailedSteps({
      transport: transport(),
      build: failedBuild((i) => `${s.origin}/${i}`, [0, 1, 2]),
      lines: 5,
      maxBytes: Buffer.byteLength(body) * 1.5,
    });
    expect(steps[0]?.output?.lines.at(-1)).toBe('line 10000');
    expect(steps[1]?.outputError).toMatch(/^reading it passed the [\d.]+ KiB read per build$/);
    expect(steps[2]?.outputError).toMatch(/^the build.s outputs passed the [\d.]+ KiB read per build$/);
    expect(s.seen).toHaveLength(2);
  });

  it('reads the build again once when a signature expired, and uses the fresh addresses', async () => {
    const s = await storage((req, res) => {
      if (req.url?.includes('sig=old'))
        res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error/>');
      else res.writeHead(200).end(chunks(`fresh ${req.url}\n`));
    });
    let refreshes = 0;
    const steps = await collectFailedSteps({
      transport: transport(),
      build: failedBuild((i) => `${s.origin}/${i}?sig=old`, [0, 1]),
      lines: 5,
      refresh: async () => {
        refreshes++;
        return failedBuild((i) => `${s.origin}/${i}?sig=new`, [0, 1]);
      },
    });
    expect(refreshes).toBe(1);
    expect(steps.map((x) => x.output?.lines)).toEqual([['fresh /0?sig=new'], ['fresh /1?sig=new']]);
    expect(s.seen.map((x) => x.url)).toEqual(['/0?sig=old', '/0?sig=new', '/1?sig=new']);
  });

  it('gives up after one refresh when the fresh address is refused too', async () => {
    const s = await storage((_req, res) => res.writeHead(403).end('{"message":"Request has expired"}'));
    let refreshes = 0;
    const steps = await collectFailedSteps({
      transport: transport(),
      build: failedBuild((i) => `${s.origin}/${i}?sig=old`),
      lines: 5,
      refresh: async () => {
        refreshes++;
        return failedBuild((i) => `${s.origin}/${i}?sig=new`);
      },
    });
    expect(refreshes).toBe(1);
    expect(s.seen).toHaveLength(2);
    expect(steps[0]?.output).toBeUndefined();
    expect(steps[0]?.outputError).toMatch(/HTTP 403/);
    expect(steps[0]?.outputError).not.toContain('sig=');
  });

  it.each([
    ['404', (res: http.ServerResponse) => res.writeHead(404).end('Not Found'), /HTTP 404/],
    [
      'a reset mid-body',
      (res: http.ServerResponse) => {
        res.writeHead(200);
        res.write(chunks(numbered(10)).slice(0, 40));
        setTimeout(() => res.socket?.destroy(), 20);
      },
      /network error|ECONNRESET|ended before/,
    ],
    [
      'a stall mid-body',
      (res: http.ServerResponse) => {
        res.writeHead(200);
        res.write('[{"message":"line 1\\n"}');
      },
      /timed out/,
    ],
    [
      'HTML',
      (res: http.ServerResponse) => res.writeHead(200).end('<html>oops</html>'),
      /not the expected JSON/,
    ],
  ])('turns %s into the step’s outputError, and the rest still holds', async (_what, answer, expected) => {
    const s = await storage((_req, res) => answer(res));
    const steps = await collectFailedSteps({
      transport: transport(300),
      build: failedBuild(() => `${s.origin}/out?X-Amz-Signature=secretsig`),
      lines: 5,
    });
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ name: 'compile', exitCode: 2 });
    expect(steps[0]?.output).toBeUndefined();
    expect(steps[0]?.outputError).toMatch(expected);
    expect(steps[0]?.outputError).not.toContain('secretsig');
    expect(steps[0]?.outputError).not.toContain(TOKEN);
  });

  it('stops reading when the time for the build runs out, even while bytes keep coming', async () => {
    const s = await storage((_req, res) => {
      res.writeHead(200);
      res.write('[');
      const timer = setInterval(() => res.write('{"message":"tick\\n"},'), 50);
      res.on('close', () => clearInterval(timer));
    });
    const started = Date.now();
    const steps = await collectFailedSteps({
      transport: transport(),
      build: failedBuild(() => `${s.origin}/drip`),
      lines: 5,
      timeoutMs: 500,
    });
    expect(steps[0]?.outputError).toMatch(/no complete output within/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('returns quietly when cancelled', async () => {
    const s = await storage((_req, res) => {
      res.writeHead(200);
      res.write('[');
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const steps = await collectFailedSteps({
      transport: transport(),
      build: failedBuild(() => `${s.origin}/hang`),
      lines: 5,
      signal: controller.signal,
    });
    expect(steps[0]).toMatchObject({ name: 'compile' });
    expect(steps[0]?.output).toBeUndefined();
    expect(steps[0]?.outputError).toBeUndefined();
  });

  it('keeps memory flat while a 150 MB output streams through', async () => {
    const total = 150 * 1024 * 1024;
    const line = `${'progress '.repeat(10)}\u001b[32mok\u001b[0m\r\n`;
    const piece = `{"message":${JSON.stringify(line.repeat(200))},"time":"t","type":"out"},`;
    const s = await storage((_req, res) => {
      // Generated as it is sent, never held: the server's memory does not count against the reader's.
      let sent = 0;
      res.writeHead(200);
      res.write('[');
      const pump = (): void => {
        while (sent < total) {
          sent += piece.length;
          if (!res.write(piece)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end('{"message":"error: the last line\\n","time":"t","type":"err"}]');
      };
      pump();
    });
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 10);
    try {
      const steps = await collectFailedSteps({
        transport: transport(),
        build: failedBuild(() => `${s.origin}/huge`),
        lines: 50,
      });
      const output = steps[0]?.output;
      expect(steps[0]?.outputError).toBeUndefined();
      expect(output?.bytes).toBeGreaterThan(total);
      expect(output?.lines).toHaveLength(50);
      expect(output?.lines.at(-1)).toBe('error: the last line');
      expect(output?.lines.at(-2)).toBe(`${'progress '.repeat(10)}ok`.trimEnd());
    } finally {
      clearInterval(sampler);
    }
    // Holding the body would take 150 MiB as bytes and twice that as a string; the tail is 50 lines. The margin is
    // for garbage not yet collected, which grows when a busy machine delays collection (36 MiB was seen with a
    // 50 MB body), and stays well below what holding the body would take.
    const growth = peak - before;
    expect(growth).toBeLessThan(64 * 1024 * 1024);
  }, 60_000);
});
