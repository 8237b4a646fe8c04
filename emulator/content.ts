// Artifact bytes: deterministic and computable at any offset, so that a 1 GiB artifact is generated chunk by
// chunk (never held in memory) and a resumed download (Range) gets exactly the bytes it missed.

import { createHash } from 'node:crypto';
import { endianness } from 'node:os';

const BIG_ENDIAN = endianness() === 'BE';

/** A 32-bit seed derived from any text (e.g. project, build, container and path of an artifact). */
export function contentSeed(key: string): number {
  return createHash('md5').update(key).digest().readUInt32LE(0);
}

// murmur3's finalizer over a counter: a counter-based generator gives random access to any word.
function wordAt(seed: number, index: number): number {
  let x = (seed ^ Math.imul(index, 0x9e3779b1)) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/**
 * A scratch area for `contentAt`: reusing it keeps a streaming response at a fixed memory cost.
 * Holds `chunkSize` bytes plus room for an unaligned start.
 */
export class ContentScratch {
  readonly chunkSize: number;
  private readonly words: Uint32Array;
  private readonly bytes: Buffer;
  constructor(chunkSize: number) {
    this.chunkSize = chunkSize;
    this.words = new Uint32Array(Math.ceil(chunkSize / 4) + 1);
    this.bytes = Buffer.from(this.words.buffer, this.words.byteOffset, this.words.byteLength);
  }

  /** The bytes [offset, offset + length) of the content with `seed`; a view valid until the next call. */
  contentAt(seed: number, offset: number, length: number): Buffer {
    if (length > this.chunkSize)
      throw new RangeError(`length ${length} exceeds the chunk size ${this.chunkSize}`);
    const shift = offset % 4;
    const first = (offset - shift) / 4;
    const count = Math.ceil((shift + length) / 4);
    for (let i = 0; i < count; i++) this.words[i] = wordAt(seed, first + i);
    // The content is defined little-endian; a big-endian host swaps so the bytes are the same everywhere.
    if (BIG_ENDIAN) this.bytes.subarray(0, count * 4).swap32();
    return this.bytes.subarray(shift, shift + length);
  }
}

/** A fresh copy of the bytes [start, start + length) of the content with `seed` (for small ranges and tests). */
export function contentBytes(seed: number, start: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  const scratch = new ContentScratch(Math.min(Math.max(length, 4), 1 << 20));
  for (let done = 0; done < length;) {
    const n = Math.min(scratch.chunkSize, length - done);
    scratch.contentAt(seed, start + done, n).copy(out, done);
    done += n;
  }
  return out;
}

/** SHA-256 (hex) of the whole content of `size` bytes, computed chunk by chunk. */
export function contentSha256(seed: number, size: number): string {
  const hash = createHash('sha256');
  const scratch = new ContentScratch(1 << 20);
  for (let done = 0; done < size;) {
    const n = Math.min(scratch.chunkSize, size - done);
    hash.update(scratch.contentAt(seed, done, n));
    done += n;
  }
  return hash.digest('hex');
}
