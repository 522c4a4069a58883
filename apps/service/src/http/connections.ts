/**
 * A bound on the connections a listener holds, in all and from any one client address, so that
 * one client's connections (a slow-headers flood, a leak in its pool) cannot take the file
 * descriptors every other client and the database need. A connection past either bound is
 * answered at once with `503` and the error body (on HTTPS, where nothing can be written before
 * the handshake, it is closed) and never reaches the parser.
 */
import type { Server, Socket } from 'node:net';
import { UnavailableError } from '../shared/errors.js';
import { writeRaw } from './error-body.js';

export interface ConnectionLimits {
  /** Connections open at once on a listener; 0: no bound. */
  max: number;
  /** Connections open at once from one client address; 0: no bound (behind a proxy, every client has its address). */
  perAddress: number;
}

/** The bounds by default: far below the usual 1024 descriptors a process may hold beside the database's. */
export const defaultConnectionLimits: ConnectionLimits = { max: 768, perAddress: 128 };

/** Answers `503` and reads what the client sends meanwhile, so it gets the answer rather than a reset; closed after a second. */
function refuse(socket: Socket, tls: boolean): void {
  if (tls) return void socket.destroy();
  writeRaw(socket, new UnavailableError('Too many connections are open: close idle ones, or retry shortly.'));
  socket.resume();
  socket.setTimeout(1000, () => socket.destroy());
}

/**
 * Counts the open connections of `server` and refuses those past `limits`. The server's own
 * `connection` listeners (the HTTP parser; on HTTPS the handshake) are taken off and called for
 * the connections it keeps only, so a refused one is never parsed; `tls`: it is closed instead
 * of answered.
 */
export function limitConnections(server: Server, limits: ConnectionLimits, { tls = false } = {}): void {
  const accept = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  let open = 0;
  const byAddress = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const fromAddress = byAddress.get(address) ?? 0;
    if ((limits.max > 0 && open >= limits.max) || (limits.perAddress > 0 && fromAddress >= limits.perAddress)) {
      refuse(socket, tls);
      return;
    }
    open += 1;
    byAddress.set(address, fromAddress + 1);
    socket.once('close', () => {
      open -= 1;
      const left = byAddress.get(address)! - 1;
      if (left === 0) byAddress.delete(address);
      else byAddress.set(address, left);
    });
    for (const listener of accept) listener.call(server, socket);
  });
}
