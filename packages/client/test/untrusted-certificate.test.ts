/** A server whose TLS certificate the process does not trust: one clear error naming what to trust, not retried. */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEventsClient, UntrustedCertificateError } from '../src/index.js';

let server: Server;
let origin: string;
/** TCP connections the server accepted: one per attempt. */
let connections = 0;

beforeAll(async () => {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048 });
  server = createServer({ key: pems.private, cert: pems.cert }, (_request, response) => response.end('{}'));
  server.on('connection', () => connections++);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  origin = `https://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((closed) => server.close(closed)));

it('throws an UntrustedCertificateError naming the origin, the TLS code and NODE_EXTRA_CA_CERTS', async () => {
  const client = createEventsClient({ baseUrl: `${origin}/v7/event`, token: 'tok', retry: { baseDelayMs: 1 } });
  const failure = await client.GET('/works/updates').catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(UntrustedCertificateError);
  expect(failure).toMatchObject({ origin, code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
  expect((failure as Error).message).toMatch(
    new RegExp(
      `^the TLS certificate of ${origin} is not trusted \\(DEPTH_ZERO_SELF_SIGNED_CERT\\): .*NODE_EXTRA_CA_CERTS`,
    ),
  );
});

it('does not retry a request whose certificate was refused', async () => {
  const before = connections;
  const client = createEventsClient({ baseUrl: `${origin}/v7/event`, token: 'tok', retry: { baseDelayMs: 1 } });
  await client.GET('/works/updates').catch(() => undefined);
  expect(connections - before).toBe(1);
});
