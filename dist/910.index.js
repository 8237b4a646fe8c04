export const id = 910;
export const ids = [910];
export const modules = {

/***/ 6910:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  extractArchive: () => (/* binding */ extractArchive)
});

// UNUSED EXPORTS: ExtractLimitError, UnsafeArchiveError

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ../api/format.ts
var api_format = __webpack_require__(2249);
// EXTERNAL MODULE: ../api/paths.ts
var paths = __webpack_require__(7624);
// EXTERNAL MODULE: ../api/errors.ts
var errors = __webpack_require__(1013);
// EXTERNAL MODULE: ./fetch-artifacts/archive.ts
var archive = __webpack_require__(872);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ../../node_modules/tar/dist/esm/index.min.js
var index_min = __webpack_require__(1549);
// EXTERNAL MODULE: ../../node_modules/yauzl/index.js
var yauzl = __webpack_require__(171);
;// CONCATENATED MODULE: ./fetch-artifacts/reader.ts
// Reads tar (plain or gzip) and zip archives in the process, through one parser per format: npm's `tar` and
// `yauzl`. The same reader enumerates the members for the check and later hands the approved members' bytes to
// the writer (extract.ts), so what is checked is what is written: no second program reads the archive its own
// way, prints server text, inherits the step's environment or waits on a stdin.






/** Every member, read through to the end (decompression included): the enumeration the check works on. */
async function listMembers(file, kind, signal) {
    const members = [];
    await readArchive(file, kind, signal, {
        wanted: (member) => {
            members.push(member);
            return false;
        },
        write: () => Promise.resolve(),
    });
    return members;
}
/** Reads the archive once, in order, handing the wanted members' data to the visitor. */
function readArchive(file, kind, signal, visitor) {
    return kind === 'zip' ? readZip(file, signal, visitor) : readTar(file, signal, visitor);
}
/** A reader's failure as the reason an archive is left packed, unless it is the step's cancellation. */
function unreadable(error, signal) {
    if (signal.aborted)
        return signal.reason;
    if (error instanceof archive/* UnsafeArchiveError */.td || error instanceof errors/* UserFacingError */.Ui || !(error instanceof Error))
        return error;
    // A write error of the visitor (no space, no permission) is not the archive's fault.
    if (typeof error.syscall === 'string')
        return error;
    // yauzl's own refusals of a name (it checks them as it decodes them), said as the other members' are.
    const name = /^(absolute path|invalid relative path|invalid characters in fileName): (.*)$/su.exec(error.message);
    if (name !== null)
        return new archive/* UnsafeArchiveError */.td(`member ${(0,api_format/* quoted */.TL)(name[2] ?? '')} ${name[1] === 'absolute path'
            ? 'is an absolute path'
            : name[1] === 'invalid relative path'
                ? "climbs out of its folder with '..'"
                : 'has characters a zip name may not hold'}`);
    return new archive/* UnsafeArchiveError */.td(`it cannot be read: ${error.message}`);
}
// --- tar ---------------------------------------------------------------------------------------------------------
/** A pax record that gives a member its name or its size, which tar readers apply differently. */
const DISPUTED_PAX = /(?:^|\n)\d+ (?:GNU\.sparse\.[^=]*|SCHILY\.realsize)=/u;
function tarType(entry) {
    switch (entry.type) {
        case 'File':
        case 'OldFile':
        case 'ContiguousFile':
            return 'file';
        case 'Directory':
            return 'folder';
        case 'SymbolicLink':
            return 'symlink';
        case 'Link':
            return 'hardlink';
        case 'CharacterDevice':
        case 'BlockDevice':
        case 'FIFO':
            return 'device';
        default:
            return 'other';
    }
}
function tarMember(entry) {
    // Pax global records apply to every member after them: GNU tar takes their path, npm's tar does not. Sizes from
    // pax records move where the next header is read. Either way readers disagree on what the archive holds, and an
    // archive whose members depend on the reader is refused, whoever reads it later.
    const global = entry.globalExtended;
    for (const key of ['path', 'linkpath', 'size']) {
        if (global?.[key] !== undefined && global[key] !== null)
            throw new archive/* UnsafeArchiveError */.td(`a pax global header sets ${(0,api_format/* quoted */.TL)(key)} for the members after it: tar readers disagree on their names`);
    }
    if (entry.extended?.size !== undefined && entry.extended.size !== null)
        throw new archive/* UnsafeArchiveError */.td(`a pax header gives member ${(0,api_format/* quoted */.TL)(entry.path)} the size ${(0,api_format/* quoted */.TL)(String(entry.extended.size))} over its ` +
            'own header: tar readers disagree on what follows');
    return {
        name: entry.path.replace(/\/+$/u, ''),
        type: tarType(entry),
        size: entry.size,
        executable: ((entry.mode ?? 0) & 0o111) !== 0,
    };
}
async function readTar(file, signal, visitor) {
    signal.throwIfAborted();
    const raw = (0,external_node_fs_.createReadStream)(file);
    // strict: a bad checksum, a truncated member or a broken gzip stream is an error, not a warning to skip past.
    // No ratio of unpacked to packed size (text compresses 20 to 50 times, zeros 1000): extract-max-mib bounds what
    // is written instead.
    const parser = new index_min/* Parser */.iX({ strict: true, maxDecompressionRatio: Number.POSITIVE_INFINITY });
    let failure;
    let index = 0;
    const pending = [];
    const stop = (error) => {
        failure ??= error;
        raw.destroy();
        parser.abort(error instanceof Error ? error : new Error(String(error)));
    };
    const onAbort = () => stop(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const done = new Promise((resolve) => {
        parser.on('close', resolve);
        parser.on('error', (error) => {
            stop(error);
            resolve();
        });
        raw.on('error', (error) => {
            stop(error);
            resolve();
        });
    });
    parser.on('meta', (text) => {
        if (DISPUTED_PAX.test(text))
            stop(new archive/* UnsafeArchiveError */.td('it holds a sparse file (GNU sparse pax records), which is not unpacked'));
    });
    parser.on('ignoredEntry', (entry) => {
        stop(new archive/* UnsafeArchiveError */.td(entry.type === 'SparseFile'
            ? `member ${(0,api_format/* quoted */.TL)(entry.path)} is a sparse file, which is not unpacked`
            : `member ${(0,api_format/* quoted */.TL)(entry.path)} is a tar entry of type ${(0,api_format/* quoted */.TL)(entry.type)}, not a plain file or folder`));
    });
    parser.on('entry', (entry) => {
        if (failure !== undefined) {
            entry.resume();
            return;
        }
        let member;
        try {
            member = tarMember(entry);
        }
        catch (error) {
            entry.resume();
            stop(error);
            return;
        }
        const n = index++;
        if (!visitor.wanted(member, n)) {
            entry.resume();
            return;
        }
        pending.push(visitor.write(member, n, entry).catch((error) => {
            entry.resume();
            stop(error);
        }));
    });
    raw.on('data', (chunk) => {
        if (failure !== undefined)
            return;
        if (!parser.write(chunk)) {
            raw.pause();
            parser.once('drain', () => raw.resume());
        }
    });
    raw.on('end', () => {
        if (failure === undefined)
            parser.end();
    });
    try {
        await done;
        await Promise.all(pending);
    }
    finally {
        signal.removeEventListener('abort', onAbort);
        raw.destroy();
    }
    if (failure !== undefined)
        throw unreadable(failure, signal);
}
// --- zip ---------------------------------------------------------------------------------------------------------
const S_IFMT = 0o170000;
function zipMember(entry) {
    const name = entry.fileName;
    // The file type sits in the high half of the external attributes. unzip reads it there for Unix, macOS and
    // several other hosts (2, 5, 16, 30 among them), so it is read whatever the host: a link is a link.
    const mode = (entry.externalFileAttributes >>> 16) & 0xffff;
    const format = mode & S_IFMT;
    const type = format === 0o120000
        ? 'symlink'
        : format === 0o040000 || name.endsWith('/')
            ? 'folder'
            : format === 0 || format === 0o100000
                ? 'file'
                : format === 0o020000 || format === 0o060000 || format === 0o010000
                    ? 'device'
                    : 'other';
    if (type === 'file' && entry.isEncrypted())
        throw new archive/* UnsafeArchiveError */.td(`member ${(0,api_format/* quoted */.TL)(name)} is encrypted`);
    if (type === 'file' && entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
        throw new archive/* UnsafeArchiveError */.td(`member ${(0,api_format/* quoted */.TL)(name)} uses compression method ${entry.compressionMethod} (only stored and deflate are read)`);
    return {
        name: name.replace(/\/+$/u, ''),
        type,
        size: entry.uncompressedSize,
        executable: (mode & 0o111) !== 0,
    };
}
function openZip(file) {
    return new Promise((resolve, reject) => {
        // lazyEntries: one entry at a time, as asked; decodeStrings: names are decoded and checked by yauzl (no
        // absolute path, no `..`), with the Info-ZIP Unicode path where the entry has one; sizes are checked as read.
        yauzl.open(file, { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true }, (error, zip) => (error ? reject(error) : resolve(zip)));
    });
}
function openEntry(zip, entry) {
    return new Promise((resolve, reject) => {
        zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
    });
}
async function readZip(file, signal, visitor) {
    signal.throwIfAborted();
    let zip;
    try {
        zip = await openZip(file);
    }
    catch (error) {
        throw unreadable(error, signal);
    }
    let current;
    let closed = false;
    const close = () => {
        if (!closed)
            zip.close();
        closed = true;
    };
    const onAbort = () => {
        current?.destroy(signal.reason);
        close();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    try {
        let index = 0;
        for (;;) {
            signal.throwIfAborted();
            const entry = await new Promise((resolve, reject) => {
                const onEntry = (e) => {
                    zip.off('end', onEnd);
                    zip.off('error', onError);
                    resolve(e);
                };
                const onEnd = () => {
                    zip.off('entry', onEntry);
                    zip.off('error', onError);
                    resolve(undefined);
                };
                const onError = (error) => {
                    zip.off('entry', onEntry);
                    zip.off('end', onEnd);
                    reject(error);
                };
                zip.once('entry', onEntry);
                zip.once('end', onEnd);
                zip.once('error', onError);
                zip.readEntry();
            });
            if (entry === undefined)
                break;
            const member = zipMember(entry);
            const n = index++;
            if (!visitor.wanted(member, n) || member.type !== 'file')
                continue;
            current = await openEntry(zip, entry);
            await visitor.write(member, n, current);
            current = undefined;
        }
    }
    catch (error) {
        throw unreadable(error, signal);
    }
    finally {
        signal.removeEventListener('abort', onAbort);
        current?.destroy();
        close();
    }
}

// EXTERNAL MODULE: ./fetch-artifacts/stale-parts.ts
var stale_parts = __webpack_require__(2996);
// EXTERNAL MODULE: ../api/rename.ts
var rename = __webpack_require__(4748);
;// CONCATENATED MODULE: ./fetch-artifacts/extract.ts
// Unpacks one downloaded archive into a folder beside it, in the process (archive.ts reads it). The order: read
// every member, check them all, look at each final path, check the declared total against the limit and the free
// space, then read the archive again and stream each approved member to a part file beside its final path, counting
// the bytes as they are written. Only once every member is written are the part files renamed into place, so an
// archive that passes a limit, fails or is cancelled leaves nothing behind. Nothing lands outside the destination,
// under a `.git` folder, through a symbolic link, or over a file the step did not make unless `overwrite` allows it;
// no link is made, no owner kept, and a file's mode is 0755 or 0644 (less the umask): never setuid, setgid, sticky
// or world-writable.











/** The archive would pass `extract-max-mib` or the free space of the file system: it is left packed. */
class ExtractLimitError extends errors/* UserFacingError */.Ui {
    name = 'ExtractLimitError';
}

async function extractArchive(request) {
    const { destination, signal } = request;
    const members = await listMembers(request.archive, request.kind, signal);
    (0,archive/* checkMembers */.c_)(members);
    const result = { files: [], refused: [], staleParts: [] };
    const finals = [];
    const cache = new Map();
    let declared = 0;
    for (const [index, member] of members.entries()) {
        if (member.type !== 'file')
            continue;
        signal.throwIfAborted();
        const shown = (0,archive/* memberSegments */.Ld)(member).join('/');
        const segments = [...request.target, ...(0,archive/* memberSegments */.Ld)(member)];
        const reason = await finalPathProblem(request, segments, cache);
        if (reason !== undefined) {
            result.refused.push({ what: shown, reason });
            continue;
        }
        finals[index] = segments;
        declared += member.size;
    }
    const free = await freeBytes((0,external_node_path_.dirname)(request.archive));
    if (free !== undefined && declared > free) {
        throw new ExtractLimitError(`archive ${(0,api_format/* quoted */.TL)(request.name)} declares ${(0,api_format/* formatBytes */.z3)(declared)} of files, more than the ` +
            `${(0,api_format/* formatBytes */.z3)(free)} free on the destination's file system; it is kept packed and nothing of it was unpacked`);
    }
    const limit = `extract-max-mib (${(0,api_format/* formatBytes */.z3)(request.maxBytes)})`;
    if (declared > request.maxBytes) {
        throw new ExtractLimitError(`archive ${(0,api_format/* quoted */.TL)(request.name)} declares ${(0,api_format/* formatBytes */.z3)(declared)} of files, more than ${limit}; ` +
            'it is kept packed and nothing of it was unpacked. Raise extract-max-mib if that is expected');
    }
    result.staleParts = await (0,stale_parts/* removeStaleParts */.o)(destination.root, finals.filter((f) => f !== undefined));
    const parts = new Map();
    const removeParts = async () => {
        const left = [...parts.values()];
        parts.clear();
        await Promise.all(left.map(({ part }) => (0,promises_.rm)(part, { force: true })));
    };
    request.onCleanup(removeParts);
    let written = 0;
    try {
        await readArchive(request.archive, request.kind, signal, {
            wanted: (member, index) => member.type === 'file' && finals[index] !== undefined,
            write: async (member, index, data) => {
                const dest = await destination.prepare(finals[index] ?? []);
                const part = `${dest}.${(0,external_node_crypto_.randomBytes)(6).toString('hex')}.part`;
                const entry = { part, dest, bytes: 0 };
                parts.set(index, entry);
                // 'wx': a part file is always new, never a file (or link) someone put there.
                const handle = await (0,promises_.open)(part, 'wx', member.executable ? 0o755 : 0o644);
                try {
                    for await (const chunk of data) {
                        signal.throwIfAborted();
                        written += chunk.length;
                        entry.bytes += chunk.length;
                        if (written > request.maxBytes) {
                            throw new ExtractLimitError(`archive ${(0,api_format/* quoted */.TL)(request.name)} unpacks to more than ${limit} (passed at member ` +
                                `${(0,api_format/* quoted */.TL)((0,archive/* memberSegments */.Ld)(member).join('/'))}); it is kept packed and nothing of it was ` +
                                'kept. Raise extract-max-mib if that is expected');
                        }
                        await handle.write(chunk);
                    }
                }
                catch (error) {
                    throw diskFull(error, request.name, member.name, written);
                }
                finally {
                    await handle.close();
                }
            },
        });
        const placed = [...parts.entries()].sort(([a], [b]) => a - b);
        for (const [index, { part, dest, bytes }] of placed) {
            signal.throwIfAborted();
            await (0,rename/* renameFile */.H)(part, dest);
            parts.delete(index);
            result.files.push({ file: dest, bytes });
        }
        return result;
    }
    catch (error) {
        // Nothing of a failed archive stays: its part files, the files already renamed, the folders made for them.
        await removeParts();
        await Promise.all(result.files.map(({ file }) => (0,promises_.rm)(file, { force: true })));
        result.files = [];
        await destination.removeEmptyFolders();
        throw error;
    }
}
/** Why a member's final path cannot be written, or undefined when it may be. */
async function finalPathProblem(request, segments, cache) {
    const name = segments.at(-1) ?? '';
    if (Buffer.byteLength(name) > paths/* MAX_FILE_NAME_BYTES */.Or)
        return `its file name is longer than ${paths/* MAX_FILE_NAME_BYTES */.Or} bytes`;
    if (segments.some((s) => Buffer.byteLength(s) > 255))
        return 'a segment is longer than 255 bytes';
    if (Buffer.byteLength((0,external_node_path_.join)(request.destination.root, ...segments)) + paths/* PART_SUFFIX_BYTES */.e4 > paths/* MAX_PATH_BYTES */.PR)
        return `its path in the destination would be longer than ${paths/* MAX_PATH_BYTES */.PR - paths/* PART_SUFFIX_BYTES */.e4} bytes`;
    const found = await request.destination.inspect(segments, cache);
    if (found.kind === 'refused')
        return found.reason;
    if (found.kind === 'exists') {
        const dest = (0,external_node_path_.join)(request.destination.root, ...segments);
        if (found.what !== 'file' || !request.overwrite || request.placed.has(dest))
            return `a ${found.what === 'symlink' ? 'symbolic link' : found.what} is already at its path`;
    }
    return undefined;
}
/** The free space of the file system holding `folder`, for an unprivileged user; undefined where unknown. */
async function freeBytes(folder) {
    try {
        const stats = await (0,promises_.statfs)(folder);
        return stats.bavail * stats.bsize;
    }
    catch {
        return undefined;
    }
}
/** A full disk while unpacking names the archive that filled it, not whichever file came next. */
function diskFull(error, archive, member, written) {
    const code = error?.code;
    if (code !== 'ENOSPC' && code !== 'EDQUOT')
        return error;
    return new ExtractLimitError(`the disk filled up while unpacking archive ${(0,api_format/* quoted */.TL)(archive)} (at member ${(0,api_format/* quoted */.TL)(member)}, ` +
        `after ${(0,api_format/* formatBytes */.z3)(written)}): ${code === 'EDQUOT' ? 'the disk quota is used up' : 'no space left on the device'}; nothing of it was kept`);
}


/***/ })

};
