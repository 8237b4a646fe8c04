import { once } from 'node:events';
import { constants, createGzip } from 'node:zlib';

// The output of a build step as storage serves it: a JSON array of `{message, time, type}` chunks of raw
// terminal text (colour escapes, `\r\n`, progress lines). A step can be told to print tens of megabytes: that part
// is generated line by line while it is sent, so its size costs no memory.

/** One chunk of a step's output, as the service stores it. */
export interface OutputChunk {
  message: string;
  time: string;
  type: 'out' | 'err';
}

/** What a step prints, in order: its first lines, `fillerBytes` of generated test progress, its last lines. */
export interface OutputPlan {
  head: string[];
  fillerBytes: number;
  tail: string[];
  /** Printed on the error stream at the very end (`Exited with code exit status 1`). */
  exit: string | undefined;
  /** Start and end of the step (the chunks' times spread between them). */
  start: number;
  end: number;
}

const CRLF = '\r\n';
/** Lines per chunk of generated output, about what one read of a pseudo-terminal gives. */
const LINES_PER_CHUNK = 40;
/** Size of the pieces the JSON text is handed out in. */
const PIECE_BYTES = 64 * 1024;

const green = (text: string): string => `\u001b[32m${text}\u001b[39m`;
const dim = (text: string): string => `\u001b[2m${text}\u001b[22m`;

/** Line `n` of the generated part: a passing test file, the kind of line that makes test logs long. */
function fillerLine(n: number): string {
  const file = `test/unit/module-${String(n).padStart(4, '0')}.test.ts`;
  return ` ${green('✓')} ${file} ${dim(`(${(n % 17) + 1} tests)`)} ${(n * 7) % 450}ms`;
}

/** Distinct chunks the generated part cycles through. */
const FILLER_KINDS = 97;

interface FillerChunk {
  /** `{"message":<the message as JSON>,"time":"` in UTF-8, encoded once rather than for every copy sent. */
  opening: Buffer;
  /** Bytes of the message itself. */
  bytes: number;
}

let fillerChunks: FillerChunk[] | undefined;

// Made once: generating tens of megabytes is then joining ready-made text, fast and with little garbage.
function filler(): FillerChunk[] {
  fillerChunks ??= Array.from({ length: FILLER_KINDS }, (_, kind) => {
    const lines = Array.from(
      { length: LINES_PER_CHUNK },
      (_, i) => fillerLine(kind * LINES_PER_CHUNK + i) + CRLF,
    );
    // Now and then a progress counter rewritten in place, as test runners print on a terminal.
    if (kind % 10 === 9) lines.push(`${dim(`running ${(kind + 1) * LINES_PER_CHUNK} files`)}\r`);
    const message = lines.join('');
    return {
      opening: Buffer.from(`{"message":${JSON.stringify(message)},"time":"`),
      bytes: Buffer.byteLength(message),
    };
  });
  return fillerChunks;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function timeAt(plan: OutputPlan, fraction: number): string {
  return iso(plan.start + Math.floor(Math.max(0, plan.end - plan.start) * Math.min(1, fraction)));
}

/** The chunks of a step's output as JSON text, in parts: buffers, and ASCII strings (the times). */
function* chunkParts(plan: OutputPlan): Generator<Buffer | string> {
  const text = (chunk: OutputChunk): Buffer => Buffer.from(JSON.stringify(chunk));
  if (plan.head.length > 0)
    yield text({ message: plan.head.join(CRLF) + CRLF, time: timeAt(plan, 0), type: 'out' });
  const kinds = filler();
  for (let written = 0, n = 0; written < plan.fillerBytes; n++) {
    const chunk = kinds[n % kinds.length] as FillerChunk;
    written += chunk.bytes;
    yield chunk.opening;
    yield `${timeAt(plan, written / plan.fillerBytes)}","type":"out"}`;
  }
  if (plan.tail.length > 0)
    yield text({ message: plan.tail.join(CRLF) + CRLF, time: timeAt(plan, 1), type: 'out' });
  if (plan.exit !== undefined) yield text({ message: plan.exit, time: timeAt(plan, 1), type: 'err' });
}

/** Scratch buffers `outputJson` fills in turn. */
const SCRATCHES = 3;

/**
 * The JSON text of a step's output, in pieces of 64 KiB. The pieces are views of a few scratch buffers used in
 * turn, so tens of megabytes leave no garbage behind: a piece stays valid until the generator has been resumed
 * twice more (copy it to keep it).
 */
export function* outputJson(plan: OutputPlan): Generator<Buffer> {
  const scratches = Array.from({ length: SCRATCHES }, () => Buffer.allocUnsafe(PIECE_BYTES));
  let slot = 0;
  let used = 0;
  let first = true;
  function* put(part: Buffer | string): Generator<Buffer> {
    const bytes = typeof part === 'string' ? Buffer.byteLength(part, 'latin1') : part.length;
    for (let done = 0; done < bytes;) {
      const scratch = scratches[slot] as Buffer;
      const n = Math.min(bytes - done, PIECE_BYTES - used);
      if (typeof part === 'string') scratch.write(part.slice(done, done + n), used, 'latin1');
      else part.copy(scratch, used, done, done + n);
      used += n;
      done += n;
      if (used === PIECE_BYTES) {
        yield scratch;
        slot = (slot + 1) % SCRATCHES;
        used = 0;
      }
    }
  }
  yield* put('[');
  for (const part of chunkParts(plan)) {
    // Every chunk's text starts with `{` (a time is the second part of a generated chunk).
    if (typeof part !== 'string') {
      if (!first) yield* put(',');
      first = false;
    }
    yield* put(part);
  }
  yield* put(']');
  if (used > 0) yield (scratches[slot] as Buffer).subarray(0, used);
}

/** The whole JSON text of a (small) step's output. */
export function outputText(plan: OutputPlan): Buffer {
  const pieces: Buffer[] = [];
  for (const piece of outputJson(plan)) pieces.push(Buffer.from(piece));
  return Buffer.concat(pieces);
}

/**
 * The JSON text of a step's output compressed with gzip, made while it is read; each piece from zlib is a new
 * buffer (the compressed text is far smaller than the output).
 */
export async function* gzipOutputJson(plan: OutputPlan): AsyncGenerator<Buffer> {
  // The fastest level: storage would have compressed it once; here it is compressed for every request.
  const gzip = createGzip({ level: constants.Z_BEST_SPEED });
  const ready: Buffer[] = [];
  gzip.on('data', (piece: Buffer) => ready.push(piece));
  const ended = once(gzip, 'end');
  try {
    for (const piece of outputJson(plan)) {
      // zlib is done with a piece when its write calls back, so the scratch buffer may then be refilled.
      await new Promise<void>((resolve, reject) =>
        gzip.write(piece, (error) => (error ? reject(error) : resolve())),
      );
      while (ready.length > 0) yield ready.shift() as Buffer;
    }
    gzip.end();
    await ended;
    while (ready.length > 0) yield ready.shift() as Buffer;
  } finally {
    gzip.destroy();
  }
}

/** Whether an output this large is sent as generated pieces rather than as one buffer. */
export function isLargeOutput(plan: OutputPlan): boolean {
  return plan.fillerBytes > 1024 * 1024;
}
