/**
 * Who takes part in an isolation run, from the seeded sandbox: a well-behaved tenant (Northern
 * Water's planner), a hostile one (Pennine Gas Networks' planner), the account whose password
 * is guessed (a highway authority's user) and the Operator, who submits works (events about them). Each sends
 * from a loopback address of its own, as separate clients would.
 */
import type { SandboxSummary, SandboxUser } from '../src/sandbox/seed/sandbox.js';

export interface Tenant {
  token: string;
  organisation: string;
  /** The loopback address it sends from. */
  from: string;
}

export interface Tenants {
  quiet: Tenant & { swaCode: string };
  hostile: Tenant & { swaCode: string };
  /** The account whose password the hostile tenant guesses. */
  guessed: { email: string };
  operator: Tenant;
  /** The swa_code of the highway authority the Operator's works are submitted to. */
  authority: string;
  /** Loopback addresses of the hostile tenant's floods (logins, junk tokens), one each. */
  floods: { logins: string; guesses: string; junk: string };
}

function userOf(summary: SandboxSummary, organisation: string, role: SandboxUser['role']): SandboxUser {
  const user = summary.users.find((one) => one.organisation === organisation && one.role === role);
  if (user === undefined) throw new Error(`the sandbox has no ${role} of ${organisation}`);
  return user;
}

function swaCodeOf(summary: SandboxSummary, name: string): string {
  const organisation = summary.organisations.find((one) => one.name === name);
  if (!organisation?.swaCode) throw new Error(`the sandbox has no organisation ${name} with a swa_code`);
  return organisation.swaCode;
}

function authorityOf(summary: SandboxSummary): string {
  const authority = summary.organisations.find((one) => one.kind === 'highway_authority' && one.swaCode);
  if (!authority?.swaCode) throw new Error('the sandbox has no highway authority with a swa_code');
  return authority.swaCode;
}

/** A highway authority's user with a login, of neither tenant's work: its lockout touches no one else here. */
function guessedAccount(summary: SandboxSummary): SandboxUser {
  const [, second] = summary.users.filter((user) => user.role === 'HighwayAuthority' && user.email !== '');
  if (second === undefined) throw new Error('the sandbox has fewer than two highway authority users with a login');
  return second;
}

export function tenantsOf(summary: SandboxSummary): Tenants {
  const quiet = userOf(summary, 'Northern Water', 'Planner');
  const hostile = userOf(summary, 'Pennine Gas Networks', 'Planner');
  const operator = summary.users.find((user) => user.role === 'Operator')!;
  return {
    quiet: {
      token: quiet.token,
      organisation: quiet.organisation,
      swaCode: swaCodeOf(summary, quiet.organisation),
      from: '127.0.0.1',
    },
    hostile: {
      token: hostile.token,
      organisation: hostile.organisation,
      swaCode: swaCodeOf(summary, hostile.organisation),
      from: '127.0.0.2',
    },
    guessed: { email: guessedAccount(summary).email },
    operator: { token: operator.token, organisation: operator.organisation, from: '127.0.0.9' },
    authority: authorityOf(summary),
    floods: { logins: '127.0.0.3', guesses: '127.0.0.4', junk: '127.0.0.5' },
  };
}
