// The failed steps of a build and the end of their output (docs/wire.md, "Steps"). A step's output lives on a storage
// origin behind a pre-signed `output_url`: a JSON array of `{message, time, type}` chunks of raw terminal text that
// can run to tens of megabytes, read as a stream of which only a bounded tail is kept. Nothing here knows GitHub.
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { asError, UserFacingError } from '../common/errors.ts';
import { ApiError } from './http/errors.ts';
import { type Build } from './records.ts';
import { definedOnly, isRecord, text } from '../common/values.ts';
import type { Transport } from './http/transport.ts';
import { contentCoding, decoder, type UnsupportedCodingError } from './http/decode.ts';
import { cut, elapsedMs, formatDuration, formatLimit } from '../common/format.ts';
import { TerminalTail } from '../common/terminal-tail.ts';
import { MAX_ANSWER_DEPTH } from './http/answer.ts';
import { MAX_OUTPUT_LINES, MAX_STEPS_READ } from './step-lines.ts';

/** Decoded bytes read per build, all steps together: a tail is only found by reading to the end. */
const MAX_BYTES_PER_BUILD = 256 * 1024 * 1024;
/** Time spent reading the outputs of one build, on top of each request's own timeouts. */
const OUTPUT_TIMEOUT_MS = 120_000;
/** Characters of one chunk held for JSON.parse; a longer message is handed on in slices. */
const MAX_CHUNK_LENGTH = 1024 * 1024;

export type FailedStep = ReturnType<typeof findFailedSteps>[number] & {
  /** The last lines, oldest first, as plain text (src/common/terminal-tail.ts), and the decoded bytes read. */
  output?: { lines: string[]; totalLines: number; bytes: number };
  /** Why the output could not be shown (one line, no credential, server text not yet made log-safe). */
  outputError?: string;
};

/** A status of an action that means it failed (a cancelled step did not fail: the build was stopped). */
const FAILED = ['failed', 'timedout', 'infrastructure_fail'];

/** The failed steps in build order, each container apart (raw server text); `insignificant` ones fail nothing. */
export function findFailedSteps(build: Build) {
  const parallel = typeof build.parallel === 'number' && build.parallel > 1;
  return (Array.isArray(build.steps) ? build.steps : []).filter(isRecord).flatMap((step) =>
    (Array.isArray(step['actions']) ? step['actions'] : [])
      .filter(isRecord)
      .filter((a) => a['insignificant'] !== true && FAILED.some((f) => a[f] === true || a['status'] === f))
      .map((action) => {
        const index = integer(action['index']) ?? 0;
        return {
          name: text(action['name']) ?? text(step['name']) ?? '(unnamed step)',
          step: integer(action['step']),
          index,
          // The build ran on several containers, so the container is worth naming.
          parallel: parallel || index > 0,
          command: text(action['bash_command']),
          status: text(action['status']),
          exitCode: integer(action['exit_code']),
          durationMs: elapsedMs(action['run_time_millis'], action['start_time'], action['end_time']),
          truncated: action['truncated'] === true,
          /** Pre-signed; never logged (the signature is a credential). */
          outputUrl: action['has_output'] === false ? undefined : text(action['output_url']),
        };
      }),
  );
}

interface CollectOptions {
  /** The connection's transport. The storage origin is never made trusted: no credential goes there. */
  transport: Pick<Transport, 'open'>;
  /** The build read in full (client.build): a build from a list carries no steps. */
  build: Build;
  lines: number;
  /** Reads the build again, for fresh output addresses when a signature expired (403); called at most once. */
  refresh?: () => Promise<Build>;
  /** Cancels the reading; collected steps are still returned, without the output not yet read. */
  signal?: AbortSignal;
  maxBytes?: number;
  timeoutMs?: number;
}

/** The failed steps of a finished build with their outputs' ends; a failure to read one is its `outputError`. */
export async function collectFailedSteps(options: CollectOptions): Promise<FailedStep[]> {
  const lines = Math.min(options.lines, MAX_OUTPUT_LINES);
  const steps: FailedStep[] = findFailedSteps(options.build);
  if (lines <= 0 || steps.length === 0) return steps;
  const timeoutMs = options.timeoutMs ?? OUTPUT_TIMEOUT_MS;
  const limit = options.maxBytes ?? MAX_BYTES_PER_BUILD;
  const budget = { limit, bytesLeft: limit };
  const timer = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([options.signal ?? timer, timer]);
  let refreshed: Build | undefined;

  for (const step of steps.slice(0, MAX_STEPS_READ)) {
    if (options.signal?.aborted) break;
    // Once the build was read again, every step takes its fresh address.
    const read = (why: string) => {
      const url =
        refreshed === undefined
          ? step.outputUrl
          : findFailedSteps(refreshed).find((s) => s.step === step.step && s.index === step.index)?.outputUrl;
      if (url === undefined) throw new OutputError(why);
      return readStepOutput(options.transport, url, { lines, signal, budget });
    };
    try {
      if (timer.aborted)
        throw new OutputError(`reading the build's outputs took over ${formatDuration(timeoutMs)}`);
      if (budget.bytesLeft <= 0)
        throw new OutputError(`the build's outputs passed the ${formatLimit(limit)} read per build`);
      step.output = await read('the service kept no output for this step').catch(async (error: unknown) => {
        const expired = error instanceof ApiError && error.status === 403;
        if (!expired || options.refresh === undefined || refreshed !== undefined) throw error;
        refreshed = await options.refresh().catch((refreshError: unknown) => {
          throw new OutputError(
            `its address expired (HTTP 403) and reading the build again failed: ${asError(refreshError).message}`,
          );
        });
        return read('its address expired (HTTP 403) and the build lists no new one');
      });
    } catch (error) {
      if (options.signal?.aborted) break;
      step.outputError =
        timer.aborted && !(error instanceof OutputError)
          ? `no complete output within ${formatDuration(timeoutMs)}`
          : error instanceof UserFacingError
            ? error.message
            : `unexpected error: ${asError(error).message}`;
    }
  }
  return steps;
}

class OutputError extends UserFacingError {
  override name = 'OutputError';
}

/** Streams one output and keeps its tail, decoding what a transport left encoded; a bad body is an OutputError. */
export async function readStepOutput(
  opener: Pick<Transport, 'open'>,
  url: string,
  /** The budget is shared by the steps of one build; reading stops with an error when it runs out. */
  options: { lines: number; signal?: AbortSignal; budget?: { limit: number; bytesLeft: number } },
): Promise<NonNullable<FailedStep['output']>> {
  const tail = new TerminalTail(options.lines);
  const parser = new ChunkParser((piece) => tail.write(piece));
  const budget = options.budget ?? { limit: Infinity, bytesLeft: Infinity };
  const opened = await opener.open(url, {
    headers: { accept: 'application/json', 'accept-encoding': 'gzip' },
    ...definedOnly({ signal: options.signal }),
  });
  const decode = new TextDecoder();
  let bytes = 0;
  try {
    await pipeline(opened.body, unzipper(opened.headers['content-encoding']), async (source) => {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if ((budget.bytesLeft -= chunk.length) < 0)
          throw new OutputError(`reading it passed the ${formatLimit(budget.limit)} read per build`);
        parser.write(decode.decode(chunk, { stream: true }));
      }
    });
  } catch (error) {
    opened.body.destroy();
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('Z_'))
      throw new OutputError(`its body could not be decoded (${(error as Error).message})`);
    throw error;
  }
  parser.write(decode.decode());
  parser.end();
  tail.end();
  return { lines: tail.lines(), totalLines: tail.totalLines, bytes };
}

function unzipper(header: string | string[] | undefined): NodeJS.ReadWriteStream {
  try {
    const coding = contentCoding(header);
    return coding === undefined ? new PassThrough() : decoder(coding);
  } catch (error) {
    const value = (error as UnsupportedCodingError).value;
    throw new OutputError(`it came in an encoding this client cannot read (${cut(value, 41)})`);
  }
}

/** Hands on the `message` of each chunk of a streamed `[{"message": "...", ...}, ...]`, parsed whole by JSON.parse
 *  once its end is found; a message too long to hold is handed on in slices as it comes. */
export class ChunkParser {
  readonly #emit: (text: string) => void;
  /** The raw text read since the last parse, from `[` (or `[null` once a chunk was parsed); '' outside the array. */
  #held = '';
  #depth = 0;
  #done = false;
  #inString = false;
  #escaped = false;
  /** Where the open string and its last escape begin in #held. */
  #stringAt = 0;
  #escapeAt = -1;
  /** Whether the open string is a chunk's message, once a spill had to know. */
  #inMessage: boolean | undefined;

  constructor(emit: (text: string) => void) {
    this.#emit = emit;
  }

  write(piece: string): void {
    let from = 0;
    for (let i = 0; i < piece.length; i++) {
      const ch = piece[i] as string;
      if (this.#depth === 0) {
        if (ch === '[' && !this.#done) [this.#depth, this.#held] = [1, '['];
        else if (!/\s/.test(ch)) this.#fail('expected a JSON array of output chunks');
        from = i + 1;
      } else if (this.#inString) {
        if (this.#escaped) {
          if (!'"\\/bfnrtu'.includes(ch)) this.#fail(`a bad escape \\${ch}`);
          this.#escaped = false;
        } else if (ch === '\\') {
          this.#escaped = true;
          this.#escapeAt = this.#held.length + i - from;
        } else if (ch === '"') this.#inString = false;
        else {
          STRING_RUN.lastIndex = i;
          STRING_RUN.test(piece);
          i = STRING_RUN.lastIndex - 1;
        }
      } else if (ch === '"') {
        this.#inString = true;
        this.#stringAt = this.#held.length + i - from;
        this.#escapeAt = -1;
        this.#inMessage = undefined;
      } else if (ch === '[' || ch === '{') {
        if (++this.#depth > MAX_ANSWER_DEPTH)
          throw new OutputError(
            `its body is JSON nested more than ${MAX_ANSWER_DEPTH} levels deep; reading stopped there`,
          );
      } else if ((ch === ']' || ch === '}') && this.#depth-- <= 2) {
        // A chunk ended, or the array: what is held is parsed as an array of its own.
        const items = this.#json(this.#held + piece.slice(from, i + 1) + (this.#depth === 1 ? ']' : ''));
        for (const item of items as unknown[])
          if (isRecord(item) && typeof item['message'] === 'string') this.#emit(item['message']);
        this.#done = this.#depth === 0;
        this.#held = this.#done ? '' : '[null';
        from = i + 1;
      }
    }
    this.#held += piece.slice(from);
    if (this.#held.length > MAX_CHUNK_LENGTH) this.#spill();
  }

  end(): void {
    if (!this.#done) throw new OutputError('its body ended before the end of the JSON array');
  }

  /** Hands on what is held of the message being read, up to an escape that may not be whole yet. */
  #spill(): void {
    const held = this.#held;
    const start = this.#stringAt + 1;
    this.#inMessage ??=
      this.#depth === 2 && /"message"\s*:\s*$/.test(held.slice(Math.max(0, start - 64), start - 1));
    if (this.#inString && this.#inMessage) {
      const end = held.length - this.#escapeAt < 6 && this.#escapeAt >= start ? this.#escapeAt : held.length;
      this.#emit(this.#json(`"${held.slice(start, end)}"`) as string);
      this.#held = held.slice(0, start) + held.slice(end);
      this.#escapeAt -= end - start;
    } else if (held.length > 16 * MAX_CHUNK_LENGTH) {
      throw new OutputError(
        `its body has a chunk longer than ${formatLimit(16 * MAX_CHUNK_LENGTH)} outside its message`,
      );
    }
  }

  #json(text: string): unknown {
    try {
      return JSON.parse(text);
    } catch (error) {
      this.#fail(asError(error).message);
    }
  }

  #fail(detail: string): never {
    throw new OutputError(`its body is not the expected JSON (${detail})`);
  }
}

/** Characters a string holds that need no look: neither its end nor an escape. */
const STRING_RUN = /[^"\\]*/y;

function integer(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}
