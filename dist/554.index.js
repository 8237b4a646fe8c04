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
/* harmony import */ var _runner_gate_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5963);
/* harmony import */ var _api_pipeline_builds_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(260);
/* harmony import */ var _api_projects_v2_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7681);
/* harmony import */ var _api_records_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5942);
/* harmony import */ var _runner_wait_loops_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7123);
/* harmony import */ var _api_pipelines_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(103);
/* harmony import */ var _runner_outcomes_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2049);
/* harmony import */ var _runner_poll_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8537);
/* harmony import */ var _runner_run_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(3704);
/* harmony import */ var _runner_workflow_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(649);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(1013);
/* harmony import */ var _api_name_patterns_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(8729);
/* harmony import */ var _api_step_output_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(8164);
/* harmony import */ var _api_validate_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(1272);














const spec = {
    name: 'wait-for-build',
    inputs: [
        'pipeline-id',
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
/** Input ranges: the waiting actions' own, and how long a commit's builds may take to settle. */
const LIMITS = {
    ..._runner_poll_js__WEBPACK_IMPORTED_MODULE_7__/* .WAIT_LIMITS */ .NW,
    settleSeconds: { min: 0, max: 3600 },
};
/** Reads and checks every input of the action's own before anything is sent. */
function readInputs(ctx) {
    const { inputs } = ctx;
    const pipelineIdText = inputs.optional('pipeline-id');
    let buildNumText = inputs.optional('build-num');
    let givenRevision = inputs.optional('revision');
    let branch = inputs.optional('branch');
    const pipelineId = pipelineIdText === undefined ? undefined : (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_13__/* .checkPipelineId */ .iw)('pipeline-id', pipelineIdText);
    const also = [buildNumText && 'build-num', givenRevision && 'revision', branch && 'branch'].filter(Boolean);
    if (pipelineId !== undefined && also.length > 0) {
        // As with build-num: the one pipeline named decides, and the other ways of naming builds are said unused.
        ctx.io.warning(`pipeline-id is given, so ${also.join(', ')} ${also.length > 1 ? 'are' : 'is'} not used`);
        buildNumText = givenRevision = branch = undefined;
    }
    const buildNum = buildNumText === undefined
        ? undefined
        : (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_13__/* .checkInteger */ .zQ)('build-num', buildNumText, 1, Number.MAX_SAFE_INTEGER);
    if (branch !== undefined)
        (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_13__/* .checkSegment */ .cr)('branch', branch);
    const workflows = (0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_11__/* .compileNamePatterns */ .QC)('workflow', inputs.lines('workflow'));
    const jobs = (0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_11__/* .compileNamePatterns */ .QC)('job', inputs.lines('job'));
    const appearMinutes = inputs.integer('appear-timeout-minutes', LIMITS.timeoutMinutes.min, LIMITS.timeoutMinutes.max, 10);
    const settleSeconds = inputs.integer('settle-seconds', LIMITS.settleSeconds.min, LIMITS.settleSeconds.max, 30);
    const timeoutMinutes = inputs.integer('timeout-minutes', LIMITS.timeoutMinutes.min, LIMITS.timeoutMinutes.max, 60);
    const pollSeconds = inputs.integer('poll-interval-seconds', LIMITS.pollSeconds.min, LIMITS.pollSeconds.max, 15);
    const policy = (0,_runner_outcomes_js__WEBPACK_IMPORTED_MODULE_6__/* .readOutcomePolicy */ .tI)(inputs);
    const failureLogLines = inputs.integer('failure-log-lines', 0, _api_step_output_js__WEBPACK_IMPORTED_MODULE_12__/* .MAX_OUTPUT_LINES */ .$S, 50);
    const ifNoBuilds = (0,_runner_gate_js__WEBPACK_IMPORTED_MODULE_0__/* .readIfNoBuilds */ .a4)(inputs);
    let revision = '';
    // On a comment, a branch given alone names the commit through its newest build.
    const fromBranch = buildNum === undefined &&
        givenRevision === undefined &&
        branch !== undefined &&
        (0,_runner_workflow_js__WEBPACK_IMPORTED_MODULE_9__/* .commentsOnPullRequest */ .uz)(ctx.env);
    if (pipelineId === undefined && buildNum === undefined && !fromBranch) {
        const raw = givenRevision ?? (0,_runner_workflow_js__WEBPACK_IMPORTED_MODULE_9__/* .workflowRevision */ .VS)(ctx.env);
        if (raw === undefined) {
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_10__/* .ValidationError */ .yI('revision', 'a value is required when GITHUB_SHA is not set (or give build-num)', undefined, 'missing');
        }
        if (!/^[0-9a-f]{7,40}$/i.test(raw)) {
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_10__/* .ValidationError */ .yI('revision', 'allowed: a commit SHA, or a prefix of at least 7 hex digits', raw);
        }
        revision = raw.toLowerCase();
    }
    else if (buildNum !== undefined) {
        const unused = ['revision', 'workflow', 'job'].filter((name) => inputs.optional(name) !== undefined);
        if (unused.length > 0) {
            ctx.io.warning(`build-num is given, so ${unused.join(', ')} ${unused.length > 1 ? 'are' : 'is'} not used`);
        }
    }
    return {
        ...(pipelineId === undefined ? {} : { pipelineId }),
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
 * Waits until the builds of a commit, of one pipeline, or one build by number have ended, and fails the step unless
 * each ended with an allowed outcome. It never cancels a build: they are not the step's own.
 */
async function waitForBuild(ctx) {
    const { pipelineId, ...input } = readInputs(ctx);
    const started = ctx.clock.now();
    const deadline = started + input.timeoutMs;
    // A project named by its slug is reached through v2 in every mode (docs/v2.md).
    const connection = ctx.connect({
        deadline,
        signal: (0,_runner_poll_js__WEBPACK_IMPORTED_MODULE_7__/* .untilDeadline */ .Hm)(ctx.signal, ctx.clock, deadline),
        acceptSlug: true,
    });
    const { project } = connection;
    if (pipelineId === undefined && 'slug' in project && input.buildNum !== undefined) {
        // Its job, by number, is read through v2 job details look after look, as a source of one build.
        const { buildNum: num, ...rest } = input;
        const read = (0,_api_pipeline_builds_js__WEBPACK_IMPORTED_MODULE_1__/* .jobReader */ .Ps)(connection.client, new _api_projects_v2_js__WEBPACK_IMPORTED_MODULE_2__/* .ProjectsV2 */ .lv(connection.transport), project);
        const source = {
            look: async () => {
                const build = await read(num);
                return { builds: [build], truncated: false, complete: (0,_api_records_js__WEBPACK_IMPORTED_MODULE_3__/* .isFinished */ .$g)(build) };
            },
        };
        const label = `job #${num}`;
        const one = { ...rest, workflows: [], jobs: [], named: [], source, label };
        await (0,_runner_gate_js__WEBPACK_IMPORTED_MODULE_0__/* .gateBuilds */ .Np)(ctx, connection, one, { started, deadline });
        return;
    }
    if (pipelineId === undefined) {
        await (0,_runner_gate_js__WEBPACK_IMPORTED_MODULE_0__/* .gateBuilds */ .Np)(ctx, connection, input, { started, deadline });
        return;
    }
    const pipeline = await new _api_pipelines_js__WEBPACK_IMPORTED_MODULE_5__/* .Pipelines */ .Cw(connection.transport).pipeline(pipelineId);
    const source = (0,_runner_gate_js__WEBPACK_IMPORTED_MODULE_0__/* .pipelineSource */ .yN)(ctx, connection, pipeline, {
        settleMs: input.settleMs,
        emptyMs: input.appearMs,
    });
    const scope = (0,_runner_wait_loops_js__WEBPACK_IMPORTED_MODULE_4__/* .scopeOf */ .Od)(input).replace(/^the newest commit/u, '');
    await (0,_runner_gate_js__WEBPACK_IMPORTED_MODULE_0__/* .gatePipeline */ .gD)(ctx, connection, { ...input, source, label: `pipeline #${pipeline.number}${scope}` }, { started, deadline });
}
/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
function run() {
    return (0,_runner_run_js__WEBPACK_IMPORTED_MODULE_8__/* .runAction */ .Cs)(spec, waitForBuild);
}


/***/ })

};
