/**
 * The cursors of the delivery history's listings: a position (a message's creation time and id,
 * an attempt's id, …) given to the caller as base64url of its parts joined by `|`, and read back
 * strictly. A cursor is taken only if it is exactly one this service could have given: canonical
 * base64url, the listing's number of parts, each of its kind (a time that exists on the calendar,
 * an id of the right shape); anything else is `400` naming the parameter, never a query that fails.
 */
import { ValidationError } from '../../shared/errors.js';

/** A part of a cursor: whether a text is one of its kind. */
export type CursorPart = (text: string) => boolean;

const utcTimePattern = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?$/;

/** A UTC time as the database gives it (`utcText`): `YYYY-MM-DD HH:MM:SS[.ffffff]`, a moment that exists. */
export const utcTime: CursorPart = (text) => {
  const match = utcTimePattern.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, ...number[]];
  const moment = new Date(0);
  moment.setUTCFullYear(year, month! - 1, day);
  moment.setUTCHours(hour!, minute, second);
  const fields = [moment.getUTCFullYear(), moment.getUTCMonth() + 1, moment.getUTCDate()];
  const clock = [moment.getUTCHours(), moment.getUTCMinutes(), moment.getUTCSeconds()];
  return (
    year >= 1 &&
    [...fields, ...clock].every((value, index) => value === [year, month, day, hour, minute, second][index])
  );
};

/** A row id: a positive whole number that fits a `bigint`. */
export const rowId: CursorPart = (text) => /^[1-9]\d{0,17}$/.test(text);

/** A message id (`webhook-id`): letters, digits, `_` and `-`, at most 64. */
export const messageId: CursorPart = (text) => /^[A-Za-z0-9_-]{1,64}$/.test(text);

/** The cursor of a position made of `parts`. */
export const cursorOf = (...parts: readonly string[]): string => Buffer.from(parts.join('|')).toString('base64url');

/**
 * The parts of `cursor`, given as query parameter `parameter`, if it is a cursor of `kinds`;
 * otherwise a `400` naming the parameter.
 */
export function readCursor(cursor: string, parameter: string, kinds: readonly CursorPart[]): string[] {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const given =
    parts.length === kinds.length && parts.every((part, index) => kinds[index]!(part)) && cursorOf(...parts) === cursor;
  if (!given) {
    throw new ValidationError(`${parameter} is not a cursor this service gave`, parameter, {
      rule: 'format',
      location: 'query',
    });
  }
  return parts;
}
