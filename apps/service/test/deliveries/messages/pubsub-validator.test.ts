/**
 * The pub/sub signature checked by a validator from the npm registry (`sns-validator`), as
 * receivers written for the permitting system's notifications check it: a real confirmation
 * and a real notification are accepted, with the certificate fetched over https from
 * `SigningCertURL` on the service's host; tampered ones are rejected. TLS ends at a proxy in
 * front of the service, whose address is the configured public base URL. Also: the
 * `UnsubscribeURL` of a notification removes the subscription.
 */
import https from 'node:https';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import MessageValidator from 'sns-validator';
import { generate } from 'selfsigned';
import type { SubscriptionCreateResponse } from '@street-events/types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../receiver.js';
import { describeEachDatabase } from '../../support/databases.js';
import { highwayAuthority, promoter, work } from '../../support/fixtures.js';
import { documentSchema, type RunningService } from '../../support/http.js';
import {
  arrived,
  startNotificationService,
  startTestWorker,
  tokenFor,
  type MovableWorker,
} from '../../features/notifications/harness.js';
import { topicArnOf } from '../../../src/deliveries/messages/messages.js';

type Message = Record<string, string>;

/** An https proxy on loopback in front of `target()`, with a fresh self-signed certificate for 127.0.0.1. */
async function startTlsProxy(target: () => string): Promise<{ url: string; ca: string; close: () => Promise<void> }> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const upstream = httpRequest(
      new URL(request.url ?? '/', target()),
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    ca: pems.cert,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

function validate(validator: MessageValidator, message: Message): Promise<Error | undefined> {
  return new Promise((settled) => validator.validate({ ...message }, (error) => settled(error ?? undefined)));
}

describeEachDatabase('pub/sub signature', (database) => {
  let proxy: Awaited<ReturnType<typeof startTlsProxy>>;
  let service: RunningService;
  let worker: MovableWorker;
  let receiver: Receiver;
  let validator: MessageValidator;
  const trustedBefore = https.globalAgent.options.ca;

  beforeAll(async () => {
    proxy = await startTlsProxy(() => service.baseUrl);
    service = await startNotificationService(database.db, { publicBaseUrl: () => `${proxy.url}/v7` });
    worker = await startTestWorker(database);
    receiver = await startReceiver();
    // sns-validator fetches the certificate with https.get: trust the proxy's certificate there.
    https.globalAgent.options.ca = proxy.ca;
    validator = new MessageValidator(new RegExp(`^${new URL(proxy.url).host.replaceAll('.', '\\.')}$`));
  }, 30_000);
  afterAll(async () => {
    https.globalAgent.options.ca = trustedBefore;
    await worker?.stop();
    await service?.close();
    await receiver?.close();
    await proxy?.close();
  });

  const messagesOf = (reference: string, type: string): Message[] =>
    receiver.received
      .map((request) => JSON.parse(request.body) as Message)
      .filter((m) => m.TopicArn === topicArnOf(reference) && m.Type === type);

  async function confirmedSubscription() {
    const owner = await promoter(database.db);
    const authority = await highwayAuthority(database.db);
    const token = await tokenFor(database.db, owner, 'Planner');
    const subscribed = await service.request<SubscriptionCreateResponse>('POST', '/api-notifications/subscribe', {
      token,
      body: { api_endpoint: receiver.url },
    });
    const reference = subscribed.body.subscription_reference_number;
    const [confirmation] = await arrived(1, () => messagesOf(reference, 'SubscriptionConfirmation'));
    const confirmUrl = new URL(confirmation!.SubscribeURL!);
    expect((await fetch(`${service.baseUrl}/api-notifications/confirm${confirmUrl.search}`)).status).toBe(200);
    await work(database.db, owner, authority);
    const [notification] = await arrived(1, () => messagesOf(reference, 'Notification'));
    return { reference, confirmation: confirmation!, notification: notification! };
  }

  it('sns-validator accepts a real confirmation and notification, SignatureVersion 1, certificate from the service', async () => {
    const { confirmation, notification } = await confirmedSubscription();
    expect(confirmation).toMatchObject({
      SignatureVersion: '1',
      // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- Vitest types its asymmetric matchers as any, to stand in for a value of any type
      SigningCertURL: expect.stringMatching(`^${proxy.url}/v7/api-notifications/signing-certificates/\\d+\\.pem$`),
    });
    expect(await validate(validator, confirmation)).toBeUndefined();
    expect(await validate(validator, notification)).toBeUndefined();
  });

  it('sns-validator rejects a tampered confirmation and a tampered notification', async () => {
    const { confirmation, notification } = await confirmedSubscription();
    const redirected = { ...confirmation, SubscribeURL: 'https://attacker.example/confirm' };
    const altered = { ...notification, Message: notification.Message!.replace('permit_submitted', 'permit_granted') };
    expect((await validate(validator, redirected))?.message).toBe('The message signature is invalid.');
    expect((await validate(validator, altered))?.message).toBe('The message signature is invalid.');
  });

  it('the UnsubscribeURL of a notification removes the subscription, once', async () => {
    const { reference, notification } = await confirmedSubscription();
    const link = new URL(notification.UnsubscribeURL!);
    const local = `${service.baseUrl}/api-notifications/unsubscribe-link${link.search}`;
    const forged = local.replace(/token=[^&]+/, 'token=forged');
    expect((await fetch(forged)).status).toBe(404);
    const removed = await fetch(local);
    const answer: unknown = await removed.json();
    expect([removed.status, answer]).toEqual([
      200,
      { subscription_reference_number: reference, status: 'unsubscribed' },
    ]);
    expect(documentSchema('SubscriptionUnsubscribedResponse')(answer)).toBe(true);
    expect((await fetch(local)).status).toBe(404);
  });
});

describeEachDatabase('pub/sub signing certificates', (database) => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startNotificationService(database.db);
  });
  afterAll(() => service?.close());

  it.each(['999999.pem', '1.crt', 'x.pem'])('an unknown certificate (%s) is 404 with the error body', async (file) => {
    const response = await fetch(`${service.baseUrl}/api-notifications/signing-certificates/${file}`);
    expect([response.status, ((await response.json()) as { error: { code: string } }).error.code]).toEqual([
      404,
      'not_found',
    ]);
  });
});

describeEachDatabase('pub/sub signature version 2', (database) => {
  let service: RunningService;
  let worker: MovableWorker;
  let receiver: Receiver;
  beforeAll(async () => {
    service = await startNotificationService(database.db);
    worker = await startTestWorker(database, { signatureVersion: '2' });
    receiver = await startReceiver();
  }, 30_000);
  afterAll(async () => {
    await worker?.stop();
    await service?.close();
    await receiver?.close();
  });

  it('a worker configured for version 2 signs with SHA256withRSA, verifiable with the served certificate', async () => {
    const { createVerify } = await import('node:crypto');
    const { canonicalString } = await import('../../../src/deliveries/messages/pubsub-signature.js');
    const owner = await promoter(database.db);
    const token = await tokenFor(database.db, owner, 'Planner');
    const subscribed = await service.request<SubscriptionCreateResponse>('POST', '/api-notifications/subscribe', {
      token,
      body: { api_endpoint: receiver.url },
    });
    const reference = subscribed.body.subscription_reference_number;
    const [request] = await arrived(1, () => receiver.received.filter((r) => r.body.includes(reference)));
    const message = JSON.parse(request!.body) as Message & { Type: 'SubscriptionConfirmation' };
    expect(message.SignatureVersion).toBe('2');
    const certificate = await (await fetch(message.SigningCertURL!)).text();
    const verifier = createVerify('RSA-SHA256').update(canonicalString(message as never));
    expect(verifier.verify(certificate, message.Signature!, 'base64')).toBe(true);
  });
});
