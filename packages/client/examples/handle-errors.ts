// Calls that throw typed errors, with the retry policy tuned: `unwrap` turns a call's
// `{ data, error }` into its data or an `EventsApiError` subclass chosen by status.
//
//   EVENTS_BASE_URL=http://localhost:8080/v7/event EVENTS_TOKEN=… npx tsx examples/handle-errors.ts
import { pathToFileURL } from 'node:url';
import {
  AuthenticationError,
  BadRequestError,
  createEventsClient,
  EventsApiError,
  RateLimitError,
  unwrap,
  type GetSubscriptionsResponse,
} from '@street-events/client';

export async function handleErrorsExample(options: {
  baseUrl: string;
  token: string;
}): Promise<GetSubscriptionsResponse[] | string> {
  const client = createEventsClient({
    baseUrl: options.baseUrl,
    token: options.token,
    retry: {
      maxAttempts: 5,
      baseDelayMs: 200,
      onRetry: ({ attempt, delayMs, response }) =>
        console.warn(`attempt ${attempt} got ${response?.status ?? 'a network error'}; retrying in ${delayMs} ms`),
    },
    timeoutMs: 10_000,
  });

  try {
    return await unwrap(client.GET('/api-notifications/subscriptions'));
  } catch (error) {
    if (error instanceof AuthenticationError) return 'the token is missing, unknown or revoked';
    if (error instanceof RateLimitError) return `rate limited; retry in ${error.retryAfterMs ?? '?'} ms`;
    if (error instanceof BadRequestError)
      return error.body?.error.details?.map((d) => `${d.field}: ${d.rule}`).join(', ') ?? error.message;
    if (error instanceof EventsApiError) return `${error.status} ${error.code} (request ${error.requestId})`;
    throw error; // a network failure after the retries, or an abort
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(
    await handleErrorsExample({
      baseUrl: process.env.EVENTS_BASE_URL ?? 'http://localhost:8080/v7/event',
      token: process.env.EVENTS_TOKEN ?? '',
    }),
  );
}
