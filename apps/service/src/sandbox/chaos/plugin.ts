/**
 * The sandbox's chaos profile over HTTP (registered only by `serve --sandbox --chaos`):
 *
 * - `chaosFaults`: hooks on every route, registered before the interface's routes, that answer
 *   polls and permit searches `503` or `429` (with `Retry-After` and the error body) at the
 *   profile's rates, and note for each organisation how far its polls were answered;
 * - `chaosRoutes`: `GET /sandbox/chaos` of the operator API, the profile and those figures.
 *
 * The handlers of polling and search know nothing of it; the visibility lag is the polling
 * feature's `horizon` option, given by the app.
 */
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { visibilityOf } from '../../directory/caller.js';
import { basePaths, serveOperatorDocument } from '../../http/interface.js';
import { listOperations, loadDocument } from '../../http/openapi.js';
import type { SandboxChaos } from './sandbox-chaos.js';
import { RateLimitedError, UnavailableError } from '../../shared/errors.js';

/** The operations the faults apply to: polling and permit search. */
const faultedOperations = ['getWorkUpdates', 'searchPermits'];

/** The routes (as registered) of the interface's operations `operationIds`, under every base path. */
function routesOf(operationIds: readonly string[]): Set<string> {
  const operations = listOperations(loadDocument()).filter((operation) => operationIds.includes(operation.operationId));
  return new Set(operations.flatMap((operation) => basePaths.map((base) => `${base}${operation.path}`)));
}

/** The highest update_id of a poll's answer: its last row's; without rows, its cursor when the feed ended there. */
function answeredUpTo(request: FastifyRequest, payload: unknown): number | null {
  if (!Buffer.isBuffer(payload) && typeof payload !== 'string') return null;
  const page = JSON.parse(payload.toString()) as { rows: { update_id: number }[]; next_update?: number | null };
  const last = page.rows.at(-1);
  if (last !== undefined) return last.update_id;
  const cursor = (request.query as { update_id?: number }).update_id;
  return page.next_update === null && cursor !== undefined ? Number(cursor) : null;
}

const faults: FastifyPluginCallback<{ chaos: SandboxChaos }> = (app, { chaos }, done) => {
  const faulted = routesOf(faultedOperations);
  const polls = routesOf(['getWorkUpdates']);
  const retryAfter = chaos.settings.profile.retry_after_seconds;
  app.addHook('preHandler', (request, _reply, next) => {
    const { caller } = request;
    if (caller === undefined || !faulted.has(request.routeOptions.url ?? '')) return next();
    const fault = chaos.fault(caller.organisation.name);
    const why = "the sandbox's chaos profile";
    if (fault === 'unavailable')
      return next(
        new UnavailableError(`Unavailable for the moment (${why}); retry after ${retryAfter} s.`, retryAfter),
      );
    if (fault === 'throttled')
      return next(new RateLimitedError(`Too many requests (${why}); retry after ${retryAfter} s.`, retryAfter));
    next();
  });
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, next) => {
    const { caller } = request;
    if (caller !== undefined && reply.statusCode === 200 && polls.has(request.routeOptions.url ?? ''))
      chaos.ledger.polled(caller.organisation.name, visibilityOf(caller), answeredUpTo(request, payload));
    next();
  });
  done();
};

/** The faults of polls and searches, on every route registered after it (`buildApp` registers it first). */
export const chaosFaults = fastifyPlugin(faults, { name: 'sandbox-chaos-faults' });

/** `GET /sandbox/chaos`: the profile, its seed, and each organisation's figures. */
export const chaosRoutes: FastifyPluginCallback<{ chaos: SandboxChaos }> = (app, { chaos }, done) => {
  serveOperatorDocument(app, {
    readSandboxChaos: async () => ({ status: 200, body: await chaos.status() }),
  });
  done();
};
