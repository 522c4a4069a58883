/**
 * `street-events listen`: forwards an organisation's notifications to a developer's handler and
 * prints one line per delivery as it happens, until Ctrl-C. It talks to a running service
 * through the operator API (so it works beside a PGlite sandbox, which one process holds): it
 * points the organisation's subscription at the handler (creating one if there is none), in
 * the sandbox confirmed at once on the developer's behalf (elsewhere the handler confirms, by
 * the SubscribeURL it is sent), follows the stream of delivery changes, and on exit leaves the
 * subscription as it found it: the previous endpoint and state restored, or the one it created
 * removed.
 */
import { Command, Option } from 'commander';
import type { components } from '../internal/generated.js';
import { defaultTokensFile, readSandboxTokens } from '../seed/sandbox-tokens.js';
import { closeOnSignals, type ShutdownLog } from '../shutdown.js';

type Schemas = components['schemas'];
type Change = Schemas['InternalDeliveryChange'];
type AttemptChange = Extract<Change, { type: 'attempt' }>;

interface ListenOptions {
  org: string;
  forwardTo: string;
  service: string;
  token?: string;
  dataDir: string;
}

/** The operator API of a running service; a refusal is an error naming the service's message. */
class OperatorApi {
  constructor(
    private readonly origin: string,
    private readonly token: string,
  ) {}

  async call<Body>(method: string, path: string, body?: unknown): Promise<{ status: number; body: Body }> {
    const response = await fetch(`${this.origin}${path}`, {
      method,
      headers: { token: this.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch((error: unknown) => {
      const cause = (error as { cause?: { message?: string } }).cause?.message ?? String(error);
      throw new Error(`the service at ${this.origin} cannot be reached (${cause}); is it running?`);
    });
    const parsed = (await response.json().catch(() => undefined)) as Body;
    return { status: response.status, body: parsed };
  }

  /** The answer of a call that must succeed. */
  async expect<Body>(method: string, path: string, body?: unknown): Promise<Body> {
    const answer = await this.call<Body & { message?: string }>(method, path, body);
    if (answer.status >= 300) throw new Error(answer.body?.message ?? `${method} ${path} answered ${answer.status}`);
    return answer.body;
  }

  /** The event stream of delivery changes, open (the service listening) once this resolves. */
  async stream(signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
    const response = await fetch(`${this.origin}/internal/deliveries/stream`, {
      headers: { token: this.token },
      signal,
    });
    if (!response.ok || !response.body) throw new Error(`the stream of deliveries answered ${response.status}`);
    return response.body;
  }
}

/** The `data` of each event of a `text/event-stream`, as JSON, until it ends. */
async function readEvents(body: ReadableStream<Uint8Array>, onChange: (change: Change) => void): Promise<void> {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
      const data = /^data: (.*)$/m.exec(buffered.slice(0, end))?.[1];
      buffered = buffered.slice(end + 2);
      if (data !== undefined && data !== '{}') onChange(JSON.parse(data) as Change);
    }
  }
}

/** One line per attempt: time, event type, update_id, the handler's status (or why it had none) and latency. */
export function deliveryLine(change: AttemptChange): string {
  const what = change.event_type ?? 'SubscriptionConfirmation';
  const answer = change.status === null ? (change.error ?? 'no answer') : String(change.status);
  const next = change.next_attempt_at ? `  next attempt ${change.next_attempt_at}` : '';
  const dead = change.outcome === 'dead' ? '  dead-lettered' : '';
  return `${change.attempted_at}  ${what}  update_id ${change.update_id ?? '-'}  ${answer}  ${change.latency_ms} ms${next}${dead}`;
}

/** The token: given, or the sandbox Operator's, kept in the PGlite data directory by `serve --sandbox`. */
function operatorToken(options: ListenOptions): string {
  if (options.token) return options.token;
  const file = defaultTokensFile({ kind: 'pglite', dataDir: options.dataDir });
  const kept = file ? readSandboxTokens(file).find((user) => user.role === 'Operator') : undefined;
  if (!kept) throw new Error('give an Operator token: --token, or STREET_EVENTS_TOKEN');
  return kept.token;
}

async function listen(options: ListenOptions, log: ShutdownLog): Promise<void> {
  const api = new OperatorApi(new URL(options.service).origin, operatorToken(options));
  const sandbox = (await api.call('GET', '/internal/sandbox/organisations')).status === 200;
  const organisation = encodeURIComponent(options.org);
  const { subscriptions } = await api.expect<Schemas['InternalSubscriptionList']>(
    'GET',
    `/internal/subscriptions?organisation=${organisation}`,
  );
  const previous = subscriptions[0];
  const path = `/internal/organisations/${organisation}/subscription`;
  const stop = new AbortController();
  // Opened before the subscription changes, so that its first delivery is not missed.
  const changes = await api.stream(stop.signal);
  const pointed = await api.expect<Schemas['InternalSubscription']>('PUT', path, {
    api_endpoint: options.forwardTo,
    ...(sandbox ? { status: 'confirmed' } : {}),
  });
  const reference = pointed.subscription_reference_number;
  const following = readEvents(changes, (change) => {
    if (change.type === 'attempt' && change.subscription === reference) console.log(deliveryLine(change));
  });
  const restore = async () => {
    stop.abort();
    if (previous) await api.expect('PUT', path, { api_endpoint: previous.api_endpoint, status: previous.status });
    else await api.expect('DELETE', path);
    console.error(
      previous ? `subscription ${reference} restored to ${previous.api_endpoint}` : `subscription ${reference} removed`,
    );
  };
  closeOnSignals(restore, { graceMs: 10_000, log });
  console.error(
    `forwarding ${pointed.organisation.name}'s notifications (${reference}, ${pointed.status}) to ${options.forwardTo}; Ctrl-C to stop`,
  );
  if (pointed.status !== 'confirmed')
    console.error('confirm it: your handler is sent a SubscriptionConfirmation; GET its SubscribeURL');
  const ended = await following.then(
    () => new Error('the service closed the stream of deliveries'),
    (error: unknown) => error,
  );
  if (stop.signal.aborted) return;
  await restore().catch(() => undefined);
  throw ended;
}

/** A shutdown that prints nothing but failures. */
const quiet: ShutdownLog = {
  info: () => undefined,
  error: (fields, message) => console.error(`error: ${message}: ${String(Object.values(fields)[0])}`),
};

export function addListenCommand(program: Command): void {
  program
    .command('listen')
    .description(
      "forward an organisation's notifications to a local handler through a running service, printing each delivery, until Ctrl-C",
    )
    .requiredOption('--org <organisation>', 'the organisation: its name or swa_code')
    .requiredOption('--forward-to <url>', 'the handler, e.g. http://localhost:3000/webhooks')
    .addOption(
      new Option('--service <url>', 'the running service').env('STREET_EVENTS_URL').default('http://localhost:8080'),
    )
    .addOption(
      new Option('--token <token>', "an Operator token (default: the sandbox operator's)").env('STREET_EVENTS_TOKEN'),
    )
    .action((options: Omit<ListenOptions, 'dataDir'>, command: Command) =>
      listen({ ...options, dataDir: command.optsWithGlobals<{ dataDir: string }>().dataDir }, quiet),
    );
}
