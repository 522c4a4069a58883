/**
 * The endpoint checks made at subscribe time: literal addresses in every notation, schemes and
 * URL forms, and the addresses a host name resolves to.
 */
import type { ErrorResponse } from '@street-events/types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEndpointPolicy } from '../../../src/deliveries/attempts/endpoint-policy.js';
import { notResolving, resolvingTo } from '../../deliveries/fake-dns.js';
import { describeEachDatabase } from '../../support/databases.js';
import { promoter } from '../../support/fixtures.js';
import type { RunningService } from '../../support/http.js';
import { startNotificationService, tokenFor } from './harness.js';

describeEachDatabase('endpoint checks at subscribe time', (database) => {
  const strict = createEndpointPolicy();
  let service: RunningService;
  let privateName: RunningService;
  let unresolvable: RunningService;
  let token: () => Promise<string>;
  beforeAll(async () => {
    service = await startNotificationService(database.db, { policy: strict, resolve: resolvingTo('93.184.215.14') });
    privateName = await startNotificationService(database.db, { policy: strict, resolve: resolvingTo('10.1.2.3') });
    unresolvable = await startNotificationService(database.db, { policy: strict, resolve: notResolving });
    token = async () => tokenFor(database.db, await promoter(database.db), 'Planner');
  });
  afterAll(async () => {
    await service?.close();
    await privateName?.close();
    await unresolvable?.close();
  });

  const refusedFor = async (on: RunningService, api_endpoint: string) => {
    const response = await on.request<ErrorResponse>('POST', '/api-notifications/subscribe', {
      token: await token(),
      body: { api_endpoint },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.error.details!.map((detail) => detail.field)).toContain('api_endpoint');
    return response.body.message;
  };

  it.each([
    ['loopback', 'http://127.0.0.1/hook'],
    ['decimal loopback', 'http://2130706433/hook'],
    ['octal loopback', 'http://0177.0.0.1/hook'],
    ['hex loopback', 'http://0x7f.0.0.1/hook'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/hook'],
    ['IPv6 loopback', 'http://[::1]/hook'],
    ['private', 'https://10.0.0.8/hook'],
    ['link-local (cloud metadata)', 'http://169.254.169.254/latest/meta-data'],
    ['CGNAT', 'http://100.64.1.1/hook'],
    ['unspecified', 'http://0.0.0.0/hook'],
    ['a non-http scheme', 'ftp://hooks.example/hook'],
    ['a file URL', 'file:///etc/passwd'],
    ['credentials in the URL', 'https://user:secret@hooks.example/hook'],
    ['a relative URL', '/hook'],
    ['not a URL', 'hooks example'],
  ])('refuses %s', async (_name, endpoint) => {
    await refusedFor(service, endpoint);
  });

  it('refuses a name that resolves to a private address', async () => {
    expect(await refusedFor(privateName, 'https://hooks.example/hook')).toMatch(/10\.1\.2\.3/);
  });

  it('refuses a name that does not resolve', async () => {
    expect(await refusedFor(unresolvable, 'https://nowhere.example/hook')).toMatch(/does not resolve/);
  });

  it('accepts a public name', async () => {
    const response = await service.request('POST', '/api-notifications/subscribe', {
      token: await token(),
      body: { api_endpoint: 'https://hooks.example/hook' },
    });
    expect(response.status).toBe(200);
  });
});
