/**
 * The front door over HTTP: `GET /` names where everything is, in the console's look, and the
 * running service serves its OpenAPI documents, pointed at itself.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  loadDocument,
  loadLoginDocument,
  loadOperatorDocument,
  type OpenApiDocument,
} from '../../../src/shared/documents.js';
import { servedDocuments } from '../../../src/features/home/plugin.js';
import { referencePath } from '../../../src/features/home/reference.js';
import { describeEachDatabase } from '../../support/databases.js';
import { startService, type RunningService } from '../../support/http.js';

interface Server {
  url: string;
  variables?: Record<string, { default: string }>;
}

describeEachDatabase('the front door', (database) => {
  let service: RunningService;
  let origin: string;

  beforeAll(async () => {
    service = await startService({ db: database.db, console: true });
    origin = new URL(service.baseUrl).origin;
  });
  afterAll(() => service?.close());

  it('answers GET / with a page linking the console, the documents and the reference served here', async () => {
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    expect(page).toContain('href="/console"');
    for (const { path } of servedDocuments) expect(page).toContain(`href="${path}"`);
    expect(page).toContain(`href="${referencePath}"`);
    expect(page).toContain(`${origin}/v7/event`);
  });

  it("links the console's stylesheet, which its policy allows from the service alone", async () => {
    const response = await fetch(`${origin}/`);
    expect(await response.text()).toContain('<link rel="stylesheet" href="/console/console.css">');
    expect(response.headers.get('content-security-policy')).toContain("style-src 'self'");
    const stylesheet = await fetch(`${origin}/console/console.css`);
    expect(stylesheet.status).toBe(200);
    expect(await stylesheet.text()).toContain('.start main');
  });

  it.each([
    ['/openapi.json', loadDocument],
    ['/openapi/login.json', loadLoginDocument],
    ['/openapi/operator.json', loadOperatorDocument],
  ])('serves %s as published but for its servers', async (path, load) => {
    const response = await fetch(`${origin}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const served = (await response.json()) as OpenApiDocument;
    expect({ ...served, servers: undefined }).toEqual({ ...load(), servers: undefined });
  });

  it("defaults a served document's scheme and host to those the request came in on", async () => {
    const response = await fetch(`${origin}/openapi.json`);
    const servers = ((await response.json()) as { servers: Server[] }).servers;
    for (const server of servers) {
      expect(server.variables?.scheme?.default).toBe('http');
      expect(server.variables?.host?.default).toBe(new URL(origin).host);
    }
    expect(servers.map((server) => server.url)).toEqual((loadDocument().servers ?? []).map((server) => server.url));
  });
});
