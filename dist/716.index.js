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
    const connection = ctx.connect({ deadline, signal: (0,_runner_poll_js__WEBPACK_IMPORTED_MODULE_0__/* .untilDeadline */ .Hm)(ctx.signal, ctx.clock, deadline) });
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


/***/ })

};
