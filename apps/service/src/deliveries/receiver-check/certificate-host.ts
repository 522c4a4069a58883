/**
 * The other host of the `certificate_off_host` check: a certificate of the check's own, served over
 * HTTP on a loopback port, at the path the service serves its own at. A receiver that takes any
 * `SigningCertURL` fetches it there and finds that it matches the signature; one that checks the
 * host refuses the message without fetching it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  generateSigningCertificate,
  signingCertificatePath,
  type SigningCertificate,
} from '../messages/pubsub-signature.js';

export interface CertificateHost {
  certificate: SigningCertificate;
  /** The base URL its `SigningCertURL` starts with: another host name than the service's. */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startCertificateHost(serviceUrl: string): Promise<CertificateHost> {
  const certificate: SigningCertificate = { id: 1, ...(await generateSigningCertificate('receiver check')) };
  const path = `/v7/event${signingCertificatePath(certificate.id)}`;
  const server = createServer((request, response) => {
    if (request.url !== path) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/x-pem-file' }).end(certificate.certificatePem);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // The same machine under another name than the service's, so only the host name tells them apart.
  const host = new URL(serviceUrl).hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  return {
    certificate,
    baseUrl: `http://${host}:${port}/v7/event`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
