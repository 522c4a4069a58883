/** Resolvers that answer without DNS, to put any address behind a name. */
import { isIP } from 'node:net';
import type { Resolver } from '../../src/deliveries/attempts/guarded-lookup.js';

/** Answers every name with `addresses`, and counts the questions. */
export function resolvingTo(...addresses: string[]): Resolver & { calls: number } {
  const resolver = Object.assign(
    () => {
      resolver.calls += 1;
      return Promise.resolve(addresses.map((address) => ({ address, family: isIP(address) })));
    },
    { calls: 0 },
  );
  return resolver;
}

/** Fails as a name that does not exist. */
export const notResolving: Resolver = (hostname) =>
  Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }));
