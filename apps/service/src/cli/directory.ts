/** The administration commands of `street-events`: organisations, users, tokens and contracts. */
import { Command, Option } from 'commander';
import { addContract, listContracts, removeContract } from '../events/contracts.js';
import { createUser, listUsers } from '../directory/users.js';
import { revokeSessions, setPassword } from '../directory/login.js';
import { newPassword } from '../directory/passwords.js';
import { issueToken, revokeToken } from '../directory/tokens.js';
import type { Database } from '../db/database.js';
import { organisationKind, userRole } from '../db/schema.js';
import { createOrganisation, listOrganisations } from '../directory/organisations.js';
import { printLine, printNote } from './output.js';
import { print, withDatabase, type PrintableRow } from './support.js';

export function addDirectoryCommands(program: Command): void {
  addListCommand(addOrganisationCommands(program), listOrganisations, 'organisations');
  addListCommand(addUserCommands(program), listUsers, 'users');
  addTokenCommands(program);
  addListCommand(addContractCommands(program), listContracts, 'contracts');
}

function addOrganisationCommands(program: Command): Command {
  const org = program.command('org').description('organisations');
  org
    .command('create')
    .description('create an organisation (a promoter gets its default workstream 000)')
    .addOption(
      new Option('--kind <kind>', 'kind of organisation').choices(organisationKind.enumValues).makeOptionMandatory(),
    )
    .requiredOption('--name <name>', 'name, unique')
    .option('--swa-code <code>', 'street authority code, up to 4 characters (promoters and highway authorities)')
    .action(
      (
        options: { kind: (typeof organisationKind.enumValues)[number]; name: string; swaCode?: string },
        command: Command,
      ) => withDatabase(command, async (db) => print([await createOrganisation(db, options)], false)),
    );
  return org;
}

function addUserCommands(program: Command): Command {
  const user = program.command('user').description('users');
  user
    .command('create')
    .description('create a user; the role must suit the organisation (Operator is internal and suits any)')
    .requiredOption('--username <username>', 'username, unique')
    .addOption(new Option('--role <role>', 'role').choices(userRole.enumValues).makeOptionMandatory())
    .requiredOption('--org <organisation>', 'organisation name or swa_code')
    .action(
      (options: { username: string; role: (typeof userRole.enumValues)[number]; org: string }, command: Command) =>
        withDatabase(command, async (db) =>
          print(
            [await createUser(db, { username: options.username, role: options.role, organisation: options.org })],
            false,
          ),
        ),
    );

  user
    .command('password')
    .description(
      "give a user an email address and a new random password for login, and print the password (only its scrypt hash is kept); ends the user's login sessions",
    )
    .argument('<username>', 'the user')
    .requiredOption('--email <address>', 'the email address the user logs in with')
    .action((username: string, options: { email: string }, command: Command) =>
      withDatabase(command, async (db) => {
        const password = newPassword();
        await setPassword(db, username, options.email, password);
        printLine(password);
        printNote(`${username} logs in as ${options.email.trim().toLowerCase()}; the password is not shown again`);
      }),
    );
  user
    .command('logout')
    .description('revoke every login session of a user, with the tokens issued from them')
    .argument('<username>', 'the user')
    .action((username: string, _options, command: Command) =>
      withDatabase(command, async (db) => printNote(`revoked ${await revokeSessions(db, username)} session(s)`)),
    );
  return user;
}

function addTokenCommands(program: Command): void {
  const token = program.command('token').description('API tokens (sent in the token header)');
  token
    .command('issue')
    .description('issue a token for a user and print it; only its hash is kept')
    .argument('<username>', 'the user')
    .action((username: string, _options, command: Command) =>
      withDatabase(command, async (db) => {
        const issued = await issueToken(db, username);
        printLine(issued.token);
        printNote(`token ${issued.prefix}… issued to ${username}; it is not shown again`);
      }),
    );
  token
    .command('revoke')
    .description('revoke a token, named by the prefix shown when it was issued')
    .argument('<prefix>', 'the first characters of the token, e.g. se_AbC1234')
    .action((prefix: string, _options, command: Command) =>
      withDatabase(command, async (db) => printNote(`revoked ${await revokeToken(db, prefix)} token(s)`)),
    );
}

function addContractCommands(program: Command): Command {
  const contract = program.command('contract').description('contracts between contractors and promoters');
  for (const [name, description, change] of [
    ['add', 'let a contractor act for a promoter', addContract],
    ['remove', 'end a contractor’s active contract with a promoter', removeContract],
  ] as const) {
    contract
      .command(name)
      .description(description)
      .requiredOption('--contractor <organisation>', 'contractor name')
      .requiredOption('--promoter <organisation>', 'promoter name or swa_code')
      .action((options: { contractor: string; promoter: string }, command: Command) =>
        withDatabase(command, async (db) => {
          await change(db, options);
          printNote(`contract ${name === 'add' ? 'added' : 'removed'}`);
        }),
      );
  }
  return contract;
}

function addListCommand<Row extends PrintableRow<Row>>(
  group: Command,
  list: (db: Database) => Promise<Row[]>,
  what: string,
): void {
  group
    .command('list')
    .description(`list ${what}`)
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }, command: Command) =>
      withDatabase(command, async (db) => print(await list(db), options.json)),
    );
}
