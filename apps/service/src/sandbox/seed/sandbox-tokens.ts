/**
 * The sandbox's tokens, kept in a file so that they survive restarts: the database stores only
 * their hashes, so without the file a restarted sandbox could only issue new ones. A token in
 * the file is reused while it still authenticates its user; a user without one gets a new
 * token, and the caller is told who did.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { listUsers } from '../../admin/users.js';
import { authenticate, issueToken } from '../../auth/tokens.js';
import type { Database, DatabaseConfig } from '../../db/database.js';
import { isEmpty, sandboxPassword, seedSandbox, type SandboxOptions, type SandboxUser } from './sandbox.js';

export interface KeptTokens {
  users: SandboxUser[];
  /** Users given a new token now (none in the file, or the file's was revoked). */
  issued: string[];
}

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

/** A token for every user of the sandbox: the file's where it still works, otherwise a new one (written back to the file). */
export async function keepSandboxTokens(db: Database, file: string | undefined): Promise<KeptTokens> {
  const saved = new Map((file ? readSandboxTokens(file) : []).map((user) => [user.username, user.token]));
  const users: SandboxUser[] = [];
  const issued: string[] = [];
  for (const user of await listUsers(db)) {
    let token = saved.get(user.username);
    if (token === undefined || (await authenticate(db, token))?.username !== user.username) {
      token = (await issueToken(db, user.username)).token;
      issued.push(user.username);
    }
    const email = user.email ?? '';
    users.push({
      username: user.username,
      role: user.role,
      organisation: user.organisationName,
      email,
      password: email === '' ? '' : sandboxPassword,
      token,
    });
  }
  if (file && issued.length > 0) writeSandboxTokens(file, users);
  return { users, issued };
}

/**
 * Where the sandbox keeps its tokens unless told otherwise: in the PGlite data directory, so
 * they go with its database. On PostgreSQL, nowhere.
 */
export function defaultTokensFile(database: DatabaseConfig): string | undefined {
  return database.kind === 'pglite' && database.dataDir ? resolve(database.dataDir, 'sandbox-tokens.json') : undefined;
}

/**
 * `serve --sandbox`: seeds an empty database and writes its tokens to `tokensFile`, or keeps
 * the file's tokens of a seeded one (see keepSandboxTokens).
 */
export async function prepareSandbox(
  db: Database,
  options: Pick<SandboxOptions, 'events' | 'onProgress'> & { tokensFile: string | undefined },
): Promise<KeptTokens> {
  if (await isEmpty(db)) {
    const { users } = await seedSandbox(db, { events: options.events, onProgress: options.onProgress });
    if (options.tokensFile) writeSandboxTokens(options.tokensFile, users);
    return { users, issued: [] };
  }
  return keepSandboxTokens(db, options.tokensFile);
}
