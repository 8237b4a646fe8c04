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
/* harmony import */ var _api_projects_v2_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1464);
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
    if (name === undefined && value !== undefined) {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI('name', "give the variable's name with value (or use variables: NAME=value lines)", undefined, 'missing');
    }
    const toSet = new Map();
    if (name !== undefined) {
        (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkEnvName */ .$n)('name', name);
        if (value === undefined)
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI('value', `a value is required with name '${name}'`, undefined, 'missing');
        toSet.set(name, value);
    }
    for (const [key, v] of variables) {
        if (toSet.has(key))
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI('variables', 'each name once', undefined, `'${key}' is also given as name`);
        toSet.set(key, v);
    }
    for (const key of toDelete) {
        (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_3__/* .checkEnvName */ .$n)('delete', key);
        if (toSet.has(key))
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI('delete', 'a name is either set or deleted', undefined, `'${key}' is both set and deleted`);
    }
    if (toSet.size === 0 && toDelete.length === 0) {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI('name', 'give at least one of name (with value), variables or delete', undefined, 'nothing to do');
    }
    const { client, transport, project } = ctx.connect({ acceptSlug: true });
    const store = 'slug' in project ? v2Variables(new _api_projects_v2_js__WEBPACK_IMPORTED_MODULE_2__/* .ProjectsV2 */ .lv(transport), project) : v1Variables(client, project);
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
function v1Variables(client, project) {
    return {
        add: (name, value) => client.addEnvVar(project, name, value),
        remove: async (name) => {
            try {
                await client.deleteEnvVar(project, name);
                return true;
            }
            catch (error) {
                if (error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD && error.status === 404 && /env var/i.test(error.serverMessage))
                    return false;
                throw error;
            }
        },
    };
}
/** A project named by its slug, through API v2 alone (docs/v2.md): one list says which variables exist. */
function v2Variables(api, project) {
    let existing;
    return {
        add: (name, value) => api.addEnvVar(project, name, value),
        remove: async (name) => {
            existing ??= api.envVars(project).then((list) => new Set(list.map((variable) => variable.name)));
            if (!(await existing).has(name))
                return false;
            await api.deleteEnvVar(project, name);
            return true;
        },
    };
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

/***/ 1464:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Bk: () => (/* binding */ JobScan),
  fk: () => (/* binding */ MAX_JOBS_READ),
  lv: () => (/* binding */ ProjectsV2),
  Id: () => (/* binding */ jobBuild)
});

// EXTERNAL MODULE: ../api/commit-builds.ts
var commit_builds = __webpack_require__(6677);
// EXTERNAL MODULE: ../api/errors.ts
var errors = __webpack_require__(1013);
;// CONCATENATED MODULE: ../api/job-status.ts
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

// EXTERNAL MODULE: ../api/pipelines.ts
var pipelines = __webpack_require__(103);
// EXTERNAL MODULE: ../api/records.ts
var records = __webpack_require__(5942);
// EXTERNAL MODULE: ../api/validate.ts
var validate = __webpack_require__(1272);
;// CONCATENATED MODULE: ../api/projects-v2.ts






/** Pipelines of a project read at most, newest first: a commit's are among its newest. */
const MAX_PROJECT_PIPELINES = 100;
/** Jobs of the project's pipelines a search for the newest matching one looks at, at most. */
const MAX_JOBS_READ = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;
const isId = (value) => typeof value === 'string' && UUID.test(value);
const isNumber = (value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
const seg = encodeURIComponent;
class ProjectsV2 extends pipelines/* Pipelines */.Cw {
    /** `GET {v2}/project/{slug}/job/{number}`: the job asked for, by number. */
    async job(p, number) {
        const path = jobPath(p, number);
        const answer = await this.get(path);
        if (!(0,records/* isRecord */.u4)(answer) || answer['number'] !== number)
            throw unusable('GET', path, `the details of job #${number} were expected`);
        if (typeof answer['name'] !== 'string' || typeof answer['status'] !== 'string')
            throw unusable('GET', path, 'the job has no name and status');
        const pipelineId = (0,records/* isRecord */.u4)(answer['pipeline']) ? answer['pipeline']['id'] : undefined;
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
        const path = `/project/${(0,pipelines/* projectSlug */.Tb)(p)}/${(0,validate/* checkBuildNum */.ZL)('build-num', number)}/tests`;
        return projects_v2_records('GET', path, await this.list(path, (_call, value) => value), () => true);
    }
    /** `GET {v2}/project/{slug}/{number}/artifacts`, every page. */
    async artifacts(p, number) {
        const path = `/project/${(0,pipelines/* projectSlug */.Tb)(p)}/${(0,validate/* checkBuildNum */.ZL)('build-num', number)}/artifacts`;
        const items = projects_v2_records('GET', path, await this.list(path, (_call, value) => value), (item) => typeof item['path'] === 'string' &&
            typeof item['url'] === 'string' &&
            Number.isSafeInteger(item['node_index']) &&
            item['node_index'] >= 0);
        // The artifact URLs the API itself listed may receive the credential (docs/promises.md, promise 14).
        for (const item of items)
            this.transport.trust(item.url);
        return items;
    }
    async envVars(p) {
        const path = `/project/${(0,pipelines/* projectSlug */.Tb)(p)}/envvar`;
        return projects_v2_records('GET', path, await this.list(path, (_call, value) => value), (item) => typeof item['name'] === 'string');
    }
    /** `POST {v2}/project/{slug}/envvar` with `{name, value}`; a variable of that name is replaced. */
    async addEnvVar(p, name, value) {
        const path = `/project/${(0,pipelines/* projectSlug */.Tb)(p)}/envvar`;
        const answer = await this.post(path, { name: (0,validate/* checkEnvName */.$n)('name', name), value }, 'idempotent');
        if (!(0,records/* isRecord */.u4)(answer) || answer['name'] !== name)
            throw unusable('POST', path, `the variable ${name} was expected`);
        return answer;
    }
    async deleteEnvVar(p, name) {
        const path = `/project/${(0,pipelines/* projectSlug */.Tb)(p)}/envvar/${seg((0,validate/* checkEnvName */.$n)('name', name))}`;
        const answer = await this.transport.request({
            method: 'DELETE',
            path,
            retry: 'idempotent',
            api: 'v2',
        });
        return messageAnswer('DELETE', path, answer.data);
    }
    /** A job by number as a build record (jobBuild), with its pipeline's branch and commit. */
    async jobAsBuild(p, number) {
        const job = await this.job(p, number);
        const id = job.pipeline?.id;
        if (id === undefined)
            throw unusable('GET', jobPath(p, number), 'the job names no pipeline');
        return jobBuild(await this.pipeline(id), { ...job, job_number: number }, job.latest_workflow?.name);
    }
    /** The project's pipelines, newest first, on `branch` when given, at most `max`. */
    async projectPipelines(p, options = {}) {
        const path = `/project/${(0,pipelines/* projectSlug */.Tb)(p)}/pipeline`;
        const query = options.branch === undefined ? {} : { branch: (0,validate/* checkSegment */.cr)('branch', options.branch) };
        const items = await this.list(path, (_call, value) => value, query, options.max ?? MAX_PROJECT_PIPELINES);
        return projects_v2_records('GET', path, items, (item) => isId(item['id']) && isNumber(item['number']));
    }
}
function jobPath(p, number) {
    return `/project/${(0,pipelines/* projectSlug */.Tb)(p)}/job/${(0,validate/* checkBuildNum */.ZL)('build-num', number)}`;
}
function unusable(method, path, detail) {
    return new errors/* UnusableAnswerError */.qx(method, `v2 ${path}`, detail);
}
function projects_v2_records(method, path, items, valid) {
    for (const item of items)
        if (!(0,records/* isRecord */.u4)(item) || !valid(item))
            throw unusable(method, path, 'the list holds an item of the wrong shape');
    return items;
}
/** The answer of a v2 write that says only `{message}`: an object. */
function messageAnswer(method, path, answer) {
    if (!(0,records/* isRecord */.u4)(answer))
        throw unusable(method, path, 'a JSON object was expected');
    return answer;
}
/** A v2 job as the v1.1 build record the rest of the product reads (src/api/job-status.ts). */
function jobBuild(pipeline, job, workflow) {
    const vcs = (0,records/* isRecord */.u4)(pipeline.vcs) ? pipeline.vcs : {};
    const text = (value) => (typeof value === 'string' ? value : null);
    const meaning = jobStatusMeaning(job.status);
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
        workflows: { job_name: job.name, ...(0,records/* definedOnly */.Uv)({ workflow_name: workflow }) },
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
        this.#pipelines ??= await this.#api.projectPipelines(this.#project, (0,records/* definedOnly */.Uv)({ branch: query.branch }));
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
            if (query.revision !== undefined && !(0,commit_builds/* ofRevision */.j1)(head, query.revision))
                continue;
            if (query.branch !== undefined && head.branch !== query.branch)
                continue;
            const found = [];
            for (const workflow of await this.#api.workflows(pipeline.id)) {
                for (const job of await this.#api.jobs(workflow.id)) {
                    if (!(0,records/* isRecord */.u4)(job) || !isNumber(job.job_number) || typeof job.status !== 'string')
                        continue;
                    found.push(jobBuild(pipeline, job, workflow.name));
                }
            }
            found.sort((a, b) => b.build_num - a.build_num);
            if (found.length > room)
                this.bounded = true;
            for (const build of found.slice(0, room)) {
                this.read++;
                if ((0,records/* matchesStatusFilter */.ks)(build, query.statusFilter) &&
                    (query.job === undefined || (0,commit_builds/* jobOf */.Zw)(build).job === query.job))
                    this.#ready.push(build);
            }
        }
        return this.#ready.shift();
    }
}


/***/ })

};
