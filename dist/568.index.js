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
/* harmony import */ var _common_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3094);
/* harmony import */ var _service_validate_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6609);
/* harmony import */ var _runner_run_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3480);
/* harmony import */ var _runner_summary_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2970);
/* harmony import */ var _runner_text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8999);





const spec = {
    name: 'set-envvar',
    inputs: ['name', 'value', 'variables', 'delete'],
    outputs: ['set', 'deleted'],
};
async function setEnvvar(ctx) {
    const { inputs } = ctx;
    // Values are masked first, before any check below can print a line that holds one.
    const value = inputs.secret('value');
    const variables = inputs.assignments('variables', { secret: true });
    const name = inputs.optional('name');
    const toDelete = inputs.lines('delete');
    const refuse = (input, allowed, problem) => new _common_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(input, allowed, undefined, problem);
    if (name === undefined && value !== undefined)
        throw refuse('name', "give the variable's name with value (or use variables: NAME=value lines)", 'missing');
    const toSet = new Map();
    if (name !== undefined) {
        (0,_service_validate_js__WEBPACK_IMPORTED_MODULE_1__/* .checkEnvName */ .$n)('name', name);
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
        (0,_service_validate_js__WEBPACK_IMPORTED_MODULE_1__/* .checkEnvName */ .$n)('delete', key);
        if (toSet.has(key))
            throw refuse('delete', 'a name is either set or deleted', `'${key}' is both set and deleted`);
    }
    if (toSet.size === 0 && toDelete.length === 0)
        throw refuse('name', 'give at least one of name (with value), variables or delete', 'nothing to do');
    const { service } = ctx.connect();
    const done = [];
    try {
        for (const [key, v] of toSet) {
            await service.setEnvVar(key, v);
            done.push([key, 'set']);
            ctx.info(`Set ${key}`);
        }
        for (const key of toDelete) {
            const found = await service.deleteEnvVar(key);
            done.push([key, found ? 'deleted' : 'not found, nothing deleted']);
            if (found)
                ctx.info(`Deleted ${key}`);
            else
                ctx.io.warning(`${key} was not deleted: the project has no such variable`);
        }
    }
    finally {
        // What was done is reported even when a later call fails.
        const names = (change) => done.flatMap(([k, c]) => (c === change ? [k] : []));
        ctx.setOutput('set', names('set'));
        ctx.setOutput('deleted', names('deleted'));
        if (done.length > 0) {
            ctx.io.summary
                .addRaw(`Environment variables of **${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_4__/* .htmlSafe */ .br)(service.name)}**`, true)
                .addTable([(0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_3__/* .headerRow */ .U1)('Name', 'Change'), ...done.map(([k, c]) => [`<code>${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_4__/* .htmlSafe */ .br)(k)}</code>`, c])]);
            await (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_3__/* .appendSummary */ .fe)(ctx.io, '');
        }
    }
}
function run() {
    return (0,_runner_run_js__WEBPACK_IMPORTED_MODULE_2__/* .runAction */ .Cs)(spec, setEnvvar);
}


/***/ })

};
