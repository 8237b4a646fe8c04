export const id = 882;
export const ids = [882];
export const modules = {

/***/ 6882:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ wait_for_serial_run),
  spec: () => (/* binding */ spec),
  waitForSerial: () => (/* binding */ waitForSerial)
});

// EXTERNAL MODULE: ../runner/wait.ts
var wait = __webpack_require__(6881);
// EXTERNAL MODULE: ../runner/run.ts + 5 modules
var run = __webpack_require__(6981);
// EXTERNAL MODULE: ../runner/summary.ts
var summary = __webpack_require__(9370);
// EXTERNAL MODULE: ../runner/text.ts
var runner_text = __webpack_require__(1543);
// EXTERNAL MODULE: ../runner/wait-inputs.ts
var wait_inputs = __webpack_require__(859);
// EXTERNAL MODULE: ../common/format.ts
var format = __webpack_require__(8858);
// EXTERNAL MODULE: ../service/v1.ts
var v1 = __webpack_require__(6994);
// EXTERNAL MODULE: ../service/commit-builds.ts
var commit_builds = __webpack_require__(130);
// EXTERNAL MODULE: ../common/errors.ts
var errors = __webpack_require__(6182);
// EXTERNAL MODULE: ../common/name-patterns.ts
var name_patterns = __webpack_require__(5600);
// EXTERNAL MODULE: ../service/records.ts
var records = __webpack_require__(4601);
// EXTERNAL MODULE: ../service/validate.ts
var validate = __webpack_require__(8481);
// EXTERNAL MODULE: ../service/v2.ts
var v2 = __webpack_require__(1879);
;// CONCATENATED MODULE: ./wait-for-serial/pipelines.ts




/** Job statuses waited for: a job that runs or will run; an approval on hold is not, as on API v1.1. */
const WAITED = new Set(['running', 'queued', 'not_running']);
/** Pipeline states after which no workflow is added to it. */
const SETTLED_PIPELINE_STATES = new Set(['created', 'errored']);
/** The jobs to wait for, read look after look, and the cancel of one of them (the job alone, not its workflow). */
function pipelineJobs(transport, project, query) {
    const api = new v2/* ProjectsV2 */.lv(transport);
    const { branch, buildNum } = query;
    /** This job's own pipeline, once read. */
    let own;
    /** Pipelines whose matching workflows have all ended: not read again. */
    const ended = new Set();
    /** Pipelines with a job waited for at the last look, still read if they leave the newest pipelines. */
    let open = new Map();
    /** The jobs to wait for now, by job number, each with the number of its pipeline for the log. */
    async function pending() {
        let ownId = own?.id;
        if (buildNum !== undefined && ownId === undefined) {
            ownId = (await api.job(project, buildNum)).pipeline?.id;
            const where = `v2 /project/${project.slug}/job/${buildNum}`;
            if (ownId === undefined)
                throw new errors/* UnusableAnswerError */.qx('GET', where, 'the job names no pipeline');
        }
        const listed = await api.projectPipelines(project, branch === undefined ? {} : { branch });
        if (ownId !== undefined && own === undefined) {
            const number = listed.find((p) => p.id === ownId)?.number ?? (await api.pipeline(ownId)).number;
            if (!Number.isSafeInteger(number))
                throw new errors/* UnusableAnswerError */.qx('GET', `v2 /pipeline/${ownId}`, 'the pipeline has no number');
            own = { id: ownId, number };
        }
        const candidates = new Map(listed.map((p) => [p.id, p]));
        for (const [id, p] of open)
            if (!candidates.has(id))
                candidates.set(id, p);
        const found = new Map();
        const next = new Map();
        for (const pipeline of candidates.values()) {
            if (ended.has(pipeline.id) || pipeline.id === own?.id)
                continue;
            if (own !== undefined && pipeline.number >= own.number)
                continue;
            let done = SETTLED_PIPELINE_STATES.has(pipeline.state ?? '');
            for (const workflow of await api.workflows(pipeline.id)) {
                if (v2/* FINAL_WORKFLOW_STATUSES */.qY.has(workflow.status) || !(0,name_patterns/* choosesName */.Cx)(query.workflows, workflow.name))
                    continue;
                done = false;
                for (const job of await api.jobs(workflow.id)) {
                    const number = job.job_number;
                    if (typeof number !== 'number' || !WAITED.has(job.status) || !(0,name_patterns/* choosesName */.Cx)(query.jobs, job.name))
                        continue;
                    found.set(number, {
                        ...(0,v2/* jobBuild */.Id)(pipeline, { job_number: number, name: job.name, status: job.status }, workflow.name),
                        // The log says the job's own status rather than the lifecycle v1.1 would give it.
                        lifecycle: null,
                        status: job.status,
                        pipeline_number: pipeline.number,
                    });
                    next.set(pipeline.id, pipeline);
                }
            }
            if (done)
                ended.add(pipeline.id);
        }
        open = next;
        return found;
    }
    return {
        pending,
        cancel: (number) => api.cancelJob(project, number),
    };
}
/** A job of a pipeline named with its workflow and its pipeline's number; undefined for a v1.1 build. */
function pipelineJobLabel(build) {
    const number = build['pipeline_number'];
    if (typeof number !== 'number')
        return undefined;
    const { job, workflow } = (0,commit_builds/* jobOf */.Zw)(build);
    return `job ${String(job)}${workflow === undefined ? '' : ` of workflow ${workflow}`}, pipeline #${number}`;
}

;// CONCATENATED MODULE: ./wait-for-serial/wait-for-serial.ts













const spec = {
    name: 'wait-for-serial',
    inputs: [
        'branch',
        'build-num',
        'poll-interval-seconds',
        'wait-timeout-minutes',
        'workflow',
        'job',
        'cancel-older',
    ],
    outputs: ['waited-seconds', 'polls', 'waited-for'],
};
/**
 * An empty look is confirmed by another one a short pause after it (or one interval, when shorter): a build between
 * two states (queued → running) is in no running list for a moment, and one empty answer is not "clear".
 */
const CONFIRM_PAUSE_MS = 5000;
/** Pages of running builds read per look: a guard against a server that always answers a full page. */
const MAX_PAGES = 10;
function readInputs(ctx) {
    const { inputs } = ctx;
    const branch = inputs.optional('branch');
    if (branch !== undefined)
        (0,validate/* checkSegment */.cr)('branch', branch);
    const buildNum = inputs.integer('build-num', 1, Number.MAX_SAFE_INTEGER);
    const intervalMs = (0,wait_inputs/* pollIntervalMs */.Bg)(inputs);
    const timeoutMs = (0,wait_inputs/* waitMs */.Cu)(inputs, 'wait-timeout-minutes', 60);
    const workflows = (0,name_patterns/* compileNamePatterns */.QC)('workflow', inputs.lines('workflow'));
    const jobs = (0,name_patterns/* compileNamePatterns */.QC)('job', inputs.lines('job'));
    const cancelOlder = inputs.boolean('cancel-older', false);
    if (cancelOlder && buildNum === undefined) {
        throw new errors/* ValidationError */.yI('cancel-older', "give build-num too (e.g. trigger-build's build-num output): only builds older than that one are cancelled", 'true', 'without build-num no build is older than this job\'s own, so "older" has no meaning');
    }
    return { ...(0,records/* definedOnly */.Uv)({ branch, buildNum }), intervalMs, timeoutMs, workflows, jobs, cancelOlder };
}
/**
 * Waits while other builds of the project (or branch) run: with `build-num`, only older builds than that one
 * count, so two builds never wait for each other. "Clear" takes two empty looks a short pause apart, and a build
 * that left the running list is checked by number before it counts as finished.
 */
async function waitForSerial(ctx) {
    const input = readInputs(ctx);
    const started = ctx.clock.now();
    const deadline = started + input.timeoutMs;
    const connection = (0,wait_inputs/* connectUntil */.HO)(ctx, deadline);
    const { project } = connection;
    // A project named by its slug has pipelines of jobs, read through API v2 alone (docs/v2.md).
    const source = 'slug' in project
        ? pipelineJobs(connection.transport, project, input)
        : {
            pending: (previous) => pendingBuilds({ ...connection, project }, input, previous),
            cancel: (num) => connection.client.cancel(project, num),
        };
    const narrowed = [
        ...(input.branch === undefined ? [] : [`branch ${input.branch}`]),
        ...(input.workflows.length === 0 ? [] : [`workflow ${(0,name_patterns/* describePatterns */.BL)(input.workflows)}`]),
        ...(input.jobs.length === 0 ? [] : [`job ${(0,name_patterns/* describePatterns */.BL)(input.jobs)}`]),
    ];
    const scope = `${(0,v1/* projectName */.j1)(project)}${narrowed.length === 0 ? '' : ` (${narrowed.join(', ')})`}`;
    const own = input.buildNum;
    // A GitHub workflow runs outside the service: no runner variable names a build of the service as its own.
    ctx.info(own === undefined
        ? `No build-num given: waiting until no build of ${scope} is running at all. To leave this job's own build ` +
            `out and wait only for older ones, pass its number as build-num (e.g. trigger-build's build-num output).`
        : input.cancelOlder
            ? `Cancelling the builds of ${scope} older than #${own} (this job's own) that are running or queued.`
            : `Waiting until no build of ${scope} older than #${own} (this job's own) is running or queued.`);
    const waitedFor = new Map();
    /** Builds this step tried to cancel (cancel-older), each once, and those it did cancel. */
    const tried = new Set();
    const cancelled = new Map();
    let pending = new Map();
    let looks = 0;
    /** `stopped`: before the time-out, because the next look could not have come within it. */
    let ending = 'failed';
    // The wait is a log group, ended before the step's error line.
    ctx.io.startGroup((0,runner_text/* logSafe */.sN)(`Waiting for other builds of ${scope}`));
    try {
        let emptyLooks = 0;
        const still = () => [...pending.values()].map((b) => `#${b.build_num}${b.build_url ? ` (${b.build_url})` : ''}`);
        await (0,wait/* wait */.uk)({
            clock: ctx.clock,
            signal: ctx.signal,
            intervalMs: input.intervalMs,
            deadline,
            log: ctx.info,
            still: ({ elapsedMs }) => `Still waiting for ${numbers(pending)} after ${(0,format/* formatDuration */.a3)(elapsedMs)}`,
            failed: 'list the running builds',
            unfinished: (error) => {
                const running = still();
                if (error !== undefined) {
                    // The time-out did not come: the next look could not have been made within it (a long Retry-After).
                    ending = 'stopped';
                    return (`Stopped waiting for builds of ${scope} after ${(0,format/* shortDuration */.TV)(ctx.clock.now() - started)}, before the ` +
                        `${(0,format/* formatDuration */.a3)(input.timeoutMs)} timeout: ${error.message}; ` +
                        (running.length > 0
                            ? `still running at the last look: ${running.join(', ')}`
                            : 'none was seen running'));
                }
                ending = 'timed-out';
                return (`Timed out after ${(0,format/* formatDuration */.a3)(input.timeoutMs)} waiting for builds of ${scope}; still running: ` +
                    `${running.length > 0 ? running.join(', ') : 'none at the last look, which could not be confirmed'}`);
            },
            gaveUp: (error) => `Gave up waiting: ${error.message}`,
            look: async (n) => {
                looks = n;
                const now = await source.pending(pending);
                // cancel-older: each build to wait for (all older than this job's own) is cancelled once, and the next
                // looks see it end; one whose cancel fails is said, and waited for instead.
                for (const build of input.cancelOlder ? now.values() : []) {
                    if (tried.has(build.build_num))
                        continue;
                    tried.add(build.build_num);
                    const { job, workflow } = (0,commit_builds/* jobOf */.Zw)(build);
                    const what = job === undefined
                        ? ''
                        : ` (job ${job}${workflow === undefined ? '' : ` of workflow ${workflow}`})`;
                    try {
                        await source.cancel(build.build_num);
                        cancelled.set(build.build_num, build);
                        ctx.info(`Cancelled older build #${build.build_num}${what}, ${build.lifecycle ?? build.status ?? 'unknown state'} ` +
                            `until now${build.build_url ? `: ${build.build_url}` : ''}`);
                    }
                    catch (error) {
                        if (ctx.signal.aborted)
                            throw error;
                        ctx.io.warning((0,runner_text/* logSafe */.sN)(`Could not cancel build #${build.build_num}${what} (${error.message}); waiting for it`));
                    }
                }
                const appeared = [...now.values()].filter((b) => !pending.has(b.build_num));
                const ended = [...pending.values()].filter((b) => !now.has(b.build_num));
                for (const b of now.values())
                    waitedFor.set(b.build_num, b);
                for (const b of appeared)
                    ctx.info(`Waiting for build #${b.build_num} (${what(b)})`);
                for (const b of ended)
                    ctx.info(`Build #${b.build_num} is no longer running`);
                pending = now;
                if (now.size > 0) {
                    emptyLooks = 0;
                    return { done: false, logged: appeared.length + ended.length > 0 };
                }
                emptyLooks++;
                if (emptyLooks >= 2)
                    return { done: true, value: true };
                return { done: false, nextInMs: Math.min(CONFIRM_PAUSE_MS, input.intervalMs) };
            },
        });
        ending = 'clear';
        const elapsed = ctx.clock.now() - started;
        ctx.info(waitedFor.size === 0
            ? `No other build of ${scope} is running: going on`
            : `Waited ${(0,format/* formatDuration */.a3)(elapsed)} for ${numbers(waitedFor)}; none is running now: going on`);
    }
    finally {
        ctx.io.endGroup();
        const elapsed = ctx.clock.now() - started;
        ctx.setOutput('waited-seconds', Math.round(elapsed / 1000));
        ctx.setOutput('polls', looks);
        ctx.setOutput('waited-for', [...waitedFor.keys()].sort((a, b) => a - b));
        const links = (builds, labelled = true) => [...builds]
            .sort((a, b) => a.build_num - b.build_num)
            .map((b) => {
            const label = labelled ? pipelineJobLabel(b) : undefined;
            const link = (0,summary/* buildLink */.hL)({ number: b.build_num, url: b.build_url ?? null });
            return label === undefined ? link : `${link} (${(0,runner_text/* mdSafe */.$v)(label)})`;
        })
            .join(', ');
        const lines = [`### Wait for serial: ${(0,runner_text/* mdSafe */.$v)(scope)}`];
        if (cancelled.size > 0) {
            const list = links(cancelled.values(), false);
            lines.push(`Cancelled the older ${cancelled.size === 1 ? 'build' : 'builds'} ${list}.`);
        }
        if (waitedFor.size === 0 && ending === 'clear')
            lines.push('No other build was running: the step went on at once.');
        else if (waitedFor.size > 0)
            lines.push(`Waited ${(0,format/* formatDuration */.a3)(elapsed)} for ${links(waitedFor.values())}.`);
        const still = links(pending.values()) || 'unconfirmed';
        if (ending === 'timed-out')
            lines.push(`**Timed out** after ${(0,format/* formatDuration */.a3)(elapsed)}; still running: ${still}.`);
        else if (ending === 'stopped') {
            lines.push(`**Stopped** after ${(0,format/* shortDuration */.TV)(elapsed)}, before the ${(0,format/* formatDuration */.a3)(input.timeoutMs)} timeout: the ` +
                `next look could not have been made within it (see the error); still running at the last look: ${still}.`);
        }
        else if (ending === 'failed') {
            const how = ctx.signal.aborted ? 'The step was cancelled' : 'The wait failed';
            lines.push(`${how} after ${(0,format/* formatDuration */.a3)(elapsed)}.`);
        }
        await (0,summary/* appendSummary */.fe)(ctx.io, lines.join('\n\n'));
    }
}
/**
 * The builds to wait for now: the running ones that count (not our own, older than ours), those that left the
 * running list but have not finished (checked by number), and with our number, older builds still queued (they
 * are not "running" to the filter, yet would run, and deploy, after us).
 */
async function pendingBuilds({ client, project }, input, previous) {
    const own = input.buildNum;
    const counts = (b) => (own === undefined || b.build_num < own) &&
        (0,name_patterns/* choosesName */.Cx)(input.workflows, (0,commit_builds/* jobOf */.Zw)(b).workflow) &&
        (0,name_patterns/* choosesName */.Cx)(input.jobs, (0,commit_builds/* jobOf */.Zw)(b).job);
    const pending = new Map();
    const read = async (filter, more) => {
        for (let page = 0, offset = 0; page < MAX_PAGES; page++) {
            const query = { ...(0,records/* definedOnly */.Uv)({ branch: input.branch }), ...filter, limit: validate/* MAX_PAGE_SIZE */.H4, offset };
            const builds = await client.builds(project, query);
            for (const b of builds)
                if (counts(b) && !(0,records/* isFinished */.$g)(b))
                    pending.set(b.build_num, b);
            if (builds.length < validate/* MAX_PAGE_SIZE */.H4 || !more(builds))
                break;
            offset += builds.length;
        }
    };
    await read({ statusFilter: 'running' }, () => true);
    for (const b of previous.values()) {
        if (pending.has(b.build_num))
            continue;
        const now = await client.build(project, b.build_num);
        if (!(0,records/* isFinished */.$g)(now))
            pending.set(b.build_num, now);
    }
    // Newest first: once a page reaches below our own number, the builds ahead of ours have been seen.
    if (own !== undefined && pending.size === 0)
        await read({}, (builds) => (builds.at(-1)?.build_num ?? 0) >= own);
    return pending;
}
function what(build) {
    const { branch, build_url } = build;
    const parts = [build.lifecycle ?? build.status ?? 'unknown state', branch && `branch ${branch}`];
    return [...parts, pipelineJobLabel(build), build_url].filter(Boolean).join(', ');
}
function numbers(builds) {
    const list = [...builds.keys()].sort((a, b) => a - b).map((n) => `#${n}`);
    return list.length === 0 ? 'no build' : `build${list.length === 1 ? '' : 's'} ${list.join(', ')}`;
}
/** Runs the action: src/actions/bundle.js calls it on the runner, and GitHub's local-action on a workstation. */
function wait_for_serial_run() {
    return (0,run/* runAction */.Cs)(spec, waitForSerial);
}


/***/ }),

/***/ 6211:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Eb: () => (/* binding */ compilePattern),
/* harmony export */   SO: () => (/* binding */ compileGlob),
/* harmony export */   ko: () => (/* binding */ selects)
/* harmony export */ });
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1388);
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(picomatch__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6182);
// Glob patterns over `/`-separated text, as actions/fetch-artifacts/README.md describes `pattern`: `**` at the end
// needs a segment below it, `[^...]` negates too, `\` escapes, and braces and extglobs are not special.
//
// Matching takes time linear in the text for each token of the pattern, since artifact paths and job names come
// from the server: a regex backtracks polynomially on `*-*-*-*.xml` against a long name, and exponentially on
// `a/**/a/**/…` against a deep path. picomatch compiles only the bracket classes, each matching one character.


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
/**
 * Whether a text is selected: with no patterns, everything; otherwise the last pattern that matches decides, and a
 * text no pattern matches is selected only when every pattern excludes (a list of `!` lines means "all but").
 */
function selects(globs, text) {
    let selected = globs.every((g) => g.negated);
    for (const g of globs)
        if (g.test(text))
            selected = !g.negated;
    return selected;
}


/***/ }),

/***/ 5600:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BL: () => (/* binding */ describePatterns),
/* harmony export */   Cx: () => (/* binding */ choosesName),
/* harmony export */   QC: () => (/* binding */ compileNamePatterns)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6182);
/* harmony import */ var _glob_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6211);
// Job and workflow names chosen by glob patterns, one a line, `!` to leave names out (the `workflow` and `job`
// inputs of the waiting actions), chosen as glob.ts selects paths. A line matches a name it equals before it is read
// as a glob, so a name such as `test [linux]` matches itself whatever its brackets mean to a glob.


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

/***/ 859:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bg: () => (/* binding */ pollIntervalMs),
/* harmony export */   Cu: () => (/* binding */ waitMs),
/* harmony export */   HO: () => (/* binding */ connectUntil),
/* harmony export */   M7: () => (/* binding */ readRevision)
/* harmony export */ });
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6182);
/* harmony import */ var _wait_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6881);
/* harmony import */ var _workflow_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6233);



/** A wait in minutes (up to the longest a workflow run lives), in milliseconds. */
function waitMs(inputs, name, fallback, min = _wait_js__WEBPACK_IMPORTED_MODULE_1__/* .WAIT_LIMITS */ .NW.timeoutMinutes.min) {
    return inputs.integer(name, min, _wait_js__WEBPACK_IMPORTED_MODULE_1__/* .WAIT_LIMITS */ .NW.timeoutMinutes.max, fallback) * 60_000;
}
function pollIntervalMs(inputs) {
    const { min, max } = _wait_js__WEBPACK_IMPORTED_MODULE_1__/* .WAIT_LIMITS */ .NW.pollSeconds;
    return inputs.integer('poll-interval-seconds', min, max, 15) * 1000;
}
/** The commit to wait for, in lower case: `revision` as given, else the one the workflow's event names. */
function readRevision(given, env, instead) {
    const raw = given ?? (0,_workflow_js__WEBPACK_IMPORTED_MODULE_2__/* .workflowRevision */ .VS)(env);
    if (raw === undefined) {
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('revision', `a value is required when GITHUB_SHA is not set (or give ${instead})`, undefined, 'missing');
    }
    if (!/^[0-9a-f]{7,40}$/i.test(raw))
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('revision', 'allowed: a commit SHA, or a prefix of at least 7 hex digits', raw);
    return raw.toLowerCase();
}
/** A connection whose retry waits (a long Retry-After) never run past the step's deadline. */
function connectUntil(ctx, deadline) {
    return ctx.connect({ deadline, signal: (0,_wait_js__WEBPACK_IMPORTED_MODULE_1__/* .untilDeadline */ .Hm)(ctx.signal, ctx.clock, deadline), acceptSlug: true });
}


/***/ }),

/***/ 6881:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hm: () => (/* binding */ untilDeadline),
/* harmony export */   NW: () => (/* binding */ WAIT_LIMITS),
/* harmony export */   bn: () => (/* binding */ waitFailed),
/* harmony export */   uf: () => (/* binding */ WaitError),
/* harmony export */   uk: () => (/* binding */ wait)
/* harmony export */ });
/* unused harmony exports PollFailedError, poll, transient */
/* harmony import */ var _common_clock_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7151);
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6182);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8858);
/* harmony import */ var _service_http_retry_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2474);
// The one wait of the waiting actions (docs/promises.md, promises 17–20): the gate, wait-for-serial and approve give
// it a look and say what an ending means, and it runs the loop and turns an ending without a result into the step's
// error. One look at a time, the interval measured from the end of one look to the start of the next so that a look
// the transport stretched for a Retry-After pushes the next one back, with jitter, a quiet heartbeat, a deadline and
// a few failed looks tolerated.




const WAIT_LIMITS = {
    pollSeconds: { min: 1, max: 3600 },
    timeoutMinutes: { min: 1, max: 35 * 24 * 60 },
};
/** The log line of a failed look: what could not be done, why, and when the next look comes. */
function failedLook(log, what) {
    return (error, { failures, nextInMs }) => log(`Could not ${what} (${error.message}); looking again in ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(nextInMs)} (failure ${failures} in a row)`);
}
/** Several looks in a row failed: the last failure says why. */
class PollFailedError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'PollFailedError';
}
/** A wait that ended without the result the step waits for: timed out, or the build did not succeed. */
class WaitError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'WaitError';
}
/** The step's error for a wait whose verdict is a failure: what it waited for did not pass, or nothing ran. */
function waitFailed(why, cause) {
    return new WaitError(why, cause === undefined ? undefined : { cause });
}
/** Waits until a look has the result, and returns it; any other ending is the step's error. */
async function wait(options) {
    const { look, log, still, failed, unfinished, gaveUp, ...rest } = options;
    let result;
    try {
        result = await poll({
            ...rest,
            onHeartbeat: (state) => log(still(state)),
            onFailure: typeof failed === 'string' ? failedLook(log, failed) : failed,
        }, look);
    }
    catch (error) {
        if (error instanceof PollFailedError && gaveUp !== undefined)
            throw new WaitError(gaveUp(error), { cause: error });
        throw error;
    }
    if (result.done)
        return result.value;
    throw new WaitError(unfinished(result.error, { looks: result.looks, elapsedMs: result.elapsedMs }));
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
            if (++failures > maxFailures) {
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
/** A failure of one look that may pass by the next one: isTransient's, and a garbled answer. */
function transient(error) {
    // An answer of the wrong shape comes back the same at the next look.
    return !(error instanceof _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UnusableAnswerError */ .qx) && ((0,_service_http_retry_js__WEBPACK_IMPORTED_MODULE_3__/* .isTransient */ .dg)(error) || error instanceof _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .BadResponseError */ .nS);
}


/***/ })

};
