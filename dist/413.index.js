export const id = 413;
export const ids = [413];
export const modules = {

/***/ 7413:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  CANCEL_BUDGET_MS: () => (/* binding */ CANCEL_BUDGET_MS),
  LIMITS: () => (/* binding */ LIMITS),
  readInputs: () => (/* binding */ readInputs),
  run: () => (/* binding */ trigger_build_run),
  spec: () => (/* binding */ spec),
  triggerBuild: () => (/* binding */ triggerBuild)
});

// EXTERNAL MODULE: ../runner/build-report.ts + 1 modules
var build_report = __webpack_require__(616);
// EXTERNAL MODULE: ../runner/follow.ts
var follow = __webpack_require__(8721);
// EXTERNAL MODULE: ../runner/outcomes.ts
var outcomes = __webpack_require__(2049);
// EXTERNAL MODULE: ../runner/gate.ts + 1 modules
var runner_gate = __webpack_require__(4048);
// EXTERNAL MODULE: ../runner/poll.ts
var poll = __webpack_require__(8537);
// EXTERNAL MODULE: ../runner/run.ts + 5 modules
var run = __webpack_require__(3704);
// EXTERNAL MODULE: ../runner/summary.ts
var summary = __webpack_require__(2970);
// EXTERNAL MODULE: ../runner/text.ts
var runner_text = __webpack_require__(8999);
// EXTERNAL MODULE: ../api/format.ts
var format = __webpack_require__(2249);
// EXTERNAL MODULE: ../runner/trigger-api.ts
var trigger_api = __webpack_require__(3703);
// EXTERNAL MODULE: ../runner/workflow.ts
var workflow = __webpack_require__(649);
// EXTERNAL MODULE: ../api/clock.ts
var clock = __webpack_require__(7634);
// EXTERNAL MODULE: ../api/client.ts + 1 modules
var client = __webpack_require__(7157);
// EXTERNAL MODULE: ../api/commit-builds.ts
var commit_builds = __webpack_require__(6677);
// EXTERNAL MODULE: ../api/errors.ts
var errors = __webpack_require__(1013);
// EXTERNAL MODULE: ../api/pipelines.ts
var api_pipelines = __webpack_require__(103);
// EXTERNAL MODULE: ../api/records.ts
var records = __webpack_require__(5942);
// EXTERNAL MODULE: ../api/v2-records.ts
var v2_records = __webpack_require__(4957);
;// CONCATENATED MODULE: ../api/pipeline-builds.ts




/** The pipeline's configuration failed: no workflow will come. */
class PipelineErroredError extends errors/* UserFacingError */.Ui {
    name = 'PipelineErroredError';
}
/** Pipeline states before its configuration is compiled: workflows may still come. */
const PENDING_STATES = new Set(['setup-pending', 'setup', 'pending']);
/** Job statuses of a job that has ended: its build is read again for its final record. */
const ENDED_JOB_STATUSES = new Set([
    'success',
    'failed',
    'canceled',
    'infrastructure_fail',
    'timedout',
    'not_run',
    'unauthorized',
    'terminated-unknown',
    'retried',
]);
class PipelineBuilds {
    #client;
    #pipelines;
    #project;
    #pipelineId;
    #workflows = new Map();
    #builds = new Map();
    #said = new Set();
    #times;
    /** When the pipeline was first seen past its set-up with no workflow. */
    #emptySince;
    /** When every workflow was first seen ended with only setup workflows among them. */
    #setupEndedAt;
    #name;
    constructor(client, pipelines, project, pipeline, times) {
        this.#client = client;
        this.#pipelines = pipelines;
        this.#project = project;
        this.#pipelineId = pipeline.id;
        this.#name = `pipeline #${pipeline.number}`;
        this.#times = times;
    }
    /** The workflows seen so far, with whether each has ended. */
    get workflows() {
        return [...this.#workflows.values()].map(({ workflow, done }) => ({
            id: workflow.id,
            name: workflow.name,
            status: workflow.status,
            done,
        }));
    }
    /** Jobs that ended without a build (an approval that passed is not one: it ended as it should). */
    get unbuilt() {
        return [...this.#workflows.values()].flatMap(({ workflow, jobs, done }) => jobs
            .filter((job) => !hasBuild(job) && done && !(job.type === 'approval' && job.status === 'success'))
            .map((job) => ({ job: job.name, workflow: workflow.name, status: job.status, type: job.type ?? '' })));
    }
    async look() {
        const notes = [];
        if (this.#workflows.size === 0) {
            const workflows = await this.#listWorkflows();
            if (workflows.length === 0) {
                const since = this.#emptySince;
                const complete = since !== undefined && this.#times.now() - since >= this.#times.emptyMs;
                return {
                    builds: [],
                    truncated: false,
                    complete,
                    notes,
                    workflows: [],
                    ...(complete && {
                        nothing: `${this.#name} listed no workflow within ${Math.round(this.#times.emptyMs / 1000)} s of its ` +
                            `set-up: its workflows were all filtered out, it seems (inferred: the service gives no signal for this)`,
                    }),
                };
            }
        }
        for (const entry of this.#workflows.values())
            if (!entry.done)
                await this.#readJobs(entry, notes);
        // The workflows' own statuses are read again only when all their jobs look ended: that confirms the end
        // (and finds a workflow that came late) without a list of the workflows at every look.
        if ([...this.#workflows.values()].every((w) => w.jobsEnded)) {
            const before = new Set(this.#workflows.keys());
            await this.#listWorkflows();
            for (const entry of this.#workflows.values()) {
                if (!before.has(entry.workflow.id))
                    await this.#readJobs(entry, notes);
                entry.done = api_pipelines/* FINAL_WORKFLOW_STATUSES */.qY.has(entry.workflow.status) && entry.jobsEnded;
                if (entry.done && !entry.jobs.some(hasBuild)) {
                    this.#sayOnce(notes, `${entry.workflow.id}/empty`, `Workflow ${entry.workflow.name} ended with status ${entry.workflow.status} without starting a job`);
                }
            }
        }
        const builds = [...this.#builds.values()].sort((a, b) => a.build_num - b.build_num);
        const known = [...this.#workflows.values()];
        const ended = known
            .filter((w) => w.done)
            .map(({ workflow, jobs }) => {
            const stopped = jobs
                .filter((job) => !hasBuild(job) && !(job.type === 'approval' && job.status === 'success'))
                .map((job) => `job ${job.name} ended ${job.status}`);
            return {
                id: workflow.id,
                name: workflow.name,
                status: workflow.status,
                ...(stopped.length > 0 && { stopped }),
            };
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
                this.#sayOnce(notes, 'setup', `The setup workflow of ${this.#name} ended; waiting for the workflows it continues into`);
            }
        }
        else if (complete && !known.some((w) => w.jobs.length > 0)) {
            nothing = `no workflow of ${this.#name} made a job`;
        }
        return {
            builds,
            truncated: false,
            complete,
            notes,
            workflows: ended,
            ...(nothing === undefined ? {} : { nothing }),
        };
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
            if (!PENDING_STATES.has(pipeline.state))
                this.#emptySince ??= this.#times.now();
            if (pipeline.state === 'errored' || (pipeline.errors?.length ?? 0) > 0) {
                const errors = (pipeline.errors ?? []).map((e) => e.message ?? e.type ?? '').filter(Boolean);
                throw new PipelineErroredError(`Pipeline #${pipeline.number} is errored and runs no workflow` +
                    (errors.length > 0 ? `: ${errors.join('; ')}` : ''));
            }
        }
        return workflows;
    }
    /**
     * Lists a workflow's jobs; reads a job's build (v1.1) when it first has a number and when its status says it
     * ended, and in between takes the job's status for the build's.
     */
    async #readJobs(entry, notes) {
        const { workflow } = entry;
        const jobs = await this.#pipelines.jobs(workflow.id);
        entry.jobs = jobs;
        for (const job of jobs) {
            if (job.status === 'on_hold')
                this.#sayOnce(notes, `${workflow.id}/${job.id}/hold`, onHold(workflow, job));
            // An approval's number names no build: reading it answers 404.
            const num = hasBuild(job) ? job.job_number : null;
            if (num === null)
                continue;
            const cached = this.#builds.get(num);
            if (cached !== undefined && (0,records/* isFinished */.$g)(cached))
                continue;
            if (cached === undefined || ENDED_JOB_STATUSES.has(job.status)) {
                this.#builds.set(num, await this.#client.build(this.#project, num));
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
            return build !== undefined && (0,records/* isFinished */.$g)(build);
        }
        return api_pipelines/* UNBUILT_JOB_STATUSES */.JS.has(job.status) || (job.type === 'approval' && job.status === 'success');
    }
    #sayOnce(notes, key, text) {
        if (this.#said.has(key))
            return;
        this.#said.add(key);
        notes.push(text);
    }
}
/** A job whose number is a build: any job with a number but an approval. */
function hasBuild(job) {
    return job.job_number !== null && job.type !== 'approval';
}
function onHold(workflow, job) {
    const request = job['approval_request_id'];
    const route = (0,v2_records/* isV2Id */.IN)(request) ? ` (or POST /api/v2/workflow/${workflow.id}/approve/${request})` : '';
    return (`Job ${job.name} of workflow ${workflow.name} is on hold: it waits for a person to approve it on the ` +
        `service${route}; the pipeline goes on only once it is approved (the step waits until its timeout)`);
}

// EXTERNAL MODULE: ../api/step-output.ts
var step_output = __webpack_require__(8164);
// EXTERNAL MODULE: ../api/validate.ts
var validate = __webpack_require__(1272);
;// CONCATENATED MODULE: ./trigger-build/trigger-build.ts




















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
        'builds',
    ],
};
/** Input ranges: a poll interval of up to an hour; a wait of up to 35 days, the longest a workflow run lives. */
const LIMITS = {
    pollSeconds: { min: 1, max: 3600 },
    timeoutMinutes: { min: 1, max: 35 * 24 * 60 },
    parallel: { min: 1, max: 1000 },
};
/**
 * The runner sends SIGTERM 7.5 s after SIGINT and then kills the step; on Windows it sends Ctrl-C (SIGINT), then
 * Ctrl-Break (SIGBREAK) 7.5 s later. The cancel of the triggered build gets this much (real) time, so the step
 * still exits within 5 s.
 */
const CANCEL_BUDGET_MS = 4000;
/** How long a setup workflow is given to continue, as wait-for-build's `settle-seconds` by default. */
const SETTLE_MS = 30_000;
/** How long a pipeline past its set-up may list no workflow before the step takes it to run none. */
const EMPTY_PIPELINE_MS = 60_000;
const CANCEL_TIMEOUTS = { connectMs: 2000, headersMs: 3000, bodyIdleMs: 3000 };
const CANCEL_RETRY = { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 800 };
/** Reads and checks every input of the action's own before anything is sent. */
function readInputs(ctx) {
    const { inputs } = ctx;
    const { branch, tag, revision } = (0,workflow/* triggerRef */.mu)(inputs, ctx.env);
    (0,validate/* checkSegment */.cr)('branch', branch);
    (0,validate/* checkRevisionOrTag */.TD)('revision', revision, 'tag', tag);
    if (tag !== undefined)
        (0,validate/* checkSegment */.cr)('tag', tag, 'a tag name');
    if (revision !== undefined)
        (0,validate/* checkSegment */.cr)('revision', revision, 'a commit');
    const parallel = inputs.integer('parallel', LIMITS.parallel.min, LIMITS.parallel.max);
    const params = inputs.params('params');
    const wait = inputs.boolean('wait', false);
    const timeoutMinutes = inputs.integer('wait-timeout-minutes', LIMITS.timeoutMinutes.min, LIMITS.timeoutMinutes.max, 60);
    const pollSeconds = inputs.integer('poll-interval-seconds', LIMITS.pollSeconds.min, LIMITS.pollSeconds.max, 15);
    const cancelOnAbort = inputs.boolean('cancel-on-abort', true);
    const policy = (0,outcomes/* readOutcomePolicy */.tI)(inputs);
    const failureLogLines = inputs.integer('failure-log-lines', 0, step_output/* MAX_OUTPUT_LINES */.$S, 50);
    const api = (0,trigger_api/* readTriggerApi */.NI)(inputs);
    const ifNoBuilds = (0,runner_gate/* readIfNoBuilds */.a4)(inputs);
    (0,trigger_api/* checkTriggerInputs */.em)(api, {
        branch,
        ...(revision === undefined ? {} : { revision }),
        ...(parallel === undefined ? {} : { parallel }),
    });
    return {
        api,
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
        ifNoBuilds,
    };
}
/** Triggers a build (never two), and with `wait` follows it to its end and fails the step unless it succeeds. */
async function triggerBuild(ctx) {
    const input = readInputs(ctx);
    const startedAt = ctx.clock.now();
    const deadline = startedAt + input.timeoutMs;
    // With `wait`, no retry wait of the transport (a long Retry-After) may run past the step's own deadline.
    const connection = ctx.connect(input.wait ? { deadline, signal: (0,poll/* untilDeadline */.Hm)(ctx.signal, ctx.clock, deadline) } : {});
    const { project } = connection;
    const request = {
        branch: input.branch,
        ...(input.revision === undefined ? {} : { revision: input.revision }),
        ...(input.tag === undefined ? {} : { tag: input.tag }),
        ...(input.parallel === undefined ? {} : { parallel: input.parallel }),
        ...(input.params === undefined ? {} : { params: input.params }),
    };
    let started;
    try {
        started = await (0,trigger_api/* startBuild */.bT)(connection, input.api, request);
    }
    catch (error) {
        // Cancelled while the trigger was on its way: the build it may have started must not run on unseen.
        if (error instanceof client/* TriggerAbortedError */.W0) {
            const what = await cancelLostBuild(ctx, input, request, error.before);
            throw new errors/* AbortedError */.oM(`${(0,clock/* abortReason */.Js)(ctx.signal).message}; ${what}`);
        }
        throw error;
    }
    if (started.api === 'v2') {
        await followPipeline(ctx, connection, input, started.pipeline, { started: startedAt, deadline });
        return;
    }
    const result = started.result;
    const { build: triggered, recoveredAfter } = result;
    const num = triggered.build_num;
    const url = triggered.build_url ?? '';
    const where = url ? `: ${url}` : '';
    if (recoveredAfter !== undefined) {
        ctx.io.warning((0,runner_text/* logSafe */.sN)(`The trigger's answer was lost (${recoveredAfter}); found build #${num}, which it started${where}`));
    }
    ctx.info(`Triggered build #${num} of ${project.username}/${project.project} on branch ${input.branch}${where}`);
    let last = triggered;
    let ending = { kind: 'not-waited' };
    let failedStep = '';
    // One budget of error annotations for the failed steps and the failed tests.
    const budget = new build_report/* AnnotationBudget */.TL();
    try {
        if (!input.wait)
            return;
        ctx.info(`Waiting for build #${num} to finish: a look every ${(0,format/* formatDuration */.a3)(input.intervalMs)}, ` +
            `for at most ${(0,format/* formatDuration */.a3)(input.timeoutMs)}`);
        try {
            const result = await (0,follow/* followBuild */.c)(ctx, connection, last, { intervalMs: input.intervalMs, deadline }, (b) => (last = b));
            if (!result.done) {
                ending = { kind: 'timed-out' };
                // With an error the time-out did not come: the next look could not have been made within it (a long
                // Retry-After), so the step says it stopped early, and why.
                const waited = (0,format/* formatDuration */.a3)(ctx.clock.now() - startedAt);
                throw new poll/* WaitError */.uf(result.error === undefined
                    ? `Build #${num} did not finish within ${(0,format/* formatDuration */.a3)(input.timeoutMs)}; it was left ` +
                        `${(0,follow/* describeState */.J)(last)}${where}`
                    : `Stopped waiting for build #${num} after ${waited}, before the ${(0,format/* formatDuration */.a3)(input.timeoutMs)} ` +
                        `timeout: ${result.error.message}; it was left ${(0,follow/* describeState */.J)(last)}${where}`);
            }
        }
        catch (error) {
            if (ctx.signal.aborted) {
                const what = await cancelOnAbort(ctx, input, last);
                ending = { kind: 'cancelled', what };
                throw new errors/* AbortedError */.oM(`${(0,clock/* abortReason */.Js)(ctx.signal).message}; ${what}`);
            }
            if (error instanceof poll/* PollFailedError */.f5) {
                ending = { kind: 'gave-up', why: error.message };
                throw new poll/* WaitError */.uf(`Gave up waiting for build #${num}: ${error.message}; it may still be running${where}`, {
                    cause: error,
                });
            }
            throw error;
        }
        const failure = last.outcome === 'success'
            ? { failedStep: undefined, summary: '' }
            : await (0,build_report/* showFailedSteps */.An)(ctx, connection, last, input.failureLogLines, budget);
        failedStep = failure.failedStep ?? '';
        ending = { kind: 'finished', tests: await (0,build_report/* readTests */.iv)(ctx, connection, last), failure };
        const outcome = (0,outcomes/* outcomeOf */.sG)(last);
        const how = outcome
            ? `finished with outcome '${outcome}' (status ${last.status ?? 'unknown'})`
            : `ended without an outcome (status ${last.status ?? 'unknown'}, lifecycle ${last.lifecycle ?? 'unknown'})`;
        if (!(0,outcomes/* passes */.WE)(input.policy, outcome)) {
            const allowed = input.policy.allowed.size > 1 ? `; allowed: ${(0,outcomes/* describePolicy */.wy)(input.policy)}` : '';
            throw new poll/* WaitError */.uf((0,runner_text/* logSafe */.sN)(`Build #${num} ${how}${allowed}${where}`));
        }
        if (last.outcome === 'success')
            ctx.info(`Build #${num} succeeded${where}`);
        else
            ctx.info(`Build #${num} ${how}, which allowed-outcomes lets pass${where}`);
    }
    finally {
        ctx.setOutput('build-num', num);
        ctx.setOutput('build-url', (0,runner_text/* shellSafeUrl */.NO)(url));
        ctx.setOutput('status', (0,outcomes/* outputWord */.u)(ctx.info, 'status', last.status));
        ctx.setOutput('lifecycle', (0,outcomes/* outputWord */.u)(ctx.info, 'lifecycle', last.lifecycle));
        ctx.setOutput('outcome', input.wait && (0,records/* isFinished */.$g)(last) ? (0,outcomes/* outputWord */.u)(ctx.info, 'outcome', (0,outcomes/* outcomeOf */.sG)(last)) : '');
        ctx.setOutput('failed-step', failedStep);
        ctx.setOutput('pipeline-id', '');
        ctx.setOutput('pipeline-number', '');
        const { job, workflow } = (0,commit_builds/* jobOf */.Zw)(last);
        ctx.setOutput('builds', [
            {
                build_num: num,
                build_url: last.build_url ? (0,runner_text/* shellSafeUrl */.NO)(last.build_url) : null,
                job: job ?? null,
                workflow: workflow ?? null,
                status: last.status ?? null,
                outcome: input.wait && (0,records/* isFinished */.$g)(last) ? (0,outcomes/* outcomeOf */.sG)(last) || null : null,
            },
        ]);
        await writeSummary(ctx, last, ending, ctx.clock.now() - startedAt, budget);
    }
}
/**
 * A pipeline started through API v2: without `wait`, its id and number; with `wait`, every job of every workflow
 * followed to its end through wait-for-build's machinery (the outcome policy, why a build failed, the tests, the
 * summary), and each of its workflows cancelled if the step is.
 */
async function followPipeline(ctx, connection, input, pipeline, times) {
    const { project } = connection;
    const ref = input.tag === undefined ? `branch ${input.branch}` : `tag ${input.tag}`;
    ctx.info(`Triggered pipeline #${pipeline.number} (id ${pipeline.id}) of ${project.username}/${project.project} on ` +
        `${ref} through API v2`);
    ctx.setOutput('pipeline-id', pipeline.id);
    ctx.setOutput('pipeline-number', pipeline.number);
    if (!input.wait) {
        for (const name of ['build-num', 'build-url', 'status', 'lifecycle', 'outcome', 'failed-step'])
            ctx.setOutput(name, '');
        ctx.setOutput('builds', []);
        await writePipelineSummary(ctx, pipeline, 'Triggered; the step did not wait for the pipeline to finish.');
        return;
    }
    const source = new PipelineBuilds(connection.client, new api_pipelines/* Pipelines */.Cw(connection.transport), project, pipeline, {
        now: () => ctx.clock.now(),
        settleMs: SETTLE_MS,
        emptyMs: EMPTY_PIPELINE_MS,
    });
    const gate = {
        query: { revision: '', jobs: [] },
        workflows: [],
        jobs: [],
        named: [],
        ifNoBuilds: input.ifNoBuilds,
        appearMs: input.timeoutMs,
        settleMs: 0,
        timeoutMs: input.timeoutMs,
        intervalMs: input.intervalMs,
        policy: input.policy,
        failureLogLines: input.failureLogLines,
        source,
        label: `pipeline #${pipeline.number}`,
    };
    let builds = [];
    try {
        await (0,runner_gate/* gateBuilds */.Np)(ctx, connection, gate, {
            ...times,
            buildNum: 'deciding',
            seen: (b) => (builds = b),
            moreRows: () => source.unbuilt.map((j) => ({
                build_num: null,
                build_url: null,
                job: j.job,
                workflow: j.workflow,
                status: j.status,
                outcome: null,
            })),
            onAbort: (running) => cancelPipeline(ctx, input, pipeline, source, running),
        });
        // Jobs that ended without a build count too: a deploy that never ran is no deploy.
        const stopped = source.unbuilt.filter((j) => !(0,outcomes/* passes */.WE)(input.policy, j.status));
        if (stopped.length > 0) {
            const list = stopped.map((j) => `job ${j.job} of workflow ${j.workflow} ended ${j.status}`).join(', ');
            throw new poll/* WaitError */.uf((0,runner_text/* logSafe */.sN)(`Pipeline #${pipeline.number}: ${list}, without running`));
        }
    }
    finally {
        const deciding = (0,runner_gate/* decidingBuild */.Gf)(builds, input.policy);
        ctx.setOutput('status', (0,outcomes/* outputWord */.u)(ctx.info, 'status', deciding?.status));
        ctx.setOutput('lifecycle', (0,outcomes/* outputWord */.u)(ctx.info, 'lifecycle', deciding?.lifecycle));
    }
}
/** The step was cancelled while following a pipeline: cancels each of its workflows (v2), so nothing more runs. */
async function cancelPipeline(ctx, input, pipeline, source, builds) {
    const name = `pipeline #${pipeline.number}`;
    if (!input.cancelOnAbort) {
        ctx.info(`The step was cancelled; ${name} was left running (cancel-on-abort: false)`);
        return `${name} was left running (cancel-on-abort: false)`;
    }
    ctx.info(`The step was cancelled; cancelling the workflows of ${name}`);
    return afterAbort(ctx, async ({ transport, client, project }) => {
        const pipelines = new api_pipelines/* Pipelines */.Cw(transport);
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
            const running = builds.filter((b) => !(0,records/* isFinished */.$g)(b));
            for (const build of running)
                await client.cancel(project, build.build_num);
            const nums = running.map((b) => `#${b.build_num}`).join(', ');
            ctx.io.warning((0,runner_text/* logSafe */.sN)(`Could not cancel the workflows of ${name} (${error.message}); cancelled its running ` +
                `builds instead (${nums || 'none'}): jobs still to come may run, cancel them by hand`));
            return `the running builds of ${name} were cancelled (${nums || 'none'}), not its workflows`;
        }
        const names = open.map((w) => w.name).join(', ');
        ctx.info(`Cancelled ${open.length} workflow${open.length === 1 ? '' : 's'} of ${name}${names ? `: ${names}` : ''}`);
        return open.length > 0 ? `${name} was cancelled (workflows ${names})` : `${name} had already ended`;
    }, (why) => {
        ctx.io.warning((0,runner_text/* logSafe */.sN)(`Could not cancel ${name} (${why}); cancel it by hand`));
        return `${name} could not be cancelled (${why}) and may still be running`;
    });
}
async function writePipelineSummary(ctx, pipeline, text) {
    await (0,summary/* appendSummary */.fe)(ctx.io, `### Pipeline #${pipeline.number}\n\n**Id:** ${(0,runner_text/* mdSafe */.$v)(pipeline.id, 80)}\n\n${text}`);
}
/**
 * Cancels the triggered build after the step was cancelled, once, on a connection of its own (the step's is
 * aborted) with a short budget. Returns what became of the build, for the error and the summary.
 */
async function cancelOnAbort(ctx, input, last) {
    const num = last.build_num;
    const where = last.build_url ? `: ${last.build_url}` : '';
    if ((0,records/* isFinished */.$g)(last))
        return `build #${num} had already finished`;
    if (!input.cancelOnAbort) {
        ctx.info(`The step was cancelled; build #${num} was left running (cancel-on-abort: false)${where}`);
        return `build #${num} was left running (cancel-on-abort: false)`;
    }
    ctx.info(`The step was cancelled; cancelling build #${num}`);
    return afterAbort(ctx, async ({ client, project }) => {
        const cancelled = await client.cancel(project, num);
        ctx.info(`Cancelled build #${num} (now ${(0,follow/* describeState */.J)(cancelled)})${where}`);
        return `build #${num} was cancelled`;
    }, (why) => {
        ctx.io.warning((0,runner_text/* logSafe */.sN)(`Could not cancel build #${num} (${why}); cancel it by hand${where}`));
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
        const cancelled = (0,records/* isFinished */.$g)(found) ? found : await client.cancel(project, num);
        ctx.info(`Cancelled build #${num}, started as the step was cancelled (now ${(0,follow/* describeState */.J)(cancelled)})`);
        return `build #${num}, started as the step was cancelled, was cancelled`;
    }, (why) => {
        ctx.io.warning((0,runner_text/* logSafe */.sN)(`Could not check for a build started on ${branch} (${why}); look for it by hand`));
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
        return failed(budget.aborted ? `no answer within ${(0,format/* formatDuration */.a3)(CANCEL_BUDGET_MS)}` : error.message);
    }
}
async function writeSummary(ctx, build, ending, elapsedMs, budget) {
    const parts = [(0,summary/* buildHeading */.jI)(build)];
    const extra = {};
    if (ending.kind !== 'not-waited')
        extra['Waited'] = (0,format/* formatDuration */.a3)(elapsedMs);
    parts.push((0,summary/* buildFacts */._x)(build, extra));
    switch (ending.kind) {
        case 'not-waited':
            parts.push('Triggered; the step did not wait for the build to finish.');
            break;
        case 'timed-out':
            parts.push(`The build did not finish within the wait; the step stopped waiting and left it running.`);
            break;
        case 'cancelled':
            parts.push(`The step was cancelled: ${(0,runner_text/* mdSafe */.$v)(ending.what)}.`);
            break;
        case 'gave-up':
            parts.push(`The step gave up waiting: ${(0,runner_text/* mdSafe */.$v)(ending.why)}`);
            break;
        case 'finished':
            if (ending.failure.summary)
                parts.push('#### Why it failed', ending.failure.summary);
            parts.push(...(0,build_report/* testsSection */.FK)(ctx, ending.tests, budget));
            break;
    }
    await (0,summary/* appendSummary */.fe)(ctx.io, parts.join('\n\n'));
}
/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
function trigger_build_run() {
    return (0,run/* runAction */.Cs)(spec, triggerBuild);
}


/***/ }),

/***/ 3703:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LM: () => (/* binding */ rerunBuild),
/* harmony export */   NI: () => (/* binding */ readTriggerApi),
/* harmony export */   bT: () => (/* binding */ startBuild),
/* harmony export */   em: () => (/* binding */ checkTriggerInputs)
/* harmony export */ });
/* unused harmony exports TRIGGER_APIS, GoneUserError */
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(103);
/* harmony import */ var _api_sunset_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8900);



const TRIGGER_APIS = ['auto', 'v1.1', 'v2'];
function readTriggerApi(inputs) {
    return inputs.oneOf('trigger-api', TRIGGER_APIS, 'auto');
}
/** What v2 cannot take: `revision` and `parallel` (a pipeline builds the head of a branch, or a tag). */
function withoutV2Form(request) {
    return [
        ...(request.revision === undefined ? [] : ['revision']),
        ...(request.parallel === undefined ? [] : ['parallel']),
    ];
}
const NO_V2_FORM = 'API v2 has no such input: a pipeline builds the head of a branch (or a tag) and its configuration sets the ' +
    'parallelism; to gate on a commit, use wait-for-build';
/**
 * With `trigger-api: v2`, or a project named by its slug (`slug`), which only API v2 reaches, an input v2 cannot
 * take is a mistake found before anything is sent.
 */
function checkTriggerInputs(api, request, slug = false) {
    if (slug && api === 'v1.1')
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('trigger-api', "allowed with project-slug: 'v2' or 'auto' (a project named by its slug has only API v2)", api);
    const [input] = withoutV2Form(request);
    if ((api === 'v2' || slug) && input !== undefined) {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(input, `leave it out with ${slug ? 'project-slug' : 'trigger-api: v2'}. ${NO_V2_FORM}`, undefined, 'not used');
    }
}
/**
 * Starts a build through v1.1, or a pipeline through v2, as `api` says; with `auto`, a pipeline once the service
 * answered 410 (which started nothing, so the trigger is still sent once).
 */
async function startBuild(connection, api, request) {
    checkTriggerInputs(api, request);
    let after;
    if (api !== 'v2') {
        try {
            return { api: 'v1.1', result: await connection.client.trigger(connection.project, request) };
        }
        catch (error) {
            if (api === 'v1.1' || !(error instanceof _api_sunset_js__WEBPACK_IMPORTED_MODULE_2__/* .GoneError */ .AD))
                throw error;
            const unsent = withoutV2Form(request);
            if (unsent.length > 0) {
                throw new GoneUserError(`${error.message}. A pipeline (API v2) cannot be started instead, because ${unsent.join(' and ')} ` +
                    `${unsent.length > 1 ? 'are' : 'is'} given: ${NO_V2_FORM}`);
            }
            after = error.message;
            connection.transport.log('info', `${error.message}; triggering a pipeline through API v2 instead`);
        }
    }
    const pipeline = await new _api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__/* .Pipelines */ .Cw(connection.transport).trigger(connection.project, {
        ...(request.tag === undefined ? { branch: request.branch } : { tag: request.tag }),
        ...(request.params === undefined ? {} : { parameters: request.params }),
    });
    return { api: 'v2', pipeline, ...(after === undefined ? {} : { after }) };
}
/** A 410 after which v2 cannot do what was asked. */
class GoneUserError extends _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui {
    name = 'GoneUserError';
}
/**
 * Reruns a build: v1.1 retry, or (with `v2`, or `auto` after a 410) its job through its workflow's v2 rerun,
 * which needs the build's workflow and job ids from its v1.1 record.
 */
async function rerunBuild(connection, api, buildNum, options) {
    const { client, project } = connection;
    if (api !== 'v2') {
        try {
            const build = options.noCache
                ? await client.retryNoCache(project, buildNum)
                : await client.retry(project, buildNum, { ssh: options.ssh });
            return { api: 'v1.1', build };
        }
        catch (error) {
            if (api === 'v1.1' || !(error instanceof _api_sunset_js__WEBPACK_IMPORTED_MODULE_2__/* .GoneError */ .AD))
                throw error;
            if (options.noCache)
                throw new GoneUserError(`${error.message}. ${NO_CACHE_RERUN}`);
            connection.transport.log('info', `${error.message}; rerunning the job through its workflow (API v2)`);
        }
    }
    else if (options.noCache) {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('command', `retry-no-cache with trigger-api: v2 is not possible. ${NO_CACHE_RERUN}`);
    }
    const build = await client.build(project, buildNum);
    const workflows = build.workflows;
    const workflowId = workflows?.['workflow_id'];
    const jobId = workflows?.['job_id'];
    if (typeof workflowId !== 'string' || typeof jobId !== 'string') {
        throw new GoneUserError(`Build #${buildNum} belongs to no workflow (it ran on the old build system): API v2 reruns only jobs of ` +
            `workflows, and the v1.1 retry ${api === 'v2' ? 'was not asked for (trigger-api: v2)' : 'is gone'}`);
    }
    const rerun = await new _api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__/* .Pipelines */ .Cw(connection.transport).rerun(workflowId, {
        jobs: [jobId],
        ...(options.ssh ? { enableSsh: true } : {}),
    });
    return { api: 'v2', rerun, of: build };
}
const NO_CACHE_RERUN = 'API v2 has no rerun without cache: use command: retry (a workflow rerun), and clear the cache first with ' +
    'command: clear-cache if needed';


/***/ })

};
