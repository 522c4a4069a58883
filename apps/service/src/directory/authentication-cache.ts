/**
 * A short-lived cache of authenticated callers, so that a poller calling many times a second
 * costs one token lookup per `ttlMs` instead of one or two queries per request.
 *
 * - Keyed by the token's SHA-256 (as stored); only tokens that authenticate are cached, so a
 *   token issued a moment ago works at once and unknown tokens never fill the cache.
 * - Bounded: at most `maxEntries` callers; past that the oldest entry makes room.
 * - Staleness: a token revoked, a contract added or removed, a user's sessions revoked or one
 *   logged out (through `revokeToken`, `addContract`, `removeContract`, `revokeSessions`,
 *   `logout`, in any process on the database: another instance, the `street-events` commands) is
 *   announced on `credentialsChannel` when it commits. A cache that `listen`s there forgets every
 *   caller and voids lookups in flight, so the change takes effect at once; should the LISTEN connection be
 *   lost, the cache forgets everything again once it is back. A change made some other way (by
 *   hand in the database) takes effect within `ttlMs` (5 seconds by default;
 *   `AUTH_CACHE_TTL_MS`, 0 turns the cache off).
 */
import type { Database, DatabaseHandle } from '../db/database.js';
import type { Caller } from './caller.js';
import { authenticateLoginToken } from './login.js';
import { tokenHash } from '../shared/token-hash.js';
import { authenticate, credentialsChannel } from './tokens.js';

export interface AuthenticationCacheOptions {
  /** How long a caller is reused; 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  /** Milliseconds now; Date.now by default. */
  now?: () => number;
}

const apiKeyMarker = 'se_';

export const defaultAuthenticationCache = { ttlMs: 5_000, maxEntries: 10_000 } as const;

interface Entry {
  caller: Caller;
  expiresAt: number;
}

export class AuthenticationCache {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  /** Changes whenever a credential change is heard; a lookup begun before it is not kept. */
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly options: AuthenticationCacheOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The caller a token stands for, or null when the token is unknown or revoked: an API key, or an
   * id or access token of a login (directory/login.ts), kept no longer than the token lasts.
   */
  async authenticate(token: string): Promise<Caller | null> {
    if (this.options.ttlMs <= 0) return (await this.lookUp(token))?.caller ?? null;
    const key = tokenHash(token);
    const found = this.entries.get(key);
    if (found !== undefined && found.expiresAt > this.now()) return found.caller;
    const generation = this.generation;
    const looked = await this.lookUp(token);
    this.entries.delete(key);
    if (looked === null) return null;
    if (generation !== this.generation) return looked.caller; // a change was heard meanwhile: not kept
    if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, {
      caller: looked.caller,
      expiresAt: Math.min(this.now() + this.options.ttlMs, looked.expiresAt),
    });
    return looked.caller;
  }

  /** Hears credential changes on `credentialsChannel`; resolves to the function that stops. */
  listen(listen: DatabaseHandle['listen']): Promise<() => Promise<void>> {
    return listen(credentialsChannel, () => this.forgetAll());
  }

  /** Forgets every caller, and voids the lookups in flight: a credential changed. */
  forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private async lookUp(token: string): Promise<{ caller: Caller; expiresAt: number } | null> {
    if (token.startsWith(apiKeyMarker)) {
      const caller = await authenticate(this.db, token);
      return caller === null ? null : { caller, expiresAt: Number.POSITIVE_INFINITY };
    }
    return authenticateLoginToken(this.db, token, new Date(this.now()));
  }

  /** How many callers are held (for tests of the bound). */
  get size(): number {
    return this.entries.size;
  }
}
