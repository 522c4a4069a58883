/**
 * Server-Sent Events: the page keeps one `GET /live` open and is told `change` whenever the
 * local picture changed, then fetches it again. Changes are coalesced to at most one message
 * per `coalesceMs`; a comment line every 15 s keeps proxies from closing an idle stream.
 */
import type { ServerResponse } from 'node:http';

export class LiveChanges {
  private readonly clients = new Set<ServerResponse>();
  private currentVersion = 0;
  private pending: NodeJS.Timeout | undefined;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly coalesceMs = 250) {
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), 15_000);
    this.heartbeat.unref();
  }

  /** Counts the changes announced so far. */
  get version(): number {
    return this.currentVersion;
  }

  /** Takes over `response` as an event stream until the client goes away. */
  add(response: ServerResponse): void {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    response.write(`retry: 2000\nevent: change\ndata: ${JSON.stringify({ version: this.currentVersion })}\n\n`);
    this.clients.add(response);
    response.on('close', () => this.clients.delete(response));
  }

  /** Announces a change to every open stream (coalesced). */
  changed(): void {
    this.currentVersion += 1;
    this.pending ??= setTimeout(() => {
      this.pending = undefined;
      this.write(`event: change\ndata: ${JSON.stringify({ version: this.currentVersion })}\n\n`);
    }, this.coalesceMs);
  }

  /** Ends every stream. */
  close(): void {
    clearInterval(this.heartbeat);
    clearTimeout(this.pending);
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private write(chunk: string): void {
    for (const client of this.clients) client.write(chunk);
  }
}
