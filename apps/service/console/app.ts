/**
 * The console, for an Operator (the loader has checked the token and kept it for this tab):
 * trigger any kind of event, move the sandbox's clock, see each subscription's messages with every attempt as sent and as
 * answered, replay one, check a receiver, see what the sandbox's chaos profile did against where each poller has
 * reached, and follow it all live from the operator API's stream of changes.
 */
import { operatorApi, problemOf, type Schemas } from './api.js';
import { h, show } from './dom.js';
import { mode, savedToken } from './session.js';
import { followStream } from './stream.js';
import {
  chaosView,
  clockView,
  deadLettersView,
  messagesView,
  organisationsView,
  receiverCheckForm,
  scorecardView,
  subscriptionsView,
  triggerForm,
} from './views.js';

const api = operatorApi(savedToken()!);
const sandbox = mode() === 'sandbox';
const state: { selected?: string; organisations: string[] } = { organisations: [] };

function card(title: string, id: string, wide = false): HTMLElement {
  return h(
    'section',
    { class: wide ? 'card wide' : 'card', 'aria-labelledby': `${id}-title` },
    h('h2', { id: `${id}-title` }, title),
    h('div', { id }, h('p', { class: 'muted' }, 'Loading…')),
  );
}

function say(id: string, text: string): void {
  document.getElementById(id)!.textContent = text;
}

async function loadOrganisations(): Promise<void> {
  const { data, error, response } = await api.GET('/sandbox/organisations');
  if (error) return show('organisations', h('p', { role: 'alert' }, problemOf(error, response)));
  state.organisations = data.organisations.map((organisation) => organisation.name);
  show('organisations', organisationsView(data.organisations));
}

async function loadSubscriptions(): Promise<void> {
  const { data, error, response } = await api.GET('/subscriptions');
  if (error) return show('subscriptions', h('p', { role: 'alert' }, problemOf(error, response)));
  state.selected ??= data.subscriptions[0]?.subscription_reference_number;
  show('subscriptions', subscriptionsView(data.subscriptions, state.selected, select));
}

async function loadMessages(): Promise<void> {
  const reference = state.selected;
  if (reference === undefined) return show('messages', h('p', { class: 'muted' }, 'Choose a subscription.'));
  const { data, error, response } = await api.GET('/subscriptions/{subscription_reference_number}/messages', {
    params: { path: { subscription_reference_number: reference }, query: { limit: 25 } },
  });
  if (error) return show('messages', h('p', { role: 'alert' }, problemOf(error, response)));
  show(
    'messages',
    h('p', { class: 'muted' }, `Subscription ${reference}, newest first.`),
    messagesView(data.messages, (id) => void replay(id)),
  );
}

async function loadDeadLetters(): Promise<void> {
  const { data, error, response } = await api.GET('/dead-letters');
  if (error) return show('dead-letters', h('p', { role: 'alert' }, problemOf(error, response)));
  show(
    'dead-letters',
    deadLettersView(data.dead_letters, (id) => void replay(id)),
  );
}

function select(reference: string): void {
  state.selected = reference;
  void refresh();
}

async function trigger(input: Schemas['InternalTrigger']): Promise<void> {
  say('trigger-result', `Triggering ${input.event_type}…`);
  const { data, error, response } = await api.POST('/trigger', { body: input });
  if (error) return say('trigger-result', problemOf(error, response));
  const last = data.events.at(-1);
  say(
    'trigger-result',
    `Recorded ${data.events.length} event(s)${data.work_reference_number ? ` on ${data.work_reference_number}` : ''}; ` +
      `the last: ${last?.event_type ?? '—'}, update ${last?.update_id ?? '—'}.`,
  );
}

async function loadClock(result?: string): Promise<void> {
  const { data, error, response } = await api.GET('/sandbox/clock');
  if (error) return show('clock', h('p', { role: 'alert' }, problemOf(error, response)));
  show(
    'clock',
    clockView(
      data,
      (by) => void advanceClock(by),
      () => void resetClock(),
    ),
  );
  if (result) say('clock-result', result);
}

/** The chaos profile's card: its figures, or how to start the sandbox with one (`404` without). */
async function loadChaos(): Promise<void> {
  const { data, error, response } = await api.GET('/sandbox/chaos');
  if (response.status === 404)
    return show('chaos', h('p', { class: 'muted' }, 'No chaos profile. Start with serve --sandbox --chaos flaky.'));
  if (error) return show('chaos', h('p', { role: 'alert' }, problemOf(error, response)));
  show('chaos', chaosView(data));
}

async function advanceClock(by: string): Promise<void> {
  say('clock-result', `Moving the clock ${by} forward…`);
  const { data, error, response } = await api.POST('/sandbox/clock/advance', { body: { by } });
  if (error) return say('clock-result', problemOf(error, response));
  const brought = data.events.map((event) => `${event.event_type} (${event.object_reference_number ?? '—'})`);
  const removed = data.subscriptions_removed.map((reference) => `subscription ${reference} removed`);
  const what = [...brought, ...removed];
  await loadClock(`Moved ${by} forward. ${what.length > 0 ? `It brought: ${what.join(', ')}.` : 'Nothing fell due.'}`);
  await refresh();
}

async function resetClock(): Promise<void> {
  const { error, response } = await api.POST('/sandbox/clock/reset');
  if (error) return say('clock-result', problemOf(error, response));
  await loadClock('Back on the wall clock.');
  await refresh();
}

async function replay(messageId: string): Promise<void> {
  const { error, response } = await api.POST('/messages/{message_id}/replay', {
    params: { path: { message_id: messageId } },
  });
  say('console-status', error ? problemOf(error, response) : `Message ${messageId} queued again.`);
  await refresh();
}

async function checkReceiver(endpoint: string, style: Schemas['ReceiverCheckStyle']): Promise<void> {
  say('check-result', `Checking ${endpoint}… (up to a few seconds a check)`);
  show('check-scorecard');
  const { data, error, response } = await api.POST('/receiver-checks', { body: { endpoint, style } });
  if (error) return say('check-result', problemOf(error, response));
  const passed = data.checks.filter((check) => check.passed).length;
  say('check-result', `${passed} of ${data.checks.length} checks passed (TopicArn ${data.topic_arn}).`);
  show('check-scorecard', scorecardView(data));
}

async function refresh(): Promise<void> {
  await loadSubscriptions();
  await Promise.all([loadMessages(), loadDeadLetters(), ...(sandbox ? [loadChaos()] : [])]);
}

/** Refreshes at most every 300 ms while changes arrive. */
function refreshSoon(): void {
  if (refreshSoon.pending) return;
  refreshSoon.pending = true;
  setTimeout(() => {
    refreshSoon.pending = false;
    void refresh();
  }, 300);
}
refreshSoon.pending = false;

async function main(): Promise<void> {
  show(
    'console',
    h('p', { id: 'console-status', class: 'wide', role: 'status' }),
    ...(sandbox
      ? [card('Trigger an event', 'trigger'), card('Sandbox clock', 'clock'), card('Chaos profile', 'chaos', true)]
      : []),
    card('Subscriptions', 'subscriptions'),
    card('Messages and attempts', 'messages', true),
    card('Dead letters', 'dead-letters', true),
    card('Check a receiver', 'receiver-check', true),
    ...(sandbox ? [card('Sandbox organisations and tokens', 'organisations', true)] : []),
  );
  if (sandbox) {
    await Promise.all([loadOrganisations(), loadClock()]);
    // Triggering is the sandbox's alone (`POST /internal/trigger` is not served elsewhere).
    show(
      'trigger',
      triggerForm(state.organisations, (input) => void trigger(input)),
    );
  }
  show(
    'receiver-check',
    receiverCheckForm((endpoint, style) => void checkReceiver(endpoint, style)),
  );
  await refresh();
  const live = document.getElementById('mode')!;
  const label = sandbox ? 'Sandbox' : 'Operator';
  void followStream(
    savedToken()!,
    refreshSoon,
    (connected) => (live.textContent = `${label} · ${connected ? 'live' : 'reconnecting…'}`),
    new AbortController().signal,
  );
}

void main();
