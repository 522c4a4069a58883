// Fetches the permit summaries of the works that changed since a stored cursor: the works are
// collected from the polling feed, then searched in requests of at most 1000 references.
//
//   EVENTS_BASE_URL=http://localhost:8080/v7/event EVENTS_TOKEN=… npx tsx examples/search-permits.ts
import { pathToFileURL } from 'node:url';
import { createEventsClient, pollUpdateRows, searchPermits, type PermitSummaryResponse } from '@street-events/client';

export async function searchPermitsExample(options: {
  baseUrl: string;
  token: string;
  cursor?: number;
}): Promise<PermitSummaryResponse[]> {
  const client = createEventsClient({ baseUrl: options.baseUrl, token: options.token });

  const changed: string[] = [];
  for await (const row of pollUpdateRows(client, { cursor: options.cursor })) changed.push(row.work_reference_number);

  // Duplicates are sent once; the references go in requests of at most 1000.
  const permits: PermitSummaryResponse[] = [];
  for await (const permit of searchPermits(client, { workReferenceNumbers: changed, pageSize: 500 })) {
    permits.push(permit);
    console.log(`${permit.permit_reference_number} ${permit.status} ${permit.street}, ${permit.town}`);
  }
  return permits;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await searchPermitsExample({
    baseUrl: process.env.EVENTS_BASE_URL ?? 'http://localhost:8080/v7/event',
    token: process.env.EVENTS_TOKEN ?? '',
    cursor: process.env.EVENTS_CURSOR ? Number(process.env.EVENTS_CURSOR) : undefined,
  });
}
