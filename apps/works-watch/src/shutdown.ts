/**
 * How the app stops, with close-with-grace: on the first SIGINT or SIGTERM (or an error nothing
 * caught), `close` runs and the process exits, 0 once it finished; a second signal, a failure of
 * `close`, or `graceMs` passing first ends it with 1.
 */
import closeWithGrace from 'close-with-grace';
import type { Log } from './log.js';

/** How long `close` may take before the process exits anyway. */
export const graceMs = 10_000;

export function closeOnSignals(close: () => Promise<void>, log: Log, delay = graceMs): void {
  closeWithGrace(
    { delay, logger: { error: (detail: unknown) => log('error', 'shutdown', { detail }) } },
    async ({ signal, err }) => {
      if (err) log('error', 'stopping after an unexpected error', { error: err });
      else log('info', 'shutting down', { signal });
      await close();
    },
  );
}
