/**
 * The notification commands of `street-events`: the delivery worker, the signing keys and the
 * dead letters.
 */
import { Command, InvalidArgumentError } from 'commander';
import { pino } from 'pino';
import type { Database, DatabaseHandle } from '../db/database.js';
import { configFromEnv } from '../config.js';
import { workerSettingsOf } from './config.js';
import { listDeadLetters, replayDeadLetters } from '../deliveries/dead-letters.js';
import { ensureSigningKey, listSigningKeys, retireSigningKey, rotateSigningKey } from './keys.js';
import { startWorker } from '../deliveries/worker.js';

type WithDatabase = (command: Command, work: (db: Database, handle: DatabaseHandle) => Promise<void>) => Promise<void>;
type Print = (rows: object[], json: boolean | undefined) => void;

function isoTime(value: string): Date {
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw new InvalidArgumentError('expected an ISO 8601 time such as 2026-11-20T09:00:00Z');
  }
  return date;
}

export function addNotificationCommands(program: Command, withDatabase: WithDatabase, print: Print): void {
  program
    .command('worker')
    .description('deliver notifications until interrupted (several workers may share one PostgreSQL database)')
    .action((_options, command: Command) =>
      withDatabase(command, async (db, handle) => {
        const config = configFromEnv();
        const worker = await startWorker({
          ...workerSettingsOf(config.notifications),
          db,
          listen: handle.listen,
          log: pino({ level: config.logLevel }),
        });
        console.error('delivery worker running; Ctrl-C to stop');
        await new Promise<void>((stop) => {
          process.once('SIGINT', () => stop());
          process.once('SIGTERM', () => stop());
        });
        await worker.stop();
        console.error('delivery worker stopped');
      }),
    );

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
        console.log(await rotateSigningKey(db));
        console.error(
          'signing key added; retire the old one with "keys retire <kid>" once receivers have fetched the new key set',
        );
      }),
    );
  keys
    .command('retire')
    .description('retire a signing key: it stops signing and is no longer published')
    .argument('<kid>', 'the key id, as listed')
    .action((kid: string, _options, command: Command) =>
      withDatabase(command, async (db) => {
        await retireSigningKey(db, kid);
        console.error(`signing key ${kid} retired`);
      }),
    );

  const deliveries = program.command('deliveries').description('notification deliveries');
  deliveries
    .command('dead')
    .description('list dead letters: messages whose every attempt failed')
    .option('--subscription <reference>', 'only those of this subscription')
    .option('--json', 'print JSON')
    .action((options: { subscription?: string; json?: boolean }, command: Command) =>
      withDatabase(command, async (db) => {
        const letters = await listDeadLetters(db, options);
        print(letters, options.json);
        if (letters.length === 0 && !options.json) {
          console.error(`no dead letters${options.subscription ? ` for subscription ${options.subscription}` : ''}`);
        }
      }),
    );
  deliveries
    .command('replay')
    .description("queue dead letters again (same webhook-id): one by message id, or a subscription's since a time")
    .argument('[message-id]', 'the MessageId (webhook-id) of one dead letter')
    .option('--subscription <reference>', "replay this subscription's dead letters (with --since)")
    .option('--since <time>', 'ISO 8601 time: dead letters created at or after it', isoTime)
    .action((messageId: string | undefined, options: { subscription?: string; since?: Date }, command: Command) => {
      const bySubscription = options.subscription !== undefined && options.since !== undefined;
      if ((messageId === undefined) === !bySubscription) {
        command.error('error: give either a message id, or --subscription and --since');
      }
      return withDatabase(command, async (db) => {
        const replayed = await replayDeadLetters(
          db,
          messageId !== undefined ? { messageId } : { subscription: options.subscription!, since: options.since! },
        );
        console.error(`${replayed} message(s) queued again`);
      });
    });
}
