// Benchmark of fetch-artifacts against curl (docs/promises.md, promise 9 and fetch-artifacts at the speed of the
// network): files served by a real nginx on 127.0.0.1, the artifact listing by a tiny API server of this script whose
// URLs point at nginx, and the committed bundle (dist/fetch-artifacts/index.js) run as a child process with INPUT_*
// variables as the runner does. Runs alternate between the contenders; each figure is the median of --runs.
//
//   npm run build -- fetch-artifacts && npm run bench [-- --runs 5] [--only small|large] [--bundle PATH]...
//                                                     [--tls [--h2]] [--latency MS] [--huge] [--files N]
//                                                     [--profile DIR]
//
// The shape of a real network: `--tls` serves the files over HTTPS (a certificate made for the run, trusted by the
// action through NODE_EXTRA_CA_CERTS and by curl through --cacert), and `--latency MS` puts a relay in front of
// nginx that holds every byte from the client for MS milliseconds, so each answer (and each round trip of a TLS
// handshake) comes at least that much later, as from storage across a network. `--huge` adds a 4 GiB artifact
// for the peak-memory row (its memory must stay within 10% of the 1 GiB one's). `--h2` lets nginx offer HTTP/2 over
// TLS: curl then takes it, and a bundle takes it only if its dispatcher allows it (undici's `allowH2`).
//
// `--profile DIR` runs each action with `--cpu-prof`, its profiles written to DIR (open them in Chrome's DevTools).
// `--files N` sets how many small files there are (800 by default; the 200-file row of docs/performance.md uses
// `--files 200`). `--only small` runs only the small files at concurrency 8 against curl, `--only large` only the 1 GiB and
// 64 MiB cases (quicker, while iterating on one). `--bundle` measures another build of the action, e.g. one of an
// older commit (`mkdir old && git archive REV dist | tar -x -C old`, then
// `--bundle old/dist/fetch-artifacts/index.js`: an entry loads the shared `dist/index.js` beside it). Given
// several times, the bundles take turns within every round, beside the same curl runs, and each gets its table: a
// before and after from one run, where the machine's drift (the disk's writeback above all) falls on all of them
// alike.
//
// Needs nginx and curl (Debian: apt-get install -y nginx curl); without them those comparisons are skipped.
// Everything lives in temporary folders that are removed at the end. Downloads are kept until then (about 14 GiB
// at 5 runs): deleting a large file makes the file system discard its blocks while the next contender is timed.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve as resolvePath } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;
const ROOT = join(import.meta.dirname, '..');
const SMALL_SIZE = 256 * KiB;
const TOKEN = 'bench-token';

/** The command line, strictly: an unknown option, a missing value or a bad number is an error, not a default. */
function options(): {
  runs: number;
  only: 'small' | 'large' | undefined;
  bundles: string[];
  tls: boolean;
  h2: boolean;
  latency: number;
  huge: boolean;
  files: number;
  profile: string | undefined;
} {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      only: { type: 'string' },
      bundle: { type: 'string', multiple: true },
      tls: { type: 'boolean', default: false },
      h2: { type: 'boolean', default: false },
      latency: { type: 'string', default: '0' },
      huge: { type: 'boolean', default: false },
      files: { type: 'string', default: '800' },
      profile: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (!/^\d+$/u.test(values.runs) || Number(values.runs) < 1) {
    throw new Error(`--runs: a whole number (at least 3 are run), not '${values.runs}'`);
  }
  if (values.h2 && !values.tls) throw new Error('--h2: only with --tls (HTTP/2 is offered by TLS ALPN)');
  if (!/^\d+$/u.test(values.latency)) throw new Error(`--latency: milliseconds, not '${values.latency}'`);
  if (!/^\d+$/u.test(values.files) || Number(values.files) < 1) {
    throw new Error(`--files: a whole number of small files, at least 1, not '${values.files}'`);
  }
  const only = values.only;
  if (only !== undefined && only !== 'small' && only !== 'large') {
    throw new Error(`--only: 'small' or 'large', not '${only}'`);
  }
  return {
    runs: Math.max(3, Number(values.runs)),
    only,
    bundles: (values.bundle ?? [join(ROOT, 'dist/fetch-artifacts/index.js')]).map((b) => resolvePath(b)),
    tls: values.tls,
    h2: values.h2,
    latency: Number(values.latency),
    huge: values.huge,
    files: Number(values.files),
    profile: values.profile === undefined ? undefined : resolvePath(values.profile),
  };
}

let parsed: ReturnType<typeof options>;
try {
  parsed = options();
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  console.error(
    'usage: npm run bench -- [--runs N] [--only small|large] [--bundle PATH]... [--tls [--h2]] [--latency MS] [--huge] [--files N] [--profile DIR]',
  );
  process.exit(2);
}
const { runs, only, tls, h2, latency, huge } = parsed;
const SMALL_COUNT = parsed.files;
const BUNDLES = parsed.bundles;
const onlySmall = only === 'small';
/** How the files are served, for the report. */
const served = tls ? (h2 ? 'HTTPS (HTTP/2 offered)' : 'HTTPS') : 'HTTP';
const onlyLarge = only === 'large';

interface Timed {
  ms: number;
  /** Peak resident memory of the action's process, bytes (action runs only). */
  peakRss?: number;
  /** CPU time of the action's process (user and system), ms: steadier than wall time on a busy machine. */
  cpuMs?: number;
}

function which(command: string, extra: string[] = []): string | undefined {
  const dirs = [...(process.env['PATH'] ?? '').split(delimiter), ...extra];
  for (const dir of dirs) {
    const candidate = join(dir, command);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Writes dirty pages out (sync(1)), so that one run's writes are not flushed during the next one's time. */
function flushDisk(): Promise<void> {
  return new Promise((resolve, reject) => {
    spawn('sync', { stdio: 'ignore' })
      .once('error', reject)
      .once('close', () => resolve());
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Writes `size` bytes of incompressible data in large pieces (a 1 GiB file without holding it in memory). */
async function makeFile(path: string, size: number, piece: Buffer): Promise<void> {
  const handle = await open(path, 'w', 0o644);
  try {
    for (let written = 0; written < size;) {
      const n = Math.min(piece.length, size - written);
      await handle.write(piece, 0, n, written);
      written += n;
    }
  } finally {
    await handle.close();
  }
  await chmod(path, 0o644);
}

// ---------------------------------------------------------------------------------------------------------------
// nginx with a config of its own, on a free port, serving `data` (readable by all: its workers drop privileges).

interface Nginx {
  origin: string;
  port: number;
  stop(): Promise<void>;
}

/** A key and a self-signed certificate for 127.0.0.1, made for the run. */
async function makeCertificate(dir: string): Promise<{ cert: string; key: string }> {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const child = spawn(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'].concat([
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ]),
    { stdio: 'ignore' },
  );
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0)
    throw new Error('openssl could not make a certificate (Debian: apt-get install -y openssl)');
  await chmod(key, 0o644);
  return { cert, key };
}

/**
 * A relay in front of `port` that holds each chunk from the client `ms` milliseconds before passing it on (in
 * order); the server's bytes go back at once. Every answer thus comes at least `ms` after its request. Both of its
 * sockets send at once (no Nagle): a network delays segments but never holds one back until the last is
 * acknowledged, and with Nagle here a response's last segment waited for the client's delayed ACK (40 ms).
 */
async function startRelay(port: number, ms: number): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer({ noDelay: true }, (client) => {
    const upstream = net.connect({ port, host: '127.0.0.1', noDelay: true });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('data', (chunk) => setTimeout(() => upstream.write(chunk), ms));
    client.on('end', () => setTimeout(() => upstream.end(), ms));
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function startNginx(
  binary: string,
  dir: string,
  data: string,
  certificate?: { cert: string; key: string },
): Promise<Nginx> {
  const port = await freePort();
  const prefix = join(dir, 'nginx');
  await mkdir(prefix, { recursive: true });
  const conf = join(prefix, 'nginx.conf');
  const temp = (name: string): string => `${name}_temp_path ${join(prefix, name)};`;
  await writeFile(
    conf,
    `worker_processes 2;
daemon off;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  default_type application/octet-stream;
  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}
  server {
    listen 127.0.0.1:${port}${certificate === undefined ? '' : h2 ? ' ssl http2' : ' ssl'};
    ${certificate === undefined ? '' : `ssl_certificate ${certificate.cert}; ssl_certificate_key ${certificate.key};`}
    root ${data};
    location / { }
  }
}
`,
  );
  const child = spawn(binary, ['-p', prefix, '-c', conf, '-e', join(prefix, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `${certificate === undefined ? 'http' : 'https'}://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx did not start: ${stderr.trim()}`);
    // Whether it listens: a TLS handshake is not needed to know that.
    const ok = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1', () => {
        probe.destroy();
        resolve(true);
      });
      probe.on('error', () => resolve(false));
    });
    if (ok) break;
    if (i > 100) {
      // SIGTERM, nginx's fast shutdown, takes its workers down too; a SIGKILL would leave them orphaned.
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      const log = await readFile(join(prefix, 'error.log'), 'utf8').catch(() => '');
      throw new Error(`nginx did not answer on ${origin}: ${stderr}${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    origin,
    port,
    stop: async () => {
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The API: build 1 lists the small files, build 2 the 1 GiB file, build 3 the 64 MiB one, all on nginx.

async function startApi(
  builds: Record<string, { path: string; url: string }[]>,
): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const match = /^\/api\/v1\.1\/project\/primary-host\/bench\/bench\/(\d+)\/artifacts$/u.exec(
      req.url ?? '',
    );
    const list = match ? builds[match[1] ?? ''] : undefined;
    if (!list) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
      return;
    }
    const body = JSON.stringify(
      list.map((a) => ({ path: a.path, pretty_path: a.path, node_index: 0, url: a.url })),
    );
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/api/v1.1`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Contenders.

/** The certificate the files are served with, when --tls. */
let caFile: string | undefined;

const metadata = parse(await readFile(join(ROOT, 'actions/fetch-artifacts/action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
};

/** Runs the bundle as the runner does; the peak RSS is read by a preload from the process's own rusage at exit. */
async function runAction(
  bundle: string,
  dir: string,
  benchDir: string,
  apiBase: string,
  buildNum: number,
  inputs: Record<string, string>,
  expect: { count: number; bytes: number },
): Promise<Timed> {
  const work = await mkdtemp(join(dir, 'run-'));
  const dest = join(work, 'out');
  const files = { output: join(work, 'output'), summary: join(work, 'summary'), rss: join(work, 'rss') };
  await writeFile(files.output, '');
  await writeFile(files.summary, '');
  const given: Record<string, string> = {
    token: TOKEN,
    'base-url': apiBase,
    username: 'bench',
    project: 'bench',
    'build-num': String(buildNum),
    path: dest,
    ...inputs,
  };
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: work,
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: work,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    // As on a runner: the action writes its list of files there (else in the system's temporary folder, where
    // nothing would remove it).
    RUNNER_TEMP: work,
    BENCH_RSS_FILE: files.rss,
    ...(caFile === undefined ? {} : { NODE_EXTRA_CA_CERTS: caFile }),
  };
  for (const [name, input] of Object.entries(metadata.inputs)) {
    env[`INPUT_${name.toUpperCase()}`] = given[name] ?? input.default ?? '';
  }
  const probe = join(benchDir, 'rss-probe.mjs');
  const started = performance.now();
  const profile = parsed.profile === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', parsed.profile];
  const child = spawn(process.execPath, [...profile, '--import', probe, bundle], {
    cwd: work,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (out += c));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const ms = performance.now() - started;
  const outputs = await readFile(files.output, 'utf8');
  const count = /count<<.*\n(\d+)\n/u.exec(outputs)?.[1];
  const bytes = /bytes<<.*\n(\d+)\n/u.exec(outputs)?.[1];
  if (code !== 0 || Number(count) !== expect.count || Number(bytes) !== expect.bytes) {
    throw new Error(`the action failed (exit ${code}, count ${count}, bytes ${bytes}):\n${out.slice(-3000)}`);
  }
  const [rssKiB, cpuMicros] = (await readFile(files.rss, 'utf8')).split(' ').map(Number);
  return { ms, peakRss: (rssKiB ?? 0) * KiB, cpuMs: (cpuMicros ?? 0) / 1000 };
}

async function runCurl(curl: string, dir: string, urls: string[], parallel: number): Promise<Timed> {
  const work = await mkdtemp(join(dir, 'curl-'));
  const config = join(work, 'curl.cfg');
  await writeFile(
    config,
    urls.map((u, i) => `url = "${u}"\noutput = "${join(work, `${i}.bin`)}"\n`).join(''),
  );
  const args = ['--silent', '--show-error', '--fail', '--config', config];
  if (caFile !== undefined) args.push('--cacert', caFile);
  if (parallel > 1) args.unshift('--parallel', '--parallel-max', String(parallel));
  const started = performance.now();
  const child = spawn(curl, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`curl failed (exit ${code}): ${err}`);
  return { ms };
}

// ---------------------------------------------------------------------------------------------------------------

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const mib = (bytes: number): string => `${(bytes / MiB).toFixed(1)} MiB`;

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
  const line = (r: string[]): string => `| ${r.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join(' | ')} |`;
  const [head, ...body] = rows;
  return [line(head ?? []), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join(
    '\n',
  );
}

async function main(): Promise<number> {
  for (const bundle of BUNDLES) {
    if (!existsSync(bundle)) {
      console.error(`${bundle} is missing: run npm run build -- fetch-artifacts first`);
      return 1;
    }
  }
  const nginxBinary = which('nginx', ['/usr/sbin', '/usr/local/sbin', '/usr/local/nginx/sbin']);
  const curl = which('curl');
  if (!nginxBinary) {
    console.error(
      'nginx is not installed: the benchmark needs a real static server (Debian: apt-get install -y nginx). Skipped.',
    );
    return 0;
  }
  if (!curl)
    console.log('curl is not installed (Debian: apt-get install -y curl): the curl comparisons are skipped.');

  const dir = await mkdtemp(join(tmpdir(), 'fetch-bench-'));
  // Downloads go to a folder apart from the served files: a fresh tree, as a job's workspace would be.
  const outDir = await mkdtemp(join(tmpdir(), 'fetch-bench-out-'));
  // nginx's workers read as an unprivileged user: the whole tree must be readable by all.
  await chmod(dir, 0o755);
  let nginx: Nginx | undefined;
  let api: Awaited<ReturnType<typeof startApi>> | undefined;
  let relay: Awaited<ReturnType<typeof startRelay>> | undefined;
  const stopAll = async (): Promise<void> => {
    await api?.close();
    await relay?.close();
    await nginx?.stop();
    await rm(dir, { recursive: true, force: true });
    await rm(outDir, { recursive: true, force: true });
  };
  const onSignal = (): void => {
    void stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await writeFile(
      join(dir, 'rss-probe.mjs'),
      "import { writeFileSync } from 'node:fs';\n" +
        "process.on('exit', () => {\n" +
        '  const u = process.resourceUsage();\n' +
        '  writeFileSync(process.env.BENCH_RSS_FILE, `${u.maxRSS} ${u.userCPUTime + u.systemCPUTime}`);\n' +
        '});\n',
    );
    const data = join(dir, 'data');
    await mkdir(join(data, 'small'), { recursive: true, mode: 0o755 });
    await chmod(data, 0o755);
    await chmod(join(data, 'small'), 0o755);
    console.log(
      `Preparing ${onlyLarge ? '' : `${SMALL_COUNT} × 256 KiB`}${onlySmall ? '' : `${onlyLarge ? '' : ', '}1 GiB and 64 MiB`} files in ${dir} ...`,
    );
    // What nginx's readiness probe asks for, whichever files this run prepares.
    await writeFile(join(data, 'ready.txt'), 'ready\n', { mode: 0o644 });
    const piece = randomBytes(8 * MiB);
    for (let i = 0; i < (onlyLarge ? 0 : SMALL_COUNT); i++) {
      await makeFile(join(data, 'small', `${i}.bin`), SMALL_SIZE, randomBytes(SMALL_SIZE));
    }
    if (!onlySmall) {
      await makeFile(join(data, 'big.bin'), GiB, piece);
      await makeFile(join(data, 'mid.bin'), 64 * MiB, piece);
    }

    if (huge && !onlySmall) await makeFile(join(data, 'huge.bin'), 4 * GiB, piece);
    const certificate = tls ? await makeCertificate(dir) : undefined;
    caFile = certificate?.cert;
    nginx = await startNginx(nginxBinary, dir, data, certificate);
    let filesOrigin = nginx.origin;
    if (latency > 0) {
      relay = await startRelay(nginx.port, latency);
      filesOrigin = nginx.origin.replace(`:${nginx.port}`, `:${relay.port}`);
    }
    const smallUrls = Array.from({ length: SMALL_COUNT }, (_, i) => `${filesOrigin}/small/${i}.bin`);
    const bigUrl = `${filesOrigin}/big.bin`;
    const midUrl = `${filesOrigin}/mid.bin`;
    api = await startApi({
      1: smallUrls.map((url, i) => ({ path: `/home/build/project/reports/part-${i}.bin`, url })),
      2: [{ path: '/home/build/project/dist/big.bin', url: bigUrl }],
      3: [{ path: '/home/build/project/dist/mid.bin', url: midUrl }],
      4: [{ path: '/home/build/project/dist/huge.bin', url: `${filesOrigin}/huge.bin` }],
    });
    console.log(`Files on ${served}, ${latency} ms before each answer.`);
    const apiBase = api.base;

    const small = { count: SMALL_COUNT, bytes: SMALL_COUNT * SMALL_SIZE };
    // The action's cases of each bundle, named `action <case>` with one bundle, `action <case> #<n>` with several.
    const tag = (n: number): string => (BUNDLES.length === 1 ? '' : ` #${n + 1}`);
    const actionCases = (kind: string, run: (bundle: string) => Promise<Timed>) =>
      BUNDLES.map((bundle, n) => ({ name: `action ${kind}${tag(n)}`, run: () => run(bundle) }));
    const cases: { name: string; run: () => Promise<Timed> }[] = [
      ...actionCases('small c8', (b) => runAction(b, outDir, dir, apiBase, 1, { concurrency: '8' }, small)),
      ...(curl ? [{ name: 'curl small p8', run: () => runCurl(curl, outDir, smallUrls, 8) }] : []),
      ...actionCases('small c1', (b) => runAction(b, outDir, dir, apiBase, 1, { concurrency: '1' }, small)),
      ...actionCases('1 GiB', (b) => runAction(b, outDir, dir, apiBase, 2, {}, { count: 1, bytes: GiB })),
      ...(curl ? [{ name: 'curl 1 GiB', run: () => runCurl(curl, outDir, [bigUrl], 1) }] : []),
      ...actionCases('64 MiB', (b) =>
        runAction(b, outDir, dir, apiBase, 3, {}, { count: 1, bytes: 64 * MiB }),
      ),
      ...(huge
        ? actionCases('4 GiB', (b) => runAction(b, outDir, dir, apiBase, 4, {}, { count: 1, bytes: 4 * GiB }))
        : []),
    ];
    if (onlySmall)
      cases.splice(0, cases.length, ...cases.filter((c) => / small (c8|p8)( #\d+)?$/u.test(c.name)));
    if (onlyLarge)
      cases.splice(0, cases.length, ...cases.filter((c) => / (1 GiB|4 GiB|64 MiB)( #\d+)?$/u.test(c.name)));
    const results = new Map<string, Timed[]>(cases.map((c) => [c.name, []]));
    console.log(`Warming up (page cache, nginx), then ${runs} alternating rounds ...`);
    for (const c of cases) await c.run();
    for (let round = 1; round <= runs; round++) {
      // Each round in another order, so no contender always follows the same one.
      const order = round % 2 ? cases : [...cases].reverse();
      for (const c of order) {
        // Every contender starts from a flushed disk: the previous one's dirty pages are not its cost.
        await flushDisk();
        results.get(c.name)?.push(await c.run());
      }
      // The action's CPU time and peak memory beside its wall time: paired rounds compare builds on a busy machine.
      const shown = (t: Timed | undefined): string =>
        seconds(t?.ms ?? 0) +
        (t?.cpuMs === undefined ? '' : ` (CPU ${seconds(t.cpuMs)}, ${mib(t.peakRss ?? 0)})`);
      console.log(
        `round ${round}: ${cases.map((c) => `${c.name} ${shown(results.get(c.name)?.at(-1))}`).join(', ')}`,
      );
    }

    /**
     * The ratio of two contenders, round by round (their runs are next to each other), then the median: the
     * machine's state drifts between rounds (other work, the file system), and a pair shares its round's state.
     */
    const pairedRatios = (a: string, b: string): number[] => {
      const as = results.get(a) ?? [];
      const bs = results.get(b) ?? [];
      return as.map((t, i) => t.ms / (bs[i]?.ms ?? Number.NaN));
    };
    const pairedRatio = (a: string, b: string): number => median(pairedRatios(a, b));
    /** The rounds' lowest and highest ratio: how far the machine's state moved it within this run. */
    const spread = (ratios: number[]): string =>
      `(rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
    const time = (name: string): number | undefined => {
      const list = results.get(name);
      return list && list.length > 0 ? median(list.map((t) => t.ms)) : undefined;
    };
    const rss = (name: string): number => median((results.get(name) ?? []).map((t) => t.peakRss ?? 0));
    const maxRss = (name: string): number =>
      Math.max(...(results.get(name) ?? []).map((t) => t.peakRss ?? 0));
    const cpu = (name: string): string => seconds(median((results.get(name) ?? []).map((t) => t.cpuMs ?? 0)));
    // At a network's latency, round trips decide and both should be level; on loopback, CPU does.
    const smallTarget = latency > 0 ? 1.15 : 2;
    const bigTarget = latency > 0 ? 1.15 : 1.25;
    let allMet = true;
    const verdict = (ok: boolean): string => {
      allMet &&= ok;
      return ok ? 'yes' : 'NO';
    };
    /** A row of the action's case against curl's, within `target` times curl's time; skipped without curl. */
    const againstCurl = (
      label: string,
      action: string,
      curlCase: string,
      curlName: string,
      target: number,
    ): string[] => {
      const actionTime = seconds(time(action) ?? 0);
      const curlTime = time(curlCase);
      if (curlTime === undefined)
        return [label, actionTime, 'curl missing: skipped', '-', `≤ ${target}×`, '-'];
      const ratios = pairedRatios(action, curlCase);
      const ratio = median(ratios);
      return [
        label,
        actionTime,
        `${curlName}: ${seconds(curlTime)}`,
        `${ratio.toFixed(2)}× ${spread(ratios)}`,
        `≤ ${target}×`,
        verdict(ratio <= target),
      ];
    };
    /** The table of one bundle: its cases are named with `suffix`. */
    const report = (suffix: string): string[][] => {
      const rows: string[][] = [['case', 'action', 'compared with', 'ratio', 'target', 'met']];
      const small8 = `action small c8${suffix}`;
      const actionSmall = time(small8) ?? 0;
      if (!onlyLarge)
        rows.push(
          againstCurl(
            `${SMALL_COUNT} × 256 KiB, concurrency 8`,
            small8,
            'curl small p8',
            'curl --parallel-max 8',
            smallTarget,
          ),
          ['CPU time, same', cpu(small8), '-', '-', 'reported', '-'],
          ['peak RSS, same', mib(rss(small8)), '-', '-', 'reported', '-'],
        );
      if (onlySmall) return rows;
      const big1 = `action 1 GiB${suffix}`;
      rows.push(againstCurl('one artifact of 1 GiB', big1, 'curl 1 GiB', 'curl', bigTarget));
      rows.push(['CPU time, same', cpu(big1), '-', '-', 'reported', '-']);
      const big = rss(big1);
      const mid = rss(`action 64 MiB${suffix}`);
      rows.push([
        'peak RSS, 1 GiB artifact',
        `${mib(big)} (max ${mib(maxRss(big1))})`,
        `64 MiB artifact: ${mib(mid)}`,
        `${(big / mid).toFixed(2)}×`,
        // The target of docs/performance.md, within the bound of docs/promises.md, promise 9, for both sizes.
        '≤ 176 MiB',
        verdict(big <= 176 * MiB && mid <= 176 * MiB),
      ]);
      if (huge) {
        const huge4 = rss(`action 4 GiB${suffix}`);
        rows.push([
          'peak RSS, 4 GiB artifact',
          mib(huge4),
          `1 GiB artifact: ${mib(big)}`,
          `${(huge4 / big).toFixed(2)}×`,
          '≤ 1.10×, ≤ 176 MiB',
          verdict(huge4 <= big * 1.1 && huge4 <= 176 * MiB),
        ]);
      }
      if (!onlyLarge) {
        const small1 = `action small c1${suffix}`;
        rows.push([
          `${SMALL_COUNT} × 256 KiB, one at a time`,
          seconds(time(small1) ?? 0),
          `concurrency 8: ${seconds(actionSmall)}`,
          `${pairedRatio(small1, small8).toFixed(2)}× slower`,
          'reported',
          '-',
        ]);
      }
      return rows;
    };
    const ratioNote =
      `files over ${served} with ${latency} ms before each answer; ` +
      'a ratio is the median of the ratios within each round, their range in brackets';
    console.log(
      onlySmall
        ? `\n${SMALL_COUNT} × 256 KiB at concurrency 8 only: median of ${runs} runs each; ${ratioNote}`
        : `\nfetch-artifacts benchmark: median of ${runs} runs each, whole processes (start included); ${ratioNote}`,
    );
    for (const [n, bundle] of BUNDLES.entries()) {
      console.log(`\n${BUNDLES.length === 1 ? 'bundle' : `#${n + 1}`}: ${bundle}\n`);
      console.log(table(report(tag(n))));
    }
    console.log(allMet ? '\nEvery target is met.' : '\nSome target is NOT met.');
    return allMet ? 0 : 1;
  } finally {
    await stopAll();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

process.exitCode = await main();
