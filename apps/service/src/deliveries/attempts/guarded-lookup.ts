/**
 * Name resolution for deliveries that cannot be turned against the service's own network: the
 * name is resolved once, every address it resolves to must be allowed by the endpoint policy,
 * and the connection is handed exactly those addresses. The address checked is the address
 * connected to, so a name that changes its answer between check and connect (DNS rebinding)
 * gains nothing. Node calls `lookup` only for names: IP literals are checked by the caller.
 */
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import type { EndpointPolicy } from './endpoint-policy.js';

/** Resolves a host name to all its addresses; injected in tests to simulate any answer. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true });

/** A delivery refused because the endpoint's host is, or resolves to, an address the policy refuses. */
export class RefusedAddressError extends Error {
  override readonly name = 'RefusedAddressError';
}

/**
 * All addresses of `hostname`, each allowed by the policy (any address of an allow-listed
 * name is). Throws RefusedAddressError if any one is refused, and the resolver's error, or
 * ENOTFOUND for an empty answer, if the name does not resolve: a name that cannot be checked
 * is not allowed.
 */
export async function resolveAllowed(
  hostname: string,
  policy: EndpointPolicy,
  resolve: Resolver = systemResolver,
): Promise<[LookupAddress, ...LookupAddress[]]> {
  const [first, ...others] = await resolve(hostname);
  if (first === undefined) {
    throw Object.assign(new Error(`${hostname} resolves to no address`), { code: 'ENOTFOUND', hostname });
  }
  const addresses: [LookupAddress, ...LookupAddress[]] = [first, ...others];
  if (policy.allowsHostName(hostname)) return addresses;
  for (const { address } of addresses) {
    const verdict = policy.checkAddress(address);
    if (!verdict.allowed) throw new RefusedAddressError(`${hostname}: ${verdict.reason}`);
  }
  return addresses;
}

/** The `lookup` option for node:http and node:https requests (and net/tls connections). */
export function guardedLookup(policy: EndpointPolicy, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, policy, resolve).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
