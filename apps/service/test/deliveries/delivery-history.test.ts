/**
 * The delivery history for every organisation, end to end: the operator API's listings and replay
 * called with the tokens of an organisation's own users, of every role, over HTTP, a delivery
 * worker on the same database and a receiver on a loopback port. Promoter A subscribes and has a
 * delivered notification and a dead letter; every caller outside A (a planner of another
 * promoter, a contractor holding a contract with A, the highway authority of A's works, by API
 * token and by login token) sees none of them, and A's subscription reference and message ids are
 * answered exactly as unknown ones. A's own users see and replay them; the Operator sees all.
 */
import type { ErrorResponse, SubscriptionCreateResponse } from '@street-events/types';
import type { AuthenticationResponse } from '@street-events/types/login';
import { parameterConstraints, type components } from '@street-events/types/operator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { addContract, removeContract } from '../../src/events/contracts.js';
import { defaultLoginLimits } from '../../src/directory/login.js';
import { deliveries } from '../../src/db/schema.js';
import type { Organisation } from '../../src/directory/organisations.js';
import { describeEachDatabase } from '../support/databases.js';
import {
  contractor,
  highwayAuthority,
  loginPassword,
  promoter,
  tokenFor,
  userWithLogin,
  work,
} from '../support/fixtures.js';
import { startService, type RunningService, type TestResponse } from '../support/http.js';
import {
  confirm,
  confirmationTokenOf,
  loopbackPolicy,
  startTestWorker,
  type MovableWorker,
} from '../features/notifications/harness.js';
import { startReceiverBySubscription, type Answer, type Receiver } from './receiver.js';

type Schemas = components['schemas'];
type Message = Schemas['InternalMessage'];

const unknownReference = 'ESUB-000000000000';
const unknownMessage = 'msg_00000000000000000000000000000000';

/** An error answer as a caller reads it, the reference or id it names replaced and its request id left out. */
function comparable(response: TestResponse<unknown>, named: string, as: string) {
  const body = response.body as ErrorResponse;
  const error: Partial<ErrorResponse['error']> = { ...body.error };
  delete error.request_id;
  const text = JSON.stringify({ ...body, error }).replaceAll(named, as);
  return { status: response.status, body: JSON.parse(text) as unknown };
}

describeEachDatabase('delivery history for every organisation', (database) => {
  const db = () => database.db;
  let service: RunningService;
  let worker: MovableWorker;
  let receiver: Receiver;
  const answers = new Map<string, Answer>();
  /** Promoter A: its subscription, a delivered notification and a dead letter, and its planner's token. */
  let a: { owner: Organisation; reference: string; delivered: Message; dead: Message; planner: string };
  let operator: string;
  /** Callers outside A, by role and credential. */
  const outsiders = new Map<string, string>();

  const history = <Body>(method: string, path: string, token: string, query: Record<string, string> = {}) =>
    service.internalRequest<Body>(method, path, { token, query });
  const messagesOf = (reference: string, token: string) =>
    history<Schemas['InternalMessagePage']>('GET', `/subscriptions/${reference}/messages`, token);

  /** The caller's organisation subscribes the receiver, and confirms. */
  async function subscribe(token: string): Promise<string> {
    const response = await service.request<SubscriptionCreateResponse>('POST', '/api-notifications/subscribe', {
      token,
      body: { api_endpoint: receiver.url },
    });
    const reference = response.body.subscription_reference_number;
    expect((await confirm(service, await confirmationTokenOf(db(), reference))).status).toBe(200);
    return reference;
  }

  /** The newest notification of A's subscription, once `check` holds of it. */
  const newestNotification = (reference: string, token: string, check: (message: Message) => void) =>
    vi.waitFor(
      async () => {
        const message = (await messagesOf(reference, token)).body.messages.find((m) => m.kind === 'notification');
        expect(message).toBeDefined();
        check(message!);
        return message!;
      },
      { timeout: 15_000, interval: 50 },
    );

  const logIn = async (organisation: Organisation, role: 'Planner' | 'Contractor' | 'HighwayAuthority') => {
    const { email } = await userWithLogin(db(), organisation, role);
    const response = await service.loginRequest<AuthenticationResponse>('POST', '/work/authenticate', {
      body: { emailAddress: email, password: loginPassword },
    });
    return response.body.accessToken;
  };

  beforeAll(async () => {
    receiver = await startReceiverBySubscription(answers);
    let baseUrl = '';
    service = await startService({
      db: db(),
      notifications: { policy: loopbackPolicy, publicBaseUrl: () => baseUrl },
      listen: database.listen,
      login: { tokenTtlSeconds: 3600, limits: { ...defaultLoginLimits, addressMax: 1000, accountMax: 1000 } },
      authenticationCache: { ttlMs: 0, maxEntries: 1 },
    });
    baseUrl = service.baseUrl;
    worker = await startTestWorker(database);
    const owner = await promoter(db());
    const authority = await highwayAuthority(db());
    const planner = await tokenFor(db(), owner, 'Planner');
    operator = await tokenFor(db(), authority, 'Operator');
    const reference = await subscribe(planner);
    await work(db(), owner, authority);
    const delivered = await newestNotification(reference, planner, (m) => expect(m.state).toBe('delivered'));
    answers.set(reference, { status: 500, body: 'broken' });
    await work(db(), owner, authority);
    const dead = await newestNotification(reference, planner, (m) => expect(m.state).toBe('dead'));
    answers.delete(reference);
    a = { owner, reference, delivered, dead, planner };

    // Outside A, each with a subscription of its own (so their listings are not empty by chance).
    const other = await promoter(db());
    const contracted = await contractor(db());
    await addContract(db(), { contractor: contracted.name, promoter: owner.name });
    for (const [organisation, role] of [
      [other, 'Planner'],
      [contracted, 'Contractor'],
      [authority, 'HighwayAuthority'],
    ] as const) {
      const token = await tokenFor(db(), organisation, role);
      if (role !== 'HighwayAuthority') await subscribe(token);
      outsiders.set(`${role} (API token)`, token);
      outsiders.set(`${role} (login token)`, await logIn(organisation, role));
    }
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await service?.close();
    await receiver?.close();
  });

  const eachOutsider = () => [...outsiders.entries()];

  it("shows every outsider's listings none of A's subscription or dead letters", async () => {
    for (const [who, token] of eachOutsider()) {
      const listed = await history<Schemas['InternalSubscriptionList']>('GET', '/subscriptions', token);
      expect(listed.status, who).toBe(200);
      expect(
        listed.body.subscriptions.map((s) => s.subscription_reference_number),
        who,
      ).not.toContain(a.reference);
      const named = await history<Schemas['InternalSubscriptionList']>('GET', '/subscriptions', token, {
        organisation: a.owner.swaCode!,
      });
      expect(named.body.subscriptions, who).toEqual([]);
      const dead = await history<Schemas['InternalDeadLetterList']>('GET', '/dead-letters', token);
      expect(
        dead.body.dead_letters.map((letter) => letter.message_id),
        who,
      ).not.toContain(a.dead.message_id);
      const deadOfA = await history<Schemas['InternalDeadLetterList']>('GET', '/dead-letters', token, {
        subscription: a.reference,
      });
      expect(deadOfA.body.dead_letters, who).toEqual([]);
    }
  });

  it("answers A's subscription to every outsider exactly as an unknown one: 404", async () => {
    for (const [who, token] of eachOutsider()) {
      const known = await messagesOf(a.reference, token);
      const unknown = await messagesOf(unknownReference, token);
      expect(known.status, who).toBe(404);
      expect(comparable(known, a.reference, 'X'), who).toEqual(comparable(unknown, unknownReference, 'X'));
    }
  });

  it("answers a replay of A's messages to every outsider as an unknown one, and queues nothing", async () => {
    const replay = (id: string, token: string) => history('POST', `/messages/${id}/replay`, token);
    for (const [who, token] of eachOutsider()) {
      const unknown = comparable(await replay(unknownMessage, token), unknownMessage, 'X');
      for (const message of [a.delivered, a.dead]) {
        const refused = await replay(message.message_id, token);
        expect(refused.status, who).toBe(404);
        expect(comparable(refused, message.message_id, 'X'), who).toEqual(unknown);
      }
    }
    const queued = await db().select().from(deliveries).where(eq(deliveries.messageId, a.delivered.message_id));
    expect(queued).toEqual([]);
    const [stillDead] = await db().select().from(deliveries).where(eq(deliveries.messageId, a.dead.message_id));
    expect(stillDead?.status).toBe('dead');
  });

  it("shows A's own user its subscription, its messages with every attempt and its dead letter", async () => {
    const listed = await history<Schemas['InternalSubscriptionList']>('GET', '/subscriptions', a.planner);
    expect(listed.body.subscriptions.map((s) => s.subscription_reference_number)).toEqual([a.reference]);
    const page = await messagesOf(a.reference, a.planner);
    expect(page.status).toBe(200);
    const dead = page.body.messages.find((m) => m.message_id === a.dead.message_id)!;
    expect(dead.attempts.length).toBeGreaterThan(1);
    expect(dead.attempts[0]).toMatchObject({ status: 500, response_excerpt: 'broken', outcome: 'retry' });
    expect(dead.attempts[0]!.request_headers['webhook-id']).toBe(a.dead.message_id);
    expect(dead.attempts[0]!.request_body).toContain(a.dead.message_id);
    expect(dead.attempts[0]!.latency_ms).toBeGreaterThanOrEqual(0);
    const letters = await history<Schemas['InternalDeadLetterList']>('GET', '/dead-letters', a.planner);
    expect(letters.body.dead_letters.map((letter) => letter.message_id)).toEqual([a.dead.message_id]);
  });

  it("lets A's own user replay its dead letter: 202, and a new attempt delivers it", async () => {
    const attemptsBefore = a.dead.attempts.length;
    const replay = await history('POST', `/messages/${a.dead.message_id}/replay`, a.planner);
    expect(replay).toMatchObject({ status: 202, body: { message_id: a.dead.message_id } });
    await vi.waitFor(
      async () => {
        const page = await messagesOf(a.reference, a.planner);
        const again = page.body.messages.find((m) => m.message_id === a.dead.message_id)!;
        expect(again.state).toBe('delivered');
        expect(again.attempts).toHaveLength(attemptsBefore + 1);
      },
      { timeout: 15_000, interval: 50 },
    );
  });

  it('refuses a page of messages larger than the document allows, with 400 naming limit', async () => {
    const largest = parameterConstraints.listMessages.limit.maximum;
    const refused = await service.internalRequest<ErrorResponse>('GET', `/subscriptions/${a.reference}/messages`, {
      token: a.planner,
      query: { limit: largest + 1 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details?.[0]).toMatchObject({ field: 'limit', location: 'query' });
  });

  it("keeps the Operator's whole view: every organisation's subscriptions and A's messages", async () => {
    const listed = await history<Schemas['InternalSubscriptionList']>('GET', '/subscriptions', operator);
    expect(listed.body.subscriptions.length).toBeGreaterThanOrEqual(3);
    expect(listed.body.subscriptions.map((s) => s.subscription_reference_number)).toContain(a.reference);
    expect((await messagesOf(a.reference, operator)).status).toBe(200);
  });

  it('refuses a contractor without any active contract with 403, as the interface does', async () => {
    const former = await contractor(db());
    await addContract(db(), { contractor: former.name, promoter: a.owner.name });
    const token = await tokenFor(db(), former, 'Contractor');
    await removeContract(db(), { contractor: former.name, promoter: a.owner.name });
    expect((await history('GET', '/subscriptions', token)).status).toBe(403);
  });

  it('counts the history against the caller’s rate limit: past it, 429 with Retry-After', async () => {
    const limited = await startService({
      db: db(),
      rateLimit: { max: 2, windowMs: 60_000 },
      notifications: { policy: loopbackPolicy, publicBaseUrl: () => '' },
      listen: database.listen,
    });
    try {
      const read = () => limited.internalRequest('GET', `/subscriptions/${a.reference}/messages`, { token: a.planner });
      expect([(await read()).status, (await read()).status]).toEqual([200, 200]);
      const refused = await read();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});
