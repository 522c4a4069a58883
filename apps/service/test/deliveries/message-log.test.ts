/**
 * The message log and its operator API, end to end: the service over HTTP, a delivery worker on
 * the same database, a receiver on a loopback port. Every attempt is logged with what was sent
 * and what came back (success, failure, no answer); a retrying message shows its next attempt; a
 * delivered message can be replayed with its webhook-id; the stream of changes reports attempts
 * as they are recorded, and says `resync` when changes may have been missed; the log is pruned after its retention; every route not open to every role
 * (delivery-history.test.ts) is the Operator's.
 */
import type { SubscriptionCreateResponse } from '@street-events/types';
import { createServer } from 'node:net';
import { createParser } from 'eventsource-parser';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Organisation } from '../../src/directory/organisations.js';
import type { components } from '@street-events/types/operator';
import { listOperations } from '../../src/http/openapi.js';
import { loadOperatorDocument } from '../../src/shared/documents.js';
import { maxStreams } from '../../src/features/notifications/delivery-stream.js';
import { logChannel, redactedToken } from '../../src/deliveries/attempts/attempt-log.js';
import { describeEachDatabase } from '../support/databases.js';
import { highwayAuthority, promoter, tokenFor, work } from '../support/fixtures.js';
import { startService, type RunningService } from '../support/http.js';
import {
  confirm,
  confirmationTokenOf,
  loopbackPolicy,
  startTestWorker,
  type MovableWorker,
} from '../features/notifications/harness.js';
import { startReceiverBySubscription, type Answer, type Receiver } from './receiver.js';
import { sandboxLayer } from '../../src/sandbox/layer.js';

type Schemas = components['schemas'];
type Message = Schemas['InternalMessage'];
type Change = Schemas['InternalDeliveryChange'];

const minute = 60_000;
const day = 24 * 60 * minute;

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}

/** The events of a `text/event-stream`, parsed as they arrive, until closed. */
async function openStream(url: string, token: string) {
  const stop = new AbortController();
  const response = await fetch(url, { headers: { token }, signal: stop.signal });
  const events: { event: string; data: unknown }[] = [];
  const parser = createParser({
    onEvent: ({ event, data }) => {
      if (event) events.push({ event, data: JSON.parse(data || 'null') });
    },
  });
  const reading = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
      parser.feed(decoder.decode(chunk, { stream: true }));
  })().catch(() => undefined);
  return { response, events, close: () => (stop.abort(), reading) };
}

describeEachDatabase('the message log', (database) => {
  const db = () => database.db;
  let service: RunningService;
  let worker: MovableWorker;
  let receiver: Receiver;
  let operator: string;
  let planner: string;
  /** Each subscription's answer, by reference; 200 by default. */
  const answers = new Map<string, Answer>();

  beforeAll(async () => {
    receiver = await startReceiverBySubscription(answers);
    let baseUrl = '';
    service = await startService({
      db: db(),
      notifications: { policy: loopbackPolicy, publicBaseUrl: () => baseUrl },
      listen: database.listen,
    });
    baseUrl = service.baseUrl;
    // A retry a minute after a failure, then the dead letter; the log kept for two days.
    worker = await startTestWorker(database, {
      retryPolicy: { schedule: [0, minute], jitter: { kind: 'full' }, random: () => 1 },
      logRetentionMs: 2 * day,
    });
    const owner = await promoter(db());
    operator = await tokenFor(db(), owner, 'Operator');
    planner = await tokenFor(db(), owner, 'Planner');
  }, 30_000);
  afterAll(async () => {
    await worker?.stop();
    await service?.close();
    await receiver?.close();
  });

  /** A promoter whose planner subscribed `endpoint` (the receiver by default), confirmed unless it cannot be. */
  async function subscribed(endpoint = receiver.url) {
    const owner = await promoter(db());
    const authority = await highwayAuthority(db());
    const response = await service.request<SubscriptionCreateResponse>('POST', '/api-notifications/subscribe', {
      token: await tokenFor(db(), owner, 'Planner'),
      body: { api_endpoint: endpoint },
    });
    const reference = response.body.subscription_reference_number;
    if (endpoint === receiver.url)
      expect((await confirm(service, await confirmationTokenOf(db(), reference))).status).toBe(200);
    return { owner, authority, reference };
  }

  async function messagesOf(reference: string, query: Record<string, string | number> = {}) {
    const response = await service.internalRequest<Schemas['InternalMessagePage']>(
      'GET',
      `/subscriptions/${reference}/messages`,
      { token: operator, query },
    );
    expect(response.status).toBe(200);
    return response.body;
  }

  /** Waits until the subscription's newest notification satisfies `check`; returns it. */
  const newestNotification = (reference: string, check: (message: Message) => void) =>
    vi.waitFor(
      async () => {
        const [message] = (await messagesOf(reference)).messages.filter((m) => m.kind === 'notification');
        expect(message).toBeDefined();
        check(message!);
        return message!;
      },
      { timeout: 10_000, interval: 50 },
    );

  const notify = (owner: Organisation, authority: Organisation) => work(db(), owner, authority);

  it('logs a delivered attempt with its status, latency, the answer and the request exactly as sent', async () => {
    const { owner, authority, reference } = await subscribed();
    answers.set(reference, { status: 202, body: 'thanks, queued' });
    await notify(owner, authority);
    const message = await newestNotification(reference, (m) => expect(m.state).toBe('delivered'));
    const [attempt] = message.attempts;
    const sent = receiver.received.find((request) => request.headers['webhook-id'] === message.message_id)!;
    expect(attempt).toMatchObject({
      endpoint: receiver.url,
      status: 202,
      error: null,
      response_excerpt: 'thanks, queued',
      request_body: sent.body,
      outcome: 'delivered',
      next_attempt_at: null,
    });
    for (const [name, value] of Object.entries(attempt!.request_headers)) expect(sent.headers[name]).toBe(value);
    expect(attempt!.request_headers['webhook-signature']).toMatch(/^v1a,/);
    expect(attempt!.latency_ms).toBeGreaterThanOrEqual(0);
    expect(message).toMatchObject({ event_type: 'permit_submitted', next_attempt_at: null });
    expect(message.update_id).toBeGreaterThan(0);
  });

  it('logs a refused attempt with its status and answer, and shows when the message is tried next', async () => {
    const { owner, authority, reference } = await subscribed();
    answers.set(reference, { status: 503, body: 'down for maintenance' });
    const before = Date.now();
    await notify(owner, authority);
    const message = await newestNotification(reference, (m) => expect(m.attempts).toHaveLength(1));
    expect(message.state).toBe('pending');
    expect(message.attempts[0]).toMatchObject({
      status: 503,
      error: null,
      response_excerpt: 'down for maintenance',
      outcome: 'retry',
    });
    const next = Date.parse(message.next_attempt_at ?? '');
    expect(next - before).toBeGreaterThanOrEqual(minute - 1000);
    expect(next - Date.now()).toBeLessThanOrEqual(minute);
    // The attempt records the retry it scheduled, and the message, read in the same snapshot, shows it.
    expect(message.attempts[0]!.next_attempt_at).toBe(message.next_attempt_at);
  });

  /** The subscription's confirmation once it has been attempted once (at an endpoint that refuses connections). */
  const confirmationOnceAttempted = (reference: string) =>
    vi.waitFor(
      async () => {
        const [message] = (await messagesOf(reference)).messages;
        expect(message?.attempts).toHaveLength(1);
        return message!;
      },
      { timeout: 10_000, interval: 50 },
    );

  it("logs a confirmation's request with its token redacted, in Token and in SubscribeURL", async () => {
    const { reference } = await subscribed(`http://127.0.0.1:${await closedPort()}/hook`);
    const attempt = (await confirmationOnceAttempted(reference)).attempts[0]!;
    const body = JSON.parse(attempt.request_body) as { Token: string; SubscribeURL: string };
    expect(body.Token).toBe(redactedToken);
    expect(new URL(body.SubscribeURL).searchParams.get('token')).toBe(redactedToken);
    expect(attempt.request_body).not.toContain('cnf_');
  });

  it('logs an attempt that got no answer with the error and no status', async () => {
    const { reference } = await subscribed(`http://127.0.0.1:${await closedPort()}/hook`);
    const confirmation = await confirmationOnceAttempted(reference);
    expect(confirmation).toMatchObject({ kind: 'confirmation', state: 'pending' });
    expect(confirmation.attempts[0]).toMatchObject({ status: null, response_excerpt: null, outcome: 'retry' });
    expect(confirmation.attempts[0]!.error).toMatch(/^connection failed: .*ECONNREFUSED/);
  });

  it('replays a delivered message: a second attempt with the same webhook-id', async () => {
    const { owner, authority, reference } = await subscribed();
    await notify(owner, authority);
    const delivered = await newestNotification(reference, (m) => expect(m.state).toBe('delivered'));
    const replay = await service.internalRequest('POST', `/messages/${delivered.message_id}/replay`, {
      token: operator,
    });
    expect(replay).toMatchObject({ status: 202, body: { message_id: delivered.message_id } });
    const again = await newestNotification(reference, (m) => {
      expect(m.attempts).toHaveLength(2);
      expect(m.state).toBe('delivered');
    });
    expect(again.message_id).toBe(delivered.message_id);
    const sent = receiver.received.filter((request) => request.headers['webhook-id'] === delivered.message_id);
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[1]!.body)).toMatchObject({ MessageId: delivered.message_id });
  });

  it('replaying a message that is still pending is a conflict, an unknown one not found', async () => {
    const { owner, authority, reference } = await subscribed();
    answers.set(reference, { status: 500 });
    await notify(owner, authority);
    const pending = await newestNotification(reference, (m) => expect(m.attempts).toHaveLength(1));
    const replay = (id: string) => service.internalRequest('POST', `/messages/${id}/replay`, { token: operator });
    expect((await replay(pending.message_id)).status).toBe(409);
    expect((await replay('msg_00000000000000000000000000000000')).status).toBe(404);
  });

  it('streams an event when an attempt is recorded', async () => {
    const { owner, authority, reference } = await subscribed();
    const stream = await openStream(
      `${new URL(service.baseUrl).origin}/internal/deliveries/stream?subscription=${reference}`,
      operator,
    );
    const confirmationIds = new Set<string>();
    const notificationEvents = () =>
      stream.events.filter((event) => {
        const change = event.data as Change;
        if (change.type === 'attempt' && change.kind === 'confirmation') confirmationIds.add(change.message_id);
        return !confirmationIds.has(change.message_id);
      });
    try {
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      await notify(owner, authority);
      const attempt = await vi.waitFor(
        () => {
          // The subscription's confirmation may be delivered meanwhile: the notification's attempt is the one.
          const found = notificationEvents().find((event) => event.event === 'attempt');
          expect(found).toBeDefined();
          return found!.data as Change;
        },
        { timeout: 10_000, interval: 25 },
      );
      expect(attempt).toMatchObject({
        type: 'attempt',
        subscription: reference,
        kind: 'notification',
        event_type: 'permit_submitted',
        status: 200,
        outcome: 'delivered',
      });
      expect(notificationEvents().map((event) => event.event)).toEqual(['queued', 'attempt']);
      expect(stream.events.every((event) => (event.data as Change).subscription === reference)).toBe(true);
    } finally {
      await stream.close();
    }
  });

  if (database.kind === 'postgres') {
    it('tells each open stream to resync when the LISTEN connection was lost and is back', async () => {
      const stream = await openStream(`${new URL(service.baseUrl).origin}/internal/deliveries/stream`, operator);
      try {
        const admin = new pg.Client({ connectionString: database.url });
        await admin.connect();
        try {
          const { rows } = await admin.query<{ pid: number }>(
            'select pid from pg_stat_activity where datname = current_database() and query = $1',
            [`listen "${logChannel}"`],
          );
          expect(rows).toHaveLength(1);
          await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        } finally {
          await admin.end();
        }
        await vi.waitFor(() => expect(stream.events.map((event) => event.event)).toContain('resync'), {
          timeout: 10_000,
          interval: 25,
        });
      } finally {
        await stream.close();
      }
    });
  }

  it('refuses one stream more than it keeps open at once with 503 and the error body', async () => {
    const url = `${new URL(service.baseUrl).origin}/internal/deliveries/stream`;
    const open = await Promise.all(Array.from({ length: maxStreams }, () => openStream(url, operator)));
    try {
      expect(open.every((stream) => stream.response.status === 200)).toBe(true);
      const refused = await fetch(url, { headers: { token: operator } });
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ error: { status: 503 } });
    } finally {
      await Promise.all(open.map((stream) => stream.close()));
    }
  });

  it('lists subscriptions with their organisation, endpoint and state, and dead letters', async () => {
    const { owner, reference } = await subscribed();
    const listed = await service.internalRequest<Schemas['InternalSubscriptionList']>('GET', '/subscriptions', {
      token: operator,
      query: { organisation: owner.swaCode! },
    });
    expect(listed.body.subscriptions).toEqual([
      expect.objectContaining({
        subscription_reference_number: reference,
        organisation: { name: owner.name, kind: 'promoter', swa_code: owner.swaCode },
        status: 'confirmed',
        api_endpoint: receiver.url,
      }),
    ]);
    const dead = await service.internalRequest<Schemas['InternalDeadLetterList']>('GET', '/dead-letters', {
      token: operator,
      query: { subscription: reference },
    });
    expect(dead).toMatchObject({ status: 200, body: { dead_letters: [] } });
  });

  it('pages messages newest first', async () => {
    const { owner, authority, reference } = await subscribed();
    for (let i = 0; i < 3; i++) await notify(owner, authority);
    const first = await messagesOf(reference, { limit: 2 });
    expect(first.messages).toHaveLength(2);
    const second = await messagesOf(reference, { limit: 2, before: first.next_cursor! });
    const all = [...first.messages, ...second.messages];
    expect(all.map((m) => m.kind)).toEqual(['notification', 'notification', 'notification', 'confirmation']);
    expect(second.next_cursor).toBeNull();
    const times = all.map((m) => Date.parse(m.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers 401 without a token and 403 to a planner on every route not open to its role', async () => {
    const operations = listOperations(loadOperatorDocument()).filter(
      (operation) => !operation.tags.includes('events') && !operation.allowedRoles.includes('Planner'),
    );
    expect(operations.length).toBeGreaterThanOrEqual(3);
    for (const operation of operations) {
      const path = operation.path.replaceAll(/\{\w+\}/g, 'X1');
      const body = operation.bodySchema ? { api_endpoint: receiver.url } : undefined;
      const expected = operation.tags.includes('sandbox') ? [404, 404] : [401, 403];
      const statuses = [
        (await service.internalRequest(operation.method, path, { body })).status,
        (await service.internalRequest(operation.method, path, { body, token: planner })).status,
      ];
      expect(statuses, `${operation.method} ${path}`).toEqual(expected);
    }
  });

  it('has no sandbox route outside the sandbox, and refuses to confirm on the receiver\u2019s behalf', async () => {
    const organisations = await service.internalRequest('GET', '/sandbox/organisations', { token: operator });
    expect(organisations.status).toBe(404);
    const owner = await promoter(db());
    const pointed = await service.internalRequest('PUT', `/organisations/${owner.swaCode}/subscription`, {
      token: operator,
      body: { api_endpoint: receiver.url, status: 'confirmed' },
    });
    expect(pointed.status).toBe(403);
  });

  it('lists the organisations with their users\u2019 tokens in the sandbox, to the Operator alone', async () => {
    const owner = await promoter(db());
    const users = [
      { username: 'sandbox.operator', role: 'Operator' as const, organisation: owner.name, token: operator },
      { username: 'sandbox.planner', role: 'Planner' as const, organisation: owner.name, token: planner },
    ].map((user) => ({ ...user, email: '', password: '' }));
    const sandbox = await startService({
      db: db(),
      notifications: { policy: loopbackPolicy, publicBaseUrl: () => sandbox.baseUrl },
      listen: database.listen,
      layer: sandboxLayer({ db: db(), users }),
    });
    try {
      const path = '/sandbox/organisations';
      const listed = await sandbox.internalRequest<Schemas['InternalSandboxOrganisationList']>('GET', path, {
        token: operator,
      });
      expect(listed.status).toBe(200);
      expect(listed.body.organisations.find((organisation) => organisation.name === owner.name)).toEqual({
        name: owner.name,
        kind: 'promoter',
        swa_code: owner.swaCode,
        users: users.map(({ username, role, token }) => ({ username, role, token })),
      });
      expect((await sandbox.internalRequest('GET', path)).status).toBe(401);
      expect((await sandbox.internalRequest('GET', path, { token: planner })).status).toBe(403);
    } finally {
      await sandbox.close();
    }
  });

  // Moves the worker's clock on: keep it last.
  it('prunes attempts older than the log keeps', async () => {
    const { owner, authority, reference } = await subscribed();
    await notify(owner, authority);
    await newestNotification(reference, (m) => expect(m.state).toBe('delivered'));
    worker.advance(2 * day + minute);
    await vi.waitFor(async () => expect((await messagesOf(reference)).messages).toEqual([]), {
      timeout: 10_000,
      interval: 100,
    });
  });
});
