import type { WebhookReceiver } from "./receiver.js";

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

/**
 * A node:http `(req, res)` handler over a receiver: `http.createServer(toNodeHandler(receiver))`,
 * or mounted on a route of Express and the like **before** any body parser, since the
 * signature is checked over the raw body.
 */
export function toNodeHandler(receiver: WebhookReceiver): (req: NodeIncomingRequest, res: NodeServerResponse) => Promise<void> {
  return async (req, res) => {
    let response: Response;
    try {
      response = await receiver.handle(await toRequest(req));
    } catch {
      response = new Response("the message could not be read", { status: 400 });
    }
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(await response.text());
  };
}

async function toRequest(req: NodeIncomingRequest): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of [value ?? []].flat()) headers.append(name, item);
  }
  const method = req.method ?? "GET";
  const url = new URL(req.url ?? "/", `http://${headers.get("host") ?? "localhost"}`);
  if (method === "GET" || method === "HEAD") return new Request(url, { method, headers });
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for await (const chunk of req) chunks.push(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
  const body = new Uint8Array(chunks.reduce((length, chunk) => length + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return new Request(url, { method, headers, body });
}
