/**
 * Receivers for the receiver check: this repository's example receiver (examples/receiver.mjs) run
 * as its header says, and one that checks nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serviceDirectory } from '../support/service-process.js';

/** The example receiver, started as its header says, against `serviceUrl`. */
export async function startExampleReceiver(serviceUrl: string): Promise<{ endpoint: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['examples/receiver.mjs'], {
    cwd: serviceDirectory,
    env: { ...process.env, EVENTS_BASE_URL: serviceUrl, PORT: '0' },
  });
  let output = '';
  const endpoint = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /receiving at (\S+),/.exec(output);
      if (found) resolve(found[1]!);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', () => reject(new Error(`the example receiver stopped:\n${output}`)));
  });
  return { endpoint, child };
}

/**
 * A receiver that checks nothing: it answers 200 to anything and follows the `SubscribeURL` of
 * any confirmation, as some public receivers do. It keeps the headers of what it received.
 */
export async function startCarelessReceiver(): Promise<{
  endpoint: string;
  server: Server;
  received: IncomingHttpHeaders[];
}> {
  const received: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    received.push(request.headers);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const follow = async () => {
        const message = JSON.parse(Buffer.concat(chunks).toString()) as { Type?: string; SubscribeURL?: string };
        if (message.Type === 'SubscriptionConfirmation' && message.SubscribeURL) await fetch(message.SubscribeURL);
      };
      // Anything goes: whatever came, it answers 200.
      void follow()
        .catch(() => undefined)
        .finally(() => response.writeHead(200).end('ok'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server, received };
}
