/**
 * The service's front door: `GET /`, a small page naming where everything is (the interface's
 * base URL, login, the console, the documents, the API reference), in the console's look (it
 * links the console's stylesheet when the console is served), the API reference apps/docs builds
 * (reference.ts, at `/reference/`; the page links it only when it is built), and the OpenAPI
 * documents the service serves, as JSON: `/openapi.json` (the event interface), `/openapi/login.json` and
 * `/openapi/operator.json`. Each document is served as published, except that its servers'
 * `scheme` and `host` default to the ones the request came in on, so a tool given the document's
 * URL (Swagger UI, Postman, Prism, a code generator) talks to this service.
 */
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import {
  loadDocument,
  loadLoginDocument,
  loadOperatorDocument,
  serverBasePaths,
  type OpenApiDocument,
} from '../../shared/documents.js';
import { referenceBuilt, referencePath, referenceRoutes } from './reference.js';

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

const link = (href: string, text = href) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

/** One card of the page (the console's look), its content already HTML. */
const card = (id: string, title: string, content: string, wide = false) =>
  `<section class="card${wide ? ' wide' : ''}" aria-labelledby="${id}-title">
<h2 id="${id}-title">${escapeHtml(title)}</h2>
${content}
</section>`;

export interface HomePageParts {
  /** The console is served (`/console`), and with it the stylesheet the page shares with it. */
  console: boolean;
  /** The API reference is built and served at `referencePath`. */
  reference: boolean;
}

/** The page at `/`, for a service reached at `origin`: a card per thing the service offers. */
export function homePage(origin: string, { console, reference }: HomePageParts): string {
  const interfaceUrl = `${origin}${serverBasePaths(loadDocument())[0]}`;
  const loginUrl = `${origin}${serverBasePaths(loadLoginDocument())[0]}`;
  const documents = servedDocuments.map(({ path, about }) => `<li>${link(path)}: ${escapeHtml(about)}</li>`).join('\n');
  const cards = [
    card(
      'interface',
      'Event interface',
      `<p><code>${escapeHtml(interfaceUrl)}</code></p>
<p>Send a token as the <code>token</code> header; try <code>GET ${escapeHtml(interfaceUrl)}/works/updates</code>.</p>`,
      true,
    ),
    card('login', 'Login', `<p><code>POST ${escapeHtml(loginUrl)}/work/authenticate</code></p>`),
    console
      ? card(
          'console',
          'Console',
          `<p>${link('/console', 'Open the console')}: trigger events, see every delivery and replay it.</p>`,
        )
      : '',
    reference
      ? card(
          'reference',
          'API reference',
          `<p>${link(referencePath, 'Read the API reference')}: every version of the interface, built from the same documents.</p>`,
        )
      : '',
    card('documents', 'OpenAPI documents', `<ul>\n${documents}\n</ul>`, true),
  ];
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>street-events</title>${console ? '\n<link rel="stylesheet" href="/console/console.css">' : ''}
</head>
<body class="start">
<header><h1>street-events</h1><p>The event interface of a street-works permitting system</p></header>
<main>
${cards.filter(Boolean).join('\n')}
</main>
</body>
</html>
`;
}

const pageHeaders = {
  'content-security-policy': "default-src 'none'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export const homeRoutes: FastifyPluginCallback<{ console: boolean }> = (app, options, done) => {
  app.get('/', async (request, reply) => {
    const parts = { console: options.console, reference: await referenceBuilt() };
    return reply
      .headers(pageHeaders)
      .type('text/html; charset=utf-8')
      .send(homePage(`${request.protocol}://${request.host}`, parts));
  });
  for (const { path, load } of servedDocuments) {
    app.get(path, (request, reply) =>
      reply.header('x-content-type-options', 'nosniff').send(asServedTo(load(), request)),
    );
  }
  app.register(referenceRoutes);
  done();
};
