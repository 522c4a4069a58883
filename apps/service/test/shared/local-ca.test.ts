/**
 * HTTPS with the sandbox's own certificate authority: made once under a directory, its server
 * certificate trusted by a client that trusts only that CA, and the links of messages built on the
 * https address.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:https';
import { connect } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import type { ErrorResponse } from '@street-events/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { ensureLocalTls, type LocalTls } from '../../src/shared/local-ca.js';
import { describeEachDatabase, serverHandleOf } from '../support/databases.js';

/** The status of an https GET trusting only `ca` (none: Node's own list). */
function statusOf(url: string, ca?: string): Promise<number | string> {
  return new Promise((resolve) =>
    get(url, ca ? { ca } : {}, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }).on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message)),
  );
}

let directory = '';
let tls: LocalTls;
beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'street-events-tls-'));
  tls = await ensureLocalTls(directory);
}, 30_000);
afterAll(() => {
  if (directory !== '') rmSync(directory, { recursive: true, force: true });
});

describe('HTTPS settings', () => {
  it('the HTTPS port defaults to PORT + 363 (8443), or 0 with PORT 0; HTTPS_PORT=off turns it off', () => {
    expect([
      configFromEnv({}).httpsPort,
      configFromEnv({ PORT: '0' }).httpsPort,
      configFromEnv({ HTTPS_PORT: 'off' }).httpsPort,
    ]).toEqual([8443, 0, 'off']);
  });

  it('TLS_CERT_FILE and TLS_KEY_FILE give the listener its certificate and key', () => {
    const config = configFromEnv({ TLS_CERT_FILE: tls.caFile, TLS_KEY_FILE: tls.caFile, HTTPS_PORT: '9443' });
    expect([config.tls?.port, config.tls?.cert]).toEqual([9443, readFileSync(tls.caFile, 'utf8')]);
  });

  it('one of TLS_CERT_FILE and TLS_KEY_FILE without the other is refused', () => {
    expect(() => configFromEnv({ TLS_CERT_FILE: tls.caFile })).toThrow('TLS_CERT_FILE and TLS_KEY_FILE go together');
  });

  it('without them, only the sandbox serves HTTPS', () => {
    expect(configFromEnv({}).tls).toBeUndefined();
  });
});

describe('the local certificate authority', () => {
  it('is made once: a second call keeps the CA and the server certificate', async () => {
    const again = await ensureLocalTls(directory);
    expect([again.caFile, again.cert, readFileSync(again.caFile, 'utf8')]).toEqual([
      tls.caFile,
      tls.cert,
      readFileSync(tls.caFile, 'utf8'),
    ]);
  });

  it('signs a server certificate for localhost, 127.0.0.1 and ::1', () => {
    const server = new X509Certificate(tls.cert);
    const ca = new X509Certificate(readFileSync(tls.caFile));
    expect([server.checkIssued(ca), server.verify(ca.publicKey), server.subjectAltName]).toEqual([
      true,
      true,
      'DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1',
    ]);
  });
});

describeEachDatabase('the HTTPS listener', (database) => {
  let server: RunningServer;
  beforeAll(async () => {
    const config = configFromEnv({ LOG_LEVEL: 'warn', DELIVERY_WORKER: 'off' });
    server = await startServer(
      { ...config, host: '127.0.0.1', port: 0, tls: { port: 0, cert: tls.cert, key: tls.key, caFile: tls.caFile } },
      serverHandleOf(database),
    );
  });
  afterAll(() => server?.close());

  it('serves the interface on https://localhost with the sandbox certificate', () => {
    expect(server.httpsBaseUrl).toMatch(/^https:\/\/localhost:\d+\/v7\/event$/);
  });

  it('answers a client that trusts only the local CA', async () => {
    expect(
      await statusOf(`${server.httpsBaseUrl}/api-notifications/webhook-keys`, readFileSync(tls.caFile, 'utf8')),
    ).toBe(200);
  });

  it('answers a request that is not HTTP with the error body, as the plain listener does', async () => {
    const url = new URL(server.httpsBaseUrl!);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(
        { host: '127.0.0.1', servername: 'localhost', port: Number(url.port), ca: readFileSync(tls.caFile, 'utf8') },
        () => socket.write('HELLO THERE\r\n\r\n'),
      );
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect((JSON.parse(answer.split('\r\n\r\n')[1]!) as ErrorResponse).error).toMatchObject({
      status: 400,
      code: 'validation_failed',
    });
  });

  it('is refused by a client that does not trust the local CA', async () => {
    expect(await statusOf(`${server.httpsBaseUrl}/api-notifications/webhook-keys`)).toBe(
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    );
  });
});
