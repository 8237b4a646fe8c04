import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkMembers } from '../../src/files/extract.ts';
import type { Member } from '../../src/files/reader.ts';
import { compileGlob } from '../../src/common/glob.ts';
import { forEachLimited } from '../../src/common/limiter.ts';
import { artifactRelativePath, ClashError, planDownloads, type ArtifactLike } from '../../src/files/paths.ts';
import {
  foldedName,
  isGitFolderName,
  pathProblem,
  PROFILES,
  type FileSystemProfile,
} from '../../src/files/names.ts';
import { Destination, RefusedPathError } from '../../src/files/destination.ts';

describe('artifactRelativePath', () => {
  it.each([
    // [path, pretty_path, relative path, what was contained]
    [
      '/tmp/circle-junit.vCFLHp7/rspec/junit.xml',
      '$CIRCLE_TEST_REPORTS/rspec/junit.xml',
      'rspec/junit.xml',
      [],
    ],
    ['/home/build/project/out/app.tar.gz', null, 'home/build/project/out/app.tar.gz', []],
    ['/home/build/project/out/app.tar.gz', '${CI_ARTIFACTS}/out/app.tar.gz', 'out/app.tar.gz', []],
    ['/home/build/project/out/app.tar.gz', '~/project/out/app.tar.gz', 'project/out/app.tar.gz', []],
    ['out/./app.tar.gz', undefined, 'out/app.tar.gz', []],
    ['//server//share/x.txt', undefined, 'server/share/x.txt', []],
    ['/a/b/report.html', '$VAR/other-name.html', 'a/b/report.html', []],
    [
      'C:\\build\\out\\app.exe',
      undefined,
      'build/out/app.exe',
      ['backslashes read as separators', 'drive letter C: dropped'],
    ],
    // No separator after the colon: a drive only on Windows (below), a name elsewhere.
    ['C:app.exe', undefined, 'C:app.exe', []],
    ['x:y', undefined, 'x:y', []],
    ['/out/x:y', undefined, 'out/x:y', []],
    ['C:/build/app.exe', undefined, 'build/app.exe', ['drive letter C: dropped']],
    ['\\\\host\\share\\f.txt', undefined, 'host/share/f.txt', ['backslashes read as separators']],
    ['/a/50%25 off.txt', undefined, 'a/50%25 off.txt', []],
    ['/a/%252e%252e-is-a-name', undefined, 'a/%252e%252e-is-a-name', []],
  ])('%s (pretty %s) → %s', (path, pretty, expected, contained) => {
    const result = artifactRelativePath(path, pretty);
    expect(result).toEqual({ ok: true, segments: expected.split('/'), contained });
  });

  it.each([
    ['../../etc/passwd', "climbs out of its folder with '..'"],
    ['/tmp/a/../../../etc/cron.d/x', "climbs out of its folder with '..'"],
    ['..\\..\\windows\\x.dll', "climbs out of its folder with '..'"],
    ['/tmp/%2e%2e/%2E%2E/etc/passwd', 'percent-encoded'],
    ['/tmp/%2e%2e%2fetc/passwd', 'percent-encoded'],
    ['/tmp/%252e%252e/x', 'percent-encoded'],
    ['/tmp/a\u0000.txt', 'NUL byte'],
    ['/tmp/a\nb.txt', 'control character'],
    ['/', 'no file name'],
    ['', 'no file name'],
    [`/tmp/${'x'.repeat(256)}`, 'longer than 255 bytes'],
  ])('refuses %j', (path, reason) => {
    const result = artifactRelativePath(path);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(reason);
  });

  it.each([
    ['C:app.exe', 'app.exe', ['drive letter C: dropped']],
    ['x:y', 'y', ['drive letter x: dropped']],
    ['C:\\build\\app.exe', 'build/app.exe', ['backslashes read as separators', 'drive letter C: dropped']],
  ])('on Windows (NTFS rules) %j is drive-relative: the drive is dropped', (path, expected, contained) => {
    expect(artifactRelativePath(path, undefined, PROFILES.ntfs)).toEqual({
      ok: true,
      segments: expected.split('/'),
      contained,
    });
  });

  it('plans an artifact named x:y as it is on Linux, and without its drive on Windows', () => {
    const artifacts = [{ path: 'x:y', url: 'https://h/x' }];
    const on = (profile: FileSystemProfile): string[] | undefined =>
      planDownloads(artifacts, { globs: [], flatten: false, profile }).files[0]?.segments;
    expect(on(PROFILES.ext4)).toEqual(['x:y']);
    expect(on(PROFILES.apfs)).toEqual(['x:y']);
    expect(on(PROFILES.ntfs)).toEqual(['y']);
  });

  it('does not let a pretty path bring back what the path itself would refuse, nor climb out', () => {
    expect(artifactRelativePath('/tmp/x/../../etc/passwd', '$V/passwd').ok).toBe(false);
    // A hostile pretty path is ignored in favour of the (safe) path.
    expect(artifactRelativePath('/tmp/out/passwd', '$V/../../etc/passwd')).toEqual({
      ok: true,
      segments: ['tmp', 'out', 'passwd'],
      contained: [],
    });
  });
});

describe('planDownloads', () => {
  const art = (path: string, node = 0, extra: Partial<ArtifactLike> = {}): ArtifactLike => ({
    path,
    pretty_path: null,
    node_index: node,
    url: `http://h/${node}${path}`,
    ...extra,
  });
  const base = { globs: [], flatten: false };

  it('keeps apart two containers sharing a path, and only those', () => {
    const plan = planDownloads(
      [art('/o/report.xml', 0), art('/o/report.xml', 1), art('/o/only.txt', 1)],
      base,
    );
    expect(plan.files.map((f) => f.segments.join('/'))).toEqual([
      'node-0/o/report.xml',
      'node-1/o/report.xml',
      'o/only.txt',
    ]);
  });

  it('refuses two artifacts at one path that containers cannot tell apart, before anything is fetched', () => {
    expect(() =>
      planDownloads([art('/o/r.xml', 0), { ...art('/o/r.xml', 0), url: 'http://h/other' }], base),
    ).toThrow(ClashError);
    expect(() =>
      planDownloads([art('/o/r.xml', 0), art('/o/r.xml', 0, { node_index: null, url: 'http://h/x' })], base),
    ).toThrow(ClashError);
  });

  it('fetches an artifact listed twice once', () => {
    const plan = planDownloads([art('/o/r.xml'), art('/o/r.xml')], base);
    expect(plan.files).toHaveLength(1);
    expect(plan.duplicates).toBe(1);
  });

  it('refuses a node folder that collides with a real artifact path, and a file that is also a folder', () => {
    expect(() => planDownloads([art('/x', 0), art('/x', 1), art('/node-1/x', 2)], base)).toThrow(ClashError);
    expect(() => planDownloads([art('/a/b'), art('/a/b/c')], base)).toThrow(/needs a folder/u);
  });

  it('flatten saves file names alone and refuses a clash, even across containers', () => {
    const plan = planDownloads([art('/a/x.txt'), art('/b/y.txt')], { ...base, flatten: true });
    expect(plan.files.map((f) => f.segments)).toEqual([['x.txt'], ['y.txt']]);
    expect(() => planDownloads([art('/a/x.txt', 0), art('/b/x.txt', 1)], { ...base, flatten: true })).toThrow(
      /flatten/u,
    );
  });

  it('file-name takes exactly one artifact, after the patterns', () => {
    const globs = [compileGlob('pattern', '**/*.xml')];
    const plan = planDownloads([art('/a/r.xml'), art('/a/r.txt')], {
      ...base,
      globs,
      fileName: 'report.xml',
    });
    expect(plan.files.map((f) => f.segments)).toEqual([['report.xml']]);
    expect(() => planDownloads([art('/a/r.xml'), art('/a/r.txt')], { ...base, fileName: 'x' })).toThrow(
      /file-name is given, but 2 artifacts match/u,
    );
  });

  it('folds case and Unicode normalisation whatever the disk: a Linux runner may write to NTFS or exFAT too', () => {
    for (const profile of Object.values(PROFILES)) {
      expect(() => planDownloads([art('/a/R.xml'), art('/a/r.xml')], { ...base, profile })).toThrow(
        /differ only in case or Unicode normalisation/u,
      );
      expect(() =>
        planDownloads([art('/caf\u00e9.txt'), art('/cafe\u0301.txt')], { ...base, profile }),
      ).toThrow(ClashError);
    }
  });

  it('refuses unusable records and unsafe paths, with reasons, and fetches the rest', () => {
    const plan = planDownloads(
      [
        art('/ok.txt'),
        { path: '/no-url' },
        { url: 'http://h/no-path' },
        null as unknown as ArtifactLike,
        art('/../escape'),
      ],
      base,
    );
    expect(plan.files.map((f) => f.source)).toEqual(['ok.txt']);
    expect(plan.refused.map((r) => r.reason)).toEqual([
      'the record has no path or no URL',
      'the record has no path or no URL',
      'the record has no path or no URL',
      "it climbs out of its folder with '..'",
    ]);
  });
});

describe('planDownloads refuses one bad artifact alone', () => {
  const art = (path: string, url = `http://h${path}`): ArtifactLike => ({ path, url });

  it.each([
    ['.git/config', "'.git' folder"],
    ['a/.Git/hooks/post-checkout', "'.git' folder"],
    ['a/.git./x', "'.git' folder"],
    ['GIT~1/config', "'.git' folder"],
    ['.git:$I30:$INDEX_ALLOCATION/config', "'.git' folder"],
    ['a/.git::$INDEX_ALLOCATION/hooks/x', "'.git' folder"],
    ['.g\u200cit/config', "'.git' folder"],
    [`/${'d'.repeat(200)}/`.repeat(21) + 'f.txt', 'longer than 4095 bytes'],
    [`/x/${'n'.repeat(240)}`, 'file name is longer than 237 bytes'],
  ])('refuses %s', (path, reason) => {
    const plan = planDownloads([art(path), art('/ok.txt')], { globs: [], flatten: false });
    expect(plan.files.map((f) => f.source)).toEqual(['ok.txt']);
    expect(plan.refused).toHaveLength(1);
    expect(plan.refused[0]?.reason).toContain(reason);
    expect(plan.refused[0]?.what.length).toBeLessThanOrEqual(120);
  });

  it.each(['file:///etc/passwd', 'ftp://h/x', 'javascript:alert(1)', '/relative/only'])(
    'refuses the URL %s without printing it',
    (url) => {
      const plan = planDownloads([art('/a.txt', url), art('/ok.txt')], { globs: [], flatten: false });
      expect(plan.files.map((f) => f.source)).toEqual(['ok.txt']);
      expect(plan.refused[0]?.what).toBe('"a.txt"');
      expect(plan.refused[0]?.reason).toMatch(/not http\(s\)|not an absolute address/u);
    },
  );

  it('names a record without a path by nothing it holds', () => {
    const plan = planDownloads([{ url: 'http://user:pw@h/x?sig=s' }], { globs: [], flatten: false });
    expect(plan.refused).toEqual([
      { what: 'a record without a path', reason: 'the record has no path or no URL' },
    ]);
  });
});

describe('the segment rules every path to the destination goes through', () => {
  it.each([
    '.git',
    '.GIT',
    '.Git.',
    '.git. . ',
    'git~1',
    '.git:$I30:$INDEX_ALLOCATION',
    '.git::$INDEX_ALLOCATION',
    '.git:stream',
    '.g\u200cit',
    '\ufeff.git',
  ])('%j is the .git folder on some disk', (name) => {
    expect(isGitFolderName(name)).toBe(true);
    expect(pathProblem(['a', name, 'config'])).toContain("'.git' folder");
  });

  it.each(['.github', 'git', '.gitignore', '.git-keep', 'x.git', '.gitmodules'])('%j is not', (name) => {
    expect(isGitFolderName(name)).toBe(false);
    expect(pathProblem(['a', name])).toBeUndefined();
  });

  it.each([
    [['..', 'x'], "with '..'"],
    [['a', '.', 'x'], "with '.'"],
    [['a', ''], 'empty segment'],
    [['a\nb'], 'control character'],
    [['a\u0000'], 'NUL byte'],
    [['a/b'], 'separator'],
    [['a\\b'], 'separator'],
    [['C:', 'x'], 'drive letter'],
  ])('refuses %j', (segments, reason) => {
    expect(pathProblem(segments)).toContain(reason);
  });

  it('takes a first segment x:y, with no separator after the colon, as a name (Windows refuses its colon)', async () => {
    expect(pathProblem(['x:y'])).toBeUndefined();
    expect(pathProblem(['C:name', 'f.txt'])).toBeUndefined();
    // Nothing there: only the rules of the name decide.
    const root = join(tmpdir(), 'paths-test-no-such-folder');
    expect(await new Destination(root, PROFILES.ntfs).inspect(['x:y'])).toMatchObject({ kind: 'refused' });
    expect(await new Destination(root, PROFILES.ext4).inspect(['x:y'])).toEqual({ kind: 'free' });
  });
});

describe('foldedName', () => {
  it.each([
    ['Report.txt', 'report.txt'],
    ['DIR', 'dir'],
    ['caf\u00e9', 'cafe\u0301'],
    ['CAF\u00c9', 'cafe\u0301'],
    ['stra\u00dfe', 'STRASSE'],
    ['\u03c3', '\u03c2'],
  ])('%j and %j are one name on some disk', (a, b) => {
    expect(foldedName(a)).toBe(foldedName(b));
  });

  it.each([
    ['a.txt', 'b.txt'],
    ['report.txt', 'report.txt '],
    ['r\u00e9sum\u00e9', 'resume'],
  ])('%j and %j stay apart', (a, b) => {
    expect(foldedName(a)).not.toBe(foldedName(b));
  });
});

describe('Destination', () => {
  const temps: string[] = [];
  afterEach(async () => {
    await Promise.all(temps.splice(0).map((t) => rm(t, { recursive: true, force: true })));
  });

  it('creates folders one level at a time and refuses a planted symbolic link, writing nothing outside', async () => {
    const temp = await mkdtemp(join(tmpdir(), 'dest-'));
    temps.push(temp);
    const root = join(temp, 'dest');
    const outside = join(temp, 'outside');
    await mkdir(root);
    await mkdir(outside);
    await symlink(outside, join(root, 'linked'));
    await writeFile(join(root, 'file'), 'x');
    const destination = new Destination(root);

    expect(await destination.prepare(['a', 'b', 'c.txt'])).toBe(join(root, 'a', 'b', 'c.txt'));
    expect(await readdir(join(root, 'a'))).toEqual(['b']);
    await expect(destination.prepare(['linked', 'x.txt'])).rejects.toThrow(RefusedPathError);
    await expect(destination.prepare(['linked', 'deeper', 'x.txt'])).rejects.toThrow(/symbolic link/u);
    await expect(destination.prepare(['file', 'x.txt'])).rejects.toThrow(/is a file, not a folder/u);
    expect(await readdir(outside)).toEqual([]);
  });

  it('gives the path join() gives: a file at the top, in a folder made earlier, and below a root that ends in a separator', async () => {
    const temp = await mkdtemp(join(tmpdir(), 'dest-'));
    temps.push(temp);
    const destination = new Destination(temp);
    expect(await destination.prepare(['top.txt'])).toBe(join(temp, 'top.txt'));
    expect(await destination.prepare(['d', 'one.txt'])).toBe(join(temp, 'd', 'one.txt'));
    expect(await destination.prepare(['d', 'two.txt'])).toBe(join(temp, 'd', 'two.txt'));
    // A file at the top makes no folder, so even the file system's root can be the destination here.
    expect(await new Destination(sep).prepare(['f.bin'])).toBe(join(sep, 'f.bin'));
    expect(await new Destination(temp + sep).prepare(['f.bin'])).toBe(join(temp, 'f.bin'));
  });

  it('inspects a final path without creating anything, and removes only the empty folders it made', async () => {
    const temp = await mkdtemp(join(tmpdir(), 'dest-'));
    temps.push(temp);
    const root = join(temp, 'dest');
    await mkdir(join(root, 'kept'), { recursive: true });
    await writeFile(join(root, 'kept', 'mine.txt'), 'x');
    await symlink(join(temp, 'elsewhere'), join(root, 'ln'));
    const destination = new Destination(root);
    expect(await destination.inspect(['new', 'a.txt'])).toEqual({ kind: 'free' });
    expect(await destination.inspect(['kept', 'mine.txt'])).toEqual({ kind: 'exists', what: 'file' });
    expect(await destination.inspect(['kept'])).toEqual({ kind: 'exists', what: 'folder' });
    expect(await destination.inspect(['ln'])).toEqual({ kind: 'exists', what: 'symlink' });
    expect(await destination.inspect(['ln', 'x'])).toMatchObject({ kind: 'refused' });
    expect(await destination.inspect(['kept', 'mine.txt', 'x'])).toMatchObject({ kind: 'refused' });
    // Whatever a caller hands it passes the segment rules, an archive's unpacked files included.
    expect(await destination.inspect(['new', '.git', 'config'])).toEqual({
      kind: 'refused',
      reason: "its path goes into a '.git' folder, where a file could run commands at git's next call",
    });
    expect(await destination.inspect(['new', '..', 'x'])).toMatchObject({ kind: 'refused' });
    expect((await readdir(root)).sort()).toEqual(['kept', 'ln']);

    await destination.prepare(['kept', 'e1', 'e2', 'f.txt']);
    await destination.prepare(['full', 'f.txt']);
    await writeFile(join(root, 'full', 'f.txt'), 'x');
    await destination.removeEmptyFolders();
    expect((await readdir(root)).sort()).toEqual(['full', 'kept', 'ln']);
    expect(await readdir(join(root, 'kept'))).toEqual(['mine.txt']);
  });
});

describe('Limiter', () => {
  it('starts a queued item only when a slot is free', async () => {
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const all = forEachLimited([0, 1, 2, 3], 2, (i) => {
      started.push(i);
      return new Promise<void>((resolve) => releases.push(resolve));
    });
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    releases[0]?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    while (releases.length < 4) {
      for (const release of releases) release();
      await new Promise((r) => setTimeout(r, 0));
    }
    for (const release of releases) release();
    await all;
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('a function that throws synchronously is the failure, and no later item starts', async () => {
    const started: number[] = [];
    await expect(
      forEachLimited([0, 1, 2], 1, (i) => {
        started.push(i);
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    expect(started).toEqual([0]);
  });

  it('forEachLimited keeps no call per item: after the first failure no later item is even read', async () => {
    const list = Array.from({ length: 10_000 }, (_, i) => i);
    let read = 0;
    const items = new Proxy(list, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/u.test(key)) read++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const calls: number[] = [];
    const run = forEachLimited(items, 8, async (i) => {
      calls.push(i);
      await Promise.resolve();
      throw new Error(`failed at ${i}`);
    });
    await expect(run).rejects.toThrow('failed at 0');
    expect(calls).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(read).toBe(8);
  });

  it('forEachLimited stops starting work after the first failure, aborts the rest and waits for them', async () => {
    const started: number[] = [];
    let settled = 0;
    const aborted = new AbortController();
    const run = forEachLimited(
      [0, 1, 2, 3, 4, 5],
      2,
      async (i) => {
        started.push(i);
        if (i === 1) throw new Error('boom');
        await new Promise<void>((resolve) => {
          if (aborted.signal.aborted) resolve();
          else aborted.signal.addEventListener('abort', () => resolve());
        });
        settled++;
      },
      () => aborted.abort(),
    );
    await expect(run).rejects.toThrow('boom');
    expect(started).toEqual([0, 1]);
    expect(settled).toBe(1);
  });
});

describe('archive members', () => {
  const member = (name: string): Member => ({ name, type: 'file', size: 1, executable: false });

  it.each(['x:y', 'C:name.txt', 'a/x:y'])('%j has no drive off Windows, and is unpacked as it is', (name) => {
    expect(() => checkMembers([member(name)])).not.toThrow();
  });

  it.each(['C:/x.txt', 'C:\\x.txt', 'C:', '/x.txt', '\\x.txt'])('%j is an absolute path', (name) => {
    expect(() => checkMembers([member(name)])).toThrow(/is an absolute path/u);
  });
});
