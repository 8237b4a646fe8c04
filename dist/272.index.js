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

// EXTERNAL MODULE: ../common/errors.ts
var errors = __webpack_require__(3094);
// EXTERNAL MODULE: ../service/http/errors.ts
var http_errors = __webpack_require__(5841);
// EXTERNAL MODULE: ../service/pipeline-builds.ts
var pipeline_builds = __webpack_require__(1467);
// EXTERNAL MODULE: ../service/records.ts
var records = __webpack_require__(5305);
// EXTERNAL MODULE: ../common/values.ts
var values = __webpack_require__(4415);
// EXTERNAL MODULE: ../service/ssh.ts
var ssh = __webpack_require__(5517);
// EXTERNAL MODULE: ../service/validate.ts
var validate = __webpack_require__(6609);
// EXTERNAL MODULE: ../runner/run.ts + 6 modules
var run = __webpack_require__(3480);
// EXTERNAL MODULE: ../runner/trigger-api.ts
var trigger_api = __webpack_require__(3703);
// EXTERNAL MODULE: ../runner/summary.ts
var summary = __webpack_require__(2970);
// EXTERNAL MODULE: ../runner/text.ts
var runner_text = __webpack_require__(8999);
// EXTERNAL MODULE: ../runner/workflow.ts
var workflow = __webpack_require__(649);
// EXTERNAL MODULE: ../common/format.ts
var format = __webpack_require__(7370);
;// CONCATENATED MODULE: ./general/report.ts
// What the general action says came back, in one line for the log and the summary: a count for lists, a build's
// number and status, a key's fingerprint. Never a value: variables come back masked by the service, and every
// secret is redacted again on the way out.


const rows = (value) => (Array.isArray(value) ? value.map((v) => ((0,values/* isRecord */.u4)(v) ? v : {})) : []);
const report_text = (value) => typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
/** `2 success, 1 failed`: how many rows have each value of `field`. */
function counts(items, field) {
    const groups = Map.groupBy(items, (item) => report_text(item[field]) || 'unknown');
    return [...groups].map(([value, group]) => `${group.length} ${value}`).join(', ');
}
/** `build #12 (main, 1a2b3c4): running`, `build #12: success (finished)`. */
function describeBuild(build) {
    if (!(0,values/* isRecord */.u4)(build))
        return 'no build';
    const where = [report_text(build['branch']), report_text(build['vcs_revision'])?.slice(0, 7)].filter(Boolean).join(', ');
    const status = report_text(build['status']) ?? 'unknown status';
    const outcome = report_text(build['outcome']);
    const more = outcome !== undefined && outcome !== status ? ` (outcome ${outcome})` : '';
    const url = report_text(build['build_url']);
    return `build #${report_text(build['build_num']) ?? '?'}${where ? ` (${where})` : ''}: ${status}${more}${url ? `, ${url}` : ''}`;
}
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
function describeResult(command, result) {
    const row = (0,values/* isRecord */.u4)(result) ? result : undefined;
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
            // v1.1 answers `{tests}`; v2 the list itself.
            const tests = rows(Array.isArray(result) ? result : row?.['tests']);
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
    return value === undefined ? undefined : (0,validate/* checkSegment */.cr)(name, value, what);
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
    replacement: trigger_api/* triggerApiReplacement */.fo,
};
/** The job a build number names, in its workflow (API v2), for a rerun of that job alone. */
async function rerunJob(api, p, a) {
    // Nothing was sent yet: a project named by its slug has no v1.1 retry.
    (0,trigger_api/* checkTriggerInputs */.em)(a['trigger-api'], { branch: '' }, true);
    const num = a['build-num'];
    const workflowId = (await api.job(p, num)).latest_workflow?.id;
    if (typeof workflowId !== 'string')
        throw new http_errors/* UnusableAnswerError */.qx('GET', `v2 job #${num}`, 'the job names no workflow to rerun');
    const found = (await api.jobs({ id: workflowId, project_slug: p.slug })).find((job) => job.job_number === num);
    if (found === undefined) {
        const path = `v2 /workflow/${workflowId}/job`;
        throw new http_errors/* UnusableAnswerError */.qx('GET', path, `job #${num} is not among the jobs of its workflow`);
    }
    return api.rerun(workflowId, { jobs: [found.id], ...(0,values/* definedOnly */.Uv)({ enableSsh: a.ssh || undefined }) });
}
/** The new build of a v1.1 retry, or the rerun of the build's job through its workflow (API v2). */
async function rerun(a, options) {
    const done = await a.connection.service.rerun(a['trigger-api'], a['build-num'], options);
    if (done.api === 'v1.1')
        return done.build;
    a.connection.transport.log('info', `Reran build #${a['build-num']}'s job through its workflow (API v2): new workflow ${done.rerun.workflow_id}`);
    return done.rerun;
}
async function collect(items) {
    const out = [];
    for await (const item of items)
        out.push(item);
    return out;
}
const page = (a) => (0,values/* definedOnly */.Uv)({ limit: a.limit, offset: a.offset });
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
        call: (c, _p, a) => (a['all-pages'] ? collect(c.allRecentBuilds(page(a))) : c.recentBuilds(page(a))),
    },
    'add-platform-key': { takes: ['apikey'], project: false, call: (c, _p, a) => c.addPlatformKey(a.apikey) },
    follow: { takes: [], call: (c, p) => c.follow(p) },
    builds: {
        takes: ['limit', 'offset', 'status-filter', 'branch', 'all-pages'],
        call: (c, p, a) => {
            const filter = a['status-filter'];
            const query = { ...page(a), ...(0,values/* definedOnly */.Uv)({ branch: a.branch, statusFilter: filter }) };
            return a['all-pages'] ? collect(c.allBuilds(p, query)) : c.builds(p, query);
        },
    },
    // The service's trigger takes either kind of project: a slug's only through its pipeline trigger.
    trigger: {
        takes: ['branch', 'revision', 'tag', 'parallel', 'params', 'trigger-api', 'definition-id'],
        call: (_c, _p, a) => trigger(a),
        v2: (_api, _p, a) => trigger(a),
    },
    build: ofBuild('build', 'job'),
    retry: {
        takes: ['build-num', 'ssh', 'trigger-api'],
        call: (_c, _p, a) => rerun(a, { ssh: a.ssh }),
        v2: rerunJob,
    },
    'retry-no-cache': {
        takes: ['build-num', 'trigger-api'],
        warning: 'retry-no-cache uses an undocumented, unsupported use of the retry endpoint; the service may change or remove it at any moment',
        call: (_c, _p, a) => rerun(a, { ssh: false, noCache: true }),
    },
    cancel: ofBuild('cancel', 'cancelJob'),
    'add-ssh-user': ofBuild('addSshUser'),
    artifacts: ofBuild('artifacts', 'artifacts'),
    'latest-artifacts': {
        takes: ['branch', 'status-filter'],
        call: async (c, p, a) => {
            const latest = await c.latestArtifacts(p, {
                statusFilter: (a['status-filter'] ?? 'completed'),
                ...(0,values/* definedOnly */.Uv)({ branch: a.branch }),
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
    return { branch, ...(0,values/* definedOnly */.Uv)({ revision, tag, parallel, params, definitionId }) };
}
/** A build, or a pipeline read until set up (docs/sunset.md), whose record an errored one still sets as result. */
async function trigger(a) {
    const started = await a.connection.service.trigger(a['trigger-api'], triggerRequest(a));
    if (started.api === 'v1.1')
        return started.result.build;
    if (started.api === 'none') {
        a.ctx.io.warning((0,runner_text/* logSafe */.sN)(`The service triggered no pipeline: ${started.message}`));
        return { message: started.message };
    }
    try {
        return await (0,trigger_api/* confirmPipeline */.Lb)(a.ctx, a.connection.service, started.pipeline);
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
    const read = readArgs(ctx, name, command.takes);
    if (read['all-pages'] && !command.takes.includes('all-pages'))
        ctx.io.warning(`all-pages has no effect on '${name}': it answers in one piece`);
    if (command.warning)
        ctx.io.warning(command.warning);
    const { v2 } = command;
    // Commands about no project take no project either way; the others need a v2 form for a slug.
    const connection = ctx.connect({ needsProject: command.project !== false });
    const args = { ...read, connection };
    const result = await connection.service.either(`command '${name}'`, {
        v1: (client, project) => command.call(client, project, args),
        v2: v2 && ((api, project) => v2(api, project, args)),
    });
    ctx.setOutput('result', JSON.stringify(result ?? null));
    const what = describeResult(name, result);
    ctx.info(`${name}: ${what}`);
    await (0,summary/* appendSummary */.fe)(ctx.io, `\`${name}\`: ${(0,runner_text/* mdSafe */.$v)(what, 1000)}`);
}
function general_run() {
    return (0,run/* runAction */.Cs)(spec, general);
}


/***/ }),

/***/ 3703:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EL: () => (/* binding */ pipelineUrl),
/* harmony export */   KP: () => (/* binding */ warnRecovered),
/* harmony export */   Lb: () => (/* binding */ confirmPipeline),
/* harmony export */   NI: () => (/* binding */ readTriggerApi),
/* harmony export */   em: () => (/* reexport safe */ _service_start_build_js__WEBPACK_IMPORTED_MODULE_6__.e),
/* harmony export */   fo: () => (/* binding */ triggerApiReplacement),
/* harmony export */   zL: () => (/* binding */ workflowRows)
/* harmony export */ });
/* harmony import */ var _service_slug_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9816);
/* harmony import */ var _service_http_sunset_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1520);
/* harmony import */ var _service_pipeline_builds_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1467);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8999);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7370);
/* harmony import */ var _service_v2_records_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(216);
/* harmony import */ var _service_start_build_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3614);







/** The replacement of a removed trigger or rerun, and the input that chooses it. */
function triggerApiReplacement(method, path) {
    const replacement = (0,_service_http_sunset_js__WEBPACK_IMPORTED_MODULE_1__/* .v2Replacement */ .Zr)(method, path);
    if (replacement === undefined)
        return undefined;
    // The trigger of `auto` is a pipeline already unless an input only v1.1 takes is given (docs/sunset.md).
    return path.includes('/tree/')
        ? `${replacement}: keep the default, trigger-api: auto, without revision and parallel, or set trigger-api: v2`
        : `${replacement}: set trigger-api: v2, or keep the default, auto, which moves to it by itself once the ` +
            'service answers 410';
}
function readTriggerApi(inputs) {
    return inputs.oneOf('trigger-api', ['auto', 'v1.1', 'v2'], 'auto');
}
/** How long a triggered pipeline may stay in its pending states before the step goes on without knowing. */
const SETUP_WAIT_MS = 60_000;
// Reads a triggered pipeline until it leaves the pending states, as a 201 may say `created` before its configuration
// was compiled: an errored pipeline fails; one still pending at the end is said, and the step goes on.
async function confirmPipeline(ctx, pipelines, triggered, deadline = Number.POSITIVE_INFINITY) {
    const until = Math.min(ctx.clock.now() + SETUP_WAIT_MS, deadline);
    let pause = 250;
    let pipeline = await pipelines.pipeline(triggered.id);
    while (_service_v2_records_js__WEBPACK_IMPORTED_MODULE_5__/* .PENDING_PIPELINE_STATES */ .Aw.has(pipeline.state ?? '') && (0,_service_v2_records_js__WEBPACK_IMPORTED_MODULE_5__/* .pipelineErrors */ .yi)(pipeline) === undefined) {
        const wait = Math.min(pause, until - ctx.clock.now());
        if (wait <= 0) {
            const after = `after ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a3)(SETUP_WAIT_MS)}: its configuration may still fail; going on`;
            ctx.io.warning((0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .logSafe */ .sN)(`Pipeline #${pipeline.number} is still ${pipeline.state ?? 'pending'} ${after}`));
            return pipeline;
        }
        await ctx.clock.sleep(wait, ctx.signal);
        pause = Math.min(pause * 2, 5000);
        pipeline = await pipelines.pipeline(triggered.id);
    }
    const errors = (0,_service_v2_records_js__WEBPACK_IMPORTED_MODULE_5__/* .pipelineErrors */ .yi)(pipeline);
    if (errors === undefined)
        return pipeline;
    const why = errors.length > 0 ? `: ${errors.join('; ')}` : '';
    const text = (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .logSafe */ .sN)(`Pipeline #${pipeline.number} is errored: nothing of it runs${why}`);
    // The pipeline rides along as the cause: the general action's `result` output is that record.
    throw new _service_pipeline_builds_js__WEBPACK_IMPORTED_MODULE_2__/* .PipelineErroredError */ .GU(text, { cause: pipeline });
}
// The web app's address of a pipeline (docs/sunset.md), from checked parts only: `{web}/pipelines/{slug}/{number}`,
// `{web}` being the origin of a job's address once one is known, else `base-url`'s root with its path prefix.
function pipelineUrl(connection, pipeline, jobUrl) {
    const job = jobUrl ? URL.parse(jobUrl) : null;
    const web = job?.origin ?? connection.baseUrl.replace(/\/api\/v1\.1$/u, '');
    return (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .shellSafeUrl */ .NO)(`${web}/pipelines/${(0,_service_slug_js__WEBPACK_IMPORTED_MODULE_0__/* .projectSlug */ .Tb)(connection.project)}/${pipeline.number}`);
}
/** The `workflows` output: each workflow's id, name, status and web address below its pipeline's. */
function workflowRows(url, workflows) {
    return workflows.map(({ id, name, status }) => {
        const link = (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .shellSafeUrl */ .NO)(`${url}/workflows/${encodeURIComponent(id)}`);
        return { id, name, status, url: link };
    });
}
/** Says that the trigger's answer was lost, and what the step found it had started. */
function warnRecovered(ctx, after, what, where) {
    if (after !== undefined)
        ctx.io.warning((0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .logSafe */ .sN)(`The trigger's answer was lost (${after}); found ${what}, which it started${where}`));
}


/***/ })

};
