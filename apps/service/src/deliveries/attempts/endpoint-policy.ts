/**
 * Which endpoints notifications may be delivered to. The endpoint URL is user input, so by
 * default only public unicast addresses are allowed: loopback, private, link-local, shared
 * (CGNAT), multicast, reserved and other special-purpose ranges are refused, and so are IPv6
 * addresses that embed such an IPv4 address (IPv4-mapped and -compatible, NAT64, 6to4,
 * Teredo). The ranges come from ipaddr.js. A deployment opens what it needs with an allow-list
 * of CIDRs (`127.0.0.0/8`, `::1/128`) and exact host names.
 */
import { propertyConstraints } from '@street-events/types';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

export interface EndpointPolicy {
  /** Whether connecting to `address`, an IP address without brackets, is allowed. */
  checkAddress(address: string): AddressVerdict;
  /** Whether `hostname` is allow-listed by name, so that any address it resolves to is allowed. */
  allowsHostName(hostname: string): boolean;
}

const rangeDescriptions: Readonly<Record<string, string>> = {
  unspecified: 'an unspecified address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a shared (CGNAT) address',
  private: 'a private address',
  reserved: 'a reserved address',
  uniqueLocal: 'a unique local address',
};

const describeRange = (range: string) => rangeDescriptions[range] ?? `a special-purpose address (${range})`;

interface Embedding {
  label: string;
  /** The bytes of the IPv4 address within the 16 bytes of the IPv6 address. */
  ipv4: (bytes: number[]) => number[];
}

const lastFourBytes = (bytes: number[]) => bytes.slice(12);

/** IPv6 ranges that carry an IPv4 address, by ipaddr.js range name. */
const embeddings: Readonly<Record<string, Embedding>> = {
  ipv4Mapped: { label: 'an IPv4-mapped address', ipv4: lastFourBytes },
  rfc6145: { label: 'an IPv4-translated address', ipv4: lastFourBytes },
  rfc6052: { label: 'a NAT64 address', ipv4: lastFourBytes },
  '6to4': { label: 'a 6to4 address', ipv4: (bytes) => bytes.slice(2, 6) },
  // The Teredo client's address is stored inverted in the last four bytes.
  teredo: { label: 'a Teredo address', ipv4: (bytes) => lastFourBytes(bytes).map((byte) => byte ^ 0xff) },
};

/** `::a.b.c.d`, deprecated, which ipaddr.js counts as unicast (`::` and `::1` excepted). */
const ipv4Compatible = ipaddr.IPv6.parseCIDR('::/96');
const ipv4CompatibleEmbedding: Embedding = { label: 'an IPv4-compatible address', ipv4: lastFourBytes };

/** Other ranges ipaddr.js counts as unicast that must not be reached either. */
const otherRefusedIPv6: ReadonlyArray<{ cidr: [ipaddr.IPv6, number]; description: string }> = [
  { cidr: ipaddr.IPv6.parseCIDR('fec0::/10'), description: 'a site-local address' },
  { cidr: ipaddr.IPv6.parseCIDR('64:ff9b:1::/48'), description: 'a local-use NAT64 address' },
];

/** What is wrong with the address, as a noun phrase; undefined for a public unicast address. */
function refusal(address: Address): string | undefined {
  const range = address.range();
  if (address instanceof ipaddr.IPv4) return range === 'unicast' ? undefined : describeRange(range);
  const embedding =
    embeddings[range] ?? (range === 'unicast' && address.match(ipv4Compatible) ? ipv4CompatibleEmbedding : undefined);
  if (embedding) {
    const ipv4 = new ipaddr.IPv4(embedding.ipv4(address.toByteArray()));
    const inner = refusal(ipv4);
    return inner && `${embedding.label} of ${ipv4.toString()}, ${inner}`;
  }
  if (range !== 'unicast') return describeRange(range);
  return otherRefusedIPv6.find(({ cidr }) => address.match(cidr))?.description;
}

function parseAllowedCidr(entry: string): [Address, number] {
  const [prefix = '', length] = entry.split('/');
  if (!isIP(prefix))
    throw new Error(`allow-list entry ${JSON.stringify(entry)} is not an IP address, CIDR or host name`);
  if (length === undefined) {
    const address = ipaddr.parse(prefix);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  }
  return ipaddr.parseCIDR(entry);
}

/** A host name as the URL parser writes it (lower case, punycode), or undefined if `entry` is not one. */
function asHostName(entry: string): string | undefined {
  if (!/^[^/:@?#\s[\]]+$/.test(entry) || !URL.canParse(`http://${entry}/`)) return undefined;
  const { hostname } = new URL(`http://${entry}/`);
  return isIP(hostname) ? undefined : hostname;
}

/**
 * The policy with an allow-list of CIDRs, single addresses and host names. Throws on an entry
 * that is none of these (a configuration error). An IPv4-mapped IPv6 address is matched
 * against the allow-list as the IPv4 address it stands for.
 */
export function createEndpointPolicy(allowList: readonly string[] = []): EndpointPolicy {
  const hostNames = new Set<string>();
  const cidrs: Array<[Address, number]> = [];
  for (const entry of allowList) {
    const hostName = asHostName(entry);
    if (hostName) hostNames.add(hostName);
    else cidrs.push(parseAllowedCidr(entry));
  }
  const allowListed = (address: Address) =>
    cidrs.some(([network, length]) => network.kind() === address.kind() && address.match(network, length));

  return {
    checkAddress(text) {
      if (!isIP(text) || !ipaddr.isValid(text)) return { allowed: false, reason: `${text} is not an IP address` };
      if (allowListed(ipaddr.process(text))) return { allowed: true };
      const reason = refusal(ipaddr.parse(text));
      return reason === undefined ? { allowed: true } : { allowed: false, reason: `${text} is ${reason}` };
    },
    allowsHostName: (hostname) => hostNames.has(hostname.toLowerCase()),
  };
}

/** Longest accepted `api_endpoint`: the document's `maxLength`. */
export const maxEndpointLength = propertyConstraints.SubscriptionCreateRequest.api_endpoint.maxLength;

export type EndpointCheck = { ok: true; url: URL } | { ok: false; field: 'api_endpoint'; message: string };

/**
 * Checks a subscriber's endpoint before it is stored: an absolute http or https URL of at most
 * `maxEndpointLength` characters without credentials, whose host, if an IP address in any notation the URL
 * parser accepts (`2130706433`, `0x7f.1`, `[::ffff:127.0.0.1]` …), is allowed by the policy.
 * Host names are checked when they are resolved, at every delivery (see guarded-lookup.ts).
 */
export function checkEndpoint(input: string, policy: EndpointPolicy): EndpointCheck {
  const refuse = (message: string): EndpointCheck => ({ ok: false, field: 'api_endpoint', message });
  if (input.length > maxEndpointLength) return refuse(`api_endpoint must be at most ${maxEndpointLength} characters`);
  if (!URL.canParse(input)) return refuse('api_endpoint must be an absolute URL');
  const url = new URL(input);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refuse('api_endpoint must be an http or https URL');
  if (url.username !== '' || url.password !== '')
    return refuse('api_endpoint must not contain a user name or password');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) {
    const verdict = policy.checkAddress(host);
    if (!verdict.allowed) return refuse(`api_endpoint must be a public address: ${verdict.reason}`);
  }
  return { ok: true, url };
}
