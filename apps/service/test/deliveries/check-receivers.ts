/**
 * Receivers for the receiver check: this repository's example receiver (examples/receiver.mjs) run
 * as its header says, the client package's `createWebhookReceiver` as its README shows it, and one
 * that checks nothing; and the service they are checked by.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWebhookReceiver, toNodeHandler } from '@street-events/client';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../../src/db/database.js';
import type { Organisation } from '../../src/directory/organisations.js';
import { ensureSigningKey } from '../../src/deliveries/messages/keys.js';
import { promoter, tokenFor } from '../support/fixtures.js';
import type { RunningService } from '../support/http.js';
import { serviceDirectory } from '../support/service-process.js';
import { startNotificationService } from '../features/notifications/harness.js';

/** The example receiver, started as its header says, against `serviceUrl`. */
export async function startExampleReceiver(serviceUrl: string): Promise<{ endpoint: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['examples/receiver.mjs'], {
    cwd: serviceDirectory,
    env: { ...process.env, EVENTS_BASE_URL: serviceUrl, PORT: '0' },
  });
  let output = '';
  const endpoint = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /receiving at (\S+),/.exec(output);
      if (found) resolve(found[1]!);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', () => reject(new Error(`the example receiver stopped:\n${output}`)));
  });
  return { endpoint, child };
}

/** The client's receiver, as the client's README sets it up, on a node:http server of its own. */
export async function startClientReceiver(serviceUrl: string): Promise<{ endpoint: string; server: Server }> {
  const receiver = createWebhookReceiver({ serviceUrl, onNotification: () => undefined });
  const handle = toNodeHandler(receiver);
  // node:http does nothing with a listener's promise; the handler answers every failure itself.
  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server };
}

/** What a careless receiver fetched at a `SigningCertURL` when a message named it first. */
export interface FetchedCertificate {
  status: number;
  text: string;
}

/**
 * A receiver that checks nothing: it answers 200 to anything and follows the `SubscribeURL` of
 * any confirmation, as some public receivers do. It keeps the headers and bodies of what it
 * received, and fetches each `SigningCertURL` the first time a message names it (as a receiver
 * that checks the signature would), keeping what it got.
 */
export async function startCarelessReceiver(): Promise<{
  endpoint: string;
  server: Server;
  received: IncomingHttpHeaders[];
  bodies: string[];
  certificates: Map<string, FetchedCertificate>;
}> {
  const received: IncomingHttpHeaders[] = [];
  const bodies: string[] = [];
  const certificates = new Map<string, FetchedCertificate>();
  const fetchCertificate = async (url: string) => {
    if (certificates.has(url)) return;
    const response = await fetch(url);
    certificates.set(url, { status: response.status, text: await response.text() });
  };
  const server = createServer((request, response) => {
    received.push(request.headers);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const follow = async () => {
        bodies.push(Buffer.concat(chunks).toString());
        const message = JSON.parse(bodies.at(-1)!) as { Type?: string; SubscribeURL?: string; SigningCertURL?: string };
        if (message.SigningCertURL) await fetchCertificate(message.SigningCertURL);
        if (message.Type === 'SubscriptionConfirmation' && message.SubscribeURL) await fetch(message.SubscribeURL);
      };
      // Anything goes: whatever came, it answers 200.
      void follow()
        .catch(() => undefined)
        .finally(() => response.writeHead(200).end('ok'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { endpoint, server, received, bodies, certificates };
}

/** A receiver that takes every request and never answers. */
export async function startSilentReceiver(): Promise<{ endpoint: string; server: Server }> {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server };
}

/** The service with notifications (its keys made, as `serve` makes them), an Operator's token, and both receivers. */
export interface CheckBench {
  service: RunningService;
  operator: string;
  /** The Operator's organisation. */
  operatorOrganisation: Organisation;
  example: { endpoint: string; child: ChildProcess };
  client: { endpoint: string; server: Server };
  careless: Awaited<ReturnType<typeof startCarelessReceiver>>;
  close(): Promise<void>;
}

export async function startCheckBench(db: Database): Promise<CheckBench> {
  const service = await startNotificationService(db);
  await ensureSigningKey(db);
  const operatorOrganisation = await promoter(db);
  const operator = await tokenFor(db, operatorOrganisation, 'Operator');
  const example = await startExampleReceiver(service.baseUrl);
  const careless = await startCarelessReceiver();
  const client = await startClientReceiver(service.baseUrl);
  return {
    service,
    operator,
    operatorOrganisation,
    example,
    client,
    careless,
    close: async () => {
      example.child.kill();
      careless.server.close();
      client.server.close();
      await service.close();
    },
  };
}
