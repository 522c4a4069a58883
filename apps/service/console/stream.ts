/**
 * The operator API's stream of delivery changes (`GET /internal/deliveries/stream`, server-sent
 * events), read with fetch so that it carries the `token` header; opened again after a pause
 * whenever it ends.
 */
import { parseEvents, type StreamEvent } from '../src/shared/event-stream.js';

/** Follows the stream until `signal` aborts; `onState` says whether it is connected. */
export async function followStream(
  token: string,
  onEvent: (event: StreamEvent) => void,
  onState: (connected: boolean) => void,
  signal: AbortSignal,
): Promise<void> {
  while (!signal.aborted) {
    try {
      const response = await fetch('/internal/deliveries/stream', { headers: { token }, signal });
      if (!response.ok || response.body === null) throw new Error(`stream answered ${response.status}`);
      onState(true);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        const parsed = parseEvents(buffer + chunk.value);
        buffer = parsed.rest;
        parsed.events.forEach(onEvent);
      }
    } catch {
      // Reconnected below, unless stopped.
    }
    onState(false);
    if (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
