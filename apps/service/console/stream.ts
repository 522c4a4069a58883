/**
 * The operator API's stream of delivery changes (`GET /internal/deliveries/stream`, server-sent
 * events, parsed by eventsource-parser), read with fetch so that it carries the `token` header;
 * opened again after a pause whenever it ends.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** Follows the stream until `signal` aborts; `onState` says whether it is connected. */
export async function followStream(
  token: string,
  onEvent: (event: EventSourceMessage) => void,
  onState: (connected: boolean) => void,
  signal: AbortSignal,
): Promise<void> {
  while (!signal.aborted) {
    try {
      const response = await fetch('/internal/deliveries/stream', { headers: { token }, signal });
      if (!response.ok || response.body === null) throw new Error(`stream answered ${response.status}`);
      onState(true);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const parser = createParser({ onEvent });
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) parser.feed(chunk.value);
    } catch {
      // Reconnected below, unless stopped.
    }
    onState(false);
    if (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
