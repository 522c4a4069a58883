/**
 * The app against the real service: both as processes, the service on a fresh PostgreSQL
 * database seeded with the sandbox, activity from the service's `simulate` command. The
 * app's stored picture must equal what the service holds for the organisation, found by a
 * full poll and a permit search made directly.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { WatchStore } from '../src/store/store.js';
import { appPicture } from './support/app-status.js';
import { byPermitReference, eventually, servicePicture, type AppProcess } from './support/processes.js';
import { Sandbox } from './support/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await Sandbox.start(400);
});
afterEach(() => sandbox.unsubscribe());
afterAll(() => sandbox?.close());

/** The app's cursor once it is past `after`. */
const cursorPast = (app: AppProcess, after: number) =>
  eventually(`the app's cursor passes ${after}`, async () => {
    const { status } = await appPicture(app.url, 1);
    return status.cursor !== null && status.cursor > after ? status.cursor : undefined;
  });

/** Waits until the app has stored every update up to `lastUpdateId` and the permits of every work. */
const settled = (app: AppProcess, lastUpdateId: number) =>
  eventually(`the app settles at update ${lastUpdateId}`, async () => {
    const { status } = await appPicture(app.url, 1);
    const done = status.cursor === lastUpdateId && status.counts.stale_works === 0 && !status.reconciler.running;
    return done ? status : undefined;
  });

const lastUpdateId = async () =>
  (await servicePicture(sandbox.service.baseUrl, sandbox.token)).updates.at(-1)!.update_id;

/** The stored picture of a stopped app, read from its data directory. */
async function storedPicture(dataDir: string) {
  const store = await WatchStore.open(dataDir);
  try {
    return { updates: await store.allUpdates(), permits: byPermitReference(await store.allPermits()) };
  } finally {
    await store.close();
  }
}

describe('against the service on PostgreSQL', () => {
  test('after a burst of activity, with the app killed and restarted and the service restarted mid-burst, the app holds exactly what the service holds', async () => {
    const { dataDir, env } = await sandbox.appSettings({ WATCH_POLL_INTERVAL_SECONDS: '2' });
    let app = await sandbox.startApp(env);
    const seeded = await lastUpdateId();
    await settled(app, seeded);

    const simulation = sandbox.startSimulation(15);
    const beforeKill = await cursorPast(app, seeded);
    expect(await sandbox.stop(app, 'SIGKILL'), 'killed by the signal').toBeNull();
    app = await sandbox.startApp(env);
    const beforeServiceRestart = await cursorPast(app, beforeKill);
    await sandbox.restartService();
    await cursorPast(app, beforeServiceRestart);
    await sandbox.stop(simulation, 'SIGINT');

    const expected = await servicePicture(sandbox.service.baseUrl, sandbox.token);
    await settled(app, expected.updates.at(-1)!.update_id);
    expect(await sandbox.stop(app), 'exit code of a graceful stop').toBe(0);
    const stored = await storedPicture(dataDir);
    expect(stored.updates.length).toBe(expected.updates.length);
    expect(stored.updates).toEqual(expected.updates);
    expect(stored.permits).toEqual(expected.permits);
  });

  test('the app subscribes, confirms, and catches every change through notifications alone (no scheduled poll)', async () => {
    const { dataDir, env } = await sandbox.appSettings({ WATCH_POLL_INTERVAL_SECONDS: '3600' });
    const app = await sandbox.startApp(env);
    const seeded = await lastUpdateId();
    await settled(app, seeded);
    await eventually('the subscription is confirmed', async () =>
      (await appPicture(app.url, 1)).status.subscription.state === 'confirmed' ? true : undefined,
    );

    // The app polls once at start; from here on only a notification makes it poll again.
    const simulation = sandbox.startSimulation(10);
    await cursorPast(app, seeded);
    await sandbox.stop(simulation, 'SIGINT');
    const expected = await servicePicture(sandbox.service.baseUrl, sandbox.token);
    const status = await settled(app, expected.updates.at(-1)!.update_id);
    expect(status.counts.notifications).toBeGreaterThan(0);

    expect(await sandbox.stop(app)).toBe(0);
    const stored = await storedPicture(dataDir);
    expect(stored.updates).toEqual(expected.updates);
    expect(stored.permits).toEqual(expected.permits);
  });
});
