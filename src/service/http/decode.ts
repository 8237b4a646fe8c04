// Which coding an answer's body still carries, and the stream that removes it, for downloads and step output alike
// (docs/promises.md, promise 24).
import { Transform, type TransformCallback } from 'node:stream';
import type * as Zlib from 'node:zlib';

// Loaded at its first use: most runs decode nothing.
const zlib = (): typeof Zlib => process.getBuiltinModule('node:zlib');

export type Coding = 'gzip' | 'deflate' | 'br';

/** A Content-Encoding that cannot be decoded: what would be written is not what was stored. */
export class UnsupportedCodingError extends Error {
  override name = 'UnsupportedCodingError';
  /** Every Content-Encoding line, as one. */
  readonly value: string;
  constructor(value: string) {
    super(
      `Content-Encoding ${JSON.stringify(value)} cannot be decoded (gzip, deflate or br can, one at a time)`,
    );
    this.value = value;
  }
}

/** The one coding on a body, from every Content-Encoding line (`identity` is none); undefined for none. */
export function contentCoding(header: string | readonly string[] | undefined): Coding | undefined {
  const value = [header ?? []].flat().join(', ');
  const codings = value.split(',').map((c) => c.trim().toLowerCase());
  const applied = codings.filter((c) => c !== '' && c !== 'identity');
  if (applied.length === 0) return undefined;
  const only = applied.length === 1 ? applied[0]?.replace(/^x-gzip$/u, 'gzip') : undefined;
  if (only === 'gzip' || only === 'deflate' || only === 'br') return only;
  throw new UnsupportedCodingError(value);
}

/** A stream that decodes `coding`; its errors are zlib's (codes Z_*). */
export function decoder(coding: Coding): Transform {
  if (coding === 'gzip') return zlib().createGunzip();
  return coding === 'br' ? zlib().createBrotliDecompress() : new Deflate();
}

/** `deflate` as servers send it: zlib-wrapped as the standard says, or raw, told apart by the first byte (a zlib
 *  stream's low nibble is 8). */
class Deflate extends Transform {
  #inner: Transform | undefined;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (chunk.length === 0) return callback();
    this.#inner ??= (((chunk[0] ?? 0) & 0x0f) === 0x08 ? zlib().createInflate() : zlib().createInflateRaw())
      .on('data', (data: Buffer) => this.push(data))
      .on('error', (error) => this.destroy(error));
    this.#inner.write(chunk, () => callback());
  }

  override _flush(callback: TransformCallback): void {
    // An empty body decodes to nothing.
    if (this.#inner === undefined) return callback();
    this.#inner.once('end', () => callback()).end();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#inner?.destroy();
    callback(error);
  }
}
