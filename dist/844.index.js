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
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7370);
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3094);
/* harmony import */ var _service_forks_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3618);
/* harmony import */ var _common_name_patterns_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9872);
/* harmony import */ var _service_http_retry_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(602);
/* harmony import */ var _common_values_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(4415);
/* harmony import */ var _service_validate_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6609);
/* harmony import */ var _runner_wait_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3585);
/* harmony import */ var _runner_run_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3480);
/* harmony import */ var _runner_io_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(7704);
/* harmony import */ var _runner_summary_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(2970);
/* harmony import */ var _runner_text_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(8999);
/* harmony import */ var _runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(3355);
/* harmony import */ var _runner_workflow_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(649);














const spec = {
    name: 'approve',
    inputs: [
        'pipeline-id',
        'revision',
        'branch',
        'allow-forks',
        'job',
        'wait-for-hold-minutes',
        'poll-interval-seconds',
    ],
    outputs: ['approved', 'count'],
};
/** Pipelines of the project read at most to find a commit's newest one. */
const MAX_PIPELINES = 100;
/** Times one approval is sent at most, each after the job list showed it still on hold. */
const MAX_APPROVE_ATTEMPTS = 3;
/** The time the one look of `wait-for-hold-minutes: 0` may take, and so the least any look is given. */
const ONE_LOOK_MS = 60_000;
/** The action's own inputs; `revision` is '' for the newest pipeline of `branch` (a comment on a pull request). */
function readInputs(ctx) {
    const { inputs } = ctx;
    const pipelineIdText = inputs.optional('pipeline-id');
    const givenRevision = inputs.optional('revision');
    const branch = inputs.optional('branch');
    const input = {
        jobs: (0,_common_name_patterns_js__WEBPACK_IMPORTED_MODULE_3__/* .compileNamePatterns */ .QC)('job', inputs.lines('job')),
        waitMs: (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_11__/* .waitMs */ .Cu)(inputs, 'wait-for-hold-minutes', 10, 0),
        intervalMs: (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_11__/* .pollIntervalMs */ .Bg)(inputs),
        allowForks: inputs.boolean('allow-forks', false),
        branch,
        revision: '',
        pipelineId: undefined,
    };
    if (pipelineIdText !== undefined) {
        const also = [givenRevision && 'revision', branch && 'branch'].filter(Boolean);
        if (also.length > 0)
            throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI('pipeline-id', 'give pipeline-id, or else revision and branch, not both', undefined, `${also.join(' and ')} ${also.length > 1 ? 'are' : 'is'} given too`);
        return { ...input, pipelineId: (0,_service_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkPipelineId */ .iw)('pipeline-id', pipelineIdText) };
    }
    if (branch !== undefined)
        (0,_service_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkSegment */ .cr)('branch', branch);
    if ((0,_runner_workflow_js__WEBPACK_IMPORTED_MODULE_12__/* .branchNamesCommit */ .E2)(ctx.env, givenRevision, branch))
        return input;
    return { ...input, revision: (0,_runner_wait_inputs_js__WEBPACK_IMPORTED_MODULE_11__/* .readRevision */ .M7)(givenRevision, ctx.env, 'pipeline-id') };
}
/** `branch main, commit 0123abc…`; a part the answer lacks is said so. */
function branchAndCommit(head) {
    const part = (value, max) => (value ? (0,_common_format_js__WEBPACK_IMPORTED_MODULE_0__/* .cut */ .Jj)(value, max) : '(none)');
    return `branch ${part(head.branch, 200)}, commit ${part(head.revision, 64)}`;
}
/** The commit's newest pipeline, no pull request's unless allowed (docs/promises.md, promise 36), and the newer
 *  ones of the commit passed over as a pull request's. */
async function newestOfCommit(service, input) {
    // A pull request's pipelines count with allow-forks, or with a branch that names one, which the user chose.
    const forks = input.allowForks || (0,_service_forks_js__WEBPACK_IMPORTED_MODULE_2__/* .isForkBranch */ .vX)(input.branch);
    const ofCommit = (p) => (0,_common_values_js__WEBPACK_IMPORTED_MODULE_13__/* .isOfCommit */ .lU)(p.revision, input.revision) && (input.branch === undefined || p.branch === input.branch);
    const wanted = (p) => ofCommit(p) && (forks || !p.fork);
    const list = await service.pipelineHeads({ ...(0,_common_values_js__WEBPACK_IMPORTED_MODULE_13__/* .definedOnly */ .Uv)({ branch: input.branch }), max: MAX_PIPELINES }, (items) => items.some(wanted));
    const at = list.findIndex(wanted);
    return { found: list[at], passed: list.slice(0, at < 0 ? undefined : at).filter(ofCommit) };
}
/** Approves the chosen jobs on hold in one pipeline, once a matching one comes on hold. */
async function approve(ctx) {
    const input = readInputs(ctx);
    const started = ctx.clock.now();
    // Every request of a look runs under the step's remaining time (docs/promises.md, promise 34); the one look of
    // `wait-for-hold-minutes: 0` is given a minute.
    const lookDeadline = started + Math.max(input.waitMs, ONE_LOOK_MS);
    // A pipeline's and a workflow's calls name no project: with pipeline-id, one is needed only to check the
    // pipeline's, when the step names one or runs in a repository.
    const needsProject = input.pipelineId === undefined || (0,_runner_run_js__WEBPACK_IMPORTED_MODULE_7__/* .projectInputs */ .tX)(ctx).length > 0 || Boolean(ctx.env['GITHUB_REPOSITORY']);
    const connection = ctx.connect({
        needsProject,
        deadline: lookDeadline,
        signal: (0,_runner_wait_js__WEBPACK_IMPORTED_MODULE_6__/* .untilDeadline */ .Hm)(ctx.signal, ctx.clock, lookDeadline),
    });
    const { service } = connection;
    // Holds found in time are approved even when the wait's time runs out meanwhile: only the step's end stops them.
    const approver = ctx.connect({ needsProject }).service;
    const commit = (input.revision === '' ? 'the branch' : `commit ${input.revision}`) +
        (input.branch === undefined ? '' : ` on branch ${input.branch}`);
    const chosen = input.jobs.length === 0 ? 'approval job' : `approval job matching ${(0,_common_name_patterns_js__WEBPACK_IMPORTED_MODULE_3__/* .describePatterns */ .BL)(input.jobs)}`;
    let pipeline;
    let listed = false;
    let pulls = 0;
    const passedOver = new Set();
    let seen;
    const isChosen = (a) => (0,_common_name_patterns_js__WEBPACK_IMPORTED_MODULE_3__/* .choosesName */ .Cx)(input.jobs, a.job);
    const approved = [];
    try {
        // The wait is a log group, as the gates' are; what follows it (the approvals, an error) stays outside.
        const holds = await (0,_runner_io_js__WEBPACK_IMPORTED_MODULE_8__/* .inGroup */ .HB)(ctx.io, `Waiting for an ${chosen} on hold`, () => (0,_runner_wait_js__WEBPACK_IMPORTED_MODULE_6__/* .wait */ .uk)({
            clock: ctx.clock,
            signal: ctx.signal,
            intervalMs: input.intervalMs,
            deadline: started + input.waitMs,
            log: ctx.info,
            still: (state) => `Still waiting for an ${chosen} on hold (${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(state.elapsedMs)})`,
            failed: (error, state) => ctx.io.warning(`${error.message}; looking again in ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(state.nextInMs)}`),
            unfinished: (error) => {
                const span = (0,_common_format_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(input.waitMs);
                // A look the time-out stopped part-way said nothing of what it was reading.
                const stopped = ctx.clock.now() < lookDeadline
                    ? ''
                    : input.waitMs === 0
                        ? `: the one look was stopped after ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(ONE_LOOK_MS)}, the most it may take`
                        : ': the last look was stopped at the time-out';
                const why = error === undefined ? '' : ` (${error.message})`;
                const skipped = pulls === 0
                    ? ''
                    : ` (${pulls === 1 ? 'one was' : `${pulls} were`} of a pull request, passed over as allow-forks is false)`;
                return pipeline === undefined
                    ? input.pipelineId !== undefined
                        ? `Pipeline ${input.pipelineId} could not be read within ${span}${why}${stopped}`
                        : listed
                            ? `No pipeline of ${commit} was found within ${span} among the project's ${MAX_PIPELINES} newest ` +
                                `pipelines${why}${skipped}`
                            : `No pipeline of ${commit} was found within ${span}${why}; the project's pipelines could not be ` +
                                `read in time${stopped}`
                    : `No ${chosen} came on hold in pipeline #${pipeline.number} within ${span}${why}; ` +
                        (seen === undefined
                            ? `its approval jobs could not be read in time${stopped}`
                            : seen.length === 0
                                ? 'the pipeline has no approval job'
                                : `its approval jobs: ${seen.map((a) => `${a.name}: ${a.status}`).join('; ')}`);
            },
            look: async () => {
                let found;
                if (input.pipelineId !== undefined) {
                    // A pipeline named by id is read once, and must be that one, of the step's project
                    // (docs/promises.md, promise 35).
                    found = pipeline ?? (await service.pipelineHead(input.pipelineId));
                    if (pipeline === undefined && needsProject)
                        (0,_runner_run_js__WEBPACK_IMPORTED_MODULE_7__/* .pipelineProject */ .mw)(ctx, connection, found, 'pipeline-id', {
                            leaveOut: 'approve the holds of the pipeline it names',
                            said: 'it is acted on as pipeline-id names it',
                        });
                }
                else {
                    // A commit's newest may change from one look to the next.
                    const newest = await newestOfCommit(service, input);
                    listed = true;
                    pulls = newest.passed.length;
                    for (const p of newest.passed.filter(({ id }) => !passedOver.has(id))) {
                        passedOver.add(p.id);
                        ctx.info(`Pipeline #${p.number} is of a pull request (branch ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_0__/* .cut */ .Jj)(p.branch ?? '(none)', 200)}), perhaps ` +
                            "a fork's; passed over, as allow-forks is false; looking at an older one");
                    }
                    found = newest.found;
                }
                if (found === undefined)
                    return { done: false };
                if (found.id !== pipeline?.id) {
                    pipeline = found;
                    seen = undefined;
                    const pull = found.fork ? "; it is of a pull request, perhaps a fork's" : '';
                    ctx.info(`Acting on pipeline #${found.number} (${found.id}): ${branchAndCommit(found)}${pull}`);
                }
                seen = await service.approvals(found);
                const chosenJobs = seen.filter(isChosen);
                const onHold = chosenJobs.filter((a) => a.status === 'on_hold');
                if (onHold.length > 0)
                    return { done: true, value: onHold };
                if (chosenJobs.length > 0 && chosenJobs.every((a) => a.status === 'success'))
                    return { done: true, value: [] };
                return { done: false };
            },
        }));
        if (holds.length === 0)
            ctx.info(`Nothing to approve: every ${chosen} of pipeline #${pipeline?.number ?? ''} was already approved ` +
                `(${(seen ?? []).flatMap((a) => (isChosen(a) ? [a.name] : [])).join(', ')})`);
        for (const hold of holds) {
            await approveOnce(ctx, approver, hold);
            approved.push(hold);
            ctx.info(`Approved ${hold.name}`);
        }
    }
    finally {
        // What was approved is reported even when a later approval fails.
        ctx.setOutput('approved', approved.map(({ workflow, job, requestId }) => ({ workflow, job, approval_request_id: requestId })));
        ctx.setOutput('count', approved.length);
        if (approved.length > 0)
            await writeSummary(ctx, pipeline, approved);
    }
}
/** The job summary: the holds approved, SUMMARY_ROWS at most in the table and the rest counted below it. */
async function writeSummary(ctx, pipeline, approved) {
    const where = pipeline === undefined ? '' : ` (${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_10__/* .htmlSafe */ .br)(branchAndCommit(pipeline))})`;
    const rest = approved.length - _runner_summary_js__WEBPACK_IMPORTED_MODULE_9__/* .SUMMARY_ROWS */ .l4;
    ctx.io.summary
        .addHeading(`Approved in pipeline #${pipeline?.number ?? ''} of the service${where}`, 3)
        .addRaw("The service records the token's user as the approver; a GitHub environment's reviewer is recorded by GitHub.", true)
        .addTable([
        (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_9__/* .headerRow */ .U1)('Workflow', 'Approval job'),
        ...approved.slice(0, _runner_summary_js__WEBPACK_IMPORTED_MODULE_9__/* .SUMMARY_ROWS */ .l4).map((a) => [(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_10__/* .htmlSafe */ .br)(a.workflow), (0,_runner_text_js__WEBPACK_IMPORTED_MODULE_10__/* .htmlSafe */ .br)(a.job)]),
    ]);
    if (rest > 0)
        ctx.io.summary.addRaw(`…and ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_0__/* .plural */ .LS)(rest, 'more approval job')} not shown.`, true);
    await (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_9__/* .appendSummary */ .fe)(ctx.io, '');
}
/** Sends one approval, and again after an ambiguous failure only while still on hold (docs/promises.md, promise 1). */
async function approveOnce(ctx, service, hold) {
    for (let attempt = 1;; attempt++) {
        try {
            await service.approve(hold);
            return;
        }
        catch (error) {
            if (!(0,_service_http_retry_js__WEBPACK_IMPORTED_MODULE_4__/* .isAmbiguous */ .X2)(error) || attempt >= MAX_APPROVE_ATTEMPTS)
                throw error;
            const status = await service.approvalStatus(hold);
            if (status === 'success')
                return;
            if (status !== 'on_hold')
                throw (0,_runner_wait_js__WEBPACK_IMPORTED_MODULE_6__/* .waitFailed */ .bn)(`${error.message}; ${hold.name} is now ${status ?? 'gone'}, not approved`, error);
            ctx.io.warning(`${error.message}; ${hold.name} is still on hold, so its approval is sent again`);
        }
    }
}
function run() {
    return (0,_runner_run_js__WEBPACK_IMPORTED_MODULE_7__/* .runAction */ .Cs)(spec, approve);
}


/***/ }),

/***/ 9027:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Eb: () => (/* binding */ compilePattern),
/* harmony export */   SO: () => (/* binding */ compileGlob),
/* harmony export */   ko: () => (/* binding */ selects)
/* harmony export */ });
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1026);
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(picomatch__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);
// Glob patterns over `/`-separated text, as actions/fetch-artifacts/README.md describes `pattern`. Matching is
// linear in the text for each token, since the text comes from the server and a regex backtracks polynomially on
// `*-*-*-*.xml` and exponentially on `a/**/a/**/…`; picomatch compiles only the bracket classes.


/** A whole-text matcher for a pattern over `/`-separated text: `**` is to segments what `*` is to characters. */
function compilePattern(body) {
    const parts = body.split('/');
    const tokens = parts.flatMap((part, i) => {
        if (part !== '**') {
            const chars = segmentTokens(part);
            return [(segment) => matchTokens(chars, segment)];
        }
        // At the end, `**` needs something below the folder: `reports/**` is not the file `reports`.
        return i === parts.length - 1 ? [() => true, '*'] : ['*'];
    });
    return (text) => matchTokens(tokens, text.split('/'));
}
/** The tokens of one segment: `\` escapes, `?` is any character, a class is one, `*` a run; the rest is itself. */
function segmentTokens(part) {
    const tokens = [];
    for (let i = 0; i < part.length; i++) {
        const char = part[i] ?? '';
        const end = char === '[' ? classEnd(part, i) : -1;
        if (char === '*') {
            if (tokens.at(-1) !== '*')
                tokens.push('*');
        }
        else if (char === '?')
            tokens.push(() => true);
        else if (end > 0) {
            // A class means the same on every runner (a backslash escapes, on Windows too), POSIX classes included.
            const re = picomatch__WEBPACK_IMPORTED_MODULE_1___default().makeRe(part.slice(i, end), { dot: true, posix: true, windows: false });
            tokens.push((c) => re.test(c));
            i = end - 1;
        }
        else {
            const literal = char === '\\' && i + 1 < part.length ? (part[++i] ?? '') : char;
            tokens.push((c) => c === literal);
        }
    }
    return tokens;
}
/** Where the class opening at `start` ends (past its `]`), or -1 when the `[` is a plain character. */
function classEnd(part, start) {
    let i = start + 1;
    if (part[i] === '!' || part[i] === '^')
        i++;
    // A `]` first is a member, not the end.
    if (part[i] === ']')
        i++;
    for (; i < part.length; i++) {
        if (part[i] === '\\')
            i++;
        else if (part.startsWith('[:', i) && part.indexOf(':]', i + 2) > 0)
            i = part.indexOf(':]', i + 2) + 1;
        else if (part[i] === ']')
            return i + 1;
    }
    return -1;
}
/** Whether the tokens match all the items: one pass, going back only to just after the last `*`. */
function matchTokens(tokens, items) {
    // A segment of wildcards alone never matches an empty one.
    if (items.length === 0)
        return tokens.length === 0;
    let t = 0;
    let s = 0;
    let star = -1;
    let starAt = 0;
    while (s < items.length) {
        const token = tokens[t];
        if (token === '*') {
            star = t++;
            starAt = s;
        }
        else if (token?.(items[s] ?? '')) {
            t++;
            s++;
        }
        else if (star < 0)
            return false;
        else {
            t = star + 1;
            s = ++starAt;
        }
    }
    while (tokens[t] === '*')
        t++;
    return t === tokens.length;
}
/** Compiles one pattern; `name` is the input it came from, for the error. */
function compileGlob(name, pattern) {
    const negated = pattern.startsWith('!');
    const body = negated ? pattern.slice(1) : pattern;
    const refuse = (detail) => {
        const allowed = "glob patterns over the artifact's relative path (e.g. 'rspec/*.xml', '**/*.html', '!**/*.log')";
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, `allowed: ${allowed}`, pattern, detail);
    };
    if (body === '')
        refuse(`${JSON.stringify(pattern)} is empty`);
    if (body.startsWith('/')) {
        refuse(`${JSON.stringify(pattern)} is absolute, but patterns match the path below the destination`);
    }
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f]/.test(body))
        refuse('a pattern holds a control character');
    return { source: pattern, negated, test: compilePattern(body) };
}
/** The last pattern that matches decides; a text none matches is selected only when every pattern excludes. */
function selects(globs, text) {
    let selected = globs.every((g) => g.negated);
    for (const g of globs)
        if (g.test(text))
            selected = !g.negated;
    return selected;
}


/***/ }),

/***/ 9872:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BL: () => (/* binding */ describePatterns),
/* harmony export */   Cx: () => (/* binding */ choosesName),
/* harmony export */   QC: () => (/* binding */ compileNamePatterns)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);
/* harmony import */ var _glob_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9027);
// Job and workflow names chosen by glob patterns, one a line, `!` to leave names out. A line matches a name it
// equals before it is read as a glob, so `test [linux]` matches itself whatever its brackets mean to a glob.


/** Compiles the lines of `input`; an empty or control-character line is an error naming the input. */
function compileNamePatterns(input, lines) {
    const allowed = `allowed: names or glob patterns, one a line ('deploy-*', 'test [linux]'), '!' to leave names out`;
    return [...new Set(lines)].map((source) => {
        const negated = source.startsWith('!');
        const body = negated ? source.slice(1).trim() : source;
        if (body === '')
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(input, allowed, source, `${JSON.stringify(source)} names nothing`);
        if (/\p{Cc}/u.test(body))
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(input, allowed, source, 'a line holds a control character');
        const glob = (0,_glob_js__WEBPACK_IMPORTED_MODULE_1__/* .compilePattern */ .Eb)(body);
        const named = !negated && !/[*?]/u.test(body);
        return { source, negated, body, named, test: (name) => name === body || glob(name) };
    });
}
/** Whether the patterns choose a name (`undefined`: a build that names none). No patterns choose every build. */
function choosesName(patterns, name) {
    return name === undefined ? patterns.every((p) => p.negated) : (0,_glob_js__WEBPACK_IMPORTED_MODULE_1__/* .selects */ .ko)(patterns, name);
}
/** `deploy-*, !deploy-docs`, for messages. */
function describePatterns(patterns) {
    return patterns.map((p) => p.source).join(', ');
}


/***/ }),

/***/ 3355:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bg: () => (/* binding */ pollIntervalMs),
/* harmony export */   Cu: () => (/* binding */ waitMs),
/* harmony export */   HO: () => (/* binding */ connectUntil),
/* harmony export */   M7: () => (/* binding */ readRevision)
/* harmony export */ });
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);
/* harmony import */ var _wait_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3585);
/* harmony import */ var _workflow_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(649);
// What the waiting actions share: how long to wait, how often to look, which commit to wait for, and a connection
// that ends with the wait.



/** A wait in minutes, up to the longest a workflow run lives (35 days), in milliseconds. */
function waitMs(inputs, name, fallback, min = 1) {
    return inputs.integer(name, min, 35 * 24 * 60, fallback) * 60_000;
}
function pollIntervalMs(inputs) {
    return inputs.integer('poll-interval-seconds', 1, 3600, 15) * 1000;
}
/** The commit to wait for, in lower case: `revision` as given, else the one the workflow's event names. */
function readRevision(given, env, instead) {
    const raw = given ?? (0,_workflow_js__WEBPACK_IMPORTED_MODULE_2__/* .workflowRevision */ .VS)(env);
    if (raw === undefined)
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('revision', `a value is required when GITHUB_SHA is not set (or give ${instead})`, undefined, 'missing');
    if (!/^[0-9a-f]{7,40}$/i.test(raw))
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('revision', 'allowed: a commit SHA, or a prefix of at least 7 hex digits', raw);
    return raw.toLowerCase();
}
/** A connection whose retry waits (a long Retry-After) never run past the step's deadline. */
function connectUntil(ctx, deadline) {
    return ctx.connect({ deadline, signal: (0,_wait_js__WEBPACK_IMPORTED_MODULE_1__/* .untilDeadline */ .Hm)(ctx.signal, ctx.clock, deadline) });
}


/***/ }),

/***/ 3585:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hm: () => (/* binding */ untilDeadline),
/* harmony export */   bn: () => (/* binding */ waitFailed),
/* harmony export */   uf: () => (/* binding */ WaitError),
/* harmony export */   uk: () => (/* binding */ wait)
/* harmony export */ });
/* unused harmony exports PollFailedError, poll, transient */
/* harmony import */ var _common_clock_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(159);
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3094);
/* harmony import */ var _service_http_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5841);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7370);
/* harmony import */ var _service_http_retry_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(602);
// The one wait of the waiting actions (docs/promises.md, promises 17–20). The interval runs from the end of
// one look, so that a Retry-After the transport waited out pushes the next one back.





class PollFailedError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'PollFailedError';
}
/** A wait that ended without the result the step waits for: timed out, or what it waited for did not pass. */
class WaitError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'WaitError';
}
function waitFailed(why, cause) {
    return new WaitError(why, cause === undefined ? undefined : { cause });
}
/** Waits until a look has the result, and returns it; any other ending is the step's error. */
async function wait(options) {
    const { look, log, still, failed, unfinished, gaveUp, ...rest } = options;
    const onFailure = typeof failed !== 'string'
        ? failed
        : (error, { failures, nextInMs }) => log(`Could not ${failed} (${error.message}); looking again in ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a3)(nextInMs)} ` +
            `(failure ${failures} in a row)`);
    const result = await poll({ ...rest, onHeartbeat: (state) => log(still(state)), onFailure }, look).catch((error) => {
        throw error instanceof PollFailedError && gaveUp !== undefined
            ? waitFailed(gaveUp(error), error)
            : error;
    });
    if (result.done)
        return result.value;
    throw waitFailed(unfinished(result.error, result));
}
// Looks until `look` says done or the deadline passes. Rejects with the abort reason as soon as `signal` aborts,
// with a look's error when it cannot pass (a 404, a 401, a bug), and after `maxFailures` failed looks in a row.
async function poll(options, look) {
    const { clock, signal, intervalMs, deadline, maxFailures = 5 } = options;
    const maxFailureWaitMs = Math.max(intervalMs, options.maxFailureWaitMs ?? 5 * 60_000);
    const start = clock.now();
    let lastLine = start;
    let looks = 0;
    let failures = 0;
    const state = () => ({ looks, elapsedMs: clock.now() - start });
    for (;;) {
        if (signal.aborted)
            throw (0,_common_clock_js__WEBPACK_IMPORTED_MODULE_0__/* .abortReason */ .Js)(signal);
        looks++;
        let waitMs;
        try {
            const found = await look(looks);
            failures = 0;
            if (found.done)
                return { done: true, value: found.value, ...state() };
            if (found.logged)
                lastLine = clock.now();
            waitMs = found.nextInMs ?? intervalMs;
        }
        catch (error) {
            if (signal.aborted)
                throw (0,_common_clock_js__WEBPACK_IMPORTED_MODULE_0__/* .abortReason */ .Js)(signal);
            // A request the step's time-out stopped is the time-out itself, not an early stop.
            if (error instanceof StepDeadlineError)
                return { done: false, ...state() };
            if (error instanceof _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .DeadlineError */ .j3)
                return { done: false, error, ...state() };
            if (!transient(error))
                throw error;
            if (++failures > maxFailures)
                throw new PollFailedError(`${failures} looks in a row failed; the last: ${error.message}`, {
                    cause: error,
                });
            waitMs = Math.min(maxFailureWaitMs, intervalMs * 2 ** (failures - 1));
            options.onFailure?.(error, { ...state(), failures, nextInMs: waitMs });
            lastLine = clock.now();
        }
        const now = clock.now();
        if (now >= deadline)
            return { done: false, ...state() };
        if (now - lastLine >= 60_000) {
            options.onHeartbeat?.(state());
            lastLine = now;
        }
        // Part of each wait is added or taken at random, so that many waiting jobs do not look in step.
        const jittered = Math.round(waitMs * (1 + 0.1 * (2 * clock.random() - 1)));
        // The last look happens at the deadline itself, not one interval after it.
        await clock.sleep(Math.max(0, Math.min(jittered, deadline - now)), signal);
    }
}
/** The step's time-out came while a request was on its way. */
class StepDeadlineError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .DeadlineError */ .j3 {
    name = 'StepDeadlineError';
}
// The step's signal, aborted also when the step's deadline comes, so that every request of a look stops at the
// deadline however many the look makes (docs/promises.md, promise 34); the timer does not hold the process open.
function untilDeadline(signal, clock, deadline) {
    const controller = new AbortController();
    let left = Math.max(0, deadline - clock.now());
    let timer;
    // Node fires a timer longer than its longest at once (docs/promises.md, promise 20), so long ones are chained.
    const arm = () => {
        const chunk = Math.min(left, 2 ** 31 - 1);
        left -= chunk;
        timer = setTimeout(() => {
            if (left > 0)
                arm();
            else
                controller.abort(new StepDeadlineError(`the step's time-out came during a look`));
        }, chunk).unref();
    };
    arm();
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
    return AbortSignal.any([signal, controller.signal]);
}
/** A failure that may pass by the next look; an answer of the wrong shape comes back the same. */
function transient(error) {
    return !(error instanceof _service_http_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UnusableAnswerError */ .qx) && ((0,_service_http_retry_js__WEBPACK_IMPORTED_MODULE_4__/* .isTransient */ .dg)(error) || error instanceof _service_http_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .BadResponseError */ .nS);
}


/***/ })

};
