/**
 * Every answer that is not 2xx, from any layer, carries the one error body of the document
 * (`ErrorResponse`): `{ message, error: { status, code, request_id, details?, details_omitted? } }`,
 * with `error.status` equal to the HTTP status. The layers: the service's own errors and
 * Fastify's (the error handler), unknown routes and methods (the not-found handler), malformed
 * URLs (Fastify's `frameworkErrors`), and what Node's HTTP parser refuses before there is a
 * request at all (the `clientError` and `checkExpectation` events of the server).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorResponse } from '@street-events/types';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { documentedLimit, loadDocument } from '../shared/documents.js';
import {
  codeByStatus,
  ExpectationFailedError,
  HeadersTooLargeError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  RequestValidationError,
  ServiceError,
  TimeoutError,
  UnsupportedMediaTypeError,
  ValidationError,
  type Problem,
} from '../shared/errors.js';

/** The largest request head, as the document's `HeadersTooLarge` states it, in KiB. */
const headersLimitKiB = documentedLimit('HeadersTooLarge') / 1024;

interface ErrorResponseSchema {
  properties: { error: { properties: { details: { maxItems: number } } } };
}

/** `error.details` lists at most this many problems (the document's `maxItems`); `details_omitted` counts the rest. */
export const maxListedProblems = (loadDocument().components.schemas!.ErrorResponse as ErrorResponseSchema).properties
  .error.properties.details.maxItems;

export function errorBody(
  requestId: string,
  status: number,
  message: string,
  problems: readonly Problem[] = [],
): ErrorResponse {
  const listed = problems.slice(0, maxListedProblems);
  return {
    message,
    error: {
      status,
      code: codeByStatus[status] ?? (status >= 500 ? 'internal_error' : 'validation_failed'),
      request_id: requestId,
      ...(listed.length > 0 ? { details: listed } : {}),
      ...(problems.length > listed.length ? { details_omitted: problems.length - listed.length } : {}),
    },
  };
}

/** The problems an error names: all of a validation failure, or the one field a service error blames. */
function problemsOf(error: ServiceError, request: FastifyRequest): Problem[] {
  if (error instanceof RequestValidationError) return [...error.problems];
  if (error.field === undefined || error.rule === undefined) return [];
  const location = error.location ?? (request.method === 'GET' || request.method === 'DELETE' ? 'query' : 'body');
  return [{ location, field: error.field, rule: error.rule, message: error.message }];
}

/** The status a 4xx error of Fastify or of a plugin stands for, as one of the service's errors. */
function serviceErrorOf(error: FastifyError, request: FastifyRequest): ServiceError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_TYPE':
      return new UnsupportedMediaTypeError('The body must be application/json.', undefined, { cause: error });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new PayloadTooLargeError(
        `The request body is larger than this operation's limit of ${request.routeOptions.bodyLimit} bytes.`,
        undefined,
        { cause: error },
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ValidationError('The body is empty: send a JSON value.', '', {
        rule: 'required',
        location: 'body',
        cause: error,
      });
  }
  if (error.statusCode === 400) {
    // A body that is not JSON, or that holds a forbidden prototype property.
    return new ValidationError(`The body is not valid JSON: ${error.message}`, '', {
      rule: 'json',
      location: 'body',
      cause: error,
    });
  }
  return undefined;
}

/** The error handler of the app: any error thrown on the way to an answer. */
export function sendError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const known = error instanceof ServiceError ? error : serviceErrorOf(error as FastifyError, request);
  if (known === undefined) {
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .code(500)
      .send(errorBody(request.id, 500, 'An unexpected error occurred. Quote the request id when reporting it.'));
  }
  if (known instanceof MethodNotAllowedError) reply.header('allow', known.allow.join(', '));
  if ('retryAfterSeconds' in known && typeof known.retryAfterSeconds === 'number')
    reply.header('retry-after', String(known.retryAfterSeconds));
  return reply.code(known.status).send(errorBody(request.id, known.status, known.message, problemsOf(known, request)));
}

/**
 * The not-found handler: `405` with `Allow` when the path exists with other methods (a route's
 * path matches the request's), otherwise `404`.
 */
export function notFoundHandler(allowedMethods: (path: string) => readonly string[]) {
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const path = request.url.split('?')[0]!;
    const allow = allowedMethods(path);
    const error =
      allow.length > 0
        ? new MethodNotAllowedError(`${request.method} is not allowed on ${path}; use ${allow.join(' or ')}.`, allow)
        : new NotFoundError(`No route ${request.method} ${path}.`);
    return sendError(error, request, reply);
  };
}

/** Fastify's `frameworkErrors`: a path with malformed percent-encoding, or a path parameter too long. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const rule = error.code === 'FST_ERR_BAD_URL' ? 'encoding' : 'maxLength';
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The path has malformed percent-encoding.' : error.message;
  void sendError(new ValidationError(message, '', { rule, location: 'path', cause: error }), request, reply);
}

/** What Node's HTTP parser refuses before a request exists, as a status and one of the service's errors. */
function clientErrorOf(error: NodeJS.ErrnoException): ServiceError {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new TimeoutError('The request was not received in time: headers and body must arrive within 30 seconds.');
    case 'HPE_HEADER_OVERFLOW':
      return new HeadersTooLargeError(`The request line and headers are larger than ${headersLimitKiB} KiB.`);
    default:
      return new ValidationError('The request is not valid HTTP/1.1.', '', { rule: 'http', location: 'header' });
  }
}

/** Writes a complete HTTP/1.1 answer with the error body on a socket that has no request. */
export function writeRaw(socket: Socket, error: ServiceError): void {
  const requestId = randomUUID();
  const payload = JSON.stringify(
    errorBody(requestId, error.status, error.message, problemsOf(error, { method: '' } as FastifyRequest)),
  );
  socket.end(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `x-request-id: ${requestId}\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
  );
}

/** Fastify's `clientErrorHandler`: Node's `clientError` event, answered with the error body where the socket can still take it. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // A timeout that strikes after the answer began cannot be answered again.
  const answered = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage?.headersSent === true;
  if (socket.writable && !answered) writeRaw(socket, clientErrorOf(error));
  socket.destroySoon();
}

/** The server's `checkExpectation` event: an `Expect` other than `100-continue` is 417 with the error body. */
export function expectationFailed(request: IncomingMessage, response: ServerResponse): void {
  const error = new ExpectationFailedError(
    `Expect: ${String(request.headers.expect)} is not supported; only 100-continue is.`,
  );
  const requestId = randomUUID();
  const payload = JSON.stringify(errorBody(requestId, error.status, error.message));
  response.writeHead(417, {
    'x-request-id': requestId,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    connection: 'close',
  });
  response.end(payload);
}
