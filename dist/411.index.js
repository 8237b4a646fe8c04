export const id = 411;
export const ids = [411];
export const modules = {

/***/ 9792:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   addSshKey: () => (/* binding */ addSshKey),
/* harmony export */   run: () => (/* binding */ run),
/* harmony export */   spec: () => (/* binding */ spec)
/* harmony export */ });
/* harmony import */ var _service_validate_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6609);
/* harmony import */ var _service_ssh_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5517);
/* harmony import */ var _runner_run_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3480);
/* harmony import */ var _runner_summary_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2970);
/* harmony import */ var _runner_text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8999);





const spec = {
    name: 'add-ssh-key',
    inputs: ['ssh-key', 'hostname'],
    outputs: ['fingerprint', 'hostname'],
};
async function addSshKey(ctx) {
    const raw = ctx.inputs.secret('ssh-key', {
        required: true,
        hint: 'an unencrypted RSA private key, e.g. ssh-key: ${{ secrets.DEPLOY_KEY }}',
    });
    const key = (0,_service_ssh_js__WEBPACK_IMPORTED_MODULE_1__/* .checkSshKey */ .S)('ssh-key', raw);
    const host = ctx.inputs.optional('hostname');
    if (host !== undefined)
        (0,_service_validate_js__WEBPACK_IMPORTED_MODULE_0__/* .checkSegment */ .cr)('hostname', host, 'a host name');
    const { service } = ctx.connect();
    await service.addSshKey(key.privateKey, host);
    ctx.info(`Added the SSH key ${key.fingerprint}${host ? ` for ${host}` : ' for all hosts'}`);
    ctx.setOutput('fingerprint', key.fingerprint);
    ctx.setOutput('hostname', host ?? '');
    await (0,_runner_summary_js__WEBPACK_IMPORTED_MODULE_3__/* .appendSummary */ .fe)(ctx.io, `Added the SSH key \`${key.fingerprint}\` to **${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_4__/* .mdSafe */ .$v)(service.name)}**` +
        (host ? ` for \`${(0,_runner_text_js__WEBPACK_IMPORTED_MODULE_4__/* .mdSafe */ .$v)(host)}\`` : ' for all hosts'));
}
function run() {
    return (0,_runner_run_js__WEBPACK_IMPORTED_MODULE_2__/* .runAction */ .Cs)(spec, addSshKey);
}


/***/ })

};
