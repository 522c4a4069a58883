import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query string exactly as received. */
  rawUrl: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status: number;
  /** Sent as JSON; no body when absent. */
  body?: unknown;
}

/**
 * An HTTP server on a random loopback port that records every request and answers each with
 * the reply set last (200 and `{}` until then).
 */
export async function startRecordingServer() {
  const requests: RecordedRequest[] = [];
  let reply: Reply = { status: 200, body: {} };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawUrl = request.url ?? '/';
      requests.push({
        method: request.method ?? '',
        rawUrl,
        url: new URL(rawUrl, 'http://127.0.0.1'),
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (reply.body === undefined) {
        response.writeHead(reply.status).end();
      } else {
        response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** With the version prefix, as a real base URL has it. */
    baseUrl: `http://127.0.0.1:${port}/v7/event`,
    requests,
    /** The last request received. */
    last(): RecordedRequest {
      const request = requests.at(-1);
      if (!request) throw new Error('no request was received');
      return request;
    },
    replyWith(next: Reply): void {
      reply = next;
    },
    close(): Promise<void> {
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
