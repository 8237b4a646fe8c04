export const id = 719;
export const ids = [719];
export const modules = {

/***/ 159:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Js: () => (/* binding */ abortReason),
/* harmony export */   ml: () => (/* binding */ systemClock)
/* harmony export */ });
/* unused harmony export sleep */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);

/** Node fires a longer setTimeout at once (docs/promises.md, promise 20), so longer sleeps are chained. */
const MAX_TIMER_MS = 2 ** 31 - 1;
function sleep(ms, signal) {
    return new Promise((resolve, reject) => {
        let timer;
        const onAbort = () => {
            clearTimeout(timer);
            reject(abortReason(signal));
        };
        const step = (left) => {
            if (left > 0)
                timer = setTimeout(step, Math.min(left, MAX_TIMER_MS), left - MAX_TIMER_MS);
            else {
                signal?.removeEventListener('abort', onAbort);
                resolve();
            }
        };
        if (signal?.aborted)
            return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        step(ms);
    });
}
/** The error an abort rejects with: the signal's reason when it is one of ours, else an AbortedError. */
function abortReason(signal) {
    const reason = signal?.reason;
    return reason instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui ? reason : new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .AbortedError */ .oM();
}
const systemClock = { now: () => Date.now(), sleep, random: () => Math.random() };


/***/ }),

/***/ 3094:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ui: () => (/* binding */ UserFacingError),
/* harmony export */   XL: () => (/* binding */ causeCode),
/* harmony export */   j3: () => (/* binding */ DeadlineError),
/* harmony export */   oM: () => (/* binding */ AbortedError),
/* harmony export */   yI: () => (/* binding */ ValidationError),
/* harmony export */   zR: () => (/* binding */ asError)
/* harmony export */ });
// Error types: each says what a person can act on, and none carries a credential.
/** An error whose message is the whole story: no stack trace is shown; anything else reaching the top is a bug. */
class UserFacingError extends Error {
    name = 'UserFacingError';
}
/** A bad argument caught before anything was sent. `value` is left out for secrets. */
class ValidationError extends UserFacingError {
    name = 'ValidationError';
    constructor(argument, allowed, value, detail) {
        const what = detail ?? `invalid value${value === undefined ? '' : ` ${JSON.stringify(value)}`}`;
        super(`${argument}: ${what}; ${allowed}`);
        Object.assign(this, { argument, value });
    }
}
/** The next retry (or the server's Retry-After) would run past the operation's deadline. */
class DeadlineError extends UserFacingError {
    name = 'DeadlineError';
}
/** The operation was aborted (the runner cancelled the step). */
class AbortedError extends UserFacingError {
    name = 'AbortedError';
    constructor(message = 'the operation was cancelled') {
        super(message);
    }
}
/** The code of an error or of one of its causes (the file system and undici nest them) that `test` takes. */
function causeCode(error, test) {
    for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
        if (typeof e.code === 'string' && test(e))
            return e.code;
    return undefined;
}
function asError(thrown) {
    return thrown instanceof Error ? thrown : new Error(String(thrown));
}


/***/ }),

/***/ 7370:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fn: () => (/* binding */ urlSecrets),
/* harmony export */   Jj: () => (/* binding */ cut),
/* harmony export */   LS: () => (/* binding */ plural),
/* harmony export */   Qy: () => (/* binding */ displayUrl),
/* harmony export */   TL: () => (/* binding */ quoted),
/* harmony export */   TV: () => (/* binding */ shortDuration),
/* harmony export */   Yp: () => (/* binding */ firstHeader),
/* harmony export */   a3: () => (/* binding */ formatDuration),
/* harmony export */   d5: () => (/* binding */ elapsedMs),
/* harmony export */   jk: () => (/* binding */ MAX_NOTES),
/* harmony export */   tW: () => (/* binding */ formatLimit),
/* harmony export */   vB: () => (/* binding */ roughly),
/* harmony export */   w2: () => (/* binding */ sayFirst),
/* harmony export */   z3: () => (/* binding */ formatBytes)
/* harmony export */ });
/* harmony import */ var node_querystring__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1792);
/* harmony import */ var node_querystring__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_querystring__WEBPACK_IMPORTED_MODULE_0__);
// URLs, sizes and spans of time in messages: one place, one wording.

/** A URL for messages: origin and path alone, since signed URLs carry credentials in the rest. */
function displayUrl(url) {
    const parsed = typeof url === 'string' ? URL.parse(url) : url;
    if (parsed === null)
        return '(an unreadable URL)';
    return `${parsed.origin}${parsed.pathname.replace(/;[^/]*/gu, '')}`;
}
/** The values of a URL's query and path parameters, which a server echoing the request must not print. */
function urlSecrets(url) {
    const valueOf = (param) => param.slice(param.indexOf('=') + 1);
    const pathValues = (url.pathname.match(/;[^/;]*/gu) ?? []).map(valueOf);
    const values = [
        ...url.searchParams.values(),
        ...url.search.slice(1).split('&').map(valueOf),
        ...pathValues.flatMap((value) => [value, (0,node_querystring__WEBPACK_IMPORTED_MODULE_0__.unescape)(value)]),
    ];
    // Shorter values are no credential, and redacting them would blank out ordinary words and numbers.
    return [...new Set(values.filter((value) => value.length >= 4))];
}
/** Cuts text to `max` characters (whole code points), saying so with an ellipsis. */
function cut(text, max) {
    if (text.length <= max)
        return text;
    const points = Array.from(text);
    return points.length <= max ? text : `${points.slice(0, Math.max(0, max - 1)).join('')}…`;
}
const MAX_NOTES = 20;
/** Says the first MAX_NOTES items, each as `line` words it, and then how many more there were. */
function sayFirst(say, items, line, more) {
    for (const item of items.slice(0, MAX_NOTES))
        say(line(item));
    if (items.length > MAX_NOTES)
        say(more(items.length - MAX_NOTES));
}
function plural(n, one, many = `${one}s`) {
    return `${n} ${n === 1 ? one : many}`;
}
const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
/** `512 B`, `1.50 KiB`, `12.3 MiB`. */
function formatBytes(bytes) {
    const unit = Math.min(Math.floor(Math.log(Math.max(bytes, 1)) / Math.log(1024)), BYTE_UNITS.length - 1);
    const value = bytes / 1024 ** unit;
    return unit === 0 ? `${bytes} B` : `${value.toFixed(value < 10 ? 2 : 1)} ${BYTE_UNITS[unit]}`;
}
/** A limit as it was set: `10 GiB`, `1 KiB`; other sizes as formatBytes says them. */
function formatLimit(bytes) {
    const unit = [3, 2, 1].find((u) => bytes >= 1024 ** u && bytes % 1024 ** u === 0);
    return unit === undefined ? formatBytes(bytes) : `${bytes / 1024 ** unit} ${BYTE_UNITS[unit]}`;
}
/** A record's span: its own milliseconds, else from its start to its end time; undefined when it says neither. */
function elapsedMs(millis, start, end) {
    if (typeof millis === 'number' && Number.isFinite(millis) && millis > 0)
        return millis;
    const span = Date.parse(String(end)) - Date.parse(String(start));
    return span >= 0 ? span : undefined;
}
/** `4 s`, `2 min 5 s`, `1 h 3 min`. */
function formatDuration(ms) {
    const s = Math.round(ms / 1000);
    if (s < 60)
        return `${s} s`;
    const m = Math.floor(s / 60);
    if (m < 60)
        return `${m} min${s % 60 ? ` ${s % 60} s` : ''}`;
    return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
}
/** With a tenth of a second below ten seconds (`1.5 s`, never `0 s`), else as formatDuration. */
function shortDuration(ms) {
    return ms < 10_000 ? `${Math.round(ms / 100) / 10} s` : formatDuration(ms);
}
/** A span in the largest unit it holds twice: `10 min`, `31.7 years`. */
function roughly(ms) {
    const s = ms / 1000;
    const units = [
        [365.25 * 86_400, 'years'],
        [86_400, 'days'],
        [3_600, 'h'],
        [60, 'min'],
    ];
    const [size, unit] = units.find(([size]) => s >= 2 * size) ?? [1, 's'];
    return `${Math.round((s / size) * 10) / 10} ${unit}`;
}
function firstHeader(value) {
    return typeof value === 'string' || value === undefined ? value : value[0];
}
/** Text as a JSON string, cut to `max` characters: a name from a server shown whole, escapes and all. */
function quoted(text, max = 120) {
    const json = JSON.stringify(text);
    return json.length > max ? `${json.slice(0, max - 2)}…"` : json;
}


/***/ }),

/***/ 284:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DG: () => (/* binding */ TerminalTail),
/* harmony export */   fS: () => (/* binding */ stripTerminalEscapes),
/* harmony export */   h0: () => (/* binding */ plainLine)
/* harmony export */ });
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7370);
// The last lines of raw terminal output as plain text (docs/promises.md, promise 15), cleaned once it has ended.

/** Characters kept of one line; the rest of a longer line is dropped (memory is lines × this). */
const MAX_LINE_LENGTH = 1024;
/** CSI (colours, cursor moves), OSC (titles, links; unterminated up to the line's end) and other ESC sequences. */
const TERMINAL_ESCAPE = 
// eslint-disable-next-line no-control-regex
/\u001b\[[0-?]*[ -/]*[@-~]?|(?:\u001b\]|\u009d)[^\u0007\u001b\n]*(?:\u0007|\u001b\\)?|\u009b[0-?]*[ -/]*[@-~]?|\u001b[ -/]*[0-~]?/g;
/** Control characters but the tab, C1 ones (U+0085 included) too. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;
function stripTerminalEscapes(text) {
    return text.replace(TERMINAL_ESCAPE, '');
}
/** One raw line as a terminal leaves it, near enough: after a `\r`, the last part with text stays. */
function plainLine(raw, max = MAX_LINE_LENGTH) {
    const parts = stripTerminalEscapes(raw).split('\r');
    const last = parts.findLast((part) => part.trim() !== '') ?? '';
    const line = last.replace(CONTROL, '').trimEnd();
    // Sliced first: a line of megabytes is cut without being split into code points.
    return (0,_format_js__WEBPACK_IMPORTED_MODULE_0__/* .cut */ .Jj)(line.slice(0, 2 * max + 3), max + 1);
}
/** The last `maxLines` lines of raw output, each bounded, so memory stays flat whatever the output. */
class TerminalTail {
    #max;
    #maxLineLength;
    /** Raw lines, more than are kept, so that the oldest are dropped in batches. */
    #lines = [];
    /** Blank lines not yet kept: dropped at the end, so they never push real lines out. */
    #blank = 0;
    #partial = '';
    totalLines = 0;
    constructor(maxLines, maxLineLength = MAX_LINE_LENGTH) {
        this.#max = maxLines;
        this.#maxLineLength = maxLineLength;
    }
    write(text) {
        const lines = (this.#partial + text).split('\n');
        this.#partial = this.#bounded(lines.pop() ?? '');
        for (const line of lines)
            this.#line(line);
    }
    /** The output ended: a last line without a newline counts, blank lines at the end do not. */
    end() {
        if (this.#partial.trim() !== '')
            this.#line(this.#partial);
        this.#partial = '';
        this.#blank = 0;
    }
    lines() {
        return this.#lines.slice(-this.#max).map((line) => plainLine(line, this.#maxLineLength));
    }
    #line(raw) {
        this.totalLines++;
        if (this.#max === 0)
            return;
        if (!/\S/.test(raw)) {
            this.#blank++;
            return;
        }
        // A copy, made flat by the concatenation: a line sliced from a chunk would keep the whole chunk alive.
        this.#lines.push(...Array(Math.min(this.#blank, this.#max)).fill(''), ` ${this.#bounded(raw)}`.slice(1));
        this.#blank = 0;
        if (this.#lines.length > 2 * this.#max)
            this.#lines.splice(0, this.#lines.length - this.#max);
    }
    /** A line too long to hold raw is cleaned early: a `\r` or a cut later gives what it would have given. */
    #bounded(raw) {
        return raw.length > 4 * this.#maxLineLength ? plainLine(raw, this.#maxLineLength) : raw;
    }
}


/***/ }),

/***/ 4415:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Qq: () => (/* binding */ text),
/* harmony export */   Uv: () => (/* binding */ definedOnly),
/* harmony export */   lU: () => (/* binding */ isOfCommit),
/* harmony export */   u4: () => (/* binding */ isRecord)
/* harmony export */ });
// Plain helpers over values that every room uses: no room's knowledge in them.
/** The object less its undefined values, for optional fields that must be left out rather than set to undefined. */
function definedOnly(values) {
    return Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => v !== undefined));
}
/** A string with something in it, else undefined. */
function text(value) {
    return typeof value === 'string' && value !== '' ? value : undefined;
}
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** Whether a commit hash begins with a prefix of it; hashes are hex, which the service writes in lower case. */
function isOfCommit(hash, prefix) {
    return typeof hash === 'string' && hash.toLowerCase().startsWith(prefix.toLowerCase());
}


/***/ }),

/***/ 7704:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HB: () => (/* binding */ inGroup),
/* harmony export */   I0: () => (/* binding */ coreIo)
/* harmony export */ });
/* unused harmony export printFenced */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2825);
// The one module that talks to the runner (through @actions/core). Everything else receives an `Io`, so the
// logic can be driven by a recording Io in tests and never reaches for globals.


const coreIo = { ..._actions_core__WEBPACK_IMPORTED_MODULE_1__, untrusted: (lines) => printFenced(_actions_core__WEBPACK_IMPORTED_MODULE_1__.info, lines) };
function printFenced(info, lines) {
    if (lines.length === 0)
        return;
    const token = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(16).toString('hex');
    info(`::stop-commands::${token}`);
    for (const line of lines)
        info(line);
    info(`::${token}::`);
}
// Runs `work` inside a log group, ended however it ends: GitHub does not nest groups, so whatever follows (a failure
// report's own groups, the error line) stays outside it.
async function inGroup(io, title, work) {
    io.startGroup(title);
    try {
        return await work();
    }
    finally {
        io.endGroup();
    }
}


/***/ }),

/***/ 2049:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Kg: () => (/* binding */ showOutcome),
/* harmony export */   Le: () => (/* binding */ ifNothing),
/* harmony export */   Om: () => (/* binding */ worstOutcome),
/* harmony export */   WE: () => (/* binding */ passes),
/* harmony export */   WM: () => (/* binding */ workflowOutcome),
/* harmony export */   ll: () => (/* binding */ readIfNothing),
/* harmony export */   sG: () => (/* binding */ outcomeOf),
/* harmony export */   tI: () => (/* binding */ readOutcomePolicy),
/* harmony export */   u: () => (/* binding */ outputWord),
/* harmony export */   wy: () => (/* binding */ describePolicy)
/* harmony export */ });
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);
/* harmony import */ var _service_job_status_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(535);
/* harmony import */ var _service_v2_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9575);
/* harmony import */ var _service_records_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5305);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7370);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8999);
// The outcome policy of the gating actions (trigger-build with `wait`, wait-for-build): which outcomes let the
// step pass, and which of several outcomes is the worst.






// The outcomes of a finished build (docs/wire.md), and `not_run`: a build the service skipped (`[ci skip]`) has
// lifecycle and status `not_run` and no outcome.
const OUTCOMES = ['success', 'failed', 'canceled', 'infrastructure_fail', 'timedout', 'no_tests', 'not_run'];
// Least severe first: a skipped build ran nothing that failed, so it ranks below a cancel; a build that ended
// without an outcome ranks last here, below an outcome we do not know, and a failure of the code is the worst.
const SEVERITY = ['success', 'no_tests', 'not_run', 'canceled', 'infrastructure_fail', 'timedout', ''];
/** A job's outcome for the policy and the outputs: its `outcome`, else `not_run` for a skipped one, else ''. */
function outcomeOf(job) {
    if (typeof job.outcome === 'string' && job.outcome !== '')
        return job.outcome;
    return job.lifecycle === 'not_run' || job.status === 'not_run' ? 'not_run' : '';
}
// A workflow's final status as a build's outcome; '' when not final or not known, which only `*` lets pass.
function workflowOutcome(status) {
    if (['success', 'canceled', 'not_run'].includes(status))
        return status;
    return ['failed', 'error', 'unauthorized'].includes(status) ? 'failed' : '';
}
function showOutcome(outcome) {
    return outcome === 'not_run' ? 'skipped (not_run)' : outcome;
}
/** Reads `allowed-outcomes`: one a line or comma-separated, `*` for any; an unknown name is an input error. */
function readOutcomePolicy(inputs, name = 'allowed-outcomes') {
    const words = inputs.lines(name).flatMap((line) => line.split(/\s*,\s*/u).filter(Boolean));
    if (words.length === 0)
        return { any: false, allowed: new Set(['success']) };
    const allowedText = `allowed: '*' or outcomes among ${OUTCOMES.map((o) => `'${o}'`).join(', ')}, one a line or comma-separated`;
    if (words.includes('*')) {
        if (words.length > 1)
            throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, allowedText, undefined, `'*' allows every outcome: give it alone`);
        return { any: true, allowed: new Set(OUTCOMES) };
    }
    const unknown = words.find((word) => !OUTCOMES.includes(word));
    if (unknown !== undefined)
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, allowedText, undefined, `unknown outcome ${JSON.stringify(unknown)}`);
    return { any: false, allowed: new Set(words) };
}
/** Whether a build that ended with `outcome` (null or '' when it ended without one) lets the step pass. */
function passes(policy, outcome) {
    // A word the service does not use (an outcome, or the status of a job that ended without a build): `*` refuses it.
    if (policy.any)
        return !outcome || OUTCOMES.includes(outcome) || _service_v2_js__WEBPACK_IMPORTED_MODULE_2__/* .UNBUILT_JOB_STATUSES */ .JS.has(outcome);
    return typeof outcome === 'string' && policy.allowed.has(outcome);
}
function describePolicy(policy) {
    return policy.any ? 'any outcome' : [...policy.allowed].join(', ');
}
function readIfNothing(inputs, name, fallback) {
    return inputs.oneOf(name, ['fail', 'warn', 'pass'], fallback);
}
/** Nothing ran or was found: `fail` throws `failure`, `warn` warns, `pass` says it and goes on. */
function ifNothing(say, choice, line, failure) {
    if (choice === 'fail')
        throw failure();
    if (choice === 'warn')
        say.io.warning((0,_text_js__WEBPACK_IMPORTED_MODULE_5__/* .logSafe */ .sN)(line));
    else
        say.info(line);
}
/** The worst of several outcomes ('' for none given, or when the worst build ended without an outcome). */
function worstOutcome(outcomes) {
    const severity = (o) => o === 'failed' ? SEVERITY.length + 1 : SEVERITY.includes(o) ? SEVERITY.indexOf(o) : SEVERITY.length;
    return outcomes.map((o) => o ?? '').sort((a, b) => severity(b) - severity(a))[0] ?? '';
}
/** The words the README documents for each output that holds one. */
const OUTPUT_WORDS = {
    outcome: new Set([...OUTCOMES, 'none']),
    // A job of a project named by its slug has its v2 status there (src/service/job-status.ts).
    status: new Set([..._service_records_js__WEBPACK_IMPORTED_MODULE_3__/* .BUILD_STATUSES */ .qJ, ...Object.keys(_service_job_status_js__WEBPACK_IMPORTED_MODULE_1__/* .V2_JOB_STATUSES */ .U5), 'none']),
    lifecycle: new Set([..._service_records_js__WEBPACK_IMPORTED_MODULE_3__/* .BUILD_LIFECYCLES */ .D1, 'none']),
};
// The value of the `outcome`, `status` or `lifecycle` output (docs/promises.md, promise 33): a workflow may paste it
// into a script, so a word the README does not document leaves it empty, and the log says so.
function outputWord(log, output, word) {
    if (!word || OUTPUT_WORDS[output].has(word))
        return word ?? '';
    log(`The ${output} output is left empty: ${JSON.stringify((0,_common_format_js__WEBPACK_IMPORTED_MODULE_4__/* .cut */ .Jj)(word, 100))} is no word it may hold`);
    return '';
}


/***/ }),

/***/ 3480:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  $q: () => (/* binding */ MAX_OUTPUT_BYTES),
  mw: () => (/* binding */ pipelineProject),
  tX: () => (/* binding */ projectInputs),
  Cs: () => (/* binding */ runAction),
  Xq: () => (/* binding */ runnerTempFile)
});

// UNUSED EXPORTS: COMMON_INPUTS, STOP_SIGNALS

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ../service/v1.ts
var v1 = __webpack_require__(7218);
// EXTERNAL MODULE: ../service/records.ts
var records = __webpack_require__(5305);
// EXTERNAL MODULE: ../service/slug.ts
var slug = __webpack_require__(9816);
// EXTERNAL MODULE: ../service/service.ts + 3 modules
var service = __webpack_require__(5778);
// EXTERNAL MODULE: ../common/clock.ts
var common_clock = __webpack_require__(159);
// EXTERNAL MODULE: ../common/errors.ts
var errors = __webpack_require__(3094);
// EXTERNAL MODULE: ../service/http/message.ts
var message = __webpack_require__(6139);
// EXTERNAL MODULE: ../common/values.ts
var values = __webpack_require__(4415);
// EXTERNAL MODULE: ../service/http/sunset.ts
var http_sunset = __webpack_require__(1520);
// EXTERNAL MODULE: external "node:dns"
var external_node_dns_ = __webpack_require__(610);
var external_node_dns_default = /*#__PURE__*/__webpack_require__.n(external_node_dns_);
;// CONCATENATED MODULE: ../../package.json
const package_namespaceObject = {"rE":"1.0.0"};
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(7030);
;// CONCATENATED MODULE: ../service/http/address-guard.ts
// Nothing is ever sent to a link-local address (cloud metadata services answer there), whether a URL names it or a
// host name resolves to it (docs/promises.md, promise 14): the resolver is undici's connect.lookup, so the check is
// made on the address the connection is made to.

class LinkLocalLookupError extends Error {
}
/** A resolver that refuses link-local answers for every name but the API's own (a user's choice). */
function guardedLookup(apiHostname, lookup) {
    return (hostname, options, callback) => {
        lookup(hostname, options, (err, address, family) => {
            const all = typeof address === 'string' ? [address] : (address ?? []).map((a) => a.address);
            const own = hostname.toLowerCase() === apiHostname.toLowerCase();
            const refused = own ? undefined : all.find(isLinkLocal);
            const why = `the host name ${hostname} resolves to ${refused}`;
            callback(err ?? (refused === undefined ? null : new LinkLocalLookupError(why)), address, family);
        });
    };
}
// BlockList matches the IPv4-mapped form `::ffff:a.b.c.d` by itself; the NAT64 and IPv4-compatible forms are added.
const LINK_LOCAL = new external_node_net_.BlockList();
LINK_LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LINK_LOCAL.addSubnet('fe80::', 10, 'ipv6');
LINK_LOCAL.addSubnet('64:ff9b::a9fe:0', 112, 'ipv6');
LINK_LOCAL.addSubnet('::a9fe:0', 112, 'ipv6');
/** With or without the brackets of a URL or a zone; the URL parser has normalised other spellings of IPv4. */
function isLinkLocal(host) {
    const address = host.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
    const kind = (0,external_node_net_.isIP)(address);
    return kind !== 0 && LINK_LOCAL.check(address, kind === 4 ? 'ipv4' : 'ipv6');
}

// EXTERNAL MODULE: ../service/http/answer.ts
var answer = __webpack_require__(9076);
// EXTERNAL MODULE: ../service/http/errors.ts
var http_errors = __webpack_require__(5841);
// EXTERNAL MODULE: ../common/format.ts
var format = __webpack_require__(7370);
// EXTERNAL MODULE: external "node:querystring"
var external_node_querystring_ = __webpack_require__(1792);
// EXTERNAL MODULE: ../../node_modules/undici/index.js
var undici = __webpack_require__(1684);
;// CONCATENATED MODULE: ../service/http/proxy.ts
// Proxies from the step's environment, read here (lower case first, as curl and undici do) so that the log says
// which is used and an unusable value is refused with a warning.




/** The proxies of `env`, undefined when none is usable; a value that is no http(s) address is not used, and the
 *  log says which are, never with their user and password. */
function proxyFromEnv(env, log) {
    const read = (name) => (env[name] ?? env[name.toUpperCase()] ?? '').trim();
    const proxy = (name) => {
        const value = read(name);
        if (value === '')
            return undefined;
        // Like curl, a proxy given as host:port is an http proxy.
        const url = URL.parse(/^[a-z][a-z0-9+.-]*:\/\//iu.test(value) ? value : `http://${value}`);
        if (url?.protocol === 'http:' || url?.protocol === 'https:')
            return url;
        log('warning', `${name.toUpperCase()} is set but is no http(s) address of a proxy: it is not used`);
        return undefined;
    };
    const [http, https, noProxy] = [proxy('http_proxy'), proxy('https_proxy'), read('no_proxy')];
    if (http === undefined && https === undefined)
        return undefined;
    const origin = (url) => url?.origin ?? 'none';
    const except = noProxy === '' ? '' : `; not for NO_PROXY (${noProxy})`;
    log('debug', `Proxy from the environment: ${origin(https ?? http)} for https, ${origin(http)} for http${except}`);
    return { http, https, noProxy };
}
/** A URL's user and password, as written and decoded: never printed. */
function userInfo(url) {
    const parts = [url.username, url.password].filter((p) => p !== '');
    return [...parts, ...parts.map(external_node_querystring_.unescape)];
}
/** Marks an error of a proxy's own client (its CONNECT). */
const PROXY_CLIENT = Symbol('proxy client');
/** undici's Agent, or for a `proxy` its EnvHttpProxyAgent, with a CONNECT tunnel for http origins too (undici would
 *  forward their requests), so that the proxy sees host names only: never a header, never the credential. */
function agentFor(proxy, options) {
    if (proxy === undefined)
        return new undici/* Agent */.g6(options);
    const { headersTimeout, bodyTimeout } = options;
    return new undici/* EnvHttpProxyAgent */.J2({
        ...options,
        proxyTunnel: true,
        proxyTls: { timeout: options.connect.timeout },
        // Empty for none: undici would read process.env instead, and the log would not say what is used.
        httpProxy: proxy.http?.href ?? '',
        httpsProxy: proxy.https?.href ?? '',
        noProxy: proxy.noProxy,
        // The proxy's own client gets our timeouts for its answer to CONNECT (undici gives it none), and its failures
        // are marked, so that errors name the proxy.
        clientFactory: (origin, o) => {
            const pool = new undici/* Pool */.bC(origin, { ...o, headersTimeout, bodyTimeout });
            const connect = pool.connect.bind(pool);
            // Only the promise form is called (by ProxyAgent).
            return Object.assign(pool, {
                connect: (o) => connect(o).catch((error) => {
                    throw Object.assign((0,errors/* asError */.zR)(error), { [PROXY_CLIENT]: true });
                }),
            });
        },
    });
}
/** A refusal or a timeout of the proxy's tunnel, named as the proxy's; undefined for any other error. */
function proxyError(err, proxy, { url, method, display }, headersMs, attempt) {
    // EnvHttpProxyAgent's choice: HTTPS_PROXY (else HTTP_PROXY) for https, HTTP_PROXY for http.
    const used = url.protocol === 'https:' ? (proxy?.https ?? proxy?.http) : proxy?.http;
    if (used === undefined || !(err instanceof Error))
        return undefined;
    const refused = /^Proxy response \((\d+)\) !== 200 when HTTP Tunneling$/u.exec(err.message);
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    if (refused)
        return new http_errors/* ProxyRefusedError */.Ne(method, display, used.origin, url.hostname, port, Number(refused[1]));
    if (PROXY_CLIENT in err && err.code === 'UND_ERR_HEADERS_TIMEOUT')
        return new http_errors/* TimeoutError */.MU(method, display, 'connect', headersMs, attempt, used.origin);
    return undefined;
}

// EXTERNAL MODULE: ../service/http/retry.ts
var retry = __webpack_require__(602);
;// CONCATENATED MODULE: ../service/http/exchange.ts








const exchange_LINK_LOCAL = 'a link-local address (where cloud metadata services answer), never contacted';
/** A storage redirect takes a hop or two: more is a loop. */
const MAX_REDIRECTS = 5;
/** Network-level codes that mean the exchange failed on the wire (not a bug in how it was called). */
const WIRE_ERROR_CODE = /^(E(?!RR_)[A-Z0-9_]+|HPE_[A-Z0-9_]+|ERR_(TLS|SSL)_[A-Z0-9_]+|[A-Z_]*CERT[A-Z_]*|UND_ERR_(SOCKET|RES_CONTENT_LENGTH_MISMATCH|HEADERS_OVERFLOW|INFO))$/;
/** Sends the request and follows redirects: the credential only to trusted origins, never again once dropped; no
 *  answer to an API call from another origin; nothing to a link-local address. Not undici's redirect interceptor:
 *  it drops the credential at the artifact origins too, and checks no hop. */
async function send(exchange, wire) {
    let { method, url, body } = exchange;
    const headers = { ...exchange.headers };
    let authorize = wire.trusted.has(url.origin);
    checkAddress(url, exchange, wire, 'would go to');
    const signal = exchange.limit ? AbortSignal.any([exchange.signal, exchange.limit]) : exchange.signal;
    const fail = (why) => new http_errors/* BadResponseError */.nS(exchange.method, exchange.display, why);
    for (let redirects = 0;; redirects++) {
        const response = await (exchange.download ? wire.downloads : wire.api).request({
            origin: url.origin,
            path: url.pathname + url.search,
            method: method,
            headers: authorize && wire.authorization ? { ...headers, authorization: wire.authorization } : headers,
            body: body ?? null,
            signal,
        });
        const { statusCode: status } = response;
        const location = (0,format/* firstHeader */.Yp)(response.headers.location);
        if (![301, 302, 303, 307, 308].includes(status) || location === undefined)
            return { response, url };
        await response.body.dump();
        if (redirects >= MAX_REDIRECTS)
            throw fail(`more than ${MAX_REDIRECTS} redirects`);
        const next = URL.parse(location, url.href);
        if (next?.protocol !== 'https:' && next?.protocol !== 'http:')
            throw fail(next ? `a redirect to a ${next.protocol} address` : 'a redirect to an invalid address');
        if (exchange.download)
            exchange.urlSecrets.push(...(0,format/* urlSecrets */.Fn)(next));
        checkAddress(next, exchange, wire, 'was redirected to');
        if (!exchange.download && next.origin !== wire.origin) {
            // An answer from elsewhere is not the service's answer: a DELETE "done" by another server is no deletion.
            throw fail(`a redirect to another origin (${wire.displayUrl(next, exchange.urlSecrets)}); API answers are taken only from ` +
                `${wire.origin}, the origin of base-url: if the service has moved, set base-url to its new address`);
        }
        authorize &&= wire.trusted.has(next.origin);
        // As fetch does: 303, and 301/302 after a POST, continue as a GET without the body.
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
            method = 'GET';
            body = undefined;
            delete headers['content-type'];
        }
        if (next.origin !== url.origin) {
            const how = authorize ? '' : ' (without credentials)';
            wire.log('debug', `${exchange.method} ${exchange.display}: redirected to ${next.origin}${how}`);
        }
        url = next;
    }
}
/** Refuses a link-local address given as such (guardedLookup catches a host name resolving to one); the API's own
 *  host is the user's choice, never refused. */
function checkAddress(url, exchange, wire, how) {
    if (url.hostname === new URL(wire.origin).hostname || !isLinkLocal(url.hostname))
        return;
    const where = wire.displayUrl(url, exchange.urlSecrets);
    throw new http_errors/* UnsafeAddressError */.rt(`${exchange.method} ${exchange.display} ${how} ${where}: ${exchange_LINK_LOCAL}`);
}
function mapError(err, exchange, wire, attempt) {
    const { method, display, signal } = exchange;
    const { timeouts } = wire;
    if (signal.aborted)
        return (0,common_clock/* abortReason */.Js)(signal);
    if (exchange.limit?.aborted)
        return new http_errors/* TimeoutError */.MU(method, display, 'total', timeouts.totalMs, attempt);
    if (err instanceof errors/* UserFacingError */.Ui)
        return err;
    if (err instanceof LinkLocalLookupError)
        return new http_errors/* UnsafeAddressError */.rt(`${method} ${display}: ${err.message}, ${exchange_LINK_LOCAL}`);
    const proxied = proxyError(err, wire.proxy, exchange, timeouts.headersMs, attempt);
    if (proxied !== undefined)
        return proxied;
    let e = err;
    // Happy eyeballs fails with an AggregateError of one error per address tried.
    if (typeof e?.code !== 'string' && e?.errors?.[0] !== undefined)
        e = e.errors[0];
    const { syscall, hostname } = e ?? {};
    let code = e?.code;
    if (code === undefined && err instanceof Error && err.name === 'HTTPParserError') {
        // undici leaves a parser error's code unset: the reason in parentheses at the end of its message names it.
        const reason = /\(([^)]*)\)\s*$/u.exec(err.message)?.[1] ?? 'invalid response';
        code = `HPE_${reason.toUpperCase().replace(/[^A-Z0-9]+/gu, '_')}`;
    }
    switch (code) {
        case 'UND_ERR_CONNECT_TIMEOUT':
            return new http_errors/* TimeoutError */.MU(method, display, 'connect', timeouts.connectMs, attempt);
        case 'UND_ERR_HEADERS_TIMEOUT':
            return new http_errors/* TimeoutError */.MU(method, display, 'headers', timeouts.headersMs, attempt);
        case 'UND_ERR_BODY_TIMEOUT':
            return new http_errors/* TimeoutError */.MU(method, display, 'body', timeouts.bodyIdleMs, attempt);
        case 'UND_ERR_ABORTED':
        case 'UND_ERR_DESTROYED':
        case 'UND_ERR_CLOSED':
            return (0,common_clock/* abortReason */.Js)(wire.closing);
        case 'UND_ERR_RES_EXCEEDED_MAX_SIZE':
            return (0,answer/* tooLarge */.g$)(method, display);
        case 'UND_ERR_SOCKET':
            // undici's "other side closed": the server dropped the connection, possibly after acting on the request.
            return new http_errors/* NetworkError */.Dr(method, display, 'ECONNRESET', false, attempt);
    }
    if (code === undefined || !WIRE_ERROR_CODE.test(code))
        return (0,errors/* asError */.zR)(err);
    // A failed DNS lookup names its host: after a redirect it is not base-url's.
    const dns = syscall === 'getaddrinfo' || code.startsWith('EAI_') || code === 'ENOTFOUND';
    const host = dns ? hostname : undefined;
    return new http_errors/* NetworkError */.Dr(method, display, code, (0,retry/* provablyNotSent */.dm)(code, syscall), attempt, host);
}

;// CONCATENATED MODULE: ../service/http/transport.ts
// HTTP transport of the API core: headers and Basic auth, explicit timeouts, safe redirects, retries with backoff
// and Retry-After, error bodies turned into ApiErrors, proxies from the environment (docs/wire.md;
// docs/promises.md, promises 1–6, 13–14, 20, 22). Every request goes through undici, with or without a proxy.















/** Seconds, not undici's minutes: a stuck server fails the step quickly enough to retry or report. */
const DEFAULT_TIMEOUTS = { connectMs: 10_000, headersMs: 30_000, bodyIdleMs: 30_000 };
/** A call without a deadline of its own gets this one, so that a Retry-After of years fails at once. */
const CALL_BUDGET_MS = 10 * 60_000;
/** A retry wait longer than this is said at info level: a silent minute reads as a hang. */
const LONG_WAIT_MS = 5_000;
/** Headers the transport alone decides; a caller's extra headers never override them. */
const RESERVED_HEADERS = /^(authorization|host|content-length|transfer-encoding|connection)$/iu;
class Transport {
    origin;
    clock;
    #options;
    #basePath;
    #secrets = [];
    #userAgent;
    #retry;
    #log;
    #sunset;
    #closing = new AbortController();
    #wire;
    #closed;
    constructor(options) {
        const base = new URL(options.baseUrl);
        this.#options = options;
        this.origin = base.origin;
        this.#basePath = base.pathname.replace(/\/+$/u, '');
        this.clock = options.clock ?? common_clock/* systemClock */.ml;
        this.#log = options.log ?? (() => { });
        this.#sunset = options.sunset ?? new http_sunset/* SunsetNotices */.GI();
        this.#userAgent = options.userAgent ?? `ci-actions/${package_namespaceObject.rE}`;
        let authorization;
        if (options.token) {
            const credential = Buffer.from(`${options.token}:`).toString('base64');
            authorization = `Basic ${credential}`;
            this.#secrets.push(options.token, credential);
        }
        // A user and password in the base address are never sent, but never printed either.
        this.#secrets.push(...userInfo(base));
        const given = { ...DEFAULT_TIMEOUTS, ...(0,values/* definedOnly */.Uv)(options.timeouts) };
        const longer = Math.max(given.headersMs, given.bodyIdleMs);
        // undici checks its own timeouts on a coarse clock: the overall limit leaves them room to fire first, so that a
        // server that never answers is told as such.
        const timeouts = { totalMs: Math.max(4 * longer, longer + 2_000), ...given };
        this.#retry = { ...retry/* DEFAULT_RETRY */.vI, ...(0,values/* definedOnly */.Uv)(options.retry) };
        const { dispatcher } = options;
        const proxy = dispatcher ? undefined : proxyFromEnv(options.env ?? process.env, this.#log);
        this.#secrets.push(...[proxy?.http, proxy?.https].flatMap((url) => (url ? userInfo(url) : [])));
        const lookup = guardedLookup(base.hostname, options.lookup ?? (external_node_dns_default()).lookup);
        const agent = {
            connect: { timeout: timeouts.connectMs, lookup },
            headersTimeout: timeouts.headersMs,
            bodyTimeout: timeouts.bodyIdleMs,
        };
        const make = (extra) => dispatcher ?? agentFor(proxy, { ...extra, ...agent });
        this.#wire = {
            origin: this.origin,
            // API calls' own dispatcher: maxResponseSize caps their answers, and it is per dispatcher.
            api: make({ maxResponseSize: answer/* MAX_ANSWER_BYTES */.gB }),
            // HTTP/1.1 only: undici takes HTTP/2 when a server offers it, and its HTTP/2 downloads were several times
            // slower at a network's latency (`npm run bench -- --tls --latency 20`).
            downloads: make({ allowH2: false, connections: options.downloadConnections ?? null }),
            // The API's origin, and the artifact origins it listed.
            trusted: new Set([base.origin]),
            authorization,
            timeouts,
            proxy,
            closing: this.#closing.signal,
            log: this.#log,
            displayUrl: (url, secrets) => this.#displayUrl(url, secrets),
        };
    }
    log(level, message) {
        this.#log(level, this.#redact(message));
    }
    /** Artifact URLs the API listed: the credential may go to their origins too. */
    trust(url) {
        const parsed = URL.parse(url);
        // An API reached over TLS never has its credential sent in clear text, whatever it lists.
        if (parsed?.protocol === 'https:' || (parsed?.protocol === 'http:' && this.origin.startsWith('http:')))
            this.#wire.trusted.add(parsed.origin);
    }
    async request(req) {
        // URLSearchParams writes each value as String() would.
        const query = new URLSearchParams((0,values/* definedOnly */.Uv)(req.query)).toString();
        const path = req.path + (query === '' ? '' : `?${query}`);
        const display = (req.api === 'v2' ? 'v2 ' : '') + this.#redact(path);
        if (req.body !== undefined && req.method !== 'POST')
            throw new TypeError(`${req.method} ${display}: only a POST carries a body`);
        const basePath = req.api === 'v2' ? this.#basePath.replace(/\/v1\.1$/u, '/v2') : this.#basePath;
        const body = req.body === undefined ? undefined : JSON.stringify(req.body);
        const headers = { accept: 'application/json', 'user-agent': this.#userAgent };
        if (body !== undefined)
            headers['content-type'] = 'application/json';
        const signal = this.#signalFor(req.signal);
        const call = {
            method: req.method,
            url: new URL(this.origin + basePath + path),
            headers,
            body,
            signal,
            display,
            urlSecrets: [],
            download: false,
        };
        const given = Math.min(this.#options.deadline ?? Infinity, req.deadline ?? Infinity);
        // Every call has a deadline, even when its step has none (docs/promises.md, promise 3).
        const deadline = given === Infinity ? this.clock.now() + CALL_BUDGET_MS : given;
        // Not undici's retry interceptor: a trigger is never sent twice, and Retry-After is waited up to the deadline.
        for (let attempt = 1;; attempt++) {
            if (signal.aborted)
                throw (0,common_clock/* abortReason */.Js)(signal);
            // The whole attempt, its answer read to the end, is bounded by the overall limit (docs/promises.md, promise 5).
            const exchange = { ...call, limit: AbortSignal.timeout(this.#wire.timeouts.totalMs) };
            let error;
            let retryAfter;
            try {
                const { response } = await send(exchange, this.#wire);
                const { statusCode: status, headers } = response;
                const gone = this.#sunset.heard(req.method, display, status, headers, this.log.bind(this));
                if (status >= 200 && status < 300) {
                    const data = (await (0,answer/* readJson */.Vh)(response, req.method, display, this.#allSecrets()));
                    return { status, headers, data, attempts: attempt };
                }
                const message = await (0,answer/* errorMessage */.gJ)(response, this.#allSecrets(), signal);
                error = gone?.(message, attempt) ?? (0,http_errors/* apiError */.pb)(status, req.method, display, message, attempt);
                retryAfter = (0,format/* firstHeader */.Yp)(headers['retry-after']);
            }
            catch (err) {
                error = mapError(err, exchange, this.#wire, attempt);
            }
            const retryAfterMs = (0,retry/* parseRetryAfter */.mu)(retryAfter, this.clock.now());
            if (attempt >= this.#retry.maxAttempts || !(0,retry/* shouldRetry */.Sc)(req.retry, error, retryAfterMs))
                throw error;
            // The server's Retry-After is honoured in full, even above maxDelayMs (docs/promises.md, promise 3).
            const wait = retryAfterMs ?? (0,retry/* backoffDelay */.EY)(attempt, this.#retry, () => this.clock.random());
            const now = this.clock.now();
            const asked = retryAfterMs === undefined ? undefined : retryAfter;
            if (now + wait > deadline) {
                const said = asked && (0,message/* serverMessage */.x_)(asked, 'text/plain', this.#allSecrets());
                const budget = given === Infinity ? CALL_BUDGET_MS : undefined;
                throw (0,retry/* pastDeadline */.Rs)(error, wait, deadline - now, said, budget);
            }
            const how = asked === undefined ? '' : ' as the server asked (Retry-After)';
            this.#log(wait > LONG_WAIT_MS ? 'info' : 'debug', `${error.message}; retrying in ${(0,retry/* seconds */.YA)(wait)}${how} (attempt ${attempt + 1} of ${this.#retry.maxAttempts})`);
            await this.clock.sleep(wait, signal);
        }
    }
    /** GET an absolute URL for a download, redirects followed under the same rules as API calls; no retries (the
     *  caller resumes). The caller must start reading `body`, or destroy it, before it awaits anything else. */
    async open(url, options = {}) {
        const target = URL.parse(url);
        if (target?.protocol !== 'https:' && target?.protocol !== 'http:') {
            const scheme = target === null ? undefined : `unsupported scheme ${target.protocol}`;
            throw new errors/* ValidationError */.yI('url', 'an absolute http(s) URL', undefined, scheme);
        }
        const headers = {};
        for (const [name, value] of Object.entries(options.headers ?? {}))
            if (!RESERVED_HEADERS.test(name))
                headers[name.toLowerCase()] = value;
        headers['user-agent'] = this.#userAgent;
        const secrets = (0,format/* urlSecrets */.Fn)(target);
        const exchange = {
            method: 'GET',
            url: target,
            headers,
            body: undefined,
            signal: this.#signalFor(options.signal),
            display: this.#displayUrl(target, secrets),
            urlSecrets: secrets,
            download: true,
        };
        try {
            const { response, url: final } = await send(exchange, this.#wire);
            const { statusCode: status, body } = response;
            if (status < 200 || status >= 300) {
                const message = await (0,answer/* errorMessage */.gJ)(response, [...this.#allSecrets(), ...secrets], exchange.signal);
                throw (0,http_errors/* apiError */.pb)(status, 'GET', exchange.display, message);
            }
            const unusable = (0,answer/* unusableDownload */.A0)(status, response.headers);
            if (unusable !== undefined) {
                (0,answer/* discard */.vf)(body);
                throw new http_errors/* BadResponseError */.nS('GET', exchange.display, unusable);
            }
            // undici fails a body through destroy(): its errors become the API core's there, with no stream in between.
            const destroy = body.destroy.bind(body);
            body.destroy = (err) => destroy(err ? mapError(err, exchange, this.#wire, 1) : undefined);
            final.username = '';
            final.password = '';
            return { status, headers: response.headers, url: final.href, body };
        }
        catch (err) {
            throw mapError(err, exchange, this.#wire, 1);
        }
    }
    /** Closes the owned dispatchers; no socket or timer outlives it. In-flight requests and waits end with AbortedError. */
    close() {
        this.#closed ??= (async () => {
            this.#closing.abort(new errors/* AbortedError */.oM('the HTTP client was closed'));
            if (this.#options.dispatcher === undefined)
                await Promise.all([this.#wire.api.destroy(), this.#wire.downloads.destroy()]);
        })();
        return this.#closed;
    }
    #signalFor(signal) {
        return AbortSignal.any([this.#closing.signal, this.#options.signal, signal].filter((s) => s !== undefined));
    }
    #displayUrl(url, urlSecrets) {
        return (0,message/* redactor */.$p)(urlSecrets)(this.#redact((0,format/* displayUrl */.Qy)(url)));
    }
    #allSecrets() {
        return [...this.#secrets, ...(this.#options.secrets ?? [])];
    }
    #redact(text) {
        return (0,message/* redactor */.$p)(this.#allSecrets())(text);
    }
}

// EXTERNAL MODULE: ../service/validate.ts
var validate = __webpack_require__(6609);
;// CONCATENATED MODULE: ../runner/inputs.ts
// Typed reading of an action's inputs. Every check throws a ValidationError that names the input, shows the
// bad value unless it is secret, and says what is allowed; nothing is sent before all inputs are read.


class Inputs {
    #io;
    #declared;
    #secrets;
    constructor(io, declared, secrets) {
        this.#io = io;
        this.#declared = new Set(declared);
        this.#secrets = secrets;
    }
    /** The input as given, trimmed; '' when not set. Reading an undeclared input is a bug in the action. */
    raw(name) {
        if (!this.#declared.has(name))
            throw new Error(`bug: input '${name}' is read but not declared in action.yml`);
        return this.#io.getInput(name);
    }
    optional(name) {
        return this.raw(name) || undefined;
    }
    required(name, hint = '') {
        const value = this.raw(name);
        if (value === '')
            throw new errors/* ValidationError */.yI(name, `a value is required${hint ? `: ${hint}` : ''}`, undefined, 'missing');
        return value;
    }
    secret(name, options = {}) {
        const value = this.raw(name);
        this.mask(value);
        return options.required ? this.required(name, options.hint) : value || undefined;
    }
    /** Masks a value and each of its lines from now on, however short: the runner masks a one-character secret too. */
    mask(value) {
        for (const part of [value, ...value.split(/\r?\n/)]) {
            const trimmed = part.trim();
            if (trimmed.length > 0 && !this.#secrets.includes(trimmed)) {
                this.#secrets.push(trimmed);
                this.#io.setSecret(trimmed);
            }
        }
    }
    boolean(name, fallback) {
        const value = this.raw(name);
        if (value === '')
            return fallback;
        if (/^(true|false)$/i.test(value))
            return value.toLowerCase() === 'true';
        throw new errors/* ValidationError */.yI(name, "allowed: 'true' or 'false'", value);
    }
    integer(name, min, max, fallback) {
        const value = this.raw(name);
        return value === '' ? fallback : (0,validate/* checkInteger */.zQ)(name, value, min, max);
    }
    oneOf(name, values, fallback) {
        const value = this.raw(name);
        return value === '' ? fallback : (0,validate/* oneOf */.yL)(name, value, values);
    }
    /** Non-empty lines, trimmed; lines starting with `#` are comments. */
    lines(name) {
        return this.raw(name)
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter((line) => line !== '' && !line.startsWith('#'));
    }
    /** `NAME=value` lines: the value is everything after the first `=`, kept as written. */
    assignments(name, options = {}) {
        const out = new Map();
        const lines = this.raw(name).split(/\r?\n/);
        // Values are masked before a mistake below can print a line that holds one.
        if (options.secret)
            for (const line of lines)
                if (line.indexOf('=') > 0)
                    this.mask(line.slice(line.indexOf('=') + 1));
        for (const [index, line] of lines.entries()) {
            if (line.trim() === '' || line.trim().startsWith('#'))
                continue;
            const [, key, value] = /^\s*([A-Za-z_]\w*)\s*=([^]*)$/.exec(line) ?? [];
            if (key === undefined || value === undefined)
                throw new errors/* ValidationError */.yI(name, 'allowed: NAME=value lines, NAME matching [A-Za-z_][A-Za-z0-9_]*', options.secret ? undefined : line.trim(), options.secret ? `line ${index + 1} is not NAME=value` : undefined);
            if (out.has(key))
                throw givenTwice(name, key);
            out.set(key, value);
        }
        return out;
    }
    /** Build parameters: a JSON object, or `NAME=value` lines. */
    params(name) {
        const raw = this.raw(name);
        if (raw === '')
            return undefined;
        if (!raw.startsWith('{'))
            return (0,validate/* checkParams */.N8)(name, Object.fromEntries(this.assignments(name)));
        let parsed;
        try {
            parsed = JSON.parse(raw);
        }
        catch (error) {
            throw new errors/* ValidationError */.yI(name, 'allowed: a JSON object, or NAME=value lines', undefined, `not valid JSON (${error.message})`);
        }
        const seen = new Set();
        const twice = (0,validate/* jsonObjectKeys */._y)(raw).find((key) => seen.size === seen.add(key).size);
        if (twice !== undefined)
            throw givenTwice(name, twice);
        return (0,validate/* checkParams */.N8)(name, parsed);
    }
}
function givenTwice(name, key) {
    return new errors/* ValidationError */.yI(name, 'each name once', undefined, `${JSON.stringify(key)} is given twice`);
}

// EXTERNAL MODULE: ../runner/io.ts
var runner_io = __webpack_require__(7704);
// EXTERNAL MODULE: ../runner/text.ts
var runner_text = __webpack_require__(8999);
// EXTERNAL MODULE: ../runner/workflow.ts
var workflow = __webpack_require__(649);
;// CONCATENATED MODULE: ../runner/run.ts
// Runs one action the way every action runs: inputs checked first, secrets masked before anything is logged, the
// runner's stop signals turned into an abort, and every failure turned into one `::error::` line with exit code 1.




















/** The hosted service's root; self-hosted installations pass their own `base-url` (checkBaseUrl's forms). */
const HOSTED_BASE_URL = 'https://ci.example.com';
const COMMON_INPUTS = [
    'token',
    'base-url',
    'vcs-type',
    'username',
    'project',
    'project-slug',
];
/** The most an output holds before its value goes to a file instead (docs/promises.md, promise 23). */
const MAX_OUTPUT_BYTES = 512 * 1024;
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGBREAK'];
/** A new file's path under RUNNER_TEMP (outside a runner, the system's temporary folder): `<stem>-<uuid>.<ext>`. */
function runnerTempFile(env, stem, extension) {
    return (0,external_node_path_.join)(env['RUNNER_TEMP'] || (0,external_node_os_.tmpdir)(), `${stem}-${(0,external_node_crypto_.randomUUID)()}.${extension}`);
}
async function runAction(spec, main, options = {}) {
    const env = options.env ?? process.env;
    const clock = options.clock ?? common_clock/* systemClock */.ml;
    const secrets = [];
    // Every line, output and summary of the action passes through the guard, so no path can forget it.
    const io = guardedIo(options.io ?? runner_io/* coreIo */.I0, secrets);
    const controller = new AbortController();
    const cleanups = [];
    const onSignal = (signal) => {
        if (!controller.signal.aborted)
            controller.abort(new errors/* AbortedError */.oM(`the step was cancelled (${signal})`));
    };
    // Windows has no SIGTERM: its runner sends Ctrl-C (SIGINT), then Ctrl-Break, which Node gives as SIGBREAK.
    for (const signal of STOP_SIGNALS)
        process.on(signal, onSignal);
    const inputs = new Inputs(io, [...COMMON_INPUTS, ...spec.inputs], secrets);
    // Shared by the step's connections, so that the service's Deprecation and Sunset are said once.
    const sunset = new http_sunset/* SunsetNotices */.GI((0,values/* definedOnly */.Uv)({ replacement: spec.replacement }));
    const connect = ({ needsProject = true, timeouts, retry, ...rest } = {}) => {
        const token = inputs.secret('token', { required: true, hint: (0,workflow/* emptyTokenHint */.S7)(env) });
        // The Basic credential is masked as well, in case a debug trace ever shows a header.
        inputs.mask(Buffer.from(`${token}:`).toString('base64'));
        const baseUrl = (0,validate/* checkBaseUrl */.xd)('base-url', inputs.optional('base-url') ?? HOSTED_BASE_URL);
        const slugProject = readProjectSlug(inputs);
        const vcsType = (0,validate/* checkVcsType */.dG)('vcs-type', inputs.optional('vcs-type') ?? 'primary-host');
        const [repoOwner, repoName] = (env['GITHUB_REPOSITORY'] ?? '').split('/');
        const username = inputs.optional('username') ?? repoOwner ?? '';
        const project = inputs.optional('project') ?? repoName ?? '';
        const required = 'a value is required when GITHUB_REPOSITORY is not set';
        if (needsProject && slugProject === undefined)
            for (const [name, value] of Object.entries({ username, project })) {
                if (!value)
                    throw new errors/* ValidationError */.yI(name, required, undefined, 'missing');
                (0,validate/* checkName */.I3)(name, value);
            }
        // Layered: the environment's tuning, then the test's, then what this connection asks for.
        const tuned = transportTuning(env);
        const transport = new Transport({
            baseUrl,
            token,
            // Every value masked in this step, also those masked later: server text is cleaned of them before it is cut.
            secrets,
            env,
            clock,
            sunset,
            signal: controller.signal,
            ...rest,
            timeouts: { ...tuned.timeouts, ...options.transport?.timeouts, ...timeouts },
            retry: { ...tuned.retry, ...options.transport?.retry, ...retry },
            log: (level, message) => io[level === 'debug' || level === 'warning' ? level : 'info'](message),
        });
        cleanups.push(() => transport.close());
        // A call about no project gets the triple's placeholder.
        const named = slugProject !== undefined && needsProject ? slugProject : { vcsType, username, project };
        return { service: (0,service/* openService */.I)({ transport, project: named }), transport, project: named, baseUrl };
    };
    const ctx = {
        io,
        inputs,
        env,
        clock,
        secrets,
        signal: controller.signal,
        connect,
        setOutput: (name, value) => {
            if (!spec.outputs.includes(name))
                throw new Error(`bug: output '${name}' is set but not declared in action.yml`);
            const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
            const bytes = Buffer.byteLength(text);
            if (bytes <= MAX_OUTPUT_BYTES)
                return io.setOutput(name, text);
            // Written at once, as an output is set synchronously, and less every secret, as the output would be.
            const file = runnerTempFile(env, `${spec.name}-${name}`, /^[[{]/u.test(text) ? 'json' : 'txt');
            (0,external_node_fs_.writeFileSync)(file, redactOutput(text, secrets), { mode: 0o600 });
            io.setOutput(name, file);
            io.warning(`The ${name} output holds the path of a file, ${file}, not its value: the value takes ` +
                `${(0,format/* formatBytes */.z3)(bytes)}, past the ${(0,format/* formatBytes */.z3)(MAX_OUTPUT_BYTES)} an output may hold (GitHub takes 1 MB ` +
                `of outputs per job). Read it from the file.`);
        },
        onCleanup: (fn) => cleanups.push(fn),
        info: (message) => io.info(message),
    };
    try {
        // The token is masked before anything else can be printed.
        inputs.secret('token');
        await main(ctx);
        if (controller.signal.aborted)
            throw (0,common_clock/* abortReason */.Js)(controller.signal);
    }
    catch (error) {
        // One `::error::` line; a stack trace only for bugs, only at debug level.
        if (error instanceof errors/* UserFacingError */.Ui)
            io.setFailed(error.message);
        else {
            if (error instanceof Error)
                io.debug(error.stack ?? error.message);
            io.setFailed(`unexpected error: ${(0,errors/* asError */.zR)(error).message}`);
        }
    }
    finally {
        for (const fn of cleanups.reverse()) {
            try {
                await fn();
            }
            catch (error) {
                io.debug(`cleanup failed: ${String(error)}`);
            }
        }
        for (const signal of STOP_SIGNALS)
            process.off(signal, onSignal);
    }
}
/** The inputs that name the step's project; without them it is the workflow's repository. */
const PROJECT_INPUTS = ['project-slug', 'vcs-type', 'username', 'project'];
/** Those of PROJECT_INPUTS the step was given. */
const projectInputs = (ctx) => PROJECT_INPUTS.filter((name) => ctx.inputs.optional(name) !== undefined);
/**
 * The project of a pipeline read by its id (docs/promises.md, promise 35). When that is not the step's, a project
 * the step named makes `asked` (the input that named the pipeline) an input error, else the pipeline's is used,
 * and the log says so; without `asked` (a pipeline the step started) the answer is unusable. `then` completes
 * "leave the inputs out to …" in the error, and the log line.
 */
function pipelineProject(ctx, connection, pipeline, asked, then) {
    const named = pipeline.project_slug;
    const own = named === undefined ? connection.project : (0,slug/* slugAddress */.Ms)(named);
    const call = { method: 'GET', path: `v2 /pipeline/${pipeline.id}` };
    if (own === undefined)
        throw (0,records/* unusable */._P)(call, 'the pipeline has a project_slug that is no provider/organization/project');
    if ((0,slug/* sameProject */.EF)(own, connection.project))
        return connection.project;
    const which = `#${pipeline.number} is of project ${String(named)}, not ${connection.service.name}`;
    const theirs = `pipeline ${which}`;
    if (asked === undefined)
        throw (0,records/* unusable */._P)(call, `${theirs} that the step started it in`);
    const given = projectInputs(ctx);
    if (given.length > 0)
        throw new errors/* ValidationError */.yI(asked, `allowed: a pipeline of the project that ${given.join(', ')} ${given.length > 1 ? 'name' : 'names'}, or ` +
            `leave ${given.length > 1 ? 'them' : 'it'} out to ${then.leaveOut}`, undefined, theirs);
    ctx.info(`Pipeline ${which}, which the step's inputs do not name: ${then.said}`);
    return own;
}
/** `project-slug`, checked: never with the v1.1 triple's inputs. */
function readProjectSlug(inputs) {
    const value = inputs.optional('project-slug');
    if (value === undefined)
        return undefined;
    const others = ['vcs-type', 'username', 'project'].filter((name) => inputs.optional(name));
    if (others.length > 0)
        throw new errors/* ValidationError */.yI('project-slug', 'name the project either by project-slug or by vcs-type, username and project', undefined, `not allowed together with ${others.join(', ')}`);
    return (0,v1/* checkProjectSlug */.RF)('project-slug', value);
}
/** Timing of the HTTP layer from the environment: a slow installation needs longer, tests need shorter. */
function transportTuning(env) {
    const read = (name, max) => env[name] ? (0,validate/* checkInteger */.zQ)(name, env[name], 1, max) : undefined;
    const seconds = read('CI_ACTIONS_TIMEOUT_SECONDS', 3600);
    const timeoutMs = seconds === undefined ? undefined : seconds * 1000;
    return {
        timeouts: (0,values/* definedOnly */.Uv)({
            connectMs: timeoutMs && Math.min(timeoutMs, 10_000),
            headersMs: timeoutMs,
            bodyIdleMs: timeoutMs,
        }),
        retry: (0,values/* definedOnly */.Uv)({
            maxAttempts: read('CI_ACTIONS_MAX_ATTEMPTS', 20),
            baseDelayMs: read('CI_ACTIONS_RETRY_BASE_MS', 60_000),
        }),
    };
}
/** An output less every secret, since the runner masks only what it prints (docs/promises.md, promise 13). */
function redactOutput(value, secrets) {
    const redact = (0,message/* redactor */.$p)(secrets);
    const whole = redact(value);
    if (whole === value)
        return value;
    // JSON stays JSON: each key and string is cleaned on its own.
    const walk = (v) => typeof v === 'string'
        ? redact(v)
        : typeof v !== 'object' || v === null
            ? v
            : Array.isArray(v)
                ? v.map(walk)
                : Object.fromEntries(Object.entries(v).map(([k, x]) => [redact(k), walk(x)]));
    try {
        const parsed = JSON.parse(value);
        return typeof parsed === 'object' && parsed !== null ? JSON.stringify(walk(parsed)) : whole;
    }
    catch {
        return whole;
    }
}
/** The Io an action sees: no secret and no workflow command gets through, since the runner masks only whole values. */
function guardedIo(io, secrets) {
    // Built again each time: secrets masked later count too.
    const clean = (text) => (0,runner_text/* cleaner */.ZS)(secrets)(text);
    // The summary's builders all append through addRaw, and keep their text on `this`: one override covers them.
    const summary = Object.create(io.summary);
    summary.addRaw = function (text, addEOL) {
        return io.summary.addRaw.call(this, clean(text), addEOL);
    };
    return {
        ...io,
        setOutput: (name, value) => io.setOutput(name, redactOutput(value, secrets)),
        debug: (message) => io.debug((0,runner_text/* logSafe */.sN)(clean(message))),
        info: (message) => io.info((0,runner_text/* logSafe */.sN)(clean(message))),
        warning: (message, properties) => io.warning(clean(message), properties),
        error: (message, properties) => io.error(clean(message), properties),
        notice: (message, properties) => io.notice(clean(message), properties),
        setFailed: (message) => io.setFailed(clean(message)),
        // Inside the fence the runner obeys nothing: the text is shown as it came, less secrets and escapes.
        untrusted: (lines) => io.untrusted(lines.map(clean)),
        startGroup: (name) => io.startGroup(clean(name)),
        summary,
    };
}


/***/ }),

/***/ 2970:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T9: () => (/* binding */ failedTests),
/* harmony export */   U1: () => (/* binding */ headerRow),
/* harmony export */   YF: () => (/* binding */ mdLink),
/* harmony export */   _x: () => (/* binding */ buildFacts),
/* harmony export */   fe: () => (/* binding */ appendSummary),
/* harmony export */   hL: () => (/* binding */ buildLink),
/* harmony export */   jI: () => (/* binding */ buildHeading),
/* harmony export */   kS: () => (/* binding */ testsTable),
/* harmony export */   l1: () => (/* binding */ failedTestsTable),
/* harmony export */   l4: () => (/* binding */ SUMMARY_ROWS),
/* harmony export */   z4: () => (/* binding */ MAX_LISTED_FAILURES)
/* harmony export */ });
/* unused harmony exports linkTarget, resultKind */
/* harmony import */ var _outcomes_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2049);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8999);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7370);



/** Appends a section to the job summary; one that cannot be written is a warning, never another verdict. */
async function appendSummary(io, markdown) {
    try {
        await io.summary.addRaw(markdown, true).write();
    }
    catch (error) {
        io.warning(`Could not write the job summary: ${error.message}`);
    }
}
function headerRow(...names) {
    return names.map((data) => ({ data, header: true }));
}
/** Failed tests listed in the summary; the rest are counted. */
const MAX_LISTED_FAILURES = 50;
/** Rows of a job summary's table of files or holds: GitHub drops a summary over 1 MiB; the rest are counted. */
const SUMMARY_ROWS = 50;
/** A build page's address is short; a longer one is not worth a summary's room. */
const MAX_LINK_LENGTH = 2048;
/** The address as a Markdown link target, or undefined when it is not an http(s) URL. */
function linkTarget(url) {
    const parsed = typeof url === 'string' ? URL.parse(url) : null;
    if (parsed === null || !/^https?:$/.test(parsed.protocol) || parsed.href.length > MAX_LINK_LENGTH)
        return undefined;
    // Parentheses and spaces would end the link early; URL.href already encoded spaces, quotes and angle brackets.
    return parsed.href.replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'));
}
/** `[text](url)`, or the text alone without a usable address. `text` must be Markdown-safe already. */
function mdLink(text, url) {
    const target = linkTarget(url);
    return target === undefined ? text : `[${text}](${target})`;
}
function buildLink(job) {
    return mdLink(`#${job.number}`, job.url);
}
/** `### [Build #12 · main · 1a2b3c4](url)`. */
function buildHeading(job, level = 3) {
    const parts = [`Build #${job.number}`];
    if (job.branch)
        parts.push((0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(job.branch, 100));
    if (job.tag)
        parts.push(`tag ${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(job.tag, 100)}`);
    if (job.revision)
        parts.push((0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(job.revision.slice(0, 7)));
    return `${'#'.repeat(level)} ${mdLink(parts.join(' · '), job.url)}`;
}
/** One line of facts: status, outcome, duration, and what the caller adds (e.g. how long the step waited). */
function buildFacts(job, extra = {}) {
    const facts = [['Status', job.status ? (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(job.status, 50) : 'unknown']];
    const outcome = (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_0__/* .outcomeOf */ .sG)(job);
    if (outcome)
        facts.push(['Outcome', (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)((0,_outcomes_js__WEBPACK_IMPORTED_MODULE_0__/* .showOutcome */ .Kg)(outcome), 50)]);
    if (job.durationMs !== null)
        facts.push(['Duration', (0,_common_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(job.durationMs)]);
    if (job.subject)
        facts.push(['Subject', (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(job.subject, 120)]);
    for (const [name, value] of Object.entries(extra))
        facts.push([name, value]);
    return facts.map(([name, value]) => `**${name}:** ${value}`).join(' · ');
}
const RESULT_KINDS = {
    passed: ['success', 'passed', 'pass'],
    failed: ['failure', 'failed', 'fail'],
    skipped: ['skipped', 'skip'],
    errors: ['error'],
};
/** Results are an open set (docs/wire.md): what is neither passed, failed, skipped nor an error counts as other. */
function resultKind(result) {
    const word = (result ?? '').toLowerCase();
    return (Object.entries(RESULT_KINDS).find(([, words]) => words.includes(word))?.[0] ??
        'other');
}
/** Tests that did not pass and were not skipped, in the order the server listed them. */
function failedTests(tests) {
    return tests.filter((t) => ['failed', 'errors'].includes(resultKind(t.result)));
}
const row = (cells) => `| ${cells.join(' | ')} |`;
function testsTable(tests) {
    const kinds = Object.groupBy(tests, (t) => resultKind(t.result));
    const times = tests.map((t) => t.run_time ?? 0).filter((time) => time > 0 && time < Infinity);
    const seconds = times.reduce((sum, time) => sum + time, 0);
    const shown = ['Passed', 'Failed', 'Skipped', 'Errors', ...(kinds.other ? ['Other'] : [])];
    const counts = shown.map((kind) => String(kinds[kind.toLowerCase()]?.length ?? 0));
    const heads = [...shown, 'Total', 'Time'];
    const cells = [...counts, String(tests.length), formatTestTime(seconds)];
    return [row(heads), `|${heads.map(() => '---:').join('|')}|`, row(cells)].join('\n');
}
/** The failed tests as a table (class, name, file, message), `max` at most, the rest counted. */
function failedTestsTable(failed, max = MAX_LISTED_FAILURES) {
    if (failed.length === 0)
        return '';
    const rows = failed
        .slice(0, max)
        .map((t) => row([
        (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(t.classname ?? '', 120),
        (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(t.name ?? '(unnamed)', 200),
        (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(t.file ?? '', 120),
        (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(t.message ?? '', 300),
    ]));
    const rest = failed.length - max;
    if (rest > 0)
        rows.push('', `…and ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(rest, 'more failed test')}, not listed.`);
    return [row(['Class', 'Name', 'File', 'Message']), '|---|---|---|---|', ...rows].join('\n');
}
/** Test time in the unit that reads best: `0.42 s`, `12.3 s`, `2 min 5 s`. */
function formatTestTime(seconds) {
    if (seconds < 10)
        return `${Math.round(seconds * 100) / 100} s`;
    return seconds < 60 ? `${Math.round(seconds * 10) / 10} s` : (0,_common_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(seconds * 1000);
}


/***/ }),

/***/ 8999:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $v: () => (/* binding */ mdSafe),
/* harmony export */   NO: () => (/* binding */ shellSafeUrl),
/* harmony export */   TN: () => (/* binding */ oneLine),
/* harmony export */   ZS: () => (/* binding */ cleaner),
/* harmony export */   br: () => (/* binding */ htmlSafe),
/* harmony export */   sN: () => (/* binding */ logSafe)
/* harmony export */ });
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7370);
/* harmony import */ var _service_http_message_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6139);
/* harmony import */ var _common_terminal_tail_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(284);
// Text that came from the server (build subjects, test names and messages, error bodies) must not be able to
// issue workflow commands (docs/promises.md, promise 15) nor break the job summary's Markdown.



/** Server text less escapes, then secrets, since an escape inside a secret would hide it from the redaction. */
function cleaner(secrets) {
    const redact = (0,_service_http_message_js__WEBPACK_IMPORTED_MODULE_1__/* .redactor */ .$p)(secrets);
    return (text) => redact((0,_common_terminal_tail_js__WEBPACK_IMPORTED_MODULE_2__/* .stripTerminalEscapes */ .fS)(text));
}
// What the runner takes for a command: `::` after .NET's white space (wider than JavaScript's `\s`) at the start of
// a line, which `\r` ends too, and the older `##[cmd]` anywhere.
const COMMAND_START = /^([\s\u0085\u180e]*)::/gm;
const OLD_COMMAND = /##\[/g;
/** Text safe to print in the log (docs/promises.md, promise 15): a zero-width space breaks every command. */
function logSafe(text) {
    return (0,_common_terminal_tail_js__WEBPACK_IMPORTED_MODULE_2__/* .stripTerminalEscapes */ .fS)(text)
        .replace(COMMAND_START, (_m, space) => `${space}:\u200b:`)
        .replace(OLD_COMMAND, '#\u200b#[');
}
/** Makes text safe inside a Markdown table cell or line: no HTML, no table breaks, one line. */
function mdSafe(text, max = 300) {
    return oneLine(text, max).replace(/[\\`*_[\]<>|&#]/g, (c) => HTML_ENTITIES[c] ?? `\\${c}`);
}
// Safe inside HTML (`summary.addTable`'s cells), where GitHub shows Markdown as written: a Markdown escape would
// show its backslash, so only HTML's own characters are escaped.
function htmlSafe(text, max = 300) {
    return oneLine(text, max).replace(/[<>&"']/g, (c) => HTML_ENTITIES[c] ?? c);
}
const HTML_ENTITIES = {
    '<': '&lt;',
    '>': '&gt;',
    '&': '&amp;',
    '"': '&quot;',
    "'": '&#39;',
};
/** One line of at most `max` characters, without terminal escapes, control characters or runs of white space. */
function oneLine(text, max) {
    return (0,_common_format_js__WEBPACK_IMPORTED_MODULE_0__/* .cut */ .Jj)((0,_service_http_message_js__WEBPACK_IMPORTED_MODULE_1__/* .collapse */ .ap)((0,_common_terminal_tail_js__WEBPACK_IMPORTED_MODULE_2__/* .stripTerminalEscapes */ .fS)(text)), max);
}
/** An address a workflow may paste into a script: shell syntax percent-encoded (docs/promises.md, promise 33). */
function shellSafeUrl(url) {
    // What is left is all a URL may hold that no shell gives a meaning to.
    return url.replace(/[^A-Za-z0-9\-._~/:?#@%=+,]/gu, (c) => Array.from(Buffer.from(c), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''));
}


/***/ }),

/***/ 649:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E2: () => (/* binding */ branchNamesCommit),
/* harmony export */   Gl: () => (/* binding */ workspace),
/* harmony export */   S7: () => (/* binding */ emptyTokenHint),
/* harmony export */   VS: () => (/* binding */ workflowRevision),
/* harmony export */   hy: () => (/* binding */ triggerRefOf)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3094);
/* harmony import */ var _common_values_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4415);
// Defaults that come from the workflow run: the runner's GITHUB_* variables and the event's payload (the JSON file
// GITHUB_EVENT_PATH names). Each event says what the service builds for it in its own way.



/** Events whose GITHUB_SHA is not the pull request's head (a merge commit, or the base branch's head). */
const PULL_REQUEST_EVENT = /^pull_request(_target|_review|_review_comment)?$/u;
/** The event's payload; `{}` when the runner gave none, an error naming `input` when it cannot be read. */
function readPayload(env, input) {
    const path = env['GITHUB_EVENT_PATH'];
    if (!path)
        return {};
    try {
        const parsed = JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(path, 'utf8'));
        return parsed !== null && typeof parsed === 'object' ? parsed : {};
    }
    catch (error) {
        // Without an input to name, an unreadable payload says nothing either way.
        if (input === undefined)
            return {};
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI(input, `give ${input}, or run on an event whose payload GITHUB_EVENT_PATH holds`, undefined, `the event's payload could not be read from GITHUB_EVENT_PATH (${error.message})`);
    }
}
const positive = (value) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
/** A fork's pull request is built from `pull/<number>/head`, as its branch is not in the base repository. */
function forkPullRef(pr) {
    const number = positive(pr?.number);
    if (pr === undefined || number === undefined)
        return undefined;
    const head = (0,_common_values_js__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq)(pr.head?.repo?.full_name);
    const base = (0,_common_values_js__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq)(pr.base?.repo?.full_name);
    return head === undefined || (base !== undefined && head !== base) ? `pull/${number}/head` : undefined;
}
/** The branch or tag (a tag push, a release) the service builds for the workflow's event, if it names one. */
function eventRef(env) {
    const event = env['GITHUB_EVENT_NAME'] ?? '';
    const ref = env['GITHUB_REF'] ?? '';
    const refType = env['GITHUB_REF_TYPE'];
    if (PULL_REQUEST_EVENT.test(event)) {
        const fork = forkPullRef(readPayload(env, 'branch').pull_request);
        if (fork !== undefined)
            return { branch: fork };
    }
    if (event === 'issue_comment') {
        const issue = readPayload(env, 'branch').issue;
        const number = positive(issue?.number);
        // An issue's comment carries no `pull_request`; only a pull request's does.
        if (number !== undefined && issue?.pull_request)
            return { branch: `pull/${number}/head` };
    }
    if (event === 'release') {
        const tag = (0,_common_values_js__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq)(readPayload(env, 'tag').release?.tag_name);
        if (tag !== undefined)
            return { tag };
    }
    const head = env['GITHUB_HEAD_REF'];
    if (head)
        return { branch: head };
    const name = env['GITHUB_REF_NAME'] || ref.replace(/^refs\/(tags|heads)\//u, '');
    if (refType === 'tag' || ref.startsWith('refs/tags/'))
        return { tag: name };
    return (refType === 'branch' || ref.startsWith('refs/heads/')) && name ? { branch: name } : {};
}
/** A trigger's branch, tag and revision: the inputs win, and the event's tag counts only when none is given. */
function triggerRefOf({ branch, tag, revision }, env) {
    // A branch given makes the event's ref unused: its payload is not even read.
    const event = branch === undefined ? eventRef(env) : {};
    const eventTag = tag === undefined && revision === undefined ? event.tag : undefined;
    return { branch: branch ?? event.branch ?? 'master', ...(0,_common_values_js__WEBPACK_IMPORTED_MODULE_2__/* .definedOnly */ .Uv)({ tag: tag ?? eventTag, revision }) };
}
/** The commit the service builds for the event, since GITHUB_SHA of a pull request is not its head commit. */
function workflowRevision(env) {
    const event = env['GITHUB_EVENT_NAME'] ?? '';
    if (PULL_REQUEST_EVENT.test(event)) {
        if (!env['GITHUB_EVENT_PATH'])
            throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI('revision', 'give it', undefined, `GITHUB_EVENT_PATH is not set on ${event}`);
        const head = (0,_common_values_js__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq)(readPayload(env, 'revision').pull_request?.head?.sha);
        if (head !== undefined)
            return head;
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI('revision', 'give it explicitly', undefined, "the event's payload names no pull request head commit");
    }
    const issue = event === 'issue_comment' ? readPayload(env, 'revision').issue : undefined;
    if (issue?.pull_request)
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI('revision', `give revision or branch (e.g. branch: pull/${positive(issue.number) ?? '<number>'}/head, whose newest ` +
            'build names the commit)', undefined, "an issue_comment event on a pull request does not carry the pull request's head commit, and " +
            "GITHUB_SHA is the default branch's");
    const head = event === 'workflow_run' ? readPayload(env, 'revision').workflow_run?.head_sha : undefined;
    return (0,_common_values_js__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq)(head) ?? (env['GITHUB_SHA'] || undefined);
}
/** Whether a branch given alone names the commit, through its newest build: on a comment on a pull request. */
function branchNamesCommit(env, revision, branch) {
    if (revision !== undefined || branch === undefined || env['GITHUB_EVENT_NAME'] !== 'issue_comment')
        return false;
    return Boolean(readPayload(env, 'revision').issue?.pull_request);
}
/** Why the `token` input may be empty, for its error: forks' and Dependabot's runs get no ordinary secrets. */
function emptyTokenHint(env) {
    const event = env['GITHUB_EVENT_NAME'] ?? '';
    const actor = env['GITHUB_ACTOR'] ?? '';
    if (actor === 'dependabot[bot]') {
        return ("the run is Dependabot's, and GitHub gives it only the secrets stored for Dependabot (Settings → Secrets " +
            "and variables → Dependabot): add the token there, or skip this step when github.actor is 'dependabot[bot]'");
    }
    const pullRequest = PULL_REQUEST_EVENT.test(event) && event !== 'pull_request_target';
    if (pullRequest && forkPullRef(readPayload(env).pull_request) !== undefined) {
        return ('the run is for a pull request from a fork, and GitHub gives such runs no secrets: skip this step for ' +
            'forks (if: github.event.pull_request.head.repo.full_name == github.repository), or run it on ' +
            "pull_request_target, which has secrets, with care: never check out and run the fork's code in that job");
    }
    return ('pass the personal API token from a secret, e.g. token: ${{ secrets.CI_TOKEN }}; a secret that does not ' +
        'exist (a misspelled name, or one of an environment the job does not use) is empty');
}
function workspace(env) {
    return env['GITHUB_WORKSPACE'] || process.cwd();
}


/***/ }),

/***/ 322:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J_: () => (/* binding */ CommitBuilds),
/* harmony export */   Zw: () => (/* binding */ jobOf)
/* harmony export */ });
/* unused harmony exports matchesQuery, latestAttempts */
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5841);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5305);
/* harmony import */ var _common_values_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4415);
/* harmony import */ var _paginate_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5990);
/* harmony import */ var _validate_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6609);





/** Downstream jobs are queued only once their upstream jobs ended: two jobs of one push lie about a job's run apart. */
const MARGIN_MS = 2 * 3_600_000;
/** The same margin in builds, for records without a queue time. */
const MARGIN_BUILDS = 200;
const LOOK_BACK_MS = 24 * 3_600_000;
const MAX_PAGES = 10;
/** A later look's page holds the builds that can change, plus room for new ones. */
const MIN_LATER_PAGE = 20;
const NEW_BUILDS_ROOM = 10;
/** The job and workflow a build belongs to (second-generation builds), when it says. */
function jobOf(build) {
    const workflows = build.workflows;
    const job = typeof workflows?.['job_name'] === 'string' ? workflows['job_name'] : build['job_name'];
    return (0,_common_values_js__WEBPACK_IMPORTED_MODULE_4__/* .definedOnly */ .Uv)({ job: (0,_common_values_js__WEBPACK_IMPORTED_MODULE_4__/* .text */ .Qq)(job), workflow: (0,_common_values_js__WEBPACK_IMPORTED_MODULE_4__/* .text */ .Qq)(workflows?.['workflow_name']) });
}
function matchesQuery(build, query) {
    const { job, workflow } = jobOf(build);
    return ((0,_common_values_js__WEBPACK_IMPORTED_MODULE_4__/* .isOfCommit */ .lU)(build.vcs_revision, query.revision) &&
        (query.branch === undefined || build.branch == null || build.branch === query.branch) &&
        (query.workflow === undefined || workflow === query.workflow) &&
        (!query.jobs?.length || (job !== undefined && query.jobs.includes(job))));
}
/** Leaves out builds that were run again: the original of a retry, and an older build of the same job of the same
 *  workflow (a workflow run again from the service's page does not always say `retry_of`). */
function latestAttempts(builds) {
    const retried = new Set(builds.map((build) => build.retry_of));
    const newestOfJob = new Map();
    for (const build of builds)
        newestOfJob.set(jobKey(build), Math.max(newestOfJob.get(jobKey(build)) ?? 0, build.build_num));
    return builds
        .filter((b) => !retried.has(b.build_num) && (jobKey(b) === undefined || newestOfJob.get(jobKey(b)) === b.build_num))
        .sort((a, b) => a.build_num - b.build_num);
}
function jobKey(build) {
    const { job, workflow } = jobOf(build);
    return job === undefined ? undefined : `${workflow ?? ''}\u0000${job}`;
}
class CommitBuilds {
    #client;
    #project;
    #query;
    /** clock.now() when the scan starts: the look-back of a first look that finds nothing is measured from it. */
    #now;
    #known = new Map();
    /** The newest build number a look has seen: every newer build is new to the next look. */
    #newestSeen;
    #looks = 0;
    constructor(client, project, query, at) {
        this.#client = client;
        this.#project = project;
        this.#query = query;
        this.#now = at.now;
    }
    /** Reads the list as far as this look needs; `builds` count now (a retried build replaced by its retry). */
    async look() {
        const floor = this.#looks++ === 0 ? undefined : this.#floor();
        const span = floor === undefined ? Infinity : (this.#newestSeen ?? floor) - floor;
        const pageSize = Math.min(_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_PAGE_SIZE */ .H4, Math.max(MIN_LATER_PAGE, span + NEW_BUILDS_ROOM));
        const seenThisLook = new Set();
        let newest = this.#newestSeen;
        let truncated = false;
        let offset = 0;
        // Builds read past the oldest match, for records without queue times.
        let pastOldest = 0;
        for (let requests = 1;; requests++) {
            const page = await this.#client.builds(this.#project, {
                ...(0,_common_values_js__WEBPACK_IMPORTED_MODULE_4__/* .definedOnly */ .Uv)({ branch: this.#query.branch }),
                limit: pageSize,
                offset,
            });
            if (!Array.isArray(page))
                throw new _http_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .BadResponseError */ .nS('GET', 'builds', 'the build list is not a JSON array');
            const fresh = (0,_paginate_js__WEBPACK_IMPORTED_MODULE_2__/* .unseen */ .nv)(page, seenThisLook, (b) => b.build_num);
            for (const build of fresh) {
                newest = Math.max(newest ?? 0, build.build_num);
                if (matchesQuery(build, this.#query)) {
                    this.#known.set(build.build_num, build);
                    pastOldest = 0;
                }
                else {
                    pastOldest++;
                }
            }
            // A page shorter than asked is the end of the list; a page of builds already read is a list that repeats.
            if (page.length < pageSize || fresh.length === 0)
                break;
            const last = page.at(-1);
            if (last === undefined ||
                (floor !== undefined ? last.build_num <= floor : this.#firstLookDone(last, pastOldest)))
                break;
            truncated = requests >= MAX_PAGES;
            if (truncated)
                break;
            // Builds made meanwhile shift the list: a build may come twice (skipped above), none is missed.
            offset += page.length;
        }
        if (newest !== undefined)
            this.#newestSeen = newest;
        return { builds: latestAttempts([...this.#known.values()]), truncated };
    }
    /** Every build above this number must be read again: an unfinished build of the commit, or one not seen yet. */
    #floor() {
        let floor = this.#newestSeen ?? 0;
        for (const build of this.#known.values())
            if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isFinished */ .$g)(build))
                floor = Math.min(floor, build.build_num);
        return floor;
    }
    /** The first look has read far enough once it is a margin past the oldest match, or the look-back. */
    #firstLookDone(last, pastOldest) {
        const lastQueued = queuedAt(last);
        if (this.#known.size === 0)
            return lastQueued !== undefined && lastQueued < this.#now - LOOK_BACK_MS;
        const times = [...this.#known.values()].map(queuedAt).filter((at) => at !== undefined);
        if (times.length > 0 && lastQueued !== undefined)
            return lastQueued < times.reduce((a, b) => Math.min(a, b)) - MARGIN_MS;
        return pastOldest >= MARGIN_BUILDS;
    }
}
function queuedAt(build) {
    const text = build.queued_at ?? build.usage_queued_at ?? build.start_time;
    const ms = typeof text === 'string' ? Date.parse(text) : NaN;
    return Number.isFinite(ms) ? ms : undefined;
}


/***/ }),

/***/ 3618:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B0: () => (/* binding */ isFork),
/* harmony export */   DG: () => (/* binding */ isForkPipeline),
/* harmony export */   vX: () => (/* binding */ isForkBranch)
/* harmony export */ });
/* harmony import */ var _v2_records_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(216);
// Which builds and pipelines are a pull request's, perhaps a fork's: fetch-artifacts and approve pass over them by
// default with this one rule (docs/promises.md, promises 32, 36).

/** A pull request's ref (`pull/9/head`), which the service gives a fork's builds and a comment's alike. */
function isForkBranch(branch) {
    return typeof branch === 'string' && /^pull\/\d+(?:\/head)?$/u.test(branch);
}
/** Whether a build is a pull request's (its branch), or from another repository than the project's (v2's `fork`). */
function isFork(build) {
    return isForkBranch(build.branch) || build['fork'] === true;
}
/** Whether a pipeline is a pull request's or another repository's, by the rule its builds are judged by. */
function isForkPipeline(pipeline) {
    const { branch, otherRepository } = (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_0__/* .pipelineVcs */ .d6)(pipeline);
    return isForkBranch(branch) || otherRepository;
}


/***/ }),

/***/ 9076:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A0: () => (/* binding */ unusableDownload),
/* harmony export */   Vh: () => (/* binding */ readJson),
/* harmony export */   g$: () => (/* binding */ tooLarge),
/* harmony export */   gB: () => (/* binding */ MAX_ANSWER_BYTES),
/* harmony export */   gJ: () => (/* binding */ errorMessage),
/* harmony export */   vf: () => (/* binding */ discard),
/* harmony export */   yF: () => (/* binding */ MAX_ANSWER_DEPTH)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5841);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7370);
/* harmony import */ var _message_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6139);



/** Largest API answer read: many times a page of builds with full records, far below the runner's memory. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
/** Deepest JSON nesting accepted in an API answer, far beyond what real ones nest. */
const MAX_ANSWER_DEPTH = 64;
/** Bytes of an error body read for its message; the rest is not worth a connection's time. */
const ERROR_BODY_LIMIT = 64 * 1024;
function tooLarge(method, display) {
    const most = `${MAX_ANSWER_BYTES / 1024 / 1024} MiB, the most an API answer may be`;
    return new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .BadResponseError */ .nS(method, display, `the answer is larger than ${most}; reading stopped there`);
}
/** A success answer's body as JSON, its size bounded before and while it is read and its nesting before it is
 *  parsed, so that an endless answer costs neither memory nor a stack overflow. */
async function readJson(response, method, display, secrets) {
    if (Number((0,_common_format_js__WEBPACK_IMPORTED_MODULE_1__/* .firstHeader */ .Yp)(response.headers['content-length'])) > MAX_ANSWER_BYTES) {
        discard(response.body);
        throw tooLarge(method, display);
    }
    const text = await response.body.text();
    if (tooDeep(text)) {
        const deep = `JSON nested more than ${MAX_ANSWER_DEPTH} levels deep, more than any API answer`;
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .BadResponseError */ .nS(method, display, `${deep}; reading stopped there`);
    }
    if (text.trim() === '')
        return null;
    try {
        return JSON.parse(text);
    }
    catch {
        const type = (0,_common_format_js__WEBPACK_IMPORTED_MODULE_1__/* .firstHeader */ .Yp)(response.headers['content-type']);
        const what = (0,_message_js__WEBPACK_IMPORTED_MODULE_2__/* .serverMessage */ .x_)(text, type, secrets);
        const detail = `HTTP ${response.statusCode} with a body that is not JSON${type ? ` (${type})` : ''}`;
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .BadResponseError */ .nS(method, display, what ? `${detail}: ${what}` : detail);
    }
}
/** Brackets in strings aside, in one pass with no copy of the text (a long list is its size again in every copy);
 *  a body that is no JSON array or object (an HTML page) is left to the JSON parser, which says what it is. */
function tooDeep(text) {
    if (!/^\s*[[{]/u.test(text))
        return false;
    let depth = 0;
    let inString = false;
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (inString) {
            if (c === '\\')
                i++;
            else if (c === '"')
                inString = false;
        }
        else if (c === '"')
            inString = true;
        else if (c === '[' || c === '{') {
            if (++depth > MAX_ANSWER_DEPTH)
                return true;
        }
        else if (c === ']' || c === '}')
            depth--;
    }
    return false;
}
/** The server's message from an error answer, its body read up to ERROR_BODY_LIMIT; a body lost on the way only
 *  costs its message, unless the caller aborted. */
async function errorMessage(response, secrets, signal) {
    let bytes = Buffer.alloc(0);
    try {
        for await (const chunk of response.body) {
            bytes = Buffer.concat([bytes, chunk]);
            if (bytes.length >= ERROR_BODY_LIMIT)
                break; // leaving the loop destroys the rest of the body
        }
    }
    catch (error) {
        if (signal.aborted)
            throw error;
    }
    const text = new TextDecoder().decode(bytes.subarray(0, ERROR_BODY_LIMIT));
    return (0,_message_js__WEBPACK_IMPORTED_MODULE_2__/* .serverMessage */ .x_)(text, (0,_common_format_js__WEBPACK_IMPORTED_MODULE_1__/* .firstHeader */ .Yp)(response.headers['content-type']), secrets);
}
/** What a success answer to a download may not be: one without content, or one in a transfer coding other than a
 *  single `chunked`, which undici passes through as it is (the file would be saved still coded). */
function unusableDownload(status, headers) {
    if (status === 204 || status === 205)
        return `HTTP ${status}, an answer without content, where a file was expected`;
    const coding = headers['transfer-encoding'];
    const value = coding === undefined ? 'chunked' : [coding].flat().join(', ');
    if (value.trim().toLowerCase() === 'chunked')
        return undefined;
    return `the body was sent with Transfer-Encoding ${JSON.stringify(value)}; only chunked is accepted`;
}
/** Drops a body nobody will read; undici fails a body destroyed unread, and that failure concerns no one. */
function discard(body) {
    body.on('error', () => { });
    body.destroy();
}


/***/ }),

/***/ 5841:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Dr: () => (/* binding */ NetworkError),
/* harmony export */   MU: () => (/* binding */ TimeoutError),
/* harmony export */   Ne: () => (/* binding */ ProxyRefusedError),
/* harmony export */   Ov: () => (/* binding */ isUnknownProject),
/* harmony export */   hD: () => (/* binding */ ApiError),
/* harmony export */   ks: () => (/* binding */ UntrustedCertificateError),
/* harmony export */   nS: () => (/* binding */ BadResponseError),
/* harmony export */   nt: () => (/* binding */ certificateCode),
/* harmony export */   pb: () => (/* binding */ apiError),
/* harmony export */   qx: () => (/* binding */ UnusableAnswerError),
/* harmony export */   rt: () => (/* binding */ UnsafeAddressError)
/* harmony export */ });
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);
// The HTTP layer's and the answers' errors: each says what a person can act on, none carries a credential.

const afterAttempts = (attempts) => (attempts > 1 ? ` (after ${attempts} attempts)` : '');
/** The server answered with a status that is not success (after any retries). */
class ApiError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui {
    name = 'ApiError';
    constructor(status, method, path, serverMessage, attempts = 1) {
        const said = serverMessage ? `: ${serverMessage}` : '';
        super(`${method} ${path} failed with HTTP ${status}${said}${afterAttempts(attempts)}`);
        Object.assign(this, { status, method, path, serverMessage, attempts });
    }
}
/** The service's 401 on its newer endpoints for a token made before 2023-06-23 (the API v2 reference's words). */
const OLD_TOKEN_FORMAT = /new format tokens are needed/iu;
/** Says which token to make and where it goes, not only the service's words. */
class OldTokenFormatError extends ApiError {
    name = 'OldTokenFormatError';
    constructor(...args) {
        super(...args);
        this.message =
            this.message.replace(/\.?$/u, '.') +
                " Tokens made before 2023-06-23 do not reach the service's newer endpoints: create a new personal API " +
                "token and store it in the secret that the step's token input reads";
    }
}
/** The error for an answer that is not success. */
function apiError(...args) {
    const [status, , , serverMessage] = args;
    const old = status === 401 && OLD_TOKEN_FORMAT.test(serverMessage);
    return old ? new OldTokenFormatError(...args) : new ApiError(...args);
}
/** The service's 404 for a project it does not know: v1.1's words, and API v2's reference's. */
const UNKNOWN_PROJECT = /^project (not found|does not exist)/iu;
/** A 404 for the project (a wrong name, or a token that cannot see it), not for a missing item. */
function isUnknownProject(error) {
    return error instanceof ApiError && error.status === 404 && UNKNOWN_PROJECT.test(error.serverMessage);
}
/** The request could not be completed at the network level (refused, reset, DNS, TLS). */
class NetworkError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui {
    name = 'NetworkError';
    /** `host`: the host name a failed DNS lookup was for. */
    constructor(method, path, code, notSent, attempts = 1, host) {
        const what = host === undefined ? '' : `: could not resolve the host name ${host}`;
        super(`${method} ${path} failed: network error ${code}${what}${afterAttempts(attempts)}`);
        Object.assign(this, { code, notSent, attempts });
    }
}
const PHASE_TEXT = {
    connect: 'no connection',
    headers: 'no response headers',
    body: 'the response body stalled',
    total: 'the whole answer did not arrive',
};
/** A request timed out in one of its phases. */
class TimeoutError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui {
    name = 'TimeoutError';
    /** `proxy`: the proxy (its address without credentials) that never answered the tunnel request. */
    constructor(method, path, phase, timeoutMs, attempts = 1, proxy) {
        const what = proxy === undefined
            ? PHASE_TEXT[phase]
            : `the proxy at ${proxy} did not answer the tunnel request (CONNECT)`;
        super(`${method} ${path} timed out: ${what} within ${timeoutMs / 1000} s${afterAttempts(attempts)}`);
        Object.assign(this, { phase, timeoutMs, attempts });
    }
}
/** A proxy refused the tunnel (its answer to CONNECT was not 200): the request never reached the server. */
class ProxyRefusedError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui {
    name = 'ProxyRefusedError';
    constructor(method, path, proxy, host, port, status) {
        const check = status === 407
            ? `the proxy's credentials (the user and password in HTTPS_PROXY or HTTP_PROXY)`
            : `NO_PROXY (whether ${host} should be reached without the proxy) and the proxy's rules for port ${port}`;
        super(`${method} ${path} failed: the proxy at ${proxy} refused the tunnel to ${host}:${port} (HTTP ${status}); check ${check}`);
        Object.assign(this, { status });
    }
}
/** A link-local address, where cloud metadata services answer: never connected to. */
class UnsafeAddressError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui {
    name = 'UnsafeAddressError';
}
/** The answer had a success status but a body we cannot use (not JSON, wrong shape). */
class BadResponseError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui {
    name = 'BadResponseError';
    constructor(method, path, detail) {
        super(`${method} ${path} returned an unusable answer: ${detail}`);
    }
}
/** A whole answer of the wrong shape: the server's considered answer, so a poll does not look again. */
class UnusableAnswerError extends BadResponseError {
    name = 'UnusableAnswerError';
}
/** OpenSSL's and Node's codes for a certificate that does not verify. */
const CERTIFICATE_CODE = /CERT|^UNABLE_TO_(VERIFY|GET_ISSUER)|^INVALID_(CA|PURPOSE)$|^HOSTNAME_MISMATCH$|^PATH_LENGTH_EXCEEDED$/u;
/** The code of an error (or of one of its causes) that says a server's certificate is not trusted. */
function certificateCode(error) {
    return (0,_common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .causeCode */ .XL)(error, (e) => CERTIFICATE_CODE.test(e.code ?? ''));
}
/** A server's certificate does not verify, so nothing was sent to it. */
class UntrustedCertificateError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui {
    name = 'UntrustedCertificateError';
    constructor(what, host, code) {
        super(`${what} failed: the certificate of ${host} is not trusted (${code}), so nothing was sent to it. If the ` +
            "installation's certificate comes from its own authority, give that authority's PEM file to the step in " +
            'NODE_EXTRA_CA_CERTS (or set NODE_USE_SYSTEM_CA=1 where it is installed on the runner)');
    }
}


/***/ }),

/***/ 6139:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $p: () => (/* binding */ redactor),
/* harmony export */   ap: () => (/* binding */ collapse),
/* harmony export */   x_: () => (/* binding */ serverMessage)
/* harmony export */ });
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7370);
// The server's own words from an error answer. Real front ends send JSON `{"message"}`, a `message` that is
// itself JSON text, proxy HTML pages, plain text (`Rate limited.`) or nothing at all (docs/wire.md, Answers).

/** Longest message kept: enough for any real server message, short enough for one log line. */
const MAX_MESSAGE_CHARS = 300;
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** The server's message from an error body, on one line; secrets go before any reflow or cut, which would hide
 *  them from the redaction (docs/promises.md, promise 13). */
function serverMessage(body, contentType, secrets = []) {
    const redact = redactor(secrets);
    const text = redact(body.replace(/^\uFEFF/, '')).trim();
    if (text === '')
        return '';
    const type = (contentType ?? '').toLowerCase();
    const html = type.includes('html') || /^<(!doctype|html|head|body|title|\?xml)/i.test(text);
    const fromJson = type.includes('json') || /^[{["]/.test(text) ? jsonMessage(text) : undefined;
    // Unescaping JSON or HTML may have put a secret together again.
    return (0,_common_format_js__WEBPACK_IMPORTED_MODULE_0__/* .cut */ .Jj)(redact(collapse(redact(fromJson ?? (html ? htmlMessage(text) : text)))), MAX_MESSAGE_CHARS);
}
/** Replaces every secret with `***`, longest first (so a secret that contains another goes whole), in the forms a
 *  server may echo it: as is, JSON-escaped, URL-encoded, and with its white space collapsed. */
function redactor(secrets) {
    const forms = new Set(secrets.flatMap((s) => [s, JSON.stringify(s).slice(1, -1), encodeURIComponent(s), collapse(s)]));
    forms.delete('');
    const longestFirst = [...forms].sort((a, b) => b.length - a.length);
    return (text) => longestFirst.reduce((out, form) => out.replaceAll(form, '***'), text);
}
/** Undefined when the text is not JSON. */
function jsonMessage(text, depth = 0) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return undefined;
    }
    const record = Object(value);
    const message = [value, record.message, record.error, record.error_description, record.detail].find((field) => typeof field === 'string');
    if (typeof message === 'string') {
        // A message that is itself JSON is unwrapped, a few levels at most: real servers nest once.
        const inner = depth < 4 && /^\s*[{"]/.test(message) ? jsonMessage(message.trim(), depth + 1) : undefined;
        return inner ?? message;
    }
    if (value === null || (typeof value === 'object' && Object.keys(value).length === 0))
        return '';
    // JSON without a message field: its text is still the best account of what went wrong.
    return text;
}
/** The page's title, else its first text: block-level tags separate texts, and the first is usually a heading. */
function htmlMessage(html) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '';
    const shown = html.replace(/<!--[\s\S]*?-->|<(script|style|head)\b[\s\S]*?<\/\1\s*>|<!doctype[^>]*>/gi, ' ');
    const blocks = shown.split(/<\/?(?:h[1-6]|p|div|br|li|tr|td|th|pre|body|html|center|hr)\b[^>]*>/i);
    for (const block of [title, ...blocks]) {
        const text = block
            .replace(/<[^>]*>/g, ' ')
            .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity) => {
            if (!entity.startsWith('#'))
                return ENTITIES[entity.toLowerCase()] ?? whole;
            const code = Number(entity.slice(1).replace(/^x/i, '0x'));
            return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
        })
            .trim();
        if (text !== '')
            return text;
    }
    return '';
}
/** One line without control characters or runs of white space. */
function collapse(text) {
    // eslint-disable-next-line no-control-regex
    return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
}


/***/ }),

/***/ 602:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EY: () => (/* binding */ backoffDelay),
/* harmony export */   Rs: () => (/* binding */ pastDeadline),
/* harmony export */   Sc: () => (/* binding */ shouldRetry),
/* harmony export */   X2: () => (/* binding */ isAmbiguous),
/* harmony export */   YA: () => (/* binding */ seconds),
/* harmony export */   dg: () => (/* binding */ isTransient),
/* harmony export */   dm: () => (/* binding */ provablyNotSent),
/* harmony export */   mu: () => (/* binding */ parseRetryAfter),
/* harmony export */   vI: () => (/* binding */ DEFAULT_RETRY)
/* harmony export */ });
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5841);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7370);
// Retry policy of the API core (docs/promises.md, promises 1–4): what may be repeated, and how long to wait first.



const DEFAULT_RETRY = { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 30_000 };
/** Codes of a connection that was never made: the request cannot have reached the server. */
const NOT_SENT_CODES = /^(ECONNREFUSED|ENOTFOUND|EAI_(AGAIN|NONAME|NODATA|FAIL)|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL)$/u;
/** True when a network error happened before the request could be written (DNS lookup or TCP connect). */
function provablyNotSent(code, syscall) {
    return syscall === 'getaddrinfo' || syscall === 'connect' || NOT_SENT_CODES.test(code);
}
/** The one test of whether a failure may pass by itself; a certificate or TLS setup does not, the server presents
 *  it again. Callers add what is transient for them alone. */
function isTransient(error) {
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .NetworkError */ .Dr)
        return !/CERT|TLS|SSL/u.test(error.code);
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD)
        return error.status === 408 || error.status === 429 || error.status >= 500;
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ProxyRefusedError */ .Ne)
        return error.status === 502 || error.status === 503;
    return error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .TimeoutError */ .MU;
}
/** Whether a failed attempt may be repeated: a trigger (`once`) only when it provably did not arrive or the server
 *  asked for it, since after anything else the server may have acted on it. */
function shouldRetry(mode, error, retryAfterMs) {
    const transient = isTransient(error);
    if (!transient || mode === 'idempotent')
        return transient;
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .NetworkError */ .Dr)
        return error.notSent;
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .TimeoutError */ .MU)
        return error.phase === 'connect';
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD)
        return error.status === 429 || (error.status === 503 && retryAfterMs !== undefined);
    return error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ProxyRefusedError */ .Ne;
}
/** Failures after which a write may or may not have reached the service. */
function isAmbiguous(error) {
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD)
        return error.status >= 500 || error.status === 408;
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .NetworkError */ .Dr)
        return !error.notSent;
    return error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .TimeoutError */ .MU;
}
/** "Equal jitter": half of the exponential step fixed and half random, so that clients that failed together do not
 *  retry together. */
function backoffDelay(attempt, options, random) {
    const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempt - 1));
    return Math.round(step / 2 + (step / 2) * random());
}
/** Retry-After (delta seconds or an HTTP date) in ms from now. */
function parseRetryAfter(value, now) {
    const text = value?.trim() ?? '';
    if (/^\d+(\.\d+)?$/u.test(text))
        return Math.ceil(Number(text) * 1000);
    // Only the HTTP-date form is a date: a bare number with a sign or a unit is malformed, not a year.
    const when = /[a-z]/iu.test(text) ? Date.parse(text) : NaN;
    return Number.isNaN(when) ? undefined : Math.max(0, when - now);
}
/** Seconds, and a long span also in a unit a person reads at a glance. */
const seconds = (ms) => `${Math.round(ms / 100) / 10} s${ms < 120_000 ? '' : ` (about ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_2__/* .roughly */ .vB)(ms)})`}`;
/** The failure of a call whose next retry would run past its deadline, after the server's `Retry-After` (`asked`,
 *  redacted) or a backoff wait; `budget` is the call's own limit when the step set no deadline. */
function pastDeadline(error, wait, leftMs, asked, budget) {
    const left = seconds(Math.max(0, leftMs));
    const until = budget === undefined
        ? `only ${left} remain before the deadline`
        : `that is past the ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_2__/* .roughly */ .vB)(budget)} an API call may take in all`;
    const why = asked === undefined
        ? `the next retry in ${seconds(wait)} would run past the deadline (${left} left)`
        : `the server asked to wait ${seconds(wait)} before retrying (Retry-After: ${asked}), but ${until}`;
    return new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .DeadlineError */ .j3(`${error.message}; giving up: ${why}`, { cause: error });
}


/***/ }),

/***/ 1520:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AD: () => (/* binding */ GoneError),
/* harmony export */   GI: () => (/* binding */ SunsetNotices),
/* harmony export */   Zr: () => (/* binding */ v2Replacement)
/* harmony export */ });
/* unused harmony exports readSunsetHeaders, describeNotice */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5841);
/* harmony import */ var _common_values_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4415);
// What the service says of a call's future (docs/sunset.md): `Deprecation` (RFC 9745, or the older draft's form),
// `Sunset` (RFC 8594) and `Link` rel="deprecation" or "sunset" on any answer, one warning per step; and `410 Gone`
// once a call has been removed, an error that says what replaces it.


/** The longest link shown: a page's address, not a payload. */
const MAX_LINK_CHARS = 300;
const values = (headers, name) => [headers[name] ?? []].flat();
/** A date `Date` can hold: one past its range is as malformed as one that does not parse. */
function dateOf(ms) {
    const date = new Date(ms);
    return Number.isNaN(date.getTime()) ? undefined : date;
}
function httpDate(text) {
    // Date.parse takes far more than HTTP-dates; a bare number or a structured date is not one.
    return /^[A-Za-z]{3},? |^[A-Za-z]+, \d/.test(text) ? dateOf(Date.parse(text)) : undefined;
}
/** RFC 9745's `@<seconds>` (a structured-field date), the draft's `true`, or an HTTP-date. */
function deprecationValue(text) {
    const structured = /^@(-?\d{1,15})$/.exec(text);
    if (structured?.[1] !== undefined)
        return dateOf(Number(structured[1]) * 1000);
    return /^\?1$|^true$/i.test(text) ? true : httpDate(text);
}
/** `<url>; rel="deprecation"` entries of Link headers with a rel of deprecation or sunset. */
function sunsetLinks(headers) {
    const found = [];
    for (const header of values(headers, 'link')) {
        for (const match of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,<]*)*)/g)) {
            const [, target = '', params = ''] = match;
            const rel = /(?:^|;)\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/i.exec(params);
            const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
            if (!rels.includes('deprecation') && !rels.includes('sunset'))
                continue;
            const url = URL.parse(target.trim());
            if (url?.protocol !== 'https:' && url?.protocol !== 'http:')
                continue;
            url.username = '';
            url.password = '';
            if (url.href.length <= MAX_LINK_CHARS && !found.includes(url.href))
                found.push(url.href);
        }
    }
    return found;
}
function readSunsetHeaders(headers) {
    const first = (name, read) => values(headers, name)
        .map((text) => read(text.trim()))
        .find((v) => v !== undefined);
    const deprecation = first('deprecation', deprecationValue);
    const sunset = first('sunset', httpDate);
    if (deprecation === undefined && sunset === undefined)
        return undefined;
    return { ...(0,_common_values_js__WEBPACK_IMPORTED_MODULE_1__/* .definedOnly */ .Uv)({ deprecation, sunset }), links: sunsetLinks(headers) };
}
// Made on first use, not on import: the first formatter loads the locale data, 10 ms or more of a start.
let day;
/** `1 February 2027` (UTC), with the time when it is not midnight. */
function plainDate(date) {
    day ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
    const time = date.toISOString().slice(11, 16);
    return time === '00:00' ? day.format(date) : `${day.format(date)}, ${time} UTC`;
}
/** The replacements of the calls the service announced it removes (docs/sunset.md), in the API's own words. */
const v2Replacement = (method, path) => {
    if (method !== 'POST')
        return undefined;
    const bare = path.replace(/\?.*$/, '');
    if (/^\/project\/[^/]+\/[^/]+\/[^/]+(\/tree\/[^/]+|\/build)?$/.test(bare))
        return 'a pipeline trigger of API v2 (POST /api/v2/project/{slug}/pipeline/run)';
    if (/\/\d+\/(retry|ssh)$/.test(bare))
        return 'a workflow rerun of API v2 (POST /api/v2/workflow/{id}/rerun)';
    return undefined;
};
/** A call the service has removed: it answered 410 Gone. Nothing was done, so it is never retried. */
class GoneError extends _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD {
    name = 'GoneError';
}
/** One step's notices: the first announcement is a warning, every later one a debug line (a step polls). */
class SunsetNotices {
    #replacement;
    #warned = false;
    constructor({ replacement = v2Replacement } = {}) {
        this.#replacement = replacement;
    }
    /** Every API answer passes here: says what its headers announce, and for a 410 returns how to make its error. */
    heard(method, path, status, headers, log) {
        const info = readSunsetHeaders(headers);
        const replacement = this.#replacement(method, path);
        if (status === 410) {
            const when = info?.sunset === undefined ? '' : ` on ${plainDate(info.sunset)}`;
            const instead = replacement === undefined ? '' : `; instead: ${replacement}`;
            return (serverMessage, attempts) => {
                const error = new GoneError(410, method, path, serverMessage, attempts);
                const said = serverMessage ? ` (the service says: ${serverMessage})` : '';
                error.message = `${method} ${path}: the service has removed this call${when} (HTTP 410 Gone)${instead}${said}`;
                return error;
            };
        }
        if (info === undefined)
            return undefined;
        log(this.#warned ? 'debug' : 'warning', describeNotice(method, path, info, replacement));
        this.#warned = true;
        return undefined;
    }
}
/** The warning: the call, what it announces in plain words, the replacement and the page. */
function describeNotice(method, path, info, replacement, now = Date.now()) {
    const call = `${method} ${path}`;
    const { deprecation, sunset } = info;
    const since = deprecation instanceof Date ? ` since ${plainDate(deprecation)}` : '';
    const parts = deprecation === undefined ? [] : [`the service has deprecated ${call}${since}`];
    if (sunset !== undefined) {
        // A date gone by while the call still answers: the removal is due, not done.
        const past = sunset.getTime() <= now;
        const verb = past ? 'was to remove' : 'removes';
        const subject = parts.length === 0 ? `the service ${verb} ${call}` : `it ${verb} the call`;
        const then = past ? 'may answer 410 Gone at any time now' : 'from then on answers 410 Gone';
        parts.push(`${subject} on ${plainDate(sunset)}, and ${then}`);
    }
    const text = parts.join('; ');
    const instead = replacement === undefined ? '' : `. Instead: ${replacement}`;
    const see = info.links.length > 0 ? `. See ${info.links.join(' and ')}` : '';
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}${instead}${see}.`;
}


/***/ }),

/***/ 535:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D$: () => (/* binding */ jobStatusMeaning),
/* harmony export */   U5: () => (/* binding */ V2_JOB_STATUSES),
/* harmony export */   vR: () => (/* binding */ v2JobState)
/* harmony export */ });
// What each of API v2's job statuses means to the product: whether the job has ended, and its `allowed-outcomes`
// word (docs/v2.md); test/api/job-status.test.ts keeps the README's table equal to this one.
/** The service's job statuses, all of them. */
const V2_JOB_STATUSES = {
    success: { ended: true, outcome: 'success' },
    failed: { ended: true, outcome: 'failed' },
    canceled: { ended: true, outcome: 'canceled' },
    infrastructure_fail: { ended: true, outcome: 'infrastructure_fail' },
    timedout: { ended: true, outcome: 'timedout' },
    not_run: { ended: true, outcome: 'not_run' },
    // Ended by the service for a reason it does not know: the machine, not the code.
    'terminated-unknown': { ended: true, outcome: 'infrastructure_fail' },
    // A job the user may not run (a restricted context): it did not pass.
    unauthorized: { ended: true, outcome: 'failed' },
    // Replaced by a rerun, whose own job carries the outcome.
    retried: { ended: true, outcome: '' },
    running: { ended: false, outcome: '' },
    queued: { ended: false, outcome: '' },
    not_running: { ended: false, outcome: '' },
    on_hold: { ended: false, outcome: '' },
    blocked: { ended: false, outcome: '' },
};
/** A job status's meaning; a status the table does not know is a job that has not ended. */
const jobStatusMeaning = (status) => (Object.hasOwn(V2_JOB_STATUSES, status) && V2_JOB_STATUSES[status]) || { ended: false, outcome: '' };
/** Where a v2 job is, in the log's words for a v1.1 build: running until it ends, then finished, or not_run. */
function v2JobState(status) {
    return !jobStatusMeaning(status).ended ? 'running' : status === 'not_run' ? 'not_run' : 'finished';
}


/***/ }),

/***/ 6194:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T: () => (/* binding */ jobOfBuild),
/* harmony export */   t: () => (/* binding */ jobOfV2)
/* harmony export */ });
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7370);
/* harmony import */ var _forks_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3618);
/* harmony import */ var _commit_builds_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(322);
/* harmony import */ var _job_status_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(535);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5305);
/* harmony import */ var _common_values_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(4415);
/* harmony import */ var _v2_records_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(216);
// The one job model the actions pass around, whichever API read it: a v1.1 build and a v2 job meet here, so that no
// action reads a record of either API (docs/v2.md). Every field a documented output or the summary uses is here.







const whole = (value) => (Number.isSafeInteger(value) ? value : null);
function jobOfBuild(build) {
    const workflows = build.workflows ?? {};
    const { job, workflow } = (0,_commit_builds_js__WEBPACK_IMPORTED_MODULE_2__/* .jobOf */ .Zw)(build);
    return {
        number: build.build_num,
        name: job ?? null,
        workflow: { id: (0,_common_values_js__WEBPACK_IMPORTED_MODULE_6__/* .text */ .Qq)(workflows['workflow_id']) ?? null, name: workflow ?? null },
        pipeline: {
            id: (0,_common_values_js__WEBPACK_IMPORTED_MODULE_6__/* .text */ .Qq)(workflows['pipeline_id']) ?? null,
            number: whole(workflows['pipeline_number']),
        },
        status: (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_5__/* .stringOrNull */ .e0)(build.status),
        lifecycle: (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_5__/* .stringOrNull */ .e0)(build.lifecycle),
        state: (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_5__/* .stringOrNull */ .e0)(build.lifecycle),
        ended: (0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isFinished */ .$g)(build),
        outcome: (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_5__/* .stringOrNull */ .e0)(build.outcome),
        url: (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_5__/* .stringOrNull */ .e0)(build.build_url),
        branch: (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_5__/* .stringOrNull */ .e0)(build.branch),
        revision: (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_5__/* .stringOrNull */ .e0)(build.vcs_revision),
        tag: (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_5__/* .stringOrNull */ .e0)(build.vcs_tag),
        subject: (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_5__/* .stringOrNull */ .e0)(build.subject),
        durationMs: (0,_common_format_js__WEBPACK_IMPORTED_MODULE_0__/* .elapsedMs */ .d5)(build.build_time_millis, build.start_time, build.stop_time) ?? null,
        retryOf: whole(build.retry_of),
        fork: (0,_forks_js__WEBPACK_IMPORTED_MODULE_1__/* .isFork */ .B0)(build),
        approval: build['type'] === 'approval' || workflows['job_type'] === 'approval',
    };
}
/** A v2 job of `pipeline` as a job: what its status says (job-status.ts), never a v1.1 lifecycle. */
function jobOfV2(pipeline, job, workflow = {}, url = null) {
    const { branch, revision, tag } = (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_5__/* .pipelineVcs */ .d6)(pipeline);
    const { ended, outcome } = (0,_job_status_js__WEBPACK_IMPORTED_MODULE_3__/* .jobStatusMeaning */ .D$)(job.status);
    return {
        number: job.job_number,
        name: job.name,
        workflow: { id: workflow.id ?? null, name: workflow.name ?? null },
        pipeline: { id: null, number: null },
        status: job.status,
        lifecycle: null,
        state: (0,_job_status_js__WEBPACK_IMPORTED_MODULE_3__/* .v2JobState */ .vR)(job.status),
        ended,
        outcome: outcome === '' ? null : outcome,
        url,
        branch,
        revision,
        tag,
        subject: null,
        durationMs: null,
        retryOf: null,
        fork: (0,_forks_js__WEBPACK_IMPORTED_MODULE_1__/* .isForkPipeline */ .DG)(pipeline),
        approval: false,
    };
}


/***/ }),

/***/ 5990:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   En: () => (/* binding */ paginate),
/* harmony export */   nv: () => (/* binding */ unseen)
/* harmony export */ });
/* unused harmony export MAX_PAGINATED_ITEMS */
/* harmony import */ var _validate_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6609);

/** Most items one walk yields, so that time and memory stay bounded (docs/promises.md, promise 22). */
const MAX_PAGINATED_ITEMS = 10_000;
/** The items of a page not seen before, marked seen now: a new item shifts a newest-first list. */
function unseen(page, seen, key) {
    return page.filter((item) => !seen.has(key(item)) && seen.add(key(item)));
}
/**
 * Walks a `limit`/`offset` list until a page comes back shorter than asked, or (with a warning) one brings nothing
 * new or the walk reaches its bound; an item seen before is not yielded again, as a new build shifts the list.
 */
async function* paginate(fetchPage, options = {}) {
    const limit = (0,_validate_js__WEBPACK_IMPORTED_MODULE_0__/* .checkLimit */ .ab)('limit', options.limit ?? _validate_js__WEBPACK_IMPORTED_MODULE_0__/* .MAX_PAGE_SIZE */ .H4);
    let offset = (0,_validate_js__WEBPACK_IMPORTED_MODULE_0__/* .checkOffset */ .g9)('offset', options.offset ?? 0);
    const key = options.key ?? ((item) => item);
    const seen = new Set();
    let yielded = 0;
    for (let pages = 1;; pages++) {
        const page = await fetchPage(limit, offset);
        const fresh = unseen(page, seen, key);
        for (const item of fresh) {
            if (yielded++ >= MAX_PAGINATED_ITEMS) {
                options.warn?.(`Stopped after ${MAX_PAGINATED_ITEMS} items (${pages} pages): the most one listing reads. ` +
                    `Narrow it (a branch, a status filter) or page through it with limit and offset.`);
                return;
            }
            yield item;
        }
        if (page.length < limit)
            return;
        if (fresh.length === 0) {
            options.warn?.(`Stopped at offset ${offset}: the server answered page ${pages} with items already seen, ` +
                `so the list would never end (does it ignore offset?)`);
            return;
        }
        offset += page.length;
    }
}


/***/ }),

/***/ 1467:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E6: () => (/* binding */ PipelineBuilds),
/* harmony export */   GU: () => (/* binding */ PipelineErroredError),
/* harmony export */   Ps: () => (/* binding */ jobReader)
/* harmony export */ });
/* harmony import */ var _v1_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7218);
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3094);
/* harmony import */ var _v2_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9575);
/* harmony import */ var _slug_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9816);
/* harmony import */ var _job_status_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(535);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5305);
/* harmony import */ var _common_values_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(4415);
/* harmony import */ var _v2_records_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(216);
// The jobs of one pipeline (API v2), look after look: its workflows, their jobs, and each job with a number, read when
// it first has one and when it ends; the workflows are listed again only when all their jobs look ended.








/** The pipeline's configuration failed: no workflow will come. */
class PipelineErroredError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'PipelineErroredError';
}
/** A project's jobs are read as its v1.1 builds (`asJob` makes each a job), or through v2 for a project named by
 *  its slug. */
function jobReader(client, api, project, asJob) {
    // Made when a call is named, not before: a reader made for no project (approve's pipeline-id) checks no name.
    const path = () => 'slug' in project ? `v2 /project/${(0,_slug_js__WEBPACK_IMPORTED_MODULE_3__/* .projectSlug */ .Tb)(project)}/job` : (0,_v1_js__WEBPACK_IMPORTED_MODULE_0__/* .projectPath */ .DZ)(project);
    const call = (num) => ({ method: 'GET', path: `${path()}/${num}` });
    if (!('slug' in project))
        return Object.assign(async (num) => asJob(await client.build(project, num)), {
            call,
            know: () => { },
        });
    const pipelines = new Map();
    const listed = { method: 'GET', path: `v2 /project/${(0,_slug_js__WEBPACK_IMPORTED_MODULE_3__/* .projectSlug */ .Tb)(project)}/pipeline` };
    // A listed pipeline is taken only when it passes the checks of a pipeline read (docs/promises.md, promise 30).
    const know = (pipeline) => {
        if (pipelines.has(pipeline.id))
            return;
        try {
            pipelines.set(pipeline.id, Promise.resolve((0,_v2_records_js__WEBPACK_IMPORTED_MODULE_6__/* .pipelineAnswer */ .nd)(listed, pipeline)));
        }
        catch {
            // Read by itself instead, where its answer says what is wrong with it.
        }
    };
    return Object.assign((num) => api.readJob(project, num, pipelines), { call, know });
}
/** A job read must be the job listed (docs/promises.md, promise 35): its name, and the workflow it was listed in
 *  (`workflows.workflow_id` of a v1.1 build, `latest_workflow.id` of v2 job details). */
function checkListedJob(call, read, job, workflow) {
    const [name, listedIn] = [read.name, read.workflow.id];
    if (name === job.name && listedIn?.toLowerCase() === workflow.id.toLowerCase())
        return read;
    const is = `${name === null ? 'a job without a name' : `job ${name}`} of ${listedIn !== null ? `workflow ${listedIn}` : 'no workflow'}`;
    throw (0,_records_js__WEBPACK_IMPORTED_MODULE_5__/* .unusable */ ._P)(call, `job #${read.number} was listed as job ${job.name} of workflow ${workflow.id}, and the answer is ${is}`);
}
class PipelineBuilds {
    #read;
    #pipelines;
    #pipeline;
    #name;
    #times;
    #workflows = new Map();
    #builds = new Map();
    #said = new Set();
    /** What this look says, each once a pipeline. */
    #notes = [];
    /** When the pipeline was first seen past its set-up with no workflow. */
    #emptySince;
    /** When every workflow was first seen ended with only setup workflows among them. */
    #setupEndedAt;
    constructor(read, pipelines, pipeline, times) {
        this.#read = read;
        this.#pipelines = pipelines;
        this.#pipeline = { id: pipeline.id, project_slug: pipeline.project_slug };
        this.#name = `pipeline #${pipeline.number}`;
        this.#times = times;
    }
    get workflows() {
        return [...this.#workflows.values()].map(({ workflow, done }) => ({ ...workflow, done }));
    }
    get unbuilt() {
        return [...this.#workflows.values()].flatMap(({ workflow, jobs, done }) => (done ? jobs.filter(stoppedUnbuilt) : []).map(({ name, status, type }) => ({
            job: name,
            workflow: workflow.name,
            status,
            type: type ?? '',
        })));
    }
    /** The jobs oldest first, the workflows that have ended, what the log should say, and why nothing ran. */
    async look() {
        const notes = (this.#notes = []);
        if (this.#workflows.size === 0 && (await this.#listWorkflows()).length === 0) {
            const since = this.#emptySince;
            const complete = since !== undefined && this.#times.now() - since >= this.#times.emptyMs;
            const nothing = `${this.#name} listed no workflow within ${Math.round(this.#times.emptyMs / 1000)} s of its ` +
                `set-up: its workflows were all filtered out, it seems (inferred: the service gives no signal for this)`;
            return { jobs: [], truncated: false, complete, notes, workflows: [], ...(complete && { nothing }) };
        }
        for (const entry of this.#workflows.values())
            if (!entry.done)
                await this.#readJobs(entry);
        // The workflows' own statuses are read again only when all their jobs look ended: that confirms the end
        // (and finds a workflow that came late) without a list of the workflows at every look.
        if ([...this.#workflows.values()].every((w) => w.jobsEnded)) {
            const before = new Set(this.#workflows.keys());
            await this.#listWorkflows();
            for (const entry of this.#workflows.values()) {
                if (!before.has(entry.workflow.id))
                    await this.#readJobs(entry);
                entry.done = _v2_js__WEBPACK_IMPORTED_MODULE_2__/* .FINAL_WORKFLOW_STATUSES */ .qY.has(entry.workflow.status) && entry.jobsEnded;
                const { id, name, status } = entry.workflow;
                if (entry.done && !entry.jobs.some(hasBuild))
                    this.#sayOnce(`${id}/empty`, `Workflow ${name} ended with status ${status} without starting a job`);
            }
        }
        const jobs = [...this.#builds.values()].sort((a, b) => a.number - b.number);
        const known = [...this.#workflows.values()];
        const ended = known
            .filter((w) => w.done)
            .map(({ workflow: { id, name, status }, jobs }) => {
            const stopped = jobs.filter(stoppedUnbuilt).map((job) => `job ${job.name} ended ${job.status}`);
            return { id, name, status, jobs: jobs.map((j) => j.name), ...(stopped.length > 0 && { stopped }) };
        });
        let complete = known.every((w) => w.done);
        let nothing;
        // A setup workflow that succeeded continues into workflows that appear later: they are given the settle time.
        if (complete && known.every((w) => w.workflow['tag'] === 'setup' && w.workflow.status === 'success')) {
            const now = this.#times.now();
            this.#setupEndedAt ??= now;
            complete = now - this.#setupEndedAt >= this.#times.settleMs;
            if (complete) {
                const names = known.map((w) => w.workflow.name).join(', ');
                nothing = `the setup workflow ${names} of ${this.#name} continued into no workflow within ${Math.round(this.#times.settleMs / 1000)} s`;
            }
            else {
                const text = `The setup workflow of ${this.#name} ended; waiting for the workflows it continues into`;
                this.#sayOnce('setup', text);
            }
        }
        else if (complete && !known.some((w) => w.jobs.length > 0)) {
            nothing = `no workflow of ${this.#name} made a job`;
        }
        else if (complete && jobs.length === 0) {
            // An approval is not a build: a pipeline that ran only approvals ran nothing (docs/promises.md, promise 31).
            nothing = `no job of ${this.#name} ran a build (an approval is not one)`;
        }
        return { jobs, truncated: false, complete, notes, workflows: ended, ...(0,_common_values_js__WEBPACK_IMPORTED_MODULE_7__/* .definedOnly */ .Uv)({ nothing }) };
    }
    /** Lists the pipeline's workflows (new ones are added); an errored pipeline, which has none, throws. */
    async #listWorkflows() {
        const workflows = await this.#pipelines.workflows(this.#pipeline);
        for (const workflow of workflows) {
            const known = this.#workflows.get(workflow.id);
            if (known === undefined)
                this.#workflows.set(workflow.id, { workflow, jobs: [], done: false, jobsEnded: false });
            else
                known.workflow = workflow;
        }
        if (workflows.length === 0) {
            const pipeline = await this.#pipelines.pipeline(this.#pipeline.id);
            if (!_v2_records_js__WEBPACK_IMPORTED_MODULE_6__/* .PENDING_PIPELINE_STATES */ .Aw.has(pipeline.state ?? ''))
                this.#emptySince ??= this.#times.now();
            const errored = (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_6__/* .erroredPipeline */ .Yi)(pipeline);
            if (errored !== undefined)
                throw new PipelineErroredError(errored);
        }
        return workflows;
    }
    /** Reads a job's build when it first has a number and when it ends, and in between takes the job's status. */
    async #readJobs(entry) {
        const { workflow } = entry;
        entry.jobs = await this.#pipelines.jobs(workflow);
        for (const job of entry.jobs) {
            if (job.status === 'on_hold')
                this.#sayOnce(`${workflow.id}/${job.id}/hold`, onHold(workflow, job));
            // An approval's number names no build: reading it answers 404.
            if (!hasBuild(job))
                continue;
            const num = job.job_number;
            const cached = this.#builds.get(num);
            if (cached?.ended === true)
                continue;
            if (cached === undefined || (0,_job_status_js__WEBPACK_IMPORTED_MODULE_4__/* .jobStatusMeaning */ .D$)(job.status).ended) {
                this.#builds.set(num, checkListedJob(this.#read.call(num), await this.#read(num), job, workflow));
            }
            else if (job.status === 'running' || job.status === 'queued') {
                // Between reads the listed status says where the job is; a v1.1 build's lifecycle has the same words.
                const lifecycle = cached.lifecycle === null ? null : job.status;
                this.#builds.set(num, { ...cached, lifecycle, state: job.status, status: job.status });
            }
        }
        entry.jobsEnded = entry.jobs.every((job) => hasBuild(job)
            ? this.#builds.get(job.job_number)?.ended === true
            : _v2_js__WEBPACK_IMPORTED_MODULE_2__/* .UNBUILT_JOB_STATUSES */ .JS.has(job.status) || passedApproval(job));
    }
    #sayOnce(key, text) {
        if (!this.#said.has(key))
            this.#notes.push(text);
        this.#said.add(key);
    }
}
function hasBuild(job) {
    return job.job_number !== null && job.type !== 'approval';
}
const passedApproval = (job) => job.type === 'approval' && job.status === 'success';
/** A job that ended without a build (an approval that passed is not one: it ended as it should). */
const stoppedUnbuilt = (job) => !hasBuild(job) && !passedApproval(job);
function onHold(workflow, job) {
    const request = job['approval_request_id'];
    const route = (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_6__/* .isV2Id */ .IN)(request) ? ` (or POST /api/v2/workflow/${workflow.id}/approve/${request})` : '';
    return (`Job ${job.name} of workflow ${workflow.name} is on hold: it waits for a person to approve it on the ` +
        `service${route}; the pipeline goes on only once it is approved (the step waits until its timeout)`);
}


/***/ }),

/***/ 5305:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $g: () => (/* binding */ isFinished),
/* harmony export */   Bo: () => (/* binding */ buildAnswer),
/* harmony export */   D1: () => (/* binding */ BUILD_LIFECYCLES),
/* harmony export */   N2: () => (/* binding */ VCS_TYPES),
/* harmony export */   YQ: () => (/* binding */ ARTIFACT_STATUS_FILTERS),
/* harmony export */   _N: () => (/* binding */ BUILD_STATUS_FILTERS),
/* harmony export */   _P: () => (/* binding */ unusable),
/* harmony export */   cd: () => (/* binding */ objectAnswer),
/* harmony export */   f_: () => (/* binding */ listAnswer),
/* harmony export */   jf: () => (/* binding */ buildListAnswer),
/* harmony export */   l9: () => (/* binding */ CHECKOUT_KEY_TYPES),
/* harmony export */   qJ: () => (/* binding */ BUILD_STATUSES)
/* harmony export */ });
/* harmony import */ var _common_values_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4415);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5841);
// Records of the v1.1 API, typed after real answers: the service adds fields and leaves many null, so fields are
// optional and nullable, unknown ones are kept, and enums are open (a value we do not know is carried through).


const VCS_TYPES = ['primary-host', 'secondary-host'];
const BUILD_STATUS_FILTERS = ['completed', 'successful', 'failed', 'running'];
/** Status filter of the latest-artifacts endpoint: no `running`. */
const ARTIFACT_STATUS_FILTERS = ['completed', 'successful', 'failed'];
const CHECKOUT_KEY_TYPES = ['deploy-key', 'primary-host-user-key'];
/** The statuses and lifecycles the service gives a build. */
const BUILD_STATUSES = [
    'queued',
    'scheduled',
    'not_running',
    'running',
    'success',
    'fixed',
    'failed',
    'canceled',
    'infrastructure_fail',
    'timedout',
    'not_run',
    'no_tests',
    'retried',
];
const BUILD_LIFECYCLES = [
    'queued',
    'scheduled',
    'not_run',
    'not_running',
    'running',
    'finished',
];
const isFinished = ({ lifecycle, outcome }) => lifecycle === 'finished' || lifecycle === 'not_run' || (outcome != null && outcome !== '');
function unusable(call, detail) {
    return new _http_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UnusableAnswerError */ .qx(call.method, call.path, detail);
}
/** What a JSON value is, for an error: never the value itself, which may be long or carry secrets. */
function kindOf(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'a JSON array';
    if (typeof value === 'object')
        return 'a JSON object';
    if (typeof value === 'string')
        return value === '' ? 'an empty string' : 'a string';
    return `a ${typeof value}`;
}
const isBuild = (value) => (0,_common_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(value) && Number.isSafeInteger(value['build_num']) && value['build_num'] >= 1;
/** A build record: `asked` is the build a GET or a cancel named, `not` the one a retry started from. */
function buildAnswer(call, value, want = {}) {
    if (!(0,_common_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(value))
        throw unusable(call, `a build record was expected, not ${kindOf(value)}`);
    if (!isBuild(value))
        throw unusable(call, 'the build record has no build_num that is a whole number ≥ 1');
    const num = value.build_num;
    if (want.asked !== undefined && num !== want.asked)
        throw unusable(call, `build #${want.asked} was asked for, and the answer is build #${num}`);
    if (want.not !== undefined && num === want.not)
        throw unusable(call, `a new build was expected, and the answer is build #${num} itself`);
    return value;
}
function listAnswer(call, value, item = _common_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4) {
    if (!Array.isArray(value))
        throw unusable(call, `a JSON array was expected, not ${kindOf(value)}`);
    if (!value.every(item))
        throw unusable(call, item === _common_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4
            ? 'the list holds an element that is not an object'
            : 'the build list holds an element without a build_num that is a whole number ≥ 1');
    return value;
}
const buildListAnswer = (call, value) => listAnswer(call, value, isBuild);
/** The answer of a write or of a GET of one record: an object, or `""` where `emptyString` allows it. */
function objectAnswer(call, value, emptyString = false) {
    if ((0,_common_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(value) || (emptyString && value === ''))
        return value;
    throw unusable(call, `a JSON object${emptyString ? ' (or "")' : ''} was expected, not ${kindOf(value)}`);
}


/***/ }),

/***/ 5778:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  I: () => (/* binding */ openService)
});

// EXTERNAL MODULE: ../service/http/errors.ts
var errors = __webpack_require__(5841);
// EXTERNAL MODULE: ../service/records.ts
var records = __webpack_require__(5305);
// EXTERNAL MODULE: ../common/values.ts
var values = __webpack_require__(4415);
// EXTERNAL MODULE: ../service/v2-records.ts
var v2_records = __webpack_require__(216);
// EXTERNAL MODULE: ../service/model.ts
var model = __webpack_require__(6194);
// EXTERNAL MODULE: ../service/paginate.ts
var paginate = __webpack_require__(5990);
// EXTERNAL MODULE: ../service/validate.ts
var validate = __webpack_require__(6609);
;// CONCATENATED MODULE: ../service/find-builds.ts






/** Builds read at most before giving up: ten full pages. */
const MAX_BUILDS_READ = 10 * validate/* MAX_PAGE_SIZE */.H4;
/** What each status filter selects, of v1.1 builds and v2 jobs alike (docs/wire.md). */
const STATUS_FILTERS = {
    running: (j) => j.state === 'running',
    completed: (j) => j.state === 'finished',
    successful: (j) => j.outcome === 'success',
    failed: (j) => j.outcome === 'failed' || j.outcome === 'infrastructure_fail' || j.outcome === 'timedout',
};
/** Whether a job passes the query (its revision in lower case); the server's filter is checked again. */
const matchesQuery = (job, query) => (query.revision === undefined || (0,values/* isOfCommit */.lU)(job.revision, query.revision)) &&
    (query.job === undefined || job.name === query.job) &&
    STATUS_FILTERS[query.statusFilter](job);
/** `read` counts the builds read; `bounded` says the reading stopped at its bound. */
class BuildScan {
    #client;
    #project;
    #query;
    #seen = new Set();
    #ready = [];
    #offset = 0;
    #sawRevision = false;
    #ended = false;
    read = 0;
    bounded = false;
    constructor(client, project, query) {
        this.#client = client;
        this.#project = project;
        this.#query = { ...query, revision: query.revision?.toLowerCase() };
    }
    /** The next matching build, or undefined once the list, the commit's builds or the bound has ended. */
    async next() {
        while (this.#ready.length === 0 && !this.#ended)
            await this.#page();
        return this.#ready.shift();
    }
    async #page() {
        if (this.read >= MAX_BUILDS_READ) {
            this.bounded = true;
            this.#ended = true;
            return;
        }
        const query = this.#query;
        const { revision } = query;
        // With only a status filter the first build is the answer: one build is asked for.
        const plain = revision === undefined && query.job === undefined && this.#offset === 0;
        const limit = plain ? 1 : Math.min(validate/* MAX_PAGE_SIZE */.H4, MAX_BUILDS_READ - this.read);
        const page = await this.#client.builds(this.#project, {
            statusFilter: query.statusFilter,
            limit,
            offset: this.#offset,
            ...(0,values/* definedOnly */.Uv)({ branch: query.branch }),
        });
        const fresh = (0,paginate/* unseen */.nv)(page, this.#seen, (b) => b.build_num);
        // A server that ignores `filter` must not hand over a running build.
        this.#ready.push(...fresh.map(model/* jobOfBuild */.T).filter((job) => matchesQuery(job, query)));
        const revisionHere = revision !== undefined && fresh.some((build) => (0,values/* isOfCommit */.lU)(build.vcs_revision, revision));
        this.read += fresh.length;
        // The end of the list, a page that repeats, or the commit's builds left behind.
        if (page.length < limit || fresh.length === 0 || (this.#sawRevision && !revisionHere))
            this.#ended = true;
        this.#sawRevision ||= revisionHere;
        this.#offset += page.length;
    }
}
/** Jobs of the project's pipelines a search for the newest matching one looks at, at most. */
const MAX_JOBS_READ = 100;
/** The matching jobs of a slug-named project, newest first; `bounded` when it stopped early. */
class JobScan {
    #api;
    #project;
    #query;
    #pipelines;
    #ready = [];
    read = 0;
    bounded = false;
    constructor(api, project, query) {
        this.#api = api;
        this.#project = project;
        this.#query = { ...query, revision: query.revision?.toLowerCase() };
    }
    async next() {
        const query = this.#query;
        this.#pipelines ??= await this.#api.projectPipelines(this.#project, (0,values/* definedOnly */.Uv)({ branch: query.branch }));
        while (this.#ready.length === 0) {
            const room = MAX_JOBS_READ - this.read;
            if (room <= 0) {
                this.bounded = this.#pipelines.length > 0;
                return undefined;
            }
            const pipeline = this.#pipelines.shift();
            if (pipeline === undefined)
                return undefined;
            // Pipelines of other commits and branches are passed without reading their workflows.
            const { branch, revision } = (0,v2_records/* pipelineVcs */.d6)(pipeline);
            if (query.revision !== undefined && !(0,values/* isOfCommit */.lU)(revision, query.revision))
                continue;
            if (query.branch !== undefined && branch !== query.branch)
                continue;
            const found = [];
            for (const workflow of await this.#api.workflows(pipeline)) {
                for (const { job_number, ...job } of await this.#api.jobs(workflow))
                    if (job_number !== null)
                        found.push((0,model/* jobOfV2 */.t)(pipeline, { ...job, job_number }, { name: workflow.name }));
            }
            found.sort((a, b) => b.number - a.number);
            if (found.length > room)
                this.bounded = true;
            const taken = found.slice(0, room);
            this.read += taken.length;
            this.#ready.push(...taken.filter((job) => matchesQuery(job, query)));
        }
        return this.#ready.shift();
    }
}

// EXTERNAL MODULE: ../service/sources.ts + 1 modules
var sources = __webpack_require__(982);
// EXTERNAL MODULE: ../service/start-build.ts
var start_build = __webpack_require__(3614);
// EXTERNAL MODULE: ../service/v1.ts
var v1 = __webpack_require__(7218);
// EXTERNAL MODULE: ../service/v2.ts
var service_v2 = __webpack_require__(9575);
// EXTERNAL MODULE: ../service/forks.ts
var forks = __webpack_require__(3618);
;// CONCATENATED MODULE: ../service/pipeline-calls.ts
// The calls about one pipeline and its approval jobs, which API v2 alone has: they name a pipeline or a workflow,
// never a project, so that a pipeline named by its id is reached without one.




function headOf(pipeline) {
    const { branch, revision } = (0,v2_records/* pipelineVcs */.d6)(pipeline);
    const { id, number, project_slug } = pipeline;
    return { id, number, branch, revision, fork: (0,forks/* isForkPipeline */.DG)(pipeline), project_slug };
}
function pipelineCalls(api) {
    return {
        /** The pipeline `id`: an answer about another one is unusable (docs/promises.md, promise 35). */
        pipelineHead: async (id) => headOf(await api.pipeline(id)),
        /** Every approval job of the pipeline, each once however often listed (docs/promises.md, promise 36). */
        approvals: async (pipeline) => {
            const approvals = new Map();
            for (const workflow of (0,paginate/* unseen */.nv)(await api.workflows(pipeline), new Set(), (w) => w.id)) {
                for (const job of await api.jobs(workflow)) {
                    if (job.type !== 'approval')
                        continue;
                    // Approving names the request: a hold without one could never be released.
                    if (job.status === 'on_hold' && typeof job.approval_request_id !== 'string')
                        throw new errors/* UnusableAnswerError */.qx('GET', `v2 /workflow/${workflow.id}/job`, `${job.name} names no approval_request_id`);
                    const key = job.approval_request_id ?? `job ${job.id}`;
                    if (approvals.has(key))
                        continue;
                    approvals.set(key, {
                        name: `${job.name} of workflow ${workflow.name}`,
                        job: job.name,
                        workflow: workflow.name,
                        workflowId: workflow.id,
                        project_slug: workflow.project_slug,
                        status: job.status,
                        requestId: job.approval_request_id ?? '',
                    });
                }
            }
            return [...approvals.values()];
        },
        /** Sent once: whether an approval that failed arrived is read with `approvalStatus`. */
        approve: (approval) => api.approve(approval.workflowId, approval.requestId),
        /** The approval job's status now; undefined once its workflow lists it no more. */
        approvalStatus: async (approval) => (await api.jobs({ id: approval.workflowId, project_slug: approval.project_slug })).find((j) => j.approval_request_id === approval.requestId)?.status,
    };
}

// EXTERNAL MODULE: ../service/commit-builds.ts
var commit_builds = __webpack_require__(322);
;// CONCATENATED MODULE: ../service/running-jobs.ts
// The jobs wait-for-serial waits for, look after look: by the v1.1 triple the project's running builds, and older
// ones still queued; by the slug (docs/v2.md) the running and queued jobs of its older pipelines. Older means a lower
// build number than this job's own (`buildNum`) by v1.1, a lower pipeline number than its pipeline's by v2.







/** Pages of running builds read per look: a guard against a server that always answers a full page. */
const MAX_PAGES = 10;
/** Job statuses waited for: a job that runs or will run; an approval on hold is not, as on API v1.1. */
const WAITED = new Set(['running', 'queued', 'not_running']);
/** Pipeline states after which no workflow is added to it. */
const SETTLED_PIPELINE_STATES = new Set(['created', 'errored']);
/** The running builds, those that left the list unfinished, and older queued ones, which would run after ours. */
function runningBuilds(client, project, query) {
    const own = query.buildNum;
    const counts = (b) => (own === undefined || b.build_num < own) &&
        query.chooseWorkflow((0,commit_builds/* jobOf */.Zw)(b).workflow) &&
        query.chooseJob((0,commit_builds/* jobOf */.Zw)(b).job);
    return async (previous) => {
        const pending = new Map();
        const read = async (filter, more) => {
            for (let page = 0; page < MAX_PAGES; page++) {
                const builds = await client.builds(project, {
                    ...(0,values/* definedOnly */.Uv)({ branch: query.branch }),
                    ...filter,
                    limit: validate/* MAX_PAGE_SIZE */.H4,
                    offset: page * validate/* MAX_PAGE_SIZE */.H4,
                });
                for (const b of builds)
                    if (counts(b) && !(0,records/* isFinished */.$g)(b))
                        pending.set(b.build_num, (0,model/* jobOfBuild */.T)(b));
                if (builds.length < validate/* MAX_PAGE_SIZE */.H4 || !more(builds))
                    break;
            }
        };
        await read({ statusFilter: 'running' }, () => true);
        for (const num of previous.keys()) {
            if (pending.has(num))
                continue;
            const now = await client.build(project, num);
            if (!(0,records/* isFinished */.$g)(now))
                pending.set(num, (0,model/* jobOfBuild */.T)(now));
        }
        // Newest first: once a page reaches below our own number, the builds ahead of ours have been seen.
        if (own !== undefined && pending.size === 0)
            await read({}, (builds) => (builds.at(-1)?.build_num ?? 0) >= own);
        return pending;
    };
}
/** The running and queued jobs of the project's older pipelines, read through their workflows. */
function runningPipelineJobs(api, project, query) {
    const { branch, buildNum } = query;
    let own;
    /** Pipelines whose matching workflows have all ended: not read again. */
    const ended = new Set();
    /** Pipelines with a job waited for at the last look, still read if they leave the newest pipelines. */
    let open = new Map();
    return async () => {
        let ownId = own?.id;
        if (buildNum !== undefined && ownId === undefined) {
            ownId = (await api.job(project, buildNum)).pipeline?.id;
            const where = `v2 /project/${project.slug}/job/${buildNum}`;
            if (ownId === undefined)
                throw new errors/* UnusableAnswerError */.qx('GET', where, 'the job names no pipeline');
        }
        const listed = await api.projectPipelines(project, (0,values/* definedOnly */.Uv)({ branch }));
        if (ownId !== undefined && own === undefined) {
            const number = listed.find((p) => p.id === ownId)?.number ?? (await api.pipeline(ownId)).number;
            if (!Number.isSafeInteger(number))
                throw new errors/* UnusableAnswerError */.qx('GET', `v2 /pipeline/${ownId}`, 'the pipeline has no number');
            own = { id: ownId, number };
        }
        const candidates = new Map(listed.map((p) => [p.id, p]));
        for (const [id, p] of open)
            if (!candidates.has(id))
                candidates.set(id, p);
        const found = new Map();
        const next = new Map();
        for (const pipeline of candidates.values()) {
            if (ended.has(pipeline.id) || pipeline.id === own?.id)
                continue;
            if (own !== undefined && pipeline.number >= own.number)
                continue;
            let done = SETTLED_PIPELINE_STATES.has(pipeline.state ?? '');
            for (const workflow of await api.workflows(pipeline)) {
                if (service_v2/* FINAL_WORKFLOW_STATUSES */.qY.has(workflow.status) || !query.chooseWorkflow(workflow.name))
                    continue;
                done = false;
                for (const { job_number: number, name, status } of await api.jobs(workflow)) {
                    if (number === null || !WAITED.has(status) || !query.chooseJob(name))
                        continue;
                    const job = (0,model/* jobOfV2 */.t)(pipeline, { job_number: number, name, status }, { name: workflow.name });
                    found.set(number, { ...job, pipeline: { id: pipeline.id, number: pipeline.number } });
                    next.set(pipeline.id, pipeline);
                }
            }
            if (done)
                ended.add(pipeline.id);
        }
        open = next;
        return found;
    };
}

;// CONCATENATED MODULE: ../service/service.ts
// One object per project, and the only place that knows the service has two APIs (docs/v2.md): by its v1.1 triple
// through v1.1, which says more (a build's steps) and takes a project token, with its pipelines through v2; by its
// slug through v2 alone. A call with no form for the project is one error, before anything is sent.









function openService({ transport, project }) {
    const client = new v1/* Client */.Kj(transport);
    const v2 = new service_v2/* V2Client */.Ic(transport);
    /** The form the project allows; `what` names the call in the error when it has none. */
    const either = (what, forms) => 'slug' in project && forms.v2 !== undefined
        ? forms.v2(v2, project)
        : forms.v1(client, (0,sources/* v1Only */.b)(project, what));
    // v2 deletes a variable that does not exist without a word: one list says which exist.
    let envVarNames;
    return {
        name: (0,v1/* projectName */.j1)(project),
        /** Downloads go through the service's transport (src/files/download.ts). */
        transport,
        either,
        jobs: (query) => 'slug' in project
            ? Object.assign(new JobScan(v2, project, query), { readBound: MAX_JOBS_READ })
            : Object.assign(new BuildScan(client, project, query), { readBound: MAX_BUILDS_READ }),
        ...(0,sources/* sourcesOf */.u)(client, v2, project, transport),
        ...(0,start_build/* triggersOf */.X)(client, v2, project, transport),
        job: (num) => either(`reading job #${num}`, {
            v1: async (c, p) => (0,model/* jobOfBuild */.T)(await c.build(p, num)),
            v2: (api, p) => api.readJob(p, num),
        }),
        artifacts: (num) => either(`reading the artifacts of job #${num}`, {
            v1: (c, p) => c.artifacts(p, num),
            v2: (api, p) => api.artifacts(p, num),
        }),
        /** A job's tests, in v1.1's fields, which v2 shares. */
        tests: (num) => either(`reading the tests of job #${num}`, {
            v1: async (c, p) => {
                const metadata = await c.tests(p, num);
                return Array.isArray(metadata?.tests) ? metadata.tests : [];
            },
            v2: (api, p) => api.tests(p, num),
        }),
        pipeline: (id) => v2.pipeline(id),
        setEnvVar: async (name, value) => {
            await either('setting a variable', {
                v1: (c, p) => c.addEnvVar(p, name, value),
                v2: (api, p) => api.addEnvVar(p, name, value),
            });
        },
        /** False when the project has no such variable. */
        deleteEnvVar: (name) => either('deleting a variable', {
            v1: async (c, p) => {
                try {
                    await c.deleteEnvVar(p, name);
                    return true;
                }
                catch (error) {
                    if (error instanceof errors/* ApiError */.hD && error.status === 404 && /env var/i.test(error.serverMessage))
                        return false;
                    throw error;
                }
            },
            v2: async (api, p) => {
                envVarNames ??= api.envVars(p).then((list) => new Set(list.map((variable) => variable.name)));
                if (!(await envVarNames).has(name))
                    return false;
                await api.deleteEnvVar(p, name);
                return true;
            },
        }),
        addSshKey: (privateKey, hostname) => either('adding an SSH key', { v1: (c, p) => c.addSshKey(p, privateKey, hostname) }),
        clearCache: () => either('clearing the build cache', { v1: (c, p) => c.clearCache(p) }),
        runningJobs: (query) => either('listing the running jobs', {
            v1: (c, p) => runningBuilds(c, p, query),
            v2: (api, p) => runningPipelineJobs(api, p, query),
        }),
        /** The project's newest pipelines, newest first, at most `max`; `enough` may end the reading sooner. */
        pipelineHeads: async (options, enough) => {
            const listed = await v2.projectPipelines(project, options, enough && ((list) => enough(list.map(headOf))));
            return listed.map(headOf);
        },
        ...pipelineCalls(v2),
    };
}


/***/ }),

/***/ 9816:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EF: () => (/* binding */ sameProject),
/* harmony export */   Ms: () => (/* binding */ slugAddress),
/* harmony export */   Sv: () => (/* binding */ otherProject),
/* harmony export */   Tb: () => (/* binding */ projectSlug)
/* harmony export */ });
/* harmony import */ var _v1_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7218);
// How API v2 names a project: its slug, and the v1.1 triple a slug of a known host names (docs/v2.md, "Addressing").

/** The v2 slug of a project, `primary-host/acme/widget` or `app/<org>/<project>`, each part percent-encoded. */
function projectSlug(p) {
    if ('slug' in p)
        return p.slug.split('/').map(encodeURIComponent).join('/');
    return (0,_v1_js__WEBPACK_IMPORTED_MODULE_0__/* .projectPath */ .DZ)(p).slice('/project/'.length);
}
// The service's provider words and ours name the same hosts; any other word is opaque (an app-integration project).
const PROVIDER_WORDS = {
    gh: 'primary-host',
    github: 'primary-host',
    'primary-host': 'primary-host',
    bb: 'secondary-host',
    bitbucket: 'secondary-host',
    'secondary-host': 'secondary-host',
};
/** The project a slug of the service names, as a triple for a provider word we know, else the slug; undefined for
 *  a text that is no slug. */
function slugAddress(slug) {
    if (typeof slug !== 'string')
        return undefined;
    const parts = slug.split('/');
    if (parts.length !== 3 || parts.some((part) => part === '' || /[\p{Cc}\s?#%\\]/u.test(part)))
        return undefined;
    const [provider = '', username = '', project = ''] = parts;
    const vcsType = PROVIDER_WORDS[provider.toLowerCase()];
    return vcsType === undefined ? { slug } : { vcsType, username, project };
}
/** Whether two addresses name one project by what they name: the same host, organization and project, without
 *  case; two opaque slugs by their organization and project, whatever their provider word. */
function sameProject(a, b) {
    const named = (p) => {
        const known = 'slug' in p ? slugAddress(p.slug) : p;
        if (known !== undefined && !('slug' in known))
            return [known.vcsType, known.username, known.project];
        const [provider = '', org = '', project = ''] = p.slug.split('/');
        return [PROVIDER_WORDS[provider.toLowerCase()] ?? '(opaque)', org, project];
    };
    const [x, y] = [named(a), named(b)];
    return x.every((part, i) => part.toLowerCase() === y[i]?.toLowerCase());
}
/** What an answer's project slug names when it is not project `p`, as a phrase; undefined for `p`, or none named. */
function otherProject(named, p) {
    if (named === undefined)
        return undefined;
    const own = slugAddress(named);
    if (own === undefined)
        return 'a project whose slug is no provider/organization/project';
    return sameProject(own, p) ? undefined : `project ${named}`;
}


/***/ }),

/***/ 982:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  u: () => (/* binding */ sourcesOf),
  b: () => (/* binding */ v1Only)
});

// EXTERNAL MODULE: ../common/errors.ts
var errors = __webpack_require__(3094);
// EXTERNAL MODULE: ../service/commit-builds.ts
var commit_builds = __webpack_require__(322);
// EXTERNAL MODULE: ../service/model.ts
var model = __webpack_require__(6194);
// EXTERNAL MODULE: ../service/v2.ts
var v2 = __webpack_require__(9575);
// EXTERNAL MODULE: ../common/values.ts
var values = __webpack_require__(4415);
// EXTERNAL MODULE: ../service/v2-records.ts
var v2_records = __webpack_require__(216);
// EXTERNAL MODULE: ../service/pipeline-builds.ts
var pipeline_builds = __webpack_require__(1467);
;// CONCATENATED MODULE: ../service/commit-pipelines.ts




/** A later read stops at the first page that holds a pipeline an earlier read saw: the list is newest first and a
 *  pipeline's commit never changes, so only a newer pipeline (a new push of the commit) can be new. */
class CommitPipelines {
    #api;
    #project;
    #query;
    #newest;
    #found = new Map();
    constructor(api, project, query) {
        this.#api = api;
        this.#project = project;
        this.#query = query;
    }
    /** Newest first. */
    get found() {
        return [...this.#found.values()].sort((a, b) => b.number - a.number);
    }
    /** The commit's pipelines new to this read, newest first; without `revision`, the newest pipeline of the first
     *  read that finds one names the commit (`chose`). */
    async read() {
        const before = this.#newest;
        const seen = (items) => items.some((p) => p.number <= (before ?? 0));
        const listed = await this.#api.projectPipelines(this.#project, (0,values/* definedOnly */.Uv)({ branch: this.#query.branch }), before === undefined ? undefined : seen);
        const items = listed.filter((p) => before === undefined || p.number > before);
        for (const { number } of items)
            this.#newest = Math.max(this.#newest ?? 0, number);
        const truncated = items.length >= v2/* MAX_PROJECT_PIPELINES */.PG;
        let chose;
        if (this.#query.revision === '') {
            chose = items.find((p) => typeof p.vcs?.revision === 'string');
            if (chose === undefined)
                return { fresh: [], truncated };
            this.#query.revision = String(chose.vcs?.revision).toLowerCase();
        }
        const fresh = items.filter((p) => ofCommit(p, this.#query) && !this.#found.has(p.id));
        for (const pipeline of fresh)
            this.#found.set(pipeline.id, pipeline);
        return { fresh, truncated, ...(0,values/* definedOnly */.Uv)({ chose }) };
    }
    /** A workflow that ended before it made a job shows only here (docs/promises.md, promise 31). */
    async workflows() {
        // No commit is named yet (a branch that has no build): none of its workflows can be told.
        if (this.#query.revision === '')
            return { workflows: [], errored: [] };
        await this.read();
        const errored = this.found.map(v2_records/* erroredPipeline */.Yi).filter((text) => text !== undefined);
        const workflows = [];
        for (const pipeline of this.found)
            if ((0,v2_records/* erroredPipeline */.Yi)(pipeline) === undefined)
                workflows.push(...(await this.#api.workflows(pipeline)));
        return { workflows, errored };
    }
}
/** The project's pipeline list is read again only while no pipeline is followed, and once every one followed has
 *  ended, for a newer pipeline of the commit. */
function slugCommitBuilds(api, project, query, read, times) {
    const pipelines = new CommitPipelines(api, project, query);
    const followed = new Map();
    const notes = [];
    let truncated = false;
    const findNew = async () => {
        const found = await pipelines.read();
        truncated ||= found.truncated;
        const chose = found.chose?.number;
        if (chose !== undefined)
            notes.push(`The newest pipeline of branch ${query.branch ?? ''} is #${chose}: its commit counts`);
        for (const pipeline of found.fresh) {
            read.know(pipeline);
            const source = new pipeline_builds/* PipelineBuilds */.E6(read, api, pipeline, times);
            followed.set(pipeline.id, { source, last: [], ended: [], done: false });
        }
        return found.fresh.length > 0;
    };
    const follow = async () => {
        for (const entry of followed.values()) {
            if (entry.done)
                continue;
            try {
                const look = await entry.source.look();
                entry.last = look.jobs;
                entry.ended = look.workflows;
                entry.done = look.complete && look.jobs.every((job) => job.ended);
                notes.push(...look.notes);
            }
            catch (error) {
                // A pipeline whose configuration failed runs nothing: the commit's other pipelines still count, and when
                // nothing ran the gate fails on it (docs/promises.md, promise 31).
                if (!(error instanceof pipeline_builds/* PipelineErroredError */.GU))
                    throw error;
                notes.push(error.message);
                entry.errored = error.message;
                entry.done = true;
            }
        }
    };
    const look = async () => {
        notes.length = 0;
        truncated = false;
        const listed = followed.size === 0;
        if (listed)
            await findNew();
        await follow();
        // Once every pipeline followed has ended, a newer one of the commit is looked for before the gate decides.
        if (!listed && [...followed.values()].every((entry) => entry.done) && (await findNew()))
            await follow();
        const entries = [...followed.values()];
        // The workflows that have not ended, a failing one too: the gate waits for them (docs/promises.md, promise 31).
        const open = entries
            .filter((entry) => !entry.done)
            .flatMap((entry) => entry.source.workflows.filter((w) => !w.done))
            .map(({ name, status }) => ({ name, status }));
        return {
            jobs: entries.flatMap((entry) => entry.last).sort((a, b) => a.number - b.number),
            truncated,
            notes: [...notes],
            workflows: entries.flatMap((entry) => entry.ended),
            open,
            errored: entries.flatMap((entry) => entry.errored ?? []),
        };
    };
    return { look };
}
function ofCommit(pipeline, query) {
    const { branch, revision } = (0,v2_records/* pipelineVcs */.d6)(pipeline);
    return (query.revision !== '' &&
        (0,values/* isOfCommit */.lU)(revision, query.revision) &&
        (query.branch === undefined || branch === query.branch));
}

// EXTERNAL MODULE: ../service/records.ts
var records = __webpack_require__(5305);
;// CONCATENATED MODULE: ../service/sources.ts
// What the gate and trigger-build read, as jobs, whichever API reaches the project (docs/v2.md): a commit's jobs
// (v1.1's build list by triple, its pipelines through v2 by slug), a pipeline's, one job by number, a job's failed
// steps, and the cancels. The records each API answers stay here.







/** The project's triple, for a call only v1.1 has: a project named by its slug gets one error, before anything is sent. */
function v1Only(project, what) {
    if (!('slug' in project))
        return project;
    const why = `${what} has no API v2 form, so a project named by its slug cannot be reached`;
    throw new errors/* ValidationError */.yI('project-slug', 'name the project by vcs-type, username and project', undefined, why);
}
function sourcesOf(client, v2, project, transport) {
    const triple = 'slug' in project ? undefined : project;
    /** The record each job was read from, for its steps. */
    const records = new WeakMap();
    const asJob = (build) => {
        const job = (0,model/* jobOfBuild */.T)(build);
        records.set(job, build);
        return job;
    };
    const read = (0,pipeline_builds/* jobReader */.Ps)(client, v2, project, asJob);
    return {
        /** The jobs of a commit, look after look; a `revision` of '' is the commit of the branch's newest build. */
        commitSource(query, times) {
            if ('slug' in project)
                return slugCommitBuilds(v2, project, query, read, times);
            let builds;
            const pipelines = new CommitPipelines(v2, project, query);
            return {
                look: async () => {
                    let chose;
                    if (query.revision === '') {
                        const [newest] = await client.builds(project, { branch: query.branch ?? '', limit: 1 });
                        const revision = typeof newest?.vcs_revision === 'string' ? newest.vcs_revision.toLowerCase() : '';
                        if (newest === undefined || !/^[0-9a-f]{7,64}$/u.test(revision))
                            return { jobs: [], truncated: false };
                        query.revision = revision;
                        chose = newest.build_num;
                    }
                    builds ??= new commit_builds/* CommitBuilds */.J_(client, project, { ...query }, { now: times.since });
                    const { builds: found, truncated } = await builds.look();
                    return { jobs: found.map(asJob), truncated, ...(0,values/* definedOnly */.Uv)({ chose }) };
                },
                // A workflow that ended before it made a job shows only in the commit's pipelines (v2).
                commitWorkflows: () => pipelines.workflows(),
            };
        },
        pipelineSource(pipeline, times) {
            return new pipeline_builds/* PipelineBuilds */.E6(read, v2, pipeline, times);
        },
        /** One job by number; read now, so that one that cannot be read fails at once, unless the caller `holds` it. */
        async oneJob(num, holds = false) {
            let first = holds ? undefined : await read(num);
            return {
                look: async () => {
                    const job = first ?? (await read(num));
                    first = undefined;
                    return { jobs: [job], truncated: false, complete: job.ended };
                },
            };
        },
        /** The job's failed steps with their output's tail; undefined where the API has no step output. */
        async failedSteps(job, lines, signal) {
            if (triple === undefined)
                return undefined;
            const record = records.get(job);
            const reread = () => client.build(triple, job.number);
            const build = record !== undefined && Array.isArray(record.steps) ? record : await reread();
            // Loaded here: only the gate's actions read step output, and every action loads this module.
            const { collectFailedSteps } = await __webpack_require__.e(/* import() */ 63).then(__webpack_require__.bind(__webpack_require__, 5063));
            return collectFailedSteps({ transport, build, lines, refresh: reread, signal });
        },
        /** Cancels a job; its state after, where the API answers it. */
        async cancelJob(num) {
            if (triple !== undefined)
                return asJob(await client.cancel(triple, num));
            await v2.cancelJob(project, num);
            return undefined;
        },
        /** The build a v1.1 trigger cut short started: newer than `before`, on its branch. */
        findTriggeredJob: async (request, before) => {
            const found = await client.findTriggeredBuild(v1Only(project, 'finding a build'), request, before);
            return found === undefined ? undefined : asJob(found);
        },
        findTriggeredPipeline: (ref, before) => v2.findTriggered(project, ref, before),
        workflows: (pipeline) => v2.workflows(pipeline),
        workflow: (id) => v2.workflow(id),
        cancelWorkflow: (id) => v2.cancelWorkflow(id),
    };
}


/***/ }),

/***/ 5517:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ checkSshKey)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3094);
// The service takes only unencrypted RSA private keys. We check that before sending (so a passphrase-protected
// or non-RSA key is a clear error, not a refusal from the server) and compute the fingerprint the service shows:
// colon-separated MD5 of the public key in SSH wire form.


const ENCRYPTED = 'the key is encrypted (protected by a passphrase); the service needs it unencrypted';
/** The key's content never appears in an error; `privateKey` is as sent (line endings normalised, a final newline). */
function checkSshKey(name, raw) {
    const text = raw.replace(/\r\n?/g, '\n').trim() + '\n';
    const allowed = 'allowed: an unencrypted RSA private key in PEM (BEGIN RSA PRIVATE KEY / BEGIN PRIVATE KEY) or OpenSSH form';
    const invalid = (detail) => new _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI(name, allowed, undefined, detail);
    const label = /^-----BEGIN ([A-Z0-9 ]+)-----\n/.exec(text)?.[1];
    if (label === undefined)
        throw invalid('not a private key (no -----BEGIN ... PRIVATE KEY----- line)');
    if (!text.includes(`-----END ${label}-----`))
        throw invalid(`the -----END ${label}----- line is missing`);
    const blob = label === 'OPENSSH PRIVATE KEY' ? openSshPublicBlob(text, invalid) : pemPublicBlob(text, label, invalid);
    const fingerprint = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('md5')
        .update(blob)
        .digest('hex')
        .replace(/(..)(?!$)/g, '$1:');
    return { privateKey: text, fingerprint, publicKey: `ssh-rsa ${blob.toString('base64')}` };
}
/** A length-prefixed string of the SSH wire form. */
function sshString(data) {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, data]);
}
function pemPublicBlob(text, label, invalid) {
    if (label === 'ENCRYPTED PRIVATE KEY' || /^Proc-Type:\s*4,ENCRYPTED/m.test(text))
        throw invalid(ENCRYPTED);
    if (label !== 'RSA PRIVATE KEY' && label !== 'PRIVATE KEY')
        throw invalid(`a ${label} is not an RSA private key`);
    let key;
    try {
        key = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createPrivateKey)({ key: text, format: 'pem' });
    }
    catch {
        throw invalid('the key could not be read (damaged or incomplete)');
    }
    if (key.asymmetricKeyType !== 'rsa') {
        throw invalid(`the key is ${key.asymmetricKeyType ?? 'of an unknown type'}, not RSA`);
    }
    const { e, n } = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createPublicKey)(key).export({ format: 'jwk' });
    // JWK numbers are unsigned and minimal; an SSH mpint takes a zero byte first where the top bit is set.
    const mpint = (base64url = '') => {
        const bytes = Buffer.from(base64url, 'base64url');
        return (bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.of(0), bytes]) : bytes;
    };
    return Buffer.concat([Buffer.from('ssh-rsa'), mpint(e), mpint(n)].map(sshString));
}
/** Reads the openssh-key-v1 container far enough to know it is one unencrypted RSA key; returns the public blob. */
function openSshPublicBlob(text, invalid) {
    const data = Buffer.from(text.replace(/-----(BEGIN|END) OPENSSH PRIVATE KEY-----/g, ''), 'base64');
    const damaged = () => invalid('the OpenSSH key could not be read (damaged or incomplete)');
    const magic = 'openssh-key-v1\0';
    if (data.toString('latin1', 0, magic.length) !== magic)
        throw damaged();
    let pos = magic.length;
    const readNumber = () => {
        if (pos + 4 > data.length)
            throw damaged();
        pos += 4;
        return data.readUInt32BE(pos - 4);
    };
    const readString = () => {
        const length = readNumber();
        if (pos + length > data.length)
            throw damaged();
        pos += length;
        return data.subarray(pos - length, pos);
    };
    const cipher = readString().toString();
    const kdf = readString().toString();
    readString(); // the KDF's options
    if (cipher !== 'none' || kdf !== 'none')
        throw invalid(ENCRYPTED);
    if (readNumber() !== 1)
        throw invalid('the file must hold exactly one key');
    const publicBlob = readString();
    const type = publicBlob.toString('utf8', 4, 4 + (publicBlob.length >= 4 ? publicBlob.readUInt32BE(0) : 0));
    if (type !== 'ssh-rsa')
        throw invalid(`the key is ${type || 'of an unknown type'}, not RSA`);
    // The private section starts with the same check number twice.
    const priv = readString();
    if (priv.length < 8 || priv.readUInt32BE(0) !== priv.readUInt32BE(4))
        throw damaged();
    return publicBlob;
}


/***/ }),

/***/ 3614:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X: () => (/* binding */ triggersOf),
/* harmony export */   e: () => (/* binding */ checkTriggerInputs)
/* harmony export */ });
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);
/* harmony import */ var _http_sunset_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1520);
/* harmony import */ var _model_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6194);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5305);
/* harmony import */ var _common_values_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(4415);
/* harmony import */ var _v2_trigger_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5110);
/* harmony import */ var _sources_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(982);
/* harmony import */ var _validate_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6609);
// Which API starts and reruns builds (input `trigger-api`, docs/sunset.md): a pipeline of API v2 first (the only
// trigger that runs today's configurations), v1.1 when the inputs need it or v2 has none; reruns through v1.1 while it
// works, then a workflow rerun. A project named by its slug has v2 alone.








/** What v2 cannot take: `revision` and `parallel` (a pipeline builds the head of a branch, or a tag). */
function withoutV2Form(request) {
    return ['revision', 'parallel'].filter((input) => request[input] !== undefined);
}
const NO_V2_FORM = 'API v2 has no such input: a pipeline builds the head of a branch (or a tag) and its configuration sets the ' +
    'parallelism; to gate on a commit, use wait-for-build';
const V1_SINGLE_JOB = 'the v1.1 trigger runs a single job of a pipeline configuration (version 2.1), not its workflows, and stops ' +
    'on 2027-02-01';
const NO_CACHE_RERUN = 'API v2 has no rerun without cache: use command: retry (a workflow rerun), and clear the cache first with ' +
    'command: clear-cache if needed';
const notUsed = (input, other) => new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(input, `leave it out with ${other}`, undefined, 'not used');
// Inputs that do not go together are a mistake found before anything is sent: with `trigger-api: v2` or a
// project named by its slug (which only API v2 reaches), one v2 cannot take; with `definition-id`, v1.1's.
function checkTriggerInputs(api, request, slug = false) {
    if (slug && api === 'v1.1')
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('trigger-api', "allowed with project-slug: 'v2' or 'auto' (a project named by its slug has only API v2)", api);
    const [input] = withoutV2Form(request);
    if (request.definitionId !== undefined && (input !== undefined || api === 'v1.1'))
        throw notUsed('definition-id', `${input ?? 'trigger-api: v1.1'}: only a pipeline (API v2) runs a definition`);
    // The v2 trigger's limits, before anything is sent; a build of v1.1 has none.
    const toV2 = slug || api === 'v2' || (api === 'auto' && input === undefined);
    if (toV2 && request.params !== undefined)
        (0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkPipelineParams */ .Jd)('params', request.params);
    if ((api === 'v2' || slug) && input !== undefined)
        throw notUsed(input, `${slug ? 'project-slug' : 'trigger-api: v2'}. ${NO_V2_FORM}`);
}
/** No form of the trigger or the rerun could do what was asked (every one failed, or v2 has no such form). */
class TriggerFailedError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui {
    name = 'TriggerFailedError';
}
function triggersOf(client, v2, project, transport) {
    const triple = 'slug' in project ? undefined : project;
    const log = transport.log.bind(transport);
    const startV1 = async (v1, api, request) => {
        try {
            const result = await client.trigger(v1, request);
            return { api: 'v1.1', result, job: (0,_model_js__WEBPACK_IMPORTED_MODULE_2__/* .jobOfBuild */ .T)(result.build) };
        }
        catch (error) {
            if (api === 'v1.1' || !(error instanceof _http_sunset_js__WEBPACK_IMPORTED_MODULE_1__/* .GoneError */ .AD))
                throw error;
            const unsent = withoutV2Form(request);
            const given = `${unsent.join(' and ')} ${unsent.length > 1 ? 'are' : 'is'} given`;
            throw new TriggerFailedError(`${error.message}. A pipeline (API v2) cannot be started instead, because ${given}: ${NO_V2_FORM}`);
        }
    };
    return {
        /** Starts a pipeline through v2, or a build through v1.1 when `api` or the inputs say so or v2 has no trigger. */
        async trigger(api, request) {
            checkTriggerInputs(api, request, triple === undefined);
            const unsent = withoutV2Form(request).join(' and ');
            if (triple !== undefined && api === 'v1.1')
                return startV1(triple, api, request);
            if (triple !== undefined && api === 'auto' && unsent !== '') {
                // The runner already warns of the input through its deprecationMessage (action.yml): said once, not twice.
                log('info', `${unsent} given, so the build is triggered through v1.1: ${V1_SINGLE_JOB}`);
                return startV1(triple, api, request);
            }
            try {
                const { tag, params: parameters, definitionId } = request;
                const answer = await v2.trigger(project, {
                    ...(tag === undefined ? { branch: request.branch } : { tag }),
                    ...(0,_common_values_js__WEBPACK_IMPORTED_MODULE_7__/* .definedOnly */ .Uv)({ parameters, definitionId }),
                });
                return answer.triggered ? { api: 'v2', ...answer } : { api: 'none', message: answer.message };
            }
            catch (error) {
                if (api === 'v2' || triple === undefined || !(error instanceof _v2_trigger_js__WEBPACK_IMPORTED_MODULE_4__/* .NoPipelineTriggerError */ .q$))
                    throw error;
                const why = error.projectNotFound
                    ? 'API v2 does not know the project: a project token works only on v1.1, and pipelines need a personal ' +
                        'token (or the project slug is wrong)'
                    : 'this installation has no pipeline trigger of API v2';
                const started = await startV1(triple, 'v1.1', request).catch((then) => {
                    throw new TriggerFailedError(`No trigger worked: ${error.message}; then ${then.message}`, {
                        cause: then,
                    });
                });
                log('warning', `${why} (${error.message}); triggered through v1.1 instead: ${V1_SINGLE_JOB}`);
                return started;
            }
        },
        // Reruns a build: v1.1 retry, or (with `v2`, or `auto` after a 410) its job through its workflow's v2 rerun,
        // which needs the build's workflow and job ids from its v1.1 record.
        async rerun(api, buildNum, options) {
            const v1 = (0,_sources_js__WEBPACK_IMPORTED_MODULE_5__/* .v1Only */ .b)(project, 'rerunning a build');
            if (api !== 'v2') {
                try {
                    return { api: 'v1.1', build: await client.retry(v1, buildNum, options) };
                }
                catch (error) {
                    if (api === 'v1.1' || !(error instanceof _http_sunset_js__WEBPACK_IMPORTED_MODULE_1__/* .GoneError */ .AD))
                        throw error;
                    if (options.noCache)
                        throw new TriggerFailedError(`${error.message}. ${NO_CACHE_RERUN}`);
                    log('info', `${error.message}; rerunning the job through its workflow (API v2)`);
                }
            }
            else if (options.noCache) {
                throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('command', `retry-no-cache with trigger-api: v2 is not possible. ${NO_CACHE_RERUN}`);
            }
            const build = await client.build(v1, buildNum);
            const { workflow_id: workflowId, job_id: jobId } = build.workflows ?? {};
            if (typeof workflowId !== 'string' || typeof jobId !== 'string') {
                throw new TriggerFailedError(`Build #${buildNum} belongs to no workflow (it ran on the old build system): API v2 reruns only jobs of ` +
                    `workflows, and the v1.1 retry ${api === 'v2' ? 'was not asked for (trigger-api: v2)' : 'is gone'}`);
            }
            const rerun = await v2.rerun(workflowId, { jobs: [jobId], enableSsh: options.ssh });
            return { api: 'v2', rerun, of: build };
        },
    };
}


/***/ }),

/***/ 7218:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DZ: () => (/* binding */ projectPath),
/* harmony export */   Kj: () => (/* binding */ Client),
/* harmony export */   QF: () => (/* binding */ AbortedTrigger),
/* harmony export */   RF: () => (/* binding */ checkProjectSlug),
/* harmony export */   W0: () => (/* binding */ TriggerAbortedError),
/* harmony export */   j1: () => (/* binding */ projectName)
/* harmony export */ });
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5841);
/* harmony import */ var _paginate_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5990);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5305);
/* harmony import */ var _common_values_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(4415);
/* harmony import */ var _http_retry_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(602);
/* harmony import */ var _ssh_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5517);
/* harmony import */ var _validate_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6609);
// Every endpoint of the v1.1 API, each checked before sending and sent with the retry mode that is safe for it.








/** A trigger failed without telling whether a build started, and none could be found. */
class AmbiguousTriggerError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui {
    name = 'AmbiguousTriggerError';
}
/** The caller aborted while a trigger was on its way; `before` is the newest number before it. */
class AbortedTrigger extends _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .AbortedError */ .oM {
    before;
    constructor(message, before) {
        super(message);
        this.before = before;
    }
}
class TriggerAbortedError extends AbortedTrigger {
    name = 'TriggerAbortedError';
}
const seg = encodeURIComponent;
const orEmpty = (call, value) => (0,_records_js__WEBPACK_IMPORTED_MODULE_3__/* .objectAnswer */ .cd)(call, value, true);
/** The build a GET or a cancel named, and no other. */
const asked = (buildNum) => (call, value) => (0,_records_js__WEBPACK_IMPORTED_MODULE_3__/* .buildAnswer */ .Bo)(call, value, { asked: buildNum });
class Client {
    transport;
    constructor(transport) {
        this.transport = transport;
    }
    async me() {
        return this.call('GET', '/me', _records_js__WEBPACK_IMPORTED_MODULE_3__/* .objectAnswer */ .cd);
    }
    async projects() {
        return this.call('GET', '/projects', _records_js__WEBPACK_IMPORTED_MODULE_3__/* .listAnswer */ .f_);
    }
    async recentBuilds(query = {}) {
        return this.call('GET', '/recent-builds', firstOfPage(query.limit), { query: pageQuery(query) });
    }
    allRecentBuilds(query = {}) {
        return (0,_paginate_js__WEBPACK_IMPORTED_MODULE_2__/* .paginate */ .En)((limit, offset) => this.recentBuilds({ limit, offset }), {
            ...query,
            // Recent builds span projects, each numbering its own builds.
            key: (b) => `${b.vcs_type}/${b.username}/${b.reponame}/${b.build_num}`,
            warn: (message) => this.transport.log('warning', `recent-builds: ${message}`),
        });
    }
    async addPlatformKey(apikey) {
        const body = { apikey: (0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkSecret */ .zg)('apikey', apikey) };
        return this.call('POST', '/user/platform-key', orEmpty, { body });
    }
    async follow(p) {
        return this.call('POST', `${projectPath(p)}/follow`, _records_js__WEBPACK_IMPORTED_MODULE_3__/* .objectAnswer */ .cd);
    }
    async builds(p, query = {}) {
        const path = query.branch === undefined ? projectPath(p) : treePath(p, query.branch);
        const filter = query.statusFilter === undefined
            ? undefined
            : (0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkBuildStatusFilter */ .zx)('status_filter', query.statusFilter);
        return this.call('GET', path, firstOfPage(query.limit), { query: { ...pageQuery(query), filter } });
    }
    allBuilds(p, query = {}) {
        return (0,_paginate_js__WEBPACK_IMPORTED_MODULE_2__/* .paginate */ .En)((limit, offset) => this.builds(p, { ...query, limit, offset }), {
            ...pageQuery(query),
            key: (b) => b.build_num,
            warn: (message) => this.transport.log('warning', `builds: ${message}`),
        });
    }
    /** Triggers a build, never two: a build a failure may have started is looked for (docs/promises.md, promise 2). */
    async trigger(p, options) {
        const path = treePath(p, options.branch);
        (0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkRevisionOrTag */ .TD)('revision', options.revision, 'tag', options.tag);
        const body = (0,_common_values_js__WEBPACK_IMPORTED_MODULE_7__/* .definedOnly */ .Uv)({
            revision: options.revision,
            tag: options.tag,
            parallel: options.parallel === undefined ? undefined : (0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkParallel */ .EZ)('parallel', options.parallel),
            build_parameters: options.params === undefined ? undefined : (0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkParams */ .N8)('params', options.params),
        });
        const before = await this.newestBuildNum(p);
        try {
            return { build: await this.call('POST', path, _records_js__WEBPACK_IMPORTED_MODULE_3__/* .buildAnswer */ .Bo, { body, retry: 'once' }) };
        }
        catch (error) {
            if (error instanceof _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .AbortedError */ .oM)
                throw new TriggerAbortedError(error.message, before);
            if (!(0,_http_retry_js__WEBPACK_IMPORTED_MODULE_4__/* .isAmbiguous */ .X2)(error))
                throw error;
            const found = await this.findTriggeredBuild(p, options, before).catch(() => undefined);
            if (found)
                return { build: found, recoveredAfter: error.message };
            throw new AmbiguousTriggerError(`${error.message}; a build may have started on branch '${options.branch}' but none newer than ` +
                `#${before} could be found: check the project's builds before triggering again`);
        }
    }
    async build(p, buildNum) {
        return this.call('GET', buildPath(p, buildNum), asked(buildNum));
    }
    /** A retry without cache is an unsupported use of the endpoint, which callers should say. */
    async retry(p, buildNum, options = {}) {
        const body = options.noCache ? { 'no-cache': true } : options.ssh ? { ssh: true } : {};
        const check = (call, value) => (0,_records_js__WEBPACK_IMPORTED_MODULE_3__/* .buildAnswer */ .Bo)(call, value, { not: buildNum });
        return this.call('POST', `${buildPath(p, buildNum)}/retry`, check, { body, retry: 'once' });
    }
    async cancel(p, buildNum) {
        return this.call('POST', `${buildPath(p, buildNum)}/cancel`, asked(buildNum));
    }
    async addSshUser(p, buildNum) {
        return this.call('POST', `${buildPath(p, buildNum)}/ssh-users`, _records_js__WEBPACK_IMPORTED_MODULE_3__/* .objectAnswer */ .cd);
    }
    async artifacts(p, buildNum) {
        return this.call('GET', `${buildPath(p, buildNum)}/artifacts`, this.trusted);
    }
    /** Artifacts of the latest matching build; the service's 404 for "no artifacts" is "none", not an error. */
    async latestArtifacts(p, query = {}) {
        const filter = (0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkArtifactStatusFilter */ .Pb)('status_filter', query.statusFilter ?? 'completed');
        const branch = query.branch === undefined ? undefined : (0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkSegment */ .cr)('branch', query.branch);
        const path = `${projectPath(p)}/latest/artifacts`;
        try {
            const artifacts = await this.call('GET', path, this.trusted, { query: { branch, filter } });
            return { found: true, artifacts };
        }
        catch (error) {
            const none = error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD && error.status === 404 && !(0,_http_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .isUnknownProject */ .Ov)(error);
            if (none)
                return { found: false, message: error.serverMessage || 'no artifacts' };
            throw error;
        }
    }
    async tests(p, buildNum) {
        return this.call('GET', `${buildPath(p, buildNum)}/tests`, _records_js__WEBPACK_IMPORTED_MODULE_3__/* .objectAnswer */ .cd);
    }
    async clearCache(p) {
        return this.call('DELETE', `${projectPath(p)}/build-cache`, _records_js__WEBPACK_IMPORTED_MODULE_3__/* .objectAnswer */ .cd);
    }
    async listEnvVars(p) {
        return this.call('GET', `${projectPath(p)}/envvar`, _records_js__WEBPACK_IMPORTED_MODULE_3__/* .listAnswer */ .f_);
    }
    async addEnvVar(p, name, value) {
        const body = { name: (0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkEnvName */ .$n)('name', name), value };
        return this.call('POST', `${projectPath(p)}/envvar`, _records_js__WEBPACK_IMPORTED_MODULE_3__/* .objectAnswer */ .cd, { body });
    }
    async getEnvVar(p, name) {
        return this.call('GET', `${projectPath(p)}/envvar/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkEnvName */ .$n)('name', name))}`, _records_js__WEBPACK_IMPORTED_MODULE_3__/* .objectAnswer */ .cd);
    }
    async deleteEnvVar(p, name) {
        return this.deleteOnce(`${projectPath(p)}/envvar/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkEnvName */ .$n)('name', name))}`);
    }
    async listCheckoutKeys(p) {
        return this.call('GET', `${projectPath(p)}/checkout-key`, _records_js__WEBPACK_IMPORTED_MODULE_3__/* .listAnswer */ .f_);
    }
    async createCheckoutKey(p, keyType) {
        const body = { type: (0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkKeyType */ .y7)('key_type', keyType) };
        return this.call('POST', `${projectPath(p)}/checkout-key`, _records_js__WEBPACK_IMPORTED_MODULE_3__/* .objectAnswer */ .cd, { body, retry: 'once' });
    }
    async getCheckoutKey(p, fingerprint) {
        const path = `${projectPath(p)}/checkout-key/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkSegment */ .cr)('fingerprint', fingerprint))}`;
        return this.call('GET', path, _records_js__WEBPACK_IMPORTED_MODULE_3__/* .objectAnswer */ .cd);
    }
    async deleteCheckoutKey(p, fingerprint) {
        return this.deleteOnce(`${projectPath(p)}/checkout-key/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkSegment */ .cr)('fingerprint', fingerprint))}`);
    }
    async addSshKey(p, sshKey, hostname) {
        const body = (0,_common_values_js__WEBPACK_IMPORTED_MODULE_7__/* .definedOnly */ .Uv)({
            private_key: (0,_ssh_js__WEBPACK_IMPORTED_MODULE_5__/* .checkSshKey */ .S)('ssh_key', sshKey).privateKey,
            hostname: hostname === undefined ? undefined : (0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkSegment */ .cr)('hostname', hostname, 'a host name'),
        });
        return this.call('POST', `${projectPath(p)}/ssh-key`, orEmpty, { body, retry: 'once' });
    }
    /** Sends a call (idempotent unless told) and checks its answer by shape (docs/promises.md, promise 22). */
    async call(method, path, check, more = {}) {
        const request = { method, path, retry: 'idempotent', ...more };
        try {
            return check(request, (await this.transport.request(request)).data);
        }
        catch (error) {
            // An untrusted certificate is the user's to fix (a self-hosted authority): said with the host, not as a bug.
            const code = (0,_http_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .certificateCode */ .nt)(error);
            if (code === undefined)
                throw error;
            throw new _http_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UntrustedCertificateError */ .ks(`${method} ${path}`, new URL(this.transport.origin).host, code);
        }
    }
    /** A DELETE whose answer was lost is retried; its 404 then means an earlier attempt already deleted it. */
    async deleteOnce(path) {
        try {
            return await this.call('DELETE', path, _records_js__WEBPACK_IMPORTED_MODULE_3__/* .objectAnswer */ .cd);
        }
        catch (error) {
            if (error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD && error.status === 404 && error.attempts > 1)
                return { message: 'ok' };
            throw error;
        }
    }
    /** The artifact URLs the API itself listed may receive the credential (docs/promises.md, promise 14). */
    trusted = (call, value) => {
        const artifacts = (0,_records_js__WEBPACK_IMPORTED_MODULE_3__/* .listAnswer */ .f_)(call, value);
        for (const a of artifacts)
            if (typeof a.url === 'string')
                this.transport.trust(a.url);
        return artifacts;
    };
    async newestBuildNum(p) {
        try {
            return (await this.builds(p, { limit: 1 }))[0]?.build_num ?? 0;
        }
        catch (error) {
            // A project not followed yet has no builds; the trigger itself will say if the project is unknown.
            if (error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD && error.status === 404)
                return 0;
            throw error;
        }
    }
    /** The build a trigger made, if any: newer than `before`, triggered through the API, matching the trigger. */
    async findTriggeredBuild(p, o, before) {
        const candidates = await this.builds(p, { branch: o.branch, limit: _validate_js__WEBPACK_IMPORTED_MODULE_6__/* .MAX_PAGE_SIZE */ .H4 });
        const matches = (b) => b.build_num > before &&
            b.why === 'api' &&
            (b.branch == null || b.branch === o.branch) &&
            (o.revision === undefined || b.vcs_revision == null || (0,_common_values_js__WEBPACK_IMPORTED_MODULE_7__/* .isOfCommit */ .lU)(b.vcs_revision, o.revision)) &&
            (o.tag === undefined || b.vcs_tag == null || b.vcs_tag === o.tag);
        // The oldest match is ours: a later one was triggered by someone else after our call.
        return candidates.filter(matches).sort((a, b) => a.build_num - b.build_num)[0];
    }
}
/** A v2 slug, `provider/organization/project`, whose provider is never interpreted (docs/v2.md). */
function checkProjectSlug(name, value) {
    const parts = value.split('/');
    if (parts.length !== 3)
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, 'allowed: three segments, provider/organization/project', value);
    for (const part of parts)
        (0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkName */ .I3)(name, part);
    return { slug: value };
}
function projectName(p) {
    return 'slug' in p ? p.slug : `${p.username}/${p.project}`;
}
function projectPath(p) {
    const vcs = (0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkVcsType */ .dG)('vcs_type', p.vcsType);
    return `/project/${seg(vcs)}/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkName */ .I3)('username', p.username))}/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkName */ .I3)('project', p.project))}`;
}
const treePath = (p, branch) => `${projectPath(p)}/tree/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkSegment */ .cr)('branch', branch))}`;
const buildPath = (p, buildNum) => `${projectPath(p)}/${(0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkBuildNum */ .ZL)('build_num', buildNum)}`;
/** The first `limit` builds of a page, which may hold more (docs/promises.md, promise 34): the size cap bounds it. */
function firstOfPage(limit) {
    return (call, value) => (0,_records_js__WEBPACK_IMPORTED_MODULE_3__/* .buildListAnswer */ .jf)(call, Array.isArray(value) && limit !== undefined ? value.slice(0, limit) : value);
}
function pageQuery(q) {
    return (0,_common_values_js__WEBPACK_IMPORTED_MODULE_7__/* .definedOnly */ .Uv)({
        limit: q.limit === undefined ? undefined : (0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkLimit */ .ab)('limit', q.limit),
        offset: q.offset === undefined ? undefined : (0,_validate_js__WEBPACK_IMPORTED_MODULE_6__/* .checkOffset */ .g9)('offset', q.offset),
    });
}


/***/ }),

/***/ 216:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Aw: () => (/* binding */ PENDING_PIPELINE_STATES),
/* harmony export */   HB: () => (/* binding */ isPositiveWhole),
/* harmony export */   IN: () => (/* binding */ isV2Id),
/* harmony export */   O1: () => (/* binding */ isUuid),
/* harmony export */   Yi: () => (/* binding */ erroredPipeline),
/* harmony export */   aV: () => (/* binding */ jobAnswer),
/* harmony export */   d6: () => (/* binding */ pipelineVcs),
/* harmony export */   e0: () => (/* binding */ stringOrNull),
/* harmony export */   jP: () => (/* binding */ triggerAnswer),
/* harmony export */   kH: () => (/* binding */ pageAnswer),
/* harmony export */   nd: () => (/* binding */ pipelineAnswer),
/* harmony export */   sM: () => (/* binding */ workflowAnswer),
/* harmony export */   yi: () => (/* binding */ pipelineErrors)
/* harmony export */ });
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5305);
/* harmony import */ var _common_values_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4415);
// Answers of API v2 checked by shape before they are used, as records.ts checks v1.1's answers
// (docs/promises.md, promise 30); enums stay open.


/** Items a page of a v2 list holds at most: v2 lists take no `limit`, and the service pages far below this. */
const MAX_V2_PAGE_ITEMS = 100;
/** The pipeline states before the configuration is compiled (the others are `created` and `errored`). */
const PENDING_PIPELINE_STATES = new Set(['setup-pending', 'setup', 'pending']);
/** A UUID-like id: letters, digits and dashes, so that it is safe in a path, an output and a log line. */
const ID = /^[0-9A-Za-z][0-9A-Za-z-]{0,63}$/u;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;
const isV2Id = (value) => typeof value === 'string' && ID.test(value);
const isUuid = (value) => typeof value === 'string' && UUID.test(value);
const isPositiveWhole = (value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
const isString = (value) => typeof value === 'string';
const stringOrNull = (value) => (isString(value) ? value : null);
/** A field the service may leave out or set to null, else of the type `test` takes. */
const absentOr = (value, test) => value == null || test(value);
function checkCommon(call, value, what, at) {
    const where = at < 0 ? `the ${what}` : `item ${at + 1} of the ${what} list`;
    if (!(0,_common_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(value))
        throw (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .unusable */ ._P)(call, `${where} is not an object`);
    if (!isV2Id(value['id']))
        throw (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .unusable */ ._P)(call, `${where} has no id that is a UUID-like string`);
    if (!isString(value['name']))
        throw (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .unusable */ ._P)(call, `${where} has no name that is a string`);
    if (!isString(value['status']))
        throw (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .unusable */ ._P)(call, `${where} has no status that is a string`);
    return value;
}
/** A workflow (`GET /workflow/{id}`, or an item of a pipeline's list: `at` is its place). */
function workflowAnswer(call, value, at = -1) {
    const record = checkCommon(call, value, 'workflow', at);
    if (!absentOr(record['tag'], isString))
        throw (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .unusable */ ._P)(call, `the workflow ${String(record['id'])} has a tag that is not a string`);
    return record;
}
/** A job of a workflow's list: a `job_number`, where there is one, is a positive whole number. */
function jobAnswer(call, value, at) {
    const record = checkCommon(call, value, 'job', at);
    const num = record['job_number'];
    const wrong = !absentOr(num, isPositiveWhole)
        ? 'a job_number that is not a whole number ≥ 1'
        : !absentOr(record['type'], isString)
            ? 'a type that is not a string'
            : !absentOr(record['approval_request_id'], isV2Id)
                ? 'an approval_request_id that is not an id'
                : undefined;
    if (wrong !== undefined)
        throw (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .unusable */ ._P)(call, `item ${at + 1} of the job list has ${wrong}`);
    return { ...record, job_number: num ?? null };
}
/** A page's first MAX_V2_PAGE_ITEMS `items`: the service's hold no more, and the answer's size cap bounds a longer
 *  one (docs/promises.md, promise 34). */
function pageAnswer(call, value) {
    if (!(0,_common_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(value) || !Array.isArray(value['items']))
        throw (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .unusable */ ._P)(call, 'a page with an items list was expected');
    const items = value['items'].slice(0, MAX_V2_PAGE_ITEMS);
    const next = value['next_page_token'];
    if (!absentOr(next, isString))
        throw (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .unusable */ ._P)(call, 'the next_page_token is neither a string nor null');
    return { items, next: next || undefined };
}
function pipelineAnswer(call, value) {
    if (!(0,_common_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(value))
        throw (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .unusable */ ._P)(call, 'a pipeline record was expected');
    if (!isV2Id(value['id']))
        throw (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .unusable */ ._P)(call, 'the pipeline has no id of the UUID form');
    if (!isPositiveWhole(value['number']))
        throw (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .unusable */ ._P)(call, 'the pipeline has no number that is a whole number ≥ 1');
    if (!absentOr(value['state'], isString))
        throw (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .unusable */ ._P)(call, 'the pipeline state is not a string');
    const error = (e) => (0,_common_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(e) && absentOr(e['message'], isString);
    if (!absentOr(value['errors'], (errors) => Array.isArray(errors) && errors.every(error)))
        throw (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .unusable */ ._P)(call, 'the pipeline errors are not a list of {type, message}');
    const vcs = (v) => (0,_common_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(v) && absentOr(v['branch'], isString) && absentOr(v['tag'], isString);
    if (!absentOr(value['vcs'], vcs))
        throw (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .unusable */ ._P)(call, 'the pipeline vcs is not an object of strings');
    return value;
}
function triggerAnswer(call, status, value) {
    if (status === 200 && (0,_common_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(value) && value['id'] === undefined) {
        const message = value['message'];
        if (!isString(message))
            throw (0,_records_js__WEBPACK_IMPORTED_MODULE_0__/* .unusable */ ._P)(call, 'a 200 without a pipeline carries no message');
        return { triggered: false, message };
    }
    return { triggered: true, pipeline: pipelineAnswer(call, value) };
}
/** What an errored pipeline says: each error as `type: message` in the service's words (`config`, `plan`, ...),
 *  either alone when the other is missing; undefined when the pipeline is not errored. The errors of a list's
 *  item, whose shape was not checked, are read with care. */
function pipelineErrors(pipeline) {
    const errors = (Array.isArray(pipeline.errors) ? pipeline.errors : []).filter(_common_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4);
    if (pipeline.state !== 'errored' && errors.length === 0)
        return undefined;
    return errors
        .map((e) => [e.type, e.message].filter((part) => isString(part) && part !== '').join(': '))
        .filter((text) => text !== '');
}
/** `Pipeline #3 is errored and runs no workflow: …` for a pipeline whose configuration failed, else undefined. */
function erroredPipeline(pipeline) {
    const said = pipelineErrors(pipeline);
    if (said === undefined)
        return undefined;
    return `Pipeline #${pipeline.number} is errored and runs no workflow${said.length > 0 ? `: ${said.join('; ')}` : ''}`;
}
/** The branch, commit and tag a pipeline was built from, and whether it came from another repository than the
 *  project's; the fields of a list's item, whose shape was not checked, are read with care. */
function pipelineVcs(pipeline) {
    const vcs = (0,_common_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(pipeline.vcs) ? pipeline.vcs : {};
    const origin = stringOrNull(vcs['origin_repository_url']);
    const target = stringOrNull(vcs['target_repository_url']);
    return {
        branch: stringOrNull(vcs['branch']),
        revision: stringOrNull(vcs['revision']),
        tag: stringOrNull(vcs['tag']),
        otherRepository: origin !== null && target !== null && origin !== target,
    };
}


/***/ }),

/***/ 5110:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   jn: () => (/* binding */ triggerPipeline),
/* harmony export */   k: () => (/* binding */ PipelineTriggerAbortedError),
/* harmony export */   q$: () => (/* binding */ NoPipelineTriggerError)
/* harmony export */ });
/* unused harmony export PipelineTriggerLostError */
/* harmony import */ var _v1_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7218);
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3094);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5841);
/* harmony import */ var _http_retry_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(602);
/* harmony import */ var _slug_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9816);
/* harmony import */ var _validate_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6609);
/* harmony import */ var _v2_records_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(216);
// The v2 trigger and its recovery: a pipeline started once at most, `pipeline/run` else the older `pipeline`, and
// after a failure that may have started one, that pipeline found instead (docs/promises.md, promise 2).







/** A trigger failed without telling whether a pipeline started, and none was found. */
class PipelineTriggerLostError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'PipelineTriggerLostError';
}
/** Both trigger forms answered 404 or 405: nothing was started; `answers` holds each, `pipeline/run`'s first. */
class NoPipelineTriggerError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'NoPipelineTriggerError';
    answers;
    constructor(answers) {
        super(answers.map((a) => a.message).join('; then '));
        this.answers = answers;
    }
    /** The service knows no such project: a wrong slug, or a project token, which v2 does not take. */
    get projectNotFound() {
        return this.answers.some(_http_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .isUnknownProject */ .Ov);
    }
}
class PipelineTriggerAbortedError extends _v1_js__WEBPACK_IMPORTED_MODULE_0__/* .AbortedTrigger */ .QF {
    name = 'PipelineTriggerAbortedError';
}
// `pipeline/run` does not reach a GitLab project, whose opaque slug looks like an app-integration project's (the
// API v2 reference): a refusal for such a slug may mean that, which the product cannot tell before asking.
function refusedBySlug(error) {
    if (error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ApiError */ .hD &&
        error.status >= 400 &&
        error.status < 500 &&
        ![401, 408, 429].includes(error.status))
        error.message +=
            '; in case this is a GitLab project, whose slugs look like this one: ' +
                "the service's API trigger does not reach GitLab projects";
    return error;
}
/** A 404 or 405 of a trigger form: the installation has no such route (or no such project), nothing started. */
function isNoRoute(error) {
    return error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ApiError */ .hD && (error.status === 404 || error.status === 405);
}
async function triggerPipeline(api, p, options) {
    const slug = (0,_slug_js__WEBPACK_IMPORTED_MODULE_4__/* .projectSlug */ .Tb)(p);
    if ((options.branch === undefined) === (options.tag === undefined))
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI('branch', 'give a branch or a tag (not both)', undefined, 'missing');
    const ref = options.tag === undefined
        ? { branch: (0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkSegment */ .cr)('branch', options.branch ?? '') }
        : { tag: (0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkSegment */ .cr)('tag', options.tag, 'a tag name') };
    const where = options.tag === undefined ? `branch '${options.branch}'` : `tag '${options.tag}'`;
    const parameters = options.parameters === undefined
        ? {}
        : { parameters: (0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkPipelineParams */ .Jd)('params', (0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkParams */ .N8)('params', options.parameters)) };
    const definition = options.definitionId === undefined
        ? {}
        : { definition_id: (0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkSegment */ .cr)('definition-id', options.definitionId) };
    const before = await api.newestNumber(p);
    const send = async (path, body) => {
        try {
            const answer = await api.transport.request({ method: 'POST', path, body, retry: 'once', api: 'v2' });
            return (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_6__/* .triggerAnswer */ .jP)({ method: 'POST', path: `v2 ${path}` }, answer.status, answer.data);
        }
        catch (error) {
            if (error instanceof _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .AbortedError */ .oM)
                throw new PipelineTriggerAbortedError(error.message, before);
            if (!(0,_http_retry_js__WEBPACK_IMPORTED_MODULE_3__/* .isAmbiguous */ .X2)(error))
                throw error;
            const found = await api.findTriggered(p, ref, before).catch(() => undefined);
            if (found !== undefined)
                return { triggered: true, pipeline: found, recoveredAfter: error.message };
            throw new PipelineTriggerLostError(`${error.message}; a pipeline may have started on ${where} but none newer than ` +
                `#${before} could be found: look at the project's pipelines before triggering again`);
        }
    };
    let first;
    try {
        const body = { ...definition, config: ref, checkout: ref, ...parameters };
        return await send(`/project/${slug}/pipeline/run`, body);
    }
    catch (error) {
        // The older form is not available to a project named by its slug: its 404 is the answer.
        if ('slug' in p)
            throw refusedBySlug(error);
        if (!isNoRoute(error) || options.definitionId !== undefined)
            throw error;
        first = error;
    }
    // An installation of an older version has only the older form; a 404 or 405 started nothing.
    api.transport.log('debug', `${first.message}; trying the older pipeline trigger`);
    try {
        return await send(`/project/${slug}/pipeline`, { ...ref, ...parameters });
    }
    catch (error) {
        if (isNoRoute(error))
            throw new NoPipelineTriggerError([first, error]);
        if (error instanceof Error && !(error instanceof _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .AbortedError */ .oM))
            error.message = `${first.message}; then ${error.message}`;
        throw error;
    }
}


/***/ }),

/***/ 9575:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ic: () => (/* binding */ V2Client),
/* harmony export */   JS: () => (/* binding */ UNBUILT_JOB_STATUSES),
/* harmony export */   PG: () => (/* binding */ MAX_PROJECT_PIPELINES),
/* harmony export */   qY: () => (/* binding */ FINAL_WORKFLOW_STATUSES)
/* harmony export */ });
/* harmony import */ var _v1_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7218);
/* harmony import */ var _http_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5841);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5305);
/* harmony import */ var _common_values_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(4415);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7370);
/* harmony import */ var _slug_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9816);
/* harmony import */ var _validate_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6609);
/* harmony import */ var _model_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6194);
/* harmony import */ var _v2_trigger_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5110);
/* harmony import */ var _v2_records_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(216);
// The API v2 client: the trigger and rerun that replace v1.1's (docs/sunset.md), the pipeline calls, and the
// project-scoped calls, the only ones a project named by its slug reaches (docs/v2.md). Answers are checked by
// shape before use (docs/promises.md, promise 30).










/** Workflow statuses after which nothing more happens in it. */
const FINAL_WORKFLOW_STATUSES = new Set([
    'success',
    'failed',
    'error',
    'canceled',
    'not_run',
    'unauthorized',
]);
/** Statuses of a job without a build that stops there once its workflow has ended (till then `blocked` may pass). */
const UNBUILT_JOB_STATUSES = new Set([
    'blocked',
    'not_run',
    'canceled',
    'unauthorized',
]);
/** Pages one list reads at most: far past any pipeline's workflows or jobs. */
const MAX_LIST_PAGES = 20;
/** Pipelines of a project read at most, newest first: a commit's are among its newest. */
const MAX_PROJECT_PIPELINES = 100;
const seg = encodeURIComponent;
const asIs = (_call, value) => value;
const messageAnswer = (call, value) => (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .objectAnswer */ .cd)(call, value);
const workflowPath = (id) => `/workflow/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkSegment */ .cr)('workflow id', id))}`;
const numberPath = (p, number, job = '') => `/project/${(0,_slug_js__WEBPACK_IMPORTED_MODULE_4__/* .projectSlug */ .Tb)(p)}/${job}${(0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkBuildNum */ .ZL)('build-num', number)}`;
/** An object that passes `valid`; `why` says what was expected. */
const shaped = (why, valid = () => true) => (call, value) => {
    if (!(0,_common_values_js__WEBPACK_IMPORTED_MODULE_9__/* .isRecord */ .u4)(value) || !valid(value))
        throw (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .unusable */ ._P)(call, why);
    return value;
};
const item = (valid) => shaped('the list holds an item of the wrong shape', valid);
/** A record read by id must carry that id (docs/promises.md, promise 35): a wrong one is another record's. */
function theOne(call, record, id, what) {
    if (record.id.toLowerCase() !== id.toLowerCase())
        throw (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .unusable */ ._P)(call, `the answer is ${what} ${record.id}, not ${id} that was asked for`);
    return record;
}
/** The project's pipelines are the project's (docs/promises.md, promise 35): one of another makes the list unusable. */
function ofProject(p, check) {
    return (call, value, at) => {
        const pipeline = check(call, value, at);
        const other = (0,_slug_js__WEBPACK_IMPORTED_MODULE_4__/* .otherProject */ .Sv)(pipeline['project_slug'], p);
        if (other === undefined)
            return pipeline;
        const what = `the list holds pipeline #${pipeline.number} of ${other}, not ${(0,_v1_js__WEBPACK_IMPORTED_MODULE_0__/* .projectName */ .j1)(p)} that was asked for`;
        throw (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .unusable */ ._P)(call, what);
    };
}
class V2Client {
    transport;
    constructor(transport) {
        this.transport = transport;
    }
    trigger(p, options) {
        return (0,_v2_trigger_js__WEBPACK_IMPORTED_MODULE_7__/* .triggerPipeline */ .jn)(this, p, options);
    }
    async newestNumber(p) {
        try {
            return (await this.#recent(p)).reduce((max, item) => Math.max(max, item.number), 0);
        }
        catch (error) {
            // A project the list does not know: the trigger itself will say why.
            if (error instanceof _http_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD && error.status === 404)
                return 0;
            throw error;
        }
    }
    /** The pipeline a trigger made: the oldest newer than `before` on its ref (a later one is someone else's). */
    async findTriggered(p, ref, before) {
        const matches = (await this.#recent(p)).filter((item) => item.number > before &&
            (ref.tag === undefined ? item.vcs?.branch === ref.branch : item.vcs?.tag === ref.tag));
        return matches.sort((a, b) => a.number - b.number)[0];
    }
    #recent(p) {
        const check = ofProject(p, _v2_records_js__WEBPACK_IMPORTED_MODULE_8__/* .pipelineAnswer */ .nd);
        return this.#list(`/project/${(0,_slug_js__WEBPACK_IMPORTED_MODULE_4__/* .projectSlug */ .Tb)(p)}/pipeline`, check, {}, Infinity, () => true);
    }
    /** The project's pipelines, newest first, on `branch` when given, at most `max`; `enough` may end it sooner. */
    async projectPipelines(p, options = {}, enough) {
        const query = options.branch === undefined ? {} : { branch: (0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkSegment */ .cr)('branch', options.branch) };
        const check = ofProject(p, item((v) => (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_8__/* .isUuid */ .O1)(v['id']) && (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_8__/* .isPositiveWhole */ .HB)(v['number'])));
        const path = `/project/${(0,_slug_js__WEBPACK_IMPORTED_MODULE_4__/* .projectSlug */ .Tb)(p)}/pipeline`;
        return this.#list(path, check, query, options.max ?? MAX_PROJECT_PIPELINES, enough);
    }
    async pipeline(id) {
        return this.#call('GET', `/pipeline/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkSegment */ .cr)('pipeline id', id))}`, (call, value) => theOne(call, (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_8__/* .pipelineAnswer */ .nd)(call, value), id, 'pipeline'));
    }
    /** Every workflow of a pipeline, oldest first: one that names another pipeline, or another project than the
     *  pipeline's `project_slug`, is another's, and unusable (docs/promises.md, promise 35). */
    async workflows(pipeline) {
        const { id } = pipeline;
        const own = (0,_slug_js__WEBPACK_IMPORTED_MODULE_4__/* .slugAddress */ .Ms)(pipeline.project_slug);
        const ofPipeline = (call, value, at) => {
            const workflow = (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_8__/* .workflowAnswer */ .sM)(call, value, at);
            const named = workflow['pipeline_id'];
            if (named != null && (typeof named !== 'string' || named.toLowerCase() !== id.toLowerCase()))
                throw (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .unusable */ ._P)(call, `the workflow ${workflow.id} is of pipeline ${(0,_v2_records_js__WEBPACK_IMPORTED_MODULE_8__/* .isV2Id */ .IN)(named) ? named : '(not an id)'}, not ${id} that ` +
                    'was asked for');
            const other = own === undefined ? undefined : (0,_slug_js__WEBPACK_IMPORTED_MODULE_4__/* .otherProject */ .Sv)(workflow['project_slug'], own);
            if (other === undefined)
                return workflow;
            const ours = `not ${String(pipeline.project_slug)} of its pipeline`;
            throw (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .unusable */ ._P)(call, `the workflow ${workflow.id} is of ${other}, ${ours}`);
        };
        return this.#list(`/pipeline/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkSegment */ .cr)('pipeline id', id))}/workflow`, ofPipeline);
    }
    async workflow(workflowId) {
        return this.#call('GET', workflowPath(workflowId), (call, value) => theOne(call, (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_8__/* .workflowAnswer */ .sM)(call, value), workflowId, 'workflow'));
    }
    /** A workflow's jobs: with the workflow's `project_slug`, each must be of that project, as the list's items
     *  carry no workflow id (docs/promises.md, promise 35). */
    async jobs(workflow) {
        const own = (0,_slug_js__WEBPACK_IMPORTED_MODULE_4__/* .slugAddress */ .Ms)(workflow.project_slug);
        const ofWorkflow = (call, value, at) => {
            const job = (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_8__/* .jobAnswer */ .aV)(call, value, at);
            const other = own === undefined ? undefined : (0,_slug_js__WEBPACK_IMPORTED_MODULE_4__/* .otherProject */ .Sv)(job['project_slug'], own);
            if (other === undefined)
                return job;
            const theirs = `job ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_3__/* .cut */ .Jj)(job.name, 100)} of ${other}, not ${String(workflow.project_slug)} of its workflow`;
            throw (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .unusable */ ._P)(call, `the list holds ${theirs}`);
        };
        return this.#list(`${workflowPath(workflow.id)}/job`, ofWorkflow);
    }
    async rerun(workflowId, options) {
        const body = { jobs: options.jobs, enable_ssh: options.enableSsh || undefined };
        const check = shaped('no workflow_id', (v) => typeof v['workflow_id'] === 'string');
        return this.#call('POST', `${workflowPath(workflowId)}/rerun`, check, { body, retry: 'once' });
    }
    /** Cancels a workflow: its running jobs, the jobs not started yet and its approvals. */
    async cancelWorkflow(workflowId) {
        return this.#call('POST', `${workflowPath(workflowId)}/cancel`, asIs);
    }
    /** Sent once: an approval that may have arrived is found by reading the workflow's jobs again. */
    async approve(workflowId, approvalRequestId) {
        const path = `${workflowPath(workflowId)}/approve/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkSegment */ .cr)('approval request id', approvalRequestId))}`;
        return this.#call('POST', path, asIs, { retry: 'once' });
    }
    async job(p, number) {
        return this.#call('GET', numberPath(p, number, 'job/'), (call, answer) => {
            if (!(0,_common_values_js__WEBPACK_IMPORTED_MODULE_9__/* .isRecord */ .u4)(answer) || answer['number'] !== number)
                throw (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .unusable */ ._P)(call, `the details of job #${number} were expected`);
            if (typeof answer['name'] !== 'string' || typeof answer['status'] !== 'string')
                throw (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .unusable */ ._P)(call, 'the job has no name and status');
            const pipelineId = (0,_common_values_js__WEBPACK_IMPORTED_MODULE_9__/* .isRecord */ .u4)(answer['pipeline']) ? answer['pipeline']['id'] : undefined;
            if (pipelineId !== undefined && !(0,_v2_records_js__WEBPACK_IMPORTED_MODULE_8__/* .isUuid */ .O1)(pipelineId))
                throw (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .unusable */ ._P)(call, 'the pipeline id is not a UUID');
            // Another project's job of that number is another record (docs/promises.md, promise 35).
            const other = (0,_slug_js__WEBPACK_IMPORTED_MODULE_4__/* .otherProject */ .Sv)((0,_common_values_js__WEBPACK_IMPORTED_MODULE_9__/* .isRecord */ .u4)(answer['project']) ? answer['project']['slug'] : undefined, p);
            if (other !== undefined)
                throw (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .unusable */ ._P)(call, `the answer is job #${number} of ${other}, not ${(0,_v1_js__WEBPACK_IMPORTED_MODULE_0__/* .projectName */ .j1)(p)} that was asked for`);
            return answer;
        });
    }
    /** A job by number, in its pipeline; `pipelines` keeps the pipelines already read. */
    async readJob(p, number, pipelines = new Map()) {
        const job = await this.job(p, number);
        const id = job.pipeline?.id;
        const call = { method: 'GET', path: `v2 ${numberPath(p, number, 'job/')}` };
        if (id === undefined)
            throw (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .unusable */ ._P)(call, 'the job names no pipeline');
        const pipeline = pipelines.get(id) ?? this.pipeline(id);
        pipelines.set(id, pipeline);
        const { id: workflowId, name } = job.latest_workflow ?? {};
        const workflow = { id: (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_8__/* .isUuid */ .O1)(workflowId) ? workflowId : null, name: name ?? null };
        const url = typeof job.web_url === 'string' ? job.web_url : null;
        const read = await pipeline;
        const other = (0,_slug_js__WEBPACK_IMPORTED_MODULE_4__/* .otherProject */ .Sv)(read['project_slug'], p);
        if (other !== undefined) {
            const what = `the pipeline ${id} of job #${number} is of ${other}, not ${(0,_v1_js__WEBPACK_IMPORTED_MODULE_0__/* .projectName */ .j1)(p)} that was asked for`;
            throw (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .unusable */ ._P)({ method: 'GET', path: `v2 /pipeline/${id}` }, what);
        }
        return (0,_model_js__WEBPACK_IMPORTED_MODULE_6__/* .jobOfV2 */ .t)(read, { ...job, job_number: number }, workflow, url);
    }
    /** A job that has ended stays as it is. */
    async cancelJob(p, number) {
        return this.#call('POST', `${numberPath(p, number, 'job/')}/cancel`, messageAnswer);
    }
    async tests(p, number) {
        return this.#list(`${numberPath(p, number)}/tests`, item());
    }
    async artifacts(p, number) {
        const valid = (a) => typeof a['path'] === 'string' &&
            typeof a['url'] === 'string' &&
            Number.isSafeInteger(a['node_index']) &&
            a['node_index'] >= 0;
        const items = await this.#list(`${numberPath(p, number)}/artifacts`, item(valid));
        // The artifact URLs the API itself listed may receive the credential (docs/promises.md, promise 14).
        for (const artifact of items)
            this.transport.trust(artifact.url);
        return items;
    }
    async envVars(p) {
        const named = item((v) => typeof v['name'] === 'string');
        return this.#list(`/project/${(0,_slug_js__WEBPACK_IMPORTED_MODULE_4__/* .projectSlug */ .Tb)(p)}/envvar`, named);
    }
    /** A variable of that name is replaced. */
    async addEnvVar(p, name, value) {
        const body = { name: (0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkEnvName */ .$n)('name', name), value };
        const check = shaped(`the variable ${name} was expected`, (v) => v['name'] === name);
        return this.#call('POST', `/project/${(0,_slug_js__WEBPACK_IMPORTED_MODULE_4__/* .projectSlug */ .Tb)(p)}/envvar`, check, { body });
    }
    async deleteEnvVar(p, name) {
        const path = `/project/${(0,_slug_js__WEBPACK_IMPORTED_MODULE_4__/* .projectSlug */ .Tb)(p)}/envvar/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkEnvName */ .$n)('name', name))}`;
        return this.#call('DELETE', path, messageAnswer);
    }
    /** A v2 list, page after page, each item checked; bounded in pages and items, a token seen twice ends it. */
    async #list(path, check, query = {}, maxItems = Infinity, enough) {
        const items = [];
        const tokens = new Set();
        let token;
        for (let pages = 0; pages < MAX_LIST_PAGES; pages++) {
            const page = await this.#call('GET', path, (call, value) => ({ call, ...(0,_v2_records_js__WEBPACK_IMPORTED_MODULE_8__/* .pageAnswer */ .kH)(call, value) }), {
                query: token === undefined ? query : { ...query, 'page-token': token },
            });
            // One at a time: a spread of a huge page would overflow the stack.
            for (const item of page.items)
                items.push(check(page.call, item, items.length));
            if (items.length >= maxItems)
                return items.slice(0, maxItems);
            if (enough?.(items) || page.next === undefined || tokens.has(page.next))
                return items;
            tokens.add((token = page.next));
        }
        this.transport.log('warning', `v2 ${path}: stopped after ${MAX_LIST_PAGES} pages`);
        return items;
    }
    async #call(method, path, check, more = {}) {
        const answer = await this.transport.request({ method, path, retry: 'idempotent', ...more, api: 'v2' });
        return check({ method, path: `v2 ${path}` }, answer.data, -1);
    }
}


/***/ }),

/***/ 6609:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $n: () => (/* binding */ checkEnvName),
/* harmony export */   EZ: () => (/* binding */ checkParallel),
/* harmony export */   H4: () => (/* binding */ MAX_PAGE_SIZE),
/* harmony export */   I3: () => (/* binding */ checkName),
/* harmony export */   Jd: () => (/* binding */ checkPipelineParams),
/* harmony export */   N8: () => (/* binding */ checkParams),
/* harmony export */   Pb: () => (/* binding */ checkArtifactStatusFilter),
/* harmony export */   TD: () => (/* binding */ checkRevisionOrTag),
/* harmony export */   ZL: () => (/* binding */ checkBuildNum),
/* harmony export */   _y: () => (/* binding */ jsonObjectKeys),
/* harmony export */   ab: () => (/* binding */ checkLimit),
/* harmony export */   cr: () => (/* binding */ checkSegment),
/* harmony export */   dG: () => (/* binding */ checkVcsType),
/* harmony export */   g9: () => (/* binding */ checkOffset),
/* harmony export */   iw: () => (/* binding */ checkPipelineId),
/* harmony export */   xd: () => (/* binding */ checkBaseUrl),
/* harmony export */   y7: () => (/* binding */ checkKeyType),
/* harmony export */   yL: () => (/* binding */ oneOf),
/* harmony export */   zQ: () => (/* binding */ checkInteger),
/* harmony export */   zg: () => (/* binding */ checkSecret),
/* harmony export */   zx: () => (/* binding */ checkBuildStatusFilter)
/* harmony export */ });
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5305);
/* harmony import */ var _v2_records_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(216);
// Checks made before anything is sent. Each takes the name the caller knows the value by (an action names its
// input, the core names its argument), so the message always points at what the person wrote.



const MAX_PAGE_SIZE = 100;
function refuse(name, allowed, value, detail) {
    throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, allowed, value, detail);
}
function oneOf(name, value, values) {
    if (values.includes(value))
        return value;
    return refuse(name, `allowed: ${values.map((v) => `'${v}'`).join(', ')}`, value);
}
const checkVcsType = (name, value) => oneOf(name, value, _records_js__WEBPACK_IMPORTED_MODULE_1__/* .VCS_TYPES */ .N2);
const checkKeyType = (name, value) => oneOf(name, value, _records_js__WEBPACK_IMPORTED_MODULE_1__/* .CHECKOUT_KEY_TYPES */ .l9);
const checkBuildStatusFilter = (name, value) => oneOf(name, value, _records_js__WEBPACK_IMPORTED_MODULE_1__/* .BUILD_STATUS_FILTERS */ ._N);
const checkArtifactStatusFilter = (name, value) => oneOf(name, value, _records_js__WEBPACK_IMPORTED_MODULE_1__/* .ARTIFACT_STATUS_FILTERS */ .YQ);
/** A whole number in [min, max], given as a number or as decimal text. */
function checkInteger(name, value, min, max = Number.MAX_SAFE_INTEGER) {
    const text = String(value).trim();
    const n = typeof value === 'number' ? value : /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isSafeInteger(n) && n >= min && n <= max)
        return n;
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
    return refuse(name, `allowed: a whole number ${range}`, text);
}
const checkBuildNum = (name, value) => checkInteger(name, value, 1);
const checkParallel = checkBuildNum;
const checkLimit = (name, value) => checkInteger(name, value, 1, MAX_PAGE_SIZE);
const checkOffset = (name, value) => checkInteger(name, value, 0);
/** A path segment, never `.` or `..`, which URL rules resolve (encoded or not) into another endpoint. */
function checkSegment(name, value, what = 'a non-empty name') {
    if (value.length === 0 || value.trim() !== value || /\p{Cc}/u.test(value))
        refuse(name, `allowed: ${what} without leading/trailing spaces or control characters`, value);
    if (value === '.' || value === '..')
        refuse(name, `allowed: ${what} other than '.' or '..'`, value);
    return value;
}
function checkPipelineId(name, value) {
    if (!(0,_v2_records_js__WEBPACK_IMPORTED_MODULE_2__/* .isUuid */ .O1)(value))
        refuse(name, "allowed: a pipeline's id, a UUID such as trigger-build's pipeline-id", value);
    return value.toLowerCase();
}
function checkName(name, value) {
    checkSegment(name, value);
    if (value.includes('/'))
        refuse(name, 'allowed: a single name without "/"', value);
    return value;
}
function checkEnvName(name, value) {
    if (!/^[A-Za-z_]\w*$/u.test(value))
        refuse(name, 'allowed: a name matching [A-Za-z_][A-Za-z0-9_]*', value);
    return value;
}
function checkParams(name, value) {
    if (value === null || typeof value !== 'object' || Array.isArray(value))
        refuse(name, 'allowed: an object of names to strings, numbers or booleans');
    // No prototype: a parameter named `__proto__` is refused, never a way to replace the object's prototype.
    const out = Object.create(null);
    for (const [key, v] of Object.entries(value)) {
        checkEnvName(`${name} name`, key);
        if (key === '__proto__') {
            const allowed = 'allowed: names other than __proto__, which JSON readers take for an object’s prototype';
            refuse(name, allowed, undefined, 'a parameter is named __proto__');
        }
        if (typeof v !== 'string' && typeof v !== 'boolean' && !(typeof v === 'number' && Number.isFinite(v))) {
            const type = v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
            const detail = `the value of ${JSON.stringify(key)} is ${type}`;
            refuse(name, 'allowed: values that are strings, numbers or booleans', undefined, detail);
        }
        out[key] = v;
    }
    return out;
}
/** The v2 trigger's limits on pipeline parameters, as the service's API v2 reference gives them; v1.1 has none. */
const PIPELINE_PARAM_LIMITS = { entries: 100, keyLength: 128, valueLength: 512 };
/** Refused before anything is sent rather than by the service. */
function checkPipelineParams(name, params) {
    const { entries, keyLength, valueLength } = PIPELINE_PARAM_LIMITS;
    const over = (most, detail) => refuse(name, `allowed: ${most}, the most a pipeline (API v2) takes`, undefined, detail);
    const keys = Object.keys(params);
    if (keys.length > entries)
        over(`at most ${entries} parameters`, `${keys.length} parameters are given`);
    for (const key of keys) {
        // Characters, as the reference counts them: a letter outside the BMP is one, not two UTF-16 units.
        const [keyChars, length] = [[...key].length, [...String(params[key])].length];
        const shown = JSON.stringify(`${key.slice(0, 40)}…`);
        if (keyChars > keyLength)
            over(`names of at most ${keyLength} characters`, `${shown} has ${keyChars}`);
        const value = `the value of ${JSON.stringify(key)} has ${length} characters`;
        if (length > valueLength)
            over(`values of at most ${valueLength} characters`, value);
    }
    return params;
}
/** The member names of JSON text JSON.parse accepted, duplicates included, which JSON.parse drops silently. */
function jsonObjectKeys(text) {
    const keys = [];
    let depth = 0;
    for (const [token] of text.matchAll(/"(?:[^"\\]|\\.)*"\s*:?|[{}[\]]/gu)) {
        if (token === '{' || token === '[')
            depth++;
        else if (token === '}' || token === ']')
            depth--;
        // A string is a member's name when a colon follows it, at the object's own level.
        else if (depth === 1 && token.endsWith(':'))
            keys.push(JSON.parse(token.slice(0, -1)));
    }
    return keys;
}
/** A trigger names a revision or a tag, not both (docs/wire.md). */
function checkRevisionOrTag(revisionName, revision, tagName, tag) {
    const allowed = `give ${revisionName} or ${tagName}, not both`;
    if (revision !== undefined && tag !== undefined)
        refuse(`${revisionName}/${tagName}`, allowed, undefined, 'both are set');
}
/** A secret must be present; its value is never shown. */
function checkSecret(name, value) {
    if (value.length === 0)
        refuse(name, 'a value is required', undefined, 'missing');
    if (/[\r\n]/.test(value))
        refuse(name, 'allowed: a single line', undefined, 'it contains a line break');
    return value;
}
const BASE_URL_FORMS = "allowed: an http(s) address without credentials, query or fragment: the service's root " +
    "(https://ci.example.com), a self-hosted installation's root with its path prefix if it has one " +
    '(https://ci.internal/ci), or either ending in /api/v1.1 or /api/v2';
/**
 * The API's address, in any of the forms BASE_URL_FORMS names (a trailing slash tolerated), as the v1.1 base,
 * `<root>/api/v1.1`: the transport puts v2 calls below `<root>/api/v2` (docs/v2.md).
 */
function checkBaseUrl(name, value) {
    const url = URL.parse(value);
    if (url === null)
        return refuse(name, BASE_URL_FORMS, value, `not a URL: ${JSON.stringify(value)}`);
    const credentials = url.username !== '' || url.password !== '';
    // A URL with credentials in it is refused without echoing it.
    const shown = credentials ? undefined : value;
    if (credentials || !/^https?:$/.test(url.protocol) || url.search || url.hash)
        refuse(name, BASE_URL_FORMS, shown);
    const path = url.pathname.replace(/\/+$/u, '');
    const version = /\/api(?:\/([^/]*))?$/u.exec(path);
    // `/api` alone or with a version the service has not (`/api/v3`) is a mistake, not a path prefix: sending
    // below it would only give 404s.
    if (version !== null && version[1] !== 'v1.1' && version[1] !== 'v2')
        refuse(name, BASE_URL_FORMS, shown, `${JSON.stringify(value)} names no API version the service has`);
    const root = version === null ? path : path.slice(0, version.index);
    return `${url.origin}${root}/api/v1.1`;
}


/***/ })

};
