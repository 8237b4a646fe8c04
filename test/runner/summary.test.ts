// The Markdown pieces of the build summaries: server text is escaped, links go only to http(s).
import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coreIo, type Io, type Summary } from '../../src/runner/io.ts';
import {
  appendSummary,
  buildFacts,
  buildHeading,
  buildLink,
  failedTests,
  failedTestsTable,
  linkTarget,
  resultKind,
  testsTable,
} from '../../src/runner/summary.ts';
import { jobOfBuild } from '../../src/service/model.ts';
import type { Build, TestCase } from '../../src/service/records.ts';

const build: Build = {
  build_num: 42,
  build_url: 'https://ci.example.com/primary-host/org/repo/42',
  branch: 'feature/x',
  vcs_revision: '0123456789abcdef0123456789abcdef01234567',
  status: 'failed',
  outcome: 'failed',
  build_time_millis: 125_000,
};

describe('summary pieces', () => {
  it('links the heading to the build and shortens the revision', () => {
    expect(buildHeading(jobOfBuild(build))).toBe(
      '### [Build #42 · feature/x · 0123456](https://ci.example.com/primary-host/org/repo/42)',
    );
    expect(
      buildHeading(jobOfBuild({ ...build, build_url: null, vcs_revision: null, vcs_tag: 'v1.2' }), 2),
    ).toBe('## Build #42 · feature/x · tag v1.2');
  });

  it('escapes server text in headings and facts', () => {
    const evil = { ...build, branch: 'x](javascript:alert(1)) <img src=x>', subject: '| **bold** |' };
    const heading = buildHeading(jobOfBuild(evil));
    expect(heading).toContain('x\\](javascript:alert(1)) &lt;img src=x&gt;');
    expect(heading).toMatch(/\]\(https:\/\/ci\.example\.com\/primary-host\/org\/repo\/42\)$/);
    expect(buildFacts(jobOfBuild(evil), { Waited: '3 s' })).toBe(
      '**Status:** failed · **Outcome:** failed · **Duration:** 2 min 5 s · **Subject:** \\| \\*\\*bold\\*\\* \\| · **Waited:** 3 s',
    );
  });

  it('links only to http(s), with parentheses encoded', () => {
    expect(linkTarget('javascript:alert(1)')).toBeUndefined();
    expect(linkTarget('not a url')).toBeUndefined();
    expect(linkTarget('https://h/a (b)')).toBe('https://h/a%20%28b%29');
    // A build address of 5,000 characters is no link: the heading stays short.
    const long = `https://h/${'a'.repeat(5000)}`;
    expect(linkTarget(long)).toBeUndefined();
    expect(buildHeading(jobOfBuild({ build_num: 7, build_url: long, branch: 'main' })).length).toBeLessThan(
      40,
    );
    expect(buildLink({ number: 7, url: 'data:text/html,x' })).toBe('#7');
  });

  it('counts tests by result, unknown results apart, with their time', () => {
    const tests: TestCase[] = [
      { result: 'success', run_time: 1.5 },
      { result: 'success', run_time: null },
      { result: 'failure', run_time: 2 },
      { result: 'skipped' },
      { result: 'error', run_time: 0.25 },
      { result: 'flaky' },
    ];
    expect(testsTable(tests)).toBe(
      [
        '| Passed | Failed | Skipped | Errors | Other | Total | Time |',
        '|---:|---:|---:|---:|---:|---:|---:|',
        '| 2 | 1 | 1 | 1 | 1 | 6 | 3.75 s |',
      ].join('\n'),
    );
    expect(testsTable([{ result: 'success', run_time: 125 }])).toContain('| 1 | 0 | 0 | 0 | 1 | 2 min 5 s |');
    expect(resultKind(null)).toBe('other');
    expect(failedTests(tests).map((t) => t.result)).toEqual(['failure', 'error']);
  });

  it('lists failed tests escaped and cut, capped with a count of the rest', () => {
    const long = 'y'.repeat(1000);
    const table = failedTestsTable(
      [
        { classname: 'a|b', name: '<script>', file: null, message: `line one\n${long}` },
        { name: 'second' },
        { name: 'third' },
      ],
      2,
    );
    const lines = table.split('\n');
    expect(lines[2]).toMatch(/^\| a\\\|b \| &lt;script&gt; \| {2}\| line one yyy+…/);
    expect(lines[2]?.length).toBeLessThan(400);
    expect(lines[3]).toBe('|  | second |  |  |');
    expect(table).toContain('…and 1 more failed test, not listed.');
    expect(failedTestsTable([])).toBe('');
  });
});

describe('appendSummary', () => {
  /** An Io whose summary is a fresh instance of the real one, writing to `file`; warnings recorded. */
  function summaryIo(file: string): Io & { warnings: string[] } {
    process.env['GITHUB_STEP_SUMMARY'] = file;
    const summary = new (coreIo.summary.constructor as new () => Summary)();
    const warnings: string[] = [];
    return { ...coreIo, summary, warnings, warning: (message) => void warnings.push(message) };
  }

  it('appends the section to the job summary', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'summary-')), 'summary.md');
    await writeFile(file, 'before\n');
    const io = summaryIo(file);
    await appendSummary(io, '### Build #1');
    expect(await readFile(file, 'utf8')).toBe('before\n### Build #1\n');
    expect(io.warnings).toEqual([]);
  });

  it('turns a summary that cannot be written into one warning, not a failure', async () => {
    const io = summaryIo(join(await mkdtemp(join(tmpdir(), 'summary-')), 'missing', 'summary.md'));
    await expect(appendSummary(io, '### Build #1')).resolves.toBeUndefined();
    expect(io.warnings).toHaveLength(1);
    expect(io.warnings[0]).toMatch(/^Could not write the job summary: /);
  });
});
