/**
 * The delivery worker. Any number of workers, in any number of processes, can share one database.
 * Each claimed delivery goes through four stages:
 *
 * 1. claim (claim.ts): due deliveries leased with `FOR UPDATE SKIP LOCKED`, as many as there is
 *    room for (`concurrency` attempts in flight), in batches of at least a quarter of it, fairly:
 *    at most `subscriptionConcurrency` in flight per subscription (one while its endpoint is
 *    failing, failing.ts) and `originConcurrency` per endpoint origin;
 * 2. build and sign (build.ts): the message and the attempt's signed request;
 * 3. attempt (attempt.ts): one POST over shared keep-alive agents, through the worker's network
 *    (network.ts: direct, or the sandbox's chaos), within its connect, response and overall time limits; aborted at once when its subscription is removed or pointed at
 *    another endpoint (announced on `subscriptionsChannel` when that commits);
 * 4. settle (settle.ts): 2xx delivered (the delivery leaves the outbox; successes are recorded
 *    together, one transaction per turn of the event loop); 410 removes the subscription;
 *    anything else is retried on the retry schedule (honouring `Retry-After`) and dead-lettered
 *    after the last attempt. Only the head of each subscription's queue for a work is due; when it
 *    is delivered or dead-lettered, the next one is released in the same transaction.
 *
 * Every attempt whose outcome is recorded goes to the message log in the same transaction
 * (attempt-log.ts).
 *
 * Workers LISTEN for the NOTIFY sent when deliveries commit, claim again whenever an attempt ends,
 * and poll as a fallback. They also remove subscriptions left unconfirmed for 48 hours and those
 * whose endpoint has failed for `disableAfterMs`, prune the message log of attempts older than its
 * retention, and dead letters older than theirs.
 *
 * Database outages: a failed claim is logged and tried again at the next wake-up or poll;
 * outcomes that cannot be recorded are tried again with backoff while their lease lasts, so a
 * receiver that answered is not sent the message again once the database is back; the keys
 * loaded last keep signing.
 */
import type { AttemptOutcome as RecordedOutcome } from '@street-events/types/operator';
import { setTimeout as sleep } from 'node:timers/promises';
import { retryWithBackoff } from '../shared/backoff.js';
import { systemClock, type Clock } from '../shared/clock.js';
import type { Database } from '../db/database.js';
import {
  defaultAttemptTimeoutMs,
  defaultConnectTimeoutMs,
  defaultResponseTimeoutMs,
  KeepAliveAgents,
  type AttemptOutcome,
} from './attempts/attempt.js';
import { pruneLog } from './attempts/attempt-log.js';
import { pruneReplays } from './queue/replay-bounds.js';
import { directNetwork, type DeliveryNetwork } from './attempts/network.js';
import { SigningMaterial } from './messages/build.js';
import { claimDue, defaultCaps, type Claim } from './queue/claim.js';
import type { ClaimedDelivery } from './messages/claimed-delivery.js';
import { SerialPasses, TickBatch } from './queue/coalescing.js';
import type { EndpointPolicy } from './attempts/endpoint-policy.js';
import {
  defaultDeadLetterRetentionMs,
  defaultDisableAfterMs,
  markFailing,
  markRecovered,
  pruneDeadLetters,
} from './queue/failing.js';
import { InFlight } from './queue/in-flight.js';
import type { Resolver } from './attempts/guarded-lookup.js';
import type { DeliveryRequest } from './messages/messages.js';
import { deliveriesChannel } from './queue/outbox.js';
import type { SignatureVersion } from './messages/pubsub-signature.js';
import { defaultRetryPolicy, type RetryPolicy } from './attempts/retry-schedule.js';
import { markDelivered, releaseClaim, settleFailure, type AttemptedClaim } from './queue/settle.js';

/** The channel on which a removed or repointed subscription's id is announced (migration 0011's trigger). */
export const subscriptionsChannel = 'street_events_subscriptions';

/**
 * Subscribes to a NOTIFY channel (reporting a lost connection to `log`); resolves to the function
 * that unsubscribes. `onNotify` gets each notification's payload; with none after a lost
 * connection came back, as notifications may have been missed meanwhile.
 */
export type Listen = (channel: string, onNotify: (payload?: string) => void, log?: Log) => Promise<() => Promise<void>>;

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

const silent: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** What became of an attempt: delivered, scheduled again, its subscription removed (410), or dead-lettered. */
/** An attempt's outcome as the message log records it, or `gone` (the endpoint answered 410: its subscription is removed). */
export type DeliveryOutcome = RecordedOutcome | 'gone';

/** What the worker asks of the subscriptions it delivers to (features/notifications/upkeep.ts). */
export interface SubscriptionUpkeep {
  /** Removes a subscription whose endpoint answered 410 Gone. */
  removeGone: (subscriptionId: number) => Promise<void>;
  /** Removes the subscriptions left unconfirmed 48 hours; answers their references. */
  expireUnconfirmed: (now: Date) => Promise<string[]>;
  /** Removes the subscriptions whose endpoint has been failing since `failingSince` or before; answers their references. */
  disableFailing: (failingSince: Date, now: Date) => Promise<string[]>;
}

/** What a worker is given; every option not given takes its value from `workerDefaults`. */
export interface WorkerOptions {
  db: Database;
  subscriptions: SubscriptionUpkeep;
  policy: EndpointPolicy;
  resolve?: Resolver;
  retryPolicy?: RetryPolicy;
  attemptTimeoutMs?: number;
  /** Limit for connecting to an endpoint. */
  connectTimeoutMs?: number;
  /** Limit until an endpoint's response head. */
  responseTimeoutMs?: number;
  /** Now, for scheduling and for the 48-hour expiry (the sandbox's clock, or a test's); messages are signed at the wall clock's time. */
  clock?: Clock;
  /** LISTEN for new deliveries; without it the worker only polls. */
  listen?: Listen;
  /** Fallback poll interval. */
  pollIntervalMs?: number;
  /** How often unconfirmed subscriptions are checked for expiry, and the message log pruned. */
  expiryIntervalMs?: number;
  /** How long the message log keeps an attempt (`DELIVERY_LOG_DAYS`). */
  logRetentionMs?: number;
  /** `SignatureVersion` of the pub/sub signature: "1" (SHA1withRSA) or "2" (SHA256withRSA). */
  signatureVersion?: SignatureVersion;
  /** Attempts in flight at once. */
  concurrency?: number;
  /** Attempts in flight at once to one subscription (one while its endpoint fails). */
  subscriptionConcurrency?: number;
  /** Attempts in flight at once to one endpoint origin (scheme, host and port). */
  originConcurrency?: number;
  /** How long an endpoint may fail before its subscription is disabled (removed). */
  disableAfterMs?: number;
  /** How long dead letters are kept after their message was created. */
  deadLetterRetentionMs?: number;
  /** How long a claim is held; the attempt time limit plus 30 s unless given. */
  leaseMs?: number;
  log?: Log;
  /** How attempts reach receivers (the sandbox's chaos profile gives its own). */
  network?: DeliveryNetwork;
  /** Told the outcome of every attempt (metrics). */
  onOutcome?: (outcome: DeliveryOutcome) => void;
  /** Told how many subscriptions were disabled for failing (metrics). */
  onDisabled?: (count: number) => void;
}

export interface DeliveryWorker {
  /** Claims due deliveries now. */
  wake(): void;
  /**
   * Stops claiming, waits for the attempts in flight (each ends within its time limit and its
   * outcome is recorded; past that and a grace of 5 s, their leases lapse and they are retried),
   * and closes connections.
   */
  stop(): Promise<void>;
}

type Settings = Required<Omit<WorkerOptions, 'resolve' | 'listen'>> & Pick<WorkerOptions, 'resolve'>;

const day = 24 * 60 * 60 * 1000;

/**
 * What a worker does unless told otherwise; the configuration's defaults (config.ts) are these.
 * The lease is the attempt's time limit plus 30 s unless given.
 */
export const workerDefaults = {
  retryPolicy: defaultRetryPolicy,
  attemptTimeoutMs: defaultAttemptTimeoutMs,
  connectTimeoutMs: defaultConnectTimeoutMs,
  responseTimeoutMs: defaultResponseTimeoutMs,
  clock: systemClock,
  pollIntervalMs: 1000,
  expiryIntervalMs: 10_000,
  logRetentionMs: 7 * day,
  signatureVersion: '1' as SignatureVersion,
  concurrency: 64,
  subscriptionConcurrency: defaultCaps.perSubscription,
  originConcurrency: defaultCaps.perOrigin,
  disableAfterMs: defaultDisableAfterMs,
  deadLetterRetentionMs: defaultDeadLetterRetentionMs,
  log: silent,
  network: directNetwork,
  onOutcome: () => undefined,
  onDisabled: () => undefined,
} satisfies Omit<Settings, 'db' | 'subscriptions' | 'policy' | 'resolve' | 'leaseMs'>;

function settingsOf(options: WorkerOptions): Settings {
  const { db, subscriptions, policy, resolve, leaseMs, ...tuning } = options;
  const given: Partial<typeof tuning> = Object.fromEntries(
    Object.entries(tuning).filter(([, value]) => value !== undefined),
  );
  const settings = { ...workerDefaults, ...given };
  return { db, subscriptions, policy, resolve, ...settings, leaseMs: leaseMs ?? settings.attemptTimeoutMs + 30_000 };
}

/** Recording outcomes again while the database fails: after 100 ms, then twice as long each time, up to 2 s. */
const recordingBackoff = { firstMs: 100, maxMs: 2000 };

/** How long `stop` waits for attempts in flight beyond their time limit, for their outcomes to be recorded. */
const stopGraceMs = 5000;

const earliestLease = (claims: readonly Claim[]) => new Date(Math.min(...claims.map((claim) => claim.lease.getTime())));

export async function startWorker(options: WorkerOptions): Promise<DeliveryWorker> {
  const settings = settingsOf(options);
  const signing = await SigningMaterial.load(settings.db, settings.signatureVersion, settings.log);
  const worker = new Worker(settings, signing);
  await worker.start(options.listen);
  return worker;
}

/** A worker: running from `start` until `stop`, which resolves once it has shut down. */
class Worker implements DeliveryWorker {
  private running = true;
  private stopped: Promise<void> | undefined;
  /** Attempts in flight, each until its outcome is recorded. */
  private readonly attempts = new Set<Promise<void>>();
  /** The same, by subscription and origin, with their abort controllers. */
  private readonly inFlight = new InFlight();
  private readonly claims = new SerialPasses(() => this.claimPass());
  private readonly expiry = new SerialPasses(() => this.upkeepPass());
  private readonly agents: KeepAliveAgents;
  private readonly delivered: TickBatch<AttemptedClaim>;
  private timers: NodeJS.Timeout[] = [];
  private unlisten: (() => Promise<void>)[] = [];

  constructor(
    private readonly settings: Settings,
    private readonly signing: SigningMaterial,
  ) {
    this.agents = new KeepAliveAgents({
      maxSocketsPerHost: settings.originConcurrency,
    });
    this.delivered = new TickBatch((claims) =>
      this.whileLeased(earliestLease(claims), () => markDelivered(settings.db, claims)),
    );
  }

  async start(listen: Listen | undefined): Promise<void> {
    const { log, pollIntervalMs, expiryIntervalMs } = this.settings;
    if (listen) {
      this.unlisten.push(await listen(deliveriesChannel, () => this.wake(), log));
      this.unlisten.push(await listen(subscriptionsChannel, (payload) => this.abortAttempts(payload), log));
    }
    this.timers = [
      setInterval(() => this.wake(), pollIntervalMs),
      setInterval(() => this.expiry.run(), expiryIntervalMs),
    ];
    this.expiry.run();
    this.wake();
  }

  wake(): void {
    this.claims.run();
  }

  stop(): Promise<void> {
    this.running = false;
    return (this.stopped ??= this.shutDown());
  }

  private async shutDown(): Promise<void> {
    this.timers.forEach(clearInterval);
    await Promise.all(this.unlisten.map((unlisten) => unlisten()));
    await this.expiry.idle();
    await this.claims.idle();
    await this.finishAttempts();
    this.agents.destroy();
  }

  /** Waits for the attempts in flight, at most their time limit and `stopGraceMs`. */
  private async finishAttempts(): Promise<void> {
    const bound = new AbortController();
    const limit = sleep(this.settings.attemptTimeoutMs + stopGraceMs, false, { signal: bound.signal });
    const finished = await Promise.race([Promise.allSettled([...this.attempts]).then(() => true), limit]);
    bound.abort();
    await limit.catch(() => undefined);
    if (!finished) {
      this.settings.log.warn(
        { attempts: this.attempts.size },
        'stopped with attempts unsettled; their deliveries are due again when their leases end',
      );
    }
  }

  /** The claim stage, once: claims as much as there is room for, starts each delivery; true to claim again at once. */
  private async claimPass(): Promise<boolean> {
    const room = this.room();
    if (room === 0) return false;
    const { db, clock, leaseMs, log } = this.settings;
    try {
      const now = clock();
      const lease = new Date(now.getTime() + leaseMs);
      const caps = {
        perSubscription: this.settings.subscriptionConcurrency,
        perOrigin: this.settings.originConcurrency,
      };
      const claimed = await claimDue(db, room, now, lease, caps, this.inFlight);
      for (const delivery of claimed) this.track(delivery, { id: delivery.id, lease });
      return claimed.length === room;
    } catch (error) {
      if (this.running) log.error({ err: error }, 'claiming deliveries failed');
      return false;
    }
  }

  /** How many deliveries to claim: none while stopping, or while attempts are in flight and less than a quarter of the room is free. */
  private room(): number {
    const { concurrency } = this.settings;
    const inFlight = this.attempts.size;
    const room = concurrency - inFlight;
    const minimumClaim = Math.max(1, Math.floor(concurrency / 4));
    return !this.running || room <= 0 || (inFlight > 0 && room < minimumClaim) ? 0 : room;
  }

  /** Starts the delivery, counted in flight until its outcome is recorded. */
  private track(delivery: ClaimedDelivery, claim: Claim): void {
    const { signal, end } = this.inFlight.start({
      subscriptionId: delivery.subscription_id,
      origin: delivery.endpoint_origin,
    });
    const tracked = this.deliver(delivery, claim, signal).finally(() => {
      end();
      this.attempts.delete(tracked);
      this.wake();
    });
    this.attempts.add(tracked);
  }

  /** Aborts the attempts in flight of the subscription announced (removed, or pointed elsewhere). */
  private abortAttempts(payload: string | undefined): void {
    const subscriptionId = Number(payload);
    if (!Number.isInteger(subscriptionId)) return;
    const aborted = this.inFlight.abort(subscriptionId, 'the subscription was removed or its endpoint changed');
    if (aborted > 0) this.settings.log.info({ subscriptionId, aborted }, 'attempts aborted: subscription changed');
  }

  /** One claimed delivery through the other stages: build and sign, attempt, settle. */
  private async deliver(delivery: ClaimedDelivery, claim: Claim, signal: AbortSignal): Promise<void> {
    try {
      // Signed at the wall clock's time, which receivers check against theirs, whatever `clock` says.
      const request = await this.signing.request(delivery, systemClock);
      const attemptedAt = this.settings.clock();
      const outcome = await this.attempt(delivery, request, signal);
      if (signal.aborted)
        return await this.whileLeased(claim.lease, () => releaseClaim(this.settings.db, claim, this.settings.clock()));
      await this.settle(delivery, { ...claim, entry: { delivery, attemptedAt, request, observed: outcome } }, outcome);
      await this.recordHealth(delivery, outcome, attemptedAt);
    } catch (error) {
      this.settings.log.error({ err: error, messageId: delivery.message_id }, 'delivery attempt failed');
    }
  }

  private attempt(delivery: ClaimedDelivery, request: DeliveryRequest, signal: AbortSignal): Promise<AttemptOutcome> {
    const { policy, resolve, attemptTimeoutMs, connectTimeoutMs, responseTimeoutMs, network } = this.settings;
    return network(delivery, request, {
      policy,
      resolve,
      timeoutMs: attemptTimeoutMs,
      connectTimeoutMs,
      responseTimeoutMs,
      agent: this.agents.for(delivery.api_endpoint),
      signal,
    });
  }

  /** Marks the subscription's endpoint failing from its first failed attempt, and healthy again at its next success. */
  private async recordHealth(delivery: ClaimedDelivery, outcome: AttemptOutcome, attemptedAt: Date): Promise<void> {
    const { db } = this.settings;
    if (outcome.outcome === 'delivered' && delivery.failing) await markRecovered(db, delivery.subscription_id);
    if (outcome.outcome === 'retry' && !delivery.failing) {
      await markFailing(db, delivery.subscription_id, attemptedAt);
      this.settings.log.warn(
        { subscription: delivery.subscription_reference, reason: outcome.reason },
        'endpoint failing',
      );
    }
  }

  /** The settle stage: records the outcome while the claim lasts, and reports it. */
  private async settle(delivery: ClaimedDelivery, claim: AttemptedClaim, outcome: AttemptOutcome): Promise<void> {
    const settled = await this.record(delivery, claim, outcome);
    this.settings.onOutcome(settled.outcome);
    this.report(delivery, outcome, settled);
  }

  /** Records the outcome: delivered (batched), the subscription removed (410), or the retry or dead letter. */
  private async record(
    delivery: ClaimedDelivery,
    claim: AttemptedClaim,
    outcome: AttemptOutcome,
  ): Promise<{ outcome: DeliveryOutcome; nextAttemptAt: Date | null }> {
    const { db, clock, retryPolicy } = this.settings;
    if (outcome.outcome === 'delivered') {
      await this.delivered.add(claim);
      return { outcome: 'delivered', nextAttemptAt: null };
    }
    if (outcome.outcome === 'gone') {
      await this.whileLeased(claim.lease, () => this.settings.subscriptions.removeGone(delivery.subscription_id));
      return { outcome: 'gone', nextAttemptAt: null };
    }
    const failed = { ...claim, attempts: delivery.attempts };
    return this.whileLeased(claim.lease, () => settleFailure(db, failed, outcome, clock(), retryPolicy));
  }

  /**
   * Logs the attempt, one entry each (`delivery attempt`, with the message, the endpoint, the
   * status or reason, the latency, the outcome and the next attempt's time); a dead letter and a
   * subscription removed by its endpoint's 410 as warnings.
   */
  private report(
    delivery: ClaimedDelivery,
    outcome: AttemptOutcome,
    settled: { outcome: DeliveryOutcome; nextAttemptAt: Date | null },
  ): void {
    const entry = {
      messageId: delivery.message_id,
      kind: delivery.kind,
      subscription: delivery.subscription_reference,
      endpoint: delivery.api_endpoint,
      status: outcome.status,
      reason: outcome.outcome === 'delivered' ? undefined : outcome.reason,
      latencyMs: outcome.latencyMs,
      outcome: settled.outcome,
      nextAttemptAt: settled.nextAttemptAt?.toISOString(),
    };
    const warning = settled.outcome === 'dead' || settled.outcome === 'gone';
    this.settings.log[warning ? 'warn' : 'info'](entry, 'delivery attempt');
  }

  /** Records outcomes with `write`, again with backoff while the database fails, the lease lasts and the worker runs. */
  private whileLeased<T>(lease: Date, write: () => Promise<T>): Promise<T> {
    const { clock, log } = this.settings;
    return retryWithBackoff(write, {
      ...recordingBackoff,
      retryIf: (error, pauseMs) => {
        if (!this.running || clock().getTime() + pauseMs >= lease.getTime()) return false;
        log.warn({ err: error }, 'recording delivery outcomes failed; trying again');
        return true;
      },
    });
  }

  /**
   * Removes the subscriptions left unconfirmed for 48 hours and those failing for too long, and
   * prunes the message log, old dead letters and the replays counted past their hour.
   */
  private async upkeepPass(): Promise<boolean> {
    if (!this.running) return false;
    const { clock, log, logRetentionMs, deadLetterRetentionMs, disableAfterMs, db, subscriptions } = this.settings;
    const before = (ms: number) => new Date(clock().getTime() - ms);
    try {
      const removed = await subscriptions.expireUnconfirmed(clock());
      if (removed.length > 0) log.info({ subscriptions: removed }, 'unconfirmed subscriptions expired after 48 hours');
      const disabled = await subscriptions.disableFailing(before(disableAfterMs), clock());
      if (disabled.length > 0) {
        log.warn({ subscriptions: disabled, failingMs: disableAfterMs }, 'subscriptions disabled: endpoint failing');
        this.settings.onDisabled(disabled.length);
      }
      await pruneLog(db, before(logRetentionMs));
      await pruneDeadLetters(db, before(deadLetterRetentionMs));
      await pruneReplays(db);
    } catch (error) {
      if (this.running) log.error({ err: error }, 'expiring or disabling subscriptions, or pruning, failed');
    }
    return false;
  }
}
