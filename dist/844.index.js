export const id = 844;
export const ids = [844,554];
export const modules = {

/***/ 7844:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MAX_PIPELINES: () => (/* binding */ MAX_PIPELINES),
/* harmony export */   approve: () => (/* binding */ approve),
/* harmony export */   readInputs: () => (/* binding */ readInputs),
/* harmony export */   run: () => (/* binding */ run),
/* harmony export */   spec: () => (/* binding */ spec)
/* harmony export */ });
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(2249);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _api_name_patterns_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8729);
/* harmony import */ var _api_pipelines_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(103);
/* harmony import */ var _api_validate_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1272);
/* harmony import */ var _runner_poll_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8537);
/* harmony import */ var _runner_run_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3704);
/* harmony import */ var _runner_text_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8999);
/* harmony import */ var _runner_workflow_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(649);
/* harmony import */ var _wait_for_build_wait_for_build_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(7554);










const spec = {
    name: 'approve',
    inputs: ['pipeline-id', 'revision', 'branch', 'job', 'wait-for-hold-minutes', 'poll-interval-seconds'],
    outputs: ['approved', 'count'],
};
/** Pipelines of the project read at most to find a commit's newest one. */
const MAX_PIPELINES = 100;
/** Times one approval is sent at most, each after the job list showed it still on hold. */
const MAX_APPROVE_ATTEMPTS = 3;
/** Reads and checks every input of the action's own before anything is sent. */
function readInputs(ctx) {
    const { inputs } = ctx;
    const pipelineIdText = inputs.optional('pipeline-id');
    const givenRevision = inputs.optional('revision');
    const branch = inputs.optional('branch');
    const jobs = (0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_1__/* .compileNamePatterns */ .QC)('job', inputs.lines('job'));
    const waitMinutes = inputs.integer('wait-for-hold-minutes', 0, _wait_for_build_wait_for_build_js__WEBPACK_IMPORTED_MODULE_8__.LIMITS.timeoutMinutes.max, 10);
    const pollSeconds = inputs.integer('poll-interval-seconds', _wait_for_build_wait_for_build_js__WEBPACK_IMPORTED_MODULE_8__.LIMITS.pollSeconds.min, _wait_for_build_wait_for_build_js__WEBPACK_IMPORTED_MODULE_8__.LIMITS.pollSeconds.max, 15);
    const timing = { jobs, waitMs: waitMinutes * 60_000, intervalMs: pollSeconds * 1000 };
    if (pipelineIdText !== undefined) {
        const also = [givenRevision && 'revision', branch && 'branch'].filter(Boolean).join(' and ');
        if (also !== '') {
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('pipeline-id', 'give pipeline-id, or else revision and branch, not both', undefined, `${also} ${also.includes(' and ') ? 'are' : 'is'} given too`);
        }
        return { pipelineId: (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkPipelineId */ .iw)('pipeline-id', pipelineIdText), revision: '', ...timing };
    }
    if (branch !== undefined)
        (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkSegment */ .cr)('branch', branch);
    const withBranch = branch === undefined ? {} : { branch };
    // On a comment, a branch given alone names the commit through its newest pipeline, as in wait-for-build.
    if (givenRevision === undefined && branch !== undefined && (0,_runner_workflow_js__WEBPACK_IMPORTED_MODULE_7__/* .commentsOnPullRequest */ .uz)(ctx.env))
        return { revision: '', ...withBranch, ...timing };
    const raw = givenRevision ?? (0,_runner_workflow_js__WEBPACK_IMPORTED_MODULE_7__/* .workflowRevision */ .VS)(ctx.env);
    if (raw === undefined) {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('revision', 'a value is required when GITHUB_SHA is not set (or give pipeline-id)', undefined, 'missing');
    }
    if (!/^[0-9a-f]{7,40}$/i.test(raw))
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('revision', 'allowed: a commit SHA, or a prefix of at least 7 hex digits', raw);
    return { revision: raw.toLowerCase(), ...withBranch, ...timing };
}
/**
 * Approves the service's approval jobs on hold in one pipeline: the one named, or the newest of a commit. It waits
 * for a matching job to come on hold, and sends each approval once.
 */
async function approve(ctx) {
    const input = readInputs(ctx);
    // A pipeline's and a workflow's calls name no project: with pipeline-id none is needed.
    const { project, transport } = ctx.connect({
        needsProject: input.pipelineId === undefined,
        acceptSlug: true,
    });
    const pipelines = new _api_pipelines_js__WEBPACK_IMPORTED_MODULE_2__/* .Pipelines */ .Cw(transport);
    const started = ctx.clock.now();
    const commit = (input.revision === '' ? 'the branch' : `commit ${input.revision}`) +
        (input.branch === undefined ? '' : ` on branch ${input.branch}`);
    const chosen = input.jobs.length === 0 ? 'approval job' : `approval job matching ${(0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_1__/* .describePatterns */ .BL)(input.jobs)}`;
    let pipeline;
    let seen = [];
    const approved = [];
    try {
        const result = await (0,_runner_poll_js__WEBPACK_IMPORTED_MODULE_4__/* .poll */ .wt)({
            clock: ctx.clock,
            signal: ctx.signal,
            intervalMs: input.intervalMs,
            deadline: started + input.waitMs,
            onHeartbeat: (state) => ctx.info(`Still waiting for an ${chosen} on hold (${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_9__/* .formatDuration */ .a3)(state.elapsedMs)})`),
            onFailure: (error, state) => ctx.io.warning(`${error.message}; looking again in ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_9__/* .formatDuration */ .a3)(state.nextInMs)}`),
        }, async () => {
            // A pipeline named by id is read once; a commit's newest may change from one look to the next.
            const found = input.pipelineId !== undefined && pipeline !== undefined
                ? pipeline
                : await findPipeline(pipelines, project, input);
            if (found === undefined)
                return { done: false };
            if (found.id !== pipeline?.id) {
                pipeline = found;
                ctx.info(`Pipeline #${found.number} (${found.id})${input.pipelineId === undefined ? ` of ${commit}` : ''}`);
            }
            seen = await approvalsOf(pipelines, found.id, input.jobs);
            const chosenJobs = seen.filter((a) => a.chosen);
            const onHold = chosenJobs.filter((a) => a.status === 'on_hold');
            if (onHold.length > 0)
                return { done: true, value: onHold };
            if (chosenJobs.length > 0 && chosenJobs.every((a) => a.status === 'success'))
                return { done: true, value: [] };
            return { done: false };
        });
        if (!result.done) {
            const why = result.error === undefined ? '' : ` (${result.error.message})`;
            throw new _runner_poll_js__WEBPACK_IMPORTED_MODULE_4__/* .WaitError */ .uf(pipeline === undefined
                ? `No pipeline of ${commit} was found within ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_9__/* .formatDuration */ .a3)(input.waitMs)} among the project's ` +
                    `${MAX_PIPELINES} newest pipelines${why}`
                : `No ${chosen} came on hold in pipeline #${pipeline.number} within ` +
                    `${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_9__/* .formatDuration */ .a3)(input.waitMs)}${why}; ${describeApprovals(seen)}`);
        }
        if (result.value.length === 0) {
            ctx.info(`Nothing to approve: every ${chosen} of pipeline #${pipeline?.number ?? ''} was already approved ` +
                `(${seen
                    .filter((a) => a.chosen)
                    .map((a) => `${a.job} of workflow ${a.workflow}`)
                    .join(', ')})`);
        }
        for (const hold of result.value) {
            await approveOnce(ctx, pipelines, hold);
            approved.push({ workflow: hold.workflow, job: hold.job, approval_request_id: hold.requestId });
            ctx.info(`Approved ${hold.job} of workflow ${hold.workflow}`);
        }
    }
    finally {
        // What was approved is reported even when a later approval fails.
        ctx.setOutput('approved', approved);
        ctx.setOutput('count', approved.length);
        if (approved.length > 0) {
            await ctx.io.summary
                .addHeading(`Approved in pipeline #${pipeline?.number ?? ''} of the service`, 3)
                .addRaw("The service records the token's user as the approver; a GitHub environment's reviewer is recorded by GitHub.", true)
                .addTable([
                [
                    { data: 'Workflow', header: true },
                    { data: 'Approval job', header: true },
                ],
                ...approved.map((a) => [(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_6__/* .htmlSafe */ .br)(a.workflow), (0,_runner_text_js__WEBPACK_IMPORTED_MODULE_6__/* .htmlSafe */ .br)(a.job)]),
            ])
                .write();
        }
    }
}
/** The pipeline named, or the newest of the commit (on the branch when given). */
async function findPipeline(pipelines, project, input) {
    if (input.pipelineId !== undefined)
        return pipelines.pipeline(input.pipelineId);
    return pipelines.newestPipeline(project, { ...(input.branch === undefined ? {} : { branch: input.branch }), max: MAX_PIPELINES }, (p) => (p.vcs?.revision ?? '').toLowerCase().startsWith(input.revision));
}
/** Every approval job of the pipeline's workflows, marked when the patterns choose it. */
async function approvalsOf(pipelines, pipelineId, patterns) {
    const approvals = [];
    for (const workflow of await pipelines.workflows(pipelineId)) {
        for (const job of await pipelines.jobs(workflow.id)) {
            if (job.type !== 'approval')
                continue;
            // Approving names the request: a hold without one could never be released by this step.
            if (job.status === 'on_hold' && typeof job.approval_request_id !== 'string')
                throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UnusableAnswerError */ .qx('GET', `v2 /workflow/${workflow.id}/job`, `${job.name} names no approval_request_id`);
            approvals.push({
                workflow: workflow.name,
                workflowId: workflow.id,
                job: job.name,
                status: job.status,
                requestId: job.approval_request_id ?? '',
                chosen: (0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_1__/* .choosesName */ .Cx)(patterns, job.name),
            });
        }
    }
    return approvals;
}
/**
 * Sends one approval. After a failure that leaves open whether it arrived, the workflow's jobs are read again:
 * it is sent again only while the job is still on hold (docs/promises.md, promise 1).
 */
async function approveOnce(ctx, pipelines, hold) {
    const { workflowId, requestId } = hold;
    const what = `${hold.job} of workflow ${hold.workflow}`;
    for (let attempt = 1;; attempt++) {
        try {
            await pipelines.approve(workflowId, requestId);
            return;
        }
        catch (error) {
            if (!(0,_api_pipelines_js__WEBPACK_IMPORTED_MODULE_2__/* .isAmbiguous */ .X2)(error) || attempt >= MAX_APPROVE_ATTEMPTS)
                throw error;
            const job = (await pipelines.jobs(workflowId)).find((j) => j.approval_request_id === requestId);
            if (job?.status === 'success')
                return;
            if (job?.status !== 'on_hold') {
                throw new _runner_poll_js__WEBPACK_IMPORTED_MODULE_4__/* .WaitError */ .uf(`${error.message}; ${what} is now ${job?.status ?? 'gone'}, not approved`, {
                    cause: error,
                });
            }
            ctx.io.warning(`${error.message}; ${what} is still on hold, so its approval is sent again`);
        }
    }
}
/** `hold of workflow deploy: blocked; ...`, or that there is none. */
function describeApprovals(approvals) {
    if (approvals.length === 0)
        return 'the pipeline has no approval job';
    return `its approval jobs: ${approvals
        .map((a) => `${a.job} of workflow ${a.workflow}: ${a.status}`)
        .join('; ')}`;
}
/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
function run() {
    return (0,_runner_run_js__WEBPACK_IMPORTED_MODULE_5__/* .runAction */ .Cs)(spec, approve);
}


/***/ }),

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
