/**
 * Prometheus metrics of a service process (prom-client, a registry of its own): request
 * duration by operation, method and status; the database pools' connections; the delivery
 * queue's depth and oldest age, the dead letters and the subscriptions whose endpoint is failing
 * (read from the database when scraped); delivery attempts by outcome; subscriptions disabled for
 * failing; and Node's own process metrics. Served at `GET /metrics` to the
 * Operator role, or to anyone when `METRICS_PUBLIC` is on.
 */
import fastifyPlugin from 'fastify-plugin';
import pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/database.js';
import { failingCount } from '../deliveries/queue/failing.js';
import { queueState, type QueueState } from '../deliveries/queue/queue-state.js';
import { authenticateRequest } from './authentication.js';

export interface ServiceMetrics {
  registry: Registry;
  requestDuration: Histogram<'operation' | 'method' | 'status'>;
  deliveryAttempts: Counter<'outcome'>;
  subscriptionsDisabled: Counter;
}

/** The databases whose pools are reported, by name (`primary`, `polling`, `search`). */
export type MeteredDatabases = Record<string, Database>;

function poolGauge(registry: Registry, databases: MeteredDatabases): void {
  new Gauge({
    name: 'street_events_db_pool_connections',
    help: 'Connections of each database pool: total, idle, and requests waiting for one.',
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      for (const [name, db] of Object.entries(databases)) {
        const pool = (db as { $client?: unknown }).$client;
        if (!(pool instanceof pg.Pool)) continue;
        this.set({ pool: name, state: 'total' }, pool.totalCount);
        this.set({ pool: name, state: 'idle' }, pool.idleCount);
        this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
      }
    },
  });
}

function deliveryGauges(registry: Registry, db: Database): void {
  let reading: Promise<QueueState> | undefined;
  // One query per scrape, shared by the three gauges.
  const state = () => (reading ??= queueState(db).finally(() => setTimeout(() => (reading = undefined), 0)));
  const gauge = (name: string, help: string, read: (queue: QueueState) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(read(await state()));
      },
    });
  gauge(
    'street_events_delivery_queue_depth',
    'Notifications waiting to be delivered (first attempt or retry).',
    (q) => q.pending,
  );
  gauge(
    'street_events_delivery_oldest_pending_seconds',
    'Age of the oldest notification waiting to be delivered.',
    (q) => q.oldestPendingSeconds ?? 0,
  );
  gauge('street_events_dead_letters', 'Notifications whose every attempt failed.', (q) => q.dead);
  new Gauge({
    name: 'street_events_subscriptions_failing',
    help: 'Subscriptions whose endpoint failed its last attempts (one attempt at a time until one succeeds; disabled after WEBHOOK_DISABLE_AFTER_DAYS).',
    registers: [registry],
    async collect() {
      this.set(await failingCount(db));
    },
  });
}

export function createMetrics(db: Database, databases: MeteredDatabases = { primary: db }): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  poolGauge(registry, databases);
  deliveryGauges(registry, db);
  return {
    registry,
    requestDuration: new Histogram({
      name: 'street_events_http_request_duration_seconds',
      help: 'Duration of HTTP requests by operation (the route), method and status.',
      labelNames: ['operation', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    deliveryAttempts: new Counter({
      name: 'street_events_delivery_attempts_total',
      help: 'Delivery attempts by outcome: delivered, retry (scheduled again), gone (410) or dead (dead-lettered).',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    subscriptionsDisabled: new Counter({
      name: 'street_events_subscriptions_disabled_total',
      help: "Subscriptions this process's worker disabled (removed) because their endpoint failed for WEBHOOK_DISABLE_AFTER_DAYS.",
      registers: [registry],
    }),
  };
}

export const metricsPath = '/metrics';

/** Records every request's duration and serves `GET /metrics` (Operator role, unless `open`). */
/**
 * Times every request (a hook of the whole app, hence not encapsulated) and serves `/metrics`,
 * to the Operator role unless `open`.
 */
export const metricsRoutes = fastifyPlugin<{ metrics: ServiceMetrics; open: boolean }>(
  (app, { metrics, open }, done) => {
    app.addHook('onResponse', async (request, reply) => {
      const operation = request.routeOptions.url ?? 'unknown route';
      metrics.requestDuration.observe(
        { operation, method: request.method, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    app.get(metricsPath, {
      onRequest: open
        ? []
        : [
            authenticateRequest(app.interfaceRouting.authentication, {
              operationId: 'readMetrics',
              allowedRoles: ['Operator'],
            }),
          ],
      handler: async (_request, reply) =>
        reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics()),
    });
    done();
  },
  { name: 'metrics' },
);
