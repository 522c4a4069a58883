/**
 * The receiver check (`POST /internal/receiver-checks`): it scores this repository's example
 * receiver (examples/receiver.mjs, run as written) all-pass, scores a receiver that checks no
 * signature with the checks of signatures and bodies failed, sends the real system's style
 * without the Standard Webhooks headers, and is the Operator's, one at a time, to an endpoint
 * deliveries may reach.
 */
import { createVerify } from 'node:crypto';
import type { ErrorResponse } from '@street-events/types';
import type { components } from '@street-events/types/operator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEndpointPolicy } from '../../../src/deliveries/attempts/endpoint-policy.js';
import { ensureSigningCertificate } from '../../../src/deliveries/messages/keys.js';
import { canonicalString } from '../../../src/deliveries/messages/pubsub-signature.js';
import type { Organisation } from '../../../src/directory/organisations.js';
import { operatorValuesOf } from '../../../src/shared/enums.js';
import { isSubscriptionOf } from '../../../src/features/notifications/operator.js';
import { subscribe } from '../../../src/features/notifications/subscribe.js';
import { describeEachDatabase } from '../../support/databases.js';
import { callerOf, promoter, tokenFor } from '../../support/fixtures.js';
import type { RunningService } from '../../support/http.js';
import {
  confirm,
  confirmationTokenOf,
  loopbackPolicy,
  startNotificationService,
} from '../../features/notifications/harness.js';
import { startCheckBench, startSilentReceiver, type CheckBench } from '../check-receivers.js';

type Scorecard = components['schemas']['InternalReceiverScorecard'];
/** The fields of a check's message the tests read. */
interface Sent {
  Type: string;
  TopicArn: string;
  Signature?: string;
  SubscribeURL?: string;
  SigningCertURL?: string;
  UnsubscribeURL?: string;
}

const failedChecks = (scorecard: Scorecard) => scorecard.checks.filter((one) => !one.passed).map((one) => one.check);

describeEachDatabase('the receiver check', (database) => {
  let bench: CheckBench;
  let service: RunningService;
  let operator: string;
  let example: CheckBench['example'];
  let careless: CheckBench['careless'];

  beforeAll(async () => {
    bench = await startCheckBench(database.db);
    ({ service, operator, example, careless } = bench);
  }, 60_000);
  afterAll(() => bench?.close());

  const check = (body: Record<string, unknown>, token = operator) =>
    service.internalRequest<Scorecard>('POST', '/receiver-checks', { token, body });

  it('scores the example receiver all-pass, every check in the documented order', async () => {
    const answer = await check({ endpoint: example.endpoint });
    expect(answer.status).toBe(200);
    expect(failedChecks(answer.body), JSON.stringify(answer.body.checks, null, 2)).toEqual([]);
    expect(answer.body.passed).toBe(true);
    expect(answer.body.checks.map((one) => one.check)).toEqual(operatorValuesOf('ReceiverCheckName'));
  }, 60_000);

  it("scores the client package's createWebhookReceiver all-pass, as its README sets it up", async () => {
    const answer = await check({ endpoint: bench.client.endpoint });
    expect(answer.status).toBe(200);
    expect(failedChecks(answer.body), JSON.stringify(answer.body.checks, null, 2)).toEqual([]);
  }, 60_000);

  it('scores a receiver that checks no signature with the signature and body checks failed', async () => {
    const answer = await check({ endpoint: careless.endpoint });
    expect(answer.status).toBe(200);
    expect(answer.body.passed).toBe(false);
    expect(failedChecks(answer.body)).toEqual([
      'tampered_body',
      'unknown_key',
      'stale_timestamp',
      'certificate_off_host',
      'wrong_topic',
      'oversized_body',
      'malformed_body',
    ]);
  }, 60_000);

  it('says of each check what the interface expects, what the receiver did, and where the docs explain it', async () => {
    const answer = await check({ endpoint: careless.endpoint });
    const tamperedBody = answer.body.checks.find((one) => one.check === 'tampered_body')!;
    expect(tamperedBody).toMatchObject({ passed: false, status: 200 });
    expect(tamperedBody.expected).toMatch(/refuses a body changed after signing/);
    expect(tamperedBody.observed).toMatch(/^answered 200 in \d+ ms: it accepted the message$/);
    expect(tamperedBody.docs).toMatch(/sandbox\.html#check-tampered_body$/);
  }, 60_000);

  it("sends the real system's style without the Standard Webhooks headers", async () => {
    careless.received.length = 0;
    const answer = await check({ endpoint: careless.endpoint, style: 'pubsub' });
    expect(answer.body.style).toBe('pubsub');
    expect(careless.received.length).toBeGreaterThan(10);
    for (const headers of careless.received) {
      expect(headers['webhook-signature']).toBeUndefined();
      expect(headers['x-amz-sns-message-type']).toBeDefined();
    }
  }, 60_000);

  /** The subscription of the Operator's own organisation, to the careless receiver, confirmed (made once). */
  let own: Promise<string> | undefined;
  const ownSubscription = () => (own ??= confirmedSubscriptionOf(bench.operatorOrganisation));

  async function confirmedSubscriptionOf(organisation: Organisation): Promise<string> {
    const planner = await callerOf(database.db, organisation, 'Planner');
    const options = { policy: loopbackPolicy, publicBaseUrl: () => service.baseUrl };
    const { subscription_reference_number: reference } = await subscribe(
      database.db,
      planner,
      { api_endpoint: careless.endpoint },
      options,
    );
    expect((await confirm(service, await confirmationTokenOf(database.db, reference))).status).toBe(200);
    return reference;
  }

  /** The messages the careless receiver got from the `from`th on that are JSON. */
  const sentSince = (from: number): Sent[] =>
    careless.bodies.slice(from).flatMap((body) => {
      try {
        return [JSON.parse(body) as Sent];
      } catch {
        return [];
      }
    });

  it('uses the TopicArn of a subscription of the caller’s organisation', async () => {
    const reference = await ownSubscription();
    const answer = await check({ endpoint: careless.endpoint, subscription_reference_number: reference });
    expect(answer.status).toBe(200);
    expect(answer.body.topic_arn).toMatch(new RegExp(`:${reference}$`));
  }, 60_000);

  it('answers another organisation’s subscription as an unknown one, 404, sending nothing', async () => {
    const others = await confirmedSubscriptionOf(await promoter(database.db));
    const unknown = 'SUB-0123456789ABCDEFGHJKMNPQRS';
    const from = careless.received.length;
    const refused = (reference: string) =>
      service.internalRequest<ErrorResponse>('POST', '/receiver-checks', {
        token: operator,
        body: { endpoint: careless.endpoint, subscription_reference_number: reference },
      });
    const another = await refused(others);
    const none = await refused(unknown);
    expect([another.status, none.status]).toEqual([404, 404]);
    const unnamed = (body: ErrorResponse, reference: string) => ({
      message: body.message.replace(reference, 'SUB-…'),
      error: { ...body.error, request_id: '' },
    });
    expect(unnamed(another.body, others)).toEqual(unnamed(none.body, unknown));
    expect(careless.received.length).toBe(from);
  }, 60_000);

  it('puts every link of its messages on the service’s public base URL by default', async () => {
    const from = careless.bodies.length;
    expect((await check({ endpoint: careless.endpoint })).status).toBe(200);
    const linksOf = (message: Sent) =>
      [message.SubscribeURL, message.SigningCertURL, message.UnsubscribeURL].filter((link) => link !== undefined);
    const onService = (link: string) => link.startsWith(`${service.baseUrl}/`);
    const [ours, offHost] = partition(sentSince(from), (message) => linksOf(message).every(onService));
    expect(ours.flatMap(linksOf).length).toBeGreaterThan(10);
    // Only certificate_off_host names another host: the check's own, on loopback under another name.
    expect(offHost).toHaveLength(1);
    const other = new URL(offHost[0]!.SigningCertURL!);
    expect(other.hostname).toBe('localhost');
    for (const link of linksOf(offHost[0]!)) expect(new URL(link).origin).toBe(other.origin);
  }, 60_000);

  it('takes a service_url naming the service under another loopback name, its links on it', async () => {
    const serviceUrl = service.baseUrl.replace('127.0.0.1', 'localhost');
    const from = careless.bodies.length;
    const answer = await check({ endpoint: careless.endpoint, service_url: `${serviceUrl}/` });
    expect(answer.status).toBe(200);
    expect(answer.body.service_url).toBe(serviceUrl);
    const subscribeUrls = sentSince(from).flatMap((message) => (message.SubscribeURL ? [message.SubscribeURL] : []));
    expect(subscribeUrls.length).toBeGreaterThan(0);
    for (const link of subscribeUrls) expect(link.startsWith(`${serviceUrl}/`)).toBe(true);
  }, 60_000);

  it('refuses a service_url that is not the service’s own with 400 naming it, sending nothing', async () => {
    const { port } = new URL(service.baseUrl);
    const elsewhere = [
      `http://elsewhere.example:${port}/v7/event`,
      new URL('/v7/event', careless.endpoint).href,
      `http://127.0.0.1:${port}/v7/other`,
      `https://127.0.0.1:${port}/v7/event`,
      `${service.baseUrl}?then=elsewhere`,
      service.baseUrl.replace('http://', 'http://someone@'),
    ];
    const from = careless.received.length;
    for (const serviceUrl of elsewhere) {
      const answer = await service.internalRequest<ErrorResponse>('POST', '/receiver-checks', {
        token: operator,
        body: { endpoint: careless.endpoint, service_url: serviceUrl },
      });
      expect(answer.status, serviceUrl).toBe(400);
      expect(answer.body.error.details).toEqual([expect.objectContaining({ field: 'service_url', rule: 'format' })]);
    }
    expect(careless.received.length).toBe(from);
  });

  it('signs its messages’ Signature with a certificate of its own, which the service serves while the check runs', async () => {
    const live = await ensureSigningCertificate(database.db);
    const reference = await ownSubscription();
    const from = careless.bodies.length;
    expect((await check({ endpoint: careless.endpoint, subscription_reference_number: reference })).status).toBe(200);
    const notification = sentSince(from).find((message) => message.Type === 'Notification')!;
    expect(notification.SigningCertURL).toMatch(
      new RegExp(`^${service.baseUrl}/api-notifications/signing-certificates/check-\\d+\\.pem$`),
    );
    const served = careless.certificates.get(notification.SigningCertURL!)!;
    expect(served.status).toBe(200);
    expect(served.text).not.toBe(live.certificatePem);
    const signed = createVerify('RSA-SHA1').update(canonicalString(notification as never), 'utf8');
    expect(signed.verify(served.text, notification.Signature!, 'base64')).toBe(true);
    expect((await fetch(notification.SigningCertURL!)).status).toBe(404);
  }, 60_000);

  it('makes links that unsubscribe nothing: its UnsubscribeURL is not the subscription’s', async () => {
    const reference = await ownSubscription();
    const from = careless.bodies.length;
    expect((await check({ endpoint: careless.endpoint, subscription_reference_number: reference })).status).toBe(200);
    const notification = sentSince(from).find((message) => message.Type === 'Notification')!;
    expect(notification.UnsubscribeURL).toContain(reference);
    expect((await fetch(notification.UnsubscribeURL!)).status).toBe(404);
    expect(await isSubscriptionOf(database.db, reference, bench.operatorOrganisation.id)).toBe(true);
  }, 60_000);

  it('runs one check at a time for a caller', async () => {
    const first = check({ endpoint: careless.endpoint });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = await check({ endpoint: careless.endpoint });
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('5');
    expect((await first).status).toBe(200);
  }, 60_000);

  it('counts no answer as no refusal: a receiver that never answers fails the checks it should refuse', async () => {
    const quick = await startNotificationService(database.db, {
      receiverCheck: { signatureVersion: '1', attempt: { timeoutMs: 300, responseTimeoutMs: 300 } },
    });
    const silent = await startSilentReceiver();
    try {
      const answer = await quick.internalRequest<Scorecard>('POST', '/receiver-checks', {
        token: operator,
        body: { endpoint: silent.endpoint },
      });
      const stale = answer.body.checks.find((one) => one.check === 'stale_timestamp')!;
      expect(stale).toMatchObject({ passed: false, status: null });
      expect(stale.observed).toMatch(/^did not answer \(.*\): a refusal is an answer/);
      expect(answer.body.checks.every((one) => !one.passed || one.check === 'unsubscribe_confirmation')).toBe(true);
    } finally {
      silent.server.closeAllConnections();
      silent.server.close();
      await quick.close();
    }
  }, 60_000);

  it('is the Operator’s only', async () => {
    const planner = await tokenFor(database.db, await promoter(database.db), 'Planner');
    expect((await check({ endpoint: careless.endpoint }, planner)).status).toBe(403);
  });
});

describe('the receiver check outside the loopback allowance', () => {
  describeEachDatabase('an endpoint deliveries may not reach', (database) => {
    let service: RunningService;
    beforeAll(async () => {
      service = await startNotificationService(database.db, { policy: createEndpointPolicy([]) });
    });
    afterAll(() => service?.close());

    it('is refused with 400 naming the endpoint, nothing sent', async () => {
      const operator = await tokenFor(database.db, await promoter(database.db), 'Operator');
      const answer = await service.internalRequest<{ error: { details: { field: string }[] } }>(
        'POST',
        '/receiver-checks',
        { token: operator, body: { endpoint: 'http://127.0.0.1:9/hook' } },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.error.details[0]!.field).toBe('endpoint');
    });
  });
});

/** The items that pass `test`, and those that do not. */
function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}
