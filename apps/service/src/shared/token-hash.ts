import { createHash } from 'node:crypto';

/** The stored form of a secret token (API tokens, confirmation tokens): its SHA-256, in hex. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
