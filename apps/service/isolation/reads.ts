/**
 * The well-behaved tenant's polls beside a hostile tenant: it reads the first page of its feed
 * at a steady rate, first quietly, then while the hostile tenant floods the login with wrong
 * passwords for addresses that do not exist, then while it keeps polls that cannot match
 * anything (`end_date` in the year 0002, so the whole of its feed is walked) in flight. Also
 * the lockout (concurrent wrong passwords for one account: how many were checked) and the
 * rate limit against junk tokens (does a flood of unknown tokens reset a limited caller).
 */
import { randomBytes } from 'node:crypto';
import { loginBasePath } from '../src/features/login/plugin.js';
import { paced, percentile, send, whileRunning, type Answer } from './http.js';
import { statusesOf, whileFlooding } from './flood.js';
import type { Tenants } from './tenants.js';

export interface PollFigures {
  polls: number;
  /** Polls not answered 200, by status (0: no answer). */
  failed: number;
  failedStatuses: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
}

/** The quiet tenant's polls, one after the other as a poller makes them, at most `perSecond` for `seconds`. */
export async function quietPolls(
  baseUrl: string,
  tenants: Tenants,
  load: { perSecond: number; seconds: number },
): Promise<PollFigures> {
  const answers = await paced(load.perSecond, load.seconds, () =>
    send(`${baseUrl}/works/updates?update_id=1`, { headers: { token: tenants.quiet.token }, from: tenants.quiet.from }),
  );
  const times = answers.map((answer) => answer.ms);
  return {
    polls: answers.length,
    failed: answers.filter((answer) => answer.status !== 200).length,
    failedStatuses: statusesOf(answers.filter((answer) => answer.status !== 200)),
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
  };
}

/** Wrong passwords for addresses that do not exist, `perSecond` of them, while `during` runs. */
export const duringLoginFlood = <T>(origin: string, tenants: Tenants, perSecond: number, during: () => Promise<T>) =>
  whileFlooding({ kind: 'logins', origin, from: tenants.floods.logins }, perSecond, during);

/** Polls that walk the hostile tenant's whole feed, `perSecond` of them, while `during` runs. */
export const duringExpensivePolls = <T>(
  baseUrl: string,
  tenants: Tenants,
  perSecond: number,
  during: () => Promise<T>,
) =>
  whileFlooding(
    { kind: 'expensive-polls', baseUrl, token: tenants.hostile.token, from: tenants.hostile.from },
    perSecond,
    during,
  );

/** `attempts` wrong passwords for one account, all at once: the answers by status (each `401` is a password checked and refused). */
export async function guessAtOnce(origin: string, tenants: Tenants, attempts: number): Promise<Record<string, number>> {
  const answers = await Promise.all(
    Array.from({ length: attempts }, (_, index) =>
      send(`${origin}${loginBasePath}/work/authenticate`, {
        method: 'POST',
        body: JSON.stringify({ emailAddress: tenants.guessed.email, password: `guess-${index}` }),
        from: tenants.floods.guesses,
      }),
    ),
  );
  return statusesOf(answers);
}

export interface JunkTokenFigures {
  /** The limited caller's statuses before the junk, after using up its limit. */
  before: Record<string, number>;
  junk: number;
  junkStatuses: Record<string, number>;
  /** The limited caller's status right after the junk: still `429` unless its count was reset. */
  after: number;
}

/** The quiet tenant uses up its limit (`max` polls and one more), then `junk` unknown tokens are sent, then it polls again. */
export async function junkTokensAgainstLimit(
  baseUrl: string,
  tenants: Tenants,
  max: number,
  junk: number,
): Promise<JunkTokenFigures> {
  const poll = (token: string, from: string) => send(`${baseUrl}/works/updates`, { headers: { token }, from });
  const before: Answer[] = [];
  for (let index = 0; index <= max; index += 1) before.push(await poll(tenants.quiet.token, tenants.quiet.from));
  const sent = await whileRunning(
    32,
    600,
    () => poll(`se_${randomBytes(16).toString('hex')}`, tenants.floods.junk),
    junk,
  ).done;
  return {
    before: statusesOf(before),
    junk: sent.length,
    junkStatuses: statusesOf(sent),
    after: (await poll(tenants.quiet.token, tenants.quiet.from)).status,
  };
}
