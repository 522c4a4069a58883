/**
 * The ceiling of the polling benchmark: a bare Fastify route on the same Node that answers
 * every GET with one fixed JSON body (read from the file named by CEILING_BODY_FILE), sent
 * as it is. Whatever the service does beyond this (authentication, the query, building the
 * page) is what the benchmark's ratio measures. Prints `listening <port>` when ready.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

const bodyFile = process.env.CEILING_BODY_FILE;
if (bodyFile === undefined) throw new Error('CEILING_BODY_FILE names the JSON body to serve');
const body = readFileSync(bodyFile, 'utf8');

const app = Fastify({ logger: false });
app.get('/*', (_request, reply) => {
  reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening ${(app.server.address() as AddressInfo).port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
