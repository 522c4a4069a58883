/**
 * Who reaches the console at /console: anyone in sandbox mode; otherwise the page is a sign-in
 * form and the console's script is served to an Operator's token alone, refusals in the error body.
 */
import type { ErrorResponse } from '@street-events/types';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { describeEachDatabase } from '../support/databases.js';
import { promoter, tokenFor } from '../support/fixtures.js';
import { documentSchema, startService, type RunningService } from '../support/http.js';
import { sandboxLayer } from '../../src/sandbox/layer.js';

const isErrorBody = documentSchema<ErrorResponse>('ErrorResponse');

describeEachDatabase('the console', (database) => {
  describe('outside sandbox mode', () => {
    let service: RunningService;
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(new URL(path, service.baseUrl), { headers });
    beforeAll(async () => {
      service = await startService({ db: database.db, console: true });
    });
    afterAll(() => service?.close());

    test('the page is only the sign-in: it names operator mode and loads no script but the loader', async () => {
      const page = await get('/console');
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('data-mode="operator"');
      expect([...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1])).toEqual(['/console/loader.js']);
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    });

    test("the console's script without a token is 401 in the error body", async () => {
      const refused = await get('/console/app.js');
      expect(refused.status).toBe(401);
      const body: unknown = await refused.json();
      expect(isErrorBody(body)).toBe(true);
    });

    test("the console's script is 403 to a role other than Operator", async () => {
      const planner = await tokenFor(database.db, await promoter(database.db), 'Planner');
      const refused = await get('/console/app.js', { token: planner });
      expect(refused.status).toBe(403);
      expect(isErrorBody(await refused.json())).toBe(true);
    });

    test("an Operator's token gets the console's script", async () => {
      const operator = await tokenFor(database.db, await promoter(database.db), 'Operator');
      const served = await get('/console/app.js', { token: operator });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^text\/javascript/);
    });
  });

  describe('in sandbox mode', () => {
    let service: RunningService;
    let operator: string;
    beforeAll(async () => {
      operator = await tokenFor(database.db, await promoter(database.db), 'Operator');
      const user = {
        username: 'ops',
        role: 'Operator' as const,
        organisation: '',
        email: '',
        password: '',
        token: operator,
      };
      service = await startService({
        db: database.db,
        console: true,
        layer: sandboxLayer({ db: database.db, users: [user] }),
      });
    });
    afterAll(() => service?.close());

    test("the page carries the sandbox Operator's token, which gets the console's script", async () => {
      const page = await fetch(new URL('/console', service.baseUrl));
      const html = await page.text();
      expect(html).toContain('data-mode="sandbox"');
      expect(html).toContain(`<meta name="street-events-operator-token" content="${operator}">`);
      expect((await fetch(new URL('/console/app.js', service.baseUrl), { headers: { token: operator } })).status).toBe(
        200,
      );
    });
  });
});
