/**
 * The tenant-isolation suite on one backend: a fresh database seeded with the sandbox, the
 * service as deployed under its documented heap limit, and each scenario in turn, with
 * `/health` watched throughout. Gives every figure and, for each criterion, whether it held.
 * The same suite runs short in the tests and full in `isolation/run.ts`.
 */
import { maxFailedLogins } from '../src/directory/login.js';
import type { SandboxUser } from '../src/sandbox/seed/sandbox.js';
import { deliveriesBesideChurn, type DeliveryFigures } from './deliveries.js';
import { historyBetweenTenants, type HistoryFigures } from './history.js';
import { sendHostileBodies, type HostileBodiesFigures } from './hostile-bodies.js';
import { closeConnections } from './http.js';
import { watch, type Watch } from './probe.js';
import {
  duringExpensivePolls,
  duringLoginFlood,
  guessAtOnce,
  junkTokensAgainstLimit,
  quietPolls,
  type JunkTokenFigures,
  type PollFigures,
} from './reads.js';
import { createRunDatabase, heapLimitMb, memoryOf, replayBound, seed, serve, type Backend } from './service.js';
import { tenantsOf, type Tenants } from './tenants.js';
import type { ServiceProcess } from '../test/support/service-process.js';

export interface Size {
  /** Events of history seeded (the hostile tenant's expensive polls walk about a third of them). */
  events: number;
  deliveries: { perSecond: number; seconds: number; waitSeconds: number; churnPerSecond: number };
  polls: { perSecond: number; seconds: number };
  /** Logins a second of the flood, and expensive polls a second of the hostile tenant. */
  loginFloodPerSecond: number;
  expensivePollsPerSecond: number;
  guesses: number;
  junkTokens: number;
}

export const sizes: Record<'short' | 'full', Size> = {
  short: {
    events: 1500,
    deliveries: { perSecond: 2, seconds: 5, waitSeconds: 45, churnPerSecond: 8 },
    polls: { perSecond: 10, seconds: 5 },
    loginFloodPerSecond: 100,
    expensivePollsPerSecond: 20,
    guesses: 50,
    junkTokens: 5200,
  },
  full: {
    events: 20_000,
    deliveries: { perSecond: 2, seconds: 30, waitSeconds: 90, churnPerSecond: 8 },
    polls: { perSecond: 20, seconds: 20 },
    loginFloodPerSecond: 200,
    expensivePollsPerSecond: 40,
    guesses: 50,
    junkTokens: 6000,
  },
};

/** A limit low enough for one tenant to reach it in a few requests. */
const junkRateLimit = 5;
/**
 * The resident memory the service is documented to stay under with its heap limit (README), on
 * PostgreSQL. On PGlite the embedded database alone takes over 300 MB: there the process may
 * grow by at most its heap limit over what it took once started.
 */
export const residentLimitMb = 250;

function memoryVerdict(figures: SuiteFigures): Verdict & { timing: boolean } {
  const { backend, startResidentMb: start, peakResidentMb: peak } = figures;
  const detail = `${start.toFixed(0)} MB once started, peak ${peak.toFixed(0)} MB`;
  const [criterion, held] =
    backend === 'postgres'
      ? [`the service stays under ${residentLimitMb} MB resident`, peak <= residentLimitMb]
      : [`the service grows by at most its ${heapLimitMb} MB heap limit`, peak - start <= heapLimitMb];
  return { id: 'memory', criterion, held, detail, timing: false };
}

export interface SuiteFigures {
  backend: Backend;
  hostileBodies: HostileBodiesFigures & { peakResidentMb: number };
  deliveries: DeliveryFigures;
  history: HistoryFigures;
  polls: {
    quiet: PollFigures;
    loginFlood: { polls: PollFigures; logins: number; loginStatuses: Record<string, number> };
    expensivePolls: { polls: PollFigures; hostilePolls: number; hostileStatuses: Record<string, number> };
  };
  guesses: { attempts: number; statuses: Record<string, number>; documentedChecks: number };
  junkTokens: JunkTokenFigures;
  watch: Watch[];
  /** Resident memory once started, and at its peak over the whole run. */
  startResidentMb: number;
  peakResidentMb: number;
}

export interface Verdict {
  /** A short name of the criterion, e.g. `lockout`. */
  id: string;
  criterion: string;
  held: boolean;
  detail: string;
}

async function mainScenarios(baseUrl: string, tenants: Tenants, users: readonly SandboxUser[], size: Size) {
  const origin = new URL(baseUrl).origin;
  const hostileBodies = await sendHostileBodies(origin, tenants);
  const deliveries = await deliveriesBesideChurn(baseUrl, tenants, size.deliveries);
  const history = await historyBetweenTenants(origin, tenants, users);
  await quietPolls(baseUrl, tenants, { perSecond: size.polls.perSecond, seconds: 2 }); // warm-up, not counted
  const quiet = await quietPolls(baseUrl, tenants, size.polls);
  const flood = await duringLoginFlood(origin, tenants, size.loginFloodPerSecond, () =>
    quietPolls(baseUrl, tenants, size.polls),
  );
  const expensive = await duringExpensivePolls(baseUrl, tenants, size.expensivePollsPerSecond, () =>
    quietPolls(baseUrl, tenants, size.polls),
  );
  const guesses = await guessAtOnce(origin, tenants, size.guesses);
  return {
    hostileBodies,
    deliveries,
    history,
    polls: {
      quiet,
      loginFlood: { polls: flood.result, logins: flood.sent, loginStatuses: flood.statuses },
      expensivePolls: { polls: expensive.result, hostilePolls: expensive.sent, hostileStatuses: expensive.statuses },
    },
    guesses: { attempts: size.guesses, statuses: guesses, documentedChecks: maxFailedLogins },
  };
}

/** Runs `scenarios` against the service with /health watched; then stops it. */
async function whileServing<T>(
  service: ServiceProcess,
  scenarios: (baseUrl: string) => Promise<T>,
): Promise<{ result: T; watch: Watch; startMb: number; peakMb: number }> {
  const watching = watch(service);
  const startMb = memoryOf(service).peakMb;
  try {
    const result = await scenarios(service.baseUrl);
    return { result, watch: await watching.end(), startMb, peakMb: memoryOf(service).peakMb };
  } finally {
    await watching.end();
    closeConnections();
    await service.stop();
  }
}

/** Runs every scenario on a fresh database of `backend`. */
export async function runSuite(backend: Backend, size: Size): Promise<SuiteFigures> {
  const database = await createRunDatabase(backend);
  try {
    const summary = await seed(database, size.events);
    const tenants = tenantsOf(summary);
    const main = await whileServing(await serve(database), (baseUrl) =>
      mainScenarios(baseUrl, tenants, summary.users, size),
    );
    const limitedEnv = { RATE_LIMIT_MAX: String(junkRateLimit), RATE_LIMIT_WINDOW_MS: '600000' };
    const junk = await whileServing(await serve(database, limitedEnv), (baseUrl) =>
      junkTokensAgainstLimit(baseUrl, tenants, junkRateLimit, size.junkTokens),
    );
    return {
      backend,
      ...main.result,
      hostileBodies: { ...main.result.hostileBodies, peakResidentMb: main.peakMb },
      junkTokens: junk.result,
      watch: [main.watch, junk.watch],
      startResidentMb: main.startMb,
      peakResidentMb: Math.max(main.peakMb, junk.peakMb),
    };
  } finally {
    await database.remove();
  }
}

const ratio = (value: number, base: number) => (base > 0 ? value / base : Number.POSITIVE_INFINITY);

/**
 * Each criterion and whether it held. `timing`: a comparison of times, judged by the full run
 * only (the tests judge behaviour, never time).
 */
// eslint-disable-next-line max-lines-per-function -- a table: one verdict per criterion of the suite
export function verdictsOf(figures: SuiteFigures): (Verdict & { timing: boolean })[] {
  const { hostileBodies, deliveries, history, polls, guesses, junkTokens } = figures;
  const checked = guesses.statuses['401'] ?? 0;
  const verdict = (id: string, criterion: string, held: boolean, detail: string, timing = false) => ({
    id,
    criterion,
    held,
    detail,
    timing,
  });
  return [
    verdict(
      'hostile-bodies',
      'every hostile request is answered with a 4xx error body',
      hostileBodies.wrong.length === 0,
      hostileBodies.wrong.slice(0, 5).join('; ') || `${hostileBodies.requests} requests`,
    ),
    memoryVerdict(figures),
    verdict(
      'alive',
      'the service stays alive and /health answers throughout',
      figures.watch.every((seen) => seen.alive && seen.healthFailures === 0),
      figures.watch
        .map(
          (seen) => `${seen.healthFailures}/${seen.healthChecks} failed, slowest ${seen.slowestHealthMs.toFixed(0)} ms`,
        )
        .join('; '),
    ),
    verdict(
      'deliveries-kept',
      'no notification of the well-behaved tenant is lost under subscribe churn',
      deliveries.quiet.lost === 0 && deliveries.underAttack.lost === 0,
      `lost ${deliveries.quiet.lost} quiet, ${deliveries.underAttack.lost} under attack of ${deliveries.underAttack.events}`,
    ),
    verdict(
      'deliveries-timing',
      "the well-behaved tenant's delivery p99 under churn is at most twice its quiet p99",
      ratio(deliveries.underAttack.p99Ms, deliveries.quiet.p99Ms) <= 2,
      `${deliveries.underAttack.p99Ms.toFixed(0)} ms / ${deliveries.quiet.p99Ms.toFixed(0)} ms`,
      true,
    ),
    verdict(
      'history-isolated',
      "no user of another organisation, of any role, is shown or told anything of a tenant's delivery history",
      history.leaks.length === 0 && history.callers > 0,
      history.leaks.slice(0, 5).join('; ') || `${history.callers} users of roles ${history.roles.join(', ')}`,
    ),
    verdict(
      'history-own',
      'a tenant sees its own messages and replays one (attempted again); the Operator sees every subscription',
      history.ownMessages > 0 && history.ownReplay === 202 && history.replayedAttempted && history.operatorSeesTenant,
      `${history.ownMessages} messages, replay ${history.ownReplay}, attempted again: ${history.replayedAttempted}`,
    ),
    verdict(
      'history-bounded',
      "a tenant's replay loop is refused with 429 at its organisation's bound for the hour, and cursors the service did not give are 400",
      history.replayLoop.refusedWith === 429 &&
        history.replayLoop.accepted < replayBound &&
        history.cursorsNotRefused.length === 0,
      `${history.replayLoop.accepted} more replays accepted, then ${history.replayLoop.refusedWith ?? 'none refused'}; ${history.cursorsNotRefused.slice(0, 3).join('; ') || 'every crafted cursor 400'}`,
    ),
    verdict(
      'polls-answered',
      "the well-behaved tenant's polls are answered during a login flood and expensive polls",
      polls.loginFlood.polls.failed === 0 && polls.expensivePolls.polls.failed === 0,
      `failed ${polls.loginFlood.polls.failed} and ${polls.expensivePolls.polls.failed}`,
    ),
    verdict(
      'polls-flood-timing',
      'its poll p99 during a login flood is at most twice its quiet p99',
      ratio(polls.loginFlood.polls.p99Ms, polls.quiet.p99Ms) <= 2,
      `${polls.loginFlood.polls.p99Ms.toFixed(1)} ms / ${polls.quiet.p99Ms.toFixed(1)} ms`,
      true,
    ),
    verdict(
      'polls-expensive-timing',
      'its poll p99 beside expensive polls is at most twice its quiet p99',
      ratio(polls.expensivePolls.polls.p99Ms, polls.quiet.p99Ms) <= 2,
      `${polls.expensivePolls.polls.p99Ms.toFixed(1)} ms / ${polls.quiet.p99Ms.toFixed(1)} ms`,
      true,
    ),
    verdict(
      'lockout',
      `at most ${guesses.documentedChecks} of ${guesses.attempts} concurrent wrong passwords are checked`,
      checked <= guesses.documentedChecks && !guesses.statuses['200'],
      JSON.stringify(guesses.statuses),
    ),
    verdict(
      'junk-tokens',
      "junk tokens do not reset a limited caller's count",
      (junkTokens.before['429'] ?? 0) > 0 && junkTokens.after === 429,
      `after ${junkTokens.junk} junk tokens: ${junkTokens.after}`,
    ),
  ];
}
