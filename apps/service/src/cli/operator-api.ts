/**
 * The operator API of a running service, as the commands that talk to one (`listen`, `trigger`,
 * `clock`) reach it: `--service` (`STREET_EVENTS_URL`; by default the sandbox running on the PGlite
 * data directory, wherever it listens, else http://localhost:8080) and an Operator `--token`
 * (`STREET_EVENTS_TOKEN`; by default the sandbox Operator's, which `serve --sandbox` keeps). Going
 * through the service, they work beside a PGlite sandbox, whose data directory one process holds.
 */
import { Option, type Command } from 'commander';
import { basePath } from '../http/interface.js';
import { operatorBasePath } from '../shared/documents.js';
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

/** A JSON request with a token; a service that cannot be reached is an error naming it. */
async function requestJson<Body>(
  origin: string,
  url: string,
  request: { token: string; method: string; body?: unknown },
): Promise<{ status: number; body: Body }> {
  const { token, method, body } = request;
  const response = await fetch(url, {
    method,
    headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((error: unknown) => {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? String(error);
    throw new Error(`the service at ${origin} cannot be reached (${cause}); is it running?`);
  });
  const parsed = (await response.json().catch(() => undefined)) as Body;
  return { status: response.status, body: parsed };
}

/** The body of an answer that must be a success; a refusal is an error with the service's message. */
function succeeded<Body>(answer: { status: number; body: Body & { message?: string } }, what: string): Body {
  if (answer.status >= 300) throw new Error(answer.body?.message ?? `${what} answered ${answer.status}`);
  return answer.body;
}

/** The operator API of a running service (paths below its base path); a refusal is an error naming the service's message. */
export class OperatorApi {
  private readonly base: string;

  constructor(
    readonly origin: string,
    private readonly token: string,
  ) {
    this.base = `${origin}${operatorBasePath()}`;
  }

  call<Body>(method: string, path: string, body?: unknown): Promise<{ status: number; body: Body }> {
    return requestJson<Body>(this.origin, `${this.base}${path}`, { token: this.token, method, body });
  }

  /** The answer of a call that must succeed. */
  async expect<Body>(method: string, path: string, body?: unknown): Promise<Body> {
    return succeeded(await this.call<Body & { message?: string }>(method, path, body), `${method} ${path}`);
  }

  /** The answer of a call of the event interface (`path` below its base path) with a user's token, which must succeed. */
  async expectAs<Body>(token: string, method: string, path: string, body?: unknown): Promise<Body> {
    const url = `${this.origin}${basePath}${path}`;
    const answer = await requestJson<Body & { message?: string }>(this.origin, url, { token, method, body });
    return succeeded(answer, `${method} ${basePath}${path}`);
  }

  /** The event stream of delivery changes, open (the service listening) once this resolves. */
  async stream(signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
    const response = await fetch(`${this.base}/deliveries/stream`, {
      headers: { token: this.token },
      signal,
    });
    if (!response.ok || !response.body)
      throw Object.assign(new Error(`the stream of deliveries answered ${response.status}`), {
        status: response.status,
      });
    return response.body;
  }
}

/**
 * The token: given, or the sandbox Operator's, kept by `serve --sandbox` (in the PGlite data
 * directory by default; the sandbox's tokens file is read only then).
 */
async function operatorToken(options: OperatorApiOptions): Promise<string> {
  if (options.token) return options.token;
  const { defaultTokensFile, readSandboxTokens } = await import('../sandbox/seed/tokens-file.js');
  const file =
    runningSandbox(options.dataDir)?.tokens_file ?? defaultTokensFile({ kind: 'pglite', dataDir: options.dataDir });
  const kept = file ? readSandboxTokens(file).find((user) => user.role === 'Operator') : undefined;
  if (!kept) throw new Error('give an Operator token: --token, or STREET_EVENTS_TOKEN');
  return kept.token;
}

/** The operator API the options name. */
export const operatorApiOf = async (options: OperatorApiOptions): Promise<OperatorApi> => {
  const given = options.service === '' ? undefined : options.service;
  const service = given ?? runningSandbox(options.dataDir)?.service ?? 'http://localhost:8080';
  return new OperatorApi(new URL(service).origin, await operatorToken(options));
};
