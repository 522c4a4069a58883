/**
 * Defensive checks of query parameters. The HTTP layer validates requests against the
 * OpenAPI document first; these keep the library safe when called directly.
 */
import { ValidationError } from '../errors.js';

export function integerParam(
  value: number | null | undefined,
  bounds: { fallback: number; min: number; max: number },
  field: string,
): number {
  if (value === undefined || value === null) return bounds.fallback;
  if (!Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    throw new ValidationError(`${field} must be an integer from ${bounds.min} to ${bounds.max}`, field);
  }
  return value;
}

export function cursorParam(value: number | null | undefined, field: string): number {
  return integerParam(value, { fallback: 0, min: 0, max: Number.MAX_SAFE_INTEGER }, field);
}

export function dateParam(value: string | undefined, field: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new ValidationError(`${field} must be an ISO 8601 date-time`, field);
  return date;
}
