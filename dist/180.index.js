export const id = 180;
export const ids = [180];
export const modules = {

/***/ 180:
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
// EXTERNAL MODULE: ../runner/gate.ts
var runner_gate = __webpack_require__(5963);
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
// EXTERNAL MODULE: ../api/client.ts + 1 modules
var client = __webpack_require__(7157);
// EXTERNAL MODULE: ../api/pipelines.ts
var api_pipelines = __webpack_require__(103);
;// CONCATENATED MODULE: ./trigger-build/pipeline-start.ts
// trigger-build's start of a pipeline (docs/sunset.md): the pipeline said and read until it was set up, its
// workflows listed when the step does not wait, and the service's answer that it triggered nothing.






/** Outputs that only a build (not a pipeline before it is followed) has: empty. */
const BUILD_OUTPUTS = ['build-num', 'build-url', 'status', 'lifecycle', 'failed-step'];
/**
 * A pipeline the trigger created: said, its id, number and address set, and read until its configuration was
 * compiled (docs/sunset.md): an errored one fails the step, with or without `wait`.
 */
async function confirmTriggered(ctx, connection, input, started, deadline) {
    const { project } = connection;
    const { pipeline } = started;
    const url = (0,trigger_api/* pipelineUrl */.EL)(connection, pipeline);
    const ref = input.tag === undefined ? `branch ${input.branch}` : `tag ${input.tag}`;
    if (started.recoveredAfter !== undefined) {
        ctx.io.warning((0,runner_text/* logSafe */.sN)(`The trigger's answer was lost (${started.recoveredAfter}); found pipeline #${pipeline.number}, which it ` +
            `started: ${url}`));
    }
    ctx.info(`Triggered pipeline #${pipeline.number} (id ${pipeline.id}) of ${(0,client/* projectName */.j1)(project)} on ` +
        `${ref} through API v2: ${url}`);
    ctx.setOutput('pipeline-id', pipeline.id);
    ctx.setOutput('pipeline-number', pipeline.number);
    ctx.setOutput('pipeline-url', url);
    try {
        return await (0,trigger_api/* confirmPipeline */.Lb)(ctx, new api_pipelines/* Pipelines */.Cw(connection.transport), pipeline, deadline);
    }
    catch (error) {
        if (!(error instanceof trigger_api/* PipelineErroredError */.GU))
            throw error;
        for (const name of BUILD_OUTPUTS)
            ctx.setOutput(name, '');
        ctx.setOutput('outcome', '');
        ctx.setOutput('workflows', []);
        ctx.setOutput('builds', []);
        await writePipelineSummary(ctx, pipeline, url, [], `The pipeline failed: ${(0,runner_text/* mdSafe */.$v)(error.message, 1000)}`);
        throw error;
    }
}
/** Without `wait`: the pipeline's workflows listed at this moment (maybe none yet), and nothing followed. */
async function notWaitedPipeline(ctx, connection, pipeline) {
    const url = (0,trigger_api/* pipelineUrl */.EL)(connection, pipeline);
    const workflows = (0,trigger_api/* workflowRows */.zL)(url, await new api_pipelines/* Pipelines */.Cw(connection.transport).workflows(pipeline.id));
    for (const name of BUILD_OUTPUTS)
        ctx.setOutput(name, '');
    ctx.setOutput('outcome', '');
    ctx.setOutput('workflows', workflows);
    ctx.setOutput('builds', []);
    await writePipelineSummary(ctx, pipeline, url, workflows, 'Triggered; the step did not wait for the pipeline to finish.');
}
/** The service triggered nothing (a skip marker in the commit message): `if-no-builds` decides. */
async function notTriggered(ctx, input, message) {
    for (const name of [...BUILD_OUTPUTS, 'pipeline-id', 'pipeline-number', 'pipeline-url'])
        ctx.setOutput(name, '');
    ctx.setOutput('outcome', 'none');
    ctx.setOutput('workflows', []);
    ctx.setOutput('builds', []);
    const text = `The service triggered no pipeline: ${message}`;
    await (0,summary/* appendSummary */.fe)(ctx.io, `### No pipeline\n\n${(0,runner_text/* mdSafe */.$v)(text, 1000)} (if-no-builds: ${input.ifNoBuilds}).`);
    if (input.ifNoBuilds === 'fail')
        throw new poll/* WaitError */.uf((0,runner_text/* logSafe */.sN)(`${text} (if-no-builds: fail)`));
    const going = (0,runner_text/* logSafe */.sN)(`${text}; going on with outcome 'none' (if-no-builds: ${input.ifNoBuilds})`);
    if (input.ifNoBuilds === 'warn')
        ctx.io.warning(going);
    else
        ctx.info(going);
}
async function writePipelineSummary(ctx, pipeline, url, workflows, text) {
    const list = workflows.map((w) => `- [${(0,runner_text/* mdSafe */.$v)(w.name, 100)}](${w.url}): ${(0,runner_text/* mdSafe */.$v)(w.status, 40)}`);
    const listed = list.length > 0 ? `\n\n**Workflows:**\n\n${list.join('\n')}` : '\n\n**Workflows:** none listed yet';
    await (0,summary/* appendSummary */.fe)(ctx.io, `### [Pipeline #${pipeline.number}](${url})\n\n**Id:** ${(0,runner_text/* mdSafe */.$v)(pipeline.id, 80)}${listed}\n\n${text}`);
}

// EXTERNAL MODULE: ../api/clock.ts
var clock = __webpack_require__(7634);
// EXTERNAL MODULE: ../api/commit-builds.ts
var commit_builds = __webpack_require__(6677);
// EXTERNAL MODULE: ../api/errors.ts
var errors = __webpack_require__(1013);
// EXTERNAL MODULE: ../api/pipeline-builds.ts
var pipeline_builds = __webpack_require__(260);
// EXTERNAL MODULE: ../api/projects-v2.ts
var projects_v2 = __webpack_require__(7681);
// EXTERNAL MODULE: ../api/records.ts
var records = __webpack_require__(5942);
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
        'definition-id',
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
/** Input ranges: a poll interval of up to an hour; a wait of up to 35 days, the longest a workflow run lives. */
const LIMITS = {
    ...poll/* WAIT_LIMITS */.NW,
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
    const definitionId = inputs.optional('definition-id');
    if (definitionId !== undefined)
        (0,validate/* checkSegment */.cr)('definition-id', definitionId, 'a pipeline definition id');
    // With project-slug, startBuild checks again, before anything is sent, what a slug project cannot take.
    (0,trigger_api/* checkTriggerInputs */.em)(api, {
        branch,
        ...(0,records/* definedOnly */.Uv)({ revision, parallel, definitionId }),
    });
    return {
        api,
        ifNoBuilds,
        branch,
        ...(0,records/* definedOnly */.Uv)({ definitionId, revision, tag, parallel, params }),
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
    const startedAt = ctx.clock.now();
    const deadline = startedAt + input.timeoutMs;
    // With `wait`, no retry wait of the transport (a long Retry-After) may run past the step's own deadline.
    const connection = ctx.connect({
        ...(input.wait ? { deadline, signal: (0,poll/* untilDeadline */.Hm)(ctx.signal, ctx.clock, deadline) } : {}),
        acceptSlug: true,
    });
    const request = {
        branch: input.branch,
        ...(0,records/* definedOnly */.Uv)({
            definitionId: input.definitionId,
            revision: input.revision,
            tag: input.tag,
            parallel: input.parallel,
            params: input.params,
        }),
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
        if (error instanceof api_pipelines/* PipelineTriggerAbortedError */.k) {
            const what = await cancelLostPipeline(ctx, input, error.before);
            throw new errors/* AbortedError */.oM(`${(0,clock/* abortReason */.Js)(ctx.signal).message}; ${what}`);
        }
        throw error;
    }
    if (started.api === 'none') {
        await notTriggered(ctx, input, started.message);
        return;
    }
    if (started.api === 'v2') {
        const pipeline = await confirmTriggered(ctx, connection, input, started, input.wait ? deadline : undefined);
        if (!input.wait) {
            await notWaitedPipeline(ctx, connection, pipeline);
            return;
        }
        await followPipeline(ctx, connection, input, pipeline, { started: startedAt, deadline });
        return;
    }
    // Only a project v1.1 reaches gets a build of v1.1 (startBuild).
    const v1 = (0,runner_gate/* v11Connection */.$c)(connection);
    const { project } = v1;
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
            const result = await (0,follow/* followBuild */.c)(ctx, v1, last, { intervalMs: input.intervalMs, deadline }, (b) => (last = b));
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
            : await (0,build_report/* showFailedSteps */.An)(ctx, v1, last, input.failureLogLines, budget);
        failedStep = failure.failedStep ?? '';
        ending = { kind: 'finished', tests: await (0,build_report/* readTests */.iv)(ctx, v1, last), failure };
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
    const source = (0,runner_gate/* pipelineSource */.yN)(ctx, connection, pipeline, {
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
        await (0,runner_gate/* gatePipeline */.gD)(ctx, connection, gate, {
            ...times,
            buildNum: 'deciding',
            seen: (b) => (builds = b),
            onAbort: (running) => cancelPipeline(ctx, input, pipeline, source, running),
        });
    }
    finally {
        const deciding = (0,runner_gate/* decidingBuild */.Gf)(builds, input.policy);
        ctx.setOutput('status', (0,outcomes/* outputWord */.u)(ctx.info, 'status', deciding?.status));
        // v2 has no lifecycle: a job of a project named by its slug has its status alone (src/api/job-status.ts).
        const lifecycle = 'slug' in connection.project ? undefined : deciding?.lifecycle;
        ctx.setOutput('lifecycle', (0,outcomes/* outputWord */.u)(ctx.info, 'lifecycle', lifecycle));
        const url = (0,trigger_api/* pipelineUrl */.EL)(connection, pipeline, builds.find((b) => b.build_url)?.build_url);
        ctx.setOutput('pipeline-url', url);
        ctx.setOutput('workflows', (0,trigger_api/* workflowRows */.zL)(url, source.workflows));
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
            for (const build of running) {
                if ('slug' in project)
                    await new projects_v2/* ProjectsV2 */.lv(transport).cancelJob(project, build.build_num);
                else
                    await client.cancel(project, build.build_num);
            }
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
    return afterAbort(ctx, async (connection) => {
        const { client, project } = (0,runner_gate/* v11Connection */.$c)(connection);
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
    return afterAbort(ctx, async (connection) => {
        const { client, project } = (0,runner_gate/* v11Connection */.$c)(connection);
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
 * The step was cancelled during a pipeline trigger: finds the pipeline it may have started (newer than `before`,
 * on its branch or tag), and cancels each of its workflows (docs/promises.md, promise 2).
 */
async function cancelLostPipeline(ctx, input, before) {
    const ref = input.tag === undefined ? { branch: input.branch } : { tag: input.tag };
    const where = input.tag === undefined ? `branch '${input.branch}'` : `tag '${input.tag}'`;
    if (!input.cancelOnAbort) {
        ctx.info(`The step was cancelled during the trigger; a pipeline may have started on ${where} (cancel-on-abort: false)`);
        return `a pipeline may have started on ${where} (cancel-on-abort: false)`;
    }
    ctx.info('The step was cancelled during the trigger; looking for the pipeline it may have started');
    return afterAbort(ctx, async ({ transport, project }) => {
        const pipelines = new api_pipelines/* Pipelines */.Cw(transport);
        const found = await pipelines.findTriggered(project, ref, before);
        if (found === undefined)
            return `no pipeline had started on ${where}`;
        const name = `pipeline #${found.number} (id ${found.id})`;
        const workflows = await pipelines.workflows(found.id);
        if (workflows.length === 0) {
            ctx.io.warning(`${name} started as the step was cancelled and has no workflow yet: its workflows may still start, ` +
                'cancel it by hand');
            return `${name} started and has no workflow yet; its workflows may still start`;
        }
        const open = workflows.filter((w) => !api_pipelines/* FINAL_WORKFLOW_STATUSES */.qY.has(w.status));
        for (const workflow of open)
            await pipelines.cancelWorkflow(workflow.id);
        const names = (0,runner_text/* logSafe */.sN)(open.map((w) => w.name).join(', '));
        ctx.info(`Cancelled ${name}, started as the step was cancelled${names ? `: workflows ${names}` : ''}`);
        return open.length > 0
            ? `${name}, started as the step was cancelled, was cancelled (workflows ${names})`
            : `${name}, started as the step was cancelled, had already ended`;
    }, (why) => {
        ctx.io.warning((0,runner_text/* logSafe */.sN)(`Could not check for a pipeline started on ${where} (${why}); look for it by hand`));
        return `a pipeline may have started on ${where} and could not be cancelled (${why})`;
    });
}
/**
 * Work that must still be done after the step was cancelled: on a connection of its own, with a short real-time
 * budget, so the step still ends well before the runner kills it.
 */
async function afterAbort(ctx, work, failed) {
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
/* harmony export */   EL: () => (/* binding */ pipelineUrl),
/* harmony export */   GU: () => (/* binding */ PipelineErroredError),
/* harmony export */   LM: () => (/* binding */ rerunBuild),
/* harmony export */   Lb: () => (/* binding */ confirmPipeline),
/* harmony export */   NI: () => (/* binding */ readTriggerApi),
/* harmony export */   bT: () => (/* binding */ startBuild),
/* harmony export */   em: () => (/* binding */ checkTriggerInputs),
/* harmony export */   zL: () => (/* binding */ workflowRows)
/* harmony export */ });
/* unused harmony exports TRIGGER_APIS, SETUP_WAIT_MS, TriggerFailedError, GoneUserError */
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(103);
/* harmony import */ var _api_sunset_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8900);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8999);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2249);
/* harmony import */ var _api_v2_records_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4957);






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
const V1_SINGLE_JOB = 'the v1.1 trigger runs a single job of a pipeline configuration (version 2.1), not its workflows, and stops ' +
    'on 2027-02-01';
/**
 * Inputs that do not go together are a mistake found before anything is sent: with `trigger-api: v2`, or a
 * project named by its slug (`slug`), which only API v2 reaches, one v2 cannot take; with `definition-id`, one
 * only v1.1 takes, or v1.1 itself.
 */
function checkTriggerInputs(api, request, slug = false) {
    if (slug && api === 'v1.1')
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('trigger-api', "allowed with project-slug: 'v2' or 'auto' (a project named by its slug has only API v2)", api);
    const [input] = withoutV2Form(request);
    if (request.definitionId !== undefined && (input !== undefined || api === 'v1.1')) {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('definition-id', `leave it out with ${input ?? 'trigger-api: v1.1'}: only a pipeline (API v2) runs a definition`, undefined, 'not used');
    }
    if ((api === 'v2' || slug) && input !== undefined) {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(input, `leave it out with ${slug ? 'project-slug' : 'trigger-api: v2'}. ${NO_V2_FORM}`, undefined, 'not used');
    }
}
/**
 * Starts a pipeline through v2 (`pipeline/run`, then the older form), or a build through v1.1 when `api` says so,
 * when the inputs need it, or when neither v2 form exists for this project (docs/sunset.md). A project named by
 * its slug has v2 alone.
 */
async function startBuild(connection, api, request) {
    const { project } = connection;
    const v1 = 'slug' in project ? undefined : { ...connection, project };
    checkTriggerInputs(api, request, v1 === undefined);
    const log = connection.transport.log.bind(connection.transport);
    const unsent = withoutV2Form(request);
    if (v1 !== undefined && api === 'v1.1')
        return startV1(v1, api, request);
    if (v1 !== undefined && api === 'auto' && unsent.length > 0) {
        log('warning', `${unsent.join(' and ')} given, so the build is triggered through v1.1: ${V1_SINGLE_JOB}`);
        return startV1(v1, api, request);
    }
    let answer;
    try {
        answer = await new _api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__/* .Pipelines */ .Cw(connection.transport).trigger(connection.project, {
            ...(request.tag === undefined ? { branch: request.branch } : { tag: request.tag }),
            ...(request.params === undefined ? {} : { parameters: request.params }),
            ...(request.definitionId === undefined ? {} : { definitionId: request.definitionId }),
        });
    }
    catch (error) {
        if (api === 'v2' || v1 === undefined || !(error instanceof _api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__/* .NoPipelineTriggerError */ .q$))
            throw error;
        const why = error.projectNotFound
            ? 'API v2 answered Project not found: a project token works only on v1.1, and pipelines need a personal ' +
                'token (or the project slug is wrong)'
            : 'this installation has no pipeline trigger of API v2';
        let started;
        try {
            started = await startV1(v1, 'v1.1', request);
        }
        catch (v1) {
            if (!(v1 instanceof Error))
                throw v1;
            throw new TriggerFailedError(`No trigger worked: ${error.message}; then ${v1.message}`, { cause: v1 });
        }
        log('warning', `${why} (${error.message}); triggered through v1.1 instead: ${V1_SINGLE_JOB}`);
        return started;
    }
    if (!answer.triggered)
        return { api: 'none', message: answer.message };
    return {
        api: 'v2',
        pipeline: answer.pipeline,
        ...(answer.recoveredAfter === undefined ? {} : { recoveredAfter: answer.recoveredAfter }),
    };
}
/** How long a triggered pipeline may stay in its pending states before the step goes on without knowing. */
const SETUP_WAIT_MS = 60_000;
const FIRST_LOOK_MS = 250;
const LONGEST_LOOK_MS = 5000;
/** The pipeline's configuration failed: nothing of it runs. */
class PipelineErroredError extends _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui {
    name = 'PipelineErroredError';
    /** The pipeline as the service last answered it. */
    pipeline;
    constructor(message, pipeline) {
        super(message);
        this.pipeline = pipeline;
    }
}
/**
 * Reads a triggered pipeline at least once, then until it leaves the pending states, within a minute and the
 * step's deadline (a 201 may say `created` before its configuration was compiled). An errored pipeline fails;
 * one still pending at the end is said, and the step goes on.
 */
async function confirmPipeline(ctx, pipelines, triggered, deadline = Number.POSITIVE_INFINITY) {
    const until = Math.min(ctx.clock.now() + SETUP_WAIT_MS, deadline);
    let pause = FIRST_LOOK_MS;
    let pipeline = await pipelines.pipeline(triggered.id);
    while (_api_v2_records_js__WEBPACK_IMPORTED_MODULE_4__/* .PENDING_PIPELINE_STATES */ .Aw.has(pipeline.state ?? '') && (0,_api_v2_records_js__WEBPACK_IMPORTED_MODULE_4__/* .pipelineErrors */ .yi)(pipeline) === undefined) {
        const wait = Math.min(pause, until - ctx.clock.now());
        if (wait <= 0) {
            ctx.io.warning((0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .logSafe */ .sN)(`Pipeline #${pipeline.number} is still ${pipeline.state ?? 'pending'} after ` +
                `${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_5__/* .formatDuration */ .a3)(SETUP_WAIT_MS)}: its configuration may still fail; going on`));
            return pipeline;
        }
        await ctx.clock.sleep(wait, ctx.signal);
        pause = Math.min(pause * 2, LONGEST_LOOK_MS);
        pipeline = await pipelines.pipeline(triggered.id);
    }
    const errors = (0,_api_v2_records_js__WEBPACK_IMPORTED_MODULE_4__/* .pipelineErrors */ .yi)(pipeline);
    if (errors !== undefined) {
        throw new PipelineErroredError((0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .logSafe */ .sN)(`Pipeline #${pipeline.number} is errored: nothing of it runs` +
            (errors.length > 0 ? `: ${errors.join('; ')}` : '')), pipeline);
    }
    return pipeline;
}
/**
 * The web app's address of a pipeline (docs/sunset.md): `{web}/pipelines/{slug}/{number}`, `{web}` being the
 * origin of a job's address once one is known, else of `base-url`; built from checked parts only.
 */
function pipelineUrl(connection, pipeline, jobUrl) {
    let web;
    try {
        web = new URL(jobUrl ?? connection.baseUrl).origin;
    }
    catch {
        web = new URL(connection.baseUrl).origin;
    }
    return (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .shellSafeUrl */ .NO)(`${web}/pipelines/${(0,_api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__/* .projectSlug */ .Tb)(connection.project)}/${pipeline.number}`);
}
/** The `workflows` output: each workflow's id, name, status and web address below its pipeline's. */
function workflowRows(url, workflows) {
    return workflows.map((w) => ({
        id: w.id,
        name: w.name,
        status: w.status,
        url: (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .shellSafeUrl */ .NO)(`${url}/workflows/${encodeURIComponent(w.id)}`),
    }));
}
async function startV1(connection, api, request) {
    try {
        return { api: 'v1.1', result: await connection.client.trigger(connection.project, request) };
    }
    catch (error) {
        if (api === 'v1.1' || !(error instanceof _api_sunset_js__WEBPACK_IMPORTED_MODULE_2__/* .GoneError */ .AD))
            throw error;
        throw new GoneUserError(`${error.message}. A pipeline (API v2) cannot be started instead, because ${withoutV2Form(request).join(' and ')} ` +
            `${withoutV2Form(request).length > 1 ? 'are' : 'is'} given: ${NO_V2_FORM}`);
    }
}
/** Every trigger form failed: the one error names each answer, `pipeline/run`'s first. */
class TriggerFailedError extends _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui {
    name = 'TriggerFailedError';
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
