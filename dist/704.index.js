export const id = 704;
export const ids = [704];
export const modules = {

/***/ 1664:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A0: () => (/* binding */ unusableDownload),
/* harmony export */   g$: () => (/* binding */ tooLarge),
/* harmony export */   gJ: () => (/* binding */ errorMessage),
/* harmony export */   le: () => (/* binding */ readApiAnswer),
/* harmony export */   vf: () => (/* binding */ discard)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2249);
/* harmony import */ var _message_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7527);
/* harmony import */ var _retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7878);
/* harmony import */ var _transport_options_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9704);





/** An API answer as data, or as the error it is (an ApiError with the server's message and Retry-After). */
async function readApiAnswer(response, call) {
    const { method, display, attempt } = call;
    const { statusCode: status, headers } = response;
    // Deprecation and Sunset become one warning per step, and a 410 Gone its own error.
    const gone = call.sunset?.heard(method, display, status, headers, call.log ?? (() => { }));
    if (status < 200 || status >= 300) {
        const message = await errorMessage(response, call.secrets, call.aborted);
        const retryAfter = (0,_format_js__WEBPACK_IMPORTED_MODULE_4__/* .firstHeader */ .Yp)(headers['retry-after']);
        return {
            ok: false,
            error: gone?.(message, attempt) ?? new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD(status, method, display, message, attempt),
            retryAfterMs: (0,_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .parseRetryAfter */ .mu)(retryAfter, call.now()),
            retryAfter: retryAfter === undefined ? undefined : (0,_message_js__WEBPACK_IMPORTED_MODULE_1__/* .serverMessage */ .x)(retryAfter, 'text/plain', call.secrets),
        };
    }
    let text;
    try {
        text = await readBody(response, method, display);
    }
    catch (err) {
        return { ok: false, error: call.mapError(err) };
    }
    let data = null;
    if (text.trim() !== '') {
        try {
            data = JSON.parse(text);
        }
        catch {
            const contentType = (0,_format_js__WEBPACK_IMPORTED_MODULE_4__/* .firstHeader */ .Yp)(headers['content-type']);
            const what = (0,_message_js__WEBPACK_IMPORTED_MODULE_1__/* .serverMessage */ .x)(text, contentType, call.secrets);
            const detail = `HTTP ${status} with a body that is not JSON${contentType ? ` (${contentType})` : ''}`;
            return {
                ok: false,
                error: new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .BadResponseError */ .nS(method, display, what ? `${detail}: ${what}` : detail),
            };
        }
    }
    return { ok: true, response: { status, headers, data: data, attempts: attempt } };
}
/** The error of an API answer larger than MAX_ANSWER_BYTES. */
function tooLarge(method, display) {
    return new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .BadResponseError */ .nS(method, display, `the answer is larger than ${_transport_options_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_ANSWER_BYTES */ .gB / 1024 / 1024} MiB, the most an API answer may be; reading stopped there`);
}
/**
 * The body of a success answer as text, within MAX_ANSWER_DEPTH; the API dispatcher's maxResponseSize keeps it
 * within MAX_ANSWER_BYTES. Reading stops as soon as either is passed, so an endless answer costs neither memory
 * nor a stack overflow later.
 */
async function readBody(response, method, display) {
    // maxResponseSize counts bytes as they come: an answer that announces too many is refused before any.
    const announced = Number((0,_format_js__WEBPACK_IMPORTED_MODULE_4__/* .firstHeader */ .Yp)(response.headers['content-length']));
    if (Number.isFinite(announced) && announced > _transport_options_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_ANSWER_BYTES */ .gB) {
        response.body.destroy();
        throw tooLarge(method, display);
    }
    const chunks = [];
    const depth = new DepthGauge();
    try {
        for await (const chunk of response.body) {
            if (depth.exceeds(chunk, _transport_options_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_ANSWER_DEPTH */ .yF)) {
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .BadResponseError */ .nS(method, display, `JSON nested more than ${_transport_options_js__WEBPACK_IMPORTED_MODULE_3__/* .MAX_ANSWER_DEPTH */ .yF} levels deep, more than any API answer; reading stopped there`);
            }
            chunks.push(chunk);
        }
    }
    finally {
        // Leaving the loop early destroys the rest of the body; this covers a throw before the loop began.
        if (!response.body.readableEnded)
            response.body.destroy();
    }
    return new TextDecoder().decode(Buffer.concat(chunks));
}
/** The server's message from an error answer: the body is read up to ERROR_BODY_LIMIT, then destroyed. */
async function errorMessage(response, secrets, aborted) {
    const chunks = [];
    let size = 0;
    try {
        for await (const chunk of response.body) {
            chunks.push(chunk);
            size += chunk.length;
            if (size >= _transport_options_js__WEBPACK_IMPORTED_MODULE_3__/* .ERROR_BODY_LIMIT */ .g2)
                break; // leaving the loop destroys the rest of the body
        }
    }
    catch {
        // The status says what happened; a body lost on the way (or cut by the overall limit) only costs its message.
        const abort = aborted();
        if (abort !== undefined)
            throw abort;
    }
    finally {
        if (!response.body.destroyed && size >= _transport_options_js__WEBPACK_IMPORTED_MODULE_3__/* .ERROR_BODY_LIMIT */ .g2)
            response.body.destroy();
    }
    const text = new TextDecoder().decode(Buffer.concat(chunks).subarray(0, _transport_options_js__WEBPACK_IMPORTED_MODULE_3__/* .ERROR_BODY_LIMIT */ .g2));
    // Secrets go before the message is cut or reflowed, or a cut-off start of one would pass (docs/promises.md, promise
    // 13).
    return (0,_message_js__WEBPACK_IMPORTED_MODULE_1__/* .serverMessage */ .x)(text, (0,_format_js__WEBPACK_IMPORTED_MODULE_4__/* .firstHeader */ .Yp)(response.headers['content-type']), secrets);
}
/** Tracks JSON nesting over chunks of bytes (the bytes of `"`, `\\`, brackets never occur inside a UTF-8
 *  sequence), so depth is checked while reading, before anything is parsed. */
class DepthGauge {
    #depth = 0;
    #inString = false;
    #escaped = false;
    /** Decided by the first byte that is not white space: a body that is no JSON array or object (an HTML page) is
     *  left to the JSON parser, which says what it is. */
    #json;
    exceeds(chunk, limit) {
        for (let i = 0; i < chunk.length; i++) {
            const byte = chunk[i];
            if (this.#json === undefined) {
                if (byte === 0x20 ||
                    byte === 0x09 ||
                    byte === 0x0a ||
                    byte === 0x0d ||
                    byte === 0xef ||
                    byte === 0xbb ||
                    byte === 0xbf)
                    continue; // white space, or a byte order mark
                this.#json = byte === 0x5b || byte === 0x7b;
            }
            if (!this.#json)
                return false;
            if (this.#inString) {
                if (this.#escaped)
                    this.#escaped = false;
                else if (byte === 0x5c)
                    this.#escaped = true;
                else if (byte === 0x22)
                    this.#inString = false;
            }
            else if (byte === 0x22)
                this.#inString = true;
            else if (byte === 0x5b || byte === 0x7b) {
                if (++this.#depth > limit)
                    return true;
            }
            else if (byte === 0x5d || byte === 0x7d)
                this.#depth--;
        }
        return false;
    }
}
/**
 * What a success answer to a download may not be: one without content (204, 205), or one whose body travels in a
 * transfer coding other than a single `chunked` (undici passes others through as they are: the file would be
 * saved still coded, or with the chunks' framing in it). `display` is called only for an error: naming the URL
 * costs its redaction.
 */
function unusableDownload(status, headers, display) {
    if (status === 204 || status === 205) {
        return new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .BadResponseError */ .nS('GET', display(), `HTTP ${status}, an answer without content, where a file was expected`);
    }
    const lines = headers['transfer-encoding'];
    if (lines === undefined)
        return undefined;
    const value = Array.isArray(lines) ? lines.join(', ') : lines;
    if (value.trim().toLowerCase() === 'chunked')
        return undefined;
    return new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .BadResponseError */ .nS('GET', display(), `the body was sent with Transfer-Encoding ${JSON.stringify(value)}; only chunked is accepted`);
}
/** Drops a body nobody will read; undici fails a body destroyed unread, and that failure concerns no one. */
function discard(body) {
    body.on('error', () => { });
    body.destroy();
}


/***/ }),

/***/ 7157:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Kj: () => (/* binding */ Client),
  W0: () => (/* binding */ TriggerAbortedError),
  RF: () => (/* binding */ checkProjectSlug),
  X2: () => (/* binding */ isAmbiguous),
  j1: () => (/* binding */ projectName),
  DZ: () => (/* binding */ projectPath)
});

// EXTERNAL MODULE: ../api/errors.ts
var errors = __webpack_require__(1013);
// EXTERNAL MODULE: ../api/validate.ts
var validate = __webpack_require__(1272);
;// CONCATENATED MODULE: ../api/paginate.ts

/**
 * Most items one walk yields: 100 pages of 100. A server whose pages never end (or a list far longer than any
 * one step should read) stops here with a warning, so time and memory stay bounded (docs/promises.md, promise 22).
 */
const MAX_PAGINATED_ITEMS = 10_000;
/**
 * Walks a `limit`/`offset` list to its end: page after page until one comes back shorter than asked. It stops
 * early, with a warning, when a page brings nothing not seen before (a server ignoring `offset` answers the same
 * page for ever) or at `maxItems`. An item seen on an earlier page is not yielded again: a build that arrives
 * between two requests shifts the list by one.
 */
async function* paginate(fetchPage, options = {}) {
    const limit = (0,validate/* checkLimit */.ab)('limit', options.limit ?? validate/* MAX_PAGE_SIZE */.H4);
    let offset = (0,validate/* checkOffset */.g9)('offset', options.offset ?? 0);
    const maxItems = options.maxItems ?? MAX_PAGINATED_ITEMS;
    const key = options.key ?? ((item) => item);
    const seen = new Set();
    for (let pages = 1;; pages++) {
        const page = await fetchPage(limit, offset);
        let fresh = 0;
        for (const item of page) {
            const id = key(item);
            if (seen.has(id))
                continue;
            if (seen.size >= maxItems) {
                options.warn?.(`Stopped after ${maxItems} items (${pages} pages): the most one listing reads. ` +
                    `Narrow it (a branch, a status filter) or page through it with limit and offset.`);
                return;
            }
            seen.add(id);
            fresh++;
            yield item;
        }
        if (page.length < limit)
            return;
        if (fresh === 0) {
            options.warn?.(`Stopped at offset ${offset}: the server answered page ${pages} with items already seen, ` +
                `so the list would never end (does it ignore offset?)`);
            return;
        }
        offset += page.length;
    }
}

// EXTERNAL MODULE: ../api/records.ts
var records = __webpack_require__(5942);
// EXTERNAL MODULE: ../api/ssh.ts
var ssh = __webpack_require__(3534);
;// CONCATENATED MODULE: ../api/client.ts
// Every endpoint of the v1.1 API, each checked before sending and sent with the retry mode that is safe for it.





/** A trigger failed without telling whether a build started, and none could be found. */
class AmbiguousTriggerError extends errors/* UserFacingError */.Ui {
    name = 'AmbiguousTriggerError';
}
/** The caller aborted while the trigger was on its way; `before` is for `findTriggeredBuild`. */
class TriggerAbortedError extends errors/* AbortedError */.oM {
    name = 'TriggerAbortedError';
    before;
    constructor(message, before) {
        super(message);
        this.before = before;
    }
}
const seg = encodeURIComponent;
/** The call an answer came from, for its shape check. */
const get = (path) => ({ method: 'GET', path });
const post = (path) => ({ method: 'POST', path });
const del = (path) => ({ method: 'DELETE', path });
class Client {
    transport;
    constructor(transport) {
        this.transport = transport;
    }
    // --- user and project lists
    async me() {
        return (0,records/* objectAnswer */.cd)(get('/me'), await this.get('/me'));
    }
    async projects() {
        return (0,records/* listAnswer */.f_)(get('/projects'), await this.get('/projects'));
    }
    async recentBuilds(query = {}) {
        return (0,records/* buildListAnswer */.jf)(get('/recent-builds'), await this.get('/recent-builds', pageQuery(query)));
    }
    /** Every recent build, following `offset` page by page, within paginate's bounds (a warning when it stops). */
    allRecentBuilds(query = {}) {
        return paginate((limit, offset) => this.recentBuilds({ limit, offset }), {
            ...query,
            // Recent builds span projects, each numbering its own builds.
            key: (b) => `${b.vcs_type}/${b.username}/${b.reponame}/${b.build_num}`,
            warn: (message) => this.transport.log('warning', `recent-builds: ${message}`),
        });
    }
    async addPlatformKey(apikey) {
        (0,validate/* checkSecret */.zg)('apikey', apikey);
        const answer = await this.send({
            method: 'POST',
            path: '/user/platform-key',
            body: { apikey },
            retry: 'idempotent',
        });
        return (0,records/* objectAnswer */.cd)(post('/user/platform-key'), answer, true);
    }
    // --- project and builds
    async follow(p) {
        const path = `${projectPath(p)}/follow`;
        return (0,records/* objectAnswer */.cd)(post(path), await this.send({ method: 'POST', path, retry: 'idempotent' }));
    }
    async builds(p, query = {}) {
        const base = projectPath(p);
        const path = query.branch === undefined ? base : `${base}/tree/${seg((0,validate/* checkSegment */.cr)('branch', query.branch))}`;
        const filter = query.statusFilter === undefined
            ? undefined
            : (0,validate/* checkBuildStatusFilter */.zx)('status_filter', query.statusFilter);
        const list = (0,records/* buildListAnswer */.jf)(get(path), await this.get(path, { ...pageQuery(query), filter }));
        // A page holds at most what was asked for: a longer one is not the service's list.
        if (query.limit !== undefined && list.length > query.limit)
            throw new errors/* UnusableAnswerError */.qx('GET', path, `the page holds ${list.length} builds, more than the ${query.limit} asked for`);
        return list;
    }
    /** Every build matching the query, newest first, page by page within paginate's bounds. */
    allBuilds(p, query = {}) {
        return paginate((limit, offset) => this.builds(p, { ...query, limit, offset }), {
            ...pageQuery(query),
            key: (b) => b.build_num,
            warn: (message) => this.transport.log('warning', `builds: ${message}`),
        });
    }
    /**
     * Triggers a build, never two (docs/promises.md, promise 2). The POST is retried only where it provably did not
     * arrive; after an ambiguous failure the build it may have made is looked for before giving up.
     */
    async trigger(p, options) {
        const path = `${projectPath(p)}/tree/${seg((0,validate/* checkSegment */.cr)('branch', options.branch))}`;
        (0,validate/* checkRevisionOrTag */.TD)('revision', options.revision, 'tag', options.tag);
        const body = {
            revision: options.revision,
            tag: options.tag,
            parallel: options.parallel === undefined ? undefined : (0,validate/* checkParallel */.EZ)('parallel', options.parallel),
            build_parameters: options.params === undefined ? undefined : (0,validate/* checkParams */.N8)('params', options.params),
        };
        const before = await this.newestBuildNum(p);
        try {
            const answer = await this.send({ method: 'POST', path, body: (0,records/* definedOnly */.Uv)(body), retry: 'once' });
            return { build: (0,records/* buildAnswer */.Bo)(post(path), answer) };
        }
        catch (error) {
            if (error instanceof errors/* AbortedError */.oM)
                throw new TriggerAbortedError(error.message, before);
            if (!isAmbiguous(error))
                throw error;
            const found = await this.findTriggeredBuild(p, options, before).catch(() => undefined);
            if (found)
                return { build: found, recoveredAfter: error.message };
            throw new AmbiguousTriggerError(`${error.message}; a build may have started on branch '${options.branch}' but none newer than ` +
                `#${before} could be found: check the project's builds before triggering again`);
        }
    }
    async build(p, buildNum) {
        const path = buildPath(p, buildNum);
        return (0,records/* buildAnswer */.Bo)(get(path), await this.get(path), { asked: buildNum });
    }
    async retry(p, buildNum, options = {}) {
        const body = options.ssh ? { ssh: true } : {};
        const path = `${buildPath(p, buildNum)}/retry`;
        const answer = await this.send({ method: 'POST', path, body, retry: 'once' });
        return (0,records/* buildAnswer */.Bo)(post(path), answer, { not: buildNum });
    }
    /** Retry without cache: an unsupported use of the retry endpoint, which callers should say. */
    async retryNoCache(p, buildNum) {
        const path = `${buildPath(p, buildNum)}/retry`;
        const answer = await this.send({ method: 'POST', path, body: { 'no-cache': true }, retry: 'once' });
        return (0,records/* buildAnswer */.Bo)(post(path), answer, { not: buildNum });
    }
    async cancel(p, buildNum) {
        const path = `${buildPath(p, buildNum)}/cancel`;
        const answer = await this.send({ method: 'POST', path, retry: 'idempotent' });
        return (0,records/* buildAnswer */.Bo)(post(path), answer, { asked: buildNum });
    }
    async addSshUser(p, buildNum) {
        const path = `${buildPath(p, buildNum)}/ssh-users`;
        return (0,records/* objectAnswer */.cd)(post(path), await this.send({ method: 'POST', path, retry: 'idempotent' }));
    }
    async artifacts(p, buildNum) {
        const path = `${buildPath(p, buildNum)}/artifacts`;
        return this.trusted((0,records/* listAnswer */.f_)(get(path), await this.get(path)));
    }
    /** Artifacts of the latest matching build; the service's 404 for "no artifacts" is "none", not an error. */
    async latestArtifacts(p, query = {}) {
        const filter = (0,validate/* checkArtifactStatusFilter */.Pb)('status_filter', query.statusFilter ?? 'completed');
        const branch = query.branch === undefined ? undefined : (0,validate/* checkSegment */.cr)('branch', query.branch);
        try {
            const path = `${projectPath(p)}/latest/artifacts`;
            const artifacts = (0,records/* listAnswer */.f_)(get(path), await this.get(path, { branch, filter }));
            return { found: true, artifacts: this.trusted(artifacts) };
        }
        catch (error) {
            if (error instanceof errors/* ApiError */.hD &&
                error.status === 404 &&
                !/project not found/i.test(error.serverMessage)) {
                return { found: false, message: error.serverMessage || 'no artifacts' };
            }
            throw error;
        }
    }
    async tests(p, buildNum) {
        const path = `${buildPath(p, buildNum)}/tests`;
        return (0,records/* objectAnswer */.cd)(get(path), await this.get(path));
    }
    async clearCache(p) {
        const path = `${projectPath(p)}/build-cache`;
        return (0,records/* objectAnswer */.cd)(del(path), await this.send({ method: 'DELETE', path, retry: 'idempotent' }));
    }
    // --- environment variables
    async listEnvVars(p) {
        const path = `${projectPath(p)}/envvar`;
        return (0,records/* listAnswer */.f_)(get(path), await this.get(path));
    }
    async addEnvVar(p, name, value) {
        (0,validate/* checkEnvName */.$n)('name', name);
        const path = `${projectPath(p)}/envvar`;
        const answer = await this.send({ method: 'POST', path, body: { name, value }, retry: 'idempotent' });
        return (0,records/* objectAnswer */.cd)(post(path), answer);
    }
    async getEnvVar(p, name) {
        const path = `${projectPath(p)}/envvar/${seg((0,validate/* checkEnvName */.$n)('name', name))}`;
        return (0,records/* objectAnswer */.cd)(get(path), await this.get(path));
    }
    async deleteEnvVar(p, name) {
        return this.deleteOnce(`${projectPath(p)}/envvar/${seg((0,validate/* checkEnvName */.$n)('name', name))}`);
    }
    // --- keys
    async listCheckoutKeys(p) {
        const path = `${projectPath(p)}/checkout-key`;
        return (0,records/* listAnswer */.f_)(get(path), await this.get(path));
    }
    async createCheckoutKey(p, keyType) {
        const type = (0,validate/* checkKeyType */.y7)('key_type', keyType);
        const path = `${projectPath(p)}/checkout-key`;
        return (0,records/* objectAnswer */.cd)(post(path), await this.send({ method: 'POST', path, body: { type }, retry: 'once' }));
    }
    async getCheckoutKey(p, fingerprint) {
        const path = `${projectPath(p)}/checkout-key/${seg((0,validate/* checkSegment */.cr)('fingerprint', fingerprint))}`;
        return (0,records/* objectAnswer */.cd)(get(path), await this.get(path));
    }
    async deleteCheckoutKey(p, fingerprint) {
        return this.deleteOnce(`${projectPath(p)}/checkout-key/${seg((0,validate/* checkSegment */.cr)('fingerprint', fingerprint))}`);
    }
    /** Adds an SSH key (an unencrypted RSA private key), for one host when `hostname` is given. */
    async addSshKey(p, sshKey, hostname) {
        const { privateKey } = (0,ssh/* checkSshKey */.S)('ssh_key', sshKey);
        const host = hostname === undefined ? undefined : (0,validate/* checkSegment */.cr)('hostname', hostname, 'a host name');
        const path = `${projectPath(p)}/ssh-key`;
        const answer = await this.send({
            method: 'POST',
            path,
            body: (0,records/* definedOnly */.Uv)({ private_key: privateKey, hostname: host }),
            retry: 'once',
        });
        return (0,records/* objectAnswer */.cd)(post(path), answer, true);
    }
    // --- plumbing
    async get(path, query) {
        return this.send({ method: 'GET', path, ...(0,records/* definedOnly */.Uv)({ query }), retry: 'idempotent' });
    }
    async send(request) {
        (0,validate/* checkVerb */.W7)('method', request.method);
        try {
            return (await this.transport.request(request)).data;
        }
        catch (error) {
            // An untrusted certificate is the user's to fix (a self-hosted authority): said with the host, not as a bug.
            const code = (0,errors/* certificateCode */.nt)(error);
            if (code === undefined)
                throw error;
            throw new errors/* UntrustedCertificateError */.ks(`${request.method} ${request.path}`, new URL(this.transport.origin).host, code);
        }
    }
    /** A DELETE whose answer was lost is retried; its 404 then means an earlier attempt already deleted it. */
    async deleteOnce(path) {
        try {
            return (0,records/* objectAnswer */.cd)(del(path), await this.send({ method: 'DELETE', path, retry: 'idempotent' }));
        }
        catch (error) {
            if (error instanceof errors/* ApiError */.hD && error.status === 404 && error.attempts > 1)
                return { message: 'ok' };
            throw error;
        }
    }
    /** The artifact URLs the API itself listed may receive the credential (docs/promises.md, promise 14). */
    trusted(artifacts) {
        if (!Array.isArray(artifacts))
            return artifacts;
        for (const a of artifacts)
            if (typeof a?.url === 'string')
                this.transport.trust(a.url);
        return artifacts;
    }
    async newestBuildNum(p) {
        try {
            const newest = await this.builds(p, { limit: 1 });
            return (Array.isArray(newest) ? newest[0]?.build_num : undefined) ?? 0;
        }
        catch (error) {
            // A project not followed yet has no builds; the trigger itself will say if the project is unknown.
            if (error instanceof errors/* ApiError */.hD && error.status === 404)
                return 0;
            throw error;
        }
    }
    /** The build a trigger made, if any: newer than `before`, triggered through the API, matching the trigger. */
    async findTriggeredBuild(p, o, before) {
        const candidates = await this.builds(p, { branch: o.branch, limit: validate/* MAX_PAGE_SIZE */.H4 });
        if (!Array.isArray(candidates))
            return undefined;
        const matches = candidates.filter((b) => b.build_num > before &&
            b.why === 'api' &&
            (b.branch == null || b.branch === o.branch) &&
            (o.revision === undefined || b.vcs_revision == null || b.vcs_revision.startsWith(o.revision)) &&
            (o.tag === undefined || b.vcs_tag == null || b.vcs_tag === o.tag));
        // The oldest match is ours: a later one was triggered by someone else after our call.
        return matches.sort((a, b) => a.build_num - b.build_num)[0];
    }
}
/** A v2 slug, `provider/organization/project`, whose provider is never interpreted (docs/v2.md). */
function checkProjectSlug(name, value) {
    const parts = value.split('/');
    if (parts.length !== 3)
        throw new errors/* ValidationError */.yI(name, 'allowed: three segments, provider/organization/project', value);
    for (const part of parts)
        (0,validate/* checkName */.I3)(name, part);
    return { slug: value };
}
/** How messages name a project: `acme/widget`, or its slug. */
function projectName(p) {
    return 'slug' in p ? p.slug : `${p.username}/${p.project}`;
}
function projectPath(p) {
    const vcs = (0,validate/* checkVcsType */.dG)('vcs_type', p.vcsType);
    return `/project/${seg(vcs)}/${seg((0,validate/* checkName */.I3)('username', p.username))}/${seg((0,validate/* checkName */.I3)('project', p.project))}`;
}
function buildPath(p, buildNum) {
    return `${projectPath(p)}/${(0,validate/* checkBuildNum */.ZL)('build_num', buildNum)}`;
}
function pageQuery(q) {
    return (0,records/* definedOnly */.Uv)({
        limit: q.limit === undefined ? undefined : (0,validate/* checkLimit */.ab)('limit', q.limit),
        offset: q.offset === undefined ? undefined : (0,validate/* checkOffset */.g9)('offset', q.offset),
    });
}
/** Failures after which a write may or may not have reached the service. */
function isAmbiguous(error) {
    if (error instanceof errors/* ApiError */.hD)
        return error.status >= 500 || error.status === 408;
    if (error instanceof errors/* NetworkError */.Dr)
        return !error.notSent;
    return error instanceof errors/* TimeoutError */.MU;
}


/***/ }),

/***/ 7634:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Js: () => (/* binding */ abortReason),
/* harmony export */   ml: () => (/* binding */ systemClock)
/* harmony export */ });
/* unused harmony export sleep */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);

/** Node fires a setTimeout longer than this at once (docs/promises.md, promise 20), so longer sleeps are chained. */
const MAX_TIMER_MS = 2 ** 31 - 1;
function sleep(ms, signal) {
    return new Promise((resolve, reject) => {
        if (signal?.aborted) {
            reject(abortReason(signal));
            return;
        }
        let remaining = Math.max(0, ms);
        let timer;
        const onAbort = () => {
            if (timer)
                clearTimeout(timer);
            reject(abortReason(signal));
        };
        const step = () => {
            if (remaining <= 0) {
                signal?.removeEventListener('abort', onAbort);
                resolve();
                return;
            }
            const chunk = Math.min(remaining, MAX_TIMER_MS);
            remaining -= chunk;
            timer = setTimeout(step, chunk);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        step();
    });
}
/** The error an abort rejects with: the signal's reason when it is one of ours, else an AbortedError. */
function abortReason(signal) {
    const reason = signal?.reason;
    return reason instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserFacingError */ .Ui ? reason : new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .AbortedError */ .oM();
}
const systemClock = {
    now: () => Date.now(),
    sleep,
    random: () => Math.random(),
};


/***/ }),

/***/ 1013:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Dr: () => (/* binding */ NetworkError),
/* harmony export */   MU: () => (/* binding */ TimeoutError),
/* harmony export */   Ne: () => (/* binding */ ProxyRefusedError),
/* harmony export */   Ui: () => (/* binding */ UserFacingError),
/* harmony export */   hD: () => (/* binding */ ApiError),
/* harmony export */   j3: () => (/* binding */ DeadlineError),
/* harmony export */   ks: () => (/* binding */ UntrustedCertificateError),
/* harmony export */   nS: () => (/* binding */ BadResponseError),
/* harmony export */   nt: () => (/* binding */ certificateCode),
/* harmony export */   oM: () => (/* binding */ AbortedError),
/* harmony export */   qx: () => (/* binding */ UnusableAnswerError),
/* harmony export */   rt: () => (/* binding */ UnsafeAddressError),
/* harmony export */   vq: () => (/* binding */ systemErrorCode),
/* harmony export */   yI: () => (/* binding */ ValidationError),
/* harmony export */   zR: () => (/* binding */ asError)
/* harmony export */ });
// Error types of the API core. Each says what a person can act on; none ever carries a credential.
// `UserFacingError` marks errors whose message is the whole story (no stack trace is shown for them);
// anything else reaching the top is a bug.
class UserFacingError extends Error {
    name = 'UserFacingError';
}
/** A bad argument caught before anything was sent. `value` is left out for secrets. */
class ValidationError extends UserFacingError {
    name = 'ValidationError';
    argument;
    allowed;
    value;
    constructor(argument, allowed, value, detail) {
        const what = detail ?? (value === undefined ? 'invalid value' : `invalid value ${JSON.stringify(value)}`);
        super(`${argument}: ${what}; ${allowed}`);
        this.argument = argument;
        this.allowed = allowed;
        this.value = value;
    }
}
function afterAttempts(attempts) {
    return attempts > 1 ? ` (after ${attempts} attempts)` : '';
}
/** The server answered with a status that is not success (after any retries). */
class ApiError extends UserFacingError {
    name = 'ApiError';
    status;
    method;
    /** Path relative to the base address, query included, never a credential. */
    path;
    /** The server's own message, from JSON, JSON-in-JSON, HTML, text, or '' for an empty body. */
    serverMessage;
    attempts;
    constructor(status, method, path, serverMessage, attempts = 1) {
        super(`${method} ${path} failed with HTTP ${status}${serverMessage ? `: ${serverMessage}` : ''}${afterAttempts(attempts)}`);
        this.status = status;
        this.method = method;
        this.path = path;
        this.serverMessage = serverMessage;
        this.attempts = attempts;
    }
}
/** The request could not be completed at the network level (refused, reset, DNS, TLS). */
class NetworkError extends UserFacingError {
    name = 'NetworkError';
    method;
    path;
    /** System error code, e.g. ECONNREFUSED, ECONNRESET, ENOTFOUND. */
    code;
    /** True when the request provably never reached the server (connection refused, DNS failure). */
    notSent;
    attempts;
    /** The host name a DNS lookup failed for, when that is what went wrong. */
    host;
    constructor(method, path, code, notSent, attempts = 1, host) {
        const what = host === undefined ? '' : `: could not resolve the host name ${host}`;
        super(`${method} ${path} failed: network error ${code}${what}${afterAttempts(attempts)}`);
        this.method = method;
        this.path = path;
        this.code = code;
        this.notSent = notSent;
        this.attempts = attempts;
        this.host = host;
    }
}
const PHASE_TEXT = {
    connect: 'no connection',
    headers: 'no response headers',
    body: 'the response body stalled',
    total: 'the whole answer did not arrive',
};
/** A request timed out: no connection, no headers, the body stalled, or the whole answer took too long. */
class TimeoutError extends UserFacingError {
    name = 'TimeoutError';
    method;
    path;
    phase;
    timeoutMs;
    attempts;
    /** `proxy`: the proxy (its address without credentials) that never answered the tunnel request. */
    constructor(method, path, phase, timeoutMs, attempts = 1, proxy) {
        const what = proxy === undefined
            ? PHASE_TEXT[phase]
            : `the proxy at ${proxy} did not answer the tunnel request (CONNECT)`;
        super(`${method} ${path} timed out: ${what} within ${timeoutMs / 1000} s${afterAttempts(attempts)}`);
        this.method = method;
        this.path = path;
        this.phase = phase;
        this.timeoutMs = timeoutMs;
        this.attempts = attempts;
    }
}
/**
 * A proxy refused the tunnel (its answer to CONNECT was not 200): the request never reached the server. 502 and
 * 503 may pass; the others are the proxy's rules or credentials.
 */
class ProxyRefusedError extends UserFacingError {
    name = 'ProxyRefusedError';
    status;
    constructor(method, path, proxy, target, status) {
        const port = target.slice(target.lastIndexOf(':') + 1);
        const check = status === 407
            ? `the proxy's credentials (the user and password in HTTPS_PROXY or HTTP_PROXY)`
            : `NO_PROXY (whether ${target.slice(0, target.lastIndexOf(':'))} should be reached without the proxy) and the proxy's rules for port ${port}`;
        super(`${method} ${path} failed: the proxy at ${proxy} refused the tunnel to ${target} (HTTP ${status}); check ${check}`);
        this.status = status;
    }
}
/** The next retry (or the server's Retry-After) would run past the operation's deadline. */
class DeadlineError extends UserFacingError {
    name = 'DeadlineError';
}
/**
 * An address the transport never connects to: a link-local one (cloud metadata services live there), reached by
 * a redirect, listed by the server, or what a host name resolved to. Repeating cannot help.
 */
class UnsafeAddressError extends UserFacingError {
    name = 'UnsafeAddressError';
    address;
    constructor(message, address) {
        super(message);
        this.address = address;
    }
}
/** The operation was aborted (the runner cancelled the step). */
class AbortedError extends UserFacingError {
    name = 'AbortedError';
    constructor(message = 'the operation was cancelled') {
        super(message);
    }
}
/** The answer had a success status but a body we cannot use (not JSON, wrong shape). */
class BadResponseError extends UserFacingError {
    name = 'BadResponseError';
    method;
    path;
    constructor(method, path, detail) {
        super(`${method} ${path} returned an unusable answer: ${detail}`);
        this.method = method;
        this.path = path;
    }
}
/**
 * A whole, well-formed answer of the wrong shape (records.ts checks them): the server's considered answer, not a
 * glitch of the way, so a poll does not look again.
 */
class UnusableAnswerError extends BadResponseError {
    name = 'UnusableAnswerError';
}
/** OpenSSL's and Node's codes for a certificate that does not verify. */
const CERTIFICATE_CODE = /CERT|^UNABLE_TO_(VERIFY|GET_ISSUER)|^INVALID_(CA|PURPOSE)$|^HOSTNAME_MISMATCH$|^PATH_LENGTH_EXCEEDED$/u;
/** The code of an error (or of one of its causes) that says a server's certificate is not trusted. */
function certificateCode(error) {
    for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
        const code = e.code;
        if (typeof code === 'string' && CERTIFICATE_CODE.test(code))
            return code;
    }
    return undefined;
}
/** A server's certificate does not verify: nothing was sent to it. Names the host and what to do. */
class UntrustedCertificateError extends UserFacingError {
    name = 'UntrustedCertificateError';
    code;
    constructor(what, host, code) {
        super(`${what} failed: the certificate of ${host} is not trusted (${code}), so nothing was sent to it. If the ` +
            "installation's certificate comes from its own authority, give that authority's PEM file to the step in " +
            'NODE_EXTRA_CA_CERTS (or set NODE_USE_SYSTEM_CA=1 where it is installed on the runner)');
        this.code = code;
    }
}
/** What was thrown, as an Error (a thrown string or object becomes the message of one). */
function asError(thrown) {
    return thrown instanceof Error ? thrown : new Error(String(thrown));
}
/** The code, system call and host name of an error of undici or the system, wherever they are kept. */
function systemErrorCode(err) {
    if (typeof err !== 'object' || err === null)
        return { code: undefined, syscall: undefined, hostname: undefined };
    const { code, syscall, errors, hostname } = err;
    // Happy eyeballs fails with an AggregateError of one error per address tried.
    if (typeof code !== 'string' && Array.isArray(errors) && errors.length > 0)
        return systemErrorCode(errors[0]);
    return {
        code: typeof code === 'string' ? code : undefined,
        syscall: typeof syscall === 'string' ? syscall : undefined,
        hostname: typeof hostname === 'string' ? hostname : undefined,
    };
}


/***/ }),

/***/ 2249:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fn: () => (/* binding */ urlSecrets),
/* harmony export */   Jj: () => (/* binding */ cut),
/* harmony export */   LS: () => (/* binding */ plural),
/* harmony export */   Qy: () => (/* binding */ displayUrl),
/* harmony export */   TL: () => (/* binding */ quoted),
/* harmony export */   TV: () => (/* binding */ shortDuration),
/* harmony export */   Yp: () => (/* binding */ firstHeader),
/* harmony export */   a3: () => (/* binding */ formatDuration),
/* harmony export */   tW: () => (/* binding */ formatLimit),
/* harmony export */   vB: () => (/* binding */ roughly),
/* harmony export */   z3: () => (/* binding */ formatBytes)
/* harmony export */ });
// How the API core and the actions write URLs, sizes and spans of time in messages: one place, one wording.
/** A URL for messages: origin and path alone, since signed URLs carry credentials in the rest. */
function displayUrl(url) {
    const parsed = typeof url === 'string' ? URL.parse(url) : url;
    if (parsed === null)
        return '(an unreadable URL)';
    return `${parsed.origin}${parsed.pathname.replace(/;[^/]*/gu, '')}`;
}
/** Shorter values are no credential, and redacting them would blank out ordinary words and numbers. */
const MIN_URL_SECRET_LENGTH = 4;
/** The values of a URL's query and path parameters, which a server echoing the request must not print. */
function urlSecrets(url) {
    const values = [];
    for (const [, value] of url.searchParams)
        values.push(value);
    for (const raw of url.search.slice(1).split('&'))
        values.push(raw.slice(raw.indexOf('=') + 1));
    for (const param of url.pathname.match(/;[^/;]*/gu) ?? []) {
        const raw = param.slice(param.indexOf('=') + 1);
        values.push(raw);
        try {
            values.push(decodeURIComponent(raw));
        }
        catch {
            // Kept as sent.
        }
    }
    return [...new Set(values.filter((value) => value.length >= MIN_URL_SECRET_LENGTH))];
}
/** Cuts text to `max` characters (whole code points), saying so with an ellipsis. */
function cut(text, max) {
    if (text.length <= max)
        return text;
    const points = Array.from(text);
    return points.length <= max ? text : `${points.slice(0, Math.max(0, max - 1)).join('')}…`;
}
/** `1 file`, `2 files`: the count and its noun. */
function plural(n, one, many = `${one}s`) {
    return `${n} ${n === 1 ? one : many}`;
}
/** `512 B`, `1.50 KiB`, `12.3 MiB`. */
function formatBytes(bytes) {
    const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
    let value = bytes;
    let unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
        value /= 1024;
        unit++;
    }
    return unit === 0 ? `${bytes} B` : `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}
/** A limit as it was set: `10 GiB`, `64 MiB`, `1 KiB`; other sizes as formatBytes says them. */
function formatLimit(bytes) {
    for (const [unit, size] of [
        ['GiB', 1024 ** 3],
        ['MiB', 1024 ** 2],
        ['KiB', 1024],
    ]) {
        if (bytes >= size && bytes % size === 0)
            return `${bytes / size} ${unit}`;
    }
    return formatBytes(bytes);
}
/** `4 s`, `2 min 5 s`, `1 h 3 min`. */
function formatDuration(ms) {
    const s = Math.round(ms / 1000);
    if (s < 60)
        return `${s} s`;
    const m = Math.floor(s / 60);
    if (m < 60)
        return `${m} min${s % 60 ? ` ${s % 60} s` : ''}`;
    return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
}
/** With a tenth of a second below ten seconds (`1.5 s`, never `0 s`), else as formatDuration. */
function shortDuration(ms) {
    return ms < 10_000 ? `${Math.round(ms / 100) / 10} s` : formatDuration(ms);
}
/** A span in the largest unit it holds twice: `10 min`, `31.7 years`. */
function roughly(ms) {
    const s = ms / 1000;
    const units = [
        [365.25 * 86_400, 'years'],
        [86_400, 'days'],
        [3_600, 'h'],
        [60, 'min'],
    ];
    const [size, unit] = units.find(([size]) => s >= 2 * size) ?? [1, 's'];
    return `${Math.round((s / size) * 10) / 10} ${unit}`;
}
/** The first line of a header that may come as several. */
function firstHeader(value) {
    return typeof value === 'string' || value === undefined ? value : value[0];
}
/** Text as a JSON string, cut to `max` characters: a name from a server shown whole, escapes and all. */
function quoted(text, max = 120) {
    const json = JSON.stringify(text);
    return json.length > max ? `${json.slice(0, max - 2)}…"` : json;
}


/***/ }),

/***/ 7527:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ redactor),
/* harmony export */   x: () => (/* binding */ serverMessage)
/* harmony export */ });
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2249);
// The server's own words from an error answer. Real front ends send JSON `{"message"}`, a `message` that is
// itself JSON text, proxy HTML pages, plain text (`Rate limited.`) or nothing at all (docs/wire.md, Answers).

/** Longest message kept: enough for any real server message, short enough for one log line. */
const MAX_MESSAGE_CHARS = 300;
/** How deep a `message` that is itself JSON is unwrapped; real servers nest once. */
const MAX_JSON_DEPTH = 4;
const NAMED_ENTITIES = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: ' ',
};
/** The server's message from an error body, on one line; secrets go before any reflow or cut, which would hide
 *  them from the redaction (docs/promises.md, promise 13). */
function serverMessage(body, contentType, secrets = []) {
    const redact = redactor(secrets);
    const text = redact(body.replace(/^\uFEFF/, '')).trim();
    if (text === '')
        return '';
    const type = (contentType ?? '').toLowerCase();
    const fromJson = type.includes('json') || /^[{["]/.test(text) ? jsonMessage(text, 0) : undefined;
    const message = fromJson ??
        (type.includes('html') || /^<(!doctype|html|head|body|title|\?xml)/i.test(text)
            ? htmlMessage(text)
            : text);
    // Unescaping JSON or HTML may have put a secret together again.
    return (0,_format_js__WEBPACK_IMPORTED_MODULE_0__/* .cut */ .Jj)(redact(collapse(redact(message))), MAX_MESSAGE_CHARS);
}
/**
 * Replaces every secret with `***`, longest first (so a secret that contains another goes whole), in the forms a
 * server may echo it: as is, JSON-escaped, URL-encoded, and with its white space collapsed.
 */
function redactor(secrets) {
    const forms = new Set();
    for (const secret of secrets) {
        if (secret === '')
            continue;
        forms.add(secret);
        forms.add(JSON.stringify(secret).slice(1, -1));
        forms.add(encodeURIComponent(secret));
        forms.add(collapse(secret));
    }
    forms.delete('');
    const longestFirst = [...forms].sort((a, b) => b.length - a.length);
    return (text) => {
        let out = text;
        for (const form of longestFirst)
            out = out.replaceAll(form, '***');
        return out;
    };
}
/** The message inside JSON text, or undefined when the text is not JSON. */
function jsonMessage(text, depth) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return undefined;
    }
    if (typeof value === 'string')
        return innerMessage(value, depth);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        const record = value;
        for (const key of ['message', 'error', 'error_description', 'detail']) {
            const field = record[key];
            if (typeof field === 'string')
                return innerMessage(field, depth);
        }
    }
    if (value === null || (typeof value === 'object' && Object.keys(value).length === 0))
        return '';
    // JSON without a message field: its text is still the best account of what went wrong.
    return text;
}
function innerMessage(message, depth) {
    const trimmed = message.trim();
    if (depth < MAX_JSON_DEPTH && /^[{"]/.test(trimmed)) {
        const inner = jsonMessage(trimmed, depth + 1);
        if (inner !== undefined)
            return inner;
    }
    return message;
}
function htmlMessage(html) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
    if (title !== undefined) {
        const text = decodeEntities(stripTags(title)).trim();
        if (text !== '')
            return text;
    }
    const withoutHidden = html
        .replace(/<!--[\s\S]*?-->/g, ' ')
        .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, ' ')
        .replace(/<!doctype[^>]*>/gi, ' ');
    // Block-level tags separate texts; the first non-empty one is usually the page's heading.
    const blocks = withoutHidden.split(/<\/?(?:h[1-6]|p|div|br|li|tr|td|th|pre|body|html|center|hr)\b[^>]*>/i);
    for (const block of blocks) {
        const text = decodeEntities(stripTags(block)).trim();
        if (text !== '')
            return text;
    }
    return '';
}
function stripTags(html) {
    return html.replace(/<[^>]*>/g, ' ');
}
function decodeEntities(text) {
    return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity) => {
        if (entity.startsWith('#')) {
            const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
            return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
        }
        return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
    });
}
/** One line without control characters. */
function collapse(text) {
    // eslint-disable-next-line no-control-regex
    return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
}


/***/ }),

/***/ 5942:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $g: () => (/* binding */ isFinished),
/* harmony export */   Bo: () => (/* binding */ buildAnswer),
/* harmony export */   D1: () => (/* binding */ BUILD_LIFECYCLES),
/* harmony export */   Mn: () => (/* binding */ HTTP_VERBS),
/* harmony export */   N2: () => (/* binding */ VCS_TYPES),
/* harmony export */   Qq: () => (/* binding */ text),
/* harmony export */   Uv: () => (/* binding */ definedOnly),
/* harmony export */   YQ: () => (/* binding */ ARTIFACT_STATUS_FILTERS),
/* harmony export */   _N: () => (/* binding */ BUILD_STATUS_FILTERS),
/* harmony export */   cd: () => (/* binding */ objectAnswer),
/* harmony export */   f_: () => (/* binding */ listAnswer),
/* harmony export */   jf: () => (/* binding */ buildListAnswer),
/* harmony export */   ks: () => (/* binding */ matchesStatusFilter),
/* harmony export */   l9: () => (/* binding */ CHECKOUT_KEY_TYPES),
/* harmony export */   qJ: () => (/* binding */ BUILD_STATUSES),
/* harmony export */   u4: () => (/* binding */ isRecord)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
// Records of the v1.1 API, typed after real answers. The service adds fields over time and leaves many
// null, so every field but the identifying ones is optional and nullable, unknown fields are kept (index
// signature), and enums are open: a value we do not know is carried through, never rejected.

const VCS_TYPES = ['primary-host', 'secondary-host'];
/** Status filter of the build list (spec, Errors table). */
const BUILD_STATUS_FILTERS = ['completed', 'successful', 'failed', 'running'];
/** Status filter of the latest-artifacts endpoint (spec, Errors table): no `running`. */
const ARTIFACT_STATUS_FILTERS = ['completed', 'successful', 'failed'];
const CHECKOUT_KEY_TYPES = ['deploy-key', 'primary-host-user-key'];
const HTTP_VERBS = ['GET', 'POST', 'DELETE'];
/** The statuses and lifecycles the service gives a build. */
const BUILD_STATUSES = [
    'queued',
    'scheduled',
    'not_running',
    'running',
    'success',
    'fixed',
    'failed',
    'canceled',
    'infrastructure_fail',
    'timedout',
    'not_run',
    'no_tests',
    'retried',
];
const BUILD_LIFECYCLES = [
    'queued',
    'scheduled',
    'not_run',
    'not_running',
    'running',
    'finished',
];
/** Lifecycle values after which a build no longer changes. */
function isFinished(build) {
    const { lifecycle, outcome } = build;
    return lifecycle === 'finished' || lifecycle === 'not_run' || (outcome != null && outcome !== '');
}
/** What the build-list status filter selects (docs/wire.md), shared by the emulator and tests. */
function matchesStatusFilter(build, filter) {
    switch (filter) {
        case undefined:
            return true;
        case 'running':
            return build.lifecycle === 'running';
        case 'completed':
            return build.lifecycle === 'finished';
        case 'successful':
            return build.outcome === 'success';
        case 'failed':
            return (build.outcome === 'failed' || build.outcome === 'infrastructure_fail' || build.outcome === 'timedout');
    }
}
function unusable(call, detail) {
    return new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UnusableAnswerError */ .qx(call.method, call.path, detail);
}
/** What a JSON value is, for an error: never the value itself, which may be long or carry secrets. */
function kindOf(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'a JSON array';
    if (typeof value === 'object')
        return 'a JSON object';
    if (typeof value === 'string')
        return value === '' ? 'an empty string' : 'a string';
    return `a ${typeof value}`;
}
/** The object less its undefined values, for optional fields that must be left out rather than set to undefined. */
function definedOnly(values) {
    return Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => v !== undefined));
}
/** A field's text, when it is a string with any. */
function text(value) {
    return typeof value === 'string' && value !== '' ? value : undefined;
}
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function isBuildNum(value) {
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}
/** A build record: `asked` is the build a GET or a cancel named, `not` the one a retry started from. */
function buildAnswer(call, value, want = {}) {
    if (!isRecord(value))
        throw unusable(call, `a build record was expected, not ${kindOf(value)}`);
    const num = value['build_num'];
    if (!isBuildNum(num))
        throw unusable(call, 'the build record has no build_num that is a whole number ≥ 1');
    if (want.asked !== undefined && num !== want.asked)
        throw unusable(call, `build #${want.asked} was asked for, and the answer is build #${num}`);
    if (want.not !== undefined && num === want.not)
        throw unusable(call, `a new build was expected, and the answer is build #${num} itself`);
    return value;
}
/** A list: a JSON array (of objects, when `records`). */
function listAnswer(call, value, records = true) {
    if (!Array.isArray(value))
        throw unusable(call, `a JSON array was expected, not ${kindOf(value)}`);
    if (records && !value.every(isRecord))
        throw unusable(call, 'the list holds an element that is not an object');
    return value;
}
/** A list of builds: an array of build records. */
function buildListAnswer(call, value) {
    const list = listAnswer(call, value, false);
    for (const item of list) {
        if (!isRecord(item) || !isBuildNum(item['build_num']))
            throw unusable(call, 'the build list holds an element without a build_num that is a whole number ≥ 1');
    }
    return list;
}
/** The answer of a write or of a GET of one record: an object, or `""` where `emptyString` allows it. */
function objectAnswer(call, value, emptyString = false) {
    if (isRecord(value) || (emptyString && value === ''))
        return value;
    throw unusable(call, `a JSON object${emptyString ? ' (or "")' : ''} was expected, not ${kindOf(value)}`);
}


/***/ }),

/***/ 7878:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EY: () => (/* binding */ backoffDelay),
/* harmony export */   Sc: () => (/* binding */ shouldRetry),
/* harmony export */   dg: () => (/* binding */ isTransient),
/* harmony export */   dm: () => (/* binding */ provablyNotSent),
/* harmony export */   mu: () => (/* binding */ parseRetryAfter),
/* harmony export */   vI: () => (/* binding */ DEFAULT_RETRY)
/* harmony export */ });
/* unused harmony export retriableStatus */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
// Retry policy of the API core (docs/promises.md, promises 1–4): what may be repeated, and how long to wait before
// doing so.

const DEFAULT_RETRY = { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 30_000 };
/** Codes of a connection that was never made: the request cannot have reached the server. */
const NOT_SENT_CODES = new Set([
    'ECONNREFUSED',
    'ENOTFOUND',
    'EAI_AGAIN',
    'EAI_NONAME',
    'EAI_NODATA',
    'EAI_FAIL',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'EADDRNOTAVAIL',
]);
/** True when a network error happened before the request could be written (DNS lookup or TCP connect). */
function provablyNotSent(code, syscall) {
    return syscall === 'getaddrinfo' || syscall === 'connect' || NOT_SENT_CODES.has(code);
}
/** Statuses an idempotent request is repeated on. */
function retriableStatus(status) {
    return status === 408 || status === 429 || status >= 500;
}
/**
 * The one test of whether a failure may pass by itself: a network error (but not a certificate or TLS setup, which
 * the server presents again), a timeout, 408, 429 or 5xx. Callers add what is transient for them alone.
 */
function isTransient(error) {
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .NetworkError */ .Dr)
        return !/CERT|TLS|SSL/u.test(error.code);
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .TimeoutError */ .MU)
        return true;
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD)
        return retriableStatus(error.status);
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ProxyRefusedError */ .Ne)
        return error.status === 502 || error.status === 503;
    return false;
}
/**
 * Whether a failed attempt may be repeated. `retryAfterMs` is the server's Retry-After, when it sent one.
 * A `once` request is repeated only when it provably did not arrive (refused, DNS, no connection within the
 * connect timeout) or the server asked for it (429, or 503 with Retry-After): after anything else the server may
 * have acted on it.
 */
function shouldRetry(mode, error, retryAfterMs) {
    if (!isTransient(error))
        return false;
    if (mode === 'idempotent')
        return true;
    // A trigger is never sent twice: only when it provably did not arrive, or the server asked for it.
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .NetworkError */ .Dr)
        return error.notSent;
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .TimeoutError */ .MU)
        return error.phase === 'connect';
    // The tunnel was refused: the request never reached the server.
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ProxyRefusedError */ .Ne)
        return true;
    if (error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD)
        return error.status === 429 || (error.status === 503 && retryAfterMs !== undefined);
    return false;
}
/**
 * The wait before attempt `attempt + 1` after `attempt` failed ones: "equal jitter", half of the exponential step
 * fixed and half random, so waits grow steadily yet clients that failed together do not retry together.
 */
function backoffDelay(attempt, options, random) {
    const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempt - 1));
    return Math.round(step / 2 + (step / 2) * random());
}
/** Parses Retry-After (delta seconds or an HTTP date) to ms from now, or undefined. */
function parseRetryAfter(value, now) {
    if (value === undefined)
        return undefined;
    const text = value.trim();
    if (text === '')
        return undefined;
    if (/^\d+(\.\d+)?$/.test(text))
        return Math.ceil(Number(text) * 1000);
    // Only the HTTP-date form is a date: a bare number with a sign or a unit is malformed, not a year.
    if (!/[a-z]/i.test(text))
        return undefined;
    const when = Date.parse(text);
    if (Number.isNaN(when))
        return undefined;
    return Math.max(0, when - now);
}


/***/ }),

/***/ 3534:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ checkSshKey)
/* harmony export */ });
/* unused harmony export md5Fingerprint */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1013);
// The service takes only unencrypted RSA private keys. We check that before sending (so a passphrase-protected
// or non-RSA key is a clear error, not a refusal from the server) and compute the fingerprint the service shows:
// colon-separated MD5 of the public key in SSH wire form.


const ALLOWED = 'allowed: an unencrypted RSA private key in PEM (BEGIN RSA PRIVATE KEY / BEGIN PRIVATE KEY) or OpenSSH form';
/** Validates the key and computes its fingerprint. The key's content never appears in an error. */
function checkSshKey(name, raw) {
    const text = raw.replace(/\r\n?/g, '\n').trim() + '\n';
    const invalid = (detail) => new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI(name, ALLOWED, undefined, detail);
    const begin = /^-----BEGIN ([A-Z0-9 ]+)-----\n/.exec(text);
    if (!begin)
        throw invalid('not a private key (no -----BEGIN ... PRIVATE KEY----- line)');
    const label = begin[1];
    if (!text.includes(`-----END ${label}-----`))
        throw invalid(`the -----END ${label}----- line is missing`);
    if (label === 'OPENSSH PRIVATE KEY')
        return keyInfo(text, openSshPublicBlob(text, invalid));
    if (label === 'ENCRYPTED PRIVATE KEY' || /^Proc-Type:\s*4,ENCRYPTED/m.test(text)) {
        throw invalid('the key is encrypted (protected by a passphrase); the service needs it unencrypted');
    }
    if (label !== 'RSA PRIVATE KEY' && label !== 'PRIVATE KEY') {
        throw invalid(`a ${label} is not an RSA private key`);
    }
    let key;
    try {
        key = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createPrivateKey)({ key: text, format: 'pem' });
    }
    catch {
        throw invalid('the key could not be read (damaged or incomplete)');
    }
    if (key.asymmetricKeyType !== 'rsa') {
        throw invalid(`the key is ${key.asymmetricKeyType ?? 'of an unknown type'}, not RSA`);
    }
    const jwk = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createPublicKey)(key).export({ format: 'jwk' });
    if (typeof jwk.n !== 'string' || typeof jwk.e !== 'string')
        throw invalid('the key has no RSA public half');
    const blob = Buffer.concat([
        sshString(Buffer.from('ssh-rsa')),
        sshString(mpint(Buffer.from(jwk.e, 'base64url'))),
        sshString(mpint(Buffer.from(jwk.n, 'base64url'))),
    ]);
    return keyInfo(text, blob);
}
function keyInfo(privateKey, blob) {
    return { privateKey, fingerprint: md5Fingerprint(blob), publicKey: `ssh-rsa ${blob.toString('base64')}` };
}
function md5Fingerprint(publicBlob) {
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('md5')
        .update(publicBlob)
        .digest('hex')
        .replace(/(..)(?!$)/g, '$1:');
}
function sshString(data) {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, data]);
}
/** SSH mpint: big-endian, no leading zeros, a zero byte prepended when the top bit is set. */
function mpint(data) {
    let start = 0;
    while (start < data.length - 1 && data[start] === 0)
        start++;
    const trimmed = data.subarray(start);
    return (trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed;
}
/** Reads the openssh-key-v1 container far enough to know it is one unencrypted RSA key; returns the public blob. */
function openSshPublicBlob(text, invalid) {
    const body = text.replace(/-----(BEGIN|END) OPENSSH PRIVATE KEY-----/g, '').replace(/\s+/g, '');
    const data = Buffer.from(body, 'base64');
    const magic = Buffer.from('openssh-key-v1\0');
    const damaged = () => invalid('the OpenSSH key could not be read (damaged or incomplete)');
    if (data.length < magic.length || !data.subarray(0, magic.length).equals(magic))
        throw damaged();
    let pos = magic.length;
    const readString = () => {
        if (pos + 4 > data.length)
            throw damaged();
        const len = data.readUInt32BE(pos);
        pos += 4;
        if (pos + len > data.length)
            throw damaged();
        const out = data.subarray(pos, pos + len);
        pos += len;
        return out;
    };
    const cipher = readString().toString();
    const kdf = readString().toString();
    readString(); // kdf options
    if (cipher !== 'none' || kdf !== 'none') {
        throw invalid('the key is encrypted (protected by a passphrase); the service needs it unencrypted');
    }
    if (pos + 4 > data.length || data.readUInt32BE(pos) !== 1)
        throw invalid('the file must hold exactly one key');
    pos += 4;
    const publicBlob = readString();
    const type = publicBlob
        .subarray(4, 4 + (publicBlob.length >= 4 ? publicBlob.readUInt32BE(0) : 0))
        .toString();
    if (type !== 'ssh-rsa')
        throw invalid(`the key is ${type || 'of an unknown type'}, not RSA`);
    const priv = readString();
    if (priv.length < 8 || priv.readUInt32BE(0) !== priv.readUInt32BE(4))
        throw damaged();
    return publicBlob;
}


/***/ }),

/***/ 8900:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AD: () => (/* binding */ GoneError),
/* harmony export */   GI: () => (/* binding */ SunsetNotices),
/* harmony export */   Zr: () => (/* binding */ v2Replacement)
/* harmony export */ });
/* unused harmony exports readSunsetHeaders, plainDate, describeNotice */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
// What the service says of a call's future: `Deprecation` (RFC 9745, and the older draft's `true` or HTTP-date),
// `Sunset` (RFC 8594) and a `Link` with rel="deprecation" or rel="sunset", on any answer of any endpoint; and
// `410 Gone` once a call has been removed. The transport hands every API answer's status and headers to
// SunsetNotices.heard(): one warning per step, however many answers carry the headers, and for a 410 an error
// that says the call is gone and what replaces it. docs/sunset.md says what the service announced.

/** The longest link shown: a page's address, not a payload. */
const MAX_LINK_CHARS = 300;
function values(headers, name) {
    const value = headers[name];
    if (value === undefined)
        return [];
    return Array.isArray(value) ? value : [value];
}
/** An HTTP-date (RFC 9110), or undefined. */
function httpDate(text) {
    const trimmed = text.trim();
    // Date.parse takes far more than HTTP-dates; a bare number or a structured date is not one.
    if (!/^[A-Za-z]{3},? /.test(trimmed) && !/^[A-Za-z]+, \d/.test(trimmed))
        return undefined;
    return dateOf(Date.parse(trimmed));
}
/** A date `Date` can hold, or undefined: a date past its range is as malformed as one that does not parse. */
function dateOf(ms) {
    const date = new Date(ms);
    return Number.isNaN(date.getTime()) ? undefined : date;
}
/** RFC 9745's `@<seconds>` (a structured-field date), the draft's `true`, or an HTTP-date. */
function deprecationValue(text) {
    const trimmed = text.trim();
    const structured = /^@(-?\d{1,15})$/.exec(trimmed);
    if (structured?.[1] !== undefined)
        return dateOf(Number(structured[1]) * 1000);
    if (/^\?1$|^true$/i.test(trimmed))
        return true;
    return httpDate(trimmed);
}
/** `<url>; rel="deprecation"` entries of Link headers with a rel of deprecation or sunset. */
function sunsetLinks(headers) {
    const found = [];
    for (const header of values(headers, 'link')) {
        for (const match of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,<]*)*)/g)) {
            const [, target = '', params = ''] = match;
            const rel = /(?:^|;)\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/i.exec(params);
            const rels = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
            if (!rels.includes('deprecation') && !rels.includes('sunset'))
                continue;
            let url;
            try {
                url = new URL(target.trim());
            }
            catch {
                continue;
            }
            if (url.protocol !== 'https:' && url.protocol !== 'http:')
                continue;
            url.username = '';
            url.password = '';
            if (url.href.length <= MAX_LINK_CHARS && !found.includes(url.href))
                found.push(url.href);
        }
    }
    return found;
}
/** What an answer's headers say of the call's future, or undefined when they say nothing. */
function readSunsetHeaders(headers) {
    const deprecation = values(headers, 'deprecation')
        .map(deprecationValue)
        .find((v) => v !== undefined);
    const sunset = values(headers, 'sunset')
        .map(httpDate)
        .find((v) => v !== undefined);
    if (deprecation === undefined && sunset === undefined)
        return undefined;
    return {
        ...(deprecation === undefined ? {} : { deprecation }),
        ...(sunset === undefined ? {} : { sunset }),
        links: sunsetLinks(headers),
    };
}
const MONTHS = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
];
/** `1 February 2027` (UTC), with the time when it is not midnight. */
function plainDate(date) {
    const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()] ?? ''} ${date.getUTCFullYear()}`;
    const hh = date.getUTCHours();
    const mm = date.getUTCMinutes();
    if (hh === 0 && mm === 0)
        return day;
    return `${day}, ${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')} UTC`;
}
/** The replacements of the calls the service announced it removes (docs/sunset.md), in the API's own words. */
const v2Replacement = (method, path) => {
    if (method !== 'POST')
        return undefined;
    const bare = path.replace(/\?.*$/, '');
    if (/^\/project\/[^/]+\/[^/]+\/[^/]+(\/tree\/[^/]+|\/build)?$/.test(bare))
        return 'a pipeline trigger of API v2 (POST /api/v2/project/{slug}/pipeline/run)';
    if (/\/\d+\/(retry|ssh)$/.test(bare))
        return 'a workflow rerun of API v2 (POST /api/v2/workflow/{id}/rerun)';
    return undefined;
};
/** A call the service has removed: it answered 410 Gone. Nothing was done, so it is never retried. */
class GoneError extends _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ApiError */ .hD {
    name = 'GoneError';
    /** The date it went away, when a header said. */
    since;
    replacement;
    constructor(method, path, serverMessage, attempts, since, replacement) {
        super(410, method, path, serverMessage, attempts);
        const when = since === undefined ? '' : ` on ${plainDate(since)}`;
        const instead = replacement === undefined ? '' : `; instead: ${replacement}`;
        const said = serverMessage ? ` (the service says: ${serverMessage})` : '';
        this.message = `${method} ${path}: the service has removed this call${when} (HTTP 410 Gone)${instead}${said}`;
        this.since = since;
        this.replacement = replacement;
    }
}
/**
 * One step's notices: the first answer that announces a deprecation or a sunset is a warning, every later one a
 * debug line (a step that polls would otherwise warn at every look). Share one between the connections of a step.
 */
class SunsetNotices {
    #replacement;
    #warned = false;
    constructor(options = {}) {
        this.#replacement = options.replacement ?? v2Replacement;
    }
    /** Whether this step has warned already. */
    get warned() {
        return this.#warned;
    }
    /**
     * Every API answer's status and headers pass here (the transport). Says what the headers announce, and for a
     * 410 returns how to make its error (with the server's message and the attempt count), else undefined.
     */
    heard(method, path, status, headers, log) {
        const info = readSunsetHeaders(headers);
        const replacement = this.#replacement(method, path);
        if (status === 410) {
            return (serverMessage, attempts) => new GoneError(method, path, serverMessage, attempts, info?.sunset, replacement);
        }
        if (info === undefined)
            return undefined;
        const text = describeNotice(method, path, info, replacement);
        if (this.#warned) {
            log('debug', text);
        }
        else {
            this.#warned = true;
            log('warning', text);
        }
        return undefined;
    }
}
/** The warning: the call, what it announces in plain words, the replacement and the page. */
function describeNotice(method, path, info, replacement, now = Date.now()) {
    const call = `${method} ${path}`;
    const parts = [];
    if (info.deprecation !== undefined) {
        parts.push(info.deprecation === true
            ? `the service has deprecated ${call}`
            : `the service has deprecated ${call} since ${plainDate(info.deprecation)}`);
    }
    if (info.sunset !== undefined) {
        // A date gone by while the call still answers: the removal is due, not done.
        const past = info.sunset.getTime() <= now;
        const verb = past ? 'was to remove' : 'removes';
        const subject = parts.length === 0 ? `the service ${verb} ${call}` : `it ${verb} the call`;
        const then = past ? 'may answer 410 Gone at any time now' : 'from then on answers 410 Gone';
        parts.push(`${subject} on ${plainDate(info.sunset)}, and ${then}`);
    }
    let text = parts.join('; ');
    text = text.charAt(0).toUpperCase() + text.slice(1);
    if (replacement !== undefined)
        text += `. Instead: ${replacement}`;
    if (info.links.length > 0)
        text += `. See ${info.links.join(' and ')}`;
    return `${text}.`;
}


/***/ }),

/***/ 8301:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DG: () => (/* binding */ TerminalTail),
/* harmony export */   fS: () => (/* binding */ stripTerminalEscapes),
/* harmony export */   h0: () => (/* binding */ plainLine),
/* harmony export */   l6: () => (/* binding */ MAX_LINE_LENGTH)
/* harmony export */ });
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2249);
// The last lines of raw terminal output as plain text (docs/promises.md, promise 15: colour escapes and control
// characters never reach the log as they came). Only the kept lines are cleaned, once the output has ended.

/** Characters kept of one line; the rest of a longer line is dropped (memory is lines × this). */
const MAX_LINE_LENGTH = 1024;
/** Terminal escapes: CSI (colours, cursor moves), OSC (titles, links, unterminated up to the line's end) and any
 *  other ESC sequence. */
const TERMINAL_ESCAPE = 
// eslint-disable-next-line no-control-regex
/\u001b\[[0-?]*[ -/]*[@-~]?|(?:\u001b\]|\u009d)[^\u0007\u001b\n]*(?:\u0007|\u001b\\)?|\u009b[0-?]*[ -/]*[@-~]?|\u001b[ -/]*[0-~]?/g;
/** Control characters but the tab, C1 ones (U+0085 included) too. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;
/** Removes terminal colour and cursor escapes, which the log would show as noise or interpret. */
function stripTerminalEscapes(text) {
    return text.replace(TERMINAL_ESCAPE, '');
}
/** One raw line as a terminal leaves it, near enough: after a `\r`, the last part with text stays. */
function plainLine(raw, max = MAX_LINE_LENGTH) {
    const parts = stripTerminalEscapes(raw).split('\r');
    const last = parts.findLast((part) => part.trim() !== '') ?? '';
    const line = last.replace(CONTROL, '').trimEnd();
    // Sliced first: a line of megabytes is cut without being split into code points.
    return (0,_format_js__WEBPACK_IMPORTED_MODULE_0__/* .cut */ .Jj)(line.slice(0, 2 * max + 3), max + 1);
}
/** The last `maxLines` lines of raw output, each bounded, so memory stays flat whatever the output. */
class TerminalTail {
    #maxLines;
    #maxLineLength;
    /** A ring of raw lines: the oldest is at #first. */
    #lines = [];
    #first = 0;
    /** Blank lines not yet kept: at the end of the output they are dropped, so they never push real lines out. */
    #blank = 0;
    #partial = '';
    totalLines = 0;
    constructor(maxLines, maxLineLength = MAX_LINE_LENGTH) {
        this.#maxLines = Math.max(0, Math.floor(maxLines));
        this.#maxLineLength = Math.max(1, Math.floor(maxLineLength));
    }
    write(text) {
        let start = 0;
        for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
            this.#line(this.#partial + text.slice(start, end));
            this.#partial = '';
            start = end + 1;
        }
        this.#partial = this.#bounded(this.#partial + text.slice(start));
    }
    /** The output ended: a last line without a newline counts, blank lines at the end do not. */
    end() {
        if (this.#partial.trim() !== '')
            this.#line(this.#partial);
        this.#partial = '';
        this.#blank = 0;
    }
    lines() {
        const raw = [...this.#lines.slice(this.#first), ...this.#lines.slice(0, this.#first)];
        return raw.map((line) => plainLine(line, this.#maxLineLength));
    }
    #line(raw) {
        this.totalLines++;
        if (this.#maxLines === 0)
            return;
        if (!/\S/.test(raw)) {
            this.#blank++;
            return;
        }
        for (let i = Math.min(this.#blank, this.#maxLines); i > 0; i--)
            this.#keep('');
        this.#blank = 0;
        // A copy, made flat by the concatenation: a line sliced from a chunk would keep the whole chunk alive.
        this.#keep(` ${this.#bounded(raw)}`.slice(1));
    }
    /** A line too long to hold raw is cleaned early: a `\r` or a cut later gives what it would have given. */
    #bounded(raw) {
        return raw.length > 4 * this.#maxLineLength ? plainLine(raw, this.#maxLineLength) : raw;
    }
    #keep(line) {
        if (this.#lines.length < this.#maxLines) {
            this.#lines.push(line);
        }
        else {
            this.#lines[this.#first] = line;
            this.#first = (this.#first + 1) % this.#maxLines;
        }
    }
}


/***/ }),

/***/ 9704:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  u9: () => (/* binding */ DEFAULT_CALL_BUDGET_MS),
  Rh: () => (/* binding */ DEFAULT_TIMEOUTS),
  qx: () => (/* binding */ DEFAULT_USER_AGENT),
  g2: () => (/* binding */ ERROR_BODY_LIMIT),
  Mo: () => (/* binding */ LONG_WAIT_MS),
  gB: () => (/* binding */ MAX_ANSWER_BYTES),
  yF: () => (/* binding */ MAX_ANSWER_DEPTH),
  NX: () => (/* binding */ MAX_REDIRECTS),
  aq: () => (/* binding */ REDIRECT_STATUSES),
  pY: () => (/* binding */ TOTAL_MARGIN_MS),
  Ju: () => (/* binding */ TOTAL_PER_TIMEOUT)
});

;// CONCATENATED MODULE: ../../package.json
const package_namespaceObject = {"rE":"1.0.0"};
;// CONCATENATED MODULE: ../api/transport-options.ts

/** The overall limit of an attempt, as a multiple of the headers and idle timeouts (2 min by default)... */
const TOTAL_PER_TIMEOUT = 4;
/** ...and at least this much longer than either. */
const TOTAL_MARGIN_MS = 2_000;
/** Seconds, not undici's 300 s: a stuck server fails the step quickly enough to retry or report. */
const DEFAULT_TIMEOUTS = {
    connectMs: 10_000,
    headersMs: 30_000,
    bodyIdleMs: 30_000,
    totalMs: TOTAL_PER_TIMEOUT * 30_000,
};
/**
 * An API call without a deadline of its own (the step has none) gets this one: its attempts and retry waits
 * together, so a `Retry-After` of years fails at once instead of sleeping (docs/promises.md, promise 3).
 */
const DEFAULT_CALL_BUDGET_MS = 10 * 60_000;
/** A retry wait longer than this is said at info level: the log must not look stuck. */
const LONG_WAIT_MS = 5_000;
/**
 * Largest API answer read: many times a page of 100 builds with full records (a few MiB), yet far below what
 * would take the runner's memory. Reading stops when it is passed.
 */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
/** Deepest JSON nesting accepted in an API answer (real ones nest about five deep). */
const MAX_ANSWER_DEPTH = 64;
const DEFAULT_USER_AGENT = `ci-actions/${package_namespaceObject.rE}`;
/** Redirects followed per request, as browsers and the toolkit's http-client do. */
const MAX_REDIRECTS = 5;
/** Statuses that redirect, when a Location comes with them. */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Bytes of an error body read for its message; the rest is not worth a connection's time. */
const ERROR_BODY_LIMIT = 64 * 1024;


/***/ }),

/***/ 1272:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $n: () => (/* binding */ checkEnvName),
/* harmony export */   EZ: () => (/* binding */ checkParallel),
/* harmony export */   H4: () => (/* binding */ MAX_PAGE_SIZE),
/* harmony export */   I3: () => (/* binding */ checkName),
/* harmony export */   N8: () => (/* binding */ checkParams),
/* harmony export */   Pb: () => (/* binding */ checkArtifactStatusFilter),
/* harmony export */   TD: () => (/* binding */ checkRevisionOrTag),
/* harmony export */   W7: () => (/* binding */ checkVerb),
/* harmony export */   ZL: () => (/* binding */ checkBuildNum),
/* harmony export */   _y: () => (/* binding */ jsonObjectKeys),
/* harmony export */   ab: () => (/* binding */ checkLimit),
/* harmony export */   cr: () => (/* binding */ checkSegment),
/* harmony export */   dG: () => (/* binding */ checkVcsType),
/* harmony export */   g9: () => (/* binding */ checkOffset),
/* harmony export */   iw: () => (/* binding */ checkPipelineId),
/* harmony export */   xd: () => (/* binding */ checkBaseUrl),
/* harmony export */   y7: () => (/* binding */ checkKeyType),
/* harmony export */   yL: () => (/* binding */ oneOf),
/* harmony export */   zQ: () => (/* binding */ checkInteger),
/* harmony export */   zg: () => (/* binding */ checkSecret),
/* harmony export */   zx: () => (/* binding */ checkBuildStatusFilter)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1013);
/* harmony import */ var _records_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5942);
// Checks made before anything is sent (spec, Errors table, and the limits of the API). Each takes the name
// the caller knows the value by (an action names its input, the core names its argument), so the message
// always points at what the person wrote.


const MAX_PAGE_SIZE = 100;
function oneOfText(values) {
    return `allowed: ${values.map((v) => `'${v}'`).join(', ')}`;
}
function oneOf(name, value, values) {
    if (values.includes(value))
        return value;
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, oneOfText(values), value);
}
const checkVerb = (name, value) => oneOf(name, value, _records_js__WEBPACK_IMPORTED_MODULE_1__/* .HTTP_VERBS */ .Mn);
const checkVcsType = (name, value) => oneOf(name, value, _records_js__WEBPACK_IMPORTED_MODULE_1__/* .VCS_TYPES */ .N2);
const checkKeyType = (name, value) => oneOf(name, value, _records_js__WEBPACK_IMPORTED_MODULE_1__/* .CHECKOUT_KEY_TYPES */ .l9);
const checkBuildStatusFilter = (name, value) => oneOf(name, value, _records_js__WEBPACK_IMPORTED_MODULE_1__/* .BUILD_STATUS_FILTERS */ ._N);
const checkArtifactStatusFilter = (name, value) => oneOf(name, value, _records_js__WEBPACK_IMPORTED_MODULE_1__/* .ARTIFACT_STATUS_FILTERS */ .YQ);
/** A whole number in [min, max], given as a number or as decimal text. */
function checkInteger(name, value, min, max = Number.MAX_SAFE_INTEGER) {
    const text = String(value).trim();
    const n = typeof value === 'number' ? value : /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
        const range = max === Number.MAX_SAFE_INTEGER ? `a whole number ≥ ${min}` : `a whole number from ${min} to ${max}`;
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, `allowed: ${range}`, text);
    }
    return n;
}
const checkBuildNum = (name, value) => checkInteger(name, value, 1);
const checkLimit = (name, value) => checkInteger(name, value, 1, MAX_PAGE_SIZE);
const checkOffset = (name, value) => checkInteger(name, value, 0);
const checkParallel = (name, value) => checkInteger(name, value, 1);
/** A path segment, never `.` or `..`, which URL rules resolve (encoded or not) into another endpoint. */
function checkSegment(name, value, what = 'a non-empty name') {
    if (value.length === 0 || value.trim() !== value || /\p{Cc}/u.test(value)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, `allowed: ${what} without leading/trailing spaces or control characters`, value);
    }
    if (value === '.' || value === '..') {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, `allowed: ${what} other than '.' or '..'`, value);
    }
    return value;
}
/** A pipeline's id on API v2: a UUID, as the service gives it. */
function checkPipelineId(name, value) {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu.test(value))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, "allowed: a pipeline's id, a UUID such as trigger-build's pipeline-id", value);
    return value.toLowerCase();
}
/** A user, organization or repository name: one path segment. */
function checkName(name, value) {
    checkSegment(name, value);
    if (value.includes('/')) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, 'allowed: a single name without "/"', value);
    }
    return value;
}
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
function checkEnvName(name, value) {
    if (!ENV_NAME.test(value)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, 'allowed: a name matching [A-Za-z_][A-Za-z0-9_]*', value);
    }
    return value;
}
function checkParams(name, value) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, 'allowed: an object of names to strings, numbers or booleans');
    }
    // No prototype: a parameter named `__proto__` is a parameter like any other, not a way to replace one.
    const out = Object.create(null);
    for (const [key, v] of Object.entries(value)) {
        checkEnvName(`${name} name`, key);
        if (key === '__proto__') {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, 'allowed: names other than __proto__, which JSON readers take for an object’s prototype', undefined, 'a parameter is named __proto__');
        }
        if (typeof v !== 'string' && typeof v !== 'boolean' && !(typeof v === 'number' && Number.isFinite(v))) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, 'allowed: values that are strings, numbers or booleans', undefined, `the value of ${JSON.stringify(key)} is ${v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v}`);
        }
        out[key] = v;
    }
    return out;
}
/** The member names of JSON text JSON.parse accepted, duplicates included, which JSON.parse drops silently. */
function jsonObjectKeys(text) {
    const keys = [];
    let depth = 0;
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === '{' || c === '[')
            depth++;
        else if (c === '}' || c === ']')
            depth--;
        else if (c === '"') {
            let end = i + 1;
            while (end < text.length && text[end] !== '"')
                end += text[end] === '\\' ? 2 : 1;
            const token = text.slice(i, end + 1);
            // A string is a member's name when a colon follows it, at the object's own level.
            if (depth === 1 && /^\s*:/.test(text.slice(end + 1, end + 64)))
                keys.push(JSON.parse(token));
            i = end;
        }
    }
    return keys;
}
/** A trigger names a revision or a tag, not both (docs/wire.md). */
function checkRevisionOrTag(revisionName, revision, tagName, tag) {
    if (revision !== undefined && tag !== undefined) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(`${revisionName}/${tagName}`, `give ${revisionName} or ${tagName}, not both`, undefined, 'both are set');
    }
}
/** A secret must be present; its value is never shown. */
function checkSecret(name, value) {
    if (value.length === 0)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, 'a value is required', undefined, 'missing');
    if (/[\r\n]/.test(value)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, 'allowed: a single line', undefined, 'it contains a line break');
    }
    return value;
}
/** The API's address: http(s), ending in /api/v1.1 (a trailing slash tolerated). Returns it without the slash. */
function checkBaseUrl(name, value) {
    const url = URL.parse(value);
    if (url === null)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, 'allowed: an http(s) address ending in /api/v1.1', value, `not a URL: ${JSON.stringify(value)}`);
    const trimmed = value.replace(/\/+$/, '');
    if (!/^https?:$/.test(url.protocol) ||
        url.username !== '' ||
        url.password !== '' ||
        url.search !== '' ||
        url.hash !== '' ||
        !/\/api\/v1\.1$/.test(trimmed)) {
        // A URL with credentials in it is refused without echoing it.
        const shown = url.username !== '' || url.password !== '' ? undefined : value;
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ValidationError */ .yI(name, 'allowed: an http(s) address ending in /api/v1.1, without credentials, query or fragment', shown);
    }
    return trimmed;
}


/***/ }),

/***/ 3704:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  $q: () => (/* binding */ MAX_OUTPUT_BYTES),
  Cs: () => (/* binding */ runAction),
  Xq: () => (/* binding */ runnerTempFile)
});

// UNUSED EXPORTS: COMMON_INPUTS, STOP_SIGNALS

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ../api/client.ts + 1 modules
var client = __webpack_require__(7157);
// EXTERNAL MODULE: ../api/clock.ts
var api_clock = __webpack_require__(7634);
// EXTERNAL MODULE: ../api/errors.ts
var errors = __webpack_require__(1013);
// EXTERNAL MODULE: ../api/message.ts
var message = __webpack_require__(7527);
// EXTERNAL MODULE: ../api/records.ts
var records = __webpack_require__(5942);
// EXTERNAL MODULE: ../api/sunset.ts
var api_sunset = __webpack_require__(8900);
// EXTERNAL MODULE: external "node:dns"
var external_node_dns_ = __webpack_require__(610);
var external_node_dns_default = /*#__PURE__*/__webpack_require__.n(external_node_dns_);
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(7030);
;// CONCATENATED MODULE: ../api/address-guard.ts

/** Thrown by guardedLookup: the name resolved to a link-local address. */
class LinkLocalLookupError extends Error {
    hostname;
    address;
    constructor(hostname, address) {
        super(`${hostname} resolves to the link-local address ${address}`);
        this.hostname = hostname;
        this.address = address;
    }
}
/**
 * A resolver that refuses link-local answers for every name but the API's own (a user's choice): a redirect or an
 * artifact URL naming a host that resolves to a cloud metadata address is never connected to (docs/promises.md, promise
 * 14).
 */
function guardedLookup(apiHostname, lookup) {
    return (hostname, options, callback) => {
        lookup(hostname, options, (err, address, family) => {
            if (err !== null || hostname.toLowerCase() === apiHostname.toLowerCase()) {
                callback(err, address, family);
                return;
            }
            const addresses = typeof address === 'string' ? [address] : address.map((a) => a.address);
            const refused = addresses.find((a) => isLinkLocal(a));
            if (refused !== undefined)
                callback(new LinkLocalLookupError(hostname, refused), address, family);
            else
                callback(null, address, family);
        });
    };
}
/** Link-local networks, also written in IPv6 forms that carry an IPv4 address (node's BlockList matches the
 *  IPv4-mapped form `::ffff:a.b.c.d` by itself; the NAT64 prefix and the old IPv4-compatible form are added). */
const LINK_LOCAL = new external_node_net_.BlockList();
LINK_LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LINK_LOCAL.addSubnet('fe80::', 10, 'ipv6');
LINK_LOCAL.addSubnet('64:ff9b::a9fe:0', 112, 'ipv6');
LINK_LOCAL.addSubnet('::a9fe:0', 112, 'ipv6');
/**
 * True for a link-local address (169.254.0.0/16, fe80::/10), with or without the brackets of a URL or a zone.
 * Other spellings of IPv4 (decimal, octal, hex) are normalised by the URL parser before they get here.
 */
function isLinkLocal(host) {
    const address = host.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
    const kind = (0,external_node_net_.isIP)(address);
    return kind !== 0 && LINK_LOCAL.check(address, kind === 4 ? 'ipv4' : 'ipv6');
}

// EXTERNAL MODULE: ../api/answer.ts
var answer = __webpack_require__(1664);
// EXTERNAL MODULE: ../api/format.ts
var format = __webpack_require__(2249);
// EXTERNAL MODULE: ../../node_modules/undici/index.js
var undici = __webpack_require__(1684);
;// CONCATENATED MODULE: ../api/proxy.ts
// Proxy settings from the environment: HTTPS_PROXY, HTTP_PROXY and NO_PROXY, read as curl and undici read them,
// and the user info of a URL, which is never printed; the proxy's own client, and its errors named as the proxy's.


/** HTTPS_PROXY, HTTP_PROXY and NO_PROXY, lower case first as curl and undici read them; undefined when no proxy
 *  is set. An address that is not a URL is ignored rather than sending everything who knows where. */
function proxyFromEnv(env) {
    const read = (name) => {
        const value = env[name.toLowerCase()] ?? env[name.toUpperCase()];
        return value === undefined || value.trim() === '' ? undefined : value.trim();
    };
    const parse = (value) => {
        if (value === undefined)
            return undefined;
        try {
            // Like curl, a proxy given as host:port is an http proxy.
            const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`);
            return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
        }
        catch {
            return undefined;
        }
    };
    const httpValue = read('http_proxy');
    const httpsValue = read('https_proxy');
    const http = parse(httpValue);
    const https = parse(httpsValue);
    const ignored = [
        ...(httpValue !== undefined && http === undefined ? ['HTTP_PROXY'] : []),
        ...(httpsValue !== undefined && https === undefined ? ['HTTPS_PROXY'] : []),
    ];
    if (http === undefined && https === undefined)
        return ignored.length === 0 ? undefined : { ignored };
    const noProxy = read('no_proxy') ?? '';
    const name = (url) => (url === undefined ? 'none' : url.origin);
    return {
        http,
        https,
        noProxy,
        ignored,
        describe: `Proxy from the environment: ${name(https ?? http)} for https, ${name(http)} for http` +
            (noProxy === '' ? '' : `; not for NO_PROXY (${noProxy})`),
    };
}
function userInfo(url) {
    const parts = [url.username, url.password].filter((p) => p !== '');
    const decoded = parts.map((p) => {
        try {
            return decodeURIComponent(p);
        }
        catch {
            return p;
        }
    });
    return [...parts, ...decoded];
}
/** Marks an error of a proxy's own client (its CONNECT), for proxyError(). */
const PROXY_CLIENT = Symbol('proxy client');
/**
 * The client of a proxy, with the transport's timeouts for its answer to CONNECT: undici gives it none, so a proxy
 * that never answers held each attempt 300 s. Its failures are marked, so that errors name the proxy.
 */
function proxyClient(origin, options, timeouts) {
    const pool = new undici/* Pool */.bC(origin, {
        ...options,
        headersTimeout: timeouts.headersMs,
        bodyTimeout: timeouts.bodyIdleMs,
    });
    const connect = pool.connect.bind(pool);
    // Only the promise form is called (by ProxyAgent).
    Object.assign(pool, {
        connect: (options) => connect(options).catch((error) => {
            if (error instanceof Error)
                Object.assign(error, { [PROXY_CLIENT]: true });
            throw error;
        }),
    });
    return pool;
}
/** A refusal or a timeout of the proxy's tunnel, named as the proxy's; undefined for any other error. */
function proxyError(err, proxy, request, headersMs, attempt) {
    if (proxy === undefined || !(err instanceof Error))
        return undefined;
    const { url, method, display } = request;
    // EnvHttpProxyAgent's choice: HTTPS_PROXY (else HTTP_PROXY) for https, HTTP_PROXY for http.
    const used = url.protocol === 'https:' ? (proxy.https ?? proxy.http) : proxy.http;
    if (used === undefined)
        return undefined;
    const refused = /^Proxy response \((\d+)\) !== 200 when HTTP Tunneling$/u.exec(err.message);
    if (refused !== null) {
        const port = url.port === '' ? (url.protocol === 'https:' ? '443' : '80') : url.port;
        return new errors/* ProxyRefusedError */.Ne(method, display, used.origin, `${url.hostname}:${port}`, Number(refused[1]));
    }
    if (PROXY_CLIENT in err && err.code === 'UND_ERR_HEADERS_TIMEOUT')
        return new errors/* TimeoutError */.MU(method, display, 'connect', headersMs, attempt, used.origin);
    return undefined;
}

// EXTERNAL MODULE: ../api/retry.ts
var retry = __webpack_require__(7878);
// EXTERNAL MODULE: ../api/transport-options.ts + 1 modules
var transport_options = __webpack_require__(9704);
;// CONCATENATED MODULE: ../api/transport.ts
// HTTP transport of the API core: headers and Basic auth, explicit timeouts, safe redirects, retries with backoff
// and Retry-After, limits on what an answer may be, error bodies turned into ApiErrors, proxies from the environment
// (docs/wire.md; docs/promises.md, promises 1–6, 13–14, 20, 22). Every request goes through undici, with or without a
// proxy.
















/** Headers the transport alone decides; a caller's extra headers never override them. */
const RESERVED_HEADERS = new Set([
    'authorization',
    'host',
    'content-length',
    'transfer-encoding',
    'connection',
]);
/** Network-level codes that mean the exchange failed on the wire (not a bug in how it was called). */
const WIRE_ERROR_CODE = /^(E(?!RR_)[A-Z0-9_]+|HPE_[A-Z0-9_]+|ERR_(TLS|SSL)_[A-Z0-9_]+|[A-Z_]*CERT[A-Z_]*|UND_ERR_(SOCKET|RES_CONTENT_LENGTH_MISMATCH|HEADERS_OVERFLOW|INFO))$/;
class Transport {
    /** Origin of the API. */
    origin;
    /** Host name of the API, as URL gives it. */
    #hostname;
    clock;
    #basePath;
    #authorization;
    #secrets;
    #userAgent;
    #timeouts;
    #retry;
    /** API calls' own dispatcher: maxResponseSize caps their answers, and it is per dispatcher. */
    #api;
    /** Downloads', without that cap. A caller's dispatcher (tests) serves as both. */
    #downloads;
    #ownsDispatcher;
    /** The proxies from the environment, when there are any. */
    #proxy;
    #signal;
    #deadline;
    #callBudgetMs;
    #log;
    #sunset;
    #moreSecrets;
    #trusted = new Set();
    #closing = new AbortController();
    #closed;
    /** #redact's, and how many of the caller's secrets it was made for (the transport's own are fixed). */
    #redactor;
    #redactorCount = 0;
    constructor(options) {
        const base = new URL(options.baseUrl);
        this.origin = base.origin;
        this.#hostname = base.hostname;
        this.#basePath = base.pathname.replace(/\/+$/, '');
        this.clock = options.clock ?? api_clock/* systemClock */.ml;
        const token = options.token;
        const secrets = [];
        if (token !== undefined && token !== '') {
            const credential = Buffer.from(`${token}:`).toString('base64');
            this.#authorization = `Basic ${credential}`;
            secrets.push(token, credential);
        }
        else {
            this.#authorization = undefined;
        }
        // A user and password in the base address are never sent, but never printed either.
        secrets.push(...userInfo(base));
        this.#userAgent = options.userAgent ?? transport_options/* DEFAULT_USER_AGENT */.qx;
        const timeouts = definedOnly(options.timeouts);
        const headersMs = timeouts.headersMs ?? transport_options/* DEFAULT_TIMEOUTS */.Rh.headersMs;
        const bodyIdleMs = timeouts.bodyIdleMs ?? transport_options/* DEFAULT_TIMEOUTS */.Rh.bodyIdleMs;
        const longer = Math.max(headersMs, bodyIdleMs);
        this.#timeouts = {
            ...transport_options/* DEFAULT_TIMEOUTS */.Rh,
            // undici checks its own timeouts on a coarse clock (about a second): the overall limit leaves them room to
            // fire first, so that a server that never answers is told as such.
            totalMs: Math.max(transport_options/* TOTAL_PER_TIMEOUT */.Ju * longer, longer + transport_options/* TOTAL_MARGIN_MS */.pY),
            ...timeouts,
        };
        this.#retry = { ...retry/* DEFAULT_RETRY */.vI, ...definedOnly(options.retry) };
        this.#retry.maxAttempts = Math.max(1, Math.floor(this.#retry.maxAttempts));
        this.#log = options.log ?? (() => { });
        this.#sunset = options.sunset ?? new api_sunset/* SunsetNotices */.GI();
        this.#ownsDispatcher = options.dispatcher === undefined;
        if (options.dispatcher !== undefined) {
            this.#api = this.#downloads = options.dispatcher;
        }
        else {
            const agentOptions = {
                connect: {
                    timeout: this.#timeouts.connectMs,
                    lookup: guardedLookup(base.hostname, options.lookup ?? (external_node_dns_default()).lookup),
                },
                headersTimeout: this.#timeouts.headersMs,
                bodyTimeout: this.#timeouts.bodyIdleMs,
            };
            const proxy = proxyFromEnv(options.env ?? process.env);
            for (const name of proxy?.ignored ?? []) {
                this.#log('warning', `${name} is set but is no http(s) address of a proxy: it is not used`);
            }
            let make;
            if (proxy === undefined || !('describe' in proxy)) {
                make = (extra) => new undici/* Agent */.g6({ ...agentOptions, ...extra });
            }
            else {
                // undici's own reading of the variables, given explicitly so that what the log says is what is used.
                // Requests to http and https origins alike go through a CONNECT tunnel (proxyTunnel: undici 8 forwards
                // http requests by default), so the proxy sees host names only: never a header, never the credential.
                const proxyOptions = {
                    ...agentOptions,
                    proxyTunnel: true,
                    // The proxy's own client: undici gives it no timeouts, so a proxy that never answers CONNECT held each
                    // attempt 300 s. Its failures are marked, so that errors name the proxy (#mapError).
                    clientFactory: (origin, options) => proxyClient(origin, options, this.#timeouts),
                    proxyTls: { timeout: this.#timeouts.connectMs },
                    ...(proxy.http === undefined ? {} : { httpProxy: proxy.http.href }),
                    ...(proxy.https === undefined ? {} : { httpsProxy: proxy.https.href }),
                    noProxy: proxy.noProxy,
                };
                make = (extra) => new undici/* EnvHttpProxyAgent */.J2({ ...proxyOptions, ...extra });
                for (const url of [proxy.http, proxy.https])
                    if (url !== undefined)
                        secrets.push(...userInfo(url));
                this.#proxy = proxy;
                this.#log('debug', proxy.describe);
            }
            this.#api = make({ maxResponseSize: transport_options/* MAX_ANSWER_BYTES */.gB });
            // HTTP/1.1 only: undici 8 takes HTTP/2 when a server offers it, and its HTTP/2 downloads were several times
            // slower at a network's latency, with larger flow-control windows too (CHANGELOG).
            this.#downloads = make({
                allowH2: false,
                ...(options.downloadConnections === undefined ? {} : { connections: options.downloadConnections }),
            });
        }
        this.#secrets = [...new Set(secrets)];
        this.#moreSecrets = options.secrets ?? [];
        this.#signal = options.signal;
        this.#deadline = options.deadline;
        this.#callBudgetMs = options.callBudgetMs ?? transport_options/* DEFAULT_CALL_BUDGET_MS */.u9;
    }
    /** A line for the step's log through the transport's own logger (what callers above it have to say). */
    log(level, message) {
        this.#log(level, this.#redact(message));
    }
    /** Artifact URLs the API listed: the credential may go to their origins too. */
    trust(url) {
        let parsed;
        try {
            parsed = new URL(url);
        }
        catch {
            return;
        }
        if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
            return;
        // An API reached over TLS never has its credential sent in clear text, whatever it lists.
        if (parsed.protocol === 'http:' && this.origin.startsWith('https:'))
            return;
        this.#trusted.add(parsed.origin);
    }
    async request(req) {
        const pathWithQuery = req.path + queryString(req.query);
        const v2 = req.api === 'v2';
        const display = (v2 ? 'v2 ' : '') + this.#redact(pathWithQuery);
        if (req.body !== undefined && req.method !== 'POST') {
            throw new TypeError(`${req.method} ${display}: only a POST carries a body`);
        }
        const basePath = v2 ? this.#basePath.replace(/\/v1\.1$/u, '/v2') : this.#basePath;
        const url = new URL(this.origin + basePath + pathWithQuery);
        const body = req.body === undefined ? undefined : JSON.stringify(req.body);
        const headers = { accept: 'application/json', 'user-agent': this.#userAgent };
        if (body !== undefined)
            headers['content-type'] = 'application/json';
        const signal = this.#signalFor(req.signal);
        const given = earliest(this.#deadline, req.deadline);
        // Every call has a deadline, even when its step has none (docs/promises.md, promise 3).
        const deadline = given ?? this.clock.now() + this.#callBudgetMs;
        const exchange = {
            method: req.method,
            url,
            headers,
            body,
            signal,
            sendSignal: signal,
            display,
            urlSecrets: [],
            crossOrigin: 'refuse',
        };
        // Not undici's retry interceptor: a trigger is never sent twice, and Retry-After is waited up to the deadline.
        for (let attempt = 1;; attempt++) {
            if (signal.aborted)
                throw this.#abortError(signal);
            const outcome = await this.#attempt(exchange, attempt);
            if (outcome.ok)
                return outcome.response;
            const { error, retryAfterMs, retryAfter } = outcome;
            if (attempt >= this.#retry.maxAttempts || !(0,retry/* shouldRetry */.Sc)(req.retry, error, retryAfterMs))
                throw error;
            // The server's Retry-After is honoured in full, even above maxDelayMs (docs/promises.md, promise 3).
            const wait = retryAfterMs ?? (0,retry/* backoffDelay */.EY)(attempt, this.#retry, () => this.clock.random());
            const now = this.clock.now();
            if (now + wait > deadline) {
                const left = duration(Math.max(0, deadline - now));
                const until = given === undefined
                    ? `that is past the ${(0,format/* roughly */.vB)(this.#callBudgetMs)} an API call may take in all`
                    : `only ${left} remain before the deadline`;
                const why = retryAfterMs === undefined
                    ? `the next retry in ${duration(wait)} would run past the deadline (${left} left)`
                    : `the server asked to wait ${duration(wait)} before retrying (Retry-After: ${retryAfter}), but ${until}`;
                throw new errors/* DeadlineError */.j3(`${error.message}; giving up: ${why}`, { cause: error });
            }
            const asked = retryAfterMs === undefined ? '' : ' as the server asked (Retry-After)';
            // A long wait is said where people look: a silent minute reads as a hang.
            this.#log(wait > transport_options/* LONG_WAIT_MS */.Mo ? 'info' : 'debug', `${error.message}; retrying in ${wait > transport_options/* LONG_WAIT_MS */.Mo ? duration(wait) : (0,format/* shortDuration */.TV)(wait)}${asked}` +
                ` (attempt ${attempt + 1} of ${this.#retry.maxAttempts})`);
            await this.#sleep(wait, signal);
        }
    }
    /** GET an absolute URL for a download: auth only to trusted origins; redirects followed (max 5), the credential
     *  dropped as soon as the origin changes away from a trusted one; extra headers (e.g. Range) passed through; no
     *  retries (the caller resumes); timeouts as configured; the caller must consume or destroy `body`, and start
     *  reading it before it awaits anything else. Non-2xx → ApiError (body drained). */
    async open(url, options = {}) {
        const exchange = this.#downloadExchange(url, options);
        const { response, url: finalUrl } = await this.#successChain(exchange);
        const body = response.body;
        // undici fails a body through destroy(): its errors become the API core's there, with no stream in between.
        const destroy = body.destroy.bind(body);
        body.destroy = (err) => destroy(err ? this.#mapError(err, exchange, 1) : undefined);
        return { status: response.statusCode, headers: response.headers, url: finalUrl, body };
    }
    /** A download's chain of redirects through #exchange, to a success answer; anything else is an ApiError. */
    async #successChain(exchange) {
        let response;
        let finalUrl;
        try {
            ({ response, url: finalUrl } = await this.#exchange(exchange));
        }
        catch (err) {
            throw this.#mapError(err, exchange, 1);
        }
        const status = response.statusCode;
        if (status < 200 || status >= 300) {
            const message = await (0,answer/* errorMessage */.gJ)(response, this.#secretsOf(exchange), () => exchange.signal.aborted ? this.#abortError(exchange.signal) : undefined);
            throw new errors/* ApiError */.hD(status, 'GET', exchange.display, message);
        }
        const refused = (0,answer/* unusableDownload */.A0)(status, response.headers, () => exchange.display);
        if (refused !== undefined) {
            (0,answer/* discard */.vf)(response.body);
            throw refused;
        }
        finalUrl.username = '';
        finalUrl.password = '';
        return { response, url: finalUrl.href };
    }
    /** The exchange of a download: open()'s checks of the URL, the caller's headers but never the reserved ones. */
    #downloadExchange(url, options) {
        let target;
        try {
            target = new URL(url);
        }
        catch {
            throw new errors/* ValidationError */.yI('url', 'an absolute http(s) URL');
        }
        if (target.protocol !== 'https:' && target.protocol !== 'http:') {
            throw new errors/* ValidationError */.yI('url', 'an absolute http(s) URL', undefined, `unsupported scheme ${target.protocol}`);
        }
        const headers = {};
        for (const [name, value] of Object.entries(options.headers ?? {})) {
            const key = name.toLowerCase();
            if (!RESERVED_HEADERS.has(key))
                headers[key] = value;
        }
        headers['user-agent'] = this.#userAgent;
        const signal = this.#signalFor(options.signal);
        // Worked out (and redacted) only for an error or a log line: most downloads never need it.
        let display;
        const shown = () => (display ??= this.#displayUrl(target, exchange));
        const exchange = {
            method: 'GET',
            url: target,
            headers,
            body: undefined,
            signal,
            sendSignal: signal,
            get display() {
                return shown();
            },
            urlSecrets: (0,format/* urlSecrets */.Fn)(target),
            crossOrigin: 'follow',
        };
        return exchange;
    }
    /** Closes the owned dispatcher; no socket or timer outlives it. In-flight requests and waits end with AbortedError. */
    close() {
        this.#closed ??= (async () => {
            this.#closing.abort(new errors/* AbortedError */.oM('the HTTP client was closed'));
            if (this.#ownsDispatcher)
                await Promise.all([this.#api.destroy(), this.#downloads.destroy()]);
        })();
        return this.#closed;
    }
    /** One attempt of an API request, redirects included; failures are returned so the caller can decide to retry.
     *  The whole attempt, answer read to its end, is bounded by the overall limit (docs/promises.md, promise 5). */
    async #attempt(call, attempt) {
        const limit = new AbortController();
        const timer = setTimeout(() => limit.abort(), this.#timeouts.totalMs);
        const exchange = { ...call, sendSignal: AbortSignal.any([call.signal, limit.signal]) };
        try {
            return await this.#attemptWithin(exchange, attempt);
        }
        finally {
            clearTimeout(timer);
        }
    }
    async #attemptWithin(exchange, attempt) {
        let response;
        try {
            ({ response } = await this.#exchange(exchange));
        }
        catch (err) {
            return { ok: false, error: this.#mapError(err, exchange, attempt) };
        }
        return (0,answer/* readApiAnswer */.le)(response, {
            method: exchange.method,
            display: exchange.display,
            attempt,
            now: () => this.clock.now(),
            secrets: this.#allSecrets(),
            aborted: () => (exchange.signal.aborted ? this.#abortError(exchange.signal) : undefined),
            mapError: (err) => this.#mapError(err, exchange, attempt),
            sunset: this.#sunset,
            log: (level, text) => this.log(level, text),
        });
    }
    /** Sends the request and follows redirects; the credential goes only to trusted origins and, once dropped on
     *  the way, is never sent again in this chain (docs/promises.md, promise 14). An API call takes no answer from
     *  another origin, and nothing is ever sent to a link-local address. Redirect bodies are drained. Errors are
     *  undici's (the wire's have the same codes), or ours for a redirect refused. Not undici's redirect interceptor:
     *  it keeps no credential for the artifact origins the API listed and checks no hop against these rules. */
    async #exchange(exchange) {
        let { method, url, body } = exchange;
        const headers = { ...exchange.headers };
        let authorize = this.#mayAuthorize(url);
        this.#checkAddress(url, exchange, false);
        for (let redirects = 0;; redirects++) {
            const sent = { ...headers };
            if (authorize && this.#authorization !== undefined)
                sent.authorization = this.#authorization;
            const request = {
                origin: url.origin,
                path: url.pathname + url.search,
                headers: sent,
                headersTimeout: this.#timeouts.headersMs,
                bodyTimeout: this.#timeouts.bodyIdleMs,
            };
            const dispatcher = exchange.crossOrigin === 'refuse' ? this.#api : this.#downloads;
            const response = await dispatcher.request({
                ...request,
                method: method,
                body: body ?? null,
                signal: exchange.sendSignal,
            });
            const location = (0,format/* firstHeader */.Yp)(response.headers.location);
            if (!transport_options/* REDIRECT_STATUSES */.aq.has(response.statusCode) || location === undefined)
                return { response, url };
            await response.body.dump();
            if (redirects >= transport_options/* MAX_REDIRECTS */.NX) {
                throw new errors/* BadResponseError */.nS(exchange.method, exchange.display, `more than ${transport_options/* MAX_REDIRECTS */.NX} redirects`);
            }
            let next;
            try {
                next = new URL(location, url);
            }
            catch {
                throw new errors/* BadResponseError */.nS(exchange.method, exchange.display, 'a redirect to an invalid address');
            }
            if (next.protocol !== 'https:' && next.protocol !== 'http:') {
                throw new errors/* BadResponseError */.nS(exchange.method, exchange.display, `a redirect to a ${next.protocol} address`);
            }
            if (exchange.crossOrigin === 'follow')
                exchange.urlSecrets.push(...(0,format/* urlSecrets */.Fn)(next));
            this.#checkAddress(next, exchange, true);
            if (exchange.crossOrigin === 'refuse' && next.origin !== this.origin) {
                // An answer from elsewhere is not the service's answer: a DELETE "done" by another server is no deletion.
                throw new errors/* BadResponseError */.nS(exchange.method, exchange.display, `a redirect to another origin (${this.#displayUrl(next, exchange)}); API answers are taken only from ` +
                    `${this.origin}, the origin of base-url: if the service has moved, set base-url to its new address`);
            }
            authorize &&= this.#mayAuthorize(next);
            // As fetch does: 303, and 301/302 after a POST, continue as a GET without the body.
            const status = response.statusCode;
            if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
                method = 'GET';
                body = undefined;
                delete headers['content-type'];
            }
            if (next.origin !== url.origin) {
                this.#log('debug', `${exchange.method} ${exchange.display}: redirected to ${next.origin}${authorize ? '' : ' (without credentials)'}`);
            }
            url = next;
        }
    }
    /** Refuses a link-local address given as such (a host name resolving to one is caught by guardedLookup).
     *  The API's own host is the user's choice, never refused. */
    #checkAddress(url, exchange, redirected) {
        if (url.hostname === this.#hostname || !isLinkLocal(url.hostname))
            return;
        const how = redirected ? 'was redirected to' : 'would go to';
        throw new errors/* UnsafeAddressError */.rt(`${exchange.method} ${exchange.display} ${how} ${this.#displayUrl(url, exchange)}: a link-local address ` +
            `(where cloud metadata services answer), never contacted`, url.hostname);
    }
    #mayAuthorize(url) {
        return url.origin === this.origin || this.#trusted.has(url.origin);
    }
    /** Maps undici's and the system's errors to the API core's; errors of a wrong call (bugs) pass through. */
    #mapError(err, exchange, attempt) {
        const { method, display, signal } = exchange;
        if (signal.aborted)
            return this.#abortError(signal);
        // Only the attempt's overall limit aborts the sending signal without aborting the caller's.
        if (exchange.sendSignal.aborted)
            return new errors/* TimeoutError */.MU(method, display, 'total', this.#timeouts.totalMs, attempt);
        if (err instanceof errors/* UserFacingError */.Ui)
            return err;
        if (err instanceof LinkLocalLookupError) {
            return new errors/* UnsafeAddressError */.rt(`${method} ${display}: the host name ${err.hostname} resolves to ${err.address}, a link-local address ` +
                `(where cloud metadata services answer), never contacted`, err.address);
        }
        const proxied = proxyError(err, this.#proxy, exchange, this.#timeouts.headersMs, attempt);
        if (proxied !== undefined)
            return proxied;
        const { code, syscall, hostname } = (0,errors/* systemErrorCode */.vq)(err);
        if (code === undefined && err instanceof Error && err.name === 'HTTPParserError') {
            // undici 8 leaves a parser error's code unset: its reason, "(Invalid character in chunk size)", names it.
            const reason = /\(([^)]*)\)\s*$/u.exec(err.message)?.[1] ?? 'invalid response';
            const named = `HPE_${reason.toUpperCase().replace(/[^A-Z0-9]+/gu, '_')}`;
            return new errors/* NetworkError */.Dr(method, display, named, false, attempt);
        }
        switch (code) {
            case 'UND_ERR_CONNECT_TIMEOUT':
                return new errors/* TimeoutError */.MU(method, display, 'connect', this.#timeouts.connectMs, attempt);
            case 'UND_ERR_HEADERS_TIMEOUT':
                return new errors/* TimeoutError */.MU(method, display, 'headers', this.#timeouts.headersMs, attempt);
            case 'UND_ERR_BODY_TIMEOUT':
                return new errors/* TimeoutError */.MU(method, display, 'body', this.#timeouts.bodyIdleMs, attempt);
            case 'UND_ERR_ABORTED':
            case 'UND_ERR_DESTROYED':
            case 'UND_ERR_CLOSED':
                return this.#closing.signal.aborted ? this.#abortError(this.#closing.signal) : new errors/* AbortedError */.oM();
            case 'UND_ERR_RES_EXCEEDED_MAX_SIZE':
                return (0,answer/* tooLarge */.g$)(method, display);
            case 'UND_ERR_SOCKET':
                // undici's "other side closed": the server dropped the connection, possibly after acting on the request.
                return new errors/* NetworkError */.Dr(method, display, 'ECONNRESET', false, attempt);
        }
        if (code !== undefined && WIRE_ERROR_CODE.test(code)) {
            // A failed DNS lookup names its host: after a redirect it is not base-url's (item: which name failed).
            const host = syscall === 'getaddrinfo' || code.startsWith('EAI_') || code === 'ENOTFOUND' ? hostname : undefined;
            return new errors/* NetworkError */.Dr(method, display, code, (0,retry/* provablyNotSent */.dm)(code, syscall), attempt, host);
        }
        return (0,errors/* asError */.zR)(err);
    }
    /** A caller's own UserFacingError reason is kept; any other abort is an AbortedError. */
    #abortError(signal) {
        const reason = signal.reason;
        return reason instanceof errors/* UserFacingError */.Ui ? reason : new errors/* AbortedError */.oM();
    }
    async #sleep(ms, signal) {
        try {
            await this.clock.sleep(ms, signal);
        }
        catch (err) {
            if (signal.aborted)
                throw this.#abortError(signal);
            throw err;
        }
    }
    /** The caller's signal, the transport's own and close()'s, as one. */
    #signalFor(signal) {
        const signals = [this.#closing.signal];
        if (this.#signal !== undefined)
            signals.push(this.#signal);
        if (signal !== undefined)
            signals.push(signal);
        return AbortSignal.any(signals);
    }
    /** A URL as errors name it (displayUrl()), with every secret of the step and of the exchange removed. */
    #displayUrl(url, exchange) {
        return (0,message/* redactor */.$)(exchange.urlSecrets)(this.#redact((0,format/* displayUrl */.Qy)(url)));
    }
    #secretsOf(exchange) {
        return [...this.#allSecrets(), ...exchange.urlSecrets];
    }
    #allSecrets() {
        return [...this.#secrets, ...this.#moreSecrets];
    }
    #redact(text) {
        // Their forms are worked out again only when a secret was added (the caller's list only grows, as inputs
        // holding secrets are read), not for every message and download.
        if (this.#redactor === undefined || this.#redactorCount !== this.#moreSecrets.length) {
            this.#redactor = (0,message/* redactor */.$)(this.#allSecrets());
            this.#redactorCount = this.#moreSecrets.length;
        }
        return this.#redactor(text);
    }
}
function queryString(query) {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) {
        if (value !== undefined)
            params.append(name, String(value));
    }
    const text = params.toString();
    return text === '' ? '' : `?${text}`;
}
/** Seconds, and for long spans also in a unit a person reads at a glance: "999999999 s (about 31.7 years)". */
function duration(ms) {
    return ms < 120_000
        ? `${Math.round(ms / 100) / 10} s`
        : `${Math.round(ms / 1000)} s (about ${(0,format/* roughly */.vB)(ms)})`;
}
function definedOnly(values) {
    return Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => v !== undefined));
}
function earliest(a, b) {
    if (a === undefined)
        return b;
    if (b === undefined)
        return a;
    return Math.min(a, b);
}

// EXTERNAL MODULE: ../api/validate.ts
var validate = __webpack_require__(1272);
;// CONCATENATED MODULE: ../runner/inputs.ts
// Typed reading of an action's inputs. Every check throws a ValidationError that names the input, shows the
// bad value unless it is secret, and says what is allowed; nothing is sent before all inputs are read.


class Inputs {
    #io;
    #declared;
    #secrets;
    constructor(io, declared, secrets) {
        this.#io = io;
        this.#declared = new Set(declared);
        this.#secrets = secrets;
    }
    /** The input as given, trimmed; '' when not set. Reading an undeclared input is a bug in the action. */
    raw(name) {
        if (!this.#declared.has(name))
            throw new Error(`bug: input '${name}' is read but not declared in action.yml`);
        return this.#io.getInput(name);
    }
    optional(name) {
        const value = this.raw(name);
        return value === '' ? undefined : value;
    }
    required(name, hint = '') {
        const value = this.raw(name);
        if (value === '')
            throw new errors/* ValidationError */.yI(name, `a value is required${hint ? `: ${hint}` : ''}`, undefined, 'missing');
        return value;
    }
    secret(name, options = {}) {
        const value = this.raw(name);
        this.mask(value);
        return options.required ? this.required(name, options.hint) : value || undefined;
    }
    /**
     * Masks a value (and each of its lines) in everything the runner prints from now on, whatever its length: the
     * runner masks a one-character secret too (every occurrence of it), and so does our own redaction.
     */
    mask(value) {
        for (const part of [value, ...value.split(/\r?\n/)]) {
            const trimmed = part.trim();
            if (trimmed.length > 0 && !this.#secrets.includes(trimmed)) {
                this.#secrets.push(trimmed);
                this.#io.setSecret(trimmed);
            }
        }
    }
    boolean(name, fallback) {
        const value = this.raw(name);
        if (value === '')
            return fallback;
        if (/^true$/i.test(value))
            return true;
        if (/^false$/i.test(value))
            return false;
        throw new errors/* ValidationError */.yI(name, "allowed: 'true' or 'false'", value);
    }
    integer(name, min, max, fallback) {
        const value = this.raw(name);
        if (value === '')
            return fallback;
        return (0,validate/* checkInteger */.zQ)(name, value, min, max);
    }
    oneOf(name, values, fallback) {
        const value = this.raw(name);
        return value === '' ? fallback : (0,validate/* oneOf */.yL)(name, value, values);
    }
    /** Non-empty lines, trimmed; lines starting with `#` are comments. */
    lines(name) {
        return this.raw(name)
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter((line) => line !== '' && !line.startsWith('#'));
    }
    /** `NAME=value` lines: the value is everything after the first `=`, kept as written. */
    assignments(name, options = {}) {
        const out = new Map();
        const lines = this.raw(name).split(/\r?\n/);
        // Values are masked before a mistake below can print a line that holds one.
        if (options.secret)
            for (const line of lines)
                if (line.indexOf('=') > 0)
                    this.mask(line.slice(line.indexOf('=') + 1));
        lines.forEach((line, index) => {
            if (line.trim() === '' || line.trim().startsWith('#'))
                return;
            const eq = line.indexOf('=');
            const key = eq < 0 ? '' : line.slice(0, eq).trim();
            if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) {
                throw new errors/* ValidationError */.yI(name, 'allowed: NAME=value lines, NAME matching [A-Za-z_][A-Za-z0-9_]*', options.secret ? undefined : line.trim(), options.secret ? `line ${index + 1} is not NAME=value` : undefined);
            }
            if (out.has(key))
                throw givenTwice(name, key);
            out.set(key, line.slice(eq + 1));
        });
        return out;
    }
    /** Build parameters: a JSON object, or `NAME=value` lines. */
    params(name) {
        const raw = this.raw(name);
        if (raw === '')
            return undefined;
        if (raw.startsWith('{')) {
            let parsed;
            try {
                parsed = JSON.parse(raw);
            }
            catch (error) {
                throw new errors/* ValidationError */.yI(name, 'allowed: a JSON object, or NAME=value lines', undefined, `not valid JSON (${error.message})`);
            }
            const seen = new Set();
            for (const key of (0,validate/* jsonObjectKeys */._y)(raw)) {
                if (seen.has(key))
                    throw givenTwice(name, key);
                seen.add(key);
            }
            return (0,validate/* checkParams */.N8)(name, parsed);
        }
        return (0,validate/* checkParams */.N8)(name, Object.fromEntries(this.assignments(name)));
    }
}
function givenTwice(name, key) {
    return new errors/* ValidationError */.yI(name, 'each name once', undefined, `${JSON.stringify(key)} is given twice`);
}

// EXTERNAL MODULE: ../../node_modules/@actions/core/lib/core.js + 14 modules
var core = __webpack_require__(2825);
;// CONCATENATED MODULE: ../runner/io.ts
// The one module that talks to the runner (through @actions/core). Everything else receives an `Io`, so the
// logic can be driven by a recording Io in tests and never reaches for globals.


const coreIo = {
    getInput: (name) => core/* getInput */.V4(name),
    setOutput: (name, value) => core/* setOutput */.uH(name, value),
    setSecret: (value) => core/* setSecret */.Pq(value),
    debug: (message) => core/* debug */.Yz(message),
    info: (message) => core/* info */.pq(message),
    warning: (message, properties) => core/* warning */.$e(message, properties),
    error: (message, properties) => core/* error */.z3(message, properties),
    setFailed: (message) => core/* setFailed */.C1(message),
    untrusted: (lines) => printFenced((line) => core/* info */.pq(line), lines),
    startGroup: (name) => core/* startGroup */.Oh(name),
    endGroup: () => core/* endGroup */.N4(),
    isDebug: () => core/* isDebug */._o(),
    summary: core/* summary */.z,
};
/** The stop-commands fence around `lines`, printed through `info`. */
function printFenced(info, lines) {
    if (lines.length === 0)
        return;
    const token = (0,external_node_crypto_.randomBytes)(16).toString('hex');
    info(`::stop-commands::${token}`);
    for (const line of lines)
        info(line);
    info(`::${token}::`);
}

// EXTERNAL MODULE: ../runner/text.ts
var runner_text = __webpack_require__(8999);
// EXTERNAL MODULE: ../runner/workflow.ts
var workflow = __webpack_require__(649);
;// CONCATENATED MODULE: ../runner/run.ts
// Runs one action the way every action runs: inputs checked first, secrets masked before anything is logged, the
// runner's stop signals turned into an abort, and every failure turned into one `::error::` line with exit code 1.

















/** The address of the hosted service; self-hosted installations pass their own `base-url`. */
const HOSTED_BASE_URL = 'https://ci.example.com/api/v1.1';
const COMMON_INPUTS = [
    'token',
    'base-url',
    'vcs-type',
    'username',
    'project',
    'project-slug',
];
/** The most an output holds before its value goes to a file instead (docs/promises.md, promise 23). */
const MAX_OUTPUT_BYTES = 512 * 1024;
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGBREAK'];
/** A new file's path under RUNNER_TEMP (outside a runner, the system's temporary folder): `<stem>-<uuid>.<ext>`. */
function runnerTempFile(env, stem, extension) {
    return (0,external_node_path_.join)(env['RUNNER_TEMP'] || (0,external_node_os_.tmpdir)(), `${stem}-${(0,external_node_crypto_.randomUUID)()}.${extension}`);
}
async function runAction(spec, main, options = {}) {
    const env = options.env ?? process.env;
    const clock = options.clock ?? api_clock/* systemClock */.ml;
    const secrets = [];
    // Every line, output and summary of the action passes through the guard, so no path can forget it.
    const io = guardedIo(options.io ?? coreIo, secrets);
    const controller = new AbortController();
    const cleanups = [];
    const onSignal = (signal) => {
        if (!controller.signal.aborted)
            controller.abort(new errors/* AbortedError */.oM(`the step was cancelled (${signal})`));
    };
    // Windows has no SIGTERM: its runner sends Ctrl-C (SIGINT), then Ctrl-Break, which Node gives as SIGBREAK.
    for (const signal of STOP_SIGNALS)
        process.on(signal, onSignal);
    const inputs = new Inputs(io, [...COMMON_INPUTS, ...spec.inputs], secrets);
    // One per step, shared by its connections: the service's Deprecation and Sunset are said once (sunset.ts).
    const sunset = new api_sunset/* SunsetNotices */.GI({ replacement: replacementWithInput });
    const declaredOutputs = new Set(spec.outputs);
    const ctx = {
        spec,
        io,
        inputs,
        env,
        clock,
        secrets,
        signal: controller.signal,
        connect: (connectOptions = {}) => {
            // Layered: the environment's tuning, then the test's, then what this connection asks for.
            const tuned = transportTuning(env);
            const connection = connect(inputs, env, clock, controller.signal, io, secrets, sunset, {
                ...connectOptions,
                timeouts: { ...tuned.timeouts, ...options.transport?.timeouts, ...connectOptions.timeouts },
                retry: { ...tuned.retry, ...options.transport?.retry, ...connectOptions.retry },
            });
            cleanups.push(() => connection.transport.close());
            // The overloads say which project the action gets; connect() has checked that it is so.
            return connection;
        },
        setOutput: (name, value) => {
            if (!declaredOutputs.has(name))
                throw new Error(`bug: output '${name}' is set but not declared in action.yml`);
            const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
            const bytes = Buffer.byteLength(text);
            if (bytes <= MAX_OUTPUT_BYTES) {
                io.setOutput(name, text);
                return;
            }
            // Written at once (an output is set synchronously), less every secret, as the output itself would be.
            const file = runnerTempFile(env, `${spec.name}-${name}`, /^[[{]/u.test(text) ? 'json' : 'txt');
            (0,external_node_fs_.writeFileSync)(file, redactOutput(text, secrets), { mode: 0o600 });
            io.setOutput(name, file);
            io.warning(`The ${name} output holds the path of a file, ${file}, not its value: the value takes ` +
                `${(0,format/* formatBytes */.z3)(bytes)}, past the ${(0,format/* formatBytes */.z3)(MAX_OUTPUT_BYTES)} an output may hold (GitHub takes 1 MB ` +
                `of outputs per job). Read it from the file.`);
        },
        onCleanup: (fn) => cleanups.push(fn),
        info: (message) => io.info(message),
    };
    try {
        // The token is masked before anything else can be printed.
        inputs.secret('token');
        await main(ctx);
        if (controller.signal.aborted)
            throw (0,api_clock/* abortReason */.Js)(controller.signal);
    }
    catch (error) {
        fail(io, error, secrets);
    }
    finally {
        for (const fn of cleanups.reverse()) {
            try {
                await fn();
            }
            catch (error) {
                io.debug(`cleanup failed: ${redact(String(error), secrets)}`);
            }
        }
        for (const signal of STOP_SIGNALS)
            process.off(signal, onSignal);
    }
}
const redact = (text, secrets) => (0,message/* redactor */.$)(secrets)(text);
function connect(inputs, env, clock, signal, io, secrets, sunset, options) {
    const needsProject = options.needsProject ?? true;
    const token = inputs.secret('token', {
        required: true,
        hint: (0,workflow/* emptyTokenHint */.S7)(env),
    });
    // The Basic credential is masked as well, in case a debug trace ever shows a header.
    inputs.mask(Buffer.from(`${token}:`).toString('base64'));
    const baseUrl = (0,validate/* checkBaseUrl */.xd)('base-url', inputs.optional('base-url') ?? HOSTED_BASE_URL);
    const slugProject = readProjectSlug(inputs, options.acceptSlug);
    const vcsType = (0,validate/* checkVcsType */.dG)('vcs-type', inputs.optional('vcs-type') ?? 'primary-host');
    const [repoOwner, repoName] = (env['GITHUB_REPOSITORY'] ?? '').split('/');
    const username = inputs.optional('username') ?? repoOwner;
    const project = inputs.optional('project') ?? repoName;
    if (needsProject && slugProject === undefined) {
        for (const [name, value] of [
            ['username', username],
            ['project', project],
        ]) {
            if (!value)
                throw new errors/* ValidationError */.yI(name, 'a value is required when GITHUB_REPOSITORY is not set', undefined, 'missing');
            (0,validate/* checkName */.I3)(name, value);
        }
    }
    const transport = new Transport({
        baseUrl,
        token,
        // Every value masked in this step, also those masked later: server text is cleaned of them before it is cut.
        secrets,
        env,
        clock,
        sunset,
        signal: options.signal ?? signal,
        ...(0,records/* definedOnly */.Uv)({
            deadline: options.deadline,
            timeouts: options.timeouts,
            retry: options.retry,
            downloadConnections: options.downloadConnections,
        }),
        log: (level, message) => {
            if (level === 'debug')
                io.debug(message);
            else if (level === 'warning')
                io.warning(message);
            else
                io.info(message);
        },
    });
    return {
        client: new client/* Client */.Kj(transport),
        transport,
        // A call about no project has the triple's placeholder, whichever way the project was named.
        project: slugProject !== undefined && needsProject
            ? slugProject
            : { vcsType, username: username ?? '', project: project ?? '' },
        baseUrl,
    };
}
/** `project-slug`, checked: never with the v1.1 triple's inputs, and only where `accept` is true. */
function readProjectSlug(inputs, accept) {
    const value = inputs.optional('project-slug');
    if (value === undefined)
        return undefined;
    const others = ['vcs-type', 'username', 'project'].filter((name) => inputs.optional(name));
    if (others.length > 0)
        throw new errors/* ValidationError */.yI('project-slug', `name the project either by project-slug or by vcs-type, username and project`, undefined, `not allowed together with ${others.join(', ')}`);
    const slug = (0,client/* checkProjectSlug */.RF)('project-slug', value);
    if (accept !== true)
        throw new errors/* ValidationError */.yI('project-slug', 'name the project by vcs-type, username and project', undefined, accept === undefined
            ? 'this action does not take a project named by its v2 slug yet'
            : `${accept} has no API v2 form, so a project named by its slug cannot be reached`);
    return slug;
}
/** The replacement of a removed call, and the input that chooses it. */
function replacementWithInput(method, path) {
    const replacement = (0,api_sunset/* v2Replacement */.Zr)(method, path);
    if (replacement === undefined)
        return undefined;
    // The trigger of `auto` is a pipeline already unless an input only v1.1 takes is given (docs/sunset.md).
    return path.includes('/tree/')
        ? `${replacement}: keep the default, trigger-api: auto, without revision and parallel, or set trigger-api: v2`
        : `${replacement}: set trigger-api: v2, or keep the default, auto, which moves to it by itself once the ` +
            'service answers 410';
}
/** Timing of the HTTP layer from the environment: a slow installation needs longer, tests need shorter. */
const TUNING_VARIABLES = {
    timeoutSeconds: 'CI_ACTIONS_TIMEOUT_SECONDS',
    maxAttempts: 'CI_ACTIONS_MAX_ATTEMPTS',
    retryBaseMs: 'CI_ACTIONS_RETRY_BASE_MS',
};
function transportTuning(env) {
    const read = (name, min, max) => {
        const value = env[name];
        return value === undefined || value === '' ? undefined : (0,validate/* checkInteger */.zQ)(name, value, min, max);
    };
    const timeoutSeconds = read(TUNING_VARIABLES.timeoutSeconds, 1, 3600);
    const maxAttempts = read(TUNING_VARIABLES.maxAttempts, 1, 20);
    const retryBaseMs = read(TUNING_VARIABLES.retryBaseMs, 1, 60_000);
    const timeoutMs = timeoutSeconds === undefined ? undefined : timeoutSeconds * 1000;
    return {
        ...(0,records/* definedOnly */.Uv)({
            timeouts: timeoutMs === undefined
                ? undefined
                : { connectMs: Math.min(timeoutMs, 10_000), headersMs: timeoutMs, bodyIdleMs: timeoutMs },
        }),
        retry: (0,records/* definedOnly */.Uv)({ maxAttempts, baseDelayMs: retryBaseMs }),
    };
}
/** An output less every secret, since the runner masks only what it prints (docs/promises.md, promise 13). */
function redactOutput(value, secrets) {
    const whole = redact(value, secrets);
    if (whole === value)
        return value;
    let parsed;
    try {
        parsed = JSON.parse(value);
    }
    catch {
        return whole;
    }
    if (typeof parsed !== 'object' || parsed === null)
        return whole;
    const walk = (v) => {
        if (typeof v === 'string')
            return redact(v, secrets);
        if (Array.isArray(v))
            return v.map(walk);
        if (typeof v === 'object' && v !== null) {
            return Object.fromEntries(Object.entries(v).map(([k, x]) => [redact(k, secrets), walk(x)]));
        }
        return v;
    };
    return JSON.stringify(walk(parsed));
}
/** The Io an action sees: no secret and no workflow command gets through, since the runner masks only whole values. */
function guardedIo(io, secrets) {
    const clean = (text) => redact((0,runner_text/* stripTerminalEscapes */.fS)(text), secrets);
    // The summary's builders all append through addRaw, and keep their text on `this`: one override covers them.
    const summary = Object.create(io.summary);
    summary.addRaw = function (text, addEOL) {
        return io.summary.addRaw.call(this, redact(text, secrets), addEOL);
    };
    return {
        getInput: (name) => io.getInput(name),
        setOutput: (name, value) => io.setOutput(name, redactOutput(value, secrets)),
        setSecret: (value) => io.setSecret(value),
        debug: (message) => io.debug((0,runner_text/* logSafe */.sN)(clean(message))),
        info: (message) => io.info((0,runner_text/* logSafe */.sN)(redact(message, secrets))),
        warning: (message, properties) => io.warning(clean(message), properties),
        error: (message, properties) => io.error(clean(message), properties),
        setFailed: (message) => io.setFailed(clean(message)),
        // Inside the fence the runner obeys nothing: the text is shown as it came, less secrets and escapes.
        untrusted: (lines) => io.untrusted(lines.map(clean)),
        startGroup: (name) => io.startGroup(clean(name)),
        endGroup: () => io.endGroup(),
        isDebug: () => io.isDebug(),
        summary,
    };
}
/** One `::error::` line; a stack trace only for bugs, only at debug level. */
function fail(io, error, secrets) {
    if (error instanceof errors/* UserFacingError */.Ui)
        return io.setFailed(redact(error.message, secrets));
    if (error instanceof Error)
        io.debug(redact(error.stack ?? String(error), secrets));
    io.setFailed(`unexpected error: ${redact(error instanceof Error ? error.message : String(error), secrets)}`);
}


/***/ }),

/***/ 8999:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $v: () => (/* binding */ mdSafe),
/* harmony export */   NO: () => (/* binding */ shellSafeUrl),
/* harmony export */   TN: () => (/* binding */ oneLine),
/* harmony export */   br: () => (/* binding */ htmlSafe),
/* harmony export */   fS: () => (/* reexport safe */ _api_terminal_tail_js__WEBPACK_IMPORTED_MODULE_0__.fS),
/* harmony export */   sN: () => (/* binding */ logSafe)
/* harmony export */ });
/* harmony import */ var _api_format_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2249);
/* harmony import */ var _api_terminal_tail_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8301);
// Text that came from the server (build subjects, test names and messages, error bodies) must not be able to
// issue workflow commands (docs/promises.md, promise 15) nor break the job summary's Markdown.



/**
 * What the runner takes for a workflow command: `::` after .NET's white space (wider than JavaScript's `\s`) at the
 * start of a line, which `\r` ends too, and the older `##[cmd]` anywhere.
 */
const COMMAND_START = /^([\s\u0085\u180e]*)::/gm;
const OLD_COMMAND = /##\[/g;
/** Text safe to print in the log (docs/promises.md, promise 15): a zero-width space breaks every command. */
function logSafe(text) {
    return (0,_api_terminal_tail_js__WEBPACK_IMPORTED_MODULE_0__/* .stripTerminalEscapes */ .fS)(text)
        .replace(COMMAND_START, (_m, space) => `${space}:\u200b:`)
        .replace(OLD_COMMAND, '#\u200b#[');
}
/** Makes text safe inside a Markdown table cell or line: no HTML, no table breaks, one line. */
function mdSafe(text, max = 300) {
    return oneLine(text, max).replace(/[\\`*_[\]<>|&#]/g, (c) => c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : `\\${c}`);
}
/**
 * Makes text safe inside HTML (the cells of `summary.addTable`): GitHub shows Markdown there as written, so a
 * Markdown escape would show its backslash; only HTML's own characters are escaped.
 */
function htmlSafe(text, max = 300) {
    return oneLine(text, max).replace(/[<>&"']/g, (c) => HTML_ENTITIES[c] ?? c);
}
const HTML_ENTITIES = {
    '<': '&lt;',
    '>': '&gt;',
    '&': '&amp;',
    '"': '&quot;',
    "'": '&#39;',
};
// eslint-disable-next-line no-control-regex
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]+/g;
/** One line of at most `max` characters, without terminal escapes, control characters or runs of white space. */
function oneLine(text, max) {
    return (0,_api_format_js__WEBPACK_IMPORTED_MODULE_1__/* .cut */ .Jj)((0,_api_terminal_tail_js__WEBPACK_IMPORTED_MODULE_0__/* .stripTerminalEscapes */ .fS)(text).replace(SPACE_OR_CONTROL, ' ').trim(), max);
}
/** Everything a URL may hold that no shell gives a meaning to. */
const URL_SAFE = /[^A-Za-z0-9\-._~/:?#@%=+,]/gu;
/** An address a workflow may paste into a script: shell syntax percent-encoded (docs/promises.md, promise 33). */
function shellSafeUrl(url) {
    return url.replace(URL_SAFE, (c) => Array.from(Buffer.from(c), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''));
}


/***/ }),

/***/ 649:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gl: () => (/* binding */ workspace),
/* harmony export */   S7: () => (/* binding */ emptyTokenHint),
/* harmony export */   VS: () => (/* binding */ workflowRevision),
/* harmony export */   hy: () => (/* binding */ triggerRefOf),
/* harmony export */   mu: () => (/* binding */ triggerRef),
/* harmony export */   uz: () => (/* binding */ commentsOnPullRequest)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1013);
/* harmony import */ var _api_records_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5942);
// Defaults that come from the workflow run: the runner's GITHUB_* variables and the event's payload (the JSON file
// GITHUB_EVENT_PATH names). Each event says what the service builds for it in its own way.



/** Events whose GITHUB_SHA is not the pull request's head (a merge commit, or the base branch's head). */
const PULL_REQUEST_EVENTS = new Set([
    'pull_request',
    'pull_request_target',
    'pull_request_review',
    'pull_request_review_comment',
]);
/** The event's payload; `{}` when the runner gave none, an error naming `input` when it cannot be read. */
function readPayload(env, input, allowed) {
    const path = env['GITHUB_EVENT_PATH'];
    if (!path)
        return {};
    try {
        const parsed = JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(path, 'utf8'));
        return parsed !== null && typeof parsed === 'object' ? parsed : {};
    }
    catch (error) {
        throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI(input, allowed, undefined, `the event's payload could not be read from GITHUB_EVENT_PATH (${error.message})`);
    }
}
const positive = (value) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
/** A fork's pull request is built from `pull/<number>/head`, as its branch is not in the base repository. */
function forkPullRef(pr) {
    const number = positive(pr?.number);
    if (pr === undefined || number === undefined)
        return undefined;
    const head = (0,_api_records_js__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq)(pr.head?.repo?.full_name);
    const base = (0,_api_records_js__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq)(pr.base?.repo?.full_name);
    return head === undefined || (base !== undefined && head !== base) ? `pull/${number}/head` : undefined;
}
/** The branch or tag the service builds for the workflow's event, if it names one. */
function eventRef(env) {
    const event = env['GITHUB_EVENT_NAME'] ?? '';
    const ref = env['GITHUB_REF'] ?? '';
    const refType = env['GITHUB_REF_TYPE'];
    const allowed = 'give branch (or tag), or run on an event whose payload GITHUB_EVENT_PATH holds';
    if (PULL_REQUEST_EVENTS.has(event)) {
        const fork = forkPullRef(readPayload(env, 'branch', allowed).pull_request);
        if (fork !== undefined)
            return { branch: fork };
    }
    if (event === 'issue_comment') {
        const issue = readPayload(env, 'branch', allowed).issue;
        const number = positive(issue?.number);
        // An issue's comment carries no `pull_request`; only a pull request's does.
        if (number !== undefined && issue?.pull_request)
            return { branch: `pull/${number}/head` };
    }
    if (event === 'release') {
        const tag = (0,_api_records_js__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq)(readPayload(env, 'tag', allowed).release?.tag_name);
        if (tag !== undefined)
            return { tag };
    }
    const head = env['GITHUB_HEAD_REF'];
    if (head)
        return { branch: head };
    if (refType === 'tag' || ref.startsWith('refs/tags/'))
        return { tag: env['GITHUB_REF_NAME'] || ref.replace(/^refs\/tags\//, '') };
    if (refType === 'branch' || ref.startsWith('refs/heads/')) {
        const branch = env['GITHUB_REF_NAME'] || ref.replace(/^refs\/heads\//, '');
        if (branch)
            return { branch };
    }
    return {};
}
/** A trigger's branch, tag and revision: the inputs win, and the event's tag counts only when none is given. */
function triggerRef(inputs, env) {
    return triggerRefOf({ branch: inputs.optional('branch'), tag: inputs.optional('tag'), revision: inputs.optional('revision') }, env);
}
/** The same from values already read (the general action reads its inputs by command). */
function triggerRefOf(given, env) {
    const { branch, tag, revision } = given;
    // A branch given makes the event's ref unused: its payload is not even read.
    const event = branch === undefined ? eventRef(env) : {};
    const eventTag = branch === undefined && tag === undefined && revision === undefined ? event.tag : undefined;
    const chosenTag = tag ?? eventTag;
    return {
        branch: branch ?? event.branch ?? 'master',
        ...(0,_api_records_js__WEBPACK_IMPORTED_MODULE_2__/* .definedOnly */ .Uv)({ tag: chosenTag, revision }),
    };
}
/** The commit the service builds for the event, since GITHUB_SHA of a pull request is not its head commit. */
function workflowRevision(env) {
    const event = env['GITHUB_EVENT_NAME'] ?? '';
    const allowed = 'give it, or run on an event whose payload GITHUB_EVENT_PATH holds';
    if (PULL_REQUEST_EVENTS.has(event)) {
        if (!env['GITHUB_EVENT_PATH']) {
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI('revision', allowed, undefined, `GITHUB_EVENT_PATH is not set on ${event}`);
        }
        const head = (0,_api_records_js__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq)(readPayload(env, 'revision', allowed).pull_request?.head?.sha);
        if (head === undefined) {
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI('revision', 'give it explicitly', undefined, "the event's payload names no pull request head commit");
        }
        return head;
    }
    if (event === 'issue_comment') {
        const issue = readPayload(env, 'revision', allowed).issue;
        if (issue?.pull_request) {
            throw new _api_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ValidationError */ .yI('revision', `give revision or branch (e.g. branch: pull/${positive(issue.number) ?? '<number>'}/head, whose newest ` +
                'build names the commit)', undefined, "an issue_comment event on a pull request does not carry the pull request's head commit, and " +
                "GITHUB_SHA is the default branch's");
        }
    }
    if (event === 'workflow_run') {
        const head = (0,_api_records_js__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq)(readPayload(env, 'revision', allowed).workflow_run?.head_sha);
        if (head !== undefined)
            return head;
    }
    return env['GITHUB_SHA'] || undefined;
}
/** Whether the workflow runs on a comment on a pull request (whose payload names no commit). */
function commentsOnPullRequest(env) {
    if (env['GITHUB_EVENT_NAME'] !== 'issue_comment')
        return false;
    const allowed = 'give revision, or run on an event whose payload GITHUB_EVENT_PATH holds';
    return Boolean(readPayload(env, 'revision', allowed).issue?.pull_request);
}
/** Why the `token` input may be empty, for its error: forks' and Dependabot's runs get no ordinary secrets. */
function emptyTokenHint(env) {
    const event = env['GITHUB_EVENT_NAME'] ?? '';
    const actor = env['GITHUB_ACTOR'] ?? '';
    if (actor === 'dependabot[bot]') {
        return ("the run is Dependabot's, and GitHub gives it only the secrets stored for Dependabot (Settings → Secrets " +
            "and variables → Dependabot): add the token there, or skip this step when github.actor is 'dependabot[bot]'");
    }
    let fork = false;
    if (PULL_REQUEST_EVENTS.has(event) && event !== 'pull_request_target') {
        try {
            fork = forkPullRef(readPayload(env, 'token', '').pull_request) !== undefined;
        }
        catch {
            // An unreadable payload says nothing either way: the general hint follows.
        }
    }
    if (fork) {
        return ('the run is for a pull request from a fork, and GitHub gives such runs no secrets: skip this step for ' +
            'forks (if: github.event.pull_request.head.repo.full_name == github.repository), or run it on ' +
            "pull_request_target, which has secrets, with care: never check out and run the fork's code in that job");
    }
    return ('pass the personal API token from a secret, e.g. token: ${{ secrets.CI_TOKEN }}; a secret that does not ' +
        'exist (a misspelled name, or one of an environment the job does not use) is empty');
}
/** The workspace the runner checked out into, else the current directory. */
function workspace(env) {
    return env['GITHUB_WORKSPACE'] || process.cwd();
}


/***/ })

};
