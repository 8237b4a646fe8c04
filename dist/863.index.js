export const id = 863;
export const ids = [863];
export const modules = {

/***/ 4863:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ trigger_build_run),
  spec: () => (/* binding */ spec),
  triggerBuild: () => (/* binding */ triggerBuild)
});

// EXTERNAL MODULE: ../runner/run.ts + 6 modules
var run = __webpack_require__(3480);
// EXTERNAL MODULE: ../runner/text.ts
var runner_text = __webpack_require__(8999);
// EXTERNAL MODULE: ../runner/wait-inputs.ts
var wait_inputs = __webpack_require__(3355);
// EXTERNAL MODULE: ../runner/trigger-api.ts
var trigger_api = __webpack_require__(3703);
// EXTERNAL MODULE: ../common/clock.ts
var clock = __webpack_require__(159);
// EXTERNAL MODULE: ../service/v1.ts
var v1 = __webpack_require__(7218);
// EXTERNAL MODULE: ../common/errors.ts
var errors = __webpack_require__(3094);
// EXTERNAL MODULE: ../service/v2-trigger.ts
var v2_trigger = __webpack_require__(5110);
// EXTERNAL MODULE: ../runner/outcomes.ts
var outcomes = __webpack_require__(2049);
// EXTERNAL MODULE: ../runner/workflow.ts
var workflow = __webpack_require__(649);
// EXTERNAL MODULE: ../common/values.ts
var values = __webpack_require__(4415);
// EXTERNAL MODULE: ../service/step-lines.ts
var step_lines = __webpack_require__(2775);
// EXTERNAL MODULE: ../service/validate.ts
var validate = __webpack_require__(6609);
;// CONCATENATED MODULE: ./trigger-build/inputs.ts
// trigger-build's inputs, read and checked before anything is sent.







function readInputs(ctx) {
    const { inputs } = ctx;
    const { branch, tag, revision } = (0,workflow/* triggerRefOf */.hy)({ branch: inputs.optional('branch'), tag: inputs.optional('tag'), revision: inputs.optional('revision') }, ctx.env);
    (0,validate/* checkSegment */.cr)('branch', branch);
    (0,validate/* checkRevisionOrTag */.TD)('revision', revision, 'tag', tag);
    if (tag !== undefined)
        (0,validate/* checkSegment */.cr)('tag', tag, 'a tag name');
    if (revision !== undefined)
        (0,validate/* checkSegment */.cr)('revision', revision, 'a commit');
    const parallel = inputs.integer('parallel', 1, 1000);
    const params = withContextParams(ctx, inputs.params('params'));
    const wait = inputs.boolean('wait', false);
    const timeoutMs = (0,wait_inputs/* waitMs */.Cu)(inputs, 'wait-timeout-minutes', 60);
    const intervalMs = (0,wait_inputs/* pollIntervalMs */.Bg)(inputs);
    const cancelOnAbort = inputs.boolean('cancel-on-abort', true);
    const policy = (0,outcomes/* readOutcomePolicy */.tI)(inputs);
    const failureLogLines = inputs.integer('failure-log-lines', 0, step_lines/* MAX_OUTPUT_LINES */.$S, 50);
    const api = (0,trigger_api/* readTriggerApi */.NI)(inputs);
    const ifNoBuilds = (0,outcomes/* readIfNothing */.ll)(inputs, 'if-no-builds', 'fail');
    const definitionId = inputs.optional('definition-id');
    if (definitionId !== undefined)
        (0,validate/* checkSegment */.cr)('definition-id', definitionId, 'a pipeline definition id');
    const request = {
        branch,
        ...(0,values/* definedOnly */.Uv)({ definitionId, revision, tag, parallel, params }),
    };
    // With project-slug, service.trigger checks again, before anything is sent, what a slug project cannot take.
    (0,trigger_api/* checkTriggerInputs */.em)(api, request);
    return { api, ifNoBuilds, request, wait, timeoutMs, intervalMs, cancelOnAbort, policy, failureLogLines };
}
// With `github-context-params`, the parameters the service's own trigger action sends, so that a
// configuration written for it runs unchanged; a parameter `params` sets too keeps its value, with a warning.
function withContextParams(ctx, given) {
    const meta = ctx.inputs.optional('github-meta');
    if (!ctx.inputs.boolean('github-context-params', false)) {
        if (meta !== undefined)
            ctx.io.warning('github-meta is given but not sent: it is sent only with github-context-params: true');
        return given;
    }
    // As that action sends them, a variable not set leaves its parameter out.
    const added = (0,values/* definedOnly */.Uv)({
        GHA_Actor: ctx.env['GITHUB_ACTOR'],
        GHA_Action: ctx.env['GITHUB_ACTION'],
        GHA_Event: ctx.env['GITHUB_EVENT_NAME'],
        GHA_Meta: meta,
    });
    const clash = Object.keys(added).filter((name) => given !== undefined && Object.hasOwn(given, name));
    if (clash.length > 0)
        ctx.io.warning(`params sets ${clash.join(', ')}, which github-context-params sets too: ` +
            `${clash.length > 1 ? 'the values given in params are' : 'the value given in params is'} sent`);
    return Object.assign(Object.create(null), added, given);
}

// EXTERNAL MODULE: ../runner/gate-scope.ts
var gate_scope = __webpack_require__(6618);
// EXTERNAL MODULE: ../common/format.ts
var format = __webpack_require__(7370);
// EXTERNAL MODULE: ../service/v2.ts
var v2 = __webpack_require__(9575);
;// CONCATENATED MODULE: ./trigger-build/cancel.ts
// What trigger-build does when the step is cancelled: it cancels what it started, on a connection of its own.






/** The real time a cancel after the step's own gets, so that the step exits before the runner kills it. */
const CANCEL_BUDGET_MS = 4000;
/** Timeouts and retries that fit in that time. */
const CANCEL_CONNECTION = {
    timeouts: { connectMs: 2000, headersMs: 3000, bodyIdleMs: 3000 },
    retry: { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 800 },
};
/** What the step says of the work after a cancel: when, what it left or does, and what a failure of it means. */
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
/** Work after the step was cancelled, unless cancel-on-abort says no; returns what became of it. */
async function afterAbort(ctx, input, says, work) {
    if (!input.cancelOnAbort) {
        ctx.info(`${says.when}; ${says.left} (cancel-on-abort: false)${says.where}`);
        return `${says.left} (cancel-on-abort: false)`;
    }
    ctx.info(`${says.when}; ${says.doing}`);
    const budget = AbortSignal.timeout(CANCEL_BUDGET_MS);
    const { service } = ctx.connect({ signal: budget, ...CANCEL_CONNECTION });
    try {
        return await work(service);
    }
    catch (error) {
        const why = budget.aborted
            ? `no answer within ${(0,format/* formatDuration */.a3)(CANCEL_BUDGET_MS)}`
            : error.message;
        ctx.io.warning((0,runner_text/* logSafe */.sN)(says.warn(why)));
        return says.failed(why);
    }
}
/** The step was cancelled while following a pipeline: cancels each of its workflows (v2), so nothing more runs. */
function cancelPipeline(ctx, input, pipeline, source, builds) {
    const name = `pipeline #${pipeline.number}`;
    return afterAbort(ctx, input, cancelling(name, `cancelling the workflows of ${name}`), async (service) => {
        // Workflows a look has not seen yet are listed now: an approval or a job still to come must not run.
        const known = source.workflows ?? [];
        const workflows = known.length > 0 ? known : (await service.workflows(pipeline)).map((w) => ({ ...w, done: false }));
        const open = workflows.filter((w) => !w.done);
        try {
            for (const workflow of open)
                await service.cancelWorkflow(workflow.id);
        }
        catch (error) {
            // Without the workflow cancel, a job's cancel still stops the builds that run (not what is to come).
            const running = builds.filter((b) => !b.ended);
            for (const build of running)
                await service.cancelJob(build.number);
            const nums = running.map((b) => `#${b.number}`).join(', ') || 'none';
            ctx.io.warning((0,runner_text/* logSafe */.sN)(`Could not cancel the workflows of ${name} (${error.message}); cancelled its running ` +
                `builds instead (${nums}): jobs still to come may run, cancel them by hand`));
            return `the running builds of ${name} were cancelled (${nums}), not its workflows`;
        }
        const names = open.map((w) => w.name).join(', ');
        ctx.info(`Cancelled ${(0,format/* plural */.LS)(open.length, 'workflow')} of ${name}${names ? `: ${names}` : ''}`);
        return open.length > 0 ? `${name} was cancelled (workflows ${names})` : `${name} had already ended`;
    });
}
/** The step was cancelled while following the triggered build: cancels it, once. */
async function cancelOnAbort(ctx, input, last) {
    const name = `build #${last.number}`;
    const where = last.url ? `: ${last.url}` : '';
    if (last.ended)
        return `${name} had already finished`;
    return afterAbort(ctx, input, cancelling(name, `cancelling ${name}`, where), async (service) => {
        const cancelled = await service.cancelJob(last.number);
        ctx.info(`Cancelled ${name}${now(cancelled)}${where}`);
        return `${name} was cancelled`;
    });
}
// The step was cancelled during the trigger: finds the build or pipeline it may have started (newer than
// `before`, on its branch or tag), and cancels it, or each of its workflows (docs/promises.md, promise 2).
function cancelLost(ctx, input, error) {
    const kind = error instanceof v1/* TriggerAbortedError */.W0 ? 'build' : 'pipeline';
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
    return afterAbort(ctx, input, says, async (service) => {
        if (kind === 'build') {
            const found = await service.findTriggeredJob(input.request, error.before);
            if (found === undefined)
                return `no build had started on ${where}`;
            const cancelled = found.ended ? found : await service.cancelJob(found.number);
            ctx.info(`Cancelled build #${found.number}, started as the step was cancelled${now(cancelled)}`);
            return `build #${found.number}, started as the step was cancelled, was cancelled`;
        }
        const ref = tag === undefined ? { branch } : { tag };
        const found = await service.findTriggeredPipeline(ref, error.before);
        if (found === undefined)
            return `no pipeline had started on ${where}`;
        const name = `pipeline #${found.number} (id ${found.id})`;
        const late = `${name}, started as the step was cancelled`;
        const workflows = await service.workflows(found);
        if (workflows.length === 0) {
            ctx.io.warning(`${name} started as the step was cancelled and has no workflow yet: its workflows may still start, ` +
                'cancel it by hand');
            return `${name} started and has no workflow yet; its workflows may still start`;
        }
        const open = workflows.filter((w) => !v2/* FINAL_WORKFLOW_STATUSES */.qY.has(w.status));
        for (const workflow of open)
            await service.cancelWorkflow(workflow.id);
        const names = (0,runner_text/* logSafe */.sN)(open.map((w) => w.name).join(', '));
        ctx.info(`Cancelled ${late}${names ? `: workflows ${names}` : ''}`);
        return `${late}, ${open.length > 0 ? `was cancelled (workflows ${names})` : 'had already ended'}`;
    });
}
/** ` (now finished)`: a job's state after its cancel, where the service answered it. */
const now = (job) => (job === undefined ? '' : ` (now ${(0,gate_scope/* describeState */.Jw)(job)})`);

// EXTERNAL MODULE: ../runner/verdict.ts
var verdict = __webpack_require__(7199);
// EXTERNAL MODULE: ../runner/gate.ts + 1 modules
var runner_gate = __webpack_require__(4649);
// EXTERNAL MODULE: ../runner/wait.ts
var wait = __webpack_require__(3585);
// EXTERNAL MODULE: ../runner/summary.ts
var summary = __webpack_require__(2970);
// EXTERNAL MODULE: ../service/pipeline-builds.ts
var pipeline_builds = __webpack_require__(1467);
;// CONCATENATED MODULE: ./trigger-build/pipeline.ts










/** Sets the outputs of a pipeline that is not followed: empty where only a build has a value. */
function setPipelineOutputs(ctx, workflows, outcome = '', ...more) {
    for (const name of ['build-num', 'build-url', 'status', 'lifecycle', 'failed-step', ...more])
        ctx.setOutput(name, '');
    ctx.setOutput('outcome', outcome);
    ctx.setOutput('workflows', workflows);
    ctx.setOutput('builds', []);
}
/** Says the pipeline, read until its configuration was compiled (docs/sunset.md); an errored one fails. */
async function confirmTriggered(ctx, connection, input, { pipeline, recoveredAfter }, deadline) {
    const url = (0,trigger_api/* pipelineUrl */.EL)(connection, pipeline);
    const { branch, tag } = input.request;
    (0,trigger_api/* warnRecovered */.KP)(ctx, recoveredAfter, `pipeline #${pipeline.number}`, `: ${url}`);
    ctx.info(`Triggered pipeline #${pipeline.number} (id ${pipeline.id}) of ${(0,v1/* projectName */.j1)(connection.project)} on ` +
        `${tag === undefined ? `branch ${branch}` : `tag ${tag}`} through API v2: ${url}`);
    ctx.setOutput('pipeline-id', pipeline.id);
    ctx.setOutput('pipeline-number', pipeline.number);
    ctx.setOutput('pipeline-url', url);
    try {
        const until = input.wait ? deadline : undefined;
        return await (0,trigger_api/* confirmPipeline */.Lb)(ctx, connection.service, pipeline, until);
    }
    catch (error) {
        if (!(error instanceof pipeline_builds/* PipelineErroredError */.GU))
            throw error;
        setPipelineOutputs(ctx, []);
        await pipelineSummary(ctx, pipeline, url, [], `The pipeline failed: ${(0,runner_text/* mdSafe */.$v)(error.message, 1000)}`);
        throw error;
    }
}
/** The service triggered nothing (a skip marker in the commit message): `if-no-builds` decides. */
async function notTriggered(ctx, input, message) {
    setPipelineOutputs(ctx, [], 'none', 'pipeline-id', 'pipeline-number', 'pipeline-url');
    const text = `The service triggered no pipeline: ${message}`;
    await (0,summary/* appendSummary */.fe)(ctx.io, `### No pipeline\n\n${(0,runner_text/* mdSafe */.$v)(text, 1000)} (if-no-builds: ${input.ifNoBuilds}).`);
    const going = `${text}; going on with outcome 'none' (if-no-builds: ${input.ifNoBuilds})`;
    (0,outcomes/* ifNothing */.Le)(ctx, input.ifNoBuilds, going, () => (0,wait/* waitFailed */.bn)((0,runner_text/* logSafe */.sN)(`${text} (if-no-builds: fail)`)));
}
async function pipelineSummary(ctx, pipeline, url, workflows, text) {
    const list = workflows.map((w) => `- [${(0,runner_text/* mdSafe */.$v)(w.name, 100)}](${w.url}): ${(0,runner_text/* mdSafe */.$v)(w.status, 40)}`);
    const listed = list.length > 0 ? `\n\n**Workflows:**\n\n${list.join('\n')}` : '\n\n**Workflows:** none listed yet';
    await (0,summary/* appendSummary */.fe)(ctx.io, `### [Pipeline #${pipeline.number}](${url})\n\n**Id:** ${(0,runner_text/* mdSafe */.$v)(pipeline.id, 80)}${listed}\n\n${text}`);
}
// Without `wait`, lists the pipeline's workflows at this moment (maybe none yet); with it, follows every job
// through the gate, and cancels each of its workflows if the step is cancelled.
async function followPipeline(ctx, connection, input, pipeline, { startedAt, deadline }) {
    if (!input.wait) {
        const url = (0,trigger_api/* pipelineUrl */.EL)(connection, pipeline);
        const workflows = (0,trigger_api/* workflowRows */.zL)(url, await connection.service.workflows(pipeline));
        setPipelineOutputs(ctx, workflows);
        const text = 'Triggered; the step did not wait for the pipeline to finish.';
        return pipelineSummary(ctx, pipeline, url, workflows, text);
    }
    // How long a setup workflow is given to continue (wait-for-build's default settle time), and how long a pipeline
    // past its set-up may list no workflow before the step takes it to run none.
    const { source } = (0,runner_gate/* pipelineSource */.yN)(ctx, connection, pipeline, { settleMs: 30_000, emptyMs: 60_000 });
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
        await (0,runner_gate/* gateBuilds */.Np)(ctx, connection.service, gate, {
            started: startedAt,
            deadline,
            buildNum: 'deciding',
            seen: (b) => (builds = b),
            onAbort: (running) => cancelPipeline(ctx, input, pipeline, source, running),
        });
    }
    finally {
        const deciding = (0,verdict/* decidingBuild */.Gf)(builds, input.policy);
        ctx.setOutput('status', (0,outcomes/* outputWord */.u)(ctx.info, 'status', deciding?.status));
        ctx.setOutput('lifecycle', (0,outcomes/* outputWord */.u)(ctx.info, 'lifecycle', deciding?.lifecycle));
        const url = (0,trigger_api/* pipelineUrl */.EL)(connection, pipeline, builds.find((b) => b.url)?.url);
        ctx.setOutput('pipeline-url', url);
        ctx.setOutput('workflows', (0,trigger_api/* workflowRows */.zL)(url, source.workflows ?? []));
    }
}

// EXTERNAL MODULE: ../runner/build-report.ts
var build_report = __webpack_require__(817);
// EXTERNAL MODULE: ../runner/io.ts
var io = __webpack_require__(7704);
;// CONCATENATED MODULE: ./trigger-build/build.ts
// A build of v1.1 trigger-build started: followed as a one-job source through the one wait, judged, and reported.














async function followTriggeredBuild(ctx, service, input, { job: triggered, result: { recoveredAfter } }, { startedAt, deadline }) {
    const num = triggered.number;
    const url = triggered.url ?? '';
    const where = url ? `: ${url}` : '';
    (0,trigger_api/* warnRecovered */.KP)(ctx, recoveredAfter, `build #${num}`, where);
    ctx.info(`Triggered build #${num} of ${service.name} on branch ${input.request.branch}${where}`);
    let last = triggered;
    /** The summary's closing: none while the step did not wait, a line, or why the finished build failed. */
    let ending;
    let tests;
    let failedStep = '';
    const budget = new build_report/* AnnotationBudget */.TL();
    try {
        if (!input.wait)
            return;
        ctx.info(`Waiting for build #${num} to finish: a look every ${(0,format/* formatDuration */.a3)(input.intervalMs)}, ` +
            `for at most ${(0,format/* formatDuration */.a3)(input.timeoutMs)}`);
        try {
            // The wait is a log group, ended before the failure report prints its own (GitHub nests none).
            await (0,io/* inGroup */.HB)(ctx.io, `Waiting for build #${num}`, async () => {
                if (triggered.ended)
                    return;
                const source = await service.oneJob(num, true);
                await (0,wait/* wait */.uk)({
                    intervalMs: input.intervalMs,
                    deadline,
                    clock: ctx.clock,
                    signal: ctx.signal,
                    log: ctx.info,
                    still: ({ looks, elapsedMs }) => `Build #${num} is still ${(0,gate_scope/* describeState */.Jw)(last)} after ${(0,format/* formatDuration */.a3)(elapsedMs)} (${looks} looks)`,
                    failed: `look at build #${num}`,
                    look: async () => {
                        const [job = last] = (await source.look()).jobs;
                        const changed = job.status !== last.status || job.state !== last.state;
                        last = job;
                        if (job.ended)
                            return { done: true, value: job };
                        if (changed)
                            ctx.info(`Build #${num} is ${(0,gate_scope/* describeState */.Jw)(job)}`);
                        return { done: false, logged: changed };
                    },
                    unfinished: (error) => {
                        ending = [
                            'The build did not finish within the wait; the step stopped waiting and left it running.',
                        ];
                        // With an error the time-out did not come (a long Retry-After): the step says why it stopped early.
                        const waited = (0,format/* formatDuration */.a3)(ctx.clock.now() - startedAt);
                        return error === undefined
                            ? `Build #${num} did not finish within ${(0,format/* formatDuration */.a3)(input.timeoutMs)}; it was left ` +
                                `${(0,gate_scope/* describeState */.Jw)(last)}${where}`
                            : `Stopped waiting for build #${num} after ${waited}, before the ${(0,format/* formatDuration */.a3)(input.timeoutMs)} ` +
                                `timeout: ${error.message}; it was left ${(0,gate_scope/* describeState */.Jw)(last)}${where}`;
                    },
                    gaveUp: (error) => {
                        ending = [`The step gave up waiting: ${(0,runner_text/* mdSafe */.$v)(error.message)}`];
                        return `Gave up waiting for build #${num}: ${error.message}; it may still be running${where}`;
                    },
                });
            });
        }
        catch (error) {
            if (ctx.signal.aborted) {
                const what = await cancelOnAbort(ctx, input, last);
                ending = [`The step was cancelled: ${(0,runner_text/* mdSafe */.$v)(what)}.`];
                throw new errors/* AbortedError */.oM(`${(0,clock/* abortReason */.Js)(ctx.signal).message}; ${what}`);
            }
            throw error;
        }
        const failure = last.outcome === 'success'
            ? { failedStep: undefined, summary: '' }
            : await (0,build_report/* showFailedSteps */.An)(ctx, service, last, input.failureLogLines, budget);
        failedStep = failure.failedStep ?? '';
        ending = failure.summary ? ['#### Why it failed', failure.summary] : [];
        tests = await (0,build_report/* readTests */.iv)(ctx, service, last);
        const outcome = (0,outcomes/* outcomeOf */.sG)(last);
        const how = outcome
            ? `finished with outcome '${outcome}' (status ${last.status ?? 'unknown'})`
            : `ended without an outcome (status ${last.status ?? 'unknown'}, lifecycle ${last.state ?? 'unknown'})`;
        if (!(0,outcomes/* passes */.WE)(input.policy, outcome))
            throw (0,wait/* waitFailed */.bn)((0,runner_text/* logSafe */.sN)(`Build #${num} ${how}${(0,verdict/* allowedOf */.mr)(input)}${where}`));
        if (last.outcome === 'success')
            ctx.info(`Build #${num} succeeded${where}`);
        else
            ctx.info(`Build #${num} ${how}, which allowed-outcomes lets pass${where}`);
    }
    finally {
        const judged = input.wait && last.ended;
        ctx.setOutput('build-num', num);
        ctx.setOutput('build-url', (0,runner_text/* shellSafeUrl */.NO)(url));
        ctx.setOutput('status', (0,outcomes/* outputWord */.u)(ctx.info, 'status', last.status));
        ctx.setOutput('lifecycle', (0,outcomes/* outputWord */.u)(ctx.info, 'lifecycle', last.lifecycle));
        ctx.setOutput('outcome', judged ? (0,outcomes/* outputWord */.u)(ctx.info, 'outcome', (0,outcomes/* outcomeOf */.sG)(last)) : '');
        ctx.setOutput('failed-step', failedStep);
        ctx.setOutput('pipeline-id', '');
        ctx.setOutput('pipeline-number', '');
        ctx.setOutput('builds', [(0,runner_gate/* buildRow */.dK)(last, judged ? (0,outcomes/* outcomeOf */.sG)(last) || null : null)]);
        const waited = ending === undefined ? {} : { Waited: (0,format/* formatDuration */.a3)(ctx.clock.now() - startedAt) };
        const parts = [(0,summary/* buildHeading */.jI)(last), (0,summary/* buildFacts */._x)(last, waited)];
        parts.push(...(ending ?? ['Triggered; the step did not wait for the build to finish.']));
        if (tests !== undefined)
            parts.push(...(0,build_report/* testsSection */.FK)(ctx, tests, budget));
        await (0,summary/* appendSummary */.fe)(ctx.io, parts.join('\n\n'));
    }
}

;// CONCATENATED MODULE: ./trigger-build/trigger-build.ts
// trigger-build: triggers a build or a pipeline (never two), and with `wait` follows it to its end.












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
    replacement: trigger_api/* triggerApiReplacement */.fo,
};
async function triggerBuild(ctx) {
    const input = readInputs(ctx);
    const startedAt = ctx.clock.now();
    const deadline = startedAt + input.timeoutMs;
    const connection = input.wait ? (0,wait_inputs/* connectUntil */.HO)(ctx, deadline) : ctx.connect();
    const { branch, tag } = input.request;
    const title = `Triggering ${(0,v1/* projectName */.j1)(connection.project)} on ${tag === undefined ? `branch ${branch}` : `tag ${tag}`}`;
    // The trigger is a log group; the pipeline's link, a notice after it, shows on the run's page (none for a build of
    // v1.1, whose link is in the log and the build-url output).
    let link;
    ctx.io.startGroup((0,runner_text/* logSafe */.sN)(title));
    let started;
    let confirmed;
    try {
        started = await connection.service.trigger(input.api, input.request).catch(async (error) => {
            if (!(error instanceof v1/* TriggerAbortedError */.W0 || error instanceof v2_trigger/* PipelineTriggerAbortedError */.k))
                throw error;
            // Cancelled while the trigger was on its way: the build it may have started must not run on unseen.
            const what = await cancelLost(ctx, input, error);
            throw new errors/* AbortedError */.oM(`${(0,clock/* abortReason */.Js)(ctx.signal).message}; ${what}`);
        });
        if (started.api === 'v2') {
            link = `Pipeline #${started.pipeline.number}: ${(0,trigger_api/* pipelineUrl */.EL)(connection, started.pipeline)}`;
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
    const times = { startedAt, deadline };
    // A pipeline was confirmed in the group above, or the step failed there.
    if (started.api === 'v2')
        return followPipeline(ctx, connection, input, confirmed ?? started.pipeline, times);
    await followTriggeredBuild(ctx, connection.service, input, started, times);
}
/** src/actions/bundle.js calls it on the runner, and GitHub's local-action on a workstation. */
function trigger_build_run() {
    return (0,run/* runAction */.Cs)(spec, triggerBuild);
}


/***/ })

};
