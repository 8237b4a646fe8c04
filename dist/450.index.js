export const id = 450;
export const ids = [450];
export const modules = {

/***/ 5224:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Eb: () => (/* binding */ compilePattern),
/* harmony export */   SO: () => (/* binding */ compileGlob),
/* harmony export */   ko: () => (/* binding */ selects)
/* harmony export */ });
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1026);
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(picomatch__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
// Glob patterns over `/`-separated relative paths: `*` and `?` stay within one segment and match dot files too,
// `**` as a whole segment spans any number of segments (at the end: at least one), `[...]` is a class (`[!...]` or
// `[^...]` negates it), `\` escapes the next character. Matching is case-sensitive and whole-path; braces and
// extglobs are not special, so artifact names holding `{`, `(` or `+` match themselves.
//
// Paths and segments are matched here, in time linear in the text for each token of the pattern: a regex with
// several `.*` in a row backtracks polynomially on a long name (`*-*-*-*.xml`), a whole-path one exponentially on
// `a/**/a/**/…` against a deep path, and artifact paths and job names come from the server. picomatch compiles
// only the bracket classes, each matching one character.


/** A class means the same on every runner (a backslash escapes, on Windows too), POSIX classes included. */
const CLASS_OPTIONS = { dot: true, posix: true, windows: false };
/** A whole-text matcher for a pattern over `/`-separated text; name-patterns.ts matches job names so too. */
function compilePattern(body) {
    const segments = [];
    for (const part of body.split('/')) {
        // `**/**` is one `**`.
        if (part !== '**')
            segments.push(segmentTokens(part));
        else if (segments.at(-1) !== '**')
            segments.push('**');
    }
    return (text) => matchSegments(segments, text.split('/'));
}
/** The tokens of one segment: `\` escapes, `?` is any character, a class is one, `*` a run; the rest is itself. */
function segmentTokens(part) {
    const tokens = [];
    for (let i = 0; i < part.length; i++) {
        const char = part[i] ?? '';
        const end = char === '[' ? classEnd(part, i) : -1;
        if (char === '*') {
            if (tokens.at(-1) !== '*')
                tokens.push('*');
        }
        else if (char === '?')
            tokens.push(() => true);
        else if (end > 0) {
            const re = picomatch__WEBPACK_IMPORTED_MODULE_1___default().makeRe(part.slice(i, end), CLASS_OPTIONS);
            tokens.push((c) => re.test(c));
            i = end - 1;
        }
        else {
            const literal = char === '\\' && i + 1 < part.length ? (part[++i] ?? '') : char;
            tokens.push((c) => c === literal);
        }
    }
    return tokens;
}
/** Where the class opening at `start` ends (past its `]`), or -1 when the `[` is a plain character. */
function classEnd(part, start) {
    let i = start + 1;
    if (part[i] === '!' || part[i] === '^')
        i++;
    // A `]` first is a member, not the end.
    if (part[i] === ']')
        i++;
    for (; i < part.length; i++) {
        if (part[i] === '\\')
            i++;
        else if (part.startsWith('[:', i) && part.indexOf(':]', i + 2) > 0)
            i = part.indexOf(':]', i + 2) + 1;
        else if (part[i] === ']')
            return i + 1;
    }
    return -1;
}
/** Whether a segment's tokens match the whole text: one pass, going back only to just after the last `*`. */
function matchTokens(tokens, text) {
    // A segment of wildcards alone never matches an empty one.
    if (text === '')
        return tokens.length === 0;
    let t = 0;
    let s = 0;
    let star = -1;
    let starAt = 0;
    while (s < text.length) {
        const token = tokens[t];
        if (token === '*') {
            star = t++;
            starAt = s;
        }
        else if (token !== undefined && token(text[s] ?? '')) {
            t++;
            s++;
        }
        else if (star >= 0) {
            t = star + 1;
            s = ++starAt;
        }
        else
            return false;
    }
    while (tokens[t] === '*')
        t++;
    return t === tokens.length;
}
/** Compiles one pattern; `name` is the input it came from, for the error. */
function compileGlob(name, pattern) {
    const negated = pattern.startsWith('!');
    const body = negated ? pattern.slice(1) : pattern;
    const allowed = "allowed: glob patterns over the artifact's relative path (e.g. 'rspec/*.xml', '**/*.html', '!**/*.log')";
    if (body === '')
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, allowed, pattern, `${JSON.stringify(pattern)} is empty`);
    if (body.startsWith('/')) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, allowed, pattern, `${JSON.stringify(pattern)} is absolute, but patterns match the path below the destination`);
    }
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f]/.test(body))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, allowed, pattern, 'a pattern holds a control character');
    return { source: pattern, negated, test: compilePattern(body) };
}
/** Whether the pattern's segments match the path's; each (pattern, path) position is tried once. */
function matchSegments(pattern, path) {
    const tried = new Set();
    const width = path.length + 1;
    const match = (i, j) => {
        if (i === pattern.length)
            return j === path.length;
        const key = i * width + j;
        if (tried.has(key))
            return false;
        tried.add(key);
        const segment = pattern[i];
        if (segment === '**') {
            // At the end, `**` needs something below the folder: `reports/**` is not the file `reports`.
            if (i === pattern.length - 1)
                return j < path.length;
            return match(i + 1, j) || (j < path.length && match(i, j + 1));
        }
        return (j < path.length && segment !== undefined && matchTokens(segment, path[j] ?? '') && match(i + 1, j + 1));
    };
    return match(0, 0);
}
/**
 * Whether a path is selected: with no patterns, everything; otherwise the last pattern that matches decides, and a
 * path no pattern matches is selected only when every pattern excludes (a list of `!` lines means "all but").
 */
function selects(globs, path) {
    if (globs.length === 0)
        return true;
    let selected = globs.every((g) => g.negated);
    for (const g of globs)
        if (g.test(path))
            selected = !g.negated;
    return selected;
}


/***/ }),

/***/ 8729:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BL: () => (/* binding */ describePatterns),
/* harmony export */   Cx: () => (/* binding */ choosesName),
/* harmony export */   QC: () => (/* binding */ compileNamePatterns)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _glob_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5224);
// Job and workflow names chosen by glob patterns, one a line, `!` to leave names out (the `workflow` and `job`
// inputs of the waiting actions). The last line that matches a name decides; a name no line matches is chosen only
// when every line leaves names out. A line matches a name it equals before it is read as a glob, so a name such as
// `test [linux]` matches itself whatever its brackets mean to a glob. Braces and extglobs are not special.


/** Compiles the lines of `input`; an empty or control-character line is an error naming the input. */
function compileNamePatterns(input, lines) {
    const allowed = `allowed: names or glob patterns, one a line ('deploy-*', 'test [linux]'), '!' to leave names out`;
    return [...new Set(lines)].map((source) => {
        const negated = source.startsWith('!');
        const body = negated ? source.slice(1).trim() : source;
        if (body === '')
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(input, allowed, source, `${JSON.stringify(source)} names nothing`);
        if (/\p{Cc}/u.test(body))
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(input, allowed, source, 'a line holds a control character');
        const glob = (0,_glob_js__WEBPACK_IMPORTED_MODULE_1__/* .compilePattern */ .Eb)(body);
        return {
            source,
            negated,
            body,
            named: !negated && !/[*?]/u.test(body),
            test: (name) => name === body || glob(name),
        };
    });
}
/** Whether the patterns choose a name (`undefined`: a build that names none). No patterns choose every build. */
function choosesName(patterns, name) {
    if (patterns.length === 0)
        return true;
    let chosen = patterns.every((p) => p.negated);
    if (name === undefined)
        return chosen;
    for (const p of patterns)
        if (p.test(name))
            chosen = !p.negated;
    return chosen;
}
/** `deploy-*, !deploy-docs`, for messages. */
function describePatterns(patterns) {
    return patterns.map((p) => p.source).join(', ');
}


/***/ }),

/***/ 2049:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Kg: () => (/* binding */ showOutcome),
/* harmony export */   Om: () => (/* binding */ worstOutcome),
/* harmony export */   WE: () => (/* binding */ passes),
/* harmony export */   WM: () => (/* binding */ workflowOutcome),
/* harmony export */   sG: () => (/* binding */ outcomeOf),
/* harmony export */   tI: () => (/* binding */ readOutcomePolicy),
/* harmony export */   u: () => (/* binding */ outputWord),
/* harmony export */   wy: () => (/* binding */ describePolicy)
/* harmony export */ });
/* unused harmony exports KNOWN_OUTCOMES, DEFAULT_POLICY */
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _api_job_status_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5706);
/* harmony import */ var _api_pipelines_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(103);
/* harmony import */ var _api_records_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5942);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2249);
// The outcome policy of the gating actions (trigger-build with `wait`, wait-for-build): which outcomes let the
// step pass, and which of several outcomes is the worst.





/**
 * The outcomes a finished build can have (docs/wire.md), and `not_run`: a build the service skipped (`[ci skip]`)
 * ends with lifecycle and status `not_run` and no outcome, and that is what allowed-outcomes calls it.
 */
const KNOWN_OUTCOMES = [
    'success',
    'failed',
    'canceled',
    'infrastructure_fail',
    'timedout',
    'no_tests',
    'not_run',
];
/** A build's outcome for the policy and the outputs: its `outcome`, else `not_run` for a skipped build, else ''. */
function outcomeOf(build) {
    if (typeof build.outcome === 'string' && build.outcome !== '')
        return build.outcome;
    if (build.lifecycle === 'not_run' || build.status === 'not_run')
        return 'not_run';
    return '';
}
/**
 * A workflow's final status as the outcome a build would have: its failures as `failed`, a cancel as `canceled`,
 * a skip as `not_run`; '' for a status that is not final (or not known), which no policy but `*` lets pass.
 */
function workflowOutcome(status) {
    switch (status) {
        case 'success':
        case 'canceled':
        case 'not_run':
            return status;
        case 'failed':
        case 'error':
        case 'unauthorized':
            return 'failed';
        default:
            return '';
    }
}
/** An outcome as a person reads it: a skipped build says so. */
function showOutcome(outcome) {
    return outcome === 'not_run' ? 'skipped (not_run)' : outcome;
}
const DEFAULT_POLICY = { any: false, allowed: new Set(['success']) };
/** Reads `allowed-outcomes`: one a line or comma-separated, `*` for any; an unknown name is an input error. */
function readOutcomePolicy(inputs, name = 'allowed-outcomes') {
    const words = inputs
        .lines(name)
        .flatMap((line) => line.split(','))
        .map((word) => word.trim())
        .filter((word) => word !== '');
    if (words.length === 0)
        return DEFAULT_POLICY;
    const allowedText = `allowed: '*' or outcomes among ${KNOWN_OUTCOMES.map((o) => `'${o}'`).join(', ')}, one a line or comma-separated`;
    if (words.includes('*')) {
        if (words.length > 1)
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, allowedText, undefined, `'*' allows every outcome: give it alone`);
        return { any: true, allowed: new Set(KNOWN_OUTCOMES) };
    }
    for (const word of words) {
        if (!KNOWN_OUTCOMES.includes(word)) {
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, allowedText, undefined, `unknown outcome ${JSON.stringify(word)}`);
        }
    }
    return { any: false, allowed: new Set(words) };
}
/** Whether a build that ended with `outcome` (null or '' when it ended without one) lets the step pass. */
function passes(policy, outcome) {
    if (policy.any)
        return !unknownWord(outcome);
    return typeof outcome === 'string' && outcome !== '' && policy.allowed.has(outcome);
}
/** `success`, or `success, no_tests`, for messages. */
function describePolicy(policy) {
    return policy.any ? 'any outcome' : [...policy.allowed].join(', ');
}
/**
 * From least to most severe: a real failure of the code is the worst, an outcome we do not know counts just
 * below it, and a build that ended without any outcome just below that. A skipped build ran nothing that failed:
 * just above success and no tests, below a cancel.
 */
const SEVERITY = {
    success: 0,
    no_tests: 1,
    not_run: 2,
    canceled: 3,
    infrastructure_fail: 4,
    timedout: 5,
    failed: 8,
};
const UNKNOWN_SEVERITY = 7;
const NO_OUTCOME_SEVERITY = 6;
function severity(outcome) {
    if (outcome === null || outcome === undefined || outcome === '')
        return NO_OUTCOME_SEVERITY;
    return SEVERITY[outcome] ?? UNKNOWN_SEVERITY;
}
/** The worst of several outcomes ('' for none given, or when the worst build ended without an outcome). */
function worstOutcome(outcomes) {
    let worst;
    let worstSeverity = -1;
    for (const outcome of outcomes) {
        const s = severity(outcome);
        if (s > worstSeverity) {
            worst = outcome;
            worstSeverity = s;
        }
    }
    return worst ?? '';
}
/** The words the README documents for each output that holds one: the service's, `not_run` and `none`. */
const OUTPUT_WORDS = {
    outcome: new Set([...KNOWN_OUTCOMES, 'none']),
    // A job of a project named by its slug has its v2 status there (src/api/job-status.ts).
    status: new Set([..._api_records_js__WEBPACK_IMPORTED_MODULE_3__/* .BUILD_STATUSES */ .qJ, ...Object.keys(_api_job_status_js__WEBPACK_IMPORTED_MODULE_1__/* .V2_JOB_STATUSES */ .U), 'none']),
    lifecycle: new Set([..._api_records_js__WEBPACK_IMPORTED_MODULE_3__/* .BUILD_LIFECYCLES */ .D1, 'none']),
};
/** An outcome, or the status of a job that ended without a build, that the service does not use: `*` refuses it. */
function unknownWord(word) {
    return (typeof word === 'string' &&
        word !== '' &&
        !KNOWN_OUTCOMES.includes(word) &&
        !_api_pipelines_js__WEBPACK_IMPORTED_MODULE_2__/* .UNBUILT_JOB_STATUSES */ .JS.has(word));
}
/**
 * The value of the `outcome`, `status` or `lifecycle` output (docs/promises.md, promise 33): a workflow may paste it
 * into a script, so a word the README does not document leaves it empty, and the log says so.
 */
function outputWord(log, output, word) {
    if (typeof word !== 'string' || word === '' || OUTPUT_WORDS[output].has(word))
        return word ?? '';
    log(`The ${output} output is left empty: ${JSON.stringify((0,_api_format_js__WEBPACK_IMPORTED_MODULE_4__/* .cut */ .Jj)(word, 100))} is no word it may hold`);
    return '';
}


/***/ }),

/***/ 8537:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hm: () => (/* binding */ untilDeadline),
/* harmony export */   NW: () => (/* binding */ WAIT_LIMITS),
/* harmony export */   f5: () => (/* binding */ PollFailedError),
/* harmony export */   uf: () => (/* binding */ WaitError),
/* harmony export */   wt: () => (/* binding */ poll)
/* harmony export */ });
/* unused harmony exports DEFAULT_JITTER, DEFAULT_HEARTBEAT_MS, DEFAULT_MAX_FAILURES, DEFAULT_MAX_FAILURE_WAIT_MS, StepDeadlineError, transient */
/* harmony import */ var _api_clock_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7634);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1013);
/* harmony import */ var _api_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7878);
// The waiting loop of the release-gating actions (docs/promises.md, promises 17–20): one look at a time, at the poll
// interval with a little jitter, measured from the end of one look to the start of the next (so a look the transport
// stretched for a 429's Retry-After pushes the next one back instead of adding a request), a quiet heartbeat, a
// deadline, an abort that ends every wait at once, and a few failed looks in a row tolerated before giving up.



/** Every waiting action's input ranges: a poll interval of up to an hour and a wait of up to 35 days. */
const WAIT_LIMITS = {
    pollSeconds: { min: 1, max: 3600 },
    timeoutMinutes: { min: 1, max: 35 * 24 * 60 },
};
const DEFAULT_JITTER = 0.1;
const DEFAULT_HEARTBEAT_MS = 60_000;
const DEFAULT_MAX_FAILURES = 5;
const DEFAULT_MAX_FAILURE_WAIT_MS = 5 * 60_000;
/** Several looks in a row failed: the last failure says why. */
class PollFailedError extends _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'PollFailedError';
}
/** A wait that ended without the result the step waits for: timed out, or the build did not succeed. */
class WaitError extends _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'WaitError';
}
/**
 * Looks until `look` says done or the deadline passes. Rejects with the abort reason as soon as `signal` aborts,
 * with a look's error when it cannot pass (a 404, a 401, a bug), and after `maxFailures` failed looks in a row.
 */
async function poll(options, look) {
    const { clock, signal, intervalMs, deadline } = options;
    const jitter = options.jitter ?? DEFAULT_JITTER;
    const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    const maxFailures = options.maxFailures ?? DEFAULT_MAX_FAILURES;
    const maxFailureWaitMs = Math.max(intervalMs, options.maxFailureWaitMs ?? DEFAULT_MAX_FAILURE_WAIT_MS);
    const start = clock.now();
    let lastLine = start;
    let looks = 0;
    let failures = 0;
    const state = () => ({ looks, elapsedMs: clock.now() - start });
    for (;;) {
        if (signal.aborted)
            throw (0,_api_clock_js__WEBPACK_IMPORTED_MODULE_0__/* .abortReason */ .Js)(signal);
        looks++;
        let waitMs = intervalMs;
        try {
            const found = await look(looks);
            failures = 0;
            if (found.done)
                return { done: true, value: found.value, ...state() };
            if (found.logged)
                lastLine = clock.now();
            if (found.nextInMs !== undefined)
                waitMs = found.nextInMs;
        }
        catch (error) {
            if (signal.aborted)
                throw (0,_api_clock_js__WEBPACK_IMPORTED_MODULE_0__/* .abortReason */ .Js)(signal);
            // A request the step's time-out stopped is the time-out itself, not an early stop.
            if (error instanceof StepDeadlineError)
                return { done: false, ...state() };
            // The transport would have had to wait past the deadline (a long Retry-After): the wait is over.
            if (error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .DeadlineError */ .j3)
                return { done: false, error, ...state() };
            if (!transient(error))
                throw error;
            failures++;
            if (failures > maxFailures) {
                throw new PollFailedError(`${failures} looks in a row failed; the last: ${error.message}`, {
                    cause: error,
                });
            }
            waitMs = Math.min(maxFailureWaitMs, intervalMs * 2 ** (failures - 1));
            options.onFailure?.(error, { ...state(), failures, nextInMs: waitMs });
            lastLine = clock.now();
        }
        const now = clock.now();
        if (now >= deadline)
            return { done: false, ...state() };
        if (now - lastLine >= heartbeatMs) {
            options.onHeartbeat?.(state());
            lastLine = now;
        }
        const jittered = waitMs * (1 + jitter * (2 * clock.random() - 1));
        // The last look happens at the deadline itself, not one interval after it.
        await clock.sleep(Math.max(0, Math.min(Math.round(jittered), deadline - now)), signal);
    }
}
/** The step's time-out came while a request was on its way. */
class StepDeadlineError extends _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .DeadlineError */ .j3 {
    name = 'StepDeadlineError';
}
/**
 * The step's signal, aborted also when the step's deadline comes, with a DeadlineError: every request of a look
 * then stops at the deadline however many the look makes (docs/promises.md, promise 34). The timer does not hold
 * the process open.
 */
function untilDeadline(signal, clock, deadline) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new StepDeadlineError(`the step's time-out came during a look`)), Math.max(0, deadline - clock.now()));
    timer.unref();
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
    return AbortSignal.any([signal, controller.signal]);
}
/** A failure of one look that may pass by the next one: isTransient's, and a garbled answer. */
function transient(error) {
    // An answer of the wrong shape comes back the same at the next look.
    if (error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UnusableAnswerError */ .qx)
        return false;
    return (0,_api_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .isTransient */ .dg)(error) || error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .BadResponseError */ .nS;
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
/* harmony export */   xD: () => (/* binding */ buildDurationMs),
/* harmony export */   z4: () => (/* binding */ MAX_LISTED_FAILURES)
/* harmony export */ });
/* unused harmony exports linkTarget, resultKind */
/* harmony import */ var _outcomes_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2049);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8999);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2249);



/** Appends a section to the job summary; one that cannot be written is a warning, never another verdict. */
async function appendSummary(io, markdown) {
    try {
        await io.summary.addRaw(markdown, true).write();
    }
    catch (error) {
        io.warning(`Could not write the job summary: ${error.message}`);
    }
}
/** The header cells of a `summary.addTable` table. */
function headerRow(...names) {
    return names.map((data) => ({ data, header: true }));
}
/** Failed tests listed in the summary; the rest are counted. */
const MAX_LISTED_FAILURES = 50;
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
/** A build's number, linked to its page when the address is known. */
function buildLink(build) {
    return mdLink(`#${build.build_num}`, build.build_url);
}
/** `### [Build #12 · main · 1a2b3c4](url)`. */
function buildHeading(build, level = 3) {
    const parts = [`Build #${build.build_num}`];
    if (build.branch)
        parts.push((0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(build.branch, 100));
    if (build.vcs_tag)
        parts.push(`tag ${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(build.vcs_tag, 100)}`);
    if (build.vcs_revision)
        parts.push((0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(build.vcs_revision.slice(0, 7)));
    return `${'#'.repeat(level)} ${mdLink(parts.join(' · '), build.build_url)}`;
}
/** How long the build ran, from its own record; undefined when it does not say. */
function buildDurationMs(build) {
    if (typeof build.build_time_millis === 'number' && build.build_time_millis > 0)
        return build.build_time_millis;
    const start = build.start_time ? Date.parse(build.start_time) : NaN;
    const stop = build.stop_time ? Date.parse(build.stop_time) : NaN;
    return Number.isFinite(start) && Number.isFinite(stop) && stop >= start ? stop - start : undefined;
}
/** One line of facts: status, outcome, duration, and what the caller adds (e.g. how long the step waited). */
function buildFacts(build, extra = {}) {
    const facts = [['Status', build.status ? (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(build.status, 50) : 'unknown']];
    const outcome = (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_0__/* .outcomeOf */ .sG)(build);
    if (outcome)
        facts.push(['Outcome', (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)((0,_outcomes_js__WEBPACK_IMPORTED_MODULE_0__/* .showOutcome */ .Kg)(outcome), 50)]);
    const duration = buildDurationMs(build);
    if (duration !== undefined)
        facts.push(['Duration', (0,_api_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(duration)]);
    if (build.subject)
        facts.push(['Subject', (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(build.subject, 120)]);
    for (const [name, value] of Object.entries(extra))
        facts.push([name, value]);
    return facts.map(([name, value]) => `**${name}:** ${value}`).join(' · ');
}
/** Results are an open set (docs/wire.md): what is neither passed, failed, skipped nor an error counts as other. */
function resultKind(result) {
    const word = (result ?? '').toLowerCase();
    return RESULT_KINDS.find(([, words]) => words.includes(word))?.[0] ?? 'other';
}
const RESULT_KINDS = [
    ['passed', ['success', 'passed', 'pass']],
    ['failed', ['failure', 'failed', 'fail']],
    ['skipped', ['skipped', 'skip']],
    ['errors', ['error']],
];
/** Tests that did not pass and were not skipped, in the order the server listed them. */
function failedTests(tests) {
    return tests.filter((t) => {
        const kind = resultKind(t.result);
        return kind === 'failed' || kind === 'errors';
    });
}
/** The table of tests by result, with their total run time. */
function testsTable(tests) {
    const counts = { passed: 0, failed: 0, skipped: 0, errors: 0, other: 0 };
    let seconds = 0;
    for (const t of tests) {
        counts[resultKind(t.result)]++;
        if (typeof t.run_time === 'number' && Number.isFinite(t.run_time) && t.run_time > 0)
            seconds += t.run_time;
    }
    const head = ['Passed', 'Failed', 'Skipped', 'Errors'];
    const row = [counts.passed, counts.failed, counts.skipped, counts.errors].map(String);
    if (counts.other > 0) {
        head.push('Other');
        row.push(String(counts.other));
    }
    head.push('Total', 'Time');
    row.push(String(tests.length), formatTestTime(seconds));
    return [`| ${head.join(' | ')} |`, `|${head.map(() => '---:').join('|')}|`, `| ${row.join(' | ')} |`].join('\n');
}
/** The failed tests as a table (class, name, file, message), `max` at most, the rest counted. */
function failedTestsTable(failed, max = MAX_LISTED_FAILURES) {
    if (failed.length === 0)
        return '';
    const lines = ['| Class | Name | File | Message |', '|---|---|---|---|'];
    for (const t of failed.slice(0, max)) {
        const cells = [
            (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(t.classname ?? '', 120),
            (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(t.name ?? '(unnamed)', 200),
            (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(t.file ?? '', 120),
            (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(t.message ?? '', 300),
        ];
        lines.push(`| ${cells.join(' | ')} |`);
    }
    const rest = failed.length - max;
    if (rest > 0)
        lines.push('', `…and ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(rest, 'more failed test')}, not listed.`);
    return lines.join('\n');
}
/** Test time in the unit that reads best: `0.42 s`, `12.3 s`, `2 min 5 s`. */
function formatTestTime(seconds) {
    if (seconds < 10)
        return `${Math.round(seconds * 100) / 100} s`;
    if (seconds < 60)
        return `${Math.round(seconds * 10) / 10} s`;
    return (0,_api_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(seconds * 1000);
}


/***/ })

};
