/**
 * The file where the sandbox keeps its users' tokens (`sandbox-tokens.json`, readable by its owner
 * only): written by `seed` and `serve --sandbox`, read by the command line to act as the sandbox's
 * Operator. Nothing but Node's own modules, so that the command line may load it when it needs it.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { DatabaseConfig } from '../../db/database.js';
import type { SandboxUser } from './sandbox.js';

/** The users and tokens of the file; none when there is no file or it cannot be read. */
export function readSandboxTokens(file: string): SandboxUser[] {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { users?: SandboxUser[] };
    return Array.isArray(parsed.users) ? parsed.users : [];
  } catch {
    return [];
  }
}

/** Writes the tokens, readable by their owner only. */
export function writeSandboxTokens(file: string, users: SandboxUser[]): void {
  mkdirSync(dirname(file), { recursive: true });
  const note =
    'Tokens of the sandbox users, sent as the "token" header, and their logins (POST /v7/work/authenticate). Kept across restarts; delete the file to have new tokens issued.';
  writeFileSync(file, `${JSON.stringify({ note, users }, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/**
 * Where the sandbox keeps its tokens unless told otherwise: in the PGlite data directory, so
 * they go with its database. On PostgreSQL, nowhere.
 */
export function defaultTokensFile(database: DatabaseConfig): string | undefined {
  return database.kind === 'pglite' && database.dataDir ? resolve(database.dataDir, 'sandbox-tokens.json') : undefined;
}
