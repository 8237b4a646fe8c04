export const id = 204;
export const ids = [204];
export const modules = {

/***/ 1823:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ wait_for_serial_run),
  spec: () => (/* binding */ spec),
  waitForSerial: () => (/* binding */ waitForSerial)
});

// EXTERNAL MODULE: ../runner/poll.ts
var poll = __webpack_require__(8537);
// EXTERNAL MODULE: ../runner/run.ts + 5 modules
var run = __webpack_require__(3704);
// EXTERNAL MODULE: ../runner/summary.ts
var summary = __webpack_require__(2970);
// EXTERNAL MODULE: ../runner/text.ts
var runner_text = __webpack_require__(8999);
// EXTERNAL MODULE: ../runner/wait-inputs.ts
var wait_inputs = __webpack_require__(3355);
// EXTERNAL MODULE: ../api/format.ts
var format = __webpack_require__(2249);
// EXTERNAL MODULE: ../api/client.ts + 1 modules
var client = __webpack_require__(7157);
// EXTERNAL MODULE: ../api/commit-builds.ts
var commit_builds = __webpack_require__(6677);
// EXTERNAL MODULE: ../api/errors.ts
var errors = __webpack_require__(1013);
// EXTERNAL MODULE: ../api/name-patterns.ts
var name_patterns = __webpack_require__(8729);
// EXTERNAL MODULE: ../api/records.ts
var records = __webpack_require__(5942);
// EXTERNAL MODULE: ../api/validate.ts
var validate = __webpack_require__(1272);
// EXTERNAL MODULE: ../api/pipelines.ts
var pipelines = __webpack_require__(103);
// EXTERNAL MODULE: ../api/projects-v2.ts
var projects_v2 = __webpack_require__(7681);
;// CONCATENATED MODULE: ./wait-for-serial/pipelines.ts





/** Job statuses waited for: a job that runs or will run; an approval on hold is not, as on API v1.1. */
const WAITED = new Set(['running', 'queued', 'not_running']);
/** Pipeline states after which no workflow is added to it. */
const SETTLED_PIPELINE_STATES = new Set(['created', 'errored']);
class PipelineJobs {
    #api;
    #project;
    #query;
    /** This job's own pipeline, once read. */
    #own;
    /** Pipelines whose matching workflows have all ended: not read again. */
    #ended = new Set();
    /** Pipelines with a job waited for at the last look, still read if they leave the newest pipelines. */
    #open = new Map();
    constructor(transport, project, query) {
        this.#api = new projects_v2/* ProjectsV2 */.lv(transport);
        this.#project = project;
        this.#query = query;
    }
    /** The jobs to wait for now, by job number, each with the number of its pipeline for the log. */
    async pending() {
        const { branch, buildNum, workflows: workflowPatterns, jobs: jobPatterns } = this.#query;
        let ownId = this.#own?.id;
        if (buildNum !== undefined && ownId === undefined) {
            ownId = (await this.#api.job(this.#project, buildNum)).pipeline?.id;
            const where = `v2 /project/${this.#project.slug}/job/${buildNum}`;
            if (ownId === undefined)
                throw new errors/* UnusableAnswerError */.qx('GET', where, 'the job names no pipeline');
        }
        const listed = await this.#api.projectPipelines(this.#project, branch === undefined ? {} : { branch });
        if (ownId !== undefined && this.#own === undefined) {
            const number = listed.find((p) => p.id === ownId)?.number ?? (await this.#api.pipeline(ownId)).number;
            if (!Number.isSafeInteger(number))
                throw new errors/* UnusableAnswerError */.qx('GET', `v2 /pipeline/${ownId}`, 'the pipeline has no number');
            this.#own = { id: ownId, number };
        }
        const candidates = new Map(listed.map((p) => [p.id, p]));
        for (const [id, p] of this.#open)
            if (!candidates.has(id))
                candidates.set(id, p);
        const own = this.#own;
        const pending = new Map();
        const open = new Map();
        for (const pipeline of candidates.values()) {
            if (this.#ended.has(pipeline.id) || pipeline.id === own?.id)
                continue;
            if (own !== undefined && pipeline.number >= own.number)
                continue;
            let ended = SETTLED_PIPELINE_STATES.has(pipeline.state ?? '');
            for (const workflow of await this.#api.workflows(pipeline.id)) {
                if (pipelines/* FINAL_WORKFLOW_STATUSES */.qY.has(workflow.status) || !(0,name_patterns/* choosesName */.Cx)(workflowPatterns, workflow.name))
                    continue;
                ended = false;
                for (const job of await this.#api.jobs(workflow.id)) {
                    const number = job.job_number;
                    if (typeof number !== 'number' || !WAITED.has(job.status) || !(0,name_patterns/* choosesName */.Cx)(jobPatterns, job.name))
                        continue;
                    pending.set(number, {
                        ...(0,projects_v2/* jobBuild */.Id)(pipeline, { job_number: number, name: job.name, status: job.status }, workflow.name),
                        // The log says the job's own status rather than the lifecycle v1.1 would give it.
                        lifecycle: null,
                        status: job.status,
                        pipeline_number: pipeline.number,
                    });
                    open.set(pipeline.id, pipeline);
                }
            }
            if (ended)
                this.#ended.add(pipeline.id);
        }
        this.#open = open;
        return pending;
    }
    /** `POST {v2}/project/{slug}/job/{number}/cancel`: the job alone, not its workflow. */
    async cancel(number) {
        await this.#api.cancelJob(this.#project, number);
        return {};
    }
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
        'timeout-minutes',
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
    const timeoutMs = (0,wait_inputs/* waitMs */.Cu)(inputs, 'timeout-minutes', 60);
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
    const connection = ctx.connect({
        deadline,
        signal: (0,poll/* untilDeadline */.Hm)(ctx.signal, ctx.clock, deadline),
        acceptSlug: true,
    });
    const { project } = connection;
    // A project named by its slug has pipelines of jobs, read through API v2 alone (docs/v2.md).
    const source = 'slug' in project
        ? new PipelineJobs(connection.transport, project, input)
        : {
            pending: (previous) => pendingBuilds({ ...connection, project }, input, previous),
            cancel: (num) => connection.client.cancel(project, num),
        };
    const narrowed = [
        ...(input.branch === undefined ? [] : [`branch ${input.branch}`]),
        ...(input.workflows.length === 0 ? [] : [`workflow ${(0,name_patterns/* describePatterns */.BL)(input.workflows)}`]),
        ...(input.jobs.length === 0 ? [] : [`job ${(0,name_patterns/* describePatterns */.BL)(input.jobs)}`]),
    ];
    const scope = `${(0,client/* projectName */.j1)(project)}${narrowed.length === 0 ? '' : ` (${narrowed.join(', ')})`}`;
    const own = input.buildNum;
    if (own === undefined) {
        // A GitHub workflow runs outside the service: no runner variable names a build of the service as its own.
        ctx.info(`No build-num given: waiting until no build of ${scope} is running at all. To leave this job's own build ` +
            `out and wait only for older ones, pass its number as build-num (e.g. trigger-build's build-num output).`);
    }
    else if (input.cancelOlder) {
        ctx.info(`Cancelling the builds of ${scope} older than #${own} (this job's own) that are running or queued.`);
    }
    else {
        ctx.info(`Waiting until no build of ${scope} older than #${own} (this job's own) is running or queued.`);
    }
    const waitedFor = new Map();
    /** Builds this step tried to cancel (cancel-older), each once, and those it did cancel. */
    const tried = new Set();
    const cancelled = new Set();
    let pending = new Map();
    let looks = 0;
    /** `stopped`: before the time-out, because the next look could not have come within it. */
    let ending = 'failed';
    try {
        let emptyLooks = 0;
        const result = await (0,poll/* poll */.wt)({
            clock: ctx.clock,
            signal: ctx.signal,
            intervalMs: input.intervalMs,
            deadline,
            onHeartbeat: ({ elapsedMs }) => ctx.info(`Still waiting for ${numbers(pending)} after ${(0,format/* formatDuration */.a3)(elapsedMs)}`),
            onFailure: (error, { failures, nextInMs }) => ctx.info(`Could not list the running builds (${error.message}); looking again in ` +
                `${(0,format/* formatDuration */.a3)(nextInMs)} (failure ${failures} in a row)`),
        }, async (n) => {
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
                    const after = await source.cancel(build.build_num);
                    cancelled.add(build.build_num);
                    ctx.info(`Cancelled older build #${build.build_num}${what}, ${build.lifecycle ?? build.status ?? 'unknown state'} ` +
                        `until now${after.build_url ? `: ${after.build_url}` : build.build_url ? `: ${build.build_url}` : ''}`);
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
        });
        if (!result.done) {
            const still = [...pending.values()].map((b) => `#${b.build_num}${b.build_url ? ` (${b.build_url})` : ''}`);
            if (result.error !== undefined) {
                // The time-out did not come: the next look could not have been made within it (a long Retry-After).
                ending = 'stopped';
                throw new poll/* WaitError */.uf(`Stopped waiting for builds of ${scope} after ${(0,format/* shortDuration */.TV)(ctx.clock.now() - started)}, before the ` +
                    `${(0,format/* formatDuration */.a3)(input.timeoutMs)} timeout: ${result.error.message}; ` +
                    (still.length > 0
                        ? `still running at the last look: ${still.join(', ')}`
                        : 'none was seen running'));
            }
            ending = 'timed-out';
            throw new poll/* WaitError */.uf(`Timed out after ${(0,format/* formatDuration */.a3)(input.timeoutMs)} waiting for builds of ${scope}; still running: ` +
                `${still.length > 0 ? still.join(', ') : 'none at the last look, which could not be confirmed'}`);
        }
        ending = 'clear';
        const elapsed = ctx.clock.now() - started;
        ctx.info(waitedFor.size === 0
            ? `No other build of ${scope} is running: going on`
            : `Waited ${(0,format/* formatDuration */.a3)(elapsed)} for ${numbers(waitedFor)}; none is running now: going on`);
    }
    catch (error) {
        if (error instanceof poll/* PollFailedError */.f5)
            throw new poll/* WaitError */.uf(`Gave up waiting: ${error.message}`, { cause: error });
        throw error;
    }
    finally {
        const elapsed = ctx.clock.now() - started;
        const list = [...waitedFor.keys()].sort((a, b) => a - b);
        ctx.setOutput('waited-seconds', Math.round(elapsed / 1000));
        ctx.setOutput('polls', looks);
        ctx.setOutput('waited-for', list);
        const links = (builds) => [...builds]
            .sort((a, b) => a.build_num - b.build_num)
            .map((b) => `${(0,summary/* buildLink */.hL)(b)}${pipelineJobLabel(b) === undefined ? '' : ` (${(0,runner_text/* mdSafe */.$v)(pipelineJobLabel(b) ?? '')})`}`)
            .join(', ');
        const lines = [`### Wait for serial: ${(0,runner_text/* mdSafe */.$v)(scope)}`];
        if (cancelled.size > 0) {
            const list = [...waitedFor.values()].filter((b) => cancelled.has(b.build_num));
            const linked = list.sort((a, b) => a.build_num - b.build_num).map(summary/* buildLink */.hL);
            lines.push(`Cancelled the older ${list.length === 1 ? 'build' : 'builds'} ${linked.join(', ')}.`);
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
/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
function wait_for_serial_run() {
    return (0,run/* runAction */.Cs)(spec, waitForSerial);
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
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5942);
/* harmony import */ var _validate_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1272);



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
        const pageSize = floor === undefined ? _validate_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_PAGE_SIZE */ .H4 : this.#laterPageSize(floor);
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
            if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isFinished */ .$g)(build))
                floor = Math.min(floor, build.build_num);
        return floor;
    }
    #laterPageSize(floor) {
        const span = (this.#newestSeen ?? floor) - floor;
        return Math.min(_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_PAGE_SIZE */ .H4, Math.max(MIN_LATER_PAGE, span + NEW_BUILDS_ROOM));
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


/***/ }),

/***/ 7681:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bk: () => (/* binding */ JobScan),
/* harmony export */   Id: () => (/* binding */ jobBuild),
/* harmony export */   PG: () => (/* binding */ MAX_PROJECT_PIPELINES),
/* harmony export */   fk: () => (/* binding */ MAX_JOBS_READ),
/* harmony export */   lv: () => (/* binding */ ProjectsV2)
/* harmony export */ });
/* harmony import */ var _commit_builds_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6677);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1013);
/* harmony import */ var _job_status_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5706);
/* harmony import */ var _pipelines_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(103);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5942);
/* harmony import */ var _validate_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1272);






/** Pipelines of a project read at most, newest first: a commit's are among its newest. */
const MAX_PROJECT_PIPELINES = 100;
/** Jobs of the project's pipelines a search for the newest matching one looks at, at most. */
const MAX_JOBS_READ = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;
const isId = (value) => typeof value === 'string' && UUID.test(value);
const isNumber = (value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
const seg = encodeURIComponent;
class ProjectsV2 extends _pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .Pipelines */ .Cw {
    /** `GET {v2}/project/{slug}/job/{number}`: the job asked for, by number. */
    async job(p, number) {
        const path = jobPath(p, number);
        const answer = await this.get(path);
        if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(answer) || answer['number'] !== number)
            throw unusable('GET', path, `the details of job #${number} were expected`);
        if (typeof answer['name'] !== 'string' || typeof answer['status'] !== 'string')
            throw unusable('GET', path, 'the job has no name and status');
        const pipelineId = (0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(answer['pipeline']) ? answer['pipeline']['id'] : undefined;
        if (pipelineId !== undefined && !isId(pipelineId))
            throw unusable('GET', path, 'the pipeline id is not a UUID');
        return answer;
    }
    /** `POST {v2}/project/{slug}/job/{number}/cancel`: a job that has ended stays as it is. */
    async cancelJob(p, number) {
        const path = `${jobPath(p, number)}/cancel`;
        return messageAnswer('POST', path, await this.post(path, undefined, 'idempotent'));
    }
    /** `GET {v2}/project/{slug}/{number}/tests`, every page. */
    async tests(p, number) {
        const path = `/project/${(0,_pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .projectSlug */ .Tb)(p)}/${(0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkBuildNum */ .ZL)('build-num', number)}/tests`;
        return records('GET', path, await this.list(path, (_call, value) => value), () => true);
    }
    /** `GET {v2}/project/{slug}/{number}/artifacts`, every page. */
    async artifacts(p, number) {
        const path = `/project/${(0,_pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .projectSlug */ .Tb)(p)}/${(0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkBuildNum */ .ZL)('build-num', number)}/artifacts`;
        const items = records('GET', path, await this.list(path, (_call, value) => value), (item) => typeof item['path'] === 'string' &&
            typeof item['url'] === 'string' &&
            Number.isSafeInteger(item['node_index']) &&
            item['node_index'] >= 0);
        // The artifact URLs the API itself listed may receive the credential (docs/promises.md, promise 14).
        for (const item of items)
            this.transport.trust(item.url);
        return items;
    }
    async envVars(p) {
        const path = `/project/${(0,_pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .projectSlug */ .Tb)(p)}/envvar`;
        return records('GET', path, await this.list(path, (_call, value) => value), (item) => typeof item['name'] === 'string');
    }
    /** `POST {v2}/project/{slug}/envvar` with `{name, value}`; a variable of that name is replaced. */
    async addEnvVar(p, name, value) {
        const path = `/project/${(0,_pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .projectSlug */ .Tb)(p)}/envvar`;
        const answer = await this.post(path, { name: (0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkEnvName */ .$n)('name', name), value }, 'idempotent');
        if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(answer) || answer['name'] !== name)
            throw unusable('POST', path, `the variable ${name} was expected`);
        return answer;
    }
    async deleteEnvVar(p, name) {
        const path = `/project/${(0,_pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .projectSlug */ .Tb)(p)}/envvar/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkEnvName */ .$n)('name', name))}`;
        const answer = await this.transport.request({
            method: 'DELETE',
            path,
            retry: 'idempotent',
            api: 'v2',
        });
        return messageAnswer('DELETE', path, answer.data);
    }
    /**
     * A job by number as a build record (jobBuild), with its pipeline's branch and commit, its status as the service
     * gives it and its page (`web_url`) as the build's address; `pipelines` keeps the pipelines already read.
     */
    async jobAsBuild(p, number, pipelines = new Map()) {
        const job = await this.job(p, number);
        const id = job.pipeline?.id;
        if (id === undefined)
            throw unusable('GET', jobPath(p, number), 'the job names no pipeline');
        const pipeline = pipelines.get(id) ?? this.pipeline(id);
        pipelines.set(id, pipeline);
        const workflow = job.latest_workflow;
        const build = jobBuild(await pipeline, { ...job, job_number: number }, workflow?.name);
        return {
            ...build,
            status: job.status,
            build_url: typeof job.web_url === 'string' ? job.web_url : null,
            workflows: { ...build.workflows, ...(isId(workflow?.id) ? { workflow_id: workflow.id } : {}) },
        };
    }
    /** The project's pipelines, newest first, on `branch` when given, at most `max`. */
    async projectPipelines(p, options = {}) {
        const path = `/project/${(0,_pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .projectSlug */ .Tb)(p)}/pipeline`;
        const query = options.branch === undefined ? {} : { branch: (0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkSegment */ .cr)('branch', options.branch) };
        const items = await this.list(path, (_call, value) => value, query, options.max ?? MAX_PROJECT_PIPELINES);
        return records('GET', path, items, (item) => isId(item['id']) && isNumber(item['number']));
    }
}
function jobPath(p, number) {
    return `/project/${(0,_pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .projectSlug */ .Tb)(p)}/job/${(0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkBuildNum */ .ZL)('build-num', number)}`;
}
function unusable(method, path, detail) {
    return new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UnusableAnswerError */ .qx(method, `v2 ${path}`, detail);
}
function records(method, path, items, valid) {
    for (const item of items)
        if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(item) || !valid(item))
            throw unusable(method, path, 'the list holds an item of the wrong shape');
    return items;
}
/** The answer of a v2 write that says only `{message}`: an object. */
function messageAnswer(method, path, answer) {
    if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(answer))
        throw unusable(method, path, 'a JSON object was expected');
    return answer;
}
/** A v2 job as the v1.1 build record the rest of the product reads (src/api/job-status.ts). */
function jobBuild(pipeline, job, workflow) {
    const vcs = (0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(pipeline.vcs) ? pipeline.vcs : {};
    const text = (value) => (typeof value === 'string' ? value : null);
    const meaning = (0,_job_status_js__WEBPACK_IMPORTED_MODULE_2__/* .jobStatusMeaning */ .D)(job.status);
    const origin = text(vcs['origin_repository_url']);
    const target = text(vcs['target_repository_url']);
    return {
        build_num: job.job_number,
        branch: text(vcs['branch']),
        vcs_revision: text(vcs['revision']),
        vcs_tag: text(vcs['tag']),
        // A job that never ran is no finished build, as v1.1's lifecycle says of its builds.
        lifecycle: !meaning.ended ? 'running' : job.status === 'not_run' ? 'not_run' : 'finished',
        outcome: meaning.outcome === '' ? null : meaning.outcome,
        workflows: { job_name: job.name, ...(0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .definedOnly */ .Uv)({ workflow_name: workflow }) },
        fork: origin !== null && target !== null && origin !== target,
    };
}
/** The matching jobs of a slug-named project as build records, newest first; `bounded` when it stopped early. */
class JobScan {
    #api;
    #project;
    #query;
    #pipelines;
    #ready = [];
    read = 0;
    bounded = false;
    constructor(api, project, query) {
        this.#api = api;
        this.#project = project;
        this.#query = { ...query, revision: query.revision?.toLowerCase() };
    }
    async next() {
        const query = this.#query;
        this.#pipelines ??= await this.#api.projectPipelines(this.#project, (0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .definedOnly */ .Uv)({ branch: query.branch }));
        while (this.#ready.length === 0) {
            const room = MAX_JOBS_READ - this.read;
            if (room <= 0) {
                this.bounded = this.#pipelines.length > 0;
                return undefined;
            }
            const pipeline = this.#pipelines.shift();
            if (pipeline === undefined)
                return undefined;
            // Pipelines of other commits and branches are passed without reading their workflows.
            const head = jobBuild(pipeline, { job_number: 0, name: '', status: '' });
            if (query.revision !== undefined && !(0,_commit_builds_js__WEBPACK_IMPORTED_MODULE_0__/* .ofRevision */ .j1)(head, query.revision))
                continue;
            if (query.branch !== undefined && head.branch !== query.branch)
                continue;
            const found = [];
            for (const workflow of await this.#api.workflows(pipeline.id)) {
                for (const job of await this.#api.jobs(workflow.id)) {
                    if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(job) || !isNumber(job.job_number) || typeof job.status !== 'string')
                        continue;
                    found.push(jobBuild(pipeline, job, workflow.name));
                }
            }
            found.sort((a, b) => b.build_num - a.build_num);
            if (found.length > room)
                this.bounded = true;
            for (const build of found.slice(0, room)) {
                this.read++;
                if ((0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .matchesStatusFilter */ .ks)(build, query.statusFilter) &&
                    (query.job === undefined || (0,_commit_builds_js__WEBPACK_IMPORTED_MODULE_0__/* .jobOf */ .Zw)(build).job === query.job))
                    this.#ready.push(build);
            }
        }
        return this.#ready.shift();
    }
}


/***/ })

};
