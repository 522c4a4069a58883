/** `street-events trigger`: an event of any kind for an organisation, and the events it took, printed. */
import { enumerations } from '@street-events/types';
import { Command, InvalidArgumentError } from 'commander';
import type { Database, DatabaseHandle } from '../db/database.js';
import type { AuditEventType } from '../enums.js';
import { recordedEvents, type RecordedEvent } from '../events/recorded-events.js';
import { triggerEvent } from '../trigger/trigger.js';
import type { PrintableRow } from './notification-commands.js';

/** What the command line lends the command (cli.ts). */
interface CommandSupport {
  withDatabase: (command: Command, work: (db: Database, handle: DatabaseHandle) => Promise<void>) => Promise<void>;
  print: <Row extends PrintableRow<Row>>(rows: Row[], json: boolean | undefined) => void;
}

function eventKind(value: string): AuditEventType {
  const kinds: readonly string[] = enumerations.AuditEventType.values;
  if (!kinds.includes(value)) throw new InvalidArgumentError('not a kind of event of the interface (AuditEventType)');
  return value as AuditEventType;
}

export function addTriggerCommand(program: Command, { withDatabase, print }: CommandSupport): void {
  program
    .command('trigger')
    .description(
      'bring about an event of any kind for an organisation, after what it needs (a work, a permit assessed, …), and print the events recorded',
    )
    .argument('<event_type>', 'a kind of event of the interface, e.g. permit_granted or fpn_paid', eventKind)
    .requiredOption('--org <organisation>', 'the promoter, highway authority or contractor: its name or swa_code')
    .option('--work <reference>', 'a work the organisation takes part in, to act on (by default a new one)')
    .option('--json', 'print JSON')
    .action((eventType: AuditEventType, options: { org: string; work?: string; json?: boolean }, command: Command) =>
      withDatabase(command, async (db) => {
        const eventIds: number[] = [];
        await triggerEvent(
          db,
          { eventType, organisation: options.org, workReferenceNumber: options.work },
          { onRecorded: (ids) => eventIds.push(...ids) },
        );
        print<RecordedEvent>(await recordedEvents(db, eventIds), options.json);
      }),
    );
}
