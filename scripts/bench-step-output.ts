// How fast, and in how much memory, the end of a large step output is read: a storage server on 127.0.0.1 (a
// child process, so its memory does not count) serves a generated output of the given size, plain or gzip, and
// this process reads its tail through the real transport. Prints time, throughput and peak memory.
//
//   npx node scripts/bench-step-output.ts [--mb 50] [--gzip] [--lines 50]
import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import { collectFailedSteps } from '../src/service/step-output.ts';
import { Transport } from '../src/service/http/transport.ts';

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '50' },
    gzip: { type: 'boolean', default: false },
    lines: { type: 'string', default: '50' },
    serve: { type: 'boolean', default: false },
  },
});
const total = Number(values.mb) * 1024 * 1024;

/** One chunk of typical test-runner output: coloured lines, a progress line resolved with \r. */
const line = `  \u001b[32m✓\u001b[0m renders the widget with its props (12 ms)\r\n`;
const piece = `{"message":${JSON.stringify(line.repeat(100))},"time":"2026-01-01T00:00:00Z","type":"out"},`;

if (values.serve) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, values.gzip ? { 'content-encoding': 'gzip' } : {});
    const out = values.gzip ? createGzip() : res;
    if (values.gzip) out.pipe(res);
    let sent = 0;
    out.write('[');
    const pump = (): void => {
      while (sent < total) {
        sent += piece.length;
        if (!out.write(piece)) {
          out.once('drain', pump);
          return;
        }
      }
      out.end('{"message":"error: the last line\\n","time":"t","type":"err"}]');
    };
    pump();
  });
  server.listen(0, '127.0.0.1', () => process.send?.((server.address() as AddressInfo).port));
} else {
  const child = fork(process.argv[1] ?? '', [...process.argv.slice(2), '--serve'], { stdio: 'inherit' });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(Number(m))));
  const transport = new Transport({ baseUrl: 'http://127.0.0.1:9/api/v1.1', token: 'bench' });
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 5);
  const started = performance.now();
  const [step] = await collectFailedSteps({
    transport,
    lines: Number(values.lines),
    build: {
      build_num: 1,
      steps: [
        {
          name: 'test',
          actions: [{ index: 0, name: 'test', status: 'failed', output_url: `http://127.0.0.1:${port}/out` }],
        },
      ],
    },
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await transport.close();
  child.kill();
  const mib = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MiB`;
  if (step?.output === undefined) console.log(`no output: ${step?.outputError ?? 'no failed step'}`);
  else
    console.log(
      `${mib(step.output.bytes)} decoded${values.gzip ? ' (sent gzip)' : ''}, ${step.output.totalLines} lines, ` +
        `${step.output.lines.length} kept, last: ${JSON.stringify(step.output.lines.at(-1))}`,
    );
  if (step?.output !== undefined) console.log(`${mib(step.output.bytes / seconds)}/s`);
  console.log(`time ${seconds.toFixed(2)} s`);
  console.log(
    `rss ${mib(before.rss)} before, peak ${mib(peakRss)} (+${mib(peakRss - before.rss)}); ` +
      `heap used peak +${mib(peakHeap - before.heapUsed)}`,
  );
}
