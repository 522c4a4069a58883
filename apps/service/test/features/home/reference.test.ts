/**
 * The API reference apps/docs builds, served at `/reference/`: its pages as built, each with a
 * policy allowing its own inline scripts alone, and anything else, or any path out of the site,
 * `404` in the error body.
 */
import { request } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ErrorResponse } from '@street-events/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePolicy, referencePath, siteFile } from '../../../src/features/home/reference.js';
import { loadDocument } from '../../../src/shared/documents.js';
import { serviceFiles } from '../../../src/shared/service-files.js';
import { describeEachDatabase } from '../../support/databases.js';
import { documentSchema, startService, type RunningService } from '../../support/http.js';

const isErrorBody = documentSchema<ErrorResponse>('ErrorResponse');
const latest = loadDocument().info.version;

/** GET of `path` exactly as written (fetch would resolve `..` before sending it). */
function rawGet(origin: string, path: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    request({ hostname, port, path }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('a path of the reference', () => {
  const folder = '/site/';

  it('names a file of the site, and a folder ending in / its index.html', () => {
    expect(siteFile(folder, '')).toBe('/site/index.html');
    expect(siteFile(folder, `${latest}/`)).toBe(`/site/${latest}/index.html`);
    expect(siteFile(folder, `${latest}/openapi.json`)).toBe(`/site/${latest}/openapi.json`);
  });

  it.each(['..', '../etc/passwd', '7.7/../../x', '%2e%2e/x', '..%2fx', '%2f', 'a%5cb', '.', 'a//b', '%00', '%e0%a4%a'])(
    'names no file for %s',
    (below) => {
      expect(siteFile(folder, below)).toBeUndefined();
    },
  );
});

describe("a page's policy", () => {
  it('allows its inline scripts by hash and no other script', () => {
    const policy = pagePolicy('<p>x</p><script>one()</script><script type="module">two()</script>');
    expect(policy).toContain("'sha256-");
    expect(policy.match(/'sha256-/g)).toHaveLength(2);
    expect(policy).not.toContain("script-src 'unsafe-inline'");
    expect(pagePolicy('<p>no script</p>')).toContain("script-src 'none'");
  });
});

describeEachDatabase('the API reference', (database) => {
  let service: RunningService;
  let origin: string;

  beforeAll(async () => {
    service = await startService({ db: database.db });
    origin = new URL(service.baseUrl).origin;
  });
  afterAll(() => service?.close());

  it('serves the index of the site built by apps/docs at /reference/', async () => {
    const response = await fetch(`${origin}${referencePath}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe(await readFile(join(serviceFiles.reference, 'index.html'), 'utf8'));
  });

  it("serves the latest version's page with a policy allowing its own scripts", async () => {
    const response = await fetch(`${origin}${referencePath}${latest}/index.html`);
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toBe(pagePolicy(await response.text()));
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("serves a version's document as JSON", async () => {
    const response = await fetch(`${origin}${referencePath}${latest}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(((await response.json()) as { info: { version: string } }).info.version).toBe(latest);
  });

  it.each(['missing.html', `${latest}`, `${latest}/missing/`])(
    'answers %s with 404 in the error body',
    async (below) => {
      const response = await fetch(`${origin}${referencePath}${below}`);
      expect(response.status).toBe(404);
      const body: unknown = await response.json();
      expect(isErrorBody(body)).toBe(true);
    },
  );

  it.each([
    '/reference/../package.json',
    '/reference/%2e%2e/package.json',
    '/reference/..%2f..%2fservice%2fpackage.json',
  ])('serves nothing outside the site for %s, 404 in the error body', async (path) => {
    const { status, body } = await rawGet(origin, path);
    expect(status).toBe(404);
    expect(isErrorBody(body)).toBe(true);
  });
});
