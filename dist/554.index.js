export const id = 554;
export const ids = [554];
export const modules = {

/***/ 7554:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   run: () => (/* binding */ run),
/* harmony export */   spec: () => (/* binding */ spec),
/* harmony export */   waitForBuild: () => (/* binding */ waitForBuild)
/* harmony export */ });
/* harmony import */ var _runner_gate_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4649);
/* harmony import */ var _runner_gate_scope_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6618);
/* harmony import */ var _common_values_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(4415);
/* harmony import */ var _runner_outcomes_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2049);
/* harmony import */ var _runner_trigger_api_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3703);
/* harmony import */ var _runner_run_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3480);
/* harmony import */ var _runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3355);
/* harmony import */ var _runner_workflow_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(649);
/* harmony import */ var _common_name_patterns_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9872);
/* harmony import */ var _service_step_lines_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(2775);
/* harmony import */ var _service_validate_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(6609);











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
        'wait-timeout-minutes',
        'poll-interval-seconds',
        'allowed-outcomes',
        'failure-log-lines',
        'if-no-builds',
    ],
    outputs: ['build-num', 'build-url', 'outcome', 'builds', 'failed-step'],
};
/** Reads and checks every input of the action's own before anything is sent: what the gate needs. */
function readInputs(ctx) {
    const { inputs } = ctx;
    const pipelineIdText = inputs.optional('pipeline-id');
    const pipelineId = pipelineIdText && (0,_service_validate_js__WEBPACK_IMPORTED_MODULE_8__/* .checkPipelineId */ .iw)('pipeline-id', pipelineIdText);
    // As with build-num: the one pipeline named decides, and the other ways of naming builds are said unused.
    if (pipelineId !== undefined)
        warnUnused(ctx, 'pipeline-id', ['build-num', 'revision', 'branch']);
    const byCommit = pipelineId === undefined;
    const buildNum = byCommit ? inputs.integer('build-num', 1, Number.MAX_SAFE_INTEGER) : undefined;
    const givenRevision = byCommit ? inputs.optional('revision') : undefined;
    const branch = byCommit ? inputs.optional('branch') : undefined;
    if (branch !== undefined)
        (0,_service_validate_js__WEBPACK_IMPORTED_MODULE_8__/* .checkSegment */ .cr)('branch', branch);
    const read = {
        workflows: (0,_common_name_patterns_js__WEBPACK_IMPORTED_MODULE_7__/* .compileNamePatterns */ .QC)('workflow', inputs.lines('workflow')),
        jobs: (0,_common_name_patterns_js__WEBPACK_IMPORTED_MODULE_7__/* .compileNamePatterns */ .QC)('job', inputs.lines('job')),
        appearMs: (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_5__/* .waitMs */ .Cu)(inputs, 'appear-timeout-minutes', 10),
        settleMs: inputs.integer('settle-seconds', 0, 3600, 30) * 1000,
        timeoutMs: (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_5__/* .waitMs */ .Cu)(inputs, 'wait-timeout-minutes', 60),
        intervalMs: (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_5__/* .pollIntervalMs */ .Bg)(inputs),
        policy: (0,_runner_outcomes_js__WEBPACK_IMPORTED_MODULE_2__/* .readOutcomePolicy */ .tI)(inputs),
        failureLogLines: inputs.integer('failure-log-lines', 0, _service_step_lines_js__WEBPACK_IMPORTED_MODULE_9__/* .MAX_OUTPUT_LINES */ .$S, 50),
        ifNoBuilds: (0,_runner_outcomes_js__WEBPACK_IMPORTED_MODULE_2__/* .readIfNothing */ .ll)(inputs, 'if-no-builds', 'fail'),
    };
    let revision = '';
    if (buildNum !== undefined)
        warnUnused(ctx, 'build-num', ['revision', 'workflow', 'job']);
    else if (byCommit && !(0,_runner_workflow_js__WEBPACK_IMPORTED_MODULE_6__/* .branchNamesCommit */ .E2)(ctx.env, givenRevision, branch))
        revision = (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_5__/* .readRevision */ .M7)(givenRevision, ctx.env, 'build-num');
    return {
        ...(0,_common_values_js__WEBPACK_IMPORTED_MODULE_10__/* .definedOnly */ .Uv)({ pipelineId, buildNum }),
        query: { revision, ...(0,_common_values_js__WEBPACK_IMPORTED_MODULE_10__/* .definedOnly */ .Uv)({ branch }) },
        ...read,
        named: read.jobs.filter((p) => p.named),
    };
}
/** Warns that the inputs of `names` that are given are not used, because `because` is given. */
function warnUnused(ctx, because, names) {
    const given = names.filter((name) => ctx.inputs.optional(name) !== undefined);
    if (given.length > 0)
        ctx.io.warning(`${because} is given, so ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} not used`);
}
/** Fails the step unless the builds of a commit, of one pipeline, or one build by number end with an allowed
 *  outcome; it never cancels them, as they are not the step's own. */
async function waitForBuild(ctx) {
    const { pipelineId, ...input } = readInputs(ctx);
    const started = ctx.clock.now();
    const deadline = started + input.timeoutMs;
    const connection = (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_5__/* .connectUntil */ .HO)(ctx, deadline);
    if (pipelineId === undefined) {
        await (0,_runner_gate_js__WEBPACK_IMPORTED_MODULE_0__/* .gateBuilds */ .Np)(ctx, connection.service, input, { started, deadline });
        return;
    }
    const pipeline = await connection.service.pipeline(pipelineId);
    // Its link, as a notice, shows on the run's page; builds found by commit or number have no one pipeline to link.
    ctx.io.notice(`Pipeline #${pipeline.number}: ${(0,_runner_trigger_api_js__WEBPACK_IMPORTED_MODULE_3__/* .pipelineUrl */ .EL)(connection, pipeline)}`);
    const times = { settleMs: input.settleMs, emptyMs: input.appearMs };
    const { service, source } = (0,_runner_gate_js__WEBPACK_IMPORTED_MODULE_0__/* .pipelineSource */ .yN)(ctx, connection, pipeline, times, 'pipeline-id');
    const label = `pipeline #${pipeline.number}${(0,_runner_gate_scope_js__WEBPACK_IMPORTED_MODULE_1__/* .scopeOf */ .Od)(input).replace(/^the newest commit/u, '')}`;
    await (0,_runner_gate_js__WEBPACK_IMPORTED_MODULE_0__/* .gateBuilds */ .Np)(ctx, service, { ...input, source, label }, { started, deadline });
}
/** Runs the action: src/actions/bundle.js calls it on the runner, and GitHub's local-action on a workstation. */
function run() {
    return (0,_runner_run_js__WEBPACK_IMPORTED_MODULE_4__/* .runAction */ .Cs)(spec, waitForBuild);
}


/***/ })

};
