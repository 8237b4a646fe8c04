export const id = 554;
export const ids = [554];
export const modules = {

/***/ 7554:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LIMITS: () => (/* binding */ LIMITS),
/* harmony export */   readInputs: () => (/* binding */ readInputs),
/* harmony export */   run: () => (/* binding */ run),
/* harmony export */   spec: () => (/* binding */ spec),
/* harmony export */   waitForBuild: () => (/* binding */ waitForBuild)
/* harmony export */ });
/* harmony import */ var _runner_gate_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4048);
/* harmony import */ var _runner_outcomes_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2049);
/* harmony import */ var _runner_poll_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8537);
/* harmony import */ var _runner_run_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3704);
/* harmony import */ var _runner_workflow_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(649);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1013);
/* harmony import */ var _api_name_patterns_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8729);
/* harmony import */ var _api_step_output_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8164);
/* harmony import */ var _api_validate_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(1272);









const spec = {
    name: 'wait-for-build',
    inputs: [
        'build-num',
        'revision',
        'branch',
        'workflow',
        'job',
        'appear-timeout-minutes',
        'settle-seconds',
        'timeout-minutes',
        'poll-interval-seconds',
        'allowed-outcomes',
        'failure-log-lines',
        'if-no-builds',
    ],
    outputs: ['build-num', 'build-url', 'outcome', 'builds', 'failed-step'],
};
/** Input ranges: as trigger-build's, a poll interval of up to an hour and a wait of up to 35 days. */
const LIMITS = {
    pollSeconds: { min: 1, max: 3600 },
    timeoutMinutes: { min: 1, max: 35 * 24 * 60 },
    settleSeconds: { min: 0, max: 3600 },
};
/** Reads and checks every input of the action's own before anything is sent. */
function readInputs(ctx) {
    const { inputs } = ctx;
    const buildNumText = inputs.optional('build-num');
    const buildNum = buildNumText === undefined
        ? undefined
        : (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_8__/* .checkInteger */ .zQ)('build-num', buildNumText, 1, Number.MAX_SAFE_INTEGER);
    const givenRevision = inputs.optional('revision');
    const branch = inputs.optional('branch');
    if (branch !== undefined)
        (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_8__/* .checkSegment */ .cr)('branch', branch);
    const workflows = (0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_6__/* .compileNamePatterns */ .QC)('workflow', inputs.lines('workflow'));
    const jobs = (0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_6__/* .compileNamePatterns */ .QC)('job', inputs.lines('job'));
    const appearMinutes = inputs.integer('appear-timeout-minutes', LIMITS.timeoutMinutes.min, LIMITS.timeoutMinutes.max, 10);
    const settleSeconds = inputs.integer('settle-seconds', LIMITS.settleSeconds.min, LIMITS.settleSeconds.max, 30);
    const timeoutMinutes = inputs.integer('timeout-minutes', LIMITS.timeoutMinutes.min, LIMITS.timeoutMinutes.max, 60);
    const pollSeconds = inputs.integer('poll-interval-seconds', LIMITS.pollSeconds.min, LIMITS.pollSeconds.max, 15);
    const policy = (0,_runner_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .readOutcomePolicy */ .tI)(inputs);
    const failureLogLines = inputs.integer('failure-log-lines', 0, _api_step_output_js__WEBPACK_IMPORTED_MODULE_7__/* .MAX_OUTPUT_LINES */ .$S, 50);
    const ifNoBuilds = (0,_runner_gate_js__WEBPACK_IMPORTED_MODULE_0__/* .readIfNoBuilds */ .a4)(inputs);
    let revision = '';
    // On a comment, a branch given alone names the commit through its newest build.
    const fromBranch = buildNum === undefined &&
        givenRevision === undefined &&
        branch !== undefined &&
        (0,_runner_workflow_js__WEBPACK_IMPORTED_MODULE_4__/* .commentsOnPullRequest */ .uz)(ctx.env);
    if (buildNum === undefined && !fromBranch) {
        const raw = givenRevision ?? (0,_runner_workflow_js__WEBPACK_IMPORTED_MODULE_4__/* .workflowRevision */ .VS)(ctx.env);
        if (raw === undefined) {
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ValidationError */ .yI('revision', 'a value is required when GITHUB_SHA is not set (or give build-num)', undefined, 'missing');
        }
        if (!/^[0-9a-f]{7,40}$/i.test(raw)) {
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .ValidationError */ .yI('revision', 'allowed: a commit SHA, or a prefix of at least 7 hex digits', raw);
        }
        revision = raw.toLowerCase();
    }
    else {
        const unused = ['revision', 'workflow', 'job'].filter((name) => inputs.optional(name) !== undefined);
        if (unused.length > 0) {
            ctx.io.warning(`build-num is given, so ${unused.join(', ')} ${unused.length > 1 ? 'are' : 'is'} not used`);
        }
    }
    return {
        ...(buildNum === undefined ? {} : { buildNum }),
        query: { revision, ...(branch === undefined ? {} : { branch }) },
        workflows,
        jobs,
        named: jobs.filter((p) => p.named),
        ifNoBuilds,
        appearMs: appearMinutes * 60_000,
        settleMs: settleSeconds * 1000,
        timeoutMs: timeoutMinutes * 60_000,
        intervalMs: pollSeconds * 1000,
        policy,
        failureLogLines,
    };
}
/**
 * Waits until the builds of a commit (or one build by number) have ended, and fails the step unless each ended
 * with an allowed outcome. It never cancels a build: they are not the step's own.
 */
async function waitForBuild(ctx) {
    const input = readInputs(ctx);
    const started = ctx.clock.now();
    const deadline = started + input.timeoutMs;
    const connection = ctx.connect({ deadline, signal: (0,_runner_poll_js__WEBPACK_IMPORTED_MODULE_2__/* .untilDeadline */ .Hm)(ctx.signal, ctx.clock, deadline) });
    await (0,_runner_gate_js__WEBPACK_IMPORTED_MODULE_0__/* .gateBuilds */ .Np)(ctx, connection, input, { started, deadline });
}
/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
function run() {
    return (0,_runner_run_js__WEBPACK_IMPORTED_MODULE_3__/* .runAction */ .Cs)(spec, waitForBuild);
}


/***/ })

};
