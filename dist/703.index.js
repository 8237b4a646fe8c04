export const id = 703;
export const ids = [703];
export const modules = {

/***/ 3703:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EL: () => (/* binding */ pipelineUrl),
/* harmony export */   KP: () => (/* binding */ warnRecovered),
/* harmony export */   LM: () => (/* binding */ rerunBuild),
/* harmony export */   Lb: () => (/* binding */ confirmPipeline),
/* harmony export */   NI: () => (/* binding */ readTriggerApi),
/* harmony export */   bT: () => (/* binding */ startBuild),
/* harmony export */   em: () => (/* binding */ checkTriggerInputs),
/* harmony export */   zL: () => (/* binding */ workflowRows)
/* harmony export */ });
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);
/* harmony import */ var _service_validate_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6609);
/* harmony import */ var _service_v2_trigger_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5110);
/* harmony import */ var _service_slug_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9816);
/* harmony import */ var _service_service_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8455);
/* harmony import */ var _service_records_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5305);
/* harmony import */ var _service_pipeline_builds_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(1467);
/* harmony import */ var _service_http_sunset_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(1520);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(8999);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(7370);
/* harmony import */ var _service_v2_records_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(216);











function readTriggerApi(inputs) {
    return inputs.oneOf('trigger-api', ['auto', 'v1.1', 'v2'], 'auto');
}
/** What v2 cannot take: `revision` and `parallel` (a pipeline builds the head of a branch, or a tag). */
function withoutV2Form(request) {
    return ['revision', 'parallel'].filter((input) => request[input] !== undefined);
}
const NO_V2_FORM = 'API v2 has no such input: a pipeline builds the head of a branch (or a tag) and its configuration sets the ' +
    'parallelism; to gate on a commit, use wait-for-build';
const V1_SINGLE_JOB = 'the v1.1 trigger runs a single job of a pipeline configuration (version 2.1), not its workflows, and stops ' +
    'on 2027-02-01';
// Inputs that do not go together are a mistake found before anything is sent: with `trigger-api: v2` or a
// project named by its slug (which only API v2 reaches), one v2 cannot take; with `definition-id`, v1.1's.
function checkTriggerInputs(api, request, slug = false) {
    if (slug && api === 'v1.1')
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('trigger-api', "allowed with project-slug: 'v2' or 'auto' (a project named by its slug has only API v2)", api);
    const [input] = withoutV2Form(request);
    if (request.definitionId !== undefined && (input !== undefined || api === 'v1.1')) {
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('definition-id', `leave it out with ${input ?? 'trigger-api: v1.1'}: only a pipeline (API v2) runs a definition`, undefined, 'not used');
    }
    // The v2 trigger's limits, before anything is sent; a build of v1.1 has none.
    const toV2 = slug || api === 'v2' || (api === 'auto' && input === undefined);
    if (toV2 && request.params !== undefined)
        (0,_service_validate_js__WEBPACK_IMPORTED_MODULE_1__/* .checkPipelineParams */ .Jd)('params', request.params);
    if ((api === 'v2' || slug) && input !== undefined) {
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(input, `leave it out with ${slug ? 'project-slug' : 'trigger-api: v2'}. ${NO_V2_FORM}`, undefined, 'not used');
    }
}
/** Starts a pipeline through v2, or a build through v1.1 when `api` or the inputs say so or v2 has no trigger. */
async function startBuild(connection, api, request) {
    const service = (0,_service_service_js__WEBPACK_IMPORTED_MODULE_4__/* .openService */ .I)(connection);
    const v1 = service.triple && { ...connection, project: service.triple };
    checkTriggerInputs(api, request, v1 === undefined);
    const log = connection.transport.log.bind(connection.transport);
    const unsent = withoutV2Form(request).join(' and ');
    if (v1 !== undefined && api === 'v1.1')
        return startV1(v1, api, request);
    if (v1 !== undefined && api === 'auto' && unsent !== '') {
        // The runner already warns of the input through its deprecationMessage (action.yml): said once, not twice.
        log('info', `${unsent} given, so the build is triggered through v1.1: ${V1_SINGLE_JOB}`);
        return startV1(v1, api, request);
    }
    let answer;
    try {
        const { tag, params: parameters, definitionId } = request;
        answer = await service.triggerPipeline({
            ...(tag === undefined ? { branch: request.branch } : { tag }),
            ...(0,_service_records_js__WEBPACK_IMPORTED_MODULE_5__/* .definedOnly */ .Uv)({ parameters, definitionId }),
        });
    }
    catch (error) {
        if (api === 'v2' || v1 === undefined || !(error instanceof _service_v2_trigger_js__WEBPACK_IMPORTED_MODULE_2__/* .NoPipelineTriggerError */ .q$))
            throw error;
        const why = error.projectNotFound
            ? 'API v2 does not know the project: a project token works only on v1.1, and pipelines need a personal ' +
                'token (or the project slug is wrong)'
            : 'this installation has no pipeline trigger of API v2';
        const started = await startV1(v1, 'v1.1', request).catch((then) => {
            throw new TriggerFailedError(`No trigger worked: ${error.message}; then ${then.message}`, {
                cause: then,
            });
        });
        log('warning', `${why} (${error.message}); triggered through v1.1 instead: ${V1_SINGLE_JOB}`);
        return started;
    }
    return answer.triggered ? { api: 'v2', ...answer } : { api: 'none', message: answer.message };
}
/** How long a triggered pipeline may stay in its pending states before the step goes on without knowing. */
const SETUP_WAIT_MS = 60_000;
// Reads a triggered pipeline until it leaves the pending states, as a 201 may say `created` before its configuration
// was compiled: an errored pipeline fails; one still pending at the end is said, and the step goes on.
async function confirmPipeline(ctx, pipelines, triggered, deadline = Number.POSITIVE_INFINITY) {
    const until = Math.min(ctx.clock.now() + SETUP_WAIT_MS, deadline);
    let pause = 250;
    let pipeline = await pipelines.pipeline(triggered.id);
    while (_service_v2_records_js__WEBPACK_IMPORTED_MODULE_10__/* .PENDING_PIPELINE_STATES */ .Aw.has(pipeline.state ?? '') && (0,_service_v2_records_js__WEBPACK_IMPORTED_MODULE_10__/* .pipelineErrors */ .yi)(pipeline) === undefined) {
        const wait = Math.min(pause, until - ctx.clock.now());
        if (wait <= 0) {
            const after = `after ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_9__/* .formatDuration */ .a3)(SETUP_WAIT_MS)}: its configuration may still fail; going on`;
            ctx.io.warning((0,_text_js__WEBPACK_IMPORTED_MODULE_8__/* .logSafe */ .sN)(`Pipeline #${pipeline.number} is still ${pipeline.state ?? 'pending'} ${after}`));
            return pipeline;
        }
        await ctx.clock.sleep(wait, ctx.signal);
        pause = Math.min(pause * 2, 5000);
        pipeline = await pipelines.pipeline(triggered.id);
    }
    const errors = (0,_service_v2_records_js__WEBPACK_IMPORTED_MODULE_10__/* .pipelineErrors */ .yi)(pipeline);
    if (errors === undefined)
        return pipeline;
    const why = errors.length > 0 ? `: ${errors.join('; ')}` : '';
    const text = (0,_text_js__WEBPACK_IMPORTED_MODULE_8__/* .logSafe */ .sN)(`Pipeline #${pipeline.number} is errored: nothing of it runs${why}`);
    // The pipeline rides along as the cause: the general action's `result` output is that record.
    throw new _service_pipeline_builds_js__WEBPACK_IMPORTED_MODULE_6__/* .PipelineErroredError */ .GU(text, { cause: pipeline });
}
// The web app's address of a pipeline (docs/sunset.md): `{web}/pipelines/{slug}/{number}`, `{web}` being the
// origin of a job's address once one is known, else the root of `base-url` with its path prefix; built from
// checked parts only.
function pipelineUrl(connection, pipeline, jobUrl) {
    const job = jobUrl === undefined || jobUrl === null ? null : URL.parse(jobUrl);
    const web = job?.origin ?? connection.baseUrl.replace(/\/api\/v1\.1$/u, '');
    return (0,_text_js__WEBPACK_IMPORTED_MODULE_8__/* .shellSafeUrl */ .NO)(`${web}/pipelines/${(0,_service_slug_js__WEBPACK_IMPORTED_MODULE_3__/* .projectSlug */ .Tb)(connection.project)}/${pipeline.number}`);
}
/** The `workflows` output: each workflow's id, name, status and web address below its pipeline's. */
function workflowRows(url, workflows) {
    return workflows.map(({ id, name, status }) => {
        const link = (0,_text_js__WEBPACK_IMPORTED_MODULE_8__/* .shellSafeUrl */ .NO)(`${url}/workflows/${encodeURIComponent(id)}`);
        return { id, name, status, url: link };
    });
}
async function startV1(connection, api, request) {
    try {
        return { api: 'v1.1', result: await connection.client.trigger(connection.project, request) };
    }
    catch (error) {
        if (api === 'v1.1' || !(error instanceof _service_http_sunset_js__WEBPACK_IMPORTED_MODULE_7__/* .GoneError */ .AD))
            throw error;
        const unsent = withoutV2Form(request);
        const given = `${unsent.join(' and ')} ${unsent.length > 1 ? 'are' : 'is'} given`;
        throw new TriggerFailedError(`${error.message}. A pipeline (API v2) cannot be started instead, because ${given}: ${NO_V2_FORM}`);
    }
}
/** No form of the trigger or the rerun could do what was asked (every one failed, or v2 has no such form). */
class TriggerFailedError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui {
    name = 'TriggerFailedError';
}
// Reruns a build: v1.1 retry, or (with `v2`, or `auto` after a 410) its job through its workflow's v2 rerun,
// which needs the build's workflow and job ids from its v1.1 record.
async function rerunBuild(connection, api, buildNum, options) {
    const { client, project } = connection;
    if (api !== 'v2') {
        try {
            const build = await client.retry(project, buildNum, options);
            return { api: 'v1.1', build };
        }
        catch (error) {
            if (api === 'v1.1' || !(error instanceof _service_http_sunset_js__WEBPACK_IMPORTED_MODULE_7__/* .GoneError */ .AD))
                throw error;
            if (options.noCache)
                throw new TriggerFailedError(`${error.message}. ${NO_CACHE_RERUN}`);
            connection.transport.log('info', `${error.message}; rerunning the job through its workflow (API v2)`);
        }
    }
    else if (options.noCache) {
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('command', `retry-no-cache with trigger-api: v2 is not possible. ${NO_CACHE_RERUN}`);
    }
    const build = await client.build(project, buildNum);
    const { workflow_id: workflowId, job_id: jobId } = build.workflows ?? {};
    if (typeof workflowId !== 'string' || typeof jobId !== 'string') {
        throw new TriggerFailedError(`Build #${buildNum} belongs to no workflow (it ran on the old build system): API v2 reruns only jobs of ` +
            `workflows, and the v1.1 retry ${api === 'v2' ? 'was not asked for (trigger-api: v2)' : 'is gone'}`);
    }
    const rerun = await (0,_service_service_js__WEBPACK_IMPORTED_MODULE_4__/* .openService */ .I)(connection).rerunWorkflow(workflowId, {
        jobs: [jobId],
        enableSsh: options.ssh,
    });
    return { api: 'v2', rerun, of: build };
}
const NO_CACHE_RERUN = 'API v2 has no rerun without cache: use command: retry (a workflow rerun), and clear the cache first with ' +
    'command: clear-cache if needed';
/** Says that the trigger's answer was lost, and what the step found it had started. */
function warnRecovered(ctx, after, what, where) {
    if (after !== undefined)
        ctx.io.warning((0,_text_js__WEBPACK_IMPORTED_MODULE_8__/* .logSafe */ .sN)(`The trigger's answer was lost (${after}); found ${what}, which it started${where}`));
}


/***/ }),

/***/ 1467:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E6: () => (/* binding */ PipelineBuilds),
/* harmony export */   GU: () => (/* binding */ PipelineErroredError),
/* harmony export */   Ps: () => (/* binding */ jobReader)
/* harmony export */ });
/* harmony import */ var _v1_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7218);
/* harmony import */ var _commit_builds_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(322);
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3094);
/* harmony import */ var _v2_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9575);
/* harmony import */ var _slug_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9816);
/* harmony import */ var _job_status_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(535);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5305);
/* harmony import */ var _v2_records_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(216);
// The builds of one pipeline (API v2), look after look, for the waiting loop that follows a commit's builds: its
// workflows, their jobs, and each job with a number as a build record (jobReader). A job is read when it first has
// a number and when it ends; the workflows are listed again only when all their jobs look ended.








/** The pipeline's configuration failed: no workflow will come. */
class PipelineErroredError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserFacingError */ .Ui {
    name = 'PipelineErroredError';
}
/** A project's jobs are read as its v1.1 builds, or through v2 for a project named by its slug. */
function jobReader(client, api, project) {
    if (!('slug' in project)) {
        const call = (num) => ({ method: 'GET', path: `${(0,_v1_js__WEBPACK_IMPORTED_MODULE_0__/* .projectPath */ .DZ)(project)}/${num}` });
        return Object.assign((num) => client.build(project, num), { call, know: () => { } });
    }
    const pipelines = new Map();
    const call = (num) => ({
        method: 'GET',
        path: `v2 /project/${(0,_slug_js__WEBPACK_IMPORTED_MODULE_4__/* .projectSlug */ .Tb)(project)}/job/${num}`,
    });
    // A listed pipeline is taken only when it passes the checks of a pipeline read (docs/promises.md, promise 30).
    const know = (pipeline) => {
        const listed = { method: 'GET', path: `v2 /project/${(0,_slug_js__WEBPACK_IMPORTED_MODULE_4__/* .projectSlug */ .Tb)(project)}/pipeline` };
        if (pipelines.has(pipeline.id))
            return;
        try {
            pipelines.set(pipeline.id, Promise.resolve((0,_v2_records_js__WEBPACK_IMPORTED_MODULE_7__/* .pipelineAnswer */ .nd)(listed, pipeline)));
        }
        catch {
            // Read by itself instead, where its answer says what is wrong with it.
        }
    };
    return Object.assign((num) => api.jobAsBuild(project, num, pipelines), { call, know });
}
/**
 * A job read as a build must be the job listed (docs/promises.md, promise 35): its name, and the workflow it was
 * listed in (`workflows.workflow_id` of a v1.1 build, `latest_workflow.id` of v2 job details).
 */
function checkListedJob(call, build, job, workflow) {
    const name = (0,_commit_builds_js__WEBPACK_IMPORTED_MODULE_1__/* .jobOf */ .Zw)(build).job;
    const listedIn = build.workflows?.['workflow_id'];
    const sameWorkflow = typeof listedIn === 'string' && listedIn.toLowerCase() === workflow.id.toLowerCase();
    if (name === job.name && sameWorkflow)
        return build;
    const is = `${name === undefined ? 'a job without a name' : `job ${name}`} of ${typeof listedIn === 'string' ? `workflow ${listedIn}` : 'no workflow'}`;
    throw (0,_records_js__WEBPACK_IMPORTED_MODULE_6__/* .unusable */ ._P)(call, `job #${build.build_num} was listed as job ${job.name} of workflow ${workflow.id}, and the answer is ${is}`);
}
class PipelineBuilds {
    #read;
    #pipelines;
    #pipelineId;
    #workflows = new Map();
    #builds = new Map();
    #said = new Set();
    /** What this look says, each once a pipeline. */
    #notes = [];
    #times;
    /** When the pipeline was first seen past its set-up with no workflow. */
    #emptySince;
    /** When every workflow was first seen ended with only setup workflows among them. */
    #setupEndedAt;
    #name;
    constructor(read, pipelines, pipeline, times) {
        this.#read = read;
        this.#pipelines = pipelines;
        this.#pipelineId = pipeline.id;
        this.#name = `pipeline #${pipeline.number}`;
        this.#times = times;
    }
    /** The workflows seen so far, with whether each has ended. */
    get workflows() {
        return [...this.#workflows.values()].map(({ workflow, done }) => ({ ...workflow, done }));
    }
    get unbuilt() {
        return [...this.#workflows.values()].flatMap(({ workflow, jobs, done }) => (done ? jobs.filter(stoppedUnbuilt) : []).map(({ name, status, type }) => ({
            job: name,
            workflow: workflow.name,
            status,
            type: type ?? '',
        })));
    }
    async look() {
        const notes = (this.#notes = []);
        if (this.#workflows.size === 0) {
            const workflows = await this.#listWorkflows();
            if (workflows.length === 0) {
                const since = this.#emptySince;
                const complete = since !== undefined && this.#times.now() - since >= this.#times.emptyMs;
                const nothing = `${this.#name} listed no workflow within ${Math.round(this.#times.emptyMs / 1000)} s of its ` +
                    `set-up: its workflows were all filtered out, it seems (inferred: the service gives no signal for this)`;
                return { builds: [], truncated: false, complete, notes, workflows: [], ...(complete && { nothing }) };
            }
        }
        for (const entry of this.#workflows.values())
            if (!entry.done)
                await this.#readJobs(entry);
        // The workflows' own statuses are read again only when all their jobs look ended: that confirms the end
        // (and finds a workflow that came late) without a list of the workflows at every look.
        if ([...this.#workflows.values()].every((w) => w.jobsEnded)) {
            const before = new Set(this.#workflows.keys());
            await this.#listWorkflows();
            for (const entry of this.#workflows.values()) {
                if (!before.has(entry.workflow.id))
                    await this.#readJobs(entry);
                entry.done = _v2_js__WEBPACK_IMPORTED_MODULE_3__/* .FINAL_WORKFLOW_STATUSES */ .qY.has(entry.workflow.status) && entry.jobsEnded;
                const { id, name, status } = entry.workflow;
                if (entry.done && !entry.jobs.some(hasBuild))
                    this.#sayOnce(`${id}/empty`, `Workflow ${name} ended with status ${status} without starting a job`);
            }
        }
        const builds = [...this.#builds.values()].sort((a, b) => a.build_num - b.build_num);
        const known = [...this.#workflows.values()];
        const ended = known
            .filter((w) => w.done)
            .map(({ workflow: { id, name, status }, jobs }) => {
            const stopped = jobs.filter(stoppedUnbuilt).map((job) => `job ${job.name} ended ${job.status}`);
            return { id, name, status, jobs: jobs.map((j) => j.name), ...(stopped.length > 0 && { stopped }) };
        });
        let complete = known.every((w) => w.done);
        let nothing;
        // A setup workflow that succeeded continues into workflows that appear later: they are given the settle time.
        if (complete && known.every((w) => w.workflow['tag'] === 'setup' && w.workflow.status === 'success')) {
            const now = this.#times.now();
            this.#setupEndedAt ??= now;
            complete = now - this.#setupEndedAt >= this.#times.settleMs;
            if (complete) {
                const names = known.map((w) => w.workflow.name).join(', ');
                nothing = `the setup workflow ${names} of ${this.#name} continued into no workflow within ${Math.round(this.#times.settleMs / 1000)} s`;
            }
            else {
                const text = `The setup workflow of ${this.#name} ended; waiting for the workflows it continues into`;
                this.#sayOnce('setup', text);
            }
        }
        else if (complete && !known.some((w) => w.jobs.length > 0)) {
            nothing = `no workflow of ${this.#name} made a job`;
        }
        else if (complete && builds.length === 0) {
            // An approval is not a build: a pipeline that ran only approvals ran nothing (docs/promises.md, promise 31).
            nothing = `no job of ${this.#name} ran a build (an approval is not one)`;
        }
        return { builds, truncated: false, complete, notes, workflows: ended, ...(0,_records_js__WEBPACK_IMPORTED_MODULE_6__/* .definedOnly */ .Uv)({ nothing }) };
    }
    /** Lists the pipeline's workflows (new ones are added); an errored pipeline, which has none, throws. */
    async #listWorkflows() {
        const workflows = await this.#pipelines.workflows(this.#pipelineId);
        for (const workflow of workflows) {
            const known = this.#workflows.get(workflow.id);
            if (known === undefined)
                this.#workflows.set(workflow.id, { workflow, jobs: [], done: false, jobsEnded: false });
            else
                known.workflow = workflow;
        }
        if (workflows.length === 0) {
            const pipeline = await this.#pipelines.pipeline(this.#pipelineId);
            if (!_v2_records_js__WEBPACK_IMPORTED_MODULE_7__/* .PENDING_PIPELINE_STATES */ .Aw.has(pipeline.state ?? ''))
                this.#emptySince ??= this.#times.now();
            const errored = (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_7__/* .erroredPipeline */ .Yi)(pipeline);
            if (errored !== undefined)
                throw new PipelineErroredError(errored);
        }
        return workflows;
    }
    /** Reads a job's build when it first has a number and when it ends, and in between takes the job's status. */
    async #readJobs(entry) {
        const { workflow } = entry;
        const jobs = await this.#pipelines.jobs(workflow.id);
        entry.jobs = jobs;
        for (const job of jobs) {
            if (job.status === 'on_hold')
                this.#sayOnce(`${workflow.id}/${job.id}/hold`, onHold(workflow, job));
            // An approval's number names no build: reading it answers 404.
            const num = hasBuild(job) ? job.job_number : null;
            if (num === null)
                continue;
            const cached = this.#builds.get(num);
            if (cached !== undefined && (0,_records_js__WEBPACK_IMPORTED_MODULE_6__/* .isFinished */ .$g)(cached))
                continue;
            if (cached === undefined || (0,_job_status_js__WEBPACK_IMPORTED_MODULE_5__/* .jobStatusMeaning */ .D)(job.status).ended) {
                this.#builds.set(num, checkListedJob(this.#read.call(num), await this.#read(num), job, workflow));
            }
            else if (job.status === 'running' || job.status === 'queued') {
                this.#builds.set(num, { ...cached, lifecycle: job.status, status: job.status });
            }
        }
        entry.jobsEnded = jobs.every((job) => this.#jobEnded(job));
    }
    #jobEnded(job) {
        if (hasBuild(job)) {
            const build = this.#builds.get(job.job_number);
            return build !== undefined && (0,_records_js__WEBPACK_IMPORTED_MODULE_6__/* .isFinished */ .$g)(build);
        }
        return _v2_js__WEBPACK_IMPORTED_MODULE_3__/* .UNBUILT_JOB_STATUSES */ .JS.has(job.status) || passedApproval(job);
    }
    #sayOnce(key, text) {
        if (!this.#said.has(key))
            this.#notes.push(text);
        this.#said.add(key);
    }
}
/** A job whose number is a build: any job with a number but an approval. */
function hasBuild(job) {
    return job.job_number !== null && job.type !== 'approval';
}
const passedApproval = (job) => job.type === 'approval' && job.status === 'success';
/** A job that ended without a build (an approval that passed is not one: it ended as it should). */
const stoppedUnbuilt = (job) => !hasBuild(job) && !passedApproval(job);
function onHold(workflow, job) {
    const request = job['approval_request_id'];
    const route = (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_7__/* .isV2Id */ .IN)(request) ? ` (or POST /api/v2/workflow/${workflow.id}/approve/${request})` : '';
    return (`Job ${job.name} of workflow ${workflow.name} is on hold: it waits for a person to approve it on the ` +
        `service${route}; the pipeline goes on only once it is approved (the step waits until its timeout)`);
}


/***/ })

};
