/**
 * Hostile bodies against the service as it is deployed: `node dist/cli/main.js serve` in a process of
 * its own under the 160 MB heap of `npm start`. Bodies of 1 MiB, and bodies just under each
 * route's body limit (arrays of wrong-typed items, deep nesting, many keys, U+0000 in the last
 * item), to permit search with a Planner's token and to login without one, several at once: each
 * is answered 4xx with the error body, the process keeps serving, and its resident memory rises
 * by less than 100 MB (on PostgreSQL, its peak stays under 250 MB; PGlite's embedded database
 * alone takes more).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorResponse } from '@street-events/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/config.js';
import { openDatabase, type DatabaseConfig } from '../../src/db/database.js';
import { routeBodyLimit } from '../../src/http/body-bounds.js';
import { listOperations, loadDocument, type OpenApiDocument } from '../../src/http/openapi.js';
import { loginBasePath } from '../../src/features/login/plugin.js';
import { loadLoginDocument } from '../../src/shared/documents.js';
import { createServerDatabase } from '../support/databases.js';
import { promoter, tokenFor } from '../support/fixtures.js';
import { documentSchema } from '../support/http.js';
import { assertBuilt, startServiceProcess, type ServiceProcess } from '../support/service-process.js';

const heapMegabytes = 160;
const rssCeilingBytes = 250 * 1024 * 1024;
const riseCeilingBytes = 100 * 1024 * 1024;
/** Copies of each hostile request sent at once. */
const concurrent = 4;

const errorResponse = documentSchema<ErrorResponse>('ErrorResponse');

interface Answer {
  status: number;
  body: unknown;
}

/** Sends a body and reads the answer; the service may answer (413) and close before it has read the whole body. */
function send(url: string, body: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } });
    outgoing.on('response', (response) => {
      answered = true;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    outgoing.end(body);
  });
}

/** `open`, then as many `item`s as fit (comma-separated), then `close`: at most `bytes` bytes. */
function filled(open: string, item: string, close: string, bytes: number): string {
  const count = Math.floor((bytes - open.length - close.length + 1) / (item.length + 1));
  return `${open}${Array<string>(count).fill(item).join(',')}${close}`;
}

/** Brackets nested as deep as `bytes` allow, as the value of `field`. */
function nested(field: string, bytes: number): string {
  const depth = Math.floor((bytes - field.length - 5) / 2);
  return `{"${field}":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

function bodyLimitOf(document: OpenApiDocument, operationId: string): number {
  const operation = listOperations(document).find((candidate) => candidate.operationId === operationId)!;
  return routeBodyLimit(document, operation.bodySchema, configFromEnv({}).bodyLimitBytes);
}

/** The review's body: 524,000 zeros in 1 MiB. */
const mebibyteOfZeros = (field: string) => JSON.stringify({ [field]: Array<number>(524_000).fill(0) });

interface Hostile {
  name: string;
  path: string;
  body: string;
  status: number;
  withToken: boolean;
}

function hostileBodies(): Hostile[] {
  const search = bodyLimitOf(loadDocument(), 'searchPermits');
  const login = bodyLimitOf(loadLoginDocument(), 'authenticate');
  const searchPath = '/permits/search';
  const loginPath = '/work/authenticate';
  const nulItem = JSON.stringify('\u0000');
  return [
    {
      name: '1 MiB of zeros as references',
      path: searchPath,
      body: mebibyteOfZeros('work_reference_numbers'),
      status: 413,
    },
    {
      name: 'zeros as references, up to the limit',
      path: searchPath,
      body: filled('{"work_reference_numbers":[', '0', ']}', search),
      status: 400,
    },
    {
      name: 'nested arrays, up to the limit',
      path: searchPath,
      body: nested('work_reference_numbers', search),
      status: 400,
    },
    { name: 'unknown keys, up to the limit', path: searchPath, body: filled('{', '"k":0', '}', search), status: 400 },
    {
      name: 'U+0000 in the last of many strings, up to the limit',
      path: searchPath,
      body: `${filled('{"work_reference_numbers":[', '"a"', '', search - nulItem.length - 3)},${nulItem}]}`,
      status: 400,
    },
    { name: '1 MiB of zeros to login', path: loginPath, body: mebibyteOfZeros('a'), status: 413 },
    {
      name: 'zeros as the email address, up to the limit',
      path: loginPath,
      body: filled('{"emailAddress":[', '0', ']}', login),
      status: 400,
    },
    { name: 'nested arrays to login, up to the limit', path: loginPath, body: nested('password', login), status: 400 },
    {
      name: 'unknown keys to login, up to the limit',
      path: loginPath,
      body: filled('{', '"k":0', '}', login),
      status: 400,
    },
  ].map((hostile) => ({ ...hostile, withToken: hostile.path === searchPath }));
}

/** A figure of the process's memory from Linux's `/proc/<pid>/status`: `VmRSS` (resident now) or `VmHWM` (its peak). */
function memoryBytes(pid: number, figure: 'VmRSS' | 'VmHWM'): number {
  const kilobytes = new RegExp(`${figure}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kilobytes) * 1024;
}

/** Starts measuring the process's peak resident memory from now (Linux: `5` to `/proc/<pid>/clear_refs`). */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

beforeAll(() => assertBuilt());

for (const kind of ['postgres', 'pglite'] as const) {
  describe(`hostile bodies to the service as a process [${kind}]`, { timeout: 120_000 }, () => {
    let service: ServiceProcess;
    let planner: string;
    let cleanUp: () => Promise<void> | void;
    let residentAtStart: number;

    beforeAll(async () => {
      let config: DatabaseConfig;
      let args: string[];
      if (kind === 'postgres') {
        const created = await createServerDatabase();
        config = { kind, url: created.url };
        args = ['--database-url', created.url];
        cleanUp = created.drop;
      } else {
        const directory = mkdtempSync(join(tmpdir(), 'street-events-hostile-'));
        config = { kind, dataDir: directory };
        args = ['--data-dir', directory];
        cleanUp = () => rmSync(directory, { recursive: true, force: true });
      }
      const handle = await openDatabase(config);
      await handle.migrate();
      planner = await tokenFor(handle.db, await promoter(handle.db), 'Planner');
      await handle.close();
      service = await startServiceProcess(args, {
        NODE_OPTIONS: `--max-old-space-size=${heapMegabytes}`,
        DELIVERY_WORKER: 'off',
      });
      resetPeak(service.child.pid!);
      residentAtStart = memoryBytes(service.child.pid!, 'VmRSS');
    }, 120_000);
    afterAll(async () => {
      await service?.stop();
      await cleanUp?.();
    });

    it.each(hostileBodies())('$name is answered $status with the error body', async (hostile) => {
      const base = hostile.withToken ? service.baseUrl : service.baseUrl.replace(/\/v7\/event$/, loginBasePath);
      const headers: Record<string, string> = hostile.withToken ? { token: planner } : {};
      const answers = await Promise.all(
        Array.from({ length: concurrent }, () => send(`${base}${hostile.path}`, hostile.body, headers)),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(hostile.status);
        expect(errorResponse(answer.body), JSON.stringify(errorResponse.errors)).toBe(true);
        expect((answer.body as ErrorResponse).error.status).toBe(hostile.status);
      }
    });

    it('the service keeps serving after every hostile body', async () => {
      const answer = await send(`${service.baseUrl}/permits/search`, '{}', { token: planner });
      expect(answer.status).toBe(200);
      expect(service.child.exitCode).toBeNull();
    });

    it(`the service's resident memory rises by less than ${riseCeilingBytes / 1024 / 1024} MB while it answers them`, () => {
      expect(memoryBytes(service.child.pid!, 'VmHWM') - residentAtStart).toBeLessThan(riseCeilingBytes);
    });

    // PGlite's embedded database alone keeps more than this resident: the bound is PostgreSQL's.
    if (kind === 'postgres') {
      it(`the service's peak resident memory stays under ${rssCeilingBytes / 1024 / 1024} MB`, () => {
        expect(memoryBytes(service.child.pid!, 'VmHWM')).toBeLessThan(rssCeilingBytes);
      });
    }
  });
}
