/**
 * What the command line prints when a command fails: one line saying what went wrong and what
 * to do, never a stack (set LOG_LEVEL=debug to see the stack as well).
 */

interface Failure {
  message: string;
  code?: string;
}

/** The error and the errors it wraps (drizzle wraps a driver's error as `cause`), outermost first. */
function chainOf(error: unknown): Failure[] {
  const chain: Failure[] = [];
  for (let current = error; current !== undefined && current !== null && chain.length < 10; ) {
    if (current instanceof AggregateError && current.message === '' && current.errors.length > 0)
      current = current.errors[0];
    const { message, code, cause } = current as { message?: unknown; code?: unknown; cause?: unknown };
    chain.push({
      message: typeof message === 'string' ? message : String(current),
      code: typeof code === 'string' ? code : undefined,
    });
    current = cause;
  }
  return chain;
}

/** Network errors, and PostgreSQL's connection (08), authentication (28) and unknown-database (3D) classes. */
function isConnectionFailure(code: string): boolean {
  return /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOENT|08...|28...|3D000)$/.test(
    code,
  );
}

/** The URL with its password replaced by `***`. */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/:[^:@/]*@/, ':***@');
  }
}

/** One line about a failed command; `databaseUrl` is the PostgreSQL URL it was given, if any. */
export function describeFailure(
  error: unknown,
  context: { databaseUrl?: string; host?: string; port?: number } = {},
): string {
  const chain = chainOf(error);
  const innermost = chain.at(-1) ?? { message: String(error) };
  const coded = chain.find((failure) => failure.code !== undefined);
  const code = coded?.code ?? '';
  const message = (coded ?? innermost).message.split('\n')[0]!.trim();
  if (code === 'EADDRINUSE') {
    return `port ${context.port ?? ''} on ${context.host ?? ''} is in use: stop what listens there, or choose another with PORT`;
  }
  if (code === 'EACCES' && /listen/.test(message)) {
    return `may not listen on port ${context.port ?? ''} on ${context.host ?? ''} (${message}): choose another with PORT`;
  }
  if (code === '42P01') return `the database is not migrated (${message}): run "street-events migrate" first`;
  if (context.databaseUrl && isConnectionFailure(code)) {
    return `cannot use the database at ${redacted(context.databaseUrl)} (DATABASE_URL, --database-url): ${message || code}`;
  }
  return innermost.message.split('\n')[0]!.trim() || code || 'failed';
}
