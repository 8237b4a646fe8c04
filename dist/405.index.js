export const id = 405;
export const ids = [405];
export const modules = {

/***/ 7405:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  unpack: () => (/* binding */ unpack)
});

// UNUSED EXPORTS: checkMembers

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ../common/format.ts
var common_format = __webpack_require__(7370);
// EXTERNAL MODULE: ../files/names.ts
var names = __webpack_require__(3919);
// EXTERNAL MODULE: ../files/rename.ts
var rename = __webpack_require__(3957);
// EXTERNAL MODULE: ../files/file-errors.ts
var file_errors = __webpack_require__(2009);
// EXTERNAL MODULE: ../files/destination.ts
var files_destination = __webpack_require__(9799);
// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(8474);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
// EXTERNAL MODULE: ../../node_modules/tar/dist/esm/index.min.js
var index_min = __webpack_require__(1549);
// EXTERNAL MODULE: ../../node_modules/yauzl/index.js
var yauzl = __webpack_require__(171);
// EXTERNAL MODULE: ../common/errors.ts
var errors = __webpack_require__(3094);
;// CONCATENATED MODULE: ../files/reader.ts
// Reads tar (plain or gzip) and zip archives with npm's `tar` and `yauzl`, in the process: the same reader lists the
// members for the check and hands the approved ones to the writer, so what is checked is what is written.







class UnsafeArchiveError extends Error {
    name = 'UnsafeArchiveError';
}
/** Reads the whole archive once, in order; a member comes once the last one is consumed. */
function readArchive(file, kind, signal, visit) {
    return kind === 'zip' ? readZip(file, signal, visit) : readTar(file, signal, visit);
}
const YAUZL_PROBLEMS = {
    'absolute path': 'is an absolute path',
    'invalid relative path': "climbs out of its folder with '..'",
    'invalid characters in fileName': 'has characters a zip name may not hold',
};
const YAUZL_REFUSALS = new RegExp(`^(${Object.keys(YAUZL_PROBLEMS).join('|')}): (.*)$`, 'su');
/** A reader's failure as the reason an archive is left packed. */
function unreadable(error, signal) {
    if (signal.aborted)
        return signal.reason;
    if (error instanceof UnsafeArchiveError || error instanceof errors/* UserFacingError */.Ui || !(error instanceof Error))
        return error;
    // A write error of the visit (no space, no permission) is not the archive's fault.
    if (typeof error.syscall === 'string')
        return error;
    // yauzl's own refusals of a name, said as the other members' are.
    const name = YAUZL_REFUSALS.exec(error.message);
    const problem = YAUZL_PROBLEMS[name?.[1] ?? ''];
    if (problem !== undefined)
        return new UnsafeArchiveError(`member ${(0,common_format/* quoted */.TL)(name?.[2] ?? '')} ${problem}`);
    return new UnsafeArchiveError(`it cannot be read: ${error.message}`);
}
/** A pax record that gives a member its name or its size, which tar readers apply differently. */
const DISPUTED_PAX = /(?:^|\n)\d+ (?:GNU\.sparse\.[^=]*|SCHILY\.realsize)=/u;
/** npm's tar's entry types as members: anything else is refused as some other kind. */
const TAR_TYPES = {
    File: 'file',
    OldFile: 'file',
    ContiguousFile: 'file',
    Directory: 'folder',
    SymbolicLink: 'symlink',
    Link: 'hardlink',
    CharacterDevice: 'device',
    BlockDevice: 'device',
    FIFO: 'device',
};
function tarMember(entry) {
    // GNU tar applies a pax global path, npm's tar does not, and a pax size moves the next header: an archive whose
    // members depend on the reader is refused, whoever reads it later.
    const global = entry.globalExtended;
    for (const key of ['path', 'linkpath', 'size']) {
        if (global?.[key] !== undefined && global[key] !== null)
            throw new UnsafeArchiveError(`a pax global header sets ${(0,common_format/* quoted */.TL)(key)} for the members after it: tar readers disagree on their names`);
    }
    if (entry.extended?.size !== undefined && entry.extended.size !== null)
        throw new UnsafeArchiveError(`a pax header gives member ${(0,common_format/* quoted */.TL)(entry.path)} the size ${(0,common_format/* quoted */.TL)(String(entry.extended.size))} over its ` +
            'own header: tar readers disagree on what follows');
    return {
        name: entry.path.replace(/\/+$/u, ''),
        type: TAR_TYPES[entry.type] ?? 'other',
        size: entry.size,
        executable: ((entry.mode ?? 0) & 0o111) !== 0,
    };
}
async function readTar(file, signal, visit) {
    const raw = (0,external_node_fs_.createReadStream)(file, { signal });
    // strict: a bad checksum or a truncated member is an error. No ratio of unpacked to packed size (zeros compress
    // 1000 times): extract-max-mib bounds what is written instead.
    const parser = new index_min/* Parser */.iX({ strict: true, maxDecompressionRatio: Number.POSITIVE_INFINITY });
    let failure;
    let index = 0;
    const pending = [];
    const stop = (error) => {
        failure ??= error;
        raw.destroy();
        parser.abort((0,errors/* asError */.zR)(error));
    };
    const done = new Promise((resolve) => {
        const fail = (error) => {
            stop(error);
            resolve();
        };
        parser.on('close', resolve).on('error', fail);
        raw.on('error', fail);
    });
    parser.on('meta', (text) => {
        if (DISPUTED_PAX.test(text))
            stop(new UnsafeArchiveError('it holds a sparse file (GNU sparse pax records), which is not unpacked'));
    });
    parser.on('ignoredEntry', (entry) => {
        stop(new UnsafeArchiveError(entry.type === 'SparseFile'
            ? `member ${(0,common_format/* quoted */.TL)(entry.path)} is a sparse file, which is not unpacked`
            : `member ${(0,common_format/* quoted */.TL)(entry.path)} is a tar entry of type ${(0,common_format/* quoted */.TL)(entry.type)}, not a plain file or folder`));
    });
    parser.on('entry', (entry) => {
        const fail = (error) => {
            entry.resume();
            stop(error);
        };
        try {
            const member = failure === undefined ? tarMember(entry) : undefined;
            const write = member === undefined ? undefined : visit(member, index++);
            if (write === undefined)
                entry.resume();
            else
                pending.push(write(entry).catch(fail));
        }
        catch (error) {
            fail(error);
        }
    });
    raw.pipe(parser);
    // Neither wait throws: every failure is kept in `failure`.
    await done;
    await Promise.all(pending);
    raw.destroy();
    if (failure !== undefined)
        throw unreadable(failure, signal);
}
/** The file types of a Unix mode (S_IFMT) as members; none at all is a file, as DOS hosts write it. */
const ZIP_TYPES = {
    0: 'file',
    0o100000: 'file',
    0o040000: 'folder',
    0o120000: 'symlink',
    0o020000: 'device',
    0o060000: 'device',
    0o010000: 'device',
};
function zipMember(entry) {
    const name = entry.fileName;
    // The mode in the attributes' high half, read whatever the host, as unzip does for most: a link is a link.
    const mode = (entry.externalFileAttributes >>> 16) & 0xffff;
    const format = ZIP_TYPES[mode & 0o170000] ?? 'other';
    const type = format !== 'symlink' && name.endsWith('/') ? 'folder' : format;
    if (type === 'file' && entry.isEncrypted())
        throw new UnsafeArchiveError(`member ${(0,common_format/* quoted */.TL)(name)} is encrypted`);
    if (type === 'file' && entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
        throw new UnsafeArchiveError(`member ${(0,common_format/* quoted */.TL)(name)} uses compression method ${entry.compressionMethod} (only stored and deflate are read)`);
    return {
        name: name.replace(/\/+$/u, ''),
        type,
        size: entry.uncompressedSize,
        executable: (mode & 0o111) !== 0,
    };
}
const openZip = (0,external_node_util_.promisify)(yauzl/* open */.ho);
async function readZip(file, signal, visit) {
    let zip;
    let current;
    try {
        // decodeStrings: yauzl decodes and checks names (no absolute path, no `..`), Info-ZIP Unicode paths included.
        zip = await openZip(file, {
            lazyEntries: true,
            autoClose: false,
            decodeStrings: true,
            validateEntrySizes: true,
        });
        const openEntry = (0,external_node_util_.promisify)(zip.openReadStream.bind(zip));
        const entries = (0,external_node_events_.on)(zip, 'entry', { close: ['end'], signal });
        let index = 0;
        zip.readEntry();
        for await (const [entry] of entries) {
            const member = zipMember(entry);
            const write = visit(member, index++);
            if (write !== undefined && member.type === 'file') {
                current = await openEntry(entry);
                await write(current);
            }
            zip.readEntry();
        }
    }
    catch (error) {
        throw unreadable(error, signal);
    }
    finally {
        current?.destroy();
        // A read for the next entry may still fail after a cancel: no news then.
        zip?.on('error', () => undefined).close();
    }
}

// EXTERNAL MODULE: ../files/stale-parts.ts
var stale_parts = __webpack_require__(173);
;// CONCATENATED MODULE: ../files/extract.ts
// Unpacks one downloaded archive beside itself, in the process: every member is checked before any is written to a
// part file, and the part files are renamed into place only once all are written, so that an archive that fails or
// is cancelled leaves nothing behind; no link is made, no owner kept, and no mode but 0755 or 0644.









/** Returns the files placed; an unsafe archive stays packed, with a warning. No member replaces one of `placed`. */
async function unpack(step, { file: archive, source, kind, target }, destination, options, placed) {
    const { signal } = step;
    const name = (0,common_format/* quoted */.TL)(source);
    step.info(`Unpacking ${name} into ${target.join('/')}`);
    const parts = new Map();
    const files = [];
    const removeParts = async () => {
        const left = [...parts.values()];
        parts.clear();
        await Promise.all(left.map(({ part }) => (0,promises_.rm)(part, { force: true })));
    };
    step.onCleanup(removeParts);
    try {
        const members = [];
        await readArchive(archive, kind, signal, (member) => void members.push(member));
        checkMembers(members);
        const refused = [];
        const finals = [];
        const cache = new Map();
        let declared = 0;
        for (const [index, member] of members.entries()) {
            if (member.type !== 'file')
                continue;
            signal.throwIfAborted();
            const own = memberSegments(member);
            const segments = [...target, ...own];
            const found = await destination.inspect(segments, cache);
            const what = own.join('/');
            if (found.kind === 'refused')
                refused.push({ what, reason: found.reason });
            else if (found.kind === 'exists' &&
                (found.what !== 'file' || !options.overwrite || placed.has((0,external_node_path_.join)(destination.root, ...segments))))
                refused.push({ what, reason: `${(0,files_destination/* aThing */.SA)(found.what)} is already at its path` });
            else {
                finals[index] = segments;
                declared += member.size;
            }
        }
        const disk = await (0,promises_.statfs)((0,external_node_path_.dirname)(archive)).catch(() => undefined);
        const free = disk && disk.bavail * disk.bsize;
        const limit = `extract-max-mib (${(0,common_format/* formatBytes */.z3)(options.extractMaxBytes)})`;
        const tooMuch = (than, hint = '') => new file_errors/* FetchError */.fk(`archive ${name} declares ${(0,common_format/* formatBytes */.z3)(declared)} of files, more than ${than}; it is kept packed and ` +
            `nothing of it was unpacked${hint}`);
        if (free !== undefined && declared > free)
            throw tooMuch(`the ${(0,common_format/* formatBytes */.z3)(free)} free on the destination's file system`);
        if (declared > options.extractMaxBytes)
            throw tooMuch(limit, '. Raise extract-max-mib if that is expected');
        await (0,stale_parts/* removeStaleParts */.o)(destination.root, finals.filter((f) => f !== undefined), step.info);
        let written = 0;
        await readArchive(archive, kind, signal, (member, index) => {
            const segments = finals[index];
            if (member.type !== 'file' || segments === undefined)
                return undefined;
            return async (data) => {
                const dest = await destination.prepare(segments);
                const entry = { part: (0,names/* partFileName */.xg)(dest), dest, bytes: 0 };
                parts.set(index, entry);
                // 'wx': a part file is always new, never a file (or link) someone put there.
                const handle = await (0,promises_.open)(entry.part, 'wx', member.executable ? 0o755 : 0o644);
                try {
                    for await (const chunk of data) {
                        signal.throwIfAborted();
                        written += chunk.length;
                        entry.bytes += chunk.length;
                        if (written > options.extractMaxBytes)
                            throw new file_errors/* FetchError */.fk(`archive ${name} unpacks to more than ${limit} (passed at member ` +
                                `${(0,common_format/* quoted */.TL)(memberSegments(member).join('/'))}); it is kept packed and nothing of it was ` +
                                'kept. Raise extract-max-mib if that is expected');
                        await handle.write(chunk);
                    }
                }
                catch (error) {
                    // A full disk names the archive that filled it, not whichever file came next.
                    const full = (0,file_errors/* diskFullReason */.rf)(error);
                    if (full === undefined)
                        throw error;
                    throw new file_errors/* FetchError */.fk(`the disk filled up while unpacking archive ${name} (at member ${(0,common_format/* quoted */.TL)(member.name)}, ` +
                        `after ${(0,common_format/* formatBytes */.z3)(written)}): ${full}; nothing of it was kept`);
                }
                finally {
                    await handle.close();
                }
            };
        });
        for (const [index, { part, dest, bytes }] of [...parts.entries()].sort(([a], [b]) => a - b)) {
            signal.throwIfAborted();
            await (0,rename/* renameFile */.H)(part, dest);
            parts.delete(index);
            files.push({ file: dest, bytes, shown: (finals[index] ?? []).join('/') });
        }
        (0,common_format/* sayFirst */.w2)(step.warning, refused, ({ what, reason }) => `Left out ${(0,common_format/* quoted */.TL)(what)} of archive ${name}: ${reason}`, (n) => `Left out ${n} more members of archive ${name}`);
        step.info(`Unpacked ${(0,common_format/* plural */.LS)(files.length, 'file')} of ${name} into ${target.join('/')}`);
        return files;
    }
    catch (error) {
        // Nothing of a failed archive stays: its part files, the files already renamed, the folders made for them.
        await removeParts();
        await Promise.all(files.map(({ file }) => (0,promises_.rm)(file, { force: true })));
        await destination.removeEmptyFolders();
        if (!(error instanceof UnsafeArchiveError || error instanceof files_destination/* RefusedPathError */.aj))
            throw (0,file_errors/* asUserFacing */.AB)(source, error);
        step.warning(`Did not unpack archive ${name}: ${error.message}; it is kept as it is`);
        return [];
    }
}
function memberSegments(member) {
    return member.name.split(/[/\\]/u).filter((s) => s !== '' && s !== '.');
}
/** Refuses the archive at a member that is not a plain file or folder, breaks the path rules, or merges with another. */
function checkMembers(members) {
    const files = new Map();
    const folders = new Map();
    for (const member of members) {
        const problem = memberProblem(member);
        if (problem !== undefined)
            throw new UnsafeArchiveError(`member ${(0,common_format/* quoted */.TL)(member.name)} ${problem}`);
        const segments = memberSegments(member);
        const keys = segments.map((_, n) => (0,names/* foldedName */.mw)(segments.slice(0, n + 1).join('/')));
        const own = keys.at(-1) ?? '';
        for (const key of member.type === 'folder' ? keys : keys.slice(0, -1)) {
            const file = files.get(key);
            if (file !== undefined)
                throw clash(file, member.name);
            if (!folders.has(key))
                folders.set(key, member.name);
        }
        if (member.type !== 'file')
            continue;
        const other = files.get(own) ?? folders.get(own);
        if (other !== undefined)
            throw clash(other, member.name);
        files.set(own, member.name);
    }
}
function clash(first, second) {
    return new UnsafeArchiveError(first === second
        ? `member ${(0,common_format/* quoted */.TL)(first)} is in it twice, and one would replace the other`
        : `members ${(0,common_format/* quoted */.TL)(first)} and ${(0,common_format/* quoted */.TL)(second)} would be one file or folder on a disk that ignores ` +
            'case or Unicode form (Windows, macOS), and one would replace the other');
}
function memberProblem(member) {
    if (member.type !== 'file' && member.type !== 'folder')
        return `is a ${member.type}, not a plain file or folder`;
    const name = member.name;
    // Names are printed in warnings; the runner would obey these anywhere in a line.
    if (name.includes('::') || name.includes('##['))
        return 'looks like a workflow command';
    if (/^[/\\]|^[A-Za-z]:(?:[/\\]|$)/u.test(name))
        return 'is an absolute path';
    const segments = memberSegments(member);
    if (segments.length === 0)
        return 'has no name';
    return (0,names/* pathProblem */.z9)(segments);
}


/***/ })

};
