/**
 * Every 4xx and 5xx answer of the service carries the one error body of the document
 * (`ErrorResponse`): `{ message, error: { status, code, request_id, details? } }`.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../errors.js';
import type { ValidationDetail } from './validation.js';

const codeByStatus: Record<number, string> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal_error',
};

export interface ErrorBody {
  message: string;
  error: { status: number; code: string; request_id: string; details?: ValidationDetail[] };
}

export function errorBody(request: FastifyRequest, status: number, message: string, details?: ValidationDetail[]): ErrorBody {
  return {
    message,
    error: {
      status,
      code: codeByStatus[status] ?? (status >= 500 ? 'internal_error' : 'validation_failed'),
      request_id: request.id,
      ...(details ? { details } : {}),
    },
  };
}

/** A 400 for broken constraints: the message names the first few, `details` lists them all. */
export class RequestValidationError extends Error {
  constructor(readonly details: ValidationDetail[]) {
    const summary = details
      .slice(0, 3)
      .map((d) => `${d.field || d.location} ${d.message}`)
      .join('; ');
    super(`Validation failed: ${summary}${details.length > 3 ? `; and ${details.length - 3} more` : ''}.`);
  }
}

/** Fastify's own errors for bad input, by code, with the status the document declares. */
const fastifyInputErrors: Record<string, number> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 400,
  FST_ERR_CTP_BODY_TOO_LARGE: 413,
  FST_ERR_CTP_EMPTY_JSON_BODY: 400,
  FST_ERR_CTP_INVALID_JSON_BODY: 400,
};

export function sendError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof RequestValidationError) {
    return reply.code(400).send(errorBody(request, 400, error.message, error.details));
  }
  if (error instanceof ServiceError) {
    const details: ValidationDetail[] | undefined =
      error.status === 400 && error.field !== undefined
        ? [{ location: request.method === 'GET' ? 'query' : 'body', field: error.field, rule: error.rule, message: error.message }]
        : undefined;
    return reply.code(error.status).send(errorBody(request, error.status, error.message, details));
  }
  const code = 'code' in error ? error.code : undefined;
  const status = code !== undefined ? fastifyInputErrors[code] : undefined;
  if (status !== undefined) {
    const details: ValidationDetail[] | undefined =
      status === 400 ? [{ location: 'body', field: '', rule: 'json', message: error.message }] : undefined;
    return reply.code(status).send(errorBody(request, status, error.message, details));
  }
  // A JSON syntax error surfaces as a SyntaxError with status 400.
  if ('statusCode' in error && error.statusCode === 400) {
    return reply.code(400).send(errorBody(request, 400, `Malformed JSON body: ${error.message}`, [
      { location: 'body', field: '', rule: 'json', message: error.message },
    ]));
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply.code(500).send(errorBody(request, 500, 'An unexpected error occurred. Quote the request id when reporting it.'));
}
