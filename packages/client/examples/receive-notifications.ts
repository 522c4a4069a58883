// Receives push notifications on a node:http server: checks each message's signature with the
// service's published keys, confirms the subscription, handles each message once, and answers
// so that the service delivers again whatever could not be handled.
// It takes the notifications of the subscriptions it confirmed, and of those listed in SUBSCRIPTIONS
// (comma-separated references, as subscribe answered them: for a receiver started again).
//
// The sandbox builds its confirmation links on its HTTPS address, so the receiver follows them
// there, trusting the certificate authority the sandbox prints when it starts:
//   NODE_EXTRA_CA_CERTS=<the sandbox's ca.pem> EVENTS_BASE_URL=https://localhost:8443/v7/event PORT=3000 npx tsx examples/receive-notifications.ts
// then subscribe the endpoint: POST /api-notifications/subscribe { "api_endpoint": "http://…:3000/street-works" }
import { createServer, type Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import { createWebhookReceiver, toNodeHandler, type NotificationPayload } from '@street-events/client';

export function receiveNotificationsExample(options: {
  /** The service's base URL: its keys are fetched from there, and only its SubscribeURLs are followed. */
  serviceUrl: string;
  onEvent: (payload: NotificationPayload) => void | Promise<void>;
  /** The subscriptions whose notifications are taken besides those this receiver confirms: the references `subscribe` answered. */
  subscriptions?: string[];
}): Server {
  const receiver = createWebhookReceiver({
    serviceUrl: options.serviceUrl,
    onSubscriptionConfirmation: (message) => console.log(`subscription ${message.TopicArn} confirmed`),
    // Notifications of other subscriptions are refused (403): a genuine message may be another's.
    subscriptions: options.subscriptions,
    // Say why a delivery was refused here, not only to the service (which tries it again later).
    onRefused: ({ status, reason }) => console.error(`refused a delivery with ${status}: ${reason}`),
    // Throwing here answers 500: the service delivers the message again later.
    onNotification: async ({ id, payload }) => {
      console.log(`${id}: ${payload.event_type} on ${payload.work_reference_number ?? 'the organisation'}`);
      await options.onEvent(payload);
    },
  });
  const handle = toNodeHandler(receiver);
  // node:http does nothing with a listener's promise; the handler answers every failure itself.
  return createServer((req, res) => void handle(req, res));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = receiveNotificationsExample({
    serviceUrl: process.env.EVENTS_BASE_URL ?? 'https://localhost:8443/v7/event',
    onEvent: () => {},
    // After a restart: the subscription confirmed before, as `subscribe` answered it.
    subscriptions: process.env.SUBSCRIPTIONS?.split(','),
  });
  server.listen(Number(process.env.PORT ?? 3000));
}
