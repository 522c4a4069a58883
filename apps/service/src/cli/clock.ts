/**
 * `street-events clock`: the sandbox's clock, through a running sandbox's operator API — `show`
 * it, `advance` it (and see what the time passed brought: permits deemed, quarters ended,
 * subscriptions removed), `reset` it to the wall clock.
 */
import type { Command } from 'commander';
import type { components } from '@street-events/types/operator';
import { printLine } from './output.js';
import { print } from './support.js';
import { addOperatorApiOptions, operatorApiOf, type OperatorApi, type OperatorApiOptions } from './operator-api.js';

type Schemas = components['schemas'];
type Reading = Schemas['InternalSandboxClock'];

/** `49h ahead of the wall clock`, `on the wall clock`. */
function ahead(seconds: number): string {
  if (seconds === 0) return 'on the wall clock';
  const units: [number, string][] = [
    [86_400, 'd'],
    [3600, 'h'],
    [60, 'm'],
    [1, 's'],
  ];
  let left = Math.round(seconds);
  const parts = units.flatMap(([size, unit]) => {
    const whole = Math.floor(left / size);
    left -= whole * size;
    return whole > 0 ? [`${whole}${unit}`] : [];
  });
  return `${parts.join(' ')} ahead of the wall clock`;
}

const describe = (clock: Reading) => `Sandbox time ${clock.now} (${ahead(clock.offset_seconds)}).`;

/** Runs `act` against the operator API that the command's options name; prints the answer as JSON or by `show`. */
function clockAction<Answer>(
  act: (api: OperatorApi, argument: string) => Promise<Answer>,
  show: (answer: Answer) => void,
) {
  return async (...args: unknown[]) => {
    const command = args.at(-1) as Command;
    const options = command.optsWithGlobals<OperatorApiOptions & { json?: boolean }>();
    const answer = await act(await operatorApiOf(options), String(args[0]));
    if (options.json) printLine(JSON.stringify(answer, null, 2));
    else show(answer);
  };
}

function showAdvanced(answer: Schemas['InternalClockAdvanced']): void {
  printLine(describe(answer.clock));
  if (answer.events.length > 0) {
    printLine('\nWhat the time passed brought:');
    print(answer.events, false);
  }
  for (const reference of answer.subscriptions_removed)
    printLine(`\nSubscription ${reference} removed: not confirmed within 48 hours.`);
}

export function addClockCommands(program: Command): void {
  const clock = program
    .command('clock')
    .description("show, move forward or reset the sandbox's clock, through a running sandbox");
  const subcommand = (name: string, description: string) =>
    addOperatorApiOptions(clock.command(name).description(description).option('--json', 'print JSON'));
  subcommand('show', "the sandbox's time, and how far ahead of the wall clock it runs").action(
    clockAction(
      (api) => api.expect<Reading>('GET', '/sandbox/clock'),
      (answer) => printLine(describe(answer)),
    ),
  );
  subcommand(
    'advance',
    'move the clock forward, e.g. 49h or 8d: the deadlines it passes are applied, the deliveries due sent',
  )
    .argument('<duration>', 'a whole number and a unit: s, m, h, d or w')
    .action(
      clockAction(
        (api, by) => api.expect<Schemas['InternalClockAdvanced']>('POST', '/sandbox/clock/advance', { by }),
        showAdvanced,
      ),
    );
  subcommand('reset', 'put the clock back on the wall clock (what waits on it is brought back by as much)').action(
    clockAction(
      (api) => api.expect<Reading>('POST', '/sandbox/clock/reset'),
      (answer) => printLine(describe(answer)),
    ),
  );
}
