import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createWebhookReceiver,
  toNodeHandler,
  type ReceivedNotification,
  type SubscriptionConfirmationMessage,
  type WebhookReceiverOptions,
} from '../src/index.js';
import { fakeSubscriptionReference, startFakeEventsService, type FakeEventsService } from '../src/testing.js';
import {
  confirmationMessage,
  generateTestKey,
  notificationMessage,
  payload,
  signedDelivery,
  subscription,
  toRequest,
  type TestSigningKey,
} from './support/webhook-signer.js';

let service: FakeEventsService;
let key: TestSigningKey;
let received: ReceivedNotification[];

beforeAll(async () => {
  service = await startFakeEventsService();
});
afterAll(() => service.close());
beforeEach(() => {
  service.reset();
  key = generateTestKey();
  service.state.webhookKeys = [key.publicJwk];
  received = [];
});

/** A receiver told of the test messages' subscription, as one restarted after confirming it is. */
function receiver(options: Partial<WebhookReceiverOptions> = {}) {
  return createWebhookReceiver({
    serviceUrl: service.baseUrl,
    onNotification: (notification) => void received.push(notification),
    subscriptions: [subscription],
    ...options,
  });
}

const keyFetches = () => service.requestsTo('/.well-known/webhook-keys').length;

describe('signature and timestamp', () => {
  it("accepts a notification signed with the service's key and hands over the parsed payload", async () => {
    const message = notificationMessage();
    const response = await receiver().handle(toRequest(signedDelivery(message, [key])));

    expect(response.status).toBe(200);
    expect(received).toEqual([
      { id: message.MessageId, subscription: 'SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y', payload, message },
    ]);
    expect(keyFetches()).toBe(1);
  });

  it('refuses a body changed after signing with 401', async () => {
    const message = notificationMessage();
    const delivery = signedDelivery(message, [key]);
    const tampered = { ...delivery, body: delivery.body.replace('permit_submitted', 'permit_granted') };
    const response = await receiver().handle(toRequest(tampered));

    expect(response.status).toBe(401);
    expect(received).toEqual([]);
  });

  it('tells onRefused of each refusal with its status and reason, and nothing of what it handled', async () => {
    const refusals: { status: number; reason: string }[] = [];
    const listening = receiver({ onRefused: (refusal) => void refusals.push(refusal) });
    const delivery = signedDelivery(notificationMessage(), [key]);
    await listening.handle(
      toRequest({ ...delivery, body: delivery.body.replace('permit_submitted', 'permit_granted') }),
    );
    await listening.handle(toRequest(delivery));

    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ status: 401, reason: expect.stringMatching(/signature/) as unknown });
  });

  it('refuses a message signed with a key the service does not publish with 401', async () => {
    const response = await receiver().handle(toRequest(signedDelivery(notificationMessage(), [generateTestKey()])));

    expect(response.status).toBe(401);
    expect(received).toEqual([]);
  });

  it.each(['webhook-id', 'webhook-timestamp', 'webhook-signature'])(
    'refuses a message without %s with 401',
    async (header) => {
      const delivery = signedDelivery(notificationMessage(), [key]);
      delete delivery.headers[header];
      const response = await receiver().handle(toRequest(delivery));

      expect(response.status).toBe(401);
      expect(received).toEqual([]);
      expect(keyFetches()).toBe(0);
    },
  );

  it.each([
    ['more than 5 minutes old', -301],
    ['more than 5 minutes ahead', 301],
  ])('refuses a timestamp %s with 401', async (_, offset) => {
    const delivery = signedDelivery(notificationMessage(), [key], {
      timestamp: Math.floor(Date.now() / 1000) + offset,
    });
    const response = await receiver().handle(toRequest(delivery));

    expect(response.status).toBe(401);
    expect(received).toEqual([]);
    expect(keyFetches()).toBe(0);
  });

  it('accepts a timestamp within a configured tolerance', async () => {
    const delivery = signedDelivery(notificationMessage(), [key], { timestamp: Math.floor(Date.now() / 1000) - 500 });
    const response = await receiver({ toleranceSeconds: 600 }).handle(toRequest(delivery));

    expect(response.status).toBe(200);
  });
});

describe('key rotation', () => {
  it('accepts a message with two signatures when one is by a key it does not know', async () => {
    const response = await receiver().handle(
      toRequest(signedDelivery(notificationMessage(), [generateTestKey(), key])),
    );

    expect(response.status).toBe(200);
    expect(keyFetches()).toBe(1);
  });

  it('fetches the keys again when a message is signed only by a key published since, and accepts it', async () => {
    const events = receiver();
    expect((await events.handle(toRequest(signedDelivery(notificationMessage(), [key])))).status).toBe(200);

    const next = generateTestKey();
    service.state.webhookKeys = [key.publicJwk, next.publicJwk];
    const response = await events.handle(toRequest(signedDelivery(notificationMessage(), [next])));

    expect(response.status).toBe(200);
    expect(keyFetches()).toBe(2);
    expect(received).toHaveLength(2);
  });

  it('fetches the keys again at most once per interval, however many unknown signatures arrive', async () => {
    const events = receiver();
    await events.handle(toRequest(signedDelivery(notificationMessage(), [key]))); // the first fetch
    for (let i = 0; i < 5; i++) {
      const response = await events.handle(toRequest(signedDelivery(notificationMessage(), [generateTestKey()])));
      expect(response.status).toBe(401);
    }
    expect(keyFetches()).toBe(2); // the first, and one more for the unknown key
  });

  it('uses keys given directly without fetching any', async () => {
    const response = await receiver({ keys: { keys: [key.publicJwk] } }).handle(
      toRequest(signedDelivery(notificationMessage(), [key])),
    );

    expect(response.status).toBe(200);
    expect(keyFetches()).toBe(0);
  });

  it('answers 503 when the keys cannot be fetched, so the service delivers again later', async () => {
    service.failNext({ status: 500 });
    const response = await receiver().handle(toRequest(signedDelivery(notificationMessage(), [key])));

    expect(response.status).toBe(503);
    expect(received).toEqual([]);
  });
});

describe('subscription confirmation', () => {
  it('confirms by a GET of the SubscribeURL when it is on the configured service', async () => {
    const confirmed: SubscriptionConfirmationMessage[] = [];
    const message = confirmationMessage(`${service.baseUrl}/api-notifications/confirm?token=cnf_token`);
    const response = await receiver({ onSubscriptionConfirmation: (m) => void confirmed.push(m) }).handle(
      toRequest(signedDelivery(message, [key])),
    );

    expect(response.status).toBe(200);
    expect(service.confirmedTokens).toEqual(['cnf_token']);
    expect(confirmed).toEqual([message]);
  });

  it("the fake answers the confirmation link with the document's body", async () => {
    const answer = await fetch(`${service.baseUrl}/api-notifications/confirm?token=cnf_token`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      subscription_reference_number: fakeSubscriptionReference,
      status: 'confirmed',
    });
  });

  it('refuses to GET a SubscribeURL of another origin', async () => {
    const elsewhere = await startFakeEventsService();
    try {
      const message = confirmationMessage(`${elsewhere.baseUrl}/api-notifications/confirm?token=cnf_token`);
      const response = await receiver().handle(toRequest(signedDelivery(message, [key])));

      expect(response.status).toBe(400);
      expect(elsewhere.requests).toEqual([]);
      expect(service.confirmedTokens).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('tells onRefused why it refused a SubscribeURL, naming both places but not the token', async () => {
    const refusals: { status: number; reason: string }[] = [];
    const elsewhere = 'https://elsewhere.example/v7/event/api-notifications/confirm?token=cnf_token';
    await receiver({ onRefused: (refusal) => void refusals.push(refusal) }).handle(
      toRequest(signedDelivery(confirmationMessage(elsewhere), [key])),
    );

    expect(refusals).toEqual([
      {
        status: 400,
        reason: `SubscribeURL https://elsewhere.example/v7/event/api-notifications/confirm is not on the configured service ${service.baseUrl}`,
      },
    ]);
  });

  it.each(['/api-notifications/confirm', '/v70/api-notifications/confirm', '/v7'])(
    'refuses to GET a SubscribeURL on the same origin outside the base path (%s)',
    async (path) => {
      const message = confirmationMessage(`${service.origin}${path}?token=cnf_token`);
      const response = await receiver().handle(toRequest(signedDelivery(message, [key])));

      expect(response.status).toBe(400);
      expect(service.requests.map((request) => request.url.pathname)).toEqual(['/.well-known/webhook-keys']);
    },
  );

  it('leaves the confirmation to the caller with confirmSubscriptions: false', async () => {
    const confirmed: string[] = [];
    const message = confirmationMessage(`${service.baseUrl}/api-notifications/confirm?token=cnf_token`);
    const response = await receiver({
      confirmSubscriptions: false,
      onSubscriptionConfirmation: (m) => void confirmed.push(m.Token),
    }).handle(toRequest(signedDelivery(message, [key])));

    expect(response.status).toBe(200);
    expect(confirmed).toEqual(['cnf_token']);
    expect(service.confirmedTokens).toEqual([]);
  });

  it('answers 502 when the confirmation GET fails, so the service delivers the message again', async () => {
    const message = confirmationMessage(`${service.baseUrl}/api-notifications/confirm?token=cnf_token`);
    const events = receiver();
    await events.handle(toRequest(signedDelivery(notificationMessage(), [key]))); // keys fetched
    service.failNext({ status: 500 });
    const response = await events.handle(toRequest(signedDelivery(message, [key])));

    expect(response.status).toBe(502);
  });
});

describe('delivery outcomes', () => {
  it('handles a message delivered twice once, answering 200 both times', async () => {
    const events = receiver();
    const message = notificationMessage();
    const first = await events.handle(toRequest(signedDelivery(message, [key])));
    const again = await events.handle(
      toRequest(signedDelivery(message, [key], { timestamp: Math.floor(Date.now() / 1000) + 5 })),
    );

    expect([first.status, again.status]).toEqual([200, 200]);
    expect(received).toHaveLength(1);
  });

  it('answers 500 when the handler throws, and handles the message when it is delivered again', async () => {
    let failing = true;
    const events = receiver({
      onNotification: (notification) => {
        if (failing) throw new Error('database down');
        received.push(notification);
      },
    });
    const message = notificationMessage();
    const first = await events.handle(toRequest(signedDelivery(message, [key])));
    failing = false;
    const again = await events.handle(toRequest(signedDelivery(message, [key])));

    expect([first.status, again.status]).toEqual([500, 200]);
    expect(received).toHaveLength(1);
  });

  const base = { ...notificationMessage(), MessageId: 'm' };
  it.each([
    ['a body that is not JSON', 'not json'],
    [
      'a message of another Type',
      JSON.stringify({ Type: 'SubscriptionEnded', MessageId: 'm', TopicArn: 't', Message: '', Timestamp: '' }),
    ],
    ['a Message that is not JSON', JSON.stringify({ ...base, Message: '{oops' })],
    [
      'a Message without update_id',
      JSON.stringify({ ...base, Message: JSON.stringify({ event_type: 'permit_submitted' }) }),
    ],
    ['a MessageId other than webhook-id', JSON.stringify({ ...base, MessageId: 'other' })],
    ['a notification without TopicArn', JSON.stringify({ ...base, TopicArn: undefined })],
  ])('answers 400 for %s', async (_, body) => {
    const response = await receiver().handle(toRequest(signedDelivery(base, [key], { body })));

    expect(response.status).toBe(400);
    expect(received).toEqual([]);
  });

  it('answers 405 to anything but a POST', async () => {
    const response = await receiver().handle(new Request('http://127.0.0.1/hooks'));
    expect(response.status).toBe(405);
  });
});

describe('toNodeHandler', () => {
  it('answers deliveries on a node:http server', async () => {
    const handle = toNodeHandler(receiver());
    const server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/street-works`;
    try {
      const message = notificationMessage();
      const accepted = await fetch(url, { method: 'POST', ...signedDelivery(message, [key]) });
      const tampered = signedDelivery(notificationMessage(), [key]);
      const refused = await fetch(url, { method: 'POST', headers: tampered.headers, body: `${tampered.body} ` });

      expect([accepted.status, refused.status]).toEqual([200, 401]);
      expect(await accepted.text()).toBe('handled');
      expect(received.map((notification) => notification.id)).toEqual([message.MessageId]);
    } finally {
      server.close();
    }
  });

  it('answers 413 to a body larger than maxBodyBytes', async () => {
    const handle = toNodeHandler(receiver(), { maxBodyBytes: 1000 });
    const server = createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    try {
      const message = notificationMessage({ ...payload, internal_user_name: 'x'.repeat(2000) });
      const response = await fetch(url, { method: 'POST', ...signedDelivery(message, [key]) });

      expect(response.status).toBe(413);
      expect(received).toEqual([]);
    } finally {
      server.close();
    }
  });
});

describe('the subscriptions it takes', () => {
  const otherTopic = 'arn:street-events:sns:eu-west-2:000000000000:SUB-01JD2K8W4X9Q7M3N5P6R8T0ZZZ';
  const unsubscribeConfirmation = () => ({
    ...confirmationMessage(`${service.baseUrl}/api-notifications/subscribe-again?token=t`),
    Type: 'UnsubscribeConfirmation' as const,
    MessageId: 'c2a5b1f0-1d4e-4c59-9d7e-3b9a3a1f0e42',
  });

  it('refuses with 403 a genuine notification of a subscription it neither confirmed nor was told of', async () => {
    const response = await receiver().handle(
      toRequest(signedDelivery({ ...notificationMessage(), TopicArn: otherTopic }, [key])),
    );

    expect(response.status).toBe(403);
    expect(await response.text()).toMatch(/SUB-01JD2K8W4X9Q7M3N5P6R8T0ZZZ/);
    expect(received).toEqual([]);
  });

  it('takes the notifications of a subscription once it confirmed it', async () => {
    const listening = receiver({ subscriptions: [] });
    const confirmation = confirmationMessage(`${service.baseUrl}/api-notifications/confirm?token=abc`);
    expect((await listening.handle(toRequest(signedDelivery(notificationMessage(), [key])))).status).toBe(403);

    expect((await listening.handle(toRequest(signedDelivery(confirmation, [key])))).status).toBe(200);
    const response = await listening.handle(toRequest(signedDelivery(notificationMessage(), [key])));

    expect(response.status).toBe(200);
    expect(received).toHaveLength(1);
  });

  it('answers an UnsubscribeConfirmation 200 without following its SubscribeURL, and takes no more of that subscription', async () => {
    const ended: string[] = [];
    const listening = receiver({ onUnsubscribeConfirmation: (message) => void ended.push(message.TopicArn) });

    const response = await listening.handle(toRequest(signedDelivery(unsubscribeConfirmation(), [key])));
    const after = await listening.handle(toRequest(signedDelivery(notificationMessage(), [key])));

    expect(response.status).toBe(200);
    expect(service.requestsTo('/api-notifications/subscribe-again')).toHaveLength(0);
    expect(ended).toEqual([notificationMessage().TopicArn]);
    expect(after.status).toBe(403);
  });

  it('keeps what it confirmed in the store it is given', async () => {
    const store = new Set<string>();
    const confirmation = confirmationMessage(`${service.baseUrl}/api-notifications/confirm?token=abc`);
    await receiver({ subscriptions: store }).handle(toRequest(signedDelivery(confirmation, [key])));

    expect([...store]).toEqual([subscription]);
  });
});
