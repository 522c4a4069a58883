/** The operator API, typed by the types generated from its own document (`@street-events/types/operator`). */
import createClient from 'openapi-fetch';
import type { components, paths } from '@street-events/types/operator';

export type Schemas = components['schemas'];
export type OperatorApi = ReturnType<typeof operatorApi>;

export const operatorApi = (token: string) =>
  createClient<paths>({ baseUrl: `${location.origin}/internal`, headers: { token } });

/** The error body's message of a refused call, or a sentence for a failure without one. */
export function problemOf(error: unknown, response: Response): string {
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : `The service answered ${response.status}.`;
}
