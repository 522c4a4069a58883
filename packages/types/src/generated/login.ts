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
     * @description Exchanges a user's email address and password for tokens. Send the `idToken` in the `token` header of the event interface's operations; it lasts an hour (the service's `LOGIN_TOKEN_TTL_SECONDS`). Refresh it with `refreshToken` at `POST /party/refresh` rather than logging in again. Five failed logins in a row lock the account for five minutes (`423`), even with the right password.
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
     * @description Exchanges a refresh token from `POST /work/authenticate` for a new `id_token` and `access_token`, for the same session. A refresh token lasts 30 days unless its session is revoked by the operator (`street-events user logout`), which also ends the tokens issued from it.
     */
    post: operations["refreshToken"];
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
        /** @description For `validation_failed`, one entry per broken constraint, the first 20 of them; `details_omitted` counts the rest. */
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
  };
  responses: {
    /** @description Any other error status, from the service or from the HTTP layer in front of the operation, with the same error body: `405` (the path exists with other methods, listed in `Allow`), `408` (the client took longer than 30 seconds to send its headers or its body), `414` (a request target over 8192 characters), `417` (an `Expect` header other than `100-continue`), `431` (request line and headers over 16 KiB), `503` (the service is shutting down). `error.status` is always the HTTP status. */
    OtherError: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
    /** @description The request breaks a constraint of this document (a length, a bound, a required field, a type, a format, an unknown property or query parameter). `error.details` names every failing field and the rule it breaks. The wording of messages can change between releases. */
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
    /** @description The request ran longer than its limit and was terminated: the database query is cancelled after 30 seconds, counted from when the service took the request up (a permit search's wait for a free search slot counts). Retry with a narrower period or a smaller page. */
    RequestTimeout: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        [name: string]: unknown;
      };
      content: {
        "application/json": components["schemas"]["ErrorResponse"];
      };
    };
    /** @description The request body is larger than the service accepts (1 MiB by default). */
    PayloadTooLarge: {
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
    /** @description The account is locked: five logins in a row failed. It stays locked for five minutes from the fifth failure, whatever the password; `Retry-After` says how many seconds remain. */
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
    /** @description The refresh token is unknown, expired, or its session was revoked; log in again. */
    RefreshRefused: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
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
      408: components["responses"]["RequestTimeout"];
      413: components["responses"]["PayloadTooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      423: components["responses"]["Locked"];
      500: components["responses"]["InternalServerError"];
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
      408: components["responses"]["RequestTimeout"];
      413: components["responses"]["PayloadTooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      500: components["responses"]["InternalServerError"];
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

/** Every enumeration: `values` in document order without the placeholder, the `placeholder` of an open enumeration, the `texts` of `x-enumDescriptions`. */
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
      http: "The request is not valid HTTP/1.1.",
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
} as const;

/** Per operation, the bounding keywords of each parameter. */
export const parameterConstraints = {} as const;
