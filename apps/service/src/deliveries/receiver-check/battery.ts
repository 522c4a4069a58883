/**
 * The receiver check: messages sent to a receiver one after another, as deliveries send them
 * (attempt.ts: the same endpoint policy, time limits and no redirects), each judged against what
 * the interface expects of a receiver: the handshake followed, valid and repeated messages and
 * unknown kinds acknowledged, forgeries and bad bodies refused without the receiver falling over.
 * The pub/sub `Signature` of its messages is made with a certificate of the check's own, which the
 * service serves while the check runs (check-certificates.ts), never the live one.
 */
import type { components } from '@street-events/types/operator';
import type { Database } from '../../db/database.js';
import { systemClock, type Clock } from '../../shared/clock.js';
import {
  attemptDelivery,
  defaultResponseTimeoutMs,
  type AttemptOptions,
  type AttemptOutcome,
} from '../attempts/attempt.js';
import type { DeliveryRequest } from '../messages/messages.js';
import { ensureSigningKey } from '../messages/keys.js';
import type { SignatureVersion } from '../messages/pubsub-signature.js';
import { generateSigningKey } from '../messages/signing.js';
import { startCertificateHost, type ServedCertificate } from './certificate-host.js';
import { publishCheckCertificate, withdrawCheckCertificate } from './check-certificates.js';
import { closeHandshake, handshakeFollowedAt, openHandshake } from './handshakes.js';
import {
  checkConfirmation,
  checkNotification,
  malformed,
  oversized,
  requestOf,
  tampered,
  unsubscribeConfirmationRequest,
  type Signer,
  type Style,
} from './messages.js';

type Schemas = components['schemas'];
export type CheckName = Schemas['ReceiverCheckName'];
/** One check's verdict: the scorecard's entry without its name and its link to the docs. */
type CheckResult = Omit<Schemas['InternalReceiverCheckResult'], 'check' | 'docs'>;
/** A check's name and verdict. */
export type CheckVerdict = CheckResult & { check: CheckName };

export interface ReceiverCheckOptions {
  db: Database;
  endpoint: string;
  style: Style;
  /** The service's own base URL as the receiver reaches it (no trailing slash): every link of the check's messages starts with it. */
  serviceUrl: string;
  /** The subscription whose `TopicArn` the receiver expects: one of the caller's organisation, or a new reference. */
  subscriptionReference: string;
  /** Another subscription's reference, for `wrong_topic`. */
  otherReference: string;
  signatureVersion: SignatureVersion;
  /** The service's HTTPS certificate: the other host of `certificate_off_host` serves with it when `serviceUrl` is https. */
  tls?: ServedCertificate;
  /** The endpoint policy and time limits of deliveries. */
  attempt: Pick<AttemptOptions, 'policy' | 'resolve' | 'connectTimeoutMs' | 'responseTimeoutMs'> & {
    timeoutMs: number;
  };
  /** How long the receiver may take to follow the handshake's link; 10 seconds by default. */
  handshakeWaitMs?: number;
  clock?: Clock;
}

/** The size of `oversized_body`: four times the largest notification a receiver needs to read. */
export const oversizedBytes = 1024 * 1024;
const staleByMs = 60 * 60 * 1000;
/** How long the check waits to see that an `UnsubscribeConfirmation`'s link was not followed. */
const unfollowedWaitMs = 2000;

interface Run {
  options: ReceiverCheckOptions;
  /**
   * As deliveries sign, but for the check alone: `Signature` by the check's own certificate, served
   * by the service at its `SigningCertURL`; `webhook-signature` by the service's active keys, the
   * only ones a receiver takes from the published key set.
   */
  genuine: Signer;
  /** Keys and a certificate the service never published; `SigningCertURL` still the service's (the check's). */
  foreign: Signer;
  /** A certificate on another host, and keys the service never published. */
  offHost: Signer;
  now: () => Date;
  /** The valid notification sent, and how it was answered. */
  valid?: { request: DeliveryRequest; outcome: AttemptOutcome; message: ReturnType<typeof checkNotification> };
}

const answered = (outcome: AttemptOutcome) =>
  outcome.status === null
    ? `did not answer (${outcome.reason})`
    : `answered ${outcome.status} in ${outcome.latencyMs} ms`;
const acknowledged = (outcome: AttemptOutcome) => outcome.outcome === 'delivered';

function send(run: Run, request: DeliveryRequest): Promise<AttemptOutcome> {
  return attemptDelivery(run.options.endpoint, request, { ...run.options.attempt, clock: run.now });
}

const verdict = (passed: boolean, expected: string, observed: string, outcome: AttemptOutcome | undefined) => ({
  passed,
  expected,
  observed,
  status: outcome?.status ?? null,
  latency_ms: outcome === undefined ? null : outcome.latencyMs,
});

/** Waits up to `ms` for the handshake of `token` to be followed; how long it took, or undefined. */
async function followedWithin(db: Database, token: string, ms: number): Promise<number | undefined> {
  const started = Date.now();
  for (;;) {
    if ((await handshakeFollowedAt(db, token)) !== undefined) return Date.now() - started;
    if (Date.now() - started >= ms) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function handshake(run: Run): Promise<CheckResult> {
  const { db, subscriptionReference, serviceUrl, style, handshakeWaitMs = 10_000 } = run.options;
  const token = await openHandshake(db, subscriptionReference, run.now());
  try {
    const message = checkConfirmation(subscriptionReference, serviceUrl, token, run.now());
    const outcome = await send(run, requestOf(message, run.genuine, style, run.now()));
    const followedAfter = await followedWithin(db, token, acknowledged(outcome) ? handshakeWaitMs : 0);
    const link =
      followedAfter === undefined
        ? `did not follow SubscribeURL within ${handshakeWaitMs / 1000} s`
        : `followed SubscribeURL (${followedAfter} ms)`;
    return verdict(
      acknowledged(outcome) && followedAfter !== undefined,
      'answers 2xx and confirms by a GET of SubscribeURL (a link on the service it subscribed through)',
      `${answered(outcome)}; ${link}`,
      outcome,
    );
  } finally {
    await closeHandshake(db, token);
  }
}

async function notification(run: Run): Promise<CheckResult> {
  const message = checkNotification({ subscriptionReference: run.options.subscriptionReference }, run.now());
  const request = requestOf(message, run.genuine, run.options.style, run.now());
  const outcome = await send(run, request);
  run.valid = { request, outcome, message };
  return verdict(acknowledged(outcome), 'answers 2xx to a valid notification', answered(outcome), outcome);
}

function withinTimeout(run: Run): Promise<CheckResult> {
  const outcome = run.valid!.outcome;
  const { timeoutMs, responseTimeoutMs = defaultResponseTimeoutMs } = run.options.attempt;
  const limit = Math.min(timeoutMs, responseTimeoutMs);
  return Promise.resolve(
    verdict(
      outcome.status !== null && outcome.latencyMs <= limit,
      `answers within the delivery time-out (${limit} ms until the answer's status); store the message and process it afterwards`,
      answered(outcome),
      outcome,
    ),
  );
}

async function duplicate(run: Run): Promise<CheckResult> {
  const outcome = await send(run, requestOf(run.valid!.message, run.genuine, run.options.style, run.now()));
  return verdict(
    acknowledged(outcome),
    'answers 2xx to a message it has had already (same MessageId and webhook-id): delivery is at least once',
    answered(outcome),
    outcome,
  );
}

async function unknownKind(run: Run): Promise<CheckResult> {
  const message = checkNotification({ subscriptionReference: run.options.subscriptionReference }, run.now(), {
    updateId: 2,
    eventType: 'upcoming_event',
    extra: { upcoming_field: 'a field of a later version' },
  });
  const request = requestOf(message, run.genuine, run.options.style, run.now(), { UpcomingField: 'later' });
  const outcome = await send(run, request);
  return verdict(
    acknowledged(outcome),
    'answers 2xx to an event kind and fields it does not know (upcoming_event): the interface grows',
    answered(outcome),
    outcome,
  );
}

/**
 * Whether the receiver refused: it answered, but not 2xx. Silence is no refusal: the sender cannot
 * tell it from a receiver that hangs, and sends the message again. Closing the connection on a
 * body too large to read (`closing`) is one.
 */
function refusal(outcome: AttemptOutcome, closing = false): { refused: boolean; why: string } {
  if (acknowledged(outcome)) return { refused: false, why: ': it accepted the message' };
  if (outcome.status !== null) return { refused: true, why: '' };
  if (closing && outcome.reason.startsWith('connection failed')) return { refused: true, why: '' };
  return { refused: false, why: ': a refusal is an answer (4xx); no answer looks like a hang and is sent again' };
}

/** A check that the receiver refuses `request`, answering anything but 2xx. */
async function refuses(run: Run, request: DeliveryRequest, expected: string): Promise<CheckResult> {
  const outcome = await send(run, request);
  const { refused, why } = refusal(outcome);
  return verdict(refused, expected, `${answered(outcome)}${why}`, outcome);
}

/** A check that the receiver refuses `request` and answers a valid notification afterwards. */
async function refusesAndLives(run: Run, request: DeliveryRequest, expected: string): Promise<CheckResult> {
  const outcome = await send(run, request);
  const message = checkNotification({ subscriptionReference: run.options.subscriptionReference }, run.now());
  const after = await send(run, requestOf(message, run.genuine, run.options.style, run.now()));
  const { refused, why } = refusal(outcome, true);
  const observed = `${answered(outcome)}${why}; then a valid notification: ${answered(after)}`;
  return verdict(refused && acknowledged(after), expected, observed, outcome);
}

async function unsubscribeConfirmation(run: Run): Promise<CheckResult> {
  const { db, subscriptionReference, serviceUrl, style } = run.options;
  const token = await openHandshake(db, subscriptionReference, run.now());
  try {
    const fields = { subscriptionReference, serviceUrl, token, createdAt: run.now() };
    const outcome = await send(run, unsubscribeConfirmationRequest(fields, run.genuine, style));
    const followed = await followedWithin(db, token, unfollowedWaitMs);
    const link =
      followed === undefined ? 'did not follow its SubscribeURL' : 'followed its SubscribeURL (subscribing again)';
    return verdict(
      acknowledged(outcome) && followed === undefined,
      'answers 2xx to an UnsubscribeConfirmation and does not follow its SubscribeURL, which would subscribe again',
      `${answered(outcome)}; ${link}`,
      outcome,
    );
  } finally {
    await closeHandshake(db, token);
  }
}

const staleAt = (run: Run) => new Date(run.now().getTime() - staleByMs);
const topicOf = (run: Run) => ({ subscriptionReference: run.options.subscriptionReference });

/** The checks, in the order they run. */
const checks: [CheckName, (run: Run) => Promise<CheckResult>][] = [
  ['handshake', handshake],
  ['notification', notification],
  ['within_timeout', withinTimeout],
  ['duplicate', duplicate],
  ['unknown_kind', unknownKind],
  [
    'tampered_body',
    (run) =>
      refuses(run, tampered(run.valid!.request), 'refuses a body changed after signing (verify the bytes as received)'),
  ],
  [
    'unknown_key',
    (run) =>
      refuses(
        run,
        requestOf(checkNotification(topicOf(run), run.now()), run.foreign, run.options.style, run.now()),
        'refuses signatures by keys the service never published',
      ),
  ],
  [
    'stale_timestamp',
    (run) =>
      refuses(
        run,
        requestOf(checkNotification(topicOf(run), staleAt(run)), run.genuine, run.options.style, staleAt(run)),
        'refuses a message signed an hour ago (webhook-timestamp or Timestamp more than five minutes away)',
      ),
  ],
  [
    'certificate_off_host',
    (run) =>
      refuses(
        run,
        requestOf(checkNotification(topicOf(run), run.now()), run.offHost, run.options.style, run.now()),
        "refuses a SigningCertURL that is not on the service's host, even when its certificate matches",
      ),
  ],
  [
    'wrong_topic',
    (run) =>
      refuses(
        run,
        requestOf(
          checkNotification({ subscriptionReference: run.options.otherReference }, run.now()),
          run.genuine,
          run.options.style,
          run.now(),
        ),
        'refuses a genuine message whose TopicArn is not the subscription it expects',
      ),
  ],
  [
    'oversized_body',
    (run) =>
      refusesAndLives(
        run,
        oversized(run.valid!.request, oversizedBytes),
        'refuses a body of 1 MiB without reading it all, and goes on answering',
      ),
  ],
  [
    'malformed_body',
    (run) =>
      refusesAndLives(run, malformed(run.valid!.request), 'refuses a body that is not JSON, and goes on answering'),
  ],
  ['unsubscribe_confirmation', unsubscribeConfirmation],
];

/** The run's signers, the other host of `certificate_off_host` and the check's own certificate, served until `close`. */
async function startRun(options: ReceiverCheckOptions): Promise<{ run: Run; close: () => Promise<void> }> {
  const { db, serviceUrl, signatureVersion: version } = options;
  const now = options.clock ?? systemClock;
  const certificate = await publishCheckCertificate(db, now());
  const host = await startCertificateHost(serviceUrl, options.tls).catch(async (error: unknown) => {
    await withdrawCheckCertificate(db, certificate);
    throw error;
  });
  const strangerKeys = [generateSigningKey()];
  const run: Run = {
    options,
    genuine: { keys: await ensureSigningKey(db), pubSub: { certificate, version }, certificateBaseUrl: serviceUrl },
    foreign: {
      keys: strangerKeys,
      pubSub: { certificate: { ...host.certificate, id: certificate.id }, version },
      certificateBaseUrl: serviceUrl,
    },
    offHost: {
      keys: strangerKeys,
      pubSub: { certificate: host.certificate, version },
      certificateBaseUrl: host.baseUrl,
    },
    now,
  };
  const close = async () => {
    await host.close();
    await withdrawCheckCertificate(db, certificate);
  };
  return { run, close };
}

/** Runs every check against the receiver, in order; answers each one's verdict. */
export async function checkReceiver(options: ReceiverCheckOptions): Promise<CheckVerdict[]> {
  const { run, close } = await startRun(options);
  try {
    const results: CheckVerdict[] = [];
    for (const [check, perform] of checks) results.push({ check, ...(await perform(run)) });
    return results;
  } finally {
    await close();
  }
}
