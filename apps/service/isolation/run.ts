/**
 * The tenant-isolation script: the full suite (isolation/suite.ts) on PGlite and on PostgreSQL,
 * each a fresh database with the sandbox and 20,000 events of history, the service as deployed
 * under its documented heap limit. Prints every figure and each criterion with whether it held,
 * writes them to isolation/results/isolation-<time>.json and .md, and exits non-zero when a
 * criterion did not hold.
 *
 *   pnpm --filter @street-events/service isolation [--database both|pglite|postgres] [--size full|short]
 *
 * PostgreSQL is the server of TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * on a database created for the run and dropped after it. The build must be current.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { assertBuilt } from '../test/support/service-process.js';
import type { Backend } from './service.js';
import { runSuite, sizes, verdictsOf, type SuiteFigures } from './suite.js';

const { values } = parseArgs({
  options: { database: { type: 'string', default: 'both' }, size: { type: 'string', default: 'full' } },
});
const backends: Backend[] = values.database === 'both' ? ['pglite', 'postgres'] : [values.database as Backend];
const size = sizes[values.size as 'full' | 'short'];
if (size === undefined) throw new Error(`--size must be full or short, not ${values.size}`);

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'none');

/** The figures of one backend as Markdown. */
function report(figures: SuiteFigures): string {
  const { deliveries, polls, hostileBodies, guesses, junkTokens } = figures;
  const lines = [
    `### ${figures.backend}`,
    '',
    '| measurement | quiet | under attack |',
    '| --- | --- | --- |',
    `| well-behaved tenant's delivery p50 / p99 (subscribe churn to a tarpit, ${deliveries.subscribeCalls} calls) | ${ms(deliveries.quiet.p50Ms)} / ${ms(deliveries.quiet.p99Ms)} | ${ms(deliveries.underAttack.p50Ms)} / ${ms(deliveries.underAttack.p99Ms)} |`,
    `| its notifications delivered / lost | ${deliveries.quiet.delivered} / ${deliveries.quiet.lost} | ${deliveries.underAttack.delivered} / ${deliveries.underAttack.lost} |`,
    `| its poll p50 / p99, login flood (${polls.loginFlood.logins} logins: ${JSON.stringify(polls.loginFlood.loginStatuses)}) | ${ms(polls.quiet.p50Ms)} / ${ms(polls.quiet.p99Ms)} | ${ms(polls.loginFlood.polls.p50Ms)} / ${ms(polls.loginFlood.polls.p99Ms)} |`,
    `| its poll p50 / p99, expensive polls (${polls.expensivePolls.hostilePolls}: ${JSON.stringify(polls.expensivePolls.hostileStatuses)}) | ${ms(polls.quiet.p50Ms)} / ${ms(polls.quiet.p99Ms)} | ${ms(polls.expensivePolls.polls.p50Ms)} / ${ms(polls.expensivePolls.polls.p99Ms)} |`,
    '',
    `- Hostile bodies: ${hostileBodies.requests} requests, by status ${JSON.stringify(hostileBodies.byStatus)}; peak resident ${hostileBodies.peakResidentMb.toFixed(0)} MB.`,
    `- ${guesses.attempts} concurrent wrong passwords: ${JSON.stringify(guesses.statuses)} (documented checks per lockout: ${guesses.documentedChecks}).`,
    `- Delivery history: ${figures.history.callers} users of other organisations (${figures.history.roles.join(', ')}), ${figures.history.leaks.length} leaks; the tenant's replay ${figures.history.ownReplay}.`,
    `- Junk tokens: ${junkTokens.junk} sent (${JSON.stringify(junkTokens.junkStatuses)}); the limited caller before ${JSON.stringify(junkTokens.before)}, after ${junkTokens.after}.`,
    `- /health: ${figures.watch.map((seen) => `${seen.healthFailures} of ${seen.healthChecks} failed, slowest ${seen.slowestHealthMs.toFixed(0)} ms`).join('; ')}.`,
    '',
    '| criterion | held | detail |',
    '| --- | --- | --- |',
    ...verdictsOf(figures).map(
      (verdict) =>
        `| ${verdict.criterion} | ${verdict.held ? 'yes' : '**no**'} | ${verdict.detail.replaceAll('|', '\\|')} |`,
    ),
  ];
  return lines.join('\n');
}

assertBuilt();
const results: SuiteFigures[] = [];
for (const backend of backends) {
  console.error(`isolation suite (${values.size}) on ${backend}…`);
  const figures = await runSuite(backend, size);
  results.push(figures);
  console.log(`${report(figures)}\n`);
}
const stamp = new Date()
  .toISOString()
  .replace(/:\d\d\.\d+Z$/, '')
  .replaceAll(':', '');
const directory = new URL('./results/', import.meta.url);
mkdirSync(directory, { recursive: true });
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`;
writeFileSync(
  new URL(`isolation-${stamp}.json`, directory),
  `${JSON.stringify({ size: values.size, machine, results }, null, 2)}\n`,
);
writeFileSync(
  new URL(`isolation-${stamp}.md`, directory),
  `# Tenant isolation, ${values.size} run, ${stamp}\n\n${machine}\n\n${results.map(report).join('\n\n')}\n`,
);
const failed = results.flatMap(verdictsOf).filter((verdict) => !verdict.held);
console.log(failed.length === 0 ? 'every criterion held' : `${failed.length} criteria did not hold`);
process.exitCode = failed.length === 0 ? 0 : 1;
