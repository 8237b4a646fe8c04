export const id = 34;
export const ids = [34];
export const modules = {

/***/ 5706:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D: () => (/* binding */ jobStatusMeaning),
/* harmony export */   U: () => (/* binding */ V2_JOB_STATUSES)
/* harmony export */ });
// What each of API v2's job statuses means to the product: whether the job has ended, and its `allowed-outcomes`
// word (docs/v2.md); test/api/job-status.test.ts keeps the README's table equal to this one.
/** The service's job statuses, all of them. */
const V2_JOB_STATUSES = {
    success: { ended: true, outcome: 'success' },
    failed: { ended: true, outcome: 'failed' },
    canceled: { ended: true, outcome: 'canceled' },
    infrastructure_fail: { ended: true, outcome: 'infrastructure_fail' },
    timedout: { ended: true, outcome: 'timedout' },
    not_run: { ended: true, outcome: 'not_run' },
    // Ended by the service for a reason it does not know: the machine, not the code.
    'terminated-unknown': { ended: true, outcome: 'infrastructure_fail' },
    // A job the user may not run (a restricted context): it did not pass.
    unauthorized: { ended: true, outcome: 'failed' },
    // Replaced by a rerun, whose own job carries the outcome.
    retried: { ended: true, outcome: '' },
    running: { ended: false, outcome: '' },
    queued: { ended: false, outcome: '' },
    not_running: { ended: false, outcome: '' },
    on_hold: { ended: false, outcome: '' },
    blocked: { ended: false, outcome: '' },
};
/** A job status's meaning; a status the table does not know is a job that has not ended. */
function jobStatusMeaning(status) {
    return Object.hasOwn(V2_JOB_STATUSES, status)
        ? V2_JOB_STATUSES[status]
        : { ended: false, outcome: '' };
}


/***/ }),

/***/ 103:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cw: () => (/* binding */ Pipelines),
/* harmony export */   JS: () => (/* binding */ UNBUILT_JOB_STATUSES),
/* harmony export */   Tb: () => (/* binding */ projectSlug),
/* harmony export */   k: () => (/* binding */ PipelineTriggerAbortedError),
/* harmony export */   q$: () => (/* binding */ NoPipelineTriggerError),
/* harmony export */   qY: () => (/* binding */ FINAL_WORKFLOW_STATUSES)
/* harmony export */ });
/* unused harmony exports MAX_LIST_PAGES, PipelineTriggerLostError */
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7157);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1013);
/* harmony import */ var _v2_records_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4957);
/* harmony import */ var _validate_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1272);
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
/** A pipeline trigger failed in a way that does not tell whether a pipeline started, and none was found. */
class PipelineTriggerLostError extends _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'PipelineTriggerLostError';
}
/** Both trigger forms answered 404 or 405: nothing was started; `answers` holds each, `pipeline/run`'s first. */
class NoPipelineTriggerError extends _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'NoPipelineTriggerError';
    answers;
    constructor(answers) {
        super(answers.map((a) => a.message).join('; then '));
        this.answers = answers;
    }
    /** The service knows no such project: a wrong slug, or a project token, which v2 does not take. */
    get projectNotFound() {
        return this.answers.some((a) => a.status === 404 && /^project not found/iu.test(a.serverMessage));
    }
}
/** The step was cancelled while the trigger was on its way: `before` is the newest pipeline number before it. */
class PipelineTriggerAbortedError extends _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .AbortedError */ .oM {
    name = 'PipelineTriggerAbortedError';
    before;
    constructor(message, before) {
        super(message);
        this.before = before;
    }
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
     * Triggers a pipeline, never two (docs/promises.md, promise 2): `pipeline/run` first, the older `pipeline` form
     * when that answers 404 or 405 (nothing was started then; never with a definition, which only `pipeline/run`
     * takes). After a failure that may have started one, the pipeline is looked for, and never sent again.
     */
    async trigger(p, options) {
        const slug = projectSlug(p);
        if ((options.branch === undefined) === (options.tag === undefined))
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI('branch', 'give a branch or a tag (not both)', undefined, 'missing');
        const ref = triggerRef(options);
        const parameters = options.parameters === undefined ? undefined : (0,_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkParams */ .N8)('params', options.parameters);
        const withParameters = parameters === undefined ? {} : { parameters };
        const definition = options.definitionId === undefined
            ? {}
            : { definition_id: (0,_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkSegment */ .cr)('definition-id', options.definitionId) };
        const before = await this.newestNumber(p);
        const send = async (path, body) => {
            try {
                const answer = await this.transport.request({ method: 'POST', path, body, retry: 'once', api: 'v2' });
                return (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_2__/* .triggerAnswer */ .jP)({ method: 'POST', path: `v2 ${path}` }, answer.status, answer.data);
            }
            catch (error) {
                if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .AbortedError */ .oM)
                    throw new PipelineTriggerAbortedError(error.message, before);
                if (!(0,_client_js__WEBPACK_IMPORTED_MODULE_0__/* .isAmbiguous */ .X2)(error))
                    throw error;
                const found = await this.findTriggered(p, ref, before).catch(() => undefined);
                if (found !== undefined)
                    return { triggered: true, pipeline: found, recoveredAfter: error.message };
                throw new PipelineTriggerLostError(`${error.message}; a pipeline may have started on ${describeRef(ref)} but none newer than ` +
                    `#${before} could be found: look at the project's pipelines before triggering again`);
            }
        };
        let first;
        try {
            return await send(`/project/${slug}/pipeline/run`, {
                ...definition,
                config: ref,
                checkout: ref,
                ...withParameters,
            });
        }
        catch (error) {
            // The older form is not available to a project named by its slug: its 404 is the answer.
            if (!isNoRoute(error) || options.definitionId !== undefined || 'slug' in p)
                throw error;
            first = error;
        }
        // An installation of an older version has only the older form; a 404 or 405 started nothing.
        this.transport.log('debug', `${first.message}; trying the older pipeline trigger`);
        try {
            return await send(`/project/${slug}/pipeline`, { ...ref, ...withParameters });
        }
        catch (error) {
            if (isNoRoute(error))
                throw new NoPipelineTriggerError([first, error]);
            if (error instanceof Error && !(error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .AbortedError */ .oM))
                error.message = `${first.message}; then ${error.message}`;
            throw error;
        }
    }
    /** The newest pipeline number of the project (0 when it has none, or the list is not there). */
    async newestNumber(p) {
        try {
            return (await this.recent(p)).reduce((max, item) => Math.max(max, item.number), 0);
        }
        catch (error) {
            // A project the list does not know: the trigger itself will say why.
            if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD && error.status === 404)
                return 0;
            throw error;
        }
    }
    /**
     * The pipeline a trigger made, if any: newer than `before` (the newest number before the call), on its branch
     * or tag. The oldest match is ours: a later one was triggered by someone else after our call.
     */
    async findTriggered(p, ref, before) {
        const matches = (await this.recent(p)).filter((item) => item.number > before &&
            (ref.tag === undefined ? item.vcs?.branch === ref.branch : item.vcs?.tag === ref.tag));
        return matches.sort((a, b) => a.number - b.number)[0];
    }
    /** The first page of the project's pipelines, newest first. */
    async recent(p) {
        const path = `/project/${projectSlug(p)}/pipeline`;
        return (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_2__/* .pipelineListAnswer */ .JE)({ method: 'GET', path: `v2 ${path}` }, await this.get(path));
    }
    async pipeline(id) {
        const path = `/pipeline/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkSegment */ .cr)('pipeline id', id))}`;
        return (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_2__/* .pipelineAnswer */ .nd)({ method: 'GET', path: `v2 ${path}` }, await this.get(path));
    }
    /** Every workflow of a pipeline, oldest first. */
    async workflows(pipelineId) {
        return this.list(`/pipeline/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkSegment */ .cr)('pipeline id', pipelineId))}/workflow`, _v2_records_js__WEBPACK_IMPORTED_MODULE_2__/* .workflowAnswer */ .sM);
    }
    /** One workflow, with its own status. */
    async workflow(workflowId) {
        const path = `/workflow/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkSegment */ .cr)('workflow id', workflowId))}`;
        return (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_2__/* .workflowAnswer */ .sM)({ method: 'GET', path: `v2 ${path}` }, await this.get(path));
    }
    /** Every job of a workflow. */
    async jobs(workflowId) {
        return this.list(`/workflow/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkSegment */ .cr)('workflow id', workflowId))}/job`, _v2_records_js__WEBPACK_IMPORTED_MODULE_2__/* .jobAnswer */ .aV);
    }
    /** Reruns jobs of a workflow as a new workflow; answers its id. */
    async rerun(workflowId, options) {
        const body = { jobs: options.jobs, ...(options.enableSsh ? { enable_ssh: true } : {}) };
        const answer = await this.post(`/workflow/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkSegment */ .cr)('workflow id', workflowId))}/rerun`, body, 'once');
        if (typeof answer?.workflow_id !== 'string')
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .BadResponseError */ .nS('POST', `v2 /workflow/${workflowId}/rerun`, 'no workflow_id');
        return answer;
    }
    /** Cancels a workflow: its running jobs, the jobs not started yet and its approvals. */
    async cancelWorkflow(workflowId) {
        return this.post(`/workflow/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkSegment */ .cr)('workflow id', workflowId))}/cancel`, undefined, 'idempotent');
    }
    /**
     * The newest pipeline of the project (on `branch` when given) that `accept` takes, reading the list newest first
     * and at most `max` pipelines.
     */
    async newestPipeline(p, options, accept) {
        const query = options.branch === undefined ? {} : { branch: (0,_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkSegment */ .cr)('branch', options.branch) };
        const path = `/project/${projectSlug(p)}/pipeline`;
        const pipelines = await this.list(path, asItem, query, options.max, (items) => items.some(accept));
        return pipelines.find(accept);
    }
    /**
     * Approves an approval job on hold; sent once, as an approval that may have arrived is found by reading the
     * workflow's jobs again, not by sending it twice.
     */
    async approve(workflowId, approvalRequestId) {
        return this.post(`/workflow/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkSegment */ .cr)('workflow id', workflowId))}/approve/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkSegment */ .cr)('approval request id', approvalRequestId))}`, undefined, 'once');
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
            const page = (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_2__/* .pageAnswer */ .kH)(call, await this.get(path, token === undefined ? query : { ...query, 'page-token': token }));
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
/** The branch or tag a trigger names, checked. */
function triggerRef(options) {
    return options.tag === undefined
        ? { branch: (0,_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkSegment */ .cr)('branch', options.branch ?? '') }
        : { tag: (0,_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkSegment */ .cr)('tag', options.tag, 'a tag name') };
}
/** A 404 or 405 of a trigger form: the installation has no such route (or no such project), nothing started. */
function isNoRoute(error) {
    return error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD && (error.status === 404 || error.status === 405);
}
/** An item taken as it is, for lists whose items the caller checks itself. */
function asItem(_call, value) {
    return value;
}


/***/ }),

/***/ 4957:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Aw: () => (/* binding */ PENDING_PIPELINE_STATES),
/* harmony export */   IN: () => (/* binding */ isV2Id),
/* harmony export */   JE: () => (/* binding */ pipelineListAnswer),
/* harmony export */   aV: () => (/* binding */ jobAnswer),
/* harmony export */   jP: () => (/* binding */ triggerAnswer),
/* harmony export */   kH: () => (/* binding */ pageAnswer),
/* harmony export */   nd: () => (/* binding */ pipelineAnswer),
/* harmony export */   sM: () => (/* binding */ workflowAnswer),
/* harmony export */   yi: () => (/* binding */ pipelineErrors)
/* harmony export */ });
/* unused harmony exports MAX_V2_PAGE_ITEMS, PIPELINE_STATES, isPositiveWhole */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5942);
// Answers of API v2 checked by shape before they are used, as records.ts checks v1.1's
// (docs/promises.md, promise 30): ids are UUID-like strings, numbers positive whole numbers, names and statuses
// strings. A wrong shape is an unusable answer naming the call, which a poll does not look at again; enums stay
// open, as in records.ts.


/** Items a page of a v2 list holds at most: v2 lists take no `limit`, and the service pages far below this. */
const MAX_V2_PAGE_ITEMS = 100;
/** Pipeline states the service documents; the last three come before the configuration is compiled. */
const PIPELINE_STATES = (/* unused pure expression or super */ null && (['created', 'errored', 'setup-pending', 'setup', 'pending']));
const PENDING_PIPELINE_STATES = new Set(['setup-pending', 'setup', 'pending']);
/** A UUID-like id: letters, digits and dashes, so that it is safe in a path, an output and a log line. */
const ID = /^[0-9A-Za-z][0-9A-Za-z-]{0,63}$/u;
function unusable(call, detail) {
    return new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UnusableAnswerError */ .qx(call.method, call.path, detail);
}
function isV2Id(value) {
    return typeof value === 'string' && ID.test(value);
}
function isPositiveWhole(value) {
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
    if (num !== undefined && num !== null && !isPositiveWhole(num))
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
const optionalString = (value) => value === undefined || value === null || typeof value === 'string';
/** A pipeline: a UUID-like `id`, a positive whole `number`; `state`, `errors` and `vcs` of their types when present. */
function pipelineAnswer(call, value) {
    if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(value))
        throw unusable(call, 'a pipeline record was expected');
    if (!isV2Id(value['id']))
        throw unusable(call, 'the pipeline has no id of the UUID form');
    if (!isPositiveWhole(value['number']))
        throw unusable(call, 'the pipeline has no number that is a whole number ≥ 1');
    if (!optionalString(value['state']))
        throw unusable(call, 'the pipeline state is not a string');
    const errors = value['errors'];
    if (errors !== undefined &&
        errors !== null &&
        !(Array.isArray(errors) && errors.every((e) => (0,_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(e) && optionalString(e['message']))))
        throw unusable(call, 'the pipeline errors are not a list of {type, message}');
    const vcs = value['vcs'];
    if (vcs !== undefined &&
        vcs !== null &&
        !((0,_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(vcs) && ['branch', 'tag'].every((k) => optionalString(vcs[k]))))
        throw unusable(call, 'the pipeline vcs is not an object of strings');
    return value;
}
/** A trigger's answer: 201 with a pipeline, or 200 `{message}` when the service triggered nothing. */
function triggerAnswer(call, status, value) {
    if (status === 200 && (0,_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(value) && value['id'] === undefined) {
        const message = value['message'];
        if (typeof message !== 'string')
            throw unusable(call, 'a 200 without a pipeline carries no message');
        return { triggered: false, message };
    }
    return { triggered: true, pipeline: pipelineAnswer(call, value) };
}
/** A page of the project's pipelines, newest first: `{items, next_page_token}`. */
function pipelineListAnswer(call, value) {
    const items = (0,_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(value) ? value['items'] : undefined;
    if (!Array.isArray(items))
        throw unusable(call, 'a list of items was expected');
    return items.map((item) => pipelineAnswer(call, item));
}
/** What an errored pipeline says: each `errors[].message` (its type without one), or undefined when it is not. */
function pipelineErrors(pipeline) {
    const errors = pipeline.errors ?? [];
    if (pipeline.state !== 'errored' && errors.length === 0)
        return undefined;
    return errors.map((e) => e.message ?? e.type ?? '').filter((text) => text !== '');
}


/***/ })

};
