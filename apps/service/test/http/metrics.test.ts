/**
 * `GET /metrics`: Prometheus text of the process, to the Operator role only unless the operator
 * opens it; request durations by operation and status, the delivery queue, failing
 * subscriptions and the pools.
 */
import type { ErrorResponse } from '@street-events/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basePath } from '../../src/app.js';
import { eq } from 'drizzle-orm';
import { subscriptions } from '../../src/db/schema.js';
import { markFailing } from '../../src/deliveries/queue/failing.js';
import { createMetrics } from '../../src/http/metrics.js';
import { subscribe } from '../../src/features/notifications/subscribe.js';
import { describeEachDatabase } from '../support/databases.js';
import { callerOf, promoter, tokenFor } from '../support/fixtures.js';
import { loopbackPolicy } from '../features/notifications/harness.js';
import { startService, type RunningService } from '../support/http.js';

describeEachDatabase('metrics', (database) => {
  let service: RunningService;
  let open: RunningService;
  let planner: string;
  let operator: string;

  const scrape = (server: RunningService, token?: string) =>
    fetch(`${new URL(server.baseUrl).origin}/metrics`, { headers: token === undefined ? {} : { token } });

  beforeAll(async () => {
    const owner = await promoter(database.db);
    planner = await tokenFor(database.db, owner, 'Planner');
    operator = await tokenFor(database.db, owner, 'Operator');
    service = await startService({ db: database.db, metrics: { metrics: createMetrics(database.db), open: false } });
    open = await startService({ db: database.db, metrics: { metrics: createMetrics(database.db), open: true } });
  });
  afterAll(async () => {
    await service?.close();
    await open?.close();
  });

  describe('who may read them', () => {
    it('without a token is 401 with the error body', async () => {
      const response = await scrape(service);
      expect(response.status).toBe(401);
      expect(((await response.json()) as ErrorResponse).error.code).toBe('unauthenticated');
    });

    it('a Planner is 403', async () => {
      expect((await scrape(service, planner)).status).toBe(403);
    });

    it('the Operator reads the Prometheus text', async () => {
      const response = await scrape(service, operator);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    });

    it('anyone reads them when the operator opens them', async () => {
      expect((await scrape(open)).status).toBe(200);
    });
  });

  describe('what they say', () => {
    it('the duration of each request, by operation, method and status', async () => {
      await service.request('GET', '/works/updates', { token: planner });
      await service.request('GET', '/works/updates', { token: planner, query: { page_size: '0' } });
      const text = await (await scrape(service, operator)).text();
      const count = (status: number) =>
        `street_events_http_request_duration_seconds_count{operation="${basePath}/works/updates",method="GET",status="${status}"}`;
      expect(text).toMatch(new RegExp(`^${count(200).replace(/[{}]/g, '\\$&')} [1-9]`, 'm'));
      expect(text).toMatch(new RegExp(`^${count(400).replace(/[{}]/g, '\\$&')} [1-9]`, 'm'));
    });

    it('the delivery queue, its oldest age and the dead letters, from the database', async () => {
      const text = await (await scrape(service, operator)).text();
      expect(text).toMatch(/^street_events_delivery_queue_depth \d+$/m);
      expect(text).toMatch(/^street_events_delivery_oldest_pending_seconds [\d.e+-]+$/m);
      expect(text).toMatch(/^street_events_dead_letters \d+$/m);
    });

    it('the subscriptions whose endpoint is failing, from the database, and those disabled', async () => {
      const failing = /^street_events_subscriptions_failing (\d+)$/m;
      const before = Number(failing.exec(await (await scrape(service, operator)).text())?.[1]);
      const owner = await promoter(database.db);
      const { subscription_reference_number: reference } = await subscribe(
        database.db,
        await callerOf(database.db, owner, 'Planner'),
        { api_endpoint: 'http://127.0.0.1:9/hook' },
        { policy: loopbackPolicy, publicBaseUrl: () => 'http://127.0.0.1:1/v7' },
      );
      const [{ id }] = (await database.db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(eq(subscriptions.reference, reference))) as [{ id: number }];
      await markFailing(database.db, id, new Date());
      const text = await (await scrape(service, operator)).text();
      expect(Number(failing.exec(text)?.[1])).toBe(before + 1);
      expect(text).toMatch(/^street_events_subscriptions_disabled_total \d+$/m);
    });

    it("Node's process metrics", async () => {
      expect(await (await scrape(service, operator)).text()).toMatch(/^process_resident_memory_bytes \d+/m);
    });
  });
});
