/**
 * `street-events chaos status`: through a running sandbox's operator API, its chaos profile and,
 * per organisation, what was sent (notifications dropped, duplicated, delayed) against where its
 * polling has reached, and whether it has caught up.
 */
import type { Command } from 'commander';
import type { components } from '@street-events/types/operator';
import type { ChaosProfile } from '../sandbox/chaos/presets.js';
import { percent, printLine } from './output.js';
import { print } from './support.js';
import { addOperatorApiOptions, operatorApiOf, type OperatorApiOptions } from './operator-api.js';

type Status = components['schemas']['InternalChaosStatus'];

function showStatus(status: Status): void {
  // The service answers the profile with the document's defaults filled in.
  const profile = status.profile as ChaosProfile;
  printLine(
    `Chaos profile ${status.preset ?? '(from a file)'}, seed ${status.seed}: notifications ` +
      `${percent(profile.drop_rate)} dropped, ${percent(profile.duplicate_rate)} duplicated, ` +
      `${percent(profile.delay_rate)} delayed up to ${profile.max_delay_ms} ms; polls and searches ` +
      `${percent(profile.unavailable_rate)} 503, ${percent(profile.throttled_rate)} 429; ` +
      `polling ${profile.visibility_lag_ms} ms behind.`,
  );
  if (status.organisations.length === 0) {
    printLine('No organisation has been sent a notification or polled yet.');
    return;
  }
  print(
    status.organisations.map((organisation) => ({
      organisation: organisation.organisation,
      created: organisation.created,
      sent: organisation.sent,
      dropped: organisation.dropped,
      duplicated: organisation.duplicated,
      delayed: organisation.delayed,
      poller_position: organisation.poller_position,
      head: organisation.head,
      caught_up: organisation.caught_up,
    })),
    false,
  );
}

export function addChaosCommands(program: Command): void {
  const chaos = program
    .command('chaos')
    .description("the sandbox's chaos profile (serve --sandbox --chaos), through a running sandbox");
  addOperatorApiOptions(
    chaos
      .command('status')
      .description('the profile, and per organisation what was sent against where its polling has reached')
      .option('--json', 'print JSON'),
  ).action(async (...args: unknown[]) => {
    const command = args.at(-1) as Command;
    const options = command.optsWithGlobals<OperatorApiOptions & { json?: boolean }>();
    const status = await (await operatorApiOf(options)).expect<Status>('GET', '/sandbox/chaos');
    if (options.json) printLine(JSON.stringify(status, null, 2));
    else showStatus(status);
  });
}
