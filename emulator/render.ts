// Wire records (shaped after real v1.1 answers) from the stored data, computed at read time: a build's state
// follows from its times and the clock, so a fake clock moves builds without timers.

import {
  matchesStatusFilter,
  type Artifact,
  type Build,
  type Project,
  type TestCase,
  type TestMetadata,
} from './service.ts';
import { contentSeed } from './content.ts';
import {
  artifactAbsolutePath,
  defaultTests,
  type ArtifactSpec,
  type EmulatedProject,
  type EmulatedUser,
  type StoredBuild,
} from './model.ts';
import { phaseAt, type Phase } from './phase.ts';
import { stepRecords } from './steps.ts';

export interface RenderContext {
  /** Origin of the API server (build and artifact URLs). */
  origin: string;
  user: EmulatedUser;
  now: number;
  /** Signs a path on the storage origin (step output URLs). */
  sign?: (path: string) => string;
}

function previousOnBranch(project: EmulatedProject, build: StoredBuild): StoredBuild | undefined {
  let found: StoredBuild | undefined;
  for (const other of project.storedBuilds) {
    if (
      other.num < build.num &&
      other.branch === build.branch &&
      (found === undefined || other.num > found.num)
    ) {
      found = other;
    }
  }
  return found;
}

function statusOf(project: EmulatedProject, build: StoredBuild, phase: Phase): string {
  if (phase.lifecycle !== 'finished') return build.pin?.status ?? phase.lifecycle;
  if (build.statusOverride !== undefined) return build.statusOverride;
  const outcome = phase.outcome ?? 'success';
  if (outcome !== 'success') return outcome;
  // `fixed`: the last build of the branch that had ended when this one ended had failed (canceled ones skipped).
  const stop = phase.stop ?? 0;
  const earlier = project.storedBuilds
    .filter((other) => other.num < build.num && other.branch === build.branch)
    .sort((a, b) => b.num - a.num);
  for (const other of earlier) {
    const otherPhase = phaseAt(other, stop);
    if (otherPhase.lifecycle !== 'finished' || otherPhase.outcome === 'canceled') continue;
    return matchesStatusFilter({ build_num: other.num, outcome: otherPhase.outcome }, 'failed')
      ? 'fixed'
      : 'success';
  }
  return 'success';
}

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

function buildRef(project: EmulatedProject, build: StoredBuild, now: number): Build {
  const phase = phaseAt(build, now);
  return {
    build_num: build.num,
    status: statusOf(project, build, phase),
    build_time_millis: phase.start !== null && phase.stop !== null ? phase.stop - phase.start : 0,
  };
}

function previousSuccessful(project: EmulatedProject, build: StoredBuild, now: number): Build | null {
  let found: StoredBuild | undefined;
  for (const other of project.storedBuilds) {
    if (other.num >= build.num || other.branch !== build.branch) continue;
    if (phaseAt(other, now).outcome !== 'success') continue;
    if (found === undefined || other.num > found.num) found = other;
  }
  return found === undefined ? null : buildRef(project, found, now);
}

/** Artifacts and tests exist once a build has ended, except when it was canceled. */
function hasResults(phase: Phase): boolean {
  return phase.lifecycle === 'finished' && phase.outcome !== 'canceled';
}

export function buildUrl(project: EmulatedProject, origin: string, num: number): string {
  return `${origin}/${project.vcsType}/${encodeURIComponent(project.username)}/${encodeURIComponent(project.reponame)}/${num}`;
}

/** A build summary, as in build lists and the answers of trigger, retry, cancel and ssh-users. */
export function buildSummary(project: EmulatedProject, build: StoredBuild, ctx: RenderContext): Build {
  const phase = phaseAt(build, ctx.now);
  const status = statusOf(project, build, phase);
  const outcome = phase.outcome;
  const commitKnown = build.commitKnownWhileQueued || phase.start !== null;
  const commit = commitKnown ? build.commit : undefined;
  const previous = previousOnBranch(project, build);
  const url = buildUrl(project, ctx.origin, build.num);
  const record: Build = {
    compare: null,
    previous_successful_build: previousSuccessful(project, build, ctx.now),
    build_parameters: build.buildParameters,
    oss: false,
    all_commit_details_truncated: false,
    committer_date: commit ? iso(commit.date) : null,
    body: commit ? commit.body : null,
    usage_queued_at: iso(build.queuedAt),
    context_ids: [],
    fail_reason: null,
    retry_of: build.retryOf,
    reponame: project.reponame,
    ssh_users: build.sshUsers.map((user) => ({ ...user })),
    build_url: url,
    parallel: build.parallel,
    failed: outcome === 'failed' ? true : null,
    branch: build.branch,
    username: project.username,
    author_date: commit ? iso(commit.date) : null,
    why: build.why,
    user: { ...build.user },
    vcs_revision: build.revision,
    vcs_tag: build.tag,
    build_num: build.num,
    infrastructure_fail: outcome === 'infrastructure_fail',
    committer_email: commit ? commit.committerEmail : null,
    has_artifacts:
      phase.lifecycle === 'queued'
        ? null
        : build.artifacts.length > 0 && (phase.lifecycle === 'running' || hasResults(phase)),
    previous: previous === undefined ? null : buildRef(project, previous, ctx.now),
    status,
    committer_name: commit ? commit.committerName : null,
    retries: build.retries.length > 0 ? [...build.retries] : null,
    subject: commit ? commit.subject : null,
    vcs_type: project.vcsType,
    timedout: outcome === 'timedout',
    dont_build: null,
    lifecycle: phase.lifecycle,
    no_dependency_cache: build.noDependencyCache,
    stop_time: iso(phase.stop),
    ssh_disabled: build.sshUsers.length === 0,
    build_time_millis: phase.start !== null && phase.stop !== null ? phase.stop - phase.start : null,
    picard: null,
    messages: [],
    is_first_green_build: false,
    job_name: null,
    start_time: iso(phase.start),
    canceler: build.canceler,
    all_commit_details: commit
      ? [
          {
            committer_date: iso(commit.date),
            body: commit.body,
            branch: build.branch,
            author_date: iso(commit.date),
            committer_email: commit.committerEmail,
            commit: build.revision,
            committer_login: null,
            committer_name: commit.committerName,
            subject: commit.subject,
            commit_url: `${project.vcsUrl}/commit/${build.revision}`,
            author_login: null,
            author_name: commit.authorName,
            author_email: commit.authorEmail,
          },
        ]
      : [],
    platform: build.platform,
    outcome,
    vcs_url: project.vcsUrl,
    author_name: commit ? commit.authorName : null,
    node: null,
    queued_at: iso(build.queuedAt),
    canceled: outcome === 'canceled',
    author_email: commit ? commit.authorEmail : null,
  };
  if (build.workflows !== undefined) record.workflows = { ...build.workflows };
  return { ...record, ...build.extra };
}

/** The full build of GET .../{build_num}: the summary plus its steps. */
export function buildDetails(project: EmulatedProject, build: StoredBuild, ctx: RenderContext): Build {
  const phase = phaseAt(build, ctx.now);
  return {
    ...buildSummary(project, build, ctx),
    steps: stepRecords(project, build, phase, ctx.now, ctx.sign),
  };
}

/** Path of an artifact's download URL (below the origin), on either origin. */
export function artifactUrlPath(
  project: EmulatedProject,
  num: number,
  nodeIndex: number,
  spec: ArtifactSpec,
): string {
  const segments = artifactAbsolutePath(spec).split('/').filter(Boolean).map(encodeURIComponent).join('/');
  return `/artifacts/${project.vcsType}/${encodeURIComponent(project.username)}/${encodeURIComponent(project.reponame)}/${num}/${nodeIndex}/${segments}`;
}

export function artifactContentSeed(
  project: EmulatedProject,
  num: number,
  nodeIndex: number,
  spec: ArtifactSpec,
): number {
  return contentSeed(`${project.slug}/${num}/${nodeIndex}${artifactAbsolutePath(spec)}`);
}

/** The artifacts a build lists at `now` (none before it ends or when canceled). */
export function buildArtifacts(project: EmulatedProject, build: StoredBuild, ctx: RenderContext): Artifact[] {
  if (!hasResults(phaseAt(build, ctx.now))) return [];
  return build.artifacts.map((spec) => ({
    path: artifactAbsolutePath(spec),
    pretty_path: spec.prettyPath ?? (spec.path.startsWith('/') ? spec.path : `$CI_ARTIFACTS/${spec.path}`),
    node_index: spec.nodeIndex,
    url: `${ctx.origin}${artifactUrlPath(project, build.num, spec.nodeIndex, spec)}`,
  }));
}

function completeTestCase(test: TestCase): TestCase {
  return {
    classname: test.classname ?? null,
    file: test.file ?? null,
    name: test.name ?? null,
    result: test.result ?? 'success',
    run_time: test.run_time ?? 0,
    message: test.message ?? null,
    source: test.source ?? 'junit',
    source_type: test.source_type ?? 'junit',
    ...test,
  };
}

/** Test metadata of a build at `now`: empty until it has ended. */
export function buildTests(build: StoredBuild, now: number): TestMetadata {
  const phase = phaseAt(build, now);
  if (!hasResults(phase)) return { tests: [], exceptions: [] };
  const tests = build.tests ?? defaultTests(phase.outcome ?? 'success');
  return { tests: tests.map(completeTestCase), exceptions: [] };
}

function branchEntry(project: EmulatedProject, build: StoredBuild, now: number): Record<string, unknown> {
  const phase = phaseAt(build, now);
  return {
    added_at: iso(build.queuedAt),
    pushed_at: iso(build.commit.date),
    vcs_revision: build.revision,
    build_num: build.num,
    status: statusOf(project, build, phase),
    outcome: phase.outcome,
  };
}

/** A followed project as GET /projects lists it, with its branches keyed by URL-encoded name. */
export function projectRecord(project: EmulatedProject, ctx: RenderContext, sshKeys: unknown[]): Project {
  const branches: Record<string, unknown> = {};
  const byBranch = new Map<string, StoredBuild[]>();
  for (const build of project.storedBuilds) {
    if (build.branch === null) continue;
    const list = byBranch.get(build.branch) ?? [];
    list.push(build);
    byBranch.set(build.branch, list);
  }
  for (const [branch, builds] of byBranch) {
    const newestFirst = [...builds].sort((a, b) => b.num - a.num);
    const finished = newestFirst.filter((build) => phaseAt(build, ctx.now).lifecycle === 'finished');
    const lastSuccess = finished.find((build) => phaseAt(build, ctx.now).outcome === 'success');
    const lastNonSuccess = finished.find((build) => phaseAt(build, ctx.now).outcome !== 'success');
    const entry: Record<string, unknown> = {};
    if (lastSuccess) entry['last_success'] = branchEntry(project, lastSuccess, ctx.now);
    if (lastNonSuccess) entry['last_non_success'] = branchEntry(project, lastNonSuccess, ctx.now);
    entry['pusher_logins'] = [ctx.user.login];
    entry['recent_builds'] = finished.slice(0, 5).map((build) => branchEntry(project, build, ctx.now));
    entry['running_builds'] = newestFirst
      .filter((build) => phaseAt(build, ctx.now).lifecycle === 'running')
      .map((build) => branchEntry(project, build, ctx.now));
    branches[encodeURIComponent(branch)] = entry;
  }
  return {
    irc_server: null,
    ssh_keys: sshKeys,
    branches,
    irc_keyword: null,
    oss: false,
    slack_channel: null,
    reponame: project.reponame,
    dependencies: '',
    aws: { keypair: null },
    slack_webhook_url: null,
    irc_channel: null,
    parallel: project.config.parallel ?? 1,
    followed: true,
    following: true,
    username: project.username,
    has_usable_key: project.checkoutKeys.length > 0,
    setup: '',
    vcs_type: project.vcsType,
    feature_flags: {
      junit: true,
      'build-prs-only': false,
      'build-fork-prs': false,
      'autocancel-builds': false,
    },
    compile: '',
    extra: '',
    language: null,
    vcs_url: project.vcsUrl,
    default_branch: project.config.defaultBranch ?? 'master',
    test: '',
  };
}
