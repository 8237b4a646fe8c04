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
/* harmony export */   waitForBuild: () => (/* binding */ waitForBuild),
/* harmony export */   workflowRevision: () => (/* binding */ workflowRevision)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _action_build_report_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7780);
/* harmony import */ var _action_follow_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5661);
/* harmony import */ var _action_outcomes_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3117);
/* harmony import */ var _action_poll_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3197);
/* harmony import */ var _action_run_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1498);
/* harmony import */ var _action_summary_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(1702);
/* harmony import */ var _action_text_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5947);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(2249);
/* harmony import */ var _api_commit_builds_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(6677);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(1013);
/* harmony import */ var _api_records_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(5942);
/* harmony import */ var _api_step_output_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(530);
/* harmony import */ var _api_validate_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(1272);














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
    ],
    outputs: ['build-num', 'build-url', 'outcome', 'builds', 'failed-step'],
};
/** Input ranges: as trigger-build's, a poll interval of up to an hour and a wait of up to 35 days. */
const LIMITS = {
    pollSeconds: { min: 1, max: 3600 },
    timeoutMinutes: { min: 1, max: 35 * 24 * 60 },
    settleSeconds: { min: 0, max: 3600 },
};
/** Events whose GITHUB_SHA is a merge commit the service never built: the head commit is in the payload. */
const PULL_REQUEST_EVENTS = new Set([
    'pull_request',
    'pull_request_target',
    'pull_request_review',
    'pull_request_review_comment',
]);
/** The workflow's commit: the pull request's head commit on pull request events, else GITHUB_SHA. */
function workflowRevision(env) {
    if (PULL_REQUEST_EVENTS.has(env['GITHUB_EVENT_NAME'] ?? '')) {
        const path = env['GITHUB_EVENT_PATH'];
        let head;
        try {
            const event = JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(path ?? '', 'utf8'));
            head = event.pull_request?.head?.sha;
        }
        catch (error) {
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_9__/* .ValidationError */ .yI('revision', 'give it, or run on an event whose payload GITHUB_EVENT_PATH holds', undefined, `the pull request's head commit could not be read from GITHUB_EVENT_PATH (${error.message})`);
        }
        if (typeof head !== 'string' || head === '') {
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_9__/* .ValidationError */ .yI('revision', 'give it explicitly', undefined, "the event's payload names no pull request head commit");
        }
        return head;
    }
    return env['GITHUB_SHA'] || undefined;
}
/** Reads and checks every input of the action's own before anything is sent. */
function readInputs(ctx) {
    const { inputs } = ctx;
    const buildNumText = inputs.optional('build-num');
    const buildNum = buildNumText === undefined
        ? undefined
        : (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_11__/* .checkInteger */ .zQ)('build-num', buildNumText, 1, Number.MAX_SAFE_INTEGER);
    const givenRevision = inputs.optional('revision');
    const branch = inputs.optional('branch');
    if (branch !== undefined)
        (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_11__/* .checkSegment */ .cr)('branch', branch);
    const workflow = inputs.optional('workflow');
    if (workflow !== undefined)
        (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_11__/* .checkSegment */ .cr)('workflow', workflow, 'a workflow name');
    const jobs = [...new Set(inputs.lines('job'))];
    for (const job of jobs)
        (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_11__/* .checkSegment */ .cr)('job', job, 'job names, one a line');
    const appearMinutes = inputs.integer('appear-timeout-minutes', LIMITS.timeoutMinutes.min, LIMITS.timeoutMinutes.max, 10);
    const settleSeconds = inputs.integer('settle-seconds', LIMITS.settleSeconds.min, LIMITS.settleSeconds.max, 30);
    const timeoutMinutes = inputs.integer('timeout-minutes', LIMITS.timeoutMinutes.min, LIMITS.timeoutMinutes.max, 60);
    const pollSeconds = inputs.integer('poll-interval-seconds', LIMITS.pollSeconds.min, LIMITS.pollSeconds.max, 15);
    const policy = (0,_action_outcomes_js__WEBPACK_IMPORTED_MODULE_3__/* .readOutcomePolicy */ .tI)(inputs);
    const failureLogLines = inputs.integer('failure-log-lines', 0, _api_step_output_js__WEBPACK_IMPORTED_MODULE_10__/* .MAX_OUTPUT_LINES */ .$S, 50);
    let revision = '';
    if (buildNum === undefined) {
        const raw = givenRevision ?? workflowRevision(ctx.env);
        if (raw === undefined) {
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_9__/* .ValidationError */ .yI('revision', 'a value is required when GITHUB_SHA is not set (or give build-num)', undefined, 'missing');
        }
        if (!/^[0-9a-f]{7,40}$/i.test(raw)) {
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_9__/* .ValidationError */ .yI('revision', 'allowed: a commit SHA, or a prefix of at least 7 hex digits', raw);
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
        query: {
            revision,
            ...(branch === undefined ? {} : { branch }),
            ...(workflow === undefined ? {} : { workflow }),
            jobs,
        },
        jobs,
        appearMs: appearMinutes * 60_000,
        settleMs: settleSeconds * 1000,
        timeoutMs: timeoutMinutes * 60_000,
        intervalMs: pollSeconds * 1000,
        policy,
        failureLogLines,
    };
}
/** `#12 (job test)`, for the log and errors. */
function label(build) {
    const { job } = (0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_8__/* .jobOf */ .Zw)(build);
    return `#${build.build_num}${job === undefined ? '' : ` (job ${job})`}`;
}
/** `commit 1a2b3c4 on branch main, workflow ci, jobs build, test` */
function scopeOf(input) {
    const parts = [`commit ${input.query.revision.slice(0, 12)}`];
    if (input.query.branch !== undefined)
        parts[0] += ` on branch ${input.query.branch}`;
    if (input.query.workflow !== undefined)
        parts.push(`workflow ${input.query.workflow}`);
    if (input.jobs.length > 0)
        parts.push(`${input.jobs.length > 1 ? 'jobs' : 'job'} ${input.jobs.join(', ')}`);
    return parts.join(', ');
}
/**
 * Waits until the builds of a commit (or one build by number) have ended, and fails the step unless each ended
 * with an allowed outcome. It never cancels a build: they are not the step's own.
 */
async function waitForBuild(ctx) {
    const input = readInputs(ctx);
    const started = ctx.clock.now();
    const deadline = started + input.timeoutMs;
    const connection = ctx.connect({ deadline });
    let builds = [];
    let ending = { kind: 'cancelled' };
    const tests = new Map();
    const failures = new Map();
    // One budget of error annotations for the failed steps and the failed tests of every build.
    const budget = new _action_build_report_js__WEBPACK_IMPORTED_MODULE_1__/* .AnnotationBudget */ .TL();
    try {
        try {
            ending =
                input.buildNum === undefined
                    ? await waitForCommit(ctx, connection, input, deadline, (b) => (builds = b))
                    : await waitForOne(ctx, connection, input.buildNum, input, deadline, (b) => (builds = [b]));
        }
        catch (error) {
            if (ctx.signal.aborted || error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_9__/* .AbortedError */ .oM) {
                ending = { kind: 'cancelled' };
                throw error;
            }
            ending = { kind: 'gave-up', why: error.message };
            if (error instanceof _action_poll_js__WEBPACK_IMPORTED_MODULE_4__/* .PollFailedError */ .f5) {
                throw new _action_poll_js__WEBPACK_IMPORTED_MODULE_4__/* .WaitError */ .uf(`Gave up waiting for the builds of ${describeTarget(input)}: ${error.message}; they may still be running`, { cause: error });
            }
            throw error;
        }
        const waited = ending;
        if (waited.kind !== 'finished' && waited.kind !== 'cancelled')
            throw new _action_poll_js__WEBPACK_IMPORTED_MODULE_4__/* .WaitError */ .uf((0,_action_text_js__WEBPACK_IMPORTED_MODULE_7__/* .logSafe */ .sN)(waited.why));
        const unsuccessful = builds.filter((b) => b.outcome !== 'success');
        for (const build of unsuccessful.slice(0, _action_build_report_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_FAILURE_REPORTS */ .sT)) {
            failures.set(build.build_num, await (0,_action_build_report_js__WEBPACK_IMPORTED_MODULE_1__/* .showFailedSteps */ .An)(ctx, connection, build, input.failureLogLines, budget));
        }
        for (const build of unsuccessful)
            tests.set(build.build_num, await (0,_action_build_report_js__WEBPACK_IMPORTED_MODULE_1__/* .readTests */ .iv)(ctx, connection, build));
        const failing = builds.filter((b) => !(0,_action_outcomes_js__WEBPACK_IMPORTED_MODULE_3__/* .passes */ .WE)(input.policy, b.outcome));
        if (failing.length > 0)
            throw new _action_poll_js__WEBPACK_IMPORTED_MODULE_4__/* .WaitError */ .uf((0,_action_text_js__WEBPACK_IMPORTED_MODULE_7__/* .logSafe */ .sN)(failureMessage(input, builds, failing)));
        const worst = (0,_action_outcomes_js__WEBPACK_IMPORTED_MODULE_3__/* .worstOutcome */ .Om)(builds.map((b) => b.outcome));
        if (worst === 'success') {
            ctx.info(`${builds.length === 1 ? 'The build' : `All ${builds.length} builds`} of ${describeTarget(input)} succeeded`);
        }
        else {
            ctx.info(`The builds of ${describeTarget(input)} ended with outcome '${worst}', which allowed-outcomes ` +
                `(${(0,_action_outcomes_js__WEBPACK_IMPORTED_MODULE_3__/* .describePolicy */ .wy)(input.policy)}) lets pass`);
        }
    }
    finally {
        setOutputs(ctx, input, builds, failures);
        await writeSummary(ctx, input, builds, ending, { tests, failures, budget }, ctx.clock.now() - started);
    }
}
function describeTarget(input) {
    return input.buildNum === undefined ? scopeOf(input) : `build #${input.buildNum}`;
}
function failureMessage(input, builds, failing) {
    const how = (b) => b.outcome
        ? `outcome '${b.outcome}' (status ${b.status ?? 'unknown'})`
        : `no outcome (status ${b.status ?? 'unknown'}, lifecycle ${b.lifecycle ?? 'unknown'})`;
    const allowed = input.policy.allowed.size > 1 ? `; allowed: ${(0,_action_outcomes_js__WEBPACK_IMPORTED_MODULE_3__/* .describePolicy */ .wy)(input.policy)}` : '';
    const [only] = failing;
    if (failing.length === 1 && only !== undefined) {
        const where = only.build_url ? `: ${only.build_url}` : '';
        const of = builds.length > 1 ? ` of ${builds.length} builds of ${scopeOf(input)}` : '';
        return `Build ${label(only)}${of} ended with ${how(only)}${allowed}${where}`;
    }
    const list = failing.map((b) => `${label(b)} ${how(b)}`).join(', ');
    return `${failing.length} of ${builds.length} builds of ${describeTarget(input)} did not pass: ${list}${allowed}`;
}
function setOutputs(ctx, input, builds, failures) {
    const [onlyJob] = input.jobs;
    const ofJob = input.jobs.length === 1 ? builds.filter((b) => (0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_8__/* .jobOf */ .Zw)(b).job === onlyJob) : [...builds];
    const main = ofJob.reduce((newest, b) => (newest === undefined || b.build_num > newest.build_num ? b : newest), undefined);
    ctx.setOutput('build-num', main?.build_num ?? '');
    ctx.setOutput('build-url', main?.build_url ?? '');
    ctx.setOutput('outcome', builds.length > 0 && builds.every(_api_records_js__WEBPACK_IMPORTED_MODULE_12__/* .isFinished */ .$g) ? (0,_action_outcomes_js__WEBPACK_IMPORTED_MODULE_3__/* .worstOutcome */ .Om)(builds.map((b) => b.outcome)) : '');
    ctx.setOutput('builds', builds.map((b) => {
        const { job, workflow } = (0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_8__/* .jobOf */ .Zw)(b);
        return {
            build_num: b.build_num,
            build_url: b.build_url ?? null,
            job: job ?? null,
            workflow: workflow ?? null,
            status: b.status ?? null,
            outcome: b.outcome ?? null,
        };
    }));
    const firstFailed = builds.find((b) => failures.get(b.build_num)?.failedStep !== undefined);
    ctx.setOutput('failed-step', (firstFailed && failures.get(firstFailed.build_num)?.failedStep) ?? '');
}
/** build-num mode: follows that one build, as trigger-build follows the build it triggered. */
async function waitForOne(ctx, connection, num, input, deadline, seen) {
    const first = await connection.client.build(connection.project, num);
    seen(first);
    let last = first;
    const where = first.build_url ? `: ${first.build_url}` : '';
    ctx.info(`Waiting for build #${num} (now ${(0,_action_follow_js__WEBPACK_IMPORTED_MODULE_2__/* .describeState */ .J)(first)}) to end: a look every ` +
        `${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(input.intervalMs)}, for at most ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(input.timeoutMs)}${where}`);
    const result = await (0,_action_follow_js__WEBPACK_IMPORTED_MODULE_2__/* .followBuild */ .c)(ctx, connection, first, { intervalMs: input.intervalMs, deadline }, (b) => {
        last = b;
        seen(b);
    });
    if (result.done)
        return { kind: 'finished' };
    const why = result.error ? ` (${result.error.message})` : '';
    return {
        kind: 'timed-out',
        why: `Build #${num} did not end within ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(input.timeoutMs)}${why}; it was left ${(0,_action_follow_js__WEBPACK_IMPORTED_MODULE_2__/* .describeState */ .J)(last)}${where}`,
    };
}
/** The list mode: finds the commit's builds look after look until every one has ended and none is to come. */
async function waitForCommit(ctx, { client, project }, input, deadline, seen) {
    const { clock } = ctx;
    const started = clock.now();
    const scope = scopeOf(input);
    const commit = new _api_commit_builds_js__WEBPACK_IMPORTED_MODULE_8__/* .CommitBuilds */ .J_(client, project, { ...input.query, jobs: [] }, { now: started });
    ctx.info(`Waiting for the builds of ${scope}: a look every ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(input.intervalMs)}, for at most ` +
        `${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(input.timeoutMs)}; a build must appear within ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(input.appearMs)}`);
    let current = [];
    /** Every build of the commit the last look saw, counted or not. */
    let everything = new Map();
    /** The last time a build appeared or ended: the appear and settle times count from it. */
    let lastChange = started;
    let warnedTruncated = false;
    let failure;
    const look = async () => {
        const { builds: all, truncated } = await commit.look();
        const now = clock.now();
        if (truncated && !warnedTruncated) {
            warnedTruncated = true;
            ctx.io.warning((0,_action_text_js__WEBPACK_IMPORTED_MODULE_7__/* .logSafe */ .sN)(`The project's build list is long: the look read its newest pages only, as far as a look may`));
        }
        // With `job`, every build of the commit is still followed: while any runs, a named job may yet appear.
        const counted = input.jobs.length === 0 ? all : all.filter((b) => input.jobs.includes((0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_8__/* .jobOf */ .Zw)(b).job ?? ''));
        let logged = false;
        for (const build of all) {
            const old = everything.get(build.build_num);
            const { job, workflow } = (0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_8__/* .jobOf */ .Zw)(build);
            const aside = counted.includes(build) ? '' : ' (not counted: only the named jobs count)';
            if (old === undefined) {
                const what = job === undefined ? '' : `: job ${job}${workflow === undefined ? '' : ` of workflow ${workflow}`}`;
                const retry = typeof build.retry_of === 'number' ? `, a retry of #${build.retry_of}` : '';
                ctx.info(`Build #${build.build_num} appeared${what}${retry}, ${(0,_action_follow_js__WEBPACK_IMPORTED_MODULE_2__/* .describeState */ .J)(build)}${aside}`);
                lastChange = now;
                logged = true;
            }
            else if ((0,_api_records_js__WEBPACK_IMPORTED_MODULE_12__/* .isFinished */ .$g)(build) && !(0,_api_records_js__WEBPACK_IMPORTED_MODULE_12__/* .isFinished */ .$g)(old)) {
                ctx.info(`Build ${label(build)} ended: ${build.outcome || (0,_action_follow_js__WEBPACK_IMPORTED_MODULE_2__/* .describeState */ .J)(build)}`);
                lastChange = now;
                logged = true;
            }
            else if (build.lifecycle !== old.lifecycle) {
                ctx.info(`Build ${label(build)} is ${(0,_action_follow_js__WEBPACK_IMPORTED_MODULE_2__/* .describeState */ .J)(build)}`);
                logged = true;
            }
        }
        everything = new Map(all.map((b) => [b.build_num, b]));
        current = counted;
        seen(counted);
        const builds = counted;
        if (all.length === 0 && input.jobs.length === 0) {
            if (now - started >= input.appearMs) {
                failure = {
                    kind: 'not-found',
                    why: `No build of ${scope} appeared within ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(input.appearMs)}`,
                };
                return { done: true, value: builds };
            }
            return { done: false, logged, nextInMs: Math.min(input.intervalMs, started + input.appearMs - now) };
        }
        if (!builds.every(_api_records_js__WEBPACK_IMPORTED_MODULE_12__/* .isFinished */ .$g))
            return { done: false, logged };
        const missing = input.jobs.filter((name) => !builds.some((b) => (0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_8__/* .jobOf */ .Zw)(b).job === name));
        if (missing.length > 0) {
            if (!all.every(_api_records_js__WEBPACK_IMPORTED_MODULE_12__/* .isFinished */ .$g))
                return { done: false, logged };
            const appearLeft = lastChange + input.appearMs - now;
            if (appearLeft <= 0) {
                const names = missing.map((m) => `'${m}'`).join(', ');
                const seenText = all.length === 0
                    ? ''
                    : ` after the other builds ended (seen: ${all.map((b) => `${label(b)} ${b.outcome || (0,_action_follow_js__WEBPACK_IMPORTED_MODULE_2__/* .describeState */ .J)(b)}`).join(', ')})`;
                failure = {
                    kind: 'not-found',
                    why: `${missing.length > 1 ? 'Jobs' : 'Job'} ${names} of ${scope} did not appear within ` +
                        `${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(input.appearMs)}${seenText}`,
                };
                return { done: true, value: builds };
            }
            return { done: false, logged, nextInMs: Math.min(input.intervalMs, appearLeft) };
        }
        // Named jobs have all appeared and ended; otherwise a downstream job may still come: settle first.
        if (input.jobs.length > 0)
            return { done: true, value: builds };
        const settleLeft = lastChange + input.settleMs - now;
        if (settleLeft <= 0)
            return { done: true, value: builds };
        if (logged)
            ctx.info(`Every build has ended; waiting ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(settleLeft)} for a downstream job`);
        return { done: false, logged, nextInMs: Math.min(input.intervalMs, settleLeft) };
    };
    const result = await (0,_action_poll_js__WEBPACK_IMPORTED_MODULE_4__/* .poll */ .wt)({
        clock,
        signal: ctx.signal,
        intervalMs: input.intervalMs,
        deadline,
        onHeartbeat: ({ looks, elapsedMs }) => ctx.info(`Still waiting after ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(elapsedMs)} (${looks} looks): ${tally(current)}`),
        onFailure: (error, { failures, nextInMs }) => ctx.info(`Could not look at the builds (${error.message}); looking again in ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(nextInMs)} ` +
            `(failure ${failures} in a row)`),
    }, look);
    if (failure !== undefined)
        return failure;
    if (result.done)
        return { kind: 'finished' };
    const why = result.error ? ` (${result.error.message})` : '';
    const open = current.filter((b) => !(0,_api_records_js__WEBPACK_IMPORTED_MODULE_12__/* .isFinished */ .$g)(b));
    const left = current.length === 0
        ? 'no build of it had appeared'
        : open.length > 0
            ? `left running: ${open.map((b) => `${label(b)} ${(0,_action_follow_js__WEBPACK_IMPORTED_MODULE_2__/* .describeState */ .J)(b)}`).join(', ')}`
            : 'every build had ended, but a named job had not appeared';
    return {
        kind: 'timed-out',
        why: `The builds of ${scope} did not end within ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(input.timeoutMs)}${why}; ${left}`,
    };
}
/** `2 running, 1 queued, 3 ended`, or that none has appeared yet. */
function tally(builds) {
    if (builds.length === 0)
        return 'no build has appeared yet';
    const counts = new Map();
    for (const b of builds) {
        const state = (0,_api_records_js__WEBPACK_IMPORTED_MODULE_12__/* .isFinished */ .$g)(b) ? 'ended' : (b.lifecycle ?? 'unknown');
        counts.set(state, (counts.get(state) ?? 0) + 1);
    }
    return [...counts].map(([state, n]) => `${n} ${state}`).join(', ');
}
async function writeSummary(ctx, input, builds, ending, reports, elapsedMs) {
    const title = input.buildNum === undefined ? `Builds of ${(0,_action_text_js__WEBPACK_IMPORTED_MODULE_7__/* .mdSafe */ .$v)(scopeOf(input), 200)}` : `Build #${input.buildNum}`;
    const parts = [`### ${title}`];
    const worst = builds.length > 0 && builds.every(_api_records_js__WEBPACK_IMPORTED_MODULE_12__/* .isFinished */ .$g) ? (0,_action_outcomes_js__WEBPACK_IMPORTED_MODULE_3__/* .worstOutcome */ .Om)(builds.map((b) => b.outcome)) : '';
    const facts = [
        `**Waited:** ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(elapsedMs)}`,
        `**Allowed:** ${(0,_action_text_js__WEBPACK_IMPORTED_MODULE_7__/* .mdSafe */ .$v)((0,_action_outcomes_js__WEBPACK_IMPORTED_MODULE_3__/* .describePolicy */ .wy)(input.policy))}`,
    ];
    if (worst)
        facts.unshift(`**Outcome:** ${(0,_action_text_js__WEBPACK_IMPORTED_MODULE_7__/* .mdSafe */ .$v)(worst, 50)}`);
    parts.push(facts.join(' · '));
    if (builds.length > 0)
        parts.push(buildsTable(builds));
    switch (ending.kind) {
        case 'finished':
            break;
        case 'cancelled':
            parts.push('The step was cancelled; the builds were left as they were (this action cancels nothing).');
            break;
        case 'timed-out':
        case 'gave-up':
        case 'not-found':
            parts.push((0,_action_text_js__WEBPACK_IMPORTED_MODULE_7__/* .mdSafe */ .$v)(ending.why, 1000));
            break;
    }
    for (const build of builds) {
        const read = reports.tests.get(build.build_num);
        if (read === undefined)
            continue;
        const { job } = (0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_8__/* .jobOf */ .Zw)(build);
        const name = `Build #${build.build_num}${job === undefined ? '' : ` · ${(0,_action_text_js__WEBPACK_IMPORTED_MODULE_7__/* .mdSafe */ .$v)(job, 100)}`}`;
        const heading = (0,_action_summary_js__WEBPACK_IMPORTED_MODULE_6__/* .buildLink */ .hL)({ build_num: build.build_num, build_url: build.build_url }).replace(`#${build.build_num}`, name);
        parts.push(`#### ${heading}: ${(0,_action_text_js__WEBPACK_IMPORTED_MODULE_7__/* .mdSafe */ .$v)(build.outcome || (0,_action_follow_js__WEBPACK_IMPORTED_MODULE_2__/* .describeState */ .J)(build), 50)}`);
        const failure = reports.failures.get(build.build_num)?.summary;
        if (failure)
            parts.push(failure);
        parts.push(...(0,_action_build_report_js__WEBPACK_IMPORTED_MODULE_1__/* .testsSection */ .FK)(ctx, read, reports.budget, 5));
    }
    try {
        await ctx.io.summary.addRaw(parts.join('\n\n'), true).write();
    }
    catch (error) {
        // A summary that cannot be written must not turn a verdict into another one.
        ctx.io.warning(`Could not write the job summary: ${error.message}`);
    }
}
/** One row per build: the build (linked), job, workflow, status, outcome, duration. */
function buildsTable(builds) {
    const lines = ['| Build | Job | Workflow | Status | Outcome | Duration |', '|---|---|---|---|---|---|'];
    for (const b of builds) {
        const { job, workflow } = (0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_8__/* .jobOf */ .Zw)(b);
        const duration = (0,_action_summary_js__WEBPACK_IMPORTED_MODULE_6__/* .buildDurationMs */ .xD)(b);
        const cells = [
            (0,_action_summary_js__WEBPACK_IMPORTED_MODULE_6__/* .buildLink */ .hL)(b),
            (0,_action_text_js__WEBPACK_IMPORTED_MODULE_7__/* .mdSafe */ .$v)(job ?? '', 100),
            (0,_action_text_js__WEBPACK_IMPORTED_MODULE_7__/* .mdSafe */ .$v)(workflow ?? '', 100),
            (0,_action_text_js__WEBPACK_IMPORTED_MODULE_7__/* .mdSafe */ .$v)(b.status ?? '', 50),
            (0,_action_text_js__WEBPACK_IMPORTED_MODULE_7__/* .mdSafe */ .$v)(b.outcome ?? '', 50),
            duration === undefined ? '' : (0,_api_format_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(duration),
        ];
        lines.push(`| ${cells.join(' | ')} |`);
    }
    return lines.join('\n');
}
/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
function run() {
    return (0,_action_run_js__WEBPACK_IMPORTED_MODULE_5__/* .runAction */ .Cs)(spec, waitForBuild);
}


/***/ }),

/***/ 6677:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J_: () => (/* binding */ CommitBuilds),
/* harmony export */   Zw: () => (/* binding */ jobOf),
/* harmony export */   j1: () => (/* binding */ ofRevision)
/* harmony export */ });
/* unused harmony exports SCAN_DEFAULTS, matchesQuery, latestAttempts */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5942);
/* harmony import */ var _validate_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1272);



const SCAN_DEFAULTS = {
    marginMs: 2 * 3_600_000,
    marginBuilds: 200,
    lookBackMs: 24 * 3_600_000,
    maxPages: 10,
};
/** The smallest page a later look asks for: the builds that can change, plus room for new ones. */
const MIN_LATER_PAGE = 20;
const NEW_BUILDS_ROOM = 10;
/** The job and workflow a build belongs to (second-generation builds), when it says. */
function jobOf(build) {
    const workflows = build.workflows;
    const job = typeof workflows?.['job_name'] === 'string' ? workflows['job_name'] : build['job_name'];
    const workflow = workflows?.['workflow_name'];
    return {
        ...(typeof job === 'string' && job !== '' ? { job } : {}),
        ...(typeof workflow === 'string' && workflow !== '' ? { workflow } : {}),
    };
}
/** Whether a build is of the commit a (lower-case) hash or prefix names. */
function ofRevision(build, revision) {
    return typeof build.vcs_revision === 'string' && build.vcs_revision.toLowerCase().startsWith(revision);
}
/** Whether a build belongs to the commit and passes the query's narrowing. */
function matchesQuery(build, query) {
    if (!ofRevision(build, query.revision))
        return false;
    if (query.branch !== undefined && build.branch != null && build.branch !== query.branch)
        return false;
    const { job, workflow } = jobOf(build);
    if (query.workflow !== undefined && workflow !== query.workflow)
        return false;
    if (query.jobs !== undefined && query.jobs.length > 0 && (job === undefined || !query.jobs.includes(job)))
        return false;
    return true;
}
/**
 * Leaves out builds that were run again: the original of a retry (`retry_of`), and an older build of the same
 * job of the same workflow (a workflow run again from the service's page does not always say `retry_of`).
 */
function latestAttempts(builds) {
    const retried = new Set();
    const newestOfJob = new Map();
    for (const build of builds) {
        if (typeof build.retry_of === 'number')
            retried.add(build.retry_of);
        const { job, workflow } = jobOf(build);
        if (job === undefined)
            continue;
        const key = `${workflow ?? ''}\u0000${job}`;
        newestOfJob.set(key, Math.max(newestOfJob.get(key) ?? 0, build.build_num));
    }
    return builds
        .filter((build) => {
        if (retried.has(build.build_num))
            return false;
        const { job, workflow } = jobOf(build);
        if (job === undefined)
            return true;
        return newestOfJob.get(`${workflow ?? ''}\u0000${job}`) === build.build_num;
    })
        .sort((a, b) => a.build_num - b.build_num);
}
/** Follows the builds of one commit, look after look. */
class CommitBuilds {
    #client;
    #project;
    #query;
    #options;
    /** Every build of the commit seen, by number, as last read. */
    #known = new Map();
    /** The newest build number a look has seen: every newer build is new to the next look. */
    #newestSeen;
    #looks = 0;
    constructor(client, project, query, options) {
        this.#client = client;
        this.#project = project;
        this.#query = query;
        this.#options = { ...SCAN_DEFAULTS, ...options };
    }
    /** Reads the list as far as this look needs, and returns the builds that count now. */
    async look() {
        const first = this.#looks++ === 0;
        const floor = first ? undefined : this.#floor();
        const pageSize = floor === undefined ? _validate_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_PAGE_SIZE */ .H4 : this.#laterPageSize(floor);
        const seenThisLook = new Set();
        let requests = 0;
        let truncated = false;
        let offset = 0;
        let newest = this.#newestSeen;
        /** Builds read past the oldest match, for records without queue times. */
        let pastOldest = 0;
        for (;;) {
            const page = await this.#client.builds(this.#project, {
                ...(this.#query.branch === undefined ? {} : { branch: this.#query.branch }),
                limit: pageSize,
                offset,
            });
            requests++;
            if (!Array.isArray(page))
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .BadResponseError */ .nS('GET', 'builds', 'the build list is not a JSON array');
            const builds = page;
            let fresh = 0;
            for (const build of builds) {
                if (typeof build?.build_num !== 'number' || seenThisLook.has(build.build_num))
                    continue;
                seenThisLook.add(build.build_num);
                fresh++;
                newest = Math.max(newest ?? 0, build.build_num);
                if (matchesQuery(build, this.#query)) {
                    this.#known.set(build.build_num, build);
                    pastOldest = 0;
                }
                else {
                    pastOldest++;
                }
            }
            // A page shorter than asked is the end of the list; a page of builds already read is a list that repeats.
            if (builds.length < pageSize || fresh === 0)
                break;
            const last = builds[builds.length - 1];
            if (last === undefined)
                break;
            if (floor !== undefined ? last.build_num <= floor : this.#firstLookDone(last, pastOldest))
                break;
            if (requests >= this.#options.maxPages) {
                truncated = true;
                break;
            }
            // Builds made meanwhile shift the list: a build may come twice (skipped above), none is missed.
            offset += builds.length;
        }
        if (newest !== undefined)
            this.#newestSeen = newest;
        return { builds: latestAttempts([...this.#known.values()]), requests, truncated };
    }
    /** Every build above this number must be read again: an unfinished build of the commit, or one not seen yet. */
    #floor() {
        let floor = this.#newestSeen ?? 0;
        for (const build of this.#known.values())
            if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .isFinished */ .$g)(build))
                floor = Math.min(floor, build.build_num);
        return floor;
    }
    #laterPageSize(floor) {
        const span = (this.#newestSeen ?? floor) - floor;
        return Math.min(_validate_js__WEBPACK_IMPORTED_MODULE_1__/* .MAX_PAGE_SIZE */ .H4, Math.max(MIN_LATER_PAGE, span + NEW_BUILDS_ROOM));
    }
    /** The first look has read far enough once it is a margin past the oldest match, or the look-back. */
    #firstLookDone(last, pastOldest) {
        const lastQueued = queuedAt(last);
        if (this.#known.size === 0) {
            return lastQueued !== undefined && lastQueued < this.#options.now - this.#options.lookBackMs;
        }
        let oldest;
        for (const build of this.#known.values()) {
            const at = queuedAt(build);
            if (at !== undefined)
                oldest = Math.min(oldest ?? at, at);
        }
        if (oldest !== undefined && lastQueued !== undefined)
            return lastQueued < oldest - this.#options.marginMs;
        return pastOldest >= this.#options.marginBuilds;
    }
}
function queuedAt(build) {
    const text = build.queued_at ?? build.usage_queued_at ?? build.start_time;
    if (typeof text !== 'string')
        return undefined;
    const ms = Date.parse(text);
    return Number.isFinite(ms) ? ms : undefined;
}


/***/ })

};
