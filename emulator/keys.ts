// SSH keys as the service handles them: checkout keys are real RSA key pairs reported in OpenSSH public-key
// form with an MD5 fingerprint; uploaded private keys are checked the way the service does (unencrypted RSA).

import { createHash, createPrivateKey, generateKeyPair, randomBytes, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';

const generateKeyPairAsync = promisify(generateKeyPair);

/** Modulus size of generated checkout keys: that of real deploy keys. */
const CHECKOUT_KEY_BITS = 2048;

function sshString(data: Buffer | string): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

// An SSH mpint is big-endian two's complement: a positive number whose top bit is set gets a leading zero.
function sshMpint(base64url: string): Buffer {
  let bytes = Buffer.from(base64url, 'base64url');
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  bytes = bytes.subarray(start);
  if ((bytes[0] ?? 0) & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return sshString(bytes);
}

interface RsaJwk {
  n: string;
  e: string;
  d: string;
  p: string;
  q: string;
  qi: string;
}

function rsaJwk(key: KeyObject): RsaJwk {
  const jwk = key.export({ format: 'jwk' });
  const { n, e, d, p, q, qi } = jwk;
  if (n === undefined || e === undefined) throw new TypeError('not an RSA key');
  return { n, e, d: d ?? '', p: p ?? '', q: q ?? '', qi: qi ?? '' };
}

/** The OpenSSH public key blob (`string "ssh-rsa", mpint e, mpint n`) of an RSA key, public or private. */
export function sshPublicKeyBlob(key: KeyObject): Buffer {
  const { n, e } = rsaJwk(key);
  return Buffer.concat([sshString('ssh-rsa'), sshMpint(e), sshMpint(n)]);
}

/** Colon-separated lowercase hex of the MD5 digest of a public key blob, as the service reports it. */
export function md5Fingerprint(blob: Buffer): string {
  return createHash('md5').update(blob).digest('hex').match(/../g)?.join(':') ?? '';
}

/** A generated checkout key. */
export interface GeneratedKey {
  /** `ssh-rsa AAAA... \n`, the form of the service's records. */
  publicKey: string;
  fingerprint: string;
  /** PKCS#1 PEM of the private half (what the service would install in builds). */
  privateKeyPem: string;
}

/** Makes a fresh RSA key pair off the main thread. */
export async function generateCheckoutKey(): Promise<GeneratedKey> {
  const { publicKey, privateKey } = await generateKeyPairAsync('rsa', { modulusLength: CHECKOUT_KEY_BITS });
  const blob = sshPublicKeyBlob(publicKey);
  return {
    publicKey: `ssh-rsa ${blob.toString('base64')} \n`,
    fingerprint: md5Fingerprint(blob),
    privateKeyPem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  };
}

const OPENSSH_MAGIC = Buffer.from('openssh-key-v1\0');
const OPENSSH_PEM =
  /^-----BEGIN OPENSSH PRIVATE KEY-----\s+([A-Za-z0-9+/=\s]+?)\s*-----END OPENSSH PRIVATE KEY-----$/;
const PEM_FORMS = /^-----BEGIN (RSA PRIVATE KEY|PRIVATE KEY)-----[\s\S]+-----END \1-----$/;

class SshReader {
  private offset = 0;
  private readonly data: Buffer;
  constructor(data: Buffer) {
    this.data = data;
  }
  uint32(): number {
    if (this.offset + 4 > this.data.length) throw new RangeError('truncated key');
    const value = this.data.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }
  string(): Buffer {
    const length = this.uint32();
    if (this.offset + length > this.data.length) throw new RangeError('truncated key');
    const value = this.data.subarray(this.offset, this.offset + length);
    this.offset += length;
    return value;
  }
}

// Reads the OpenSSH container far enough to know it is one unencrypted RSA key, and returns its public blob.
function openSshRsaPublicBlob(body: string): Buffer | undefined {
  const data = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (!data.subarray(0, OPENSSH_MAGIC.length).equals(OPENSSH_MAGIC)) return undefined;
  const reader = new SshReader(data.subarray(OPENSSH_MAGIC.length));
  const cipher = reader.string().toString();
  const kdf = reader.string().toString();
  reader.string();
  const count = reader.uint32();
  if (cipher !== 'none' || kdf !== 'none' || count !== 1) return undefined;
  const publicBlob = reader.string();
  if (new SshReader(publicBlob).string().toString() !== 'ssh-rsa') return undefined;
  const secret = new SshReader(reader.string());
  // Equal check integers show the private section was stored in the clear (decryption would scramble them).
  if (secret.uint32() !== secret.uint32()) return undefined;
  if (secret.string().toString() !== 'ssh-rsa') return undefined;
  return Buffer.from(publicBlob);
}

/** What the service keeps of an accepted private key. */
export interface AcceptedPrivateKey {
  fingerprint: string;
  publicKey: string;
}

/**
 * Checks an uploaded private key like the service: an unencrypted RSA key, in PEM (PKCS#1 or PKCS#8) or
 * OpenSSH form. Returns undefined for anything else (encrypted, malformed, another algorithm).
 */
export function acceptPrivateKey(text: string): AcceptedPrivateKey | undefined {
  const trimmed = text.trim();
  let blob: Buffer | undefined;
  try {
    const openssh = OPENSSH_PEM.exec(trimmed);
    if (openssh?.[1] !== undefined) {
      blob = openSshRsaPublicBlob(openssh[1]);
    } else if (PEM_FORMS.test(trimmed)) {
      const key = createPrivateKey({ key: trimmed, format: 'pem' });
      if (key.asymmetricKeyType === 'rsa') blob = sshPublicKeyBlob(key);
    }
  } catch {
    return undefined;
  }
  if (blob === undefined) return undefined;
  return { fingerprint: md5Fingerprint(blob), publicKey: `ssh-rsa ${blob.toString('base64')}` };
}

/**
 * Writes an RSA private key in the unencrypted OpenSSH container (`-----BEGIN OPENSSH PRIVATE KEY-----`), the
 * default output of ssh-keygen, so tests can upload that form without the tool.
 */
export function encodeOpenSshPrivateKey(privateKey: KeyObject, comment = ''): string {
  const { n, e, d, p, q, qi } = rsaJwk(privateKey);
  const check = randomBytes(4);
  const parts = [
    check,
    check,
    sshString('ssh-rsa'),
    sshMpint(n),
    sshMpint(e),
    sshMpint(d),
    sshMpint(qi),
    sshMpint(p),
    sshMpint(q),
    sshString(comment),
  ];
  let secret = Buffer.concat(parts);
  const padding = (8 - (secret.length % 8)) % 8;
  secret = Buffer.concat([secret, Buffer.from(Array.from({ length: padding }, (_, i) => i + 1))]);
  const data = Buffer.concat([
    OPENSSH_MAGIC,
    sshString('none'),
    sshString('none'),
    sshString(''),
    Buffer.from([0, 0, 0, 1]),
    sshString(sshPublicKeyBlob(privateKey)),
    sshString(secret),
  ]);
  const lines = data.toString('base64').match(/.{1,70}/g) ?? [];
  return `-----BEGIN OPENSSH PRIVATE KEY-----\n${lines.join('\n')}\n-----END OPENSSH PRIVATE KEY-----\n`;
}
