/**
 * The sandbox answers only the host names it serves, so a web page that rebinds its own name to
 * loopback gets nothing, least of all the console's Operator token; outside the sandbox the
 * `Host` header is not checked. A sandbox listening beyond loopback serves the console without
 * the token.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isLoopbackAddress } from '../../src/http/served-hosts.js';
import { describeEachDatabase, type TestDatabase } from '../support/databases.js';
import { startService, type RunningService } from '../support/http.js';
import { sandboxLayer } from '../../src/sandbox/layer.js';

const operator = {
  username: 'ops',
  role: 'Operator' as const,
  organisation: 'Leeds City Council',
  email: '',
  password: '',
  token: 'se_sandbox-operator-token',
};

/** A GET of `path` with the given `Host` header, over a real socket to the service's address. */
function getWithHost(baseUrl: string, path: string, host: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: hostname, port, path, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    outgoing.on('error', reject).end();
  });
}

async function sandboxService(database: TestDatabase, sandbox: { hosts?: string[]; network?: boolean }) {
  return startService({
    db: database.db,
    console: true,
    layer: sandboxLayer({ db: database.db, users: [operator], ...sandbox }),
  });
}

describeEachDatabase('served hosts', (database) => {
  describe('in the sandbox', () => {
    let service: RunningService;
    beforeAll(async () => (service = await sandboxService(database, { hosts: ['receiver.test'] })));
    afterAll(() => service?.close());

    test('a host name it does not serve is refused with 400 naming the Host header, and no token', async () => {
      const { status, body } = await getWithHost(service.baseUrl, '/console', 'rebound.attacker.example:8080');
      expect(status).toBe(400);
      expect(body).not.toContain(operator.token);
      expect(JSON.parse(body)).toMatchObject({
        error: { status: 400, details: [{ location: 'header', field: 'host', rule: 'http' }] },
      });
    });

    test('the refusal covers the interface, its unknown routes and the operator API alike', async () => {
      for (const path of ['/v7/event/works/updates', '/no/such/route', '/internal/sandbox/organisations', '/health']) {
        expect((await getWithHost(service.baseUrl, path, 'rebound.attacker.example')).status).toBe(400);
      }
    });

    test('localhost, with or without a port, is served and the console carries the token', async () => {
      for (const host of ['localhost', 'LOCALHOST:8080']) {
        const { status, body } = await getWithHost(service.baseUrl, '/console', host);
        expect(status).toBe(200);
        expect(body).toContain(operator.token);
      }
    });

    test('addresses are served: rebinding needs a name', async () => {
      for (const host of ['127.0.0.1:8080', '[::1]:8080', '192.0.2.7']) {
        expect((await getWithHost(service.baseUrl, '/health', host)).status).toBe(200);
      }
    });

    test('a host name it was given is served', async () => {
      expect((await getWithHost(service.baseUrl, '/health', 'receiver.test:8443')).status).toBe(200);
    });
  });

  describe('in a sandbox listening beyond loopback', () => {
    let service: RunningService;
    beforeAll(async () => (service = await sandboxService(database, { network: true })));
    afterAll(() => service?.close());

    test('the console carries no token and asks for an Operator sign-in', async () => {
      const { status, body } = await getWithHost(service.baseUrl, '/console', 'localhost');
      expect(status).toBe(200);
      expect(body).not.toContain(operator.token);
      expect(body).toContain('Operator sign-in required');
    });
  });

  describe('outside the sandbox', () => {
    let service: RunningService;
    beforeAll(async () => (service = await startService({ db: database.db })));
    afterAll(() => service?.close());

    test('any host name is served', async () => {
      expect((await getWithHost(service.baseUrl, '/health', 'events.example.org')).status).toBe(200);
    });
  });
});

describe('isLoopbackAddress', () => {
  test.each(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost'])('%s is loopback', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  test.each(['0.0.0.0', '::', '192.168.1.20', '10.0.0.1', 'example.org'])('%s is not', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});
