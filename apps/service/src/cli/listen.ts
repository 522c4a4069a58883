/**
 * `street-events listen`: forwards an organisation's notifications to a developer's handler and
 * prints one line per delivery as it happens, until Ctrl-C. It talks to a running service
 * through the operator API (so it works beside a PGlite sandbox, which one process holds): it
 * points the organisation's subscription at the handler (creating one if there is none), in
 * the sandbox confirmed at once on the developer's behalf (elsewhere the handler confirms, by
 * the SubscribeURL it is sent), follows the stream of delivery changes, and on exit leaves the
 * subscription as it found it: the previous endpoint and state restored, or the one it created
 * removed. When the stream says changes may have been missed (`resync`: the service's LISTEN
 * connection was lost and came back), or the service ended the stream (it restarted) and it was
 * opened again, it reads the subscription's newest messages and prints the attempts it had not
 * printed, so a delivery is never silently left out.
 */
import type { Command } from 'commander';
import { createParser } from 'eventsource-parser';
import type { components } from '@street-events/types/operator';
import { closeOnSignals, type ShutdownLog } from '../shutdown.js';
import { listOperations } from '../http/openapi.js';
import { retryWithBackoff } from '../shared/backoff.js';
import { loadOperatorDocument } from '../shared/documents.js';
import { addOperatorApiOptions, operatorApiOf, type OperatorApi, type OperatorApiOptions } from './operator-api.js';
import { printLine, printNote } from './output.js';

type Schemas = components['schemas'];
type Change = Schemas['InternalDeliveryChange'];
type AttemptChange = Extract<Change, { type: 'attempt' }>;

interface ListenOptions extends OperatorApiOptions {
  org: string;
  forwardTo: string;
}

/** Reads the stream of deliveries until it ends: each change as it arrives, and each `resync` (it carries none). */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onChange: (change: Change) => void,
  onResync: () => void,
): Promise<void> {
  const decoder = new TextDecoder();
  const parser = createParser({
    onEvent: ({ event, data }) => {
      if (event === 'attempt' || event === 'queued') onChange(JSON.parse(data) as Change);
      else if (event === 'resync') onResync();
    },
  });
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>)
    parser.feed(decoder.decode(chunk, { stream: true }));
}

/** One line per attempt: time, event type, update_id, the handler's status (or why it had none) and latency. */
export function deliveryLine(change: AttemptChange): string {
  const what = change.event_type ?? 'SubscriptionConfirmation';
  const answer = change.status === null ? (change.error ?? 'no answer') : String(change.status);
  const next = change.next_attempt_at ? `  next attempt ${change.next_attempt_at}` : '';
  const dead = change.outcome === 'dead' ? '  dead-lettered' : '';
  return `${change.attempted_at}  ${what}  update_id ${change.update_id ?? '-'}  ${answer}  ${change.latency_ms} ms${next}${dead}`;
}

/** How many messages a refetch reads: the newest page, as many as the operator document lets a page of `listMessages` hold. */
function refetchedMessages(): number {
  const listMessages = listOperations(loadOperatorDocument()).find(({ operationId }) => operationId === 'listMessages');
  return listMessages!.queryParameters.find(({ name }) => name === 'limit')!.schema.maximum as number;
}

/** How many printed attempts are remembered, so that one the stream and a refetch both bring is printed once. */
const rememberedAttempts = 10_000;

/** A page of messages' attempts as the stream reports them, oldest first. */
function attemptsOf(subscription: string, page: Schemas['InternalMessagePage']): AttemptChange[] {
  const changes = page.messages.flatMap((message) =>
    message.attempts.map(
      (attempt): AttemptChange => ({
        type: 'attempt',
        subscription,
        message_id: message.message_id,
        kind: message.kind,
        event_type: message.event_type,
        update_id: message.update_id,
        attempted_at: attempt.attempted_at,
        status: attempt.status,
        error: attempt.error,
        latency_ms: attempt.latency_ms,
        outcome: attempt.outcome,
        next_attempt_at: attempt.next_attempt_at,
      }),
    ),
  );
  return changes.sort((a, b) => Date.parse(a.attempted_at) - Date.parse(b.attempted_at));
}

/** Prints each attempt once, however often it is brought; those `seen` before listening began are never printed. */
class AttemptLines {
  private readonly printed = new Set<string>();

  seen(change: AttemptChange): boolean {
    const key = `${change.message_id} ${Date.parse(change.attempted_at)}`;
    if (this.printed.has(key)) return true;
    this.printed.add(key);
    if (this.printed.size > rememberedAttempts) this.printed.delete(this.printed.values().next().value!);
    return false;
  }

  print(change: AttemptChange): void {
    if (!this.seen(change)) printLine(deliveryLine(change));
  }
}

/** Opening the stream again after the service ended it: after a quarter of a second, then twice as long each time, up to 5 s. */
const reopening = { firstMs: 250, maxMs: 5000, pauseFirst: true };

/** A refusal of the stream that opening it again would not change (the token, the route): anything but a 5xx. */
const refusedForGood = (error: unknown): boolean => {
  const { status } = error as { status?: number };
  return status !== undefined && status < 500;
};

/**
 * Prints the subscription's attempts as the stream brings them; after each `resync`, and after
 * opening the stream again when the service ended it (it restarted, say), those of its `newest`
 * messages it had not printed. Resolves once `signal` aborts; rejects when the stream is refused
 * for good.
 */
async function follow(
  api: OperatorApi,
  first: ReadableStream<Uint8Array>,
  follower: { lines: AttemptLines; reference: string; newest: () => Promise<AttemptChange[]> },
  signal: AbortSignal,
): Promise<void> {
  const { lines, reference, newest } = follower;
  let refetching = Promise.resolve();
  const refetch = () => {
    refetching = refetching
      .then(newest)
      .then((attempts) => attempts.forEach((attempt) => lines.print(attempt)))
      .catch((error: unknown) => printNote(`error: reading the deliveries missed: ${String(error)}`));
  };
  const onChange = (change: Change) => {
    if (change.type === 'attempt' && change.subscription === reference) lines.print(change);
  };
  let changes = first;
  for (;;) {
    await readEvents(changes, onChange, refetch).catch(() => undefined);
    if (signal.aborted) return;
    printNote('the service ended the stream of deliveries; opening it again (Ctrl-C to stop)');
    try {
      changes = await retryWithBackoff(() => api.stream(signal), {
        ...reopening,
        signal,
        retryIf: (error) => !refusedForGood(error),
      });
    } catch (error) {
      if (signal.aborted) return;
      throw error;
    }
    printNote('following the deliveries again');
    refetch();
  }
}

async function listen(options: ListenOptions, log: ShutdownLog): Promise<void> {
  const api = await operatorApiOf(options);
  const sandbox = (await api.call('GET', '/sandbox/organisations')).status === 200;
  const organisation = encodeURIComponent(options.org);
  const { subscriptions } = await api.expect<Schemas['InternalSubscriptionList']>(
    'GET',
    `/subscriptions?organisation=${organisation}`,
  );
  const previous = subscriptions[0];
  const path = `/organisations/${organisation}/subscription`;
  const stop = new AbortController();
  // Opened before the subscription changes, so that its first delivery is not missed.
  const changes = await api.stream(stop.signal);
  // What was attempted before it points the subscription here is history, never printed, even after a `resync`.
  const lines = new AttemptLines();
  const limit = refetchedMessages();
  const newest = (reference: string) =>
    api
      .expect<Schemas['InternalMessagePage']>('GET', `/subscriptions/${reference}/messages?limit=${limit}`)
      .then((page) => attemptsOf(reference, page));
  if (previous) for (const attempt of await newest(previous.subscription_reference_number)) lines.seen(attempt);
  const pointed = await api.expect<Schemas['InternalSubscription']>('PUT', path, {
    api_endpoint: options.forwardTo,
    ...(sandbox ? { status: 'confirmed' } : {}),
  });
  const reference = pointed.subscription_reference_number;
  const following = follow(api, changes, { lines, reference, newest: () => newest(reference) }, stop.signal);
  const restore = async () => {
    stop.abort();
    if (previous) await api.expect('PUT', path, { api_endpoint: previous.api_endpoint, status: previous.status });
    else await api.expect('DELETE', path);
    printNote(
      previous ? `subscription ${reference} restored to ${previous.api_endpoint}` : `subscription ${reference} removed`,
    );
  };
  closeOnSignals(restore, { graceMs: 10_000, log });
  printNote(
    `forwarding ${pointed.organisation.name}'s notifications (${reference}, ${pointed.status}) to ${options.forwardTo}; Ctrl-C to stop`,
  );
  if (pointed.status !== 'confirmed')
    printNote('confirm it: your handler is sent a SubscriptionConfirmation; GET its SubscribeURL');
  // It follows until Ctrl-C (the restore then runs), or until the stream is refused for good.
  await following.catch(async (error: unknown) => {
    if (stop.signal.aborted) return;
    await restore().catch(() => undefined);
    throw error;
  });
}

/** A shutdown that prints nothing but failures. */
const quiet: ShutdownLog = {
  info: () => undefined,
  error: (fields, message) => printNote(`error: ${message}: ${String(Object.values(fields)[0])}`),
};

export function addListenCommand(program: Command): void {
  const command = program
    .command('listen')
    .description(
      "forward an organisation's notifications to a local handler through a running service, printing each delivery, until Ctrl-C",
    )
    .requiredOption('--org <organisation>', 'the organisation: its name or swa_code')
    .requiredOption('--forward-to <url>', 'the handler, e.g. http://localhost:3000/webhooks');
  addOperatorApiOptions(command).action((options: Omit<ListenOptions, 'dataDir'>, listening: Command) =>
    listen({ ...options, dataDir: listening.optsWithGlobals<{ dataDir: string }>().dataDir }, quiet),
  );
}
