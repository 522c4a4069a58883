/**
 * Each operation's request body states its limit in the published documents ("at most N
 * bytes"), and the service enforces exactly that: a body of N bytes is read, one of N + 1 is
 * `413`. The operations are read from every document @street-events/openapi exports.
 */
import { readFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SandboxClock } from '../../src/sandbox/clock/sandbox-clock.js';
import { buildApp } from '../../src/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { promoter, tokenFor } from '../support/fixtures.js';
import { loopbackPolicy } from '../features/notifications/harness.js';
import { sandboxLayer } from '../../src/sandbox/layer.js';

interface RequestBody {
  $ref?: string;
  description?: string;
}

interface PublishedDocument {
  servers: { url: string }[];
  paths: Record<string, Record<string, { requestBody?: RequestBody }>>;
  components: { requestBodies?: Record<string, RequestBody> };
}

/** A request body, or the one of the document's components it refers to. */
const resolved = (document: PublishedDocument, body: RequestBody): RequestBody =>
  body.$ref === undefined ? body : document.components.requestBodies![body.$ref.split('/').pop()!]!;

interface Limited {
  name: string;
  method: string;
  target: string;
  /** An operation of the operator API: its token is an Operator's. */
  operator: boolean;
  /** The limit its request body's description states, if any. */
  stated: number | undefined;
}

function limitedOperations(): Limited[] {
  const manifestPath = fileURLToPath(import.meta.resolve('@street-events/openapi/package.json'));
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports: Record<string, string> };
  return Object.keys(manifest.exports)
    .filter((subpath) => /^\.\/(v\d+\.\d+|login|operator)$/.test(subpath))
    .flatMap((subpath) => {
      const file = fileURLToPath(import.meta.resolve(`@street-events/openapi/${subpath.slice(2)}`));
      const document = JSON.parse(readFileSync(file, 'utf8')) as PublishedDocument;
      const base = document.servers[0]!.url.replace(/^\{scheme\}:\/\/\{host\}/, '');
      return Object.entries(document.paths).flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([, operation]) => operation.requestBody !== undefined)
          .map(([method, operation]) => {
            const { description } = resolved(document, operation.requestBody!);
            const stated = /at most (\d+) bytes/.exec(description ?? '')?.[1];
            return {
              name: `${subpath} ${method.toUpperCase()} ${path}`,
              method: method.toUpperCase(),
              target: `${base}${path}`,
              operator: subpath === './operator',
              stated: stated === undefined ? undefined : Number(stated),
            };
          }),
      );
    });
}

/** Sends the request line and headers, then `body`, and resolves with the answer's status. */
function statusOf(port: number, head: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head}\r\n\r\n${body}`));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1];
      if (status !== undefined) {
        socket.destroy();
        resolve(Number(status));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The service may answer 413 and close before it has read what was sent.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
  });
}

const operations = limitedOperations();

it('every operation that takes a body states its limit', () => {
  expect(operations.length).toBeGreaterThan(0);
  expect(operations.filter((operation) => operation.stated === undefined).map(({ name }) => name)).toEqual([]);
});

describeEachDatabase('body limits', (database) => {
  let app: FastifyInstance;
  let port: number;
  let tokens: { interface: string; operator: string };

  beforeAll(async () => {
    const owner = await promoter(database.db);
    tokens = {
      interface: await tokenFor(database.db, owner, 'Planner'),
      operator: await tokenFor(database.db, owner, 'Operator'),
    };
    app = await buildApp({
      db: database.db,
      listen: database.listen,
      notifications: { policy: loopbackPolicy, publicBaseUrl: () => 'http://127.0.0.1:1/v7/event' },
      login: { tokenTtlSeconds: 3600 },
      // In the sandbox, so that the sandbox's operations are served too.
      layer: sandboxLayer({
        db: database.db,
        users: [],
        commands: () => Promise.resolve({ exit_code: 0, stdout: '', stderr: '' }),
        clock: await SandboxClock.open(database.db),
      }),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app?.close());

  const head = (operation: Limited, length: number) =>
    [
      `${operation.method} ${operation.target} HTTP/1.1`,
      'host: localhost',
      `token: ${operation.operator ? tokens.operator : tokens.interface}`,
      'content-type: application/json',
      `content-length: ${length}`,
    ].join('\r\n');

  it.each(operations)('$name reads a body of its stated limit', async (operation) => {
    const body = `{}${' '.repeat(operation.stated! - 2)}`;
    expect(await statusOf(port, head(operation, body.length), body)).not.toBe(413);
  });

  it.each(operations)('$name refuses a body one byte over its stated limit with 413', async (operation) => {
    const body = `{}${' '.repeat(operation.stated! - 1)}`;
    expect(await statusOf(port, head(operation, body.length), body)).toBe(413);
  });
});
