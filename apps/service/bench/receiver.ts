/**
 * The benchmark's webhook receivers, in a process of their own: one HTTP server per port given
 * in `BENCH_RECEIVER_PORTS` (0 for any), each answering 200 at once. For every notification it
 * reports the `internal_user_identifier` of its event (the writer's tag) and the time it
 * arrived (ms since the epoch, sub-millisecond), in batches over the IPC channel. Messages:
 * `{ ports }` once listening, then `{ received: [tag, at][] , confirmations }` every 50 ms.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const now = () => performance.timeOrigin + performance.now();
let batch: [string, number][] = [];
let confirmations = 0;

const ports = await Promise.all(
  (process.env.BENCH_RECEIVER_PORTS ?? '0').split(',').map(
    (port) =>
      new Promise<number>((listening) => {
        const server = createServer((request, response) => {
          const chunks: Buffer[] = [];
          request.on('data', (chunk: Buffer) => chunks.push(chunk));
          request.on('end', () => {
            const at = now();
            response.writeHead(200).end();
            const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { Type: string; Message: string };
            if (message.Type !== 'Notification') {
              confirmations += 1;
              return;
            }
            const payload = JSON.parse(message.Message) as { internal_user_identifier: string | null };
            batch.push([payload.internal_user_identifier ?? '', at]);
          });
        });
        server.keepAliveTimeout = 60_000;
        server.listen(Number(port), '127.0.0.1', () => listening((server.address() as AddressInfo).port));
      }),
  ),
);
process.send?.({ ports });

setInterval(() => {
  if (batch.length === 0 && confirmations === 0) return;
  process.send?.({ received: batch, confirmations });
  batch = [];
  confirmations = 0;
}, 50);
process.on('disconnect', () => process.exit(0));
