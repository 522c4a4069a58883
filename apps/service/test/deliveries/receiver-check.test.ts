/**
 * The receiver check (`POST /internal/receiver-checks`): it scores this repository's example
 * receiver (examples/receiver.mjs, run as written) all-pass, scores a receiver that checks no
 * signature with the checks of signatures and bodies failed, sends the real system's style
 * without the Standard Webhooks headers, and is the Operator's, one at a time, to an endpoint
 * deliveries may reach.
 */
import type { components } from '@street-events/types/operator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEndpointPolicy } from '../../src/deliveries/attempts/endpoint-policy.js';
import { operatorValuesOf } from '../../src/shared/enums.js';
import { describeEachDatabase } from '../support/databases.js';
import { promoter, tokenFor } from '../support/fixtures.js';
import type { RunningService } from '../support/http.js';
import { startNotificationService } from '../subscriptions/harness.js';
import { startCheckBench, startSilentReceiver, type CheckBench } from './check-receivers.js';

type Scorecard = components['schemas']['InternalReceiverScorecard'];

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

  it('uses the TopicArn of the subscription named', async () => {
    const reference = 'SUB-0123456789ABCDEFGHJKMNPQRS';
    const answer = await check({ endpoint: careless.endpoint, subscription_reference_number: reference });
    expect(answer.body.topic_arn).toMatch(new RegExp(`:${reference}$`));
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
