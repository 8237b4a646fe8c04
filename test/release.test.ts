// The release workflow (.github/workflows/release.yml) as a maintainer relies on it: only vX.Y.Z tags release,
// the GitHub release's notes are the tag's CHANGELOG section, and a second run (the tag push and a published
// release both start one) updates the release instead of failing or making another. Its scripts run here under
// bash, as the runner runs them, with a stand-in `gh` that records what it was asked.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './harness/runner.ts';

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, { steps: Step[] }>;
}

const workflow = parse(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);

function script(name: string): string {
  const step = steps.find((s) => s.name === name || s.id === name);
  if (step?.run === undefined) throw new Error(`release.yml has no run step '${name}'`);
  return step.run;
}

/** Skips where there is no bash: the runner's default shell for these scripts is bash on ubuntu-latest. */
function needsBash(ctx: TestContext): void {
  if (spawnSync('bash', ['-c', 'true']).status !== 0) ctx.skip('needs bash, which this machine lacks');
  if (process.platform === 'win32')
    ctx.skip('needs a POSIX bash with awk and grep; the workflow runs on Linux');
}

/** Runs a step's script as the runner does (`bash --noprofile --norc -eo pipefail`), in `cwd`. */
function runStep(name: string, cwd: string, env: Record<string, string>) {
  const file = join(cwd, 'step.sh');
  writeFileSync(file, script(name));
  const output = join(cwd, 'github-output');
  writeFileSync(output, '');
  const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', file], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', GITHUB_OUTPUT: output, ...env },
  });
  return { ...result, outputs: readFileSync(output, 'utf8') };
}

const CHANGELOG = [
  '# Changelog',
  '',
  '## Unreleased',
  '',
  '- Not yet.',
  '',
  '## 1.0.10 - 2027-03-01',
  '',
  '- The tenth fix.',
  '',
  '## 1.0.1 - 2027-01-15',
  '',
  '### Fixed',
  '',
  '- One fix.',
  '',
  '## 1.0.0 - 2026-12-01',
  '',
  '- First release.',
  '',
].join('\n');

describe('release.yml', () => {
  it('starts on vX.Y.Z tag pushes and published releases', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v*.*.*'] }, release: { types: ['published'] } });
  });

  it('releases vX.Y.Z tags only', (ctx) => {
    needsBash(ctx);
    const cwd = mkdtempSync(join(tmpdir(), 'release-'));
    const outputs = (tag: string) => runStep('tag', cwd, { TAG: tag }).outputs;
    expect(outputs('v1.2.3')).toBe('version=1.2.3\nmajor=v1\n');
    for (const tag of ['v1.0.0-rc.1', 'v1', 'v1.2', '1.2.3', 'v1.2.3.4'])
      expect(outputs(tag)).toBe('major=\n');
  });

  it('takes the notes from the tag’s `## X.Y.Z - YYYY-MM-DD` section, and only from it', (ctx) => {
    needsBash(ctx);
    const cwd = mkdtempSync(join(tmpdir(), 'release-'));
    writeFileSync(join(cwd, 'CHANGELOG.md'), CHANGELOG);
    const notes = join(cwd, 'notes.md');
    const r = runStep('Release notes from CHANGELOG.md', cwd, {
      VERSION: '1.0.1',
      NOTES: notes,
      TAG: 'v1.0.1',
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(readFileSync(notes, 'utf8')).toBe('\n### Fixed\n\n- One fix.\n\n');
  });

  it('fails, naming the heading it needs, when the CHANGELOG has no such section', (ctx) => {
    needsBash(ctx);
    const cwd = mkdtempSync(join(tmpdir(), 'release-'));
    const notes = join(cwd, 'notes.md');
    for (const changelog of [
      CHANGELOG,
      '# Changelog\n\n## [1.1.0] - 2027-04-01\n\n- Bracketed.\n',
      '# Changelog\n\n## 1.1.0 (2027-04-01)\n\n- Parenthesised.\n',
      '# Changelog\n\n## 1.1.0 - 2027-04-01\n\n## 1.0.0 - 2026-12-01\n\n- Empty above.\n',
    ]) {
      writeFileSync(join(cwd, 'CHANGELOG.md'), changelog);
      const r = runStep('Release notes from CHANGELOG.md', cwd, {
        VERSION: '1.1.0',
        NOTES: notes,
        TAG: 'v1.1.0',
      });
      expect(r.status).toBe(1);
      expect(r.stdout).toContain("::error::CHANGELOG.md has no section '## 1.1.0 - YYYY-MM-DD'");
    }
  });

  it('creates the release once, and updates it when it exists', (ctx) => {
    needsBash(ctx);
    const cwd = mkdtempSync(join(tmpdir(), 'release-'));
    // A stand-in gh: `release view` answers as the file `exists` says, every call is recorded.
    const bin = join(cwd, 'bin');
    mkdirSync(bin);
    writeFileSync(
      join(bin, 'gh'),
      [
        '#!/usr/bin/env bash',
        'echo "$*" >> "$GH_LOG"',
        'if [ "$1 $2" = "release view" ]; then [ -f "$GH_EXISTS" ]; exit; fi',
        'if [ "$1 $2" = "release create" ]; then touch "$GH_EXISTS"; fi',
      ].join('\n'),
    );
    chmodSync(join(bin, 'gh'), 0o755);
    const log = join(cwd, 'gh.log');
    const env = {
      TAG: 'v1.0.0',
      NOTES: join(cwd, 'notes.md'),
      LATEST: 'true',
      GH_LOG: log,
      GH_EXISTS: join(cwd, 'exists'),
      PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
    };
    const first = runStep('Create or update the GitHub release', cwd, env);
    const second = runStep('Create or update the GitHub release', cwd, env);
    expect(first.status, first.stderr).toBe(0);
    expect(second.status, second.stderr).toBe(0);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual([
      'release view v1.0.0',
      `release create v1.0.0 --verify-tag --title v1.0.0 --notes-file ${env.NOTES} --latest=true`,
      'release view v1.0.0',
      `release edit v1.0.0 --title v1.0.0 --notes-file ${env.NOTES}`,
    ]);
  });
});

describe('the workflows', () => {
  const files = readdirSync(join(ROOT, '.github/workflows')).filter((f) => /\.ya?ml$/u.test(f));

  it('are the ones this test expects', () => {
    expect(files).toEqual(expect.arrayContaining(['ci.yml', 'codeql.yml', 'release.yml']));
  });

  it.each(files)('%s pastes no expression into a script (event text and outputs go through env:)', (file) => {
    const parsed = parse(readFileSync(join(ROOT, '.github/workflows', file), 'utf8')) as Workflow;
    const pasted = Object.values(parsed.jobs)
      .flatMap((job) => job.steps)
      .filter((step) => step.run?.includes('${{'))
      .map((step) => step.name ?? step.run);
    expect(pasted).toEqual([]);
  });
});

describe('CHANGELOG.md', () => {
  it('heads each section `Unreleased` or `X.Y.Z - YYYY-MM-DD`, the form release.yml reads', () => {
    const headings = [...readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8').matchAll(/^## (.*)$/gmu)].map(
      ([, heading]) => heading,
    );
    expect(headings.length).toBeGreaterThan(0);
    for (const heading of headings)
      expect(heading).toMatch(/^(Unreleased|\d+\.\d+\.\d+ - \d{4}-\d{2}-\d{2})$/u);
  });
});
