/**
 * The delivery history between tenants. Once the well-behaved tenant's subscription has
 * messages, every sandbox user of another organisation, of every role, reads the history
 * operations of the operator API with its own token: none of the tenant's subscription or dead
 * letters may be listed, and the tenant's subscription reference and message id must be answered
 * exactly as unknown ones (a replay queuing nothing). The tenant's own user then replays its
 * message, which is attempted again, and goes on replaying its messages in a loop, which the
 * service must throttle (`429`, past `replayBound`); cursors it did not give are `400`; the
 * Operator lists every organisation's subscriptions.
 */
import type { components } from '@street-events/types/operator';
import type { SandboxUser } from '../src/sandbox/seed/sandbox.js';
import { operatorBasePath } from '../src/shared/documents.js';
import { jsonOf, pause, send, type Answer } from './http.js';
import type { Tenant, Tenants } from './tenants.js';

type Schemas = components['schemas'];

const unknownReference = 'SUB-00000000000000000000000000';
const unknownMessage = 'msg_00000000000000000000000000000000';

export interface HistoryFigures {
  /** Users of other organisations who read the history, and their roles. */
  callers: number;
  roles: string[];
  /** What any of them was shown or told of the tenant's history (empty when isolated). */
  leaks: string[];
  /** The tenant's messages as its own user saw them, and whether its replay was attempted again. */
  ownMessages: number;
  ownReplay: number;
  replayedAttempted: boolean;
  /** Whether the Operator's listing holds the tenant's subscription. */
  operatorSeesTenant: boolean;
  /** The tenant's replay loop of its messages: replays accepted before the refusal, and the refusal's status. */
  replayLoop: { accepted: number; refusedWith: number | null };
  /** Crafted cursors of the history's listings answered other than `400`, as `status path`. */
  cursorsNotRefused: string[];
}

/** A request to the operator API with `token`, from `from`. */
const operatorCall = (origin: string, token: string, from: string, method: string, path: string) =>
  send(`${origin}${operatorBasePath()}${path}`, { method, headers: { token }, from });

/** An answer as its caller reads it: status and body, the id it names replaced and its request id left out. */
function comparable(answer: Answer, named: string): string {
  const body = jsonOf(answer) as { error?: Record<string, unknown> } | undefined;
  if (body?.error) delete body.error.request_id;
  return `${answer.status} ${JSON.stringify(body).replaceAll(named, 'X')}`;
}

/** What `user`, of another organisation, is shown or told of the tenant's subscription and message. */
async function leaksTo(
  call: (method: string, path: string) => Promise<Answer>,
  user: SandboxUser,
  tenant: Tenant & { swaCode: string },
  own: { reference: string; messageId: string },
): Promise<string[]> {
  const leaks: string[] = [];
  const listed = async (path: string) => {
    const answer = await call('GET', path);
    if (answer.status >= 500 || (answer.status < 400 && answer.body.includes(own.reference))) leaks.push(`${path}`);
  };
  await listed('/subscriptions');
  await listed(`/subscriptions?organisation=${encodeURIComponent(tenant.swaCode)}`);
  await listed('/dead-letters');
  await listed(`/dead-letters?subscription=${own.reference}`);
  const pairs: [string, string, string, string][] = [
    ['GET', `/subscriptions/${own.reference}/messages`, `/subscriptions/${unknownReference}/messages`, own.reference],
    [
      'GET',
      `/subscriptions/${own.reference}/messages/${own.messageId}/attempts`,
      `/subscriptions/${unknownReference}/messages/${own.messageId}/attempts`,
      own.reference,
    ],
    ['POST', `/messages/${own.messageId}/replay`, `/messages/${unknownMessage}/replay`, own.messageId],
  ];
  for (const [method, known, unknown, named] of pairs) {
    const [seen, unseen] = [await call(method, known), await call(method, unknown)];
    const unnamed = named === own.reference ? unknownReference : unknownMessage;
    if (seen.status < 400 || comparable(seen, named) !== comparable(unseen, unnamed)) leaks.push(`${method} ${known}`);
  }
  return leaks.map((leak) => `${user.username} (${user.role}): ${leak}`);
}

/** The tenant's messages, as its own user reads them. */
async function messagesOf(
  call: (method: string, path: string) => Promise<Answer>,
  reference: string,
): Promise<Schemas['InternalMessage'][]> {
  const answer = await call('GET', `/subscriptions/${reference}/messages?limit=100`);
  return (jsonOf(answer) as Schemas['InternalMessagePage'] | undefined)?.messages ?? [];
}

/** The tenant's subscription and its newest notification, as its own user reads them. */
async function ownHistory(call: (method: string, path: string) => Promise<Answer>) {
  const listed = jsonOf(await call('GET', '/subscriptions')) as Schemas['InternalSubscriptionList'] | undefined;
  const reference = listed?.subscriptions[0]?.subscription_reference_number;
  if (reference === undefined) throw new Error('the well-behaved tenant lists no subscription of its own');
  const messages = await messagesOf(call, reference);
  const message = messages.find((one) => one.kind === 'notification');
  if (message === undefined) throw new Error("the well-behaved tenant's subscription has no notification");
  return {
    reference,
    messageId: message.message_id,
    messageIds: messages.map((one) => one.message_id),
    attempts: message.attempt_count,
  };
}

/**
 * The tenant replays its messages one after another (those still queued answer `409` and are
 * passed over) until it is refused; answers how many were accepted and the refusal's status.
 */
async function replayLoop(call: (method: string, path: string) => Promise<Answer>, messageIds: readonly string[]) {
  let accepted = 0;
  for (const messageId of messageIds) {
    const answer = await call('POST', `/messages/${messageId}/replay`);
    if (answer.status === 202) accepted += 1;
    else if (answer.status !== 409) return { accepted, refusedWith: answer.status };
  }
  return { accepted, refusedWith: null };
}

/** Cursors this service never gave (dates that do not exist, other shapes), at each listing of the history. */
async function craftedCursors(
  call: (method: string, path: string) => Promise<Answer>,
  reference: string,
  messageId: string,
) {
  const encoded = (text: string) => Buffer.from(text).toString('base64url');
  const cursors = [encoded('2026-02-30 00:00:00|x'), encoded('9999-99-99 00:00:00|1'), "1' or '1'='1", 'x'.repeat(200)];
  const paths = [
    `/subscriptions/${reference}/messages?before=`,
    `/subscriptions/${reference}/messages/${messageId}/attempts?before=`,
    '/dead-letters?after=',
  ];
  const notRefused: string[] = [];
  for (const path of paths) {
    for (const cursor of cursors) {
      const answer = await call('GET', `${path}${encodeURIComponent(cursor)}`);
      if (answer.status !== 400) notRefused.push(`${answer.status} ${path}${cursor}`);
    }
  }
  return notRefused;
}

/** Every other organisation's users read the tenant's history; then the tenant replays its message. */
export async function historyBetweenTenants(
  origin: string,
  tenants: Tenants,
  users: readonly SandboxUser[],
): Promise<HistoryFigures> {
  const { quiet, operator } = tenants;
  const asQuiet = (method: string, path: string) => operatorCall(origin, quiet.token, quiet.from, method, path);
  const own = await ownHistory(asQuiet);
  const others = users.filter((user) => user.organisation !== quiet.organisation && user.role !== 'Operator');
  const leaks: string[] = [];
  for (const user of others) {
    const call = (method: string, path: string) => operatorCall(origin, user.token, tenants.hostile.from, method, path);
    leaks.push(...(await leaksTo(call, user, quiet, own)));
  }
  await pause(1000);
  const attemptsOf = async () =>
    (await messagesOf(asQuiet, own.reference)).find((one) => one.message_id === own.messageId)?.attempt_count ?? 0;
  if ((await attemptsOf()) !== own.attempts)
    leaks.push("the tenant's message was attempted again after others' replays");
  const replay = await asQuiet('POST', `/messages/${own.messageId}/replay`);
  let replayedAttempted = false;
  for (let waited = 0; !replayedAttempted && waited < 150; waited += 1) {
    replayedAttempted = (await attemptsOf()) > own.attempts;
    if (!replayedAttempted) await pause(100);
  }
  const loop = await replayLoop(asQuiet, own.messageIds);
  const cursorsNotRefused = await craftedCursors(asQuiet, own.reference, own.messageId);
  const everyone = await operatorCall(origin, operator.token, operator.from, 'GET', '/subscriptions');
  return {
    callers: others.length,
    roles: [...new Set(others.map((user) => user.role))].sort(),
    leaks,
    ownMessages: own.messageIds.length,
    ownReplay: replay.status,
    replayedAttempted,
    operatorSeesTenant: everyone.status === 200 && everyone.body.includes(own.reference),
    replayLoop: loop,
    cursorsNotRefused,
  };
}
