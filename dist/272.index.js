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
// EXTERNAL MODULE: ../api/pipelines.ts
var pipelines = __webpack_require__(103);
// EXTERNAL MODULE: ../api/projects-v2.ts
var projects_v2 = __webpack_require__(7681);
// EXTERNAL MODULE: ../api/records.ts
var records = __webpack_require__(5942);
// EXTERNAL MODULE: ../api/ssh.ts
var ssh = __webpack_require__(3534);
// EXTERNAL MODULE: ../api/validate.ts
var validate = __webpack_require__(1272);
// EXTERNAL MODULE: ../runner/run.ts + 5 modules
var run = __webpack_require__(3704);
// EXTERNAL MODULE: ../runner/trigger-api.ts
var trigger_api = __webpack_require__(3703);
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
/**
 * How each parameter is read and checked when the command takes it; the secrets come first, so that they are
 * masked before anything else is read.
 */
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
const SECRETS = ['value', 'apikey', 'ssh-key'];
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
    return api.rerun(workflowId, { jobs: [found.id], ...(a.ssh ? { enableSsh: true } : {}) });
}
async function collect(items) {
    const out = [];
    for await (const item of items)
        out.push(item);
    return out;
}
const page = (a) => (0,records/* definedOnly */.Uv)({ limit: a.limit, offset: a.offset });
/** A command about one build, named by its number, with its v2 form when it has one. */
function ofBuild(call, v2) {
    return {
        takes: ['build-num'],
        call: (c, p, a) => call(c, p, a['build-num']),
        ...(v2 && { v2: (api, p, a) => v2(api, p, a['build-num']) }),
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
    build: ofBuild((c, p, n) => c.build(p, n), (api, p, n) => api.job(p, n)),
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
    cancel: ofBuild((c, p, n) => c.cancel(p, n), (api, p, n) => api.cancelJob(p, n)),
    'add-ssh-user': ofBuild((c, p, n) => c.addSshUser(p, n)),
    artifacts: ofBuild((c, p, n) => c.artifacts(p, n), (api, p, n) => api.artifacts(p, n)),
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
    tests: ofBuild((c, p, n) => c.tests(p, n), (api, p, n) => api.tests(p, n)),
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
    for (const p of SECRETS)
        if (takes.includes(p))
            args[p] = READ[p](inputs, command);
    for (const p of PARAMETERS) {
        // all-pages and trigger-api have defaults, which the runner passes to every command.
        if (!takes.includes(p) && p !== 'all-pages' && p !== 'trigger-api' && inputs.raw(p) !== '') {
            const allowed = takes.length
                ? `it takes ${takes.map((t) => `'${t}'`).join(', ')}`
                : 'it takes no parameters';
            throw new errors/* ValidationError */.yI(p, `leave it out for command '${command}': ${allowed}`, undefined, `not used by '${command}'`);
        }
    }
    // all-pages is read for every command, to say where it has no effect.
    for (const p of PARAMETERS)
        if ((takes.includes(p) || p === 'all-pages') && !(p in args))
            args[p] = READ[p](inputs, command);
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
    return {
        branch,
        ...(0,records/* definedOnly */.Uv)({
            revision,
            tag,
            parallel: a.parallel,
            params: a.params,
            definitionId: a['definition-id'],
        }),
    };
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
        if (error instanceof trigger_api/* PipelineErroredError */.GU)
            a.ctx.setOutput('result', JSON.stringify(error.pipeline));
        throw error;
    }
}
async function general(ctx) {
    const name = ctx.inputs.required('command', `one of ${Object.keys(COMMANDS).join(', ')}`);
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!command) {
        throw new errors/* ValidationError */.yI('command', `allowed: ${Object.keys(COMMANDS).join(', ')}`, name);
    }
    const args = readArgs(ctx, name, command.takes);
    if (args['all-pages'] && !command.paged) {
        ctx.io.warning(`all-pages has no effect on '${name}': it answers in one piece`);
    }
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
        ? await v2?.(new projects_v2/* ProjectsV2 */.lv(connection.transport), project, args)
        : await command.call(connection.client, project, args, connection);
    const text = JSON.stringify(result ?? null);
    ctx.setOutput('result', text);
    const what = describeResult(name, result);
    ctx.info(`${name}: ${what}`);
    await ctx.io.summary.addRaw(`\`${name}\`: ${(0,runner_text/* mdSafe */.$v)(what, 1000)}`, true).write();
}
/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
function general_run() {
    return (0,run/* runAction */.Cs)(spec, general);
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

/***/ 3703:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EL: () => (/* binding */ pipelineUrl),
/* harmony export */   GU: () => (/* binding */ PipelineErroredError),
/* harmony export */   LM: () => (/* binding */ rerunBuild),
/* harmony export */   Lb: () => (/* binding */ confirmPipeline),
/* harmony export */   NI: () => (/* binding */ readTriggerApi),
/* harmony export */   bT: () => (/* binding */ startBuild),
/* harmony export */   em: () => (/* binding */ checkTriggerInputs),
/* harmony export */   zL: () => (/* binding */ workflowRows)
/* harmony export */ });
/* unused harmony exports TRIGGER_APIS, SETUP_WAIT_MS, TriggerFailedError, GoneUserError */
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(103);
/* harmony import */ var _api_sunset_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8900);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8999);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2249);
/* harmony import */ var _api_v2_records_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4957);






const TRIGGER_APIS = ['auto', 'v1.1', 'v2'];
function readTriggerApi(inputs) {
    return inputs.oneOf('trigger-api', TRIGGER_APIS, 'auto');
}
/** What v2 cannot take: `revision` and `parallel` (a pipeline builds the head of a branch, or a tag). */
function withoutV2Form(request) {
    return [
        ...(request.revision === undefined ? [] : ['revision']),
        ...(request.parallel === undefined ? [] : ['parallel']),
    ];
}
const NO_V2_FORM = 'API v2 has no such input: a pipeline builds the head of a branch (or a tag) and its configuration sets the ' +
    'parallelism; to gate on a commit, use wait-for-build';
const V1_SINGLE_JOB = 'the v1.1 trigger runs a single job of a pipeline configuration (version 2.1), not its workflows, and stops ' +
    'on 2027-02-01';
/**
 * Inputs that do not go together are a mistake found before anything is sent: with `trigger-api: v2`, or a
 * project named by its slug (`slug`), which only API v2 reaches, one v2 cannot take; with `definition-id`, one
 * only v1.1 takes, or v1.1 itself.
 */
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
/**
 * Starts a pipeline through v2 (`pipeline/run`, then the older form), or a build through v1.1 when `api` says so,
 * when the inputs need it, or when neither v2 form exists for this project (docs/sunset.md). A project named by
 * its slug has v2 alone.
 */
async function startBuild(connection, api, request) {
    const { project } = connection;
    const v1 = 'slug' in project ? undefined : { ...connection, project };
    checkTriggerInputs(api, request, v1 === undefined);
    const log = connection.transport.log.bind(connection.transport);
    const unsent = withoutV2Form(request);
    if (v1 !== undefined && api === 'v1.1')
        return startV1(v1, api, request);
    if (v1 !== undefined && api === 'auto' && unsent.length > 0) {
        log('warning', `${unsent.join(' and ')} given, so the build is triggered through v1.1: ${V1_SINGLE_JOB}`);
        return startV1(v1, api, request);
    }
    let answer;
    try {
        answer = await new _api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__/* .Pipelines */ .Cw(connection.transport).trigger(connection.project, {
            ...(request.tag === undefined ? { branch: request.branch } : { tag: request.tag }),
            ...(request.params === undefined ? {} : { parameters: request.params }),
            ...(request.definitionId === undefined ? {} : { definitionId: request.definitionId }),
        });
    }
    catch (error) {
        if (api === 'v2' || v1 === undefined || !(error instanceof _api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__/* .NoPipelineTriggerError */ .q$))
            throw error;
        const why = error.projectNotFound
            ? 'API v2 answered Project not found: a project token works only on v1.1, and pipelines need a personal ' +
                'token (or the project slug is wrong)'
            : 'this installation has no pipeline trigger of API v2';
        let started;
        try {
            started = await startV1(v1, 'v1.1', request);
        }
        catch (v1) {
            if (!(v1 instanceof Error))
                throw v1;
            throw new TriggerFailedError(`No trigger worked: ${error.message}; then ${v1.message}`, { cause: v1 });
        }
        log('warning', `${why} (${error.message}); triggered through v1.1 instead: ${V1_SINGLE_JOB}`);
        return started;
    }
    if (!answer.triggered)
        return { api: 'none', message: answer.message };
    return {
        api: 'v2',
        pipeline: answer.pipeline,
        ...(answer.recoveredAfter === undefined ? {} : { recoveredAfter: answer.recoveredAfter }),
    };
}
/** How long a triggered pipeline may stay in its pending states before the step goes on without knowing. */
const SETUP_WAIT_MS = 60_000;
const FIRST_LOOK_MS = 250;
const LONGEST_LOOK_MS = 5000;
/** The pipeline's configuration failed: nothing of it runs. */
class PipelineErroredError extends _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui {
    name = 'PipelineErroredError';
    /** The pipeline as the service last answered it. */
    pipeline;
    constructor(message, pipeline) {
        super(message);
        this.pipeline = pipeline;
    }
}
/**
 * Reads a triggered pipeline at least once, then until it leaves the pending states, within a minute and the
 * step's deadline (a 201 may say `created` before its configuration was compiled). An errored pipeline fails;
 * one still pending at the end is said, and the step goes on.
 */
async function confirmPipeline(ctx, pipelines, triggered, deadline = Number.POSITIVE_INFINITY) {
    const until = Math.min(ctx.clock.now() + SETUP_WAIT_MS, deadline);
    let pause = FIRST_LOOK_MS;
    let pipeline = await pipelines.pipeline(triggered.id);
    while (_api_v2_records_js__WEBPACK_IMPORTED_MODULE_4__/* .PENDING_PIPELINE_STATES */ .Aw.has(pipeline.state ?? '') && (0,_api_v2_records_js__WEBPACK_IMPORTED_MODULE_4__/* .pipelineErrors */ .yi)(pipeline) === undefined) {
        const wait = Math.min(pause, until - ctx.clock.now());
        if (wait <= 0) {
            ctx.io.warning((0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .logSafe */ .sN)(`Pipeline #${pipeline.number} is still ${pipeline.state ?? 'pending'} after ` +
                `${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_5__/* .formatDuration */ .a3)(SETUP_WAIT_MS)}: its configuration may still fail; going on`));
            return pipeline;
        }
        await ctx.clock.sleep(wait, ctx.signal);
        pause = Math.min(pause * 2, LONGEST_LOOK_MS);
        pipeline = await pipelines.pipeline(triggered.id);
    }
    const errors = (0,_api_v2_records_js__WEBPACK_IMPORTED_MODULE_4__/* .pipelineErrors */ .yi)(pipeline);
    if (errors !== undefined) {
        throw new PipelineErroredError((0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .logSafe */ .sN)(`Pipeline #${pipeline.number} is errored: nothing of it runs` +
            (errors.length > 0 ? `: ${errors.join('; ')}` : '')), pipeline);
    }
    return pipeline;
}
/**
 * The web app's address of a pipeline (docs/sunset.md): `{web}/pipelines/{slug}/{number}`, `{web}` being the
 * origin of a job's address once one is known, else of `base-url`; built from checked parts only.
 */
function pipelineUrl(connection, pipeline, jobUrl) {
    let web;
    try {
        web = new URL(jobUrl ?? connection.baseUrl).origin;
    }
    catch {
        web = new URL(connection.baseUrl).origin;
    }
    return (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .shellSafeUrl */ .NO)(`${web}/pipelines/${(0,_api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__/* .projectSlug */ .Tb)(connection.project)}/${pipeline.number}`);
}
/** The `workflows` output: each workflow's id, name, status and web address below its pipeline's. */
function workflowRows(url, workflows) {
    return workflows.map((w) => ({
        id: w.id,
        name: w.name,
        status: w.status,
        url: (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .shellSafeUrl */ .NO)(`${url}/workflows/${encodeURIComponent(w.id)}`),
    }));
}
async function startV1(connection, api, request) {
    try {
        return { api: 'v1.1', result: await connection.client.trigger(connection.project, request) };
    }
    catch (error) {
        if (api === 'v1.1' || !(error instanceof _api_sunset_js__WEBPACK_IMPORTED_MODULE_2__/* .GoneError */ .AD))
            throw error;
        throw new GoneUserError(`${error.message}. A pipeline (API v2) cannot be started instead, because ${withoutV2Form(request).join(' and ')} ` +
            `${withoutV2Form(request).length > 1 ? 'are' : 'is'} given: ${NO_V2_FORM}`);
    }
}
/** Every trigger form failed: the one error names each answer, `pipeline/run`'s first. */
class TriggerFailedError extends _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui {
    name = 'TriggerFailedError';
}
/** A 410 after which v2 cannot do what was asked. */
class GoneUserError extends _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui {
    name = 'GoneUserError';
}
/**
 * Reruns a build: v1.1 retry, or (with `v2`, or `auto` after a 410) its job through its workflow's v2 rerun,
 * which needs the build's workflow and job ids from its v1.1 record.
 */
async function rerunBuild(connection, api, buildNum, options) {
    const { client, project } = connection;
    if (api !== 'v2') {
        try {
            const build = options.noCache
                ? await client.retryNoCache(project, buildNum)
                : await client.retry(project, buildNum, { ssh: options.ssh });
            return { api: 'v1.1', build };
        }
        catch (error) {
            if (api === 'v1.1' || !(error instanceof _api_sunset_js__WEBPACK_IMPORTED_MODULE_2__/* .GoneError */ .AD))
                throw error;
            if (options.noCache)
                throw new GoneUserError(`${error.message}. ${NO_CACHE_RERUN}`);
            connection.transport.log('info', `${error.message}; rerunning the job through its workflow (API v2)`);
        }
    }
    else if (options.noCache) {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('command', `retry-no-cache with trigger-api: v2 is not possible. ${NO_CACHE_RERUN}`);
    }
    const build = await client.build(project, buildNum);
    const workflows = build.workflows;
    const workflowId = workflows?.['workflow_id'];
    const jobId = workflows?.['job_id'];
    if (typeof workflowId !== 'string' || typeof jobId !== 'string') {
        throw new GoneUserError(`Build #${buildNum} belongs to no workflow (it ran on the old build system): API v2 reruns only jobs of ` +
            `workflows, and the v1.1 retry ${api === 'v2' ? 'was not asked for (trigger-api: v2)' : 'is gone'}`);
    }
    const rerun = await new _api_pipelines_js__WEBPACK_IMPORTED_MODULE_1__/* .Pipelines */ .Cw(connection.transport).rerun(workflowId, {
        jobs: [jobId],
        ...(options.ssh ? { enableSsh: true } : {}),
    });
    return { api: 'v2', rerun, of: build };
}
const NO_CACHE_RERUN = 'API v2 has no rerun without cache: use command: retry (a workflow rerun), and clear the cache first with ' +
    'command: clear-cache if needed';


/***/ })

};
