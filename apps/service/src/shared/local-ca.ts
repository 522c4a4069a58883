/**
 * The sandbox's own certificate authority, so that it can serve HTTPS that receivers and clients
 * trust with their platform's usual switch (`NODE_EXTRA_CA_CERTS`, `REQUESTS_CA_BUNDLE`,
 * `SSL_CERT_FILE`) pointed at one file. Made once, with `selfsigned`, under the data directory:
 * `ca.pem` (the file to trust), `ca-key.pem`, and a server certificate it signs for `localhost`,
 * `127.0.0.1` and `::1` (`server.pem`, `server-key.pem`), kept while the CA is the same.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { generate } from 'selfsigned';

export interface LocalTls {
  /** The CA certificate to trust (PEM). */
  caFile: string;
  /** The server's certificate (PEM) and key, for the HTTPS listener. */
  cert: string;
  key: string;
}

const years = (count: number) => {
  const date = new Date();
  date.setFullYear(date.getFullYear() + count);
  return date;
};

const writePrivate = (file: string, pem: string) => {
  writeFileSync(file, pem, { mode: 0o600 });
  chmodSync(file, 0o600);
};

async function createCa(directory: string): Promise<void> {
  const pems = await generate([{ name: 'commonName', value: 'street-events sandbox local CA' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: years(10),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  writePrivate(join(directory, 'ca-key.pem'), pems.private);
  writeFileSync(join(directory, 'ca.pem'), pems.cert);
}

async function createServerCertificate(directory: string): Promise<void> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: years(2),
    ca: {
      key: readFileSync(join(directory, 'ca-key.pem'), 'utf8'),
      cert: readFileSync(join(directory, 'ca.pem'), 'utf8'),
    },
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  writePrivate(join(directory, 'server-key.pem'), pems.private);
  writeFileSync(join(directory, 'server.pem'), pems.cert);
}

/** Whether the server certificate is there, signed by the CA and valid for a while yet. */
function serverCertificateUsable(directory: string): boolean {
  if (!existsSync(join(directory, 'server.pem')) || !existsSync(join(directory, 'server-key.pem'))) return false;
  const server = new X509Certificate(readFileSync(join(directory, 'server.pem')));
  const ca = new X509Certificate(readFileSync(join(directory, 'ca.pem')));
  return (
    server.checkIssued(ca) &&
    server.verify(ca.publicKey) &&
    new Date(server.validTo).getTime() > Date.now() + 24 * 3600 * 1000
  );
}

/** The CA and server certificate under `directory`, made the first time. */
export async function ensureLocalTls(directory: string): Promise<LocalTls> {
  mkdirSync(directory, { recursive: true });
  if (!existsSync(join(directory, 'ca.pem')) || !existsSync(join(directory, 'ca-key.pem'))) await createCa(directory);
  if (!serverCertificateUsable(directory)) await createServerCertificate(directory);
  return {
    caFile: join(directory, 'ca.pem'),
    cert: readFileSync(join(directory, 'server.pem'), 'utf8'),
    key: readFileSync(join(directory, 'server-key.pem'), 'utf8'),
  };
}
