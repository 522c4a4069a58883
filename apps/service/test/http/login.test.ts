/**
 * Login as the permitting system does it, on the wire: `POST /v7/work/authenticate` and
 * `POST /v7/party/refresh` with their real bodies, the `idToken` in the `token` header of the
 * event interface with the same roles and rules as an API key, the lockout after five failed
 * logins, refresh, revocation and expiry. Every answer is checked against the login document or
 * the interface document.
 */
import type { ErrorResponse, WorkUpdateResponse } from '@street-events/types';
import type {
  AuthenticationResponse,
  ErrorResponse as LoginErrorResponse,
  RefreshResponse,
} from '@street-events/types/login';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContract, removeContract } from '../../src/events/contracts.js';
import type { Organisation } from '../../src/directory/organisations.js';
import { createUser } from '../../src/directory/users.js';
import {
  defaultLoginLimits,
  lockoutMs,
  maxFailedLogins,
  revokeSessions,
  setPassword,
} from '../../src/directory/login.js';
import { loginSessions, users, type UserRole } from '../../src/db/schema.js';
import { describeEachDatabase } from '../support/databases.js';
import {
  contractor,
  highwayAuthority,
  loginPassword,
  promoter,
  tokenFor,
  userWithLogin as newUserWithLogin,
  work,
} from '../support/fixtures.js';
import { startService, type RunningService } from '../support/http.js';

let sequence = 0;
const generousLimits = { ...defaultLoginLimits, addressMax: 100_000, accountMax: 100_000 };
const password = loginPassword;

describeEachDatabase('login', (database) => {
  let service: RunningService;
  let owner: Organisation;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    owner = await promoter(database.db);
    await work(database.db, owner, await highwayAuthority(database.db));
    service = await startService({
      db: database.db,
      // Limits of their own: these tests log in far more often than one client address may.
      login: { tokenTtlSeconds: 3600, now: clock, limits: generousLimits },
      authenticationCache: { ttlMs: 0, maxEntries: 1 },
    });
  });
  afterAll(() => service?.close());

  /** A new user of `organisation` who may log in. */
  const userWithLogin = (role: UserRole = 'Planner', organisation: Organisation = owner) =>
    newUserWithLogin(database.db, organisation, role);

  /** A login; `Body` is `LoginErrorResponse` where the test expects it refused. */
  const logIn = <Body = AuthenticationResponse>(emailAddress: string, given = password) =>
    service.loginRequest<Body>('POST', '/work/authenticate', { body: { emailAddress, password: given } });
  /** A poll with `token`; `Body` is `ErrorResponse` where the test expects it refused. */
  const poll = <Body = WorkUpdateResponse>(token: string) => service.request<Body>('GET', '/works/updates', { token });

  describe('POST /v7/work/authenticate', () => {
    it('answers the five tokens and the organisation reference', async () => {
      const { email } = await userWithLogin();
      const response = await logIn(email);
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual([
        'accessToken',
        'idToken',
        'organisationReference',
        'refreshToken',
        'sessionToken',
      ]);
      expect(response.body.organisationReference).toBe(owner.swaCode);
    });

    it('takes the email address without regard to case', async () => {
      const { email } = await userWithLogin();
      expect((await logIn(email.toUpperCase())).status).toBe(200);
    });

    it('a wrong password is 401 with the error body', async () => {
      const { email } = await userWithLogin();
      const response = await logIn<LoginErrorResponse>(email, 'wrong');
      expect([response.status, response.body.error.code]).toEqual([401, 'unauthenticated']);
    });

    it('an unknown email address is 401, as a wrong password', async () => {
      const response = await logIn<LoginErrorResponse>('nobody@example.test');
      expect([response.status, response.body.message]).toEqual([401, 'The email address or the password is wrong.']);
    });

    it('a user without a password cannot log in (401)', async () => {
      const username = `login-user-${++sequence}`;
      await createUser(database.db, { username, role: 'Planner', organisation: owner.name });
      await database.db
        .update(users)
        .set({ email: `${username}@example.test` })
        .where(eq(users.username, username));
      expect((await logIn(`${username}@example.test`)).status).toBe(401);
    });

    it('a body without a password is 400 naming it', async () => {
      const response = await service.loginRequest<LoginErrorResponse>('POST', '/work/authenticate', {
        body: { emailAddress: 'a@example.test' },
      });
      expect([response.status, response.body.error.details![0]!.field]).toEqual([400, 'password']);
    });

    it('an unknown property is 400', async () => {
      const response = await service.loginRequest('POST', '/work/authenticate', {
        body: { emailAddress: 'a@b.c', password: 'x', remember: true },
      });
      expect(response.status).toBe(400);
    });

    it(`${maxFailedLogins} failed logins lock the account: 423 with Retry-After, even with the right password`, async () => {
      const { email } = await userWithLogin();
      for (let attempt = 1; attempt <= maxFailedLogins; attempt++)
        expect((await logIn(email, 'wrong')).status).toBe(401);
      const locked = await logIn<LoginErrorResponse>(email);
      expect([locked.status, locked.body.error.code]).toEqual([423, 'locked']);
      // The seconds left of the lockout, counted from its start: no more than the lockout, less only by the time the test took.
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).toBeLessThanOrEqual(lockoutMs / 1000);
      expect(retryAfter).toBeGreaterThan(lockoutMs / 1000 - 30);
    });

    it('fewer failed logins than the limit, then a success, reset the count', async () => {
      const { email } = await userWithLogin();
      for (let attempt = 1; attempt < maxFailedLogins; attempt++) await logIn(email, 'wrong');
      expect((await logIn(email)).status).toBe(200);
      expect((await logIn(email, 'wrong')).status).toBe(401);
      expect((await logIn(email)).status).toBe(200);
    });

    it('a locked account logs in again once the lockout has passed', async () => {
      const { email } = await userWithLogin();
      for (let attempt = 1; attempt <= maxFailedLogins; attempt++) await logIn(email, 'wrong');
      offsetMs = lockoutMs + 1000;
      try {
        expect((await logIn(email)).status).toBe(200);
      } finally {
        offsetMs = 0;
      }
    });

    it('keeps only an scrypt hash of the password and a SHA-256 of the refresh token', async () => {
      const { username, email } = await userWithLogin();
      const { refreshToken } = (await logIn(email)).body;
      const [stored] = await database.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.username, username));
      expect(stored!.hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
      expect(stored!.hash).not.toContain(password);
      const sessions = await database.db.select({ hash: loginSessions.refreshTokenHash }).from(loginSessions);
      expect(sessions.map((session) => session.hash)).not.toContain(refreshToken);
    });
  });

  describe('the token header', () => {
    it('takes the idToken as it takes an API key: the same answer', async () => {
      const { email } = await userWithLogin();
      const { idToken } = (await logIn(email)).body;
      const byLogin = await poll(idToken);
      const byKey = await poll(await tokenFor(database.db, owner, 'Planner'));
      expect([byLogin.status, byLogin.body]).toEqual([200, byKey.body]);
    });

    it('takes the accessToken too', async () => {
      const { email } = await userWithLogin();
      expect((await poll((await logIn(email)).body.accessToken)).status).toBe(200);
    });

    it('refuses the sessionToken and the refreshToken (401)', async () => {
      const { email } = await userWithLogin();
      const { sessionToken, refreshToken } = (await logIn(email)).body;
      expect([(await poll(sessionToken)).status, (await poll(refreshToken)).status]).toEqual([401, 401]);
    });

    it('applies the role rules: an Operator’s idToken is 403', async () => {
      const { email } = await userWithLogin('Operator');
      expect((await poll((await logIn(email)).body.idToken)).status).toBe(403);
    });

    it('applies the contract rule: a Contractor without an active contract is 403', async () => {
      const idle = await contractor(database.db);
      await addContract(database.db, { contractor: idle.name, promoter: owner.name });
      await removeContract(database.db, { contractor: idle.name, promoter: owner.name });
      const { email } = await userWithLogin('Contractor', idle);
      const response = await service.request('GET', '/works/updates', {
        token: (await logIn(email)).body.idToken,
        query: { swa_code: owner.swaCode! },
      });
      expect(response.status).toBe(403);
    });

    it('a tampered idToken is 401 with the error body', async () => {
      const { email } = await userWithLogin();
      const { idToken } = (await logIn(email)).body;
      const [header, payload, signature] = idToken.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
      const response = await poll<ErrorResponse>(`${header}.${forged}.${signature}`);
      expect([response.status, response.body.error.status]).toEqual([401, 401]);
    });

    it('an expired idToken is 401', async () => {
      const { email } = await userWithLogin();
      offsetMs = -2 * 3600 * 1000;
      let idToken: string;
      try {
        idToken = (await logIn(email)).body.idToken;
      } finally {
        offsetMs = 0;
      }
      expect((await poll(idToken)).status).toBe(401);
    });
  });

  describe('POST /v7/party/refresh', () => {
    const refresh = (refresh_token: string) =>
      service.loginRequest<RefreshResponse>('POST', '/party/refresh', { body: { refresh_token } });

    it('answers a new id_token and access_token, which the token header takes', async () => {
      const { email } = await userWithLogin();
      const response = await refresh((await logIn(email)).body.refreshToken);
      expect([response.status, Object.keys(response.body).sort()]).toEqual([200, ['access_token', 'id_token']]);
      expect((await poll(response.body.id_token)).status).toBe(200);
    });

    it('an unknown refresh token is 401', async () => {
      expect((await refresh('rt_unknown')).status).toBe(401);
    });

    it('a body without refresh_token is 400', async () => {
      expect((await service.loginRequest('POST', '/party/refresh', { body: {} })).status).toBe(400);
    });

    it('a new password ends the user’s sessions: the refresh token and the tokens issued from it are 401', async () => {
      const { username, email } = await userWithLogin();
      const { idToken, refreshToken } = (await logIn(email)).body;
      await setPassword(database.db, username, email, 'a new password');
      expect([(await refresh(refreshToken)).status, (await poll(idToken)).status]).toEqual([401, 401]);
      expect((await logIn(email, 'a new password')).status).toBe(200);
    });

    it('revoking the user’s sessions ends the refresh token and the tokens issued from it', async () => {
      const { username, email } = await userWithLogin();
      const { idToken, refreshToken } = (await logIn(email)).body;
      expect(await revokeSessions(database.db, username)).toBe(1);
      expect([(await refresh(refreshToken)).status, (await poll(idToken)).status]).toEqual([401, 401]);
    });
  });
});

describeEachDatabase('login switched off', (database) => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService({ db: database.db });
  });
  afterAll(() => service?.close());

  it.each(['/work/authenticate', '/party/refresh'])('POST %s is 404 with the error body', async (path) => {
    const response = await service.loginRequest<LoginErrorResponse>('POST', path, { body: {} });
    expect([response.status, response.body.error.code]).toEqual([404, 'not_found']);
  });
});
