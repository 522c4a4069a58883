import type { WebhookReceiver } from './receiver.js';

/** What the handler needs of node:http's `IncomingMessage` (Express's and Fastify's raw request are ones). */
export interface NodeIncomingRequest extends AsyncIterable<Uint8Array | string> {
  method?: string | undefined;
  url?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

/** What the handler needs of node:http's `ServerResponse`. */
export interface NodeServerResponse {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body: string): unknown;
}

export interface NodeHandlerOptions {
  /** Larger bodies are answered 413 without being read further. Default 1 MiB (a message is a few kilobytes). */
  maxBodyBytes?: number;
}

class BodyTooLarge extends Error {}

/**
 * A node:http `(req, res)` handler over a receiver: `http.createServer(toNodeHandler(receiver))`,
 * or mounted on a route of Express and the like **before** any body parser, since the
 * signature is checked over the raw body.
 */
export function toNodeHandler(
  receiver: WebhookReceiver,
  { maxBodyBytes = 1024 * 1024 }: NodeHandlerOptions = {},
): (req: NodeIncomingRequest, res: NodeServerResponse) => Promise<void> {
  return async (req, res) => {
    let response: Response;
    try {
      response = await receiver.handle(await toRequest(req, maxBodyBytes));
    } catch (error) {
      response =
        error instanceof BodyTooLarge
          ? new Response('the body is too large', { status: 413 })
          : new Response('the message could not be read', { status: 400 });
    }
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(await response.text());
  };
}

async function toRequest(req: NodeIncomingRequest, maxBodyBytes: number): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of [value ?? []].flat()) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  const url = new URL(req.url ?? '/', `http://${headers.get('host') ?? 'localhost'}`);
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers });
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of req) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    length += bytes.length;
    if (length > maxBodyBytes) throw new BodyTooLarge();
    chunks.push(bytes);
  }
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return new Request(url, { method, headers, body });
}
