export const id = 844;
export const ids = [844];
export const modules = {

/***/ 7844:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   approve: () => (/* binding */ approve),
/* harmony export */   run: () => (/* binding */ run),
/* harmony export */   spec: () => (/* binding */ spec)
/* harmony export */ });
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(2249);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _api_name_patterns_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8729);
/* harmony import */ var _api_client_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7157);
/* harmony import */ var _api_pipelines_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(103);
/* harmony import */ var _api_records_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5942);
/* harmony import */ var _api_validate_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1272);
/* harmony import */ var _runner_poll_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8537);
/* harmony import */ var _runner_run_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3704);
/* harmony import */ var _runner_summary_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(2970);
/* harmony import */ var _runner_text_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(8999);
/* harmony import */ var _runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(3355);
/* harmony import */ var _runner_workflow_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(649);













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
    const timing = {
        jobs,
        waitMs: (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_10__/* .waitMs */ .Cu)(inputs, 'wait-for-hold-minutes', 10, 0),
        intervalMs: (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_10__/* .pollIntervalMs */ .Bg)(inputs),
    };
    if (pipelineIdText !== undefined) {
        const also = [givenRevision && 'revision', branch && 'branch'].filter(Boolean).join(' and ');
        if (also !== '') {
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('pipeline-id', 'give pipeline-id, or else revision and branch, not both', undefined, `${also} ${also.includes(' and ') ? 'are' : 'is'} given too`);
        }
        return { pipelineId: (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkPipelineId */ .iw)('pipeline-id', pipelineIdText), revision: '', ...timing };
    }
    if (branch !== undefined)
        (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkSegment */ .cr)('branch', branch);
    const withBranch = (0,_api_records_js__WEBPACK_IMPORTED_MODULE_4__/* .definedOnly */ .Uv)({ branch });
    // On a comment, a branch given alone names the commit through its newest pipeline, as in wait-for-build.
    if (givenRevision === undefined && branch !== undefined && (0,_runner_workflow_js__WEBPACK_IMPORTED_MODULE_11__/* .commentsOnPullRequest */ .uz)(ctx.env))
        return { revision: '', ...withBranch, ...timing };
    return { revision: (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_10__/* .readRevision */ .M7)(givenRevision, ctx.env, 'pipeline-id'), ...withBranch, ...timing };
}
/** Approves the chosen jobs on hold in one pipeline, once a matching one comes on hold. */
async function approve(ctx) {
    const input = readInputs(ctx);
    // A pipeline's and a workflow's calls name no project: with pipeline-id none is needed.
    const { project, transport } = ctx.connect({
        needsProject: input.pipelineId === undefined,
        acceptSlug: true,
    });
    const pipelines = new _api_pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .Pipelines */ .Cw(transport);
    const started = ctx.clock.now();
    const commit = (input.revision === '' ? 'the branch' : `commit ${input.revision}`) +
        (input.branch === undefined ? '' : ` on branch ${input.branch}`);
    const chosen = input.jobs.length === 0 ? 'approval job' : `approval job matching ${(0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_1__/* .describePatterns */ .BL)(input.jobs)}`;
    let pipeline;
    let seen = [];
    const approved = [];
    try {
        const result = await (0,_runner_poll_js__WEBPACK_IMPORTED_MODULE_6__/* .poll */ .wt)({
            clock: ctx.clock,
            signal: ctx.signal,
            intervalMs: input.intervalMs,
            deadline: started + input.waitMs,
            onHeartbeat: (state) => ctx.info(`Still waiting for an ${chosen} on hold (${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_12__/* .formatDuration */ .a3)(state.elapsedMs)})`),
            onFailure: (error, state) => ctx.io.warning(`${error.message}; looking again in ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_12__/* .formatDuration */ .a3)(state.nextInMs)}`),
        }, async () => {
            // A pipeline named by id is read once; a commit's newest may change from one look to the next.
            const found = input.pipelineId === undefined
                ? await pipelines.newestPipeline(project, { ...(0,_api_records_js__WEBPACK_IMPORTED_MODULE_4__/* .definedOnly */ .Uv)({ branch: input.branch }), max: MAX_PIPELINES }, (p) => (p.vcs?.revision ?? '').toLowerCase().startsWith(input.revision))
                : (pipeline ?? (await pipelines.pipeline(input.pipelineId)));
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
            throw new _runner_poll_js__WEBPACK_IMPORTED_MODULE_6__/* .WaitError */ .uf(pipeline === undefined
                ? `No pipeline of ${commit} was found within ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_12__/* .formatDuration */ .a3)(input.waitMs)} among the project's ` +
                    `${MAX_PIPELINES} newest pipelines${why}`
                : `No ${chosen} came on hold in pipeline #${pipeline.number} within ` +
                    `${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_12__/* .formatDuration */ .a3)(input.waitMs)}${why}; ` +
                    (seen.length === 0
                        ? 'the pipeline has no approval job'
                        : `its approval jobs: ${seen.map((a) => `${a.name}: ${a.status}`).join('; ')}`));
        }
        if (result.value.length === 0) {
            ctx.info(`Nothing to approve: every ${chosen} of pipeline #${pipeline?.number ?? ''} was already approved ` +
                `(${seen.flatMap((a) => (a.chosen ? [a.name] : [])).join(', ')})`);
        }
        for (const hold of result.value) {
            await approveOnce(ctx, pipelines, hold);
            approved.push({ workflow: hold.workflow, job: hold.job, approval_request_id: hold.requestId });
            ctx.info(`Approved ${hold.name}`);
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
                (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_8__/* .headerRow */ .U1)('Workflow', 'Approval job'),
                ...approved.map((a) => [(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .htmlSafe */ .br)(a.workflow), (0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .htmlSafe */ .br)(a.job)]),
            ])
                .write();
        }
    }
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
                name: `${job.name} of workflow ${workflow.name}`,
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
    const { workflowId, requestId, name: what } = hold;
    for (let attempt = 1;; attempt++) {
        try {
            await pipelines.approve(workflowId, requestId);
            return;
        }
        catch (error) {
            if (!(0,_api_client_js__WEBPACK_IMPORTED_MODULE_2__/* .isAmbiguous */ .X2)(error) || attempt >= MAX_APPROVE_ATTEMPTS)
                throw error;
            const job = (await pipelines.jobs(workflowId)).find((j) => j.approval_request_id === requestId);
            if (job?.status === 'success')
                return;
            if (job?.status !== 'on_hold') {
                throw new _runner_poll_js__WEBPACK_IMPORTED_MODULE_6__/* .WaitError */ .uf(`${error.message}; ${what} is now ${job?.status ?? 'gone'}, not approved`, {
                    cause: error,
                });
            }
            ctx.io.warning(`${error.message}; ${what} is still on hold, so its approval is sent again`);
        }
    }
}
/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
function run() {
    return (0,_runner_run_js__WEBPACK_IMPORTED_MODULE_7__/* .runAction */ .Cs)(spec, approve);
}


/***/ })

};
