// Every endpoint of the v1.1 API, each checked before sending and sent with the retry mode that is safe for it.
import { AbortedError, UserFacingError, ValidationError } from '../common/errors.ts';
import { ApiError, certificateCode, isUnknownProject, UntrustedCertificateError } from './http/errors.ts';
import { paginate } from './paginate.ts';
import {
  buildAnswer,
  buildListAnswer,
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
  type HttpVerb,
  type MessageResult,
  type Project,
  type TestMetadata,
  type User,
  type VcsType,
} from './records.ts';
import { definedOnly, isOfCommit } from '../common/values.ts';
import { isAmbiguous } from './http/retry.ts';
import { checkSshKey } from './ssh.ts';
import type { ApiRequest, Transport } from './http/transport.ts';
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
  MAX_PAGE_SIZE,
  type BuildParams,
} from './validate.ts';

/** A project named by its v1.1 triple, which both APIs reach. */
export interface ProjectRef {
  vcsType: VcsType;
  username: string;
  project: string;
}

/** A project named by its slug, which only API v2 reaches (docs/v2.md). */
export interface SlugProject {
  slug: string;
}

/** `'slug' in p` tells which. */
export type ProjectAddress = ProjectRef | SlugProject;

type PageQuery = { limit?: number; offset?: number };

export interface BuildListQuery extends PageQuery {
  statusFilter?: BuildStatusFilter;
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

/** `recoveredAfter`: the failure after which the build was found instead (docs/promises.md, promise 2). */
export interface TriggerResult {
  build: Build;
  recoveredAfter?: string;
}

type LatestArtifacts = { found: true; artifacts: Artifact[] } | { found: false; message: string };

/** A trigger failed without telling whether a build started, and none could be found. */
class AmbiguousTriggerError extends UserFacingError {
  override name = 'AmbiguousTriggerError';
}

/** The caller aborted while a trigger was on its way; `before` is the newest number before it. */
export abstract class AbortedTrigger extends AbortedError {
  readonly before: number;
  constructor(message: string, before: number) {
    super(message);
    this.before = before;
  }
}

export class TriggerAbortedError extends AbortedTrigger {
  override name = 'TriggerAbortedError';
}

const seg = encodeURIComponent;

const orEmpty = (call: AnswerOf, value: unknown): unknown => objectAnswer(call, value, true);
/** The build a GET or a cancel named, and no other. */
const asked = (buildNum: number) => (call: AnswerOf, value: unknown) =>
  buildAnswer(call, value, { asked: buildNum });

export class Client {
  readonly transport: Transport;

  constructor(transport: Transport) {
    this.transport = transport;
  }

  async me(): Promise<User> {
    return this.call('GET', '/me', objectAnswer);
  }

  async projects(): Promise<Project[]> {
    return this.call('GET', '/projects', listAnswer);
  }

  async recentBuilds(query: PageQuery = {}): Promise<Build[]> {
    return this.call('GET', '/recent-builds', firstOfPage(query.limit), { query: pageQuery(query) });
  }

  allRecentBuilds(query: PageQuery = {}): AsyncGenerator<Build> {
    return paginate((limit, offset) => this.recentBuilds({ limit, offset }), {
      ...query,
      // Recent builds span projects, each numbering its own builds.
      key: (b) => `${b.vcs_type}/${b.username}/${b.reponame}/${b.build_num}`,
      warn: (message) => this.transport.log('warning', `recent-builds: ${message}`),
    });
  }

  async addPlatformKey(apikey: string): Promise<unknown> {
    const body = { apikey: checkSecret('apikey', apikey) };
    return this.call('POST', '/user/platform-key', orEmpty, { body });
  }

  async follow(p: ProjectRef): Promise<Record<string, unknown>> {
    return this.call('POST', `${projectPath(p)}/follow`, objectAnswer);
  }

  async builds(p: ProjectRef, query: BuildListQuery = {}): Promise<Build[]> {
    const path = query.branch === undefined ? projectPath(p) : treePath(p, query.branch);
    const filter =
      query.statusFilter === undefined
        ? undefined
        : checkBuildStatusFilter('status_filter', query.statusFilter);
    return this.call('GET', path, firstOfPage(query.limit), { query: { ...pageQuery(query), filter } });
  }

  allBuilds(p: ProjectRef, query: BuildListQuery = {}): AsyncGenerator<Build> {
    return paginate((limit, offset) => this.builds(p, { ...query, limit, offset }), {
      ...pageQuery(query),
      key: (b) => b.build_num,
      warn: (message) => this.transport.log('warning', `builds: ${message}`),
    });
  }

  /** Triggers a build, never two: a build a failure may have started is looked for (docs/promises.md, promise 2). */
  async trigger(p: ProjectRef, options: TriggerOptions): Promise<TriggerResult> {
    const path = treePath(p, options.branch);
    checkRevisionOrTag('revision', options.revision, 'tag', options.tag);
    const body = definedOnly({
      revision: options.revision,
      tag: options.tag,
      parallel: options.parallel === undefined ? undefined : checkParallel('parallel', options.parallel),
      build_parameters: options.params === undefined ? undefined : checkParams('params', options.params),
    });
    const before = await this.newestBuildNum(p);
    try {
      return { build: await this.call('POST', path, buildAnswer, { body, retry: 'once' }) };
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
    return this.call('GET', buildPath(p, buildNum), asked(buildNum));
  }

  /** A retry without cache is an unsupported use of the endpoint, which callers should say. */
  async retry(
    p: ProjectRef,
    buildNum: number,
    options: { ssh?: boolean; noCache?: boolean } = {},
  ): Promise<Build> {
    const body = options.noCache ? { 'no-cache': true } : options.ssh ? { ssh: true } : {};
    const check = (call: AnswerOf, value: unknown): Build => buildAnswer(call, value, { not: buildNum });
    return this.call('POST', `${buildPath(p, buildNum)}/retry`, check, { body, retry: 'once' });
  }

  async cancel(p: ProjectRef, buildNum: number): Promise<Build> {
    return this.call('POST', `${buildPath(p, buildNum)}/cancel`, asked(buildNum));
  }

  async addSshUser(p: ProjectRef, buildNum: number): Promise<Build> {
    return this.call('POST', `${buildPath(p, buildNum)}/ssh-users`, objectAnswer);
  }

  async artifacts(p: ProjectRef, buildNum: number): Promise<Artifact[]> {
    return this.call('GET', `${buildPath(p, buildNum)}/artifacts`, this.trusted);
  }

  /** Artifacts of the latest matching build; the service's 404 for "no artifacts" is "none", not an error. */
  async latestArtifacts(
    p: ProjectRef,
    query: { branch?: string; statusFilter?: ArtifactStatusFilter } = {},
  ): Promise<LatestArtifacts> {
    const filter = checkArtifactStatusFilter('status_filter', query.statusFilter ?? 'completed');
    const branch = query.branch === undefined ? undefined : checkSegment('branch', query.branch);
    const path = `${projectPath(p)}/latest/artifacts`;
    try {
      const artifacts: Artifact[] = await this.call('GET', path, this.trusted, { query: { branch, filter } });
      return { found: true, artifacts };
    } catch (error) {
      const none = error instanceof ApiError && error.status === 404 && !isUnknownProject(error);
      if (none) return { found: false, message: error.serverMessage || 'no artifacts' };
      throw error;
    }
  }

  async tests(p: ProjectRef, buildNum: number): Promise<TestMetadata> {
    return this.call('GET', `${buildPath(p, buildNum)}/tests`, objectAnswer);
  }

  async clearCache(p: ProjectRef): Promise<MessageResult> {
    return this.call('DELETE', `${projectPath(p)}/build-cache`, objectAnswer);
  }

  async listEnvVars(p: ProjectRef): Promise<EnvVar[]> {
    return this.call('GET', `${projectPath(p)}/envvar`, listAnswer);
  }

  async addEnvVar(p: ProjectRef, name: string, value: string): Promise<EnvVar> {
    const body = { name: checkEnvName('name', name), value };
    return this.call('POST', `${projectPath(p)}/envvar`, objectAnswer, { body });
  }

  async getEnvVar(p: ProjectRef, name: string): Promise<EnvVar> {
    return this.call('GET', `${projectPath(p)}/envvar/${seg(checkEnvName('name', name))}`, objectAnswer);
  }

  async deleteEnvVar(p: ProjectRef, name: string): Promise<MessageResult> {
    return this.deleteOnce(`${projectPath(p)}/envvar/${seg(checkEnvName('name', name))}`);
  }

  async listCheckoutKeys(p: ProjectRef): Promise<CheckoutKey[]> {
    return this.call('GET', `${projectPath(p)}/checkout-key`, listAnswer);
  }

  async createCheckoutKey(p: ProjectRef, keyType: CheckoutKeyType): Promise<CheckoutKey> {
    const body = { type: checkKeyType('key_type', keyType) };
    return this.call('POST', `${projectPath(p)}/checkout-key`, objectAnswer, { body, retry: 'once' });
  }

  async getCheckoutKey(p: ProjectRef, fingerprint: string): Promise<CheckoutKey> {
    const path = `${projectPath(p)}/checkout-key/${seg(checkSegment('fingerprint', fingerprint))}`;
    return this.call('GET', path, objectAnswer);
  }

  async deleteCheckoutKey(p: ProjectRef, fingerprint: string): Promise<MessageResult> {
    return this.deleteOnce(`${projectPath(p)}/checkout-key/${seg(checkSegment('fingerprint', fingerprint))}`);
  }

  async addSshKey(p: ProjectRef, sshKey: string, hostname?: string): Promise<unknown> {
    const body = definedOnly({
      private_key: checkSshKey('ssh_key', sshKey).privateKey,
      hostname: hostname === undefined ? undefined : checkSegment('hostname', hostname, 'a host name'),
    });
    return this.call('POST', `${projectPath(p)}/ssh-key`, orEmpty, { body, retry: 'once' });
  }

  /** Sends a call (idempotent unless told) and checks its answer by shape (docs/promises.md, promise 22). */
  private async call<T>(
    method: HttpVerb,
    path: string,
    check: (call: AnswerOf, value: unknown) => unknown,
    more: Partial<Pick<ApiRequest, 'query' | 'body' | 'retry'>> = {},
  ): Promise<T> {
    const request = { method, path, retry: 'idempotent' as const, ...more };
    try {
      return check(request, (await this.transport.request(request)).data) as T;
    } catch (error) {
      // An untrusted certificate is the user's to fix (a self-hosted authority): said with the host, not as a bug.
      const code = certificateCode(error);
      if (code === undefined) throw error;
      throw new UntrustedCertificateError(`${method} ${path}`, new URL(this.transport.origin).host, code);
    }
  }

  /** A DELETE whose answer was lost is retried; its 404 then means an earlier attempt already deleted it. */
  private async deleteOnce(path: string): Promise<MessageResult> {
    try {
      return await this.call('DELETE', path, objectAnswer);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404 && error.attempts > 1) return { message: 'ok' };
      throw error;
    }
  }

  /** The artifact URLs the API itself listed may receive the credential (docs/promises.md, promise 14). */
  private trusted = (call: AnswerOf, value: unknown): Artifact[] => {
    const artifacts = listAnswer<Artifact>(call, value);
    for (const a of artifacts) if (typeof a.url === 'string') this.transport.trust(a.url);
    return artifacts;
  };

  private async newestBuildNum(p: ProjectRef): Promise<number> {
    try {
      return (await this.builds(p, { limit: 1 }))[0]?.build_num ?? 0;
    } catch (error) {
      // A project not followed yet has no builds; the trigger itself will say if the project is unknown.
      if (error instanceof ApiError && error.status === 404) return 0;
      throw error;
    }
  }

  /** The build a trigger made, if any: newer than `before`, triggered through the API, matching the trigger. */
  async findTriggeredBuild(p: ProjectRef, o: TriggerOptions, before: number): Promise<Build | undefined> {
    const candidates = await this.builds(p, { branch: o.branch, limit: MAX_PAGE_SIZE });
    const matches = (b: Build): boolean =>
      b.build_num > before &&
      b.why === 'api' &&
      (b.branch == null || b.branch === o.branch) &&
      (o.revision === undefined || b.vcs_revision == null || isOfCommit(b.vcs_revision, o.revision)) &&
      (o.tag === undefined || b.vcs_tag == null || b.vcs_tag === o.tag);
    // The oldest match is ours: a later one was triggered by someone else after our call.
    return candidates.filter(matches).sort((a, b) => a.build_num - b.build_num)[0];
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

export function projectName(p: ProjectAddress): string {
  return 'slug' in p ? p.slug : `${p.username}/${p.project}`;
}

export function projectPath(p: ProjectRef): string {
  const vcs = checkVcsType('vcs_type', p.vcsType);
  return `/project/${seg(vcs)}/${seg(checkName('username', p.username))}/${seg(checkName('project', p.project))}`;
}

const treePath = (p: ProjectRef, branch: string): string =>
  `${projectPath(p)}/tree/${seg(checkSegment('branch', branch))}`;
const buildPath = (p: ProjectRef, buildNum: number): string =>
  `${projectPath(p)}/${checkBuildNum('build_num', buildNum)}`;

/** The first `limit` builds of a page, which may hold more (docs/promises.md, promise 34): the size cap bounds it. */
function firstOfPage(limit: number | undefined): (call: AnswerOf, value: unknown) => Build[] {
  return (call, value) =>
    buildListAnswer(call, Array.isArray(value) && limit !== undefined ? value.slice(0, limit) : value);
}

function pageQuery(q: PageQuery): PageQuery {
  return definedOnly({
    limit: q.limit === undefined ? undefined : checkLimit('limit', q.limit),
    offset: q.offset === undefined ? undefined : checkOffset('offset', q.offset),
  });
}
