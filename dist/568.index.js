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
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _api_validate_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1272);
/* harmony import */ var _runner_run_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1622);
/* harmony import */ var _runner_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8999);




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
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('name', "give the variable's name with value (or use variables: NAME=value lines)", undefined, 'missing');
    }
    const toSet = new Map();
    if (name !== undefined) {
        (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_1__/* .checkEnvName */ .$n)('name', name);
        if (value === undefined)
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('value', `a value is required with name '${name}'`, undefined, 'missing');
        toSet.set(name, value);
    }
    for (const [key, v] of variables) {
        if (toSet.has(key))
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('variables', 'each name once', undefined, `'${key}' is also given as name`);
        toSet.set(key, v);
    }
    for (const key of toDelete) {
        (0,_api_validate_js__WEBPACK_IMPORTED_MODULE_1__/* .checkEnvName */ .$n)('delete', key);
        if (toSet.has(key))
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('delete', 'a name is either set or deleted', undefined, `'${key}' is both set and deleted`);
    }
    if (toSet.size === 0 && toDelete.length === 0) {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI('name', 'give at least one of name (with value), variables or delete', undefined, 'nothing to do');
    }
    const { client, project } = ctx.connect();
    const set = [];
    const deleted = [];
    const absent = [];
    try {
        for (const [key, v] of toSet) {
            await client.addEnvVar(project, key, v);
            set.push(key);
            ctx.info(`Set ${key}`);
        }
        for (const key of toDelete) {
            try {
                await client.deleteEnvVar(project, key);
                deleted.push(key);
                ctx.info(`Deleted ${key}`);
            }
            catch (error) {
                if (!(error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD && error.status === 404 && /env var/i.test(error.serverMessage)))
                    throw error;
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
                .addRaw(`Environment variables of **${project.username}/${project.project}**`, true)
                .addTable([
                [
                    { data: 'Name', header: true },
                    { data: 'Change', header: true },
                ],
                ...rows.map(([k, c]) => [`<code>${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_3__/* .htmlSafe */ .br)(k ?? '')}</code>`, c ?? '']),
            ])
                .write();
        }
    }
}
/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
function run() {
    return (0,_runner_run_js__WEBPACK_IMPORTED_MODULE_2__/* .runAction */ .Cs)(spec, setEnvvar);
}


/***/ })

};
