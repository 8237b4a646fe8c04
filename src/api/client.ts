// Every endpoint of the v1.1 API, each checked before sending and sent with the retry mode that is safe for it.
import {
  AbortedError,
  ApiError,
  certificateCode,
  UnusableAnswerError,
  UntrustedCertificateError,
  UserFacingError,
  ValidationError,
} from './errors.ts';
import { paginate } from './paginate.ts';
import {
  buildAnswer,
  buildListAnswer,
  definedOnly,
  listAnswer,
  objectAnswer,
  type AnswerOf,
  type Artifact,
  type ArtifactStatusFilter,
  type Build,
  type BuildStatusFilter,
  type CheckoutKey,
  type CheckoutKeyType,
  type EnvVar,
  type FollowResult,
  type MessageResult,
  type Project,
  type TestMetadata,
  type User,
  type VcsType,
} from './records.ts';
import { isAmbiguous } from './retry.ts';
import { checkSshKey } from './ssh.ts';
import type { ApiRequest, RetryMode, Transport } from './transport.ts';
import {
  checkArtifactStatusFilter,
  checkBuildNum,
  checkBuildStatusFilter,
  checkEnvName,
  checkKeyType,
  checkLimit,
  checkName,
  checkOffset,
  checkParallel,
  checkParams,
  checkRevisionOrTag,
  checkSecret,
  checkSegment,
  checkVcsType,
  checkVerb,
  MAX_PAGE_SIZE,
  type BuildParams,
} from './validate.ts';

/** A project named by its v1.1 triple: every call of both APIs reaches it. */
export interface ProjectRef {
  vcsType: VcsType;
  username: string;
  project: string;
}

/** A project named by its v2 slug alone, which only API v2 reaches (docs/v2.md). */
export interface SlugProject {
  slug: string;
}

/** Either way of naming a project; `'slug' in p` tells which. */
export type ProjectAddress = ProjectRef | SlugProject;

interface PageQuery {
  limit?: number;
  offset?: number;
}

export interface BuildListQuery extends PageQuery {
  statusFilter?: BuildStatusFilter;
  /** Narrows the list to one branch. */
  branch?: string;
}

export interface TriggerOptions {
  branch: string;
  revision?: string;
  tag?: string;
  /** Containers; the second-generation build system ignores them (docs/wire.md). */
  parallel?: number;
  params?: BuildParams;
}

export interface TriggerResult {
  build: Build;
  /** Set when the trigger's answer was lost and the build was found by looking for it (docs/promises.md, promise 2). */
  recoveredAfter?: string;
}

type LatestArtifacts = { found: true; artifacts: Artifact[] } | { found: false; message: string };

/** A trigger failed without telling whether a build started, and none could be found. */
class AmbiguousTriggerError extends UserFacingError {
  override name = 'AmbiguousTriggerError';
}

/** The caller aborted while the trigger was on its way; `before` is for `findTriggeredBuild`. */
export class TriggerAbortedError extends AbortedError {
  override name = 'TriggerAbortedError';
  readonly before: number;
  constructor(message: string, before: number) {
    super(message);
    this.before = before;
  }
}

const seg = encodeURIComponent;

/** The call an answer came from, for its shape check. */
const get = (path: string): AnswerOf => ({ method: 'GET', path });
const post = (path: string): AnswerOf => ({ method: 'POST', path });
const del = (path: string): AnswerOf => ({ method: 'DELETE', path });

export class Client {
  readonly transport: Transport;

  constructor(transport: Transport) {
    this.transport = transport;
  }

  // --- user and project lists

  async me(): Promise<User> {
    return objectAnswer(get('/me'), await this.get('/me'));
  }

  async projects(): Promise<Project[]> {
    return listAnswer(get('/projects'), await this.get('/projects'));
  }

  async recentBuilds(query: PageQuery = {}): Promise<Build[]> {
    return buildListAnswer(get('/recent-builds'), await this.get('/recent-builds', pageQuery(query)));
  }

  /** Every recent build, following `offset` page by page, within paginate's bounds (a warning when it stops). */
  allRecentBuilds(query: PageQuery = {}): AsyncGenerator<Build> {
    return paginate((limit, offset) => this.recentBuilds({ limit, offset }), {
      ...query,
      // Recent builds span projects, each numbering its own builds.
      key: (b) => `${b.vcs_type}/${b.username}/${b.reponame}/${b.build_num}`,
      warn: (message) => this.transport.log('warning', `recent-builds: ${message}`),
    });
  }

  async addPlatformKey(apikey: string): Promise<unknown> {
    checkSecret('apikey', apikey);
    const answer = await this.send({
      method: 'POST',
      path: '/user/platform-key',
      body: { apikey },
      retry: 'idempotent',
    });
    return objectAnswer(post('/user/platform-key'), answer, true);
  }

  // --- project and builds

  async follow(p: ProjectRef): Promise<FollowResult> {
    const path = `${projectPath(p)}/follow`;
    return objectAnswer(post(path), await this.send({ method: 'POST', path, retry: 'idempotent' }));
  }

  async builds(p: ProjectRef, query: BuildListQuery = {}): Promise<Build[]> {
    const base = projectPath(p);
    const path =
      query.branch === undefined ? base : `${base}/tree/${seg(checkSegment('branch', query.branch))}`;
    const filter =
      query.statusFilter === undefined
        ? undefined
        : checkBuildStatusFilter('status_filter', query.statusFilter);
    const list = buildListAnswer(get(path), await this.get(path, { ...pageQuery(query), filter }));
    // A page holds at most what was asked for: a longer one is not the service's list.
    if (query.limit !== undefined && list.length > query.limit)
      throw new UnusableAnswerError(
        'GET',
        path,
        `the page holds ${list.length} builds, more than the ${query.limit} asked for`,
      );
    return list;
  }

  /** Every build matching the query, newest first, page by page within paginate's bounds. */
  allBuilds(p: ProjectRef, query: BuildListQuery = {}): AsyncGenerator<Build> {
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
  async trigger(p: ProjectRef, options: TriggerOptions): Promise<TriggerResult> {
    const path = `${projectPath(p)}/tree/${seg(checkSegment('branch', options.branch))}`;
    checkRevisionOrTag('revision', options.revision, 'tag', options.tag);
    const body = {
      revision: options.revision,
      tag: options.tag,
      parallel: options.parallel === undefined ? undefined : checkParallel('parallel', options.parallel),
      build_parameters: options.params === undefined ? undefined : checkParams('params', options.params),
    };
    const before = await this.newestBuildNum(p);
    try {
      const answer = await this.send({ method: 'POST', path, body: definedOnly(body), retry: 'once' });
      return { build: buildAnswer(post(path), answer) };
    } catch (error) {
      if (error instanceof AbortedError) throw new TriggerAbortedError(error.message, before);
      if (!isAmbiguous(error)) throw error;
      const found = await this.findTriggeredBuild(p, options, before).catch(() => undefined);
      if (found) return { build: found, recoveredAfter: error.message };
      throw new AmbiguousTriggerError(
        `${error.message}; a build may have started on branch '${options.branch}' but none newer than ` +
          `#${before} could be found: check the project's builds before triggering again`,
      );
    }
  }

  async build(p: ProjectRef, buildNum: number): Promise<Build> {
    const path = buildPath(p, buildNum);
    return buildAnswer(get(path), await this.get(path), { asked: buildNum });
  }

  async retry(p: ProjectRef, buildNum: number, options: { ssh?: boolean } = {}): Promise<Build> {
    const body = options.ssh ? { ssh: true } : {};
    const path = `${buildPath(p, buildNum)}/retry`;
    const answer = await this.send({ method: 'POST', path, body, retry: 'once' });
    return buildAnswer(post(path), answer, { not: buildNum });
  }

  /** Retry without cache: an unsupported use of the retry endpoint, which callers should say. */
  async retryNoCache(p: ProjectRef, buildNum: number): Promise<Build> {
    const path = `${buildPath(p, buildNum)}/retry`;
    const answer = await this.send({ method: 'POST', path, body: { 'no-cache': true }, retry: 'once' });
    return buildAnswer(post(path), answer, { not: buildNum });
  }

  async cancel(p: ProjectRef, buildNum: number): Promise<Build> {
    const path = `${buildPath(p, buildNum)}/cancel`;
    const answer = await this.send({ method: 'POST', path, retry: 'idempotent' });
    return buildAnswer(post(path), answer, { asked: buildNum });
  }

  async addSshUser(p: ProjectRef, buildNum: number): Promise<Build> {
    const path = `${buildPath(p, buildNum)}/ssh-users`;
    return objectAnswer(post(path), await this.send({ method: 'POST', path, retry: 'idempotent' }));
  }

  async artifacts(p: ProjectRef, buildNum: number): Promise<Artifact[]> {
    const path = `${buildPath(p, buildNum)}/artifacts`;
    return this.trusted(listAnswer(get(path), await this.get(path)));
  }

  /** Artifacts of the latest matching build; the service's 404 for "no artifacts" is "none", not an error. */
  async latestArtifacts(
    p: ProjectRef,
    query: { branch?: string; statusFilter?: ArtifactStatusFilter } = {},
  ): Promise<LatestArtifacts> {
    const filter = checkArtifactStatusFilter('status_filter', query.statusFilter ?? 'completed');
    const branch = query.branch === undefined ? undefined : checkSegment('branch', query.branch);
    try {
      const path = `${projectPath(p)}/latest/artifacts`;
      const artifacts = listAnswer<Artifact>(get(path), await this.get(path, { branch, filter }));
      return { found: true, artifacts: this.trusted(artifacts) };
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.status === 404 &&
        !/project not found/i.test(error.serverMessage)
      ) {
        return { found: false, message: error.serverMessage || 'no artifacts' };
      }
      throw error;
    }
  }

  async tests(p: ProjectRef, buildNum: number): Promise<TestMetadata> {
    const path = `${buildPath(p, buildNum)}/tests`;
    return objectAnswer(get(path), await this.get(path));
  }

  async clearCache(p: ProjectRef): Promise<MessageResult> {
    const path = `${projectPath(p)}/build-cache`;
    return objectAnswer(del(path), await this.send({ method: 'DELETE', path, retry: 'idempotent' }));
  }

  // --- environment variables

  async listEnvVars(p: ProjectRef): Promise<EnvVar[]> {
    const path = `${projectPath(p)}/envvar`;
    return listAnswer(get(path), await this.get(path));
  }

  async addEnvVar(p: ProjectRef, name: string, value: string): Promise<EnvVar> {
    checkEnvName('name', name);
    const path = `${projectPath(p)}/envvar`;
    const answer = await this.send({ method: 'POST', path, body: { name, value }, retry: 'idempotent' });
    return objectAnswer(post(path), answer);
  }

  async getEnvVar(p: ProjectRef, name: string): Promise<EnvVar> {
    const path = `${projectPath(p)}/envvar/${seg(checkEnvName('name', name))}`;
    return objectAnswer(get(path), await this.get(path));
  }

  async deleteEnvVar(p: ProjectRef, name: string): Promise<MessageResult> {
    return this.deleteOnce(`${projectPath(p)}/envvar/${seg(checkEnvName('name', name))}`);
  }

  // --- keys

  async listCheckoutKeys(p: ProjectRef): Promise<CheckoutKey[]> {
    const path = `${projectPath(p)}/checkout-key`;
    return listAnswer(get(path), await this.get(path));
  }

  async createCheckoutKey(p: ProjectRef, keyType: CheckoutKeyType): Promise<CheckoutKey> {
    const type = checkKeyType('key_type', keyType);
    const path = `${projectPath(p)}/checkout-key`;
    return objectAnswer(post(path), await this.send({ method: 'POST', path, body: { type }, retry: 'once' }));
  }

  async getCheckoutKey(p: ProjectRef, fingerprint: string): Promise<CheckoutKey> {
    const path = `${projectPath(p)}/checkout-key/${seg(checkSegment('fingerprint', fingerprint))}`;
    return objectAnswer(get(path), await this.get(path));
  }

  async deleteCheckoutKey(p: ProjectRef, fingerprint: string): Promise<MessageResult> {
    return this.deleteOnce(`${projectPath(p)}/checkout-key/${seg(checkSegment('fingerprint', fingerprint))}`);
  }

  /** Adds an SSH key (an unencrypted RSA private key), for one host when `hostname` is given. */
  async addSshKey(p: ProjectRef, sshKey: string, hostname?: string): Promise<unknown> {
    const { privateKey } = checkSshKey('ssh_key', sshKey);
    const host = hostname === undefined ? undefined : checkSegment('hostname', hostname, 'a host name');
    const path = `${projectPath(p)}/ssh-key`;
    const answer = await this.send({
      method: 'POST',
      path,
      body: definedOnly({ private_key: privateKey, hostname: host }),
      retry: 'once',
    });
    return objectAnswer(post(path), answer, true);
  }

  // --- plumbing

  private async get<T = unknown>(path: string, query?: ApiRequest['query']): Promise<T> {
    return this.send({ method: 'GET', path, ...definedOnly({ query }), retry: 'idempotent' });
  }

  private async send<T = unknown>(request: ApiRequest): Promise<T> {
    checkVerb('method', request.method);
    try {
      return (await this.transport.request<T>(request)).data;
    } catch (error) {
      // An untrusted certificate is the user's to fix (a self-hosted authority): said with the host, not as a bug.
      const code = certificateCode(error);
      if (code === undefined) throw error;
      throw new UntrustedCertificateError(
        `${request.method} ${request.path}`,
        new URL(this.transport.origin).host,
        code,
      );
    }
  }

  /** A DELETE whose answer was lost is retried; its 404 then means an earlier attempt already deleted it. */
  private async deleteOnce(path: string): Promise<MessageResult> {
    try {
      return objectAnswer(del(path), await this.send({ method: 'DELETE', path, retry: 'idempotent' }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404 && error.attempts > 1) return { message: 'ok' };
      throw error;
    }
  }

  /** The artifact URLs the API itself listed may receive the credential (docs/promises.md, promise 14). */
  private trusted(artifacts: Artifact[]): Artifact[] {
    if (!Array.isArray(artifacts)) return artifacts;
    for (const a of artifacts) if (typeof a?.url === 'string') this.transport.trust(a.url);
    return artifacts;
  }

  private async newestBuildNum(p: ProjectRef): Promise<number> {
    try {
      const newest = await this.builds(p, { limit: 1 });
      return (Array.isArray(newest) ? newest[0]?.build_num : undefined) ?? 0;
    } catch (error) {
      // A project not followed yet has no builds; the trigger itself will say if the project is unknown.
      if (error instanceof ApiError && error.status === 404) return 0;
      throw error;
    }
  }

  /** The build a trigger made, if any: newer than `before`, triggered through the API, matching the trigger. */
  async findTriggeredBuild(p: ProjectRef, o: TriggerOptions, before: number): Promise<Build | undefined> {
    const candidates = await this.builds(p, { branch: o.branch, limit: MAX_PAGE_SIZE });
    if (!Array.isArray(candidates)) return undefined;
    const matches = candidates.filter(
      (b) =>
        b.build_num > before &&
        b.why === 'api' &&
        (b.branch == null || b.branch === o.branch) &&
        (o.revision === undefined || b.vcs_revision == null || b.vcs_revision.startsWith(o.revision)) &&
        (o.tag === undefined || b.vcs_tag == null || b.vcs_tag === o.tag),
    );
    // The oldest match is ours: a later one was triggered by someone else after our call.
    return matches.sort((a, b) => a.build_num - b.build_num)[0];
  }
}

/** A v2 slug, `provider/organization/project`, whose provider is never interpreted (docs/v2.md). */
export function checkProjectSlug(name: string, value: string): SlugProject {
  const parts = value.split('/');
  if (parts.length !== 3)
    throw new ValidationError(name, 'allowed: three segments, provider/organization/project', value);
  for (const part of parts) checkName(name, part);
  return { slug: value };
}

/** How messages name a project: `acme/widget`, or its slug. */
export function projectName(p: ProjectAddress): string {
  return 'slug' in p ? p.slug : `${p.username}/${p.project}`;
}

export function projectPath(p: ProjectRef): string {
  const vcs = checkVcsType('vcs_type', p.vcsType);
  return `/project/${seg(vcs)}/${seg(checkName('username', p.username))}/${seg(checkName('project', p.project))}`;
}

function buildPath(p: ProjectRef, buildNum: number): string {
  return `${projectPath(p)}/${checkBuildNum('build_num', buildNum)}`;
}

function pageQuery(q: PageQuery): { limit?: number; offset?: number } {
  return definedOnly({
    limit: q.limit === undefined ? undefined : checkLimit('limit', q.limit),
    offset: q.offset === undefined ? undefined : checkOffset('offset', q.offset),
  });
}

export type { RetryMode };
