import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PartWriter, unwritten } from '../../src/api/part-writer.ts';
import { content } from './download-server.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function partFile(): Promise<{ path: string; fd: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'part-writer-'));
  dirs.push(dir);
  const path = join(dir, 'a.part');
  return { path, fd: openSync(path, 'wx') };
}

/** A writer of plain (not encoded) bytes with no bound, at `position` of `fd`. */
function writerAt(
  fd: number,
  position: number,
  truncate = false,
  onBytes = (_n: number): void => {},
): PartWriter {
  return new PartWriter({
    fd,
    position,
    truncate,
    maxBytes: undefined,
    encoding: undefined,
    onBytes,
    now: 0,
  });
}

describe('unwritten', () => {
  const a = Buffer.from('abc');
  const b = Buffer.from('defg');
  it.each([
    [0, ['abc', 'defg']],
    [2, ['c', 'defg']],
    [3, ['defg']],
    [5, ['fg']],
    [7, []],
  ])('after %i bytes of a short write, what is left', (bytes, left) => {
    expect(unwritten([a, b], bytes).map(String)).toEqual(left);
  });

  it('skips empty chunks, and leaves the chunks it was given as they were', () => {
    const chunks = [Buffer.alloc(0), a, Buffer.alloc(0), b];
    expect(unwritten(chunks, 3).map(String)).toEqual(['defg']);
    expect(chunks.map(String)).toEqual(['', 'abc', '', 'defg']);
  });
});

describe('PartWriter', () => {
  it('writes every chunk at its place: many tiny ones (more than a batch holds) and large ones', async () => {
    const { path, fd } = await partFile();
    const tiny = Array.from({ length: 1000 }, (_, i) => content(10, i + 1));
    const large = [content(700_000, 1), content(700_000, 2), content(1_500_000, 3)];
    const chunks = [...tiny, ...large, ...tiny.slice(0, 7)];
    let counted = 0;
    const writer = writerAt(fd, 0, false, (n) => (counted += n));
    const resumes: number[] = [];
    writer.attach({
      pause: () => {},
      resume: () => resumes.push(1),
      abort: (error) => expect.fail(String(error)),
    });
    const fed = async (): Promise<void> => {
      for (const chunk of chunks) {
        // The source pauses when asked and goes on once resumed, as undici's does.
        if (!writer.data(chunk)) {
          const before = resumes.length;
          await expect.poll(() => resumes.length > before).toBe(true);
        }
      }
      writer.end();
    };
    await fed();
    const total = chunks.reduce((n, c) => n + c.length, 0);
    expect(await writer.done).toBe(total);
    closeSync(fd);
    expect(counted).toBe(total);
    expect(readFileSync(path).equals(Buffer.concat(chunks))).toBe(true);
    // The body was held back at least once while the disk was behind.
    expect(resumes.length).toBeGreaterThan(0);
  });

  it('writes from a position, and cuts what an earlier answer left beyond it', async () => {
    const { path, fd } = await partFile();
    const first = writerAt(fd, 0);
    first.data(Buffer.from('0123456789'));
    first.end();
    expect(await first.done).toBe(10);
    const resumed = writerAt(fd, 4, true);
    resumed.data(Buffer.from('ab'));
    resumed.end();
    expect(await resumed.done).toBe(2);
    closeSync(fd);
    expect(readFileSync(path, 'utf8')).toBe('0123ab');
  });
});
