export const id = 843;
export const ids = [843];
export const modules = {

/***/ 6843:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   extractArchive: () => (/* binding */ extractArchive)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _actions_tool_cache__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2777);
/* harmony import */ var _archive_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(872);
// Unpacks one downloaded archive into a folder beside it. The member list is checked first (archive.ts); the
// extractor then runs in a private folder beside the archive, on a hard link to it under a fixed name (the command
// line the extractor's runner prints then holds no server text), and only regular files and folders are moved from
// there into place, through the same checks as downloaded files: nothing lands outside the destination, under a
// `.git` folder, through a symbolic link, or over a file the step did not make unless `overwrite` allows it.






async function extractArchive(request) {
    await (0,_archive_js__WEBPACK_IMPORTED_MODULE_4__/* .checkArchive */ .PI)(request.archive, request.kind);
    const work = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(request.archive), `.extract-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID)().slice(0, 12)}`);
    const remove = () => (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.rm)(work, { recursive: true, force: true });
    request.onCleanup(remove);
    try {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdir)(work);
        const ending = request.kind === 'zip' ? 'zip' : request.kind === 'tar' ? 'tar' : 'tar.gz';
        const copy = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(work, `archive.${ending}`);
        // A hard link costs nothing; a file system without them gets a copy.
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.link)(request.archive, copy).catch(() => (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.copyFile)(request.archive, copy));
        const out = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(work, 'out');
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdir)(out);
        if (request.kind === 'zip')
            await (0,_actions_tool_cache__WEBPACK_IMPORTED_MODULE_3__/* .extractZip */ .JE)(copy, out);
        else
            await (0,_actions_tool_cache__WEBPACK_IMPORTED_MODULE_3__/* .extractTar */ .nN)(copy, out, request.kind === 'tar' ? 'x' : 'xz');
        return await place(out, request);
    }
    finally {
        await remove();
    }
}
/** Moves the regular files below `out` into the target folder, each through the destination's checks. */
async function place(out, request) {
    const result = { files: [], refused: [] };
    const walk = async (folder) => {
        const entries = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.readdir)(folder, { withFileTypes: true });
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const entry of entries) {
            const full = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(folder, entry.name);
            const member = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.relative)(out, full).split(node_path__WEBPACK_IMPORTED_MODULE_2__.sep);
            const shown = member.join('/');
            const stat = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.lstat)(full);
            if (stat.isDirectory()) {
                await walk(full);
                continue;
            }
            if (!stat.isFile()) {
                result.refused.push({ what: shown, reason: 'it is not a regular file' });
                continue;
            }
            const segments = [...request.target, ...member];
            const found = await request.destination.inspect(segments);
            if (found.kind === 'refused') {
                result.refused.push({ what: shown, reason: found.reason });
                continue;
            }
            if (found.kind === 'exists') {
                const dest = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(request.destination.root, ...segments);
                if (found.what !== 'file' || !request.overwrite || request.placed.has(dest)) {
                    result.refused.push({
                        what: shown,
                        reason: `a ${found.what === 'symlink' ? 'symbolic link' : found.what} is already at its path`,
                    });
                    continue;
                }
            }
            const dest = await request.destination.prepare(segments);
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.rename)(full, dest);
            result.files.push({ file: dest, bytes: stat.size });
        }
    };
    await walk(out);
    return result;
}


/***/ })

};
