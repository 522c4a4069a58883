/**
 * `street-events trigger`: an event of any kind for an organisation, brought about by a running
 * service (`POST /internal/trigger`), and the events it took, printed.
 */
import { enumerations } from '@street-events/types';
import { Command, InvalidArgumentError } from 'commander';
import type { AuditEventType } from '../shared/enums.js';
import type { components, operations } from '@street-events/types/operator';
import { jsonOrText, nameValue, print } from './support.js';
import { addOperatorApiOptions, operatorApiOf, type OperatorApiOptions } from './operator-api.js';

type RecordedEvent = components['schemas']['InternalRecordedEvent'];
type Triggered = operations['triggerEvent']['responses'][201]['content']['application/json'];

interface TriggerOptions extends OperatorApiOptions {
  org: string;
  work?: string;
  set?: Record<string, unknown>;
  json?: boolean;
}

function eventKind(value: string): AuditEventType {
  const kinds: readonly string[] = enumerations.AuditEventType.values;
  if (!kinds.includes(value)) throw new InvalidArgumentError('not a kind of event of the interface (AuditEventType)');
  return value as AuditEventType;
}

export function addTriggerCommand(program: Command): void {
  const command = program
    .command('trigger')
    .description(
      'bring about an event of any kind for an organisation through a running service, after what it needs (a work, a permit assessed, …), and print the events recorded',
    )
    .argument('<event_type>', 'a kind of event of the interface, e.g. permit_granted or fpn_paid', eventKind)
    .requiredOption('--org <organisation>', 'the promoter, highway authority or contractor: its name or swa_code')
    .option('--work <reference>', 'a work the organisation takes part in, to act on (by default a new one)')
    .option(
      '--set <name=value>',
      'a field value of the permit it submits, e.g. work_category=minor (repeatable; JSON when it parses as JSON, else text)',
      nameValue(jsonOrText),
    )
    .option('--json', 'print JSON');
  addOperatorApiOptions(command).action(
    async (eventType: AuditEventType, options: Omit<TriggerOptions, 'dataDir'>, triggering: Command) => {
      const api = await operatorApiOf({
        ...options,
        dataDir: triggering.optsWithGlobals<{ dataDir: string }>().dataDir,
      });
      const answer = await api.expect<Triggered>('POST', '/trigger', {
        event_type: eventType,
        organisation: options.org,
        ...(options.work === undefined ? {} : { work_reference_number: options.work }),
        ...(options.set === undefined ? {} : { values: options.set }),
      });
      print<RecordedEvent>(answer.events, options.json);
    },
  );
}
