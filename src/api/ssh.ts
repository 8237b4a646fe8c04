// The service takes only unencrypted RSA private keys. We check that before sending (so a passphrase-protected
// or non-RSA key is a clear error, not a refusal from the server) and compute the fingerprint the service shows:
// colon-separated MD5 of the public key in SSH wire form.
import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { ValidationError } from './errors.ts';

const ALLOWED =
  'allowed: an unencrypted RSA private key in PEM (BEGIN RSA PRIVATE KEY / BEGIN PRIVATE KEY) or OpenSSH form';

interface SshKeyInfo {
  /** The key as it will be sent: line endings normalised, with a final newline. */
  privateKey: string;
  /** Colon-separated lowercase hex MD5 of the public key blob. */
  fingerprint: string;
  /** The public key in `ssh-rsa AAAA...` form. */
  publicKey: string;
}

/** Validates the key and computes its fingerprint. The key's content never appears in an error. */
export function checkSshKey(name: string, raw: string): SshKeyInfo {
  const text = raw.replace(/\r\n?/g, '\n').trim() + '\n';
  const invalid = (detail: string): ValidationError => new ValidationError(name, ALLOWED, undefined, detail);
  const begin = /^-----BEGIN ([A-Z0-9 ]+)-----\n/.exec(text);
  if (!begin) throw invalid('not a private key (no -----BEGIN ... PRIVATE KEY----- line)');
  const label = begin[1];
  if (!text.includes(`-----END ${label}-----`)) throw invalid(`the -----END ${label}----- line is missing`);

  if (label === 'OPENSSH PRIVATE KEY') return keyInfo(text, openSshPublicBlob(text, invalid));
  if (label === 'ENCRYPTED PRIVATE KEY' || /^Proc-Type:\s*4,ENCRYPTED/m.test(text)) {
    throw invalid('the key is encrypted (protected by a passphrase); the service needs it unencrypted');
  }
  if (label !== 'RSA PRIVATE KEY' && label !== 'PRIVATE KEY') {
    throw invalid(`a ${label} is not an RSA private key`);
  }
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: text, format: 'pem' });
  } catch {
    throw invalid('the key could not be read (damaged or incomplete)');
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw invalid(`the key is ${key.asymmetricKeyType ?? 'of an unknown type'}, not RSA`);
  }
  const jwk = createPublicKey(key).export({ format: 'jwk' });
  if (typeof jwk.n !== 'string' || typeof jwk.e !== 'string') throw invalid('the key has no RSA public half');
  const blob = Buffer.concat([
    sshString(Buffer.from('ssh-rsa')),
    sshString(mpint(Buffer.from(jwk.e, 'base64url'))),
    sshString(mpint(Buffer.from(jwk.n, 'base64url'))),
  ]);
  return keyInfo(text, blob);
}

function keyInfo(privateKey: string, blob: Buffer): SshKeyInfo {
  return { privateKey, fingerprint: md5Fingerprint(blob), publicKey: `ssh-rsa ${blob.toString('base64')}` };
}

export function md5Fingerprint(publicBlob: Buffer): string {
  return createHash('md5')
    .update(publicBlob)
    .digest('hex')
    .replace(/(..)(?!$)/g, '$1:');
}

function sshString(data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  return Buffer.concat([len, data]);
}

/** SSH mpint: big-endian, no leading zeros, a zero byte prepended when the top bit is set. */
function mpint(data: Buffer): Buffer {
  let start = 0;
  while (start < data.length - 1 && data[start] === 0) start++;
  const trimmed = data.subarray(start);
  return (trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed;
}

/** Reads the openssh-key-v1 container far enough to know it is one unencrypted RSA key; returns the public blob. */
function openSshPublicBlob(text: string, invalid: (detail: string) => ValidationError): Buffer {
  const body = text.replace(/-----(BEGIN|END) OPENSSH PRIVATE KEY-----/g, '').replace(/\s+/g, '');
  const data = Buffer.from(body, 'base64');
  const magic = Buffer.from('openssh-key-v1\0');
  const damaged = (): ValidationError => invalid('the OpenSSH key could not be read (damaged or incomplete)');
  if (data.length < magic.length || !data.subarray(0, magic.length).equals(magic)) throw damaged();
  let pos = magic.length;
  const readString = (): Buffer => {
    if (pos + 4 > data.length) throw damaged();
    const len = data.readUInt32BE(pos);
    pos += 4;
    if (pos + len > data.length) throw damaged();
    const out = data.subarray(pos, pos + len);
    pos += len;
    return out;
  };
  const cipher = readString().toString();
  const kdf = readString().toString();
  readString(); // kdf options
  if (cipher !== 'none' || kdf !== 'none') {
    throw invalid('the key is encrypted (protected by a passphrase); the service needs it unencrypted');
  }
  if (pos + 4 > data.length || data.readUInt32BE(pos) !== 1)
    throw invalid('the file must hold exactly one key');
  pos += 4;
  const publicBlob = readString();
  const type = publicBlob
    .subarray(4, 4 + (publicBlob.length >= 4 ? publicBlob.readUInt32BE(0) : 0))
    .toString();
  if (type !== 'ssh-rsa') throw invalid(`the key is ${type || 'of an unknown type'}, not RSA`);
  const priv = readString();
  if (priv.length < 8 || priv.readUInt32BE(0) !== priv.readUInt32BE(4)) throw damaged();
  return publicBlob;
}
