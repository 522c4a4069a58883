/**
 * The sandbox answers only the host names it serves. Its console carries the sandbox Operator's
 * token and its logins are public, so a web page that rebinds its own name to 127.0.0.1 (DNS
 * rebinding) must get nothing: a request whose `Host` names any other host is refused with
 * `400`, rule `http`, before routing, as development servers refuse hosts they do not know.
 * Addresses (`127.0.0.1:8080`, `[::1]`, `192.0.2.7`) are always served: rebinding needs a name.
 */
import { isIP } from 'node:net';
import type { FastifyPluginCallback } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { RequestValidationError } from '../shared/errors.js';

/** The name of loopback: the sandbox always answers it. */
const loopbackName = 'localhost';

/** Whether an address to listen on is reached from this machine only (loopback). */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/** `example.test:8080` → `example.test`, `[::1]:8080` → `::1`, lower case. */
export function hostNameOf(host: string): string {
  const bracketed = /^\[([^\]]*)\]/.exec(host);
  return (bracketed ? bracketed[1]! : host.replace(/:\d*$/, '')).toLowerCase();
}

export interface ServedHostsOptions {
  /** The names served besides loopback (without ports), e.g. the `PUBLIC_BASE_URL`'s host. */
  hosts: readonly string[];
}

const servedHostsPlugin: FastifyPluginCallback<ServedHostsOptions> = (app, { hosts }, done) => {
  const served = new Set([loopbackName, ...hosts.map(hostNameOf).filter((name) => isIP(name) === 0)]);
  const names = [...served, 'addresses'].join(', ');
  app.addHook('onRequest', (request, _reply, next) => {
    const host = request.headers.host;
    // A request without `Host` is refused by the pipeline itself.
    const name = host === undefined ? undefined : hostNameOf(host);
    if (name === undefined || served.has(name) || isIP(name) !== 0) return next();
    next(
      new RequestValidationError([
        {
          location: 'header',
          field: 'host',
          rule: 'http',
          message: `must name a host the sandbox serves (${names}); SANDBOX_HOSTS adds others`,
        },
      ]),
    );
  });
  done();
};

/** The hook on every route, the unknown ones included. */
export const servedHosts = fastifyPlugin(servedHostsPlugin, { name: 'served-hosts' });
