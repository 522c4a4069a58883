// Keeps a local picture of the works that concern the organisation up to date from the polling
// feed. The cursor is stored in a file after each handled row, so a restart resumes where the
// last run stopped: no update is lost and none is handled twice.
//
//   EVENTS_BASE_URL=http://localhost:8080/v7/event EVENTS_TOKEN=… npx tsx examples/poll-updates.ts
//
// It ends once caught up; FOLLOW=1 keeps polling every 30 s until Ctrl-C. The cursor is kept in
// CURSOR_FILE (default: street-events-example-cursor in the system's temporary directory).
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createEventsClient, pollUpdateRows, type WorkUpdateSummary } from '@street-events/client';

export interface PollExampleOptions {
  baseUrl: string;
  token: string;
  /** Where the cursor is kept between runs. */
  cursorFile: string;
  /** Where the first run starts (`start_date`); later runs resume from the stored cursor. */
  since?: string;
  /** Keep polling every 30 s once caught up (until `signal` aborts), or stop. */
  follow?: boolean;
  signal?: AbortSignal;
}

/** The latest update of each work seen in this run. */
export async function pollUpdatesExample(options: PollExampleOptions): Promise<Map<string, WorkUpdateSummary>> {
  const client = createEventsClient({ baseUrl: options.baseUrl, token: options.token });
  const stored = await readFile(options.cursorFile, 'utf8').then(Number, () => undefined);
  const works = new Map<string, WorkUpdateSummary>();

  for await (const row of pollUpdateRows(client, {
    cursor: stored,
    startDate: options.since, // used only while there is no cursor
    filters: { page_size: 250 },
    follow: options.follow,
    signal: options.signal,
    onCursor: (cursor) => writeFile(options.cursorFile, String(cursor)),
  })) {
    works.set(row.work_reference_number, row); // here: update the local picture, fetch detail, …
  }
  return works;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort()); // Ctrl-C stops cleanly, the cursor stored
  const cursorFile = process.env.CURSOR_FILE ?? join(tmpdir(), 'street-events-example-cursor');
  const works = await pollUpdatesExample({
    baseUrl: process.env.EVENTS_BASE_URL ?? 'http://localhost:8080/v7/event',
    token: process.env.EVENTS_TOKEN ?? '',
    cursorFile,
    since: new Date(Date.now() - 24 * 3600_000).toISOString(), // the first run starts a day back
    follow: process.env.FOLLOW === '1',
    signal: controller.signal,
  });
  console.log(`works changed: ${works.size}; cursor kept in ${cursorFile} (run again to resume after it)`);
}
