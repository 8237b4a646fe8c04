export const id = 784;
export const ids = [784];
export const modules = {

/***/ 5784:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ fetch_artifacts_run),
  spec: () => (/* binding */ spec)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:timers/promises"
var external_node_timers_promises_ = __webpack_require__(8500);
// EXTERNAL MODULE: ../runner/run.ts + 6 modules
var run = __webpack_require__(3480);
// EXTERNAL MODULE: ../runner/summary.ts
var summary = __webpack_require__(2970);
// EXTERNAL MODULE: ../runner/outcomes.ts
var outcomes = __webpack_require__(2049);
// EXTERNAL MODULE: ../runner/text.ts
var runner_text = __webpack_require__(8999);
// EXTERNAL MODULE: ../files/download.ts
var download = __webpack_require__(1347);
// EXTERNAL MODULE: ../common/format.ts
var format = __webpack_require__(7370);
;// CONCATENATED MODULE: ../common/limiter.ts
/** Calls `fn` for every item, at most `concurrency` at once, with no promise made up front (it would be running
 *  already); after a failure nothing starts, `abort` stops the rest, and it is thrown once all have settled. */
async function forEachLimited(items, concurrency, fn, abort = () => { }) {
    let failure;
    let next = 0;
    const work = async () => {
        while (failure === undefined && next < items.length) {
            const index = next++;
            try {
                await fn(items[index], index);
            }
            catch (error) {
                if (failure !== undefined)
                    continue;
                failure = { error };
                abort(error);
            }
        }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, work));
    if (failure !== undefined)
        throw failure.error;
}

// EXTERNAL MODULE: ../files/paths.ts
var paths = __webpack_require__(3799);
// EXTERNAL MODULE: ../files/names.ts
var names = __webpack_require__(3919);
// EXTERNAL MODULE: ../files/destination.ts
var files_destination = __webpack_require__(9799);
;// CONCATENATED MODULE: ../files/archive.ts
/** The archive kind of a file name, and the name without its extension (the folder it unpacks into). */
function archiveOf(name) {
    const match = /^(.+)\.(tar\.gz|tgz|tar|zip)$/isu.exec(name);
    const ending = match?.[2]?.toLowerCase();
    if (match?.[1] === undefined || ending === undefined)
        return undefined;
    return { kind: ending === 'tgz' ? 'tar.gz' : ending, stem: match[1] };
}

// EXTERNAL MODULE: ../service/http/errors.ts
var errors = __webpack_require__(5841);
// EXTERNAL MODULE: ../service/forks.ts
var service_forks = __webpack_require__(3618);
;// CONCATENATED MODULE: ./fetch-artifacts/build-selection.ts




/** Matching builds `latest` and `search-artifacts` look at, newest first, before they give up. */
const SEARCH_ARTIFACTS_BUILDS = 100;
/** The build whose artifacts are fetched, with its list; one named by number may stay unread. */
async function chooseBuild(ctx, service, options) {
    let num = options.buildNum;
    let build;
    let artifacts;
    if (num === undefined) {
        const found = await selectLatest(ctx, service, options);
        if (found.build === undefined)
            return { num, none: found.none, artifacts: [] };
        ({ build, artifacts } = found);
        num = build.number;
    }
    else {
        build = await service.job(num).catch((error) => {
            if (!(error instanceof errors/* ApiError */.hD || error instanceof errors/* BadResponseError */.nS))
                throw error;
            ctx.info(`The branch and commit of build #${num} could not be read: ${error.message}`);
            return undefined;
        });
    }
    if (build !== undefined) {
        const fork = build.fork
            ? '; it is of a pull request, perhaps a fork, whose configuration chose these artifacts'
            : '';
        ctx.info(`Fetching the artifacts of build #${build.number} (${branchAndCommit(build)})${fork}`);
    }
    ctx.setOutput('build-num', num);
    return { num, build, artifacts: artifacts ?? (await service.artifacts(num)), none: undefined };
}
async function selectLatest(ctx, service, options) {
    const slug = service.name;
    const wanted = describeBuild(options);
    // Builds of pull requests count with allow-forks, or with a branch that names one, which the user chose.
    const forks = options.allowForks || (0,service_forks/* isForkBranch */.vX)(options.branch);
    const scan = service.jobs(options);
    const passed = [];
    let pulls = 0;
    for (let looked = 0; looked < SEARCH_ARTIFACTS_BUILDS; looked++) {
        const build = await scan.next();
        if (build === undefined)
            break;
        if (!forks && build.fork) {
            passed.push(build.number);
            pulls++;
            ctx.info(`Build #${build.number} is of a pull request (branch ${String(build.branch)}), perhaps a fork's; ` +
                'passed over, as allow-forks is false; looking at an older one');
            continue;
        }
        const artifacts = options.searchArtifacts ? await service.artifacts(build.number) : undefined;
        if (artifacts !== undefined && !hasMatch(artifacts, options)) {
            passed.push(build.number);
            const matching = options.globs.length === 0 ? 'artifact' : 'artifact matching pattern';
            ctx.info(`Build #${build.number} has no ${matching}; looking at an older one`);
            continue;
        }
        const over = passed.length > 0
            ? ` (passing over the newer ${passed.length === 1 ? 'build' : 'builds'} ${passed.map((n) => `#${n}`).join(', ')})`
            : options.searchArtifacts
                ? ' (the newest of them)'
                : '';
        ctx.info(`The ${wanted} of ${slug} is build #${build.number}${over}`);
        return { build, artifacts };
    }
    const among = passed.length >= SEARCH_ARTIFACTS_BUILDS
        ? ` among the newest ${SEARCH_ARTIFACTS_BUILDS} builds that match`
        : scan.bounded
            ? ` among the builds that match within the newest ${scan.readBound} builds`
            : passed.length === 0
                ? ''
                : ` among the ${passed.length === 1 ? 'one build' : (0,format/* plural */.LS)(passed.length, 'build')} that match`;
    const skipped = pulls === 0
        ? ''
        : ` (${pulls === 1 ? 'one was' : `${pulls} were`} of a pull request, passed over as allow-forks is false)`;
    return { build: undefined, none: `no ${wanted} of ${slug} was found${among}${skipped}` };
}
/** `branch main, commit 0123abc…`, each part through `safe`; a part the answer lacks is said so. */
function branchAndCommit(build, safe = (text) => text) {
    const part = (value, max) => typeof value === 'string' && value !== '' ? safe((0,format/* cut */.Jj)(value, max)) : '(none)';
    return `branch ${part(build.branch, 200)}, commit ${part(build.revision, 64)}`;
}
/** Whether a build's artifact list has one that `pattern` selects (whatever its path's later fate). */
function hasMatch(artifacts, options) {
    try {
        return (0,paths/* planDownloads */.zi)(artifacts, { globs: options.globs, flatten: false }).files.length > 0;
    }
    catch (error) {
        // Two artifacts that would clash are still artifacts: the fetch itself reports the clash.
        if (error instanceof paths/* ClashError */.Ez)
            return true;
        throw error;
    }
}
/** The build as the messages name it: `build #12`, the latest that matches, or both. */
function describeBuild(options, num, safe = (text) => text) {
    const parts = [`latest ${options.statusFilter} build`];
    if (options.searchArtifacts && options.buildNum === undefined)
        parts.push(options.globs.length === 0 ? 'with artifacts' : 'with an artifact matching pattern');
    if (options.job !== undefined)
        parts.push(`of job ${safe(options.job)}`);
    if (options.revision !== undefined)
        parts.push(`of commit ${options.revision}`);
    if (options.branch !== undefined)
        parts.push(`on branch ${safe(options.branch)}`);
    const latest = parts.join(' ');
    if (num === undefined)
        return latest;
    return options.buildNum === undefined ? `build #${num} (the ${latest})` : `build #${num}`;
}

// EXTERNAL MODULE: ../files/stale-parts.ts
var stale_parts = __webpack_require__(173);
// EXTERNAL MODULE: ../files/file-errors.ts
var file_errors = __webpack_require__(2009);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ../runner/workflow.ts
var workflow = __webpack_require__(649);
// EXTERNAL MODULE: ../common/errors.ts
var common_errors = __webpack_require__(3094);
// EXTERNAL MODULE: ../common/glob.ts
var glob = __webpack_require__(9027);
// EXTERNAL MODULE: ../service/records.ts
var records = __webpack_require__(5305);
// EXTERNAL MODULE: ../service/validate.ts
var validate = __webpack_require__(6609);
;// CONCATENATED MODULE: ./fetch-artifacts/inputs.ts
// The inputs of fetch-artifacts, read and checked in one place: nothing is sent before readInputs returns.








// The largest extract-max-mib stays well inside what a number counts exactly.
const MAX_EXTRACT_MIB = 1024 * 1024 * 1024;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/u;
function refuse(name, allowed, value) {
    throw new common_errors/* ValidationError */.yI(name, `allowed: ${allowed}`, value);
}
function readInputs(ctx) {
    const { inputs } = ctx;
    const buildText = inputs.optional('build-num') ?? 'latest';
    if (buildText !== 'latest' && !/^\+?\d+$/u.test(buildText))
        refuse('build-num', "a build number (a whole number ≥ 1) or 'latest'", buildText);
    const buildNum = buildText === 'latest' ? undefined : (0,validate/* checkBuildNum */.ZL)('build-num', buildText);
    const branch = inputs.optional('branch');
    if (branch !== undefined)
        (0,validate/* checkSegment */.cr)('branch', branch, 'a branch name');
    const statusFilter = inputs.oneOf('status-filter', records/* ARTIFACT_STATUS_FILTERS */.YQ, 'completed');
    const revision = inputs.optional('revision');
    if (revision !== undefined && !/^[0-9a-f]{7,64}$/iu.test(revision))
        refuse('revision', 'a commit hash, or a prefix of at least 7 hex digits', revision);
    const job = inputs.optional('job');
    if (job !== undefined && (CONTROL.test(job) || job.length > 200))
        refuse('job', 'a job name, one line, at most 200 characters', job);
    const searchArtifacts = inputs.boolean('search-artifacts', false);
    // These choose among builds: a build named by number leaves them nothing to choose.
    const choosers = [
        ['branch', branch],
        ['status-filter', statusFilter === 'completed' ? undefined : statusFilter],
        ['revision', revision],
        ['job', job],
        ['search-artifacts', searchArtifacts ? 'true' : undefined],
    ];
    for (const [name, value] of choosers)
        if (buildNum !== undefined && value !== undefined)
            throw new common_errors/* ValidationError */.yI(name, "allowed only with build-num: 'latest'", value, `${name} is given with build-num ${buildNum}`);
    const pathText = inputs.optional('path');
    // eslint-disable-next-line no-control-regex
    if (pathText !== undefined && /[\u0000-\u001f]/u.test(pathText))
        refuse('path', 'a folder path without control characters', pathText);
    const fileName = inputs.optional('file-name');
    if (fileName !== undefined) {
        const allowed = 'a plain file name, without folders';
        const windows = (0,names/* profileOf */.dp)(process.platform).windowsNames ? (0,names/* windowsNameProblem */.g3)(fileName) : undefined;
        if (windows !== undefined)
            refuse('file-name', `${allowed}, that Windows can hold (this one ${windows})`, fileName);
        if (/[/\\]/u.test(fileName) || fileName === '.' || fileName === '..' || CONTROL.test(fileName))
            refuse('file-name', allowed, fileName);
        if (Buffer.byteLength(fileName) > names/* MAX_FILE_NAME_BYTES */.Or)
            refuse('file-name', `${allowed}, at most ${names/* MAX_FILE_NAME_BYTES */.Or} bytes`, fileName);
    }
    return {
        buildNum,
        branch,
        statusFilter,
        destination: (0,external_node_path_.resolve)((0,workflow/* workspace */.Gl)(ctx.env), pathText ?? '.'),
        globs: inputs.lines('pattern').map((line) => (0,glob/* compileGlob */.SO)('pattern', line)),
        fileName,
        flatten: inputs.boolean('flatten', false),
        ifNoArtifacts: (0,outcomes/* readIfNothing */.ll)(inputs, 'if-no-artifacts', 'warn'),
        concurrency: inputs.integer('concurrency', 1, 32, 8),
        /** Lower-case, as the service gives commits. */
        revision: revision?.toLowerCase(),
        job,
        overwrite: inputs.boolean('overwrite', false),
        extract: inputs.boolean('extract', false),
        searchArtifacts,
        extractMaxBytes: inputs.integer('extract-max-mib', 1, MAX_EXTRACT_MIB, 10_240) * 1024 * 1024,
        allowForks: inputs.boolean('allow-forks', false),
    };
}

;// CONCATENATED MODULE: ./fetch-artifacts/progress.ts
// Progress of many downloads as one line, for the log at a steady cadence: never a line per chunk.

class Progress {
    #total;
    #now;
    #started;
    #files = 0;
    #bytes = 0;
    #last;
    constructor(total, now) {
        this.#total = total;
        this.#now = now;
        this.#started = now();
        this.#last = { at: this.#started, bytes: 0 };
    }
    /** Bytes received (negative when a download starts over). */
    received(bytes) {
        this.#bytes += bytes;
    }
    fileDone() {
        this.#files++;
    }
    /** Files and bytes so far, with the rate since the last line. */
    line() {
        const last = this.#last;
        this.#last = { at: this.#now(), bytes: this.#bytes };
        const rate = rateOf(this.#bytes - last.bytes, this.#last.at - last.at);
        return `${this.#files} of ${this.#total} files done, ${(0,format/* formatBytes */.z3)(Math.max(0, this.#bytes))} received (${rate})`;
    }
    summary(savedBytes, destination) {
        const elapsed = this.#now() - this.#started;
        return `Fetched ${(0,format/* plural */.LS)(this.#files, 'file')} (${(0,format/* formatBytes */.z3)(savedBytes)}) into ${destination} in ${(0,format/* shortDuration */.TV)(elapsed)} (${rateOf(savedBytes, elapsed)})`;
    }
}
function rateOf(bytes, ms) {
    return ms <= 0 ? '-' : `${(0,format/* formatBytes */.z3)(Math.max(0, Math.round((bytes * 1000) / ms)))}/s`;
}

;// CONCATENATED MODULE: ./fetch-artifacts/summary.ts
// What a run reports: its outputs and its job summary.





async function setOutputs(ctx, saved) {
    const list = JSON.stringify(saved.map((s) => s.file));
    const listFile = (0,run/* runnerTempFile */.Xq)(ctx.env, 'fetch-artifacts-files', 'json');
    await (0,promises_.writeFile)(listFile, list);
    ctx.setOutput('file-list', listFile);
    ctx.setOutput('count', saved.length);
    // Past the size any output may hold, `files` is left empty: the list is in `file-list` anyway.
    const size = Buffer.byteLength(list);
    const fits = size <= run/* MAX_OUTPUT_BYTES */.$q;
    ctx.setOutput('files', fits ? saved.map((s) => s.file) : []);
    if (!fits)
        ctx.info(`The files output is left empty: the list of ${saved.length} paths takes ${(0,format/* formatBytes */.z3)(size)}, past the ` +
            `${(0,format/* formatBytes */.z3)(run/* MAX_OUTPUT_BYTES */.$q)} an output may hold here; the list is in ${listFile} (the file-list output)`);
    ctx.setOutput('bytes', totalBytes(saved));
}
function totalBytes(saved) {
    return saved.reduce((sum, s) => sum + s.bytes, 0);
}
async function writeSummary(ctx, saved, root, from) {
    const bytes = totalBytes(saved);
    const rest = saved.slice(summary/* SUMMARY_ROWS */.l4);
    const row = (tag, ...cells) => `<tr>${cells.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
    // The table is HTML, where a Markdown escape would show its backslash.
    const rows = saved
        .slice(0, summary/* SUMMARY_ROWS */.l4)
        .map((s) => row('td', (0,runner_text/* htmlSafe */.br)(s.shown, 500), (0,format/* formatBytes */.z3)(s.bytes)));
    const total = row('td', `<b>${(0,format/* plural */.LS)(saved.length, 'file')}</b>`, `<b>${(0,format/* formatBytes */.z3)(bytes)}</b>`);
    const lines = [
        `Fetched ${(0,format/* plural */.LS)(saved.length, 'file')} (${(0,format/* formatBytes */.z3)(bytes)}) of ${from} into ${(0,runner_text/* mdSafe */.$v)(root)}`,
        `<table>${row('th', 'File', 'Size')}${rows.join('')}${total}</table>`,
    ];
    if (rest.length > 0)
        lines.push(`…and ${(0,format/* plural */.LS)(rest.length, 'more file')} (${(0,format/* formatBytes */.z3)(totalBytes(rest))}) not shown.`);
    await (0,summary/* appendSummary */.fe)(ctx.io, lines.join('\n'));
}

;// CONCATENATED MODULE: ./fetch-artifacts/fetch-artifacts.ts



















const spec = {
    name: 'fetch-artifacts',
    inputs: [
        'build-num',
        'branch',
        'status-filter',
        'path',
        'pattern',
        'file-name',
        'flatten',
        'if-no-artifacts',
        'concurrency',
        'revision',
        'job',
        'overwrite',
        'extract',
        'search-artifacts',
        'extract-max-mib',
        'allow-forks',
    ],
    outputs: ['count', 'files', 'file-list', 'path', 'bytes', 'build-num'],
};
const PROGRESS_EVERY_MS = 10_000;
const YIELD_EVERY = 1000;
async function fetchArtifacts(ctx) {
    const options = readInputs(ctx);
    const { service } = ctx.connect({ downloadConnections: options.concurrency });
    const chosen = await chooseBuild(ctx, service, options);
    await (0,files_destination/* makeDestination */.zr)(options.destination);
    // Folders below are checked against this real path; the destination itself may be a link the user chose.
    const root = await (0,promises_.realpath)(options.destination);
    ctx.setOutput('path', root);
    const profile = (0,names/* profileOf */.dp)(process.platform);
    const plan = (0,paths/* planDownloads */.zi)(chosen.artifacts, { ...options, profile });
    let refused = 0;
    const refuse = (what, reason) => {
        if (++refused <= format/* MAX_NOTES */.jk)
            ctx.io.warning((0,runner_text/* logSafe */.sN)(`Refused artifact ${what}: ${reason}; it is not fetched`));
    };
    for (const { what, reason } of plan.refused)
        refuse(what, reason);
    (0,format/* sayFirst */.w2)(ctx.info, plan.contained, ({ source, changes }) => `Contained artifact ${(0,format/* quoted */.TL)(source)} inside the destination: ${changes.join(', ')}`, (n) => `Contained ${n} more artifact paths inside the destination`);
    if (plan.duplicates > 0)
        ctx.info(`${plan.duplicates} artifacts listed twice are fetched once`);
    if (plan.excluded > 0)
        ctx.io.debug(`${plan.excluded} artifacts left out by pattern`);
    const destination = new files_destination/* Destination */.DW(root, profile, options.extract);
    const checked = await checkFinalPaths(options, plan, destination, refuse, ctx.signal);
    const planned = checked.map((c) => c.file.segments);
    await (0,stale_parts/* removeStaleParts */.o)(root, planned, ctx.info);
    const saved = checked.length === 0
        ? []
        : await downloadAll(ctx, service.transport, options, checked, destination, refuse);
    if (refused > format/* MAX_NOTES */.jk)
        ctx.io.warning(`Refused ${refused - format/* MAX_NOTES */.jk} more artifacts, not each shown`);
    if (refused > 0)
        ctx.io.warning(`${(0,format/* plural */.LS)(refused, 'artifact was', 'artifacts were')} refused and not fetched`);
    if (checked.length > 0) {
        const named = chosen.build === undefined ? '' : ` (${branchAndCommit(chosen.build, runner_text/* mdSafe */.$v)})`;
        const from = `${describeBuild(options, chosen.num, runner_text/* mdSafe */.$v)} of ${(0,runner_text/* mdSafe */.$v)(service.name)}${named}`;
        return writeSummary(ctx, saved, root, from);
    }
    const which = `${describeBuild(options, chosen.num)} of ${service.name}`;
    const listed = chosen.artifacts.length;
    // Only when the patterns left nothing: artifacts they selected but that were refused were warned about one by one.
    const text = `No artifacts fetched: ${chosen.none ??
        (listed === 0
            ? `${which} has no artifacts`
            : options.globs.length > 0 && plan.files.length === 0 && plan.excluded > 0 && plan.available.length > 0
                ? `none of the ${listed} artifacts of ${which} matches pattern; their paths: ${(0,paths/* sample */.XM)(plan.available)}`
                : `none of the ${listed} artifacts of ${which} can be fetched`)}`;
    await setOutputs(ctx, []);
    (0,outcomes/* ifNothing */.Le)(ctx, options.ifNoArtifacts, text, () => new file_errors/* FetchError */.fk(`${text} (if-no-artifacts: fail)`));
    await (0,summary/* appendSummary */.fe)(ctx.io, (0,runner_text/* mdSafe */.$v)(text, 1000));
}
/** Every final path is looked at before anything is downloaded (docs/promises.md, promise 12). */
async function checkFinalPaths(options, plan, destination, refuse, signal) {
    const out = [];
    const existing = [];
    // With extract, the first file at each folded path and folder, where an archive's folder is looked up.
    const taken = new Map();
    for (const f of options.extract ? plan.files : []) {
        for (let n = 1; n <= f.segments.length; n++) {
            const key = (0,names/* foldedName */.mw)(f.segments.slice(0, n).join('/'));
            if (!taken.has(key))
                taken.set(key, f);
        }
    }
    // Nothing is created below the destination until every path was looked at.
    const cache = new Map();
    for (const [index, file] of plan.files.entries()) {
        // Lets a SIGINT be heard between looks, which otherwise all run as one chain of microtasks.
        if (index % YIELD_EVERY === 0)
            await (0,external_node_timers_promises_.setImmediate)();
        signal.throwIfAborted();
        const found = await destination.inspect(file.segments, cache);
        const archive = options.extract ? archiveOf(file.segments.at(-1) ?? '') : undefined;
        if (found.kind === 'refused')
            refuse((0,format/* quoted */.TL)(file.source), found.reason);
        else if (found.kind === 'exists' && !options.overwrite)
            existing.push((0,format/* quoted */.TL)(file.segments.join('/')) + (found.what === 'file' ? '' : ` (${(0,files_destination/* aThing */.SA)(found.what)})`));
        else if (found.kind === 'exists' && found.what !== 'file')
            refuse((0,format/* quoted */.TL)(file.source), `${(0,files_destination/* aThing */.SA)(found.what)} is at its path, and is never replaced`);
        else if (archive === undefined)
            out.push({ file, into: undefined });
        else {
            const target = [...file.segments.slice(0, -1), archive.stem];
            const key = target.join('/');
            const clash = taken.get((0,names/* foldedName */.mw)(key));
            if (clash !== undefined) {
                throw new paths/* ClashError */.Ez(`artifact ${(0,format/* quoted */.TL)(file.source)} would be unpacked into ${(0,format/* quoted */.TL)(key)}, where artifact ` +
                    `${(0,format/* quoted */.TL)(clash.source)} is saved; leave one out with pattern, or leave extract out`);
            }
            const there = await destination.inspect(target, cache);
            if (there.kind === 'refused')
                refuse((0,format/* quoted */.TL)(file.source), there.reason);
            else if (there.kind === 'exists' && (there.what !== 'folder' || !options.overwrite))
                existing.push(`${(0,format/* quoted */.TL)(key)} (${(0,files_destination/* aThing */.SA)(there.what)}, where ${(0,format/* quoted */.TL)(file.source)} unpacks)`);
            else
                out.push({ file, into: { kind: archive.kind, target, source: file.source } });
        }
    }
    if (existing.length > 0) {
        const more = existing.length > 5 ? ` and ${existing.length - 5} more` : '';
        throw new file_errors/* FetchError */.fk(`${existing.length === 1 ? 'a path' : `${existing.length} paths`} where artifacts would be saved ` +
            `${existing.length === 1 ? 'is' : 'are'} already taken in the destination: ` +
            `${existing.slice(0, 5).join(', ')}${more}; nothing was downloaded. Set overwrite: true to replace ` +
            'files (never links or folders), or choose another path');
    }
    return out;
}
async function downloadAll(ctx, transport, options, checked, destination, refuse) {
    const root = destination.root;
    const downloader = new download/* Downloader */._7({
        opener: transport,
        clock: ctx.clock,
        log: (level, message) => (level === 'debug' ? ctx.io.debug(message) : ctx.info(message)),
    });
    ctx.onCleanup(() => destination.removeEmptyFolders());
    ctx.onCleanup(() => downloader.removeParts());
    // One plain signal, since a composite one (AbortSignal.any) checks its sources at each ask.
    const stop = new AbortController();
    const passOn = () => stop.abort(ctx.signal.reason);
    if (ctx.signal.aborted)
        passOn();
    else
        ctx.signal.addEventListener('abort', passOn, { once: true });
    const progress = new Progress(checked.length, () => ctx.clock.now());
    const debug = ctx.io.isDebug();
    const results = [];
    const received = new Array(checked.length).fill(0);
    const unpacked = [];
    const saved = () => [...results.filter((r) => r !== undefined), ...unpacked];
    ctx.info(`Fetching ${(0,format/* plural */.LS)(checked.length, 'artifact')} into ${root}, ${Math.min(options.concurrency, checked.length)} at a time`);
    const timer = setInterval(() => ctx.info(progress.line()), PROGRESS_EVERY_MS).unref();
    try {
        await forEachLimited(checked, options.concurrency, async ({ file }, index) => {
            try {
                const dest = await destination.prepare(file.segments);
                const result = await downloader.download({
                    url: file.url,
                    dest,
                    name: file.source,
                    signal: stop.signal,
                    onBytes: (n) => {
                        progress.received(n);
                        received[index] = (received[index] ?? 0) + n;
                    },
                });
                progress.fileDone();
                results[index] = { file: dest, shown: file.segments.join('/'), bytes: result.bytes };
                // Each line is a write to stdout, worth it only when the runner shows debug lines.
                if (!debug)
                    return;
                const retried = result.attempts > 1 ? `, ${result.attempts} attempts` : '';
                ctx.io.debug(`${file.source}: ${(0,format/* formatBytes */.z3)(result.bytes)} from ${(0,format/* displayUrl */.Qy)(file.url)} saved as ${dest}${retried}`);
            }
            catch (error) {
                const full = (0,file_errors/* diskFull */.xg)(error, index, received, (i) => checked[i]?.file.source ?? '');
                if (full !== undefined)
                    throw full;
                // One name or file the file system will not take is that artifact's problem alone.
                const reason = error instanceof files_destination/* RefusedPathError */.aj ? error.message : (0,file_errors/* fileProblem */.Wj)(error);
                if (reason === undefined)
                    throw (0,file_errors/* asUserFacing */.AB)(file.source, error, file.url);
                refuse((0,format/* quoted */.TL)(file.source), reason);
            }
        }, (reason) => stop.abort(reason));
        if (options.extract) {
            const placed = new Set(saved().map((s) => s.file));
            const step = { ...ctx, warning: (line) => ctx.io.warning((0,runner_text/* logSafe */.sN)(line)) };
            for (const [index, { into }] of checked.entries()) {
                const archive = results[index];
                if (into === undefined || archive === undefined)
                    continue;
                ctx.signal.throwIfAborted();
                // Loaded when needed: the archive libraries are most of what a start would compile.
                const { unpack } = await Promise.all(/* import() */[__webpack_require__.e(823), __webpack_require__.e(405)]).then(__webpack_require__.bind(__webpack_require__, 7405));
                const got = await unpack(step, { ...into, file: archive.file }, destination, options, placed);
                for (const s of got)
                    placed.add(s.file);
                unpacked.push(...got);
            }
        }
    }
    finally {
        clearInterval(timer);
        ctx.signal.removeEventListener('abort', passOn);
        // What was saved is reported even when a later download fails.
        await setOutputs(ctx, saved());
    }
    ctx.info(progress.summary(totalBytes(saved()), root));
    return saved();
}
function fetch_artifacts_run() {
    return (0,run/* runAction */.Cs)(spec, fetchArtifacts);
}


/***/ }),

/***/ 9027:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Eb: () => (/* binding */ compilePattern),
/* harmony export */   SO: () => (/* binding */ compileGlob),
/* harmony export */   ko: () => (/* binding */ selects)
/* harmony export */ });
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1026);
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(picomatch__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);
// Glob patterns over `/`-separated text, as actions/fetch-artifacts/README.md describes `pattern`. Matching is
// linear in the text for each token, since the text comes from the server and a regex backtracks polynomially on
// `*-*-*-*.xml` and exponentially on `a/**/a/**/…`; picomatch compiles only the bracket classes.


/** A whole-text matcher for a pattern over `/`-separated text: `**` is to segments what `*` is to characters. */
function compilePattern(body) {
    const parts = body.split('/');
    const tokens = parts.flatMap((part, i) => {
        if (part !== '**') {
            const chars = segmentTokens(part);
            return [(segment) => matchTokens(chars, segment)];
        }
        // At the end, `**` needs something below the folder: `reports/**` is not the file `reports`.
        return i === parts.length - 1 ? [() => true, '*'] : ['*'];
    });
    return (text) => matchTokens(tokens, text.split('/'));
}
/** The tokens of one segment: `\` escapes, `?` is any character, a class is one, `*` a run; the rest is itself. */
function segmentTokens(part) {
    const tokens = [];
    for (let i = 0; i < part.length; i++) {
        const char = part[i] ?? '';
        const end = char === '[' ? classEnd(part, i) : -1;
        if (char === '*') {
            if (tokens.at(-1) !== '*')
                tokens.push('*');
        }
        else if (char === '?')
            tokens.push(() => true);
        else if (end > 0) {
            // A class means the same on every runner (a backslash escapes, on Windows too), POSIX classes included.
            const re = picomatch__WEBPACK_IMPORTED_MODULE_1___default().makeRe(part.slice(i, end), { dot: true, posix: true, windows: false });
            tokens.push((c) => re.test(c));
            i = end - 1;
        }
        else {
            const literal = char === '\\' && i + 1 < part.length ? (part[++i] ?? '') : char;
            tokens.push((c) => c === literal);
        }
    }
    return tokens;
}
/** Where the class opening at `start` ends (past its `]`), or -1 when the `[` is a plain character. */
function classEnd(part, start) {
    let i = start + 1;
    if (part[i] === '!' || part[i] === '^')
        i++;
    // A `]` first is a member, not the end.
    if (part[i] === ']')
        i++;
    for (; i < part.length; i++) {
        if (part[i] === '\\')
            i++;
        else if (part.startsWith('[:', i) && part.indexOf(':]', i + 2) > 0)
            i = part.indexOf(':]', i + 2) + 1;
        else if (part[i] === ']')
            return i + 1;
    }
    return -1;
}
/** Whether the tokens match all the items: one pass, going back only to just after the last `*`. */
function matchTokens(tokens, items) {
    // A segment of wildcards alone never matches an empty one.
    if (items.length === 0)
        return tokens.length === 0;
    let t = 0;
    let s = 0;
    let star = -1;
    let starAt = 0;
    while (s < items.length) {
        const token = tokens[t];
        if (token === '*') {
            star = t++;
            starAt = s;
        }
        else if (token?.(items[s] ?? '')) {
            t++;
            s++;
        }
        else if (star < 0)
            return false;
        else {
            t = star + 1;
            s = ++starAt;
        }
    }
    while (tokens[t] === '*')
        t++;
    return t === tokens.length;
}
/** Compiles one pattern; `name` is the input it came from, for the error. */
function compileGlob(name, pattern) {
    const negated = pattern.startsWith('!');
    const body = negated ? pattern.slice(1) : pattern;
    const refuse = (detail) => {
        const allowed = "glob patterns over the artifact's relative path (e.g. 'rspec/*.xml', '**/*.html', '!**/*.log')";
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, `allowed: ${allowed}`, pattern, detail);
    };
    if (body === '')
        refuse(`${JSON.stringify(pattern)} is empty`);
    if (body.startsWith('/')) {
        refuse(`${JSON.stringify(pattern)} is absolute, but patterns match the path below the destination`);
    }
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f]/.test(body))
        refuse('a pattern holds a control character');
    return { source: pattern, negated, test: compilePattern(body) };
}
/** The last pattern that matches decides; a text none matches is selected only when every pattern excludes. */
function selects(globs, text) {
    let selected = globs.every((g) => g.negated);
    for (const g of globs)
        if (g.test(text))
            selected = !g.negated;
    return selected;
}


/***/ }),

/***/ 9799:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DW: () => (/* binding */ Destination),
/* harmony export */   SA: () => (/* binding */ aThing),
/* harmony export */   aj: () => (/* binding */ RefusedPathError),
/* harmony export */   zr: () => (/* binding */ makeDestination)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7370);
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3094);
/* harmony import */ var _file_errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2009);
/* harmony import */ var _names_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3919);
// The destination folder and the folders below it, made one level at a time and never through a symbolic link
// (docs/promises.md, promise 11), and what already stands at each final path before anything is written.







/** A path below the destination cannot be used: a folder on the way is a symbolic link or not a folder. */
class RefusedPathError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UserFacingError */ .Ui {
    name = 'RefusedPathError';
}
class Destination {
    /** Absolute, symbolic links resolved (the destination itself is the user's choice and may be one). */
    root;
    #folders = new Map();
    #created = [];
    #profile;
    /** The first file path inspected under each folded key (foldedName); kept only where archives are unpacked. */
    #claimed;
    /** Without `unpacks` no path is kept: only an archive's files could merge with the plan's (planDownloads). */
    constructor(root, profile = _names_js__WEBPACK_IMPORTED_MODULE_6__/* .PROFILES */ .jI.ext4, unpacks = true) {
        this.root = root;
        this.#profile = profile;
        this.#claimed = unpacks ? new Map() : undefined;
    }
    /** Creates the folders of `segments` (all but the last) and returns the file's absolute path. */
    async prepare(segments) {
        for (let n = 1; n < segments.length; n++) {
            const relative = segments.slice(0, n).join(node_path__WEBPACK_IMPORTED_MODULE_2__.sep);
            if (!this.#folders.has(relative))
                this.#folders.set(relative, this.#ensureFolder(relative));
            await this.#folders.get(relative);
        }
        return (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(this.root, ...segments);
    }
    async #ensureFolder(relative) {
        const absolute = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(this.root, relative);
        try {
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdir)(absolute);
            this.#created.push(absolute);
            return;
        }
        catch (error) {
            if (error.code !== 'EEXIST')
                throw error;
        }
        const problem = folderProblem(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.lstat)(absolute), relative);
        if (problem !== undefined)
            throw new RefusedPathError(problem);
    }
    /** What is at `segments` now, creating nothing: a folder on the way that is a link or a file refuses the path. */
    async inspect(segments, cache) {
        const tooLong = (0,_names_js__WEBPACK_IMPORTED_MODULE_6__/* .lengthProblem */ .uG)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(this.root, ...segments), segments);
        if (tooLong !== undefined)
            return { kind: 'refused', reason: tooLong };
        // Whatever reaches the destination passes the segment rules here too, an archive's unpacked files included.
        const problem = (0,_names_js__WEBPACK_IMPORTED_MODULE_6__/* .pathProblem */ .z9)(segments, this.#profile);
        if (problem !== undefined)
            return { kind: 'refused', reason: `its path ${problem}` };
        // Two files one disk would merge are refused by name, whatever this disk is, rather than lost without a word.
        const exact = segments.join('/');
        const key = (0,_names_js__WEBPACK_IMPORTED_MODULE_6__/* .foldedName */ .mw)(exact);
        const first = this.#claimed?.get(key);
        if (first !== undefined && first !== exact) {
            return {
                kind: 'refused',
                reason: `its path differs from ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(first)} only in case or Unicode normalisation, one file on NTFS, APFS or exFAT`,
            };
        }
        this.#claimed?.set(key, exact);
        for (let n = 1; n <= segments.length; n++) {
            const relative = segments.slice(0, n).join(node_path__WEBPACK_IMPORTED_MODULE_2__.sep);
            // On the main thread: a look takes less than a trip to the thread pool and back, and a missing file is no error.
            let stat = cache?.get(relative);
            if (stat === undefined) {
                stat = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lstatSync)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(this.root, relative), { throwIfNoEntry: false }) ?? null;
                // Folders only: thousands of artifacts below a few folders cost a few looks, not one each.
                if (n < segments.length)
                    cache?.set(relative, stat);
            }
            if (stat === null)
                return { kind: 'free' };
            if (n === segments.length)
                return { kind: 'exists', what: kindOf(stat) };
            const refused = folderProblem(stat, relative);
            if (refused !== undefined)
                return { kind: 'refused', reason: refused };
        }
        return { kind: 'free' };
    }
    /** Removes the folders this object created that stayed empty (a refused or failed artifact's), deepest first. */
    async removeEmptyFolders() {
        for (const folder of this.#created.toReversed())
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.rmdir)(folder).catch(() => undefined);
    }
}
function kindOf(stat) {
    return stat.isSymbolicLink() ? 'symlink' : stat.isDirectory() ? 'folder' : stat.isFile() ? 'file' : 'other';
}
function folderProblem(stat, relative) {
    if (stat.isSymbolicLink())
        return `the folder ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(relative)} in the destination is a symbolic link`;
    return stat.isDirectory() ? undefined : `${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(relative)} in the destination is a file, not a folder`;
}
/** Creates the destination; a recursive mkdir says ENOENT for most failures, so the first missing folder tells why. */
async function makeDestination(path) {
    if ((await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdir)(path, { recursive: true }).catch(() => null)) !== null)
        return;
    const fail = (reason) => new _file_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .FetchError */ .fk(`path: the destination ${JSON.stringify(path)} cannot be used: ${reason}; nothing was downloaded`);
    // The first existing path upward, and the folder below it that is missing.
    let [at, missing] = [path, path];
    let stat = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.lstat)(at).catch(() => undefined);
    while (stat === undefined && (0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(at) !== at) {
        [missing, at] = [at, (0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(at)];
        stat = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.lstat)(at).catch(() => undefined);
    }
    if (stat !== undefined && !stat.isDirectory() && (at === path || !stat.isSymbolicLink()))
        throw fail(`${JSON.stringify(at)} is a file, not a folder`);
    const code = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdir)(missing).catch((error) => error.code);
    const parent = JSON.stringify((0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(missing));
    throw fail(code === 'EROFS'
        ? `its parent folder ${parent} is on a read-only file system`
        : code === 'EACCES' || code === 'EPERM'
            ? `there is no permission to create a folder in ${parent}`
            : code === 'ENOSPC' || code === 'EDQUOT'
                ? `the disk of ${parent} is full`
                : `the folder ${JSON.stringify(missing)} cannot be created (${code ?? 'unknown error'})`);
}
function aThing(what) {
    return `a ${what === 'symlink' ? 'symbolic link' : what}`;
}


/***/ }),

/***/ 1347:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   _7: () => (/* binding */ Downloader),
/* harmony export */   nV: () => (/* binding */ DownloadError)
/* harmony export */ });
/* unused harmony export parseContentRange */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _common_clock_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(159);
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3094);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7370);
/* harmony import */ var _common_values_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(4415);
/* harmony import */ var _service_http_answer_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9076);
/* harmony import */ var _service_http_decode_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3700);
/* harmony import */ var _service_http_errors_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5841);
/* harmony import */ var _service_http_retry_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(602);
/* harmony import */ var _names_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(3919);
/* harmony import */ var _rename_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(3957);
// One file from a URL to disk: streamed (flat memory), atomic (a part file beside the destination, renamed only
// once complete and checked), resumable (a Range request after a transient failure) and never an error page
// (non-2xx answers are errors of the transport, never written). docs/promises.md, promises 7–9.











class DownloadError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserFacingError */ .Ui {
    name = 'DownloadError';
    constructor(artifact, cause, attempts) {
        const tries = attempts > 1 && !/after \d+ attempts/u.test(cause.message) ? ` (after ${attempts} attempts)` : '';
        super(`artifact ${artifact}: ${cause.message}${tries}`, { cause });
    }
}
/** `slow` resumes but counts as a failure, since a drip takes the file a little further every time. */
class AttemptError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserFacingError */ .Ui {
    name = 'AttemptError';
    next;
    constructor(message, next) {
        super(message);
        this.next = next;
    }
}
const restart = (message) => new AttemptError(message, 'restart');
class Downloader {
    #options;
    /** Part files being written: removed on failure, and by removeParts() when the process is stopped. */
    #parts = new Set();
    constructor(options) {
        this.#options = {
            opener: options.opener,
            clock: _common_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .systemClock */ .ml,
            log: () => { },
            // Above what a hosted runner's free disk can take beside a checkout.
            maxBytes: 10 * 1024 ** 3,
            // Far below any real storage, far above a drip.
            minRate: { bytes: 64 * 1024, windowMs: 60_000 },
            ...(0,_common_values_js__WEBPACK_IMPORTED_MODULE_10__/* .definedOnly */ .Uv)(options),
            // Failures in a row, since resuming is cheap; four times as many attempts in all is the outer bound.
            retry: { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 15_000, ...(0,_common_values_js__WEBPACK_IMPORTED_MODULE_10__/* .definedOnly */ .Uv)(options.retry) },
        };
    }
    get parts() {
        return this.#parts;
    }
    /** Synchronous, so it also works as the last thing before the process exits. */
    removeParts() {
        for (const part of this.#parts)
            remove(part);
        this.#parts.clear();
    }
    async download(request) {
        const signal = request.signal ?? new AbortController().signal;
        if (signal.aborted)
            throw (0,_common_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .abortReason */ .Js)(signal);
        // Beside the destination, so the rename stays on one file system; `wx` never follows or reuses a file.
        const part = (0,_names_js__WEBPACK_IMPORTED_MODULE_8__/* .partFileName */ .xg)(request.dest);
        const fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.openSync)(part, 'wx', 0o666);
        this.#parts.add(part);
        try {
            const result = await this.#attempts(fd, request, signal).finally(() => (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(fd));
            if (signal.aborted)
                throw (0,_common_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .abortReason */ .Js)(signal);
            await (0,_rename_js__WEBPACK_IMPORTED_MODULE_9__/* .renameFile */ .H)(part, request.dest);
            return result;
        }
        catch (error) {
            remove(part);
            throw signal.aborted ? (0,_common_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .abortReason */ .Js)(signal) : error;
        }
        finally {
            this.#parts.delete(part);
        }
    }
    // Not undici's retry interceptor: a resumed part must pass the size and rate checks below.
    async #attempts(fd, { url, name, onBytes }, signal) {
        const { opener, clock, retry, log, maxBytes, minRate } = this.#options;
        let size = 0;
        const empty = () => {
            if (size === 0)
                return;
            onBytes?.(-size);
            size = 0;
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.ftruncateSync)(fd, 0);
        };
        let total;
        // The version the part file began with: a resumed part must be of it.
        let version = { etag: undefined, modified: undefined };
        let useRange = true;
        let resumed = 0;
        let failures = 0;
        // Only going beyond the furthest the part file ever got counts as progress.
        let furthest = 0;
        // Read by `data` events, cheaper than a pipeline; written by the thread pool in batches (docs/performance.md).
        const receive = async (body, coding, limit) => {
            const decode = coding === undefined ? undefined : (0,_service_http_decode_js__WEBPACK_IMPORTED_MODULE_5__/* .decoder */ .D0)(coding);
            const source = decode ?? body;
            let got = 0;
            let raw = 0;
            // A failure of ours, told apart from the decoder's own.
            let failure;
            const { bytes, windowMs } = minRate;
            let since = clock.now();
            let before = 0;
            const watch = () => {
                const now = clock.now();
                const wire = decode === undefined ? got : raw;
                if (now - since < windowMs)
                    return;
                if (wire - before >= bytes)
                    [since, before] = [now, wire];
                else {
                    const message = `GET ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_3__/* .displayUrl */ .Qy)(url)}: the body arrived slower than ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_3__/* .formatLimit */ .tW)(bytes)} in ${windowMs / 1000} s (${wire - before} bytes in the last ${((now - since) / 1000).toFixed(1)} s)`;
                    body.destroy(new AttemptError(message, 'slow'));
                }
            };
            const watchdog = setInterval(watch, Math.max(10, Math.min(1000, windowMs / 4))).unref();
            const start = size;
            const file = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.createWriteStream)('', { fd, start, highWaterMark: WRITE_BATCH_BYTES, autoClose: false });
            file.cork();
            file.on('error', (error) => source.destroy((failure = error)));
            try {
                await new Promise((resolve, reject) => {
                    source.on('error', reject).once('end', resolve);
                    source.on('data', (chunk) => {
                        try {
                            if ((got += chunk.length) > limit) {
                                throw new AttemptError(`the body is larger than ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_3__/* .formatLimit */ .tW)(limit)}, the limit for a file whose size the server does not state (or sends encoded)`, 'none');
                            }
                            file.write(chunk);
                            if (file.writableLength >= WRITE_BATCH_BYTES) {
                                file.uncork();
                                file.cork();
                            }
                            // A disk slower than the network holds the body back, not the memory.
                            if (file.writableNeedDrain) {
                                source.pause();
                                file.once('drain', () => source.resume());
                            }
                            onBytes?.(chunk.length);
                        }
                        catch (error) {
                            source.destroy((failure = (0,_common_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .asError */ .zR)(error)));
                        }
                    });
                    if (decode === undefined)
                        return;
                    body
                        .on('data', (chunk) => (raw += chunk.length))
                        .on('error', (error) => decode.destroy(error));
                    body.pipe(decode);
                });
            }
            catch (error) {
                (0,_service_http_answer_js__WEBPACK_IMPORTED_MODULE_4__/* .discard */ .vf)(body);
                if (decode === undefined || error === failure || error instanceof _common_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserFacingError */ .Ui)
                    throw error;
                throw restart(`the ${coding} body could not be decoded: ${(0,_common_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .asError */ .zR)(error).message}`);
            }
            finally {
                clearInterval(watchdog);
                // What is on disk is what counts, whatever failed: every write queued lands first.
                file.uncork();
                await new Promise((resolve) => file.end(resolve));
                size = start + file.bytesWritten;
            }
        };
        for (let attempt = 1;; attempt++) {
            // A range of encoded bytes cannot be appended to decoded ones: an encoded attempt that fails starts over.
            let encoded = false;
            try {
                const headers = { 'accept-encoding': 'identity' };
                const resuming = size > 0 && useRange;
                if (resuming) {
                    headers.range = `bytes=${size}-`;
                    // What If-Range accepts: a strong ETag, else Last-Modified.
                    const validator = version.etag?.startsWith('W/') === false ? version.etag : version.modified;
                    if (validator !== undefined)
                        headers['if-range'] = validator;
                }
                // Nothing is awaited until the body is piped: a body failing while no one listens would end the process.
                const answer = await opener.open(url, { headers, signal });
                let coding;
                try {
                    coding = (0,_service_http_decode_js__WEBPACK_IMPORTED_MODULE_5__/* .contentCoding */ .IX)(answer.headers['content-encoding']);
                    encoded = coding !== undefined;
                    if (answer.status === 206) {
                        const sent = (0,_common_format_js__WEBPACK_IMPORTED_MODULE_3__/* .firstHeader */ .Yp)(answer.headers['content-range']);
                        const range = parseContentRange(sent);
                        const fits = resuming && !encoded && range?.start === size;
                        if (!fits || (range.total ?? total) !== (total ?? range.total)) {
                            const asked = resuming ? `bytes ${size}-` : 'the whole file';
                            const also = encoded ? ` and Content-Encoding ${coding}` : '';
                            const message = `the server answered a request for ${asked} with 206, Content-Range ${JSON.stringify(sent ?? '')}${also}`;
                            throw restart(message);
                        }
                        // A server that ignores If-Range may resume another version: its bytes would end the file.
                        const changed = otherVersion(version, versionOf(answer.headers));
                        if (changed !== undefined) {
                            throw restart(`the server resumed another version of the file (${changed})`);
                        }
                        total ??= range.total;
                        resumed++;
                        log('debug', `${name}: resuming at byte ${size}`);
                    }
                    else {
                        empty();
                        const length = (0,_common_format_js__WEBPACK_IMPORTED_MODULE_3__/* .firstHeader */ .Yp)(answer.headers['content-length'])?.trim() ?? '';
                        total = !encoded && /^\d{1,15}$/u.test(length) ? Number(length) : undefined;
                        version = versionOf(answer.headers);
                    }
                }
                catch (error) {
                    (0,_service_http_answer_js__WEBPACK_IMPORTED_MODULE_4__/* .discard */ .vf)(answer.body);
                    throw error;
                }
                // undici holds the wire to Content-Length; these hold a 206 to the file its Content-Range announced.
                await receive(answer.body, coding, total === undefined ? maxBytes : Infinity);
                if (total !== undefined && size !== total) {
                    throw size < total
                        ? new AttemptError(`the body ended after ${size} of ${total} bytes`, 'resume')
                        : restart(`GET ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_3__/* .displayUrl */ .Qy)(url)}: the body is longer than its Content-Length of ${total} bytes`);
                }
                return { bytes: size, attempts: attempt, resumed };
            }
            catch (caught) {
                if (signal.aborted)
                    throw (0,_common_clock_js__WEBPACK_IMPORTED_MODULE_1__/* .abortReason */ .Js)(signal);
                const error = (0,_common_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .asError */ .zR)(caught);
                const next = error instanceof AttemptError ? error.next : undefined;
                const beyond = error instanceof _service_http_errors_js__WEBPACK_IMPORTED_MODULE_6__/* .ApiError */ .hD && error.status === 416;
                if (encoded || next === 'restart')
                    empty();
                // A range beyond the file means it changed: the next attempts ask for all of it.
                if (encoded || next === 'restart' || beyond)
                    useRange = false;
                failures = size > furthest && next !== 'slow' ? 1 : failures + 1;
                furthest = Math.max(furthest, size);
                const retriable = (0,_service_http_retry_js__WEBPACK_IMPORTED_MODULE_7__/* .isTransient */ .dg)(error) || beyond || (next !== undefined && next !== 'none');
                if (!retriable || failures >= retry.maxAttempts || attempt >= retry.maxAttempts * 4) {
                    throw new DownloadError(name, error, attempt);
                }
                const wait = (0,_service_http_retry_js__WEBPACK_IMPORTED_MODULE_7__/* .backoffDelay */ .EY)(failures, retry, () => clock.random());
                const where = size > 0 && useRange ? `resuming at ${size} bytes` : 'starting over';
                log('info', `${name}: ${error.message}; ${where} in ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_3__/* .shortDuration */ .TV)(wait)} (attempt ${attempt + 1})`);
                await clock.sleep(wait, signal);
            }
        }
    }
}
/** Bytes gathered for one write of the part file: one trip to the thread pool per batch, not per read. */
const WRITE_BATCH_BYTES = 1024 * 1024;
function versionOf(headers) {
    return { etag: (0,_common_format_js__WEBPACK_IMPORTED_MODULE_3__/* .firstHeader */ .Yp)(headers.etag), modified: (0,_common_format_js__WEBPACK_IMPORTED_MODULE_3__/* .firstHeader */ .Yp)(headers['last-modified']) };
}
/** How a resumed answer's version differs from the first's, or undefined; with no validator nothing can tell, and
 *  the resume goes on (docs/promises.md, promise 37). */
function otherVersion(first, resumed) {
    const sameEtag = first.etag === resumed.etag;
    // A matching ETag is enough where one of the answers has no date.
    const undated = first.etag !== undefined && (first.modified === undefined || resumed.modified === undefined);
    if (sameEtag && (undated || first.modified === resumed.modified))
        return undefined;
    const text = (value) => (/^[\x20-\x7e]{1,80}$/u.test(value) ? value : (0,_common_format_js__WEBPACK_IMPORTED_MODULE_3__/* .quoted */ .TL)(value, 80));
    const shown = (v) => !sameEtag && v.etag !== undefined
        ? `ETag ${text(v.etag)}`
        : v.modified !== undefined
            ? `Last-Modified ${text(v.modified)}`
            : 'no ETag or Last-Modified';
    return `${shown(resumed)} where the first answer had ${shown(first)}`;
}
function remove(part) {
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.unlinkSync)(part);
    }
    catch {
        // Already gone.
    }
}
/** `bytes 100-199/1000` (or `/*`). */
function parseContentRange(value) {
    const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/u.exec(value?.trim() ?? '');
    if (!match)
        return undefined;
    const [start, end] = [Number(match[1]), Number(match[2])];
    const total = match[3] === '*' ? undefined : Number(match[3]);
    return end < start || (total !== undefined && end >= total) ? undefined : { start, end, total };
}


/***/ }),

/***/ 2009:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AB: () => (/* binding */ asUserFacing),
/* harmony export */   Wj: () => (/* binding */ fileProblem),
/* harmony export */   fk: () => (/* binding */ FetchError),
/* harmony export */   rf: () => (/* binding */ diskFullReason),
/* harmony export */   xg: () => (/* binding */ diskFull)
/* harmony export */ });
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7370);
/* harmony import */ var _download_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1347);
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3094);
/* harmony import */ var _service_http_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5841);
// The file system's errors: one artifact's own, and a full disk.




/** What stops the step for a reason its message says whole: the disk, the destination, the artifacts. */
class FetchError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserFacingError */ .Ui {
    name = 'FetchError';
}
const DISK_FULL = {
    ENOSPC: 'no space is left on the device',
    EDQUOT: 'the disk quota is used up',
};
function diskFullReason(error) {
    const code = (0,_common_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .causeCode */ .XL)(error, (e) => Object.hasOwn(DISK_FULL, e.code ?? ''));
    return code === undefined ? undefined : DISK_FULL[code];
}
/** The disk filled while downloading: the step stops, naming the file that filled it, not whichever came next. */
function diskFull(error, index, received, source) {
    const reason = diskFullReason(error);
    if (reason === undefined)
        return undefined;
    const largest = received.reduce((most, n, i) => (n > (received[most] ?? 0) ? i : most), index);
    const filled = largest === index
        ? `${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_0__/* .formatBytes */ .z3)(received[index] ?? 0)} of it`
        : `while ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_0__/* .quoted */ .TL)(source(largest))} had taken ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_0__/* .formatBytes */ .z3)(received[largest] ?? 0)} of the ` +
            `${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_0__/* .formatBytes */ .z3)(received.reduce((sum, n) => sum + n, 0))} this step downloaded`;
    return diskFullError(reason, `${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_0__/* .quoted */ .TL)(source(index))} could not be written, ${filled}`);
}
function diskFullError(reason, what) {
    return new FetchError(`the destination's disk is full (${reason}): artifact ${what}; free space there or choose another path. ` +
        'No part file is left');
}
/** Errors that refuse one artifact and let the others be fetched (docs/promises.md, promise 27). */
const FILE_ERRORS = {
    EINVAL: 'the file system does not allow its name',
    EPERM: 'the file system does not permit writing it (a read-only or open file in the way?)',
    EACCES: 'permission to write it was denied',
    EEXIST: 'a file appeared at its path while it was being saved',
    ENOTDIR: 'a folder on its path is a file',
    EISDIR: 'a folder is at its path',
    ENAMETOOLONG: 'its path is too long for the file system',
    // exfat-fuse answers a name it cannot hold (`a<b`, `report-10:32:01.xml`) with ENOENT, in a folder that exists.
    ENOENT: 'the file system does not allow its name',
};
/** Calls of the file system, as Node names them in an error's `syscall` (a socket's EACCES is no file's). */
const FILE_CALLS = /^(?:open|mkdir|rename|write|close|link|copyfile|lstat|stat)$/u;
/** The reason one artifact cannot be saved, or undefined when the error is not that artifact's alone. */
function fileProblem(error) {
    const code = (0,_common_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .causeCode */ .XL)(error, (e) => FILE_CALLS.test(e.syscall ?? ''));
    const reason = code === undefined ? undefined : FILE_ERRORS[code];
    return reason === undefined ? undefined : `${reason} (${code})`;
}
/** A file-system failure (no space, no permission) names the artifact it hit, without a stack trace. */
function asUserFacing(artifact, error, url) {
    const certificate = (0,_service_http_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .certificateCode */ .nt)(error);
    if (certificate !== undefined && url !== undefined && !(error instanceof _service_http_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UntrustedCertificateError */ .ks))
        return new _service_http_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UntrustedCertificateError */ .ks(`artifact ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_0__/* .quoted */ .TL)(artifact)}`, URL.parse(url)?.host ?? 'its storage', certificate);
    const full = diskFullReason(error);
    if (full !== undefined)
        return diskFullError(full, `${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_0__/* .quoted */ .TL)(artifact)} could not be saved`);
    if (error instanceof _common_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserFacingError */ .Ui || !(error instanceof Error))
        return error;
    return typeof error.code === 'string'
        ? new _download_js__WEBPACK_IMPORTED_MODULE_1__/* .DownloadError */ .nV(artifact, error, 1)
        : error;
}


/***/ }),

/***/ 3919:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Or: () => (/* binding */ MAX_FILE_NAME_BYTES),
/* harmony export */   PR: () => (/* binding */ MAX_PATH_BYTES),
/* harmony export */   dp: () => (/* binding */ profileOf),
/* harmony export */   e4: () => (/* binding */ PART_SUFFIX_BYTES),
/* harmony export */   ft: () => (/* binding */ segmentProblem),
/* harmony export */   g3: () => (/* binding */ windowsNameProblem),
/* harmony export */   jI: () => (/* binding */ PROFILES),
/* harmony export */   lN: () => (/* binding */ MAX_SEGMENT_BYTES),
/* harmony export */   mw: () => (/* binding */ foldedName),
/* harmony export */   uG: () => (/* binding */ lengthProblem),
/* harmony export */   xg: () => (/* binding */ partFileName),
/* harmony export */   z9: () => (/* binding */ pathProblem)
/* harmony export */ });
/* unused harmony export isGitFolderName */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
// The rules a name must pass before it reaches the destination, for an artifact's path and an archive member's
// alike, and the disks whose rules they are: NTFS and APFS fold case, APFS Unicode form, Windows refuses some names.

/** Most file systems allow no longer name. */
const MAX_SEGMENT_BYTES = 255;
/** What a part file adds to its destination's name: the file system must take that name too. */
const PART_SUFFIX_BYTES = '.0123456789ab.part'.length;
const MAX_FILE_NAME_BYTES = MAX_SEGMENT_BYTES - PART_SUFFIX_BYTES;
/** Linux's PATH_MAX less the closing NUL: no longer path can be opened. */
const MAX_PATH_BYTES = 4095;
/** Why a file system would refuse the lengths of a path (`segments` of the absolute `path`), or undefined. */
function lengthProblem(path, segments) {
    const max = MAX_PATH_BYTES - PART_SUFFIX_BYTES;
    if (Buffer.byteLength(segments.at(-1) ?? '') > MAX_FILE_NAME_BYTES)
        return `its file name is longer than ${MAX_FILE_NAME_BYTES} bytes`;
    if (segments.some((s) => Buffer.byteLength(s) > MAX_SEGMENT_BYTES))
        return `a segment is longer than ${MAX_SEGMENT_BYTES} bytes`;
    if (Buffer.byteLength(path) > max)
        return `its path in the destination would be longer than ${max} bytes`;
    return undefined;
}
let partSerial;
/** `<dest>.<12 hex digits>.part`, counting up from a random start: a counter, not a random name per file. */
function partFileName(dest) {
    partSerial = ((partSerial ?? (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(6).readUIntBE(0, 6)) + 1) % 2 ** 48;
    return `${dest}.${partSerial.toString(16).padStart(12, '0')}.part`;
}
/** What is wrong with one segment, as the end of a sentence that starts with "it", or undefined. */
function segmentProblem(segment) {
    if (segment === '')
        return 'has an empty segment';
    if (segment === '.' || segment === '..')
        return `climbs out of its folder with '${segment}'`;
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/u.test(segment))
        return segment.includes('\0') ? 'holds a NUL byte' : 'holds a control character';
    if (/[/\\]/u.test(segment))
        return 'holds a path separator inside a name';
    if (isGitFolderName(segment))
        return "goes into a '.git' folder, where a file could run commands at git's next call";
    return undefined;
}
/** The first problem of a path (see segmentProblem), then by Windows' naming rules where the disk has them. */
function pathProblem(segments, profile) {
    // `x:name` is a name where drives do not exist; Windows' rules refuse its colon where they do.
    if (/^[A-Za-z]:$/u.test(segments[0] ?? ''))
        return 'starts with a drive letter (an absolute path)';
    const windows = profile?.windowsNames ? segments.map(windowsNameProblem) : [];
    return [...segments.map(segmentProblem), ...windows].find((p) => p !== undefined);
}
// `.git` in any case, and the names NTFS and HFS+ read as `.git`, as git checks them (CVE-2014-9390, CVE-2019-1352):
// a stream after `:`, trailing dots and spaces, the short name `GIT~1`, and code points HFS+ ignores.
function isGitFolderName(segment) {
    const name = (segment.split(':')[0] ?? '')
        .replace(/[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/gu, '')
        .replace(/[. ]+$/u, '')
        .toLowerCase();
    return name === '.git' || name === 'git~1';
}
// The key under which a case- and normalisation-insensitive disk stores a name, whatever the platform (Linux runners
// write to such disks too); lower then upper case folds more than any one disk does (`ß` and `ss`).
function foldedName(name) {
    return name.normalize('NFC').toLowerCase().toUpperCase();
}
const PROFILES = {
    ext4: { name: 'ext4', caseInsensitive: false, normalisationInsensitive: false, windowsNames: false },
    casefold: {
        name: 'ext4 casefold',
        caseInsensitive: true,
        normalisationInsensitive: true,
        windowsNames: false,
    },
    apfs: { name: 'APFS', caseInsensitive: true, normalisationInsensitive: true, windowsNames: false },
    ntfs: { name: 'NTFS', caseInsensitive: true, normalisationInsensitive: false, windowsNames: true },
    exfat: { name: 'exFAT', caseInsensitive: true, normalisationInsensitive: false, windowsNames: true },
};
/** The profile a runner's own disk most likely has; only its Windows naming rules change what is planned. */
function profileOf(platform) {
    return platform === 'win32' ? PROFILES.ntfs : platform === 'darwin' ? PROFILES.apfs : PROFILES.ext4;
}
/** Device names Windows reserves in every folder, with any extension (`aux.txt` is the device too). */
const RESERVED_WINDOWS_NAME = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/iu;
/** Why Windows cannot hold this name; some could be made through `\\?\` paths, but nothing could remove them. */
function windowsNameProblem(segment) {
    const bad = /[<>:"|?*]/u.exec(segment)?.[0];
    if (bad !== undefined)
        return `holds ${JSON.stringify(bad)}, which Windows does not allow in a name`;
    if (/[. ]$/u.test(segment))
        return 'ends in a dot or a space, which Windows drops from a name';
    // Windows reads `CON .txt` and `con.tar.gz` as CON as well: the name up to its first dot, less trailing spaces.
    if (RESERVED_WINDOWS_NAME.test((segment.split('.')[0] ?? '').trimEnd())) {
        return `is ${JSON.stringify(segment)}, a device name Windows reserves`;
    }
    return undefined;
}


/***/ }),

/***/ 3799:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ez: () => (/* binding */ ClashError),
/* harmony export */   XM: () => (/* binding */ sample),
/* harmony export */   zi: () => (/* binding */ planDownloads)
/* harmony export */ });
/* unused harmony export artifactRelativePath */
/* harmony import */ var node_querystring__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1792);
/* harmony import */ var node_querystring__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_querystring__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7370);
/* harmony import */ var _common_glob_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9027);
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3094);
/* harmony import */ var _names_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3919);
// Where each artifact is saved: its relative path as actions/fetch-artifacts/README.md describes `path`, and
// nothing outside the destination (docs/promises.md, promise 11). Artifact records come from the server and are
// untrusted: every path becomes plain relative segments (or is refused) before it is joined to the destination.





/** Its `pretty_path` where that names the same file, else its `path`, without its root; `contained` says what
 *  was changed to keep it inside. */
function artifactRelativePath(path, prettyPath, profile = _names_js__WEBPACK_IMPORTED_MODULE_4__/* .PROFILES */ .jI.ext4) {
    const own = relativeSegments(path, profile);
    if (!own.ok || typeof prettyPath !== 'string' || prettyPath === '')
        return own;
    const pretty = relativeSegments(prettyPath.replace(/^(\$\{?[A-Za-z_]\w*\}?|~)(?=[/\\]|$)/u, ''), profile);
    return pretty.ok && pretty.segments.at(-1) === own.segments.at(-1) ? pretty : own;
}
function relativeSegments(text, profile) {
    const refuse = (reason) => ({ ok: false, reason });
    const contained = text.includes('\\') ? ['backslashes read as separators'] : [];
    const parts = text.split(/[/\\]+/u);
    // `C:name` is relative to drive C's current folder on Windows: still a drive, still dropped.
    const drive = (profile.windowsNames ? /^[A-Za-z]:/u : /^[A-Za-z]:$/u).exec(parts[0] ?? '')?.[0];
    if (drive !== undefined) {
        contained.push(`drive letter ${drive} dropped`);
        parts[0] = parts[0]?.slice(2) ?? '';
    }
    // First, so that every later step (patterns included) works on a path of bounded length.
    if (Buffer.byteLength(text) > _names_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_PATH_BYTES */ .PR)
        return refuse(`it is longer than ${_names_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_PATH_BYTES */ .PR} bytes`);
    // A copy of its own size: filter's array leaves room for many more, and the plan keeps one per artifact.
    const segments = parts.filter((part) => part !== '' && part !== '.').slice();
    for (const part of segments) {
        const problem = (0,_names_js__WEBPACK_IMPORTED_MODULE_4__/* .segmentProblem */ .ft)(part);
        if (problem !== undefined)
            return refuse(`it ${problem}`);
        // A web server or a later tool may decode `%XX` escapes, even twice (`%252e`).
        let decoded = part;
        for (let i = 0; i < 4; i++)
            decoded = (0,node_querystring__WEBPACK_IMPORTED_MODULE_0__.unescape)(decoded);
        if (/(?:^|[/\\])\.\.?(?:[/\\]|$)|\0/u.test(decoded))
            return refuse(`its segment ${JSON.stringify(part)} is a percent-encoded '..', '.' or NUL`);
        if (Buffer.byteLength(part) > _names_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_SEGMENT_BYTES */ .lN)
            return refuse(`a segment is longer than ${_names_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_SEGMENT_BYTES */ .lN} bytes`);
    }
    if (segments.length === 0)
        return refuse('it has no file name');
    if (Buffer.byteLength(segments.at(-1) ?? '') > _names_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_FILE_NAME_BYTES */ .Or)
        return refuse(`its file name is longer than ${_names_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_FILE_NAME_BYTES */ .Or} bytes`);
    return { ok: true, segments, contained };
}
/** Two artifacts would be saved at one path, or a path is both a file and a folder: nothing is fetched. */
class ClashError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserFacingError */ .Ui {
    name = 'ClashError';
}
/** Decides where every artifact goes, before anything is downloaded; throws ClashError rather than overwrite. */
function planDownloads(artifacts, options) {
    const { flatten, fileName, profile = _names_js__WEBPACK_IMPORTED_MODULE_4__/* .PROFILES */ .jI.ext4 } = options;
    const plan = { files: [], refused: [], contained: [], excluded: 0, duplicates: 0, available: [] };
    const seen = new Set();
    for (const artifact of artifacts) {
        const { path, url, pretty_path: pretty, node_index: nodeIndex } = artifact ?? {};
        if (typeof path !== 'string' || path === '' || typeof url !== 'string' || url === '') {
            plan.refused.push({ what: describe(artifact), reason: 'the record has no path or no URL' });
            continue;
        }
        const relative = artifactRelativePath(path, typeof pretty === 'string' ? pretty : undefined, profile);
        if (!relative.ok) {
            plan.refused.push({ what: (0,_common_format_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(path), reason: relative.reason });
            continue;
        }
        const source = relative.segments.join('/');
        // The scheme as `new URL` gives it, read without parsing thousands of whole URLs.
        const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/u.exec(url)?.[1]?.toLowerCase();
        const windows = profile.windowsNames
            ? relative.segments.map(_names_js__WEBPACK_IMPORTED_MODULE_4__/* .windowsNameProblem */ .g3).find(Boolean)
            : undefined;
        const reason = scheme === undefined
            ? 'its URL is not an absolute address'
            : !/^https?$/u.test(scheme)
                ? `its URL is a ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(`${scheme}:`, 20)} address, not http(s)`
                : windows && `a segment of its path ${windows}`;
        if (reason) {
            plan.refused.push({ what: (0,_common_format_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(source), reason });
            continue;
        }
        plan.available.push(source);
        if (!(0,_common_glob_js__WEBPACK_IMPORTED_MODULE_2__/* .selects */ .ko)(options.globs, source)) {
            plan.excluded++;
            continue;
        }
        const key = `${url}\n${source}`;
        if (seen.has(key)) {
            plan.duplicates++;
            continue;
        }
        seen.add(key);
        if (relative.contained.length > 0)
            plan.contained.push({ source, changes: relative.contained });
        const index = Number.isSafeInteger(nodeIndex) && nodeIndex >= 0 ? nodeIndex : undefined;
        plan.files.push({ url, source, segments: relative.segments, nodeIndex: index });
    }
    if (fileName !== undefined) {
        if (plan.files.length > 1)
            throw new ClashError(`file-name is given, but ${plan.files.length} artifacts match (${sample(plan.files.map((f) => f.source))}); ` +
                'narrow them to one with pattern, or leave file-name out');
        for (const file of plan.files)
            file.segments = [fileName];
        return plan;
    }
    if (flatten)
        for (const file of plan.files)
            file.segments = file.segments.slice(-1);
    // Every disk's key, whatever this runner's disk is: artifacts one would merge are told apart (node folders) or
    // refused. Only paths shared by several files keep a list, to spare memory.
    const fold = (segments) => (0,_names_js__WEBPACK_IMPORTED_MODULE_4__/* .foldedName */ .mw)(segments.join('/'));
    const files = new Map();
    const shared = new Map();
    for (const file of plan.files) {
        const key = fold(file.segments);
        const other = files.get(key);
        if (other === undefined)
            files.set(key, file);
        else
            shared.set(key, [...(shared.get(key) ?? [other]), file]);
    }
    for (const [key, group] of shared) {
        const indexes = new Set(group.map((f) => f.nodeIndex));
        if (flatten || indexes.has(undefined) || indexes.size < group.length)
            throw clash(group, flatten);
        files.delete(key);
    }
    // Only artifacts that share a path move under their container's folder; then no path may be a file for one
    // artifact and a folder for another.
    for (const file of [...shared.values()].flat()) {
        file.segments = [`node-${file.nodeIndex ?? ''}`, ...file.segments];
        const other = files.get(fold(file.segments));
        if (other)
            throw clash([other, file], flatten);
        files.set(fold(file.segments), file);
    }
    for (const file of plan.files) {
        for (let n = 1; n < file.segments.length; n++) {
            const other = files.get(fold(file.segments.slice(0, n)));
            if (other)
                throw new ClashError(`artifact ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(other.source)} would be saved as a file where artifact ` +
                    `${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(file.source)} needs a folder; leave one out with pattern`);
        }
    }
    return plan;
}
function clash(group, flatten) {
    const where = group[0]?.segments.join('/') ?? '';
    const disk = new Set(group.map((f) => f.segments.join('/'))).size > 1
        ? ' (their names differ only in case or Unicode normalisation: one file on NTFS, APFS or exFAT)'
        : '';
    const hint = flatten
        ? 'flatten keeps only file names: leave it out, or narrow the artifacts with pattern'
        : 'their containers do not tell them apart; narrow the artifacts with pattern';
    const what = group.map((f) => (0,_common_format_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(f.source)).join(', ');
    return new ClashError(`artifacts ${what} would all be saved at ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(where)}${disk}; ${hint}`);
}
/** A record for a warning: its path only (a URL may carry credentials). */
function describe(value) {
    if (value === null || typeof value !== 'object')
        return (0,_common_format_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(String(value));
    const { path, pretty_path: pretty } = value;
    const shown = [path, pretty].find((p) => typeof p === 'string' && p !== '');
    return shown === undefined ? 'a record without a path' : (0,_common_format_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(shown);
}
function sample(items, max = 5) {
    const shown = items.slice(0, max).map((s) => (0,_common_format_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(s));
    return items.length > max ? `${shown.join(', ')} and ${items.length - max} more` : shown.join(', ');
}


/***/ }),

/***/ 3957:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   H: () => (/* binding */ renameFile)
/* harmony export */ });
/* unused harmony export RENAME_RETRY_MS */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8500);
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_timers_promises__WEBPACK_IMPORTED_MODULE_1__);
// Every rename into the destination: on Windows one fails for a moment while a scanner or the indexer holds the
// file open, so EPERM, EBUSY and EACCES are retried there for a few seconds, as npm's graceful-fs does.


const RENAME_RETRY_MS = 5000;
const TRANSIENT_ON_WINDOWS = new Set(['EPERM', 'EBUSY', 'EACCES']);
/** On the calling thread, since a rename takes less than a trip to the thread pool; the options are for tests. */
async function renameFile(from, to, { platform = process.platform, rename = node_fs__WEBPACK_IMPORTED_MODULE_0__.renameSync, sleep = node_timers_promises__WEBPACK_IMPORTED_MODULE_1__.setTimeout, now = Date.now, retryMs = RENAME_RETRY_MS, } = {}) {
    const until = now() + retryMs;
    for (let tries = 1;; tries++) {
        try {
            return rename(from, to);
        }
        catch (error) {
            const code = error.code ?? '';
            if (platform !== 'win32' || !TRANSIENT_ON_WINDOWS.has(code) || now() >= until)
                throw error;
        }
        await sleep(Math.min(tries * 10, 100));
    }
}


/***/ }),

/***/ 173:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   o: () => (/* binding */ removeStaleParts)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7370);
/* harmony import */ var _names_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3919);
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3799);
// Part files a killed run left behind, removed before anything is written so they neither pile up nor travel into
// a later upload: only regular files named as download.ts names them, in folders the destination's checks passed.





const PART_SUFFIX = new RegExp(`\\.[0-9a-f]{${_names_js__WEBPACK_IMPORTED_MODULE_3__/* .PART_SUFFIX_BYTES */ .e4 - '..part'.length}}\\.part$`, 'u');
/** Removes the part files of the planned paths (segments below `root`), and says so. */
async function removeStaleParts(root, planned, info) {
    const removed = [];
    for (const [folder, paths] of Map.groupBy(planned, (segments) => segments.slice(0, -1).join('/'))) {
        const names = new Set(paths.map((segments) => segments.at(-1)));
        const absolute = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(root, ...folder.split('/'));
        for (const entry of await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readdir)(absolute).catch(() => [])) {
            const suffix = PART_SUFFIX.exec(entry);
            // A planned file may itself have a name of this form: it is not a part file of another.
            if (suffix === null || names.has(entry) || !names.has(entry.slice(0, suffix.index)))
                continue;
            const path = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(absolute, entry);
            if ((await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.lstat)(path).catch(() => undefined))?.isFile() !== true)
                continue;
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.rm)(path, { force: true });
            removed.push(folder === '' ? entry : `${folder}/${entry}`);
        }
    }
    if (removed.length > 0)
        info(`Removed ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(removed.length, 'part file')} left by an earlier run: ${(0,_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .sample */ .XM)(removed)}`);
}


/***/ }),

/***/ 3700:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D0: () => (/* binding */ decoder),
/* harmony export */   IX: () => (/* binding */ contentCoding)
/* harmony export */ });
/* unused harmony export UnsupportedCodingError */
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7075);
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_stream__WEBPACK_IMPORTED_MODULE_0__);
// Which coding an answer's body still carries, and the stream that removes it, for downloads and step output alike
// (docs/promises.md, promise 24).

// Loaded at its first use: most runs decode nothing.
const zlib = () => process.getBuiltinModule('node:zlib');
/** A Content-Encoding that cannot be decoded: what would be written is not what was stored. */
class UnsupportedCodingError extends Error {
    name = 'UnsupportedCodingError';
    /** Every Content-Encoding line, as one. */
    value;
    constructor(value) {
        super(`Content-Encoding ${JSON.stringify(value)} cannot be decoded (gzip, deflate or br can, one at a time)`);
        this.value = value;
    }
}
/** The one coding on a body, from every Content-Encoding line (`identity` is none); undefined for none. */
function contentCoding(header) {
    const value = [header ?? []].flat().join(', ');
    const codings = value.split(',').map((c) => c.trim().toLowerCase());
    const applied = codings.filter((c) => c !== '' && c !== 'identity');
    if (applied.length === 0)
        return undefined;
    const only = applied.length === 1 ? applied[0]?.replace(/^x-gzip$/u, 'gzip') : undefined;
    if (only === 'gzip' || only === 'deflate' || only === 'br')
        return only;
    throw new UnsupportedCodingError(value);
}
/** A stream that decodes `coding`; its errors are zlib's (codes Z_*). */
function decoder(coding) {
    if (coding === 'gzip')
        return zlib().createGunzip();
    return coding === 'br' ? zlib().createBrotliDecompress() : new Deflate();
}
/** `deflate` as servers send it: zlib-wrapped as the standard says, or raw, told apart by the first byte (a zlib
 *  stream's low nibble is 8). */
class Deflate extends node_stream__WEBPACK_IMPORTED_MODULE_0__.Transform {
    #inner;
    _transform(chunk, _encoding, callback) {
        if (chunk.length === 0)
            return callback();
        this.#inner ??= (((chunk[0] ?? 0) & 0x0f) === 0x08 ? zlib().createInflate() : zlib().createInflateRaw())
            .on('data', (data) => this.push(data))
            .on('error', (error) => this.destroy(error));
        this.#inner.write(chunk, () => callback());
    }
    _flush(callback) {
        // An empty body decodes to nothing.
        if (this.#inner === undefined)
            return callback();
        this.#inner.once('end', () => callback()).end();
    }
    _destroy(error, callback) {
        this.#inner?.destroy();
        callback(error);
    }
}


/***/ })

};
