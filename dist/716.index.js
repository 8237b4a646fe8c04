export const id = 716;
export const ids = [716];
export const modules = {

/***/ 3716:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   run: () => (/* binding */ run),
/* harmony export */   spec: () => (/* binding */ spec),
/* harmony export */   waitForSerial: () => (/* binding */ waitForSerial)
/* harmony export */ });
/* harmony import */ var _runner_wait_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3585);
/* harmony import */ var _runner_run_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3480);
/* harmony import */ var _runner_summary_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2970);
/* harmony import */ var _runner_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8999);
/* harmony import */ var _runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3355);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7370);
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3094);
/* harmony import */ var _common_name_patterns_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9872);
/* harmony import */ var _common_values_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(4415);
/* harmony import */ var _service_validate_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(6609);










const spec = {
    name: 'wait-for-serial',
    inputs: [
        'branch',
        'build-num',
        'poll-interval-seconds',
        'wait-timeout-minutes',
        'workflow',
        'job',
        'cancel-older',
    ],
    outputs: ['waited-seconds', 'polls', 'waited-for'],
};
/** The pause before a second empty look confirms the first: a build between two states is in no running list. */
const CONFIRM_PAUSE_MS = 5000;
function readInputs(ctx) {
    const { inputs } = ctx;
    const branch = inputs.optional('branch');
    if (branch !== undefined)
        (0,_service_validate_js__WEBPACK_IMPORTED_MODULE_8__/* .checkSegment */ .cr)('branch', branch);
    const buildNum = inputs.integer('build-num', 1, Number.MAX_SAFE_INTEGER);
    const intervalMs = (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_4__/* .pollIntervalMs */ .Bg)(inputs);
    const timeoutMs = (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_4__/* .waitMs */ .Cu)(inputs, 'wait-timeout-minutes', 60);
    const workflows = (0,_common_name_patterns_js__WEBPACK_IMPORTED_MODULE_7__/* .compileNamePatterns */ .QC)('workflow', inputs.lines('workflow'));
    const jobs = (0,_common_name_patterns_js__WEBPACK_IMPORTED_MODULE_7__/* .compileNamePatterns */ .QC)('job', inputs.lines('job'));
    const cancelOlder = inputs.boolean('cancel-older', false);
    if (cancelOlder && buildNum === undefined) {
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .ValidationError */ .yI('cancel-older', "give build-num too (e.g. trigger-build's build-num output): only builds older than that one are cancelled", 'true', 'without build-num no build is older than this job\'s own, so "older" has no meaning');
    }
    return { ...(0,_common_values_js__WEBPACK_IMPORTED_MODULE_9__/* .definedOnly */ .Uv)({ branch, buildNum }), intervalMs, timeoutMs, workflows, jobs, cancelOlder };
}
/** Waits while other builds run; with `build-num` only older ones, so that two builds never wait for each other. */
async function waitForSerial(ctx) {
    const input = readInputs(ctx);
    const started = ctx.clock.now();
    const deadline = started + input.timeoutMs;
    const { service } = (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_4__/* .connectUntil */ .HO)(ctx, deadline);
    const running = service.runningJobs({
        ...input,
        chooseWorkflow: (name) => (0,_common_name_patterns_js__WEBPACK_IMPORTED_MODULE_7__/* .choosesName */ .Cx)(input.workflows, name),
        chooseJob: (name) => (0,_common_name_patterns_js__WEBPACK_IMPORTED_MODULE_7__/* .choosesName */ .Cx)(input.jobs, name),
    });
    const narrowed = [
        input.branch && `branch ${input.branch}`,
        input.workflows.length > 0 && `workflow ${(0,_common_name_patterns_js__WEBPACK_IMPORTED_MODULE_7__/* .describePatterns */ .BL)(input.workflows)}`,
        input.jobs.length > 0 && `job ${(0,_common_name_patterns_js__WEBPACK_IMPORTED_MODULE_7__/* .describePatterns */ .BL)(input.jobs)}`,
    ].filter(Boolean);
    const scope = `${service.name}${narrowed.length === 0 ? '' : ` (${narrowed.join(', ')})`}`;
    const own = input.buildNum;
    // A GitHub workflow runs outside the service: no runner variable names a build of the service as its own.
    ctx.info(own === undefined
        ? `No build-num given: waiting until no build of ${scope} is running at all. To leave this job's own build ` +
            `out and wait only for older ones, pass its number as build-num (e.g. trigger-build's build-num output).`
        : input.cancelOlder
            ? `Cancelling the builds of ${scope} older than #${own} (this job's own) that are running or queued.`
            : `Waiting until no build of ${scope} older than #${own} (this job's own) is running or queued.`);
    const waitedFor = new Map();
    /** Builds this step tried to cancel (cancel-older), each once, and those it did cancel. */
    const tried = new Set();
    const cancelled = new Map();
    let pending = new Map();
    let looks = 0;
    /** `stopped`: before the time-out, because the next look could not have come within it. */
    let ending = 'failed';
    // The wait is a log group, ended before the step's error line.
    ctx.io.startGroup((0,_runner_text_js__WEBPACK_IMPORTED_MODULE_3__/* .logSafe */ .sN)(`Waiting for other builds of ${scope}`));
    try {
        let emptyLooks = 0;
        const still = () => [...pending.values()].map((j) => `#${j.number}${j.url ? ` (${j.url})` : ''}`);
        await (0,_runner_wait_js__WEBPACK_IMPORTED_MODULE_0__/* .wait */ .uk)({
            clock: ctx.clock,
            signal: ctx.signal,
            intervalMs: input.intervalMs,
            deadline,
            log: ctx.info,
            still: ({ elapsedMs }) => `Still waiting for ${numbers(pending)} after ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_5__/* .formatDuration */ .a3)(elapsedMs)}`,
            failed: 'list the running builds',
            unfinished: (error) => {
                const running = still();
                // `error`: the time-out did not come, as the next look could not have been made within it.
                ending = error === undefined ? 'timed-out' : 'stopped';
                return error === undefined
                    ? `Timed out after ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_5__/* .formatDuration */ .a3)(input.timeoutMs)} waiting for builds of ${scope}; still running: ` +
                        `${running.length > 0 ? running.join(', ') : 'none at the last look, which could not be confirmed'}`
                    : `Stopped waiting for builds of ${scope} after ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_5__/* .shortDuration */ .TV)(ctx.clock.now() - started)}, before ` +
                        `the ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_5__/* .formatDuration */ .a3)(input.timeoutMs)} timeout: ${error.message}; ` +
                        (running.length > 0
                            ? `still running at the last look: ${running.join(', ')}`
                            : 'none was seen running');
            },
            gaveUp: (error) => `Gave up waiting: ${error.message}`,
            look: async (n) => {
                looks = n;
                const now = await running(pending);
                // cancel-older: each build to wait for (all older than this job's own) is cancelled once, and the next
                // looks see it end; one whose cancel fails is said, and waited for instead.
                for (const job of input.cancelOlder ? now.values() : []) {
                    if (tried.has(job.number))
                        continue;
                    tried.add(job.number);
                    const named = job.name === null ? '' : ` (${jobAndWorkflow(job)})`;
                    try {
                        await service.cancelJob(job.number);
                        cancelled.set(job.number, job);
                        ctx.info(`Cancelled older build #${job.number}${named}, ${state(job)} until now${job.url ? `: ${job.url}` : ''}`);
                    }
                    catch (error) {
                        if (ctx.signal.aborted)
                            throw error;
                        ctx.io.warning((0,_runner_text_js__WEBPACK_IMPORTED_MODULE_3__/* .logSafe */ .sN)(`Could not cancel build #${job.number}${named} (${error.message}); waiting for it`));
                    }
                }
                const appeared = [...now.values()].filter((j) => !pending.has(j.number));
                const ended = [...pending.values()].filter((j) => !now.has(j.number));
                for (const j of now.values())
                    waitedFor.set(j.number, j);
                for (const j of appeared)
                    ctx.info(`Waiting for build #${j.number} (${what(j)})`);
                for (const j of ended)
                    ctx.info(`Build #${j.number} is no longer running`);
                pending = now;
                emptyLooks = now.size > 0 ? 0 : emptyLooks + 1;
                if (emptyLooks >= 2)
                    return { done: true, value: true };
                if (emptyLooks === 1)
                    return { done: false, nextInMs: Math.min(CONFIRM_PAUSE_MS, input.intervalMs) };
                return { done: false, logged: appeared.length + ended.length > 0 };
            },
        });
        ending = 'clear';
        ctx.info(waitedFor.size === 0
            ? `No other build of ${scope} is running: going on`
            : `Waited ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_5__/* .formatDuration */ .a3)(ctx.clock.now() - started)} for ${numbers(waitedFor)}; none is running now: going on`);
    }
    finally {
        ctx.io.endGroup();
        const elapsed = ctx.clock.now() - started;
        ctx.setOutput('waited-seconds', Math.round(elapsed / 1000));
        ctx.setOutput('polls', looks);
        ctx.setOutput('waited-for', [...waitedFor.keys()].sort(byNumber));
        const links = (jobs, labelled = true) => [...jobs]
            .sort((a, b) => a.number - b.number)
            .map((j) => {
            const label = labelled ? pipelineJobLabel(j) : undefined;
            return (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_2__/* .mdLink */ .YF)(`#${j.number}`, j.url) + (label === undefined ? '' : ` (${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_3__/* .mdSafe */ .$v)(label)})`);
        })
            .join(', ');
        const lines = [`### Wait for serial: ${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_3__/* .mdSafe */ .$v)(scope)}`];
        if (cancelled.size > 0)
            lines.push(`Cancelled the older ${cancelled.size === 1 ? 'build' : 'builds'} ${links(cancelled.values(), false)}.`);
        if (waitedFor.size === 0 && ending === 'clear')
            lines.push('No other build was running: the step went on at once.');
        else if (waitedFor.size > 0)
            lines.push(`Waited ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_5__/* .formatDuration */ .a3)(elapsed)} for ${links(waitedFor.values())}.`);
        const still = links(pending.values()) || 'unconfirmed';
        if (ending === 'timed-out')
            lines.push(`**Timed out** after ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_5__/* .formatDuration */ .a3)(elapsed)}; still running: ${still}.`);
        else if (ending === 'stopped')
            lines.push(`**Stopped** after ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_5__/* .shortDuration */ .TV)(elapsed)}, before the ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_5__/* .formatDuration */ .a3)(input.timeoutMs)} timeout: the ` +
                `next look could not have been made within it (see the error); still running at the last look: ${still}.`);
        else if (ending === 'failed')
            lines.push(`${ctx.signal.aborted ? 'The step was cancelled' : 'The wait failed'} after ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_5__/* .formatDuration */ .a3)(elapsed)}.`);
        await (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_2__/* .appendSummary */ .fe)(ctx.io, lines.join('\n\n'));
    }
}
const byNumber = (a, b) => a - b;
const state = (job) => job.lifecycle ?? job.status ?? 'unknown state';
function what(job) {
    const parts = [state(job), job.branch && `branch ${job.branch}`, pipelineJobLabel(job), job.url];
    return parts.filter(Boolean).join(', ');
}
const jobAndWorkflow = ({ name, workflow }) => `job ${String(name)}${workflow.name === null ? '' : ` of workflow ${workflow.name}`}`;
/** A job of a pipeline named with its workflow and its pipeline's number; undefined for a v1.1 build. */
const pipelineJobLabel = (job) => job.pipeline.number === null ? undefined : `${jobAndWorkflow(job)}, pipeline #${job.pipeline.number}`;
function numbers(builds) {
    const list = [...builds.keys()].sort(byNumber).map((n) => `#${n}`);
    return list.length === 0 ? 'no build' : `build${list.length === 1 ? '' : 's'} ${list.join(', ')}`;
}
function run() {
    return (0,_runner_run_js__WEBPACK_IMPORTED_MODULE_1__/* .runAction */ .Cs)(spec, waitForSerial);
}


/***/ }),

/***/ 9027:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Eb: () => (/* binding */ compilePattern),
/* harmony export */   SO: () => (/* binding */ compileGlob),
/* harmony export */   ko: () => (/* binding */ selects)
/* harmony export */ });
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1026);
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(picomatch__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);
// Glob patterns over `/`-separated text, as actions/fetch-artifacts/README.md describes `pattern`. Matching is
// linear in the text for each token, since the text comes from the server and a regex backtracks polynomially on
// `*-*-*-*.xml` and exponentially on `a/**/a/**/…`; picomatch compiles only the bracket classes.


/** A whole-text matcher for a pattern over `/`-separated text: `**` is to segments what `*` is to characters. */
function compilePattern(body) {
    const parts = body.split('/');
    const tokens = parts.flatMap((part, i) => {
        if (part !== '**') {
            const chars = segmentTokens(part);
            return [(segment) => matchTokens(chars, segment)];
        }
        // At the end, `**` needs something below the folder: `reports/**` is not the file `reports`.
        return i === parts.length - 1 ? [() => true, '*'] : ['*'];
    });
    return (text) => matchTokens(tokens, text.split('/'));
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
            // A class means the same on every runner (a backslash escapes, on Windows too), POSIX classes included.
            const re = picomatch__WEBPACK_IMPORTED_MODULE_1___default().makeRe(part.slice(i, end), { dot: true, posix: true, windows: false });
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
/** Whether the tokens match all the items: one pass, going back only to just after the last `*`. */
function matchTokens(tokens, items) {
    // A segment of wildcards alone never matches an empty one.
    if (items.length === 0)
        return tokens.length === 0;
    let t = 0;
    let s = 0;
    let star = -1;
    let starAt = 0;
    while (s < items.length) {
        const token = tokens[t];
        if (token === '*') {
            star = t++;
            starAt = s;
        }
        else if (token?.(items[s] ?? '')) {
            t++;
            s++;
        }
        else if (star < 0)
            return false;
        else {
            t = star + 1;
            s = ++starAt;
        }
    }
    while (tokens[t] === '*')
        t++;
    return t === tokens.length;
}
/** Compiles one pattern; `name` is the input it came from, for the error. */
function compileGlob(name, pattern) {
    const negated = pattern.startsWith('!');
    const body = negated ? pattern.slice(1) : pattern;
    const refuse = (detail) => {
        const allowed = "glob patterns over the artifact's relative path (e.g. 'rspec/*.xml', '**/*.html', '!**/*.log')";
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, `allowed: ${allowed}`, pattern, detail);
    };
    if (body === '')
        refuse(`${JSON.stringify(pattern)} is empty`);
    if (body.startsWith('/')) {
        refuse(`${JSON.stringify(pattern)} is absolute, but patterns match the path below the destination`);
    }
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f]/.test(body))
        refuse('a pattern holds a control character');
    return { source: pattern, negated, test: compilePattern(body) };
}
/** The last pattern that matches decides; a text none matches is selected only when every pattern excludes. */
function selects(globs, text) {
    let selected = globs.every((g) => g.negated);
    for (const g of globs)
        if (g.test(text))
            selected = !g.negated;
    return selected;
}


/***/ }),

/***/ 9872:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BL: () => (/* binding */ describePatterns),
/* harmony export */   Cx: () => (/* binding */ choosesName),
/* harmony export */   QC: () => (/* binding */ compileNamePatterns)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);
/* harmony import */ var _glob_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9027);
// Job and workflow names chosen by glob patterns, one a line, `!` to leave names out. A line matches a name it
// equals before it is read as a glob, so `test [linux]` matches itself whatever its brackets mean to a glob.


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
        const named = !negated && !/[*?]/u.test(body);
        return { source, negated, body, named, test: (name) => name === body || glob(name) };
    });
}
/** Whether the patterns choose a name (`undefined`: a build that names none). No patterns choose every build. */
function choosesName(patterns, name) {
    return name === undefined ? patterns.every((p) => p.negated) : (0,_glob_js__WEBPACK_IMPORTED_MODULE_1__/* .selects */ .ko)(patterns, name);
}
/** `deploy-*, !deploy-docs`, for messages. */
function describePatterns(patterns) {
    return patterns.map((p) => p.source).join(', ');
}


/***/ }),

/***/ 3355:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bg: () => (/* binding */ pollIntervalMs),
/* harmony export */   Cu: () => (/* binding */ waitMs),
/* harmony export */   HO: () => (/* binding */ connectUntil),
/* harmony export */   M7: () => (/* binding */ readRevision)
/* harmony export */ });
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);
/* harmony import */ var _wait_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3585);
/* harmony import */ var _workflow_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(649);
// What the waiting actions share: how long to wait, how often to look, which commit to wait for, and a connection
// that ends with the wait.



/** A wait in minutes, up to the longest a workflow run lives (35 days), in milliseconds. */
function waitMs(inputs, name, fallback, min = 1) {
    return inputs.integer(name, min, 35 * 24 * 60, fallback) * 60_000;
}
function pollIntervalMs(inputs) {
    return inputs.integer('poll-interval-seconds', 1, 3600, 15) * 1000;
}
/** The commit to wait for, in lower case: `revision` as given, else the one the workflow's event names. */
function readRevision(given, env, instead) {
    const raw = given ?? (0,_workflow_js__WEBPACK_IMPORTED_MODULE_2__/* .workflowRevision */ .VS)(env);
    if (raw === undefined)
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('revision', `a value is required when GITHUB_SHA is not set (or give ${instead})`, undefined, 'missing');
    if (!/^[0-9a-f]{7,40}$/i.test(raw))
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('revision', 'allowed: a commit SHA, or a prefix of at least 7 hex digits', raw);
    return raw.toLowerCase();
}
/** A connection whose retry waits (a long Retry-After) never run past the step's deadline. */
function connectUntil(ctx, deadline) {
    return ctx.connect({ deadline, signal: (0,_wait_js__WEBPACK_IMPORTED_MODULE_1__/* .untilDeadline */ .Hm)(ctx.signal, ctx.clock, deadline) });
}


/***/ }),

/***/ 3585:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hm: () => (/* binding */ untilDeadline),
/* harmony export */   bn: () => (/* binding */ waitFailed),
/* harmony export */   uf: () => (/* binding */ WaitError),
/* harmony export */   uk: () => (/* binding */ wait)
/* harmony export */ });
/* unused harmony exports PollFailedError, poll, transient */
/* harmony import */ var _common_clock_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(159);
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3094);
/* harmony import */ var _service_http_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5841);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7370);
/* harmony import */ var _service_http_retry_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(602);
// The one wait of the waiting actions (docs/promises.md, promises 17–20). The interval runs from the end of
// one look, so that a Retry-After the transport waited out pushes the next one back.





class PollFailedError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'PollFailedError';
}
/** A wait that ended without the result the step waits for: timed out, or what it waited for did not pass. */
class WaitError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'WaitError';
}
function waitFailed(why, cause) {
    return new WaitError(why, cause === undefined ? undefined : { cause });
}
/** Waits until a look has the result, and returns it; any other ending is the step's error. */
async function wait(options) {
    const { look, log, still, failed, unfinished, gaveUp, ...rest } = options;
    const onFailure = typeof failed !== 'string'
        ? failed
        : (error, { failures, nextInMs }) => log(`Could not ${failed} (${error.message}); looking again in ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a3)(nextInMs)} ` +
            `(failure ${failures} in a row)`);
    const result = await poll({ ...rest, onHeartbeat: (state) => log(still(state)), onFailure }, look).catch((error) => {
        throw error instanceof PollFailedError && gaveUp !== undefined
            ? waitFailed(gaveUp(error), error)
            : error;
    });
    if (result.done)
        return result.value;
    throw waitFailed(unfinished(result.error, result));
}
// Looks until `look` says done or the deadline passes. Rejects with the abort reason as soon as `signal` aborts,
// with a look's error when it cannot pass (a 404, a 401, a bug), and after `maxFailures` failed looks in a row.
async function poll(options, look) {
    const { clock, signal, intervalMs, deadline, maxFailures = 5 } = options;
    const maxFailureWaitMs = Math.max(intervalMs, options.maxFailureWaitMs ?? 5 * 60_000);
    const start = clock.now();
    let lastLine = start;
    let looks = 0;
    let failures = 0;
    const state = () => ({ looks, elapsedMs: clock.now() - start });
    for (;;) {
        if (signal.aborted)
            throw (0,_common_clock_js__WEBPACK_IMPORTED_MODULE_0__/* .abortReason */ .Js)(signal);
        looks++;
        let waitMs;
        try {
            const found = await look(looks);
            failures = 0;
            if (found.done)
                return { done: true, value: found.value, ...state() };
            if (found.logged)
                lastLine = clock.now();
            waitMs = found.nextInMs ?? intervalMs;
        }
        catch (error) {
            if (signal.aborted)
                throw (0,_common_clock_js__WEBPACK_IMPORTED_MODULE_0__/* .abortReason */ .Js)(signal);
            // A request the step's time-out stopped is the time-out itself, not an early stop.
            if (error instanceof StepDeadlineError)
                return { done: false, ...state() };
            if (error instanceof _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .DeadlineError */ .j3)
                return { done: false, error, ...state() };
            if (!transient(error))
                throw error;
            if (++failures > maxFailures)
                throw new PollFailedError(`${failures} looks in a row failed; the last: ${error.message}`, {
                    cause: error,
                });
            waitMs = Math.min(maxFailureWaitMs, intervalMs * 2 ** (failures - 1));
            options.onFailure?.(error, { ...state(), failures, nextInMs: waitMs });
            lastLine = clock.now();
        }
        const now = clock.now();
        if (now >= deadline)
            return { done: false, ...state() };
        if (now - lastLine >= 60_000) {
            options.onHeartbeat?.(state());
            lastLine = now;
        }
        // Part of each wait is added or taken at random, so that many waiting jobs do not look in step.
        const jittered = Math.round(waitMs * (1 + 0.1 * (2 * clock.random() - 1)));
        // The last look happens at the deadline itself, not one interval after it.
        await clock.sleep(Math.max(0, Math.min(jittered, deadline - now)), signal);
    }
}
/** The step's time-out came while a request was on its way. */
class StepDeadlineError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .DeadlineError */ .j3 {
    name = 'StepDeadlineError';
}
// The step's signal, aborted also when the step's deadline comes, so that every request of a look stops at the
// deadline however many the look makes (docs/promises.md, promise 34); the timer does not hold the process open.
function untilDeadline(signal, clock, deadline) {
    const controller = new AbortController();
    let left = Math.max(0, deadline - clock.now());
    let timer;
    // Node fires a timer longer than its longest at once (docs/promises.md, promise 20), so long ones are chained.
    const arm = () => {
        const chunk = Math.min(left, 2 ** 31 - 1);
        left -= chunk;
        timer = setTimeout(() => {
            if (left > 0)
                arm();
            else
                controller.abort(new StepDeadlineError(`the step's time-out came during a look`));
        }, chunk).unref();
    };
    arm();
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
    return AbortSignal.any([signal, controller.signal]);
}
/** A failure that may pass by the next look; an answer of the wrong shape comes back the same. */
function transient(error) {
    return !(error instanceof _service_http_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UnusableAnswerError */ .qx) && ((0,_service_http_retry_js__WEBPACK_IMPORTED_MODULE_4__/* .isTransient */ .dg)(error) || error instanceof _service_http_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .BadResponseError */ .nS);
}


/***/ })

};
