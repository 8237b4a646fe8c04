export const id = 585;
export const ids = [585];
export const modules = {

/***/ 872:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ld: () => (/* binding */ memberSegments),
/* harmony export */   YH: () => (/* binding */ archiveOf),
/* harmony export */   c_: () => (/* binding */ checkMembers),
/* harmony export */   td: () => (/* binding */ UnsafeArchiveError)
/* harmony export */ });
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2249);
/* harmony import */ var _api_paths_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7624);
// What an archive is, and the rules its members must pass before anything of it is written (reader.ts reads it,
// extract.ts writes it). Kept apart from the reader so that a step without archives loads no archive library.


/** The archive kind of a file name, and the name without its extension (the folder it unpacks into). */
function archiveOf(name) {
    const lower = name.toLowerCase();
    for (const [ending, kind] of [
        ['.tar.gz', 'tar.gz'],
        ['.tgz', 'tar.gz'],
        ['.tar', 'tar'],
        ['.zip', 'zip'],
    ]) {
        if (lower.endsWith(ending) && name.length > ending.length)
            return { kind, stem: name.slice(0, -ending.length) };
    }
    return undefined;
}
/** The archive cannot be read or holds a member that may not be extracted. */
class UnsafeArchiveError extends Error {
    name = 'UnsafeArchiveError';
}
/** The members' segments below the unpack folder, each through the rules artifact paths go through. */
function memberSegments(member) {
    return member.name.split(/[/\\]/u).filter((s) => s !== '' && s !== '.');
}
/**
 * Throws UnsafeArchiveError at the first member that may not be extracted: anything but a plain file or folder, a
 * name that is absolute or breaks the segment rules (paths.ts), or two members that one disk would store as one
 * (same name, or names that differ in case or Unicode form only, or a file where another member needs a folder).
 */
function checkMembers(members) {
    const files = new Map();
    const folders = new Map();
    for (const member of members) {
        const problem = memberProblem(member);
        if (problem !== undefined)
            throw new UnsafeArchiveError(`member ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(member.name)} ${problem}`);
        const segments = memberSegments(member);
        const keys = segments.map((_, n) => (0,_api_paths_js__WEBPACK_IMPORTED_MODULE_0__/* .foldedName */ .mw)(segments.slice(0, n + 1).join('/')));
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
        ? `member ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(first)} is in it twice, and one would replace the other`
        : `members ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(first)} and ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_1__/* .quoted */ .TL)(second)} would be one file or folder on a disk that ignores ` +
            'case or Unicode form (Windows, macOS), and one would replace the other');
}
function memberProblem(member) {
    if (member.type !== 'file' && member.type !== 'folder')
        return `is a ${member.type}, not a plain file or folder`;
    const name = member.name;
    if (name === '')
        return 'has no name';
    // Names are printed in warnings; the runner would obey these anywhere in a line.
    if (name.includes('::') || name.includes('##['))
        return 'looks like a workflow command';
    if (/^[/\\]|^[A-Za-z]:(?:[/\\]|$)/u.test(name))
        return 'is an absolute path';
    const segments = memberSegments(member);
    if (segments.length === 0)
        return 'has no name';
    return (0,_api_paths_js__WEBPACK_IMPORTED_MODULE_0__/* .pathProblem */ .z9)(segments);
}


/***/ }),

/***/ 3585:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  ExistingFilesError: () => (/* binding */ ExistingFilesError),
  NoArtifactsError: () => (/* binding */ NoArtifactsError),
  PROGRESS_EVERY_MS: () => (/* binding */ PROGRESS_EVERY_MS),
  fetchArtifacts: () => (/* binding */ fetchArtifacts),
  readInputs: () => (/* binding */ readInputs),
  run: () => (/* binding */ fetch_artifacts_run),
  spec: () => (/* binding */ spec)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ../runner/run.ts + 5 modules
var run = __webpack_require__(3704);
// EXTERNAL MODULE: ../runner/text.ts
var runner_text = __webpack_require__(8999);
// EXTERNAL MODULE: ../api/format.ts
var format = __webpack_require__(2249);
// EXTERNAL MODULE: ../runner/workflow.ts
var workflow = __webpack_require__(649);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:events"
var external_node_events_ = __webpack_require__(8474);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(6466);
// EXTERNAL MODULE: ../api/clock.ts
var clock = __webpack_require__(7634);
// EXTERNAL MODULE: ../api/answer.ts
var answer = __webpack_require__(1664);
// EXTERNAL MODULE: ../api/errors.ts
var errors = __webpack_require__(1013);
// EXTERNAL MODULE: ../api/retry.ts
var retry = __webpack_require__(7878);
// EXTERNAL MODULE: ../api/paths.ts
var paths = __webpack_require__(7624);
// EXTERNAL MODULE: ../api/rename.ts
var rename = __webpack_require__(4748);
// EXTERNAL MODULE: ../api/decode.ts + 1 modules
var decode = __webpack_require__(8022);
;// CONCATENATED MODULE: ../api/download.ts
// One file from a URL to disk: streamed (flat memory), atomic (a part file beside the destination, renamed only
// once complete and checked), resumable (a Range request after a transient failure) and never an error page
// (non-2xx answers are errors of the transport, never written). docs/promises.md, promises 7–9.











/**
 * The most a download may hold when the server does not state its size (no Content-Length) or sends it encoded
 * (Content-Length then counts the encoded bytes): an endless or a decompression-bomb body fails there, once, and is
 * not retried. Above what a hosted runner's free disk (about 14 GB) can take beside a checkout.
 */
const MAX_UNDECLARED_BYTES = 10 * 1024 ** 3;
/** 64 KiB a minute, about 1 KiB/s: far below any real storage, far above a drip. */
const DEFAULT_MIN_RATE = { bytes: 64 * 1024, windowMs: 60_000 };
/**
 * Failures in a row before a download is given up. An attempt that takes the file further than before starts the
 * count again, since resuming it is cheap; four times as many attempts in all is the outer bound.
 */
const DOWNLOAD_RETRY = { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 15_000 };
/** A body of unstated size passed the bound: never retried (the next attempt would only do it again). */
class TooLargeError extends errors/* UserFacingError */.Ui {
    name = 'TooLargeError';
}
/** An encoded body that does not decode (cut short, or corrupt). */
class CorruptBodyError extends errors/* UserFacingError */.Ui {
    name = 'CorruptBodyError';
}
/** A download failed for good: names the artifact, keeps the cause. */
class DownloadError extends errors/* UserFacingError */.Ui {
    name = 'DownloadError';
    artifact;
    constructor(artifact, cause, attempts) {
        const tries = attempts > 1 && !/after \d+ attempts/u.test(cause.message) ? ` (after ${attempts} attempts)` : '';
        super(`artifact ${artifact}: ${cause.message}${tries}`, { cause });
        this.artifact = artifact;
    }
}
/** The body ended before Content-Length (or the Content-Range's end) was reached. */
class IncompleteBodyError extends errors/* UserFacingError */.Ui {
    name = 'IncompleteBodyError';
}
/** The body arrived below the minimum rate. */
class TooSlowError extends errors/* UserFacingError */.Ui {
    name = 'TooSlowError';
}
/** A Content-Encoding that cannot be decoded: what would be written is not the file. */
class UnsupportedEncodingError extends errors/* UserFacingError */.Ui {
    name = 'UnsupportedEncodingError';
}
/** The answer cannot be appended to the part file (a range that does not fit, a body longer than announced): the
 *  next attempt asks for the whole file. */
class StartOverError extends errors/* UserFacingError */.Ui {
    name = 'StartOverError';
}
/** Bytes gathered for one write of the part file: one trip to the thread pool per batch, not per read. */
const WRITE_BATCH_BYTES = 1024 * 1024;
class Downloader {
    #opener;
    #clock;
    #retry;
    #signal;
    #log;
    #maxBytes;
    #minRate;
    /** Part files being written: removed on failure, and by removeParts() when the process is stopped. */
    #parts = new Set();
    /** Bodies being received, checked against the minimum rate by one timer for all. */
    #watched = new Set();
    #ticker;
    constructor(options) {
        this.#opener = options.opener;
        this.#clock = options.clock ?? clock/* systemClock */.ml;
        this.#retry = {
            ...DOWNLOAD_RETRY,
            ...Object.fromEntries(Object.entries(options.retry ?? {}).filter(([, v]) => v !== undefined)),
        };
        this.#signal = options.signal;
        this.#log = options.log ?? (() => { });
        this.#maxBytes = options.maxBytes ?? MAX_UNDECLARED_BYTES;
        this.#minRate = options.minRate ?? DEFAULT_MIN_RATE;
    }
    /** Part files not yet renamed or removed. */
    get parts() {
        return this.#parts;
    }
    /** Removes every part file left, synchronously, so it also works as the last thing before the process exits. */
    removeParts() {
        for (const part of this.#parts) {
            try {
                (0,external_node_fs_.unlinkSync)(part);
            }
            catch {
                // Already gone.
            }
            this.#parts.delete(part);
        }
    }
    async download(request) {
        const signal = eitherSignal(request.signal, this.#signal);
        if (signal.aborted)
            throw (0,clock/* abortReason */.Js)(signal);
        // Beside the destination, so the final rename stays on one file system; `wx` never follows or reuses a file,
        // and the request is sent only once the file exists.
        const part = (0,paths/* partFileName */.xg)(request.dest);
        const fd = (0,external_node_fs_.openSync)(part, 'wx', 0o666);
        this.#parts.add(part);
        try {
            const result = await this.#fetchInto(part, fd, request, signal);
            if (signal.aborted)
                throw (0,clock/* abortReason */.Js)(signal);
            await (0,rename/* renameFile */.H)(part, request.dest);
            this.#parts.delete(part);
            return result;
        }
        catch (error) {
            try {
                (0,external_node_fs_.unlinkSync)(part);
            }
            catch {
                // Already gone.
            }
            this.#parts.delete(part);
            if (signal.aborted)
                throw (0,clock/* abortReason */.Js)(signal);
            throw error;
        }
    }
    /** The attempts of one download; each attempt's write stream owns (and closes) its descriptor of the part file. */
    async #fetchInto(part, firstFd, request, signal) {
        const { url, name } = request;
        /** Bytes reported through onBytes, kept equal to what is on disk after each attempt. */
        let reported = 0;
        const report = (bytes) => {
            reported += bytes;
            request.onBytes?.(bytes);
        };
        let offset = 0;
        /** Size of the whole file, once a response told it. */
        let total;
        /** ETag or Last-Modified of the first answer: a resumed part must come from the same file (If-Range). */
        let validator;
        let useRange = true;
        let resumed = 0;
        let failures = 0;
        /** The furthest the part file ever got: only going beyond it counts as progress. */
        let furthest = 0;
        // Not undici's retry interceptor: a resumed part must pass the size and rate checks, and a changed file or an
        // encoded answer starts over.
        for (let attempt = 1;; attempt++) {
            /** Whether this attempt's answer is encoded. */
            let encodedAttempt = false;
            let fd = attempt === 1 ? firstFd : (0,external_node_fs_.openSync)(part, 'r+');
            try {
                const headers = { 'accept-encoding': 'identity' };
                const resuming = offset > 0 && useRange;
                if (resuming) {
                    headers.range = `bytes=${offset}-`;
                    if (validator !== undefined)
                        headers['if-range'] = validator;
                }
                const opened = await this.#opener.open(url, { headers, signal });
                // Nothing is awaited until the body is piped: a body failing while no one listens would end the process.
                const { body } = opened;
                let start = 0;
                /** Content-Length of an encoded answer: what the wire must bring, before decoding. */
                let rawLength;
                let encoding;
                try {
                    encoding = encodingOf(opened.headers);
                    // A range of encoded bytes cannot be appended to decoded ones: a failed attempt starts over.
                    if (encoding !== undefined)
                        encodedAttempt = true;
                    if (opened.status === 206) {
                        const range = parseContentRange((0,format/* firstHeader */.Yp)(opened.headers['content-range']));
                        const fits = resuming &&
                            encoding === undefined &&
                            range !== undefined &&
                            range.start === offset &&
                            (total === undefined || range.total === undefined || range.total === total);
                        if (!fits) {
                            throw new StartOverError(resuming
                                ? `the server answered the request for bytes ${offset}- with Content-Range ${JSON.stringify((0,format/* firstHeader */.Yp)(opened.headers['content-range']) ?? '')}${encoding === undefined ? '' : ` and Content-Encoding ${encoding}`}`
                                : 'the server sent part of the file (206) when the whole file was asked for');
                        }
                        start = offset;
                        total ??= range.total;
                        resumed++;
                        this.#log('debug', `${name}: resuming at byte ${offset}`);
                    }
                    else {
                        if (offset > 0) {
                            // The server sent the whole file again (no Range support, or the file changed): start over.
                            report(-reported);
                            offset = 0;
                            (0,external_node_fs_.ftruncateSync)(fd, 0);
                        }
                        total = encoding === undefined ? contentLength(opened.headers) : undefined;
                        rawLength = encoding === undefined ? undefined : contentLength(opened.headers);
                        validator ??= strongValidator(opened.headers);
                    }
                }
                catch (error) {
                    (0,answer/* discard */.vf)(body);
                    throw error;
                }
                const owned = fd;
                fd = undefined;
                const { written, raw } = await this.#write(body, owned, part, start, encoding, total, url, report);
                offset = start + written;
                if (rawLength !== undefined && raw !== rawLength) {
                    throw new IncompleteBodyError(`the encoded body ended after ${raw} of ${rawLength} bytes`);
                }
                if (total !== undefined && offset !== total) {
                    if (offset < total)
                        throw new IncompleteBodyError(`the body ended after ${offset} of ${total} bytes`);
                    throw new StartOverError(`GET ${(0,format/* displayUrl */.Qy)(url)}: the body is longer than its Content-Length of ${total} bytes`);
                }
                return { bytes: offset, attempts: attempt, resumed };
            }
            catch (caught) {
                if (fd !== undefined)
                    (0,external_node_fs_.closeSync)(fd);
                if (signal.aborted)
                    throw (0,clock/* abortReason */.Js)(signal);
                const error = (0,errors/* asError */.zR)(caught);
                // What is on disk is what counts, whatever the stream received before it failed.
                offset = (0,external_node_fs_.statSync)(part).size;
                if (error instanceof StartOverError || encodedAttempt) {
                    useRange = false;
                    offset = 0;
                }
                else if (error instanceof errors/* ApiError */.hD && error.status === 416) {
                    // The range asked for is beyond the file: it changed; ask for all of it.
                    useRange = false;
                }
                if (reported !== offset)
                    report(offset - reported);
                // An attempt that took the file further than ever resets the count of failures in a row.
                // A body below the minimum rate always counts: a drip makes a little progress every time.
                failures = offset > furthest && !(error instanceof TooSlowError) ? 1 : failures + 1;
                furthest = Math.max(furthest, offset);
                const retriable = download_transient(error);
                if (!retriable || failures >= this.#retry.maxAttempts || attempt >= this.#retry.maxAttempts * 4) {
                    throw new DownloadError(name, error, attempt);
                }
                const wait = (0,retry/* backoffDelay */.EY)(failures, this.#retry, () => this.#clock.random());
                const where = offset > 0 && useRange ? `resuming at ${offset} bytes` : 'starting over';
                this.#log('info', `${name}: ${error.message}; ${where} in ${(wait / 1000).toFixed(1)} s (attempt ${attempt + 1})`);
                await this.#clock.sleep(wait, signal);
            }
        }
    }
    /**
     * One answer's body written into the part file from `start`, decoded when it comes encoded, and `fd` closed:
     * the bytes written, and those that came off the wire. The body is piped at once, with nothing awaited before.
     */
    async #write(body, fd, part, start, encoding, total, url, report) {
        // The stream closes the descriptor only when it fails; once the body is written, it is closed below.
        const file = (0,external_node_fs_.createWriteStream)(part, { fd, start, highWaterMark: WRITE_BATCH_BYTES, autoClose: false });
        // Held until a batch is full (below) or the body ends; a failed body's bytes are written first.
        file.cork();
        body.on('error', () => file.uncork());
        const watched = {
            raw: 0,
            windowStart: this.#clock.now(),
            windowRaw: 0,
            url,
            stop: (error) => body.destroy(error),
        };
        body.on('data', (chunk) => (watched.raw += chunk.length));
        const decoder = encoding === undefined ? undefined : (0,decode/* decoder */.D0)(encoding);
        let decoderError;
        decoder?.once('error', (error) => (decoderError = error));
        const piped = decoder === undefined ? (0,external_node_stream_promises_.pipeline)(body, file) : (0,external_node_stream_promises_.pipeline)(body, decoder, file);
        const limit = total === undefined ? this.#maxBytes : undefined;
        let received = 0;
        const decoded = decoder ?? body;
        // After the pipe's own listener: the chunk is in the batch when its size is looked at.
        decoded.on('data', (chunk) => {
            received += chunk.length;
            report(chunk.length);
            if (file.writableLength >= WRITE_BATCH_BYTES) {
                file.uncork();
                file.cork();
            }
            if (limit !== undefined && received > limit) {
                // The decoder's stream, not the body's: a small encoded body may have ended already.
                decoded.destroy(new TooLargeError(`the body is larger than ${(0,format/* formatLimit */.tW)(limit)}, the limit for a file whose size the server does not state (or sends encoded)`));
            }
        });
        const unwatch = this.#watch(watched);
        try {
            await piped;
        }
        catch (error) {
            // The failed stream closes its descriptor once its last write is done: the size is read after that.
            file.destroy();
            if (!file.closed)
                await (0,external_node_events_.once)(file, 'close').catch(() => { });
            if (error === decoderError && !(error instanceof errors/* UserFacingError */.Ui)) {
                throw new CorruptBodyError(`the ${encoding} body could not be decoded: ${(0,errors/* asError */.zR)(error).message}`);
            }
            throw error;
        }
        finally {
            unwatch();
        }
        // On this thread: a close takes less time than a trip to the thread pool and back.
        (0,external_node_fs_.closeSync)(fd);
        return { written: file.bytesWritten, raw: watched.raw };
    }
    #watch(watched) {
        this.#watched.add(watched);
        if (this.#ticker === undefined) {
            const every = Math.max(10, Math.min(1000, this.#minRate.windowMs / 4));
            this.#ticker = setInterval(() => this.#checkRates(), every);
            this.#ticker.unref();
        }
        return () => {
            this.#watched.delete(watched);
            if (this.#watched.size === 0 && this.#ticker !== undefined) {
                clearInterval(this.#ticker);
                this.#ticker = undefined;
            }
        };
    }
    #checkRates() {
        const now = this.#clock.now();
        const { bytes, windowMs } = this.#minRate;
        for (const watched of this.#watched) {
            if (now - watched.windowStart < windowMs)
                continue;
            const got = watched.raw - watched.windowRaw;
            if (got < bytes) {
                watched.stop(new TooSlowError(`GET ${(0,format/* displayUrl */.Qy)(watched.url)}: the body arrived slower than ${(0,format/* formatLimit */.tW)(bytes)} in ${windowMs / 1000} s (${got} bytes in the last ${((now - watched.windowStart) / 1000).toFixed(1)} s)`));
            }
            else {
                watched.windowStart = now;
                watched.windowRaw = watched.raw;
            }
        }
    }
}
/** Failures worth another attempt: the wire, a timeout, a server-side error, a cut body, an unusable range. */
function download_transient(error) {
    if ((0,retry/* isTransient */.dg)(error))
        return true;
    if (error instanceof IncompleteBodyError || error instanceof StartOverError)
        return true;
    if (error instanceof TooSlowError || error instanceof CorruptBodyError)
        return true;
    return error instanceof errors/* ApiError */.hD && error.status === 416;
}
function contentLength(headers) {
    const text = (0,format/* firstHeader */.Yp)(headers['content-length']);
    if (text === undefined || !/^\d+$/u.test(text.trim()))
        return undefined;
    const n = Number(text.trim());
    return Number.isSafeInteger(n) ? n : undefined;
}
/** A strong ETag, else Last-Modified: what If-Range accepts (a weak ETag may not be used there). */
function strongValidator(headers) {
    const etag = (0,format/* firstHeader */.Yp)(headers['etag']);
    if (etag !== undefined && !etag.startsWith('W/'))
        return etag;
    return (0,format/* firstHeader */.Yp)(headers['last-modified']);
}
/** `bytes 100-199/1000` (or `/*`). */
function parseContentRange(value) {
    const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/u.exec(value?.trim() ?? '');
    if (!match)
        return undefined;
    const start = Number(match[1]);
    const end = Number(match[2]);
    const total = match[3] === '*' ? undefined : Number(match[3]);
    if (end < start || (total !== undefined && end >= total))
        return undefined;
    return { start, end, total };
}
/** One signal for both, without a composite signal (and its bookkeeping) when only one is given. */
function eitherSignal(a, b) {
    if (a === undefined)
        return b ?? new AbortController().signal;
    return b === undefined ? a : AbortSignal.any([a, b]);
}
/** The one content coding of an answer (src/api/decode.ts), undefined for none; a clear error otherwise. */
function encodingOf(headers) {
    try {
        return (0,decode/* contentCoding */.IX)(headers['content-encoding']);
    }
    catch (error) {
        if (error instanceof decode/* UnsupportedCodingError */.MZ)
            throw new UnsupportedEncodingError(`the server sent the file with ${error.message}`);
        throw error;
    }
}

// EXTERNAL MODULE: ../api/glob.ts
var glob = __webpack_require__(5224);
;// CONCATENATED MODULE: ../api/limiter.ts
// Bounded concurrency: a queue of functions, each called only when a slot is free. Promises created up front
// would all be running already, whatever a "limit" then awaits in batches.
class Limiter {
    concurrency;
    #active = 0;
    /** Waiting calls from `#head` on: taking one is O(1), where `shift()` moves every other one each time. */
    #queue = [];
    #head = 0;
    constructor(concurrency) {
        if (!Number.isSafeInteger(concurrency) || concurrency < 1) {
            throw new RangeError(`concurrency must be a whole number ≥ 1, not ${concurrency}`);
        }
        this.concurrency = concurrency;
    }
    /** Functions running now. */
    get active() {
        return this.#active;
    }
    /** Functions waiting for a slot. */
    get pending() {
        return this.#queue.length - this.#head;
    }
    /** Calls `fn` as soon as fewer than `concurrency` calls are running; settles as its promise does. */
    run(fn) {
        return new Promise((resolve, reject) => {
            const start = () => {
                this.#active++;
                let promise;
                try {
                    promise = fn();
                }
                catch (error) {
                    promise = Promise.reject(error);
                }
                promise.then(resolve, reject).finally(() => {
                    this.#active--;
                    const next = this.#queue[this.#head++];
                    if (this.#head >= this.#queue.length)
                        [this.#queue, this.#head] = [[], 0];
                    next?.();
                });
            };
            if (this.#active < this.concurrency)
                start();
            else
                this.#queue.push(start);
        });
    }
}
/**
 * Calls `fn` for every item, at most `concurrency` at once. On the first failure no further item is started, the
 * `abort` callback is called so the running ones can stop, and once every started call has settled that first
 * failure is thrown: nothing is left running behind the caller's back. Each of `concurrency` workers takes the
 * next item when its last one ends, so after a failure nothing queued is left to go through.
 */
async function forEachLimited(items, concurrency, fn, abort = () => { }) {
    const limiter = new Limiter(concurrency);
    let failed = false;
    let firstError;
    let next = 0;
    const work = async () => {
        while (!failed && next < items.length) {
            const index = next++;
            try {
                await fn(items[index], index);
            }
            catch (error) {
                if (!failed) {
                    failed = true;
                    firstError = error;
                    abort(error);
                }
            }
        }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, () => limiter.run(work)));
    if (failed)
        throw firstError;
}

// EXTERNAL MODULE: ../api/client.ts + 1 modules
var client = __webpack_require__(7157);
// EXTERNAL MODULE: ../api/records.ts
var records = __webpack_require__(5942);
// EXTERNAL MODULE: ../api/validate.ts
var validate = __webpack_require__(1272);
// EXTERNAL MODULE: ./fetch-artifacts/archive.ts
var fetch_artifacts_archive = __webpack_require__(872);
// EXTERNAL MODULE: ../api/commit-builds.ts
var commit_builds = __webpack_require__(6677);
;// CONCATENATED MODULE: ../api/find-builds.ts




/** Builds read at most before giving up: ten full pages. */
const MAX_BUILDS_READ = 10 * validate/* MAX_PAGE_SIZE */.H4;
/**
 * The matching builds one after another, newest first, read page by page as they are asked for: the first page
 * of a plain query asks for one build, the next pages for full ones. `read` counts the builds read, and `bounded`
 * says whether the reading stopped at its bound rather than at the list's end or the commit's last build.
 */
class BuildScan {
    #client;
    #project;
    #query;
    #revision;
    #plain;
    #seen = new Set();
    /** Matches read but not handed out yet. */
    #ready = [];
    #offset = 0;
    #sawRevision = false;
    #ended = false;
    read = 0;
    bounded = false;
    constructor(client, project, query) {
        this.#client = client;
        this.#project = project;
        this.#query = query;
        this.#revision = query.revision?.toLowerCase();
        this.#plain = this.#revision === undefined && query.job === undefined;
    }
    /** The next matching build, or undefined once the list, the commit's builds or the bound has ended. */
    async next() {
        while (this.#ready.length === 0 && !this.#ended)
            await this.#page();
        return this.#ready.shift();
    }
    async #page() {
        if (this.read >= MAX_BUILDS_READ) {
            this.bounded = true;
            this.#ended = true;
            return;
        }
        const query = this.#query;
        const revision = this.#revision;
        // With only a status filter the first build is the answer: one build is asked for.
        const limit = this.#plain && this.#offset === 0 ? 1 : Math.min(validate/* MAX_PAGE_SIZE */.H4, MAX_BUILDS_READ - this.read);
        const page = await this.#client.builds(this.#project, {
            statusFilter: query.statusFilter,
            limit,
            offset: this.#offset,
            ...(query.branch === undefined ? {} : { branch: query.branch }),
        });
        if (!Array.isArray(page))
            throw new errors/* BadResponseError */.nS('GET', 'builds', 'the build list is not a JSON array');
        let fresh = 0;
        let revisionHere = false;
        for (const item of page) {
            if (item === null || typeof item !== 'object')
                continue;
            const build = item;
            if (typeof build.build_num !== 'number' || this.#seen.has(build.build_num))
                continue;
            this.#seen.add(build.build_num);
            fresh++;
            const ofCommit = revision === undefined || (0,commit_builds/* ofRevision */.j1)(build, revision);
            if (revision !== undefined && ofCommit)
                revisionHere = true;
            // The server's filter is checked again: a server that ignores `filter` must not hand over a running build.
            if (ofCommit &&
                (0,records/* matchesStatusFilter */.ks)(build, query.statusFilter) &&
                (query.job === undefined || (0,commit_builds/* jobOf */.Zw)(build).job === query.job)) {
                this.#ready.push(build);
            }
        }
        this.read += fresh;
        // The end of the list, a page that repeats, or the commit's builds left behind.
        if (page.length < limit || fresh === 0)
            this.#ended = true;
        if (this.#sawRevision && !revisionHere)
            this.#ended = true;
        this.#sawRevision ||= revisionHere;
        this.#offset += page.length;
    }
}

// EXTERNAL MODULE: ../api/projects-v2.ts
var projects_v2 = __webpack_require__(7681);
;// CONCATENATED MODULE: ./fetch-artifacts/build-selection.ts






/** Matching builds `latest` and `search-artifacts` look at, newest first, before they give up. */
const SEARCH_ARTIFACTS_BUILDS = 100;
function buildsOf({ client, transport, project }) {
    if (!('slug' in project))
        return {
            project,
            scan: (query) => new BuildScan(client, project, query),
            readBound: MAX_BUILDS_READ,
            build: (num) => client.build(project, num),
            artifacts: (num) => client.artifacts(project, num),
        };
    const api = new projects_v2/* ProjectsV2 */.lv(transport);
    return {
        project,
        scan: (query) => new projects_v2/* JobScan */.Bk(api, project, query),
        readBound: projects_v2/* MAX_JOBS_READ */.fk,
        build: (num) => api.jobAsBuild(project, num),
        artifacts: (num) => api.artifacts(project, num),
    };
}
/** Whether a build is a pull request's (its branch), or from another repository than the project's (v2's `fork`). */
function isFork(build) {
    return isForkBranch(build.branch) || build['fork'] === true;
}
/** A pull request's ref (`pull/9/head`), which the service gives a fork's builds and a comment's alike. */
function isForkBranch(branch) {
    return typeof branch === 'string' && /^pull\/\d+(?:\/head)?$/u.test(branch);
}
/** Whether builds of pull requests count: `allow-forks`, or a `branch` that names one, which the user chose. */
function forksCount(options) {
    return options.allowForks || isForkBranch(options.branch);
}
/** `latest`: the newest matching build, no pull request's unless allowed, with an artifact when searching. */
async function selectLatest(ctx, builds, options) {
    const slug = (0,client/* projectName */.j1)(builds.project);
    const wanted = describeLatest(options, (text) => text);
    const matching = options.globs.length === 0 ? 'artifact' : 'artifact matching pattern';
    const forks = forksCount(options);
    const scan = builds.scan({
        statusFilter: options.statusFilter,
        branch: options.branch,
        revision: options.revision,
        job: options.job,
    });
    const passed = [];
    let pulls = 0;
    for (let looked = 0; looked < SEARCH_ARTIFACTS_BUILDS; looked++) {
        const build = await scan.next();
        if (build === undefined)
            break;
        if (!forks && isFork(build)) {
            passed.push(build.build_num);
            pulls++;
            ctx.info(`Build #${build.build_num} is of a pull request (branch ${String(build.branch)}), perhaps a fork's; ` +
                'passed over, as allow-forks is false; looking at an older one');
            continue;
        }
        let artifacts;
        if (options.searchArtifacts) {
            const listed = await builds.artifacts(build.build_num);
            if (!Array.isArray(listed))
                throw new errors/* BadResponseError */.nS('GET', 'artifacts', 'the artifact list is not a JSON array');
            if (!hasMatch(listed, options)) {
                passed.push(build.build_num);
                ctx.info(`Build #${build.build_num} has no ${matching}; looking at an older one`);
                continue;
            }
            artifacts = listed;
        }
        const over = passed.length === 0
            ? options.searchArtifacts
                ? ' (the newest of them)'
                : ''
            : ` (passing over the newer ${passed.length === 1 ? 'build' : 'builds'} ${passed.map((n) => `#${n}`).join(', ')})`;
        ctx.info(`The ${wanted} of ${slug} is build #${build.build_num}${over}`);
        return { build, artifacts };
    }
    const among = passed.length >= SEARCH_ARTIFACTS_BUILDS
        ? ` among the newest ${SEARCH_ARTIFACTS_BUILDS} builds that match`
        : scan.bounded
            ? ` among the builds that match within the newest ${builds.readBound} builds`
            : passed.length === 0
                ? ''
                : ` among the ${passed.length === 1 ? 'one build' : `${passed.length} builds`} that match`;
    const skipped = pulls === 0
        ? ''
        : ` (${pulls === 1 ? 'one was' : `${pulls} were`} of a pull request, passed over as allow-forks is false)`;
    return { build: undefined, none: `no ${wanted} of ${slug} was found${among}${skipped}` };
}
/** A build named by number, for its branch and commit; unread, it stays unnamed, since its artifact list decides. */
async function readChosenBuild(ctx, builds, buildNum) {
    try {
        return await builds.build(buildNum);
    }
    catch (error) {
        if (!(error instanceof errors/* ApiError */.hD || error instanceof errors/* BadResponseError */.nS))
            throw error;
        ctx.info(`The branch and commit of build #${buildNum} could not be read: ${error.message}`);
        return undefined;
    }
}
/** Names the build whose artifacts are fetched, and says when it is a pull request's. */
function logChosenBuild(ctx, build) {
    const fork = isFork(build)
        ? '; it is of a pull request, perhaps a fork, whose configuration chose these artifacts'
        : '';
    ctx.info(`Fetching the artifacts of build #${build.build_num} (${branchAndCommit(build, (t) => t)})${fork}`);
}
/** `branch main, commit 0123abc…`, each part through `safe`; a part the answer lacks is said so. */
function branchAndCommit(build, safe) {
    const part = (value, max) => typeof value === 'string' && value !== '' ? safe((0,format/* cut */.Jj)(value, max)) : '(none)';
    return `branch ${part(build.branch, 200)}, commit ${part(build.vcs_revision, 64)}`;
}
/** Whether a build's artifact list has one that `pattern` selects (whatever its path's later fate). */
function hasMatch(artifacts, options) {
    try {
        return ((0,paths/* planDownloads */.zi)(artifacts, {
            globs: options.globs,
            flatten: false,
        }).files.length > 0);
    }
    catch (error) {
        // Two artifacts that would clash are still artifacts: the fetch itself reports the clash.
        if (error instanceof paths/* ClashError */.Ez)
            return true;
        throw error;
    }
}
function describeLatest(options, safe) {
    const parts = [`latest ${options.statusFilter} build`];
    if (options.searchArtifacts && options.buildNum === undefined)
        parts.push(options.globs.length === 0 ? 'with artifacts' : 'with an artifact matching pattern');
    if (options.job !== undefined)
        parts.push(`of job ${safe(options.job)}`);
    if (options.revision !== undefined)
        parts.push(`of commit ${options.revision}`);
    if (options.branch !== undefined)
        parts.push(`on branch ${safe(options.branch)}`);
    return parts.join(' ');
}

;// CONCATENATED MODULE: ./fetch-artifacts/file-errors.ts
// The file system's errors: one artifact's own, a full disk, and a destination that cannot be made.






/** The destination's disk is full: the step stops, naming the file that filled it, not whichever came next. */
class DiskFullError extends errors/* UserFacingError */.Ui {
    name = 'DiskFullError';
}
function diskFull(error, index, checked, received) {
    let code;
    for (let e = error, depth = 0; e instanceof Error && depth < 5 && code === undefined; e = e.cause, depth++) {
        const c = e.code;
        if (c === 'ENOSPC' || c === 'EDQUOT')
            code = c;
    }
    if (code === undefined)
        return undefined;
    const total = received.reduce((sum, n) => sum + n, 0);
    let largest = index;
    for (const [i, n] of received.entries())
        if (n > (received[largest] ?? 0))
            largest = i;
    const name = (i) => (0,format/* quoted */.TL)(checked[i]?.file.source ?? '');
    const what = code === 'EDQUOT' ? 'the disk quota is used up' : 'no space is left on the device';
    const filled = largest === index
        ? `${(0,format/* formatBytes */.z3)(received[index] ?? 0)} of it`
        : `while ${name(largest)} had taken ${(0,format/* formatBytes */.z3)(received[largest] ?? 0)} of the ` +
            `${(0,format/* formatBytes */.z3)(total)} this step downloaded`;
    return new DiskFullError(`the destination's disk is full (${what}): artifact ${name(index)} could not be written, ${filled}; ` +
        'free space there or choose another path. No part file is left');
}
/**
 * Creates the destination, saying what stands in the way: a file at its path or at a folder above it, a parent on
 * a read-only disk or without permission (a recursive mkdir reports those as ENOENT: a plain mkdir of the first
 * missing folder gives the real reason).
 */
async function makeDestination(path) {
    try {
        await (0,promises_.mkdir)(path, { recursive: true });
        return;
    }
    catch (error) {
        if (typeof error.code !== 'string')
            throw error;
    }
    let missing = path;
    for (let parent = (0,external_node_path_.dirname)(missing); parent !== missing; parent = (0,external_node_path_.dirname)(missing)) {
        const stat = await (0,promises_.lstat)(parent).catch(() => undefined);
        if (stat !== undefined) {
            if (!stat.isDirectory() && !stat.isSymbolicLink())
                throw destinationError(path, `${JSON.stringify(parent)} is a file, not a folder`);
            break;
        }
        missing = parent;
    }
    const here = await (0,promises_.lstat)(missing).catch(() => undefined);
    if (here !== undefined && !here.isDirectory())
        throw destinationError(path, `${JSON.stringify(missing)} is a file, not a folder`);
    const code = await (0,promises_.mkdir)(missing).then(() => undefined, (error) => error.code);
    const parent = JSON.stringify((0,external_node_path_.dirname)(missing));
    const reason = code === 'EROFS'
        ? `its parent folder ${parent} is on a read-only file system`
        : code === 'EACCES' || code === 'EPERM'
            ? `there is no permission to create a folder in ${parent}`
            : code === 'ENOSPC' || code === 'EDQUOT'
                ? `the disk of ${parent} is full`
                : `the folder ${JSON.stringify(missing)} cannot be created (${code ?? 'unknown error'})`;
    throw destinationError(path, reason);
}
/** The destination (the `path` input) cannot be made. */
class DestinationError extends errors/* UserFacingError */.Ui {
    name = 'DestinationError';
}
function destinationError(path, reason) {
    return new DestinationError(`path: the destination ${JSON.stringify(path)} cannot be used: ${reason}; nothing was downloaded`);
}
/**
 * Errors of the file system that belong to one file (docs/promises.md, promise 27): the name or the file in the way, not the disk.
 * The artifact is refused with the reason; the others are still fetched.
 */
const FILE_ERRORS = {
    EINVAL: 'the file system does not allow its name',
    EPERM: 'the file system does not permit writing it (a read-only or open file in the way?)',
    EACCES: 'permission to write it was denied',
    EEXIST: 'a file appeared at its path while it was being saved',
    ENOTDIR: 'a folder on its path is a file',
    EISDIR: 'a folder is at its path',
    ENAMETOOLONG: 'its path is too long for the file system',
    // exfat-fuse answers a name it cannot hold (`a<b`, `report-10:32:01.xml`) with ENOENT, in a folder that exists.
    ENOENT: 'the file system does not allow its name',
};
/** The reason one artifact cannot be saved, or undefined when the error is not that artifact's alone. */
function fileProblem(error) {
    const code = errnoCode(error);
    const reason = code === undefined ? undefined : FILE_ERRORS[code];
    return reason === undefined ? undefined : `${reason} (${code})`;
}
/** Calls of the file system, as Node names them in an error's `syscall` (a socket's EACCES is no file's). */
const FILE_CALLS = new Set([
    'open',
    'mkdir',
    'rename',
    'write',
    'close',
    'link',
    'copyfile',
    'lstat',
    'stat',
]);
/** The file system's error code, also under a DownloadError that wraps a failed write. */
function errnoCode(error) {
    for (let e = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
        const { code, syscall } = e;
        if (typeof code === 'string' && FILE_CALLS.has(syscall ?? ''))
            return code;
    }
    return undefined;
}
/** A file-system failure (no space, no permission) names the artifact it hit, without a stack trace. */
function asUserFacing(artifact, error, url) {
    const certificate = (0,errors/* certificateCode */.nt)(error);
    if (certificate !== undefined && url !== undefined && !(error instanceof errors/* UntrustedCertificateError */.ks))
        return new errors/* UntrustedCertificateError */.ks(`artifact ${(0,format/* quoted */.TL)(artifact)}`, URL.canParse(url) ? new URL(url).host : 'its storage', certificate);
    const code = errnoCode(error);
    if (code === 'ENOSPC' || code === 'EDQUOT')
        return new DiskFullError(`the destination's disk is full (${code === 'ENOSPC' ? 'no space is left on the device' : 'the disk quota is used up'}): ` +
            `artifact ${artifact} could not be saved; free space there or choose another path. No part file is left`, { cause: error });
    if (error instanceof errors/* UserFacingError */.Ui || !(error instanceof Error))
        return error;
    if (typeof error.code !== 'string')
        return error;
    return new DownloadError(artifact, error, 1);
}

;// CONCATENATED MODULE: ./fetch-artifacts/progress.ts
// Progress of many downloads as one line, for the log at a steady cadence: never a line per chunk.

class Progress {
    total;
    #now;
    #started;
    #files = 0;
    #bytes = 0;
    #lastAt;
    #lastBytes = 0;
    constructor(total, now) {
        this.total = total;
        this.#now = now;
        this.#started = now();
        this.#lastAt = this.#started;
    }
    get files() {
        return this.#files;
    }
    get bytes() {
        return this.#bytes;
    }
    /** Bytes received (negative when a download starts over). */
    received(bytes) {
        this.#bytes += bytes;
    }
    fileDone() {
        this.#files++;
    }
    /** Files and bytes so far, with the rate since the last line. */
    line() {
        const now = this.#now();
        const rate = rateOf(this.#bytes - this.#lastBytes, now - this.#lastAt);
        this.#lastAt = now;
        this.#lastBytes = this.#bytes;
        return `${this.#files} of ${this.total} files done, ${(0,format/* formatBytes */.z3)(Math.max(0, this.#bytes))} received (${rate})`;
    }
    /** The closing line: everything, over the whole run. */
    summary(savedBytes, destination) {
        const elapsed = this.#now() - this.#started;
        const files = `${this.#files} file${this.#files === 1 ? '' : 's'}`;
        return `Fetched ${files} (${(0,format/* formatBytes */.z3)(savedBytes)}) into ${destination} in ${(0,format/* shortDuration */.TV)(elapsed)} (${rateOf(savedBytes, elapsed)})`;
    }
}
function rateOf(bytes, ms) {
    if (ms <= 0)
        return '-';
    return `${(0,format/* formatBytes */.z3)(Math.max(0, Math.round((bytes * 1000) / ms)))}/s`;
}

// EXTERNAL MODULE: ./fetch-artifacts/stale-parts.ts
var stale_parts = __webpack_require__(2996);
// EXTERNAL MODULE: ../runner/summary.ts
var runner_summary = __webpack_require__(2970);
;// CONCATENATED MODULE: ./fetch-artifacts/summary.ts
// The outputs and the job summary of the files a run saved.






/** Rows of the job summary's table; the rest are counted. */
const SUMMARY_ROWS = 50;
/** The `files` output is left empty past the size any output may hold (its list is in `file-list` anyway). */
const MAX_FILES_OUTPUT_BYTES = run/* MAX_OUTPUT_BYTES */.$q;
async function setOutputs(ctx, saved) {
    const list = JSON.stringify(saved.map((s) => s.file));
    const listFile = (0,run/* runnerTempFile */.Xq)(ctx.env, 'fetch-artifacts-files', 'json');
    await (0,promises_.writeFile)(listFile, list);
    ctx.setOutput('file-list', listFile);
    ctx.setOutput('count', saved.length);
    const size = Buffer.byteLength(list);
    const fits = size <= MAX_FILES_OUTPUT_BYTES;
    ctx.setOutput('files', fits ? saved.map((s) => s.file) : []);
    if (!fits)
        ctx.info(`The files output is left empty: the list of ${saved.length} paths takes ${(0,format/* formatBytes */.z3)(size)}, past the ` +
            `${(0,format/* formatBytes */.z3)(MAX_FILES_OUTPUT_BYTES)} an output may hold here; the list is in ${listFile} (the file-list output)`);
    ctx.setOutput('bytes', totalBytes(saved));
}
function totalBytes(saved) {
    return saved.reduce((sum, s) => sum + s.bytes, 0);
}
async function writeSummary(ctx, saved, root, from) {
    const bytes = totalBytes(saved);
    const summary = ctx.io.summary.addRaw(`Fetched ${(0,format/* plural */.LS)(saved.length, 'file')} (${(0,format/* formatBytes */.z3)(bytes)}) of ${from} into ${(0,runner_text/* mdSafe */.$v)(root)}`, true);
    // The table is HTML, where a Markdown escape would show its backslash.
    const rows = saved.slice(0, SUMMARY_ROWS).map((s) => [(0,runner_text/* htmlSafe */.br)(s.shown, 500), (0,format/* formatBytes */.z3)(s.bytes)]);
    summary.addTable([
        (0,runner_summary/* headerRow */.U1)('File', 'Size'),
        ...rows,
        [{ data: `<b>${(0,format/* plural */.LS)(saved.length, 'file')}</b>` }, { data: `<b>${(0,format/* formatBytes */.z3)(bytes)}</b>` }],
    ]);
    const rest = saved.slice(SUMMARY_ROWS);
    if (rest.length > 0) {
        summary.addRaw(`…and ${(0,format/* plural */.LS)(rest.length, 'more file')} (${(0,format/* formatBytes */.z3)(totalBytes(rest))}) not shown.`, true);
    }
    await summary.write();
}

;// CONCATENATED MODULE: ./fetch-artifacts/types.ts
const IF_NO_ARTIFACTS = ['warn', 'error', 'ignore'];

;// CONCATENATED MODULE: ./fetch-artifacts/fetch-artifacts.ts






















const spec = {
    name: 'fetch-artifacts',
    inputs: [
        'build-num',
        'branch',
        'status-filter',
        'path',
        'pattern',
        'file-name',
        'flatten',
        'if-no-artifacts',
        'concurrency',
        'revision',
        'job',
        'overwrite',
        'extract',
        'search-artifacts',
        'extract-max-mib',
        'allow-forks',
    ],
    outputs: ['count', 'files', 'file-list', 'path', 'bytes', 'build-num'],
};
/** How often a long download prints a progress line. */
const PROGRESS_EVERY_MS = 10_000;
/** Warnings printed one by one before the rest are only counted. */
const MAX_NOTES = 20;
/** Paths looked at between two turns of the event loop, where a SIGINT is heard. */
const YIELD_EVERY = 1000;
/** The largest `extract-max-mib`: 1 PiB, well inside what a number counts exactly. */
const MAX_EXTRACT_MIB = 1024 * 1024 * 1024;
/** Nothing to fetch and `if-no-artifacts: error`. */
class NoArtifactsError extends errors/* UserFacingError */.Ui {
    name = 'NoArtifactsError';
}
/** Reads and checks every input of the action; nothing is sent before this returns. */
function readInputs(ctx) {
    const { inputs } = ctx;
    const buildText = inputs.optional('build-num') ?? 'latest';
    let buildNum;
    if (buildText !== 'latest') {
        if (!/^\+?\d+$/u.test(buildText))
            throw new errors/* ValidationError */.yI('build-num', "allowed: a build number (a whole number ≥ 1) or 'latest'", buildText);
        buildNum = (0,validate/* checkBuildNum */.ZL)('build-num', buildText);
    }
    const branch = inputs.optional('branch');
    if (branch !== undefined) {
        (0,validate/* checkSegment */.cr)('branch', branch, 'a branch name');
        if (buildNum !== undefined)
            throw new errors/* ValidationError */.yI('branch', "allowed only with build-num: 'latest'", branch, `branch is given with build-num ${buildNum}`);
    }
    const statusFilter = inputs.oneOf('status-filter', records/* ARTIFACT_STATUS_FILTERS */.YQ, 'completed');
    if (buildNum !== undefined && statusFilter !== 'completed') {
        throw new errors/* ValidationError */.yI('status-filter', "allowed only with build-num: 'latest'", statusFilter, `status-filter is given with build-num ${buildNum}`);
    }
    const pathText = inputs.optional('path');
    // eslint-disable-next-line no-control-regex
    if (pathText !== undefined && /[\u0000-\u001f]/u.test(pathText))
        throw new errors/* ValidationError */.yI('path', 'allowed: a folder path without control characters', pathText);
    const destination = (0,external_node_path_.resolve)((0,workflow/* workspace */.Gl)(ctx.env), pathText ?? '.');
    const globs = inputs.lines('pattern').map((line) => (0,glob/* compileGlob */.SO)('pattern', line));
    const fileName = inputs.optional('file-name');
    if (fileName !== undefined)
        checkFileName(fileName, (0,paths/* profileOf */.dp)(process.platform));
    const revision = inputs.optional('revision');
    if (revision !== undefined) {
        if (!/^[0-9a-f]{7,64}$/iu.test(revision))
            throw new errors/* ValidationError */.yI('revision', 'allowed: a commit hash, or a prefix of at least 7 hex digits', revision);
        if (buildNum !== undefined)
            throw onlyWithLatest('revision', revision, buildNum);
    }
    const job = inputs.optional('job');
    if (job !== undefined) {
        // eslint-disable-next-line no-control-regex
        if (/[\u0000-\u001f\u007f]/u.test(job) || job.length > 200)
            throw new errors/* ValidationError */.yI('job', 'allowed: a job name, one line, at most 200 characters', job);
        if (buildNum !== undefined)
            throw onlyWithLatest('job', job, buildNum);
    }
    const searchArtifacts = inputs.boolean('search-artifacts', false);
    if (searchArtifacts && buildNum !== undefined)
        throw onlyWithLatest('search-artifacts', 'true', buildNum);
    return {
        buildNum,
        branch,
        statusFilter,
        destination,
        globs,
        fileName,
        flatten: inputs.boolean('flatten', false),
        ifNoArtifacts: inputs.oneOf('if-no-artifacts', IF_NO_ARTIFACTS, 'warn'),
        concurrency: inputs.integer('concurrency', 1, 32, 8),
        revision: revision?.toLowerCase(),
        job,
        overwrite: inputs.boolean('overwrite', false),
        extract: inputs.boolean('extract', false),
        searchArtifacts,
        extractMaxBytes: inputs.integer('extract-max-mib', 1, MAX_EXTRACT_MIB, 10_240) * 1024 * 1024,
        allowForks: inputs.boolean('allow-forks', false),
    };
}
function onlyWithLatest(name, value, buildNum) {
    return new errors/* ValidationError */.yI(name, "allowed only with build-num: 'latest'", value, `${name} is given with build-num ${buildNum}`);
}
function checkFileName(name, profile) {
    const allowed = 'allowed: a plain file name, without folders';
    const windows = profile.windowsNames ? (0,paths/* windowsNameProblem */.g3)(name) : undefined;
    if (windows !== undefined)
        throw new errors/* ValidationError */.yI('file-name', `${allowed}, that Windows can hold (this one ${windows})`, name);
    // eslint-disable-next-line no-control-regex
    if (/[/\\]/u.test(name) || name === '.' || name === '..' || /[\u0000-\u001f\u007f]/u.test(name))
        throw new errors/* ValidationError */.yI('file-name', allowed, name);
    if (Buffer.byteLength(name) > paths/* MAX_FILE_NAME_BYTES */.Or)
        throw new errors/* ValidationError */.yI('file-name', `${allowed}, at most ${paths/* MAX_FILE_NAME_BYTES */.Or} bytes`, name);
}
/** Artifacts refused one by one: the first few said each in a warning, all counted. */
class Refusals {
    total = 0;
    #ctx;
    constructor(ctx) {
        this.#ctx = ctx;
    }
    /** `what` is already quoted and short. */
    add(what, reason) {
        if (++this.total <= MAX_NOTES)
            this.#ctx.io.warning((0,runner_text/* logSafe */.sN)(`Refused artifact ${what}: ${reason}; it is not fetched`));
    }
    /** The closing count, once everything was tried. */
    report() {
        const n = this.total;
        if (n > MAX_NOTES)
            this.#ctx.io.warning(`Refused ${n - MAX_NOTES} more artifacts, not each shown`);
        if (n > 0)
            this.#ctx.io.warning(`${n} artifact${n === 1 ? ' was' : 's were'} refused and not fetched`);
    }
}
/** Downloads the artifacts of a build (or of the latest matching build) into the destination. */
async function fetchArtifacts(ctx) {
    const options = readInputs(ctx);
    const connection = ctx.connect({ acceptSlug: true, downloadConnections: options.concurrency });
    const { transport, project } = connection;
    const builds = buildsOf(connection);
    const slug = (0,client/* projectName */.j1)(project);
    let buildNum = options.buildNum;
    let none;
    let listed = [];
    let searched;
    let chosen;
    if (buildNum === undefined) {
        const found = await selectLatest(ctx, builds, options);
        if (found.build === undefined)
            none = found.none;
        else {
            chosen = found.build;
            buildNum = chosen.build_num;
            searched = found.artifacts;
        }
    }
    else
        chosen = await readChosenBuild(ctx, builds, buildNum);
    if (chosen !== undefined)
        logChosenBuild(ctx, chosen);
    if (buildNum !== undefined) {
        ctx.setOutput('build-num', buildNum);
        listed = searched ?? (await builds.artifacts(buildNum));
    }
    if (!Array.isArray(listed)) {
        throw new errors/* BadResponseError */.nS('GET', 'artifacts', 'the artifact list is not a JSON array');
    }
    const artifacts = listed;
    const which = buildNum === undefined
        ? describeLatest(options, (text) => text)
        : options.buildNum === undefined
            ? `build #${buildNum} (the ${describeLatest(options, (text) => text)})`
            : `build #${buildNum}`;
    const whichMd = buildNum === undefined
        ? describeLatest(options, (text) => (0,runner_text/* mdSafe */.$v)(text))
        : options.buildNum === undefined
            ? `build #${buildNum} (the ${describeLatest(options, (text) => (0,runner_text/* mdSafe */.$v)(text))})`
            : `build #${buildNum}`;
    await makeDestination(options.destination);
    // Folders below are checked against this real path; the destination itself may be a link the user chose.
    const root = await (0,promises_.realpath)(options.destination);
    ctx.setOutput('path', root);
    const profile = (0,paths/* profileOf */.dp)(process.platform);
    const plan = (0,paths/* planDownloads */.zi)(artifacts, {
        globs: options.globs,
        flatten: options.flatten,
        fileName: options.fileName,
        profile,
    });
    const refusals = new Refusals(ctx);
    reportPlan(ctx, plan, refusals);
    const destination = new paths/* Destination */.DW(root, profile);
    const checked = await checkFinalPaths(options, plan, destination, refusals, ctx.signal);
    if (checked.length > 0) {
        const stale = await (0,stale_parts/* removeStaleParts */.o)(root, checked.map((c) => c.file.segments));
        if (stale.length > 0)
            ctx.info(staleLine(stale));
    }
    if (checked.length === 0) {
        refusals.report();
        none ??= nothingToFetch(which, slug, artifacts.length, plan, options.globs.length > 0);
        await setOutputs(ctx, []);
        await noArtifacts(ctx, options.ifNoArtifacts, none);
        return;
    }
    const saved = await downloadAll(ctx, transport, options, checked, destination, refusals);
    const named = chosen === undefined ? '' : ` (${branchAndCommit(chosen, (text) => (0,runner_text/* mdSafe */.$v)(text))})`;
    await writeSummary(ctx, saved, root, `${whichMd} of ${(0,runner_text/* mdSafe */.$v)(slug)}${named}`);
}
/** The log line for part files an earlier run left. */
function staleLine(stale) {
    return `Removed ${(0,format/* plural */.LS)(stale.length, 'part file')} left by an earlier run: ${(0,paths/* sample */.XM)(stale)}`;
}
function reportPlan(ctx, plan, refusals) {
    for (const { what, reason } of plan.refused)
        refusals.add(what, reason);
    for (const { source, changes } of plan.contained.slice(0, MAX_NOTES)) {
        ctx.info(`Contained artifact ${(0,format/* quoted */.TL)(source)} inside the destination: ${changes.join(', ')}`);
    }
    if (plan.contained.length > MAX_NOTES)
        ctx.info(`Contained ${plan.contained.length - MAX_NOTES} more artifact paths inside the destination`);
    if (plan.duplicates > 0)
        ctx.info(`${plan.duplicates} artifacts listed twice are fetched once`);
    if (plan.excluded > 0)
        ctx.io.debug(`${plan.excluded} artifacts left out by pattern`);
}
/**
 * Looks at every final path before anything is downloaded (docs/promises.md, promise 12): a path too long for the file
 * system or through a linked folder is refused with a warning; a file, link or folder already standing at a final path
 * (or at the folder an archive unpacks into) fails the step naming it, unless `overwrite` allows replacing files. A
 * link is never replaced, whatever `overwrite` says.
 */
async function checkFinalPaths(options, plan, destination, refusals, signal) {
    const out = [];
    const existing = [];
    const refuse = (file, reason) => refusals.add((0,format/* quoted */.TL)(file.source), reason);
    // With extract, each file (folded) and each folder a file is saved in, with its first file: the folder an
    // archive unpacks into is looked up, not searched for.
    const taken = new Map();
    if (options.extract) {
        for (const f of plan.files) {
            for (let n = 1; n <= f.segments.length; n++) {
                const key = (0,paths/* foldedName */.mw)(f.segments.slice(0, n).join('/'));
                if (!taken.has(key))
                    taken.set(key, f);
            }
        }
    }
    // Nothing is created below the destination until every path was looked at.
    const cache = new Map();
    for (const [index, file] of plan.files.entries()) {
        // Lets a SIGINT be heard between looks, which otherwise all run as one chain of microtasks.
        if (index % YIELD_EVERY === 0)
            await new Promise((resolve) => setImmediate(resolve));
        signal.throwIfAborted();
        const absolute = (0,external_node_path_.join)(destination.root, ...file.segments);
        if (Buffer.byteLength(absolute) + paths/* PART_SUFFIX_BYTES */.e4 > paths/* MAX_PATH_BYTES */.PR) {
            refuse(file, `its path in the destination would be longer than ${paths/* MAX_PATH_BYTES */.PR - paths/* PART_SUFFIX_BYTES */.e4} bytes`);
            continue;
        }
        const found = await destination.inspect(file.segments, cache);
        if (found.kind === 'refused') {
            refuse(file, found.reason);
            continue;
        }
        if (found.kind === 'exists') {
            if (found.what !== 'file') {
                if (!options.overwrite)
                    existing.push(`${(0,format/* quoted */.TL)(shown(file.segments))} (a ${found.what === 'symlink' ? 'symbolic link' : found.what})`);
                else
                    refuse(file, `a ${found.what === 'symlink' ? 'symbolic link' : found.what} is at its path, and is never replaced`);
                continue;
            }
            if (!options.overwrite) {
                existing.push((0,format/* quoted */.TL)(shown(file.segments)));
                continue;
            }
        }
        let extractInto;
        const archive = options.extract ? (0,fetch_artifacts_archive/* archiveOf */.YH)(file.segments.at(-1) ?? '') : undefined;
        if (archive !== undefined) {
            const target = [...file.segments.slice(0, -1), archive.stem];
            const key = target.join('/');
            const folded = (0,paths/* foldedName */.mw)(key);
            const clash = taken.get(folded);
            if (clash !== undefined) {
                throw new paths/* ClashError */.Ez(`artifact ${(0,format/* quoted */.TL)(file.source)} would be unpacked into ${(0,format/* quoted */.TL)(key)}, where artifact ` +
                    `${(0,format/* quoted */.TL)(clash.source)} is saved; leave one out with pattern, or leave extract out`);
            }
            const there = await destination.inspect(target, cache);
            if (there.kind === 'refused') {
                refuse(file, there.reason);
                continue;
            }
            if (there.kind === 'exists' && (there.what !== 'folder' || !options.overwrite)) {
                existing.push(`${(0,format/* quoted */.TL)(shown(target))} (a ${there.what === 'symlink' ? 'symbolic link' : there.what}, where ${(0,format/* quoted */.TL)(file.source)} unpacks)`);
                continue;
            }
            extractInto = { kind: archive.kind, target };
        }
        out.push({ file, extractInto });
    }
    if (existing.length > 0) {
        throw new ExistingFilesError(`${existing.length === 1 ? 'a path' : `${existing.length} paths`} where artifacts would be saved ` +
            `${existing.length === 1 ? 'is' : 'are'} already taken in the destination: ${listed(existing)}; nothing ` +
            'was downloaded. Set overwrite: true to replace files (never links or folders), or choose another path');
    }
    return out;
}
/** Something stood at a final path before the step, and `overwrite` does not allow replacing it. */
class ExistingFilesError extends errors/* UserFacingError */.Ui {
    name = 'ExistingFilesError';
}
function listed(items, max = 5) {
    const more = items.length > max ? ` and ${items.length - max} more` : '';
    return `${items.slice(0, max).join(', ')}${more}`;
}
function shown(segments) {
    return segments.join('/');
}
function nothingToFetch(which, slug, listed, plan, patterns) {
    if (listed === 0)
        return `${which} of ${slug} has no artifacts`;
    // Only when the patterns left nothing: artifacts they selected but that were refused were warned about one by one.
    if (patterns && plan.files.length === 0 && plan.excluded > 0 && plan.available.length > 0)
        return `none of the ${listed} artifacts of ${which} of ${slug} matches pattern; their paths: ${(0,paths/* sample */.XM)(plan.available)}`;
    return `none of the ${listed} artifacts of ${which} of ${slug} can be fetched`;
}
async function noArtifacts(ctx, mode, message) {
    const text = `No artifacts fetched: ${message}`;
    if (mode === 'error')
        throw new NoArtifactsError(`${text} (if-no-artifacts: error)`);
    if (mode === 'warn')
        ctx.io.warning((0,runner_text/* logSafe */.sN)(text));
    else
        ctx.info(text);
    await ctx.io.summary.addRaw((0,runner_text/* mdSafe */.$v)(text, 1000), true).write();
}
async function downloadAll(ctx, transport, options, checked, destination, refusals) {
    const root = destination.root;
    const downloader = new Downloader({
        opener: transport,
        clock: ctx.clock,
        log: (level, message) => (level === 'debug' ? ctx.io.debug((0,runner_text/* logSafe */.sN)(message)) : ctx.info(message)),
    });
    // Whatever ends the run, no part file is left behind, nor a folder made for nothing.
    ctx.onCleanup(() => destination.removeEmptyFolders());
    ctx.onCleanup(() => downloader.removeParts());
    // The first failure stops the other downloads; so does the run's own signal, passed on to `stop`. One plain
    // signal for every download: a composite one (AbortSignal.any) checks its sources again each time it is asked
    // whether it was aborted, several times per download, and the transport combines it with its own once more.
    const stop = new AbortController();
    const stopped = stop.signal;
    const passOn = () => stop.abort(ctx.signal.reason);
    if (ctx.signal.aborted)
        passOn();
    else
        ctx.signal.addEventListener('abort', passOn, { once: true });
    const progress = new Progress(checked.length, () => ctx.clock.now());
    const debug = ctx.io.isDebug();
    const results = new Array(checked.length);
    /** Bytes each download received, to blame a full disk on the file that filled it. */
    const received = new Array(checked.length).fill(0);
    const unpacked = [];
    const refuse = (what, reason) => refusals.add((0,format/* quoted */.TL)(what), reason);
    const files = checked.length;
    ctx.info(`Fetching ${files} artifact${files === 1 ? '' : 's'} into ${root}, ${Math.min(options.concurrency, files)} at a time`);
    const timer = setInterval(() => ctx.info(progress.line()), PROGRESS_EVERY_MS);
    timer.unref();
    let completed = false;
    try {
        await forEachLimited(checked, options.concurrency, async ({ file }, index) => {
            let dest;
            try {
                dest = await destination.prepare(file.segments);
            }
            catch (error) {
                const reason = error instanceof paths/* RefusedPathError */.aj ? error.message : fileProblem(error);
                if (reason === undefined)
                    throw asUserFacing(file.source, error);
                refuse(file.source, reason);
                return;
            }
            let result;
            try {
                result = await downloader.download({
                    url: file.url,
                    dest,
                    name: file.source,
                    signal: stopped,
                    onBytes: (n) => {
                        progress.received(n);
                        received[index] = (received[index] ?? 0) + n;
                    },
                });
            }
            catch (error) {
                // A full disk stops the step, naming the file that filled it, not whichever came next.
                const full = diskFull(error, index, checked, received);
                if (full !== undefined)
                    throw full;
                // One name or file the file system will not take is that artifact's problem alone.
                const reason = fileProblem(error);
                if (reason === undefined)
                    throw asUserFacing(file.source, error, file.url);
                refuse(file.source, reason);
                return;
            }
            progress.fileDone();
            results[index] = {
                file: dest,
                // What relative(root, dest) would give, without resolving both paths for each file.
                shown: shown(file.segments),
                bytes: result.bytes,
            };
            // One line per file, only when the runner shows debug lines (each is a write to stdout, and there may be
            // thousands); the URL without its user, password and query, where signed URLs carry credentials.
            if (!debug)
                return;
            const retried = result.attempts > 1 ? `, ${result.attempts} attempts` : '';
            ctx.io.debug((0,runner_text/* logSafe */.sN)(`${file.source}: ${(0,format/* formatBytes */.z3)(result.bytes)} from ${(0,format/* displayUrl */.Qy)(file.url)} saved as ${dest}${retried}`));
        }, (reason) => stop.abort(reason));
        if (options.extract) {
            const placed = new Set(results.flatMap((r) => (r === undefined ? [] : [r.file])));
            for (const [index, { file, extractInto }] of checked.entries()) {
                const archive = results[index];
                if (extractInto === undefined || archive === undefined)
                    continue;
                ctx.signal.throwIfAborted();
                const got = await unpack(ctx, archive, extractInto, destination, options, placed, file.source);
                for (const s of got)
                    placed.add(s.file);
                unpacked.push(got);
            }
        }
        completed = true;
    }
    finally {
        clearInterval(timer);
        ctx.signal.removeEventListener('abort', passOn);
        // What was saved is reported even when a later download fails.
        const saved = [...results.filter((r) => r !== undefined), ...unpacked.flat()];
        if (!completed)
            await setOutputs(ctx, saved);
    }
    const saved = [...results.filter((r) => r !== undefined), ...unpacked.flat()];
    await setOutputs(ctx, saved);
    const bytes = saved.reduce((sum, s) => sum + s.bytes, 0);
    ctx.info(progress.summary(bytes, root));
    refusals.report();
    return saved;
}
/** Unpacks one archive beside itself; an archive that cannot be unpacked safely stays as it is, with a warning. */
async function unpack(ctx, archive, into, destination, options, placed, source) {
    try {
        // Loaded when an archive is unpacked: the extractor and its libraries are most of what a start would compile.
        const { extractArchive } = await Promise.all(/* import() */[__webpack_require__.e(823), __webpack_require__.e(910)]).then(__webpack_require__.bind(__webpack_require__, 6910));
        ctx.info(`Unpacking ${(0,format/* quoted */.TL)(source)} into ${shown(into.target)}`);
        const result = await extractArchive({
            archive: archive.file,
            kind: into.kind,
            name: source,
            target: into.target,
            destination,
            overwrite: options.overwrite,
            placed,
            maxBytes: options.extractMaxBytes,
            signal: ctx.signal,
            onCleanup: (fn) => ctx.onCleanup(fn),
        });
        if (result.staleParts.length > 0)
            ctx.info(staleLine(result.staleParts));
        for (const { what, reason } of result.refused.slice(0, MAX_NOTES))
            ctx.io.warning((0,runner_text/* logSafe */.sN)(`Left out ${(0,format/* quoted */.TL)(what)} of archive ${(0,format/* quoted */.TL)(source)}: ${reason}`));
        if (result.refused.length > MAX_NOTES)
            ctx.io.warning(`Left out ${result.refused.length - MAX_NOTES} more members of archive ${(0,format/* quoted */.TL)(source)}`);
        const n = result.files.length;
        ctx.info(`Unpacked ${n} file${n === 1 ? '' : 's'} of ${(0,format/* quoted */.TL)(source)} into ${shown(into.target)}`);
        return result.files.map(({ file, bytes }) => ({
            file,
            bytes,
            shown: (0,external_node_path_.relative)(destination.root, file).split(external_node_path_.sep).join('/'),
        }));
    }
    catch (error) {
        if (error instanceof fetch_artifacts_archive/* UnsafeArchiveError */.td || error instanceof paths/* RefusedPathError */.aj) {
            ctx.io.warning((0,runner_text/* logSafe */.sN)(`Did not unpack archive ${(0,format/* quoted */.TL)(source)}: ${error.message}; it is kept as it is`));
            await destination.removeEmptyFolders();
            return [];
        }
        throw asUserFacing(source, error);
    }
}
/** Runs the action: index.ts calls it on the runner, and GitHub's local-action calls it on a workstation. */
function fetch_artifacts_run() {
    return (0,run/* runAction */.Cs)(spec, fetchArtifacts);
}


/***/ }),

/***/ 2996:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   o: () => (/* binding */ removeStaleParts)
/* harmony export */ });
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _api_paths_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7624);
// Part files a killed run left behind (SIGKILL gives no chance to clean up): before anything is downloaded or
// unpacked, the part files of each planned path are removed, so they neither pile up nor travel with the folder
// into a later upload. Only names of our own form are touched (`<file name>.<12 hex digits>.part`, download.ts),
// only regular files, and only in folders the destination's checks have passed.



/** The hex digits of a part file's suffix: all of it but the dot before them and `.part` after. */
const PART_DIGITS = _api_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .PART_SUFFIX_BYTES */ .e4 - '.'.length - '.part'.length;
const PART_SUFFIX = new RegExp(`\\.[0-9a-f]{${PART_DIGITS}}\\.part$`, 'u');
/**
 * Removes the part files of the given planned paths (segments below `root`) and returns the removed ones, as
 * segments joined by `/`. A folder that does not exist yet has none.
 */
async function removeStaleParts(root, planned) {
    const byFolder = new Map();
    for (const segments of planned) {
        const folder = segments.slice(0, -1).join('/');
        const names = byFolder.get(folder) ?? new Set();
        names.add(segments.at(-1) ?? '');
        byFolder.set(folder, names);
    }
    const removed = [];
    for (const [folder, names] of byFolder) {
        const absolute = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(root, ...folder.split('/').filter((s) => s !== ''));
        const entries = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readdir)(absolute).catch(() => []);
        for (const entry of entries) {
            const suffix = PART_SUFFIX.exec(entry);
            // A planned file may itself have a name of this form: it is not a part file of another.
            if (suffix === null || names.has(entry) || !names.has(entry.slice(0, suffix.index)))
                continue;
            const path = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(absolute, entry);
            const stat = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.lstat)(path).catch(() => undefined);
            if (stat?.isFile() !== true)
                continue;
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.rm)(path, { force: true });
            removed.push(folder === '' ? entry : `${folder}/${entry}`);
        }
    }
    return removed;
}


/***/ }),

/***/ 6677:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J_: () => (/* binding */ CommitBuilds),
/* harmony export */   Zw: () => (/* binding */ jobOf),
/* harmony export */   j1: () => (/* binding */ ofRevision)
/* harmony export */ });
/* unused harmony exports SCAN_DEFAULTS, matchesQuery, latestAttempts */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5942);
/* harmony import */ var _validate_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1272);



const SCAN_DEFAULTS = {
    marginMs: 2 * 3_600_000,
    marginBuilds: 200,
    lookBackMs: 24 * 3_600_000,
    maxPages: 10,
};
/** The smallest page a later look asks for: the builds that can change, plus room for new ones. */
const MIN_LATER_PAGE = 20;
const NEW_BUILDS_ROOM = 10;
/** The job and workflow a build belongs to (second-generation builds), when it says. */
function jobOf(build) {
    const workflows = build.workflows;
    const job = typeof workflows?.['job_name'] === 'string' ? workflows['job_name'] : build['job_name'];
    const workflow = workflows?.['workflow_name'];
    return {
        ...(typeof job === 'string' && job !== '' ? { job } : {}),
        ...(typeof workflow === 'string' && workflow !== '' ? { workflow } : {}),
    };
}
/** Whether a build is of the commit a (lower-case) hash or prefix names. */
function ofRevision(build, revision) {
    return typeof build.vcs_revision === 'string' && build.vcs_revision.toLowerCase().startsWith(revision);
}
/** Whether a build belongs to the commit and passes the query's narrowing. */
function matchesQuery(build, query) {
    if (!ofRevision(build, query.revision))
        return false;
    if (query.branch !== undefined && build.branch != null && build.branch !== query.branch)
        return false;
    const { job, workflow } = jobOf(build);
    if (query.workflow !== undefined && workflow !== query.workflow)
        return false;
    if (query.jobs !== undefined && query.jobs.length > 0 && (job === undefined || !query.jobs.includes(job)))
        return false;
    return true;
}
/**
 * Leaves out builds that were run again: the original of a retry (`retry_of`), and an older build of the same
 * job of the same workflow (a workflow run again from the service's page does not always say `retry_of`).
 */
function latestAttempts(builds) {
    const retried = new Set();
    const newestOfJob = new Map();
    for (const build of builds) {
        if (typeof build.retry_of === 'number')
            retried.add(build.retry_of);
        const { job, workflow } = jobOf(build);
        if (job === undefined)
            continue;
        const key = `${workflow ?? ''}\u0000${job}`;
        newestOfJob.set(key, Math.max(newestOfJob.get(key) ?? 0, build.build_num));
    }
    return builds
        .filter((build) => {
        if (retried.has(build.build_num))
            return false;
        const { job, workflow } = jobOf(build);
        if (job === undefined)
            return true;
        return newestOfJob.get(`${workflow ?? ''}\u0000${job}`) === build.build_num;
    })
        .sort((a, b) => a.build_num - b.build_num);
}
/** Follows the builds of one commit, look after look. */
class CommitBuilds {
    #client;
    #project;
    #query;
    #options;
    /** Every build of the commit seen, by number, as last read. */
    #known = new Map();
    /** The newest build number a look has seen: every newer build is new to the next look. */
    #newestSeen;
    #looks = 0;
    constructor(client, project, query, options) {
        this.#client = client;
        this.#project = project;
        this.#query = query;
        this.#options = { ...SCAN_DEFAULTS, ...options };
    }
    /** Reads the list as far as this look needs, and returns the builds that count now. */
    async look() {
        const first = this.#looks++ === 0;
        const floor = first ? undefined : this.#floor();
        const pageSize = floor === undefined ? _validate_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_PAGE_SIZE */ .H4 : this.#laterPageSize(floor);
        const seenThisLook = new Set();
        let requests = 0;
        let truncated = false;
        let offset = 0;
        let newest = this.#newestSeen;
        /** Builds read past the oldest match, for records without queue times. */
        let pastOldest = 0;
        for (;;) {
            const page = await this.#client.builds(this.#project, {
                ...(this.#query.branch === undefined ? {} : { branch: this.#query.branch }),
                limit: pageSize,
                offset,
            });
            requests++;
            if (!Array.isArray(page))
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .BadResponseError */ .nS('GET', 'builds', 'the build list is not a JSON array');
            const builds = page;
            let fresh = 0;
            for (const build of builds) {
                if (typeof build?.build_num !== 'number' || seenThisLook.has(build.build_num))
                    continue;
                seenThisLook.add(build.build_num);
                fresh++;
                newest = Math.max(newest ?? 0, build.build_num);
                if (matchesQuery(build, this.#query)) {
                    this.#known.set(build.build_num, build);
                    pastOldest = 0;
                }
                else {
                    pastOldest++;
                }
            }
            // A page shorter than asked is the end of the list; a page of builds already read is a list that repeats.
            if (builds.length < pageSize || fresh === 0)
                break;
            const last = builds[builds.length - 1];
            if (last === undefined)
                break;
            if (floor !== undefined ? last.build_num <= floor : this.#firstLookDone(last, pastOldest))
                break;
            if (requests >= this.#options.maxPages) {
                truncated = true;
                break;
            }
            // Builds made meanwhile shift the list: a build may come twice (skipped above), none is missed.
            offset += builds.length;
        }
        if (newest !== undefined)
            this.#newestSeen = newest;
        return { builds: latestAttempts([...this.#known.values()]), requests, truncated };
    }
    /** Every build above this number must be read again: an unfinished build of the commit, or one not seen yet. */
    #floor() {
        let floor = this.#newestSeen ?? 0;
        for (const build of this.#known.values())
            if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isFinished */ .$g)(build))
                floor = Math.min(floor, build.build_num);
        return floor;
    }
    #laterPageSize(floor) {
        const span = (this.#newestSeen ?? floor) - floor;
        return Math.min(_validate_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_PAGE_SIZE */ .H4, Math.max(MIN_LATER_PAGE, span + NEW_BUILDS_ROOM));
    }
    /** The first look has read far enough once it is a margin past the oldest match, or the look-back. */
    #firstLookDone(last, pastOldest) {
        const lastQueued = queuedAt(last);
        if (this.#known.size === 0) {
            return lastQueued !== undefined && lastQueued < this.#options.now - this.#options.lookBackMs;
        }
        let oldest;
        for (const build of this.#known.values()) {
            const at = queuedAt(build);
            if (at !== undefined)
                oldest = Math.min(oldest ?? at, at);
        }
        if (oldest !== undefined && lastQueued !== undefined)
            return lastQueued < oldest - this.#options.marginMs;
        return pastOldest >= this.#options.marginBuilds;
    }
}
function queuedAt(build) {
    const text = build.queued_at ?? build.usage_queued_at ?? build.start_time;
    if (typeof text !== 'string')
        return undefined;
    const ms = Date.parse(text);
    return Number.isFinite(ms) ? ms : undefined;
}


/***/ }),

/***/ 8022:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  MZ: () => (/* binding */ UnsupportedCodingError),
  IX: () => (/* binding */ contentCoding),
  D0: () => (/* binding */ decoder)
});

// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
;// CONCATENATED MODULE: ../api/zlib.ts
function zlib() {
    return process.getBuiltinModule('node:zlib');
}

;// CONCATENATED MODULE: ../api/decode.ts
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
        return zlib().createGunzip();
    if (coding === 'br')
        return zlib().createBrotliDecompress();
    return new Deflate();
}
/** `deflate` as servers send it: zlib-wrapped as the standard says, or raw, told apart by the first byte (a zlib
 *  stream's low nibble is 8). */
class Deflate extends external_node_stream_.Transform {
    #inner;
    _transform(chunk, _encoding, callback) {
        if (chunk.length === 0) {
            callback();
            return;
        }
        if (this.#inner === undefined) {
            const inner = ((chunk[0] ?? 0) & 0x0f) === 0x08 ? zlib().createInflate() : zlib().createInflateRaw();
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

/***/ 5224:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Eb: () => (/* binding */ compilePattern),
/* harmony export */   SO: () => (/* binding */ compileGlob),
/* harmony export */   ko: () => (/* binding */ selects)
/* harmony export */ });
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1026);
/* harmony import */ var picomatch__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(picomatch__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
// Glob patterns over `/`-separated relative paths: `*` and `?` stay within one segment and match dot files too,
// `**` as a whole segment spans any number of segments (at the end: at least one), `[...]` is a class (`[!...]` or
// `[^...]` negates it), `\` escapes the next character. Matching is case-sensitive and whole-path; braces and
// extglobs are not special, so artifact names holding `{`, `(` or `+` match themselves.
//
// Paths and segments are matched here, in time linear in the text for each token of the pattern: a regex with
// several `.*` in a row backtracks polynomially on a long name (`*-*-*-*.xml`), a whole-path one exponentially on
// `a/**/a/**/…` against a deep path, and artifact paths and job names come from the server. picomatch compiles
// only the bracket classes, each matching one character.


/** A class means the same on every runner (a backslash escapes, on Windows too), POSIX classes included. */
const CLASS_OPTIONS = { dot: true, posix: true, windows: false };
/** A whole-text matcher for a pattern over `/`-separated text; name-patterns.ts matches job names so too. */
function compilePattern(body) {
    const segments = [];
    for (const part of body.split('/')) {
        // `**/**` is one `**`.
        if (part !== '**')
            segments.push(segmentTokens(part));
        else if (segments.at(-1) !== '**')
            segments.push('**');
    }
    return (text) => matchSegments(segments, text.split('/'));
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
            const re = picomatch__WEBPACK_IMPORTED_MODULE_1___default().makeRe(part.slice(i, end), CLASS_OPTIONS);
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
/** Whether a segment's tokens match the whole text: one pass, going back only to just after the last `*`. */
function matchTokens(tokens, text) {
    // A segment of wildcards alone never matches an empty one.
    if (text === '')
        return tokens.length === 0;
    let t = 0;
    let s = 0;
    let star = -1;
    let starAt = 0;
    while (s < text.length) {
        const token = tokens[t];
        if (token === '*') {
            star = t++;
            starAt = s;
        }
        else if (token !== undefined && token(text[s] ?? '')) {
            t++;
            s++;
        }
        else if (star >= 0) {
            t = star + 1;
            s = ++starAt;
        }
        else
            return false;
    }
    while (tokens[t] === '*')
        t++;
    return t === tokens.length;
}
/** Compiles one pattern; `name` is the input it came from, for the error. */
function compileGlob(name, pattern) {
    const negated = pattern.startsWith('!');
    const body = negated ? pattern.slice(1) : pattern;
    const allowed = "allowed: glob patterns over the artifact's relative path (e.g. 'rspec/*.xml', '**/*.html', '!**/*.log')";
    if (body === '')
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, allowed, pattern, `${JSON.stringify(pattern)} is empty`);
    if (body.startsWith('/')) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, allowed, pattern, `${JSON.stringify(pattern)} is absolute, but patterns match the path below the destination`);
    }
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f]/.test(body))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, allowed, pattern, 'a pattern holds a control character');
    return { source: pattern, negated, test: compilePattern(body) };
}
/** Whether the pattern's segments match the path's; each (pattern, path) position is tried once. */
function matchSegments(pattern, path) {
    const tried = new Set();
    const width = path.length + 1;
    const match = (i, j) => {
        if (i === pattern.length)
            return j === path.length;
        const key = i * width + j;
        if (tried.has(key))
            return false;
        tried.add(key);
        const segment = pattern[i];
        if (segment === '**') {
            // At the end, `**` needs something below the folder: `reports/**` is not the file `reports`.
            if (i === pattern.length - 1)
                return j < path.length;
            return match(i + 1, j) || (j < path.length && match(i, j + 1));
        }
        return (j < path.length && segment !== undefined && matchTokens(segment, path[j] ?? '') && match(i + 1, j + 1));
    };
    return match(0, 0);
}
/**
 * Whether a path is selected: with no patterns, everything; otherwise the last pattern that matches decides, and a
 * path no pattern matches is selected only when every pattern excludes (a list of `!` lines means "all but").
 */
function selects(globs, path) {
    if (globs.length === 0)
        return true;
    let selected = globs.every((g) => g.negated);
    for (const g of globs)
        if (g.test(path))
            selected = !g.negated;
    return selected;
}


/***/ }),

/***/ 7624:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DW: () => (/* binding */ Destination),
/* harmony export */   Ez: () => (/* binding */ ClashError),
/* harmony export */   Or: () => (/* binding */ MAX_FILE_NAME_BYTES),
/* harmony export */   PR: () => (/* binding */ MAX_PATH_BYTES),
/* harmony export */   XM: () => (/* binding */ sample),
/* harmony export */   aj: () => (/* binding */ RefusedPathError),
/* harmony export */   dp: () => (/* binding */ profileOf),
/* harmony export */   e4: () => (/* binding */ PART_SUFFIX_BYTES),
/* harmony export */   g3: () => (/* binding */ windowsNameProblem),
/* harmony export */   mw: () => (/* binding */ foldedName),
/* harmony export */   xg: () => (/* binding */ partFileName),
/* harmony export */   z9: () => (/* binding */ pathProblem),
/* harmony export */   zi: () => (/* binding */ planDownloads)
/* harmony export */ });
/* unused harmony exports artifactRelativePath, segmentProblem, isGitFolderName, PROFILES */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1455);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_fs_promises__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2249);
/* harmony import */ var _glob_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5224);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1013);
// Where each artifact is saved. Artifact records come from the server and are untrusted: every path is turned into
// plain relative segments (or refused) before it is joined to the destination, and the directories below the
// destination are created one by one, refusing any that is a symbolic link, so nothing lands outside it.
//
// The rule: an artifact's relative path is its `pretty_path` with a leading `$VAR/` (or `~/`) removed when the
// record has one, else its `path`; either way the root (`/`, a drive letter, `\\host`) is dropped, `\` counts as
// a separator, and empty and `.` segments are left out. `x:name` is a drive only where drives exist (Windows
// names): elsewhere it is a name like any other. A `pretty_path` whose file name differs from the `path`'s
// is not used: the file keeps its own name, the last segment of its `path`.







/** A segment the file system would reject as too long (most allow 255 bytes). */
const MAX_SEGMENT_BYTES = 255;
/** The longest file name that still leaves room for its part file's suffix. */
/** The last part file number of this process; the first is drawn at random (48 bits) at the first download. */
let partSerial;
/**
 * The part file of a destination: `<dest>.<12 hex digits>.part`. The digits count up from a random start: no two
 * part files of a run share a name, one left by an earlier run is as unlikely to be met as with a random name per
 * file, and a file costs a counter, not a random UUID.
 */
function partFileName(dest) {
    partSerial = ((partSerial ?? (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(6).readUIntBE(0, 6)) + 1) % 2 ** 48;
    return `${dest}.${partSerial.toString(16).padStart(12, '0')}.part`;
}
/** What a part file adds to its destination's name, in bytes: the file system must take that name too. */
const PART_SUFFIX_BYTES = '.0123456789ab.part'.length;
const MAX_FILE_NAME_BYTES = MAX_SEGMENT_BYTES - PART_SUFFIX_BYTES;
/** Linux's PATH_MAX less the closing NUL: no longer path can be opened. */
const MAX_PATH_BYTES = 4095;
/** The relative path of an artifact (see the rule above); `contained` says what was changed to keep it inside. */
function artifactRelativePath(path, prettyPath, profile = PROFILES.ext4) {
    const own = relativeSegments(path, profile);
    if (!own.ok)
        return own;
    if (typeof prettyPath === 'string' && prettyPath !== '') {
        const pretty = relativeSegments(prettyPath.replace(/^(\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|~)(?=[/\\]|$)/u, ''), profile);
        if (pretty.ok && pretty.segments.at(-1) === own.segments.at(-1)) {
            return { ok: true, segments: pretty.segments, contained: pretty.contained };
        }
        // A pretty path that cannot be used safely is not a reason to refuse: the path itself is fine.
    }
    return own;
}
function relativeSegments(text, profile) {
    const contained = [];
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/u.test(text)) {
        return {
            ok: false,
            reason: text.includes('\u0000') ? 'it holds a NUL byte' : 'it holds a control character',
        };
    }
    if (text.includes('\\'))
        contained.push('backslashes read as separators');
    const parts = text.split(/[/\\]+/u);
    if (/^[A-Za-z]:$/u.test(parts[0] ?? '')) {
        contained.push(`drive letter ${parts[0] ?? ''} dropped`);
        parts.shift();
    }
    else if (profile.windowsNames && /^[A-Za-z]:./u.test(parts[0] ?? '')) {
        // `C:name` is relative to drive C's current folder on Windows: still a drive, still dropped.
        contained.push(`drive letter ${parts[0]?.slice(0, 2) ?? ''} dropped`);
        parts[0] = parts[0]?.slice(2) ?? '';
    }
    // Checked first: every later step (patterns included) then works on a path of bounded length.
    if (Buffer.byteLength(text) > MAX_PATH_BYTES) {
        return { ok: false, reason: `it is longer than ${MAX_PATH_BYTES} bytes` };
    }
    const segments = [];
    for (const part of parts) {
        if (part === '' || part === '.')
            continue;
        const problem = segmentProblem(part);
        if (problem !== undefined)
            return { ok: false, reason: `it ${problem}` };
        const decoded = percentDecoded(part);
        if (decoded !== part) {
            if (decoded.split(/[/\\]/u).some((p) => p === '..' || p === '.') || decoded.includes('\u0000')) {
                return {
                    ok: false,
                    reason: `its segment ${JSON.stringify(part)} is a percent-encoded '..', '.' or NUL`,
                };
            }
        }
        if (Buffer.byteLength(part) > MAX_SEGMENT_BYTES) {
            return { ok: false, reason: `a segment is longer than ${MAX_SEGMENT_BYTES} bytes` };
        }
        segments.push(part);
    }
    if (segments.length === 0)
        return { ok: false, reason: 'it has no file name' };
    if (Buffer.byteLength(segments.at(-1) ?? '') > MAX_FILE_NAME_BYTES) {
        return { ok: false, reason: `its file name is longer than ${MAX_FILE_NAME_BYTES} bytes` };
    }
    return { ok: true, segments, contained };
}
/**
 * The rules every path that reaches the destination goes through, one segment at a time: an artifact's path and an
 * archive member's alike (Destination.inspect applies them again to whatever is placed). Says what is wrong, as
 * the end of a sentence that starts with "it", or undefined for a segment that may be written.
 */
function segmentProblem(segment) {
    if (segment === '')
        return 'has an empty segment';
    if (segment === '.' || segment === '..')
        return `climbs out of its folder with '${segment}'`;
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/u.test(segment)) {
        return segment.includes('\u0000') ? 'holds a NUL byte' : 'holds a control character';
    }
    if (segment.includes('/') || segment.includes('\\'))
        return 'holds a path separator inside a name';
    if (isGitFolderName(segment)) {
        return "goes into a '.git' folder, where a file could run commands at git's next call";
    }
    return undefined;
}
/** The first segment's problem (see segmentProblem), or undefined when every segment may be written. */
function pathProblem(segments) {
    // `x:name` is a name where drives do not exist; Destination.inspect refuses its colon where they do.
    if (/^[A-Za-z]:$/u.test(segments[0] ?? ''))
        return 'starts with a drive letter (an absolute path)';
    for (const segment of segments) {
        const problem = segmentProblem(segment);
        if (problem !== undefined)
            return problem;
    }
    return undefined;
}
/**
 * `.git` in any case (case-insensitive file systems), and the names NTFS and HFS+ read as `.git` too, as git
 * itself checks them (its fixes for CVE-2014-9390 and CVE-2019-1352): anything after a `:` is a stream of the
 * same file, trailing dots and spaces are dropped, `GIT~1` is its short name, and HFS+ ignores some invisible
 * code points.
 */
function isGitFolderName(segment) {
    const name = (segment.split(':')[0] ?? '')
        .replace(/[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/gu, '')
        .replace(/[. ]+$/u, '')
        .toLowerCase();
    return name === '.git' || name === 'git~1';
}
/**
 * The key under which a case-insensitive, normalisation-insensitive disk stores a name (NTFS, APFS, exFAT, ext4
 * with casefold, SMB shares): two names with one key are one file there. Linux runners write to such disks too,
 * so the key does not depend on the platform. Lower then upper case folds more than any one disk does (`ß` and
 * `ss`), which can only tell apart two names that a disk would have kept, never merge them.
 */
function foldedName(name) {
    return name.normalize('NFC').toLowerCase().toUpperCase();
}
const PROFILES = {
    ext4: { name: 'ext4', caseInsensitive: false, normalisationInsensitive: false, windowsNames: false },
    casefold: {
        name: 'ext4 casefold',
        caseInsensitive: true,
        normalisationInsensitive: true,
        windowsNames: false,
    },
    apfs: { name: 'APFS', caseInsensitive: true, normalisationInsensitive: true, windowsNames: false },
    ntfs: { name: 'NTFS', caseInsensitive: true, normalisationInsensitive: false, windowsNames: true },
    exfat: { name: 'exFAT', caseInsensitive: true, normalisationInsensitive: false, windowsNames: true },
};
/**
 * The profile a runner's own disk most likely has. Only the Windows naming rules depend on it: names are folded
 * (foldedName) on every platform, since a Linux runner may write to a case-insensitive disk too.
 */
function profileOf(platform) {
    return platform === 'win32' ? PROFILES.ntfs : platform === 'darwin' ? PROFILES.apfs : PROFILES.ext4;
}
/** Device names Windows reserves in every folder, with any extension (`aux.txt` is the device too). */
const RESERVED_WINDOWS_NAME = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])$/iu;
/**
 * Why Windows cannot hold this segment as a name, as the end of a sentence that starts with "it", or undefined.
 * Through `\\?\` paths some of these can still be created, as files that Explorer, git and the runner's clean-up
 * cannot remove; so they are refused, not tried.
 */
function windowsNameProblem(segment) {
    const bad = /[<>:"|?*]/u.exec(segment);
    if (bad)
        return `holds ${JSON.stringify(bad[0])}, which Windows does not allow in a name`;
    if (/[. ]$/u.test(segment))
        return 'ends in a dot or a space, which Windows drops from a name';
    // Windows reads `CON .txt` and `con.tar.gz` as CON as well: the name up to its first dot, less trailing spaces.
    if (RESERVED_WINDOWS_NAME.test((segment.split('.')[0] ?? '').trimEnd()))
        return `is ${JSON.stringify(segment)}, a device name Windows reserves`;
    return undefined;
}
/** Decodes `%XX` escapes, repeatedly (a double-encoded `%252e` too), as a web server or a later tool might. */
function percentDecoded(text) {
    let out = text;
    for (let i = 0; i < 4 && /%[0-9A-Fa-f]{2}/u.test(out); i++) {
        out = out.replace(/%([0-9A-Fa-f]{2})/gu, (_m, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
    }
    return out;
}
/** Two artifacts would be saved at one path, or a path is both a file and a folder: nothing is fetched. */
class ClashError extends _errors_js__WEBPACK_IMPORTED_MODULE_5__/* .UserFacingError */ .Ui {
    name = 'ClashError';
}
/** Decides where every artifact goes, before anything is downloaded; throws ClashError rather than overwrite. */
function planDownloads(artifacts, options) {
    const plan = { files: [], refused: [], contained: [], excluded: 0, duplicates: 0, available: [] };
    const seen = new Set();
    for (const artifact of artifacts) {
        const { path, url } = artifact ?? {};
        if (typeof path !== 'string' || path === '' || typeof url !== 'string' || url === '') {
            plan.refused.push({ what: describe(artifact), reason: 'the record has no path or no URL' });
            continue;
        }
        const pretty = typeof artifact.pretty_path === 'string' ? artifact.pretty_path : undefined;
        const relative = artifactRelativePath(path, pretty, options.profile);
        if (!relative.ok) {
            plan.refused.push({ what: (0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .quoted */ .TL)(path), reason: relative.reason });
            continue;
        }
        const scheme = urlScheme(url);
        if (scheme !== 'http:' && scheme !== 'https:') {
            plan.refused.push({
                what: (0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .quoted */ .TL)(relative.segments.join('/')),
                reason: scheme === undefined
                    ? 'its URL is not an absolute address'
                    : `its URL is a ${(0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .quoted */ .TL)(scheme, 20)} address, not http(s)`,
            });
            continue;
        }
        const source = relative.segments.join('/');
        if (options.profile?.windowsNames === true) {
            const problem = relative.segments.map(windowsNameProblem).find((p) => p !== undefined);
            if (problem !== undefined) {
                plan.refused.push({ what: (0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .quoted */ .TL)(source), reason: `a segment of its path ${problem}` });
                continue;
            }
        }
        plan.available.push(source);
        if (!(0,_glob_js__WEBPACK_IMPORTED_MODULE_4__/* .selects */ .ko)(options.globs, source)) {
            plan.excluded++;
            continue;
        }
        const key = `${url}\n${source}`;
        if (seen.has(key)) {
            plan.duplicates++;
            continue;
        }
        seen.add(key);
        if (relative.contained.length > 0)
            plan.contained.push({ source, changes: relative.contained });
        const nodeIndex = typeof artifact.node_index === 'number' &&
            Number.isSafeInteger(artifact.node_index) &&
            artifact.node_index >= 0
            ? artifact.node_index
            : undefined;
        plan.files.push({ url, source, segments: relative.segments, nodeIndex });
    }
    if (options.fileName !== undefined) {
        if (plan.files.length > 1) {
            throw new ClashError(`file-name is given, but ${plan.files.length} artifacts match (${sample(plan.files.map((f) => f.source))}); ` +
                'narrow them to one with pattern, or leave file-name out');
        }
        for (const file of plan.files)
            file.segments = [options.fileName];
        return plan;
    }
    if (options.flatten) {
        for (const file of plan.files)
            file.segments = [file.segments.at(-1) ?? ''];
    }
    // Every disk's key, whatever this runner's own disk is: Linux runners write to case-insensitive disks too, and
    // two artifacts one of them would merge are told apart (node folders) or refused, never one over the other.
    // Each path's files are kept only where there are several: one entry per file would double the plan's memory.
    const fold = foldedName;
    const files = new Map();
    const shared = new Map();
    for (const file of plan.files) {
        const key = fold(file.segments.join('/'));
        const other = files.get(key);
        if (other === undefined)
            files.set(key, file);
        else
            shared.set(key, [...(shared.get(key) ?? [other]), file]);
    }
    for (const [key, group] of shared) {
        const indexes = new Set(group.map((f) => f.nodeIndex));
        const apart = !options.flatten && !indexes.has(undefined) && indexes.size === group.length;
        if (!apart)
            throw clash(group, options.flatten);
        files.delete(key);
    }
    // Only the artifacts that share a path move under their container's folder; the rest stay where they are. After
    // that: no two files at one path, and no path that is a file for one artifact and a folder for another.
    for (const group of shared.values()) {
        for (const file of group) {
            file.segments = [`node-${file.nodeIndex ?? ''}`, ...file.segments];
            const key = fold(file.segments.join('/'));
            const other = files.get(key);
            if (other)
                throw clash([other, file], options.flatten);
            files.set(key, file);
        }
    }
    for (const file of plan.files) {
        for (let n = 1; n < file.segments.length; n++) {
            const other = files.get(fold(file.segments.slice(0, n).join('/')));
            if (other) {
                throw new ClashError(`artifact ${(0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .quoted */ .TL)(other.source)} would be saved as a file where artifact ` +
                    `${(0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .quoted */ .TL)(file.source)} needs a folder; leave one out with pattern`);
            }
        }
    }
    return plan;
}
function clash(group, flatten) {
    const where = group[0]?.segments.join('/') ?? '';
    const what = group.map((f) => (0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .quoted */ .TL)(f.source)).join(', ');
    const hint = flatten
        ? 'flatten keeps only file names: leave it out, or narrow the artifacts with pattern'
        : 'their containers do not tell them apart; narrow the artifacts with pattern';
    const folded = new Set(group.map((f) => f.segments.join('/'))).size > 1;
    const disk = folded
        ? ' (their names differ only in case or Unicode normalisation: one file on NTFS, APFS or exFAT)'
        : '';
    return new ClashError(`artifacts ${what} would all be saved at ${(0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .quoted */ .TL)(where)}${disk}; ${hint}`);
}
/** A record for a warning: its path only (a URL may carry credentials), cut short. */
function describe(value) {
    if (value === null || typeof value !== 'object')
        return (0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .quoted */ .TL)(String(value));
    const { path, pretty_path: pretty } = value;
    if (typeof path === 'string' && path !== '')
        return (0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .quoted */ .TL)(path);
    if (typeof pretty === 'string' && pretty !== '')
        return (0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .quoted */ .TL)(pretty);
    return 'a record without a path';
}
/** The URL's scheme as `new URL` would give it, read without parsing the whole URL (there may be thousands). */
function urlScheme(url) {
    const match = /^([A-Za-z][A-Za-z0-9+.-]*):/u.exec(url);
    return match?.[1] === undefined ? undefined : `${match[1].toLowerCase()}:`;
}
function sample(items, max = 5) {
    const shown = items.slice(0, max).map((s) => (0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .quoted */ .TL)(s));
    return items.length > max ? `${shown.join(', ')} and ${items.length - max} more` : shown.join(', ');
}
// ---------------------------------------------------------------------------------------------------------------
/** A path below the destination cannot be used: a folder on the way is a symbolic link or not a folder. */
class RefusedPathError extends _errors_js__WEBPACK_IMPORTED_MODULE_5__/* .UserFacingError */ .Ui {
    name = 'RefusedPathError';
}
/**
 * The destination folder and the folders below it. Each folder is created once, one level at a time with lstat,
 * so a symbolic link planted inside the destination (to a folder outside it) is found and refused, never followed.
 */
class Destination {
    /** Absolute, symbolic links resolved (the destination itself is the user's choice and may be one). */
    root;
    /** Each folder below the root (its segments joined), once made ready: its absolute path. */
    #folders = new Map();
    /** Folders this object created, in the order made. */
    #created = [];
    #profile;
    /** Each file path inspected, by its folded key (foldedName): the first name that took the key. */
    #claimed = new Map();
    constructor(root, profile = PROFILES.ext4) {
        this.root = root;
        this.#profile = profile;
    }
    /** Creates the folders of `segments` (all but the last) and returns the file's absolute path. */
    async prepare(segments) {
        let folder = this.root;
        for (let n = 1; n < segments.length; n++) {
            const relative = segments.slice(0, n).join(node_path__WEBPACK_IMPORTED_MODULE_3__.sep);
            let ready = this.#folders.get(relative);
            if (!ready) {
                const absolute = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(this.root, relative);
                ready = ensureFolder(absolute, relative, this.#created).then(() => absolute);
                this.#folders.set(relative, ready);
            }
            folder = await ready;
        }
        // The name is one checked segment (no separator, never . or ..): what join() would make, without normalising
        // the whole path again for each of thousands of files.
        const name = segments.at(-1) ?? '';
        return folder.endsWith(node_path__WEBPACK_IMPORTED_MODULE_3__.sep) ? folder + name : folder + node_path__WEBPACK_IMPORTED_MODULE_3__.sep + name;
    }
    /**
     * What is at `segments` now, creating nothing: a folder on the way that is a link or a file refuses the path;
     * otherwise whatever already stands at the final path.
     */
    async inspect(segments, cache) {
        // Whatever reaches the destination passes the segment rules here too, an archive's unpacked files included.
        const problem = pathProblem(segments) ??
            (this.#profile.windowsNames
                ? segments.map(windowsNameProblem).find((p) => p !== undefined)
                : undefined);
        if (problem !== undefined)
            return { kind: 'refused', reason: `its path ${problem}` };
        // Two files one disk would merge (an archive's `A.txt` and `a.txt`, or a member and an artifact): the second is
        // refused by name, whatever this disk is, rather than lost without a word where the disk is case-insensitive.
        const exact = segments.join('/');
        const key = foldedName(exact);
        const first = this.#claimed.get(key);
        if (first !== undefined && first !== exact) {
            return {
                kind: 'refused',
                reason: `its path differs from ${(0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .quoted */ .TL)(first)} only in case or Unicode normalisation, one file on NTFS, APFS or exFAT`,
            };
        }
        this.#claimed.set(key, exact);
        for (let n = 1; n <= segments.length; n++) {
            const relative = segments.slice(0, n).join(node_path__WEBPACK_IMPORTED_MODULE_3__.sep);
            // On the main thread: a look takes microseconds, where a trip to the thread pool and back, one file after
            // the other, held the first download back (800 files into a folder that exists: 790 -> 683 ms in all, on
            // tmpfs); and a missing file is the usual answer, which here is no error to make.
            const look = async () => (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.lstatSync)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(this.root, relative), { throwIfNoEntry: false });
            let pending = cache?.get(relative);
            if (pending === undefined) {
                pending = look();
                // Folders only: thousands of artifacts below a few folders cost a few looks, not one each.
                if (n < segments.length)
                    cache?.set(relative, pending);
            }
            const stat = await pending;
            if (stat === undefined)
                return { kind: 'free' };
            if (n === segments.length) {
                const what = stat.isSymbolicLink()
                    ? 'symlink'
                    : stat.isDirectory()
                        ? 'folder'
                        : stat.isFile()
                            ? 'file'
                            : 'other';
                return { kind: 'exists', what };
            }
            if (stat.isSymbolicLink())
                return {
                    kind: 'refused',
                    reason: `the folder ${(0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .quoted */ .TL)(relative)} in the destination is a symbolic link`,
                };
            if (!stat.isDirectory())
                return {
                    kind: 'refused',
                    reason: `${(0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .quoted */ .TL)(relative)} in the destination is a file, not a folder`,
                };
        }
        return { kind: 'free' };
    }
    /** Removes the folders this object created that stayed empty (a refused or failed artifact's), deepest first. */
    async removeEmptyFolders() {
        for (const folder of [...this.#created].reverse()) {
            await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.rmdir)(folder).catch(() => {
                // Not empty (or gone): kept.
            });
        }
    }
}
async function ensureFolder(absolute, relative, created) {
    try {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.mkdir)(absolute);
        created.push(absolute);
        return;
    }
    catch (error) {
        if (error.code !== 'EEXIST')
            throw error;
    }
    const stat = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.lstat)(absolute);
    if (stat.isSymbolicLink()) {
        throw new RefusedPathError(`the folder ${(0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .quoted */ .TL)(relative)} in the destination is a symbolic link`);
    }
    if (!stat.isDirectory()) {
        throw new RefusedPathError(`${(0,_format_js__WEBPACK_IMPORTED_MODULE_6__/* .quoted */ .TL)(relative)} in the destination is a file, not a folder`);
    }
}


/***/ }),

/***/ 7681:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bk: () => (/* binding */ JobScan),
/* harmony export */   Id: () => (/* binding */ jobBuild),
/* harmony export */   PG: () => (/* binding */ MAX_PROJECT_PIPELINES),
/* harmony export */   fk: () => (/* binding */ MAX_JOBS_READ),
/* harmony export */   lv: () => (/* binding */ ProjectsV2)
/* harmony export */ });
/* harmony import */ var _commit_builds_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6677);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1013);
/* harmony import */ var _job_status_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5706);
/* harmony import */ var _pipelines_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(103);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5942);
/* harmony import */ var _validate_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1272);






/** Pipelines of a project read at most, newest first: a commit's are among its newest. */
const MAX_PROJECT_PIPELINES = 100;
/** Jobs of the project's pipelines a search for the newest matching one looks at, at most. */
const MAX_JOBS_READ = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;
const isId = (value) => typeof value === 'string' && UUID.test(value);
const isNumber = (value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
const seg = encodeURIComponent;
class ProjectsV2 extends _pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .Pipelines */ .Cw {
    /** `GET {v2}/project/{slug}/job/{number}`: the job asked for, by number. */
    async job(p, number) {
        const path = jobPath(p, number);
        const answer = await this.get(path);
        if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(answer) || answer['number'] !== number)
            throw unusable('GET', path, `the details of job #${number} were expected`);
        if (typeof answer['name'] !== 'string' || typeof answer['status'] !== 'string')
            throw unusable('GET', path, 'the job has no name and status');
        const pipelineId = (0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(answer['pipeline']) ? answer['pipeline']['id'] : undefined;
        if (pipelineId !== undefined && !isId(pipelineId))
            throw unusable('GET', path, 'the pipeline id is not a UUID');
        return answer;
    }
    /** `POST {v2}/project/{slug}/job/{number}/cancel`: a job that has ended stays as it is. */
    async cancelJob(p, number) {
        const path = `${jobPath(p, number)}/cancel`;
        return messageAnswer('POST', path, await this.post(path, undefined, 'idempotent'));
    }
    /** `GET {v2}/project/{slug}/{number}/tests`, every page. */
    async tests(p, number) {
        const path = `/project/${(0,_pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .projectSlug */ .Tb)(p)}/${(0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkBuildNum */ .ZL)('build-num', number)}/tests`;
        return records('GET', path, await this.list(path, (_call, value) => value), () => true);
    }
    /** `GET {v2}/project/{slug}/{number}/artifacts`, every page. */
    async artifacts(p, number) {
        const path = `/project/${(0,_pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .projectSlug */ .Tb)(p)}/${(0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkBuildNum */ .ZL)('build-num', number)}/artifacts`;
        const items = records('GET', path, await this.list(path, (_call, value) => value), (item) => typeof item['path'] === 'string' &&
            typeof item['url'] === 'string' &&
            Number.isSafeInteger(item['node_index']) &&
            item['node_index'] >= 0);
        // The artifact URLs the API itself listed may receive the credential (docs/promises.md, promise 14).
        for (const item of items)
            this.transport.trust(item.url);
        return items;
    }
    async envVars(p) {
        const path = `/project/${(0,_pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .projectSlug */ .Tb)(p)}/envvar`;
        return records('GET', path, await this.list(path, (_call, value) => value), (item) => typeof item['name'] === 'string');
    }
    /** `POST {v2}/project/{slug}/envvar` with `{name, value}`; a variable of that name is replaced. */
    async addEnvVar(p, name, value) {
        const path = `/project/${(0,_pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .projectSlug */ .Tb)(p)}/envvar`;
        const answer = await this.post(path, { name: (0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkEnvName */ .$n)('name', name), value }, 'idempotent');
        if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(answer) || answer['name'] !== name)
            throw unusable('POST', path, `the variable ${name} was expected`);
        return answer;
    }
    async deleteEnvVar(p, name) {
        const path = `/project/${(0,_pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .projectSlug */ .Tb)(p)}/envvar/${seg((0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkEnvName */ .$n)('name', name))}`;
        const answer = await this.transport.request({
            method: 'DELETE',
            path,
            retry: 'idempotent',
            api: 'v2',
        });
        return messageAnswer('DELETE', path, answer.data);
    }
    /**
     * A job by number as a build record (jobBuild), with its pipeline's branch and commit, its status as the service
     * gives it and its page (`web_url`) as the build's address; `pipelines` keeps the pipelines already read.
     */
    async jobAsBuild(p, number, pipelines = new Map()) {
        const job = await this.job(p, number);
        const id = job.pipeline?.id;
        if (id === undefined)
            throw unusable('GET', jobPath(p, number), 'the job names no pipeline');
        const pipeline = pipelines.get(id) ?? this.pipeline(id);
        pipelines.set(id, pipeline);
        const workflow = job.latest_workflow;
        const build = jobBuild(await pipeline, { ...job, job_number: number }, workflow?.name);
        return {
            ...build,
            status: job.status,
            build_url: typeof job.web_url === 'string' ? job.web_url : null,
            workflows: { ...build.workflows, ...(isId(workflow?.id) ? { workflow_id: workflow.id } : {}) },
        };
    }
    /** The project's pipelines, newest first, on `branch` when given, at most `max`. */
    async projectPipelines(p, options = {}) {
        const path = `/project/${(0,_pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .projectSlug */ .Tb)(p)}/pipeline`;
        const query = options.branch === undefined ? {} : { branch: (0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkSegment */ .cr)('branch', options.branch) };
        const items = await this.list(path, (_call, value) => value, query, options.max ?? MAX_PROJECT_PIPELINES);
        return records('GET', path, items, (item) => isId(item['id']) && isNumber(item['number']));
    }
}
function jobPath(p, number) {
    return `/project/${(0,_pipelines_js__WEBPACK_IMPORTED_MODULE_3__/* .projectSlug */ .Tb)(p)}/job/${(0,_validate_js__WEBPACK_IMPORTED_MODULE_5__/* .checkBuildNum */ .ZL)('build-num', number)}`;
}
function unusable(method, path, detail) {
    return new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UnusableAnswerError */ .qx(method, `v2 ${path}`, detail);
}
function records(method, path, items, valid) {
    for (const item of items)
        if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(item) || !valid(item))
            throw unusable(method, path, 'the list holds an item of the wrong shape');
    return items;
}
/** The answer of a v2 write that says only `{message}`: an object. */
function messageAnswer(method, path, answer) {
    if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(answer))
        throw unusable(method, path, 'a JSON object was expected');
    return answer;
}
/** A v2 job as the v1.1 build record the rest of the product reads (src/api/job-status.ts). */
function jobBuild(pipeline, job, workflow) {
    const vcs = (0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(pipeline.vcs) ? pipeline.vcs : {};
    const text = (value) => (typeof value === 'string' ? value : null);
    const meaning = (0,_job_status_js__WEBPACK_IMPORTED_MODULE_2__/* .jobStatusMeaning */ .D)(job.status);
    const origin = text(vcs['origin_repository_url']);
    const target = text(vcs['target_repository_url']);
    return {
        build_num: job.job_number,
        branch: text(vcs['branch']),
        vcs_revision: text(vcs['revision']),
        vcs_tag: text(vcs['tag']),
        // A job that never ran is no finished build, as v1.1's lifecycle says of its builds.
        lifecycle: !meaning.ended ? 'running' : job.status === 'not_run' ? 'not_run' : 'finished',
        outcome: meaning.outcome === '' ? null : meaning.outcome,
        workflows: { job_name: job.name, ...(0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .definedOnly */ .Uv)({ workflow_name: workflow }) },
        fork: origin !== null && target !== null && origin !== target,
    };
}
/** The matching jobs of a slug-named project as build records, newest first; `bounded` when it stopped early. */
class JobScan {
    #api;
    #project;
    #query;
    #pipelines;
    #ready = [];
    read = 0;
    bounded = false;
    constructor(api, project, query) {
        this.#api = api;
        this.#project = project;
        this.#query = { ...query, revision: query.revision?.toLowerCase() };
    }
    async next() {
        const query = this.#query;
        this.#pipelines ??= await this.#api.projectPipelines(this.#project, (0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .definedOnly */ .Uv)({ branch: query.branch }));
        while (this.#ready.length === 0) {
            const room = MAX_JOBS_READ - this.read;
            if (room <= 0) {
                this.bounded = this.#pipelines.length > 0;
                return undefined;
            }
            const pipeline = this.#pipelines.shift();
            if (pipeline === undefined)
                return undefined;
            // Pipelines of other commits and branches are passed without reading their workflows.
            const head = jobBuild(pipeline, { job_number: 0, name: '', status: '' });
            if (query.revision !== undefined && !(0,_commit_builds_js__WEBPACK_IMPORTED_MODULE_0__/* .ofRevision */ .j1)(head, query.revision))
                continue;
            if (query.branch !== undefined && head.branch !== query.branch)
                continue;
            const found = [];
            for (const workflow of await this.#api.workflows(pipeline.id)) {
                for (const job of await this.#api.jobs(workflow.id)) {
                    if (!(0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u4)(job) || !isNumber(job.job_number) || typeof job.status !== 'string')
                        continue;
                    found.push(jobBuild(pipeline, job, workflow.name));
                }
            }
            found.sort((a, b) => b.build_num - a.build_num);
            if (found.length > room)
                this.bounded = true;
            for (const build of found.slice(0, room)) {
                this.read++;
                if ((0,_records_js__WEBPACK_IMPORTED_MODULE_4__/* .matchesStatusFilter */ .ks)(build, query.statusFilter) &&
                    (query.job === undefined || (0,_commit_builds_js__WEBPACK_IMPORTED_MODULE_0__/* .jobOf */ .Zw)(build).job === query.job))
                    this.#ready.push(build);
            }
        }
        return this.#ready.shift();
    }
}


/***/ }),

/***/ 4748:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   H: () => (/* binding */ renameFile)
/* harmony export */ });
/* unused harmony export RENAME_RETRY_MS */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8500);
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_timers_promises__WEBPACK_IMPORTED_MODULE_1__);
// Every rename into the destination goes through here. On Windows a rename fails for a moment with EPERM, EBUSY or
// EACCES while an antivirus scanner or the search indexer holds the file open; npm's graceful-fs retries those
// with a growing pause, and so do we, for a few seconds (a file held for longer, or read-only, then fails as
// itself). Elsewhere such an error is final at once.


/** How long a rename is retried on Windows before its error is given up on. */
const RENAME_RETRY_MS = 5000;
/** The pause grows by this much after each failed try, up to RENAME_MAX_PAUSE_MS (as graceful-fs does). */
const PAUSE_STEP_MS = 10;
const RENAME_MAX_PAUSE_MS = 100;
const TRANSIENT_ON_WINDOWS = new Set(['EPERM', 'EBUSY', 'EACCES']);
/**
 * Renames `from` to `to`, on the calling thread first (a rename takes microseconds, less than a trip to the thread
 * pool); on Windows, errors a scanner causes are retried with a growing pause until RENAME_RETRY_MS have passed.
 */
async function renameFile(from, to, options = {}) {
    const rename = options.rename ?? node_fs__WEBPACK_IMPORTED_MODULE_0__.renameSync;
    const platform = options.platform ?? process.platform;
    const now = options.now ?? Date.now;
    const pause = options.sleep ?? node_timers_promises__WEBPACK_IMPORTED_MODULE_1__.setTimeout;
    const until = now() + (options.retryMs ?? RENAME_RETRY_MS);
    for (let tries = 1;; tries++) {
        try {
            rename(from, to);
            return;
        }
        catch (error) {
            const code = error.code ?? '';
            if (platform !== 'win32' || !TRANSIENT_ON_WINDOWS.has(code) || now() >= until)
                throw error;
        }
        await pause(Math.min(tries * PAUSE_STEP_MS, RENAME_MAX_PAUSE_MS));
    }
}


/***/ }),

/***/ 2049:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Kg: () => (/* binding */ showOutcome),
/* harmony export */   Om: () => (/* binding */ worstOutcome),
/* harmony export */   WE: () => (/* binding */ passes),
/* harmony export */   WM: () => (/* binding */ workflowOutcome),
/* harmony export */   sG: () => (/* binding */ outcomeOf),
/* harmony export */   tI: () => (/* binding */ readOutcomePolicy),
/* harmony export */   u: () => (/* binding */ outputWord),
/* harmony export */   wy: () => (/* binding */ describePolicy)
/* harmony export */ });
/* unused harmony exports KNOWN_OUTCOMES, DEFAULT_POLICY */
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _api_job_status_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5706);
/* harmony import */ var _api_pipelines_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(103);
/* harmony import */ var _api_records_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5942);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2249);
// The outcome policy of the gating actions (trigger-build with `wait`, wait-for-build): which outcomes let the
// step pass, and which of several outcomes is the worst.





/**
 * The outcomes a finished build can have (docs/wire.md), and `not_run`: a build the service skipped (`[ci skip]`)
 * ends with lifecycle and status `not_run` and no outcome, and that is what allowed-outcomes calls it.
 */
const KNOWN_OUTCOMES = [
    'success',
    'failed',
    'canceled',
    'infrastructure_fail',
    'timedout',
    'no_tests',
    'not_run',
];
/** A build's outcome for the policy and the outputs: its `outcome`, else `not_run` for a skipped build, else ''. */
function outcomeOf(build) {
    if (typeof build.outcome === 'string' && build.outcome !== '')
        return build.outcome;
    if (build.lifecycle === 'not_run' || build.status === 'not_run')
        return 'not_run';
    return '';
}
/**
 * A workflow's final status as the outcome a build would have: its failures as `failed`, a cancel as `canceled`,
 * a skip as `not_run`; '' for a status that is not final (or not known), which no policy but `*` lets pass.
 */
function workflowOutcome(status) {
    switch (status) {
        case 'success':
        case 'canceled':
        case 'not_run':
            return status;
        case 'failed':
        case 'error':
        case 'unauthorized':
            return 'failed';
        default:
            return '';
    }
}
/** An outcome as a person reads it: a skipped build says so. */
function showOutcome(outcome) {
    return outcome === 'not_run' ? 'skipped (not_run)' : outcome;
}
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
        return !unknownWord(outcome);
    return typeof outcome === 'string' && outcome !== '' && policy.allowed.has(outcome);
}
/** `success`, or `success, no_tests`, for messages. */
function describePolicy(policy) {
    return policy.any ? 'any outcome' : [...policy.allowed].join(', ');
}
/**
 * From least to most severe: a real failure of the code is the worst, an outcome we do not know counts just
 * below it, and a build that ended without any outcome just below that. A skipped build ran nothing that failed:
 * just above success and no tests, below a cancel.
 */
const SEVERITY = {
    success: 0,
    no_tests: 1,
    not_run: 2,
    canceled: 3,
    infrastructure_fail: 4,
    timedout: 5,
    failed: 8,
};
const UNKNOWN_SEVERITY = 7;
const NO_OUTCOME_SEVERITY = 6;
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
/** The words the README documents for each output that holds one: the service's, `not_run` and `none`. */
const OUTPUT_WORDS = {
    outcome: new Set([...KNOWN_OUTCOMES, 'none']),
    // A job of a project named by its slug has its v2 status there (src/api/job-status.ts).
    status: new Set([..._api_records_js__WEBPACK_IMPORTED_MODULE_3__/* .BUILD_STATUSES */ .qJ, ...Object.keys(_api_job_status_js__WEBPACK_IMPORTED_MODULE_1__/* .V2_JOB_STATUSES */ .U), 'none']),
    lifecycle: new Set([..._api_records_js__WEBPACK_IMPORTED_MODULE_3__/* .BUILD_LIFECYCLES */ .D1, 'none']),
};
/** An outcome, or the status of a job that ended without a build, that the service does not use: `*` refuses it. */
function unknownWord(word) {
    return (typeof word === 'string' &&
        word !== '' &&
        !KNOWN_OUTCOMES.includes(word) &&
        !_api_pipelines_js__WEBPACK_IMPORTED_MODULE_2__/* .UNBUILT_JOB_STATUSES */ .JS.has(word));
}
/**
 * The value of the `outcome`, `status` or `lifecycle` output (docs/promises.md, promise 33): a workflow may paste it
 * into a script, so a word the README does not document leaves it empty, and the log says so.
 */
function outputWord(log, output, word) {
    if (typeof word !== 'string' || word === '' || OUTPUT_WORDS[output].has(word))
        return word ?? '';
    log(`The ${output} output is left empty: ${JSON.stringify((0,_api_format_js__WEBPACK_IMPORTED_MODULE_4__/* .cut */ .Jj)(word, 100))} is no word it may hold`);
    return '';
}


/***/ }),

/***/ 2970:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T9: () => (/* binding */ failedTests),
/* harmony export */   U1: () => (/* binding */ headerRow),
/* harmony export */   YF: () => (/* binding */ mdLink),
/* harmony export */   _x: () => (/* binding */ buildFacts),
/* harmony export */   fe: () => (/* binding */ appendSummary),
/* harmony export */   hL: () => (/* binding */ buildLink),
/* harmony export */   jI: () => (/* binding */ buildHeading),
/* harmony export */   kS: () => (/* binding */ testsTable),
/* harmony export */   l1: () => (/* binding */ failedTestsTable),
/* harmony export */   xD: () => (/* binding */ buildDurationMs),
/* harmony export */   z4: () => (/* binding */ MAX_LISTED_FAILURES)
/* harmony export */ });
/* unused harmony exports linkTarget, resultKind */
/* harmony import */ var _outcomes_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2049);
/* harmony import */ var _text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8999);
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2249);



/** Appends a section to the job summary; one that cannot be written is a warning, never another verdict. */
async function appendSummary(io, markdown) {
    try {
        await io.summary.addRaw(markdown, true).write();
    }
    catch (error) {
        io.warning(`Could not write the job summary: ${error.message}`);
    }
}
/** The header cells of a `summary.addTable` table. */
function headerRow(...names) {
    return names.map((data) => ({ data, header: true }));
}
/** Failed tests listed in the summary; the rest are counted. */
const MAX_LISTED_FAILURES = 50;
/** A build page's address is short; a longer one is not worth a summary's room. */
const MAX_LINK_LENGTH = 2048;
/** The address as a Markdown link target, or undefined when it is not an http(s) URL. */
function linkTarget(url) {
    const parsed = typeof url === 'string' ? URL.parse(url) : null;
    if (parsed === null || !/^https?:$/.test(parsed.protocol) || parsed.href.length > MAX_LINK_LENGTH)
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
/** `### [Build #12 · main · 1a2b3c4](url)`. */
function buildHeading(build, level = 3) {
    const parts = [`Build #${build.build_num}`];
    if (build.branch)
        parts.push((0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(build.branch, 100));
    if (build.vcs_tag)
        parts.push(`tag ${(0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(build.vcs_tag, 100)}`);
    if (build.vcs_revision)
        parts.push((0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(build.vcs_revision.slice(0, 7)));
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
    const facts = [['Status', build.status ? (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(build.status, 50) : 'unknown']];
    const outcome = (0,_outcomes_js__WEBPACK_IMPORTED_MODULE_0__/* .outcomeOf */ .sG)(build);
    if (outcome)
        facts.push(['Outcome', (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)((0,_outcomes_js__WEBPACK_IMPORTED_MODULE_0__/* .showOutcome */ .Kg)(outcome), 50)]);
    const duration = buildDurationMs(build);
    if (duration !== undefined)
        facts.push(['Duration', (0,_api_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(duration)]);
    if (build.subject)
        facts.push(['Subject', (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(build.subject, 120)]);
    for (const [name, value] of Object.entries(extra))
        facts.push([name, value]);
    return facts.map(([name, value]) => `**${name}:** ${value}`).join(' · ');
}
/** Results are an open set (docs/wire.md): what is neither passed, failed, skipped nor an error counts as other. */
function resultKind(result) {
    const word = (result ?? '').toLowerCase();
    return RESULT_KINDS.find(([, words]) => words.includes(word))?.[0] ?? 'other';
}
const RESULT_KINDS = [
    ['passed', ['success', 'passed', 'pass']],
    ['failed', ['failure', 'failed', 'fail']],
    ['skipped', ['skipped', 'skip']],
    ['errors', ['error']],
];
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
            (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(t.classname ?? '', 120),
            (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(t.name ?? '(unnamed)', 200),
            (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(t.file ?? '', 120),
            (0,_text_js__WEBPACK_IMPORTED_MODULE_1__/* .mdSafe */ .$v)(t.message ?? '', 300),
        ];
        lines.push(`| ${cells.join(' | ')} |`);
    }
    const rest = failed.length - max;
    if (rest > 0)
        lines.push('', `…and ${(0,_api_format_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(rest, 'more failed test')}, not listed.`);
    return lines.join('\n');
}
/** Test time in the unit that reads best: `0.42 s`, `12.3 s`, `2 min 5 s`. */
function formatTestTime(seconds) {
    if (seconds < 10)
        return `${Math.round(seconds * 100) / 100} s`;
    if (seconds < 60)
        return `${Math.round(seconds * 10) / 10} s`;
    return (0,_api_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(seconds * 1000);
}


/***/ })

};
