export const id = 800;
export const ids = [800];
export const modules = {

/***/ 7780:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  TL: () => (/* binding */ AnnotationBudget),
  sT: () => (/* binding */ MAX_FAILURE_REPORTS),
  iv: () => (/* binding */ readTests),
  An: () => (/* binding */ showFailedSteps),
  FK: () => (/* binding */ testsSection)
});

// UNUSED EXPORTS: MAX_ANNOTATIONS, annotationOf

// EXTERNAL MODULE: ../api/errors.ts
var errors = __webpack_require__(1013);
// EXTERNAL MODULE: ../api/step-output.ts + 1 modules
var step_output = __webpack_require__(530);
// EXTERNAL MODULE: ../api/message.ts
var message = __webpack_require__(7527);
// EXTERNAL MODULE: ../action/text.ts
var action_text = __webpack_require__(5947);
// EXTERNAL MODULE: ../api/format.ts
var format = __webpack_require__(2249);
;// CONCATENATED MODULE: ../action/failure-log.ts
// Says in GitHub why a build failed: for each failed step a collapsed log group with its name, command, exit code,
// duration and the end of its output, the same in the job summary, and one error annotation whose message is the
// line of the output that says what went wrong. The output is untrusted terminal text (docs/promises.md, promise 15):
// in the log it sits between `::stop-commands::<random token>` and `::<token>::`, so the runner obeys no command inside
// it, and in the summary it sits in a code block whose fence is longer than any backtick run in it. Known secrets are
// removed before any line is cut (docs/promises.md, promise 13).




/** Characters of one output line shown; lines are kept longer, so a secret is removed whole before the cut. */
const SHOWN_LINE_LENGTH = 500;
/** Characters of one step's code block in the job summary (GitHub takes at most 1 MiB of summary per step). */
const SUMMARY_BLOCK_LIMIT = 16 * 1024;
/** Characters of all code blocks of one build in the job summary: several builds must fit GitHub's 1 MiB. */
const SUMMARY_BUILD_LIMIT = 64 * 1024;
/** Lines of a step's command shown. */
const COMMAND_LINES = 20;
/**
 * Prints the failed steps of one build (from collectFailedSteps) and annotates the first one. A step whose output
 * could not be read gets one warning. Returns the `failed-step` output and the summary section; writing the
 * summary is the caller's, with the rest of its own.
 */
function reportFailedSteps(io, build, steps, options = {}) {
    const first = steps[0];
    if (first === undefined)
        return { failedStep: undefined, summary: '' };
    const redact = redactor(options.secrets ?? []);
    const num = build.build_num;
    const sections = [];
    let summaryLeft = SUMMARY_BUILD_LIMIT;
    const unavailable = [];
    for (const step of steps.slice(0, step_output/* MAX_STEPS_READ */.Eq)) {
        const name = plain(redact(step.name), 200);
        const why = step.outputError === undefined ? undefined : plain(redact(step.outputError), 400);
        if (step.output === undefined && step.outputError === undefined) {
            // Not read (failure-log-lines: 0): the step is named, nothing more.
            io.info((0,action_text/* logSafe */.sN)(`✗ Build #${num}: step '${name}' failed${facts(step)}`));
            sections.push(`**Failed step:** ${(0,action_text/* mdSafe */.$v)(name, 200)}${mdFacts(step)}`);
            continue;
        }
        io.startGroup((0,action_text/* logSafe */.sN)(`✗ Build #${num}: step '${name}' failed${facts(step)}`));
        io.info((0,action_text/* logSafe */.sN)(`Step: ${name}`));
        const command = step.command === undefined ? [] : commandLines(redact(step.command));
        const output = (step.output?.lines ?? []).map((line) => (0,format/* cut */.Jj)(redact(line), SHOWN_LINE_LENGTH));
        if (step.output !== undefined)
            io.info((0,action_text/* logSafe */.sN)(tailNote(step, output.length)));
        else
            io.info((0,action_text/* logSafe */.sN)(`Its output could not be shown: ${why}`));
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
        const names = [...new Set(rest.map((s) => plain(redact(s.name), 100)))];
        const list = names.slice(0, 10).join("', '") + (names.length > 10 ? "', …" : "'");
        io.info((0,action_text/* logSafe */.sN)(`…and ${rest.length} more failed steps of build #${num}: '${list}`));
        sections.push(`…and ${rest.length} more failed steps, not shown.`);
    }
    // One warning for the build, however many of its outputs could not be read.
    const [only] = unavailable;
    if (unavailable.length === 1 && only !== undefined) {
        io.warning((0,action_text/* logSafe */.sN)(`Could not show the output of step '${only.name}' of build #${num}: ${only.why}`));
    }
    else if (unavailable.length > 1) {
        const list = unavailable.map((u) => `'${u.name}' (${u.why})`).join('; ');
        io.warning((0,action_text/* logSafe */.sN)((0,format/* cut */.Jj)(`Could not show the output of ${unavailable.length} steps of build #${num}: ${list}`, 2000)));
    }
    if (options.annotate ?? true)
        annotate(io, num, first, redact);
    return { failedStep: redact(first.name), summary: sections.join('\n\n') };
}
/** One error annotation per build: the build and the step in the title, what went wrong as the message. */
function annotate(io, num, step, redact) {
    const name = plain(redact(step.name), 120);
    const exit = step.exitCode === undefined ? '' : ` (exit code ${step.exitCode})`;
    const reason = step.output === undefined ? undefined : (0,step_output/* lastMeaningfulLine */.HF)(step.output.lines);
    const message = reason === undefined
        ? `Step '${name}' failed${exit}`
        : plain((0,format/* cut */.Jj)(redact(reason), SHOWN_LINE_LENGTH), SHOWN_LINE_LENGTH);
    // @actions/core escapes the message and the title, so neither can leave its command line.
    io.error(message, { title: `Build #${num} failed at step '${name}'${exit}` });
}
/** ` (container 2, exit code 1, 12 s)` */
function facts(step) {
    const parts = [];
    if (step.parallel)
        parts.push(`container ${step.index}`);
    if (step.exitCode !== undefined)
        parts.push(`exit code ${step.exitCode}`);
    else if (step.status !== undefined && step.status !== 'failed')
        parts.push(plain(step.status, 40));
    if (step.durationMs !== undefined)
        parts.push((0,format/* formatDuration */.a3)(step.durationMs));
    return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}
function mdFacts(step) {
    const parts = [];
    if (step.parallel)
        parts.push(`container ${step.index}`);
    if (step.exitCode !== undefined)
        parts.push(`exit code ${step.exitCode}`);
    else if (step.status !== undefined && step.status !== 'failed')
        parts.push((0,action_text/* mdSafe */.$v)(step.status, 40));
    if (step.durationMs !== undefined)
        parts.push((0,format/* formatDuration */.a3)(step.durationMs));
    return parts.length === 0 ? '' : ` · ${parts.join(' · ')}`;
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
    const parts = [`**Failed step:** ${(0,action_text/* mdSafe */.$v)(name, 200)}${mdFacts(step)}`];
    if (step.output !== undefined)
        parts.push(`_${(0,action_text/* mdSafe */.$v)(tailNote(step, step.output.lines.length), 300)}_`);
    if (why !== undefined)
        parts.push(`_Its output could not be shown: ${(0,action_text/* mdSafe */.$v)(why, 400)}_`);
    // Past the build's share of the summary, the output is in the log only.
    if (fenced.length > 0 && limit >= 1024)
        parts.push(codeBlock(fenced, limit));
    else if (fenced.length > 0)
        parts.push('_Its output is in the log._');
    return parts.join('\n\n');
}
/**
 * A fenced code block that nothing inside can end: the fence is longer than the longest run of backticks in the
 * text. Lines beyond `limit` characters are dropped from the start, since the end says why the step failed.
 */
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
    const longest = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
    const fence = '`'.repeat(Math.max(3, longest + 1));
    return `${fence}text\n${body}\n${fence}`;
}
/** The command as clean lines (no colour, no control characters), its first COMMAND_LINES at most. */
function commandLines(command) {
    const terminal = new step_output/* TerminalTail */.DG(COMMAND_LINES * 50, SHOWN_LINE_LENGTH);
    terminal.write(command);
    terminal.end();
    const lines = terminal.lines();
    if (lines.length <= COMMAND_LINES)
        return lines;
    return [...lines.slice(0, COMMAND_LINES), `… ${lines.length - COMMAND_LINES} more lines`];
}
/** Server text as one plain line: read as a terminal shows it (no escape sequences, no control characters, U+0085
 *  included), its lines joined with spaces. */
function plain(text, max) {
    const terminal = new step_output/* TerminalTail */.DG(COMMAND_LINES, max + 1);
    terminal.write(text);
    terminal.end();
    const oneLine = terminal
        .lines()
        .join(' ')
        .replace(/[\s\u2028\u2029]+/g, ' ');
    return (0,format/* cut */.Jj)(oneLine.trim(), max);
}
function redactor(secrets) {
    return (text) => (0,message/* redactSecrets */.fp)(text, secrets);
}

// EXTERNAL MODULE: ../action/summary.ts
var summary = __webpack_require__(1702);
;// CONCATENATED MODULE: ../action/build-report.ts
// What the gating actions report about a finished build: why it failed (its failed steps and the end of their
// output), its tests read once, the failed ones listed in the log and the summary, and annotated on their files
// (GitHub shows at most 10 error annotations per step, so one budget is shared by every build a step reports on).






/** GitHub shows at most 10 error annotations per step; more are dropped without a word. */
const MAX_ANNOTATIONS = 10;
/** Reads the finished build's tests; a failure to do so costs the table, never the step's verdict. */
async function readTests({ io }, { client, project }, build) {
    try {
        const metadata = await client.tests(project, build.build_num);
        return { tests: Array.isArray(metadata?.tests) ? metadata.tests : [] };
    }
    catch (error) {
        if (error instanceof errors/* AbortedError */.oM)
            throw error;
        const why = error.message;
        io.warning((0,action_text/* logSafe */.sN)(`Could not read the test results of build #${build.build_num}: ${why}`));
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
    let annotated = 0;
    for (const test of failed.slice(0, summary/* MAX_LISTED_FAILURES */.z4)) {
        const name = [test.classname, test.name].filter(Boolean).join(' › ') || '(unnamed test)';
        ctx.info(`✗ ${(0,format/* cut */.Jj)(name, 300)}${test.file ? ` (${test.file})` : ''}`);
    }
    for (const test of failed) {
        if (budget.remaining <= 0)
            break;
        const where = annotationOf(test);
        if (where === undefined)
            continue;
        const message = [test.classname, test.message || test.result || 'failed'].filter(Boolean).join(': ');
        // @actions/core escapes the message and properties of the command, so server text stays on its one line.
        ctx.io.error((0,format/* cut */.Jj)(message, 2000), { ...where, title: (0,format/* cut */.Jj)(test.name || 'failed test', 200) });
        budget.remaining--;
        annotated++;
    }
    return annotated;
}
/**
 * The summary's part about a finished build's tests: the table by result, the failed tests (logged and
 * annotated too). `heading` is the Markdown level of its headings.
 */
function testsSection(ctx, read, budget, heading = 4) {
    const h = '#'.repeat(heading);
    if (read.tests === undefined)
        return [`Test results could not be read: ${(0,action_text/* mdSafe */.$v)(read.error ?? '')}`];
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
/**
 * Shows why a build did not pass: its failed steps, each with its command and the last `lines` lines of its output
 * in a collapsed log group, and one error annotation (taken from the budget). Reads the full record when `build`
 * is a summary without steps. Any failure to do so is a warning: it never changes the step's verdict.
 */
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
            log: (level, message) => (level === 'debug' ? ctx.io.debug((0,action_text/* logSafe */.sN)(message)) : ctx.info(message)),
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
        ctx.io.warning((0,action_text/* logSafe */.sN)(`Could not read the steps of build #${num}: ${error.message}`));
        return NOTHING_SHOWN;
    }
}


/***/ }),

/***/ 5661:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ describeState),
/* harmony export */   c: () => (/* binding */ followBuild)
/* harmony export */ });
/* harmony import */ var _api_records_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5942);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3197);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2249);



/**
 * Looks at the build until it finishes, the deadline passes or the step is cancelled (then it rejects with the
 * abort reason). `seen` receives every record read, so the caller always knows the last state.
 */
async function followBuild(ctx, { client, project }, first, options, seen) {
    const num = first.build_num;
    let previous = first;
    if ((0,_api_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isFinished */ .$g)(first))
        return { done: true };
    const look = async () => {
        const build = await client.build(project, num);
        seen(build);
        const changed = build.status !== previous.status || build.lifecycle !== previous.lifecycle;
        previous = build;
        if ((0,_api_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isFinished */ .$g)(build))
            return { done: true, value: build };
        if (!changed)
            return { done: false };
        ctx.info(`Build #${num} is ${describeState(build)}`);
        return { done: false, logged: true };
    };
    const result = await (0,_poll_js__WEBPACK_IMPORTED_MODULE_0__/* .poll */ .wt)({
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

/***/ 3117:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Om: () => (/* binding */ worstOutcome),
/* harmony export */   WE: () => (/* binding */ passes),
/* harmony export */   tI: () => (/* binding */ readOutcomePolicy),
/* harmony export */   wy: () => (/* binding */ describePolicy)
/* harmony export */ });
/* unused harmony exports KNOWN_OUTCOMES, DEFAULT_POLICY */
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
// The outcome policy of the gating actions (trigger-build with `wait`, wait-for-build): which outcomes let the
// step pass, and which of several outcomes is the worst.

/** The outcomes a finished build can have (docs/wire.md). */
const KNOWN_OUTCOMES = [
    'success',
    'failed',
    'canceled',
    'infrastructure_fail',
    'timedout',
    'no_tests',
];
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
        return true;
    return typeof outcome === 'string' && outcome !== '' && policy.allowed.has(outcome);
}
/** `success`, or `success, no_tests`, for messages. */
function describePolicy(policy) {
    return policy.any ? 'any outcome' : [...policy.allowed].join(', ');
}
/**
 * From least to most severe: a real failure of the code is the worst, an outcome we do not know counts just
 * below it, and a build that ended without any outcome just below that.
 */
const SEVERITY = {
    success: 0,
    no_tests: 1,
    canceled: 2,
    infrastructure_fail: 3,
    timedout: 4,
    failed: 7,
};
const UNKNOWN_SEVERITY = 6;
const NO_OUTCOME_SEVERITY = 5;
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


/***/ }),

/***/ 3197:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f5: () => (/* binding */ PollFailedError),
/* harmony export */   uf: () => (/* binding */ WaitError),
/* harmony export */   wt: () => (/* binding */ poll)
/* harmony export */ });
/* unused harmony exports DEFAULT_JITTER, DEFAULT_HEARTBEAT_MS, DEFAULT_MAX_FAILURES, DEFAULT_MAX_FAILURE_WAIT_MS, transient */
/* harmony import */ var _api_clock_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7634);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1013);
/* harmony import */ var _api_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7878);
// The waiting loop of the release-gating actions (docs/promises.md, promises 17–20): one look at a time, at the poll
// interval with a little jitter, measured from the end of one look to the start of the next (so a look the transport
// stretched for a 429's Retry-After pushes the next one back instead of adding a request), a quiet heartbeat, a
// deadline, an abort that ends every wait at once, and a few failed looks in a row tolerated before giving up.



const DEFAULT_JITTER = 0.1;
const DEFAULT_HEARTBEAT_MS = 60_000;
const DEFAULT_MAX_FAILURES = 5;
const DEFAULT_MAX_FAILURE_WAIT_MS = 5 * 60_000;
/** Several looks in a row failed: the last failure says why. */
class PollFailedError extends _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'PollFailedError';
}
/** A wait that ended without the result the step waits for: timed out, or the build did not succeed. */
class WaitError extends _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'WaitError';
}
/**
 * Looks until `look` says done or the deadline passes. Rejects with the abort reason as soon as `signal` aborts,
 * with a look's error when it cannot pass (a 404, a 401, a bug), and after `maxFailures` failed looks in a row.
 */
async function poll(options, look) {
    const { clock, signal, intervalMs, deadline } = options;
    const jitter = options.jitter ?? DEFAULT_JITTER;
    const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    const maxFailures = options.maxFailures ?? DEFAULT_MAX_FAILURES;
    const maxFailureWaitMs = Math.max(intervalMs, options.maxFailureWaitMs ?? DEFAULT_MAX_FAILURE_WAIT_MS);
    const start = clock.now();
    let lastLine = start;
    let looks = 0;
    let failures = 0;
    const state = () => ({ looks, elapsedMs: clock.now() - start });
    for (;;) {
        if (signal.aborted)
            throw (0,_api_clock_js__WEBPACK_IMPORTED_MODULE_0__/* .abortReason */ .Js)(signal);
        looks++;
        let waitMs = intervalMs;
        try {
            const found = await look(looks);
            failures = 0;
            if (found.done)
                return { done: true, value: found.value, ...state() };
            if (found.logged)
                lastLine = clock.now();
            if (found.nextInMs !== undefined)
                waitMs = found.nextInMs;
        }
        catch (error) {
            if (signal.aborted)
                throw (0,_api_clock_js__WEBPACK_IMPORTED_MODULE_0__/* .abortReason */ .Js)(signal);
            // The transport would have had to wait past the deadline (a long Retry-After): the wait is over.
            if (error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .DeadlineError */ .j3)
                return { done: false, error, ...state() };
            if (!transient(error))
                throw error;
            failures++;
            if (failures > maxFailures) {
                throw new PollFailedError(`${failures} looks in a row failed; the last: ${error.message}`, {
                    cause: error,
                });
            }
            waitMs = Math.min(maxFailureWaitMs, intervalMs * 2 ** (failures - 1));
            options.onFailure?.(error, { ...state(), failures, nextInMs: waitMs });
            lastLine = clock.now();
        }
        const now = clock.now();
        if (now >= deadline)
            return { done: false, ...state() };
        if (now - lastLine >= heartbeatMs) {
            options.onHeartbeat?.(state());
            lastLine = now;
        }
        const jittered = waitMs * (1 + jitter * (2 * clock.random() - 1));
        // The last look happens at the deadline itself, not one interval after it.
        await clock.sleep(Math.max(0, Math.min(Math.round(jittered), deadline - now)), signal);
    }
}
/** A failure of one look that may pass by the next one: isTransient's, and a garbled answer. */
function transient(error) {
    return (0,_api_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .isTransient */ .dg)(error) || error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .BadResponseError */ .nS;
}


/***/ }),

/***/ 1702:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T9: () => (/* binding */ failedTests),
/* harmony export */   _x: () => (/* binding */ buildFacts),
/* harmony export */   hL: () => (/* binding */ buildLink),
/* harmony export */   jI: () => (/* binding */ buildHeading),
/* harmony export */   kS: () => (/* binding */ testsTable),
/* harmony export */   l1: () => (/* binding */ failedTestsTable),
/* harmony export */   xD: () => (/* binding */ buildDurationMs),
/* harmony export */   z4: () => (/* binding */ MAX_LISTED_FAILURES)
/* harmony export */ });
/* unused harmony exports MAX_LINK_LENGTH, linkTarget, mdLink, resultKind, formatTestTime */
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5947);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2249);


/** Failed tests listed in the summary; the rest are counted. */
const MAX_LISTED_FAILURES = 50;
/** Longer addresses are not linked. */
const MAX_LINK_LENGTH = 2048;
/** The address as a Markdown link target, or undefined when it is not an http(s) URL. */
function linkTarget(url) {
    if (typeof url !== 'string')
        return undefined;
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        return undefined;
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
        return undefined;
    // A build page's address is short; a longer one is not a link worth a summary's room.
    if (parsed.href.length > MAX_LINK_LENGTH)
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
/** `### [Build #12 · main · 1a2b3c4](url)` */
function buildHeading(build, level = 3) {
    const parts = [`Build #${build.build_num}`];
    if (build.branch)
        parts.push((0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .mdSafe */ .$v)(build.branch, 100));
    if (build.vcs_tag)
        parts.push(`tag ${(0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .mdSafe */ .$v)(build.vcs_tag, 100)}`);
    if (build.vcs_revision)
        parts.push((0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .mdSafe */ .$v)(build.vcs_revision.slice(0, 7)));
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
    const facts = [['Status', build.status ? (0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .mdSafe */ .$v)(build.status, 50) : 'unknown']];
    if (build.outcome)
        facts.push(['Outcome', (0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .mdSafe */ .$v)(build.outcome, 50)]);
    const duration = buildDurationMs(build);
    if (duration !== undefined)
        facts.push(['Duration', (0,_api_format_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(duration)]);
    if (build.subject)
        facts.push(['Subject', (0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .mdSafe */ .$v)(build.subject, 120)]);
    for (const [name, value] of Object.entries(extra))
        facts.push([name, value]);
    return facts.map(([name, value]) => `**${name}:** ${value}`).join(' · ');
}
/** Results are an open set (docs/wire.md): what is neither passed, failed, skipped nor an error counts as other. */
function resultKind(result) {
    switch ((result ?? '').toLowerCase()) {
        case 'success':
        case 'passed':
        case 'pass':
            return 'passed';
        case 'failure':
        case 'failed':
        case 'fail':
            return 'failed';
        case 'skipped':
        case 'skip':
            return 'skipped';
        case 'error':
            return 'errors';
        default:
            return 'other';
    }
}
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
            (0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .mdSafe */ .$v)(t.classname ?? '', 120),
            (0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .mdSafe */ .$v)(t.name ?? '(unnamed)', 200),
            (0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .mdSafe */ .$v)(t.file ?? '', 120),
            (0,_text_js__WEBPACK_IMPORTED_MODULE_0__/* .mdSafe */ .$v)(t.message ?? '', 300),
        ];
        lines.push(`| ${cells.join(' | ')} |`);
    }
    const rest = failed.length - max;
    if (rest > 0)
        lines.push('', `…and ${rest} more failed test${rest === 1 ? '' : 's'}, not listed.`);
    return lines.join('\n');
}
/** Test time in the unit that reads best: `0.42 s`, `12.3 s`, `2 min 5 s`. */
function formatTestTime(seconds) {
    if (seconds < 10)
        return `${Math.round(seconds * 100) / 100} s`;
    if (seconds < 60)
        return `${Math.round(seconds * 10) / 10} s`;
    return (0,_api_format_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(seconds * 1000);
}


/***/ }),

/***/ 4496:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D0: () => (/* binding */ decoder),
/* harmony export */   IX: () => (/* binding */ contentCoding),
/* harmony export */   MZ: () => (/* binding */ UnsupportedCodingError)
/* harmony export */ });
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7075);
/* harmony import */ var node_stream__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_stream__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _zlib_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3599);
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
        return (0,_zlib_js__WEBPACK_IMPORTED_MODULE_1__/* .zlib */ .w)().createGunzip();
    if (coding === 'br')
        return (0,_zlib_js__WEBPACK_IMPORTED_MODULE_1__/* .zlib */ .w)().createBrotliDecompress();
    return new Deflate();
}
/** `deflate` as servers send it: zlib-wrapped as the standard says, or raw, told apart by the first byte (a zlib
 *  stream's low nibble is 8). */
class Deflate extends node_stream__WEBPACK_IMPORTED_MODULE_0__.Transform {
    #inner;
    _transform(chunk, _encoding, callback) {
        if (chunk.length === 0) {
            callback();
            return;
        }
        if (this.#inner === undefined) {
            const inner = ((chunk[0] ?? 0) & 0x0f) === 0x08 ? (0,_zlib_js__WEBPACK_IMPORTED_MODULE_1__/* .zlib */ .w)().createInflate() : (0,_zlib_js__WEBPACK_IMPORTED_MODULE_1__/* .zlib */ .w)().createInflateRaw();
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

/***/ 530:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  $S: () => (/* binding */ MAX_OUTPUT_LINES),
  Eq: () => (/* binding */ MAX_STEPS_READ),
  DG: () => (/* reexport */ TerminalTail),
  P4: () => (/* binding */ collectFailedSteps),
  HF: () => (/* binding */ lastMeaningfulLine)
});

// UNUSED EXPORTS: ChunkParser, MAX_BYTES_PER_BUILD, MAX_LINE_LENGTH, OUTPUT_TIMEOUT_MS, findFailedSteps, readStepOutput

// EXTERNAL MODULE: external "node:stream/promises"
var promises_ = __webpack_require__(6466);
// EXTERNAL MODULE: ../api/errors.ts
var errors = __webpack_require__(1013);
// EXTERNAL MODULE: ../api/decode.ts
var decode = __webpack_require__(4496);
// EXTERNAL MODULE: ../api/format.ts
var format = __webpack_require__(2249);
;// CONCATENATED MODULE: ../api/terminal-tail.ts
// What a terminal would show of raw step output, last lines only (the failed step's log, docs/promises.md, promise 15:
// colour escapes and control characters never reach the log as they came).
/** Characters kept of one line; the rest of a longer line is dropped (memory is lines × this). */
const MAX_LINE_LENGTH = 1024;
/**
 * Raw terminal output in, the last lines a terminal would show out: `\r` returns to the start of the line and
 * what follows overwrites it, backspace steps back, `ESC[K` erases, other escape sequences (colours, cursor
 * movement, titles) and control characters are dropped. Memory stays within `maxLines` × `maxLineLength`.
 */
class TerminalTail {
    #maxLines;
    #maxLineLength;
    /** A ring: the oldest kept line is at #first. */
    #lines = [];
    #first = 0;
    /** Blank lines not yet kept: at the end of the output they are dropped, so they never push real lines out. */
    #pendingBlank = 0;
    #line = '';
    #cursor = 0;
    #cut = false;
    #escape = 'none';
    #csi = '';
    totalLines = 0;
    constructor(maxLines, maxLineLength = MAX_LINE_LENGTH) {
        this.#maxLines = Math.max(0, Math.floor(maxLines));
        this.#maxLineLength = Math.max(1, Math.floor(maxLineLength));
    }
    write(text) {
        const n = text.length;
        let i = 0;
        while (i < n) {
            if (this.#escape !== 'none') {
                i = this.#inEscape(text, i);
                continue;
            }
            // A run of printable characters is written at once.
            let j = i;
            while (j < n && isPrintable(text.charCodeAt(j)))
                j++;
            if (j > i)
                this.#put(text.slice(i, j));
            if (j === n)
                break;
            this.#control(text.charCodeAt(j));
            i = j + 1;
        }
    }
    /** The output ended: a last line without a newline counts, blank lines at the end do not. */
    end() {
        this.#escape = 'none';
        if (this.#line.trim() !== '')
            this.#newline();
        this.#line = '';
        this.#cursor = 0;
        this.#pendingBlank = 0;
    }
    lines() {
        return [...this.#lines.slice(this.#first), ...this.#lines.slice(0, this.#first)];
    }
    #put(run) {
        const room = this.#maxLineLength - this.#cursor;
        if (room <= 0) {
            this.#cut = true;
            this.#cursor += run.length;
            return;
        }
        const piece = run.length > room ? run.slice(0, room) : run;
        if (piece.length < run.length)
            this.#cut = true;
        if (this.#cursor >= this.#line.length) {
            this.#line = this.#line.padEnd(this.#cursor) + piece;
        }
        else {
            this.#line = this.#line.slice(0, this.#cursor) + piece + this.#line.slice(this.#cursor + piece.length);
        }
        this.#cursor += run.length;
    }
    #control(code) {
        switch (code) {
            case 0x0a: // \n
                this.#newline();
                return;
            case 0x0d: // \r
                this.#cursor = 0;
                return;
            case 0x08: // backspace
                this.#cursor = Math.max(0, Math.min(this.#cursor, this.#maxLineLength) - 1);
                return;
            case 0x09: // tab: kept as it is
                this.#put('\t');
                return;
            case 0x1b:
                this.#escape = 'esc';
                return;
            case 0x9b: // a one-character CSI
                this.#escape = 'csi';
                this.#csi = '';
                return;
            case 0x90: // DCS
            case 0x9d: // OSC
            case 0x98: // SOS
            case 0x9e: // PM
            case 0x9f: // APC
                this.#escape = 'string';
                return;
            default:
            // Any other control character is dropped.
        }
    }
    /** Consumes escape sequence characters from `text` at `i`; returns where normal text resumes. */
    #inEscape(text, i) {
        const code = text.charCodeAt(i);
        switch (this.#escape) {
            case 'esc':
                if (code < 0x20) {
                    this.#escape = 'none'; // a control character cancels the sequence and still acts
                    return i;
                }
                if (code === 0x5b) {
                    this.#escape = 'csi';
                    this.#csi = '';
                }
                else if (code === 0x5d || code === 0x50 || code === 0x58 || code === 0x5e || code === 0x5f) {
                    this.#escape = 'string'; // OSC, DCS, SOS, PM, APC: up to BEL or ESC \
                }
                else if (code >= 0x20 && code <= 0x2f) {
                    this.#escape = 'esc-intermediate'; // e.g. ESC ( B
                }
                else {
                    this.#escape = 'none'; // a two-character sequence
                }
                return i + 1;
            case 'esc-intermediate':
                if (code < 0x20) {
                    this.#escape = 'none';
                    return i;
                }
                if (code > 0x2f)
                    this.#escape = 'none';
                return i + 1;
            case 'csi': {
                // Parameters and intermediates up to the final character, read in one go.
                let j = i;
                while (j < text.length) {
                    const c = text.charCodeAt(j);
                    if (c >= 0x40 && c <= 0x7e) {
                        this.#escape = 'none';
                        this.#csi = (this.#csi + text.slice(i, j)).slice(0, 16);
                        if (c === 0x4b)
                            this.#eraseInLine(this.#csi); // K
                        return j + 1;
                    }
                    if (c < 0x20 || c > 0x3f) {
                        this.#escape = 'none'; // a broken sequence: the character is read as text again
                        return j;
                    }
                    j++;
                }
                this.#csi = (this.#csi + text.slice(i, j)).slice(0, 16);
                return j;
            }
            case 'string': {
                // The terminator is BEL or ESC \ (the backslash is then taken by the 'esc' state as a 2-char sequence).
                let j = i;
                while (j < text.length) {
                    const c = text.charCodeAt(j);
                    if (c === 0x07 || c === 0x9c) {
                        this.#escape = 'none';
                        return j + 1;
                    }
                    if (c === 0x0a) {
                        // An unterminated title or hyperlink must not hide the rest of the output: a line ends it.
                        this.#escape = 'none';
                        return j;
                    }
                    if (c === 0x1b) {
                        this.#escape = 'esc';
                        return j + 1;
                    }
                    j++;
                }
                return j;
            }
            default:
                return i;
        }
    }
    #eraseInLine(params) {
        const mode = params === '' ? 0 : Number(params);
        const cursor = Math.min(this.#cursor, this.#maxLineLength);
        if (mode === 0)
            this.#line = this.#line.slice(0, cursor);
        else if (mode === 1)
            this.#line = ' '.repeat(cursor) + this.#line.slice(cursor);
        else if (mode === 2)
            this.#line = '';
    }
    #newline() {
        this.totalLines++;
        // A copy: a line sliced from a chunk would keep the whole chunk alive (V8 strings share their parent's
        // characters), and the tail must hold only its own lines.
        const line = `${this.#line.trimEnd()}${this.#cut ? '…' : ' '}`.trimEnd();
        this.#line = '';
        this.#cursor = 0;
        this.#cut = false;
        if (this.#maxLines === 0)
            return;
        if (line === '') {
            this.#pendingBlank++;
            return;
        }
        for (const blank of Array(Math.min(this.#pendingBlank, this.#maxLines)).fill(''))
            this.#keep(blank);
        this.#pendingBlank = 0;
        this.#keep(line);
    }
    #keep(line) {
        if (this.#lines.length < this.#maxLines) {
            this.#lines.push(line);
        }
        else {
            this.#lines[this.#first] = line;
            this.#first = (this.#first + 1) % this.#maxLines;
        }
    }
}
/** Printable: not a C0 control, not DEL, not a C1 control (U+0085 included). */
function isPrintable(code) {
    return code >= 0x20 && code !== 0x7f && (code < 0x80 || code > 0x9f);
}

;// CONCATENATED MODULE: ../api/step-output.ts
// The failed steps of a build and the end of their output (docs/wire.md, "Steps"). A step's output lives on a storage
// origin behind a pre-signed `output_url`: a JSON array of `{message, time, type}` chunks of raw terminal text that
// can run to tens of megabytes. It is read as a stream and only a bounded tail is kept: the last lines as a
// terminal would show them, colour escapes removed and `\r` progress lines resolved. Nothing here knows GitHub.





/** What reading a step's output needs of the transport: `open()` sends the credential only to trusted origins. */

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
/**
 * The steps that failed, in the order the build ran them, each container of a parallel step on its own.
 * Steps marked `insignificant` are left out: their failure does not fail the build.
 */
function findFailedSteps(build) {
    const found = [];
    const steps = Array.isArray(build.steps) ? build.steps : [];
    const parallel = typeof build.parallel === 'number' && build.parallel > 1;
    for (const step of steps) {
        if (!isObject(step) || !Array.isArray(step['actions']))
            continue;
        for (const action of step['actions']) {
            if (!isObject(action) || !actionFailed(action) || action['insignificant'] === true)
                continue;
            const name = step_output_text(action['name']) ?? step_output_text(step['name']) ?? '(unnamed step)';
            const index = integer(action['index']) ?? 0;
            found.push({
                name,
                step: integer(action['step']),
                index,
                parallel: parallel || index > 0,
                command: step_output_text(action['bash_command']),
                status: step_output_text(action['status']),
                exitCode: integer(action['exit_code']),
                durationMs: durationOf(action),
                truncated: action['truncated'] === true,
                outputUrl: action['has_output'] === false ? undefined : step_output_text(action['output_url']),
            });
        }
    }
    return found;
}
function actionFailed(action) {
    if (action['failed'] === true || action['timedout'] === true || action['infrastructure_fail'] === true)
        return true;
    const status = step_output_text(action['status']);
    return status !== undefined && FAILED_STATUSES.has(status);
}
function durationOf(action) {
    const millis = action['run_time_millis'];
    if (typeof millis === 'number' && Number.isFinite(millis) && millis >= 0)
        return millis;
    const start = Date.parse(step_output_text(action['start_time']) ?? '');
    const end = Date.parse(step_output_text(action['end_time']) ?? '');
    return Number.isFinite(start) && Number.isFinite(end) && end >= start ? end - start : undefined;
}
/**
 * The failed steps of a finished build with the end of each one's output. Never throws for the output: a failure
 * to read it is the step's `outputError`, and the build's verdict stays the caller's. A cancelled read ends
 * quietly (the caller knows it was cancelled).
 */
async function collectFailedSteps(options) {
    const { transport } = options;
    const lines = Math.min(options.lines, MAX_OUTPUT_LINES);
    const log = options.log ?? (() => { });
    const steps = findFailedSteps(options.build);
    if (lines <= 0 || steps.length === 0)
        return steps;
    const maxSteps = options.maxSteps ?? MAX_STEPS_READ;
    const maxLineLength = options.maxLineLength ?? MAX_LINE_LENGTH;
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
            step.outputError = `reading the build's outputs took over ${(0,format/* formatDuration */.a3)(timeoutMs)}`;
            continue;
        }
        if (budget.bytesLeft <= 0) {
            step.outputError = `the build's outputs passed the ${(0,format/* formatLimit */.tW)(limit)} read per build`;
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
                if (!(error instanceof errors/* ApiError */.hD && error.status === 403) || options.refresh === undefined)
                    throw error;
                if (refreshed !== undefined)
                    throw error;
                log('debug', `the output address of step '${step.name}' expired (HTTP 403); reading the build again`);
                try {
                    refreshed = await options.refresh();
                }
                catch (refreshError) {
                    throw new OutputError(`its address expired (HTTP 403) and reading the build again failed: ${messageOf(refreshError)}`);
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
                ? `no complete output within ${(0,format/* formatDuration */.a3)(timeoutMs)}`
                : error instanceof OutputError || error instanceof errors/* UserFacingError */.Ui
                    ? error.message
                    : `unexpected error: ${messageOf(error)}`;
        }
    }
    return steps;
}
/** The same step and container in a build read again. */
function freshUrl(build, step) {
    const match = findFailedSteps(build).find((s) => s.step === step.step && s.index === step.index);
    return match?.outputUrl;
}
class OutputError extends errors/* UserFacingError */.Ui {
    name = 'OutputError';
}
/**
 * Streams one output and keeps its tail. Asks for gzip, and decodes what is still encoded (a transport that
 * decodes removes the header). Errors: the transport's (ApiError, TimeoutError, NetworkError, AbortedError), or
 * an OutputError for a body that is not the expected JSON, an unknown encoding or the byte budget running out.
 */
async function readStepOutput(opener, url, options) {
    const tail = new TerminalTail(options.lines, options.maxLineLength ?? MAX_LINE_LENGTH);
    const parser = new ChunkParser((piece) => tail.write(piece));
    const budget = options.budget ?? { limit: Infinity, bytesLeft: Infinity };
    const opened = await opener.open(url, {
        headers: { accept: 'application/json', 'accept-encoding': 'gzip' },
        ...(options.signal === undefined ? {} : { signal: options.signal }),
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
                throw new OutputError(`reading it passed the ${(0,format/* formatLimit */.tW)(budget.limit)} read per build`);
            }
            parser.write(decoder.decode(chunk, { stream: true }));
        }
    };
    try {
        if (unzip === undefined)
            await (0,promises_.pipeline)(opened.body, consume);
        else
            await (0,promises_.pipeline)(opened.body, unzip, consume);
    }
    catch (error) {
        if (error instanceof errors/* UserFacingError */.Ui)
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
        const coding = (0,decode/* contentCoding */.IX)(header);
        return coding === undefined ? undefined : (0,decode/* decoder */.D0)(coding);
    }
    catch (error) {
        if (error instanceof decode/* UnsupportedCodingError */.MZ)
            throw new OutputError(`it came in an encoding this client cannot read (${(0,format/* cut */.Jj)(error.value, 41)})`);
        throw error;
    }
}
// --- The JSON array of chunks, parsed as it streams --------------------------------------------------------------
/**
 * A streaming parser for `[{"message": "...", ...}, ...]` that hands each message's text on in pieces as it
 * arrives. Written here because the streaming JSON libraries hold every string value whole, and one message
 * can be megabytes; any other value is skipped without being kept.
 */
class ChunkParser {
    #emit;
    /** Open containers: 'a' array, 'o' object. */
    #stack = [];
    #state = 'value';
    /** What the string being read is: a key (kept, short), the message (emitted) or anything else (skipped). */
    #stringRole = 'skip';
    #key = '';
    #lastKey = '';
    #unicode = '';
    #pending = '';
    #done = false;
    #offset = 0;
    constructor(emit) {
        this.#emit = emit;
    }
    write(text) {
        const n = text.length;
        let i = 0;
        while (i < n) {
            const state = this.#state;
            if (state === 'string') {
                // The common case: a run of plain characters up to the next quote or backslash, handed on at once.
                let j = i;
                while (j < n) {
                    const c = text.charCodeAt(j);
                    if (c === 0x22 || c === 0x5c)
                        break;
                    j++;
                }
                if (j > i)
                    this.#stringText(text.slice(i, j));
                if (j === n)
                    break;
                if (text.charCodeAt(j) === 0x22)
                    this.#endString();
                else
                    this.#state = 'escape';
                i = j + 1;
                continue;
            }
            const ch = text[i];
            i++;
            if (state === 'escape') {
                if (ch === 'u') {
                    const hex = text.slice(i, i + 4);
                    if (hex.length === 4 && HEX4.test(hex)) {
                        this.#stringText(String.fromCharCode(Number.parseInt(hex, 16)));
                        this.#state = 'string';
                        i += 4;
                    }
                    else {
                        this.#unicode = '';
                        this.#state = 'unicode';
                    }
                    continue;
                }
                const unescaped = ESCAPES[ch];
                if (unescaped === undefined)
                    this.#fail(`a bad escape \\${ch}`);
                this.#stringText(unescaped);
                this.#state = 'string';
                continue;
            }
            if (state === 'unicode') {
                if (!HEX4.test(ch.repeat(4)))
                    this.#fail('a bad \\u escape');
                this.#unicode += ch;
                if (this.#unicode.length === 4) {
                    this.#stringText(String.fromCharCode(Number.parseInt(this.#unicode, 16)));
                    this.#state = 'string';
                }
                continue;
            }
            if (ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t') {
                if (state === 'literal')
                    this.#endLiteral();
                continue;
            }
            switch (this.#state) {
                case 'literal':
                    if (/[0-9a-zA-Z.+-]/.test(ch))
                        continue;
                    this.#endLiteral();
                    i--; // the delimiter is read again in the state after the value
                    continue;
                case 'value':
                    this.#value(ch);
                    continue;
                case 'first-key':
                    if (ch === '}')
                        this.#close('o');
                    else if (ch === '"')
                        this.#startString('key');
                    else
                        this.#fail('a key');
                    continue;
                case 'key':
                    if (ch !== '"')
                        this.#fail('a key');
                    this.#startString('key');
                    continue;
                case 'colon':
                    if (ch !== ':')
                        this.#fail("':'");
                    this.#state = 'value';
                    continue;
                case 'first-value':
                    if (ch === ']')
                        this.#close('a');
                    else
                        this.#value(ch);
                    continue;
                case 'after-value': {
                    const top = this.#stack.at(-1);
                    if (ch === ',')
                        this.#state = top === 'o' ? 'key' : 'value';
                    else if (ch === '}' && top === 'o')
                        this.#close('o');
                    else if (ch === ']' && top === 'a')
                        this.#close('a');
                    else
                        this.#fail("',' or the end of a list or object");
                    continue;
                }
                case 'done':
                    this.#fail('the end of the body');
            }
        }
        this.#offset += n;
        this.#flush();
    }
    /** Message text goes on once per write, not once per escape. */
    #flush() {
        if (this.#pending === '')
            return;
        const text = this.#pending;
        this.#pending = '';
        this.#emit(text);
    }
    /** The body ended: it must have been one whole array. */
    end() {
        if (this.#state === 'literal')
            this.#endLiteral();
        if (!this.#done)
            throw new OutputError('its body ended before the end of the JSON array');
    }
    #value(ch) {
        if (this.#stack.length === 0 && ch !== '[')
            this.#fail('a JSON array of output chunks');
        if (ch === '[') {
            this.#stack.push('a');
            this.#state = 'first-value';
        }
        else if (ch === '{') {
            this.#stack.push('o');
            this.#state = 'first-key';
        }
        else if (ch === '"') {
            const isMessage = this.#lastKey === 'message' &&
                this.#stack.length === 2 &&
                this.#stack[0] === 'a' &&
                this.#stack[1] === 'o';
            this.#startString(isMessage ? 'message' : 'skip');
        }
        else if (/[-0-9tfn]/.test(ch)) {
            this.#state = 'literal';
        }
        else {
            this.#fail('a value');
        }
    }
    #close(kind) {
        this.#stack.pop();
        if (kind === 'o')
            this.#lastKey = '';
        if (this.#stack.length === 0) {
            this.#state = 'done';
            this.#done = true;
        }
        else {
            this.#state = 'after-value';
        }
    }
    #startString(role) {
        this.#stringRole = role;
        this.#key = '';
        this.#state = 'string';
    }
    #stringText(piece) {
        if (this.#stringRole === 'key') {
            // Only short keys matter; a long one is kept short enough to be no key we know.
            if (this.#key.length < 32)
                this.#key += piece.slice(0, 32);
        }
        else if (this.#stringRole === 'message') {
            this.#pending += piece;
        }
    }
    #endString() {
        if (this.#stringRole === 'key') {
            this.#lastKey = this.#key;
            this.#state = 'colon';
        }
        else {
            this.#state = 'after-value';
        }
    }
    #endLiteral() {
        this.#state = 'after-value';
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
/**
 * The line of the output that best says why the step failed, for an annotation: the last line that states an
 * error; else the last that hints at one; else the last line that is not an exit notice or a count of failures;
 * else undefined.
 */
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
// --- Small helpers --------------------------------------------------------------------------------------------------
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function step_output_text(value) {
    return typeof value === 'string' && value !== '' ? value : undefined;
}
function integer(value) {
    return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}
function messageOf(error) {
    return error instanceof Error ? error.message : String(error);
}


/***/ }),

/***/ 3599:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   w: () => (/* binding */ zlib)
/* harmony export */ });
function zlib() {
    return process.getBuiltinModule('node:zlib');
}


/***/ })

};
