export const id = 787;
export const ids = [787];
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
/* harmony import */ var _v2_records_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4957);
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
        return this.list(`/pipeline/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .checkSegment */ .cr)('pipeline id', pipelineId))}/workflow`, _v2_records_js__WEBPACK_IMPORTED_MODULE_3__/* .workflowAnswer */ .sM);
    }
    /** One workflow, with its own status. */
    async workflow(workflowId) {
        const path = `/workflow/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .checkSegment */ .cr)('workflow id', workflowId))}`;
        return (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_3__/* .workflowAnswer */ .sM)({ method: 'GET', path: `v2 ${path}` }, await this.get(path));
    }
    /** Every job of a workflow. */
    async jobs(workflowId) {
        return this.list(`/workflow/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .checkSegment */ .cr)('workflow id', workflowId))}/job`, _v2_records_js__WEBPACK_IMPORTED_MODULE_3__/* .jobAnswer */ .aV);
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
        const pipelines = await this.list(path, asItem, query, options.max, (items) => items.some(accept));
        return pipelines.find(accept);
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
     * twice ends it, and so does `enough` once it says the items so far suffice. Each page and each item is checked
     * by shape before it is kept.
     */
    async list(path, check, query = {}, maxItems = Infinity, enough) {
        const items = [];
        const tokens = new Set();
        let token;
        const call = { method: 'GET', path: `v2 ${path}` };
        for (let pages = 0; pages < MAX_LIST_PAGES; pages++) {
            const page = (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_3__/* .pageAnswer */ .kH)(call, await this.get(path, token === undefined ? query : { ...query, 'page-token': token }));
            // One at a time: a spread of a huge page would overflow the stack.
            for (const item of page.items)
                items.push(check(call, item, items.length));
            if (items.length >= maxItems)
                return items.slice(0, maxItems);
            if (enough?.(items))
                return items;
            const { next } = page;
            if (next === undefined || tokens.has(next))
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
/** An item taken as it is, for lists whose items the caller checks itself. */
function asItem(_call, value) {
    return value;
}


/***/ }),

/***/ 4957:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   IN: () => (/* binding */ isV2Id),
/* harmony export */   aV: () => (/* binding */ jobAnswer),
/* harmony export */   kH: () => (/* binding */ pageAnswer),
/* harmony export */   sM: () => (/* binding */ workflowAnswer)
/* harmony export */ });
/* unused harmony export MAX_V2_PAGE_ITEMS */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5942);
// Answers of API v2 checked by shape before they are used, as records.ts checks v1.1's
// (docs/promises.md, promise 30): ids are UUID-like strings, numbers positive whole numbers, names and statuses
// strings. A wrong shape is an unusable answer naming the call, which a poll does not look at again.


/** Items a page of a v2 list holds at most: v2 lists take no `limit`, and the service pages far below this. */
const MAX_V2_PAGE_ITEMS = 100;
/** A UUID-like id: letters, digits and dashes, so that it is safe in a path, an output and a log line. */
const ID = /^[0-9A-Za-z][0-9A-Za-z-]{0,63}$/u;
function unusable(call, detail) {
    return new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UnusableAnswerError */ .qx(call.method, call.path, detail);
}
function isV2Id(value) {
    return typeof value === 'string' && ID.test(value);
}
function isWholeNumber(value) {
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}
function checkCommon(call, value, what, at) {
    const where = at < 0 ? `the ${what}` : `item ${at + 1} of the ${what} list`;
    if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(value))
        throw unusable(call, `${where} is not an object`);
    if (!isV2Id(value['id']))
        throw unusable(call, `${where} has no id that is a UUID-like string`);
    if (typeof value['name'] !== 'string')
        throw unusable(call, `${where} has no name that is a string`);
    if (typeof value['status'] !== 'string')
        throw unusable(call, `${where} has no status that is a string`);
    return value;
}
/** A workflow (`GET /workflow/{id}`, or an item of a pipeline's list: `at` is its place). */
function workflowAnswer(call, value, at = -1) {
    const record = checkCommon(call, value, 'workflow', at);
    const tag = record['tag'];
    if (tag !== undefined && tag !== null && typeof tag !== 'string')
        throw unusable(call, `the workflow ${String(record['id'])} has a tag that is not a string`);
    return record;
}
/** A job of a workflow's list: a `job_number`, where there is one, is a positive whole number. */
function jobAnswer(call, value, at) {
    const record = checkCommon(call, value, 'job', at);
    const num = record['job_number'];
    if (num !== undefined && num !== null && !isWholeNumber(num))
        throw unusable(call, `item ${at + 1} of the job list has a job_number that is not a whole number ≥ 1`);
    const type = record['type'];
    if (type !== undefined && type !== null && typeof type !== 'string')
        throw unusable(call, `item ${at + 1} of the job list has a type that is not a string`);
    const request = record['approval_request_id'];
    if (request !== undefined && request !== null && !isV2Id(request))
        throw unusable(call, `item ${at + 1} of the job list has an approval_request_id that is not an id`);
    return { ...record, job_number: num ?? null };
}
/** One page of a v2 list: `items` an array of at most MAX_V2_PAGE_ITEMS, `next_page_token` a string or null. */
function pageAnswer(call, value) {
    if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(value) || !Array.isArray(value['items']))
        throw unusable(call, 'a page with an items list was expected');
    const items = value['items'];
    if (items.length > MAX_V2_PAGE_ITEMS)
        throw unusable(call, `the page holds ${items.length} items, more than the ${MAX_V2_PAGE_ITEMS} a page of the service holds`);
    const next = value['next_page_token'];
    if (next !== undefined && next !== null && typeof next !== 'string')
        throw unusable(call, 'the next_page_token is neither a string nor null');
    return { items, ...(typeof next === 'string' && next !== '' ? { next } : {}) };
}


/***/ })

};
