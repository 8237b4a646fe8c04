export const id = 124;
export const ids = [124];
export const modules = {

/***/ 3045:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G: () => (/* binding */ workspace),
/* harmony export */   M: () => (/* binding */ workflowBranch)
/* harmony export */ });
// Defaults that come from the workflow run (the runner's GITHUB_* variables).
/**
 * The branch the workflow runs on: the pull request's head branch, else the ref's name when the ref is a branch;
 * `fallback` when it runs on no branch (a tag, a schedule on a detached ref).
 */
function workflowBranch(env, fallback = 'master') {
    const head = env['GITHUB_HEAD_REF'];
    if (head)
        return head;
    const ref = env['GITHUB_REF'] ?? '';
    const isBranch = env['GITHUB_REF_TYPE'] === 'branch' || ref.startsWith('refs/heads/');
    if (isBranch)
        return env['GITHUB_REF_NAME'] || ref.replace(/^refs\/heads\//, '') || fallback;
    return fallback;
}
/** The workspace the runner checked out into, else the current directory. */
function workspace(env) {
    return env['GITHUB_WORKSPACE'] || process.cwd();
}


/***/ }),

/***/ 1124:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CANCEL_BUDGET_MS: () => (/* binding */ CANCEL_BUDGET_MS),
/* harmony export */   LIMITS: () => (/* binding */ LIMITS),
/* harmony export */   readInputs: () => (/* binding */ readInputs),
/* harmony export */   run: () => (/* binding */ run),
/* harmony export */   spec: () => (/* binding */ spec),
/* harmony export */   triggerBuild: () => (/* binding */ triggerBuild)
/* harmony export */ });
/* harmony import */ var _action_build_report_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7780);
/* harmony import */ var _action_follow_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5661);
/* harmony import */ var _action_outcomes_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3117);
/* harmony import */ var _action_poll_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3197);
/* harmony import */ var _action_run_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(1498);
/* harmony import */ var _action_summary_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1702);
/* harmony import */ var _action_text_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5947);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(2249);
/* harmony import */ var _action_workflow_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(3045);
/* harmony import */ var _api_clock_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(7634);
/* harmony import */ var _api_client_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(7157);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(1013);
/* harmony import */ var _api_records_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(5942);
/* harmony import */ var _api_step_output_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(530);
/* harmony import */ var _api_validate_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(1272);















const spec = {
    name: 'trigger-build',
    inputs: [
        'branch',
        'revision',
        'tag',
        'parallel',
        'params',
        'wait',
        'wait-timeout-minutes',
        'poll-interval-seconds',
        'cancel-on-abort',
        'allowed-outcomes',
        'failure-log-lines',
    ],
    outputs: ['build-num', 'build-url', 'status', 'lifecycle', 'outcome', 'failed-step'],
};
/** Input ranges: a poll interval of up to an hour; a wait of up to 35 days, the longest a workflow run lives. */
const LIMITS = {
    pollSeconds: { min: 1, max: 3600 },
    timeoutMinutes: { min: 1, max: 35 * 24 * 60 },
    parallel: { min: 1, max: 1000 },
};
/**
 * The runner sends SIGTERM 7.5 s after SIGINT and then kills the step: the cancel of the triggered build gets
 * this much (real) time, so the step still exits within 5 s.
 */
const CANCEL_BUDGET_MS = 4000;
const CANCEL_TIMEOUTS = { connectMs: 2000, headersMs: 3000, bodyIdleMs: 3000 };
const CANCEL_RETRY = { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 800 };
/** Reads and checks every input of the action's own before anything is sent. */
function readInputs(ctx) {
    const { inputs } = ctx;
    const branch = (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_11__/* .checkSegment */ .cr)('branch', inputs.optional('branch') ?? (0,_action_workflow_js__WEBPACK_IMPORTED_MODULE_12__/* .workflowBranch */ .M)(ctx.env));
    const revision = inputs.optional('revision');
    const tag = inputs.optional('tag');
    (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_11__/* .checkRevisionOrTag */ .TD)('revision', revision, 'tag', tag);
    if (tag !== undefined)
        (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_11__/* .checkSegment */ .cr)('tag', tag, 'a tag name');
    if (revision !== undefined)
        (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_11__/* .checkSegment */ .cr)('revision', revision, 'a commit');
    const parallel = inputs.integer('parallel', LIMITS.parallel.min, LIMITS.parallel.max);
    const params = inputs.params('params');
    const wait = inputs.boolean('wait', false);
    const timeoutMinutes = inputs.integer('wait-timeout-minutes', LIMITS.timeoutMinutes.min, LIMITS.timeoutMinutes.max, 60);
    const pollSeconds = inputs.integer('poll-interval-seconds', LIMITS.pollSeconds.min, LIMITS.pollSeconds.max, 15);
    const cancelOnAbort = inputs.boolean('cancel-on-abort', true);
    const policy = (0,_action_outcomes_js__WEBPACK_IMPORTED_MODULE_2__/* .readOutcomePolicy */ .tI)(inputs);
    const failureLogLines = inputs.integer('failure-log-lines', 0, _api_step_output_js__WEBPACK_IMPORTED_MODULE_10__/* .MAX_OUTPUT_LINES */ .$S, 50);
    return {
        branch,
        ...(revision === undefined ? {} : { revision }),
        ...(tag === undefined ? {} : { tag }),
        ...(parallel === undefined ? {} : { parallel }),
        ...(params === undefined ? {} : { params }),
        wait,
        timeoutMs: timeoutMinutes * 60_000,
        intervalMs: pollSeconds * 1000,
        cancelOnAbort,
        policy,
        failureLogLines,
    };
}
/** Triggers a build (never two), and with `wait` follows it to its end and fails the step unless it succeeds. */
async function triggerBuild(ctx) {
    const input = readInputs(ctx);
    const started = ctx.clock.now();
    const deadline = started + input.timeoutMs;
    // With `wait`, no retry wait of the transport (a long Retry-After) may run past the step's own deadline.
    const connection = ctx.connect(input.wait ? { deadline } : {});
    const { client, project } = connection;
    const request = {
        branch: input.branch,
        ...(input.revision === undefined ? {} : { revision: input.revision }),
        ...(input.tag === undefined ? {} : { tag: input.tag }),
        ...(input.parallel === undefined ? {} : { parallel: input.parallel }),
        ...(input.params === undefined ? {} : { params: input.params }),
    };
    let result;
    try {
        result = await client.trigger(project, request);
    }
    catch (error) {
        // Cancelled while the trigger was on its way: the build it may have started must not run on unseen.
        if (error instanceof _api_client_js__WEBPACK_IMPORTED_MODULE_8__/* .TriggerAbortedError */ .W0) {
            const what = await cancelLostBuild(ctx, input, request, error.before);
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_9__/* .AbortedError */ .oM(`${(0,_api_clock_js__WEBPACK_IMPORTED_MODULE_7__/* .abortReason */ .Js)(ctx.signal).message}; ${what}`);
        }
        throw error;
    }
    const { build: triggered, recoveredAfter } = result;
    const num = triggered.build_num;
    const url = triggered.build_url ?? '';
    const where = url ? `: ${url}` : '';
    if (recoveredAfter !== undefined) {
        ctx.io.warning((0,_action_text_js__WEBPACK_IMPORTED_MODULE_6__/* .logSafe */ .sN)(`The trigger's answer was lost (${recoveredAfter}); found build #${num}, which it started${where}`));
    }
    ctx.info(`Triggered build #${num} of ${project.username}/${project.project} on branch ${input.branch}${where}`);
    let last = triggered;
    let ending = { kind: 'not-waited' };
    let failedStep = '';
    // One budget of error annotations for the failed steps and the failed tests.
    const budget = new _action_build_report_js__WEBPACK_IMPORTED_MODULE_0__/* .AnnotationBudget */ .TL();
    try {
        if (!input.wait)
            return;
        ctx.info(`Waiting for build #${num} to finish: a look every ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(input.intervalMs)}, ` +
            `for at most ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(input.timeoutMs)}`);
        try {
            const result = await (0,_action_follow_js__WEBPACK_IMPORTED_MODULE_1__/* .followBuild */ .c)(ctx, connection, last, { intervalMs: input.intervalMs, deadline }, (b) => (last = b));
            if (!result.done) {
                ending = { kind: 'timed-out' };
                // With an error the time-out did not come: the next look could not have been made within it (a long
                // Retry-After), so the step says it stopped early, and why.
                const waited = (0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(ctx.clock.now() - started);
                throw new _action_poll_js__WEBPACK_IMPORTED_MODULE_3__/* .WaitError */ .uf(result.error === undefined
                    ? `Build #${num} did not finish within ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(input.timeoutMs)}; it was left ` +
                        `${(0,_action_follow_js__WEBPACK_IMPORTED_MODULE_1__/* .describeState */ .J)(last)}${where}`
                    : `Stopped waiting for build #${num} after ${waited}, before the ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(input.timeoutMs)} ` +
                        `timeout: ${result.error.message}; it was left ${(0,_action_follow_js__WEBPACK_IMPORTED_MODULE_1__/* .describeState */ .J)(last)}${where}`);
            }
        }
        catch (error) {
            if (ctx.signal.aborted) {
                const what = await cancelOnAbort(ctx, input, last);
                ending = { kind: 'cancelled', what };
                throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_9__/* .AbortedError */ .oM(`${(0,_api_clock_js__WEBPACK_IMPORTED_MODULE_7__/* .abortReason */ .Js)(ctx.signal).message}; ${what}`);
            }
            if (error instanceof _action_poll_js__WEBPACK_IMPORTED_MODULE_3__/* .PollFailedError */ .f5) {
                ending = { kind: 'gave-up', why: error.message };
                throw new _action_poll_js__WEBPACK_IMPORTED_MODULE_3__/* .WaitError */ .uf(`Gave up waiting for build #${num}: ${error.message}; it may still be running${where}`, {
                    cause: error,
                });
            }
            throw error;
        }
        const failure = last.outcome === 'success'
            ? { failedStep: undefined, summary: '' }
            : await (0,_action_build_report_js__WEBPACK_IMPORTED_MODULE_0__/* .showFailedSteps */ .An)(ctx, connection, last, input.failureLogLines, budget);
        failedStep = failure.failedStep ?? '';
        ending = { kind: 'finished', tests: await (0,_action_build_report_js__WEBPACK_IMPORTED_MODULE_0__/* .readTests */ .iv)(ctx, connection, last), failure };
        const how = last.outcome
            ? `finished with outcome '${last.outcome}' (status ${last.status ?? 'unknown'})`
            : `ended without an outcome (status ${last.status ?? 'unknown'}, lifecycle ${last.lifecycle ?? 'unknown'})`;
        if (!(0,_action_outcomes_js__WEBPACK_IMPORTED_MODULE_2__/* .passes */ .WE)(input.policy, last.outcome)) {
            const allowed = input.policy.allowed.size > 1 ? `; allowed: ${(0,_action_outcomes_js__WEBPACK_IMPORTED_MODULE_2__/* .describePolicy */ .wy)(input.policy)}` : '';
            throw new _action_poll_js__WEBPACK_IMPORTED_MODULE_3__/* .WaitError */ .uf((0,_action_text_js__WEBPACK_IMPORTED_MODULE_6__/* .logSafe */ .sN)(`Build #${num} ${how}${allowed}${where}`));
        }
        if (last.outcome === 'success')
            ctx.info(`Build #${num} succeeded${where}`);
        else
            ctx.info(`Build #${num} ${how}, which allowed-outcomes lets pass${where}`);
    }
    finally {
        ctx.setOutput('build-num', num);
        ctx.setOutput('build-url', url);
        ctx.setOutput('status', last.status ?? '');
        ctx.setOutput('lifecycle', last.lifecycle ?? '');
        ctx.setOutput('outcome', input.wait && (0,_api_records_js__WEBPACK_IMPORTED_MODULE_14__/* .isFinished */ .$g)(last) ? (last.outcome ?? '') : '');
        ctx.setOutput('failed-step', failedStep);
        await writeSummary(ctx, last, ending, ctx.clock.now() - started, budget);
    }
}
/**
 * Cancels the triggered build after the step was cancelled, once, on a connection of its own (the step's is
 * aborted) with a short budget. Returns what became of the build, for the error and the summary.
 */
async function cancelOnAbort(ctx, input, last) {
    const num = last.build_num;
    const where = last.build_url ? `: ${last.build_url}` : '';
    if ((0,_api_records_js__WEBPACK_IMPORTED_MODULE_14__/* .isFinished */ .$g)(last))
        return `build #${num} had already finished`;
    if (!input.cancelOnAbort) {
        ctx.info(`The step was cancelled; build #${num} was left running (cancel-on-abort: false)${where}`);
        return `build #${num} was left running (cancel-on-abort: false)`;
    }
    ctx.info(`The step was cancelled; cancelling build #${num}`);
    return afterAbort(ctx, async ({ client, project }) => {
        const cancelled = await client.cancel(project, num);
        ctx.info(`Cancelled build #${num} (now ${(0,_action_follow_js__WEBPACK_IMPORTED_MODULE_1__/* .describeState */ .J)(cancelled)})${where}`);
        return `build #${num} was cancelled`;
    }, (why) => {
        ctx.io.warning((0,_action_text_js__WEBPACK_IMPORTED_MODULE_6__/* .logSafe */ .sN)(`Could not cancel build #${num} (${why}); cancel it by hand${where}`));
        return `build #${num} could not be cancelled (${why}) and may still be running`;
    });
}
/** The step was cancelled during the trigger: finds the build it may have started, and cancels it. */
async function cancelLostBuild(ctx, input, request, before) {
    const branch = `branch '${input.branch}'`;
    if (!input.cancelOnAbort) {
        ctx.info(`The step was cancelled during the trigger; a build may have started on ${branch} (cancel-on-abort: false)`);
        return `a build may have started on ${branch} (cancel-on-abort: false)`;
    }
    ctx.info(`The step was cancelled during the trigger; looking for the build it may have started`);
    return afterAbort(ctx, async ({ client, project }) => {
        const found = await client.findTriggeredBuild(project, request, before);
        if (found === undefined)
            return `no build had started on ${branch}`;
        const num = found.build_num;
        const cancelled = (0,_api_records_js__WEBPACK_IMPORTED_MODULE_14__/* .isFinished */ .$g)(found) ? found : await client.cancel(project, num);
        ctx.info(`Cancelled build #${num}, started as the step was cancelled (now ${(0,_action_follow_js__WEBPACK_IMPORTED_MODULE_1__/* .describeState */ .J)(cancelled)})`);
        return `build #${num}, started as the step was cancelled, was cancelled`;
    }, (why) => {
        ctx.io.warning((0,_action_text_js__WEBPACK_IMPORTED_MODULE_6__/* .logSafe */ .sN)(`Could not check for a build started on ${branch} (${why}); look for it by hand`));
        return `a build may have started on ${branch} and could not be cancelled (${why})`;
    });
}
/**
 * Work that must still be done after the step was cancelled: on a connection of its own, with a short real-time
 * budget, so the step still ends well before the runner kills it.
 */
async function afterAbort(ctx, work, failed) {
    const budget = AbortSignal.timeout(CANCEL_BUDGET_MS);
    const connection = ctx.connect({ signal: budget, timeouts: CANCEL_TIMEOUTS, retry: CANCEL_RETRY });
    try {
        return await work(connection);
    }
    catch (error) {
        return failed(budget.aborted ? `no answer within ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(CANCEL_BUDGET_MS)}` : error.message);
    }
}
async function writeSummary(ctx, build, ending, elapsedMs, budget) {
    const parts = [(0,_action_summary_js__WEBPACK_IMPORTED_MODULE_5__/* .buildHeading */ .jI)(build)];
    const extra = {};
    if (ending.kind !== 'not-waited')
        extra['Waited'] = (0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(elapsedMs);
    parts.push((0,_action_summary_js__WEBPACK_IMPORTED_MODULE_5__/* .buildFacts */ ._x)(build, extra));
    switch (ending.kind) {
        case 'not-waited':
            parts.push('Triggered; the step did not wait for the build to finish.');
            break;
        case 'timed-out':
            parts.push(`The build did not finish within the wait; the step stopped waiting and left it running.`);
            break;
        case 'cancelled':
            parts.push(`The step was cancelled: ${(0,_action_text_js__WEBPACK_IMPORTED_MODULE_6__/* .mdSafe */ .$v)(ending.what)}.`);
            break;
        case 'gave-up':
            parts.push(`The step gave up waiting: ${(0,_action_text_js__WEBPACK_IMPORTED_MODULE_6__/* .mdSafe */ .$v)(ending.why)}`);
            break;
        case 'finished':
            if (ending.failure.summary)
                parts.push('#### Why it failed', ending.failure.summary);
            parts.push(...(0,_action_build_report_js__WEBPACK_IMPORTED_MODULE_0__/* .testsSection */ .FK)(ctx, ending.tests, budget));
            break;
    }
    try {
        await ctx.io.summary.addRaw(parts.join('\n\n'), true).write();
    }
    catch (error) {
        // A summary that cannot be written must not turn a build's verdict into another one.
        ctx.io.warning(`Could not write the job summary: ${error.message}`);
    }
}
/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
function run() {
    return (0,_action_run_js__WEBPACK_IMPORTED_MODULE_4__/* .runAction */ .Cs)(spec, triggerBuild);
}


/***/ })

};
