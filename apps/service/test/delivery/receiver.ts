/**
 * A webhook receiver on a real loopback socket whose answer each test sets: status, headers,
 * body and a delay before answering. It records every request it gets.
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
}

export interface Receiver {
  port: number;
  /** `http://127.0.0.1:<port>/hook`. */
  url: string;
  answer: Answer;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const receiver = { answer: { status: 200 } as Answer, received };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const { status, headers = {}, body = '', delayMs = 0 } = receiver.answer;
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
