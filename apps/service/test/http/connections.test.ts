/**
 * Each listener holds a bounded number of connections, in all and from one client address: one
 * more is answered `503` with the error body and never parsed, and a place given back is taken
 * by the next connection.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ConnectionLimits } from '../../src/http/connections.js';
import { describeEachDatabase, type TestDatabase } from '../support/databases.js';
import { startService, type RunningService } from '../support/http.js';

/** A connection that has been accepted by the server (it answered a first request on it). */
async function open(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return socket;
}

/** Sends a GET of /health on the socket and reads what comes back until the server closes or answers. */
function ask(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const done = () => resolve(text);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (/\r\n\r\n/.test(text) && /"status"/.test(text)) done();
    });
    socket.once('close', done);
    socket.write('GET /health HTTP/1.1\r\nhost: localhost\r\n\r\n');
  });
}

const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as unknown;

function withLimits(database: TestDatabase, limits: ConnectionLimits) {
  let service: RunningService;
  let port = 0;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    service = await startService({ db: database.db, connections: limits });
    port = Number(new URL(service.baseUrl).port);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await service?.close();
  });
  return {
    open: async () => {
      const socket = await open(port);
      sockets.push(socket);
      return socket;
    },
  };
}

describeEachDatabase('connection limits', (database) => {
  describe('from one address', () => {
    const listener = withLimits(database, { max: 0, perAddress: 3 });

    test('the connections within the bound are served', async () => {
      const held = await Promise.all([listener.open(), listener.open(), listener.open()]);
      for (const socket of held) expect(await ask(socket)).toMatch(/^HTTP\/1\.1 200 /);
    });

    test('one more is answered 503 with the error body', async () => {
      const answer = await ask(await listener.open());
      expect(answer).toMatch(/^HTTP\/1\.1 503 /);
      expect(bodyOf(answer)).toMatchObject({ error: { status: 503, code: 'service_unavailable' } });
    });
  });

  describe('in all', () => {
    const listener = withLimits(database, { max: 2, perAddress: 0 });

    test('a place given back is taken by the next connection', async () => {
      const [first, second] = [await listener.open(), await listener.open()];
      expect(await ask(second)).toMatch(/^HTTP\/1\.1 200 /);
      expect(await ask(await listener.open())).toMatch(/^HTTP\/1\.1 503 /);
      await new Promise((resolve) => first.once('close', resolve).destroy());
      // The server hears the close on its own side; a new connection waits for it.
      await expect.poll(async () => ask(await listener.open()), { timeout: 5000 }).toMatch(/^HTTP\/1\.1 200 /);
    });
  });
});
