/**
 * The errors the service raises on purpose. Each carries the HTTP status it stands for, so
 * the HTTP layer maps any of them to the shared error body
 * `{ "message": "...", "error": { "status": 400, "field": "..." } }` without knowing the kinds.
 */
export abstract class ServiceError extends Error {
  abstract readonly status: number;
  /** Path of the offending request field, when one field is to blame (e.g. `swa_code`). */
  readonly field: string | undefined;
  /** The rule the field breaks, named like a JSON Schema keyword where one fits (`required`). */
  readonly rule: string;

  constructor(message: string, field?: string, options?: ErrorOptions & { rule?: string }) {
    super(message, options);
    this.name = new.target.name;
    this.field = field;
    this.rule = options?.rule ?? 'constraint';
  }
}

/** 400: the request breaks a rule of the interface. */
export class ValidationError extends ServiceError {
  readonly status = 400;
}

/** 401: no token, or a token that is unknown or revoked. */
export class UnauthenticatedError extends ServiceError {
  readonly status = 401;
}

/** 403: the caller is known but not allowed to do this. */
export class ForbiddenError extends ServiceError {
  readonly status = 403;
}

/** 404: the named object does not exist (for write operations and administration only). */
export class NotFoundError extends ServiceError {
  readonly status = 404;
}

/** 408: the database query ran past its time limit and was cancelled. */
export class TimeoutError extends ServiceError {
  readonly status = 408;
}

/** 409: the object exists already, or is not in a state that allows the operation. */
export class ConflictError extends ServiceError {
  readonly status = 409;
}

/** 429: the caller sent more requests than the configured rate limit allows in its window. */
export class RateLimitedError extends ServiceError {
  readonly status = 429;
}
