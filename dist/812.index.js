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
/* harmony import */ var _runner_run_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3480);
/* harmony import */ var _runner_summary_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2970);
/* harmony import */ var _runner_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8999);



const spec = {
    name: 'clear-cache',
    inputs: [],
    outputs: ['message'],
};
async function clearCache(ctx) {
    const { service } = ctx.connect();
    const answer = await service.clearCache();
    const message = answer.status ?? answer.message ?? JSON.stringify(answer);
    ctx.info(`Cleared the build cache of ${service.name}: ${message}`);
    ctx.setOutput('message', message);
    await (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_1__/* .appendSummary */ .fe)(ctx.io, `Cleared the build cache of **${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_2__/* .mdSafe */ .$v)(service.name)}**: ${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_2__/* .mdSafe */ .$v)(message)}`);
}
function run() {
    return (0,_runner_run_js__WEBPACK_IMPORTED_MODULE_0__/* .runAction */ .Cs)(spec, clearCache);
}


/***/ })

};
