/**
 * `street-events verify-receiver URL`: the receiver check through a running service's operator API
 * (`POST /internal/receiver-checks`), printed as a scorecard (or its JSON), ending with exit code 1
 * when a check failed, so that a CI job can run it against a receiver it has started.
 */
import { Option, type Command } from 'commander';
import type { components } from '@street-events/types/operator';
import { operatorValuesOf } from '../shared/enums.js';
import { printLine } from './output.js';
import { addOperatorApiOptions, operatorApiOf, type OperatorApiOptions } from './operator-api.js';

type Scorecard = components['schemas']['InternalReceiverScorecard'];

interface VerifyOptions extends OperatorApiOptions {
  style?: Scorecard['style'];
  subscription?: string;
  serviceUrl?: string;
  json?: boolean;
}

function showScorecard(scorecard: Scorecard): void {
  printLine(`Receiver check of ${scorecard.endpoint}`);
  printLine(`  style ${scorecard.style}, TopicArn ${scorecard.topic_arn}, links on ${scorecard.service_url}\n`);
  const width = Math.max(...scorecard.checks.map(({ check }) => check.length));
  for (const check of scorecard.checks) {
    printLine(`  ${check.passed ? 'pass' : 'FAIL'}  ${check.check.padEnd(width)}  ${check.observed}`);
    if (!check.passed) {
      printLine(`        ${' '.repeat(width)}  expected: ${check.expected}`);
      printLine(`        ${' '.repeat(width)}  see ${check.docs}`);
    }
  }
  const passed = scorecard.checks.filter((check) => check.passed).length;
  printLine(`\n${passed} of ${scorecard.checks.length} checks passed.`);
}

async function verifyReceiver(endpoint: string, options: VerifyOptions): Promise<void> {
  const scorecard = await (
    await operatorApiOf(options)
  ).expect<Scorecard>('POST', '/receiver-checks', {
    endpoint,
    style: options.style,
    subscription_reference_number: options.subscription,
    service_url: options.serviceUrl,
  });
  if (options.json) printLine(JSON.stringify(scorecard, null, 2));
  else showScorecard(scorecard);
  const failed = scorecard.checks.filter((check) => !check.passed).length;
  if (failed > 0) throw new Error(`${failed} of ${scorecard.checks.length} checks failed`);
}

export function addVerifyReceiverCommand(program: Command): void {
  addOperatorApiOptions(
    program
      .command('verify-receiver')
      .description(
        "check a webhook receiver against the interface's notifications: handshake, signatures, repeats, unknown kinds, bad bodies; exit code 1 when a check fails",
      )
      .argument('<url>', "the receiver's endpoint, as it would be subscribed")
      .addOption(
        new Option('--style <style>', 'send as this service does, or as the real system (no Standard Webhooks headers)')
          .choices(operatorValuesOf('ReceiverCheckStyle'))
          .default('service'),
      )
      .option(
        '--subscription <reference>',
        "a subscription of the token's organisation, whose TopicArn the receiver expects (default: a new one)",
      )
      .option(
        '--service-url <url>',
        "the service's own base URL as the receiver reaches it, e.g. under another loopback name (default: the service's public base URL)",
      )
      .option('--json', 'print the scorecard as JSON'),
  ).action(async (endpoint: string, _options: unknown, command: Command) =>
    verifyReceiver(endpoint, command.optsWithGlobals<VerifyOptions>()),
  );
}
