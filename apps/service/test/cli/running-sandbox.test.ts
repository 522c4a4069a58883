/**
 * The command line's side of running a command in a sandbox (`runThroughSandbox`): it sends the
 * command line without its database options, and sends nothing the sandbox would refuse (an option
 * naming another service or token, a command that goes through a service itself), failing in one
 * line naming the sandbox instead. A server on a loopback port stands for the sandbox.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runThroughSandbox } from '../../src/cli/running-sandbox.js';
import type { RunningSandbox } from '../../src/cli/sandbox-file.js';
import { writeSandboxTokens } from '../../src/sandbox/seed/tokens-file.js';

describe('a command line run through a sandbox', () => {
  let server: Server;
  let sandbox: RunningSandbox;
  let scratch = '';
  /** The command lines the sandbox was sent. */
  const sent: unknown[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        sent.push((JSON.parse(Buffer.concat(chunks).toString()) as { argv: unknown }).argv);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ exit_code: 0, stdout: '', stderr: '' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    scratch = mkdtempSync(join(tmpdir(), 'running-sandbox-'));
    const tokensFile = join(scratch, 'sandbox-tokens.json');
    writeSandboxTokens(tokensFile, [
      { username: 'operator', role: 'Operator', organisation: 'Leeds', email: '', password: '', token: 'se_operator' },
    ]);
    const { port } = server.address() as AddressInfo;
    sandbox = { pid: 4242, service: `http://127.0.0.1:${port}`, tokens_file: tokensFile };
  });
  beforeEach(() => {
    sent.length = 0;
  });
  afterAll(() => {
    server?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('sends the command line without the options that name the database', async () => {
    const argv = ['--data-dir', '/elsewhere', 'org', 'list', '--database-url=postgres://127.0.0.1/x'];
    expect(await runThroughSandbox(sandbox, argv)).toBe(0);
    expect(sent).toEqual([['org', 'list']]);
  });

  it.each([
    [['org', 'create', '--kind', 'promoter', '--name', '--token', '--swa-code', 'X1'], '--token'],
    [['org', 'create', '--kind', 'promoter', '--name', '--service=http://127.0.0.1:9/'], '--service'],
    [['chaos', 'status'], '"chaos"'],
  ])('sends nothing the sandbox refuses (%j), failing in one line naming the sandbox', async (argv, named) => {
    const failure = runThroughSandbox(sandbox, ['--data-dir', '/elsewhere', ...argv]);
    await expect(failure).rejects.toThrow(
      new RegExp(`^the sandbox at ${sandbox.service} \\(process 4242\\) holds .*, and ${named} does not run through`),
    );
    await expect(failure).rejects.toThrow(/^[^\n]*$/);
    expect(sent).toEqual([]);
  });
});
