/**
 * A message log that a tenant has grown huge (tens of thousands of attempts of one message, as a
 * replay loop would leave them) read by the service as it is deployed: `node dist/cli/main.js
 * serve` in a process of its own, with the 160 MB heap the README gives it. Three reads at once
 * (the tenant's two history slots and the Operator's) each answer within the page budget, and the
 * process lives on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operationLimits, type components } from '@street-events/types/operator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseConfig, type DatabaseHandle } from '../../src/db/database.js';
import { subscribe } from '../../src/features/notifications/subscribe.js';
import { createServerDatabase } from '../support/databases.js';
import { callerOf, highwayAuthority, promoter, tokenFor } from '../support/fixtures.js';
import { assertBuilt, startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { endpoint, loopbackPolicy } from '../features/notifications/harness.js';

type Schemas = components['schemas'];

/** Attempts of the one message, each with a 1.5 KB body: about 60 MB of rows, more than the heap holds three times over. */
const attempts = 40_000;
const message = 'msg_0123456789abcdef0123456789abcdef';

interface Backend {
  args: string[];
  config: DatabaseConfig;
  cleanUp: () => Promise<void> | void;
}

async function createBackend(kind: 'postgres' | 'pglite'): Promise<Backend> {
  if (kind === 'postgres') {
    const created = await createServerDatabase();
    return { args: ['--database-url', created.url], config: { kind, url: created.url }, cleanUp: created.drop };
  }
  const directory = mkdtempSync(join(tmpdir(), 'street-events-history-'));
  return {
    args: ['--data-dir', directory],
    config: { kind, dataDir: directory },
    cleanUp: () => rmSync(directory, { recursive: true, force: true }),
  };
}

/** A promoter's subscription whose one message has `attempts` attempts in the log; the tokens that read it. */
async function hugeLog(db: Database) {
  const owner = await promoter(db);
  const caller = await callerOf(db, owner, 'Planner');
  const { subscription_reference_number: reference } = await subscribe(
    db,
    caller,
    { api_endpoint: endpoint },
    { policy: loopbackPolicy, publicBaseUrl: () => 'http://127.0.0.1:1/v7' },
  );
  await db.execute(sql`
    insert into delivery_attempts (subscription_id, message_id, kind, ordering_key, message_created_at, attempted_at,
      endpoint, response_status, latency_ms, response_excerpt, request_headers, request_body, outcome)
    select s.id, ${message}, 'notification', 'organisation:0', now(), now() + n * interval '1 ms', ${endpoint}, 200, 5,
      'ok', '{"content-type": "application/json"}', repeat('"x', 750), 'delivered'
    from subscriptions s, generate_series(1, ${attempts}) as n where s.reference = ${reference}`);
  return {
    reference,
    planners: [await tokenFor(db, owner, 'Planner'), await tokenFor(db, owner, 'Planner')],
    operator: await tokenFor(db, await highwayAuthority(db), 'Operator'),
  };
}

beforeAll(() => assertBuilt());

for (const kind of ['postgres', 'pglite'] as const) {
  describe(`a huge message log read by the service as a process [${kind}]`, { timeout: 180_000 }, () => {
    let backend: Backend;
    let handle: DatabaseHandle | undefined;
    let service: ServiceProcess | undefined;
    let log: Awaited<ReturnType<typeof hugeLog>>;

    beforeAll(async () => {
      backend = await createBackend(kind);
      handle = await openDatabase(backend.config);
      await handle.migrate();
      log = await hugeLog(handle.db);
      await handle.close();
      service = await startServiceProcess(backend.args, { NODE_OPTIONS: '--max-old-space-size=160' });
    }, 120_000);
    afterAll(async () => {
      await service?.kill();
      await backend?.cleanUp();
    });

    const read = async (path: string, token: string) => {
      const response = await fetch(`${service!.baseUrl.replace('/v7/event', '/internal')}${path}`, {
        headers: { token },
      });
      return { status: response.status, text: await response.text() };
    };

    it('answers three reads at once, each within the page budget, and lives on', async () => {
      const [planner, colleague] = log.planners;
      const reads = await Promise.all([
        read(`/subscriptions/${log.reference}/messages?limit=100`, planner!),
        read(`/subscriptions/${log.reference}/messages/${message}/attempts?limit=100`, colleague!),
        read(`/subscriptions/${log.reference}/messages?limit=100`, log.operator),
      ]);
      for (const { status, text } of reads) {
        expect(status, text.slice(0, 200)).toBe(200);
        expect(Buffer.byteLength(text)).toBeLessThanOrEqual(operationLimits.listMessages.page_bytes);
      }
      const page = JSON.parse(reads[0].text) as Schemas['InternalMessagePage'];
      expect(page.messages[0]).toMatchObject({ message_id: message, attempt_count: attempts });
      expect(service!.child.exitCode).toBeNull();
      const health = await fetch(service!.baseUrl.replace('/v7/event', '/health'));
      expect(health.status).toBe(200);
    });
  });
}
