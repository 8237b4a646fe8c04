export const id = 568;
export const ids = [568];
export const modules = {

/***/ 9568:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   run: () => (/* binding */ run),
/* harmony export */   setEnvvar: () => (/* binding */ setEnvvar),
/* harmony export */   spec: () => (/* binding */ spec)
/* harmony export */ });
/* harmony import */ var _api_client_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7157);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1013);
/* harmony import */ var _api_projects_v2_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7681);
/* harmony import */ var _api_validate_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1272);
/* harmony import */ var _runner_run_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3704);
/* harmony import */ var _runner_summary_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2970);
/* harmony import */ var _runner_text_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8999);







const spec = {
    name: 'set-envvar',
    inputs: ['name', 'value', 'variables', 'delete'],
    outputs: ['set', 'deleted'],
};
/** Sets one or many environment variables of the project, and deletes others, in one step. */
async function setEnvvar(ctx) {
    const { inputs } = ctx;
    // Values are masked first, before any check below can print a line that holds one.
    const value = inputs.secret('value');
    const variables = inputs.assignments('variables', { secret: true });
    const name = inputs.optional('name');
    const toDelete = inputs.lines('delete');
    const refuse = (input, allowed, problem) => new _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI(input, allowed, undefined, problem);
    if (name === undefined && value !== undefined)
        throw refuse('name', "give the variable's name with value (or use variables: NAME=value lines)", 'missing');
    const toSet = new Map();
    if (name !== undefined) {
        (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkEnvName */ .$n)('name', name);
        if (value === undefined)
            throw refuse('value', `a value is required with name '${name}'`, 'missing');
        toSet.set(name, value);
    }
    for (const [key, v] of variables) {
        if (toSet.has(key))
            throw refuse('variables', 'each name once', `'${key}' is also given as name`);
        toSet.set(key, v);
    }
    for (const key of toDelete) {
        (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkEnvName */ .$n)('delete', key);
        if (toSet.has(key))
            throw refuse('delete', 'a name is either set or deleted', `'${key}' is both set and deleted`);
    }
    if (toSet.size === 0 && toDelete.length === 0)
        throw refuse('name', 'give at least one of name (with value), variables or delete', 'nothing to do');
    const { client, transport, project } = ctx.connect({ acceptSlug: true });
    const api = new _api_projects_v2_js__WEBPACK_IMPORTED_MODULE_2__/* .ProjectsV2 */ .lv(transport);
    // A project named by its slug is reached through API v2 alone (docs/v2.md): one list says which variables exist.
    let existing;
    const store = {
        add: (key, v) => 'slug' in project ? api.addEnvVar(project, key, v) : client.addEnvVar(project, key, v),
        /** False when the project has no such variable. */
        remove: async (key) => {
            if ('slug' in project) {
                existing ??= api.envVars(project).then((list) => new Set(list.map((variable) => variable.name)));
                if (!(await existing).has(key))
                    return false;
                await api.deleteEnvVar(project, key);
                return true;
            }
            try {
                await client.deleteEnvVar(project, key);
                return true;
            }
            catch (error) {
                if (error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD && error.status === 404 && /env var/i.test(error.serverMessage))
                    return false;
                throw error;
            }
        },
    };
    const set = [];
    const deleted = [];
    const absent = [];
    try {
        for (const [key, v] of toSet) {
            await store.add(key, v);
            set.push(key);
            ctx.info(`Set ${key}`);
        }
        for (const key of toDelete) {
            if (await store.remove(key)) {
                deleted.push(key);
                ctx.info(`Deleted ${key}`);
            }
            else {
                absent.push(key);
                ctx.io.warning(`${key} was not deleted: the project has no such variable`);
            }
        }
    }
    finally {
        // What was done is reported even when a later call fails.
        ctx.setOutput('set', set);
        ctx.setOutput('deleted', deleted);
        const rows = [
            ...set.map((k) => [k, 'set']),
            ...deleted.map((k) => [k, 'deleted']),
            ...absent.map((k) => [k, 'not found, nothing deleted']),
        ];
        if (rows.length > 0) {
            await ctx.io.summary
                .addRaw(`Environment variables of **${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_6__/* .htmlSafe */ .br)((0,_api_client_js__WEBPACK_IMPORTED_MODULE_0__/* .projectName */ .j1)(project))}**`, true)
                .addTable([
                (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_5__/* .headerRow */ .U1)('Name', 'Change'),
                ...rows.map(([k, c]) => [`<code>${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_6__/* .htmlSafe */ .br)(k ?? '')}</code>`, c ?? '']),
            ])
                .write();
        }
    }
}
/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
function run() {
    return (0,_runner_run_js__WEBPACK_IMPORTED_MODULE_4__/* .runAction */ .Cs)(spec, setEnvvar);
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
/* harmony import */ var _api_job_status_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5706);
/* harmony import */ var _api_pipelines_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(103);
/* harmony import */ var _api_records_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5942);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2249);
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
    // A job of a project named by its slug has its v2 status there (src/api/job-status.ts).
    status: new Set([..._api_records_js__WEBPACK_IMPORTED_MODULE_3__/* .BUILD_STATUSES */ .qJ, ...Object.keys(_api_job_status_js__WEBPACK_IMPORTED_MODULE_1__/* .V2_JOB_STATUSES */ .U), 'none']),
    lifecycle: new Set([..._api_records_js__WEBPACK_IMPORTED_MODULE_3__/* .BUILD_LIFECYCLES */ .D1, 'none']),
};
/** An outcome, or the status of a job that ended without a build, that the service does not use: `*` refuses it. */
function unknownWord(word) {
    return (typeof word === 'string' &&
        word !== '' &&
        !KNOWN_OUTCOMES.includes(word) &&
        !_api_pipelines_js__WEBPACK_IMPORTED_MODULE_2__/* .UNBUILT_JOB_STATUSES */ .JS.has(word));
}
/**
 * The value of the `outcome`, `status` or `lifecycle` output (docs/promises.md, promise 33): a workflow may paste it
 * into a script, so a word the README does not document leaves it empty, and the log says so.
 */
function outputWord(log, output, word) {
    if (typeof word !== 'string' || word === '' || OUTPUT_WORDS[output].has(word))
        return word ?? '';
    log(`The ${output} output is left empty: ${JSON.stringify((0,_api_format_js__WEBPACK_IMPORTED_MODULE_4__/* .cut */ .Jj)(word, 100))} is no word it may hold`);
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
