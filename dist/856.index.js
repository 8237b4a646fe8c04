export const id = 856;
export const ids = [856];
export const modules = {

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

/***/ 5224:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   SO: () => (/* binding */ compileGlob),
/* harmony export */   Ue: () => (/* binding */ PLAIN_GLOB),
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
// picomatch compiles each segment. The segments are matched here, one against one, with a table of the positions
// already tried: picomatch's own whole-path regex backtracks exponentially on patterns such as `a/**/a/**/…`
// against a deep path, and artifact paths come from the server.


/** The same on every runner (a backslash escapes, on Windows too); braces, extglobs and `!` are not special. */
const PLAIN_GLOB = {
    dot: true,
    posix: true,
    windows: false,
    nobrace: true,
    noextglob: true,
    nonegate: true,
};
const SEGMENT_OPTIONS = { ...PLAIN_GLOB, strictSlashes: true };
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
    const segments = [];
    for (const part of body.split('/')) {
        if (part === '**') {
            // `**/**` is one `**`.
            if (segments.at(-1) !== '**')
                segments.push('**');
            continue;
        }
        if (part === '') {
            segments.push(/^$/u);
            continue;
        }
        try {
            // picomatch passes parentheses and `|` through as regular-expression syntax even without extglobs.
            const literal = part.replace(/\\.|[()|+{}]/gu, (m) => (m.length === 2 ? m : `\\${m}`));
            segments.push(picomatch__WEBPACK_IMPORTED_MODULE_1___default().makeRe(literal, SEGMENT_OPTIONS));
        }
        catch {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, allowed, pattern, `${JSON.stringify(pattern)} cannot be compiled`);
        }
    }
    return { source: pattern, negated, test: (path) => matchSegments(segments, path.split('/')) };
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
        return j < path.length && segment !== undefined && segment.test(path[j] ?? '') && match(i + 1, j + 1);
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

/***/ 103:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cw: () => (/* binding */ Pipelines),
/* harmony export */   JS: () => (/* binding */ UNBUILT_JOB_STATUSES),
/* harmony export */   Tb: () => (/* binding */ projectSlug),
/* harmony export */   X2: () => (/* binding */ isAmbiguous),
/* harmony export */   qY: () => (/* binding */ FINAL_WORKFLOW_STATUSES)
/* harmony export */ });
/* unused harmony exports MAX_LIST_PAGES, PipelineTriggerLostError */
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7157);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1013);
/* harmony import */ var _validate_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1272);
// The calls of API v2 that replace the v1.1 trigger and retry (docs/sunset.md): trigger a pipeline, list its
// workflows and their jobs, rerun and cancel a workflow. Same host and credential as v1.1; the transport sends
// them below the v2 base (ApiRequest.api).



/** Workflow statuses after which nothing more happens in it. */
const FINAL_WORKFLOW_STATUSES = new Set([
    'success',
    'failed',
    'error',
    'canceled',
    'not_run',
    'unauthorized',
]);
/**
 * Job statuses of a job that never gets a build (no `job_number`) once its workflow has ended: it stops there.
 * While the workflow still runs, `blocked` only means its upstream jobs have not finished.
 */
const UNBUILT_JOB_STATUSES = new Set([
    'blocked',
    'not_run',
    'canceled',
    'unauthorized',
]);
/** Pages one list reads at most (100 items each on the service): far past any pipeline's workflows or jobs. */
const MAX_LIST_PAGES = 20;
/** A pipeline trigger failed in a way that does not tell whether a pipeline started: it is never sent again. */
class PipelineTriggerLostError extends _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'PipelineTriggerLostError';
}
const seg = encodeURIComponent;
/** The v2 slug of a project, `primary-host/acme/widget` or `app/<org>/<project>`, each part percent-encoded. */
function projectSlug(p) {
    if ('slug' in p)
        return p.slug.split('/').map(seg).join('/');
    return (0,_client_js__WEBPACK_IMPORTED_MODULE_0__/* .projectPath */ .DZ)(p).slice('/project/'.length);
}
class Pipelines {
    transport;
    constructor(transport) {
        this.transport = transport;
    }
    /**
     * Triggers a pipeline, never two: `pipeline/run` first, the older `pipeline` form when that answers 404 or 405
     * (nothing was started then). A failure after which a pipeline may have started is never sent again.
     */
    async trigger(p, options) {
        const slug = projectSlug(p);
        if ((options.branch === undefined) === (options.tag === undefined))
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI('branch', 'give a branch or a tag (not both)', undefined, 'missing');
        const ref = options.tag === undefined
            ? { branch: (0,_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .checkSegment */ .cr)('branch', options.branch ?? '') }
            : { tag: (0,_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .checkSegment */ .cr)('tag', options.tag, 'a tag name') };
        const parameters = options.parameters === undefined ? undefined : (0,_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .checkParams */ .N8)('params', options.parameters);
        const withParameters = parameters === undefined ? {} : { parameters };
        const send = async (path, body) => {
            try {
                return checkPipeline(await this.post(path, body, 'once'), `POST v2 /project/${slug}/pipeline`);
            }
            catch (error) {
                if (isAmbiguous(error)) {
                    throw new PipelineTriggerLostError(`${error.message}; a pipeline may have started on ${describeRef(ref)}: look at the project's ` +
                        `pipelines on the service (or GET /api/v2/project/${slug}/pipeline) before triggering again`);
                }
                if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .AbortedError */ .oM) {
                    throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .AbortedError */ .oM(`${error.message}; a pipeline may have started on ${describeRef(ref)}: look at the project's pipelines`);
                }
                throw error;
            }
        };
        try {
            return await send(`/project/${slug}/pipeline/run`, {
                config: ref,
                checkout: ref,
                ...withParameters,
            });
        }
        catch (error) {
            if (!(error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD) || (error.status !== 404 && error.status !== 405))
                throw error;
            // An installation of an older version has only the older form; a 404 started nothing.
            this.transport.log('debug', `${error.message}; trying the older pipeline trigger`);
            return send(`/project/${slug}/pipeline`, { ...ref, ...withParameters });
        }
    }
    async pipeline(id) {
        return this.get(`/pipeline/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .checkSegment */ .cr)('pipeline id', id))}`);
    }
    /** Every workflow of a pipeline, oldest first. */
    async workflows(pipelineId) {
        return this.list(`/pipeline/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .checkSegment */ .cr)('pipeline id', pipelineId))}/workflow`);
    }
    /** Every job of a workflow. */
    async jobs(workflowId) {
        return this.list(`/workflow/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .checkSegment */ .cr)('workflow id', workflowId))}/job`);
    }
    /** Reruns jobs of a workflow as a new workflow; answers its id. */
    async rerun(workflowId, options) {
        const body = { jobs: options.jobs, ...(options.enableSsh ? { enable_ssh: true } : {}) };
        const answer = await this.post(`/workflow/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .checkSegment */ .cr)('workflow id', workflowId))}/rerun`, body, 'once');
        if (typeof answer?.workflow_id !== 'string')
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .BadResponseError */ .nS('POST', `v2 /workflow/${workflowId}/rerun`, 'no workflow_id');
        return answer;
    }
    /** Cancels a workflow: its running jobs, the jobs not started yet and its approvals. */
    async cancelWorkflow(workflowId) {
        return this.post(`/workflow/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .checkSegment */ .cr)('workflow id', workflowId))}/cancel`, undefined, 'idempotent');
    }
    /**
     * The newest pipeline of the project (on `branch` when given) that `accept` takes, reading the list newest first
     * and at most `max` pipelines.
     */
    async newestPipeline(p, options, accept) {
        const query = options.branch === undefined ? {} : { branch: (0,_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .checkSegment */ .cr)('branch', options.branch) };
        const path = `/project/${projectSlug(p)}/pipeline`;
        return (await this.list(path, query, options.max, (items) => items.some(accept))).find(accept);
    }
    /**
     * Approves an approval job on hold; sent once, as an approval that may have arrived is found by reading the
     * workflow's jobs again, not by sending it twice.
     */
    async approve(workflowId, approvalRequestId) {
        return this.post(`/workflow/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .checkSegment */ .cr)('workflow id', workflowId))}/approve/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .checkSegment */ .cr)('approval request id', approvalRequestId))}`, undefined, 'once');
    }
    /**
     * A v2 list, page after page (`next_page_token`), bounded by MAX_LIST_PAGES and by `maxItems`; a token seen
     * twice ends it, and so does `enough` once it says the items so far suffice.
     */
    async list(path, query = {}, maxItems = Infinity, enough) {
        const items = [];
        const tokens = new Set();
        let token;
        for (let pages = 0; pages < MAX_LIST_PAGES; pages++) {
            const page = await this.get(path, token === undefined ? query : { ...query, 'page-token': token });
            if (!Array.isArray(page?.items))
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .BadResponseError */ .nS('GET', `v2 ${path}`, 'no items list');
            items.push(...page.items);
            if (items.length >= maxItems)
                return items.slice(0, maxItems);
            if (enough?.(items))
                return items;
            const next = page.next_page_token;
            if (typeof next !== 'string' || next === '' || tokens.has(next))
                return items;
            tokens.add(next);
            token = next;
        }
        this.transport.log('warning', `v2 ${path}: stopped after ${MAX_LIST_PAGES} pages`);
        return items;
    }
    async get(path, query) {
        return (await this.transport.request({
            method: 'GET',
            path,
            ...(query === undefined ? {} : { query }),
            retry: 'idempotent',
            api: 'v2',
        })).data;
    }
    async post(path, body, retry) {
        return (await this.transport.request({
            method: 'POST',
            path,
            ...(body === undefined ? {} : { body }),
            retry,
            api: 'v2',
        })).data;
    }
}
function describeRef(ref) {
    return ref.tag === undefined ? `branch '${ref.branch ?? ''}'` : `tag '${ref.tag}'`;
}
function checkPipeline(answer, call) {
    if (typeof answer?.id !== 'string' || typeof answer.number !== 'number')
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .BadResponseError */ .nS('POST', call, 'the answer names no pipeline id and number');
    return answer;
}
/** Failures after which a request sent once (a trigger, an approval) may or may not have reached the service. */
function isAmbiguous(error) {
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD)
        return error.status >= 500 || error.status === 408;
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .NetworkError */ .Dr)
        return !error.notSent;
    return error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .TimeoutError */ .MU;
}


/***/ })

};
