export const id = 844;
export const ids = [844];
export const modules = {

/***/ 7844:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   approve: () => (/* binding */ approve),
/* harmony export */   readInputs: () => (/* binding */ readInputs),
/* harmony export */   run: () => (/* binding */ run),
/* harmony export */   spec: () => (/* binding */ spec)
/* harmony export */ });
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(2249);
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
/* harmony import */ var _runner_workflow_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(649);












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
    const waitMinutes = inputs.integer('wait-for-hold-minutes', 0, _runner_poll_js__WEBPACK_IMPORTED_MODULE_6__/* .WAIT_LIMITS */ .NW.timeoutMinutes.max, 10);
    const pollSeconds = inputs.integer('poll-interval-seconds', _runner_poll_js__WEBPACK_IMPORTED_MODULE_6__/* .WAIT_LIMITS */ .NW.pollSeconds.min, _runner_poll_js__WEBPACK_IMPORTED_MODULE_6__/* .WAIT_LIMITS */ .NW.pollSeconds.max, 15);
    const timing = { jobs, waitMs: waitMinutes * 60_000, intervalMs: pollSeconds * 1000 };
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
    if (givenRevision === undefined && branch !== undefined && (0,_runner_workflow_js__WEBPACK_IMPORTED_MODULE_10__/* .commentsOnPullRequest */ .uz)(ctx.env))
        return { revision: '', ...withBranch, ...timing };
    const raw = givenRevision ?? (0,_runner_workflow_js__WEBPACK_IMPORTED_MODULE_10__/* .workflowRevision */ .VS)(ctx.env);
    if (raw === undefined) {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('revision', 'a value is required when GITHUB_SHA is not set (or give pipeline-id)', undefined, 'missing');
    }
    if (!/^[0-9a-f]{7,40}$/i.test(raw))
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('revision', 'allowed: a commit SHA, or a prefix of at least 7 hex digits', raw);
    return { revision: raw.toLowerCase(), ...withBranch, ...timing };
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
            onHeartbeat: (state) => ctx.info(`Still waiting for an ${chosen} on hold (${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(state.elapsedMs)})`),
            onFailure: (error, state) => ctx.io.warning(`${error.message}; looking again in ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(state.nextInMs)}`),
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
            throw new _runner_poll_js__WEBPACK_IMPORTED_MODULE_6__/* .WaitError */ .uf(pipeline === undefined
                ? `No pipeline of ${commit} was found within ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(input.waitMs)} among the project's ` +
                    `${MAX_PIPELINES} newest pipelines${why}`
                : `No ${chosen} came on hold in pipeline #${pipeline.number} within ` +
                    `${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(input.waitMs)}${why}; ${describeApprovals(seen)}`);
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
                (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_8__/* .headerRow */ .U1)('Workflow', 'Approval job'),
                ...approved.map((a) => [(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .htmlSafe */ .br)(a.workflow), (0,_runner_text_js__WEBPACK_IMPORTED_MODULE_9__/* .htmlSafe */ .br)(a.job)]),
            ])
                .write();
        }
    }
}
/** The pipeline named, or the newest of the commit (on the branch when given). */
async function findPipeline(pipelines, project, input) {
    if (input.pipelineId !== undefined)
        return pipelines.pipeline(input.pipelineId);
    return pipelines.newestPipeline(project, { ...(0,_api_records_js__WEBPACK_IMPORTED_MODULE_4__/* .definedOnly */ .Uv)({ branch: input.branch }), max: MAX_PIPELINES }, (p) => (p.vcs?.revision ?? '').toLowerCase().startsWith(input.revision));
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
    return (0,_runner_run_js__WEBPACK_IMPORTED_MODULE_7__/* .runAction */ .Cs)(spec, approve);
}


/***/ }),

/***/ 5224:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Eb: () => (/* binding */ compilePattern),
/* harmony export */   SO: () => (/* binding */ compileGlob),
/* harmony export */   ko: () => (/* binding */ selects)
/* harmony export */ });
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1026);
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(picomatch__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
// Glob patterns over `/`-separated relative paths: `*` and `?` stay within one segment and match dot files too,
// `**` as a whole segment spans any number of segments (at the end: at least one), `[...]` is a class (`[!...]` or
// `[^...]` negates it), `\` escapes the next character. Matching is case-sensitive and whole-path; braces and
// extglobs are not special, so artifact names holding `{`, `(` or `+` match themselves.
//
// Paths and segments are matched here, in time linear in the text for each token of the pattern: a regex with
// several `.*` in a row backtracks polynomially on a long name (`*-*-*-*.xml`), a whole-path one exponentially on
// `a/**/a/**/…` against a deep path, and artifact paths and job names come from the server. picomatch compiles
// only the bracket classes, each matching one character.


/** A class means the same on every runner (a backslash escapes, on Windows too), POSIX classes included. */
const CLASS_OPTIONS = { dot: true, posix: true, windows: false };
/** A whole-text matcher for a pattern over `/`-separated text; name-patterns.ts matches job names so too. */
function compilePattern(body) {
    const segments = [];
    for (const part of body.split('/')) {
        // `**/**` is one `**`.
        if (part !== '**')
            segments.push(segmentTokens(part));
        else if (segments.at(-1) !== '**')
            segments.push('**');
    }
    return (text) => matchSegments(segments, text.split('/'));
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
            const re = picomatch__WEBPACK_IMPORTED_MODULE_1___default().makeRe(part.slice(i, end), CLASS_OPTIONS);
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
/** Whether a segment's tokens match the whole text: one pass, going back only to just after the last `*`. */
function matchTokens(tokens, text) {
    // A segment of wildcards alone never matches an empty one.
    if (text === '')
        return tokens.length === 0;
    let t = 0;
    let s = 0;
    let star = -1;
    let starAt = 0;
    while (s < text.length) {
        const token = tokens[t];
        if (token === '*') {
            star = t++;
            starAt = s;
        }
        else if (token !== undefined && token(text[s] ?? '')) {
            t++;
            s++;
        }
        else if (star >= 0) {
            t = star + 1;
            s = ++starAt;
        }
        else
            return false;
    }
    while (tokens[t] === '*')
        t++;
    return t === tokens.length;
}
/** Compiles one pattern; `name` is the input it came from, for the error. */
function compileGlob(name, pattern) {
    const negated = pattern.startsWith('!');
    const body = negated ? pattern.slice(1) : pattern;
    const allowed = "allowed: glob patterns over the artifact's relative path (e.g. 'rspec/*.xml', '**/*.html', '!**/*.log')";
    if (body === '')
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, allowed, pattern, `${JSON.stringify(pattern)} is empty`);
    if (body.startsWith('/')) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, allowed, pattern, `${JSON.stringify(pattern)} is absolute, but patterns match the path below the destination`);
    }
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f]/.test(body))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, allowed, pattern, 'a pattern holds a control character');
    return { source: pattern, negated, test: compilePattern(body) };
}
/** Whether the pattern's segments match the path's; each (pattern, path) position is tried once. */
function matchSegments(pattern, path) {
    const tried = new Set();
    const width = path.length + 1;
    const match = (i, j) => {
        if (i === pattern.length)
            return j === path.length;
        const key = i * width + j;
        if (tried.has(key))
            return false;
        tried.add(key);
        const segment = pattern[i];
        if (segment === '**') {
            // At the end, `**` needs something below the folder: `reports/**` is not the file `reports`.
            if (i === pattern.length - 1)
                return j < path.length;
            return match(i + 1, j) || (j < path.length && match(i, j + 1));
        }
        return (j < path.length && segment !== undefined && matchTokens(segment, path[j] ?? '') && match(i + 1, j + 1));
    };
    return match(0, 0);
}
/**
 * Whether a path is selected: with no patterns, everything; otherwise the last pattern that matches decides, and a
 * path no pattern matches is selected only when every pattern excludes (a list of `!` lines means "all but").
 */
function selects(globs, path) {
    if (globs.length === 0)
        return true;
    let selected = globs.every((g) => g.negated);
    for (const g of globs)
        if (g.test(path))
            selected = !g.negated;
    return selected;
}


/***/ }),

/***/ 8729:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BL: () => (/* binding */ describePatterns),
/* harmony export */   Cx: () => (/* binding */ choosesName),
/* harmony export */   QC: () => (/* binding */ compileNamePatterns)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _glob_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5224);
// Job and workflow names chosen by glob patterns, one a line, `!` to leave names out (the `workflow` and `job`
// inputs of the waiting actions). The last line that matches a name decides; a name no line matches is chosen only
// when every line leaves names out. A line matches a name it equals before it is read as a glob, so a name such as
// `test [linux]` matches itself whatever its brackets mean to a glob. Braces and extglobs are not special.


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
        return {
            source,
            negated,
            body,
            named: !negated && !/[*?]/u.test(body),
            test: (name) => name === body || glob(name),
        };
    });
}
/** Whether the patterns choose a name (`undefined`: a build that names none). No patterns choose every build. */
function choosesName(patterns, name) {
    if (patterns.length === 0)
        return true;
    let chosen = patterns.every((p) => p.negated);
    if (name === undefined)
        return chosen;
    for (const p of patterns)
        if (p.test(name))
            chosen = !p.negated;
    return chosen;
}
/** `deploy-*, !deploy-docs`, for messages. */
function describePatterns(patterns) {
    return patterns.map((p) => p.source).join(', ');
}


/***/ }),

/***/ 8537:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hm: () => (/* binding */ untilDeadline),
/* harmony export */   NW: () => (/* binding */ WAIT_LIMITS),
/* harmony export */   f5: () => (/* binding */ PollFailedError),
/* harmony export */   uf: () => (/* binding */ WaitError),
/* harmony export */   wt: () => (/* binding */ poll)
/* harmony export */ });
/* unused harmony exports DEFAULT_JITTER, DEFAULT_HEARTBEAT_MS, DEFAULT_MAX_FAILURES, DEFAULT_MAX_FAILURE_WAIT_MS, StepDeadlineError, transient */
/* harmony import */ var _api_clock_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7634);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1013);
/* harmony import */ var _api_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7878);
// The waiting loop of the release-gating actions (docs/promises.md, promises 17–20): one look at a time, at the poll
// interval with a little jitter, measured from the end of one look to the start of the next (so a look the transport
// stretched for a 429's Retry-After pushes the next one back instead of adding a request), a quiet heartbeat, a
// deadline, an abort that ends every wait at once, and a few failed looks in a row tolerated before giving up.



/** Every waiting action's input ranges: a poll interval of up to an hour and a wait of up to 35 days. */
const WAIT_LIMITS = {
    pollSeconds: { min: 1, max: 3600 },
    timeoutMinutes: { min: 1, max: 35 * 24 * 60 },
};
const DEFAULT_JITTER = 0.1;
const DEFAULT_HEARTBEAT_MS = 60_000;
const DEFAULT_MAX_FAILURES = 5;
const DEFAULT_MAX_FAILURE_WAIT_MS = 5 * 60_000;
/** Several looks in a row failed: the last failure says why. */
class PollFailedError extends _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'PollFailedError';
}
/** A wait that ended without the result the step waits for: timed out, or the build did not succeed. */
class WaitError extends _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'WaitError';
}
/**
 * Looks until `look` says done or the deadline passes. Rejects with the abort reason as soon as `signal` aborts,
 * with a look's error when it cannot pass (a 404, a 401, a bug), and after `maxFailures` failed looks in a row.
 */
async function poll(options, look) {
    const { clock, signal, intervalMs, deadline } = options;
    const jitter = options.jitter ?? DEFAULT_JITTER;
    const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    const maxFailures = options.maxFailures ?? DEFAULT_MAX_FAILURES;
    const maxFailureWaitMs = Math.max(intervalMs, options.maxFailureWaitMs ?? DEFAULT_MAX_FAILURE_WAIT_MS);
    const start = clock.now();
    let lastLine = start;
    let looks = 0;
    let failures = 0;
    const state = () => ({ looks, elapsedMs: clock.now() - start });
    for (;;) {
        if (signal.aborted)
            throw (0,_api_clock_js__WEBPACK_IMPORTED_MODULE_0__/* .abortReason */ .Js)(signal);
        looks++;
        let waitMs = intervalMs;
        try {
            const found = await look(looks);
            failures = 0;
            if (found.done)
                return { done: true, value: found.value, ...state() };
            if (found.logged)
                lastLine = clock.now();
            if (found.nextInMs !== undefined)
                waitMs = found.nextInMs;
        }
        catch (error) {
            if (signal.aborted)
                throw (0,_api_clock_js__WEBPACK_IMPORTED_MODULE_0__/* .abortReason */ .Js)(signal);
            // A request the step's time-out stopped is the time-out itself, not an early stop.
            if (error instanceof StepDeadlineError)
                return { done: false, ...state() };
            // The transport would have had to wait past the deadline (a long Retry-After): the wait is over.
            if (error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .DeadlineError */ .j3)
                return { done: false, error, ...state() };
            if (!transient(error))
                throw error;
            failures++;
            if (failures > maxFailures) {
                throw new PollFailedError(`${failures} looks in a row failed; the last: ${error.message}`, {
                    cause: error,
                });
            }
            waitMs = Math.min(maxFailureWaitMs, intervalMs * 2 ** (failures - 1));
            options.onFailure?.(error, { ...state(), failures, nextInMs: waitMs });
            lastLine = clock.now();
        }
        const now = clock.now();
        if (now >= deadline)
            return { done: false, ...state() };
        if (now - lastLine >= heartbeatMs) {
            options.onHeartbeat?.(state());
            lastLine = now;
        }
        const jittered = waitMs * (1 + jitter * (2 * clock.random() - 1));
        // The last look happens at the deadline itself, not one interval after it.
        await clock.sleep(Math.max(0, Math.min(Math.round(jittered), deadline - now)), signal);
    }
}
/** The step's time-out came while a request was on its way. */
class StepDeadlineError extends _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .DeadlineError */ .j3 {
    name = 'StepDeadlineError';
}
/**
 * The step's signal, aborted also when the step's deadline comes, with a DeadlineError: every request of a look
 * then stops at the deadline however many the look makes (docs/promises.md, promise 34). The timer does not hold
 * the process open.
 */
function untilDeadline(signal, clock, deadline) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new StepDeadlineError(`the step's time-out came during a look`)), Math.max(0, deadline - clock.now()));
    timer.unref();
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
    return AbortSignal.any([signal, controller.signal]);
}
/** A failure of one look that may pass by the next one: isTransient's, and a garbled answer. */
function transient(error) {
    // An answer of the wrong shape comes back the same at the next look.
    if (error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UnusableAnswerError */ .qx)
        return false;
    return (0,_api_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .isTransient */ .dg)(error) || error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .BadResponseError */ .nS;
}


/***/ })

};
