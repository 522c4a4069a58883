/**
 * The operator API of a running service, as the commands that talk to one (`listen`, `trigger`,
 * `clock`) reach it: `--service` (`STREET_EVENTS_URL`; by default the sandbox running on the PGlite
 * data directory, wherever it listens, else http://localhost:8080) and an Operator `--token`
 * (`STREET_EVENTS_TOKEN`; by default the sandbox Operator's, which `serve --sandbox` keeps). Going
 * through the service, they work beside a PGlite sandbox, whose data directory one process holds.
 */
import { Option, type Command } from 'commander';
import { operatorBasePath } from '../shared/documents.js';
import { defaultTokensFile, readSandboxTokens } from '../sandbox/seed/sandbox-tokens.js';
import { runningSandbox } from './sandbox-file.js';

export interface OperatorApiOptions {
  service?: string;
  token?: string;
  /** The PGlite data directory, where the sandbox keeps its tokens. */
  dataDir: string;
}

/** Adds `--service` and `--token` to a command. */
export function addOperatorApiOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        '--service <url>',
        'the running service (default: the sandbox running on the data directory, else http://localhost:8080)',
      ).env('STREET_EVENTS_URL'),
    )
    .addOption(
      new Option('--token <token>', "an Operator token (default: the sandbox operator's)").env('STREET_EVENTS_TOKEN'),
    );
}

/** The operator API of a running service (paths below its base path); a refusal is an error naming the service's message. */
export class OperatorApi {
  private readonly base: string;

  constructor(
    private readonly origin: string,
    private readonly token: string,
  ) {
    this.base = `${origin}${operatorBasePath()}`;
  }

  async call<Body>(method: string, path: string, body?: unknown): Promise<{ status: number; body: Body }> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: { token: this.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch((error: unknown) => {
      const cause = (error as { cause?: { message?: string } }).cause?.message ?? String(error);
      throw new Error(`the service at ${this.origin} cannot be reached (${cause}); is it running?`);
    });
    const parsed = (await response.json().catch(() => undefined)) as Body;
    return { status: response.status, body: parsed };
  }

  /** The answer of a call that must succeed. */
  async expect<Body>(method: string, path: string, body?: unknown): Promise<Body> {
    const answer = await this.call<Body & { message?: string }>(method, path, body);
    if (answer.status >= 300) throw new Error(answer.body?.message ?? `${method} ${path} answered ${answer.status}`);
    return answer.body;
  }

  /** The event stream of delivery changes, open (the service listening) once this resolves. */
  async stream(signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
    const response = await fetch(`${this.base}/deliveries/stream`, {
      headers: { token: this.token },
      signal,
    });
    if (!response.ok || !response.body) throw new Error(`the stream of deliveries answered ${response.status}`);
    return response.body;
  }
}

/** The token: given, or the sandbox Operator's, kept by `serve --sandbox` (in the PGlite data directory by default). */
function operatorToken(options: OperatorApiOptions): string {
  if (options.token) return options.token;
  const file =
    runningSandbox(options.dataDir)?.tokens_file ?? defaultTokensFile({ kind: 'pglite', dataDir: options.dataDir });
  const kept = file ? readSandboxTokens(file).find((user) => user.role === 'Operator') : undefined;
  if (!kept) throw new Error('give an Operator token: --token, or STREET_EVENTS_TOKEN');
  return kept.token;
}

/** The operator API the options name. */
export const operatorApiOf = (options: OperatorApiOptions): OperatorApi => {
  const given = options.service === '' ? undefined : options.service;
  const service = given ?? runningSandbox(options.dataDir)?.service ?? 'http://localhost:8080';
  return new OperatorApi(new URL(service).origin, operatorToken(options));
};
