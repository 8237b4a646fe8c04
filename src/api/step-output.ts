// The failed steps of a build and the end of their output (docs/wire.md, "Steps"). A step's output lives on a storage
// origin behind a pre-signed `output_url`: a JSON array of `{message, time, type}` chunks of raw terminal text that
// can run to tens of megabytes. It is read as a stream and only a bounded tail is kept: the last lines as plain
// text (src/api/terminal-tail.ts). Nothing here knows GitHub.
import { pipeline } from 'node:stream/promises';
import { ApiError, asError, UserFacingError } from './errors.ts';
import { definedOnly, isRecord, text, type Build } from './records.ts';
import type { LogFn, OpenOptions, OpenedBody } from './transport.ts';
import { contentCoding, decoder, UnsupportedCodingError } from './decode.ts';
import { cut, formatDuration, formatLimit } from './format.ts';
import { MAX_LINE_LENGTH, TerminalTail } from './terminal-tail.ts';
import { MAX_ANSWER_DEPTH } from './transport-options.ts';

/** What reading a step's output needs of the transport: `open()` sends the credential only to trusted origins. */
export interface Opener {
  open(url: string, options?: OpenOptions): Promise<OpenedBody>;
}

/** Lines of output a caller may ask for; `failure-log-lines` is checked against it. */
export const MAX_OUTPUT_LINES = 1000;
/** Failed steps (containers included) whose output is read per build; the others are listed without it. */
export const MAX_STEPS_READ = 10;
/** Decoded bytes read per build, all steps together: a tail is only found by reading to the end. */
const MAX_BYTES_PER_BUILD = 256 * 1024 * 1024;
/** Time spent reading the outputs of one build, all steps together, on top of each request's own timeouts. */
const OUTPUT_TIMEOUT_MS = 120_000;

/** One container's run of a step that failed, from the build record (server text, raw). */
interface FailedAction {
  name: string;
  step: number | undefined;
  /** The container. */
  index: number;
  /** The build ran on more than one container, so the container is worth naming. */
  parallel: boolean;
  command: string | undefined;
  status: string | undefined;
  exitCode: number | undefined;
  durationMs: number | undefined;
  /** The service cut this step's output itself. */
  truncated: boolean;
  /** Pre-signed; never logged (the signature is a credential). */
  outputUrl: string | undefined;
}

interface StepOutput {
  /** The last lines, oldest first, as plain text (no colour, a line a `\r` went back over in its last state). */
  lines: string[];
  totalLines: number;
  /** Decoded bytes read. */
  bytes: number;
}

export interface FailedStep extends FailedAction {
  output?: StepOutput;
  /** Why the output could not be shown (one line, no credential, server text not yet made log-safe). */
  outputError?: string;
}

/** A status or flag of an action that means it failed (a cancelled step did not fail: the build was stopped). */
const FAILED_STATUSES = new Set(['failed', 'timedout', 'infrastructure_fail']);

/** The steps that failed, in build order, each container on its own; `insignificant` ones do not fail a build. */
export function findFailedSteps(build: Build): FailedAction[] {
  const found: FailedAction[] = [];
  const steps = Array.isArray(build.steps) ? build.steps : [];
  const parallel = typeof build.parallel === 'number' && build.parallel > 1;
  for (const step of steps) {
    if (!isRecord(step) || !Array.isArray(step['actions'])) continue;
    for (const action of step['actions']) {
      if (!isRecord(action) || !actionFailed(action) || action['insignificant'] === true) continue;
      const name = text(action['name']) ?? text(step['name']) ?? '(unnamed step)';
      const index = integer(action['index']) ?? 0;
      found.push({
        name,
        step: integer(action['step']),
        index,
        parallel: parallel || index > 0,
        command: text(action['bash_command']),
        status: text(action['status']),
        exitCode: integer(action['exit_code']),
        durationMs: durationOf(action),
        truncated: action['truncated'] === true,
        outputUrl: action['has_output'] === false ? undefined : text(action['output_url']),
      });
    }
  }
  return found;
}

function actionFailed(action: Record<string, unknown>): boolean {
  if (action['failed'] === true || action['timedout'] === true || action['infrastructure_fail'] === true)
    return true;
  const status = text(action['status']);
  return status !== undefined && FAILED_STATUSES.has(status);
}

function durationOf(action: Record<string, unknown>): number | undefined {
  const millis = action['run_time_millis'];
  if (typeof millis === 'number' && Number.isFinite(millis) && millis >= 0) return millis;
  const start = Date.parse(text(action['start_time']) ?? '');
  const end = Date.parse(text(action['end_time']) ?? '');
  return Number.isFinite(start) && Number.isFinite(end) && end >= start ? end - start : undefined;
}

interface CollectOptions {
  /** The connection's transport. The storage origin is never made trusted: no credential goes there. */
  transport: Opener;
  /** The build read in full (client.build): a build from a list carries no steps. */
  build: Build;
  /** Lines kept of each output; 0 reads nothing. */
  lines: number;
  /** Reads the build again, for fresh output addresses when a signature expired (403); called at most once. */
  refresh?: () => Promise<Build>;
  /** Cancels the reading; collected steps are still returned, without the output not yet read. */
  signal?: AbortSignal;
  maxSteps?: number;
  maxBytes?: number;
  timeoutMs?: number;
  maxLineLength?: number;
  log?: LogFn;
}

/** The failed steps of a finished build with their outputs' ends; a failure to read one is its `outputError`. */
export async function collectFailedSteps(options: CollectOptions): Promise<FailedStep[]> {
  const { transport } = options;
  const lines = Math.min(options.lines, MAX_OUTPUT_LINES);
  const log = options.log ?? (() => {});
  const steps: FailedStep[] = findFailedSteps(options.build);
  if (lines <= 0 || steps.length === 0) return steps;
  const maxSteps = options.maxSteps ?? MAX_STEPS_READ;
  const maxLineLength = options.maxLineLength ?? MAX_LINE_LENGTH;
  const timeoutMs = options.timeoutMs ?? OUTPUT_TIMEOUT_MS;
  const limit = options.maxBytes ?? MAX_BYTES_PER_BUILD;
  const budget: ByteBudget = { limit, bytesLeft: limit };
  const timer = AbortSignal.timeout(timeoutMs);
  const signal = options.signal === undefined ? timer : AbortSignal.any([options.signal, timer]);
  let refreshed: Build | undefined;

  for (const [position, step] of steps.entries()) {
    if (options.signal?.aborted) break;
    if (position >= maxSteps) {
      log('debug', `the output of ${steps.length - maxSteps} more failed steps was not read`);
      break;
    }
    if (timer.aborted) {
      step.outputError = `reading the build's outputs took over ${formatDuration(timeoutMs)}`;
      continue;
    }
    if (budget.bytesLeft <= 0) {
      step.outputError = `the build's outputs passed the ${formatLimit(limit)} read per build`;
      continue;
    }
    // Once the build was read again, every step takes its fresh address.
    let url = refreshed === undefined ? step.outputUrl : freshUrl(refreshed, step);
    if (url === undefined) {
      step.outputError = 'the service kept no output for this step';
      continue;
    }
    const read = (from: string): Promise<StepOutput> =>
      readStepOutput(transport, from, { lines, maxLineLength, signal, budget });
    try {
      try {
        step.output = await read(url);
      } catch (error) {
        const expired = error instanceof ApiError && error.status === 403;
        if (!expired || options.refresh === undefined || refreshed !== undefined) throw error;
        log('debug', `the output address of step '${step.name}' expired (HTTP 403); reading the build again`);
        try {
          refreshed = await options.refresh();
        } catch (refreshError) {
          throw new OutputError(
            `its address expired (HTTP 403) and reading the build again failed: ${asError(refreshError).message}`,
          );
        }
        url = freshUrl(refreshed, step);
        if (url === undefined)
          throw new OutputError('its address expired (HTTP 403) and the build lists no new one');
        step.output = await read(url);
      }
    } catch (error) {
      if (options.signal?.aborted) break;
      step.outputError = timer.aborted
        ? `no complete output within ${formatDuration(timeoutMs)}`
        : error instanceof OutputError || error instanceof UserFacingError
          ? error.message
          : `unexpected error: ${asError(error).message}`;
    }
  }
  return steps;
}

/** The same step and container in a build read again. */
function freshUrl(build: Build, step: FailedAction): string | undefined {
  const match = findFailedSteps(build).find((s) => s.step === step.step && s.index === step.index);
  return match?.outputUrl;
}

class OutputError extends UserFacingError {
  override name = 'OutputError';
}

interface ByteBudget {
  limit: number;
  bytesLeft: number;
}

interface ReadOptions {
  lines: number;
  maxLineLength?: number;
  signal?: AbortSignal;
  /** Shared by the steps of one build; reading stops with an error when it runs out. */
  budget?: ByteBudget;
}

/** Streams one output and keeps its tail, decoding what a transport left encoded; a bad body is an OutputError. */
export async function readStepOutput(opener: Opener, url: string, options: ReadOptions): Promise<StepOutput> {
  const tail = new TerminalTail(options.lines, options.maxLineLength ?? MAX_LINE_LENGTH);
  const parser = new ChunkParser((piece) => tail.write(piece));
  const budget = options.budget ?? { limit: Infinity, bytesLeft: Infinity };
  const opened = await opener.open(url, {
    headers: { accept: 'application/json', 'accept-encoding': 'gzip' },
    ...definedOnly({ signal: options.signal }),
  });
  let unzip: NodeJS.ReadWriteStream | undefined;
  try {
    unzip = decoderFor(opened.headers['content-encoding']);
  } catch (error) {
    opened.body.destroy();
    throw error;
  }
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  const consume = async (source: AsyncIterable<Buffer | string>): Promise<void> => {
    for await (const piece of source) {
      const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
      bytes += chunk.length;
      budget.bytesLeft -= chunk.length;
      if (budget.bytesLeft < 0) {
        throw new OutputError(`reading it passed the ${formatLimit(budget.limit)} read per build`);
      }
      parser.write(decoder.decode(chunk, { stream: true }));
    }
  };
  try {
    if (unzip === undefined) await pipeline(opened.body, consume);
    else await pipeline(opened.body, unzip, consume);
  } catch (error) {
    if (error instanceof UserFacingError) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('Z_')) {
      throw new OutputError(`its body could not be decoded (${(error as Error).message})`);
    }
    throw error;
  }
  parser.write(decoder.decode());
  parser.end();
  tail.end();
  return { lines: tail.lines(), totalLines: tail.totalLines, bytes };
}

/** The decoder for a Content-Encoding still on the body (src/api/decode.ts). */
function decoderFor(header: string | string[] | undefined): NodeJS.ReadWriteStream | undefined {
  try {
    const coding = contentCoding(header);
    return coding === undefined ? undefined : decoder(coding);
  } catch (error) {
    if (error instanceof UnsupportedCodingError)
      throw new OutputError(`it came in an encoding this client cannot read (${cut(error.value, 41)})`);
    throw error;
  }
}

// --- The JSON array of chunks, parsed as it streams --------------------------------------------------------------

/**
 * A streaming parser for `[{"message": "...", ...}, ...]` that hands each message's text on in pieces, since the
 * streaming JSON libraries hold every string whole and one message can be megabytes.
 */
export class ChunkParser {
  readonly #emit: (text: string) => void;
  /** Open containers, outermost first: `a` an array, `o` an object. */
  #open = '';
  #expect: 'value' | 'first-value' | 'key' | 'first-key' | 'colon' | 'next' | 'done' = 'value';
  /** The string being read: a key (kept, short), the message (handed on) or any other (skipped). */
  #string: 'key' | 'message' | 'skip' | undefined;
  /** An escape the last piece ended inside, from its backslash. */
  #carry = '';
  #key = '';
  #literal = false;
  #offset = 0;
  #pending: string[] = [];

  constructor(emit: (text: string) => void) {
    this.#emit = emit;
  }

  write(piece: string): void {
    const text = this.#carry + piece;
    this.#offset -= this.#carry.length;
    this.#carry = '';
    for (let i = 0; i < text.length;) {
      if (this.#string !== undefined) i = this.#run(text, i);
      else this.#token(text[i++] as string);
    }
    this.#offset += text.length;
    // Message text goes on once per write, not once per escape.
    if (this.#pending.length === 0) return;
    const pending = this.#pending.join('');
    this.#pending = [];
    this.#emit(pending);
  }

  /** The body ended: it must have been one whole array. */
  end(): void {
    if (this.#expect !== 'done') throw new OutputError('its body ended before the end of the JSON array');
  }

  /** A run of plain characters up to the next quote or backslash, taken at once, and the escape after it. */
  #run(text: string, i: number): number {
    let j = i;
    while (j < text.length && text[j] !== '"' && text[j] !== '\\') j++;
    if (j > i) this.#text(text.slice(i, j));
    if (j === text.length) return j;
    if (text[j] === '"') {
      this.#expect = this.#string === 'key' ? 'colon' : 'next';
      this.#string = undefined;
      return j + 1;
    }
    const size = text[j + 1] === 'u' ? 6 : 2;
    if (j + size > text.length) {
      this.#carry = text.slice(j);
      return text.length;
    }
    const hex = text.slice(j + 2, j + size);
    const char =
      size === 2
        ? ESCAPES[text[j + 1] ?? '']
        : HEX4.test(hex)
          ? String.fromCharCode(parseInt(hex, 16))
          : undefined;
    if (char === undefined) this.#fail(`a bad escape ${text.slice(j, j + size)}`);
    this.#text(char);
    return j + size;
  }

  #token(ch: string): void {
    if (this.#literal && /[\w.+-]/.test(ch)) return;
    this.#literal = false;
    if (ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t') return;
    const expect = this.#expect;
    if ((ch === ']' && expect === 'first-value') || (ch === '}' && expect === 'first-key')) this.#close();
    else if (expect === 'value' || expect === 'first-value') this.#value(ch);
    else if (expect === 'key' || expect === 'first-key') {
      if (ch !== '"') this.#fail('a key');
      this.#string = 'key';
      this.#key = '';
    } else if (expect === 'colon') {
      if (ch !== ':') this.#fail("':'");
      this.#expect = 'value';
    } else if (expect === 'next') {
      const top = this.#open.at(-1);
      if (ch === ',') this.#expect = top === 'o' ? 'key' : 'value';
      else if ((ch === '}' && top === 'o') || (ch === ']' && top === 'a')) this.#close();
      else this.#fail("',' or the end of a list or object");
    } else this.#fail('the end of the body');
  }

  #value(ch: string): void {
    if (this.#open === '' && ch !== '[') this.#fail('a JSON array of output chunks');
    if (ch === '[' || ch === '{') {
      if (this.#open.length >= MAX_ANSWER_DEPTH)
        throw new OutputError(
          `its body is JSON nested more than ${MAX_ANSWER_DEPTH} levels deep; reading stopped there`,
        );
      this.#open += ch === '[' ? 'a' : 'o';
      this.#expect = ch === '[' ? 'first-value' : 'first-key';
    } else if (ch === '"') {
      this.#string = this.#open === 'ao' && this.#key === 'message' ? 'message' : 'skip';
    } else if (/[-0-9tfn]/.test(ch)) {
      this.#literal = true;
      this.#expect = 'next';
    } else this.#fail('a value');
  }

  #close(): void {
    this.#open = this.#open.slice(0, -1);
    this.#expect = this.#open === '' ? 'done' : 'next';
  }

  #text(piece: string): void {
    // Only short keys matter; a long one is kept short enough to be no key we know.
    if (this.#string === 'key') this.#key = (this.#key + piece).slice(0, 32);
    else if (this.#string === 'message') this.#pending.push(piece);
  }

  #fail(expected: string): never {
    throw new OutputError(
      `its body is not the expected JSON (expected ${expected} near character ${this.#offset})`,
    );
  }
}

const HEX4 = /^[0-9a-fA-F]{4}$/;
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

// --- The line that says what went wrong ---------------------------------------------------------------------------

/** Lines that only say that something exited (the exit code says it already) or count what failed. */
const NOISE = [
  /^exit(ed)?\b.*\b(code|status)\b/i,
  /\b(exited|exit(ed)? with|completed with)\b.*\b(code|status)\s*-?\d+\.?$/i,
  /command failed with exit code/i,
  /^(npm|yarn|pnpm) (ERR!|error)( |$)/i,
  /^make(\[\d+\])?: \*\*\*/,
  /^error: process completed with exit code/i,
  /^(tests?|test files|test suites|suites?|specs?)\s*:?\s+.*\b(failed|passed|failing|passing)\b/i,
];

/** A line that states an error: `error TS2304:`, `AssertionError: ...`, `fatal: ...`, `panic: ...`. */
const STATES_ERROR = [
  /\b\w*(Error|Exception)\b\s*[:!]/,
  /\berror\b\s*(\[|\(|:|[A-Z]+\d+)/i,
  /^(fatal|panic|error|ERROR|FATAL)\b/,
  /^Too long with no output/i,
];

/** A line that hints at one: a failure, something missing or refused, a kill. */
const HINTS_ERROR =
  /\b(error|errors|fatal|failed|failure|exception|panic|cannot|can't|could not|not found|denied|killed|timed out|undefined)\b/i;

/** The line that best says why the step failed: the last stating an error, else hinting at one, else not noise. */
export function lastMeaningfulLine(lines: readonly string[]): string | undefined {
  let hint: string | undefined;
  let fallback: string | undefined;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = (lines[i] ?? '').trim();
    if (line === '' || NOISE.some((re) => re.test(line))) continue;
    if (STATES_ERROR.some((re) => re.test(line))) return line;
    if (HINTS_ERROR.test(line)) hint ??= line;
    fallback ??= line;
  }
  return hint ?? fallback;
}

function integer(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}
