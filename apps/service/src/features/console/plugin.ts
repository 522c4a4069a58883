/**
 * The console at `/console`: a page for developing a receiver against the service, a client of
 * the operator API (console/, bundled into dist/console/ by scripts/build-console.mjs).
 *
 * The console's script (`/console/app.js`) is served to an Operator's `token` header alone (401
 * without one, 403 for another role), and every call it makes is an operator API call with that
 * header. The page itself holds only a loader and a sign-in form, except in the sandbox
 * (`serve --sandbox`), where it carries the sandbox Operator's token, as `serve --sandbox` prints
 * the tokens of every sandbox user: the console is open there. Elsewhere nothing of the console,
 * and no data, reaches anyone but an Operator.
 */
import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { authenticateRequest } from '../../http/authentication.js';
import { serviceFiles } from '../../shared/service-files.js';

export interface ConsoleRoutesOptions {
  /** In the sandbox, the sandbox Operator's token: the page carries it, and the console is open. */
  sandboxOperatorToken?: string;
}

/** The bundles, in the package's dist/ (see shared/service-files.ts). */
const assetsDir = serviceFiles.console;

const securityHeaders = {
  'content-security-policy':
    "default-src 'none'; script-src 'self' blob:; style-src 'self'; connect-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

const shell = (sandboxToken: string | undefined) => `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Console · street-events</title>
  <link rel="stylesheet" href="/console/console.css">
  <script type="module" src="/console/loader.js"></script>${
    sandboxToken === undefined
      ? ''
      : `
  <meta name="street-events-operator-token" content="${escapeAttribute(sandboxToken)}">`
  }
</head>
<body data-mode="${sandboxToken === undefined ? 'operator' : 'sandbox'}">
  <header><h1>street-events console</h1><p id="mode">${sandboxToken === undefined ? 'Operator sign-in required' : 'Sandbox'}</p></header>
  <main id="console" aria-live="polite"></main>
</body>
</html>
`;

export const consoleRoutes: FastifyPluginAsync<ConsoleRoutesOptions> = async (app, { sandboxOperatorToken }) => {
  const [loader, script, style] = await Promise.all(
    ['loader.js', 'app.js', 'console.css'].map((name) =>
      readFile(`${assetsDir}${name}`, 'utf8').catch(() => {
        throw new Error(
          `the console is not built (${assetsDir}${name}): run pnpm --filter @street-events/service build`,
        );
      }),
    ),
  );
  const send = (reply: FastifyReply, type: string, body: string) =>
    reply.headers(securityHeaders).type(type).send(body);
  const operatorsOnly = authenticateRequest(app.interfaceRouting.authentication, {
    operationId: 'load the console',
    allowedRoles: ['Operator'],
  });

  app.get('/console', (_request, reply) => send(reply, 'text/html; charset=utf-8', shell(sandboxOperatorToken)));
  app.get('/console/loader.js', (_request, reply) => send(reply, 'text/javascript; charset=utf-8', loader!));
  app.get('/console/console.css', (_request, reply) => send(reply, 'text/css; charset=utf-8', style!));
  app.get('/console/app.js', { onRequest: operatorsOnly }, (_request, reply) =>
    send(reply, 'text/javascript; charset=utf-8', script!),
  );
};
