// The one content decoder: which coding an answer's body still carries, and the stream that removes it. Used by
// downloads and step output alike (docs/promises.md, promise 24).
import { Transform, type TransformCallback } from 'node:stream';
import { zlib } from './zlib.ts';

export type Coding = 'gzip' | 'deflate' | 'br';

/** A Content-Encoding that cannot be decoded: what would be written is not what was stored. */
export class UnsupportedCodingError extends Error {
  override name = 'UnsupportedCodingError';
  /** Every Content-Encoding line, as one value. */
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
  if (header === undefined) return undefined;
  const value = typeof header === 'string' ? header : header.join(', ');
  const codings = value
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.length === 0) return undefined;
  const [only] = codings;
  if (codings.length === 1) {
    if (only === 'gzip' || only === 'x-gzip') return 'gzip';
    if (only === 'deflate' || only === 'br') return only;
  }
  throw new UnsupportedCodingError(value);
}

/** A stream that decodes `coding`; its errors are zlib's (codes Z_*). */
export function decoder(coding: Coding): Transform {
  if (coding === 'gzip') return zlib().createGunzip();
  if (coding === 'br') return zlib().createBrotliDecompress();
  return new Deflate();
}

/** `deflate` as servers send it: zlib-wrapped as the standard says, or raw, told apart by the first byte (a zlib
 *  stream's low nibble is 8). */
class Deflate extends Transform {
  #inner: Transform | undefined;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (chunk.length === 0) {
      callback();
      return;
    }
    if (this.#inner === undefined) {
      const inner = ((chunk[0] ?? 0) & 0x0f) === 0x08 ? zlib().createInflate() : zlib().createInflateRaw();
      inner.on('data', (data: Buffer) => this.push(data));
      inner.on('error', (error) => this.destroy(error));
      this.#inner = inner;
    }
    this.#inner.write(chunk, () => callback());
  }

  override _flush(callback: TransformCallback): void {
    const inner = this.#inner;
    if (inner === undefined) {
      // An empty body decodes to nothing.
      callback();
      return;
    }
    inner.once('end', () => callback());
    inner.end();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#inner?.destroy();
    callback(error);
  }
}
