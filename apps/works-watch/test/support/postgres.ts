/** A database of its own on the test PostgreSQL server (`TEST_DATABASE_URL`) for one sandbox; `drop` removes it. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

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

export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `works_watch_test_${randomBytes(6).toString('hex')}`;
  await onServer(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists "${name}" with (force)`) };
}
