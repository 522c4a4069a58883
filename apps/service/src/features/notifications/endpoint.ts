/**
 * The check of a subscriber's endpoint, made when subscribing and when the operator points a
 * subscription at another endpoint: the URL rules and literal addresses of the endpoint policy
 * (src/deliveries/attempts/endpoint-policy.ts), then every address its host name resolves to.
 * Deliveries check the endpoint again at every connection.
 */
import { isIP } from 'node:net';
import { checkEndpoint, type EndpointPolicy } from '../../deliveries/attempts/endpoint-policy.js';
import { RefusedAddressError, resolveAllowed, type Resolver } from '../../deliveries/attempts/guarded-lookup.js';
import { ValidationError } from '../../shared/errors.js';

/**
 * Checks a subscriber's endpoint: the URL rules and literal addresses (endpoint-policy.ts),
 * then every address a host name resolves to. A name that does not resolve is refused. Errors
 * name `field` (`api_endpoint`, the subscription's, unless told).
 */
export async function checkSubscribedEndpoint(
  endpoint: string,
  policy: EndpointPolicy,
  resolve?: Resolver,
  field = 'api_endpoint',
): Promise<URL> {
  const checked = checkEndpoint(endpoint, policy);
  const named = (message: string) => message.replace(/^api_endpoint/, field);
  if (!checked.ok) throw new ValidationError(named(checked.message), field, { rule: 'format' });
  const host = checked.url.hostname;
  if (isIP(host.replace(/^\[(.*)\]$/, '$1'))) return checked.url;
  try {
    await resolveAllowed(host, policy, resolve);
  } catch (error) {
    const message =
      error instanceof RefusedAddressError
        ? `${field} must be a public address: ${error.message}`
        : `${field} host ${host} does not resolve`;
    throw new ValidationError(message, field, { rule: 'format' });
  }
  return checked.url;
}
