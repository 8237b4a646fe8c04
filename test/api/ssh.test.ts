import { createHash, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/common/errors.ts';
import { checkSshKey } from '../../src/service/ssh.ts';

const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
const pkcs1 = rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const pkcs8 = rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const encrypted = rsa.privateKey
  .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'hunter2' })
  .toString();
const ed25519 = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** The fingerprint computed independently: MD5 of the public key's SSH blob, as ssh-keygen -E md5 shows it. */
function expectedFingerprint(): string {
  const jwk = rsa.publicKey.export({ format: 'jwk' });
  const str = (b: Buffer): Buffer =>
    Buffer.concat([Buffer.from([0, 0, 0, 0].map((_, i) => (b.length >>> (24 - 8 * i)) & 255)), b]);
  const mp = (b64: string): Buffer => {
    const b = Buffer.from(b64, 'base64url');
    return (b[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b;
  };
  const blob = Buffer.concat([str(Buffer.from('ssh-rsa')), str(mp(jwk.e ?? '')), str(mp(jwk.n ?? ''))]);
  return (createHash('md5').update(blob).digest('hex').match(/../g) ?? []).join(':');
}

/** An openssh-key-v1 container built by hand, unencrypted unless a cipher is named. */
function openSsh(publicBlob: Buffer, cipher = 'none'): string {
  const s = (b: Buffer | string): Buffer => {
    const data = Buffer.isBuffer(b) ? b : Buffer.from(b);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, data]);
  };
  const check = Buffer.from([1, 2, 3, 4]);
  const priv = Buffer.concat([check, check, s('ssh-rsa'), Buffer.alloc(16)]);
  const body = Buffer.concat([
    Buffer.from('openssh-key-v1\0'),
    s(cipher),
    s(cipher === 'none' ? 'none' : 'bcrypt'),
    s(''),
    Buffer.from([0, 0, 0, 1]),
    s(publicBlob),
    s(priv),
  ]);
  const lines = body.toString('base64').match(/.{1,70}/g) ?? [];
  return `-----BEGIN OPENSSH PRIVATE KEY-----\n${lines.join('\n')}\n-----END OPENSSH PRIVATE KEY-----\n`;
}

function rejection(key: string): ValidationError {
  try {
    checkSshKey('ssh-key', key);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('SSH keys', () => {
  it('accepts an RSA key in PKCS#1 and PKCS#8 PEM, with the fingerprint the service shows', () => {
    expect(checkSshKey('ssh-key', pkcs1).fingerprint).toBe(expectedFingerprint());
    expect(checkSshKey('ssh-key', pkcs8).fingerprint).toBe(expectedFingerprint());
    expect(checkSshKey('ssh-key', pkcs1.replace(/\n/g, '\r\n')).privateKey).toBe(pkcs1);
  });

  it('accepts an unencrypted OpenSSH RSA key and fingerprints its public blob', () => {
    const blob = Buffer.from(checkSshKey('ssh-key', pkcs1).publicKey.split(' ')[1] ?? '', 'base64');
    expect(checkSshKey('ssh-key', openSsh(blob)).fingerprint).toBe(expectedFingerprint());
  });

  it.each([
    ['an encrypted PEM key', encrypted, /encrypted/],
    ['an encrypted OpenSSH key', openSsh(Buffer.from('x'), 'aes256-ctr'), /encrypted/],
    ['an Ed25519 key', ed25519, /not RSA/],
    ['a public key', 'ssh-rsa AAAAB3NzaC1yc2E comment', /not a private key/],
    ['a cut-off key', pkcs1.slice(0, 200), /END|damaged/],
    [
      'a key with lines missing',
      pkcs1
        .split('\n')
        .filter((_, i) => i < 2 || i > 8)
        .join('\n'),
      /damaged|could not/,
    ],
  ])('refuses %s without showing any of it', (_what, key, reason) => {
    const error = rejection(key);
    expect(error.argument).toBe('ssh-key');
    expect(error.message).toMatch(reason);
    expect(error.value).toBeUndefined();
    for (const line of key.split('\n').filter((l) => l.length > 20))
      expect(error.message).not.toContain(line);
  });
});
