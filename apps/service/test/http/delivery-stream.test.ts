/**
 * The delivery stream's bound on a slow client, over a real socket: a client that stops reading
 * while changes keep coming has its stream ended once more than `maxBufferedBytes` wait to be
 * sent, rather than the process buffering them without limit; a client that reads keeps its
 * stream. Changes are published through the LISTEN callback the streams register.
 */
import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it, vi } from 'vitest';
import { DeliveryStreams, maxBufferedBytes } from '../../src/features/notifications/delivery-stream.js';

const silentLog = { info: () => undefined, warn: () => undefined };

/** Streams fed by `publish`, served on a loopback port. */
async function streamsServer() {
  let publish: (payload?: string) => void = () => undefined;
  const streams = new DeliveryStreams((_channel, onNotify) => {
    publish = onNotify;
    return Promise.resolve(() => Promise.resolve());
  }, silentLog);
  const served: ServerResponse[] = [];
  const server: Server = createServer((request, response) => {
    served.push(response);
    void streams.open(response, undefined, 'request-1');
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { streams, server, url, served, publish: (payload: string) => publish(payload) };
}

const opened = (url: string) => new Promise<IncomingMessage>((resolve) => get(url, resolve));

/** A change of about 7 KB, under PostgreSQL's NOTIFY payload limit. */
const change = JSON.stringify({ type: 'attempt', subscription: 'SUB-1', padding: 'x'.repeat(7000) });

let running: Awaited<ReturnType<typeof streamsServer>> | undefined;
afterEach(async () => {
  await running?.streams.close();
  running?.server.closeAllConnections();
  await new Promise((closed) => running?.server.close(closed));
  running = undefined;
});

it('ends the stream of a client that does not read once more than the bound waits to be sent', async () => {
  running = await streamsServer();
  const response = await opened(running.url);
  response.pause();
  const [stream] = running.served;
  const limit = Math.ceil((16 * maxBufferedBytes) / change.length);
  for (let sent = 0; sent < limit && !stream!.destroyed; sent += 1) {
    running.publish(change);
    if (sent % 64 === 0) await new Promise((turn) => setImmediate(turn));
  }
  expect(stream!.destroyed).toBe(true);
  expect(stream!.writableLength).toBeLessThan(maxBufferedBytes + change.length);
});

it('keeps the stream of a client that reads', async () => {
  running = await streamsServer();
  const response = await opened(running.url);
  let received = 0;
  response.on('data', (chunk: Buffer) => (received += chunk.length));
  const changes = Math.ceil((2 * maxBufferedBytes) / change.length);
  for (let sent = 0; sent < changes; sent += 1) {
    running.publish(change);
    await vi.waitFor(() => expect(received).toBeGreaterThan(sent * change.length), { interval: 1 });
  }
  expect(response.socket.destroyed).toBe(false);
});
