/**
 * Many tenants, one service: the tenant-isolation suite (isolation/suite.ts), short, on both
 * databases, against the service as deployed under its documented heap limit. Each test is one
 * criterion the suite judges; the criteria about time are judged by the full run
 * (`pnpm --filter @street-events/service isolation`), which prints and keeps the figures.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { runSuite, sizes, verdictsOf, type SuiteFigures } from '../../isolation/suite.js';
import { assertBuilt } from '../support/service-process.js';

for (const backend of ['pglite', 'postgres'] as const) {
  describe(`tenant isolation [${backend}]`, () => {
    let figures: SuiteFigures;
    beforeAll(async () => {
      assertBuilt();
      figures = await runSuite(backend, sizes.short);
    }, 600_000);

    const held = (id: string) => {
      const verdict = verdictsOf(figures).find((one) => one.id === id)!;
      expect(verdict.held, `${verdict.criterion}: ${verdict.detail}`).toBe(true);
    };

    test('every hostile body and query of every operation is answered with a 4xx error body', () =>
      held('hostile-bodies'));
    test('the process stays within its documented memory', () => held('memory'));
    test('the service stays alive and /health answers throughout', () => held('alive'));
    test('no notification of a well-behaved tenant is lost while another churns subscriptions to a tarpit', () =>
      held('deliveries-kept'));
    test("no user of another organisation, of any role, sees or is told anything of a tenant's delivery history", () =>
      held('history-isolated'));
    test('a tenant reads and replays its own delivery history, and the Operator sees every subscription', () =>
      held('history-own'));
    test("a tenant's replay loop is throttled and cursors the service did not give are 400", () =>
      held('history-bounded'));
    test("a well-behaved tenant's polls are answered during a login flood and beside expensive polls", () =>
      held('polls-answered'));
    test('concurrent wrong passwords for one account are checked at most the documented number of times', () =>
      held('lockout'));
    test("junk tokens do not reset a rate-limited caller's count", () => held('junk-tokens'));
  });
}
