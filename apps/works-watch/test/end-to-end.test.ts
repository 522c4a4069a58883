/**
 * The app against the real service: both as processes, the service on a fresh PostgreSQL
 * database seeded with the sandbox, activity from the service's `simulate` command. The
 * app's stored picture must equal what the service holds for the organisation, found by a
 * full poll and a permit search made directly.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createServerDatabase } from "../../service/test/support/databases.js";
import { WatchStore } from "../src/store/store.js";
import { appPicture } from "./support/app-status.js";
import {
  byPermitReference,
  eventually,
  freePort,
  seedSandbox,
  servicePicture,
  startApp,
  startService,
  startSimulation,
  type AppProcess,
  type Process,
  type ServiceProcess,
} from "./support/processes.js";

let database: { url: string; drop: () => Promise<void> };
let token: string;
let servicePort: number;
let service: ServiceProcess;
const running = new Set<Process>();
const directories: string[] = [];

beforeAll(async () => {
  database = await createServerDatabase();
  token = await seedSandbox(database.url, 400);
  servicePort = await freePort();
  service = await startService(database.url, servicePort);
});

afterAll(async () => {
  for (const process of running) await process.stop("SIGKILL");
  await service?.stop();
  await database?.drop();
  for (const directory of directories) await rm(directory, { recursive: true, force: true });
});

async function appSettings(extra: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), "works-watch-e2e-"));
  directories.push(dataDir);
  const port = await freePort();
  return {
    dataDir,
    env: {
      EVENTS_BASE_URL: service.baseUrl,
      EVENTS_TOKEN: token,
      WATCH_PORT: String(port),
      WATCH_PUBLIC_URL: `http://127.0.0.1:${port}`,
      WATCH_DATA_DIR: dataDir,
      WATCH_POLL_INTERVAL_SECONDS: "2",
      ...extra,
    },
  };
}

async function launch(env: Record<string, string>): Promise<AppProcess> {
  const app = await startApp(env);
  running.add(app);
  return app;
}

async function stop(process: Process, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
  running.delete(process);
  return process.stop(signal);
}

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

/** The stored picture of a stopped app, read from its data directory. */
async function storedPicture(dataDir: string) {
  const store = await WatchStore.open(dataDir);
  try {
    return { updates: await store.allUpdates(), permits: byPermitReference(await store.allPermits()) };
  } finally {
    await store.close();
  }
}

describe("against the service on PostgreSQL", () => {
  test("after a burst of activity, with the app killed and restarted and the service restarted mid-burst, the app holds exactly what the service holds", async () => {
    const { dataDir, env } = await appSettings({ WATCH_SUBSCRIBE: "false" });
    let app = await launch(env);
    const seeded = await servicePicture(service.baseUrl, token);
    await settled(app, seeded.updates.at(-1)!.update_id);

    const simulation = startSimulation(database.url, 15);
    running.add(simulation);
    const beforeKill = await cursorPast(app, seeded.updates.at(-1)!.update_id);

    expect(await stop(app, "SIGKILL"), "killed by the signal").toBeNull();
    app = await launch(env);
    const beforeServiceRestart = await cursorPast(app, beforeKill);

    await stop(service);
    service = await startService(database.url, servicePort);
    await cursorPast(app, beforeServiceRestart);

    await stop(simulation, "SIGINT");
    const expected = await servicePicture(service.baseUrl, token);
    await settled(app, expected.updates.at(-1)!.update_id);
    expect(await stop(app), "exit code of a graceful stop").toBe(0);

    const stored = await storedPicture(dataDir);
    expect(stored.updates.length).toBe(expected.updates.length);
    expect(stored.updates).toEqual(expected.updates);
    expect(stored.permits).toEqual(expected.permits);
  });
});
