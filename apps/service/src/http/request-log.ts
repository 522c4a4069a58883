/**
 * What the log says of a request: Fastify's default fields (method, URL, host, addresses), with
 * the value of every `token` query parameter replaced by `[redacted]`. The confirmation link
 * (`…/api-notifications/confirm?token=…`) and the unsubscribe link (`…&token=…`, which never
 * expires) carry secrets in their query strings, and the log is read by more people than should
 * hold them.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** The request target with the value of each `token` query parameter redacted. */
export function redactedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  return url.slice(0, query) + url.slice(query).replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    version: request.headers['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger option of the app: `logger` with the request serializer above (none when logging is off). */
export function withRequestSerializer(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { req: requestSerializer, ...options.serializers } };
}
