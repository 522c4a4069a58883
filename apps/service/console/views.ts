/** What the console shows, built from the operator API's answers. */
import { enumerations } from '@street-events/types';
import { enumerations as operatorEnumerations, propertyConstraints } from '@street-events/types/operator';
import type { Schemas } from './api.js';
import { h, time } from './dom.js';

const eventTypes = enumerations.AuditEventType;

/** A table in a box that scrolls sideways, so a wide table never widens the page. */
const scrolling = (table: HTMLElement) => h('div', { class: 'table-scroll' }, table);
const eventText = (type: string | null) =>
  type === null ? '—' : ((eventTypes.texts as Record<string, string>)[type] ?? type);

export function organisationsView(organisations: Schemas['InternalSandboxOrganisation'][]): HTMLElement {
  const table = h(
    'table',
    { 'aria-label': 'Sandbox organisations and their tokens' },
    h(
      'thead',
      {},
      h('tr', {}, h('th', {}, 'Organisation'), h('th', {}, 'User'), h('th', {}, 'Role'), h('th', {}, 'Token')),
    ),
    h(
      'tbody',
      {},
      ...organisations.flatMap((organisation) =>
        organisation.users.map((user) =>
          h(
            'tr',
            { 'data-organisation': organisation.name },
            h('td', {}, `${organisation.name}${organisation.swa_code ? ` (${organisation.swa_code})` : ''}`),
            h('td', {}, user.username),
            h('td', {}, user.role),
            h('td', {}, h('code', {}, user.token)),
          ),
        ),
      ),
    ),
  );
  return scrolling(table);
}

export function triggerForm(
  organisations: string[],
  onTrigger: (input: Schemas['InternalTrigger']) => void,
): HTMLElement {
  const form = h(
    'form',
    { id: 'trigger-form' },
    h('label', { for: 'trigger-organisation' }, 'Organisation (name or SWA code)'),
    h('input', { id: 'trigger-organisation', name: 'organisation', list: 'known-organisations', required: true }),
    h('datalist', { id: 'known-organisations' }, ...organisations.map((name) => h('option', { value: name }))),
    h('label', { for: 'trigger-event-type' }, 'Event kind'),
    h(
      'select',
      { id: 'trigger-event-type', name: 'event_type', required: true },
      ...eventTypes.values.map((value) => h('option', { value }, `${eventText(value)} (${value})`)),
    ),
    h('label', { for: 'trigger-work' }, 'Work reference (optional: a new work by default)'),
    h('input', { id: 'trigger-work', name: 'work_reference_number' }),
    h('button', { type: 'submit' }, 'Trigger'),
    h('p', { id: 'trigger-result', role: 'status' }),
  ) as HTMLFormElement;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const field = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    const work = field('work_reference_number');
    onTrigger({
      organisation: field('organisation'),
      event_type: field('event_type') as Schemas['InternalTrigger']['event_type'],
      ...(work ? { work_reference_number: work } : {}),
    });
  });
  return form;
}

export function subscriptionsView(
  subscriptions: Schemas['InternalSubscription'][],
  selected: string | undefined,
  onSelect: (reference: string) => void,
): HTMLElement {
  if (subscriptions.length === 0)
    return h('p', { class: 'muted' }, 'No subscriptions yet: subscribe an endpoint (or run street-events listen).');
  return h(
    'ul',
    { class: 'subscriptions' },
    ...subscriptions.map((subscription) =>
      h(
        'li',
        { 'data-subscription': subscription.subscription_reference_number },
        h(
          'button',
          {
            type: 'button',
            class: subscription.subscription_reference_number === selected ? '' : 'secondary',
            'aria-pressed': subscription.subscription_reference_number === selected ? 'true' : 'false',
            onclick: () => onSelect(subscription.subscription_reference_number),
          },
          `${subscription.organisation.name}: ${subscription.status}`,
        ),
        h('div', { class: 'muted' }, h('code', {}, subscription.api_endpoint)),
        subscription.failing_since
          ? h('div', { class: 'status-failed' }, `endpoint failing since ${subscription.failing_since}`)
          : null,
      ),
    ),
  );
}

/** Attempts whose details are open (`<message id>:<index>`), kept open when the list is drawn again. */
const opened = new Set<string>();

function attemptView(messageId: string, attempt: Schemas['InternalAttempt'], index: number): HTMLElement {
  const key = `${messageId}:${index}`;
  const answered = attempt.status === null ? `no answer: ${attempt.error ?? 'unknown'}` : `HTTP ${attempt.status}`;
  const details = h(
    'details',
    { class: 'attempt', 'data-outcome': attempt.outcome, open: opened.has(key) },
    h(
      'summary',
      {},
      `Attempt ${index + 1} · ${time(attempt.attempted_at)} · `,
      h('span', { class: attempt.outcome === 'delivered' ? 'status-ok' : 'status-failed' }, answered),
      ` · ${attempt.latency_ms} ms · ${attempt.outcome}`,
      attempt.next_attempt_at ? ` · next ${time(attempt.next_attempt_at)}` : '',
    ),
    h('h4', {}, 'Request headers'),
    h(
      'pre',
      {},
      Object.entries(attempt.request_headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\n'),
    ),
    h('h4', {}, 'Request body'),
    h('pre', {}, attempt.request_body),
    h('h4', {}, 'Response (first KiB)'),
    h('pre', {}, attempt.response_excerpt ?? '—'),
  ) as HTMLDetailsElement;
  details.addEventListener('toggle', () => (details.open ? opened.add(key) : opened.delete(key)));
  return details;
}

export function messagesView(
  messages: Schemas['InternalMessage'][],
  onReplay: (messageId: string) => void,
): HTMLElement {
  if (messages.length === 0) return h('p', { class: 'muted' }, 'No messages yet: trigger an event.');
  return h(
    'ol',
    { class: 'messages' },
    ...messages.map((message) =>
      h(
        'li',
        { 'data-message-id': message.message_id, 'data-state': message.state },
        h(
          'div',
          { class: 'message-head' },
          h(
            'strong',
            {},
            message.kind === 'confirmation' ? 'Subscription confirmation' : eventText(message.event_type),
          ),
          ` · ${message.state}`,
          message.update_id === null ? '' : ` · update ${message.update_id}`,
          message.state === 'pending' ? ` · next attempt ${time(message.next_attempt_at)}` : '',
          ` · ${time(message.created_at)} · `,
          h('code', {}, message.message_id),
        ),
        h(
          'button',
          { type: 'button', class: 'secondary replay', onclick: () => onReplay(message.message_id) },
          'Replay',
        ),
        message.attempt_count > message.attempts.length
          ? h('p', { class: 'muted' }, `${message.attempt_count - message.attempts.length} older attempts not shown`)
          : '',
        ...message.attempts.map((attempt, index) =>
          attemptView(message.message_id, attempt, message.attempt_count - message.attempts.length + index),
        ),
      ),
    ),
  );
}

export function deadLettersView(
  letters: Schemas['InternalDeadLetter'][],
  onReplay: (messageId: string) => void,
): HTMLElement {
  if (letters.length === 0) return h('p', { class: 'muted' }, 'No dead letters.');
  return h(
    'ul',
    {},
    ...letters.map((letter) =>
      h(
        'li',
        { 'data-message-id': letter.message_id },
        `${letter.subscription_reference_number} · ${letter.attempts} attempts · ${letter.last_error ?? ''} `,
        h('button', { type: 'button', class: 'secondary', onclick: () => onReplay(letter.message_id) }, 'Replay'),
      ),
    ),
  );
}

/** The document's bounds on a move of the clock (`by`). */
const clockAdvance = propertyConstraints.InternalClockAdvance;

/** Moves offered at a click: an hour, a day, past the 48 hours to confirm, past the seven days of a cursor. */
const clockMoves = ['1h', '1d', '49h', '8d'] as const;

/** `2 d 1 h ahead of the wall clock`, or `on the wall clock`. */
function aheadText(seconds: number): string {
  if (seconds === 0) return 'on the wall clock';
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts = [days && `${days} d`, hours && `${hours} h`, minutes && `${minutes} min`].filter(Boolean);
  return `${parts.length > 0 ? parts.join(' ') : `${seconds} s`} ahead of the wall clock`;
}

export function clockView(
  clock: Schemas['InternalSandboxClock'],
  onAdvance: (by: string) => void,
  onReset: () => void,
): HTMLElement {
  const custom = h('input', {
    id: 'clock-by',
    name: 'by',
    placeholder: 'e.g. 5d',
    size: 6,
    pattern: clockAdvance.by.pattern,
    maxlength: clockAdvance.by.maxLength,
    'aria-label': 'Advance by',
  }) as HTMLInputElement;
  const form = h(
    'form',
    { id: 'clock-form' },
    h('p', { id: 'clock-now' }, `Sandbox time ${time(clock.now)} (${aheadText(clock.offset_seconds)}).`),
    ...clockMoves.map((by) => h('button', { type: 'button', onclick: () => onAdvance(by) }, `+${by}`)),
    custom,
    h('button', { type: 'submit' }, 'Advance'),
    h('button', { type: 'button', onclick: onReset, disabled: clock.offset_seconds === 0 }, 'Reset'),
    h('p', { id: 'clock-result', role: 'status' }),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (custom.value.trim()) onAdvance(custom.value.trim());
  });
  return form;
}

/** The document's bounds on a receiver check's endpoint, and its styles. */
const receiverCheck = propertyConstraints.InternalReceiverCheck;
const checkStyles = operatorEnumerations.ReceiverCheckStyle.values;

export function receiverCheckForm(
  onCheck: (endpoint: string, style: Schemas['ReceiverCheckStyle']) => void,
): HTMLElement {
  const endpoint = h('input', {
    id: 'check-endpoint',
    name: 'endpoint',
    type: 'url',
    required: true,
    size: 40,
    placeholder: 'http://127.0.0.1:9000/hook',
    maxlength: receiverCheck.endpoint.maxLength,
    'aria-label': 'Receiver endpoint',
  }) as HTMLInputElement;
  const style = h(
    'select',
    { id: 'check-style', name: 'style', 'aria-label': 'Style' },
    ...checkStyles.map((value) => h('option', { value }, value)),
  ) as HTMLSelectElement;
  const form = h(
    'form',
    { id: 'check-form' },
    endpoint,
    style,
    h('button', { type: 'submit' }, 'Check the receiver'),
    h('p', { id: 'check-result', role: 'status' }),
    h('div', { id: 'check-scorecard' }),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    onCheck(endpoint.value.trim(), style.value as Schemas['ReceiverCheckStyle']);
  });
  return form;
}

export function scorecardView(scorecard: Schemas['InternalReceiverScorecard']): HTMLElement {
  const table = h(
    'table',
    { 'aria-label': 'Receiver check' },
    h(
      'thead',
      {},
      h('tr', {}, h('th', {}, 'Check'), h('th', {}, 'Result'), h('th', {}, 'What it did'), h('th', {}, 'Expected')),
    ),
    h(
      'tbody',
      {},
      ...scorecard.checks.map((check) =>
        h(
          'tr',
          { 'data-check': check.check, class: check.passed ? 'passed' : 'failed' },
          h('td', {}, h('a', { href: check.docs }, check.check)),
          h('td', {}, check.passed ? 'pass' : 'FAIL'),
          h('td', {}, check.observed),
          h('td', {}, check.expected),
        ),
      ),
    ),
  );
  return scrolling(table);
}

const percent = (rate: number) => `${Math.round(rate * 1000) / 10} %`;

/** The chaos profile in a sentence: what happens to notifications, polls and searches. */
function chaosSummary({ preset, seed, ...status }: Schemas['InternalChaosStatus']): string {
  // The service answers every field of its profile (the document's defaults filled in).
  const profile = status.profile as Required<Schemas['InternalChaosProfile']>;
  const within = profile.reorder_within_work ? ', even within a work' : '';
  return (
    `${preset ?? 'From a file'}, seed ${seed}: notifications ${percent(profile.drop_rate)} dropped, ` +
    `${percent(profile.duplicate_rate)} duplicated, ${percent(profile.delay_rate)} delayed up to ` +
    `${profile.max_delay_ms} ms${within}; polls and searches ${percent(profile.unavailable_rate)} 503, ` +
    `${percent(profile.throttled_rate)} 429; polling ${profile.visibility_lag_ms} ms behind.`
  );
}

/** The chaos profile, and per organisation what was sent against where its polling has reached. */
export function chaosView(status: Schemas['InternalChaosStatus']): HTMLElement {
  const columns = ['Organisation', 'Created', 'Sent', 'Dropped', 'Duplicated', 'Delayed', 'Polled to', 'Head', ''];
  const rows = status.organisations.map((one) =>
    h(
      'tr',
      { 'data-organisation': one.organisation },
      ...[one.organisation, one.created, one.sent, one.dropped, one.duplicated, one.delayed].map((cell) =>
        h('td', {}, cell),
      ),
      h('td', {}, one.poller_position ?? '—'),
      h('td', {}, one.head ?? '—'),
      h('td', { class: one.caught_up ? 'status-ok' : 'status-failed' }, one.caught_up ? 'caught up' : 'behind'),
    ),
  );
  return h(
    'div',
    {},
    h('p', { id: 'chaos-profile' }, chaosSummary(status)),
    rows.length === 0
      ? h('p', { class: 'muted' }, 'No organisation has been sent a notification or polled yet.')
      : scrolling(
          h(
            'table',
            { 'aria-label': 'What was sent against where polling has reached' },
            h('thead', {}, h('tr', {}, ...columns.map((column) => h('th', {}, column)))),
            h('tbody', {}, ...rows),
          ),
        ),
  );
}
