/**
 * Notifications of a well-behaved tenant beside a hostile one. The well-behaved tenant's receiver
 * confirms its subscription and takes every notification at once; events of its works are
 * brought about at a steady rate (through the operator API, as the permitting system records
 * them), and the time from asking for each event to its notification arriving is measured:
 * first quietly, then while the hostile tenant subscribes, several times a second, to endpoints
 * that accept connections and never answer (each subscription replacing the last, unconfirmed).
 */
import { createServer, type Server, type Socket } from 'node:net';
import { startReceiver, type Receiver } from '../test/deliveries/receiver.js';
import { workBody } from '../test/support/internal-api.js';
import { atRate, jsonOf, pause, percentile, send, whileRunning } from './http.js';
import type { Tenant, Tenants } from './tenants.js';

/** An endpoint that accepts connections and never answers; counts them. */
export interface Tarpit {
  port: number;
  accepted: number;
  open: number;
  mostOpen: number;
  close(): Promise<void>;
}

export async function startTarpit(): Promise<Tarpit> {
  const sockets = new Set<Socket>();
  const tarpit = { accepted: 0, open: 0, mostOpen: 0 };
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    tarpit.accepted += 1;
    tarpit.open = sockets.size;
    tarpit.mostOpen = Math.max(tarpit.mostOpen, sockets.size);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      tarpit.open = sockets.size;
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return Object.assign(tarpit, {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((closed) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => closed());
      }),
  });
}

/** A receiver that confirms its subscription and records when each update arrived. */
export async function startConfirmingReceiver(): Promise<{
  receiver: Receiver;
  arrivals: Map<number, number>;
  confirmed: () => boolean;
}> {
  const arrivals = new Map<number, number>();
  let confirmed = false;
  const receiver = await startReceiver();
  receiver.answer = (request) => {
    const message = JSON.parse(request.body) as { Type?: string; SubscribeURL?: string; Message?: string };
    if (message.Type === 'SubscriptionConfirmation' && message.SubscribeURL)
      void send(message.SubscribeURL).then((answer) => (confirmed ||= answer.status === 200));
    if (message.Type === 'Notification' && message.Message) {
      const updateId = (JSON.parse(message.Message) as { update_id?: number }).update_id;
      if (updateId !== undefined && !arrivals.has(updateId)) arrivals.set(updateId, request.receivedAt);
    }
    return { status: 200 };
  };
  return { receiver, arrivals, confirmed: () => confirmed };
}

/** Subscribes `tenant` to `endpoint`; the answer's status. */
export async function subscribeTo(baseUrl: string, tenant: Tenant, endpoint: string): Promise<number> {
  const answer = await send(`${baseUrl}/api-notifications/subscribe`, {
    method: 'POST',
    headers: { token: tenant.token },
    body: JSON.stringify({ api_endpoint: endpoint }),
    from: tenant.from,
  });
  return answer.status;
}

/** Submits a new work of the promoter (`permit_submitted`): the events' update ids, and when they were asked for. */
async function bringAbout(
  origin: string,
  operator: Tenant,
  promoter: string,
  authority: string,
): Promise<{ ids: number[]; at: number }> {
  const at = Date.now();
  const answer = await send(`${origin}/internal/works`, {
    method: 'POST',
    headers: { token: operator.token },
    body: JSON.stringify(workBody({ swaCode: promoter }, { swaCode: authority })),
    from: operator.from,
  });
  const events = (jsonOf(answer) as { events?: { update_id: number }[] } | undefined)?.events ?? [];
  return { ids: events.map((event) => event.update_id), at };
}

export interface LatencyFigures {
  events: number;
  delivered: number;
  lost: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Events at `perSecond` for `seconds`, then waits up to `waitSeconds` for their notifications. */
async function measure(
  origin: string,
  tenants: Tenants,
  arrivals: Map<number, number>,
  load: { perSecond: number; seconds: number; waitSeconds: number },
): Promise<LatencyFigures> {
  const brought = await atRate(load.perSecond, load.seconds, () =>
    bringAbout(origin, tenants.operator, tenants.quiet.swaCode, tenants.authority),
  );
  const expected = brought.flatMap(({ ids, at }) => ids.map((id) => ({ id, at })));
  const deadline = Date.now() + load.waitSeconds * 1000;
  while (Date.now() < deadline && expected.some(({ id }) => !arrivals.has(id))) await pause(100);
  const latencies = expected.flatMap(({ id, at }) => (arrivals.has(id) ? [Math.max(0, arrivals.get(id)! - at)] : []));
  return {
    events: expected.length,
    delivered: latencies.length,
    lost: expected.length - latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: Math.max(0, ...latencies),
  };
}

export interface DeliveryFigures {
  quiet: LatencyFigures;
  underAttack: LatencyFigures;
  subscribeCalls: number;
  tarpitConnections: number;
  tarpitMostOpen: number;
}

/** The quiet measurement, then the same under subscribe churn towards a tarpit. */
export async function deliveriesBesideChurn(
  baseUrl: string,
  tenants: Tenants,
  load: { perSecond: number; seconds: number; waitSeconds: number; churnPerSecond: number },
): Promise<DeliveryFigures> {
  const origin = new URL(baseUrl).origin;
  const { receiver, arrivals, confirmed } = await startConfirmingReceiver();
  const tarpit = await startTarpit();
  try {
    if ((await subscribeTo(baseUrl, tenants.quiet, receiver.url)) !== 200)
      throw new Error('the quiet tenant could not subscribe');
    for (let waited = 0; !confirmed() && waited < 300; waited += 1) await pause(100);
    if (!confirmed()) throw new Error("the quiet tenant's subscription was not confirmed in 30 s");
    const quiet = await measure(origin, tenants, arrivals, load);
    const loops = 4;
    const churn = whileRunning(loops, load.seconds + load.waitSeconds + 10, async (index) => {
      await subscribeTo(baseUrl, tenants.hostile, `http://127.0.0.1:${tarpit.port}/hook/${index}`);
      await pause((loops * 1000) / load.churnPerSecond);
    });
    await pause(3000);
    const underAttack = await measure(origin, tenants, arrivals, load);
    churn.stop();
    const subscribeCalls = (await churn.done).length;
    return { quiet, underAttack, subscribeCalls, tarpitConnections: tarpit.accepted, tarpitMostOpen: tarpit.mostOpen };
  } finally {
    await tarpit.close();
    await receiver.close();
  }
}
