/** The worker's lifecycle: what `stop` finishes before it resolves. */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { queueState } from '../../src/deliveries/queue/queue-state.js';
import { subscribe } from '../../src/features/notifications/subscribe.js';
import { describeEachDatabase } from '../support/databases.js';
import { callerOf, promoter } from '../support/fixtures.js';
import { loopbackPolicy, startTestWorker } from '../features/notifications/harness.js';
import { startReceiver, type Receiver } from './receiver.js';

describeEachDatabase('stopping a worker', (database) => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver?.close());

  it('waits for the attempt in flight and records its outcome before it resolves', async () => {
    receiver.answer = { status: 200, delayMs: 500 };
    const owner = await promoter(database.db);
    await subscribe(
      database.db,
      await callerOf(database.db, owner, 'Planner'),
      { api_endpoint: receiver.url },
      { policy: loopbackPolicy, publicBaseUrl: () => 'http://127.0.0.1:1/v7' },
    );
    const worker = await startTestWorker(database);
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 10_000 });
    expect((await queueState(database.db)).pending).toBe(1);
    await worker.stop();
    expect((await queueState(database.db)).pending).toBe(0);
  });
});
