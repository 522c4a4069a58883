export { createEventsClient, type EventsClientOptions } from './create-events-client.js';
export type { EventsClient, EventsMethod, EventsRequestInit, EventsResponse, OperationOf } from './events-client.js';
export { API_VERSION, DEFAULT_BASE_URL } from './generated/api-version.js';

// Resilience: retries, time-outs and errors.
export {
  isRetryable,
  retryDefaults,
  withRetries,
  type Fetch,
  type ResilienceOptions,
  type RetryEvent,
  type RetryOptions,
} from './retry.js';
export {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  errorFromResponse,
  EventsApiError,
  NotFoundError,
  parseRetryAfter,
  PermissionError,
  RateLimitError,
  RequestTimeoutError,
  ServerError,
  UntrustedCertificateError,
  type EventsErrorKind,
} from './errors.js';
export { unwrap } from './unwrap.js';

// Polling and permit search.
export {
  pollUpdateRows,
  pollUpdates,
  type PollUpdatesOptions,
  type UpdateFilters,
  type UpdatesPage,
} from './poll-updates.js';
export { collectPermits, maxReferencesPerSearch, searchPermits, type SearchPermitsOptions } from './search-permits.js';

// Reconciling push notifications with polling.
export {
  createReconciler,
  memoryCursorStore,
  type CursorStore,
  type Reconciler,
  type ReconcilerBackoff,
  type ReconcilerOptions,
  type ReconcilerStatus,
  type UpdateCursor,
  type UpdateHint,
} from './reconciler.js';

// Receiving push notifications.
export {
  createWebhookReceiver,
  subscriptionReferenceOf,
  type ReceivedNotification,
  type UnsubscribeConfirmationMessage,
  type WebhookReceiver,
  type WebhookReceiverOptions,
} from './webhooks/receiver.js';
export {
  toNodeHandler,
  type NodeHandlerOptions,
  type NodeIncomingRequest,
  type NodeServerResponse,
} from './webhooks/node-handler.js';
export {
  verifyWebhookSignature,
  type SignatureCheck,
  type SignatureFailure,
  type VerifyWebhookOptions,
  type WebhookKeySet,
  type WebhookPublicKey,
} from './webhooks/verify-signature.js';
export {
  fetchedWebhookKeys,
  staticWebhookKeys,
  type FetchedWebhookKeysOptions,
  type WebhookKeyProvider,
} from './webhooks/webhook-keys.js';
export { confirmSubscription, isServiceUrl, type ConfirmSubscriptionOptions } from './webhooks/confirm-subscription.js';
export { memorySeenMessages, type SeenMessages } from './webhooks/seen-messages.js';
export { memoryKnownSubscriptions, type KnownSubscriptions } from './webhooks/known-subscriptions.js';

/** The types of the latest version (`paths`, `components`, `ErrorResponse`, `WorkUpdateSummary`, …). */
export type * from '@street-events/types';
