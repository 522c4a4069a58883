/** What a scenario's step recorded, printed for people: a line saying what happened, then its events or messages. */
import { printLine } from './output.js';
import { print } from './support.js';
import type { StepRecord } from './scenario-play.js';

/** The line that says what the step did. */
function headline(record: StepRecord): string {
  switch (record.kind) {
    case 'trigger': {
      const work = record.work_reference_number === null ? 'no work' : `work ${record.work_reference_number}`;
      return `trigger ${record.event_type} for ${record.organisation}: ${work}${record.as ? ` (as ${record.as})` : ''}`;
    }
    case 'clock':
      return `clock advanced ${record.advanced}: sandbox time ${record.now}`;
    case 'subscribe':
      return `subscribed ${record.organisation} at ${record.api_endpoint}: subscription ${record.subscription_reference_number}, ${record.status}`;
    case 'wait':
      return 'waited' in record
        ? `waited ${record.waited}`
        : `deliveries to ${record.settled}'s subscription ${record.subscription_reference_number} settled`;
  }
}

/** Prints the step's record, then a blank line. */
export function printStep(record: StepRecord): void {
  printLine(`${record.step}. ${headline(record)}`);
  if ('events' in record) print(record.events, false);
  if ('messages' in record) print(record.messages, false);
  if (record.kind === 'clock') {
    for (const reference of record.subscriptions_removed)
      printLine(`subscription ${reference} removed: not confirmed within 48 hours`);
  }
  printLine('');
}
