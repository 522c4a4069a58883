import { explainingCertificateFailures } from '../errors.js';
import type { WebhookKeySet, WebhookPublicKey } from './verify-signature.js';

/** Where a receiver gets the service's public keys. */
export interface WebhookKeyProvider {
  /** The keys known now (fetched on first use). */
  keys(): Promise<WebhookPublicKey[]>;
  /** Fetches the keys again, unless that was done too recently; true when the keys were fetched. */
  refresh(): Promise<boolean>;
}

export interface FetchedWebhookKeysOptions {
  /** The JSON Web Key Set's URL: `{origin}/.well-known/webhook-keys` of the service. */
  url: string;
  fetch?: (request: Request) => Promise<Response>;
  /** Fetch again at most this often (when a message carries no known key). Default 60 000 ms. */
  minRefreshIntervalMs?: number;
}

/**
 * The service's keys from its JSON Web Key Set, fetched on first use and cached. A message
 * signed only with keys the cache does not hold (the service rotated them) makes the receiver
 * fetch again, at most once per `minRefreshIntervalMs`, so forged messages cannot make it
 * hammer the service. Only ed25519 signing keys are kept.
 */
export function fetchedWebhookKeys(options: FetchedWebhookKeysOptions): WebhookKeyProvider {
  const { url, minRefreshIntervalMs = 60_000 } = options;
  const fetch = explainingCertificateFailures(options.fetch);
  let current: Promise<WebhookPublicKey[]> | undefined;
  let refreshedAt = -Infinity;

  const load = () => {
    const loading = fetchKeys(url, fetch);
    // A failed fetch is not cached: the next message tries again.
    loading.catch(() => {
      if (current === loading) current = undefined;
    });
    current = loading;
    return loading;
  };

  return {
    keys: () => current ?? load(),
    async refresh() {
      if (Date.now() - refreshedAt < minRefreshIntervalMs) return false;
      refreshedAt = Date.now();
      await load();
      return true;
    },
  };
}

async function fetchKeys(url: string, fetch: (request: Request) => Promise<Response>): Promise<WebhookPublicKey[]> {
  const response = await fetch(new Request(url, { headers: { accept: 'application/json' }, redirect: 'error' }));
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const set = (await response.json()) as Partial<WebhookKeySet>;
  if (!Array.isArray(set.keys)) throw new Error(`GET ${url} did not return a JSON Web Key Set`);
  return set.keys.filter(isSigningKey);
}

function isSigningKey(key: unknown): key is WebhookPublicKey {
  if (typeof key !== 'object' || key === null) return false;
  const { kty, crv, x, use } = key as Record<string, unknown>;
  return kty === 'OKP' && crv === 'Ed25519' && typeof x === 'string' && (use === undefined || use === 'sig');
}

/** Keys given directly (e.g. from configuration); never refreshed. */
export function staticWebhookKeys(keys: WebhookKeySet | readonly WebhookPublicKey[]): WebhookKeyProvider {
  const list = isKeyList(keys) ? [...keys] : [...keys.keys];
  return { keys: () => Promise.resolve(list), refresh: () => Promise.resolve(false) };
}

// `Array.isArray` narrows a readonly array to `any[]`; this keeps its element type.
function isKeyList(keys: WebhookKeySet | readonly WebhookPublicKey[]): keys is readonly WebhookPublicKey[] {
  return Array.isArray(keys);
}
