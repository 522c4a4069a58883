/**
 * Types of the street-works login document (work and party APIs).
 *
 * Generated from @street-events/openapi/login by packages/types/scripts/generate.mjs.
 * Do not edit: change the OpenAPI document, then run `pnpm turbo run generate`
 * (or `pnpm --filter @street-events/types generate` after `pnpm turbo run bundle`).
 */

export interface paths {
  "/work/authenticate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Log in
     * @description Exchanges a user's email address and password for tokens. Send the `idToken` in the `token` header of the event interface's operations; it lasts an hour (the service's `LOGIN_TOKEN_TTL_SECONDS`). Refresh it with `refreshToken` at `POST /party/refresh` rather than logging in again. Five failed logins in a row lock the account for five minutes (`423`), even with the right password. Limited per client address and per email address (`429` with `Retry-After`); when too many passwords are being checked at once, `503` with `Retry-After`.
     */
    post: operations["authenticate"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/party/refresh": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Refresh the tokens
     * @description Exchanges a refresh token from `POST /work/authenticate` for a new `id_token` and `access_token`, for the same session. A refresh token lasts 30 days unless its session is ended: by `POST /party/logout`, or by the operator (`street-events user logout`, or a new password from `street-events user password`), which also ends the tokens issued from it. Counts towards the client address's limit of logins, refreshes and logouts (`429` with `Retry-After`).
     */
    post: operations["refreshToken"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/party/logout": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Log out
     * @description Ends the login session an access token belongs to, as the permitting system's party API does: the session's `refreshToken`, and every `idToken` and `accessToken` issued for it (at login or by `POST /party/refresh`, before or after the one sent), are refused from then on (`401`), on every instance of the service at once. The user's other sessions (logins made elsewhere) and the user's API keys keep working. Send a live access token of the session: the login's `accessToken`, or an `access_token` from a refresh. One that is unknown, tampered, expired, another kind of token, or of a session already ended is `401` and ends nothing. Answers `204` with no body. Counts towards the client address's limit of logins, refreshes and logouts (`429` with `Retry-After`).
     */
    post: operations["logout"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /**
     * ErrorResponse
     * @description The one error body of every 4xx and 5xx answer of every operation. `message` is for people and its wording can change between releases; program against `error.status`, `error.code` and, for validation failures, `error.details[].field`.
     */
    ErrorResponse: {
      /** @description Human-readable summary of what went wrong. */
      message: string;
      error: {
        /** @description The HTTP status code of the response. */
        status: number;
        code: components["schemas"]["ErrorCode"];
        /** @description Identifier of the request, also sent in the `x-request-id` response header. Quote it when reporting a problem. */
        request_id?: string;
        /** @description For `validation_failed`, one entry per broken constraint found, the first 20 of them; `details_omitted` counts the rest. A body holding more values than any valid body can is checked only up to its first broken constraint, so it lists one. */
        details?: components["schemas"]["ValidationErrorDetail"][];
        /** @description How many broken constraints were found beyond the 20 listed in `details`; absent when every one is listed. */
        details_omitted?: number;
      };
    };
    /** AuthenticationRequest */
    AuthenticationRequest: {
      /**
       * @description The user's email address, as given by the operator (compared without regard to case).
       * @example nw.planner@northern-water.sandbox.example
       */
      emailAddress: string;
      /**
       * @description The user's password.
       * @example street-events-sandbox
       */
      password: string;
    };
    /**
     * ErrorCode
     * @description Machine-readable error code. Open enumeration: `upcoming_enum` stands for a code added in a later version; treat an unknown code by its HTTP status.
     * @enum {string}
     */
    ErrorCode:
      | "validation_failed"
      | "unauthenticated"
      | "forbidden"
      | "not_found"
      | "method_not_allowed"
      | "request_timeout"
      | "conflict"
      | "payload_too_large"
      | "uri_too_long"
      | "unsupported_media_type"
      | "expectation_failed"
      | "locked"
      | "rate_limited"
      | "header_fields_too_large"
      | "internal_error"
      | "service_unavailable"
      | "upcoming_enum"
      | (string & {});
    /**
     * ValidationRule
     * @description The rule a field of a request broke: a JSON Schema keyword of the document, or one of the service's own rules. Open enumeration: `upcoming_enum` stands for a rule added in a later version.
     * @enum {string}
     */
    ValidationRule:
      | "required"
      | "type"
      | "format"
      | "enum"
      | "const"
      | "minimum"
      | "maximum"
      | "exclusiveMinimum"
      | "exclusiveMaximum"
      | "multipleOf"
      | "minLength"
      | "maxLength"
      | "pattern"
      | "minItems"
      | "maxItems"
      | "uniqueItems"
      | "additionalProperties"
      | "oneOf"
      | "anyOf"
      | "formatMinimum"
      | "json"
      | "characters"
      | "encoding"
      | "http"
      | "upcoming_enum"
      | (string & {});
    /**
     * ValidationErrorDetail
     * @description One broken constraint of a request.
     */
    ValidationErrorDetail: {
      /**
       * @description Where in the request the field is.
       * @enum {string}
       */
      location: "body" | "query" | "header" | "path" | "upcoming_enum" | (string & {});
      /** @description Path of the failing field within its location, in dotted form with array indexes in brackets (`page_size`, `work_reference_numbers[3]`). Empty for the body as a whole. */
      field: string;
      rule: components["schemas"]["ValidationRule"];
      /** @description Human-readable description of the failure. */
      message: string;
    };
    /** AuthenticationResponse */
    AuthenticationResponse: {
      /** @description Send it in the `token` header. Lasts an hour (configurable). */
      idToken: string;
      /** @description Accepted in the `token` header as `idToken` is; lasts as long. */
      accessToken: string;
      /** @description Exchange it at `POST /party/refresh` for new tokens. Lasts 30 days, or until the session is revoked. */
      refreshToken: string;
      /** @description Names the login session. Not needed by these operations. */
      sessionToken: string;
      /**
       * @description The reference of the user's organisation (its SWA code, or its name when it has none).
       * @example NW01
       */
      organisationReference: string;
    };
    /** RefreshRequest */
    RefreshRequest: {
      /** @description The `refreshToken` of a login. */
      refresh_token: string;
    };
    /** RefreshResponse */
    RefreshResponse: {
      /** @description A new `idToken` for the `token` header, lasting an hour (configurable). */
      id_token: string;
      /** @description A new `accessToken`. */
      access_token: string;
    };
    /** LogoutRequest */
    LogoutRequest: {
      /** @description The `accessToken` of the login to end, or an `access_token` that `POST /party/refresh` issued for it. Not its `idToken`, `refreshToken` or `sessionToken`. */
      access_token: string;
    };
  };
  responses: {
    /** @description Any other error status, with the same error body: `405` (the path exists with other methods, listed in `Allow`). Every status the operation itself can answer is listed above. `error.status` is always the HTTP status. */
    OtherError: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
    /** @description The request breaks a constraint of this document (a length, a bound, a required field, a type, a format, an unknown property or query parameter), or is not a valid HTTP/1.1 request (no `Host` header, a malformed request line or header). `error.details` names every failing field and the rule it breaks; a body holding more values than any valid body can (for example a list longer than its `maxItems`) is checked only up to its first broken constraint, which is the one listed. The wording of messages can change between releases. */
    BadRequest: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
    /** @description The email address is unknown, or the password is wrong (the two are not told apart). The failure counts towards the lockout. */
    LoginRefused: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
    /** @description Login is switched off on this service (`LOGIN=off`); use an API key issued by the operator. */
    LoginSwitchedOff: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
    /** @description The client did not send its headers and body within 30 seconds of starting the request; the connection is closed. */
    ClientTimeout: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
    /** @description The request body is larger than this operation accepts: its request body states its limit. The body is refused before it is read. */
    PayloadTooLarge: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
    /** @description The request target (path and query string) is longer than 8192 characters. Send fewer or shorter query values. */
    UriTooLong: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
    /** @description The request body is not `application/json`. */
    UnsupportedMediaType: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
    /** @description The request has an `Expect` header other than `100-continue`, the only expectation the service meets. */
    ExpectationFailed: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
    /** @description The account is locked: five logins in a row failed (attempts sent at once count as they arrive, before their passwords are checked). It stays locked for five minutes from the fifth attempt, whatever the password; `Retry-After` says how many seconds remain. An unknown email address is answered the same way. */
    Locked: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        "Retry-After": components["headers"]["RetryAfter"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
    /** @description Too many logins, refreshes or logouts from this client address, or too many logins naming this email address, in the current window (see the limits in the description of this document). Wait for the number of seconds in `Retry-After`, then retry. The attempt was not counted towards the lockout. */
    TooManyLogins: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        "Retry-After": components["headers"]["RetryAfter"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
    /** @description The request line and headers together are larger than 16 KiB. */
    HeadersTooLarge: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
    /** @description An unexpected failure in the service. Safe to retry with backoff. */
    InternalServerError: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
    /** @description The service is checking as many passwords as it takes at once and no more may wait, or it is shutting down. Retry after the seconds in `Retry-After` (when present), with back-off if it happens again. */
    LoginBusy: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        "Retry-After": components["headers"]["RetryAfter"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
    /** @description The refresh token is unknown, expired, or its session has ended (logged out, or revoked by the operator); log in again. */
    RefreshRefused: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
    /** @description The access token is not a live access token of this service: unknown, tampered, expired, another kind of token (an id, refresh or session token), or its session has already ended (logged out, revoked by the operator, or past its 30 days). Nothing was ended. To log out once the access token has expired, refresh, then log out with the new `access_token`. */
    LogoutRefused: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
    /** @description The service is shutting down and takes no new request; the connection is closed. Retry on another instance, or later. With `Retry-After`, the service is unavailable for the moment: retry after that many seconds. */
    ServiceUnavailable: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        "Retry-After": components["headers"]["RetryAfter"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
  };
  parameters: never;
  requestBodies: never;
  headers: {
    /**
     * @description Identifier of the request, also in the error body as `error.request_id`: the request's own `x-request-id` header when it is 1 to 128 letters, digits, `.`, `_`, `:` or `-`, otherwise a generated one.
     * @example req-7f3c2a
     */
    RequestId: string;
    /**
     * @description Seconds to wait before trying again.
     * @example 30
     */
    RetryAfter: number;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  authenticate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The body is at most 9216 bytes (9 KiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace. A larger body is refused with `413` (so is a smaller one, if the service's operator set a lower limit). */
    requestBody: {
      content: {
        "application/json": components["schemas"]["AuthenticationRequest"];
      };
    };
    responses: {
      /** @description Logged in. */
      200: {
        headers: {
          "x-request-id": components["headers"]["RequestId"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["AuthenticationResponse"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["LoginRefused"];
      404: components["responses"]["LoginSwitchedOff"];
      408: components["responses"]["ClientTimeout"];
      413: components["responses"]["PayloadTooLarge"];
      414: components["responses"]["UriTooLong"];
      415: components["responses"]["UnsupportedMediaType"];
      417: components["responses"]["ExpectationFailed"];
      423: components["responses"]["Locked"];
      429: components["responses"]["TooManyLogins"];
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["LoginBusy"];
      default: components["responses"]["OtherError"];
    };
  };
  refreshToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The body is at most 8192 bytes (8 KiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace. A larger body is refused with `413` (so is a smaller one, if the service's operator set a lower limit). */
    requestBody: {
      content: {
        "application/json": components["schemas"]["RefreshRequest"];
      };
    };
    responses: {
      /** @description New tokens for the session. */
      200: {
        headers: {
          "x-request-id": components["headers"]["RequestId"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["RefreshResponse"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["RefreshRefused"];
      404: components["responses"]["LoginSwitchedOff"];
      408: components["responses"]["ClientTimeout"];
      413: components["responses"]["PayloadTooLarge"];
      414: components["responses"]["UriTooLong"];
      415: components["responses"]["UnsupportedMediaType"];
      417: components["responses"]["ExpectationFailed"];
      429: components["responses"]["TooManyLogins"];
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["LoginBusy"];
      default: components["responses"]["OtherError"];
    };
  };
  logout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The body is at most 8192 bytes (8 KiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace. A larger body is refused with `413` (so is a smaller one, if the service's operator set a lower limit). */
    requestBody: {
      content: {
        "application/json": components["schemas"]["LogoutRequest"];
      };
    };
    responses: {
      /** @description Logged out; the session and every token issued for it are ended. */
      204: {
        headers: {
          "x-request-id": components["headers"]["RequestId"];
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["LogoutRefused"];
      404: components["responses"]["LoginSwitchedOff"];
      408: components["responses"]["ClientTimeout"];
      413: components["responses"]["PayloadTooLarge"];
      414: components["responses"]["UriTooLong"];
      415: components["responses"]["UnsupportedMediaType"];
      417: components["responses"]["ExpectationFailed"];
      429: components["responses"]["TooManyLogins"];
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
      default: components["responses"]["OtherError"];
    };
  };
}

// Named aliases of the component schemas.
export type ErrorResponse = components["schemas"]["ErrorResponse"];
export type AuthenticationRequest = components["schemas"]["AuthenticationRequest"];
export type ErrorCode = components["schemas"]["ErrorCode"];
export type ValidationRule = components["schemas"]["ValidationRule"];
export type ValidationErrorDetail = components["schemas"]["ValidationErrorDetail"];
export type AuthenticationResponse = components["schemas"]["AuthenticationResponse"];
export type RefreshRequest = components["schemas"]["RefreshRequest"];
export type RefreshResponse = components["schemas"]["RefreshResponse"];
export type LogoutRequest = components["schemas"]["LogoutRequest"];

/** Every enumeration: `values` in document order without the placeholder, the `placeholder` of an open enumeration, the `texts` of `x-enumDescriptions`, the `statuses` of `x-enumStatuses`. */
export const enumerations = {
  ErrorCode: {
    values: [
      "validation_failed",
      "unauthenticated",
      "forbidden",
      "not_found",
      "method_not_allowed",
      "request_timeout",
      "conflict",
      "payload_too_large",
      "uri_too_long",
      "unsupported_media_type",
      "expectation_failed",
      "locked",
      "rate_limited",
      "header_fields_too_large",
      "internal_error",
      "service_unavailable",
    ],
    placeholder: "upcoming_enum",
    texts: {
      validation_failed: "400: the request breaks a constraint of the document; see `details`.",
      unauthenticated: "401: the `token` header is missing, unknown or revoked.",
      forbidden: "403: the caller's role, organisation or contracts do not allow this request.",
      not_found: "404: no such route, or no such resource visible to the caller.",
      method_not_allowed:
        "405: the path exists, but not with this method; the `Allow` header lists its methods.",
      request_timeout:
        "408: the request ran longer than its time limit (30 seconds for polling and permit search), or the client took longer than 30 seconds to send its headers or its body.",
      conflict:
        "409: the request conflicts with the current state (for example, a subscription already exists).",
      payload_too_large: "413: the request body is larger than the service accepts.",
      uri_too_long:
        "414: the request target (path and query string) is longer than 8192 characters.",
      unsupported_media_type: "415: the request body is not `application/json`.",
      expectation_failed: "417: the request has an `Expect` header other than `100-continue`.",
      locked:
        "423: the account is locked after five failed logins in a row; retry after `Retry-After` seconds.",
      rate_limited: "429: too many requests; wait for `Retry-After` seconds.",
      header_fields_too_large: "431: the request line and headers together are larger than 16 KiB.",
      internal_error: "500: an unexpected failure in the service.",
      service_unavailable:
        "503: the service is shutting down and takes no new requests; retry on another instance or later.",
      upcoming_enum: "A code added in a later version.",
    },
    statuses: {
      validation_failed: 400,
      unauthenticated: 401,
      forbidden: 403,
      not_found: 404,
      method_not_allowed: 405,
      request_timeout: 408,
      conflict: 409,
      payload_too_large: 413,
      uri_too_long: 414,
      unsupported_media_type: 415,
      expectation_failed: 417,
      locked: 423,
      rate_limited: 429,
      header_fields_too_large: 431,
      internal_error: 500,
      service_unavailable: 503,
    },
  },
  ValidationRule: {
    values: [
      "required",
      "type",
      "format",
      "enum",
      "const",
      "minimum",
      "maximum",
      "exclusiveMinimum",
      "exclusiveMaximum",
      "multipleOf",
      "minLength",
      "maxLength",
      "pattern",
      "minItems",
      "maxItems",
      "uniqueItems",
      "additionalProperties",
      "oneOf",
      "anyOf",
      "formatMinimum",
      "json",
      "characters",
      "encoding",
      "http",
    ],
    placeholder: "upcoming_enum",
    texts: {
      required: "A required field, or the required body, is missing.",
      type: "The value is not of the type the document gives (a string where a number is due, an array where an object is due).",
      format:
        "The string is not of its format: a `date-time` must be RFC 3339 with a year from 0001 to 9999 (in UTC) and seconds from 00 to 59; a `uri` an absolute URL.",
      enum: "The value is not one the document lists.",
      const: "The value is not the one the document allows.",
      minimum: "The number is below the document's minimum.",
      maximum: "The number is above the document's maximum.",
      exclusiveMinimum: "The number is not above the document's exclusive minimum.",
      exclusiveMaximum: "The number is not below the document's exclusive maximum.",
      multipleOf:
        "The number is not a whole number (or not a multiple of what the document gives).",
      minLength: "The string is shorter than the document allows.",
      maxLength: "The string is longer than the document allows.",
      pattern: "The string does not match the document's pattern.",
      minItems: "The array has fewer items than the document allows.",
      maxItems: "The array has more items than the document allows.",
      uniqueItems: "The array repeats an item.",
      additionalProperties: "A property or query parameter the document does not list.",
      oneOf: "The value matches none (or more than one) of the forms the document gives.",
      anyOf: "The value matches none of the forms the document gives.",
      formatMinimum:
        "A date-time earlier than another field of the request allows (an `end_date` before the `start_date`).",
      json: "The body is not valid JSON, or holds a `__proto__` or `constructor.prototype` key.",
      characters: "A string or key holds U+0000, which no value may contain.",
      encoding: "The path or query string has malformed percent-encoding.",
      http: "The request is not valid HTTP/1.1, or its `Host` header names a host the sandbox does not serve.",
      upcoming_enum: "A rule added in a later version.",
    },
  },
} as const;

/** Per component schema, the bounding keywords (`maximum`, `maxLength`, `maxItems`, `default`, …) of each property. */
export const propertyConstraints = {
  AuthenticationRequest: {
    emailAddress: { minLength: 3, maxLength: 254 },
    password: { minLength: 1, maxLength: 1024 },
  },
  RefreshRequest: { refresh_token: { minLength: 1, maxLength: 1024 } },
  LogoutRequest: { access_token: { minLength: 1, maxLength: 1024 } },
} as const;

/** Per operation, the bounding keywords of each parameter. */
export const parameterConstraints = {} as const;

/** Per operation, the limits its `x-limits` states (page budgets, replays an hour, …). */
export const operationLimits = {} as const;
