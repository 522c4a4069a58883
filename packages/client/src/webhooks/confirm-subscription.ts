import type { SubscriptionConfirmationMessage } from '@street-events/types';
import { explainingCertificateFailures } from '../errors.js';

/**
 * Whether `url` is on the service at `serviceUrl`: the same origin (scheme, host and port) and
 * a path under the service's base path. The service's `SubscribeURL` is
 * `{base_url}/api-notifications/confirm?token=…`.
 */
export function isServiceUrl(url: string, serviceUrl: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  const service = new URL(serviceUrl);
  const basePath = service.pathname.replace(/\/+$/, '');
  return (
    target.origin === service.origin &&
    target.pathname.startsWith(`${basePath}/`) &&
    !target.username &&
    !target.password
  );
}

export interface ConfirmSubscriptionOptions {
  /** The service's base URL, with its version prefix (`https://events.example/v7/event`). */
  serviceUrl: string;
  fetch?: (request: Request) => Promise<Response>;
  signal?: AbortSignal;
}

/**
 * Confirms a subscription by a GET of the message's `SubscribeURL`, after checking that the URL
 * is on the configured service (so a message cannot make the receiver call anywhere else).
 * Throws when it is not, or when the service does not answer 2xx.
 */
export async function confirmSubscription(
  message: SubscriptionConfirmationMessage,
  options: ConfirmSubscriptionOptions,
): Promise<void> {
  const { serviceUrl, signal } = options;
  const fetch = explainingCertificateFailures(options.fetch);
  if (!isServiceUrl(message.SubscribeURL, serviceUrl)) {
    throw new Error(`SubscribeURL ${message.SubscribeURL} is not on the service at ${serviceUrl}`);
  }
  const response = await fetch(new Request(message.SubscribeURL, { redirect: 'error', signal }));
  await response.body?.cancel();
  if (!response.ok) throw new Error(`GET SubscribeURL answered ${response.status}`);
}
