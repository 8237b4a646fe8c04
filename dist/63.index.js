export const id = 63;
export const ids = [63];
export const modules = {

/***/ 3700:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D0: () => (/* binding */ decoder),
/* harmony export */   IX: () => (/* binding */ contentCoding)
/* harmony export */ });
/* unused harmony export UnsupportedCodingError */
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7075);
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_stream__WEBPACK_IMPORTED_MODULE_0__);
// Which coding an answer's body still carries, and the stream that removes it, for downloads and step output alike
// (docs/promises.md, promise 24).

// Loaded at its first use: most runs decode nothing.
const zlib = () => process.getBuiltinModule('node:zlib');
/** A Content-Encoding that cannot be decoded: what would be written is not what was stored. */
class UnsupportedCodingError extends Error {
    name = 'UnsupportedCodingError';
    /** Every Content-Encoding line, as one. */
    value;
    constructor(value) {
        super(`Content-Encoding ${JSON.stringify(value)} cannot be decoded (gzip, deflate or br can, one at a time)`);
        this.value = value;
    }
}
/** The one coding on a body, from every Content-Encoding line (`identity` is none); undefined for none. */
function contentCoding(header) {
    const value = [header ?? []].flat().join(', ');
    const codings = value.split(',').map((c) => c.trim().toLowerCase());
    const applied = codings.filter((c) => c !== '' && c !== 'identity');
    if (applied.length === 0)
        return undefined;
    const only = applied.length === 1 ? applied[0]?.replace(/^x-gzip$/u, 'gzip') : undefined;
    if (only === 'gzip' || only === 'deflate' || only === 'br')
        return only;
    throw new UnsupportedCodingError(value);
}
/** A stream that decodes `coding`; its errors are zlib's (codes Z_*). */
function decoder(coding) {
    if (coding === 'gzip')
        return zlib().createGunzip();
    return coding === 'br' ? zlib().createBrotliDecompress() : new Deflate();
}
/** `deflate` as servers send it: zlib-wrapped as the standard says, or raw, told apart by the first byte (a zlib
 *  stream's low nibble is 8). */
class Deflate extends node_stream__WEBPACK_IMPORTED_MODULE_0__.Transform {
    #inner;
    _transform(chunk, _encoding, callback) {
        if (chunk.length === 0)
            return callback();
        this.#inner ??= (((chunk[0] ?? 0) & 0x0f) === 0x08 ? zlib().createInflate() : zlib().createInflateRaw())
            .on('data', (data) => this.push(data))
            .on('error', (error) => this.destroy(error));
        this.#inner.write(chunk, () => callback());
    }
    _flush(callback) {
        // An empty body decodes to nothing.
        if (this.#inner === undefined)
            return callback();
        this.#inner.once('end', () => callback()).end();
    }
    _destroy(error, callback) {
        this.#inner?.destroy();
        callback(error);
    }
}


/***/ }),

/***/ 2775:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $S: () => (/* binding */ MAX_OUTPUT_LINES),
/* harmony export */   Eq: () => (/* binding */ MAX_STEPS_READ),
/* harmony export */   HF: () => (/* binding */ lastMeaningfulLine)
/* harmony export */ });
// What the actions know of a failed step's output without reading it (src/service/step-output.ts reads it): the
// bounds of a read, and the line that says why a step failed. Apart, so that the reader loads only when it reads.
/** Lines of output a caller may ask for; `failure-log-lines` is checked against it. */
const MAX_OUTPUT_LINES = 1000;
/** Failed steps (containers included) whose output is read per build; the others are listed without it. */
const MAX_STEPS_READ = 10;
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
const HINTS_ERROR = /\b(error|errors|fatal|failed|failure|exception|panic|cannot|can't|could not|not found|denied|killed|timed out|undefined)\b/i;
/** The line that best says why the step failed: the last stating an error, else hinting at one, else not noise. */
function lastMeaningfulLine(lines) {
    let hint;
    let fallback;
    for (let i = lines.length - 1; i >= 0; i--) {
        const line = (lines[i] ?? '').trim();
        if (line === '' || NOISE.some((re) => re.test(line)))
            continue;
        if (STATES_ERROR.some((re) => re.test(line)))
            return line;
        if (HINTS_ERROR.test(line))
            hint ??= line;
        fallback ??= line;
    }
    return hint ?? fallback;
}


/***/ }),

/***/ 5063:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   collectFailedSteps: () => (/* binding */ collectFailedSteps)
/* harmony export */ });
/* unused harmony exports findFailedSteps, readStepOutput, ChunkParser */
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7075);
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_stream__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_stream_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6466);
/* harmony import */ var node_stream_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_stream_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3094);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5841);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5305);
/* harmony import */ var _common_values_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(4415);
/* harmony import */ var _http_decode_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3700);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7370);
/* harmony import */ var _common_terminal_tail_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(284);
/* harmony import */ var _http_answer_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9076);
/* harmony import */ var _step_lines_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(2775);
// The failed steps of a build and the end of their output (docs/wire.md, "Steps"). A step's output lives on a storage
// origin behind a pre-signed `output_url`: a JSON array of `{message, time, type}` chunks of raw terminal text that
// can run to tens of megabytes, read as a stream of which only a bounded tail is kept. Nothing here knows GitHub.











/** Decoded bytes read per build, all steps together: a tail is only found by reading to the end. */
const MAX_BYTES_PER_BUILD = 256 * 1024 * 1024;
/** Time spent reading the outputs of one build, on top of each request's own timeouts. */
const OUTPUT_TIMEOUT_MS = 120_000;
/** Characters of one chunk held for JSON.parse; a longer message is handed on in slices. */
const MAX_CHUNK_LENGTH = 1024 * 1024;
/** A status of an action that means it failed (a cancelled step did not fail: the build was stopped). */
const FAILED = ['failed', 'timedout', 'infrastructure_fail'];
/** The failed steps in build order, each container apart (raw server text); `insignificant` ones fail nothing. */
function findFailedSteps(build) {
    const parallel = typeof build.parallel === 'number' && build.parallel > 1;
    return (Array.isArray(build.steps) ? build.steps : []).filter(_common_values_js__WEBPACK_IMPORTED_MODULE_9__/* .isRecord */ .u4).flatMap((step) => (Array.isArray(step['actions']) ? step['actions'] : [])
        .filter(_common_values_js__WEBPACK_IMPORTED_MODULE_9__/* .isRecord */ .u4)
        .filter((a) => a['insignificant'] !== true && FAILED.some((f) => a[f] === true || a['status'] === f))
        .map((action) => {
        const index = integer(action['index']) ?? 0;
        return {
            name: (0,_common_values_js__WEBPACK_IMPORTED_MODULE_9__/* .text */ .Qq)(action['name']) ?? (0,_common_values_js__WEBPACK_IMPORTED_MODULE_9__/* .text */ .Qq)(step['name']) ?? '(unnamed step)',
            step: integer(action['step']),
            index,
            // The build ran on several containers, so the container is worth naming.
            parallel: parallel || index > 0,
            command: (0,_common_values_js__WEBPACK_IMPORTED_MODULE_9__/* .text */ .Qq)(action['bash_command']),
            status: (0,_common_values_js__WEBPACK_IMPORTED_MODULE_9__/* .text */ .Qq)(action['status']),
            exitCode: integer(action['exit_code']),
            durationMs: (0,_common_format_js__WEBPACK_IMPORTED_MODULE_6__/* .elapsedMs */ .d5)(action['run_time_millis'], action['start_time'], action['end_time']),
            truncated: action['truncated'] === true,
            /** Pre-signed; never logged (the signature is a credential). */
            outputUrl: action['has_output'] === false ? undefined : (0,_common_values_js__WEBPACK_IMPORTED_MODULE_9__/* .text */ .Qq)(action['output_url']),
        };
    }));
}
/** The failed steps of a finished build with their outputs' ends; a failure to read one is its `outputError`. */
async function collectFailedSteps(options) {
    const lines = Math.min(options.lines, _step_lines_js__WEBPACK_IMPORTED_MODULE_10__/* .MAX_OUTPUT_LINES */ .$S);
    const steps = findFailedSteps(options.build);
    if (lines <= 0 || steps.length === 0)
        return steps;
    const timeoutMs = options.timeoutMs ?? OUTPUT_TIMEOUT_MS;
    const limit = options.maxBytes ?? MAX_BYTES_PER_BUILD;
    const budget = { limit, bytesLeft: limit };
    const timer = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([options.signal ?? timer, timer]);
    let refreshed;
    for (const step of steps.slice(0, _step_lines_js__WEBPACK_IMPORTED_MODULE_10__/* .MAX_STEPS_READ */ .Eq)) {
        if (options.signal?.aborted)
            break;
        // Once the build was read again, every step takes its fresh address.
        const read = (why) => {
            const url = refreshed === undefined
                ? step.outputUrl
                : findFailedSteps(refreshed).find((s) => s.step === step.step && s.index === step.index)?.outputUrl;
            if (url === undefined)
                throw new OutputError(why);
            return readStepOutput(options.transport, url, { lines, signal, budget });
        };
        try {
            if (timer.aborted)
                throw new OutputError(`reading the build's outputs took over ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_6__/* .formatDuration */ .a3)(timeoutMs)}`);
            if (budget.bytesLeft <= 0)
                throw new OutputError(`the build's outputs passed the ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_6__/* .formatLimit */ .tW)(limit)} read per build`);
            step.output = await read('the service kept no output for this step').catch(async (error) => {
                const expired = error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .ApiError */ .hD && error.status === 403;
                if (!expired || options.refresh === undefined || refreshed !== undefined)
                    throw error;
                refreshed = await options.refresh().catch((refreshError) => {
                    throw new OutputError(`its address expired (HTTP 403) and reading the build again failed: ${(0,_common_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .asError */ .zR)(refreshError).message}`);
                });
                return read('its address expired (HTTP 403) and the build lists no new one');
            });
        }
        catch (error) {
            if (options.signal?.aborted)
                break;
            step.outputError =
                timer.aborted && !(error instanceof OutputError)
                    ? `no complete output within ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_6__/* .formatDuration */ .a3)(timeoutMs)}`
                    : error instanceof _common_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserFacingError */ .Ui
                        ? error.message
                        : `unexpected error: ${(0,_common_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .asError */ .zR)(error).message}`;
        }
    }
    return steps;
}
class OutputError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserFacingError */ .Ui {
    name = 'OutputError';
}
/** Streams one output and keeps its tail, decoding what a transport left encoded; a bad body is an OutputError. */
async function readStepOutput(opener, url, 
/** The budget is shared by the steps of one build; reading stops with an error when it runs out. */
options) {
    const tail = new _common_terminal_tail_js__WEBPACK_IMPORTED_MODULE_7__/* .TerminalTail */ .DG(options.lines);
    const parser = new ChunkParser((piece) => tail.write(piece));
    const budget = options.budget ?? { limit: Infinity, bytesLeft: Infinity };
    const opened = await opener.open(url, {
        headers: { accept: 'application/json', 'accept-encoding': 'gzip' },
        ...(0,_common_values_js__WEBPACK_IMPORTED_MODULE_9__/* .definedOnly */ .Uv)({ signal: options.signal }),
    });
    const decode = new TextDecoder();
    let bytes = 0;
    try {
        await (0,node_stream_promises__WEBPACK_IMPORTED_MODULE_1__.pipeline)(opened.body, unzipper(opened.headers['content-encoding']), async (source) => {
            for await (const chunk of source) {
                bytes += chunk.length;
                if ((budget.bytesLeft -= chunk.length) < 0)
                    throw new OutputError(`reading it passed the ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_6__/* .formatLimit */ .tW)(budget.limit)} read per build`);
                parser.write(decode.decode(chunk, { stream: true }));
            }
        });
    }
    catch (error) {
        opened.body.destroy();
        const code = error.code;
        if (typeof code === 'string' && code.startsWith('Z_'))
            throw new OutputError(`its body could not be decoded (${error.message})`);
        throw error;
    }
    parser.write(decode.decode());
    parser.end();
    tail.end();
    return { lines: tail.lines(), totalLines: tail.totalLines, bytes };
}
function unzipper(header) {
    try {
        const coding = (0,_http_decode_js__WEBPACK_IMPORTED_MODULE_5__/* .contentCoding */ .IX)(header);
        return coding === undefined ? new node_stream__WEBPACK_IMPORTED_MODULE_0__.PassThrough() : (0,_http_decode_js__WEBPACK_IMPORTED_MODULE_5__/* .decoder */ .D0)(coding);
    }
    catch (error) {
        const value = error.value;
        throw new OutputError(`it came in an encoding this client cannot read (${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_6__/* .cut */ .Jj)(value, 41)})`);
    }
}
/** Hands on the `message` of each chunk of a streamed `[{"message": "...", ...}, ...]`, parsed whole by JSON.parse
 *  once its end is found; a message too long to hold is handed on in slices as it comes. */
class ChunkParser {
    #emit;
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
    #inMessage;
    constructor(emit) {
        this.#emit = emit;
    }
    write(piece) {
        let from = 0;
        for (let i = 0; i < piece.length; i++) {
            const ch = piece[i];
            if (this.#depth === 0) {
                if (ch === '[' && !this.#done)
                    [this.#depth, this.#held] = [1, '['];
                else if (!/\s/.test(ch))
                    this.#fail('expected a JSON array of output chunks');
                from = i + 1;
            }
            else if (this.#inString) {
                if (this.#escaped) {
                    if (!'"\\/bfnrtu'.includes(ch))
                        this.#fail(`a bad escape \\${ch}`);
                    this.#escaped = false;
                }
                else if (ch === '\\') {
                    this.#escaped = true;
                    this.#escapeAt = this.#held.length + i - from;
                }
                else if (ch === '"')
                    this.#inString = false;
                else {
                    STRING_RUN.lastIndex = i;
                    STRING_RUN.test(piece);
                    i = STRING_RUN.lastIndex - 1;
                }
            }
            else if (ch === '"') {
                this.#inString = true;
                this.#stringAt = this.#held.length + i - from;
                this.#escapeAt = -1;
                this.#inMessage = undefined;
            }
            else if (ch === '[' || ch === '{') {
                if (++this.#depth > _http_answer_js__WEBPACK_IMPORTED_MODULE_8__/* .MAX_ANSWER_DEPTH */ .yF)
                    throw new OutputError(`its body is JSON nested more than ${_http_answer_js__WEBPACK_IMPORTED_MODULE_8__/* .MAX_ANSWER_DEPTH */ .yF} levels deep; reading stopped there`);
            }
            else if ((ch === ']' || ch === '}') && this.#depth-- <= 2) {
                // A chunk ended, or the array: what is held is parsed as an array of its own.
                const items = this.#json(this.#held + piece.slice(from, i + 1) + (this.#depth === 1 ? ']' : ''));
                for (const item of items)
                    if ((0,_common_values_js__WEBPACK_IMPORTED_MODULE_9__/* .isRecord */ .u4)(item) && typeof item['message'] === 'string')
                        this.#emit(item['message']);
                this.#done = this.#depth === 0;
                this.#held = this.#done ? '' : '[null';
                from = i + 1;
            }
        }
        this.#held += piece.slice(from);
        if (this.#held.length > MAX_CHUNK_LENGTH)
            this.#spill();
    }
    end() {
        if (!this.#done)
            throw new OutputError('its body ended before the end of the JSON array');
    }
    /** Hands on what is held of the message being read, up to an escape that may not be whole yet. */
    #spill() {
        const held = this.#held;
        const start = this.#stringAt + 1;
        this.#inMessage ??=
            this.#depth === 2 && /"message"\s*:\s*$/.test(held.slice(Math.max(0, start - 64), start - 1));
        if (this.#inString && this.#inMessage) {
            const end = held.length - this.#escapeAt < 6 && this.#escapeAt >= start ? this.#escapeAt : held.length;
            this.#emit(this.#json(`"${held.slice(start, end)}"`));
            this.#held = held.slice(0, start) + held.slice(end);
            this.#escapeAt -= end - start;
        }
        else if (held.length > 16 * MAX_CHUNK_LENGTH) {
            throw new OutputError(`its body has a chunk longer than ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_6__/* .formatLimit */ .tW)(16 * MAX_CHUNK_LENGTH)} outside its message`);
        }
    }
    #json(text) {
        try {
            return JSON.parse(text);
        }
        catch (error) {
            this.#fail((0,_common_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .asError */ .zR)(error).message);
        }
    }
    #fail(detail) {
        throw new OutputError(`its body is not the expected JSON (${detail})`);
    }
}
/** Characters a string holds that need no look: neither its end nor an escape. */
const STRING_RUN = /[^"\\]*/y;
function integer(value) {
    return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}


/***/ })

};
