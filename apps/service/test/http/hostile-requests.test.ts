/**
 * Properties of the running service (as `serve` wires it) over requests generated from the
 * interface document and the operator API's document, then broken in every way fuzz/requests.ts
 * knows: no answer is a 5xx, every error is the documented body, and a request the interface
 * document accepts is never refused for breaking its schemas or for its size. A fixed seed keeps
 * the suite repeatable; `pnpm fuzz` runs the same generator at scale.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { configFromEnv } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { attempt, campaignArbitrary } from '../../fuzz/campaign.js';
import { createWorld, type World } from '../../fuzz/world.js';
import { describeEachDatabase, serverHandleOf } from '../support/databases.js';

const seed = 20261124;

/** Rules of the schemas themselves: a request the documents accept never breaks one. */
const schemaRules = new Set([
  'type',
  'enum',
  'const',
  'minimum',
  'maximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'additionalProperties',
  'oneOf',
  'anyOf',
  'format',
]);

describeEachDatabase('hostile requests generated from the documents', (database) => {
  let server: RunningServer;
  let world: World;
  let origin: URL;

  beforeAll(async () => {
    world = await createWorld(database.db);
    const config = configFromEnv({ LOG_LEVEL: 'silent', DELIVERY_WORKER: 'off' });
    server = await startServer({ ...config, host: '127.0.0.1', port: 0 }, serverHandleOf(database));
    origin = new URL(server.baseUrl);
  });
  afterAll(() => server?.close());

  it('no request, however broken, is answered 5xx, left unanswered or answered outside the error body', async () => {
    await fc.assert(
      fc.asyncProperty(campaignArbitrary(world), async (request) => {
        const { verdict, status, answer } = await attempt(origin, request);
        expect(verdict, `${request.kind} ${request.operationId} → ${status} ${answer}`).toBe('ok');
      }),
      { seed, numRuns: 400 },
    );
  }, 120_000);

  it('a request the interface document accepts is never refused for breaking its schemas or its size', async () => {
    await fc.assert(
      fc.asyncProperty(campaignArbitrary(world, ['valid'], true), async (request) => {
        const { status, answer } = await attempt(origin, request);
        expect(status, answer).not.toMatch(/^5/);
        expect(status, answer).not.toBe('413');
        if (status !== '400') return;
        const details =
          (JSON.parse(answer!) as { error: { details?: { field: string; rule: string }[] } }).error.details ?? [];
        // The format of api_endpoint is also the endpoint policy's (a public address); a date range is checked across fields.
        const schemaBreaches = details.filter(
          (detail) => schemaRules.has(detail.rule) && detail.field !== 'api_endpoint',
        );
        expect(schemaBreaches, `${request.operationId}: ${request.bytes.toString('utf8').slice(0, 400)}`).toEqual([]);
      }),
      { seed, numRuns: 200 },
    );
  }, 120_000);
});
