// The service takes only unencrypted RSA private keys. We check that before sending (so a passphrase-protected
// or non-RSA key is a clear error, not a refusal from the server) and compute the fingerprint the service shows:
// colon-separated MD5 of the public key in SSH wire form.
import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { ValidationError } from '../common/errors.ts';

const ENCRYPTED = 'the key is encrypted (protected by a passphrase); the service needs it unencrypted';

type Invalid = (detail: string) => ValidationError;

/** The key's content never appears in an error; `privateKey` is as sent (line endings normalised, a final newline). */
export function checkSshKey(
  name: string,
  raw: string,
): { privateKey: string; fingerprint: string; publicKey: string } {
  const text = raw.replace(/\r\n?/g, '\n').trim() + '\n';
  const allowed =
    'allowed: an unencrypted RSA private key in PEM (BEGIN RSA PRIVATE KEY / BEGIN PRIVATE KEY) or OpenSSH form';
  const invalid: Invalid = (detail) => new ValidationError(name, allowed, undefined, detail);
  const label = /^-----BEGIN ([A-Z0-9 ]+)-----\n/.exec(text)?.[1];
  if (label === undefined) throw invalid('not a private key (no -----BEGIN ... PRIVATE KEY----- line)');
  if (!text.includes(`-----END ${label}-----`)) throw invalid(`the -----END ${label}----- line is missing`);
  const blob =
    label === 'OPENSSH PRIVATE KEY' ? openSshPublicBlob(text, invalid) : pemPublicBlob(text, label, invalid);
  const fingerprint = createHash('md5')
    .update(blob)
    .digest('hex')
    .replace(/(..)(?!$)/g, '$1:');
  return { privateKey: text, fingerprint, publicKey: `ssh-rsa ${blob.toString('base64')}` };
}

/** A length-prefixed string of the SSH wire form. */
function sshString(data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, data]);
}

function pemPublicBlob(text: string, label: string, invalid: Invalid): Buffer {
  if (label === 'ENCRYPTED PRIVATE KEY' || /^Proc-Type:\s*4,ENCRYPTED/m.test(text)) throw invalid(ENCRYPTED);
  if (label !== 'RSA PRIVATE KEY' && label !== 'PRIVATE KEY')
    throw invalid(`a ${label} is not an RSA private key`);
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: text, format: 'pem' });
  } catch {
    throw invalid('the key could not be read (damaged or incomplete)');
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw invalid(`the key is ${key.asymmetricKeyType ?? 'of an unknown type'}, not RSA`);
  }
  const { e, n } = createPublicKey(key).export({ format: 'jwk' });
  // JWK numbers are unsigned and minimal; an SSH mpint takes a zero byte first where the top bit is set.
  const mpint = (base64url = ''): Buffer => {
    const bytes = Buffer.from(base64url, 'base64url');
    return (bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.of(0), bytes]) : bytes;
  };
  return Buffer.concat([Buffer.from('ssh-rsa'), mpint(e), mpint(n)].map(sshString));
}

/** Reads the openssh-key-v1 container far enough to know it is one unencrypted RSA key; returns the public blob. */
function openSshPublicBlob(text: string, invalid: Invalid): Buffer {
  const data = Buffer.from(text.replace(/-----(BEGIN|END) OPENSSH PRIVATE KEY-----/g, ''), 'base64');
  const damaged = (): ValidationError => invalid('the OpenSSH key could not be read (damaged or incomplete)');
  const magic = 'openssh-key-v1\0';
  if (data.toString('latin1', 0, magic.length) !== magic) throw damaged();
  let pos = magic.length;
  const readNumber = (): number => {
    if (pos + 4 > data.length) throw damaged();
    pos += 4;
    return data.readUInt32BE(pos - 4);
  };
  const readString = (): Buffer => {
    const length = readNumber();
    if (pos + length > data.length) throw damaged();
    pos += length;
    return data.subarray(pos - length, pos);
  };
  const cipher = readString().toString();
  const kdf = readString().toString();
  readString(); // the KDF's options
  if (cipher !== 'none' || kdf !== 'none') throw invalid(ENCRYPTED);
  if (readNumber() !== 1) throw invalid('the file must hold exactly one key');
  const publicBlob = readString();
  const type = publicBlob.toString('utf8', 4, 4 + (publicBlob.length >= 4 ? publicBlob.readUInt32BE(0) : 0));
  if (type !== 'ssh-rsa') throw invalid(`the key is ${type || 'of an unknown type'}, not RSA`);
  // The private section starts with the same check number twice.
  const priv = readString();
  if (priv.length < 8 || priv.readUInt32BE(0) !== priv.readUInt32BE(4)) throw damaged();
  return publicBlob;
}
