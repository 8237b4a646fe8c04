// What reading a body costs the process, apart from writing it: 1 GiB over TLS from a server in a process of its
// own, read (and dropped) from undici's request() body as the downloads read, and by a plain `tls` socket's 'data'
// events. Each reader runs in a fresh process; it reports its CPU time, peak memory and full garbage collections.
//
//   npm run bench:read-path [-- --runs 5]
//
// The download's own work (the part file, the writes) is not in it: compare with `npm run bench` for that.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { selfSignedCertificate } from './certificate.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } }, strict: true });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: a whole number, not '${values.runs}'`);

const SIZE = 1024 ** 3;
const dir = await mkdtemp(join(tmpdir(), 'read-path-'));
const key = join(dir, 'key.pem');
const cert = join(dir, 'cert.pem');
const pem = await selfSignedCertificate();
await writeFile(key, pem.key);
await writeFile(cert, pem.cert);

// The server writes 1 GiB of one repeated 1 MiB piece, with its length, minding back-pressure.
const serverCode = `
const https = require('node:https'); const fs = require('node:fs');
const piece = Buffer.alloc(1024 * 1024, 7);
https.createServer({ key: fs.readFileSync(${JSON.stringify(key)}), cert: fs.readFileSync(${JSON.stringify(cert)}) }, (req, res) => {
  res.writeHead(200, { 'content-length': ${SIZE} });
  let left = ${SIZE / 1024 / 1024};
  const more = () => { while (left > 0) { left--; if (!res.write(piece)) return res.once('drain', more); } res.end(); };
  more();
}).listen(0, '127.0.0.1', function () { process.stdout.write(String(this.address().port) + '\\n'); });`;
const server = spawn(process.execPath, ['-e', serverCode], { stdio: ['ignore', 'pipe', 'inherit'] });
const port = await new Promise<string>((resolve) =>
  server.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())),
);

const readerCode = (how: 'undici' | 'tls'): string => `
const { PerformanceObserver, constants } = require('node:perf_hooks');
const fs = require('node:fs');
let major = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) major++; }).observe({ entryTypes: ['gc'] });
const ca = fs.readFileSync(${JSON.stringify(cert)});
let bytes = 0;
const done = () => setImmediate(() => {
  const u = process.resourceUsage();
  fs.writeFileSync(process.env.OUT, JSON.stringify({ bytes, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, rssMiB: u.maxRSS / 1024, major }));
});
${
  how === 'undici'
    ? `const { Agent } = require(${JSON.stringify(join(import.meta.dirname, '../node_modules/undici'))});
new Agent({ connect: { ca }, allowH2: false }).request({ origin: 'https://127.0.0.1:${port}', path: '/', method: 'GET' }).then(({ body }) => {
  body.on('data', (chunk) => { bytes += chunk.length; });
  body.on('end', done);
}, (e) => { throw e; });
`
    : `const s = require('node:tls').connect({ host: '127.0.0.1', port: ${port}, ca }, () =>
  s.write('GET / HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nConnection: close\\r\\n\\r\\n'));
s.on('data', (chunk) => { bytes += chunk.length; }); s.on('end', done);`
}`;

interface Read {
  bytes: number;
  cpuMs: number;
  rssMiB: number;
  major: number;
}
async function read(how: 'undici' | 'tls'): Promise<Read> {
  const out = join(dir, `${how}.json`);
  const child = spawn(process.execPath, ['-e', readerCode(how)], {
    stdio: 'inherit',
    env: { ...process.env, OUT: out },
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the ${how} reader failed (exit ${code})`);
  return JSON.parse(await readFile(out, 'utf8')) as Read;
}

try {
  const results: Record<string, Read[]> = { undici: [], tls: [] };
  for (let i = 0; i < runs; i++) {
    for (const how of ['undici', 'tls'] as const) results[how]?.push(await read(how));
  }
  for (const [how, list] of Object.entries(results)) {
    const range = (f: (r: Read) => number): string =>
      `${Math.round(Math.min(...list.map(f)))}–${Math.round(Math.max(...list.map(f)))}`;
    console.log(
      `${how.padEnd(6)} 1 GiB read over TLS, ${runs} runs: CPU ${range((r) => r.cpuMs)} ms, ` +
        `peak RSS ${range((r) => r.rssMiB)} MiB, full collections ${range((r) => r.major)}`,
    );
  }
} finally {
  server.kill();
  await rm(dir, { recursive: true, force: true });
}
