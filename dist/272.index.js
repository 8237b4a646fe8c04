export const id = 272;
export const ids = [272];
export const modules = {

/***/ 2272:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  COMMANDS: () => (/* binding */ COMMANDS),
  general: () => (/* binding */ general),
  run: () => (/* binding */ general_run),
  spec: () => (/* binding */ spec)
});

// EXTERNAL MODULE: ../api/errors.ts
var errors = __webpack_require__(1013);
// EXTERNAL MODULE: ../api/pipeline-builds.ts
var pipeline_builds = __webpack_require__(260);
// EXTERNAL MODULE: ../api/pipelines.ts
var pipelines = __webpack_require__(103);
// EXTERNAL MODULE: ../api/records.ts
var records = __webpack_require__(5942);
// EXTERNAL MODULE: ../api/ssh.ts
var ssh = __webpack_require__(3534);
// EXTERNAL MODULE: ../api/validate.ts
var validate = __webpack_require__(1272);
// EXTERNAL MODULE: ../runner/run.ts + 6 modules
var run = __webpack_require__(6460);
// EXTERNAL MODULE: ../runner/trigger-api.ts
var trigger_api = __webpack_require__(3703);
// EXTERNAL MODULE: ../runner/summary.ts
var summary = __webpack_require__(2970);
// EXTERNAL MODULE: ../runner/text.ts
var runner_text = __webpack_require__(8999);
// EXTERNAL MODULE: ../runner/workflow.ts
var workflow = __webpack_require__(649);
// EXTERNAL MODULE: ../api/format.ts
var format = __webpack_require__(2249);
;// CONCATENATED MODULE: ./general/report.ts
// What the general action says came back, in one line for the log and the summary: a count for lists, a build's
// number and status, a key's fingerprint. Never a value: variables come back masked by the service, and every
// secret is redacted again on the way out.

const rows = (value) => (Array.isArray(value) ? value.map((v) => (isRow(v) ? v : {})) : []);
const isRow = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const report_text = (value) => typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
/** `2 success, 1 failed`: how many rows have each value of `field`. */
function counts(items, field) {
    const groups = Map.groupBy(items, (item) => report_text(item[field]) || 'unknown');
    return [...groups].map(([value, group]) => `${group.length} ${value}`).join(', ');
}
/** `build #12 (main, 1a2b3c4): running`, `build #12: success (finished)`. */
function describeBuild(build) {
    if (!isRow(build))
        return 'no build';
    const where = [report_text(build['branch']), report_text(build['vcs_revision'])?.slice(0, 7)].filter(Boolean).join(', ');
    const status = report_text(build['status']) ?? 'unknown status';
    const outcome = report_text(build['outcome']);
    const more = outcome !== undefined && outcome !== status ? ` (outcome ${outcome})` : '';
    const url = report_text(build['build_url']);
    return `build #${report_text(build['build_num']) ?? '?'}${where ? ` (${where})` : ''}: ${status}${more}${url ? `, ${url}` : ''}`;
}
/** The newest and oldest build numbers of a list, and how many of each status. */
function describeBuilds(builds) {
    const nums = builds.flatMap((b) => (typeof b['build_num'] === 'number' ? [b['build_num']] : []));
    if (nums.length === 0)
        return (0,format/* plural */.LS)(builds.length, 'build');
    // A fold, not a spread: a spread of a huge page overflows the stack.
    const newest = nums.reduce((a, b) => Math.max(a, b));
    const oldest = nums.reduce((a, b) => Math.min(a, b));
    return `${(0,format/* plural */.LS)(builds.length, 'build')}, #${newest} to #${oldest} (${counts(builds, 'status')})`;
}
/** `2 projects: a, b`: the count, and the first names. */
function describeList(items, noun, field) {
    const names = items.flatMap((i) => report_text(i[field]) ?? []);
    const more = names.length > 10 ? `, and ${names.length - 10} more` : '';
    const shown = names.length > 0 ? `: ${names.slice(0, 10).join(', ')}${more}` : '';
    return `${(0,format/* plural */.LS)(items.length, noun)}${shown}`;
}
/** The noun and the naming field of each command that answers a list. */
const LISTS = {
    projects: ['project', 'reponame'],
    artifacts: ['artifact', 'path'],
    'latest-artifacts': ['artifact', 'path'],
    'list-envvars': ['variable', 'name'],
    'list-checkout-keys': ['checkout key', 'fingerprint'],
};
const BUILD_COMMANDS = new Set(['build', 'trigger', 'retry', 'retry-no-cache', 'cancel', 'add-ssh-user']);
/** One line saying what the call answered. */
function describeResult(command, result) {
    const row = isRow(result) ? result : undefined;
    const list = LISTS[command];
    if (BUILD_COMMANDS.has(command))
        return describeBuild(result);
    if (list !== undefined)
        return Array.isArray(result) ? describeList(rows(result), ...list) : 'no list';
    switch (command) {
        case 'me':
            return row ? `signed in as ${report_text(row['login']) ?? '(no login)'}` : 'no user';
        case 'builds':
        case 'recent-builds':
            return Array.isArray(result) ? describeBuilds(rows(result)) : 'no list';
        case 'tests': {
            const tests = rows(row?.['tests']);
            return `${(0,format/* plural */.LS)(tests.length, 'test')}${tests.length > 0 ? ` (${counts(tests, 'result')})` : ''}`;
        }
        case 'get-envvar':
        case 'add-envvar':
            return row ? `variable ${report_text(row['name']) ?? '?'} (value hidden)` : 'no variable';
        case 'get-checkout-key':
        case 'create-checkout-key':
            return row
                ? `${report_text(row['type']) ?? 'key'} ${report_text(row['fingerprint']) ?? '(no fingerprint)'}`
                : 'no key';
        case 'follow':
            return row?.['following'] === true ? 'following the project' : 'not following';
        case 'clear-cache':
            return (row && (report_text(row['message']) ?? report_text(row['status']))) || 'cache cleared';
        case 'delete-envvar':
        case 'delete-checkout-key':
            return (row && (report_text(row['message']) ?? report_text(row['status']))) || 'deleted';
        case 'add-ssh-key':
            return 'SSH key added';
        case 'add-platform-key':
            return 'platform key added';
        default:
            return Array.isArray(result) ? (0,format/* plural */.LS)(result.length, 'item') : 'done';
    }
}

;// CONCATENATED MODULE: ./general/general.ts












/** A parameter given that may be empty, checked as a path segment when it is not. */
function segment(inputs, name, what) {
    const value = inputs.optional(name);
    if (value !== undefined)
        (0,validate/* checkSegment */.cr)(name, value, what);
    return value;
}
/** How each parameter is read and checked; the secrets come first, so that they are masked before the rest. */
const READ = {
    value: (i) => i.secret('value', { required: true }),
    apikey: (i) => i.secret('apikey', { required: true }),
    'ssh-key': (i) => (0,ssh/* checkSshKey */.S)('ssh-key', i.secret('ssh-key', { required: true })).privateKey,
    'build-num': (i, command) => {
        const num = i.integer('build-num', 1, Number.MAX_SAFE_INTEGER);
        if (num !== undefined)
            return num;
        const allowed = `a value is required by command '${command}': a build number, 1 or more`;
        throw new errors/* ValidationError */.yI('build-num', allowed, undefined, 'missing');
    },
    limit: (i) => i.integer('limit', 1, 100),
    offset: (i) => i.integer('offset', 0, Number.MAX_SAFE_INTEGER),
    revision: (i) => i.optional('revision'),
    tag: (i) => i.optional('tag'),
    parallel: (i) => i.integer('parallel', 1, Number.MAX_SAFE_INTEGER),
    params: (i) => i.params('params'),
    ssh: (i) => i.boolean('ssh', false),
    name: (i) => (0,validate/* checkEnvName */.$n)('name', i.required('name')),
    fingerprint: (i) => (0,validate/* checkSegment */.cr)('fingerprint', i.required('fingerprint')),
    'all-pages': (i) => i.boolean('all-pages', false),
    'trigger-api': (i) => (0,trigger_api/* readTriggerApi */.NI)(i),
    // Checked against the command's own list (builds and latest artifacts differ).
    'status-filter': (i, command) => i.oneOf('status-filter', command === 'latest-artifacts' ? records/* ARTIFACT_STATUS_FILTERS */.YQ : records/* BUILD_STATUS_FILTERS */._N, '') || undefined,
    'key-type': (i) => i.oneOf('key-type', records/* CHECKOUT_KEY_TYPES */.l9, 'deploy-key'),
    branch: (i) => segment(i, 'branch'),
    hostname: (i) => segment(i, 'hostname', 'a host name'),
    'definition-id': (i) => segment(i, 'definition-id', 'a pipeline definition id'),
};
const PARAMETERS = Object.keys(READ);
const spec = {
    name: 'general',
    inputs: ['command', ...PARAMETERS],
    outputs: ['result'],
};
/** The job a build number names, in its workflow (API v2), for a rerun of that job alone. */
async function rerunJob(api, p, a) {
    const job = await api.job(p, a['build-num']);
    const workflowId = job.latest_workflow?.id;
    if (typeof workflowId !== 'string')
        throw new errors/* UnusableAnswerError */.qx('GET', `v2 job #${a['build-num']}`, 'the job names no workflow to rerun');
    const found = (await api.jobs(workflowId)).find((candidate) => candidate.job_number === a['build-num']);
    if (found === undefined)
        throw new errors/* UnusableAnswerError */.qx('GET', `v2 /workflow/${workflowId}/job`, `job #${a['build-num']} is not among the jobs of its workflow`);
    return api.rerun(workflowId, { jobs: [found.id], ...(0,records/* definedOnly */.Uv)({ enableSsh: a.ssh || undefined }) });
}
async function collect(items) {
    const out = [];
    for await (const item of items)
        out.push(item);
    return out;
}
const page = (a) => (0,records/* definedOnly */.Uv)({ limit: a.limit, offset: a.offset });
/** A command about one build: the client's call, and the v2 one when it has one. */
function ofBuild(call, v2) {
    return {
        takes: ['build-num'],
        call: (c, p, a) => c[call](p, a['build-num']),
        ...(v2 && { v2: (api, p, a) => api[v2](p, a['build-num']) }),
    };
}
const COMMANDS = {
    me: { takes: [], project: false, call: (c) => c.me() },
    projects: { takes: [], project: false, call: (c) => c.projects() },
    'recent-builds': {
        takes: ['limit', 'offset', 'all-pages'],
        project: false,
        paged: true,
        call: (c, _p, a) => (a['all-pages'] ? collect(c.allRecentBuilds(page(a))) : c.recentBuilds(page(a))),
    },
    'add-platform-key': { takes: ['apikey'], project: false, call: (c, _p, a) => c.addPlatformKey(a.apikey) },
    follow: { takes: [], call: (c, p) => c.follow(p) },
    builds: {
        takes: ['limit', 'offset', 'status-filter', 'branch', 'all-pages'],
        paged: true,
        call: (c, p, a) => {
            const filter = a['status-filter'];
            const query = { ...page(a), ...(0,records/* definedOnly */.Uv)({ branch: a.branch, statusFilter: filter }) };
            return a['all-pages'] ? collect(c.allBuilds(p, query)) : c.builds(p, query);
        },
    },
    trigger: {
        takes: ['branch', 'revision', 'tag', 'parallel', 'params', 'trigger-api', 'definition-id'],
        call: async (_c, _p, a, connection) => {
            const started = await (0,trigger_api/* startBuild */.bT)(connection, a['trigger-api'], triggerRequest(a));
            if (started.api === 'v1.1')
                return started.result.build;
            if (started.api === 'none')
                return notTriggered(a, started.message);
            return setUp(a, new pipelines/* Pipelines */.Cw(connection.transport), started.pipeline);
        },
        // Only pipeline/run reaches such a project: revision and parallel were refused with the inputs.
        v2: async (api, p, a) => {
            const answer = await api.trigger(p, {
                ...(a.tag === undefined ? { branch: triggerRequest(a).branch } : { tag: a.tag }),
                ...(0,records/* definedOnly */.Uv)({ parameters: a.params, definitionId: a['definition-id'] }),
            });
            return answer.triggered ? setUp(a, api, answer.pipeline) : notTriggered(a, answer.message);
        },
    },
    build: ofBuild('build', 'job'),
    retry: {
        takes: ['build-num', 'ssh', 'trigger-api'],
        call: async (_c, _p, a, connection) => {
            const rerun = await (0,trigger_api/* rerunBuild */.LM)(connection, a['trigger-api'], a['build-num'], { ssh: a.ssh });
            if (rerun.api === 'v1.1')
                return rerun.build;
            connection.transport.log('info', `Reran build #${a['build-num']}'s job through its workflow (API v2): new workflow ${rerun.rerun.workflow_id}`);
            return rerun.rerun;
        },
        v2: rerunJob,
    },
    'retry-no-cache': {
        takes: ['build-num', 'trigger-api'],
        warning: 'retry-no-cache uses an undocumented, unsupported use of the retry endpoint; the service may change or remove it at any moment',
        call: async (_c, _p, a, connection) => {
            const rerun = await (0,trigger_api/* rerunBuild */.LM)(connection, a['trigger-api'], a['build-num'], {
                ssh: false,
                noCache: true,
            });
            return rerun.api === 'v1.1' ? rerun.build : rerun.rerun;
        },
    },
    cancel: ofBuild('cancel', 'cancelJob'),
    'add-ssh-user': ofBuild('addSshUser'),
    artifacts: ofBuild('artifacts', 'artifacts'),
    'latest-artifacts': {
        takes: ['branch', 'status-filter'],
        call: async (c, p, a) => {
            const latest = await c.latestArtifacts(p, {
                statusFilter: (a['status-filter'] ?? 'completed'),
                ...(0,records/* definedOnly */.Uv)({ branch: a.branch }),
            });
            // The service answers 404 for a build without artifacts: an empty list here.
            return latest.found ? latest.artifacts : [];
        },
    },
    tests: ofBuild('tests', 'tests'),
    'clear-cache': { takes: [], call: (c, p) => c.clearCache(p) },
    'list-envvars': { takes: [], call: (c, p) => c.listEnvVars(p), v2: (api, p) => api.envVars(p) },
    'get-envvar': {
        takes: ['name'],
        call: (c, p, a) => c.getEnvVar(p, a.name),
        // v2 has no call for one variable: the list holds it.
        v2: async (api, p, a) => {
            const found = (await api.envVars(p)).find((variable) => variable.name === a.name);
            if (found === undefined)
                throw new errors/* ValidationError */.yI('name', 'the name of a variable of the project', a.name, 'no such variable');
            return found;
        },
    },
    'add-envvar': {
        takes: ['name', 'value'],
        call: (c, p, a) => c.addEnvVar(p, a.name, a.value),
        v2: (api, p, a) => api.addEnvVar(p, a.name, a.value),
    },
    'delete-envvar': {
        takes: ['name'],
        call: (c, p, a) => c.deleteEnvVar(p, a.name),
        v2: (api, p, a) => api.deleteEnvVar(p, a.name),
    },
    'list-checkout-keys': { takes: [], call: (c, p) => c.listCheckoutKeys(p) },
    'get-checkout-key': { takes: ['fingerprint'], call: (c, p, a) => c.getCheckoutKey(p, a.fingerprint) },
    'create-checkout-key': {
        takes: ['key-type'],
        call: (c, p, a) => c.createCheckoutKey(p, a['key-type']),
    },
    'delete-checkout-key': { takes: ['fingerprint'], call: (c, p, a) => c.deleteCheckoutKey(p, a.fingerprint) },
    'add-ssh-key': {
        takes: ['ssh-key', 'hostname'],
        call: (c, p, a) => c.addSshKey(p, a['ssh-key'], a.hostname),
    },
};
/** Reads the inputs a command takes, checking each; inputs it does not take must be empty. */
function readArgs(ctx, command, takes) {
    const { inputs } = ctx;
    const args = {};
    for (const p of PARAMETERS) {
        // all-pages is read for every command, to say where it has no effect.
        if (takes.includes(p) || p === 'all-pages')
            args[p] = READ[p](inputs, command);
        // trigger-api has a default, which the runner passes to every command.
        else if (p !== 'trigger-api' && inputs.raw(p) !== '') {
            const allowed = takes.length
                ? `it takes ${takes.map((t) => `'${t}'`).join(', ')}`
                : 'it takes no parameters';
            throw new errors/* ValidationError */.yI(p, `leave it out for command '${command}': ${allowed}`, undefined, `not used by '${command}'`);
        }
    }
    const checked = { ...args, ctx };
    (0,validate/* checkRevisionOrTag */.TD)('revision', checked.revision, 'tag', checked.tag);
    if (command === 'trigger')
        (0,trigger_api/* checkTriggerInputs */.em)(checked['trigger-api'], triggerRequest(checked));
    return checked;
}
function triggerRequest(a) {
    // What the service builds for the workflow's event, as trigger-build does: the tag of a tag push or a release,
    // `pull/<number>/head` for a fork's pull request or a comment on one; given inputs win.
    const { branch, tag, revision } = (0,workflow/* triggerRefOf */.hy)(a, a.ctx.env);
    const { parallel, params, 'definition-id': definitionId } = a;
    return { branch, ...(0,records/* definedOnly */.Uv)({ revision, tag, parallel, params, definitionId }) };
}
/** The service triggered nothing: said as a warning, and its answer is the result. */
function notTriggered(a, message) {
    a.ctx.io.warning((0,runner_text/* logSafe */.sN)(`The service triggered no pipeline: ${message}`));
    return { message };
}
/** A triggered pipeline read until set up (docs/sunset.md): the result, which an errored one still sets. */
async function setUp(a, pipelines, pipeline) {
    try {
        return await (0,trigger_api/* confirmPipeline */.Lb)(a.ctx, pipelines, pipeline);
    }
    catch (error) {
        if (error instanceof pipeline_builds/* PipelineErroredError */.GU)
            a.ctx.setOutput('result', JSON.stringify(error.cause));
        throw error;
    }
}
async function general(ctx) {
    const name = ctx.inputs.required('command', `one of ${Object.keys(COMMANDS).join(', ')}`);
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!command)
        throw new errors/* ValidationError */.yI('command', `allowed: ${Object.keys(COMMANDS).join(', ')}`, name);
    const args = readArgs(ctx, name, command.takes);
    if (args['all-pages'] && !command.paged)
        ctx.io.warning(`all-pages has no effect on '${name}': it answers in one piece`);
    if (command.warning)
        ctx.io.warning(command.warning);
    const { v2 } = command;
    const needsProject = command.project !== false;
    // Commands about no project take no project either way; the others need a v2 form for a slug.
    const connection = v2 !== undefined || !needsProject
        ? ctx.connect({ needsProject, acceptSlug: true })
        : ctx.connect({ needsProject, acceptSlug: `command '${name}'` });
    const { project } = connection;
    // Nothing was sent yet: a slug project takes only the v2 forms of the trigger and the retry.
    if ('slug' in project && command.takes.includes('trigger-api'))
        (0,trigger_api/* checkTriggerInputs */.em)(args['trigger-api'], name === 'trigger' ? triggerRequest(args) : { branch: '' }, true);
    // connect() gives a slug project only to a command about a project, which then has a v2 form.
    const result = 'slug' in project
        ? await v2?.(new pipelines/* ProjectsV2 */.lv(connection.transport), project, args)
        : await command.call(connection.client, project, args, connection);
    ctx.setOutput('result', JSON.stringify(result ?? null));
    const what = describeResult(name, result);
    ctx.info(`${name}: ${what}`);
    await (0,summary/* appendSummary */.fe)(ctx.io, `\`${name}\`: ${(0,runner_text/* mdSafe */.$v)(what, 1000)}`);
}
/** Runs the action: src/actions/bundle.js calls it on the runner, and GitHub's local-action on a workstation. */
function general_run() {
    return (0,run/* runAction */.Cs)(spec, general);
}


/***/ }),

/***/ 260:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CT: () => (/* binding */ commitWorkflows),
/* harmony export */   E6: () => (/* binding */ PipelineBuilds),
/* harmony export */   GU: () => (/* binding */ PipelineErroredError),
/* harmony export */   Ps: () => (/* binding */ jobReader),
/* harmony export */   Uw: () => (/* binding */ slugCommitBuilds)
/* harmony export */ });
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2497);
/* harmony import */ var _commit_builds_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6677);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1013);
/* harmony import */ var _pipelines_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(103);
/* harmony import */ var _job_status_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5706);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5942);
/* harmony import */ var _v2_records_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(4957);
// The builds of one pipeline (API v2), look after look, for the waiting loop that follows a commit's builds: its
// workflows, their jobs, and each job with a number as a build record (jobReader). A job is read when it first has
// a number and when it ends; the workflows are listed again only when all their jobs look ended.







/** The pipeline's configuration failed: no workflow will come. */
class PipelineErroredError extends _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserFacingError */ .Ui {
    name = 'PipelineErroredError';
}
/** A project's jobs are read as its v1.1 builds, or through v2 for a project named by its slug. */
function jobReader(client, api, project) {
    if (!('slug' in project)) {
        const call = (num) => ({ method: 'GET', path: `${(0,_client_js__WEBPACK_IMPORTED_MODULE_0__/* .projectPath */ .DZ)(project)}/${num}` });
        return Object.assign((num) => client.build(project, num), { call });
    }
    const pipelines = new Map();
    const call = (num) => ({
        method: 'GET',
        path: `v2 /project/${(0,_pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .projectSlug */ .Tb)(project)}/job/${num}`,
    });
    return Object.assign((num) => api.jobAsBuild(project, num, pipelines), { call });
}
/**
 * A job read as a build must be the job listed (docs/promises.md, promise 35): its name, and the workflow it was
 * listed in (`workflows.workflow_id` of a v1.1 build, `latest_workflow.id` of v2 job details).
 */
function checkListedJob(call, build, job, workflow) {
    const name = (0,_commit_builds_js__WEBPACK_IMPORTED_MODULE_1__/* .jobOf */ .Zw)(build).job;
    const listedIn = build.workflows?.['workflow_id'];
    const sameWorkflow = typeof listedIn === 'string' && listedIn.toLowerCase() === workflow.id.toLowerCase();
    if (name === job.name && sameWorkflow)
        return build;
    const is = `${name === undefined ? 'a job without a name' : `job ${name}`} of ${typeof listedIn === 'string' ? `workflow ${listedIn}` : 'no workflow'}`;
    throw (0,_records_js__WEBPACK_IMPORTED_MODULE_5__/* .unusable */ ._P)(call, `job #${build.build_num} was listed as job ${job.name} of workflow ${workflow.id}, and the answer is ${is}`);
}
class PipelineBuilds {
    #read;
    #pipelines;
    #pipelineId;
    #workflows = new Map();
    #builds = new Map();
    #said = new Set();
    /** What this look says, each once a pipeline. */
    #notes = [];
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
        return [...this.#workflows.values()].map(({ workflow, done }) => ({ ...workflow, done }));
    }
    get unbuilt() {
        return [...this.#workflows.values()].flatMap(({ workflow, jobs, done }) => (done ? jobs.filter(stoppedUnbuilt) : []).map(({ name, status, type }) => ({
            job: name,
            workflow: workflow.name,
            status,
            type: type ?? '',
        })));
    }
    async look() {
        const notes = (this.#notes = []);
        if (this.#workflows.size === 0) {
            const workflows = await this.#listWorkflows();
            if (workflows.length === 0) {
                const since = this.#emptySince;
                const complete = since !== undefined && this.#times.now() - since >= this.#times.emptyMs;
                const nothing = `${this.#name} listed no workflow within ${Math.round(this.#times.emptyMs / 1000)} s of its ` +
                    `set-up: its workflows were all filtered out, it seems (inferred: the service gives no signal for this)`;
                return { builds: [], truncated: false, complete, notes, workflows: [], ...(complete && { nothing }) };
            }
        }
        for (const entry of this.#workflows.values())
            if (!entry.done)
                await this.#readJobs(entry);
        // The workflows' own statuses are read again only when all their jobs look ended: that confirms the end
        // (and finds a workflow that came late) without a list of the workflows at every look.
        if ([...this.#workflows.values()].every((w) => w.jobsEnded)) {
            const before = new Set(this.#workflows.keys());
            await this.#listWorkflows();
            for (const entry of this.#workflows.values()) {
                if (!before.has(entry.workflow.id))
                    await this.#readJobs(entry);
                entry.done = _pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .FINAL_WORKFLOW_STATUSES */ .qY.has(entry.workflow.status) && entry.jobsEnded;
                const { id, name, status } = entry.workflow;
                if (entry.done && !entry.jobs.some(hasBuild))
                    this.#sayOnce(`${id}/empty`, `Workflow ${name} ended with status ${status} without starting a job`);
            }
        }
        const builds = [...this.#builds.values()].sort((a, b) => a.build_num - b.build_num);
        const known = [...this.#workflows.values()];
        const ended = known
            .filter((w) => w.done)
            .map(({ workflow: { id, name, status }, jobs }) => {
            const stopped = jobs.filter(stoppedUnbuilt).map((job) => `job ${job.name} ended ${job.status}`);
            return { id, name, status, jobs: jobs.map((j) => j.name), ...(stopped.length > 0 && { stopped }) };
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
                const text = `The setup workflow of ${this.#name} ended; waiting for the workflows it continues into`;
                this.#sayOnce('setup', text);
            }
        }
        else if (complete && !known.some((w) => w.jobs.length > 0)) {
            nothing = `no workflow of ${this.#name} made a job`;
        }
        else if (complete && builds.length === 0) {
            // An approval is not a build: a pipeline that ran only approvals ran nothing (docs/promises.md, promise 31).
            nothing = `no job of ${this.#name} ran a build (an approval is not one)`;
        }
        return { builds, truncated: false, complete, notes, workflows: ended, ...(0,_records_js__WEBPACK_IMPORTED_MODULE_5__/* .definedOnly */ .Uv)({ nothing }) };
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
            if (!_v2_records_js__WEBPACK_IMPORTED_MODULE_6__/* .PENDING_PIPELINE_STATES */ .Aw.has(pipeline.state ?? ''))
                this.#emptySince ??= this.#times.now();
            const errors = (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_6__/* .pipelineErrors */ .yi)(pipeline);
            if (errors !== undefined) {
                throw new PipelineErroredError(`Pipeline #${pipeline.number} is errored and runs no workflow` +
                    (errors.length > 0 ? `: ${errors.join('; ')}` : ''));
            }
        }
        return workflows;
    }
    /** Reads a job's build when it first has a number and when it ends, and in between takes the job's status. */
    async #readJobs(entry) {
        const { workflow } = entry;
        const jobs = await this.#pipelines.jobs(workflow.id);
        entry.jobs = jobs;
        for (const job of jobs) {
            if (job.status === 'on_hold')
                this.#sayOnce(`${workflow.id}/${job.id}/hold`, onHold(workflow, job));
            // An approval's number names no build: reading it answers 404.
            const num = hasBuild(job) ? job.job_number : null;
            if (num === null)
                continue;
            const cached = this.#builds.get(num);
            if (cached !== undefined && (0,_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isFinished */ .$g)(cached))
                continue;
            if (cached === undefined || (0,_job_status_js__WEBPACK_IMPORTED_MODULE_4__/* .jobStatusMeaning */ .D)(job.status).ended) {
                this.#builds.set(num, checkListedJob(this.#read.call(num), await this.#read(num), job, workflow));
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
            return build !== undefined && (0,_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isFinished */ .$g)(build);
        }
        return _pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .UNBUILT_JOB_STATUSES */ .JS.has(job.status) || passedApproval(job);
    }
    #sayOnce(key, text) {
        if (!this.#said.has(key))
            this.#notes.push(text);
        this.#said.add(key);
    }
}
/** A job whose number is a build: any job with a number but an approval. */
function hasBuild(job) {
    return job.job_number !== null && job.type !== 'approval';
}
const passedApproval = (job) => job.type === 'approval' && job.status === 'success';
/** A job that ended without a build (an approval that passed is not one: it ended as it should). */
const stoppedUnbuilt = (job) => !hasBuild(job) && !passedApproval(job);
function onHold(workflow, job) {
    const request = job['approval_request_id'];
    const route = (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_6__/* .isV2Id */ .IN)(request) ? ` (or POST /api/v2/workflow/${workflow.id}/approve/${request})` : '';
    return (`Job ${job.name} of workflow ${workflow.name} is on hold: it waits for a person to approve it on the ` +
        `service${route}; the pipeline goes on only once it is approved (the step waits until its timeout)`);
}
/**
 * The builds of a commit of a project named by its slug, which v1.1 cannot list: each of its pipelines among the
 * project's newest is followed by a PipelineBuilds. Without `revision`, the newest pipeline names the commit.
 */
function slugCommitBuilds(api, project, query, read, times) {
    const followed = new Map();
    const look = async () => {
        const { branch } = query;
        const pipelines = await api.projectPipelines(project, (0,_records_js__WEBPACK_IMPORTED_MODULE_5__/* .definedOnly */ .Uv)({ branch }));
        const notes = [];
        if (query.revision === '') {
            const newest = pipelines.find((p) => typeof p.vcs?.revision === 'string');
            if (newest === undefined)
                return { builds: [], truncated: false, notes, workflows: [], open: [], errored: [] };
            query.revision = String(newest.vcs?.revision).toLowerCase();
            notes.push(`The newest pipeline of branch ${branch ?? ''} is #${newest.number}: its commit counts`);
        }
        for (const pipeline of pipelines) {
            if (!ofCommit(pipeline, query) || followed.has(pipeline.id))
                continue;
            followed.set(pipeline.id, {
                source: new PipelineBuilds(read, api, pipeline, times),
                last: [],
                ended: [],
                done: false,
            });
        }
        for (const entry of followed.values()) {
            if (entry.done)
                continue;
            try {
                const look = await entry.source.look();
                entry.last = look.builds;
                entry.ended = look.workflows;
                entry.done = look.complete && look.builds.every(_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isFinished */ .$g);
                notes.push(...look.notes);
            }
            catch (error) {
                // A pipeline whose configuration failed runs nothing: the commit's other pipelines still count, and when
                // nothing ran the gate fails on it (docs/promises.md, promise 31).
                if (!(error instanceof PipelineErroredError))
                    throw error;
                notes.push(error.message);
                entry.errored = error.message;
                entry.done = true;
            }
        }
        const builds = [...followed.values()].flatMap((entry) => entry.last);
        // The workflows that have not ended, a failing one too: the gate waits for them (docs/promises.md, promise 31).
        const open = [...followed.values()]
            .filter((entry) => !entry.done)
            .flatMap((entry) => entry.source.workflows.filter((w) => !w.done))
            .map(({ name, status }) => ({ name, status }));
        return {
            builds: builds.sort((a, b) => a.build_num - b.build_num),
            truncated: pipelines.length >= _pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_PROJECT_PIPELINES */ .PG,
            notes,
            workflows: [...followed.values()].flatMap((entry) => entry.ended),
            open,
            errored: [...followed.values()].flatMap((entry) => entry.errored ?? []),
        };
    };
    return { look };
}
/** Whether a pipeline is of the commit (and branch) the query names. */
function ofCommit(pipeline, query) {
    const vcs = pipeline.vcs ?? {};
    const revision = typeof vcs.revision === 'string' ? vcs.revision.toLowerCase() : '';
    return (query.revision !== '' &&
        revision.startsWith(query.revision) &&
        (query.branch === undefined || vcs.branch === query.branch));
}
/**
 * The workflows of a commit's pipelines among the project's newest (API v2), for a project whose builds v1.1
 * lists: a workflow that ended before it made a job shows only here (docs/promises.md, promise 31).
 */
async function commitWorkflows(api, project, query) {
    const pipelines = await api.projectPipelines(project, (0,_records_js__WEBPACK_IMPORTED_MODULE_5__/* .definedOnly */ .Uv)({ branch: query.branch }));
    const found = [];
    const errored = [];
    for (const pipeline of pipelines) {
        if (!ofCommit(pipeline, query))
            continue;
        const broken = erroredPipeline(pipeline);
        if (broken !== undefined)
            errored.push(broken);
        else
            found.push(...(await api.workflows(pipeline.id)));
    }
    return { workflows: found, errored };
}
/** `Pipeline #3 is errored: …` for a pipeline whose configuration failed (it runs no workflow), else undefined. */
function erroredPipeline(pipeline) {
    // A list's item is checked for its id and number only: its errors are read with care.
    const errors = (Array.isArray(pipeline.errors) ? pipeline.errors : []).filter(_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u4);
    const said = (0,_v2_records_js__WEBPACK_IMPORTED_MODULE_6__/* .pipelineErrors */ .yi)({ ...pipeline, errors });
    if (said === undefined)
        return undefined;
    return `Pipeline #${pipeline.number} is errored and runs no workflow${said.length > 0 ? `: ${said.join('; ')}` : ''}`;
}


/***/ }),

/***/ 3703:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EL: () => (/* binding */ pipelineUrl),
/* harmony export */   LM: () => (/* binding */ rerunBuild),
/* harmony export */   Lb: () => (/* binding */ confirmPipeline),
/* harmony export */   NI: () => (/* binding */ readTriggerApi),
/* harmony export */   bT: () => (/* binding */ startBuild),
/* harmony export */   em: () => (/* binding */ checkTriggerInputs),
/* harmony export */   zL: () => (/* binding */ workflowRows)
/* harmony export */ });
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(103);
/* harmony import */ var _api_records_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5942);
/* harmony import */ var _api_pipeline_builds_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(260);
/* harmony import */ var _api_sunset_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8900);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8999);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2249);
/* harmony import */ var _api_v2_records_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(4957);








function readTriggerApi(inputs) {
    return inputs.oneOf('trigger-api', ['auto', 'v1.1', 'v2'], 'auto');
}
/** What v2 cannot take: `revision` and `parallel` (a pipeline builds the head of a branch, or a tag). */
function withoutV2Form(request) {
    return ['revision', 'parallel'].filter((input) => request[input] !== undefined);
}
const NO_V2_FORM = 'API v2 has no such input: a pipeline builds the head of a branch (or a tag) and its configuration sets the ' +
    'parallelism; to gate on a commit, use wait-for-build';
const V1_SINGLE_JOB = 'the v1.1 trigger runs a single job of a pipeline configuration (version 2.1), not its workflows, and stops ' +
    'on 2027-02-01';
// Inputs that do not go together are a mistake found before anything is sent: with `trigger-api: v2` or a
// project named by its slug (which only API v2 reaches), one v2 cannot take; with `definition-id`, v1.1's.
function checkTriggerInputs(api, request, slug = false) {
    if (slug && api === 'v1.1')
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('trigger-api', "allowed with project-slug: 'v2' or 'auto' (a project named by its slug has only API v2)", api);
    const [input] = withoutV2Form(request);
    if (request.definitionId !== undefined && (input !== undefined || api === 'v1.1')) {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('definition-id', `leave it out with ${input ?? 'trigger-api: v1.1'}: only a pipeline (API v2) runs a definition`, undefined, 'not used');
    }
    if ((api === 'v2' || slug) && input !== undefined) {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(input, `leave it out with ${slug ? 'project-slug' : 'trigger-api: v2'}. ${NO_V2_FORM}`, undefined, 'not used');
    }
}
/** Starts a pipeline through v2, or a build through v1.1 when `api` or the inputs say so or v2 has no trigger. */
async function startBuild(connection, api, request) {
    const { project } = connection;
    const v1 = 'slug' in project ? undefined : { ...connection, project };
    checkTriggerInputs(api, request, v1 === undefined);
    const log = connection.transport.log.bind(connection.transport);
    const unsent = withoutV2Form(request).join(' and ');
    if (v1 !== undefined && api === 'v1.1')
        return startV1(v1, api, request);
    if (v1 !== undefined && api === 'auto' && unsent !== '') {
        log('warning', `${unsent} given, so the build is triggered through v1.1: ${V1_SINGLE_JOB}`);
        return startV1(v1, api, request);
    }
    let answer;
    try {
        const { tag, params: parameters, definitionId } = request;
        answer = await new _api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__/* .Pipelines */ .Cw(connection.transport).trigger(connection.project, {
            ...(tag === undefined ? { branch: request.branch } : { tag }),
            ...(0,_api_records_js__WEBPACK_IMPORTED_MODULE_2__/* .definedOnly */ .Uv)({ parameters, definitionId }),
        });
    }
    catch (error) {
        if (api === 'v2' || v1 === undefined || !(error instanceof _api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__/* .NoPipelineTriggerError */ .q$))
            throw error;
        const why = error.projectNotFound
            ? 'API v2 answered Project not found: a project token works only on v1.1, and pipelines need a personal ' +
                'token (or the project slug is wrong)'
            : 'this installation has no pipeline trigger of API v2';
        const started = await startV1(v1, 'v1.1', request).catch((then) => {
            throw new TriggerFailedError(`No trigger worked: ${error.message}; then ${then.message}`, {
                cause: then,
            });
        });
        log('warning', `${why} (${error.message}); triggered through v1.1 instead: ${V1_SINGLE_JOB}`);
        return started;
    }
    return answer.triggered ? { api: 'v2', ...answer } : { api: 'none', message: answer.message };
}
/** How long a triggered pipeline may stay in its pending states before the step goes on without knowing. */
const SETUP_WAIT_MS = 60_000;
// Reads a triggered pipeline until it leaves the pending states, as a 201 may say `created` before its configuration
// was compiled: an errored pipeline fails; one still pending at the end is said, and the step goes on.
async function confirmPipeline(ctx, pipelines, triggered, deadline = Number.POSITIVE_INFINITY) {
    const until = Math.min(ctx.clock.now() + SETUP_WAIT_MS, deadline);
    let pause = 250;
    let pipeline = await pipelines.pipeline(triggered.id);
    while (_api_v2_records_js__WEBPACK_IMPORTED_MODULE_7__/* .PENDING_PIPELINE_STATES */ .Aw.has(pipeline.state ?? '') && (0,_api_v2_records_js__WEBPACK_IMPORTED_MODULE_7__/* .pipelineErrors */ .yi)(pipeline) === undefined) {
        const wait = Math.min(pause, until - ctx.clock.now());
        if (wait <= 0) {
            const after = `after ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_6__/* .formatDuration */ .a3)(SETUP_WAIT_MS)}: its configuration may still fail; going on`;
            ctx.io.warning((0,_text_js__WEBPACK_IMPORTED_MODULE_5__/* .logSafe */ .sN)(`Pipeline #${pipeline.number} is still ${pipeline.state ?? 'pending'} ${after}`));
            return pipeline;
        }
        await ctx.clock.sleep(wait, ctx.signal);
        pause = Math.min(pause * 2, 5000);
        pipeline = await pipelines.pipeline(triggered.id);
    }
    const errors = (0,_api_v2_records_js__WEBPACK_IMPORTED_MODULE_7__/* .pipelineErrors */ .yi)(pipeline);
    if (errors === undefined)
        return pipeline;
    const why = errors.length > 0 ? `: ${errors.join('; ')}` : '';
    const text = (0,_text_js__WEBPACK_IMPORTED_MODULE_5__/* .logSafe */ .sN)(`Pipeline #${pipeline.number} is errored: nothing of it runs${why}`);
    // The pipeline rides along as the cause: the general action's `result` output is that record.
    throw new _api_pipeline_builds_js__WEBPACK_IMPORTED_MODULE_3__/* .PipelineErroredError */ .GU(text, { cause: pipeline });
}
// The web app's address of a pipeline (docs/sunset.md): `{web}/pipelines/{slug}/{number}`, `{web}` being the
// origin of a job's address once one is known, else of `base-url`; built from checked parts only.
function pipelineUrl(connection, pipeline, jobUrl) {
    const web = (URL.parse(jobUrl ?? connection.baseUrl) ?? new URL(connection.baseUrl)).origin;
    return (0,_text_js__WEBPACK_IMPORTED_MODULE_5__/* .shellSafeUrl */ .NO)(`${web}/pipelines/${(0,_api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__/* .projectSlug */ .Tb)(connection.project)}/${pipeline.number}`);
}
/** The `workflows` output: each workflow's id, name, status and web address below its pipeline's. */
function workflowRows(url, workflows) {
    return workflows.map(({ id, name, status }) => {
        const link = (0,_text_js__WEBPACK_IMPORTED_MODULE_5__/* .shellSafeUrl */ .NO)(`${url}/workflows/${encodeURIComponent(id)}`);
        return { id, name, status, url: link };
    });
}
async function startV1(connection, api, request) {
    try {
        return { api: 'v1.1', result: await connection.client.trigger(connection.project, request) };
    }
    catch (error) {
        if (api === 'v1.1' || !(error instanceof _api_sunset_js__WEBPACK_IMPORTED_MODULE_4__/* .GoneError */ .AD))
            throw error;
        const unsent = withoutV2Form(request);
        const given = `${unsent.join(' and ')} ${unsent.length > 1 ? 'are' : 'is'} given`;
        throw new TriggerFailedError(`${error.message}. A pipeline (API v2) cannot be started instead, because ${given}: ${NO_V2_FORM}`);
    }
}
/** No form of the trigger or the rerun could do what was asked (every one failed, or v2 has no such form). */
class TriggerFailedError extends _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui {
    name = 'TriggerFailedError';
}
// Reruns a build: v1.1 retry, or (with `v2`, or `auto` after a 410) its job through its workflow's v2 rerun,
// which needs the build's workflow and job ids from its v1.1 record.
async function rerunBuild(connection, api, buildNum, options) {
    const { client, project } = connection;
    if (api !== 'v2') {
        try {
            const build = await client.retry(project, buildNum, options);
            return { api: 'v1.1', build };
        }
        catch (error) {
            if (api === 'v1.1' || !(error instanceof _api_sunset_js__WEBPACK_IMPORTED_MODULE_4__/* .GoneError */ .AD))
                throw error;
            if (options.noCache)
                throw new TriggerFailedError(`${error.message}. ${NO_CACHE_RERUN}`);
            connection.transport.log('info', `${error.message}; rerunning the job through its workflow (API v2)`);
        }
    }
    else if (options.noCache) {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('command', `retry-no-cache with trigger-api: v2 is not possible. ${NO_CACHE_RERUN}`);
    }
    const build = await client.build(project, buildNum);
    const { workflow_id: workflowId, job_id: jobId } = build.workflows ?? {};
    if (typeof workflowId !== 'string' || typeof jobId !== 'string') {
        throw new TriggerFailedError(`Build #${buildNum} belongs to no workflow (it ran on the old build system): API v2 reruns only jobs of ` +
            `workflows, and the v1.1 retry ${api === 'v2' ? 'was not asked for (trigger-api: v2)' : 'is gone'}`);
    }
    const rerun = await new _api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__/* .Pipelines */ .Cw(connection.transport).rerun(workflowId, {
        jobs: [jobId],
        enableSsh: options.ssh,
    });
    return { api: 'v2', rerun, of: build };
}
const NO_CACHE_RERUN = 'API v2 has no rerun without cache: use command: retry (a workflow rerun), and clear the cache first with ' +
    'command: clear-cache if needed';


/***/ })

};
