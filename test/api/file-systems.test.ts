// Hostile names against every disk a runner may write to (docs/promises.md, promise 26). Each profile is a parameter of the planning
// code, and a small model of that disk here stores what the plan says: it merges names as the disk does and
// refuses what the disk refuses. Whatever the profile, no two planned files may be one file on the disk, and every
// artifact is either planned or refused by name: none is lost without a word.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ClashError, planDownloads, type ArtifactLike } from '../../src/files/paths.ts';
import { PROFILES, windowsNameProblem, type FileSystemProfile } from '../../src/files/names.ts';
import { Destination } from '../../src/files/destination.ts';
import { HOSTILE_NAMES, SAFE_NAMES } from '../helpers/hostile-names.ts';

/** The name under which the disk stores `path`: what it merges, it merges here. */
function diskKey(path: string, profile: FileSystemProfile): string {
  let key = path;
  if (profile.normalisationInsensitive) key = key.normalize('NFC');
  if (profile.caseInsensitive) key = key.toLowerCase();
  return key;
}

/** Whether the disk would refuse the name (EINVAL on NTFS and exFAT). */
function diskRefuses(path: string, profile: FileSystemProfile): boolean {
  return profile.windowsNames && path.split('/').some((s) => windowsNameProblem(s) !== undefined);
}

const LISTS = HOSTILE_NAMES;
const SAFE = SAFE_NAMES;

const art = (path: string, node: number): ArtifactLike => ({
  path: `/out/${path}`,
  pretty_path: `$R/${path}`,
  node_index: node,
  url: `http://h/${node}/${encodeURIComponent(path)}`,
});

describe.each(Object.values(PROFILES))('on $name', (profile) => {
  it.each(Object.entries(LISTS))(
    '%s: nothing merged, nothing the disk refuses, nothing lost',
    (_name, list) => {
      const names = [...list, ...SAFE];
      const plan = planDownloads(
        names.map((n, i) => art(n, i)),
        { globs: [], flatten: false, profile },
      );
      // Every artifact is accounted for: planned, or refused with a reason.
      expect(plan.files.length + plan.refused.length).toBe(names.length);
      const paths = plan.files.map((f) => f.segments.join('/'));
      // One disk file per planned file.
      expect(new Set(paths.map((p) => diskKey(p, profile))).size).toBe(paths.length);
      // The runner's own disk never gets a name it refuses.
      expect(paths.filter((p) => diskRefuses(p, profile))).toEqual([]);
      // The safe artifacts are saved beside the refused ones, where they belong.
      expect(paths).toEqual(expect.arrayContaining(SAFE));
    },
  );

  it('refuses Windows names only where Windows rules apply; a timestamped report stays legal elsewhere', () => {
    const plan = planDownloads(
      [art('report-10:32:01.xml', 0), art('aux.txt', 1), art('trail.', 2), art('ok.txt', 3)],
      { globs: [], flatten: false, profile },
    );
    const saved = plan.files.map((f) => f.source);
    if (profile.windowsNames) {
      expect(saved).toEqual(['ok.txt']);
      expect(plan.refused.map((r) => r.reason)).toEqual([
        'a segment of its path holds ":", which Windows does not allow in a name',
        'a segment of its path is "aux.txt", a device name Windows reserves',
        'a segment of its path ends in a dot or a space, which Windows drops from a name',
      ]);
    } else {
      expect(saved).toEqual(['report-10:32:01.xml', 'aux.txt', 'trail.', 'ok.txt']);
    }
  });

  it('two artifacts one disk merges and no container tells apart: refused, as an exact clash is', () => {
    for (const [a, b] of [
      ['Report.txt', 'report.txt'],
      ['caf\u00e9.txt', 'cafe\u0301.txt'],
      ['dir/A.txt', 'DIR/a.txt'],
    ] as const) {
      expect(() => planDownloads([art(a, 0), art(b, 0)], { globs: [], flatten: false, profile })).toThrow(
        ClashError,
      );
    }
    // A file in one case and a folder in another is one path on a case-insensitive disk.
    expect(() =>
      planDownloads([art('Logs', 0), art('logs/x.txt', 1)], { globs: [], flatten: false, profile }),
    ).toThrow(/needs a folder/u);
  });
});

describe('windowsNameProblem', () => {
  it.each([
    'CON',
    'con.txt',
    'Con .txt',
    'nul.tar.gz',
    'COM1',
    'com0.log',
    'LPT9.x',
    'com\u00b2',
    'CONIN$',
    'a:b',
    'a<b',
    'a>b',
    'a"b',
    'a|b',
    'a?b',
    'a*b',
    'x.',
    'x ',
    '...',
  ])('%j cannot be a name on Windows', (name) => {
    expect(windowsNameProblem(name)).toBeDefined();
  });

  it.each(['console', 'CONx.txt', 'COM10', 'lpt', 'aux-file', '.hidden', 'a.b.c', 'auxiliary.txt'])(
    '%j can',
    (name) => {
      expect(windowsNameProblem(name)).toBeUndefined();
    },
  );
});

describe('Destination: whatever reaches the disk', () => {
  const roots: string[] = [];
  afterEach(async () => {
    for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
  });

  it('refuses a second path that differs only in case or normalisation (an archive member, a file unpacked)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'fs-profile-'));
    roots.push(root);
    const destination = new Destination(root);
    expect(await destination.inspect(['x', 'A.txt'])).toEqual({ kind: 'free' });
    expect(await destination.inspect(['x', 'A.txt'])).toEqual({ kind: 'free' });
    for (const other of [
      ['x', 'a.txt'],
      ['X', 'A.TXT'],
    ]) {
      const found = await destination.inspect(other);
      expect(found.kind).toBe('refused');
      expect(found.kind === 'refused' ? found.reason : '').toContain('only in case or Unicode normalisation');
    }
    expect(await destination.inspect(['caf\u00e9'])).toEqual({ kind: 'free' });
    expect((await destination.inspect(['cafe\u0301'])).kind).toBe('refused');
  });

  it('applies Windows names under the NTFS profile only', async () => {
    const root = await mkdtemp(join(tmpdir(), 'fs-profile-'));
    roots.push(root);
    expect((await new Destination(root, PROFILES.ntfs).inspect(['out', 'aux.txt'])).kind).toBe('refused');
    expect((await new Destination(root, PROFILES.ntfs).inspect(['out', 'a:b'])).kind).toBe('refused');
    expect(await new Destination(root, PROFILES.ext4).inspect(['out', 'a:b'])).toEqual({ kind: 'free' });
  });
});
