/**
 * Passwords, stored only as scrypt hashes (node's `crypto.scrypt`: memory-hard, built in, no
 * native add-on to install). The stored form carries its parameters and salt:
 * `scrypt$<N>$<r>$<p>$<salt base64url>$<hash base64url>`, so they can be raised later.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** 2^15 × 8 × 128 bytes = 32 MiB of memory per hash. */
const defaults = { N: 2 ** 15, r: 8, p: 1 } as const;
const keyLength = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFC'),
      salt,
      keyLength,
      { ...options, maxmem: 128 * options.N! * options.r! * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, defaults);
  return ['scrypt', defaults.N, defaults.r, defaults.p, salt.toString('base64url'), hash.toString('base64url')].join(
    '$',
  );
}

/** Whether the password matches the stored hash; false for a hash in another form. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64url');
  const derived = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return derived.length === expected.length && timingSafeEqual(derived, expected);
}

/** A hash no password matches, checked for unknown email addresses so that they take as long as a wrong password. */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> => (decoy ??= hashPassword(randomBytes(16).toString('base64url')));

/** A new random password for a user, as the operator hands it out. */
export const newPassword = (): string => randomBytes(18).toString('base64url');
