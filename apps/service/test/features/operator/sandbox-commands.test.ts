/**
 * `POST /internal/sandbox/commands`: the sandbox runs a command of the command line on its own
 * database, over HTTP, and answers what the command printed and its exit code, each call its own
 * output; only in the sandbox, only for the Operator. The command line itself, beside a running
 * sandbox, is in test/cli/through-sandbox.test.ts.
 */
import type { components } from '@street-events/types/operator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInSandbox } from '../../../src/cli/in-sandbox.js';
import { buildProgram } from '../../../src/cli/program.js';
import type { DatabaseConfig } from '../../../src/db/database.js';
import { listOrganisations } from '../../../src/directory/organisations.js';
import { describeEachDatabase, serverHandleOf } from '../../support/databases.js';
import { promoter, tokenFor } from '../../support/fixtures.js';
import { startService, type RunningService } from '../../support/http.js';

type Result = components['schemas']['InternalSandboxCommandResult'];

const path = '/sandbox/commands';

describeEachDatabase('commands run in the sandbox', (database) => {
  let sandbox: RunningService;
  let operator: string;
  let planner: string;

  beforeAll(async () => {
    const owner = await promoter(database.db);
    operator = await tokenFor(database.db, owner, 'Operator');
    planner = await tokenFor(database.db, owner, 'Planner');
    const config: DatabaseConfig =
      database.kind === 'postgres' ? { kind: 'postgres', url: database.url } : { kind: 'pglite' };
    const sandboxDatabase = { handle: serverHandleOf(database), database: config };
    sandbox = await startService({
      db: database.db,
      sandbox: { users: [], commands: (argv) => runInSandbox(buildProgram, argv, sandboxDatabase) },
    });
  });
  afterAll(() => sandbox?.close());

  const run = (argv: string[], token = operator) =>
    sandbox.internalRequest<Result>('POST', path, { token, body: { argv } });

  it('answers what a command printed and its exit code', async () => {
    const answer = await run(['org', 'list', '--json']);
    expect(answer.status).toBe(200);
    expect(answer.body.exit_code).toBe(0);
    expect(answer.body.stderr).toBe('');
    const listed = (await listOrganisations(database.db)).map(({ name }) => name);
    expect((JSON.parse(answer.body.stdout) as { name: string }[]).map(({ name }) => name)).toEqual(listed);
  });

  it("changes the sandbox's database", async () => {
    const answer = await run(['org', 'create', '--kind', 'promoter', '--name', 'Calder Water', '--swa-code', 'CW1']);
    expect(answer.body.exit_code).toBe(0);
    expect((await listOrganisations(database.db)).map(({ name }) => name)).toContain('Calder Water');
  });

  it('keeps the output of commands run at once apart', async () => {
    const [organisations, users] = await Promise.all([run(['org', 'list']), run(['user', 'list'])]);
    expect(organisations.body.stdout).toMatch(/^id\s+kind\s+name\s+swaCode\n/);
    expect(organisations.body.stdout).not.toMatch(/username/);
    expect(users.body.stdout).toMatch(/^id\s+username\s+role\s+organisationName/);
    expect(users.body.stdout).not.toMatch(/swaCode/);
  });

  it("answers a failed command's one line on stderr and exit code 1", async () => {
    const answer = await run(['token', 'issue', 'nobody-at-all']);
    expect(answer.body).toEqual({ exit_code: 1, stdout: '', stderr: 'error: no user nobody-at-all\n' });
  });

  it('answers a usage error as the command line prints it', async () => {
    const answer = await run(['org', 'create', '--name', 'Nameless']);
    expect(answer.body).toEqual({
      exit_code: 1,
      stdout: '',
      stderr: "error: required option '--kind <kind>' not specified (--help shows the usage)\n",
    });
  });

  it('refuses serve, which the sandbox does already', async () => {
    const answer = await run(['serve', '--sandbox']);
    expect(answer.body).toEqual({
      exit_code: 1,
      stdout: '',
      stderr: 'error: "serve" does not run through the sandbox: the sandbox serves it already\n',
    });
  });

  it('refuses a command that runs until interrupted', async () => {
    const answer = await run(['simulate', '--rate', '1']);
    expect(answer.body.exit_code).toBe(1);
    expect(answer.body.stderr).toMatch(
      /^error: "simulate" does not run through the sandbox: it runs until interrupted/,
    );
  });

  it('is refused without a token and to any role but Operator', async () => {
    expect((await sandbox.internalRequest('POST', path, { body: { argv: ['org', 'list'] } })).status).toBe(401);
    expect((await run(['org', 'list'], planner)).status).toBe(403);
  });

  it('does not exist outside the sandbox', async () => {
    const service = await startService({ db: database.db });
    try {
      const answer = await service.internalRequest('POST', path, { token: operator, body: { argv: ['org', 'list'] } });
      expect(answer.status).toBe(404);
    } finally {
      await service.close();
    }
  });
});
