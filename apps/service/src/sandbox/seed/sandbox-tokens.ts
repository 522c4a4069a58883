/**
 * The sandbox's tokens, kept in a file so that they survive restarts: the database stores only
 * their hashes, so without the file a restarted sandbox could only issue new ones. A token in
 * the file is reused while it still authenticates its user; a user without one gets a new
 * token, and the caller is told who did.
 */
import { listUsers } from '../../directory/users.js';
import { authenticate, issueToken } from '../../directory/tokens.js';
import type { Database } from '../../db/database.js';
import { isEmpty, sandboxPassword, seedSandbox, type SandboxOptions, type SandboxUser } from './sandbox.js';
import { readSandboxTokens, writeSandboxTokens } from './tokens-file.js';

export interface KeptTokens {
  users: SandboxUser[];
  /** Users given a new token now (none in the file, or the file's was revoked). */
  issued: string[];
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
