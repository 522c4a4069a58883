/**
 * A webhook receiver on a real loopback socket whose answer each test sets: status, headers,
 * body and a delay before answering, the same for every request or chosen per request. It
 * records every request it gets, with the time it arrived.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { referenceOfTopicArn } from '../../src/deliveries/messages/messages.js';

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

/** Listens on `port` (any free one by default; a given one to come back where a closed receiver was). */
export async function startReceiver(port = 0): Promise<Receiver> {
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
  await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening));
  const bound = (server.address() as AddressInfo).port;
  return Object.assign(receiver, {
    port: bound,
    url: `http://127.0.0.1:${bound}/hook`,
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  });
}

/**
 * A receiver that answers each subscription's messages (named by their `TopicArn`) with its own
 * answer from `answers`, keyed by subscription reference; 200 for any other.
 */
export async function startReceiverBySubscription(answers: ReadonlyMap<string, Answer>): Promise<Receiver> {
  const receiver = await startReceiver();
  receiver.answer = (request) => {
    const { TopicArn = '' } = JSON.parse(request.body) as { TopicArn?: string };
    return answers.get(referenceOfTopicArn(TopicArn)) ?? { status: 200 };
  };
  return receiver;
}
