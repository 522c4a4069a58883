/**
 * `POST /internal/sandbox/commands`: the sandbox runs a command of the command line on its own
 * database, over HTTP, and answers what the command printed and its exit code, each call its own
 * output; only in the sandbox, only for the Operator. It runs only what reaches nothing but its own
 * database: an option naming another database, service or token, anywhere, and a command that goes
 * through a service by URL itself, serves or runs until interrupted, are refused with 400 naming
 * the word of `argv`, before anything runs (a server on a loopback port, named in each refused
 * command line, is reached by none). The command line itself, beside a running sandbox, is in
 * test/cli/through-sandbox.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ErrorResponse } from '@street-events/types';
import type { components } from '@street-events/types/operator';
import type { Command } from 'commander';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInSandbox, type SandboxDatabase } from '../../src/cli/in-sandbox.js';
import { buildProgram } from '../../src/cli/program.js';
import { commandsNotThroughSandbox } from '../../src/cli/running-sandbox.js';
import type { DatabaseConfig } from '../../src/db/database.js';
import { listOrganisations } from '../../src/directory/organisations.js';
import { loadOperatorDocument } from '../../src/shared/documents.js';
import { describeEachDatabase, serverHandleOf } from '../support/databases.js';
import { promoter, tokenFor } from '../support/fixtures.js';
import { startService, type RunningService } from '../support/http.js';
import { sandboxLayer } from '../../src/sandbox/layer.js';

type Result = components['schemas']['InternalSandboxCommandResult'];

const path = '/sandbox/commands';

describeEachDatabase('commands run in the sandbox', (database) => {
  let sandbox: RunningService;
  let operator: string;
  let planner: string;

  /** A server on a loopback port that counts every connection made to it: no refused command line may reach it. */
  let elsewhere: Server;
  let reached = 0;
  let elsewhereUrl = '';
  let sandboxDatabase: SandboxDatabase;

  beforeAll(async () => {
    elsewhere = createServer((_request, response) => response.writeHead(200).end('{}'));
    elsewhere.on('connection', () => (reached += 1));
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`;
    const owner = await promoter(database.db);
    operator = await tokenFor(database.db, owner, 'Operator');
    planner = await tokenFor(database.db, owner, 'Planner');
    const config: DatabaseConfig =
      database.kind === 'postgres' ? { kind: 'postgres', url: database.url } : { kind: 'pglite' };
    sandboxDatabase = { handle: serverHandleOf(database), database: config };
    sandbox = await startService({
      db: database.db,
      layer: sandboxLayer({
        db: database.db,
        users: [],
        commands: (argv) => runInSandbox(buildProgram, argv, sandboxDatabase),
      }),
    });
  });
  afterAll(async () => {
    elsewhere?.close();
    await sandbox?.close();
  });

  const run = (argv: string[], token = operator) =>
    sandbox.internalRequest<Result>('POST', path, { token, body: { argv } });

  /** Runs `argv`, which the sandbox must refuse with 400 naming `argv[index]` and `rule`, reaching nothing. */
  async function expectRefused(argv: string[], index: number, rule: string): Promise<ErrorResponse> {
    const before = reached;
    const answer = (await run(argv)) as unknown as { status: number; body: ErrorResponse };
    expect(answer.status, JSON.stringify(argv)).toBe(400);
    expect(answer.body.error.details).toEqual([expect.objectContaining({ field: `argv[${index}]`, rule })]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reached, JSON.stringify(argv)).toBe(before);
    return answer.body;
  }

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

  it('refuses serve, which the sandbox does already, with 400 naming the command', async () => {
    const refused = await expectRefused(['serve', '--sandbox'], 0, 'enum');
    expect(refused.message).toBe('"serve" does not run through the sandbox: the sandbox serves it already');
  });

  it('refuses a command that runs until interrupted with 400 naming the command', async () => {
    const refused = await expectRefused(['simulate', '--rate', '1'], 0, 'enum');
    expect(refused.message).toMatch(/^"simulate" does not run through the sandbox: it runs until interrupted/);
  });

  it('refuses chaos status, which goes through a service itself, even without --service', async () => {
    await expectRefused(['chaos', 'status'], 0, 'enum');
    await expectRefused(['chaos', 'status', '--json'], 0, 'enum');
  });

  it('refuses every command that takes --service or a URL, given a URL', async () => {
    const reachingUrls = commandsOf(buildProgram()).filter(({ command }) => takesUrl(command));
    expect(reachingUrls.map(({ words }) => words[0])).toEqual(
      expect.arrayContaining(['chaos', 'listen', 'trigger', 'clock', 'scenario', 'verify-receiver']),
    );
    for (const { words } of reachingUrls) await expectRefused([...words, elsewhereUrl], 0, 'enum');
  });

  const refusedOptions = (url: string) => [
    ['--service', url],
    [`--service=${url}`],
    ['--token', 'se_not-the-sandbox-operators'],
    ['--token=se_not-the-sandbox-operators'],
    ['--data-dir', '/etc'],
    ['--data-dir=/etc'],
    ['--database-url', `postgres://${new URL(url).host}/elsewhere`],
    [`--database-url=postgres://${new URL(url).host}/elsewhere`],
  ];

  it('refuses an option naming another database, service or token, in either form and anywhere, with 400 naming it', async () => {
    for (const option of refusedOptions(elsewhereUrl)) {
      await expectRefused([...option, 'org', 'list'], 0, 'pattern');
      await expectRefused(['org', ...option, 'list'], 1, 'pattern');
      await expectRefused(['org', 'list', ...option], 2, 'pattern');
      await expectRefused(['chaos', 'status', ...option], 2, 'pattern');
    }
  });

  it('refuses such an option before running the command line in the sandbox’s process too', async () => {
    for (const option of refusedOptions(elsewhereUrl)) {
      await expect(runInSandbox(buildProgram, ['org', 'list', ...option], sandboxDatabase)).rejects.toMatchObject({
        status: 400,
        field: 'argv[2]',
        rule: 'pattern',
      });
    }
    expect(reached).toBe(0);
  });

  it('names in the document every command the sandbox refuses', () => {
    const description = (loadOperatorDocument().paths['/sandbox/commands'] as { post: { description: string } }).post
      .description;
    for (const command of commandsNotThroughSandbox) expect(description).toContain(`\`${command}\``);
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

/** Every command of the command line, with the words that name it (`["chaos", "status"]`). */
function commandsOf(command: Command, words: string[] = []): { words: string[]; command: Command }[] {
  return command.commands.flatMap((sub) => {
    const named = [...words, sub.name()];
    return [{ words: named, command: sub }, ...commandsOf(sub, named)];
  });
}

/** Whether a command takes `--service`, or a URL as an argument or an option's value. */
const takesUrl = (command: Command) =>
  command.options.some((option) => option.long === '--service' || option.flags.includes('<url>')) ||
  command.registeredArguments.some((argument) => argument.name() === 'url');
