/**
 * The one way a long-running command stops: on the first SIGINT or SIGTERM (or an error nothing
 * caught), `close` runs and the process exits, 0 once it finished; a second signal, a failure, or
 * `graceMs` passing first ends it with 1 (close-with-grace).
 */
import closeWithGrace from 'close-with-grace';

export interface ShutdownLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export function closeOnSignals(
  close: () => Promise<void>,
  { graceMs, log }: { graceMs: number; log: ShutdownLog },
): void {
  closeWithGrace(
    { delay: graceMs, logger: { error: (message: unknown) => log.error({ detail: message }, 'shutdown') } },
    async ({ signal, err }) => {
      if (err) log.error({ err }, 'stopping after an unexpected error');
      else log.info({ signal }, 'shutting down');
      await close();
    },
  );
}
