/**
 * The worker's build-and-sign stage: the message of a claimed delivery (a confirmation as stored,
 * a notification built from its event, whose `update_id` exists only after commit), signed in the
 * pub/sub scheme, and the HTTP request of this attempt with the Standard Webhooks signatures of
 * every active key. Keys and certificate are reloaded at most every 5 seconds, so a rotation
 * reaches running workers; when reloading fails, those loaded before keep signing.
 */
import type { NotificationPayload } from '@street-events/types';
import type { Clock } from '../../shared/clock.js';
import type { Database } from '../../db/database.js';
import { textOf, type AuditEventType, type AuditObjectType } from '../../shared/enums.js';
import { activeSigningKeys, currentSigningCertificate, ensureSigningCertificate, ensureSigningKey } from './keys.js';
import { isoFromUtcText } from '../../db/array-rows.js';
import type { ClaimedDelivery } from './claimed-delivery.js';
import { deliveryRequest, notification, signedMessage, type DeliveryRequest, type PubSubSigning } from './messages.js';
import type { SignatureVersion, SigningCertificate, UnsignedMessage } from './pubsub-signature.js';
import type { SigningKey } from './signing.js';

const reloadEveryMs = 5000;

/** A value loaded from the database, loaded again when older than `reloadEveryMs`. */
class Reloaded<T> {
  private loadedAt = Date.now();

  constructor(
    private value: T,
    /** The value now; undefined keeps the one loaded before. */
    private readonly reload: () => Promise<T | undefined>,
    private readonly failed: (error: unknown) => void,
  ) {}

  async current(): Promise<T> {
    if (Date.now() - this.loadedAt > reloadEveryMs) {
      try {
        this.value = (await this.reload()) ?? this.value;
      } catch (error) {
        this.failed(error);
      }
      this.loadedAt = Date.now();
    }
    return this.value;
  }
}

/** The keys and certificate a worker signs with. */
export class SigningMaterial {
  private constructor(
    private readonly keys: Reloaded<SigningKey[]>,
    private readonly certificate: Reloaded<SigningCertificate>,
    private readonly version: SignatureVersion,
  ) {}

  /** Loads them, creating the first key and certificate if there are none yet. */
  static async load(
    db: Database,
    version: SignatureVersion,
    log: { warn(object: object, message: string): void },
  ): Promise<SigningMaterial> {
    const keys = new Reloaded(
      await ensureSigningKey(db),
      async () => {
        const loaded = await activeSigningKeys(db);
        return loaded.length > 0 ? loaded : undefined;
      },
      (error) => log.warn({ err: error }, 'reloading the signing keys failed; signing with those loaded before'),
    );
    const certificate = new Reloaded(
      await ensureSigningCertificate(db),
      () => currentSigningCertificate(db),
      (error) =>
        log.warn({ err: error }, 'reloading the signing certificate failed; signing with the one loaded before'),
    );
    return new SigningMaterial(keys, certificate, version);
  }

  /** The request of an attempt made now: the message signed, its headers signed with every active key. */
  async request(delivery: ClaimedDelivery, clock: Clock): Promise<DeliveryRequest> {
    const pubSub: PubSubSigning = { certificate: await this.certificate.current(), version: this.version };
    const message = signedMessage(messageOf(delivery), delivery.public_base_url, pubSub);
    return deliveryRequest(message, await this.keys.current(), clock());
  }
}

/** The unsigned message of a claimed delivery. */
function messageOf(delivery: ClaimedDelivery): UnsignedMessage {
  if (delivery.kind === 'confirmation') return JSON.parse(delivery.body ?? '{}') as UnsignedMessage;
  const eventType = delivery.event_type as AuditEventType;
  const objectType = delivery.object_type as AuditObjectType;
  const payload: NotificationPayload = {
    update_id: Number(delivery.update_id),
    update_date_time: delivery.update_date_time === null ? '' : isoFromUtcText(delivery.update_date_time),
    event_type: eventType,
    event_type_string: textOf('AuditEventType', eventType),
    object_type: objectType,
    object_type_string: textOf('AuditObjectTypeResponse', objectType),
    work_reference_number: delivery.work_reference_number,
    object_reference_number: delivery.object_reference_number,
    parent_object_reference_number: delivery.parent_object_reference_number,
    promoter_swa_code: delivery.promoter_swa_code,
    internal_user_identifier: delivery.internal_user_identifier,
    internal_user_name: delivery.internal_user_name,
  };
  return notification({
    messageId: delivery.message_id,
    subscriptionReferenceNumber: delivery.subscription_reference,
    payload,
    createdAt: new Date(isoFromUtcText(delivery.created_at)),
  });
}
