/**
 * The base URL a receiver check's links start with (`SubscribeURL`, `SigningCertURL`,
 * `UnsubscribeURL`): always this service's own, so that nothing the check signs points a receiver
 * at another host. By default the public base URL its subscriptions get; a `service_url` given is
 * taken only when it names this service as a receiver may reach it under another name: the scheme,
 * port and path of the public base URL or of an address the service listens on, with that URL's
 * own host, a loopback name or address when that host is loopback (`localhost` for `127.0.0.1`, as
 * the sandbox's certificate covers both), or a host name the sandbox serves (`SANDBOX_HOSTS`).
 */
import { isLoopbackAddress } from '../../http/served-hosts.js';
import { ValidationError } from '../../shared/errors.js';

/** How the service is reached: what a given `service_url` may name. */
export interface OwnUrls {
  /** The interface's public base URL (`PUBLIC_BASE_URL`, else the HTTPS address, else the HTTP one). */
  publicBaseUrl: string;
  /** The interface's base URLs at the addresses the service listens on. */
  listening: readonly string[];
  /** Other host names the service answers to (the sandbox's `SANDBOX_HOSTS`). */
  hosts: readonly string[];
}

const pathOf = (url: URL) => url.pathname.replace(/\/+$/, '');

/** Whether `url` reaches the interface as `base` does, under a host that is the service's too. */
function sameService(url: URL, base: URL, hosts: readonly string[]): boolean {
  if (url.protocol !== base.protocol || url.port !== base.port || pathOf(url) !== pathOf(base)) return false;
  const loopback = isLoopbackAddress(url.hostname) && isLoopbackAddress(base.hostname);
  return url.hostname === base.hostname || loopback || hosts.includes(url.hostname);
}

/** The check's base URL (no trailing slash): `given` when it is the service's own, else `400` naming `service_url`. */
export function receiverCheckBaseUrl(given: string | undefined, own: OwnUrls): string {
  if (given === undefined) return own.publicBaseUrl.replace(/\/+$/, '');
  const bases = [own.publicBaseUrl, ...own.listening].map((base) => new URL(base));
  const url = new URL(given);
  const plain = url.username === '' && url.password === '' && url.search === '' && url.hash === '';
  if (!plain || !bases.some((base) => sameService(url, base, own.hosts))) {
    throw new ValidationError(
      `service_url must be this service's own base URL, as a receiver may reach it (${bases.map((base) => `${base.origin}${pathOf(base)}`).join(', ')}, a loopback name for a loopback address, or a host the sandbox serves): the check's links and SigningCertURL start with it`,
      'service_url',
      { rule: 'format' },
    );
  }
  return `${url.origin}${pathOf(url)}`;
}
