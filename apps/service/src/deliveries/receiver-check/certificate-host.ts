/**
 * The other host of the `certificate_off_host` check: a certificate of the check's own, served on a
 * loopback port at the path the service serves its own at, over HTTPS with the service's own TLS
 * certificate when the service's URL is https (in the sandbox, one for `localhost` and `127.0.0.1`
 * that receivers trust already), so that only the host tells it from the service's. A receiver that
 * takes any `SigningCertURL` fetches it there and finds that it matches the signature; one that
 * checks the host refuses the message without fetching it.
 */
import { createServer, type RequestListener } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
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

/** A TLS certificate and key (PEM) to serve HTTPS with. */
export interface ServedCertificate {
  cert: string;
  key: string;
}

export async function startCertificateHost(serviceUrl: string, tls?: ServedCertificate): Promise<CertificateHost> {
  const certificate: SigningCertificate = { id: 1, ...(await generateSigningCertificate('receiver check')) };
  const path = `/v7/event${signingCertificatePath(certificate.id)}`;
  const serve: RequestListener = (request, response) => {
    if (request.url !== path) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/x-pem-file' }).end(certificate.certificatePem);
  };
  const secure = tls !== undefined && serviceUrl.startsWith('https:');
  const server = secure ? createHttpsServer({ cert: tls.cert, key: tls.key }, serve) : createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // The same machine under another name than the service's, so only the host name tells them apart.
  const host = new URL(serviceUrl).hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  return {
    certificate,
    baseUrl: `${secure ? 'https' : 'http'}://${host}:${port}/v7/event`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
