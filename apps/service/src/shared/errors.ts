/**
 * The errors of the service, one family. Each carries the HTTP status it stands for, so the
 * HTTP layer answers any of them with the document's error body (`ErrorResponse`) without
 * knowing the kinds; the command line prints its message as one line. Each kind is made from a
 * code of the document's `ErrorCode` (`documentedError('not_found')`), whose `x-enumStatuses`
 * gives its status: the statuses are written in the document only.
 */
import { enumerations, type ValidationErrorDetail } from '@street-events/types';
import type { Known } from './enums.js';

export type ErrorCode = Known<'ErrorCode'>;

/** The status of each code, as the document's `ErrorCode` gives them (`x-enumStatuses`). */
export const statusByCode: Readonly<Record<ErrorCode, number>> = enumerations.ErrorCode.statuses;

/** The code of each status, as the document's `ErrorCode` describes them. */
export const codeByStatus: Readonly<Record<number, ErrorCode>> = Object.fromEntries(
  enumerations.ErrorCode.values.map((code) => [statusByCode[code], code]),
);

/** A value of an open enumeration the document lists, without the room for values it does not. */
type Listed<Value> = Value extends string ? (string extends Value ? never : Value) : never;

/** Where a broken field is, as `ValidationErrorDetail.location` lists the places (its placeholder aside). */
type Location = Exclude<Listed<ValidationErrorDetail['location']>, 'upcoming_enum'>;

/** One broken rule of a request, as `error.details` lists it. */
export type Problem = Omit<ValidationErrorDetail, 'location' | 'rule'> & { location: Location; rule: Rule };

/** A rule a request breaks, as the document's `ValidationRule` lists them. */
export type Rule = Known<'ValidationRule'>;

export interface ServiceErrorOptions extends ErrorOptions {
  /**
   * The rule the field breaks: a JSON Schema keyword (`required`, `maxLength`, `format`, …) or
   * one of the document's own rule names (see `ValidationErrorDetail.rule`).
   */
  rule?: Rule;
  /** Where the field is; by default the body, or the query of a `GET`. */
  location?: Problem['location'];
}

export abstract class ServiceError extends Error {
  abstract readonly status: number;
  /** Path of the offending request field, when one field is to blame (e.g. `swa_code`). */
  readonly field: string | undefined;
  readonly rule: Rule | undefined;
  readonly location: Problem['location'] | undefined;

  constructor(message: string, field?: string, options?: ServiceErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.field = field;
    this.rule = options?.rule;
    this.location = options?.location;
  }
}

/** The base of the errors of one code of the document: they answer the status the document gives it. */
export function documentedError(code: ErrorCode) {
  const status = statusByCode[code];
  return class extends ServiceError {
    readonly status = status;
  };
}

/** 400: the request breaks a rule of the interface. */
export class ValidationError extends documentedError('validation_failed') {}

/** 400: the request breaks constraints of the document; every broken one is a problem. */
export class RequestValidationError extends documentedError('validation_failed') {
  constructor(readonly problems: readonly Problem[]) {
    const summary = problems
      .slice(0, 3)
      .map((problem) => `${problem.field || problem.location} ${problem.message}`)
      .join('; ');
    super(`Validation failed: ${summary}${problems.length > 3 ? `; and ${problems.length - 3} more` : ''}.`);
  }
}

/** 401: no token, or a token that is unknown or revoked. */
export class UnauthenticatedError extends documentedError('unauthenticated') {}

/** 403: the caller is known but not allowed to do this. */
export class ForbiddenError extends documentedError('forbidden') {}

/** 404: no such route, or the named object does not exist (or is not visible to the caller). */
export class NotFoundError extends documentedError('not_found') {}

/** 405: the path exists, but not with this method; `allow` lists the methods it has. */
export class MethodNotAllowedError extends documentedError('method_not_allowed') {
  constructor(
    message: string,
    readonly allow: readonly string[],
  ) {
    super(message);
  }
}

/** 408: the request, or its database query, ran past its time limit. */
export class TimeoutError extends documentedError('request_timeout') {}

/** 409: the object exists already, or is not in a state that allows the operation. */
export class ConflictError extends documentedError('conflict') {}

/** 413: the body is larger than the service accepts. */
export class PayloadTooLargeError extends documentedError('payload_too_large') {}

/** 414: the request target (path and query) is longer than the service reads. */
export class UriTooLongError extends documentedError('uri_too_long') {}

/** 415: the body is not `application/json`. */
export class UnsupportedMediaTypeError extends documentedError('unsupported_media_type') {}

/** 417: the request carries an `Expect` header the service does not meet. */
export class ExpectationFailedError extends documentedError('expectation_failed') {}

/** 423: the account is locked after repeated failed logins, for `retryAfterSeconds`. */
export class LockedError extends documentedError('locked') {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * 429: the caller sent more requests than the configured rate limit allows in its window, or its
 * organisation already runs as many polls or searches at once as it may. With
 * `retryAfterSeconds`, the answer carries `Retry-After`.
 */
export class RateLimitedError extends documentedError('rate_limited') {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** 431: the request's headers are larger than the service reads. */
export class HeadersTooLargeError extends documentedError('header_fields_too_large') {}

/** 503: the service is shutting down, or too busy to take the request now; retry after `retryAfterSeconds` when given. */
export class UnavailableError extends documentedError('service_unavailable') {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
