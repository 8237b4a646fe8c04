export const id = 124;
export const ids = [124];
export const modules = {

/***/ 1124:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   run: () => (/* binding */ run),
/* harmony export */   spec: () => (/* binding */ spec),
/* harmony export */   triggerBuild: () => (/* binding */ triggerBuild)
/* harmony export */ });
/* harmony import */ var _runner_build_report_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(817);
/* harmony import */ var _runner_gate_looks_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(638);
/* harmony import */ var _runner_gate_scope_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6618);
/* harmony import */ var _runner_verdict_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7199);
/* harmony import */ var _runner_outcomes_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2049);
/* harmony import */ var _runner_gate_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5963);
/* harmony import */ var _runner_wait_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3585);
/* harmony import */ var _runner_run_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(133);
/* harmony import */ var _runner_summary_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(2970);
/* harmony import */ var _runner_text_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(8999);
/* harmony import */ var _runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(3355);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(7370);
/* harmony import */ var _runner_trigger_api_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(3703);
/* harmony import */ var _runner_io_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(7704);
/* harmony import */ var _runner_workflow_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(649);
/* harmony import */ var _common_clock_js__WEBPACK_IMPORTED_MODULE_15__ = __webpack_require__(159);
/* harmony import */ var _service_v1_js__WEBPACK_IMPORTED_MODULE_16__ = __webpack_require__(7218);
/* harmony import */ var _service_commit_builds_js__WEBPACK_IMPORTED_MODULE_17__ = __webpack_require__(322);
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_18__ = __webpack_require__(3094);
/* harmony import */ var _service_pipeline_builds_js__WEBPACK_IMPORTED_MODULE_19__ = __webpack_require__(1467);
/* harmony import */ var _service_v2_js__WEBPACK_IMPORTED_MODULE_20__ = __webpack_require__(9575);
/* harmony import */ var _service_records_js__WEBPACK_IMPORTED_MODULE_21__ = __webpack_require__(5305);
/* harmony import */ var _service_step_output_js__WEBPACK_IMPORTED_MODULE_22__ = __webpack_require__(5063);
/* harmony import */ var _service_validate_js__WEBPACK_IMPORTED_MODULE_23__ = __webpack_require__(6609);
























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
        'trigger-api',
        'if-no-builds',
        'definition-id',
        'github-context-params',
        'github-meta',
    ],
    outputs: [
        'build-num',
        'build-url',
        'status',
        'lifecycle',
        'outcome',
        'failed-step',
        'pipeline-id',
        'pipeline-number',
        'pipeline-url',
        'workflows',
        'builds',
    ],
};
/** The real time a cancel after the step's own gets, so that the step exits before the runner kills it. */
const CANCEL_BUDGET_MS = 4000;
const CANCEL_TIMEOUTS = { connectMs: 2000, headersMs: 3000, bodyIdleMs: 3000 };
const CANCEL_RETRY = { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 800 };
/** Reads and checks every input of the action's own before anything is sent. */
function readInputs(ctx) {
    const { inputs } = ctx;
    const { branch, tag, revision } = (0,_runner_workflow_js__WEBPACK_IMPORTED_MODULE_14__/* .triggerRefOf */ .hy)({ branch: inputs.optional('branch'), tag: inputs.optional('tag'), revision: inputs.optional('revision') }, ctx.env);
    (0,_service_validate_js__WEBPACK_IMPORTED_MODULE_23__/* .checkSegment */ .cr)('branch', branch);
    (0,_service_validate_js__WEBPACK_IMPORTED_MODULE_23__/* .checkRevisionOrTag */ .TD)('revision', revision, 'tag', tag);
    if (tag !== undefined)
        (0,_service_validate_js__WEBPACK_IMPORTED_MODULE_23__/* .checkSegment */ .cr)('tag', tag, 'a tag name');
    if (revision !== undefined)
        (0,_service_validate_js__WEBPACK_IMPORTED_MODULE_23__/* .checkSegment */ .cr)('revision', revision, 'a commit');
    const parallel = inputs.integer('parallel', 1, 1000);
    const params = withContextParams(ctx, inputs.params('params'));
    const wait = inputs.boolean('wait', false);
    const timeoutMs = (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_10__/* .waitMs */ .Cu)(inputs, 'wait-timeout-minutes', 60);
    const intervalMs = (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_10__/* .pollIntervalMs */ .Bg)(inputs);
    const cancelOnAbort = inputs.boolean('cancel-on-abort', true);
    const policy = (0,_runner_outcomes_js__WEBPACK_IMPORTED_MODULE_4__/* .readOutcomePolicy */ .tI)(inputs);
    const failureLogLines = inputs.integer('failure-log-lines', 0, _service_step_output_js__WEBPACK_IMPORTED_MODULE_22__/* .MAX_OUTPUT_LINES */ .$S, 50);
    const api = (0,_runner_trigger_api_js__WEBPACK_IMPORTED_MODULE_12__/* .readTriggerApi */ .NI)(inputs);
    const ifNoBuilds = (0,_runner_outcomes_js__WEBPACK_IMPORTED_MODULE_4__/* .readIfNothing */ .ll)(inputs, 'if-no-builds', 'fail');
    const definitionId = inputs.optional('definition-id');
    if (definitionId !== undefined)
        (0,_service_validate_js__WEBPACK_IMPORTED_MODULE_23__/* .checkSegment */ .cr)('definition-id', definitionId, 'a pipeline definition id');
    const request = {
        branch,
        ...(0,_service_records_js__WEBPACK_IMPORTED_MODULE_21__/* .definedOnly */ .Uv)({ definitionId, revision, tag, parallel, params }),
    };
    // With project-slug, startBuild checks again, before anything is sent, what a slug project cannot take.
    (0,_runner_trigger_api_js__WEBPACK_IMPORTED_MODULE_12__/* .checkTriggerInputs */ .em)(api, request);
    return { api, ifNoBuilds, request, wait, timeoutMs, intervalMs, cancelOnAbort, policy, failureLogLines };
}
/** The runner variable each parameter of the service's own trigger action comes from. */
const CONTEXT_PARAMS = {
    GHA_Actor: 'GITHUB_ACTOR',
    GHA_Action: 'GITHUB_ACTION',
    GHA_Event: 'GITHUB_EVENT_NAME',
};
/**
 * With `github-context-params`, the parameters the service's own trigger action sends, with its values, so that a
 * configuration written for it runs unchanged: GHA_Actor, GHA_Action, GHA_Event, and GHA_Meta when `github-meta`
 * is given. A parameter `params` sets too keeps the value of `params`, with a warning.
 */
function withContextParams(ctx, given) {
    const meta = ctx.inputs.optional('github-meta');
    if (!ctx.inputs.boolean('github-context-params', false)) {
        if (meta !== undefined)
            ctx.io.warning('github-meta is given but not sent: it is sent only with github-context-params: true');
        return given;
    }
    // Only the variables that are set, as that action sends them (a variable not set leaves its parameter out).
    const added = Object.create(null);
    for (const [name, variable] of Object.entries(CONTEXT_PARAMS)) {
        const value = ctx.env[variable];
        if (value !== undefined)
            added[name] = value;
    }
    if (meta !== undefined)
        added['GHA_Meta'] = meta;
    const clash = Object.keys(added).filter((name) => given !== undefined && Object.hasOwn(given, name));
    if (clash.length > 0)
        ctx.io.warning(`params sets ${clash.join(', ')}, which github-context-params sets too: ` +
            `${clash.length > 1 ? 'the values given in params are' : 'the value given in params is'} sent`);
    return Object.assign(Object.create(null), added, given);
}
/** Triggers a build (never two), and with `wait` follows it to its end and fails the step unless it succeeds. */
async function triggerBuild(ctx) {
    const input = readInputs(ctx);
    const startedAt = ctx.clock.now();
    const deadline = startedAt + input.timeoutMs;
    const connection = input.wait ? (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_10__/* .connectUntil */ .HO)(ctx, deadline) : ctx.connect({ acceptSlug: true });
    const { branch, tag } = input.request;
    const title = `Triggering ${(0,_service_v1_js__WEBPACK_IMPORTED_MODULE_16__/* .projectName */ .j1)(connection.project)} on ${tag === undefined ? `branch ${branch}` : `tag ${tag}`}`;
    // The trigger is a log group; the pipeline's link, a notice after it, shows on the run's page (none for a build of
    // v1.1, whose link is in the log and the build-url output).
    let link;
    ctx.io.startGroup((0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .logSafe */ .sN)(title));
    let started;
    let confirmed;
    try {
        started = await (0,_runner_trigger_api_js__WEBPACK_IMPORTED_MODULE_12__/* .startBuild */ .bT)(connection, input.api, input.request).catch(async (error) => {
            if (!(error instanceof _service_v1_js__WEBPACK_IMPORTED_MODULE_16__/* .TriggerAbortedError */ .W0 || error instanceof _service_v2_js__WEBPACK_IMPORTED_MODULE_20__/* .PipelineTriggerAbortedError */ .k))
                throw error;
            // Cancelled while the trigger was on its way: the build it may have started must not run on unseen.
            const what = await cancelLost(ctx, input, error);
            throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_18__/* .AbortedError */ .oM(`${(0,_common_clock_js__WEBPACK_IMPORTED_MODULE_15__/* .abortReason */ .Js)(ctx.signal).message}; ${what}`);
        });
        if (started.api === 'v2') {
            link = `Pipeline #${started.pipeline.number}: ${(0,_runner_trigger_api_js__WEBPACK_IMPORTED_MODULE_12__/* .pipelineUrl */ .EL)(connection, started.pipeline)}`;
            confirmed = await confirmTriggered(ctx, connection, input, started, deadline);
        }
    }
    finally {
        ctx.io.endGroup();
        if (link !== undefined)
            ctx.io.notice(link);
    }
    if (started.api === 'none')
        return notTriggered(ctx, input, started.message);
    if (started.api === 'v2') {
        // Confirmed in the group above, or the step failed there.
        const pipeline = confirmed ?? started.pipeline;
        if (input.wait)
            await followPipeline(ctx, connection, input, pipeline, { started: startedAt, deadline });
        else {
            // Without `wait`: the pipeline's workflows listed at this moment (maybe none yet), and nothing followed.
            const url = (0,_runner_trigger_api_js__WEBPACK_IMPORTED_MODULE_12__/* .pipelineUrl */ .EL)(connection, pipeline);
            const workflows = (0,_runner_trigger_api_js__WEBPACK_IMPORTED_MODULE_12__/* .workflowRows */ .zL)(url, await new _service_v2_js__WEBPACK_IMPORTED_MODULE_20__/* .Pipelines */ .Cw(connection.transport).workflows(pipeline.id));
            setPipelineOutputs(ctx, workflows);
            const text = 'Triggered; the step did not wait for the pipeline to finish.';
            await pipelineSummary(ctx, pipeline, url, workflows, text);
        }
        return;
    }
    // Only a project v1.1 reaches gets a build of v1.1 (startBuild).
    const v1 = (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_10__/* .v11Connection */ .$c)(connection);
    const { build: triggered, recoveredAfter } = started.result;
    const num = triggered.build_num;
    const url = triggered.build_url ?? '';
    const where = url ? `: ${url}` : '';
    warnRecovered(ctx, recoveredAfter, `build #${num}`, where);
    ctx.info(`Triggered build #${num} of ${(0,_service_v1_js__WEBPACK_IMPORTED_MODULE_16__/* .projectName */ .j1)(v1.project)} on branch ${input.request.branch}${where}`);
    let last = triggered;
    /** The summary's closing: none while the step did not wait, a line, or why the finished build failed. */
    let ending;
    let tests;
    let failedStep = '';
    // One budget of error annotations for the failed steps and the failed tests.
    const budget = new _runner_build_report_js__WEBPACK_IMPORTED_MODULE_0__/* .AnnotationBudget */ .TL();
    try {
        if (!input.wait)
            return;
        ctx.info(`Waiting for build #${num} to finish: a look every ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(input.intervalMs)}, ` +
            `for at most ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(input.timeoutMs)}`);
        const words = {
            unfinished: (error) => {
                ending = ['The build did not finish within the wait; the step stopped waiting and left it running.'];
                // With an error the time-out did not come: the next look could not have been made within it (a long
                // Retry-After), so the step says it stopped early, and why.
                const waited = (0,_common_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(ctx.clock.now() - startedAt);
                return error === undefined
                    ? `Build #${num} did not finish within ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(input.timeoutMs)}; it was left ` +
                        `${(0,_runner_gate_scope_js__WEBPACK_IMPORTED_MODULE_2__/* .describeState */ .Jw)(last)}${where}`
                    : `Stopped waiting for build #${num} after ${waited}, before the ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(input.timeoutMs)} ` +
                        `timeout: ${error.message}; it was left ${(0,_runner_gate_scope_js__WEBPACK_IMPORTED_MODULE_2__/* .describeState */ .Jw)(last)}${where}`;
            },
            gaveUp: (error) => {
                ending = [`The step gave up waiting: ${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .mdSafe */ .$v)(error.message)}`];
                return `Gave up waiting for build #${num}: ${error.message}; it may still be running${where}`;
            },
        };
        try {
            // The wait is a log group, ended before the failure report prints its own (GitHub nests none).
            const follow = () => (0,_runner_gate_looks_js__WEBPACK_IMPORTED_MODULE_1__/* .followBuild */ .c9)(ctx, v1, last, { ...input, deadline }, (b) => (last = b), words);
            await (0,_runner_io_js__WEBPACK_IMPORTED_MODULE_13__/* .inGroup */ .HB)(ctx.io, `Waiting for build #${num}`, follow);
        }
        catch (error) {
            if (ctx.signal.aborted) {
                const what = await cancelOnAbort(ctx, input, last);
                ending = [`The step was cancelled: ${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .mdSafe */ .$v)(what)}.`];
                throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_18__/* .AbortedError */ .oM(`${(0,_common_clock_js__WEBPACK_IMPORTED_MODULE_15__/* .abortReason */ .Js)(ctx.signal).message}; ${what}`);
            }
            throw error;
        }
        const failure = last.outcome === 'success'
            ? { failedStep: undefined, summary: '' }
            : await (0,_runner_build_report_js__WEBPACK_IMPORTED_MODULE_0__/* .showFailedSteps */ .An)(ctx, v1, last, input.failureLogLines, budget);
        failedStep = failure.failedStep ?? '';
        ending = failure.summary ? ['#### Why it failed', failure.summary] : [];
        tests = await (0,_runner_build_report_js__WEBPACK_IMPORTED_MODULE_0__/* .readTests */ .iv)(ctx, v1, last);
        const outcome = (0,_runner_outcomes_js__WEBPACK_IMPORTED_MODULE_4__/* .outcomeOf */ .sG)(last);
        const how = outcome
            ? `finished with outcome '${outcome}' (status ${last.status ?? 'unknown'})`
            : `ended without an outcome (status ${last.status ?? 'unknown'}, lifecycle ${last.lifecycle ?? 'unknown'})`;
        if (!(0,_runner_outcomes_js__WEBPACK_IMPORTED_MODULE_4__/* .passes */ .WE)(input.policy, outcome)) {
            const allowed = input.policy.allowed.size > 1 ? `; allowed: ${(0,_runner_outcomes_js__WEBPACK_IMPORTED_MODULE_4__/* .describePolicy */ .wy)(input.policy)}` : '';
            throw (0,_runner_wait_js__WEBPACK_IMPORTED_MODULE_6__/* .waitFailed */ .bn)((0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .logSafe */ .sN)(`Build #${num} ${how}${allowed}${where}`));
        }
        if (last.outcome === 'success')
            ctx.info(`Build #${num} succeeded${where}`);
        else
            ctx.info(`Build #${num} ${how}, which allowed-outcomes lets pass${where}`);
    }
    finally {
        const judged = input.wait && (0,_service_records_js__WEBPACK_IMPORTED_MODULE_21__/* .isFinished */ .$g)(last);
        const { job, workflow } = (0,_service_commit_builds_js__WEBPACK_IMPORTED_MODULE_17__/* .jobOf */ .Zw)(last);
        ctx.setOutput('build-num', num);
        ctx.setOutput('build-url', (0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .shellSafeUrl */ .NO)(url));
        ctx.setOutput('status', (0,_runner_outcomes_js__WEBPACK_IMPORTED_MODULE_4__/* .outputWord */ .u)(ctx.info, 'status', last.status));
        ctx.setOutput('lifecycle', (0,_runner_outcomes_js__WEBPACK_IMPORTED_MODULE_4__/* .outputWord */ .u)(ctx.info, 'lifecycle', last.lifecycle));
        ctx.setOutput('outcome', judged ? (0,_runner_outcomes_js__WEBPACK_IMPORTED_MODULE_4__/* .outputWord */ .u)(ctx.info, 'outcome', (0,_runner_outcomes_js__WEBPACK_IMPORTED_MODULE_4__/* .outcomeOf */ .sG)(last)) : '');
        ctx.setOutput('failed-step', failedStep);
        ctx.setOutput('pipeline-id', '');
        ctx.setOutput('pipeline-number', '');
        ctx.setOutput('builds', [
            {
                build_num: num,
                build_url: last.build_url ? (0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .shellSafeUrl */ .NO)(last.build_url) : null,
                job: job ?? null,
                workflow: workflow ?? null,
                status: last.status ?? null,
                outcome: judged ? (0,_runner_outcomes_js__WEBPACK_IMPORTED_MODULE_4__/* .outcomeOf */ .sG)(last) || null : null,
            },
        ]);
        const waited = ending === undefined ? {} : { Waited: (0,_common_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(ctx.clock.now() - startedAt) };
        const parts = [(0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_8__/* .buildHeading */ .jI)(last), (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_8__/* .buildFacts */ ._x)(last, waited)];
        parts.push(...(ending ?? ['Triggered; the step did not wait for the build to finish.']));
        if (tests !== undefined)
            parts.push(...(0,_runner_build_report_js__WEBPACK_IMPORTED_MODULE_0__/* .testsSection */ .FK)(ctx, tests, budget));
        await (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_8__/* .appendSummary */ .fe)(ctx.io, parts.join('\n\n'));
    }
}
/** Says that the trigger's answer was lost, and what the step found it had started. */
function warnRecovered(ctx, after, what, where) {
    if (after !== undefined)
        ctx.io.warning((0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .logSafe */ .sN)(`The trigger's answer was lost (${after}); found ${what}, which it started${where}`));
}
/** Sets the outputs of a pipeline that is not followed: empty where only a build has a value. */
function setPipelineOutputs(ctx, workflows, outcome = '', more = []) {
    for (const name of ['build-num', 'build-url', 'status', 'lifecycle', 'failed-step', ...more])
        ctx.setOutput(name, '');
    ctx.setOutput('outcome', outcome);
    ctx.setOutput('workflows', workflows);
    ctx.setOutput('builds', []);
}
/**
 * A pipeline the trigger created: said, its id, number and address set, and read until its configuration was
 * compiled (docs/sunset.md), with `wait` within the step's deadline: an errored one fails the step either way.
 */
async function confirmTriggered(ctx, connection, input, { pipeline, recoveredAfter }, deadline) {
    const url = (0,_runner_trigger_api_js__WEBPACK_IMPORTED_MODULE_12__/* .pipelineUrl */ .EL)(connection, pipeline);
    const { branch, tag } = input.request;
    warnRecovered(ctx, recoveredAfter, `pipeline #${pipeline.number}`, `: ${url}`);
    ctx.info(`Triggered pipeline #${pipeline.number} (id ${pipeline.id}) of ${(0,_service_v1_js__WEBPACK_IMPORTED_MODULE_16__/* .projectName */ .j1)(connection.project)} on ` +
        `${tag === undefined ? `branch ${branch}` : `tag ${tag}`} through API v2: ${url}`);
    ctx.setOutput('pipeline-id', pipeline.id);
    ctx.setOutput('pipeline-number', pipeline.number);
    ctx.setOutput('pipeline-url', url);
    try {
        const until = input.wait ? deadline : undefined;
        return await (0,_runner_trigger_api_js__WEBPACK_IMPORTED_MODULE_12__/* .confirmPipeline */ .Lb)(ctx, new _service_v2_js__WEBPACK_IMPORTED_MODULE_20__/* .Pipelines */ .Cw(connection.transport), pipeline, until);
    }
    catch (error) {
        if (!(error instanceof _service_pipeline_builds_js__WEBPACK_IMPORTED_MODULE_19__/* .PipelineErroredError */ .GU))
            throw error;
        setPipelineOutputs(ctx, []);
        await pipelineSummary(ctx, pipeline, url, [], `The pipeline failed: ${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .mdSafe */ .$v)(error.message, 1000)}`);
        throw error;
    }
}
/** The service triggered nothing (a skip marker in the commit message): `if-no-builds` decides. */
async function notTriggered(ctx, input, message) {
    setPipelineOutputs(ctx, [], 'none', ['pipeline-id', 'pipeline-number', 'pipeline-url']);
    const text = `The service triggered no pipeline: ${message}`;
    await (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_8__/* .appendSummary */ .fe)(ctx.io, `### No pipeline\n\n${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .mdSafe */ .$v)(text, 1000)} (if-no-builds: ${input.ifNoBuilds}).`);
    const going = `${text}; going on with outcome 'none' (if-no-builds: ${input.ifNoBuilds})`;
    (0,_runner_outcomes_js__WEBPACK_IMPORTED_MODULE_4__/* .ifNothing */ .Le)(ctx, input.ifNoBuilds, going, () => (0,_runner_wait_js__WEBPACK_IMPORTED_MODULE_6__/* .waitFailed */ .bn)((0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .logSafe */ .sN)(`${text} (if-no-builds: fail)`)));
}
async function pipelineSummary(ctx, pipeline, url, workflows, text) {
    const list = workflows.map((w) => `- [${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .mdSafe */ .$v)(w.name, 100)}](${w.url}): ${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .mdSafe */ .$v)(w.status, 40)}`);
    const listed = list.length > 0 ? `\n\n**Workflows:**\n\n${list.join('\n')}` : '\n\n**Workflows:** none listed yet';
    await (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_8__/* .appendSummary */ .fe)(ctx.io, `### [Pipeline #${pipeline.number}](${url})\n\n**Id:** ${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .mdSafe */ .$v)(pipeline.id, 80)}${listed}\n\n${text}`);
}
/**
 * A pipeline started through API v2 and waited for: every job of every workflow followed to its end through
 * wait-for-build's gate, and each of its workflows cancelled if the step is.
 */
async function followPipeline(ctx, connection, input, pipeline, times) {
    // How long a setup workflow is given to continue (wait-for-build's default settle time), and how long a pipeline
    // past its set-up may list no workflow before the step takes it to run none.
    const source = (0,_runner_gate_js__WEBPACK_IMPORTED_MODULE_5__/* .pipelineSource */ .yN)(ctx, connection, pipeline, { settleMs: 30_000, emptyMs: 60_000 });
    const gate = {
        ...input,
        query: { revision: '', jobs: [] },
        workflows: [],
        jobs: [],
        named: [],
        appearMs: input.timeoutMs,
        settleMs: 0,
        source,
        label: `pipeline #${pipeline.number}`,
    };
    let builds = [];
    try {
        await (0,_runner_gate_js__WEBPACK_IMPORTED_MODULE_5__/* .gateBuilds */ .Np)(ctx, connection, gate, {
            ...times,
            buildNum: 'deciding',
            seen: (b) => (builds = b),
            onAbort: (running) => cancelPipeline(ctx, input, pipeline, source, running),
        });
    }
    finally {
        const deciding = (0,_runner_verdict_js__WEBPACK_IMPORTED_MODULE_3__/* .decidingBuild */ .Gf)(builds, input.policy);
        ctx.setOutput('status', (0,_runner_outcomes_js__WEBPACK_IMPORTED_MODULE_4__/* .outputWord */ .u)(ctx.info, 'status', deciding?.status));
        // v2 has no lifecycle: a job of a project named by its slug has its status alone (src/service/job-status.ts).
        const lifecycle = 'slug' in connection.project ? undefined : deciding?.lifecycle;
        ctx.setOutput('lifecycle', (0,_runner_outcomes_js__WEBPACK_IMPORTED_MODULE_4__/* .outputWord */ .u)(ctx.info, 'lifecycle', lifecycle));
        const url = (0,_runner_trigger_api_js__WEBPACK_IMPORTED_MODULE_12__/* .pipelineUrl */ .EL)(connection, pipeline, builds.find((b) => b.build_url)?.build_url);
        ctx.setOutput('pipeline-url', url);
        ctx.setOutput('workflows', (0,_runner_trigger_api_js__WEBPACK_IMPORTED_MODULE_12__/* .workflowRows */ .zL)(url, source.workflows));
    }
}
/** The words of a cancel of a build or pipeline the step followed. */
function cancelling(name, doing, where = '') {
    return {
        when: 'The step was cancelled',
        left: `${name} was left running`,
        doing,
        where,
        warn: (why) => `Could not cancel ${name} (${why}); cancel it by hand${where}`,
        failed: (why) => `${name} could not be cancelled (${why}) and may still be running`,
    };
}
/**
 * Work that must still be done after the step was cancelled, unless cancel-on-abort says no: on a connection of
 * its own (the step's is aborted), with a short real-time budget, so the step ends before the runner kills it.
 * Returns what became of the build or pipeline, for the error and the summary.
 */
async function afterAbort(ctx, input, says, work) {
    if (!input.cancelOnAbort) {
        ctx.info(`${says.when}; ${says.left} (cancel-on-abort: false)${says.where}`);
        return `${says.left} (cancel-on-abort: false)`;
    }
    ctx.info(`${says.when}; ${says.doing}`);
    const budget = AbortSignal.timeout(CANCEL_BUDGET_MS);
    const connection = ctx.connect({
        signal: budget,
        timeouts: CANCEL_TIMEOUTS,
        retry: CANCEL_RETRY,
        acceptSlug: true,
    });
    try {
        return await work(connection);
    }
    catch (error) {
        const why = budget.aborted
            ? `no answer within ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(CANCEL_BUDGET_MS)}`
            : error.message;
        ctx.io.warning((0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .logSafe */ .sN)(says.warn(why)));
        return says.failed(why);
    }
}
/** The step was cancelled while following a pipeline: cancels each of its workflows (v2), so nothing more runs. */
function cancelPipeline(ctx, input, pipeline, source, builds) {
    const name = `pipeline #${pipeline.number}`;
    return afterAbort(ctx, input, cancelling(name, `cancelling the workflows of ${name}`), async ({ transport, client, project }) => {
        const pipelines = new _service_v2_js__WEBPACK_IMPORTED_MODULE_20__/* .Pipelines */ .Cw(transport);
        // Workflows a look has not seen yet are listed now: an approval or a job still to come must not run.
        const known = source.workflows;
        const workflows = known.length > 0
            ? known
            : (await pipelines.workflows(pipeline.id)).map((w) => ({ ...w, done: false }));
        const open = workflows.filter((w) => !w.done);
        try {
            for (const workflow of open)
                await pipelines.cancelWorkflow(workflow.id);
        }
        catch (error) {
            // Without the workflow cancel, the v1.1 cancel still stops the builds that run (not what is to come).
            const running = builds.filter((b) => !(0,_service_records_js__WEBPACK_IMPORTED_MODULE_21__/* .isFinished */ .$g)(b));
            for (const build of running) {
                if ('slug' in project)
                    await new _service_v2_js__WEBPACK_IMPORTED_MODULE_20__/* .ProjectsV2 */ .lv(transport).cancelJob(project, build.build_num);
                else
                    await client.cancel(project, build.build_num);
            }
            const nums = running.map((b) => `#${b.build_num}`).join(', ') || 'none';
            ctx.io.warning((0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .logSafe */ .sN)(`Could not cancel the workflows of ${name} (${error.message}); cancelled its running ` +
                `builds instead (${nums}): jobs still to come may run, cancel them by hand`));
            return `the running builds of ${name} were cancelled (${nums}), not its workflows`;
        }
        const names = open.map((w) => w.name).join(', ');
        ctx.info(`Cancelled ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_11__/* .plural */ .LS)(open.length, 'workflow')} of ${name}${names ? `: ${names}` : ''}`);
        return open.length > 0 ? `${name} was cancelled (workflows ${names})` : `${name} had already ended`;
    });
}
/** The step was cancelled while following the triggered build: cancels it, once. */
async function cancelOnAbort(ctx, input, last) {
    const num = last.build_num;
    const where = last.build_url ? `: ${last.build_url}` : '';
    if ((0,_service_records_js__WEBPACK_IMPORTED_MODULE_21__/* .isFinished */ .$g)(last))
        return `build #${num} had already finished`;
    return afterAbort(ctx, input, cancelling(`build #${num}`, `cancelling build #${num}`, where), async (connection) => {
        const { client, project } = (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_10__/* .v11Connection */ .$c)(connection);
        const cancelled = await client.cancel(project, num);
        ctx.info(`Cancelled build #${num} (now ${(0,_runner_gate_scope_js__WEBPACK_IMPORTED_MODULE_2__/* .describeState */ .Jw)(cancelled)})${where}`);
        return `build #${num} was cancelled`;
    });
}
/**
 * The step was cancelled during the trigger: finds the build or pipeline it may have started (newer than
 * `before`, on its branch or tag), and cancels it, or each of its workflows (docs/promises.md, promise 2).
 */
function cancelLost(ctx, input, error) {
    const { before } = error;
    const kind = error instanceof _service_v1_js__WEBPACK_IMPORTED_MODULE_16__/* .TriggerAbortedError */ .W0 ? 'build' : 'pipeline';
    const { branch, tag } = input.request;
    const where = kind === 'pipeline' && tag !== undefined ? `tag '${tag}'` : `branch '${branch}'`;
    const says = {
        when: 'The step was cancelled during the trigger',
        left: `a ${kind} may have started on ${where}`,
        doing: `looking for the ${kind} it may have started`,
        where: '',
        warn: (why) => `Could not check for a ${kind} started on ${where} (${why}); look for it by hand`,
        failed: (why) => `a ${kind} may have started on ${where} and could not be cancelled (${why})`,
    };
    return afterAbort(ctx, input, says, async (connection) => {
        if (kind === 'build') {
            const { client, project } = (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_10__/* .v11Connection */ .$c)(connection);
            const found = await client.findTriggeredBuild(project, input.request, before);
            if (found === undefined)
                return `no build had started on ${where}`;
            const num = found.build_num;
            const cancelled = (0,_service_records_js__WEBPACK_IMPORTED_MODULE_21__/* .isFinished */ .$g)(found) ? found : await client.cancel(project, num);
            ctx.info(`Cancelled build #${num}, started as the step was cancelled (now ${(0,_runner_gate_scope_js__WEBPACK_IMPORTED_MODULE_2__/* .describeState */ .Jw)(cancelled)})`);
            return `build #${num}, started as the step was cancelled, was cancelled`;
        }
        const pipelines = new _service_v2_js__WEBPACK_IMPORTED_MODULE_20__/* .Pipelines */ .Cw(connection.transport);
        const ref = tag === undefined ? { branch } : { tag };
        const found = await pipelines.findTriggered(connection.project, ref, before);
        if (found === undefined)
            return `no pipeline had started on ${where}`;
        const name = `pipeline #${found.number} (id ${found.id})`;
        const workflows = await pipelines.workflows(found.id);
        if (workflows.length === 0) {
            ctx.io.warning(`${name} started as the step was cancelled and has no workflow yet: its workflows may still start, ` +
                'cancel it by hand');
            return `${name} started and has no workflow yet; its workflows may still start`;
        }
        const open = workflows.filter((w) => !_service_v2_js__WEBPACK_IMPORTED_MODULE_20__/* .FINAL_WORKFLOW_STATUSES */ .qY.has(w.status));
        for (const workflow of open)
            await pipelines.cancelWorkflow(workflow.id);
        const names = (0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .logSafe */ .sN)(open.map((w) => w.name).join(', '));
        ctx.info(`Cancelled ${name}, started as the step was cancelled${names ? `: workflows ${names}` : ''}`);
        return open.length > 0
            ? `${name}, started as the step was cancelled, was cancelled (workflows ${names})`
            : `${name}, started as the step was cancelled, had already ended`;
    });
}
/** Runs the action: src/actions/bundle.js calls it on the runner, and GitHub's local-action on a workstation. */
function run() {
    return (0,_runner_run_js__WEBPACK_IMPORTED_MODULE_7__/* .runAction */ .Cs)(spec, triggerBuild);
}


/***/ })

};
