export const id = 812;
export const ids = [812];
export const modules = {

/***/ 812:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   clearCache: () => (/* binding */ clearCache),
/* harmony export */   run: () => (/* binding */ run),
/* harmony export */   spec: () => (/* binding */ spec)
/* harmony export */ });
/* harmony import */ var _runner_run_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3704);
/* harmony import */ var _runner_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8999);


const spec = {
    name: 'clear-cache',
    inputs: [],
    outputs: ['message'],
};
/** Clears the project's build cache. */
async function clearCache(ctx) {
    const { client, project } = ctx.connect({ acceptSlug: 'clearing the build cache' });
    const answer = await client.clearCache(project);
    const message = answer.status ?? answer.message ?? JSON.stringify(answer);
    const name = `${project.username}/${project.project}`;
    ctx.info(`Cleared the build cache of ${name}: ${message}`);
    ctx.setOutput('message', message);
    await ctx.io.summary
        .addRaw(`Cleared the build cache of **${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(name)}**: ${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(message)}`, true)
        .write();
}
/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
function run() {
    return (0,_runner_run_js__WEBPACK_IMPORTED_MODULE_0__/* .runAction */ .Cs)(spec, clearCache);
}


/***/ })

};
