/**
 * A tarpit on a real loopback socket: it accepts TCP connections and never answers (nor
 * completes a TLS handshake). It counts the connections it has accepted, those open now, the
 * most ever open at once, and those the other side closed.
 */
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Tarpit {
  /** `http://127.0.0.1:<port>/<path>`: any path, so that each subscription may have its own URL. */
  url(path?: string): string;
  /** The same port as `https://`: connecting succeeds, the TLS handshake never ends. */
  tlsUrl: string;
  readonly accepted: number;
  readonly open: number;
  readonly mostOpen: number;
  readonly closed: number;
  close(): Promise<void>;
}

export async function startTarpit(): Promise<Tarpit> {
  const sockets = new Set<Socket>();
  const counts = { accepted: 0, mostOpen: 0, closed: 0 };
  const server = createServer((socket) => {
    counts.accepted += 1;
    sockets.add(socket);
    counts.mostOpen = Math.max(counts.mostOpen, sockets.size);
    // Reads what comes (and so sees the other side end), answers nothing.
    socket.resume();
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      counts.closed += 1;
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = 'hook') => `http://127.0.0.1:${port}/${path}`,
    tlsUrl: `https://127.0.0.1:${port}/hook`,
    get accepted() {
      return counts.accepted;
    },
    get open() {
      return sockets.size;
    },
    get mostOpen() {
      return counts.mostOpen;
    },
    get closed() {
      return counts.closed;
    },
    close: () =>
      new Promise<void>((closed) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => closed());
      }),
  };
}
