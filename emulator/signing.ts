// Pre-signed storage URLs, as object storage hands them out: the path and an expiry time signed with a key only
// the emulator knows. Artifact redirects and step output point at the storage origin with these.

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from './service.ts';

/** Lifetime of a signed URL. */
export const SIGNED_URL_SECONDS = 600;

/** What a signed request's query says about it. */
export type SignatureCheck = 'valid' | 'mismatch' | 'expired';

export class UrlSigner {
  /** Origin of the storage server the URLs point at. */
  readonly origin: string;
  private readonly clock: Clock;
  private readonly key = randomBytes(32);

  constructor(origin: string, clock: Clock) {
    this.origin = origin;
    this.clock = clock;
  }

  private signature(path: string, expires: string): string {
    return createHmac('sha256', this.key).update(`${path}\n${expires}`).digest('hex');
  }

  /** A URL for `path` (still encoded) on the storage origin, valid for SIGNED_URL_SECONDS from now. */
  sign(path: string): string {
    const expires = String(Math.floor(this.clock.now() / 1000) + SIGNED_URL_SECONDS);
    return `${this.origin}${path}?Expires=${expires}&Signature=${this.signature(path, expires)}`;
  }

  /** Checks the `Expires` and `Signature` query parameters of a request for `path`. */
  check(path: string, query: Record<string, string>): SignatureCheck {
    const expires = query['Expires'] ?? '';
    const given = Buffer.from(query['Signature'] ?? '');
    const expected = Buffer.from(this.signature(path, expires));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'mismatch';
    return Number(expires) * 1000 < this.clock.now() ? 'expired' : 'valid';
  }
}
