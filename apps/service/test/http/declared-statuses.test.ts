/**
 * Every answer is documented: for each operation of each published document (every 7.x version,
 * the login document, and the links the webhook messages carry, read from the package's exports),
 * the service is driven to answer each status the HTTP layers can give (no Host, no token, a body
 * too large or of another media type, a request target too long, an unmet `Expect`, headers too
 * large, a client too slow, the service shutting down, a caller over the rate limit), and each
 * status it answers must be declared on that operation by name, not only as its `default`.
 */
import { readFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, maxRequestTargetLength, type AppOptions } from '../../src/app.js';
import { SandboxClock } from '../../src/sandbox/clock/sandbox-clock.js';
import { SandboxChaos } from '../../src/sandbox/chaos/sandbox-chaos.js';
import { calm } from '../../src/sandbox/chaos/presets.js';
import { describeEachDatabase } from '../support/databases.js';
import { promoter, tokenFor } from '../support/fixtures.js';
import { loopbackPolicy } from '../features/notifications/harness.js';
import { sandboxLayer } from '../../src/sandbox/layer.js';

interface RawOperation {
  security?: unknown[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses: Record<string, unknown>;
  callbacks?: Record<string, Record<string, Record<string, RawOperation>>>;
}

interface PublishedDocument {
  servers: { url: string }[];
  security?: unknown[];
  paths: Record<string, Record<string, RawOperation>>;
  webhooks?: Record<string, Record<string, RawOperation>>;
}

/** An operation of a document as the service serves it: where, and what it declares. */
interface Served {
  name: string;
  method: string;
  /** Path and query string on the service. */
  target: string;
  secured: boolean;
  /** An operation of the operator API: its token is an Operator's. */
  operator: boolean;
  hasBody: boolean;
  declared: ReadonlySet<string>;
}

/** Every document @street-events/openapi exports, by export path. */
function publishedDocuments(): [string, PublishedDocument][] {
  const manifestPath = fileURLToPath(import.meta.resolve('@street-events/openapi/package.json'));
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports: Record<string, string> };
  return Object.keys(manifest.exports)
    .filter((subpath) => /^\.\/(v\d+\.\d+|login|operator)$/.test(subpath))
    .map((subpath) => {
      const file = fileURLToPath(import.meta.resolve(`@street-events/openapi/${subpath.slice(2)}`));
      return [subpath, JSON.parse(readFileSync(file, 'utf8')) as PublishedDocument];
    });
}

/** The path the document's first server puts before its paths, e.g. `/v7/event`. */
const basePathOf = (document: PublishedDocument) => document.servers[0]!.url.replace(/^\{scheme\}:\/\/\{host\}/, '');

/** A callback's URL: a literal path, or `{$request.body#/Field}` read from the webhook message's example. */
function callbackTarget(expression: string, message: RawOperation): string {
  if (expression.startsWith('/')) return expression;
  const field = /^\{\$request\.body#\/(\w+)\}$/.exec(expression)?.[1];
  const example = Object.values(message.requestBody?.content ?? {})[0]?.example;
  const url =
    field && typeof example === 'string' ? (JSON.parse(example) as Record<string, unknown>)[field] : undefined;
  if (typeof url !== 'string') throw new Error(`no example URL for the callback ${expression}`);
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

function servedOperations(): Served[] {
  const served: Served[] = [];
  for (const [subpath, document] of publishedDocuments()) {
    const base = basePathOf(document);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        served.push({
          name: `${subpath} ${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          target: `${base}${path}`,
          secured: (operation.security ?? document.security ?? []).length > 0,
          operator: subpath === './operator',
          hasBody: operation.requestBody !== undefined,
          declared: new Set(Object.keys(operation.responses)),
        });
      }
    }
    for (const [webhook, item] of Object.entries(document.webhooks ?? {})) {
      for (const message of Object.values(item)) {
        for (const callback of Object.values(message.callbacks ?? {})) {
          for (const [expression, link] of Object.entries(callback)) {
            for (const [method, operation] of Object.entries(link).filter(([key]) => !key.startsWith('x-'))) {
              served.push({
                name: `${subpath} ${webhook} link ${method.toUpperCase()} ${expression}`,
                method: method.toUpperCase(),
                target: callbackTarget(expression, message),
                secured: false,
                operator: false,
                hasBody: false,
                declared: new Set(Object.keys(operation.responses)),
              });
            }
          }
        }
      }
    }
  }
  return served;
}

interface Exchange {
  /** Resolves once the request's first bytes are written. */
  written: Promise<void>;
  /** The answer's status. */
  status: Promise<number>;
}

/** Sends raw bytes on a fresh connection, and `more()` once it resolves (when given). */
function exchange(port: number, bytes: string, more?: () => Promise<string>): Exchange {
  let written!: () => void;
  const exchange: Exchange = {
    written: new Promise<void>((resolve) => (written = resolve)),
    status: new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(bytes, () => written());
        if (more) void more().then((rest) => socket.write(rest));
      });
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
      socket.on('error', reject);
      socket.on('close', () => reject(new Error(`no answer to ${bytes.slice(0, 80)}: ${received}`)));
    }),
  };
  return exchange;
}

/** The request line and headers of a request to `served`, without the blank line that ends them. */
function head(served: Served, headers: Record<string, string>, target = served.target): string {
  const lines = Object.entries({ host: 'localhost', ...headers }).map(([name, value]) => `${name}: ${value}`);
  return [`${served.method} ${target} HTTP/1.1`, ...lines].join('\r\n');
}

async function listening(options: AppOptions): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildApp(options);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: (app.server.address() as AddressInfo).port };
}

const operations = servedOperations();

describe('the published documents', () => {
  it('list the operations and links the service serves', () => {
    expect(operations.length).toBeGreaterThan(0);
    expect(operations.filter((served) => served.name.includes(' link '))).not.toEqual([]);
  });
});

/** Names the operations whose answer is not `expected` (when given) or is not declared on them. */
function undeclared(answers: [Served, number][], expected?: number): string[] {
  return answers
    .filter(
      ([served, status]) => (expected !== undefined && status !== expected) || !served.declared.has(String(status)),
    )
    .map(([served, status]) => `${served.name}: ${status} (declares ${[...served.declared].join(', ')})`);
}

describeEachDatabase('every status an operation answers is declared on it', (database) => {
  let options: AppOptions;
  let tokens: { interface: string; operator: string };
  /** The token of a caller allowed to call `served`. */
  const token = (served: Served) => (served.operator ? tokens.operator : tokens.interface);
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    const owner = await promoter(database.db);
    tokens = {
      interface: await tokenFor(database.db, owner, 'Planner'),
      operator: await tokenFor(database.db, owner, 'Operator'),
    };
    options = {
      db: database.db,
      notifications: { policy: loopbackPolicy, publicBaseUrl: () => 'http://127.0.0.1:1/v7/event' },
      login: { tokenTtlSeconds: 3600 },
      listen: database.listen,
      // Every operation of the sandbox served, as by `serve --sandbox`.
      layer: sandboxLayer({
        db: database.db,
        users: [],
        commands: () => Promise.resolve({ exit_code: 0, stdout: '', stderr: '' }),
        clock: await SandboxClock.open(database.db),
        chaos: new SandboxChaos(database.db, { profile: calm, seed: 1 }, () => new Date()),
      }),
    };
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  /** Sends `request(operation)` to every chosen operation at once, on a service started with `overrides`; each with its status. */
  async function answers(
    request: (served: Served) => string,
    chosen: (served: Served) => boolean = () => true,
    overrides: Partial<AppOptions> = {},
  ): Promise<[Served, number][]> {
    const { app, port } = await listening({ ...options, ...overrides });
    apps.push(app);
    const targets = operations.filter(chosen);
    const statuses = await Promise.all(targets.map((served) => exchange(port, request(served)).status));
    return targets.map((served, index) => [served, statuses[index]!]);
  }

  const withBody = (served: Served, headers: Record<string, string>, body: string) =>
    `${head(served, { ...headers, 'content-length': String(Buffer.byteLength(body)) })}\r\n\r\n${body}`;

  it('an HTTP/1.1 request without Host is 400', async () => {
    const got = await answers((served) => `${served.method} ${served.target} HTTP/1.1\r\n\r\n`);
    expect(undeclared(got, 400)).toEqual([]);
  });

  it('an operation that needs a token, called without one, is 401', async () => {
    const got = await answers(
      (served) => `${head(served, {})}\r\n\r\n`,
      (served) => served.secured,
    );
    expect(undeclared(got, 401)).toEqual([]);
  });

  it("a body over the operation's limit is 413", async () => {
    const tooLarge = { 'content-type': 'application/json', 'content-length': String(2 ** 24) };
    const got = await answers(
      (served) => `${head(served, { ...tooLarge, token: token(served) })}\r\n\r\n`,
      (served) => served.hasBody,
    );
    expect(undeclared(got, 413)).toEqual([]);
  });

  it('a body that is not JSON is 415', async () => {
    const got = await answers(
      (served) => withBody(served, { token: token(served), 'content-type': 'text/plain' }, 'x'),
      (served) => served.hasBody,
    );
    expect(undeclared(got, 415)).toEqual([]);
  });

  it(`a request target over ${maxRequestTargetLength} characters is 414`, async () => {
    const padding = `padding=${'p'.repeat(maxRequestTargetLength)}`;
    const got = await answers(
      (served) =>
        `${head(served, { token: token(served) }, `${served.target}${served.target.includes('?') ? '&' : '?'}${padding}`)}\r\n\r\n`,
    );
    expect(undeclared(got, 414)).toEqual([]);
  });

  it('an Expect header other than 100-continue is 417', async () => {
    const got = await answers((served) => `${head(served, { token: token(served), expect: 'teapot' })}\r\n\r\n`);
    expect(undeclared(got, 417)).toEqual([]);
  });

  it('headers over 16 KiB are 431', async () => {
    const got = await answers(
      (served) => `${head(served, { token: token(served), 'x-padding': 'p'.repeat(20_000) })}\r\n\r\n`,
    );
    expect(undeclared(got, 431)).toEqual([]);
  });

  it('a client that stops in the middle of its headers is 408', async () => {
    const clientTimeouts = { headersMs: 500, requestMs: 500, keepAliveMs: 500, checkEveryMs: 100 };
    const got = await answers((served) => `${head(served, { token: token(served) })}\r\n`, undefined, {
      clientTimeouts,
    });
    expect(undeclared(got, 408)).toEqual([]);
  });

  it('a caller over the rate limit gets an answer the operation declares', async () => {
    // One request per window: every operation is called with the same token, so all but the first are over it.
    const rateLimit = { max: 1, windowMs: 60_000 };
    const request = (served: Served) =>
      served.hasBody
        ? withBody(served, { token: token(served), 'content-type': 'application/json' }, '{}')
        : `${head(served, { token: token(served) })}\r\n\r\n`;
    const got = await answers(request, undefined, { rateLimit });
    expect(got.map(([, status]) => status)).toContain(429);
    expect(undeclared(got)).toEqual([]);
  });

  it('a request that arrives while the service shuts down is 503', async () => {
    const app = await buildApp(options);
    let closing!: () => void;
    const closed = new Promise<void>((resolve) => (closing = resolve));
    // Runs after the app's own preClose hook, which refuses new work.
    app.addHook('preClose', (done) => {
      closing();
      done();
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    // A connection in the middle of its headers is busy, so closing waits for it; its headers end once closing began.
    const exchanges = operations.map((served) =>
      exchange(port, `${head(served, { token: token(served) })}\r\n`, () => closed.then(() => '\r\n')),
    );
    await Promise.all(exchanges.map((one) => one.written));
    // Until the server has parsed the partial headers: a connection it has read nothing from is idle, and closed at once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const done = app.close();
    const statuses = await Promise.all(exchanges.map((one) => one.status));
    await done;
    expect(
      undeclared(
        operations.map((served, index) => [served, statuses[index]!]),
        503,
      ),
    ).toEqual([]);
  });
});
