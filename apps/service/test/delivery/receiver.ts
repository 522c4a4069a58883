/**
 * A webhook receiver on a real loopback socket whose answer each test sets: status, headers,
 * body and a delay before answering, the same for every request or chosen per request. It
 * records every request it gets, with the time it arrived.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
}

export interface ReceivedRequest {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** When the request arrived (ms since the epoch). */
  receivedAt: number;
}

export interface Receiver {
  port: number;
  /** `http://127.0.0.1:<port>/hook`. */
  url: string;
  answer: Answer | ((request: ReceivedRequest) => Answer);
  received: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const receiver = { answer: { status: 200 } as Receiver['answer'], received };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const got: ReceivedRequest = {
        method: request.method ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      received.push(got);
      const answer = typeof receiver.answer === 'function' ? receiver.answer(got) : receiver.answer;
      const { status, headers = {}, body = '', delayMs = 0 } = answer;
      const timer = setTimeout(() => response.writeHead(status, headers).end(body), delayMs);
      response.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  });
}
