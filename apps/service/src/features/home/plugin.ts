/**
 * The service's front door: `GET /`, a small page naming where everything is (the interface's
 * base URL, login, the console, the documents, the reference site), and the OpenAPI documents
 * the service serves, as JSON: `/openapi.json` (the event interface), `/openapi/login.json` and
 * `/openapi/operator.json`. Each document is served as published, except that its servers'
 * `scheme` and `host` default to the ones the request came in on, so a tool given the document's
 * URL (Swagger UI, Postman, Prism, a code generator) talks to this service.
 */
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import {
  loadDocument,
  loadLoginDocument,
  loadOperatorDocument,
  referenceSite,
  serverBasePaths,
  type OpenApiDocument,
} from '../../shared/documents.js';

/** The documents served, by path, with what each describes. */
export const servedDocuments = [
  { path: '/openapi.json', load: loadDocument, about: 'the event interface' },
  { path: '/openapi/login.json', load: loadLoginDocument, about: 'login, token refresh and logout' },
  { path: '/openapi/operator.json', load: loadOperatorDocument, about: "the operator API (an Operator's token)" },
] as const;

interface ServerVariables {
  url: string;
  variables?: Record<string, { default: string }>;
}

/** The document with its servers' `scheme` and `host` defaulting to the request's. */
function asServedTo(document: OpenApiDocument, request: FastifyRequest): OpenApiDocument {
  const here: Record<string, string> = { scheme: request.protocol, host: request.host };
  const servers = (document.servers as ServerVariables[] | undefined)?.map((server) => ({
    ...server,
    variables:
      server.variables &&
      Object.fromEntries(
        Object.entries(server.variables).map(([name, variable]) => [
          name,
          { ...variable, default: here[name] ?? variable.default },
        ]),
      ),
  }));
  return { ...document, servers };
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The page at `/`, for a service reached at `origin`. */
function homePage(origin: string, console: boolean): string {
  const link = (href: string, text = href) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
  const interfaceUrl = `${origin}${serverBasePaths(loadDocument())[0]}`;
  const loginUrl = `${origin}${serverBasePaths(loadLoginDocument())[0]}`;
  const documents = servedDocuments.map(({ path, about }) => `<li>${link(path)}: ${escapeHtml(about)}</li>`).join('');
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>street-events</title></head>
<body>
<h1>street-events</h1>
<p>The event interface of a street-works permitting system.</p>
<ul>
<li>Event interface: <code>${escapeHtml(interfaceUrl)}</code> (send a token as the <code>token</code> header; try <code>GET ${escapeHtml(interfaceUrl)}/works/updates</code>)</li>
<li>Login: <code>POST ${escapeHtml(loginUrl)}/work/authenticate</code></li>
${console ? `<li>Console: ${link('/console')}</li>` : ''}
<li>API reference: ${link(referenceSite)}</li>
</ul>
<h2>OpenAPI documents</h2>
<ul>${documents}</ul>
</body>
</html>
`;
}

const pageHeaders = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export const homeRoutes: FastifyPluginCallback<{ console: boolean }> = (app, options, done) => {
  app.get('/', (request, reply) =>
    reply
      .headers(pageHeaders)
      .type('text/html; charset=utf-8')
      .send(homePage(`${request.protocol}://${request.host}`, options.console)),
  );
  for (const { path, load } of servedDocuments) {
    app.get(path, (request, reply) =>
      reply.header('x-content-type-options', 'nosniff').send(asServedTo(load(), request)),
    );
  }
  done();
};
