/**
 * The notification commands of `street-events`: the delivery worker, the signing keys and the
 * dead letters.
 */
import { Command, InvalidArgumentError } from 'commander';
import { pino } from 'pino';
import { logDestination, startDeliveryWorker } from '../server.js';
import { parameterConstraints } from '@street-events/types/operator';
import {
  listDeadLetters,
  replayDeadLetters,
  replayMessage,
  type DeadLetter,
} from '../deliveries/queue/dead-letters.js';
import { ensureSigningKey, listSigningKeys, retireSigningKey, rotateSigningKey } from '../deliveries/messages/keys.js';
import { printLine, printNote } from './output.js';
import { config, print, runUntilSignal, withDatabase } from './support.js';
import type { Database } from '../db/database.js';

/** Dead letters read at once, the most a page of the operator API holds. */
const deadLetterPage = parameterConstraints.listDeadLetters.limit.maximum;

function isoTime(value: string): Date {
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw new InvalidArgumentError('expected an ISO 8601 time such as 2026-11-20T09:00:00Z');
  }
  return date;
}

export function addNotificationCommands(program: Command): void {
  addWorkerCommand(program);
  addKeyCommands(program);
  addDeliveryCommands(program);
}

function addWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description('deliver notifications until interrupted (several workers may share one PostgreSQL database)')
    .action((_options, command: Command) =>
      runUntilSignal(command, async (db, handle) => {
        const settings = config();
        const { stream } = logDestination(settings);
        const worker = await startDeliveryWorker(
          handle,
          settings.notifications,
          pino({ level: settings.logLevel }, stream),
        );
        printNote('delivery worker running; Ctrl-C to stop');
        return async () => {
          await worker.stop();
          printNote('delivery worker stopped');
        };
      }),
    );
}

function addKeyCommands(program: Command): void {
  const keys = program
    .command('keys')
    .description('webhook signing keys (public keys at GET /.well-known/webhook-keys)');
  keys
    .command('list')
    .description('list the signing keys; those not retired sign every message')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }, command: Command) =>
      withDatabase(command, async (db) => print(await listSigningKeys(db), options.json)),
    );
  keys
    .command('rotate')
    .description('add a new signing key; every active key signs, so retire the old one once receivers have the new set')
    .action((_options, command: Command) =>
      withDatabase(command, async (db) => {
        await ensureSigningKey(db);
        printLine(await rotateSigningKey(db));
        printNote(
          'signing key added; retire the old one with "keys retire <kid>" once receivers have fetched the new key set',
        );
      }),
    );
  keys
    .command('retire')
    .description('retire a signing key: it stops signing and is no longer published')
    .argument('<kid>', 'the key id, as listed')
    // A key id is a base64url thumbprint and may begin with "-": take it as the id, not an option.
    .allowUnknownOption()
    .action((kid: string, _options, command: Command) =>
      withDatabase(command, async (db) => {
        await retireSigningKey(db, kid);
        printNote(`signing key ${kid} retired`);
      }),
    );
}

/** Every dead letter (of one subscription if named), a page at a time. */
async function allDeadLetters(db: Database, subscription: string | undefined): Promise<DeadLetter[]> {
  const letters: DeadLetter[] = [];
  let after: string | undefined;
  do {
    const page = await listDeadLetters(db, { subscription, limit: deadLetterPage, after });
    letters.push(...page.letters);
    after = page.nextCursor ?? undefined;
  } while (after !== undefined);
  return letters;
}

function addDeliveryCommands(program: Command): void {
  const deliveries = program.command('deliveries').description('notification deliveries');
  deliveries
    .command('dead')
    .description('list dead letters: messages whose every attempt failed')
    .option('--subscription <reference>', 'only those of this subscription')
    .option('--json', 'print JSON')
    .action((options: { subscription?: string; json?: boolean }, command: Command) =>
      withDatabase(command, async (db) => {
        const letters = await allDeadLetters(db, options.subscription);
        print(letters, options.json);
        if (letters.length === 0 && !options.json) {
          printNote(`no dead letters${options.subscription ? ` for subscription ${options.subscription}` : ''}`);
        }
      }),
    );
  deliveries
    .command('replay')
    .description(
      "queue messages again (same webhook-id): one by message id, dead or delivered (while the message log holds it), or a subscription's dead letters since a time",
    )
    .argument('[message-id]', 'the MessageId (webhook-id) of one message')
    .option('--subscription <reference>', "replay this subscription's dead letters (with --since)")
    .option('--since <time>', 'ISO 8601 time: dead letters created at or after it', isoTime)
    .action((messageId: string | undefined, options: { subscription?: string; since?: Date }, command: Command) => {
      const bySubscription = options.subscription !== undefined && options.since !== undefined;
      if ((messageId === undefined) === !bySubscription) {
        command.error('error: give either a message id, or --subscription and --since');
      }
      return withDatabase(command, async (db) => {
        const replayed =
          messageId !== undefined
            ? await replayMessage(db, messageId).then(() => 1)
            : await replayDeadLetters(db, { subscription: options.subscription!, since: options.since! });
        printNote(`${replayed} message(s) queued again`);
      });
    });
}
