export const id = 797;
export const ids = [797];
export const modules = {

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

/***/ 9872:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BL: () => (/* binding */ describePatterns),
/* harmony export */   Cx: () => (/* binding */ choosesName),
/* harmony export */   QC: () => (/* binding */ compileNamePatterns)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);
/* harmony import */ var _glob_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9027);
// Job and workflow names chosen by glob patterns, one a line, `!` to leave names out. A line matches a name it
// equals before it is read as a glob, so `test [linux]` matches itself whatever its brackets mean to a glob.


/** Compiles the lines of `input`; an empty or control-character line is an error naming the input. */
function compileNamePatterns(input, lines) {
    const allowed = `allowed: names or glob patterns, one a line ('deploy-*', 'test [linux]'), '!' to leave names out`;
    return [...new Set(lines)].map((source) => {
        const negated = source.startsWith('!');
        const body = negated ? source.slice(1).trim() : source;
        if (body === '')
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(input, allowed, source, `${JSON.stringify(source)} names nothing`);
        if (/\p{Cc}/u.test(body))
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(input, allowed, source, 'a line holds a control character');
        const glob = (0,_glob_js__WEBPACK_IMPORTED_MODULE_1__/* .compilePattern */ .Eb)(body);
        const named = !negated && !/[*?]/u.test(body);
        return { source, negated, body, named, test: (name) => name === body || glob(name) };
    });
}
/** Whether the patterns choose a name (`undefined`: a build that names none). No patterns choose every build. */
function choosesName(patterns, name) {
    return name === undefined ? patterns.every((p) => p.negated) : (0,_glob_js__WEBPACK_IMPORTED_MODULE_1__/* .selects */ .ko)(patterns, name);
}
/** `deploy-*, !deploy-docs`, for messages. */
function describePatterns(patterns) {
    return patterns.map((p) => p.source).join(', ');
}


/***/ }),

/***/ 817:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   An: () => (/* binding */ showFailedSteps),
/* harmony export */   FK: () => (/* binding */ testsSection),
/* harmony export */   TL: () => (/* binding */ AnnotationBudget),
/* harmony export */   iv: () => (/* binding */ readTests),
/* harmony export */   sT: () => (/* binding */ MAX_FAILURE_REPORTS)
/* harmony export */ });
/* unused harmony exports SUMMARY_BUILD_LIMIT, reportFailedSteps, codeBlock */
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);
/* harmony import */ var _service_step_lines_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2775);
/* harmony import */ var _common_terminal_tail_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(284);
/* harmony import */ var _summary_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2970);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8999);
/* harmony import */ var _gate_scope_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6618);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7370);
// What the gating actions report of a finished build: each failed step's command and output tail in a log group and
// the summary, with one annotation, and its failed tests, listed and annotated. Step output is untrusted
// (docs/promises.md, promise 15): fenced from the runner in the log, in a code block nothing can close in the
// summary, and cleaned of secrets before any cut (docs/promises.md, promise 13).







/** GitHub shows this many error annotations per step and drops the rest without a word. */
const MAX_ANNOTATIONS = 10;
/** Reads the finished build's tests; a failure to do so costs the table, never the step's verdict. */
async function readTests({ io }, service, job) {
    try {
        return { tests: await service.tests(job.number) };
    }
    catch (error) {
        if (error instanceof _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .AbortedError */ .oM)
            throw error;
        const why = error.message;
        io.warning((0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .logSafe */ .sN)(`Could not read the test results of build #${job.number}: ${why}`));
        return { tests: undefined, error: why };
    }
}
/** One budget serves every build a step reports on, as GitHub's bound is per step. */
class AnnotationBudget {
    remaining = MAX_ANNOTATIONS;
}
/** The test with its location for an annotation, if it names a file: the line too when its message points there. */
function located(test) {
    const file = test.file?.trim().replace(/^\.\//, '');
    if (!file)
        return [];
    const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const line = new RegExp(`${escaped}:(\\d+)`).exec(test.message ?? '')?.[1];
    return [{ test, where: line === undefined ? { file } : { file, startLine: Number(line) } }];
}
/** The summary's part on a build's tests; failed ones are logged, and annotated while the budget lasts. */
function testsSection(ctx, read, budget, heading = 4) {
    const h = '#'.repeat(heading);
    if (read.tests === undefined)
        return [`Test results could not be read: ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .mdSafe */ .$v)(read.error ?? '')}`];
    if (read.tests.length === 0)
        return ['No test results were reported.'];
    const parts = [`${h} Tests`, (0,_summary_js__WEBPACK_IMPORTED_MODULE_2__/* .testsTable */ .kS)(read.tests)];
    const failed = (0,_summary_js__WEBPACK_IMPORTED_MODULE_2__/* .failedTests */ .T9)(read.tests);
    if (failed.length === 0)
        return parts;
    // Secrets and escapes go before any cut: a cut through a secret leaves a start the runner cannot mask.
    const clean = (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .cleaner */ .ZS)(ctx.secrets);
    for (const test of failed.slice(0, _summary_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_LISTED_FAILURES */ .z4)) {
        const name = [test.classname, test.name].filter(Boolean).join(' › ') || '(unnamed test)';
        ctx.info(`✗ ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_5__/* .cut */ .Jj)(clean(name), 300)}${test.file ? ` (${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(clean(test.file), 300)})` : ''}`);
    }
    const withFile = failed.flatMap(located);
    const annotated = withFile.slice(0, Math.max(0, budget.remaining));
    for (const { test, where } of annotated) {
        const message = [test.classname, test.message || test.result || 'failed'].filter(Boolean).join(': ');
        // @actions/core escapes the message and properties of the command, so server text stays on its one line.
        ctx.io.error((0,_common_format_js__WEBPACK_IMPORTED_MODULE_5__/* .cut */ .Jj)(clean(message), 2000), {
            ...where,
            file: (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(clean(where.file), 1000),
            title: (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(clean(test.name || 'failed test'), 200),
        });
    }
    budget.remaining -= annotated.length;
    parts.push(`${h} Failed tests`, (0,_summary_js__WEBPACK_IMPORTED_MODULE_2__/* .failedTestsTable */ .l1)(failed));
    if (withFile.length > annotated.length)
        parts.push(`${annotated.length} failed tests are annotated on their files; ${withFile.length - annotated.length} more ` +
            `with a file are listed here only (at most ${MAX_ANNOTATIONS} annotations per step).`);
    return parts;
}
/** Builds whose failed steps' output one step reads at most; the others' failures are named by their outcome. */
const MAX_FAILURE_REPORTS = 5;
const NOTHING_SHOWN = { failedStep: undefined, summary: '' };
/** Shows why a build did not pass, or its page where the API has no step output; a failed read is only a warning. */
async function showFailedSteps(ctx, service, job, lines, budget) {
    try {
        const steps = await service.failedSteps(job, lines, ctx.signal);
        if (steps === undefined) {
            const url = job.url ?? '';
            if (lines > 0 && url !== '')
                ctx.info(`Job ${(0,_gate_scope_js__WEBPACK_IMPORTED_MODULE_4__/* .label */ .Pf)(job)} ended ${job.status ?? 'unknown'}: API v2 has no step output; its log is at ${url}`);
            return {
                failedStep: undefined,
                summary: url === '' ? '' : (0,_summary_js__WEBPACK_IMPORTED_MODULE_2__/* .mdLink */ .YF)("The job's page shows its log", url),
            };
        }
        if (ctx.signal.aborted)
            return NOTHING_SHOWN;
        const annotate = budget.remaining > 0;
        const shown = reportFailedSteps(ctx.io, job, steps, { secrets: ctx.secrets, annotate });
        if (shown.failedStep !== undefined && annotate)
            budget.remaining--;
        return shown;
    }
    catch (error) {
        if (!(error instanceof _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .AbortedError */ .oM || ctx.signal.aborted))
            ctx.io.warning((0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .logSafe */ .sN)(`Could not read the steps of build #${job.number}: ${error.message}`));
        return NOTHING_SHOWN;
    }
}
/** Characters of one output line shown; lines are kept longer, so a secret is removed whole before the cut. */
const SHOWN_LINE_LENGTH = 500;
/** Characters of one step's code block in the job summary, which GitHub bounds per step. */
const SUMMARY_BLOCK_LIMIT = 16 * 1024;
/** Characters of all code blocks of one build in the job summary, so that several builds fit GitHub's bound. */
const SUMMARY_BUILD_LIMIT = 64 * 1024;
const COMMAND_LINES = 20;
/** Prints the failed steps of one build and annotates the first; the caller writes the summary it returns. */
function reportFailedSteps(io, job, steps, options = {}) {
    const first = steps[0];
    if (first === undefined)
        return NOTHING_SHOWN;
    const clean = (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .cleaner */ .ZS)(options.secrets ?? []);
    const num = job.number;
    const sections = [];
    let summaryLeft = SUMMARY_BUILD_LIMIT;
    const unavailable = [];
    for (const step of steps.slice(0, _service_step_lines_js__WEBPACK_IMPORTED_MODULE_6__/* .MAX_STEPS_READ */ .Eq)) {
        const name = (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(clean(step.name), 200);
        const heading = (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .logSafe */ .sN)(`✗ Build #${num}: step '${name}' failed${facts(step)}`);
        const parts = [`**Failed step:** ${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .mdSafe */ .$v)(name, 200)}${facts(step, true)}`];
        // Not read (failure-log-lines: 0): the step is named, nothing more.
        if (step.output === undefined && step.outputError === undefined) {
            io.info(heading);
            sections.push(parts[0]);
            continue;
        }
        io.startGroup(heading);
        io.info((0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .logSafe */ .sN)(`Step: ${name}`));
        const command = step.command === undefined ? [] : commandLines(clean(step.command));
        const output = (step.output?.lines ?? []).map((line) => (0,_common_format_js__WEBPACK_IMPORTED_MODULE_5__/* .cut */ .Jj)(clean(line), SHOWN_LINE_LENGTH));
        const fenced = [
            ...command.map((line) => `$ ${line}`),
            ...(command.length && output.length ? [''] : []),
            ...output,
        ];
        const why = step.outputError === undefined ? undefined : (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(clean(step.outputError), 400);
        if (why !== undefined)
            unavailable.push({ name, why });
        const note = tailNote(step, output.length) ?? `Its output could not be shown: ${why}`;
        io.info((0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .logSafe */ .sN)(note));
        io.untrusted(fenced);
        io.endGroup();
        parts.push(`_${(0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .mdSafe */ .$v)(note, 440)}_`);
        // Past the build's share of the summary, the output is in the log only.
        const limit = Math.min(SUMMARY_BLOCK_LIMIT, summaryLeft);
        if (fenced.length > 0)
            parts.push(limit >= 1024 ? codeBlock(fenced, limit) : '_Its output is in the log._');
        sections.push(parts.join('\n\n'));
        summaryLeft -= sections.at(-1).length;
    }
    const rest = steps.slice(_service_step_lines_js__WEBPACK_IMPORTED_MODULE_6__/* .MAX_STEPS_READ */ .Eq);
    if (rest.length > 0) {
        const names = [...new Set(rest.map((s) => (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(clean(s.name), 100)))];
        const list = names.slice(0, 10).join("', '") + (names.length > 10 ? "', …" : "'");
        io.info((0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .logSafe */ .sN)(`…and ${rest.length} more failed steps of build #${num}: '${list}`));
        sections.push(`…and ${rest.length} more failed steps, not shown.`);
    }
    // One warning for the build, however many of its outputs could not be read.
    const [only] = unavailable;
    if (only !== undefined) {
        const list = unavailable.map((u) => `'${u.name}' (${u.why})`).join('; ');
        io.warning((0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .logSafe */ .sN)(unavailable.length === 1
            ? `Could not show the output of step '${only.name}' of build #${num}: ${only.why}`
            : (0,_common_format_js__WEBPACK_IMPORTED_MODULE_5__/* .cut */ .Jj)(`Could not show the output of ${unavailable.length} steps of build #${num}: ${list}`, 2000)));
    }
    if (options.annotate ?? true) {
        const name = (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(clean(first.name), 120);
        const exit = first.exitCode === undefined ? '' : ` (exit code ${first.exitCode})`;
        const reason = first.output === undefined ? undefined : (0,_service_step_lines_js__WEBPACK_IMPORTED_MODULE_6__/* .lastMeaningfulLine */ .HF)(first.output.lines);
        const message = reason === undefined ? `Step '${name}' failed${exit}` : (0,_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(clean(reason), SHOWN_LINE_LENGTH);
        io.error(message, { title: `Build #${num} failed at step '${name}'${exit}` });
    }
    return { failedStep: clean(first.name), summary: sections.join('\n\n') };
}
/** The step's container, exit code or status and duration, in parentheses for the log or dotted for Markdown. */
function facts(step, markdown = false) {
    const parts = [];
    if (step.parallel)
        parts.push(`container ${step.index}`);
    if (step.exitCode !== undefined)
        parts.push(`exit code ${step.exitCode}`);
    else if (step.status !== undefined && step.status !== 'failed')
        parts.push((markdown ? _text_js__WEBPACK_IMPORTED_MODULE_3__/* .mdSafe */ .$v : _text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(step.status, 40));
    if (step.durationMs !== undefined)
        parts.push((0,_common_format_js__WEBPACK_IMPORTED_MODULE_5__/* .formatDuration */ .a3)(step.durationMs));
    if (parts.length === 0)
        return '';
    return markdown ? ` · ${parts.join(' · ')}` : ` (${parts.join(', ')})`;
}
/** What part of the output is shown, or undefined when there is none to show. */
function tailNote(step, shown) {
    const output = step.output;
    if (output === undefined)
        return undefined;
    const size = (0,_common_format_js__WEBPACK_IMPORTED_MODULE_5__/* .formatBytes */ .z3)(output.bytes);
    const cutByService = step.truncated ? '; the service cut this output short' : '';
    if (shown === 0)
        return `Its output has no lines to show (${size})${cutByService}`;
    const which = shown < output.totalLines ? `The last ${shown} of its ${output.totalLines} lines` : `All ${shown} lines`;
    return `${which} of output (${size})${cutByService}:`;
}
/** A code block nothing inside can end, cut from the start past `limit`, since the end says why a step failed. */
function codeBlock(lines, limit = SUMMARY_BLOCK_LIMIT) {
    let size = 0;
    let start = lines.length;
    while (start > 0 && size + lines[start - 1].length + 1 <= limit)
        size += lines[--start].length + 1;
    const kept = lines.slice(start);
    if (start > 0)
        kept.unshift(`… ${start} lines before this are not shown`);
    const body = kept.join('\n');
    const longest = (body.match(/`+/g) ?? []).reduce((most, run) => Math.max(most, run.length), 0);
    const fence = '`'.repeat(Math.max(3, longest + 1));
    return `${fence}text\n${body}\n${fence}`;
}
function commandLines(command) {
    const lines = command.trimEnd().split('\n');
    const shown = lines.slice(0, COMMAND_LINES).map((line) => (0,_common_terminal_tail_js__WEBPACK_IMPORTED_MODULE_1__/* .plainLine */ .h0)(line, SHOWN_LINE_LENGTH));
    const rest = lines.length - shown.length;
    return rest > 0 ? [...shown, `… ${rest} more lines`] : shown;
}


/***/ }),

/***/ 6618:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Jw: () => (/* binding */ describeState),
/* harmony export */   Od: () => (/* binding */ scopeOf),
/* harmony export */   Pf: () => (/* binding */ label),
/* harmony export */   js: () => (/* binding */ upper)
/* harmony export */ });
/* harmony import */ var _common_name_patterns_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9872);

/** `#12 (job test)` */
function label(job) {
    return `#${job.number}${job.name === null ? '' : ` (job ${job.name})`}`;
}
/** `commit 1a2b3c4 on branch main, workflow ci, jobs build, test` */
function scopeOf(input) {
    if (input.label !== undefined)
        return input.label;
    if (input.buildNum !== undefined)
        return `build #${input.buildNum}`;
    const { revision, branch } = input.query;
    const commit = revision === '' ? 'the newest commit' : `commit ${revision.slice(0, 12)}`;
    const parts = [branch === undefined ? commit : `${commit} on branch ${branch}`];
    for (const [name, list] of Object.entries({ workflow: input.workflows, job: input.jobs }))
        if (list.length > 0)
            parts.push(`${name}${list.length > 1 ? 's' : ''} ${(0,_common_name_patterns_js__WEBPACK_IMPORTED_MODULE_0__/* .describePatterns */ .BL)(list)}`);
    return parts.join(', ');
}
/** `running (status running)`, or just `queued` when both say the same. */
function describeState({ state, status }) {
    const where = state ?? 'in an unknown state';
    return status && status !== state ? `${where} (status ${status})` : where;
}
const upper = (text) => text.charAt(0).toUpperCase() + text.slice(1);


/***/ }),

/***/ 4649:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  dK: () => (/* binding */ buildRow),
  Np: () => (/* binding */ gateBuilds),
  yN: () => (/* binding */ pipelineSource)
});

// EXTERNAL MODULE: ../common/clock.ts
var clock = __webpack_require__(159);
// EXTERNAL MODULE: ../common/errors.ts
var errors = __webpack_require__(3094);
// EXTERNAL MODULE: ../common/format.ts
var format = __webpack_require__(7370);
// EXTERNAL MODULE: ../service/service.ts + 3 modules
var service_service = __webpack_require__(5778);
// EXTERNAL MODULE: ../runner/build-report.ts
var build_report = __webpack_require__(817);
// EXTERNAL MODULE: ../runner/io.ts
var io = __webpack_require__(7704);
// EXTERNAL MODULE: ../runner/outcomes.ts
var outcomes = __webpack_require__(2049);
// EXTERNAL MODULE: ../runner/wait.ts
var wait = __webpack_require__(3585);
// EXTERNAL MODULE: ../runner/run.ts + 6 modules
var run = __webpack_require__(3480);
// EXTERNAL MODULE: ../runner/summary.ts
var summary = __webpack_require__(2970);
// EXTERNAL MODULE: ../runner/text.ts
var runner_text = __webpack_require__(8999);
// EXTERNAL MODULE: ../runner/gate-scope.ts
var gate_scope = __webpack_require__(6618);
// EXTERNAL MODULE: ../runner/verdict.ts
var runner_verdict = __webpack_require__(7199);
// EXTERNAL MODULE: ../service/http/errors.ts
var http_errors = __webpack_require__(5841);
// EXTERNAL MODULE: ../common/name-patterns.ts
var name_patterns = __webpack_require__(9872);
// EXTERNAL MODULE: ../common/values.ts
var values = __webpack_require__(4415);
// EXTERNAL MODULE: ../service/v2.ts
var v2 = __webpack_require__(9575);
// EXTERNAL MODULE: ../service/v2-records.ts
var v2_records = __webpack_require__(216);
;// CONCATENATED MODULE: ../runner/gate-looks.ts
// The gate's looks for the one wait (wait.ts): a source's jobs until all ended and none is to come.










async function waitForJobs(ctx, service, input, on) {
    const { clock } = ctx;
    const started = clock.now();
    let scope = (0,gate_scope/* scopeOf */.Od)(input);
    const times = { now: () => clock.now(), settleMs: input.settleMs, emptyMs: input.appearMs, since: started };
    const source = input.source ?? service.commitSource(input.query, times);
    const appear = input.source === undefined ? `; a build must appear within ${(0,format/* formatDuration */.a3)(input.appearMs)}` : '';
    const every = `a look every ${(0,format/* formatDuration */.a3)(input.intervalMs)}, for at most ${(0,format/* formatDuration */.a3)(input.timeoutMs)}`;
    ctx.info(`Waiting for the builds of ${scope}: ${every}${appear}`);
    let current = [];
    /** Every build of the commit the last look saw, counted or not. */
    let everything = new Map();
    /** The last time a build appeared or ended: the appear and settle times count from it. */
    let lastChange = started;
    let warnedTruncated = false;
    let noV2 = false;
    /** The workflow the last look waited for, once every build had ended. */
    let waitingFor;
    let erroredPipelines = [];
    /** Says once that API v2 refused (none here, or a project token): the builds alone decide from then on. */
    const refused = (error, what) => {
        if (!(error instanceof http_errors/* ApiError */.hD) || ![401, 403, 404].includes(error.status))
            return false;
        noV2 = true;
        ctx.info(`The service answered ${error.status} for ${what} through API v2 (${error.message}): workflows that made ` +
            `no build could not be read, so the builds alone decide`);
        return true;
    };
    // Every ended workflow of the pipeline or the commit, with its own status (API v2): one cancelled or failed before
    // or after its jobs shows only builds that passed, or none. Undefined while one of them still runs or waits.
    // Only a workflow the verdict may judge is waited for: one `workflow` chooses; with `job`, only while a job named
    // is missing or no build counted, since a workflow that holds the jobs chosen may wait on a hold released later.
    const readWorkflows = async (all, scanned, ranNone) => {
        // A pipeline knows its workflows, all ended once it is complete.
        if (scanned.complete !== undefined)
            return [...(scanned.workflows ?? [])];
        // A workflow that has not ended, a failing one too (docs/promises.md, promise 31); 'skip': not waited for.
        const isOpen = (name, status) => {
            if (v2/* FINAL_WORKFLOW_STATUSES */.qY.has(status))
                return false;
            if (!(0,name_patterns/* choosesName */.Cx)(input.workflows, name) || (input.jobs.length > 0 && !ranNone))
                return 'skip';
            waitingFor = `workflow ${name} is ${status}`;
            ctx.info(`Workflow ${name} is ${status}: waiting for it to end`);
            return true;
        };
        for (const { name, status } of scanned.open ?? [])
            if (isOpen(name, status) === true)
                return undefined;
        erroredPipelines = [...(scanned.errored ?? [])];
        const found = new Map((scanned.workflows ?? []).map((w) => [w.id, w]));
        /** False while a workflow the verdict may judge is open. */
        const take = ({ id, name, status }) => {
            if (found.has(id))
                return true;
            const open = isOpen(name, status);
            if (open === false)
                found.set(id, { id, name, status });
            return open !== true;
        };
        if (noV2)
            return [...found.values()];
        try {
            for (const id of new Set(all.map((b) => b.workflow.id).filter(v2_records/* isV2Id */.IN)))
                if (!found.has(id) && !take({ ...(await service.workflow(id)), id }))
                    return undefined;
        }
        catch (error) {
            if (refused(error, 'a workflow'))
                return [...found.values()];
            throw error;
        }
        // The commit's workflows that made no build, where the source does not hold them.
        try {
            const commit = await source.commitWorkflows?.();
            erroredPipelines.push(...(commit?.errored ?? []));
            for (const workflow of commit?.workflows ?? [])
                if (!take(workflow))
                    return undefined;
        }
        catch (error) {
            if (!refused(error, "the commit's pipelines"))
                throw error;
        }
        return [...found.values()];
    };
    const look = async () => {
        const scanned = await source.look();
        if (scanned.chose !== undefined) {
            scope = (0,gate_scope/* scopeOf */.Od)(input);
            const branch = input.query.branch ?? '';
            ctx.info(`The newest build of branch ${branch} is #${scanned.chose}: waiting for ${scope}`);
        }
        // Builds of other workflows are not followed at all.
        const all = scanned.jobs.filter((b) => (0,name_patterns/* choosesName */.Cx)(input.workflows, b.workflow.name ?? undefined));
        const now = clock.now();
        const long = `The project's build list is long: the look read its newest pages only, as far as a look may`;
        if (scanned.truncated && !warnedTruncated)
            ctx.io.warning(long);
        warnedTruncated ||= scanned.truncated;
        // With `job`, every build of the commit is still followed: while any runs, a matching job may yet appear.
        const builds = all.filter((b) => (0,name_patterns/* choosesName */.Cx)(input.jobs, b.name ?? undefined));
        const lines = [...(scanned.notes ?? [])];
        for (const build of all) {
            const old = everything.get(build.number);
            if (old === undefined) {
                const { name, workflow } = build;
                const of = workflow.name === null ? '' : ` of workflow ${workflow.name}`;
                const what = name === null ? '' : `: job ${name}${of}`;
                const retry = build.retryOf === null ? '' : `, a retry of #${build.retryOf}`;
                const aside = builds.includes(build) ? '' : ' (not counted: job does not match)';
                lines.push(`Build #${build.number} appeared${what}${retry}, ${(0,gate_scope/* describeState */.Jw)(build)}${aside}`);
            }
            else if (build.ended && !old.ended) {
                lines.push(`Build ${(0,gate_scope/* label */.Pf)(build)} ended: ${(0,outcomes/* showOutcome */.Kg)((0,outcomes/* outcomeOf */.sG)(build)) || (0,gate_scope/* describeState */.Jw)(build)}`);
            }
            else {
                if (build.state !== old.state)
                    lines.push(`Build ${(0,gate_scope/* label */.Pf)(build)} is ${(0,gate_scope/* describeState */.Jw)(build)}`);
                continue;
            }
            lastChange = now;
        }
        for (const line of lines)
            ctx.info(line);
        const logged = lines.length > 0;
        everything = new Map(all.map((b) => [b.number, b]));
        current = builds;
        on.seen(builds);
        // A source that knows when it is complete (a pipeline) needs no settle time.
        const complete = scanned.complete;
        if (complete === false || !builds.every((b) => b.ended))
            return { done: false, logged };
        const finished = (workflows, more = {}) => ({
            done: true,
            value: { kind: 'finished', workflows, others: all, ...more },
        });
        // What a pipeline listed: a named job or workflow is found among its jobs and workflows, built or not.
        const listed = (scanned.workflows ?? []).filter((w) => (0,name_patterns/* choosesName */.Cx)(input.workflows, w.name));
        const jobNames = [...all.map((b) => b.name ?? ''), ...listed.flatMap((w) => w.jobs ?? [])];
        const workflowNames = [...all.map((b) => b.workflow.name ?? ''), ...listed.map((w) => w.name)];
        const missingJobs = input.named.filter((p) => !jobNames.some((name) => p.test(name)));
        const missingWorkflows = complete === true
            ? input.workflows.filter((p) => p.named && !workflowNames.some((n) => p.test(n)))
            : [];
        const patterns = input.jobs.length + input.workflows.length > 0;
        const nothingRan = builds.length === 0 && (complete !== true || patterns);
        if (nothingRan || missingJobs.length + missingWorkflows.length > 0) {
            // While other builds of the commit run, a matching job may yet come.
            if (!all.every((b) => b.ended))
                return { done: false, logged };
            // A named job or workflow that does not appear is waited for as long on every path.
            const appearLeft = lastChange + input.appearMs - now;
            if (appearLeft > 0)
                return { done: false, logged, nextInMs: Math.min(input.intervalMs, appearLeft) };
            const workflows = await readWorkflows(all, scanned, true);
            if (workflows === undefined)
                return { done: false, logged: true };
            const within = `within ${(0,format/* formatDuration */.a3)(input.appearMs)}`;
            const states = all.map((b) => `${(0,gate_scope/* label */.Pf)(b)} ${(0,outcomes/* outcomeOf */.sG)(b) || (0,gate_scope/* describeState */.Jw)(b)}`).join(', ');
            const after = all.length === 0 ? '' : ` after the other builds ended (seen: ${states})`;
            const names = (list, what) => list.length === 0
                ? []
                : [`${what}${list.length > 1 ? 's' : ''} ${list.map((m) => `'${m.body}'`).join(', ')}`];
            const why = [...names(missingWorkflows, 'Workflow'), ...names(missingJobs, 'Job')].join(' and ');
            const what = why === '' ? `No build of ${scope} appeared` : `${why} of ${scope} did not appear`;
            return finished(workflows, { missing: `${what} ${within}${after}`, errored: erroredPipelines });
        }
        if (complete === true)
            return finished([...(scanned.workflows ?? [])], (0,values/* definedOnly */.Uv)({ nothing: scanned.nothing }));
        // Jobs all named by name have appeared and ended; with patterns, a downstream job may still come: settle.
        const settleLeft = lastChange + input.settleMs - now;
        if ((input.jobs.length > 0 && input.named.length === input.jobs.length) || settleLeft <= 0) {
            const workflows = await readWorkflows(all, scanned, false);
            return workflows ? finished(workflows) : { done: false, logged: true };
        }
        if (logged)
            ctx.info(`Every build has ended; waiting ${(0,format/* formatDuration */.a3)(settleLeft)} for a downstream job`);
        return { done: false, logged, nextInMs: Math.min(input.intervalMs, settleLeft) };
    };
    return (0,wait/* wait */.uk)({
        clock,
        signal: ctx.signal,
        intervalMs: input.intervalMs,
        deadline: on.deadline,
        look,
        log: ctx.info,
        still: ({ looks, elapsedMs }) => `Still waiting after ${(0,format/* formatDuration */.a3)(elapsedMs)} (${looks} looks): ${tally(current)}`,
        failed: 'look at the builds',
        unfinished: (error) => {
            const why = error ? ` (${error.message})` : '';
            const open = current.filter((b) => !b.ended);
            const left = current.length === 0
                ? 'no build of it had appeared'
                : open.length > 0
                    ? `left running: ${open.map((b) => `${(0,gate_scope/* label */.Pf)(b)} ${(0,gate_scope/* describeState */.Jw)(b)}`).join(', ')}`
                    : `every build had ended, but ${waitingFor ?? 'a named job had not appeared'}`;
            const within = `did not end within ${(0,format/* formatDuration */.a3)(input.timeoutMs)}`;
            const text = `The builds of ${scope} ${within}${why}; ${left}`;
            on.stopped(text);
            return (0,runner_text/* logSafe */.sN)(text);
        },
        gaveUp: (error) => {
            on.stopped(error.message);
            return `Gave up waiting for the builds of ${(0,gate_scope/* scopeOf */.Od)(input)}: ${error.message}; they may still be running`;
        },
    });
}
/** `2 running, 1 queued, 3 ended`, or that none has appeared yet. */
function tally(builds) {
    if (builds.length === 0)
        return 'no build has appeared yet';
    const states = Map.groupBy(builds, (b) => (b.ended ? 'ended' : (b.state ?? 'unknown')));
    return [...states].map(([state, list]) => `${list.length} ${state}`).join(', ');
}

;// CONCATENATED MODULE: ../runner/gate.ts
// The gate of trigger-build (`wait`) and wait-for-build: waits for builds with its looks (gate-looks.ts), judges
// them by the one rule (verdict.ts), shows why they failed and their tests, and sets the outputs and summary.














/** Waits for builds, then fails the step unless each ended with an allowed outcome, and reports on them. */
async function gateBuilds(ctx, service, input, options) {
    const { deadline } = options;
    let builds = [];
    let ending = { kind: 'cancelled' };
    let workflows = [];
    const reports = { tests: new Map(), failures: new Map(), budget: new build_report/* AnnotationBudget */.TL() };
    try {
        let waited;
        try {
            const seen = (b) => {
                builds = b;
                options.seen?.(b);
            };
            const stopped = (why) => void (ending = { kind: 'stopped', why });
            // The wait is a log group of its own, ended before the failure reports print theirs (GitHub nests none).
            const follow = async () => waitForJobs(ctx, service, await oneJob(service, input), { deadline, seen, stopped });
            ending = waited = await (0,io/* inGroup */.HB)(ctx.io, (0,runner_text/* logSafe */.sN)(`Waiting for the builds of ${(0,gate_scope/* scopeOf */.Od)(input)}`), follow);
        }
        catch (error) {
            if (ctx.signal.aborted && options.onAbort !== undefined) {
                const what = await options.onAbort(builds);
                ending = { kind: 'cancelled', what };
                throw new errors/* AbortedError */.oM(`${(0,clock/* abortReason */.Js)(ctx.signal).message}; ${what}`);
            }
            if (!ctx.signal.aborted && !(error instanceof errors/* AbortedError */.oM || error instanceof wait/* WaitError */.uf))
                ending = { kind: 'stopped', why: error.message };
            throw error;
        }
        const verdict = (0,runner_verdict/* judge */.S4)(input, {
            ...waited,
            builds,
            others: waited.others ?? builds,
            workflows: waited.workflows ?? [],
            unbuilt: (0,runner_verdict/* unbuiltOf */.N7)(input),
        });
        workflows = verdict.judged;
        for (const w of workflows)
            if (w.status !== 'success')
                ctx.info(`Workflow ${w.name} ended with status ${w.status}`);
        // A skipped build ran no step and no test: there is nothing to show of it.
        const unsuccessful = builds.filter((b) => !['success', 'not_run'].includes((0,outcomes/* outcomeOf */.sG)(b)));
        // Reads after the verdict stop at the step's deadline: the verdict stands without them.
        const late = () => ctx.clock.now() >= deadline;
        for (const build of unsuccessful.slice(0, build_report/* MAX_FAILURE_REPORTS */.sT)) {
            if (late())
                break;
            const failure = await (0,build_report/* showFailedSteps */.An)(ctx, service, build, input.failureLogLines, reports.budget);
            reports.failures.set(build.number, failure);
        }
        for (const build of unsuccessful) {
            if (late())
                break;
            reports.tests.set(build.number, await (0,build_report/* readTests */.iv)(ctx, service, build));
        }
        if (reports.tests.size < unsuccessful.length)
            ctx.info(`The step's time-out came: the remaining failure logs and tests are not read`);
        if (verdict.fail !== undefined)
            throw (0,wait/* waitFailed */.bn)((0,runner_text/* logSafe */.sN)(verdict.fail));
        if (verdict.none !== undefined) {
            // Nothing ran (a commit the service skipped or filtered out): `if-no-builds` decides, never a success.
            const why = verdict.none;
            ending = { kind: 'stopped', why };
            const going = `${why}; going on with outcome 'none' (if-no-builds: ${input.ifNoBuilds})`;
            (0,outcomes/* ifNothing */.Le)(ctx, input.ifNoBuilds, going, () => (0,wait/* waitFailed */.bn)((0,runner_text/* logSafe */.sN)((0,gate_scope/* upper */.js)(why))));
            ending = { kind: 'none', why };
            return builds;
        }
        const worst = endOutcome(ending, builds, workflows);
        const target = (0,gate_scope/* scopeOf */.Od)(input);
        ctx.info(worst === 'success'
            ? `${builds.length === 1 ? 'The build' : `All ${builds.length} builds`} of ${target} succeeded`
            : `The builds of ${target} ended with outcome '${worst}', which allowed-outcomes ` +
                `(${(0,outcomes/* describePolicy */.wy)(input.policy)}) lets pass`);
    }
    finally {
        setOutputs(ctx, input, builds, endOutcome(ending, builds, workflows), reports.failures, options);
        await writeSummary(ctx, input, { builds, workflows }, ending, reports, ctx.clock.now() - options.started);
    }
    return builds;
}
// One pipeline as the gate's source, its jobs read in its own project (docs/promises.md, promise 35).
function pipelineSource(ctx, connection, pipeline, times, asked) {
    const own = (0,run/* pipelineProject */.mw)(ctx, connection, pipeline, asked, {
        leaveOut: 'gate the pipeline in its own project',
        said: `its jobs are read in ${String(pipeline['project_slug'])}`,
    });
    const service = own === connection.project
        ? connection.service
        : (0,service_service/* openService */.I)({ transport: connection.transport, project: own });
    return { service, source: service.pipelineSource(pipeline, { now: () => ctx.clock.now(), ...times }) };
}
async function oneJob(service, input) {
    if (input.buildNum === undefined)
        return input;
    const source = await service.oneJob(input.buildNum);
    return { ...input, workflows: [], jobs: [], named: [], source };
}
/** The `outcome` output: the worst of the builds and workflows once all ended; 'none' when none ran. */
function endOutcome(ending, builds, workflows) {
    if (ending.kind === 'none')
        return 'none';
    // A wait that did not end (the deadline, a give-up, a named job that never came, a cancel) judged nothing: a
    // later `if: always()` step must never read `success` from a step that failed so.
    if (ending.kind !== 'finished')
        return '';
    if (builds.length + workflows.length === 0 || !builds.every((b) => b.ended))
        return '';
    return (0,outcomes/* worstOutcome */.Om)([...builds.map(outcomes/* outcomeOf */.sG), ...workflows.map((w) => (0,outcomes/* workflowOutcome */.WM)(w.status))]);
}
function setOutputs(ctx, input, builds, outcome, failures, options) {
    const only = input.jobs.length === 1 ? input.jobs[0] : undefined;
    const ofJob = only && !only.negated ? builds.filter((b) => only.test(b.name ?? '')) : builds;
    const deciding = options.buildNum === 'deciding' && builds.every((b) => b.ended);
    const main = deciding ? (0,runner_verdict/* decidingBuild */.Gf)(ofJob, input.policy) : (0,runner_verdict/* newest */.BP)(ofJob);
    ctx.setOutput('build-num', main?.number ?? '');
    ctx.setOutput('build-url', (0,runner_text/* shellSafeUrl */.NO)(main?.url ?? ''));
    ctx.setOutput('outcome', (0,outcomes/* outputWord */.u)(ctx.info, 'outcome', outcome));
    const rows = builds.map((b) => buildRow(b));
    for (const { job, workflow, status } of (0,runner_verdict/* unbuiltOf */.N7)(input))
        rows.push({ build_num: null, build_url: null, job, workflow, status, outcome: null });
    ctx.setOutput('builds', rows);
    const failedStep = builds.map((b) => failures.get(b.number)?.failedStep).find((s) => s !== undefined);
    ctx.setOutput('failed-step', failedStep ?? '');
}
/** A row of the `builds` output. */
function buildRow(b, outcome = (0,outcomes/* outcomeOf */.sG)(b) || null) {
    return {
        build_num: b.number,
        build_url: b.url ? (0,runner_text/* shellSafeUrl */.NO)(b.url) : null,
        job: b.name,
        workflow: b.workflow.name,
        status: b.status,
        outcome,
    };
}
async function writeSummary(ctx, input, { builds, workflows }, ending, reports, elapsedMs) {
    const title = input.buildNum === undefined ? `Builds of ${(0,runner_text/* mdSafe */.$v)((0,gate_scope/* scopeOf */.Od)(input), 200)}` : `Build #${input.buildNum}`;
    const worst = (0,outcomes/* showOutcome */.Kg)(endOutcome(ending, builds, workflows));
    const facts = [
        ...(worst ? [`**Outcome:** ${(0,runner_text/* mdSafe */.$v)(worst, 50)}`] : []),
        `**Waited:** ${(0,format/* formatDuration */.a3)(elapsedMs)}`,
        `**Allowed:** ${(0,runner_text/* mdSafe */.$v)((0,outcomes/* describePolicy */.wy)(input.policy))}`,
    ];
    const parts = [`### ${title}`, facts.join(' · ')];
    if (builds.length > 0)
        parts.push(buildsTable(builds));
    const list = workflows
        .filter((w) => w.status !== 'success')
        .map((w) => `- Workflow ${(0,runner_text/* mdSafe */.$v)(w.name, 100)} ended with status ${(0,runner_text/* mdSafe */.$v)(w.status, 50)}`);
    if (list.length > 0)
        parts.push(list.join('\n'));
    if (ending.kind === 'cancelled')
        parts.push(ending.what === undefined
            ? 'The step was cancelled; the builds were left as they were (this action cancels nothing).'
            : `The step was cancelled: ${(0,runner_text/* mdSafe */.$v)(ending.what, 1000)}.`);
    else if (ending.kind === 'stopped')
        parts.push((0,runner_text/* mdSafe */.$v)(ending.why, 1000));
    else if (ending.kind === 'none')
        parts.push(`${(0,runner_text/* mdSafe */.$v)(ending.why, 1000)}; nothing to wait for (if-no-builds: ${input.ifNoBuilds}).`);
    for (const build of builds) {
        const read = reports.tests.get(build.number);
        if (read === undefined)
            continue;
        const name = `Build #${build.number}${build.name === null ? '' : ` · ${(0,runner_text/* mdSafe */.$v)(build.name, 100)}`}`;
        // Built, not replaced: a replacement string would read `$'` and the like in a job's name.
        const heading = (0,summary/* mdLink */.YF)(name, build.url);
        parts.push(`#### ${heading}: ${(0,runner_text/* mdSafe */.$v)((0,outcomes/* showOutcome */.Kg)((0,outcomes/* outcomeOf */.sG)(build)) || (0,gate_scope/* describeState */.Jw)(build), 50)}`);
        const failure = reports.failures.get(build.number)?.summary;
        if (failure)
            parts.push(failure);
        parts.push(...(0,build_report/* testsSection */.FK)(ctx, read, reports.budget, 5));
    }
    await (0,summary/* appendSummary */.fe)(ctx.io, parts.join('\n\n'));
}
function buildsTable(builds) {
    const rows = builds.map((b) => {
        const cells = [b.name ?? '', b.workflow.name ?? ''].map((text) => (0,runner_text/* mdSafe */.$v)(text, 100));
        cells.push((0,runner_text/* mdSafe */.$v)(b.status ?? '', 50));
        const took = b.durationMs === null ? '' : (0,format/* formatDuration */.a3)(b.durationMs);
        return `| ${(0,summary/* buildLink */.hL)(b)} | ${cells.join(' | ')} | ${(0,runner_text/* mdSafe */.$v)((0,outcomes/* showOutcome */.Kg)((0,outcomes/* outcomeOf */.sG)(b)), 50)} | ${took} |`;
    });
    const head = ['| Build | Job | Workflow | Status | Outcome | Duration |', '|---|---|---|---|---|---|'];
    return [...head, ...rows].join('\n');
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


/***/ }),

/***/ 7199:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BP: () => (/* binding */ newest),
/* harmony export */   Gf: () => (/* binding */ decidingBuild),
/* harmony export */   N7: () => (/* binding */ unbuiltOf),
/* harmony export */   S4: () => (/* binding */ judge),
/* harmony export */   mr: () => (/* binding */ allowedOf)
/* harmony export */ });
/* harmony import */ var _common_name_patterns_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9872);
/* harmony import */ var _outcomes_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2049);
/* harmony import */ var _gate_scope_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6618);
// The gate's verdict: the one rule of what a gate may pass, and the words of a failure.



// The one rule of what a gate may pass, on every path, by triple and by slug (docs/promises.md, promise 31):
// every named workflow and job found and ended as the policy allows, at least one build (not an approval) ran,
// and no workflow judged ended outside the policy. `if-no-builds` decides only when nothing failed and none ran.
function judge(input, found) {
    const { policy } = input;
    const inWorkflow = (b, w) => b.workflow.id === w.id || b.workflow.name === w.name;
    const chosen = found.workflows.filter((w) => (0,_common_name_patterns_js__WEBPACK_IMPORTED_MODULE_0__/* .choosesName */ .Cx)(input.workflows, w.name));
    const ranNone = found.builds.length === 0 || found.missing !== undefined;
    // With `job`, the workflows that hold a chosen job: one that failed through a build of a job left out is not
    // judged, as the jobs chosen decide. When a job named did not appear, any workflow that failed fails the step.
    const holdsChosen = (w) => found.others.some((b) => inWorkflow(b, w) && (0,_common_name_patterns_js__WEBPACK_IMPORTED_MODULE_0__/* .choosesName */ .Cx)(input.jobs, b.name ?? undefined)) ||
        (w.jobs ?? []).some((job) => (0,_common_name_patterns_js__WEBPACK_IMPORTED_MODULE_0__/* .choosesName */ .Cx)(input.jobs, job));
    const failedThroughBuild = (w) => w.status === 'failed' && found.others.some((b) => inWorkflow(b, w) && !(0,_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .passes */ .WE)(policy, (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .outcomeOf */ .sG)(b)));
    const judged = input.jobs.length === 0 || ranNone
        ? chosen
        : chosen.filter((w) => holdsChosen(w) && !failedThroughBuild(w));
    const failing = found.builds.filter((b) => !(0,_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .passes */ .WE)(policy, (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .outcomeOf */ .sG)(b)));
    // One whose failing build already says why is not said again.
    const failingWorkflows = judged.filter((w) => !(0,_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .passes */ .WE)(policy, (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .workflowOutcome */ .WM)(w.status)) && !failing.some((b) => inWorkflow(b, w)));
    if (ranNone) {
        // Nothing counted ran: a build left out that failed (where v2 cannot be read) or a workflow that failed fails.
        const others = found.others.filter((b) => !(0,_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .passes */ .WE)(policy, (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .outcomeOf */ .sG)(b)));
        // A pipeline of the commit whose configuration failed is a failure, not nothing to gate.
        const errored = (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .passes */ .WE)(policy, 'failed') ? [] : (found.errored ?? []);
        if (others.length + failingWorkflows.length + errored.length > 0) {
            const why = found.missing ?? (0,_gate_scope_js__WEBPACK_IMPORTED_MODULE_2__/* .upper */ .js)(found.nothing ?? `no build of ${(0,_gate_scope_js__WEBPACK_IMPORTED_MODULE_2__/* .scopeOf */ .Od)(input)} ran`);
            const failed = others.length + failingWorkflows.length > 0;
            const list = [...(failed ? [failureList(input, failingWorkflows, others)] : []), ...errored];
            return { judged, fail: `${why}; ${list.join('; ')}` };
        }
    }
    else if (failing.length > 0 || failingWorkflows.length > 0) {
        return { judged, fail: failureMessage(input, found.builds, failing, failingWorkflows) };
    }
    // A pipeline's job that ended without a build fails it unless the policy allows its status: no deploy ran.
    const stopped = found.unbuilt.filter((j) => !(0,_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .passes */ .WE)(policy, j.status));
    if (stopped.length > 0) {
        const list = stopped.map((j) => `job ${j.job} of workflow ${j.workflow} ended ${j.status}`).join(', ');
        return { judged, fail: `${(0,_gate_scope_js__WEBPACK_IMPORTED_MODULE_2__/* .upper */ .js)((0,_gate_scope_js__WEBPACK_IMPORTED_MODULE_2__/* .scopeOf */ .Od)(input))}: ${list}, without running` };
    }
    if (found.missing !== undefined)
        return found.builds.length > 0 ? { judged, fail: found.missing } : { judged, none: found.missing };
    if (found.builds.length === 0)
        return { judged, none: found.nothing ?? `no build of ${(0,_gate_scope_js__WEBPACK_IMPORTED_MODULE_2__/* .scopeOf */ .Od)(input)} ran` };
    return { judged };
}
/** A pipeline's jobs of the chosen workflows and jobs that ended without a build. */
function unbuiltOf({ source, workflows, jobs }) {
    return (source?.unbuilt ?? []).filter((j) => (0,_common_name_patterns_js__WEBPACK_IMPORTED_MODULE_0__/* .choosesName */ .Cx)(workflows, j.workflow) && (0,_common_name_patterns_js__WEBPACK_IMPORTED_MODULE_0__/* .choosesName */ .Cx)(jobs, j.job));
}
/** The first build that did not pass, else the newest. */
function decidingBuild(builds, policy) {
    return builds.find((b) => !(0,_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .passes */ .WE)(policy, (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .outcomeOf */ .sG)(b))) ?? newest(builds);
}
function newest(builds) {
    return builds.toSorted((a, b) => b.number - a.number)[0];
}
function failureMessage(input, builds, failing, workflows) {
    const [only] = failing;
    if (workflows.length === 0 && failing.length === 1 && only !== undefined) {
        const where = only.url ? `: ${only.url}` : '';
        const of = builds.length > 1 ? ` of ${builds.length} builds of ${(0,_gate_scope_js__WEBPACK_IMPORTED_MODULE_2__/* .scopeOf */ .Od)(input)}` : '';
        return `Build ${(0,_gate_scope_js__WEBPACK_IMPORTED_MODULE_2__/* .label */ .Pf)(only)}${of} ended with ${buildHow(only)}${allowedOf(input)}${where}`;
    }
    if (workflows.length === 0) {
        const list = failing.map((b) => `${(0,_gate_scope_js__WEBPACK_IMPORTED_MODULE_2__/* .label */ .Pf)(b)} ${buildHow(b)}`).join(', ');
        return `${failing.length} of ${builds.length} builds of ${(0,_gate_scope_js__WEBPACK_IMPORTED_MODULE_2__/* .scopeOf */ .Od)(input)} did not pass: ${list}${allowedOf(input)}`;
    }
    return `${(0,_gate_scope_js__WEBPACK_IMPORTED_MODULE_2__/* .upper */ .js)((0,_gate_scope_js__WEBPACK_IMPORTED_MODULE_2__/* .scopeOf */ .Od)(input))} did not pass: ${failureList(input, workflows, failing)}`;
}
/** `; allowed: success, no_tests` when more than one outcome passes. */
const allowedOf = ({ policy }) => policy.allowed.size > 1 ? `; allowed: ${(0,_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .describePolicy */ .wy)(policy)}` : '';
/** `workflow ship ended with status 'failed' (outcome 'failed'), build #3 (job test) ended with outcome 'failed' (…)` */
function failureList(input, workflows, failing) {
    const list = workflows.map((w) => {
        const outcome = (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .workflowOutcome */ .WM)(w.status);
        const as = outcome && outcome !== w.status ? ` (outcome '${outcome}')` : '';
        const made = w.jobs?.length === 0 ? ' without a job' : '';
        return `workflow ${w.name} ended with status '${w.status}'${as}${made}${w.stopped ? ` (${w.stopped.join(', ')})` : ''}`;
    });
    list.push(...failing.map((b) => `build ${(0,_gate_scope_js__WEBPACK_IMPORTED_MODULE_2__/* .label */ .Pf)(b)} ended with ${buildHow(b)}`));
    return `${list.join(', ')}${allowedOf(input)}`;
}
function buildHow(b) {
    const outcome = (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_1__/* .outcomeOf */ .sG)(b);
    const status = b.status ?? 'unknown';
    if (outcome === 'not_run')
        return `outcome 'not_run': the service skipped it`;
    return outcome
        ? `outcome '${outcome}' (status ${status})`
        : `no outcome (status ${status}, lifecycle ${b.state ?? 'unknown'})`;
}


/***/ }),

/***/ 3355:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bg: () => (/* binding */ pollIntervalMs),
/* harmony export */   Cu: () => (/* binding */ waitMs),
/* harmony export */   HO: () => (/* binding */ connectUntil),
/* harmony export */   M7: () => (/* binding */ readRevision)
/* harmony export */ });
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);
/* harmony import */ var _wait_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3585);
/* harmony import */ var _workflow_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(649);
// What the waiting actions share: how long to wait, how often to look, which commit to wait for, and a connection
// that ends with the wait.



/** A wait in minutes, up to the longest a workflow run lives (35 days), in milliseconds. */
function waitMs(inputs, name, fallback, min = 1) {
    return inputs.integer(name, min, 35 * 24 * 60, fallback) * 60_000;
}
function pollIntervalMs(inputs) {
    return inputs.integer('poll-interval-seconds', 1, 3600, 15) * 1000;
}
/** The commit to wait for, in lower case: `revision` as given, else the one the workflow's event names. */
function readRevision(given, env, instead) {
    const raw = given ?? (0,_workflow_js__WEBPACK_IMPORTED_MODULE_2__/* .workflowRevision */ .VS)(env);
    if (raw === undefined)
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('revision', `a value is required when GITHUB_SHA is not set (or give ${instead})`, undefined, 'missing');
    if (!/^[0-9a-f]{7,40}$/i.test(raw))
        throw new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('revision', 'allowed: a commit SHA, or a prefix of at least 7 hex digits', raw);
    return raw.toLowerCase();
}
/** A connection whose retry waits (a long Retry-After) never run past the step's deadline. */
function connectUntil(ctx, deadline) {
    return ctx.connect({ deadline, signal: (0,_wait_js__WEBPACK_IMPORTED_MODULE_1__/* .untilDeadline */ .Hm)(ctx.signal, ctx.clock, deadline) });
}


/***/ }),

/***/ 3585:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hm: () => (/* binding */ untilDeadline),
/* harmony export */   bn: () => (/* binding */ waitFailed),
/* harmony export */   uf: () => (/* binding */ WaitError),
/* harmony export */   uk: () => (/* binding */ wait)
/* harmony export */ });
/* unused harmony exports PollFailedError, poll, transient */
/* harmony import */ var _common_clock_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(159);
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3094);
/* harmony import */ var _service_http_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5841);
/* harmony import */ var _common_format_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7370);
/* harmony import */ var _service_http_retry_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(602);
// The one wait of the waiting actions (docs/promises.md, promises 17–20). The interval runs from the end of
// one look, so that a Retry-After the transport waited out pushes the next one back.





class PollFailedError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'PollFailedError';
}
/** A wait that ended without the result the step waits for: timed out, or what it waited for did not pass. */
class WaitError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserFacingError */ .Ui {
    name = 'WaitError';
}
function waitFailed(why, cause) {
    return new WaitError(why, cause === undefined ? undefined : { cause });
}
/** Waits until a look has the result, and returns it; any other ending is the step's error. */
async function wait(options) {
    const { look, log, still, failed, unfinished, gaveUp, ...rest } = options;
    const onFailure = typeof failed !== 'string'
        ? failed
        : (error, { failures, nextInMs }) => log(`Could not ${failed} (${error.message}); looking again in ${(0,_common_format_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a3)(nextInMs)} ` +
            `(failure ${failures} in a row)`);
    const result = await poll({ ...rest, onHeartbeat: (state) => log(still(state)), onFailure }, look).catch((error) => {
        throw error instanceof PollFailedError && gaveUp !== undefined
            ? waitFailed(gaveUp(error), error)
            : error;
    });
    if (result.done)
        return result.value;
    throw waitFailed(unfinished(result.error, result));
}
// Looks until `look` says done or the deadline passes. Rejects with the abort reason as soon as `signal` aborts,
// with a look's error when it cannot pass (a 404, a 401, a bug), and after `maxFailures` failed looks in a row.
async function poll(options, look) {
    const { clock, signal, intervalMs, deadline, maxFailures = 5 } = options;
    const maxFailureWaitMs = Math.max(intervalMs, options.maxFailureWaitMs ?? 5 * 60_000);
    const start = clock.now();
    let lastLine = start;
    let looks = 0;
    let failures = 0;
    const state = () => ({ looks, elapsedMs: clock.now() - start });
    for (;;) {
        if (signal.aborted)
            throw (0,_common_clock_js__WEBPACK_IMPORTED_MODULE_0__/* .abortReason */ .Js)(signal);
        looks++;
        let waitMs;
        try {
            const found = await look(looks);
            failures = 0;
            if (found.done)
                return { done: true, value: found.value, ...state() };
            if (found.logged)
                lastLine = clock.now();
            waitMs = found.nextInMs ?? intervalMs;
        }
        catch (error) {
            if (signal.aborted)
                throw (0,_common_clock_js__WEBPACK_IMPORTED_MODULE_0__/* .abortReason */ .Js)(signal);
            // A request the step's time-out stopped is the time-out itself, not an early stop.
            if (error instanceof StepDeadlineError)
                return { done: false, ...state() };
            if (error instanceof _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .DeadlineError */ .j3)
                return { done: false, error, ...state() };
            if (!transient(error))
                throw error;
            if (++failures > maxFailures)
                throw new PollFailedError(`${failures} looks in a row failed; the last: ${error.message}`, {
                    cause: error,
                });
            waitMs = Math.min(maxFailureWaitMs, intervalMs * 2 ** (failures - 1));
            options.onFailure?.(error, { ...state(), failures, nextInMs: waitMs });
            lastLine = clock.now();
        }
        const now = clock.now();
        if (now >= deadline)
            return { done: false, ...state() };
        if (now - lastLine >= 60_000) {
            options.onHeartbeat?.(state());
            lastLine = now;
        }
        // Part of each wait is added or taken at random, so that many waiting jobs do not look in step.
        const jittered = Math.round(waitMs * (1 + 0.1 * (2 * clock.random() - 1)));
        // The last look happens at the deadline itself, not one interval after it.
        await clock.sleep(Math.max(0, Math.min(jittered, deadline - now)), signal);
    }
}
/** The step's time-out came while a request was on its way. */
class StepDeadlineError extends _common_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .DeadlineError */ .j3 {
    name = 'StepDeadlineError';
}
// The step's signal, aborted also when the step's deadline comes, so that every request of a look stops at the
// deadline however many the look makes (docs/promises.md, promise 34); the timer does not hold the process open.
function untilDeadline(signal, clock, deadline) {
    const controller = new AbortController();
    let left = Math.max(0, deadline - clock.now());
    let timer;
    // Node fires a timer longer than its longest at once (docs/promises.md, promise 20), so long ones are chained.
    const arm = () => {
        const chunk = Math.min(left, 2 ** 31 - 1);
        left -= chunk;
        timer = setTimeout(() => {
            if (left > 0)
                arm();
            else
                controller.abort(new StepDeadlineError(`the step's time-out came during a look`));
        }, chunk).unref();
    };
    arm();
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
    return AbortSignal.any([signal, controller.signal]);
}
/** A failure that may pass by the next look; an answer of the wrong shape comes back the same. */
function transient(error) {
    return !(error instanceof _service_http_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UnusableAnswerError */ .qx) && ((0,_service_http_retry_js__WEBPACK_IMPORTED_MODULE_4__/* .isTransient */ .dg)(error) || error instanceof _service_http_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .BadResponseError */ .nS);
}


/***/ }),

/***/ 2775:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $S: () => (/* binding */ MAX_OUTPUT_LINES),
/* harmony export */   Eq: () => (/* binding */ MAX_STEPS_READ),
/* harmony export */   HF: () => (/* binding */ lastMeaningfulLine)
/* harmony export */ });
// What the actions know of a failed step's output without reading it (src/service/step-output.ts reads it): the
// bounds of a read, and the line that says why a step failed. Apart, so that the reader loads only when it reads.
/** Lines of output a caller may ask for; `failure-log-lines` is checked against it. */
const MAX_OUTPUT_LINES = 1000;
/** Failed steps (containers included) whose output is read per build; the others are listed without it. */
const MAX_STEPS_READ = 10;
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


/***/ })

};
