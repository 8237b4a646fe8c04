// A key and a self-signed certificate for 127.0.0.1, for the tests and benchmarks that serve HTTPS on the loopback
// address.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A self-signed certificate for 127.0.0.1 (EC P-256, two days), made with openssl for this run. */
export async function selfSignedCertificate(): Promise<{ key: Buffer; cert: Buffer }> {
  const dir = await mkdtemp(join(tmpdir(), 'test-cert-'));
  try {
    const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'];
    const files = ['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '2'];
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    execFileSync('openssl', ['req', '-x509', ...ec, ...files, ...subject], { stdio: 'ignore' });
    return { key: await readFile(join(dir, 'key.pem')), cert: await readFile(join(dir, 'cert.pem')) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
