/**
 * The sandbox: three utilities, three highway authorities, a contractor with contracts, users
 * with tokens for every role, workstreams, and a history of works and events. Seeds only a
 * database without organisations, so running it twice cannot duplicate anything.
 */
import { count } from 'drizzle-orm';
import { addContract } from '../../events/contracts.js';
import { createOrganisation, type Organisation } from '../../directory/organisations.js';
import { createUser } from '../../directory/users.js';
import { setPassword } from '../../directory/login.js';
import { createWorkstream } from '../../directory/workstreams.js';
import { issueToken } from '../../directory/tokens.js';
import { systemClock, type Clock } from '../../shared/clock.js';
import type { Database } from '../../db/database.js';
import { organisations, type UserRole } from '../../db/schema.js';
import { ConflictError } from '../../shared/errors.js';
import { seededRandom } from '../simulation/random.js';
import { sandboxAuthorities, sandboxContractor, sandboxPromoters } from '../simulation/sandbox-world.js';
import { loadSandboxWorld } from '../simulation/world.js';
import { seedHistory } from './history.js';

export interface SandboxOptions {
  /** About how many events of history to record. */
  events: number;
  /** The history ends shortly before now and spans `days`. */
  days?: number;
  now?: Clock;
  /** Seed of the random choices, for a reproducible sandbox. */
  randomSeed?: number;
  onProgress?: (recorded: number, total: number) => void;
}

export interface SandboxUser {
  username: string;
  role: UserRole;
  organisation: string;
  /** Login (`POST /v7/work/authenticate`): the user's email address and the sandbox password; empty for the Operator, who has none. */
  email: string;
  password: string;
  token: string;
}

/** The password of every sandbox user: the sandbox's data are made up, and its logins are printed anyway. */
export const sandboxPassword = 'street-events-sandbox';

/** A sandbox user's email address, e.g. `nw.planner@sandbox.street-events.example`. */
export const sandboxEmail = (username: string): string => `${username}@sandbox.street-events.example`;

export interface SandboxSummary {
  organisations: Pick<Organisation, 'kind' | 'name' | 'swaCode'>[];
  users: SandboxUser[];
  events: number;
}

const dayMs = 24 * 60 * 60 * 1000;

export async function seedSandbox(db: Database, options: SandboxOptions): Promise<SandboxSummary> {
  if (!(await isEmpty(db))) {
    throw new ConflictError('the database holds organisations already: seed a freshly migrated, empty database');
  }
  const now = (options.now ?? systemClock)();
  const from = new Date(now.getTime() - (options.days ?? 60) * dayMs);
  const to = new Date(now.getTime() - 5 * 60 * 1000);
  const atStart = { now: () => from };

  const created: Organisation[] = [];
  for (const promoter of sandboxPromoters) {
    created.push(await createOrganisation(db, { kind: 'promoter', name: promoter.name, swaCode: promoter.swaCode }));
    for (const workstream of promoter.workstreams)
      await createWorkstream(db, { promoter: promoter.swaCode, ...workstream });
  }
  for (const authority of sandboxAuthorities) {
    created.push(
      await createOrganisation(db, { kind: 'highway_authority', name: authority.name, swaCode: authority.swaCode }),
    );
  }
  created.push(await createOrganisation(db, { kind: 'contractor', name: sandboxContractor.name }));
  for (const promoter of sandboxContractor.contractedPromoters) {
    await addContract(db, { contractor: sandboxContractor.name, promoter }, atStart);
  }

  const users: SandboxUser[] = [];
  const addUser = async (username: string, role: UserRole, organisation: string) => {
    await createUser(db, { username, role, organisation });
    // The Operator has no login: its password would be public, and its token reaches only this machine's console.
    const login =
      role === 'Operator' ? { email: '', password: '' } : { email: sandboxEmail(username), password: sandboxPassword };
    if (login.email !== '') await setPassword(db, username, login.email, login.password);
    const token = (await issueToken(db, username)).token;
    // The token last: it is the widest column, and readers of the printed table find it at the end of a line.
    users.push({ username, role, organisation, ...login, token });
  };
  await addUser('kirkstall.contractor', 'Contractor', sandboxContractor.name);
  for (const promoter of sandboxPromoters)
    await addUser(`${promoter.initials.toLowerCase()}.planner`, 'Planner', promoter.name);
  for (const authority of sandboxAuthorities)
    await addUser(`${authority.swaCode}.highways`, 'HighwayAuthority', authority.name);
  // Operator is internal but needs an organisation: the service's operator sits with the first authority.
  await addUser('operator', 'Operator', sandboxAuthorities[0]!.name);

  const events = await seedHistory(db, await loadSandboxWorld(db), {
    events: options.events,
    from,
    to,
    random: seededRandom(options.randomSeed ?? 7001),
    onProgress: options.onProgress,
  });
  return {
    organisations: created.map(({ kind, name, swaCode }) => ({ kind, name, swaCode })),
    users,
    events,
  };
}

/** Whether the database holds no organisation yet (a sandbox to seed). */
export async function isEmpty(db: Database): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(organisations);
  return (existing?.n ?? 0) === 0;
}
