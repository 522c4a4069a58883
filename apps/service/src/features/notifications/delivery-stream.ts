/**
 * The stream of the message log's changes as server-sent events. One LISTEN per process on the
 * log's channel (`logChannel`, notified by whichever process recorded the change), opened when
 * the first stream starts and reopened with backoff when lost (DatabaseHandle.listen); each
 * notification goes to every open stream whose filter it passes. After a lost connection came
 * back, every stream gets a `resync` event: changes may have been missed, so refetch.
 *
 * Streams are bounded: at most `maxStreams` open at once in a process (one more is answered
 * `503`), and a stream whose client reads slower than changes come, so that more than
 * `maxBufferedBytes` wait to be sent, is ended rather than buffered without limit; its client
 * reconnects and refetches, as after a `resync`.
 */
import type { ServerResponse } from 'node:http';
import type { DatabaseHandle } from '../../db/database.js';
import { logChannel, type DeliveryChange } from '../../deliveries/attempts/attempt-log.js';
import { UnavailableError } from '../../shared/errors.js';

/** A comment line sent this often keeps proxies and clients from closing an idle stream. */
const keepAliveMs = 15_000;

/** Streams open at once in one process. */
export const maxStreams = 16;

/** What may wait to be sent to one stream before it is ended as too slow. */
export const maxBufferedBytes = 1024 * 1024;

interface Stream {
  response: ServerResponse;
  subscription: string | undefined;
}

export class DeliveryStreams {
  private readonly streams = new Set<Stream>();
  private listening: Promise<() => Promise<void>> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly listen: DatabaseHandle['listen'],
    private readonly log: { info(object: object, message: string): void; warn(object: object, message: string): void },
  ) {}

  /**
   * Starts an event stream on `response` (once LISTEN is on, so no change after this resolves
   * is missed), of every change or those of one subscription; it ends when the client leaves.
   */
  async open(response: ServerResponse, subscription: string | undefined, requestId: string): Promise<void> {
    if (!this.closed) await this.startListening();
    if (this.closed) throw new UnavailableError('The service is shutting down; retry on another instance or later.');
    if (this.streams.size >= maxStreams)
      throw new UnavailableError(`At most ${maxStreams} delivery streams are open at once; retry when one has ended.`);
    this.timer ??= setInterval(() => this.write(': keep-alive\n\n'), keepAliveMs);
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-request-id': requestId,
    });
    response.write(': delivery changes\n\n');
    const stream = { response, subscription };
    this.streams.add(stream);
    response.on('close', () => this.streams.delete(stream));
  }

  /** Ends every stream and stops listening (before the server closes, which waits for open connections). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    for (const { response } of this.streams) response.end();
    this.streams.clear();
    const unlisten = await this.listening?.catch(() => undefined);
    await unlisten?.();
  }

  private startListening(): Promise<unknown> {
    if (this.listening === undefined) {
      this.listening = this.listen(logChannel, (payload) => this.publish(payload), this.log);
      this.listening.catch(() => (this.listening = undefined));
    }
    return this.listening;
  }

  private publish(payload: string | undefined): void {
    if (payload === undefined) {
      this.write('event: resync\ndata: {}\n\n');
      return;
    }
    const change = JSON.parse(payload) as DeliveryChange;
    this.write(
      `event: ${change.type}\ndata: ${payload}\n\n`,
      (stream) => stream.subscription === undefined || stream.subscription === change.subscription,
    );
  }

  private write(text: string, wanted: (stream: Stream) => boolean = () => true): void {
    for (const stream of this.streams) {
      if (!wanted(stream)) continue;
      if (stream.response.writableLength + text.length > maxBufferedBytes) this.endSlow(stream);
      else stream.response.write(text);
    }
  }

  /** Ends a stream whose client does not keep up. */
  private endSlow(stream: Stream): void {
    this.streams.delete(stream);
    this.log.warn(
      { waitingBytes: stream.response.writableLength },
      'delivery stream ended: its client reads too slowly',
    );
    stream.response.destroy();
  }
}
