import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { createOrganisation } from '../../src/directory/organisations.js';
import { createUser } from '../../src/directory/users.js';
import { authenticate, issueToken, revokeToken } from '../../src/directory/tokens.js';
import { apiTokens, users } from '../../src/db/schema.js';
import { ConflictError, NotFoundError, ValidationError } from '../../src/shared/errors.js';
import { describeEachDatabase } from '../support/databases.js';
import { contractorCaller, highwayAuthority, promoter } from '../support/fixtures.js';

describeEachDatabase('authentication', (database) => {
  async function userOfNewPromoter() {
    const { db } = database;
    const owner = await promoter(db);
    const user = await createUser(db, {
      username: `planner-of-${owner.swaCode}`,
      role: 'Planner',
      organisation: owner.name,
    });
    return { db, owner, user };
  }

  test('an issued token is kept only as its SHA-256 and a short prefix, never in the clear', async () => {
    const { db, user } = await userOfNewPromoter();
    const { token, prefix } = await issueToken(db, user.username);
    expect(token).toMatch(/^se_[A-Za-z0-9_-]{43}$/);
    const [stored] = await db
      .select()
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(eq(users.username, user.username));
    expect(stored!.api_tokens.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored!.api_tokens.tokenPrefix).toBe(prefix);
    expect(token.startsWith(prefix) && prefix.length < 12).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(token.slice(prefix.length));
  });

  test('a token authenticates to its user, role and organisation', async () => {
    const { db, owner, user } = await userOfNewPromoter();
    const { token } = await issueToken(db, user.username);
    expect(await authenticate(db, token)).toEqual({
      username: user.username,
      role: 'Planner',
      organisation: owner,
      activeContracts: [],
    });
  });

  test('a contractor’s caller lists the promoters of its active contracts', async () => {
    const { db } = database;
    const [first, second] = [await promoter(db), await promoter(db)];
    const caller = await contractorCaller(db, [first, second]);
    expect(caller.activeContracts).toEqual([
      { id: first.id, name: first.name, swaCode: first.swaCode },
      { id: second.id, name: second.name, swaCode: second.swaCode },
    ]);
  });

  test.each([
    ['an unknown token', 'se_thisTokenWasNeverIssuedByTheService0000000'],
    ['a value without the token marker', 'Bearer something'],
    ['an empty value', ''],
  ])('%s authenticates to nobody', async (_name, token) => {
    expect(await authenticate(database.db, token)).toBeNull();
  });

  test('a revoked token authenticates to nobody; other tokens of the user still do', async () => {
    const { db, user } = await userOfNewPromoter();
    const revoked = await issueToken(db, user.username);
    const kept = await issueToken(db, user.username);
    expect(await revokeToken(db, revoked.prefix)).toBe(1);
    expect(await authenticate(db, revoked.token)).toBeNull();
    expect(await authenticate(db, kept.token)).not.toBeNull();
    await expect(revokeToken(db, revoked.prefix)).rejects.toBeInstanceOf(NotFoundError);
  });

  test('a token is issued only to an existing user', async () => {
    await expect(issueToken(database.db, 'nobody-by-this-name')).rejects.toBeInstanceOf(NotFoundError);
  });

  test('a role must suit its organisation; Operator suits any', async () => {
    const { db } = database;
    const authority = await highwayAuthority(db);
    await expect(
      createUser(db, { username: 'misplaced-planner', role: 'Planner', organisation: authority.name }),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(
      createUser(db, { username: 'ops-1', role: 'Operator', organisation: authority.name }),
    ).resolves.toMatchObject({
      role: 'Operator',
    });
  });

  test('usernames, organisation names and swa_codes are unique; promoters need a swa_code', async () => {
    const { db, owner, user } = await userOfNewPromoter();
    await expect(
      createUser(db, { username: user.username, role: 'Planner', organisation: owner.name }),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(createOrganisation(db, { kind: 'promoter', name: owner.name, swaCode: 'ZZ1' })).rejects.toBeInstanceOf(
      ConflictError,
    );
    await expect(
      createOrganisation(db, { kind: 'promoter', name: 'Another', swaCode: owner.swaCode }),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(createOrganisation(db, { kind: 'promoter', name: 'No code' })).rejects.toMatchObject({
      constructor: ValidationError,
      field: 'swa_code',
    });
    await expect(
      createOrganisation(db, { kind: 'highway_authority', name: 'Long code', swaCode: '12345' }),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});
