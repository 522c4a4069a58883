/**
 * Reading a `text/event-stream` (server-sent events) as it arrives: the console and
 * `street-events listen` both follow the operator API's stream of delivery changes with it.
 */
export type StreamEvent = { event: string; data: string };

/** Splits server-sent events out of text received so far; returns the events and the unfinished rest. */
export function parseEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const blocks = buffer.replaceAll('\r\n', '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    const fields = block.split('\n').filter((line) => line !== '' && !line.startsWith(':'));
    if (fields.length === 0) return [];
    const value = (name: string) =>
      fields
        .filter((line) => line.startsWith(`${name}:`))
        .map((line) => line.slice(name.length + 1).replace(/^ /, ''))
        .join('\n');
    return [{ event: value('event') || 'message', data: value('data') }];
  });
  return { events, rest };
}
