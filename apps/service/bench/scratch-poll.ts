import { openDatabase } from '../src/db/database.js';
import { authenticate } from '../src/auth/tokens.js';
import { pollUpdates } from '../src/queries/poll-updates.js';
import { readFileSync } from 'node:fs';
const handle = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/street_events_bench_1000000' });
const db = handle.limitedTo(30000);
const caller = (await authenticate(handle.db, readFileSync('/tmp/perf-token', 'utf8').trim()))!;
for (let round = 0; round < 3; round++) {
  let t = performance.now(); const cpu0 = process.cpuUsage();
  for (let i = 0; i < 200; i++) await pollUpdates(db, caller, { page_size: 250, update_id: 500000 });
  const cpu = process.cpuUsage(cpu0);
  console.log('poll: ms/call', ((performance.now() - t) / 200).toFixed(3), 'node cpu ms/call', ((cpu.user + cpu.system) / 1000 / 200).toFixed(3));
  t = performance.now();
  for (let i = 0; i < 200; i++) await db.execute(`select 1` as never);
  console.log('select 1: ms/call', ((performance.now() - t) / 200).toFixed(3));
  const body = JSON.stringify(await pollUpdates(db, caller, { page_size: 250, update_id: 500000 }));
  t = performance.now();
  for (let i = 0; i < 200; i++) JSON.stringify(JSON.parse(body));
  console.log('parse+stringify ms', ((performance.now() - t) / 200).toFixed(3));
}
await handle.close();
