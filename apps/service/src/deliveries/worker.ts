/**
 * The delivery worker. It claims due deliveries from the outbox, POSTs them (signed with every
 * active key) and records the outcome; it also removes subscriptions left unconfirmed for 48
 * hours. Any number of workers, in any number of processes, can share one database:
 *
 * - Claiming is one statement: `SELECT … FOR UPDATE SKIP LOCKED` picks due rows that no other
 *   worker is locking, and the same statement leases them (`lease_until`, and `next_attempt_at`
 *   moved to the lease's end). A claim whose lease has passed (its worker crashed) is due again,
 *   so nothing is lost; a receiver may then get a message twice, with the same `webhook-id`.
 * - Order: only the head of each subscription's queue for a work is due (see outbox.ts); when it
 *   is delivered or dead-lettered, the next one is released in the same transaction.
 * - Latency: workers LISTEN for the NOTIFY sent when deliveries commit, claim again whenever an
 *   attempt ends, and poll as a fallback.
 * - Throughput: up to `concurrency` attempts run at once, with a keep-alive agent per endpoint
 *   origin (new connections still go through the guarded lookup).
 * - Outcomes: 2xx delivered (the delivery leaves the outbox); 410 removes the subscription; anything else is retried on the
 *   retry schedule (honouring `Retry-After`) and dead-lettered after the last attempt.
 * - Database outages: a failed claim is logged and tried again at the next wake-up or poll;
 *   outcomes that cannot be recorded are tried again with backoff while their lease lasts, so a
 *   receiver that answered is not sent the message again once the database is back; the keys
 *   loaded last keep signing.
 */
import http from 'node:http';
import https from 'node:https';
import type { NotificationPayload } from '@street-events/types';
import { systemClock, type Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import { attemptDelivery, defaultAttemptTimeoutMs } from './attempt.js';
import { claimDue, type Claim, type ClaimedDelivery } from './claim.js';
import type { EndpointPolicy } from './endpoint-policy.js';
import type { Resolver } from './guarded-lookup.js';
import { deliveryRequest, notification, signedMessage, type PubSubSigning } from './messages.js';
import type { SignatureVersion, SigningCertificate, UnsignedMessage } from './pubsub-signature.js';
import { defaultRetryPolicy, type RetryPolicy } from './retry-schedule.js';
import { markDelivered, settleFailure } from './settle.js';
import type { SigningKey } from './signing.js';
import { textOf, type AuditEventType, type AuditObjectType } from '../domain/enums.js';
import { isoFromUtcText } from '../queries/array-rows.js';
import {
  activeSigningKeys,
  currentSigningCertificate,
  ensureSigningCertificate,
  ensureSigningKey,
} from '../notifications/keys.js';
import { deliveriesChannel } from './outbox.js';
import { expireUnconfirmed, removeGoneSubscription } from '../notifications/subscriptions.js';

/** Subscribes to a NOTIFY channel (reporting a lost connection to `log`); resolves to the function that unsubscribes. */
export type Listen = (channel: string, onNotify: () => void, log?: Log) => Promise<() => Promise<void>>;

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

const silent: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** What became of an attempt: delivered, scheduled again, its subscription removed (410), or dead-lettered. */
export type DeliveryOutcome = 'delivered' | 'retry' | 'gone' | 'dead';

export interface WorkerOptions {
  db: Database;
  policy: EndpointPolicy;
  resolve?: Resolver;
  retryPolicy?: RetryPolicy;
  attemptTimeoutMs?: number;
  /** Now, for scheduling and for the 48-hour expiry; tests move it. */
  clock?: Clock;
  /** LISTEN for new deliveries; without it the worker only polls. */
  listen?: Listen;
  /** Fallback poll interval; 1 s by default. */
  pollIntervalMs?: number;
  /** How often unconfirmed subscriptions are checked for expiry; 10 s by default. */
  expiryIntervalMs?: number;
  /** `SignatureVersion` of the pub/sub signature: "1" (SHA1withRSA) by default, or "2" (SHA256withRSA). */
  signatureVersion?: SignatureVersion;
  /** Attempts in flight at once; 64 by default. */
  concurrency?: number;
  /** How long a claim is held; the attempt time limit plus 30 s by default. */
  leaseMs?: number;
  log?: Log;
  /** Told the outcome of every attempt (metrics). */
  onOutcome?: (outcome: DeliveryOutcome) => void;
}

export interface DeliveryWorker {
  /** Claims due deliveries now. */
  wake(): void;
  /** Stops claiming, waits for the attempts in flight, closes connections. */
  stop(): Promise<void>;
}

type ClaimedRow = ClaimedDelivery;

function messageOf(row: ClaimedRow): UnsignedMessage {
  if (row.kind === 'confirmation') return JSON.parse(row.body ?? '{}') as UnsignedMessage;
  const eventType = row.event_type as AuditEventType;
  const objectType = row.object_type as AuditObjectType;
  const payload: NotificationPayload = {
    update_id: Number(row.update_id),
    update_date_time: row.update_date_time === null ? '' : isoFromUtcText(row.update_date_time),
    event_type: eventType,
    event_type_string: textOf('AuditEventType', eventType),
    object_type: objectType,
    object_type_string: textOf('AuditObjectTypeResponse', objectType),
    work_reference_number: row.work_reference_number,
    object_reference_number: row.object_reference_number,
    parent_object_reference_number: row.parent_object_reference_number,
    promoter_swa_code: row.promoter_swa_code,
    internal_user_identifier: row.internal_user_identifier,
    internal_user_name: row.internal_user_name,
  };
  return notification({
    messageId: row.message_id,
    subscriptionReferenceNumber: row.subscription_reference,
    payload,
    createdAt: new Date(isoFromUtcText(row.created_at)),
  });
}

const keyCacheMs = 5000;

export async function startWorker(options: WorkerOptions): Promise<DeliveryWorker> {
  const {
    db,
    policy,
    resolve,
    retryPolicy = defaultRetryPolicy,
    attemptTimeoutMs = defaultAttemptTimeoutMs,
    clock = systemClock,
    pollIntervalMs = 1000,
    expiryIntervalMs = 10_000,
    concurrency = 64,
    signatureVersion = '1',
    leaseMs = attemptTimeoutMs + 30_000,
    log = silent,
    onOutcome = () => undefined,
  } = options;

  const minimumClaim = Math.max(1, Math.floor(concurrency / 4));
  let keys: SigningKey[] = await ensureSigningKey(db);
  let keysLoadedAt = Date.now();
  const currentKeys = async () => {
    if (Date.now() - keysLoadedAt > keyCacheMs) {
      try {
        const loaded = await activeSigningKeys(db);
        if (loaded.length > 0) keys = loaded;
      } catch (error) {
        log.warn({ err: error }, 'reloading the signing keys failed; signing with those loaded before');
      }
      keysLoadedAt = Date.now();
    }
    return keys;
  };

  let certificate: SigningCertificate = await ensureSigningCertificate(db);
  let certificateLoadedAt = Date.now();
  const currentSigning = async (): Promise<PubSubSigning> => {
    if (Date.now() - certificateLoadedAt > keyCacheMs) {
      try {
        certificate = (await currentSigningCertificate(db)) ?? certificate;
      } catch (error) {
        log.warn({ err: error }, 'reloading the signing certificate failed; signing with the one loaded before');
      }
      certificateLoadedAt = Date.now();
    }
    return { certificate, version: signatureVersion };
  };

  const agents = new Map<string, http.Agent>();
  const agentFor = (endpoint: string) => {
    const { origin, protocol } = new URL(endpoint);
    let agent = agents.get(origin);
    if (!agent) {
      const settings = { keepAlive: true, maxSockets: concurrency, timeout: attemptTimeoutMs };
      agent = protocol === 'https:' ? new https.Agent(settings) : new http.Agent(settings);
      agents.set(origin, agent);
    }
    return agent;
  };

  // Successes, the bulk of the work, are recorded together: one statement per tick of the event loop.
  let successes: (Claim & { done: () => void; failed: (error: unknown) => void })[] = [];
  const flushSuccesses = () => {
    const batch = successes;
    successes = [];
    const lease = new Date(Math.min(...batch.map((claimed) => claimed.lease.getTime())));
    whileLeased(lease, () => markDelivered(db, batch)).then(
      () => batch.forEach((claim) => claim.done()),
      (error: unknown) => batch.forEach((claim) => claim.failed(error)),
    );
  };
  const delivered = (claimed: Claim) =>
    new Promise<void>((done, failed) => {
      if (successes.length === 0) setImmediate(flushSuccesses);
      successes.push({ ...claimed, done, failed });
    });

  let stopped = false;
  let inFlight = 0;
  let claiming = false;
  let claimAgain = false;
  const attempts = new Set<Promise<void>>();

  /** Records outcomes with `write`, again with backoff while the database fails and the lease lasts. */
  async function whileLeased<T>(lease: Date, write: () => Promise<T>): Promise<T> {
    for (let pauseMs = 100; ; pauseMs = Math.min(pauseMs * 2, 2000)) {
      try {
        return await write();
      } catch (error) {
        if (stopped || clock().getTime() + pauseMs >= lease.getTime()) throw error;
        log.warn({ err: error }, 'recording delivery outcomes failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  }

  async function deliver(row: ClaimedRow, leaseUntil: Date): Promise<void> {
    const message = signedMessage(messageOf(row), row.public_base_url, await currentSigning());
    const request = deliveryRequest(message, await currentKeys(), clock());
    const outcome = await attemptDelivery(row.api_endpoint, request, {
      policy,
      resolve,
      timeoutMs: attemptTimeoutMs,
      clock,
      agent: URL.canParse(row.api_endpoint) ? agentFor(row.api_endpoint) : undefined,
    });
    if (outcome.outcome === 'delivered') {
      onOutcome('delivered');
      return delivered({ id: row.id, lease: leaseUntil });
    }
    const claimed = { id: row.id, lease: leaseUntil, attempts: row.attempts };
    const result =
      outcome.outcome === 'gone'
        ? await whileLeased(leaseUntil, async () => {
            await removeGoneSubscription(db, row.subscription_id);
            return 'gone' as const;
          })
        : await whileLeased(leaseUntil, () => settleFailure(db, claimed, outcome, clock(), retryPolicy));
    onOutcome(result);
    if (result === 'gone')
      log.warn({ subscription: row.subscription_reference }, 'endpoint answered 410 Gone: subscription removed');
    if (result === 'dead') {
      log.warn(
        {
          messageId: row.message_id,
          subscription: row.subscription_reference,
          reason: 'reason' in outcome ? outcome.reason : '',
        },
        'delivery dead-lettered',
      );
    }
  }

  async function pump(): Promise<void> {
    if (claiming) {
      claimAgain = true;
      return;
    }
    claiming = true;
    try {
      do {
        claimAgain = false;
        const room = concurrency - inFlight;
        // Claim in batches: while attempts are in flight, wait until a quarter of the room is free.
        if (stopped || room <= 0 || (inFlight > 0 && room < minimumClaim)) break;
        const now = clock();
        const leaseUntil = new Date(now.getTime() + leaseMs);
        const claimed = await claimDue(db, room, now, leaseUntil);
        for (const row of claimed) {
          inFlight += 1;
          const attempt = deliver(row, leaseUntil)
            .catch((error: unknown) => log.error({ err: error, messageId: row.message_id }, 'delivery attempt failed'))
            .finally(() => {
              inFlight -= 1;
              attempts.delete(attempt);
              void pump();
            });
          attempts.add(attempt);
        }
        if (claimed.length === room) claimAgain = true;
      } while (claimAgain && !stopped);
    } catch (error) {
      if (!stopped) log.error({ err: error }, 'claiming deliveries failed');
    } finally {
      claiming = false;
    }
  }

  let expiring: Promise<void> = Promise.resolve();
  const expire = () => (expiring = expiring.then(expireOnce));
  async function expireOnce(): Promise<void> {
    if (stopped) return;
    try {
      const removed = await expireUnconfirmed(db, clock());
      if (removed.length > 0) log.info({ subscriptions: removed }, 'unconfirmed subscriptions expired after 48 hours');
    } catch (error) {
      if (!stopped) log.error({ err: error }, 'expiring subscriptions failed');
    }
  }

  const unlisten = options.listen ? await options.listen(deliveriesChannel, () => void pump(), log) : undefined;
  const pollTimer = setInterval(() => void pump(), pollIntervalMs);
  const expiryTimer = setInterval(() => void expire(), expiryIntervalMs);
  void expire();
  void pump();

  return {
    wake: () => void pump(),
    async stop() {
      stopped = true;
      clearInterval(pollTimer);
      clearInterval(expiryTimer);
      await unlisten?.();
      await expiring;
      while (claiming || attempts.size > 0) {
        await Promise.allSettled([...attempts]);
        if (claiming) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      for (const agent of agents.values()) agent.destroy();
    },
  };
}
