/** Users and their roles. A role belongs to one kind of organisation; Operator is internal and fits any. */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { organisations, users, type OrganisationKind, type UserRole } from '../db/schema.js';
import { ConflictError, ValidationError } from '../shared/errors.js';
import { requireOrganisation } from './organisations.js';

export interface User {
  id: number;
  username: string;
  role: UserRole;
  organisationName: string;
  /** For login; null for a user who has none (API keys only). */
  email: string | null;
}

const organisationKindOfRole: Record<Exclude<UserRole, 'Operator'>, OrganisationKind> = {
  Planner: 'promoter',
  HighwayAuthority: 'highway_authority',
  Contractor: 'contractor',
};

export async function createUser(
  db: Database,
  input: { username: string; role: UserRole; organisation: string },
): Promise<User> {
  if (!/^\S{1,100}$/.test(input.username)) {
    throw new ValidationError('a username is 1 to 100 characters without spaces', 'username', { rule: 'pattern' });
  }
  const organisation = await requireOrganisation(
    db,
    input.organisation,
    input.role === 'Operator' ? undefined : organisationKindOfRole[input.role],
  );
  const [created] = await db
    .insert(users)
    .values({ username: input.username, role: input.role, organisationId: organisation.id })
    .onConflictDoNothing()
    .returning({ id: users.id, username: users.username, role: users.role });
  if (!created) throw new ConflictError(`user ${input.username} exists already`);
  return { ...created, organisationName: organisation.name, email: null };
}

export async function listUsers(db: Database): Promise<User[]> {
  return db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      organisationName: organisations.name,
      email: users.email,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .orderBy(asc(users.id));
}
