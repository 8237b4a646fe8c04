export const id = 963;
export const ids = [963];
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

/***/ 8022:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  MZ: () => (/* binding */ UnsupportedCodingError),
  IX: () => (/* binding */ contentCoding),
  D0: () => (/* binding */ decoder)
});

// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
;// CONCATENATED MODULE: ../api/zlib.ts
function zlib() {
    return process.getBuiltinModule('node:zlib');
}

;// CONCATENATED MODULE: ../api/decode.ts
// The one content decoder: which coding an answer's body still carries, and the stream that removes it. Used by
// downloads and step output alike (docs/promises.md, promise 24).


/** A Content-Encoding that cannot be decoded: what would be written is not what was stored. */
class UnsupportedCodingError extends Error {
    name = 'UnsupportedCodingError';
    /** Every Content-Encoding line, as one value. */
    value;
    constructor(value) {
        super(`Content-Encoding ${JSON.stringify(value)} cannot be decoded (gzip, deflate or br can, one at a time)`);
        this.value = value;
    }
}
/** The one coding on a body, from every Content-Encoding line (`identity` is none); undefined for none. */
function contentCoding(header) {
    if (header === undefined)
        return undefined;
    const value = typeof header === 'string' ? header : header.join(', ');
    const codings = value
        .split(',')
        .map((c) => c.trim().toLowerCase())
        .filter((c) => c !== '' && c !== 'identity');
    if (codings.length === 0)
        return undefined;
    const [only] = codings;
    if (codings.length === 1) {
        if (only === 'gzip' || only === 'x-gzip')
            return 'gzip';
        if (only === 'deflate' || only === 'br')
            return only;
    }
    throw new UnsupportedCodingError(value);
}
/** A stream that decodes `coding`; its errors are zlib's (codes Z_*). */
function decoder(coding) {
    if (coding === 'gzip')
        return zlib().createGunzip();
    if (coding === 'br')
        return zlib().createBrotliDecompress();
    return new Deflate();
}
/** `deflate` as servers send it: zlib-wrapped as the standard says, or raw, told apart by the first byte (a zlib
 *  stream's low nibble is 8). */
class Deflate extends external_node_stream_.Transform {
    #inner;
    _transform(chunk, _encoding, callback) {
        if (chunk.length === 0) {
            callback();
            return;
        }
        if (this.#inner === undefined) {
            const inner = ((chunk[0] ?? 0) & 0x0f) === 0x08 ? zlib().createInflate() : zlib().createInflateRaw();
            inner.on('data', (data) => this.push(data));
            inner.on('error', (error) => this.destroy(error));
            this.#inner = inner;
        }
        this.#inner.write(chunk, () => callback());
    }
    _flush(callback) {
        const inner = this.#inner;
        if (inner === undefined) {
            // An empty body decodes to nothing.
            callback();
            return;
        }
        inner.once('end', () => callback());
        inner.end();
    }
    _destroy(error, callback) {
        this.#inner?.destroy();
        callback(error);
    }
}


/***/ }),

/***/ 260:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E6: () => (/* binding */ PipelineBuilds),
/* harmony export */   Ps: () => (/* binding */ jobReader),
/* harmony export */   qJ: () => (/* binding */ SlugCommitBuilds)
/* harmony export */ });
/* unused harmony export PipelineErroredError */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _pipelines_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(103);
/* harmony import */ var _projects_v2_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7681);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5942);
/* harmony import */ var _v2_records_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4957);





/** The pipeline's configuration failed: no workflow will come. */
class PipelineErroredError extends _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui {
    name = 'PipelineErroredError';
}
/** Job statuses of a job that has ended: its build is read again for its final record. */
const ENDED_JOB_STATUSES = new Set([
    'success',
    'failed',
    'canceled',
    'infrastructure_fail',
    'timedout',
    'not_run',
    'unauthorized',
    'terminated-unknown',
    'retried',
]);
/**
 * How a project's jobs are read: its v1.1 build, or for a project named by its slug (which v1.1 cannot reach)
 * its job details through v2.
 */
function jobReader(client, api, project) {
    if (!('slug' in project))
        return (num) => client.build(project, num);
    const pipelines = new Map();
    return (num) => api.jobAsBuild(project, num, pipelines);
}
class PipelineBuilds {
    #read;
    #pipelines;
    #pipelineId;
    #workflows = new Map();
    #builds = new Map();
    #said = new Set();
    #times;
    /** When the pipeline was first seen past its set-up with no workflow. */
    #emptySince;
    /** When every workflow was first seen ended with only setup workflows among them. */
    #setupEndedAt;
    #name;
    constructor(read, pipelines, pipeline, times) {
        this.#read = read;
        this.#pipelines = pipelines;
        this.#pipelineId = pipeline.id;
        this.#name = `pipeline #${pipeline.number}`;
        this.#times = times;
    }
    /** The workflows seen so far, with whether each has ended. */
    get workflows() {
        return [...this.#workflows.values()].map(({ workflow, done }) => ({
            id: workflow.id,
            name: workflow.name,
            status: workflow.status,
            done,
        }));
    }
    /** Jobs that ended without a build (an approval that passed is not one: it ended as it should). */
    get unbuilt() {
        return [...this.#workflows.values()].flatMap(({ workflow, jobs, done }) => jobs
            .filter((job) => !hasBuild(job) && done && !(job.type === 'approval' && job.status === 'success'))
            .map((job) => ({ job: job.name, workflow: workflow.name, status: job.status, type: job.type ?? '' })));
    }
    async look() {
        const notes = [];
        if (this.#workflows.size === 0) {
            const workflows = await this.#listWorkflows();
            if (workflows.length === 0) {
                const since = this.#emptySince;
                const complete = since !== undefined && this.#times.now() - since >= this.#times.emptyMs;
                return {
                    builds: [],
                    truncated: false,
                    complete,
                    notes,
                    workflows: [],
                    ...(complete && {
                        nothing: `${this.#name} listed no workflow within ${Math.round(this.#times.emptyMs / 1000)} s of its ` +
                            `set-up: its workflows were all filtered out, it seems (inferred: the service gives no signal for this)`,
                    }),
                };
            }
        }
        for (const entry of this.#workflows.values())
            if (!entry.done)
                await this.#readJobs(entry, notes);
        // The workflows' own statuses are read again only when all their jobs look ended: that confirms the end
        // (and finds a workflow that came late) without a list of the workflows at every look.
        if ([...this.#workflows.values()].every((w) => w.jobsEnded)) {
            const before = new Set(this.#workflows.keys());
            await this.#listWorkflows();
            for (const entry of this.#workflows.values()) {
                if (!before.has(entry.workflow.id))
                    await this.#readJobs(entry, notes);
                entry.done = _pipelines_js__WEBPACK_IMPORTED_MODULE_1__/* .FINAL_WORKFLOW_STATUSES */ .qY.has(entry.workflow.status) && entry.jobsEnded;
                if (entry.done && !entry.jobs.some(hasBuild)) {
                    this.#sayOnce(notes, `${entry.workflow.id}/empty`, `Workflow ${entry.workflow.name} ended with status ${entry.workflow.status} without starting a job`);
                }
            }
        }
        const builds = [...this.#builds.values()].sort((a, b) => a.build_num - b.build_num);
        const known = [...this.#workflows.values()];
        const ended = known
            .filter((w) => w.done)
            .map(({ workflow, jobs }) => {
            const stopped = jobs
                .filter((job) => !hasBuild(job) && !(job.type === 'approval' && job.status === 'success'))
                .map((job) => `job ${job.name} ended ${job.status}`);
            return {
                id: workflow.id,
                name: workflow.name,
                status: workflow.status,
                ...(stopped.length > 0 && { stopped }),
            };
        });
        let complete = known.every((w) => w.done);
        let nothing;
        // A setup workflow that succeeded continues into workflows that appear later: they are given the settle time.
        if (complete && known.every((w) => w.workflow['tag'] === 'setup' && w.workflow.status === 'success')) {
            const now = this.#times.now();
            this.#setupEndedAt ??= now;
            complete = now - this.#setupEndedAt >= this.#times.settleMs;
            if (complete) {
                const names = known.map((w) => w.workflow.name).join(', ');
                nothing = `the setup workflow ${names} of ${this.#name} continued into no workflow within ${Math.round(this.#times.settleMs / 1000)} s`;
            }
            else {
                this.#sayOnce(notes, 'setup', `The setup workflow of ${this.#name} ended; waiting for the workflows it continues into`);
            }
        }
        else if (complete && !known.some((w) => w.jobs.length > 0)) {
            nothing = `no workflow of ${this.#name} made a job`;
        }
        return {
            builds,
            truncated: false,
            complete,
            notes,
            workflows: ended,
            ...(nothing === undefined ? {} : { nothing }),
        };
    }
    /** Lists the pipeline's workflows (new ones are added); an errored pipeline, which has none, throws. */
    async #listWorkflows() {
        const workflows = await this.#pipelines.workflows(this.#pipelineId);
        for (const workflow of workflows) {
            const known = this.#workflows.get(workflow.id);
            if (known === undefined)
                this.#workflows.set(workflow.id, { workflow, jobs: [], done: false, jobsEnded: false });
            else
                known.workflow = workflow;
        }
        if (workflows.length === 0) {
            const pipeline = await this.#pipelines.pipeline(this.#pipelineId);
            if (!_v2_records_js__WEBPACK_IMPORTED_MODULE_4__/* .PENDING_PIPELINE_STATES */ .Aw.has(pipeline.state ?? ''))
                this.#emptySince ??= this.#times.now();
            const errors = (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_4__/* .pipelineErrors */ .yi)(pipeline);
            if (errors !== undefined) {
                throw new PipelineErroredError(`Pipeline #${pipeline.number} is errored and runs no workflow` +
                    (errors.length > 0 ? `: ${errors.join('; ')}` : ''));
            }
        }
        return workflows;
    }
    /**
     * Lists a workflow's jobs; reads a job's build when it first has a number and when its status says it ended, and
     * in between takes the job's status for the build's.
     */
    async #readJobs(entry, notes) {
        const { workflow } = entry;
        const jobs = await this.#pipelines.jobs(workflow.id);
        entry.jobs = jobs;
        for (const job of jobs) {
            if (job.status === 'on_hold')
                this.#sayOnce(notes, `${workflow.id}/${job.id}/hold`, onHold(workflow, job));
            // An approval's number names no build: reading it answers 404.
            const num = hasBuild(job) ? job.job_number : null;
            if (num === null)
                continue;
            const cached = this.#builds.get(num);
            if (cached !== undefined && (0,_records_js__WEBPACK_IMPORTED_MODULE_3__/* .isFinished */ .$g)(cached))
                continue;
            if (cached === undefined || ENDED_JOB_STATUSES.has(job.status)) {
                this.#builds.set(num, await this.#read(num));
            }
            else if (job.status === 'running' || job.status === 'queued') {
                this.#builds.set(num, { ...cached, lifecycle: job.status, status: job.status });
            }
        }
        entry.jobsEnded = jobs.every((job) => this.#jobEnded(job));
    }
    #jobEnded(job) {
        if (hasBuild(job)) {
            const build = this.#builds.get(job.job_number);
            return build !== undefined && (0,_records_js__WEBPACK_IMPORTED_MODULE_3__/* .isFinished */ .$g)(build);
        }
        return _pipelines_js__WEBPACK_IMPORTED_MODULE_1__/* .UNBUILT_JOB_STATUSES */ .JS.has(job.status) || (job.type === 'approval' && job.status === 'success');
    }
    #sayOnce(notes, key, text) {
        if (this.#said.has(key))
            return;
        this.#said.add(key);
        notes.push(text);
    }
}
/** A job whose number is a build: any job with a number but an approval. */
function hasBuild(job) {
    return job.job_number !== null && job.type !== 'approval';
}
function onHold(workflow, job) {
    const request = job['approval_request_id'];
    const route = (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isV2Id */ .IN)(request) ? ` (or POST /api/v2/workflow/${workflow.id}/approve/${request})` : '';
    return (`Job ${job.name} of workflow ${workflow.name} is on hold: it waits for a person to approve it on the ` +
        `service${route}; the pipeline goes on only once it is approved (the step waits until its timeout)`);
}
/**
 * The builds of a commit of a project named by its slug, which v1.1 cannot list: its pipelines among the project's
 * newest (on `branch` when given) whose commit starts with `revision`, each followed by a PipelineBuilds. A pipeline
 * that appears later is followed from the next look; when the commit is done is left to the appear and settle
 * times, as for a commit's v1.1 builds. Without `revision`, the newest pipeline names the commit.
 */
class SlugCommitBuilds {
    #api;
    #project;
    #query;
    #read;
    #times;
    #followed = new Map();
    constructor(api, project, query, read, times) {
        this.#api = api;
        this.#project = project;
        this.#query = query;
        this.#read = read;
        this.#times = times;
    }
    async look() {
        const { branch } = this.#query;
        const pipelines = await this.#api.projectPipelines(this.#project, branch === undefined ? {} : { branch });
        const notes = [];
        if (this.#query.revision === '') {
            const newest = pipelines.find((p) => typeof p.vcs?.revision === 'string');
            if (newest === undefined)
                return { builds: [], truncated: false, notes };
            this.#query.revision = String(newest.vcs?.revision).toLowerCase();
            notes.push(`The newest pipeline of branch ${branch ?? ''} is #${newest.number}: its commit counts`);
        }
        for (const pipeline of pipelines) {
            const vcs = pipeline.vcs ?? {};
            const ofCommit = typeof vcs.revision === 'string' && vcs.revision.toLowerCase().startsWith(this.#query.revision);
            if (!ofCommit || (branch !== undefined && vcs.branch !== branch) || this.#followed.has(pipeline.id))
                continue;
            const source = new PipelineBuilds(this.#read, this.#api, pipeline, this.#times);
            this.#followed.set(pipeline.id, { source, last: [], done: false });
        }
        for (const [id, entry] of this.#followed) {
            if (entry.done)
                continue;
            try {
                const look = await entry.source.look();
                entry.last = look.builds;
                entry.done = look.complete && look.builds.every(_records_js__WEBPACK_IMPORTED_MODULE_3__/* .isFinished */ .$g);
                notes.push(...look.notes);
            }
            catch (error) {
                // A pipeline whose configuration failed runs nothing: the commit's other pipelines still count.
                if (!(error instanceof PipelineErroredError))
                    throw error;
                notes.push(error.message);
                this.#followed.set(id, { ...entry, done: true });
            }
        }
        const builds = [...this.#followed.values()].flatMap((entry) => entry.last);
        return {
            builds: builds.sort((a, b) => a.build_num - b.build_num),
            truncated: pipelines.length >= _projects_v2_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_PROJECT_PIPELINES */ .PG,
            notes,
        };
    }
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

/***/ 8164:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $S: () => (/* binding */ MAX_OUTPUT_LINES),
/* harmony export */   Eq: () => (/* binding */ MAX_STEPS_READ),
/* harmony export */   HF: () => (/* binding */ lastMeaningfulLine),
/* harmony export */   P4: () => (/* binding */ collectFailedSteps)
/* harmony export */ });
/* unused harmony exports findFailedSteps, readStepOutput, ChunkParser */
/* harmony import */ var node_stream_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6466);
/* harmony import */ var node_stream_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_stream_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1013);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5942);
/* harmony import */ var _decode_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8022);
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2249);
/* harmony import */ var _terminal_tail_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8301);
/* harmony import */ var _transport_options_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9704);
// The failed steps of a build and the end of their output (docs/wire.md, "Steps"). A step's output lives on a storage
// origin behind a pre-signed `output_url`: a JSON array of `{message, time, type}` chunks of raw terminal text that
// can run to tens of megabytes. It is read as a stream and only a bounded tail is kept: the last lines as plain
// text (src/api/terminal-tail.ts). Nothing here knows GitHub.







/** Lines of output a caller may ask for; `failure-log-lines` is checked against it. */
const MAX_OUTPUT_LINES = 1000;
/** Failed steps (containers included) whose output is read per build; the others are listed without it. */
const MAX_STEPS_READ = 10;
/** Decoded bytes read per build, all steps together: a tail is only found by reading to the end. */
const MAX_BYTES_PER_BUILD = 256 * 1024 * 1024;
/** Time spent reading the outputs of one build, all steps together, on top of each request's own timeouts. */
const OUTPUT_TIMEOUT_MS = 120_000;
/** A status or flag of an action that means it failed (a cancelled step did not fail: the build was stopped). */
const FAILED_STATUSES = new Set(['failed', 'timedout', 'infrastructure_fail']);
/** The steps that failed, in build order, each container on its own; `insignificant` ones do not fail a build. */
function findFailedSteps(build) {
    const found = [];
    const steps = Array.isArray(build.steps) ? build.steps : [];
    const parallel = typeof build.parallel === 'number' && build.parallel > 1;
    for (const step of steps) {
        if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .isRecord */ .u4)(step) || !Array.isArray(step['actions']))
            continue;
        for (const action of step['actions']) {
            if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .isRecord */ .u4)(action) || !actionFailed(action) || action['insignificant'] === true)
                continue;
            const name = (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq)(action['name']) ?? (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq)(step['name']) ?? '(unnamed step)';
            const index = integer(action['index']) ?? 0;
            found.push({
                name,
                step: integer(action['step']),
                index,
                parallel: parallel || index > 0,
                command: (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq)(action['bash_command']),
                status: (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq)(action['status']),
                exitCode: integer(action['exit_code']),
                durationMs: durationOf(action),
                truncated: action['truncated'] === true,
                outputUrl: action['has_output'] === false ? undefined : (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq)(action['output_url']),
            });
        }
    }
    return found;
}
function actionFailed(action) {
    if (action['failed'] === true || action['timedout'] === true || action['infrastructure_fail'] === true)
        return true;
    const status = (0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq)(action['status']);
    return status !== undefined && FAILED_STATUSES.has(status);
}
function durationOf(action) {
    const millis = action['run_time_millis'];
    if (typeof millis === 'number' && Number.isFinite(millis) && millis >= 0)
        return millis;
    const start = Date.parse((0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq)(action['start_time']) ?? '');
    const end = Date.parse((0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq)(action['end_time']) ?? '');
    return Number.isFinite(start) && Number.isFinite(end) && end >= start ? end - start : undefined;
}
/** The failed steps of a finished build with their outputs' ends; a failure to read one is its `outputError`. */
async function collectFailedSteps(options) {
    const { transport } = options;
    const lines = Math.min(options.lines, MAX_OUTPUT_LINES);
    const log = options.log ?? (() => { });
    const steps = findFailedSteps(options.build);
    if (lines <= 0 || steps.length === 0)
        return steps;
    const maxSteps = options.maxSteps ?? MAX_STEPS_READ;
    const maxLineLength = options.maxLineLength ?? _terminal_tail_js__WEBPACK_IMPORTED_MODULE_5__/* .MAX_LINE_LENGTH */ .l6;
    const timeoutMs = options.timeoutMs ?? OUTPUT_TIMEOUT_MS;
    const limit = options.maxBytes ?? MAX_BYTES_PER_BUILD;
    const budget = { limit, bytesLeft: limit };
    const timer = AbortSignal.timeout(timeoutMs);
    const signal = options.signal === undefined ? timer : AbortSignal.any([options.signal, timer]);
    let refreshed;
    for (const [position, step] of steps.entries()) {
        if (options.signal?.aborted)
            break;
        if (position >= maxSteps) {
            log('debug', `the output of ${steps.length - maxSteps} more failed steps was not read`);
            break;
        }
        if (timer.aborted) {
            step.outputError = `reading the build's outputs took over ${(0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .formatDuration */ .a3)(timeoutMs)}`;
            continue;
        }
        if (budget.bytesLeft <= 0) {
            step.outputError = `the build's outputs passed the ${(0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .formatLimit */ .tW)(limit)} read per build`;
            continue;
        }
        // Once the build was read again, every step takes its fresh address.
        let url = refreshed === undefined ? step.outputUrl : freshUrl(refreshed, step);
        if (url === undefined) {
            step.outputError = 'the service kept no output for this step';
            continue;
        }
        const read = (from) => readStepOutput(transport, from, { lines, maxLineLength, signal, budget });
        try {
            try {
                step.output = await read(url);
            }
            catch (error) {
                const expired = error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .hD && error.status === 403;
                if (!expired || options.refresh === undefined || refreshed !== undefined)
                    throw error;
                log('debug', `the output address of step '${step.name}' expired (HTTP 403); reading the build again`);
                try {
                    refreshed = await options.refresh();
                }
                catch (refreshError) {
                    throw new OutputError(`its address expired (HTTP 403) and reading the build again failed: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .asError */ .zR)(refreshError).message}`);
                }
                url = freshUrl(refreshed, step);
                if (url === undefined)
                    throw new OutputError('its address expired (HTTP 403) and the build lists no new one');
                step.output = await read(url);
            }
        }
        catch (error) {
            if (options.signal?.aborted)
                break;
            step.outputError = timer.aborted
                ? `no complete output within ${(0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .formatDuration */ .a3)(timeoutMs)}`
                : error instanceof OutputError || error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui
                    ? error.message
                    : `unexpected error: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .asError */ .zR)(error).message}`;
        }
    }
    return steps;
}
/** The same step and container in a build read again. */
function freshUrl(build, step) {
    const match = findFailedSteps(build).find((s) => s.step === step.step && s.index === step.index);
    return match?.outputUrl;
}
class OutputError extends _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'OutputError';
}
/** Streams one output and keeps its tail, decoding what a transport left encoded; a bad body is an OutputError. */
async function readStepOutput(opener, url, options) {
    const tail = new _terminal_tail_js__WEBPACK_IMPORTED_MODULE_5__/* .TerminalTail */ .DG(options.lines, options.maxLineLength ?? _terminal_tail_js__WEBPACK_IMPORTED_MODULE_5__/* .MAX_LINE_LENGTH */ .l6);
    const parser = new ChunkParser((piece) => tail.write(piece));
    const budget = options.budget ?? { limit: Infinity, bytesLeft: Infinity };
    const opened = await opener.open(url, {
        headers: { accept: 'application/json', 'accept-encoding': 'gzip' },
        ...(0,_records_js__WEBPACK_IMPORTED_MODULE_2__/* .definedOnly */ .Uv)({ signal: options.signal }),
    });
    let unzip;
    try {
        unzip = decoderFor(opened.headers['content-encoding']);
    }
    catch (error) {
        opened.body.destroy();
        throw error;
    }
    const decoder = new TextDecoder('utf-8');
    let bytes = 0;
    const consume = async (source) => {
        for await (const piece of source) {
            const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
            bytes += chunk.length;
            budget.bytesLeft -= chunk.length;
            if (budget.bytesLeft < 0) {
                throw new OutputError(`reading it passed the ${(0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .formatLimit */ .tW)(budget.limit)} read per build`);
            }
            parser.write(decoder.decode(chunk, { stream: true }));
        }
    };
    try {
        if (unzip === undefined)
            await (0,node_stream_promises__WEBPACK_IMPORTED_MODULE_0__.pipeline)(opened.body, consume);
        else
            await (0,node_stream_promises__WEBPACK_IMPORTED_MODULE_0__.pipeline)(opened.body, unzip, consume);
    }
    catch (error) {
        if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui)
            throw error;
        const code = error.code;
        if (typeof code === 'string' && code.startsWith('Z_')) {
            throw new OutputError(`its body could not be decoded (${error.message})`);
        }
        throw error;
    }
    parser.write(decoder.decode());
    parser.end();
    tail.end();
    return { lines: tail.lines(), totalLines: tail.totalLines, bytes };
}
/** The decoder for a Content-Encoding still on the body (src/api/decode.ts). */
function decoderFor(header) {
    try {
        const coding = (0,_decode_js__WEBPACK_IMPORTED_MODULE_3__/* .contentCoding */ .IX)(header);
        return coding === undefined ? undefined : (0,_decode_js__WEBPACK_IMPORTED_MODULE_3__/* .decoder */ .D0)(coding);
    }
    catch (error) {
        if (error instanceof _decode_js__WEBPACK_IMPORTED_MODULE_3__/* .UnsupportedCodingError */ .MZ)
            throw new OutputError(`it came in an encoding this client cannot read (${(0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .cut */ .Jj)(error.value, 41)})`);
        throw error;
    }
}
// --- The JSON array of chunks, parsed as it streams --------------------------------------------------------------
/**
 * A streaming parser for `[{"message": "...", ...}, ...]` that hands each message's text on in pieces, since the
 * streaming JSON libraries hold every string whole and one message can be megabytes.
 */
class ChunkParser {
    #emit;
    /** Open containers, outermost first: `a` an array, `o` an object. */
    #open = '';
    #expect = 'value';
    /** The string being read: a key (kept, short), the message (handed on) or any other (skipped). */
    #string;
    /** An escape the last piece ended inside, from its backslash. */
    #carry = '';
    #key = '';
    #literal = false;
    #offset = 0;
    #pending = [];
    constructor(emit) {
        this.#emit = emit;
    }
    write(piece) {
        const text = this.#carry + piece;
        this.#offset -= this.#carry.length;
        this.#carry = '';
        for (let i = 0; i < text.length;) {
            if (this.#string !== undefined)
                i = this.#run(text, i);
            else
                this.#token(text[i++]);
        }
        this.#offset += text.length;
        // Message text goes on once per write, not once per escape.
        if (this.#pending.length === 0)
            return;
        const pending = this.#pending.join('');
        this.#pending = [];
        this.#emit(pending);
    }
    /** The body ended: it must have been one whole array. */
    end() {
        if (this.#expect !== 'done')
            throw new OutputError('its body ended before the end of the JSON array');
    }
    /** A run of plain characters up to the next quote or backslash, taken at once, and the escape after it. */
    #run(text, i) {
        let j = i;
        while (j < text.length && text[j] !== '"' && text[j] !== '\\')
            j++;
        if (j > i)
            this.#text(text.slice(i, j));
        if (j === text.length)
            return j;
        if (text[j] === '"') {
            this.#expect = this.#string === 'key' ? 'colon' : 'next';
            this.#string = undefined;
            return j + 1;
        }
        const size = text[j + 1] === 'u' ? 6 : 2;
        if (j + size > text.length) {
            this.#carry = text.slice(j);
            return text.length;
        }
        const hex = text.slice(j + 2, j + size);
        const char = size === 2
            ? ESCAPES[text[j + 1] ?? '']
            : HEX4.test(hex)
                ? String.fromCharCode(parseInt(hex, 16))
                : undefined;
        if (char === undefined)
            this.#fail(`a bad escape ${text.slice(j, j + size)}`);
        this.#text(char);
        return j + size;
    }
    #token(ch) {
        if (this.#literal && /[\w.+-]/.test(ch))
            return;
        this.#literal = false;
        if (ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t')
            return;
        const expect = this.#expect;
        if ((ch === ']' && expect === 'first-value') || (ch === '}' && expect === 'first-key'))
            this.#close();
        else if (expect === 'value' || expect === 'first-value')
            this.#value(ch);
        else if (expect === 'key' || expect === 'first-key') {
            if (ch !== '"')
                this.#fail('a key');
            this.#string = 'key';
            this.#key = '';
        }
        else if (expect === 'colon') {
            if (ch !== ':')
                this.#fail("':'");
            this.#expect = 'value';
        }
        else if (expect === 'next') {
            const top = this.#open.at(-1);
            if (ch === ',')
                this.#expect = top === 'o' ? 'key' : 'value';
            else if ((ch === '}' && top === 'o') || (ch === ']' && top === 'a'))
                this.#close();
            else
                this.#fail("',' or the end of a list or object");
        }
        else
            this.#fail('the end of the body');
    }
    #value(ch) {
        if (this.#open === '' && ch !== '[')
            this.#fail('a JSON array of output chunks');
        if (ch === '[' || ch === '{') {
            if (this.#open.length >= _transport_options_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_ANSWER_DEPTH */ .yF)
                throw new OutputError(`its body is JSON nested more than ${_transport_options_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_ANSWER_DEPTH */ .yF} levels deep; reading stopped there`);
            this.#open += ch === '[' ? 'a' : 'o';
            this.#expect = ch === '[' ? 'first-value' : 'first-key';
        }
        else if (ch === '"') {
            this.#string = this.#open === 'ao' && this.#key === 'message' ? 'message' : 'skip';
        }
        else if (/[-0-9tfn]/.test(ch)) {
            this.#literal = true;
            this.#expect = 'next';
        }
        else
            this.#fail('a value');
    }
    #close() {
        this.#open = this.#open.slice(0, -1);
        this.#expect = this.#open === '' ? 'done' : 'next';
    }
    #text(piece) {
        // Only short keys matter; a long one is kept short enough to be no key we know.
        if (this.#string === 'key')
            this.#key = (this.#key + piece).slice(0, 32);
        else if (this.#string === 'message')
            this.#pending.push(piece);
    }
    #fail(expected) {
        throw new OutputError(`its body is not the expected JSON (expected ${expected} near character ${this.#offset})`);
    }
}
const HEX4 = /^[0-9a-fA-F]{4}$/;
const ESCAPES = {
    '"': '"',
    '\\': '\\',
    '/': '/',
    b: '\b',
    f: '\f',
    n: '\n',
    r: '\r',
    t: '\t',
};
// --- The line that says what went wrong ---------------------------------------------------------------------------
/** Lines that only say that something exited (the exit code says it already) or count what failed. */
const NOISE = [
    /^exit(ed)?\b.*\b(code|status)\b/i,
    /\b(exited|exit(ed)? with|completed with)\b.*\b(code|status)\s*-?\d+\.?$/i,
    /command failed with exit code/i,
    /^(npm|yarn|pnpm) (ERR!|error)( |$)/i,
    /^make(\[\d+\])?: \*\*\*/,
    /^error: process completed with exit code/i,
    /^(tests?|test files|test suites|suites?|specs?)\s*:?\s+.*\b(failed|passed|failing|passing)\b/i,
];
/** A line that states an error: `error TS2304:`, `AssertionError: ...`, `fatal: ...`, `panic: ...`. */
const STATES_ERROR = [
    /\b\w*(Error|Exception)\b\s*[:!]/,
    /\berror\b\s*(\[|\(|:|[A-Z]+\d+)/i,
    /^(fatal|panic|error|ERROR|FATAL)\b/,
    /^Too long with no output/i,
];
/** A line that hints at one: a failure, something missing or refused, a kill. */
const HINTS_ERROR = /\b(error|errors|fatal|failed|failure|exception|panic|cannot|can't|could not|not found|denied|killed|timed out|undefined)\b/i;
/** The line that best says why the step failed: the last stating an error, else hinting at one, else not noise. */
function lastMeaningfulLine(lines) {
    let hint;
    let fallback;
    for (let i = lines.length - 1; i >= 0; i--) {
        const line = (lines[i] ?? '').trim();
        if (line === '' || NOISE.some((re) => re.test(line)))
            continue;
        if (STATES_ERROR.some((re) => re.test(line)))
            return line;
        if (HINTS_ERROR.test(line))
            hint ??= line;
        fallback ??= line;
    }
    return hint ?? fallback;
}
function integer(value) {
    return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}


/***/ }),

/***/ 616:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  TL: () => (/* binding */ AnnotationBudget),
  sT: () => (/* binding */ MAX_FAILURE_REPORTS),
  iv: () => (/* binding */ readTests),
  An: () => (/* binding */ showFailedSteps),
  FK: () => (/* binding */ testsSection)
});

// EXTERNAL MODULE: ../api/errors.ts
var errors = __webpack_require__(1013);
// EXTERNAL MODULE: ../api/projects-v2.ts
var projects_v2 = __webpack_require__(7681);
// EXTERNAL MODULE: ../api/message.ts
var message = __webpack_require__(7527);
// EXTERNAL MODULE: ../api/step-output.ts
var step_output = __webpack_require__(8164);
// EXTERNAL MODULE: ../api/terminal-tail.ts
var terminal_tail = __webpack_require__(8301);
// EXTERNAL MODULE: ../runner/text.ts
var runner_text = __webpack_require__(8999);
// EXTERNAL MODULE: ../api/format.ts
var format = __webpack_require__(2249);
;// CONCATENATED MODULE: ../runner/failure-log.ts
// Says in GitHub why a build failed: each failed step's command and output tail in a log group and the summary,
// and one annotation. The output is untrusted (docs/promises.md, promise 15): fenced from the runner in the log,
// in a code block nothing can close in the summary, and cleaned of secrets before any cut
// (docs/promises.md, promise 13).





/** Characters of one output line shown; lines are kept longer, so a secret is removed whole before the cut. */
const SHOWN_LINE_LENGTH = 500;
/** Characters of one step's code block in the job summary, which GitHub bounds per step. */
const SUMMARY_BLOCK_LIMIT = 16 * 1024;
/** Characters of all code blocks of one build in the job summary, so that several builds fit GitHub's bound. */
const SUMMARY_BUILD_LIMIT = 64 * 1024;
/** Lines of a step's command shown. */
const COMMAND_LINES = 20;
/** Prints the failed steps of one build and annotates the first; the caller writes the summary it returns. */
function reportFailedSteps(io, build, steps, options = {}) {
    const first = steps[0];
    if (first === undefined)
        return { failedStep: undefined, summary: '' };
    const redactText = (0,message/* redactor */.$)(options.secrets ?? []);
    // Escapes go first: one inside a secret would hide it from the redaction and show it once stripped.
    const redact = (text) => redactText((0,terminal_tail/* stripTerminalEscapes */.fS)(text));
    const num = build.build_num;
    const sections = [];
    let summaryLeft = SUMMARY_BUILD_LIMIT;
    const unavailable = [];
    for (const step of steps.slice(0, step_output/* MAX_STEPS_READ */.Eq)) {
        const name = (0,runner_text/* oneLine */.TN)(redact(step.name), 200);
        const why = step.outputError === undefined ? undefined : (0,runner_text/* oneLine */.TN)(redact(step.outputError), 400);
        if (step.output === undefined && step.outputError === undefined) {
            // Not read (failure-log-lines: 0): the step is named, nothing more.
            io.info((0,runner_text/* logSafe */.sN)(`✗ Build #${num}: step '${name}' failed${facts(step)}`));
            sections.push(`**Failed step:** ${(0,runner_text/* mdSafe */.$v)(name, 200)}${facts(step, true)}`);
            continue;
        }
        io.startGroup((0,runner_text/* logSafe */.sN)(`✗ Build #${num}: step '${name}' failed${facts(step)}`));
        io.info((0,runner_text/* logSafe */.sN)(`Step: ${name}`));
        const command = step.command === undefined ? [] : commandLines(redact(step.command));
        const output = (step.output?.lines ?? []).map((line) => (0,format/* cut */.Jj)(redact(line), SHOWN_LINE_LENGTH));
        if (step.output !== undefined)
            io.info((0,runner_text/* logSafe */.sN)(tailNote(step, output.length)));
        else
            io.info((0,runner_text/* logSafe */.sN)(`Its output could not be shown: ${why}`));
        const fenced = [
            ...command.map((line) => `$ ${line}`),
            ...(command.length && output.length ? [''] : []),
            ...output,
        ];
        io.untrusted(fenced);
        io.endGroup();
        if (why !== undefined)
            unavailable.push({ name, why });
        const blockLimit = Math.min(SUMMARY_BLOCK_LIMIT, summaryLeft);
        const section = summarySection(step, name, why, fenced, blockLimit);
        summaryLeft -= section.length;
        sections.push(section);
    }
    const rest = steps.slice(step_output/* MAX_STEPS_READ */.Eq);
    if (rest.length > 0) {
        const names = [...new Set(rest.map((s) => (0,runner_text/* oneLine */.TN)(redact(s.name), 100)))];
        const list = names.slice(0, 10).join("', '") + (names.length > 10 ? "', …" : "'");
        io.info((0,runner_text/* logSafe */.sN)(`…and ${rest.length} more failed steps of build #${num}: '${list}`));
        sections.push(`…and ${rest.length} more failed steps, not shown.`);
    }
    // One warning for the build, however many of its outputs could not be read.
    const [only] = unavailable;
    if (unavailable.length === 1 && only !== undefined) {
        io.warning((0,runner_text/* logSafe */.sN)(`Could not show the output of step '${only.name}' of build #${num}: ${only.why}`));
    }
    else if (unavailable.length > 1) {
        const list = unavailable.map((u) => `'${u.name}' (${u.why})`).join('; ');
        io.warning((0,runner_text/* logSafe */.sN)((0,format/* cut */.Jj)(`Could not show the output of ${unavailable.length} steps of build #${num}: ${list}`, 2000)));
    }
    if (options.annotate ?? true)
        annotate(io, num, first, redact);
    return { failedStep: redact(first.name), summary: sections.join('\n\n') };
}
/** One error annotation per build: the build and the step in the title, what went wrong as the message. */
function annotate(io, num, step, redact) {
    const name = (0,runner_text/* oneLine */.TN)(redact(step.name), 120);
    const exit = step.exitCode === undefined ? '' : ` (exit code ${step.exitCode})`;
    const reason = step.output === undefined ? undefined : (0,step_output/* lastMeaningfulLine */.HF)(step.output.lines);
    const message = reason === undefined ? `Step '${name}' failed${exit}` : (0,runner_text/* oneLine */.TN)(redact(reason), SHOWN_LINE_LENGTH);
    // @actions/core escapes the message and the title, so neither can leave its command line.
    io.error(message, { title: `Build #${num} failed at step '${name}'${exit}` });
}
/** The step's container, exit code or status and duration, in parentheses for the log or dotted for Markdown. */
function facts(step, markdown = false) {
    const parts = [];
    if (step.parallel)
        parts.push(`container ${step.index}`);
    if (step.exitCode !== undefined)
        parts.push(`exit code ${step.exitCode}`);
    else if (step.status !== undefined && step.status !== 'failed')
        parts.push((markdown ? runner_text/* mdSafe */.$v : runner_text/* oneLine */.TN)(step.status, 40));
    if (step.durationMs !== undefined)
        parts.push((0,format/* formatDuration */.a3)(step.durationMs));
    if (parts.length === 0)
        return '';
    return markdown ? ` · ${parts.join(' · ')}` : ` (${parts.join(', ')})`;
}
function tailNote(step, shown) {
    const output = step.output;
    if (output === undefined)
        return '';
    const size = (0,format/* formatBytes */.z3)(output.bytes);
    const cutByService = step.truncated ? '; the service cut this output short' : '';
    if (shown === 0)
        return `Its output has no lines to show (${size})${cutByService}`;
    const which = shown < output.totalLines ? `The last ${shown} of its ${output.totalLines} lines` : `All ${shown} lines`;
    return `${which} of output (${size})${cutByService}:`;
}
function summarySection(step, name, why, fenced, limit) {
    const parts = [`**Failed step:** ${(0,runner_text/* mdSafe */.$v)(name, 200)}${facts(step, true)}`];
    if (step.output !== undefined)
        parts.push(`_${(0,runner_text/* mdSafe */.$v)(tailNote(step, step.output.lines.length), 300)}_`);
    if (why !== undefined)
        parts.push(`_Its output could not be shown: ${(0,runner_text/* mdSafe */.$v)(why, 400)}_`);
    // Past the build's share of the summary, the output is in the log only.
    if (fenced.length > 0 && limit >= 1024)
        parts.push(codeBlock(fenced, limit));
    else if (fenced.length > 0)
        parts.push('_Its output is in the log._');
    return parts.join('\n\n');
}
/** A code block nothing inside can end, cut from the start past `limit`, since the end says why a step failed. */
function codeBlock(lines, limit = SUMMARY_BLOCK_LIMIT) {
    const kept = [];
    let size = 0;
    for (let i = lines.length - 1; i >= 0; i--) {
        const line = lines[i] ?? '';
        if (size + line.length + 1 > limit)
            break;
        kept.unshift(line);
        size += line.length + 1;
    }
    if (kept.length < lines.length)
        kept.unshift(`… ${lines.length - kept.length} lines before this are not shown`);
    const body = kept.join('\n');
    const longest = (body.match(/`+/g) ?? []).reduce((most, run) => Math.max(most, run.length), 0);
    const fence = '`'.repeat(Math.max(3, longest + 1));
    return `${fence}text\n${body}\n${fence}`;
}
/** The command as clean lines (no colour, no control characters), its first COMMAND_LINES at most. */
function commandLines(command) {
    const lines = command.trimEnd().split('\n');
    const shown = lines.slice(0, COMMAND_LINES).map((line) => (0,terminal_tail/* plainLine */.h0)(line, SHOWN_LINE_LENGTH));
    const rest = lines.length - shown.length;
    return rest > 0 ? [...shown, `… ${rest} more lines`] : shown;
}

// EXTERNAL MODULE: ../runner/summary.ts
var summary = __webpack_require__(2970);
;// CONCATENATED MODULE: ../runner/build-report.ts








/** GitHub shows this many error annotations per step and drops the rest without a word. */
const MAX_ANNOTATIONS = 10;
/** Reads the finished build's tests; a failure to do so costs the table, never the step's verdict. */
async function readTests({ io }, { client, project, transport }, build) {
    try {
        // A project named by its slug has its jobs' tests through v2 only, in the same fields.
        if ('slug' in project)
            return { tests: (await new projects_v2/* ProjectsV2 */.lv(transport).tests(project, build.build_num)) };
        const metadata = await client.tests(project, build.build_num);
        return { tests: Array.isArray(metadata?.tests) ? metadata.tests : [] };
    }
    catch (error) {
        if (error instanceof errors/* AbortedError */.oM)
            throw error;
        const why = error.message;
        io.warning((0,runner_text/* logSafe */.sN)(`Could not read the test results of build #${build.build_num}: ${why}`));
        return { tests: undefined, error: why };
    }
}
/** The error annotations a step may still make. */
class AnnotationBudget {
    remaining = MAX_ANNOTATIONS;
}
/** The test's location for an annotation: its file, and the line when its message points into that file. */
function annotationOf(test) {
    const file = test.file?.trim().replace(/^\.\//, '');
    if (!file)
        return undefined;
    const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const line = new RegExp(`${escaped}:(\\d+)`).exec(test.message ?? '')?.[1];
    return line === undefined ? { file } : { file, startLine: Number(line) };
}
/** Logs the failed tests and annotates them on their files while the budget lasts; returns how many. */
function reportFailures(ctx, failed, budget) {
    // Secrets and escapes go before any cut: a cut through a secret leaves a start the runner cannot mask.
    const redact = (0,message/* redactor */.$)(ctx.secrets);
    const clean = (text) => redact((0,runner_text/* stripTerminalEscapes */.fS)(text));
    let annotated = 0;
    for (const test of failed.slice(0, summary/* MAX_LISTED_FAILURES */.z4)) {
        const name = [test.classname, test.name].filter(Boolean).join(' › ') || '(unnamed test)';
        ctx.info(`✗ ${(0,format/* cut */.Jj)(clean(name), 300)}${test.file ? ` (${(0,runner_text/* oneLine */.TN)(clean(test.file), 300)})` : ''}`);
    }
    for (const test of failed) {
        if (budget.remaining <= 0)
            break;
        const where = annotationOf(test);
        if (where === undefined)
            continue;
        const message = [test.classname, test.message || test.result || 'failed'].filter(Boolean).join(': ');
        // @actions/core escapes the message and properties of the command, so server text stays on its one line.
        ctx.io.error((0,format/* cut */.Jj)(clean(message), 2000), {
            ...where,
            file: (0,runner_text/* oneLine */.TN)(clean(where.file), 1000),
            title: (0,runner_text/* oneLine */.TN)(clean(test.name || 'failed test'), 200),
        });
        budget.remaining--;
        annotated++;
    }
    return annotated;
}
/** The summary's part about a finished build's tests; the failed ones are logged and annotated too. */
function testsSection(ctx, read, budget, heading = 4) {
    const h = '#'.repeat(heading);
    if (read.tests === undefined)
        return [`Test results could not be read: ${(0,runner_text/* mdSafe */.$v)(read.error ?? '')}`];
    if (read.tests.length === 0)
        return ['No test results were reported.'];
    const parts = [`${h} Tests`, (0,summary/* testsTable */.kS)(read.tests)];
    const failed = (0,summary/* failedTests */.T9)(read.tests);
    if (failed.length > 0) {
        const annotated = reportFailures(ctx, failed, budget);
        const withFile = failed.filter((t) => annotationOf(t) !== undefined).length;
        parts.push(`${h} Failed tests`, (0,summary/* failedTestsTable */.l1)(failed));
        if (withFile > annotated) {
            parts.push(`${annotated} failed tests are annotated on their files; ${withFile - annotated} more with a file ` +
                `are listed here only (at most ${MAX_ANNOTATIONS} annotations per step).`);
        }
    }
    return parts;
}
/** Builds whose failed steps' output one step reads at most; the others' failures are named by their outcome. */
const MAX_FAILURE_REPORTS = 5;
const NOTHING_SHOWN = { failedStep: undefined, summary: '' };
/** Shows why a build did not pass (reportFailedSteps); a failure to read it is a warning, never the verdict. */
async function showFailedSteps(ctx, { client, project, transport }, build, lines, budget) {
    const num = build.build_num;
    try {
        const full = Array.isArray(build.steps) ? build : await client.build(project, num);
        const steps = await (0,step_output/* collectFailedSteps */.P4)({
            transport,
            build: full,
            lines,
            refresh: () => client.build(project, num),
            signal: ctx.signal,
            log: (level, message) => (level === 'debug' ? ctx.io.debug((0,runner_text/* logSafe */.sN)(message)) : ctx.info(message)),
        });
        if (ctx.signal.aborted)
            return NOTHING_SHOWN;
        // The runner masks secrets only where they appear whole; a line cut through one must not show a part.
        const annotate = budget.remaining > 0;
        const shown = reportFailedSteps(ctx.io, full, steps, { secrets: ctx.secrets, annotate });
        if (shown.failedStep !== undefined && annotate)
            budget.remaining--;
        return shown;
    }
    catch (error) {
        if (error instanceof errors/* AbortedError */.oM || ctx.signal.aborted)
            return NOTHING_SHOWN;
        ctx.io.warning((0,runner_text/* logSafe */.sN)(`Could not read the steps of build #${num}: ${error.message}`));
        return NOTHING_SHOWN;
    }
}


/***/ }),

/***/ 8721:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ describeState),
/* harmony export */   c: () => (/* binding */ followBuild)
/* harmony export */ });
/* harmony import */ var _api_records_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5942);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8537);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2249);



/**
 * Looks at the build until it finishes, the deadline passes or the step is cancelled (then it rejects with the
 * abort reason). `seen` receives every record read, so the caller always knows the last state.
 */
async function followBuild(ctx, { client, project }, first, options, seen) {
    const num = first.build_num;
    let previous = first;
    if ((0,_api_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isFinished */ .$g)(first))
        return { done: true };
    const look = async () => {
        const build = await client.build(project, num);
        seen(build);
        const changed = build.status !== previous.status || build.lifecycle !== previous.lifecycle;
        previous = build;
        if ((0,_api_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isFinished */ .$g)(build))
            return { done: true, value: build };
        if (!changed)
            return { done: false };
        ctx.info(`Build #${num} is ${describeState(build)}`);
        return { done: false, logged: true };
    };
    const result = await (0,_poll_js__WEBPACK_IMPORTED_MODULE_1__/* .poll */ .wt)({
        clock: ctx.clock,
        signal: ctx.signal,
        intervalMs: options.intervalMs,
        deadline: options.deadline,
        onHeartbeat: ({ looks, elapsedMs }) => ctx.info(`Build #${num} is still ${describeState(previous)} after ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(elapsedMs)} (${looks} looks)`),
        onFailure: (error, { failures, nextInMs }) => ctx.info(`Could not look at build #${num} (${error.message}); looking again in ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(nextInMs)} ` +
            `(failure ${failures} in a row)`),
    }, look);
    if (result.done || result.error === undefined)
        return { done: result.done };
    return { done: false, error: result.error };
}
/** `running (status running)`, or just `queued` when both say the same. */
function describeState(build) {
    const lifecycle = build.lifecycle ?? 'in an unknown state';
    return build.status && build.status !== build.lifecycle
        ? `${lifecycle} (status ${build.status})`
        : lifecycle;
}


/***/ }),

/***/ 5963:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $c: () => (/* binding */ v11Connection),
/* harmony export */   Gf: () => (/* binding */ decidingBuild),
/* harmony export */   Np: () => (/* binding */ gateBuilds),
/* harmony export */   a4: () => (/* binding */ readIfNoBuilds),
/* harmony export */   gD: () => (/* binding */ gatePipeline),
/* harmony export */   yN: () => (/* binding */ pipelineSource)
/* harmony export */ });
/* harmony import */ var _api_clock_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7634);
/* harmony import */ var _api_commit_builds_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6677);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1013);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_15__ = __webpack_require__(2249);
/* harmony import */ var _api_name_patterns_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8729);
/* harmony import */ var _api_pipeline_builds_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(260);
/* harmony import */ var _api_pipelines_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(103);
/* harmony import */ var _api_projects_v2_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7681);
/* harmony import */ var _api_records_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5942);
/* harmony import */ var _build_report_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(616);
/* harmony import */ var _follow_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(8721);
/* harmony import */ var _outcomes_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(2049);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(8537);
/* harmony import */ var _summary_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(2970);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(8999);
/* harmony import */ var _wait_loops_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(7123);
// The gate of trigger-build (`wait`) and wait-for-build: waits for builds (one by number, a commit's, or a
// pipeline's), judges them under the outcome policy, shows why they failed and their tests, and sets the outputs
// and the summary.
















/** Reads `if-no-builds`: what to do when nothing ran (wait-for-build's and trigger-build's input alike). */
function readIfNoBuilds(inputs) {
    return inputs.oneOf('if-no-builds', _wait_loops_js__WEBPACK_IMPORTED_MODULE_14__/* .IF_NO_BUILDS */ .wJ, 'fail');
}
/**
 * Waits for builds (one by number, a commit's, or a source's), then fails the step unless each ended with an
 * allowed outcome; shows why builds failed, their tests, the outputs and the summary. Shared with trigger-build,
 * which follows a pipeline's builds through it.
 */
async function gateBuilds(ctx, connection, input, options) {
    const { started, deadline } = options;
    let builds = [];
    let ending = { kind: 'cancelled' };
    const tests = new Map();
    const failures = new Map();
    // One budget of error annotations for the failed steps and the failed tests of every build.
    const budget = new _build_report_js__WEBPACK_IMPORTED_MODULE_8__/* .AnnotationBudget */ .TL();
    /** The ended workflows' own statuses, part of the verdict. */
    let workflows = [];
    try {
        try {
            ending =
                input.buildNum === undefined
                    ? await (0,_wait_loops_js__WEBPACK_IMPORTED_MODULE_14__/* .waitForCommit */ .CP)(ctx, connection, input, deadline, (b) => {
                        builds = b;
                        options.seen?.(b);
                    })
                    : await (0,_wait_loops_js__WEBPACK_IMPORTED_MODULE_14__/* .waitForOne */ .z9)(ctx, v11Connection(connection), input.buildNum, input, deadline, (b) => (builds = [b]));
        }
        catch (error) {
            if (ctx.signal.aborted || error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .AbortedError */ .oM) {
                ending = { kind: 'cancelled' };
                if (options.onAbort !== undefined && ctx.signal.aborted) {
                    const what = await options.onAbort(builds);
                    ending = { kind: 'cancelled', what };
                    throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .AbortedError */ .oM(`${(0,_api_clock_js__WEBPACK_IMPORTED_MODULE_0__/* .abortReason */ .Js)(ctx.signal).message}; ${what}`);
                }
                throw error;
            }
            ending = { kind: 'gave-up', why: error.message };
            if (error instanceof _poll_js__WEBPACK_IMPORTED_MODULE_11__/* .PollFailedError */ .f5) {
                throw new _poll_js__WEBPACK_IMPORTED_MODULE_11__/* .WaitError */ .uf(`Gave up waiting for the builds of ${describeTarget(input)}: ${error.message}; they may still be running`, { cause: error });
            }
            throw error;
        }
        const waited = ending;
        if (waited.kind === 'not-found' && waited.none) {
            ending = ranNothing(ctx, input, waited.why);
            return builds;
        }
        if (waited.kind !== 'finished' && waited.kind !== 'cancelled')
            throw new _poll_js__WEBPACK_IMPORTED_MODULE_11__/* .WaitError */ .uf((0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .logSafe */ .sN)(waited.why));
        if (waited.kind === 'finished')
            workflows = waited.workflows ?? [];
        for (const w of workflows) {
            if (w.status !== 'success')
                ctx.info(`Workflow ${w.name} ended with status ${w.status}`);
        }
        // A skipped build ran no step and no test: there is nothing to show of it.
        const unsuccessful = builds.filter((b) => !['success', 'not_run'].includes((0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .outcomeOf */ .sG)(b)));
        // Reads after the verdict stop at the step's deadline: the verdict stands without them.
        let saidLate = false;
        const late = () => {
            if (ctx.clock.now() < deadline)
                return false;
            if (!saidLate)
                ctx.info(`The step's time-out came: the remaining failure logs and tests are not read`);
            saidLate = true;
            return true;
        };
        for (const build of unsuccessful.slice(0, _build_report_js__WEBPACK_IMPORTED_MODULE_8__/* .MAX_FAILURE_REPORTS */ .sT)) {
            if (late())
                break;
            failures.set(build.build_num, await failureOf(ctx, connection, build, input.failureLogLines, budget));
        }
        for (const build of unsuccessful) {
            if (late())
                break;
            tests.set(build.build_num, await (0,_build_report_js__WEBPACK_IMPORTED_MODULE_8__/* .readTests */ .iv)(ctx, connection, build));
        }
        const failing = builds.filter((b) => !(0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .passes */ .WE)(input.policy, (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .outcomeOf */ .sG)(b)));
        // A workflow's own status counts as a build's outcome would: it may have failed before making a job.
        // One whose failing build already says why is not said again.
        const failingWorkflows = workflows.filter((w) => !(0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .passes */ .WE)(input.policy, (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .workflowOutcome */ .WM)(w.status)) &&
            !failing.some((b) => b.workflows?.['workflow_id'] === w.id || (0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_1__/* .jobOf */ .Zw)(b).workflow === w.name));
        if (failing.length > 0 || failingWorkflows.length > 0)
            throw new _poll_js__WEBPACK_IMPORTED_MODULE_11__/* .WaitError */ .uf((0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .logSafe */ .sN)(failureMessage(input, builds, failing, failingWorkflows)));
        if (waited.kind === 'finished' && waited.nothing !== undefined) {
            ending = { kind: 'not-found', why: waited.nothing, none: true };
            ending = ranNothing(ctx, input, waited.nothing);
            return builds;
        }
        const worst = worstOf(builds, workflows);
        if (worst === 'success') {
            ctx.info(`${builds.length === 1 ? 'The build' : `All ${builds.length} builds`} of ${describeTarget(input)} succeeded`);
        }
        else {
            ctx.info(`The builds of ${describeTarget(input)} ended with outcome '${worst}', which allowed-outcomes ` +
                `(${(0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .describePolicy */ .wy)(input.policy)}) lets pass`);
        }
    }
    finally {
        setOutputs(ctx, input, { builds, workflows }, failures, ending, options);
        await writeSummary(ctx, input, { builds, workflows }, ending, { tests, failures, budget }, ctx.clock.now() - started);
    }
    return builds;
}
/** The connection for a call only v1.1 has: a project named by its slug takes the v2 paths before it gets here. */
function v11Connection(connection) {
    const { project } = connection;
    if ('slug' in project)
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ValidationError */ .yI('project-slug', 'this call has no API v2 form, so such a project cannot be reached');
    return { ...connection, project };
}
/** One pipeline as the gate's source, its jobs read as the project allows (jobReader). */
function pipelineSource(ctx, connection, pipeline, times) {
    const { client, transport, project } = connection;
    return new _api_pipeline_builds_js__WEBPACK_IMPORTED_MODULE_4__/* .PipelineBuilds */ .E6((0,_api_pipeline_builds_js__WEBPACK_IMPORTED_MODULE_4__/* .jobReader */ .Ps)(client, new _api_projects_v2_js__WEBPACK_IMPORTED_MODULE_6__/* .ProjectsV2 */ .lv(transport), project), new _api_pipelines_js__WEBPACK_IMPORTED_MODULE_5__/* .Pipelines */ .Cw(transport), pipeline, {
        now: () => ctx.clock.now(),
        ...times,
    });
}
/**
 * Gates one pipeline (trigger-build's, or wait-for-build's `pipeline-id`): its builds, then its jobs that ended
 * without a build, which fail it unless the policy allows their status, as a deploy that never ran is no deploy.
 */
async function gatePipeline(ctx, connection, input, options) {
    const { source } = input;
    const chosen = () => source.unbuilt.filter((j) => (0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_3__/* .choosesName */ .Cx)(input.workflows, j.workflow) && (0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_3__/* .choosesName */ .Cx)(input.jobs, j.job));
    const builds = await gateBuilds(ctx, connection, input, {
        ...options,
        moreRows: () => chosen().map((j) => ({
            build_num: null,
            build_url: null,
            job: j.job,
            workflow: j.workflow,
            status: j.status,
            outcome: null,
        })),
    });
    const stopped = chosen().filter((j) => !(0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .passes */ .WE)(input.policy, j.status));
    if (stopped.length > 0) {
        const list = stopped.map((j) => `job ${j.job} of workflow ${j.workflow} ended ${j.status}`).join(', ');
        throw new _poll_js__WEBPACK_IMPORTED_MODULE_11__/* .WaitError */ .uf((0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .logSafe */ .sN)(`${(0,_wait_loops_js__WEBPACK_IMPORTED_MODULE_14__/* .scopeOf */ .Od)(input).replace(/^./u, (c) => c.toUpperCase())}: ${list}, without running`));
    }
    return builds;
}
/**
 * Why a build did not pass: its failed steps (v1.1); a job of a project named by its slug has no step output
 * through v2, so one line points to its page instead.
 */
function failureOf(ctx, connection, build, lines, budget) {
    const { project } = connection;
    if (!('slug' in project))
        return (0,_build_report_js__WEBPACK_IMPORTED_MODULE_8__/* .showFailedSteps */ .An)(ctx, v11Connection(connection), build, lines, budget);
    const url = build.build_url ?? '';
    if (lines > 0 && url !== '')
        ctx.info(`Job ${(0,_wait_loops_js__WEBPACK_IMPORTED_MODULE_14__/* .label */ .Pf)(build)} ended ${build.status ?? 'unknown'}: API v2 has no step output; its log is at ${url}`);
    return Promise.resolve({
        failedStep: undefined,
        summary: url === '' ? '' : (0,_summary_js__WEBPACK_IMPORTED_MODULE_12__/* .mdLink */ .YF)("The job's page shows its log", url),
    });
}
/**
 * Nothing ran (no build appeared, or a pipeline made no job): `if-no-builds` decides, and it is never a success.
 */
function ranNothing(ctx, input, why) {
    if (input.ifNoBuilds === 'fail')
        throw new _poll_js__WEBPACK_IMPORTED_MODULE_11__/* .WaitError */ .uf((0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .logSafe */ .sN)(why.charAt(0).toUpperCase() + why.slice(1)));
    // Nothing to wait for (a commit the service skipped or filtered out), and the workflow says that is fine.
    const text = `${why}; going on with outcome 'none' (if-no-builds: ${input.ifNoBuilds})`;
    if (input.ifNoBuilds === 'warn')
        ctx.io.warning((0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .logSafe */ .sN)(text));
    else
        ctx.info((0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .logSafe */ .sN)(text));
    return { kind: 'none', why };
}
/** The worst outcome of the builds and of the workflows' own statuses. */
function worstOf(builds, workflows) {
    return (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .worstOutcome */ .Om)([...builds.map(_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .outcomeOf */ .sG), ...workflows.map((w) => (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .workflowOutcome */ .WM)(w.status))]);
}
/** The build that decided a verdict: the first that did not pass, else the newest. */
function decidingBuild(builds, policy) {
    return builds.find((b) => !(0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .passes */ .WE)(policy, (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .outcomeOf */ .sG)(b))) ?? newest(builds);
}
function newest(builds) {
    return builds.reduce((found, b) => (found === undefined || b.build_num > found.build_num ? b : found), undefined);
}
function describeTarget(input) {
    return input.buildNum === undefined ? (0,_wait_loops_js__WEBPACK_IMPORTED_MODULE_14__/* .scopeOf */ .Od)(input) : `build #${input.buildNum}`;
}
function failureMessage(input, builds, failing, workflows) {
    const how = (b) => {
        const outcome = (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .outcomeOf */ .sG)(b);
        if (outcome === 'not_run')
            return `outcome 'not_run': the service skipped it`;
        return outcome
            ? `outcome '${outcome}' (status ${b.status ?? 'unknown'})`
            : `no outcome (status ${b.status ?? 'unknown'}, lifecycle ${b.lifecycle ?? 'unknown'})`;
    };
    const allowed = input.policy.allowed.size > 1 ? `; allowed: ${(0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .describePolicy */ .wy)(input.policy)}` : '';
    const ofWorkflow = (w) => {
        const outcome = (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .workflowOutcome */ .WM)(w.status);
        const as = outcome && outcome !== w.status ? ` (outcome '${outcome}')` : '';
        return `workflow ${w.name} ended with status '${w.status}'${as}${w.stopped ? ` (${w.stopped.join(', ')})` : ''}`;
    };
    if (workflows.length > 0) {
        const list = [
            ...workflows.map(ofWorkflow),
            ...failing.map((b) => `build ${(0,_wait_loops_js__WEBPACK_IMPORTED_MODULE_14__/* .label */ .Pf)(b)} ended with ${how(b)}`),
        ];
        const text = `${list.join(', ')}${allowed}`;
        return `${describeTarget(input).replace(/^./u, (c) => c.toUpperCase())} did not pass: ${text}`;
    }
    const [only] = failing;
    if (failing.length === 1 && only !== undefined) {
        const where = only.build_url ? `: ${only.build_url}` : '';
        const of = builds.length > 1 ? ` of ${builds.length} builds of ${(0,_wait_loops_js__WEBPACK_IMPORTED_MODULE_14__/* .scopeOf */ .Od)(input)}` : '';
        return `Build ${(0,_wait_loops_js__WEBPACK_IMPORTED_MODULE_14__/* .label */ .Pf)(only)}${of} ended with ${how(only)}${allowed}${where}`;
    }
    const list = failing.map((b) => `${(0,_wait_loops_js__WEBPACK_IMPORTED_MODULE_14__/* .label */ .Pf)(b)} ${how(b)}`).join(', ');
    return `${failing.length} of ${builds.length} builds of ${describeTarget(input)} did not pass: ${list}${allowed}`;
}
function setOutputs(ctx, input, { builds, workflows }, failures, ending, options) {
    const [onlyJob] = input.jobs;
    const ofJob = input.jobs.length === 1 && onlyJob !== undefined && !onlyJob.negated
        ? builds.filter((b) => onlyJob.test((0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_1__/* .jobOf */ .Zw)(b).job ?? ''))
        : [...builds];
    const main = options.buildNum === 'deciding' && builds.every(_api_records_js__WEBPACK_IMPORTED_MODULE_7__/* .isFinished */ .$g)
        ? decidingBuild(ofJob, input.policy)
        : newest(ofJob);
    ctx.setOutput('build-num', main?.build_num ?? '');
    ctx.setOutput('build-url', (0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .shellSafeUrl */ .NO)(main?.build_url ?? ''));
    ctx.setOutput('outcome', ending.kind === 'none'
        ? 'none'
        : !(ending.kind === 'not-found' && ending.none) &&
            builds.length + workflows.length > 0 &&
            builds.every(_api_records_js__WEBPACK_IMPORTED_MODULE_7__/* .isFinished */ .$g)
            ? (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .outputWord */ .u)(ctx.info, 'outcome', worstOf(builds, workflows))
            : '');
    const rows = builds.map((b) => {
        const { job, workflow } = (0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_1__/* .jobOf */ .Zw)(b);
        return {
            build_num: b.build_num,
            build_url: b.build_url ? (0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .shellSafeUrl */ .NO)(b.build_url) : null,
            job: job ?? null,
            workflow: workflow ?? null,
            status: b.status ?? null,
            outcome: (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .outcomeOf */ .sG)(b) || null,
        };
    });
    ctx.setOutput('builds', rows.concat(options.moreRows?.() ?? []));
    const firstFailed = builds.find((b) => failures.get(b.build_num)?.failedStep !== undefined);
    ctx.setOutput('failed-step', (firstFailed && failures.get(firstFailed.build_num)?.failedStep) ?? '');
}
async function writeSummary(ctx, input, { builds, workflows }, ending, reports, elapsedMs) {
    const title = input.buildNum === undefined ? `Builds of ${(0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .mdSafe */ .$v)((0,_wait_loops_js__WEBPACK_IMPORTED_MODULE_14__/* .scopeOf */ .Od)(input), 200)}` : `Build #${input.buildNum}`;
    const parts = [`### ${title}`];
    const worst = ending.kind === 'none'
        ? 'none'
        : !(ending.kind === 'not-found' && ending.none) &&
            builds.length + workflows.length > 0 &&
            builds.every(_api_records_js__WEBPACK_IMPORTED_MODULE_7__/* .isFinished */ .$g)
            ? (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .showOutcome */ .Kg)(worstOf(builds, workflows))
            : '';
    const facts = [
        `**Waited:** ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_15__/* .formatDuration */ .a3)(elapsedMs)}`,
        `**Allowed:** ${(0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .mdSafe */ .$v)((0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .describePolicy */ .wy)(input.policy))}`,
    ];
    if (worst)
        facts.unshift(`**Outcome:** ${(0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .mdSafe */ .$v)(worst, 50)}`);
    parts.push(facts.join(' · '));
    if (builds.length > 0)
        parts.push(buildsTable(builds));
    const unsuccessful = workflows.filter((w) => w.status !== 'success');
    if (unsuccessful.length > 0)
        parts.push(unsuccessful
            .map((w) => `- Workflow ${(0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .mdSafe */ .$v)(w.name, 100)} ended with status ${(0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .mdSafe */ .$v)(w.status, 50)}`)
            .join('\n'));
    switch (ending.kind) {
        case 'finished':
            break;
        case 'cancelled':
            parts.push(ending.what === undefined
                ? 'The step was cancelled; the builds were left as they were (this action cancels nothing).'
                : `The step was cancelled: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .mdSafe */ .$v)(ending.what, 1000)}.`);
            break;
        case 'timed-out':
        case 'gave-up':
        case 'not-found':
            parts.push((0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .mdSafe */ .$v)(ending.why, 1000));
            break;
        case 'none':
            parts.push(`${(0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .mdSafe */ .$v)(ending.why, 1000)}; nothing to wait for (if-no-builds: ${input.ifNoBuilds}).`);
            break;
    }
    for (const build of builds) {
        const read = reports.tests.get(build.build_num);
        if (read === undefined)
            continue;
        const { job } = (0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_1__/* .jobOf */ .Zw)(build);
        const name = `Build #${build.build_num}${job === undefined ? '' : ` · ${(0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .mdSafe */ .$v)(job, 100)}`}`;
        // Built, not replaced: a replacement string would read `$'` and the like in a job's name.
        const heading = (0,_summary_js__WEBPACK_IMPORTED_MODULE_12__/* .mdLink */ .YF)(name, build.build_url);
        parts.push(`#### ${heading}: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .mdSafe */ .$v)((0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .showOutcome */ .Kg)((0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .outcomeOf */ .sG)(build)) || (0,_follow_js__WEBPACK_IMPORTED_MODULE_9__/* .describeState */ .J)(build), 50)}`);
        const failure = reports.failures.get(build.build_num)?.summary;
        if (failure)
            parts.push(failure);
        parts.push(...(0,_build_report_js__WEBPACK_IMPORTED_MODULE_8__/* .testsSection */ .FK)(ctx, read, reports.budget, 5));
    }
    await (0,_summary_js__WEBPACK_IMPORTED_MODULE_12__/* .appendSummary */ .fe)(ctx.io, parts.join('\n\n'));
}
/** One row per build: the build (linked), job, workflow, status, outcome, duration. */
function buildsTable(builds) {
    const lines = ['| Build | Job | Workflow | Status | Outcome | Duration |', '|---|---|---|---|---|---|'];
    for (const b of builds) {
        const { job, workflow } = (0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_1__/* .jobOf */ .Zw)(b);
        const duration = (0,_summary_js__WEBPACK_IMPORTED_MODULE_12__/* .buildDurationMs */ .xD)(b);
        const cells = [
            (0,_summary_js__WEBPACK_IMPORTED_MODULE_12__/* .buildLink */ .hL)(b),
            (0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .mdSafe */ .$v)(job ?? '', 100),
            (0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .mdSafe */ .$v)(workflow ?? '', 100),
            (0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .mdSafe */ .$v)(b.status ?? '', 50),
            (0,_text_js__WEBPACK_IMPORTED_MODULE_13__/* .mdSafe */ .$v)((0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .showOutcome */ .Kg)((0,_outcomes_js__WEBPACK_IMPORTED_MODULE_10__/* .outcomeOf */ .sG)(b)), 50),
            duration === undefined ? '' : (0,_api_format_js__WEBPACK_IMPORTED_MODULE_15__/* .formatDuration */ .a3)(duration),
        ];
        lines.push(`| ${cells.join(' | ')} |`);
    }
    return lines.join('\n');
}


/***/ }),

/***/ 7123:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CP: () => (/* binding */ waitForCommit),
/* harmony export */   Od: () => (/* binding */ scopeOf),
/* harmony export */   Pf: () => (/* binding */ label),
/* harmony export */   wJ: () => (/* binding */ IF_NO_BUILDS),
/* harmony export */   z9: () => (/* binding */ waitForOne)
/* harmony export */ });
/* harmony import */ var _follow_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8721);
/* harmony import */ var _outcomes_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2049);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8537);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8999);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(2249);
/* harmony import */ var _api_commit_builds_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6677);
/* harmony import */ var _api_name_patterns_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8729);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(1013);
/* harmony import */ var _api_pipeline_builds_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(260);
/* harmony import */ var _api_projects_v2_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(7681);
/* harmony import */ var _api_records_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(5942);
/* harmony import */ var _api_v2_records_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(4957);
// The waits: one build followed by number, or a commit's builds looked at until every one has ended.












const IF_NO_BUILDS = ['fail', 'warn', 'pass'];
/** `#12 (job test)`, for the log and errors. */
function label(build) {
    const { job } = (0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_4__/* .jobOf */ .Zw)(build);
    return `#${build.build_num}${job === undefined ? '' : ` (job ${job})`}`;
}
/** `commit 1a2b3c4 on branch main, workflow ci, jobs build, test` */
function scopeOf(input) {
    if (input.label !== undefined)
        return input.label;
    const parts = [
        input.query.revision === '' ? 'the newest commit' : `commit ${input.query.revision.slice(0, 12)}`,
    ];
    if (input.query.branch !== undefined)
        parts[0] += ` on branch ${input.query.branch}`;
    if (input.workflows.length > 0)
        parts.push(`${input.workflows.length > 1 ? 'workflows' : 'workflow'} ${(0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_5__/* .describePatterns */ .BL)(input.workflows)}`);
    if (input.jobs.length > 0)
        parts.push(`${input.jobs.length > 1 ? 'jobs' : 'job'} ${(0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_5__/* .describePatterns */ .BL)(input.jobs)}`);
    return parts.join(', ');
}
/** build-num mode: follows that one build, as trigger-build follows the build it triggered. */
async function waitForOne(ctx, connection, num, input, deadline, seen) {
    const first = await connection.client.build(connection.project, num);
    seen(first);
    let last = first;
    const where = first.build_url ? `: ${first.build_url}` : '';
    ctx.info(`Waiting for build #${num} (now ${(0,_follow_js__WEBPACK_IMPORTED_MODULE_0__/* .describeState */ .J)(first)}) to end: a look every ` +
        `${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(input.intervalMs)}, for at most ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(input.timeoutMs)}${where}`);
    const result = await (0,_follow_js__WEBPACK_IMPORTED_MODULE_0__/* .followBuild */ .c)(ctx, connection, first, { intervalMs: input.intervalMs, deadline }, (b) => {
        last = b;
        seen(b);
    });
    if (result.done)
        return { kind: 'finished' };
    const why = result.error ? ` (${result.error.message})` : '';
    return {
        kind: 'timed-out',
        why: `Build #${num} did not end within ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(input.timeoutMs)}${why}; it was left ${(0,_follow_js__WEBPACK_IMPORTED_MODULE_0__/* .describeState */ .J)(last)}${where}`,
    };
}
/** The list mode: finds the commit's builds look after look until every one has ended and none is to come. */
async function waitForCommit(ctx, { client, project, transport }, input, deadline, seen) {
    const { clock } = ctx;
    const started = clock.now();
    let scope = scopeOf(input);
    const pipelines = new _api_projects_v2_js__WEBPACK_IMPORTED_MODULE_8__/* .ProjectsV2 */ .lv(transport);
    // A project named by its slug has no v1.1 build list: its commit's pipelines are followed through v2.
    const scan = () => 'slug' in project
        ? new _api_pipeline_builds_js__WEBPACK_IMPORTED_MODULE_7__/* .SlugCommitBuilds */ .qJ(pipelines, project, input.query, (0,_api_pipeline_builds_js__WEBPACK_IMPORTED_MODULE_7__/* .jobReader */ .Ps)(client, pipelines, project), {
            now: () => clock.now(),
            settleMs: input.settleMs,
            emptyMs: input.appearMs,
        })
        : new _api_commit_builds_js__WEBPACK_IMPORTED_MODULE_4__/* .CommitBuilds */ .J_(client, project, { ...input.query }, { now: started });
    let commit = input.source ?? (input.query.revision === '' && !('slug' in project) ? undefined : scan());
    ctx.info(`Waiting for the builds of ${scope}: a look every ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(input.intervalMs)}, for at most ` +
        `${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(input.timeoutMs)}` +
        (input.source === undefined ? `; a build must appear within ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(input.appearMs)}` : ''));
    let current = [];
    /** Every build of the commit the last look saw, counted or not. */
    let everything = new Map();
    /** The last time a build appeared or ended: the appear and settle times count from it. */
    let lastChange = started;
    let warnedTruncated = false;
    let failure;
    let ended = { workflows: [] };
    /** Set once API v2 refused a workflow read (none here, or the token): the builds alone decide. */
    let noV2 = false;
    /**
     * Reads once each workflow the builds name (API v2), for its own status: a workflow cancelled or failed before
     * its other jobs were made shows only builds that passed. Answers whether one of them still runs or waits.
     */
    const readWorkflows = async (builds) => {
        // With `job`, the jobs chosen decide: their workflow's status speaks for the other jobs too.
        if (input.jobs.length > 0)
            return false;
        const ids = new Set();
        for (const build of builds) {
            const id = build.workflows?.['workflow_id'];
            if ((0,_api_v2_records_js__WEBPACK_IMPORTED_MODULE_10__/* .isV2Id */ .IN)(id))
                ids.add(id);
        }
        const found = [];
        for (const id of ids) {
            if (noV2)
                break;
            try {
                const workflow = await pipelines.workflow(id);
                if (workflow.status === 'on_hold' || workflow.status === 'running') {
                    ctx.info(`Workflow ${workflow.name} is ${workflow.status}: waiting for it to end`);
                    return true;
                }
                found.push({ id, name: workflow.name, status: workflow.status });
            }
            catch (error) {
                // No API v2 here, or a token it does not take: the builds alone decide.
                if (!(error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .ApiError */ .hD) || ![401, 403, 404].includes(error.status))
                    throw error;
                noV2 = true;
                ctx.info(`The service answered ${error.status} for a workflow through API v2 (${error.message}): the builds ` +
                    `alone decide`);
            }
        }
        ended = { workflows: noV2 ? [] : found };
        return false;
    };
    /** The commit is the one of the branch's newest build (`branch` alone on an issue_comment event). */
    const resolve = async () => {
        if ('slug' in project)
            return undefined;
        const [newest] = await client.builds(project, { branch: input.query.branch ?? '', limit: 1 });
        const revision = typeof newest?.vcs_revision === 'string' ? newest.vcs_revision.toLowerCase() : '';
        if (newest === undefined || !/^[0-9a-f]{7,64}$/u.test(revision))
            return undefined;
        input.query.revision = revision;
        scope = scopeOf(input);
        ctx.info(`The newest build of branch ${input.query.branch ?? ''} is #${newest.build_num}: waiting for ${scope}`);
        return scan();
    };
    const look = async () => {
        commit ??= await resolve();
        const scanned = commit === undefined ? { builds: [], truncated: false } : await commit.look();
        const { truncated, complete, notes } = scanned;
        // Workflows left out by `workflow` do not count; with `job`, the jobs chosen decide, as for a commit.
        ended = {
            workflows: input.jobs.length > 0
                ? []
                : (scanned.workflows ?? []).filter((w) => (0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_5__/* .choosesName */ .Cx)(input.workflows, w.name)),
            ...(scanned.nothing === undefined ? {} : { nothing: scanned.nothing }),
        };
        // Builds of other workflows are not followed at all.
        const all = scanned.builds.filter((b) => (0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_5__/* .choosesName */ .Cx)(input.workflows, (0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_4__/* .jobOf */ .Zw)(b).workflow));
        const now = clock.now();
        if (truncated && !warnedTruncated) {
            warnedTruncated = true;
            ctx.io.warning((0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .logSafe */ .sN)(`The project's build list is long: the look read its newest pages only, as far as a look may`));
        }
        // With `job`, every build of the commit is still followed: while any runs, a matching job may yet appear.
        const counted = all.filter((b) => (0,_api_name_patterns_js__WEBPACK_IMPORTED_MODULE_5__/* .choosesName */ .Cx)(input.jobs, (0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_4__/* .jobOf */ .Zw)(b).job));
        let logged = false;
        for (const note of notes ?? []) {
            ctx.info(note);
            logged = true;
        }
        for (const build of all) {
            const old = everything.get(build.build_num);
            const { job, workflow } = (0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_4__/* .jobOf */ .Zw)(build);
            const aside = counted.includes(build) ? '' : ' (not counted: job does not match)';
            if (old === undefined) {
                const what = job === undefined ? '' : `: job ${job}${workflow === undefined ? '' : ` of workflow ${workflow}`}`;
                const retry = typeof build.retry_of === 'number' ? `, a retry of #${build.retry_of}` : '';
                ctx.info(`Build #${build.build_num} appeared${what}${retry}, ${(0,_follow_js__WEBPACK_IMPORTED_MODULE_0__/* .describeState */ .J)(build)}${aside}`);
                lastChange = now;
                logged = true;
            }
            else if ((0,_api_records_js__WEBPACK_IMPORTED_MODULE_9__/* .isFinished */ .$g)(build) && !(0,_api_records_js__WEBPACK_IMPORTED_MODULE_9__/* .isFinished */ .$g)(old)) {
                ctx.info(`Build ${label(build)} ended: ${(0,_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .showOutcome */ .Kg)((0,_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .outcomeOf */ .sG)(build)) || (0,_follow_js__WEBPACK_IMPORTED_MODULE_0__/* .describeState */ .J)(build)}`);
                lastChange = now;
                logged = true;
            }
            else if (build.lifecycle !== old.lifecycle) {
                ctx.info(`Build ${label(build)} is ${(0,_follow_js__WEBPACK_IMPORTED_MODULE_0__/* .describeState */ .J)(build)}`);
                logged = true;
            }
        }
        everything = new Map(all.map((b) => [b.build_num, b]));
        current = counted;
        seen(counted);
        const builds = counted;
        // A source that knows when it is complete needs neither the appear time nor the settle time.
        if (complete !== undefined) {
            return complete && builds.every(_api_records_js__WEBPACK_IMPORTED_MODULE_9__/* .isFinished */ .$g) ? { done: true, value: builds } : { done: false, logged };
        }
        if (builds.length === 0 && input.named.length === 0) {
            // Nothing that counts has appeared; while other builds of the commit run, a matching job may yet come.
            if (!all.every(_api_records_js__WEBPACK_IMPORTED_MODULE_9__/* .isFinished */ .$g))
                return { done: false, logged };
            const appearLeft = lastChange + input.appearMs - now;
            if (appearLeft <= 0) {
                failure = {
                    kind: 'not-found',
                    why: `No build of ${scope} appeared within ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(input.appearMs)}`,
                    none: true,
                };
                return { done: true, value: builds };
            }
            return { done: false, logged, nextInMs: Math.min(input.intervalMs, appearLeft) };
        }
        if (!builds.every(_api_records_js__WEBPACK_IMPORTED_MODULE_9__/* .isFinished */ .$g))
            return { done: false, logged };
        const missing = input.named.filter((p) => !builds.some((b) => p.test((0,_api_commit_builds_js__WEBPACK_IMPORTED_MODULE_4__/* .jobOf */ .Zw)(b).job ?? '')));
        if (missing.length > 0) {
            if (!all.every(_api_records_js__WEBPACK_IMPORTED_MODULE_9__/* .isFinished */ .$g))
                return { done: false, logged };
            const appearLeft = lastChange + input.appearMs - now;
            if (appearLeft <= 0) {
                const names = missing.map((m) => `'${m.body}'`).join(', ');
                const seenText = all.length === 0
                    ? ''
                    : ` after the other builds ended (seen: ${all.map((b) => `${label(b)} ${(0,_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .outcomeOf */ .sG)(b) || (0,_follow_js__WEBPACK_IMPORTED_MODULE_0__/* .describeState */ .J)(b)}`).join(', ')})`;
                failure = {
                    kind: 'not-found',
                    why: `${missing.length > 1 ? 'Jobs' : 'Job'} ${names} of ${scope} did not appear within ` +
                        `${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(input.appearMs)}${seenText}`,
                    none: builds.length === 0,
                };
                return { done: true, value: builds };
            }
            return { done: false, logged, nextInMs: Math.min(input.intervalMs, appearLeft) };
        }
        // Jobs all named by name have appeared and ended; with patterns, a downstream job may still come: settle.
        const settleLeft = lastChange + input.settleMs - now;
        if ((input.jobs.length > 0 && input.named.length === input.jobs.length) || settleLeft <= 0) {
            if (await readWorkflows(builds))
                return { done: false, logged: true };
            return { done: true, value: builds };
        }
        if (logged)
            ctx.info(`Every build has ended; waiting ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(settleLeft)} for a downstream job`);
        return { done: false, logged, nextInMs: Math.min(input.intervalMs, settleLeft) };
    };
    const result = await (0,_poll_js__WEBPACK_IMPORTED_MODULE_2__/* .poll */ .wt)({
        clock,
        signal: ctx.signal,
        intervalMs: input.intervalMs,
        deadline,
        onHeartbeat: ({ looks, elapsedMs }) => ctx.info(`Still waiting after ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(elapsedMs)} (${looks} looks): ${tally(current)}`),
        onFailure: (error, { failures, nextInMs }) => ctx.info(`Could not look at the builds (${error.message}); looking again in ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(nextInMs)} ` +
            `(failure ${failures} in a row)`),
    }, look);
    if (failure !== undefined)
        return failure;
    if (result.done)
        return { kind: 'finished', ...ended };
    const why = result.error ? ` (${result.error.message})` : '';
    const open = current.filter((b) => !(0,_api_records_js__WEBPACK_IMPORTED_MODULE_9__/* .isFinished */ .$g)(b));
    const left = current.length === 0
        ? 'no build of it had appeared'
        : open.length > 0
            ? `left running: ${open.map((b) => `${label(b)} ${(0,_follow_js__WEBPACK_IMPORTED_MODULE_0__/* .describeState */ .J)(b)}`).join(', ')}`
            : 'every build had ended, but a named job had not appeared';
    return {
        kind: 'timed-out',
        why: `The builds of ${scope} did not end within ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_11__/* .formatDuration */ .a3)(input.timeoutMs)}${why}; ${left}`,
    };
}
/** `2 running, 1 queued, 3 ended`, or that none has appeared yet. */
function tally(builds) {
    if (builds.length === 0)
        return 'no build has appeared yet';
    const counts = new Map();
    for (const b of builds) {
        const state = (0,_api_records_js__WEBPACK_IMPORTED_MODULE_9__/* .isFinished */ .$g)(b) ? 'ended' : (b.lifecycle ?? 'unknown');
        counts.set(state, (counts.get(state) ?? 0) + 1);
    }
    return [...counts].map(([state, n]) => `${n} ${state}`).join(', ');
}


/***/ })

};
