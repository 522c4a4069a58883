import pg from 'pg';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/street_events_bench_1000000', max: 2 });
const join = `select w.work_reference_number, a.update_date_time, a.update_id, a.event_type, a.object_type, a.parent_object_reference_number, a.object_reference_number from audit_events a join works w on w.id = a.work_id where a.update_id > $1 and a.highway_authority_org_id = $2 order by a.update_id limit $3`;
const nojoin = `select a.work_id, a.update_date_time, a.update_id, a.event_type, a.object_type, a.parent_object_reference_number, a.object_reference_number from audit_events a where a.update_id > $1 and a.highway_authority_org_id = $2 and a.work_id is not null order by a.update_id limit $3`;
const nojoinText = `select a.work_id, to_char(a.update_date_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), a.update_id::float8, a.event_type, a.object_type, a.parent_object_reference_number, a.object_reference_number from audit_events a where a.update_id > $1 and a.highway_authority_org_id = $2 and a.work_id is not null order by a.update_id limit $3`;
const jsonAgg = `select json_agg(json_build_object('work_id', a.work_id, 'update_date_time', a.update_date_time, 'update_id', a.update_id, 'event_type', a.event_type,'object_type', a.object_type, 'p', a.parent_object_reference_number, 'o', a.object_reference_number))::text from (select * from audit_events a where a.update_id > $1 and a.highway_authority_org_id = $2 and a.work_id is not null order by a.update_id limit $3) a`;
async function time(name: string, text: string, prepared: boolean) {
  for (let round = 0; round < 2; round++) {
    const t = performance.now(); const c0 = process.cpuUsage();
    for (let i = 0; i < 300; i++) await pool.query({ ...(prepared ? { name: name } : {}), text, values: [500000, 4, 251], rowMode: 'array' });
    const c = process.cpuUsage(c0);
    if (round) console.log(name, prepared ? 'prepared' : 'unnamed', 'ms/call', ((performance.now() - t) / 300).toFixed(3), 'node cpu', ((c.user + c.system) / 1000 / 300).toFixed(3));
  }
}
for (const [n, q] of [['join', join], ['nojoin', nojoin], ['nojoinText', nojoinText], ['jsonAgg', jsonAgg]] as const) {
  await time(n, q, false); await time(n, q, true);
}
await pool.end();
