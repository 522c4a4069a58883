/**
 * `street-events scenario`: `run` plays a scenario file (YAML or JSON: triggers, clock moves,
 * waits, subscriptions) against a running sandbox and prints what each step recorded; `schema`
 * prints the JSON Schema of scenario files (scenario-schema.ts).
 */
import type { Command } from 'commander';
import { addOperatorApiOptions, operatorApiOf, type OperatorApiOptions } from './operator-api.js';
import { playScenario } from './scenario-play.js';
import { printStep } from './scenario-report.js';
import { readScenario } from './scenario-file.js';
import { scenarioSchema } from './scenario-schema.js';
import { printLine } from './output.js';
import { nameValue } from './support.js';

interface RunOptions extends OperatorApiOptions {
  var?: Record<string, string>;
  json?: boolean;
}

async function run(file: string, _options: unknown, command: Command): Promise<void> {
  const options = command.optsWithGlobals<RunOptions>();
  const scenario = await readScenario(file, options.var);
  const records = await playScenario(await operatorApiOf(options), scenario, options.json ? undefined : printStep);
  if (options.json) printLine(JSON.stringify(records, null, 2));
}

export function addScenarioCommands(program: Command): void {
  const scenario = program
    .command('scenario')
    .description('play a scenario file against a running sandbox, or print the schema of scenario files');
  addOperatorApiOptions(
    scenario
      .command('run')
      .description(
        'check a scenario file against the schema, play its steps in order through the sandbox, and print what each recorded',
      )
      .argument('<file>', 'the scenario, YAML or JSON')
      .option(
        '--var <name=value>',
        'a value of a variable the scenario uses as ${name} (repeatable)',
        nameValue((text) => text),
      )
      .option('--json', 'print JSON'),
  ).action(run);
  scenario
    .command('schema')
    .description('print the JSON Schema of scenario files')
    .action(() => printLine(JSON.stringify(scenarioSchema(), null, 2)));
}
