import { errorFromResponse } from './errors.js';

/**
 * The `data` of a call, or the call's failure thrown as an `EventsApiError` (the subclass chosen
 * by status):
 *
 * ```ts
 * const subscriptions = await unwrap(client.GET("/api-notifications/subscriptions"));
 * ```
 */
export async function unwrap<Data>(call: Promise<{ data?: Data; error?: unknown; response: Response }>): Promise<Data> {
  const { data, error, response } = await call;
  if (!response.ok) throw errorFromResponse(response, error);
  return data as Data;
}
