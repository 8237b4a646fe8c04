export const id = 716;
export const ids = [716];
export const modules = {

/***/ 3716:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CONFIRM_PAUSE_MS: () => (/* binding */ CONFIRM_PAUSE_MS),
/* harmony export */   LIMITS: () => (/* binding */ LIMITS),
/* harmony export */   readInputs: () => (/* binding */ readInputs),
/* harmony export */   run: () => (/* binding */ run),
/* harmony export */   spec: () => (/* binding */ spec),
/* harmony export */   waitForSerial: () => (/* binding */ waitForSerial)
/* harmony export */ });
/* harmony import */ var _runner_poll_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8537);
/* harmony import */ var _runner_run_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3704);
/* harmony import */ var _runner_summary_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2970);
/* harmony import */ var _runner_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8999);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(2249);
/* harmony import */ var _api_commit_builds_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6677);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1013);
/* harmony import */ var _api_name_patterns_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8729);
/* harmony import */ var _api_records_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5942);
/* harmony import */ var _api_validate_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(1272);










const spec = {
    name: 'wait-for-serial',
    inputs: [
        'branch',
        'build-num',
        'poll-interval-seconds',
        'timeout-minutes',
        'workflow',
        'job',
        'cancel-older',
    ],
    outputs: ['waited-seconds', 'polls', 'waited-for'],
};
/** Input ranges, as trigger-build's: a poll interval of up to an hour, a wait of up to 35 days. */
const LIMITS = {
    pollSeconds: { min: 1, max: 3600 },
    timeoutMinutes: { min: 1, max: 35 * 24 * 60 },
};
/**
 * An empty look is confirmed by another one this long after it (or one interval, when shorter): a build between
 * two states (queued → running) is in no running list for a moment, and one empty answer is not "clear".
 */
const CONFIRM_PAUSE_MS = 5000;
/** Pages of running builds read per look (100 each): a guard against a server that always answers a full page. */
const MAX_PAGES = 10;
function readInputs(ctx) {
    const { inputs } = ctx;
    const branch = inputs.optional('branch');
    if (branch !== undefined)
        (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_8__/* .checkSegment */ .cr)('branch', branch);
    const buildNum = inputs.integer('build-num', 1, Number.MAX_SAFE_INTEGER);
    const pollSeconds = inputs.integer('poll-interval-seconds', LIMITS.pollSeconds.min, LIMITS.pollSeconds.max, 15);
    const timeoutMinutes = inputs.integer('timeout-minutes', LIMITS.timeoutMinutes.min, LIMITS.timeoutMinutes.max, 60);
    const workflows = (0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_6__/* .compileNamePatterns */ .QC)('workflow', inputs.lines('workflow'));
    const jobs = (0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_6__/* .compileNamePatterns */ .QC)('job', inputs.lines('job'));
    const cancelOlder = inputs.boolean('cancel-older', false);
    if (cancelOlder && buildNum === undefined) {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ValidationError */ .yI('cancel-older', "give build-num too (e.g. trigger-build's build-num output): only builds older than that one are cancelled", 'true', 'without build-num no build is older than this job\'s own, so "older" has no meaning');
    }
    return {
        ...(branch === undefined ? {} : { branch }),
        ...(buildNum === undefined ? {} : { buildNum }),
        intervalMs: pollSeconds * 1000,
        timeoutMs: timeoutMinutes * 60_000,
        workflows,
        jobs,
        cancelOlder,
    };
}
/**
 * Waits while other builds of the project (or branch) run: with `build-num`, only older builds than that one
 * count, so two builds never wait for each other. "Clear" takes two empty looks a short pause apart, and a build
 * that left the running list is checked by number before it counts as finished.
 */
async function waitForSerial(ctx) {
    const input = readInputs(ctx);
    const started = ctx.clock.now();
    const deadline = started + input.timeoutMs;
    const connection = ctx.connect({ deadline });
    const { project } = connection;
    const narrowed = [
        ...(input.branch === undefined ? [] : [`branch ${input.branch}`]),
        ...(input.workflows.length === 0 ? [] : [`workflow ${(0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_6__/* .describePatterns */ .BL)(input.workflows)}`]),
        ...(input.jobs.length === 0 ? [] : [`job ${(0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_6__/* .describePatterns */ .BL)(input.jobs)}`]),
    ];
    const scope = `${project.username}/${project.project}${narrowed.length === 0 ? '' : ` (${narrowed.join(', ')})`}`;
    const own = input.buildNum;
    if (own === undefined) {
        // A GitHub workflow runs outside the service: no runner variable names a build of the service as its own.
        ctx.info(`No build-num given: waiting until no build of ${scope} is running at all. To leave this job's own build ` +
            `out and wait only for older ones, pass its number as build-num (e.g. trigger-build's build-num output).`);
    }
    else if (input.cancelOlder) {
        ctx.info(`Cancelling the builds of ${scope} older than #${own} (this job's own) that are running or queued.`);
    }
    else {
        ctx.info(`Waiting until no build of ${scope} older than #${own} (this job's own) is running or queued.`);
    }
    const waitedFor = new Map();
    /** Builds this step tried to cancel (cancel-older), each once, and those it did cancel. */
    const tried = new Set();
    const cancelled = new Set();
    let pending = new Map();
    let looks = 0;
    let ending = 'failed';
    try {
        let emptyLooks = 0;
        const look = async () => {
            const now = await pendingBuilds(connection, input, pending);
            if (input.cancelOlder)
                await cancelOlder(ctx, connection, now, tried, cancelled);
            const appeared = [...now.values()].filter((b) => !pending.has(b.build_num));
            const ended = [...pending.values()].filter((b) => !now.has(b.build_num));
            for (const b of now.values())
                waitedFor.set(b.build_num, b);
            for (const b of appeared)
                ctx.info(`Waiting for build #${b.build_num} (${what(b)})`);
            for (const b of ended)
                ctx.info(`Build #${b.build_num} is no longer running`);
            pending = now;
            if (now.size > 0) {
                emptyLooks = 0;
                return { done: false, logged: appeared.length + ended.length > 0 };
            }
            emptyLooks++;
            if (emptyLooks >= 2)
                return { done: true, value: true };
            return { done: false, nextInMs: Math.min(CONFIRM_PAUSE_MS, input.intervalMs) };
        };
        const result = await (0,_runner_poll_js__WEBPACK_IMPORTED_MODULE_0__/* .poll */ .wt)({
            clock: ctx.clock,
            signal: ctx.signal,
            intervalMs: input.intervalMs,
            deadline,
            onHeartbeat: ({ elapsedMs }) => ctx.info(`Still waiting for ${numbers(pending)} after ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_9__/* .formatDuration */ .a3)(elapsedMs)}`),
            onFailure: (error, { failures, nextInMs }) => ctx.info(`Could not list the running builds (${error.message}); looking again in ` +
                `${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_9__/* .formatDuration */ .a3)(nextInMs)} (failure ${failures} in a row)`),
        }, async (n) => {
            looks = n;
            return look();
        });
        if (!result.done) {
            const still = [...pending.values()].map((b) => `#${b.build_num}${b.build_url ? ` (${b.build_url})` : ''}`);
            if (result.error !== undefined) {
                // The time-out did not come: the next look could not have been made within it (a long Retry-After).
                ending = 'stopped';
                throw new _runner_poll_js__WEBPACK_IMPORTED_MODULE_0__/* .WaitError */ .uf(`Stopped waiting for builds of ${scope} after ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_9__/* .shortDuration */ .TV)(ctx.clock.now() - started)}, before the ` +
                    `${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_9__/* .formatDuration */ .a3)(input.timeoutMs)} timeout: ${result.error.message}; ` +
                    (still.length > 0
                        ? `still running at the last look: ${still.join(', ')}`
                        : 'none was seen running'));
            }
            ending = 'timed-out';
            throw new _runner_poll_js__WEBPACK_IMPORTED_MODULE_0__/* .WaitError */ .uf(`Timed out after ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_9__/* .formatDuration */ .a3)(input.timeoutMs)} waiting for builds of ${scope}; still running: ` +
                `${still.length > 0 ? still.join(', ') : 'none at the last look, which could not be confirmed'}`);
        }
        ending = 'clear';
        const elapsed = ctx.clock.now() - started;
        ctx.info(waitedFor.size === 0
            ? `No other build of ${scope} is running: going on`
            : `Waited ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_9__/* .formatDuration */ .a3)(elapsed)} for ${numbers(waitedFor)}; none is running now: going on`);
    }
    catch (error) {
        if (error instanceof _runner_poll_js__WEBPACK_IMPORTED_MODULE_0__/* .PollFailedError */ .f5)
            throw new _runner_poll_js__WEBPACK_IMPORTED_MODULE_0__/* .WaitError */ .uf(`Gave up waiting: ${error.message}`, { cause: error });
        throw error;
    }
    finally {
        const elapsed = ctx.clock.now() - started;
        const list = [...waitedFor.keys()].sort((a, b) => a - b);
        ctx.setOutput('waited-seconds', Math.round(elapsed / 1000));
        ctx.setOutput('polls', looks);
        ctx.setOutput('waited-for', list);
        await writeSummary(ctx, scope, waitedFor, pending, elapsed, ending, input.timeoutMs, cancelled);
    }
}
/**
 * The builds to wait for now: the running ones that count (not our own, older than ours), those that left the
 * running list but have not finished (checked by number), and with our number, older builds still queued (they
 * are not "running" to the filter, yet would run, and deploy, after us).
 */
async function pendingBuilds({ client, project }, input, previous) {
    const own = input.buildNum;
    const counts = (b) => (own === undefined || b.build_num < own) &&
        (0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_6__/* .choosesName */ .Cx)(input.workflows, (0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_4__/* .jobOf */ .Zw)(b).workflow) &&
        (0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_6__/* .choosesName */ .Cx)(input.jobs, (0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_4__/* .jobOf */ .Zw)(b).job);
    const branch = input.branch === undefined ? {} : { branch: input.branch };
    const pending = new Map();
    for (let page = 0, offset = 0; page < MAX_PAGES; page++) {
        const builds = await client.builds(project, {
            ...branch,
            statusFilter: 'running',
            limit: _api_validate_js__WEBPACK_IMPORTED_MODULE_8__/* .MAX_PAGE_SIZE */ .H4,
            offset,
        });
        for (const b of builds)
            if (counts(b) && !(0,_api_records_js__WEBPACK_IMPORTED_MODULE_7__/* .isFinished */ .$g)(b))
                pending.set(b.build_num, b);
        if (builds.length < _api_validate_js__WEBPACK_IMPORTED_MODULE_8__/* .MAX_PAGE_SIZE */ .H4)
            break;
        offset += builds.length;
    }
    for (const b of previous.values()) {
        if (pending.has(b.build_num))
            continue;
        const now = await client.build(project, b.build_num);
        if (!(0,_api_records_js__WEBPACK_IMPORTED_MODULE_7__/* .isFinished */ .$g)(now))
            pending.set(b.build_num, now);
    }
    if (own !== undefined && pending.size === 0) {
        for (let page = 0, offset = 0; page < MAX_PAGES; page++) {
            const builds = await client.builds(project, { ...branch, limit: _api_validate_js__WEBPACK_IMPORTED_MODULE_8__/* .MAX_PAGE_SIZE */ .H4, offset });
            for (const b of builds)
                if (counts(b) && !(0,_api_records_js__WEBPACK_IMPORTED_MODULE_7__/* .isFinished */ .$g)(b))
                    pending.set(b.build_num, b);
            // Newest first: once a page reaches below our own number, the builds ahead of ours have been seen.
            const oldest = builds[builds.length - 1];
            if (builds.length < _api_validate_js__WEBPACK_IMPORTED_MODULE_8__/* .MAX_PAGE_SIZE */ .H4 || oldest === undefined || oldest.build_num < own)
                break;
            offset += builds.length;
        }
    }
    return pending;
}
/**
 * cancel-older: cancels each build to wait for (every one is older than this job's own) once; the next looks
 * see it end. A cancel that fails is said, and the build is waited for instead.
 */
async function cancelOlder(ctx, { client, project }, builds, tried, cancelled) {
    for (const build of builds.values()) {
        if (tried.has(build.build_num))
            continue;
        tried.add(build.build_num);
        const { job, workflow } = (0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_4__/* .jobOf */ .Zw)(build);
        const what = job === undefined ? '' : ` (job ${job}${workflow === undefined ? '' : ` of workflow ${workflow}`})`;
        try {
            const after = await client.cancel(project, build.build_num);
            cancelled.add(build.build_num);
            ctx.info(`Cancelled older build #${build.build_num}${what}, ${build.lifecycle ?? build.status ?? 'unknown state'} ` +
                `until now${after.build_url ? `: ${after.build_url}` : build.build_url ? `: ${build.build_url}` : ''}`);
        }
        catch (error) {
            if (ctx.signal.aborted)
                throw error;
            ctx.io.warning((0,_runner_text_js__WEBPACK_IMPORTED_MODULE_3__/* .logSafe */ .sN)(`Could not cancel build #${build.build_num}${what} (${error.message}); waiting for it`));
        }
    }
}
function what(build) {
    const parts = [build.lifecycle ?? build.status ?? 'unknown state'];
    if (build.branch)
        parts.push(`branch ${build.branch}`);
    if (build.build_url)
        parts.push(build.build_url);
    return parts.join(', ');
}
function numbers(builds) {
    const list = [...builds.keys()].sort((a, b) => a - b).map((n) => `#${n}`);
    return list.length === 0 ? 'no build' : `build${list.length === 1 ? '' : 's'} ${list.join(', ')}`;
}
async function writeSummary(ctx, scope, waitedFor, pending, elapsedMs, ending, timeoutMs, cancelled) {
    const links = (builds) => [...builds.values()]
        .sort((a, b) => a.build_num - b.build_num)
        .map((b) => (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_2__/* .buildLink */ .hL)(b))
        .join(', ');
    const lines = [`### Wait for serial: ${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_3__/* .mdSafe */ .$v)(scope)}`];
    if (cancelled.size > 0) {
        const list = [...waitedFor.values()]
            .filter((b) => cancelled.has(b.build_num))
            .sort((a, b) => a.build_num - b.build_num);
        lines.push(`Cancelled the older ${list.length === 1 ? 'build' : 'builds'} ${list.map((b) => (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_2__/* .buildLink */ .hL)(b)).join(', ')}.`);
    }
    if (waitedFor.size === 0 && ending === 'clear')
        lines.push('No other build was running: the step went on at once.');
    else if (waitedFor.size > 0)
        lines.push(`Waited ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_9__/* .formatDuration */ .a3)(elapsedMs)} for ${links(waitedFor)}.`);
    if (ending === 'timed-out') {
        lines.push(`**Timed out** after ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_9__/* .formatDuration */ .a3)(elapsedMs)}; still running: ${links(pending) || 'unconfirmed'}.`);
    }
    else if (ending === 'stopped') {
        lines.push(`**Stopped** after ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_9__/* .shortDuration */ .TV)(elapsedMs)}, before the ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_9__/* .formatDuration */ .a3)(timeoutMs)} timeout: the next ` +
            `look could not have been made within it (see the error); still running at the last look: ` +
            `${links(pending) || 'unconfirmed'}.`);
    }
    else if (ending === 'failed') {
        const how = ctx.signal.aborted ? 'The step was cancelled' : 'The wait failed';
        lines.push(`${how} after ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_9__/* .formatDuration */ .a3)(elapsedMs)}.`);
    }
    await (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_2__/* .appendSummary */ .fe)(ctx.io, lines.join('\n\n'));
}
/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
function run() {
    return (0,_runner_run_js__WEBPACK_IMPORTED_MODULE_1__/* .runAction */ .Cs)(spec, waitForSerial);
}


/***/ }),

/***/ 8729:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BL: () => (/* binding */ describePatterns),
/* harmony export */   Cx: () => (/* binding */ choosesName),
/* harmony export */   QC: () => (/* binding */ compileNamePatterns)
/* harmony export */ });
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1026);
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(picomatch__WEBPACK_IMPORTED_MODULE_2__);
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
        let glob;
        try {
            // picomatch passes parentheses, `|` and `+` through as regular-expression syntax: they are plain here.
            glob = picomatch__WEBPACK_IMPORTED_MODULE_2___default().makeRe(body.replace(/\\.|[()|+{}]/gu, (m) => (m.length === 2 ? m : `\\${m}`)), _glob_js__WEBPACK_IMPORTED_MODULE_1__/* .PLAIN_GLOB */ .Ue);
        }
        catch {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(input, allowed, source, `${JSON.stringify(source)} cannot be compiled`);
        }
        return {
            source,
            negated,
            body,
            named: !negated && !/[*?]/u.test(body),
            test: (name) => name === body || glob.test(name),
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
/* harmony export */   sG: () => (/* binding */ outcomeOf),
/* harmony export */   tI: () => (/* binding */ readOutcomePolicy),
/* harmony export */   u: () => (/* binding */ outputWord),
/* harmony export */   wy: () => (/* binding */ describePolicy)
/* harmony export */ });
/* unused harmony exports KNOWN_OUTCOMES, DEFAULT_POLICY */
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(103);
/* harmony import */ var _api_records_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5942);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2249);
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
    status: new Set([..._api_records_js__WEBPACK_IMPORTED_MODULE_2__/* .BUILD_STATUSES */ .qJ, 'none']),
    lifecycle: new Set([..._api_records_js__WEBPACK_IMPORTED_MODULE_2__/* .BUILD_LIFECYCLES */ .D1, 'none']),
};
/** An outcome, or the status of a job that ended without a build, that the service does not use: `*` refuses it. */
function unknownWord(word) {
    return (typeof word === 'string' &&
        word !== '' &&
        !KNOWN_OUTCOMES.includes(word) &&
        !_api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__/* .UNBUILT_JOB_STATUSES */ .JS.has(word));
}
/**
 * The value of the `outcome`, `status` or `lifecycle` output (docs/promises.md, promise 33): a workflow may paste it
 * into a script, so a word the README does not document leaves it empty, and the log says so.
 */
function outputWord(log, output, word) {
    if (typeof word !== 'string' || word === '' || OUTPUT_WORDS[output].has(word))
        return word ?? '';
    log(`The ${output} output is left empty: ${JSON.stringify((0,_api_format_js__WEBPACK_IMPORTED_MODULE_3__/* .cut */ .Jj)(word, 100))} is no word it may hold`);
    return '';
}


/***/ }),

/***/ 8537:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f5: () => (/* binding */ PollFailedError),
/* harmony export */   uf: () => (/* binding */ WaitError),
/* harmony export */   wt: () => (/* binding */ poll)
/* harmony export */ });
/* unused harmony exports DEFAULT_JITTER, DEFAULT_HEARTBEAT_MS, DEFAULT_MAX_FAILURES, DEFAULT_MAX_FAILURE_WAIT_MS, transient */
/* harmony import */ var _api_clock_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7634);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1013);
/* harmony import */ var _api_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7878);
// The waiting loop of the release-gating actions (docs/promises.md, promises 17–20): one look at a time, at the poll
// interval with a little jitter, measured from the end of one look to the start of the next (so a look the transport
// stretched for a 429's Retry-After pushes the next one back instead of adding a request), a quiet heartbeat, a
// deadline, an abort that ends every wait at once, and a few failed looks in a row tolerated before giving up.



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
/* harmony export */   _x: () => (/* binding */ buildFacts),
/* harmony export */   fe: () => (/* binding */ appendSummary),
/* harmony export */   hL: () => (/* binding */ buildLink),
/* harmony export */   jI: () => (/* binding */ buildHeading),
/* harmony export */   kS: () => (/* binding */ testsTable),
/* harmony export */   l1: () => (/* binding */ failedTestsTable),
/* harmony export */   xD: () => (/* binding */ buildDurationMs),
/* harmony export */   z4: () => (/* binding */ MAX_LISTED_FAILURES)
/* harmony export */ });
/* unused harmony exports MAX_LINK_LENGTH, linkTarget, mdLink, resultKind, formatTestTime */
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
/** Failed tests listed in the summary; the rest are counted. */
const MAX_LISTED_FAILURES = 50;
/** Longer addresses are not linked. */
const MAX_LINK_LENGTH = 2048;
/** The address as a Markdown link target, or undefined when it is not an http(s) URL. */
function linkTarget(url) {
    if (typeof url !== 'string')
        return undefined;
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        return undefined;
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
        return undefined;
    // A build page's address is short; a longer one is not a link worth a summary's room.
    if (parsed.href.length > MAX_LINK_LENGTH)
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
/** `### [Build #12 · main · 1a2b3c4](url)` */
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
    switch ((result ?? '').toLowerCase()) {
        case 'success':
        case 'passed':
        case 'pass':
            return 'passed';
        case 'failure':
        case 'failed':
        case 'fail':
            return 'failed';
        case 'skipped':
        case 'skip':
            return 'skipped';
        case 'error':
            return 'errors';
        default:
            return 'other';
    }
}
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
        lines.push('', `…and ${rest} more failed test${rest === 1 ? '' : 's'}, not listed.`);
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
