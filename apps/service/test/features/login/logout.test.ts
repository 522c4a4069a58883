/**
 * Logout as the permitting system's party API does it, on the wire: `POST /v7/party/logout` with
 * `{access_token}` answers `204` and ends that login's session (its refresh token and every id and
 * access token issued for it), at once on every instance, while the user's other sessions and API
 * keys keep working; a token that is not a live access token is `401` and ends nothing; the body is
 * validated against the login document. Every answer is checked against the login document or the
 * interface document.
 */
import type { ErrorResponse, WorkUpdateResponse } from '@street-events/types';
import type {
  AuthenticationResponse,
  ErrorResponse as LoginErrorResponse,
  RefreshResponse,
} from '@street-events/types/login';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLoginLimits, revokeSessions } from '../../../src/directory/login.js';
import { issueToken } from '../../../src/directory/tokens.js';
import { loginSessions, users } from '../../../src/db/schema.js';
import type { Organisation } from '../../../src/directory/organisations.js';
import { describeEachDatabase, type TestDatabase } from '../../support/databases.js';
import {
  highwayAuthority,
  loginPassword as password,
  promoter,
  userWithLogin as newUserWithLogin,
  work,
} from '../../support/fixtures.js';
import { startService, type RunningService } from '../../support/http.js';

/**
 * A service with login, its authentication cache on (as deployed, or keeping callers for
 * `cacheTtlMs`) and hearing credential changes.
 */
const loginService = (database: TestDatabase, now?: () => Date, cacheTtlMs?: number) =>
  startService({
    db: database.db,
    listen: database.listen,
    authenticationCache: cacheTtlMs === undefined ? undefined : { ttlMs: cacheTtlMs, maxEntries: 1000 },
    // Limits of their own: these tests log in far more often than one client address may.
    login: { tokenTtlSeconds: 3600, now, limits: { ...defaultLoginLimits, addressMax: 100_000, accountMax: 100_000 } },
  });

describeEachDatabase('POST /v7/party/logout', (database) => {
  let service: RunningService;
  let other: RunningService;
  let owner: Organisation;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    owner = await promoter(database.db);
    await work(database.db, owner, await highwayAuthority(database.db));
    service = await loginService(database, clock);
    // Keeps callers far longer than the test waits: only the announcement of the logout can end one.
    other = await loginService(database, undefined, 600_000);
  });
  afterAll(() => Promise.all([service?.close(), other?.close()]));

  const userWithLogin = () => newUserWithLogin(database.db, owner);

  const logIn = async (email: string, on = service) =>
    (
      await on.loginRequest<AuthenticationResponse>('POST', '/work/authenticate', {
        body: { emailAddress: email, password },
      })
    ).body;
  /** A login of a new user. */
  const newLogin = async () => logIn((await userWithLogin()).email);
  const logOut = <Body = undefined>(access_token: string, on = service) =>
    on.loginRequest<Body>('POST', '/party/logout', { body: { access_token } });
  const refresh = <Body = RefreshResponse>(refresh_token: string) =>
    service.loginRequest<Body>('POST', '/party/refresh', { body: { refresh_token } });
  /** A poll with `token`; `Body` is `ErrorResponse` where the test expects it refused. */
  const poll = <Body = WorkUpdateResponse>(token: string, on = service) =>
    on.request<Body>('GET', '/works/updates', { token });

  it('answers 204 with no body', async () => {
    const response = await logOut((await newLogin()).accessToken);
    expect([response.status, response.body, response.headers.get('content-type')]).toEqual([204, undefined, null]);
  });

  it('the idToken of the session is then 401 on the event interface, though it was just honoured and cached', async () => {
    const { idToken, accessToken } = await newLogin();
    expect((await poll(idToken)).status).toBe(200);
    await logOut(accessToken);
    const response = await poll<ErrorResponse>(idToken);
    expect([response.status, response.body.error.code]).toEqual([401, 'unauthenticated']);
  });

  it('the accessToken sent is then 401 in the token header', async () => {
    const { accessToken } = await newLogin();
    await logOut(accessToken);
    expect((await poll(accessToken)).status).toBe(401);
  });

  it('the refresh token of the session is then refused (401)', async () => {
    const { accessToken, refreshToken } = await newLogin();
    await logOut(accessToken);
    const response = await refresh<LoginErrorResponse>(refreshToken);
    expect([response.status, response.body.error.code]).toEqual([401, 'unauthenticated']);
  });

  it('ends the tokens a refresh of the session issued before the logout', async () => {
    const { accessToken, refreshToken } = await newLogin();
    const refreshed = (await refresh(refreshToken)).body;
    await logOut(accessToken);
    expect([(await poll(refreshed.id_token)).status, (await poll(refreshed.access_token)).status]).toEqual([401, 401]);
  });

  it('takes an access_token from a refresh, and ends the session it belongs to', async () => {
    const { idToken, refreshToken } = await newLogin();
    const refreshed = (await refresh(refreshToken)).body;
    expect((await logOut(refreshed.access_token)).status).toBe(204);
    expect([(await poll(idToken)).status, (await refresh(refreshToken)).status]).toEqual([401, 401]);
  });

  it('another session of the same user keeps working: its idToken and its refresh token', async () => {
    const { email } = await userWithLogin();
    const ended = await logIn(email);
    const kept = await logIn(email);
    await logOut(ended.accessToken);
    expect([(await poll(kept.idToken)).status, (await refresh(kept.refreshToken)).status]).toEqual([200, 200]);
  });

  it('an API key of the same user keeps working', async () => {
    const { username, email } = await userWithLogin();
    const { token } = await issueToken(database.db, username);
    await logOut((await logIn(email)).accessToken);
    expect((await poll(token)).status).toBe(200);
  });

  it('ends the session on every instance: another instance that had the idToken cached refuses it too', async () => {
    const { idToken, accessToken } = await newLogin();
    expect((await poll(idToken, other)).status).toBe(200);
    await logOut(accessToken);
    await expect.poll(async () => (await poll(idToken, other)).status, { timeout: 5_000 }).toBe(401);
  });

  it('records only when the session ended: nothing of the access token is stored', async () => {
    const { username, email } = await userWithLogin();
    const { accessToken } = await logIn(email);
    await logOut(accessToken);
    const rows = await database.db
      .select()
      .from(loginSessions)
      .innerJoin(users, eq(users.id, loginSessions.userId))
      .where(eq(users.username, username));
    expect(rows.map((row) => row.login_sessions.revokedAt)).toEqual([expect.any(Date)]);
    expect(JSON.stringify(rows)).not.toContain(accessToken);
  });

  describe('refused (401 with the error body), ending nothing', () => {
    /** The answer to a logout with `token`, and whether the session of `login` still works afterwards. */
    async function refusedAndKept(token: string, login: AuthenticationResponse) {
      const response = await logOut<LoginErrorResponse>(token);
      return [response.status, response.body.error.code, (await poll(login.idToken)).status];
    }

    it('an access token already logged out', async () => {
      const { accessToken } = await newLogin();
      await logOut(accessToken);
      const response = await logOut<LoginErrorResponse>(accessToken);
      expect([response.status, response.body.message]).toEqual([
        401,
        'The access token is unknown, expired or already logged out.',
      ]);
    });

    it('an access token of a session the operator revoked', async () => {
      const { username, email } = await userWithLogin();
      const { accessToken } = await logIn(email);
      await revokeSessions(database.db, username);
      expect((await logOut(accessToken)).status).toBe(401);
    });

    it('an unknown access token', async () => {
      expect((await logOut('not-a-token')).status).toBe(401);
    });

    it('a tampered access token', async () => {
      const login = await newLogin();
      const [header, payload, signature] = login.accessToken.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...claims, sid: Number(claims.sid) + 1 })).toString('base64url');
      expect(await refusedAndKept(`${header}.${forged}.${signature}`, login)).toEqual([401, 'unauthenticated', 200]);
    });

    it('an expired access token: its session goes on and may be refreshed', async () => {
      const { email } = await userWithLogin();
      offsetMs = -2 * 3600 * 1000;
      let login: AuthenticationResponse;
      try {
        login = await logIn(email);
      } finally {
        offsetMs = 0;
      }
      expect((await logOut(login.accessToken)).status).toBe(401);
      expect((await refresh(login.refreshToken)).status).toBe(200);
    });

    it('the idToken in place of the access token', async () => {
      const login = await newLogin();
      expect(await refusedAndKept(login.idToken, login)).toEqual([401, 'unauthenticated', 200]);
    });

    it('the refresh token or the session token in place of the access token', async () => {
      const login = await newLogin();
      expect([(await logOut(login.refreshToken)).status, (await logOut(login.sessionToken)).status]).toEqual([
        401, 401,
      ]);
      expect((await poll(login.idToken)).status).toBe(200);
    });
  });

  describe('the body, validated against the login document', () => {
    const send = (body: unknown) =>
      service.loginRequest<LoginErrorResponse>('POST', '/party/logout', { body: body as Record<string, unknown> });

    it('an unknown field is 400 naming it', async () => {
      const response = await send({ access_token: (await newLogin()).accessToken, refresh_token: 'rt_x' });
      expect([response.status, response.body.error.details?.map((detail) => detail.field)]).toEqual([
        400,
        ['refresh_token'],
      ]);
    });

    it('a body without access_token is 400 naming it', async () => {
      const response = await send({});
      expect([response.status, response.body.error.details?.map((detail) => detail.field)]).toEqual([
        400,
        ['access_token'],
      ]);
    });

    it('an empty access_token is 400 naming it', async () => {
      const response = await send({ access_token: '' });
      expect([response.status, response.body.error.details?.[0]?.field]).toEqual([400, 'access_token']);
    });

    it('a refused body ends nothing', async () => {
      const login = await newLogin();
      await send({ access_token: login.accessToken, remember: true });
      expect((await poll(login.idToken)).status).toBe(200);
    });
  });
});

describeEachDatabase('POST /v7/party/logout with login switched off', (database) => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startService({ db: database.db });
  });
  afterAll(() => service?.close());

  it('is 404 with the error body', async () => {
    const response = await service.loginRequest<LoginErrorResponse>('POST', '/party/logout', {
      body: { access_token: 'x' },
    });
    expect([response.status, response.body.error.code]).toEqual([404, 'not_found']);
  });
});
