/**
 * The fuzz script: starts the service as `serve` does (in this process, on a free port) on
 * PGlite and on PostgreSQL, sends each a hostile campaign, prints the counts per status, per
 * kind and per verdict, writes them to fuzz/results/, and exits non-zero on any 5xx, any error
 * body outside the document, or any request left unanswered.
 *
 *   tsx fuzz/run.ts [--requests 10000] [--seed 1] [--concurrency 8] [--database both|pglite|postgres]
 *
 * PostgreSQL is the server of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * on a database created for the run and dropped after it.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { configFromEnv } from '../src/config.js';
import { openDatabase, type DatabaseConfig } from '../src/db/database.js';
import { startServer } from '../src/server.js';
import { runCampaign, type CampaignResult } from './campaign.js';
import { createWorld } from './world.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '8' },
    database: { type: 'string', default: 'both' },
  },
});
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database of the kind, and how to remove it. */
async function freshDatabase(kind: string): Promise<{ config: DatabaseConfig; remove: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'street-events-fuzz-'));
    return {
      config: { kind: 'pglite', dataDir: dir },
      remove: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const name = `street_events_fuzz_${randomBytes(6).toString('hex')}`;
  await onServer(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', url: url.toString() },
    remove: () => onServer(`drop database if exists "${name}" with (force)`),
  };
}

async function campaignOn(kind: string): Promise<CampaignResult> {
  const { config, remove } = await freshDatabase(kind);
  const handle = await openDatabase(config);
  try {
    await handle.migrate();
    const world = await createWorld(handle.db);
    const server = await startServer(
      {
        ...configFromEnv({ LOG_LEVEL: 'silent', DELIVERY_WORKER: 'off' }),
        host: '127.0.0.1',
        port: 0,
        database: config,
      },
      handle,
    );
    try {
      return await runCampaign(new URL(server.baseUrl), world, {
        count: Number(values.requests),
        seed: Number(values.seed),
        concurrency: Number(values.concurrency),
      });
    } finally {
      await server.close();
    }
  } finally {
    await remove();
  }
}

const table = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([key, count]) => `  ${key.padEnd(28)} ${count}`)
    .join('\n');

const kinds = values.database === 'both' ? ['pglite', 'postgres'] : [values.database];
const results: Record<string, CampaignResult> = {};
let failed = false;
for (const kind of kinds) {
  const started = Date.now();
  const result = await campaignOn(kind);
  results[kind] = result;
  const bad =
    result.byVerdict['server-error'] + result.byVerdict['undocumented-error-body'] + result.byVerdict.unanswered;
  failed ||= bad > 0;
  console.log(
    `\n${kind}: ${result.requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${values.seed})`,
  );
  console.log(
    `by status:\n${table(result.byStatus)}\nby kind:\n${table(result.byKind)}\nby verdict:\n${table(result.byVerdict)}`,
  );
  for (const failure of result.failures.slice(0, 10)) console.log(`FAIL ${JSON.stringify(failure)}`);
}
const resultsDir = new URL('./results/', import.meta.url);
mkdirSync(resultsDir, { recursive: true });
const file = new URL(`fuzz-${new Date().toISOString().replaceAll(':', '-').slice(0, 19)}.json`, resultsDir);
writeFileSync(file, `${JSON.stringify({ seed: Number(values.seed), results }, null, 2)}\n`);
console.log(`\nwritten to ${file.pathname}`);
console.log(
  failed
    ? 'FAILED: 5xx, undocumented error bodies or unanswered requests above'
    : '0 × 5xx, 0 undocumented error bodies, 0 unanswered',
);
process.exit(failed ? 1 : 0);
