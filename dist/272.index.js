export const id = 272;
export const ids = [272];
export const modules = {

/***/ 3045:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G: () => (/* binding */ workspace),
/* harmony export */   M: () => (/* binding */ workflowBranch)
/* harmony export */ });
// Defaults that come from the workflow run (the runner's GITHUB_* variables).
/**
 * The branch the workflow runs on: the pull request's head branch, else the ref's name when the ref is a branch;
 * `fallback` when it runs on no branch (a tag, a schedule on a detached ref).
 */
function workflowBranch(env, fallback = 'master') {
    const head = env['GITHUB_HEAD_REF'];
    if (head)
        return head;
    const ref = env['GITHUB_REF'] ?? '';
    const isBranch = env['GITHUB_REF_TYPE'] === 'branch' || ref.startsWith('refs/heads/');
    if (isBranch)
        return env['GITHUB_REF_NAME'] || ref.replace(/^refs\/heads\//, '') || fallback;
    return fallback;
}
/** The workspace the runner checked out into, else the current directory. */
function workspace(env) {
    return env['GITHUB_WORKSPACE'] || process.cwd();
}


/***/ }),

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
// EXTERNAL MODULE: ../api/records.ts
var records = __webpack_require__(5942);
// EXTERNAL MODULE: ../api/ssh.ts
var ssh = __webpack_require__(3534);
// EXTERNAL MODULE: ../api/validate.ts
var validate = __webpack_require__(1272);
// EXTERNAL MODULE: ../action/run.ts + 9 modules
var run = __webpack_require__(1498);
// EXTERNAL MODULE: ../action/text.ts
var action_text = __webpack_require__(5947);
// EXTERNAL MODULE: ../action/workflow.ts
var workflow = __webpack_require__(3045);
;// CONCATENATED MODULE: ./general/report.ts
// What the general action says came back, in one line for the log and the summary: a count for lists, a build's
// number and status, a key's fingerprint. Never a value: variables come back masked by the service, and every
// secret is redacted again on the way out.
const isRow = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const report_text = (value) => typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
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
    const nums = builds.flatMap((b) => isRow(b) && typeof b['build_num'] === 'number' ? [b['build_num']] : []);
    if (nums.length === 0)
        return plural(builds.length, 'build');
    const statuses = new Map();
    for (const b of builds) {
        const status = (isRow(b) && report_text(b['status'])) || 'unknown';
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    const counts = [...statuses].map(([status, n]) => `${n} ${status}`).join(', ');
    return `${plural(builds.length, 'build')}, #${Math.max(...nums)} to #${Math.min(...nums)} (${counts})`;
}
function describeList(items, noun, field) {
    const names = field === undefined ? [] : items.flatMap((i) => (isRow(i) && report_text(i[field]) ? [report_text(i[field])] : []));
    const shown = names.slice(0, 10).join(', ');
    const more = names.length > 10 ? `, and ${names.length - 10} more` : '';
    return names.length > 0 ? `${plural(items.length, noun)}: ${shown}${more}` : plural(items.length, noun);
}
function describeTests(result) {
    const tests = isRow(result) && Array.isArray(result['tests']) ? result['tests'] : [];
    const byResult = new Map();
    for (const t of tests) {
        const r = (isRow(t) && report_text(t['result'])) || 'unknown';
        byResult.set(r, (byResult.get(r) ?? 0) + 1);
    }
    const counts = [...byResult].map(([r, n]) => `${n} ${r}`).join(', ');
    return `${plural(tests.length, 'test')}${counts ? ` (${counts})` : ''}`;
}
function describeKey(key) {
    if (!isRow(key))
        return 'no key';
    return `${report_text(key['type']) ?? 'key'} ${report_text(key['fingerprint']) ?? '(no fingerprint)'}`;
}
function describeMessage(result, fallback) {
    return (isRow(result) && (report_text(result['message']) ?? report_text(result['status']))) || fallback;
}
const BUILD_COMMANDS = new Set(['build', 'trigger', 'retry', 'retry-no-cache', 'cancel', 'add-ssh-user']);
/** One line saying what the call answered. */
function describeResult(command, result) {
    if (BUILD_COMMANDS.has(command))
        return describeBuild(result);
    switch (command) {
        case 'me':
            return isRow(result) ? `signed in as ${report_text(result['login']) ?? '(no login)'}` : 'no user';
        case 'projects':
            return Array.isArray(result) ? describeList(result, 'project', 'reponame') : 'no list';
        case 'builds':
        case 'recent-builds':
            return Array.isArray(result) ? describeBuilds(result) : 'no list';
        case 'artifacts':
        case 'latest-artifacts':
            return Array.isArray(result) ? describeList(result, 'artifact', 'path') : 'no list';
        case 'tests':
            return describeTests(result);
        case 'list-envvars':
            return Array.isArray(result) ? describeList(result, 'variable', 'name') : 'no list';
        case 'get-envvar':
        case 'add-envvar':
            return isRow(result) ? `variable ${report_text(result['name']) ?? '?'} (value hidden)` : 'no variable';
        case 'list-checkout-keys':
            return Array.isArray(result) ? describeList(result, 'checkout key', 'fingerprint') : 'no list';
        case 'get-checkout-key':
        case 'create-checkout-key':
            return describeKey(result);
        case 'follow':
            return isRow(result) && result['following'] === true ? 'following the project' : 'not following';
        case 'clear-cache':
            return describeMessage(result, 'cache cleared');
        case 'delete-envvar':
        case 'delete-checkout-key':
            return describeMessage(result, 'deleted');
        case 'add-ssh-key':
            return 'SSH key added';
        case 'add-platform-key':
            return 'platform key added';
        default:
            return Array.isArray(result) ? plural(result.length, 'item') : 'done';
    }
}

;// CONCATENATED MODULE: ./general/general.ts








const PARAMETERS = [
    'build-num',
    'branch',
    'limit',
    'offset',
    'status-filter',
    'revision',
    'tag',
    'parallel',
    'params',
    'ssh',
    'name',
    'value',
    'key-type',
    'fingerprint',
    'ssh-key',
    'hostname',
    'apikey',
    'all-pages',
];
const spec = {
    name: 'general',
    inputs: ['command', ...PARAMETERS],
    outputs: ['result'],
};
async function collect(items) {
    const out = [];
    for await (const item of items)
        out.push(item);
    return out;
}
const page = (a) => ({
    ...(a.limit === undefined ? {} : { limit: a.limit }),
    ...(a.offset === undefined ? {} : { offset: a.offset }),
});
const COMMANDS = {
    me: { takes: [], project: false, call: (c) => c.me() },
    projects: { takes: [], project: false, call: (c) => c.projects() },
    'recent-builds': {
        takes: ['limit', 'offset', 'all-pages'],
        project: false,
        paged: true,
        call: (c, _p, a) => (a.allPages ? collect(c.allRecentBuilds(page(a))) : c.recentBuilds(page(a))),
    },
    'add-platform-key': { takes: ['apikey'], project: false, call: (c, _p, a) => c.addPlatformKey(a.apikey) },
    follow: { takes: [], call: (c, p) => c.follow(p) },
    builds: {
        takes: ['limit', 'offset', 'status-filter', 'branch', 'all-pages'],
        paged: true,
        call: (c, p, a) => {
            const query = {
                ...page(a),
                ...(a.branch === undefined ? {} : { branch: a.branch }),
                ...(a.statusFilter === undefined ? {} : { statusFilter: a.statusFilter }),
            };
            return a.allPages ? collect(c.allBuilds(p, query)) : c.builds(p, query);
        },
    },
    trigger: {
        takes: ['branch', 'revision', 'tag', 'parallel', 'params'],
        call: async (c, p, a) => (await c.trigger(p, {
            branch: a.branch ?? (0,workflow/* workflowBranch */.M)(a.env),
            ...(a.revision === undefined ? {} : { revision: a.revision }),
            ...(a.tag === undefined ? {} : { tag: a.tag }),
            ...(a.parallel === undefined ? {} : { parallel: a.parallel }),
            ...(a.params === undefined ? {} : { params: a.params }),
        })).build,
    },
    build: { takes: ['build-num'], call: (c, p, a) => c.build(p, a.buildNum) },
    retry: { takes: ['build-num', 'ssh'], call: (c, p, a) => c.retry(p, a.buildNum, { ssh: a.ssh }) },
    'retry-no-cache': {
        takes: ['build-num'],
        warning: 'retry-no-cache uses an undocumented, unsupported use of the retry endpoint; the service may change or remove it at any moment',
        call: (c, p, a) => c.retryNoCache(p, a.buildNum),
    },
    cancel: { takes: ['build-num'], call: (c, p, a) => c.cancel(p, a.buildNum) },
    'add-ssh-user': { takes: ['build-num'], call: (c, p, a) => c.addSshUser(p, a.buildNum) },
    artifacts: { takes: ['build-num'], call: (c, p, a) => c.artifacts(p, a.buildNum) },
    'latest-artifacts': {
        takes: ['branch', 'status-filter'],
        call: async (c, p, a) => {
            const latest = await c.latestArtifacts(p, {
                statusFilter: (a.statusFilter ?? 'completed'),
                ...(a.branch === undefined ? {} : { branch: a.branch }),
            });
            // Spec rule 3: the service's 404 for "no artifacts" is an empty list here.
            return latest.found ? latest.artifacts : [];
        },
    },
    tests: { takes: ['build-num'], call: (c, p, a) => c.tests(p, a.buildNum) },
    'clear-cache': { takes: [], call: (c, p) => c.clearCache(p) },
    'list-envvars': { takes: [], call: (c, p) => c.listEnvVars(p) },
    'get-envvar': { takes: ['name'], call: (c, p, a) => c.getEnvVar(p, a.name) },
    'add-envvar': { takes: ['name', 'value'], call: (c, p, a) => c.addEnvVar(p, a.name, a.value) },
    'delete-envvar': { takes: ['name'], call: (c, p, a) => c.deleteEnvVar(p, a.name) },
    'list-checkout-keys': { takes: [], call: (c, p) => c.listCheckoutKeys(p) },
    'get-checkout-key': { takes: ['fingerprint'], call: (c, p, a) => c.getCheckoutKey(p, a.fingerprint) },
    'create-checkout-key': {
        takes: ['key-type'],
        call: (c, p, a) => c.createCheckoutKey(p, a.keyType),
    },
    'delete-checkout-key': { takes: ['fingerprint'], call: (c, p, a) => c.deleteCheckoutKey(p, a.fingerprint) },
    'add-ssh-key': { takes: ['ssh-key', 'hostname'], call: (c, p, a) => c.addSshKey(p, a.sshKey, a.hostname) },
};
/** Reads the inputs a command takes, checking each; inputs it does not take must be empty. */
function readArgs(ctx, command, takes) {
    const { inputs } = ctx;
    const wants = (p) => takes.includes(p);
    // Secrets are masked before anything else is read.
    const value = wants('value') ? (inputs.secret('value', { required: true }) ?? '') : '';
    const apikey = wants('apikey') ? inputs.secret('apikey', { required: true }) : '';
    const sshKey = wants('ssh-key')
        ? (0,ssh/* checkSshKey */.S)('ssh-key', inputs.secret('ssh-key', { required: true })).privateKey
        : '';
    for (const p of PARAMETERS) {
        if (!wants(p) && p !== 'all-pages' && inputs.raw(p) !== '') {
            const allowed = takes.length
                ? `it takes ${takes.map((t) => `'${t}'`).join(', ')}`
                : 'it takes no parameters';
            throw new errors/* ValidationError */.yI(p, `leave it out for command '${command}': ${allowed}`, undefined, `not used by '${command}'`);
        }
    }
    const optional = (p) => (wants(p) ? inputs.optional(p) : undefined);
    const args = {
        buildNum: wants('build-num')
            ? (inputs.integer('build-num', 1, Number.MAX_SAFE_INTEGER) ?? missingBuildNum('build-num', command))
            : 0,
        branch: optional('branch'),
        limit: wants('limit') ? inputs.integer('limit', 1, 100) : undefined,
        offset: wants('offset') ? inputs.integer('offset', 0, Number.MAX_SAFE_INTEGER) : undefined,
        revision: optional('revision'),
        tag: optional('tag'),
        parallel: wants('parallel') ? inputs.integer('parallel', 1, Number.MAX_SAFE_INTEGER) : undefined,
        params: wants('params') ? inputs.params('params') : undefined,
        ssh: wants('ssh') ? inputs.boolean('ssh', false) : false,
        name: wants('name') ? (0,validate/* checkEnvName */.$n)('name', inputs.required('name')) : '',
        value,
        fingerprint: wants('fingerprint') ? (0,validate/* checkSegment */.cr)('fingerprint', inputs.required('fingerprint')) : '',
        sshKey,
        hostname: optional('hostname'),
        apikey: apikey ?? '',
        allPages: inputs.boolean('all-pages', false),
        statusFilter: wants('status-filter')
            ? inputs.oneOf('status-filter', command === 'latest-artifacts' ? records/* ARTIFACT_STATUS_FILTERS */.YQ : records/* BUILD_STATUS_FILTERS */._N, '')
            : undefined,
        keyType: wants('key-type') ? inputs.oneOf('key-type', records/* CHECKOUT_KEY_TYPES */.l9, 'deploy-key') : 'deploy-key',
        env: ctx.env,
    };
    if (args.statusFilter === '')
        args.statusFilter = undefined;
    if (args.branch !== undefined)
        (0,validate/* checkSegment */.cr)('branch', args.branch);
    if (args.hostname !== undefined)
        (0,validate/* checkSegment */.cr)('hostname', args.hostname, 'a host name');
    (0,validate/* checkRevisionOrTag */.TD)('revision', args.revision, 'tag', args.tag);
    return args;
}
function missingBuildNum(input, command) {
    throw new errors/* ValidationError */.yI(input, `a value is required by command '${command}': a build number, 1 or more`, undefined, 'missing');
}
async function general(ctx) {
    const name = ctx.inputs.required('command', `one of ${Object.keys(COMMANDS).join(', ')}`);
    const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!command) {
        throw new errors/* ValidationError */.yI('command', `allowed: ${Object.keys(COMMANDS).join(', ')}`, name);
    }
    const args = readArgs(ctx, name, command.takes);
    if (args.allPages && !command.paged) {
        ctx.io.warning(`all-pages has no effect on '${name}': it answers in one piece`);
    }
    if (command.warning)
        ctx.io.warning(command.warning);
    const { client, project } = ctx.connect({ needsProject: command.project !== false });
    const result = await command.call(client, project, args);
    const text = JSON.stringify(result ?? null);
    ctx.setOutput('result', text);
    const what = describeResult(name, result);
    ctx.info(`${name}: ${what}`);
    await ctx.io.summary.addRaw(`\`${name}\`: ${(0,action_text/* mdSafe */.$v)(what, 1000)}`, true).write();
}
/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
function general_run() {
    return (0,run/* runAction */.Cs)(spec, general);
}


/***/ })

};
