/**
 * Login under load, on the wire: the limits per client address and per email address (`429`
 * with `Retry-After`), the lockout counted before any password is checked (however many wrong
 * passwords arrive at once, at most `maxFailedLogins` are checked), an unknown address answering
 * exactly as an account does, and the bound on password checks (`503` with `Retry-After`).
 * Password checks are counted through the injectable verifier.
 */
import { request as httpRequest } from 'node:http';
import type { ErrorResponse as LoginErrorResponse } from '@street-events/types/login';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/directory/users.js';
import {
  defaultLoginLimits,
  maxFailedLogins,
  setPassword,
  type LoginLimits,
  type LoginOptions,
} from '../../src/directory/login.js';
import { verifyPassword } from '../../src/directory/passwords.js';
import { loadLoginDocument, type OpenApiDocument } from '../../src/shared/documents.js';
import { users } from '../../src/db/schema.js';
import type { Organisation } from '../../src/directory/organisations.js';
import { describeEachDatabase, type TestDatabase } from '../support/databases.js';
import { promoter } from '../support/fixtures.js';
import { startService, type RunningService } from '../support/http.js';

const password = 'correct horse battery staple';
let sequence = 0;

/** A service whose login has `limits` (generous where not given) and counts its password checks. */
async function loginService(database: TestDatabase, limits: Partial<LoginLimits>, verify = verifyPassword) {
  const checks = { count: 0 };
  const verifier: LoginOptions['verifyPassword'] = (given, stored) => {
    checks.count += 1;
    return verify(given, stored);
  };
  const service = await startService({
    db: database.db,
    login: {
      tokenTtlSeconds: 3600,
      verifyPassword: verifier,
      limits: { ...defaultLoginLimits, addressMax: 100_000, accountMax: 100_000, hashQueue: 100, ...limits },
    },
  });
  return { service, checks };
}

const logIn = <Body = LoginErrorResponse>(service: RunningService, emailAddress: string, given = password) =>
  service.loginRequest<Body>('POST', '/work/authenticate', { body: { emailAddress, password: given } });

/** A login sent from another client address of the loopback network (`localAddress`); its status. */
function logInFrom(service: RunningService, localAddress: string, emailAddress: string): Promise<number> {
  const body = JSON.stringify({ emailAddress, password });
  const url = new URL(service.baseUrl);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: '/v7/work/authenticate',
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode!));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

describe('the login document', () => {
  it('states the default limits the service enforces', () => {
    const { description } = loadLoginDocument().info as OpenApiDocument['info'] & { description: string };
    const { addressMax, accountMax, windowMs, hashConcurrency, hashQueue } = defaultLoginLimits;
    expect(windowMs).toBe(60_000);
    const row = (what: string, value: string) => new RegExp(`\\| ${what}\\s*\\| ${value}\\s*\\|`);
    expect(description).toMatch(row('logins, refreshes and logouts from one client address', `${addressMax} a minute`));
    expect(description).toMatch(row('logins naming one email address, from any address', `${accountMax} a minute`));
    expect(description).toMatch(
      row('passwords checked at once; logins waiting their turn', `${hashConcurrency}; ${hashQueue}`),
    );
  });
});

describeEachDatabase('login limits', (database) => {
  let owner: Organisation;
  const started: RunningService[] = [];

  beforeAll(async () => {
    owner = await promoter(database.db);
  });
  afterAll(() => Promise.all(started.map((service) => service.close())));

  const serviceWith = async (limits: Partial<LoginLimits>, verify?: typeof verifyPassword) => {
    const running = await loginService(database, limits, verify);
    started.push(running.service);
    return running;
  };

  /** A new user who may log in; returns the email address. */
  async function account(): Promise<string> {
    const username = `limits-user-${++sequence}`;
    await createUser(database.db, { username, role: 'Planner', organisation: owner.name });
    await setPassword(database.db, username, `${username}@example.test`, password);
    return `${username}@example.test`;
  }

  describe('per client address', () => {
    it('a flood from one address is 429 with Retry-After and the error body, while another address logs in', async () => {
      const { service } = await serviceWith({ addressMax: 3 });
      const email = await account();
      for (let i = 0; i < 3; i++) expect((await logIn(service, `nobody-${i}@example.test`, 'wrong')).status).toBe(401);
      const refused = await logIn(service, email);
      expect([refused.status, refused.body.error.code]).toEqual([429, 'rate_limited']);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await logInFrom(service, '127.0.0.2', email)).toBe(200);
    });

    it('behind a trusted proxy, each client address its X-Forwarded-For names has a budget of its own', async () => {
      const service = await startService({
        db: database.db,
        trustProxy: ['127.0.0.1'],
        login: { tokenTtlSeconds: 3600, limits: { ...defaultLoginLimits, addressMax: 1 } },
      });
      started.push(service);
      const from = (client: string) =>
        service.loginRequest('POST', '/work/authenticate', {
          body: { emailAddress: 'nobody@example.test', password: 'wrong' },
          headers: { 'x-forwarded-for': client },
        });
      expect([(await from('192.0.2.1')).status, (await from('192.0.2.1')).status]).toEqual([401, 429]);
      expect((await from('192.0.2.2')).status).toBe(401);
    });

    it('refresh counts toward the same address limit', async () => {
      const { service } = await serviceWith({ addressMax: 2 });
      for (let i = 0; i < 2; i++) await logIn(service, `nobody-${i}@example.test`, 'wrong');
      const refused = await service.loginRequest<LoginErrorResponse>('POST', '/party/refresh', {
        body: { refresh_token: 'rt_unknown' },
      });
      expect([refused.status, refused.body.error.code]).toEqual([429, 'rate_limited']);
    });

    it('logout counts toward the same address limit: past it, 429 with Retry-After', async () => {
      const { service } = await serviceWith({ addressMax: 2 });
      for (let i = 0; i < 2; i++) await logIn(service, `nobody-${i}@example.test`, 'wrong');
      const refused = await service.loginRequest<LoginErrorResponse>('POST', '/party/logout', {
        body: { access_token: 'not-a-token' },
      });
      expect([refused.status, refused.body.error.code]).toEqual([429, 'rate_limited']);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('per email address', () => {
    it('past the limit one email address is 429 while another is still answered', async () => {
      const { service, checks } = await serviceWith({ accountMax: 2 });
      const [email, other] = [await account(), await account()];
      expect((await logIn(service, email, 'wrong')).status).toBe(401);
      expect((await logIn(service, email.toUpperCase(), 'wrong')).status).toBe(401);
      const refused = await logIn(service, email);
      expect([refused.status, Number(refused.headers.get('retry-after')) > 0]).toEqual([429, true]);
      expect((await logIn(service, other)).status).toBe(200);
      expect(checks.count).toBe(3);
    });
  });

  describe('the lockout', () => {
    it(`50 wrong passwords at once for one account check at most ${maxFailedLogins} passwords; the rest are 423`, async () => {
      const { service, checks } = await serviceWith({});
      const email = await account();
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => logIn(service, email, `wrong-${i}`)));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(checks.count).toBeLessThanOrEqual(maxFailedLogins);
      expect(statuses).toEqual([
        ...Array<number>(maxFailedLogins).fill(401),
        ...Array<number>(50 - maxFailedLogins).fill(423),
      ]);
    });

    it('the right password among 50 wrong ones at once is checked only if it got one of the attempts', async () => {
      const { service, checks } = await serviceWith({});
      const email = await account();
      const givens = Array.from({ length: 50 }, (_, i) => (i === 25 ? password : `wrong-${i}`));
      await Promise.all(givens.map((given) => logIn(service, email, given)));
      expect(checks.count).toBeLessThanOrEqual(maxFailedLogins);
    });

    it('an unknown email address answers the same statuses as an account, in the same order', async () => {
      const { service } = await serviceWith({});
      const email = await account();
      const statusesOf = async (address: string) => {
        const statuses: number[] = [];
        for (let i = 0; i <= maxFailedLogins; i++) statuses.push((await logIn(service, address, 'wrong')).status);
        return statuses;
      };
      const known = await statusesOf(email);
      expect(await statusesOf(`unknown-${++sequence}@example.test`)).toEqual(known);
      expect(known).toEqual([...Array<number>(maxFailedLogins).fill(401), 423]);
    });

    it('an unknown email address checks the decoy hash, as an account checks its own', async () => {
      const { service, checks } = await serviceWith({});
      await logIn(service, `unknown-${++sequence}@example.test`, 'wrong');
      expect(checks.count).toBe(1);
    });

    it('50 wrong passwords at once for an unknown address are answered as for an account', async () => {
      const { service, checks } = await serviceWith({});
      const email = `unknown-${++sequence}@example.test`;
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => logIn(service, email, `wrong-${i}`)));
      expect(checks.count).toBeLessThanOrEqual(maxFailedLogins);
      expect(answers.filter((answer) => answer.status === 401)).toHaveLength(maxFailedLogins);
    });
  });

  describe('the bound on password checks', () => {
    it('with every slot busy and no room to wait, a login is 503 with Retry-After at once, and counts nothing', async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const busy = new Promise<void>((resolve) => (entered = resolve));
      const slow = async (given: string, stored: string) => {
        entered();
        await released;
        return verifyPassword(given, stored);
      };
      const { service, checks } = await serviceWith({ hashConcurrency: 1, hashQueue: 0 }, slow);
      const [email, other] = [await account(), await account()];
      const first = logIn(service, email);
      await busy;
      const refused = await logIn(service, other, 'wrong');
      release();
      expect([refused.status, refused.body.error.code, refused.headers.get('retry-after')]).toEqual([
        503,
        'service_unavailable',
        '1',
      ]);
      expect((await first).status).toBe(200);
      expect(checks.count).toBe(1);
      const [counted] = await database.db
        .select({ failedLogins: users.failedLogins })
        .from(users)
        .where(eq(users.email, other));
      expect(counted!.failedLogins).toBe(0);
    });
  });
});
