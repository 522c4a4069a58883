/**
 * The app's HTTP server: the web page (`GET /`), the picture it shows (`GET /api/works`), its
 * live change stream (`GET /live`), health (`GET /health`) and the endpoint the service
 * delivers notifications to (`POST /notifications`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Log } from '../log.js';
import type { LiveChanges } from './live.js';
import { page } from './page.js';

export const notificationsPath = '/notifications';

export interface WebServerOptions {
  host: string;
  port: number;
  live: LiveChanges;
  /** The body of `GET /api/works`. */
  picture: (limit: number) => Promise<unknown>;
  /** Answers a delivery to `POST /notifications`. */
  receive: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  log: Log;
}

export interface WebServer {
  server: Server;
  /** e.g. http://127.0.0.1:8090 */
  url: string;
  close(): Promise<void>;
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const { live, log } = options;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const route = `${request.method} ${url.pathname}`;
    const handle = async () => {
      switch (route) {
        case 'GET /':
          response.writeHead(200, {
            'content-type': 'text/html; charset=utf-8',
            'content-security-policy': "default-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'",
          });
          return void response.end(page);
        case 'GET /api/works': {
          const limit = Math.min(Math.max(Number(url.searchParams.get('limit')) || 50, 1), 500);
          return json(response, 200, await options.picture(limit));
        }
        case 'GET /live':
          return live.add(response);
        case 'GET /health':
          return json(response, 200, { status: 'ok' });
        case `POST ${notificationsPath}`:
          return options.receive(request, response);
        default:
          return json(response, 404, { message: `no route ${route}` });
      }
    };
    handle().catch((error: unknown) => {
      log('error', 'request failed', { route, error });
      if (!response.headersSent) json(response, 500, { message: 'internal error' });
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    server,
    url: `http://${host === '0.0.0.0' || host === '[::]' ? 'localhost' : host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        live.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
