export const id = 970;
export const ids = [970];
export const modules = {

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
            if (!isNoRoute(error) || options.definitionId !== undefined)
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


/***/ }),

/***/ 2049:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Kg: () => (/* binding */ showOutcome),
/* harmony export */   Om: () => (/* binding */ worstOutcome),
/* harmony export */   WE: () => (/* binding */ passes),
/* harmony export */   WM: () => (/* binding */ workflowOutcome),
/* harmony export */   sG: () => (/* binding */ outcomeOf),
/* harmony export */   tI: () => (/* binding */ readOutcomePolicy),
/* harmony export */   u: () => (/* binding */ outputWord),
/* harmony export */   wy: () => (/* binding */ describePolicy)
/* harmony export */ });
/* unused harmony exports KNOWN_OUTCOMES, DEFAULT_POLICY */
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(103);
/* harmony import */ var _api_records_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5942);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2249);
// The outcome policy of the gating actions (trigger-build with `wait`, wait-for-build): which outcomes let the
// step pass, and which of several outcomes is the worst.




/**
 * The outcomes a finished build can have (docs/wire.md), and `not_run`: a build the service skipped (`[ci skip]`)
 * ends with lifecycle and status `not_run` and no outcome, and that is what allowed-outcomes calls it.
 */
const KNOWN_OUTCOMES = [
    'success',
    'failed',
    'canceled',
    'infrastructure_fail',
    'timedout',
    'no_tests',
    'not_run',
];
/** A build's outcome for the policy and the outputs: its `outcome`, else `not_run` for a skipped build, else ''. */
function outcomeOf(build) {
    if (typeof build.outcome === 'string' && build.outcome !== '')
        return build.outcome;
    if (build.lifecycle === 'not_run' || build.status === 'not_run')
        return 'not_run';
    return '';
}
/**
 * A workflow's final status as the outcome a build would have: its failures as `failed`, a cancel as `canceled`,
 * a skip as `not_run`; '' for a status that is not final (or not known), which no policy but `*` lets pass.
 */
function workflowOutcome(status) {
    switch (status) {
        case 'success':
        case 'canceled':
        case 'not_run':
            return status;
        case 'failed':
        case 'error':
        case 'unauthorized':
            return 'failed';
        default:
            return '';
    }
}
/** An outcome as a person reads it: a skipped build says so. */
function showOutcome(outcome) {
    return outcome === 'not_run' ? 'skipped (not_run)' : outcome;
}
const DEFAULT_POLICY = { any: false, allowed: new Set(['success']) };
/** Reads `allowed-outcomes`: one a line or comma-separated, `*` for any; an unknown name is an input error. */
function readOutcomePolicy(inputs, name = 'allowed-outcomes') {
    const words = inputs
        .lines(name)
        .flatMap((line) => line.split(','))
        .map((word) => word.trim())
        .filter((word) => word !== '');
    if (words.length === 0)
        return DEFAULT_POLICY;
    const allowedText = `allowed: '*' or outcomes among ${KNOWN_OUTCOMES.map((o) => `'${o}'`).join(', ')}, one a line or comma-separated`;
    if (words.includes('*')) {
        if (words.length > 1)
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, allowedText, undefined, `'*' allows every outcome: give it alone`);
        return { any: true, allowed: new Set(KNOWN_OUTCOMES) };
    }
    for (const word of words) {
        if (!KNOWN_OUTCOMES.includes(word)) {
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, allowedText, undefined, `unknown outcome ${JSON.stringify(word)}`);
        }
    }
    return { any: false, allowed: new Set(words) };
}
/** Whether a build that ended with `outcome` (null or '' when it ended without one) lets the step pass. */
function passes(policy, outcome) {
    if (policy.any)
        return !unknownWord(outcome);
    return typeof outcome === 'string' && outcome !== '' && policy.allowed.has(outcome);
}
/** `success`, or `success, no_tests`, for messages. */
function describePolicy(policy) {
    return policy.any ? 'any outcome' : [...policy.allowed].join(', ');
}
/**
 * From least to most severe: a real failure of the code is the worst, an outcome we do not know counts just
 * below it, and a build that ended without any outcome just below that. A skipped build ran nothing that failed:
 * just above success and no tests, below a cancel.
 */
const SEVERITY = {
    success: 0,
    no_tests: 1,
    not_run: 2,
    canceled: 3,
    infrastructure_fail: 4,
    timedout: 5,
    failed: 8,
};
const UNKNOWN_SEVERITY = 7;
const NO_OUTCOME_SEVERITY = 6;
function severity(outcome) {
    if (outcome === null || outcome === undefined || outcome === '')
        return NO_OUTCOME_SEVERITY;
    return SEVERITY[outcome] ?? UNKNOWN_SEVERITY;
}
/** The worst of several outcomes ('' for none given, or when the worst build ended without an outcome). */
function worstOutcome(outcomes) {
    let worst;
    let worstSeverity = -1;
    for (const outcome of outcomes) {
        const s = severity(outcome);
        if (s > worstSeverity) {
            worst = outcome;
            worstSeverity = s;
        }
    }
    return worst ?? '';
}
/** The words the README documents for each output that holds one: the service's, `not_run` and `none`. */
const OUTPUT_WORDS = {
    outcome: new Set([...KNOWN_OUTCOMES, 'none']),
    status: new Set([..._api_records_js__WEBPACK_IMPORTED_MODULE_2__/* .BUILD_STATUSES */ .qJ, 'none']),
    lifecycle: new Set([..._api_records_js__WEBPACK_IMPORTED_MODULE_2__/* .BUILD_LIFECYCLES */ .D1, 'none']),
};
/** An outcome, or the status of a job that ended without a build, that the service does not use: `*` refuses it. */
function unknownWord(word) {
    return (typeof word === 'string' &&
        word !== '' &&
        !KNOWN_OUTCOMES.includes(word) &&
        !_api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__/* .UNBUILT_JOB_STATUSES */ .JS.has(word));
}
/**
 * The value of the `outcome`, `status` or `lifecycle` output (docs/promises.md, promise 33): a workflow may paste it
 * into a script, so a word the README does not document leaves it empty, and the log says so.
 */
function outputWord(log, output, word) {
    if (typeof word !== 'string' || word === '' || OUTPUT_WORDS[output].has(word))
        return word ?? '';
    log(`The ${output} output is left empty: ${JSON.stringify((0,_api_format_js__WEBPACK_IMPORTED_MODULE_3__/* .cut */ .Jj)(word, 100))} is no word it may hold`);
    return '';
}


/***/ }),

/***/ 2970:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T9: () => (/* binding */ failedTests),
/* harmony export */   U1: () => (/* binding */ headerRow),
/* harmony export */   YF: () => (/* binding */ mdLink),
/* harmony export */   _x: () => (/* binding */ buildFacts),
/* harmony export */   fe: () => (/* binding */ appendSummary),
/* harmony export */   hL: () => (/* binding */ buildLink),
/* harmony export */   jI: () => (/* binding */ buildHeading),
/* harmony export */   kS: () => (/* binding */ testsTable),
/* harmony export */   l1: () => (/* binding */ failedTestsTable),
/* harmony export */   xD: () => (/* binding */ buildDurationMs),
/* harmony export */   z4: () => (/* binding */ MAX_LISTED_FAILURES)
/* harmony export */ });
/* unused harmony exports linkTarget, resultKind */
/* harmony import */ var _outcomes_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2049);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8999);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2249);



/** Appends a section to the job summary; one that cannot be written is a warning, never another verdict. */
async function appendSummary(io, markdown) {
    try {
        await io.summary.addRaw(markdown, true).write();
    }
    catch (error) {
        io.warning(`Could not write the job summary: ${error.message}`);
    }
}
/** The header cells of a `summary.addTable` table. */
function headerRow(...names) {
    return names.map((data) => ({ data, header: true }));
}
/** Failed tests listed in the summary; the rest are counted. */
const MAX_LISTED_FAILURES = 50;
/** A build page's address is short; a longer one is not worth a summary's room. */
const MAX_LINK_LENGTH = 2048;
/** The address as a Markdown link target, or undefined when it is not an http(s) URL. */
function linkTarget(url) {
    const parsed = typeof url === 'string' ? URL.parse(url) : null;
    if (parsed === null || !/^https?:$/.test(parsed.protocol) || parsed.href.length > MAX_LINK_LENGTH)
        return undefined;
    // Parentheses and spaces would end the link early; URL.href already encoded spaces, quotes and angle brackets.
    return parsed.href.replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'));
}
/** `[text](url)`, or the text alone without a usable address. `text` must be Markdown-safe already. */
function mdLink(text, url) {
    const target = linkTarget(url);
    return target === undefined ? text : `[${text}](${target})`;
}
/** A build's number, linked to its page when the address is known. */
function buildLink(build) {
    return mdLink(`#${build.build_num}`, build.build_url);
}
/** `### [Build #12 · main · 1a2b3c4](url)`. */
function buildHeading(build, level = 3) {
    const parts = [`Build #${build.build_num}`];
    if (build.branch)
        parts.push((0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(build.branch, 100));
    if (build.vcs_tag)
        parts.push(`tag ${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(build.vcs_tag, 100)}`);
    if (build.vcs_revision)
        parts.push((0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(build.vcs_revision.slice(0, 7)));
    return `${'#'.repeat(level)} ${mdLink(parts.join(' · '), build.build_url)}`;
}
/** How long the build ran, from its own record; undefined when it does not say. */
function buildDurationMs(build) {
    if (typeof build.build_time_millis === 'number' && build.build_time_millis > 0)
        return build.build_time_millis;
    const start = build.start_time ? Date.parse(build.start_time) : NaN;
    const stop = build.stop_time ? Date.parse(build.stop_time) : NaN;
    return Number.isFinite(start) && Number.isFinite(stop) && stop >= start ? stop - start : undefined;
}
/** One line of facts: status, outcome, duration, and what the caller adds (e.g. how long the step waited). */
function buildFacts(build, extra = {}) {
    const facts = [['Status', build.status ? (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(build.status, 50) : 'unknown']];
    const outcome = (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_0__/* .outcomeOf */ .sG)(build);
    if (outcome)
        facts.push(['Outcome', (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)((0,_outcomes_js__WEBPACK_IMPORTED_MODULE_0__/* .showOutcome */ .Kg)(outcome), 50)]);
    const duration = buildDurationMs(build);
    if (duration !== undefined)
        facts.push(['Duration', (0,_api_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(duration)]);
    if (build.subject)
        facts.push(['Subject', (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(build.subject, 120)]);
    for (const [name, value] of Object.entries(extra))
        facts.push([name, value]);
    return facts.map(([name, value]) => `**${name}:** ${value}`).join(' · ');
}
/** Results are an open set (docs/wire.md): what is neither passed, failed, skipped nor an error counts as other. */
function resultKind(result) {
    const word = (result ?? '').toLowerCase();
    return RESULT_KINDS.find(([, words]) => words.includes(word))?.[0] ?? 'other';
}
const RESULT_KINDS = [
    ['passed', ['success', 'passed', 'pass']],
    ['failed', ['failure', 'failed', 'fail']],
    ['skipped', ['skipped', 'skip']],
    ['errors', ['error']],
];
/** Tests that did not pass and were not skipped, in the order the server listed them. */
function failedTests(tests) {
    return tests.filter((t) => {
        const kind = resultKind(t.result);
        return kind === 'failed' || kind === 'errors';
    });
}
/** The table of tests by result, with their total run time. */
function testsTable(tests) {
    const counts = { passed: 0, failed: 0, skipped: 0, errors: 0, other: 0 };
    let seconds = 0;
    for (const t of tests) {
        counts[resultKind(t.result)]++;
        if (typeof t.run_time === 'number' && Number.isFinite(t.run_time) && t.run_time > 0)
            seconds += t.run_time;
    }
    const head = ['Passed', 'Failed', 'Skipped', 'Errors'];
    const row = [counts.passed, counts.failed, counts.skipped, counts.errors].map(String);
    if (counts.other > 0) {
        head.push('Other');
        row.push(String(counts.other));
    }
    head.push('Total', 'Time');
    row.push(String(tests.length), formatTestTime(seconds));
    return [`| ${head.join(' | ')} |`, `|${head.map(() => '---:').join('|')}|`, `| ${row.join(' | ')} |`].join('\n');
}
/** The failed tests as a table (class, name, file, message), `max` at most, the rest counted. */
function failedTestsTable(failed, max = MAX_LISTED_FAILURES) {
    if (failed.length === 0)
        return '';
    const lines = ['| Class | Name | File | Message |', '|---|---|---|---|'];
    for (const t of failed.slice(0, max)) {
        const cells = [
            (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(t.classname ?? '', 120),
            (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(t.name ?? '(unnamed)', 200),
            (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(t.file ?? '', 120),
            (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(t.message ?? '', 300),
        ];
        lines.push(`| ${cells.join(' | ')} |`);
    }
    const rest = failed.length - max;
    if (rest > 0)
        lines.push('', `…and ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(rest, 'more failed test')}, not listed.`);
    return lines.join('\n');
}
/** Test time in the unit that reads best: `0.42 s`, `12.3 s`, `2 min 5 s`. */
function formatTestTime(seconds) {
    if (seconds < 10)
        return `${Math.round(seconds * 100) / 100} s`;
    if (seconds < 60)
        return `${Math.round(seconds * 10) / 10} s`;
    return (0,_api_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(seconds * 1000);
}


/***/ })

};
