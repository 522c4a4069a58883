// Polls GET /works/updates once and prints the rows.
//   EVENTS_BASE_URL=http://localhost:8080/v7 EVENTS_TOKEN=... node dist/main.js
import { createEventsClient, type WorkUpdateSummary } from "@street-events/client";

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`works-watch: ${name} is not set (e.g. EVENTS_BASE_URL=http://localhost:8080/v7 EVENTS_TOKEN=<token>)`);
    process.exit(2);
  }
  return value;
}

function formatRow(row: WorkUpdateSummary): string {
  const object = row.object_reference_number ?? row.work_reference_number;
  return `${row.update_id}\t${row.update_date_time}\t${row.work_reference_number}\t${row.event_type}\t${object}`;
}

const client = createEventsClient({
  baseUrl: requiredEnv("EVENTS_BASE_URL"),
  token: requiredEnv("EVENTS_TOKEN"),
});

const { data, error, response } = await client.GET("/works/updates");

if (error) {
  const requestId = error.error.request_id ? ` (request ${error.error.request_id})` : "";
  console.error(`works-watch: ${response.status} ${error.error.code}: ${error.message}${requestId}`);
  process.exit(1);
}

for (const row of data.rows) console.log(formatRow(row));
console.error(
  `works-watch: ${data.rows.length} update(s)` +
    (data.next_update == null ? "" : `; more from update_id ${data.next_update}`),
);
