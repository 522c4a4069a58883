/**
 * A delivery as the worker claims it (deliveries/queue/claim.ts), with what its message needs: the stored
 * confirmation, or the event a notification carries.
 */
import type { DeliveryKind } from '@street-events/types/operator';
import type { NotificationPayload } from '@street-events/types';
import type { AuditEventType, AuditObjectType } from '../../shared/enums.js';

/**
 * The event a notification carries, as the claim reads it from the event's row: the fields of the
 * document's `NotificationPayload` but the text forms (made when the message is built), each null
 * for a confirmation; `update_date_time` in UTC text (`array-rows.ts`).
 */
export type NotifiedEvent = { [Field in keyof EventColumns]: EventColumns[Field] | null };

/** The payload's fields as the event's row holds them: the kinds the service records, no text forms. */
type EventColumns = Omit<NotificationPayload, `${string}_string` | 'event_type' | 'object_type'> & {
  event_type: AuditEventType;
  object_type: AuditObjectType;
};

/** A claimed delivery with what its message needs: the stored confirmation, or the event notified. */
export interface ClaimedDelivery extends NotifiedEvent {
  id: string | number;
  subscription_id: number;
  subscription_reference: string;
  public_base_url: string;
  api_endpoint: string;
  /** The endpoint's scheme and authority, lower case: the key of the per-origin cap. */
  endpoint_origin: string;
  /** Whether the subscription's endpoint is failing (deliveries/queue/failing.ts). */
  failing: boolean;
  message_id: string;
  kind: DeliveryKind;
  /** The queue it is in (see deliveries/queue/outbox.ts). */
  ordering_key: string;
  body: string | null;
  /** Attempts made before this one. */
  attempts: number;
  /** When it was due, before this claim (UTC text, `array-rows.ts`). */
  due_at: string;
  /** UTC text (`array-rows.ts`). */
  created_at: string;
  audit_event_id: number | string | null;
}
