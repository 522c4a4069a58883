/**
 * A sandbox for the end-to-end tests: the service on a fresh PostgreSQL database seeded with
 * the sandbox data, and the app processes started against it, all stopped and removed by
 * `close`. `appSettings` gives each app a data directory and a fixed port of its own, so it can
 * be restarted at the same endpoint.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventsClient, unwrap } from '@street-events/client';
import { freshDatabase } from './postgres.js';
import {
  freePort,
  seedSandbox,
  startApp,
  startService,
  startSimulation,
  type AppProcess,
  type Process,
  type ServiceProcess,
} from './processes.js';

export class Sandbox {
  private readonly running = new Set<Process>();
  private readonly directories: string[] = [];

  private constructor(
    private readonly database: { url: string; drop: () => Promise<void> },
    /** The token of Northern Water's planner. */
    readonly token: string,
    private readonly port: number,
    private current: ServiceProcess,
  ) {}

  static async start(events: number): Promise<Sandbox> {
    const database = await freshDatabase();
    try {
      const token = await seedSandbox(database.url, events);
      const port = await freePort();
      return new Sandbox(database, token, port, await startService(database.url, port));
    } catch (error) {
      await database.drop();
      throw error;
    }
  }

  get service(): ServiceProcess {
    return this.current;
  }

  /** Stops the service (SIGTERM) and starts it again on the same database and port. */
  async restartService(): Promise<void> {
    await this.current.stop();
    this.current = await startService(this.database.url, this.port);
  }

  /** Removes the organisation's subscription, if any, so the next app can subscribe its own endpoint. */
  async unsubscribe(): Promise<void> {
    const client = createEventsClient({ baseUrl: this.current.baseUrl, token: this.token });
    for (const { subscription_reference_number } of await unwrap(client.GET('/api-notifications/subscriptions'))) {
      await unwrap(client.POST('/api-notifications/unsubscribe', { body: { subscription_reference_number } }));
    }
  }

  startSimulation(rate: number): Process {
    return this.track(startSimulation(this.database.url, rate));
  }

  async appSettings(extra: Record<string, string> = {}): Promise<{ dataDir: string; env: Record<string, string> }> {
    const dataDir = await mkdtemp(join(tmpdir(), 'works-watch-test-'));
    this.directories.push(dataDir);
    const port = await freePort();
    return {
      dataDir,
      env: {
        EVENTS_BASE_URL: this.current.baseUrl,
        EVENTS_TOKEN: this.token,
        WATCH_PORT: String(port),
        WATCH_PUBLIC_URL: `http://127.0.0.1:${port}`,
        WATCH_DATA_DIR: dataDir,
        ...extra,
      },
    };
  }

  async startApp(env: Record<string, string>): Promise<AppProcess> {
    return this.track(await startApp(env));
  }

  /** Stops a process started here; its exit code, or null when ended by the signal. */
  stop(process: Process, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    this.running.delete(process);
    return process.stop(signal);
  }

  async close(): Promise<void> {
    for (const process of this.running) await process.stop('SIGKILL');
    await this.current.stop();
    await this.database.drop();
    for (const directory of this.directories) await rm(directory, { recursive: true, force: true });
  }

  private track<P extends Process>(process: P): P {
    this.running.add(process);
    return process;
  }
}
