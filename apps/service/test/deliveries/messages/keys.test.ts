/** Signing keys in the database: created once, rotated, retired; the published set follows. */
import { expect, it } from 'vitest';
import { signatureHeader } from '../../../src/deliveries/messages/signing.js';
import {
  activeSigningKeys,
  ensureSigningKey,
  listSigningKeys,
  retireSigningKey,
  rotateSigningKey,
} from '../../../src/deliveries/messages/keys.js';
import { describeEachDatabase } from '../../support/databases.js';

describeEachDatabase('signing keys', (database) => {
  it('concurrent first starts create a single key', async () => {
    const results = await Promise.all([
      ensureSigningKey(database.db),
      ensureSigningKey(database.db),
      ensureSigningKey(database.db),
    ]);
    expect(new Set(results.map((keys) => keys.map((key) => key.kid).join()))).toHaveProperty('size', 1);
    expect(await listSigningKeys(database.db)).toHaveLength(1);
  });

  it('after a rotation both keys sign; after retiring the old one only the new one does', async () => {
    const [old] = await ensureSigningKey(database.db);
    const added = await rotateSigningKey(database.db);
    const both = await activeSigningKeys(database.db);
    expect(both.map((key) => key.kid)).toEqual([old!.kid, added]);
    expect(signatureHeader(both, 'msg_1', '1763630042', '{}').split(' ')).toHaveLength(2);

    await retireSigningKey(database.db, old!.kid);
    expect((await activeSigningKeys(database.db)).map((key) => key.kid)).toEqual([added]);
    await expect(retireSigningKey(database.db, added)).rejects.toThrow(/only active signing key/);
    await expect(retireSigningKey(database.db, old!.kid)).rejects.toThrow(/no active signing key/);
  });
});
