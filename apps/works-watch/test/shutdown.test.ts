/**
 * Stopping: a process wired as the app is (src/shutdown.ts) with a close of a chosen length and
 * outcome, and the app itself, built, against the client's fake of the interface.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeEventsService } from '@street-events/client/testing';
import { describe, expect, test } from 'vitest';
import { Process, startApp } from './support/processes.js';

const fixture = fileURLToPath(new URL('support/shutdown-fixture.ts', import.meta.url));

/** The fixture, once its signal handlers are set. */
async function started(env: Record<string, string> = {}): Promise<Process> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stopping = new Process('shutdown fixture', child);
  await stopping.waitFor(/ready/);
  return stopping;
}

describe('on a signal', () => {
  test.each(['SIGTERM', 'SIGINT'] as const)('%s runs the close, then exits 0', async (signal) => {
    const stopping = await started();
    expect(await stopping.stop(signal)).toBe(0);
    expect(stopping.text).toContain('closed');
  });

  test('a second signal during the close exits 1 at once', async () => {
    const stopping = await started({ CLOSE_MS: '60000' });
    stopping.child.kill('SIGTERM');
    await stopping.waitFor(/closing/);
    const signalled = Date.now();
    expect(await stopping.stop('SIGTERM')).toBe(1);
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(stopping.text).not.toContain('closed');
  });

  test('a close that fails exits 1', async () => {
    const stopping = await started({ CLOSE_FAILS: '1' });
    expect(await stopping.stop('SIGTERM')).toBe(1);
    expect(stopping.text).toContain('the close failed');
  });

  test('a close that outlasts the grace period is cut short with exit 1', async () => {
    const stopping = await started({ CLOSE_MS: '60000', GRACE_MS: '500' });
    const signalled = Date.now();
    expect(await stopping.stop('SIGTERM')).toBe(1);
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(stopping.text).toContain('killed by timeout');
  });
});

describe('the app', () => {
  test("SIGTERM ends the page's live streams and exits 0", async () => {
    const service = await startFakeEventsService();
    const dataDir = await mkdtemp(join(tmpdir(), 'works-watch-shutdown-'));
    try {
      const app = await startApp({
        EVENTS_BASE_URL: service.baseUrl,
        EVENTS_TOKEN: 'se_test',
        WATCH_PORT: '0',
        WATCH_DATA_DIR: dataDir,
        WATCH_SUBSCRIBE: 'false',
      });
      const stream = (await fetch(`${app.url}/live`)).body!.getReader();
      expect((await stream.read()).done).toBe(false);
      expect(await app.stop('SIGTERM')).toBe(0);
      while (!(await stream.read()).done);
    } finally {
      await service.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
