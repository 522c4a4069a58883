/**
 * The app against the sandbox on a bad day (`serve --sandbox --chaos`, a fixed seed): a fifth of
 * the notifications dropped, a tenth duplicated, half delayed (reordering them across works), polls
 * and searches refused now and then with 503 and 429, and polling two seconds behind. The app takes
 * notifications as a hint and polling as the truth, so once the events stop it must hold exactly
 * what the organisation's polling shows without chaos, and the sandbox must report its poller
 * caught up. On PostgreSQL and on PGlite.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { components } from '@street-events/types/operator';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WatchStore } from '../src/store/store.js';
import { appPicture } from './support/app-status.js';
import { freshDatabase } from './support/postgres.js';
import {
  eventually,
  freePort,
  servicePicture,
  startApp,
  startServiceOn,
  type Process,
  type ServiceProcess,
} from './support/processes.js';

type ChaosStatus = components['schemas']['InternalChaosStatus'];

/** The `flaky` preset's rates, its delays shortened so that the test stays short. */
const profile = {
  drop_rate: 0.2,
  duplicate_rate: 0.1,
  delay_rate: 0.5,
  max_delay_ms: 2000,
  unavailable_rate: 0.05,
  throttled_rate: 0.02,
  retry_after_seconds: 1,
  visibility_lag_ms: 2000,
};

/** The events recorded once the app watches: each brings a work of Northern Water (7001) to that event. */
const triggered = [
  'permit_granted',
  'comment_submitted',
  'activity_submitted',
  'permit_refused',
  'file_uploaded',
  'permit_granted',
  'comment_submitted',
  'permit_cancelled',
  'file_uploaded',
  'activity_submitted',
];

const organisation = 'Northern Water';

interface Run {
  service: ServiceProcess;
  tokens: Record<string, string>;
  processes: Process[];
  directory: string;
  drop: () => Promise<void>;
}

/** The sandbox under the profile on a fresh database (`--database-url` or `--data-dir`), with its tokens. */
async function startSandbox(database: 'postgres' | 'pglite'): Promise<Run> {
  const directory = await mkdtemp(join(tmpdir(), 'works-watch-chaos-'));
  const postgres = database === 'postgres' ? await freshDatabase() : undefined;
  const where = postgres ? ['--database-url', postgres.url] : ['--data-dir', join(directory, 'pglite')];
  await writeFile(join(directory, 'chaos.json'), JSON.stringify(profile));
  const tokensFile = join(directory, 'tokens.json');
  const command = ['serve', '--sandbox', '--events', '100', '--tokens-file', tokensFile];
  const chaos = ['--chaos', join(directory, 'chaos.json'), '--chaos-seed', '20261127'];
  const service = await startServiceOn(where, await freePort(), [...command, ...chaos]);
  const { users } = JSON.parse(await readFile(tokensFile, 'utf8')) as { users: { username: string; token: string }[] };
  const tokens = Object.fromEntries(users.map((user) => [user.username, user.token]));
  return { service, tokens, processes: [service], directory, drop: () => postgres?.drop() ?? Promise.resolve() };
}

/** An operator API call of the sandbox; its JSON answer. */
async function operator<T>(run: Run, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${new URL(run.service.baseUrl).origin}/internal${path}`, {
    method,
    headers: { token: run.tokens.operator!, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Waits until the app's cursor is at `lastUpdateId`, its works' permits fetched and no poll running. */
const settled = (url: string, lastUpdateId: number) =>
  eventually(`the app settles at update ${lastUpdateId}`, async () => {
    const { status } = await appPicture(url, 1);
    const done = status.cursor === lastUpdateId && status.counts.stale_works === 0 && !status.reconciler.running;
    return done ? status : undefined;
  });

/** The update ids the organisation's polling shows once the lag has passed: the picture of a run without chaos. */
async function cleanUpdateIds(run: Run): Promise<number[]> {
  await new Promise((resolve) => setTimeout(resolve, profile.visibility_lag_ms + 500));
  const { updates } = await servicePicture(run.service.baseUrl, run.tokens['nw.planner']!);
  return updates.map((update) => update.update_id);
}

async function storedUpdateIds(dataDir: string): Promise<number[]> {
  const store = await WatchStore.open(dataDir);
  try {
    return (await store.allUpdates()).map((update) => update.update_id);
  } finally {
    await store.close();
  }
}

describe.each(['postgres', 'pglite'] as const)('against the sandbox under a chaos profile, on %s', (database) => {
  let run: Run;
  beforeAll(async () => {
    run = await startSandbox(database);
  });
  afterAll(async () => {
    for (const process of run?.processes.reverse() ?? []) await process.stop('SIGKILL');
    await run?.drop();
    if (run) await rm(run.directory, { recursive: true, force: true });
  });

  test('notifications dropped, duplicated and delayed, polls refused and lagging: the app still holds exactly every update, and the sandbox reports it caught up', async () => {
    const port = await freePort();
    const dataDir = join(run.directory, 'app');
    const app = await startApp({
      EVENTS_BASE_URL: run.service.baseUrl,
      EVENTS_TOKEN: run.tokens['nw.planner']!,
      WATCH_PORT: String(port),
      WATCH_PUBLIC_URL: `http://127.0.0.1:${port}`,
      WATCH_DATA_DIR: dataDir,
      WATCH_POLL_INTERVAL_SECONDS: '3',
    });
    run.processes.push(app);
    await eventually('the subscription is confirmed', async () =>
      (await appPicture(app.url, 1)).status.subscription.state === 'confirmed' ? true : undefined,
    );

    for (const eventType of triggered)
      await operator(run, 'POST', '/trigger', { event_type: eventType, organisation: '7001' });
    const expected = await cleanUpdateIds(run);
    await settled(app.url, expected.at(-1)!);
    // Caught up, and every notification settled: sent, or dropped (the last may still be on its way after polling caught up).
    const status = await eventually('the sandbox reports the poller caught up', async () => {
      const answer = await operator<ChaosStatus>(run, 'GET', '/sandbox/chaos');
      const figures = answer.organisations.find((one) => one.organisation === organisation);
      return figures?.caught_up && figures.sent + figures.dropped === figures.created ? figures : undefined;
    });

    expect(await app.stop()).toBe(0);
    expect(await storedUpdateIds(dataDir)).toEqual(expected);
    expect(status.head).toBe(expected.at(-1));
    expect(status.poller_position).toBe(expected.at(-1));
    expect(status.created).toBeGreaterThan(0);
    expect(status.dropped + status.duplicated + status.delayed).toBeGreaterThan(0);
  });
});
