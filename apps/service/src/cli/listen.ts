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
import type { Command } from 'commander';
import { createParser } from 'eventsource-parser';
import type { components } from '@street-events/types/operator';
import { closeOnSignals, type ShutdownLog } from '../shutdown.js';
import { addOperatorApiOptions, operatorApiOf, type OperatorApiOptions } from './operator-api.js';
import { printLine, printNote } from './output.js';

type Schemas = components['schemas'];
type Change = Schemas['InternalDeliveryChange'];
type AttemptChange = Extract<Change, { type: 'attempt' }>;

interface ListenOptions extends OperatorApiOptions {
  org: string;
  forwardTo: string;
}

/** The changes of the stream of deliveries, as they arrive, until it ends (`resync` carries none). */
async function readEvents(body: ReadableStream<Uint8Array>, onChange: (change: Change) => void): Promise<void> {
  const decoder = new TextDecoder();
  const parser = createParser({
    onEvent: ({ event, data }) => {
      if (event === 'attempt' || event === 'queued') onChange(JSON.parse(data) as Change);
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

async function listen(options: ListenOptions, log: ShutdownLog): Promise<void> {
  const api = operatorApiOf(options);
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
  const pointed = await api.expect<Schemas['InternalSubscription']>('PUT', path, {
    api_endpoint: options.forwardTo,
    ...(sandbox ? { status: 'confirmed' } : {}),
  });
  const reference = pointed.subscription_reference_number;
  const following = readEvents(changes, (change) => {
    if (change.type === 'attempt' && change.subscription === reference) printLine(deliveryLine(change));
  });
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
