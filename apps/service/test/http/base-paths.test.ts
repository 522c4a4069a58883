/**
 * The base paths: the interface at `/v7/event`, as the permitting system serves its event
 * interface, and at `/v7`, its deprecated alias; the links sent in messages and the webhook keys
 * under the same base. Every answer of an operation is checked against the document.
 */
import type { SubscriptionCreateResponse } from '@street-events/types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { basePath, deprecatedBasePath } from '../../src/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { highwayAuthority, promoter, work } from '../support/fixtures.js';
import type { RunningService } from '../support/http.js';
import { confirmationTokenOf, startNotificationService, tokenFor } from '../features/notifications/harness.js';
import { startReceiver, type Receiver } from '../deliveries/receiver.js';
import { ensureSigningCertificate, ensureSigningKey } from '../../src/deliveries/messages/keys.js';

describeEachDatabase('base paths', (database) => {
  let service: RunningService;
  let receiver: Receiver;
  let planner: string;
  let origin: string;
  let certificateId: number;

  beforeAll(async () => {
    const owner = await promoter(database.db);
    await work(database.db, owner, await highwayAuthority(database.db));
    planner = await tokenFor(database.db, owner, 'Planner');
    await ensureSigningKey(database.db);
    certificateId = (await ensureSigningCertificate(database.db)).id;
    service = await startNotificationService(database.db);
    receiver = await startReceiver();
    origin = new URL(service.baseUrl).origin;
  });
  afterAll(async () => {
    await service?.close();
    await receiver?.close();
  });

  it('the service’s base URL ends in /v7/event', () => {
    expect(new URL(service.baseUrl).pathname).toBe('/v7/event');
    expect(basePath).toBe('/v7/event');
  });

  it.each([basePath, deprecatedBasePath])('polling is served under %s with the same answer', async (base) => {
    const response = await fetch(`${origin}${base}/works/updates`, { headers: { token: planner } });
    const body = (await response.json()) as { rows: unknown[] };
    expect([response.status, body.rows.length]).toEqual([200, 1]);
  });

  it.each([basePath, deprecatedBasePath])('permit search is served under %s', async (base) => {
    const response = await fetch(`${origin}${base}/permits/search`, {
      method: 'POST',
      headers: { token: planner, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
  });

  it('the confirmation link sent to a new subscription is under /v7/event, and works there', async () => {
    const subscribed = await service.request<SubscriptionCreateResponse>('POST', '/api-notifications/subscribe', {
      token: planner,
      body: { api_endpoint: receiver.url },
    });
    const reference = subscribed.body.subscription_reference_number;
    const token = await confirmationTokenOf(database.db, reference);
    const response = await fetch(`${origin}${basePath}/api-notifications/confirm?token=${encodeURIComponent(token)}`);
    expect([response.status, await response.json()]).toEqual([
      200,
      { subscription_reference_number: reference, status: 'confirmed' },
    ]);
  });

  it.each([basePath, deprecatedBasePath])('the signing certificate is served under %s', async (base) => {
    const response = await fetch(`${origin}${base}/api-notifications/signing-certificates/${certificateId}.pem`);
    expect([response.status, (await response.text()).startsWith('-----BEGIN CERTIFICATE-----')]).toEqual([200, true]);
  });

  it('the webhook keys are served under /v7/event as at the root', async () => {
    const underBase = await fetch(`${origin}${basePath}/api-notifications/webhook-keys`);
    const atRoot = await fetch(`${origin}/.well-known/webhook-keys`);
    expect([underBase.status, await underBase.json()]).toEqual([200, await atRoot.json()]);
  });

  it('a path under neither base is 404 with the error body', async () => {
    const response = await service.request('GET', '/../v8/works/updates', { token: planner });
    expect(response.status).toBe(404);
  });
});
